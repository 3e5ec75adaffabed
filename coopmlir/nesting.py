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
"""

from __future__ import annotations

import re
import sys

#: Brackets (`{`, `(`, `[`) open at once that the tools accept: about 2500
#: regions in the pretty form, 1250 in the generic form (`({` per region).
#: Measured: 2500 nested `scf.if` run through every pass, the printer and
#: coopmlir-run within `RECURSION_LIMIT`.
MAX_NESTING = 2500
#: Frames the tools allow. Python 3.11 runs Python-to-Python calls off the C
#: stack, so this depth does not overflow it (20000 levels end in a
#: RecursionError even at 100000 frames, not in a crash).
RECURSION_LIMIT = 40_000

# String literals and comments do not nest; any other bracket does.
_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|[{(\[]|[})\]]')


def allow_deep_nesting() -> None:
    """Raise the recursion limit to `RECURSION_LIMIT` (never lower it)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))


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
