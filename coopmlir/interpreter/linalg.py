"""Reference semantics of linalg ops, computed with numpy: the matmul family,
fill, generic, broadcast and the named element-wise ops (linalg.add, ...).

`linalg.matmul` is evaluated as one contraction from its indexing maps
(so transposed forms work), not element by element: inputs are cast to the
output type as MLIR's body does (sign- or zero-extension for integers), the
products are summed exactly (float64 for floats; int64, or float64 when that
is exact, for integers), added to the output, and rounded once to the output
type. A 512^3 product takes milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.ops import (
    BroadcastOp,
    FillOp,
    GenericOp,
    IndexOp,
    TransposeOp,
    YieldOp,
)
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
)

from coopmlir.diagnostics import location_of
from coopmlir.dialects import linalg_named as named
from coopmlir.dialects.linalg_conv1d import CONV_1D
from coopmlir.dialects.linalg_mixed_precision import (
    CONVOLUTIONS,
    BatchMatmulOp,
    MatmulTransposeAOp,
    MatmulTransposeBOp,
    MixedPrecisionMatmulOp,
    non_widening_cast,
)
from coopmlir.dialects.linalg_pooling import POOLING
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.interpreter.attention import softmax
from coopmlir.interpreter.values import InterpretationFailure, round_to, signed_view

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_CONV = {base.name: op for base, op in CONVOLUTIONS.items()}
Conv2DNhwc_HwcfOp = _CONV["linalg.conv_2d_nhwc_hwcf"]
Conv2DNhwc_FhwcOp = _CONV["linalg.conv_2d_nhwc_fhwc"]
Conv2DNchwFchwOp = _CONV["linalg.conv_2d_nchw_fchw"]
DepthwiseConv2DNchwChwOp = _CONV["linalg.depthwise_conv_2d_nchw_chw"]
DepthwiseConv2DNhwcHwcOp = _CONV["linalg.depthwise_conv_2d_nhwc_hwc"]
DepthwiseConv2DNhwcHwcmOp = _CONV["linalg.depthwise_conv_2d_nhwc_hwcm"]


def _einsum_spec(op) -> str:
    """'ik,kj->ij' from the op's indexing maps (permutations only)."""
    terms = []
    for attr in op.get_indexing_maps().data:
        letters = ""
        for expr in attr.data.results:
            if not isinstance(expr, AffineDimExpr):
                raise InterpretationFailure(f"{op.name}: non-projection indexing map")
            letters += _LETTERS[expr.position]
        terms.append(letters)
    *inputs, output = terms
    return ",".join(inputs) + "->" + output


@dataclass(frozen=True)
class _Fixed:
    """An operand dimension read at one position, as torch-mlir's
    `(d0, d1, d2) -> (d0, d1, 0)` reads a kept size-1 dimension."""

    position: int


def _map_dims(op, affine_map, windows: bool = False) -> list[int | _Fixed | AffineExpr]:
    """The loop each operand dimension runs along, or the constant position
    it is read at (projections with constants only); with `windows`, other
    expressions (a convolution's `oh * stride + kh * dilation`) as they are."""
    dims: list[int | _Fixed | AffineExpr] = []
    for e in affine_map.results:
        if isinstance(e, AffineDimExpr):
            dims.append(e.position)
        elif isinstance(e, AffineConstantExpr):
            dims.append(_Fixed(e.value))
        elif windows:
            dims.append(e)
        else:
            raise InterpretationFailure(f"{op.name}: non-projection indexing map")
    return dims


_AFFINE_OPS = {
    AffineBinaryOpKind.Add: np.add,
    AffineBinaryOpKind.Mul: np.multiply,
    AffineBinaryOpKind.Mod: np.mod,
    AffineBinaryOpKind.FloorDiv: np.floor_divide,
    AffineBinaryOpKind.CeilDiv: lambda a, b: -np.floor_divide(-a, b),
}


def _evaluate(expr: AffineExpr, dim_value):
    """`expr` with each dimension d replaced by `dim_value(d)` (numpy
    arrays broadcast)."""
    if isinstance(expr, AffineDimExpr):
        return dim_value(expr.position)
    if isinstance(expr, AffineConstantExpr):
        return expr.value
    if isinstance(expr, AffineBinaryOpExpr):
        lhs, rhs = _evaluate(expr.lhs, dim_value), _evaluate(expr.rhs, dim_value)
        return _AFFINE_OPS[expr.kind](lhs, rhs)
    raise InterpretationFailure(f"affine expression {expr} is not interpreted")


