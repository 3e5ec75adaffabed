"""How deeply nested an input may be, and the one place that raises Python's
recursion limit for it.

xDSL parses, verifies, walks, rewrites, prints and interprets nested regions
recursively: each level of nesting costs several Python frames, so Python's
default limit (1000 frames) ends between 100 and 500 nested regions. The tools
raise the limit to `RECURSION_LIMIT` (`allow_deep_nesting`), and the parser
refuses text nested deeper than `MAX_NESTING` brackets with a located error
(`too_deep`, called by `diagnostics.LocatedParser`) before xDSL could
run out of frames. This module sits below every other one (pyproject.toml's
layers), so the parser can use it.

xDSL 0.74 walks IR with nested generators (`yield from` per level), so each
op of a walk passes through one generator per enclosing region: a walk costs
ops x depth, and 1,200 nested `scf.if` took 47 s through `--lower-to-coopmat
--cse`, nearly all in walks (pattern rewriters walk the module each round).
`linear_walks` gives Operation, Region and Block a walk with an explicit
stack of child iterators: the same order and the same laziness (children are
read when reached, so ops erased or inserted during a walk behave as
before), in time linear in the number of ops.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator

from xdsl.ir import Block, Operation, Region

#: Brackets (`{`, `(`, `[`) open at once that the tools accept: about 2500
#: regions in the pretty form, 1250 in the generic form (`({` per region).
#: Measured: 2500 nested `scf.if` run through every pass, the printer and
#: coopmlir-run within `RECURSION_LIMIT`.
MAX_NESTING = 2500
#: Frames the tools allow. Python 3.11 runs Python-to-Python calls off the C
#: stack, so this depth does not overflow it (20000 levels end in a
#: RecursionError even at 100000 frames, not in a crash).
RECURSION_LIMIT = 40_000

# String literals and comments do not nest; any other bracket does. The
# literal's pattern is the unrolled `"[^"\\]*(\\.[^"\\]*)*"`: one alternation per
# character made a 100 MB weight blob take 22 s here.
_TOKENS = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|//[^\n]*|[{(\[]|[})\]]')


def allow_deep_nesting() -> None:
    """Raise the recursion limit to `RECURSION_LIMIT` (never lower it), and
    walk IR in linear time (`linear_walks`)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    linear_walks()


def _child_ops(op: Operation, reverse: bool) -> Iterator[Operation]:
    """The ops directly inside `op`'s regions, read lazily."""
    for region in reversed(op.regions) if reverse else op.regions:
        for block in reversed(region.blocks) if reverse else region.blocks:
            yield from reversed(block.ops) if reverse else block.ops


def _walk_operation(
    op: Operation, *, reverse: bool = False, region_first: bool = False
) -> Iterator[Operation]:
    """Operation.walk's order (pre-order, or post-order with region_first),
    one stack entry per open op instead of one generator per level."""
    if not region_first:
        yield op
    stack = [(op, _child_ops(op, reverse))]
    while stack:
        parent, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if region_first:
                yield parent
            continue
        if not region_first:
            yield child
        stack.append((child, _child_ops(child, reverse)))


def _walk_block(
    block: Block, *, reverse: bool = False, region_first: bool = False
) -> Iterator[Operation]:
    for op in reversed(block.ops) if reverse else block.ops:
        yield from _walk_operation(op, reverse=reverse, region_first=region_first)


def _walk_region(
    region: Region, *, reverse: bool = False, region_first: bool = False
) -> Iterator[Operation]:
    for block in reversed(region.blocks) if reverse else region.blocks:
        yield from _walk_block(block, reverse=reverse, region_first=region_first)


#: xDSL's own walks, kept for comparison (test_deep_nesting.py).
XDSL_WALKS = (Operation.walk, Block.walk, Region.walk)


def linear_walks() -> None:
    """Replace xDSL's recursive-generator walks (see the module docstring)."""
    Operation.walk = _walk_operation
    Block.walk = _walk_block
    Region.walk = _walk_region


def too_deep(text: str) -> int | None:
    """The position of the first bracket of `text` that opens more than
    `MAX_NESTING` levels, or None."""
    depth = 0
    for token in _TOKENS.finditer(text):
        char = token.group(0)[0]
        if char in "{([":
            depth += 1
            if depth > MAX_NESTING:
                return token.start()
        elif char in "})]":
            depth = max(0, depth - 1)
    return None
