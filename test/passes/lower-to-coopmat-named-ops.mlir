// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// MLIR's named contractions beyond the matmul family and the quantized ops
// (dialects/linalg_named.py) are loop kernels on every target: one
// work-item per output element, an scf.for per reduction loop, the op's
// body inlined (test/python/passes/lower_to_coopmat/test_named_ops.py runs
// them against numpy and on lavapipe).

// matvec: a work-item per y[i], one loop over k reading A[i, k] and x[k].
// CHECK-LABEL: func.func @matvec(
// CHECK:         gpu.launch_func @matvec_kernels::@matvec_loop
// CHECK:       gpu.func @matvec_loop(%[[A:.*]]: memref<4x5xf32>, %[[X:.*]]: memref<5xf32>, %[[Y:.*]]: memref<4xf32>)
// CHECK:         %[[I:[0-9a-z_]+]] = arith.addi
// CHECK:         %[[INIT:[0-9a-z_]+]] = memref.load %[[Y]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:    %[[R:[0-9a-z_]+]] = scf.for %[[K:[0-9a-z_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[0-9a-z_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:      %[[AV:[0-9a-z_]+]] = memref.load %[[A]][%[[I]], %[[K]]] : memref<4x5xf32>
// CHECK-NEXT:      %[[XV:[0-9a-z_]+]] = memref.load %[[X]][%[[K]]] : memref<5xf32>
// CHECK-NEXT:      %[[P:[0-9a-z_]+]] = arith.mulf %[[AV]], %[[XV]] : f32
// CHECK-NEXT:      %[[S:[0-9a-z_]+]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      scf.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.store %[[R]], %[[Y]][%[[I]]] : memref<4xf32>
func.func @matvec(%a: memref<4x5xf32>, %x: memref<5xf32>, %y: memref<4xf32>) {
  linalg.matvec ins(%a, %x : memref<4x5xf32>, memref<5xf32>) outs(%y : memref<4xf32>)
  func.return
}

// -----

// batch_reduce_matmul: the batch is a reduction, the outer of two loops;
// C[i, j] is loaded once and stored once.
// CHECK-LABEL: gpu.func @brm_loop(
// CHECK-SAME:      %[[A:.*]]: memref<2x3x5xf32>, %[[B:.*]]: memref<2x5x7xf32>, %[[C:[0-9a-z_]+]]: memref<3x7xf32>)
// CHECK:         %[[INIT:[0-9a-z_]+]] = memref.load %[[C]][%[[I:[0-9a-z_]+]], %[[J:[0-9a-z_]+]]] : memref<3x7xf32>
// CHECK-NEXT:    %[[R:[0-9a-z_]+]] = scf.for %[[BI:[0-9a-z_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[0-9a-z_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:      scf.for %[[K:[0-9a-z_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[ACC]]) -> (f32) {
// CHECK-NEXT:        memref.load %[[A]][%[[BI]], %[[I]], %[[K]]] : memref<2x3x5xf32>
// CHECK-NEXT:        memref.load %[[B]][%[[BI]], %[[K]], %[[J]]] : memref<2x5x7xf32>
// CHECK:         memref.store %[[R]], %[[C]][%[[I]], %[[J]]] : memref<3x7xf32>
func.func @brm(%a: memref<2x3x5xf32>, %b: memref<2x5x7xf32>, %c: memref<3x7xf32>) {
  linalg.batch_reduce_matmul ins(%a, %b : memref<2x3x5xf32>, memref<2x5x7xf32>) outs(%c : memref<3x7xf32>)
  func.return
}

// -----

// quantized_matmul: the constant zero points move into the kernel; each
// input is sign-extended, then its zero point subtracted, in MLIR's order
// (exact i32 arithmetic).
// CHECK-LABEL: gpu.func @qmm_loop(
// CHECK-SAME:      %[[A:.*]]: memref<3x5xi8>, %[[B:.*]]: memref<5x7xi8>, %[[C:[0-9a-z_]+]]: memref<3x7xi32>)
// CHECK-DAG:     %[[AZP:[0-9a-z_]+]] = arith.constant 3 : i32
// CHECK-DAG:     %[[BZP:[0-9a-z_]+]] = arith.constant -2 : i32
// CHECK:         scf.for
// CHECK-NEXT:      %[[AV:[0-9a-z_]+]] = memref.load %[[A]]
// CHECK-NEXT:      %[[BV:[0-9a-z_]+]] = memref.load %[[B]]
// CHECK-NEXT:      %[[AW:[0-9a-z_]+]] = arith.extsi %[[AV]] : i8 to i32
// CHECK-NEXT:      %[[AS:[0-9a-z_]+]] = arith.subi %[[AW]], %[[AZP]] : i32
// CHECK-NEXT:      %[[BW:[0-9a-z_]+]] = arith.extsi %[[BV]] : i8 to i32
// CHECK-NEXT:      %[[BS:[0-9a-z_]+]] = arith.subi %[[BW]], %[[BZP]] : i32
// CHECK-NEXT:      %[[P:[0-9a-z_]+]] = arith.muli %[[AS]], %[[BS]] : i32
// CHECK-NEXT:      arith.addi %{{.*}}, %[[P]] : i32
func.func @qmm(%a: memref<3x5xi8>, %b: memref<5x7xi8>, %c: memref<3x7xi32>) {
  %azp = arith.constant 3 : i32
  %bzp = arith.constant -2 : i32
  linalg.quantized_matmul ins(%a, %b, %azp, %bzp : memref<3x5xi8>, memref<5x7xi8>, i32, i32) outs(%c : memref<3x7xi32>)
  func.return
}

// -----

