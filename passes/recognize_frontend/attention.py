"""The attention front end (`FuseAttention`): scaled dot-product attention
as a frontend writes it on tensors becomes one `coopmlir.attention`.

Recognized, from the last product back (each intermediate used once):

    S = Q @ K^T      linalg.matmul / batch_matmul with B's transposed
                     indexing maps, or linalg.matmul_transpose_b, or reading
                     K^T itself, or (4-D, [B, H, S, D]) a contraction
                     linalg.generic over five loops (b, h, i, j, d) with the
                     two leading loops first in every operand; or a
                     batch_matmul on [B*H, ...] between collapse_shape and
                     expand_shape of [B, H, ...] (torch-mlir's heads); output
                     a zero fill, f32 (the softmax is in f32)
    X = S * c        optional linalg.generic: mulf by a constant (or divf)
      + mask         optional linalg.generic: addf of a mask [..., S, L] or
                     [S, L]; torch-mlir's causal mask tensor is `causal`
      causal         optional linalg.generic: select(key > query, -inf, x) on
                     linalg.index of the last two dimensions
    P = softmax(X)   linalg.softmax over the last dimension, or the
                     decomposed form (MLIR's DecomposeSoftmax, torch-mlir's):
                     a max reduction (maybe with an unused argmax), exp(x -
                     max) (one generic or two), a sum reduction, a division;
                     optionally PyTorch's guard of fully masked rows after it
                     or, with attention sinks (attention_variants.py), the
                     softmax of [X, sink column] (maybe less its row max)
                     with that column dropped after it
        (P truncated to Q's type by a truncf generic, optionally)
    O = P @ V        linalg.matmul / batch_matmul (or the 4-D contraction
                     generic), output a zero fill; optionally truncated

Q, K and V are read back through torch-mlir's views (attention_export.py):
transposes, widening `extf` and scaling `mulf` generics (each factor joins
the scale); a view that permutes dimensions becomes a `linalg.transpose`
before the attention. Mask and causal generics may come in either order,
the scale before them. A linalg.softmax over another dimension than the
keys is a located error (no kernel computes it). Near misses stay separate
kernels, with a remark under `explain` (docs/passes/recognize-frontend.md):
a decomposed softmax over another dimension, a mask of another shape,
and a `target` without attention fragments for the element type. Anything else
is left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import DenseArrayBase, FloatAttr, TensorType, i64
from xdsl.dialects.linalg.ops import FillOp, GenericOp, IndexOp, TransposeOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from coopmlir import diagnostics
from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.attention import AttentionOp, Variants
from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.elements import element_of
from coopmlir.passes.recognize_frontend.attention_export import (
    OperandView,
    alibi_bias,
    causal_mask,
    fully_masked_guard,
    operand_view,
    sliding_window,
)
from coopmlir.passes.recognize_frontend.attention_heads import (
    BATCH_MERGED,
    composed,
    key_value_view,
    repeated_heads,
)
from coopmlir.passes.recognize_frontend.attention_variants import (
    dropped_last_column,
    sink_column,
    soft_cap,
)
from coopmlir.passes.recognize_frontend.products import is_zero_fill, replace_fused
from coopmlir.passes.specialize_contractions import (
    NotAMatmul,
    matmul_loops,
    multiply_add_casts,
)
from coopmlir.targets import Target


class _NoMatch(Exception):
    """The chain is not attention: leave it."""


class _NearMiss(_NoMatch):
    """Almost attention: left as separate (correct) kernels, with a remark
    at `op` (the last product where None) saying why, under explain."""

    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.op = op


@dataclass
class _Chain:
    """What a recognized chain computes, and the ops it replaces: `ops`
    only it reads; `views` (of Q, K, V, the causal mask) go where nothing
    else reads them."""

    scale: float = 1.0
    mask: SSAValue | None = None
    causal: bool = False
    softcap: float | None = None
    window: int | None = None
    alibi: tuple[float, ...] | None = None
    sinks: tuple[float, ...] | None = None
    ops: list[Operation] = field(default_factory=list)
    views: list[Operation] = field(default_factory=list)


@dataclass
class _Fused:
    """A matched chain: the op to build, what it replaces (`last`), and the
    operands that must be transposed first (views that are not identity)."""

    inputs: list[OperandView | SSAValue]
    out_type: TensorType
    chain: _Chain
    last: Operation
    covered: set[Operation]


class _Unsupported(Exception):
    """An attention chain that has no lowering, fused or not: refused at
    `op` with `message`."""

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op


@dataclass(frozen=True)
class FuseAttention(RewritePattern):
    """The last product `O = P @ V` of an attention chain (module doc), with
    the ops that make P, becomes one `coopmlir.attention` (at the product's
    location); the fills, `tensor.empty`s and constants only the chain used
    go too. Refusals name `pass_name`."""

    pass_name: str
    target: Target | None = None
    """Where the kernel runs: a chain whose types have no attention
    fragments there stays separate kernels (None: any)."""
    explain: bool = False
    """Remarks at the near misses (why a chain stays separate kernels)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, ContractionOp | GenericOp) or not op.res:
            return
        try:
            fused = _match(op, self.target)
        except _NearMiss as miss:
            if self.explain:
                diagnostics.remark(miss.op or op, self.pass_name, str(miss))
            return
        except _NoMatch:
            return
        except _Unsupported as err:
            raise CompileError.at(
                location_of(err.op), f"{self.pass_name}: {err}"
            ) from None
        _replace(rewriter, fused)


