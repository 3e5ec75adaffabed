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

from dataclasses import dataclass

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
from coopmlir.passes.lower_to_coopmat.matching import Matmul, error
from coopmlir.targets import Target

#: What `scope=workgroup` plans when `tile` and `workgroup-invocations` are
#: left out (no cost model yet: bench/gemm_vulkan.py --scope workgroup
#: --configs compares tiles on the device).
DEFAULT_TILE = (128, 128, 32)
DEFAULT_INVOCATIONS = 256

#: The `stages` of scope=workgroup: 1, each K tile loaded and then
#: multiplied; 2, the next K tile loaded before the current one's product.
WORKGROUP_STAGES = (1, 2)


@dataclass(frozen=True)
class WorkgroupTile:
    """TM x TN x TK tile of one workgroup and its number of work-items."""

    m: int
    n: int
    k: int
    threads: int
    stages: int = 1

    def grid(self, matmul: Matmul) -> tuple[int, int, int]:
        return (-(-matmul.n // self.n), -(-matmul.m // self.m), 1)

    def __str__(self) -> str:
        return (
            f"tile={self.m}x{self.n}x{self.k} workgroup-invocations={self.threads} "
            f"stages={self.stages}"
        )


def plan_workgroup(
    matmul: Matmul,
    target: Target,
    tile: tuple[int, int, int] | None,
    threads: int | None,
    stages: int | None = None,
) -> WorkgroupTile:
    """The workgroup tile for `matmul`, or a located error saying why
    `scope=workgroup` cannot lower it on `target`."""
    op = matmul.op
    if not target.cooperative_matrix2:
        raise error(
            op,
            f"scope=workgroup needs VK_NV_cooperative_matrix2 (workgroup-scope "
            f"matrices), which {target.name} does not have (h100-vulkan has it)",
        )
    shapes = target.shapes_for(matmul.component_types)
    if not shapes:
        a, _, _, c = matmul.component_types
        raise error(op, f"{a} x {a} -> {c} has no matrix units on {target.name}")
    if matmul.batch is not None or matmul.dynamic or any(matmul.transposed):
        raise error(
            op,
            "scope=workgroup lowers static, non-batched matmuls with row-major "
            f"operands only, got {matmul.describe()}",
        )
    if matmul.component_types[0] == "bf16":
        # Measured: the H100 (driver 580.159) returned wrong products for
        # every bf16 case of test_convert_to_spirv_workgroup.py.
        raise error(
            op,
            "scope=workgroup does not take bf16: workgroup-scope bf16 matrices "
            "gave wrong results on the one device tested (H100, driver 580.159); "
            "use the default scope=subgroup",
        )
    if stages not in (None, *WORKGROUP_STAGES):
        raise error(
            op,
            f"scope=workgroup takes stages=1 (load each K tile, then multiply "
            f"it) or 2 (load the next K tile before the current one's product), "
            f"not stages={stages}",
        )
    # The smallest listed shape is the granularity every tile dimension keeps.
    step = min(shapes, key=lambda s: s.m * s.n * s.k)
    tm, tn, tk = tile or DEFAULT_TILE
    if tm % step.m or tn % step.n or tk % step.k:
        raise error(
            op,
            f"scope=workgroup tile {tm}x{tn}x{tk} must be a multiple of "
            f"{step.m}x{step.n}x{step.k} (the smallest {matmul.component_types[0]} "
            f"matrix of {target.name})",
        )
    listed = target.workgroup_matrix_invocations
    if threads is None:
        threads = DEFAULT_INVOCATIONS
        if listed and threads not in listed:
            threads = max(listed)
    if listed and threads not in listed:
        raise error(
            op,
            f"workgroup-invocations={threads}: {target.name} runs workgroup-scope "
            f"matrices in workgroups of {', '.join(map(str, listed))} only",
        )
    s = target.subgroup_size
    if threads % s or not s <= threads <= target.max_workgroup_size:
        raise error(
            op,
            f"workgroup-invocations={threads} must be a multiple of the subgroup "
            f"size {s} and at most {target.max_workgroup_size}",
        )
    return WorkgroupTile(tm, tn, tk, threads, stages or 1)


def build_workgroup_kernel(
    name: str, matmul: Matmul, tile: WorkgroupTile
) -> gpu.FuncOp:
    """The `gpu.func` (arguments A, B, C) of the module doc."""
    types = [v.type for v in matmul.operands]
    kernel = kernel_function(name, types, tile.threads)
    A, B, C = (Operand(arg) for arg in kernel.body.block.args)
    b = KernelBuilder(kernel.body.block)
    m, n, k = matmul.m, matmul.n, matmul.k
    ragged_m, ragged_n, ragged_k = m % tile.m, n % tile.n, k % tile.k
    fragments = FragmentTypes.of(
        (tile.m, tile.n, tile.k),
        matmul.a_elem,
        matmul.c_elem,
        coopmat.MatrixScope.WORKGROUP,
    )
    row = b.mul(b.gpu_id(gpu.BlockIdOp, "y"), tile.m)
    col = b.mul(b.gpu_id(gpu.BlockIdOp, "x"), tile.n)
    c_checked = checked_mode(bool(ragged_m), bool(ragged_n))
    # One fragment per workgroup: a 1 x 1 tile of workgroup-scope matrices.
    whole = FragmentTile(
        fragments, signed=signed_operands(matmul.a_elem, matmul.signed)
    )
    if matmul.fill_value is not None:
        fill = matmul.fill_value
        (acc,) = whole.fill(b, b.constant(fill.value.data, fill.type))
    else:
        (acc,) = whole.load(b, C, row, col, c_checked)
    a_checked = checked_mode(bool(ragged_m), bool(ragged_k))
    b_checked = checked_mode(bool(ragged_k), bool(ragged_n))

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
