"""What a kernel may read inside a linalg body it inlines: the body's own
values, and constants from outside (rebuilt in the kernel); anything else
from outside (a host value) has no way into the kernel."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import Block, BlockArgument, Operation


def reads_host_values(inner: Operation, body: Block) -> bool:
    """Whether `inner`, an op of `body`, reads a value from outside the body
    that is not an `arith.constant`."""
    for value in inner.operands:
        if isinstance(value, BlockArgument) and value.block is body:
            continue
        owner = value.owner
        if isinstance(owner, Operation) and owner.parent_block() is body:
            continue
        if not isinstance(owner, arith.ConstantOp):
            return True
    return False
