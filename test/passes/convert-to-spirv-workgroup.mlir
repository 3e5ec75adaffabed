// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=nv2" | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=auto target=h100-vulkan" | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=nv2" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: not coopmlir-opt %s --convert-to-spirv="coopmat=khr" 2>&1 | filecheck %s --check-prefix=KHR

// Workgroup-scope matrices (lower-to-coopmat scope=workgroup): Workgroup KHR
// matrices; every load and store, checked or not, is tensor-addressed: a
// layout with the memref's sizes (40x24), zero outside (Constant, clamp
// value 0), sliced at the indices to the matrix's size. No workgroup
// memory, no barriers, no bounds branches.

// CHECK:      spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixTensorAddressingNV, TensorAddressingNV], [SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2, SPV_NV_tensor_addressing]>
// CHECK-NOT:  Workgroup>
// CHECK:      spirv.func @k() "None"
// One layout and base pointer per memref, built in the prologue (static
// sizes); a slice per access.
// CHECK-DAG:    %[[C0:.*]] = spirv.Constant 0 : i32
// CHECK-DAG:    %[[C24:.*]] = spirv.Constant 24 : i32
// CHECK-DAG:    %[[C40:.*]] = spirv.Constant 40 : i32
// CHECK:        %[[L0:.*]] = spirv.NV.CreateTensorLayout : !spirv.NV.tensor_layout<2, Constant>
// CHECK-NEXT:   %[[L1:.*]] = spirv.NV.TensorLayoutSetDimension %[[L0]], %[[C40]], %[[C24]]
// CHECK-NEXT:   %[[LA:.*]] = spirv.NV.TensorLayoutSetClampValue %[[L1]], %[[C0]]
// CHECK-NEXT:   %[[PA:.*]] = spirv.AccessChain %{{.*}}[%[[C0]], %[[C0]]]
// CHECK-DAG:    %[[C32:.*]] = spirv.Constant 32 : i32
// CHECK-DAG:    %[[C16:.*]] = spirv.Constant 16 : i32
// CHECK:        %[[Z:.*]] = spirv.CompositeConstruct %{{.*}} : (f16) -> !spirv.coopmatrix<32x16xf16, Workgroup, MatrixAcc>
// CHECK-NEXT:   spirv.NV.CreateTensorLayout
// CHECK-NEXT:   spirv.NV.TensorLayoutSetDimension
// CHECK-NEXT:   %[[LC:.*]] = spirv.NV.TensorLayoutSetClampValue
// CHECK-NEXT:   %[[PC:.*]] = spirv.AccessChain
// CHECK-NEXT:   %[[S:.*]] = spirv.NV.TensorLayoutSlice %[[LA]], %[[I:.*]], %[[C32]], %[[I]], %[[C16]]
// CHECK-NEXT:   %[[M:.*]] = spirv.NV.CooperativeMatrixLoadTensor %[[PA]], %[[Z]], %[[S]] : !spirv.ptr<f16, StorageBuffer>, !spirv.NV.tensor_layout<2, Constant> -> !spirv.coopmatrix<32x16xf16, Workgroup, MatrixAcc>
// The unchecked store at (0, 0) is tensor-addressed too.
// CHECK-NEXT:   %[[T:.*]] = spirv.NV.TensorLayoutSlice %[[LC]], %[[C0]], %[[C32]], %[[C0]], %[[C16]]
// CHECK-NEXT:   spirv.NV.CooperativeMatrixStoreTensor %[[PC]], %[[M]], %[[T]] : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<32x16xf16, Workgroup, MatrixAcc>, !spirv.NV.tensor_layout<2, Constant>
// CHECK-NOT:    spirv.ControlBarrier
// CHECK:        spirv.Return

// KHR: convert-to-spirv-workgroup.mlir:[[# @LINE + 6]]:7: error: {{.*}}has workgroup scope, which needs coopmat=nv2 (VK_NV_cooperative_matrix2)
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<40x24xf16>, %C: memref<40x24xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %i = gpu.block_id x
      %m = coopmat.load %A[%i, %i] row_major checked(both) : memref<40x24xf16> -> !coopmat.matrix<32x16xf16, acc, workgroup>
      coopmat.store %m, %C[%c0, %c0] row_major : !coopmat.matrix<32x16xf16, acc, workgroup>, memref<40x24xf16>
      gpu.return
    }
  }
}
