// A B^T in f16 -> f32 (nn.Linear's layout, both operands K-contiguous): K
// tiles of 32 f16 stage both in rows of 64 bytes, which the H200 reads
// slower than rows of a cache line (tiling.SHORT_ROW_EFFICIENCY, twice);
// K tiles of 64 in 128x128 workgroups of 2x4 subgroups are candidates too
// (tiling._tile_ks) and win where they were measured faster: GPT-2's fc2
// (K = 3072), not fc1 (K = 768: the fixed cost per tile of 12 K tiles).
// test/python/passes/lower_to_coopmat/test_deep_k.py runs such a kernel.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" -o /dev/null 2>&1 | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=IR
// The kernels: 256 work-items (2x4 subgroups) for fc2, staging 128x64
// tiles of A and B (rows of 64 f16, padded by 8); 128 (2x2) for fc1.
// IR:      gpu.func @fc2(
// IR-SAME: known_block_size = array<i32: 256, 1, 1>
// IR:      memref.alloca() : memref<128x72xf16, #gpu.address_space<workgroup>>
// IR:      gpu.func @fc1(
// IR-SAME: known_block_size = array<i32: 128, 1, 1>
// IR:      memref.alloca() : memref<128x40xf16, #gpu.address_space<workgroup>>
// CHECK:      8192x768x3072 f16*f16^T->f32: tile=128x128x64 subgroups=2x4 mma=16x16x16 stages=2
// CHECK-NOT:  staged rows
// CHECK-SAME: predicted efficiency
// CHECK:      8192x3072x768 f16*f16^T->f32: tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=2
// CHECK-SAME: staged rows under 128 bytes 81%;
// A B (only A K-contiguous) as well: fc2 stored K x N takes the same tile
// (0.174 -> 0.140 ms on the H200, bench/RESULTS.md "Eighteenth session").
// CHECK:      8192x768x3072 f16*f16->f32: tile=128x128x64 subgroups=2x4 mma=16x16x16 stages=2
// CHECK-NOT:  staged rows
// CHECK-SAME: predicted efficiency
func.func @fc2(%x: memref<8192x3072xf16>, %w: memref<768x3072xf16>, %y: memref<8192x768xf32>) {
  linalg.matmul_transpose_b ins(%x, %w : memref<8192x3072xf16>, memref<768x3072xf16>) outs(%y : memref<8192x768xf32>)
  func.return
}

func.func @fc1(%x: memref<8192x768xf16>, %w: memref<3072x768xf16>, %y: memref<8192x3072xf32>) {
  linalg.matmul_transpose_b ins(%x, %w : memref<8192x768xf16>, memref<3072x768xf16>) outs(%y : memref<8192x3072xf32>)
  func.return
}

func.func @fc2_kn(%x: memref<8192x3072xf16>, %w: memref<3072x768xf16>, %y: memref<8192x768xf32>) {
  linalg.matmul ins(%x, %w : memref<8192x3072xf16>, memref<3072x768xf16>) outs(%y : memref<8192x768xf32>)
  func.return
}
