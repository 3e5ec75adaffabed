// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | filecheck %s --check-prefix=ASM

// Atomic read-modify-write on a storage buffer, spelled as MLIR spells it
// (the type after `:` is the pointer's), and a barrier that orders storage
// buffers at Device scope: Device scope under the Vulkan memory model needs
// VulkanMemoryModelDeviceScope. The scope and the semantics are i32
// constants in the binary (Device = 1; AcquireRelease|UniformMemory|
// MakeAvailable|MakeVisible = 0x6048).

// CHECK:      %[[OLD:.*]] = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible> %[[P:.*]], %{{.*}} : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %{{.*}} = spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible> %[[P]], %[[OLD]] : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible>

// ASM-DAG:    %[[DEVICE:.*]] = OpConstant %{{.*}} 1{{$}}
// ASM-DAG:    %[[SEM:.*]] = OpConstant %{{.*}} 24648{{$}}
// ASM:        %[[OLD:.*]] = OpAtomicIAdd %{{.*}} %[[PTR:[0-9]+]] %[[DEVICE]] %[[SEM]] %{{.*}}
// ASM-NEXT:   OpAtomicExchange %{{.*}} %[[PTR]] %[[DEVICE]] %[[SEM]] %[[OLD]]

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel, VulkanMemoryModelDeviceScope], []> {
  spirv.GlobalVariable @counter bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %base = spirv.mlir.addressof @counter : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %base[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
    %old = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible> %p, %c1 : !spirv.ptr<i32, StorageBuffer>
    %was = spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible> %p, %old : !spirv.ptr<i32, StorageBuffer>
    spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @counter
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}
