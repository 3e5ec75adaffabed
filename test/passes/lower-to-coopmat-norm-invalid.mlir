// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=lavapipe --verify-diagnostics

// Row norms the kernel does not take (norm_plan.py): located errors.

func.func @f64(%x: memref<4x8xf64>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.rms_norm': f16, bf16 or f32 is lowered, got memref<4x8xf64>}}
  coopmlir.rms_norm {epsilon = 1.0e-05 : f32} ins(%x : memref<4x8xf64>) outs(%x : memref<4x8xf64>)
  func.return
}

// -----

func.func @dynamic(%x: memref<?x8xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.layer_norm': static shapes are lowered, got memref<?x8xf32>}}
  coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x : memref<?x8xf32>) outs(%x : memref<?x8xf32>)
  func.return
}
