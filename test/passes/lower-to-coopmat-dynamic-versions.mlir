// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x32 subgroups=1x1 stages=1 dynamic-versions=2" | filecheck %s

// dynamic-versions=2: a matmul with run-time sizes gets two kernels. The
// host computes the grid once, then launches @<f>_aligned (the run-time
// branch's fast code alone: no checks, 16-byte copies marked `alignment`)
// when M, N and K are multiples of the 32x32x32 tile, else @<f> (the
// one-kernel form, with its per-workgroup branch). B's rows being whole
// 16-byte chunks (N % 8 == 0) follows from N % 32 == 0: no test of its own.

// CHECK-LABEL: func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>)
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[M:.*]] = memref.dim %A, %[[C0]] : memref<?x?xf16>
// CHECK-DAG:     %[[K:.*]] = memref.dim %A, %{{.*}} : memref<?x?xf16>
// CHECK-DAG:     %[[N:.*]] = memref.dim %B, %{{.*}} : memref<?x?xf16>
// CHECK:         cf.assert
// CHECK:         %[[GX:.*]] = arith.divui %{{.*}}, %[[C32]] : index
// CHECK:         %[[GY:.*]] = arith.divui %{{.*}}, %[[C32]] : index
// CHECK-NEXT:    %[[MREM:.*]] = arith.remui %[[M]], %[[C32]] : index
// CHECK-NEXT:    %[[MWHOLE:.*]] = arith.cmpi eq, %[[MREM]], %[[C0]] : index
// CHECK-NEXT:    %[[NREM:.*]] = arith.remui %[[N]], %[[C32]] : index
// CHECK-NEXT:    %[[NWHOLE:.*]] = arith.cmpi eq, %[[NREM]], %[[C0]] : index
// CHECK-NEXT:    %[[MN:.*]] = arith.andi %[[MWHOLE]], %[[NWHOLE]] : i1
// CHECK-NEXT:    %[[KREM:.*]] = arith.remui %[[K]], %[[C32]] : index
// CHECK-NEXT:    %[[KWHOLE:.*]] = arith.cmpi eq, %[[KREM]], %[[C0]] : index
// CHECK-NEXT:    %[[ALIGNED:.*]] = arith.andi %[[MN]], %[[KWHOLE]] : i1
// CHECK-NEXT:    scf.if %[[ALIGNED]] {
// CHECK-NEXT:      gpu.launch_func @matmul_kernels::@matmul_aligned blocks in (%[[GX]], %[[GY]], %{{.*}}) threads in (%[[C32]], %{{.*}}, %{{.*}}) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %C : memref<?x?xf32>)
// CHECK-NEXT:    } else {
// CHECK-NEXT:      gpu.launch_func @matmul_kernels::@matmul blocks in (%[[GX]], %[[GY]], %{{.*}}) threads in (%[[C32]], %{{.*}}, %{{.*}}) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %C : memref<?x?xf32>)
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return

// The general kernel is the one-kernel form: its workgroups branch.
// CHECK:       gpu.func @matmul(%{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xf32>) kernel
// CHECK:         scf.if
// CHECK:           coopmat.load %{{.*}} row_major : memref<?x?xf32>
// CHECK:         } else {
// CHECK:           coopmat.load %{{.*}} row_major checked(both) : memref<?x?xf32>
// CHECK:         gpu.return

// The aligned kernel: K from memref.dim (the loop bound; strides come from
// the memrefs), no M or N, no branch, no check, vector copies.
// CHECK:       gpu.func @matmul_aligned(%[[AA:[0-9]+]]: memref<?x?xf16>, %[[AB:[0-9]+]]: memref<?x?xf16>, %[[AC:[0-9]+]]: memref<?x?xf32>) kernel
// CHECK-NOT:     scf.if
// CHECK-NOT:     checked
// CHECK-NOT:     memref.load
// CHECK:         %[[AK:.*]] = memref.dim %[[AA]], %{{.*}} : memref<?x?xf16>
// CHECK-NOT:     memref.dim
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[AK]] step %{{.*}}
// CHECK:           vector.load %[[AA]][%{{.*}}] {alignment = 16 : i64} : memref<?x?xf16>, vector<8xf16>
// CHECK:           vector.load %[[AB]][%{{.*}}] {alignment = 16 : i64} : memref<?x?xf16>, vector<8xf16>
// CHECK-NOT:     scf.if
// CHECK-NOT:     checked
// CHECK-NOT:     memref.load
// CHECK:         coopmat.load %[[AC]][%{{.*}}] row_major : memref<?x?xf32>
// CHECK:         coopmat.store %{{.*}}, %[[AC]][%{{.*}}] row_major : !coopmat.matrix<16x16xf32, acc>, memref<?x?xf32>
// CHECK-NOT:     checked
// CHECK:         gpu.return
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}

// Only M at run time: the host tests M % 32 alone.
// CHECK-LABEL: func.func @rows(
// CHECK:         %[[RM:.*]] = memref.dim %A, %{{.*}} : memref<?x32xf16>
// CHECK:         %[[RREM:.*]] = arith.remui %[[RM]], %{{.*}} : index
// CHECK-NEXT:    %[[RWHOLE:.*]] = arith.cmpi eq, %[[RREM]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[RWHOLE]] {
// CHECK-NEXT:      gpu.launch_func @rows_kernels::@rows_aligned
// CHECK-NEXT:    } else {
// CHECK-NEXT:      gpu.launch_func @rows_kernels::@rows
// CHECK:       gpu.func @rows(
// CHECK:       gpu.func @rows_aligned(
func.func @rows(%A: memref<?x32xf16>, %B: memref<32x48xf16>, %C: memref<?x48xf32>) {
  linalg.matmul ins(%A, %B : memref<?x32xf16>, memref<32x48xf16>) outs(%C : memref<?x48xf32>)
  func.return
}

// Static sizes (and a run-time batch alone) need no branch: one kernel,
// launched unconditionally; the option changes nothing.
// CHECK-LABEL: func.func @static(
// CHECK-NOT:     scf.if
// CHECK:         gpu.launch_func @static_kernels::@static
// CHECK-NEXT:    func.return
// CHECK:       gpu.module @static_kernels {
// CHECK-NEXT:    gpu.func @static(
// CHECK-NOT:     gpu.func
// CHECK:       }
func.func @static(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}

// CHECK-LABEL: func.func @batch(
// CHECK-NOT:     scf.if
// CHECK:         gpu.launch_func @batch_kernels::@batch
// CHECK-NEXT:    func.return
func.func @batch(%A: memref<?x64x32xf16>, %B: memref<?x32x64xf16>, %C: memref<?x64x64xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<?x64x32xf16>, memref<?x32x64xf16>) outs(%C : memref<?x64x64xf32>)
  func.return
}
