"""`coopmlir.grouped_matmul` as one launch of one cooperative-matrix kernel
(llama.cpp's `mul_mat_id`), its `GroupedPlan` (grouped_plan.py) deciding
the tile. The workgroup computes the TM x TN output tile at N column
y * TN of the x-th row tile of the flattened list over the experts, (x, y)
its place in the plan's workgroup order (raster.py, as the matmul's):

    seen = 0, first = end = 0                      // scan of the offsets
    for e in 0..E:
      tiles = ceil((offsets[e + 1] - offsets[e]) / TM)
      if 0 <= x - seen < tiles:                   // (unsigned compare)
        expert = e, first = offsets[e] + (x - seen) * TM, end = offsets[e + 1]
      seen += tiles
    if first < end:                               // else: past the last tile
      tokens[i] = rows[min(first + i, end - 1)]   // workgroup memory, i < TM
      acc (, acc_up) = 0
      for each K tile k (staged through workgroup memory, stages=1, 2 or 4;
                         a partial tile's own loop: only the fragment rows
                         below end, counted per subgroup):
        X tile[i, :] = X[tokens[i], k:k+TK]       // gathered: the ids of a work-
                                                  // item's rows in registers
                                                  // (else 0 where first + i >= end)
        W tile(s) = W[expert, col:col+TN, k:k+TK]
        acc (, acc_up) += X tile @ W tile^T        // fragments; one read of X per step
      y = convert(acc, or silu(acc) * acc_up)     // per component, in f32
      if first + TM <= end (and col + TN <= N), not scatter:
        out[first.., col..] = y                   // fragments stored in place
      else, per fragment: y -> the subgroup's slot of workgroup memory, then
        out[first + i, col + j] = slot[i, j]  where first + i < end (and col + j < N)
                                                  // scatter: out[tokens[i], ...]

Rows past an expert's end hold another row's values (or zeros) in the X
tile and are never stored, so the next expert's rows are untouched; an
empty expert holds no tile, and workgroups past the last tile exit after
the scan (grouped_plan.py bounds the waste). With split-K (grid z = the
K slice) the K loop covers the slice's tiles and `out` is the slice's
f32 workspace (grouped_split.py). The weight copies and the fragment math
are the matmul kernel's (tile_copy.py, fragment_tile.py, k_loop.py); only
the gather (`GatheredRows`, `RowGather`) and the masked store are
particular to this kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, gpu, memref, scf, vector
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    VectorType,
)
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.passes.lower_to_coopmat.fragment_tile import (
    FragmentTile,
    FragmentTypes,
    Operand,
    convert,
)
from coopmlir.passes.lower_to_coopmat.grouped_plan import GroupedPlan, scratch_shape
from coopmlir.passes.lower_to_coopmat.grouped_split import (
    lower_split_grouped,
    reduction_kernel,
    workspace_type,
)
from coopmlir.passes.lower_to_coopmat.k_loop import (
    KTiles,
    prefetch_loop,
    staged_loop,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    free_name,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.matching import byte_size
from coopmlir.passes.lower_to_coopmat.raster import tile_indices
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.swiglu import swiglu
from coopmlir.passes.lower_to_coopmat.tile_copy import TileCopy, chunk_width
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES

F32 = Float32Type()
F16 = Float16Type()
I32 = IntegerType(32)


def as_index(b: KernelBuilder, value: SSAValue) -> SSAValue:
    """An integer loaded from the rows or offsets, as an index."""
    if isinstance(value.type, IndexType):
        return value
    return b.emit(arith.IndexCastOp(value, IndexType())).results[0]


@dataclass(frozen=True)
class RowGather:
    """The X tile's address map (kernel_builder.AddressMap): matrix row r
    (a permuted row, first <= r < `end`) is token tokens[r - first] of X,
    `tokens` the tile's row ids gathered into workgroup memory once per
    workgroup; a row at or past `end` reads zero. Along a row, X is
    contiguous over its K elements."""

    tokens: SSAValue
    first: SSAValue
    end: SSAValue
    k: int
    #: Elements per chunk of the tile copy (the clamp of a checked column
    #: keeps a whole chunk inside the row).
    width: int

    @property
    def run(self) -> int:
        return self.k

    def place(
        self,
        b: KernelBuilder,
        source: SSAValue,
        row: SSAValue,
        col: SSAValue,
        checked: tuple[bool, bool],
    ) -> tuple[SSAValue | None, list[SSAValue]]:
        guard = b.below(row, self.end)
        local = b.value(b.sub(row, self.first))
        loaded = b.emit(memref.LoadOp.get(self.tokens, [local]))
        token = as_index(b, loaded.results[0])
        if checked[1]:
            guard = b.both(guard, b.below(col, self.k))
            col = b.clamp(col, self.k - self.width + 1)
        return guard, [token, col]


@dataclass
class GatheredRows(TileCopy):
    """The X tile's copy where each work-item holds the token ids of the
    rows it copies in registers (`token_rows`, one per chunk, read once
    before the K loop: a work-item's chunks sit at the same tile rows in
    every K tile): a fetch is one 16-byte load per chunk, no workgroup-
    memory read before it and no guard (a row past the expert's end reads
    the clamped last row's token, finite values whose products are never
    stored). A K tile that passes K (`checked` columns) and a copy without
    the ids take the row gather's checked path."""

    token_rows: tuple[SSAValue, ...] | None = None

    def fetch(self) -> list[SSAValue]:
        if self.token_rows is None or self.checked[1]:
            return super().fetch()
        assert self.vectorized and self.piece == self.vector
        b, cols = self.b, self.shape[1]
        values = []
        for chunk, token in enumerate(self.token_rows):
            col = b.value(b.add(self.origin[1], b.rem(self._start(chunk), cols)))
            load = vector.LoadOp(self.src, [token, col], self.vector_type)
            values.append(b.emit(load).results[0])
        return values


