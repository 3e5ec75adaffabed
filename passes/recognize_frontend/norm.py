"""LayerNorm and RMSNorm as front ends decompose them, recognized on tensors
and rewritten to one `coopmlir.layer_norm` / `coopmlir.rms_norm`
(`FuseNorm`), which lower-to-coopmat makes one row kernel.

torch-mlir writes `nn.LayerNorm` as a DAG of generics over [..., n] and
[..., 1] tensors: a sum reduction for the mean (twice: in f64 for the
variance, in f32 for the centering), subtract, square, a sum for the
variance, add eps, rsqrt, multiply, gamma, beta, with extf/truncf around an
f16 model; `nn.RMSNorm` as square, sum, divide, add eps, rsqrt, multiply,
weight. Rather than one pattern per spelling, each candidate (the last
element-wise generic of a chain) is evaluated symbolically, per element of
its [..., n] result: terms over the row `x[j]`, row vectors `v[j]`,
constants and row sums (`_Terms`), with casts seen through. The term is then
compared with the two norms' definitions up to commutation and association
of the products (`_match_norm`):

    layer: (x - sum(x)/n) * rsqrt(sum((x - mean)^2)/n + eps) [* gamma] [+ beta]
    rms:    x * rsqrt(sum(x * x)/n + eps) [* w]

Why on tensors: the chain is SSA values there (on buffers it would be
writes into allocations to trace), and the op bufferizes as the other
named ops do. The op computes in f32 where the export may compute in f16
(RMSNorm of an f16 model) or f64 (LayerNorm's variance): as PyTorch's own
kernels, which accumulate in f32.

A near miss (a sum over another dimension, a mean over another count, a
variance of something else) is left to the loop kernels; with `explain`, a
remark at the chain's last op says why. Intermediates that other ops read
stay (they keep their loop kernels); only what the norm alone read goes.
"""

from __future__ import annotations

import math as pymath
from dataclasses import dataclass, field

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat, TensorType
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from coopmlir import diagnostics
from coopmlir.dialects.norm import KERNEL_ELEMENTS, LayerNormOp, RmsNormOp
from coopmlir.elements import element_of
from coopmlir.passes.recognize_frontend.products import replace_fused

#: A term: ("x", value) an element of a row, ("vec", value) of a row
#: vector, ("const", float), ("opaque", reason) what is not understood, or
#: (op, *terms) for op in add sub mul div neg rsqrt sqrt sum.
Term = tuple

_BINARY = {
    arith.AddfOp: "add",
    arith.SubfOp: "sub",
    arith.MulfOp: "mul",
    arith.DivfOp: "div",
}
_UNARY = {arith.NegfOp: "neg", math.RsqrtOp: "rsqrt", math.SqrtOp: "sqrt"}
_CASTS = (arith.ExtFOp, arith.TruncFOp)


class _Miss(Exception):
    """Not a norm, for the reason given."""


