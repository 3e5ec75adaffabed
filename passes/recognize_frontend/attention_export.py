"""What torch-mlir's export of `F.scaled_dot_product_attention` adds around
the attention chain (FuseAttention, attention.py, asks these):

- operands read through views (`operand_view`): Q, K and V reach the
  products through `linalg.transpose`s (the head split [B, S, H, D] ->
  [B, H, S, D], K^T), element-wise generics that widen them (`extf`) or
  scale them (`mulf` by a constant: sqrt(scale) on Q and on K^T each), read
  through permuted maps (GenericReadsTransposeSource), and a
  `tensor.collapse_shape` [B, H, ...] -> [B*H, ...] before each product;
- the causal mask as an additive tensor (`causal_mask`): select(0, -inf) of
  `(j - i) <= 0` (and `true`), i and j from `linalg.index` of an iota
  broadcast over rows and columns;
- the guard that makes a fully masked row 0 rather than NaN
  (`fully_masked_guard`): select(all(x == -inf), 0, p) over the key
  dimension, the compare in f64.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    FloatAttr,
    IntegerAttr,
    TensorType,
)
from xdsl.dialects.linalg.ops import FillOp, GenericOp, IndexOp, TransposeOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap

from coopmlir.dense_splat import splat_value
from coopmlir.resources import decode_blob, resource_blob


@dataclass
class OperandView:
    """A product's operand as `source` read through views: source index k
    is the operand's index `source_map[k]`, times `scale`; `ops` made it."""

    source: SSAValue
    source_map: tuple[int, ...]
    scale: float = 1.0
    ops: list[Operation] = field(default_factory=list)

    @property
    def identity(self) -> bool:
        return self.source_map == tuple(range(len(self.source_map)))

    def swapped(self) -> OperandView:
        """The view of the operand's transpose over its last two dimensions."""
        r = len(self.source_map)
        swap = {r - 1: r - 2, r - 2: r - 1}
        m = tuple(swap.get(i, i) for i in self.source_map)
        return OperandView(self.source, m, self.scale, self.ops)

    def permutation(self) -> list[int]:
        """The `linalg.transpose` permutation that makes the operand of the
        source (out dimension i is source dimension permutation[i])."""
        inverse = [0] * len(self.source_map)
        for k, i in enumerate(self.source_map):
            inverse[i] = k
        return inverse


def operand_view(value: SSAValue) -> OperandView:
    """`value` read back through transposes and widening or scaling
    element-wise generics (module doc); an empty view if none."""
    view = OperandView(value, tuple(range(len(value.type.get_shape()))))  # type: ignore[union-attr]
    while True:
        owner = value.owner
        if isinstance(owner, TransposeOp):
            # out dimension i is input dimension p[i]: input index k is out p^-1[k]
            p = OperandView(value, _ints(owner))
            step, factor = OperandView(owner.inputs[0], tuple(p.permutation())), 1.0
        elif isinstance(owner, GenericOp) and (found := _pointwise(owner)):
            step_map, factor = found
            step = OperandView(owner.inputs[0], step_map)
        else:
            return view
        view.source_map = tuple(view.source_map[s] for s in step.source_map)
        view.scale *= factor
        view.ops.append(owner)
        view.source = value = step.source


def _ints(transpose: TransposeOp) -> tuple[int, ...]:
    return tuple(transpose.permutation.get_values())  # type: ignore[union-attr]


def _pointwise(op: GenericOp) -> tuple[tuple[int, ...], float] | None:
    """(input map as dims, factor) of a parallel generic with one input read
    through a permutation, identity output, body `extf`, `mulf` or `divf` by
    a constant, or `extf` then one of those; else None."""
    if len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    if any(str(t.data) != "parallel" for t in op.iterator_types.data):
        return None
    in_map, out_map = (m.data for m in op.indexing_maps.data)
    rank = out_map.num_dims
    if out_map != AffineMap.identity(rank) or in_map.inverse_permutation() is None:
        return None
    dims = tuple(e.position for e in in_map.results)  # type: ignore[union-attr]
    *body, last = op.body.block.ops
    if not isinstance(last, YieldOp) or len(last.operands) != 1:
        return None
    x, factor = op.body.block.args[0], 1.0
    for inner in body:
        if isinstance(inner, arith.ExtFOp) and inner.operands[0] is x:
            x = inner.result
        elif isinstance(inner, arith.MulfOp | arith.DivfOp) and x in inner.operands:
            c = float_constant(next(v for v in inner.operands if v is not x))
            if c is None or (isinstance(inner, arith.DivfOp) and inner.lhs is not x):
                return None
            factor *= 1.0 / c if isinstance(inner, arith.DivfOp) else c
            x = inner.result
        elif not isinstance(inner, arith.ConstantOp) and not (
            isinstance(inner, arith.TruncFOp) and float_constant(inner.result)
        ):
            return None
    return (dims, factor) if last.operands[0] is x else None


