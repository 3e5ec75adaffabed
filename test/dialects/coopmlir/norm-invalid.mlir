// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics

// One case per rule of coopmlir.layer_norm / rms_norm (dialects/norm.py).

func.func @too_many_vectors(%x: tensor<4x8xf32>, %v: tensor<8xf32>) {
  // expected-error@+1 {{expected inputs (x, [w]), got 3}}
  %0 = coopmlir.rms_norm {epsilon = 1.0e-05 : f32} ins(%x, %v, %v : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return
}

// -----

func.func @mixed(%x: tensor<4x8xf32>, %y: memref<4x8xf32>) {
  // expected-error@+1 {{operands must be all tensors or all memrefs}}
  coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x : tensor<4x8xf32>) outs(%y : memref<4x8xf32>)
  func.return
}

// -----

func.func @shapes(%x: memref<4x8xf32>, %y: memref<8x4xf32>) {
  // expected-error@+1 {{input memref<4x8xf32> and output memref<8x4xf32> must have one shape of rank >= 1}}
  coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x : memref<4x8xf32>) outs(%y : memref<8x4xf32>)
  func.return
}

// -----

func.func @vector(%x: memref<4x8xf32>, %g: memref<4xf32>) {
  // expected-error@+1 {{memref<4xf32> must be a row vector [8] (the last dimension)}}
  coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x, %g : memref<4x8xf32>, memref<4xf32>) outs(%x : memref<4x8xf32>)
  func.return
}

// -----

func.func @integers(%x: memref<4x8xi32>) {
  // expected-error@+1 {{operands must be floats}}
  coopmlir.rms_norm {epsilon = 1.0e-05 : f32} ins(%x : memref<4x8xi32>) outs(%x : memref<4x8xi32>)
  func.return
}

// -----

func.func @negative(%x: memref<4x8xf32>) {
  // expected-error@+1 {{epsilon -1.0 is negative}}
  coopmlir.rms_norm {epsilon = -1.0 : f32} ins(%x : memref<4x8xf32>) outs(%x : memref<4x8xf32>)
  func.return
}

// -----

func.func @result(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{the result is the output's tensor type (none on memrefs)}}
  %0 = coopmlir.rms_norm {epsilon = 1.0e-05 : f32} ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf16>
  func.return
}
