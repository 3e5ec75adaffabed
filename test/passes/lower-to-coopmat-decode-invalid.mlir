// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan --verify-diagnostics

// Decoding attentions the kernels do not take (decode_plan.py): located errors.

func.func @dynamic(%q: memref<1x1x1x16xf16>, %k: memref<1x1x?x16xf16>, %n: memref<1xi32>, %o: memref<1x1x1x16xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.decode_attention' needs static shapes, got memref<1x1x?x16xf16>}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x16xf16>, memref<1x1x?x16xf16>, memref<1x1x?x16xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x1x1x16xf32>)
  func.return
}

// -----

// Head dimension 4096: even one query row's slices of Q and O (128 + 128
// elements per lane in teams of 32) are more than a lane keeps in registers.
func.func @too_wide(%q: memref<1x1x1x4096xf16>, %k: memref<1x1x64x4096xf16>, %n: memref<1xi32>, %o: memref<1x1x1x4096xf32>) {
  // expected-error@+1 {{lower-to-coopmat: D=4096, Dv=4096 need}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x4096xf16>, memref<1x1x64x4096xf16>, memref<1x1x64x4096xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x1x1x4096xf32>)
  func.return
}
