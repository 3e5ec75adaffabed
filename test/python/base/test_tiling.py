"""coopmlir.tiling: the cost model of NVIDIA's matrix-multiplication performance guide and the heuristic built on it."""

from __future__ import annotations

import dataclasses

import pytest

from coopmlir.targets import get_target
from coopmlir.tiling import (
    Problem,
    TileConfig,
    candidates,
    check,
    choose,
    estimate,
    needed_intensity,
    parse_dims,
)

H100 = get_target("h100-vulkan")
F16_F32 = ("f16", "f16", "f32", "f32")
# The NVIDIA matrix-multiplication performance guide's GPU: an A100 with 108 SMs running one 256x128 tile each.
A100 = dataclasses.replace(H100, name="a100", compute_units=108)


def tile(tm, tn, tk=32, sm=4, sn=2, mma=(16, 16, 16), stages=1) -> TileConfig:
    return TileConfig(tm, tn, tk, sm, sn, *mma, stages)


def test_arithmetic_intensity_matches_document_004():
    # "8192 x 128 x 8192 ... 124.1 FLOPS/B"; "8192^3 ... 2730" (2-byte data).
    assert Problem(8192, 128, 8192, 2, 2).arithmetic_intensity() == pytest.approx(
        124.1, abs=0.05
    )
    assert Problem(8192, 8192, 8192, 2, 2).arithmetic_intensity() == pytest.approx(
        2730.7, abs=0.05
    )


def test_wave_quantization_worked_example():
    # M = 2304, K = 4096, 256x128 tiles: N = 1536 is one full wave of 108.
    full = estimate(Problem(2304, 1536, 4096, 2, 2), tile(256, 128), A100)
    assert (full.tiles, full.waves, full.tail_tiles) == (108, 1, 0)
    assert full.wave_efficiency == 1.0
    # N = 1544 adds a 13th tile per row: 117 tiles, a tail wave of 9.
    tail = estimate(Problem(2304, 1544, 4096, 2, 2), tile(256, 128), A100)
    assert (tail.tiles, tail.waves, tail.tail_tiles) == (117, 2, 9)
    assert tail.wave_efficiency == pytest.approx(117 / 216)
    # N up to 1664 keeps the same tiles, so the same waves.
    assert estimate(Problem(2304, 1664, 4096, 2, 2), tile(256, 128), A100).tiles == 117


def test_tile_quantization_worked_example():
    # M = 27648, 256x128 tiles: N = 136 launches 2 tile columns, 136/256 useful.
    est = estimate(Problem(27648, 136, 4096, 2, 2), tile(256, 128), A100)
    assert est.tile_efficiency == pytest.approx(136 / 256)
    assert (
        estimate(Problem(27648, 128, 4096, 2, 2), tile(256, 128), A100).tile_efficiency
        == 1.0
    )


def test_larger_tiles_have_higher_intensity():
    # The performance guide's list, most to least efficient.
    order = [(256, 128), (128, 128), (128, 64), (64, 64)]
    problem = Problem(4096, 4096, 4096, 2, 4)
    values = [estimate(problem, tile(m, n), H100).intensity for m, n in order]
    assert values == sorted(values, reverse=True)
    assert values[-1] == pytest.approx(2 * 64 * 64 / (128 * 2))


@pytest.mark.parametrize(
    "mnk", [(4096, 4096, 4096), (2304, 1536, 4096), (8192, 128, 8192)]
)
def test_choice_is_the_cost_models_best(mnk):
    problem = Problem(*mnk, a_bytes=2, c_bytes=4)
    configs = candidates(problem, H100, H100.shapes_for(F16_F32))
    chosen = choose(configs, problem, H100)
    best = max(estimate(problem, c, H100).efficiency for c in configs)
    assert estimate(problem, chosen, H100).efficiency == best
    assert check(chosen, problem, H100) is None


