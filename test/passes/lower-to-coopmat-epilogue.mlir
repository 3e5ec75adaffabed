// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=0" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=0" | coopmlir-opt --split-input-file | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=0" 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// Bias (an N-vector, by an indexing map) + ReLU + cast to f16: one kernel
// that reads A, B and the bias and writes D once; the f32 temporary is gone.
// The bias fragment is a stride-0 load at the fragment's column; the add is
// a matrix op, the max a loop over the work-item's elements; then the cast.
// CHECK-LABEL: func.func @bias_relu(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<64x32xf16>, %[[B:[a-zA-Z0-9_]+]]: memref<32x32xf16>, %[[BIAS:[a-zA-Z0-9_]+]]: memref<32xf32>, %[[D:[a-zA-Z0-9_]+]]: memref<64x32xf16>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     arith.constant 0.0
// CHECK:         gpu.launch_func @bias_relu_kernels::@bias_relu {{.*}} args(%[[A]] : memref<64x32xf16>, %[[B]] : memref<32x32xf16>, %[[D]] : memref<64x32xf16>, %[[BIAS]] : memref<32xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @bias_relu(%{{.*}}: memref<64x32xf16>, %{{.*}}: memref<32x32xf16>, %[[KD:[a-zA-Z0-9_]+]]: memref<64x32xf16>, %[[KBIAS:[a-zA-Z0-9_]+]]: memref<32xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[ROW:.*]] = arith.addi
// CHECK-NEXT:    %[[COL:.*]] = arith.addi
// CHECK-NEXT:    %[[INIT:.*]] = coopmat.splat %[[ZERO]] : f32 -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         %[[ACC:.*]] = scf.for
// CHECK:           coopmat.mul_add
// CHECK:         }
// CHECK-NEXT:    %[[BF:.*]] = coopmat.load %[[KBIAS]][%[[COL]]] stride %[[C0]] row_major : memref<32xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[SUM:.*]] = coopmat.add %[[ACC]], %[[BF]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[LEN:.*]] = coopmat.length : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[RELU:.*]] = scf.for %[[K:.*]] = %[[C0]] to %[[LEN]] step %[[C1]] iter_args(%[[M:.*]] = %[[SUM]])
// CHECK-NEXT:      %[[X:.*]] = coopmat.extract %[[SUM]][%[[K]]] : !coopmat.matrix<16x16xf32, acc> -> f32
// CHECK-NEXT:      %[[R:.*]] = arith.maximumf %[[X]], %[[ZERO]] : f32
// CHECK-NEXT:      %[[NEW:.*]] = coopmat.insert %[[R]], %[[M]][%[[K]]] : f32, !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:      scf.yield %[[NEW]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[H:.*]] = coopmat.convert %[[RELU]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    coopmat.store %[[H]], %[[KD]][%[[ROW]], %[[COL]]] row_major : !coopmat.matrix<16x16xf16, acc>, memref<64x32xf16>
// CHECK-NEXT:    gpu.return
func.func @bias_relu(%A: memref<64x32xf16>, %B: memref<32x32xf16>, %bias: memref<32xf32>, %D: memref<64x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x32xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x32xf16>) outs(%T : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T, %bias : memref<64x32xf32>, memref<32xf32>) outs(%D : memref<64x32xf16>) {
  ^bb0(%x: f32, %b: f32, %o: f16):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  func.return
}

// -----

