// RUN: coopmlir-opt %s -t spirv-asm | filecheck %s
// RUN: coopmlir-opt %s -o %t.spv && spirv-val --target-env vulkan1.3 %t.spv
// RUN: coopmlir-opt %s -t spirv-bin -o %t.bin && cmp %t.spv %t.bin
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-dis --raw-id --no-header - | filecheck %s --check-prefix=DIS

// `-t spirv-asm` prints assembly in the logical-layout order; `-o x.spv` (or
// `-t spirv-bin`) writes the binary. Ids are numbered in order of first
// appearance, so spirv-as keeps them.

// CHECK:      ; SPIR-V
// CHECK-NEXT: ; Version: 1.6
// CHECK:      OpCapability Shader
// CHECK-NEXT: OpCapability VulkanMemoryModel
// CHECK-NEXT: OpMemoryModel Logical Vulkan
// CHECK-NEXT: OpEntryPoint GLCompute %1 "main" %2
// CHECK-NEXT: OpExecutionMode %1 LocalSize 64 1 1
// CHECK-NEXT: OpName %2 "out"
// CHECK-NEXT: OpName %1 "main"
// CHECK-NEXT: OpDecorate %[[RTARRAY:[0-9]+]] ArrayStride 4
// CHECK-NEXT: OpMemberDecorate %[[STRUCT:[0-9]+]] 0 Offset 0
// CHECK-NEXT: OpDecorate %[[STRUCT]] Block
// CHECK-NEXT: OpDecorate %2 DescriptorSet 0
// CHECK-NEXT: OpDecorate %2 Binding 3
// CHECK-NEXT: %[[INT:[0-9]+]] = OpTypeInt 32 0
// CHECK-NEXT: %[[RTARRAY]] = OpTypeRuntimeArray %[[INT]]
// CHECK-NEXT: %[[STRUCT]] = OpTypeStruct %[[RTARRAY]]
// CHECK-NEXT: %[[PTR:[0-9]+]] = OpTypePointer StorageBuffer %[[STRUCT]]
// CHECK-NEXT: %2 = OpVariable %[[PTR]] StorageBuffer
// CHECK:      %[[SEVEN:[0-9]+]] = OpConstant %[[INT]] 4294967289
// CHECK:      %1 = OpFunction
// CHECK:      OpStore %{{[0-9]+}} %[[SEVEN]]
// CHECK:      OpFunctionEnd

// DIS: OpConstant %{{[0-9]+}} 4294967289

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel], []> {
  spirv.GlobalVariable @out bind(0, 3) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %out = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %minus7 = spirv.Constant -7 : i32
    %p = spirv.AccessChain %out[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    spirv.Store "StorageBuffer" %p, %minus7 : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @out
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}
