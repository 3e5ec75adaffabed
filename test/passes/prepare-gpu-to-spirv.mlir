// RUN: coopmlir-opt %s --prepare-gpu-to-spirv | filecheck %s
// MLIR 22's convert-gpu-to-spirv of this output, and of the examples' L2,
// runs in test/python/pipeline/test_l2_through_mlir.py.

// A small SIMT kernel (subgroup of 8) as coopmat-to-simt writes them.
// The target env on the gpu.module carries the subgroup size (the width
// MLIR lowers gpu.shuffle at); the kernel's ABI gets its workgroup size.
// CHECK-LABEL: gpu.module @k attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformShuffle, Float16, Int8, Int16, StorageBuffer16BitAccess, StorageBuffer8BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage, SPV_KHR_8bit_storage]>, #spirv.resource_limits<subgroup_size = 8>>}
// CHECK-NEXT: gpu.func @f(%{{.*}}: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1], subgroup_size = 8>}
// Workgroup memory: a memref.alloc in memory space 3 (MLIR's number).
// CHECK-NEXT: %[[S:.*]] = memref.alloc() : memref<8x4xf32, 3 : i64>
// A vector.load of 2 components: one memref.load per element, at the last
// index plus the component.
// CHECK:      %[[L:.*]] = gpu.lane_id
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C1:.*]] = arith.addi %[[C0:.*]], %[[ONE]] : index
// CHECK-NEXT: %[[X0:.*]] = memref.load %{{.*}}[%[[L]], %[[C0]]] : memref<8x16xf32>
// CHECK-NEXT: %[[X1:.*]] = memref.load %{{.*}}[%[[L]], %[[C1]]] : memref<8x16xf32>
// The shuffle, per component; the loop carries both components; vector.fma
// becomes math.fma.
// CHECK:      %[[Y0:.*]], %{{.*}} = gpu.shuffle idx %[[X0]], %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[Y1:.*]], %{{.*}} = gpu.shuffle idx %[[X1]], %{{.*}}, %{{.*}} : f32
// CHECK:      %[[R0:.*]], %[[R1:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}) -> (f32, f32) {
// CHECK-NEXT:   %[[F0:.*]] = math.fma %[[Y0]], %[[Y0]], %[[A0]] : f32
// CHECK-NEXT:   %[[F1:.*]] = math.fma %[[Y1]], %[[Y1]], %[[A1]] : f32
// CHECK-NEXT:   scf.yield %[[F0]], %[[F1]] : f32, f32
// CHECK-NEXT: }
// Element 1 at a constant position is just that component; a dynamic
// position selects.
// CHECK-NEXT: memref.store %[[R1]], %[[S]][%[[L]], %[[C0]]] : memref<8x4xf32, 3 : i64>
// CHECK-NEXT: %[[K1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[L]], %[[K1]] : index
// CHECK-NEXT: %[[D:.*]] = arith.select %[[EQ]], %[[R1]], %[[R0]] : f32
// CHECK-NEXT: memref.store %[[D]], %[[S]][%[[L]], %{{.*}}]
// CHECK-NOT:  vector
builtin.module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>} {
      %s = memref.alloca() : memref<8x4xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %lane = gpu.lane_id
      %x = vector.load %a[%lane, %c0] : memref<8x16xf32>, vector<2xf32>
      %w = arith.constant 8 : i32
      %o = arith.constant 1 : i32
      %y, %valid = gpu.shuffle idx %x, %o, %w : vector<2xf32>
      %zero = arith.constant dense<0.000000e+00> : vector<2xf32>
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<2xf32>) {
        %f = vector.fma %y, %y, %acc : vector<2xf32>
        scf.yield %f : vector<2xf32>
      }
      %e = vector.extract %r[1] : f32 from vector<2xf32>
      memref.store %e, %s[%lane, %c0] : memref<8x4xf32, #gpu.address_space<workgroup>>
      %d = vector.extract %r[%lane] : f32 from vector<2xf32>
      memref.store %d, %s[%lane, %c1] : memref<8x4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      gpu.return
    }
  }
}

// Private memory (coopmat-to-simt's k loop keeps A and B there): a
// memref.alloca in memory space 6, MLIR's Vulkan number for Function; the
// vector.store of 8 components becomes one memref.store each.
// CHECK-LABEL: gpu.module @p
// CHECK:      %[[P:.*]] = memref.alloca() : memref<8xf32, 6 : i64>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK:      %[[X0:.*]] = memref.load %a[%[[Z]]] : memref<8xf32>
// CHECK:      memref.store %[[X0]], %[[P]][%[[Z]]] : memref<8xf32, 6 : i64>
// CHECK-COUNT-7: memref.store %{{.*}}, %[[P]][%{{.*}}] : memref<8xf32, 6 : i64>
// CHECK-NEXT: %[[X:.*]] = memref.load %[[P]][%k] : memref<8xf32, 6 : i64>
// CHECK-NEXT: memref.store %[[X]], %a[%[[Z]]] : memref<8xf32>
builtin.module attributes {gpu.container_module} {
  gpu.module @p {
    gpu.func @f(%a: memref<8xf32>, %k: index) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %p = memref.alloca() : memref<8xf32, #gpu.address_space<private>>
      %c0 = arith.constant 0 : index
      %v = vector.load %a[%c0] : memref<8xf32>, vector<8xf32>
      vector.store %v, %p[%c0] : memref<8xf32, #gpu.address_space<private>>, vector<8xf32>
      %x = memref.load %p[%k] : memref<8xf32, #gpu.address_space<private>>
      memref.store %x, %a[%c0] : memref<8xf32>
      gpu.return
    }
  }
}
