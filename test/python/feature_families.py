"""The `epilogue`, `conv`, `dynamic` and `attention` families of the
pipeline fuzzer (fuzz_families.py), drawn with the programs of their own
tests: epilogue_cases.EpilogueCase, test_lower_to_coopmat_convolution's
`conv_source`, test_dynamic_shapes' `source` (one module, several run-time
sizes) and attention_programs. One property for all (`_levels`): L0, L1
(lower-to-coopmat) and L2 (coopmat-to-simt) on the interpreter agree with
the family's own numpy reference (so with each other); the L1 kernels of a
matrix target (KHR) and the L2 kernels of a SIMT target pass spirv-val; with
a device, the lavapipe SIMT kernel agrees too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import attention_programs as ap
import numpy as np
import pipeline_cases as pc
import test_dynamic_shapes as dyn
import test_lower_to_coopmat_convolution as conv
from epilogue_cases import ACTIVATIONS, EpilogueCase
from hypothesis import strategies as st
from printed_forms import PRINTED_FORMS, MlirOptFailed, mlir_printed
from xdsl.context import Context

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.interpreter.attention import attention
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat, recognize_front_ends
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import device_needs, run_host_function
from coopmlir.spirv.tools import validate
from coopmlir.targets import TARGETS

#: Located refusals of these families (README "Convolutions", "Fused
#: attention"), besides pipeline_cases.REFUSALS.
REFUSALS = {
    "dilation vs padding": r"a dilated convolution with padding \S+ beyond the kernel",
    "attention type not on target": r"attention on \S+ needs .* shape on \S+",
    "attention head dimensions": r"the head dimensions \(D=\d+, Dv=\d+\) must be",
    "attention registers": r"head dimension Dv=\d+ needs \d+ bytes of accumulators",
    # The Vulkan runtime runs the host function's kernel launches only (README
    # "Running on a GPU"): an epilogue left unfused (a remark) stays host linalg.
    "host code on device": r"host code other than kernel launches .* cannot run",
    # SPV_NV_cooperative_matrix (coopmat=nv, README "SPIR-V"): no element-wise
    # matrix multiply, no reduce/apply/transpose.
    "NV matrix ops": r"has no SPIR-V lowering with coopmat=nv",
}


@dataclass
class _Run:
    """One execution: the arguments of the L0 function and of the lowered
    one (a tensor function returns its result: `out` None), and `close`
    (got, level) raising AssertionError when got is wrong."""

    l0: list
    l0_out: int | None
    lowered: list
    lowered_out: int
    close: Callable


def _stage(case, name: str) -> pc._Stage:
    return pc._Stage(case, name, REFUSALS)


def _execute(module, fn: str, arrays: list, out: int | None) -> np.ndarray:
    arrays = [a.copy() for a in arrays]
    results = run_function(module, fn, arrays)
    return np.asarray(results[0]) if out is None else arrays[out]


def _judge(case, run: _Run, got, level: str) -> None:
    try:
        run.close(got, level)
    except AssertionError as err:
        raise pc.Mismatch(case, level, str(err)[:2000]) from None


def _validate(case, module, level: str, outcome: pc.Outcome, flavor="khr"):
    with _stage(case, f"convert-to-spirv{{coopmat={flavor}}} of {level}"):
        kernels = compile_kernels(module, coopmat=flavor)
    with _stage(case, f"spirv-val ({flavor}, {level})"):
        for kernel in kernels:
            validate(kernel.spirv)
            outcome.modules += 1
    return kernels


def _validate_matrices(case, l1, outcome: pc.Outcome) -> None:
    """The L1 kernels of a matrix target as KHR and as NV SPIR-V (NV's
    documented refusals counted)."""
    _validate(case, l1, "L1", outcome)
    try:
        _validate(case, l1, "L1", outcome, flavor="nv")
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)


def _source(case, text: str, form: str | None) -> str:
    """The program, or what mlir-opt-22 prints of it in `form`."""
    if form is None:
        return text
    try:
        return mlir_printed(text, form)
    except MlirOptFailed as failed:
        raise pc.Crash(case, f"mlir-opt-22 ({form})", str(failed)) from None


def _lower(case, text: str, target: str, options: dict):
    """L1 of `text`; a refusal (Refused) must leave the module as parsed."""
    l1 = parse_module(text, "case.mlir")
    try:
        with _stage(case, f"lower-to-coopmat{{target={target}}}"):
            LowerToCoopmat(target=target, **options).apply(Context(), l1)
            l1.verify()
    except pc.Refused:
        # Recognized forms (attention, chains, named contractions) are left
        # rewritten: equivalent, as recognize_front_ends documents.
        recognized = parse_module(text, "case.mlir")
        recognize_front_ends(recognized)
        if str(l1) not in (str(parse_module(text, "case.mlir")), str(recognized)):
            detail = "a refusal changed the module"
            raise pc.Crash(case, "lower-to-coopmat", detail) from None
        raise
    return l1


def _levels(case, text, fn, runs, target, options, device=None) -> pc.Outcome:
    """The property of this module's families (module doc) on one program."""
    outcome = pc.Outcome()
    with _stage(case, "parse"):
        l0 = parse_module(text, "case.mlir")
    for run in runs:
        with _stage(case, "interpret L0"):
            got = _execute(l0, fn, run.l0, run.l0_out)
        _judge(case, run, got, "L0")
    try:
        l1 = _lower(case, text, target, options)
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)
        return outcome
    for run in runs:
        with _stage(case, "interpret L1"):
            got = _execute(l1, fn, run.lowered, run.lowered_out)
        _judge(case, run, got, "L1")
    outcome.levels.append("L1")
    matrix = TARGETS[target].has_matrix_units
    if matrix:
        _validate_matrices(case, l1, outcome)
    with _stage(case, "coopmat-to-simt"):
        l2 = l1.clone()
        CoopmatToSimt(subgroup_size=TARGETS[target].subgroup_size).apply(Context(), l2)
        l2.verify()
    for run in runs:
        with _stage(case, "interpret L2"):
            got = _execute(l2, fn, run.lowered, run.lowered_out)
        _judge(case, run, got, "L2")
    outcome.levels.append("L2")
    if matrix:  # SIMT SPIR-V of matrix-unit tiles is slow: the long run's job
        return outcome
    kernels = {k.name: k for k in _validate(case, l2, "L2", outcome)}
    if device is None or target != "lavapipe":
        return outcome
    features, extensions = device_needs(kernels)
    try:
        with _stage(case, "Vulkan run"), device(features, extensions) as gpu:
            for run in runs:
                arrays = [a.copy() for a in run.lowered]
                run_host_function(l2, fn, kernels, arrays, gpu)
                _judge(case, run, arrays[run.lowered_out], "Vulkan")
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)
        return outcome
    outcome.device_runs += 1
    return outcome


