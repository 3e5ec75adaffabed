// RUN: coopmlir-opt %s --split-input-file | filecheck %s
// RUN: coopmlir-opt %s --split-input-file | coopmlir-opt --split-input-file | filecheck %s

// MLIR's #spirv.target_env as coopmlir reads and writes it (the vce triple
// and the subgroup size; prepare-gpu-to-spirv puts it on each gpu.module):
// CHECK: gpu.module @k attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<subgroup_size = 8>>}
builtin.module attributes {gpu.container_module} {
  gpu.module @k attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<subgroup_size = 8>>} {
    gpu.func @f() kernel {
      gpu.return
    }
  }
}

// -----

// Without limits: MLIR's defaults.
// CHECK: "test.op"() {env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} : () -> ()
"test.op"() {env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} : () -> ()

// -----


// kept as written (mlir-opt-22 reads them back: test_mlir_gpu_path.py).

// CHECK: builtin.module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]>, api=Vulkan, NVIDIA:DiscreteGPU:9008, #spirv.resource_limits<max_compute_workgroup_size = [1024, 1024, 64], subgroup_size = 32>>}
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]>, api=Vulkan, NVIDIA:DiscreteGPU:0x2330, #spirv.resource_limits<max_compute_workgroup_size = [1024, 1024, 64], subgroup_size = 32>>} {
  // CHECK: func.func @f(%a: memref<4xf32, #spirv.storage_class<StorageBuffer>> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}, %b: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 2), StorageBuffer>})
  func.func @f(%a: memref<4xf32, #spirv.storage_class<StorageBuffer>> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>},
               %b: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 2), StorageBuffer>}) {
    func.return
  }
}

// An empty resource limit list, as MLIR's conversion tests write it.
// CHECK: builtin.module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>}
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
}
