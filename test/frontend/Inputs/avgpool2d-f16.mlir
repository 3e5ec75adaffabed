#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @forward(%arg0: tensor<1x4x8x8xf16>) -> tensor<1x4x4x4xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 4.000000e+00 : f16
    %0 = tensor.empty() : tensor<1x4x4x4xf16>
    %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<1x4x4x4xf16>) -> tensor<1x4x4x4xf16>
    %2 = tensor.empty() : tensor<2x2xf16>
    %3 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %2 : tensor<1x4x8x8xf16>, tensor<2x2xf16>) outs(%1 : tensor<1x4x4x4xf16>) -> tensor<1x4x4x4xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x4x4x4xf16>) outs(%0 : tensor<1x4x4x4xf16>) {
    ^bb0(%in: f16, %out: f16):
      %5 = arith.divf %in, %cst_0 : f16
      linalg.yield %5 : f16
    } -> tensor<1x4x4x4xf16>
    return %4 : tensor<1x4x4x4xf16>
  }
}
