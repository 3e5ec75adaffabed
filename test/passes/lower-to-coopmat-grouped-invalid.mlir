// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan --verify-diagnostics

// Grouped products the kernel does not take (grouped_plan.py): located errors.

func.func @dynamic(%x: memref<?x32xf16>, %w: memref<3x24x32xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x24xf16>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.grouped_matmul': static shapes are lowered, got memref<?x32xf16>}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<?x32xf16>, memref<3x24x32xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x24xf16>)
  func.return
}

// -----

func.func @f32(%x: memref<6x32xf32>, %w: memref<3x24x32xf32>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x24xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.grouped_matmul': h100-vulkan has no f32 x f32 -> f32 cooperative-matrix shape}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x32xf32>, memref<3x24x32xf32>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x24xf32>)
  func.return
}

// -----

func.func @empty(%x: memref<6x32xf16>, %w: memref<3x24x32xf16>, %r: memref<0xi32>, %o: memref<4xi32>, %y: memref<0x24xf16>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.grouped_matmul': an empty product has no kernel to launch}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x32xf16>, memref<3x24x32xf16>, memref<0xi32>, memref<4xi32>) outs(%y : memref<0x24xf16>)
  func.return
}
