// REQUIRES: mlir-opt-22
// RUN: coopmlir-opt %s | mlir-opt-22 -linalg-generalize-named-ops | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | mlir-opt-22 -linalg-generalize-named-ops | filecheck %s

// coopmlir's pooling ops (dialects/linalg_pooling.py), printed by coopmlir
// and generalized by MLIR 22: MLIR's maps and bodies are what coopmlir's
// interpreter and loop kernels compute (test_named_ops.py against numpy).
// The CHECK lines are what mlir-opt-22 -linalg-generalize-named-ops
// prints for these ops read straight from this file.

// CHECK-DAG: #[[NCHW_IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG: #[[TAPS:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[OUT4:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[NWC_IN:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1 + d3, d2)>
// CHECK-DAG: #[[TAP:.+]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-DAG: #[[OUT3:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[NHWC_IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 + d5, d3)>

// CHECK-LABEL: func.func @max
// CHECK:       linalg.generic {indexing_maps = [#[[NCHW_IN]], #[[TAPS]], #[[OUT4]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK:       ^bb0(%[[IN:.+]]: f16, %{{.+}}: f32, %[[OUT:.+]]: f32):
// CHECK-NEXT:    %[[E:.+]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT:    %[[M:.+]] = arith.maximumf %[[OUT]], %[[E]] : f32
// CHECK-NEXT:    linalg.yield %[[M]] : f32
func.func @max(%x: memref<2x3x9x9xf16>, %w: memref<3x3xf32>, %y: memref<2x3x4x4xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : memref<2x3x9x9xf16>, memref<3x3xf32>) outs(%y : memref<2x3x4x4xf32>)
  return
}

// CHECK-LABEL: func.func @sum
// CHECK:       linalg.generic {indexing_maps = [#[[NWC_IN]], #[[TAP]], #[[OUT3]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK:       ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32, %[[OUT:.+]]: f32):
// CHECK-NEXT:    %[[S:.+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT:    linalg.yield %[[S]] : f32
func.func @sum(%x: memref<2x9x5xf32>, %w: memref<3xf32>, %y: memref<2x7x5xf32>) {
  linalg.pooling_nwc_sum ins(%x, %w : memref<2x9x5xf32>, memref<3xf32>) outs(%y : memref<2x7x5xf32>)
  return
}

// CHECK-LABEL: func.func @min
// CHECK:       linalg.generic {indexing_maps = [#[[NHWC_IN]], #[[TAPS]], #[[OUT4]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK:       ^bb0(%[[IN:.+]]: i8, %{{.+}}: i8, %[[OUT:.+]]: i32):
// CHECK-NEXT:    %[[E:.+]] = arith.extsi %[[IN]] : i8 to i32
// CHECK-NEXT:    %[[M:.+]] = arith.minsi %[[OUT]], %[[E]] : i32
// CHECK-NEXT:    linalg.yield %[[M]] : i32
func.func @min(%x: memref<2x9x9x3xi8>, %w: memref<2x2xi8>, %y: memref<2x4x8x3xi32>) {
  linalg.pooling_nhwc_min {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%x, %w : memref<2x9x9x3xi8>, memref<2x2xi8>) outs(%y : memref<2x4x8x3xi32>)
  return
}
