// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=32x32x16 subgroups=2x2 stages=0" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=32x32x16 subgroups=2x2 stages=0" 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: coopmlir-opt %s --split-input-file --lower-to-spirv="target=h100-vulkan tile=32x32x16 subgroups=2x2 stages=0" | filecheck %s --check-prefix=SPIRV

// A bf16 linear layer with its residual, as torch-mlir exports it: the f32
// product plus an f32 bias, truncated to bf16, added to the bf16 residual.
// One kernel: the residual is loaded as a bf16 fragment and converted to
// f32; the truncf rounds (a convert to bf16 and back); the sum is computed
// in f32 and converted to bf16 for the store. No bf16 arithmetic.
// CHECK-LABEL: func.func @residual(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<32x32xbf16>, %[[B:[a-zA-Z0-9_]+]]: memref<32x32xbf16>, %[[BIAS:[a-zA-Z0-9_]+]]: memref<32xf32>, %[[R:[a-zA-Z0-9_]+]]: memref<32x32xbf16>, %[[D:[a-zA-Z0-9_]+]]: memref<32x32xbf16>)
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch_func @residual_kernels::@residual {{.*}} args(%[[A]] : memref<32x32xbf16>, %[[B]] : memref<32x32xbf16>, %[[D]] : memref<32x32xbf16>, %[[R]] : memref<32x32xbf16>, %[[BIAS]] : memref<32xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @residual(%{{.*}}: memref<32x32xbf16>, %{{.*}}: memref<32x32xbf16>, %[[KD:[a-zA-Z0-9_]+]]: memref<32x32xbf16>, %[[KR:[a-zA-Z0-9_]+]]: memref<32x32xbf16>, %[[KBIAS:[a-zA-Z0-9_]+]]: memref<32xf32>)
// CHECK:         %[[ACC:.*]] = scf.for
// CHECK:           coopmat.mul_add {{.*}} -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         }
// CHECK-NEXT:    %[[RB:.*]] = coopmat.load %[[KR]][%[[ROW:.*]], %[[COL:.*]]] row_major : memref<32x32xbf16> -> !coopmat.matrix<16x16xbf16, acc>
// CHECK-NEXT:    %[[RF:.*]] = coopmat.convert %[[RB]] : !coopmat.matrix<16x16xbf16, acc> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[BF:.*]] = coopmat.load %[[KBIAS]][%[[COL]]] stride %{{.*}} row_major : memref<32xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[SUM:.*]] = coopmat.add %[[ACC]], %[[BF]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[T:.*]] = coopmat.convert %[[SUM]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xbf16, acc>
// CHECK-NEXT:    %[[TF:.*]] = coopmat.convert %[[T]] : !coopmat.matrix<16x16xbf16, acc> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[Y:.*]] = coopmat.add %[[RF]], %[[TF]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[OUT:.*]] = coopmat.convert %[[Y]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xbf16, acc>
// CHECK-NEXT:    coopmat.store %[[OUT]], %[[KD]][%[[ROW]], %[[COL]]] row_major : !coopmat.matrix<16x16xbf16, acc>, memref<32x32xbf16>
// CHECK-NEXT:    gpu.return
// In SPIR-V (SPV_KHR_bfloat16): the bf16 matrices are converted with
// OpFConvert (the residual, the rounding truncf and back, the result) and
// the result stored as a bf16 accumulator matrix.
// SPIRV-LABEL: spirv.module @__spv__residual_kernels
// SPIRV-SAME:    BFloat16TypeKHR, BFloat16CooperativeMatrixKHR
// SPIRV:         spirv.FConvert %{{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixAcc> to !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// SPIRV:         spirv.FConvert %{{.*}} : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> to !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixAcc>
// SPIRV:         spirv.FConvert %{{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixAcc> to !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// SPIRV:         %[[OUT:.*]] = spirv.FConvert %{{.*}} : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> to !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixAcc>
// SPIRV:         spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[OUT]], %{{.*}}, <RowMajor> : !spirv.ptr<i16, StorageBuffer>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixAcc>
func.func @residual(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>, %bias: memref<32xf32>, %R: memref<32x32xbf16>, %D: memref<32x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<32x32xbf16>, memref<32x32xbf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%R, %T, %bias : memref<32x32xbf16>, memref<32x32xf32>, memref<32xf32>) outs(%D : memref<32x32xbf16>) {
  ^bb0(%r: bf16, %x: f32, %b: f32, %o: bf16):
    %s = arith.addf %x, %b : f32
    %t = arith.truncf %s : f32 to bf16
    %y = arith.addf %r, %t : bf16
    linalg.yield %y : bf16
  }
  func.return
}

// -----

