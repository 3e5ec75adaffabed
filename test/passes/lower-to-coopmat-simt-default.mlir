// Without kernel=, the target picks the kernel of a matmul that runs as SIMT
// code (Target.simt_kernel): the register-tiled kernel on h100-vulkan (no f32
// matrix units), the fragment kernel (through coopmat-to-simt) on lavapipe.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=GPU
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe" | filecheck %s --check-prefix=CPU
// kernel= overrides the target's choice.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe kernel=simt-tiled" | filecheck %s --check-prefix=OVERRIDE
// explain=true says which kernel and why.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" 2>&1 >/dev/null | filecheck %s --check-prefix=EXPLAIN-GPU
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe explain=true" 2>&1 >/dev/null | filecheck %s --check-prefix=EXPLAIN-CPU

// GPU-LABEL: gpu.func @f32(
// GPU-NOT:     coopmat.
// GPU:         memref.alloca() : memref<8x{{[0-9]+}}xf32, #gpu.address_space<workgroup>>
// GPU:         vector.fma
// GPU-NOT:     coopmat.
// GPU:         gpu.return
// OVERRIDE-LABEL: gpu.func @f32(
// OVERRIDE-NOT:     coopmat.
// OVERRIDE:         vector.fma
// CPU-LABEL: gpu.func @f32(
// CPU:         coopmat.mul_add
// EXPLAIN-GPU: remark: lower-to-coopmat: 256x256x128 f32*f32->f32: kernel=simt-tiled tile=64x64x8 micro-tile=8x8 on h100-vulkan: {{.*}}; kernel=simt-tiled: h100-vulkan's choice (kernel= overrides)
// EXPLAIN-CPU: remark: lower-to-coopmat: 256x256x128 f32*f32->f32: tile={{.*}} on lavapipe: {{.*}}; kernel=fragments: lavapipe's choice (kernel= overrides)
func.func @f32(%A: memref<256x128xf32>, %B: memref<128x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf32>, memref<128x256xf32>) outs(%C : memref<256x256xf32>)
  func.return
}

// f16 -> f32 runs on h100-vulkan's matrix units: the fragment kernel, and
// explain adds nothing about the SIMT kernel.
// GPU-LABEL: gpu.func @f16_f32(
// GPU:         coopmat.mul_add
// EXPLAIN-GPU: remark: lower-to-coopmat: 256x256x128 f16*f16->f32: tile={{.*}}predicted efficiency {{[0-9.]+}}%{{$}}
func.func @f16_f32(%A: memref<256x128xf16>, %B: memref<128x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x128xf16>, memref<128x256xf16>) outs(%C : memref<256x256xf32>)
  func.return
}
