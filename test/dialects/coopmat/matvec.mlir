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
