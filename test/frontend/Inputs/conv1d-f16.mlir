#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @forward(%arg0: tensor<1x4x32xf16>) -> tensor<1x8x32xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense_resource<torch_tensor_8_4_3_torch.float16> : tensor<8x4x3xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1] high[0, 0, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index):
      tensor.yield %cst : f16
    } : tensor<1x4x32xf16> to tensor<1x4x34xf16>
    %0 = tensor.empty() : tensor<1x8x32xf32>
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<8xf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<8xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%0 : tensor<1x8x32xf32>) dimensions = [0, 2] 
    %3 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %cst_0 : tensor<1x4x34xf16>, tensor<8x4x3xf16>) outs(%broadcasted : tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
    %4 = tensor.empty() : tensor<1x8x32xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<1x8x32xf32>) outs(%4 : tensor<1x8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %6 = arith.truncf %in : f32 to f16
      linalg.yield %6 : f16
    } -> tensor<1x8x32xf16>
    return %5 : tensor<1x8x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_4_3_torch.float16: "0x0200000041AE8FAD5D2EC7A825B03432C1AEEBAB90307832AF2E66AC66B08D2DEA2C302C5734A83068310F34FD32C02F6C2E6530B425B2A99E3338B446343D3450323CB494B09434A82A4AB31E3184B02D3446B4C632A6297B30CBB00E30A032FA1A2C3105AC6934A8AFFC2403B40DB4FD3185B423290334E332E0315B32B03312314925D4B32FB3B8A74E28D33254345D31962C30B412B49BB0B62B05B468349A2C63B130331634933432304D3486B364A375A4C8B247B47CB0B7B2F833ACB14FB3E9B1",
      torch_tensor_8_torch.float16: "0x020000003DADE9306432E2B3AB337FAFF83175A9"
    }
  }
#-}
