#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @forward(%arg0: tensor<1x8x16xf16>) -> tensor<1x8x16xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFC00 : f16
    %cst_1 = arith.constant 0.000000e+00 : f16
    %cst_2 = arith.constant dense_resource<torch_tensor_16_torch.float16_2> : tensor<16xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_16_torch.float16_2> : tensor<16x16xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float16_1> : tensor<16xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_16_torch.float16_1> : tensor<16x16xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.float16> : tensor<16xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_16_torch.float16> : tensor<16x16xf16>
    %cst_8 = arith.constant 2.500000e-01 : f16
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x16xf16> into tensor<8x16xf16>
    %0 = tensor.empty() : tensor<16x16xf16>
    %transposed = linalg.transpose ins(%cst_7 : tensor<16x16xf16>) outs(%0 : tensor<16x16xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_6 : tensor<16xf16>) outs(%1 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %3 = tensor.empty() : tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x16xf16>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<8x16xf32>
    %5 = tensor.empty() : tensor<16x16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<16x16xf16>) outs(%5 : tensor<16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16x16xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%3 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %8 = linalg.matmul ins(%4, %6 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%7 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %2 : tensor<8x16xf32>, tensor<16xf32>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %45 = arith.addf %in, %in_15 : f32
      linalg.yield %45 : f32
    } -> tensor<8x16xf32>
    %10 = tensor.empty() : tensor<8x16xf16>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<8x16xf32>) outs(%10 : tensor<8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<8x16xf16>
    %expanded = tensor.expand_shape %11 [[0, 1], [2]] output_shape [1, 8, 16] : tensor<8x16xf16> into tensor<1x8x16xf16>
    %transposed_9 = linalg.transpose ins(%cst_5 : tensor<16x16xf16>) outs(%0 : tensor<16x16xf16>) permutation = [1, 0] 
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_4 : tensor<16xf16>) outs(%1 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_9 : tensor<16x16xf16>) outs(%5 : tensor<16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16x16xf32>
    %14 = linalg.matmul ins(%4, %13 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%7 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%14, %12 : tensor<8x16xf32>, tensor<16xf32>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %45 = arith.addf %in, %in_15 : f32
      linalg.yield %45 : f32
    } -> tensor<8x16xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<8x16xf32>) outs(%10 : tensor<8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<8x16xf16>
    %expanded_10 = tensor.expand_shape %16 [[0, 1], [2]] output_shape [1, 8, 16] : tensor<8x16xf16> into tensor<1x8x16xf16>
    %transposed_11 = linalg.transpose ins(%cst_3 : tensor<16x16xf16>) outs(%0 : tensor<16x16xf16>) permutation = [1, 0] 
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_2 : tensor<16xf16>) outs(%1 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_11 : tensor<16x16xf16>) outs(%5 : tensor<16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      linalg.yield %45 : f32
    } -> tensor<16x16xf32>
    %19 = linalg.matmul ins(%4, %18 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%7 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%19, %17 : tensor<8x16xf32>, tensor<16xf32>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %45 = arith.addf %in, %in_15 : f32
      linalg.yield %45 : f32
    } -> tensor<8x16xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<8x16xf32>) outs(%10 : tensor<8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<8x16xf16>
    %expanded_12 = tensor.expand_shape %21 [[0, 1], [2]] output_shape [1, 8, 16] : tensor<8x16xf16> into tensor<1x8x16xf16>
    %22 = tensor.empty() : tensor<1x16x8xf16>
    %transposed_13 = linalg.transpose ins(%expanded_10 : tensor<1x8x16xf16>) outs(%22 : tensor<1x16x8xf16>) permutation = [0, 2, 1] 
    %23 = tensor.empty() : tensor<1x8x8xf32>
    %24 = linalg.fill ins(%cst : f32) outs(%23 : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    %25 = linalg.batch_matmul ins(%expanded, %transposed_13 : tensor<1x8x16xf16>, tensor<1x16x8xf16>) outs(%24 : tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    %26 = tensor.empty() : tensor<1x8x8xf16>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<1x8x8xf32>) outs(%26 : tensor<1x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<1x8x8xf16>
    %28 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<1x8x8xf16>) outs(%26 : tensor<1x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = arith.mulf %in, %cst_8 : f16
      linalg.yield %45 : f16
    } -> tensor<1x8x8xf16>
    %29 = tensor.empty() : tensor<1x8xi64>
    %30 = linalg.fill ins(%c0_i64 : i64) outs(%29 : tensor<1x8xi64>) -> tensor<1x8xi64>
    %31 = tensor.empty() : tensor<1x8xf16>
    %32 = linalg.fill ins(%cst_0 : f16) outs(%31 : tensor<1x8xf16>) -> tensor<1x8xf16>
    %33:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%28 : tensor<1x8x8xf16>) outs(%32, %30 : tensor<1x8xf16>, tensor<1x8xi64>) {
    ^bb0(%in: f16, %out: f16, %out_15: i64):
      %45 = linalg.index 2 : index
      %46 = arith.index_cast %45 : index to i64
      %47 = arith.maximumf %in, %out : f16
      %48 = arith.cmpf ogt, %in, %out : f16
      %49 = arith.select %48, %46, %out_15 : i64
      linalg.yield %47, %49 : f16, i64
    } -> (tensor<1x8xf16>, tensor<1x8xi64>)
    %expanded_14 = tensor.expand_shape %33#0 [[0], [1, 2]] output_shape [1, 8, 1] : tensor<1x8xf16> into tensor<1x8x1xf16>
    %34 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28, %expanded_14 : tensor<1x8x8xf16>, tensor<1x8x1xf16>) outs(%26 : tensor<1x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %45 = arith.subf %in, %in_15 : f16
      linalg.yield %45 : f16
    } -> tensor<1x8x8xf16>
    %35 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%34 : tensor<1x8x8xf16>) outs(%26 : tensor<1x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = math.exp %in : f16
      linalg.yield %45 : f16
    } -> tensor<1x8x8xf16>
    %36 = tensor.empty() : tensor<1x8x1xf16>
    %37 = linalg.fill ins(%cst_1 : f16) outs(%36 : tensor<1x8x1xf16>) -> tensor<1x8x1xf16>
    %38 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%35 : tensor<1x8x8xf16>) outs(%37 : tensor<1x8x1xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = arith.addf %in, %out : f16
      linalg.yield %45 : f16
    } -> tensor<1x8x1xf16>
    %39 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35, %38 : tensor<1x8x8xf16>, tensor<1x8x1xf16>) outs(%26 : tensor<1x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %45 = arith.divf %in, %in_15 : f16
      linalg.yield %45 : f16
    } -> tensor<1x8x8xf16>
    %40 = tensor.empty() : tensor<1x8x16xf32>
    %41 = linalg.fill ins(%cst : f32) outs(%40 : tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
    %42 = linalg.batch_matmul ins(%39, %expanded_12 : tensor<1x8x8xf16>, tensor<1x8x16xf16>) outs(%41 : tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
    %43 = tensor.empty() : tensor<1x8x16xf16>
    %44 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<1x8x16xf32>) outs(%43 : tensor<1x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %45 = arith.truncf %in : f32 to f16
      linalg.yield %45 : f16
    } -> tensor<1x8x16xf16>
    return %44 : tensor<1x8x16xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float16_2: "0x020000002AB353242D295230FFB29B299FA8B13046AFC42C732E05307DAD262D45AA4F2C",
      torch_tensor_16_16_torch.float16_2: "0x02000000A6B15233C5AC07320B3128A19CB22725BCAF2A2C5CAE2B3238B34FAC0C291B2693320EAD63B24C31792C4531BCB0B3B077AE8D246C2D99B007A688A94D33C5ADC133E8B098AE04B2E53180B19F2EE1ADF9338428F3B28229C827BDB36C2AA2339B2C7295A2AA402C21AFE133EA327A2FF6AD83B39BB0C73358B3A3B39DA4172DF6B36DB391155EAD9331982CF2B236B37E31ADA900AF0A2D4AAAA72F0F2CEDAE69B25530CEB014A76028A8B05C30A1B1DC2BD826DF2DDAB36523CD2F1FB1EB2B0314C932C7AAFF16F6AEE3AB952CB7B31232C131C72EFD31FBAC4A2B832288B127AEAEADEAAB1AB3A0B114A6DEA843B3D62A5B30AA32BC3297B121AD97AFDE294A2C1F2BAD3038304BB07E3166313C28F6B2E8B0752C882D76331230CD2D5EA07431D3AD842E9FAFC798BA30572F2EAB7C9A71B0692F6231822DBEB3BAB15B3195A8EA30E631B0ACB2B087B31F2E1A308CA9C4B327B1E6A24D2F5CAD2AB192B12833CB2D7FB2F1B0CBB2A1287FAEEF9210A901B326B334B2B3AEFA2886AF90A0ABA751334BAF843324B2ADB2342DA8B01A306DB04D32BF331924D72A7533BE30FCB219A039B31C32DCA92397EAB05AB027289A3205B00C263E332B3342AA8033D42D4933981FC8B25BACCD2C4430F8B339322DB3B030E533E32B0AAA6830C0ACEDB1ADB1862F1C322F21C2B3DCB33AAB523055B1502C5FB0823231ACABAA04B3",
      torch_tensor_16_torch.float16_1: "0x020000007833123200B346AE403091B0492ADCAE5B2ACF2F072DD031B4A758302C2D0BAD",
      torch_tensor_16_16_torch.float16_1: "0x020000002EB3CDB1F71FF3A806B03030BBA5A12DBD325BAFE0AF6EAA6BA500B0AFAB619F2D2F6733ED31C62608A4192C3AA133A8802D82B2CEB22614D9ACEAAF73B35C311AA14CB084AE352CCDB11C24509A732D592E3AB1E92E0A321F2413300FAE5B2AAD2C64AFF03090B303AEB5B0C0B0D9B08AB37E2955AABCB2BD8655A99A2E44B280AC962AC82ED724562CFF338BAD7431E43214B3BE2B8830FEA86A305B201732831D1FB11332C22CCE32F22B4030FD30632970AB9C2A94B15F2025AD0C2456B2E33062B3DA2E453155B33A33F2B149AA253013AD21330FAF49A83BB16CAFCF330432B6244325CAB20A32CCA8ACAE5EB29432962FD230A0266EB18E2E62275F2DF8AB8DAF91325D2D7EAEB725F5AA79A57C305EB23E3362310A0B8BAE862A4CB132313BB01D2ADFB3A92F6A3101323925B930752D5D31843000B3BF2674ADA4AF9A3194A8F92809316331453096A922B3AEB3072D139A0EB1FD2E4333A13084A853281AB18D2F33B286314FAF59AEB3B2BDAB31A660AFB23197300FB367A6612DB833A7ABE9302CA323AEE53021B3B432FE335EAC522EFA33D32C422EE02D8CAED02B44B0D532DBAE512BA3AC0030381C663055ACB2B0222E81B091B22F2ED0B004AEFEAB8B248BADC2AD05AC9B31CA2CB4AF88B1EE1D202D5B9DAF30BB32B12C472DA4307BADAD297832A9AFFB2441AE27B23D30643252B0FF2DE82C3F2E6730",
      torch_tensor_16_torch.float16: "0x0200000011AFC1B1FE2879A83822F12EB82E0CAD65249A2B731D672A7BAE8F3291A618A8",
      torch_tensor_16_16_torch.float16: "0x020000008EB105B3FF24B1308BAF6626509A7B2F8CB114227833B631EEB3D1A8C61848AD42B191B151312EAD1EA4B22CE9B0B425C230ADB0A82C5FA0663051313F2CBC1FE3B25F2EE130D0ADF2B37C3283AB672A7FAC1A31CD33043118AD9B31CF2F3E2672B2DFAEEAB35A31E833A9301D2D902BB3330EB05FAD2FB356A66424612C91B168A798B282B22C28CFB3432C5FB391B1A4AAA2B376328E322EB0B42A1830162D49A88CB3D13104B3EDA9F12345ADDAADEAB20D2344A7F93244AD2F320F2230AF9CAB43A74E1946A9C02C97320829CC2DF130E62A602F32307D334DB37A2DCDA1BFA92BAECF30513387B2523084319829081A2832971FFBABBAA4222D012CE8A20D2D4F2C7BB2F92BE5305727D7A52132FDB24EAF3BAFEA32BDB35926C0B336A0F72D7CABC433851214B0202C29301290D83210B1D42E8B30F22F0286912C47B247B2F5A303A8F131CF316D3154AF48B281B3CA2D35B3FCB30BB0C1B24EAE09B11BB09B3308AAA332AE1D1DA8AFACB8B16DB28A31EEACCDB35833C01C5AB14AB2B8B204B33D3384313C25D1B22FAC84B3842D40ACD9AAFEAC802F5530032B02A853A6799CF5B1CE33E7AEA8307CB0E0167A2D58B3572F20B2772858AA9630C633362B4F9FEDAFF72DB3AF9C2EEFAE6D312332E83021196B2F4AB37D3228ACD52D6BA95FAD84AF29315AB0A5A909307326BBB2F4B3C7AF6133B0B16930BA31A2AE"
    }
  }
#-}
