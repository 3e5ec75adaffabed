"""Grouped (mixture-of-experts) products (dialects/grouped_matmul.py,
grouped_plan.py, grouped_kernel.py): the op on the interpreter against
numpy's loop over the experts; its kernel (one launch) against the op on
the interpreter, with ragged and empty experts; lavapipe runs and
spirv-val on the KHR and NV2 targets."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from support.error_model import assert_close
from support.grouped_programs import (
    NP,
    TOLERANCE,
    grouped_inputs,
    grouped_program,
    grouped_reference,
    sorted_program,
    sorted_reference,
)
from support.lowering import interpreted, lowered_by, output_of, parse
from support.vulkan_device import require_vulkan
from xdsl.dialects import arith, gpu, memref, scf
from xdsl.dialects.builtin import Float16Type, i32

from coopmlir.diagnostics import CompileError
from coopmlir.dialects import coopmat
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.interpreter.values import InterpretationFailure
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat, grouped_kernel
from coopmlir.passes.lower_to_coopmat.grouped_kernel import lower_grouped_matmuls
from coopmlir.passes.lower_to_coopmat.grouped_plan import (
    GroupedChoices,
    count_spread,
    expected_row_tiles,
    expected_tiles_scale,
    fitted_tile_m,
    gated_intensity_scale,
    plan_grouped_matmuls,
)
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from coopmlir.targets import get_target
from coopmlir.tiling import Problem, TileConfig, estimate


def _case(tokens, k, n, counts, ty="f16", gated=False, kn=False, out=None):
    text = grouped_program(tokens, k, n, len(counts), sum(counts), ty, out, gated, kn)
    arrays = grouped_inputs(tokens, k, n, counts, ty, gated, kn, seed=sum(counts))
    y = np.zeros((sum(counts), n), NP[out or ty])
    return text, [*arrays, y]


@pytest.mark.parametrize("gated", [False, True], ids=["plain", "gated"])
@pytest.mark.parametrize("kn", [False, True], ids=["nk", "kn"])
def test_op_matches_numpy_loop_over_experts(gated, kn):
    text, operands = _case(6, 16, 8, [3, 0, 5, 4], gated=gated, kn=kn)
    x, *weights, rows, offsets, _ = operands
    out = output_of(parse(text), "moe", operands)
    want = grouped_reference(x, weights, rows, offsets, kn)
    assert_close(out, want, TOLERANCE["f16"], "op")


def test_op_keeps_rows_outside_the_offsets():
    """Rows before offsets[0] and after offsets[E] keep the output's values."""
    text, operands = _case(5, 8, 8, [2, 3])
    operands[-2][...] = [1, 2, 4]  # rows 1..3 only
    operands[-1][...] = 7
    out = output_of(parse(text), "moe", operands)
    assert np.all(out[0] == 7) and np.all(out[4] == 7)
    assert not np.any(out[1:4] == 7)


def test_op_refuses_unsorted_offsets():
    text, operands = _case(5, 8, 8, [2, 3])
    operands[-2][...] = [0, 4, 3]
    with pytest.raises(InterpretationFailure, match="must rise from 0"):
        output_of(parse(text), "moe", operands)


def _kernels(module) -> list[gpu.FuncOp]:
    return [op for op in module.walk() if isinstance(op, gpu.FuncOp)]