def float_constant(value: SSAValue) -> float | None:
    """A scalar float constant, or the splat of a constant float tensor; a
    constant truncated (torch-mlir's `arith.truncf %c : f64 to f32` of a
    scale such as 1/sqrt(sqrt(64))) as the truncation rounds it."""
    owner = value.owner
    if isinstance(owner, arith.TruncFOp) and str(owner.result.type) == "f32":
        wide = float_constant(owner.operands[0])
        return None if wide is None else struct.unpack("f", struct.pack("f", wide))[0]
    if not isinstance(owner, arith.ConstantOp):
        return None
    attr = owner.value
    if isinstance(attr, FloatAttr):
        return attr.value.data
    if isinstance(attr, DenseIntOrFPElementsAttr) and isinstance(attr.type, TensorType):
        only = splat_value(attr)
        return None if only is None else float(only)
    return None


def _splat_true(value: SSAValue) -> bool:
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp):
        return False
    attr = owner.value
    if isinstance(attr, IntegerAttr):
        return attr.value.data != 0
    if isinstance(attr, DenseIntOrFPElementsAttr):
        return splat_value(attr) in (1, -1, True)
    return False


def _body(op: GenericOp) -> tuple[list[Operation], list[SSAValue]]:
    *ops, last = op.body.block.ops
    assert isinstance(last, YieldOp)
    return ops, list(last.operands)


def _map(op: GenericOp, i: int) -> AffineMap:
    return op.indexing_maps.data[i].data


def _generic(value: SSAValue, inputs: int) -> GenericOp | None:
    """The all-parallel generic with `inputs` inputs and an identity output
    map that makes `value`, else None."""
    op = value.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != inputs:
        return None
    if len(op.outputs) != 1 or any(
        str(t.data) != "parallel" for t in op.iterator_types.data
    ):
        return None
    rank = len(op.iterator_types.data)
    return op if _map(op, inputs) == AffineMap.identity(rank) else None


# -- the causal mask ----------------------------------------------------------


def causal_mask(mask: SSAValue) -> list[Operation] | None:
    """The ops (consumers first) that build `mask` [S, L] as torch-mlir's
    additive causal mask: 0 where key j <= query i, else -inf (module
    doc); None if it is another mask."""
    select = _zero_or_minus_infinity(mask)
    if select is None:
        return None
    found = _keep_lower_triangle(select.inputs[0])
    return None if found is None else [select, *found]


def _zero_or_minus_infinity(mask: SSAValue) -> GenericOp | None:
    """The generic making `mask` [S, L] = select(cond, 0, -inf)."""
    select = _generic(mask, 3)
    if select is None or len(select.iterator_types.data) != 2:
        return None
    ops, (result,) = _body(select)
    cond, keep, drop = select.body.block.args[:3]
    sel = result.owner
    if not (
        isinstance(sel, arith.SelectOp) and list(sel.operands) == [cond, keep, drop]
    ):
        return None
    if any(o is not sel for o in ops):
        return None
    if _map(select, 0) != AffineMap.identity(2):
        return None
    if float_constant(select.inputs[1]) != 0.0:
        return None
    if float_constant(select.inputs[2]) != -math.inf:
        return None
    return select


def sliding_window(mask: SSAValue) -> tuple[int, list[Operation]] | None:
    """(W, the ops) when `mask` [S, L] is the additive form of a boolean
    mask `(j <= i) & (j > i - W)` built from arange (a Mistral-style
    sliding window with the causal mask; compares of an iota read by row
    and one by column, maybe offset by a constant, in any order), else None."""
    select = _zero_or_minus_infinity(mask)
    if select is None:
        return None
    both = _generic(select.inputs[0], 2)
    if both is None or any(_map(both, i) != AffineMap.identity(2) for i in (0, 1)):
        return None
    body, (result,) = _body(both)
    if len(body) != 1 or not isinstance(body[0], arith.AndIOp):
        return None
    if set(body[0].operands) != set(both.body.block.args[:2]):
        return None
    bounds, ops = [], [select, both]
    for cond in both.inputs:
        found = _key_minus_query_bound(cond)
        if found is None:
            return None
        bounds.append(found[0])
        ops += found[1]
    uppers = [b for kind, b in bounds if kind == "upper"]
    lowers = [b for kind, b in bounds if kind == "lower"]
    if uppers != [0] or len(lowers) != 1 or lowers[0] > 0:
        return None
    return 1 - lowers[0], ops