def test_representative_choices():
    def best(m, n, k):
        problem = Problem(m, n, k, 2, 4)
        configs = candidates(problem, H100, H100.shapes_for(F16_F32))
        return choose(configs, problem, H100)

    # Big square, f16 -> f32 in K tiles of 32: 128x128 tiles need the
    # intensity of 16-bit operands summed in f32 (F32_SUM_INTENSITY), and
    # two 4-subgroup workgroups share an SM (the H200: 290 TFLOP/s at
    # 4096^3 against 273 for 256x128 of 2x4, bench/RESULTS.md "Eleventh
    # session"); i8 keeps 256x128 (test_cost_model_replay.py).
    square = best(4096, 4096, 4096)
    assert (square.tile[:2], square.subgroups) == ((128, 128), (2, 2))
    # Skinny N = 128: smaller tiles (128 of them) fill the 132 compute units;
    # 256x128 would leave 100 idle (wave quantization).
    skinny = best(8192, 128, 8192)
    assert skinny.tile_m * skinny.tile_n == 128 * 64
    assert estimate(Problem(8192, 128, 8192, 2, 4), skinny, H100).tiles == 128
    # Every choice of the heuristic prefetches when K has several tiles.
    assert best(4096, 4096, 4096).stages == 2


def test_check_names_the_problem():
    problem = Problem(64, 64, 64, 2, 4)
    not_multiple = tile(48, 64, sm=2, sn=2)
    assert "not a multiple of the coopmat shape 16x16x16" in check(
        not_multiple, problem, H100
    )
    too_big = tile(256, 256, tk=64, sm=4, sn=2)
    assert (
        "needs 78848 bytes of workgroup memory, more than h100-vulkan's 49152 "
        "(8192 of them for checked fragments)"
    ) in check(too_big, problem, H100)
    huge_group = tile(256, 256, sm=8, sn=8)
    assert "workgroup of 2048, more than h100-vulkan's 1024" in check(
        huge_group, problem, H100
    )
    assert "stages=5" in check(tile(64, 64, stages=5), problem, H100)
    # Without staging nothing lives in workgroup memory.
    assert check(dataclasses.replace(too_big, stages=0), problem, H100) is None


def test_config_derived_sizes():
    config = tile(256, 128, tk=32, sm=4, sn=2, stages=2)
    assert (config.frags_m, config.frags_n) == (4, 4)
    assert config.workgroup_size(32) == 256
    # A: 256 x (32 + 8), B: 32 x (128 + 8), f16.
    assert config.shared_memory_bytes(2) == (256 * 40 + 32 * 136) * 2
    assert config.accumulator_bytes(32, 4) == 512


def test_transposed_operands_are_staged_as_stored():
    config = tile(256, 128, tk=32, sm=4, sn=2, stages=2)
    # A^T: 32 x (256 + 8); B^T: 128 x (32 + 8), f16.
    assert config.staged_shapes(2, True, True) == ((32, 264), (128, 40))
    assert config.shared_memory_bytes(2, True, True) == (32 * 264 + 128 * 40) * 2
    # The fit check uses the stored orientation: 256 padded rows of B^T
    # instead of 64 push this tile past 48 KiB.
    wide = tile(96, 256, tk=64, sm=2, sn=4, stages=1)
    # (M = 96 * 42: no ragged C fragments, so no scratch for checked ones.)
    assert check(wide, Problem(4032, 4096, 4096, 2, 4), H100) is None
    b_transposed = Problem(4032, 4096, 4096, 2, 4, b_transposed=True)
    assert "needs 50688 bytes of workgroup memory" in check(wide, b_transposed, H100)


def test_parse_dims():
    assert parse_dims("128x64x32", 3, "tile") == (128, 64, 32)
    with pytest.raises(ValueError, match="tile='128x64' must be 3 positive integers"):
        parse_dims("128x64", 3, "tile")
    with pytest.raises(ValueError, match="subgroups='0x2'"):
        parse_dims("0x2", 2, "subgroups")


def test_checked_fragment_scratch_counts_in_workgroup_memory():
    """Ragged M or N: each subgroup gets a slot for a checked C fragment
    (16x16 f32 = 1 KiB) in workgroup memory, next to the staged tiles."""
    aligned = Problem(4096, 4096, 4096, 2, 4)
    ragged = Problem(4095, 4096, 4096, 2, 4)
    config = tile(128, 256, sm=2, sn=4)
    assert config.scratch_bytes(aligned) == 0
    assert config.scratch_bytes(ragged) == 8 * 16 * 16 * 4
    # 26.5 KiB of staged tiles fit in 32 KiB, plus 8 KiB of scratch do not.
    small = dataclasses.replace(H100, shared_memory_bytes=32 * 1024)
    big_tile = tile(128, 256, tk=32, sm=2, sn=4)
    assert big_tile.shared_memory_bytes(2) < 32 * 1024
    assert check(big_tile, aligned, small) is None
    assert "for checked fragments" in check(big_tile, ragged, small)


