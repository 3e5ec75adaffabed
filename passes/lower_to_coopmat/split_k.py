"""Split-K (`split_k=S`, or the cost model's fill heuristic): a matmul whose
output tiles are too few to fill the device becomes two kernels.

    %W = memref.alloc() : memref<S x [batch x] M x N x acc>
    gpu.launch_func @k::@f        grid (N tiles, M tiles, batch * S) (A, B, W)
    gpu.launch_func @k::@f_reduce grid (ceil(N / 256), M, batch)     (W, C)
    memref.dealloc %W

The first is the tiled kernel (matmul_kernel.py) on slice s = z / batch of
the K tiles (`KSlices`): its accumulators start at zero and it stores them in
W[s]. The second sums the S partials of each element on top of C (or of the
fill value) and stores the sum in C's type. Partials are 4 bytes wide
(`split_types`): an f16 result is summed in f32 and rounded once. W is
stored as C is (n x m for a transposed C), so both kernels access it along
C's rows. A fused epilogue (epilogue.py) is the reduction's: it applies it
to each sum, element by element (epilogue_elements.py), and writes the
epilogue's output instead of C. A torch-mlir export's f16 `nn.Linear` is
such a product: an f32 matmul, then a truncf.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from xdsl.dialects import arith, gpu, memref, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    Float32Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.passes.lower_to_coopmat.epilogue import Epilogue
from coopmlir.passes.lower_to_coopmat.epilogue_elements import ElementEpilogue
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    free_name,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import (
    launch,
)
from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.passes.lower_to_coopmat.matmul_kernel import build_kernel
from coopmlir.passes.lower_to_coopmat.matmul_plan import KSlices, plan_matmul_kernel
from coopmlir.passes.lower_to_coopmat.weight_decode import kernel_operands
from coopmlir.targets import Target
from coopmlir.tiling import TileConfig

#: Work-items of a reduction workgroup, one element of C each.
REDUCTION_THREADS = 256


def remark_clamped(matmul: Matmul, config: TileConfig, requested: int) -> None:
    """Say that `split_k=requested` runs as `config.split_k` slices: every
    slice gets the same number of K tiles, and none is left empty."""
    problem = matmul.problem()
    remark(
        matmul.op,
        f"split_k={requested} runs as {config.split_k} slice(s) of "
        f"{config.tiles_per_slice(problem)} K tile(s): K={matmul.k} has "
        f"{config.k_tiles(problem)} tiles of {config.tile_k}",
    )


def lower_split(
    rewriter: PatternRewriter,
    module: ModuleOp,
    matmul: Matmul,
    config: TileConfig,
    target: Target,
    epilogue: Epilogue | None = None,
) -> None:
    """Replace `matmul` (and its fill, and the ops of `epilogue`) by the two
    launches of the module doc, with kernels `name` and `name`_reduce in the
    host's gpu.module."""
    op = matmul.op
    kernels, name = new_kernel(rewriter, module, op)
    workspace_type = _workspace_type(matmul, config.split_k)
    partial = replace(
        matmul, c_elem=workspace_type.element_type, fill_value=_zero(workspace_type)
    )
    slices = KSlices(config.split_k, config.tiles_per_slice(matmul.problem()))
    kernel_plan = plan_matmul_kernel(partial, config, target, slices=slices)
    kernel = build_kernel(name, kernel_plan, target, output=workspace_type)
    reduce_name = free_name(kernels, f"{name}_reduce")
    c, inputs = matmul.operands[2], []
    if epilogue is not None:
        epilogue.hoist(rewriter, matmul, views=False)
        # The epilogue's output, then the buffers its inputs read.
        c, *inputs = epilogue.kernel_operands(matmul)[2:]
    reduction = reduction_kernel(
        reduce_name,
        c.type,  # type: ignore[arg-type]
        matmul.fill_value,
        workspace_type,
        epilogue,
        [v.type for v in inputs],
        matmul.c_elem,
    )
    symbol, reduce_symbol = add_kernels(
        rewriter, kernels, [kernel, reduction], op, locate_module=False
    )
    after = op.next_op  # the function's terminator at the latest
    assert after is not None
    workspace = memref.AllocOp.get(
        workspace_type.element_type, shape=workspace_type.get_shape()
    )
    _insert(rewriter, workspace, before=op)
    launch_reduction(rewriter, op, c, reduce_symbol, workspace.memref, after, inputs)
    _insert(rewriter, memref.DeallocOp.get(workspace.memref), before=after, at=op)
    a, b, _ = matmul.operands
    # With B decoded in the load the partial kernel reads its stored inputs.
    operands = kernel_operands(matmul, [a, b, workspace.memref])
    launch(rewriter, matmul, config, target, symbol, operands)
    if matmul.b_decode is not None:
        matmul.b_decode.remove(rewriter)
    if epilogue is not None:
        epilogue.remove_fused(rewriter)


def _insert(
    rewriter: PatternRewriter,
    new: Operation,
    before: Operation,
    at: Operation | None = None,
) -> None:
    """Insert `new` before `before`, at the location of `at` (default: `before`)."""
    new.location = (at or before).location
    rewriter.insert(new, InsertPoint.before(before))


def _workspace_type(matmul: Matmul, slices: int) -> MemRefType:
    """memref<S x [batch x] rows x cols x acc>, rows x cols as C is stored."""
    c_type = matmul.operands[2].type
    assert isinstance(c_type, MemRefType)
    acc = matmul.c_elem if not isinstance(matmul.c_elem, AnyFloat) else Float32Type()
    return MemRefType(acc, [slices, *c_type.get_shape()])


