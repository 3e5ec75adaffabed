#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @forward(%arg0: tensor<32x256x56x56xf16>, %arg1: tensor<64x256x1x1xf16>, %arg2: tensor<64x64x3x3xf16>, %arg3: tensor<256x64x1x1xf16>) -> tensor<32x256x56x56xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_256_torch.float16_3> : tensor<256xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_256_torch.float16_2> : tensor<256xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_256_torch.float16_1> : tensor<256xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_256_torch.float16> : tensor<256xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_64_torch.float16_7> : tensor<64xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_64_torch.float16_6> : tensor<64xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_64_torch.float16_5> : tensor<64xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_64_torch.float16_4> : tensor<64xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_64_torch.float16_3> : tensor<64xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_64_torch.float16_2> : tensor<64xf16>
    %cst_12 = arith.constant 1.000000e-05 : f64
    %cst_13 = arith.constant dense_resource<torch_tensor_64_torch.float16_1> : tensor<64xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_64_torch.float16> : tensor<64xf16>
    %0 = tensor.empty() : tensor<32x64x56x56xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<32x64x56x56xf32>) -> tensor<32x64x56x56xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<32x256x56x56xf16>, tensor<64x256x1x1xf16>) outs(%1 : tensor<32x64x56x56xf32>) -> tensor<32x64x56x56xf32>
    %3 = tensor.empty() : tensor<32x64x56x56xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<32x64x56x56xf32>) outs(%3 : tensor<32x64x56x56xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<32x64x56x56xf16>
    %5 = tensor.empty() : tensor<64xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_14 : tensor<64xf16>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<64xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_13 : tensor<64xf16>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<64xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<64xf32>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.truncf %cst_12 : f64 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<64xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<64xf32>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = math.sqrt %in : f32
      linalg.yield %48 : f32
    } -> tensor<64xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<64xf32>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %48, "unimplemented: tensor with zero element"
      %49 = arith.divf %cst_1, %in : f32
      linalg.yield %49 : f32
    } -> tensor<64xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_15 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<32x64x56x56xf16>, tensor<64x1x1xf32>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f16, %in_26: f32, %out: f32):
      %48 = arith.extf %in : f16 to f32
      %49 = arith.subf %48, %in_26 : f32
      linalg.yield %49 : f32
    } -> tensor<32x64x56x56xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_15 : tensor<32x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %48 = arith.mulf %in, %in_26 : f32
      linalg.yield %48 : f32
    } -> tensor<32x64x56x56xf32>
    %expanded_16 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf16> into tensor<64x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_16 : tensor<32x64x56x56xf32>, tensor<64x1x1xf16>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.mulf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32x64x56x56xf32>
    %expanded_17 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf16> into tensor<64x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_17 : tensor<32x64x56x56xf32>, tensor<64x1x1xf16>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32x64x56x56xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<32x64x56x56xf32>) outs(%3 : tensor<32x64x56x56xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<32x64x56x56xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<32x64x56x56xf16>) outs(%3 : tensor<32x64x56x56xf16>) {
    ^bb0(%in: f16, %out: f16):
      %48 = arith.cmpf ugt, %in, %cst : f16
      %49 = arith.select %48, %in, %cst : f16
      linalg.yield %49 : f16
    } -> tensor<32x64x56x56xf16>
    %padded = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
      tensor.yield %cst : f16
    } : tensor<32x64x56x56xf16> to tensor<32x64x58x58xf16>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg2 : tensor<32x64x58x58xf16>, tensor<64x64x3x3xf16>) outs(%1 : tensor<32x64x56x56xf32>) -> tensor<32x64x56x56xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<32x64x56x56xf32>) outs(%3 : tensor<32x64x56x56xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<32x64x56x56xf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<64xf16>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<64xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<64xf16>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<64xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<64xf32>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.truncf %cst_12 : f64 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<64xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<64xf32>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = math.sqrt %in : f32
      linalg.yield %48 : f32
    } -> tensor<64xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%22 : tensor<64xf32>) outs(%5 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %48, "unimplemented: tensor with zero element"
      %49 = arith.divf %cst_1, %in : f32
      linalg.yield %49 : f32
    } -> tensor<64xf32>
    %expanded_18 = tensor.expand_shape %19 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_19 = tensor.expand_shape %23 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_18 : tensor<32x64x56x56xf16>, tensor<64x1x1xf32>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f16, %in_26: f32, %out: f32):
      %48 = arith.extf %in : f16 to f32
      %49 = arith.subf %48, %in_26 : f32
      linalg.yield %49 : f32
    } -> tensor<32x64x56x56xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_19 : tensor<32x64x56x56xf32>, tensor<64x1x1xf32>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %48 = arith.mulf %in, %in_26 : f32
      linalg.yield %48 : f32
    } -> tensor<32x64x56x56xf32>
    %expanded_20 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf16> into tensor<64x1x1xf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_20 : tensor<32x64x56x56xf32>, tensor<64x1x1xf16>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.mulf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32x64x56x56xf32>
    %expanded_21 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf16> into tensor<64x1x1xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_21 : tensor<32x64x56x56xf32>, tensor<64x1x1xf16>) outs(%0 : tensor<32x64x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32x64x56x56xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<32x64x56x56xf32>) outs(%3 : tensor<32x64x56x56xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<32x64x56x56xf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<32x64x56x56xf16>) outs(%3 : tensor<32x64x56x56xf16>) {
    ^bb0(%in: f16, %out: f16):
      %48 = arith.cmpf ugt, %in, %cst : f16
      %49 = arith.select %48, %in, %cst : f16
      linalg.yield %49 : f16
    } -> tensor<32x64x56x56xf16>
    %30 = tensor.empty() : tensor<32x256x56x56xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<32x256x56x56xf32>) -> tensor<32x256x56x56xf32>
    %32 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%29, %arg3 : tensor<32x64x56x56xf16>, tensor<256x64x1x1xf16>) outs(%31 : tensor<32x256x56x56xf32>) -> tensor<32x256x56x56xf32>
    %33 = tensor.empty() : tensor<32x256x56x56xf16>
    %34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32 : tensor<32x256x56x56xf32>) outs(%33 : tensor<32x256x56x56xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<32x256x56x56xf16>
    %35 = tensor.empty() : tensor<256xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<256xf16>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<256xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<256xf16>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<256xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%37 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.truncf %cst_12 : f64 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<256xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%38 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = math.sqrt %in : f32
      linalg.yield %48 : f32
    } -> tensor<256xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%39 : tensor<256xf32>) outs(%35 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %48, "unimplemented: tensor with zero element"
      %49 = arith.divf %cst_1, %in : f32
      linalg.yield %49 : f32
    } -> tensor<256xf32>
    %expanded_22 = tensor.expand_shape %36 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %expanded_23 = tensor.expand_shape %40 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf32> into tensor<256x1x1xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_22 : tensor<32x256x56x56xf16>, tensor<256x1x1xf32>) outs(%30 : tensor<32x256x56x56xf32>) {
    ^bb0(%in: f16, %in_26: f32, %out: f32):
      %48 = arith.extf %in : f16 to f32
      %49 = arith.subf %48, %in_26 : f32
      linalg.yield %49 : f32
    } -> tensor<32x256x56x56xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_23 : tensor<32x256x56x56xf32>, tensor<256x1x1xf32>) outs(%30 : tensor<32x256x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %48 = arith.mulf %in, %in_26 : f32
      linalg.yield %48 : f32
    } -> tensor<32x256x56x56xf32>
    %expanded_24 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf16> into tensor<256x1x1xf16>
    %43 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_24 : tensor<32x256x56x56xf32>, tensor<256x1x1xf16>) outs(%30 : tensor<32x256x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.mulf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32x256x56x56xf32>
    %expanded_25 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [256, 1, 1] : tensor<256xf16> into tensor<256x1x1xf16>
    %44 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %expanded_25 : tensor<32x256x56x56xf32>, tensor<256x1x1xf16>) outs(%30 : tensor<32x256x56x56xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32x256x56x56xf32>
    %45 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<32x256x56x56xf32>) outs(%33 : tensor<32x256x56x56xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<32x256x56x56xf16>
    %46 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %45 : tensor<32x256x56x56xf16>, tensor<32x256x56x56xf16>) outs(%33 : tensor<32x256x56x56xf16>) {
    ^bb0(%in: f16, %in_26: f16, %out: f16):
      %48 = arith.addf %in, %in_26 : f16
      linalg.yield %48 : f16
    } -> tensor<32x256x56x56xf16>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<32x256x56x56xf16>) outs(%33 : tensor<32x256x56x56xf16>) {
    ^bb0(%in: f16, %out: f16):
      %48 = arith.cmpf ugt, %in, %cst : f16
      %49 = arith.select %48, %in, %cst : f16
      linalg.yield %49 : f16
    } -> tensor<32x256x56x56xf16>
    return %47 : tensor<32x256x56x56xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_256_torch.float16_3: "0x0200000084B08B2E4928572ADB9D602097A92726732C18313AB2B8ABA428762C993057A76FAE71AC1D3087AC46319BA827A11430ED242CB182AAD4B1E52EAAB156AC642636AF88B013B1A320112AFF258331F42C772C7AA8122CDFAF39AA3EB0CBA6E62CCAAACFA5822CB12C81ACACA95D217B236329922F48AC2F3044281B3245148731343237B13DAD6EB1E62B2EB1B33058ADE2AB60AC73A6B22C9A2B10AD7B2D7B2CDE2F4529FD30602E66300599EA2E4DA8032E51282DB18B2E9E303029A630E2313BB05F2857AD9224F93053AF802933285593F930392FAF2730ABE82FD526A6310F32E1B0DA2D5A2660B1DE2B7A2EACAFDBA785A416B189ABA029E72EEA30A7AEE21EC3B02D31092DBFA92FB15BB2192C443013B270B03729B62EBDB0DA2EF7A6182A8DAFBEB146B11B2ECAB06CB1C8B085AC0E30DA2A412833A983AD98318B2C90AEDDB140AFA926E42D00324DA94E2E5FADA2263DAA69315CAFCDAF74AFCEB16BB0B52FBF2914AD9F2DEDABFD302FB2F8A65BB1B630CEAE672DB13000B1A6B10E324D2C17B11F31D32D6B2E6531792C35A507233EB25130DDA5F32DA9B1582F7FAF2AA59FADA2B183B10830C2AE68A80C321D1BA8B0D9AA43B0E12905AFCCAF9CB0B1A8502E932CA12D5D25641A9891B5B1D49FFDB1E7AD9B2B58AC6DB1E52DD49A5DAF64265EAE22AF44A86793D130BBAA4CAE88B078297C1F1FB1FAA789A9",
      torch_tensor_256_torch.float16_2: "0x02000000263C793D1638CC3B9F3A463B913C0E3D2D392E3C9A3D3938D83B4738EB387839C53C7A39333AD7382F3CCD3B153DC93CCB3A8A3D3838BF3D743C343B4C3CCD3D403CE83C433ADF397A3D8D3A3A380B3AC93C8C3CD43A963C8B3ABB3C523B043C853C4A39E839BB38D83C373D133AB239933C553D4C3C193C6F3D3B3C483CEB3DAA3C853C363C5B39353ACA38073D6C3C223ACB3D5E3BA33DC139513D633A503A473CCA385A388B38CC39CF3C9F3D393BCD3D8E3CBF38123C3E39D93D203D7F3D0A3C033C9D3D133C8138D43A8A3DB83B473CED3D663AFF3B773D503AA63BDE3DC43D0539043C9D3C303D8439B438EE3B5A3DBA3D113B4D3AC93A0D3CE93ABC3B4639AF3CC6399F3C0E3D9C3AB73CEA3D453A913CA53DF43D553DF43A293C923C833BBC3C3038BC3D3D3DD13DFC38453B543D8938C93CB83D563D883A7D3A983B7F3D523C293CE33C4A3D30384039C23A613CF93A563AB43A6F3D0A39BE3CED38E038C93C503CAD3AFA38BE3C853B643BB23C073D233CD23D4C3D523A193CBA3AA63D1D3A533A713B7339423C1F3D9F38E73DE93C3538383D703C043DB138D439743DF13C4E3DB93C76389638F63C503B183DFC399E38823A783DE939EF38473C0E3C22382A3B493AF43DE33C453CC83B453D793AB339FA39AA3A273D283BF43D1E3B363ABD3DD33DAA39E03C173AC63C1E3CA63C3E3DA53B4739653B253D1B3B",
      torch_tensor_256_torch.float16_1: "0x02000000F53CBB3A0D3A033DCB387B38B13D053C7238933CCE3D373B293B2A389F39E93CEA3C993D053CBF3B1038D33B3F38E93A633DB23D8F38DB38AB39CA39F9386A39DB3AC53D8A3A2C3B9C3C4A3C7E38363CDD3D7F3AE53CAB3CF33C953C9A38F63C2D3D7C394E3D4D38103D3A392A3A553CF23B2A3D743DB73CF43D6C3AC43C003C533CE638FF3B1139C03D9F3D213D7E3DA638E13C443CF53CE63CBA3CB2393D392E3C9A3A063816392C3B403A053BE53DFD395C3A973CA839763B3D39EF3BA03DE83B353ADD3D8A3D9139543C463D823AE43CC53CF83D513DD53D76398E3C3E3C0F393C3C62385E3C343D5738933DEC3C113C283B6B3C8539923D2E3BBB3D0F3B193AC23D0539783960386A3DF53AD83B843D063B483C53397838143DBD3D3B39EE3D303C1F3DBC3DA83AE33D833D623D92392F39B03D0C3B2F3C5639C93A3E3BDB3AA838FC3AFA3CA738BA3CD339CD3A4E3DCC3D063D40394B3AB03CB03C3C393D3B983A783D443C513A6039D23D6B3CDE3C1239683B6A3B933D643DD93DDC3AAA3C9539A33CC039F038AD3BEE3B2B3D5B3C0C3C133D293C8538D638F439C9393439973CC63B703C133B583D5C3DB238A93C233A973C183D1B3A223D7C3CA33DDA38F43AC43DE13DDB39DF3D493D593B8D3D2F3D3538E7383C3D763CEC39913C0D3B1F3CD33C3A3A7E3D123D663A913D4A3868384538853A353ACC392639A239",
      torch_tensor_256_torch.float16: "0x020000009DB0F6B141AEE5AAC3B0309F80B0672E9C2F0230C2ACAFA05DB072B173B1C930A09EAD9B39ACF8301EAE2930F62F9FB0A9A8DF20A3A83FA4052739AD92AF53A9283258B0242C94B1CD2C8AA9EBAC33B1882FAEB1F5AC39B178A89EAB11A7A82D84AD9BB06AAA3823BB9F35B18F313B2D8D2CA4B075A60EB2192E9B24E5305EB2D52F8FB1EDA8B72F942714B0962B77B1FFAC3DB0FF31092BB5AE6B9C6C28E6286DB0152506A662164A2E1031A5AD5631D9ABEA315D2806B2B42A52AB9AB1D2302C9F222DEAB0292E87309F9A11B074B0A0B0DD30782C2BA2C7AD64307E2EC4310A31F429C9B039203429F42C63B260ACB32755B158302B30BBA9A9309AA8562C282819B2DFA74331602FFF2F8A304CB0282BDE3121AF89300F32C62C48AD0DB185B02B324B3166B0BCA88D28A02CBF2F182EA0B07E2CF931BEA7ADAE7B309FAD0B27E531DBB1C8314FB16E2918A4203131AF0D9C46301CAFCA294330282817B0D23109ADA5B07C26DB2F92B1B6AEE9B0F7304B2F65B0EBAF8EB10DB0AFB19BA9E02FF2B04C13572C85263A26EFA97B301EAAE4AE582D77B105936CAA7B2BDA30DCAFD3236525633246B106A628304EAF74B08FADBCAF3CB102316430B2AC672C5B305730DD2F0BB2C4B17B1B8626EC315FB289A545B21B2C7820282F0EAF582683ABAE31BE27F42EB82951AABDB1AA30333227AD67A21FAC5EAFFF306BB183AE",
      torch_tensor_64_torch.float16_7: "0x02000000EC2C1C242332E8B0592FF0ADE430551C68B11EB26DB09CAB4830CFAC81309EA8F8A6DDAF4230E8A7EC2A02315C30C4B13831C6B082A2CA25582B30B1703004ACA92C973105B067B11A32DBAC5F3236AC342A31AAFE30DF3115B27D2C1C3252322CB26BA706B08EAF61A9003174A48FB056326A250C2702297C96172D1C321A32",
      torch_tensor_64_torch.float16_6: "0x02000000113DAA3DE53C5B3A3939E738083D4C3D033C623CCC3C673D3A3A953DFB3D2D39473C0A3D0A3C353CB73C3339193C3E3D7039653BED3BEA3DA039D63D633DCF3CD2388C3D073B1639D63BCA3DC63BBD3DB539B33B2A3D5C3CAE3DB33A2A3D293CD939853A8D3A813DE53B2A3CF4381A39303B21383B39AD3B7C3CE93BF83A9338",
      torch_tensor_64_torch.float16_5: "0x02000000A83DA33C723CFB3D643AEF3DA53D573AC43ABB39563C2438AF3D833B653C763C413DD93B2E391D3C3A3A923B613DB7399D3DE13A7D39773AA13D993C3C3BD13D9D38193D4539723C2D3BC93CBE3C643CAE3AB03C4F39A43A1039AA3C8339503DA83B643CF83D6439C83D693A1D39A73C3D38D83AE73C7838F338C83C413DD83C",
      torch_tensor_64_torch.float16_4: "0x02000000422B43AE262EB7A93B2837B15DABF6ABECA1C6AD3DAA09A9ADAC83A8CE30E4B0222C3EA56F256E2E37A6AFB0FBAEA0AF0EA84C23EEB1513205322AA32531E3B0549FE5B1EFB1BA2525B151ACA025F230132D38302C31F4AD3B26E43047ADD8AF48B2DA26BEA8CEAEF7240D2CA3AD83AE762FE7AA6029322C21AC82AA6DB09BB0",
      torch_tensor_64_torch.float16_3: "0x0200000043B0EC31C52A23AD3632C53150B0E12EED27162C443065AE30AEC4AE0A3047325F2D4DB25E2BBBB1D22D48A9592C652CB930342E8029153213323698652F982AF82CB9AA33AECEAED331EEB14E2CD9AFCCAA962251B2FA2B08B2F92E9E2CABAC65A4902CE729B731CA305C30FE2A702E0D3224B0352C793191265BB2AB30F0AF",
      torch_tensor_64_torch.float16_2: "0x020000007D3D5E3AB23D863D2638F83C1E3A5B3A963B0E3CDE3D663DF339913D6F3C683C063D6F3BE938B03BD83DC63D7B38663C783C573AA03DD63C4139CC3DF338B73AE33DBE3A223D4D390F3950388539ED3C3B389D382838693CAF3C9E38933C463C163AC73B9B38A83CE93DF23CE83B863D6F3D963D1A3DAE3A153D183DAF3C8E39",
      torch_tensor_64_torch.float16_1: "0x02000000AF3B653CC53C493CFB3D293CDC3DCE3C6F3B9138FC3CFD3BF13AC83CC23C193B8F392B3CD738463D1E381B3B733C8D3948388C399E3C7339AB3AB73DC73C3A3B813DB33C993CBD3A5439B43B6A3D863DC638E8385039813D6D3A6238F33A253C1A3B0E3DE33B773DED3CA638D03A553C4839533B963AA2383A39BF388639623B",
      torch_tensor_64_torch.float16: "0x0200000088AC3FAF1B319A2F9EB0CD30F32FCE31ACA883AB2A325F2DD430352D3D26E32BFBAF33B054A76FB04D1BF32EA1B0682D6B2CFD1EA5AE29B0993081B14C30A0B0993144B14AB06330F8AC1132B0310032602C572CDF9F3F304F0BA7274CAC4CB02CB1B7AF2E3034AFA7A998244BACE12FE0B0E52D71B160ABFB31D6B1E32C9AB0"
    }
  }
#-}
