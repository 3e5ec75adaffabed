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

Integers made floats (`ReadIntegerInputs`): a matmul or batch_matmul from a
zero fill whose inputs are both `arith.sitofp` (`uitofp`) of the same
integer type becomes the integer product into a zero-filled i32 tensor,
then an element-wise `sitofp` to the float accumulator type:

    %p = linalg.matmul ins(%a, %b : tensor<8x64xi8>, tensor<64x8xi8>)
        outs(%zero_i32 : tensor<8x8xi32>) -> tensor<8x8xi32>
    %y = linalg.generic {identity maps, parallel} ins(%p) outs(...) {sitofp}

Exact only while every partial sum is an integer the float type holds
exactly: K * max|a| * max|b| <= 2^(significand bits) (i8 into f32: K <=
1024); a larger K is left as it is.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    TensorType,
    i32,
)
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
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
from coopmlir.passes.recognize_frontend.products import is_zero_fill
from coopmlir.passes.recognize_frontend.unused import erase_unused
from coopmlir.passes.specialize_contractions import NotAMatmul, matmul_loops

_WIDENINGS = (arith.ExtFOp, arith.ExtSIOp, arith.ExtUIOp)
_INTEGERS_TO_FLOATS = (arith.SIToFPOp, arith.UIToFPOp)

#: Bits of each float type's significand (the implicit one included): every
#: integer up to 2**bits is exact (IEEE 754 binary16, 32, 64; bfloat16).
_SIGNIFICAND_BITS = {Float16Type: 11, BFloat16Type: 8, Float32Type: 24, Float64Type: 53}


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
    if len(body) != 2 or not isinstance(body[0], _WIDENINGS + _INTEGERS_TO_FLOATS):
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
    if cast_a not in _WIDENINGS:
        return None  # integers made floats: ReadIntegerInputs
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


def _exact_in(op: ContractionOp, narrow: IntegerType, unsigned: bool) -> bool:
    """Whether every partial sum of `op` on `narrow` integers is an integer
    its float accumulator holds exactly (module doc), for a static K."""
    bits = _SIGNIFICAND_BITS.get(type(_element(op.outputs[0])))
    try:
        loops = matmul_loops(op)
    except NotAMatmul:
        return False
    k = op.inputs[0].type.get_shape()[loops.dims[0].index(loops.k)]  # type: ignore[union-attr]
    width = narrow.bitwidth
    largest = 2**width - 1 if unsigned else 2 ** (width - 1)
    return bits is not None and k > 0 and k * largest * largest <= 2**bits


def _to_float(product: SSAValue, result: TensorType) -> Operation:
    """The element-wise `sitofp` of the i32 `product` into a new tensor."""
    rank = result.get_num_dims()
    identity = AffineMapAttr(AffineMap.identity(rank))
    body = Block(arg_types=[i32, result.element_type])
    cast = arith.SIToFPOp(body.args[0], result.element_type)
    body.add_ops([cast, YieldOp(cast.result)])
    return GenericOp(
        [product],
        [tensor.EmptyOp([], result).results[0]],
        Region(body),
        [identity, identity],
        [IteratorTypeAttr.parallel()] * rank,
        [result],
    )


class ReadIntegerInputs(RewritePattern):
    """A matmul or batch_matmul from a zero fill whose inputs are both
    `sitofp` (`uitofp`) of one integer type becomes the i32 product and a
    `sitofp` of it, when that is exact (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ContractionOp, rewriter: PatternRewriter) -> None:
        if not op.res or not is_zero_fill(op.outputs[0].owner):
            return
        sources = [widened(v) for v in op.inputs]
        if None in sources:
            return
        (a, cast_a), (b, cast_b) = sources  # type: ignore[misc]
        narrow, result = _element(a), op.res[0].type
        if cast_a is not cast_b or cast_a not in _INTEGERS_TO_FLOATS:
            return
        if narrow != _element(b) or not isinstance(narrow, IntegerType):
            return
        unsigned = cast_a is arith.UIToFPOp
        if narrow.bitwidth >= 32 or not _exact_in(op, narrow, unsigned):
            return
        assert isinstance(result, TensorType)
        if -1 in result.get_shape():
            return
        wide = TensorType(i32, result.get_shape())
        zero = arith.ConstantOp(IntegerAttr(0, i32))
        fill = FillOp([zero.result], [tensor.EmptyOp([], wide).results[0]], [wide])
        product = type(op)(
            [a, b],
            fill.results,
            [wide],
            dict(op.attributes),
            op.properties.get("indexing_maps"),  # type: ignore[arg-type]
            TypeFnAttr(TypeFn.CAST_UNSIGNED) if unsigned else None,
        )
        floats = _to_float(product.results[0], result)
        new_ops = [
            *(v.owner for v in (*fill.outputs, *floats.outputs)),
            zero,
            fill,
            product,
            floats,
        ]
        for new in new_ops:
            new.location = op.location  # type: ignore[union-attr]
        old = [op.outputs[0].owner, *(v.owner for v in op.inputs)]
        rewriter.replace(op, new_ops, floats.results)  # type: ignore[arg-type]
        for producer in dict.fromkeys(old):
            erase_unused(rewriter, producer)  # type: ignore[arg-type]
