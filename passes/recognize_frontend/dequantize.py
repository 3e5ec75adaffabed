"""Dequantized operands (`FuseDequantize`): the element-wise ops that compute
a contraction operand from narrower tensors (a quantized weight, its scales
and zero points), through reshapes, nibble interleaving and transposes,
become one all-parallel generic over the operand's shape, the
*dequantize prologue* of the product (docs/passes/recognize-frontend.md):

    %w = linalg.generic {indexing_maps = [
             affine_map<(d0, d1) -> (d0, d1 floordiv 2)>,    packed u8 nibbles
             affine_map<(d0, d1) -> (d0, d1 floordiv 128)>,  a scale per group
             affine_map<(d0, d1) -> (d0, d1)>], ...}
           ins(%q, %scale : tensor<NxK/2xi8>, tensor<NxK/128xf16>) ... {
      %k = linalg.index 1 : index      (which nibble: k mod 2, torch's
      ...                               stack + reshape interleaving)
    }
    %y = linalg.matmul ins(%x, %w) (B read transposed)

torch-mlir exports `F.linear(x, w_i8.to(f16) * scale[:, None])` as a
`sitofp` generic, an expand_shape of the scales and a `mulf` generic; the
int4 form `(w >> 4) & 0xF`, `w & 0xF`, stacked, reshaped into groups,
`- 8` or `- zero_point`, `* scale` as six generics, expand/collapse_shape
and a `tensor.concat`. The body of the new generic is those generics'
bodies cloned (the same arithmetic in the same order: the same values);
each input is read through the composition of the maps and reshapes, which
must come out, checked element by element along each loop, as `d`,
`d floordiv G` or 0 (else the ops stay as they are). lower-to-coopmat then
decodes the weight in the product's load (weight_decode.py).

An index past a leaf's extent (scales of the wrong shape written by hand)
is a located error. It runs before the constant folding, which would
otherwise widen a constant weight at compile time (and which leaves a
dequantize prologue alone).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    UnitAttr,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, TransposeOp, YieldOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.diagnostics import CompileError, location_of, remark
from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.elements import bit_width
from coopmlir.passes.recognize_frontend.unused import erase_unused

#: The attribute marking a dequantize prologue (what it reads, for remarks).
MARK = "coopmlir.dequantize"


@dataclass(frozen=True)
class _Leaf:
    """A tensor the operand is computed from, read at `index` (canonical
    expressions of the operand's loops)."""

    value: SSAValue
    index: tuple[AffineExpr, ...]


@dataclass(frozen=True)
class _Select:
    """options[i] where `expr` (of one loop) is i: a concat of unit slices
    interleaving them (the high and low nibbles); its expression must be
    the loop mod len(options) (checked with the loop's extent)."""

    expr: AffineExpr
    options: tuple[object, ...]

    @property
    def dim(self) -> int:
        (dim,) = _dims(self.expr)
        return dim


@dataclass(frozen=True)
class _Op:
    """A body op applied to operand nodes (_Leaf, _Select, _Op, or an
    arith.constant from outside the body)."""

    op: Operation
    operands: tuple[object, ...]


class _Miss(Exception):  # noqa: N818 (a control-flow signal)
    """Not a dequantize prologue: the ops stay as they are (the argument,
    if any, says why, for `explain`)."""


class FuseDequantize(RewritePattern):
    """A contraction input computed element-wise from narrower tensors ->
    one dequantize generic computing it (module doc)."""

    def __init__(self, pass_name: str, explain: bool = False):
        self.pass_name = pass_name
        self.explain = explain

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ContractionOp, rewriter: PatternRewriter) -> None:
        for value in op.inputs:
            t = value.type
            if not isinstance(t, TensorType) or not _computed(value):
                continue
            shape = t.get_shape()
            if any(s < 0 for s in shape):
                continue
            rank = len(shape)
            try:
                node = _tensor(value, tuple(AffineDimExpr(d) for d in range(rank)))
                leaves = _leaves(node, shape)
                if not _dequantizes(leaves, t.element_type):
                    continue
                canonical = {
                    leaf: _canonical(leaf, shape, op, self.pass_name) for leaf in leaves
                }
            except _Miss as miss:
                if self.explain and miss.args and _reads_quantized(value):
                    remark(
                        op,
                        self.pass_name,
                        f"an operand dequantized from {_quantized(value)} is "
                        "not one dequantize (its own loop kernels, not decoded "
                        f"in the product's load): {miss.args[0]}",
                    )
                continue
            new = _generic(node, canonical, t)
            rewriter.insert(new, InsertPoint.before(op))
            owner = value.owner
            result = new[-1].results[0]
            op.operands = [result if v is value else v for v in op.operands]
            rewriter.notify_op_modified(op)
            assert isinstance(owner, Operation)
            erase_unused(rewriter, owner)


