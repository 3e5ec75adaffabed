"""The kernels of `coopmlir.decode_attention` (decode_plan.py): split-K flash
decoding in SIMT code, a partial kernel per chunk of keys and a combine
kernel.

Partial kernel, workgroup (c, h, b), work-items t of T, n the run-time
length (clamped to [0, Lmax]); rows r = g * S + s of the K/V head's group:

    Qs[r, :] = f32(Q[b, h * G + g, s, :])          (workgroup memory)
    m[r] = -inf, l[r] = 0, Os[r, :] = 0
    for key0 in [c * chunk, min((c + 1) * chunk, n)) step block:
      copy K, V rows [key0, key0 + block) (zero past n)   (TileCopy)
      Sc[r, j] = key0 + j visible ? scale * ks * Qs[r] . K[j] : -inf
      per row r: m' = max(m, max_j Sc), P = exp(Sc - m'), alpha = exp(m - m'),
                 l = l * alpha + sum_j P, Sc[r, j] = P * vs[j]
      Os[r, d] = Os[r, d] * alpha + sum_j Sc[r, j] * V[j, d]
    partials[b, h, c] = (m, l, Os)

(key j visible: j < n, and causal, j <= n - S + s; exp(x - m') takes m' = 0
where m' is -inf, so fully masked rows stay 0, not NaN). ks, vs: the K/V
scales of quantized caches (1 otherwise), decoded in the load (`_decode`).
Work-item t owns the rows r = t (mod T) of m, l and the elements
e = t (mod T) of Os, so only the tiles and scores need barriers.

Combine kernel, workgroup (h, b): for each element (r, d),
M = max_c m_c, w_c = exp(m_c - M), O = sum_c w_c Os_c / sum_c w_c l_c,
stored to O[b, h * G + g, s, d] in its type (NaN where no key was visible).
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
    i32,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.decode_attention import is_quantized
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE, LaneIdOp
from coopmlir.dialects.kernel_abi import set_subgroup_size
from coopmlir.passes.lower_to_coopmat.decode_plan import ROW_STATS, DecodePlan
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    free_name,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import HostCode, insert_launch
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.tile_copy import TileCopy
from coopmlir.targets import Target

F32 = Float32Type()
#: Rows of the partial statistics: the running max and the sum.
MAX, SUM, ALPHA = 0, 1, 2


def workspace_types(plan: DecodePlan) -> tuple[MemRefType, MemRefType]:
    """The partial outputs [B, Hkv, chunks, rows, Dv] and statistics
    [B, Hkv, chunks, 2, rows] (max, sum), f32."""
    p = plan.problem
    lead = [p.batch, p.hkv, plan.chunks]
    return (
        MemRefType(F32, [*lead, p.rows, p.dv]),
        MemRefType(F32, [*lead, 2, p.rows]),
    )


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

    def store_run(self, value: SSAValue, mem: SSAValue, *at: Index) -> None:
        if self.plan.width == 1:
            return self.store(value, mem, *at)
        self.b.emit(vector.StoreOp(value, mem, [self.b.value(i) for i in at]))

    def zero_run(self) -> SSAValue:
        """A run of f32 zeros (a hoisted constant)."""
        width = self.plan.width
        return self.b.constant(0.0, F32 if width == 1 else VectorType(F32, [width]))

    def splat(self, value: SSAValue) -> SSAValue:
        """An f32 as a run of `plan.width` (itself for width 1)."""
        if self.plan.width == 1:
            return value
        run = VectorType(F32, [self.plan.width])
        return self._f(vector.BroadcastOp(value, run))

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
        self.parts, self.stats = rest[-2:]
        chunk = b.gpu_id(gpu.BlockIdOp, "x")
        head_rows = b.gpu_id(gpu.BlockIdOp, "y")
        self.head = b.div(head_rows, plan.row_blocks)
        # Where the workgroup's rows start among the group's.
        self.row0 = b.mul(b.rem(head_rows, plan.row_blocks), plan.row_block)
        self.batch = b.gpu_id(gpu.BlockIdOp, "z")
        self.chunk = chunk
        self.subgroup_id = b.gpu_id(gpu.SubgroupIdOp)
        self.lane = b.gpu_id(LaneIdOp)
        self.n = self._length(length)
        # Reads clamp to `reads` - 1: n, or 1 where n = 0 (no key: every
        # chunk's loop is empty, but the prefetch before it still loads).
        self.reads: Index = (
            self.n
            if isinstance(self.n, int)
            else self._f(arith.MaxUIOp(self.n, b.value(1)))
        )
        start = b.mul(chunk, plan.chunk)
        end = self._f(arith.MinUIOp(b.value(b.add(start, plan.chunk)), b.value(self.n)))

        rows = plan.row_block

        def stage_query(e: SSAValue) -> None:
            r, d = self.split(e, p.d)
            head, s = self.query_head(self.head, b.add(self.row0, r))
            self.store(to_f32(b, self.load(q, self.batch, head, s, d)), self.qs, r, d)

        self.each(rows * p.d, stage_query)
        low, zero = b.constant(float("-inf"), F32), b.constant(0.0, F32)

        def clear_row(r: SSAValue) -> None:
            self.store(low, self.row_stats, MAX, r)
            self.store(zero, self.row_stats, SUM, r)

        self.each(rows, clear_row)
        self.each(rows * p.dv // plan.width, self._clear_output)
        self.k_per_head, self.v_per_head = self._head_scales(rest)

        # Registers prefetch the next block while this one is computed
        # (where the blocks split evenly over the work-items).
        prefetch = self._prefetches()
        first = self._fetch(start) if prefetch else []
        b.loop(start, end, plan.block, first, self._block)
        b.emit(gpu.BarrierOp())  # the statistics were the subgroups'
        self._write_partials()
        b.emit(gpu.ReturnOp([]))

    def _allocate(self) -> None:
        """Workgroup memory: K and V blocks, Q, scores, O, row statistics."""
        p, plan = self.p, self.plan
        k_shape, v_shape = plan.tile_shapes()
        shapes = [
            (p.kv_elem, k_shape),
            (p.kv_elem, v_shape),
            (F32, (plan.row_block, p.d)),
            (F32, (plan.row_block, plan.block)),
            (F32, (plan.row_block, p.dv)),
            (F32, (ROW_STATS, plan.row_block)),
        ]
        tiles = []
        for element, shape in shapes:
            alloca = memref.AllocaOp.get(
                element, shape=shape, memory_space=WORKGROUP_MEMORY_SPACE
            )
            tiles.append(self._f(alloca))
        self.k_tile, self.v_tile, self.qs, self.scores, self.os, self.row_stats = tiles

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

    def _position_scale(self, which: int, key0: Index, j: Index) -> SSAValue | None:
        """The per-position scale of K (0) or V (1) at key0 + j, or None. Keys
        past n read the scale at n - 1 (`reads` - 1 where n = 0): what
        lies past the length never reaches the result, not even as NaN."""
        p = self.p
        if p.per_position is None or not p.per_position[which]:
            return None
        mem = self.args[4 + which]  # quantized: never routed, a length operand
        at = self.b.clamp(self.b.value(self.b.add(key0, j)), self.reads)
        return to_f32(self.b, self.load(mem, self.batch, self.head, at))

    def _decode(self, value: SSAValue) -> SSAValue:
        """A K/V element as f32: widened, or the code of a quantized cache
        (its scale applies to the whole dot product). f8 codes decode here."""
        if not is_quantized(self.p.kv_elem):
            return to_f32(self.b, value)
        if not isinstance(value.type, VectorType):
            return self._f(arith.SIToFPOp(value, F32))
        # xDSL's arith.sitofp takes scalars only: component by component.
        run = self.b.constant(0.0, as_f32(value.type))
        for i in range(self.plan.width):
            code = self._f(vector.ExtractOp(value, [i], self.p.kv_elem))
            f = self._f(arith.SIToFPOp(code, F32))
            run = self._f(vector.InsertOp(f, run, [i]))
        return run

    def _copy(
        self, src: SSAValue, dst: SSAValue, key0: SSAValue, cols: int
    ) -> TileCopy:
        return TileCopy(
            self.b,
            src,
            (self.batch, self.head),
            dst,
            (key0, 0),
            (self.plan.block, cols),
            (self.reads, cols),
            (True, False),
            self.thread,
            self.plan.threads,
        )

    def _prefetches(self) -> bool:
        """Whether each work-item holds whole chunks of both blocks (so its
        share of the next block can wait in registers)."""
        plan, p = self.plan, self.p
        return all((plan.block * cols) % plan.threads == 0 for cols in (p.d, p.dv))

    def _copies(self, key0: Index) -> list[TileCopy]:
        return [
            self._copy(self.k, self.k_tile, key0, self.p.d),
            self._copy(self.v, self.v_tile, key0, self.p.dv),
        ]

    def _fetch(self, key0: Index) -> list[SSAValue]:
        """This work-item's share of the K and V blocks at key0, loaded
        (rows past n zero), every load in flight before any is used."""
        return [value for copy in self._copies(key0) for value in copy.fetch()]

    def _block(self, key0: SSAValue, fetched: list[SSAValue]) -> list[SSAValue]:
        """One block of keys (module doc); `fetched`: its K and V, loaded by
        the previous iteration (or before the loop). Returns the next
        block's, loaded before this one is computed."""
        b, p, plan = self.b, self.p, self.plan
        b.emit(gpu.BarrierOp())
        copies = self._copies(key0)
        if fetched:
            k_values = copies[0].values_per_thread
            copies[0].store(fetched[:k_values])
            copies[1].store(fetched[k_values:])
            b.emit(gpu.BarrierOp())
            fetched = self._fetch(b.add(key0, plan.block))
        else:
            for copy in copies:
                copy.emit_loop()
            b.emit(gpu.BarrierOp())
        rows = plan.row_block
        self.each(rows * plan.block, lambda e: self._score(key0, e))
        b.emit(gpu.BarrierOp())
        subgroups = plan.threads // plan.subgroup
        b.loop(
            self.subgroup_id,
            rows,
            subgroups,
            [],
            lambda r, _: self._row_update(key0, r),
        )
        b.emit(gpu.BarrierOp())
        self.each(rows * p.dv // plan.width, self._output_update)
        return fetched

    def _score(self, key0: SSAValue, e: SSAValue) -> None:
        """Sc[r, j] = scale * ks * Qs[r] . K[j], -inf where key0 + j is not
        visible to row r."""
        b, p = self.b, self.p
        r, j = self.split(e, self.plan.block)

        def term(d: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            k = self._decode(self.load_run(self.k_tile, j, d))
            product = self._f(arith.MulfOp(self.load_run(self.qs, r, d), k))
            return [self._f(arith.AddfOp(acc[0], product))]

        zero = self.zero_run()
        (dots,) = b.loop(0, p.d, self.plan.width, [zero], term)
        dot = b.components_sum(dots)
        key = b.add(key0, j)
        factor = b.constant(p.scale, F32)
        for scale in (self.k_per_head, self._position_scale(0, key0, j)):
            if scale is not None:
                factor = self._f(arith.MulfOp(factor, scale))
        score = self._f(arith.MulfOp(dot, factor))
        visible = self._visible(key, r)
        low = b.constant(float("-inf"), F32)
        self.store(self._f(arith.SelectOp(visible, score, low)), self.scores, r, j)

    def _visible(self, key: Index, r: Index) -> SSAValue:
        """key < n, and causal: key <= n - S + s (as key + S < n + s + 1)
        for the query s of the workgroup's row r."""
        b, p = self.b, self.p
        if not p.causal:
            return b.below(b.value(key), self.n)
        s = b.rem(b.add(self.row0, r), p.s)
        return b.below(b.value(b.add(key, p.s)), b.add(b.add(self.n, s), 1))

    def _row_update(self, key0: SSAValue, r: SSAValue) -> list[SSAValue]:
        """The online softmax of row r over the block (module doc), by one
        subgroup: its lanes stride over the keys, butterflies combine."""
        b, block, size = self.b, self.plan.block, self.plan.subgroup
        old = self.load(self.row_stats, MAX, r)

        def row_max(j: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            return [self._f(arith.MaximumfOp(acc[0], self.load(self.scores, r, j)))]

        (lane_max,) = b.loop(self.lane, block, size, [old], row_max)
        block_max = b.subgroup_reduce(lane_max, size, arith.MaximumfOp)
        new = self.safe_max(block_max)
        alpha = self.exp_minus(old, new)

        def probabilities(j: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            prob = self.exp_minus(self.load(self.scores, r, j), new)
            weighted = prob
            per_position = self._position_scale(1, key0, j)
            if per_position is not None:
                weighted = self._f(arith.MulfOp(prob, per_position))
            self.store(weighted, self.scores, r, j)
            return [self._f(arith.AddfOp(acc[0], prob))]

        zero = b.constant(0.0, F32)
        (lane_total,) = b.loop(self.lane, block, size, [zero], probabilities)
        total = b.subgroup_reduce(lane_total, size, arith.AddfOp)
        rescaled = self._f(arith.MulfOp(self.load(self.row_stats, SUM, r), alpha))
        self.store(self._f(arith.AddfOp(rescaled, total)), self.row_stats, SUM, r)
        self.store(block_max, self.row_stats, MAX, r)
        self.store(alpha, self.row_stats, ALPHA, r)
        return []

    def _output_column(self, e: SSAValue) -> tuple[Index, Index]:
        """(r, d) of the run of O that work-item share `e` owns (the same
        in every phase: no barrier between them)."""
        width = self.plan.width
        r, column = self.split(e, self.p.dv // width)
        return r, self.b.mul(column, width)

    def _clear_output(self, e: SSAValue) -> None:
        zero = self.zero_run()
        self.store_run(zero, self.os, *self._output_column(e))

    def _output_update(self, e: SSAValue) -> None:
        """Os[r, d:d+W] = Os[r, d:d+W] * alpha[r] + vs * sum_j P[r, j] V[j, d:d+W]
        (W = plan.width consecutive columns per work-item)."""
        b = self.b
        r, d = self._output_column(e)

        def term(j: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            v = self._decode(self.load_run(self.v_tile, j, d))
            product = self._f(arith.MulfOp(self.splat(self.load(self.scores, r, j)), v))
            return [self._f(arith.AddfOp(acc[0], product))]

        zero = self.zero_run()
        (weighted,) = b.loop(0, self.plan.block, 1, [zero], term)
        if self.v_per_head is not None:
            weighted = self._f(arith.MulfOp(weighted, self.splat(self.v_per_head)))
        alpha = self.splat(self.load(self.row_stats, ALPHA, r))
        kept = self._f(arith.MulfOp(self.load_run(self.os, r, d), alpha))
        self.store_run(self._f(arith.AddfOp(kept, weighted)), self.os, r, d)

    def _write_partials(self) -> None:
        p = self.p
        at = (self.batch, self.head, self.chunk)

        width = self.plan.width

        b, rows = self.b, self.plan.row_block

        def output(e: SSAValue) -> None:
            r, d = self._output_column(e)
            run = self.load_run(self.os, r, d)
            self.store_run(run, self.parts, *at, b.add(self.row0, r), d)

        def statistics(r: SSAValue) -> None:
            for row in (MAX, SUM):
                value = self.load(self.row_stats, row, r)
                self.store(value, self.stats, *at, row, b.add(self.row0, r))

        self.each(rows * p.dv // width, output)
        self.each(rows, statistics)


class _CombineKernel(_Kernel):
    """Emits the combine kernel (module doc)."""

    def build(self) -> None:
        b, p = self.b, self.p
        self.parts, self.stats, self.out = self.args
        self.head = b.gpu_id(gpu.BlockIdOp, "x")
        self.batch = b.gpu_id(gpu.BlockIdOp, "y")
        self.each(p.rows * p.dv, self._element)
        b.emit(gpu.ReturnOp([]))

    def _element(self, e: SSAValue) -> None:
        b, p = self.b, self.p
        r, d = self.split(e, p.dv)
        at = (self.batch, self.head)

        def largest(c: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            m = self.load(self.stats, *at, c, MAX, r)
            return [self._f(arith.MaximumfOp(acc[0], m))]

        low = b.constant(float("-inf"), F32)
        (most,) = b.loop(0, self.plan.chunks, 1, [low], largest)
        most = self.safe_max(most)

        def add(c: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            w = self.exp_minus(self.load(self.stats, *at, c, MAX, r), most)
            total = self._f(arith.MulfOp(w, self.load(self.stats, *at, c, SUM, r)))
            part = self._f(arith.MulfOp(w, self.load(self.parts, *at, c, r, d)))
            return [
                self._f(arith.AddfOp(acc[0], total)),
                self._f(arith.AddfOp(acc[1], part)),
            ]

        zero = b.constant(0.0, F32)
        total, out = b.loop(0, self.plan.chunks, 1, [zero, zero], add)
        result = self._f(arith.DivfOp(out, total))
        if not isinstance(p.out_elem, Float32Type):
            result = self._f(arith.TruncFOp(result, p.out_elem))
        head, s = self.query_head(self.head, r)
        self.store(result, self.out, self.batch, head, s, d)


def build_decode_kernels(
    name: str, combine_name: str, plan: DecodePlan, types: list[Attribute]
) -> tuple[gpu.FuncOp, gpu.FuncOp]:
    """The partial kernel @name(op operands but the output, partial outputs,
    statistics) and the combine kernel @combine_name(partial outputs,
    statistics, output)."""
    parts, stats = workspace_types(plan)
    partial = kernel_function(name, [*types[:-1], parts, stats], plan.threads)
    # The row butterflies assume the target's subgroup size: the kernel asks.
    set_subgroup_size(partial, plan.subgroup)
    _PartialKernel(plan, partial).build()
    combine = kernel_function(combine_name, [parts, stats, types[-1]], plan.threads)
    _CombineKernel(plan, combine).build()
    return partial, combine


def lower_decodes(
    module: ModuleOp, planned: list[DecodePlan], target: Target, explain: bool
) -> None:
    """Each planned decoding attention becomes the launches of its kernels."""
    pairs = ((plan.problem.op, plan) for plan in planned)
    lower_planned(LowerDecode(module, target, explain, pairs))


class LowerDecode(LowerPlanned[DecodePlan]):
    """A planned `coopmlir.decode_attention` (on memrefs) -> the workspace
    (`memref.alloc`), a launch of the partial kernel, a launch of the
    combine kernel, `memref.dealloc`s; the kernels go to the host's
    `gpu.module`."""

    def lower(self, plan: DecodePlan, rewriter: PatternRewriter) -> None:
        op = plan.problem.op
        if self.explain:
            remark(op, plan.describe(self.target))
        kernels, name = new_kernel(rewriter, self.module, op, "_decode")
        combine_name = free_name(kernels, f"{name}_combine")
        operands = plan.problem.operands
        types = [v.type for v in operands]
        new = build_decode_kernels(name, combine_name, plan, types)
        partial, combine = add_kernels(rewriter, kernels, new, op)
        workspace = []
        for t in workspace_types(plan):
            alloc = memref.AllocOp.get(t.element_type, shape=t.get_shape())
            alloc.location = op.location
            rewriter.insert(alloc, InsertPoint.before(op))
            workspace.append(alloc.memref)
        host, threads = HostCode(rewriter, op), plan.threads
        partial_operands = [*operands[:-1], *workspace]
        insert_launch(
            rewriter, op, partial, plan.grid(), threads, partial_operands, host
        )
        combine_operands = [*workspace, operands[-1]]
        grid = plan.combine_grid()
        insert_launch(rewriter, op, combine, grid, threads, combine_operands, host)
        for buffer in workspace:
            dealloc = memref.DeallocOp.get(buffer)
            dealloc.location = op.location
            rewriter.insert(dealloc, InsertPoint.before(op))
        views = [v.owner for v in op.operands if isinstance(v.owner, memref.SubviewOp)]
        rewriter.erase(op)
        for view in views:  # a routed attention's K, V read from their caches
            if not view.results[0].uses:
                rewriter.erase(view)
