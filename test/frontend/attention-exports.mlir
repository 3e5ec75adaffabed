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

// Lowered, the attention is one fused kernel (of 3: the qkv projection, the
// attention, the copy of O into the result). It reads Q, K and V in place,
// as column slices of the projection's [16, 96] result (no transposed
// copies of the heads), and writes O into the [B, S, H, D] buffer seen as
// [16, 32] (no transpose back).
// RUN: coopmlir-opt %S/Inputs/sdpa-causal-f16.mlir --lower-to-coopmat=target=h100-vulkan | filecheck %s --check-prefix=KERNELS
// KERNELS:         %[[QKV:.*]] = memref.alloc() : memref<16x96xf16>
// KERNELS:         gpu.launch_func @forward_kernels::@forward {{.*}} %[[QKV]] : memref<16x96xf16>
// KERNELS-NOT:     linalg.transpose
// KERNELS:         %[[T:.*]] = memref.alloc() : memref<1x16x2x16xf16>
// KERNELS-NEXT:    %[[O:.*]] = memref.collapse_shape %[[T]] {{\[}}[0 : i64, 1 : i64], [2 : i64, 3 : i64]] : memref<1x16x2x16xf16> into memref<16x32xf16>
// KERNELS:         gpu.launch_func @forward_kernels::@forward_attention {{.*}} args(%[[QKV]] : memref<16x96xf16>, %[[QKV]] : memref<16x96xf16>, %[[QKV]] : memref<16x96xf16>, %[[O]] : memref<16x32xf16>)
// KERNELS:         gpu.launch_func @forward_kernels::@forward_loop {{.*}} args(%[[T]] : memref<1x16x2x16xf16>, %{{.*}} : memref<1x16x32xf16>)
// KERNELS-NOT:     gpu.launch_func
// KERNELS:         gpu.func @forward_attention(%{{.*}}: memref<16x96xf16>, %{{.*}}: memref<16x96xf16>, %{{.*}}: memref<16x96xf16>, %{{.*}}: memref<16x32xf16>)

// With ragged query rows Q and O keep their transposed copies, with a remark;
// K and V are still read in place.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe explain=true" 2>&1 | filecheck %s --check-prefix=RAGGED
// RAGGED: remark: lower-to-coopmat: the query keeps its transposed copy: query rows are ragged
// RAGGED: remark: lower-to-coopmat: the output keeps its transposed copy: query rows are ragged
// RAGGED-COUNT-3: gpu.launch_func
// RAGGED-NOT:     gpu.launch_func
func.func @ragged(%qkv: memref<20x96xf16>, %out: memref<1x20x2x16xf16>) {
  %e = memref.expand_shape %qkv [[0, 1], [2]] output_shape [1, 20, 96] : memref<20x96xf16> into memref<1x20x96xf16>
  %s0 = memref.subview %e[0, 0, 0] [1, 20, 32] [1, 1, 1] : memref<1x20x96xf16> to memref<1x20x32xf16, strided<[1920, 96, 1]>>
  %s1 = memref.subview %e[0, 0, 32] [1, 20, 32] [1, 1, 1] : memref<1x20x96xf16> to memref<1x20x32xf16, strided<[1920, 96, 1], offset: 32>>
  %s2 = memref.subview %e[0, 0, 64] [1, 20, 32] [1, 1, 1] : memref<1x20x96xf16> to memref<1x20x32xf16, strided<[1920, 96, 1], offset: 64>>
  %v0 = memref.expand_shape %s0 [[0], [1], [2, 3]] output_shape [1, 20, 2, 16] : memref<1x20x32xf16, strided<[1920, 96, 1]>> into memref<1x20x2x16xf16, strided<[1920, 96, 16, 1]>>
  %v1 = memref.expand_shape %s1 [[0], [1], [2, 3]] output_shape [1, 20, 2, 16] : memref<1x20x32xf16, strided<[1920, 96, 1], offset: 32>> into memref<1x20x2x16xf16, strided<[1920, 96, 16, 1], offset: 32>>
  %v2 = memref.expand_shape %s2 [[0], [1], [2, 3]] output_shape [1, 20, 2, 16] : memref<1x20x32xf16, strided<[1920, 96, 1], offset: 64>> into memref<1x20x2x16xf16, strided<[1920, 96, 16, 1], offset: 64>>
  %q = memref.alloc() : memref<1x2x20x16xf16>
  linalg.transpose ins(%v0 : memref<1x20x2x16xf16, strided<[1920, 96, 16, 1]>>) outs(%q : memref<1x2x20x16xf16>) permutation = [0, 2, 1, 3]
  %k = memref.alloc() : memref<1x2x20x16xf16>
  linalg.transpose ins(%v1 : memref<1x20x2x16xf16, strided<[1920, 96, 16, 1], offset: 32>>) outs(%k : memref<1x2x20x16xf16>) permutation = [0, 2, 1, 3]
  %v = memref.alloc() : memref<1x2x20x16xf16>
  linalg.transpose ins(%v2 : memref<1x20x2x16xf16, strided<[1920, 96, 16, 1], offset: 64>>) outs(%v : memref<1x2x20x16xf16>) permutation = [0, 2, 1, 3]
  %o = memref.alloc() : memref<1x2x20x16xf16>
  coopmlir.attention {scale = 0.25 : f32, causal} ins(%q, %k, %v : memref<1x2x20x16xf16>, memref<1x2x20x16xf16>, memref<1x2x20x16xf16>) outs(%o : memref<1x2x20x16xf16>)
  linalg.transpose ins(%o : memref<1x2x20x16xf16>) outs(%out : memref<1x20x2x16xf16>) permutation = [0, 2, 1, 3]
  func.return
}

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

