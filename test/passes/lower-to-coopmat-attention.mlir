// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=none" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="attention-prefetch=none" | coopmlir-opt | filecheck %s

// Causal attention written as a frontend writes it on tensors (Q @ K^T with
// transposed-B maps, a scale, a causal select on linalg.index, MLIR's
// decomposed softmax, a truncf, @ V) becomes one launch of one kernel.

// CHECK-LABEL: func.func @attn(
// CHECK-SAME:      %[[Q:.*]]: memref<2x32x16xf16>, %[[K:.*]]: memref<2x64x16xf16>, %[[V:.*]]: memref<2x64x16xf16>, %[[O:.*]]: memref<2x32x16xf32>)
// CHECK-NOT:     linalg.
// CHECK:         gpu.launch_func @attn_kernels::@attn_attention blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%[[Q]] : {{.*}}, %[[K]] : {{.*}}, %[[V]] : {{.*}}, %[[O]] : {{.*}})
// CHECK-NEXT:    func.return

// Two subgroups of 32 own 16 query rows each; K and V blocks of 64 keys sit
// in workgroup memory (rows padded by 16 bytes).
// CHECK:       gpu.func @attn_attention({{.*}}) kernel attributes {known_block_size = array<i32: 64, 1, 1>
// CHECK:         %[[KT:[0-9]+]] = memref.alloca() : memref<64x24xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VT:[0-9]+]] = memref.alloca() : memref<64x24xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[ROW:[0-9]+]] = arith.addi
// CHECK-NEXT:    %[[QA:[0-9]+]] = coopmat.load %{{.*}}[%{{.*}}, %[[ROW]], %{{.*}}] row_major : memref<2x32x16xf16> -> !coopmat.matrix<16x16xf16, a>
// Causal: the key loop stops after the workgroup's last row; blocks before
// its first row need no mask, so they run in a first loop without the apply.
// CHECK:         %[[END:[0-9]+]] = arith.minui
// CHECK:         %[[INSIDE:[0-9]+]] = arith.minui
// CHECK-NEXT:    %[[A0:[0-9]+]], %[[A1:[0-9]+]], %[[A2:[0-9]+]] = scf.for %{{[0-9]+}} = %{{[0-9]+}} to %[[INSIDE]] step
// CHECK-NOT:       coopmat.apply
// CHECK:           coopmat.reduce max rows
// CHECK:         %[[RO:[0-9]+]], %{{[0-9]+}}, %[[RS:[0-9]+]] = scf.for %[[KEY:[0-9]+]] = %[[INSIDE]] to %[[END]] step %{{[0-9]+}} iter_args(%[[OUT:[0-9]+]] = %[[A0]], %[[MAX:[0-9]+]] = %[[A1]], %[[SUM:[0-9]+]] = %[[A2]])
// CHECK-NEXT:      gpu.barrier
// CHECK:           vector.store %{{.*}}, %[[KT]]
// CHECK:           vector.store %{{.*}}, %[[VT]]
// CHECK:           gpu.barrier
// S = Q K^T from K's block read col_major, then the causal mask (the scale
// moves into the exps).
// CHECK-NEXT:      %[[Z:[0-9]+]] = coopmat.splat
// CHECK-NEXT:      %[[KB:[0-9]+]] = coopmat.load %[[KT]][%{{.*}}, %{{.*}}] col_major {{.*}} -> !coopmat.matrix<16x16xf16, b>
// CHECK-NEXT:      %[[S:[0-9]+]] = coopmat.mul_add %[[QA]], %[[KB]], %[[Z]]
// CHECK-NEXT:      %[[S0:[0-9]+]] = coopmat.apply %[[S]] captures(%{{.*}}, %[[ROW]], %[[KEY]] : f32, index, index)
// CHECK:             arith.cmpi ule
// CHECK:             arith.select
// CHECK:         coopmat.reduce max rows
// CHECK:         %[[NEWMAX:[0-9]+]] = scf.for
// CHECK:           arith.maximumf
// CHECK:         %[[D:[0-9]+]] = coopmat.sub %[[S0]], %[[NEWMAX]]
// CHECK-NEXT:    %[[P:[0-9]+]] = coopmat.apply %[[D]]
// CHECK-NEXT:    ^{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[X:[0-9]+]]: f32):
// CHECK-NEXT:      %[[C:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:      %[[Y:.*]] = arith.mulf %[[X]], %[[C]] : f32
// CHECK-NEXT:      math.exp %[[Y]]
// CHECK:         %[[DM:[0-9]+]] = coopmat.sub %[[MAX]], %[[NEWMAX]]
// CHECK-NEXT:    %[[ALPHA:[0-9]+]] = coopmat.apply %[[DM]]
// CHECK:         coopmat.mul %[[SUM]], %[[ALPHA]]
// CHECK-NEXT:    coopmat.mul %[[OUT]], %[[ALPHA]]
// The row sums stay un-reduced in the loop: P adds element-wise.
// CHECK-NOT:     coopmat.reduce add rows
// CHECK:         coopmat.add %{{[0-9]+}}, %[[P]]
// CHECK-NOT:     coopmat.reduce add rows
// P goes from accumulator to A in registers (every fragment line's, for
// all its key fragments), then O += P V.
// CHECK:         %[[P16:[0-9]+]] = coopmat.convert %[[P]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[PA:[0-9]+]] = coopmat.convert %[[P16]] : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf16, a>
// CHECK:         %[[VB:[0-9]+]] = coopmat.load %[[VT]][%{{.*}}, %{{.*}}] row_major
// CHECK-NEXT:    coopmat.mul_add %[[PA]], %[[VB]], %{{.*}}
// O is written once, divided by the row sums, reduced once after the loop.
// CHECK:         %[[L:[0-9]+]] = coopmat.reduce add rows %[[RS]]
// CHECK-NEXT:    %[[R:[0-9]+]] = coopmat.div %[[RO]], %[[L]]
// CHECK-NEXT:    coopmat.store %[[R]], %{{.*}}[%{{.*}}, %[[ROW]], %{{.*}}] row_major
// CHECK-NEXT:    gpu.return

