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

// GELU as torch-mlir exports it in f32, `0.5 x (1 + erf(x / sqrt(2)))` and
// the tanh form: no erf, tanh or division by sqrt(2) is left. The erf
// form is erfc(-u) = 2^P(|x|) with 1 / sqrt(2) folded into P's
// coefficients (the first, -2 log2(e) / sqrt(pi) / sqrt(2)) and GELU's 0.5
// into its constant term (-1); the tanh form
// one exp2 of x (B + A x^2), B = -2 log2(e) sqrt(2 / pi) as torch writes it.
// RUN: coopmlir-opt %S/Inputs/linear-gelu.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=GELU
// GELU:          gpu.func @forward_loop_1(
// GELU-DAG:        %[[C1:.*]] = arith.constant -1.15110{{[0-9]*}} : f32
// GELU-DAG:        %[[MINUS_ONE:.*]] = arith.constant -1.000000e+00 : f32
// GELU:            %[[X:.*]] = arith.addf
// GELU-NEXT:       %[[A:.*]] = math.absf %[[X]] : f32
// GELU-COUNT-6:    math.fma
// GELU-NEXT:       %[[R:.*]] = math.fma %{{.*}}, %[[A]], %[[C1]] : f32
// GELU-NEXT:       math.fma %[[R]], %[[A]], %[[MINUS_ONE]] : f32
// GELU-NEXT:       math.exp2
// GELU-NOT:        arith.divf
// GELU-NOT:        math.erf
// GELU:            gpu.return
// RUN: coopmlir-opt %S/Inputs/linear-gelu-tanh.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=GELUT
// GELUT:         gpu.func @forward_loop_1(
// GELUT-DAG:       %[[B:.*]] = arith.constant -2.30{{[0-9]*}} : f32
// GELUT:           %[[X:.*]] = arith.addf
// GELUT-NEXT:      %[[X2:.*]] = arith.mulf %[[X]], %[[X]] : f32
// GELUT-NEXT:      %[[F:.*]] = math.fma %[[X2]], %{{.*}}, %[[B]] : f32
// GELUT-NEXT:      %[[ARG:.*]] = arith.mulf %[[F]], %[[X]] : f32
// GELUT-NEXT:      math.exp2 %[[ARG]] : f32
// GELUT-NOT:       math.tanh
// GELUT:           gpu.return

// The f16 exports' activations are computed in f32 and rounded once, as
// PyTorch computes them (activation_precision.py): the linear layer's
// result is rounded to f16 (as PyTorch's is), then widened. The erf form
// computes sqrt(2) and divides by it in the body, per element: both fold
// into P, no division left; the tanh form is the f32 one, and 0.5 x times
// 2 / (1 + e) is one division.
// RUN: coopmlir-opt %S/Inputs/linear-gelu-f16.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=GELU16
// GELU16:        %[[R:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// GELU16-NEXT:   coopmat.convert %[[R]] : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf32, acc>
// GELU16-NOT:    coopmat.div
// GELU16-NOT:    math.sqrt
// GELU16:        coopmat.length
// GELU16:          math.absf %{{.*}} : f32
// GELU16-COUNT-8:  math.fma
// GELU16-NEXT:     math.exp2 %{{.*}} : f32
// GELU16-NOT:      arith.divf
// GELU16-NOT:      : f16
// GELU16:        coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// GELU16:        gpu.return
// RUN: coopmlir-opt %S/Inputs/linear-gelu-tanh-f16.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=GELUT16
// GELUT16:       coopmat.length
// GELUT16-NEXT:  scf.for
// GELUT16-NEXT:    %[[X2:.*]] = coopmat.extract
// GELUT16-NEXT:    %[[X:.*]] = coopmat.extract
// GELUT16-NEXT:    %[[F:.*]] = math.fma %[[X2]], %{{.*}}, %{{.*}} : f32
// GELUT16-NEXT:    %[[ARG:.*]] = arith.mulf %[[F]], %[[X]] : f32
// GELUT16-NEXT:    %[[E:.*]] = math.exp2 %[[ARG]] : f32
// GELUT16-NEXT:    %[[D:.*]] = arith.addf %[[E]], %{{.*}} : f32
// GELUT16-NEXT:    %[[G:.*]] = arith.divf %[[X]], %[[D]] : f32
// GELUT16-NEXT:    coopmat.insert %[[G]]
// GELUT16-NOT:   math.tanh

// torch-mlir exports F.softplus (and F.mish) with math.log1p, which GLSL
// lacks: it is expanded (log1p_expm1.py), log1p(x) = 2 s (1 + s^2 P(s^2))
// with s = x / (2 + x) near 0, log(1 + x) elsewhere, fused into the
// product's epilogue and computed in f32.
// RUN: coopmlir-opt %S/Inputs/linear-softplus-f16.mlir --lower-to-coopmat 2>/dev/null | filecheck %s --check-prefix=SOFTPLUS
// SOFTPLUS:        coopmat.length
// SOFTPLUS:          %[[E:.*]] = math.exp %{{.*}} : f32
// SOFTPLUS-NEXT:     %[[D:.*]] = arith.addf %{{.*}}, %[[E]] : f32
// SOFTPLUS-NEXT:     %[[S:.*]] = arith.divf %[[E]], %[[D]] : f32
// SOFTPLUS-COUNT-3:  math.fma
// SOFTPLUS:          math.log %{{.*}} : f32
// SOFTPLUS-NOT:      math.log1p
// SOFTPLUS:        gpu.return
// RUN: coopmlir-opt %S/Inputs/linear-mish.mlir --lower-to-coopmat=target=h100-vulkan 2>/dev/null | filecheck %s --check-prefix=MISH
// MISH:            gpu.func @forward(
// MISH-NOT:        math.log1p
// MISH:            math.log %{{.*}} : f32
// MISH:            gpu.return

// An f32 model on the default target: the products have no f32 cooperative
// matrix there and become loop kernels, with a remark that says so.
// RUN: coopmlir-opt %S/Inputs/linear-relu.mlir --lower-to-coopmat 2>&1 >/dev/null | filecheck %s --check-prefix=F32
// F32:          linear-relu.mlir:12:5: remark: lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on generic
