"""The gated grouped product's epilogue, silu(gate) * up, on accumulator
fragments held in registers (grouped_kernel.py)."""

from __future__ import annotations

from xdsl.dialects import arith, math, scf
from xdsl.dialects.builtin import Float32Type
from xdsl.ir import Block, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder

F32 = Float32Type()


def swiglu(b: KernelBuilder, gate: SSAValue, up: SSAValue, subgroup: int) -> SSAValue:
    """silu(gate) * up = gate * up / (1 + exp(-gate)) on accumulator
    fragments, component by component in f32 (coopmat has no exp; f16
    sums are widened and the result rounded back). A work-item
    holds m * n / S components on every layout we know, so that case is
    unrolled at constant indices (OpCompositeExtract/Insert: registers; a
    dynamic index spills the fragment to memory); a driver that reports
    another coopmat.length takes the loop, one uniform branch per fragment."""
    matrix = gate.type
    assert isinstance(matrix, coopmat.MatrixType)
    m, n = matrix.shape
    components = m * n // subgroup
    length = b.emit(coopmat.LengthOp(matrix)).results[0]
    one = b.constant(1.0, F32)

    def component(matrix: SSAValue, k: SSAValue) -> SSAValue:
        value = b.emit(coopmat.ExtractOp(matrix, k)).results[0]
        if value.type == F32:
            return value
        return b.emit(arith.ExtFOp(value, F32)).results[0]

    def element(k: SSAValue, result: SSAValue) -> SSAValue:
        g, u = component(gate, k), component(up, k)
        e = b.emit(math.ExpOp(b.emit(arith.NegfOp(g)).results[0])).results[0]
        denominator = b.emit(arith.AddfOp(one, e)).results[0]
        y = b.emit(arith.DivfOp(b.emit(arith.MulfOp(g, u)).results[0], denominator))
        value = y.results[0]
        if matrix.element_type != F32:
            value = b.emit(arith.TruncFOp(value, matrix.element_type)).results[0]
        return b.emit(coopmat.InsertOp(value, result, k)).results[0]

    unrolled, looped = Block(), Block()
    known = b.emit(arith.CmpiOp(length, b.value(components), "eq")).results[0]
    branch = b.emit(scf.IfOp(known, [matrix], [unrolled], [looped]))
    with b.inside(unrolled):
        result = gate
        for k in range(components):
            result = element(b.value(k), result)
        b.emit(scf.YieldOp(result))
    with b.inside(looped):
        (result,) = b.loop(
            0, length, 1, [gate], lambda k, carried: [element(k, carried[0])]
        )
        b.emit(scf.YieldOp(result))
    return branch.results[0]