# --------------------------------------------------------------------------
# epilogue: matmul + bias + activation + alpha/beta + cast
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class EpilogueFuzzCase:
    program: EpilogueCase
    target: str = "generic"
    seed: int = 0


@st.composite
def epilogue_cases(draw, largest: int = 48, lavapipe: bool = False):
    """As test_lower_to_coopmat_epilogue.test_random_epilogues draws them."""
    bias = draw(st.sampled_from([None, "row", "col"]))
    broadcast = bias is not None and draw(st.booleans())
    program = EpilogueCase(
        draw(st.sampled_from([16, 32, 48, 33, 1, 17])),
        draw(st.sampled_from([16, 32, 48])),
        draw(st.integers(1, min(largest, 40))),
        out=draw(st.sampled_from(["f16", "f32"])),
        bias=bias,
        broadcast=broadcast,
        bias_type="f32" if broadcast else draw(st.sampled_from(["f32", "f16"])),
        activation=draw(st.sampled_from([None, *ACTIVATIONS])),
        alpha_beta=draw(st.sampled_from([None, (1.5, -0.5), (1.0, 1.0)])),
        tensor=draw(st.booleans()),
    )
    target = "lavapipe" if lavapipe else draw(st.sampled_from(["generic", "lavapipe"]))
    return EpilogueFuzzCase(program, target, draw(st.integers(0, 2**16)))


def check_epilogue(
    case: EpilogueFuzzCase, device=None, form: str | None = None, **_
) -> pc.Outcome:
    p = case.program
    args = p.arguments(np.random.default_rng(case.seed))
    l0_args = (args if p.alpha_beta else args[:-1]) if p.tensor else args
    run = _Run(
        l0_args,
        None if p.tensor else -1,
        args,
        -1,
        lambda got, level: p.check(got, args, level),
    )
    options = dict(tile="32x16x16", subgroups="2x1")
    if case.target == "lavapipe":
        options["mma"] = "16x8x8"
    text = _source(case, p.source(), form)
    return _levels(case, text, "epilogue", [run], case.target, options, device)