func.func @attn(%q: tensor<2x32x16xf16>, %k: tensor<2x64x16xf16>, %v: tensor<2x64x16xf16>) -> tensor<2x32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x32x64xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%q, %k : tensor<2x32x16xf16>, tensor<2x64x16xf16>) outs(%s0 : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  %c = arith.constant 0.25 : f32
  %x1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x32x64xf32>) outs(%se : tensor<2x32x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x32x64xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %x3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x1 : tensor<2x32x64xf32>) outs(%se : tensor<2x32x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %after = arith.cmpi ugt, %j, %i : index
    %y = arith.select %after, %ninf, %a : f32
    linalg.yield %y : f32
  } -> tensor<2x32x64xf32>
  %ninf2 = arith.constant 0xFF800000 : f32
  %re = tensor.empty() : tensor<2x32xf32>
  %m0 = linalg.fill ins(%ninf2 : f32) outs(%re : tensor<2x32xf32>) -> tensor<2x32xf32>
  %mx = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x3 : tensor<2x32x64xf32>) outs(%m0 : tensor<2x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %y = arith.maxnumf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x32xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x3, %mx : tensor<2x32x64xf32>, tensor<2x32xf32>) outs(%se : tensor<2x32x64xf32>) {
  ^bb0(%a: f32, %m: f32, %b: f32):
    %y = arith.subf %a, %m : f32
    %z = math.exp %y : f32
    linalg.yield %z : f32
  } -> tensor<2x32x64xf32>
  %zero2 = arith.constant 0.0 : f32
  %z0 = linalg.fill ins(%zero2 : f32) outs(%re : tensor<2x32xf32>) -> tensor<2x32xf32>
  %sm = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x32x64xf32>) outs(%z0 : tensor<2x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<2x32xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sm : tensor<2x32x64xf32>, tensor<2x32xf32>) outs(%se : tensor<2x32x64xf32>) {
  ^bb0(%a: f32, %m: f32, %b: f32):
    %y = arith.divf %a, %m : f32
    linalg.yield %y : f32
  } -> tensor<2x32x64xf32>
  %pe = tensor.empty() : tensor<2x32x64xf16>
  %pn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p : tensor<2x32x64xf32>) outs(%pe : tensor<2x32x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<2x32x64xf16>
  %oz = arith.constant 0.0 : f32
  %oe = tensor.empty() : tensor<2x32x16xf32>
  %o0 = linalg.fill ins(%oz : f32) outs(%oe : tensor<2x32x16xf32>) -> tensor<2x32x16xf32>
  %o = linalg.batch_matmul ins(%pn, %v : tensor<2x32x64xf16>, tensor<2x64x16xf16>) outs(%o0 : tensor<2x32x16xf32>) -> tensor<2x32x16xf32>
  func.return %o : tensor<2x32x16xf32>
}


