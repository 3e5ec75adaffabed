// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// memref.atomic_rmw as MLIR 22 writes it: the kind by name in the pretty
// form, by its AtomicRMWKind value in the generic form (addi = 1,
// assign = 3, addf = 0).

// CHECK:      %{{.*}} = memref.atomic_rmw addi %[[V:.*]], %[[M:.*]][%[[I:.*]], %[[J:.*]]] : (i32, memref<4x8xi32>) -> i32
// CHECK-NEXT: %{{.*}} = memref.atomic_rmw assign %[[V]], %[[M]][%[[I]], %[[J]]] : (i32, memref<4x8xi32>) -> i32
// CHECK-NEXT: %{{.*}} = memref.atomic_rmw addf %{{.*}}, %{{.*}}[%[[I]]] : (f32, memref<4xf32>) -> f32

// GENERIC:      "memref.atomic_rmw"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{kind = 1 : i64}> : (i32, memref<4x8xi32>, index, index) -> i32
// GENERIC-NEXT: "memref.atomic_rmw"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{kind = 3 : i64}> : (i32, memref<4x8xi32>, index, index) -> i32
// GENERIC-NEXT: "memref.atomic_rmw"(%{{.*}}, %{{.*}}, %{{.*}}) <{kind = 0 : i64}> : (f32, memref<4xf32>, index) -> f32

func.func @f(%m: memref<4x8xi32>, %n: memref<4xf32>, %i: index, %j: index, %v: i32, %w: f32) -> (i32, i32, f32) {
  %0 = memref.atomic_rmw addi %v, %m[%i, %j] : (i32, memref<4x8xi32>) -> i32
  %1 = memref.atomic_rmw assign %v, %m[%i, %j] : (i32, memref<4x8xi32>) -> i32
  %2 = memref.atomic_rmw addf %w, %n[%i] : (f32, memref<4xf32>) -> f32
  func.return %0, %1, %2 : i32, i32, f32
}
