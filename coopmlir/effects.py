"""Memory effects of nested ops, each computed once while a cleanup pass runs.

xDSL 0.74 computes the effects of an op with `RecursiveMemoryEffect`
(`scf.if`, `scf.for`, ...) by visiting everything nested in it, and CSE,
DCE and canonicalize ask for every op: with N such ops nested inside each
other that is N^2 visits (1,200 nested `scf.if` took 41 s through `--cse`).
`memoized_effects` remembers each op's effects for the span of a pass. A
remembered set can only be too large, never too small, while ops are only
erased (CSE, DCE: an erased op's effects stay counted in its former
ancestors, which then look busier than they are: an optimization missed,
never a wrong one); a pass that inserts or changes ops calls
`forget_effects` on each notification (canonicalize's listener does).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import xdsl.traits as traits
from xdsl.ir import Operation

_memo: dict[Operation, object] | None = None
_unknown = object()  # memoized "unknown effects" (get_effects gave None)


def forget_effects(*_args) -> None:
    """Drop every remembered effect (the IR grew or changed)."""
    if _memo is not None:
        _memo.clear()


@contextmanager
def memoized_effects(*modules) -> Iterator[None]:
    """Within the block, `get_effects` of xdsl.traits (and of each module in
    `modules` that imported it by name) remembers its answer per op."""
    global _memo
    original = traits.get_effects

    def remembered(op: Operation):
        found = _memo.get(op)
        if found is None:
            effects = original(op)
            _memo[op] = _unknown if effects is None else effects
            return effects
        return None if found is _unknown else found

    _memo = {}
    owners = [traits, *modules]
    try:
        for module in owners:
            module.get_effects = remembered
        yield
    finally:
        for module in owners:
            module.get_effects = original
        _memo = None
