"""What a kernel may read inside a linalg body it inlines: the body's own
values, and constants from outside (rebuilt in the kernel); anything else
from outside (a host value) has no way into the kernel, but for a buffer
a loop kernel takes as an argument (loop_plan.py's gathers)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import Block, BlockArgument, Operation, SSAValue


def is_host_value(value: SSAValue, body: Block) -> bool:
    """Whether `value` comes from outside `body` and is not an
    `arith.constant`."""
    if isinstance(value, BlockArgument) and value.block is body:
        return False
    owner = value.owner
    if isinstance(owner, Operation) and owner.parent_block() is body:
        return False
    return not isinstance(owner, arith.ConstantOp)


def reads_host_values(inner: Operation, body: Block) -> bool:
    """Whether `inner`, an op of `body`, reads a value from outside the body
    that is not an `arith.constant`."""
    return any(is_host_value(value, body) for value in inner.operands)