@dataclass
class _Terms:
    """Evaluates tensors to terms per element of rows of `shape` (the
    candidate's [..., n]); `visited`: the generics and fills read."""

    shape: tuple[int, ...]

    def __post_init__(self) -> None:
        self.visited: set[Operation] = set()
        self._memo: dict[SSAValue, Term] = {}

    @property
    def stat_shapes(self) -> tuple[tuple[int, ...], ...]:
        """The shapes of one value per row: [..., 1] or [...]."""
        return (self.shape[:-1] + (1,), self.shape[:-1])

    def of(self, value: SSAValue) -> Term:
        if value not in self._memo:
            self._memo[value] = self._evaluate(value)
        return self._memo[value]

    def value_of(self, term: Term) -> SSAValue:
        """A tensor of rows whose term is `term`: the leaf itself, else the
        first evaluated one that is not a cast of another."""
        if term[0] == "x":
            return term[1]
        found = [v for v, t in self._memo.items() if t == term]
        plain = [v for v in found if not _is_cast(v.owner)]
        if not found or _reason(term):
            raise _Miss(_reason(term) or "the normalized row is not one tensor")
        return (plain or found)[0]

    def _evaluate(self, value: SSAValue) -> Term:
        owner = value.owner
        t = value.type
        if not isinstance(t, TensorType) or not isinstance(t.element_type, AnyFloat):
            return ("opaque", f"a value of type {t}")
        shape = tuple(t.get_shape())
        if shape == self.shape[-1:] and len(self.shape) > 1:
            return ("vec", value)  # gamma, beta: read as they are
        if isinstance(owner, FillOp) and isinstance(owner.inputs[0].owner, Constant):
            self.visited.add(owner)
            return _constant(owner.inputs[0].owner)
        if isinstance(owner, GenericOp) and len(owner.res) == 1:
            term = self._generic(owner, shape)
            if term[0] != "opaque":
                self.visited.add(owner)
            return term
        if shape == self.shape:
            return ("x", value)
        return ("opaque", f"a {t} that is neither a row nor a row vector")

    def _generic(self, op: GenericOp, shape: tuple[int, ...]) -> Term:
        iterators = [str(i.data) for i in op.iterator_types.data]
        maps = [m.data for m in op.indexing_maps.data]
        rank = len(self.shape)
        if "reduction" not in iterators:
            if shape != self.shape and shape not in self.stat_shapes:
                return ("opaque", f"an element-wise op on {op.res[0].type}")
            if maps[-1] != AffineMap.identity(len(shape)):
                return ("opaque", "an element-wise op with a permuted output")
            inputs = [
                self._read(v, m, shape) for v, m in zip(op.inputs, maps, strict=False)
            ]
            return self._body(op, inputs, reduced=False)
        if iterators != ["parallel"] * (rank - 1) + ["reduction"]:
            reduced = [d for d, i in enumerate(iterators) if i == "reduction"]
            return (
                "opaque",
                f"a sum over dimension(s) {reduced} of {len(iterators)}, not the last",
            )
        if maps[-1] not in _stat_maps(rank) or shape not in self.stat_shapes:
            return ("opaque", f"a reduction into {op.res[0].type} through {maps[-1]}")
        inputs = [
            self._read(v, m, self.shape) for v, m in zip(op.inputs, maps, strict=False)
        ]
        body = self._body(op, inputs, reduced=True)
        if body[0] == "opaque":
            return body
        initial = self.of(op.outputs[0])
        if initial != ("const", 0.0):
            return ("add", body, initial)
        return body

    def _read(self, value: SSAValue, amap: AffineMap, domain: tuple[int, ...]) -> Term:
        """The term of `value` read through `amap` in loops over `domain`."""
        rank = len(domain)
        if amap == AffineMap.identity(rank):
            return self.of(value)
        if domain == self.shape and amap in _stat_maps(rank):
            term = self.of(value)
            return term if _per_row(term) else ("opaque", "a row value that varies")
        last = AffineMap(rank, 0, (AffineDimExpr(rank - 1),))
        if domain == self.shape and amap == last:
            return self.of(value)
        return (
            "opaque",
            f"a value read through {amap}, not one per row of the last dimension",
        )

    def _body(self, op: GenericOp, inputs: list[Term], reduced: bool) -> Term:
        """The term `op`'s body yields; `reduced`: the yield is
        `addf(term, %out)` of a sum reduction, and the term is summed."""
        block = op.body.block
        out = block.args[len(op.inputs)]
        env: dict[SSAValue, Term] = dict(zip(block.args, inputs, strict=False))
        for inner in block.ops:
            if isinstance(inner, YieldOp):
                result = inner.operands[0]
                if not reduced:
                    return env.get(result, ("opaque", "the output's old value"))
                return self._sum(result, out, env)
            if len(inner.results) != 1:
                return ("opaque", f"'{inner.name}'")
            env[inner.results[0]] = self._op(inner, env, out)
        raise AssertionError("a linalg body ends with linalg.yield")

    def _sum(self, result: SSAValue, out: SSAValue, env: dict) -> Term:
        owner = result.owner
        if isinstance(owner, arith.AddfOp) and out in owner.operands:
            others = [v for v in owner.operands if v is not out and v in env]
            if len(others) == 1:
                return ("sum", env[others[0]])
        return ("opaque", "a reduction other than a sum")

    def _op(self, op: Operation, env: dict, out: SSAValue) -> Term:
        def term(v: SSAValue) -> Term:
            if v in env:
                return env[v]
            if v is out:
                return ("opaque", "the output's old value")
            if isinstance(v.owner, Constant):
                return _constant(v.owner)
            return ("opaque", f"a value from outside ({v.type})")

        if isinstance(op, _CASTS):
            inner = term(op.operands[0])
            if inner[0] == "const":  # what the program adds: the rounded constant
                dtype = element_of(op.results[0].type).value_dtype
                return ("const", _rounded(inner[1], dtype))
            return inner
        if isinstance(op, Constant):
            return _constant(op)
        if type(op) in _BINARY:
            return (_BINARY[type(op)], term(op.operands[0]), term(op.operands[1]))
        if type(op) in _UNARY:
            return (_UNARY[type(op)], term(op.operands[0]))
        return ("opaque", f"'{op.name}'")


