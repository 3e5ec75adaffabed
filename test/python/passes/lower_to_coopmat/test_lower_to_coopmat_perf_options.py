"""The performance options of lower-to-coopmat (issue 17), each against the
interpreter's L0, through L1 and L2, spirv-val (KHR and NV) and, for SIMT
targets, lavapipe:

- stages=3: two workgroup buffers per operand, one barrier per K tile
  (passes/lower_to_coopmat/k_loop.py); one, two and many K tiles,
  ragged M/N/K, transposed operands, batches, every type;
- stages=4: register prefetch two K tiles ahead (matmul_kernel.py); the
  same, the peeled last K tile, the interior branch and split-K slices;
- raster=G: grouped workgroup order (raster.py), whole and partial groups,
  and the cost model's default order when none is given;
- accumulator_bytes: the register budget of the tiling.
"""

from __future__ import annotations

import pytest
from support.device_runs import lavapipe
from support.lowering import parse
from support.pipeline_cases import Case, check_case
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.targets import TARGETS
from coopmlir.tiling import Problem, TileConfig

H100 = "h100-vulkan"

MULTI_BUFFERED = [
    # one K tile (no loop), two (one iteration), five (buffers alternate)
    Case(32, 32, 16, "f16-f32", H100, tile="32x32x16", subgroups="2x1", stages=3),
    Case(32, 32, 32, "f16-f32", H100, tile="32x32x16", subgroups="2x1", stages=3),
    Case(32, 48, 80, "f16-f16", H100, tile="32x16x16", subgroups="1x1", stages=3),
    # ragged M, N and K: the copies clamp and zero-fill both buffers
    Case(37, 29, 71, "f16-f32", H100, tile="32x32x32", subgroups="2x2", stages=3),
    Case(33, 20, 45, "bf16-f32", H100, tile="32x16x16", subgroups="2x1", stages=3),
    Case(31, 40, 100, "s8-s32", H100, tile="16x32x32", subgroups="1x2", stages=3),
    Case(40, 24, 96, "u8-u32", H100, tile="32x16x32", subgroups="2x1", stages=3),
    # transposed operands keep their orientation in both buffers; batches
    Case(32, 48, 64, "f16-f32", H100, "ab", tile="32x16x16", stages=3),
    Case(24, 40, 48, "f16-f32", H100, "abc", named=False, batch=3, stages=3),
    # SIMT targets: L2 runs on lavapipe
    Case(20, 12, 40, "f32-f32", "lavapipe", tile="16x8x8", subgroups="2x1", stages=3),
    Case(16, 24, 33, "f16-f32", "lavapipe", "b", tile="16x8x16", stages=3),
    Case(16, 16, 48, "bf16-f32", "lavapipe", tile="16x16x16", stages=3),
]

PREFETCHED_TWO_AHEAD = [
    # one, two, three (one loop trip) and five K tiles
    Case(32, 32, 16, "f16-f32", H100, tile="32x32x16", subgroups="2x1", stages=4),
    Case(32, 32, 32, "f16-f32", H100, tile="32x32x16", subgroups="2x1", stages=4),
    Case(32, 32, 48, "f16-f32", H100, tile="32x32x16", subgroups="2x1", stages=4),
    Case(32, 48, 80, "f16-f16", H100, tile="32x16x16", subgroups="1x1", stages=4),
    # ragged K: the peeled fetch of the last tile with one, two, three and
    # seven tiles; ragged M and N, and interior tiles (the scf.if) with them
    Case(32, 32, 9, "f16-f32", H100, tile="32x32x16", subgroups="2x1", stages=4),
    Case(33, 20, 20, "f16-f32", H100, tile="32x16x16", subgroups="2x1", stages=4),
    Case(37, 29, 71, "f16-f32", H100, tile="32x32x32", subgroups="2x2", stages=4),
    Case(70, 45, 100, "f16-f32", H100, tile="32x16x16", subgroups="2x1", stages=4),
    # every type
    Case(33, 20, 45, "bf16-f32", H100, tile="32x16x16", subgroups="2x1", stages=4),
    Case(31, 40, 100, "s8-s32", H100, tile="16x32x32", subgroups="1x2", stages=4),
    Case(40, 24, 96, "u8-u32", H100, tile="32x16x32", subgroups="2x1", stages=4),
    Case(48, 32, 130, "f16-f16", H100, tile="16x32x32", subgroups="1x2", stages=4),
    # transposed operands (indexing maps, named ops), batches
    Case(32, 48, 64, "f16-f32", H100, "ab", tile="32x16x16", stages=4),
    Case(40, 24, 56, "f16-f32", H100, "a", named=True, tile="16x16x16", stages=4),
    Case(24, 40, 48, "f16-f32", H100, "abc", batch=3, stages=4),
    # split-K: slices of 5 tiles past K (13, all checked), of 3 tiles that
    # end at K (12, peeled), of 2 tiles past K, of 2 ending at K (peeled),
    # of one tile, and of 5 whole tiles
    Case(16, 16, 200, "f16-f32", H100, tile="16x16x16", stages=4, split_k=3),
    Case(16, 16, 190, "f16-f32", H100, tile="16x16x16", stages=4, split_k=4),
    Case(16, 16, 100, "f16-f32", H100, tile="16x16x16", stages=4, split_k=5),
    Case(16, 16, 60, "f16-f16", H100, tile="16x16x16", stages=4, split_k=2),
    Case(16, 32, 192, "s8-s32", H100, tile="16x32x32", stages=4, split_k=6),
    Case(
        20, 16, 160, "f16-f32", H100, "b", batch=2, tile="16x16x16", stages=4, split_k=2
    ),
    # SIMT targets: L2 runs on lavapipe
    Case(20, 12, 40, "f32-f32", "lavapipe", tile="16x8x8", subgroups="2x1", stages=4),
    Case(16, 24, 33, "f16-f32", "lavapipe", "b", tile="16x8x16", stages=4),
    Case(16, 16, 48, "bf16-f32", "lavapipe", tile="16x16x16", stages=4),
]