// conv_2d_nhwc_hwcf_q: three reduction loops (kh, kw, c), the input read
// at the window oh + kh, ow + kw; a remark says why it is no implicit GEMM.
// REMARK: lower-to-coopmat-named-ops.mlir:[[# @LINE + 13]]:3: remark: lower-to-coopmat: 'linalg.conv_2d_nhwc_hwcf_q' is a quantized convolution (zero points): implicit-GEMM kernels take linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc and conv_2d_nchw_fchw: a loop kernel computes it
// CHECK-LABEL: gpu.func @cq_loop(
// CHECK-SAME:      %[[X:.*]]: memref<1x6x6x2xi8>, %[[W:.*]]: memref<3x3x2x4xi8>, %[[Y:.*]]: memref<1x4x4x4xi32>)
// CHECK:         scf.for %[[KH:[0-9a-z_]+]] = {{.*}} -> (i32) {
// CHECK-NEXT:      scf.for %[[KW:[0-9a-z_]+]] = {{.*}} -> (i32) {
// CHECK-NEXT:        scf.for %[[C:[0-9a-z_]+]] = {{.*}} -> (i32) {
// CHECK-NEXT:          %[[H:[0-9a-z_]+]] = arith.addi %[[OH:[0-9a-z_]+]], %[[KH]] : index
// CHECK-NEXT:          %[[WI:[0-9a-z_]+]] = arith.addi %[[OW:[0-9a-z_]+]], %[[KW]] : index
// CHECK-NEXT:          memref.load %[[X]][%[[N:[0-9a-z_]+]], %[[H]], %[[WI]], %[[C]]] : memref<1x6x6x2xi8>
// CHECK-NEXT:          memref.load %[[W]][%[[KH]], %[[KW]], %[[C]], %[[F:[0-9a-z_]+]]] : memref<3x3x2x4xi8>
func.func @cq(%x: memref<1x6x6x2xi8>, %w: memref<3x3x2x4xi8>, %y: memref<1x4x4x4xi32>) {
  %xzp = arith.constant 3 : i32
  %wzp = arith.constant -2 : i32
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w, %xzp, %wzp : memref<1x6x6x2xi8>, memref<3x3x2x4xi8>, i32, i32) outs(%y : memref<1x4x4x4xi32>)
  func.return
}

// -----

// A matmul whose body casts its inputs other than by widening (MLIR's
// sitofp here: i8 inputs into f32) is no matrix-unit product: a remark
// says why, and a loop kernel runs the body as MLIR wrote it.
// REMARK: lower-to-coopmat-named-ops.mlir:[[# @LINE + 7]]:3: remark: lower-to-coopmat: 'linalg.matmul': its body casts i8 inputs to f32 with 'arith.sitofp' (not a widening), which matrix-unit kernels do not compute: a loop kernel runs the body as written
// CHECK-LABEL: gpu.func @int_into_float_loop(
// CHECK:         scf.for
// CHECK:           %[[AF:[0-9a-z_]+]] = arith.sitofp %{{.*}} : i8 to f32
// CHECK-NEXT:      %[[BF:[0-9a-z_]+]] = arith.sitofp %{{.*}} : i8 to f32
// CHECK-NEXT:      arith.mulf %[[AF]], %[[BF]] : f32
func.func @int_into_float(%a: memref<16x16xi8>, %b: memref<16x16xi8>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xi8>, memref<16x16xi8>) outs(%c : memref<16x16xf32>)
  func.return
}

// -----

// pooling_nchw_max (linalg_pooling.py; what torch-mlir exports for
// nn.MaxPool2d): the window operand only sizes the two tap loops (never
// loaded); each tap reads the input at oh*2 + kh, ow*2 + kw and takes
// maximumf(out, extf(in)), MLIR's body.
// CHECK-LABEL: gpu.func @maxpool_loop(
// CHECK-SAME:      %[[X:[0-9a-z_]+]]: memref<2x3x9x9xf16>, %[[W:[0-9a-z_]+]]: memref<3x3xf32>, %[[Y:[0-9a-z_]+]]: memref<2x3x4x4xf32>)
// CHECK-NOT:     memref.load %[[W]]
// CHECK:         %[[INIT:[0-9a-z_]+]] = memref.load %[[Y]]
// CHECK-NEXT:    scf.for %[[KH:[0-9a-z_]+]] = {{.*}} iter_args(%[[ACC:[0-9a-z_]+]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:      scf.for %[[KW:[0-9a-z_]+]] = {{.*}} iter_args(%[[ACC2:[0-9a-z_]+]] = %[[ACC]]) -> (f32) {
// CHECK:             %[[H:[0-9a-z_]+]] = arith.addi %{{.*}}, %[[KH]] : index
// CHECK:             %[[WI:[0-9a-z_]+]] = arith.addi %{{.*}}, %[[KW]] : index
// CHECK-NEXT:        %[[V:[0-9a-z_]+]] = memref.load %[[X]][%{{.*}}, %{{.*}}, %[[H]], %[[WI]]] : memref<2x3x9x9xf16>
// CHECK-NEXT:        %[[E:[0-9a-z_]+]] = arith.extf %[[V]] : f16 to f32
// CHECK-NEXT:        %[[M:[0-9a-z_]+]] = arith.maximumf %[[ACC2]], %[[E]] : f32
// CHECK-NEXT:        scf.yield %[[M]] : f32
func.func @maxpool(%x: memref<2x3x9x9xf16>, %w: memref<3x3xf32>, %y: memref<2x3x4x4xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : memref<2x3x9x9xf16>, memref<3x3xf32>) outs(%y : memref<2x3x4x4xf32>)
  func.return
}
