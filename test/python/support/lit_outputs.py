"""The modules the lit suites of the passes print, and examples/ through the
pipeline: (input file, coopmlir-opt flags) for the MLIR interop tests.

A RUN line counts when its first command is `coopmlir-opt %s FLAGS` that
prints IR: not under `not`, no `--verify-diagnostics`, no `-t`/`-o` (SPIR-V
binaries and text are checked by spirv-val elsewhere). Redirections are
dropped: the tests read stdout themselves.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).parents[3]
PASSES = ROOT / "test" / "passes"
EXAMPLES = ROOT / "examples"

_NOT_IR = ("-t", "-o", "--verify-diagnostics", "explain=true")
_DROPPED = {"%s", "2>&1", "2>/dev/null", ">/dev/null", "--print-op-generic"}

#: examples/ at each level, as the docs run them (L0 as written).
EXAMPLE_PIPELINES = {
    "matmul.mlir": [
        (),
        ("--lower-to-coopmat",),
        ("--lower-to-coopmat=target=lavapipe stages=1", "--coopmat-to-simt"),
        ("--lower-to-spirv=target=h100-vulkan",),
        ("--lower-to-spirv=target=lavapipe",),
    ],
    "coopmat_ops.mlir": [
        (),
        ("--lower-to-coopmat", "--coopmat-to-simt=subgroup-size=64"),
    ],
    "attention.mlir": [
        (),
        ("--lower-to-coopmat=target=lavapipe",),
        ("--lower-to-coopmat=target=lavapipe", "--coopmat-to-simt"),
    ],
    # MLIR's WMMA path in: as written (MLIR's ops), its L1, its SIMT L3.
    "wmma_matmul.mlir": [
        (),
        ("--convert-gpu-mma-to-coopmat",),
        ("--lower-to-spirv=target=lavapipe",),
    ],
    # An 8-bit float weight decoded in the load (issue 28): as written, L1.
    "f8_weight.mlir": [(), ("--lower-to-coopmat=target=lavapipe",)],
    # The feature examples of docs/: as written, and their L1.
    **{
        name: [(), ("--lower-to-coopmat",)]
        for name in (
            "batch_matmul.mlir",
            "chain.mlir",
            "conv.mlir",
            "matmul_dynamic.mlir",
            "matmul_epilogue.mlir",
            "matmul_generic.mlir",
            "matmul_tensor.mlir",
            "matmul_transposed.mlir",
        )
    },
}


def run_line_flags(line: str) -> tuple[str, ...] | None:
    """The flags of a RUN line whose first command prints IR, else None."""
    match = re.match(r"\s*// RUN: (.*)", line)
    if match is None:
        return None
    words = shlex.split(match.group(1).split("|")[0])
    if words[:1] != ["coopmlir-opt"] or "%s" not in words:
        return None
    if any(w.startswith(_NOT_IR) or "explain=true" in w or "%t" in w for w in words):
        return None
    return tuple(w for w in words[1:] if w not in _DROPPED)


def lit_output_cases() -> dict[str, tuple[Path, tuple[str, ...]]]:
    """Every case, named `file[:i]`: what the lit suites of test/passes and
    the example pipelines print."""
    cases: dict[str, tuple[Path, tuple[str, ...]]] = {}
    for path in sorted(PASSES.glob("*.mlir")):
        runs = []
        for line in path.read_text().splitlines():
            flags = run_line_flags(line)
            if flags is not None and flags not in runs:
                runs.append(flags)
        for i, flags in enumerate(runs):
            cases[f"{path.name}:{i}" if len(runs) > 1 else path.name] = (path, flags)
    for name, pipelines in EXAMPLE_PIPELINES.items():
        for i, flags in enumerate(pipelines):
            cases[f"examples/{name}:{i}"] = (EXAMPLES / name, flags)
    return cases
