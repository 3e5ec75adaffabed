"""Dynamic sizes (`memref<?x?xT>`): one lowered module runs any size.

L0 (linalg), L1 (coopmat), L2 (SIMT) on the interpreter and the SIMT kernel
on Vulkan (lavapipe) are compared with numpy at several run-time sizes (1,
primes, non-multiples of the tile, exact multiples), for matmul, transposed
operands and batch_matmul, every staging mode; every emitted SPIR-V module
passes spirv-val; operands whose sizes disagree are refused before anything
runs (host `cf.assert`)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from support.dynamic_matmuls import (
    CONFIGS,
    check,
    lowered,
    operands,
    run_on_lavapipe,
    source,
)
from support.tiers import covering
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.dialects import registry
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

SIZES = [(1, 1, 1), (7, 13, 5), (33, 17, 45), (64, 32, 32)]


FORMS = ["matmul", "ab", "batch"]


def _config_id(options: dict) -> str:
    return f"s{options['stages']}"


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"s{o['stages']}")
@pytest.mark.parametrize("form", ["matmul", "ab", "batch"])
def test_every_level_at_every_size(form, options):
    """L0, L1 and L2 agree with numpy at each run-time size."""
    levels = {
        "L0": registry.parse_module(source(form), "input.mlir"),
        "L1": lowered(form, "generic", options, simt=False),
        "L2": lowered(form, "generic", options, simt=True),
    }
    for m, n, k in SIZES:
        inputs, want = operands(form, m, n, k)
        for level, module in levels.items():
            args = [x.copy() for x in inputs]
            run_function(module, "matmul", args)
            check(args[2], want, k, f"{level} at {m}x{n}x{k}")


def test_kernel_reads_sizes_at_run_time():
    """The kernel takes no constant for M, N or K; the grid is host code."""
    module = lowered("matmul", "generic", CONFIGS[2], simt=False)
    text = str(module)
    assert "memref.dim" in text and "cf.assert" in text
    (launch,) = [op for op in module.walk() if op.name == "gpu.launch_func"]
    assert all(v.owner.name == "arith.divui" for v in launch.operands[:2])


@pytest.mark.parametrize("form", ["matmul", "ab", "batch"])
@pytest.mark.parametrize("target", ["generic", "h100-vulkan"])
def test_coopmat_kernels_validate(form, target):
    for options in CONFIGS:
        for kernel in compile_kernels(lowered(form, target, options, simt=False)):
            validate(kernel.spirv)
            assert kernel.push_constant_sizes  # the sizes come at run time


@pytest.mark.parametrize(
    ("form", "options"), covering(FORMS, CONFIGS, ids=[str, _config_id])
)
def test_simt_kernel_runs_on_vulkan_at_every_size(form, options):
    """One SPIR-V module per form and configuration, every size on lavapipe."""
    run_on_lavapipe(form, options, SIZES)


BAD = [
    # (A shape, B shape, C shape, what the message names)
    ((4, 5), (6, 3), (4, 3), "K of B (dimension 0) must equal that of A"),
    ((4, 5), (5, 3), (2, 3), "M of C (dimension 0) must equal that of A"),
    ((4, 0), (0, 3), (4, 3), "an empty product (K=0)"),
]


@pytest.mark.parametrize("shapes", BAD, ids=lambda s: s[3][:5])
def test_disagreeing_sizes_are_refused_before_running(shapes):
    *arrays, message = shapes
    args = [np.ones(s, np.float16) for s in arrays[:2]] + [
        np.full(arrays[2], 7.0, np.float32)
    ]
    module = lowered("matmul", "generic", CONFIGS[0], simt=False)
    with pytest.raises(InterpretationFailure, match=re.escape(message)) as info:
        run_function(module, "matmul", args)
    assert info.value.location == "input.mlir:2:3"  # at the matmul
    assert np.all(args[2] == 7.0)  # nothing ran


def test_l0_refuses_disagreeing_sizes():
    module = registry.parse_module(source("matmul"), "input.mlir")
    args = [np.ones((4, 5), np.float16), np.ones((6, 3), np.float16)]
    args.append(np.zeros((4, 3), np.float32))
    with pytest.raises(InterpretationFailure, match="operand sizes disagree"):
        run_function(module, "matmul", args)


def test_vulkan_refuses_disagreeing_sizes_before_running():
    require_vulkan()
    from coopmlir.diagnostics import CompileError
    from coopmlir.runtime.launch import compile_for_device, run_host_function
    from coopmlir.targets import resolve_target

    target = resolve_target("lavapipe", Context())
    module = registry.parse_module(source("matmul"), "input.mlir")
    kernel_level, kernels = compile_for_device(module, target, "stages=0")
    args = [np.ones((4, 5), np.float16), np.ones((6, 3), np.float16)]
    args.append(np.zeros((4, 3), np.float32))

    class NoDevice:
        def run(self, *_args, **_kwargs):
            raise AssertionError("a kernel ran")

    with pytest.raises(CompileError, match="input.mlir:2:3: .*K of B"):
        run_host_function(kernel_level, "matmul", kernels, args, NoDevice())


def test_a_grid_beyond_the_device_is_refused_before_running():
    """The Python API checks every launch's run-time grid against the
    device's maxComputeWorkGroupCount (here a fake device allowing 2x2x1)
    before anything is dispatched; the arrays are only read for their sizes."""
    from types import SimpleNamespace

    from coopmlir.diagnostics import CompileError
    from coopmlir.runtime.launch import compile_for_device, run_host_function
    from coopmlir.targets import resolve_target

    target = resolve_target("lavapipe", Context())
    module = registry.parse_module(source("matmul"), "input.mlir")
    kernel_level, kernels = compile_for_device(
        module, target, "tile=32x32x32 subgroups=1x1 stages=0"
    )

    class SmallDevice:
        report = SimpleNamespace(max_workgroup_count=(2, 2, 1))

        def run(self, *_args, **_kwargs):
            raise AssertionError("a kernel ran")

    def arrays(m, n, k):  # the right shapes, no memory
        shapes = [((m, k), np.float16), ((k, n), np.float16), ((m, n), np.float32)]
        return [np.broadcast_to(np.zeros((), t), s) for s, t in shapes]

    message = r"input.mlir:2:3: .*grid of \(2, 3, 1\) .* at most \(2, 2, 1\)"
    with pytest.raises(CompileError, match=message):
        run_host_function(
            kernel_level, "matmul", kernels, arrays(65, 64, 8), SmallDevice()
        )