def _zero(t: MemRefType) -> Attribute:
    elem = t.element_type
    if isinstance(elem, AnyFloat):
        return FloatAttr(0.0, elem)
    return IntegerAttr(0, elem)  # type: ignore[arg-type]


def launch_reduction(
    rewriter: PatternRewriter,
    op: Operation,
    c: SSAValue,
    symbol: SymbolRefAttr,
    workspace: SSAValue,
    before: Operation,
    inputs: Sequence[SSAValue] = (),
) -> None:
    """The launch of the reduction on (W, C, `inputs`: the buffers a fused
    epilogue reads), before `before`, at `op`."""
    *lead, cols = c.type.get_shape()  # type: ignore[attr-defined]
    rows = lead[-1] if lead else 1
    batch = lead[0] if len(lead) == 2 else 1
    grid = (-(-cols // REDUCTION_THREADS), rows, batch)
    sizes = {}
    for n in (*grid, REDUCTION_THREADS, 1):
        if n not in sizes:
            sizes[n] = arith.ConstantOp(IntegerAttr(n, IndexType()))
            _insert(rewriter, sizes[n], before=before, at=op)
    call = gpu.LaunchFuncOp(
        symbol,
        [sizes[n].result for n in grid],
        [sizes[n].result for n in (REDUCTION_THREADS, 1, 1)],
        kernelOperands=[workspace, c, *inputs],
    )
    _insert(rewriter, call, before=before, at=op)


def reduction_kernel(
    name: str,
    c_type: MemRefType,
    fill_value: Attribute | None,
    workspace: MemRefType,
    epilogue: Epilogue | None = None,
    input_types: Sequence[Attribute] = (),
    chain_type: Attribute | None = None,
) -> gpu.FuncOp:
    """The `gpu.func` of the reduction: work-item (x, y, z) of the grid sums
    element (y, x) of matrix z over the S partials, on top of C or the fill
    (`fill_value`); a C of rank 1 is one row. With `epilogue`, C is its
    output: the sum, as `chain_type` (the matmul's C type), goes through the
    epilogue, which reads the buffers of `input_types` (arguments 2, ...).

        col = block_id x * 256 + thread_id x
        if col < cols:
            sum = C[z, y, col] (as acc) | fill
            for s in 0 .. S: sum += W[s, z, y, col]
            C[z, y, col] = sum (as C's type)    | out[z, y, col] = epilogue(sum)
    """
    kernel = kernel_function(name, [workspace, c_type, *input_types], REDUCTION_THREADS)
    entry = kernel.body.block
    b = KernelBuilder(entry)
    w, c, *_ = entry.args
    acc, out = workspace.element_type, c_type.element_type
    col = b.add(
        b.mul(b.gpu_id(gpu.BlockIdOp, "x"), REDUCTION_THREADS),
        b.gpu_id(gpu.ThreadIdOp, "x"),
    )
    rank = c_type.get_num_dims()
    lead = [b.gpu_id(gpu.BlockIdOp, "z")] if rank == 3 else []
    if rank >= 2:
        lead.append(b.gpu_id(gpu.BlockIdOp, "y"))
    inside = b.below(b.value(col), c_type.get_shape()[-1])
    then = Block()
    b.emit(scf.IfOp(inside, [], [then]))
    with b.inside(then):
        at = [*lead, b.value(col)]
        if fill_value is not None:
            start = b.constant(fill_value.value.data, acc)  # type: ignore[attr-defined]
        else:  # C itself (an epilogue's output then: epilogue.py)
            start = _convert(b, b.emit(memref.LoadOp.get(c, at)).results[0], acc)
        loop, body = b.for_loop(0, workspace.get_shape()[0], 1, [start])
        with b.inside(body):
            partial = memref.LoadOp.get(w, [body.args[0], *at])
            b.emit(partial)
            add = arith.AddfOp if isinstance(acc, AnyFloat) else arith.AddiOp
            total = b.emit(add(body.args[1], partial.res)).results[0]
            b.emit(scf.YieldOp(total))
        if epilogue is None:
            result = _convert(b, loop.results[0], out)
        else:
            # Kernel_operands' order with A and B left out: the epilogue
            # reads argument 2 on (its output, then its inputs' buffers).
            args = (w, w, *entry.args[1:])
            assert rank >= 2  # a Matmul's C: a matrix or a batch of them
            rows, cols = c_type.get_shape()[-2:]
            element = ElementEpilogue(
                b, epilogue, args, (rows, cols), (False, False), prefix=tuple(lead[:-1])
            )
            row = lead[-1]
            summed = _convert(b, loop.results[0], chain_type or acc)
            result = element.apply(summed, row, col)
        b.emit(memref.StoreOp.get(result, c, at))
        b.emit(scf.YieldOp())
    b.emit(gpu.ReturnOp([]))
    return kernel


def _convert(b: KernelBuilder, value: SSAValue, to: Attribute) -> SSAValue:
    """`value` as type `to`: f16 <-> f32, or unchanged."""
    if value.type == to:
        return value
    if isinstance(to, Float32Type):
        return b.emit(arith.ExtFOp(value, to)).results[0]
    return b.emit(arith.TruncFOp(value, to)).results[0]
