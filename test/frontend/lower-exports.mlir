// Unedited torch-mlir exports (Inputs/, README.md) through lower-to-coopmat
// (issue 25): weights as constant globals, the f16 products on cooperative
// matrices with f32 accumulators, every other linalg op a kernel: no linalg
// op is left in host code. Runs where torch is absent.

// RUN: coopmlir-opt %S/Inputs/mlp-f16.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=MLP
// MLP:           memref.global "private" constant @__constant_32x16xf16 : memref<32x16xf16> = dense_resource<torch_tensor_32_16_torch.float16>
// MLP:         func.func @forward(%arg0: memref<8x16xf16>, %C: memref<8x8xf16>) {
// MLP-NOT:       linalg.
// MLP-COUNT-2:   gpu.launch_func
// MLP-NOT:       linalg.
// MLP-NOT:       gpu.launch_func
// MLP:           func.return
// MLP:           coopmat.mul_add {{.*}} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>

// RUN: coopmlir-opt %S/Inputs/gpt2-block-f16.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=GPT2
// GPT2:         func.func @forward(%arg0: memref<1x16x32xf16>, %C: memref<1x16x32xf16>) {
// GPT2-NOT:       linalg.
// GPT2:           func.return
// GPT2:           coopmat.mul_add {{.*}} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>

// RUN: coopmlir-opt %S/Inputs/resnet-block-f16.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=RESNET
// RESNET:       func.func @forward(
// RESNET-NOT:     linalg.
// RESNET:         func.return
// RESNET:         coopmat.mul_add {{.*}} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>

// An f32 model on the default target: the products have no f32 cooperative
// matrix there and become loop kernels, with a remark that says so.
// RUN: coopmlir-opt %S/Inputs/linear-relu.mlir --lower-to-coopmat 2>&1 >/dev/null | filecheck %s --check-prefix=F32
// F32:          linear-relu.mlir:12:5: remark: lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on generic
