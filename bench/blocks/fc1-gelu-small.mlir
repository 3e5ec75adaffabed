#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @forward(%arg0: tensor<2x32x64xf16>, %arg1: tensor<256x64xf16>) -> tensor<2x32x256xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f16
    %cst_1 = arith.constant 2.000000e+00 : f16
    %cst_2 = arith.constant 5.000000e-01 : f16
    %cst_3 = arith.constant dense_resource<torch_tensor_256_torch.float16> : tensor<256xf16>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x32x64xf16> into tensor<64x64xf16>
    %0 = tensor.empty() : tensor<64x256xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<256x64xf16>) outs(%0 : tensor<64x256xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<256xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_3 : tensor<256xf16>) outs(%1 : tensor<256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<256xf32>
    %3 = tensor.empty() : tensor<64x64xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<64x64xf16>) outs(%3 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<64x64xf32>
    %5 = tensor.empty() : tensor<64x256xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x256xf16>) outs(%5 : tensor<64x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<64x256xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%5 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %8 = linalg.matmul ins(%4, %6 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%7 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %2 : tensor<64x256xf32>, tensor<256xf32>) outs(%5 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %13 = arith.addf %in, %in_4 : f32
      linalg.yield %13 : f32
    } -> tensor<64x256xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<64x256xf32>) outs(%0 : tensor<64x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %13 = arith.truncf %in : f32 to f16
      linalg.yield %13 : f16
    } -> tensor<64x256xf16>
    %expanded = tensor.expand_shape %10 [[0, 1], [2]] output_shape [2, 32, 256] : tensor<64x256xf16> into tensor<2x32x256xf16>
    %11 = tensor.empty() : tensor<2x32x256xf16>
    %12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x32x256xf16>) outs(%11 : tensor<2x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %13 = math.sqrt %cst_1 : f16
      %14 = arith.divf %in, %13 : f16
      %15 = math.erf %14 : f16
      %16 = arith.addf %15, %cst_0 : f16
      %17 = arith.mulf %16, %cst_2 : f16
      %18 = arith.mulf %in, %17 : f16
      linalg.yield %18 : f16
    } -> tensor<2x32x256xf16>
    return %12 : tensor<2x32x256xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_256_torch.float16: "0x020000007D30B6B0D2B1A7B04D32E9AFB2A8B13065ACBD30F6AF47A08B2D332F7F31B9AEEB2DA8B14628E6ADD630AF3071ADE5A57CA5D5AB03B05DAED2AFD1317FAF50B0A9AEE1AE25B012290AB2D02D6931C89FA8B083B10B2815A6442E0731BF980F30C82CB92AC22C4024F0ADE12DD327EB3042ABE3AA2031D2B0A42ECBAE18AC9DB02132762D3FAA042F9E2C193003B180307A2E973070AEE82C152CA32D712E1731AAAD34AC31AB61A855B165A8A7A94CA91C31B82C322BD0B078A6953178AEE0298A2F71B0D72E8B9F692F063073306E27442C0A3237325EB25732812E1BA94E2234AF9EACD6A4B22A362F44B0992DB6AECE30F82F0CAE46AA2BB066281F302CAC3A31C721093077B153AB15ABF0311831C730212C5B2E61B0E32616ADB130DDB07BB11A2A1032B3291EB112299630CA1F76296DAD41B2F7B0DBA40AB2E8B01F3095A98DB125ADA4217EA13EB263AF6AA4EAB0C21DB4AB47292E2F5BA958319FAEF2A5853014AF3FB25BADF3A6B4240BAC31AE88A18CAD222E0F31DAAC76B166A843AF352A33B0592A04ADDBA56C305E2A1AA833B1CC28E72BC9B15CA65CB0032CCAAFD1B0772C0FA557A6BF265823272A02B037B1DC1D5B3043B0F0AE0EAF721952B049B1B0AEC4B0822F26B1CC2D832CEEB1AAA9A128482954B020316F31482FF522F02657319103AF2A632A3F3044B1112B21B250B2542DA22E0A269B9F16B2"
    }
  }
#-}