def _loop_bounds(op, dims, shapes) -> list[int]:
    """Each loop's trip count, read off the operand shapes it indexes."""
    bounds: dict[int, int] = {}
    for operand_dims, shape in zip(dims, shapes, strict=True):
        for d, n in zip(operand_dims, shape, strict=True):
            if isinstance(d, AffineExpr):
                continue  # a window: checked where it is read
            if isinstance(d, _Fixed):
                if not 0 <= d.position < n:
                    raise InterpretationFailure(
                        f"{op.name}: position {d.position} of a dimension of size {n}"
                    )
                continue
            if bounds.setdefault(d, n) != n:
                raise InterpretationFailure(
                    f"{op.name}: operand sizes disagree: loop d{d} is {bounds[d]}/{n}"
                )
    loops = len(op.get_iterator_types().data)
    if sorted(bounds) != list(range(loops)):
        raise InterpretationFailure(f"{op.name}: a loop indexes no operand")
    return [bounds[d] for d in range(loops)]


def _contract(op, a, b, c):
    out_type = op.outputs[0].type
    spec = _einsum_spec(op)
    if not isinstance(out_type.element_type, IntegerType):
        acc = np.einsum(spec, a.astype(np.float64), b.astype(np.float64), optimize=True)
        return round_to(out_type, acc + c.astype(np.float64))
    a, b = signed_view(a, op.unsigned), signed_view(b, op.unsigned)
    a_letters, output = spec.split(",")[0], spec.split("->")[1]
    # The summed length: A's dimensions that the output does not index.
    k = int(
        np.prod([n for n, d in zip(a.shape, a_letters, strict=True) if d not in output])
    )
    bits = a.dtype.itemsize * 8 + b.dtype.itemsize * 8 + int(k).bit_length()
    wide = np.float64 if bits < 53 else np.int64  # float64 sums are exact then
    acc = np.einsum(spec, a.astype(wide), b.astype(wide), optimize=True)
    total = acc.astype(np.int64) + c.astype(np.int64)
    return round_to(out_type, total)


def _convolve(op, x, w, y):
    """2-D convolution, NHWC input and output, HWCF weights; exact sums
    (as `_contract`), rounded once to the output type."""
    out_type = op.outputs[0].type
    sh, sw = (int(v) for v in op.strides.get_values())
    dh, dw = (int(v) for v in op.dilations.get_values())
    kh, kw = w.shape[:2]
    _, oh, ow, _ = y.shape
    _check_conv_sizes(op, x, w, y, ((sh, dh), (sw, dw)))
    exact = not isinstance(out_type.element_type, IntegerType)
    wide = np.float64 if exact else np.int64
    x = x.astype(wide) if exact else signed_view(x, False).astype(wide)
    w = w.astype(wide) if exact else signed_view(w, False).astype(wide)
    acc = np.zeros(y.shape, wide)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
            acc += np.einsum("nhwc,cf->nhwf", x[:, rows, cols, :], w[i, j])
    return round_to(out_type, acc + y.astype(wide))


def _check_conv_sizes(op, x, w, y, steps) -> None:
    """Operand sizes that a convolution's indexing allows (dynamic shapes
    reach the interpreter unchecked): one batch and channel count, and every
    output element's window inside the input."""
    (n, h, wd, c), (kh, kw, wc, f), (yn, oh, ow, yf) = x.shape, w.shape, y.shape
    if (yn, wc, yf) != (n, c, f):
        raise InterpretationFailure(
            f"{location_of(op)}: {op.name}: operand sizes disagree: input NHWC "
            f"{x.shape}, "
            f"filter HWCF {w.shape}, output NHWF {y.shape}"
        )
    for size, out, taps, (stride, dilation), name in zip(
        (h, wd), (oh, ow), (kh, kw), steps, ("height", "width"), strict=True
    ):
        reach = (out - 1) * stride + (taps - 1) * dilation + 1
        if out and reach > size:
            raise InterpretationFailure(
                f"{location_of(op)}: {op.name}: operand sizes disagree: an output "
                f"{name} of {out} "
                f"reads {reach} input elements, the input has {size}"
            )


