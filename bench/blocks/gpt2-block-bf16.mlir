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
  func.func @forward(%arg0: tensor<8x1024x768xbf16>, %arg1: tensor<2304x768xbf16>, %arg2: tensor<768x768xbf16>, %arg3: tensor<3072x768xbf16>, %arg4: tensor<768x3072xbf16>) -> tensor<8x1024x768xbf16> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %c3_i64 = arith.constant 3 : i64
    %cst_2 = arith.constant 4.467770e-02 : bf16
    %cst_3 = arith.constant 7.968750e-01 : bf16
    %cst_4 = arith.constant 1.000000e+00 : bf16
    %cst_5 = arith.constant 5.000000e-01 : bf16
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<8x12x1024x1024xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<1024x1024xi1>
    %cst_10 = arith.constant dense_resource<torch_tensor_768_torch.bfloat16_5> : tensor<768xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_3072_torch.bfloat16> : tensor<3072xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_768_torch.bfloat16_4> : tensor<768xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_768_torch.bfloat16_3> : tensor<768xbf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_768_torch.bfloat16_2> : tensor<768xbf16>
    %cst_15 = arith.constant 0xFFF0000000000000 : f64
    %cst_16 = arith.constant 0.35355339059327379 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_2304_torch.bfloat16> : tensor<2304xbf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_768_torch.bfloat16_1> : tensor<768xbf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_768_torch.bfloat16> : tensor<768xbf16>
    %cst_20 = arith.constant 1.000000e-05 : f64
    %cst_21 = arith.constant 7.680000e+02 : f64
    %cst_22 = arith.constant 7.680000e+02 : f32
    %0 = tensor.empty() : tensor<8x1024x768xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<8x1024x768xbf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
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
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_19 : tensor<8x1024x768xf32>, tensor<768xbf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %134 = arith.extf %in_50 : bf16 to f32
      %135 = arith.mulf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_18 : tensor<8x1024x768xf32>, tensor<768xbf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %134 = arith.extf %in_50 : bf16 to f32
      %135 = arith.addf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %23 = tensor.empty() : tensor<8x1024x768xbf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<8x1024x768xf32>) outs(%23 : tensor<8x1024x768xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8x1024x768xbf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<8x1024x768xbf16> into tensor<8192x768xbf16>
    %25 = tensor.empty() : tensor<768x2304xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<2304x768xbf16>) outs(%25 : tensor<768x2304xbf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<2304xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_17 : tensor<2304xbf16>) outs(%26 : tensor<2304xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<2304xf32>
    %28 = tensor.empty() : tensor<8192x768xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8192x768xbf16>) outs(%28 : tensor<8192x768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<8192x768xf32>
    %30 = tensor.empty() : tensor<768x2304xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<768x2304xbf16>) outs(%30 : tensor<768x2304xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
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
    %36 = tensor.empty() : tensor<8192x2304xbf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<8192x2304xf32>) outs(%36 : tensor<8192x2304xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8192x2304xbf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [8, 1024, 2304] : tensor<8192x2304xbf16> into tensor<8x1024x2304xbf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [8, 1024, 768] [1, 1, 1] : tensor<8x1024x2304xbf16> to tensor<8x1024x768xbf16>
    %extracted_slice_23 = tensor.extract_slice %expanded[0, 0, 768] [8, 1024, 768] [1, 1, 1] : tensor<8x1024x2304xbf16> to tensor<8x1024x768xbf16>
    %extracted_slice_24 = tensor.extract_slice %expanded[0, 0, 1536] [8, 1024, 768] [1, 1, 1] : tensor<8x1024x2304xbf16> to tensor<8x1024x768xbf16>
    %expanded_25 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [8, 1024, 12, 64] : tensor<8x1024x768xbf16> into tensor<8x1024x12x64xbf16>
    %38 = tensor.empty() : tensor<8x12x1024x64xbf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<8x1024x12x64xbf16>) outs(%38 : tensor<8x12x1024x64xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_27 = tensor.expand_shape %extracted_slice_23 [[0], [1], [2, 3]] output_shape [8, 1024, 12, 64] : tensor<8x1024x768xbf16> into tensor<8x1024x12x64xbf16>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<8x1024x12x64xbf16>) outs(%38 : tensor<8x12x1024x64xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_29 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [8, 1024, 12, 64] : tensor<8x1024x768xbf16> into tensor<8x1024x12x64xbf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<8x1024x12x64xbf16>) outs(%38 : tensor<8x12x1024x64xbf16>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<8x12x1024x64xf32>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_26 : tensor<8x12x1024x64xbf16>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x64xf32>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_28 : tensor<8x12x1024x64xbf16>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<8x12x1024x64xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<8x12x1024x64xbf16>) outs(%39 : tensor<8x12x1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
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
    %80 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<8x12x1024x64xf32>) outs(%38 : tensor<8x12x1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8x12x1024x64xbf16>
    %81 = tensor.empty() : tensor<8x1024x12x64xbf16>
    %transposed_41 = linalg.transpose ins(%80 : tensor<8x12x1024x64xbf16>) outs(%81 : tensor<8x1024x12x64xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_42 = tensor.collapse_shape %transposed_41 [[0], [1], [2, 3]] : tensor<8x1024x12x64xbf16> into tensor<8x1024x768xbf16>
    %82 = tensor.empty() : tensor<768x768xbf16>
    %transposed_43 = linalg.transpose ins(%arg2 : tensor<768x768xbf16>) outs(%82 : tensor<768x768xbf16>) permutation = [1, 0] 
    %83 = tensor.empty() : tensor<8x768x768xbf16>
    %84 = linalg.generic {indexing_maps = [#map13, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_43 : tensor<768x768xbf16>) outs(%83 : tensor<8x768x768xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<8x768x768xbf16>
    %85 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<8x1024x768xf32>) -> tensor<8x1024x768xf32>
    %86 = linalg.batch_matmul ins(%collapsed_42, %84 : tensor<8x1024x768xbf16>, tensor<8x768x768xbf16>) outs(%85 : tensor<8x1024x768xf32>) -> tensor<8x1024x768xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<8x1024x768xf32>) outs(%23 : tensor<8x1024x768xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8x1024x768xbf16>
    %88 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %cst_14 : tensor<8x1024x768xbf16>, tensor<768xbf16>) outs(%23 : tensor<8x1024x768xbf16>) {
    ^bb0(%in: bf16, %in_50: bf16, %out: bf16):
      %134 = arith.addf %in, %in_50 : bf16
      linalg.yield %134 : bf16
    } -> tensor<8x1024x768xbf16>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %88 : tensor<8x1024x768xbf16>, tensor<8x1024x768xbf16>) outs(%23 : tensor<8x1024x768xbf16>) {
    ^bb0(%in: bf16, %in_50: bf16, %out: bf16):
      %134 = arith.addf %in, %in_50 : bf16
      linalg.yield %134 : bf16
    } -> tensor<8x1024x768xbf16>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<8x1024x768xbf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
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
    %105 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %cst_13 : tensor<8x1024x768xf32>, tensor<768xbf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %134 = arith.extf %in_50 : bf16 to f32
      %135 = arith.mulf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %cst_12 : tensor<8x1024x768xf32>, tensor<768xbf16>) outs(%0 : tensor<8x1024x768xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %134 = arith.extf %in_50 : bf16 to f32
      %135 = arith.addf %in, %134 : f32
      linalg.yield %135 : f32
    } -> tensor<8x1024x768xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<8x1024x768xf32>) outs(%23 : tensor<8x1024x768xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8x1024x768xbf16>
    %collapsed_44 = tensor.collapse_shape %107 [[0, 1], [2]] : tensor<8x1024x768xbf16> into tensor<8192x768xbf16>
    %108 = tensor.empty() : tensor<768x3072xbf16>
    %transposed_45 = linalg.transpose ins(%arg3 : tensor<3072x768xbf16>) outs(%108 : tensor<768x3072xbf16>) permutation = [1, 0] 
    %109 = tensor.empty() : tensor<3072xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_11 : tensor<3072xbf16>) outs(%109 : tensor<3072xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<3072xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_44 : tensor<8192x768xbf16>) outs(%28 : tensor<8192x768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<8192x768xf32>
    %112 = tensor.empty() : tensor<768x3072xf32>
    %113 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_45 : tensor<768x3072xbf16>) outs(%112 : tensor<768x3072xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
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
    %118 = tensor.empty() : tensor<8192x3072xbf16>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%117 : tensor<8192x3072xf32>) outs(%118 : tensor<8192x3072xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8192x3072xbf16>
    %expanded_46 = tensor.expand_shape %119 [[0, 1], [2]] output_shape [8, 1024, 3072] : tensor<8192x3072xbf16> into tensor<8x1024x3072xbf16>
    %120 = tensor.empty() : tensor<8x1024x3072xbf16>
    %121 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<8x1024x3072xbf16>) outs(%120 : tensor<8x1024x3072xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %134 = math.fpowi %in, %c3_i64 : bf16, i64
      %135 = arith.mulf %134, %cst_2 : bf16
      %136 = arith.addf %in, %135 : bf16
      %137 = arith.mulf %136, %cst_3 : bf16
      %138 = math.tanh %137 : bf16
      %139 = arith.addf %138, %cst_4 : bf16
      %140 = arith.mulf %139, %cst_5 : bf16
      %141 = arith.mulf %in, %140 : bf16
      linalg.yield %141 : bf16
    } -> tensor<8x1024x3072xbf16>
    %collapsed_47 = tensor.collapse_shape %121 [[0, 1], [2]] : tensor<8x1024x3072xbf16> into tensor<8192x3072xbf16>
    %122 = tensor.empty() : tensor<3072x768xbf16>
    %transposed_48 = linalg.transpose ins(%arg4 : tensor<768x3072xbf16>) outs(%122 : tensor<3072x768xbf16>) permutation = [1, 0] 
    %123 = tensor.empty() : tensor<768xf32>
    %124 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_10 : tensor<768xbf16>) outs(%123 : tensor<768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<768xf32>
    %125 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_47 : tensor<8192x3072xbf16>) outs(%114 : tensor<8192x3072xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<8192x3072xf32>
    %126 = tensor.empty() : tensor<3072x768xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_48 : tensor<3072x768xbf16>) outs(%126 : tensor<3072x768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %134 = arith.extf %in : bf16 to f32
      linalg.yield %134 : f32
    } -> tensor<3072x768xf32>
    %128 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<8192x768xf32>) -> tensor<8192x768xf32>
    %129 = linalg.matmul ins(%125, %127 : tensor<8192x3072xf32>, tensor<3072x768xf32>) outs(%128 : tensor<8192x768xf32>) -> tensor<8192x768xf32>
    %130 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%129, %124 : tensor<8192x768xf32>, tensor<768xf32>) outs(%28 : tensor<8192x768xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %134 = arith.addf %in, %in_50 : f32
      linalg.yield %134 : f32
    } -> tensor<8192x768xf32>
    %131 = tensor.empty() : tensor<8192x768xbf16>
    %132 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%130 : tensor<8192x768xf32>) outs(%131 : tensor<8192x768xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %134 = arith.truncf %in : f32 to bf16
      linalg.yield %134 : bf16
    } -> tensor<8192x768xbf16>
    %expanded_49 = tensor.expand_shape %132 [[0, 1], [2]] output_shape [8, 1024, 768] : tensor<8192x768xbf16> into tensor<8x1024x768xbf16>
    %133 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %expanded_49 : tensor<8x1024x768xbf16>, tensor<8x1024x768xbf16>) outs(%23 : tensor<8x1024x768xbf16>) {
    ^bb0(%in: bf16, %in_50: bf16, %out: bf16):
      %134 = arith.addf %in, %in_50 : bf16
      linalg.yield %134 : bf16
    } -> tensor<8x1024x768xbf16>
    return %133 : tensor<8x1024x768xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_768_torch.bfloat16_5: "0x0200000016BCC6BD9EBBBB3D31BD053D4CBE7CBDF1BBB73D0BBEA63B28BE16BD203E75BD0F3E373D95BD4B3E073E5BBBE0BC48BD58BD8C3C723C253E0DBEC2BB2C3E08BEE23DBC3D373DAD3DB2BDD6BD083E9E3D88BA2A3E39BDCB3D37BEDF3D1BBE493E263E183EEDBBA3BD433EB33DA83DA23D1C3E44BEA33DDDBACCBD0B3E0BBD3C3EE9BD1A3E12BEAE3D1BBEA2BD1F3DEE3A94BC463E4ABE7CBD313E263D493E463EBD3D2ABE333E2D3DFDBDC2BCBCBA05BE43BA423E333EB0BD633B1FBE80BD2F3E233DB4BDF2BD24BB043E26BE64BCDC3D623D473D3ABDBCBD7A3D863B92BDE43B16BD993DF43D3BBEC7BD36BDA13D263EF83CE3BD8A3DBE3D3B3E08BEA83D103EA53CAB3D21BE4A3EC13DD1BD77BD3B3D393E443E083E79BC08BE063DC03DC8BD43BEB53D65BC3B3E3ABD223E15BE1DBEE5BDF83D44BE41BE2FBE4B3E833D45BE1DBEC4BD3F3DF93CC83D053E343E11BE213DF23D063E423EF0BC1F3EE43D9C3D693DEBBD04BE243D223EC23DEB3D2C3EE2BDF73D693D0FBEF839713D163ECC3C9F3D3DBE0EBE2FBE0E3EA7BD06BE35BEE0BD6EBCAD3C233CC43D09BDE1BB33BE2D3E293DC4BC153D24BE303C993D1E3E4E3D863DCA3D843DAE3D9BBC213D323E823D32BCC5BDF53D363E523DF43D5FBDAEBDFBBD05BE42BE29BE03BD013E4CBE33BE27BEB4BDE2BD1F3DCBBD8CBD373D20BE42BE043D42BE1ABED73A17BE43BE36BE0DBD09BED7BD583CAA3D7E3D32BEEB3DE4BD773D483EF33D56BD49BEF9BCAA3D923D7E3C87BD0FBE253D903D213EB03D1E3E5C3D11BEE9BD6C3DEC3C0C3EFC3C2ABEB7BC483E7FBDAE3DD93D203EB43DF8BD1CBB1A3E4BBE413E23BE8B3CE7BDDD3DA4BD07BD27BE1ABE32BC49BE15BE20BE413E9FBDF4BD41BEDB3D38BEF4BD1DBC21BE73BDB1BD66BD9DBD42BE733B38BD283E5E3D143E4ABE3CBE2E3E2BBE453E1E3DD3BD8F3DEFBD063E443EF73D2CBEEA3D143E3F3E38BEB13D69BD44BD39BEF6BAF03D75BD293E6E3D643D033CBA3D363E91BD1CBEFCBD8F3D3E3DD53D25BE78BD2FBE8BBC0ABEEBBD6EBD2D3D663C0FBE303E16BEE4BD9EBD0DBE7E3D253EA33D2C3D963C5C3D3D3AAEBD303E5FBCF0BB2A3EBBBCADBD3A3D0DBE403D093EE5BD26BD2C3EA43DD03D41BDEB3D423E193ED23D3CBE623DB93D75BD4BBE3DBE3C3E9FBD3DBE0C3E843CD63DFF3D0BBE0E3DE03B3C3EA33D213E03BD83BD42BE02BE1EBE7C3D1EBD943D7A3D84BD9E3B363E8EBBACBD58390C3E083E123EB0BD253B583B303ED93D103E0D3C28BE89BDBE3D40BE073EA8BC9CBC073EE7BD76BD783DAFBD9D3D023EDBBDB8BD00BC313ED3BD3F3E39BD1E3E453D2E3E1CBD22BEB83D043E35BE32BC28BCDABB073E1E3E19BE1FBEE8BD39BE3EBE053EF53D28BD8ABC013EB23D32BEC63DBD3D4A3C4B3C4CBCBCBD423E1ABE20BE3C3D10BE313E3D3D83BC00BE20BE38BEF93D3FBDE73DDC3C103E453E1CBEAC3D3A3EADBDD83CDCBB373EB4BD403EFC3D71BDA33D3CBE9A3D40BE0FBED7BDE93D92BD20BCA8BD283D14BD8B3BC5BCC13D1FBE033E2E3E973DD2BD39BE47BD633A063EF3BD17BE4DBE42BEABBD8E3D2BBE39BE063E253E83BC1F3E8ABD41BE1CBD0FBECC3D203D00B917BD253EF33C3E3D3D3B02BE12BEFB38AEBD933D953C353E2EBE2ABEFDBD2F3EA73D143E13BE42BE213ED6BDE73D873B453E2ABD13BECDBD913D2DBE883D8D3C703DD0BD2A3E10BE7B3D97BC4ABEE13D9EBCD93D133E30BE8CBDAA3B23BCCBBBFC3D103E453E0A3E223E2FBE86BD403EF2BD103E183AB03D34BEBDBD993CA4BDC43C7FBDC43A26BEA53D14BEFF3D7F3D39BE163ECF3DB53D1A3E88BD94BD1C3EA2B801BD15BE453E29BE19BE3F3ED6BCC3BDB23C96BD103EC5BD09BE413ED8BD5DBDD93D64BB62BC13BC3EBE34BE873DB0BD3D3DCF3C803D28BE703C7DBDBB3DC1BA12BE633D95BD19BEB4BBDCBD0C3E3C3E363EEBBDFDBC1B3E46BE5C3D153E92BD513DA0BDDE3DC43D5ABD40BE39BE153E65BC97BD1D3E5CBC223E27BEF7BD033EE63D9B3C47BE183E0A3DEC3D463E76BDB0BD063E44BE12BE323E3C3E3BBE843D51BC343C2BBE42BE393D15BDD83DB33D55BD653DD3BC143E3B3E373E83BD11BE013E95BBABBD7F3C26BE28BD9FBC94BD88BDF0BD0CBCE8BD",
      torch_tensor_3072_torch.bfloat16: "0x02000000A6BDC43C42BC403D92BDF33D2EBE413E403DB93DFC3D50BD73BD383D013E3D3EDF3D9F3C3D3E90BB413E6F3C90BD753D453D3DBD2BBE10BE1F3E063ECABC49BE24BEA1BCF83DF63CCE3D08BE37BE433E32BE4ABEE73C2EBE563D013EA2BDA1BD2DBE113E1DBC3A3D213DD33B0D3E853D40BE11BE2EBE0BBE803BEBBD9EBD45BD293EB43DEC3D13BE83BDAEBC2DBE8EBD503DFEBB473E0A3EE53BA13D2E3E80BD363E03BE463E1D3D3A3E44BE373E01BEDF3D0CBDBE3D7FBC2FBC00BE983D193D383D06BE133C3ABE48BDBABD0F3EF5BCCE3D453D4D3CE53D633D3EBE483E463E35BEE73C2B3DADBDAFBD0B3E9DBDA1BB693D563D223D46BE263BFEBDD93D22BE1DBE21BE36BEF73D053E39BE6E3D59BC03BE6E3DA73D163E4B3CD8BD1F3EFA3DC13DF8BD2A3EDC3D8CBDB53C973DA7BC0C3EBB3D58BD673D3ABE413E303E18BD293EB83DE5BD11BEC33DFD3DC7BB46BD673D193E433EEBBD2EBE0BBEF03DAC3DE5BD3C3EEEBDBEBC2E3E39BE2A3EEE3D333EEB3DEABD283E85BD41BD3DBEE8BDB1BD48BB183D443D5A3D263E043D6EBDECBD093E3B3EF4BD253E4FBD813D1D3E25BED7BD6F3D3C3E123EF13D573D0E3C01BEDE3D013E8CBD1A3DF73D94BDC63C24BD42BE113E933D2A3E3B3D2F3E93BD3BBEA93D4A3E86BC06BE4B3CBCBB113E26BEBC3D4C3EB2BD293E453D2CBEB23CF13D95BDCF3D3F3E0E3EE4BD453EF83C30BE073E21BE613DB43B3A3DBB3C41BEAEBD023EEE3D23BD2D3E1A3E41BEEBBD933DF3BC86BD623C47BEDC3C9A3C223E263D24BE0CBECFBD79BDD63C41BE52BC393E8BBD09BDB0BC9DBD24BED9BD443CC53DF8BC133D6DBDB43C1E3DF2BD3B3EA03DDCBDBB3D04BD3F3E363E253D80BC28BE0A3E573D303E29BE95BB913DB4BC9DBC2EBE533D153ED7BD95BD1E3D2E3EE43C7ABD0FBE323DDFBCCDBD563D023E13BEA5BC12BCED3D2BBE7D3DDCBD47BE1BBD2D3CEABD693DAABDA6BD93BCB3BDDCBD473E01BEEB3D713D323E813C36BD383EB03CB0BD1FBD6B3D043D49BD313E62BDD8BB96BC23BE9D3D43BE55BD9E3D77BB033DAB3D1FBE47BE103E0FBA30BE3BBE3F3D273E0D3EA53D42BE23BD383E17BE4B3E56BC27BD3D3E4B3ED6BC133D473ED13D423E783D213D12BE0ABB99BD333EA9BDD9BC07BEEB3D913D323E75BD443DB73C37BE3BBE27BCFEBB41BE0EBE0F3D263E91BD10BE0BBE06BE443EE33D7BBD3E3E11BEFCBC1CBC48BD863D0B3E0F3D103DFCBD54BD1F3E05BE193A19BD2A3E25BCEA3DDABD053E8E392C3E2ABE8A3DE43CCBBD2CBEC2BD8DBD50BDA33DF7BD3D3E2F3CB1BC78BDAEBD28BE373D1BBE11BEFABD263E353EC4BDC13D083E62BB313E353CCBBC69BCD4BC4BBE84BD06BE173DD83C35BED5BD9B3D47BE333E133EAB3CC4BD273EBF3C92BD403E39BD4A3D80BD3B3EC93DAC3C30BEAA3D47BEC33D14BD523DE33D993DD9BD12BE77BDBD3D023E42BECC3D2A3E02BE283D2CBE02BD00BE1D3E3BBE11BEDABD7B3CFDBD343E3F3E32BE1B3E983DDEBD1EBE153E2FBE8C3B03BE27BD043EF7BD973D853CB0BDCABD803DC63D08BE473EB9BD9C3D223E953CCA3DF13B3BBE96BD2ABE833D293E3CBE2ABE103EFEBDD7BCBC3D1CBE20BE253C37BEF53D2E3E46BDF9BDC6BCD3BD03BD1ABEB3BD3B3ECABD30BC23BEDF3D0F3C6D3DFD3D75BD49BE863B8FBDB93C9EBD5EBD583D0D3EEBBC38BE1EBE603D7ABD16BD3CBEA43C5F3D2BBE17BEEABDFBBD9ABD933D803D84BD9CBD203ECFBC29BD103E5F3CE13D383E1B3E0A3E293E223D37BE01BE8EBD453D763D09BEE73DEE3D36BDAABD0E3E473E133E333C463DC3BD11BE3DBE52BD77BD203E36BEF83C743DADBD1B3D5E3C553D49BE373E233E43BEAFBD773DEFBD0A3EB33C9CBDF6BD1ABD053D1A3DFE3DE8BD443D2E3E50BDB93D253E41BE11BEED3BD33D033E46BE46BE093E4E3D85BDF9BD533D4ABEEE3DE63D3BBE1D3ED8BD04BE27BECCBBCC3DBB3D81BDE13D423E563D363E2C3E243E46BE373D8ABD4CBE0E3D30BE463E96BD223D9EBD3CBE03BE213E333CFA3DBC3D3E3E0F3E413E5C3DA2BDCA3D203EBE3CDBBD1F3C4BBE1B3EE4BD373E0B3E8FBD593D393E84BD40BE05BE013E1D3D1D3EA93B873DEFBD323ECD3DB23CD93D203EE23D073EFFBDC1BD49BE23BE01BC9CBDEC3D353E363DAA3D53BDDCBDC63D4ABC3CBDAD3C013E2EBE5C3D863C88BB1BBE113ED7BD05BEADBDEDBD25BEBBBDB3BC493E09BE463E13BE2CBEE53DAFBD403E283E9FBDF43DDEBD0B3D91BD283EFDBD24BDBABD0FBE20BD223D233D0F3E13BE3FBE4A3E27BEE8BDDE3C023DC93D15BDE6BD0ABE483E4DBDD63D77BDC53A333EFC3A2FBE243E213EBB3DAE3DB8BC543C43BEE83D67BD0E3E05BE1DBEF1BC0DBE81BD5B3D39BE083BC9BDCA3B4DBE263E3A3E1FBD013E66BC933D283E483EBC3D773DBABD9FBDC0BD993D413E72BD323EEA3D303D8D3D463E263E243E353EF73CBEBDF4BD0BBE8FBDE2BD0EBE083E45BE69BDD43C2B3EA8BD16BEE1BDA53D80BD1F3EFDBD003C303D36BCDE3D11BEADBD50BD2DBE8FBDE4BD2E3D203E453DAE3D5C3DC8BCD2BDB5BB7C3D033EEE3DFCBD343D113E3C3E28BD253E153E193EFD3AC03B2CBE3E3EE23D3DBE963DC03C8ABD06BC7A3B21BDFF3DC33D0C3E4B3D3E3EE13CA33C703D2BBD0B3E9FBC86BDCC3D2C3EACBC6F3D31BE28BD2DBE3FBE393EF6BC39BE9CBD1ABE3DBE363D0C3E923D183E4DBDAB3DEA3C20BCE3BDC7BCD0BD0ABE3EBE9A3D893D3A3E3D3D353ED9BD21BE0E3E553C33BE0F3ECD3DF13DC5BD37BED4BD293E5F3C29BE3DBE313BC3BC29BE15BE0F3D48BEEFBD07BE31BE133EA1BD96BDF43D253E0D3DC2BC543C06BD35BEECBDAB3CA03DECBD783D963C4BBE353EB63D303ED0BDA33D0BBE32BD42BE11BE5FBC7DBDED3C1ABE2ABE21BE63BC1EBE4BBEFB3D723D8EBD0FBDDD3DB23D32BE3DBED23D4BBC033E8BBD383E3E3E353D4A3EFEBB543C6ABC29BECD3BEB3D06BE213EC1BDB33D36BED33D703D573D04BE9A3DD43D123E3EBE10BE3F3BF5BD423D583D2E3E3B3DC2BD8B3C89BDEE3D143EF2BD4BBC4D3E92BD013EFD3D833CDC3D38BE6DBDF7BD143D80BD2C3E043DB83DF63C263D35BE2B3E38BE8BBDEB3D22BE4E3D34BE1A3DF5BDA6BD46BD84BD483E49BE763D333E55BC42BE28BE753DE3BD38BE7DBD963B25BE383E143ED3BD29BDD03D753B913D07BE99BD3BBEDDBD083D483E2EBE45BE3B3ECEBD003D253E013DE9BC4C3DA4BD1D3AF2BCBA3D80BC1A3EAF3D1D3E87BD1C3EA5BD223D3CBCE03D86BD38BE0EBE0BBD393E203EB03CC9BD273E1C3E303EF43CE4BD2BBE25BE3EBE713CC33DEBBC21BE4EBCCFBD433E693D4EBD23BE23BEA23DEEBD1EBE06BE3D3E633C46BEA53CDEBD37BE043DBE3D6D3D283E103D093EE3BCD53D493EABBC1FBD3B3D8A3D2C3D96BC1ABD09BEDCBDCCBD1BBA24BEA8BC4CBE1D3EA6BD4CBB01BE30BE40BDEABC963D3A3E9EBD0EBEC63D3DBED4BD3D3E39BE4A3EEA3D03BE153ECB3D66BDB3BC1ABC0E3E85BD383E1D3EA33D3F3D4ABD9FBDE73DF23DC73D763D9F3DF0BD293E6B3D41BE3BBE933DF73D17BEB4BD6F3DA53D95BC31BEDF3C173EA63D223E27BE253EED3C76BD18BDFC3C0B3EEA3C2B3D3ABE13BD4B3E3B3E1E3CBC3D92BD003E033EE13D113CA7BC3DBD8D3D77BD303EDF3D9B3D47BE3E3E02BEEABDE43D4ABE54BD33BE2F3EA4BBC13DAD3D3EBE1B3EA93CB63D24BEB2BD48BD673DF8BCF73D603D1BBED23DE53C10BD37BE713D0EBD1ABDFCBD3DBE3D3D35BDB23D04BD40BEAF3CB73D8EBD37BC273DB73C463DAABDD93D953D75BDD9BD493E42BD1FBEF3BD443E4DBC433E173E593DC9BD673D8A3D1A3E6B3D763D15BE2FBE143E313E843D97BD1C3EC0BD0B3EE4BDFFBD8F3D93BD3A3EA7BD373E16BD173EF2BD22BE2D3E84BCEBBD44BC083EBBBD8BBD3D3EFC3D00BE633CFABD4B3E373E25BE2FBE693D4C3E073E853C403D3DBE04BE1A3DEA3DF5BD6DBDFD3DB13D223ED93D0DBD333C8F3DCABD4ABE07BE253EC8BD0E3E3D3EFBBD213E093EC93D05BE85BD8FBD26BEC3BD44BDAD3CF1BC13BE48BE283DB8BDDEBDF1BB30BE92BD243E6C3D0BBE27BE293C413B013E75BDFC39EEBC03BE12BEDDBD3C3D39BEC3BCFC3D75BCC73CA4BDB13C0DBE693C33BE1B3A053E16BD2EBE823C06BE053D15BEA0BD3B3E343D4B3D04BE3CBE2CBEA73CE33D173EFE3D37BEEFBD273A29BC393E6F3DCFBDF53D3DBE1D3E94BD13BE3EBDA43CA2BC423E33BEEDBDE5BD1FBE07BE01BE6B3C033ECF3C353EDDBCB03D33BE3CBE053E43BE243EBE3D023E3C3DDABD093D4C3EB7BDA33C543D86BC2CBECE3D40BEA6BDF23D36BEAC3A363EBABD3D3EC2BD3CBE0A3DA2BDD4BDC93D543D0F3CC53C263E46BE143E0EBE483E203E093E09BD57BDAFBDA2BD5E3D333E32BD01BE07BB9CBD9FBDE23D233EF03BB1BD1BBE8ABC22BC0ABE66BD303EDDBDF23DD8BD413DF5BDA7BD083EC53D483E05BB0CBE053E053EF73DA5BC1A3EE53D20BB1E3EB53D05BE33BE753D093EAE3D4A3E373E0D3EDD3C42BD03BEE0BD4F3DF9BD98BC8DBD4D3E393E773D32BE0ABEFABBD6BDD3B9353D3FBE28BD56BD0BBEFB3D6DBDAB3D33BDF5BD13BD803DFBBDCABDF53D043E59BDE93CE9BD1CBC32BD43BEE9BC5FBD913CDFBDC03D393D4FBD02BC1E3C963D493EFA3D0A3EDF3D37BD4F3D1CBE453E9ABD06BEE5BD0BBE3EBEDD3C79BD94BD92BD54BC9F3D273E40BD493EE33CF7BB783DE43BC1BD10BE30BE213DADBD123E043E88BD293E09BE42BE5BBB233E35BE923DBDBD94BDD8BD0EBE133D133E13BEBB3D23BE283DC3BD153B70B9CCBD2E3ED9BD563D16BE26BD09BD1ABE603C813D193EBEBC403E873D49BD9B3D75BD8A3C29BE85BD453DC3BD8C3DB3BD2C3D40BD1B3D3EBED6BD4B3ED8BDD03B1FBE42BD2F3E123D323E273DCCBD51BD453E35BD0B3E213E3C3E893C1D3EC53D2BBEFD3D82BDFEBD8E3D0ABE0FBEB43D74BDC83D253E7A3CB0BDA2BDB13D4BBE973D17BEA63D653DD3BC00BE8A3D07BE33BD163E17BE95BD53BD15BE1DBD1ABEA93DFB3DECBDB03D413DD53D84BD2F3E22BE02BE413E36BDC7BD11BD3E3E23BE9E3D363EB0BD15BE04BEDA3B383E2D3E0D3C2A3EB13D203E3E3D04BE2DBDD03DEB3D40BD1FBD2F3D053E05BE46BE81BCB6BDF9BD033E32BE4CBE763DECBD0E3E15BD033E9D3CE1BC423E4D3DAABD3EBD983D02BEA1BD2BBEC53DC53D903D41BD25BECABA193EEF3DD2BC3D3EBC3D1C3DA3BD10BE63BDE2BC3D3E2F3EAB3DED3D043E0CBE26BD59BD1A3D0BBEFE3DE7BD473EB23CE4BDAEBD123E373DA03D39BD673D7639423D1B3D80BD24BEBB3D443E5A3DE33D2FBE3A3D9EBDD73CE53D4E3D39BE473E413E213E103E3A3C25BCEBBCFDBD48BD04BE25BDC4BD5A3B833BD63DD4BD153C3BBC093E243E48BEDEBD303ED3BDC4BD943D143D95BBAA3D203E0EBEFB3D5F3D1F3EAFBC65BC283E52BC0BBE9EBC553D2ABDCEBD07BDE33D1B3EF6BB413EE93D19BE37BE3D3D163EDCBD8DBD26BE25BE18BEABBD103E3EBE453D2E3D063E3A3E583D33BEE3BC373E1A3EA63DBBBD8CBD3A3D7BBD5A3DD6BD47BE85BD07BE683D33BE34BE373E333E77BD0EBE39BEC43CC2BD263E013EFBBD2BBE16BE4C3DC33D07BDFF3D103D06BE213D25BE1D3EB4BD24BEDC3D353E9E3D2C3ED5BC3FBE0F3DCCBD85BC85BD2C3E11BD5BBB96BD4A3EB5BCD1BD023E163E5A3B3F3E403E593D2E3E343E253EC0BCE83D1D3EAE3C6FBC49BE43BE0BBDF7BC1E3E3ABE9CBDABBDEE3D363E343E18BE4D3E45BD553DF53D0F3EFB3C24BC05BE143EA8BDFD3C32BD44BE15BE6EBD363E223E633D2CBE3ABE32BE39BE53BD10BEDABBC0BD4CBE963D90BD00BE953D523D4FBD063E1BBE89BD85BDC4BD183EB33DC83C69BC033EC6BCD43CBABD023E9DBD9FBD2B3E0DBEE4BC22BEC53DA53C093EAF3C53BD963CCF3D9ABB08BEC0BCFE3D89BD373DE73B183DA6BD3FBE963D0B3D08BE39BEBE3D0ABE053E2B3E27BE48BE033E2BBEB3BD9F3C043EE73A10BE6FBD3B3D94BC11BE043E153E43BEF93D31BE73BCFA3DB03DEB3C0FBE073D0F3E643DD9BDEF3D2F3E43BEEEBCC8BD483C45BD3C3E9A3D8E3AA1BD58BA19BE19BE923D7FBDD73D3D3E06BD41BEB23D39BEFC3D8A3D253C12BE463BC5BDD5BCE5BDBF3C0DBEAABC13BECC3DB6BD823D98BD4A3E2A3E493E9FBC5E3DCD3DA23D70BD94BDC03D653DE0BDE0BDA23D08BE4ABE2ABE30BEEBBC953B0CBE033E05BE0ABE8C3CCFBD053E183C07BE16BEF23BE43C3CBED63D0A3E0DBD3BBE4CBE073E55BC333ECE3D423E3E3E3CBD69BC0E3ED83D463ED1BD3BBCACBDBDBC363D3EBEAEB80A3E5FBDEABDE33DCCBD0ABE1CBC413EA2BD1C3EA03CC33DCCBDD0BD1C3E563DB23DFEBD3C3E3EBE113EBCBCA93D7DBD213E2F3E17BE0ABE4BBE5FBB0B3D223EB4BB14BE363E8C3DD5BDBCBD343DD73DBBBD53BC3FBE07BDB4BB0B3E4DBD303E1CBD133E97BDB73CF83D04BE973DD1BD343EEF3D48BEAB3D3C3E38BE44BEC2BD61BD2C3EE7BDC7BD0B3E0ABE1E3E2DBCF2BD613C6D3D1CBD8C3D01BE74BCE23DFBBCEC3C8CBDBB3C38BD183E18BE173E35BE403C343ECF3D32BDB6BD21BE333E05BE26BEDA3D65BD3ABE36BD2D3E4ABDD3BD32BEA1BD25BE2ABEE0BDFE3D4A3D77BD6C3D3FBD093ED3BD9CBDED3D1A3E393E16BE43BE79BA0DBD11BE9A3DBA3D2A3D0ABE1ABE4BBE1E3E4BBD373E3DBE3A3EB2BDAB3DE7BD58BD373D44BE5DBD153EDC3C62BC1D3DD03DEBBDE53D0E3EE53D023DF93C91BD33BE37BE08BE403E9BBCD3BD2F3E0EBECCBD00BE053DB3BCA6BD40BD29BEA2BC583D163E233E81BD05BD313E093E253EFD3D0EBD2ABE463C10BE1F3EA43D753D10BD03BE87BC233E333D0C3E0CBE2DBE4F3D35BE31BE24BD3D3E403EED3DA9BD44BE1ABEB43C88BD4EBD4B3E5DBDA23DDE3DFB3DE0BD463DA43D243EF8BD44BE073D1FBE013E2F3E033E383EA13C8ABD863D26BEDDBD3FBEF5BCC43DB9BDA03D3F3E1E3E0B3E03BDF33D3C3E263E253EB0BD96BD1D3D65BD263E95BDA8BC05BE43BE4DBE483CB8BDB0BD84BA36BE1FBE90BD223D293EAE3CB43D2A3DC7BDF6BD95BD2E3E26BCE7BC073ECABD8C3D94BC863DFD3D8E3D83BDB4BD09BE3ABE1B3CB2BD9C3D18BD273E1F3E23BE343C1EBE96BD043E0F3E203EEA3D8D3D99BD053DA2BC18BE1FBE3B3DBA3C14BDCE3D083D45BEF93CD3BD4BBE08BD1CBDB3BC91BC403ED73DB8BD17BD4C3EF73DA2BD3A3E41BE90BDB33CCE3BD8BD3ABE133E8E3D0CBEB73D19BEE83DDCBC433E673B97BDA9BD38BE2ABE49BE5DBDD53D19BE2F3E363E48BE41BD0DBE62BD1C3EAE3DB5BCA83DABBD353E1C3D733DA33CCCBDB83AC4BD7E3D043E82BD6EBDC53C2FBE33BE9BBA39BE5DBD423E88BC9D3BC5BD883DB13D98BD45BE9BBD8D3DF7BD4CBE2CBE20BD313D59BD213E4ABD33BDB0BD353E393E123EBEBD413E233ED2B9CE3C1EBEC2BDF0BDA73D3D3EB1BDB2BDE5BD18BEFFBD40BCBF3C8F3DE2BD1FBDD4BD103E52BDF63DA03B10BE013E423EB5BD34BE3D3EBCBDD73C3EBC70BD7B3C14BEF6BDA13D083E0BBE41BEB4BD16BE3FBE953D983DD63D46BEBC3D0DBE29BE09BEF93DC43D02BE0DBE68BD313D06BDA53DDDBD02BE01BE02BEE9BD4B3D613C58BD43BEA7BD933D6C3DB03D133E06BE1FBD383E403E3FBE26BE0DBEB83D0EBE06BDC2BCF63CF6BD7B3C40BCAC3DDC3C393EE4BBC93DA8BCFE3DDB3DB53D0FBE453EFEBD023EE5BDC6BC453EFF3C13BE4B3E733D0F3E2BBE4E3C2EBE6E3DC83C9A3D0E3E363D2EBE49BE1E3E4E3DCFBD36BE983DDDBD99BCAABDF7BDCCBD0E3C4B3E66BD16BE1D3E153EE73D883C1B3D47BE2CBD983B053E0ABEB03D633D5B3D4C3E28BE073ECABDBC3C423EB23A24BEF3BBED3D2DBDAEBC213D3A3ED53B2EBE55BDB13D0BBE173D00BE253B253D343D7CBDD43D3EBE173D253C293E50BD203D3A3E513AFE3DDFBD463D173E323E393E4D3C6D3D2D3D23BDB3BD3DBD1EBD0DBE37BEE2BD9BBDD73C2EBE09BCCDBB3C3EEC3DC03D8DBD8FBDEEBD893D283E973DB0BCF23DA93D3E3EAE3D49BE353E29BC9F3DB3BD6E3B213EFABDC23CC0BC0BBDF23D48BD47BCBE3D94BD2E3DD73CAE3D903DF33CCF3C32BE1DBE4D3E2D3E94BB043D373EF63C693D103D2D3E34BE9C3C3A3E0A3E3EBEB2BD6DBD693DFCBA4CBB0D3E053E3DBE453D493EFF3D9BBC47BE24BE8F3C48BC3FBECABCD0BD9BBDD7BD13BE0CBE963D333D0C3DDEBDB2BD383E083E193EEC3D983D353EA2BD3A3E10BC383E113EE6BD9F3DEDBCFBBB48BE0C3EE3BD15BEFABC65BD35BC26BE28BE20BEA93CD0BD96BDC33D71BD143EBC3D543D0FBEC7BDDFBC853C6DBDC73DD63D393EA03C9BBDB4BDD8BD29BD413E2BBE74BD423E27BEE23DFFBD2ABD27BEFE3D26BE293E943D0F3DA33CB9BD34BE453D0A3E023E0DBE4D3E40BE0C3D35BE8FBC233E8CBCAB3DDDBC4FBD363EEEBCC6BDFDBCED3D043E03BE2C3EFB3DBCBDE6BD3D3E43BEA53DBDBC083EFB3D0E3E603D30BD2CBE24BEEDBDEEBBB9BC2FBE163E0BBE6BBD9DBD4ABE0FBEC4BD24BECD3CD9BD16BEB43C23BDA8BD793DD4BD483E44BEC1BD17BE2A3C933B57BD44BE283E1FBE423E",
      torch_tensor_768_torch.bfloat16_4: "0x02000000B6BC4D3E893D343DAEBCF33D32BE403D013E60BDA2BCA2BD90BC813D4DBE3CBE113CF7BDE3BDCABCB13CC73DF6BD173E0E3E013D17BEDABC32BE3F3E0EBE1B3E263C97BD2CBED53C2FBD1CBE2CBE46BC15BEBFBD453EA93DB73D433E01BE233E2BBE923DB7BD0C3E263E253C33BD6ABD343E133E193E903D45BED7BC2D3E28BE61BD273EB3BDE53DABBD00BD03BE1C3E323E683D1F3E56BD4C3E093EB83D31BE243E093E80BD06BC2EBEA5BD2ABD47BDDE3D223E02BD0ABE263E12BE313DE83B24BD11BE373D2E3ED4BD373E183CAD3DE03B0ABE2BBE3FBE3ABEA9BC79BDB13D21BD9CBB15BEB43D9FBDD83D973D6B3D47BE023E433D2F3D0A3EEDBD193D423E073E2C3E1B3C2EBE853D063EAFBD82BCB1BD03BE103E923D743C073ED0BD8F3D383EFC3DA53D133E85BD66BD49BE9F3D143E03BD1D3E053EDB3D60BDEC3D3A3D3A3E12BEF23DC8BCCABD40BE303E3CBE153E42BD223E99BD873D5DBD87BD703DE23D13BE2ABED7BD11BED3BD2D3E263E413D263EAABD26BE5CBD1B3E41BE1A3E8BBCC83D323C28BEC03D19BE363E993B6E3D47BE15BE023E35BE3CBE29BE05BECD3D873DEE3DD63D32BECFBD303E683CA73D433E2F3E2F3E13BD6A3C31BE39BE623CDDBD72BDCDBD59BC2F3EDDBD2BBE3A3E613D54BD993A25BE9BBD3DBE0FBE28BC2BBE91BD173D143EDEBD61BDB6BDAFBD3C3EDBBCFD3D0FBE7DBC54BC483D8E3D30BDF7BD363E54BD1ABE893CF0BDF63D9C3D243D46BEFEBCAB3CD83D82BD323EAFBC2ABED2BC0C3E00BE91BD443E2FBE84BDC7BCF5BB9F3C983D33BD3FBE84BD44BEBC39173E2ABE19BD293E073EC33DAD3D4ABED3BC203EB63D73BDC73C433D153E9F3C113EC23D4B3E82BDCE3B573D47BE803C44BCB5BD3D3DB53D8B3D263E65BCAE3D03BE7A3D17BEF23D003E14BE2E3E8EBB293E163E70BDBC3D1C3E4C3ECABDED3D39BD31BEB4BD0CBEB63D943C0FBE2B3D0BBEEC3C80BDD43D28BB053E73BD1CBDBABD9F3D2F3E30BE093D5F3C0C3E18BC563DA5BD3F3D033E1CBE8D3D1DBEE63D0F3C313D26BDF2BB04BE033ED0BD283D983DA7BD1BBE0CBE12BE13BC80BD10BE213EC7BD4DBE98BDC6BD2ABDD8BD85BDB93C31BE31BEC9BDC2BC313CA0BD41BE1E3EB0BD853925BE12BE8F3DD6BD373D253C503C243E31BC293E263DC63D3EBC5C3D233E133DA23DFBBD2DBE393E02BE99BD17BD023EA7BD0CBEEEBC053E3BBE5C3CA73D5BBC193E43BDAA3D08BE15BE5C3DE5BC833C3F3DB3BD94BB0C3E28BEE93C063E44BEB13DF4BD89BD4BBE82BD093E2CBE2B3EE5BC11BBB0BD323EF7BDE53D2D3C97BD923DF03D1B3E33BE45BEBBBD8CBDBEBDFFBDB3BDBD3D67BD0E3DA83C013E883D043EAD3C38BE61BDB8BDEFBD763D073EE13D9FBD97BCA8BD5ABDA6BC483E2CBE16BD2A3E003D67BDD33D453ECD3D283ED23CA3BD16BE353EFABDF23D1A3D19BD9EBD46BE263ECE3CDC3D833D213E22BE9D3DA73D3FBCFCBDC4BC45BEB33D483E0F3EFFBAAF3D93BD7EBD40BDE53D6FBD283DF13D303EA33D7A3C013E34BD5ABC113E35BE0A3EE63D413EADBD173D213E43BE043E013E773D003D3B3E2CBD32BD5FBDC43AA83DC7BCDBBCFFBDA23CEBBD483D453EB3BC0EBE4A3E34BD9CB8193EAB3D63BC153ECEBD02BE793D41BD643CCE3D37BC343E11BE0B3EED3D1CBEA83CE93D0CBDC2BBC93D143E2EBD0A3E003E1CBE8A3D053E0A3E06BDE9BD07BE103E88BDFB3D313DE8BD04BDFB3D183E71BDE63D35BE3D3C14BE3D3EA33D6EBD3D3E24BEA7BC9DBD4A3E29BE353CE3BDA03D40BC113EB13DD63D98BD0DBE3ABD3DBED2BD3B3DF4BD3DBED03CE63DFFBD2D3E82BD473C5A3D9F3C073D22BEEC38CD3D13BE303E33BEE53D39BDA9BD0F3E033E2F3D43BDED3D0FBE24BD01BD0CBE1FBD59BD12BE10BE3F3E31BE1ABE3F3E383E87BD23BE323DCBBC393E18BEE43D43BEEFBDA3BD09BEF23D06BE81BC18BEE23D8C3D39BE03BE4C3DFEBCA2BD543D1D3E47BCE3BD5E3C1E3DEEBDBE3D8B3C803D9ABCC9BCEDBD203EF8BDCDBD60BD423EAA3C11BE0B3EACBD44BEBE3D3D3E223E3DBE7ABCFDBDA1BD00BEE93DB4BD3F3E233CEC3CEC3D943D143E19BEE9BA9C3C20BEBF3D97BC453D153EAB3DDE3DAABDADBC2D3E36BD3DBC18BE8B3DE0BD09BE173E04BE",
      torch_tensor_768_torch.bfloat16_3: "0x020000004E3FB53F303FB33F273F4C3FBE3F0C3FAB3F2A3F823FBB3F1E3F603F813F933F563F403FB43F023FBE3F263F3B3F9E3FA03F823F063F393F353FB23F753FA23FB43F653FB63F973F8D3F733F713F533F473F7C3F683F433F133FBD3F893F563FAC3F7D3FAB3F2A3F253F3C3FAE3FA23F543FB73FAE3F633F8D3FBE3F9A3F333F8D3FB23F843F783F9F3F743F913F023FA23FBB3FAC3FA93F793F9E3F7D3F1D3F093F593FAB3F783F1C3F093F843F403F923F4C3F723F243F683F893F843F1A3FAE3F9B3F263F1C3F2C3F693F3F3F3B3F903F1F3F373FB53F1E3F393FB43FA43F733FBC3F543F8C3F343F763F3F3F9C3F2F3FB13FB33FA23FB13F4D3F0D3FB43F8A3F0B3FA33F523FBA3FBE3F8D3FB43F5B3F463F9D3F883F063F593F023F4F3F783F5D3F833F083FB93F363F163F8E3F963F523FB53F283F2C3FAC3F733F883FA23F7A3FB23F393F7D3F2B3F3D3F8F3F8D3F623F023F733F453FBF3F8A3FB13F983F173F7E3FBA3F843F243FA23FA43F9E3F953FAD3F6E3F573FB33F163FBC3F2E3F563FA73F203F5F3F933F553FAC3F4B3F8B3F5A3F1C3F473FA83F513F583FB23FB53F893F1C3F423FA53F613FB73F613FBE3F943F473F863FA63F403F4C3F6B3F5D3FB83F933F8C3FB93F673F983F2B3FAB3F543F7A3F073F263FA83F963F013FA23F903FB93FB73F6C3F1C3F6B3F663F803F403F543F103FA03F483F973F473FAC3F3D3F1F3FA43F3A3F2D3F893F103F873F053F6E3F6A3F163F153F8B3F013F9E3F5E3F433FBA3F063F903F053F623F503F153FA43F893F143FBD3F1C3F7E3F083F683F7E3FAE3F973F5A3F2F3F0C3F543F103F2D3F933F343F603F023FB53FAC3F183F983F7E3FA93F2E3F2E3FBA3F353F6F3F2B3F533F553F8E3F843FBA3FA73F9F3F4C3F4E3F753F4B3F303F323F613F563FB83F8D3FAF3F193F0A3FAB3F703F863F463F6F3F223FBF3F863F193FAD3F6E3F913F283F653F7F3F7F3FA93F7F3F4D3F453F4F3F793F443F083F333F8A3F453F553F423F193F2E3F413FAB3F393FAA3F9F3FBD3FA03F1D3FB83FAC3F723F6F3F083F383F9C3F1C3FBF3F063FBF3F4C3F763F863F4A3F383F0D3FA93FBC3F203FAE3F9C3FA03F633F0F3F983FBB3F943F3C3F853F1F3F9C3F963F723F023F0F3F973F993F8A3F3A3F953F1B3F903F893F5B3F383F9D3F2E3F283F913F953F1A3F433F193FB53F023F5A3F283F783FB43F9B3F5C3F303F9A3F853F9C3F0B3F2C3F523F773F893F883F853F883F6B3F473F823F1F3FA03FBA3F0E3FA43F393F563F093FBC3F883F153F523FBD3F0F3FB53F483F143F903FB33F5E3F593F433F503F113F813F573F2B3F9C3FB23FA73F233FB53F693FB53F153FBE3F193F9F3F9B3FA13F3F3FA03F823F0C3F193F483FAC3F6D3F463F843F553F4F3F333F5A3F2A3F893F603F0A3F373F7A3F473FB13F0F3F933FAE3FB63F7C3F673F093F773F933F573F293F783F2A3F873F753FBF3F2A3F913F333F6B3FA03F7F3F5C3FB23FB03F623F183F583F303F9F3F923F813F043FBC3F033F843F6F3F433FB23F583F883F213F0D3FAC3F213F233F943F373FA43F133F083F613FAF3F223F013F7B3F733F703F3B3F9B3FAD3F743FB73F9C3F143FB83F653F903F2D3F833F383F943F4E3FC03F1C3F883F2F3F4C3FAE3F803F173F9D3F723F153F7C3F723F8B3F6F3F8D3F9A3FBF3F873F713F9B3FB53F063F093FBD3F863F0D3F953F193F1B3F673F953FA93FAD3F633FBD3F243F963F3B3F9B3F783F083F0B3F4C3F193F983F763F923F953F0C3F6A3F973FB43FB93F623F8A3FB83F0C3FBD3F743FAD3F2B3FB83FA33F943F2C3F703F8B3F673FB23F873F173FB03F503F2C3F923FA73F4A3F7D3FBC3F713F603F863F9B3F923F083FB83F753F9A3F8D3F2A3FBF3FA53F963F453F313F173F873F363F6C3FA13F8E3F513F183F4F3F333F863F6C3F5C3F633F683F6D3F543FA13F843F033F693F3A3F8C3FAB3F9F3F1F3F803F773F713F5E3F983F1F3F0D3F923F333F5C3FB63F243FAD3F683F313FBE3F8E3F393FA23F5F3F843F5B3F2A3FAA3F9A3F433F843F033FAC3F393F4F3FB23F323F973F0E3F893FA33F893FBF3F8C3F6C3F4C3F913F9C3F683FBA3F983F8E3F4A3FBE3F3E3F7E3F763F783F5C3F9B3FA83F233F0A3F",
      torch_tensor_768_torch.bfloat16_2: "0x02000000303E173E0BBED9BC373E463E133EDABD34BD15BDF33CC8BC073EDE3D323D14BE303E3DBE91BD1F3ED2BDF43D2F3C9A3C383EC5BDD7BDABBD9EBD443D1E3E58BD0A3E19BEBCBDF03D213E9FBA03BE423D353D103D0BBE5DBD4ABEAABD26BE4B3CF33D26BE023E303DFB3CF23D6DBB223E333E07BEA2BD0C3DDC3D1C3C36BD313E0EBE03BE333D87BD4C3E133E2CBE263E71BD243E023E29BB15BEC3BD2DBE873D29BEB43D04BE7F3D85BD133E10BC4BBE24BE00BD6DBDD3BC85BC2F3D483DA23C573BA1BC0CBD3ABD983A2CBEA83C2D3DF13CA2BD053DB73DF93D013E883D2CBEC63D343DB73C2D3E3B3C37BE1DBECD3DC13DDFBD89BD083E45BCBFBD8D3C313E2DBE913D28BD61BD1B3D1C3E98BDEDBD28BD36BC16BD27BE3C3E42BE48BED73DC0BDF0BD4EBDD23D933DF53DB7BD923DE33DD13DB03D073E033E0E3C443E0EBEB6BD80BCF7BD3FBE3E3D943D9FBCB33C4CBC0F3EE2BD143ECE3CB23C123E35BE8FBC4B3EBBBB063E2F3C093E00BE403E043E423E2DBD64BC85BC153E92BDFCBD20BD0FBE41BD043EFE3D1E3E1DBE20BE433EFABD8B3D3E3E413E373D213B2C3DC5BDCCBDCF3D4A3D773D153E48BEBABDAB3D26BD33BE193E373E22BE223E45BE1C3E1B3E793DFA3D493E44BED23DE83DF83DC13D1ABEA53D323B4BBE2BBDB73D09BEB1BDDB3D703C2BBEC5BCA8BDA5BDFD3D3BBEB93D89BD073E163D053EE73D543D293D4F3C0BBE35BEDCBD063DF2BCB13D46BE573D36BEA23D443E053DF8BD82BD72BC933DE5BDCDBD4C3E2EBE323D27BC133E12BEF03D98BC1CBECC3D35BE713D0BBE073D6D3D34BE06BED7BD6D3DEDBDA5BD9CBDCA3C79BDAFBD253EB63D403E4C3EAFBC663C4CBCB6BD4C3CD33D39BEE33DA9BD03BEFABC3DBECEBD463E0DBDA1BC163EA63D213E58BC833D423E4C3E873DDB3D3BBE22BE073EF2BD373EA13D3CBE16BE46BE003DD7BD943D2CBE6EBD683DC3BD5EBD393E3D3E5CBD6C3B3A3ED9BCA23BBE3DDEBDC23C273D053E383E763D4DBEB13D873DC6BC983D383ED9BC8ABD45BDB9BD9EBCC93C91BD0F3D6D3D17BE043CB8BDCD3D8ABC0F3ECABD1B3E063E08BE903DA63D0DBEFBBD07BEA8BCECBD3ABD113EC3BDCC3D413E75BD5A3C2C3E6D3BA4BC9DBD2B3D153ED93D1CBDD43DB73DC83D49BCCB3DDF3DBDBD0F3ECABDD0BD463D243E07BE423E87BD213E413E05BE3ABDC8BD94BAED3D9EBB15BE1B3EC03DA7BDDFBCBD3B3BBE50BDB0BDFD3D203EDD3D9EBD44BE1C3E1A3DF4BC13BD4DBD703B45BE32BEECBB05BE933D333E523D1F3D31BE323E0E3E263E2E3EEB3D083E023D32BE4BBE1DBEDBBD03BE6E3D1C3EE4BCDF3D85BAD43D96BC2EBEBF3DA6BD39BEB43D36BE1FBD1BBEC8BD243C20BE383D8D3D7CBD98BB193D6BBDC13DB93D1C3EF93C093D983D823CD53CA3BDA6BDFF3D143EE6BD543C12BEED3D1CBE03BE4BBE043E1D3E3DBE1B3EA23D2DBD1EBDBB3D453E2DBC49BEEBBCA43D453EEFBDB43B233D16BEDD3CC03D613DC53C93BD933D09BEE33DF2BDA3BD3BBE2A3E04BE093D033D3F3ED63D1B3C4BBEBB3D45BD28BE2F3E523CA0BA023CCC3C2F3E31BCE1BD033E3E3E40BE323E28BDA83DE8BD69BDC1BC483E44BEC93DE7BD1CBE4CBDD33DE83DD23D343E2ABEBC3DAC3D94BDFD3DE33D813C273D12BE13BB39BD143E553D10BEE03C3ABE253ED03D353ED5BD243E38BD27BE4B3D553D473E0DBD30BDDBBDDFBD22BEB1BDB5BD2E3E28BE273D75BD2CBE483ED03D10BE62BC893C443E62BDF6BDC1BC6B3D53BDB23D2BBEBDBD443E273EE13D3FBEE03D9B3DEFBCB43D29BE1C3DBEBD38BE5D3D28BE3A3E0EBD4B3EF9BD7DBC973D30BDAEBC79BD56BD073EE03D263E203E1E3E3D3E093E1CBE333EDDBC873C933C84BC2CBE0D3E083E213E28BDDA3D303E43BD0EBE96BD49BE0E3E1EBD8C3DC93DC4BD213E17BEF53D353E353E0B3CE43D353E0DBE4A3EE33D963D3FBD46BE2E3E43BED43D38BD033E293EB3BDBD3D31BD12BE33BEC53D2C3D3C3EC93D40BDE5BD603C97BD9FBDEBBD093D83BC8BBC1A3E14BE4D3E83BDBB3D9F3D3EBEBBBDF0BDBCBD49BE7B3D213D93BDBE3DA83DE83DDDBD31BE163EB23D2A3E33BE13BE22BCF2BDACBB38BE53BDA33B243DEEBD8A3C703DB93CAA3CB7BC273D34BDCDB9053E7B3D",
      torch_tensor_2304_torch.bfloat16: "0x02000000ACBDBA3DFEBDAFBCF43C3A3EB9BD303DEABD47BDE3BD19BD4A3EB13D4A3E323E17BD31BEE93D4BBDFE3D253CC4BDE5BD08BE0D3DE3BD433E0E3D943D3D3E33BDAA3D363EAD3D153EE53D383E543D0DBE21BDB4BC4ABE8E3DEC3D3DBD3A3D083DD1BD1CBD42BE623DF8BCF43D2DBEB7BD1A3E8DBD5CBCC538B3BDA23D9EBD3ABE463E0B3E593B083E9EBC21BE1C3E3DBE193EBF3C9CBD4B3E43BE043EDEBD55BD88BDCC3DF73C87BC043E32BE353D133D693D0CBE2CBEC03C2DBD983D1ABDBE3D42BE71BD36BE2C3D4BBEA33DA7BD07BC33BDDFBD0FBE2F3E30BEBC3DA33A053EEDBD0EBE1F3E30BE42BEA3BD8FBD2DBEAB3DAFBC353E1CBEBF3D0C3E22BE1FBE963DB73D3A3D0B3D81BD723D01BD493E023E373E20BCBDBD593D0E3ED73C2BBE463D78BDCD3D73BDCDBD12BE2A3E173E113E9D3DB3BD9DBC42BE1DBE2CBC4ABEB93D0D3D4C3E2FBE153E56BD2DBE223ECB3D0C3E34BEC83DEE3DF13D3ABD8BBD12BEE9BD0D3EDA3CE13DB73C393E413E06BD9A3DC3BD443DA93DB7BC47BE733D16BEA0BDD63D24BE8D3C33BE333EEB3D983D103C3D3E373E05BE0DBE4BBDE13C1F3E4ABEB1BCF7BD943D2D3E193C0F3E8FBB063ED23C60BDBF3C343DA03B4D3D2D3EB93DB5BDC5BD093E443EAA3DF83D253E82BB45BD513D0FBE04BE44BD3CBBA0BCF1BC09BCB63DC7BD02BE28BEAB3DBCBB4CBEB73DB4BB23BD083EDE3C37BEE7BD6F3CFC3C0A3E3E3E20BED73D8D3DDA3DDD3D4BBE483E22BE493E96BDFF3D2E3E42BE0C3E8F3DF43DC23D173E303DF63D6E3D9ABDD43BE5BCE93DE23DB53D7B3B193E7DBDD8BD27BE39BE413E4A3EE13D2EBE0ABEE6BD1E3EC6BD0CBE7EBD8EBC14BD3A3E68BD5CBD253E5DBC123EB03D9ABD24BE48BE07BED63B053E023E3E3C163E883DD63DA8BD043E3FBC0C3E22BD023ED0BD29BE56BD0CBEB9BDA3BA2C3D213E203EFB3CF0BCAABDACBD2EBEBD3B293EE73D5DBD21BC07BD6D3DFE3D2EBE223D28BE11BDD53DE5BD263E823D0E3EE73C02BE6EBD1B3E34BE063DE2BC303ED4BC173E1E3E473E783DEC3DA73D943D633DDA3DC53D043EA1BB233EEABD5BBC193E4ABE49BDB63C03BEAE3CD6BDE83D6F3D293E53BDB1BD2D3E313C8D3D33BE4C3E963C133C743D443E3ABEA4BC98BDBFBDD2BD15BD3ABEA1BD32BED63D3C3DECBDCCBD703C0BBE333D493EFEBC053E443E20BE873DB63DDEBD4CBE92BD23BED23DCABDB4BC4BBEC63C1FBE14BEDCBD083D1B3EDA3CD83D233EE1BD983D14BCB5BC40BEDCBDE53C43BEC0BD6BBD2C3EA4BD55BD19BEE23D393D26BED83DB0BCADBD2DBE163E26BD333E233E9DBDF53D873DD8BD27BC033E9B3D2C3E33BE333CFFBD193ECB3D0D3E0CBE4CBEAA3D163EFF3D103E1A3E893D253E223E0F3E92BC15BE89BD3D3C4DBD483E2E3EFF3DEDBDBE3DFE3D91BC1BBE9F3D42BEFC3DA8BD18BEF53C5BBCFA3C063E823DA8BD48BD37BE37BE9DBD7ABDACBC32BDA2BD3B3E913D113EC83D203E973B873C3A3EB4BD173EFFBABF3D33BCE93D133E753DDFBD2C3E6DBC4C3E9CBA39BE9C3DA23D343E08BE273E493EE4BC9FBD2D3E2DBEB8BCE9BD643A38BCC63C47BE433E22BEF1BDC6BDDC3D25BD06BE083E3E3E36BEACBD1B3E09BE81BC253E503D0A3D063ED53D013EFC3B483EB5BD7E3D193E98BD143DBB3DA43D153E8ABD1EBE273E37BEE5BD24BE173E95BD2ABEBE3D1EBE3EBE3A3EFC3DF03D16BE1DBE13BEED3D6D3DA23D0FBE2C3D1B3C25BDD4BD65BDED3C9A3DE4BC16BEE1BD043EE1BC9E3DF1BC9C3DDCBD18BEC6BD783D2FBEDCBDCB3DE7BD44BEC5BD46BD36BE02BEFC3DB73D113E083E803DCD3DF03D90BD933DEC3DEE3D273EEBBD893D21BEAEBC193E1EBE0CBDCABD083D7D3A9FBD25BE973D823CB9BD7D3DBCBDAD3D353E753D82BD993C623D133E14BE08BED33D99BD2A3E4C3E3BBE01BEACBDBBBD4CBC4B3EB4BD443EB13D47BE2C3E803D9D3D4DBE97BDF33DA23D483E20BE45BC303D10BD1F3EC8BDB33DC23DD63C10BCECBDF23D883DFB3DB7BC793DB2BD0D3E43BE0F3E323E6D3D383D813D283E0EBEF0BD483EE73CEBBD323E0E3E953DF53D3EBE4B3ED43DD33D293E42BDEB3DB13DDEBD433DA8BDBFBD9FBD333EABBD1FBE2D3E1EBD29BE09BE203E5F3C173E18BEA73D8B3DB3BDAF3D74BD17BE083E1C3E393E2E3EF73DDCBD0BBEEFBD113D94BC3AB9113DA13D733D0DBE03BDEDBDCC3DD5BDCC3D24BE123EFEBB0A3E39BECDBD9F3D3E3E38BD043E043E2A3E0B3E5F3D2ABDD83D03BC323E7BBD99BD483E4FBC103D16BE38BE43BEB03DC3BC1ABDA83D4C3EF5BD10BE263E193E25BC273E94BD6D3DE5BD08BE393E4DBEA0BD29BEDB3D35BEA5BDD83DB4BD32BB1A3E9C3D5DBD6C3DEDBD073E583D12BEB6BC01BE3D3E9939873D2A3DDC3DB43D9F3C3DBE85BD1BBE09BD433E933D40BCA8BD143DE8BD10BE353E79BDA23C3A3EE2BD283D00BC2CBE7DBD3A3E4FBD68BDE83D0D3E073E473E9BBDF4BCCD3DD4BD7EBC7B3D29BE34BE7ABD1A3E1C3D0CBEE4BD19BEEF3DDA3D683D66BD34BE80BDE0BCA73D0DBE16BE38BE413EFCBD943C1ABE03BE3D3CB0BD453EF83DE2BD23BEF8BB1D3E143DDC3CF3BD22BC20BD8A3CA13DF73DEA3DB6BDA93D353E86BB1C3E4ABDB13DB6BB023E0F3D423D3B3E253E41BE12BE49BD443E3EBC343E12BE063C653D05BE373E043E44BEDF3D313EC33C0D3E1ABE8B3B0B3E013EA63DA23B203E32BE473EA2BC4A3EA73DF6BDFFBD2EBE0C3E0E3EC5BDC33D023EA93C53BD2D3E733D353E44BE33BD003E17BE133E12BEBDBD97BB95BD473E2EBEC2BC7EBD2E3D16BEDA3D033E09BDE2BC21BEA1BD2D3EF8BDCE3DF7BD18BC043E3B3E153D283E223E45BD313EAC3D8F3D96BD9C3D4DBDF33C2D3E193E0EBE433E4E3CBD3D1F3DB8BBA4BD6B3DB93DEE3D723D133D0DBD8D3D78BDADBDD33DEABD44BE1A3E0EBE94BC583DC1BCB6BD27BE393E0EBE85BC463E40BE97BCF63D1DBE173E163E083E2E3EC1B99CBC323E43BE01BEA8BDED3DA93D19BEADBC9EBD2ABE12BDEC3D33BDD2BDDC3D393E1A3EA4BC733DAF3DDA3DBCBDFD3D2FBDD63CE8BD3F3D1BBE123C81BDACBD993C1D3E0F3E0BBE1C3D2CBE133E013EB9BD33BEB3BD2BBD01BD24BD0DBEE53D003ED43D15BE44BC1EBE933B143EF03B35BE1D3E0BBEBDBD223CD93D443EB6BB213E893DFD3D0DBE06BE10BC1E3E1FBEA53D84BD93BD13BE07BC3BBE163E353E233EAA3D173E013E493E2B3E06BD463E91BD8CBD94BD0C3DBD3DA6BC30BDE23D16BCCDBDEBBDC83D78BD18BE44BE253E7F3CC9BD3F3ED0BDB1BA433E3B3E233D243C833BE03C43BD333DB1BD723BA63DB73C3ABE073EDDBB19BE253E333E173E3D3D4DBDA33DB1BC4A3E1DBEA3BDFA3D0CBEFD3DA73D8FBD86BD36BD453DF03C16BE2FBE6EBCF4BDC23D813D10BE173E20BE0DBE893C373D913D4CBED8BD46BE303E0F3E323DADBC5EBD47BE2DBD9A3DCA3C173E43BE183E2E3EEF3D05BD0FBE3E3E0E3E173E19BEC13C4F3DB7BD3B3E1D3E48BD3EBE63BD0E3E73BDEABD8F3D483E23BDA43D3B3D02BDD43D093E5CBD3BBD18BC0BBE1EBEEB3C113D12BE34BD01BEF03CAF3DA1BD03BE3F3E1FBE4E3CB7BC3CBE123EC93D393E06BEAB3D3D3E19BE2C3D29BE0ABEFABD9E3C853DBDBDF3BD85BD0F3E60BCADBD263D493E9DBCCD3CE73CB1BDC0BD25BEFFBD0ABE1ABE493E00BEDEBD493EA8BDBDBD883C1EBE443E11BEBCBDB43D333EB23CFA3D3D3BEF3D49BE47BEFCBD3CBE013D0F3E993D39BE95BC143E1C3E4B3D66BD43BE5CBD27BE44BA613D02BD2A3DB8BDA7BDD5BD403E08BE243E3D3E003E023E01BE3BBE1A3E7DBD36BE2ABEBDBC4CBE3CBD36BE02BEE9BDBCBDFDBD38BED4BDA5BB43BD45BE0EBE40BE4B3D47BE913D2A3EC63D7E3CB2BDB73C283EAABD4C3EEF3B033DC93CAFBDCCBCE63DBD3C333E223D1BBE0BBE093E413E413EADBDF2BCF23DDF3D3B3C44BDEA3DEEBD20BE2DBD2FBEB0BC4E3DD3BBBEBDDC3DC4BD23BD0CBEC03D03BE6DBDEEBC733D4B3C05BE043E2BBEA13D0FBE94BC063E2E3E4BBB2BBE94BDB4BC293EA1BDC3BDF83DC93D383E313CBBBC60BD40BD103E72BCD03D7A3DB9BD0C3EF0BC063E583DA9BDEA3B17BE16BE3BBE61BD433E20BEA1BB44BE87BD273E24BD41BE6C3DA33D663D243E7D3D9A3C4A3EA43C44BE263E6E3DA93D253E173D133E873D37BE26BEABBD0ABE94BD003E003D21BE7DBDB2BD463E66BC0BBE4A3E49BEC63D0D3E4DBC0A3E44BD57BDA4BDF93D3EBEB13DE7BD41BCE8BD063DB03DB63D2B3E3EBE02BE5ABD913DF4BD953D4A3EE63D35BDFF3DA3BD2CBC8A3C273EA4BD15BD193EC8BD893D2DBE2ABE013E953D08BDFDBD353E953D9DBD1A3E0F3E3ABECF3CB03A3EBE21BE6E3DD53B1D3CAEBD9DBDA7BD9BBCCB3DFABD513D2E3D273EE5BD353E9ABD963D1EBEDC3D31BE603DD63CFB3C333EA1BD34BEF53A05BD193DCB3D0C3D0E3E1ABC96BDD83DCFBDC1BD4EBDAEBD1EBDC1BCD5BD9D3D04BE92BDB2BD9DBD303E5EBDD83D013E0ABDF1BC923D3ABE4C3E783DBB3D593CACBC6A3D4FBD25BD073DEABD763D1C3E15BEDF3D41BE1DBE013E183EC2BDBCBDC03C233D283E99BD9DBDDA3C193ED03DA13D1EBE143D46BD46BC94BCCBBDE0BC003E103ED6BC25BD3B3E3D3D2F3E273E1D3E023ED63C223E29BEF5BDF43D8E3D1D3EB03D193EFC3DC13BD23D2B3E4C3A2DBE363E283EBA3C8CBD40BEA7BD103EAEBD47BE94BD283D18BE2C3DCF3C34BE2DBEB2BDF83D093D16BE0FBE143E8DBDA2BD2E3E2FBE3FBE0BBEC2BD2A3D3A3E4ABE12BE18BE893C10BE063ECF3DC13D443E49BE86BC34BE113E0D3E203DF2BD353E033DBDBDA7BD23BE8CBDB6BD863C39BD2BBEC0BD3FBE86BD933DD03D473EE93C733D683DF9BDB63D273E91BD1A3EE3BB49BE85BD043EC63D0EBE24BDBB3D783D763D883D043E183E2ABE873C4A3E4BBE70BD973DC0BDBBBB75BD3C3DC33C563C0FBE0FBE97BDA6BD313EE1BDCDBDAB39AFBD273EFF3DF43D2A3EF5BD0FBEBDBDE63D3ABEDFBD43BC67BD0B3EEC3D62BDE33DCC3D1F3EE8BD103E26BDA8BD383EC9BD183D19BEEA3D873BA83D0BBE1B3E19BE3FBE273E3BBE44BE09BE4ABC283E1A3EACBD933D0BBD3C3EC93CD63D2DBEB1BDF13D003E65BCA73D63BD22BD513BE63D1ABE223E1FBE26BE103E17BE85BD34BEBBBD943B323E2ABE4CBE2A3C26BC05BE08BE423E7CBD193B87BDFC3DBD3DA0BD80BDF1BC69BD05BD19BBC0BD9E3DABBD273EB43B483C523C4DBEF5BD69BD443E363ECA3DDABCDB3DEB3D3BBED0BDEB3CA0BDC63DF23DC63D55BD433D3F3ED0BCCC3D5CBCCB3D40BEC0BD2ABE0BBED23DC83D1F3EFEBDC43D453EBA3D2B3E2F3ECC3D0ABE413EFE3D463E23BE20BE43BD1ABB3B3EFFBD0DBEF3BCC53DA9BD233ECDBCF8BD963DA13DB73D733DDA3D4A3E9BBD39BE3D3EF33D3C3EBA3DE93C9B3C583DDEBDA03DC83D37BE81BB0FBED4BCF5BD2EBD15BE8A3D293E1ABE4FBDC23D953D293E2BBE443EB3BD533D42BE353E483EFD3DBB3DDA3DB13D35BE7BBDB8BD083E44BEFE3CBB3D243D7E3DA53CD33D9D3D00BEA2BD6FBD24BC0BBE373E3F3E463E1EBE7ABC2DBEA33D9ABCCD3DFD3D8CBD03BE313E28BEB33C9DBD113DCB3D45BDE43D153E94BDA8BCFEBDFA3D1A3E863D39BE0ABE203E98BDA33D55BDD53D203E2E3E39BDC03D883C79BC083E31BE043E46BED1BD0D3E3EBEDDBDACBD193EFE3DCB3DB13D153EE13DB3BC3EBD123E093EC2BDB43DCEBD073EE23D38BE323E67BDA5BDB3BDD0BC863DF4BB6A3DD2BD86BDE5BC3BBED23DFFBD91BD3CBDF83DDC3C73BD213E87BDD43CC8BC02BD03BE4B395A3D32BE1A3E0B3EB03D3A3E5ABD04BE293EE3BD3A3EE7BCB4BDB1BDCEBCCE3C1A3EA5BC4A3E243D2DBD6D3DF93D163E2E3ECABD063EFDBD28BE2D3EB1BDD6BDB83B1F3D043ECCBD9F3DB2BD543DAA3D38BEC3BD04BD4CBEDDBD73BD25BE9A3CE83D13BE553C80BDC5BD25BECE3C2ABE16BE2F3E0A3E51BDCF3CD03D21BE363E193EAABD13BE59BD353E35BE45BEF93D38BE3F3D0DBEC5BD00BCA3BC9EBC0E3D133E743DC7BD173ECDBD193E91BD263E66BDA5BC3B3ED63D253B493E1F3EA13D47BEEB3C32BCCC3D263E9BBD1CBE9CBD86BDDEBD15BE3B3EF9BD26BE44BE043D1A3E4D3D233EBABD393C3CBD6DBCE2BD1E3D0F3E8FBB133EC1BD643D433EC5BB21BE29BE1EBD3DBE30BDD5BD8E3BE1BD3ABE34BD04BE13BE92BD453EF9BD9A3D423E3D3E243E11BC05BC763DD2BB34BED5BD463E7C3DA3BDDBBD4C3B573C83BDD13D3D3D203EAABDFCBBB9BDFF3DBE3D653D523DD53B143E3D3D433E3C3C53BD493D313E03BEBEBC87BD353B3D3E2CBE3ABEB1BA473E04BEC5BDA33BCB3C10BE39BEC3BDD33DA23D033EEB3BF13D92BD30BE273EE7BC953DF5BDC83DEF3DC9BD383D9C3CA73CF3BCB93DFEBD05BE11BE2ABECBBD15BED3BDFDBDE13DCCBD9C3D36BEB4BC703D",
      torch_tensor_768_torch.bfloat16_1: "0x02000000E13DF8BDA7BD1D3D6CBDC23D173DF0BD343D47BE1FBE0BBE70BD48BE303ED5BDBCBD4CBD353E73BDE2BCA5BD433E5DBD2BBE813DB13D51BDECBD15BDC8BC4B3E133E463DFBBD9A3DD43D2EBE45BD8EBDE73C7B3D03BE47BC4A3E46BE53BD88BD1BBD173ECABC1D3EF83CF7BCCBBD053E6C3DECBD18BE19BE283E1EBD033E223EE0BD3FBE03BEE03D46BED23CFDBDDA3D07BCA13CA9BD8EBC3ABEFE3D273ECF3DE6BA0D3E4BBE883DDB3D8EBD123E4DBE583DA3BD533DCCBDEEBD4F3DA1BA00BE1E3E1D3EA23CA93D9FBCF73D093ED83DD2BD43BE823D11BD213E133E5D3C49BDAE3DAC3D953D0C3EFD3CD23BDE3B1F3E5ABD0C3E003B2ABEA7BCABBD373C113E03BE22BC073DDD3D353EA63C2D3E86BDD93DD83DA83C06BE3ABDABBD3F3E6D3D283EA7BDE9BCDD3C6EBD8FBC233D41BE83BD4DBEE5BB313D27BED3BDF93D0B3E38BD013EB7BDA93D953CC4BC803D47BE0ABEA9BD943DA93D943DDB3D2CBE21BE123E6BBDE03CB83A503D2DBEDD3D1ABE953D20BD4BBB8D3D53BD3ABE3E3E153CC63D4D3C033ED43C1BBE683D06BE053E943D343E533DE1BDBB3CDF3DAE3D81BD7F3D323E973D59BD283E063E113E21BEABBDEE3DB8BD2FBE963DF53D683D7EBDC43C44BECD3C123E2DBE3FBD09BE45BD47BE063EC5BAD2BC273D0F3EABBDBEBD39BEBFBD32BE3CBEAD3C02BE2EBE2B3E10BE26BE413E893DB93DCF3C30BE0C3E06BD30BD15BE1EBE123CE13CF53B393D1B3EDC3A46BDC7BD9EBDC73CF23DC1BC3CBEFFBD28BE89BD973D153D853D95BC20BEA7BD903B95BAD2BD053EDBBC0D3EC0BD353E1FBEDD3D45BED8BD183E76BD313E303EF63D2ABD133E8DBC19BE103E023E15BE163EF93BC83DBEBDE9BD0F3E243D10BE5CBD133E50BC86BD82BD053E96BC383E9ABDD23DB0BDDB3D46BE18BEC5BD183E91BDD8BB21BEDA3C25BE13BEF73DD2BD34BE273D11BE37BE073E28BD163EC83DF5BD2ABE07BE0EBB69BD083E4ABCB33C38BDD13D9B3D983DDE3D26BD1CBE023E7DBD9D3D483EA53D273E47BE2A3D25BE193E3D3E3FBE16BE083E993D453ED23D1A3D813C49BEE93D3EBD21BE993C55BD2D3D46BE09BE833C343D2BBE5F3D0C3EAFBD0C3C263EA63DF0BD3F3E81BD053E9CBCED3D2C3E253EFA3D91BD293E0EBEC4BD703DCB3D38BEBDBD57BD0E3E4CBE203E87BD3F3D323E34BE943CE4BDA63D023ED0BD133E04BE03BC17BE9EBD4EBDA03D96BD423C783DEA3DA9BD36BED7BD973C1B3E813D303D40BE4EBA8BBD7ABD3C3E0ABE29BEA0BD6A3DBDBDA93DA03DCBBC093E90BD4A3D833C2FBE7ABDCF3C433EE83DFABBF9BDBCBD3BBE063DF8BC823D4E3C08BD72BD3CBE463E2EBE42BEE9BD15BEF13D0FBE83BD47BE313E93BD0C3E3D3EBA3DC4BD4EBBE83DA33D063E923C813D60BDFDBDA23D4CBEE93D4ABE3F3D1B3D22BE173DD33D6C3C8E3DAB3DF1BD2F3E8DBD093D23BE4B3E7D3D7ABCD93C42BED5BD423E2CBE13BEEF3CE03D113E143ED53D7ABD063D003E14BE2BBE88BC9BBD4BBEDD3B50BD1D3E88BD853DDF3CA4BD54BC59BDD7BD29BE37BEE3BD2BBE0FBE1ABE50BDD6BD4BBE3FBE493ED1BD3CBE4E3DA93C36BDBF3D333E2ABD4CBDBA3BDABD06BE36BD913D47BE14BEFC3D8ABDC23C36BEA63C41BEF0BDABBC1C3C19BE86BCE63DA93D56BDCABAF53DC2BD13BE403E193E193E16BC3EBEC73DEE3D3F3E3EBE003E86BD883D243ECBBD4A3E3DBE1EBEFDBBB33D2F3E0E3E413EC0BC19BD133D9D3D253E173D263E0ABDDE3D4C3E2DBEAA3D253E223E193EB5BD1ABD543B403EC0BD833DD53D11BE183E093B3B3E203E373E02BE093E153E373E753D57BD0E3D0CBE4B3EB63D83BD2C3EAE3D89BD303E90BD93BD41BEA53D21BE39BE803D403E33BED53DDEBD143E48BEFBBD433EF73C17BE4BBE15BDD7BC573C943D0EBE95BD37BE4B3EFABC923DB0BD13BEFBBD47BE9A3D493E27BE09BEF73D5F3D373E5EBDECBCAFBDF93D00BE45BD833D293E003E2ABE153EEF3D40BCB03CBABC36BE93BD293E223D25BEA93C423DFF3D063DF5BD403EA7BDB93D9A3D2D3ED93D38BD39BE803D48BE37BE43BEF03CEB3D30BE94BD46BD243E703D1CBD2D3E993D8D3DAE3D893C55BC423EEB3C1ABD26BEFCBD463E3D3E4CBE2DBE933DE7BD863DEEBD29BD8FBDD0BDE13D",
      torch_tensor_768_torch.bfloat16: "0x02000000923F453F0A3F043FA83FB53F8E3F9D3F863FB83FA83F013FAE3F093F9D3F2D3FAE3F853F4D3F6C3F073F203F963F933F8F3F623FC03FBE3F983F933F983F643F233F9C3F833F4F3F7C3FB23FB83F5C3F893F523F8C3F573F643FB23F3A3F903F163FAB3FA53F3D3FB03F0F3F563F263F733FA63F3B3F0D3F683F333F173F8A3F4C3F963F333FB93F5D3F1B3F913FB73F713FBA3F803F6D3F8F3FBF3FB93F763FA13F7F3F843FA53F6A3F9E3F9B3FB73F1D3F9D3FB73FBC3F043FAF3FBE3FBB3F263FBC3FB23FA93F7B3F3B3FA73FB63F443F853F713FB73F0A3F9E3F8F3F073F9C3F043FA13F823FB73F113FAC3F113F583F6E3FBC3F883F423F3E3FB23F3A3F203F4A3F8B3F873FA83F883F4A3F6A3FA93F903FBB3F5F3F873F8C3FAD3F253F683FB43F0B3FA93F6A3FAA3F033F5D3F143F943F463F9A3FB93F203FAF3F0F3F613F6E3F7D3FBD3FA33F4F3F453FAE3FB13F813F583FBF3F513F2F3FB13FA83F953FBB3FB63FA03FAE3F3F3F243F963F9B3F2B3F653FB53F883F8A3F323F833F833F173FBE3F893F023FA33FBD3F8C3F523F303F963F323F8A3F8D3FBB3F123F803F9F3F2D3F633F103F9D3F163F653FB03F793FB53FA23FB53F213F133F123FAF3F913F7F3F2A3F963F513F9B3F763F813FA53F183F8A3F323FA73F7D3FBF3F2F3FBB3FA73F7B3FA83F8D3F943FB53F113FAB3F623F533FBF3FA43F7C3F6C3FB03F163F9B3FA53FA63F533FA63F3A3F5D3F6B3F853F1D3F683F003F9F3FAD3F243F9A3FA93FBE3FAC3F6D3FBD3FBD3F803FA03FB53F7A3FAF3F9A3F4B3FA23F893F183F643F133F7A3F6E3F6C3F8B3F1F3FB83F983FA93FB33F8B3F0A3F9B3F893FAA3F843FA83FC03F5A3F2C3F643FA03F703F8B3F213F9D3F483F313FAE3F883F7C3FB33F163F993F543F2D3F963F5D3F543FB93F333F823F063F2A3FB13FA53F873F393F873F033F9B3F9C3F933F8E3F133F3F3F8A3F653FBF3FB63F273F8C3F993F233F503F9C3FB33F573F3D3FA93F8B3F7A3F423F133F053F8A3F313FBD3F1C3F743F653F3B3FA03F923F9D3F153F5A3F833F6D3F0A3F323FB93F2A3FAD3FA93F643F773FA93F973FAB3FA13F983FB53FA93F2E3FA03F163F6D3F663F343FB83F183F013F533FBF3F443FAA3F2C3F8B3FBB3F9C3FBE3F8A3FBE3FAB3FA43FB23F913F5B3F843F3A3FA43F2C3F8A3F853F963FA13F1C3F903F6A3F8F3F993F8B3F9E3F833F763F493F3B3F993F993F323FBC3F963F843FAC3F7D3F7A3F423F283F9B3FAC3F973F5E3F8A3F883FB83F633F2A3FB03FB33F0C3F333F913FA53F8E3F313F1E3F813FA83F383F133F873F313F113FA33FA93F663F4B3F473F5C3F8A3F843F5B3F923F963F873F633F903F8C3F573F4E3F863F8E3F8E3F623F883FBE3F6E3FAC3F153FB03FB93F433F033F7C3F2F3FBC3FB33FBB3F8D3F823FAB3F943F403FB83F713FA33F803F2F3F4C3F8A3F253F043F6F3FA23F8F3F533F9C3F7C3FC03FA33FAA3F423F273F333F6F3F823F323FA43FAF3F513F813F8C3F9C3F263F483F9E3F893FB33F733F683F4E3F3B3F933F443FAE3F453F963F893F903FB33F2C3F263F1F3F143F843F2A3FA73F063F603F793F373F5B3F393F483FB73F6B3F633F8E3F953F953F163F8A3F9E3FA63F8B3F213F153F533FB73F793FB33F763FA13F7C3F9B3F513FB23F443F023F9C3F973F943F983F8B3F1E3F963F023F2F3F6C3F613F1E3F6D3F903F613F9B3F3B3F253FA03F963F6E3F233F953FA03F2A3F983F5B3FB53FA03F463FB83F063F2F3F3E3F9E3F833F773F393FA13F1E3F3F3FA73F733FB03F8D3FA53F303F513F603F7F3F793FA93F2C3FAD3FB23F133F023F4B3F673FBC3F123FA43F7A3F213F5E3F623F3E3F4B3F6B3FBB3F753FBA3F083F113F073F953F383F8A3FA63F553F3F3F9D3F7A3F263F163F9E3FAE3FB23F813F273F3A3F743FAD3F933F463FA13F6F3FBE3F6E3FAB3F043F9C3F663F803F333FB73F333F883F8C3FAE3F773FAA3F833FBA3F9C3FB53FB93FA73F1F3F203F8F3F453F633F2D3FA23FAD3F223F823F653FA53F773F9E3F883FBD3F6B3FBE3F6A3F2F3FA43F463F883F933F333F093FBE3FA93F203FAD3F423F3F3FA33FA13FAC3F233FA03F783F533F9E3FAC3F533F283FBF3FB63F4A3FA83F173FB53F"
    }
  }
#-}
