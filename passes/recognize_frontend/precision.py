"""Precision as front ends write it (`ReadNarrowInputs`): a contraction whose
two inputs are widened by element-wise generics reads the narrow tensors.

torch-mlir exports a `.half()` `nn.Linear` with the product in f32:

    %xw = linalg.generic {identity maps, parallel}
        ins(%x : tensor<8x16xf16>) outs(%e : tensor<8x16xf32>) {extf}
    %ww = (the same for the weight)
    %y = linalg.matmul ins(%xw, %ww : tensor<8x16xf32>, tensor<16x8xf32>)
        outs(%acc : tensor<8x8xf32>) -> tensor<8x8xf32>

which becomes the mixed-precision product coopmlir lowers to cooperative
matrices (the generics go when nothing else reads them):

    %y = linalg.matmul ins(%x, %w : tensor<8x16xf16>, tensor<16x8xf16>)
        outs(%acc : tensor<8x8xf32>) -> tensor<8x8xf32>

Exact: the mixed-precision body extends each input to the accumulator type,
then multiplies and adds there, as the f32 product of the widened tensors
does. Widening is `arith.extf` (floats), `arith.extsi` or `arith.extui`
(integers; `extui` makes the product `cast_unsigned`), to the accumulator
type, the same cast from the same narrow type on both inputs (the matrix
units multiply equal types). Contractions are the named matmuls and the
convolutions; the truncf and element-wise ops after them stay as they are.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import TensorType
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from coopmlir.dialects.linalg_mixed_precision import (
    ContractionOp,
    TypeFn,
    TypeFnAttr,
)
from coopmlir.passes.recognize_frontend.unused import erase_unused

_WIDENINGS = (arith.ExtFOp, arith.ExtSIOp, arith.ExtUIOp)


def widened(value: SSAValue) -> tuple[SSAValue, type[Operation]] | None:
    """The narrow tensor and the cast of the element-wise generic that makes
    `value` (one input, identity maps, parallel loops, body `yield cast(in)`),
    or None."""
    op = value.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    rank = len(op.iterator_types.data)
    if any(str(t.data) != "parallel" for t in op.iterator_types.data) or any(
        m.data != AffineMap.identity(rank) for m in op.indexing_maps.data
    ):
        return None
    body = list(op.body.block.ops)
    if len(body) != 2 or not isinstance(body[0], _WIDENINGS):
        return None
    cast, yielded = body
    if cast.operands[0] is not op.body.block.args[0]:
        return None
    if not isinstance(yielded, YieldOp) or yielded.operands[0] is not cast.results[0]:
        return None
    return op.inputs[0], type(cast)


def _element(value: SSAValue) -> Attribute:
    t = value.type
    assert isinstance(t, TensorType)
    return t.element_type


def narrow_inputs(
    op: ContractionOp | ConvOperation,
) -> tuple[list[SSAValue], type[Operation]] | None:
    """The narrow tensors `op` can read instead of its widened inputs, and
    their cast; None unless both inputs are widened alike to the
    accumulator type."""
    if not op.res or len(op.inputs) != 2 or len(op.outputs) != 1:
        return None
    sources = [widened(v) for v in op.inputs]
    if None in sources:
        return None
    (a, cast_a), (b, cast_b) = sources  # type: ignore[misc]
    accumulator = _element(op.outputs[0])
    if cast_a is not cast_b or _element(a) != _element(b):
        return None
    if any(_element(v) != accumulator for v in op.inputs):
        return None
    if isinstance(op, ConvOperation) and cast_a is arith.ExtUIOp:
        return None  # a convolution has no unsigned cast
    return [a, b], cast_a


def _rebuilt(
    op: ContractionOp | ConvOperation, inputs: list[SSAValue], cast: type[Operation]
) -> Operation:
    """`op` (same class, outputs, maps and attributes) reading `inputs`."""
    outputs, res = list(op.outputs), [r.type for r in op.res]
    attributes = dict(op.attributes)
    if isinstance(op, ConvOperation):
        return type(op)(
            inputs,
            outputs,
            res,
            attributes,
            strides=op.strides,
            dilations=op.dilations,
        )
    attributes.pop("cast", None)
    unsigned = TypeFnAttr(TypeFn.CAST_UNSIGNED) if cast is arith.ExtUIOp else None
    maps = op.properties.get("indexing_maps")
    return type(op)(inputs, outputs, res, attributes, maps, unsigned)  # type: ignore[arg-type]


class ReadNarrowInputs(RewritePattern):
    """A named matmul or convolution on tensors whose inputs are both
    widened alike (module doc) reads the narrow tensors; the widening
    generics go when nothing else reads them."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: ContractionOp | ConvOperation, rewriter: PatternRewriter
    ) -> None:
        narrow = narrow_inputs(op)
        if narrow is None:
            return
        generics = [v.owner for v in op.inputs]
        new = _rebuilt(op, *narrow)
        new.location = op.location
        rewriter.replace(op, new)
        for generic in dict.fromkeys(generics):
            erase_unused(rewriter, generic)