// An explicit mask passed in (sdpa-mask-float: additive, query 3 fully
// masked; sdpa-mask-bool: boolean, made additive by a select generic):
// PyTorch's guard of fully masked rows is the attention's own semantic (a
// row whose keys are all masked gives 0), so it is absorbed and the mask is
// the attention's fourth operand, read in place.
// RUN: coopmlir-opt %S/Inputs/sdpa-mask-float.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=MASK
// RUN: coopmlir-opt %S/Inputs/sdpa-mask-bool.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=MASK
// MASK:          func.func @forward(%{{.*}}: tensor<1x16x32xf32>, %[[M:.*]]: tensor<16x16x{{f32|i1}}>)
// MASK:          coopmlir.attention {scale = 2.500000e-01 : f32} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32>, tensor<16x16xf32>)
// MASK-NOT:      linalg.generic
// MASK:          func.return

// Lowered: one attention kernel between the projection and O's copy. The
// running max starts finite (-1e30: exp(M - M') of a fully masked block is
// 0, not NaN); the row sums, reduced once after the loop, become 1 where
// zero before the division (O = 0).
// RUN: coopmlir-opt %S/Inputs/sdpa-mask-float.mlir --lower-to-coopmat=target=lavapipe | filecheck %s --check-prefix=MASKED
// MASKED:        gpu.launch_func @forward_kernels::@forward {{.*}}
// MASKED:        gpu.launch_func @forward_kernels::@forward_attention {{.*}} %arg1 : memref<16x16xf32>
// MASKED:        gpu.launch_func @forward_kernels::@forward_loop
// MASKED-NOT:    gpu.launch_func
// MASKED:        gpu.func @forward_attention(
// MASKED:          arith.constant -1.000000e+30 : f32
// MASKED:          scf.yield %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>
// MASKED-NEXT:     }
// MASKED-NEXT:     %[[SUM:.*]] = coopmat.reduce add rows
// MASKED-NEXT:     %[[L:.*]] = coopmat.apply %[[SUM]] : !coopmat.matrix<16x16xf32, acc> {
// MASKED-NEXT:     ^bb0(%{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f32):
// MASKED-NEXT:       %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// MASKED-NEXT:       %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// MASKED-NEXT:       %[[EMPTY:.*]] = arith.cmpf oeq, %[[X]], %[[ZERO]] : f32
// MASKED-NEXT:       %[[D:.*]] = arith.select %[[EMPTY]], %[[ONE]], %[[X]] : f32
// MASKED-NEXT:       coopmat.yield %[[D]] : f32
// MASKED-NEXT:     }
// MASKED-NEXT:     %{{.*}} = coopmat.div %{{.*}}, %[[L]] : !coopmat.matrix<16x16xf32, acc>

