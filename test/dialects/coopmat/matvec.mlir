// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// coopmat.matvec: a work-item's [16 x 256] slab of an nn.Linear weight times
// its activation row (the L1 form of OpCooperativeVectorMatrixMulNV).
// test/python/interpreter/test_interpreter_matvec.py checks its values.

// CHECK: coopmat.matvec %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}] -> %{{.*}}[%{{.*}}] {rows = 16 : i64, columns = 256 : i64} : memref<4096x256xf16>, memref<256xf16>, memref<4096xf32>
func.func @slab(%w: memref<4096x256xf16>, %x: memref<256xf16>, %y: memref<4096xf32>, %row: index) {
  %c0 = arith.constant 0 : index
  coopmat.matvec %w[%row, %c0], %x[%c0] -> %y[%row] {rows = 16 : i64, columns = 256 : i64} : memref<4096x256xf16>, memref<256xf16>, memref<4096xf32>
  return
}

// coopmat.matvec_value: the same product kept as the work-item's vector
// (each output rounded once to its f16), as skinny-coopvec's chunks are.

// CHECK: %{{.*}} = coopmat.matvec_value %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}] {rows = 16 : i64, columns = 256 : i64} : memref<4096x256xf16>, memref<4x256xf16> -> vector<16xf16>
func.func @slab_value(%w: memref<4096x256xf16>, %x: memref<4x256xf16>, %row: index, %m: index) -> vector<16xf16> {
  %c0 = arith.constant 0 : index
  %p = coopmat.matvec_value %w[%row, %c0], %x[%m, %c0] {rows = 16 : i64, columns = 256 : i64} : memref<4096x256xf16>, memref<4x256xf16> -> vector<16xf16>
  return %p : vector<16xf16>
}
