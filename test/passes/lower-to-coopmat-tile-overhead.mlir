// tile-overhead=N: the cost model's fixed cost per tile (N K tiles) where an
// SM holds one workgroup of the tile. h100-vulkan's default is 9 (fitted on
// an H200): 24 K tiles cannot amortize 9 more, so the tile two of whose
// 4-subgroup workgroups fit an SM wins; 64 K tiles of 64 do (the
// 128x128x64 tile of 2x4 subgroups, each K tile two of the fitted 64-byte
// ones, is rated 64 / (64 + 4.5) of its speed and kept). pretranspose=none
// keeps A as stored (by default the 4096^3 product reads a K x M copy).
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true pretranspose=none" -o /dev/null 2>&1 | filecheck %s --check-prefix=NINE
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true tile-overhead=9 pretranspose=none" -o /dev/null 2>&1 | filecheck %s --check-prefix=NINE
// NINE:      8192x3072x768 f16*f16->f32: tile=128x128x32 subgroups=2x2
// NINE-NOT:  prologue and epilogue
// NINE:      4096x4096x4096 f16*f16->f32: tile=128x128x64 subgroups=2x4
// NINE-SAME: one workgroup per compute unit over 64 K tiles: prologue and epilogue 93%

// tile-overhead=0: none; GPT-2's MLP product (K = 768) takes the
// 8-subgroup tile in K tiles of 64, which reads A (8192x768, K-contiguous)
// in rows of 128 bytes (tiling.SHORT_ROW_EFFICIENCY: no 90%).
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true tile-overhead=0 pretranspose=none" -o /dev/null 2>&1 | filecheck %s
// CHECK:     8192x3072x768 f16*f16->f32: tile=128x128x64 subgroups=2x4
// CHECK-NOT: prologue and epilogue
// CHECK-NOT: staged rows
// CHECK-SAME: predicted efficiency 97.0%
// CHECK:     4096x4096x4096 f16*f16->f32: tile=128x128x64 subgroups=2x4
// CHECK-NOT: prologue and epilogue
// CHECK-SAME: predicted efficiency 97.0%

// The kernels as printed: 128 work-items (2x2 subgroups) for the K = 768
// product, 256 (2x4) for the long one.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan pretranspose=none" | filecheck %s --check-prefix=IR
// IR: gpu.func @mlp({{.*}}) kernel attributes {known_block_size = array<i32: 128, 1, 1>
// IR: gpu.func @long_k({{.*}}) kernel attributes {known_block_size = array<i32: 256, 1, 1>

// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan tile-overhead=-1" 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: lower-to-coopmat: tile-overhead=-1 must be 0 (none) or more K tiles

func.func @mlp(%A: memref<8192x768xf16>, %B: memref<768x3072xf16>, %C: memref<8192x3072xf32>) {
  linalg.matmul ins(%A, %B : memref<8192x768xf16>, memref<768x3072xf16>) outs(%C : memref<8192x3072xf32>)
  func.return
}

func.func @long_k(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  func.return
}
