"""A mixture-of-experts product as torch-mlir exports it, named as
`coopmlir.sort_by_expert` + `coopmlir.grouped_matmul {scatter}`.

PyTorch (each row r of x_rep, a token repeated for each of its top-k
experts, times the weights of expert ids[r]):

    w = self.w[ids.flatten()]                              # [R, N, K]
    y = torch.bmm(w, x_rep.unsqueeze(-1)).squeeze(-1)      # [R, N]

torch-mlir (linalg-on-tensors):

    %w = linalg.generic {(d0, d1, d2) -> (d0), identity} ins(%ids : tensor<Rxi64>)
           outs(tensor.empty : tensor<RxNxKxT>) {
      %e = index_cast (select (cmpi slt %in, 0), (addi %in, E), %in)  // or no wrap
      %v = tensor.extract %W[%e, linalg.index 1, linalg.index 2] : tensor<ExNxKxT>
      linalg.yield %v }
    %p = linalg.batch_matmul ins(%w, %xe : tensor<RxNxKxT>, tensor<RxKx1xT>)
           outs(linalg.fill 0 : tensor<RxNx1xT>)
    %y = tensor.collapse_shape %p [[0], [1, 2]] : tensor<RxNx1xT> into tensor<RxNxT>

becomes (the gathered weights are never made; each expert's weights are
read once per tile, not once per row):

    %rows, %offsets = coopmlir.sort_by_expert ins(%ids) outs(...)
    %y = coopmlir.grouped_matmul {scatter} ins(%x, %W, %rows, %offsets) outs(...)

with %x the [R, K] source of %xe (the expand_shape's source, else %xe
collapsed). A product of anything else, an accumulator that is not a fill
of zero, or a use of %p other than that collapse is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    ArrayAttr,
    FloatAttr,
    IntegerAttr,
    TensorType,
    i32,
    i64,
)
from xdsl.dialects.linalg.ops import FillOp, GenericOp, IndexOp, YieldOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.dialects.linalg_mixed_precision import BatchMatmulOp
from coopmlir.elements import element_of
from coopmlir.passes.recognize_frontend.unused import erase_unused
from coopmlir.targets import Target

#: [R, N, 1] -> [R, N] (and [R, K, 1] <-> [R, K]).
_DROP_LAST = ((0,), (1, 2))


def _reassociation(op: tensor.CollapseShapeOp | tensor.ExpandShapeOp):
    return tuple(
        tuple(i.value.data for i in group.data)  # type: ignore[union-attr]
        for group in op.reassociation.data  # type: ignore[union-attr]
    )


def _expert_index(value: SSAValue, ids: SSAValue, experts: int) -> bool:
    """Whether `value` is the id `ids` (a block argument) as an index,
    through torch's wrap of negative ids or directly."""
    cast = value.owner
    if not isinstance(cast, arith.IndexCastOp):
        return False
    source = cast.input
    if source is ids:
        return True
    select = source.owner
    if not isinstance(select, arith.SelectOp) or select.rhs is not ids:
        return False
    compare, wrapped = select.cond.owner, select.lhs.owner
    return (
        isinstance(compare, arith.CmpiOp)
        and compare.predicate.value.data == 2  # slt
        and compare.lhs is ids
        and _constant(compare.rhs) == 0
        and isinstance(wrapped, arith.AddiOp)
        and wrapped.lhs is ids
        and _constant(wrapped.rhs) == experts
    )


def _constant(value: SSAValue) -> int | float | None:
    op = value.owner
    if isinstance(op, arith.ConstantOp) and isinstance(
        op.value, IntegerAttr | FloatAttr
    ):
        return op.value.value.data
    return None


def gathered_weights(value: SSAValue) -> tuple[SSAValue, SSAValue] | None:
    """(ids [R], W [E, N, K]) where `value` is W[ids] as torch-mlir gathers
    it (module doc), else None."""
    gather = value.owner
    if not isinstance(gather, GenericOp) or len(gather.inputs) != 1:
        return None
    maps = [m.data for m in gather.indexing_maps]
    out_type = value.type
    if not isinstance(out_type, TensorType) or len(out_type.get_shape()) != 3:
        return None
    if str(maps[0]) != "(d0, d1, d2) -> (d0)" or maps[1] != AffineMap.identity(3):
        return None
    block = gather.body.block
    yielded = block.last_op
    if not isinstance(yielded, YieldOp):
        return None
    extract = yielded.operands[0].owner
    if not isinstance(extract, tensor.ExtractOp):
        return None
    weights = extract.tensor
    w_type = weights.type
    inside = isinstance(weights.owner, Operation) and weights.owner.parent is block
    if not isinstance(w_type, TensorType) or inside:
        return None
    shape = w_type.get_shape()
    if len(shape) != 3 or tuple(shape[1:]) != tuple(out_type.get_shape()[1:]):
        return None
    first, *rest = extract.indices
    for dim, index in enumerate(rest, start=1):
        op = index.owner
        if not isinstance(op, IndexOp) or op.dim.value.data != dim:
            return None
    if not _expert_index(first, block.args[0], shape[0]):
        return None
    # Nothing else in the body (no other use of the gathered value).
    allowed = 7  # cmpi, addi, select, index_cast, two indices, extract
    if len(list(block.ops)) > allowed + 1:
        return None
    return gather.inputs[0], weights


