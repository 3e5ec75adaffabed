// A pooling op reads its padded input in place and starts from its
// output's fill (loop_fusion.py): nn.MaxPool2d(3, 2, 1) as torch-mlir
// exports it and MLIR bufferizes it (a -inf padded buffer, the image copied
// into it, the output filled with -inf) is one loop kernel, not four.
// test/python/passes/lower_to_coopmat/test_loop_fusion.py runs it.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" -o /dev/null 2>&1 | filecheck %s --check-prefix=EXPLAIN
// EXPLAIN: remark: lower-to-coopmat: 'linalg.pooling_nchw_max': loop kernel over 1x4x8x8 work-items, a 3x3 loop nest per work-item, 1 padded input(s) read in place, starting from the fill of its output
// EXPLAIN-NOT: remark

// The host: one launch on the image and the output; no padded buffer, no
// fill, no copy.
// CHECK-LABEL: func.func @forward(
// CHECK-NOT:     memref.alloc() : memref<1x4x18x18xf16>
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     memref.copy
// CHECK:         gpu.launch_func @forward_kernels::@forward_loop blocks in
// CHECK-SAME:    args(%arg0 : memref<1x4x16x16xf16>, %{{.*}} : memref<3x3xf16>, %C : memref<1x4x8x8xf16>)
// CHECK-NOT:     gpu.launch_func
// The kernel: the max starts from -inf; each tap's padded row and column,
// less the low pad of 1 (unsigned: above the image's 16 where below 0),
// select the image's element or -inf.
// CHECK:       gpu.func @forward_loop(
// CHECK-DAG:     %[[NINF:.*]] = arith.constant 0xfc00 : f16
// CHECK-DAG:     %[[MINUS:.*]] = arith.constant -1 : index
// CHECK-DAG:     %[[SIXTEEN:.*]] = arith.constant 16 : index
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[NINF]]) -> (f16)
// CHECK:           scf.for
// CHECK:             arith.addi %{{.*}}, %[[MINUS]] : index
// CHECK:             arith.cmpi ult, %{{.*}}, %[[SIXTEEN]] : index
// CHECK:             arith.minui
// CHECK:             memref.load
// CHECK:             arith.select %{{.*}}, %{{.*}}, %[[NINF]] : f16
// CHECK:             arith.maximumf
func.func @forward(%arg0: memref<1x4x16x16xf16>, %C: memref<1x4x8x8xf16>) {
  %cst = arith.constant 0xfc00 : f16
  %padded = memref.alloc() : memref<1x4x18x18xf16>
  linalg.fill ins(%cst : f16) outs(%padded : memref<1x4x18x18xf16>)
  %0 = memref.subview %padded[0, 0, 1, 1] [1, 4, 16, 16] [1, 1, 1, 1] : memref<1x4x18x18xf16> to memref<1x4x16x16xf16, strided<[1296, 324, 18, 1], offset: 19>>
  memref.copy %arg0, %0 : memref<1x4x16x16xf16> to memref<1x4x16x16xf16, strided<[1296, 324, 18, 1], offset: 19>>
  linalg.fill ins(%cst : f16) outs(%C : memref<1x4x8x8xf16>)
  %1 = memref.alloc() : memref<3x3xf16>
  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %1 : memref<1x4x18x18xf16>, memref<3x3xf16>) outs(%C : memref<1x4x8x8xf16>)
  func.return
}
