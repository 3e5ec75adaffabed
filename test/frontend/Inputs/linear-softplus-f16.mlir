#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<8x16xf16>) -> tensor<8x32xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_32_16_torch.float16> : tensor<32x16xf16>
    %cst_2 = arith.constant 2.000000e+01 : f32
    %0 = tensor.empty() : tensor<16x32xf16>
    %transposed = linalg.transpose ins(%cst_1 : tensor<32x16xf16>) outs(%0 : tensor<16x32xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_0 : tensor<32xf16>) outs(%1 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %20 = arith.extf %in : f16 to f32
      linalg.yield %20 : f32
    } -> tensor<32xf32>
    %3 = tensor.empty() : tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf16>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %20 = arith.extf %in : f16 to f32
      linalg.yield %20 : f32
    } -> tensor<8x16xf32>
    %5 = tensor.empty() : tensor<16x32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<16x32xf16>) outs(%5 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %20 = arith.extf %in : f16 to f32
      linalg.yield %20 : f32
    } -> tensor<16x32xf32>
    %7 = tensor.empty() : tensor<8x32xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%8 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %2 : tensor<8x32xf32>, tensor<32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %20 = arith.addf %in, %in_3 : f32
      linalg.yield %20 : f32
    } -> tensor<8x32xf32>
    %11 = tensor.empty() : tensor<8x32xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x32xf32>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %20 = arith.truncf %in : f32 to f16
      linalg.yield %20 : f16
    } -> tensor<8x32xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<8x32xf16>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %20 = arith.extf %in : f16 to f32
      linalg.yield %20 : f32
    } -> tensor<8x32xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = math.exp %in : f32
      linalg.yield %20 : f32
    } -> tensor<8x32xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = math.log1p %in : f32
      linalg.yield %20 : f32
    } -> tensor<8x32xf32>
    %16 = tensor.empty() : tensor<8x32xi1>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<8x32xf32>) outs(%16 : tensor<8x32xi1>) {
    ^bb0(%in: f32, %out: i1):
      %20 = arith.cmpf ogt, %in, %cst_2 : f32
      linalg.yield %20 : i1
    } -> tensor<8x32xi1>
    %18 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17, %13, %15 : tensor<8x32xi1>, tensor<8x32xf32>, tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %20 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %20 : f32
    } -> tensor<8x32xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<8x32xf32>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %20 = arith.truncf %in : f32 to f16
      linalg.yield %20 : f16
    } -> tensor<8x32xf16>
    return %19 : tensor<8x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16: "0x020000009A27DC26FDB24F334DB2FB2972B3A02E82B3712652A0E2B03B31BA2E3AB200AA4B2DA830532C683118A81E2F8DAAE4B2D8325C2C92A8AB255E3111A829A22CA9",
      torch_tensor_32_16_torch.float16: "0x02000000BDADB73003A0D23130B31F245F2F82318C30042ABD32E7B3A32A64ADFFA72CAAC7B3282FB6AF18B3BBA9AFB218AAD41F7DA7AFB085AC9CABDD2676B33B2E9AAC393229328AB29233B12B04B180A01F321B9B10AFE5B11A2C303106317731A4AAABA85C319AB007B01E24DDB2872B65B24731A3B1782FFAB3BAAF5EB2E2A76E2DCA30CD1CAB33A3B230B38FAEA726463340B26AB2BAAA7F33623245A87FB334A2812BBF2E0EAD5FB07C261A30CF33F5A723AFBDB02C3217B0B1989E2C352C44311F2EFF9DA7308D3382B1453183B24EB01A310BA05BB1332B1FAD153350B29B3055B19E31CDB148AEC4AFE02880B1F72AECB1CEB2192B0E319CB089339133282E963083B04B2BE4329CB21D30942DD0B025337C30872A932EB6AC0831BAA8CB303C302331FA2FC5317F95B2A91CB1F52D43B2EA2FAF28EDA4A82960272F9F5519E8B0A0B152B0C830C7AE3B2E5A2F8631ADB1DFA56D2D71320EB05C221F304B2D483329B099ABA3300732C2339C2F55B331B303B38DAE04B133B23EB176321B24703382AFE926D52F0DB126AF3731B8A0EEB0FEAC312418B0BEAE85AE44311130582BE33317B02DA24FB1A327B71FD22975AE0BAC99A602A45BB096A928AD46092EB16E2E5B32D23383B03BB262A8D82F96B09F25FEB04A32EAA5BA2BB43316A867B1EF3263AEB8B2A733A2B02FAC34A4E32CC9B10330292A401AFFAECCAF218CFB2E05B39131DF2E62A9882F1530792DC62B62B32C316F9B17AFEDB311B0D6B363AE7CB0DE2FA7B268B1F0316131EF2A62300121793232B280B3D6AD34A9AC317BAD039E40300EB152B259ABDB338CB1FA338DAD77331088A6AA1A2BE332DA27B42F73B08F2F3FA9572CC1307D3241AB09315AB304A9F8304BA8DB2D12AFEB33E225E29FAC33982AF6ABE2B3AD2B4DB08AB3823072B1D5B07CAE5FAD75A823333333692F292CED32AD31B1AEA0B23FB3F7B30AAFE1308BAC912D142BE61D0A3008B12FB1582CE330C2B158ABE2B374283B311AB3DCB05632F22B49A578AC70A496A83DA886305EAB4028E8AA923122318FB3EB0CC832602FB2ADA8231FAE9BA5A9332DB14AA85EA4E7A6C722E4B144309FB05C313A2B9131FB2C222870322131552BCFB061A4D531F232282EA3AC93302BB11B31402BAAA3F7B3B6B250B3F3AB902506337F2890A779B2DEAEE9B2A22DCD2F4C2ECA21213089319B3375AE32A66EB2AFAF04B2A5309A2EE32F91AF19336329F52CD1AAF4A2BA3307B342AF31334CB27AAF88A4FBB106B26BAB1FA70BAA1833FAB267B3B1AE8BB01DB26330752CAD3126B063321B19473205AEF2B0DF32F3AC1B31CBAB8F307E2F83B2362996AC8FB193B0212F18AB792FAD9F4230233352AF6931812C623356B2D9B05B329A3394AD1232373015B24D31EE2DF8ABC12E59B0C928C3B2C826D72E80A86B2E4632"
    }
  }
#-}
