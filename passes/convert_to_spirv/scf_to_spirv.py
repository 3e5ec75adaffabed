"""scf ops in convert-to-spirv: `scf.for` is a `spirv.mlir.loop` carrying its
iter_args (values held packed as uvec4 stay packed around the loop),
`scf.if` a `spirv.mlir.selection` whose merge block receives the results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import scf
from xdsl.dialects.builtin import (
    i32,
)
from xdsl.ir import Block, Operation, SSAValue

from coopmlir.passes.convert_to_spirv.errors import LoweringError

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering


def _for(k: KernelLowering, op: scf.ForOp) -> None:
    lower, upper, step = (k.get(v) for v in (op.lb, op.ub, op.step))
    if lower.type != i32:
        raise LoweringError("scf.for over integers other than index/i32")
    body = op.body.block
    # Values that come in packed stay packed around the loop.
    packed = [v in k.packed for v in op.iter_args]

    def lower_body(iv: SSAValue, carried: Sequence[SSAValue]) -> list[SSAValue]:
        k.values[body.args[0]] = iv
        for old, new, wide_value in zip(body.args[1:], carried, packed, strict=True):
            k.values[old] = new
            if wide_value:
                k.packed.add(old)
        return _region_ops(k, body, packed)

    inits = [
        k.get_packed(v) if p else k.get(v)
        for v, p in zip(op.iter_args, packed, strict=True)
    ]
    results = k.b.loop(lower, upper, step, inits, lower_body)
    for old, new, wide_value in zip(op.res, results, packed, strict=True):
        k.values[old] = new
        if wide_value:
            k.packed.add(old)


def _if(k: KernelLowering, op: scf.IfOp) -> None:
    cond = k.get(op.cond)
    types = [k.types.convert_type(r.type) for r in op.output]
    else_body = None
    if op.false_region.blocks:
        false_block = op.false_region.block

        def else_body() -> list[SSAValue]:
            return _region_ops(k, false_block)

    true_block = op.true_region.block
    results = k.b.selection(cond, types, lambda: _region_ops(k, true_block), else_body)
    for old, new in zip(op.output, results, strict=True):
        k.values[old] = new


def _region_ops(
    k: KernelLowering, block: Block, packed: Sequence[bool] = ()
) -> list[SSAValue]:
    """Lower a single-block region; its `scf.yield` operands come back
    (packed where `packed` says so)."""
    yielded: list[SSAValue] = []
    for op in block.ops:
        if isinstance(op, scf.YieldOp):
            yielded = [
                k.get_packed(v) if i < len(packed) and packed[i] else k.get(v)
                for i, v in enumerate(op.arguments)
            ]
        else:
            k.lower_op(op)
    return yielded


HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    scf.ForOp: _for,
    scf.IfOp: _if,
}
