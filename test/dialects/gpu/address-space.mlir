// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// MLIR's `#gpu.address_space<...>` memory spaces (dialects/gpu_subgroup.py),
// as MLIR's GPU and SPIR-V conversions write workgroup memory.

// CHECK-LABEL: func.func @spaces
// CHECK-SAME:    %[[W:.*]]: memref<16xf32, #gpu.address_space<workgroup>>
// CHECK-SAME:    %[[G:.*]]: memref<16xf32, #gpu.address_space<global>>
// CHECK-SAME:    %[[P:.*]]: memref<16xf32, #gpu.address_space<private>>
func.func @spaces(%w: memref<16xf32, #gpu.address_space<workgroup>>,
                  %g: memref<16xf32, #gpu.address_space<global>>,
                  %p: memref<16xf32, #gpu.address_space<private>>) {
  // CHECK: memref.alloca() : memref<4xf16, #gpu.address_space<workgroup>>
  %a = memref.alloca() : memref<4xf16, #gpu.address_space<workgroup>>
  "test.op"(%a) : (memref<4xf16, #gpu.address_space<workgroup>>) -> ()
  func.return
}
