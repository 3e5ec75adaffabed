#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<8x16xf16>) -> tensor<8x32xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f16
    %cst_1 = arith.constant 2.000000e+00 : f16
    %cst_2 = arith.constant 5.000000e-01 : f16
    %cst_3 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_32_16_torch.float16> : tensor<32x16xf16>
    %0 = tensor.empty() : tensor<16x32xf16>
    %transposed = linalg.transpose ins(%cst_4 : tensor<32x16xf16>) outs(%0 : tensor<16x32xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_3 : tensor<32xf16>) outs(%1 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %14 = arith.extf %in : f16 to f32
      linalg.yield %14 : f32
    } -> tensor<32xf32>
    %3 = tensor.empty() : tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf16>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %14 = arith.extf %in : f16 to f32
      linalg.yield %14 : f32
    } -> tensor<8x16xf32>
    %5 = tensor.empty() : tensor<16x32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<16x32xf16>) outs(%5 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %14 = arith.extf %in : f16 to f32
      linalg.yield %14 : f32
    } -> tensor<16x32xf32>
    %7 = tensor.empty() : tensor<8x32xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%8 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %2 : tensor<8x32xf32>, tensor<32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %14 = arith.addf %in, %in_5 : f32
      linalg.yield %14 : f32
    } -> tensor<8x32xf32>
    %11 = tensor.empty() : tensor<8x32xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x32xf32>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %14 = arith.truncf %in : f32 to f16
      linalg.yield %14 : f16
    } -> tensor<8x32xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<8x32xf16>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f16, %out: f16):
      %14 = math.sqrt %cst_1 : f16
      %15 = arith.divf %in, %14 : f16
      %16 = math.erf %15 : f16
      %17 = arith.addf %16, %cst_0 : f16
      %18 = arith.mulf %17, %cst_2 : f16
      %19 = arith.mulf %in, %18 : f16
      linalg.yield %19 : f16
    } -> tensor<8x32xf16>
    return %13 : tensor<8x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16: "0x02000000F833BEB0FD33ADB321B3EA30B02662236EB0B6AEAEACCBB3A722A929F08A2B2D9733412CDBAD96AE1EB18CB127A9A9A91E2FD7AE61329DB1D2113133F533A2B0",
      torch_tensor_32_16_torch.float16: "0x02000000CE2D58AD79ACBA2C94325A2C92AF85AF90B3EA2A7DB022B3043332B148A7952C142062B177B260323629A3325DADB62C51ABB1A1DFB0692D0F2D489D32ABEEB08831F5B18E2E61ADB8AFC02928B05F2B492AF1B15429D12E552E07A88FB2EFA88F2DD7AD132E54312DB00D199E2E04255925FE274AB208258A313533B4304A28792FC9AFA1B2E1B2FB33143188B1432E0B32FF33FF32333256AB9DAD92327C30D0B03133BB2F5C3004B1972C9CAD4032C2A93B2EAF29CF2E70ADCD2F96B13A2B6AB1E4B36DB2513254308133693225B376B12CA932B18E310CB2CEAFBBB38BB094328D32BA312D321D3319AC0A2F21334B2DFF332630F9309AADAD2F5B27A4AB82B07DB028B25F31B03149A7A1B02F321E31C2248EAF5A338B2E13B2A8331332D5AD7F308CB004A9CB324A21A8B159AD58AC2CAA20266633DA22F1B09022AC2FF02F50B3BAA9F2B1D4AEC42DAEB1F32DCA32332455B1BCADFD2A19B2F32F43B3B1B3C6B37EAA613192B3A63266AEB02CD62137B3A2324F30F4330B3048B1AD32E122962F6AB29AACDBB33BAEE72A48B21A2D4B3075285AB134B2F0AC062FE4339A3035A79C2DD9B3D5B2772F88B0B32FA6B1EDAF97B22D3085A62832F3306D301E20F2ACF5AA4128EE2F9BB1B732F5A6B4B254B01433513369B3A4310230BC30C63250B00D2D8C2EBAAC5B2D9AACF23070ACF7AD072CAD2DD1AFA825A3305EA6DF2CB8AB9C2DCCB1B4B010B05A334EAC9891C0AFFC33D03309B27CB210B2F09414AC3DB1BDAD0C2A2EB0172B57ABC1AF6528943269B1F221E6ADDA3397B3ABB3E23310B1232A86A5BEAA26AB15311E22CAB3B9B074AD07302DB18B3321ABBFA945320530C932A130DBAC4FB1C3A49F325FAD6BB38F2ECA338EACA0B242B3022CD9A40AB0782A132E5D323632CAA80EB33BB37833132FF92EECB2683394333933C0B20AAE81B19333E0AE4EAF313067AFE1AF99A527A63BB2AB320FAFAD2DF53209308828CF324D2867AF9133932BCEB38EAC73B1043349A94BB306A40631282C0F2DF225F72DCCAB5DAE7AB307B2EF2EBDB097281B2D882430B1A733A7B094325DB2B3AB5A308AAEB83281B1B8B237AF2C295E33A3AFB92D03ACF1AAE23133B2CC26863366A83632EDAC7132BDB39DA89FA92F2D472E2432C4A813A17A3154AC033354B1EDA6E0A2242F783112A9A1B2EE2FC92C6D2EEFB0263194338E2579B39E31EEB15B2BA6287DAF922D28B34A2B12B1ECA61E28D132A2AF203111A899AFF7B257B3D033FBAB6522562C7031D4327D32EDB120A9BCB092B0972B823369B2D73026B03CAA5A323DABD42598B1CF3223A8DAB1AF2CB0B159B2CC23583287AC882FE0324E3132B004A709AD6FB2C5060532BD32F925452BEDAE0A32A8AE8FB1EE28CC3036B33B33C12D9BB1E5AAF13223B2ADAC3F2D02B363302A30F6301AB1"
    }
  }
#-}