def alibi_bias(mask: SSAValue) -> tuple[tuple[float, ...], list[Operation]] | None:
    """(slopes, the ops) when `mask` [H, S, L] is ALiBi's bias as exported
    from `slopes[:, None, None] * (arange(L)[None, :] - arange(S)[:, None])`:
    a generic over (h, i, j) multiplying a constant [H] (expanded to
    [H, 1, 1]) by `sitofp` of the iota difference [S, L]; else None."""
    bias = _generic(mask, 2)
    if bias is None or len(bias.iterator_types.data) != 3:
        return None
    ops, (result,) = _body(bias)
    slope_arg, distance_arg = bias.body.block.args[:2]
    if len(ops) != 2 or not isinstance(ops[0], arith.SIToFPOp):
        return None
    if ops[0].input is not distance_arg or not isinstance(ops[1], arith.MulfOp):
        return None
    if (
        set(ops[1].operands) != {slope_arg, ops[0].result}
        or ops[1].result is not result
    ):
        return None
    slope_dims = list(_map(bias, 0).results)
    distance_dims = _map(bias, 1).results
    if [getattr(e, "position", None) for e in distance_dims] != [1, 2]:
        return None
    if not isinstance(slope_dims[0], AffineDimExpr) or slope_dims[0].position != 0:
        return None
    if any(not isinstance(e, AffineConstantExpr) for e in slope_dims[1:]):
        return None
    slopes, slope_ops = constant_vector(bias.inputs[0])
    difference = _index_difference(bias.inputs[1])
    if slopes is None or difference is None:
        return None
    sign, difference_ops = difference
    return tuple(sign * x for x in slopes), [bias, *slope_ops, *difference_ops]


def constant_vector(value: SSAValue) -> tuple[list[float] | None, list[Operation]]:
    """The values of a float constant [N] (maybe expanded by unit
    dimensions; dense or a dense_resource blob) and the expand."""
    ops: list[Operation] = []
    if isinstance(value.owner, tensor.ExpandShapeOp):
        ops.append(value.owner)
        value = value.owner.src
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp) or not isinstance(
        value.type, TensorType
    ):
        return None, ops
    if sum(d != 1 for d in value.type.get_shape()) > 1:
        return None, ops  # not a vector (nor read: a mask's 100M zeros)
    attr, element = owner.value, value.type.element_type
    if isinstance(attr, DenseIntOrFPElementsAttr):
        values = [float(x) for x in attr.get_values()]
    elif isinstance(attr, DenseResourceAttr):
        blob = resource_blob(attr.resource_handle.data)
        if blob is None:
            return None, ops
        try:
            array = decode_blob(blob, element, tuple(value.type.get_shape()))
        except ValueError:
            return None, ops
        values = [float(x) for x in array.reshape(-1)]
    else:
        return None, ops
    if len(values) != math.prod(value.type.get_shape()):
        return None, ops  # a splat: not per head
    return values, ops


#: cmpi predicates (MLIR's numbering) as bounds on lhs - rhs: slt 2, sle 3,
#: sgt 4, sge 5 -> (kind, offset): lhs - rhs <= -1, <= 0, >= 1, >= 0.
_BOUNDS = {2: ("upper", -1), 3: ("upper", 0), 4: ("lower", 1), 5: ("lower", 0)}


def _key_minus_query_bound(
    cond: SSAValue,
) -> tuple[tuple[str, int], list[Operation]] | None:
    """(("upper" or "lower", c), ops) of a compare generic meaning
    j - i <= c or j - i >= c (j the column iota, i the row one)."""
    compare = _generic(cond, 2)
    if compare is None or len(compare.iterator_types.data) != 2:
        return None
    body, (result,) = _body(compare)
    cmp = result.owner
    if len(body) != 1 or not isinstance(cmp, arith.CmpiOp):
        return None
    if list(cmp.operands) != list(compare.body.block.args[:2]):
        return None
    bound = _BOUNDS.get(cmp.predicate.value.data)
    terms = [_offset_iota_read(compare, i) for i in (0, 1)]
    if bound is None or None in terms:
        return None
    (lhs, lhs_offset, lhs_ops), (rhs, rhs_offset, rhs_ops) = terms  # type: ignore[misc]
    if {lhs, rhs} != {0, 1}:
        return None
    kind, c = bound
    # (lhs + a) - (rhs + b) vs c: lhs - rhs vs c - a + b
    c = c - lhs_offset + rhs_offset
    if lhs == 0:  # i - j vs c: j - i vs -c, the other way
        kind, c = ("lower" if kind == "upper" else "upper"), -c
    return (kind, c), [compare, *lhs_ops, *rhs_ops]