def _replace(rewriter: PatternRewriter, fused: _Fused) -> None:
    """Build the `coopmlir.attention` of `fused` before its last op (the
    operands' transposes and its output's `tensor.empty` first)."""
    new: list[Operation] = []
    inputs = []
    for x in fused.inputs:
        if isinstance(x, SSAValue):
            inputs.append(x)
        elif x.identity:
            inputs.append(x.source)
        else:
            source_type = x.source.type
            assert isinstance(source_type, TensorType)
            permutation = x.permutation()
            shape = source_type.get_shape()
            logical = TensorType(
                source_type.element_type, [shape[p] for p in permutation]
            )
            new.append(empty := tensor.EmptyOp([], logical))
            attr = DenseArrayBase.from_list(i64, permutation)
            new.append(transpose := TransposeOp(x.source, empty.tensor, attr))
            inputs.append(transpose.results[0])
    new.append(out := tensor.EmptyOp([], fused.out_type))
    for op in new:
        op.location = fused.last.location
        rewriter.insert(op, InsertPoint.before(fused.last))
    chain = fused.chain
    variants = Variants(chain.window, chain.softcap, chain.alibi, chain.sinks)
    attention = AttentionOp(inputs, out.tensor, chain.scale, chain.causal, variants)
    replace_fused(rewriter, fused.last, attention, fused.covered)


