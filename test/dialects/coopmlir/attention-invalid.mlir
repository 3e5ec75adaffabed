// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics

// One case per rule of coopmlir.attention's grouped heads and variants
// (dialects/attention.py).

func.func @heads_not_a_multiple(%q: tensor<6x16x32xf16>, %k: tensor<4x24x32xf16>, %e: tensor<6x16x32xf32>) {
  // expected-error@+1 {{the query heads (Hq = 6) must be a multiple of the key/value heads (Hkv = 4)}}
  %0 = coopmlir.attention {scale = 0.125 : f32} ins(%q, %k, %k : tensor<6x16x32xf16>, tensor<4x24x32xf16>, tensor<4x24x32xf16>) outs(%e : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  func.return
}

// -----

func.func @key_value_heads_differ(%q: tensor<4x16x32xf16>, %k: tensor<2x24x32xf16>, %v: tensor<1x24x32xf16>, %e: tensor<4x16x32xf32>) {
  // expected-error@+1 {{shapes do not agree: query tensor<4x16x32xf16>, key tensor<2x24x32xf16>, value tensor<1x24x32xf16> and output tensor<4x16x32xf32> must be [..., Hq, S, D], [..., Hkv, L, D], [..., Hkv, L, Dv] and [..., Hq, S, Dv]}}
  %0 = coopmlir.attention {scale = 0.125 : f32} ins(%q, %k, %v : tensor<4x16x32xf16>, tensor<2x24x32xf16>, tensor<1x24x32xf16>) outs(%e : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  func.return
}

// -----

func.func @batch_differs(%q: tensor<2x4x16x32xf16>, %k: tensor<1x2x24x32xf16>, %e: tensor<2x4x16x32xf32>) {
  // expected-error@+1 {{shapes do not agree}}
  %0 = coopmlir.attention {scale = 0.125 : f32} ins(%q, %k, %k : tensor<2x4x16x32xf16>, tensor<1x2x24x32xf16>, tensor<1x2x24x32xf16>) outs(%e : tensor<2x4x16x32xf32>) -> tensor<2x4x16x32xf32>
  func.return
}

// -----

func.func @window_without_causal(%q: tensor<4x16x32xf16>, %k: tensor<2x24x32xf16>, %e: tensor<4x16x32xf32>) {
  // expected-error@+1 {{a sliding window (window = 8) needs `causal` and a size >= 1}}
  %0 = coopmlir.attention {scale = 0.125 : f32, window = 8 : i64} ins(%q, %k, %k : tensor<4x16x32xf16>, tensor<2x24x32xf16>, tensor<2x24x32xf16>) outs(%e : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  func.return
}

// -----

func.func @empty_window(%q: tensor<4x16x32xf16>, %k: tensor<2x24x32xf16>, %e: tensor<4x16x32xf32>) {
  // expected-error@+1 {{a sliding window (window = 0) needs `causal` and a size >= 1}}
  %0 = coopmlir.attention {scale = 0.125 : f32, causal, window = 0 : i64} ins(%q, %k, %k : tensor<4x16x32xf16>, tensor<2x24x32xf16>, tensor<2x24x32xf16>) outs(%e : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  func.return
}

// -----

func.func @softcap_not_positive(%q: tensor<4x16x32xf16>, %k: tensor<2x24x32xf16>, %e: tensor<4x16x32xf32>) {
  // expected-error@+1 {{softcap must be > 0, got -1.0}}
  %0 = coopmlir.attention {scale = 0.125 : f32, softcap = -1.0 : f32} ins(%q, %k, %k : tensor<4x16x32xf16>, tensor<2x24x32xf16>, tensor<2x24x32xf16>) outs(%e : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  func.return
}

// -----

func.func @alibi_per_key_head(%q: tensor<4x16x32xf16>, %k: tensor<2x24x32xf16>, %e: tensor<4x16x32xf32>) {
  // expected-error@+1 {{alibi has 2 values, expected one per query head (4)}}
  %0 = coopmlir.attention {scale = 0.125 : f32, alibi = array<f32: 0.5, 0.25>} ins(%q, %k, %k : tensor<4x16x32xf16>, tensor<2x24x32xf16>, tensor<2x24x32xf16>) outs(%e : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  func.return
}

// -----

func.func @sinks_without_heads(%q: tensor<16x32xf16>, %k: tensor<24x32xf16>, %e: tensor<16x32xf32>) {
  // expected-error@+1 {{sinks has 2 values, expected one per query head (1)}}
  %0 = coopmlir.attention {scale = 0.125 : f32, sinks = array<f32: 0.5, 0.25>} ins(%q, %k, %k : tensor<16x32xf16>, tensor<24x32xf16>, tensor<24x32xf16>) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  func.return
}

// -----

func.func @sinks_f64(%q: tensor<4x16x32xf16>, %k: tensor<2x24x32xf16>, %e: tensor<4x16x32xf32>) {
  // expected-error@+1 {{sinks must be an array<f32: ...>}}
  %0 = coopmlir.attention {scale = 0.125 : f32, sinks = array<f64: 0.5, 0.25, 0.0, 1.0>} ins(%q, %k, %k : tensor<4x16x32xf16>, tensor<2x24x32xf16>, tensor<2x24x32xf16>) outs(%e : tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
  func.return
}
