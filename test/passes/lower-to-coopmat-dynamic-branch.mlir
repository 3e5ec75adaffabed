// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x32 subgroups=1x1 stages=1" | filecheck %s

// Every size dynamic, stages=1: one uniform scf.if per workgroup. It takes
// the static kernel's code (unchecked C, whole K tiles, 16-byte copies
// marked `alignment`) when the tile is interior, K % 32 == 0 and B's rows
// are 16-byte aligned (N % 8 == 0; A's K % 8 follows from K % 32), else the
// checked code, whose copies load element by element but still store whole
// 16-byte chunks into the same workgroup tiles.

// CHECK:       gpu.func @matmul(%[[A:[0-9]+]]: memref<?x?xf16>, %[[B:[0-9]+]]: memref<?x?xf16>, %[[C:[0-9]+]]: memref<?x?xf32>) kernel
// CHECK:         %[[ATILE:.*]] = memref.alloca() : memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[BTILE:.*]] = memref.alloca() : memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[K:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf16>
// CHECK-NEXT:    %[[M:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf16>
// CHECK-NEXT:    %[[N:.*]] = memref.dim %[[B]], %{{.*}} : memref<?x?xf16>
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %[[C32:.*]] : index
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %{{.*}}, %[[C32]] : index
// CHECK-NEXT:    %{{.*}} = gpu.thread_id x
// CHECK-NEXT:    %[[ROWEND:.*]] = arith.addi %[[ROW]], %[[C32]] : index
// CHECK-NEXT:    %[[MIN:.*]] = arith.cmpi ule, %[[ROWEND]], %[[M]] : index
// CHECK-NEXT:    %[[COLEND:.*]] = arith.addi %[[COL]], %[[C32]] : index
// CHECK-NEXT:    %[[NIN:.*]] = arith.cmpi ule, %[[COLEND]], %[[N]] : index
// CHECK-NEXT:    %[[KREM:.*]] = arith.remui %[[K]], %[[C32]] : index
// CHECK-NEXT:    %[[KWHOLE:.*]] = arith.cmpi eq, %[[KREM]], %{{.*}} : index
// CHECK-NEXT:    %[[NREM:.*]] = arith.remui %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[NALIGNED:.*]] = arith.cmpi eq, %[[NREM]], %{{.*}} : index
// CHECK-NEXT:    %[[AND1:.*]] = arith.andi %[[MIN]], %[[NIN]] : i1
// CHECK-NEXT:    %[[AND2:.*]] = arith.andi %[[AND1]], %[[KWHOLE]] : i1
// CHECK-NEXT:    %[[FAST:.*]] = arith.andi %[[AND2]], %[[NALIGNED]] : i1
// CHECK-NEXT:    scf.if %[[FAST]] {
// CHECK:           scf.for %{{.*}} = %{{.*}} to %[[K]] step %[[C32]]
// CHECK:             %[[VA:.*]] = vector.load %[[A]][%{{.*}}] {alignment = 16 : i64} : memref<?x?xf16>, vector<8xf16>
// CHECK-NEXT:        vector.store %[[VA]], %[[ATILE]][%{{.*}}] : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK:             %[[VB:.*]] = vector.load %[[B]][%{{.*}}] {alignment = 16 : i64} : memref<?x?xf16>, vector<8xf16>
// CHECK-NEXT:        vector.store %[[VB]], %[[BTILE]][%{{.*}}] : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// C is read after the K loop and added (matmul_kernel.py).
// CHECK:           coopmat.load %[[C]][%{{.*}}] row_major : memref<?x?xf32>
// CHECK:           coopmat.store %{{.*}}, %[[C]][%{{.*}}] row_major : !coopmat.matrix<16x16xf32, acc>, memref<?x?xf32>
// CHECK:         } else {
// CHECK:           memref.load %[[A]][%{{.*}}] : memref<?x?xf16>
// CHECK:           vector.insert %{{.*}} [7] : f16 into vector<8xf16>
// CHECK-NEXT:      vector.store %{{.*}}, %[[ATILE]][%{{.*}}] : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK:           coopmat.load %[[C]][%{{.*}}] row_major checked(both) : memref<?x?xf32>
// CHECK:           coopmat.store %{{.*}}, %[[C]][%{{.*}}] row_major checked(both) : !coopmat.matrix<16x16xf32, acc>, memref<?x?xf32>
// CHECK:         }
// CHECK-NEXT:    gpu.return
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
