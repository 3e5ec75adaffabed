"""The MLIR peer suite (test/mlir-peer/, issue 27 part 7): MLIR's own test
files, vendored unedited, against coopmlir. Each file is split at `// -----`
as mlir-opt's `--split-input-file` splits it; a chunk that mlir-opt-22
accepts (parses and verifies) coopmlir must accept too, and take through the
file's `passes` (or serialize it, in the file's `serialize_in` module); a chunk with `expected-error` that mlir-opt-22 rejects,
coopmlir rejects with a located error; each `run` agrees on the interpreter
before and after its pipeline. peer.toml lists the files, their origin and
what is known not to work yet (README.md)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
import tomllib
from support.error_model import assert_close
from support.lowering import interpreted, lowered
from support.mlir_tools import MLIR_OPT, run_mlir
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.dialects.spirv.structure import ModuleOp as SpirvModule
from coopmlir.interpreter.values import numpy_dtype
from coopmlir.spirv import tools
from coopmlir.spirv.serializer import serialize_to_binary

ROOT = Path(__file__).parents[3]
PEER = ROOT / "test" / "mlir-peer"
MANIFEST = tomllib.loads((PEER / "peer.toml").read_text())["file"]
#: mlir-opt's `--split-input-file` marker: a line that is `// -----`.
SPLIT = re.compile(r"^// -----\s*$", re.MULTILINE)


def chunks(text: str) -> list[str]:
    return SPLIT.split(text)


def _chunk_cases():
    for entry in MANIFEST:
        for i, chunk in enumerate(chunks((PEER / entry["path"]).read_text())):
            yield pytest.param(entry, i, chunk, id=f"{entry['path']}#{i}")


def test_manifest_lists_every_file_with_its_origin():
    # linalg/ runs under lit with coopmlir RUN lines (its README, lit.local.cfg)
    on_disk = {
        str(p.relative_to(PEER))
        for p in PEER.rglob("*.mlir")
        if p.relative_to(PEER).parts[0] != "linalg"
    }
    listed = [entry["path"] for entry in MANIFEST]
    assert sorted(listed) == sorted(on_disk)
    readme = (PEER / "README.md").read_text()
    for entry in MANIFEST:
        assert entry["origin"].startswith("mlir/test/"), entry
        assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"]), entry
        assert entry["path"] in readme, f"{entry['path']}: not in README.md"


def _coopmlir_accepts(chunk: str) -> None:
    parse_module(chunk, "peer.mlir").verify()


@pytest.mark.parametrize(("entry", "index", "chunk"), list(_chunk_cases()))
def test_coopmlir_accepts_what_mlir_accepts(entry, index, chunk):
    mlir = run_mlir(MLIR_OPT, "-", stdin=chunk)
    gap = entry.get("gaps", {}).get(str(index))
    if mlir.returncode != 0:
        assert "expected-error" in chunk, f"mlir-opt-22 rejects it:\n{mlir.stderr}"
        with pytest.raises((ParseError, VerifyException, DiagnosticException)):
            _coopmlir_accepts(chunk)
        return
    if gap is not None:
        with pytest.raises((ParseError, VerifyException, CompileError)):
            _coopmlir_accepts(chunk)
        pytest.xfail(gap)
    _coopmlir_accepts(chunk)
    if "passes" in entry:
        lowered(chunk, entry["passes"]).verify()
    if "serialize_in" in entry:
        _serializes(chunk, entry["serialize_in"], entry.get("serialize_env", "spv1.6"))


def _serializes(chunk: str, module_head: str, target_env: str) -> None:
    """The chunk's spirv.funcs inside `module_head ... }` (its type aliases
    kept in front) serialize to a binary spirv-val accepts for `target_env`."""
    lines = chunk.splitlines()
    aliases = [line for line in lines if line.startswith("!")]
    body = [line for line in lines if not line.startswith("!")]
    text = "\n".join([*aliases, module_head, *body, "}"])
    (module,) = [op for op in parse_module(text).walk() if isinstance(op, SpirvModule)]
    tools.validate(serialize_to_binary(module), target_env=target_env)


def _random_inputs(module, function: str) -> list[np.ndarray]:
    from coopmlir.interpreter import find_function

    rng = np.random.default_rng(0)
    inputs = []
    for arg in find_function(module, function).body.block.args:
        shape = arg.type.get_shape()
        dtype = numpy_dtype(arg.type)
        if np.issubdtype(dtype, np.integer):
            inputs.append(rng.integers(-8, 8, shape).astype(dtype))
        else:
            inputs.append(rng.standard_normal(shape).astype(dtype))
    return inputs


def run_case(text: str, run: dict) -> None:
    """`run`'s function on the interpreter before and after its pipeline."""
    chunk = chunks(text)[run.get("chunk", 0)]
    before = lowered(chunk, run["before"]) if run.get("before") else parse_module(chunk)
    after = lowered(
        chunk, ",".join(p for p in (run.get("before"), run["pipeline"]) if p)
    )
    inputs = _random_inputs(before, run["function"])
    want = interpreted(before, run["function"], inputs)
    got = interpreted(after, run["function"], inputs)
    for g, w in zip(got, want, strict=True):
        tolerance = 0 if np.issubdtype(w.dtype, np.integer) else 1e-3 * (1 + np.abs(w))
        assert_close(g, w, tolerance)


@pytest.mark.parametrize(
    ("entry", "run"),
    [
        pytest.param(entry, run, id=f"{entry['path']}:{run['function']}")
        for entry in MANIFEST
        for run in entry.get("run", [])
    ],
)
def test_runs_agree_on_the_interpreter(entry, run):
    run_case((PEER / entry["path"]).read_text(), run)


def test_run_case_compares_before_and_after():
    """The runner itself, on a WMMA kernel: converted to coopmat, then to
    SIMT, the interpreter gives the same C."""
    text = (ROOT / "examples" / "wmma_matmul.mlir").read_text()
    run_case(
        text,
        {
            "function": "main",
            "before": "convert-gpu-mma-to-coopmat",
            "pipeline": "coopmat-to-simt{subgroup-size=8}",
        },
    )


@pytest.mark.parametrize(
    "name",
    [
        "gpu/subgroup-mma-invalid.mlir",
        "spirv/coopmatrix-khr-memory-operands-invalid.mlir",
    ],
)
def test_mlir_agrees_with_coopmlirs_invalid_cases(name):
    """coopmlir's verifier messages for the gpu.subgroup_mma_* ops and the
    KHR memory operands are MLIR's: mlir-opt-22 --verify-diagnostics passes
    coopmlir's invalid files."""
    path = ROOT / "test" / "dialects" / name
    result = run_mlir(MLIR_OPT, str(path), "--split-input-file", "--verify-diagnostics")
    assert result.returncode == 0, result.stderr
