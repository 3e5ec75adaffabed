// RUN: coopmlir-opt %s --lower-to-spirv="target=h100-vulkan" | filecheck %s --check-prefix=KHR
// RUN: coopmlir-opt %s --lower-to-spirv="target=h100-vulkan coopmat=nv" | filecheck %s --check-prefix=NV
// RUN: coopmlir-opt %s --lower-to-spirv="target=lavapipe" | filecheck %s --check-prefix=SIMT
// RUN: coopmlir-opt %s --lower-to-spirv="target=h100-vulkan" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --lower-to-spirv="target=lavapipe stages=1" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --lower-to-coopmat --convert-to-spirv -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -

// lower-to-spirv: linalg.matmul to SPIR-V in one flag; targets without
// matrix units (lavapipe) go through coopmat-to-simt.

// KHR:  spirv.module @__spv__matmul_kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, GroupNonUniform, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]>
// KHR:    spirv.KHR.CooperativeMatrixMulAdd
// NV:   spirv.module @__spv__matmul_kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, GroupNonUniform, CooperativeMatrixNV], [SPV_NV_cooperative_matrix]>
// NV:     spirv.NV.CooperativeMatrixMulAdd
// The SIMT k loops read A and B from workgroup memory: no shuffles.
// SIMT: spirv.module @__spv__matmul_kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, GroupNonUniform], []>
// SIMT:   spirv.func @matmul() "None" attributes {coopmlir.required_subgroup_size = 8 : i32
// SIMT-NOT: spirv.GroupNonUniformShuffle

func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