// gpt-oss's attention sinks as its eager code writes them (issue 29): the
// scores with a column per head appended (`torch.cat` of an expanded
// parameter), the row's maximum subtracted, softmax, that column dropped
// (`[..., :-1]`); f16 computes the softmax in f32 between extf and truncf.
// One attention with the sinks as a property; no concat, slice or softmax
// generic is left.
// RUN: coopmlir-opt %S/Inputs/attention-sinks.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=SINKS
// RUN: coopmlir-opt %S/Inputs/attention-sinks-f16.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=SINKS
// RUN: coopmlir-opt %S/Inputs/gqa-sinks.mlir --recognize-frontend=bufferize=false | filecheck %s --check-prefix=GQA-SINKS
// GQA-SINKS:     coopmlir.attention {scale = 2.500000e-01 : f32, sinks = array<f32: {{.*}}, {{.*}}, {{.*}}, {{.*}}>} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x4x32x16xf32>, tensor<1x2x32x16xf32>, tensor<1x2x32x16xf32>, tensor<32x32xf32>)
// GQA-SINKS-NOT: tensor.concat
// SINKS:         func.func @forward(
// SINKS-NOT:     tensor.concat
// SINKS:         coopmlir.attention {scale = 2.500000e-01 : f32, sinks = array<f32: 1.939{{[0-9]*}}, -0.286{{[0-9]*}}>} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x2x32x16xf{{16|32}}>, tensor<1x2x32x16xf{{16|32}}>, tensor<1x2x32x16xf{{16|32}}>, tensor<32x32xf{{16|32}}>)
// SINKS-NOT:     linalg.generic
// SINKS-NOT:     tensor.extract_slice
// SINKS:         func.return

// A near miss: the appended column is each row's mean score, not a sink.
// The chain stays separate kernels with a remark; the concat becomes
// inserts into one empty tensor, and the softmax's [..., :-1] read by P V
// is copied into a tensor of its own (a product reads no strided view).
// RUN: coopmlir-opt %S/Inputs/cat-column-attention.mlir --recognize-frontend="bufferize=false explain=true" 2>&1 | filecheck %s --check-prefix=NEAR
// NEAR:          cat-column-attention.mlir:99:5: remark: recognize-frontend: attention: the softmax's last column is dropped, but its input is not the scores with a per-head constant column appended (attention sinks): separate kernels
// NEAR-NOT:      tensor.concat
// NEAR:          %[[E:.*]] = tensor.empty() : tensor<1x2x16x17xf32>
// NEAR-NEXT:     %[[C1:.*]] = tensor.insert_slice %{{.*}} into %[[E]][0, 0, 0, 0] [1, 2, 16, 16] [1, 1, 1, 1] : tensor<1x2x16x16xf32> into tensor<1x2x16x17xf32>
// NEAR-NEXT:     %[[C2:.*]] = tensor.insert_slice %{{.*}} into %[[C1]][0, 0, 0, 16] [1, 2, 16, 1] [1, 1, 1, 1] : tensor<1x2x16x1xf32> into tensor<1x2x16x17xf32>
// NEAR:          %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 2, 16, 16] [1, 1, 1, 1] : tensor<1x2x16x17xf32> to tensor<1x2x16x16xf32>
// NEAR:          %[[COPY:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<1x2x16x16xf32>)
// NEAR:          tensor.collapse_shape %[[COPY]]
// NEAR:          linalg.batch_matmul