// GELU (tanh) in bf16 after the rounded bias add: the body is computed in
// f32 (activation_precision.py: constants in f32, fpowi expanded, x^2 on
// the whole matrix, 1 + tanh(u) as 2 / (1 + exp(-2u)) with u's constants
// folded into one exp2 of x (B + A x^2), 0.5 x times 2 / (1 + e) as x /
// (1 + e)), then one convert to bf16 before the store.
// CHECK-LABEL: gpu.func @gelu(
// CHECK:         coopmat.mul_add
// CHECK:         coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xbf16, acc>
// CHECK-NEXT:    %[[X:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xbf16, acc> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[X2:.*]] = coopmat.mul %[[X]], %[[X]] : !coopmat.matrix<16x16xf32, acc>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[X2]]) -> (!coopmat.matrix<16x16xf32, acc>)
// CHECK-NEXT:      %[[S:.*]] = coopmat.extract %[[X2]][%{{.*}}] : !coopmat.matrix<16x16xf32, acc> -> f32
// CHECK-NEXT:      %[[E:.*]] = coopmat.extract %[[X]][%{{.*}}] : !coopmat.matrix<16x16xf32, acc> -> f32
// CHECK-NEXT:      %[[F:.*]] = math.fma %[[S]], %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[F]], %[[E]] : f32
// CHECK-NEXT:      %[[Q:.*]] = math.exp2 %[[P]] : f32
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[Q]], %{{.*}} : f32
// CHECK-NEXT:      %[[G:.*]] = arith.divf %[[E]], %[[D]] : f32
// CHECK-NEXT:      coopmat.insert %[[G]], %{{.*}} : f32, !coopmat.matrix<16x16xf32, acc>
// CHECK:         }
// CHECK-NEXT:    %[[OUT:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xbf16, acc>
// CHECK-NEXT:    coopmat.store %[[OUT]]
func.func @gelu(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>, %bias: memref<32xf32>, %D: memref<32x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %c3 = arith.constant 3 : i64
  %k0 = arith.constant 4.467770e-02 : bf16
  %k1 = arith.constant 7.968750e-01 : bf16
  %half = arith.constant 5.000000e-01 : bf16
  %one = arith.constant 1.0 : bf16
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<32x32xbf16>, memref<32x32xbf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T, %bias : memref<32x32xf32>, memref<32xf32>) outs(%D : memref<32x32xbf16>) {
  ^bb0(%x: f32, %b: f32, %o: bf16):
    %s = arith.addf %x, %b : f32
    %t = arith.truncf %s : f32 to bf16
    %p = math.fpowi %t, %c3 : bf16, i64
    %q = arith.mulf %p, %k0 : bf16
    %u = arith.addf %t, %q : bf16
    %v = arith.mulf %u, %k1 : bf16
    %w = math.tanh %v : bf16
    %x1 = arith.addf %w, %one : bf16
    %x2 = arith.mulf %x1, %half : bf16
    %y = arith.mulf %t, %x2 : bf16
    linalg.yield %y : bf16
  }
  func.return
}

// -----

// Bad input: a bf16 consumer that reads the product through a transposed
// map is not fused; it stays a separate loop kernel (bf16 computed in f32
// there too), with a remark saying why. The only remark of this file.
// REMARK: remark: lower-to-coopmat: 'linalg.generic' is not fused into the matmul's kernel: it reads the matmul's result through another map
// REMARK-NOT: is not fused
// CHECK-LABEL: func.func @transposed(
// CHECK:         gpu.launch_func @transposed_kernels::@transposed
// CHECK:         gpu.launch_func @transposed_kernels::@transposed_loop
// CHECK:       gpu.func @transposed_loop(
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         memref.store %{{.*}} : memref<32x32xbf16>
func.func @transposed(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>, %D: memref<32x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<32x32xbf16>, memref<32x32xbf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T : memref<32x32xf32>) outs(%D : memref<32x32xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  }
  func.return
}

// -----

// A bf16 linear layer as torch-mlir exports it: the f32 product plus an f32
// bias, truncated to bf16 last. The truncf's rounding is the store's
// conversion: one convert to bf16, none back to f32 and to bf16 again
// (bf16 -> f32 -> bf16 is exact).
// CHECK-LABEL: gpu.func @linear(
// CHECK:         %[[ACC:.*]] = scf.for
// CHECK:         }
// CHECK-NEXT:    %[[BF:.*]] = coopmat.load %{{.*}} stride %{{.*}} row_major : memref<32xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[SUM:.*]] = coopmat.add %[[ACC]], %[[BF]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[OUT:.*]] = coopmat.convert %[[SUM]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xbf16, acc>
// CHECK-NEXT:    coopmat.store %[[OUT]], %{{.*}} row_major : !coopmat.matrix<16x16xbf16, acc>, memref<32x32xbf16>
// CHECK-NEXT:    gpu.return
func.func @linear(%A: memref<32x32xbf16>, %B: memref<32x32xbf16>, %bias: memref<32xf32>, %D: memref<32x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<32x32xbf16>, memref<32x32xbf16>) outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T, %bias : memref<32x32xf32>, memref<32xf32>) outs(%D : memref<32x32xbf16>) {
  ^bb0(%x: f32, %b: f32, %o: bf16):
    %s = arith.addf %x, %b : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }
  func.return
}