// [B, H, S, D] attention as frontends write it (linalg.batch_matmul is 3-D
// only): Q @ K^T and P @ V are contraction linalg.generics over loops
// (b, h, i, j, d), with linalg.softmax dimension(3) and a causal select on
// 4-D tensors. One coopmlir.attention, one launch: grid y over the heads,
// z over the batch, and Q is loaded at [batch, head, row, 0].

// CHECK-LABEL: func.func @attn4d(
// CHECK-SAME:      %[[Q4:.*]]: memref<2x2x32x16xf16>, %[[K4:.*]]: memref<2x2x32x16xf16>, %[[V4:.*]]: memref<2x2x32x16xf16>, %[[O4:.*]]: memref<2x2x32x16xf32>)
// CHECK-NOT:     linalg.
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[WG:.*]] = arith.constant 64 : index
// CHECK-NEXT:    gpu.launch_func @attn4d_kernels::@attn4d_attention blocks in (%[[ONE]], %[[TWO]], %[[TWO]]) threads in (%[[WG]], %[[ONE]], %[[ONE]]) args(%[[Q4]] : {{.*}}, %[[K4]] : {{.*}}, %[[V4]] : {{.*}}, %[[O4]] : {{.*}})
// CHECK-NEXT:    func.return
// CHECK-NOT:   gpu.launch_func
// CHECK:       gpu.func @attn4d_attention({{.*}}) kernel
// CHECK:         %[[Z4:[0-9]+]] = gpu.block_id z
// CHECK-NEXT:    %[[Y4:[0-9]+]] = gpu.block_id y
// CHECK:         coopmat.load %{{.*}}[%[[Z4]], %[[Y4]], %{{.*}}, %{{.*}}] row_major : memref<2x2x32x16xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK:         coopmat.store %{{.*}}, %{{.*}}[%[[Z4]], %[[Y4]], %{{.*}}, %{{.*}}] row_major
// CHECK-NEXT:    gpu.return

func.func @attn4d(%q: tensor<2x2x32x16xf16>, %k: tensor<2x2x32x16xf16>, %v: tensor<2x2x32x16xf16>) -> tensor<2x2x32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x2x32x32xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, i, j, d) -> (b, h, i, d)>, affine_map<(b, h, i, j, d) -> (b, h, j, d)>, affine_map<(b, h, i, j, d) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x2x32x16xf16>, tensor<2x2x32x16xf16>) outs(%s0 : tensor<2x2x32x32xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %xy = arith.mulf %xe, %ye : f32
    %r = arith.addf %acc, %xy : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x32xf32>
  %c = arith.constant 0.25 : f32
  %x1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<2x2x32x32xf32>) outs(%se : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %y = arith.mulf %a, %c : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x32xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %x3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x1 : tensor<2x2x32x32xf32>) outs(%se : tensor<2x2x32x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %after = arith.cmpi ugt, %j, %i : index
    %y = arith.select %after, %ninf, %a : f32
    linalg.yield %y : f32
  } -> tensor<2x2x32x32xf32>
  %p = linalg.softmax dimension(3) ins(%x3 : tensor<2x2x32x32xf32>) outs(%se : tensor<2x2x32x32xf32>) -> tensor<2x2x32x32xf32>
  %pe = tensor.empty() : tensor<2x2x32x32xf16>
  %pn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%p : tensor<2x2x32x32xf32>) outs(%pe : tensor<2x2x32x32xf16>) {
  ^bb0(%a: f32, %b: f16):
    %y = arith.truncf %a : f32 to f16
    linalg.yield %y : f16
  } -> tensor<2x2x32x32xf16>
  %oz = arith.constant 0.0 : f32
  %oe = tensor.empty() : tensor<2x2x32x16xf32>
  %o0 = linalg.fill ins(%oz : f32) outs(%oe : tensor<2x2x32x16xf32>) -> tensor<2x2x32x16xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j, d) -> (b, h, i, d)>, affine_map<(b, h, i, j, d) -> (b, h, d, j)>, affine_map<(b, h, i, j, d) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%pn, %v : tensor<2x2x32x32xf16>, tensor<2x2x32x16xf16>) outs(%o0 : tensor<2x2x32x16xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %xy = arith.mulf %xe, %ye : f32
    %r = arith.addf %acc, %xy : f32
    linalg.yield %r : f32
  } -> tensor<2x2x32x16xf32>
  func.return %o : tensor<2x2x32x16xf32>
}

