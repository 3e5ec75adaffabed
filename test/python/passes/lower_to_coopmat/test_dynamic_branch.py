"""The run-time branch of dynamic-size kernels (interior_branch.py): a
workgroup whose tile is interior, with whole K tiles and 16-byte aligned
rows, takes the unchecked path with vector copies; every other one takes
the checked path.

Each branch is shown to run where it should by emptying the other one: the
remaining branch alone must then produce exactly the tiles it owns (the rest
of C keeps its input). Both branches together agree with numpy at L1 and L2
on the interpreter and on lavapipe, and the h100-vulkan (KHR) modules pass
spirv-val with the vector copies as 16-byte (uvec4) loads."""

from __future__ import annotations

import re

import numpy as np
import pytest
from support.dynamic_matmuls import check, lowered, operands, source
from support.interior_branches import empty_branch, kernel_branch, owned_tiles
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.dialects import registry
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

# tile 32x32x32 with 2 subgroups, stages=2: chunks of 8 f16 (16 bytes).
STAGED = dict(tile="32x32x32", subgroups="2x1", stages=2)
GLOBAL = dict(tile="32x32x32", subgroups="2x1", stages=0)

# (M, N, K) and which tiles (row, col) of the 32x32 grid take the fast
# branch: with staged copies / with global fragment loads (stages=0).
CASES = [
    ((64, 64, 64), {(0, 0), (0, 1), (1, 0), (1, 1)}, None),  # all interior
    ((80, 48, 64), {(0, 0), (1, 0)}, None),  # edge rows and cols are checked
    ((64, 64, 40), set(), None),  # K % 32 != 0: every tile checked
    # N % 8 != 0: B's rows are not 16-byte aligned for the copies.
    ((64, 36, 32), set(), {(0, 0), (1, 0)}),
]


@pytest.mark.parametrize("options", [STAGED, GLOBAL], ids=["s2", "s0"])
@pytest.mark.parametrize("simt", [False, True], ids=["L1", "L2"])
@pytest.mark.parametrize("keep", ["fast", "checked"])
def test_each_branch_owns_its_tiles(keep, simt, options):
    module = lowered("matmul", "generic", options, simt=simt)
    branch = kernel_branch(module)
    empty_branch(branch.false_region if keep == "fast" else branch.true_region)
    for (m, n, k), staged_tiles, global_tiles in CASES:
        fast_tiles = staged_tiles
        if options["stages"] == 0 and global_tiles is not None:
            fast_tiles = global_tiles
        inputs, want = operands("matmul", m, n, k)
        before = inputs[2].copy()
        run_function(module, "matmul", inputs)
        mine = owned_tiles((m, n), fast_tiles, keep == "fast")
        if mine.any():
            check(inputs[2][mine], want[mine], k, f"{keep} at {m}x{n}x{k}")
        assert np.array_equal(inputs[2][~mine], before[~mine])


@pytest.mark.parametrize("options", [STAGED, GLOBAL], ids=["s2", "s0"])
@pytest.mark.parametrize("form", ["matmul", "ab", "batch"])
def test_both_branches_agree_with_numpy(form, options):
    levels = [lowered(form, "generic", options, simt=s) for s in (False, True)]
    for (m, n, k), *_ in CASES:
        inputs, want = operands(form, m, n, k)
        for level, module in zip(("L1", "L2"), levels, strict=True):
            args = [x.copy() for x in inputs]
            run_function(module, "matmul", args)
            check(args[2], want, k, f"{level} {form} at {m}x{n}x{k}")


def test_a_false_alignment_claim_is_an_interpreter_error():
    """The interpreter checks the `alignment` the fast branch claims."""
    module = registry.parse_module(
        "func.func @f(%m: memref<?xf16>, %i: index) -> vector<8xf16> {\n"
        "  %v = vector.load %m[%i] {alignment = 16 : i64}"
        " : memref<?xf16>, vector<8xf16>\n"
        "  func.return %v : vector<8xf16>\n}\n",
        "input.mlir",
    )
    memory = np.arange(24, dtype=np.float16)
    (value,) = run_function(module, "f", [memory, 8])
    assert list(value) == list(range(8, 16))
    with pytest.raises(InterpretationFailure, match="claims alignment 16"):
        run_function(module, "f", [memory, 4])


def test_khr_fast_branch_loads_16_bytes():
    """h100-vulkan, planned for 4096^3 as bench/gemm_vulkan.py --dynamic:
    valid SPIR-V whose copies read A and B through their uvec4 views and
    write uvec4 workgroup tiles, as the static kernel does."""
    module = registry.parse_module(source("matmul"), "input.mlir")
    LowerToCoopmat(target="h100-vulkan", size_hint="4096x4096x4096").apply(
        Context(), module
    )
    for kernel in compile_kernels(module):
        validate(kernel.spirv)
    ConvertToSpirv(coopmat="khr").apply(Context(), module)
    text = str(module)
    assert "@matmul_arg0_uvec4 bind(0, 0)" in text
    assert "@matmul_arg1_uvec4 bind(0, 1)" in text
    assert len(re.findall(r"spirv.Load .*StorageBuffer.*vector<4xi32>", text)) > 0
    tiles = r"GlobalVariable @matmul_workgroup_\d : !spirv.ptr<!spirv.array<\d+ x vector<4xi32>>"
    assert len(re.findall(tiles, text)) == 2


@pytest.mark.parametrize("options", [STAGED, GLOBAL], ids=["s2", "s0"])
def test_simt_kernel_takes_both_branches_on_vulkan(options):
    require_vulkan()
    from coopmlir.runtime.launch import (
        compile_for_device,
        device_needs,
        run_host_function,
    )
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import resolve_target

    target = resolve_target("lavapipe", Context())
    text = " ".join(f"{k}={v}" for k, v in options.items())
    module = registry.parse_module(source("matmul"), "input.mlir")
    kernel_level, kernels = compile_for_device(module, target, text)
    for kernel in kernels.values():
        validate(kernel.spirv)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        for (m, n, k), *_ in CASES:
            inputs, want = operands("matmul", m, n, k)
            run_host_function(kernel_level, "matmul", kernels, inputs, gpu)
            check(inputs[2], want, k, f"{m}x{n}x{k}")
