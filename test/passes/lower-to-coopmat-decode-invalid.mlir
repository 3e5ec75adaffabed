// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan --verify-diagnostics

// Decoding attentions the kernels do not take (decode_plan.py): located errors.

func.func @dynamic(%q: memref<1x1x1x16xf16>, %k: memref<1x1x?x16xf16>, %n: memref<1xi32>, %o: memref<1x1x1x16xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'coopmlir.decode_attention' needs static shapes, got memref<1x1x?x16xf16>}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x16xf16>, memref<1x1x?x16xf16>, memref<1x1x?x16xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x1x1x16xf32>)
  func.return
}

// -----

// 64 query heads per K/V head x 16 queries: 1024 rows, whose Q, scores and
// O do not fit 48 KiB of workgroup memory.
func.func @too_many_rows(%q: memref<1x64x16x128xf16>, %k: memref<1x1x64x128xf16>, %n: memref<1xi32>, %o: memref<1x64x16x128xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 1024 query rows per K/V head of D=128, Dv=128 need}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x64x16x128xf16>, memref<1x1x64x128xf16>, memref<1x1x64x128xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x64x16x128xf32>)
  func.return
}
