// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// One case per verifier rule of the coopmat dialect. Every diagnostic names
// its line in this file.

// -----
// The matrix type

// expected-error@+1 {{matrix shape 0x16 must be positive}}
func.func @zero_rows(%m: !coopmat.matrix<0x16xf16, a>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:26: error: matrix shape 0x16 must be positive

// -----

// expected-error@+1 {{matrix element type must be f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8 or i32, got i16}}
func.func @bad_element(%m: !coopmat.matrix<16x16xi16, a>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:28: error: matrix element type must be f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8 or i32, got i16

// -----

// expected-error@+1 {{Expected `a`, `b`, or `acc`.}}
func.func @bad_use(%m: !coopmat.matrix<16x16xf16, c>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:51: error: Expected `a`, `b`, or `acc`.

// -----

// expected-error@+1 {{Expected `subgroup`, or `workgroup`.}}
func.func @bad_scope(%m: !coopmat.matrix<16x16xf16, a, device>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:56: error: Expected `subgroup`, or `workgroup`.

// -----

// expected-error@+1 {{expected a static shape RxC before the element type}}
func.func @one_dim(%m: !coopmat.matrix<16xf16, a>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:40: error: expected a static shape RxC before the element type

// -----

// expected-error@+1 {{expected a static shape RxC before the element type}}
func.func @dynamic_dim(%m: !coopmat.matrix<?x16xf16, a>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:44: error: expected a static shape RxC before the element type

// -----
// load / store

func.func @load_element_mismatch(%mem: memref<64x64xf32>, %i: index) {
  // expected-error@+1 {{'coopmat.load' op coopmat.load: element type f32 of memref<64x64xf32> does not match element type f16 of !coopmat.matrix<16x16xf16, a>}}
  %a = coopmat.load %mem[%i, %i] row_major : memref<64x64xf32> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.load' op coopmat.load: element type f32 of memref<64x64xf32> does not match element type f16 of !coopmat.matrix<16x16xf16, a>

// -----

func.func @load_index_count(%mem: memref<64x64xf16>, %i: index) {
  // expected-error@+1 {{'coopmat.load' op coopmat.load: memref<64x64xf16> needs 2 indices, got 1}}
  %a = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.load' op coopmat.load: memref<64x64xf16> needs 2 indices, got 1

// -----

func.func @load_not_contiguous(%mem: memref<64x64xf16, strided<[1, 64]>>, %i: index) {
  // expected-error@+1 {{'coopmat.load' op coopmat.load: the innermost dimension of memref<64x64xf16, strided<[1, 64]>> must be contiguous (stride 1)}}
  %a = coopmat.load %mem[%i, %i] row_major : memref<64x64xf16, strided<[1, 64]>> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.load' op coopmat.load: the innermost dimension of memref<64x64xf16, strided<[1, 64]>> must be contiguous (stride 1)

// -----

func.func @load_needs_stride(%mem: memref<4096xf16>, %i: index) {
  // expected-error@+1 {{'coopmat.load' op coopmat.load: memref<4096xf16> has no static leading dimension; give the stride explicitly}}
  %a = coopmat.load %mem[%i] row_major : memref<4096xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.load' op coopmat.load: memref<4096xf16> has no static leading dimension; give the stride explicitly

// -----

func.func @load_checked_rank1(%mem: memref<4096xf16>, %i: index) {
  // expected-error@+1 {{'coopmat.load' op coopmat.load: checked mode needs a memref of rank >= 2 to bound the matrix, got memref<4096xf16>}}
  %a = coopmat.load %mem[%i] stride %i row_major checked(rows) : memref<4096xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.load' op coopmat.load: checked mode needs a memref of rank >= 2 to bound the matrix, got memref<4096xf16>

// -----

func.func @store_element_mismatch(%m: !coopmat.matrix<16x16xf32, acc>, %mem: memref<64x64xf16>, %i: index) {
  // expected-error@+1 {{'coopmat.store' op coopmat.store: element type f16 of memref<64x64xf16> does not match element type f32 of !coopmat.matrix<16x16xf32, acc>}}
  coopmat.store %m, %mem[%i, %i] row_major : !coopmat.matrix<16x16xf32, acc>, memref<64x64xf16>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.store' op coopmat.store: element type f16 of memref<64x64xf16> does not match element type f32 of !coopmat.matrix<16x16xf32, acc>

// -----

func.func @load_bad_layout(%mem: memref<64x64xf16>, %i: index) {
  // expected-error@+1 {{Expected `row_major`, or `col_major`.}}
  %a = coopmat.load %mem[%i, %i] diagonal : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:34: error: Expected `row_major`, or `col_major`.

// -----
// 4-bit integers are no matrix element: they are widened before a product.

// expected-error@+1 {{matrix element type must be f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8 or i32, got i4}}
func.func @int4_element(%m: !coopmat.matrix<16x64xi4, a>) {
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:29: error: matrix element type must be f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8 or i32, got i4

// -----
// An f8 product accumulates into a wider float, never into the other f8 format.

func.func @f8_accumulator(%a: !coopmat.matrix<16x32xf8E4M3FN, a>, %b: !coopmat.matrix<32x16xf8E4M3FN, b>, %c: !coopmat.matrix<16x16xf8E5M2, acc>) {
  // expected-error@+1 {{accumulator type f8E5M2 is narrower than or incompatible with input type f8E4M3FN}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x32xf8E4M3FN, a>, !coopmat.matrix<32x16xf8E4M3FN, b> -> !coopmat.matrix<16x16xf8E5M2, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op accumulator type f8E5M2 is narrower than or incompatible with input type f8E4M3FN

// -----
// mul_add

func.func @mul_add_a_use(%a: !coopmat.matrix<16x16xf16, b>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op operand A must have use 'a', got !coopmat.matrix<16x16xf16, b>}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op operand A must have use 'a', got !coopmat.matrix<16x16xf16, b>

// -----

func.func @mul_add_b_use(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, a>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op operand B must have use 'b', got !coopmat.matrix<16x16xf16, a>}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op operand B must have use 'b', got !coopmat.matrix<16x16xf16, a>

// -----

func.func @mul_add_c_use(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, b>) {
  // expected-error@+1 {{'coopmat.mul_add' op accumulator C must have use 'acc', got !coopmat.matrix<16x16xf32, b>}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, b>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op accumulator C must have use 'acc', got !coopmat.matrix<16x16xf32, b>

// -----

func.func @mul_add_shapes(%a: !coopmat.matrix<16x8xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op shapes do not form an M x N x K product: A is 16x8, B is 16x16, C is 16x16}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x8xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op shapes do not form an M x N x K product: A is 16x8, B is 16x16, C is 16x16

// -----

func.func @mul_add_scopes(%a: !coopmat.matrix<16x16xf16, a, workgroup>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op operands have different scopes: !coopmat.matrix<16x16xf16, a, workgroup>, !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x16xf32, acc>}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a, workgroup>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op operands have different scopes: !coopmat.matrix<16x16xf16, a, workgroup>, !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x16xf32, acc>

// -----

func.func @mul_add_ab_types(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xbf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op A and B must have the same element type, got f16 and bf16}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xbf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op A and B must have the same element type, got f16 and bf16

// -----

func.func @mul_add_int_float(%a: !coopmat.matrix<16x32xi8, a>, %b: !coopmat.matrix<32x16xi8, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op cannot accumulate i8 products into f32: mixed integer and float}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x16xi8, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op cannot accumulate i8 products into f32: mixed integer and float

// -----

func.func @mul_add_narrow_acc(%a: !coopmat.matrix<16x16xf32, a>, %b: !coopmat.matrix<16x16xf32, b>, %c: !coopmat.matrix<16x16xf16, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op accumulator type f16 is narrower than or incompatible with input type f32}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf32, a>, !coopmat.matrix<16x16xf32, b> -> !coopmat.matrix<16x16xf16, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op accumulator type f16 is narrower than or incompatible with input type f32

// -----

func.func @mul_add_bf16_into_f16(%a: !coopmat.matrix<16x16xbf16, a>, %b: !coopmat.matrix<16x16xbf16, b>, %c: !coopmat.matrix<16x16xf16, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op accumulator type f16 is narrower than or incompatible with input type bf16}}
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xbf16, a>, !coopmat.matrix<16x16xbf16, b> -> !coopmat.matrix<16x16xf16, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op accumulator type f16 is narrower than or incompatible with input type bf16

// -----

func.func @mul_add_float_signed(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op signedness flags ['a_signed'] only apply to integer matrices, got f16}}
  %d = coopmat.mul_add %a, %b, %c {a_signed} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op signedness flags ['a_signed'] only apply to integer matrices, got f16

// -----

func.func @mul_add_float_saturating(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op saturating accumulation needs an integer accumulator, got f32}}
  %d = coopmat.mul_add %a, %b, %c {saturating} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op saturating accumulation needs an integer accumulator, got f32

// -----

func.func @mul_add_result_type(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error-re@+1 {{'coopmat.mul_add' op result 'result' at position 0 does not verify:{{.}}attribute !coopmat.matrix<16x16xf32, acc> expected from variable 'ACC', but got !coopmat.matrix<16x16xf16, acc>}}
  %d = "coopmat.mul_add"(%a, %b, %c) : (!coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x16xf32, acc>) -> !coopmat.matrix<16x16xf16, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op result 'result' at position 0 does not verify:
// CHECK-NEXT: attribute !coopmat.matrix<16x16xf32, acc> expected from variable 'ACC', but got !coopmat.matrix<16x16xf16, acc>

// -----
// element-wise

func.func @add_types(%x: !coopmat.matrix<16x16xf32, acc>, %y: !coopmat.matrix<16x16xf32, a>) {
  // expected-error-re@+1 {{'coopmat.add' op operand 'rhs' at position 1 does not verify:{{.}}attribute !coopmat.matrix<16x16xf32, acc> expected from variable 'T', but got !coopmat.matrix<16x16xf32, a>}}
  %z = "coopmat.add"(%x, %y) : (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, a>) -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.add' op operand 'rhs' at position 1 does not verify:
// CHECK-NEXT: attribute !coopmat.matrix<16x16xf32, acc> expected from variable 'T', but got !coopmat.matrix<16x16xf32, a>

// -----

func.func @div_unsigned_float(%x: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.div' op 'unsigned' only applies to integer matrices: !coopmat.matrix<16x16xf32, acc>}}
  %z = coopmat.div %x, %x {unsigned} : !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.div' op 'unsigned' only applies to integer matrices: !coopmat.matrix<16x16xf32, acc>

// -----

func.func @scale_type(%x: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  // expected-error@+1 {{'coopmat.scale' op scalar type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>}}
  %z = coopmat.scale %x, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.scale' op scalar type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>

// -----
// construction and per-work-item access

func.func @splat_type(%s: f16) {
  // expected-error@+1 {{'coopmat.splat' op splat value type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>}}
  %z = coopmat.splat %s : f16 -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.splat' op splat value type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>

// -----

func.func @extract_type(%x: !coopmat.matrix<16x16xf32, acc>, %k: index) {
  // expected-error@+1 {{'coopmat.extract' op result type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>}}
  %e = coopmat.extract %x[%k] : !coopmat.matrix<16x16xf32, acc> -> f16
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.extract' op result type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>

// -----

func.func @insert_type(%x: !coopmat.matrix<16x16xf32, acc>, %k: index, %v: i32) {
  // expected-error@+1 {{'coopmat.insert' op inserted value type i32 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>}}
  %e = coopmat.insert %v, %x[%k] : i32, !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.insert' op inserted value type i32 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>

// -----

func.func @length_not_matrix() {
  // expected-error@+1 {{'coopmat.length' op f32 should be of base attribute coopmat.matrix}}
  %n = "coopmat.length"() <{matrix_type = f32}> : () -> index
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.length' op f32 should be of base attribute coopmat.matrix

// -----
// convert

func.func @convert_shape(%x: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.convert' op convert keeps shape and scope: !coopmat.matrix<16x16xf32, acc> cannot become !coopmat.matrix<16x8xf16, acc>}}
  %y = coopmat.convert %x : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x8xf16, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.convert' op convert keeps shape and scope: !coopmat.matrix<16x16xf32, acc> cannot become !coopmat.matrix<16x8xf16, acc>

// -----

func.func @convert_use(%x: !coopmat.matrix<16x16xf16, a>) {
  // expected-error@+1 {{'coopmat.convert' op only an accumulator can change use (to a or b): !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x16xf16, b>}}
  %y = coopmat.convert %x : !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x16xf16, b>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.convert' op only an accumulator can change use (to a or b): !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x16xf16, b>

// -----

func.func @convert_unsigned_float(%x: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.convert' op 'unsigned' needs an integer source or result: !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>}}
  %y = coopmat.convert %x {unsigned} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.convert' op 'unsigned' needs an integer source or result: !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>

// -----
// from_vector / to_vector (VK_QCOM_cooperative_matrix_conversion proposal)

func.func @from_vector_workgroup(%v: vector<16xf16>) {
  // expected-error@+1 {{'coopmat.from_vector' op per-invocation vectors need a subgroup matrix: !coopmat.matrix<32x16xf16, a, workgroup>}}
  %m = coopmat.from_vector %v : vector<16xf16> -> !coopmat.matrix<32x16xf16, a, workgroup>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op per-invocation vectors need a subgroup matrix: !coopmat.matrix<32x16xf16, a, workgroup>

// -----

func.func @from_vector_a_element(%v: vector<4xf64>) {
  // expected-error@+1 {{'coopmat.from_vector' op matrix use 'a' needs element type f32, f16 or i8 for per-invocation vectors, got !coopmat.matrix<32x4xf64, a>}}
  %m = coopmat.from_vector %v : vector<4xf64> -> !coopmat.matrix<32x4xf64, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op matrix use 'a' needs element type f32, f16 or i8 for per-invocation vectors, got !coopmat.matrix<32x4xf64, a>

// -----

func.func @from_vector_acc_element(%v: vector<32xi8>) {
  // expected-error@+1 {{'coopmat.from_vector' op matrix use 'acc' needs element type f32, f16 or i32 for per-invocation vectors, got !coopmat.matrix<32x32xi8, acc>}}
  %m = coopmat.from_vector %v : vector<32xi8> -> !coopmat.matrix<32x32xi8, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op matrix use 'acc' needs element type f32, f16 or i32 for per-invocation vectors, got !coopmat.matrix<32x32xi8, acc>

// -----

func.func @from_vector_not_1d(%v: vector<2x8xf16>) {
  // expected-error@+1 {{'coopmat.from_vector' op expected a 1-D vector, got vector<2x8xf16>}}
  %m = coopmat.from_vector %v : vector<2x8xf16> -> !coopmat.matrix<32x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op expected a 1-D vector, got vector<2x8xf16>

// -----

func.func @from_vector_row_bytes(%v: vector<8xf16>) {
  // expected-error@+1 {{'coopmat.from_vector' op a row of !coopmat.matrix<32x8xf16, a> must be 32 bytes, it is 16}}
  %m = coopmat.from_vector %v : vector<8xf16> -> !coopmat.matrix<32x8xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op a row of !coopmat.matrix<32x8xf16, a> must be 32 bytes, it is 16

// -----

func.func @from_vector_column_bytes(%v: vector<8xf16>) {
  // expected-error@+1 {{'coopmat.from_vector' op a column of !coopmat.matrix<8x32xf16, b> must be 32 bytes, it is 16}}
  %m = coopmat.from_vector %v : vector<8xf16> -> !coopmat.matrix<8x32xf16, b>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op a column of !coopmat.matrix<8x32xf16, b> must be 32 bytes, it is 16

// -----

func.func @from_vector_length(%v: vector<8xf16>) {
  // expected-error@+1 {{'coopmat.from_vector' op vector<8xf16> does not hold one row of !coopmat.matrix<32x16xf16, a>: expected vector<16xf16> or vector<8xi32>}}
  %m = coopmat.from_vector %v : vector<8xf16> -> !coopmat.matrix<32x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op vector<8xf16> does not hold one row of !coopmat.matrix<32x16xf16, a>: expected vector<16xf16> or vector<8xi32>

// -----

func.func @from_vector_packed_acc_not_f16(%v: vector<8xi32>) {
  // expected-error-re@+1 {{'coopmat.from_vector' op vector<8xi32> does not hold one row of !coopmat.matrix<32x16xf32, acc>: expected vector<16xf32>{{$}}}}
  %m = coopmat.from_vector %v : vector<8xi32> -> !coopmat.matrix<32x16xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op vector<8xi32> does not hold one row of !coopmat.matrix<32x16xf32, acc>: expected vector<16xf32>{{$}}

// -----

func.func @from_vector_rows_exceed_subgroup(%v: vector<16xf16>) {
  // expected-error@+1 {{'coopmat.from_vector' op !coopmat.matrix<32x16xf16, a> has 32 rows, more than the subgroup size 16}}
  %m = coopmat.from_vector %v {subgroup_size = 16 : i32} : vector<16xf16> -> !coopmat.matrix<32x16xf16, a>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op !coopmat.matrix<32x16xf16, a> has 32 rows, more than the subgroup size 16

// -----

func.func @from_vector_columns_exceed_subgroup(%v: vector<8xf32>) {
  // expected-error@+1 {{'coopmat.from_vector' op !coopmat.matrix<8x64xf32, b> has 64 columns, more than the subgroup size 32}}
  %m = coopmat.from_vector %v {subgroup_size = 32 : i32} : vector<8xf32> -> !coopmat.matrix<8x64xf32, b>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op !coopmat.matrix<8x64xf32, b> has 64 columns, more than the subgroup size 32

// -----

func.func @from_vector_acc_row_length(%v: vector<4xf32>) {
  // expected-error@+1 {{'coopmat.from_vector' op accumulator rows must have S, S/2 or S/4 elements (S = 32), got !coopmat.matrix<32x4xf32, acc>}}
  %m = coopmat.from_vector %v {subgroup_size = 32 : i32} : vector<4xf32> -> !coopmat.matrix<32x4xf32, acc>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.from_vector' op accumulator rows must have S, S/2 or S/4 elements (S = 32), got !coopmat.matrix<32x4xf32, acc>

// -----

func.func @to_vector_length(%m: !coopmat.matrix<16x32xf16, acc>) {
  // expected-error@+1 {{'coopmat.to_vector' op vector<8xf16> does not hold one row of !coopmat.matrix<16x32xf16, acc>: expected vector<32xf16> or vector<16xi32>}}
  %v = coopmat.to_vector %m : !coopmat.matrix<16x32xf16, acc> -> vector<8xf16>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.to_vector' op vector<8xf16> does not hold one row of !coopmat.matrix<16x32xf16, acc>: expected vector<32xf16> or vector<16xi32>

// -----
// bitcast_array / extract_subarray

func.func @bitcast_size(%v: vector<8xi32>) {
  // expected-error@+1 {{'coopmat.bitcast_array' op bitcast changes the size: vector<8xi32> is 32 bytes, vector<8xf16> is 16 bytes}}
  %w = coopmat.bitcast_array %v : vector<8xi32> -> vector<8xf16>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.bitcast_array' op bitcast changes the size: vector<8xi32> is 32 bytes, vector<8xf16> is 16 bytes

// -----

func.func @bitcast_element(%v: vector<32xi8>) {
  // expected-error@+1 {{'coopmat.bitcast_array' op source element type must be i32, f32 or f16, got i8}}
  %w = coopmat.bitcast_array %v : vector<32xi8> -> vector<8xi32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.bitcast_array' op source element type must be i32, f32 or f16, got i8

// -----

func.func @bitcast_not_1d(%v: vector<2x4xi32>) {
  // expected-error@+1 {{'coopmat.bitcast_array' op source must be a 1-D vector, got vector<2x4xi32>}}
  %w = coopmat.bitcast_array %v : vector<2x4xi32> -> vector<8xf32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.bitcast_array' op source must be a 1-D vector, got vector<2x4xi32>

// -----

func.func @subarray_types(%v: vector<32xf32>, %k: index) {
  // expected-error@+1 {{'coopmat.extract_subarray' op element types differ: vector<32xf32> and vector<8xi32>}}
  %w = coopmat.extract_subarray %v[%k] : vector<32xf32> -> vector<8xi32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.extract_subarray' op element types differ: vector<32xf32> and vector<8xi32>

// -----

func.func @subarray_longer(%v: vector<8xf32>, %k: index) {
  // expected-error@+1 {{'coopmat.extract_subarray' op vector<16xf32> is longer than the source vector<8xf32>}}
  %w = coopmat.extract_subarray %v[%k] : vector<8xf32> -> vector<16xf32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.extract_subarray' op vector<16xf32> is longer than the source vector<8xf32>

// -----

func.func @subarray_out_of_bounds(%v: vector<32xf32>) {
  %k = arith.constant 32 : index
  // expected-error@+1 {{'coopmat.extract_subarray' op sub-array [32, 40) is out of bounds of vector<32xf32>}}
  %w = coopmat.extract_subarray %v[%k] : vector<32xf32> -> vector<8xf32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.extract_subarray' op sub-array [32, 40) is out of bounds of vector<32xf32>

// -----

func.func @subarray_alignment(%v: vector<32xf32>) {
  %k = arith.constant 3 : index
  // expected-error@+1 {{'coopmat.extract_subarray' op start 3 must be a multiple of the result length 8}}
  %w = coopmat.extract_subarray %v[%k] : vector<32xf32> -> vector<8xf32>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.extract_subarray' op start 3 must be a multiple of the result length 8

// -----

func.func @matvec_value_length(%w: memref<64x32xf16>, %x: memref<32xf16>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'coopmat.matvec_value' op coopmat.matvec_value: wants a vector<16x float>, got vector<8xf16>}}
  %p = coopmat.matvec_value %w[%c0, %c0], %x[%c0] {rows = 16 : i64, columns = 32 : i64} : memref<64x32xf16>, memref<32xf16> -> vector<8xf16>
  func.return
}
// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.matvec_value' op coopmat.matvec_value: wants a vector<16x float>, got vector<8xf16>
