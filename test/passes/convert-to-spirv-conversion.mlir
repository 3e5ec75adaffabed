// RUN: coopmlir-opt %s --convert-to-spirv 2>/dev/null | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-bin 2>/dev/null | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv=coopmat=nv -t spirv-bin 2>/dev/null | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// Per-invocation vectors on any KHR device: to_vector is a cooperative store
// into the subgroup's workgroup-memory slot, a subgroup barrier and a read of
// the invocation's row (zeros beyond the row count); from_vector the reverse
// (invocation i writes column i of a B matrix, barrier, cooperative load).
// bitcast_array and extract_subarray work on the invocation's own array.
// extract/insert with a dynamic index go through a Function variable.

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf16>, %c: memref<16x16xf32>, %o: memref<32x12xf16>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %i = gpu.thread_id x
      %m = coopmat.load %a[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, a>
      %w = coopmat.to_vector %m : !coopmat.matrix<16x16xf16, a> -> vector<8xi32>
      %h = coopmat.bitcast_array %w : vector<8xi32> -> vector<16xf16>
      %s = coopmat.extract_subarray %h[%c8] : vector<16xf16> -> vector<8xf16>
      %t = coopmat.extract_subarray %h[%i] : vector<16xf16> -> vector<4xf16>
      vector.store %s, %o[%i, %c0] : memref<32x12xf16>, vector<8xf16>
      vector.store %t, %o[%i, %c8] : memref<32x12xf16>, vector<4xf16>
      %b = coopmat.from_vector %w : vector<8xi32> -> !coopmat.matrix<16x16xf16, b>
      %acc = coopmat.load %c[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %d = coopmat.mul_add %m, %b, %acc : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
      %x = coopmat.extract %d[%i] : !coopmat.matrix<16x16xf32, acc> -> f32
      %e = coopmat.insert %x, %d[%c0] : f32, !coopmat.matrix<16x16xf32, acc>
      coopmat.store %e, %c[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
      gpu.return
    }
  }
}

// CHECK:      spirv.GlobalVariable @k_matrix_scratch_f16 : !spirv.ptr<!spirv.array<256 x f16>, Workgroup>
// CHECK:      %[[CELL:.*]] = spirv.Variable : !spirv.ptr<!spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, Function>
// CHECK:      %[[ARRAY:.*]] = spirv.Variable : !spirv.ptr<!spirv.array<16 x f16>, Function>

// to_vector: barrier, cooperative store into the slot, barrier, own row.
// CHECK:      %[[M:.*]] = spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK-NEXT: %[[SLOT:.*]] = spirv.IMul
// CHECK-NEXT: spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK-NEXT: %[[P:.*]] = spirv.AccessChain
// CHECK-NEXT: spirv.KHR.CooperativeMatrixStore %[[P]], %[[M]], %{{.*}}, <RowMajor>, <NonPrivatePointer>
// CHECK-NEXT: spirv.ControlBarrier <Subgroup>, <Subgroup>
// CHECK-NEXT: %[[HOLDS:.*]] = spirv.ULessThan
// CHECK-NEXT: %[[ROW:.*]] = spirv.Select %[[HOLDS]], %{{.*}}, %{{.*}} : i1, i32
// CHECK:      spirv.Select %[[HOLDS]], %{{.*}}, %{{.*}} : i1, f16
// CHECK:      spirv.Bitcast %{{.*}} : vector<2xf16> to i32

// bitcast_array: one bitcast per 32-bit word.
// CHECK:      spirv.Bitcast %{{.*}} : i32 to vector<2xf16>

// extract_subarray with a dynamic start: through a Function array.
// CHECK:      spirv.Store "Function" %[[ARRAY]]

// from_vector: invocations below the column count write their column.
// CHECK:      spirv.ControlBarrier <Subgroup>, <Subgroup>
// CHECK:      spirv.mlir.selection {
// CHECK:        spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["NonPrivatePointer"] : f16
// CHECK:      spirv.ControlBarrier <Subgroup>, <Subgroup>
// CHECK-NEXT: spirv.AccessChain
// CHECK-NEXT: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>

// A dynamic extract: an AccessChain into the matrix held in a variable.
// CHECK:      spirv.Store "Function" %[[CELL]]
// CHECK-NEXT: %[[EP:.*]] = spirv.AccessChain %[[CELL]][%{{.*}}] : !spirv.ptr<!spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, Function>, i32 -> !spirv.ptr<f32, Function>
// CHECK-NEXT: spirv.Load "Function" %[[EP]] : f32
// CHECK:      spirv.CompositeInsert

// REMARK: convert-to-spirv-conversion.mlir:[[# @LINE - 44]]:7: remark: convert-to-spirv: 'coopmat.extract' becomes OpCompositeExtract (an OpAccessChain for a dynamic index): the element order of a KHR/NV matrix is the driver's, not coopmat.layout's
// REMARK: convert-to-spirv-conversion.mlir:[[# @LINE - 44]]:7: remark: convert-to-spirv: 'coopmat.insert' becomes OpCompositeInsert
