"""The plan of a `scope=workgroup` kernel (`plan_workgroup`): its tile,
work-items, stages and checks, or a located error saying why the matmul has
none; `workgroup_kernel.py` builds a given plan."""

from __future__ import annotations

from dataclasses import dataclass

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
    """TM x TN x TK tile of one workgroup, its number of work-items, its
    K loop's stages and the checks of one matmul's kernel."""

    m: int
    n: int
    k: int
    threads: int
    stages: int
    #: M, N, K that the tile does not divide: loads and stores are checked
    #: along them.
    ragged: tuple[bool, bool, bool]

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
    ragged = (matmul.m % tm != 0, matmul.n % tn != 0, matmul.k % tk != 0)
    return WorkgroupTile(tm, tn, tk, threads, stages or 1, ragged)