def test_element_copies_lower_the_prediction_of_ragged_rows():
    # 4095^3 stages its A and B rows element by element (4095 * 2 bytes is no
    # whole number of 16-byte chunks): measured 107 vs 267 TFLOP/s for 4096^3.
    from coopmlir.tiling import UNALIGNED_COPY_EFFICIENCY

    config = tile(128, 256)
    aligned = estimate(Problem(4096, 4096, 4096, 2, 4), config, H100)
    ragged = estimate(Problem(4095, 4095, 4095, 2, 4), config, H100)
    assert aligned.copy_efficiency == 1.0
    assert ragged.copy_efficiency == UNALIGNED_COPY_EFFICIENCY
    assert ragged.efficiency < 0.5 * aligned.efficiency
    # Fragments straight from global memory make no staging copies.
    unstaged_config = dataclasses.replace(config, stages=0)
    unstaged = estimate(Problem(4095, 4095, 4095, 2, 4), unstaged_config, H100)
    assert unstaged.copy_efficiency == 1.0


def test_a_wave_gives_each_scheduler_a_subgroup():
    # The H100's 4 sub-partitions: 4 one-subgroup workgroups share an SM, a
    # workgroup of 4 or 8 subgroups fills one; the generic target counts one
    # workgroup per compute unit whatever its size.
    problem = Problem(128, 4096, 4096, 1, 4)
    one = TileConfig(64, 64, 64, 1, 1, 16, 16, 32, 2)
    four = TileConfig(128, 128, 64, 2, 2, 16, 16, 32, 2)
    assert estimate(problem, one, H100).slots == 4 * 132
    assert estimate(problem, four, H100).slots == 132
    assert estimate(problem, one, H100).wave_efficiency == pytest.approx(128 / 528)
    generic = get_target("generic")
    assert estimate(problem, one, generic).slots == generic.compute_units


def test_register_estimate_and_the_fragment_penalty():
    problem = Problem(4096, 4096, 4096, 2, 2)
    # 8 subgroups of 8 x 4 f16 fragments: 128 accumulator registers, 8 A and
    # 1 B fragments of 4, 32 of prefetch, 52 of overhead = 248 (the driver
    # reported 248 on the H200): no spill, no penalty.
    f16_256 = tile(256, 256, sm=2, sn=4, stages=2)
    assert f16_256.fragments == 32
    assert f16_256.registers_per_item(problem, H100) == 248
    assert estimate(problem, f16_256, H100).register_efficiency == 1
    # Two prefetched K tiles (stages=4) add 32 more: over 255, spills.
    spilling = tile(256, 256, sm=2, sn=4, stages=4)
    assert spilling.registers_per_item(problem, H100) == 280
    assert estimate(problem, spilling, H100).register_efficiency == pytest.approx(0.7)
    # 32 fragments per subgroup in a workgroup of 4 subgroups: rated 16 / 32.
    four = tile(128, 256, sm=2, sn=2, stages=2)
    assert estimate(problem, four, H100).register_efficiency == pytest.approx(0.5)
    assert estimate(problem, tile(128, 256, sm=2, sn=4), H100).register_efficiency == 1


def test_split_k_workspace_against_the_roofline():
    # i8 128x4096x4096: the math (4.3 GFLOP at 128 FLOP/B: 33.5 MB of time)
    # outlasts reading A and B (17.3 MB); 4 slices add 16.8 MB of partials
    # and 4.2 MB of C.
    problem = Problem(128, 4096, 4096, 1, 4)
    split = TileConfig(128, 128, 64, 2, 2, 16, 16, 32, 2, split_k=4)
    math = 2 * 128 * 4096 * 4096 / 128
    extra = 2 * 4 * 128 * 4096 * 4 + 2 * 128 * 4096 * 4
    assert estimate(problem, split, H100).split_efficiency == pytest.approx(
        math / (math + extra)
    )
    # Small M is memory-bound: the bytes of A and B set the time.
    small = Problem(16, 4096, 4096, 2, 4)
    config = TileConfig(16, 128, 32, 1, 2, 16, 16, 16, 2, split_k=8)
    operands = (16 + 4096) * 4096 * 2
    extra = 2 * 8 * 16 * 4096 * 4 + 2 * 16 * 4096 * 4
    assert estimate(small, config, H100).split_efficiency == pytest.approx(
        operands / (operands + extra)
    )


