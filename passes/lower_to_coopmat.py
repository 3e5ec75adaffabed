"""lower-to-coopmat: linalg.matmul to tiled cooperative-matrix GPU kernels.

Not implemented yet (issue 5). The pass is registered so that the command
line, option parsing and pipelines are stable; running it is an error rather
than a silent no-op.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException


@dataclass(frozen=True)
class LowerToCoopmat(ModulePass):
    name = "lower-to-coopmat"

    target: str = "generic"
    stages: int = 0

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise PassFailedException(
            "lower-to-coopmat is not implemented yet: it is registered so that "
            "pipelines parse, but no lowering exists in this version"
        )
