// A tour of the coopmat dialect: every op once, and the mixed-precision
// linalg.matmul that the pipeline starts from (docs/coopmat-dialect.md):
// run: coopmlir-opt {file} --print-op-generic | coopmlir-opt - -o {tmp}/rt.mlir && coopmlir-run {tmp}/rt.mlir --entry one_tile

// The input level (L0): a 64x48 += 64x32 * 32x48 product in f16 -> f32.
func.func @matmul_f16_f32(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// The coopmat level (L1): one 16x16x16 tile of the same product, by hand.
func.func @one_tile(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>,
                    %scale: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %a0 = coopmat.load %A[%c0, %c0] row_major : memref<64x32xf16> -> !coopmat.matrix<16x16xf16, a>
  %a1 = coopmat.load %A[%c0, %c16] row_major : memref<64x32xf16> -> !coopmat.matrix<16x16xf16, a>
  // B rows bounds-checked against the 32x48 memref (reads past it give zero).
  %b0 = coopmat.load %B[%c0, %c0] row_major checked(both) : memref<32x48xf16> -> !coopmat.matrix<16x16xf16, b>
  %b1 = coopmat.load %B[%c16, %c0] row_major checked(both) : memref<32x48xf16> -> !coopmat.matrix<16x16xf16, b>
  %zero = arith.constant 0.0 : f32
  %acc0 = coopmat.splat %zero : f32 -> !coopmat.matrix<16x16xf32, acc>
  %acc1 = coopmat.mul_add %a0, %b0, %acc0 : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  %acc2 = coopmat.mul_add %a1, %b1, %acc1 : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  // C = scale * (A*B) + C_old - 0, with every element-wise op once.
  %old = coopmat.load %C[%c0, %c0] row_major : memref<64x48xf32> -> !coopmat.matrix<16x16xf32, acc>
  %scaled = coopmat.scale %acc2, %scale : !coopmat.matrix<16x16xf32, acc>, f32
  %sum = coopmat.add %scaled, %old : !coopmat.matrix<16x16xf32, acc>
  %none = coopmat.sub %old, %old : !coopmat.matrix<16x16xf32, acc>
  %minus = coopmat.neg %none : !coopmat.matrix<16x16xf32, acc>
  %same = coopmat.sub %sum, %minus : !coopmat.matrix<16x16xf32, acc>
  %one = arith.constant 1.0 : f32
  %ones = coopmat.splat %one : f32 -> !coopmat.matrix<16x16xf32, acc>
  %times = coopmat.mul %same, %ones : !coopmat.matrix<16x16xf32, acc>
  %result = coopmat.div %times, %ones : !coopmat.matrix<16x16xf32, acc>
  coopmat.store %result, %C[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<64x48xf32>
  func.return
}

// Per-work-item access: clamp this work-item's components at zero (ReLU).
func.func @relu(%m: !coopmat.matrix<16x16xf32, acc>) -> !coopmat.matrix<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = coopmat.length : !coopmat.matrix<16x16xf32, acc>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> (!coopmat.matrix<16x16xf32, acc>) {
    %x = coopmat.extract %acc[%i] : !coopmat.matrix<16x16xf32, acc> -> f32
    %y = arith.maximumf %x, %zero : f32
    %next = coopmat.insert %y, %acc[%i] : f32, !coopmat.matrix<16x16xf32, acc>
    scf.yield %next : !coopmat.matrix<16x16xf32, acc>
  }
  func.return %r : !coopmat.matrix<16x16xf32, acc>
}

// A two-layer MLP step (neural texture decompression, from the
// VK_QCOM_cooperative_matrix_conversion proposal):
// the first layer's accumulator becomes the second layer's A operand.
func.func @two_layers(%features: vector<16xf16>, %W0: memref<16x16xf16>, %W1: memref<16x16xf16>)
    -> vector<16xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %a0 = coopmat.from_vector %features {subgroup_size = 64 : i32} : vector<16xf16> -> !coopmat.matrix<64x16xf16, a>
  %b0 = coopmat.load %W0[%c0, %c0] col_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, b>
  %c = coopmat.splat %zero : f16 -> !coopmat.matrix<64x16xf16, acc>
  %h = coopmat.mul_add %a0, %b0, %c : !coopmat.matrix<64x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<64x16xf16, acc>
  %a1 = coopmat.convert %h : !coopmat.matrix<64x16xf16, acc> -> !coopmat.matrix<64x16xf16, a>
  %b1 = coopmat.load %W1[%c0, %c0] col_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, b>
  %out = coopmat.mul_add %a1, %b1, %c : !coopmat.matrix<64x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<64x16xf16, acc>
  %packed = coopmat.to_vector %out {subgroup_size = 64 : i32} : !coopmat.matrix<64x16xf16, acc> -> vector<8xi32>
  %v = coopmat.bitcast_array %packed : vector<8xi32> -> vector<16xf16>
  func.return %v : vector<16xf16>
}

// 4-bit dequantization (VK_QCOM_cooperative_matrix_conversion proposal):
// pick the K-slice of a dequantized block.
func.func @dequant_slice(%block: vector<32xf16>, %step: index) -> !coopmat.matrix<16x16xf16, a> {
  %slice = coopmat.extract_subarray %block[%step] : vector<32xf16> -> vector<16xf16>
  %a = coopmat.from_vector %slice : vector<16xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return %a : !coopmat.matrix<16x16xf16, a>
}

// Integer path: i8 x i8 -> i32 with signed operands and saturation, then a
// conversion of the int32 result to f16 for the next layer.
func.func @int8(%A: memref<16x32xi8>, %B: memref<32x16xi8>) -> !coopmat.matrix<16x16xf16, acc> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %a = coopmat.load %A[%c0, %c0] row_major : memref<16x32xi8> -> !coopmat.matrix<16x32xi8, a>
  %b = coopmat.load %B[%c0, %c0] row_major : memref<32x16xi8> -> !coopmat.matrix<32x16xi8, b>
  %c = coopmat.splat %zero : i32 -> !coopmat.matrix<16x16xi32, acc>
  %d = coopmat.mul_add %a, %b, %c {a_signed, b_signed, c_signed, result_signed, saturating} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x16xi8, b> -> !coopmat.matrix<16x16xi32, acc>
  %h = coopmat.convert %d : !coopmat.matrix<16x16xi32, acc> -> !coopmat.matrix<16x16xf16, acc>
  func.return %h : !coopmat.matrix<16x16xf16, acc>
}