@pytest.mark.parametrize(
    "tokens, k, n, counts, ty, gated, kn, out",
    [
        (6, 32, 24, [3, 0, 5, 4], "f16", False, False, None),  # empty, ragged N
        (20, 48, 16, [9, 1, 0, 17], "f16", True, False, None),  # ragged K, 2 tiles
        (8, 32, 32, [0, 0, 8, 0], "f16", True, True, "f32"),  # one expert only
        (5, 16, 16, [5, 4, 3], "f32", False, True, None),
        # 16x32 tiles: expert 0's first two row tiles are whole (stored in
        # place) but for the ragged N column; its third and expert 2's masked.
        (40, 32, 40, [33, 0, 7], "f16", True, False, None),
        # K not a whole number of 16-byte chunks: X's rows are copied element
        # by element (a chunk's clamp moved them: found by the fuzzer)
        (4, 10, 16, [2, 0, 3], "f16", False, True, None),
        (4, 17, 16, [4], "f32", True, False, None),
    ],
    ids=[
        "plain-empty",
        "gated-ragged-k",
        "gated-kn-one",
        "f32-kn",
        "gated-whole",
        "k-10",
        "gated-f32-k-17",
    ],
)
def test_kernel_matches_the_op(tokens, k, n, counts, ty, gated, kn, out):
    text, operands = _case(tokens, k, n, counts, ty, gated, kn, out)
    want = output_of(parse(text), "moe", operands)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    (kernel,) = _kernels(module)
    assert kernel.sym_name.data == "moe_grouped"
    assert not [op for op in module.walk() if op.name == "coopmlir.grouped_matmul"]
    got = output_of(module, "moe", operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets, kn)
    assert_close(want, exact, TOLERANCE[out or ty], "op")
    assert_close(got, exact, TOLERANCE[out or ty], "kernel")


@pytest.mark.parametrize("index", ["i64", "index"])
def test_row_ids_of_any_integer_type(index):
    """The tile's token ids are gathered into workgroup memory as i32,
    whatever the rows' element type."""
    tokens, k, n, counts = 20, 48, 16, [9, 1, 0, 17]
    text = grouped_program(tokens, k, n, 4, 27, "f16", None, True, index=index)
    x, *weights, rows, offsets = grouped_inputs(tokens, k, n, counts, gated=True)
    rows, offsets = rows.astype(np.int64), offsets.astype(np.int64)
    operands = [x, *weights, rows, offsets, np.zeros((27, n), np.float16)]
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    got = output_of(module, "moe", operands)
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(got, exact, TOLERANCE["f16"], "kernel")


