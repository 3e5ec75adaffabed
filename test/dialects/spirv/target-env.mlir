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