def is_dequantize(op: Operation) -> bool:
    """Whether `op` is a dequantize prologue this pattern made."""
    return isinstance(op, GenericOp) and MARK in op.attributes


def _sources(value: SSAValue) -> list[SSAValue]:
    """The values the look-through ops computing `value` start from."""
    found, work = [], [value]
    while work:
        v = work.pop()
        owner = v.owner
        if isinstance(owner, GenericOp):
            work.extend(owner.inputs)
        elif isinstance(owner, _LOOKED_THROUGH):
            work.extend(o for o in owner.operands if isinstance(o.type, TensorType))
        elif v not in found:
            found.append(v)
    return found


def _quantized(value: SSAValue) -> str:
    """The types of the quantized weights `value` is computed from."""
    leaves = [_Leaf(v, ()) for v in _sources(value) if _weight(v)]
    return ", ".join(
        str(leaf.value.type)
        for leaf in leaves
        if _dequantizes([leaf], value.type.element_type)  # type: ignore[attr-defined]
    )


def _reads_quantized(value: SSAValue) -> bool:
    return bool(_quantized(value))


def _computed(value: SSAValue) -> bool:
    """Produced by ops the tracer looks through, not already one prologue."""
    owner = value.owner
    if isinstance(owner, GenericOp):
        return MARK not in owner.attributes
    return isinstance(owner, _LOOKED_THROUGH)


_LOOKED_THROUGH = (
    tensor.ExpandShapeOp,
    tensor.CollapseShapeOp,
    TransposeOp,
    tensor.ConcatOp,
)


# -- tracing the operand back to its leaves -----------------------------------


def _tensor(value: SSAValue, index: tuple[AffineExpr, ...]) -> object:
    """The node computing `value`'s element at `index`."""
    owner = value.owner
    if isinstance(owner, GenericOp):
        return _through_generic(owner, index)
    if isinstance(owner, tensor.ExpandShapeOp):
        return _tensor(owner.src, _expanded(owner, index))
    if isinstance(owner, tensor.CollapseShapeOp):
        return _tensor(owner.src, _collapsed(owner, index))
    if isinstance(owner, TransposeOp):
        perm = owner.permutation.get_values()
        src = [AffineConstantExpr(0)] * len(perm)
        for i, p in enumerate(perm):
            src[p] = index[i]
        return _tensor(owner.inputs[0], tuple(src))
    if isinstance(owner, tensor.ConcatOp):
        return _through_concat(owner, index)
    return _Leaf(value, index)


def _static_shape(value: SSAValue) -> tuple[int, ...]:
    t = value.type
    if not isinstance(t, TensorType) or any(s < 0 for s in t.get_shape()):
        raise _Miss
    return tuple(t.get_shape())


def _groups(op: tensor.ExpandShapeOp | tensor.CollapseShapeOp) -> list[list[int]]:
    return [
        [int(i.value.data) for i in group.data]  # type: ignore[attr-defined]
        for group in op.reassociation.data
    ]


def _expanded(
    op: tensor.ExpandShapeOp, index: tuple[AffineExpr, ...]
) -> tuple[AffineExpr, ...]:
    """The source index of an expand_shape's element `index`."""
    shape = _static_shape(op.result)
    src = []
    for group in _groups(op):
        expr: AffineExpr = AffineConstantExpr(0)
        for d in group:
            expr = expr * shape[d] + index[d]
        src.append(expr)
    return tuple(src)