# --------------------------------------------------------------------------
# conv: linalg.conv_2d_nhwc_{hwcf,fhwc}, strides, dilations, padding
# --------------------------------------------------------------------------

CONV_TYPES = [("f16", "f32"), ("f16", "f16"), ("bf16", "f32"), ("i8", "i32")]
CONV_TYPES += [("f32", "f32")]


@dataclass(frozen=True)
class ConvCase:
    #: (N, H, W, C, F, (KH, KW), strides, dilations, padding, layout, a, acc)
    conv: tuple
    seed: int = 0


@st.composite
def conv_cases(draw, largest: int = 9, lavapipe: bool = False):
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    s = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    d = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    p = draw(st.integers(0, 2))
    # The output must have a row and a column: H + 2p >= d (KH - 1) + 1.
    h = draw(st.integers(max(1, d[0] * (kh - 1) + 1 - 2 * p), largest))
    w = draw(st.integers(max(1, d[1] * (kw - 1) + 1 - 2 * p), largest))
    a, acc = draw(st.sampled_from(CONV_TYPES))
    channels = st.one_of(st.sampled_from([8, 16, 24, 32]), st.integers(1, 20))
    layout = draw(st.sampled_from(["hwcf", "fhwc"]))
    case = (draw(st.integers(1, 2)), h, w, draw(channels), draw(channels))
    case += ((kh, kw), s, d, p, layout, a, acc)
    return ConvCase(case, draw(st.integers(0, 2**16)))


def check_conv(case: ConvCase, device=None, form: str | None = None, **_) -> pc.Outcome:
    x, w, y = conv.operands(case.conv, case.seed)
    want = conv.reference(case.conv, x, w, y)
    run = _Run(
        [x, w, y], 2, [x, w, y], 2, lambda got, _: conv.check(case.conv, got, want)
    )
    text = _source(case, conv.conv_source(case.conv), form)
    outcome = _levels(case, text, "conv", [run], "lavapipe", {}, device)
    if outcome.levels and case.conv[-2] in ("f16", "i8"):
        # The cooperative-matrix kernel of the same program, as KHR SPIR-V.
        try:
            l1 = _lower(case, text, "h100-vulkan", {})
        except pc.Refused as refused:
            outcome.refusals.append(refused.reason)
            return outcome
        _validate_matrices(case, l1, outcome)
    return outcome


# --------------------------------------------------------------------------
# dynamic: memref<?x?xT> matmuls, one module at several run-time sizes
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class DynamicCase:
    form: str  # matmul, ab, batch
    sizes: tuple  # of (M, N, K)
    target: str
    config: int  # index of test_dynamic_shapes.CONFIGS
    seed: int = 0


@st.composite
def dynamic_cases(draw, largest: int = 70, lavapipe: bool = False):
    size = pc.sizes(largest)
    count = draw(st.integers(1, 3))
    sizes = tuple((draw(size), draw(size), draw(size)) for _ in range(count))
    targets = ["lavapipe"] if lavapipe else ["generic", "h100-vulkan", "lavapipe"]
    return DynamicCase(
        draw(st.sampled_from(["matmul", "ab", "batch"])),
        sizes,
        draw(st.sampled_from(targets)),
        draw(st.integers(0, len(dyn.CONFIGS) - 1)),
        draw(st.integers(0, 2**16)),
    )


def check_dynamic(
    case: DynamicCase, device=None, form: str | None = None, **_
) -> pc.Outcome:
    runs = []
    for i, (m, n, k) in enumerate(case.sizes):
        inputs, want = dyn.operands(case.form, m, n, k, case.seed + i)

        def close(got, level, want=want, k=k, mnk=(m, n, k)):
            dyn.check(got, want, k, f"{level} at {mnk}")

        runs.append(_Run(inputs, 2, inputs, 2, close))
    options = dyn.CONFIGS[case.config]
    text = _source(case, dyn.source(case.form), form)
    return _levels(case, text, "matmul", runs, case.target, options, device)


# --------------------------------------------------------------------------
# attention: coopmlir.attention, linalg.softmax, decomposed softmax
# --------------------------------------------------------------------------

#: Error bound of the fused result against f64 (test_attention.TOLERANCE).
ATTENTION_TOLERANCE = {"f16": 4e-3, "bf16": 3e-2, "f32": 1e-4}


