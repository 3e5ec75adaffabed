"""The pipeline fuzzer's `decode` family (issue 30 part 4):
`coopmlir.decode_attention` (decode_programs.DecodeCase) with random batch,
query heads Hq over Hkv K/V heads (Hkv | Hq: MHA, GQA, MQA), S = 1..16
queries, head dimensions D and Dv, a cache of Lmax positions, causal or
not, f16 or i8 K/V with per-position or per-head scales, an f32 or f16
output, `decode-chunks=` given or chosen; one module run at one to three
run-time lengths (0, Lmax, past Lmax, ragged). K/V past the length hold
NaN (the kernels must not read them). The property is
feature_families._levels': the op (L0), its split-K kernels (L1) and their
SIMT form (L2) on the interpreter against DecodeCase.reference (query rows
without keys are NaN at the same places), KHR/NV/NV2 SPIR-V of h100-vulkan's
kernels, SIMT L2 through spirv-val, lavapipe where the case is its.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

import support.feature_families as feat
import support.pipeline_cases as pc
from support.decode_programs import TOLERANCE, DecodeCase

TARGETS = ("lavapipe", "generic", "h100-vulkan")


@dataclass(frozen=True)
class DecodeFuzzCase:
    program: DecodeCase
    lengths: tuple[int, ...]
    chunks: int | None = None
    target: str = "lavapipe"
    seed: int = 0


@st.composite
def cases(draw, largest: int = 96, lavapipe: bool = False) -> DecodeFuzzCase:
    hkv = draw(st.integers(1, 3))
    kv = draw(st.sampled_from(["f16", "i8"]))
    lmax = draw(st.one_of(st.integers(1, largest), st.sampled_from([16, 32, 64])))
    program = DecodeCase(
        batch=draw(st.integers(1, 2)),
        hq=hkv * draw(st.sampled_from([1, 1, 2, 4])),
        hkv=hkv,
        s=draw(st.one_of(st.sampled_from([1, 4, 16]), st.integers(1, 16))),
        lmax=lmax,
        d=draw(st.sampled_from([4, 6, 8, 16, 32, 64])),
        dv=draw(st.sampled_from([4, 8, 16, 32, 64])),
        causal=draw(st.booleans()),
        kv=kv,
        per_position=(draw(st.booleans()), draw(st.booleans())),
        out=draw(st.sampled_from(["f32", "f16"])),
        scale=draw(st.sampled_from([0.25, 0.125, -0.5])),
    )
    length = st.one_of(
        st.sampled_from([0, lmax, lmax + 3]), st.integers(0, lmax), st.integers(1, lmax)
    )
    lengths = tuple(draw(length) for _ in range(draw(st.integers(1, 3))))
    return DecodeFuzzCase(
        program,
        lengths,
        draw(st.sampled_from([None, None, 1, 2, 3, 5])),
        "lavapipe" if lavapipe else draw(st.sampled_from(TARGETS)),
        draw(st.integers(0, 2**16)),
    )


def check(case: DecodeFuzzCase, device=None, **_) -> pc.Outcome:
    p = case.program
    runs = []
    for i, length in enumerate(case.lengths):
        arrays = p.inputs(length, seed=case.seed + i)
        want = p.reference(arrays)

        def close(got, level, want=want, length=length):
            np.testing.assert_allclose(
                got,
                want,
                atol=TOLERANCE[p.out],
                rtol=0,
                err_msg=f"{level} at n={length}",
            )

        runs.append(feat._Run(arrays, -1, arrays, -1, close))
    options = {} if case.chunks is None else {"decode_chunks": case.chunks}
    return feat._levels(
        case,
        p.program(),
        "step",
        runs,
        case.target,
        options,
        device,
        flavors=("nv", "nv2"),
    )
