// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true coopvec-chunk=256" | filecheck %s

// An f16 output, K = 1024 in chunks of 256 (skinny_coopvec.py): h100-vulkan
// does not list its cooperative-vector products, so each chunk's product is
// in the output's f16 (the product the H200's driver lists, f16*f16->f16),
// rounded once per chunk; it is widened (arith.extf) and the chunks summed
// in f32 (an scf.for carrying a vector<16xf32>); the sum is rounded once to
// f16 (arith.truncf) and stored.
// CHECK:       gpu.func @linear_skinny(%[[X:.*]]: memref<2x1024xf16>, %[[W:.*]]: memref<64x1024xf16>, %[[Y:.*]]: memref<2x64xf16>) kernel
// CHECK:         %[[P0:.*]] = coopmat.matvec_value %[[W]][%[[N0:.*]], %{{.*}}], %[[X]][%[[M:.*]], %{{.*}}] {rows = 16 : i64, columns = 256 : i64} : memref<64x1024xf16>, memref<2x1024xf16> -> vector<16xf16>
// CHECK-NEXT:    %[[E0:.*]] = arith.extf %[[P0]] : vector<16xf16> to vector<16xf32>
// CHECK-NEXT:    %[[SUM:.*]] = scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[E0]]) -> (vector<16xf32>) {
// CHECK-NEXT:      %[[P:.*]] = coopmat.matvec_value %[[W]][%[[N0]], %[[K0]]], %[[X]][%[[M]], %[[K0]]] {rows = 16 : i64, columns = 256 : i64} : memref<64x1024xf16>, memref<2x1024xf16> -> vector<16xf16>
// CHECK-NEXT:      %[[E:.*]] = arith.extf %[[P]] : vector<16xf16> to vector<16xf32>
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addf %[[ACC]], %[[E]] : vector<16xf32>
// CHECK-NEXT:      scf.yield %[[NEXT]] : vector<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OUT:.*]] = arith.truncf %[[SUM]] : vector<16xf32> to vector<16xf16>
// CHECK-NEXT:    vector.store %[[OUT]], %[[Y]][%[[M]], %[[N0]]] : memref<2x64xf16>, vector<16xf16>
func.func @linear(%x: memref<2x1024xf16>, %w: memref<64x1024xf16>, %y: memref<2x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<2x64xf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<2x1024xf16>, memref<64x1024xf16>) outs(%y : memref<2x64xf16>)
  func.return
}
