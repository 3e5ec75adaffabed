"""Determinism (issue 9): the same input and options give byte-identical IR
after every pass and byte-identical SPIR-V, in separate processes with
different PYTHONHASHSEED values (set and dict orders, id() and hash-based
choices would show up here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S

# Each case: (source function, target, lower-to-coopmat options, coopmat flavors).
# The script prints, per case and stage, the IR text or the SPIR-V bytes (hex).
SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from support.pipeline_cases import Case
from support.matmul_programs import contraction_source
from xdsl.context import Context
from coopmlir.dialects.registry import parse_module
from coopmlir.passes.bufferize_matmul import BufferizeMatmul
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.spirv.serializer import serialize_to_binary

out = {}
for name, spec in json.loads(sys.argv[2]).items():
    case = Case(**spec["case"])
    source = (
        contraction_source(case.m, case.n, case.k, case.types,
                           transposed=case.transposed, batch=case.batch,
                           tensor=spec.get("tensor"))
        if spec.get("tensor") else case.source()
    )
    module = parse_module(source, "input.mlir")
    stages = {}
    if spec.get("tensor"):
        BufferizeMatmul().apply(Context(), module)
        stages["bufferize-matmul"] = str(module)
    LowerToCoopmat(**case.options()).apply(Context(), module)
    stages["lower-to-coopmat"] = str(module)
    for flavor in spec["flavors"]:
        converted = module.clone()
        ConvertToSpirv(coopmat=flavor).apply(Context(), converted)
        stages[f"convert-to-spirv {flavor}"] = str(converted)
        stages[f"spirv-bin {flavor}"] = serialize_to_binary(converted).hex()
    if spec.get("simt"):
        CoopmatToSimt().apply(Context(), module)
        stages["coopmat-to-simt"] = str(module)
        ConvertToSpirv().apply(Context(), module)
        stages["convert-to-spirv simt"] = str(module)
        stages["spirv-bin simt"] = serialize_to_binary(module).hex()
    out[name] = stages
print(json.dumps(out))
"""

CASES = {
    "h100 f16 ragged transposed": dict(
        case=dict(
            m=50,
            n=36,
            k=20,
            types="f16-f32",
            target="h100-vulkan",
            stages=2,
            transposed="ab",
        ),
        flavors=["khr", "nv"],
        simt=True,
    ),
    "h100 i8 batch": dict(
        case=dict(m=33, n=17, k=40, types="s8-s32", target="h100-vulkan", batch=2),
        flavors=["khr"],
    ),
    "lavapipe bf16 tensor": dict(
        case=dict(m=31, n=9, k=17, types="bf16-f32", target="lavapipe", stages=1),
        tensor="empty",
        flavors=[],
        simt=True,
    ),
    "generic heuristic": dict(
        case=dict(m=97, n=131, k=61, types="f16-f16", target="generic"),
        flavors=["khr"],
        simt=True,
    ),
}


def run_with_seed(seed: str) -> dict:
    here = Path(__file__).parents[1]  # test/python, where support/ lies
    env = dict(os.environ, PYTHONHASHSEED=seed)
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(here), json.dumps(CASES)],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_GUARD_S,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def runs() -> tuple[dict, dict]:
    return run_with_seed("1"), run_with_seed("4242")


@pytest.mark.parametrize("name", CASES)
def test_every_stage_is_byte_identical(runs, name):
    first, second = runs
    assert first[name].keys() == second[name].keys()
    for stage, text in first[name].items():
        assert text == second[name][stage], f"{name}: {stage} differs between runs"
    assert any(stage.startswith("spirv-bin") for stage in first[name])
