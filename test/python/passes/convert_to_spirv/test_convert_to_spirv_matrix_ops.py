"""coopmat.reduce, coopmat.apply and coopmat.transpose through convert-to-spirv
at L1: with coopmat=nv2 as SPV_NV_cooperative_matrix2 instructions calling
outlined functions, with coopmat=khr through workgroup memory. Every module
passes spirv-val. On a device with cooperative matrices (not lavapipe, whose
Mesa 22.3 has none) the kernels run and give what the interpreter gives:

    COOPMLIR_REQUIRE_COOPMAT=1 pytest -q test/python/passes/convert_to_spirv/test_convert_to_spirv_matrix_ops.py

fails instead of skipping where the device has no VK_KHR_cooperative_matrix
(and, for nv2, no VK_NV_cooperative_matrix2)."""

from __future__ import annotations

import os

import numpy as np
import pytest
from support.matrix_op_kernels import (
    NUMPY,
    apply_kernel,
    data,
    host_module,
    reduce_kernel,
    reduce_shape,
    transpose_kernel,
)
from support.vulkan_device import require_vulkan

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.runtime.vulkan_device import VulkanInstance
from coopmlir.spirv import tools

NV2_CAPABILITY = {
    "reduce": "CooperativeMatrixReductionsNV",
    "apply": "CooperativeMatrixPerElementOperationsNV",
    "transpose": "CooperativeMatrixConversionsNV",
}


def _reduce(m, n, ty, kind, mode, compact=True):
    result = reduce_shape(m, n, mode, compact)
    args, body = reduce_kernel(m, n, ty, kind, mode, result)
    inputs = [data(RNG, (m, n), ty), np.zeros(result, NUMPY[ty])]
    return "reduce", args, body, inputs


def _apply(m, n, ty):
    args, body = apply_kernel(m, n, ty)
    inputs = [data(RNG, (m, n), ty), data(RNG, (1,), ty), np.zeros((m, n), NUMPY[ty])]
    return "apply", args, body, inputs


def _transpose(m, n, ty):
    args, body = transpose_kernel(m, n, ty)
    return "transpose", args, body, [data(RNG, (m, n), ty), np.zeros((n, m), NUMPY[ty])]


RNG = np.random.default_rng(4)
# Shapes and types an NVIDIA driver lists for KHR matrices (accumulators of
# f16, f32, i32; 16x16 and 16x8), so that the same cases run on the H100.
CASES = {
    "reduce-add-rows-f32": lambda: _reduce(16, 16, "f32", "add", "rows"),
    "reduce-add-rows-f32-broadcast": lambda: _reduce(
        16, 16, "f32", "add", "rows", False
    ),
    "reduce-max-cols-i32-broadcast": lambda: _reduce(
        16, 16, "i32", "max", "cols", False
    ),
    "reduce-max-rows-f16-broadcast": lambda: _reduce(
        16, 8, "f16", "max", "rows", False
    ),
    "reduce-min-cols-i32": lambda: _reduce(16, 16, "i32", "min", "cols"),
    "reduce-add-cols-f16-broadcast": lambda: _reduce(
        16, 16, "f16", "add", "cols", False
    ),
    "reduce-max-both-f32": lambda: _reduce(16, 8, "f32", "max", "both", False),
    "reduce-add-quads-f32": lambda: _reduce(16, 16, "f32", "add", "quads"),
    "reduce-max-quads-f16": lambda: _reduce(16, 16, "f16", "max", "quads"),
    "apply-f32": lambda: _apply(16, 16, "f32"),
    "apply-f16": lambda: _apply(16, 8, "f16"),
    "apply-i32": lambda: _apply(16, 16, "i32"),
    "transpose-f16": lambda: _transpose(16, 16, "f16"),
    "transpose-f16-16x8": lambda: _transpose(16, 8, "f16"),
}


def _compile(name: str, flavor: str, S: int = 32):
    op, args, body, inputs = CASES[name]()
    (kernel,) = compile_kernels(
        parse_module(host_module(args, body, S)), coopmat=flavor
    )
    return op, kernel, args, body, inputs


@pytest.mark.parametrize("flavor", ["khr", "nv2"])
@pytest.mark.parametrize("name", CASES)
def test_module_passes_spirv_val(name, flavor):
    op, kernel, *_ = _compile(name, flavor)
    tools.validate(kernel.spirv)
    text = tools.disassemble(kernel.spirv)
    if flavor == "nv2":
        assert NV2_CAPABILITY[op] in kernel.capabilities
        assert "VK_NV_cooperative_matrix2" in kernel.extensions
        assert 'OpExtension "SPV_NV_cooperative_matrix2"' in text
        assert " Workgroup" not in text  # no staging through memory
    else:
        assert not any(c.endswith("NV") for c in kernel.capabilities)
        assert "OpCooperativeMatrixStoreKHR" in text
        assert "OpVariable" in text and " Workgroup" in text


