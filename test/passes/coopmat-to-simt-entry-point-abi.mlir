// RUN: coopmlir-opt %s --coopmat-to-simt=subgroup-size=16 | filecheck %s
// RUN: coopmlir-opt %s --coopmat-to-simt=subgroup-size=16 | not grep coopmat

// Once applied, a layout leaves only its subgroup size, in MLIR's
// `spirv.entry_point_abi`: no `coopmat.layout` stays, so nothing of the
// coopmat dialect is left for mlir-opt to refuse. The pass option
// (subgroup-size=16) is the default only: own layouts come first.

// The kernel's own layout; known_block_size stays as it is.
// CHECK:      gpu.module @kernels {
// CHECK-NEXT:   gpu.func @own(%{{.*}}: memref<8x8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}
// An ABI already there keeps its other entries.
// CHECK:        gpu.func @merged(%{{.*}}: memref<8x8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1], subgroup_size = 8, target_width = 32>}
// A layout on the enclosing gpu.module: the module loses it, each function in
// it records the size.
// CHECK:      gpu.module @more {
// CHECK-NEXT:   gpu.func @enclosing(%{{.*}}: memref<8x8xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 16>}
// A matrix type's own layout gives the size where nothing encloses one.
// CHECK:      func.func @typed(%m: vector<8xf32>) -> vector<8xf32> attributes {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}
// The pass option's size where neither the function nor the types give one.
// CHECK:      func.func @from_option(%m: vector<4xf32>) -> vector<4xf32> attributes {spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 16>}
// A function without matrices or layouts gets no ABI.
// CHECK:      func.func @plain(%x: f32) -> f32 {
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @own(%mem: memref<8x8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
      %c0 = arith.constant 0 : index
      %m = coopmat.load %mem[%c0, %c0] row_major : memref<8x8xf32> -> !coopmat.matrix<8x8xf32, acc>
      coopmat.store %m, %mem[%c0, %c0] row_major : !coopmat.matrix<8x8xf32, acc>, memref<8x8xf32>
      gpu.return
    }
    gpu.func @merged(%mem: memref<8x8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1], target_width = 32>} {
      gpu.return
    }
  }
  gpu.module @more attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 16>} {
    gpu.func @enclosing(%mem: memref<8x8xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %c0 = arith.constant 0 : index
      %m = coopmat.load %mem[%c0, %c0] row_major : memref<8x8xf32> -> !coopmat.matrix<8x8xf32, acc>
      coopmat.store %m, %mem[%c0, %c0] row_major : !coopmat.matrix<8x8xf32, acc>, memref<8x8xf32>
      gpu.return
    }
  }
  func.func @typed(%m: !coopmat.matrix<8x8xf32, acc, #coopmat.layout<tinytc, subgroup = 8>>) -> !coopmat.matrix<8x8xf32, acc, #coopmat.layout<tinytc, subgroup = 8>> {
    %n = coopmat.neg %m : !coopmat.matrix<8x8xf32, acc, #coopmat.layout<tinytc, subgroup = 8>>
    func.return %n : !coopmat.matrix<8x8xf32, acc, #coopmat.layout<tinytc, subgroup = 8>>
  }
  func.func @from_option(%m: !coopmat.matrix<8x8xf32, acc>) -> !coopmat.matrix<8x8xf32, acc> {
    %n = coopmat.neg %m : !coopmat.matrix<8x8xf32, acc>
    func.return %n : !coopmat.matrix<8x8xf32, acc>
  }
  func.func @plain(%x: f32) -> f32 {
    func.return %x : f32
  }
}
