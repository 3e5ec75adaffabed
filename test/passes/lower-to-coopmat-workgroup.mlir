// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan scope=workgroup tile=64x32x32 workgroup-invocations=64" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan scope=workgroup" | filecheck %s --check-prefix=DEFAULT
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan scope=workgroup tile=64x32x32 workgroup-invocations=64" | coopmlir-opt | filecheck %s

// scope=workgroup: one workgroup matrix per C tile, no subgroup ids, no
// workgroup memory, no barriers. 100x90x70 on 64x32x32 tiles: grid 3x2, all
// of M, N and K ragged, so every access is checked in both dimensions; the
// K loop runs over 3 tiles (the last one partial) with no peeled tail.
// CHECK-LABEL: func.func @ragged(
// CHECK:         gpu.launch_func @ragged_kernels::@ragged blocks in (%[[GX:.*]], %[[GY:.*]], %[[GZ:.*]]) threads in (%[[T:.*]], %{{.*}}, %{{.*}})
// CHECK-LABEL: gpu.func @ragged(
// CHECK-SAME:      %[[A:[0-9]+]]: memref<100x70xf16>, %[[B:[0-9]+]]: memref<70x90xf16>, %[[C:[0-9]+]]: memref<100x90xf32>
// CHECK-SAME:      {known_block_size = array<i32: 64, 1, 1>
// CHECK-NOT:       gpu.subgroup_id
// CHECK-NOT:       memref.alloca
// CHECK:           %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %[[BY]]
// CHECK-NEXT:      %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:      %[[COL:.*]] = arith.muli %[[BX]]
// CHECK-NEXT:      %[[ZERO:.*]] = coopmat.splat %{{.*}} : f32 -> !coopmat.matrix<64x32xf32, acc, workgroup>
// CHECK-NEXT:      %[[ACC:.*]] = scf.for %[[K:[0-9]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:[0-9]+]] = %[[ZERO]])
// CHECK-NEXT:        %[[TA:.*]] = coopmat.load %[[A]][%[[ROW]], %[[K]]] row_major checked(both) : memref<100x70xf16> -> !coopmat.matrix<64x32xf16, a, workgroup>
// CHECK-NEXT:        %[[TB:.*]] = coopmat.load %[[B]][%[[K]], %[[COL]]] row_major checked(both) : memref<70x90xf16> -> !coopmat.matrix<32x32xf16, b, workgroup>
// CHECK-NEXT:        %[[Y:.*]] = coopmat.mul_add %[[TA]], %[[TB]], %[[X]]
// CHECK-NEXT:        scf.yield %[[Y]]
// CHECK-NEXT:      }
// CHECK-NEXT:      coopmat.store %[[ACC]], %[[C]][%[[ROW]], %[[COL]]] row_major checked(both) : !coopmat.matrix<64x32xf32, acc, workgroup>, memref<100x90xf32>
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.return
// The default tile is 128x128x32 on 256 work-items (grid 1x1).
// DEFAULT-LABEL: gpu.func @ragged(
// DEFAULT-SAME:      {known_block_size = array<i32: 256, 1, 1>
// DEFAULT:           coopmat.mul_add {{.*}} : !coopmat.matrix<128x32xf16, a, workgroup>, !coopmat.matrix<32x128xf16, b, workgroup> -> !coopmat.matrix<128x128xf32, acc, workgroup>
func.func @ragged(%A: memref<100x70xf16>, %B: memref<70x90xf16>, %C: memref<100x90xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x90xf32>)
  linalg.matmul ins(%A, %B : memref<100x70xf16>, memref<70x90xf16>) outs(%C : memref<100x90xf32>)
  func.return
}

// -----

// Tiles that divide every dimension: no checks. Without a fill, the
// accumulator starts as C's tile; signed i8 products carry the flags.
// CHECK-LABEL: gpu.func @exact(
// CHECK:           %[[C0:.*]] = coopmat.load %{{.*}}[%{{.*}}, %{{.*}}] row_major : memref<128x64xi32> -> !coopmat.matrix<64x32xi32, acc, workgroup>
// CHECK-NEXT:      scf.for {{.*}} iter_args(%{{.*}} = %[[C0]])
// CHECK-NEXT:        coopmat.load {{.*}} row_major : memref<128x96xi8> -> !coopmat.matrix<64x32xi8, a, workgroup>
// CHECK-NEXT:        coopmat.load {{.*}} row_major : memref<96x64xi8> -> !coopmat.matrix<32x32xi8, b, workgroup>
// CHECK-NEXT:        coopmat.mul_add {{.*}} {a_signed, b_signed, c_signed, result_signed}
// CHECK:           coopmat.store {{.*}} row_major : !coopmat.matrix<64x32xi32, acc, workgroup>, memref<128x64xi32>
func.func @exact(%A: memref<128x96xi8>, %B: memref<96x64xi8>, %C: memref<128x64xi32>) {
  linalg.matmul ins(%A, %B : memref<128x96xi8>, memref<96x64xi8>) outs(%C : memref<128x64xi32>)
  func.return
}
