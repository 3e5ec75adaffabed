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
      %22 = arith.extf %in : f16 to f32
      linalg.yield %22 : f32
    } -> tensor<32xf32>
    %3 = tensor.empty() : tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf16>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %22 = arith.extf %in : f16 to f32
      linalg.yield %22 : f32
    } -> tensor<8x16xf32>
    %5 = tensor.empty() : tensor<16x32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<16x32xf16>) outs(%5 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %22 = arith.extf %in : f16 to f32
      linalg.yield %22 : f32
    } -> tensor<16x32xf32>
    %7 = tensor.empty() : tensor<8x32xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%8 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %2 : tensor<8x32xf32>, tensor<32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %22 = arith.addf %in, %in_3 : f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %11 = tensor.empty() : tensor<8x32xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x32xf32>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %22 = arith.truncf %in : f32 to f16
      linalg.yield %22 : f16
    } -> tensor<8x32xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<8x32xf16>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %22 = arith.extf %in : f16 to f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.exp %in : f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.log1p %in : f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %16 = tensor.empty() : tensor<8x32xi1>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<8x32xf32>) outs(%16 : tensor<8x32xi1>) {
    ^bb0(%in: f32, %out: i1):
      %22 = arith.cmpf ogt, %in, %cst_2 : f32
      linalg.yield %22 : i1
    } -> tensor<8x32xi1>
    %18 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17, %13, %15 : tensor<8x32xi1>, tensor<8x32xf32>, tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %22 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.tanh %in : f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13, %19 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %22 = arith.mulf %in, %in_3 : f32
      linalg.yield %22 : f32
    } -> tensor<8x32xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<8x32xf32>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %22 = arith.truncf %in : f32 to f16
      linalg.yield %22 : f16
    } -> tensor<8x32xf16>
    return %21 : tensor<8x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16: "0x020000003FA431B352B06AA752AF84AE511F72AAC931A13048319F302A2D2C2E5AAC99213B32E7A8E0265924352C38B352AF0DAFAAAE0C3385B3362D90B0283060B03AB3",
      torch_tensor_32_16_torch.float16: "0x02000000F5AC04B3F13277AEDC33FCAFB8330FB20D303729FBB2C83294338BAC0BB0362F01B00D30DCB3C824A831EF9ECDADF8B240303AAD2EB3312EDFAEB528D133512DBE8A60AD1CB1D9B15131942CBAA766B093B21D33F6B200AED632C22A3CAD7BAAD1AE012FF0B1B23349B346AAA6327932042B9630562C8D2E24B2D12D36327EB1F831C72A8BB2DFB01933422D1D31AFACED32D22E21B35AADAEB2562D04AF42B19F2B01AC6FB089B116311C33E0B1BDB2A0B05DB16C29C73026B0A1A6DE2FE3AF5F2A893354325EB04C2DBBB2432D9D320AA10D3242B2D02F2F2A41AE6333C3AE982386A2B0B3C7A4A5B362B1F51D00A9B4310F316F31E7B352B23028DF3272324532DAAE1B1C6130B3B276337DB37833582FEF21DA313EAA012D89B1242A48AF2F2ED9B320A9F2318F32072C43B0442D15B21531BDB37FAEF7AB0EB1612DF6301B3026AE75B20D9B65B3B5B3193354331BB0932DAA306AAEEDB2C59036AE97ACEDAFA233A9271633212C5926FE2A7AB3A8AC8FB178B07F2CF52A842AD43005292BA60CAC01B2D8AD562E64AC38B2512D7A3337B115ABE02EEDB0EC337DAA69AC97322FB008312A2E90A9E42093B1B1A0C628BFB2C12852302429A93307AFA72B7E31AAB2B2AD622DC2A9E632303349AAE22E71B1A8AFAFB35A32553042296BB097B0D2B36532F89E8F275D29F1216932CD2A4EB30AB1E9337BB3212E7F25EE2D38AE5D053E31DD2A86A958B29931ED9CA5A0C2AD14319EB1B9313EACE0AB66AD2325BA309632FEB3A2AD32B22233FDA85DB196AE61B315AF8EB17DB27B333DB226A847AAFEA96EB391B15B2E3BA9F62D03AB202901B033310333862CE32F212CF8A799ABC730DE2F13334231F62B08288D33909946B119B39C29FC2F4BAB17B330814832F7AC96ACD3AF123009304333F2217933D431EBB0ADAD132E74265AB2C9333F2009B2962BA521E231EBA867307DB07828352AC7AD5F9BD6AACB2E842CE2AC3B1CC33105B3AE2465B350B3709E44A922B2DFAE0CB365A6ECB0FD2E61326131B62FABB178B08B325FA27AB079B3FBB1692ED2B391B154B111AFB4A68BAB5FB29933FAAC01308FAC1D2C8227C531CFB095B087B387B28A2F18A9F1A1CEB00BB15A305232E4284FAE96A972AE91AC1CA7D0AFFDA95433FA2CC92272AE4BB1D5A7DAA7DBB3FEAC452C5698BBAA9C3258AFAB31BFB155B1C7297C2B9EA94DB22C30E3247AAB9AAA9C2FBAAC85319A2C51317E289AAA4D339F306A3289307A3162ADACB2A3333F30C8A88B331A2B5BB37B948A32782DEBB1163244B26A2E49A70432C7333DAF782A6BAF7E275FB1AB305EADAA304424CDAD65AFA8AD292508B36DB1A52847B09930233334B2BAB372B25F31FFB3FCA6A1A5E0A6543365B130AAC5B2C43291313CAAB3AD1AA6032AE0B0A4AB8015F22C1BB2852669B3C7B394B1"
    }
  }
#-}
