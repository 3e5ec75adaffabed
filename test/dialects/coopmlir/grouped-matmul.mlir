// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// coopmlir.grouped_matmul (dialects/grouped_matmul.py): plain and gated,
// on tensors and memrefs, weights [E, N, K] and (weights_kn) [E, K, N].

// CHECK-LABEL: func.func @on_tensors
// CHECK-NEXT:    %{{.*}} = coopmlir.grouped_matmul ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<6x16xf16>, tensor<3x8x16xf16>, tensor<12xi32>, tensor<4xi32>) outs(%{{.*}} : tensor<12x8xf16>) -> tensor<12x8xf16>
// CHECK-NEXT:    %{{.*}} = coopmlir.grouped_matmul ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<6x16xf16>, tensor<3x8x16xf16>, tensor<3x8x16xf16>, tensor<12xi32>, tensor<4xi32>) outs(%{{.*}} : tensor<12x8xf16>) -> tensor<12x8xf16>
func.func @on_tensors(%x: tensor<6x16xf16>, %w: tensor<3x8x16xf16>, %u: tensor<3x8x16xf16>, %rows: tensor<12xi32>, %offsets: tensor<4xi32>, %init: tensor<12x8xf16>) {
  %0 = coopmlir.grouped_matmul ins(%x, %w, %rows, %offsets : tensor<6x16xf16>, tensor<3x8x16xf16>, tensor<12xi32>, tensor<4xi32>) outs(%init : tensor<12x8xf16>) -> tensor<12x8xf16>
  %1 = coopmlir.grouped_matmul ins(%x, %w, %u, %rows, %offsets : tensor<6x16xf16>, tensor<3x8x16xf16>, tensor<3x8x16xf16>, tensor<12xi32>, tensor<4xi32>) outs(%init : tensor<12x8xf16>) -> tensor<12x8xf16>
  "test.op"(%0, %1) : (tensor<12x8xf16>, tensor<12x8xf16>) -> ()
  func.return
}

// CHECK-LABEL: func.func @on_memrefs
// CHECK-NEXT:    coopmlir.grouped_matmul {weights_kn} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<6x16xbf16>, memref<3x16x8xbf16>, memref<12xindex>, memref<4xi64>) outs(%{{.*}} : memref<12x8xf32>)
func.func @on_memrefs(%x: memref<6x16xbf16>, %w: memref<3x16x8xbf16>, %rows: memref<12xindex>, %offsets: memref<4xi64>, %y: memref<12x8xf32>) {
  coopmlir.grouped_matmul {weights_kn} ins(%x, %w, %rows, %offsets : memref<6x16xbf16>, memref<3x16x8xbf16>, memref<12xindex>, memref<4xi64>) outs(%y : memref<12x8xf32>)
  func.return
}

// The assignment made from router ids, and the scatter form (output rows in
// X's order: R = 12 assigned rows of an output of 12).
// CHECK-LABEL: func.func @sorted
// CHECK-NEXT:    %{{.*}}, %{{.*}} = coopmlir.sort_by_expert ins(%{{.*}} : tensor<12xi64>) outs(%{{.*}}, %{{.*}} : tensor<12xi32>, tensor<4xi32>) -> tensor<12xi32>, tensor<4xi32>
// CHECK-NEXT:    %{{.*}} = coopmlir.grouped_matmul {scatter} ins(
// CHECK:         coopmlir.sort_by_expert ins(%{{.*}} : memref<12xi32>) outs(%{{.*}}, %{{.*}} : memref<12xindex>, memref<4xi32>)
func.func @sorted(%ids: tensor<12xi64>, %x: tensor<12x16xf16>, %w: tensor<3x8x16xf16>, %r: tensor<12xi32>, %o: tensor<4xi32>, %init: tensor<12x8xf16>, %mids: memref<12xi32>, %mr: memref<12xindex>, %mo: memref<4xi32>) {
  %rows, %offsets = coopmlir.sort_by_expert ins(%ids : tensor<12xi64>) outs(%r, %o : tensor<12xi32>, tensor<4xi32>) -> tensor<12xi32>, tensor<4xi32>
  %y = coopmlir.grouped_matmul {scatter} ins(%x, %w, %rows, %offsets : tensor<12x16xf16>, tensor<3x8x16xf16>, tensor<12xi32>, tensor<4xi32>) outs(%init : tensor<12x8xf16>) -> tensor<12x8xf16>
  coopmlir.sort_by_expert ins(%mids : memref<12xi32>) outs(%mr, %mo : memref<12xindex>, memref<4xi32>)
  "test.op"(%y) : (tensor<12x8xf16>) -> ()
  func.return
}

// f16_sums: the opt-in f16 accumulation (f16 tokens and weights).
// CHECK-LABEL: func.func @f16_sums
// CHECK-NEXT:    coopmlir.grouped_matmul {f16_sums} ins(
func.func @f16_sums(%x: memref<6x16xf16>, %w: memref<3x8x16xf16>, %rows: memref<12xi32>, %offsets: memref<4xi32>, %y: memref<12x8xf16>) {
  coopmlir.grouped_matmul {f16_sums} ins(%x, %w, %rows, %offsets : memref<6x16xf16>, memref<3x8x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x8xf16>)
  func.return
}
