"""Convolutions with a dynamic batch and image (`memref<?x?x?xCxT>` in,
`memref<?x?x?xFxT>` out): one lowered module runs every size.

At several run-time sizes (1, primes, non-multiples of the tile), numpy
(float64 / int64) is the reference for the L0 interpreter, the L1 kernel
(stages 1-4; 0 where A is plain) and its SIMT lowering (L2) on the
interpreter, and the SIMT kernel on lavapipe; the KHR modules pass
spirv-val; sizes that disagree with the convolution's formula are refused
before anything runs (host `cf.assert`, interpreter and Vulkan runtime)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from support.convolution_programs import check
from support.dynamic_convolutions import (
    CASES,
    SMALL,
    case_id,
    dynamic_source,
    operands,
    run_simt_kernel_on_lavapipe,
    static_case,
)
from support.lowering import lowered
from support.tiers import sample
from support.vulkan_device import require_vulkan

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate


def _plain(case) -> bool:
    return case[4] == (1, 1) and case[5] == (1, 1)


# Default tier: all but the batch-only f16 case and i8 (the padded tests'
# default tier interprets i8 and a dynamic batch at every level).
@pytest.mark.parametrize(
    ("case", "sizes"),
    sample(CASES, keep=[0, 1, 2, 4, 5, 6, 8], ids=lambda c: case_id(c[0]), unpack=True),
)
def test_every_level_at_every_size(case, sizes):
    """L0, L1 (stages 1-4; 0 where A is plain) and L2 (stages=1)
    against numpy."""
    source = dynamic_source(case)
    levels = {"L0": parse_module(source)}
    for stages in [0, 1, 2, 3, 4] if _plain(case) else [1, 2, 3, 4]:
        spec = f"lower-to-coopmat{{target=lavapipe stages={stages} {SMALL}}}"
        levels[f"L1 stages={stages}"] = lowered(source, spec)
        if stages == 1:  # coopmat-to-simt does not care how A was staged
            levels[f"L2 stages={stages}"] = lowered(source, f"{spec},coopmat-to-simt")
    # The default hint (M = 2048): a larger tile of several subgroups.
    levels["L1 default"] = lowered(source, "lower-to-coopmat{target=lavapipe}")
    for size in sizes:
        (x, w, y), want = operands(case, size)
        for level, module in levels.items():
            out = [x, w, y.copy()]
            run_function(module, "conv", out)
            try:
                check(static_case(case, size), out[2], want)
            except AssertionError as err:
                raise AssertionError(f"{level} at {size}: {err}") from None


# Default tier: both layouts and every element type but i8 (whose kernel is
# the slowest on lavapipe and is run by the padded tests' i8 case).
@pytest.mark.parametrize(
    ("case", "sizes"),
    sample(CASES, keep=[0, 5, 6, 8], ids=lambda c: case_id(c[0]), unpack=True),
)
def test_simt_kernel_runs_on_vulkan_at_every_size(case, sizes):
    """One SPIR-V module per case, every size on lavapipe."""
    run_simt_kernel_on_lavapipe(
        dynamic_source(case), case, sizes, operands, static_case
    )


@pytest.mark.parametrize(
    ("case", "sizes"),
    [c for c in CASES if c[0][-2] in ("f16", "i8")],
    ids=[case_id(c) for c, _ in CASES if c[-2] in ("f16", "i8")],
)
def test_khr_kernels_validate(case, sizes):
    for stages in (1, 2, 3, 4):
        module = lowered(
            dynamic_source(case),
            f"lower-to-coopmat{{target=h100-vulkan stages={stages}}}",
        )
        (kernel,) = compile_kernels(module, coopmat="khr")
        validate(kernel.spirv)
        assert "CooperativeMatrixKHR" in kernel.capabilities
        assert kernel.push_constant_sizes


def test_kernel_divides_by_run_time_sizes():
    """M is the collapsed output's run-time rows, the host computes the grid
    from it, and the im2col addressing divides by run-time OH*OW and OW."""
    module = lowered(
        dynamic_source(CASES[0][0]), "lower-to-coopmat{target=lavapipe stages=1}"
    )
    text = str(module)
    assert "memref<?x16xf32>" in text  # the collapsed output
    (launch,) = [op for op in module.walk() if op.name == "gpu.launch_func"]
    assert launch.gridSizeY.owner.name == "arith.divui"
    (kernel,) = [op for op in module.walk() if op.name == "gpu.func"]
    divisors = {
        op.operands[1].owner.name
        for op in kernel.walk()
        if op.name in ("arith.divui", "arith.remui")
    }
    assert "arith.muli" in divisors  # OH * OW
    assert "arith.addi" in divisors  # OW = (W - 3) / 1 + 1


CASE = CASES[0][0]  # 3x3, stride 1, all of N, H, W dynamic
BAD = [
    # (x shape, y shape, what the message names)
    ((2, 6, 6, 16), (1, 4, 4, 16), "the batch of the output (dimension 0)"),
    ((1, 6, 6, 16), (1, 5, 4, 16), "the output's height (dimension 1) must be (H - 3)"),
    ((1, 6, 6, 16), (1, 4, 3, 16), "the output's width (dimension 2) must be (W - 3)"),
    (
        (1, 2, 6, 16),
        (1, 0, 4, 16),
        "the input's height (dimension 1) must be at least 3",
    ),
]


def _bad_arrays(x_shape, y_shape):
    x = np.ones(x_shape, np.float16)
    w = np.ones((3, 3, 16, 16), np.float16)
    return [x, w, np.full(y_shape, 7.0, np.float32)]


@pytest.mark.parametrize("shapes", BAD, ids=lambda s: s[2][:22])
@pytest.mark.parametrize("stages", [1, 2])
def test_disagreeing_sizes_are_refused_before_running(shapes, stages):
    *shapes, message = shapes
    args = _bad_arrays(*shapes)
    module = lowered(
        dynamic_source(CASE), f"lower-to-coopmat{{target=lavapipe stages={stages}}}"
    )
    with pytest.raises(InterpretationFailure, match=re.escape(message)) as info:
        run_function(module, "conv", args)
    assert info.value.location.endswith(":3:3")  # at the convolution
    assert np.all(args[2] == 7.0)  # nothing ran


def test_l0_refuses_disagreeing_sizes():
    module = parse_module(dynamic_source(CASE))
    for x_shape, y_shape, _ in BAD[:2]:
        with pytest.raises(InterpretationFailure, match="operand sizes disagree"):
            run_function(module, "conv", _bad_arrays(x_shape, y_shape))


def test_vulkan_refuses_disagreeing_sizes_before_running():
    require_vulkan()
    from xdsl.context import Context

    from coopmlir.diagnostics import CompileError
    from coopmlir.runtime.launch import compile_for_device, run_host_function
    from coopmlir.targets import resolve_target

    target = resolve_target("lavapipe", Context())
    module = parse_module(dynamic_source(CASE), "input.mlir")
    kernel_level, kernels = compile_for_device(module, target, "stages=1")

    class NoDevice:
        def run(self, *_args, **_kwargs):
            raise AssertionError("a kernel ran")

    args = _bad_arrays((1, 6, 6, 16), (1, 5, 4, 16))
    with pytest.raises(CompileError, match="input.mlir:3:3: .*output's height"):
        run_host_function(kernel_level, "conv", kernels, args, NoDevice())


def test_empty_batch_runs_no_workgroup():
    """N = 0 at run time: M = 0, an empty grid; the interpreter and lavapipe
    run nothing."""
    spec = f"lower-to-coopmat{{target=lavapipe {SMALL}}},coopmat-to-simt"
    module = lowered(dynamic_source(CASE), spec)
    args = _bad_arrays((0, 5, 5, 16), (0, 3, 3, 16))
    run_function(module, "conv", args)
    assert args[2].shape == (0, 3, 3, 16)
    require_vulkan()
    from coopmlir.runtime.launch import run_host_function
    from coopmlir.runtime.vulkan import VulkanDevice

    (kernel,) = compile_kernels(module)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        run_host_function(module, "conv", {kernel.name: kernel}, args, gpu)


def test_coopmlir_run_takes_any_size_for_dynamic_arguments(tmp_path):
    """coopmlir-run: a dynamic argument's size is its --input's, on the
    interpreter and (lowered for lavapipe) with --device vulkan --check."""
    from support.run_tools import run_run

    require_vulkan()
    case, (size, *_) = CASES[1]
    size = (2, 8, 7)
    (x, w, y), want = operands(case, size)
    source = tmp_path / "conv.mlir"
    source.write_text(dynamic_source(case))
    inputs = []
    for name, array in zip("xwy", (x, w, y), strict=True):
        np.save(tmp_path / f"{name}.npy", array)
        inputs += ["--input", f"{name}={tmp_path / name}.npy"]
    out = tmp_path / "out"
    result = run_run(str(source), "--entry", "conv", *inputs, "--output-dir", str(out))
    assert result.returncode == 0, result.stderr
    check(static_case(case, size), np.load(out / "y.npy"), want)
    result = run_run(
        str(source),
        *("--entry", "conv", *inputs, "--device", "vulkan", "--check"),
        *("--options", SMALL),
    )
    assert result.returncode == 0, result.stderr
    assert "ok   %y" in result.stdout
