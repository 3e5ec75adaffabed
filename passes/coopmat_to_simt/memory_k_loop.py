"""A `coopmat.mul_add` whose A and B are plain `coopmat.load`s, read in its
k loop straight from memory.

Lowered on their own, the loads take every 16-byte piece apart and rebuild
the `vector<V x T>` of the fragment component by component, and the k loop
(`k_loop.py`) then stores that vector to a private array to index it: most
of a SIMT GEMM's code. Every lane can read any element of the loaded memory
itself, so here accumulator component v (matrix element (r, c)) adds
A[r, k] * B[k, c] for k = 0..K-1 with A and B read where the loads would
have read them:

    scf.for %kc = 0 to K step w      (w: k steps per 16 bytes of A, <= 8)
      each distinct row r: A[r, kc .. kc+w-1] as one vector.load
      scf.for %t = 0 to w (unrolled where w > 4: A's piece is then a SPIR-V
        array, which takes no run-time index): each run of consecutive
        columns c..c+n-1 (at most 16 bytes): B[kc+t, c .. c+n-1] as one
        vector.load; one fma per component, A's element from its piece

Each component accumulates k = 0, 1, ... in order, as the unrolled and the
register k loop do, so results are bit-identical. Taken where both loads
are unchecked, row_major, without an explicit stride, with nothing that
writes memory between them and the mul_add, and the accumulator layout has
no padding components (the lowering of M >= S fragments on lavapipe); the
loads themselves go once their last mul_add does (`erase_unused_loads`;
the pass picks the mul_adds first: `lower_mul_adds_from_memory`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from xdsl.dialects import memref, scf, vector
from xdsl.dialects.builtin import AnyFloat, IndexType, MemRefType, VectorType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.dialects.coopmat import MatrixLayout, MatrixType
from coopmlir.layout import LaneMap
from coopmlir.passes.coopmat_to_simt.lanes import LaneKey, SimtEmitter, fit_lanes
from coopmlir.tiling import ACCESS_BYTES

#: Ops that may stand between the loads and the mul_add (none writes memory).
_QUIET = (coopmat.LoadOp, coopmat.MulAddOp)


@dataclass(frozen=True)
class MemoryKLoopPlan:
    """Which rows of A and column runs of B each accumulator component uses."""

    K: int
    chunk: int  # k steps per A piece
    rows: tuple[LaneKey, ...]  # distinct row formulas
    runs: tuple[tuple[LaneKey, int], ...]  # (first column formula, length)
    row_of: tuple[int, ...]  # per component: index into rows
    run_of: tuple[tuple[int, int], ...]  # per component: (run, place in it)
    groups: tuple[tuple[int, ...], ...]  # components of one row and whole run

    def accumulators(self, vectors: bool) -> list[tuple[int, ...]]:
        """What the loop carries: the groups (`vectors`), else components."""
        if vectors:
            return list(self.groups)
        return [(v,) for group in self.groups for v in group]


def _element_bytes(t: Attribute) -> int:
    width = getattr(t, "bitwidth", None) or t.width.data  # type: ignore[attr-defined]
    return max(1, width // 8)


def plain_load(value: SSAValue, user: Operation) -> coopmat.LoadOp | None:
    """The load defining `value` where the k loop can read its memory
    instead: unchecked, row_major, no stride, same block as `user` and no op
    between them that could write memory."""
    load = value.owner
    if not isinstance(load, coopmat.LoadOp) or load.parent is not user.parent:
        return None
    if load.checked is not None or load.stride is not None:
        return None
    if load.layout.data != MatrixLayout.ROW_MAJOR:
        return None
    assert isinstance(load.memref.type, MemRefType)
    if load.memref.type.get_num_dims() < 2:
        return None
    op = load.next_op
    while op is not None and op is not user:
        if not (isinstance(op, _QUIET) or op.name.startswith("arith.")):
            return None
        op = op.next_op
    return load if op is user else None


def plan_memory_k_loop(
    a: coopmat.LoadOp, b: coopmat.LoadOp, c_lanes: LaneMap
) -> MemoryKLoopPlan | None:
    """The plan for these loads and accumulator layout, or None."""
    a_type, b_type = a.result.type, b.result.type
    assert isinstance(a_type, MatrixType) and isinstance(b_type, MatrixType)
    K, S = a_type.shape[1], c_lanes.S
    rows, cols = c_lanes.element_map()  # (S, V)
    if (rows < 0).any():
        return None
    # 16 bytes of A (at most 8 k steps, unrolled where more than 4: a
    # SPIR-V array takes no run-time index).
    chunk = min(K, 8, max(1, ACCESS_BYTES // _element_bytes(a_type.element_type)))
    if K % chunk:
        return None
    every = np.ones(S, dtype=bool)
    row_keys: dict[LaneKey, int] = {}
    row_of = []
    for v in range(c_lanes.V):
        key = fit_lanes(rows[:, v], every, S)[0]
        row_of.append(row_keys.setdefault(key, len(row_keys)))
    # Runs of columns: c, c+1, ... on every lane, at most 16 bytes each.
    longest = max(1, ACCESS_BYTES // _element_bytes(b_type.element_type))
    distinct = {cols[:, v].tobytes(): cols[:, v] for v in range(c_lanes.V)}
    starts = [c for c in distinct.values() if (c - 1).tobytes() not in distinct]
    place: dict[bytes, tuple[int, int]] = {}
    runs: list[tuple[LaneKey, int]] = []
    for start in sorted(starts, key=lambda c: tuple(c.tolist())):
        chain = [start]
        while (chain[-1] + 1).tobytes() in distinct:
            chain.append(chain[-1] + 1)
        for first in range(0, len(chain), longest):
            piece = chain[first : first + longest]
            for i, c in enumerate(piece):
                place[c.tobytes()] = (len(runs), i)
            runs.append((fit_lanes(piece[0], every, S)[0], len(piece)))
    run_of = tuple(place[cols[:, v].tobytes()] for v in range(c_lanes.V))
    # Components of one row that fill a run accumulate as one vector fma.
    by_pair: dict[tuple[int, int], list[int]] = {}
    for v in range(c_lanes.V):
        by_pair.setdefault((row_of[v], run_of[v][0]), []).append(v)
    groups: list[tuple[int, ...]] = []
    for (_, run), members in by_pair.items():
        ordered = sorted(members, key=lambda v: run_of[v][1])
        if [run_of[v][1] for v in ordered] == list(range(runs[run][1])):
            groups.append(tuple(ordered))
        else:
            groups.extend((v,) for v in members)
    return MemoryKLoopPlan(
        K, chunk, tuple(row_keys), tuple(runs), tuple(row_of), run_of, tuple(groups)
    )


class _BlockInserter:
    """What `SimtEmitter` needs of a rewriter, appending to `block`."""

    def __init__(self, block: Block):
        self.block = block

    def insert(self, op: Operation) -> None:
        self.block.add_op(op)


def _load(em: SimtEmitter, mem: SSAValue, indices: list[SSAValue], n: int) -> SSAValue:
    """n consecutive elements at `indices`: a vector (or one scalar)."""
    t = mem.type
    assert isinstance(t, MemRefType)
    if n == 1:
        return em.emit(memref.LoadOp.get(mem, indices))
    return em.emit(vector.LoadOp(mem, indices, VectorType(t.get_element_type(), [n])))


def emit_memory_k_loop(
    em: SimtEmitter,
    plan: MemoryKLoopPlan,
    a: coopmat.LoadOp,
    b: coopmat.LoadOp,
    c: SSAValue,
    widen: Callable[[SimtEmitter, SSAValue, bool], SSAValue],
    step: Callable[[SimtEmitter, SSAValue, SSAValue, SSAValue], SSAValue],
) -> list[SSAValue]:
    """The accumulator's components after all k steps. `widen(em, x, is_a)`
    brings a loaded element of A (B; or a piece of B) to the work type;
    `step(em, total, x, y)` accumulates one product (scalars or vectors).
    Components of one row that fill a run of B are carried and accumulated
    as one vector (`plan.groups`) where B widens as a vector (floats)."""
    assert isinstance(c.type, VectorType)
    work = c.type.element_type
    b_type = b.result.type
    assert isinstance(b_type, MatrixType)
    vectors = b_type.element_type == work or isinstance(work, AnyFloat)
    carriers = plan.accumulators(vectors)
    totals = [
        em.extract(c, group[0])
        if len(group) == 1
        else em.from_elements(
            [em.extract(c, v) for v in group], VectorType(work, [len(group)])
        )
        for group in carriers
    ]
    *a_lead, a_row0, a_col0 = a.indices
    *b_lead, b_row0, b_col0 = b.indices
    a_rows = [em.add(a_row0, em.lane_value(key)) for key in plan.rows]
    b_cols = [em.add(b_col0, em.lane_value(key)) for key, _ in plan.runs]
    outer = Block(arg_types=[IndexType(), *(t.type for t in totals)])
    em_outer = SimtEmitter(_BlockInserter(outer), em.S)  # type: ignore[arg-type]
    kc, *carried = outer.args
    a_col = em_outer.add(a_col0, kc)
    a_pieces = [
        _load(em_outer, a.memref, [*a_lead, row, a_col], plan.chunk) for row in a_rows
    ]
    widened: dict[tuple[SSAValue, int | SSAValue | None], SSAValue] = {}

    def element(
        e: SimtEmitter, piece: SSAValue, i: int | SSAValue | None, is_a: bool
    ) -> SSAValue:
        """Element i of a loaded piece (None: all of it) in the work type."""
        if (piece, i) not in widened:
            whole = i is None or not isinstance(piece.type, VectorType)
            x = piece if whole else e.extract(piece, i)  # type: ignore[arg-type]
            widened[piece, i] = widen(e, x, is_a)
        return widened[piece, i]

    def k_step(e: SimtEmitter, t: int | SSAValue, sums: list[SSAValue]):
        """The products of k step kc + t, accumulated into `sums`."""
        k = kc if t == 0 else e.add(kc, e.index(t) if isinstance(t, int) else t)
        b_row = e.add(b_row0, k)
        b_pieces = [
            _load(e, b.memref, [*b_lead, b_row, col], n)
            for col, (_, n) in zip(b_cols, plan.runs, strict=True)
        ]
        broadcasts: dict[tuple[int, int], SSAValue] = {}
        new = []
        for group, total in zip(carriers, sums, strict=True):
            row, (run, i) = plan.row_of[group[0]], plan.run_of[group[0]]
            x = element(e, a_pieces[row], t, True)
            if len(group) == 1:
                y = element(e, b_pieces[run], i, False)
            else:
                y = element(e, b_pieces[run], None, False)
                n = len(group)
                if (row, n) not in broadcasts:
                    t_n = VectorType(work, [n])
                    broadcasts[row, n] = e.emit(vector.BroadcastOp(x, t_n))
                x = broadcasts[row, n]
            new.append(step(e, total, x, y))
        return new

    if plan.chunk > 4:
        # A's piece is a SPIR-V array, which takes no run-time index: the
        # chunk's steps are unrolled.
        sums = list(carried)
        for t in range(plan.chunk):
            sums = k_step(em_outer, t, sums)
        outer.add_op(scf.YieldOp(*sums))
    else:
        # The chunk's k steps: a loop of their own (LLVM unrolls it; one
        # copy here).
        body = Block(arg_types=[IndexType(), *(t.type for t in totals)])
        inner = SimtEmitter(_BlockInserter(body), em.S)  # type: ignore[arg-type]
        t, *sums = body.args
        body.add_op(scf.YieldOp(*k_step(inner, t, sums)))
        steps = scf.ForOp(
            em_outer.index(0),
            em_outer.index(plan.chunk),
            em_outer.index(1),
            carried,
            body,
        )
        outer.add_ops([steps, scf.YieldOp(*steps.results)])
    loop = scf.ForOp(em.index(0), em.index(plan.K), em.index(plan.chunk), totals, outer)
    em.rewriter.insert(loop)
    out: list[SSAValue] = [c] * len(plan.row_of)
    for group, result in zip(carriers, loop.results, strict=True):
        for i, v in enumerate(group):
            out[v] = result if len(group) == 1 else em.extract(result, i)
    return out


def erase_unused_loads(loads: list[coopmat.LoadOp], rewriter: PatternRewriter) -> None:
    """The loads a fused mul_add no longer needs (loads write nothing)."""
    for load in loads:
        if load.parent is not None and not load.result.uses:
            rewriter.erase(load)
