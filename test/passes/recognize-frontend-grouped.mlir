// RUN: coopmlir-opt %s --recognize-frontend=bufferize=false | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat=target=h100-vulkan | filecheck %s --check-prefix=KERNELS

// torch-mlir's export (unedited below these lines) of an f16 mixture-of-experts
// product, support/moe_models.py's GatheredExperts(4, 8, 16).half() on 6
// tokens of top-2: torch.bmm(W[ids.flatten()], x.repeat_interleave(2)[..., None]).
// The gather of the weights by ids (a generic of tensor.extract), the batched
// product of the gathered [R, N, K] weights and the truncf become one sort of
// the ids by expert and one grouped product that scatters rows back to their
// order (recognize_frontend/grouped.py).
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: tensor<6x16xf16>, %[[IDS:.*]]: tensor<6x2xi64>) -> tensor<12x8xf16>
// CHECK:         %[[W:.*]] = arith.constant dense_resource<torch_tensor_4_8_16_torch.float16> : tensor<4x8x16xf16>
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0 : i64, 1 : i64], [2 : i64]] : tensor<6x2x16xf16> into tensor<12x16xf16>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[IDS]] {{.*}} : tensor<6x2xi64> into tensor<12xi64>
// CHECK:         %[[R:.*]], %[[O:.*]] = coopmlir.sort_by_expert ins(%[[FLAT]] : tensor<12xi64>) outs(%{{.*}}, %{{.*}} : tensor<12xi32>, tensor<5xi32>) -> tensor<12xi32>, tensor<5xi32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<12x8xf16>
// CHECK-NEXT:    %[[Y:.*]] = coopmlir.grouped_matmul {scatter} ins(%[[ROWS]], %[[W]], %[[R]], %[[O]] : tensor<12x16xf16>, tensor<4x8x16xf16>, tensor<12xi32>, tensor<5xi32>) outs(%[[E]] : tensor<12x8xf16>) -> tensor<12x8xf16>
// CHECK-NEXT:    func.return %[[Y]] : tensor<12x8xf16>
// CHECK-NOT:     linalg.batch_matmul
// CHECK-NOT:     tensor.extract

