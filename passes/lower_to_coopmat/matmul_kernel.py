"""The tiled cooperative-matrix kernel body of one matmul (`build_kernel`):
accumulators per subgroup, the K loop (global or staged), edge checks, as
its `MatmulPlan` (matmul_plan.py) decided them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from xdsl.dialects import arith, gpu, memref, scf
from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import Attribute, Block, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.passes.lower_to_coopmat.epilogue_kernel import EpilogueEmitter
from coopmlir.passes.lower_to_coopmat.fragment_tile import (
    FragmentTile,
    FragmentTypes,
    Operand,
    checked_mode,
    signed_operands,
)
from coopmlir.passes.lower_to_coopmat.interior_branch import fast_condition
from coopmlir.passes.lower_to_coopmat.k_loop import (
    KTiles,
    multi_buffered_loop,
    prefetch_loop,
    staged_loop,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.matching import byte_size
from coopmlir.passes.lower_to_coopmat.matmul_plan import MatmulPlan
from coopmlir.passes.lower_to_coopmat.raster import tile_indices
from coopmlir.passes.lower_to_coopmat.spec_grid import (
    grid_values,
    mark_kernel,
    matrix_values,
    spec_tile,
)
from coopmlir.passes.lower_to_coopmat.tile_copy import TileCopy
from coopmlir.passes.lower_to_coopmat.weight_decode import (
    kernel_operands,
    with_decode,
)
from coopmlir.targets import Target


class MatmulKernel:
    """Emits the body of one kernel as `plan` decided it (module doc)."""

    def __init__(self, plan: MatmulPlan, target: Target, entry: Block):
        self.plan = plan
        self.mm, self.cfg = plan.matmul, plan.config
        self.slices, self.epilogue = plan.slices, plan.epilogue
        self.target = target
        self.b = KernelBuilder(entry)
        self.args = entry.args
        # The branch being built (interior_branch.py): its checks, whether its
        # copies' run-time row lengths are proven aligned.
        self.checks = plan.checks
        self.aligned = False
        self.thread: SSAValue | None = None  # the copies' work-item id
        types = FragmentTypes.of(plan.config.mma, self.mm.a_elem, self.mm.c_elem)
        self.tile = FragmentTile(
            types,
            self.cfg.frags_m,
            self.cfg.frags_n,
            signed_operands(self.mm.a_elem, self.mm.signed),
        )
        self.c_type = types.acc

    # -- the whole kernel ----------------------------------------------------

    def size(self, dim: str) -> Index:
        """M, N or K: the static size, or `memref.dim` of the kernel argument
        that first holds a dynamic one."""
        mm, b = self.mm, self.b
        if dim not in mm.dynamic:
            return getattr(mm, dim)
        assert mm.places is not None  # match_matmul always sets it
        operand, axis = mm.places[dim][0]
        return b.emit(memref.DimOp(self.args[operand], b.value(axis))).results[0]

    def build(self) -> None:
        b, cfg = self.b, self.cfg
        # M and N bound the staging copies and the run-time branch
        # (fragments bound themselves).
        self.k = self.size("k")
        if cfg.stages or self.plan.packed:
            self.m, self.n = self.size("m"), self.size("n")
        # raster=G needs static M and N (the plan refuses it otherwise).
        tiles_n, tiles_m, _ = cfg.grid(self.mm.problem())
        tile_m, tile_n = tile_indices(
            b,
            b.gpu_id(gpu.BlockIdOp, "x"),
            b.gpu_id(gpu.BlockIdOp, "y"),
            tiles_m,
            tiles_n,
            cfg.raster,
        )
        # Batched: workgroup z of the grid takes matrix z of A, B and C.
        prefix, out_prefix = self.leading_indices()
        self.A, self.B, self.C = (
            Operand(arg, leading, t, address)
            for arg, leading, t, address in zip(
                self.args[:3],
                (prefix if self.mm.a_batched else (), prefix, out_prefix),
                self.mm.transposed,
                (self.mm.a_address, self.mm.b_address, None),
                strict=True,
            )
        )
        self.A = with_decode(self.A, self.mm, self.epilogue, self.args, which=0)
        self.B = with_decode(self.B, self.mm, self.epilogue, self.args)
        sub_m, sub_n = cfg.subgroup_tile
        subgroups_m: Index = cfg.subgroups_m
        subgroups_n: Index = cfg.subgroups_n
        self.tile_k: Index = cfg.tile_k
        if self.plan.spec_grid:  # the values set at pipeline creation
            subgroups_m, subgroups_n = grid_values(b, cfg)
        if self.plan.spec_matrix:
            self.tile = replace(self.tile, sizes=matrix_values(b, cfg))
            sub_m, sub_n, self.tile_k = spec_tile(b, cfg, self.tile.mnk())
        # One subgroup per workgroup: its id is 0 and needs no op.
        several = self.plan.spec_grid or cfg.num_subgroups > 1
        subgroup = b.gpu_id(gpu.SubgroupIdOp) if several else 0
        self.tile_row = b.mul(tile_m, b.mul(subgroups_m, sub_m))
        self.tile_col = b.mul(tile_n, b.mul(subgroups_n, sub_n))
        self.sub_row = b.mul(b.div(subgroup, subgroups_n), sub_m)
        self.sub_col = b.mul(b.rem(subgroup, subgroups_n), sub_n)
        row = b.add(self.tile_row, self.sub_row)
        col = b.add(self.tile_col, self.sub_col)
        if cfg.stages:
            self.allocate_tiles()
        plan = self.plan
        if plan.fast_checks is None:
            self.body(row, col)
        elif plan.aligned_only:
            self.checks, self.aligned = plan.fast_checks, True
            self.body(row, col)
            # Unchecked copies never read M or N (bounds kept for the copies'
            # bookkeeping): no memref.dim left for them.
            for op in list(b.entry.ops):
                if isinstance(op, memref.DimOp) and not op.result.uses:
                    b.entry.erase_op(op)
        else:
            if cfg.stages:  # before the branch: both copies use it
                self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
            fast, checked = Block(), Block()
            b.emit(scf.IfOp(fast_condition(self), [], [fast], [checked]))
            for block, checks in ((fast, plan.fast_checks), (checked, plan.checks)):
                self.checks, self.aligned = checks, block is fast
                with b.inside(block):
                    self.body(row, col)
                    b.emit(scf.YieldOp())
        b.emit(gpu.ReturnOp([]))

    def body(self, row: Index, col: Index) -> None:
        """Start the accumulators, run the K loop, store C, under `self.checks`.

        C is read after the K loop, not into the accumulators before it
        (unless split-K slices share it): the same sum, but on the H200 the
        driver gives a 256x256 f16 tile whose 32 accumulators were loaded from
        memory 255 registers and spills (1 KiB per work-item, 281 TFLOP/s),
        where zero-started ones take 248 and run at 394-398 (bench/RESULTS.md,
        "Registers"). Without matrix units C is read into the accumulators:
        the add after the loop would be one more pass of SIMT code over
        every component."""
        late_c = (
            self.mm.fill_value is None
            and self.slices is None
            and self.target.has_matrix_units
        )
        if late_c:
            zero = 0.0 if isinstance(self.tile.types.acc.element_type, AnyFloat) else 0
            accs = self.tile.fill(
                self.b, self.b.constant(zero, self.tile.types.acc.element_type)
            )
        else:
            accs = self.initial_accumulators(row, col)
        if self.cfg.stages == 0:
            accs = self.k_loop_global(accs, row, col)
        else:
            accs = self.k_loop_staged(accs)
        if late_c:
            c = self.initial_accumulators(row, col)
            accs = [
                self.b.emit(coopmat.AddOp(a, x)).results[0]
                for a, x in zip(accs, c, strict=True)
            ]
        self.store_accumulators(accs, row, col)

    def leading_indices(self) -> tuple[tuple[SSAValue, ...], tuple[SSAValue, ...]]:
        """The leading indices of A and B, and of the output, from grid z
        (the batch, and the split-K slice); sets `k_start`, where this
        workgroup's K tiles begin."""
        b, batch = self.b, self.mm.batch
        self.k_start: Index = 0
        if batch is None and self.slices is None:
            return (), ()
        z = b.gpu_id(gpu.BlockIdOp, "z")
        if self.slices is None:
            return (z,), (z,)
        matrices = batch or 1
        piece = b.div(z, matrices)
        self.k_start = b.mul(piece, self.slices.tiles * self.cfg.tile_k)
        prefix = () if batch is None else (b.value(b.rem(z, matrices)),)
        return prefix, (piece, *prefix)

    def initial_accumulators(self, row: Index, col: Index) -> list[SSAValue]:
        fill = self.mm.fill_value
        if fill is not None:
            return self.tile.fill(self.b, self.b.constant(fill.value.data, fill.type))
        return self.tile.load(
            self.b, self.C, row, col, checked_mode(self.checks.m, self.checks.n)
        )

    def store_accumulators(self, accs: list[SSAValue], row: Index, col: Index):
        b = self.b
        checked = checked_mode(self.checks.m, self.checks.n)
        origins = self.tile.origins(b, row, col)
        if self.epilogue is not None:
            # Fused epilogue (epilogue_kernel.py): C is the epilogue's output.
            sizes = (self.mm.m, self.mm.n)
            emitter = EpilogueEmitter(
                b,
                self.epilogue,
                tuple(self.args),
                self.c_type,
                sizes,
                checked,
                self.C.prefix,
            )
            accs = [
                emitter.apply(a, r, c) for a, (r, c) in zip(accs, origins, strict=True)
            ]
        self.tile.store(b, self.C, accs, origins, checked)

    def _k_checks(
        self, ragged_k: bool
    ) -> tuple[coopmat.CheckedMode | None, coopmat.CheckedMode | None]:
        """The checks of A and B fragments read from memory, under
        `self.checks`; `ragged_k`: K may end inside a fragment."""
        return (
            checked_mode(self.checks.m, ragged_k),
            checked_mode(ragged_k, self.checks.n),
        )

    def k_loop_global(
        self, accs: list[SSAValue], row: Index, col: Index
    ) -> list[SSAValue]:
        """stages=0: whole K tiles in an scf.for, then a peeled, checked tail."""
        b, cfg = self.b, self.cfg
        tk, mk = self.tile_k, cfg.mma_k
        # Whole K tiles up to `whole` (all of K when the branch proved it).
        whole = b.sub(self.k, b.rem(self.k, tk)) if self.checks.k_tile else self.k
        if self.slices is not None:
            return self._sliced_global(accs, whole, row, col)
        if not isinstance(whole, int) or whole:
            accs = b.loop(0, whole, tk, accs, self._whole_tiles(row, col))
        if not isinstance(self.k, int):
            if self.checks.k_tile:
                return self._dynamic_tail(accs, whole, row, col)
            return accs
        tail = self.k - whole
        if tail:
            ragged = self.checks.k_step
            accs = self.tile.k_steps(
                self.b,
                accs,
                self.A,
                self.B,
                (row, col, whole),
                -(-tail // mk),
                self._k_checks(ragged),
            )
        return accs

    def _whole_tiles(
        self, row: Index, col: Index
    ) -> Callable[[SSAValue, list[SSAValue]], list[SSAValue]]:
        """The body of a loop over whole K tiles from global memory."""
        steps = self.cfg.tile_k // self.cfg.mma_k

        def tile(k: SSAValue, accs: list[SSAValue]) -> list[SSAValue]:
            origin = (row, col, k)
            return self.tile.k_steps(
                self.b, accs, self.A, self.B, origin, steps, self._k_checks(False)
            )

        return tile

    def _sliced_global(
        self, accs: list[SSAValue], whole: int, row: Index, col: Index
    ) -> list[SSAValue]:
        """stages=0, split-K: the slice's whole K tiles (up to K - K % TK)
        unchecked, then the K % TK tail if it lies in the slice."""
        b, tk = self.b, self.cfg.tile_k
        assert self.slices is not None
        end = b.add(self.k_start, self.slices.tiles * tk)
        inside = b.emit(arith.MinUIOp(b.value(end), b.value(whole))).results[0]
        accs = b.loop(self.k_start, inside, tk, accs, self._whole_tiles(row, col))
        if whole == self.k:
            return accs
        last = b.emit(arith.MinUIOp(b.value(end), b.value(self.k))).results[0]
        return self._dynamic_tail(accs, inside, row, col, last, self.checks.k_step)

    def _dynamic_tail(
        self,
        accs: list[SSAValue],
        whole: Index,
        row: Index,
        col: Index,
        end: Index | None = None,
        ragged: bool = True,
    ) -> list[SSAValue]:
        """Run-time K: the last K % TK columns of A (rows of B) as a loop of
        checked k steps (zero to TK / k - 1 trips), up to `end` (default K);
        `ragged`: K % k != 0 may hold (checks along K)."""
        b = self.b
        end = self.k if end is None else end
        checks = self._k_checks(ragged)

        def step(k: SSAValue, accs: list[SSAValue]) -> list[SSAValue]:
            return self.tile.k_steps(b, accs, self.A, self.B, (row, col, k), 1, checks)

        return b.loop(whole, end, self.cfg.mma_k, accs, step)

    # -- staging through workgroup memory ------------------------------------

    def k_loop_staged(self, accs: list[SSAValue]) -> list[SSAValue]:
        """stages=1|2|3|4: copy K tiles of A and B into workgroup memory, then
        multiply from there; stages=2 (4) fetches the next tile (the next two)
        into registers before the math of the current one; stages=3 also
        alternates between two buffers (k_loop.py)."""
        b, cfg = self.b, self.cfg
        if self.thread is None:
            self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
        tiles = -(-self.mm.k // cfg.tile_k)  # static K (stages=3|4, split-K)
        if self.slices is not None:
            tiles = self.slices.tiles
        kt = KTiles(b, cfg.tile_k, self.k_start, self.plan.peel_k)
        if cfg.stages == 1:
            return staged_loop(kt, self, accs, self._k_end(tiles))
        if cfg.stages == 3:  # static K only (the plan refuses it otherwise)
            return multi_buffered_loop(kt, self, accs, tiles)
        # The last K tile (K > 0: the host asserts it).
        if self.slices is None:
            last = b.sub(self._k_end(tiles), cfg.tile_k)
        else:
            last = b.add(self.k_start, (tiles - 1) * cfg.tile_k)
        if cfg.stages == 4:  # static K only, like stages=3
            return prefetch_loop(kt, self, accs, last, depth=2, count=tiles)
        # Without matrix units the math is long SIMT code: emit it once.
        once = not self.target.has_matrix_units
        return prefetch_loop(kt, self, accs, last, math_once=once)

    def _k_end(self, tiles: int) -> Index:
        """Where the K tiles end: ceil(K / TK) * TK (K, when the branch proved
        whole tiles), or the slice's end."""
        b, tk = self.b, self.cfg.tile_k
        if self.slices is not None:
            return b.add(self.k_start, tiles * tk)
        if not self.checks.k_tile:
            return self.k
        return b.mul(b.ceil_div(self.k, tk), tk)

    def allocate_tiles(self) -> None:
        """The workgroup tiles of A and B (one pair for both branches)."""
        b, cfg, mm = self.b, self.cfg, self.mm
        # Tiles keep the orientation of A and B, so copies stay contiguous.
        a_shape, b_shape = cfg.staged_shapes(byte_size(mm.a_elem), *mm.transposed[:2])
        if cfg.stages == 3:  # a leading dimension picks the buffer
            a_shape, b_shape = (2, *a_shape), (2, *b_shape)
        a_tile = memref.AllocaOp.get(
            mm.a_elem, shape=a_shape, memory_space=WORKGROUP_MEMORY_SPACE
        )
        b_tile = memref.AllocaOp.get(
            mm.a_elem, shape=b_shape, memory_space=WORKGROUP_MEMORY_SPACE
        )
        # Workgroup memory is allocated at the top of the kernel (kernels.md).
        b.entry.insert_op_before(a_tile, b.entry.first_op)
        b.entry.insert_op_after(b_tile, a_tile)
        self.a_tile = Operand(a_tile.memref, (), self.A.transposed)
        self.b_tile = Operand(b_tile.memref, (), self.B.transposed)

    # -- the K tile, as the schedules of k_loop.py ask for it (StagedTiles) -----

    def copy(self, k: Index, last_tile: bool) -> None:
        for tile_copy in self._copies(k, last_tile=last_tile):
            tile_copy.emit_loop()

    def fetch(self, k: Index, last_tile: bool) -> list[SSAValue]:
        return [
            v for copy in self._copies(k, last_tile=last_tile) for v in copy.fetch()
        ]

    def store(
        self, k: Index, fetched: list[SSAValue], buffer: Index | None = None
    ) -> None:
        start = 0
        for copy in self._copies(k, buffer):
            count = copy.values_per_thread
            copy.store(fetched[start : start + count])
            start += count

    def _copies(
        self, k: Index, buffer: Index | None = None, last_tile: bool = True
    ) -> tuple[TileCopy, TileCopy]:
        """The copies of the K tile at `k` (into `buffer` with stages=3);
        with `peel_k`, only the `last_tile` is checked along K."""
        cfg = self.cfg
        checks = self.checks
        if self.plan.peel_k and not last_tile:
            checks = replace(checks, k_tile=False)
        prefix = () if buffer is None else (self.b.value(buffer),)
        a_copy = self._copy(
            self.A,
            self.a_tile,
            (self.tile_row, k),
            (cfg.tile_m, cfg.tile_k),
            (self.m, self.k),
            (checks.m, checks.k_tile),
            prefix,
        )
        b_copy = self._copy(
            self.B,
            self.b_tile,
            (k, self.tile_col),
            (cfg.tile_k, cfg.tile_n),
            (self.k, self.n),
            (checks.k_tile, checks.n),
            prefix,
        )
        return a_copy, b_copy

    def _copy(
        self,
        src: Operand,
        dst: Operand,
        origin: tuple[Index, Index],
        shape: tuple[int, int],
        bounds: tuple[Index, Index],
        checked: tuple[bool, bool],
        prefix: tuple[SSAValue, ...],
    ) -> TileCopy:
        """The copy of a tile given in matrix coordinates, in the memref's."""
        return TileCopy(
            self.b,
            src.memref,
            src.prefix,
            dst.memref,
            src.stored(origin),
            src.stored(shape),
            src.stored(bounds),
            src.stored(checked),
            self.thread,
            self.cfg.workgroup_size(self.target.subgroup_size),
            address=src.address,
            dst_prefix=prefix,
            decode=src.decode,
            aligned=self.aligned,
            packed=self.plan.packed,
        )

    def math(self, accs: list[SSAValue], buffer: Index | None = None) -> list[SSAValue]:
        """The K tile's k steps from workgroup memory (`buffer` with stages=3)."""
        cfg = self.cfg
        a_tile, b_tile = self.a_tile, self.b_tile
        if buffer is not None:
            prefix = (self.b.value(buffer),)
            a_tile = Operand(a_tile.memref, prefix, a_tile.transposed)
            b_tile = Operand(b_tile.memref, prefix, b_tile.transposed)
        return self.tile.k_steps(
            self.b,
            accs,
            a_tile,
            b_tile,
            (self.sub_row, self.sub_col, 0),
            cfg.tile_k // cfg.mma_k,
            (None, None),
        )


def build_kernel(
    name: str, plan: MatmulPlan, target: Target, output: Attribute | None = None
) -> gpu.FuncOp:
    """The `gpu.func` computing `plan.matmul` (arguments A, B, C), or with a
    fused epilogue (A, B, the epilogue's output, its inputs); `output`: the
    type of C when it differs (split-K's workspace)."""
    matmul, epilogue = plan.matmul, plan.epilogue
    operands = matmul.operands if epilogue is None else epilogue.kernel_operands(matmul)
    types = [v.type for v in kernel_operands(matmul, operands)]
    if output is not None:
        types[2] = output
    threads = plan.config.workgroup_size(target.subgroup_size)
    kernel = kernel_function(name, types, threads, target.subgroup_size)
    MatmulKernel(plan, target, kernel.body.block).build()
    if plan.spec_grid:
        mark_kernel(kernel, plan.config, target.subgroup_size, plan.spec_matrix)
    return kernel
