#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<2x32x64xbf16>, %arg1: tensor<256x64xbf16>) -> tensor<2x32x256xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_256_torch.bfloat16> : tensor<256xbf16>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x32x64xbf16> into tensor<64x64xbf16>
    %0 = tensor.empty() : tensor<64x256xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<256x64xbf16>) outs(%0 : tensor<64x256xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<256xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_0 : tensor<256xbf16>) outs(%1 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %11 = arith.extf %in : bf16 to f32
      linalg.yield %11 : f32
    } -> tensor<256xf32>
    %3 = tensor.empty() : tensor<64x64xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<64x64xbf16>) outs(%3 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %11 = arith.extf %in : bf16 to f32
      linalg.yield %11 : f32
    } -> tensor<64x64xf32>
    %5 = tensor.empty() : tensor<64x256xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x256xbf16>) outs(%5 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %11 = arith.extf %in : bf16 to f32
      linalg.yield %11 : f32
    } -> tensor<64x256xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%5 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %8 = linalg.matmul ins(%4, %6 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%7 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %2 : tensor<64x256xf32>, tensor<256xf32>) outs(%5 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %11 = arith.addf %in, %in_1 : f32
      linalg.yield %11 : f32
    } -> tensor<64x256xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<64x256xf32>) outs(%0 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %11 = arith.truncf %in : f32 to bf16
      linalg.yield %11 : bf16
    } -> tensor<64x256xbf16>
    %expanded = tensor.expand_shape %10 [[0, 1], [2]] output_shape [2, 32, 256] : tensor<64x256xbf16> into tensor<2x32x256xbf16>
    return %expanded : tensor<2x32x256xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_256_torch.bfloat16: "0x02000000103E17BE3ABE15BE4A3EFDBD16BD163E8DBD183EFFBD09BCB13DE63D303ED7BDBD3D35BE093DBDBD1B3E163EAEBDBDBCB0BC7BBD00BECCBDFABD3A3EF0BD0ABED5BDDCBD05BE223D41BEBA3D2D3EF9BB15BE30BE013DC3BCC83D213E18BB023E993D573D983D883CBEBDBC3DFA3C1D3E68BD5CBD243E1ABED43DD9BD83BD14BE443EAF3D48BDE03D943D033E20BE103ECF3D133ECEBD9D3D833DB43DCE3D233EB5BD87BD66BD0CBD2BBE0DBD35BD29BD243E973D663D1ABECFBC333ECFBD3C3DF13D0EBEDB3DF1BBED3D013E0E3EEE3C883D413E473E4CBE4B3ED03D23BD4A3CE6BD94BD9BBC563DE73D08BEB33DD7BD1A3EFF3DC1BD49BD05BE0D3D043E86BD273E393C013E2FBE6ABD63BD3E3E233E193E843DCB3D0CBEDC3CA3BD163E1CBE2FBE433D423E363D24BE223D133EF93B2F3DAEBD48BE1FBE9BBC41BE1DBE043E33BD32BEA5BD343C30BC48BEECBD8DBC1DBEB83B76BD293DE63D2BBD2B3ED4BDBEBC113EE3BD48BEABBDDEBC963C81BDC6BD31BCB2BDC43D223E9BBD2FBE0DBDE8BD473D06BE4B3DA0BDBBBC0D3E4C3D03BD26BE1A3D7D3D39BECBBC0BBE803DF9BD1ABE8F3DA2BCCBBCD83C6B3C453D00BE27BEBC3B0B3E08BEDEBDE2BD2E3B0ABE29BED6BD18BEF03D25BEBA3D903D3EBE35BD143D293D0ABE243E2E3EE93D5F3CDE3C2B3E6438563D4C3D083E29BE623D44BE4ABEAB3DD43DC13CF3BB43BE"
    }
  }
#-}
