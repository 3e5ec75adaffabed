// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --lower-to-coopmat | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan | filecheck %s --check-prefix=H100
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan 2>&1 >/dev/null | filecheck %s --check-prefix=H100-REMARK

// On a target with matrix units, a contraction or convolution that SIMT
// code computes (f32, f16/bf16 -> f32) but whose types the matrix units do
// not multiply becomes a loop kernel (one work-item per output element, an
// scf.for per reduction loop), with a remark that says why and which types
// the matrix units take. h100-vulkan keeps its SIMT-tiled kernel for an f32
// matmul; a convolution, which that kernel does not take, is a loop kernel.

// The fill of C just before is no kernel of its own: the matmul's kernel
// starts from its constant (loop_fusion.py).
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<20x12xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<12x24xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<20x24xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch_func @matmul_kernels::@matmul_loop {{.*}} args(%[[A]] : memref<20x12xf32>, %[[B]] : memref<12x24xf32>, %[[C]] : memref<20x24xf32>)
// CHECK-NEXT:    func.return
// CHECK-NOT:     coopmat.
// CHECK:       gpu.func @matmul_loop(%[[KA:.*]]: memref<20x12xf32>, %[[KB:.*]]: memref<12x24xf32>, %[[KC:.*]]: memref<20x24xf32>)
// CHECK:           %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:           %[[J:.*]] = arith.remui %[[P:.*]], %{{.*}} : index
// CHECK-NEXT:      %[[I:.*]] = arith.divui %[[P]], %{{.*}} : index
// CHECK-NEXT:      %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:        %[[X:.*]] = memref.load %[[KA]][%[[I]], %[[K]]] : memref<20x12xf32>
// CHECK-NEXT:        %[[Y:.*]] = memref.load %[[KB]][%[[K]], %[[J]]] : memref<12x24xf32>
// CHECK-NEXT:        %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[ACC]], %[[M]] : f32
// CHECK-NEXT:        scf.yield %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.store %[[R]], %[[KC]][%[[I]], %[[J]]] : memref<20x24xf32>
// H100:        gpu.launch_func @matmul_kernels::@matmul blocks
// H100-NOT:    _loop
// H100:        gpu.func @matmul(
// H100-NOT:    coopmat.
// H100:        // -----
func.func @matmul(%a: memref<20x12xf32>, %b: memref<12x24xf32>, %c: memref<20x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<20x24xf32>)
  // expected-remark@+1 {{lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on generic (its matrix units take f16*f16->f16; f16*f16->f32): a loop kernel computes it}}
  linalg.matmul ins(%a, %b : memref<20x12xf32>, memref<12x24xf32>) outs(%c : memref<20x24xf32>)
  func.return
}

// -----

