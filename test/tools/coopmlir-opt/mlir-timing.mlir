// RUN: coopmlir-opt %s --cse --lower-to-coopmat --mlir-timing 2>&1 >/dev/null | filecheck %s
// RUN: coopmlir-opt %s --cse --mlir-timing 2>/dev/null | filecheck %s --check-prefix=OUT

// mlir-opt's execution time report, on stderr, one line per step.

// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK:      ----Wall Time----  ----Name----
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Parser
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  CommonSubexpressionElimination (cse)
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  LowerToCoopmat (lower-to-coopmat)
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Output
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  Rest
// CHECK-NEXT: {{[0-9]+\.[0-9]+}} (100.0%)  Total

// OUT-NOT: Execution time
// OUT: func.func @matmul
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
