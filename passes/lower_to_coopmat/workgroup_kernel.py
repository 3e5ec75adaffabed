"""`scope=workgroup`: one matmul as a kernel of workgroup-scope matrices
(VK_NV_cooperative_matrix2), where the driver does the staging.

In: a static, non-batched `linalg.matmul` (A and B row-major) with an
optional fill. Out (L1): a `gpu.func` of `threads` work-items per
workgroup; workgroup (x, y) computes the TM x TN tile of C at
(y * TM, x * TN) as one `!coopmat.matrix<TMxTNxC, acc, workgroup>`:

    acc = splat(fill) | load C[row, col]
    for k in 0..K step TK:                              # stages=1 (default)
        acc = mul_add(load A[row, k] : TMxTK, load B[k, col] : TKxTN, acc)
    store acc, C[row, col]

`stages=2` prefetches: the next K tile's matrices are loaded before the
current one's product, so their loads are in flight during its math:

    a, b = load A[row, 0], load B[0, col]
    for k in TK..K step TK:                             # tiles 1..T-1
        a', b' = load A[row, k], load B[k, col]
        acc, a, b = mul_add(a, b, acc), a', b'
    acc = mul_add(a, b, acc)                            # the last tile

(no loop where K is one tile).

Loads and stores are `checked` on the dimensions the tile does not divide;
convert-to-spirv makes every workgroup-matrix access a tensor-addressed one
(a tensor layout of the whole matrix, a slice per tile, zeros outside), so
ragged edges cost no extra code. The grid is x over N tiles, y over M tiles.
"""

from __future__ import annotations

from xdsl.dialects import gpu
from xdsl.dialects.builtin import SymbolRefAttr
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.fragment_tile import (
    FragmentTile,
    FragmentTypes,
    Operand,
    checked_mode,
    mul_add,
    signed_operands,
)
from coopmlir.passes.lower_to_coopmat.k_loop import register_prefetch_loop
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.launch import erase_fill, replace_by_launch
from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.passes.lower_to_coopmat.workgroup_plan import WorkgroupTile


def build_workgroup_kernel(
    name: str, matmul: Matmul, tile: WorkgroupTile
) -> gpu.FuncOp:
    """The `gpu.func` (arguments A, B, C) of the module doc."""
    types = [v.type for v in matmul.operands]
    kernel = kernel_function(name, types, tile.threads)
    A, B, C = (Operand(arg) for arg in kernel.body.block.args)
    b = KernelBuilder(kernel.body.block)
    k = matmul.k
    ragged_m, ragged_n, ragged_k = tile.ragged
    fragments = FragmentTypes.of(
        (tile.m, tile.n, tile.k),
        matmul.a_elem,
        matmul.c_elem,
        coopmat.MatrixScope.WORKGROUP,
    )
    row = b.mul(b.gpu_id(gpu.BlockIdOp, "y"), tile.m)
    col = b.mul(b.gpu_id(gpu.BlockIdOp, "x"), tile.n)
    c_checked = checked_mode(ragged_m, ragged_n)
    # One fragment per workgroup: a 1 x 1 tile of workgroup-scope matrices.
    whole = FragmentTile(
        fragments, signed=signed_operands(matmul.a_elem, matmul.signed)
    )
    if matmul.fill_value is not None:
        fill = matmul.fill_value
        (acc,) = whole.fill(b, b.constant(fill.value.data, fill.type))
    else:
        (acc,) = whole.load(b, C, row, col, c_checked)
    a_checked = checked_mode(ragged_m, ragged_k)
    b_checked = checked_mode(ragged_k, ragged_n)

    def load_k_tile(kk: Index) -> tuple[SSAValue, SSAValue]:
        """The A and B matrices of the K tile at `kk` (checked along K
        wherever K is ragged: any of them may be the last)."""
        a_tile = A.load(b, row, kk, fragments.a, a_checked)
        return a_tile, B.load(b, kk, col, fragments.b, b_checked)

    def product(a_tile: SSAValue, b_tile: SSAValue, acc: SSAValue) -> SSAValue:
        return mul_add(b, a_tile, b_tile, acc, whole.signed)

    if tile.stages == 1:
        (acc,) = b.loop(
            0, k, tile.k, [acc], lambda kk, acc_in: [product(*load_k_tile(kk), *acc_in)]
        )
    else:
        acc = register_prefetch_loop(b, k, tile.k, acc, load_k_tile, product)
    whole.store(b, C, [acc], [(row, col)], c_checked)
    b.emit(gpu.ReturnOp([]))
    return kernel


def launch_workgroup_kernel(
    rewriter: PatternRewriter,
    matmul: Matmul,
    tile: WorkgroupTile,
    kernel: SymbolRefAttr,
) -> None:
    """Replace the fill and matmul by the launch of `kernel` on `tile.grid`."""
    grid = list(tile.grid(matmul))
    operands = list(matmul.operands)
    replace_by_launch(rewriter, matmul.op, kernel, grid, tile.threads, operands)
    erase_fill(rewriter, matmul)
