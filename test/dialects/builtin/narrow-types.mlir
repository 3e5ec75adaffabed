// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// 8-bit floats and 4-bit integers as MLIR spells them: scalar and shaped
// types, splat and dense constants (values rounded to the format), and a
// dense_resource of f8 (one byte per element) as torch-mlir exports a weight.

// CHECK-LABEL: func.func @narrow
// CHECK-SAME: (%{{.*}}: f8E4M3FN, %{{.*}}: f8E5M2, %{{.*}}: i4, %{{.*}}: ui4, %{{.*}}: tensor<2x3xf8E4M3FN>)
// CHECK:      arith.constant 1.500000e+00 : f8E4M3FN
// CHECK:      arith.constant dense<[1.000000e+00, -5.734400e+04]> : tensor<2xf8E5M2>
// CHECK:      arith.constant dense<[7, -8]> : tensor<2xi4>
// CHECK:      arith.constant dense_resource<w8> : tensor<2x2xf8E4M3FN>
// CHECK:      arith.extf %{{.*}} : f8E4M3FN to f32
// CHECK:      arith.truncf %{{.*}} : f32 to f8E5M2
// CHECK:      arith.extsi %{{.*}} : i4 to i32
// CHECK:      w8: "0x01000000387EC17F"
func.func @narrow(%a: f8E4M3FN, %b: f8E5M2, %i: i4, %u: ui4, %t: tensor<2x3xf8E4M3FN>) -> (f32, f8E5M2, i32, tensor<2xf8E5M2>, tensor<2xi4>, tensor<2x2xf8E4M3FN>) {
  %c = arith.constant 1.5 : f8E4M3FN
  %d = arith.constant dense<[1.0, -57344.0]> : tensor<2xf8E5M2>
  %e = arith.constant dense<[7, -8]> : tensor<2xi4>
  %w = arith.constant dense_resource<w8> : tensor<2x2xf8E4M3FN>
  %x = arith.extf %a : f8E4M3FN to f32
  %y = arith.truncf %x : f32 to f8E5M2
  %z = arith.extsi %i : i4 to i32
  return %x, %y, %z, %d, %e, %w : f32, f8E5M2, i32, tensor<2xf8E5M2>, tensor<2xi4>, tensor<2x2xf8E4M3FN>
}

{-#
  dialect_resources: {
    builtin: {
      w8: "0x01000000387EC17F"
    }
  }
#-}