// A convolution: a work-item per output element (n, oh, ow, f), a loop
// nest over (kh, kw, c) reading the image at (oh + kh, ow + kw).
// CHECK-LABEL: func.func @conv(
// CHECK:         gpu.launch_func @conv_kernels::@conv_loop
// CHECK:       gpu.func @conv_loop(%[[X:.*]]: memref<1x6x6x4xf32>, %[[W:.*]]: memref<3x3x4x8xf32>, %[[Y:.*]]: memref<1x4x4x8xf32>)
// CHECK:         %[[INIT:.*]] = memref.load %[[Y]][%[[N:[0-9]+]], %[[OH:[0-9]+]], %[[OW:[0-9]+]], %[[F:[0-9]+]]] : memref<1x4x4x8xf32>
// CHECK-NEXT:    scf.for %[[KH:[0-9]+]] = {{.*}} iter_args({{.*}} = %[[INIT]]) -> (f32) {
// CHECK-NEXT:      scf.for %[[KW:[0-9]+]] = {{.*}} -> (f32) {
// CHECK-NEXT:        scf.for %[[CH:[0-9]+]] = {{.*}} -> (f32) {
// CHECK-NEXT:          %[[H:.*]] = arith.addi %[[OH]], %[[KH]] : index
// CHECK-NEXT:          %[[WI:.*]] = arith.addi %[[OW]], %[[KW]] : index
// CHECK-NEXT:          memref.load %[[X]][%[[N]], %[[H]], %[[WI]], %[[CH]]] : memref<1x6x6x4xf32>
// CHECK-NEXT:          memref.load %[[W]][%[[KH]], %[[KW]], %[[CH]], %[[F]]] : memref<3x3x4x8xf32>
// CHECK-NEXT:          arith.mulf
// CHECK-NEXT:          arith.addf
// H100-REMARK: lower-to-coopmat-off-matrix-units.mlir:[[# @LINE + 4]]:3: remark: lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on h100-vulkan (its matrix units take f16*f16->f16; f16*f16->f32; s8*s8->s32; u8*u8->u32; bf16*bf16->f32): a loop kernel computes it
// H100:        gpu.launch_func @conv_kernels::@conv_loop
func.func @conv(%x: memref<1x6x6x4xf32>, %w: memref<3x3x4x8xf32>, %y: memref<1x4x4x8xf32>) {
  // expected-remark@+1 {{lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on generic}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x6x6x4xf32>, memref<3x3x4x8xf32>) outs(%y : memref<1x4x4x8xf32>)
  func.return
}

// -----

// bf16 -> f32: the loop kernel widens each element as it loads it (loop
// kernels compute bf16 in f32) before the product; h100-vulkan multiplies
// bf16 on its matrix units.
// CHECK-LABEL: func.func @bf16(
// CHECK:       gpu.func @bf16_loop(
// CHECK:           %[[X:.*]] = memref.load %{{.*}} : memref<16x16xbf16>
// CHECK-NEXT:      %[[WX:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT:      %[[Y:.*]] = memref.load %{{.*}} : memref<16x16xbf16>
// CHECK-NEXT:      %[[WY:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK-NEXT:      arith.mulf %[[WX]], %[[WY]] : f32
// H100:        gpu.func @bf16(
// H100:        coopmat.mul_add
func.func @bf16(%a: memref<16x16xbf16>, %b: memref<16x16xbf16>, %c: memref<16x16xf32>) {
  // expected-remark@+1 {{lower-to-coopmat: bf16 x bf16 -> f32 has no cooperative matrix on generic (its matrix units take f16*f16->f16; f16*f16->f32): a loop kernel computes it}}
  linalg.matmul ins(%a, %b : memref<16x16xbf16>, memref<16x16xbf16>) outs(%c : memref<16x16xf32>)
  func.return
}

// -----

// On h100-vulkan an f32 matmul keeps the SIMT-tiled kernel, which fuses
// the epilogue (per element, before the store): one kernel writes D, C's
// temporary is gone, no remark. On generic both are loop kernels (the
// matmul's starting from the fill's zero).
// CHECK-LABEL: func.func @epilogue(
// CHECK:         gpu.launch_func @epilogue_kernels::@epilogue_loop blocks
// CHECK:         gpu.launch_func @epilogue_kernels::@epilogue_loop_1
// CHECK-NOT:     gpu.launch_func
// H100-LABEL:  func.func @epilogue(
// H100-SAME:       %[[A:[a-zA-Z0-9_]+]]: memref<64x32xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<32x48xf32>, %[[D:[a-zA-Z0-9_]+]]: memref<64x48xf32>)
// H100-NOT:      memref.alloc
// H100:          gpu.launch_func @epilogue_kernels::@epilogue blocks {{.*}} args(%[[A]] : memref<64x32xf32>, %[[B]] : memref<32x48xf32>, %[[D]] : memref<64x48xf32>)
// H100-NEXT:     func.return
// H100:        gpu.func @epilogue(
// H100:          vector.fma
// H100:          arith.maximumf
// H100:          vector.store
// H100-REMARK-NOT: remark
func.func @epilogue(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  // expected-remark@+1 {{lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on generic}}
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  func.return
}