@dataclass(frozen=True)
class AttentionCase:
    form: str  # op, softmax, decomposed
    lead: tuple
    s: int
    keys: int
    d: int
    dv: int
    ty: str = "f16"
    out: str = "f32"
    scale: float = 0.25
    mask: str | None = None
    causal: bool = False
    target: str = "lavapipe"
    seed: int = 0


@st.composite
def attention_cases(draw, largest: int = 40, lavapipe: bool = False):
    target = "lavapipe" if lavapipe else draw(st.sampled_from(["lavapipe", "generic"]))
    heads = [16, 32, 64] if target == "generic" else [16, 32]
    return AttentionCase(
        draw(st.sampled_from(["op", "softmax", "decomposed"])),
        draw(st.sampled_from([(), (1,), (2,)])),
        draw(st.integers(1, largest)),
        draw(st.integers(1, largest)),
        draw(st.sampled_from(heads)),
        draw(st.sampled_from(heads)),
        ty=draw(st.sampled_from(["f16", "bf16"])),
        out=draw(st.sampled_from(["f32", "f16"])),
        scale=draw(st.sampled_from([0.25, -0.5, 0.125])),
        mask=draw(st.sampled_from([None, "full", "2d"])),
        causal=draw(st.booleans()),
        target=target,
        seed=draw(st.integers(0, 2**16)),
    )


def check_attention(
    case: AttentionCase, device=None, form: str | None = None, **_
) -> pc.Outcome:
    c = case
    text = ap.attention_program(
        c.form, c.lead, c.s, c.keys, c.d, c.dv, c.ty, c.out, c.scale, c.mask, c.causal
    )
    text = _source(case, text, form)
    rng = np.random.default_rng(c.seed)
    arrays = ap.inputs(rng, c.lead, c.s, c.keys, c.d, c.dv, c.ty, c.mask)
    mask = arrays[3] if c.mask else None
    exact = attention(*arrays[:3], c.scale, mask, c.causal)
    tolerance = ATTENTION_TOLERANCE[c.ty] + (1e-3 if c.out == "f16" else 0)
    out = np.zeros((*c.lead, c.s, c.dv), np.float32 if c.out == "f32" else np.float16)

    def close(got, level):
        np.testing.assert_allclose(got, exact, atol=tolerance, err_msg=level)

    run = _Run(arrays, None, [*arrays, out], -1, close)
    return _levels(case, text, "attn", [run], c.target, {}, device)


# --------------------------------------------------------------------------
# printed: the programs above as mlir-opt-22 prints them
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class PrintedFeatureCase:
    """A case of one of the families above, read as mlir-opt-22 prints its
    program (printed_forms.PRINTED_FORMS)."""

    case: EpilogueFuzzCase | ConvCase | DynamicCase | AttentionCase
    form: str = "generic"


_CHECKS: dict[type, Callable[..., pc.Outcome]] = {
    EpilogueFuzzCase: check_epilogue,
    ConvCase: check_conv,
    DynamicCase: check_dynamic,
    AttentionCase: check_attention,
}


LINALG = ["softmax", "decomposed"]


@st.composite
def printed_feature_cases(draw, largest: int | None = None, lavapipe: bool = False):
    """A program of any feature family (each at its own default sizes unless
    `largest`), in a printed form. Attention is drawn in its linalg forms:
    mlir-opt-22 does not know the coopmlir.attention op."""
    sizes = {} if largest is None else {"largest": largest}
    family = draw(st.sampled_from(["epilogue", "conv", "dynamic", "attention"]))
    strategy = {
        "epilogue": epilogue_cases,
        "conv": conv_cases,
        "dynamic": dynamic_cases,
        "attention": attention_cases,
    }[family]
    case = draw(strategy(lavapipe=lavapipe, **sizes))
    if isinstance(case, AttentionCase):
        form = case.form if case.form != "op" else draw(st.sampled_from(LINALG))
        # mlir-opt-22 builds a bf16 x bf16 -> f16 product's body without a
        # cast (addf of f16 and bf16) and rejects it: f32 results there.
        out = "f32" if case.ty == "bf16" else case.out
        case = replace(case, form=form, out=out)
    return PrintedFeatureCase(case, draw(st.sampled_from(sorted(PRINTED_FORMS))))


def check_printed_feature(case: PrintedFeatureCase, device=None, **_) -> pc.Outcome:
    return _CHECKS[type(case.case)](case.case, device=device, form=case.form)
