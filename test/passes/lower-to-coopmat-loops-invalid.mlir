// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --lower-to-coopmat

// What no loop kernel can compute is a located error naming the op; no
// linalg op is ever left on the host.

func.func @unknown_body_op(%a: memref<4xf32>, %out: memref<4xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.generic': its body uses 'math.atan', which kernels cannot compute}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.atan %x : f32
    linalg.yield %y : f32
  }
  func.return
}

// -----

func.func @dynamic(%a: memref<?xf32>, %out: memref<?xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'memref.copy': loop kernels need static shapes, got memref<?xf32>}}
  memref.copy %a, %out : memref<?xf32> to memref<?xf32>
  func.return
}

// -----

func.func @complex(%a: memref<4xcomplex<f32>>, %out: memref<4xcomplex<f32>>) {
  // expected-error@+1 {{lower-to-coopmat: 'memref.copy': complex<f32> elements cannot be computed on the GPU (memref<4xcomplex<f32>>)}}
  memref.copy %a, %out : memref<4xcomplex<f32>> to memref<4xcomplex<f32>>
  func.return
}

// -----

func.func @runtime_exponent(%a: memref<4xf32>, %out: memref<4xf32>, %n: i32) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.generic': math.fpowi of a run-time exponent}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.fpowi %x, %n : f32, i32
    linalg.yield %y : f32
  }
  func.return
}

// -----

func.func @f64_exp(%a: memref<4xf64>, %out: memref<4xf64>) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.generic': its body computes 'math.exp' on f64}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<4xf64>) outs(%out : memref<4xf64>) {
  ^bb0(%x: f64, %o: f64):
    %y = math.exp %x : f64
    linalg.yield %y : f64
  }
  func.return
}

// -----

func.func @scalar_argument(%s: f32, %out: memref<4xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.fill': a scalar operand must be an arith.constant in loop kernels (kernels take buffers)}}
  linalg.fill ins(%s : f32) outs(%out : memref<4xf32>)
  func.return
}

// -----

// A gather from the buffer the op writes: other work-items would read
// elements being written.
func.func @gather_from_output(%ids: memref<4xi64>, %out: memref<4xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.generic': its body loads from a buffer the op writes}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ids : memref<4xi64>) outs(%out : memref<4xf32>) {
  ^bb0(%id: i64, %o: f32):
    %i = arith.index_cast %id : i64 to index
    %v = memref.load %out[%i] : memref<4xf32>
    linalg.yield %v : f32
  }
  func.return
}

// -----

// A gather at an index the host computes: kernels take buffers, not scalars.
func.func @gather_at_host_index(%table: memref<8xf32>, %n: index, %out: memref<4xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.generic': its body loads at an index from outside that is not a constant}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%out : memref<4xf32>) {
  ^bb0(%o: f32):
    %v = memref.load %table[%n] : memref<8xf32>
    linalg.yield %v : f32
  }
  func.return
}

// -----

func.func @gather_dynamic(%table: memref<?xf32>, %ids: memref<4xi64>, %out: memref<4xf32>) {
  // expected-error@+1 {{lower-to-coopmat: 'linalg.generic': loop kernels need static shapes, got memref<?xf32>}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ids : memref<4xi64>) outs(%out : memref<4xf32>) {
  ^bb0(%id: i64, %o: f32):
    %i = arith.index_cast %id : i64 to index
    %v = memref.load %table[%i] : memref<?xf32>
    linalg.yield %v : f32
  }
  func.return
}
