#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<8x16xf16>) -> tensor<8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f16
    %cst_1 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_2 = arith.constant dense_resource<torch_tensor_8_16_torch.float16> : tensor<8x16xf16>
    %0 = tensor.empty() : tensor<16x8xf16>
    %transposed = linalg.transpose ins(%cst_2 : tensor<8x16xf16>) outs(%0 : tensor<16x8xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<8xf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %14 = arith.extf %in : f16 to f32
      linalg.yield %14 : f32
    } -> tensor<8xf32>
    %3 = tensor.empty() : tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf16>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %14 = arith.extf %in : f16 to f32
      linalg.yield %14 : f32
    } -> tensor<8x16xf32>
    %5 = tensor.empty() : tensor<16x8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<16x8xf16>) outs(%5 : tensor<16x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %14 = arith.extf %in : f16 to f32
      linalg.yield %14 : f32
    } -> tensor<16x8xf32>
    %7 = tensor.empty() : tensor<8x8xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<8x16xf32>, tensor<16x8xf32>) outs(%8 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %2 : tensor<8x8xf32>, tensor<8xf32>) outs(%7 : tensor<8x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %14 = arith.addf %in, %in_3 : f32
      linalg.yield %14 : f32
    } -> tensor<8x8xf32>
    %11 = tensor.empty() : tensor<8x8xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x8xf32>) outs(%11 : tensor<8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %14 = arith.truncf %in : f32 to f16
      linalg.yield %14 : f16
    } -> tensor<8x8xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<8x8xf16>) outs(%11 : tensor<8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %14 = arith.cmpf ugt, %in, %cst_0 : f16
      %15 = arith.select %14, %in, %cst_0 : f16
      linalg.yield %15 : f16
    } -> tensor<8x8xf16>
    return %13 : tensor<8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float16: "0x0200000099AD8FB2CFAAD72A36B192A2BA3194A6",
      torch_tensor_8_16_torch.float16: "0x02000000AB974B3096B2E3B12AAE4A2C129D5832AEA53C2CD6AC4AAAA5B34CB198AEBE20532ECD306CB1F8AED02DA53296AAFD3128A9C6263E336CB309B10DAC3DAEE9322FB15EAF97B17EB3ACB0E032242FC12FBB221AB06A2978B3C8B120B00C31B13019AF9EA01E31F4335A2E53285D31B6B0F72934B28BB122B03D2F6F2EBDB0D52C64300AA8E3206A2BF730AE332AB2DDAD4A2EA132F6320F335E2AF5B2E32501B175B31C331532FBB3FD2964A944A953AF272EBDB0DE2D0C30BA31FC2DEBB331B1FD2FB32A3EB29BB087336431FAAE07AC9FB39A9C06B22CB20EA3CE288DAEBF30DEB042337B31BFB2F7ABC721AB28972B472EAB23CFAF922FADB3BEB001ACCBAF"
    }
  }
#-}