def _conv_layouts(op, x, w, y):
    """(NHWC input, HWCF weights, NHWC output view) of a 2-D convolution,
    and how to bring a result back to the output's layout."""
    name = op.name.removeprefix("linalg.conv_2d_")
    if name == "nhwc_hwcf":
        return x, w, y, lambda r: r
    if name == "nhwc_fhwc":
        return x, w.transpose(1, 2, 3, 0), y, lambda r: r
    if name == "nchw_fchw":
        back = lambda r: r.transpose(0, 3, 1, 2)  # noqa: E731
        return (
            x.transpose(0, 2, 3, 1),
            w.transpose(2, 3, 1, 0),
            y.transpose(0, 2, 3, 1),
            back,
        )
    raise InterpretationFailure(f"{op.name} is not supported by the interpreter")


def _depthwise(op, x, w, y):
    """Depthwise 2-D convolution, NCHW input and output, CHW weights; exact
    float sums (as `_convolve`), rounded once to the output type."""
    (sh, sw), (dh, dw) = op.steps()
    c, kh, kw = w.shape
    n, f, oh, ow = y.shape
    # As a convolution of C channels into F = C (the sizes' checks only).
    filter_shape = np.broadcast_to(np.float64(0), (kh, kw, c, f))
    output_shape = np.broadcast_to(np.float64(0), (n, oh, ow, f))
    _check_conv_sizes(
        op, x.transpose(0, 2, 3, 1), filter_shape, output_shape, ((sh, dh), (sw, dw))
    )
    acc = y.astype(np.float64)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
            patch = x[:, :, rows, cols].astype(np.float64)
            acc += patch * w[None, :, i, j, None, None].astype(np.float64)
    return round_to(op.outputs[0].type, acc)