def _narrowing(value: SSAValue) -> GenericOp | None:
    """The only user of `value` when it is an element-wise `arith.truncf`
    (torch-mlir's cast of an f16 model's f32 product back to f16)."""
    uses = list(value.uses)
    if len(uses) != 1:
        return None
    op = uses[0].operation
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.res) != 1:
        return None
    rank = len(value.type.get_shape())  # type: ignore[union-attr]
    if any(m.data != AffineMap.identity(rank) for m in op.indexing_maps):
        return None
    block = op.body.block
    first, last = block.first_op, block.last_op
    if not (
        isinstance(first, arith.TruncFOp)
        and first.input is block.args[0]
        and isinstance(last, YieldOp)
        and last.operands[0] is first.result
    ):
        return None
    return op


@dataclass(frozen=True)
class FuseGroupedProduct(RewritePattern):
    """linalg.batch_matmul of gathered expert weights by token rows (module
    doc) -> coopmlir.sort_by_expert + coopmlir.grouped_matmul {scatter}."""

    pass_name: str
    target: Target | None = None
    """Where the kernel runs: a product whose element type has no
    cooperative-matrix shape there is refused (None: any)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: BatchMatmulOp, rewriter: PatternRewriter):
        if not op.res or len(op.inputs) != 2:
            return
        found = gathered_weights(op.inputs[0])
        if found is None:
            return
        ids, weights = found
        element = weights.type.element_type  # type: ignore[union-attr]
        if op.inputs[1].type.element_type != element:  # type: ignore[union-attr]
            return
        if self.target is not None and not self._kernel_on_target(element):
            # Nothing else lowers the gather (a tensor.extract by a loaded id).
            raise CompileError.at(
                location_of(op),
                f"{self.pass_name}: a grouped (mixture-of-experts) product of "
                f"{element}: {self.target.name} has no {element} cooperative-matrix "
                "shape for its kernel",
            )
        acc = op.outputs[0]
        fill = acc.owner
        if not isinstance(fill, FillOp) or _constant(fill.inputs[0]) != 0:
            return
        (result,) = op.res
        narrowing = _narrowing(result)  # an f16 model's truncf, absorbed
        if narrowing is not None:
            result = narrowing.res[0]
        uses = list(result.uses)
        if len(uses) != 1:
            return
        collapse = uses[0].operation
        if (
            not isinstance(collapse, tensor.CollapseShapeOp)
            or _reassociation(collapse) != _DROP_LAST
        ):
            return
        rhs = op.inputs[1]
        r, k, one = rhs.type.get_shape()  # type: ignore[union-attr]
        if one != 1:
            return
        where = InsertPoint.before(op)
        x = self._rows(rhs, rewriter, where)
        experts = weights.type.get_shape()[0]  # type: ignore[union-attr]
        rows_init = tensor.EmptyOp([], TensorType(i32, [r]))
        offsets_init = tensor.EmptyOp([], TensorType(i32, [experts + 1]))
        sort = SortByExpertOp(ids, rows_init.tensor, offsets_init.tensor)
        out_type = collapse.result.type
        assert isinstance(out_type, TensorType)
        out_init = tensor.EmptyOp([], out_type)
        grouped = GroupedMatmulOp(
            [x, weights, *sort.res], out_init.tensor, scatter=True
        )
        for new in (rows_init, offsets_init, sort, out_init, grouped):
            rewriter.insert(new, where)
        rewriter.replace(collapse, [], [grouped.res[0]])
        if narrowing is not None:
            rewriter.erase(narrowing)
        producers = [v.owner for v in op.operands]
        rewriter.erase(op)
        for producer in producers:
            if isinstance(producer, Operation):
                erase_unused(rewriter, producer)

    def _kernel_on_target(self, element: Attribute) -> bool:
        assert self.target is not None
        try:
            name = element_of(element).name
        except ValueError:
            return False
        return bool(self.target.shapes_for((name, name, "f32", "f32")))

    @staticmethod
    def _rows(rhs: SSAValue, rewriter: PatternRewriter, where: InsertPoint) -> SSAValue:
        """The [R, K] rows of the [R, K, 1] operand: the expand's source, or
        `rhs` collapsed."""
        expand = rhs.owner
        if (
            isinstance(expand, tensor.ExpandShapeOp)
            and _reassociation(expand) == _DROP_LAST
        ):
            return expand.src
        r, k, _ = rhs.type.get_shape()  # type: ignore[union-attr]
        element = rhs.type.element_type  # type: ignore[union-attr]
        groups = ArrayAttr(
            [ArrayAttr([IntegerAttr(i, i64) for i in g]) for g in _DROP_LAST]
        )
        collapse = tensor.CollapseShapeOp(
            operands=[rhs],
            result_types=[TensorType(element, [r, k])],
            properties={"reassociation": groups},
        )
        rewriter.insert(collapse, where)
        return collapse.results[0]