@pytest.mark.parametrize(
    ("mnk", "config", "raster"),
    [
        # 32 tiles per row: a wave of 132 covers 4 rows of 32
        ((4095, 4095, 4095), TileConfig(128, 128, 64, 2, 2, 16, 16, 32, 2), 8),
        # 16 per row: a wave already covers 8 rows
        ((4095, 4095, 4095), tile(128, 256, sm=2, sn=4, stages=2), 1),
        # one row of tiles (split-K)
        ((128, 4096, 4096), tile(128, 256, sm=2, sn=4, stages=2), 1),
    ],
)
def test_default_raster(mnk, config, raster):
    from coopmlir.tiling import default_raster

    assert default_raster(config, Problem(*mnk, 1, 4), H100) == raster
    dynamic = Problem(*mnk, 1, 4, dynamic=frozenset({"m"}))
    assert default_raster(config, dynamic, H100) == 1


def test_tiles_of_padding_are_not_candidates():
    # 16x16x16: a 32x32 tile (4 subgroups, 3 of them on padding) would fill
    # more schedulers; only tiles whose halves do not cover the problem count.
    problem = Problem(16, 16, 16, 2, 4)
    configs = candidates(problem, H100, H100.shapes_for(F16_F32))
    assert {(c.tile_m, c.tile_n) for c in configs} == {(16, 16)}


#: h100-vulkan with the fitted fixed cost per tile (its default) and without.
H100_OVERHEAD = H100
H100_NONE = dataclasses.replace(H100, tile_overhead_k_tiles=0)


def test_tile_overhead_counts_where_one_workgroup_holds_a_unit():
    from coopmlir.targets import FITTED_TILE_OVERHEAD_K_TILES
    from coopmlir.tiling import overhead_efficiency

    assert H100_OVERHEAD.tile_overhead_k_tiles == FITTED_TILE_OVERHEAD_K_TILES
    fc1 = Problem(8192, 3072, 768, 2, 4, b_transposed=True)  # GPT-2's MLP, K = 768
    big = tile(256, 128, sm=2, sn=4, stages=2)  # 240 registers x 256 work-items
    small = tile(128, 128, sm=2, sn=2, stages=2)  # 232 x 128: two per 64K
    assert big.resident_by_registers(fc1, H100) == 1
    assert small.resident_by_registers(fc1, H100) == 2
    # 24 K tiles of 32 and the fixed cost of 9 more: 24 / 33.
    assert overhead_efficiency(fc1, big, H100_OVERHEAD) == pytest.approx(24 / 33)
    assert overhead_efficiency(fc1, small, H100_OVERHEAD) == 1.0
    # tile-overhead=0: no fixed cost; split-K slices are not charged it.
    assert overhead_efficiency(fc1, big, H100_NONE) == 1.0
    split = TileConfig(256, 128, 32, 2, 4, 16, 16, 16, 2, split_k=2)
    assert overhead_efficiency(fc1, split, H100_OVERHEAD) == 1.0
    # Fewer tiles than compute units: no second workgroup to overlap with.
    few = Problem(1024, 1024, 768, 2, 4)
    assert overhead_efficiency(few, small, H100_OVERHEAD) == pytest.approx(24 / 33)
    # Long K amortizes it; a target that does not count registers skips it.
    long = Problem(8192, 8192, 8192, 2, 4)
    assert overhead_efficiency(long, big, H100_OVERHEAD) == pytest.approx(256 / 265)
    generic = dataclasses.replace(get_target("generic"), tile_overhead_k_tiles=9)
    assert big.resident_by_registers(fc1, generic) is None
    assert overhead_efficiency(fc1, big, generic) == 1.0


@pytest.mark.parametrize(
    "mnk", [(8192, 2304, 768), (8192, 768, 768), (8192, 3072, 768), (8192, 768, 3072)]
)
def test_gpt2_block_products_take_four_subgroup_tiles_with_the_overhead(mnk):
    # H200, f16*f16^T->f32 (bench/RESULTS.md, "Tenth session"): 128x128 tiles
    # of 2x2 subgroups ran 5-8% faster than 256x128 of 2x4 at K = 768, 2% at
    # K = 3072. Without the fixed cost the model takes 8 subgroups, which a
    # compute unit holds one workgroup of.
    problem = Problem(*mnk, 2, 4, b_transposed=True)
    configs = candidates(problem, H100, H100.shapes_for(F16_F32))
    chosen = choose(configs, problem, H100_OVERHEAD)
    assert (chosen.tile, chosen.subgroups) == ((128, 128, 32), (2, 2))
    default = choose(configs, problem, H100_NONE)
    assert default.subgroups == (2, 4)


