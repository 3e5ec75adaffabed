"""A transpose kernel through workgroup memory: `dst[z] = src[z]^T` for
memrefs `[batch x] R x C` -> `[batch x] C x R` of any element type, and its
launch. pretranspose.py uses it to give a product an operand in the layout
its fragment loads want.

Workgroup (x, y, z) moves the T x T tile at rows T y, columns T x of
matrix z (T = 64; 128 for bytes moved 16 at a time) with 256 work-items,
all of a work-item's loads issued before its first store (their latencies
overlap), then a barrier, then the transposed tile written out. Two forms:

- 16 bytes at a time (`vectorized`: R and C multiples of T, elements of
  1, 2 or 4 bytes): each work-item loads 16-byte runs of src rows and
  stores them whole in workgroup memory, then gathers the V = 16 / bytes
  elements of a 16-byte run of a dst row (a column of the staged tile)
  and stores it whole; consecutive work-items write consecutive runs of a
  dst row. The staged runs are swizzled (run c of row r at run
  c ^ (r / V)), so that the gathers of a subgroup, which read one column
  of rows V apart, fall on different banks.
- element by element (any sizes; an edge tile reads clamped indices and
  never writes outside R x C): work-item t takes column t % 64 of rows
  t / 64, t / 64 + 4, ... (each subgroup reads 32 consecutive elements),
  then writes 32 consecutive elements of one dst row, a column of the
  staged tile, whose rows are padded by 4 bytes (32 different banks).

On an H200 (bench/RESULTS.md, "Twenty-second session", one call) an 8192 x
8192 f16 matrix took 0.072 ms by runs, where 8192 x 8191 took 0.085
element by element; 8192 x 8192 bytes 0.051 ms by runs in tiles of 128
(0.057 in tiles of 64, one run a work-item), 8192 x 8191 bytes 0.055
element by element.
"""

from __future__ import annotations

from xdsl.dialects import gpu, memref, scf, vector
from xdsl.dialects.builtin import MemRefType, SymbolRefAttr, VectorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.elements import bit_width
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.launch import insert_launch

#: The side of a workgroup's square tile, in elements.
TILE = 64
#: Work-items per workgroup: TILE columns by ROWS rows per pass.
THREADS = 256
ROWS = THREADS // TILE
#: Bytes a staged row is padded by, so a column's elements in consecutive
#: rows start in consecutive 4-byte banks.
PAD_BYTES = 4
#: Bytes a work-item moves at once in the vectorized form.
RUN_BYTES = 16
#: The vectorized form's tile side for 8-bit elements: 128 x 128 bytes, four
#: runs a work-item (64 x 64 bytes left one 16-byte load in flight each).
BYTE_TILE = 128


def tile_side(src: MemRefType) -> int:
    """The side of a workgroup's square tile of `src`, in elements."""
    return BYTE_TILE if bit_width(src.element_type) == 8 else TILE


def vectorized(src: MemRefType) -> bool:
    """Whether the kernel for `src` moves 16 bytes at a time (module doc)."""
    *_, rows, cols = src.get_shape()
    side = tile_side(src)
    return (
        rows % side == 0
        and cols % side == 0
        and bit_width(src.element_type) in (8, 16, 32)
    )


def build_transpose_kernel(name: str, src: MemRefType, dst: MemRefType) -> gpu.FuncOp:
    """The kernel `@name(src, dst)` of the module doc."""
    kernel = kernel_function(name, [src, dst], THREADS)
    b = KernelBuilder(kernel.body.block)
    if vectorized(src):
        _by_runs(b, src)
    else:
        _by_elements(b, src)
    b.emit(gpu.ReturnOp([]))
    return kernel


def _tile_origin(b: KernelBuilder, src: MemRefType, side: int):
    """(the batch index list, first row, first column) of the workgroup's tile."""
    batch = src.get_shape()[:-2]
    row0 = b.mul(b.gpu_id(gpu.BlockIdOp, "y"), side)
    col0 = b.mul(b.gpu_id(gpu.BlockIdOp, "x"), side)
    lead = [b.gpu_id(gpu.BlockIdOp, "z")] if batch else []
    return lead, row0, col0