// Lowered: the repeat (a loop kernel), the sort, the grouped kernel.
// KERNELS:       gpu.launch_func @forward_kernels::@forward_loop
// KERNELS:       gpu.launch_func @forward_kernels::@forward_sort blocks in
// KERNELS:       gpu.launch_func @forward_kernels::@forward_grouped blocks in
// KERNELS-NOT:   gpu.launch_func

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0)>
module {
  func.func @forward(%arg0: tensor<6x16xf16>, %arg1: tensor<6x2xi64>) -> tensor<12x8xf16> {
    %c0_i64 = arith.constant 0 : i64
    %c4_i64 = arith.constant 4 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_4_8_16_torch.float16> : tensor<4x8x16xf16>
    %0 = tensor.empty() : tensor<6x2x16xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<6x16xf16>) outs(%0 : tensor<6x2x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<6x2x16xf16>
    %collapsed = tensor.collapse_shape %1 [[0, 1], [2]] : tensor<6x2x16xf16> into tensor<12x16xf16>
    %expanded = tensor.expand_shape %collapsed [[0], [1, 2]] output_shape [12, 16, 1] : tensor<12x16xf16> into tensor<12x16x1xf16>
    %collapsed_1 = tensor.collapse_shape %arg1 [[0, 1]] : tensor<6x2xi64> into tensor<12xi64>
    %2 = tensor.empty() : tensor<12x8x16xf16>
    %3 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_1 : tensor<12xi64>) outs(%2 : tensor<12x8x16xf16>) {
    ^bb0(%in: i64, %out: f16):
      %9 = arith.cmpi slt, %in, %c0_i64 : i64
      %10 = arith.addi %in, %c4_i64 : i64
      %11 = arith.select %9, %10, %in : i64
      %12 = arith.index_cast %11 : i64 to index
      %13 = linalg.index 1 : index
      %14 = linalg.index 2 : index
      %extracted = tensor.extract %cst_0[%12, %13, %14] : tensor<4x8x16xf16>
      linalg.yield %extracted : f16
    } -> tensor<12x8x16xf16>
    %4 = tensor.empty() : tensor<12x8x1xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<12x8x1xf32>) -> tensor<12x8x1xf32>
    %6 = linalg.batch_matmul ins(%3, %expanded : tensor<12x8x16xf16>, tensor<12x16x1xf16>) outs(%5 : tensor<12x8x1xf32>) -> tensor<12x8x1xf32>
    %7 = tensor.empty() : tensor<12x8x1xf16>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<12x8x1xf32>) outs(%7 : tensor<12x8x1xf16>) {
    ^bb0(%in: f32, %out: f16):
      %9 = arith.truncf %in : f32 to f16
      linalg.yield %9 : f16
    } -> tensor<12x8x1xf16>
    %collapsed_2 = tensor.collapse_shape %8 [[0], [1, 2]] : tensor<12x8x1xf16> into tensor<12x8xf16>
    return %collapsed_2 : tensor<12x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_8_16_torch.float16: "0x020000006EAA4EB462AE2DB569B115B483A4AC2CE2B31DB8293519344A11A6B43131B5B2E9AE2D30A3A7FF34902C95284BB40B3AD03207B476331D352A361734CE2D7D2C46B2043594B12CAC24B8DE26F7257BB8CC28533665AE4EB800B096B73B26A9344036CD316BB42A35AD376FB09910E53641B7B3B3BA2EF0B117AB102C6728E0345F30B237DDB00D36CB1EFD27E536BFB3D2B06FB0E0AC36B4EBB52C340F3242AE61338F377FB1F0AF9BA2752ED1301B304AB9B0304FB598AD05B0C2B2B3ACE0A48FB659B19DACD431372F76B3912BA93198B03839072819A7FC2F8E2C6DAF8AAE3133882F3D30C32D23B7F7B64F306FAEA833D1B5933660B42EB146329F2736AD77B33BAD55B4FF307DAF9234B2329432EEB8DF25902F1C36C2B129307D311AAC56B84EB6FA32AAA8BF3095B0E32FF7B276B45F28C531F8B4CAA6D02FB2380FA4472EB532F72E2230612EEE37C934EA291BA52D31D2B63CAC1930C1308C2F0F36BEAD8E9D57340FACF5AF2BB3CFAF3230D135FB34EEAFF3337E2CAC2E63B04334EBAF68324A3899ACD3B2A8A8D2ACFBB78C242C2E8FB87AB8552BBDB5ED32B22F282D47340FB2AAAF512822B80826A9B042B56030122F8CB2DF35C33432A2C73386B146ACC1B419AC432C71B31D2FAD2FCBA75BACC3B330B3C0B68D2CC7A8D9B16DA5E5B0BD2205B4372A69B1C33001AF7EB66337993408B307AD7F2A112EE6315BB3ADB4E4236F290520962F5F30D0B264345828B6AC13B4B534A6B29431D235CAA9BFB0EEB56DA6D6AD41B598A4FA312E33C136E231C4B09F2A5BB3533137345EAF7FA75233442EB4B5F6330830F7AE182424B43FA29FB03BB49632032614301531C82BA934F831983296B06533C0347FB032A88237F8327732E2300730D231A6B32CB0B1ADED358D34DCB44EB235AE3AB2D6A493345A36B0ADD038D430DAB890B5B93437B20F23B828D52F203889AE182E3FAE62A469AF043557B20230312E01B0782B1534A3B66CB04BB60C282CB8D1260DB23BB538A6FC2DB1A075B3A0B4132F3CB90E345324F634C5A2DFB546B13DB5A936943468B10F305C30E6AF72B419280830022CBDB02AB098313B35ABB2C7AC17AD83349DB04133C1B06426AD328CA321317FABD7B19FB6E0B4A0B028306C3A95341F2C7F345FAC6B29FDB46BB025ADA6A529B8DBAC38374C36AF342739B5A8F22B6828B424332965365F33B7AB902E65B5EB29BBAE092F68B299AFC4311B28AD35653464A7F7B479AFC6AE12B3F5B60834A2B2B5B010A8782C92B226B13CB08FB513B3C893262DB5344A250D35C9A8B82C5D3863AFA7ADF42F7EB877A81FB4BEB37628ABB397350037C9A6559E95AA2EB4163873B5FE284234BCB5332AC3AC6A34DB28492D4BADDA2C88ADE629ACABA4AA0AAC002AF734B1A90FB827AD08B282AAAD31E82ED33016381735A51E"
    }
  }
#-}