def _match(pv: ContractionOp | GenericOp, target: Target | None) -> _Fused:
    """The `coopmlir.attention` that `pv` ends (module doc)."""
    chain = _Chain()
    _zero_filled_product(pv, (False, False, False))
    p, split = _batch_split(pv.inputs[0], chain.ops)
    p = _through_truncf(p, chain)
    dropped = dropped_last_column(p)
    if dropped is not None:
        p, slice_op = dropped
        chain.ops.append(slice_op)
        p = _through_truncf(p, chain)
    guard = fully_masked_guard(p) if dropped is None else None
    if guard is not None:
        p, tested, guard_ops = guard
        chain.ops += guard_ops
    x = _softmax(p, chain)
    if dropped is not None:
        # An f16 export's softmax reads its f16 input widened to f32.
        x = _through_truncf(x, chain, arith.ExtFOp)
        x = _sinks(_without_row_max(x, chain), chain)
    if guard is not None and tested is not x:
        raise _NearMiss(
            "attention: the fully masked row guard tests other scores than the "
            "softmax's: separate kernels"
        )
    scores = _through_truncf(_masks_and_scale(x, chain), chain)
    if split:
        # Eager f16 code (gpt-oss's) truncates the [B*H] product before its view.
        scores = _through_truncf(_batch_merged(scores, chain.ops), chain)
    qk = _only_op(scores)
    if not isinstance(qk, ContractionOp | GenericOp):
        raise _NoMatch
    b_transposed = _qk_product(qk)
    chain.ops.append(qk)
    q = _operand(qk.inputs[0], split, chain)
    k, v = (_operand(x, split, chain, True) for x in (qk.inputs[1], pv.inputs[1]))
    if not b_transposed:
        k = k.swapped()  # the product read K^T
    if v.scale != 1.0:
        raise _NoMatch
    chain.scale *= q.scale * k.scale
    types = {x.source.type.element_type for x in (q, k, v)}  # type: ignore[union-attr]
    if len(types) != 1:
        raise _NoMatch
    if guard is not None and chain.window is not None:
        s, keys = x.type.get_shape()[-2:]  # type: ignore[union-attr]
        if s >= keys + chain.window:
            raise _NearMiss(
                "attention: with a sliding window of "
                f"{chain.window}, queries past L + W - 1 see no key (PyTorch's "
                "guard makes them 0): separate kernels"
            )
    if chain.mask is not None:
        _check_mask(pv, chain.mask, x)  # a fully masked row: 0, as the guard
    (element,) = types
    d = qk.inputs[0].type.get_shape()[-1]  # type: ignore[union-attr]
    dv = pv.inputs[1].type.get_shape()[-1]  # type: ignore[union-attr]
    _require_fragments(element, target, d, dv)
    last, out_type = _result(pv, split, chain.ops)
    covered = {pv, *chain.ops}
    for op in chain.ops:
        if any(use.operation not in covered for r in op.results for use in r.uses) and (
            op is not last
        ):
            raise _NoMatch  # an intermediate is read elsewhere: keep it
    _absorb(covered, chain.views)
    mask = [chain.mask] if chain.mask is not None else []
    return _Fused([q, k, v, *mask], out_type, chain, last, covered)


def _require_fragments(element, target: Target | None, d: int, dv: int) -> None:
    """A located refusal is not needed: the chain stays separate kernels
    where `target` has no fragments for attention on `element`, or none
    whose K divides the head dimension D and whose N divides Dv."""
    if target is None:
        return
    name = element_of(element).name
    shapes = target.attention_shapes(name)
    if not shapes:
        raise _NearMiss(
            f"attention on {name} stays separate kernels: {target.name} has "
            f"no {name} x {name} -> f32 fragments of an m x n x n shape"
        )
    if not any(d % s.k == 0 and dv % s.n == 0 for s in shapes):
        sizes = ", ".join(str(k) for k in sorted({s.k for s in shapes}))
        raise _NearMiss(
            f"attention with head dimensions D={d}, Dv={dv} stays separate "
            f"kernels: {target.name}'s attention fragments need multiples of {sizes}"
        )


def _absorb(covered: set[Operation], candidates: list[Operation]) -> None:
    """Add each candidate that only covered ops read (until none is left)."""
    changed = True
    while changed:
        changed = False
        for op in candidates:
            if op in covered:
                continue
            if all(u.operation in covered for r in op.results for u in r.uses):
                covered.add(op)
                changed = True


_LEAD_SPLIT = ((0, 1), (2,), (3,))


def _reassociation(op: tensor.CollapseShapeOp | tensor.ExpandShapeOp):
    return tuple(
        tuple(i.value.data for i in group.data)  # type: ignore[union-attr]
        for group in op.reassociation.data  # type: ignore[union-attr]
    )


def _batch_split(p: SSAValue, ops: list[Operation]) -> tuple[SSAValue, bool]:
    """P as the product reads it: a collapse [B, H, S, L] -> [B*H, S, L]
    (torch-mlir's heads) is looked through (True)."""
    collapse = p.owner
    if isinstance(collapse, tensor.CollapseShapeOp):
        if _reassociation(collapse) != _LEAD_SPLIT:
            raise _NoMatch
        ops.append(collapse)
        return collapse.src, True
    return p, False


