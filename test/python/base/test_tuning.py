"""The autotuning cache (coopmlir.tuning) and lower-to-coopmat's `tune=`
option: an entry written for a (device, types, problem) is what a later
compilation of that problem uses; other problems keep the cost model;
options given to the pass win over the cache; a bad cache is a located
error (exit 1), never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support.lowering import parse
from support.pipeline_cases import Case
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.matching import match_matmul
from coopmlir.targets import TARGETS
from coopmlir.tuning import lookup, parse_options, read_cache, record, tuning_key

H100 = TARGETS["h100-vulkan"]
TUNED = "tile=64x64x32 subgroups=2x1 mma=16x8x16 stages=3 raster=4"


def key_of(case: Case) -> str:
    module = parse(case.source())
    op = next(o for o in module.walk() if o.name == "linalg.matmul")
    matmul = match_matmul(op)
    return tuning_key(H100, matmul.problem(), matmul.component_types)


def lowered_kernel(case: Case, **options) -> str:
    module = parse(case.source())
    LowerToCoopmat(target="h100-vulkan", **options).apply(Context(), module)
    return str(module)


def test_record_then_lookup(tmp_path):
    cache = str(tmp_path / "tune.json")
    assert read_cache(cache) == {}
    key = key_of(Case(256, 128, 64, "f16-f32", "h100-vulkan"))
    assert key == (
        "NVIDIA H100 through the Vulkan driver|f16*f16->f32|batch=1 256x128x64|NN"
    )
    record(cache, key, TUNED, tflops=1.5)
    assert lookup(cache, key) == parse_options(TUNED)
    assert read_cache(cache)[key] == {"options": TUNED, "tflops": 1.5}
    assert lookup(cache, key.replace("256x128", "128x256")) is None


def test_the_pass_uses_the_entry_for_its_problem_only(tmp_path):
    cache = str(tmp_path / "tune.json")
    tuned = Case(256, 128, 64, "f16-f32", "h100-vulkan")
    other = Case(256, 128, 96, "f16-f32", "h100-vulkan")
    record(cache, key_of(tuned), TUNED)
    # The entry's options give the same kernel as writing them out.
    assert lowered_kernel(tuned, tune=cache) == lowered_kernel(
        tuned, **parse_options(TUNED)
    )
    # No entry: the cost model's choice.
    assert lowered_kernel(other, tune=cache) == lowered_kernel(other)
    # An option given to the pass wins over the cache.
    assert lowered_kernel(tuned, tune=cache, stages=1) == lowered_kernel(
        tuned, **{**parse_options(TUNED), "stages": 1}
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "cannot be read"),
        (json.dumps({"version": 7}), "is not a version 1 cache"),
        (json.dumps({"version": 1, "entries": {"k": {}}}), "needs an 'options'"),
    ],
)
def test_a_bad_cache_is_an_error(tmp_path, content, message):
    cache = tmp_path / "tune.json"
    cache.write_text(content)
    case = Case(32, 32, 32, "f16-f32", "h100-vulkan")
    with pytest.raises(CompileError, match=message):
        lowered_kernel(case, tune=str(cache))


def test_a_bad_entry_is_a_located_error_on_the_command_line(tmp_path):
    case = Case(32, 32, 32, "f16-f32", "h100-vulkan")
    cache = tmp_path / "tune.json"
    entry = {"options": "tile=32x32x32 wibble=3"}
    cache.write_text(json.dumps({"version": 1, "entries": {key_of(case): entry}}))
    source = tmp_path / "matmul.mlir"
    source.write_text(case.source())
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "coopmlir.tools.coopmlir_opt",
            str(source),
            f"--lower-to-coopmat=target=h100-vulkan tune={cache}",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{source}:2:3: error: lower-to-coopmat: tuning cache" in result.stderr
    assert "'wibble=3' is not a tuned option" in result.stderr


def test_record_refuses_what_lookup_would_refuse(tmp_path):
    with pytest.raises(ValueError, match="stages must be an integer"):
        record(str(tmp_path / "t.json"), "k", "stages=two")
