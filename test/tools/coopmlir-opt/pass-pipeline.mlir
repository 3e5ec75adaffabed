// RUN: coopmlir-opt %s --pass-pipeline='builtin.module(func.func(cse), canonicalize)' | filecheck %s
// RUN: coopmlir-opt %s --pass-pipeline='builtin.module(cse)' --canonicalize | filecheck %s
// RUN: coopmlir-opt %s --pass-pipeline='any(func.func(cse,canonicalize))' | filecheck %s
// RUN: coopmlir-opt %s --pass-pipeline='builtin.module(lower-to-coopmat{target=h100-vulkan stages=1})' | filecheck %s --check-prefix=OPTIONS
// RUN: coopmlir-opt %s --pass-pipeline='builtin.module()' | filecheck %s --check-prefix=NONE
// RUN: not coopmlir-opt %s --pass-pipeline='func.func(cse)' 2>&1 | filecheck %s --check-prefix=ANCHOR
// RUN: not coopmlir-opt %s --pass-pipeline='builtin.module(spirv.module(cse))' 2>&1 | filecheck %s --check-prefix=NESTED
// RUN: not coopmlir-opt %s --pass-pipeline='builtin.module(cse' 2>&1 | filecheck %s --check-prefix=UNCLOSED
// RUN: not coopmlir-opt %s --pass-pipeline='builtin.module(lower-to-coopmat{stages=1)' 2>&1 | filecheck %s --check-prefix=BRACE
// RUN: not coopmlir-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | filecheck %s --check-prefix=UNKNOWN

// mlir-opt's --pass-pipeline: passes run in the order written; those nested
// in func.func(...) (or gpu.module, any) run on the whole module, as every
// coopmlir pass is a module pass. cse then canonicalize: one add is left.

// CHECK: func.func @f
// CHECK-COUNT-1: coopmat.add
// CHECK-NOT: coopmat.add
// NONE-COUNT-2: coopmat.add
func.func @f(%x: !coopmat.matrix<16x16xf32, acc>, %A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  %y = coopmat.add %x, %x : !coopmat.matrix<16x16xf32, acc>
  %z = coopmat.add %x, %x : !coopmat.matrix<16x16xf32, acc>
  "test.op"(%y, %z) : (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>) -> ()
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}

// Pass options as in --name="options": stages=1 stages A and B in workgroup memory.
// OPTIONS: gpu.module @f_kernels
// OPTIONS: memref.alloca() : memref<{{.*}}xf16, #gpu.address_space<workgroup>>

// ANCHOR: error: invalid pass pipeline 'func.func(cse)': the pipeline must be anchored on builtin.module(...), not 'func.func' at column 1
// NESTED: error: invalid pass pipeline 'builtin.module(spirv.module(cse))': 'spirv.module(...)' is not supported (coopmlir's passes are module passes; nest them in builtin.module, func.func, gpu.module, any) at column 16
// UNCLOSED: error: invalid pass pipeline 'builtin.module(cse': expected ')', found the end at column 19
// BRACE: error: invalid pass pipeline 'builtin.module(lower-to-coopmat{stages=1)': unbalanced '{' at column 32
// UNKNOWN: error: invalid pass pipeline 'no-such-pass': Unrecognized passes: ['no-such-pass']
