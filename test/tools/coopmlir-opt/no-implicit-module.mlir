// RUN: coopmlir-opt %s --no-implicit-module | filecheck %s
// RUN: coopmlir-opt %s | filecheck %s --check-prefix=WRAPPED

// As in mlir-opt: with --no-implicit-module the file's one top-level op is
// printed alone (a spirv.module, as mlir-translate --serialize-spirv wants
// it); without, it is wrapped in the implicit builtin.module.

// CHECK:      spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel], []> {
// CHECK-NOT:  builtin.module

// WRAPPED:      builtin.module {
// WRAPPED-NEXT:   spirv.module Logical Vulkan
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel], []> {
  spirv.GlobalVariable @buffer bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
}
