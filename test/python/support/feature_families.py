"""The `epilogue`, `conv`, `dynamic` and `attention` families of the
pipeline fuzzer (fuzz_families.py), drawn with the programs of their own
tests: epilogue_cases.EpilogueCase, test_lower_to_coopmat_convolution's
`conv_source` and test_convolution_dynamic's `dynamic_source` (a dynamic
batch and image; on tensors `dynamic_conv_tensor_source` here),
test_dynamic_shapes' `source` and test_tensor_forms' `dynamic_source` (one
module, several run-time sizes) and attention_programs. One property for all
(`_levels`): L0, L1 (lower-to-coopmat) and L2 (coopmat-to-simt) on the
interpreter agree with the family's own numpy reference (so with each
other); the L1 kernels of a matrix target (KHR, NV) and the L2 kernels of a
SIMT target pass spirv-val; with a device for the case's target
(device_runs), its kernels agree too (SIMT L2; KHR L1 where the device
lists the matrices).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
from hypothesis import strategies as st
from xdsl.context import Context

import support.attention_programs as ap
import support.convolution_programs as conv
import support.dynamic_convolutions as conv_dyn
import support.dynamic_matmuls as dyn
import support.padded_convolutions as conv_pad
import support.pipeline_cases as pc
import support.tensor_programs as tensor_forms
from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.interpreter.attention import attention
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import (
    name_front_end_forms,
    recognize_frontend,
)
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import device_needs, run_host_function
from coopmlir.spirv.tools import validate
from coopmlir.targets import TARGETS
from support.device_runs import DeviceSkip, device_target, matrix_uses
from support.epilogue_cases import ACTIVATIONS, EpilogueCase
from support.error_model import attention_tolerance
from support.printed_forms import PRINTED_FORMS, MlirOptFailed, mlir_printed

#: Located refusals of these families (docs/features/convolutions.md, attention-and-chains.md: "Fused
#: attention"), besides pipeline_cases.REFUSALS.
REFUSALS = {
    "dilation vs padding": r"a dilated convolution with padding \S+ beyond the kernel",
    "attention type not on target": r"attention on \S+ needs .* shape on \S+",
    "attention head dimensions": r"the head dimensions \(D=\d+, Dv=\d+\) must be",
    "attention registers": r"head dimension Dv=\d+ needs \d+ bytes of accumulators",
    # an unfused attention's linalg.softmax (attention-and-chains.md)
    "softmax rows": r"linalg.softmax: rows of \d+ are not a multiple of \d+",
    # The Vulkan runtime runs the host function's kernel launches only (docs/vulkan.md
    # "Running on a GPU"): an epilogue left unfused (a remark) stays host linalg.
    "host code on device": r"host code other than kernel launches .* cannot run",
    # SPV_NV_cooperative_matrix (coopmat=nv, docs/passes/convert-to-spirv.md): no element-wise
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


def _validate_matrices(case, l1, outcome: pc.Outcome, flavors=("nv",)):
    """The L1 kernels of a matrix target as KHR and as each of `flavors`
    (nv, nv2) SPIR-V (their documented refusals counted); the KHR kernels."""
    kernels = _validate(case, l1, "L1", outcome)
    for flavor in flavors:
        try:
            _validate(case, l1, "L1", outcome, flavor=flavor)
        except pc.Refused as refused:
            outcome.refusals.append(refused.reason)
    return kernels


def _run_on_device(case, module, fn, kernels, runs, device, outcome, level) -> None:
    """Every run of `module`'s host function on the device, judged; a device
    that lacks what the kernels need is counted (`DeviceSkip`)."""
    kernels = {k.name: k for k in kernels}
    features, extensions = device_needs(kernels)
    try:
        with (
            _stage(case, f"{level} run"),
            device(features, extensions, matrix_uses(module)) as gpu,
        ):
            for run in runs:
                arrays = [a.copy() for a in run.lowered]
                run_host_function(module, fn, kernels, arrays, gpu)
                _judge(case, run, arrays[run.lowered_out], level)
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)
        return
    except DeviceSkip as skip:
        outcome.device_skips.append(skip.reason)
        return
    outcome.device_runs += 1


def _source(case, text: str, form: str | None) -> str:
    """The program, or what mlir-opt-22 prints of it in `form`."""
    if form is None:
        return text
    try:
        return mlir_printed(text, form)
    except MlirOptFailed as failed:
        raise pc.Crash(case, f"mlir-opt-22 ({form})", str(failed)) from None


def _lower(case, text: str, target: str, options: dict, same=None):
    """L1 of `text`; a refusal (Refused) must leave the module as parsed, as
    recognize-frontend leaves it, or (where `same(module)` says so: it
    computes what L0 does) in another equivalent form, such as an attention
    lower-to-coopmat could not fuse, unfused back into its linalg ops."""
    l1 = parse_module(text, "case.mlir")
    try:
        with _stage(case, f"lower-to-coopmat{{target={target}}}"):
            LowerToCoopmat(target=target, **options).apply(Context(), l1)
            l1.verify()
    except pc.Refused:
        # lower-to-coopmat runs recognize-frontend first and a refusal after
        # it leaves its output (an equivalent program); one by
        # recognize-frontend leaves the named forms (steps 1-3).
        named = parse_module(text, "case.mlir")
        with contextlib.suppress(CompileError):
            name_front_end_forms(named)
        recognized = named.clone()
        with contextlib.suppress(CompileError):
            recognize_frontend(recognized)
        forms = (parse_module(text, "case.mlir"), named, recognized)
        if str(l1) not in map(str, forms) and not (same and same(l1)):
            detail = "a refusal changed the module"
            raise pc.Crash(case, "lower-to-coopmat", detail) from None
        raise
    return l1


def _computes_the_same(fn: str, runs: list[_Run]):
    """`same` for `_lower`: a refused module that still computes every run's
    result (called with the lowered arguments where it was bufferized, else
    with L0's)."""

    def same(module) -> bool:
        for run in runs:
            for arrays, out in ((run.lowered, run.lowered_out), (run.l0, run.l0_out)):
                try:
                    got = _execute(module, fn, arrays, out)
                    break
                except Exception:  # not this calling convention
                    continue
            else:
                return False
            try:
                run.close(got, "refused module")
            except AssertionError:
                return False
        return True

    return same


def _levels(
    case, text, fn, runs, target, options, device=None, flavors=("nv",)
) -> pc.Outcome:
    """The property of this module's families (module doc) on one program;
    the L1 kernels of a matrix target also as `flavors` SPIR-V (nv2 only
    where the target has VK_NV_cooperative_matrix2)."""
    outcome = pc.Outcome()
    with _stage(case, "parse"):
        l0 = parse_module(text, "case.mlir")
    for run in runs:
        with _stage(case, "interpret L0"):
            got = _execute(l0, fn, run.l0, run.l0_out)
        _judge(case, run, got, "L0")
    try:
        l1 = _lower(case, text, target, options, _computes_the_same(fn, runs))
    except pc.Refused as refused:
        outcome.refusals.append(refused.reason)
        return outcome
    for run in runs:
        with _stage(case, "interpret L1"):
            got = _execute(l1, fn, run.lowered, run.lowered_out)
        _judge(case, run, got, "L1")
    outcome.levels.append("L1")
    matrix = TARGETS[target].has_matrix_units
    if device is not None and device_target(device) != target:
        device = None
    if matrix:
        if not TARGETS[target].cooperative_matrix2:
            flavors = tuple(f for f in flavors if f != "nv2")
        l1_kernels = _validate_matrices(case, l1, outcome, flavors)
        if device is not None:
            _run_on_device(case, l1, fn, l1_kernels, runs, device, outcome, "Vulkan L1")
    with _stage(case, "coopmat-to-simt"):
        l2 = l1.clone()
        CoopmatToSimt(subgroup_size=TARGETS[target].subgroup_size).apply(Context(), l2)
        l2.verify()
    for run in runs:
        with _stage(case, "interpret L2"):
            got = _execute(l2, fn, run.lowered, run.lowered_out)
        _judge(case, run, got, "L2")
    outcome.levels.append("L2")
    if matrix and device is None:
        # SIMT SPIR-V of matrix-unit tiles is slow: device runs only.
        return outcome
    kernels = _validate(case, l2, "L2", outcome)
    if device is not None:
        _run_on_device(case, l2, fn, kernels, runs, device, outcome, "Vulkan")
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
    targets = ["generic", "lavapipe", "h100-vulkan"]
    target = "lavapipe" if lavapipe else draw(st.sampled_from(targets))
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
    #: Sizes known at run time ("n", "hw", "nhw"), and the
    #: (N, H, W) each run takes.
    dynamic: str = ""
    sizes: tuple = ()
    #: On tensors: "fill" (a tensor.empty sized from tensor.dim, filled
    #: with 0) or "acc" (accumulating into an argument); None: memrefs.
    tensor: str | None = None
    #: Planned for small M (size-hint=64x16x16) rather than the default.
    small_hint: bool = False


@st.composite
def conv_cases(draw, largest: int = 9, lavapipe: bool = False):
    kh, kw = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    s = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    d = (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
    dynamic = draw(st.sampled_from(["", "", "n", "hw", "nhw"]))
    p = draw(st.integers(0, 2))
    # The output must have a row and a column: H + 2p >= d (KH - 1) + 1.
    low_h = max(1, d[0] * (kh - 1) + 1 - 2 * p)
    low_w = max(1, d[1] * (kw - 1) + 1 - 2 * p)
    h = draw(st.integers(low_h, max(low_h, largest)))
    w = draw(st.integers(low_w, max(low_w, largest)))
    a, acc = draw(st.sampled_from(CONV_TYPES))
    channels = st.one_of(st.sampled_from([8, 16, 24, 32]), st.integers(1, 20))
    layout = draw(st.sampled_from(["hwcf", "fhwc"]))
    n = draw(st.integers(1, 2))
    case = (n, h, w, draw(channels), draw(channels))
    case += ((kh, kw), s, d, p, layout, a, acc)
    sizes: tuple = ()
    if dynamic:
        sizes = tuple(
            (
                draw(st.integers(1, 3)) if "n" in dynamic else n,
                draw(st.integers(low_h, max(low_h, largest))) if "h" in dynamic else h,
                draw(st.integers(low_w, max(low_w, largest))) if "w" in dynamic else w,
            )
            for _ in range(draw(st.integers(1, 3)))
        )
    return ConvCase(
        case,
        draw(st.integers(0, 2**16)),
        dynamic,
        sizes,
        draw(st.sampled_from([None, None, "fill", "acc"])) if dynamic else None,
        draw(st.booleans()) if dynamic else False,
    )


def _dynamic_conv(case: ConvCase) -> tuple:
    """The case as test_convolution_dynamic writes one."""
    n, h, w, c, f, k, s, d, _, layout, a, acc = case.conv
    return (case.dynamic, (n, h, w), c, f, k, s, d, layout, a, acc)


def dynamic_conv_tensor_source(case: ConvCase) -> str:
    """@conv on tensors with the sizes `case.dynamic` names known at run
    time: the output a `tensor.empty` sized from `tensor.dim` and the
    convolution's formula (`fill`), or an argument it accumulates into."""
    dims, (n, h, w), c, f, (kh, kw), s, d, layout, a, acc = _dynamic_conv(case)
    oh, ow = conv_dyn.out_size(_dynamic_conv(case), h, w)

    def shape(sizes, channels):
        lead = ["?" if x in dims else str(v) for x, v in zip("nhw", sizes, strict=True)]
        return f"tensor<{'x'.join([*lead, str(channels)])}x{{}}>"

    x_t = shape((n, h, w), c).format(a)
    y_t = shape((n, oh, ow), f).format(acc)
    w_t = (
        f"tensor<{kh}x{kw}x{c}x{f}x{a}>"
        if layout == "hwcf"
        else f"tensor<{f}x{kh}x{kw}x{c}x{a}>"
    )
    attrs = (
        f"{{dilations = dense<[{d[0]}, {d[1]}]> : tensor<2xi64>, "
        f"strides = dense<[{s[0]}, {s[1]}]> : tensor<2xi64>}}"
    )
    conv_op = f"linalg.conv_2d_nhwc_{layout} {attrs} ins(%x, %w : {x_t}, {w_t})"
    if case.tensor == "acc":
        return (
            f"func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) -> {y_t} {{\n"
            f"  %r = {conv_op} outs(%y : {y_t}) -> {y_t}\n"
            f"  func.return %r : {y_t}\n}}\n"
        )
    lines = [f"func.func @conv(%x: {x_t}, %w: {w_t}) -> {y_t} {{"]
    sizes = []
    for axis, name in enumerate("nhw"):
        if name not in dims:
            continue
        lines += [
            f"  %i{axis} = arith.constant {axis} : index",
            f"  %size{name} = tensor.dim %x, %i{axis} : {x_t}",
        ]
        if name == "n":
            sizes.append("%sizen")
            continue
        # (size - d (k - 1) - 1) / s + 1
        kernel, dilation, stride = (kh, d[0], s[0]) if name == "h" else (kw, d[1], s[1])
        lines += [
            f"  %reach{name} = arith.constant {dilation * (kernel - 1) + 1} : index",
            f"  %stride{name} = arith.constant {stride} : index",
            f"  %one{name} = arith.constant 1 : index",
            f"  %left{name} = arith.subi %size{name}, %reach{name} : index",
            f"  %steps{name} = arith.divui %left{name}, %stride{name} : index",
            f"  %o{name} = arith.addi %steps{name}, %one{name} : index",
        ]
        sizes.append(f"%o{name}")
    zero = "0" if acc == "i32" else "0.0"
    lines += [
        f"  %e = tensor.empty({', '.join(sizes)}) : {y_t}",
        f"  %zero = arith.constant {zero} : {acc}",
        f"  %f = linalg.fill ins(%zero : {acc}) outs(%e : {y_t}) -> {y_t}",
        f"  %r = {conv_op} outs(%f : {y_t}) -> {y_t}",
        f"  func.return %r : {y_t}",
        "}",
    ]
    return "\n".join(lines) + "\n"


def _conv_program(case: ConvCase) -> tuple[str, list[_Run]]:
    """The program of `case` and its runs (one per run-time size)."""
    if not case.dynamic:
        x, w, y = conv.operands(case.conv, case.seed)
        want = conv.reference(case.conv, x, w, y)
        run = _Run(
            [x, w, y], 2, [x, w, y], 2, lambda got, _: conv.check(case.conv, got, want)
        )
        return conv.conv_source(case.conv), [run]
    if case.conv[8]:
        return _padded_dynamic_conv_program(case)
    dynamic = _dynamic_conv(case)
    runs = []
    for i, size in enumerate(case.sizes):
        (x, w, y), _ = conv_dyn.operands(dynamic, size, case.seed + i)
        static = conv_dyn.static_case(dynamic, size)
        # A fill overwrites whatever the output buffer held.
        start = np.zeros_like(y) if case.tensor == "fill" else y
        want = conv.reference(static, x, w, start)

        def close(got, level, static=static, want=want, size=size):
            try:
                conv.check(static, got, want)
            except AssertionError as err:
                raise AssertionError(f"{level} at {size}: {err}") from None

        l0 = [x, w] if case.tensor == "fill" else [x, w, y]
        runs.append(_Run(l0, None if case.tensor else 2, [x, w, y], 2, close))
    text = (
        dynamic_conv_tensor_source(case)
        if case.tensor
        else conv_dyn.dynamic_source(dynamic)
    )
    return text, runs


def _padded_dynamic_conv_program(case: ConvCase) -> tuple[str, list[_Run]]:
    """A dynamic convolution zero-padded by p on every side, as
    test_convolution_dynamic_padding writes one: the padded buffer by hand
    (memrefs) or `tensor.pad` (tensors, accumulating into %y)."""
    n, h, w, c, f, k, s, d, p, layout, a, acc = case.conv
    padded = (
        (case.dynamic, (n, h, w), c, f, k, s, d, (p, p, p, p)),
        (layout, a, acc),
        case.sizes,
    )
    runs = []
    for i, size in enumerate(case.sizes):
        (x, w_, y), want = conv_pad.operands(padded, size, case.seed + i)
        static = conv_pad.static_case(padded, size)

        def close(got, level, static=static, want=want, size=size):
            try:
                conv.check(static, got, want)
            except AssertionError as err:
                raise AssertionError(f"{level} at {size}: {err}") from None

        runs.append(_Run([x, w_, y], None if case.tensor else 2, [x, w_, y], 2, close))
    source = conv_pad.tensor_source if case.tensor else conv_pad.memref_source
    return source(padded), runs


def check_conv(case: ConvCase, device=None, form: str | None = None, **_) -> pc.Outcome:
    program, runs = _conv_program(case)
    text = _source(case, program, form)
    options = {"size_hint": "64x16x16"} if case.small_hint else {}
    outcome = _levels(case, text, "conv", runs, "lavapipe", options, device)
    if outcome.levels and case.conv[-2] in ("f16", "i8"):
        # The cooperative-matrix kernel of the same program, as KHR SPIR-V.
        try:
            l1 = _lower(case, text, "h100-vulkan", options)
        except pc.Refused as refused:
            outcome.refusals.append(refused.reason)
            return outcome
        kernels = _validate_matrices(case, l1, outcome)
        if device is not None and device_target(device) == "h100-vulkan":
            _run_on_device(
                case, l1, "conv", kernels, runs, device, outcome, "Vulkan L1"
            )
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
    #: On tensors (test_tensor_forms.dynamic_source): "fill" (a tensor.empty
    #: sized from tensor.dim, filled with 0) or "acc" (into argument %C);
    #: None: memrefs.
    tensor: str | None = None


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
        draw(st.sampled_from([None, "fill", "acc"])),
    )


def check_dynamic(
    case: DynamicCase, device=None, form: str | None = None, **_
) -> pc.Outcome:
    runs = []
    for i, (m, n, k) in enumerate(case.sizes):
        inputs, want = dyn.operands(case.form, m, n, k, case.seed + i)
        l0, l0_out = inputs, 2
        if case.tensor == "fill":  # A @ B into whatever C held
            l0, l0_out, want = inputs[:2], None, want - inputs[2].astype(np.float64)
        elif case.tensor == "acc":
            l0_out = None

        def close(got, level, want=want, k=k, mnk=(m, n, k)):
            dyn.check(got, want, k, f"{level} at {mnk}")

        runs.append(_Run(l0, l0_out, inputs, 2, close))
    options = dyn.CONFIGS[case.config]
    program = (
        tensor_forms.dynamic_source(case.form, case.tensor == "fill")
        if case.tensor
        else dyn.source(case.form)
    )
    text = _source(case, program, form)
    return _levels(case, text, "matmul", runs, case.target, options, device)


# --------------------------------------------------------------------------
# attention: coopmlir.attention, linalg.softmax, decomposed softmax
# --------------------------------------------------------------------------


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
    targets = ["lavapipe", "generic", "h100-vulkan"]
    target = "lavapipe" if lavapipe else draw(st.sampled_from(targets))
    heads = [16, 32] if target == "lavapipe" else [16, 32, 64]
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
    tolerance = attention_tolerance(c.ty, c.out)
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