// Grouped-query attention (8 query heads over 2 K/V heads, group 4) with a
// sliding window: one workgroup packs the 4 query heads of a group (subgroup
// s serves query head 4y + s), so grid y is 2; K and V are copied from K/V
// head 4y / 4 into workgroup memory once for all four. The key loop starts
// at the block of the first row's first key (row - 7, clamped at 0), and
// the score apply keeps key j when j <= i and j + 8 > i.

// CHECK-LABEL: func.func @gqa_window(
// CHECK:         %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[WG:.*]] = arith.constant 128 : index
// CHECK-NEXT:    gpu.launch_func @gqa_window_kernels::@gqa_window_attention blocks in (%[[TWO]], %[[TWO]], %[[ONE]]) threads in (%[[WG]], %[[ONE]], %[[ONE]])
// CHECK:       gpu.func @gqa_window_attention(%[[Q:.*]]: memref<1x8x32x16xf16>, %[[K:.*]]: memref<1x2x32x16xf16>, %{{.*}}: memref<1x2x32x16xf16>, %[[O:.*]]: memref<1x8x32x16xf32>) kernel
// CHECK:         %[[SG:[0-9]+]] = gpu.subgroup_id : index
// CHECK-NEXT:    %[[Z:[0-9]+]] = gpu.block_id z
// CHECK-NEXT:    %[[Y:[0-9]+]] = gpu.block_id y
// CHECK-NEXT:    %[[FIRST:[0-9]+]] = arith.muli %[[Y]], %{{.*}} : index
// CHECK-NEXT:    %[[QHEAD:[0-9]+]] = arith.addi %[[FIRST]], %[[SG]] : index
// CHECK-NEXT:    %[[KVHEAD:[0-9]+]] = arith.divui %[[FIRST]], %{{.*}} : index
// CHECK:         coopmat.load %[[Q]][%[[Z]], %[[QHEAD]], %{{.*}}, %{{.*}}] row_major
// CHECK:         arith.maxsi
// CHECK:         scf.for
// CHECK:           vector.load %[[K]][%[[Z]], %[[KVHEAD]], %{{.*}}, %{{.*}}]
// CHECK:           arith.cmpi ule
// CHECK:           arith.cmpi ugt
// CHECK:         coopmat.store %{{.*}}, %[[O]][%[[Z]], %[[QHEAD]], %{{.*}}, %{{.*}}] row_major

func.func @gqa_window(%q: memref<1x8x32x16xf16>, %k: memref<1x2x32x16xf16>, %v: memref<1x2x32x16xf16>, %o: memref<1x8x32x16xf32>) {
  coopmlir.attention {scale = 0.25 : f32, causal, window = 8 : i64} ins(%q, %k, %v : memref<1x8x32x16xf16>, memref<1x2x32x16xf16>, memref<1x2x32x16xf16>) outs(%o : memref<1x8x32x16xf32>)
  func.return
}
