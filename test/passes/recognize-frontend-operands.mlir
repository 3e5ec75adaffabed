// RUN: coopmlir-opt %s --split-input-file -p 'recognize-frontend{bufferize=false}' | filecheck %s
// RUN: coopmlir-opt %s --split-input-file -p 'lower-to-coopmat{target=h100-vulkan}' | filecheck %s --check-prefix=LOWERED

// Products read what a front end widened or laid out for them: narrow
// inputs for widening generics (integers made floats: an integer product,
// then sitofp), a transpose's source through the permuted map (NCHW
// convolutions: recognize-frontend-nchw.mlir).

// nn.Linear of a .half() model as torch-mlir exports it (weight as an
// argument): both widening generics and the weight's transpose go; the
// matmul reads x and W (n x k) in f16 and accumulates in f32.
// CHECK-LABEL: func.func @linear
// CHECK-SAME:    (%[[X:.*]]: tensor<8x16xf16>, %[[W:.*]]: tensor<32x16xf16>)
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<8x32xf32>
// CHECK-NEXT:    %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    %[[Y:.*]] = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%[[X]], %[[W]] : tensor<8x16xf16>, tensor<32x16xf16>) outs(%[[ACC]] : tensor<8x32xf32>) -> tensor<8x32xf32>
// CHECK-NEXT:    func.return %[[Y]] : tensor<8x32xf32>
// The f16 product runs on the matrix units, W's fragments read col_major.
// LOWERED-LABEL: gpu.module @linear_kernels
// LOWERED:         coopmat.load {{.*}} col_major : {{.*}} -> !coopmat.matrix<{{.*}}xf16, b>
// LOWERED:         coopmat.mul_add {{.*}} : !coopmat.matrix<{{.*}}xf16, a>, !coopmat.matrix<{{.*}}xf16, b> -> !coopmat.matrix<{{.*}}xf32, acc>
func.func @linear(%x: tensor<8x16xf16>, %w: tensor<32x16xf16>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<16x32xf16>
  %wt = linalg.transpose ins(%w : tensor<32x16xf16>) outs(%te : tensor<16x32xf16>) permutation = [1, 0]
  %xe = tensor.empty() : tensor<8x16xf32>
  %xw = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf16>) outs(%xe : tensor<8x16xf32>) {
  ^bb0(%in: f16, %out: f32):
    %c = arith.extf %in : f16 to f32
    linalg.yield %c : f32
  } -> tensor<8x16xf32>
  %we = tensor.empty() : tensor<16x32xf32>
  %ww = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%wt : tensor<16x32xf16>) outs(%we : tensor<16x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %c = arith.extf %in : f16 to f32
    linalg.yield %c : f32
  } -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %y = linalg.matmul ins(%xw, %ww : tensor<8x16xf32>, tensor<16x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
  func.return %y : tensor<8x32xf32>
}

// -----

// Attention's Q K^T: K's transpose [0, 2, 1] becomes B's map (b, n, k).
// CHECK-LABEL: func.func @scores
// CHECK-SAME:    (%[[Q:.*]]: tensor<2x16x32xf16>, %[[K:.*]]: tensor<2x16x32xf16>)
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%[[Q]], %[[K]] : tensor<2x16x32xf16>, tensor<2x16x32xf16>)
// LOWERED-LABEL: gpu.module @scores_kernels
// LOWERED:         coopmat.mul_add {{.*}} : !coopmat.matrix<{{.*}}xf16, a>, !coopmat.matrix<{{.*}}xf16, b> -> !coopmat.matrix<{{.*}}xf32, acc>
func.func @scores(%q: tensor<2x16x32xf16>, %k: tensor<2x16x32xf16>) -> tensor<2x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<2x32x16xf16>
  %kt = linalg.transpose ins(%k : tensor<2x16x32xf16>) outs(%te : tensor<2x32x16xf16>) permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<2x16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x16x32xf16>, tensor<2x32x16xf16>) outs(%acc : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  func.return %s : tensor<2x16x16xf32>
}

// -----

// Zero-extended i8 inputs: the i8 product is cast_unsigned.
// CHECK-LABEL: func.func @unsigned
// CHECK-SAME:    (%[[A:.*]]: tensor<16x32xi8>, %[[B:.*]]: tensor<32x16xi8>)
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%[[A]], %[[B]] : tensor<16x32xi8>, tensor<32x16xi8>) outs(%{{.*}} : tensor<16x16xi32>)
// LOWERED-LABEL: gpu.module @unsigned_kernels
// LOWERED:         coopmat.mul_add {{.*}} : !coopmat.matrix<{{.*}}xi8, a>, !coopmat.matrix<{{.*}}xi8, b> -> !coopmat.matrix<{{.*}}xi32, acc>
func.func @unsigned(%a: tensor<16x32xi8>, %b: tensor<32x16xi8>) -> tensor<16x16xi32> {
  %zero = arith.constant 0 : i32
  %ae = tensor.empty() : tensor<16x32xi32>
  %aw = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x32xi8>) outs(%ae : tensor<16x32xi32>) {
  ^bb0(%in: i8, %out: i32):
    %c = arith.extui %in : i8 to i32
    linalg.yield %c : i32
  } -> tensor<16x32xi32>
  %be = tensor.empty() : tensor<32x16xi32>
  %bw = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<32x16xi8>) outs(%be : tensor<32x16xi32>) {
  ^bb0(%in: i8, %out: i32):
    %c = arith.extui %in : i8 to i32
    linalg.yield %c : i32
  } -> tensor<32x16xi32>
  %e = tensor.empty() : tensor<16x16xi32>
  %acc = linalg.fill ins(%zero : i32) outs(%e : tensor<16x16xi32>) -> tensor<16x16xi32>
  %y = linalg.matmul ins(%aw, %bw : tensor<16x32xi32>, tensor<32x16xi32>) outs(%acc : tensor<16x16xi32>) -> tensor<16x16xi32>
  func.return %y : tensor<16x16xi32>
}

