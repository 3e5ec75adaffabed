"""specialize-contractions: contraction-shaped linalg.generic -> linalg.matmul.

What a frontend (or MLIR's `--linalg-generalize-named-ops`) writes for a
matrix product is often a `linalg.generic`. This pass turns one into the
named op, as MLIR's `--linalg-specialize-generic-ops` does, so that
`lower-to-coopmat` (which runs it first) lowers it like any matmul:

- maps: three projected permutations over 3 loops (A, B, C of a matmul in
  any order of the loops and with any operand transposed) or 4 loops (with
  a batch loop in all three); exactly one reduction loop, in A and B and
  not in C; the iterator types agree with the maps;
- body: `yield(add(acc, mul(cast(a), cast(b))))`, the add and the mul in
  either operand order, each cast `arith.extf` (floats), `arith.extsi` or
  `arith.extui` (integers, the same for both inputs) or absent when the
  input type is the output's.

The result is `linalg.matmul` (`linalg.batch_matmul`) with the generic's
`indexing_maps`, its loops renumbered in MLIR's order (batch, m, n, k),
and `cast = #linalg.type_fn<cast_unsigned>` for `extui`.
Any other generic is left as it is (lower-to-coopmat then warns at it).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, ModuleOp
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from coopmlir.dialects.linalg_mixed_precision import (
    BatchMatmulOp,
    ContractionOp,
    MixedPrecisionMatmulOp,
    TypeFn,
    TypeFnAttr,
)

_ADDS = (arith.AddfOp, arith.AddiOp)
_MULS = (arith.MulfOp, arith.MuliOp)
_CASTS = (arith.ExtFOp, arith.ExtSIOp, arith.ExtUIOp)


def _is_contraction_loops(op: GenericOp) -> bool:
    """One reduction loop, in A and B only; C indexes every parallel loop."""
    loops = len(op.iterator_types.data)
    if loops not in (3, 4) or len(op.inputs) != 2 or len(op.outputs) != 1:
        return False
    dims = []
    for attr in op.indexing_maps.data:
        results = attr.data.results
        if not all(isinstance(e, AffineDimExpr) for e in results):
            return False
        positions = [e.position for e in results if isinstance(e, AffineDimExpr)]
        if len(set(positions)) != len(positions) or len(positions) != loops - 1:
            return False
        dims.append(set(positions))
    a, b, c = dims
    reductions = {
        d for d, t in enumerate(op.iterator_types.data) if str(t.data) == "reduction"
    }
    return (
        len(reductions) == 1
        and reductions == (a & b) - c
        and c == set(range(loops)) - reductions
        and len(a & c) == len(b & c) == loops - 2
    )


def _source(value: SSAValue, arg: SSAValue) -> type[Operation] | None | bool:
    """How `value` comes from block argument `arg`: the cast op's class, None
    when it is `arg` itself, False otherwise."""
    if value is arg:
        return None
    owner = value.owner
    if isinstance(owner, _CASTS) and owner.input is arg:
        return type(owner)
    return False


def multiply_add_casts(block: Block) -> list[type[Operation] | None] | None:
    """The input casts of a `yield(add(acc, mul(cast(a), cast(b))))` body, or
    None when the body is anything else."""
    x, y, acc = block.args
    yield_op = block.last_op
    if not isinstance(yield_op, YieldOp) or len(yield_op.operands) != 1:
        return None
    add = yield_op.operands[0].owner
    if not isinstance(add, _ADDS) or acc not in add.operands:
        return None
    product = add.rhs if add.lhs is acc else add.lhs
    mul = product.owner
    if not isinstance(mul, _MULS) or (type(add), type(mul)) not in tuple(
        zip(_ADDS, _MULS, strict=True)
    ):
        return None
    for lhs, rhs in ((mul.lhs, mul.rhs), (mul.rhs, mul.lhs)):
        casts = [_source(lhs, x), _source(rhs, y)]
        if False not in casts:
            break
    else:
        return None
    expected_ops = 3 + sum(c is not None for c in casts)
    if len(block.ops) != expected_ops:
        return None  # the body computes something more
    return casts  # type: ignore[return-value]


def mlir_loop_order(maps: ArrayAttr[AffineMapAttr]) -> ArrayAttr[AffineMapAttr]:
    """The maps over the loops renumbered in the order MLIR's named ops fix
    (batch, m, n, k: C's loops as C indexes them, then the reduction): MLIR
    refuses a `linalg.matmul` whose maps put a reduction loop in d0. The
    loops are only renamed, so the product is the same."""
    c = [e.position for e in maps.data[2].data.results]  # type: ignore[attr-defined]
    loops = maps.data[0].data.num_dims
    order = c + [d for d in range(loops) if d not in c]
    renamed = [AffineExpr.dimension(order.index(d)) for d in range(loops)]
    return ArrayAttr(
        AffineMapAttr(m.data.replace_dims_and_symbols(renamed, [], loops, 0))
        for m in maps.data
    )


def specialized(op: GenericOp) -> ContractionOp | None:
    """The named contraction `op` computes, or None."""
    if not _is_contraction_loops(op) or len(op.body.blocks) != 1:
        return None
    casts = multiply_add_casts(op.body.block)
    if casts is None:
        return None
    kinds = {c for c in casts if c is not None}
    if len(kinds) > 1 or (kinds == {arith.ExtFOp} and len(casts) != 2):
        return None
    cast = TypeFnAttr(TypeFn.CAST_UNSIGNED) if kinds == {arith.ExtUIOp} else None
    named = (
        MixedPrecisionMatmulOp if len(op.iterator_types.data) == 3 else BatchMatmulOp
    )
    try:
        new = named(
            list(op.inputs),
            list(op.outputs),
            res=[r.type for r in op.res],
            attributes=dict(op.attributes),
            indexing_maps=mlir_loop_order(op.indexing_maps),
            cast=cast,
        )
    except Exception:  # noqa: BLE001 - types the named op does not accept
        return None
    # The named op's own body must be the generic's computation.
    own = multiply_add_casts(new.body.block)
    if own is None or sorted(map(str, own)) != sorted(map(str, casts)):
        return None
    new.location = op.location
    return new


def specialize_contractions(module: ModuleOp) -> None:
    """Replace every contraction-shaped linalg.generic of `module`."""
    for op in list(module.walk()):
        if not isinstance(op, GenericOp):
            continue
        new = specialized(op)
        if new is not None:
            Rewriter.replace_op(op, new)


@dataclass(frozen=True)
class SpecializeContractions(ModulePass):
    """`--specialize-contractions` (see the module docstring)."""

    name = "specialize-contractions"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        specialize_contractions(op)
