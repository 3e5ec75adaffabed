// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true coopvec-chunk=128" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true coopvec-chunk=512" | filecheck %s --check-prefix=WHOLE

// K = 512 in chunks of 128 (skinny_coopvec.py): the product of columns
// [0, 128) starts the sum, an scf.for from 128 to 512 step 128 (3 steps, 4
// chunks in all) adds those of the others in f32 registers, the sum is
// stored over the output. coopvec-chunk=512 takes K whole: one product, no
// loop.
// CHECK:       gpu.func @linear_skinny(%[[X:.*]]: memref<4x512xf16>, %[[W:.*]]: memref<64x512xf16>, %[[Y:.*]]: memref<4x64xf32>) kernel
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG:     %[[C512:.*]] = arith.constant 512 : index
// CHECK:         %[[FIRST:.*]] = coopmat.matvec_value %[[W]][%[[N0:.*]], %[[C0]]], %[[X]][%[[M:.*]], %[[C0]]] {rows = 16 : i64, columns = 128 : i64}
// CHECK-NEXT:    %[[SUM:.*]] = scf.for %[[K0:.*]] = %[[C128]] to %[[C512]] step %[[C128]] iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (vector<16xf32>) {
// CHECK-NEXT:      %[[P:.*]] = coopmat.matvec_value %[[W]][%[[N0]], %[[K0]]], %[[X]][%[[M]], %[[K0]]] {rows = 16 : i64, columns = 128 : i64}
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addf %[[ACC]], %[[P]] : vector<16xf32>
// CHECK-NEXT:      scf.yield %[[NEXT]] : vector<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    vector.store %[[SUM]], %[[Y]][%[[M]], %[[N0]]]

// WHOLE:       %[[P:.*]] = coopmat.matvec_value {{.*}} {rows = 16 : i64, columns = 512 : i64} {{.*}} -> vector<16xf32>
// WHOLE-NOT:   scf.for
// WHOLE-NEXT:  vector.store %[[P]]
func.func @linear(%x: memref<4x512xf16>, %w: memref<64x512xf16>, %y: memref<4x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4x64xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<4x512xf16>, memref<64x512xf16>) outs(%y : memref<4x64xf32>)
  func.return
}
