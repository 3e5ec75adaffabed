// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan scope=workgroup tile=64x32x32 workgroup-invocations=64 stages=2" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan scope=workgroup tile=64x32x32 workgroup-invocations=64 stages=2" | coopmlir-opt | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-spirv="target=h100-vulkan scope=workgroup coopmat=nv2 tile=64x32x32 workgroup-invocations=64 stages=2" | filecheck %s --check-prefix=NV2

// scope=workgroup stages=2: the A and B matrices of K tile 0 are loaded
// before the loop; the loop over the K tiles 1..T-1 loads the next tile
// (carried as iter_args) before the product of the current one; the last
// tile's product follows the loop. 100x90x70 on 64x32x32: M, N and K all
// ragged, so every load (the prefetched ones too) is checked in both
// dimensions, as with stages=1.
// CHECK-LABEL: gpu.func @ragged(
// CHECK-SAME:      %[[A:[0-9]+]]: memref<100x70xf16>, %[[B:[0-9]+]]: memref<70x90xf16>, %[[C:[0-9]+]]: memref<100x90xf32>
// CHECK-DAG:       %[[TK:.*]] = arith.constant 32 : index
// CHECK-DAG:       %[[K0:.*]] = arith.constant 0 : index
// CHECK-DAG:       %[[K:.*]] = arith.constant 70 : index
// CHECK:           %[[ROW:.*]] = arith.muli
// CHECK:           %[[COL:.*]] = arith.muli
// CHECK-NEXT:      %[[ZERO:.*]] = coopmat.splat %{{.*}} : f32 -> !coopmat.matrix<64x32xf32, acc, workgroup>
// CHECK-NEXT:      %[[A0:.*]] = coopmat.load %[[A]][%[[ROW]], %[[K0]]] row_major checked(both) : memref<100x70xf16> -> !coopmat.matrix<64x32xf16, a, workgroup>
// CHECK-NEXT:      %[[B0:.*]] = coopmat.load %[[B]][%[[K0]], %[[COL]]] row_major checked(both) : memref<70x90xf16> -> !coopmat.matrix<32x32xf16, b, workgroup>
// CHECK-NEXT:      %[[ACC:.*]], %[[AL:.*]], %[[BL:.*]] = scf.for %[[KK:[0-9]+]] = %[[TK]] to %[[K]] step %[[TK]] iter_args(%[[X:[0-9]+]] = %[[ZERO]], %[[AC:[0-9]+]] = %[[A0]], %[[BC:[0-9]+]] = %[[B0]])
// CHECK-NEXT:        %[[AN:.*]] = coopmat.load %[[A]][%[[ROW]], %[[KK]]] row_major checked(both) : memref<100x70xf16> -> !coopmat.matrix<64x32xf16, a, workgroup>
// CHECK-NEXT:        %[[BN:.*]] = coopmat.load %[[B]][%[[KK]], %[[COL]]] row_major checked(both) : memref<70x90xf16> -> !coopmat.matrix<32x32xf16, b, workgroup>
// CHECK-NEXT:        %[[Y:.*]] = coopmat.mul_add %[[AC]], %[[BC]], %[[X]]
// CHECK-NEXT:        scf.yield %[[Y]], %[[AN]], %[[BN]]
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[LAST:.*]] = coopmat.mul_add %[[AL]], %[[BL]], %[[ACC]]
// CHECK-NEXT:      coopmat.store %[[LAST]], %[[C]][%[[ROW]], %[[COL]]] row_major checked(both)
// CHECK-NEXT:      gpu.return
// NV2-LABEL: spirv.func @ragged()
// NV2-COUNT-2: spirv.NV.CooperativeMatrixLoadTensor
// NV2:         spirv.mlir.loop
// NV2-COUNT-2: spirv.NV.CooperativeMatrixLoadTensor
// NV2:         spirv.KHR.CooperativeMatrixMulAdd
// NV2:         spirv.mlir.merge
// NV2:         spirv.KHR.CooperativeMatrixMulAdd
// NV2:         spirv.NV.CooperativeMatrixStoreTensor
func.func @ragged(%A: memref<100x70xf16>, %B: memref<70x90xf16>, %C: memref<100x90xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x90xf32>)
  linalg.matmul ins(%A, %B : memref<100x70xf16>, memref<70x90xf16>) outs(%C : memref<100x90xf32>)
  func.return
}

// -----

// K of one tile (here ragged: 19 of 32): no loop, one checked load of each
// operand and one product. Without a fill, C's tile starts the accumulator.
// CHECK-LABEL: gpu.func @one_k_tile(
// CHECK:           %[[C0:.*]] = coopmat.load %{{.*}}[%{{.*}}, %{{.*}}] row_major : memref<128x64xf16> -> !coopmat.matrix<64x32xf16, acc, workgroup>
// CHECK-NEXT:      %[[A0:.*]] = coopmat.load {{.*}} row_major checked(cols) : memref<128x19xf16> -> !coopmat.matrix<64x32xf16, a, workgroup>
// CHECK-NEXT:      %[[B0:.*]] = coopmat.load {{.*}} row_major checked(rows) : memref<19x64xf16> -> !coopmat.matrix<32x32xf16, b, workgroup>
// CHECK-NEXT:      %[[Y:.*]] = coopmat.mul_add %[[A0]], %[[B0]], %[[C0]]
// CHECK-NEXT:      coopmat.store %[[Y]], {{.*}} row_major : !coopmat.matrix<64x32xf16, acc, workgroup>, memref<128x64xf16>
// CHECK-NOT:       scf.for
// CHECK:           gpu.return
// NV2-LABEL: spirv.func @one_k_tile()
// NV2-NOT:     spirv.mlir.loop
// NV2:         spirv.KHR.CooperativeMatrixMulAdd
// NV2-NOT:     spirv.mlir.loop
// NV2:         spirv.Return
func.func @one_k_tile(%A: memref<128x19xf16>, %B: memref<19x64xf16>, %C: memref<128x64xf16>) {
  linalg.matmul ins(%A, %B : memref<128x19xf16>, memref<19x64xf16>) outs(%C : memref<128x64xf16>)
  func.return
}
