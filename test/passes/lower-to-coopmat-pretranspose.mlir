// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" 2>/dev/null | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" 2>/dev/null | coopmlir-opt | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan pretranspose=none" 2>/dev/null | filecheck %s --check-prefix=NONE

// i8 x i8 -> i32 with B stored K x N: NVIDIA's driver loads 8-bit fragments
// at full speed only from K-contiguous rows, so B is first copied to an
// N x K buffer by a transpose kernel (one workgroup per 128 x 128 byte tile:
// 16 x 8 of them), the product reads the copy, and the copy is freed at the
// end.
// REMARK: remark: lower-to-coopmat: B copied transposed before the product (8-bit fragments load at full speed from K-contiguous rows only on h100-vulkan)
// REMARK: remark: lower-to-coopmat: 2048x2048x1024 s8*s8^T->s32:
// CHECK-LABEL: func.func @product(
// CHECK-SAME:      %[[A:.*]]: memref<2048x1024xi8>, %[[B:.*]]: memref<1024x2048xi8>, %[[C:.*]]: memref<2048x2048xi32>)
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<2048x1024xi8>
// CHECK-DAG:     %[[X:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[Y:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-NEXT:    gpu.launch_func @product_kernels::@product_transpose_b blocks in (%[[X]], %[[Y]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK-SAME:        args(%[[B]] : memref<1024x2048xi8>, %[[T]] : memref<2048x1024xi8>)
// CHECK:         gpu.launch_func @product_kernels::@product blocks
// CHECK-SAME:        args(%[[A]] : memref<2048x1024xi8>, %[[T]] : memref<2048x1024xi8>, %[[C]] : memref<2048x2048xi32>)
// CHECK-NEXT:    memref.dealloc %[[T]] : memref<2048x1024xi8>
// CHECK-NEXT:    func.return

// The transpose, 16 bytes at a time (both sides multiples of 128): work-item
// t loads run q % 8 of tile row q / 8 for q = t + 256 p (p = 0..3; one
// 16-byte vector each), all four before it stores them whole into workgroup
// memory at run (q % 8) ^ (q / 8 / 16) (swizzled); after a barrier it
// gathers column q / 8 of tile rows 16 (q % 8) .. +15 (one byte each, from
// the swizzled run) into one vector and stores it as run q % 8 of row q / 8
// of the copy.
// CHECK-LABEL: gpu.func @product_transpose_b(
// CHECK-SAME:      %[[SRC:.*]]: memref<1024x2048xi8>, %[[DST:.*]]: memref<2048x1024xi8>) kernel
// CHECK:         %[[TILE:.*]] = memref.alloca() : memref<128x128xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT:    %[[ROW:.*]] = arith.divui %[[TID]], %{{.*}} : index
// CHECK-NEXT:    %[[PART:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK-COUNT-4: vector.load %[[SRC]][%{{.*}}, %{{.*}}] : memref<1024x2048xi8>, vector<16xi8>
// CHECK-NEXT:    %[[GROUP:.*]] = arith.divui %[[ROW]], %{{.*}} : index
// CHECK-NEXT:    %[[SWZ:.*]] = arith.xori %[[PART]], %[[GROUP]] : index
// CHECK-NEXT:    %[[AT:.*]] = arith.muli %[[SWZ]], %{{.*}} : index
// CHECK-NEXT:    vector.store %{{.*}}, %[[TILE]][%[[ROW]], %[[AT]]] : memref<128x128xi8, #gpu.address_space<workgroup>>, vector<16xi8>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[TILE]]
// CHECK-NEXT:    gpu.barrier
// CHECK-COUNT-16: memref.load %[[TILE]][%{{.*}}, %{{.*}}] : memref<128x128xi8, #gpu.address_space<workgroup>>
// CHECK:         vector.store %{{.*}}, %[[DST]][%{{.*}}, %{{.*}}] : memref<2048x1024xi8>, vector<16xi8>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[DST]]
// CHECK-NEXT:    gpu.return

// The product's kernel takes B as N x K.
// CHECK-LABEL: gpu.func @product(
// CHECK-SAME:      memref<2048x1024xi8>, %{{.*}}: memref<2048x1024xi8>, %{{.*}}: memref<2048x2048xi32>)

// NONE-NOT: transpose
// NONE: gpu.func @product(%{{.*}}: memref<2048x1024xi8>, %{{.*}}: memref<1024x2048xi8>
func.func @product(%A: memref<2048x1024xi8>, %B: memref<1024x2048xi8>, %C: memref<2048x2048xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<2048x2048xi32>)
  linalg.matmul ins(%A, %B : memref<2048x1024xi8>, memref<1024x2048xi8>) outs(%C : memref<2048x2048xi32>)
  func.return
}

// B of 1000 x 2100, not whole 64 x 64 tiles: the element-by-element copy.
// Work-item t loads column t % 64 of rows t / 64 + 4 p of the tile (p =
// 0..15; indices clamped into B), all sixteen before the first store into
// workgroup memory (rows padded by 4 bytes), then after a barrier writes the
// tile's column t / 64 + 4 p, row t % 64, as element (row, column) of the
// copy, where that is inside it.
// CHECK-LABEL: gpu.func @ragged_transpose_b(
// CHECK-SAME:      %[[SRC:.*]]: memref<1000x2100xi8>, %[[DST:.*]]: memref<2100x1000xi8>) kernel
// CHECK-DAG:     %[[LAST_ROW:.*]] = arith.constant 999 : index
// CHECK-DAG:     %[[LAST_COL:.*]] = arith.constant 2099 : index
// CHECK:         %[[TILE:.*]] = memref.alloca() : memref<64x68xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT:    %[[LANE:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK-NEXT:    %[[FIRST:.*]] = arith.divui %[[TID]], %{{.*}} : index
// CHECK:         %[[COL:.*]] = arith.minui %{{.*}}, %[[LAST_COL]] : index
// CHECK-COUNT-16: memref.load %[[SRC]][%{{.*}}, %[[COL]]] : memref<1000x2100xi8>
// CHECK-COUNT-16: memref.store %{{.*}}, %[[TILE]][%{{.*}}, %[[LANE]]] : memref<64x68xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         scf.if
// CHECK-NEXT:      %[[W:.*]] = memref.load %[[TILE]][%[[LANE]], %[[FIRST]]] : memref<64x68xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:      memref.store %[[W]], %[[DST]][%{{.*}}, %{{.*}}] : memref<2100x1000xi8>
// CHECK-COUNT-15: memref.store %{{.*}}, %[[DST]]
// CHECK:         gpu.return
func.func @ragged(%A: memref<2048x1000xi8>, %B: memref<1000x2100xi8>, %C: memref<2048x2100xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<2048x2100xi32>)
  linalg.matmul ins(%A, %B : memref<2048x1000xi8>, memref<1000x2100xi8>) outs(%C : memref<2048x2100xi32>)
  func.return
}
