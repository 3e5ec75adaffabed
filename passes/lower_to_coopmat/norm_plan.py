"""What the row kernel of one `coopmlir.layer_norm` / `rms_norm` will be
(`plan_norm`), decided before anything changes; `norm_kernel.py` builds a
given plan.

One subgroup per row of the last dimension, `SUBGROUPS` rows per workgroup:
a workgroup of 4 x 32 work-items on h100-vulkan, so GPT-2's 8 x 1024 rows of
768 are 2048 workgroups of 4 rows, each lane reading 24 elements of its row,
consecutive lanes consecutive elements (coalesced)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects.builtin import MemRefType, ModuleOp

from coopmlir.dialects.norm import KERNEL_ELEMENTS, RowNormOp
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES

#: Rows (subgroups) per workgroup.
SUBGROUPS = 4


@dataclass(frozen=True)
class NormPlan:
    """The kernel of `op`: rows of `shape[-1]` elements, `shape[:-1]` of
    them, one per subgroup of `subgroup` work-items."""

    op: RowNormOp
    shape: tuple[int, ...]
    subgroup: int
    #: Elements per access: a 16-byte vector where the subgroup's stride
    #: divides the row (GPT-2's 768 f16: 8), else 1.
    width: int = 1

    @property
    def rows(self) -> int:
        return math.prod(self.shape[:-1])

    @property
    def cols(self) -> int:
        return self.shape[-1]

    @property
    def threads(self) -> int:
        return SUBGROUPS * self.subgroup

    @property
    def rows_checked(self) -> bool:
        """Whether the last workgroup has subgroups past the last row."""
        return self.rows % SUBGROUPS != 0

    def grid(self) -> tuple[int, int, int]:
        return (math.ceil(self.rows / SUBGROUPS), 1, 1)

    def describe(self) -> str:
        kind = "layer norm" if self.op.CENTERED else "RMS norm"
        per_lane = math.ceil(self.cols / self.subgroup)
        return (
            f"{kind} of {self.rows} rows of {self.cols}: one kernel, a subgroup "
            f"per row (up to {per_lane} elements per work-item, {self.width} per "
            f"access), {SUBGROUPS} rows per workgroup, {self.grid()[0]} workgroups"
        )


def plan_norm(op: RowNormOp, target: Target) -> NormPlan:
    """The plan of `op`'s kernel, or a located error saying why it has none."""
    types = [v.type for v in op.operands]
    for t in types:
        if not isinstance(t, MemRefType):
            raise error(op, f"'{op.name}' on tensors: bufferize first")
        if any(d < 0 for d in t.get_shape()):
            raise error(op, f"'{op.name}': static shapes are lowered, got {t}")
        if not isinstance(t.element_type, KERNEL_ELEMENTS):
            raise error(op, f"'{op.name}': f16, bf16 or f32 is lowered, got {t}")
    shape = tuple(types[0].get_shape())  # pyright: ignore
    widest = max(t.element_type.bitwidth for t in types) // 8  # pyright: ignore
    width = ACCESS_BYTES // widest
    if shape[-1] % (target.subgroup_size * width):
        width = 1
    plan = NormPlan(op, shape, target.subgroup_size, width)
    if plan.threads > target.max_workgroup_size:
        raise error(op, f"'{op.name}' needs {plan.threads} work-items per workgroup")
    if plan.grid()[0] > target.max_workgroup_count[0]:
        raise error(
            op,
            f"'{op.name}': {plan.rows} rows need {plan.grid()[0]} workgroups, more "
            f"than {target.name}'s {target.max_workgroup_count[0]}",
        )
    return plan


def plan_norms(module: ModuleOp, target: Target) -> list[NormPlan]:
    """Every row norm, planned before anything changes."""
    ops = [o for o in module.walk() if isinstance(o, RowNormOp)]
    return [plan_norm(op, target) for op in ops]
