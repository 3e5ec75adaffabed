#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @forward(%arg0: tensor<1x4x8x8xf16>) -> tensor<1x8x8x8xf16> {
    %cst = arith.constant dense_resource<torch_tensor_8_4_1_1_torch.float16> : tensor<8x4x1x1xf16>
    %cst_0 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_0 : tensor<8xf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<8xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst : tensor<1x4x8x8xf16>, tensor<8x4x1x1xf16>) outs(%broadcasted : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %4 = tensor.empty() : tensor<1x8x8x8xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x8x8x8xf32>) outs(%4 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %6 = arith.truncf %in : f32 to f16
      linalg.yield %6 : f16
    } -> tensor<1x8x8x8xf16>
    return %5 : tensor<1x8x8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_4_1_1_torch.float16: "0x02000000FB2F5A375CB66AAA4DB45E9FFAB20237273433AEEEB642B4C3AA4E3078B2E6B4DBAB5DB6202F2FB772ADB3B645B2911DC0B33EB5382B10B4FF26D12EC6AAFEB6",
      torch_tensor_8_torch.float16: "0x020000008FB07CAABB3074B69035CD2F542B7B27"
    }
  }
#-}
