// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=64x32x16 subgroups=2x1 stages=0" | filecheck %s

// An aligned 64x64x32 f16 -> f32 matmul with an explicit configuration:
// 2x1 subgroups of 32 work-items, each owning a 32x32 register tile of 2x2
// 16x16 accumulators; a grid of 2 x 1 workgroups of 64 work-items.

// CHECK-LABEL: builtin.module attributes {gpu.container_module} {
// CHECK-NEXT:    func.func @matmul(%[[A:[^:]+]]: memref<64x32xf16>, %[[B:[^:]+]]: memref<32x64xf16>, %[[C:[^:]+]]: memref<64x64xf32>) {
// CHECK-NEXT:      %[[GX:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[TX:.*]] = arith.constant 64 : index
// CHECK-NEXT:      gpu.launch_func @matmul_kernels::@matmul blocks in (%[[GX]], %[[ONE]], %[[ONE]]) threads in (%[[TX]], %[[ONE]], %[[ONE]]) args(%[[A]] : memref<64x32xf16>, %[[B]] : memref<32x64xf16>, %[[C]] : memref<64x64xf32>)
// CHECK-NEXT:      func.return
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.module @matmul_kernels {
// CHECK-NEXT:      gpu.func @matmul(%[[KA:[0-9]+]]: memref<64x32xf16>, %[[KB:[0-9]+]]: memref<32x64xf16>, %[[KC:[0-9]+]]: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
// CHECK-DAG:         %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:         %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:         %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:             %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:        %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:        %[[SG:.*]] = gpu.subgroup_id : index
// Workgroup tile origin (row = y * 64, col = x * 32), subgroup row offset.
// CHECK-NEXT:        %[[TROW:.*]] = arith.muli %[[BY]], %[[C64]] : index
// CHECK-NEXT:        %[[TCOL:.*]] = arith.muli %[[BX]], %[[C32]] : index
// CHECK-NEXT:        %[[SROW:.*]] = arith.muli %[[SG]], %[[C32]] : index
// CHECK-NEXT:        %[[ROW:.*]] = arith.addi %[[TROW]], %[[SROW]] : index
// linalg.matmul accumulates into C, but C is added after the K loop: the
// accumulators start at zero (matmul_kernel.py says why: registers).
// CHECK-NEXT:        %[[Z:.*]] = coopmat.splat %[[ZERO]] : f32 -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:        %[[R0:[0-9]+]], %[[R1:[0-9]+]], %[[R2:[0-9]+]], %[[R3:[0-9]+]] = scf.for %[[K:[0-9]+]] = %[[C0]] to %[[C32]] step %[[C16]] iter_args(%[[X00:[0-9]+]] = %[[Z]], %[[X01:[0-9]+]] = %[[Z]], %[[X10:[0-9]+]] = %[[Z]], %[[X11:[0-9]+]] = %[[Z]])
// Each A fragment is loaded once per k step and reused across its row.
// CHECK-NEXT:          %[[A0:.*]] = coopmat.load %[[KA]][%[[ROW]], %[[K]]] row_major : memref<64x32xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT:          %[[ROW1I:.*]] = arith.addi %[[ROW]], %[[C16]] : index
// CHECK-NEXT:          %[[A1:.*]] = coopmat.load %[[KA]][%[[ROW1I]], %[[K]]] row_major
// CHECK-NEXT:          %[[B0:.*]] = coopmat.load %[[KB]][%[[K]], %[[TCOL]]] row_major : memref<32x64xf16> -> !coopmat.matrix<16x16xf16, b>
// CHECK-NEXT:          %[[Y00:.*]] = coopmat.mul_add %[[A0]], %[[B0]], %[[X00]] : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:          %[[Y10:.*]] = coopmat.mul_add %[[A1]], %[[B0]], %[[X10]]
// CHECK-NEXT:          %[[COL1I:.*]] = arith.addi %[[TCOL]], %[[C16]] : index
// CHECK-NEXT:          %[[B1:.*]] = coopmat.load %[[KB]][%[[K]], %[[COL1I]]] row_major
// CHECK-NEXT:          %[[Y01:.*]] = coopmat.mul_add %[[A0]], %[[B1]], %[[X01]]
// CHECK-NEXT:          %[[Y11:.*]] = coopmat.mul_add %[[A1]], %[[B1]], %[[X11]]
// CHECK-NEXT:          scf.yield %[[Y00]], %[[Y01]], %[[Y10]], %[[Y11]]
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[COL1:.*]] = arith.addi %[[TCOL]], %[[C16]] : index
// CHECK-NEXT:        %[[ROW1:.*]] = arith.addi %[[ROW]], %[[C16]] : index
// CHECK-NEXT:        %[[C00:.*]] = coopmat.load %[[KC]][%[[ROW]], %[[TCOL]]] row_major : memref<64x64xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:        %[[C01:.*]] = coopmat.load %[[KC]][%[[ROW]], %[[COL1]]] row_major
// CHECK-NEXT:        %[[C10:.*]] = coopmat.load %[[KC]][%[[ROW1]], %[[TCOL]]] row_major
// CHECK-NEXT:        %[[C11:.*]] = coopmat.load %[[KC]][%[[ROW1]], %[[COL1]]] row_major
// CHECK-NEXT:        %[[S00:.*]] = coopmat.add %[[R0]], %[[C00]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:        %[[S01:.*]] = coopmat.add %[[R1]], %[[C01]]
// CHECK-NEXT:        %[[S10:.*]] = coopmat.add %[[R2]], %[[C10]]
// CHECK-NEXT:        %[[S11:.*]] = coopmat.add %[[R3]], %[[C11]]
// CHECK-NEXT:        coopmat.store %[[S00]], %[[KC]][%[[ROW]], %[[TCOL]]] row_major : !coopmat.matrix<16x16xf32, acc>, memref<64x64xf32>
// CHECK-NEXT:        coopmat.store %[[S01]], %[[KC]][%[[ROW]], %[[COL1]]] row_major
// CHECK-NEXT:        coopmat.store %[[S10]], %[[KC]][%[[ROW1]], %[[TCOL]]] row_major
// CHECK-NEXT:        coopmat.store %[[S11]], %[[KC]][%[[ROW1]], %[[COL1]]] row_major
// CHECK-NEXT:        gpu.return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%C : memref<64x64xf32>)
  func.return
}

// -----

// A linalg.fill of C before the matmul: accumulators start as a splat of the
// fill value, C is not read, and fill and constant leave the host function.

// CHECK-LABEL: func.func @filled(
// CHECK-NOT:     linalg
// CHECK-NOT:     arith.constant 0.0
// CHECK:         gpu.launch_func @filled_kernels::@filled
// CHECK:       gpu.func @filled(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:         %[[SPLAT:.*]] = coopmat.splat %[[ZERO]] : f16 -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NOT:     coopmat.load %{{.*}} : memref<64x64xf16>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[SPLAT]], %{{.*}} = %[[SPLAT]], %{{.*}} = %[[SPLAT]], %{{.*}} = %[[SPLAT]])
func.func @filled(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<64x64xf16>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%C : memref<64x64xf16>)
  func.return
}

// -----

// Two matmuls in one function: two kernels in its gpu.module, launched in order.

// CHECK-LABEL: func.func @two(
// CHECK:         gpu.launch_func @two_kernels::@two blocks
// CHECK:         gpu.launch_func @two_kernels::@two_1 blocks
// CHECK:       gpu.module @two_kernels {
// CHECK:         gpu.func @two(
// CHECK:         gpu.func @two_1(
func.func @two(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf32>, %D: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%C : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%D : memref<64x64xf32>)
  func.return
}
