// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// dense_resource constants keep their blob in the file's resource section
// (torch-mlir's weights): the handle and the bytes survive printing.

// CHECK: arith.constant dense_resource<weights> : tensor<2x2xf32>
// CHECK: arith.constant dense_resource<bias> : tensor<2xf16>
// CHECK: {-#
// CHECK-NEXT: dialect_resources: {
// CHECK-NEXT: builtin: {
// CHECK-DAG: weights: "0x040000000000803F000000400000404000008040"
// CHECK-DAG: bias: "0x02000000003C0040"
func.func @weights() -> (tensor<2x2xf32>, tensor<2xf16>) {
  %w = arith.constant dense_resource<weights> : tensor<2x2xf32>
  %b = arith.constant dense_resource<bias> : tensor<2xf16>
  return %w, %b : tensor<2x2xf32>, tensor<2xf16>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F000000400000404000008040",
      bias: "0x02000000003C0040"
    }
  }
#-}
