"""`tensor.pad` as a filled buffer with the source copied into its interior,
and the host-side sizes (index constants, `memref.dim`s, sums) that needs."""

from __future__ import annotations

from xdsl.dialects import arith, memref, tensor
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, TensorType
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.passes.bufferize_matmul.plan import padding_value
from coopmlir.passes.bufferize_matmul.views import memref_of


class HostSizes:
    """Index constants, `memref.dim`s and sums inserted before `op`, each
    constant once."""

    def __init__(self, op: Operation):
        self.op = op
        self.constants: dict[int, SSAValue] = {}

    def insert(self, new: Operation) -> None:
        new.location = self.op.location
        Rewriter.insert_op(new, InsertPoint.before(self.op))

    def value(self, new: Operation) -> SSAValue:
        """Insert `new` and return its result."""
        self.insert(new)
        return new.results[0]

    def index(self, n: int) -> SSAValue:
        if n not in self.constants:
            self.constants[n] = self.value(
                arith.ConstantOp(IntegerAttr(n, IndexType()))
            )
        return self.constants[n]

    def dim(self, buffer: SSAValue, axis: int) -> int | SSAValue:
        """Static size of `buffer` along `axis`, or its `memref.dim`."""
        size = buffer.type.get_shape()[axis]  # type: ignore[union-attr]
        if size >= 0:
            return size
        return self.value(memref.DimOp(buffer, self.index(axis)))

    def add(self, size: int | SSAValue, n: int) -> SSAValue:
        if isinstance(size, int):
            return self.index(size + n)
        if n == 0:
            return size
        return self.value(arith.AddiOp(size, self.index(n)))


def pad(op: tensor.PadOp, out_param: SSAValue | None) -> SSAValue:
    """The padded buffer (`out_param`, else a new `memref.alloc` whose
    run-time sizes are the source's plus both pads), the padding value
    everywhere (`linalg.fill`), and the source copied into a view of its
    interior (the source's sizes, run-time ones from `memref.dim`)."""
    host = HostSizes(op)
    low, high = op.static_low.get_values(), op.static_high.get_values()
    sizes = [host.dim(op.source, axis) for axis in range(len(low))]
    buffer = out_param
    if buffer is None:
        t = op.result.type
        assert isinstance(t, TensorType)
        run_time = [
            host.add(sizes[axis], low[axis] + high[axis])
            for axis, size in enumerate(t.get_shape())
            if size < 0
        ]
        buffer = host.value(memref.AllocOp(run_time, [], memref_of(t)))
    value = padding_value(op)
    if value.owner.parent_block() is op.region.block:  # type: ignore[union-attr]
        value = host.value(value.owner.clone())  # type: ignore[union-attr]
    buffer_type = buffer.type
    assert isinstance(buffer_type, MemRefType)
    ones = [1] * len(low)
    view_type = memref.SubviewOp.infer_result_type(buffer_type, low, sizes, ones)
    host.insert(FillOp([value], [buffer], res=[]))
    view = host.value(memref.SubviewOp.get(buffer, low, sizes, ones, view_type))
    host.insert(memref.CopyOp(op.source, view))
    return buffer


def erase_unused_sizes(sizes: list[memref.DimOp]) -> None:
    """Drop the sizes only erased `tensor.empty`s read, and their index
    constants if nothing else reads them."""
    indices = []
    for size in sizes:
        if not size.result.uses:
            indices.append(size.index.owner)
            Rewriter.erase_op(size)
    for index in dict.fromkeys(indices):
        if isinstance(index, arith.ConstantOp) and not index.result.uses:
            Rewriter.erase_op(index)