// -----

// i8 made f32 (K = 64, so every partial sum is an integer f32 holds
// exactly): the i8 product into a zero-filled i32 tensor, then sitofp.
// CHECK-LABEL: func.func @integers
// CHECK-SAME:    (%[[A:.*]]: tensor<16x64xi8>, %[[B:.*]]: tensor<64x16xi8>)
// CHECK-NEXT:    %[[IE:.*]] = tensor.empty() : tensor<16x16xi32>
// CHECK-NEXT:    %[[FE:.*]] = tensor.empty() : tensor<16x16xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[IE]] : tensor<16x16xi32>) -> tensor<16x16xi32>
// CHECK-NEXT:    %[[P:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<16x64xi8>, tensor<64x16xi8>) outs(%[[ACC]] : tensor<16x16xi32>) -> tensor<16x16xi32>
// CHECK-NEXT:    %[[Y:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<16x16xi32>) outs(%[[FE]] : tensor<16x16xf32>) {
// CHECK-NEXT:    ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[I]] : i32 to f32
// CHECK-NEXT:      linalg.yield %[[F]] : f32
// CHECK-NEXT:    } -> tensor<16x16xf32>
// CHECK-NEXT:    func.return %[[Y]] : tensor<16x16xf32>
// LOWERED-LABEL: gpu.module @integers_kernels
// LOWERED:         coopmat.mul_add {{.*}} : !coopmat.matrix<{{.*}}xi8, a>, !coopmat.matrix<{{.*}}xi8, b> -> !coopmat.matrix<{{.*}}xi32, acc>
func.func @integers(%a: tensor<16x64xi8>, %b: tensor<64x16xi8>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ae = tensor.empty() : tensor<16x64xf32>
  %af = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x64xi8>) outs(%ae : tensor<16x64xf32>) {
  ^bb0(%in: i8, %out: f32):
    %c = arith.sitofp %in : i8 to f32
    linalg.yield %c : f32
  } -> tensor<16x64xf32>
  %be = tensor.empty() : tensor<64x16xf32>
  %bf = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<64x16xi8>) outs(%be : tensor<64x16xf32>) {
  ^bb0(%in: i8, %out: f32):
    %c = arith.sitofp %in : i8 to f32
    linalg.yield %c : f32
  } -> tensor<64x16xf32>
  %e = tensor.empty() : tensor<16x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %y = linalg.matmul ins(%af, %bf : tensor<16x64xf32>, tensor<64x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %y : tensor<16x16xf32>
}

// -----

// torch.matmul of a 3-D activation that is not contiguous (GPT-2's output
// projection after the heads merge): the transposed weight broadcast over the
// batch, then a batch_matmul. One matmul over the 3 x 8 rows instead, the
// weight read in place (n x k), its zero fill remade at the collapsed shape.
// CHECK-LABEL: func.func @shared_weight
// CHECK-SAME:    (%[[X:.*]]: tensor<3x8x16xf16>, %[[W:.*]]: tensor<12x16xf16>)
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[ROWS:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] : tensor<3x8x16xf16> into tensor<24x16xf16>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<24x12xf32>
// CHECK-NEXT:    %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<24x12xf32>) -> tensor<24x12xf32>
// CHECK-NEXT:    %[[Y:.*]] = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%[[ROWS]], %[[W]] : tensor<24x16xf16>, tensor<12x16xf16>) outs(%[[ACC]] : tensor<24x12xf32>) -> tensor<24x12xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.expand_shape %[[Y]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [3, 8, 12] : tensor<24x12xf32> into tensor<3x8x12xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<3x8x12xf32>
// One product kernel on the matrix units (its accumulator starts at zero in
// registers: no fill kernel).
// LOWERED-LABEL: func.func @shared_weight
// LOWERED-NOT:     linalg.fill
// LOWERED:         gpu.launch_func @shared_weight_kernels::@shared_weight blocks
// LOWERED-LABEL: gpu.module @shared_weight_kernels
// LOWERED:         coopmat.mul_add {{.*}} : !coopmat.matrix<{{.*}}xf16, a>, !coopmat.matrix<{{.*}}xf16, b> -> !coopmat.matrix<{{.*}}xf32, acc>
func.func @shared_weight(%x: tensor<3x8x16xf16>, %w: tensor<12x16xf16>) -> tensor<3x8x12xf32> {
  %zero = arith.constant 0.0 : f32
  %te = tensor.empty() : tensor<16x12xf16>
  %wt = linalg.transpose ins(%w : tensor<12x16xf16>) outs(%te : tensor<16x12xf16>) permutation = [1, 0]
  %be = tensor.empty() : tensor<3x16x12xf16>
  %wb = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%wt : tensor<16x12xf16>) outs(%be : tensor<3x16x12xf16>) {
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  } -> tensor<3x16x12xf16>
  %ce = tensor.empty() : tensor<3x8x12xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%ce : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  %y = linalg.batch_matmul ins(%x, %wb : tensor<3x8x16xf16>, tensor<3x16x12xf16>) outs(%acc : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  func.return %y : tensor<3x8x12xf32>
}