def _batch_merged(scores: SSAValue, ops: list[Operation]) -> SSAValue:
    """The [B*H, S, L] product that an expand to [B, H, S, L] makes `scores`."""
    expand = scores.owner
    if not isinstance(expand, tensor.ExpandShapeOp) or (
        _reassociation(expand) != _LEAD_SPLIT
    ):
        raise _NoMatch
    ops.append(expand)
    return expand.src


def _operand(
    value: SSAValue, split: bool, chain: _Chain, kv: bool = False
) -> OperandView:
    """A product's operand as a view of its source (attention_export.py);
    split: through a collapse [B, H, ...] -> [B*H, ...]; `kv`: K or V, whose
    heads may be repeated for grouped query heads (attention_heads.py)."""
    if split and kv and (step := repeated_heads(value, BATCH_MERGED)):
        view = composed(step, operand_view(step.source))
        chain.views += view.ops
        return view
    if split:
        collapse = value.owner
        if not isinstance(collapse, tensor.CollapseShapeOp) or (
            _reassociation(collapse) != _LEAD_SPLIT
        ):
            raise _NoMatch
        chain.views.append(collapse)
        value = collapse.src
    view = key_value_view(value) if kv else operand_view(value)
    chain.views += view.ops
    return view


def _qk_product(qk: ContractionOp | GenericOp) -> bool:
    """Whether S = Q K^T reads K (B transposed) rather than K^T."""
    try:
        _zero_filled_product(qk, (False, True, False))
        return True
    except _NoMatch:
        _zero_filled_product(qk, (False, False, False))
        return False


def _result(
    pv: ContractionOp | GenericOp, split: bool, ops: list[Operation]
) -> tuple[Operation, TensorType]:
    """The op whose result the attention's replaces, and its type: the
    product, or the expand back to [B, H, S, Dv] (split), with a truncf
    generic to Q's type before or after that expand if it is the only
    reader."""
    last: Operation = pv
    # Eager f16 code (gpt-oss's) truncates the [B*H] product before its view.
    trunc = _truncating_reader(last) if split else None
    if trunc is not None:
        ops.append(trunc)
        last = trunc
    if split:
        uses = _only_uses(last)
        expand = uses[0].operation if len(uses) == 1 else None
        if not isinstance(expand, tensor.ExpandShapeOp) or (
            _reassociation(expand) != _LEAD_SPLIT
        ):
            raise _NoMatch
        ops.append(expand)
        last = expand
    if trunc is None:
        trunc = _truncating_reader(last)
        if trunc is not None:
            ops.append(trunc)
            last = trunc
    out_type = last.results[0].type
    assert isinstance(out_type, TensorType)
    return last, out_type


def _truncating_reader(op: Operation) -> GenericOp | None:
    """The only reader of `op`'s result when it is an identity-mapped
    generic that only truncates it."""
    uses = _only_uses(op)
    if len(uses) != 1 or not isinstance(trunc := uses[0].operation, GenericOp):
        return None
    body = list(trunc.body.block.ops)
    rank = len(trunc.iterator_types.data)
    if (
        len(trunc.inputs) == 1
        and len(body) == 2
        and isinstance(body[0], arith.TruncFOp)
        and all(m.data == AffineMap.identity(rank) for m in trunc.indexing_maps.data)
    ):
        return trunc
    return None


def _only_uses(op: Operation) -> list:
    return list(op.results[0].uses) if len(op.results) == 1 else []


def _only_op(value: SSAValue) -> Operation:
    """The op that makes `value` (its other uses are checked at the end)."""
    owner = value.owner
    if not isinstance(owner, Operation):
        raise _NoMatch
    return owner


