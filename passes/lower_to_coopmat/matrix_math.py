"""Element-wise functions on accumulator matrices that the coopmat dialect
spells with other ops, shared by the attention and softmax kernels."""

from __future__ import annotations

from xdsl.dialects import arith, math, scf
from xdsl.dialects.builtin import FloatAttr
from xdsl.ir import Block, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder


def exp(b: KernelBuilder, x: SSAValue, scale: float = 1.0) -> SSAValue:
    """exp(scale * x) of every element: coopmat.apply with math.exp."""
    t = x.type
    assert isinstance(t, coopmat.MatrixType)
    block = Block(arg_types=coopmat.ApplyOp.block_types(t, []))
    value: SSAValue = block.args[2]
    if scale != 1.0:
        factor = arith.ConstantOp(FloatAttr(scale, t.element_type))
        scaled = arith.MulfOp(value, factor)
        block.add_ops([factor, scaled])
        value = scaled.result
    e = math.ExpOp(value)
    block.add_ops([e, coopmat.YieldOp(e)])
    return b.emit(coopmat.ApplyOp(x, block)).results[0]


def maximum(b: KernelBuilder, matrices: list[SSAValue]) -> SSAValue:
    """Element-wise max of matrices of one type: one loop over the
    work-item's components (component c is the same element in each)."""
    first, *rest = matrices
    if not rest:
        return first
    t = first.type
    assert isinstance(t, coopmat.MatrixType)
    length = b.emit(coopmat.LengthOp(t)).results[0]
    loop, body = b.for_loop(0, length, 1, [first])
    with b.inside(body):
        c, acc = body.args
        larger = b.emit(coopmat.ExtractOp(acc, c)).results[0]
        for other in rest:
            x = b.emit(coopmat.ExtractOp(other, c)).results[0]
            larger = b.emit(arith.MaximumfOp(larger, x)).results[0]
        new = b.emit(coopmat.InsertOp(larger, acc, c)).results[0]
        b.emit(scf.YieldOp(new))
    return loop.results[0]
