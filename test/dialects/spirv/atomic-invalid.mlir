// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// The verifier rules of spirv.AtomicIAdd / spirv.AtomicExchange.

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%p: !spirv.ptr<f32, StorageBuffer>, %v: f32) "None" {
    // expected-error@+1 {{cannot update f32 atomically}}
    %old = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %p, %v : !spirv.ptr<f32, StorageBuffer>
    spirv.Return
  }
}

// CHECK: atomic-invalid.mlir:[[# @LINE - 5]]:5: error: 'spirv.AtomicIAdd' op cannot update f32 atomically

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) "None" {
    // expected-error@+1 {{'Galaxy' is not a SPIR-V Scope}}
    %old = spirv.AtomicExchange <Galaxy> <AcquireRelease|UniformMemory> %p, %v : !spirv.ptr<i32, StorageBuffer>
    spirv.Return
  }
}

// CHECK: atomic-invalid.mlir:[[# @LINE - 5]]:34: error: 'Galaxy' is not a SPIR-V Scope

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) "None" {
    // expected-error@+1 {{expected a !spirv.ptr type}}
    %old = spirv.AtomicIAdd <Device> <AcquireRelease> %p, %v : i32
    spirv.Return
  }
}

// CHECK: atomic-invalid.mlir:[[# @LINE - 5]]:64: error: expected a !spirv.ptr type
