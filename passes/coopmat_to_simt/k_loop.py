"""The k steps of a `coopmat.mul_add` as one `scf.for` instead of K copies.

Unrolled, a mul_add costs about K x V fma plus their gathers: 16 x 32 for a
16x16x16 fragment over 8 lanes. Where the layouts make every k step the
same code with k as a run-time index, the steps become `scf.for %k = 0 to
K` carrying the live accumulator components as scalars; each step is
accumulated in the same order as unrolled, so results are bit-identical.

The shape this takes (checked on the layouts' maps, else `plan_k_loop`
gives None and the caller unrolls): every lane holds A[row, k] of its own
accumulator rows, at component `a0(lane, v) + k`; B[k, :] comes from one
lane `lb(k)` for all lanes and components, at component `b0(v) + bk(k)`
(`b0` the same on every lane, so a lane can read B's element before it
crosses lanes). That is tinytc's layout with M >= S (lavapipe's 8 lanes).

A and B are stored once into `#gpu.address_space<private>` arrays: a vector
longer than 4 is a SPIR-V array, which takes a run-time index only through
a Function variable, so indexing the vectors themselves would copy the
whole array at every access. Each step then loads A at `a0 + k`, loads B at
`b0 + bk(k)` and takes it from lane `lb(k)` with `gpu.shuffle idx` (once per
distinct `b0`), and does one `math.fma` (integers: `muli` + `addi`) per
live component. The price, measured on lavapipe: memory loads where the
unrolled code had registers (bench/RESULTS-ladder.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from xdsl.dialects import arith, memref, scf, vector
from xdsl.dialects.builtin import IndexType, VectorType, i32
from xdsl.ir import Block, Operation, SSAValue

from coopmlir.dialects.gpu_subgroup import PRIVATE_MEMORY_SPACE, ShuffleOp
from coopmlir.layout import LaneMap
from coopmlir.passes.coopmat_to_simt.lanes import LaneKey, SimtEmitter, fit_lanes

#: Unrolled k steps x live components above which the loop is emitted.
LOOP_THRESHOLD = 64


@dataclass(frozen=True)
class KLoopPlan:
    """Index formulas of one mul_add's k loop (see the module doc)."""

    K: int
    live: tuple[int, ...]  # accumulator components that hold an element
    a0: tuple[LaneKey, ...]  # per live component: formula over lanes
    b0: tuple[int, ...]  # per live component: the same on every lane
    lb: LaneKey  # formulas over k
    bk: LaneKey
    clamp_a: bool  # whether a lane that does not care indexes past A


def _fit(values: np.ndarray, care: np.ndarray, n: int) -> tuple[LaneKey, np.ndarray]:
    return fit_lanes(np.asarray(values, dtype=np.int64), care, n)


def plan_k_loop(
    a_lanes: LaneMap, b_lanes: LaneMap, c_lanes: LaneMap
) -> KLoopPlan | None:
    """The k loop of a mul_add with these layouts, or None where its steps
    are not one code (or the loop would not be shorter)."""
    K, S = a_lanes.N, c_lanes.S
    rows, cols = c_lanes.element_map()
    care = rows >= 0  # (S, V)
    live = [v for v in range(c_lanes.V) if care[:, v].any()]
    if K < 2 or K & (K - 1) or K * len(live) <= LOOP_THRESHOLD:
        return None
    row, col = rows.clip(0), cols.clip(0)
    a_lane, a_comp = a_lanes.owner_map()  # (M, K)
    b_lane, b_comp = b_lanes.owner_map()  # (K, N)
    ks = np.arange(K)
    own = np.arange(S)[:, None, None]
    al, ac = a_lane[row], a_comp[row]  # (S, V, K)
    a_base = ac[:, :, :1]
    if not ((al == own) & (ac == a_base + ks))[care].all():
        return None
    bl, bc = b_lane[:, col], b_comp[:, col]  # (K, S, V)
    lane_of_k, step_of_k = bl[:, care][:, 0], bc[:, care] - bc[:1, care]
    if not (
        (bl[:, care] == lane_of_k[:, None]).all()
        and (step_of_k == step_of_k[:, :1]).all()
    ):
        return None
    every_k = np.ones(K, dtype=bool)
    lb = _fit(lane_of_k, every_k, K)[0]
    bk = _fit(step_of_k[:, 0], every_k, K)[0]
    a0, b0, clamp_a = [], [], False
    for v in live:
        key_a, computed_a = _fit(a_base[:, v, 0], care[:, v], S)
        (kind_b, *args_b), _ = _fit(bc[0, :, v], care[:, v], S)
        if kind_b != "const":  # B's element is read before it crosses lanes
            return None
        a0.append(key_a)
        b0.append(args_b[0])
        clamp_a |= bool(
            (computed_a < 0).any() or (computed_a + K - 1 >= a_lanes.V).any()
        )
    return KLoopPlan(K, tuple(live), tuple(a0), tuple(b0), lb, bk, clamp_a)