def _collapsed(
    op: tensor.CollapseShapeOp, index: tuple[AffineExpr, ...]
) -> tuple[AffineExpr, ...]:
    """The source index of a collapse_shape's element `index`."""
    shape = _static_shape(op.src)
    src: dict[int, AffineExpr] = {}
    for expr, group in zip(index, _groups(op), strict=True):
        stride = 1
        for d in reversed(group):
            src[d] = (expr // stride) % shape[d]
            stride *= shape[d]
    return tuple(src[d] for d in range(len(src)))


def _through_concat(op: tensor.ConcatOp, index: tuple[AffineExpr, ...]) -> _Select:
    """A concat of unit slices along one loop-indexed dimension."""
    dim = op.dim.value.data
    if any(_static_shape(v)[dim] != 1 for v in op.inputs):
        raise _Miss("a tensor.concat of slices wider than 1")
    expr = index[dim]
    inner = index[:dim] + (AffineConstantExpr(0),) + index[dim + 1 :]
    if len(_dims(expr)) != 1:
        raise _Miss
    return _Select(expr, tuple(_tensor(v, inner) for v in op.inputs))


def _through_generic(op: GenericOp, index: tuple[AffineExpr, ...]) -> object:
    if len(op.outputs) != 1 or any(
        str(t.data) != "parallel" for t in op.get_iterator_types()
    ):
        raise _Miss
    body = op.body.block
    if any(isinstance(o, IndexOp) for o in body.ops):
        raise _Miss("a generic that reads linalg.index")
    maps = [m.data for m in op.get_indexing_maps()]
    if maps[-1] != AffineMap.identity(maps[-1].num_dims):
        raise _Miss
    yielded = body.last_op
    assert isinstance(yielded, YieldOp)

    def scalar(v: SSAValue) -> object:
        if isinstance(v, BlockArgument):
            if v.block is not body or v.index >= len(op.inputs):
                raise _Miss  # the output's (undefined) value, or another block's
            src = tuple(
                e.replace_dims_and_symbols(list(index), [])
                for e in maps[v.index].results
            )
            return _tensor(op.inputs[v.index], src)
        owner = v.owner
        if owner.parent_block() is not body:
            if isinstance(owner, arith.ConstantOp):
                return owner
            raise _Miss
        if not owner.name.startswith("arith.") or len(owner.results) != 1:
            raise _Miss
        return _Op(owner, tuple(scalar(x) for x in owner.operands))

    return scalar(yielded.operands[0])


# -- checking and building ----------------------------------------------------


def _leaves(node: object, shape: tuple[int, ...]) -> list[_Leaf]:
    """The leaves under `node`; each interleaving checked over its loop."""
    found: list[_Leaf] = []

    def walk(n: object) -> None:
        if isinstance(n, _Leaf):
            if n not in found:
                found.append(n)
        elif isinstance(n, _Select):
            ways, dim = len(n.options), n.dim
            if any(_at(n.expr, dim, x) != x % ways for x in range(shape[dim])):
                raise _Miss(f"an interleaving by {n.expr}, not the loop mod {ways}")
            for o in n.options:
                walk(o)
        elif isinstance(n, _Op):
            for o in n.operands:
                walk(o)

    walk(node)
    return found


def _dequantizes(leaves: list[_Leaf], element: Attribute) -> bool:
    """The leaves are weights (function arguments or constants, not what
    an earlier op computes: that is an epilogue's business) and one holds
    quantized numbers: integers, or floats of fewer than 16 bits, narrower
    than the operand."""
    if not all(_weight(leaf.value) for leaf in leaves):
        return False
    wide = bit_width(element)
    for leaf in leaves:
        t = leaf.value.type
        assert isinstance(t, TensorType)
        narrow = bit_width(t.element_type) < min(wide, 16)
        if narrow or (
            isinstance(t.element_type, IntegerType) and bit_width(t.element_type) < wide
        ):
            return True
    return False


def _weight(value: SSAValue) -> bool:
    return isinstance(value, BlockArgument) or isinstance(value.owner, arith.ConstantOp)


def _dims(expr: AffineExpr) -> set[int]:
    return {e.position for e in expr.dfs() if isinstance(e, AffineDimExpr)}


def _at(expr: AffineExpr, dim: int, x: int) -> int:
    dims = [0] * (dim + 1)
    dims[dim] = x
    return expr.eval(dims, [])


def _canonical(
    leaf: _Leaf, shape: tuple[int, ...], product: Operation, pass_name: str
) -> AffineMap:
    """The leaf's read as `d`, `d floordiv G` or 0 per dimension, each
    checked over its loop's whole extent (G need not divide it); a read
    past the leaf's extent is a located error at the product (scales of
    the wrong shape)."""
    extents = _static_shape(leaf.value)
    exprs: list[AffineExpr] = []
    for expr, extent in zip(leaf.index, extents, strict=True):
        dims = _dims(expr)
        if not dims:
            values = [expr.eval([0] * len(shape), [])]
            if values != [0]:
                raise _Miss
            exprs.append(AffineConstantExpr(0))
            continue
        if len(dims) != 1:
            raise _Miss
        (dim,) = dims
        values = [_at(expr, dim, x) for x in range(shape[dim])]
        if values[-1] >= extent:
            message = (
                f"{pass_name}: a dequantize reads {leaf.value.type} at index "
                f"{values[-1]} of a dimension of {extent} (the operand has "
                f"{shape[dim]} along that loop): scales or zero points of the "
                "wrong shape"
            )
            raise CompileError.at(location_of(product), message)
        # The first index of the second group (a last group may be partial:
        # K need not be a multiple of G).
        if values[-1] == 0:
            exprs.append(AffineConstantExpr(0))
            continue
        group = values.index(1) if 1 in values else 0
        if group and values == [x // group for x in range(shape[dim])]:
            d = AffineDimExpr(dim)
            exprs.append(d if group == 1 else d // group)
            continue
        raise _Miss(f"{leaf.value.type} read at {expr}: no group of a loop")
    return AffineMap(len(shape), 0, tuple(exprs))


def _generic(
    node: object, maps: dict[_Leaf, AffineMap], t: TensorType
) -> list[Operation]:
    """tensor.empty and the dequantize generic computing `node`."""
    inputs: list[tuple[SSAValue, AffineMap]] = []
    for leaf, amap in maps.items():
        if (leaf.value, amap) not in inputs:
            inputs.append((leaf.value, amap))
    empty = tensor.EmptyOp([], t)
    block = Block(
        arg_types=[
            *(v.type.element_type for v, _ in inputs),  # type: ignore[attr-defined]
            t.element_type,
        ]
    )
    built: dict[object, SSAValue] = {}
    indices: dict[int, SSAValue] = {}

    def emit(op: Operation) -> SSAValue:
        block.add_op(op)
        return op.results[0]

    def build(n: object) -> SSAValue:
        if isinstance(n, _Leaf):
            return block.args[inputs.index((n.value, maps[n]))]
        if n in built:
            return built[n]
        if isinstance(n, arith.ConstantOp):
            value = emit(n.clone())
        elif isinstance(n, _Select):
            value = _select(n, [build(o) for o in n.options], indices, emit)
        else:
            assert isinstance(n, _Op)
            operands = [build(o) for o in n.operands]
            value = emit(
                n.op.clone(value_mapper=dict(zip(n.op.operands, operands, strict=True)))
            )
        built[n] = value
        return value

    block.add_op(YieldOp(build(node)))
    rank = len(t.get_shape())
    generic = GenericOp(
        [v for v, _ in inputs],
        [empty.tensor],
        Region(block),
        [
            *(AffineMapAttr(m) for _, m in inputs),
            AffineMapAttr(AffineMap.identity(rank)),
        ],
        ArrayAttr([IteratorTypeAttr.parallel()] * rank),
        [t],
    )
    generic.attributes[MARK] = UnitAttr()
    return [empty, generic]


def _select(n: _Select, options: list[SSAValue], indices: dict, emit) -> SSAValue:
    """options[index(dim) mod len(options)], as a chain of arith.select."""
    if n.dim not in indices:
        indices[n.dim] = emit(IndexOp(n.dim))
    ways = emit(arith.ConstantOp(IntegerAttr(len(options), IndexType())))
    which = emit(arith.RemUIOp(indices[n.dim], ways))
    value = options[-1]
    for i in reversed(range(len(options) - 1)):
        at = emit(arith.ConstantOp(IntegerAttr(i, IndexType())))
        hit = emit(arith.CmpiOp(which, at, "eq"))
        value = emit(arith.SelectOp(hit, options[i], value))
    return value
