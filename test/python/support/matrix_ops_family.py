"""The `matrix-ops` family of the pipeline fuzzer (fuzz_families.py):
random kernels drawn at L1 around coopmat.reduce, coopmat.apply and
coopmat.transpose (matrix_op_kernels.py), any shape up to 40 x 40, every
element type, subgroups of 8 to 64. Judged as pipeline_cases judges a
matmul: the L1 interpreter against numpy's semantics, L2 (coopmat-to-simt)
against L1, the L2 SPIR-V through spirv-val, and with a device (subgroups
of 8, f32/i32) lavapipe against L1.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st
from xdsl.context import Context

import support.matrix_op_kernels as mk
import support.pipeline_cases as pc
from coopmlir.diagnostics import verify_with_locations
from coopmlir.dialects.registry import parse_module
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate
from support.device_runs import DeviceSkip, device_target
from support.error_model import EPS, sum_tolerance
from support.lowering import interpreted

DEVICE_SUBGROUP = 8  # lavapipe's with AVX2
DEVICE_TYPES = ("f32", "i32")
#: Located refusals of this family, besides pipeline_cases.REFUSALS.
REFUSALS = {
    "shape vs layout": r"does not fit #coopmat.layout<",
    "bf16 arithmetic (SPIR-V)": r"bf16 arithmetic is not supported",
}


@dataclass(frozen=True)
class MatrixOpCase:
    """One kernel; `repr` reproduces it."""

    op: str  # reduce, apply, transpose
    m: int
    n: int
    ty: str
    S: int
    kind: str = "add"  # reduce
    mode: str = "rows"  # reduce
    compact: bool = True  # reduce
    unsigned: bool = False  # reduce max/min on integers
    seed: int = 0

    def kernel(self) -> tuple[str, str, list[np.ndarray], np.ndarray]:
        """(args, body, inputs, numpy's result)."""
        rng = np.random.default_rng(self.seed)
        x = mk.data(rng, (self.m, self.n), self.ty)
        zeros = np.zeros
        if self.op == "reduce":
            result = mk.reduce_shape(self.m, self.n, self.mode, self.compact)
            args, body = mk.reduce_kernel(
                self.m, self.n, self.ty, self.kind, self.mode, result, self.unsigned
            )
            want = mk.reduce_reference(
                x, self.ty, self.kind, self.mode, result, self.unsigned
            )
            return args, body, [x, zeros(result, mk.NUMPY[self.ty])], want
        if self.op == "apply":
            s = mk.data(rng, (1,), self.ty)
            args, body = mk.apply_kernel(self.m, self.n, self.ty)
            want = mk.apply_reference(x, s[0], self.ty)
            return args, body, [x, s, zeros(x.shape, mk.NUMPY[self.ty])], want
        args, body = mk.transpose_kernel(self.m, self.n, self.ty)
        return args, body, [x, zeros(x.shape[::-1], mk.NUMPY[self.ty])], x.T.copy()

    def exact(self) -> bool:
        return (
            self.ty.startswith("i")
            or self.op == "transpose"
            or (self.op == "reduce" and self.kind != "add")
        )


@st.composite
def cases(draw, largest: int = 40, lavapipe: bool = False) -> MatrixOpCase:
    size = pc.sizes(min(largest, 40))
    # The tinytc layout takes M = 2^k rows (or a multiple of S): mostly those.
    rows = st.one_of(st.sampled_from([1, 2, 4, 8, 16, 32]), size)
    op = draw(st.sampled_from(["reduce", "apply", "transpose"]))
    ty = draw(st.sampled_from(DEVICE_TYPES if lavapipe else list(mk.NUMPY)))
    kind = draw(st.sampled_from(["add", "max", "min"]))
    return MatrixOpCase(
        op,
        draw(rows),
        draw(size),
        ty,
        DEVICE_SUBGROUP if lavapipe else draw(st.sampled_from([8, 16, 32, 64])),
        kind=kind,
        mode=draw(st.sampled_from(["rows", "cols", "both"])),
        compact=draw(st.booleans()),
        unsigned=ty.startswith("i") and kind != "add" and draw(st.booleans()),
        seed=draw(st.integers(0, 2**16)),
    )


def _compare(case: MatrixOpCase, level: str, got, want, x) -> None:
    """Exactly, but float sums (summation order: count * eps * sum|x|) and
    floats through math.tanh (a few ulps of the result type)."""
    if case.exact():
        if not np.array_equal(got, want):
            bad = np.argwhere(got != want)
            raise pc.Mismatch(
                case, level, f"{len(bad)} elements differ, first {bad[0]}"
            )
        return
    g, w = got.astype(np.float64), want.astype(np.float64)
    if case.op == "reduce":
        count = {"rows": case.n, "cols": case.m, "both": case.m * case.n}[case.mode]
        magnitude = np.abs(x.astype(np.float64)).sum()
        tolerance = sum_tolerance(count, EPS[case.ty], magnitude, floor=0)
    else:  # a few ulps of the result, or of 1 near zero
        tolerance = sum_tolerance(4, EPS[case.ty], np.maximum(np.abs(w), 1.0), floor=0)
    error = np.abs(g - w)
    if not np.all(error <= tolerance):
        worst = np.unravel_index(np.argmax(error - tolerance), error.shape)
        raise pc.Mismatch(case, level, f"error {error[worst]:.3g} at {worst}")


def _run(module, inputs) -> np.ndarray:
    return interpreted(module, "k", inputs)[-1]


def check(case: MatrixOpCase, device=None, **_) -> pc.Outcome:
    """The matrix-ops property (module doc) on one case."""
    outcome = pc.Outcome()
    args, body, inputs, want = case.kernel()
    text = mk.host_module(args, body, case.S)
    try:
        with pc._Stage(case, "parse", REFUSALS):
            l1 = parse_module(text)
            verify_with_locations(l1)
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)
        return outcome
    with pc._Stage(case, "interpret L1", REFUSALS):
        at_l1 = _run(l1, inputs)
    _compare(case, "L1 vs numpy", at_l1, want, inputs[0])
    outcome.levels.append("L1")
    with pc._Stage(case, "coopmat-to-simt", REFUSALS):
        l2 = l1.clone()
        CoopmatToSimt().apply(Context(), l2)
        l2.verify()
    with pc._Stage(case, "interpret L2", REFUSALS):
        at_l2 = _run(l2, inputs)
    _compare(case, "L2 vs L1", at_l2, at_l1, inputs[0])
    outcome.levels.append("L2")
    try:
        with pc._Stage(case, "convert-to-spirv of L2", REFUSALS):
            (kernel,) = compile_kernels(l2)
        with pc._Stage(case, "spirv-val (L2)", REFUSALS):
            validate(kernel.spirv)
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)
        return outcome
    outcome.modules += 1
    if (
        device is None
        or device_target(device) != "lavapipe"  # kernels for its subgroup size
        or case.S != DEVICE_SUBGROUP
        or case.ty not in DEVICE_TYPES
    ):
        return outcome
    arrays = [a.copy() for a in inputs]
    try:
        with (
            pc._Stage(case, "Vulkan run", REFUSALS),
            device(kernel.features, kernel.extensions) as gpu,
        ):
            gpu.run(kernel.binary(), arrays, grid=kernel.grid)
    except DeviceSkip as skip:
        outcome.device_skips.append(skip.reason)
        return outcome
    _compare(case, "Vulkan vs L1", arrays[-1], at_l1, inputs[0])
    outcome.device_runs += 1
    return outcome
