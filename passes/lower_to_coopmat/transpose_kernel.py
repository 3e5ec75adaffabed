"""A transpose kernel through workgroup memory: `dst[z] = src[z]^T` for
memrefs `[batch x] R x C` -> `[batch x] C x R` of any element type, and its
launch. pretranspose.py uses it to give a product an operand in the layout
its fragment loads want.

Workgroup (x, y, z) moves the 64 x 64 tile at rows 64 y, columns 64 x of
matrix z. Its 256 work-items read the tile row by row (work-item t takes
column t % 64 of rows t / 64, t / 64 + 4, ...: each subgroup reads 32
consecutive elements, one coalesced access; all 16 loads issued before
the first store), store it in workgroup memory, and after a barrier write
the transposed tile the same way: each subgroup writes 32 consecutive
elements of one row of dst, which are a column of the staged tile. Its
rows are padded by 4 bytes, so those 32 reads fall on 32 different banks.
Elements outside R x C are never written (an edge tile reads clamped
indices).
"""

from __future__ import annotations

from xdsl.dialects import gpu, memref, scf
from xdsl.dialects.builtin import MemRefType, SymbolRefAttr
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


def build_transpose_kernel(name: str, src: MemRefType, dst: MemRefType) -> gpu.FuncOp:
    """The kernel `@name(src, dst)` of the module doc."""
    elem = src.element_type
    kernel = kernel_function(name, [src, dst], THREADS)
    entry = kernel.body.block
    b = KernelBuilder(entry)
    source, dest = entry.args
    *batch, rows, cols = src.get_shape()
    pad = max(1, PAD_BYTES * 8 // bit_width(elem))
    alloca = memref.AllocaOp.get(
        elem, shape=(TILE, TILE + pad), memory_space=WORKGROUP_MEMORY_SPACE
    )
    b.emit(alloca)
    tile = alloca.memref
    thread = b.gpu_id(gpu.ThreadIdOp, "x")
    lane, first = b.rem(thread, TILE), b.div(thread, TILE)
    row0 = b.mul(b.gpu_id(gpu.BlockIdOp, "y"), TILE)
    col0 = b.mul(b.gpu_id(gpu.BlockIdOp, "x"), TILE)
    lead = [b.gpu_id(gpu.BlockIdOp, "z")] if batch else []
    passes = [b.add(first, p * ROWS) for p in range(TILE // ROWS)]
    # Every row's load before the first store, so their latencies overlap
    # (a loop of load-then-store waits on memory once per row); indices
    # clamped into src: what an edge tile reads past it is never written.
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
    b.emit(gpu.ReturnOp([]))
    return kernel


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
    grid = (-(-cols // TILE), -(-rows // TILE), batch[0] if batch else 1)
    insert_launch(rewriter, at, kernel, grid, THREADS, [src, dst])
