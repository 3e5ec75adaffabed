// RUN: coopmlir-opt %s --split-input-file --recognize-frontend=bufferize=false | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan | filecheck %s --check-prefix=KERNELS

// What `mlir-opt --linalg-generalize-named-ops --linalg-fuse-elementwise-ops`
// makes of linear -> bias + ReLU -> linear: generic fills, and the bias and
// ReLU inside the second product's body (a prologue of its A). The fills
// become linalg.fill (SpecializeFill); the prologue becomes an element-wise
// generic over the A loops (d0, d2) read by a plain matmul (SplitPrologue);
// lowered, it is the first product's epilogue: two kernels.
// CHECK-LABEL: func.func @relu_prologue(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<16x32xf32>, %[[W1:[a-zA-Z0-9_]+]]: tensor<32x32xf32>, %[[BIAS:[a-zA-Z0-9_]+]]: tensor<32xf32>, %[[W2:[a-zA-Z0-9_]+]]: tensor<32x24xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul ins(%[[X]], %[[W1]] : tensor<16x32xf32>, tensor<32x32xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x32xf32>
// CHECK-NEXT:    %[[H:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[P]], %[[BIAS]] : tensor<16x32xf32>, tensor<32xf32>) outs(%[[E]] : tensor<16x32xf32>) {
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         %[[F:.*]] = linalg.fill
// CHECK-NEXT:    %[[Q:.*]] = linalg.matmul ins(%[[H]], %[[W2]] : tensor<16x32xf32>, tensor<32x24xf32>) outs(%[[F]] : tensor<16x24xf32>)
// CHECK-NEXT:    func.return %[[Q]]
// KERNELS-LABEL: func.func @relu_prologue(
// KERNELS-COUNT-2: gpu.launch_func
// KERNELS-NOT:     gpu.launch_func
// KERNELS:         func.return
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d2)>
func.func @relu_prologue(%arg0: tensor<16x32xf32>, %arg1: tensor<32x32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32x24xf32>) -> tensor<16x24xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<16x32xf32>
  %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<16x32xf32>) {
  ^bb0(%out: f32):
    linalg.yield %cst : f32
  } -> tensor<16x32xf32>
  %2 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%1 : tensor<16x32xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.mulf %in, %in_0 : f32
    %6 = arith.addf %out, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x24xf32>
  %3 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<16x24xf32>) {
  ^bb0(%out: f32):
    linalg.yield %cst : f32
  } -> tensor<16x24xf32>
  %4 = linalg.generic {indexing_maps = [#map1, #map4, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2, %arg2, %arg3 : tensor<16x32xf32>, tensor<32xf32>, tensor<32x24xf32>) outs(%3 : tensor<16x24xf32>) {
  ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
    %5 = arith.addf %in, %in_0 : f32
    %6 = arith.maximumf %5, %cst : f32
    %7 = arith.mulf %6, %in_1 : f32
    %8 = arith.addf %out, %7 : f32
    linalg.yield %8 : f32
  } -> tensor<16x24xf32>
  return %4 : tensor<16x24xf32>
}

// -----

// A dequantized weight inside the product's body: B = (sitofp(q) - zp) *
// scale[n] (a per-channel scale), read over the B loops (d2, d1); A as is.
// The split prologue is a dequantize (it reads i8), so the kernel decodes it
// in B's load: one launch, reading q and the scales.
// CHECK-LABEL: func.func @dequantize(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<16x32xf32>, %[[Q:[a-zA-Z0-9_]+]]: tensor<32x24xi8>, %[[SCALE:[a-zA-Z0-9_]+]]: tensor<24xf32>)
// CHECK:         %[[D:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Q]], %[[SCALE]] : tensor<32x24xi8>, tensor<24xf32>) outs(%{{.*}} : tensor<32x24xf32>)
// CHECK:           arith.sitofp
// CHECK:         linalg.matmul ins(%[[X]], %[[D]] : tensor<16x32xf32>, tensor<32x24xf32>)
// KERNELS-LABEL: func.func @dequantize(
// KERNELS:         gpu.launch_func @dequantize_kernels::@dequantize {{.*}} args(%x : memref<16x32xf32>, %q : memref<32x24xi8>, %{{.*}} : memref<16x24xf32>, %scale : memref<24xf32>)
// KERNELS-NOT:     gpu.launch_func
// KERNELS:         func.return
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d1)>
func.func @dequantize(%x: tensor<16x32xf32>, %q: tensor<32x24xi8>, %scale: tensor<24xf32>) -> tensor<16x24xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %zp = arith.constant 3.000000e+00 : f32
  %e = tensor.empty() : tensor<16x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x24xf32>) -> tensor<16x24xf32>
  %y = linalg.generic {indexing_maps = [#map1, #map2, #map5, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %q, %scale : tensor<16x32xf32>, tensor<32x24xi8>, tensor<24xf32>) outs(%f : tensor<16x24xf32>) {
  ^bb0(%a: f32, %w: i8, %s: f32, %o: f32):
    %wf = arith.sitofp %w : i8 to f32
    %c = arith.subf %wf, %zp : f32
    %d = arith.mulf %c, %s : f32
    %p = arith.mulf %a, %d : f32
    %r = arith.addf %o, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x24xf32>
  return %y : tensor<16x24xf32>
}
