// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics

// One case per rule of coopmlir.grouped_matmul (dialects/grouped_matmul.py).

func.func @inputs(%x: memref<6x16xf16>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{expected inputs (x, w, rows, offsets) or (x, w_gate, w_up, rows, offsets), got 2}}
  coopmlir.grouped_matmul ins(%x, %x : memref<6x16xf16>, memref<6x16xf16>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @mixed(%x: tensor<6x16xf16>, %w: memref<3x8x16xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{operands must be all tensors or all memrefs}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : tensor<6x16xf16>, memref<3x8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @k(%x: memref<6x12xf16>, %w: memref<3x8x16xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the tokens memref<6x12xf16> and the weights memref<3x8x16xf16> ([E, N, K]) must share K}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x12xf16>, memref<3x8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @experts(%x: memref<6x16xf16>, %w: memref<3x8x16xf16>, %r: memref<12xi32>, %o: memref<3xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the offsets memref<3xi32> must be [E + 1] = [4] for 3 experts (memref<3x8x16xf16>)}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x16xf16>, memref<3x8x16xf16>, memref<12xi32>, memref<3xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @counts_type(%x: memref<6x16xf16>, %w: memref<3x8x16xf16>, %r: memref<12xi32>, %o: memref<4xf32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the offsets memref<4xf32> must be integers or index}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x16xf16>, memref<3x8x16xf16>, memref<12xi32>, memref<4xf32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @rows(%x: memref<6x16xf16>, %w: memref<3x8x16xf16>, %r: memref<10xi32>, %o: memref<4xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the rows memref<10xi32> must be [R] and the output memref<12x8xf16> [R, N]}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x16xf16>, memref<3x8x16xf16>, memref<10xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @n(%x: memref<6x16xf16>, %w: memref<3x8x16xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x4xf16>) {
  // expected-error@+1 {{the output memref<12x4xf16> and the weights memref<3x8x16xf16> differ in N}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x16xf16>, memref<3x8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x4xf16>)
  func.return
}

// -----

func.func @gate_up(%x: memref<6x16xf16>, %w: memref<3x8x16xf16>, %u: memref<2x8x16xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the gate's weights memref<3x8x16xf16> and the up weights memref<2x8x16xf16> must have one type}}
  coopmlir.grouped_matmul ins(%x, %w, %u, %r, %o : memref<6x16xf16>, memref<3x8x16xf16>, memref<2x8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @elements(%x: memref<6x16xf32>, %w: memref<3x8x16xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the tokens and weights must share one element type of f16, bf16 or f32, got f32, f16}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x16xf32>, memref<3x8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @weights_rank(%x: memref<6x16xf16>, %w: memref<8x16xf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x8xf16>) {
  // expected-error@+1 {{the weights memref<8x16xf16> must be [E, N, K] or [E, K, N]}}
  coopmlir.grouped_matmul ins(%x, %w, %r, %o : memref<6x16xf16>, memref<8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}

// -----

func.func @sort_outputs(%ids: memref<12xi64>, %r: memref<12xi32>) {
  // expected-error@+1 {{expected outputs (rows, offsets), got 1}}
  coopmlir.sort_by_expert ins(%ids : memref<12xi64>) outs(%r : memref<12xi32>)
  func.return
}

// -----

func.func @sort_rows(%ids: memref<12xi64>, %r: memref<10xi32>, %o: memref<4xi32>) {
  // expected-error@+1 {{the ids memref<12xi64> and the rows memref<10xi32> must be [R], the offsets memref<4xi32> [E + 1]}}
  coopmlir.sort_by_expert ins(%ids : memref<12xi64>) outs(%r, %o : memref<10xi32>, memref<4xi32>)
  func.return
}

// -----

func.func @sort_type(%ids: memref<12xf32>, %r: memref<12xi32>, %o: memref<4xi32>) {
  // expected-error@+1 {{memref<12xf32> must be integers or index}}
  coopmlir.sort_by_expert ins(%ids : memref<12xf32>) outs(%r, %o : memref<12xi32>, memref<4xi32>)
  func.return
}

// -----

func.func @f16_sums_of_bf16(%x: memref<6x16xbf16>, %w: memref<3x8x16xbf16>, %r: memref<12xi32>, %o: memref<4xi32>, %y: memref<12x8xf32>) {
  // expected-error@+1 {{f16_sums needs f16 tokens and weights, got bf16}}
  coopmlir.grouped_matmul {f16_sums} ins(%x, %w, %r, %o : memref<6x16xbf16>, memref<3x8x16xbf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf32>)
  func.return
}