def _zero_filled_product(
    op: ContractionOp | GenericOp, transposed: tuple[bool, bool, bool]
) -> SSAValue:
    """The tensor.empty that `op`'s zero fill writes (checked: a plain
    product on tensors with `transposed` operands, started from zero)."""
    if isinstance(op, GenericOp):
        if not op.res or not isinstance(op.res[0].type, TensorType):
            raise _NoMatch
        return _zero_filled_4d_product(op, transposed[1])
    if not op.res or not isinstance(op.res[0].type, TensorType):
        raise _NoMatch
    try:
        loops = matmul_loops(op)
    except NotAMatmul:
        raise _NoMatch from None
    a, b = (v.type.element_type for v in op.inputs)  # type: ignore[union-attr]
    fill = op.outputs[0].owner  # maybe shared: torch-mlir fills once for both
    if loops.transposed != transposed or a != b or not is_zero_fill(fill):
        raise _NoMatch
    assert isinstance(fill, FillOp)
    empty = fill.outputs[0]
    if not isinstance(empty.owner, tensor.EmptyOp):
        raise _NoMatch
    return empty


def _zero_filled_4d_product(op: GenericOp, b_transposed: bool) -> SSAValue:
    """`_zero_filled_product` of a 4-D contraction generic: loops (b, h, m,
    n, k) in any numbering, A [b, h, m, k], B [b, h, n, k] (`b_transposed`)
    or [b, h, k, n], C [b, h, m, n]; body `acc + extf(a) * extf(b)`."""
    kinds = [str(t.data) for t in op.iterator_types.data]
    if len(kinds) != 5 or len(op.inputs) != 2 or len(op.outputs) != 1:
        raise _NoMatch
    if len(op.body.blocks) != 1:
        raise _NoMatch
    a_dims, b_dims, c_dims = _dims(op)
    if not all(len(d) == len(set(d)) == 4 for d in (a_dims, b_dims, c_dims)):
        raise _NoMatch
    reductions = [d for d, kind in enumerate(kinds) if kind == "reduction"]
    if len(reductions) != 1:
        raise _NoMatch
    (k,) = reductions
    lead = c_dims[:2]
    if a_dims[:2] != lead or b_dims[:2] != lead or k in c_dims:
        raise _NoMatch
    m, n = c_dims[2:]
    b_expected = [n, k] if b_transposed else [k, n]
    if a_dims[2:] != [m, k] or b_dims[2:] != b_expected:
        raise _NoMatch
    casts = multiply_add_casts(op.body.block)
    if casts is None or any(c not in (None, arith.ExtFOp) for c in casts):
        raise _NoMatch
    # Every loop's size, from each operand that indexes it, must agree.
    sizes: dict[int, int] = {}
    for value, dims in zip(
        (*op.inputs, op.outputs[0]), (a_dims, b_dims, c_dims), strict=True
    ):
        if not isinstance(value.type, TensorType):
            raise _NoMatch
        for loop, size in zip(dims, value.type.get_shape(), strict=True):
            if sizes.setdefault(loop, size) != size:
                raise _Unsupported(
                    op,
                    f"attention: the contraction's operands disagree on the "
                    f"size of loop d{loop}: {sizes[loop]} and {size}",
                )
    fill = op.outputs[0].owner
    if not isinstance(fill, FillOp) or not isinstance(
        fill.outputs[0].owner, tensor.EmptyOp
    ):
        raise _NoMatch
    if _constant(fill.inputs[0]) != 0.0:
        raise _NoMatch
    return fill.outputs[0]


# -- generics ----------------------------------------------------------------


def _body(op: GenericOp) -> tuple[list[Operation], SSAValue]:
    ops = list(op.body.block.ops)
    last = ops.pop()
    assert isinstance(last, YieldOp)
    if len(last.operands) != 1:
        raise _NoMatch
    return ops, last.operands[0]


def _dims(op: GenericOp) -> list[list[int]]:
    """Each map's loop dimensions; a constant 0 (a unit dimension, as in a
    reduction's [..., 1] output) is left out."""
    dims = []
    for m in op.indexing_maps.data:
        results = m.data.results
        if not all(
            isinstance(e, AffineDimExpr)
            or (isinstance(e, AffineConstantExpr) and e.value == 0)
            for e in results
        ):
            raise _NoMatch
        dims.append([e.position for e in results if isinstance(e, AffineDimExpr)])
    return dims


