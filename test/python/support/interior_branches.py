"""The run-time branch of a kernel (interior_branch.py): find it, empty one side,
and the tiles each side owns."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import gpu, scf


def kernel_branch(module) -> scf.IfOp:
    """The kernel's top-level scf.if (L2 has more inside its branches)."""
    (branch,) = [
        op
        for op in module.walk()
        if isinstance(op, scf.IfOp) and isinstance(op.parent_op(), gpu.FuncOp)
    ]
    return branch


def empty_branch(region) -> None:
    """Leave only the `scf.yield` of a branch."""
    block = region.block
    for op in reversed(list(block.ops)[:-1]):
        op.detach()
        op.erase(safe_erase=False)


def owned_tiles(shape, fast_tiles: set, fast: bool) -> np.ndarray:
    """Mask of C elements that the fast (or the checked) branch writes."""
    mask = np.zeros(shape, bool)
    for i in range(-(-shape[0] // 32)):
        for j in range(-(-shape[1] // 32)):
            if ((i, j) in fast_tiles) == fast:
                mask[i * 32 : (i + 1) * 32, j * 32 : (j + 1) * 32] = True
    return mask
