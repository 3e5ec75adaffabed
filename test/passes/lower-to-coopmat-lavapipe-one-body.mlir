// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe" | filecheck %s

// Without matrix units every matrix op becomes SIMT code that grows with the
// fragment, so the fragment kernel emits its math once: no interior branch
// for the ragged N = 48 (one checked body for every tile), C read into the
// accumulators before the K loop (no add after it), and stages=2's K tiles
// all in the loop, the fetch ahead clamped to the last tile (minui) instead
// of a drained copy of the math after the loop (the loop counts tiles: K
// offsets would step past 2^31 - 1 for K near it).
// CHECK-LABEL: gpu.func @matmul(
// CHECK-NOT:     scf.if
// CHECK:         %[[C0:.*]] = coopmat.load %{{.*}} row_major checked(cols) : memref<64x48xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[C1:.*]] = coopmat.load %{{.*}} row_major checked(cols) : memref<64x48xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[C0]], %{{.*}} = %[[C1]],
// CHECK-NEXT:      %[[K:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK-NEXT:      gpu.barrier
// CHECK:           gpu.barrier
// CHECK-NEXT:      %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT:      arith.minui %[[AHEAD]], %{{.*}} : index
// CHECK:           coopmat.mul_add
// CHECK:           coopmat.mul_add
// CHECK:           scf.yield
// CHECK-NOT:     coopmat.mul_add
// CHECK-NOT:     coopmat.add
// CHECK:         coopmat.store %{{.*}} row_major checked(cols)
// CHECK-NEXT:    coopmat.store %{{.*}} row_major checked(cols)
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}