class GroupedKernel:
    """Emits the body of one grouped kernel as `plan` decided it (module doc)."""

    def __init__(self, plan: GroupedPlan, target: Target, entry: Block):
        self.plan, self.cfg, self.target = plan, plan.config, target
        self.b = KernelBuilder(entry)
        self.x, *self.weights, self.rows, self.offsets, self.out = entry.args
        x_type = self.x.type
        assert isinstance(x_type, MemRefType)
        self.elem = x_type.element_type
        out_type = self.out.type
        assert isinstance(out_type, MemRefType)
        self.out_elem = out_type.element_type
        self.acc_elem = F16 if plan.f16_sums else F32
        types = FragmentTypes.of(self.cfg.mma, self.elem, self.acc_elem)
        self.tile = FragmentTile(types, self.cfg.frags_m, self.cfg.frags_n)
        self.threads = plan.threads(target)
        #: In a partial tile's K loop, the subgroup's fragment rows that
        #: hold rows of the expert (`held_fragment_rows`); else None.
        self.held: SSAValue | None = None
        #: The token ids of the work-item's X rows (`hold_token_rows`).
        self.token_rows: tuple[SSAValue, ...] | None = None

    def build(self) -> None:
        b, cfg = self.b, self.cfg
        self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
        row_tile, col_tile = tile_indices(
            b,
            b.gpu_id(gpu.BlockIdOp, "x"),
            b.gpu_id(gpu.BlockIdOp, "y"),
            self.plan.max_row_tiles,
            self.plan.tiles_n,
            cfg.raster,
        )
        self.col = b.mul(col_tile, cfg.tile_n)
        #: Split-K: this workgroup's K slice, the leading index of the
        #: workspace it stores into (grouped_split.py).
        self.out_prefix: tuple[SSAValue, ...] = ()
        if self.plan.split > 1:
            self.out_prefix = (b.gpu_id(gpu.BlockIdOp, "z"),)
        self.first, self.end, self.expert = self.find_tile(b.value(row_tile))
        subgroup = b.gpu_id(gpu.SubgroupIdOp) if cfg.num_subgroups > 1 else 0
        self.subgroup = subgroup
        sub_m, sub_n = cfg.subgroup_tile
        self.sub_row = b.mul(b.div(subgroup, cfg.subgroups_n), sub_m)
        self.sub_col = b.mul(b.rem(subgroup, cfg.subgroups_n), sub_n)
        self.allocate_tiles()
        inside = Block()
        b.emit(scf.IfOp(b.below(self.first, self.end), [], Region(inside)))
        with b.inside(inside):
            self.gather_tokens()
            self.token_rows = self.hold_token_rows()
            zero = b.constant(0.0, self.acc_elem)
            accs = [a for _ in self.weights for a in self.tile.fill(b, zero)]
            accs = self.k_loops(accs)
            self.write(accs)
            b.emit(scf.YieldOp())
        b.emit(gpu.ReturnOp([]))

    # -- which rows: the flattened tile list ---------------------------------

    def find_tile(self, y: SSAValue) -> tuple[SSAValue, SSAValue, SSAValue]:
        """(first row, end row, expert) of row tile `y` (module doc); first
        = end = 0 past the last tile."""
        b, tm = self.b, self.cfg.tile_m

        def offset(e: Index) -> SSAValue:
            loaded = b.emit(memref.LoadOp.get(self.offsets, [b.value(e)]))
            return as_index(b, loaded.results[0])

        def expert(e: SSAValue, carried: list[SSAValue]) -> list[SSAValue]:
            seen, first, end, found, start = carried
            stop = offset(b.add(e, 1))  # one load per expert: start is carried
            tiles = b.value(b.ceil_div(b.sub(stop, start), tm))
            local = b.value(b.sub(y, seen))
            here = b.below(local, tiles)
            row = b.value(b.add(start, b.mul(local, tm)))
            return [
                b.value(b.add(seen, tiles)),
                self._select(here, row, first),
                self._select(here, stop, end),
                self._select(here, e, found),
                stop,
            ]

        zero = b.value(0)
        initial = [zero, zero, zero, zero, offset(0)]
        _, first, end, found, _ = b.loop(0, self.plan.experts, 1, initial, expert)
        return first, end, found

    def _select(self, condition: SSAValue, x: SSAValue, y: SSAValue) -> SSAValue:
        return self.b.emit(arith.SelectOp(condition, x, y)).results[0]

    def gather_tokens(self) -> None:
        """tokens[i] = rows[min(first + i, end - 1)] (as i32) for the
        tile's TM rows, once, so that the K loop's copies read row ids
        from workgroup memory (rows past the end are zeros in the X tile:
        any valid id does)."""
        b, tm = self.b, self.cfg.tile_m
        _, body = b.for_loop(self.thread, tm, self.threads, [])
        with b.inside(body):
            row = b.clamp(b.value(b.add(self.first, body.args[0])), self.end)
            loaded = b.emit(memref.LoadOp.get(self.rows, [row]))
            token = loaded.results[0]
            if token.type != I32:
                token = as_index(b, token)
                token = b.emit(arith.IndexCastOp(token, I32)).results[0]
            b.emit(memref.StoreOp.get(token, self.tokens, [body.args[0]]))
            b.emit(scf.YieldOp())
        b.emit(gpu.BarrierOp())

    def x_chunk(self) -> int:
        """Elements per chunk of the X tile's copy."""
        shape = (self.cfg.tile_m, self.cfg.tile_k)
        return chunk_width(shape, self.elem, self.threads)

    def hold_token_rows(self) -> tuple[SSAValue, ...] | None:
        """The token ids of the X rows this work-item copies, chunk c at
        tile row (thread * V + c * V * threads) / TK in every K tile, read
        once from workgroup memory (`GatheredRows`); None where the plan
        keeps the gather in workgroup memory, where the copy is not one
        vector per chunk (K not a whole number of chunks), or where the
        copies are an scf.for over chunks (stages=1)."""
        cfg, b = self.cfg, self.b
        width = self.x_chunk()
        vectorized = width > 1 and self.plan.k % width == 0
        if not (self.plan.row_registers and vectorized and cfg.stages != 1):
            return None
        chunks = cfg.tile_m * cfg.tile_k // (width * self.threads)
        rows = []
        for chunk in range(chunks):
            start = b.add(b.mul(self.thread, width), chunk * width * self.threads)
            local = b.value(b.div(start, cfg.tile_k))
            loaded = b.emit(memref.LoadOp.get(self.tokens, [local]))
            rows.append(as_index(b, loaded.results[0]))
        return tuple(rows)

    # -- the K loop (k_loop.py's StagedTiles) ---------------------------------

    def k_loops(self, accs: list[SSAValue]) -> list[SSAValue]:
        """A whole tile's K loop, and where the tile holds more than one
        fragment row, a second one for an expert's last (partial) tile, in
        which each subgroup multiplies only the fragment rows that hold
        rows of the expert (`held`): up to TM - 1 of TM rows are padding."""
        b, cfg = self.b, self.cfg
        if cfg.tile_m == self.tile.types.acc.shape[0]:
            return self.k_loop(accs)
        whole = b.below(b.value(b.add(self.first, cfg.tile_m - 1)), self.end)
        whole_loop, partial_loop = Block(), Block()
        branch = b.emit(
            scf.IfOp(whole, [a.type for a in accs], [whole_loop], [partial_loop])
        )
        with b.inside(whole_loop):
            b.emit(scf.YieldOp(*self.k_loop(accs)))
        with b.inside(partial_loop):
            self.held = self.held_fragment_rows()
            b.emit(scf.YieldOp(*self.k_loop(accs)))
        self.held = None
        return list(branch.results)

    def held_fragment_rows(self) -> SSAValue:
        """How many of the subgroup's fragment rows hold rows below `end`:
        clamp(ceil((end - first) / m) - sub_row / m, 0, frags_m)."""
        b, m, frags = self.b, self.tile.types.acc.shape[0], self.tile.frags_m
        tile_rows = b.value(b.ceil_div(b.sub(self.end, self.first), m))
        before = b.value(b.div(self.sub_row, m))
        left = b.value(b.sub(tile_rows, before))
        some = b.emit(arith.CmpiOp(before, tile_rows, "ult")).results[0]
        most = b.emit(arith.MinUIOp(left, b.value(frags))).results[0]
        return self._select(some, most, b.value(0))

    def k_loop(self, accs: list[SSAValue]) -> list[SSAValue]:
        """The K tiles of the workgroup's slice (all of K unsplit; a slice
        is a whole number of whole K tiles: grouped_plan.split_refusal)."""
        b, cfg, k = self.b, self.cfg, self.plan.k
        tiles = self.plan.slice_tiles
        start: Index = 0
        if self.out_prefix:
            start = b.value(b.mul(self.out_prefix[0], tiles * cfg.tile_k))
        kt = KTiles(b, cfg.tile_k, start, peel_last=k % cfg.tile_k != 0)
        if cfg.stages == 1:
            return staged_loop(kt, self, accs, b.add(start, tiles * cfg.tile_k))
        depth = 2 if cfg.stages == 4 else 1  # K tiles fetched ahead
        last = b.add(start, (tiles - 1) * cfg.tile_k)
        return prefetch_loop(kt, self, accs, last, depth=depth, count=tiles)

    def allocate_tiles(self) -> None:
        """The X tile, a tile per weight, the subgroups' output slots and the
        tile's token ids, at the top of the kernel (workgroup memory;
        grouped_plan.shared_bytes)."""
        cfg, b = self.cfg, self.b
        x_shape, w_shape = cfg.staged_shapes(
            byte_size(self.elem), False, not self.plan.weights_kn
        )
        out_shape = scratch_shape(cfg, byte_size(self.out_elem))
        allocs = [
            memref.AllocaOp.get(elem, shape=shape, memory_space=WORKGROUP_MEMORY_SPACE)
            for elem, shape in (
                (self.elem, x_shape),
                *((self.elem, w_shape) for _ in self.weights),
                (self.out_elem, out_shape),
                (I32, (cfg.tile_m,)),
            )
        ]
        anchor = b.entry.first_op
        for alloc in allocs:
            b.entry.insert_op_before(alloc, anchor)
        self.x_tile, *self.w_tiles, self.slots, self.tokens = (a.memref for a in allocs)

    def _copies(self, k: Index, last_tile: bool) -> list[TileCopy]:
        """The copies of the K tile at `k`: X gathered, then each weight."""
        cfg, plan = self.cfg, self.plan
        ragged_k = last_tile and plan.k % cfg.tile_k != 0
        shape = (cfg.tile_m, cfg.tile_k)
        width = self.x_chunk()
        # The copy reads a chunk as one vector only where K is a whole number
        # of chunks (TileCopy.vectorized); else element by element, each
        # element at its own column (a chunk's clamp would move it).
        gather = RowGather(
            self.tokens,
            self.first,
            self.end,
            plan.k,
            width if plan.k % width == 0 else 1,
        )
        copies: list[TileCopy] = [
            GatheredRows(
                self.b,
                self.x,
                (),
                self.x_tile,
                (self.first, k),
                shape,
                (self.end, plan.k),
                (True, ragged_k),
                self.thread,
                self.threads,
                address=gather,
                token_rows=self.token_rows,
            )
        ]
        ragged_n = plan.n % cfg.tile_n != 0
        for weight, tile in zip(self.weights, self.w_tiles, strict=True):
            w = Operand(weight, (self.expert,), not plan.weights_kn)
            copies.append(
                TileCopy(
                    self.b,
                    weight,
                    w.prefix,
                    tile,
                    w.stored((k, self.col)),
                    w.stored((cfg.tile_k, cfg.tile_n)),
                    w.stored((plan.k, plan.n)),
                    w.stored((ragged_k, ragged_n)),
                    self.thread,
                    self.threads,
                )
            )
        return copies

    def copy(self, k: Index, last_tile: bool) -> None:
        for tile_copy in self._copies(k, last_tile):
            tile_copy.emit_loop()

    def fetch(self, k: Index, last_tile: bool) -> list[SSAValue]:
        return [v for c in self._copies(k, last_tile) for v in c.fetch()]

    def store(
        self, k: Index, fetched: list[SSAValue], buffer: Index | None = None
    ) -> None:
        start = 0
        for tile_copy in self._copies(k, True):
            count = tile_copy.values_per_thread
            tile_copy.store(fetched[start : start + count])
            start += count

    def math(self, accs: list[SSAValue], buffer: Index | None = None) -> list[SSAValue]:
        """The K tile's k steps from workgroup memory: per step, the A
        fragments are loaded once and multiplied into every weight's
        accumulators. In a partial tile's loop, only the `held` fragment
        rows (one branch per count, uniform in the subgroup)."""
        if self.held is None:
            return self._steps(accs, self.tile.frags_m)
        return self._by_count(accs, 0)

    def _by_count(self, accs: list[SSAValue], count: int) -> list[SSAValue]:
        """`held` == count: the first `count` fragment rows; else the next
        count; at frags_m (held >= frags_m): all of them."""
        b = self.b
        assert self.held is not None
        if count == self.tile.frags_m:
            return self._steps(accs, count)
        this = b.emit(arith.CmpiOp(self.held, b.value(count), "eq")).results[0]
        these, others = Block(), Block()
        types = [a.type for a in accs]
        branch = b.emit(scf.IfOp(this, types, [these], [others]))
        with b.inside(these):
            b.emit(scf.YieldOp(*self._steps(accs, count)))
        with b.inside(others):
            b.emit(scf.YieldOp(*self._by_count(accs, count + 1)))
        return list(branch.results)

    def _steps(self, accs: list[SSAValue], rows: int) -> list[SSAValue]:
        """The K tile's k steps for the subgroup's first `rows` fragment rows
        (the others' accumulators unchanged)."""
        if rows == 0:
            return accs
        b, cfg, tile = self.b, self.cfg, self.tile
        m, n, step = tile.mnk()
        per_weight = len(accs) // len(self.weights)
        parts = [accs[i : i + per_weight] for i in range(0, len(accs), per_weight)]
        a_src = Operand(self.x_tile)
        b_srcs = [Operand(t, (), not self.plan.weights_kn) for t in self.w_tiles]
        for s in range(cfg.tile_k // cfg.mma_k):
            at = s * step
            a_frags = [
                a_src.load(b, b.add(self.sub_row, i * m), at, tile.types.a, None)
                for i in range(rows)
            ]
            for index, b_src in enumerate(b_srcs):

                def load_b(j: int, b_src: Operand = b_src, at: int = at) -> SSAValue:
                    col = b.add(self.sub_col, j * n)
                    return b_src.load(b, at, col, tile.types.b, None)

                parts[index] = tile.multiply_add(b, parts[index], a_frags, load_b)
        return [a for part in parts for a in part]

    # -- the epilogue and the stores ------------------------------------------

    def write(self, accs: list[SSAValue]) -> None:
        """silu(gate) * up (gated), converted to the output type, stored in
        place where the tile is whole, else masked row by row (module doc)."""
        b, tile, cfg, plan = self.b, self.tile, self.cfg, self.plan
        if len(self.weights) == 2:
            half = len(accs) // 2
            size = self.target.subgroup_size
            accs = [
                swiglu(b, g, u, size)
                for g, u in zip(accs[:half], accs[half:], strict=True)
            ]
        m, n = tile.types.acc.shape
        out_type = coopmat.MatrixType(m, n, self.out_elem, coopmat.MatrixUse.ACC)
        results = [convert(b, acc, out_type) for acc in accs]
        row, col = b.add(self.first, self.sub_row), b.add(self.col, self.sub_col)
        origins = tile.origins(b, row, col)
        if plan.scatter:
            self.store_masked(results, origins)
            return
        whole = b.below(b.value(b.add(self.first, cfg.tile_m - 1)), self.end)
        if plan.n % cfg.tile_n:
            whole = b.both(whole, b.below(b.value(self.col), plan.n - cfg.tile_n + 1))
        in_place, masked = Block(), Block()
        b.emit(scf.IfOp(whole, [], [in_place], [masked]))
        with b.inside(in_place):
            tile.store(b, Operand(self.out, self.out_prefix), results, origins, None)
            b.emit(scf.YieldOp())
        with b.inside(masked):
            self.store_masked(results, origins)
            b.emit(scf.YieldOp())

    def store_masked(self, results: list[SSAValue], origins: list[tuple]) -> None:
        """Each fragment through the subgroup's slot: out[r, c] = slot[r, c]
        where r < end (and c < N where N tiles are ragged), `width`
        elements per access (a divisor of N); with `scatter`, to row
        tokens[r - first]. The barriers are the workgroup's (its subgroups
        run the same fragments), around each slot's reuse."""
        b, plan = self.b, self.plan
        m, n = self.tile.types.acc.shape
        width = ACCESS_BYTES // byte_size(self.out_elem)
        while n % width or plan.n % width:
            width //= 2
        size = self.target.subgroup_size
        lane = b.rem(self.thread, size)  # work-item l is lane l % S (kernels.md)
        slot_row = b.mul(self.subgroup, m)
        slot = Operand(self.slots)
        for value, (row, col) in zip(results, origins, strict=True):
            slot.store(b, value, slot_row, 0, None)
            b.emit(gpu.BarrierOp())
            _, body = b.for_loop(b.mul(lane, width), m * n, width * size, [])
            with b.inside(body):
                place = body.args[0]
                r, c = b.div(place, n), b.rem(place, n)
                out_row, out_col = b.value(b.add(row, r)), b.value(b.add(col, c))
                guard = b.below(out_row, self.end)
                # The tile, not the fragment, decides: a whole fragment
                # of a ragged tile may lie wholly past N.
                if plan.n % self.cfg.tile_n:
                    guard = b.both(guard, b.below(out_col, plan.n))
                inside = Block()
                b.emit(scf.IfOp(guard, [], Region(inside)))
                with b.inside(inside):
                    if plan.scatter:  # the row's own place (grouped_matmul.py)
                        local = [b.value(b.sub(out_row, self.first))]
                        loaded = b.emit(memref.LoadOp.get(self.tokens, local))
                        out_row = as_index(b, loaded.results[0])
                    at = [b.value(b.add(slot_row, r)), b.value(c)]
                    self._move(at, [out_row, out_col], width)
                    b.emit(scf.YieldOp())
                b.emit(scf.YieldOp())
            b.emit(gpu.BarrierOp())

    def _move(self, at: list[SSAValue], out_at: list[SSAValue], width: int) -> None:
        """`width` elements from the slots at `at` to the output at `out_at`."""
        b = self.b
        out_at = [*self.out_prefix, *out_at]
        if width == 1:
            value = b.emit(memref.LoadOp.get(self.slots, at))
            b.emit(memref.StoreOp.get(value.results[0], self.out, out_at))
            return
        t = VectorType(self.out_elem, [width])
        loaded = b.emit(vector.LoadOp(self.slots, at, t))
        b.emit(vector.StoreOp(loaded.results[0], self.out, out_at))


def build_grouped_kernel(name: str, plan: GroupedPlan, target: Target) -> gpu.FuncOp:
    """The `gpu.func` of the module doc, taking the op's operands (split-K:
    the workspace in place of the output)."""
    types: list[Attribute] = [v.type for v in plan.op.operands]
    if plan.split > 1:
        types[-1] = _workspace(plan)
    kernel = kernel_function(name, types, plan.threads(target), target.subgroup_size)
    GroupedKernel(plan, target, kernel.body.block).build()
    return kernel


def lower_grouped_matmuls(
    module: ModuleOp, planned: list[GroupedPlan], target: Target, explain: bool
) -> None:
    """Each planned grouped product becomes a launch of its kernel."""
    pairs = ((p.op, p) for p in planned)
    lower_planned(LowerGroupedMatmul(module, target, explain, pairs))


class LowerGroupedMatmul(LowerPlanned[GroupedPlan]):
    """A planned `coopmlir.grouped_matmul` (on memrefs) -> a
    `gpu.launch_func` of its kernel, added to the host's `gpu.module`."""

    def lower(self, plan: GroupedPlan, rewriter: PatternRewriter) -> None:
        op = plan.op
        if self.explain:
            remark(op, plan.describe())
        kernels, name = new_kernel(rewriter, self.module, op, "_grouped")
        kernel = build_grouped_kernel(name, plan, self.target)
        threads = plan.threads(self.target)
        if plan.split == 1:
            (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
            operands = list(op.operands)
            replace_by_launch(rewriter, op, symbol, plan.grid(), threads, operands)
            return
        workspace = _workspace(plan)
        reduce = reduction_kernel(
            free_name(kernels, f"{name}_reduce"),
            op.offsets.type,  # pyright: ignore[reportArgumentType]
            workspace,
            op.output.type,  # pyright: ignore[reportArgumentType]
        )
        symbols = add_kernels(rewriter, kernels, [kernel, reduce], op)
        grid = plan.grid()
        lower_split_grouped(
            rewriter, op, (symbols[0], symbols[1]), grid, threads, workspace
        )


def _workspace(plan: GroupedPlan) -> MemRefType:
    return workspace_type(plan.split, plan.rows, plan.n)
