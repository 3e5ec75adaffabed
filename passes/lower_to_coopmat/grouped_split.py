"""Split-K of a plain grouped product (`GroupedPlan.split` = S > 1): where
the experts' row tiles leave most of a last wave empty (at 512 Mixtral
tokens the down product has 11 row tiles x 16 N tiles = 176 workgroups on
132 compute units: two waves of K = 14336 for 1.33 of work), each
workgroup takes 1 / S of the K tiles and the slices are summed after:

    %W = memref.alloc() : memref<S x R x N x f32>
    gpu.launch_func @k::@f_grouped        grid (N tiles, row tiles, S)
        (X, W_e, rows, offsets, W)        // slice z's K tiles -> W[z]
    gpu.launch_func @k::@f_grouped_reduce grid (ceil(N / 256), R, 1)
        (offsets, W, Y)
    memref.dealloc %W

The grouped kernel stores its f32 sums into W[z] as it stores Y (whole
tiles in place, an expert's last tile row by row: every row of the
experts' range [offsets[0], offsets[E]) is written by exactly one tile per
slice). The reduction sums the S slices of each element of that range and
rounds once to Y's type; rows outside it keep Y's values, as the op's
definition says. Gated products (the SwiGLU needs the whole sums) and
`scatter` (rows placed by token) are not split.
"""

from __future__ import annotations

from xdsl.dialects import arith, gpu, memref, scf
from xdsl.dialects.builtin import Float32Type, IndexType, MemRefType, SymbolRefAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.launch import HostCode, insert_launch

F32 = Float32Type()
#: Work-items of a reduction workgroup, one output column each.
REDUCTION_THREADS = 256


def workspace_type(slices: int, rows: int, n: int) -> MemRefType:
    """memref<S x R x N x f32>: each slice's sums in the output's places."""
    return MemRefType(F32, [slices, rows, n])


def reduction_kernel(
    name: str, offsets: MemRefType, workspace: MemRefType, out: MemRefType
) -> gpu.FuncOp:
    """Work-item (col, r) of the grid: Y[r, col] = sum over s of W[s, r,
    col], rounded to Y's type, where col < N and offsets[0] <= r <
    offsets[E] (module doc)."""
    kernel = kernel_function(name, [offsets, workspace, out], REDUCTION_THREADS)
    entry = kernel.body.block
    b = KernelBuilder(entry)
    w_offsets, w, y = entry.args
    slices, _, n = workspace.get_shape()
    experts = offsets.get_shape()[0] - 1
    col = b.value(
        b.add(
            b.mul(b.gpu_id(gpu.BlockIdOp, "x"), REDUCTION_THREADS),
            b.gpu_id(gpu.ThreadIdOp, "x"),
        )
    )
    row = b.gpu_id(gpu.BlockIdOp, "y")
    first, end = (_offset(b, w_offsets, e) for e in (0, experts))
    inside = b.both(b.below(col, n), b.below(row, end))
    inside = b.both(inside, b.emit(arith.CmpiOp(row, first, "uge")).results[0])
    then = Block()
    b.emit(scf.IfOp(inside, [], [then]))
    with b.inside(then):
        loop, body = b.for_loop(0, slices, 1, [b.constant(0.0, F32)])
        with b.inside(body):
            partial = b.emit(memref.LoadOp.get(w, [body.args[0], row, col]))
            total = b.emit(arith.AddfOp(body.args[1], partial.results[0]))
            b.emit(scf.YieldOp(total.results[0]))
        total = loop.results[0]
        if out.element_type != F32:
            total = b.emit(arith.TruncFOp(total, out.element_type)).results[0]
        b.emit(memref.StoreOp.get(total, y, [row, col]))
        b.emit(scf.YieldOp())
    b.emit(gpu.ReturnOp([]))
    return kernel


def _offset(b: KernelBuilder, offsets: SSAValue, e: int) -> SSAValue:
    """offsets[e] as an index (offsets are i32)."""
    loaded = b.emit(memref.LoadOp.get(offsets, [b.value(e)])).results[0]
    if isinstance(loaded.type, IndexType):
        return loaded
    return b.emit(arith.IndexCastOp(loaded, IndexType())).results[0]


def lower_split_grouped(
    rewriter: PatternRewriter,
    op: Operation,
    symbols: tuple[SymbolRefAttr, SymbolRefAttr],
    grid: tuple[int, int, int],
    threads: int,
    workspace: MemRefType,
) -> None:
    """Replace the grouped op `op` by the module doc's allocation, two
    launches (`symbols`: the grouped kernel's and the reduction's) and
    deallocation."""
    kernel, reduce = symbols
    x, *weights, rows, offsets, out = op.operands
    alloc = memref.AllocOp.get(F32, shape=workspace.get_shape())
    alloc.location = op.location
    rewriter.insert(alloc, InsertPoint.before(op))
    host = HostCode(rewriter, op)
    operands = [x, *weights, rows, offsets, alloc.memref]
    insert_launch(rewriter, op, kernel, grid, threads, operands, host)
    _, r, n = workspace.get_shape()
    reduce_grid = (-(-n // REDUCTION_THREADS), r, 1)
    reduce_operands = [offsets, alloc.memref, out]
    insert_launch(
        rewriter, op, reduce, reduce_grid, REDUCTION_THREADS, reduce_operands, host
    )
    free = memref.DeallocOp.get(alloc.memref)
    free.location = op.location
    rewriter.insert(free, InsertPoint.before(op))
    rewriter.erase(op)
