"""The pipeline fuzzer's `spec-constants` family (issue 30 part 4): a matmul
lowered once with `spec-constants=true` (docs/features/specialization-
constants.md), then run on the interpreter for a random value set of its
subgroup grid and matrix shape. A value set either gives numpy's product
or is refused by the host code's assertion that its tiles divide the
problem (the documented refusal); the module's SPIR-V passes spirv-val.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

import support.pipeline_cases as pc
from coopmlir.interpreter.values import InterpretationFailure
from support.lowering import lowered, output_of

MATMUL = """func.func @matmul(%A: memref<{m}x{k}xf16>, %B: memref<{k}x{n}xf16>, %C: memref<{m}x{n}xf32>) {{
  linalg.matmul ins(%A, %B : memref<{m}x{k}xf16>, memref<{k}x{n}xf16>) outs(%C : memref<{m}x{n}xf32>)
  func.return
}}
"""

#: The host code's refusal of a value set whose tiles do not divide the problem.
NOT_DIVIDING = re.compile(r"must divide [MNK]=\d+")


@dataclass(frozen=True)
class SpecCase:
    """An m x n x k product in f16 -> f32, its compile-time plan (`tile`,
    `subgroups`, the generic target's 16x16x16 matrices) and the values
    given at run time (spec constant name -> value)."""

    m: int
    n: int
    k: int
    subgroups: tuple[int, int]
    values: tuple[tuple[str, int], ...]

    def source(self) -> str:
        return MATMUL.format(m=self.m, n=self.n, k=self.k)

    def options(self) -> str:
        sm, sn = self.subgroups
        return f"spec-constants=true tile={16 * sm}x{16 * sn}x16 subgroups={sm}x{sn}"


@st.composite
def cases(draw, largest: int = 96, lavapipe: bool = False) -> SpecCase:
    subgroups = (draw(st.sampled_from([1, 2])), draw(st.sampled_from([1, 2])))
    # multiples of the compile-time tile (the option refuses others)
    m = 16 * subgroups[0] * draw(st.integers(1, max(1, largest // 32)))
    n = 16 * subgroups[1] * draw(st.integers(1, max(1, largest // 32)))
    k = 16 * draw(st.integers(1, 3))
    names = {
        "subgroups_m": st.sampled_from([1, 2, 3, 4]),
        "subgroups_n": st.sampled_from([1, 2, 3, 4]),
        "coopmat_m": st.sampled_from([8, 16, 32]),
        "coopmat_n": st.sampled_from([8, 16, 32]),
        "coopmat_k": st.sampled_from([8, 16, 32]),
    }
    chosen = draw(st.lists(st.sampled_from(sorted(names)), unique=True, max_size=3))
    values = tuple((name, draw(names[name])) for name in sorted(chosen))
    return SpecCase(m, n, k, subgroups, values)


def check(case: SpecCase, device=None, **_) -> pc.Outcome:
    outcome = pc.Outcome()
    with pc._Stage(case, "lower-to-coopmat"):
        l1 = lowered(
            case.source(), f"lower-to-coopmat{{target=generic {case.options()}}}"
        )
    rng = np.random.default_rng(0)
    a = rng.standard_normal((case.m, case.k)).astype(np.float16)
    b = rng.standard_normal((case.k, case.n)).astype(np.float16)
    c = rng.standard_normal((case.m, case.n)).astype(np.float32)
    values = dict(case.values)
    try:
        with pc._Stage(case, "L1"):
            got = output_of(l1, "matmul", (a, b, c), spec_values=values)
    except pc.Crash as crash:
        cause = crash.__cause__
        if isinstance(cause, InterpretationFailure) and NOT_DIVIDING.search(str(cause)):
            outcome.refusals.append("spec values that do not divide the problem")
            return outcome
        raise
    want = a.astype(np.float32) @ b.astype(np.float32) + c
    if not np.allclose(got, want, rtol=1e-3, atol=1e-3):
        worst = float(np.max(np.abs(got - want)))
        raise pc.Mismatch(case, "L1", f"values {values}: max error {worst:g}")
    outcome.levels.append("L1")
    pc._spirv(case, l1, "khr", outcome)  # one module for every value set
    return outcome
