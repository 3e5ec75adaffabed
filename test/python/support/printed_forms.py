"""A program as mlir-opt-22 prints it (generic form, `--mlir-print-debuginfo`
location aliases), for the fuzzer's printed families (fuzz_families.py):
coopmlir must read back what MLIR writes. Where mlir-opt-22 is not
installed, coopmlir's own printer with the same flags stands in."""

from __future__ import annotations

import io
import shutil
import subprocess

from xdsl.printer import Printer

from coopmlir.dialects.registry import parse_module

MLIR_OPT = "mlir-opt-22"
#: How a printed case is printed: mlir-opt's flags.
PRINTED_FORMS = {
    "generic": ("--mlir-print-op-generic",),
    "debuginfo": ("--mlir-print-debuginfo",),
    "generic+debuginfo": ("--mlir-print-op-generic", "--mlir-print-debuginfo"),
}


class MlirOptFailed(Exception):
    """mlir-opt-22 did not read the program (its stderr)."""


def mlir_printed(text: str, form: str) -> str:
    """`text` printed by mlir-opt-22 with the flags of `form`."""
    flags = PRINTED_FORMS[form]
    tool = shutil.which(MLIR_OPT)
    if tool is not None:
        done = subprocess.run(
            [tool, *flags, "-"], input=text, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise MlirOptFailed(done.stderr)
        return done.stdout
    out = io.StringIO()
    printer = Printer(
        stream=out,
        print_generic_format="--mlir-print-op-generic" in flags,
        print_debuginfo="--mlir-print-debuginfo" in flags,
    )
    printer.print_op(parse_module(text, "case.mlir"))
    return out.getvalue()