@register_impls
class LinalgFunctions(InterpreterFunctions):
    @impl(Conv2DNhwc_HwcfOp)
    def run_conv(self, interp, op, args):
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        if non_widening_cast(op) is not None:
            # MLIR's body rounds (truncf, sitofp, ...): run it as written.
            return self._run_structured(interp, op, args)
        x, w, y = (np.asarray(a) for a in args)
        x, w, view, back = _conv_layouts(op, x, w, y)
        result = back(_convolve(op, x, w, view))
        if isinstance(op.outputs[0].type, TensorType):
            return (result,)
        args[2][...] = result
        return ()

    @impl(Conv2DNhwc_FhwcOp)
    def run_conv_fhwc(self, interp, op, args):
        return self.run_conv(interp, op, args).values

    @impl(Conv2DNchwFchwOp)
    def run_conv_nchw(self, interp, op, args):
        return self.run_conv(interp, op, args).values

    @impl(DepthwiseConv2DNchwChwOp)
    def run_depthwise(self, interp, op, args):
        """Both layouts, on NCHW / CHW views of the operands."""
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        if non_widening_cast(op) is not None:
            # MLIR's body rounds (truncf, sitofp, ...): run it as written.
            return self._run_structured(interp, op, args)
        x, w, y = (np.asarray(a) for a in args)
        nhwc = isinstance(op, DepthwiseConv2DNhwcHwcOp)
        if nhwc:
            x, w, y = (
                x.transpose(0, 3, 1, 2),
                w.transpose(2, 0, 1),
                y.transpose(0, 3, 1, 2),
            )
        result = _depthwise(op, x, w, y)
        if nhwc:
            result = result.transpose(0, 2, 3, 1)
        if isinstance(op.outputs[0].type, TensorType):
            return (result,)
        args[2][...] = result
        return ()

    @impl(DepthwiseConv2DNhwcHwcOp)
    def run_depthwise_nhwc(self, interp, op, args):
        return self.run_depthwise(interp, op, args).values

    @impl(MixedPrecisionMatmulOp)
    def run_matmul(self, interp, op, args):
        if interp.launch is not None:
            raise InterpretationFailure("linalg.matmul inside a kernel")
        if non_widening_cast(op) is not None:
            # MLIR's body rounds (truncf, sitofp, ...): run it as written.
            return self._run_structured(interp, op, args)
        a, b, c = (np.asarray(x) for x in args)
        # Dynamic shapes agree only at run time: refuse before computing.
        maps = [_map_dims(op, m.data) for m in op.get_indexing_maps().data]
        _loop_bounds(op, maps, [x.shape for x in (a, b, c)])
        result = _contract(op, a, b, c)
        if isinstance(op.outputs[0].type, TensorType):
            return (result,)
        c[...] = result
        return ()

    # The other contractions differ from linalg.matmul only in their maps.
    @impl(MatmulTransposeAOp)
    def run_matmul_transpose_a(self, interp, op, args):
        return self.run_matmul(interp, op, args).values

    @impl(MatmulTransposeBOp)
    def run_matmul_transpose_b(self, interp, op, args):
        return self.run_matmul(interp, op, args).values

    @impl(BatchMatmulOp)
    def run_batch_matmul(self, interp, op, args):
        return self.run_matmul(interp, op, args).values

    @impl(FillOp)
    def run_fill(self, interp, op, args):
        value, target = args
        filled = round_to(op.outputs[0].type, np.full(np.shape(target), value))
        if isinstance(op.outputs[0].type, TensorType):
            return (filled,)
        target[...] = filled
        return ()

    @impl(SoftmaxOp)
    def run_softmax(self, interp, op: SoftmaxOp, args):
        x, target = (np.asarray(a) for a in args)
        result = round_to(op.output.type, softmax(x, op.dimension.value.data))
        if isinstance(op.output.type, TensorType):
            return (result,)
        target[...] = result
        return ()

    def _run_structured(self, interp, op, args):
        """The body once per point of the reduction loops, on numpy arrays
        over all parallel points at once (as many body runs as K, not M*N*K).
        The named element-wise ops run the same way on their implicit body."""
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        count = len(op.inputs)
        operands = [np.asarray(a) for a in args]
        dims = [_map_dims(op, m.data, True) for m in op.get_indexing_maps().data]
        bounds = _loop_bounds(op, dims, [a.shape for a in operands])
        kinds = [str(t.data) for t in op.get_iterator_types().data]
        parallel = [d for d, kind in enumerate(kinds) if kind == "parallel"]
        grid = np.indices([bounds[d] for d in parallel], sparse=True)
        points = dict(zip(parallel, grid, strict=True))

        def position(d, at):
            if isinstance(d, _Fixed):
                return d.position
            if isinstance(d, AffineExpr):
                return _evaluate(d, lambda e: position(e, at))
            return points[d] if d in points else at[d]

        def gather(array, operand_dims, at):
            index = tuple(position(d, at) for d in operand_dims)
            for i, n in zip(index, array.shape, strict=True):
                if np.size(i) and (np.max(i) >= n or np.min(i) < 0):
                    raise InterpretationFailure(
                        f"{location_of(op)}: {op.name}: operand sizes disagree: "
                        f"index {np.max(i)} of a dimension of size {n}"
                    )
            return array[index] if index else array[()]

        outputs = [
            gather(a, d, {})
            for a, d in zip(operands[count:], dims[count:], strict=True)
        ]
        reduction = [d for d in range(len(kinds)) if d not in points]
        for values in np.ndindex(*[bounds[d] for d in reduction]):
            at = dict(zip(reduction, values, strict=True))
            # linalg.index d: the parallel loop's grid, or this reduction point.
            self._loop_indices = {**points, **{d: np.int64(v) for d, v in at.items()}}
            inputs = [
                gather(a, d, at)
                for a, d in zip(operands[:count], dims[:count], strict=True)
            ]
            outputs = [
                np.broadcast_to(v, np.broadcast(*grid).shape) if grid else v
                for v in interp.run_ssacfg_region(
                    op.body, [*inputs, *outputs], "linalg.generic"
                )
            ]
        results = []
        for array, operand_dims, value, output in zip(
            operands[count:], dims[count:], outputs, op.outputs, strict=True
        ):
            written = array.copy() if isinstance(output.type, TensorType) else array
            written[tuple(position(d, {}) for d in operand_dims)] = value
            results.append(written)
        return tuple(results) if op.res else ()

    @impl(BroadcastOp)
    def run_broadcast(self, interp, op: BroadcastOp, args):
        """`dimensions` are the output dimensions the input does not have."""
        source, target = (np.asarray(a) for a in args)
        added = tuple(op.dimensions.get_values())
        kept = [d for d in range(target.ndim) if d not in added]
        shape = [1] * target.ndim
        for d, n in zip(kept, source.shape, strict=True):
            shape[d] = n
        value = np.broadcast_to(source.reshape(shape), target.shape)
        if op.result:
            return (value.astype(target.dtype),)
        target[...] = value
        return ()

    @impl(TransposeOp)
    def run_transpose(self, interp, op: TransposeOp, args):
        """Output dimension i is input dimension `permutation[i]`."""
        source, target = (np.asarray(a) for a in args)
        value = source.transpose(tuple(op.permutation.get_values()))
        if value.shape != target.shape:
            raise InterpretationFailure(
                f"linalg.transpose: the input transposed is {value.shape}, "
                f"the output {target.shape}"
            )
        if op.res:
            return (value.astype(target.dtype),)
        target[...] = value
        return ()

    run_generic = impl(GenericOp)(_run_structured)
    run_add = impl(linalg.AddOp)(_run_structured)
    run_sub = impl(linalg.SubOp)(_run_structured)
    run_mul = impl(linalg.MulOp)(_run_structured)
    run_max = impl(linalg.MaxOp)(_run_structured)
    run_min = impl(linalg.MinOp)(_run_structured)
    run_exp = impl(linalg.ExpOp)(_run_structured)
    run_log = impl(linalg.LogOp)(_run_structured)
    run_sqrt = impl(linalg.SqrtOp)(_run_structured)
    run_select = impl(linalg.SelectOp)(_run_structured)
    run_copy = impl(linalg.CopyOp)(_run_structured)
    # MLIR's other named contractions and the quantized ops run their body
    # (linalg_named.py), as a generic does; windows are evaluated.
    run_depthwise_hwcm = impl(DepthwiseConv2DNhwcHwcmOp)(_run_structured)
    run_matvec = impl(named.MatvecOp)(_run_structured)
    # The body per tap, in the output's type (MLIR's rounding of each sum).
    for _op in (*POOLING, *(_CONV[c.name] for c in CONV_1D)):
        locals()[f"run_{_op.name.removeprefix('linalg.')}"] = impl(_op)(_run_structured)
    del _op
    run_vecmat = impl(named.VecmatOp)(_run_structured)
    run_batch_matvec = impl(named.BatchMatvecOp)(_run_structured)
    run_batch_vecmat = impl(named.BatchVecmatOp)(_run_structured)
    run_batch_reduce_matmul = impl(named.BatchReduceMatmulOp)(_run_structured)
    run_quantized_matmul = impl(named.QuantizedMatmulOp)(_run_structured)
    run_quantized_batch_matmul = impl(named.QuantizedBatchMatmulOp)(_run_structured)
    run_conv_2d_nhwc_hwcf_q = impl(named.Conv2DNhwcHwcfQOp)(_run_structured)
    run_conv_2d_nhwc_fhwc_q = impl(named.Conv2DNhwcFhwcQOp)(_run_structured)
    run_conv_2d_nchw_fchw_q = impl(named.Conv2DNchwFchwQOp)(_run_structured)
    run_conv_2d_ngchw_gfchw_q = impl(named.Conv2DNgchwGfchwQOp)(_run_structured)
    run_depthwise_conv_2d_nhwc_hwc_q = impl(named.DepthwiseConv2DNhwcHwcQOp)(
        _run_structured
    )
    run_depthwise_conv_2d_nhwc_hwcm_q = impl(named.DepthwiseConv2DNhwcHwcmQOp)(
        _run_structured
    )

    @impl(IndexOp)
    def run_index(self, interp, op: IndexOp, args):
        indices = getattr(self, "_loop_indices", None)
        if indices is None:
            raise InterpretationFailure("linalg.index outside linalg.generic")
        return (indices[op.dim.value.data],)

    @impl_terminator(YieldOp)
    def run_yield(self, interp, op, args):
        return ReturnedValues(args), ()
