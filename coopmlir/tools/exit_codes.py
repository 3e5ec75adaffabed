"""The tools' exit codes, and how a bug (not bad input) is reported."""

from __future__ import annotations

import os
import sys
import traceback

#: Bad input: a diagnostic was printed.
EXIT_BAD_INPUT = 1
#: A bug in coopmlir (EX_SOFTWARE): reported without a traceback.
EXIT_INTERNAL_ERROR = 70


def internal_error(tool: str, err: BaseException) -> int:
    """Say that `tool` hit a bug, with the traceback only when asked for."""
    print(f"{tool}: internal error: {err!r}", file=sys.stderr)
    if os.environ.get("COOPMLIR_TRACEBACK"):
        traceback.print_exception(err)
    else:
        print("(set COOPMLIR_TRACEBACK=1 for the traceback)", file=sys.stderr)
    return EXIT_INTERNAL_ERROR