def _by_runs(b: KernelBuilder, src: MemRefType) -> None:
    """The 16-bytes-at-a-time form (module doc)."""
    elem = src.element_type
    width = RUN_BYTES * 8 // bit_width(elem)  # V elements a run
    side = tile_side(src)
    runs = side // width  # runs a tile row, and groups of V rows a tile
    run_type = VectorType(elem, [width])
    source, dest = b.entry.args
    alloca = memref.AllocaOp.get(
        elem, shape=(side, side), memory_space=WORKGROUP_MEMORY_SPACE
    )
    b.emit(alloca)
    tile = alloca.memref
    lead, row0, col0 = _tile_origin(b, src, side)
    thread = b.gpu_id(gpu.ThreadIdOp, "x")
    # Item q = thread + 256 p: run q % runs (the thread's) of row q / runs.
    first, run = b.div(thread, runs), b.rem(thread, runs)
    step = THREADS // runs
    rows = [b.add(first, p * step) for p in range(side // step)]

    def staged(group, run):
        """The column where run `run` of a tile row of rows group `group`
        (its row / V, below `runs`) is staged: the runs are swizzled."""
        return b.mul(b.xor(run, group), width)

    loads = []
    for r in rows:  # run `run` of tile row r
        at = [*lead, b.value(b.add(row0, r)), b.value(b.add(col0, b.mul(run, width)))]
        loads.append(b.emit(vector.LoadOp(source, at, run_type)).results[0])
    for r, value in zip(rows, loads, strict=True):
        at = [b.value(r), b.value(staged(b.div(r, width), run))]
        b.emit(vector.StoreOp(value, tile, at))
    b.emit(gpu.BarrierOp())
    for column in rows:  # run `run` of dst row `column`: a tile column
        # Rows run V .. run V + V - 1, all of rows group `run`: one column.
        at_column = b.value(
            b.add(staged(run, b.div(column, width)), b.rem(column, width))
        )
        gathered = b.constant(0, run_type)
        for u in range(width):
            r = b.value(b.add(b.mul(run, width), u))
            element = b.emit(memref.LoadOp.get(tile, [r, at_column])).results[0]
            gathered = b.emit(vector.InsertOp(element, gathered, [u])).results[0]
        at = [
            *lead,
            b.value(b.add(col0, column)),
            b.value(b.add(row0, b.mul(run, width))),
        ]
        b.emit(vector.StoreOp(gathered, dest, at))


def _by_elements(b: KernelBuilder, src: MemRefType) -> None:
    """The element-by-element form (module doc)."""
    elem = src.element_type
    source, dest = b.entry.args
    *_, rows, cols = src.get_shape()
    pad = max(1, PAD_BYTES * 8 // bit_width(elem))
    alloca = memref.AllocaOp.get(
        elem, shape=(TILE, TILE + pad), memory_space=WORKGROUP_MEMORY_SPACE
    )
    b.emit(alloca)
    tile = alloca.memref
    lead, row0, col0 = _tile_origin(b, src, TILE)
    thread = b.gpu_id(gpu.ThreadIdOp, "x")
    lane, first = b.rem(thread, TILE), b.div(thread, TILE)
    passes = [b.add(first, p * ROWS) for p in range(TILE // ROWS)]
    # Indices clamped into src: what an edge tile reads past it is never written.
    col = b.clamp(b.value(b.add(col0, lane)), cols)
    values = [
        b.emit(
            memref.LoadOp.get(
                source, [*lead, b.clamp(b.value(b.add(row0, i)), rows), col]
            )
        ).results[0]
        for i in passes
    ]
    for i, value in zip(passes, values, strict=True):
        b.emit(memref.StoreOp.get(value, tile, [b.value(i), b.value(lane)]))
    b.emit(gpu.BarrierOp())
    # dst rows [col0, col0 + 64) are the tile's columns.
    for i in passes:
        r, c = b.add(col0, i), b.add(row0, lane)
        inside = b.both(b.below(b.value(r), cols), b.below(b.value(c), rows))
        then = Block()
        b.emit(scf.IfOp(inside, [], [then]))
        with b.inside(then):
            load = b.emit(memref.LoadOp.get(tile, [b.value(lane), b.value(i)]))
            at = [*lead, b.value(r), b.value(c)]
            b.emit(memref.StoreOp.get(load.results[0], dest, at))
            b.emit(scf.YieldOp())


def launch_transpose(
    rewriter: PatternRewriter,
    at: Operation,
    kernel: SymbolRefAttr,
    src: SSAValue,
    dst: SSAValue,
) -> None:
    """The launch of `kernel` on (src, dst), inserted before `at`, at its
    location: one workgroup per tile of src."""
    *batch, rows, cols = src.type.get_shape()  # type: ignore[attr-defined]
    side = tile_side(src.type) if vectorized(src.type) else TILE  # type: ignore[arg-type]
    grid = (-(-cols // side), -(-rows // side), batch[0] if batch else 1)
    insert_launch(rewriter, at, kernel, grid, THREADS, [src, dst])
