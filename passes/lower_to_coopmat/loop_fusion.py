"""What a loop kernel (`loop_plan.py`) reads in place of the ops that only
prepare its operands, as MLIR bufferizes torch-mlir's pooling exports:

    %p = memref.alloc() : memref<1x4x18x18xf16>          // tensor.pad of %x
    linalg.fill ins(%ninf : f16) outs(%p : ...)
    %v = memref.subview %p[0, 0, 1, 1] [1, 4, 16, 16] [1, 1, 1, 1] : ...
    memref.copy %x, %v : ...
    linalg.fill ins(%ninf : f16) outs(%y : ...)          // the init
    %w = memref.alloc() : memref<3x3xf16>
    linalg.pooling_nchw_max ins(%p, %w : ...) outs(%y : ...)

- a padded input (`PaddedInput`): a buffer filled with a constant, the
  image copied into a unit-stride view of it, read by the op alone: the
  kernel reads the image in place, the constant outside it (one launch
  for the fill and one for the copy fewer, and no buffer);
- an initial fill (`initial_fill`): the last op before the op that touches
  an output's buffer fills exactly that output with a constant, and the op
  reads its outputs (a reduction): the kernel starts from the constant
  instead of loading what a launch of the fill stored.

So the export above is one kernel, not four. Padded inputs are read so
by pooling ops, initial fills by every reduction (a sum, a max, a mean's
sum: torch-mlir fills each one's output first); where another kernel
takes the op after all (a norm's reduction), the fused ops are lowered as
their own (`loop_kernel.lower_loops`). Anything else is left as it is
(`padded_input` and `initial_fill` return None): the ops then run as
their own kernels."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, MemRefType, NoneAttr
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation, SSAValue

from coopmlir.passes.lower_to_coopmat.padding import padded_buffer, touched_between

#: The views a loop kernel reads through (loop_plan.py folds them).
VIEWS = (memref.SubviewOp, memref.ExpandShapeOp, memref.CollapseShapeOp)


@dataclass(frozen=True)
class PaddedInput:
    """`buffer` holds `image` at offsets `low` and `value` elsewhere; the
    ops that make it (`fill`, `view`, `copy`, the buffer and its deallocs)
    go when the consumer reads the image in place."""

    buffer: Operation
    fill: FillOp
    view: memref.SubviewOp
    copy: memref.CopyOp
    image: SSAValue
    low: tuple[int, ...]
    value: arith.ConstantOp

    def ops(self) -> list[Operation]:
        """What the consumer's kernel replaces, in erasing order."""
        deallocs = [
            u.operation
            for u in self.buffer.results[0].uses
            if isinstance(u.operation, memref.DeallocOp)
        ]
        return [self.copy, self.view, self.fill, *deallocs, self.buffer]


def padded_input(consumer: Operation, x: SSAValue) -> PaddedInput | None:
    """`x` as a padded input of `consumer` (module doc), or None."""
    parts = padded_buffer(consumer, x)
    if parts is None or parts[0].operands or x in consumer_outputs(consumer):
        return None  # a run-time-sized buffer, or one the consumer writes
    buffer, fill, view, copy = parts
    value = _constant(fill.inputs[0])
    image = copy.source
    if (
        value is None
        or view.offsets
        or view.sizes
        or view.strides
        or set(view.static_strides.get_values()) != {1}
        or not _ordered(buffer, fill, copy, consumer)
        or touched_between(copy, consumer, image)
        or not isinstance(image.type, MemRefType)
        or not isinstance(image.type.layout, NoneAttr)
        or image in consumer_outputs(consumer)
    ):
        return None
    return PaddedInput(
        buffer, fill, view, copy, image, tuple(view.static_offsets.get_values()), value
    )


def initial_fill(consumer: Operation, output: SSAValue) -> FillOp | None:
    """The fill of `output` with a constant that `consumer` may start from
    (module doc), or None: the last op before `consumer` that uses the
    buffer under `output` (through any view) fills `output` itself, and
    `consumer` reads that buffer through its output only."""
    buffer = view_root(output)
    inputs = getattr(consumer, "inputs", ())
    if any(view_root(v) is buffer for v in inputs):
        return None
    op = consumer.prev_op
    while op is not None:
        if any(
            view_root(v) is buffer
            for inner in op.walk()
            for v in inner.operands
            if isinstance(v.type, MemRefType)
        ):
            if (
                isinstance(op, FillOp)
                and op.outputs[0] == output
                and _constant(op.inputs[0]) is not None
            ):
                return op
            return None
        op = op.prev_op
    return None


def view_root(value: SSAValue) -> SSAValue:
    """The buffer under `value`'s chain of views (`VIEWS`)."""
    while isinstance(value.owner, VIEWS):
        value = value.owner.operands[0]
    return value


def consumer_outputs(consumer: Operation) -> tuple[SSAValue, ...]:
    outputs = getattr(consumer, "outputs", None)
    return tuple(outputs) if outputs is not None else ()


def _constant(value: SSAValue) -> arith.ConstantOp | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(
        owner.value, FloatAttr | IntegerAttr
    ):
        return owner
    return None


def _ordered(*ops: Operation) -> bool:
    """Whether `ops` are in one block, in this order."""
    block = ops[0].parent_block()
    if block is None or any(op.parent_block() is not block for op in ops):
        return False
    return all(
        block.get_operation_index(a) < block.get_operation_index(b)
        for a, b in zip(ops, ops[1:], strict=False)
    )
