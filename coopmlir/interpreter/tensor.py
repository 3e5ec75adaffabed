"""tensor ops of the tensor form a frontend writes: `tensor.empty` (fresh
numpy arrays, `uninitialized`: NaN for floats; dynamic sizes from its
operands), `tensor.dim`, `tensor.pad` (with a value that is the same at
every position), the reshapes `tensor.expand_shape`/`collapse_shape`
(numpy reshapes: their groups are contiguous dimensions), `tensor.concat`
(torch-mlir's `torch.stack` of nibbles: numpy's concatenate) and
`tensor.extract_slice`/`insert_slice` (a copy of a strided window; a new
tensor with the window replaced) and `tensor.extract` (one element,
bounds-checked: torch-mlir gathers with it inside linalg bodies).
`uninitialized_reads` finds the linalg ops that read an unwritten
tensor.empty (MLIR leaves those values undefined; a device reads what memory
holds)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX
from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
)
from xdsl.dialects.linalg.ops import BroadcastOp, CopyOp, FillOp, GenericOp, TransposeOp
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Operation

from coopmlir.interpreter.values import InterpretationFailure, uninitialized


@register_impls
class TensorFunctions(InterpreterFunctions):
    @impl(tensor.EmptyOp)
    def run_empty(self, interp, op: tensor.EmptyOp, args):
        t = op.tensor.type
        sizes = iter(int(n) for n in args)
        shape = tuple(next(sizes) if d < 0 else d for d in t.get_shape())
        if any(d < 0 for d in shape):
            raise InterpretationFailure(f"tensor.empty: a negative size in {shape}")
        return (uninitialized(t, shape),)

    @impl(tensor.DimOp)
    def run_dim(self, interp, op: tensor.DimOp, args):
        source, axis = args
        shape = np.shape(source)
        if not 0 <= int(axis) < len(shape):
            raise InterpretationFailure(
                f"tensor.dim: dimension {int(axis)} of a rank-{len(shape)} tensor"
            )
        return (np.int64(shape[int(axis)]),)

    @impl(tensor.PadOp)
    def run_pad(self, interp, op: tensor.PadOp, args):
        source = np.asarray(args[0])
        if op.low or op.high:
            raise InterpretationFailure("tensor.pad: dynamic padding amounts")
        block = op.region.block
        if any(arg.uses for arg in block.args):
            raise InterpretationFailure(
                "tensor.pad: a padding value that depends on the position"
            )
        positions = [np.int64(0)] * len(block.args)
        (value,) = interp.run_ssacfg_region(op.region, positions, "tensor.pad")
        low = op.static_low.get_values()
        high = op.static_high.get_values()
        sides = list(zip(low, source.shape, high, strict=True))
        padded = np.full([lo + n + hi for lo, n, hi in sides], value, source.dtype)
        padded[tuple(slice(lo, lo + n) for lo, n, _ in sides)] = source
        return (padded,)

    @impl(tensor.CollapseShapeOp)
    def run_collapse_shape(self, interp, op: tensor.CollapseShapeOp, args):
        source = np.asarray(args[0])
        groups = [[int(d.value.data) for d in g] for g in op.reassociation]
        shape = [int(np.prod([source.shape[d] for d in g])) for g in groups]
        return (source.reshape(shape),)

    @impl(tensor.ExpandShapeOp)
    def run_expand_shape(self, interp, op: tensor.ExpandShapeOp, args):
        source, *sizes = args
        dynamic = iter(int(n) for n in sizes)
        shape = [
            next(dynamic) if n == DYNAMIC_INDEX else n
            for n in op.static_output_shape.get_values()
        ]
        if int(np.prod(shape)) != np.size(source):
            raise InterpretationFailure(
                f"tensor.expand_shape: {np.shape(source)} does not expand to {shape}"
            )
        return (np.asarray(source).reshape(shape),)

    @impl(tensor.ConcatOp)
    def run_concat(self, interp, op: tensor.ConcatOp, args):
        axis = op.dim.value.data
        return (np.concatenate([np.asarray(a) for a in args], axis=axis),)

    @impl(tensor.ExtractSliceOp)
    def run_extract_slice(self, interp, op: tensor.ExtractSliceOp, args):
        source = np.asarray(args[0])
        window = slice_window(op, source.shape, args[1:])
        result = np.array(source[window]).reshape(op.result.type.get_shape())
        return (result,)

    @impl(tensor.InsertSliceOp)
    def run_insert_slice(self, interp, op: tensor.InsertSliceOp, args):
        source, dest = np.asarray(args[0]), np.array(args[1])
        window = slice_window(op, dest.shape, args[2:])
        dest[window] = source.reshape(dest[window].shape)
        return (dest,)

    @impl(tensor.ExtractOp)
    def run_extract(self, interp, op: tensor.ExtractOp, args):
        # In a linalg body the indices are arrays over the parallel points.
        source, *indices = args
        source = np.asarray(source)
        at = tuple(np.asarray(i, dtype=np.int64) for i in indices)
        for axis, (i, n) in enumerate(zip(at, source.shape, strict=True)):
            bad = (i < 0) | (i >= n)
            if bad.any():
                raise InterpretationFailure(
                    f"tensor.extract: index {int(i[bad].flat[0])} outside "
                    f"dimension {axis} of a tensor of shape {list(source.shape)}"
                )
        return (source[at],)

    @impl_terminator(tensor.YieldOp)
    def run_yield(self, interp, op, args):
        return ReturnedValues(args), ()


def slice_window(op, shape, dynamic) -> tuple[slice, ...]:
    """The numpy slices of a `tensor.extract_slice`/`insert_slice` or
    `memref.subview` (run-time offsets, sizes and strides come in that
    order), bounds-checked."""
    given = iter(int(v) for v in dynamic)
    offsets, sizes, strides = (
        [next(given) if v == DYNAMIC_INDEX else v for v in static.get_values()]
        for static in (op.static_offsets, op.static_sizes, op.static_strides)
    )
    window = []
    for axis, (o, n, st) in enumerate(zip(offsets, sizes, strides, strict=True)):
        end = o + (n - 1) * st + 1 if n else o
        if o < 0 or n < 0 or st < 1 or end > shape[axis]:
            raise InterpretationFailure(
                f"{op.name}: dimension {axis} (offset {o}, size {n}, stride "
                f"{st}) is outside the source's {shape[axis]} elements"
            )
        window.append(slice(o, end, st))
    return tuple(window)


#: Linalg ops that only write their init: a tensor.empty is fine there.
_WRITE_ONLY = (FillOp, BroadcastOp, TransposeOp, CopyOp, ElementwiseOperation)


def _reads_init(op: LinalgStructuredOperation) -> bool:
    if isinstance(op, GenericOp):
        outputs = op.body.block.args[len(op.inputs) :]
        return any(arg.uses for arg in outputs)
    return not isinstance(op, _WRITE_ONLY)


def uninitialized_reads(root: Operation) -> list[tuple[Operation, Operation]]:
    """(linalg op, tensor.empty) for each linalg op under `root` whose init
    (`outs`) is a tensor.empty it reads (a matmul accumulates into it)."""
    found = []
    for op in root.walk():
        if not isinstance(op, LinalgStructuredOperation) or not _reads_init(op):
            continue
        for init in op.outputs:
            if isinstance(init.owner, tensor.EmptyOp):
                found.append((op, init.owner))
    return found
