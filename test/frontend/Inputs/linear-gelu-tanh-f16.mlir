#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<8x16xf16>) -> tensor<8x32xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_0 = arith.constant 4.470830e-02 : f16
    %cst_1 = arith.constant 7.978520e-01 : f16
    %cst_2 = arith.constant 1.000000e+00 : f16
    %cst_3 = arith.constant 5.000000e-01 : f16
    %cst_4 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_32_16_torch.float16> : tensor<32x16xf16>
    %0 = tensor.empty() : tensor<16x32xf16>
    %transposed = linalg.transpose ins(%cst_5 : tensor<32x16xf16>) outs(%0 : tensor<16x32xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_4 : tensor<32xf16>) outs(%1 : tensor<32xf32>) {
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
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %14 = arith.addf %in, %in_6 : f32
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
      %14 = math.fpowi %in, %c3_i64 : f16, i64
      %15 = arith.mulf %14, %cst_0 : f16
      %16 = arith.addf %in, %15 : f16
      %17 = arith.mulf %16, %cst_1 : f16
      %18 = math.tanh %17 : f16
      %19 = arith.addf %18, %cst_2 : f16
      %20 = arith.mulf %19, %cst_3 : f16
      %21 = arith.mulf %in, %20 : f16
      linalg.yield %21 : f16
    } -> tensor<8x32xf16>
    return %13 : tensor<8x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16: "0x02000000E694F7B3D0317632743141AD2E307FB3EBAB82AAA7ADB82E4AAF6BA79FAC83B349A9C8B2AA3047307F335FAD8222452AFC33553324B0CFB236B3B4AFBA32602D",
      torch_tensor_32_16_torch.float16: "0x020000005231BDB2CA318EB3262B3EB15BAEAB294AAE10A995B38BB3332EC6AEDEB050AE8AB265B2C930113043285FB0532DC021B8B1E32A4933DEB3F5B31A280632DEB00B2BA031EF2CED2AFB33363180B0882516300E33F6B35530A5ACD5B31A2B5BB0892832B105B26EA560ADAE3085253F32FF2925AD6B31FF22022A25AD5A1327AA71A53DB24C96A4B2E2AAA33090B164B1D0AB63AC6B2950290F3083B184A47930EB32ABA4A1B0992C8E30FFB0A4B0122F7CA48EB39DB07D2E6DAD86315332A82810A514AD79A2D3291CB2A6ABA8B2E93018B14F3320AC95B0B02FC5288A31AE2EB5B30F3107AA12AF1531D63108B3C9A59232322EBD327CAD6AB0E132AB2EAE33AFAE23B180A788B3462EE731AF2B53A6EF2F14B1D333F4B3AAB390AB89326826252EDDB1D62D27A76A2EA631F42E72A5E2A304B1CAAD33316AAEF83058AE74AB731D57B31D9973A6C0A566AA4F32E7316CB16F2F46B2D0B2E42C861B77AFB7B332AE582D68B3C6B30F28C3B102B32AAE27A945B358B132248BB37FA82AB18CB14A2E28B210B29030FC29493347ACBAAFECA52E151A32F8B38FA4142F68B011B0BB2FAAB3952B32B2F42FD7B2EB3093B3B9B28C1B4E32DAB223AF07335EA9A12EB2B308AD10B0BF32A42ED6B12929E29993AE92B04FAD4E32BCB1B3B1F0AC741C5B2CAF1FB4ABDAB0BEA971AE7732CAB31AB182B2D9A93C320333F7B28CA1B2300E2F8E321A9F60B14B317DAD2430E3ABCD2E3233703348B34BB19EAE1AB1AD33A7A54FB11FAF6BB0872EFAB276B3E3B3E32EE92FF8B0EF2BE831A628C5AABA24DDA607306FB10F308230D9B08832DC334FAE7BACF92F44B2542E772B0B31F3B2A5B2302FC32D72B376B052B3BBB138AF9F325FAA983099334B2F29B307301A2E3332E4B3EC308C3271B3B226D432D2B1402D122F322CF4338D32DD32FAA7B63275B351B0D8AAC1AC64338C2F27317131FAB16AA7AC28292C1D305EAED3ACB2324BAC8FB16D316B3104AD66AAE7B1AEB2042ED6AE5E3268B26CA8871D1D307A326B310B2F58AFB7B128B35922C23314AA63A1D0B1EA2C1231E3B3A2B1ED31942BFBA3B829DEA897B17AB343319DA7F1AD21AC5DB0BDACDEB2FD31892E09B076AD2E2FEDAD382C682C09B1022CD523FD32CAAD1DACE53288B2A024B5332DAFAB33193371331BA63D33F9AE7AAD0D2EC32A69309A3302B13F305A2D3830962FFCAD53B2673290B01D319FB389A96D1989292C250B2D20A7D62BEB332DB1FDA21CAE0533D932FB9E8CADF1B0B93168A4893390300133543233B1AF2CA2AE0430C1A58A2588B126B3062E702B8F256F31AEAEAE2D68B0A12A4EAB9A31FF32F332C221B830FEB3B1B0B829B61548B215AF79AFEDB31B2674317E2E9AAF59B374B2C01C81317BAE5AB045B08AA599B30FB3E033A1AFC6A948AC07B3A4A9E62C7FAE75A1"
    }
  }
#-}