def _offset_iota_read(op: GenericOp, i: int) -> tuple[int, int, list[Operation]] | None:
    """(loop, offset, ops): input `i` of `op` is an iota (as `_iota_read`)
    plus a constant (`addi` or `subi` in a generic of its own), or none."""
    step = _generic(op.inputs[i], 1)
    if step is None:
        read = _iota_read(op, i)
        return None if read is None else (read[0], 0, read[1])
    body, (result,) = _body(step)
    if len(body) != 1 or not isinstance(body[0], arith.AddiOp | arith.SubiOp):
        return None
    arg = step.body.block.args[0]
    if body[0].operands[0] is not arg or body[0].results[0] is not result:
        return None
    c = _int_constant(body[0].operands[1])
    if c is None or _map(step, 0) != _map(step, 1):
        return None
    read = _iota_read(op, i, step.inputs[0])
    if read is None:
        return None
    offset = c if isinstance(body[0], arith.AddiOp) else -c
    return read[0], offset, [step, *read[1]]


def _keep_lower_triangle(cond: SSAValue) -> list[Operation] | None:
    """The ops making `cond` [S, L] = (j - i <= 0) (and a true tensor)."""
    ops: list[Operation] = []
    both = _generic(cond, 2)
    if both is not None:
        body, (result,) = _body(both)
        a, b = both.body.block.args[:2]
        if len(body) != 1 or not isinstance(body[0], arith.AndIOp):
            return None
        if set(body[0].operands) != {a, b} or body[0].result is not result:
            return None
        if any(_map(both, i) != AffineMap.identity(2) for i in (0, 1)):
            return None
        if _splat_true(both.inputs[1]):
            cond = both.inputs[0]
        elif _splat_true(both.inputs[0]):
            cond = both.inputs[1]
        else:
            return None
        ops.append(both)
    compare = _generic(cond, 1)
    if compare is None or _map(compare, 0) != AffineMap.identity(2):
        return None
    body, (result,) = _body(compare)
    cmp = result.owner
    if len(body) != 1 or not isinstance(cmp, arith.CmpiOp):
        return None
    if cmp.lhs is not compare.body.block.args[0] or _int_constant(cmp.rhs) != 0:
        return None
    difference = _index_difference(compare.inputs[0])
    if difference is None:
        return None
    sign, difference_ops = difference
    # MLIR's cmpi predicates: 3 sle, 5 sge; keep j <= i: j - i <= 0 or i - j >= 0
    if cmp.predicate.value.data != (3 if sign > 0 else 5):
        return None
    return [*ops, compare, *difference_ops]


def _int_constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _index_difference(value: SSAValue) -> tuple[int, list[Operation]] | None:
    """(1 for j - i, -1 for i - j, the ops) of a subi generic over [S, L] of
    an iota read by column (j) and one read by row (i)."""
    sub = _generic(value, 2)
    if sub is None or len(sub.iterator_types.data) != 2:
        return None
    body, (result,) = _body(sub)
    a, b = sub.body.block.args[:2]
    if len(body) != 1 or not isinstance(body[0], arith.SubiOp):
        return None
    if list(body[0].operands) != [a, b] or body[0].result is not result:
        return None
    read = [_iota_read(sub, i) for i in (0, 1)]
    if None in read:
        return None
    (first, first_ops), (second, second_ops) = read  # type: ignore[misc]
    if {first, second} != {0, 1}:
        return None
    return (1 if first == 1 else -1), [sub, *first_ops, *second_ops]


