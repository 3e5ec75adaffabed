// RUN: coopmlir-opt %s --mlir-compatible | filecheck %s
// RUN: coopmlir-opt %s --mlir-compatible | coopmlir-opt | filecheck %s --check-prefix=BACK
// RUN: coopmlir-opt %s --mlir-compatible --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: coopmlir-opt %s --mlir-compatible --cse --mlir-print-ir-after-all -o /dev/null 2>&1 | filecheck %s --check-prefix=DUMP

// The IR dumps are printed in the same form as the output.
// DUMP: IR Dump After CommonSubexpressionElimination (cse)
// DUMP: kernel attributes {known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<"tinytc", 32 : i64>}

// coopmlir's own ops as MLIR reads a dialect defined in IRDL
// (dialects/coopmlir.irdl.mlir): generic, inherent attributes in the
// dictionary, enums as strings, types and attributes as their parameters
// (integers as MLIR prints them back), the body of coopmat.apply ended by
// gpu.yield; MLIR's own ops keep their custom form. coopmlir reads it back.

// CHECK:      gpu.func @k(%a: memref<16x16xf16>, %c: memref<16x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<"tinytc", 32 : i64>} {
// CHECK-NEXT:   %i = arith.constant 0 : index
// CHECK-NEXT:   %m = "coopmat.load"(%a, %i, %i) {layout = "row_major", operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x16xf16>, index, index) -> !coopmat.matrix<16 : i64, 16 : i64, f16, "a", "subgroup", none>
// CHECK-NEXT:   %acc = "coopmat.load"(%c, %i, %i) {layout = "col_major", checked = "both", operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<16x16xf32>, index, index) -> !coopmat.matrix<16 : i64, 16 : i64, f32, "acc", "subgroup", #coopmat.layout<"tinytc", 32 : i64>>
// CHECK-NEXT:   %r = "coopmat.apply"(%acc) ({
// CHECK-NEXT:   ^{{.*}}(%row: index, %col: index, %v: f32):
// CHECK-NEXT:     %n = arith.negf %v : f32
// CHECK-NEXT:     gpu.yield %n : f32
// CHECK-NEXT:   }) {operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0, 0>} : (!coopmat.matrix<16 : i64, 16 : i64, f32, "acc", "subgroup", #coopmat.layout<"tinytc", 32 : i64>>) -> !coopmat.matrix<16 : i64, 16 : i64, f32, "acc", "subgroup", #coopmat.layout<"tinytc", 32 : i64>>
// CHECK-NEXT:   gpu.return

// BACK:      %m = coopmat.load %a[%i, %i] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, a>
// BACK-NEXT: %acc = coopmat.load %c[%i, %i] col_major checked(both) : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc, #coopmat.layout<tinytc, subgroup = 32>>
// BACK:        coopmat.yield %n : f32

// With --mlir-print-op-generic, MLIR's ops are generic too.
// GENERIC: "gpu.func"() <{function_type = (memref<16x16xf16>, memref<16x16xf32>) -> (), known_block_size = array<i32: 32, 1, 1>}>
// GENERIC: "arith.negf"(%v) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "gpu.yield"(%n) : (f32) -> ()
builtin.module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<16x16xf16>, %c: memref<16x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %i = arith.constant 0 : index
      %m = coopmat.load %a[%i, %i] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, a>
      %acc = coopmat.load %c[%i, %i] col_major checked(both) : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc, #coopmat.layout<tinytc, subgroup = 32>>
      %r = coopmat.apply %acc : !coopmat.matrix<16x16xf32, acc, #coopmat.layout<tinytc, subgroup = 32>> {
      ^bb0(%row: index, %col: index, %v: f32):
        %n = arith.negf %v : f32
        coopmat.yield %n : f32
      }
      gpu.return
    }
  }
}
