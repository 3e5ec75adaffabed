"""The cost model's choice against GPU measurements (issue 17: its top
choice should land within 10% of the tuned best).

The 21 cases of bench/model_vs_tuned.py, measured on an H200 on 2026-11-28
(issue 32) after two changes that moved the fastest configurations: C is
added after the K loop (256x256 f16 tiles of 8 subgroups stopped spilling
registers) and 8-bit operands need twice the tile intensity. The four
fastest configurations of each case and the model's own choice, a
configuration measured twice averaged:
bench/results/model-vs-tuned-h200-2026-11-28/rows.jsonl (`python
bench/model_vs_tuned.py --sweep model raster8 wide64 wide128 square256
tall256`). A choice counts only where it was measured: one measured below
90% of the best is a known miss, one never measured is listed with the
configuration to time next (`bash bench/h100.sh python3
bench/model_vs_tuned.py ...`); both lists are pinned, so that a change of
the model shows up here.

The rows marked `# 18th` are the f16->f32 choices of the model since the
eighteenth session (K tiles of 64 for a K-contiguous A, half the intensity
for sums in f32), timed on an H200 on 2026-11-29 by another harness
(bench/results/2026-11-29-seventeenth/layouts.py, eighteenth session's
calls 1 and 2) in the same run as the choices they replaced: those ran
there 0-6% faster than in the rows of 2026-11-28 (4096^3: 281 against
266.3), the new ones 0-17% faster than them but at 4095^3 (123 against
128).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from coopmlir.targets import Target, get_target
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
        f"tile=128x128x64 subgroups=2x4 {F16} raster=8": 283.0,  # 18th
        f"tile=128x256x32 subgroups=2x4 {F16}": 268.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 266.3,
        f"tile=64x256x32 subgroups=1x4 {F16}": 266.0,
    },
    ("f16->f32", "4095x4095x4095"): {
        f"tile=128x128x64 subgroups=2x4 {F16} raster=8": 123.0,  # 18th
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 129.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 125.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 49.1,
    },
    ("f16->f32", "8192x8192x8192"): {
        f"tile=128x128x64 subgroups=2x4 {F16} raster=8": 286.0,  # 18th
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 282.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 280.0,
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 280.0,
    },
    ("f16->f32", "3000x5000x2000"): {
        f"tile=128x128x32 subgroups=2x2 {F16} raster=8": 242.0,  # 18th
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 202.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 193.7,
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 144.0,
    },
    ("f16->f32", "128x4096x4096"): {
        f"tile=128x128x64 subgroups=2x4 {F16} split_k=4": 183.0,  # 18th
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=8": 122.0,
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 121.0,
        f"tile=128x128x32 subgroups=2x4 {F16} split_k=4": 121.0,
        f"tile=64x256x32 subgroups=1x4 {F16} split_k=4": 98.7,
    },
    ("f16->f32", "2048x2048x8192"): {
        f"tile=128x128x64 subgroups=2x4 {F16}": 287.0,  # 18th
        f"tile=256x128x32 subgroups=2x4 {F16}": 276.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 275.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 272.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 271.0,
    },
    ("f16->f32", "1024x1024x16384"): {
        f"tile=128x128x64 subgroups=2x4 {F16} split_k=2": 273.0,  # 18th
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=4": 246.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8 split_k=4": 239.0,
        f"tile=256x128x32 subgroups=2x4 {F16} split_k=4": 232.0,
        f"tile=256x128x32 subgroups=2x4 {F16} split_k=8": 221.0,
    },
    ("f16->f16", "4096x4096x4096"): {
        f"tile=256x256x32 subgroups=2x4 {F16}": 377.0,
        f"tile=256x256x32 subgroups=2x4 {F16} raster=8": 377.0,
        f"tile=64x256x32 subgroups=1x4 {F16}": 283.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 271.0,
    },
    ("f16->f16", "4095x4095x4095"): {
        f"tile=256x256x32 subgroups=2x4 {F16} raster=8": 162.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 139.0,
        f"tile=256x256x32 subgroups=2x4 {F16}": 130.5,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 127.0,
    },
    ("f16->f16", "8192x8192x8192"): {
        f"tile=256x256x32 subgroups=2x4 {F16} raster=8": 404.3,
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 297.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 286.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 283.0,
    },
    ("f16->f16", "3000x5000x2000"): {
        f"tile=256x256x32 subgroups=2x4 {F16} raster=8": 234.7,
        f"tile=64x256x32 subgroups=1x4 {F16} raster=8": 223.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8": 213.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 201.0,
    },
    ("f16->f16", "128x4096x4096"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=8": 123.0,
        f"tile=128x256x32 subgroups=2x4 {F16} raster=8 split_k=8": 123.0,
        f"tile=128x128x32 subgroups=2x4 {F16} split_k=4": 115.0,
        f"tile=64x256x32 subgroups=1x4 {F16} split_k=4": 107.0,
    },
    ("f16->f16", "2048x2048x8192"): {
        f"tile=64x256x32 subgroups=1x4 {F16}": 287.0,
        f"tile=256x128x32 subgroups=2x4 {F16}": 280.5,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8": 277.0,
        f"tile=128x256x32 subgroups=2x4 {F16}": 272.0,
    },
    ("f16->f16", "1024x1024x16384"): {
        f"tile=128x256x32 subgroups=2x4 {F16} split_k=4": 247.0,
        f"tile=256x128x32 subgroups=2x4 {F16} raster=8 split_k=4": 239.0,
        f"tile=256x128x32 subgroups=2x4 {F16} split_k=4": 232.3,
        f"tile=256x128x32 subgroups=2x4 {F16} split_k=8": 223.0,
    },
    ("i8->i32", "4096x4096x4096"): {
        f"tile=256x128x64 subgroups=2x4 {I8} raster=8": 334.3,
        f"tile=128x256x64 subgroups=2x4 {I8}": 287.0,
        f"tile=64x256x64 subgroups=1x4 {I8}": 283.0,
    },
    ("i8->i32", "4095x4095x4095"): {
        f"tile=256x128x64 subgroups=2x4 {I8} raster=8": 117.0,
        f"tile=128x256x64 subgroups=2x4 {I8}": 93.2,
        f"tile=64x256x64 subgroups=1x4 {I8}": 25.6,
    },
    ("i8->i32", "8192x8192x8192"): {
        f"tile=256x128x64 subgroups=2x4 {I8} raster=8": 357.0,
        f"tile=128x256x64 subgroups=2x4 {I8} raster=8": 305.0,
        f"tile=64x256x64 subgroups=1x4 {I8} raster=8": 298.0,
    },
    ("i8->i32", "3000x5000x2000"): {
        f"tile=256x128x64 subgroups=2x4 {I8} raster=8": 164.0,
        f"tile=128x256x64 subgroups=2x4 {I8} raster=8": 123.0,
        f"tile=64x256x64 subgroups=1x4 {I8} raster=8": 46.2,
    },
    ("i8->i32", "128x4096x4096"): {
        f"tile=128x128x64 subgroups=2x4 {I8} split_k=4": 142.0,
        f"tile=128x256x64 subgroups=2x4 {I8} raster=8 split_k=8": 140.0,
        f"tile=64x256x64 subgroups=1x4 {I8} split_k=4": 140.0,
        f"tile=128x256x64 subgroups=2x4 {I8} split_k=8": 138.7,
    },
    ("i8->i32", "2048x2048x8192"): {
        f"tile=256x128x64 subgroups=2x4 {I8} raster=8": 344.0,
        f"tile=256x128x64 subgroups=2x4 {I8}": 343.5,
        f"tile=128x256x64 subgroups=2x4 {I8}": 293.0,
        f"tile=64x256x64 subgroups=1x4 {I8}": 283.0,
    },
    ("i8->i32", "1024x1024x16384"): {
        f"tile=256x128x64 subgroups=2x4 {I8} raster=8 split_k=4": 308.0,
        f"tile=256x128x64 subgroups=2x4 {I8} split_k=4": 307.7,
        f"tile=256x128x64 subgroups=2x4 {I8} split_k=8": 286.0,
        f"tile=128x256x64 subgroups=2x4 {I8} split_k=4": 264.0,
    },
}

#: Choices measured below 90% of the best. f16->f16 4095^3: the model's
#: 256x256 tile in its default (row-major) order ran at 130.5 TFLOP/s, the
#: same tile with raster=8 at 162 (0.81): `default_raster` keeps row order
#: for a grid of 16 x 16 tiles, under two waves of 132.
KNOWN_MISSES: dict[tuple[str, str], str] = {
    ("f16->f16", "4095x4095x4095"): f"tile=256x256x32 subgroups=2x4 {F16}",
}

#: Choices not measured yet: the configurations to time on the H100 (none).
UNMEASURED: dict[tuple[str, str], str] = {}


def model_choice(types: str, shape: str, target: Target = H100) -> str:
    """The configuration lower-to-coopmat plans without options: the best
    candidate (split-K by the fill heuristic) and the default raster."""
    components, a_bytes, c_bytes, partials = TYPES[types]
    m, n, k = map(int, shape.split("x"))
    problem = Problem(m, n, k, a_bytes, c_bytes)
    configs = candidates(
        problem,
        target,
        target.shapes_for(components),
        split_k=None,
        split_shapes=target.shapes_for(partials),
        deep_k=True,  # a plain product (lower-to-coopmat's `_plain`)
    )
    config = choose(configs, problem, target)
    return str(replace(config, raster=default_raster(config, problem, target)))


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


def test_the_fastest_tiles_of_issue_32_are_chosen():
    """The H200 measurements of 2026-11-28: f16->f16 takes 256x256 tiles of
    2x4 subgroups (407 TFLOP/s at 8192^3, against 283-297 for the 128-row
    tiles chosen before); i8->i32 256x128 tiles of 2x4 (357 against 299 for
    128x128 in 2x2); 20 of the 21 cases land within 10% of the best."""
    assert model_choice("f16->f16", "8192x8192x8192").startswith(
        "tile=256x256x32 subgroups=2x4"
    )
    assert model_choice("i8->i32", "8192x8192x8192").startswith(
        "tile=256x128x64 subgroups=2x4"
    )
    assert model_choice("i8->i32", "4095x4095x4095").endswith("raster=8")
    # 4 subgroups of 32 f16 fragments stay rated down (193 TFLOP/s measured).
    assert "subgroups=2x2" not in model_choice("f16->f16", "2048x2048x8192")
    within = [
        case
        for case in MEASURED
        if MEASURED[case][model_choice(*case)] >= 0.9 * max(MEASURED[case].values())
    ]
    assert len(within) == len(MEASURED) - len(KNOWN_MISSES) == 20


def test_the_tile_overhead_moves_none_of_the_replayed_choices():
    """The fixed cost per tile (h100-vulkan's default, 9 K tiles) leaves
    every choice replayed here as without it (`tile-overhead=0`): it moves
    short-K products (GPT-2's K = 768, timed on an H200 in bench/RESULTS.md
    "Eleventh session"), and of these only f16->f32 3000x5000x2000 (since
    the eighteenth session): 128x128x32 in two 4-subgroup workgroups per
    SM, 242 TFLOP/s, where it would take 128x128x64 of 2x4 (timed as
    A B^T only: 216). Split-K slices are not charged it; when they were,
    it moved the 128x4096x4096 choices to untimed ones."""
    none = replace(H100, tile_overhead_k_tiles=0)
    assert H100.tile_overhead_k_tiles == 9
    moved = [c for c in MEASURED if model_choice(*c, none) != model_choice(*c)]
    assert moved == [("f16->f32", "3000x5000x2000")]
