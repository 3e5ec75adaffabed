"""Contractions with a prologue in their body (`SplitPrologue`): MLIR's
`--linalg-fuse-elementwise-ops` folds the element-wise producer of a
product's operand into the product's body, e.g. a layer's bias + ReLU
into the next layer's matmul:

    %y = linalg.generic {maps [(d0, d2), (d2), (d2, d1), (d0, d1)],
                         ["parallel", "parallel", "reduction"]}
           ins(%h, %bias, %w) outs(%acc) {
      ^bb0(%x: f32, %b: f32, %v: f32, %o: f32):
        %s = arith.addf %x, %b   %r = arith.maximumf %s, 0   (the prologue)
        %p = arith.mulf %r, %v   %q = arith.addf %o, %p      (the product)
    }

which is no matmul. The body's product `out + x * y` is split from what
computes x (y) when that is more than a block argument or its one
widening cast: an all-parallel generic over x's loops (here (d0, d2))
computes x from its arguments into a fresh tensor, and the contraction
reads that tensor, its body `out + x * y` again; SpecializeContraction then
names it. The prologue generic reads what x read, through the same maps
restricted to its loops, so the program computes the same values; as the
consumer of the layer before (%h is a product's result), lower-to-coopmat
fuses it there as an epilogue. A side whose ops read the other side's loops
(n for x, m for y) or the output, or sizes known at run time only, leave
the op as it is.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, TensorType
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, YieldOp
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

#: Casts a contraction body may apply to an operand itself (ReadNarrowInputs
#: and ReadIntegerInputs read through them): not a prologue.
_OPERAND_CASTS = (
    arith.ExtFOp,
    arith.ExtSIOp,
    arith.ExtUIOp,
    arith.SIToFPOp,
    arith.UIToFPOp,
)


class SplitPrologue(RewritePattern):
    """A contraction generic whose operand is computed in its body ->
    an element-wise generic computing it, then the plain contraction
    (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter):
        split = _split(op)
        if split is None:
            return
        body = op.body.block
        product, mul = split
        sizes = _loop_sizes(op)
        if sizes is None:
            return
        maps = [m.data for m in op.get_indexing_maps()]
        rank = maps[0].num_dims
        operands: list[SSAValue] = []
        operand_maps: list[AffineMap] = []
        casts: list[Operation | None] = []
        new_ops: list[Operation] = []
        for value in mul.operands:
            side = _side(value, body)
            if side is None:
                return
            args, ops = side
            dims = _loops_of(args, maps)
            if _is_plain(value, args, ops):
                (arg,) = args
                operands.append(op.inputs[arg.index])
                operand_maps.append(maps[arg.index])
                casts.append(ops[0] if ops else None)
                continue
            if any(sizes[d] is None for d in dims) or not dims:
                return
            prologue = _prologue(op, value, args, ops, dims, sizes)
            new_ops.extend(prologue)
            operands.append(prologue[-1].results[0])
            operand_maps.append(
                AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in dims))
            )
            casts.append(None)
        if not new_ops:
            return
        contraction = _contraction(op, operands, operand_maps, casts, mul, product)
        rewriter.insert(new_ops, InsertPoint.before(op))
        rewriter.replace(op, contraction)


def _split(op: GenericOp) -> tuple[Operation, Operation] | None:
    """The body's `out + x * y` (the add, the multiply) of a contraction
    generic on tensors with one output; None for another body."""
    if len(op.res) != 1 or len(op.outputs) != 1:
        return None
    kinds = [str(t.data) for t in op.get_iterator_types()]
    if "reduction" not in kinds or not isinstance(op.res[0].type, TensorType):
        return None
    body = op.body.block
    if any(isinstance(o, IndexOp) for o in body.ops):
        return None
    yielded = body.last_op
    assert isinstance(yielded, YieldOp)
    (value,) = yielded.operands
    product = value.owner
    out = body.args[-1]
    if not isinstance(product, arith.AddfOp | arith.AddiOp):
        return None
    rest = [v for v in product.operands if v is not out]
    if len(rest) != 1 or len(product.operands) != 2:
        return None
    mul = rest[0].owner
    if not isinstance(mul, arith.MulfOp | arith.MuliOp):
        return None
    if mul.results[0].uses.get_length() != 1:
        return None
    return product, mul


def _side(
    value: SSAValue, body: Block
) -> tuple[list[BlockArgument], list[Operation]] | None:
    """The block arguments and the ops (in body order) that `value`
    depends on; None where it reads the output or a value from outside
    that is not a constant."""
    args: set[BlockArgument] = set()
    ops: set[Operation] = set()
    work = [value]
    while work:
        v = work.pop()
        if isinstance(v, BlockArgument):
            if v.block is not body or v is body.args[-1]:
                return None
            args.add(v)
            continue
        owner = v.owner
        if owner.parent_block() is not body:
            if isinstance(owner, arith.ConstantOp):
                continue
            return None
        if owner not in ops:
            ops.add(owner)
            work.extend(owner.operands)
    ordered = [o for o in body.ops if o in ops]
    return sorted(args, key=lambda a: a.index), ordered


