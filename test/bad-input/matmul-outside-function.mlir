// ARGS: --lower-to-coopmat
// ERROR: matmul-outside-function.mlir:9:3: error: lower-to-coopmat: 'linalg.matmul' outside a func.func: kernels are launched from a host function
// A matmul at the top of the module has no host function to launch its
// kernel from: it was "internal error: AssertionError()" (bench/fuzz_cli.py).
builtin.module {
  %a = memref.alloc() : memref<16x16xf16>
  %b = memref.alloc() : memref<16x16xf16>
  %c = memref.alloc() : memref<16x16xf32>
  linalg.matmul ins(%a, %b : memref<16x16xf16>, memref<16x16xf16>) outs(%c : memref<16x16xf32>)
}
