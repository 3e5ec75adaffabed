"""The pipeline fuzzer's `quant` family (issue 30 part 4): products whose B
is a quantized weight dequantized by element-wise generics
(quant_programs.py): torch-mlir's int8 per channel and int4 per group of 64
(packed u8 nibbles, a zero point), and the hand-written `coopmlir.dequantize`
forms: Q4_1 blocks, Q8_0-style blocks of 32 with an f16 scale and with or
without an offset, f8E4M3FN / f8E5M2 weights widened by `arith.extf`.

M is mostly 1..16 (the skinny kernel's range) and sometimes up to 80, N
and K ragged where the format allows (int4 needs K % 64, Q4_1 K % 32);
activations f16, or f32 for the hand-written blocks and f8; targets as the
matmul family draws them; `skinny=true|false` or the default. The property
is feature_families._levels': the program as written (L0), L1 and L2 on the
interpreter against numpy's product of the exactly dequantized weight, the
L1 kernels of h100-vulkan as KHR, NV and NV2 SPIR-V, SIMT L2 through
spirv-val, lavapipe where the case is its.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

import support.feature_families as feat
import support.pipeline_cases as pc
import support.quant_programs as qp

#: format -> (K multiple, activations it is written for)
FORMATS = {
    "int8-per-channel": (1, ("f16",)),
    "int4-group64": (64, ("f16",)),
    "q4_1": (32, ("f16",)),
    "block": (1, ("f16", "f32")),
    "block-offset": (1, ("f16", "f32")),
    "f8E4M3FN": (1, ("f16", "f32")),
    "f8E5M2": (1, ("f16", "f32")),
}


@dataclass(frozen=True)
class QuantCase:
    fmt: str  # a key of FORMATS
    m: int
    n: int
    k: int
    act: str = "f16"
    target: str = "generic"
    skinny: bool | None = None
    seed: int = 0

    def program(self) -> str:
        m, n, k, fmt = self.m, self.n, self.k, self.fmt
        if fmt in qp.FORMATS:
            return qp.FORMATS[fmt][0](m, n, k)
        if fmt.startswith("block"):
            return qp.block_program(m, n, k, fmt == "block-offset", self.act)
        return qp.f8_program(m, n, k, fmt, self.act)

    def weights(self, rng) -> tuple[list, np.ndarray]:
        """The weight's stored inputs and its dequantized value."""
        n, k, fmt = self.n, self.k, self.fmt
        if fmt in qp.FORMATS:
            return qp.FORMATS[fmt][1](rng, n, k)
        if fmt.startswith("block"):
            return qp.block_data(rng, n, k, fmt == "block-offset", self.act)
        return qp.f8_data(rng, n, k, fmt, self.act)


@st.composite
def cases(draw, largest: int = 96, lavapipe: bool = False) -> QuantCase:
    fmt = draw(st.sampled_from(sorted(FORMATS)))
    multiple, acts = FORMATS[fmt]
    m = draw(st.one_of(st.integers(1, 16), st.integers(1, 16), st.integers(17, 80)))
    n = draw(pc.sizes(largest))
    k = multiple * draw(st.integers(1, max(1, 3 * largest // multiple)))
    if multiple == 1 and draw(st.booleans()):
        k = draw(pc.sizes(2 * largest))
    while m * n * k > 150_000 and k > multiple:  # bounded interpreter work
        k = max(multiple, k // 2 // multiple * multiple)
    targets = ("lavapipe",) if lavapipe else pc.TARGET_NAMES
    return QuantCase(
        fmt,
        m,
        n,
        k,
        draw(st.sampled_from(acts)),
        draw(st.sampled_from(targets)),
        draw(st.sampled_from([None, True, False])),
        draw(st.integers(0, 2**16)),
    )


def check(case: QuantCase, device=None, **_) -> pc.Outcome:
    rng = np.random.default_rng(case.seed)
    stored, deq = case.weights(rng)
    x = rng.uniform(-1, 1, (case.m, case.k))
    x = x.astype(np.float16 if case.act == "f16" else np.float32)
    want = x.astype(np.float64) @ deq.astype(np.float64).T
    # f32 sums of exact products (f16 operands) or of rounded ones (f32)
    magnitude = np.abs(x).astype(np.float64) @ np.abs(deq).astype(np.float64).T
    tolerance = 4 * (case.k + 2) * 2.0**-23 * magnitude + 1e-6

    def close(got, level):
        error = np.abs(np.asarray(got, np.float64) - want)
        if not np.all(error <= tolerance):
            worst = np.unravel_index(np.argmax(error - tolerance), error.shape)
            raise AssertionError(
                f"{level}: error {error[worst]:.3g} > {tolerance[worst]:.3g} at {worst}"
            )

    out = np.zeros((case.m, case.n), np.float32)
    run = feat._Run([x, *stored], None, [x, *stored, out], -1, close)
    options = {} if case.skinny is None else {"skinny": case.skinny}
    return feat._levels(
        case,
        case.program(),
        "forward",
        [run],
        case.target,
        options,
        device,
        flavors=("nv", "nv2"),
    )
