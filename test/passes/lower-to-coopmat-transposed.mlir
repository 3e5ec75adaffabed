// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x16x16 subgroups=1x1 stages=0" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x16x16 subgroups=1x1 stages=1" | filecheck %s --check-prefix=STAGED

// Transposed operands are read in place: a fragment of A^T (stored k x m) is
// loaded col_major at [k, row], one of B^T (stored n x k) at [col, k], one of
// C^T (stored n x m) at [col, row]. `checked` names the matrix's rows and
// cols, whichever memref dimension they run along. Staging keeps the stored
// orientation in workgroup memory (copies stay contiguous) and loads the
// fragments from there col_major too.

// A^T, written as MLIR prints it: linalg.matmul with indexing_maps.
// CHECK-LABEL: gpu.func @a_transposed(
// CHECK-SAME:    %[[A:[0-9]+]]: memref<32x64xf16>, %[[B:[0-9]+]]: memref<32x48xf16>, %[[C:[0-9]+]]: memref<64x48xf32>)
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         scf.for %[[K:[0-9]+]] =
// CHECK-NEXT:      coopmat.load %[[A]][%[[K]], %[[ROW]]] col_major : memref<32x64xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT:      %[[ROW1:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK-NEXT:      coopmat.load %[[A]][%[[K]], %[[ROW1]]] col_major : memref<32x64xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT:      coopmat.load %[[B]][%[[K]], %[[COL]]] row_major : memref<32x48xf16> -> !coopmat.matrix<16x16xf16, b>
// STAGED-LABEL: gpu.func @a_transposed(
// STAGED-NEXT:    %[[ATILE:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// STAGED-NEXT:    %[[BTILE:.*]] = memref.alloca() : memref<16x24xf16, #gpu.address_space<workgroup>>
// STAGED:         coopmat.load %[[ATILE]][%{{.*}}, %{{.*}}] col_major : memref<16x40xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, a>
// STAGED:         coopmat.load %[[BTILE]][%{{.*}}, %{{.*}}] row_major : memref<16x24xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, b>
func.func @a_transposed(%A: memref<32x64xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<32x64xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}

// -----

// B^T through the named op, on a ragged problem: in the workgroups whose
// tile is not interior (the scf.if's second branch) the B^T fragment is
// checked along its cols (N = 47 is ragged, K = 19 only in the peeled tail).
// CHECK-LABEL: gpu.func @b_transposed(
// CHECK-SAME:    %[[A:[0-9]+]]: memref<33x19xf16>, %[[B:[0-9]+]]: memref<47x19xf16>, %[[C:[0-9]+]]: memref<33x47xf32>)
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         scf.if
// CHECK:           coopmat.load %[[B]][%[[COL]], %{{.*}}] col_major : memref<47x19xf16>
// CHECK:         } else {
// CHECK:         scf.for %[[K:[0-9]+]] =
// CHECK-NEXT:      coopmat.load %[[A]][%[[ROW]], %[[K]]] row_major checked(rows) : memref<33x19xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT:      arith.addi %[[ROW]]
// CHECK-NEXT:      coopmat.load %[[A]][%{{.*}}, %[[K]]] row_major checked(rows)
// CHECK-NEXT:      coopmat.load %[[B]][%[[COL]], %[[K]]] col_major checked(cols) : memref<47x19xf16> -> !coopmat.matrix<16x16xf16, b>
// CHECK:         }
// CHECK:         coopmat.load %[[B]][%[[COL]], %{{.*}}] col_major checked(both) : memref<47x19xf16> -> !coopmat.matrix<16x16xf16, b>
// STAGED-LABEL: gpu.func @b_transposed(
// STAGED-NEXT:    memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// STAGED-NEXT:    %[[BTILE:.*]] = memref.alloca() : memref<16x24xf16, #gpu.address_space<workgroup>>
// STAGED:         coopmat.load %[[BTILE]][%{{.*}}, %{{.*}}] col_major : memref<16x24xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, b>
func.func @b_transposed(%A: memref<33x19xf16>, %B: memref<47x19xf16>, %C: memref<33x47xf32>) {
  linalg.matmul_transpose_b ins(%A, %B : memref<33x19xf16>, memref<47x19xf16>) outs(%C : memref<33x47xf32>)
  func.return
}

// -----

// A^T with the named op, and C^T through indexing_maps: C is read and
// written col_major at [col, row].
// CHECK-LABEL: gpu.func @named_a_transposed(
// CHECK:         coopmat.load %{{.*}}[%{{.*}}, %{{.*}}] col_major : memref<16x32xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-LABEL: gpu.func @c_transposed(
// CHECK-SAME:    %[[C:[0-9]+]]: memref<16x32xf32>)
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         coopmat.load %[[C]][%[[COL]], %[[ROW]]] col_major : memref<16x32xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         coopmat.store %{{.*}}, %[[C]][%[[COL]], %[[ROW]]] col_major : !coopmat.matrix<16x16xf32, acc>, memref<16x32xf32>
func.func @named_a_transposed(%A: memref<16x32xf16>, %B: memref<16x16xf16>, %C: memref<32x16xf32>) {
  linalg.matmul_transpose_a ins(%A, %B : memref<16x32xf16>, memref<16x16xf16>) outs(%C : memref<32x16xf32>)
  func.return
}
func.func @c_transposed(%A: memref<32x16xf16>, %B: memref<16x16xf16>, %C: memref<16x32xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d1, d0)>] ins(%A, %B : memref<32x16xf16>, memref<16x16xf16>) outs(%C : memref<16x32xf32>)
  func.return
}
