// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=16x16x32 subgroups=1x1 stages=0" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan explain=true" -o /dev/null 2>&1 | filecheck %s --check-prefix=EXPLAIN

// Integer matmuls read their operands as signed (MLIR's default cast) or
// unsigned (cast_unsigned): coopmat.mul_add carries SPIR-V's signedness flags.

// CHECK-LABEL: gpu.func @signed(
// CHECK:         coopmat.load %{{.*}} : memref<32x64xi8> -> !coopmat.matrix<16x32xi8, a>
// CHECK:         coopmat.load %{{.*}} : memref<64x16xi8> -> !coopmat.matrix<32x16xi8, b>
// CHECK:         coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} {a_signed, b_signed, c_signed, result_signed} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x16xi8, b> -> !coopmat.matrix<16x16xi32, acc>
// EXPLAIN: lower-to-coopmat-types.mlir:[[# @LINE + 2]]:3: remark: lower-to-coopmat: 32x16x64 s8*s8->s32: tile={{[0-9x]+}} subgroups={{[0-9x]+}} mma=16x8x32 stages=1 on h100-vulkan: 1 tiles in 1 wave(s) of 132 (tail 0); tile quantization 100.0%, wave quantization 0.8%, {{.*}}; predicted efficiency {{[0-9.]+}}%
func.func @signed(%A: memref<32x64xi8>, %B: memref<64x16xi8>, %C: memref<32x16xi32>) {
  linalg.matmul ins(%A, %B : memref<32x64xi8>, memref<64x16xi8>) outs(%C : memref<32x16xi32>)
  func.return
}

// -----

// CHECK-LABEL: gpu.func @unsigned(
// CHECK:         coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x16xi8, b> -> !coopmat.matrix<16x16xi32, acc>
// EXPLAIN: remark: lower-to-coopmat: 32x16x64 u8*u8->u32:
func.func @unsigned(%A: memref<32x64xi8>, %B: memref<64x16xi8>, %C: memref<32x16xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<32x64xi8>, memref<64x16xi8>) outs(%C : memref<32x16xi32>)
  func.return
}

// -----

// CHECK-LABEL: gpu.func @bf16(
// CHECK:         coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x16xbf16, a>, !coopmat.matrix<16x16xbf16, b> -> !coopmat.matrix<16x16xf32, acc>
// EXPLAIN: remark: lower-to-coopmat: 32x16x64 bf16*bf16->f32:
func.func @bf16(%A: memref<32x64xbf16>, %B: memref<64x16xbf16>, %C: memref<32x16xf32>) {
  linalg.matmul ins(%A, %B : memref<32x64xbf16>, memref<64x16xbf16>) outs(%C : memref<32x16xf32>)
  func.return
}
