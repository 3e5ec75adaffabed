// RUN: coopmlir-opt %s --convert-to-spirv="qcom-conversion=true" 2>/dev/null | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv="qcom-conversion=true" -t spirv-bin 2>/dev/null | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv="qcom-conversion=true" -t spirv-bin 2>/dev/null | spirv-dis - | filecheck %s --check-prefix=DIS
// RUN: not coopmlir-opt %s --convert-to-spirv="coopmat=nv qcom-conversion=true" 2>&1 | filecheck %s --check-prefix=NV
// RUN: coopmlir-opt %s --convert-to-spirv 2>/dev/null | filecheck %s --check-prefix=DEFAULT

// convert-to-spirv="qcom-conversion=true": from_vector/to_vector/bitcast_array/
// extract_subarray become the SPV_QCOM_cooperative_matrix_conversion
// instructions (no workgroup-memory slot, no barrier). They take OpTypeArray:
// 2-4 element values, SPIR-V vectors elsewhere in the lowering, are rebuilt
// as arrays around them. spirv-val (SPIRV-Tools 2025.5) validates them; no
// device here has VK_QCOM_cooperative_matrix_conversion, so nothing runs them.

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf16>, %c: memref<16x16xf32>, %o: memref<32x12xf16>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c4 = arith.constant 4 : index
      %i = gpu.thread_id x
      %m = coopmat.load %a[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, a>
      %w = coopmat.to_vector %m : !coopmat.matrix<16x16xf16, a> -> vector<8xi32>
      %h = coopmat.bitcast_array %w : vector<8xi32> -> vector<16xf16>
      %s = coopmat.extract_subarray %h[%c8] : vector<16xf16> -> vector<8xf16>
      %t = coopmat.extract_subarray %h[%c4] : vector<16xf16> -> vector<4xf16>
      vector.store %s, %o[%i, %c0] : memref<32x12xf16>, vector<8xf16>
      vector.store %t, %o[%i, %c8] : memref<32x12xf16>, vector<4xf16>
      %b = coopmat.from_vector %w : vector<8xi32> -> !coopmat.matrix<16x16xf16, b>
      %acc = coopmat.load %c[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %d = coopmat.mul_add %m, %b, %acc : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
      %r = coopmat.to_vector %d : !coopmat.matrix<16x16xf32, acc> -> vector<16xf32>
      %e = coopmat.from_vector %r : vector<16xf32> -> !coopmat.matrix<16x16xf32, acc>
      coopmat.store %e, %c[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
      gpu.return
    }
  }
}

// CHECK:      spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixConversionQCOM], [SPV_KHR_cooperative_matrix, SPV_QCOM_cooperative_matrix_conversion]> {
// CHECK-NOT:  spirv.GlobalVariable @k_matrix_scratch
// CHECK:      %[[M:.*]] = spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK-NEXT: %[[W:.*]] = spirv.QCOM.CompositeExtractCoopMat %[[M]] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA> -> !spirv.array<8 x i32>
// CHECK-NEXT: %[[H:.*]] = spirv.QCOM.BitCastArray %[[W]] : !spirv.array<8 x i32> -> !spirv.array<16 x f16>
// CHECK-NEXT: %{{.*}} = spirv.QCOM.ExtractSubArray %[[H]][%{{.*}}] : !spirv.array<16 x f16>, i32 -> !spirv.array<8 x f16>
// 4 elements: the array result is rebuilt as a SPIR-V vector.
// CHECK-NEXT: %[[T:.*]] = spirv.QCOM.ExtractSubArray %[[H]][%{{.*}}] : !spirv.array<16 x f16>, i32 -> !spirv.array<4 x f16>
// CHECK-NEXT: spirv.CompositeExtract %[[T]][0 : i32] : !spirv.array<4 x f16>
// CHECK:      spirv.CompositeConstruct {{.*}} : (f16, f16, f16, f16) -> vector<4xf16>
// CHECK-NOT:  spirv.ControlBarrier
// CHECK:      %[[B:.*]] = spirv.QCOM.CompositeConstructCoopMat %[[W]] : !spirv.array<8 x i32> -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK:      spirv.KHR.CooperativeMatrixMulAdd
// CHECK-NEXT: %[[R:.*]] = spirv.QCOM.CompositeExtractCoopMat %{{.*}} : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.array<16 x f32>
// CHECK-NEXT: spirv.QCOM.CompositeConstructCoopMat %[[R]] : !spirv.array<16 x f32> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>

// DIS:      OpCapability CooperativeMatrixConversionQCOM
// DIS:      OpExtension "SPV_QCOM_cooperative_matrix_conversion"
// DIS:      OpCompositeExtractCoopMatQCOM %_arr_uint_uint_8
// DIS-NEXT: OpBitCastArrayQCOM %_arr_half_uint_16
// DIS-NEXT: OpExtractSubArrayQCOM %_arr_half_uint_8 {{%[0-9]+}} %uint_8
// DIS-NEXT: OpExtractSubArrayQCOM %_arr_half_uint_4 {{%[0-9]+}} %uint_4
// DIS:      OpCompositeConstructCoopMatQCOM
// DIS:      OpCompositeExtractCoopMatQCOM %_arr_float_uint_16
// DIS-NEXT: OpCompositeConstructCoopMatQCOM

// NV: error: convert-to-spirv: qcom-conversion=true needs coopmat=khr

// The default stays the workgroup-memory round trip.
// DEFAULT:     spirv.GlobalVariable @k_matrix_scratch_f16
// DEFAULT-NOT: spirv.QCOM
