#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%arg0: tensor<8x16xf16>) -> tensor<8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f16
    %cst_1 = arith.constant dense_resource<torch_tensor_8_torch.float16> : tensor<8xf16>
    %cst_2 = arith.constant dense_resource<torch_tensor_8_32_torch.float16> : tensor<8x32xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_32_16_torch.float16> : tensor<32x16xf16>
    %0 = tensor.empty() : tensor<16x32xf16>
    %transposed = linalg.transpose ins(%cst_4 : tensor<32x16xf16>) outs(%0 : tensor<16x32xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_3 : tensor<32xf16>) outs(%1 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %26 = arith.extf %in : f16 to f32
      linalg.yield %26 : f32
    } -> tensor<32xf32>
    %3 = tensor.empty() : tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf16>) outs(%3 : tensor<8x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %26 = arith.extf %in : f16 to f32
      linalg.yield %26 : f32
    } -> tensor<8x16xf32>
    %5 = tensor.empty() : tensor<16x32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<16x32xf16>) outs(%5 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %26 = arith.extf %in : f16 to f32
      linalg.yield %26 : f32
    } -> tensor<16x32xf32>
    %7 = tensor.empty() : tensor<8x32xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%8 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %2 : tensor<8x32xf32>, tensor<32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %26 = arith.addf %in, %in_6 : f32
      linalg.yield %26 : f32
    } -> tensor<8x32xf32>
    %11 = tensor.empty() : tensor<8x32xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x32xf32>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %26 = arith.truncf %in : f32 to f16
      linalg.yield %26 : f16
    } -> tensor<8x32xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<8x32xf16>) outs(%11 : tensor<8x32xf16>) {
    ^bb0(%in: f16, %out: f16):
      %26 = arith.cmpf ugt, %in, %cst_0 : f16
      %27 = arith.select %26, %in, %cst_0 : f16
      linalg.yield %27 : f16
    } -> tensor<8x32xf16>
    %14 = tensor.empty() : tensor<32x8xf16>
    %transposed_5 = linalg.transpose ins(%cst_2 : tensor<8x32xf16>) outs(%14 : tensor<32x8xf16>) permutation = [1, 0] 
    %15 = tensor.empty() : tensor<8xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_1 : tensor<8xf16>) outs(%15 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %26 = arith.extf %in : f16 to f32
      linalg.yield %26 : f32
    } -> tensor<8xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<8x32xf16>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %26 = arith.extf %in : f16 to f32
      linalg.yield %26 : f32
    } -> tensor<8x32xf32>
    %18 = tensor.empty() : tensor<32x8xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_5 : tensor<32x8xf16>) outs(%18 : tensor<32x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %26 = arith.extf %in : f16 to f32
      linalg.yield %26 : f32
    } -> tensor<32x8xf32>
    %20 = tensor.empty() : tensor<8x8xf32>
    %21 = linalg.fill ins(%cst : f32) outs(%20 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %22 = linalg.matmul ins(%17, %19 : tensor<8x32xf32>, tensor<32x8xf32>) outs(%21 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %16 : tensor<8x8xf32>, tensor<8xf32>) outs(%20 : tensor<8x8xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %26 = arith.addf %in, %in_6 : f32
      linalg.yield %26 : f32
    } -> tensor<8x8xf32>
    %24 = tensor.empty() : tensor<8x8xf16>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<8x8xf32>) outs(%24 : tensor<8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %26 = arith.truncf %in : f32 to f16
      linalg.yield %26 : f16
    } -> tensor<8x8xf16>
    return %25 : tensor<8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float16: "0x0200000084AFF8A418B09331D61755AC792C04B1",
      torch_tensor_8_32_torch.float16: "0x02000000AA2D92269F295CB0952CA1B1ACACF2A92730479D27ADE827B2B0FEA9442AFFA1C1A4EA2E4CB0B6AD7A31812854A7DC2DCE2E90A7B6AC66A71C2CC7A5962E9DB08DAD5030F0258E28712B59A986AC7E2AFFA9ACACFB25792916A4A7AFD8A669AEF42D7FAF8330822CD8B0333098B143A110AFDEB07C247CAD173072B0B230D32EF430A0AAEFAE84AFB430A1AD92A5FAA6C927A4B0903030B090316DAC0DAD38A6B22A31A8A5B1F52F9A31B52D89312B2A18A381B0F2B0CAAFBEA9972EABAC089F1C9965AFE69C763185304F3077A46C1A2F2E87AB96ACD7302B21A4AFC43083270E2EEAB03328EC2E87A66EAE8730432D722A5A29FE1B7D2EF2A8A9AE522C092A4F2C07A501A632A3F72957B046B13C2C32AE9DA3462A59264B2FEF259A290DA4AE26262CB82F5CB1B6AC13B183ACE62E5CB112B18D2EAEAE22300D2BAE297E303DB12430572B95AF81294EAA8BACE7A456ADF230DE30D4A404B189A1FB21902FD31D962A012A6BAE05AF0EB1B095022B70A27E3151A862AF8B275FAA34A67B31329DF1300B2635AC263072AEFD1D1629142D38B17120DCA9562F9D2B892CCD2E11A9CDA18A308FB0D2AF9F227BAC2F21FF303FA5D3B025AD3231F9A8F6AC182D9A25FDB0B6305F2EEB30F32CA1AB63AB7C2D63A870287BB198AD342C76A070ADEFB0312F8DA88FB17531812DC4AE21B077310C12CEAE832EB7A83322E5ADCBB0",
      torch_tensor_32_torch.float16: "0x0200000043A43B2E43B153A480AC303083320631F73126B3AEAD9427CBB2572C3EB1DB2E7A32D8B2B432772F48B1A833EEB263B1F6AF7BA2BF29B2AC95B363A712322932",
      torch_tensor_32_16_torch.float16: "0x02000000D7B0EE29B21E232419AE192C78B2C82C56300BA737B27293D00DEAB2A9B16633FC316F308B31292E81304C317AAB11A8B431E68535B134B27930A03237325329863158B3C4B1B3B37232A2985EAF6A2DFDAD21B12C2EDC29BBB145B1802F1532362505B0BA2F952901B32FB1012BF33024ADBD2FF4B0A833B331FE291E2F922DB9B07798442C39ABAC332CAE25B39EAF6DB398322FAFA1B1EBA664B12EB0143002B28C2FD53198901B2F7BB03D32C6339B2B4A33F2B307A75C2AF4B2C92F19AEC9AD59B28B2ED2B1CAAA1C2F07323C2BF8ADF6AE7E30F029BC32062E723272B26E325AAF48AC211600AA542A2133C8B0F22C6EB2062997326531DA3255304CA52D2CB0AECA320130DBB1EB32999BB1A161AC39AC6822D0AF71B31FB05EAA0B32E331CBB0EAA09EAC48B0A1A98DAD7930EFAFEC2884B0FEAC4C32DBAFB2A3A4337A2D12B0CEB09CAD03ADF72E1DABBF3264B001ADD32D6432A7331F2965212BAF8530A3B035ACB0B2B1B37930592461325E323330672E27AC4030B22F8A2D649FC8288B14CEB16E2BE2B1C32FC4B03AAD97AF5132A2B116300330A831022C5C3053324E2A712D41B24BACCE25C127A7ADEEB329AC202EE33239B3A42F97B3A7B303B13AA8782C16B22A323C33E02383323EAF54AE21A8FE2695B168B2522E9D2CD33386AEA62D75AEE62F17A3EE317230A9321C30CF20E532B3B08C33D133A43379AF3DB00D24FB2C0330822ED03202AC40AD5D2D752CABB0312613B2B2AC48AE033334B3B9B0D4B3092C28B22D2D8FB120B116B0CD285A337E33D6A4D6B349AD19AECEAA1D2E0730182F922C7AAE6E99132816B0BAA5FDA78FB36C3178A6EAB254324EB0AA2DEF33ED219A2C5B2E0C32E9AC80B002A5423281258F319D97E92C7320F31E9DB3FEB25225EB2F60318E21BF2EB12EE8B208B334B2671C0FB11FADCAA83E2E6B2B6C3337331BB174924929FC32F5AC4AAE11B1E53188ACFEAD69315C3365A1A4B1853279AD60AFA0B1B2AF44B29EB04AB373AA6F2E13B2B88DE6ADBD2FEE323EA807B026B2B3B09F2C582B4F30C1A81C3021B34D2CC433EBB327B01F3101A944B0E1304A240321DCAC07327030BC29E2282330FC3090AE03A7062FC1AF7B337BB1622FBFB1232D9631B7276AA61631BFB166B1D2B2EDB0A51E41AF212B5220A832F0AE61AC4B310CACA9335BAE9C9995AB772F212E43B0463111A40CAC2A9D9131D933C92F99293931B1AE2EB09FAC2EB1E12E142679AD7FA6139DDC32243329B2DD2D2E2E1E2E5DA8002C072CC933ABB312AE62B1C3AF482AE1300DB23431AF32E3AF96291BB0DB2A6BAF3CAE5BB1ACB262320BA81A9FF6AF933194B079AE3FB2BAB21A332DB26BA8A2ACDC2D482C22B22F33F8B3542659A56AAB7431C1322B28A7ADF3310731BF2960AC65212133F1264EAAC6B249B0C73182A0"
    }
  }
#-}
