// torch-mlir's exports of attention (issue 26 part 1): what
// F.scaled_dot_product_attention becomes (batch matmuls between collapse and
// expand_shape, sqrt(scale) on Q and on K^T, a causal mask from linalg.index,
// a max reduction with an argmax, PyTorch's fully masked row guard) is one
// coopmlir.attention. Runs where torch is absent.

// The f16 causal attention of sdpa-causal-f16. Q, K and V are transposed copies of the qkv slices
// ([B, S, H, D] -> [B, H, S, D]), the scale 0.5 * 0.5 of Q and K^T is the
// attention's, the mask is `causal`, the f16 truncation its output type; O
// is transposed back. Nothing of the softmax, mask or guard is left.
// RUN: coopmlir-opt %S/Inputs/sdpa-causal-f16.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=SDPA
// SDPA:          %[[QS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [1, 16, 32]
// SDPA:          %[[KS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 32] [1, 16, 32]
// SDPA:          %[[VS:.*]] = tensor.extract_slice %{{.*}}[0, 0, 64] [1, 16, 32]
// SDPA:          %[[Q4:.*]] = tensor.expand_shape %[[QS]] {{.*}} into tensor<1x16x2x16xf16>
// SDPA:          %[[K4:.*]] = tensor.expand_shape %[[KS]] {{.*}} into tensor<1x16x2x16xf16>
// SDPA:          %[[V4:.*]] = tensor.expand_shape %[[VS]] {{.*}} into tensor<1x16x2x16xf16>
// SDPA-NOT:      linalg.generic
// SDPA:          %[[Q:.*]] = linalg.transpose ins(%[[Q4]]{{.*}} permutation = [0, 2, 1, 3]
// SDPA:          %[[K:.*]] = linalg.transpose ins(%[[K4]]{{.*}} permutation = [0, 2, 1, 3]
// SDPA:          %[[V:.*]] = linalg.transpose ins(%[[V4]]{{.*}} permutation = [0, 2, 1, 3]
// SDPA-NEXT:     %[[O:.*]] = tensor.empty() : tensor<1x2x16x16xf16>
// SDPA-NEXT:     %[[A:.*]] = coopmlir.attention {scale = 2.500000e-01 : f32, causal} ins(%[[Q]], %[[K]], %[[V]] : tensor<1x2x16x16xf16>, tensor<1x2x16x16xf16>, tensor<1x2x16x16xf16>) outs(%[[O]] : tensor<1x2x16x16xf16>) -> tensor<1x2x16x16xf16>
// SDPA:          %[[T:.*]] = linalg.transpose ins(%[[A]]{{.*}} permutation = [0, 2, 1, 3]
// SDPA-NEXT:     %[[R:.*]] = tensor.collapse_shape %[[T]]
// SDPA-NEXT:     func.return %[[R]]

// Lowered, the attention is one fused kernel (of 7: the qkv projection,
// three copies of the heads, the attention, O's transpose and the result).
// RUN: coopmlir-opt %S/Inputs/sdpa-causal-f16.mlir --lower-to-coopmat=target=h100-vulkan | filecheck %s --check-prefix=KERNELS
// KERNELS-COUNT-7: gpu.launch_func
// KERNELS-NOT:     gpu.launch_func
// KERNELS:         gpu.func @forward_attention(%{{.*}}: memref<1x2x16x16xf16>, %{{.*}}: memref<1x2x16x16xf16>, %{{.*}}: memref<1x2x16x16xf16>, %{{.*}}: memref<1x2x16x16xf16>)

// The hand-written softmax of the f16 `attention` model (max with an index,
// computed in f16 by the export) is the attention's f32 softmax: S is
// truncated to f16, scaled by 0.25, normalized, multiplied by V.
// RUN: coopmlir-opt %S/Inputs/attention-f16.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=ATTN
// ATTN:          coopmlir.attention {scale = 2.500000e-01 : f32} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<1x8x16xf16>, tensor<1x8x16xf16>, tensor<1x8x16xf16>) outs(%{{.*}} : tensor<1x8x16xf16>) -> tensor<1x8x16xf16>
// ATTN-NOT:      math.exp

// Where the target has no attention fragments for the type (f32 on
// h100-vulkan), the chain stays separate kernels, with a remark saying why.
// RUN: coopmlir-opt %S/Inputs/sdpa.mlir --lower-to-coopmat="target=h100-vulkan explain=true" 2>&1 >/dev/null | filecheck %s --check-prefix=F32
// F32: sdpa.mlir:112:5: remark: lower-to-coopmat: attention on f32 stays separate kernels: h100-vulkan has no f32 x f32 -> f32 fragments of an m x n x n shape
