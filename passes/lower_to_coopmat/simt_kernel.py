"""The register-tiled SIMT kernel of a float matmul (`kernel=simt-tiled`):
plain arith/memref/scf/vector/gpu ops, no coopmat op, so coopmat-to-simt
leaves it as it is and convert-to-spirv emits it.

In: a `Matmul` (f32, f16 or bf16 inputs, f32 accumulators and C, static
sizes, any transposition, batched or not) and a `SimtTile`
(coopmlir.simt_tiling). Out: the body of a `gpu.func` of TM/MM * TN/MN
work-items per workgroup; grid x over N tiles, y over M tiles, z over the
batch.

- Work-item t = (tr, tc) = (t / (TN/MN), t % (TN/MN)) holds MM x MN
  accumulators as MM * MN/VN `vector<VN x T>` values (VN: 4, else 2). Its
  rows are VM-row groups spaced by TM/(MM/VM) (row g * TM/(MM/VM) + tr*VM + i),
  its columns likewise, so that a warp's reads of a K-row of workgroup
  memory are consecutive 16-byte vectors (no bank conflicts) and its C
  stores are coalesced.
- K loop over TK-deep tiles with register prefetch: the next tile of A and
  B is loaded into registers while the current one is multiplied; then
  barrier, store to workgroup memory, barrier. Workgroup memory holds A
  transposed (TK x TM) and B (TK x TN), so a column of A and a row of B
  are contiguous; rows padded by 16 bytes, or (smem-layout=xor) unpadded
  with column x of row k stored at x ^ 4 (k % P) (f32: chunk x / 4 XOR
  k % P, `SimtTile.swizzle_period`), for stores and loads alike. Per k:
  MM/VM + MN/VN vector loads, then MM * MN FMAs as `vector.fma` of a
  broadcast A element and a B vector (the outer product).
- Staging copies: each work-item moves chunks of up to 4 elements that are
  consecutive along M (A) or N (B). Where the operand is stored with that
  dimension contiguous and its rows are whole chunks, a chunk is one
  `vector.load`; else (A row-major, B transposed) its elements are loaded
  one by one, consecutive work-items reading consecutive K (coalesced) and
  the chunk is assembled in registers, so every store into workgroup
  memory is one aligned vector store. f16 and bf16 chunks are widened to
  f32 (`arith.extf`) before they are stored.
- Edges: a dimension is checked only where the tile does not divide it.
  Copies clamp their indices and select zero outside A and B; C is read and
  written per vector (rows of whole vectors) or per element, guarded.
- A fused epilogue (epilogue.py) runs on each element before the store, as
  scalar code (epilogue_elements.py); the store writes the epilogue's
  output, in its element type.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.dialects import arith, gpu, memref, scf, vector
from xdsl.dialects.builtin import MemRefType, VectorType
from xdsl.ir import Attribute, Block, Region, SSAValue

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.passes.lower_to_coopmat.epilogue import Epilogue
from coopmlir.passes.lower_to_coopmat.epilogue_elements import ElementEpilogue
from coopmlir.passes.lower_to_coopmat.fragment_tile import Operand
from coopmlir.passes.lower_to_coopmat.k_loop import KTiles, prefetch_loop
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function, remark
from coopmlir.passes.lower_to_coopmat.matching import Matmul, byte_size, error, plan
from coopmlir.passes.lower_to_coopmat.weight_decode import (
    kernel_operands,
    with_decode,
)
from coopmlir.simt_tiling import (
    SimtTile,
    choose_simt_tile,
    vector_width,
)
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES, TileConfig

#: lower-to-coopmat's `kernel=` values.
KERNELS = ("fragments", "simt-tiled")
#: (a, b, c, result) the SIMT kernel takes: inputs are widened to f32 on
#: their way into workgroup memory; accumulators are f32.
SIMT_KERNEL_TYPES = (
    ("f32", "f32", "f32", "f32"),
    ("f16", "f16", "f32", "f32"),
    ("bf16", "bf16", "f32", "f32"),
)


@dataclass(frozen=True)
class SimtPlan:
    """A matmul for the SIMT kernel, and a fragment kernel's configuration
    (planned without the matrix units where the target's cannot compute the
    matmul): what the epilogue matcher reads."""

    tile: SimtTile
    fallback: TileConfig


def runs_as_simt_code(matmul: Matmul, target: Target) -> bool:
    """Whether `matmul` is one the SIMT kernel takes and no matrix unit of
    `target` does: the matmuls that `target.simt_kernel` picks the kernel of."""
    types = matmul.component_types
    if types not in SIMT_KERNEL_TYPES:
        return False
    return not target.has_matrix_units or not target.shapes_for(types)


def off_matrix_units(matmul: Matmul, target: Target) -> str | None:
    """Why `matmul` runs as a loop kernel on `target` (the remark's text):
    SIMT code computes it (`runs_as_simt_code`: f32, or f16/bf16 -> f32)
    and `target` has matrix units, none for its types. None elsewhere: on a
    target without matrix units the SIMT kernels take it; types SIMT code
    does not compute stay a located error."""
    if not target.has_matrix_units or not runs_as_simt_code(matmul, target):
        return None
    a, b, _, c = matmul.component_types
    taken = "; ".join(f"{x}*{y}->{r}" for x, y, _, r in target.type_combinations())
    return (
        f"{a} x {b} -> {c} has no cooperative matrix on {target.name} (its "
        f"matrix units take {taken}): a loop kernel computes it"
    )


def default_kernel(matmul: Matmul, target: Target) -> str:
    """The kernel of `matmul` when `kernel=` is left out: the target's
    choice for SIMT code, the fragment kernel for everything else."""
    return target.simt_kernel if runs_as_simt_code(matmul, target) else "fragments"


def plan_simt(
    matmul: Matmul,
    target: Target,
    tile: tuple[int, ...] | None,
    micro: tuple[int, ...] | None,
    smem_layout: str = "pad",
    requested: bool = True,
) -> SimtPlan | TileConfig:
    """`kernel=simt-tiled` for `matmul`: its plan (the options where given,
    the model's choice for the rest), or the fragment kernel's
    configuration (the cost model's) for a matmul it does not take, with a
    remark if the kernel was `requested` (not the target's default); a
    located error where the target's matrix units take the matmul, where
    the options do not fit, or where neither kernel can compute it."""
    types = matmul.component_types
    a, b, _, c = types
    if target.has_matrix_units and target.shapes_for(types):
        raise error(
            matmul.op,
            f"kernel=simt-tiled is for matmuls without matrix units; {target.name} "
            f"computes {a} x {b} -> {c} on its matrix units",
        )
    reason = None
    if types not in SIMT_KERNEL_TYPES:
        reason = f"takes f32, f16 or bf16 -> f32, not {a} x {b} -> {c}"
    elif matmul.dynamic or matmul.a_address is not None or matmul.b_address is not None:
        reason = "needs static sizes and operands stored as matrices"
    try:
        fallback = plan(matmul, target, None, None, None, None)
    except CompileError:
        if reason is not None:
            raise error(
                matmul.op,
                f"kernel=simt-tiled {reason}, and the fragment kernel cannot "
                f"compute {a} x {b} -> {c} on {target.name} either",
            ) from None
        # f32 on matrix units: planned without them, to match epilogues.
        simt_view = replace(target, matrix_shapes=())
        fallback = plan(matmul, simt_view, None, None, None, None)
    if reason is not None:
        if requested:
            remark(
                matmul.op,
                f"kernel=simt-tiled {reason}: the fragment kernel ({fallback}) "
                "computes this matmul",
            )
        return fallback
    chosen = choose_simt_tile(
        matmul.problem(),
        target,
        tile,  # type: ignore[arg-type]
        micro,  # type: ignore[arg-type]
        smem_layout,
    )
    if isinstance(chosen, str):
        raise error(matmul.op, chosen)
    return SimtPlan(chosen, fallback)


@dataclass(frozen=True)
class _Staging:
    """The copy of one operand's K tiles into workgroup memory, as TK rows
    of `extent` elements along x (M for A, N for B)."""

    source: Operand
    tile: SSAValue  # the workgroup memref, TK x (extent + padding)
    x_is_row: bool  # x is the matrix row (A: m) or its column (B: n)
    origin: Index  # the workgroup's first x
    extent: int
    bound: int  # M or N
    width: int  # elements per chunk
    swizzle: int  # smem-layout=xor's period (1: none)
    # Chunks of this work-item: (k row, x) in the tile.
    places: tuple[tuple[Index, Index], ...]
    # Where they are stored in the tile's row: x, or x swizzled.
    columns: tuple[Index, ...]

    @property
    def x_contiguous(self) -> bool:
        return contiguous_along_x(self.source, self.x_is_row)

    def matrix_place(self, x: Index, k: Index) -> tuple[Index, Index]:
        return (x, k) if self.x_is_row else (k, x)


def contiguous_along_x(source: Operand, x_is_row: bool) -> bool:
    """Whether x (the matrix row if `x_is_row`, else its column) is the
    contiguous dimension of `source` in memory."""
    return x_is_row == source.transposed


class SimtKernel:
    """Emits the body of one kernel for `matmul` with `tile` (module doc)."""

    def __init__(
        self,
        matmul: Matmul,
        tile: SimtTile,
        entry: Block,
        epilogue: Epilogue | None = None,
    ):
        self.mm, self.t = matmul, tile
        self.epilogue = epilogue
        self.b = KernelBuilder(entry)
        self.args = entry.args
        self.element: Attribute = matmul.c_elem
        self.vm, self.vn = vector_width(tile.micro_m), vector_width(tile.micro_n)
        self.ragged_m = matmul.m % tile.tile_m != 0
        self.ragged_n = matmul.n % tile.tile_n != 0
        self.ragged_k = matmul.k % tile.tile_k != 0

    def vector(self, width: int) -> VectorType:
        return VectorType(self.element, [width])

    # -- the whole kernel ----------------------------------------------------

    def build(self) -> None:
        b, t, mm = self.b, self.t, self.mm
        a_shape, b_shape = t.staged_shapes(byte_size(self.element))
        tiles = []
        for shape in (a_shape, b_shape):
            alloca = memref.AllocaOp.get(
                self.element, shape=shape, memory_space=WORKGROUP_MEMORY_SPACE
            )
            # Workgroup memory is allocated at the top of the kernel (kernels.md).
            b.entry.add_op(alloca)
            tiles.append(alloca.memref)
        tile_n = b.gpu_id(gpu.BlockIdOp, "x")
        tile_m = b.gpu_id(gpu.BlockIdOp, "y")
        prefix = () if mm.batch is None else (b.gpu_id(gpu.BlockIdOp, "z"),)
        self.A, self.B, self.C = (
            Operand(arg, prefix, transposed)
            for arg, transposed in zip(self.args[:3], mm.transposed, strict=True)
        )
        self.B = with_decode(self.B, mm, self.epilogue, self.args)
        self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
        self.tile_row = b.mul(tile_m, t.tile_m)
        self.tile_col = b.mul(tile_n, t.tile_n)
        first_row = b.mul(b.div(self.thread, t.threads_n), self.vm)
        first_col = b.mul(b.rem(self.thread, t.threads_n), self.vn)
        # In-tile rows of the micro-tile, and first columns of its vectors.
        self.rows = [
            b.add(first_row, g * t.threads_m * self.vm + i)
            for g in range(t.micro_m // self.vm)
            for i in range(self.vm)
        ]
        self.col_groups = [
            b.add(first_col, g * t.threads_n * self.vn)
            for g in range(t.micro_n // self.vn)
        ]
        self.a_stage = self._staging(self.A, tiles[0], True, self.tile_row, t.tile_m)
        self.b_stage = self._staging(self.B, tiles[1], False, self.tile_col, t.tile_n)
        accs = self._k_loop(self._initial_accumulators())
        self._store_accumulators(accs)
        b.emit(gpu.ReturnOp([]))

    def _staging(
        self,
        source: Operand,
        tile: SSAValue,
        x_is_row: bool,
        origin: Index,
        extent: int,
    ) -> _Staging:
        """The copy plan of one operand: chunk q of work-item t is chunk
        t + q * threads of the tile, numbered along the operand's contiguous
        dimension so that consecutive work-items read consecutive memory."""
        b, t = self.b, self.t
        width = t.copy_width(extent)
        assert width is not None  # check_simt_tile
        bound = self.mm.m if x_is_row else self.mm.n
        x_contiguous = contiguous_along_x(source, x_is_row)
        per_row = extent // width
        places = []
        for q in range(extent * t.tile_k // (width * t.threads)):
            chunk = b.add(self.thread, q * t.threads)
            if x_contiguous:
                k, x = b.div(chunk, per_row), b.mul(b.rem(chunk, per_row), width)
            else:
                k, x = b.rem(chunk, t.tile_k), b.mul(b.div(chunk, t.tile_k), width)
            places.append((k, x))
        swizzle = t.swizzle_period(extent, byte_size(self.element))
        columns = tuple(self._swizzled(swizzle, k, x) for k, x in places)
        return _Staging(
            source,
            tile,
            x_is_row,
            origin,
            extent,
            bound,
            width,
            swizzle,
            tuple(places),
            columns,
        )

    # -- staging copies -------------------------------------------------------

    def _in_bounds(
        self, checks: list[tuple[SSAValue, int]], clamp_to: list[int]
    ) -> tuple[SSAValue | None, list[SSAValue]]:
        """The condition that every value is below its bound (None: nothing
        to check) and the values clamped to `clamp_to` (bound - width)."""
        b = self.b
        guard, safe = None, []
        for (value, bound), last in zip(checks, clamp_to, strict=True):
            inside = b.below(value, bound)
            guard = inside if guard is None else b.both(guard, inside)
            safe.append(b.clamp(value, last + 1))
        return guard, safe

    def _load_checked(
        self,
        source: Operand,
        place: tuple[Index, Index],
        checked: tuple[bool, bool],
        bounds: tuple[int, int],
        width: int | None,
    ) -> SSAValue:
        """The element (width None) or `vector<width>` along the memref's
        last dimension at matrix place (row, col) of `source`, zero where a
        checked index is outside, widened to the accumulators' type; a
        vector is a whole vector of its memref row (all inside or all
        outside)."""
        b = self.b
        values = [b.value(p) for p in source.stored(place)]
        checked, bounds = source.stored(checked), source.stored(bounds)
        to_check = [i for i in (0, 1) if checked[i]]
        lasts = [bounds[i] - (width if i == 1 and width else 1) for i in to_check]
        guard, safe = self._in_bounds([(values[i], bounds[i]) for i in to_check], lasts)
        for i, value in zip(to_check, safe, strict=True):
            values[i] = value
        indices = [*source.prefix, *values]
        memref_type = source.memref.type
        assert isinstance(memref_type, MemRefType)
        stored: Attribute = memref_type.element_type
        if source.decode is not None:  # the run read at once (weight_decode)
            decode = source.decode
            if width is None:
                decoded = decode.element(b, values)
                decoded_type: Attribute = decode.element_type
            else:
                decoded_type = VectorType(decode.element_type, [width])
                decoded = b.constant(0, decoded_type)
                for u, one in enumerate(decode.elements(b, values, width)):
                    decoded = b.emit(vector.InsertOp(one, decoded, [u])).results[0]
            if guard is not None:
                zero = b.constant(0, decoded_type)
                decoded = b.emit(arith.SelectOp(guard, decoded, zero)).results[0]
            if decode.element_type == self.element:
                return decoded
            wide = self.element if width is None else self.vector(width)
            return b.emit(arith.ExtFOp(decoded, wide)).results[0]
        if width is None:
            load = memref.LoadOp.get(source.memref, indices)
        else:
            stored = VectorType(stored, [width])
            load = vector.LoadOp(source.memref, indices, stored)
        loaded = b.emit(load).results[0]
        if guard is not None:
            zero = b.constant(0, stored)
            loaded = b.emit(arith.SelectOp(guard, loaded, zero)).results[0]
        if memref_type.element_type == self.element:
            return loaded
        wide = self.element if width is None else self.vector(width)
        return b.emit(arith.ExtFOp(loaded, wide)).results[0]

    def _fetch(self, stage: _Staging, k0: Index) -> list[SSAValue]:
        """This work-item's chunks of the K tile at `k0`, in registers."""
        b, mm = self.b, self.mm
        checked_x = self.ragged_m if stage.x_is_row else self.ragged_n
        checked = stage.matrix_place(checked_x, self.ragged_k)
        bounds = stage.matrix_place(stage.bound, mm.k)
        one_load = stage.x_contiguous and stage.bound % stage.width == 0
        fetched = []
        for k, x in stage.places:
            k_at, x_at = b.add(k0, k), b.add(stage.origin, x)
            if one_load:
                place = stage.matrix_place(x_at, k_at)
                fetched.append(
                    self._load_checked(
                        stage.source, place, checked, bounds, stage.width
                    )
                )
                continue
            chunk = b.constant(0, self.vector(stage.width))
            for u in range(stage.width):
                place = stage.matrix_place(b.add(x_at, u), k_at)
                value = self._load_checked(stage.source, place, checked, bounds, None)
                chunk = b.emit(vector.InsertOp(value, chunk, [u])).results[0]
            fetched.append(chunk)
        return fetched

    def _store_staged(self, stage: _Staging, values: list[SSAValue]) -> None:
        b = self.b
        places = zip(values, stage.places, stage.columns, strict=True)
        for value, (k, _), column in places:
            b.emit(vector.StoreOp(value, stage.tile, [b.value(k), b.value(column)]))

    def _swizzled(self, swizzle: int, k: Index, x: Index) -> Index:
        """Where element x of row k of a staged tile is kept: x, or with
        smem-layout=xor (period `swizzle`), x with its chunk index XOR
        k % swizzle (a vector access never crosses a chunk, so it stays one
        contiguous vector)."""
        if swizzle == 1:
            return x
        chunk = ACCESS_BYTES // byte_size(self.element)
        return self.b.xor(x, self.b.mul(self.b.rem(k, swizzle), chunk))

    # -- the K loop -----------------------------------------------------------

    def _k_loop(self, accs: list[SSAValue]) -> list[SSAValue]:
        """Register prefetch (k_loop.prefetch_loop): fetch tile 0; per K tile
        but the last, write the fetched tile to workgroup memory, fetch the
        next, multiply."""
        tk = self.t.tile_k
        last = (-(-self.mm.k // tk) - 1) * tk
        return prefetch_loop(KTiles(self.b, tk), self, accs, last)

    # -- the K tile, as k_loop.prefetch_loop asks for it (FetchedTiles) ------

    def fetch(self, k: Index, last_tile: bool) -> list[SSAValue]:
        return [v for s in (self.a_stage, self.b_stage) for v in self._fetch(s, k)]

    def store(
        self, k: Index, fetched: list[SSAValue], buffer: Index | None = None
    ) -> None:
        count = len(self.a_stage.places)
        self._store_staged(self.a_stage, fetched[:count])
        self._store_staged(self.b_stage, fetched[count:])

    def math(self, accs: list[SSAValue], buffer: Index | None = None) -> list[SSAValue]:
        return self._multiply(accs)

    def _multiply(self, accs: list[SSAValue]) -> list[SSAValue]:
        """TK outer products from workgroup memory, unrolled."""
        b, t = self.b, self.t
        accs = list(accs)
        groups = len(self.col_groups)
        a_type, b_type = self.vector(self.vm), self.vector(self.vn)
        for k in range(t.tile_k):
            a_vectors = [
                self._load_staged(self.a_stage, k, self.rows[g], a_type)
                for g in range(0, len(self.rows), self.vm)
            ]
            b_vectors = [
                self._load_staged(self.b_stage, k, col, b_type)
                for col in self.col_groups
            ]
            for r in range(t.micro_m):
                element = b.emit(
                    vector.ExtractOp(
                        a_vectors[r // self.vm], [r % self.vm], self.element
                    )
                ).results[0]
                splat = b.emit(vector.BroadcastOp(element, b_type)).results[0]
                for g, b_vector in enumerate(b_vectors):
                    i = r * groups + g
                    accs[i] = b.emit(vector.FMAOp(splat, b_vector, accs[i])).results[0]
        return accs

    def _load_staged(
        self, stage: _Staging, k: int, x: Index, t: VectorType
    ) -> SSAValue:
        """The vector at element x of row k of `stage`'s tile."""
        b = self.b
        column = b.value(self._swizzled(stage.swizzle, k, x))
        load = vector.LoadOp(stage.tile, [b.value(k), column], t)
        return b.emit(load).results[0]

    # -- C --------------------------------------------------------------------

    def _c_places(self) -> list[tuple[Index, Index]]:
        """Matrix place of the first element of each accumulator vector."""
        b = self.b
        return [
            (b.add(self.tile_row, row), b.add(self.tile_col, col))
            for row in self.rows
            for col in self.col_groups
        ]

    @property
    def _c_vectors(self) -> bool:
        """Whether C is accessed a vector at a time: stored row-major with
        rows of whole vectors."""
        return not self.C.transposed and self.mm.n % self.vn == 0

    def _initial_accumulators(self) -> list[SSAValue]:
        b, mm = self.b, self.mm
        acc_type = self.vector(self.vn)
        count = self.t.micro_m * len(self.col_groups)
        if mm.fill_value is not None:
            return [b.constant(mm.fill_value.value.data, acc_type)] * count
        checked = (self.ragged_m, self.ragged_n)
        bounds = (mm.m, mm.n)
        accs = []
        for row, col in self._c_places():
            if self._c_vectors:
                accs.append(
                    self._load_checked(self.C, (row, col), checked, bounds, self.vn)
                )
                continue
            acc = b.constant(0, acc_type)
            for u in range(self.vn):
                value = self._load_checked(
                    self.C, (row, b.add(col, u)), checked, bounds, None
                )
                acc = b.emit(vector.InsertOp(value, acc, [u])).results[0]
            accs.append(acc)
        return accs

    def _store_accumulators(self, accs: list[SSAValue]) -> None:
        b, mm = self.b, self.mm
        for acc, (row, col) in zip(accs, self._c_places(), strict=True):
            if self.epilogue is not None:
                acc = self._epilogue(acc, row, col)
            if self._c_vectors:
                self._guarded(
                    [(row, mm.m, self.ragged_m), (col, mm.n, self.ragged_n)],
                    vector.StoreOp(acc, self.C.memref, self.C.indices(b, row, col)),
                )
                continue
            element = acc.type.element_type  # pyright: ignore
            for u in range(self.vn):
                value = b.emit(vector.ExtractOp(acc, [u], element)).results[0]
                at = b.add(col, u)
                self._guarded(
                    [(row, mm.m, self.ragged_m), (at, mm.n, self.ragged_n)],
                    memref.StoreOp.get(
                        value, self.C.memref, self.C.indices(b, row, at)
                    ),
                )

    def _epilogue(self, acc: SSAValue, row: Index, col: Index) -> SSAValue:
        """The fused epilogue (epilogue_elements.py) of the accumulator
        vector at (row, col): a vector of the output's element type."""
        b, mm = self.b, self.mm
        assert self.epilogue is not None
        elements = ElementEpilogue(
            b,
            self.epilogue,
            tuple(self.args),
            (mm.m, mm.n),
            (self.ragged_m, self.ragged_n),
            self.C.prefix,
        )
        out = self.epilogue.output.type.element_type  # pyright: ignore
        result = b.constant(0, VectorType(out, [self.vn]))
        for u in range(self.vn):
            x = b.emit(vector.ExtractOp(acc, [u], self.element)).results[0]
            y = elements.apply(x, row, b.add(col, u))
            result = b.emit(vector.InsertOp(y, result, [u])).results[0]
        return result

    def _guarded(self, checks: list[tuple[Index, int, bool]], store) -> None:
        """`store`, inside an scf.if on the checked indices being in bounds."""
        b = self.b
        guard = None
        for value, bound, checked in checks:
            if checked:
                inside = b.below(b.value(value), bound)
                guard = inside if guard is None else b.both(guard, inside)
        if guard is None:
            b.emit(store)
            return
        body = Block()
        body.add_ops([store, scf.YieldOp()])
        b.emit(scf.IfOp(guard, [], Region(body)))


def build_simt_kernel(
    name: str, matmul: Matmul, tile: SimtTile, epilogue: Epilogue | None = None
) -> gpu.FuncOp:
    """The `gpu.func` computing `matmul` (arguments A, B, C) with `tile`, or
    with a fused epilogue (A, B, the epilogue's output, its inputs)."""
    operands = matmul.operands if epilogue is None else epilogue.kernel_operands(matmul)
    operands = kernel_operands(matmul, operands)
    kernel = kernel_function(name, [v.type for v in operands], tile.threads)
    SimtKernel(matmul, tile, kernel.body.block, epilogue).build()
    return kernel
