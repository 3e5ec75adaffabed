// RUN: not coopmlir-opt %s 2>&1 | filecheck %s

// linalg.map's short form names an op instead of a body: refused where it is.

// CHECK: map-invalid.mlir:[[# @LINE + 3]]:{{[0-9]+}}: error: linalg.map's short form ({ op }) is not supported; write the body out
func.func @short(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.map { arith.addf } ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
  return %r : tensor<8xf32>
}
