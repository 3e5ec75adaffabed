// RUN: coopmlir-opt %s --split-input-file --recognize-frontend | filecheck %s
// The pass is lower-to-coopmat's first step: the same forms lower there.
// RUN: coopmlir-opt %s --split-input-file --recognize-frontend --lower-to-coopmat | filecheck %s --check-prefix=LOWERED

// What front ends write becomes coopmlir's L0: named products, fused
// attention and matmul chains, memrefs (results as trailing out-params).

// Attention as a front end writes it, Q K^T a contraction generic: step 1
// names it, step 2 fuses the chain, step 4 makes the result an out-param.
// CHECK-LABEL: func.func @attention
// CHECK-SAME:    (%[[Q:.*]]: memref<16x16xf16>, %[[K:.*]]: memref<16x16xf16>, %[[V:.*]]: memref<16x16xf16>, %[[O:.*]]: memref<16x16xf32>)
// CHECK-NEXT:    coopmlir.attention {scale = 2.500000e-01 : f32} ins(%[[Q]], %[[K]], %[[V]] : {{.*}}) outs(%[[O]] : memref<16x16xf32>)
// CHECK-NEXT:    func.return
// LOWERED-LABEL: func.func @attention
// LOWERED: gpu.launch_func
func.func @attention(%q: tensor<16x16xf16>, %k: tensor<16x16xf16>, %v: tensor<16x16xf16>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<16x16xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<16x16xf32>) -> tensor<16x16xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<16x16xf16>, tensor<16x16xf16>) outs(%s0 : tensor<16x16xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %m = arith.mulf %xe, %ye : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<16x16xf32>
  %c = arith.constant 0.25 : f32
  %x1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x16xf32>) outs(%se : tensor<16x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<16x16xf32>
  %p = linalg.softmax dimension(1) ins(%x1 : tensor<16x16xf32>) outs(%se : tensor<16x16xf32>) -> tensor<16x16xf32>
  %pe = tensor.empty() : tensor<16x16xf16>
  %pn = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<16x16xf32>) outs(%pe : tensor<16x16xf16>) {
  ^bb0(%a: f32, %b: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<16x16xf16>
  %oe = tensor.empty() : tensor<16x16xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<16x16xf32>) -> tensor<16x16xf32>
  %o = linalg.matmul ins(%pn, %v : tensor<16x16xf16>, tensor<16x16xf16>) outs(%o0 : tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %o : tensor<16x16xf32>
}

// -----

// An MLP: matmul, relu, matmul becomes one coopmlir.chain whose region is
// the relu.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME:    (%[[X:.*]]: memref<32x16xf16>, %[[W0:.*]]: memref<16x32xf16>, %[[W1:.*]]: memref<32x16xf16>, %[[Y:.*]]: memref<32x16xf32>)
// CHECK-NEXT:    coopmlir.chain ins(%[[X]], %[[W0]], %[[W1]] : {{.*}}) outs(%[[Y]] : memref<32x16xf32>) {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[ACT:.*]] = arith.maximumf %[[A]], %[[ZERO]] : f32
// CHECK-NEXT:      coopmlir.yield %[[ACT]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// LOWERED-LABEL: func.func @mlp
// LOWERED: gpu.launch_func
func.func @mlp(%x: tensor<32x16xf16>, %w0: tensor<16x32xf16>, %w1: tensor<32x16xf16>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<32x32xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<32x32xf32>) -> tensor<32x32xf32>
  %h = linalg.matmul ins(%x, %w0 : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f0 : tensor<32x32xf32>) -> tensor<32x32xf32>
  %re = tensor.empty() : tensor<32x32xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<32x32xf32>) outs(%re : tensor<32x32xf16>) {
  ^bb0(%a: f32, %b: f16):
    %act = arith.maximumf %a, %zero : f32
    %t = arith.truncf %act : f32 to f16
    linalg.yield %t : f16
  } -> tensor<32x32xf16>
  %e1 = tensor.empty() : tensor<32x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32x16xf32>) -> tensor<32x16xf32>
  %y = linalg.matmul ins(%r, %w1 : tensor<32x32xf16>, tensor<32x16xf16>) outs(%f1 : tensor<32x16xf32>) -> tensor<32x16xf32>
  func.return %y : tensor<32x16xf32>
}

// -----

// A zero-padded convolution on tensors: the pad becomes a zero-filled
// buffer with the image copied into its interior, which lower-to-coopmat
// reads as the convolution's padding.
// CHECK-LABEL: func.func @conv
// CHECK-SAME:    (%[[X:.*]]: memref<1x6x6x16xf16>, %[[W:.*]]: memref<3x3x16x16xf16>, %[[Y:.*]]: memref<1x6x6x16xf32>)
// CHECK-NEXT:    %[[PZ:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    %[[P:.*]] = memref.alloc() : memref<1x8x8x16xf16>
// CHECK-NEXT:    linalg.fill ins(%[[PZ]] : f16) outs(%[[P]] : memref<1x8x8x16xf16>)
// CHECK-NEXT:    %[[IN:.*]] = memref.subview %[[P]][0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1]
// CHECK-NEXT:    memref.copy %[[X]], %[[IN]]
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[Y]] : memref<1x6x6x16xf32>)
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[P]], %[[W]] : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%[[Y]] : memref<1x6x6x16xf32>)
// CHECK-NEXT:    func.return
// LOWERED-LABEL: func.func @conv
// LOWERED-NOT: memref.alloc
// LOWERED: gpu.launch_func
func.func @conv(%x: tensor<1x6x6x16xf16>, %w: tensor<3x3x16x16xf16>) -> tensor<1x6x6x16xf32> {
  %pz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%n: index, %h: index, %i: index, %c: index):
    tensor.yield %pz : f16
  } : tensor<1x6x6x16xf16> to tensor<1x8x8x16xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x8x8x16xf16>, tensor<3x3x16x16xf16>) outs(%f : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  func.return %y : tensor<1x6x6x16xf32>
}

// -----

// L0 that is already normalized (memrefs, named ops) is left as it is (a
// function on tensors with no product: recognize-frontend-tensors.mlir).
// CHECK-LABEL: func.func @normalized(%{{.*}}: memref<16x16xf16>, %{{.*}}: memref<16x16xf16>, %{{.*}}: memref<16x16xf32>)
// CHECK-NEXT:    linalg.matmul ins
// CHECK-NEXT:    func.return
// LOWERED-LABEL: func.func @normalized
// LOWERED: gpu.launch_func
func.func @normalized(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  func.return
}