Constant = arith.ConstantOp


def _is_cast(op: object) -> bool:
    """A generic whose body only casts its one input."""
    if not isinstance(op, GenericOp):
        return False
    body = list(op.body.block.ops)
    return len(body) == 2 and isinstance(body[0], _CASTS)


def _constant(op: arith.ConstantOp) -> Term:
    value = getattr(op.value, "value", None)
    if not hasattr(value, "data") or not isinstance(value.data, float):
        return ("opaque", "a constant that is not a float scalar")
    return ("const", float(value.data))


def _stat_maps(rank: int) -> tuple[AffineMap, ...]:
    """Maps from [..., n] loops to one value per row: [..., 0] or [...]."""
    lead = tuple(AffineDimExpr(d) for d in range(rank - 1))
    return (
        AffineMap(rank, 0, lead + (AffineConstantExpr(0),)),
        AffineMap(rank, 0, lead),
    )


def _per_row(term: Term) -> bool:
    """Whether `term` has one value per row (no row element outside a sum)."""
    if term[0] in ("x", "vec"):
        return False
    if term[0] in ("const", "opaque", "sum"):
        return True
    return all(_per_row(t) for t in term[1:])


def _reason(term: Term) -> str | None:
    """The first reason an opaque part of `term` gives."""
    if term[0] == "opaque":
        return term[1]
    if term[0] in ("x", "vec", "const"):
        return None
    for t in term[1:]:
        found = _reason(t)
        if found:
            return found
    return None


@dataclass(frozen=True)
class NormMatch:
    """A norm: `centered` (layer) or not (rms), of the row term `x`, with
    `epsilon`, the optional `scale` and `shift` row vectors."""

    centered: bool
    x: Term
    epsilon: float
    scale: SSAValue | None
    shift: SSAValue | None


def _factors(term: Term) -> list[Term]:
    """The factors of a product (a / sqrt(b): a and rsqrt(b))."""
    if term[0] == "mul":
        return _factors(term[1]) + _factors(term[2])
    if term[0] == "div" and term[2][0] == "sqrt":
        return [*_factors(term[1]), ("rsqrt", term[2][1])]
    return [term]


def _mean_of(stat: Term, n: int) -> Term:
    """The term whose row mean `stat` is (sum(t) / n or sum(t) * (1/n))."""
    if stat[0] in ("div", "mul") and stat[1][0] == "sum" and stat[2][0] == "const":
        count = stat[2][1] if stat[0] == "div" else 1 / stat[2][1]
        if not pymath.isclose(count, n, rel_tol=1e-6):
            raise _Miss(f"a mean over {count:g} elements of a row of {n}")
        return stat[1][1]
    raise _Miss("a row statistic that is not a mean (a sum over n)")


def _match_norm(term: Term, n: int) -> NormMatch:
    """The norm that `term` (per element of rows of n) computes, or _Miss."""
    shift = None
    if term[0] == "add":
        vectors = [t for t in term[1:] if t[0] == "vec"]
        if not vectors:
            raise _Miss("an addition of something other than a row vector")
        shift = vectors[0][1]
        term = term[2] if term[1] is vectors[0] else term[1]
    factors = _factors(term)
    scales = [f[1] for f in factors if f[0] == "vec"]
    rstds = [f[1] for f in factors if f[0] == "rsqrt"]
    rest = [f for f in factors if f[0] not in ("vec", "rsqrt")]
    if len(scales) > 1 or len(rstds) != 1 or len(rest) != 1:
        raise _Miss("not a product of the row, one 1/sqrt and a row vector")
    if shift is not None and not scales:
        raise _Miss("a shift without a scale")
    (row,) = rest
    (denominator,) = rstds
    if denominator[0] != "add" or not any(t[0] == "const" for t in denominator[1:]):
        raise _Miss("1/sqrt of something other than a statistic + eps")
    eps_term = next(t for t in denominator[1:] if t[0] == "const")
    statistic = denominator[2] if denominator[1] is eps_term else denominator[1]
    epsilon = eps_term[1]
    if epsilon < 0:
        raise _Miss(f"a negative epsilon {epsilon}")
    squared = _mean_of(statistic, n)
    if row[0] == "sub" and _per_row(row[2]) and not _per_row(row[1]):
        if _mean_of(row[2], n) != row[1]:
            raise _Miss("x minus something other than the row's mean")
        centered, x = True, row[1]
    else:
        centered, x = False, row
    if squared != ("mul", row, row):
        raise _Miss("a variance (mean of squares) of another value than the row's")
    return NormMatch(centered, x, epsilon, scales[0] if scales else None, shift)