def _elementwise(value: SSAValue) -> GenericOp:
    """The all-parallel generic with one output that makes `value`."""
    op = _only_op(value)
    if not isinstance(op, GenericOp) or len(op.outputs) != 1:
        raise _NoMatch
    kinds = {str(t.data) for t in op.iterator_types.data}
    rank = len(op.iterator_types.data)
    if kinds != {"parallel"} or _dims(op)[-1] != list(range(rank)):
        raise _NoMatch
    return op


def _reduction(
    value: SSAValue, ops: list[Operation]
) -> tuple[GenericOp, str, SSAValue, int | None]:
    """A reduction generic (x -> acc) over one dimension, maybe expanded by
    a unit dimension after it (added to `ops`): the op, its combining op
    name, its input, and the reduced dimension of the input (None: not a
    single-dimension reduction of an identity input). A second output
    (torch's argmax of a max) is allowed where nothing reads it."""
    op = value.owner
    if isinstance(op, tensor.ExpandShapeOp):
        ops.append(op)
        value = op.src
        op = value.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != 1:
        raise _NoMatch
    if value is not op.results[0] or any(r.uses for r in op.results[1:]):
        raise _NoMatch
    if len(op.outputs) not in (1, 2):
        raise _NoMatch
    last = op.body.block.last_op
    assert isinstance(last, YieldOp)
    combined = last.operands[0].owner
    x, acc = op.body.block.args[0], op.body.block.args[1]
    if not isinstance(combined, Operation) or set(combined.operands) != {x, acc}:
        raise _NoMatch
    if len(op.outputs) == 1 and len(list(op.body.block.ops)) != 2:
        raise _NoMatch
    x_dims, acc_dims, *_ = _dims(op)
    reduced = [d for d in x_dims if d not in acc_dims]
    dim = x_dims.index(reduced[0]) if len(reduced) == 1 else None
    return op, combined.name, op.inputs[0], dim


def _through_truncf(
    value: SSAValue, chain: _Chain, cast: type[Operation] = arith.TruncFOp
) -> SSAValue:
    """Skip a generic that only truncates P to the product's type (or only
    does another float `cast`)."""
    owner = value.owner
    if not isinstance(owner, GenericOp):
        return value
    ops, result = _body(owner)
    if len(ops) == 1 and isinstance(ops[0], cast) and len(owner.inputs) == 1:
        _elementwise(value)
        chain.ops.append(owner)
        return owner.inputs[0]
    return value


def _softmax(p: SSAValue, chain: _Chain) -> SSAValue:
    """The scores that softmax `p` normalizes (over the last dimension)."""
    op = _only_op(p)
    rank = len(p.type.get_shape())  # type: ignore[union-attr]
    if isinstance(op, SoftmaxOp):
        if op.dimension.value.data != rank - 1:
            raise _Unsupported(
                op,
                f"attention: the softmax runs over dimension "
                f"{op.dimension.value.data}, not the key dimension {rank - 1}",
            )
        chain.ops.append(op)
        return op.input
    if not isinstance(op, GenericOp):
        raise _NoMatch
    # Decomposed: div(e, sum(e)), e = exp(x - max(x)).
    div = _elementwise(p)
    ops, _ = _body(div)
    if len(ops) != 1 or not isinstance(ops[0], arith.DivfOp) or len(div.inputs) != 2:
        raise _NoMatch
    e, total = div.inputs
    views: list[Operation] = []
    sum_op, kind, summed, dim = _reduction(total, views)
    if kind != "arith.addf" or summed is not e:
        raise _NoMatch
    _require_last(sum_op, dim, rank)
    x, max_value, exp_ops = _exp_of_difference(e, chain)
    max_op, kind, maxed, dim = _reduction(max_value, views)
    if kind not in ("arith.maximumf", "arith.maxnumf") or maxed is not x:
        raise _NoMatch
    _require_last(max_op, dim, rank)
    chain.ops += [div, sum_op, *exp_ops, max_op, *views]
    return x


