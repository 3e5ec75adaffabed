// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// tensor.expand_shape in current MLIR's spelling (`output_shape`, which
// torch-mlir writes), and tensor.collapse_shape.

// CHECK-LABEL: func.func @reshapes
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0 : i64, 1 : i64], [2 : i64]] : tensor<1x8x16xf32> into tensor<8x16xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0 : i64], [1 : i64, 2 : i64]] output_shape [8, 4, 4] : tensor<8x16xf32> into tensor<8x4x4xf32>
func.func @reshapes(%x: tensor<1x8x16xf32>) -> tensor<8x4x4xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x8x16xf32> into tensor<8x16xf32>
  %e = tensor.expand_shape %c [[0], [1, 2]] output_shape [8, 4, 4] : tensor<8x16xf32> into tensor<8x4x4xf32>
  return %e : tensor<8x4x4xf32>
}

// CHECK-LABEL: func.func @dynamic
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0 : i64, 1 : i64]] output_shape [%{{.*}}, 4] : tensor<?xf32> into tensor<?x4xf32>
func.func @dynamic(%x: tensor<?xf32>, %n: index) -> tensor<?x4xf32> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}
