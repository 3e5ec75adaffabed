"""The kernels of `coopmlir.decode_attention` (decode_plan.py): split-K flash
decoding in SIMT code, a partial kernel per chunk of keys and a combine
kernel after it; or the partial kernel alone, its merge writing O (one
chunk), or its last workgroup per row block combining the chunks
(`plan.last_workgroup_combines`).

Partial kernel, workgroup (c, h * row_blocks + rb, b); n the run-time length
(clamped to [0, Lmax]), its keys [start, end) = [c * chunk, min(.., n));
work-item t is lane i = t % P of team u = t / P (P = plan.team, U teams);
rows r of the workgroup's row block (query s of head g of the group):

    q[r] = f32(Q[b, h * G + g, s, slice i of D])     (registers)
    m[r] = -inf, l[r] = 0, o[r] = 0                 (registers; slice i of Dv)
    for key0 in [start + u * W, end) step U * W:    (W = plan.unroll keys)
      load K, V rows key0 .. key0 + W - 1, slice i (16-byte loads, all in
        flight first; rows past n read row n - 1)
      s[r, j] = key j visible ? scale * ks * (sum over the team's lanes of
                q[r] . K[j]) : -inf                  (butterfly of P lanes)
      m' = max(m, max_j s), p = exp(s - m'), alpha = exp(m - m'),
      l = l * alpha + sum_j p, o = o * alpha + sum_j p * vs[j] * V[j]
    the teams' (m, l, o) -> workgroup memory; merged per (r, d):
      M = max_u m_u, w_u = exp(m_u - M): partials[b, h, c] = (M, sum w l, sum w o)
      (one chunk: O[b, h * G + g, s] = sum w o / sum w l in O's type)

(key j visible: j < end, and causal, j <= n - S + s; exp(x - m') takes m' = 0
where m' is -inf, so fully masked rows stay 0, not NaN). ks, vs: the K/V
scales of quantized caches (1 otherwise), decoded in the load (`_decode`).

Combine of query row r: a subgroup takes M = max_c m_c, the weights
w_c = exp(m_c - M) (into workgroup memory) and L = sum_c w_c l_c; then each
d: O = sum_c w_c Os_c / L, stored to O[b, h * G + g, s, d] in its type (NaN
where no key was visible). Fused, after the partial result is stored, the
row block's last workgroup to arrive at counter[b, head_rows]
(last_workgroup.py) does it for its rows: subgroup j weighs rows j,
j + subgroups, ...; barrier; every O.

The combine kernel, workgroup (h, b, r), does it for row r, each subgroup
alike.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, gpu, math, memref, vector
from xdsl.dialects.builtin import (
    Float32Type,
    IndexType,
    MemRefType,
    ModuleOp,
    VectorType,
    i8,
    i32,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE, LaneIdOp
from coopmlir.dialects.kernel_abi import set_subgroup_size
from coopmlir.passes.lower_to_coopmat.decode_plan import COMBINE_UNROLL, DecodePlan
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    free_name,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.last_workgroup import (
    arrival_counts,
    if_last_to_arrive,
)
from coopmlir.passes.lower_to_coopmat.launch import HostCode, insert_launch
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.targets import Target

F32 = Float32Type()
#: Rows of the partial statistics: the running max and the sum.
MAX, SUM = 0, 1


def workspace_types(plan: DecodePlan) -> tuple[MemRefType, MemRefType]:
    """The partial outputs [B, Hkv, chunks, rows, Dv] and statistics
    [B, Hkv, chunks, 2, rows] (max, sum), f32."""
    p = plan.problem
    lead = [p.batch, p.hkv, plan.chunks]
    return (
        MemRefType(F32, [*lead, p.rows, p.dv]),
        MemRefType(F32, [*lead, 2, p.rows]),
    )


def counter_type(plan: DecodePlan) -> MemRefType:
    """With the combine fused: how many workgroups of each row block
    [B, Hkv * row blocks] have stored their partial result (i32; zero
    between launches: the last workgroup sets its count back)."""
    p = plan.problem
    return MemRefType(i32, [p.batch, p.hkv * plan.row_blocks])


class _Kernel:
    """What both kernels share: the builder, the work-item's strided loops,
    f32 arithmetic."""

    def __init__(self, plan: DecodePlan, kernel: gpu.FuncOp):
        self.plan, self.p = plan, plan.problem
        self.b = KernelBuilder(kernel.body.block)
        self.args = kernel.body.block.args
        self.thread = self.b.gpu_id(gpu.ThreadIdOp, "x")

    def _f(self, op) -> SSAValue:
        return self.b.emit(op).results[0]

    def each(self, total: int, body: Callable[[SSAValue], None]) -> None:
        """body(e) for e = t, t + T, ... < total: this work-item's share."""

        def step(e: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            body(e)
            return []

        self.b.loop(self.thread, total, self.plan.threads, [], step)

    def split(self, e: Index, cols: int) -> tuple[Index, Index]:
        return self.b.div(e, cols), self.b.rem(e, cols)

    def load(self, mem: SSAValue, *at: Index) -> SSAValue:
        return self._f(memref.LoadOp.get(mem, [self.b.value(i) for i in at]))

    def store(self, value: SSAValue, mem: SSAValue, *at: Index) -> None:
        self.b.emit(memref.StoreOp.get(value, mem, [self.b.value(i) for i in at]))

    def load_run(self, mem: SSAValue, *at: Index) -> SSAValue:
        """`plan.width` consecutive elements from `at` (one vector, or the
        element itself for width 1)."""
        width = self.plan.width
        if width == 1:
            return self.load(mem, *at)
        element = mem.type.element_type  # type: ignore[attr-defined]
        indices = [self.b.value(i) for i in at]
        return self._f(vector.LoadOp(mem, indices, VectorType(element, [width])))

    def safe_max(self, m: SSAValue) -> SSAValue:
        """m, or 0 where m is -inf (so exp(x - m) of -inf scores is 0)."""
        b = self.b
        low = b.constant(float("-inf"), F32)
        none = self._f(arith.CmpfOp(m, low, "oeq"))
        return self._f(arith.SelectOp(none, b.constant(0.0, F32), m))

    def exp_minus(self, x: SSAValue, m: SSAValue) -> SSAValue:
        return self._f(math.ExpOp(self._f(arith.SubfOp(x, m))))

    def query_head(self, head: Index, r: Index) -> tuple[Index, Index]:
        """(query head, query) of row r of K/V head `head`'s group."""
        g, s = self.split(r, self.p.s)
        return self.b.add(self.b.mul(head, self.p.group), g), s


def as_f32(t: Attribute) -> Attribute:
    """`t` (a scalar or a vector type) with f32 elements."""
    return VectorType(F32, t.get_shape()) if isinstance(t, VectorType) else F32


def to_f32(b: KernelBuilder, value: SSAValue) -> SSAValue:
    """A loaded float (or run of floats) widened to f32."""
    if value.type == as_f32(value.type):
        return value
    return b.emit(arith.ExtFOp(value, as_f32(value.type))).results[0]


class _PartialKernel(_Kernel):
    """Emits the partial kernel (module doc)."""

    def build(self) -> None:
        b, p, plan = self.b, self.p, self.plan
        self._allocate()
        q, self.k, self.v, *rest = self.args
        length = rest.pop(0) if p.length is None else None
        if plan.writes_output:
            *rest, self.out = rest
        elif plan.last_workgroup_combines:
            *rest, self.parts, self.stats, self.counter, self.out = rest
        else:
            *rest, self.parts, self.stats = rest
        self.chunk = b.gpu_id(gpu.BlockIdOp, "x")
        head_rows = b.gpu_id(gpu.BlockIdOp, "y")
        self.head = b.div(head_rows, plan.row_blocks)
        # Where the workgroup's rows start among the group's.
        self.row0 = b.mul(b.rem(head_rows, plan.row_blocks), plan.row_block)
        self.batch = b.gpu_id(gpu.BlockIdOp, "z")
        self.team, self.lane = self.split(self.thread, plan.team)
        self.n = self._length(length)
        start = b.mul(self.chunk, plan.chunk)
        self.end = self._f(
            arith.MinUIOp(b.value(b.add(start, plan.chunk)), b.value(self.n))
        )
        self.k_per_head, self.v_per_head = self._head_scales(rest)
        self.queries = [self._query(q, r) for r in range(plan.row_block)]
        rows, (_, dv) = plan.row_block, plan.slices
        low, zero = b.constant(float("-inf"), F32), b.constant(0.0, F32)
        state = [low] * rows + [zero] * rows + [zero] * (rows * dv)
        first = b.add(start, b.mul(self.team, plan.unroll))
        self.stride = plan.teams * plan.unroll
        self.last = self._last_row()
        count = len(state)
        if plan.prefetch:  # the first keys' rows before the loop
            state = [*state, *self._fetch(first)]
        state = b.loop(first, self.end, self.stride, state, self._step)
        self._merge(state[:count])
        if plan.last_workgroup_combines:
            self._combine_if_last(head_rows)
        b.emit(gpu.ReturnOp([]))

    def _allocate(self) -> None:
        """Workgroup memory: the teams' outputs and statistics."""
        p, plan = self.p, self.plan
        shapes = [
            (plan.teams, plan.row_block, p.dv),
            (plan.teams, 2, plan.row_block),
        ]
        self.team_outputs, self.team_stats = (
            self._f(
                memref.AllocaOp.get(F32, shape=s, memory_space=WORKGROUP_MEMORY_SPACE)
            )
            for s in shapes
        )

    def _length(self, length: SSAValue | None) -> Index:
        """n = clamp(length[0], 0, Lmax) as an index (a routed attention's:
        its key count)."""
        b = self.b
        if length is None:
            assert self.p.length is not None
            return self.p.length
        n = self.load(length, 0)
        n = self._f(arith.MaxSIOp(n, b.constant(0, i32)))
        n = self._f(arith.MinSIOp(n, b.constant(self.p.lmax, i32)))
        return self._f(arith.IndexCastOp(n, IndexType()))

    def _head_scales(self, rest: list[SSAValue]) -> list[SSAValue | None]:
        """The K and V scales that hold for the whole head (f32), None where
        they are per position or K/V are not quantized."""
        if self.p.per_position is None:
            return [None, None]
        return [
            None
            if per_position
            else to_f32(self.b, self.load(s, self.batch, self.head))
            for s, per_position in zip(rest[:2], self.p.per_position, strict=True)
        ]

    def _position_scale(self, which: int, key: Index) -> SSAValue | None:
        """The per-position scale of K (0) or V (1) at `key` (clamped below
        n, like the rows), or None."""
        p = self.p
        if p.per_position is None or not p.per_position[which]:
            return None
        mem = self.args[4 + which]  # quantized: never routed, a length operand
        return to_f32(self.b, self.load(mem, self.batch, self.head, key))

    def _query(self, q: SSAValue, r: int) -> list[SSAValue]:
        """This lane's slice of query row r, f32."""
        b = self.b
        head, s = self.query_head(self.head, b.add(self.row0, r))
        runs = self._runs(q, (self.batch, head, s), self.plan.slices[0])
        return [x for run in runs for x in self._elements(run, widen=True)]

    def _runs(self, mem: SSAValue, lead: tuple, count: int) -> list[SSAValue]:
        """This lane's slice (`count` elements) of row `lead` of `mem`, as
        loads of `plan.width` elements, none used yet."""
        b, width = self.b, self.plan.width
        col0 = b.mul(self.lane, count)
        return [
            self.load_run(mem, *lead, b.add(col0, i)) for i in range(0, count, width)
        ]

    def _elements(self, run: SSAValue, widen: bool = False) -> list[SSAValue]:
        """A loaded run's elements as f32 (K/V: decoded)."""
        if isinstance(run.type, VectorType):
            element = run.type.element_type
            parts = [
                self._f(vector.ExtractOp(run, [i], element))
                for i in range(run.type.get_shape()[0])
            ]
        else:
            parts = [run]
        return [to_f32(self.b, x) if widen else self._decode(x) for x in parts]

    def _decode(self, value: SSAValue) -> SSAValue:
        """A K/V element as f32: widened (an f8 code too: convert-to-spirv
        decodes its byte with integer ops), or an i8 code converted (a
        quantized cache's scale applies to the whole dot product)."""
        if self.p.kv_elem == i8:
            return self._f(arith.SIToFPOp(value, F32))
        return to_f32(self.b, value)

    def _last_row(self) -> Index:
        """max(n, 1) - 1: where the rows of keys past the length are read
        (a row of the cache even for n = 0; never used)."""
        if isinstance(self.n, int):
            return max(self.n, 1) - 1
        b = self.b
        n = self._f(arith.MaxUIOp(b.value(self.n), b.value(1)))
        return b.sub(n, 1)

    def _rows(self, key0: Index) -> list[SSAValue]:
        """The cache rows of the `plan.unroll` keys from key0."""
        b = self.b
        keys = [b.value(b.add(key0, j)) for j in range(self.plan.unroll)]
        return [self._f(arith.MinUIOp(key, b.value(self.last))) for key in keys]

    def _fetch(self, key0: Index) -> list[SSAValue]:
        """This lane's K then V runs of the keys from key0, loaded (none used
        yet)."""
        _, (dk, dv) = self.plan.row_block, self.plan.slices
        at = [(self.batch, self.head, row) for row in self._rows(key0)]
        k_runs = [run for lead in at for run in self._runs(self.k, lead, dk)]
        v_runs = [run for lead in at for run in self._runs(self.v, lead, dv)]
        return k_runs + v_runs

    def _step(self, key0: SSAValue, carried: list[SSAValue]) -> list[SSAValue]:
        """`plan.unroll` keys from key0 (module doc): every load first (with
        prefetch: the next keys', this step's came in `carried`), then the
        scores, the online softmax, the output."""
        b, plan = self.b, self.plan
        rows, (dk, dv) = plan.row_block, plan.slices
        count = rows * (2 + dv)
        state, fetched = carried[:count], carried[count:]
        if plan.prefetch:
            following = self._fetch(b.add(key0, self.stride))
        else:
            fetched, following = self._fetch(key0), []
        m, sums, o = state[:rows], state[rows : 2 * rows], state[2 * rows :]
        keys = [b.add(key0, j) for j in range(plan.unroll)]
        rows_at = self._rows(key0)
        nk, nv = dk // plan.width, dv // plan.width  # runs per key
        v_all = fetched[nk * plan.unroll :]
        k_runs = [fetched[j * nk : (j + 1) * nk] for j in range(plan.unroll)]
        v_runs = [v_all[j * nv : (j + 1) * nv] for j in range(plan.unroll)]
        scores = [
            self._scores(key, row, runs)
            for key, row, runs in zip(keys, rows_at, k_runs, strict=True)
        ]
        new_m, new_l, weights = [], [], []
        for r in range(rows):
            most = m[r]
            for s in scores:
                most = self._f(arith.MaximumfOp(most, s[r]))
            safe = self.safe_max(most)
            alpha = self.exp_minus(m[r], safe)
            probs = [self.exp_minus(s[r], safe) for s in scores]
            total = self._f(arith.MulfOp(sums[r], alpha))
            for prob in probs:
                total = self._f(arith.AddfOp(total, prob))
            new_m.append(most)
            new_l.append(total)
            weights.append((alpha, probs))
        values = [
            x for runs in v_runs for run in runs for x in self._elements(run)
        ]  # [key][d]
        for j, row in enumerate(rows_at):
            scale = self._position_scale(1, row)
            if scale is None:
                continue
            for r in range(rows):
                alpha, probs = weights[r]
                probs[j] = self._f(arith.MulfOp(probs[j], scale))
        new_o = []
        for r in range(rows):
            alpha, probs = weights[r]
            for d in range(dv):
                acc = self._f(arith.MulfOp(o[r * dv + d], alpha))
                for j, prob in enumerate(probs):
                    product = self._f(arith.MulfOp(prob, values[j * dv + d]))
                    acc = self._f(arith.AddfOp(acc, product))
                new_o.append(acc)
        return [*new_m, *new_l, *new_o, *following]

    def _scores(
        self, key: Index, row: SSAValue, runs: list[SSAValue]
    ) -> list[SSAValue]:
        """Per query row, scale * ks * q . K[key] (summed over the team's
        lanes), -inf where `key` is not visible to it."""
        b, p, plan = self.b, self.p, self.plan
        k = [x for run in runs for x in self._elements(run)]
        factor = b.constant(p.scale, F32)
        for scale in (self.k_per_head, self._position_scale(0, row)):
            if scale is not None:
                factor = self._f(arith.MulfOp(factor, scale))
        low = b.constant(float("-inf"), F32)
        scores = []
        for r, query in enumerate(self.queries):
            dot = self._f(arith.MulfOp(query[0], k[0]))
            for x, y in zip(query[1:], k[1:], strict=True):
                dot = self._f(arith.AddfOp(dot, self._f(arith.MulfOp(x, y))))
            dot = b.subgroup_reduce(dot, plan.team, arith.AddfOp, plan.subgroup)
            score = self._f(arith.MulfOp(dot, factor))
            visible = self._visible(key, r)
            scores.append(self._f(arith.SelectOp(visible, score, low)))
        return scores

    def _visible(self, key: Index, r: int) -> SSAValue:
        """key < end, and causal: key <= n - S + s (as key + S < n + s + 1)
        for the query s of the workgroup's row r."""
        b, p = self.b, self.p
        inside = b.below(b.value(key), self.end)
        if not p.causal:
            return inside
        s = b.rem(b.add(self.row0, r), p.s)
        seen = b.below(b.value(b.add(key, p.s)), b.add(b.add(self.n, s), 1))
        return b.both(inside, seen)

    def _merge(self, state: list[SSAValue]) -> None:
        """The teams' (m, l, o) through workgroup memory into the chunk's
        partial result (module doc)."""
        b, p, plan = self.b, self.p, self.plan
        rows, (_, dv) = plan.row_block, plan.slices
        col0 = b.mul(self.lane, dv)
        v_scale = self.v_per_head
        for r in range(rows):
            # Every lane of a team holds the same statistics: one value.
            self.store(state[r], self.team_stats, self.team, MAX, r)
            self.store(state[rows + r], self.team_stats, self.team, SUM, r)
            for d in range(dv):
                value = state[2 * rows + r * dv + d]
                if v_scale is not None:
                    value = self._f(arith.MulfOp(value, v_scale))
                self.store(value, self.team_outputs, self.team, r, b.add(col0, d))
        b.emit(gpu.BarrierOp())
        at = (self.batch, self.head, self.chunk)

        def output(e: SSAValue) -> None:
            r, d = self.split(e, p.dv)
            weights, _ = self._team_weights(r)
            total = None
            for u, w in enumerate(weights):
                part = self._f(arith.MulfOp(w, self.load(self.team_outputs, u, r, d)))
                total = part if total is None else self._f(arith.AddfOp(total, part))
            if plan.writes_output:  # O = the sum over L (NaN: no key seen)
                result = self._f(arith.DivfOp(total, self._row_sum(weights, r)))
                if not isinstance(p.out_elem, Float32Type):
                    result = self._f(arith.TruncFOp(result, p.out_elem))
                head, s = self.query_head(self.head, b.add(self.row0, r))
                self.store(result, self.out, self.batch, head, s, d)
                return
            self.store(total, self.parts, *at, b.add(self.row0, r), d)

        def statistics(r: SSAValue) -> None:
            weights, most = self._team_weights(r)
            row = b.add(self.row0, r)
            self.store(most, self.stats, *at, MAX, row)
            self.store(self._row_sum(weights, r), self.stats, *at, SUM, row)

        self.each(rows * p.dv, output)
        if not plan.writes_output:
            self.each(rows, statistics)

    def _row_sum(self, weights: list[SSAValue], r: SSAValue) -> SSAValue:
        """L of row r: the teams' sums, each weighed."""
        total = None
        for u, w in enumerate(weights):
            part = self._f(arith.MulfOp(w, self.load(self.team_stats, u, SUM, r)))
            total = part if total is None else self._f(arith.AddfOp(total, part))
        assert total is not None
        return total

    def _combine_if_last(self, head_rows: SSAValue) -> None:
        """The row block's last workgroup to store its partial result
        combines all of them (module doc; last_workgroup.py): each workgroup
        counts itself in `counter[b, head_rows]` once its partials are
        stored."""
        b, plan = self.b, self.plan
        combine = _Combine(self, self.head, self.batch, plan.row_block)
        at = [self.batch, head_rows]
        with if_last_to_arrive(b, self.thread, self.counter, at, plan.chunks):
            subgroups = plan.threads // plan.subgroup
            slot0 = b.div(self.thread, plan.subgroup)

            def weigh(slot: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
                combine.weigh(slot, b.add(self.row0, slot))
                return []

            b.loop(slot0, plan.row_block, subgroups, [], weigh)
            b.emit(gpu.BarrierOp())
            combine.outputs(self.row0, plan.row_block)

    def _team_weights(self, r: SSAValue) -> tuple[list[SSAValue], SSAValue]:
        """exp(m_u - M) for each team u of row r, and M = max_u m_u."""
        maxima = [self.load(self.team_stats, u, MAX, r) for u in range(self.plan.teams)]
        most = maxima[0]
        for m in maxima[1:]:
            most = self._f(arith.MaximumfOp(most, m))
        safe = self.safe_max(most)
        return [self.exp_minus(m, safe) for m in maxima], most


class _Combine:
    """The combine of the chunks of some query rows of one K/V head (module
    doc), emitted by the combine kernel (one row per workgroup) or by the
    partial kernel's last workgroup of a row block (its rows)."""

    def __init__(self, k: _Kernel, head: Index, batch: Index, rows: int):
        self.k, self.b, self.plan, self.p = k, k.b, k.plan, k.p
        self.head, self.batch = head, batch
        # Per row: the chunks' weights (0 past them, up to padded_chunks),
        # then the row's sum L.
        self.weights = k._f(
            memref.AllocaOp.get(
                F32,
                shape=(rows, self.plan.padded_chunks + 1),
                memory_space=WORKGROUP_MEMORY_SPACE,
            )
        )

    def weigh(self, slot: Index, row: Index) -> None:
        """M, the weights w_c (at [slot, c]) and L (at [slot, padded_chunks])
        of query row `row`, by one subgroup (each of its lanes a share of
        the chunks)."""
        b, k, plan = self.b, self.k, self.plan
        lane, size = b.gpu_id(LaneIdOp), plan.subgroup
        at = (self.batch, self.head)

        def largest(c: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            m = k.load(k.stats, *at, c, MAX, row)
            return [k._f(arith.MaximumfOp(acc[0], m))]

        low = b.constant(float("-inf"), F32)
        (most,) = b.loop(lane, plan.chunks, size, [low], largest)
        most = k.safe_max(b.subgroup_reduce(most, size, arith.MaximumfOp))

        def weigh(c: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            w = k.exp_minus(k.load(k.stats, *at, c, MAX, row), most)
            k.store(w, self.weights, slot, c)
            total = k._f(arith.MulfOp(w, k.load(k.stats, *at, c, SUM, row)))
            return [k._f(arith.AddfOp(acc[0], total))]

        zero = b.constant(0.0, F32)
        (total,) = b.loop(lane, plan.chunks, size, [zero], weigh)
        total = b.subgroup_sum(total, size)
        k.store(total, self.weights, slot, plan.padded_chunks)

        def pad(c: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            k.store(zero, self.weights, slot, c)
            return []

        b.loop(b.add(lane, plan.chunks), plan.padded_chunks, size, [], pad)

    def outputs(self, row0: Index, rows: int) -> None:
        """O of query rows row0 .. row0 + rows - 1, weighed at slots 0 ..
        rows - 1: each work-item its elements e = slot * Dv + d, all of them
        at once where they divide evenly among the work-items (their loads
        in flight together), else one at a time."""
        total, threads = rows * self.p.dv, self.plan.threads
        if total % threads:
            self.k.each(total, lambda e: self._sums(row0, [e]))
            return
        t = self.k.thread
        self._sums(row0, [self.b.add(t, i * threads) for i in range(total // threads)])

    def _sums(self, row0: Index, elements: list[Index]) -> None:
        """O at each of `elements`: COMBINE_UNROLL chunks per step, every
        load of a step in flight first (past the chunks: the last one's,
        weighted 0)."""
        b, k, p, plan = self.b, self.k, self.p, self.plan
        at = (self.batch, self.head)
        places = [k.split(e, p.dv) for e in elements]

        def add(c0: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            chunks = [b.add(c0, i) for i in range(COMBINE_UNROLL)]
            read = [b.clamp(b.value(c), plan.chunks) for c in chunks]
            parts = [
                [k.load(k.parts, *at, c, b.add(row0, slot), d) for c in read]
                for slot, d in places
            ]
            sums = []
            for (slot, _), total, loaded in zip(places, acc, parts, strict=True):
                for c, part in zip(chunks, loaded, strict=True):
                    w = k.load(self.weights, slot, c)
                    total = k._f(arith.AddfOp(total, k._f(arith.MulfOp(w, part))))
                sums.append(total)
            return sums

        zero = b.constant(0.0, F32)
        sums = b.loop(0, plan.padded_chunks, COMBINE_UNROLL, [zero] * len(places), add)
        for (slot, d), total in zip(places, sums, strict=True):
            result = k._f(
                arith.DivfOp(total, k.load(self.weights, slot, plan.padded_chunks))
            )
            if not isinstance(p.out_elem, Float32Type):
                result = k._f(arith.TruncFOp(result, p.out_elem))
            head, s = k.query_head(self.head, b.add(row0, slot))
            k.store(result, k.out, self.batch, head, s, d)


class _CombineKernel(_Kernel):
    """Emits the combine kernel (module doc)."""

    def build(self) -> None:
        b = self.b
        self.parts, self.stats, self.out = self.args
        head = b.gpu_id(gpu.BlockIdOp, "x")
        batch = b.gpu_id(gpu.BlockIdOp, "y")
        row = b.gpu_id(gpu.BlockIdOp, "z")
        combine = _Combine(self, head, batch, 1)
        combine.weigh(0, row)  # each subgroup alike (the same values)
        b.emit(gpu.BarrierOp())
        combine.outputs(row, 1)
        b.emit(gpu.ReturnOp([]))


def build_decode_kernels(
    name: str, combine_name: str, plan: DecodePlan, types: list[Attribute]
) -> list[gpu.FuncOp]:
    """The partial kernel @name(op operands but the output, partial outputs,
    statistics), then the combine kernel @combine_name(partial outputs,
    statistics, output). Only the partial kernel where one chunk makes it
    write O, @name(op operands), or where its last workgroups combine,
    @name(op operands but the output, partial outputs, statistics, arrival
    counts, output)."""
    parts, stats = workspace_types(plan)
    if plan.writes_output:
        operands = types
    elif plan.last_workgroup_combines:
        operands = [*types[:-1], parts, stats, counter_type(plan), types[-1]]
    else:
        operands = [*types[:-1], parts, stats]
    partial = kernel_function(name, operands, plan.threads)
    # The teams' butterflies assume the target's subgroup size: the kernel asks.
    set_subgroup_size(partial, plan.subgroup)
    _PartialKernel(plan, partial).build()
    if plan.writes_output or plan.last_workgroup_combines:
        return [partial]
    combine = kernel_function(combine_name, [parts, stats, types[-1]], plan.threads)
    set_subgroup_size(combine, plan.subgroup)  # its butterflies too
    _CombineKernel(plan, combine).build()
    return [partial, combine]


def lower_decodes(
    module: ModuleOp, planned: list[DecodePlan], target: Target, explain: bool
) -> None:
    """Each planned decoding attention becomes the launches of its kernels."""
    pairs = ((plan.problem.op, plan) for plan in planned)
    lower_planned(LowerDecode(module, target, explain, pairs))


class LowerDecode(LowerPlanned[DecodePlan]):
    """A planned `coopmlir.decode_attention` (on memrefs) -> the workspace
    (`memref.alloc`), a launch of the partial kernel, a launch of the
    combine kernel (unless the partial kernel writes O or combines),
    `memref.dealloc`s; the kernels go to the host's `gpu.module`."""

    def lower(self, plan: DecodePlan, rewriter: PatternRewriter) -> None:
        op = plan.problem.op
        if self.explain:
            remark(op, plan.describe(self.target))
        kernels, name = new_kernel(rewriter, self.module, op, "_decode")
        combine_name = free_name(kernels, f"{name}_combine")
        operands = plan.problem.operands
        types = [v.type for v in operands]
        new = build_decode_kernels(name, combine_name, plan, types)
        partial, *combine = add_kernels(rewriter, kernels, new, op)
        workspace = []
        for t in [] if plan.writes_output else workspace_types(plan):
            alloc = memref.AllocOp.get(t.element_type, shape=t.get_shape())
            alloc.location = op.location
            rewriter.insert(alloc, InsertPoint.before(op))
            workspace.append(alloc.memref)
        host, threads = HostCode(rewriter, op), plan.threads
        partial_operands = [*operands[:-1], *workspace]
        if plan.last_workgroup_combines:
            counts = arrival_counts(
                self.module, rewriter, f"{name}_arrivals", counter_type(plan), op
            )
            partial_operands += [counts, operands[-1]]
        elif plan.writes_output:
            partial_operands.append(operands[-1])
        insert_launch(
            rewriter, op, partial, plan.grid(), threads, partial_operands, host
        )
        if combine:
            combine_operands = [*workspace, operands[-1]]
            grid = plan.combine_grid()
            insert_launch(
                rewriter, op, combine[0], grid, threads, combine_operands, host
            )
        for buffer in workspace:
            dealloc = memref.DeallocOp.get(buffer)
            dealloc.location = op.location
            rewriter.insert(dealloc, InsertPoint.before(op))
        views = [v.owner for v in op.operands if isinstance(v.owner, memref.SubviewOp)]
        rewriter.erase(op)
        for view in views:  # a routed attention's K, V read from their caches
            if not view.results[0].uses:
                rewriter.erase(view)