// The tensor form: an M-vector spread by linalg.broadcast over the columns,
// added by the named linalg.add. Bufferized, the returned tensor is the new
// trailing argument %C; the broadcast and both temporaries disappear and the
// column bias is a stride-0 col_major load at the fragment's row.
// CHECK-LABEL: func.func @col_bias(
// CHECK-SAME:      %[[BIAS:[a-zA-Z0-9_]+]]: memref<32xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<32x32xf32>) {
// CHECK-NOT:     linalg
// CHECK:         gpu.launch_func {{.*}} args({{.*}}, %[[C]] : memref<32x32xf32>, %[[BIAS]] : memref<32xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @col_bias(%{{.*}}, %{{.*}}, %[[KC:[a-zA-Z0-9_]+]]: memref<32x32xf32>, %[[KBIAS:[a-zA-Z0-9_]+]]: memref<32xf32>)
// CHECK:         %[[ROW:.*]] = arith.addi
// CHECK-NEXT:    %[[COL:.*]] = arith.addi
// CHECK:         %[[ACC:.*]] = scf.for
// CHECK:         }
// CHECK-NEXT:    %[[BF:.*]] = coopmat.load %[[KBIAS]][%[[ROW]]] stride %{{.*}} col_major : memref<32xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[SUM:.*]] = coopmat.add %[[ACC]], %[[BF]]
// CHECK-NEXT:    coopmat.store %[[SUM]], %[[KC]][%[[ROW]], %[[COL]]] row_major
// CHECK-NEXT:    gpu.return
func.func @col_bias(%A: tensor<32x16xf16>, %B: tensor<16x32xf16>, %bias: tensor<32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %e1 = tensor.empty() : tensor<32x32xf32>
  %bb = linalg.broadcast ins(%bias : tensor<32xf32>) outs(%e1 : tensor<32x32xf32>) dimensions = [1]
  %e2 = tensor.empty() : tensor<32x32xf32>
  %sum = linalg.add ins(%mm, %bb : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e2 : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %sum : tensor<32x32xf32>
}

// -----

// C = alpha * A B + beta * C (the NVIDIA GEMM guide's form) with C in f16:
// C is read once per fragment (checked on the ragged M outside the interior
// tiles: the scf.if's second branch), extended, both terms scaled
// (coopmat.scale), added, cast, stored in place once.
// CHECK-LABEL: func.func @alpha_beta(
// CHECK-SAME:      %[[C:[a-zA-Z0-9_]+]]: memref<33x32xf16>) {
// CHECK-NOT:     memref.dealloc
// CHECK:         gpu.launch_func {{.*}} args({{.*}}, %[[C]] : memref<33x32xf16>)
// CHECK:       gpu.func @alpha_beta(%{{.*}}, %{{.*}}, %[[KC:[a-zA-Z0-9_]+]]: memref<33x32xf16>)
// CHECK-DAG:     %[[ALPHA:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[BETA:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:         %[[ROW:.*]] = arith.addi
// CHECK-NEXT:    %[[COL:.*]] = arith.addi
// CHECK:         scf.if
// CHECK:           coopmat.load %[[KC]][%[[ROW]], %[[COL]]] row_major : memref<33x32xf16>
// CHECK:         } else {
// CHECK:         %[[ACC:.*]] = scf.for
// CHECK:         }
// CHECK:         %[[OLD:.*]] = coopmat.load %[[KC]][%[[ROW]], %[[COL]]] row_major checked(rows) : memref<33x32xf16> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[OLD32:.*]] = coopmat.convert %[[OLD]] : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[AX:.*]] = coopmat.scale %[[ACC]], %[[ALPHA]] : !coopmat.matrix<16x16xf32, acc>, f32
// CHECK-NEXT:    %[[BC:.*]] = coopmat.scale %[[OLD32]], %[[BETA]]
// CHECK-NEXT:    %[[S:.*]] = coopmat.add %[[AX]], %[[BC]]
// CHECK-NEXT:    %[[H:.*]] = coopmat.convert %[[S]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    coopmat.store %[[H]], %[[KC]][%[[ROW]], %[[COL]]] row_major checked(rows)
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
func.func @alpha_beta(%A: memref<33x16xf16>, %B: memref<16x32xf16>, %C: memref<33x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<33x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<33x32xf32>)
  linalg.matmul ins(%A, %B : memref<33x16xf16>, memref<16x32xf16>) outs(%T : memref<33x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T : memref<33x32xf32>) outs(%C : memref<33x32xf16>) {
  ^bb0(%x: f32, %c: f16):
    %alpha = arith.constant 2.0 : f32
    %beta = arith.constant 0.5 : f32
    %cw = arith.extf %c : f16 to f32
    %ax = arith.mulf %alpha, %x : f32
    %bc = arith.mulf %cw, %beta : f32
    %s = arith.addf %ax, %bc : f32
    %h = arith.truncf %s : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %T : memref<33x32xf32>
  func.return
}

// -----

// A consumer that cannot be fused (it reads the product transposed) gets
// a remark that says why; the matmul is lowered alone into its temporary
// and the generic becomes a loop kernel that reads it (nothing stays on
// the host).
// REMARK: remark: lower-to-coopmat: 'linalg.generic' is not fused into the matmul's kernel: it reads the matmul's result through another map
// REMARK-NOT: warning
// CHECK-LABEL: func.func @not_fused(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<32x32xf32>
// CHECK:         gpu.launch_func @not_fused_kernels::@not_fused {{.*}} args({{.*}}, %[[T]] : memref<32x32xf32>)
// CHECK-NOT:     linalg
// CHECK:         gpu.launch_func @not_fused_kernels::@not_fused_loop {{.*}} args(%[[T]] : memref<32x32xf32>, %{{.*}} : memref<32x32xf32>)
// CHECK-NEXT:    func.return
// Its f32 tanh is computed from exp and arithmetic (NVIDIA's Tanh is slow):
// the odd polynomial near 0, the exp form above 0.55, selected.
// CHECK:         gpu.func @not_fused_loop(
// CHECK-NOT:       math.tanh
// CHECK:           %[[ABS:.*]] = math.absf
// CHECK-NEXT:      %[[TWICE:.*]] = arith.addf %[[ABS]], %[[ABS]]
// CHECK-NEXT:      math.exp %[[TWICE]]
// CHECK:           %[[SIGNED:.*]] = arith.select
// CHECK-NEXT:      %[[NEAR:.*]] = arith.cmpf olt, %[[ABS]], %{{.*}} : f32
// CHECK-NEXT:      arith.select %[[NEAR]], %{{.*}}, %[[SIGNED]] : f32
// CHECK-NOT:       math.tanh
// CHECK:           gpu.return
func.func @not_fused(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %D: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T : memref<32x32xf32>) outs(%D : memref<32x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = math.tanh %x : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// On tensors an element-wise op may write the tensor it reads (outs(%mm)),
// as one-shot-bufferize allows: bufferized in place, then fused. Also: a
// 2-D operand that is neither M x N nor a row/column is not fused (remark).
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME:      %[[C:[a-zA-Z0-9_]+]]: memref<32x32xf32>) {
// CHECK-NOT:     linalg
// CHECK:         gpu.launch_func
// CHECK-NEXT:    func.return
func.func @in_place(%A: tensor<32x16xf16>, %B: tensor<16x32xf16>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<32x32xf32>) outs(%mm : tensor<32x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// REMARK: remark: lower-to-coopmat: 'linalg.generic' is not fused into the matmul's kernel: operand memref<1x32xf32> with map (d0, d1) -> (0, d1) is neither the matmul's 32x32 nor a row or column broadcast of it
// The generic is a loop kernel of its own, reading X[0, j] (a constant index).
// CHECK-LABEL: func.func @bias_2d(
// CHECK:         gpu.launch_func @bias_2d_kernels::@bias_2d {{.*}}
// CHECK-NOT:     linalg
// CHECK:         gpu.launch_func @bias_2d_kernels::@bias_2d_loop
func.func @bias_2d(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %X: memref<1x32xf32>, %D: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T, %X : memref<32x32xf32>, memref<1x32xf32>) outs(%D : memref<32x32xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// A row bias of 40 elements is no whole number of 16-element fragments: the
// host views it as memref<1x40xf32> and the kernel reads it there, a
// stride-0 load checked along the columns where the tile passes N (zeros
// past the end, whose stores are dropped), unchecked where it does not.
// CHECK-LABEL: func.func @ragged_bias(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<20x24xf16>, %[[B:[a-zA-Z0-9_]+]]: memref<24x40xf16>, %[[BIAS:[a-zA-Z0-9_]+]]: memref<40xf32>, %[[D:[a-zA-Z0-9_]+]]: memref<20x40xf32>)
// CHECK-NEXT:    %[[VIEW:.*]] = memref.expand_shape %[[BIAS]] {{\[}}[0 : i64, 1 : i64]] output_shape [1, 40] : memref<40xf32> into memref<1x40xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch_func @ragged_bias_kernels::@ragged_bias {{.*}} args(%[[A]] : memref<20x24xf16>, %[[B]] : memref<24x40xf16>, %[[D]] : memref<20x40xf32>, %[[VIEW]] : memref<1x40xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @ragged_bias(%{{.*}}: memref<20x24xf16>, %{{.*}}: memref<24x40xf16>, %{{.*}}: memref<20x40xf32>, %[[KBIAS:[a-zA-Z0-9_]+]]: memref<1x40xf32>)
// CHECK:         scf.if
// CHECK:           coopmat.load %[[KBIAS]][%[[Z:.*]], %[[COL:.*]]] stride %[[Z]] row_major : memref<1x40xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         } else {
// CHECK:           coopmat.load %[[KBIAS]][%[[Z]], %[[COL]]] stride %[[Z]] row_major checked(cols) : memref<1x40xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:      coopmat.add
// CHECK-NEXT:      coopmat.store {{.*}} checked(both)
func.func @ragged_bias(%A: memref<20x24xf16>, %B: memref<24x40xf16>, %bias: memref<40xf32>, %D: memref<20x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<20x40xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<20x40xf32>)
  linalg.matmul ins(%A, %B : memref<20x24xf16>, memref<24x40xf16>) outs(%T : memref<20x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T, %bias : memref<20x40xf32>, memref<40xf32>) outs(%D : memref<20x40xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// GELU's tanh form (as torch-mlir exports it): 1 + tanh(u) becomes
// 2 / (1 + exp(-2u)), no tanh left, and in f32 the exp is an exp2 with u's
// constants folded in: -2 log2(e) c0 (x + c1 x^3) = x (B + A x^2), with
// B = -2 log2(e) sqrt(2 / pi) = -2.30220819 and A = 0.044715 B. x^2 is
// still a matrix op, the rest runs per element; 0.5 x times 2 / (1 + e)
// is x / (1 + e) (constant_folding.fold_quotients).
// CHECK-LABEL: gpu.func @gelu_tanh(
// CHECK-DAG:     %[[A:.*]] = arith.constant -0.102943{{[0-9]*}} : f32
// CHECK-DAG:     %[[B:.*]] = arith.constant -2.302208{{[0-9]*}} : f32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[X2:.*]] = coopmat.mul %[[X:.*]], %[[X]]
// CHECK-NEXT:    coopmat.length
// CHECK:           %[[S:.*]] = coopmat.extract %[[X2]]
// CHECK:           %[[E:.*]] = coopmat.extract %[[X]]
// CHECK-NEXT:      %[[F:.*]] = math.fma %[[S]], %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[ARG:.*]] = arith.mulf %[[F]], %[[E]] : f32
// CHECK-NEXT:      %[[G:.*]] = math.exp2 %[[ARG]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[G]], %[[ONE]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.divf %[[E]], %[[D]] : f32
// CHECK-NEXT:      coopmat.insert %[[R]]
// CHECK-NOT:     math.tanh
// CHECK:         gpu.return
func.func @gelu_tanh(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %D: memref<32x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0.7978845608028654 : f32
  %c1 = arith.constant 0.044715 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T : memref<32x32xf32>) outs(%D : memref<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %x2 = arith.mulf %x, %x : f32
    %x3 = arith.mulf %x2, %x : f32
    %p = arith.mulf %c1, %x3 : f32
    %s = arith.addf %x, %p : f32
    %u = arith.mulf %c0, %s : f32
    %t = math.tanh %u : f32
    %t1 = arith.addf %one, %t : f32
    %h = arith.mulf %half, %x : f32
    %r = arith.mulf %h, %t1 : f32
    %y = arith.truncf %r : f32 to f16
    linalg.yield %y : f16
  }
  func.return
}

// -----

// GELU's erf form (as torch-mlir exports it): 1 + erf(u) becomes erfc(-u),
// q = 2^P(|u|) for a polynomial P of degree 8 (fitted up to |u| = 4.5, 0
// in f32 from 7.3 on without a select), then u < 0 ? q : 2 - q; no erf, no
// division. In f32, u = x / sqrt(2) is folded into P: its coefficients
// times powers of 1 / sqrt(2) (the first, -2 log2(e) / sqrt(pi), becomes
// -1.1511...); the sum's factor 0.5 becomes P's constant term -1 (0.5 q,
// then 1 - 0.5 q): x times that is the one product left.
// CHECK-LABEL: gpu.func @gelu_erf(
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[MINUS_ONE:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG:     %[[C8:.*]] = arith.constant -2.8346{{[0-9]*}}e-06 : f32
// CHECK-DAG:     %[[C7:.*]] = arith.constant 3.93742{{[0-9]*}}e-05 : f32
// CHECK-DAG:     %[[C1:.*]] = arith.constant -1.15110{{[0-9]*}} : f32
// CHECK-NOT:     coopmat.scale
// CHECK:         coopmat.length
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[E:.*]] = coopmat.extract
// CHECK-NEXT:      %[[A:.*]] = math.absf %[[E]] : f32
// CHECK-NEXT:      %{{.*}} = math.fma %[[C8]], %[[A]], %[[C7]] : f32
// CHECK-COUNT-5:   math.fma
// CHECK-NEXT:      %[[R:.*]] = math.fma %{{.*}}, %[[A]], %[[C1]] : f32
// CHECK-NEXT:      %[[P:.*]] = math.fma %[[R]], %[[A]], %[[MINUS_ONE]] : f32
// CHECK-NEXT:      %[[Q:.*]] = math.exp2 %[[P]] : f32
// CHECK-NEXT:      %[[NEGATIVE:.*]] = arith.cmpf olt, %[[E]], %[[ZERO]] : f32
// CHECK-NEXT:      %[[REST:.*]] = arith.subf %[[ONE]], %[[Q]] : f32
// CHECK-NEXT:      %[[W:.*]] = arith.select %[[NEGATIVE]], %[[Q]], %[[REST]] : f32
// CHECK-NEXT:      %[[G:.*]] = arith.mulf %[[E]], %[[W]] : f32
// CHECK-NEXT:      coopmat.insert %[[G]]
// CHECK-NOT:     math.erf
// CHECK-NOT:     arith.divf
// CHECK:         gpu.return
func.func @gelu_erf(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %D: memref<32x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %c = arith.constant 0.7071067811865476 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T : memref<32x32xf32>) outs(%D : memref<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %u = arith.mulf %x, %c : f32
    %e = math.erf %u : f32
    %e1 = arith.addf %e, %one : f32
    %h = arith.mulf %half, %x : f32
    %r = arith.mulf %h, %e1 : f32
    %y = arith.truncf %r : f32 to f16
    linalg.yield %y : f16
  }
  func.return
}
