// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=4" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=4" | coopmlir-opt | filecheck %s

// stages=4: register prefetch two K tiles ahead, one workgroup buffer per
// operand. On 32x32x16 tiles over 128 work-items each work-item fetches one
// vector<4xf16> of A and one of B per K tile. Tiles 0 and 1 are fetched
// before the loop; iteration i stores tile i, fetches tile i + 2 and
// multiplies tile i, carrying the accumulator and both tiles' values; the
// last two tiles are stored and multiplied after it.

// K = 80: five K tiles, the loop's three trips (k = 0, 16, 32) fetch 32, 48, 64.
// CHECK-LABEL: gpu.func @many(
// CHECK-SAME:      %[[A:[0-9]+]]: memref<32x80xf16>, %[[B:[0-9]+]]: memref<80x32xf16>
// CHECK:           %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[BT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// CHECK-DAG:       %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG:       %[[END:.*]] = arith.constant 48 : index
// CHECK-DAG:       %[[TK:.*]] = arith.constant 16 : index
// CHECK-DAG:       %[[TWOTK:.*]] = arith.constant 32 : index
// C is added after the K loop: the accumulator starts at zero.
// CHECK:           %[[ACC0:.*]] = coopmat.splat
// CHECK:           %[[A0:.*]] = vector.load %[[A]]
// CHECK:           %[[B0:.*]] = vector.load %[[B]]
// CHECK:           %[[A1:.*]] = vector.load %[[A]]
// CHECK:           %[[B1:.*]] = vector.load %[[B]]
// CHECK-NEXT:      %[[R0:[0-9]+]], %[[R1:[0-9]+]], %[[R2:[0-9]+]], %[[R3:[0-9]+]], %[[R4:[0-9]+]] = scf.for %[[K:[0-9]+]] = %[[ZERO]] to %[[END]] step %[[TK]]
// CHECK-SAME:          iter_args(%[[X:[0-9]+]] = %[[ACC0]], %[[XA0:[0-9]+]] = %[[A0]], %[[XB0:[0-9]+]] = %[[B0]], %[[XA1:[0-9]+]] = %[[A1]], %[[XB1:[0-9]+]] = %[[B1]])
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        vector.store %[[XA0]], %[[AT]]
// CHECK-NEXT:        vector.store %[[XB0]], %[[BT]]
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        %[[NEXT:.*]] = arith.addi %[[K]], %[[TWOTK]] : index
// CHECK-NOT:         arith.select
// CHECK:             %[[A2:.*]] = vector.load %[[A]]
// CHECK-NOT:         arith.select
// CHECK:             %[[B2:.*]] = vector.load %[[B]]
// CHECK-NEXT:        coopmat.load %[[AT]]
// CHECK-NEXT:        coopmat.load %[[BT]]
// CHECK-NEXT:        %[[Y:.*]] = coopmat.mul_add %{{.*}}, %{{.*}}, %[[X]] :
// CHECK-NEXT:        scf.yield %[[Y]], %[[XA1]], %[[XB1]], %[[A2]], %[[B2]]
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store %[[R1]], %[[AT]]
// CHECK-NEXT:      vector.store %[[R2]], %[[BT]]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      coopmat.load %[[AT]]
// CHECK-NEXT:      coopmat.load %[[BT]]
// CHECK-NEXT:      coopmat.mul_add
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store %[[R3]], %[[AT]]
// CHECK-NEXT:      vector.store %[[R4]], %[[BT]]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      coopmat.load %[[AT]]
// CHECK-NEXT:      coopmat.load %[[BT]]
// CHECK-NEXT:      %[[D:.*]] = coopmat.mul_add
// CHECK-NEXT:      %[[CM:.*]] = coopmat.load %{{.*}} : memref<32x32xf32>
// CHECK-NEXT:      %[[S:.*]] = coopmat.add %[[D]], %[[CM]]
// CHECK-NEXT:      coopmat.store %[[S]]
// CHECK-NEXT:      gpu.return
func.func @many(%A: memref<32x80xf16>, %B: memref<80x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x80xf16>, memref<80x32xf16>) outs(%C : memref<32x32xf32>)
  func.return
}

// K = 72: five K tiles, the last (64) ragged. The iteration that fetches it
// (k = 32) is peeled: the loop runs k = 0, 16 unchecked, the peeled fetch
// alone checks its columns of A and rows of B against K.
// CHECK-LABEL: gpu.func @peeled(
// CHECK-SAME:      %[[A:[0-9]+]]: memref<32x72xf16>, %[[B:[0-9]+]]: memref<72x32xf16>
// CHECK-DAG:       %[[END:.*]] = arith.constant 32 : index
// CHECK-DAG:       %[[LAST:.*]] = arith.constant 64 : index
// CHECK-DAG:       %[[K:.*]] = arith.constant 72 : index
// CHECK:           %[[R0:[0-9]+]], %[[R1:[0-9]+]], %[[R2:[0-9]+]], %[[R3:[0-9]+]], %[[R4:[0-9]+]] = scf.for %{{.*}} = %{{.*}} to %[[END]] step
// CHECK-NOT:         arith.select
// CHECK:             scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store %[[R1]]
// CHECK-NEXT:      vector.store %[[R2]]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[COL:.*]] = arith.addi %{{.*}}, %[[LAST]] : index
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[COL]], %[[K]] : index
// CHECK-NEXT:      %[[SAFE:.*]] = arith.minui %[[COL]]
// CHECK-NEXT:      %[[V:.*]] = vector.load %[[A]][%{{.*}}, %[[SAFE]]]
// CHECK-NEXT:      %[[A4:.*]] = arith.select %[[IN]], %[[V]]
// CHECK:           %[[B4:.*]] = arith.select
// CHECK-NEXT:      coopmat.load
// CHECK-NEXT:      coopmat.load
// CHECK-NEXT:      coopmat.mul_add
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store %[[R3]]
// CHECK-NEXT:      vector.store %[[R4]]
// CHECK-NEXT:      gpu.barrier
// CHECK:           gpu.barrier
// CHECK-NEXT:      vector.store %[[A4]]
// CHECK-NEXT:      vector.store %[[B4]]
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       arith.select
// CHECK:           gpu.return
func.func @peeled(%A: memref<32x72xf16>, %B: memref<72x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x72xf16>, memref<72x32xf16>) outs(%C : memref<32x32xf32>)
  func.return
}

// K = 32: two K tiles, both fetched before any store; no loop.
// CHECK-LABEL: gpu.func @two(
// CHECK-NOT:       scf.for
// CHECK-COUNT-4:   vector.load
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store
// CHECK-NEXT:      vector.store
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      coopmat.load
// CHECK-NEXT:      coopmat.load
// CHECK-NEXT:      coopmat.mul_add
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store
// CHECK-NEXT:      vector.store
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      coopmat.load
// CHECK-NEXT:      coopmat.load
// CHECK-NEXT:      %[[D:.*]] = coopmat.mul_add
// CHECK-NEXT:      %[[CM:.*]] = coopmat.load %{{.*}} : memref<32x32xf32>
// CHECK-NEXT:      %[[S:.*]] = coopmat.add %[[D]], %[[CM]]
// CHECK-NEXT:      coopmat.store %[[S]]
// CHECK-NEXT:      gpu.return
func.func @two(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  func.return
}