def test_long_k_keeps_eight_subgroup_tiles_with_the_overhead():
    # With K tiles of 64 (a plain product: lower-to-coopmat's deep_k), 8192^3
    # takes 128x128x64 in 2x4 subgroups: 286 TFLOP/s against 284 for the
    # 256x128x32 tiles chosen before (A B; A B^T 283 against 264),
    # bench/RESULTS.md "Eighteenth session".
    problem = Problem(8192, 8192, 8192, 2, 4)
    configs = candidates(problem, H100, H100.shapes_for(F16_F32), deep_k=True)
    chosen = choose(configs, problem, H100_OVERHEAD)
    assert (chosen.tile, chosen.subgroups) == ((128, 128, 64), (2, 4))


# Staging rows (bench/RESULTS.md, "Seventeenth session"): a K-contiguous
# operand staged in K tiles of 64 bytes is read in runs shorter than a cache
# line; A B^T (nn.Linear) has two such operands.


def test_short_staging_rows_cost_per_k_contiguous_operand():
    from coopmlir.tiling import SHORT_ROW_EFFICIENCY as S

    k32, k64 = tile(128, 128, 32, 2, 4, stages=2), tile(128, 128, 64, 2, 4, stages=2)
    layouts = {
        (False, False): S,  # A M x K
        (False, True): S * S,  # A M x K, B N x K
        (True, False): 1.0,  # A K x M, B K x N: no K-contiguous operand
        (True, True): S,  # B N x K
    }
    for (a_t, b_t), want in layouts.items():
        problem = Problem(8192, 768, 3072, 2, 4, a_transposed=a_t, b_transposed=b_t)
        assert estimate(problem, k32, H100).row_efficiency == pytest.approx(want)
        # K tiles of 64 f16 are rows of 128 bytes; fragments from global
        # memory (stages=0) stage nothing.
        assert estimate(problem, k64, H100).row_efficiency == 1.0
        unstaged = dataclasses.replace(k32, stages=0)
        assert estimate(problem, unstaged, H100).row_efficiency == 1.0


def test_fixed_cost_per_tile_counts_k_tiles_of_64_bytes():
    from coopmlir.tiling import overhead_efficiency

    fc1 = Problem(8192, 3072, 768, 2, 4, b_transposed=True)
    deep = tile(128, 128, 64, 2, 4, stages=2)  # one per SM by registers
    assert deep.resident_by_registers(fc1, H100) == 1
    # 12 K tiles of 64 elements, each two of the fitted 64-byte ones: 9 / 2.
    assert overhead_efficiency(fc1, deep, H100) == pytest.approx(12 / (12 + 4.5))


@pytest.mark.parametrize(
    "mnk, b_transposed, chosen",
    [
        # Measured faster with K tiles of 64 (H200, f16 -> f32; ms new / old).
        # A B^T (seventeenth session):
        ((8192, 768, 3072), True, ((128, 128, 64), (2, 4))),  # 0.140 / 0.189
        ((2048, 11008, 4096), True, ((128, 128, 64), (2, 4))),  # 0.672 / 0.807
        ((512, 4096, 4096), True, ((128, 128, 64), (2, 4))),  # 0.065 / 0.083
        ((64, 4096, 4096), True, ((64, 256, 64), (2, 4))),  # 0.017 / 0.023
        # eighteenth session, A B^T:
        ((8192, 8192, 8192), True, ((128, 128, 64), (2, 4))),  # 3.887 / 4.169
        ((4096, 4096, 4096), True, ((128, 128, 64), (2, 4))),  # 0.495 / 0.539
        # and A B (A's rows staged in runs of 64 bytes before):
        ((8192, 768, 3072), False, ((128, 128, 64), (2, 4))),  # 0.140 / 0.174
        ((512, 4096, 4096), False, ((128, 128, 64), (2, 4))),  # 0.062 / 0.076
        ((64, 4096, 4096), False, ((64, 256, 64), (2, 4))),  # 0.016 / 0.018
        ((2048, 11008, 4096), False, ((128, 128, 64), (2, 4))),  # 0.670 / 0.746
        # As fast or slower with them: K tiles of 32 stay.
        ((8192, 3072, 768), True, ((128, 128, 32), (2, 2))),  # 0.160 either way
        ((8192, 3072, 768), False, ((128, 128, 32), (2, 2))),  # 0.151; K 64: 0.162
        ((1024, 3072, 768), True, ((128, 128, 32), (2, 2))),  # 0.027; 128x64x64: 0.031
    ],
)
def test_k_contiguous_a_takes_deeper_k_tiles_where_measured_faster(
    mnk, b_transposed, chosen
):
    problem = Problem(*mnk, 2, 4, b_transposed=b_transposed)
    configs = candidates(
        problem, H100, H100.shapes_for(F16_F32), split_k=None, deep_k=True
    )
    config = choose(configs, problem, H100)
    assert (config.tile, config.subgroups) == chosen


