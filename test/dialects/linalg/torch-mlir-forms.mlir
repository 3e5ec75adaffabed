// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// What torch-mlir's linalg-on-tensors export writes, in MLIR's spelling:
// a generic with two results (softmax's max-with-index), linalg.transpose
// (every nn.Linear's weight) and linalg.broadcast (a convolution's bias).

// CHECK-LABEL: func.func @max_with_index
// CHECK: %{{.*}}, %{{.*}} = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<8x16xf32>) outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi64>)
// CHECK: linalg.index 1 : index
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, i64
// CHECK-NEXT: } -> (tensor<8xf32>, tensor<8xi64>)
func.func @max_with_index(%x: tensor<8x16xf32>, %m: tensor<8xf32>, %i: tensor<8xi64>) -> (tensor<8xf32>, tensor<8xi64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%m, %i : tensor<8xf32>, tensor<8xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %k = linalg.index 1 : index
    %k64 = arith.index_cast %k : index to i64
    %max = arith.maximumf %in, %out : f32
    %gt = arith.cmpf ogt, %in, %out : f32
    %at = arith.select %gt, %k64, %out_1 : i64
    linalg.yield %max, %at : f32, i64
  } -> (tensor<8xf32>, tensor<8xi64>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xi64>
}

// CHECK-LABEL: func.func @constant_position
// CHECK: affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @constant_position(%x: tensor<1x8x8xf32>, %s: tensor<1x8x1xf32>) -> tensor<1x8x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %s : tensor<1x8x8xf32>, tensor<1x8x1xf32>) outs(%x : tensor<1x8x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %d = arith.divf %in, %in_1 : f32
    linalg.yield %d : f32
  } -> tensor<1x8x8xf32>
  return %0 : tensor<1x8x8xf32>
}

// CHECK-LABEL: func.func @transpose_and_broadcast
// (xDSL prints no blank around the colon in these two; MLIR reads it.)
// CHECK: linalg.transpose ins(%{{.*}}:tensor<8x16xf32>) outs(%{{.*}}:tensor<16x8xf32>) permutation = [1, 0]
// CHECK: linalg.broadcast ins(%{{.*}}:tensor<8xf32>) outs(%{{.*}}:tensor<1x8x4x4xf32>) dimensions = [0, 2, 3]
func.func @transpose_and_broadcast(%w: tensor<8x16xf32>, %b: tensor<8xf32>) -> (tensor<16x8xf32>, tensor<1x8x4x4xf32>) {
  %0 = tensor.empty() : tensor<16x8xf32>
  %t = linalg.transpose ins(%w : tensor<8x16xf32>) outs(%0 : tensor<16x8xf32>) permutation = [1, 0]
  %1 = tensor.empty() : tensor<1x8x4x4xf32>
  %bc = linalg.broadcast ins(%b : tensor<8xf32>) outs(%1 : tensor<1x8x4x4xf32>) dimensions = [0, 2, 3]
  return %t, %bc : tensor<16x8xf32>, tensor<1x8x4x4xf32>
}
