"""Workgroup-scope matrices (lower-to-coopmat `scope=workgroup`) through
convert-to-spirv `coopmat=nv2`: Workgroup KHR matrices, tensor-addressed
loads and stores (SPV_NV_cooperative_matrix2 + SPV_NV_tensor_addressing),
no workgroup memory, with and without the K-tile prefetch of `stages=2`.
Every module passes spirv-val (vulkan1.3) and its
assembly reassembles to the same binary; other flavors and coopmat-to-simt
refuse with located errors. On a device with VK_NV_cooperative_matrix2's
workgroup scope the kernels run and match numpy:

    COOPMLIR_REQUIRE_COOPMAT=1 pytest -q test/python/passes/convert_to_spirv/test_convert_to_spirv_workgroup.py

fails instead of skipping where the device lacks them (lavapipe has no
cooperative matrices at all)."""

from __future__ import annotations

import os

import numpy as np
import pytest
from support.error_model import assert_close, matmul_magnitude, sum_tolerance
from support.lowering import parse
from support.matmul_programs import (
    TYPES,
    matmul_source,
    operand_shapes,
    random_operands_of,
)
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_spirv import LowerToSpirv
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.runtime.vulkan_device import WORKGROUP_SCOPE, VulkanInstance
from coopmlir.spirv import tools
from coopmlir.spirv.capabilities import WORKGROUP_MATRIX_FEATURES
from coopmlir.spirv.serializer import serialize_to_assembly, serialize_to_binary


def lowered(m, n, k, types, fill, tile="64x64x32", threads=128, stages=None):
    module = parse(matmul_source(m, n, k, types, fill))
    LowerToCoopmat(
        target="h100-vulkan",
        scope="workgroup",
        tile=tile,
        workgroup_invocations=threads,
        stages=stages,
    ).apply(Context(), module)
    return module


CASES = {
    "f16-f32-ragged": (100, 90, 70, "f16-f32", True),
    "f16-f16-exact": (128, 128, 64, "f16-f16", False),
    "s8-s32-ragged": (70, 33, 100, "s8-s32", False),
    "f16-f32-square": (128, 128, 128, "f16-f32", False),
    "f16-f16-one-k-tile": (100, 64, 24, "f16-f16", True),
}
#: lower-to-coopmat `stages` of scope=workgroup (None: left out, as 1).
STAGES = [None, 2]


@pytest.mark.parametrize("stages", STAGES)
@pytest.mark.parametrize("name", CASES)
def test_module_passes_spirv_val(name, stages):
    (kernel,) = compile_kernels(lowered(*CASES[name], stages=stages), coopmat="nv2")
    tools.validate(kernel.spirv)
    text = tools.disassemble(kernel.spirv)
    for capability in ("CooperativeMatrixTensorAddressingNV", "TensorAddressingNV"):
        assert f"OpCapability {capability}" in text
    for extension in ("SPV_NV_cooperative_matrix2", "SPV_NV_tensor_addressing"):
        assert f'OpExtension "{extension}"' in text
    k, fill = CASES[name][2], CASES[name][-1]
    # A and B per K tile (stages=2: before the loop and in it, where K is
    # more than one tile), and C first where no fill starts the accumulator.
    operands = 4 if stages == 2 and k > 32 else 2
    assert text.count("OpCooperativeMatrixLoadTensorNV") == operands + (not fill)
    assert text.count("OpCooperativeMatrixMulAddKHR") == operands // 2
    assert text.count("OpCooperativeMatrixStoreTensorNV") == 1
    assert "OpCooperativeMatrixLoadKHR" not in text
    assert "OpControlBarrier" not in text and "Workgroup %" not in text
    assert WORKGROUP_MATRIX_FEATURES <= kernel.features
    assert "cooperativeMatrixTensorAddressing" in kernel.features
    assert {
        "VK_KHR_cooperative_matrix",
        "VK_NV_cooperative_matrix2",
    } <= kernel.extensions
    assert kernel.workgroup_size == (128, 1, 1)


def test_assembly_reassembles_to_the_binary():
    """The assembly coopmlir prints (tensor layout type, tensor operands
    None None) is what spirv-as makes our binary from (header aside)."""
    module = lowered(*CASES["s8-s32-ragged"])
    ConvertToSpirv(coopmat="nv2").apply(Context(), module)
    binary = serialize_to_binary(module)
    assert tools.assemble(serialize_to_assembly(module))[20:] == binary[20:]


def test_lower_to_spirv_takes_the_scope():
    """The one-flag pipeline: lower-to-spirv scope=workgroup coopmat=nv2."""
    module = parse(matmul_source(100, 90, 70, "f16-f32", True))
    LowerToSpirv(target="h100-vulkan", scope="workgroup", coopmat="nv2").apply(
        Context(), module
    )
    binary = serialize_to_binary(module)
    tools.validate(binary)
    assert "OpCooperativeMatrixLoadTensorNV" in tools.disassemble(binary)