def _iota_read(
    op: GenericOp, i: int, source: SSAValue | None = None
) -> tuple[int, list[Operation]] | None:
    """The loop (0 row, 1 column) whose index input `i` of `op` holds,
    where it (or `source`, which it is made of element by element) is an
    iota (maybe expanded by unit dimensions), and its ops."""
    m = _map(op, i)
    dims = [e.position for e in m.results if isinstance(e, AffineDimExpr)]
    units = [e for e in m.results if isinstance(e, AffineConstantExpr)]
    if len(dims) != 1 or any(e.value != 0 for e in units):
        return None
    source, ops = source or op.inputs[i], []
    expand = source.owner
    if isinstance(expand, tensor.ExpandShapeOp):
        ops.append(expand)
        source = expand.src
    iota = source.owner
    if not isinstance(iota, GenericOp) or iota.inputs or len(iota.outputs) != 1:
        return None
    if len(iota.iterator_types.data) != 1:
        return None
    body, (result,) = _body(iota)
    index = body[0] if body else None
    if not isinstance(index, IndexOp) or index.dim.value.data != 0:
        return None
    if len(body) == 2 and not (
        isinstance(body[1], arith.IndexCastOp) and body[1].input is index.result
    ):
        return None
    if len(body) > 2 or result is not body[-1].results[0]:
        return None
    shape = op.inputs[i].type.get_shape()  # type: ignore[union-attr]
    if len([s for s in shape if s != 1]) > 1:
        return None  # not the iota with unit dimensions around it
    return dims[0], [*ops, iota]


# -- the guard of a fully masked row ------------------------------------------


def fully_masked_guard(
    p: SSAValue,
) -> tuple[SSAValue, SSAValue, list[Operation]] | None:
    """(the softmax, the scores x it tests, the ops) of `p` =
    select(all(x == -inf) over the last dimension, 0, softmax): PyTorch's
    guard; None if `p` is not that."""
    select = _generic(p, 3)
    if select is None:
        return None
    ops, (result,) = _body(select)
    args = select.body.block.args
    sel = result.owner
    if not (isinstance(sel, arith.SelectOp) and list(sel.operands) == list(args[:3])):
        return None
    rank = len(select.iterator_types.data)
    if _map(select, 2) != AffineMap.identity(rank) or len(ops) != 1:
        return None
    if float_constant(select.inputs[1]) != 0.0:
        return None
    if not _row_broadcast(_map(select, 0), rank):
        return None
    found = _all_minus_infinity(select.inputs[0], rank)
    if found is None:
        return None
    x, found_ops = found
    return select.inputs[2], x, [select, *found_ops]


def _row_broadcast(m: AffineMap, rank: int) -> bool:
    """(d0, .., d[r-2], 0) or (d0, .., d[r-2]): a value per row."""
    lead = [AffineDimExpr(d) for d in range(rank - 1)]
    return list(m.results) in (lead, [*lead, AffineConstantExpr(0)])


def _all_minus_infinity(
    value: SSAValue, rank: int
) -> tuple[SSAValue, list[Operation]] | None:
    """(x, ops) of `value` = and-reduction over the last dimension (from a
    fill of true) of `x == -inf` (in f64 or x's type)."""
    reduce = value.owner
    if not isinstance(reduce, GenericOp) or len(reduce.inputs) != 1:
        return None
    kinds = [str(t.data) for t in reduce.iterator_types.data]
    if kinds != ["parallel"] * (rank - 1) + ["reduction"] or len(reduce.outputs) != 1:
        return None
    if _map(reduce, 0) != AffineMap.identity(rank):
        return None
    if not _row_broadcast(_map(reduce, 1), rank):
        return None
    body, (result,) = _body(reduce)
    a, acc = reduce.body.block.args
    if len(body) != 1 or not isinstance(body[0], arith.AndIOp):
        return None
    if set(body[0].operands) != {a, acc} or body[0].result is not result:
        return None
    fill = reduce.outputs[0].owner
    if not isinstance(fill, FillOp) or not _splat_true(fill.inputs[0]):
        return None
    compare = _generic(reduce.inputs[0], 1)
    if compare is None or _map(compare, 0) != AffineMap.identity(rank):
        return None
    body, (result,) = _body(compare)
    x = compare.body.block.args[0]
    cmp = result.owner
    if not isinstance(cmp, arith.CmpfOp) or cmp.predicate.value.data != 1:  # oeq
        return None
    extended = cmp.lhs.owner
    if isinstance(extended, arith.ExtFOp) and extended.input is x:
        tested = extended.result
    else:
        tested = x
    if cmp.lhs is not tested or float_constant(cmp.rhs) != -math.inf:
        return None
    if any(o not in (cmp, tested.owner) for o in body):
        return None
    return compare.inputs[0], [reduce, compare]
