// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=staggered" | filecheck %s --check-prefixes=CHECK,STAGGERED
// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=block" | filecheck %s --check-prefixes=CHECK,BLOCK
// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=block" | coopmlir-opt | filecheck %s --check-prefixes=CHECK,BLOCK
// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=staggered attention-q=global" | filecheck %s --check-prefixes=CHECK,STAGGERED,RELOAD
// The default (attention.py `_prefetch_choices`): block at D < 128, with or
// without a causal mask, on a target without VK_NV_cooperative_matrix2 (the
// default target); one buffer (unrolled) with it.
// RUN: sed 's/, causal}/}/' %s | coopmlir-opt --lower-to-coopmat | filecheck %s --check-prefix=DEFAULT
// RUN: coopmlir-opt %s --lower-to-coopmat | filecheck %s --check-prefix=DEFAULT
// RUN: sed 's/, causal}/}/' %s | coopmlir-opt --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=SINGLE
// DEFAULT:     memref.alloca() : memref<2x64x24xf16, #gpu.address_space<workgroup>>
// DEFAULT-NEXT: memref.alloca() : memref<2x64x24xf16, #gpu.address_space<workgroup>>
// SINGLE:      memref.alloca() : memref<64x24xf16, #gpu.address_space<workgroup>>
// SINGLE-NEXT: memref.alloca() : memref<64x24xf16, #gpu.address_space<workgroup>>

// attention-prefetch (attention_kv_blocks.py): K and V get two workgroup
// buffers each, [2, block, D + pad], block j in buffer j % 2.
// CHECK:       gpu.func @attn_attention(%[[Q:[0-9]+]]: memref<2x32x16xf16>, %[[K:[0-9]+]]: memref<2x64x16xf16>, %[[V:[0-9]+]]: memref<2x64x16xf16>
// CHECK:         %[[KT:[0-9]+]] = memref.alloca() : memref<2x64x24xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VT:[0-9]+]] = memref.alloca() : memref<2x64x24xf16, #gpu.address_space<workgroup>>
// attention-q=global: no Q fragment is loaded before the key loops...
// RELOAD-NOT:    !coopmat.matrix<16x16xf16, a>
// The first block is copied before the key loops, then one barrier.
// CHECK:         vector.store %{{.*}}, %[[KT]]
// CHECK:         vector.store %{{.*}}, %[[VT]]
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.barrier
// CHECK-NEXT:  scf.for %[[KEY:[0-9]+]] =
// In a block: no barrier before the math; the next block (clamped to the
// last) is loaded from global memory first...
// CHECK-NEXT:    %[[NEXT:[0-9]+]] = arith.addi %[[KEY]],
// CHECK-NEXT:    %[[AT:[0-9]+]] = arith.minui %[[NEXT]],
// CHECK-NEXT:    %[[N:[0-9]+]] = arith.divui %[[NEXT]],
// CHECK-NEXT:    %[[OTHER:[0-9]+]] = arith.remui %[[N]],
// CHECK:         %[[KNEXT:[0-9]+]] = vector.load %[[K]][
// BLOCK:         %[[VNEXT:[0-9]+]] = vector.load %[[V]][
// ...then S = Q K^T from this block's buffer...
// CHECK:         %[[B:[0-9]+]] = arith.divui %[[KEY]],
// CHECK-NEXT:    %[[THIS:[0-9]+]] = arith.remui %[[B]],
// ...but in each block, before its product with K.
// RELOAD-NEXT:   coopmat.load %[[Q]][
// CHECK:         coopmat.load %[[KT]][%[[THIS]], %{{.*}}, %{{.*}}] col_major
// CHECK-NEXT:    coopmat.mul_add
// staggered: the next K goes to the other buffer, the next V is loaded.
// STAGGERED:     vector.store %[[KNEXT]], %[[KT]][%[[OTHER]],
// STAGGERED:     %[[VNEXT:[0-9]+]] = vector.load %[[V]][
// CHECK:         coopmat.reduce max rows
// ...then O += P V from this block's buffer; what is held is stored in the
// other buffer, and one barrier ends the block.
// CHECK:         coopmat.load %[[VT]][%[[THIS]], %{{.*}}, %{{.*}}] row_major
// CHECK-NEXT:    coopmat.mul_add
// BLOCK:         vector.store %[[KNEXT]], %[[KT]][%[[OTHER]],
// CHECK:         vector.store %[[VNEXT]], %[[VT]][%[[OTHER]],
// CHECK-NEXT:    vector.store %{{[0-9]+}}, %[[VT]][%[[OTHER]],
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    scf.yield

func.func @attn(%q: memref<2x32x16xf16>, %k: memref<2x64x16xf16>, %v: memref<2x64x16xf16>, %o: memref<2x32x16xf32>) {
  coopmlir.attention {scale = 0.25 : f32, causal} ins(%q, %k, %v : memref<2x32x16xf16>, memref<2x64x16xf16>, memref<2x64x16xf16>) outs(%o : memref<2x32x16xf32>)
  func.return
}