def test_slices_take_the_tile_and_the_layout_the_matrix():
    """The A layout has the sizes of A (100x70), its slice the 64x32 tile."""
    (kernel,) = compile_kernels(lowered(*CASES["f16-f32-ragged"]), coopmat="nv2")
    text = tools.disassemble(kernel.spirv)
    assert "OpTypeTensorLayoutNV" in text
    assert text.count("OpTensorLayoutSetClampValueNV") == 3
    assert text.count("OpTensorLayoutSliceNV") == 3
    assert "OpTypeCooperativeMatrixKHR" in text


@pytest.mark.parametrize("flavor", ["khr", "nv"])
def test_other_flavors_refuse_with_a_located_error(flavor):
    with pytest.raises(
        CompileError, match=r"input.mlir:\d+:\d+: error: .*workgroup scope.*nv2"
    ):
        compile_kernels(lowered(*CASES["f16-f32-ragged"]), coopmat=flavor)


def test_coopmat_to_simt_refuses_with_a_located_error():
    module = lowered(*CASES["f16-f32-ragged"])
    with pytest.raises(
        CompileError, match=r"input.mlir:\d+:\d+: error: .*no SIMT lowering"
    ):
        CoopmatToSimt().apply(Context(), module)


# -- on a device with workgroup-scope matrices -----------------------------------


@pytest.fixture(scope="module")
def device():
    """One device for the module (NVIDIA's driver refuses new instances
    after a few dozen in one process)."""
    require_vulkan()
    instance = VulkanInstance()
    try:
        report = instance.report(instance.select(None))
    finally:
        instance.close()
    missing = [
        f
        for f in (*WORKGROUP_MATRIX_FEATURES, "cooperativeMatrixTensorAddressing")
        if not report.features.get(f)
    ]
    if missing:
        message = f"{report.name} lacks {', '.join(sorted(missing))}"
        if os.environ.get("COOPMLIR_REQUIRE_COOPMAT"):
            pytest.fail(message)
        pytest.skip(message)
    kernels = [
        compile_kernels(lowered(*c, stages=s), coopmat="nv2")[0]
        for c in CASES.values()
        for s in STAGES
    ]
    gpu = VulkanDevice(
        needs=set().union(*(k.features for k in kernels)),
        extensions=set().union(*(k.extensions for k in kernels)),
    )
    yield gpu
    gpu.close()


_COMPONENTS = {
    "f16-f32": ("f16", "f32"),
    "f16-f16": ("f16", "f16"),
    "s8-s32": ("s8", "s32"),
}


def _listed(report, types: str, tile: str, threads: int) -> bool:
    """Whether a workgroup-scope flexible-dimensions entry of the device
    has these types, this workgroup size and granularities dividing `tile`."""
    a, c = _COMPONENTS[types]
    tm, tn, tk = map(int, tile.split("x"))
    return any(
        (s.a, s.b, s.c, s.result) == (a, a, c, c)
        and s.scope == WORKGROUP_SCOPE
        and s.workgroup_invocations == threads
        and tm % s.m_granularity == tn % s.n_granularity == tk % s.k_granularity == 0
        for s in report.flexible_matrix_shapes
    )


@pytest.mark.parametrize("stages", STAGES)
@pytest.mark.parametrize("tile", ["64x64x32", "128x128x32"])
@pytest.mark.parametrize("name", CASES)
def test_runs_on_a_workgroup_matrix_device(name, tile, stages, device):
    m, n, k, types, fill = CASES[name]
    allowed = sorted(device.report.workgroup_invocations()) or [256]
    threads = 256 if 256 in allowed else allowed[-1]
    if not _listed(device.report, types, tile, threads):
        pytest.skip(f"{device.report.name} lists no workgroup-scope {types} {tile}")
    (kernel,) = compile_kernels(
        lowered(m, n, k, types, fill, tile, threads, stages), coopmat="nv2"
    )
    operands = random_operands_of(
        operand_shapes(m, n, k), types, np.random.default_rng(1)
    )
    arrays = [x.copy() for x in operands]
    device.run(kernel.binary(), arrays, grid=kernel.grid)
    a, b, c0 = (x.astype(np.float64) for x in operands)
    want = a @ b + (0 if fill else c0)
    if TYPES[types][1] == "i32":
        np.testing.assert_array_equal(arrays[2], want.astype(np.int64).astype(np.int32))
        return
    magnitude = matmul_magnitude(a, b, None if fill else c0)
    # Against float64 on a device: C's own eps (bf16 too) and an absolute floor.
    eps = np.finfo(operands[2].dtype).eps
    assert_close(arrays[2], want, sum_tolerance(k + 2, eps, magnitude, floor=1e-6))