def test_combine_function_is_shared_and_outlined():
    """Two max reductions of one type call one combine function."""
    acc, row = "!coopmat.matrix<16x16xf32, acc>", "!coopmat.matrix<16x1xf32, acc>"
    body = f"""
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] row_major : memref<16x16xf32> -> {acc}
      %r = coopmat.reduce max rows %x : {acc} -> {row}
      %s = coopmat.reduce max rows %x : {acc} -> {row}
      %t = coopmat.add %r, %s : {row}
      coopmat.store %t, %OUT[%c0, %c0] row_major : {row}, memref<16x1xf32>"""
    args = "%X: memref<16x16xf32>, %OUT: memref<16x1xf32>"
    (kernel,) = compile_kernels(parse_module(host_module(args, body, 8)), coopmat="nv2")
    asm = tools.disassemble(kernel.spirv)
    assert asm.count("OpCooperativeMatrixReduceNV") == 2
    assert asm.count("OpFunction ") == 2  # the kernel and one combine


def test_nv_refuses_with_a_located_error():
    args, body = transpose_kernel(16, 16, "f16")
    with pytest.raises(
        CompileError, match=r":\d+:\d+: error: 'coopmat.transpose'.*nv2"
    ):
        compile_kernels(parse_module(host_module(args, body, 8)), coopmat="nv")


# -- on a device with cooperative matrices ---------------------------------------


_EXTENSION = {"khr": "VK_KHR_cooperative_matrix", "nv2": "VK_NV_cooperative_matrix2"}


@pytest.fixture(scope="module")
def devices():
    """One device per flavor for the whole module, with every feature its
    cases need: NVIDIA's driver refuses new instances
    (VK_ERROR_INCOMPATIBLE_DRIVER) after a few dozen in one process."""
    require_vulkan()
    opened: dict[str, VulkanDevice] = {}

    def device_for(flavor: str) -> VulkanDevice:
        if flavor not in opened:
            instance = VulkanInstance()
            try:
                report = instance.report(instance.select(None))
            finally:
                instance.close()
            if _EXTENSION[flavor] not in report.extensions:
                message = f"{report.name} has no {_EXTENSION[flavor]}"
                if os.environ.get("COOPMLIR_REQUIRE_COOPMAT"):
                    pytest.fail(message)
                pytest.skip(message)
            kernels = [
                _compile(name, flavor, report.subgroup_size)[1] for name in CASES
            ]
            opened[flavor] = VulkanDevice(
                needs=set().union(*(k.features for k in kernels)),
                extensions=set().union(*(k.extensions for k in kernels)),
            )
        return opened[flavor]

    yield device_for
    for device in opened.values():
        device.close()


_COMPONENT = {"f16": "f16", "f32": "f32", "i32": "s32"}


def _listed(report, matrices) -> bool:
    """Whether the driver lists every (rows, cols, element, use) of
    `matrices` among its KHR shapes (a KHR matrix of another shape is not
    valid; NV2's reductions may give Mx1, 1xN, M/2xN/2, which this driver
    does not build)."""
    for rows, cols, ty, use in matrices:
        entries = [
            (s.m, s.n, s.c) if use == "acc" else (s.k, s.n, s.b)
            for s in report.cooperative_matrix_shapes
        ]
        if (rows, cols, _COMPONENT[ty]) not in entries:
            return False
    return True


def _matrices(name: str, inputs) -> list[tuple[int, int, str, str]]:
    """The matrices a case's kernel holds: its input and its result."""
    ty = next(t for t in ("f16", "f32", "i32") if t in name)
    rows, cols = inputs[0].shape
    out_rows, out_cols = inputs[-1].shape
    use = "b" if name.startswith("transpose") else "acc"
    return [(rows, cols, ty, "acc"), (out_rows, out_cols, ty, use)]


@pytest.mark.parametrize("flavor", ["khr", "nv2"])
@pytest.mark.parametrize("name", CASES)
def test_runs_on_a_cooperative_matrix_device(name, flavor, devices):
    gpu = devices(flavor)
    report = gpu.report
    S = report.subgroup_size
    op, kernel, args, body, inputs = _compile(name, flavor, S)
    # The H100's driver (580.159) fails to build NV2 pipelines whose reduce
    # gives an unlisted shape (16x1, 1x16: VK_ERROR_UNKNOWN), although
    # spirv-val accepts them: only listed shapes run, under KHR and NV2.
    if not _listed(report, _matrices(name, inputs)):
        pytest.skip(f"{report.name} lists no KHR matrix of this case's shapes")
    expected = [a.copy() for a in inputs]
    run_function(parse_module(host_module(args, body, S)), "k", expected)
    arrays = [a.copy() for a in inputs]
    gpu.run(kernel.binary(), arrays, grid=kernel.grid)
    want, got = expected[-1], arrays[-1]
    if (
        name.startswith(("transpose", "apply-i32"))
        or "-max-" in name
        or "-min-" in name
    ):
        np.testing.assert_array_equal(got, want)
    else:  # sums in another order; the driver's tanh
        tolerance = 2e-2 if "f16" in name else 1e-4
        np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)