def test_deeper_k_tiles_only_for_k_contiguous_a_in_f16_to_f32_and_i8_a_bt():
    shapes = H100.shapes_for(F16_F32)
    for problem, shape_types in [
        # A stored K x M: its rows are long already.
        (Problem(8192, 768, 3072, 2, 4, a_transposed=True), shapes),
        (Problem(8192, 768, 3072, 2, 4, a_transposed=True, b_transposed=True), shapes),
        (Problem(8192, 768, 3072, 2, 2, b_transposed=True), None),  # f16 -> f16
        (Problem(8192, 768, 3072, 1, 4), None),  # i8 -> i32 with B K x N
    ]:
        types = shape_types or H100.shapes_for(
            ("f16", "f16", "f16", "f16")
            if problem.a_bytes == 2
            else ("s8", "s8", "s32", "s32")
        )
        configs = candidates(problem, H100, types, deep_k=True)
        k_step = 64 // problem.a_bytes
        assert configs and all(c.tile_k == max(k_step, c.mma_k) for c in configs)


def test_i8_with_both_operands_k_contiguous_takes_128x128x128_at_8192():
    # H200: 588 TFLOP/s A B^T (549 B copied to N x K first) against 529
    # (497) for the 256x128x64 tiles of the full intensity; with B K x N read
    # so, the 256x128x64 tiles stay (RESULTS.md, "Twenty-first session").
    types = ("s8", "s8", "s32", "s32")
    for b_transposed, tile in [(True, (128, 128, 128)), (False, (256, 128, 64))]:
        problem = Problem(8192, 8192, 8192, 1, 4, b_transposed=b_transposed)
        configs = candidates(problem, H100, H100.shapes_for(types), deep_k=True)
        config = choose(configs, problem, H100)
        assert (config.tile, config.subgroups) == (tile, (2, 4))
    problem = Problem(8192, 8192, 8192, 1, 4, b_transposed=True)
    assert needed_intensity(problem, H100) == H100.flops_per_byte
    problem = Problem(8192, 8192, 8192, 1, 4)
    assert needed_intensity(problem, H100) == 2 * H100.flops_per_byte


def test_sums_in_f32_need_half_the_intensity_decoded_from_1024_rows():
    from coopmlir.tiling import (
        DECODED_HALF_INTENSITY_ROWS,
        F32_SUM_INTENSITY,
        needed_intensity,
    )

    full = H100.flops_per_byte
    f16_f32 = Problem(128, 11008, 4096, 2, 4, b_transposed=True)
    assert needed_intensity(f16_f32, H100) == full * F32_SUM_INTENSITY == 64
    # A quantized weight decoded in the load: 128-row products took 11-44%
    # longer in the 128x128 tiles the halved intensity picks, 1024 to 4096
    # rows up to 12% less (H200, "Eighteenth session").
    decoded = dataclasses.replace(f16_f32, decoded=True)
    assert needed_intensity(decoded, H100) == full
    many = dataclasses.replace(decoded, m=DECODED_HALF_INTENSITY_ROWS)
    assert needed_intensity(many, H100) == 64
    assert needed_intensity(Problem(64, 64, 64, 2, 2), H100) == full  # f16 -> f16
    assert needed_intensity(Problem(64, 64, 64, 1, 4), H100) == 2 * full  # i8
    # Only on the targets it was measured on (NVIDIA's: they count registers).
    generic = get_target("generic")
    assert needed_intensity(f16_f32, generic) == generic.flops_per_byte
    shapes = H100.shapes_for(F16_F32)
    for problem, tile_mn in [
        (f16_f32, (128, 128)),
        (decoded, (128, 256)),
        (dataclasses.replace(many, m=2048), (128, 128)),
    ]:
        config = choose(candidates(problem, H100, shapes, split_k=None), problem, H100)
        assert config.tile[:2] == tile_mn
