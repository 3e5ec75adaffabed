"""The whole pipeline as one property, for the fuzz test
(test_pipeline_fuzz.py) and the long run (bench/fuzz_pipeline.py).

A `Case` is one contraction (M, N, K, element types, transposed operands,
batch, fill), a target and an explicit or partial configuration. `check_case`
takes it L0 -> `lower-to-coopmat` (L1) -> `coopmat-to-simt` (L2) -> SPIR-V
(KHR and, where it exists, NV for L1; SIMT for L2) and judges it:

- the interpreter agrees at every level: L1 and L2 against L0 on the same
  random data (integers exactly; floats within the accumulation-order bounds
  of test_lower_to_coopmat_differential / test_simt_matmul);
- every emitted SPIR-V module passes spirv-val;
- with `device`, the SIMT kernel runs on that Vulkan device (lavapipe) and
  agrees with L0 as L2 does;
- a `CompileError` is fine only if it is located and one of the documented
  unsupported inputs (`REFUSALS`); it ends the case (or, for a SPIR-V flavor
  or the SIMT route of a matrix target, that branch) and is counted by reason.

Anything else raises a `CaseFailure`: `Crash` (any other exception),
`InvalidModule` (spirv-val), `Mismatch` or `UndocumentedRefusal`.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass, field

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import SpirvToolError, validate
from coopmlir.targets import TARGETS
from support.device_runs import DeviceSkip, device_target, matrix_uses
from support.error_model import accumulator_eps, matmul_magnitude, sum_tolerance
from support.lowering import interpreted
from support.matmul_programs import (
    TYPES,
    contraction_source,
    operand_shapes,
    random_operands_of,
)

# Documented unsupported inputs (docs/passes/lower-to-coopmat.md "Not supported",
# docs/passes/convert-to-spirv.md): reason -> pattern of the message after `file:line:col: error: `.
REFUSALS = {
    "type not on target": r"lower-to-coopmat: \S+ x \S+ -> \S+ is not supported by",
    "f32 needs SIMT": r"lower-to-coopmat: f32 x f32 -> f32 needs a target without",
    "mma not on target": r"lower-to-coopmat: mma=\S+ is not a .* shape of",
    "tile vs subgroups": r"lower-to-coopmat: tile \S+ does not divide into",
    "tile vs mma": r"lower-to-coopmat: tile \S+ with subgroups \S+ is not a multiple",
    "workgroup too large": r"lower-to-coopmat: .*make a workgroup of \d+, more than",
    "workgroup memory": r"lower-to-coopmat: .*bytes of workgroup memory.*, more than",
    "staging split": r"lower-to-coopmat: .*do not split evenly over \d+ work-items",
    "accumulator registers": r"lower-to-coopmat: .*needs more accumulator registers",
    "NV bf16 matrices": r"bf16 matrices need coopmat=khr",
    "NV integer matrices": r"integer matrices are not supported with coopmat=nv",
    # kernel=simt-tiled (docs/features/simt-tiled-kernel.md; simt_tiling.py)
    "micro-tile odd": r"lower-to-coopmat: micro-tile \S+ must be even",
    "tile vs micro-tile": r"lower-to-coopmat: tile \S+ is not a multiple of the micro",
    "SIMT workgroup vs subgroup": r"work-items, not a multiple of \S+'s subgroup size",
    "SIMT workgroup too large": r"needs \d+ work-items per workgroup, more than",
    "xor rows vs chunks": r"smem-layout=xor swizzles \d+-byte chunks",
    # scope=workgroup (docs/features/workgroup-scope.md)
    "workgroup scope: layout": r"scope=workgroup lowers static, non-batched matmuls",
    "workgroup scope: bf16": r"scope=workgroup does not take bf16",
    "workgroup scope: type": r"-> \S+ has no matrix units on",
    "workgroup scope: tile": r"scope=workgroup tile \S+ must be a multiple of",
    "workgroup scope: invocations": r"workgroup-invocations=\d+(:| must be)",
    "workgroup scope: stages": r"scope=workgroup takes stages=1 .* or 2 .*, not",
    "workgroup matrices on SIMT": r"workgroup matrices have no SIMT lowering",
    # coopmlir.grouped_matmul (docs/features/grouped-products.md): f32 on h100-vulkan and
    # generic, whose matrix units take no f32 (nothing else lowers the gather)
    "grouped type not on target": r"'coopmlir.grouped_matmul': \S+ has no .* "
    r"cooperative-matrix shape",
}
LOCATED = re.compile(r"^[^\s:]+:\d+:\d+: error: ")

# Sizes at the edges: 1, small primes, and around the tile sizes 16..256.
EDGE_SIZES = sorted(
    {1, 2, 3, 5, 7, 8, 13, 17, 31, 37, 61, 97, 127, 131, 251, 257}
    | {t + d for t in (16, 32, 64, 128, 256) for d in (-1, 0, 1)}
)
TARGET_NAMES = ("generic", "h100-vulkan", "simt", "lavapipe")
#: Case fields passed to lower-to-coopmat only when given.
OPTIONAL_OPTIONS = (
    "raster",
    "split_k",
    "kernel",
    "micro_tile",
    "smem_layout",
    "scope",
    "workgroup_invocations",
    "pretranspose",
)
TRANSPOSES = ("", "a", "b", "c", "ab", "abc")
# Each type's component names as targets list them (a, b, c, result).
COMPONENTS = {
    "f16-f32": ("f16", "f16", "f32", "f32"),
    "f16-f16": ("f16", "f16", "f16", "f16"),
    "bf16-f32": ("bf16", "bf16", "f32", "f32"),
    "s8-s32": ("s8", "s8", "s32", "s32"),
    "u8-u32": ("u8", "u8", "u32", "u32"),
    "f32-f32": ("f32", "f32", "f32", "f32"),
}


@dataclass(frozen=True)
class Case:
    """One input and its options; `str(case)` reproduces it."""

    m: int
    n: int
    k: int
    types: str  # a key of TYPES
    target: str
    transposed: str = ""  # letters of the operands stored transposed
    named: bool = False  # linalg.matmul_transpose_a|b instead of indexing_maps
    batch: int | None = None
    fill: bool = False
    tile: str | None = None
    subgroups: str | None = None
    mma: str | None = None
    stages: int | None = None
    raster: int | None = None
    split_k: int | None = None
    kernel: str | None = None  # simt-tiled (None: the default kernel)
    micro_tile: str | None = None
    smem_layout: str | None = None  # kernel=simt-tiled: pad or xor
    scope: str | None = None  # workgroup (None: subgroup)
    workgroup_invocations: int | None = None
    pretranspose: str | None = None  # none, a, b or ab (pretranspose.py)
    seed: int = 0

    def source(self) -> str:
        return contraction_source(
            self.m,
            self.n,
            self.k,
            self.types,
            transposed=self.transposed,
            named=self.named,
            batch=self.batch,
            fill=self.fill,
        )

    def options(self) -> dict:
        fields = dict(tile=self.tile, subgroups=self.subgroups, mma=self.mma)
        for name in OPTIONAL_OPTIONS:
            if getattr(self, name) is not None:
                fields[name] = getattr(self, name)
        return dict(target=self.target, stages=self.stages, **fields)

    def pass_options(self) -> str:
        """The `--lower-to-coopmat="..."` text of these options."""
        return " ".join(f"{k}={v}" for k, v in self.options().items() if v is not None)


@dataclass
class Outcome:
    """What a case did: levels compared, modules validated, refusals by
    reason (a refusal of the whole case or of one branch)."""

    levels: list[str] = field(default_factory=list)
    modules: int = 0
    refusals: list[str] = field(default_factory=list)
    device_runs: int = 0
    #: Device runs not made, by reason (`DeviceSkip`).
    device_skips: list[str] = field(default_factory=list)


class CaseFailure(AssertionError):
    kind = "failure"

    def __init__(self, case: Case, stage: str, detail: str):
        super().__init__(f"{self.kind} at {stage} for {case!r}:\n{detail}")
        self.case, self.stage, self.detail = case, stage, detail


class Crash(CaseFailure):
    kind = "crash"


class InvalidModule(CaseFailure):
    kind = "invalid module"


class Mismatch(CaseFailure):
    kind = "mismatch"


class UndocumentedRefusal(CaseFailure):
    kind = "undocumented refusal"


def refusal_reason(message: str, extra: dict | None = None) -> str | None:
    """The documented reason for a located CompileError message, or None."""
    if not LOCATED.match(message):
        return None
    for reason, pattern in {**REFUSALS, **(extra or {})}.items():
        if re.search(pattern, message):
            return reason
    return None


class _Stage:
    """Runs one stage: a documented refusal becomes `Refused`, anything else
    that escapes becomes a CaseFailure."""

    def __init__(self, case: Case, name: str, extra: dict | None = None):
        self.case, self.name, self.extra = case, name, extra

    def __enter__(self):
        return self

    def __exit__(self, kind, err, tb):
        if err is None or isinstance(err, CaseFailure | DeviceSkip):
            return False
        if isinstance(err, CompileError):
            reason = refusal_reason(str(err), self.extra)
            if reason is None:
                raise UndocumentedRefusal(self.case, self.name, str(err)) from err
            raise Refused(reason) from err
        if isinstance(err, SpirvToolError):
            raise InvalidModule(self.case, self.name, str(err)) from err
        detail = "".join(traceback.format_exception(kind, err, tb))
        raise Crash(self.case, self.name, detail) from err


class Refused(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


# --------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------


def sizes(largest: int = 300) -> st.SearchStrategy[int]:
    """1..largest, mostly at the edges (1, primes, tile +/- 1)."""
    edges = [s for s in EDGE_SIZES if s <= largest]
    return st.one_of(st.sampled_from(edges), st.integers(1, largest))


def _supported_types(target: str) -> list[str]:
    combos = TARGETS[target].type_combinations()
    return [t for t, c in COMPONENTS.items() if c in combos]


@st.composite
def configurations(draw, target: str, types: str) -> dict:
    """Options for `target`: the cost model's (none given), a configuration
    built to fit (subgroups x fragments x an mma shape the target lists for
    the types), a partial one, or arbitrary values (often refused); any of
    these with a split_k (1..8) or raster. On a target without matrix units
    also `kernel=simt-tiled` (its own options), on one with
    VK_NV_cooperative_matrix2 `scope=workgroup`."""
    spec = TARGETS[target]
    kinds = ["model", "fit", "fit", "fit", "partial", "any"]
    if not spec.has_matrix_units:
        kinds += ["simt-tiled", "simt-tiled"]
    if spec.cooperative_matrix2:
        kinds += ["workgroup", "workgroup"]
    kind = draw(st.sampled_from(kinds))
    if kind == "simt-tiled":
        return draw(simt_tiled_options())
    if kind == "workgroup":
        return draw(workgroup_options())
    config = draw(fragment_options(target, types, kind))
    # The default split is the fill heuristic (cases draws deep K for it).
    if draw(st.integers(0, 3)) == 0:
        config["split_k"] = draw(st.integers(1, 8))
    if draw(st.integers(0, 5)) == 0:
        config["raster"] = draw(st.sampled_from([1, 2, 3, 8]))
    if draw(st.integers(0, 5)) == 0:
        config["pretranspose"] = draw(st.sampled_from(["a", "b", "ab", "none"]))
    return config


@st.composite
def fragment_options(draw, target: str, types: str, kind: str) -> dict:
    """The fragment kernel's tile, subgroups, mma and stages of `kind`."""
    shapes = TARGETS[target].shapes_for(COMPONENTS[types]) or TARGETS[
        target
    ].shapes_for(COMPONENTS["f16-f32"])
    stages = draw(st.sampled_from([None, 0, 1, 2, 3, 4]))
    if kind == "model":
        return dict(stages=stages)
    if kind == "any":
        dims = st.sampled_from([8, 16, 24, 32, 48, 64, 128, 256])
        return dict(
            tile=f"{draw(dims)}x{draw(dims)}x{draw(dims)}",
            subgroups=f"{draw(st.sampled_from([1, 2, 3, 4]))}x"
            f"{draw(st.sampled_from([1, 2, 4, 8]))}",
            mma=draw(st.sampled_from([None, "16x16x16", "16x8x16", "16x8x8"])),
            stages=stages,
        )
    s = draw(st.sampled_from(shapes))
    sm, sn = draw(st.sampled_from([1, 2, 4])), draw(st.sampled_from([1, 2, 4]))
    fm, fn = draw(st.sampled_from([1, 2])), draw(st.sampled_from([1, 2]))
    tk = s.k * draw(st.sampled_from([1, 2]))
    config = dict(
        tile=f"{sm * fm * s.m}x{sn * fn * s.n}x{tk}",
        subgroups=f"{sm}x{sn}",
        mma=f"{s.m}x{s.n}x{s.k}",
        stages=stages,
    )
    if kind == "partial":
        dropped = draw(st.sampled_from(["subgroups", "mma", "tile"]))
        config[dropped] = None
    return config


