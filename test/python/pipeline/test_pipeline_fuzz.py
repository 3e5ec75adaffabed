"""End-to-end property of the pipeline (issue 9): random contractions (M, N,
K from 1 to a few hundred, biased to 1, primes and tile +/- 1; every element
type; transposed A/B/C; batch_matmul; generic, h100-vulkan, simt and lavapipe
targets; explicit, partial and arbitrary configurations) go L0 ->
lower-to-coopmat -> coopmat-to-simt -> SPIR-V, and each one either agrees
with L0 at every level with every module valid, or is refused with a
located, documented error. The property and the strategies are in
`pipeline_cases.py`; `bench/fuzz_pipeline.py --long N` runs thousands of
cases with the same code.

The examples are derandomized (the same cases on every run) and bounded so
that this file takes a couple of minutes (the heavy tier runs more); lavapipe runs a handful of small
SIMT kernels.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from support.device_runs import lavapipe
from support.fuzz_families import FAMILIES
from support.pipeline_cases import (
    FUZZ,
    Case,
    CaseFailure,
    InvalidModule,
    UndocumentedRefusal,
    cases,
    check_case,
    refusal_reason,
)
from support.tiers import HEAVY
from support.vulkan_device import require_vulkan


@settings(FUZZ, max_examples=12)
@given(case=cases(largest=300, max_volume=1_500_000))
def test_pipeline_agrees_or_refuses(case: Case):
    # L2 of matrix targets is interpreted, not compiled to SPIR-V here
    # (that is the long run's job: SIMT SPIR-V of big tiles is slow).
    check_case(case, simt_spirv=False)


@HEAVY
@settings(FUZZ, max_examples=100)
@given(case=cases(largest=300, max_volume=1_500_000))
def test_pipeline_agrees_or_refuses_long(case: Case):
    """The same property over more examples (the first 12 are the default
    tier's: the examples are derandomized)."""
    check_case(case, simt_spirv=False)


@settings(FUZZ, max_examples=6)
@given(case=cases(largest=40, targets=("lavapipe",)))
def test_simt_kernels_on_lavapipe(case: Case):
    require_vulkan()
    check_case(case, device=lavapipe())


@settings(FUZZ, max_examples=6)
@given(case=FAMILIES["matmul-printed"].cases(largest=64))
def test_mlir_opt_printed_forms_agree_or_refuse(case):
    """Generic form and debuginfo location aliases, as mlir-opt prints them."""
    check_case(case, simt_spirv=False)


@HEAVY
@settings(FUZZ, max_examples=30)
@given(case=FAMILIES["matmul-printed"].cases(largest=64))
def test_mlir_opt_printed_forms_agree_or_refuse_long(case):
    """The same over more examples."""
    check_case(case, simt_spirv=False)


@settings(FUZZ, max_examples=6)
@given(case=FAMILIES["spec-constants"].cases(largest=64))
def test_spec_constant_value_sets_agree_or_are_refused(case):
    """One module, a random value set: numpy's product, or the host
    assertion that the tiles divide the problem; the module validates."""
    FAMILIES["spec-constants"].check(case)


@settings(FUZZ, max_examples=30)
@given(case=FAMILIES["matrix-ops"].cases())
def test_matrix_ops_at_l1_agree_with_numpy_and_l2(case):
    FAMILIES["matrix-ops"].check(case)


@settings(FUZZ, max_examples=4)
@given(case=FAMILIES["matrix-ops"].cases(lavapipe=True))
def test_matrix_ops_on_lavapipe(case):
    require_vulkan()
    outcome = FAMILIES["matrix-ops"].check(case, device=lavapipe())
    assert outcome.device_runs == 1 or outcome.refusals == ["shape vs layout"]


#: The feature families (feature_families.py): examples and sizes per family,
#: bounded to ~10 s each on 2 cores; one lavapipe run each.
FEATURES = {
    "epilogue": (4, dict(largest=32)),
    "conv": (2, dict(largest=6)),
    "dynamic": (3, dict(largest=40)),
    "attention": (2, dict(largest=16)),
    # issue 30 part 4: this wave's features
    "quant": (3, dict(largest=24)),
    "decode": (3, dict(largest=24)),
    "gqa": (2, dict(largest=8)),
    "grouped": (2, dict(largest=16)),
}


@pytest.mark.parametrize("name", list(FEATURES))
def test_feature_families_agree_or_refuse(name):
    family = FAMILIES[name]
    examples, sizes = FEATURES[name]

    @settings(FUZZ, max_examples=examples)
    @given(case=family.cases(**sizes))
    def prop(case):
        family.check(case)

    prop()


@settings(FUZZ, max_examples=4)
@given(case=FAMILIES["features-printed"].cases(largest=12))
def test_feature_programs_in_mlir_printed_forms(case):
    """The epilogue, conv, dynamic and attention programs as mlir-opt-22
    prints them (generic form, debuginfo): the same property."""
    FAMILIES["features-printed"].check(case)


@pytest.mark.parametrize("name", list(FEATURES))
def test_feature_families_on_lavapipe(name):
    require_vulkan()
    family = FAMILIES[name]
    runs = []

    @settings(FUZZ, max_examples=1)
    @given(case=family.cases(lavapipe=True, **FEATURES[name][1]))
    def prop(case):
        runs.append(family.check(case, device=lavapipe()))

    prop()
    assert all(o.device_runs == 1 or o.refusals for o in runs)


def test_cases_draw_without_hypothesis():
    """bench/fuzz_pipeline.py on a machine without hypothesis: every family
    draws its cases from support/random_draws.py's stand-in (no hypothesis
    module is imported), the same cases for the same seed."""
    support = Path(__file__).parents[1]
    script = (
        "import random, sys\n"
        f"sys.path.insert(0, {str(support)!r})\n"
        "import support.random_draws as r\n"
        "r.install()\n"
        "import support.fuzz_families as ff\n"
        "assert getattr(sys.modules['hypothesis'], 'RANDOM_DRAWS', False)\n"
        "for name, family in ff.FAMILIES.items():\n"
        "    draws = [\n"
        "        [r.example(family.cases(), rng) for _ in range(10)]\n"
        "        for rng in (random.Random(1), random.Random(1))\n"
        "    ]\n"
        "    assert draws[0] == draws[1], name\n"
        "    assert {ff.family_of(c).name for c in draws[0]} == {name}\n"
        "    print(name)\n"
    )
    run = [sys.executable, "-P", "-c", script]
    done = subprocess.run(run, capture_output=True, text=True, check=True)
    assert done.stdout.split() == list(FAMILIES)


def test_a_worker_stops_drawing_at_its_deadline():
    """bench/fuzz_pipeline.py --time-limit: a worker past its deadline draws
    at most one round of cases (none here: the deadline is checked before
    each round) where one search of all its draws kept drawing them, each
    returning at once, for minutes after the limit."""
    import importlib.util
    import time

    path = Path(__file__).parents[3] / "bench" / "fuzz_pipeline.py"
    spec = importlib.util.spec_from_file_location("fuzz_pipeline_script", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    result = script.worker((1000, 7, None, tuple(FAMILIES), time.time() - 1))
    counts = result["counts"]
    assert counts["cases"] == 0
    assert counts["not run (time limit)"] <= script.ROUND


# --------------------------------------------------------------------------
# Failures the fuzzer found, kept as regression tests
# --------------------------------------------------------------------------


def test_bf16_short_vectors_convert_per_component():
    """bf16 vectors of 2-4 elements (a 16x8 B fragment over 32 lanes) were
    extended with OpFConvert on their i16 bits: spirv-val rejected the SIMT
    module ("Expected input to be float scalar or vector: FConvert")."""
    case = Case(
        17, 9, 5, "bf16-f32", "simt", tile="16x8x16", subgroups="1x1", mma="16x8x16"
    )
    outcome = check_case(case)
    assert outcome.levels == ["L1", "L2"] and outcome.modules == 1


def test_spirv_errors_point_at_the_matmul():
    """Kernel ops made by lower-to-coopmat had no location, so a later
    refusal (NV integer matrices) read `<unknown>: error:`."""
    case = Case(
        64,
        48,
        32,
        "s8-s32",
        "h100-vulkan",
        tile="32x16x32",
        subgroups="2x1",
        mma="16x8x32",
    )
    outcome = check_case(case, l2_of_matrix=False)
    assert outcome.refusals == ["NV integer matrices"]


def test_simt_tiled_workgroups_of_the_target_subgroup_run():
    """kernel=simt-tiled on lavapipe plans workgroups of 16 work-items (a
    multiple of its subgroup size 8): the interpreter refused them, as not a
    multiple of its default subgroup size 32, although the kernel does not
    depend on the subgroup size."""
    case = Case(9, 7, 5, "f16-f32", "lavapipe", kernel="simt-tiled")
    assert check_case(case).levels == ["L1", "L2"]


def test_infinite_padding_constants_assemble():
    """reduce max/min pads with -inf/+inf: the SPIR-V text had no spelling
    for them ("no SPIR-V assembly for the float -inf", unlocated)."""
    from support.matrix_ops_family import MatrixOpCase, check

    for kind in ("max", "min"):
        case = MatrixOpCase("reduce", 1, 1, "f32", 8, kind=kind, compact=False)
        assert check(case).modules == 1


# --------------------------------------------------------------------------
# The oracle itself: refusals are classified, the rest fails
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        # The fragment kernel's options: the SIMT kernel would take it.
        (Case(20, 20, 20, "f32-f32", "h100-vulkan", stages=2), "f32 needs SIMT"),
        (Case(20, 20, 20, "s8-s32", "generic"), "type not on target"),
        (Case(20, 20, 20, "f16-f32", "generic", mma="16x8x16"), "mma not on target"),
        (Case(20, 20, 20, "f16-f32", "generic", tile="40x16x16"), "tile vs mma"),
        (
            Case(20, 20, 20, "f16-f32", "generic", tile="256x256x64", stages=1),
            "workgroup memory",
        ),
        (
            Case(20, 20, 20, "f16-f32", "generic", tile="16x16x16", subgroups="3x1"),
            "tile vs subgroups",
        ),
        (
            Case(20, 20, 20, "f32-f32", "simt", kernel="simt-tiled", micro_tile="3x4"),
            "micro-tile odd",
        ),
        (
            Case(20, 20, 20, "f16-f32", "h100-vulkan", "a", scope="workgroup"),
            "workgroup scope: layout",
        ),
    ],
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_documented_refusals(case: Case, reason: str):
    assert check_case(case).refusals == [reason]


def test_workgroup_scope_is_nv2_and_has_no_simt_route():
    """scope=workgroup: L1 against L0, its NV2 module validated, and
    coopmat-to-simt's documented refusal counted."""
    case = Case(
        33,
        20,
        70,
        "f16-f32",
        "h100-vulkan",
        scope="workgroup",
        tile="32x32x32",
        workgroup_invocations=64,
    )
    outcome = check_case(case)
    assert outcome.levels == ["L1"] and outcome.modules == 1
    assert outcome.refusals == ["workgroup matrices on SIMT"]


def test_one_device_serves_every_case(monkeypatch):
    """--device-target: one VulkanDevice per worker, for the cases compiled
    for its target only; each case's buffers are freed after its run."""
    require_vulkan()
    from support.device_runs import SharedDevice

    import coopmlir.runtime.vulkan as vulkan

    made = []
    original = vulkan.VulkanDevice.__init__

    def counting(self, *args, **kwargs):
        made.append(kwargs)
        original(self, *args, **kwargs)

    monkeypatch.setattr(vulkan.VulkanDevice, "__init__", counting)
    device = SharedDevice("lavapipe")
    try:
        split = Case(20, 12, 40, "f32-f32", "lavapipe", tile="16x8x8", split_k=2)
        simt = Case(9, 7, 5, "f16-f32", "lavapipe", kernel="simt-tiled")
        elsewhere = Case(9, 7, 5, "f16-f32", "generic")
        runs = [check_case(c, device=device).device_runs for c in (split, simt)]
        assert runs == [1, 1]
        outcome = check_case(elsewhere, device=device, l2_of_matrix=False)
        assert outcome.levels == ["L1"] and outcome.device_runs == 0
        assert len(made) == 1 and not device.gpu()._objects
    finally:
        device.close()


def test_a_device_runs_only_the_matrices_it_lists():
    """--device-target h100-vulkan, without the device: an L1 kernel runs
    where the driver lists its matrices (KHR shapes; NV2 flexible dimensions
    with the workgroup size) and the features it needs; else DeviceSkip."""
    from types import SimpleNamespace

    from support.device_runs import DeviceSkip, SharedDevice, matrix_uses
    from support.lowering import parse
    from support.matmul_programs import matmul_source
    from xdsl.context import Context

    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
    from coopmlir.runtime.vulkan_device import CoopMatShape, FlexibleShape

    def l1(types, **options):
        module = parse(matmul_source(40, 40, 40, types, True))
        LowerToCoopmat(target="h100-vulkan", **options).apply(Context(), module)
        return matrix_uses(module)

    report = SimpleNamespace(
        features={"cooperativeMatrix": True, "shaderInt8": False},
        extensions={"VK_KHR_cooperative_matrix"},
        cooperative_matrix_shapes=[
            CoopMatShape(16, 8, 8, "f16", "f16", "f16", "f16", False, 3)
        ],
        flexible_matrix_shapes=[
            FlexibleShape(16, 16, 16, "s8", "s8", "s32", "s32", False, 2, 64)
        ],
    )
    device = SharedDevice("h100-vulkan")
    device._gpu = SimpleNamespace(report=report, scope=lambda: "ran")
    khr = {"cooperativeMatrix"}, {"VK_KHR_cooperative_matrix"}
    assert device(*khr, l1("f16-f16", mma="16x8x8")) == "ran"
    with pytest.raises(DeviceSkip, match="no such subgroup-scope matrix"):
        device(*khr, l1("f16-f16", mma="16x16x16"))
    workgroup = dict(scope="workgroup", tile="32x32x32")
    assert device(*khr, l1("s8-s32", **workgroup, workgroup_invocations=64)) == "ran"
    with pytest.raises(DeviceSkip, match="no such workgroup-scope matrix"):
        device(*khr, l1("s8-s32", **workgroup, workgroup_invocations=128))
    with pytest.raises(DeviceSkip, match="lacks shaderInt8"):
        device({"shaderInt8"}, set())


def test_unlocated_or_unknown_errors_are_failures():
    assert refusal_reason("error: lower-to-coopmat: x is not supported by y") is None
    assert refusal_reason("f.mlir:1:2: error: something new") is None
    assert (
        refusal_reason(
            "f.mlir:1:2: error: lower-to-coopmat: f16 x f16 -> f64 is "
            "not supported by generic"
        )
        == "type not on target"
    )
    with pytest.raises(CaseFailure):
        raise InvalidModule(Case(1, 1, 1, "f16-f32", "generic"), "spirv-val", "bad")
    assert issubclass(UndocumentedRefusal, AssertionError)
