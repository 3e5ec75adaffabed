"""A convolution-shaped `linalg.generic` becomes the named 2-D convolution
it computes (`SpecializeConvolution`), as specialize-contractions does for
products: what `mlir-opt --linalg-generalize-named-ops` writes for a
convolution reaches lower-to-coopmat's implicit GEMM.

    linalg.generic {indexing_maps = [
        (n, f, oh, ow, c, kh, kw) -> (n, c, oh * 2 + kh, ow + kw),
        (n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw),
        (n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)],
      iterator_types = [4 x parallel, 3 x reduction]}
      ins(%x, %w) outs(%y) { extf, extf, mulf, addf(out, product) }

becomes `linalg.conv_2d_nchw_fchw {strides = [2, 1], dilations = [1, 1]}`.
The loops are told apart by where they appear: the batch in the input and
the output, the output channels in the filter and the output, the input
channels (a reduction) in the input and the filter, each image axis as
`out * stride + tap * dilation` in the input. Layouts of NCHW/FCHW,
NHWC/FHWC and NHWC/HWCF are named; another layout, a body that is not a
multiply-add of the inputs (widened alike), or an offset in the input's
index stays a generic (a loop kernel).
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, VectorType, i64
from xdsl.dialects.linalg.ops import (
    Conv2DNchwFchwOp,
    Conv2DNhwc_FhwcOp,
    Conv2DNhwc_HwcfOp,
    GenericOp,
)
from xdsl.ir import Operation
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
)
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from coopmlir.dialects.linalg_mixed_precision import CONVOLUTIONS
from coopmlir.passes.specialize_contractions import (
    multiply_add_casts,
    same_computation,
)

#: (input axes of N, H, W, C; filter axes of KH, KW, C, F; output axes of
#: N, OH, OW, F) -> the named convolution.
NAMED = {
    ((0, 2, 3, 1), (2, 3, 1, 0), (0, 2, 3, 1)): Conv2DNchwFchwOp,
    ((0, 1, 2, 3), (1, 2, 3, 0), (0, 1, 2, 3)): Conv2DNhwc_FhwcOp,
    ((0, 1, 2, 3), (0, 1, 2, 3), (0, 1, 2, 3)): Conv2DNhwc_HwcfOp,
}


def _terms(expr: AffineExpr) -> dict[int, int] | None:
    """{dim: coefficient} of a sum of `dim` and `dim * constant` terms, or
    None for anything else (an offset, a product of dims)."""
    if isinstance(expr, AffineDimExpr):
        return {expr.position: 1}
    if not isinstance(expr, AffineBinaryOpExpr):
        return None
    if expr.kind == AffineBinaryOpKind.Add:
        lhs, rhs = _terms(expr.lhs), _terms(expr.rhs)
        if lhs is None or rhs is None or lhs.keys() & rhs.keys():
            return None
        return {**lhs, **rhs}
    if expr.kind == AffineBinaryOpKind.Mul:
        for dim, factor in ((expr.lhs, expr.rhs), (expr.rhs, expr.lhs)):
            if isinstance(dim, AffineDimExpr) and isinstance(
                factor, AffineConstantExpr
            ):
                return {dim.position: factor.value} if factor.value > 0 else None
    return None


def window_pair(values: list[int]) -> DenseIntOrFPElementsAttr:
    """A 2-D convolution's strides or dilations attribute (vector<2xi64>)."""
    return DenseIntOrFPElementsAttr.from_list(VectorType(i64, [2]), values)


def specialized_convolution(op: GenericOp) -> Operation | None:
    """The named 2-D convolution `op` computes (module doc), or None."""
    if len(op.inputs) != 2 or len(op.outputs) != 1 or len(op.body.blocks) != 1:
        return None
    kinds = [str(t.data) for t in op.get_iterator_types().data]
    if len(kinds) != 7 or kinds.count("reduction") != 3:
        return None
    casts = multiply_add_casts(op.body.block)
    if casts is None or len(set(casts)) != 1:  # both widened alike, or neither
        return None
    x_map, w_map, y_map = (m.data for m in op.get_indexing_maps().data)
    if any(len(m.results) != 4 for m in (x_map, w_map, y_map)):
        return None
    x_terms = [_terms(e) for e in x_map.results]
    w_dims = [_terms(e) for e in w_map.results]
    y_dims = [_terms(e) for e in y_map.results]
    if None in x_terms or any(t is None or len(t) != 1 for t in (*w_dims, *y_dims)):
        return None
    w_loops = [next(iter(t)) for t in w_dims]  # type: ignore[union-attr]
    y_loops = [next(iter(t)) for t in y_dims]  # type: ignore[union-attr]
    if any(kinds[d] != "parallel" for d in y_loops) or len(set(y_loops)) != 4:
        return None
    plain = [next(iter(t)) for t in x_terms if len(t) == 1]  # type: ignore[arg-type]
    windows = [t for t in x_terms if len(t) == 2]  # type: ignore[arg-type]
    if len(plain) != 2 or len(windows) != 2:
        return None
    batch = [d for d in plain if d in y_loops and d not in w_loops]
    channel = [d for d in plain if kinds[d] == "reduction" and d in w_loops]
    features = [d for d in y_loops if d in w_loops]
    if len(batch) != 1 or len(channel) != 1 or len(features) != 1:
        return None
    outs, taps, strides, dilations = [], [], [], []
    for window in windows:
        (out, stride), (tap, dilation) = sorted(
            window.items(),  # type: ignore[union-attr]
            key=lambda item: kinds[item[0]] == "reduction",
        )
        if kinds[out] != "parallel" or kinds[tap] != "reduction":
            return None
        outs.append(out)
        taps.append(tap)
        strides.append(stride)
        dilations.append(dilation)
    # Which axis of each operand holds each loop (windows in input order).
    x_axes = {next(iter(t)): i for i, t in enumerate(x_terms) if len(t) == 1}  # type: ignore[arg-type]
    spatial = [i for i, t in enumerate(x_terms) if len(t) == 2]  # type: ignore[arg-type]
    layout = (
        (x_axes[batch[0]], *spatial, x_axes[channel[0]]),
        tuple(w_loops.index(d) for d in (*taps, channel[0], features[0])),
        tuple(y_loops.index(d) for d in (batch[0], *outs, features[0])),
    )
    named = NAMED.get(layout)
    if named is None:
        return None
    try:
        new = CONVOLUTIONS[named](
            list(op.inputs),
            list(op.outputs),
            [r.type for r in op.res],
            {},
            strides=window_pair(strides),
            dilations=window_pair(dilations),
        )
        new.verify()
    except Exception:  # noqa: BLE001 - types or shapes the named op refuses
        return None
    return same_computation(new, casts, op)


class SpecializeConvolution(RewritePattern):
    """A convolution-shaped `linalg.generic` -> the named convolution it
    computes (`specialized_convolution`); other generics stay."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        new = specialized_convolution(op)
        if new is not None:
            rewriter.replace(op, new)