@st.composite
def simt_tiled_options(draw) -> dict:
    """`kernel=simt-tiled` with the model's or a given tile and micro-tile
    (some do not fit: odd, not dividing, too many work-items)."""
    tile = draw(
        st.sampled_from(
            [None, "32x32x8", "64x32x8", "64x64x8", "32x32x16", "48x48x8"]
            + ["128x64x16", "16x16x4", "128x128x8", "256x256x8"]
        )
    )
    micro = draw(
        st.sampled_from([None, "2x2", "4x4", "4x8", "8x4", "8x8", "6x6", "3x4"])
    )
    layout = draw(st.sampled_from([None, "pad", "xor"]))
    return dict(kernel="simt-tiled", tile=tile, micro_tile=micro, smem_layout=layout)


@st.composite
def workgroup_options(draw) -> dict:
    """`scope=workgroup` with the default or a given tile, work-item count
    and stages (some are refused: not a multiple of the smallest matrix, of
    the subgroup; stages=3)."""
    tile = draw(
        st.sampled_from(
            [None, "32x32x32", "64x64x32", "32x64x32", "64x32x64", "128x64x32"]
            + ["16x16x16", "24x32x32"]
        )
    )
    threads = draw(st.sampled_from([None, 64, 128, 256, 32, 48]))
    stages = draw(st.sampled_from([None, None, 1, 2, 2, 3]))
    return dict(
        scope="workgroup", tile=tile, workgroup_invocations=threads, stages=stages
    )


