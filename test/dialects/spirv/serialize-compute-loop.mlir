// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -

// A compute shader with a storage buffer, a built-in input and a loop that
// carries values through header block arguments (phis) and returns one
// through spirv.mlir.merge. test/python/spirv/test_spirv_serializer.py validates
// its binary.

// CHECK:      spirv.GlobalVariable @buf bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
// CHECK:      %[[V:.*]] = spirv.Load "StorageBuffer" %[[P:.*]] : f32
// CHECK-NEXT: %[[R:.*]] = spirv.mlir.loop -> f32 {
// CHECK-NEXT:   spirv.Branch ^[[HEADER:.*]](%{{.*}}, %[[V]] : i32, f32)
// CHECK-NEXT: ^[[HEADER]](%[[I:.*]]: i32, %[[ACC:.*]]: f32):
// CHECK:        spirv.mlir.merge %[[ACC]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: spirv.Store "StorageBuffer" %[[P]], %[[R]] ["Aligned", 4] : f32

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel], []> {
  spirv.GlobalVariable @buf bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @main() "None" {
    %buf = spirv.mlir.addressof @buf : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %c8 = spirv.Constant 8 : i32
    %f = spirv.Constant 2.5 : f32
    %p = spirv.AccessChain %buf[%c0, %c1] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %v = spirv.Load "StorageBuffer" %p : f32
    %r = spirv.mlir.loop -> f32 {
      spirv.Branch ^header(%c0, %v : i32, f32)
    ^header(%i : i32, %acc : f32):
      %lt = spirv.SLessThan %i, %c8 : i32
      spirv.BranchConditional %lt, ^body, ^merge
    ^body:
      %acc2 = spirv.FAdd %acc, %f : f32
      spirv.Branch ^continue
    ^continue:
      %i2 = spirv.IAdd %i, %c1 : i32
      spirv.Branch ^header(%i2, %acc2 : i32, f32)
    ^merge:
      spirv.mlir.merge %acc : f32
    }
    spirv.Store "StorageBuffer" %p, %r ["Aligned", 4] : f32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @buf, @gid
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}