def _without_row_max(x: SSAValue, chain: _Chain) -> SSAValue:
    """Skip Hugging Face's `x - x.max(-1, keepdim=True)` before a softmax
    (which subtracts the row's maximum itself): a subf generic of x and the
    max reduction of x over the last dimension."""
    try:
        sub = _elementwise(x)
    except _NoMatch:
        return x
    ops, _ = _body(sub)
    if [o.name for o in ops] != ["arith.subf"] or len(sub.inputs) != 2:
        return x
    if list(ops[0].operands) != list(sub.body.block.args[:2]):
        return x
    y, row_max = sub.inputs
    views: list[Operation] = []
    try:
        max_op, kind, maxed, dim = _reduction(row_max, views)
    except _NoMatch:
        return x
    rank = len(y.type.get_shape())  # type: ignore[union-attr]
    if kind not in ("arith.maximumf", "arith.maxnumf") or maxed is not y:
        return x
    if dim != rank - 1 or any(u.operation not in (sub, max_op) for u in y.uses):
        return x
    chain.ops += [sub, max_op, *views]
    return y


def _sinks(x: SSAValue, chain: _Chain) -> SSAValue:
    """The scores before gpt-oss's sink column was appended to them (the
    softmax's [..., :-1] dropped it again)."""
    found = sink_column(x)
    if found is None:
        raise _NearMiss(
            "attention: the softmax's last column is dropped, but its input is "
            "not the scores with a per-head constant column appended (attention "
            "sinks): separate kernels"
        )
    scores, chain.sinks, (concat, *column) = found
    chain.ops.append(concat)
    chain.views += column
    return scores


def _require_last(op: GenericOp, dim: int | None, rank: int) -> None:
    if dim != rank - 1:
        where = "more than one dimension" if dim is None else f"dimension {dim}"
        raise _NearMiss(
            f"attention: the softmax reduces over {where}, not the key "
            f"dimension {rank - 1}: separate kernels",
            op,
        )


def _exp_of_difference(
    e: SSAValue, chain: _Chain
) -> tuple[SSAValue, SSAValue, list[Operation]]:
    """(x, max) of e = exp(x - max): one generic or a sub then an exp."""
    op = _elementwise(e)
    ops, _ = _body(op)
    names = [o.name for o in ops]
    if names == ["arith.subf", "math.exp"] and len(op.inputs) == 2:
        return op.inputs[0], op.inputs[1], [op]
    if names == ["math.exp"] and len(op.inputs) == 1:
        sub = _elementwise(op.inputs[0])
        sub_ops, _ = _body(sub)
        if [o.name for o in sub_ops] == ["arith.subf"] and len(sub.inputs) == 2:
            return sub.inputs[0], sub.inputs[1], [op, sub]
    raise _NoMatch


def _masks_and_scale(x: SSAValue, chain: _Chain) -> SSAValue:
    """Peel causal and mask generics (any order), a soft-cap, then a scale."""
    while True:
        owner = x.owner
        if not isinstance(owner, GenericOp):
            return x
        capped = soft_cap(x) if chain.softcap is None else None
        if capped is not None:
            x, chain.softcap, generics = capped
            chain.ops += generics
            continue
        op = _elementwise(x)
        ops, result = _body(op)
        block_args = op.body.block.args
        if chain.softcap is not None and len(op.inputs) != 1:
            raise _NoMatch  # a mask under the cap: not the op's order
        names = [o.name for o in ops]
        widened = names == ["arith.extf", "arith.addf"]  # an f16 mask (f16 export)
        if (
            names in (["arith.addf"], ["arith.extf", "arith.addf"])
            and len(op.inputs) == 2
            and chain.mask is None
        ):
            rank = len(op.iterator_types.data)
            x_dims, mask_dims, _ = _dims(op)
            mask_arg = ops[0].results[0] if widened else block_args[1]
            if widened and ops[0].operands[0] is not block_args[1]:
                raise _NoMatch
            if set(ops[-1].operands) != {block_args[0], mask_arg}:
                raise _NoMatch
            causal = causal_mask(op.inputs[1])
            window = sliding_window(op.inputs[1])
            if window is not None:
                chain.window, causal = window
            if causal is not None and mask_dims == [rank - 2, rank - 1]:
                if chain.causal:
                    raise _NoMatch
                chain.causal = True  # torch-mlir's is_causal mask: no tensor
                chain.views += causal
                chain.ops.append(op)
                x = op.inputs[0]
                continue
            chain.window = None
            alibi = alibi_bias(op.inputs[1]) if chain.alibi is None else None
            heads_last = list(range(rank - 3, rank))
            if alibi is not None and x_dims == list(range(rank)) and rank >= 3:
                if mask_dims == heads_last:
                    chain.alibi, alibi_ops = alibi
                    chain.views += alibi_ops
                    chain.ops.append(op)
                    x = op.inputs[0]
                    continue
            if x_dims != list(range(rank)) or mask_dims not in (
                list(range(rank)),
                [rank - 2, rank - 1],
            ):
                raise _NearMiss(
                    "attention: the mask must be indexed [..., S, L] or [S, L] "
                    "(an identity map or its last two dimensions): separate kernels",
                    op,
                )
            chain.mask = op.inputs[1]
        elif _is_causal(ops, result, block_args, len(op.iterator_types.data)):
            if chain.causal:
                raise _NoMatch
            chain.causal = True
        elif len(op.inputs) == 1 and (scale := _scale_of(ops, block_args[0])):
            chain.scale = scale
            chain.ops.append(op)
            return op.inputs[0]
        else:
            raise _NoMatch
        chain.ops.append(op)
        x = op.inputs[0]