@st.composite
def cases(
    draw, largest: int = 300, targets=TARGET_NAMES, max_volume: int = 3_000_000
) -> Case:
    """A random case: mostly a type the target supports, sometimes any."""
    target = draw(st.sampled_from(targets))
    supported = _supported_types(target)
    types = draw(
        st.one_of(st.sampled_from(supported), st.sampled_from(list(TYPES)))
        if draw(st.integers(0, 9)) == 0
        else st.sampled_from(supported)
    )
    m, n, k = draw(sizes(largest)), draw(sizes(largest)), draw(sizes(largest))
    if draw(st.integers(0, 9)) == 0:
        # Deep K under a few output tiles: the split-K fill heuristic's case.
        m, n, k = min(m, 64), min(n, 64), draw(st.integers(512, 2048))
    batch = draw(st.sampled_from([None, None, None, 1, 2, 3]))
    # Bounded work per case: shrink K, then N, until the volume fits.
    while m * n * k * (batch or 1) > max_volume and k > 1:
        k = max(1, k // 2)
    while m * n * k * (batch or 1) > max_volume and n > 1:
        n = max(1, n // 2)
    named = draw(st.integers(0, 7)) == 0 and batch is None
    transposed = (
        draw(st.sampled_from(["a", "b"]))
        if named
        else draw(st.sampled_from(TRANSPOSES))
    )
    config = draw(configurations(target, types))
    if config.get("scope") == "workgroup" and draw(st.integers(0, 3)) < 3:
        # Mostly what scope=workgroup lowers: row-major, not batched.
        transposed, named, batch = "", False, None
    return Case(
        m,
        n,
        k,
        types,
        target,
        transposed=transposed,
        named=named,
        batch=batch,
        fill=draw(st.booleans()),
        seed=draw(st.integers(0, 2**16)),
        **config,
    )


# --------------------------------------------------------------------------
# The property
# --------------------------------------------------------------------------


def _compare(case: Case, level: str, got, want, operands, slack: float) -> None:
    """`got` against the L0 result `want`: integers exactly, floats within
    slack * (K + 2) * eps * (|A| @ |B| + |C0|) (bf16 inputs: f32's eps)."""
    if got.dtype.kind in "iu":
        if not np.array_equal(got, want):
            bad = np.argwhere(got != want)
            raise Mismatch(case, level, f"{len(bad)} elements differ, first {bad[0]}")
        return
    a, b, c0 = operands
    magnitude = matmul_magnitude(a, b, None if case.fill else c0, case.transposed)
    eps = accumulator_eps(TYPES[case.types][0], want.dtype)
    tolerance = sum_tolerance(slack * (case.k + 2), eps, magnitude)
    error = np.abs(got.astype(np.float64) - want.astype(np.float64))
    if not np.all(error <= tolerance):
        worst = np.unravel_index(np.argmax(error - tolerance), error.shape)
        raise Mismatch(
            case,
            level,
            f"error {error[worst]:.3g} > tolerance {tolerance[worst]:.3g} at {worst}",
        )


def _run(module, operands) -> np.ndarray:
    return interpreted(module, "matmul", operands)[2]


def _spirv(case: Case, module, flavor: str, outcome: Outcome, level: str = "L1"):
    """Compile every kernel of `module` and validate it; a documented refusal
    of this flavor is counted, not raised."""
    try:
        with _Stage(case, f"convert-to-spirv{{coopmat={flavor}}} of {level}"):
            kernels = compile_kernels(module, coopmat=flavor)
        with _Stage(case, f"spirv-val ({flavor}, {level})"):
            for kernel in kernels:
                validate(kernel.spirv)
                outcome.modules += 1
    except Refused as refused:
        outcome.refusals.append(refused.reason)
        return None
    return kernels


def check_case(
    case: Case, *, simt_spirv: bool = True, device=None, l2_of_matrix: bool = True
) -> Outcome:
    """Run the property on `case` (see the module docstring). `simt_spirv`:
    also compile L2 to SPIR-V for targets with matrix units (always done for
    SIMT targets); `l2_of_matrix`: run coopmat-to-simt for them at all;
    `device`: a VulkanDevice factory `(features, extensions) -> device`
    (device_runs) to run the kernels on where the case's target is the
    device's."""
    outcome = Outcome()
    if device is not None and device_target(device) != case.target:
        device = None
    source = case.source()
    target = TARGETS[case.target]
    with _Stage(case, "parse"):
        reference = parse_module(source)
    shapes = operand_shapes(case.m, case.n, case.k, case.transposed, case.batch)
    operands = random_operands_of(shapes, case.types, np.random.default_rng(case.seed))
    with _Stage(case, "interpret L0"):
        want = _run(reference, operands)
    try:
        with _Stage(case, f"lower-to-coopmat{{{case.pass_options()}}}"):
            l1 = parse_module(source)
            LowerToCoopmat(**case.options()).apply(Context(), l1)
            l1.verify()
    except Refused as refused:
        unchanged = parse_module(source)
        if str(l1) != str(unchanged):
            raise Crash(
                case, "lower-to-coopmat", "a refusal changed the module"
            ) from None
        outcome.refusals.append(refused.reason)
        return outcome
    with _Stage(case, "interpret L1"):
        got = _run(l1, operands)
    _compare(case, "L1", got, want, operands, slack=1)
    outcome.levels.append("L1")
    if target.has_matrix_units:
        if case.scope == "workgroup":  # only NV2 has workgroup-scope matrices
            l1_kernels = _spirv(case, l1, "nv2", outcome)
        else:
            l1_kernels = _spirv(case, l1, "khr", outcome)
            _spirv(case, l1, "nv", outcome)
        if device is not None and l1_kernels is not None:
            _device_level(
                case, "Vulkan L1", l1, l1_kernels, operands, want, device, outcome
            )
        if not l2_of_matrix:
            return outcome
    try:
        with _Stage(case, "coopmat-to-simt"):
            l2 = l1.clone()
            CoopmatToSimt().apply(Context(), l2)
            l2.verify()
    except Refused as refused:
        outcome.refusals.append(refused.reason)
        return outcome
    with _Stage(case, "interpret L2"):
        got = _run(l2, operands)
    _compare(case, "L2", got, want, operands, slack=2)
    outcome.levels.append("L2")
    if target.has_matrix_units and not simt_spirv:
        return outcome
    kernels = _spirv(case, l2, "khr", outcome, "L2")
    if device is None or kernels is None:
        return outcome
    _device_level(case, "Vulkan", l2, kernels, operands, want, device, outcome)
    return outcome


def _device_level(case, level, module, kernels, operands, want, device, outcome):
    """Run `module`'s host function on the device and compare with L0; a
    `DeviceSkip` is counted."""
    try:
        got = run_on_device(case, module, kernels, operands, device)
    except DeviceSkip as skip:
        outcome.device_skips.append(skip.reason)
        return
    _compare(case, level, got, want, operands, slack=2)
    outcome.device_runs += 1


def run_on_device(case: Case, module, kernels, operands, device) -> np.ndarray:
    """Run the host function of `module` (L2, or L1 of a matrix target) on
    a device from `device`, told the matrices the kernels multiply."""
    from coopmlir.runtime.launch import device_needs, run_host_function

    arrays = [x.copy() for x in operands]
    features, extensions = device_needs({k.name: k for k in kernels})
    matrices = matrix_uses(module)
    needs = (features, extensions, matrices) if matrices else (features, extensions)
    with _Stage(case, "Vulkan run"), device(*needs) as gpu:
        run_host_function(module, "matmul", {k.name: k for k in kernels}, arrays, gpu)
    return arrays[2]


FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