@pytest.mark.parametrize("assumed", [1, 2], ids=["unrolled", "looped"])
def test_swiglu_at_constant_or_run_time_indices(assumed, monkeypatch):
    """The SwiGLU epilogue unrolls m * n / S components at constant indices
    where coopmat.length says so, else loops: both against numpy (the
    looped branch taken by assuming twice the subgroup size)."""
    real = grouped_kernel.swiglu
    monkeypatch.setattr(
        grouped_kernel, "swiglu", lambda b, g, u, size: real(b, g, u, assumed * size)
    )
    text, operands = _case(20, 48, 24, [9, 1, 0, 7], gated=True)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    extracts = [op for op in module.walk() if isinstance(op, coopmat.ExtractOp)]
    constant = [op for op in extracts if isinstance(op.index.owner, arith.ConstantOp)]
    # 16x16 fragments on 8 work-items: 32 components of the gate and the
    # up product at constant indices (16 where twice the subgroup is
    # assumed: that branch, not taken, would leave half of them), and two
    # in the fallback loop.
    assert len(constant) == 2 * 32 // assumed
    assert len(extracts) - len(constant) == 2
    got = output_of(module, "moe", operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(got, exact, TOLERANCE["f16"], "kernel")


@pytest.mark.parametrize("n", [40, 56])
@pytest.mark.parametrize("gated", [False, True], ids=["plain", "gated"])
def test_h100_fragments_past_a_ragged_n_are_not_stored(n, gated):
    """h100-vulkan's 16x16 tiles of two 16x8 fragments: the masked store
    guards columns where the tile is ragged, though N is a whole number of
    fragments (N=40: the last tile's second fragment, columns 40..47, was
    stored out of bounds; the interpreter refuses an index outside the
    memref)."""
    _check_on_h100_target(*_case(40, 32, n, [33, 0, 7], gated=gated))


@pytest.mark.parametrize("raster", [1, 2, 3])
def test_workgroup_order_covers_every_tile(raster):
    """The matmul's workgroup order (raster.py) over (N tiles, row tiles):
    7 row tiles of 16 rows by 2 N tiles (the last ragged), in groups of
    2 or 3 row tiles (the last group shorter), each output tile written once."""
    text, operands = _case(40, 32, 40, [20, 9, 0, 31], gated=True)
    module = parse(text)
    target = get_target("lavapipe")
    (plan,) = plan_grouped_matmuls(module, target)
    assert plan.config.tile_m == 16 and plan.grid() == (2, 7, 1)
    plan = replace(plan, config=replace(plan.config, raster=raster))
    lower_grouped_matmuls(module, [plan], target, False)
    module.verify()
    got = output_of(module, "moe", operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(got, exact, TOLERANCE["f16"], "kernel")


def _on_lavapipe(module, operands) -> np.ndarray:
    """The output of `module` (lowered for lavapipe) run through
    coopmat-to-simt on lavapipe, its SPIR-V accepted by spirv-val."""
    require_vulkan()
    module = lowered_by(module, CoopmatToSimt(subgroup_size=8))
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    (kernel,) = kernels.values()
    validate(kernel.spirv)
    out = np.zeros_like(operands[-1])
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "moe", kernels, [*operands[:-1], out], device)
    return out


def test_runs_on_lavapipe():
    """The SIMT form of the kernel (coopmat-to-simt) on a real Vulkan
    device against numpy."""
    for case in (
        (6, 32, 24, [3, 0, 5, 4], "f16", True, False, None),
        (40, 32, 40, [33, 0, 7], "f16", False, False, None),  # whole tiles too
    ):
        tokens, k, n, counts, ty, gated, kn, out_ty = case
        text, operands = _case(*case)
        module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
        out = _on_lavapipe(module, operands)
        x, *weights, rows, offsets, _ = operands
        exact = grouped_reference(x, weights, rows, offsets, kn)
        assert_close(out, exact, TOLERANCE[out_ty or ty], "lavapipe")


#: Last tiles of 44, 58, 45 and 2 rows in 64-row tiles of 16-row fragments,
#: two fragment rows per subgroup: the subgroups hold 2 and 1, 2 and 2, 2
#: and 1, 1 and 0 fragment rows of them.
PARTIAL = (600, 256, 256, [300, 250, 45, 0, 130])


def test_partial_tiles_multiply_the_fragment_rows_they_hold():
    """h100-vulkan's 64x32 tile in 2x2 subgroups (the cost model without its
    fixed cost per tile, which picks 32 rows for this small problem): an
    expert's last tile runs its own K loop over the fragment rows that hold
    its rows (0, 1 or 2 per subgroup), on the interpreter against numpy;
    spirv-val with KHR."""
    text, operands = _case(*PARTIAL, gated=True)
    target = replace(get_target("h100-vulkan"), tile_overhead_k_tiles=0)
    (plan,) = plan_grouped_matmuls(parse(text), target)
    assert (plan.config.tile_m, plan.config.frags_m) == (64, 2)
    _check_on_h100_target(text, operands, tile_overhead=0)


def test_row_tiles_of_160_hold_each_expert():
    """A fitted row tile (fitted_tile_m: 160 rows, 5 fragment rows per
    subgroup of 2x4, not a power of two) on the interpreter against numpy:
    experts of 125, 138 and 87 rows in one tile each, 170 in a whole and a
    partial one of 10 rows (one fragment row held by the first subgroup
    row); spirv-val with KHR."""
    text, operands = _case(260, 128, 64, [125, 138, 170, 87], gated=True)
    _check_on_h100_target(
        text, operands, grouped_tile="160x32x32", grouped_subgroups="2x2"
    )


def _token_loads_in_loops(module) -> int:
    """Loads of i32 token ids from workgroup memory inside scf.for loops."""
    count = 0
    for op in module.walk():
        if not isinstance(op, memref.LoadOp) or op.res.type != i32:
            continue
        parent = op.parent_op()
        while parent is not None and not isinstance(parent, scf.ForOp):
            parent = parent.parent_op()
        workgroup = op.memref.type.memory_space == WORKGROUP_MEMORY_SPACE
        count += parent is not None and workgroup
    return count


@pytest.mark.parametrize("registers", [True, False], ids=["registers", "workgroup"])
def test_token_ids_in_registers_or_workgroup_memory(registers):
    """32x32 tiles in 1x2 subgroups (stages=2): with grouped-row-registers
    each work-item reads its X rows' token ids once, before the K loop
    (none read inside a loop but the gather's own), without it one per
    chunk per K tile; both match numpy on the interpreter, the rows of a
    partial tile past its expert (another row's values, never stored)
    included, and validate."""
    text, operands = _case(*PARTIAL, gated=True)
    options = {"grouped_row_registers": registers, "grouped_tile": "32x32x32"}
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan", **options))
    # 32x32x32 X tile, 64 work-items, 8-element chunks: 2 chunks each; K
    # loops of whole and partial tiles, each with its prefetch and the
    # gather of the tile's ids (one scf.for of its own).
    loads = _token_loads_in_loops(module)
    assert loads == (0 if registers else 2 * 2)
    _check_on_h100_target(text, operands, **options)


@pytest.mark.parametrize("stages, k", [(1, 256), (2, 256), (4, 256), (2, 48), (4, 40)])
def test_grouped_stages(stages, k):
    """grouped-stages: copy then math, one or two K tiles prefetched in
    registers (the partial tiles' K loop too; K = 48 and 40: the last K
    tile's X rows through the checked gather, the others' ids in
    registers), on the interpreter against numpy; spirv-val with KHR."""
    tokens, _, n, counts = PARTIAL
    text, operands = _case(tokens, k, n, counts, gated=True)
    (plan,) = plan_grouped_matmuls(
        parse(text), get_target("h100-vulkan"), GroupedChoices(stages=stages)
    )
    assert plan.config.stages == stages
    _check_on_h100_target(text, operands, grouped_stages=stages)


@pytest.mark.parametrize("k", [32, 64, 96])
def test_two_tiles_ahead_on_lavapipe(k):
    """grouped-stages=4 where K is one, two or three K tiles (no loop, a
    drained pair, one loop step), on lavapipe against numpy."""
    case = (40, k, 40, [33, 0, 7], "f16", True, False, None)
    text, operands = _case(*case)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe", grouped_stages=4))
    out = _on_lavapipe(module, operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(out, exact, TOLERANCE["f16"], "lavapipe")


@pytest.mark.parametrize(
    "split, k, kn, out",
    [(2, 256, False, None), (4, 256, True, "f32"), (3, 96, False, None)],
)
def test_split_k(split, k, kn, out):
    """grouped-split-k: S K slices into an f32 workspace, summed and
    rounded by a reduction kernel, on the interpreter against numpy (whole
    and partial tiles, an empty expert); rows outside the experts' range
    keep the output's values; spirv-val with KHR."""
    tokens, _, n, counts = PARTIAL
    text, operands = _case(tokens, k, n, counts, "f16", False, kn, out)
    options = {"grouped_split_k": split}
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan", **options))
    kernels = _kernels(module)
    assert [kernel.sym_name.data for kernel in kernels] == [
        "moe_grouped",
        "moe_grouped_reduce",
    ]
    (plan,) = plan_grouped_matmuls(
        parse(text), get_target("h100-vulkan"), GroupedChoices(split=split)
    )
    assert plan.grid()[2] == split and plan.slice_tiles * split * 32 == k
    # Rows 0 and R - 1 outside the experts' range keep their values.
    operands[-2][...] = np.clip(operands[-2], 1, len(operands[-3]) - 1)
    operands[-2][0], operands[-2][-1] = 1, len(operands[-3]) - 1
    operands[-1][...] = 7
    got = output_of(module, "moe", operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets, kn)
    inside = slice(offsets[0], offsets[-1])
    assert_close(got[inside], exact[inside], TOLERANCE[out or "f16"], "kernel")
    assert np.all(got[0] == 7) and np.all(got[-1] == 7)
    for kernel in compile_kernels(module, coopmat="khr"):
        validate(kernel.spirv)


@pytest.mark.parametrize("tile", ["128x256x32", "128x128x32"])
def test_mixtral_tiles_in_two_slices(tile):
    """The Mixtral down product's tiles (2x4 subgroups, 256 work-items,
    four X chunks a work-item) in two K slices, with a whole tile, partial
    ones and an empty expert, on the interpreter against numpy."""
    text, operands = _case(300, 64, 256, [260, 10, 0, 30])
    _check_on_h100_target(text, operands, grouped_tile=tile, grouped_split_k=2)


def test_split_k_refusals():
    """grouped-split-k where a slice would hold part of a K tile, or the
    product is gated: located errors."""
    text, _ = _case(*PARTIAL)
    target = get_target("h100-vulkan")
    with pytest.raises(CompileError, match="not 3 slices of whole 32 tiles"):
        plan_grouped_matmuls(parse(text), target, GroupedChoices(split=3))
    gated, _ = _case(*PARTIAL, gated=True)
    with pytest.raises(CompileError, match="gated and scatter"):
        plan_grouped_matmuls(parse(gated), target, GroupedChoices(split=2))


def test_split_k_on_lavapipe():
    """Two K slices and the reduction on lavapipe against numpy."""
    case = (40, 64, 40, [33, 0, 7], "f16", False, False, None)
    text, operands = _case(*case)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe", grouped_split_k=2))
    module = lowered_by(module, CoopmatToSimt(subgroup_size=8))
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    assert len(kernels) == 2
    for kernel in kernels.values():
        validate(kernel.spirv)
    require_vulkan()
    out = np.zeros_like(operands[-1])
    (first, second) = kernels.values()
    features = first.features | second.features
    extensions = first.extensions | second.extensions
    with VulkanDevice(needs=features, extensions=extensions) as device:
        run_host_function(module, "moe", kernels, [*operands[:-1], out], device)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(out, exact, TOLERANCE["f16"], "lavapipe")


def test_partial_tiles_on_lavapipe():
    """The same on lavapipe, its 16-row tile made 64 rows of 2 subgroups of
    two fragment rows (stages=2: token ids in registers)."""
    text, operands = _case(*PARTIAL, gated=True)
    module = parse(text)
    target = get_target("lavapipe")
    (plan,) = plan_grouped_matmuls(module, target)
    config = replace(plan.config, tile_m=64, subgroups_m=2)
    assert config.frags_m == 2 and config.stages == 2 and plan.row_registers
    lower_grouped_matmuls(module, [replace(plan, config=config)], target, False)
    out = _on_lavapipe(module, operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(out, exact, TOLERANCE["f16"], "lavapipe")


def _f16_sums_case(tokens, k, n, counts):
    text = grouped_program(
        tokens, k, n, len(counts), sum(counts), gated=True, f16_sums=True
    )
    arrays = grouped_inputs(tokens, k, n, counts, gated=True, seed=5)
    return text, [*arrays, np.zeros((sum(counts), n), np.float16)]


@pytest.mark.parametrize("target", ["lavapipe", "h100-vulkan"])
def test_f16_sums(target):
    """The opt-in f16 accumulation: f16 accumulator fragments (the SwiGLU
    widened to f32 and rounded back), on the interpreter against numpy
    within the f16 tolerance (K = 256, so the f16 sums stay close),
    partial tiles included; spirv-val with KHR and NV2 (the Mixtral tiles:
    lower-to-coopmat-grouped-plan.mlir)."""
    text, operands = _f16_sums_case(*PARTIAL)
    module = lowered_by(text, LowerToCoopmat(target=target))
    accs = {
        op.results[0].type.element_type
        for op in module.walk()
        if isinstance(op, coopmat.MulAddOp)
    }
    assert accs == {Float16Type()}
    if target == "h100-vulkan":
        for flavour in ("khr", "nv2"):
            (kernel,) = compile_kernels(module, coopmat=flavour)
            validate(kernel.spirv)
    got = output_of(module, "moe", operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(got, exact, TOLERANCE["f16"], "kernel")


def test_f16_sums_on_lavapipe():
    text, operands = _f16_sums_case(40, 32, 40, [33, 0, 7])
    out = _on_lavapipe(lowered_by(text, LowerToCoopmat(target="lavapipe")), operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(out, exact, TOLERANCE["f16"], "lavapipe")


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
@pytest.mark.parametrize("gated", [False, True], ids=["plain", "gated"])
def test_spirv_with_cooperative_matrices(coopmat, gated):
    """h100-vulkan's kernel (several subgroups, 16-byte copies) validates
    with KHR and NV2 cooperative matrices."""
    text = grouped_program(256, 256, 256, 8, 512, "f16", None, gated)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)


SORTED = sorted_program(12, 16, 8, 3)


def test_sort_and_scatter_match_numpy():
    """sort_by_expert's counting-sort kernel and the scatter form of the
    grouped kernel against the ops on the interpreter and numpy: negative
    ids count from the end, an id outside [-E, E) (5) is in no expert's
    range and its row keeps the output's value, expert 1 holds one row."""
    rng = np.random.default_rng(3)
    ids = np.array([2, 0, -1, 0, 5, 2, 2, 1, 0, -3, 2, 0], np.int64)
    x = rng.uniform(-1, 1, (12, 16)).astype(np.float32)
    w = rng.uniform(-1, 1, (3, 8, 16)).astype(np.float32)
    rows, offsets = np.zeros(12, np.int32), np.zeros(4, np.int32)
    y = np.full((12, 8), 7, np.float32)
    operands = [ids, x, w, rows, offsets, y]
    before = interpreted(parse(SORTED), "moe", operands)
    module = lowered_by(SORTED, LowerToCoopmat(target="lavapipe"))
    names = sorted(k.sym_name.data for k in _kernels(module))
    assert names == ["moe_grouped", "moe_sort"]
    after = interpreted(module, "moe", operands)
    assert before[3].tolist() == [1, 3, 8, 9, 11, 7, 0, 2, 5, 6, 10, 0]
    assert before[4].tolist() == [0, 5, 6, 11]
    for got, want in zip(after[3:5], before[3:5], strict=True):
        np.testing.assert_array_equal(got, want)
    want = sorted_reference(ids, x, [w], y)
    assert_close(before[5], want, 1e-5, "ops")
    assert_close(after[5], want, 1e-5, "kernels")


def test_sort_and_scatter_in_h100_tiles():
    """The scatter form in h100-vulkan's 64x32 tiles of two fragment rows
    per subgroup (partial tiles' own K loop, each row's place read from the
    tile's token ids in workgroup memory), with ids in [-E, E), against
    numpy on the interpreter."""
    rows, k, n, experts = 700, 256, 256, 5
    text = sorted_program(rows, k, n, experts, ty="f16")
    (plan,) = plan_grouped_matmuls(parse(text), get_target("h100-vulkan"))
    assert plan.config.frags_m == 2
    rng = np.random.default_rng(4)
    ids = rng.integers(-experts, experts, rows).astype(np.int64)
    x = rng.uniform(-1, 1, (rows, k)).astype(np.float16)
    w = (rng.uniform(-1, 1, (experts, n, k)) / 16).astype(np.float16)
    y = np.full((rows, n), 7, np.float16)
    operands = [ids, x, w, np.zeros(rows, np.int32), np.zeros(6, np.int32), y]
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    after = interpreted(module, "moe", operands)
    want = sorted_reference(ids, x, [w], y)
    assert_close(after[5], want, TOLERANCE["f16"], "kernels")


def test_a_given_tile_twice_the_average_rows():
    """grouped-tile builds the tile given even where the planner's own list
    leaves it out (256 rows, at most 128 per expert on average here): each
    expert's rows in one row tile, its weights read once (Mixtral's gate/up
    at 512 tokens, 122-138 rows per expert)."""
    text, operands = _case(300, 64, 128, [130, 120, 0, 90], gated=True)
    with pytest.raises(CompileError, match="no tile of the matmul planner"):
        lowered_by(
            text, LowerToCoopmat(target="h100-vulkan", grouped_tile="256x256x32")
        )
    _check_on_h100_target(text, operands, grouped_tile="256x64x32")


def _check_on_h100_target(text: str, operands: list, **options) -> None:
    """Lowered for h100-vulkan (with `options`): the interpreter against
    numpy (an index outside a memref is refused), and the kernel's KHR
    SPIR-V validates."""
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan", **options))
    got = output_of(module, "moe", operands)
    x, *weights, rows, offsets, _ = operands
    exact = grouped_reference(x, weights, rows, offsets)
    assert_close(got, exact, TOLERANCE["f16"], "kernel")
    for kernel in compile_kernels(module, coopmat="khr"):
        validate(kernel.spirv)


@pytest.mark.parametrize(
    "rows, tile_m, spread, scale",
    [
        # counts spread over many tiles: a last tile half empty on average
        (1024, 256, 2000.0, 4 / 4.5),
        (1024, 128, 1000.0, 8 / 8.5),
        # 128 +- 10 rows: a 128-row tile is expected 1.48 times (a count of
        # at most 128 fills one), a 160-row one once, a 256-row one once
        (128, 128, 10.0, 1 / 1.48),
        (128, 160, 10.0, 1.0),
        (128, 256, 10.0, 1.0),
        # 1024 +- 30 rows (4,096 Mixtral tokens): as the uniform rule
        (1024, 128, 30.0, 8 / 8.5),
        (64, 128, 10.0, 1.0),
    ],
)
def test_expected_tiles_scale(rows, tile_m, spread, scale):
    """grouped-tails: the batch model's row tiles per expert against those
    expected under random routing, at least one."""
    got = expected_tiles_scale(rows, tile_m, spread)
    assert got == pytest.approx(scale, abs=2e-3)


def test_expected_row_tiles_against_sampled_routing():
    """The normal model of the counts against top-2 routing of 512 tokens
    over 8 experts, sampled: row tiles per expert for 128- and 160-row
    tiles, within 3% of the sampled mean."""
    rng = np.random.default_rng(0)
    counts = np.concatenate(
        [
            np.bincount(
                np.argsort(rng.random((512, 8)), axis=1)[:, :2].ravel(), minlength=8
            )
            for _ in range(400)
        ]
    )
    spread = count_spread(128.0, 512)
    assert spread == pytest.approx(counts.std(), rel=0.05)
    for tile_m in (128, 160):
        sampled = np.maximum(1, np.ceil(counts / tile_m)).mean()
        assert expected_row_tiles(128.0, spread, tile_m) == pytest.approx(
            sampled, rel=0.03
        )


@pytest.mark.parametrize(
    ("rows", "tokens", "fitted"),
    [
        (128, 512, 160),
        (128, 1024, 160),
        (256, 4096, None),
        (1024, 4096, None),
        (40, 64, None),  # 40 + 2 * 3.9 rows: 64, a size the planner lists
    ],
)
def test_fitted_row_tile(rows, tokens, fitted):
    """A row tile of mean + 2 sd in steps of 32 where that is below 256 and
    not a tile size the matmul planner lists already."""
    assert fitted_tile_m(rows, count_spread(rows, tokens)) == fitted


def test_gated_tiles_are_rated_with_the_intensity_of_one_twice_as_wide():
    """A gated tile TM x TN reads (TM + 2 TN) K elements for 2 TM TN K
    products: its intensity is the TM x 2TN tile's (at 512 Mixtral tokens
    its 128x64x64 tiles of 2x4 ran gate/up in 1.330 ms against 1.485 for
    128x128x32; bench/RESULTS.md "Eighteenth session")."""
    h100 = get_target("h100-vulkan")
    problem = Problem(128, 14336, 4096, 2, 4, batch=8, b_transposed=True)
    config = TileConfig(128, 64, 64, 2, 4, 16, 16, 16, stages=2)
    wide = replace(config, tile_n=128)
    scale = gated_intensity_scale(problem, config, h100)
    efficiency = estimate(problem, config, h100).intensity_efficiency
    assert scale * efficiency == estimate(problem, wide, h100).intensity_efficiency
    assert scale > 1.0


def test_grouped_subgroups_fixes_the_grid_and_validates():
    """grouped-subgroups: the subgroup grid of every grouped product (4x2
    where the planner takes 2x4), interpreted against numpy; a grid no
    tile fits is a located error naming it."""
    text, operands = _case(*PARTIAL, gated=True)
    options = {"grouped_tile": "64x32x32", "grouped_subgroups": "4x2"}
    (plan,) = plan_grouped_matmuls(
        parse(text),
        get_target("h100-vulkan"),
        GroupedChoices(tile=(64, 32, 32), subgroups=(4, 2)),
    )
    assert plan.config.subgroups == (4, 2)
    _check_on_h100_target(text, operands, **options)
    with pytest.raises(CompileError, match="grouped-subgroups=3x4"):
        lowered_by(text, LowerToCoopmat(target="h100-vulkan", grouped_subgroups="3x4"))