class _BlockInserter:
    """What `SimtEmitter` needs of a rewriter, appending to `block`."""

    def __init__(self, block: Block):
        self.block = block

    def insert(self, op: Operation) -> None:
        self.block.add_op(op)


def _index_of(em: SimtEmitter, key: LaneKey, k: SSAValue, K: int) -> SSAValue:
    """A `fit_lanes` formula evaluated on the loop's `k` (< K) instead of
    the lane id."""
    kind, *args = key
    if kind == "const":
        return em.index(args[0])
    assert kind == "fields", key  # a power-of-two K always fits bit fields
    return em.bit_fields(k, K, *args)


def _plus(em: SimtEmitter, key: LaneKey, x: SSAValue) -> SSAValue:
    """The lane formula `key` plus index `x`."""
    if key == ("const", 0):
        return x
    return em.add(em.lane_value(key), x)


def _clamped(em: SimtEmitter, at: SSAValue, vec: SSAValue, clamp: bool) -> SSAValue:
    """`at`, kept inside `vec` where lanes that do not care would leave it."""
    if not clamp:
        return at
    assert isinstance(vec.type, VectorType)
    return em.binary(arith.MinUIOp, at, em.index(vec.type.get_shape()[0] - 1))


def _spilled(em: SimtEmitter, vec: SSAValue) -> SSAValue:
    """A private `memref<V x T>` holding `vec`, to index at run time (a
    vector of more than 4 components is a SPIR-V array, which takes a
    run-time index only through a Function variable)."""
    assert isinstance(vec.type, VectorType)
    t = vec.type
    alloca = memref.AllocaOp.get(
        t.element_type, shape=t.get_shape(), memory_space=PRIVATE_MEMORY_SPACE
    )
    buffer = em.emit(alloca)
    em.rewriter.insert(vector.StoreOp(vec, buffer, [em.index(0)]))
    return buffer


def emit_k_loop(
    em: SimtEmitter,
    plan: KLoopPlan,
    a: SSAValue,
    b: SSAValue,
    c: SSAValue,
    step: Callable[[SimtEmitter, SSAValue, SSAValue, SSAValue], SSAValue],
) -> list[SSAValue | None]:
    """The accumulator's components after all k steps (None: not live);
    `step(em, total, x, y)` accumulates one product."""
    totals = [em.extract(c, v) for v in plan.live]
    a_buffer, b_buffer = _spilled(em, a), _spilled(em, b)
    body = Block(arg_types=[IndexType(), *(t.type for t in totals)])
    inner = SimtEmitter(_BlockInserter(body), em.S)  # type: ignore[arg-type]
    k, *carried = body.args
    source = inner.emit(arith.IndexCastOp(_index_of(inner, plan.lb, k, plan.K), i32))
    width = inner.constant(em.S, i32)
    b_step = _index_of(inner, plan.bk, k, plan.K)
    xs: dict[LaneKey, SSAValue] = {}
    ys: dict[int, SSAValue] = {}
    new = []
    for total, key_a, b0 in zip(carried, plan.a0, plan.b0, strict=True):
        if key_a not in xs:
            at = _plus(inner, key_a, k)
            at = _clamped(inner, at, a, plan.clamp_a)
            xs[key_a] = inner.emit(memref.LoadOp.get(a_buffer, [at]))
        if b0 not in ys:
            bt = _plus(inner, ("const", b0), b_step)
            element = inner.emit(memref.LoadOp.get(b_buffer, [bt]))
            ys[b0] = inner.emit(ShuffleOp("idx", element, source, width))
        new.append(step(inner, total, xs[key_a], ys[b0]))
    body.add_op(scf.YieldOp(*new))
    loop = scf.ForOp(em.index(0), em.index(plan.K), em.index(1), totals, body)
    em.rewriter.insert(loop)
    out: list[SSAValue | None] = [None] * (max(plan.live) + 1)
    for v, result in zip(plan.live, loop.results, strict=True):
        out[v] = result
    return out
