// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// One case per gpu.shuffle rule; every diagnostic names its line.

func.func @bad_mode(%x: f32, %l: i32) {
  // expected-error@+1 {{Expected `xor`, `up`, `down`, or `idx`.}}
  %r, %ok = gpu.shuffle rotate %x, %l, %l : f32
  func.return
}
// CHECK: shuffle-invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error: Expected `xor`, `up`, `down`, or `idx`.

// -----

func.func @index_value(%x: index, %l: i32) {
  // expected-error@+1 {{'gpu.shuffle' op shuffled value must be an integer, a float or a 1-D vector of them, got index}}
  %r, %ok = gpu.shuffle idx %x, %l, %l : index
  func.return
}
// CHECK: shuffle-invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error: 'gpu.shuffle' op shuffled value must be an integer, a float or a 1-D vector of them, got index

// -----

func.func @two_d_vector(%x: vector<2x4xf32>, %l: i32) {
  // expected-error@+1 {{'gpu.shuffle' op shuffled value must be an integer, a float or a 1-D vector of them, got vector<2x4xf32>}}
  %r, %ok = gpu.shuffle idx %x, %l, %l : vector<2x4xf32>
  func.return
}
// CHECK: shuffle-invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error: 'gpu.shuffle' op shuffled value must be an integer, a float or a 1-D vector of them, got vector<2x4xf32>

// -----

func.func @index_lane(%x: f32, %l: index, %w: i32) {
  // expected-error@+1 {{'gpu.shuffle' op operand 'offset' at position 1 does not verify}}
  %r, %ok = "gpu.shuffle"(%x, %l, %w) <{mode = #gpu<shuffle_mode idx>}> : (f32, index, i32) -> (f32, i1)
  func.return
}
// CHECK: shuffle-invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error: 'gpu.shuffle' op operand 'offset' at position 1 does not verify

// -----

func.func @result_type(%x: f32, %l: i32) {
  // expected-error@+1 {{'gpu.shuffle' op result 'result' at position 0 does not verify}}
  %r, %ok = "gpu.shuffle"(%x, %l, %l) <{mode = #gpu<shuffle_mode idx>}> : (f32, i32, i32) -> (f16, i1)
  func.return
}
// CHECK: shuffle-invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error: 'gpu.shuffle' op result 'result' at position 0 does not verify

// -----

func.func @valid_type(%x: f32, %l: i32) {
  // expected-error@+1 {{'gpu.shuffle' op result 'valid' at position 1 does not verify}}
  %r, %ok = "gpu.shuffle"(%x, %l, %l) <{mode = #gpu<shuffle_mode idx>}> : (f32, i32, i32) -> (f32, i32)
  func.return
}
// CHECK: shuffle-invalid.mlir:[[# @LINE - 3]]:{{[0-9]+}}: error: 'gpu.shuffle' op result 'valid' at position 1 does not verify
