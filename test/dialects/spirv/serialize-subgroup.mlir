// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -

// Subgroup shuffles and broadcasts, a selection with a result, a function
// variable, a call, GLSL.std.450, conversions and vector ops: the SIMT
// side of the serializer. test/python/spirv/test_spirv_serializer.py validates
// its binary.

// CHECK-LABEL: spirv.func @twice(%{{.*}}: f32) -> f32 "Pure" {
// CHECK:       spirv.func @main() "None" {
// CHECK:         %[[LANE:.*]] = spirv.Load "Input" %{{.*}} : i32
// CHECK:         %[[X:.*]] = spirv.GroupNonUniformShuffle <Subgroup> %{{.*}}, %{{.*}} : f32, i32
// CHECK-NEXT:    %[[Y:.*]] = spirv.GroupNonUniformShuffleXor <Subgroup> %[[X]], %{{.*}} : f32, i32
// CHECK-NEXT:    %[[Z:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[Y]], %{{.*}} : f32, i32
// CHECK-NEXT:    %[[W:.*]] = spirv.GroupNonUniformBroadcastFirst <Subgroup> %[[Z]] : f32
// CHECK-NEXT:    %{{.*}} = spirv.GroupNonUniformFAdd <Subgroup> <Reduce> %[[W]] : f32 -> f32
// CHECK:         %{{.*}} = spirv.mlir.selection -> f32 {
// CHECK-NEXT:      spirv.BranchConditional %{{.*}}, ^{{.*}}, ^{{.*}}
// CHECK:           spirv.Branch ^[[MERGE:.*]](%{{.*}} : f32)
// CHECK:         ^[[MERGE]](%[[PHI:.*]]: f32):
// CHECK-NEXT:      spirv.mlir.merge %[[PHI]] : f32
// CHECK:         spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory>

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float64, VulkanMemoryModel, GroupNonUniform, GroupNonUniformShuffle, GroupNonUniformBallot, GroupNonUniformArithmetic], []> {
  spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @lane built_in("SubgroupLocalInvocationId") : !spirv.ptr<i32, Input>
  spirv.func @twice(%x: f32) -> f32 "Pure" {
    %two = spirv.Constant 2.0 : f32
    %y = spirv.FMul %x, %two : f32
    spirv.ReturnValue %y : f32
  }
  spirv.func @main() "None" {
    %acc = spirv.Variable : !spirv.ptr<f32, Function>
    %lane_ptr = spirv.mlir.addressof @lane : !spirv.ptr<i32, Input>
    %lane = spirv.Load "Input" %lane_ptr : i32
    %one = spirv.Constant 1 : i32
    %zero = spirv.Constant 0 : i32
    %f = spirv.ConvertSToF %lane : i32 to f32
    %src = spirv.BitwiseXor %lane, %one : i32
    %x = spirv.GroupNonUniformShuffle <Subgroup> %f, %src : f32, i32
    %y = spirv.GroupNonUniformShuffleXor <Subgroup> %x, %one : f32, i32
    %z = spirv.GroupNonUniformBroadcast <Subgroup> %y, %zero : f32, i32
    %w = spirv.GroupNonUniformBroadcastFirst <Subgroup> %z : f32
    %sum = spirv.GroupNonUniformFAdd <Subgroup> <Reduce> %w : f32 -> f32
    %even = spirv.BitwiseAnd %lane, %one : i32
    %is_even = spirv.IEqual %even, %zero : i32
    %picked = spirv.mlir.selection -> f32 {
      spirv.BranchConditional %is_even, ^then, ^else
    ^then:
      %t = spirv.FunctionCall @twice(%sum) : (f32) -> f32
      spirv.Branch ^merge(%t : f32)
    ^else:
      %m = spirv.GL.FMax %sum, %f : f32
      spirv.Branch ^merge(%m : f32)
    ^merge(%r: f32):
      spirv.mlir.merge %r : f32
    }
    spirv.Store "Function" %acc, %picked : f32
    %v = spirv.CompositeConstruct %picked, %sum : (f32, f32) -> vector<2xf32>
    %s = spirv.VectorShuffle [1 : i32, 0 : i32] %v, %v : vector<2xf32>, vector<2xf32> -> vector<2xf32>
    %e = spirv.CompositeExtract %s[0 : i32] : vector<2xf32>
    %h = spirv.FConvert %e : f32 to f64
    %back = spirv.FConvert %h : f64 to f32
    %shifted = spirv.ShiftLeftLogical %lane, %one : i32, i32
    %neg = spirv.FNegate %back : f32
    %sel = spirv.Select %is_even, %neg, %back : i1, f32
    %out = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %p = spirv.AccessChain %out[%zero, %shifted] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %old = spirv.Load "Function" %acc : f32
    %new = spirv.FAdd %old, %sel : f32
    spirv.Store "StorageBuffer" %p, %new : f32
    spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @out, @lane
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}
