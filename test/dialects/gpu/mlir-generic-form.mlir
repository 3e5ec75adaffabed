// RUN: coopmlir-opt %s | filecheck %s
// RUN: coopmlir-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: coopmlir-opt %s --mlir-print-op-generic | coopmlir-opt | filecheck %s

// What `mlir-opt-22 --mlir-print-op-generic` prints for an L2 kernel: MLIR 22
// has `gpu.kernel` as a discardable unit attribute, `known_block_size` as a
// property and `workgroup_attributions = 0`; `arith.trunci` has overflow
// flags. xDSL 0.74 has the property `kernel`, the attribute
// `gpu.known_block_size` and no flags on trunci: coopmlir reads MLIR's
// spelling and writes it back in the generic form (dialects/gpu_syntax.py,
// dialects/arith_syntax.py).

"builtin.module"() ({
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = (memref<8xi32>) -> (), known_block_size = array<i32: 8, 1, 1>}> ({
    ^bb0(%arg0: memref<8xi32>):
      %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
      %1 = "memref.load"(%arg0, %0) <{nontemporal = false}> : (memref<8xi32>, index) -> i32
      %2 = "arith.trunci"(%1) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
      "test.op"(%2) : (i8) -> ()
      "gpu.return"() : () -> ()
    }) {gpu.kernel, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>, sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
  }) : () -> ()
}) {gpu.container_module} : () -> ()

// CHECK:      gpu.func @k(%{{.*}}: memref<8xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>, known_block_size = array<i32: 8, 1, 1>} {
// CHECK-NEXT:   %[[X:.*]] = gpu.thread_id x
// CHECK:        arith.trunci %{{.*}} : i32 to i8

// GENERIC:      "gpu.func"() <{function_type = (memref<8xi32>) -> (), known_block_size = array<i32: 8, 1, 1>}> ({
// GENERIC:        "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// GENERIC:        "arith.trunci"(%{{.*}}) : (i32) -> i8
// GENERIC:      }) {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>, sym_name = "k", gpu.kernel} : () -> ()
