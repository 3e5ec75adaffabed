"""The pipeline fuzzer's `grouped` family (issue 30 part 4): mixture-of-
experts products (grouped_programs.py). Either `coopmlir.grouped_matmul`
(plain or gated SwiGLU, weights [E, N, K] or [E, K, N]) over a given
assignment of rows to experts (random counts, empty experts among them),
or the router's per-row expert ids (tokens x top-k; now and then a
negative id or one outside [-E, E)) sorted by `coopmlir.sort_by_expert`
and multiplied by the scatter form. Random experts, tokens, top-k, K
(d) and N (hidden); f16 or f32 (the output f32 now and then). The property
is feature_families._levels': the ops (L0), the kernels (L1) and their SIMT
form (L2) on the interpreter against numpy's loop over the experts,
KHR/NV/NV2 SPIR-V of h100-vulkan's kernels, SIMT L2 through spirv-val,
lavapipe where the case is its.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

import support.feature_families as feat
import support.grouped_programs as gp
import support.pipeline_cases as pc

TARGETS = ("lavapipe", "generic", "h100-vulkan")


@dataclass(frozen=True)
class GroupedCase:
    form: str  # "assigned" (rows and offsets given) or "sorted" (ids)
    tokens: int
    k: int
    n: int
    experts: int
    #: assigned: rows per expert; sorted: the expert id of each row
    counts: tuple[int, ...] = ()
    ids: tuple[int, ...] = ()
    gated: bool = False
    kn: bool = False
    ty: str = "f16"
    out: str | None = None
    target: str = "lavapipe"
    seed: int = 0

    @property
    def rows(self) -> int:
        return sum(self.counts) if self.form == "assigned" else len(self.ids)

    def program(self) -> str:
        if self.form == "assigned":
            return gp.grouped_program(
                self.tokens, self.k, self.n, self.experts, self.rows, self.ty,
                self.out, self.gated, self.kn,
            )  # fmt: skip
        return gp.sorted_program(
            self.rows, self.k, self.n, self.experts, self.ty,
            out=self.out, gated=self.gated, kn=self.kn,
        )  # fmt: skip


@st.composite
def cases(draw, largest: int = 48, lavapipe: bool = False) -> GroupedCase:
    experts = draw(st.integers(1, 6))
    tokens = draw(st.integers(1, 12))
    form = draw(st.sampled_from(["assigned", "sorted"]))
    counts: tuple = ()
    ids: tuple = ()
    if form == "assigned":
        # each expert takes up to all tokens once; empty experts often
        count = st.one_of(st.just(0), st.integers(0, tokens))
        counts = tuple(draw(count) for _ in range(experts))
        if sum(counts) == 0:
            counts = (*counts[:-1], 1)
    else:
        top_k = draw(st.integers(1, min(experts, 4)))
        ids = tuple(
            draw(st.integers(0, experts - 1))
            if draw(st.integers(0, 9))
            else draw(st.integers(-experts - 1, experts))
            for _ in range(tokens * top_k)
        )
    ty = draw(st.sampled_from(["f16", "f16", "f32"]))
    return GroupedCase(
        form,
        tokens,
        draw(st.one_of(st.sampled_from([16, 32, 64]), st.integers(1, largest))),
        draw(st.one_of(st.sampled_from([16, 32]), st.integers(1, largest))),
        experts,
        counts,
        ids,
        gated=draw(st.booleans()),
        kn=draw(st.booleans()),
        ty=ty,
        out=draw(st.sampled_from([None, None, "f32"])),
        target="lavapipe" if lavapipe else draw(st.sampled_from(TARGETS)),
        seed=draw(st.integers(0, 2**16)),
    )


def check(case: GroupedCase, device=None, **_) -> pc.Outcome:
    c = case
    out_ty = c.out or c.ty
    if c.form == "assigned":
        counts = list(c.counts)
        x, *weights, rows, offsets = gp.grouped_inputs(
            c.tokens, c.k, c.n, counts, c.ty, c.gated, c.kn, seed=c.seed
        )
        want = gp.grouped_reference(x, weights, rows, offsets, c.kn)
        y = np.zeros((c.rows, c.n), gp.NP[out_ty])
        arrays = [x, *weights, rows, offsets, y]
    else:
        # x holds the tokens repeated top-k times (the [R, K] of the export)
        x, *weights, _, _ = gp.grouped_inputs(
            c.rows, c.k, c.n, [0] * c.experts, c.ty, c.gated, c.kn, seed=c.seed
        )
        ids = np.array(c.ids, np.int64)
        y = np.full((c.rows, c.n), 7, gp.NP[out_ty])
        want = gp.sorted_reference(ids, x, weights, y, c.kn)
        rows, offsets = np.zeros(c.rows, np.int32), np.zeros(c.experts + 1, np.int32)
        arrays = [ids, x, *weights, rows, offsets, y]
    # + f32 sums of K products in another order (|x| <= 1, |w| <= 1 / sqrt(K))
    tolerance = gp.TOLERANCE[out_ty] + (c.k + 2) * 2.0**-22

    def close(got, level):
        np.testing.assert_allclose(got, want, atol=tolerance, rtol=0, err_msg=level)

    run = feat._Run(arrays, -1, arrays, -1, close)
    return feat._levels(
        case, c.program(), "moe", [run], c.target, {}, device, flavors=("nv", "nv2")
    )
