// RUN: coopmlir-opt %s --split-input-file --recognize-frontend=bufferize=false | filecheck %s

// A gated mixture-of-experts export after FuseGroupedProduct (as
// recognize-frontend leaves support/moe_models.py's GatheredExperts(4, 8, 16,
// gated=True).half() before grouped_swiglu.py): two grouped products of the
// same rows (two sorts of the same ids), the gate widened, silu(gate) * up in
// one generic. It becomes one gated grouped product reading the first sort.
// CHECK-LABEL: func.func @gated(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<12x16xf16>, %[[IDS:[a-zA-Z0-9_]+]]: tensor<12xi64>, %[[WG:[a-zA-Z0-9_]+]]: tensor<4x8x16xf16>, %[[WU:[a-zA-Z0-9_]+]]: tensor<4x8x16xf16>)
// CHECK:         %[[ROWS:.*]], %[[OFF:.*]] = coopmlir.sort_by_expert ins(%[[IDS]] : tensor<12xi64>)
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<12x8xf16>
// CHECK-NEXT:    %[[Y:.*]] = coopmlir.grouped_matmul {scatter} ins(%[[X]], %[[WG]], %[[WU]], %[[ROWS]], %[[OFF]] : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%[[INIT]] : tensor<12x8xf16>)
// CHECK-NEXT:    func.return %[[Y]]
// CHECK-NOT:   coopmlir.sort_by_expert
// CHECK-NOT:   linalg.generic
func.func @gated(%x: tensor<12x16xf16>, %ids: tensor<12xi64>, %wg: tensor<4x8x16xf16>, %wu: tensor<4x8x16xf16>) -> tensor<12x8xf16> {
  %one = arith.constant 1.000000e+00 : f32
  %r0 = tensor.empty() : tensor<12xi32>
  %o0 = tensor.empty() : tensor<5xi32>
  %rows, %offsets = coopmlir.sort_by_expert ins(%ids : tensor<12xi64>) outs(%r0, %o0 : tensor<12xi32>, tensor<5xi32>) -> tensor<12xi32>, tensor<5xi32>
  %e0 = tensor.empty() : tensor<12x8xf16>
  %g = coopmlir.grouped_matmul {scatter} ins(%x, %wg, %rows, %offsets : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%e0 : tensor<12x8xf16>) -> tensor<12x8xf16>
  %r1 = tensor.empty() : tensor<12xi32>
  %o1 = tensor.empty() : tensor<5xi32>
  %rows1, %offsets1 = coopmlir.sort_by_expert ins(%ids : tensor<12xi64>) outs(%r1, %o1 : tensor<12xi32>, tensor<5xi32>) -> tensor<12xi32>, tensor<5xi32>
  %e1 = tensor.empty() : tensor<12x8xf16>
  %u = coopmlir.grouped_matmul {scatter} ins(%x, %wu, %rows1, %offsets1 : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%e1 : tensor<12x8xf16>) -> tensor<12x8xf16>
  %e2 = tensor.empty() : tensor<12x8xf32>
  %gw = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<12x8xf16>) outs(%e2 : tensor<12x8xf32>) {
  ^bb0(%in: f16, %out: f32):
    %w = arith.extf %in : f16 to f32
    linalg.yield %w : f32
  } -> tensor<12x8xf32>
  %e3 = tensor.empty() : tensor<12x8xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%gw, %gw, %u : tensor<12x8xf32>, tensor<12x8xf32>, tensor<12x8xf16>) outs(%e3 : tensor<12x8xf16>) {
  ^bb0(%a: f32, %a2: f32, %b: f16, %out: f16):
    %n = arith.negf %a2 : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %one, %d : f32
    %silu = arith.mulf %a, %s : f32
    %t = arith.truncf %silu : f32 to f16
    %m = arith.mulf %t, %b : f16
    linalg.yield %m : f16
  } -> tensor<12x8xf16>
  func.return %y : tensor<12x8xf16>
}

// -----

// gate * up without the silu: left as it is (two products, the generic).
// CHECK-LABEL: func.func @not_silu(
// CHECK-COUNT-2: coopmlir.grouped_matmul {scatter} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK:         linalg.generic
func.func @not_silu(%x: tensor<12x16xf16>, %ids: tensor<12xi64>, %wg: tensor<4x8x16xf16>, %wu: tensor<4x8x16xf16>) -> tensor<12x8xf16> {
  %r0 = tensor.empty() : tensor<12xi32>
  %o0 = tensor.empty() : tensor<5xi32>
  %rows, %offsets = coopmlir.sort_by_expert ins(%ids : tensor<12xi64>) outs(%r0, %o0 : tensor<12xi32>, tensor<5xi32>) -> tensor<12xi32>, tensor<5xi32>
  %e0 = tensor.empty() : tensor<12x8xf16>
  %g = coopmlir.grouped_matmul {scatter} ins(%x, %wg, %rows, %offsets : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%e0 : tensor<12x8xf16>) -> tensor<12x8xf16>
  %e1 = tensor.empty() : tensor<12x8xf16>
  %u = coopmlir.grouped_matmul {scatter} ins(%x, %wu, %rows, %offsets : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%e1 : tensor<12x8xf16>) -> tensor<12x8xf16>
  %e3 = tensor.empty() : tensor<12x8xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<12x8xf16>, tensor<12x8xf16>) outs(%e3 : tensor<12x8xf16>) {
  ^bb0(%a: f16, %b: f16, %out: f16):
    %m = arith.mulf %a, %b : f16
    linalg.yield %m : f16
  } -> tensor<12x8xf16>
  func.return %y : tensor<12x8xf16>
}

// -----

// The gate with f16_sums, the up product without: one fused product could
// not keep both accumulations, so both stay.
// CHECK-LABEL: func.func @mixed_sums(
// CHECK:         coopmlir.grouped_matmul {f16_sums} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK:         coopmlir.grouped_matmul ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK:         linalg.generic
func.func @mixed_sums(%x: tensor<12x16xf16>, %wg: tensor<4x8x16xf16>, %wu: tensor<4x8x16xf16>, %rows: tensor<12xi32>, %offsets: tensor<5xi32>) -> tensor<12x8xf16> {
  %one = arith.constant 1.000000e+00 : f16
  %e0 = tensor.empty() : tensor<12x8xf16>
  %g = coopmlir.grouped_matmul {f16_sums} ins(%x, %wg, %rows, %offsets : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%e0 : tensor<12x8xf16>) -> tensor<12x8xf16>
  %e1 = tensor.empty() : tensor<12x8xf16>
  %u = coopmlir.grouped_matmul ins(%x, %wu, %rows, %offsets : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%e1 : tensor<12x8xf16>) -> tensor<12x8xf16>
  %e3 = tensor.empty() : tensor<12x8xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<12x8xf16>, tensor<12x8xf16>) outs(%e3 : tensor<12x8xf16>) {
  ^bb0(%a: f16, %b: f16, %out: f16):
    %n = arith.negf %a : f16
    %ex = math.exp %n : f16
    %d = arith.addf %one, %ex : f16
    %silu = arith.divf %a, %d : f16
    %m = arith.mulf %silu, %b : f16
    linalg.yield %m : f16
  } -> tensor<12x8xf16>
  func.return %y : tensor<12x8xf16>
}
