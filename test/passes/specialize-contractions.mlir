// RUN: coopmlir-opt %s --split-input-file --specialize-contractions | filecheck %s

// Contraction-shaped linalg.generic ops become the named ops; anything else
// stays a generic.

#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
// f16 x f16 -> f32 with MLIR's casts: linalg.matmul with the default maps.
// CHECK-LABEL: func.func @f16_f32
// CHECK-NEXT:  linalg.matmul ins(%{{.*}}, %{{.*}} : memref<16x8xf16>, memref<8x16xf16>) outs(%{{.*}} : memref<16x16xf32>)
// CHECK-NEXT:  func.return
func.func @f16_f32(%A: memref<16x8xf16>, %B: memref<8x16xf16>, %C: memref<16x16xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<16x8xf16>, memref<8x16xf16>) outs(%C : memref<16x16xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// The reduction loop first, A stored transposed, the add and the mul with
// their operands swapped, no casts: the generic's maps carry over, their
// loops renamed in MLIR's order (m, n, k), which mlir-opt insists on.
// CHECK-LABEL: func.func @permuted
// CHECK-NEXT:  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %{{.*}} : memref<8x16xf32>, memref<8x12xf32>) outs(%{{.*}} : memref<16x12xf32>)
func.func @permuted(%A: memref<8x16xf32>, %B: memref<8x12xf32>, %C: memref<16x12xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%A, %B : memref<8x16xf32>, memref<8x12xf32>) outs(%C : memref<16x12xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %y, %x : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// Unsigned i8 on tensors, with a batch loop: linalg.batch_matmul, cast_unsigned.
// CHECK-LABEL: func.func @batch_unsigned
// CHECK-NEXT:  %{{.*}} = linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : tensor<2x16x32xi8>, tensor<2x32x16xi8>) outs(%{{.*}} : tensor<2x16x16xi32>) -> tensor<2x16x16xi32>
func.func @batch_unsigned(%A: tensor<2x16x32xi8>, %B: tensor<2x32x16xi8>, %C: tensor<2x16x16xi32>) -> tensor<2x16x16xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%A, %B : tensor<2x16x32xi8>, tensor<2x32x16xi8>) outs(%C : tensor<2x16x16xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<2x16x16xi32>
  func.return %r : tensor<2x16x16xi32>
}

// -----

// Not contractions: a fused activation, mixed signedness, an element-wise op.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT:   linalg.matmul
func.func @left_alone(%A: memref<16x8xf32>, %B: memref<8x16xf32>, %C: memref<16x16xf32>, %X: memref<16x8xi8>, %Y: memref<8x16xi8>, %Z: memref<16x16xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<16x8xf32>, memref<8x16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%X, %Y : memref<16x8xi8>, memref<8x16xi8>) outs(%Z : memref<16x16xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<16x16xf32>) outs(%C : memref<16x16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  func.return
}
