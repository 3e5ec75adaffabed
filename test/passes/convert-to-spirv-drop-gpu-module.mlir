// RUN: coopmlir-opt %s --convert-to-spirv=drop-gpu-module=true | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv=drop-gpu-module=true --no-implicit-module | filecheck %s --check-prefix=ALONE

// drop-gpu-module=true: once the spirv.module exists, the gpu.module and the
// host function that launches it go (its gpu.launch_func would name a
// symbol that is no longer there), and with them gpu.container_module. With
// --no-implicit-module the spirv.module is printed alone: the file
// `mlir-translate --no-implicit-module --serialize-spirv` takes as written.

// CHECK:      builtin.module {
// CHECK-NEXT:   spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
// CHECK:          spirv.EntryPoint "GLCompute" @copy
// CHECK:      }
// CHECK-NOT:  gpu.
// CHECK-NOT:  func.func

// ALONE:      spirv.module @__spv__kernels Logical Vulkan
// ALONE-NOT:  builtin.module
builtin.module attributes {gpu.container_module} {
  func.func @host(%a: memref<16x16xf16>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<16x16xf16>)
    func.return
  }
  gpu.module @kernels {
    gpu.func @copy(%a: memref<16x16xf16>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %i = arith.constant 0 : index
      %m = coopmat.load %a[%i, %i] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, acc>
      coopmat.store %m, %a[%i, %i] col_major : !coopmat.matrix<16x16xf16, acc>, memref<16x16xf16>
      gpu.return
    }
  }
}
