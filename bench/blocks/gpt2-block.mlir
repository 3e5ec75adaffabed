#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1) -> (0, d1)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1) -> ()>
#map10 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map13 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @forward(%arg0: tensor<8x1024x768xf16>, %arg1: tensor<2304x768xf16>, %arg2: tensor<768x768xf16>, %arg3: tensor<3072x768xf16>, %arg4: tensor<768x3072xf16>) -> tensor<8x1024x768xf16> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %c3_i64 = arith.constant 3 : i64
    %cst_2 = arith.constant 4.470830e-02 : f16
    %cst_3 = arith.constant 7.978520e-01 : f16
    %cst_4 = arith.constant 1.000000e+00 : f16
    %cst_5 = arith.constant 5.000000e-01 : f16
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<8x12x1024x1024xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<1024x1024xi1>
    %cst_10 = arith.constant dense_resource<torch_tensor_768_torch.float16_5> : tensor<768xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_3072_torch.float16> : tensor<3072xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_768_torch.float16_4> : tensor<768xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_768_torch.float16_3> : tensor<768xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_768_torch.float16_2> : tensor<768xf16>
    %cst_15 = arith.constant 0xFFF0000000000000 : f64
    %cst_16 = arith.constant 0.35355339059327379 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_2304_torch.float16> : tensor<2304xf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_768_torch.float16_1> : tensor<768xf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_768_torch.float16> : tensor<768xf16>
    %cst_20 = arith.constant 1.000000e-05 : f64
    %cst_21 = arith.constant 7.680000e+02 : f64
    %cst_22 = arith.constant 7.680000e+02 : f32
    %0 = tensor.empty() : tensor<8x1024x768xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<8x1024x768xf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x768xf32>
    %2 = tensor.empty() : tensor<8x1024x768xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<8x1024x768xf32>) outs(%2 : tensor<8x1024x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %134 = arith.extf %in : f32 to f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x768xf64>
    %4 = tensor.empty() : tensor<8x1024x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<8x1024x1xf64>) -> tensor<8x1024x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<8x1024x768xf64>) outs(%5 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.addf %in, %out : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<8x1024x1xf64>) outs(%4 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.divf %in, %cst_21 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<8x1024x768xf64>, tensor<8x1024x1xf64>) outs(%2 : tensor<8x1024x768xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %134 = arith.subf %in, %in_50 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x768xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<8x1024x768xf64>, tensor<8x1024x768xf64>) outs(%2 : tensor<8x1024x768xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %134 = arith.mulf %in, %in_50 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x768xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<8x1024x768xf64>) outs(%5 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.addf %in, %out : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<8x1024x1xf64>) outs(%4 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.divf %in, %cst_21 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %12 = tensor.empty() : tensor<8x1024x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<8x1024x1xf64>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %134 = arith.truncf %in : f64 to f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<8x1024x1xf32>) -> tensor<8x1024x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<8x1024x768xf32>) outs(%14 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.addf %in, %out : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<8x1024x1xf32>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.divf %in, %cst_22 : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<8x1024x1xf32>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.truncf %cst_20 : f64 to f32
      %135 = arith.addf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<8x1024x1xf32>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = math.rsqrt %in : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<8x1024x768xf32>, tensor<8x1024x1xf32>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.subf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x768xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<8x1024x768xf32>, tensor<8x1024x1xf32>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.mulf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x768xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_19 : tensor<8x1024x768xf32>, tensor<768xf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %134 = arith.extf %in_50 : f16 to f32
      %135 = arith.mulf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_18 : tensor<8x1024x768xf32>, tensor<768xf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %134 = arith.extf %in_50 : f16 to f32
      %135 = arith.addf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %23 = tensor.empty() : tensor<8x1024x768xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<8x1024x768xf32>) outs(%23 : tensor<8x1024x768xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8x1024x768xf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<8x1024x768xf16> into tensor<8192x768xf16>
    %25 = tensor.empty() : tensor<768x2304xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<2304x768xf16>) outs(%25 : tensor<768x2304xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<2304xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_17 : tensor<2304xf16>) outs(%26 : tensor<2304xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<2304xf32>
    %28 = tensor.empty() : tensor<8192x768xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8192x768xf16>) outs(%28 : tensor<8192x768xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8192x768xf32>
    %30 = tensor.empty() : tensor<768x2304xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<768x2304xf16>) outs(%30 : tensor<768x2304xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<768x2304xf32>
    %32 = tensor.empty() : tensor<8192x2304xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<8192x2304xf32>) -> tensor<8192x2304xf32>
    %34 = linalg.matmul ins(%29, %31 : tensor<8192x768xf32>, tensor<768x2304xf32>) outs(%33 : tensor<8192x2304xf32>) -> tensor<8192x2304xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%34, %27 : tensor<8192x2304xf32>, tensor<2304xf32>) outs(%32 : tensor<8192x2304xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.addf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8192x2304xf32>
    %36 = tensor.empty() : tensor<8192x2304xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<8192x2304xf32>) outs(%36 : tensor<8192x2304xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8192x2304xf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [8, 1024, 2304] : tensor<8192x2304xf16> into tensor<8x1024x2304xf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [8, 1024, 768] [1, 1, 1] : tensor<8x1024x2304xf16> to tensor<8x1024x768xf16>
    %extracted_slice_23 = tensor.extract_slice %expanded[0, 0, 768] [8, 1024, 768] [1, 1, 1] : tensor<8x1024x2304xf16> to tensor<8x1024x768xf16>
    %extracted_slice_24 = tensor.extract_slice %expanded[0, 0, 1536] [8, 1024, 768] [1, 1, 1] : tensor<8x1024x2304xf16> to tensor<8x1024x768xf16>
    %expanded_25 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [8, 1024, 12, 64] : tensor<8x1024x768xf16> into tensor<8x1024x12x64xf16>
    %38 = tensor.empty() : tensor<8x12x1024x64xf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<8x1024x12x64xf16>) outs(%38 : tensor<8x12x1024x64xf16>) permutation = [0, 2, 1, 3] 
    %expanded_27 = tensor.expand_shape %extracted_slice_23 [[0], [1], [2, 3]] output_shape [8, 1024, 12, 64] : tensor<8x1024x768xf16> into tensor<8x1024x12x64xf16>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<8x1024x12x64xf16>) outs(%38 : tensor<8x12x1024x64xf16>) permutation = [0, 2, 1, 3] 
    %expanded_29 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [8, 1024, 12, 64] : tensor<8x1024x768xf16> into tensor<8x1024x12x64xf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<8x1024x12x64xf16>) outs(%38 : tensor<8x12x1024x64xf16>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<8x12x1024x64xf32>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_26 : tensor<8x12x1024x64xf16>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x64xf32>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_28 : tensor<8x12x1024x64xf16>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x64xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<8x12x1024x64xf16>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x64xf32>
    %43 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<8x12x1024x64xf32>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.truncf %cst_16 : f64 to f32
      %135 = arith.mulf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x12x1024x64xf32>
    %44 = tensor.empty() : tensor<1024xi64>
    %45 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%44 : tensor<1024xi64>) {
    ^bb0(%out: i64):
      %134 = linalg.index 0 : index
      %135 = arith.index_cast %134 : index to i64
      linalg.yield %135 : i64
    } -> tensor<1024xi64>
    %expanded_31 = tensor.expand_shape %45 [[0, 1]] output_shape [1, 1024] : tensor<1024xi64> into tensor<1x1024xi64>
    %expanded_32 = tensor.expand_shape %45 [[0, 1]] output_shape [1024, 1] : tensor<1024xi64> into tensor<1024x1xi64>
    %46 = tensor.empty() : tensor<1024x1024xi64>
    %47 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_31, %expanded_32 : tensor<1x1024xi64>, tensor<1024x1xi64>) outs(%46 : tensor<1024x1024xi64>) {
    ^bb0(%in: i64, %in_50: i64, %out: i64):
      %134 = arith.subi %in, %in_50 : i64
      linalg.yield %134 : i64
    } -> tensor<1024x1024xi64>
    %48 = tensor.empty() : tensor<1024x1024xi1>
    %49 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<1024x1024xi64>) outs(%48 : tensor<1024x1024xi1>) {
    ^bb0(%in: i64, %out: i1):
      %134 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %134 : i1
    } -> tensor<1024x1024xi1>
    %50 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%49, %cst_9 : tensor<1024x1024xi1>, tensor<1024x1024xi1>) outs(%48 : tensor<1024x1024xi1>) {
    ^bb0(%in: i1, %in_50: i1, %out: i1):
      %134 = arith.andi %in, %in_50 : i1
      linalg.yield %134 : i1
    } -> tensor<1024x1024xi1>
    %51 = tensor.empty() : tensor<1024x1024xf32>
    %52 = linalg.generic {indexing_maps = [#map4, #map9, #map9, #map4], iterator_types = ["parallel", "parallel"]} ins(%50, %cst_7, %cst_8 : tensor<1024x1024xi1>, tensor<f32>, tensor<f32>) outs(%51 : tensor<1024x1024xf32>) {
    ^bb0(%in: i1, %in_50: f32, %in_51: f32, %out: f32):
      %134 = arith.select %in, %in_50, %in_51 : f32
      linalg.yield %134 : f32
    } -> tensor<1024x1024xf32>
    %53 = tensor.empty() : tensor<8x12x64x1024xf32>
    %transposed_33 = linalg.transpose ins(%41 : tensor<8x12x1024x64xf32>) outs(%53 : tensor<8x12x64x1024xf32>) permutation = [0, 1, 3, 2] 
    %54 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_33 : tensor<8x12x64x1024xf32>) outs(%53 : tensor<8x12x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.truncf %cst_16 : f64 to f32
      %135 = arith.mulf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x12x64x1024xf32>
    %collapsed_34 = tensor.collapse_shape %43 [[0, 1], [2], [3]] : tensor<8x12x1024x64xf32> into tensor<96x1024x64xf32>
    %collapsed_35 = tensor.collapse_shape %54 [[0, 1], [2], [3]] : tensor<8x12x64x1024xf32> into tensor<96x64x1024xf32>
    %55 = tensor.empty() : tensor<96x1024x1024xf32>
    %56 = linalg.fill ins(%cst_0 : f32) outs(%55 : tensor<96x1024x1024xf32>) -> tensor<96x1024x1024xf32>
    %57 = linalg.batch_matmul ins(%collapsed_34, %collapsed_35 : tensor<96x1024x64xf32>, tensor<96x64x1024xf32>) outs(%56 : tensor<96x1024x1024xf32>) -> tensor<96x1024x1024xf32>
    %expanded_36 = tensor.expand_shape %57 [[0, 1], [2], [3]] output_shape [8, 12, 1024, 1024] : tensor<96x1024x1024xf32> into tensor<8x12x1024x1024xf32>
    %58 = tensor.empty() : tensor<8x12x1024x1024xf32>
    %59 = linalg.generic {indexing_maps = [#map6, #map10, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_36, %52 : tensor<8x12x1024x1024xf32>, tensor<1024x1024xf32>) outs(%58 : tensor<8x12x1024x1024xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.addf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x1024xf32>
    %60 = tensor.empty() : tensor<8x12x1024xi64>
    %61 = linalg.fill ins(%c0_i64 : i64) outs(%60 : tensor<8x12x1024xi64>) -> tensor<8x12x1024xi64>
    %62 = tensor.empty() : tensor<8x12x1024xf32>
    %63 = linalg.fill ins(%cst_1 : f32) outs(%62 : tensor<8x12x1024xf32>) -> tensor<8x12x1024xf32>
    %64:2 = linalg.generic {indexing_maps = [#map6, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%59 : tensor<8x12x1024x1024xf32>) outs(%63, %61 : tensor<8x12x1024xf32>, tensor<8x12x1024xi64>) {
    ^bb0(%in: f32, %out: f32, %out_50: i64):
      %134 = linalg.index 3 : index
      %135 = arith.index_cast %134 : index to i64
      %136 = arith.maximumf %in, %out : f32
      %137 = arith.cmpf ogt, %in, %out : f32
      %138 = arith.select %137, %135, %out_50 : i64
      linalg.yield %136, %138 : f32, i64
    } -> (tensor<8x12x1024xf32>, tensor<8x12x1024xi64>)
    %expanded_37 = tensor.expand_shape %64#0 [[0], [1], [2, 3]] output_shape [8, 12, 1024, 1] : tensor<8x12x1024xf32> into tensor<8x12x1024x1xf32>
    %65 = linalg.generic {indexing_maps = [#map6, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %expanded_37 : tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1xf32>) outs(%58 : tensor<8x12x1024x1024xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.subf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x1024xf32>
    %66 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<8x12x1024x1024xf32>) outs(%58 : tensor<8x12x1024x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = math.exp %in : f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x1024xf32>
    %67 = tensor.empty() : tensor<8x12x1024x1xf32>
    %68 = linalg.fill ins(%cst_0 : f32) outs(%67 : tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1xf32>
    %69 = linalg.generic {indexing_maps = [#map6, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%66 : tensor<8x12x1024x1024xf32>) outs(%68 : tensor<8x12x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.addf %in, %out : f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x1xf32>
    %70 = linalg.generic {indexing_maps = [#map6, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %69 : tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1xf32>) outs(%58 : tensor<8x12x1024x1024xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.divf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x1024xf32>
    %71 = tensor.empty() : tensor<8x12x1024x1024xi1>
    %72 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59 : tensor<8x12x1024x1024xf32>) outs(%71 : tensor<8x12x1024x1024xi1>) {
    ^bb0(%in: f32, %out: i1):
      %134 = arith.extf %in : f32 to f64
      %135 = arith.cmpf oeq, %134, %cst_15 : f64
      linalg.yield %135 : i1
    } -> tensor<8x12x1024x1024xi1>
    %73 = tensor.empty() : tensor<8x12x1024x1xi1>
    %74 = linalg.fill ins(%true : i1) outs(%73 : tensor<8x12x1024x1xi1>) -> tensor<8x12x1024x1xi1>
    %75 = linalg.generic {indexing_maps = [#map6, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%72 : tensor<8x12x1024x1024xi1>) outs(%74 : tensor<8x12x1024x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %134 = arith.andi %in, %out : i1
      linalg.yield %134 : i1
    } -> tensor<8x12x1024x1xi1>
    %76 = linalg.generic {indexing_maps = [#map12, #map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75, %cst_6, %70 : tensor<8x12x1024x1xi1>, tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1024xf32>) outs(%58 : tensor<8x12x1024x1024xf32>) {
    ^bb0(%in: i1, %in_50: f32, %in_51: f32, %out: f32):
      %134 = arith.select %in, %in_50, %in_51 : f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x1024xf32>
    %collapsed_38 = tensor.collapse_shape %76 [[0, 1], [2], [3]] : tensor<8x12x1024x1024xf32> into tensor<96x1024x1024xf32>
    %collapsed_39 = tensor.collapse_shape %42 [[0, 1], [2], [3]] : tensor<8x12x1024x64xf32> into tensor<96x1024x64xf32>
    %77 = tensor.empty() : tensor<96x1024x64xf32>
    %78 = linalg.fill ins(%cst_0 : f32) outs(%77 : tensor<96x1024x64xf32>) -> tensor<96x1024x64xf32>
    %79 = linalg.batch_matmul ins(%collapsed_38, %collapsed_39 : tensor<96x1024x1024xf32>, tensor<96x1024x64xf32>) outs(%78 : tensor<96x1024x64xf32>) -> tensor<96x1024x64xf32>
    %expanded_40 = tensor.expand_shape %79 [[0, 1], [2], [3]] output_shape [8, 12, 1024, 64] : tensor<96x1024x64xf32> into tensor<8x12x1024x64xf32>
    %80 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<8x12x1024x64xf32>) outs(%38 : tensor<8x12x1024x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8x12x1024x64xf16>
    %81 = tensor.empty() : tensor<8x1024x12x64xf16>
    %transposed_41 = linalg.transpose ins(%80 : tensor<8x12x1024x64xf16>) outs(%81 : tensor<8x1024x12x64xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_42 = tensor.collapse_shape %transposed_41 [[0], [1], [2, 3]] : tensor<8x1024x12x64xf16> into tensor<8x1024x768xf16>
    %82 = tensor.empty() : tensor<768x768xf16>
    %transposed_43 = linalg.transpose ins(%arg2 : tensor<768x768xf16>) outs(%82 : tensor<768x768xf16>) permutation = [1, 0] 
    %83 = tensor.empty() : tensor<8x768x768xf16>
    %84 = linalg.generic {indexing_maps = [#map13, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_43 : tensor<768x768xf16>) outs(%83 : tensor<8x768x768xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<8x768x768xf16>
    %85 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<8x1024x768xf32>) -> tensor<8x1024x768xf32>
    %86 = linalg.batch_matmul ins(%collapsed_42, %84 : tensor<8x1024x768xf16>, tensor<8x768x768xf16>) outs(%85 : tensor<8x1024x768xf32>) -> tensor<8x1024x768xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<8x1024x768xf32>) outs(%23 : tensor<8x1024x768xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8x1024x768xf16>
    %88 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %cst_14 : tensor<8x1024x768xf16>, tensor<768xf16>) outs(%23 : tensor<8x1024x768xf16>) {
    ^bb0(%in: f16, %in_50: f16, %out: f16):
      %134 = arith.addf %in, %in_50 : f16
      linalg.yield %134 : f16
    } -> tensor<8x1024x768xf16>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %88 : tensor<8x1024x768xf16>, tensor<8x1024x768xf16>) outs(%23 : tensor<8x1024x768xf16>) {
    ^bb0(%in: f16, %in_50: f16, %out: f16):
      %134 = arith.addf %in, %in_50 : f16
      linalg.yield %134 : f16
    } -> tensor<8x1024x768xf16>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<8x1024x768xf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x768xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<8x1024x768xf32>) outs(%2 : tensor<8x1024x768xf64>) {
    ^bb0(%in: f32, %out: f64):
      %134 = arith.extf %in : f32 to f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x768xf64>
    %92 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<8x1024x768xf64>) outs(%5 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.addf %in, %out : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<8x1024x1xf64>) outs(%4 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.divf %in, %cst_21 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %94 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %93 : tensor<8x1024x768xf64>, tensor<8x1024x1xf64>) outs(%2 : tensor<8x1024x768xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %134 = arith.subf %in, %in_50 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x768xf64>
    %95 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %94 : tensor<8x1024x768xf64>, tensor<8x1024x768xf64>) outs(%2 : tensor<8x1024x768xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %134 = arith.mulf %in, %in_50 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x768xf64>
    %96 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%95 : tensor<8x1024x768xf64>) outs(%5 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.addf %in, %out : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<8x1024x1xf64>) outs(%4 : tensor<8x1024x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %134 = arith.divf %in, %cst_21 : f64
      linalg.yield %134 : f64
    } -> tensor<8x1024x1xf64>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<8x1024x1xf64>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %134 = arith.truncf %in : f64 to f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%90 : tensor<8x1024x768xf32>) outs(%14 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.addf %in, %out : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<8x1024x1xf32>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.divf %in, %cst_22 : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<8x1024x1xf32>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = arith.truncf %cst_20 : f64 to f32
      %135 = arith.addf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x1xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101 : tensor<8x1024x1xf32>) outs(%12 : tensor<8x1024x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %134 = math.rsqrt %in : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x1xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %100 : tensor<8x1024x768xf32>, tensor<8x1024x1xf32>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.subf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x768xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %102 : tensor<8x1024x768xf32>, tensor<8x1024x1xf32>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.mulf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8x1024x768xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %cst_13 : tensor<8x1024x768xf32>, tensor<768xf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %134 = arith.extf %in_50 : f16 to f32
      %135 = arith.mulf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %cst_12 : tensor<8x1024x768xf32>, tensor<768xf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %134 = arith.extf %in_50 : f16 to f32
      %135 = arith.addf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<8x1024x768xf32>) outs(%23 : tensor<8x1024x768xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8x1024x768xf16>
    %collapsed_44 = tensor.collapse_shape %107 [[0, 1], [2]] : tensor<8x1024x768xf16> into tensor<8192x768xf16>
    %108 = tensor.empty() : tensor<768x3072xf16>
    %transposed_45 = linalg.transpose ins(%arg3 : tensor<3072x768xf16>) outs(%108 : tensor<768x3072xf16>) permutation = [1, 0] 
    %109 = tensor.empty() : tensor<3072xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_11 : tensor<3072xf16>) outs(%109 : tensor<3072xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<3072xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_44 : tensor<8192x768xf16>) outs(%28 : tensor<8192x768xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8192x768xf32>
    %112 = tensor.empty() : tensor<768x3072xf32>
    %113 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_45 : tensor<768x3072xf16>) outs(%112 : tensor<768x3072xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<768x3072xf32>
    %114 = tensor.empty() : tensor<8192x3072xf32>
    %115 = linalg.fill ins(%cst_0 : f32) outs(%114 : tensor<8192x3072xf32>) -> tensor<8192x3072xf32>
    %116 = linalg.matmul ins(%111, %113 : tensor<8192x768xf32>, tensor<768x3072xf32>) outs(%115 : tensor<8192x3072xf32>) -> tensor<8192x3072xf32>
    %117 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%116, %110 : tensor<8192x3072xf32>, tensor<3072xf32>) outs(%114 : tensor<8192x3072xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.addf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8192x3072xf32>
    %118 = tensor.empty() : tensor<8192x3072xf16>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%117 : tensor<8192x3072xf32>) outs(%118 : tensor<8192x3072xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8192x3072xf16>
    %expanded_46 = tensor.expand_shape %119 [[0, 1], [2]] output_shape [8, 1024, 3072] : tensor<8192x3072xf16> into tensor<8x1024x3072xf16>
    %120 = tensor.empty() : tensor<8x1024x3072xf16>
    %121 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<8x1024x3072xf16>) outs(%120 : tensor<8x1024x3072xf16>) {
    ^bb0(%in: f16, %out: f16):
      %134 = math.fpowi %in, %c3_i64 : f16, i64
      %135 = arith.mulf %134, %cst_2 : f16
      %136 = arith.addf %in, %135 : f16
      %137 = arith.mulf %136, %cst_3 : f16
      %138 = math.tanh %137 : f16
      %139 = arith.addf %138, %cst_4 : f16
      %140 = arith.mulf %139, %cst_5 : f16
      %141 = arith.mulf %in, %140 : f16
      linalg.yield %141 : f16
    } -> tensor<8x1024x3072xf16>
    %collapsed_47 = tensor.collapse_shape %121 [[0, 1], [2]] : tensor<8x1024x3072xf16> into tensor<8192x3072xf16>
    %122 = tensor.empty() : tensor<3072x768xf16>
    %transposed_48 = linalg.transpose ins(%arg4 : tensor<768x3072xf16>) outs(%122 : tensor<3072x768xf16>) permutation = [1, 0] 
    %123 = tensor.empty() : tensor<768xf32>
    %124 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_10 : tensor<768xf16>) outs(%123 : tensor<768xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<768xf32>
    %125 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_47 : tensor<8192x3072xf16>) outs(%114 : tensor<8192x3072xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<8192x3072xf32>
    %126 = tensor.empty() : tensor<3072x768xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_48 : tensor<3072x768xf16>) outs(%126 : tensor<3072x768xf32>) {
    ^bb0(%in: f16, %out: f32):
      %134 = arith.extf %in : f16 to f32
      linalg.yield %134 : f32
    } -> tensor<3072x768xf32>
    %128 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<8192x768xf32>) -> tensor<8192x768xf32>
    %129 = linalg.matmul ins(%125, %127 : tensor<8192x3072xf32>, tensor<3072x768xf32>) outs(%128 : tensor<8192x768xf32>) -> tensor<8192x768xf32>
    %130 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%129, %124 : tensor<8192x768xf32>, tensor<768xf32>) outs(%28 : tensor<8192x768xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.addf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8192x768xf32>
    %131 = tensor.empty() : tensor<8192x768xf16>
    %132 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%130 : tensor<8192x768xf32>) outs(%131 : tensor<8192x768xf16>) {
    ^bb0(%in: f32, %out: f16):
      %134 = arith.truncf %in : f32 to f16
      linalg.yield %134 : f16
    } -> tensor<8192x768xf16>
    %expanded_49 = tensor.expand_shape %132 [[0, 1], [2]] output_shape [8, 1024, 768] : tensor<8192x768xf16> into tensor<8x1024x768xf16>
    %133 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %expanded_49 : tensor<8x1024x768xf16>, tensor<8x1024x768xf16>) outs(%23 : tensor<8x1024x768xf16>) {
    ^bb0(%in: f16, %in_50: f16, %out: f16):
      %134 = arith.addf %in, %in_50 : f16
      linalg.yield %134 : f16
    } -> tensor<8x1024x768xf16>
    return %133 : tensor<8x1024x768xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_768_torch.float16_5: "0x02000000AEA02FAEF09CD52D8CA929285FB2E0AB889FB52D5CB0311D3FB1AEA80331A5AB7930B529ABAC58323830DA9A00A73CAAC1AA6224922326316AB00D9E64313EB0122FE32DB929652D92ADB0AE4330EF2C40945331C9A9572EB5B1FB2ED7B045323231BC30689F1BAD1A32942D412D132DE0301EB21C2DE99661AE5B305CA8E03147AFD4308FB0712DD7B00DADFB286D17A4A42E3253B2DDAB89312E2948323032E52D4FB198316429E5AF13A6DF952BB015920D32993181AD171BF7B000AC743119299FAD8DAF24991F3033B122A3E32E0D2B382AD2A9DCADD12B311C92AC1D1FADA8C62C9E2FD7B138AEAEA9082D2F31C42714AF4D2CED2DD73143B03D2D83302525562D0BB14F32042E87AEB8ABD429CA3122324230C7A343B02C28032E3EAE16B2A52D28A3DA31D1A91231A9B0E4B025AFC22F20B20BB279B15B321B2C2BB2E9B021AEF729C6273E2E2B30A3318AB008298E2F2C300F327DA7F7301C2FDE2C472B5BAF21B01F2912310E2E542F5D3112AFB82F482B7AB0C30F872BB2305F26FA2CEAB16DB07BB1713038AD2CB0A7B100AF71A36A251A21202E45A8089F9BB1653146291FA6AB281FB17E21C72CED30702A2C2C4F2E1F2C6F2DD5A407298F31112C94A12AAEA52FB2318C2A9C2FF5AA6CADD8AF26B00EB245B115A8083064B296B137B1A3AD0EAFF7285CAE5FACB52901B114B21D2814B2CFB0B616BAB019B2B1B167A84AB0BBAEC122522DEF2B94B1592F20AFB52B40329B2FB1AA4BB2C9A7522D8F2CF12334AC75B028297D2C0931822DF430DE2A87B04BAF622B63276330E4274DB1B8A54232F9AB722DC92EFD309E2DC3AFE098CD3059B2053218B15B2438AFE62E1CAD3BA83AB1CDB08DA149B2A5B003B10A32F5ACA2AF09B2DB2EBEB1A1AFEBA009B19AAB87AD31ABEBAC13B2951BBFA94331F02A9F304EB2DFB16D315BB12532EF2898AE792C79AF30302132B62F61B1502F9E30FC31C4B1852D49AB23AAC5B1AC977D2FA9AB4531702B242B1620D12DAE3185ACE0B0E2AF782CF229A52E24B1C3AB76B156A450B05AAF72AB6929332377B07F31B1B01EAFEFAC67B0F02B2C31162D5E29AF24E22AEC116CAD8031FAA2819F5031D7A568ADD32964B0022A4A302AAF34A95E31222D7D2E05AA562F1232C7308F2EDEB1112BCA2DA5AB57B2EBB1E331F8ACE8B15E301D24AD2EF62F58B06E28011FE331192D043117A816AC0FB211B0F1B0E22BF3A89E2CD32B23ACF21CB231739C60ADBC0A5F30423090307DAD2A19C21A8331CA2E8230692044B149ACF42DFCB1393042A5E2A438303BAFB1ABBF2B75ADEA2C1030D9AEC3AD04A085319CAEF631C9A9F030272A7131DDA80CB1C12D2130A8B192A140A1D19E3730F130CBB0F4B042AFC7B1F0B12930A82F42A950A406308D2D92B1332EE72D4D2256225FA2DEAD0F32D2B0FFB0E12981B08931E82917A402B0FEB0BCB1CA2FF4A93C2FE42682302632E3B0602DCF3166ADC226E39EB9319FAD0232E22F88AB162DE0B1D42C02B276B0B8AE492F8FAC00A13FAD4229A3A8561C2CA6072EF5B016306C31B72C8EAECBB13AAA14132C3098AFBAB066B20DB256AD722C58B1CBB12E30273116A4F63054AC06B2DDA877B0612E0129FD87B7A82B319627F129EB1913B08EB0DB076FAD9A2CAB24A83170B14FB1E5AF7A31372DA23095B00FB20931B1AE372F3B1C2A324FA996B06BAE852C69B13F2C6924832B7FAE52317CB0D52BB4A452B2052FEFA4C52E95307EB162AC4F1D19A15C9EDC2F7D3029324E300D3179B133AC04328DAF8330C3107E2DA3B1E5ADC62422AD2126FBAB1E1630B1292D9DB0FA2FF82BC8B1B030792EA62DCC303DACA3ACDE300E8509A8A7B0253245B1C5B0FB31AEA615AE8F25B2AC7D3027AE49B00532C0AEE8AACA2E219B13A395A0EEB19FB13B2C84ADEA297826FD2B3CB18123E5ABDB2D0A9693B0172BABACCCB0A29DE0AE6030DD31AD3158AFEBA7D7302DB2E02AA83090AC892A04ADEC2E202ED0AA00B2C7B1A5302BA3B8ACE430DFA20F3138B1B7AF1930312FD72436B2BE305128612F2C32B3AB7FAD2D301EB28FB08E31E231D9B1202C88A29D2155B110B2CA29A9A8BF2E952DA6AA242B9AA6A430DA31B83118AC88B00C30A59C55ADFC2330B141A9F4A4A3AC44AC80AF60A040AF",
      torch_tensor_3072_torch.float16: "0x0200000031AD242612A2032A8CAC9B2F70B10B32FE29CB2DE32F7FAA9CABBF290A30EB31FA2EF924E531829C0C327C2382ACAA2B262AE4A95BB17DB0F530303053A646B223B10AA5C32FAE27712E3FB0B6B1143292B153B2382770B1B02A0B300EAD0CAD6AB18730E8A0CF290A299C1E6C30262CFFB18BB073B155B0001C54AFEFAC27AA4B31A02D632F98B01BAC74A566B171AC832AED9F36324D302B1F052D7431FEABB13115B03032E528D23122B2BB3106B0F72E60A8EE2DF6A375A1FFAFBE2CCA28BE2933B09620CEB141AAD3AD7530A9A7732E292A65222A2F172BEEB13D322D32A4B135275C296AAD76AD5630E7AC049D492BAF2A11292EB23019EDAFC72E13B1E5B005B1B3B1B62F2730CCB1732BCBA21BB06F2B382DB4305C22C4AEF530CE2F082EBEAF4E31DF2E62ACA725B62C3AA56030D62DC1AA362BD0B10A328031C0A84A31C22D2BAF89B01A2EEA2F3A9E31AA382BC730163256AF71B157B0822F612D2AAFDF3170AFEEA56E31C9B153316C2F9531562F50AF433124AC0BAAEBB144AF85AD439AC128212AD12A31311F2871AB64AF4530D5319FAF253174AA082CEB3027B1B8AE752BE13191308A2FB72A70200AB0EF2E073062ACD228BB2FA0AC312621A90DB286309A2C4F31D929783195ACD5B1452D4D3232A431B05622E19D883033B1DE2D60328DAD46312C2A5FB19125872FA6AC7A2EF831703021AF2532C12780B1373007B1072BA01DCD29DB2505B26DAD0C306E2F1AA96731CD3006B255AF952C96A731AC102337B2E326CD241231332921B15EB079AECBABAC2606B291A2C63154AC49A880A5E6AC1FB1C8AE2322272EBEA79A2865ABA125F0288FAFD431FC2CDEAED82D1EA8F531AE31282903A43CB14F30B52A7F3145B1AB9C852CA1A5E5A471B1992AAC30B5AEA9ACF32870311D27CFAB75B08E29FBA666AEB22A13309AB02AA58EA06B2F57B1E62BDEAE37B2DAA8662154AF462B54AD2DAD99A49BADDEAE36320BB0572F892B91310724B0A9BE31802581ADFCA85B2B22284AAA893114ABBF9EB2A418B1EA2C18B2A6AAED2CB89B18285B2DF9B038B2813079907FB1DBB1FA2937316730292D11B214A9BC31B8B05C32B3A238A9E7315932B4A6962838328B2E1432C12B042993B05198C7AC993149ADC9A635B05A2F852C8D31A4AB212AB925B5B1D8B13AA1F19F08B26DB07C28303186AC7DB05AB02FB022321B2FD9ABF03189B0DFA7DFA041AA302C573078288328E3AFA0AAF73027B0C710C8A84F312AA1522FCEAE2430710C5C314CB14C2C202755AE63B113AE6CAC7FAA162DBAAFEC3178218BA5C3AB70AD41B1BA29D5B086B0CFAF3231AA3120AE082E4030139B8B31A52155A649A3A2A65AB21EAC2EB0B628BF26A8B1A8AED52C34B29A319730562521AE3831F52594ACFD31CAA94D2A04ACD7314A2E5E257DB1512D3BB2192EA3A8922A192FC82CC6AE92B0B7ABE92D0F3010B25E2E4C3111B0412960B10DA802B0E530D9B18BB0CFAED623E5AF9D31F43192B1DB30C12CF1AEEFB0A53074B1601C15B038A92030B7AFB52C2A2481AD4DAEFD2B2D2E43B03C32C5ADE02C1231A424512E861FDAB1ADAC52B1152C4731E1B150B18030EFAFB9A6E02DDCB0FEB02821B8B1A62F6E312CAACBAF2DA699AE1BA8CDB09AADD9314EAE82A114B1F52E7420662BE72FA8AB47B2301C76ACCA25F2ACEFAAC22A653056A7C4B1F0B0FC2AD3ABACA8E2B11F25F52A55B1BCB04DAFD4AFCFAC962C012C1FACDEACFD3077A64AA98230F5220B2FC331DB3051304A310E29B8B108B06EAC272AB02B49B03B2F732FAEA951AD7030383297309821302A1AAE8CB0EBB191AAB8ABFD30AEB1C3279E2B66ADD928ED22AB2A4AB2B531143116B274ADB62B77AF4C309925DDACADAFCFA82928CD28F12F3DAF212A713183AACB2D2C310BB28BB06C1F9A2E183033B231B24630702A24ACC8AF992A52B2742F302FDCB1EA30C2AE23B03CB15D9E602ED82D07AC0B2F1432AF2AB13163311F3131B2B4294EAC5CB26D287FB12F32ADAC1229EDACDEB117B005319821CE2FDE2DEF317B300C32DD2A0DAD512EFC30EC25DBAEF92058B2D7301FAFBB315B3076ACC82ACB3124AC01B227B00730E828E830451D372C7BAF9331662E8C25CA2EFD300F2F3530F5AF0BAE45B21AB106A0DDAC5E2FA631AE294D2D9BAADFAE2D2E52A2E4A966250B3071B1DE2A34243F9CD4B08A30B5AE27B06BAD64AF2AB1DBAD9BA5453246B02E3296B05FB12A2F7AAD02324231F9ACA22FF4AE552886AC4431EBAF20A9D1AD7BB0FFA811291B297C3099B0FBB1533237B143AFF32614284A2EA4A82FAF4DB03E3268AAB02EBBAB2A169931E11775B121310B31D72D722DBFA5A12215B23F2F36AB6E302BB0E6B088A76AB00AACD52AC5B1441847AE521E66B23031D431F7A805302DA39A2C3D313E32E12DBB2BD1ADF6AC01AEC52C0C3293AB9131502F7C29652C30322F312031AB31B427ECADA3AF55B077AC12AF70B03E3029B24BABA02658313DADB0B006AF282D04ACF930E8AF03208329B1A1F32E85B067AD80AA67B17AAC20AF73290131242A6D2DDC2A42A693AEA69DE12B1830712FE2AFA0298730E13140A92631A530C630EB17041E5DB1F231122FE8B1AD2C03264DAC34A0D31B08A9F62F162E6130562AEE31082715257F2B59A95630F5A431AC5F2E613160A57B2B85B142A968B1FBB1CA31B3A7C5B1E0ACD0B0EAB1B3295F308F2CBF306CAA5A2D4F2704A115AF38A683AE53B0F0B1D42C4C2CCD31E829AB31CAAE0BB17130A62299B17730692E852F28AEB6B19DAE4A31F72244B1E5B186191BA64BB1AAB075283DB27AAF36B086B199300AADB3ACA42F2931682810A6A12231A8A6B162AF5C25012D5EAFBF2BB12458B2AB31AF2D7D317DAE1B2D59B092A90EB288B0F7A2E6AB6927D3B052B10BB115A3EEB054B2DB2F8F2B71AC7BA8E62E8F2D92B1E9B18F2E55A218305CACBD31EC31A8295132F29FA2224EA349B1661E562F2EB0093109AE9B2DAEB19A2E812BBC2A24B0CD2C9E2E8F30F1B17FB0F519AAAF122AC02A6E31D92912AE58244BAC732F9F3091AF57A2653292AC0730E42F1724DF2EC0B167ABB9AFA32804AC5F312328C22DB2273029ABB15831BDB158AC562F10B16C2AA4B1CD28A9AF2FAD33AA1FAC433248B2B22B9731A9A212B243B1A72B1AAFBFB1E9ABB11C27B1C2319D3096AE48A9822EA51B882C35B0C8ACDBB1E9AE3D2843326FB12BB2D93172AEFE2728310A284AA7612A23ADEC1091A7D12D01A4D230782DEB3035ACDE3025AD1129DEA1042F33ACBFB16FB056A8C63100317C2545AE3531E13083319D2722AF5BB12CB1EFB18A23172E58A70CB173A276AE1732462B70AA18B116B10E2D72AFF4B031B0E63116232EB22B25EEAEBCB11F28F02D652B3F317E28493019A7AA2E4B3256A5FAA8D4294F2C5F29AFA4CFA845B0E2AE60AED9901EB13EA55CB2E53030AD5E9A07B07FB103AA53A7AE2CCC31F4AC73B0312EEBB1A4AEEC31CCB15232512F16B0AB305A2E2EAB96A5CDA06C3026ACBE31E630172DFB2954AAF6AC392F8F2F342EAC2BF72C83AF4631552B07B2D4B1992CB82FBAB09FAD752B2A2DAAA48AB1F826B930312D133136B128316527AFABBCA8E3275B304F275629D0B197A85C32DB31EE20DF2D8DACFF2F1930042F852034A5ECA9652CB9AB7D31FB2ED42C3CB2EC3110B04EAF202F50B2A2AA98B17B311F9D0A2E672DEFB1DC304925B22D1DB192AD40AA352BBDA7B62FFD2AD5B08E2E262780A8BAB1882B70A8CFA8DFAFEAB1E529A7A9932D24A800B27525B62D71ACBBA13A29B925332A4DADC52EA92CABABCBAE46320DAAFCB09CAF1E3265A21B32B530CB2A49AE342B502CD330582BAF2BACB07BB1A03089311E2CB8ACE030FEAD54301EAFF5AF782C98ACD13139ADB931B3A8B7308DAF14B16C311EA45BAF23A24330D9AD59ACEA31DF2F03B01523CEAF5832B63129B178B1492B603237302A24FC29ECB11FB0D128542FA5AF66ABE82F882D0D31CA2E6AA89721752C4DAE4EB239B0263140AE7330E631D9AF0B314A304A2E26B029AC7BAC2CB117AE20AA64258AA798B041B24329C3ADF3AE859F82B190AC1F315D2B5BB036B14A21071A0930ACABE00F74A714B08FB0E7AEE029CAB118A6E02FABA3382622AD882566B0462398B1DB102730B3A871B10F242EB02928ABB0FCACD731A129562A21B0DCB15EB13A25172FB530F42FBBB17AAF391146A1CA31742B7AAEA52FE5B1E7309FAC96B0F3A91D250EA50D3294B166AF26AFF9B034B007B05A2315307526A531E9A67F2D95B1E2B12C3016B21E31F32D1030DD29CFAE4B286132BBAD17259E2A32A461B16D2E03B22FAD932FACB16015B231CCADE6310EAEDCB1502813ADA4AE4A2E9E2A78202B26333132B29F3070B041320331453049A8B6AA7BAD0FADEC2A953192A909B03C98E2ACF6AC0C2F16317C1F8CADD8B050A412A152B02FAB8031E9AE8D2FBFAE092AA9AF34AD3F30272E43322C985FB02C302930B82F2CA5CE30252F0099EF30A62D27B094B1A82B4930712D5232B7316A30EA260DAA16B0FDAE7C2AC4AFC3A466AC6532C831B92B8CB14CB0D09FB1AE988EA729F4B13EA9AFAA56B0D72F67AB572D99A9A5AF9BA8002CDAAF51AEA72F2330C8AA4B2749AFE1A08DA919B248A7F9AA8524F9AE012EC9297AAA14A0F420AD2C4532CF2F4F30F62EB5A97A2ADFB02732D3AC2DB02AAF55B0EEB1E426C8AB9FAC92AC9FA2FC2C363104AA46321A27B89FC32B1E1F09AE82B082B1042969AD91301D3043AC453144B00DB2DC9A1731A6B18D2CEBAD9DACBDAE6DB09828963097B0DA2D15B1432916AEAB18848B63AE7031C5AEB22AB3B034A948A8CFB0FC22092CC730F4A50332382C47AAD82CABAB4D2445B129AC252A14AE5D2C9AAD612904AAD528F4B1AFAE5932C2AE7E1EF8B013AA78319128903134295EAE86AA2A32A9A956300C31DE314B24E530292E5BB1E82F0DACEEAF6E2C52B07CB09E2DA2AB402E2A31D12381AD0DAD8B2D57B2BB2CB9B0342D2A2B99A603B0542C34B099A9B330B4B0ACAC97AAACB0EBA8D3B0492DD82F60AF812D0A2AA92E20AC743113B114B00932B1A935AE88A8ED311CB1EF2CB2317EADAAB023B0CE1EC131653167204F318C2DFF30F12920B066A97F2E572FFDA9F7A87529283025B034B208A4B3ADC6AF163093B162B2AC2B5CAF7130A9A81A30E62407A713326A2A50ADEDA9C12C12B009AD56B1282E292E832C06AA27B14D96C730762F8FA6E631DE2DE02817AD7DB01AAB0FA7E6317431592D672F22305DB030A9C4AAD32854B0F42F39AF37328E251FAF6CAD8E30B829FF2CCCA9382BB30B112ADA2801AC23B1D52D1E32D42A1C2F79B1CF29F1ACB726292F702AC5B13432073205317F30CD212AA157A7EAAF3DAA23B025A922AED01A1A1CB12E9DAEAC20D8A148301C313EB2F2AE83319AAE20AEA12C9C28AB9C4E2D03316CB0D42FFC2AF53076A527A3413190A258B0EFA4A82A4EA96EAE3BA81B2FDB30B39F0B32472FC6B0B7B1E729B430E0AE68AC2EB12AB1C4B056AD7D30F3B12A2A72292F30CF31C22A97B11BA7B531CE302F2DDAAD62ACD129DAABCE2AB0AE36B229AC3BB0432B9BB19DB1B9319A31B6AB73B0CBB120260EAE2F310930D6AF5AB1B1B05E2A1C2E38A8FA2F842832B005292CB1EC30A3AD20B1E22EA931EC2C5F31ABA6F6B17A285FAE26A427AC5F3188A8DA9AAFAC5032A9A58CAE1030B430CD1AFB31FE31C52A6E319E312C3100A63D2FE63071257BA344B21AB25BA8B7A7F230CFB1E0AC56AD732FAD319D31BCB0653229AAA92AA82F7B30D5271DA12AB0A33044ADE7278DA922B2A7B070ABAD3110311B2B63B1CDB18EB1CCB19BAA7FB0CD9E00AE61B2B22C7EAC00B0AB2C912A74AA3330DAB04AAC2BAC1FAEC4309B2D402645A31A3030A6A026D3AD1030E7ACF9AC573165B01DA711B1282E2C2547307A259BAAB124762ED19C3FB003A6F02F45ACB9293B1FC32833ADFBB1AE2C57283DB0C9B1EF2D53B0283055313BB13DB2193054B198ADFB241C303C1780B07BABD7299EA486B01E30A7301BB2CA2F88B196A3D32F812D542775B036287930222BCBAE782F7C311AB270A740AE432229AAE231CD2C6F1406ADC292CBB0C7B0902CF4ABB72EE6312EA804B28F2DC6B1E02F542C2B218EB0331A2BAEA5A625AFFA256BB053A595B0612EB4AD112CC0AC54324D314732F9A4EF2A692E0E2D7EABA1AC032E272B01AF00AF102D42B053B253B17CB15AA7A61C63B01B3029B052B0632477AE2830BF203BB0B1B0911F2127E3B1B02E4D3065A8DBB162B23630A5A294316D2E0E32ED31E4A949A37030C12E34328BAED7A161ADE5A5AF29EEB172855130FAAA54AF142F62AE53B0DCA009320DADE130FC24192E62AE7FAEDD30B02A8F2DF1AFE331F0B18830E2A54A2DE6AB0A317B31BBB053B058B2F89A59281131A39D9DB0B131632CA7AEE3AD9D29BB2EDCAD94A2FAB13AA8A09D5B3064AA7E31E0A89730B5ACB525C32F1EB0BB2C87AE9E31782F41B2562DE231C0B122B212AE04AB5F3139AF35AE5A3051B0F13068A18EAF0A23692BDDA85E2C0CB0A0A3122FD6A75E2760ACD925C0A9C230C0B0B830A4B1FD219F31762E8DA9ADAD0BB19C312AB02EB1D32E2CABD1B1ACA9693152AA9AAE8DB104AD2BB152B1FEAEEF2F502AB8AB602BFCA94A3097AEDCAC682FCD30CA31B3B015B2CC9368A887B0CF2CD22D4C294EB0D4B05BB2F03059AAB631E9B1D1318DAD5A2D37AFBEAAB6291DB2E7AAAA30DF2610A3E4287F2E58AF262F7230282F0D28CB278AAC96B1B7B13FB00432DCA495AE78316EB061AE04B0272899A533ADFFA94AB113A5C02AB330183105AC2BA8883147302A31E62F6FA852B12E227FB0F9301E2DA52B7DA81CB036A41B3198295E3062B065B1792AA8B187B11DA9E731FC31652F49AD24B2D0B0A32541AC6DAA5532EAAA102DEE2ED52F00AF2C2A242D1D31BEAF1EB23428F8B00A3078311630BD310A2551AC2E2C30B1E8AEFBB1AAA7222EC9AD012DFC31F23059301BA8992FE1312F31263182ADB1ACE72824AB2C31ABAC41A525B01CB265B23F22C0AD81AD1E94B0B1F4B083AC0C294C317325A02D53293BAEB3AFABAC6D3130A138A73A304FAE602CA3A42D2CE82F6D2C18ACA2AD4BB0CEB1DA2091ADE32CC0A83B31F43018B1A221F0B0B2AC2430783001314C2F662CC8AC2A280EA5C1B0FBB0D629D025A4A8702E442829B2C62799AE5AB240A8DFA89AA586A40332BA2EC4ADB8A85D32BB2F0FADD0310AB281AC98256E1EC4AECFB19B306D2C64B0BB2DCBB0412FE2A61C32391BBAAC48ADBFB152B14CB2EBAAAB2EC9B07831B2313FB204AA64B010ABDF306F2DA5A5432D58ADA931E228972B17255FAEC2151FAEF02B233013AC72AB272676B195B1D794C7B1E8AA143241A4EC1C27AE3E2C862DC2AC28B2D4AC6B2CB4AF5FB25CB1FEA88529CCAA0A3151AA96A97FADA631C5319230EFAD083219318D8E7026F3B00EAE7EAF352DEA3185AD93AD24AFC1B0FAAF03A2FC25792C0FAFFAA89EAE83308DAAAF2F001D80B005300E32A4ADA2B1E731E1ADBB26F1A17EABD723A3B0AEAF052D3C3058B005B2A3ADB3B0F9B1A52CBE2CB22E32B2E12D69B045B149B0CA2F1D2E11B065B03EAB8B292EA82A2DE9AE12B009B00CB04AAF582A0523BEAA17B234AD942C632B7E2D9A3031B0F7A8BE310132F9B12FB16CB0C32D6FB031A811A6B227ADAFD62304A2602DDF26CA31229F472E3DA5F32FDB2EA42D7CB02A32F1AF113026AF33A62C32FA279BB058329B2B79305CB1712274B1712B4026CE2C7230B22974B144B2EC306D2A7BAEB0B1BF2CE5AECBA44DADB5AF62AE70205B3230ABB1B0E730A930352F3E24DA2839B25CA9BD1C26304DB0812D172BD62A60323CB136304CAEE0250D32911524B19B9F652F68A96FA50C29D331A91E6EB1A6AA8A2D59B0BB2804B0261926299E29E3AB9E2EEFB1B8282B21443180AA0429CF318412F02FF7AE332ABA308F31C5316522682B67291AA99BADE7A9EEA865B0BBB10CAFDCACB5266EB148A0699EE1315E2F032E64AC75AC6EAF472C4131B72C7DA5922F442DEF316F2D45B2A83146A1FC2C98AD731B0B31D2AF0E26FFA555A88C2F42AA3AA2F02DA1AC7029B626702D7D2C9B27782692B1E6B066326531A09C2228B731AD27452B7E286631A0B1DE24CD315230EFB191AD6AAB452BDE97609A66302830E7B1292A4B32F92FD6A43AB220B178243FA2F8B14DA682AEDAACB6AE99B05EB0AD2C98296228EFAE92ADC1314330C6305D2FBE2CAB310EADCE3181A0C2318B3031AFFC2C67A7D49F40B25F3016AFAAB0D4A726ABACA134B13FB1FFB045257FAEB2AC162E87ABA030E22DA22A7AB035AEFCA62C246CAB3A2EAD2EC631FF24D8ACA3ADBDAE46A9043257B19DAB113239B1102FF7AF4DA93BB1EF2F30B14C319D2C75281A25C8ADA1B1252A53300F3064B0663204B26128A6B177A41A315FA4572DE8A679AAAF3172A72DAEE6A7652F233018B06331D62FE3AD2EAFE53116B22C2DE7A53E30D72F7230022B80A960B121B168AF6C9FC8A574B1B23055B05CABE9AC4EB276B024AE1DB16426C4AEAFB0A12518A942ADC42BA4AE413221B207AEB4B053219B1CB7AA23B24131FBB00E32",
      torch_tensor_768_torch.float16_4: "0x02000000AEA56532462C9E296FA59C2F90B1042A073002AB13A50DAD7CA40B2C65B2DDB18720B4AF17AF53A68A25352EAEAFB53073300928B9B0D0A690B1F93171B0D8302E21B5AC60B1A62676A9E2B05DB130A2A9B0F6AD27324C2DB82D193209B01B315AB18E2CBBAD5D302E312C2196A954ABA4319930C5307F2C29B2B4A665313CB104AB383199AD292F5AAD04A81BB0E2308D31422BF830ADAA5C324C30C22D86B12231453003AC31A06CB125AD54A938AAF22E0D310FA84FB0323190B08B29401F20A98BB0B82970319EAEB931C020672D031F4DB05BB1F6B1CFB149A5C6AB8A2D07A9E09CACB09C2DF9ACC02EB52C542B39B20D30142A75294C306BAFCA28113239306031D5206DB1292C333077AD0CA48BAD18B08430922CA023353081AE752CC231E12F282D94302CAC33AB47B2F72CA33017A8EB302830D72EFDAA5F2FD429CD3191B0922F40A64FAE00B27D31DDB1A53011AA0F31C5AC372CE9AA39AC832B0E2F97B052B1B8AE87B094AE6B3134310A2A34314FAD32B1E0AADC300AB2CD3055A4422E8F213FB1FC2DC4B0B231C81C712B37B2A5B01030A8B1DDB14BB12BB06A2E3A2C722FB42E92B179AE7D314223392D1B327731773197A851238AB1CAB11123E9AE8FAB6AAECAA27831E7AE5BB1CD31052BA4AAC41429B1D6ACE8B17BB042A158B185ACB828A330F3AE06ABB4AD78ADE431DAA6EC2F7CB0E8A3A4A2432A6C2C83A9B9AFB131A2AACDB0452481AFB32FE22C1E2934B2EEA75725C12E13AC93317CA54CB18EA65E30FCAF8BAC1D3276B120AC35A6A89FF624BD2C95A9F5B121AC21B2DD0DBA3052B1C6A84A313A301A2E642D4DB294A6FC30B02D95AB34261A2AA830FB248930102E5C3211AC6D1EB52A36B2032422A2AAADEB29AA2D5C2C343129A36E2D1AB0D42BB6B0942FFD2F9EB07031739C4A31AC3081ABDD2DE230633250AE662FC9A987B19DAD5DB0B02DA42474B05C2957B06127FEAB9E2E4399253096ABDEA8CFADF52C7A317FB14C28F6226130C0A0B32A2BADFB291B30E1B0652CE6B0302F782086292FA9929F21B018307DAE3E29BE2C3AADDBB05EB093B09AA001AC82B0083139AE65B2BCAC33AE53A9BEAE25ACC4258AB187B147AE12A6892104AD08B2EF3080AD2C0C2AB192B0752CB3AEB62926217E221E318AA14C313029342EF1A1E12A1C319B28102DD6AF65B1CC310EB0C7ACBBA80F3035AD63B06DA72A30D6B1E222392DDCA2C53015AA4C2D3DB0A8B0DD2A2AA71724F82999ADA09C5D303EB14B27343022B2842DA2AF4BAC5AB211AC4B3060B1563129A7899881AD9331BBAF252F6621BBAC912C802FD9309BB12AB2D9AD61ACEFADF7AF9BADEA2D36AB732841250B30432C1E306825C4B106ABBEAD79AFAD2B3430062FF6ACB7A443ADD3AA2EA543325EB1ADA8533104283AAB942E2832672E4431912618ADACB0AA31D3AF902FCF28C6A8F0AC31B232317426DF2E152C053114B1EC2C352DF7A1DCAF21A627B29C2D3D327930FA977B2D96ACF0AB03AA252F79AB3D29862F8231172DCC230A30A3A9D2A28C30A9B15330332F073266ADB42809311BB223300A30B72B0128D9315CA994A9FCAA1D163E2D36A6D9A6FBAF122557AF422A243295A574B04E32A0A9DC84C830562D19A3A53071AE13B0C72B0AAA23236F2EB8A1A13185B05730662FE4B03F25452F5DA80F9E492EA13073A95130FF2FE2B0522C2530503031A848AF37B0833043ACD42F8B293DAF1DA8DA2FBD308AAB2E2FABB1E421A1B0EB31142D73ABE8311EB134A5E7AC4E3245B1A72118AF012D03A28530882DB02EBEAC66B0D2A9ECB191AEDA29A2AFE8B17D262E2FF5AF6B310DAC3822CF2AF5243A2813B16007652E97B07D3197B12B2FCAA948AD79301C307B2915AA6A2F79B01FA908A85DB0F4A8C7AA91B081B0F53185B1D0B0FA31C43137AC16B1902957A6C931C2B01F2F15B27CAF1BAD4CB08D2F2EB005A4BFB0112F622CC6B11AB0632AEFA711ADA32AEB303BA216AFF222ED286FAFF12D5624032CCEA447A66CAF0331BFAF6BAEFDAA0E32502587B059305EAD22B2F22DE9310E31EBB1CEA3EAAF09AD01B0452FA0ADF7311B2161275E2FA02CA330C5B04697DD2401B1F42DB6A4272AA730562DF12E4EAD66A56B31AFA9E6A1BCB0542C02AF4BB0BB3023B0",
      torch_tensor_768_torch.float16_3: "0x020000006E3AA93D8339943D3A395E3AEF3D61385A3D4F39143CD53DF438043B083C9C3CB13AFD39A23D1138ED3D3239D939ED3C033D0D3C2C38C839AA39923DAC3B123DA03D253BB23DB93C6B3C9B3B893B983A3B3AE23B433B193A9738E53D4A3CB03A5C3DE53B583D51392A39E239713D0F3DA03ABC3D713D1B3B663CF03DD33C9539653C913D213CBD3BFB3CA23B883C0E380D3DD83D623D443DCA3BF13CEA3BE9384538C93A593DC33BE33845381D3CFD398E3C5E3A8C3B22393F3B463C1F3CD138713DDB3C3139E2386339483BF539D439833CF538B439A83DF138C839A23D203D963BE13D9E3A603CA039AD3BF639E23C79398B3D963D133D8B3D6B3A6A38A23D4F3C5A381B3D923ACF3DF03D693CA23DDB3A323AEC3C3C3C3338CA3A1238793ABE3BE53A193C3C38CC3DB039AC386D3CAF3C913AA93D3C396039603D983B3D3C123DCE3B903DCB39EB3B5C39E739743C683C0D3B1338963B283AFB3D503C8B3DC43CBB38ED3BCC3D203C22390D3D1D3DF03CA53C673D713BB93A953DB038E03D6D39AD3A353D0039FC3A983CA53A613D5B3A5C3CD23AE1383A3A443D893AC33A8E3DAA3D4C3CE238133A2B3D093BB63D093BF33D9F3C3B3A303C343DFC395D3A553BE73AC23D973C5C3CC93D373BBF3C5939563DA03AD33B38382D39423DB43C0A380C3D823CCB3DB93D603BE4385B3B2D3B003CFF399C3A8338023D3C3AB93C373A5E3DE839F738203DD3396639493C80383C3C26386D3B533BAF38A838593C0838ED3CF33A1A3ACE3D2E38823C25380E3B803AA538223D4A3C9E38E93DE338F03B3E383F3BEF3B6D3DB63CD13A79395D38A13A813868399A3C9D39FE3A0F38A73D5D3DC238BD3CEF3B4A3D6E397139D13DAB397B3B56399A3AA53A6E3C1E3CD43D3B3DF93C603A6C3AA93B593A7C399339083BB13AC43D6C3C7B3DCA385038563D803B343C2F3A773B1039F73D333CCA38683D713B8A3C42392A3BFC3BFA3B473DF73B6C3A243A763AC73B1D3A3F389839503C2A3AA83A123AC6387139093A5B3DC539503DF93CE63D043DEC38C33D5E3D8D3B783B3F38BE39DC3CE238F83D2C38F73D5F3AB03B2F3C513AC43968384B3DE43D0139703DE23C003D1A3B7638C33CD93DA33CDF39263CF938DF3CB13C933B12387C38BA3CC53C4D3CD239A73CD838833C4A3CD83AC139E63C73394239883CA43CD138193ACA38A83D1138CF3A4139BC3BA13DD43CE23A7E39D23C2B3CE23C5C3863398F3ABB3B473C403C2C3C443C573B3B3A133CFA38FF3CD03D6F38213DCA39B13A4538E03D403CA738933AE93D7B38AC3D3C3AA038803C963DEE3AC63A193A7D3A8A38053CBC3A5439E43C933D3B3D1639A73D453BA93DAB38EF3DC638FB3CDC3C073DF539FE3C0D3C6038C8383E3A643D683B313A243CA43A773A9639CF3A53394C3C043B5138BB39D43B393A883D7738973C723DAF3DE03B3A3B4938B83B9A3CB53A4B39C43B4C393B3CA83BFB3D4E398A3C9839593BFD3CFA3BE33A8E3D7D3D0F3BC238BE3A7E39FB3C8E3C053C2238DD3D1C381C3C743B183A8F3DBF3A433C0B396B385C3D08391539A13CB839203D99384038093B783D13390B38DB3B973B813BD739D73C683DA23BB43DDE3C9D38C33D253B833C6739163CC4399F3C723AFD3DDF38423C78395D3A713D013CB638EA3C8E3BA938E03B903B563C7A3B673CD13CF53D3B3C863BD93CA83D2F384A38E93D2F3C6A38A43CC638D938393BA83C483D6A3D183BEC3D1E39AF3CDA39D53CC13B3E385B385E3AC838C13CB03B933CAB3C6138513BBB3C9D3DC93D103B4E3CBC3D5D38E83DA33B663D5839BE3D193D9D3C6239823B583C373B923D343CB638803D7E3A5F39923C3B3D533AE63BDF3D893BFC3A343CD43C933C4438C23DAB3BD13C653C5039FB3D263DB13C283A8839B8383B3CB0395E3B0B3D6D3C8A3ABE38773A94392E3C613BDF3A173B443B693B9E3A0A3D1E3C1738493BCD39623C5C3DF93CFC38013CB93B843BF43ABF3CF9386638933C9B39DE3AB03D2339663D3F3B8939F13D6E3CC7390E3DF73A213CDA3A4F39503DD43C163A1C3C1A38613DC739763A903D9339B53C71384A3C153D443CFA3D5D3C5D3B5E3A893CE23C443BCD3DC03C703C513AEF3DF139F33BAD3BC33BE33ADA3C433D16395438",
      torch_tensor_768_torch.float16_2: "0x020000008031B8305AB0CAA6BA3130329C30CDAE9FA9ABA8992742A63A30F02E8D29A1B07F31E8B18CACF53091AEA32F7621CD24BC3128AEB8AE58ADF0AC1D2AF130BCAA4C30C9B0DFAD7E2F0831F8941AB0132AAB297C2854B0E8AA4FB24EAD33B15B229A2F33B112308329D7278E2F669B0D31983136B00DAD6328E22EDF20ADA98C3171B015B0962938AC5F32953060B12F3185AB203111304899A9B016AE67B1362C47B1A12D1EB0FB2B2BAC983080A05AB21FB1FCA769AB96A628A477293C2A0F25B91A0BA561A8CFA9C21461B13E256729892711AD2928BA2DC82F0530422C5FB12D2E9C29B8256A31D621B5B1E5B0672E0A2EF8AE44AC3E3027A2FAAD6924893169B1872C41A90AABD528E130C0AC66AF42A9B3A1AEA838B1E23113B244B2B42E02AE7DAF6FAA8F2E9A2CA72FB6AD902C182F882E822D353017306E201E3272B0AFAD02A4B6AFF4B1ED29A42CF5A49B255DA276300DAF9E30702693258F30AAB17AA45B32DB9D30307821483004B0FC3123300C3266A91DA329A4AC3090ACDCAFFFA875B005AA2330F32FED30E6B0FFB01A32CDAF5A2CF0310732BB29081963292AAE5CAE762E502ABC2BA4303EB2CEAD572D33A995B1C730B53113B10D3126B2E230D730CA2BD22F4A321FB2912E3E2FBF2F082ED2B0272D931959B259A9B62D48B08AADDB2E7E2357B124A643AD26ADE92FD5B1CA2D4AAC3930B2282830352FA22A4429782255B0A6B1E3AE2F2892A7892D31B2B82AB3B1122D21322728C1AF11AC8DA39B2C24AF65AE5E3271B191293AA196308CB07D2FBDA4DFB05D2EA4B18A2B54B03528662B9EB12FB0B5AE692B6CAF26ADDCAC5226C9AB76AD2931AE2D04325C3278A52D235DA2B3AD5D22962EC7B1162F49AD16B0D2A7E6B16EAE333265A806A5B0302E2D0731C1A21B2C10326132392CDB2ED7B10EB13C3090AFBB31062DE4B1AFB02EB2FE27B8AEA32C64B16EAB3E2B16AEEFAAC431EB31E3AA611BD331C7A6121DEE2DF2AE0D2638292830C231B12B65B2842D362C2DA6BE2CC031CAA650AC2CAAC6ADECA4482686AC7428652BBBB02120BCAD652E50A4783053AEDB302E3043B07E2C2F2D69B0D7AF3CB03EA561AFD2A985301BAE612E0C32A4ABCC226031661B1CA5E6AC5529A630C82EE0A8A32EB92D422E4AA2562EF92EEAAD7C304FAE7DAE2F2A1D3138B00D3239AC08310B322AB0CDA93FAE9C94652FED9CABB0D830022E39ADF7A6EA1DD9B180AA7CADEC2F0131EB2EEEAC20B2E330CF289CA794A868AA7D1B24B28DB15D9F26B09B2C9C318E2AFC2889B18C31723034316D31542F3F300F2890B158B2E9B0D5AE19B0712BDE3023A7F82E2994A22EB0A46EB1F72D30ADC5B1A12DB3B1F7A8D4B040AE1C2100B1BE296C2CDFABC09CC6285BAB072EC42DE330C8274928C02C1024AA2615AD2FADFA2F9D302EAF9C2294B0692FDDB014B05CB21F30E830ECB1D830122D6BA9F4A8D72D263267A149B259A7232D2B327AAF9D1D1729B2B0E726002E052B2B2695AC992C49B01B2F92AF14ADD7B1533123B046281928FA31B22EDC205BB2D92D25AA3CB175319122FF9414205E26763184A108AF1B30F331FCB1943143A9422D40AF4BAB06A6433220B2462E3CAFE0B063AA942E3C2F912E9E3150B1E02D5F2D9EACE62F172F0924372994B09898CCA9A130AA2A82B0FE26D0B129317C2EA631A5AE1E31BEA937B15B2AA82A3A326BA87EA9D7AEF7AE10B187ADAAAD723142B13929A5AB5EB14332822E7FB010A349241E3211ABB0AF08A6582B9AAA8F2D58B1E9AD1F323531072FFBB1FF2ED92C76A79C2D47B1E328EEADC2B1E62A41B1CC316EA85B32C9AFE4A3B72C7EA973A5C6ABB4AA3B30FE2E2F31FD30EE30E5314430E1B09B31E4A63C24982420A45DB16530413004313FA9D32E7F3118AA74B0B0AC4BB27030EEA8642C4B2E20AE0431BCB0A82FA831AB3155201F2FAB3169B053321B2FAE2CFCA930B26C3119B29D2EC4A91B304B319AADE92D86A990B095B1292E6029E031492EFEA929AF0023B4ACFBAC55AF47281CA456A4D330A3B0653215ACD52DFA2CF3B1D5AD83AFE1AD48B2D72B072995ACEE2D3F2D3F2FE7AE87B1AD308F2D4E319BB197B011A18CAF609DC2B19CAA191D1E2970AF4D247F2BCB254D25B8A539299FA96B8E2630DA2B",
      torch_tensor_2304_torch.float16: "0x020000005EADD02DEEAF7CA5A027CF31C7AD842951AF3BAA18AFC8A85232862D50329031B5A888B14B2F57AAEF2F282120AE26AF43B0682818AF18327028A12CE73195A94E2DAC31652DA930262FBE319D2A68B008A99EA54EB26C2C5C2FECA9D2293E2887AEDFA811B2122BC3A7A32F66B1B6ADD3306BACDDA2280699AD0F2DEFACD1B133325730CC1A3D30F2A407B1E330E6B1C530FB25DDAC593218B22030EEAEABAA41AC5D2EBB2738A41F3091B1A6299528452B5DB063B1002667A9C12CD2A8EF2D0EB286ABACB1602958B21A2D38AD39A09BA9FBAE78B076317DB1DF2D1615283068AF6EB0F73084B10DB21AAD77AC69B1562D77A5A831E0B0FB2D623012B1F8B0B32CBC2DD3295A2805AC902B05A844320C30B831FFA0EBADC62A7030B82655B12D2ABDAB692E96AB6BAE91B04C31B5308630E82C97ADE4A40EB2E6B05DA150B2C72D6428623279B1AB30B1AA64B10D31562E5F309DB13C2E6E2F8A2FD4A958AC92B045AF6B30D3260A2FBB25C5310A322DA8CD2C16AE232A462DBCA538B29A2BACB001ADB42E23B169249AB19C31552FC42C8220E531B73126B068B057AA0827F7304EB286A5B5AF9E2C6C31CA207930789C2F30932600ABF6259D29FE1C672A6B31CB2DACAD2BAE4A301F32542DC32F2B31139C27AA872A7CB020B01DAAE199FDA488A745A0AD2D36AE11B03FB15B2DE29D62B2BB2DA39D1AA93E30EE26B4B136AF7B23E3274C30F231FEB0B62E6A2CCD2EE82E59B241320FB14B32B1ACF92F733113B25F30782CA22F142EB6307D29B32F6D2BCDAC9D1E2AA74B2F0D2FA52DD41BC730E8ABC1AE38B1C4B105324F32072F70B14CB02DAFEF302FAE5FB0EFAB70A4A3A8D2313FABE4AA2A31E5A293307D2DD3AC20B13DB239B0AE1E24300E30F021AE30422CB22E3CAD1E30FBA15E300DA9123080AE45B1B2AA61B0CAAD19955D290A310131DA277FA74DAD5CAD70B1E71D4B31362FEAAA09A135A8692BF32F70B114293DB185A8A72E29AF2E31132C7130342713B071ABD630A0B134280EA77C31A0A6B830F1303732C32B622F352DA22C142BCF2E242E24300A9D1A3151AFD6A2C93053B24AAAB12515B07025B1AE3E2F752B493197AA86AD693187216A2C9CB15E32AE249520A02B2432CCB11CA5BEACF7AD8FAEAAA8CCB107AD93B1AF2EE32963AF62AE7F235BB098294832F3A728301F32FCB0372CB12DF3AE61B291AC18B1902E53AE9DA554B22D26F9B09EB0E3AE3E28D630D026BD2E163107AFC12C9EA0A5A5FEB1E3AE2A2719B201AE5BAB5F3120ADA9AAC7B0132FCB292DB1C22E7FA569AD6BB1AD302DA995311931EAACA62F362CBDAE3BA11930DA2C5E3196B19B21F8AFC930552E65305DB064B24E2DAE30F92F8030D1304B2C29310D317C308DA4A6B04AACE4216BAA41326E31F52F66AFF02DED2F8AA4DBB0F72C12B2E32F3FADBFB0AB27D5A2D2273330122C42AD43AAB4B1B7B1E8ACD0AB62A591A90EADD9318A2C8B303E2E0231B61C3524CC319CADBA30F797F92D98A1472F9430A52BFAAE613168A36332E294C5B1DE2C132DA03141B037314B3221A7F8AC683166B1C3A547AF1F13C2A1322638B2193214B185AF31AEE12E2CA930B03E30F031B3B161ADD7304CB005A42731832A53283030A92E0630E11F3F32A6ADF32BC730BEAC9F28D52D202DA7304FACF3B03A31B6B124AF1DB1BC30A5AC4DB1F22DF2B0F1B1D231DE2F842FB1B0EBB096B0642F662B0D2D7AB06329D4202AA9A0AE2AAB6827D42C21A7AFB00AAF223009A7EF2C84A7E02CE0AEC1B033AEBF2B7AB1E2AE5B2E37AF24B225AE2CAAB2B113B0E02FBA2D86303C30FD2B682E822F80AC992C5C2F6F2F393156AF4A2C07B173A5C530EEB05FA84FAE4328E513F5AC27B1B82C1024CBADE62BDFAD6C2DA631A52B0FACC724102B9930A0B044B0982EC6AC50316232DAB105B05DADD8AD62A25B329DAD1E32842D38B25E31022CE82C66B2BBAC982F132D4232FFB025A27D297FA8FB3041AE972D0C2EB12683A063AF8F2F3E2CD62FB9A5C52B8CAD6A3014B27A3093316A2BBD29052C43316FB07DAF3F32392756AF92317330AB2CA72FF2B159329E2E9A2E49310CAA5B2F872DF4AE192A42ADF5ADFBAC9C3159ADF5B06731ECA848B14CB0FF30FB22BA30C1B0382D592C9AAD772DA3ABBBB04430E030C9317131BA2FE3AE56B078AF8A289DA4CF898528092D9A2B68B015A864AF602EA9AE612E23B18D30F49F4E30CCB167AEF42CEE31BCA9223023304F315530F72A51A9BF2E18A09331DAABCBAC41327AA28028B2B0BFB117B27C2D15A6CFA8422D6232A5AF7FB03031CA3029A13631A1AC6C2B28AF43B0CA3165B2FDAC47B1D92EACB126ADBE2E9DAD9099D230DD2CEBAA5E2B66AF3730BC2A8FB0B1A507B0E831CC0C342C4E29DF2EA22DF524E5B127ACD9B045A81532952CFDA143ADA32841AF84B0A931C9AB0F25D43112AF3C29FC9F5DB1E4ABCE3178AA42AB3D2F653038303532D8AC9EA7662EA0AEF1A3DC2B44B1A3B1CDABCD30DF285DB023AFC6B0782FCD2E432B30ABA0B102AC03A7362D6AB0ADB0BFB10C32E4AF9D24D3B018B0EA217EAD2B32BD2F12AF19B1BD9FEB30A228DE269AAF13A102A95324042DB72F522FAEAD472DAB31349CDE3053AA852DB19D12307828132ADA31273105B291B04BAA2332F3A1A43192B02D20282B2CB0B5311C3022B2FA2E8B3115266530CEB0541C5A300A302C2D0E1D013190B135320FA54F32372DADAFF9AF74B15E306F3028AE172E14304B2597AA6531972BA8311FB295A90030B6B098308CB0E6ADB79CA4AC36326EB112A6F4AB6E29ADB0D22E153049A812A709B109AD6731BCAF732EB5AFC1A02330DA31A728423113312AAA8831632D7B2CB1ACDD2C6BAA9A276831CB3072B014327122E82DF728C29D22AD5A2BC82D6E2F8D2B962869A8662CC2AB65AD9A2E53AF1DB2D23072B09DA4BF2A0AA6B2AD3BB1CC316EB026A42D32FDB1B7A4AF2FE5B0B530B13043306D31048EE0A48E311BB208B041AD6C2F482DC4B06BA5EEAC4FB192A8622F97A991AEE12EC531D23022A5942B7B2DD12EDCADE82F7CA9B42642AFF529D9B0912005AC5DADC824EA30783055B0DE2862B19B300A30C5AD9BB196AD5BA907A821A965B0242FFF2FA32EA4B021A2F4B0941C9E30801FA8B1E83057B0ECAD1421C92E1E32AF9D0B31492CEA2F69B02EB082A0F230FBB0292D1DAC95AC96B035A0D6B1B230A9311531512DBA300730453257312DA8323289AC5FACA0AC5F28E82D33A582A90F2FB3A068AE57AF402EC4ABC3B021B22A31F5234BAEF5317EAE8B951A32D63119291D21161CFE261CAA98298CAD8D1B2D2DB925CDB13B30E89EC6B026319931B930E8296AAA1B2D87A54D32E5B018ADCC2F5EB0E62F362D79AC31ACACA9262A8227AFB07CB171A3A1AF0D2E0A2C7FB0B93002B16AB04924B529872C63B2C0AE2DB27F317430942964A5EDAA38B267A9D22C5326BB301BB2C23072317A2F2CA874B0EE317330B530C7B00A26752AB7ADD931EA3042AAF2B117AB733097AB4DAF7B2C3D3215A9232DD82913A8A32E4530E0AAD6A9C4A058B0EEB058278C288DB09FA907B08227762D09AD1AB0FA31F8B06C22B6A5E3B193304A2EC83132B0552DE731C5B0632946B14FB0D3AFF1242A2CE7AD9AAF2BAC773001A369AD33294B32EAA469263A2785AD03AE28B1F4AF4FB0CFB0463203B0F4AE48323FADE8AD4024F1B0213285B0DEAD9F2D9A319025CF2FEB19762F4CB23BB2E2AFE2B105287930C52CCAB1A9A4A130DE305B2A2FAB16B2E3AA35B12192072B10A84D29C1AD3BADABAE00323CB01F31E5310130133007B0D7B1D130E6ABADB14DB1E6A55DB2DDA9B1B111B047AFE2ADEBAFC3B19EAE2B9D16AA2BB274B002B2562A36B2862C4C31302EEF2391ADB425413153AD61327A1F1C28462674AD5CA62D2FEB2599310D29DAB05AB0483007320C3268AD8EA7932FFC2EDB211FAA522F6DAFFEB065A978B180A56C2A9B9EEEADE32E1DAE1AA961B0FE2D19B065AB73A7972B592226B01D305AB1082D78B0A3A42F307231559A58B1A3ACA3A5463108AD16AEC42F462EBF318621D7A5FEAA01AA7E3093A37F2ED12BC6AD643083A72D30C22A47AD501FB5B0AFB0D7B106AB163202B1099D23B23AAC34311DA90BB2642B182D2F2B1C31EC2BCE244F321F251DB22F316F2B492D2A31B8289B303B2CB7B132B158AD4DB09FAC0230FD270AB1EAAB92AD333230A357B051324BB22E2E663066A2533022AAB7AA22ADC82FEDB18A2D39AF06A23CAF2E287F2DB32D5B31EDB114B0CDAA8B2CA3AFA62C4F32312FACA9F52F1AAD61A152243C3120ADA6A8C8303DAE442C68B14EB10B30A92C41A8E5AFA531A82CE5ACD0307730CFB179268415F1B106B16D2BAA1EE4206FADE6AC3CADDBA4552ED1AF852A6C293B3124AFAB31CFACB02CF3B0E22E8AB1FE2AB326DB2798310CAD9FB1A41727A8CC28542E60287130D2A0B0ACBE2E7BAE06AE73AA6CADEFA808A6ACAEE52C1EB08DAC90ADE8AC8031EDAAC22E06304DA884A78F2CD2B16332C12BD52DC82263A54D2B79AA2AA935284CAFAD2BDE30A6B0F92E07B2EBB00A30C13012AEE1ADFE251A293F31C6ACE7ACD126C530822E052DF1B0A0282DAA34A29CA45CAE03A7FE2F8330B4A628A9DA31EB297C313831EA301030AD260D3144B1ACAF9F2F742CE930812DC430E12F071E902E5A31601267B1B2313D31CF2563AC01B23AAD7F306DAD35B2A1AC3D29BDB05C297926A2B169B190ADC02F4928ADB07AB0A43068AC12AD713179B1F9B159B011AE5429D13153B292B0BDB04A247FB02E30752E082E1F324BB232A4A1B186306930FE2890AFAC311628E6AD3BAD1AB15EACACAD3024C7A959B102AEF7B134AC972C7C2E38324A27972B402BC9AFB42D373184ACCE30199F49B224AC1E30332E6CB024A9DB2DC42BAE2B3D2C2330C2304CB13524503255B284ABB42CFDADDB9DABABDD291726AF2278B077B0B7AC2DAD8B3109AF67AE550D7CAD3831FB2F9F2F4D31A9AF7AB0EBAD2E2FD3B1F5AE17A238AB5730602F0EAB142F632EFB3044AF833033A942ADBD314CAEBE28C6B0512F361C3F2D5BB0DB30CCB0F6B13931DAB11CB24CB053A24331CF305CAD992C57A8E2314926B22E67B18CAD8B2F003029A3382D1BAB0CA98A1A2D2FCFB00E31FAB033B17F30B9B029ACA4B1D8ADA11C92314FB160B2532130A12AB043B00E32DEABC51836ACE22FE62DFEAC00AC87A744AB27A8C598FDADEC2C5BAD3731A21D41228E2266B2A6AF47AB1F32B1314F2ECEA6D62E562FDAB17FAE572700AD322E8F2F2F2EA5AA182AF7317DA6632EE1A2582E04B202AE50B155B0922E432EF530F4AF222E2932D42D56317C31622E54B00B32F22F2F321AB103B117AACD98D631F9AF67B09AA7262E45AD16316CA6C0AFAD2C062DBC2D972BCF2E5432D7ACC4B1E831942FE431CF2D4827D424C22AECAE022D3E2EB6B1079C77B09EA6A6AF72A9AAB0522C4631D2B075AA0E2EA82C4B3155B11C3297AD992A0EB2A6314232E62FD52DD12E8B2DA6B1DBABC0AD40301FB2F127D82D2329F02B2825992EEB2CFCAF14AD78AB24A155B0B431FA312F32EDB0D0A36AB11C2DCDA46C2EE92F60AC18B08B313DB19A25ECAC8B285C2E24AA212FA730A0AC43A5EEAFCD2FCF302E2CCBB151B00131BEAC1B2DA4AAA62EFC306C31C4A9002E3F24C6A340308CB121302EB285AE6730EFB1E6AE63ADC930F32F582E852DA730072F96A5F0A991304A3011AE9F2D6DAE3630132FC1B1933137AB2BAD96AD7DA62D2CA19F522B90AE31AC2BA7DBB1922EFCAF86ACDEA9BD2FE0269BAB0A313BACA02640A613A81AB0590ACF2A8FB1D2305B30842DCE31D4AA20B046311BAFCC3136A7A1AD85AD71A66E26CE3025A55132202968A96A2BC52FAC3072314DAE2F30E5AF3FB165318BADB3AEBF1DF628233062AEF52C93AD9F2A512DC1B116AE1EA864B2E9AE96AB28B1D324432F9AB0A922FFAB27AE2BB1722651B1B2B07A31513088AA7426832E05B1AF31C8304CAD99B0C7AAA531ABB127B2CB2FC1B1F92968B027AEFF9F17A5EDA46F289A30A22B35AEB53069AECA3086AC2E3134AB25A5D531B12E25194A32F630092D37B2552791A15D2E3031D6ACE0B0DCAC2EACF1AEAAB0DA31C8AF33B122B22228CF30672A1831D3ADC421E3A96BA30CAFF2287430799C97300BAE1E2B1A32269E0AB14AB1EDA8E5B183A9A6AE721C0BAFCDB19FA91DB099B091AC2532CAAFD22C1132E4311F3188A028A0B02B8E9EA3B1A5AE2E32DD2B14ADD6AE5E1ABA221AAC852EEB29FF304DADE39FC8ADF42FF42D2B2B922AA41EA230E5291632DF219AAA452A883115B0EEA537ACA619E7315EB1D1B187953B321EB026AE161D57267FB0C6B115AE9A2E0E2D1B30551F852F91AC7EB1373139A7A52CA8AF442E752F44AEBD29DE24362598A7CB2DF0AF25B086B04DB155AEAAB095AEE4AF0C2F64AEDE2CAFB1A4A57D2B",
      torch_tensor_768_torch.float16_1: "0x02000000082FC3AF3BADE42863AB0C2EBB2880AFA32938B2F8B056B07EAB3FB28131ABAEDFAD5EAAA43196AB0DA729AD1932EBAA55B10B2C8C2D8BAA63AFA5A83DA657329730312AD6AFD02CA12E6FB12CAA6FAC3627D62B14B037A24D3232B29BAA3EACD6A8BA3051A6E730BC27B8A757AE2430622B5EAFBCB0CBB03C31F2A81A30103102AFFCB117B0FD2E34B29126E7AFD42E39A007254AAD72A4D1B1EC2F3731782E2C9767305AB2402CD82E70AC903066B2C42A18AD962A5DAE6EAF762A069501B0F130E5301325472DFAA4B82F4630C32E93AE16B20D2C8BA80C319B30EA2246AA742D5C2DAB2C6230EB27921EED1EFB30D3AA603001184FB139A558ADB62186301AB013A13928E82EA5312F2566312FACC42EC02E40252DB0D4A95BADFA31682B3C3138AD47A7E62670AB74A416290AB21AAC66B2279F882936B19AAEC82F5B30C0A90630B5AD472DA82422A6012C3BB252B047AD9F2C482DA12CDA2E62B10BB18C3054AB0027BD157C2A6AB1E82ED2B0A52C03A9579A652C9BAAD0B1F131A520332E692218309E26D4B0442B30B02530A32CA1319C2A09AFDA25F52E6D2D0AACF42B9231BB2CCBAA423132308C3008B15BAD6D2FC4AD75B1B12CA92F422BF2AB1F2620B26B26913067B1F9A94AB025AA3CB23230289690A636297B3058ADF4ADC4B1FBAD8DB1DEB166250CB073B155317FB030B10632462CC82D792680B1603032A881A9ABB0F3B08E200A27A71FCB29D530E41630AA3BAEF2AC3A26902F07A6E1B1FCAF3DB144ACB82CA528272CA6A4FFB037AD7D1CA59490AE2A30D4A66C3001AEA831F8B0E42E24B2C0AEBE30ADAB89317F31AF2F52A9963064A4C9B081300C30AAB0B130C41F3C2EEFAD49AF7530222982B0DEAA98307FA22DAC12AC2830AEA4BD31CFAC912E7CADDB2E2DB2BDB02AAEBD308BACBF9E08B1D4262CB196B0B42F8EAE9EB1372986B0B9B13B3044A9AE303F2EA8AF50B135B0719849AB40304DA29B25C3A9872ED62CC12CF42E31A9E0B01230E9ABE92C41322A2D35313BB24F2927B1C530E431F6B1B2B04230C92C2A32912ED328052446B2442FF0A909B1CC24A8AA6C2930B24AB01424A12959B1FC2A5E3075AD5E203331322D82AFF9310BAC2630DDA46B2F63312831CC2F88AC483170B024AE7E2B5A2EC1B1EBADB5AA723060B2FE303BACF82994319DB1A2241CAF2D2D11307FAE9B3021B015A0B8B0EDAC72AA002DB0AC1322BF2B512F49ADAEB1BBAEB424D630082C7E29FEB16F9254ACD0ABE1314FB045B1FDAC4E2BE6AD452DFF2C54A6493083AC4F2A19247BB1D2AB77261832432FD29FC5AFE4ADDBB12D28C2A70F2C722243A894ABE1B12F3270B113B24AAFA8B08A2F76B019AC3BB2863195AC6430EA31D32D20AE6F9A3C2F162D31309024082C01ABE6AF0D2D5DB2442F4FB2FB29D8280DB1B9289A2E5F236C2C582D87AF76316AAC492814B15B32E42BD4A3C5260DB2A7AE13325DB196B07C27042F8430A030A92ECDAB2D2802309FB05CB13EA4DBAC5AB2E81E81AAE7303FAC2A2CF92621ADA2A2C7AAB8AE46B1BCB119AF55B179B0CDB07DAAB4AE58B2FBB1463286AEE1B1742A4A25B1A9F92D98314EA962AACF1DCCAE2CB0B3A9882C36B2A1B0E32F4CAC0F26B1B133250CB27FAF56A5E020CCB032A42E2F452DB4AA5196A82F10AE9BB00132C630CA30ADA0F3B1382E6E2FF431F1B101302EAC442C21315CAE5132EAB1EEB0EA9F9B2D76317230063201A6CCA89428EA2C2831B628323151A8F22E603264B14E2D29310D31C530AAADCCA8A21A033200AE1C2CA62E86B0BE304918D731FD30BA310FB04930A530BA31A82BBBAA732861B05A32B02D1BAC5D31702D46AC7F317FAC9CAC05B2252D05B1C7B1FE2BFF3194B1A72EF2AEA0303FB2D4AF1532B827B7B057B2A8A8B7A6B822A12C6EB0A6ACB9B15B32CCA7922C7FAD94B0D8AF35B2D22C45323AB149B0B92FFC2ABB31EDAA5EA778ADCB2F00B027AA152C4B31013050B1A930752FFEA18225D1A5B1B19AAC4A310D2925B14425102AF82F2D28A5AF043237ADC52DCE2C6B31C92EC0A9C9B1012C3FB2BBB11BB27D275C2F80B1A0AC30AA1D317E2BE0A86731CA2C692C6E2D4824A8A20C325B27CDA834B1E1AF3032E9315DB267B1942C38AF312C6EAF48A975AC7DAE0B2F",
      torch_tensor_768_torch.float16: "0x020000008C3C293A54382238413DA73D6D3CEB3C2D3CBE3D433D06386E3D4538EB3C6839743D2A3C663A623B3A38FF38AF3C973C763C123BFD3DEC3DBE3C9A3CC13C1D3B1539E33C1A3C7B3AE33B8F3DBC3DDD3A493C933A613CB43A223B903DD1397E3CAC38553D263DEA39823D7838B03A34399A3B2F3DD8396B383D3B9739BA38523C643AB03C9939C53DEC3AD838843CB53D863BD23D003C673B7B3CFB3DCC3DAE3B083DFB3B1E3C253D513BF03CD83CBA3DEB38EB3CB63DDF3D1E38743DED3DD43D3139E43D8F3D4A3DD73BDC39353DB23D213A283C8B3BB93D5338EE3C753C3A38E03C2138083D0D3CB73D87385E3D8938C13A713BDD3D403C123AEF398D3DCF39FF384F3A583C373C3D3D3E3C4F3A4E3B463D823CD63DF53A363C603C653D2A39413BA43D58384A3D533B523D1438EC3AA1389C3C313AD03CC63D0439763D7A380C3B703BE93BE83D1A3D793A293A743D863D0B3CC13AFB3D873A7639853D403DAC3CD53DB43DFE3C713DFA392139AE3CDC3C56392A3BA43D3F3C503C8E391B3C183CB638EE3D493C0D38173DEA3D5C3C8F3A8039B13C9039503C693CDA3D9438003CFA3C6B391B3B8138E73CB438293B7E3DC73BA73D103DA93D0539973890387A3D893CF93B4F39B23C8B3AD83CAF3B083C293DBE38513C94393C3DE93BF43D7739DA3D343DDA3B413D693C9F3CA83D8638573D0E3B9B3AFA3D203DE23B623B833DB238D53C283D323D943A303DCD39E63A573B2A3CE738413B0138FA3C683D1D39D13C493DED3D603D653BEB3DE53D043C043DA83DCF3B753DCE3C5A3A123D483CC038223B9738CF3B6E3B643B583CFB38BC3DBC3C4C3D963D553C5238D93C473C4E3D213C413DFD3DCE3A5E39223B033D843B5B3C0539E83C3E3A8639743D423CE03B983DB038C93CA03A6739B33CE73AA43AC63D98390C3C31384F39893D283D3A3CC8393B3C1938DA3CDE3C963C723C9738F9394C3C273BF83DB23D37395C3CC93C1839803ADD3C9B3DBC3AE9394A3D573CD03B0D3A95382538523C8739E73DDC389E3B283BDC39FF3C933CE73CAA38D23A143C6A3B53388D39C83D4D39693D4A3D213BBC3B4C3DB93C593D083DC43CA73D4B3D6F39FE3CB238683B2D3B9E39C03DC2380A38953AF73D1E3A533D6339583CD53DDE3CEC3D4C3CEF3D593D1D3D8E3D873CDA3A1D3CD0391C3D5C394F3C253CB03C0B3DE138803C503B753CC73C583CEE3C153CB43B4B3AD539C83CC83C9039E33DAF3C203C5D3DE43BCF3B113A4039D93C603DB63CF33A4E3C413CBF3D1A3B5139823D943D633896398C3C283D6D3C8839F138063C433DBD399A38343C89398A38183D493D303B5A3A383AE33A4F3C1C3CD83A8D3CB43C3C3C193B7F3C5E3CB93A6D3A2F3C733C713C103B433CF13D6D3B5F3DA738803DC43D183A1938DD3B7639E33D973DD83D6A3C103C553D9C3CFD39BD3D853B183D013C78395E3A4C3C25391C38793B0C3D753C983ADE3CE03BFF3D1B3D533D143A38399839753B0C3C8F391F3D793D873A083C613CE43C2E393F3AEC3C463C9A3D953B413B743ADA399A3C1E3A733D2A3AB23C463C843C953D5C393339FA389D38233C53393B3D2E38FF3AC93BBB39D93AC839413AB53D563B163B723CA83CA43CAE38543CF23C2F3D5B3C0B39AC38963AB63DC83B953DAD3B053DE23BD63C8A3A8F3D203A0D38E23CB53CA13CC03C583CEC38AD3C0E3876395E3B073BF4386A3B7F3C053BD63CD9392739FF3CAD3C6F3B1839A83C003D5039C23CD83AA93D023D313AC13D34387B39EF39EE3C1B3CB73BC839073DF038FB393A3D9C3B823D683C283D8039883A033BF43BC83B4A3D6339683D8E3D9B381338583A353BE23D9238203DCE3B0A39EE3A0C3BF3395B3A5C3BD93DAC3BCD3D3F3887383938AA3CC3394E3C2E3DA83AF739E73CCF3B3239B338F33C713D903D0A3C3A39CE39A13B683D9A3C323A063D7C3BEE3D6E3B593D1E38DF3C303BFE3B9739B83D99393F3C643C6F3DBC3B523D183CD33DDE3CA63DC53D363DFB38FF38773C2B3A153B64390C3D6B3D1039113C293B293DB83BEC3C443CEA3D5B3BF33D533B7639213D2C3A433C963C99394638F33D453DFD38643D113AFA39173D083D623D1839FE3CC23B9B3AF03C613D943A3D39F73DAD3D523A423DB838A63D"
    }
  }
#-}
