// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x32 subgroups=1x1 stages=0" | filecheck %s

// Every size dynamic, stages=0: the host asserts the shared sizes agree and
// K > 0, then computes the grid by ceil-div; the kernel reads K with
// memref.dim and, in the checked branch (edge tiles, K % 32 != 0; the
// branch itself: lower-to-coopmat-dynamic-branch.mlir), checks every
// fragment on M/N, runs whole K tiles, then a checked loop of k steps over
// the K % 32 tail.

// CHECK:       func.func @matmul(%[[A:[^:]+]]: memref<?x?xf16>, %[[B:[^:]+]]: memref<?x?xf16>, %[[C:[^:]+]]: memref<?x?xf32>) {
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[MA:.*]] = memref.dim %[[A]], %[[ZERO]]
// CHECK-NEXT:    %[[MC:.*]] = memref.dim %[[C]], %[[ZERO]]
// CHECK-NEXT:    %[[EQ:.*]] = arith.cmpi eq, %[[MA]], %[[MC]] : index
// CHECK-NEXT:    cf.assert %[[EQ]], "lower-to-coopmat: M of C (dimension 0) must equal that of A (dimension 0)"
// CHECK-NEXT:    %[[NB:.*]] = memref.dim %[[B]], %[[ONE:.*]] : memref<?x?xf16>
// CHECK-NEXT:    %[[NC:.*]] = memref.dim %[[C]], %[[ONE]] : memref<?x?xf32>
// CHECK-NEXT:    %[[NEQ:.*]] = arith.cmpi eq, %[[NB]], %[[NC]] : index
// CHECK-NEXT:    cf.assert %[[NEQ]], "lower-to-coopmat: N of C (dimension 1) must equal that of B (dimension 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: K of B (dimension 0) must equal that of A (dimension 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: an empty product (K=0) has no kernel to launch"
// CHECK-NEXT:    %[[C31:.*]] = arith.constant 31 : index
// CHECK-NEXT:    %[[NX:.*]] = arith.addi %[[NB]], %[[C31]] : index
// CHECK-NEXT:    %[[GX:.*]] = arith.divui %[[NX]], %{{.*}} : index
// CHECK-NEXT:    %[[MY:.*]] = arith.addi %[[MA]], %[[C31]] : index
// CHECK-NEXT:    %[[GY:.*]] = arith.divui %[[MY]], %{{.*}} : index
// CHECK-NEXT:    gpu.launch_func @matmul_kernels::@matmul blocks in (%[[GX]], %[[GY]], %{{.*}}) threads in
// CHECK:       gpu.func @matmul(%[[KA:[0-9]+]]: memref<?x?xf16>, %{{.*}}: memref<?x?xf16>, %[[KC:[0-9]+]]: memref<?x?xf32>) kernel
// CHECK:         %[[K:.*]] = memref.dim %[[KA]], %{{.*}} : memref<?x?xf16>
// CHECK:         %[[REM:.*]] = arith.remui %[[K]], %{{.*}} : index
// CHECK:         scf.if %{{.*}} {
// CHECK:         } else {
// CHECK:           %[[WHOLE:.*]] = arith.subi %[[K]], %[[REM]] : index
// CHECK-NEXT:      %{{.*}} = scf.for %{{.*}} = %{{.*}} to %[[WHOLE]] step
// CHECK-NEXT:        coopmat.load %[[KA]][{{.*}}] row_major checked(rows)
// CHECK:           %{{.*}} = scf.for %{{.*}} = %[[WHOLE]] to %[[K]] step
// CHECK-NEXT:        coopmat.load %[[KA]][{{.*}}] row_major checked(both)
// C is read after the K loops and added (matmul_kernel.py).
// CHECK:           coopmat.load %[[KC]][{{.*}}] row_major checked(both)
// CHECK:           coopmat.store %{{.*}}, %[[KC]][{{.*}}] row_major checked(both)
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
