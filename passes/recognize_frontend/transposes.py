"""Layout ops folded into the products (`ReadTransposedInputs`): a matmul or
batch_matmul that reads a `linalg.transpose` reads its source, with the
permutation moved into the operand's indexing map.

Every `nn.Linear` that torch-mlir exports transposes its weight first:

    %wt = linalg.transpose ins(%w : tensor<8x16xf16>)
        outs(%e : tensor<16x8xf16>) permutation = [1, 0]
    %y = linalg.matmul ins(%x, %wt : ...) outs(%acc : ...)

becomes (the transpose goes when nothing else reads it)

    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
        affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : ...) outs(%acc : ...)

which lower-to-coopmat lowers with B's fragments loaded `col_major` in
place. Likewise attention's `batch_matmul(q, transpose(k, [0, 2, 1]))` and a
transposed A. `linalg.matmul_transpose_a|b` become `linalg.matmul` with
their maps. A fold that would leave the product something other than a
(batch) matmul of whole matrices (the batch dimension moved) is not made.

`GenericReadsTransposeSource` does the same for an input of a
`linalg.generic` on tensors (any maps): an element-wise op after the
transpose back to NCHW of a convolution's result (torch-mlir's truncf, a
batch norm) reads the NHWC result in place.
"""

from __future__ import annotations

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, TensorType
from xdsl.dialects.linalg.ops import GenericOp, TransposeOp
from xdsl.ir import SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from coopmlir.dialects.linalg_mixed_precision import (
    BatchMatmulOp,
    ContractionOp,
    MixedPrecisionMatmulOp,
)
from coopmlir.passes.recognize_frontend.unused import erase_unused
from coopmlir.passes.specialize_contractions import NotAMatmul, matmul_loops


def read_through(transpose: TransposeOp, reads: AffineMap) -> AffineMap:
    """The map reading `transpose`'s input where `reads` reads its result:
    result[i] is input[j] with j[permutation[k]] = i[k]."""
    permutation = transpose.permutation.get_values()
    results = list(reads.results)
    for k, p in enumerate(permutation):
        results[p] = reads.results[k]
    return AffineMap(reads.num_dims, reads.num_symbols, tuple(results))


def _transposed(value: SSAValue) -> TransposeOp | None:
    op = value.owner
    if isinstance(op, TransposeOp) and isinstance(value.type, TensorType):
        return op
    return None


class ReadTransposedInputs(RewritePattern):
    """A matmul or batch_matmul on tensors reading a `linalg.transpose`
    reads its source through the permuted map (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ContractionOp, rewriter: PatternRewriter) -> None:
        if not op.res or not any(_transposed(v) for v in op.inputs):
            return
        maps = [m.data for m in op.get_indexing_maps().data]
        inputs = list(op.inputs)
        transposes = []
        for i, value in enumerate(op.inputs):
            transpose = _transposed(value)
            if transpose is None:
                continue
            inputs[i] = transpose.inputs[0]
            maps[i] = read_through(transpose, maps[i])
            transposes.append(transpose)
        batch = isinstance(op, BatchMatmulOp)
        new = (BatchMatmulOp if batch else MixedPrecisionMatmulOp)(
            inputs,
            list(op.outputs),
            [r.type for r in op.res],
            dict(op.attributes),
            ArrayAttr(AffineMapAttr(m) for m in maps),
            op.cast,
        )
        try:
            matmul_loops(new)
        except NotAMatmul:
            new.erase()  # detached: drops its uses of the inputs
            return
        new.location = op.location
        rewriter.replace(op, new)
        for transpose in dict.fromkeys(transposes):
            erase_unused(rewriter, transpose)


class GenericReadsTransposeSource(RewritePattern):
    """A `linalg.generic` on tensors reading a `linalg.transpose` reads its
    source through the permuted map (module doc), changed in place."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        if not op.res or not any(_transposed(v) for v in op.inputs):
            return
        maps = [m.data for m in op.indexing_maps.data]
        operands = list(op.operands)
        transposes = []
        for i, value in enumerate(op.inputs):
            transpose = _transposed(value)
            if transpose is not None:
                operands[i] = transpose.inputs[0]
                maps[i] = read_through(transpose, maps[i])
                transposes.append(transpose)
        op.operands = operands
        op.indexing_maps = ArrayAttr(AffineMapAttr(m) for m in maps)
        rewriter.notify_op_modified(op)
        for transpose in dict.fromkeys(transposes):
            erase_unused(rewriter, transpose)