@dataclass(frozen=True)
class FuseNorm(RewritePattern):
    """The last element-wise generic of a LayerNorm or RMSNorm chain (module
    doc) -> one `coopmlir.layer_norm` / `coopmlir.rms_norm` at its location;
    the ops only the chain read go. Walk it in reverse, so that the longest
    chain (with its shift and final cast) is taken first; then `remark_misses`."""

    explain: bool = False
    #: Chains that compute a 1/sqrt but are no norm: (last op, why, the
    #: rsqrt/sqrt ops), remarked once the walk is over.
    misses: list[tuple[Operation, str, frozenset[Operation]]] = field(
        default_factory=list
    )

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        if len(op.res) != 1 or not isinstance(op.res[0].type, TensorType):
            return
        if any(str(i.data) != "parallel" for i in op.iterator_types.data):
            return
        shape = tuple(op.res[0].type.get_shape())
        if not shape or any(d < 0 for d in shape):
            return
        roots, reduces = _square_roots(op)
        if not roots:
            return
        terms = _Terms(shape)
        try:
            term = terms.of(op.res[0])
        except RecursionError:  # a chain deeper than Python's stack: left alone
            return
        try:
            if _per_row(term):
                raise _Miss("one value per row, not a normalized row")
            found = _match_norm(term, shape[-1])
            x = terms.value_of(found.x)
        except _Miss as miss:
            if reduces:  # a 1/sqrt of a row statistic: it looks like a norm
                self.misses.append((op, _reason(term) or str(miss), roots))
            return
        inputs = [v for v in (x, found.scale, found.shift) if v is not None]
        elements = [v.type.element_type for v in (*inputs, op.res[0])]  # pyright: ignore
        if not all(isinstance(e, KERNEL_ELEMENTS) for e in elements):
            self.misses.append((op, "elements the row kernel does not take", roots))
            return
        cls = LayerNormOp if found.centered else RmsNormOp
        fused = cls(inputs, op.outputs[0], found.epsilon)
        replace_fused(rewriter, op, fused, _covered(op, terms.visited, inputs))

    def remark_misses(self) -> None:
        """With `explain`, a remark at the last op of each chain that was
        not fused (its 1/sqrt is still there), saying why."""
        told: set[Operation] = set()
        for op, reason, roots in self.misses:
            left = {r for r in roots if _in_module(r)}
            if not self.explain or not left or left <= told or not _in_module(op):
                continue
            told |= left
            diagnostics.remark(
                op,
                "recognize-frontend",
                f"not fused into one norm kernel: {reason}; loop kernels compute it",
            )


def _in_module(op: Operation) -> bool:
    return op.parent is not None


def _square_roots(
    root: GenericOp, limit: int = 64
) -> tuple[frozenset[Operation], bool]:
    """The math.rsqrt / math.sqrt ops in the bodies of `root` and the
    generics it reads, transitively (up to `limit` generics), and whether
    one of those generics is a reduction."""
    found: set[Operation] = set()
    reduces = False
    seen: set[Operation] = set()
    stack: list[Operation] = [root]
    while stack and len(seen) < limit:
        op = stack.pop()
        if op in seen or not isinstance(op, GenericOp):
            continue
        seen.add(op)
        reduces |= any(str(i.data) == "reduction" for i in op.iterator_types.data)
        found |= {
            o for o in op.body.walk() if isinstance(o, math.RsqrtOp | math.SqrtOp)
        }
        stack.extend(v.owner for v in op.operands if isinstance(v.owner, Operation))
    return frozenset(found), reduces


def _covered(
    root: GenericOp, visited: set[Operation], inputs: list[SSAValue]
) -> set[Operation]:
    """The ops of the chain that nothing else reads (the root among them),
    but for those that make the norm's `inputs`."""
    covered = (visited | {root}) - {v.owner for v in inputs}
    changed = True
    while changed:
        changed = False
        for op in list(covered - {root}):
            if any(use.operation not in covered for r in op.results for use in r.uses):
                covered.discard(op)
                changed = True
    return covered


def _rounded(value: float, dtype) -> float:
    """`value` as the program holds it in `dtype` (numpy loaded here only:
    a lowering without norms does not import it)."""
    import numpy as np

    return float(np.asarray(value, dtype=dtype))
