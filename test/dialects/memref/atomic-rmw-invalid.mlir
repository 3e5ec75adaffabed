// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// memref.atomic_rmw is checked as MLIR checks it (its messages): the kind
// fits the value's type, one index per dimension, a known kind.

func.func @f(%m: memref<4xi32>, %i: index, %v: i32) -> i32 {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  func.return %0 : i32
}
// CHECK: atomic-rmw-invalid.mlir:[[# @LINE - 3]]:3: error: 'memref.atomic_rmw' op with kind 'addf' expects a floating-point type

// -----

func.func @f(%m: memref<4xf32>, %i: index, %v: f32) -> f32 {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'maxs' expects an integer type}}
  %0 = memref.atomic_rmw maxs %v, %m[%i] : (f32, memref<4xf32>) -> f32
  func.return %0 : f32
}
// CHECK: atomic-rmw-invalid.mlir:[[# @LINE - 3]]:3: error: 'memref.atomic_rmw' op with kind 'maxs' expects an integer type

// -----

func.func @f(%m: memref<4x4xi32>, %i: index, %v: i32) -> i32 {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %0 = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<4x4xi32>) -> i32
  func.return %0 : i32
}
// CHECK: atomic-rmw-invalid.mlir:[[# @LINE - 3]]:3: error: 'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank

// -----

func.func @f(%m: memref<4xi32>, %i: index, %v: i32) -> i32 {
  // expected-error@+1 {{unknown atomic_rmw kind 'add'}}
  %0 = memref.atomic_rmw add %v, %m[%i] : (i32, memref<4xi32>) -> i32
  func.return %0 : i32
}
// CHECK: atomic-rmw-invalid.mlir:[[# @LINE - 3]]:26: error: unknown atomic_rmw kind 'add'
