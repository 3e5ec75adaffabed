"""The cost model's choice against H100 measurements (issue 17: its top choice
should land within 10% of the tuned best).

The 21 cases of bench/model_vs_tuned.py, measured on the H100 in
bench/results/2026-11-23/round4/model-vs-tuned.jsonl (the old model's choice
and the tuned best of each), plus the configurations of the same cases that
round2-f16.jsonl and round2-bf16-i8.jsonl measured (same device, same kernel
family; marked r2), and the new model's choices that neither had measured,
timed in model-vs-tuned-after.jsonl (marked r4b). A choice counts only where it was measured: one measured
below 90% of the best is a known miss, one never measured is listed with the
configuration to time next (`bash bench/h100.sh python3
bench/model_vs_tuned.py ...`); both lists are pinned, so that a change of the
model shows up here.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from coopmlir.targets import get_target
from coopmlir.tiling import Problem, candidates, choose, default_raster

H100 = get_target("h100-vulkan")

#: types -> (component types, A bytes, C bytes, split-K partial types).
TYPES = {
    "f16->f32": (("f16", "f16", "f32", "f32"), 2, 4, ("f16", "f16", "f32", "f32")),
    "f16->f16": (("f16", "f16", "f16", "f16"), 2, 2, ("f16", "f16", "f32", "f32")),
    "i8->i32": (("s8", "s8", "s32", "s32"), 1, 4, ("s8", "s8", "s32", "s32")),
}

F16 = "mma=16x16x16 stages=2"
I8 = "mma=16x16x32 stages=2"

#: (types, M x N x K) -> {configuration: measured TFLOP/s}.
MEASURED: dict[tuple[str, str], dict[str, float]] = {
    ("f16->f32", "4096x4096x4096"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 270.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 273.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 271.0,  # r2
    },
    ("f16->f32", "4095x4095x4095"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 109.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 78.2,  # r2
    },
    ("f16->f32", "8192x8192x8192"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 289.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 293.0,
    },
    ("f16->f32", "3000x5000x2000"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 88.4,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 113.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 87.6,  # r2
    },
    ("f16->f32", "128x4096x4096"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 106.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=8": 107.0,
    },
    ("f16->f32", "2048x2048x8192"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 285.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 292.0,
    },
    ("f16->f32", "1024x1024x16384"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=4": 246.0,
    },
    ("f16->f16", "4096x4096x4096"): {
        f"tile=256x256x32 subgroups=4x2 {F16}": 265.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 288.0,
        f"tile=256x256x32 subgroups=4x2 {F16} raster=8": 265.0,  # r2
    },
    ("f16->f16", "4095x4095x4095"): {
        f"tile=256x256x32 subgroups=4x2 {F16}": 115.0,
        f"tile=256x256x32 subgroups=4x2 {F16} raster=8": 127.0,
    },
    ("f16->f16", "8192x8192x8192"): {
        f"tile=256x256x32 subgroups=4x2 {F16}": 288.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 302.0,
        f"tile=256x256x32 subgroups=4x2 {F16} raster=8": 290.0,  # r2
    },
    ("f16->f16", "3000x5000x2000"): {
        f"tile=256x256x32 subgroups=4x2 {F16}": 189.0,
        f"tile=256x256x32 subgroups=4x2 {F16} raster=8": 190.0,
    },
    ("f16->f16", "128x4096x4096"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 107.0,
    },
    ("f16->f16", "2048x2048x8192"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 285.0,  # r4b
        f"tile=128x256x32 subgroups=2x2 {F16}": 185.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 285.0,
    },
    ("f16->f16", "1024x1024x16384"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=4": 247.0,
    },
    ("i8->i32", "4096x4096x4096"): {
        f"tile=128x128x64 subgroups=2x2 {I8}": 282.0,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 285.0,  # r2
    },
    ("i8->i32", "4095x4095x4095"): {
        f"tile=128x128x64 subgroups=2x2 {I8}": 32.6,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 53.5,
    },
    ("i8->i32", "8192x8192x8192"): {
        f"tile=128x128x64 subgroups=2x2 {I8}": 299.0,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 306.0,  # r2
    },
    ("i8->i32", "3000x5000x2000"): {
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 55.3,  # r4b
        f"tile=128x128x64 subgroups=2x2 {I8}": 55.1,
        "tile=64x64x64 subgroups=2x2 mma=16x16x32 stages=3": 57.1,
    },
    ("i8->i32", "128x4096x4096"): {
        f"tile=64x64x64 subgroups=1x1 {I8}": 60.0,
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=4": 139.0,
    },
    ("i8->i32", "2048x2048x8192"): {
        f"tile=128x128x64 subgroups=2x2 {I8}": 283.0,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 284.0,
    },
    ("i8->i32", "1024x1024x16384"): {
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=2": 233.0,  # r4b
        f"tile=64x128x64 subgroups=1x2 {I8}": 114.0,
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=4": 256.0,
    },
}

#: Choices measured below 90% of the best (the tuned best: 128x128x32 2x2
#: stages=3 raster=8, 113 TFLOP/s; the model keeps 128x256 tiles).
KNOWN_MISSES = {
    ("f16->f32", "3000x5000x2000"): f"tile=128x256x32 subgroups=2x4 {F16} raster=8",
}

#: Choices not measured yet: the configurations to time on the H100 (none
#: since model-vs-tuned-after.jsonl).
UNMEASURED: dict[tuple[str, str], str] = {}


def model_choice(types: str, shape: str) -> str:
    """The configuration lower-to-coopmat plans without options: the best
    candidate (split-K by the fill heuristic) and the default raster."""
    components, a_bytes, c_bytes, partials = TYPES[types]
    m, n, k = map(int, shape.split("x"))
    problem = Problem(m, n, k, a_bytes, c_bytes)
    configs = candidates(
        problem,
        H100,
        H100.shapes_for(components),
        split_k=None,
        split_shapes=H100.shapes_for(partials),
    )
    config = choose(configs, problem, H100)
    return str(replace(config, raster=default_raster(config, problem, H100)))


@pytest.mark.parametrize("case", list(MEASURED), ids=" ".join)
def test_choice_is_within_10_percent_of_the_measured_best(case):
    measured = MEASURED[case]
    best = max(measured.values())
    choice = model_choice(*case)
    if case in UNMEASURED:
        assert choice == UNMEASURED[case]
        assert choice not in measured  # measured now: move it to MEASURED
    elif case in KNOWN_MISSES:
        assert choice == KNOWN_MISSES[case]
        assert measured[choice] < 0.9 * best
    else:
        assert choice in measured, f"{choice} was not measured"
        assert measured[choice] >= 0.9 * best


def test_the_old_misses_are_fixed():
    """Four of the five cases the old model missed (model-vs-tuned.jsonl:
    0.65, 0.61, 0.43, 0.445 of the best) now pick the best or an unmeasured
    configuration of the best's tile."""
    assert model_choice("i8->i32", "4095x4095x4095").endswith("raster=8")
    assert model_choice("i8->i32", "128x4096x4096") == (
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=4"
    )
    assert "tile=128x128x64 subgroups=2x2" in model_choice("i8->i32", "1024x1024x16384")
    assert "subgroups=2x2" not in model_choice("f16->f16", "2048x2048x8192")
    within = [
        case
        for case in MEASURED
        if case not in UNMEASURED | KNOWN_MISSES
        and MEASURED[case][model_choice(*case)] >= 0.9 * max(MEASURED[case].values())
    ]
    assert len(within) == 20
