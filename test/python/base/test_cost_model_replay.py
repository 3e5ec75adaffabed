"""The cost model's choice against H100 measurements (issue 17: its top choice
should land within 10% of the tuned best).

The 21 cases of bench/model_vs_tuned.py. 19 were measured on 2026-11-24
after ragged static sizes got the interior fast path (which changed the
ragged kernels) and the accumulator-fragment penalty became linear:
bench/results/2026-11-24/model-vs-tuned-rows.jsonl, the four fastest
configurations of each case, a configuration measured twice averaged. The
other two (i8->i32 2048x2048x8192 and 1024x1024x16384: aligned sizes, so
the same kernels) and one row of i8->i32 128x4096x4096 come from the day
before (marked r4: bench/results/2026-11-23/round4/model-vs-tuned*.jsonl).
A choice counts only where it was measured: one measured below 90% of the
best is a known miss, one never measured is listed with the configuration
to time next (`bash bench/h100.sh python3 bench/model_vs_tuned.py ...`);
both lists are pinned, so that a change of the model shows up here.
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
        f"tile=64x256x32 subgroups=1x4 {F16}": 272.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 271.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 268.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 164.0,
    },
    ("f16->f32", "4095x4095x4095"): {
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 132.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 122.0,
        "tile=64x64x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 69.9,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 65.0,
    },
    ("f16->f32", "8192x8192x8192"): {
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 294.5,
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 292.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 172.0,
        "tile=64x64x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 116.0,
    },
    ("f16->f32", "3000x5000x2000"): {
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 192.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 126.0,
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 125.0,
        "tile=64x64x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 95.2,
    },
    ("f16->f32", "128x4096x4096"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 106.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=8": 106.0,
        f"tile=128x128x32 subgroups=2x2 {F16} split_k=4": 101.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8 split_k=4": 98.4,
    },
    ("f16->f32", "2048x2048x8192"): {
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 290.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 287.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 284.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 169.0,
    },
    ("f16->f32", "1024x1024x16384"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=4": 245.5,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=4": 246.0,
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 222.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8 split_k=2": 159.0,
    },
    ("f16->f16", "4096x4096x4096"): {
        f"tile=64x256x32 subgroups=1x4 {F16}": 286.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 279.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 278.0,
        f"tile=256x256x32 subgroups=4x2 {F16}": 264.0,
    },
    ("f16->f16", "4095x4095x4095"): {
        f"tile=128x256x32 subgroups=2x4 {F16}": 137.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 135.0,
        f"tile=256x256x32 subgroups=4x2 {F16}": 134.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 88.2,
    },
    ("f16->f16", "8192x8192x8192"): {
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 304.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 298.5,
        f"tile=256x256x32 subgroups=4x2 {F16} raster=8": 286.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 173.0,
    },
    ("f16->f16", "3000x5000x2000"): {
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 210.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 204.0,
        f"tile=256x256x32 subgroups=4x2 {F16} raster=8": 184.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 131.0,
    },
    ("f16->f16", "128x4096x4096"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 107.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=8": 106.0,
        f"tile=128x128x32 subgroups=2x2 {F16} split_k=4": 102.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8 split_k=4": 98.9,
    },
    ("f16->f16", "2048x2048x8192"): {
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 291.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 287.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 285.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8": 170.0,
    },
    ("f16->f16", "1024x1024x16384"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=4": 246.5,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=4": 246.0,
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 224.0,
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=3 raster=8 split_k=2": 160.0,
    },
    ("i8->i32", "4096x4096x4096"): {
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 281.0,
        f"tile=64x256x64 subgroups=1x4 {I8}": 281.0,
        "tile=128x128x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 235.0,
        "tile=64x64x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 138.0,
    },
    ("i8->i32", "4095x4095x4095"): {
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 77.5,
        "tile=128x128x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 52.7,
        "tile=64x64x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 51.6,
        f"tile=64x256x64 subgroups=1x4 {I8}": 24.9,
    },
    ("i8->i32", "8192x8192x8192"): {
        f"tile=64x256x64 subgroups=1x4 {I8} raster=8": 303.0,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 301.0,
        "tile=128x128x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 247.0,
        "tile=64x64x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 145.0,
    },
    ("i8->i32", "3000x5000x2000"): {
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 111.0,
        "tile=128x128x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 85.2,
        "tile=64x64x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8": 72.2,
        f"tile=64x256x64 subgroups=1x4 {I8} raster=8": 43.9,
    },
    ("i8->i32", "128x4096x4096"): {
        "tile=128x128x64 subgroups=2x2 mma=16x16x32 stages=3 raster=8 split_k=4": 141.0,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8 split_k=4": 140.0,
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=4": 138.0,
        "tile=64x64x64 subgroups=2x2 mma=16x16x32 stages=3": 114.0,
        f"tile=64x64x64 subgroups=1x1 {I8}": 60.0,  # r4
    },
    ("i8->i32", "2048x2048x8192"): {  # r4
        f"tile=128x128x64 subgroups=2x2 {I8}": 283.0,
        f"tile=128x128x64 subgroups=2x2 {I8} raster=8": 284.0,
    },
    ("i8->i32", "1024x1024x16384"): {  # r4
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=2": 233.0,  # r4b
        f"tile=64x128x64 subgroups=1x2 {I8}": 114.0,
        f"tile=128x128x64 subgroups=2x2 {I8} split_k=4": 256.0,
    },
}

#: Choices measured below 90% of the best: none since 2026-11-24 (the last
#: one, f16->f32 3000x5000x2000 at 0.77 of the best, ran at 88 TFLOP/s with
#: every staged copy checked; with the interior branch it is the best, 192).
KNOWN_MISSES: dict[tuple[str, str], str] = {}

#: Choices not measured yet: the configurations to time on the H100 (none).
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
    """The five cases the model of 2026-11-23 missed (model-vs-tuned.jsonl:
    0.65, 0.61, 0.43, 0.445 and 0.78 of the best) pick the best or within 10%
    of it, and so do all 21."""
    assert model_choice("i8->i32", "4095x4095x4095").endswith("raster=8")
    assert model_choice("i8->i32", "128x4096x4096").startswith(
        "tile=128x128x64 subgroups=2x2"
    )
    assert "tile=128x128x64 subgroups=2x2" in model_choice("i8->i32", "1024x1024x16384")
    assert "subgroups=2x2" not in model_choice("f16->f16", "2048x2048x8192")
    # f16->f16 no longer takes 256x256 tiles of 32 fragments per subgroup.
    assert "tile=256x256" not in model_choice("f16->f16", "8192x8192x8192")
    within = [
        case
        for case in MEASURED
        if MEASURED[case][model_choice(*case)] >= 0.9 * max(MEASURED[case].values())
    ]
    assert len(within) == len(MEASURED) == 21
