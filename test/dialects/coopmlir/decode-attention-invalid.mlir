// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics

// One case per rule of coopmlir.decode_attention (dialects/decode_attention.py).

func.func @mixed(%q: memref<1x1x1x8xf16>, %k: memref<1x1x16x8xf16>, %n: memref<1xi32>, %o: tensor<1x1x1x8xf32>) {
  // expected-error@+1 {{operands must be all tensors or all memrefs}}
  %0 = coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x8xf16>, memref<1x1x16x8xf16>, memref<1x1x16x8xf16>) length(%n : memref<1xi32>) outs(%o : tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
  func.return
}

// -----

func.func @rank(%q: memref<1x1x8xf16>, %k: memref<1x16x8xf16>, %n: memref<1xi32>, %o: memref<1x1x8xf32>) {
  // expected-error@+1 {{query, key, value and output must be [B, Hq, S, D], [B, Hkv, Lmax, D], [B, Hkv, Lmax, Dv] and [B, Hq, S, Dv], got memref<1x1x8xf16>}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x8xf16>, memref<1x16x8xf16>, memref<1x16x8xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x1x8xf32>)
  func.return
}

// -----

func.func @head_dim(%q: memref<1x1x1x16xf16>, %k: memref<1x1x16x8xf16>, %n: memref<1xi32>, %o: memref<1x1x1x8xf32>) {
  // expected-error@+1 {{shapes do not agree: query memref<1x1x1x16xf16>, key memref<1x1x16x8xf16>}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x16xf16>, memref<1x1x16x8xf16>, memref<1x1x16x8xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x1x1x8xf32>)
  func.return
}

// -----

func.func @groups(%q: memref<1x3x1x8xf16>, %k: memref<1x2x16x8xf16>, %n: memref<1xi32>, %o: memref<1x3x1x8xf32>) {
  // expected-error@+1 {{the query heads (3) must be a multiple of the key/value heads (2)}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x3x1x8xf16>, memref<1x2x16x8xf16>, memref<1x2x16x8xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x3x1x8xf32>)
  func.return
}

// -----

func.func @prefill(%q: memref<1x1x17x8xf16>, %k: memref<1x1x32x8xf16>, %n: memref<1xi32>, %o: memref<1x1x17x8xf32>) {
  // expected-error@+1 {{decoding takes 1 to 16 new queries, got S=17 (coopmlir.attention computes longer ones)}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x17x8xf16>, memref<1x1x32x8xf16>, memref<1x1x32x8xf16>) length(%n : memref<1xi32>) outs(%o : memref<1x1x17x8xf32>)
  func.return
}

// -----

func.func @length(%q: memref<1x1x1x8xf16>, %k: memref<1x1x16x8xf16>, %n: memref<1xi64>, %o: memref<1x1x1x8xf32>) {
  // expected-error@+1 {{the length must be one i32 ([1] x i32), got memref<1xi64>}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x8xf16>, memref<1x1x16x8xf16>, memref<1x1x16x8xf16>) length(%n : memref<1xi64>) outs(%o : memref<1x1x1x8xf32>)
  func.return
}

// -----

func.func @kv_type(%q: memref<1x1x1x8xf16>, %k: memref<1x1x16x8xf32>, %n: memref<1xi32>, %o: memref<1x1x1x8xf32>) {
  // expected-error@+1 {{key and value must share the query's element type f16 or be i8 or f8 codes with scales, got f32 and f32}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x8xf16>, memref<1x1x16x8xf32>, memref<1x1x16x8xf32>) length(%n : memref<1xi32>) outs(%o : memref<1x1x1x8xf32>)
  func.return
}

// -----

func.func @missing_scales(%q: memref<1x1x1x8xf16>, %k: memref<1x1x16x8xi8>, %n: memref<1xi32>, %o: memref<1x1x1x8xf32>) {
  // expected-error@+1 {{i8 keys and values need two scales (key, value), got 0}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x8xf16>, memref<1x1x16x8xi8>, memref<1x1x16x8xi8>) length(%n : memref<1xi32>) outs(%o : memref<1x1x1x8xf32>)
  func.return
}

// -----

func.func @scale_shape(%q: memref<1x1x1x8xf16>, %k: memref<1x1x16x8xi8>, %n: memref<1xi32>, %s: memref<1x1x15xf32>, %o: memref<1x1x1x8xf32>) {
  // expected-error@+1 {{the key scales must be f16 or f32 per position [B, Hkv, Lmax] = [1, 1, 16] or per head [B, Hkv] = [1, 1], got memref<1x1x15xf32>}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x8xf16>, memref<1x1x16x8xi8>, memref<1x1x16x8xi8>) length(%n : memref<1xi32>) scales(%s, %s : memref<1x1x15xf32>, memref<1x1x15xf32>) outs(%o : memref<1x1x1x8xf32>)
  func.return
}

// -----

func.func @unquantized_scales(%q: memref<1x1x1x8xf16>, %k: memref<1x1x16x8xf16>, %n: memref<1xi32>, %s: memref<1x1xf32>, %o: memref<1x1x1x8xf32>) {
  // expected-error@+1 {{f16 keys and values take no scales}}
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %k : memref<1x1x1x8xf16>, memref<1x1x16x8xf16>, memref<1x1x16x8xf16>) length(%n : memref<1xi32>) scales(%s, %s : memref<1x1xf32>, memref<1x1xf32>) outs(%o : memref<1x1x1x8xf32>)
  func.return
}
