#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @forward(%arg0: tensor<2x32x8x8xf16>, %arg1: tensor<16x32x1x1xf16>, %arg2: tensor<16x16x3x3xf16>, %arg3: tensor<32x16x1x1xf16>) -> tensor<2x32x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_32_torch.float16_3> : tensor<32xf16>
    %cst_3 = arith.constant dense_resource<torch_tensor_32_torch.float16_2> : tensor<32xf16>
    %cst_4 = arith.constant dense_resource<torch_tensor_32_torch.float16_1> : tensor<32xf16>
    %cst_5 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.float16_7> : tensor<16xf16>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.float16_6> : tensor<16xf16>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_torch.float16_5> : tensor<16xf16>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float16_4> : tensor<16xf16>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_torch.float16_3> : tensor<16xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_torch.float16_2> : tensor<16xf16>
    %cst_12 = arith.constant 1.000000e-05 : f64
    %cst_13 = arith.constant dense_resource<torch_tensor_16_torch.float16_1> : tensor<16xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_16_torch.float16> : tensor<16xf16>
    %0 = tensor.empty() : tensor<2x16x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<2x32x8x8xf16>, tensor<16x32x1x1xf16>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %3 = tensor.empty() : tensor<2x16x8x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<2x16x8x8xf16>
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_14 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_13 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.truncf %cst_12 : f64 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = math.sqrt %in : f32
      linalg.yield %48 : f32
    } -> tensor<16xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%9 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %48, "unimplemented: tensor with zero element"
      %49 = arith.divf %cst_1, %in : f32
      linalg.yield %49 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_15 = tensor.expand_shape %10 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<2x16x8x8xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f16, %in_26: f32, %out: f32):
      %48 = arith.extf %in : f16 to f32
      %49 = arith.subf %48, %in_26 : f32
      linalg.yield %49 : f32
    } -> tensor<2x16x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_15 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %48 = arith.mulf %in, %in_26 : f32
      linalg.yield %48 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_16 = tensor.expand_shape %cst_11 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_16 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.mulf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_17 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %expanded_17 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<2x16x8x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<2x16x8x8xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16x8x8xf16>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %48 = arith.cmpf ugt, %in, %cst : f16
      %49 = arith.select %48, %in, %cst : f16
      linalg.yield %49 : f16
    } -> tensor<2x16x8x8xf16>
    %padded = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
      tensor.yield %cst : f16
    } : tensor<2x16x8x8xf16> to tensor<2x16x10x10xf16>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg2 : tensor<2x16x10x10xf16>, tensor<16x16x3x3xf16>) outs(%1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<2x16x8x8xf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_9 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<16xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_8 : tensor<16xf16>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<16xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.truncf %cst_12 : f64 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<16xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = math.sqrt %in : f32
      linalg.yield %48 : f32
    } -> tensor<16xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%22 : tensor<16xf32>) outs(%5 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %48, "unimplemented: tensor with zero element"
      %49 = arith.divf %cst_1, %in : f32
      linalg.yield %49 : f32
    } -> tensor<16xf32>
    %expanded_18 = tensor.expand_shape %19 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_19 = tensor.expand_shape %23 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_18 : tensor<2x16x8x8xf16>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f16, %in_26: f32, %out: f32):
      %48 = arith.extf %in : f16 to f32
      %49 = arith.subf %48, %in_26 : f32
      linalg.yield %49 : f32
    } -> tensor<2x16x8x8xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_19 : tensor<2x16x8x8xf32>, tensor<16x1x1xf32>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %48 = arith.mulf %in, %in_26 : f32
      linalg.yield %48 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_20 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_20 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.mulf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<2x16x8x8xf32>
    %expanded_21 = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_21 : tensor<2x16x8x8xf32>, tensor<16x1x1xf16>) outs(%0 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<2x16x8x8xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<2x16x8x8xf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x16x8x8xf16>) outs(%3 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %48 = arith.cmpf ugt, %in, %cst : f16
      %49 = arith.select %48, %in, %cst : f16
      linalg.yield %49 : f16
    } -> tensor<2x16x8x8xf16>
    %30 = tensor.empty() : tensor<2x32x8x8xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %32 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%29, %arg3 : tensor<2x16x8x8xf16>, tensor<32x16x1x1xf16>) outs(%31 : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %33 = tensor.empty() : tensor<2x32x8x8xf16>
    %34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32 : tensor<2x32x8x8xf32>) outs(%33 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<2x32x8x8xf16>
    %35 = tensor.empty() : tensor<32xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_5 : tensor<32xf16>) outs(%35 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<32xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%cst_4 : tensor<32xf16>) outs(%35 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %48 = arith.extf %in : f16 to f32
      linalg.yield %48 : f32
    } -> tensor<32xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%37 : tensor<32xf32>) outs(%35 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.truncf %cst_12 : f64 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<32xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%38 : tensor<32xf32>) outs(%35 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = math.sqrt %in : f32
      linalg.yield %48 : f32
    } -> tensor<32xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%39 : tensor<32xf32>) outs(%35 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %48 = arith.cmpf one, %in, %cst_0 : f32
      cf.assert %48, "unimplemented: tensor with zero element"
      %49 = arith.divf %cst_1, %in : f32
      linalg.yield %49 : f32
    } -> tensor<32xf32>
    %expanded_22 = tensor.expand_shape %36 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_23 = tensor.expand_shape %40 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_22 : tensor<2x32x8x8xf16>, tensor<32x1x1xf32>) outs(%30 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f16, %in_26: f32, %out: f32):
      %48 = arith.extf %in : f16 to f32
      %49 = arith.subf %48, %in_26 : f32
      linalg.yield %49 : f32
    } -> tensor<2x32x8x8xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_23 : tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) outs(%30 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f32, %out: f32):
      %48 = arith.mulf %in, %in_26 : f32
      linalg.yield %48 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_24 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %43 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_24 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%30 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.mulf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<2x32x8x8xf32>
    %expanded_25 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %44 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %expanded_25 : tensor<2x32x8x8xf32>, tensor<32x1x1xf16>) outs(%30 : tensor<2x32x8x8xf32>) {
    ^bb0(%in: f32, %in_26: f16, %out: f32):
      %48 = arith.extf %in_26 : f16 to f32
      %49 = arith.addf %in, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<2x32x8x8xf32>
    %45 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<2x32x8x8xf32>) outs(%33 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %48 = arith.truncf %in : f32 to f16
      linalg.yield %48 : f16
    } -> tensor<2x32x8x8xf16>
    %46 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %45 : tensor<2x32x8x8xf16>, tensor<2x32x8x8xf16>) outs(%33 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f16, %in_26: f16, %out: f16):
      %48 = arith.addf %in, %in_26 : f16
      linalg.yield %48 : f16
    } -> tensor<2x32x8x8xf16>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<2x32x8x8xf16>) outs(%33 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %48 = arith.cmpf ugt, %in, %cst : f16
      %49 = arith.select %48, %in, %cst : f16
      linalg.yield %49 : f16
    } -> tensor<2x32x8x8xf16>
    return %47 : tensor<2x32x8x8xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16_3: "0x020000003CB127AC8C30172EC8315E30C92BD42205B1C7A6EA31CEB1F13133B1CC2EBDB0B4ACF6AC6BAB973016B0C13066AA7CB1D730D72E6AA5E22B8A2C20A9F224EDA8",
      torch_tensor_32_torch.float16_2: "0x020000006C3C173DEB3B473B903D3C38DF3D913C4E3D143D8A3DD5388F3A643C583A5F3C9B3DB13C7E38FC38E53D90385F3DF23D4C39D13C3B3DCE3D5F3DFF3C153D1D3D",
      torch_tensor_32_torch.float16_1: "0x02000000DD3DA23CD438123D3D38783C7C3D6A383C3C7F384B3D193D3239A03A2E3AF03B203C373AD73C8D3967383B3D4939D13DB83CD13A013A733B8739873A88392838",
      torch_tensor_32_torch.float16: "0x02000000633252ADBFAE272E0031CDAF732DCE318126ED30B72C4B2CABB002AFA9AE90AAC4B0D0AF113012AEA6B13AB07AAE6DB050AC38AD3B2F84A89A2E842D2EAC6AAE",
      torch_tensor_16_torch.float16_7: "0x020000001BB2041ED9B0CDB03827E82D16AB50AF7AA2A0A8D1988D31082B2DB1D3B000B2",
      torch_tensor_16_torch.float16_6: "0x02000000FF39163D383D833BEF3CD23D383D953B763D953A7F380E382E3D043A403BCA3C",
      torch_tensor_16_torch.float16_5: "0x02000000E43D0F396E3D363C263C223C76391A3D3B3B813C913C793DB53D263CA6391A3C",
      torch_tensor_16_torch.float16_4: "0x02000000812FA728122C732D1E2CA2AB2B243CAD89AD752C70A75D302BAF1FAEAC3044AB",
      torch_tensor_16_torch.float16_3: "0x02000000B52DF7B1772DB4AC19AB653206B0752E93A9B630B82FB4AF45B2413249328CAE",
      torch_tensor_16_torch.float16_2: "0x020000007938EA3B8839453D8D3D7B3CC839163C603BB33DBC3D2A3C143AFD399039913B",
      torch_tensor_16_torch.float16_1: "0x02000000E33DFC3D213967385C3B203A5339D338E73B823DF23DB63A2D3B9D3C133B9F3D",
      torch_tensor_16_torch.float16: "0x020000004EA0352D59A8E9A8F52E52ADE5AB68A7F8AEC0301CA965AC9BB113AF5029C8B1"
    }
  }
#-}
