"""specialize-contractions: contraction-shaped linalg.generic -> linalg.matmul.

What a frontend (or MLIR's `--linalg-generalize-named-ops`) writes for a
matrix product is often a `linalg.generic`. This pass turns one into the
named op, as MLIR's `--linalg-specialize-generic-ops` does, so that
`lower-to-coopmat` lowers it like any matmul (recognize-frontend, its first
step, runs this rewrite as `SpecializeContraction`):

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
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

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


class NotAMatmul(ValueError):
    """Indexing maps that are not a (batch) matmul of whole matrices."""


@dataclass(frozen=True)
class MatmulLoops:
    """The loops of a named (batch) matmul: the loop of each dimension of A,
    B and C (`dims`), how many lead as batch loops, and which are m, n, k."""

    dims: tuple[list[int], list[int], list[int]]
    batch: int
    m: int
    n: int
    k: int

    @property
    def transposed(self) -> tuple[bool, bool, bool]:
        """Whether A, B and C are stored transposed (k x m, n x k, n x m)."""
        a, b, c = (d[self.batch :] for d in self.dims)
        return (a == [self.k, self.m], b == [self.n, self.k], c == [self.n, self.m])


def matmul_loops(op: ContractionOp) -> MatmulLoops:
    """The loops of `op`'s indexing maps; `NotAMatmul` for maps that are
    not a (batch) matmul with A, B and C each a plain or transposed matrix."""
    maps = [m.data for m in op.get_indexing_maps().data]
    dims: list[list[int]] = []
    for m in maps:
        if not all(isinstance(e, AffineDimExpr) for e in m.results):
            dims = []
            break
        dims.append([e.position for e in m.results if isinstance(e, AffineDimExpr)])
    text = ", ".join(str(m) for m in maps)
    if len(dims) != 3 or not all(len(set(d)) == len(d) for d in dims):
        raise NotAMatmul(f"indexing maps [{text}] are not projected permutations")
    a, b, c = dims
    batch = len(c) - 2
    if batch not in (0, 1) or len(a) != len(c) or len(b) != len(c):
        raise NotAMatmul(f"indexing maps [{text}] are not a (batch) matmul")
    if batch and not (a[0] == b[0] == c[0]):
        raise NotAMatmul(
            f"indexing maps [{text}]: the batch dimension must lead A, B and C"
        )
    m_n = set(c[batch:])
    k = set(a[batch:]) - m_n
    if (
        len(k) != 1
        or set(b[batch:]) - m_n != k
        or len(set(a[batch:]) & m_n) != 1
        or len(set(b[batch:]) & m_n) != 1
        or set(a[batch:]) & set(b[batch:]) != k
    ):
        raise NotAMatmul(
            f"indexing maps [{text}] are not a matmul: A and B must share one "
            "reduction dimension and each hold one dimension of C"
        )
    m_loop = next(d for d in a[batch:] if d in c)
    n_loop = next(d for d in b[batch:] if d in c)
    return MatmulLoops((a, b, c), batch, m_loop, n_loop, k.pop())


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
    return same_computation(new, casts, op)


def same_computation(new, casts: list, generic: Operation):
    """`new` (a named op), located at `generic`, if its own body is the
    generic's multiply-add with the same input `casts`; None otherwise."""
    own = multiply_add_casts(new.body.block)
    if own is None or sorted(map(str, own)) != sorted(map(str, casts)):
        return None
    new.location = generic.location
    return new


class SpecializeContraction(RewritePattern):
    """A contraction-shaped `linalg.generic` becomes the named matmul or
    batch_matmul it computes (`specialized`); other generics stay."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        new = specialized(op)
        if new is not None:
            rewriter.replace(op, new)


def specialize_contractions(module: ModuleOp) -> None:
    """Replace every contraction-shaped linalg.generic of `module`."""
    walker = PatternRewriteWalker(SpecializeContraction(), apply_recursively=False)
    walker.rewrite_module(module)


@dataclass(frozen=True)
class SpecializeContractions(ModulePass):
    """`--specialize-contractions` (see the module docstring)."""

    name = "specialize-contractions"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        specialize_contractions(op)
