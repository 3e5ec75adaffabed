"""Hypothesis strategies for coopmlir.layout's layouts: tinytc's coopmatrix
layouts and per-invocation layouts of every use and subgroup size."""

from __future__ import annotations

from hypothesis import strategies as st

from coopmlir.layout import (
    ELEMENT_BYTES,
    SUBGROUP_SIZES,
    InvocationLayout,
    TinytcLayout,
)

tinytc_layouts = st.builds(
    TinytcLayout,
    rows=st.integers(0, 7).map(lambda e: 2**e),
    cols=st.integers(1, 70),
    subgroup_size=st.sampled_from(SUBGROUP_SIZES),
    use=st.sampled_from(["a", "b", "acc"]),
    element_type=st.sampled_from(sorted(ELEMENT_BYTES)),
)


@st.composite
def invocation_layouts(draw):
    S = draw(st.sampled_from(SUBGROUP_SIZES))
    use = draw(st.sampled_from(["a", "b", "acc"]))
    if use == "acc":
        rows, cols = draw(st.integers(1, S)), draw(st.sampled_from([S, S // 2, S // 4]))
    elif use == "a":
        rows, cols = draw(st.integers(1, S)), draw(st.integers(1, 40))
    else:
        rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, S))
    return InvocationLayout(rows, cols, S, use, draw(st.sampled_from(["f16", "i8"])))


any_layouts = st.one_of(tinytc_layouts, invocation_layouts())
