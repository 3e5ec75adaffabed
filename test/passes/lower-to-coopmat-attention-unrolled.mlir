// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=unrolled" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=unrolled" | coopmlir-opt | filecheck %s
// The default with VK_NV_cooperative_matrix2 (attention.py `_prefetch_choices`).
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" | filecheck %s

// attention-prefetch=unrolled (attention_kv_blocks.py): one workgroup buffer
// each for K and V, copied between two barriers at the start of every block
// as with `none`, but with no loop over the work-item's chunks: all of K's
// and V's loads are issued before the first store, so they are in flight
// together (the loop waited on memory once per chunk).
// CHECK:       gpu.func @attn_attention(%[[Q:[0-9]+]]: memref<2x32x16xf16>, %[[K:[0-9]+]]: memref<2x64x16xf16>, %[[V:[0-9]+]]: memref<2x64x16xf16>
// CHECK:         %[[KT:[0-9]+]] = memref.alloca() : memref<64x24xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VT:[0-9]+]] = memref.alloca() : memref<64x24xf16, #gpu.address_space<workgroup>>
// CHECK:         scf.for %[[KEY:[0-9]+]] =
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       scf.for
// CHECK-NOT:       vector.store
// CHECK:           %[[K0:[0-9]+]] = vector.load %[[K]][
// CHECK-NOT:       scf.for
// CHECK-NOT:       vector.store
// CHECK:           %[[K1:[0-9]+]] = vector.load %[[K]][
// CHECK-NEXT:      %[[V0:[0-9]+]] = vector.load %[[V]][
// CHECK-NEXT:      %[[V1:[0-9]+]] = vector.load %[[V]][
// CHECK-NEXT:      vector.store %[[K0]], %[[KT]][
// CHECK-NEXT:      vector.store %[[K1]], %[[KT]][
// CHECK-NEXT:      vector.store %[[V0]], %[[VT]][
// CHECK-NEXT:      vector.store %[[V1]], %[[VT]][
// CHECK-NEXT:      gpu.barrier
// CHECK:           coopmat.load %[[KT]][%{{.*}}, %{{.*}}] col_major
// CHECK:           coopmat.load %[[VT]][%{{.*}}, %{{.*}}] row_major

func.func @attn(%q: memref<2x32x16xf16>, %k: memref<2x64x16xf16>, %v: memref<2x64x16xf16>, %o: memref<2x32x16xf32>) {
  coopmlir.attention {scale = 0.25 : f32, causal} ins(%q, %k, %v : memref<2x32x16xf16>, memref<2x64x16xf16>, memref<2x64x16xf16>) outs(%o : memref<2x32x16xf32>)
  func.return
}
