"""MLIR's GPU path into coopmlir (issue 27 part 4), judged by mlir-opt-22:
what MLIR 22's `convert-gpu-to-spirv` prints for a WMMA kernel (KHR
cooperative matrices; spirv.func with `spirv.interface_var_abi` arguments,
`spirv.entry_point_abi`, `spirv.target_env`) parses in coopmlir, prints back
in a form mlir-opt-22 reads, and, once lowered to entry points
(`spirv-lower-abi-attrs`), serializes to a binary spirv-val accepts;
Function-storage cooperative-matrix loads parse and serialize (spirv-val
accepts them outside Vulkan only)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from support.mlir_tools import MLIR_OPT, run_mlir

from coopmlir.dialects.registry import parse_module
from coopmlir.dialects.spirv.structure import ModuleOp as SpirvModule
from coopmlir.spirv import tools
from coopmlir.spirv.serializer import serialize_to_binary

ROOT = Path(__file__).parents[3]
EXAMPLE = (ROOT / "examples" / "wmma_matmul.mlir").read_text()
PEER_WMMA = (
    ROOT / "test/mlir-peer/Conversion/GPUToSPIRV/wmma-ops-to-spirv-khr-coop-matrix.mlir"
)
TARGET_ENV = (
    "spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, "
    "CooperativeMatrixKHR, Float16, StorageBuffer16BitAccess], "
    "[SPV_KHR_cooperative_matrix, SPV_KHR_16bit_storage]>, api=Vulkan, "
    "#spirv.resource_limits<>>"
)
MLIR_PIPELINE = (
    "--pass-pipeline=builtin.module(convert-gpu-to-spirv{use-64bit-index=false},"
    "spirv.module(spirv-lower-abi-attrs,spirv-update-vce))"
)


def _mlir(*args: str, stdin: str) -> str:
    result = run_mlir(MLIR_OPT, *args, "-", stdin=stdin)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _wmma_for_mlir() -> str:
    """The example for MLIR's SPIR-V path: a target environment, and no
    maxf (MLIR 22 has no SPIR-V lowering of it; coopmlir does)."""
    text = EXAMPLE.replace(
        "module attributes {gpu.container_module}",
        f"module attributes {{gpu.container_module, {TARGET_ENV}}}",
    )
    text = re.sub(r"\n\s*%relu = gpu.subgroup_mma_elementwise maxf[^\n]*", "", text)
    return text.replace("store_matrix %relu,", "store_matrix %biased,")


def _round_trips_through_mlir(text: str):
    module = parse_module(text)
    module.verify()
    _mlir(stdin=str(module))
    return module


def test_mlir_conversion_of_the_peer_wmma_file_parses():
    """spirv.func kernels with interface_var_abi arguments and coopmatrix
    parameters, as convert-gpu-to-spirv leaves them."""
    converted = _mlir("--convert-gpu-to-spirv", stdin=PEER_WMMA.read_text())
    assert "spirv.interface_var_abi" in converted
    _round_trips_through_mlir(converted)


def _spirv_module(text: str) -> SpirvModule:
    (module,) = [op for op in parse_module(text).walk() if isinstance(op, SpirvModule)]
    return module


def test_mlir_wmma_kernel_serializes_to_a_valid_binary():
    """MLIR 22 writes the GLSL450 memory model, which spirv-val refuses with
    cooperative matrices in either serializer; with MLIR's Vulkan memory
    model the module serializes to a binary spirv-val accepts."""
    converted = _mlir(MLIR_PIPELINE, stdin=_wmma_for_mlir())
    assert "spirv.KHR.CooperativeMatrixMulAdd" in converted
    _round_trips_through_mlir(converted)
    with pytest.raises(tools.SpirvToolError, match="VulkanMemoryModel"):
        tools.validate(serialize_to_binary(_spirv_module(converted)))
    vulkan = converted.replace(
        "Logical GLSL450 requires #spirv.vce<v1.6, [",
        "Logical Vulkan requires #spirv.vce<v1.6, [VulkanMemoryModel, ",
    )
    tools.validate(serialize_to_binary(_spirv_module(vulkan)))


FUNCTION_LOAD = """
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, VulkanMemoryModel, Float16], [SPV_KHR_cooperative_matrix]> {
  spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %c16 = spirv.Constant 16 : i32
    %c0 = spirv.Constant 0 : i32
    %local = spirv.Variable : !spirv.ptr<!spirv.array<256 x f16>, Function>
    %p = spirv.AccessChain %local[%c0] : !spirv.ptr<!spirv.array<256 x f16>, Function>, i32 -> !spirv.ptr<f16, Function>
    %m = spirv.KHR.CooperativeMatrixLoad %p, %c16, <RowMajor> : !spirv.ptr<f16, Function>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
    %g = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %q = spirv.AccessChain %g[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    spirv.KHR.CooperativeMatrixStore %q, %m, %c16, <RowMajor> : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @out
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}
"""


def test_function_storage_matrix_loads_serialize():
    _round_trips_through_mlir(FUNCTION_LOAD)
    binary = serialize_to_binary(_spirv_module(FUNCTION_LOAD))
    tools.validate(binary, target_env="spv1.6")
    with pytest.raises(
        tools.SpirvToolError, match="VUID-StandaloneSpirv-Pointer-08973"
    ):
        tools.validate(binary)


def test_top_level_spirv_func_with_argument_attributes():
    text = (
        "spirv.func @f(%x: f32 {spirv.interface_var_abi = "
        '#spirv.interface_var_abi<(0, 1), StorageBuffer>}) "None" '
        "attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size "
        "= [32, 1, 1]>} {\n  spirv.Return\n}\n"
    )
    module = _round_trips_through_mlir(text)
    assert "#spirv.interface_var_abi<(0, 1), StorageBuffer>" in str(module)


def test_target_environment_reads_back_in_mlir():
    path = ROOT / "test" / "dialects" / "spirv" / "target-env.mlir"
    _round_trips_through_mlir(path.read_text())


#: A WMMA kernel as MLIR's CUDA TensorCore tests write it: a `gpu.launch`
#: region in the host function (8 work-items: one lavapipe subgroup).
GPU_LAUNCH = """\
func.func @matmul(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %R = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %R, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  return
}
"""


def test_gpu_launch_regions_run_once_mlir_outlines_them(tmp_path):
    """coopmlir refuses a gpu.launch region with the MLIR command that
    outlines it; after that command, the kernel runs on the interpreter and
    on lavapipe and equals C + A B."""
    from support.run_tools import run_opt, run_run
    from support.vulkan_device import require_vulkan

    source = tmp_path / "launch.mlir"
    source.write_text(GPU_LAUNCH)
    refused = run_opt(str(source))
    assert refused.returncode == 1
    assert "launch.mlir:5:14: error:" in refused.stderr
    assert "--gpu-launch-sink-index-computations --gpu-kernel-outlining" in (
        refused.stderr
    )
    outlined = tmp_path / "outlined.mlir"
    outlined.write_text(
        _mlir(
            "--gpu-launch-sink-index-computations",
            "--gpu-kernel-outlining",
            stdin=GPU_LAUNCH,
        )
    )
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((16, 16)).astype(np.float16) for _ in range(2))
    c = rng.standard_normal((16, 16)).astype(np.float32)
    inputs = []
    for name, array in (("arg0", a), ("arg1", b), ("arg2", c)):
        np.save(tmp_path / f"{name}.npy", array)
        inputs += ["--input", f"{name}={tmp_path / name}.npy"]
    want = c + a.astype(np.float32) @ b.astype(np.float32)
    require_vulkan()
    # One subgroup of 8 on the interpreter, as on lavapipe.
    runs = (("interp", ("--subgroup-size", "8")), ("lavapipe", ("--device", "vulkan")))
    for where, device in runs:
        out = tmp_path / where
        run = run_run(
            str(outlined),
            "--entry",
            "matmul",
            *inputs,
            *device,
            "--output-dir",
            str(out),
        )
        assert run.returncode == 0, run.stderr
        np.testing.assert_allclose(
            np.load(out / "arg2.npy"), want, rtol=1e-5, atol=1e-4
        )
