#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @forward(%arg0: tensor<1x4x8x8xf16>) -> tensor<1x8x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense_resource<torch_tensor_8_4_3_3_torch.float16> : tensor<8x4x3x3xf16>
    %cst_1 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<1x4x8x8xf16> to tensor<1x4x10x10xf16>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<8xf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %6 = arith.extf %in : f16 to f32
      linalg.yield %6 : f32
    } -> tensor<8xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%0 : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_0 : tensor<1x4x10x10xf16>, tensor<8x4x3x3xf16>) outs(%broadcasted : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
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
      torch_tensor_8_4_3_3_torch.float16: "0x02000000312CC5AC13B150A83FACF22E272B1C26892CB7B099AD5DB026A987AF5B9FE3AC942A86B097AD622F9B2F9B24E9ACADB0712FA41A44A78DA439A9BC2DD8AE64A1F12EB7A8AD2D61298AB0EC2415A3E2AEFDAC7430462E033103311529C6AA192DA7AD3130C63062301A2F1CAC48ACB2ABC8B0083198AD7697EEA9872975B0A31D753075AB11287A2C493020B1B0ACCFAFB5AF37AEF32A20309921372380A427B14B313A2C91B0F528562F872EC730AC30573073A8C6296F2B89B0172B7EAE2D31492FC9308730D7303CB183B08BB03F309EAD372F382C3F3142ADDC2765B054B0FEB0442EEEA9C2224730A92DA82ACDAD4D2E0831EDB099A813B058A9992806B16EAF0D2C4E303FACCB2D30B036AC01307DA57C2C69AEF32AB8A8699BE02B6F295E2F07A18DAAF12FAA987DB01FAF952E1E2D09ADA42F2E2DAC2C7920112DDCA893B084A94F285EAD4B2CE230442CF22E18A4409F17AAA730FCAFA52C492CE93027A5A1AC2D318AAFB8178BAEA42F1A2FADAD10A29F96FAB0E830712C5D8182305D2DC92C642C69AB4CB0EA2B90A2672DB2AF0524F82F5D2781AF5A2A47316BAA18A7422EE42ECC2B3A28F02FFE30C0B0D32E0830F02D392C4E2B0B306225D1307DA6B32D363019200A30C82EF22BF5ABFEAF392C4B2EC9B0F999A3028FA8422E933075AB542CEE2FBAA2BC2D2E3137A2F9B0B7B06530E9AEEA301C2824B03331133024AAD6A7F4AD99AD7C29DFA029AFA0A8232C5F299128DAAEE0ACEA290A2FAA2712B0AD2BB0AEFAB0922F4B2E1BA7A62E06ACC02A35B11BAD33A87028F92C",
      torch_tensor_8_torch.float16: "0x02000000E12651AD2F303D2E01AEE61EF0303BAB"
    }
  }
#-}