def _loops_of(args: list[BlockArgument], maps: list[AffineMap]) -> list[int]:
    """The loops `args` read, in the order of the first argument that reads
    all of them (B's (k, n) stays (k, n), not transposed); else sorted."""
    loops = {d for a in args for d in maps[a.index].used_dims()}
    for a in args:
        order = [
            e.position for e in maps[a.index].results if isinstance(e, AffineDimExpr)
        ]
        if set(order) == loops and len(order) == len(loops):
            return order
    return sorted(loops)


def _is_plain(value: SSAValue, args: list, ops: list[Operation]) -> bool:
    """A block argument, or its one widening cast: an operand as it is."""
    if not ops:
        return True
    return (
        len(ops) == 1
        and len(args) == 1
        and isinstance(ops[0], _OPERAND_CASTS)
        and ops[0].operands[0] is args[0]
        and ops[0].results[0] is value
    )


def _loop_sizes(op: GenericOp) -> list[int | None] | None:
    """Each loop's extent, read from the operands' static shapes."""
    maps = [m.data for m in op.get_indexing_maps()]
    sizes: list[int | None] = [None] * maps[0].num_dims
    for value, amap in zip([*op.inputs, *op.outputs], maps, strict=True):
        t = value.type
        if not isinstance(t, TensorType):
            return None
        for expr, size in zip(amap.results, t.get_shape(), strict=True):
            if isinstance(expr, AffineDimExpr) and size >= 0:
                sizes[expr.position] = size
    return sizes


def _prologue(
    op: GenericOp,
    value: SSAValue,
    args: list[BlockArgument],
    ops: list[Operation],
    dims: list[int],
    sizes: list[int | None],
) -> list[Operation]:
    """tensor.empty and the all-parallel generic over loops `dims` that
    compute `value` from `args` (their maps restricted to those loops)."""
    maps = [m.data for m in op.get_indexing_maps()]
    rank = maps[0].num_dims
    renumber = [
        AffineDimExpr(dims.index(d)) if d in dims else None for d in range(rank)
    ]
    shape = [sizes[d] for d in dims]
    empty = tensor.EmptyOp([], TensorType(value.type, shape))
    block = Block(arg_types=[*(a.type for a in args), value.type])
    mapping: dict[SSAValue, SSAValue] = dict(zip(args, block.args, strict=False))
    for inner in ops:
        block.add_op(inner.clone(value_mapper=mapping))
    block.add_op(YieldOp(mapping[value]))
    new_maps = [
        maps[a.index].replace_dims_and_symbols(renumber, [], len(dims), 0) for a in args
    ]
    new_maps.append(AffineMap.identity(len(dims)))
    generic = GenericOp(
        [op.inputs[a.index] for a in args],
        [empty.tensor],
        Region(block),
        [AffineMapAttr(m) for m in new_maps],
        ArrayAttr([IteratorTypeAttr.parallel()] * len(dims)),
        [empty.tensor.type],
    )
    return [empty, generic]


def _contraction(
    op: GenericOp,
    operands: list[SSAValue],
    maps: list[AffineMap],
    casts: list[Operation | None],
    mul: Operation,
    product: Operation,
) -> GenericOp:
    """`op` on `operands` (through `maps`), its body `out + x * y` (each
    operand's widening cast kept)."""
    out_type = op.body.block.args[-1].type
    element = [v.type.element_type for v in operands]  # type: ignore[attr-defined]
    block = Block(arg_types=[*element, out_type])
    values = []
    for arg, cast in zip(block.args[:2], casts, strict=True):
        if cast is None:
            values.append(arg)
            continue
        new = cast.clone(value_mapper={cast.operands[0]: arg})
        block.add_op(new)
        values.append(new.results[0])
    new_mul = mul.clone(
        value_mapper=dict(zip(mul.operands, values, strict=True))  # type: ignore[arg-type]
    )
    block.add_op(new_mul)
    out = op.body.block.args[-1]
    mapping = {out: block.args[-1], mul.results[0]: new_mul.results[0]}
    new_product = product.clone(value_mapper=mapping)
    block.add_op(new_product)
    block.add_op(YieldOp(new_product.results[0]))
    out_map = op.get_indexing_maps().data[-1]
    return GenericOp(
        operands,
        list(op.outputs),
        Region(block),
        [*(AffineMapAttr(m) for m in maps), out_map],
        op.get_iterator_types(),
        [r.type for r in op.res],
    )