def _constant(value: SSAValue) -> float | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, FloatAttr):
        return owner.value.value.data
    return None


def _scale_of(ops: list[Operation], x: SSAValue) -> float | None:
    """c of a body `x * c`, `c * x` or `x / c` (c a float constant)."""
    ops = [o for o in ops if not isinstance(o, arith.ConstantOp)]
    if len(ops) != 1:
        return None
    (op,) = ops
    if len(op.operands) != 2:  # a cast or a unary op: no scale
        return None
    a, b = op.operands
    if isinstance(op, arith.MulfOp) and x in (a, b):
        return _constant(b if a is x else a)
    if isinstance(op, arith.DivfOp) and a is x and (c := _constant(b)):
        return 1.0 / c
    return None


def _is_causal(ops, result, block_args, rank: int) -> bool:
    """A body `select(key > query, -inf, x)` (or `select(key <= query, x,
    -inf)`) with key and query from linalg.index of the last two loops."""
    index = {o.results[0]: o.dim.value.data for o in ops if isinstance(o, IndexOp)}
    select = result.owner
    if not isinstance(select, arith.SelectOp):
        return False
    cmp = select.cond.owner
    if not isinstance(cmp, arith.CmpiOp) or len(cmp.operands) != 2:
        return False
    lhs, rhs = (index.get(v) for v in cmp.operands)
    predicate = cmp.predicate.value.data
    # MLIR's cmpi predicates: 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult .. 9 uge
    names = {2: "lt", 3: "le", 4: "gt", 5: "ge", 6: "lt", 7: "le", 8: "gt", 9: "ge"}
    if predicate not in names:
        return False
    query, key = rank - 2, rank - 1
    relation = names[predicate]
    if (lhs, rhs) == (query, key):
        relation = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}[relation]
    elif (lhs, rhs) != (key, query):
        return False
    # relation: key <relation> query
    dropped = {"gt": True, "le": False}.get(relation)
    if dropped is None:
        return False
    x, minus = (select.rhs, select.lhs)
    if not dropped:
        x, minus = minus, x
    c = _constant(minus)
    return x is block_args[0] and c == float("-inf")


def _check_mask(
    pv: ContractionOp | GenericOp, mask: SSAValue, scores: SSAValue
) -> None:
    shape = scores.type.get_shape()  # type: ignore[union-attr]
    got = tuple(mask.type.get_shape())  # type: ignore[union-attr]
    if got not in (tuple(shape), tuple(shape[-2:])):
        raise _NearMiss(
            f"attention: the mask {mask.type} must be [S, L] or [..., S, L] "
            f"like the scores {scores.type}: separate kernels"
        )
