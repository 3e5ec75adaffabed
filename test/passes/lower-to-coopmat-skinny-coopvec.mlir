// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true" | filecheck %s
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=lavapipe skinny-coopvec=true" 2>&1 | filecheck %s --check-prefix=ERR

// y = x W^T, M = 16, W [11008, 4096] f16 (skinny_coopvec.py): 11008 / 16 *
// 16 work-items in workgroups of 64, work-item t takes row t mod 16 of x and
// rows 16 (t / 16) of W, coopmat.matvec_value (OpCooperativeVectorMatrixMulNV)
// in chunks of 128 components of K = 4096 (h100-vulkan does not know the
// device's maxCooperativeVectorComponents: 128 is what Vulkan guarantees),
// the other 31 added to the first by an scf.for carrying the f32 sum (nor
// does it know its products: each chunk's is in the output's f32), the sum
// stored; the fill is the kernel's (every output is written).
// CHECK-LABEL: func.func @linear(
// CHECK-NOT:     linalg.fill
// CHECK:         %[[GRID:.*]] = arith.constant 172 : index
// CHECK:         %[[WG:.*]] = arith.constant 64 : index
// CHECK:         gpu.launch_func @linear_kernels::@linear_skinny blocks in (%[[GRID]], %{{.*}}, %{{.*}}) threads in (%[[WG]], %{{.*}}, %{{.*}})
// CHECK:       gpu.func @linear_skinny(%[[X:.*]]: memref<16x4096xf16>, %[[W:.*]]: memref<11008x4096xf16>, %[[Y:.*]]: memref<16x11008xf32>) kernel
// CHECK:         %[[T:.*]] = arith.addi
// CHECK-NEXT:    %[[BUSY:.*]] = arith.cmpi ult, %[[T]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[BUSY]] {
// CHECK-NEXT:      %[[M:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK-NEXT:      %[[SLAB:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK-NEXT:      %[[N0:.*]] = arith.muli %[[SLAB]], %{{.*}} : index
// CHECK-NEXT:      %[[FIRST:.*]] = coopmat.matvec_value %[[W]][%[[N0]], %[[C0:.*]]], %[[X]][%[[M]], %[[C0]]] {rows = 16 : i64, columns = 128 : i64} : memref<11008x4096xf16>, memref<16x4096xf16> -> vector<16xf32>
// CHECK-NEXT:      %[[SUM:.*]] = scf.for %[[K0:.*]] = %[[C128:.*]] to %[[K:.*]] step %[[C128]] iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (vector<16xf32>) {
// CHECK-NEXT:        %[[P:.*]] = coopmat.matvec_value %[[W]][%[[N0]], %[[K0]]], %[[X]][%[[M]], %[[K0]]] {rows = 16 : i64, columns = 128 : i64} : memref<11008x4096xf16>, memref<16x4096xf16> -> vector<16xf32>
// CHECK-NEXT:        %[[NEXT:.*]] = arith.addf %[[ACC]], %[[P]] : vector<16xf32>
// CHECK-NEXT:        scf.yield %[[NEXT]] : vector<16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.store %[[SUM]], %[[Y]][%[[M]], %[[N0]]] : memref<16x11008xf32>, vector<16xf32>

// ERR: lower-to-coopmat-skinny-coopvec.mlir:[[# @LINE + 4]]:3: error: lower-to-coopmat: skinny-coopvec=true needs VK_NV_cooperative_vector, which target 'lavapipe' does not have
func.func @linear(%x: memref<16x4096xf16>, %w: memref<11008x4096xf16>, %y: memref<16x11008xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<16x11008xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<16x4096xf16>, memref<11008x4096xf16>) outs(%y : memref<16x11008xf32>)
  func.return
}
