#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @forward(%arg0: tensor<1x3x32x32xf16>) -> tensor<1x8x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0xFC00 : f16
    %cst_3 = arith.constant dense_resource<torch_tensor_8_torch.float16_3> : tensor<8xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_8_torch.float16_2> : tensor<8xf16>
    %cst_5 = arith.constant 1.000000e-05 : f64
    %cst_6 = arith.constant dense_resource<torch_tensor_8_torch.float16_1> : tensor<8xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_8_3_7_7_torch.float16> : tensor<8x3x7x7xf16>
    %padded = tensor.pad %arg0 low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f16
    } : tensor<1x3x32x32xf16> to tensor<1x3x38x38xf16>
    %0 = tensor.empty() : tensor<1x8x16x16xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_8 : tensor<1x3x38x38xf16>, tensor<8x3x7x7xf16>) outs(%1 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %3 = tensor.empty() : tensor<1x8x16x16xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x8x16x16xf32>) outs(%3 : tensor<1x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %21 = arith.truncf %in : f32 to f16
      linalg.yield %21 : f16
    } -> tensor<1x8x16x16xf16>
    %5 = tensor.empty() : tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_7 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %21 = arith.extf %in : f16 to f32
      linalg.yield %21 : f32
    } -> tensor<8xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_6 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %21 = arith.extf %in : f16 to f32
      linalg.yield %21 : f32
    } -> tensor<8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.truncf %cst_5 : f64 to f32
      %22 = arith.addf %in, %21 : f32
      linalg.yield %22 : f32
    } -> tensor<8xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.sqrt %in : f32
      linalg.yield %21 : f32
    } -> tensor<8xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %21, "unimplemented: tensor with zero element"
      %22 = arith.divf %cst_1, %in : f32
      linalg.yield %22 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_9 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<1x8x16x16xf16>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f16, %in_13: f32, %out: f32):
      %21 = arith.extf %in : f16 to f32
      %22 = arith.subf %21, %in_13 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_9 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %21 = arith.mulf %in, %in_13 : f32
      linalg.yield %21 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_10 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_10 : tensor<1x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_13: f16, %out: f32):
      %21 = arith.extf %in_13 : f16 to f32
      %22 = arith.mulf %in, %21 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_11 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_11 : tensor<1x8x16x16xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_13: f16, %out: f32):
      %21 = arith.extf %in_13 : f16 to f32
      %22 = arith.addf %in, %21 : f32
      linalg.yield %22 : f32
    } -> tensor<1x8x16x16xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x8x16x16xf32>) outs(%3 : tensor<1x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %21 = arith.truncf %in : f32 to f16
      linalg.yield %21 : f16
    } -> tensor<1x8x16x16xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x16x16xf16>) outs(%3 : tensor<1x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %21 = arith.cmpf ugt, %in, %cst : f16
      %22 = arith.select %21, %in, %cst : f16
      linalg.yield %22 : f16
    } -> tensor<1x8x16x16xf16>
    %padded_12 = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst_2 : f16
    } : tensor<1x8x16x16xf16> to tensor<1x8x18x18xf16>
    %17 = tensor.empty() : tensor<1x8x8x8xf16>
    %18 = linalg.fill ins(%cst_2 : f16) outs(%17 : tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16>
    %19 = tensor.empty() : tensor<3x3xf16>
    %20 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_12, %19 : tensor<1x8x18x18xf16>, tensor<3x3xf16>) outs(%18 : tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16>
    return %20 : tensor<1x8x8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float16_3: "0x02000000562D26A8CB29469E952CFCACC130652A",
      torch_tensor_8_torch.float16_2: "0x020000008A3C5D3C863AA53C493DEB3B223B323D",
      torch_tensor_8_torch.float16_1: "0x02000000BF3C403C733CF63DFC3C4E38E23CCD3A",
      torch_tensor_8_torch.float16: "0x020000009BB1F6A0B030C6B16B2EE12C042CB2A9",
      torch_tensor_8_3_7_7_torch.float16: "0x020000003F2CE42A5BA8A9A7BDA8152BB728422CEA2B88299A2700ACDC2C82A2A920462D5E2920A811AD50285B2BCF25B42A539CE2A5432959A83BA9CDA006A243A44F1C8CA6622C7F2528AB61A596223AA6F7AC00ABD92CD125C124A9A5F4292DA31326ED25FBAAFF9BB225342C5C2A16AA462CC929572279A72B2C8EA32E17732B9C2141A4AF201428F99C1A9D9E9ECA1A6DA9312A422C97257A2A22ACBBA9ADAB83280F2A1FA03F2968A463A5EBAAD4A8282AF3A6112C33A9C629239ABBAC5EA670265EACB42B49254227F628A4AC0AAA342D1E2D8E2781ABF31348AC9BAA1C21892B612A6F2B2CA8922CB72B88A55C2A97AC96AB9EA3F12A65A9FCAAA5AB58A72D259A2A5E2C442CA9A454ACF7AC0A24D3A9B82C889FF7AC491DC9A8109F452DEC20F819FE1C4829C321C4A95AAB69A822A915A3822A882CF8AC18A4B9ACBD2473ACA99550293624A8AA22AD8A28C2ACC3A693A7482C2DA4C89EEC2B02AD96A5C9A8C39CBC25B62A9D9C59ABC72C3E264FACEC298EA6F82912AC23A486A88419F82AE295AB1CA29203158B9C3E2DD629A99E48283AA881A8B01F4FA8642CEBA039AC2F2DE1AC78ABA9A8BBA93DAAF3259B2B162D8EA97E27CB2C981C1F2877AA3D29C32C732274AA7B263891DCABDEA9B2AB5A2C2C28A22B742B2E2C392830AB79AB92A974AC432822A7E42C53A2CBACC525E4255120051FA0AC9D28002D1A2917AA08A51C1C751EC6A8FC2A4326BDABD2A35CA606292BABCB221211DA1BA22866ABB5ABD4A277A5D2A82F2C2AAC83ABC7AC0228FEA026ADBFABD4A8352C91249E2B472C4F26EF2BEA99C62C552C34AD2AA3A3A844AD3623972B21248C98B8AC69A55728AF28ED275629F92CDA204F2BF6A6BFA698A85F236C2B3FACB4AC371F06ACEB290F2DCCA904AD50AC142C4DAA9AA4492B2F9705AB1B9FBA26E81F47A9652A0DACB3AB29ACF22B219CDB9305AD8B0CCF2C7BA28527AEAC51ACA32B61AC2A202AAC462D1F2223285DAC291E622343AA12A3AA2CD82C4F2A93ACF4AA59A5F424B42B7BA70E2AFF1C6D2B4DACF1A9A0A85C2B3B237E2B75A9352974ACEFAC6DAB41A649207BAC94956BAA6D28B7987CA9FB265DA7F4A6872C2224F82459A7C8A13CADAFACE0289C244B1C6F27A9AC492C392CE32C63A56B2CE8ACC8A8D12834ACD82A36AC482050ACA32AAE2B442C30AC72A6D69D4421B125DF2726A9A32A3E2DD2AC80213FA6D1ACED1FA3AA23AD402B9F292DAD9C235D2BDCACBD2BABA99CA662A96FAA162D8F2A0DAA622C58A9919D9BAC64266DA9A3A99DAC1224A9AB2A2CD7AC382D47AC9B266B2AAC2B48A7DD29B22A6C291F2824A2512C282C70A9CE2C9FAB36A3D12B67A94BA64AA8C3A43B95A3ABF7A9862A5EAC91A0D32433ACDD24592CA2ACB7A01E2D791499A97A297E984B2CBEAC5A265C26222A63ACF521BB24161F86A44529B3AA5F2882A8C8A958A4CD2BDDAC8C286226B824D99537AC01258FA92FA8EDA932AAEFA59E2C432B75A54AAAF3995826E1A2DFA851A4D42CEEAB9825B9A531AD60ACB3AB21A4F9AA952859A7CFACA2AB4BA8E1ABC723B3AB079DA7258A1D77A371AB2EA727996B2707A781AA65A92921DA1EACA4F1A101ADCEA99429D129F52BDBAA5B2B8A0C18A8A6A9DF2C4A22D42A8BA926ABBD2C8F20B7A480A83329AFA99624C1AB52A4B42C8D9C172BAA2617ADF528FCAA35AAF522B928A22B2A292A2DC9A3C0A0DA2AED12CBA9DC216BAC3AAC69208AA9BB2C8CA8512838296EA5ABA85DA5362ADE2BECA168A9D526531E54AC8A1D2926D2A9F4A8FBAB212A54A8FB9F222013A6112CCFA52B2CABA67325209D622615A3012D6826542BDF2C2E2B422D90A8EA241BAD0424E425EB291626F72A27A9ED2B7F2C762718AC4BAAD2AA6CAC27293EAD202997A8892C5DAC35A9092C752B2DA80AA9D92A31AC5F2C7C9E891DC5296E8D892A732C7FAC9224762CD22A8BABADA5E028322D5E29F21DCB2381A9B1230E2DC0A8DBAB13A1052D1BAC012CA02BBDA9F5AAC923F32C7723182CF3292AAD262BA62147A91AAAA521092D5A276CAC0F22A128D41EF5277626ADA2BF233F2B1DAD9DAB25A4EB2915AB7227942372AA3A24F4A582AAC625E6ABD7289C23082A879AE12C821EF8A3E1AC76AC042480229227B42CB62ABF2C66A9A9A194251224942A739478AC8BAC88AB1D24D4270E2A45AAE6ABD2AC36AD592B78A839A945A877233AA853AC9EA446ADF2ACDCAC71244627949F8FAA022DF427A8281AA396242728802CA12CBE2CAF2CBC29CB28E6ACACAB5E9817AC0C2C942CD5A70B9F342A922C738D67A50BAC58AB162612A97592F0A54AA643A9FF2B812877ACCC250E2C652CE52975A97BABBEAC9D2C102C432AA52194A082ABC7AC8E21F3A950ABD7ACE1ACD22790AA60297491B628342BD0A6F52A49A042279BACA327371EFCA52828AAAC70A598A176A6A9A46D9E0FAA4BA965A8702A372B622AAAA57CA926AC4AA8ADA5B3AC5DAC2EA53622D9ACB2A7BE220FA9042689A964A01BACC2ACF3AB6D2B3BA363217CA4672BAE2C282C7AA62BADBB27C12CB321709F34AD0EAC16A933ACECAB3A1DFBA9DA29562CB428E026C9AC99A9E323FDA830A9C12C579C5AA2ACAC5724B32333ACBDA12EAD08AAEAA4EFA9E327E3AC40ADB22896A29928051A01AD77A9DA2A9B253E29A0AB29A4AB2AD72C66A53995552A3FAB052DD7170A2AE8AA95280FA1B1AAAB2C0390D9A713AC3C2A722B17A6112912A7880A68A30BA98E2B51A3522562A7411E9E27922C3BAA4D2909AA8DAC1F28822732AD911D5227B9247FA773AC662C94A4A32045209CA8BBAC2228F8290BAC6529782456A36C280A2DA42A82ACC8AC55A8A4A4C32C182C74912FA6462A6427F927CDA4162CF328422317ACF12A81218A2B402DA328F32BEAACFAA9E32C462C3D2CEA9C1B2B0E24889CFC2BD2281AA139AD60A4382D9BABAA294CA9BFA0BE28D7A8E22CC1ABDF274E2C71A9BD2C14A0A0A49C2C70A367AC4E2752AA2A2A2F23102C2A2CF62AE928372B6422842BEB2735ACAC27272C1F1F1AA8A3976EA49D9A99A6199F592CF6A6B02B892CED2C2824F7AA512B49A67A29D6AC5D2B79ACB8A836279DACB5AC31AB282C352D0FA77A2C392D052C53A799AC5AAA90A1C5A8A2A539AA1DAD22A88324342BB6A94AA780A95FA853A7B9AB6926A81B74AC8BA42DAD5620B5A3EE2C1AA9E02A952CC82BFEAC90AC2DADAEA8E4ABEEAC46A8CF2A0B2D6D21E529A2AB58AC792CCC2886A8B7A753223FACF7A4688B8E907C2A9122E69D7829E52B3CA8DFACD7AB7E2C2FA9051C02A5"
    }
  }
#-}