RASTERED = [
    # 4 x 3 tiles in groups of 2 rows (whole groups) and 3 rows (4 % 3: the
    # last group has one row); group larger than the grid
    Case(64, 48, 32, "f16-f32", H100, tile="16x16x16", subgroups="1x1", raster=2),
    Case(64, 48, 32, "f16-f32", H100, tile="16x16x16", subgroups="1x1", raster=3),
    Case(61, 45, 20, "f16-f16", H100, tile="16x16x16", stages=3, raster=3),
    Case(50, 40, 16, "s8-s32", H100, tile="16x16x32", raster=64),
    Case(24, 40, 16, "f16-f32", H100, "a", batch=2, tile="16x16x16", raster=2),
    Case(40, 24, 24, "f32-f32", "lavapipe", tile="8x8x8", subgroups="1x1", raster=3),
    # no raster option: 10 x 2 tiles on lavapipe's 8 units, the cost model's
    # default order (tiling.default_raster) is groups of 8 rows, the last of 2
    Case(80, 16, 24, "f32-f32", "lavapipe", tile="8x8x8", subgroups="1x1"),
]


OPTION_CASES = MULTI_BUFFERED + PREFETCHED_TWO_AHEAD + RASTERED


@pytest.mark.parametrize("case", OPTION_CASES, ids=repr)
def test_option_agrees_with_the_interpreter(case: Case):
    outcome = check_case(case, simt_spirv=False)
    # Only the NV branch may refuse (no NV integer or bf16 matrices).
    assert set(outcome.refusals) <= {"NV integer matrices", "NV bf16 matrices"}
    assert "L1" in outcome.levels and "L2" in outcome.levels
    assert outcome.modules >= 1


@pytest.mark.parametrize(
    "case", [c for c in OPTION_CASES if c.target == "lavapipe"], ids=repr
)
def test_option_runs_on_lavapipe(case: Case):
    require_vulkan()
    outcome = check_case(case, device=lavapipe())
    assert outcome.device_runs == 1


def test_stages_3_doubles_workgroup_memory():
    config = TileConfig(128, 128, 32, 2, 2, 16, 16, 16, 2)
    double = TileConfig(128, 128, 32, 2, 2, 16, 16, 16, 3)
    assert double.shared_memory_bytes(2) == 2 * config.shared_memory_bytes(2)


def test_accumulator_bytes_admits_the_talks_256x256_f16_f32_tile():
    # 8 subgroups of 128x64: 32 f32 fragments, 1024 bytes per work-item.
    problem = Problem(4096, 4096, 4096, 2, 4)
    config = TileConfig(256, 256, 32, 4, 2, 16, 16, 16, 2)
    assert config.accumulator_bytes(32, 4) == 1024 > TARGETS[H100].accumulator_bytes
    source = Case(4096, 4096, 4096, "f16-f32", H100).source()
    options = dict(target=H100, tile="256x256x32", subgroups="4x2", mma="16x16x16")
    with pytest.raises(CompileError, match="accumulator registers"):
        LowerToCoopmat(**options).apply(Context(), parse(source))
    module = parse(source)
    LowerToCoopmat(**options, accumulator_bytes=1024).apply(Context(), module)
    assert problem.m == 4096 and "gpu.launch_func" in str(module)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(raster=0), "raster and accumulator_bytes must be positive"),
        (dict(accumulator_bytes=0), "raster and accumulator_bytes must be positive"),
        (dict(stages=5), "stages=5 must be 0, 1, 2, 3 or 4"),
    ],
)
def test_bad_options_are_errors(options, message):
    source = Case(32, 32, 32, "f16-f32", H100).source()
    with pytest.raises(CompileError, match=message):
        LowerToCoopmat(target=H100, **options).apply(Context(), parse(source))
