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
module {
  func.func @forward(%arg0: tensor<1x16x32xf16>) -> tensor<1x16x32xf16> {
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
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<1x2x16x16xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_10 = arith.constant dense_resource<torch_tensor_32_torch.float16_5> : tensor<32xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_32_128_torch.float16> : tensor<32x128xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_128_torch.float16> : tensor<128xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_128_32_torch.float16> : tensor<128x32xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_32_torch.float16_4> : tensor<32xf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_32_torch.float16_3> : tensor<32xf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_32_torch.float16_2> : tensor<32xf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_32_32_torch.float16> : tensor<32x32xf16>
    %cst_18 = arith.constant 0xFFF0000000000000 : f64
    %cst_19 = arith.constant dense_resource<torch_tensor_96_torch.float16> : tensor<96xf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_96_32_torch.float16> : tensor<96x32xf16>
    %cst_21 = arith.constant dense_resource<torch_tensor_32_torch.float16_1> : tensor<32xf16>
    %cst_22 = arith.constant dense_resource<torch_tensor_32_torch.float16> : tensor<32xf16>
    %cst_23 = arith.constant 1.000000e-05 : f64
    %cst_24 = arith.constant 3.200000e+01 : f64
    %cst_25 = arith.constant 3.200000e+01 : f32
    %cst_26 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<1x16x32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16x32xf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x16x32xf32>
    %2 = tensor.empty() : tensor<1x16x32xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x16x32xf32>) outs(%2 : tensor<1x16x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %131 = arith.extf %in : f32 to f64
      linalg.yield %131 : f64
    } -> tensor<1x16x32xf64>
    %4 = tensor.empty() : tensor<1x16x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<1x16x1xf64>) -> tensor<1x16x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<1x16x32xf64>) outs(%5 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x16x1xf64>) outs(%4 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_24 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x16x32xf64>, tensor<1x16x1xf64>) outs(%2 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %131 = arith.subf %in, %in_55 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x32xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x16x32xf64>, tensor<1x16x32xf64>) outs(%2 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %131 = arith.mulf %in, %in_55 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x32xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x16x32xf64>) outs(%5 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x16x1xf64>) outs(%4 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_24 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %12 = tensor.empty() : tensor<1x16x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x16x1xf64>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %131 = arith.truncf %in : f64 to f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x16x32xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.addf %in, %out : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x16x1xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.divf %in, %cst_25 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x16x1xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.truncf %cst_23 : f64 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x16x1xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = math.rsqrt %in : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.subf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x32xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.mulf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x32xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_22 : tensor<1x16x32xf32>, tensor<32xf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f16, %out: f32):
      %131 = arith.extf %in_55 : f16 to f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_21 : tensor<1x16x32xf32>, tensor<32xf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f16, %out: f32):
      %131 = arith.extf %in_55 : f16 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %23 = tensor.empty() : tensor<1x16x32xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x16x32xf32>) outs(%23 : tensor<1x16x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<1x16x32xf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<1x16x32xf16> into tensor<16x32xf16>
    %25 = tensor.empty() : tensor<32x96xf16>
    %transposed = linalg.transpose ins(%cst_20 : tensor<96x32xf16>) outs(%25 : tensor<32x96xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<96xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_19 : tensor<96xf16>) outs(%26 : tensor<96xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<96xf32>
    %28 = tensor.empty() : tensor<16x32xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<16x32xf16>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %30 = tensor.empty() : tensor<32x96xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<32x96xf16>) outs(%30 : tensor<32x96xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<32x96xf32>
    %32 = tensor.empty() : tensor<16x96xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<16x96xf32>) -> tensor<16x96xf32>
    %34 = linalg.matmul ins(%29, %31 : tensor<16x32xf32>, tensor<32x96xf32>) outs(%33 : tensor<16x96xf32>) -> tensor<16x96xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%34, %27 : tensor<16x96xf32>, tensor<96xf32>) outs(%32 : tensor<16x96xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<16x96xf32>
    %36 = tensor.empty() : tensor<16x96xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<16x96xf32>) outs(%36 : tensor<16x96xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<16x96xf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [1, 16, 96] : tensor<16x96xf16> into tensor<1x16x96xf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf16> to tensor<1x16x32xf16>
    %extracted_slice_27 = tensor.extract_slice %expanded[0, 0, 32] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf16> to tensor<1x16x32xf16>
    %extracted_slice_28 = tensor.extract_slice %expanded[0, 0, 64] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf16> to tensor<1x16x32xf16>
    %expanded_29 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xf16> into tensor<1x16x2x16xf16>
    %38 = tensor.empty() : tensor<1x2x16x16xf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<1x16x2x16xf16>) outs(%38 : tensor<1x2x16x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_31 = tensor.expand_shape %extracted_slice_27 [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xf16> into tensor<1x16x2x16xf16>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<1x16x2x16xf16>) outs(%38 : tensor<1x2x16x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_33 = tensor.expand_shape %extracted_slice_28 [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xf16> into tensor<1x16x2x16xf16>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<1x16x2x16xf16>) outs(%38 : tensor<1x2x16x16xf16>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<1x2x16x16xf32>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<1x2x16x16xf16>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_32 : tensor<1x2x16x16xf16>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_34 : tensor<1x2x16x16xf16>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %43 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<1x2x16x16xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.mulf %in, %cst_26 : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %44 = tensor.empty() : tensor<16xi64>
    %45 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%44 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %131 = linalg.index 0 : index
      %132 = arith.index_cast %131 : index to i64
      linalg.yield %132 : i64
    } -> tensor<16xi64>
    %expanded_35 = tensor.expand_shape %45 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_36 = tensor.expand_shape %45 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %46 = tensor.empty() : tensor<16x16xi64>
    %47 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_35, %expanded_36 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%46 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_55: i64, %out: i64):
      %131 = arith.subi %in, %in_55 : i64
      linalg.yield %131 : i64
    } -> tensor<16x16xi64>
    %48 = tensor.empty() : tensor<16x16xi1>
    %49 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<16x16xi64>) outs(%48 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %131 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %131 : i1
    } -> tensor<16x16xi1>
    %50 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%49, %cst_9 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%48 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_55: i1, %out: i1):
      %131 = arith.andi %in, %in_55 : i1
      linalg.yield %131 : i1
    } -> tensor<16x16xi1>
    %51 = tensor.empty() : tensor<16x16xf32>
    %52 = linalg.generic {indexing_maps = [#map4, #map9, #map9, #map4], iterator_types = ["parallel", "parallel"]} ins(%50, %cst_7, %cst_8 : tensor<16x16xi1>, tensor<f32>, tensor<f32>) outs(%51 : tensor<16x16xf32>) {
    ^bb0(%in: i1, %in_55: f32, %in_56: f32, %out: f32):
      %131 = arith.select %in, %in_55, %in_56 : f32
      linalg.yield %131 : f32
    } -> tensor<16x16xf32>
    %transposed_37 = linalg.transpose ins(%41 : tensor<1x2x16x16xf32>) outs(%39 : tensor<1x2x16x16xf32>) permutation = [0, 1, 3, 2] 
    %53 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_37 : tensor<1x2x16x16xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.mulf %in, %cst_26 : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_38 = tensor.collapse_shape %43 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_39 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %54 = tensor.empty() : tensor<2x16x16xf32>
    %55 = linalg.fill ins(%cst_0 : f32) outs(%54 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %56 = linalg.batch_matmul ins(%collapsed_38, %collapsed_39 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%55 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_40 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %57 = linalg.generic {indexing_maps = [#map6, #map10, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_40, %52 : tensor<1x2x16x16xf32>, tensor<16x16xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %58 = tensor.empty() : tensor<1x2x16xi64>
    %59 = linalg.fill ins(%c0_i64 : i64) outs(%58 : tensor<1x2x16xi64>) -> tensor<1x2x16xi64>
    %60 = tensor.empty() : tensor<1x2x16xf32>
    %61 = linalg.fill ins(%cst_1 : f32) outs(%60 : tensor<1x2x16xf32>) -> tensor<1x2x16xf32>
    %62:2 = linalg.generic {indexing_maps = [#map6, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%57 : tensor<1x2x16x16xf32>) outs(%61, %59 : tensor<1x2x16xf32>, tensor<1x2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_55: i64):
      %131 = linalg.index 3 : index
      %132 = arith.index_cast %131 : index to i64
      %133 = arith.maximumf %in, %out : f32
      %134 = arith.cmpf ogt, %in, %out : f32
      %135 = arith.select %134, %132, %out_55 : i64
      linalg.yield %133, %135 : f32, i64
    } -> (tensor<1x2x16xf32>, tensor<1x2x16xi64>)
    %expanded_41 = tensor.expand_shape %62#0 [[0], [1], [2, 3]] output_shape [1, 2, 16, 1] : tensor<1x2x16xf32> into tensor<1x2x16x1xf32>
    %63 = linalg.generic {indexing_maps = [#map6, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %expanded_41 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.subf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %64 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63 : tensor<1x2x16x16xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = math.exp %in : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %65 = tensor.empty() : tensor<1x2x16x1xf32>
    %66 = linalg.fill ins(%cst_0 : f32) outs(%65 : tensor<1x2x16x1xf32>) -> tensor<1x2x16x1xf32>
    %67 = linalg.generic {indexing_maps = [#map6, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%64 : tensor<1x2x16x16xf32>) outs(%66 : tensor<1x2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.addf %in, %out : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x1xf32>
    %68 = linalg.generic {indexing_maps = [#map6, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64, %67 : tensor<1x2x16x16xf32>, tensor<1x2x16x1xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.divf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %69 = tensor.empty() : tensor<1x2x16x16xi1>
    %70 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<1x2x16x16xf32>) outs(%69 : tensor<1x2x16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %131 = arith.extf %in : f32 to f64
      %132 = arith.cmpf oeq, %131, %cst_18 : f64
      linalg.yield %132 : i1
    } -> tensor<1x2x16x16xi1>
    %71 = tensor.empty() : tensor<1x2x16x1xi1>
    %72 = linalg.fill ins(%true : i1) outs(%71 : tensor<1x2x16x1xi1>) -> tensor<1x2x16x1xi1>
    %73 = linalg.generic {indexing_maps = [#map6, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%70 : tensor<1x2x16x16xi1>) outs(%72 : tensor<1x2x16x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %131 = arith.andi %in, %out : i1
      linalg.yield %131 : i1
    } -> tensor<1x2x16x1xi1>
    %74 = linalg.generic {indexing_maps = [#map12, #map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %cst_6, %68 : tensor<1x2x16x1xi1>, tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: i1, %in_55: f32, %in_56: f32, %out: f32):
      %131 = arith.select %in, %in_55, %in_56 : f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %collapsed_42 = tensor.collapse_shape %74 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %collapsed_43 = tensor.collapse_shape %42 [[0, 1], [2], [3]] : tensor<1x2x16x16xf32> into tensor<2x16x16xf32>
    %75 = linalg.batch_matmul ins(%collapsed_42, %collapsed_43 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%55 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %expanded_44 = tensor.expand_shape %75 [[0, 1], [2], [3]] output_shape [1, 2, 16, 16] : tensor<2x16x16xf32> into tensor<1x2x16x16xf32>
    %76 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<1x2x16x16xf16>
    %77 = tensor.empty() : tensor<1x16x2x16xf16>
    %transposed_45 = linalg.transpose ins(%76 : tensor<1x2x16x16xf16>) outs(%77 : tensor<1x16x2x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_46 = tensor.collapse_shape %transposed_45 [[0, 1], [2, 3]] : tensor<1x16x2x16xf16> into tensor<16x32xf16>
    %78 = tensor.empty() : tensor<32x32xf16>
    %transposed_47 = linalg.transpose ins(%cst_17 : tensor<32x32xf16>) outs(%78 : tensor<32x32xf16>) permutation = [1, 0] 
    %79 = tensor.empty() : tensor<32xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_16 : tensor<32xf16>) outs(%79 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_46 : tensor<16x32xf16>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %82 = tensor.empty() : tensor<32x32xf32>
    %83 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_47 : tensor<32x32xf16>) outs(%82 : tensor<32x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<32x32xf32>
    %84 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %85 = linalg.matmul ins(%81, %83 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%84 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %80 : tensor<16x32xf32>, tensor<32xf32>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %87 = tensor.empty() : tensor<16x32xf16>
    %88 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%86 : tensor<16x32xf32>) outs(%87 : tensor<16x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<16x32xf16>
    %expanded_48 = tensor.expand_shape %88 [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf16> into tensor<1x16x32xf16>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_48 : tensor<1x16x32xf16>, tensor<1x16x32xf16>) outs(%23 : tensor<1x16x32xf16>) {
    ^bb0(%in: f16, %in_55: f16, %out: f16):
      %131 = arith.addf %in, %in_55 : f16
      linalg.yield %131 : f16
    } -> tensor<1x16x32xf16>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x16x32xf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x16x32xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x16x32xf32>) outs(%2 : tensor<1x16x32xf64>) {
    ^bb0(%in: f32, %out: f64):
      %131 = arith.extf %in : f32 to f64
      linalg.yield %131 : f64
    } -> tensor<1x16x32xf64>
    %92 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<1x16x32xf64>) outs(%5 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x16x1xf64>) outs(%4 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_24 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %94 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %93 : tensor<1x16x32xf64>, tensor<1x16x1xf64>) outs(%2 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %131 = arith.subf %in, %in_55 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x32xf64>
    %95 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %94 : tensor<1x16x32xf64>, tensor<1x16x32xf64>) outs(%2 : tensor<1x16x32xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %131 = arith.mulf %in, %in_55 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x32xf64>
    %96 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%95 : tensor<1x16x32xf64>) outs(%5 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<1x16x1xf64>) outs(%4 : tensor<1x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_24 : f64
      linalg.yield %131 : f64
    } -> tensor<1x16x1xf64>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<1x16x1xf64>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %131 = arith.truncf %in : f64 to f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%90 : tensor<1x16x32xf32>) outs(%14 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.addf %in, %out : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<1x16x1xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.divf %in, %cst_25 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x16x1xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.truncf %cst_23 : f64 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x1xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101 : tensor<1x16x1xf32>) outs(%12 : tensor<1x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = math.rsqrt %in : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x1xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %100 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.subf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x32xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %102 : tensor<1x16x32xf32>, tensor<1x16x1xf32>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.mulf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<1x16x32xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %cst_15 : tensor<1x16x32xf32>, tensor<32xf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f16, %out: f32):
      %131 = arith.extf %in_55 : f16 to f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %cst_14 : tensor<1x16x32xf32>, tensor<32xf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: f16, %out: f32):
      %131 = arith.extf %in_55 : f16 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<1x16x32xf32>) outs(%23 : tensor<1x16x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<1x16x32xf16>
    %collapsed_49 = tensor.collapse_shape %107 [[0, 1], [2]] : tensor<1x16x32xf16> into tensor<16x32xf16>
    %108 = tensor.empty() : tensor<32x128xf16>
    %transposed_50 = linalg.transpose ins(%cst_13 : tensor<128x32xf16>) outs(%108 : tensor<32x128xf16>) permutation = [1, 0] 
    %109 = tensor.empty() : tensor<128xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_12 : tensor<128xf16>) outs(%109 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<128xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_49 : tensor<16x32xf16>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %112 = tensor.empty() : tensor<32x128xf32>
    %113 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_50 : tensor<32x128xf16>) outs(%112 : tensor<32x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<32x128xf32>
    %114 = tensor.empty() : tensor<16x128xf32>
    %115 = linalg.fill ins(%cst_0 : f32) outs(%114 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %116 = linalg.matmul ins(%111, %113 : tensor<16x32xf32>, tensor<32x128xf32>) outs(%115 : tensor<16x128xf32>) -> tensor<16x128xf32>
    %117 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%116, %110 : tensor<16x128xf32>, tensor<128xf32>) outs(%114 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<16x128xf32>
    %118 = tensor.empty() : tensor<16x128xf16>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%117 : tensor<16x128xf32>) outs(%118 : tensor<16x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<16x128xf16>
    %expanded_51 = tensor.expand_shape %119 [[0, 1], [2]] output_shape [1, 16, 128] : tensor<16x128xf16> into tensor<1x16x128xf16>
    %120 = tensor.empty() : tensor<1x16x128xf16>
    %121 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_51 : tensor<1x16x128xf16>) outs(%120 : tensor<1x16x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %131 = math.fpowi %in, %c3_i64 : f16, i64
      %132 = arith.mulf %131, %cst_2 : f16
      %133 = arith.addf %in, %132 : f16
      %134 = arith.mulf %133, %cst_3 : f16
      %135 = math.tanh %134 : f16
      %136 = arith.addf %135, %cst_4 : f16
      %137 = arith.mulf %136, %cst_5 : f16
      %138 = arith.mulf %in, %137 : f16
      linalg.yield %138 : f16
    } -> tensor<1x16x128xf16>
    %collapsed_52 = tensor.collapse_shape %121 [[0, 1], [2]] : tensor<1x16x128xf16> into tensor<16x128xf16>
    %122 = tensor.empty() : tensor<128x32xf16>
    %transposed_53 = linalg.transpose ins(%cst_11 : tensor<32x128xf16>) outs(%122 : tensor<128x32xf16>) permutation = [1, 0] 
    %123 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_10 : tensor<32xf16>) outs(%79 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_52 : tensor<16x128xf16>) outs(%114 : tensor<16x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x128xf32>
    %125 = tensor.empty() : tensor<128x32xf32>
    %126 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_53 : tensor<128x32xf16>) outs(%125 : tensor<128x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<128x32xf32>
    %127 = linalg.matmul ins(%124, %126 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%84 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %128 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%127, %123 : tensor<16x32xf32>, tensor<32xf32>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %129 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%128 : tensor<16x32xf32>) outs(%87 : tensor<16x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<16x32xf16>
    %expanded_54 = tensor.expand_shape %129 [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf16> into tensor<1x16x32xf16>
    %130 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %expanded_54 : tensor<1x16x32xf16>, tensor<1x16x32xf16>) outs(%23 : tensor<1x16x32xf16>) {
    ^bb0(%in: f16, %in_55: f16, %out: f16):
      %131 = arith.addf %in, %in_55 : f16
      linalg.yield %131 : f16
    } -> tensor<1x16x32xf16>
    return %130 : tensor<1x16x32xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.float16_5: "0x02000000E7259F291D254F29DD287DAC48AA1A2B83AA2FAC042D772BF227971DA92521AA6E295826EE9F3DA5618B0C9F0FAB682CD6A2AAAA1A2D732CBF29F7263DABF627",
      torch_tensor_32_128_torch.float16: "0x02000000909E88A60DABEE28EAACFA27CAAC542D5AADBEAA6AA2D7A562A328AA6AA393AB72AD6DAD802C8125222D93217DA787A25DAD282D592BDFA8E325432B3CA9DDAA80AB87AD8A2D531607A2082035AC4C2C7BAD682C28ABE428578A71ADB22CAE2AEA253B2943ADBD256628792B92AD17955D2C2EAC3CAB282DC824B1A440AA602358229F2CBAA4C228CD29882766AB2728FFA2A5AB14A81EA63CA40A9F812C38296E276B29E72CD4AB5DA433ACA9A9B828AD2CDB273BA53DA990AB74258DAC892C4C9CA920CCA9BBA876274424A6295F2B93AB242D641DB4AC6C2A61AA592C6FA9DEA8AF28662D21ACC7287BACA82CD899662AE4AAD026902C352ACF2BE92B2CA5AFAC5A215FAC85ADBB28162CF724E0ACC61E302CF72179AC98A4D0AB961D6FA962ADF42519A630AD002D31A6DEACEF27AF2C91A9CDAC35A1822D972D7E2847A5D72AC81D8821882451A9CDA814AA3CA72324A81CC824EE2C9D1F5B2AC1A220AC6A297B2DBE2AE11D27A4FCAC5B2C122CAE249A9F232903AB2E2B93AC932DB5A9CBA9982092A6FA25FAAA27A7511A2FA71DA68391F924FE29922A7C2A62A95DAB15A802AD7FACA229D3AA009B682A7A2CFC268BA444A6062CA1A8582ACF2912A9E20B182870ACF0299A29EFAC132D2F2D9F2A2129832BF81CF91E778FE9AC0AA4B12AB29995AD4327CC263E285B282329EC298C273EAA31A9062CB928DCA0BE2B04A612A804A7882C85ABFF2756987FA6C9ACFC2A3228BC2A792C6CAC8B2A2F2440A6C0AC152C1021192BF7A58395582CD0A74FA78EA5E9AB6E2B9B1C9622B32AA7ACC6ACD7AC9F2657A60E2C7B2B21AB8021ABAB52286C201A24E6229410CDAC6E9E0F2937AA812DC21E4BA6C99C4EA9471DD7A4B2A21F2D052B16997CAC0AADB5AC23A47AADE22A07AD4222BC2C012C6F28F3219228C02C4CAD2E24E2AAEB2CC42987ABE1A8862467A5DFAC36A9D229629FEC1F5CADC2AA6229D0271AACC1A9C6A9CE2C00ADB725D021562B7128F2AC19ADBA298FADBEABE5AA0DAD1E29A42C6FAB2AA07BA88E992422A52305ADA726EEA1A4278AACE7ACEAAAB81C642D812DF6A73FA428ACF8A88E255AAA3DAB642DCEAA9FADCE2CFC2C412826A284AA1922791891A9112D4EA95DAD272487984D2CA02ABF149CA6312123A79B2C1128A92560AC882D37A9F32BDD9C5C2D10A5C5148BA96526B6AC5B2C2E2D88A9C82C282C092D94AD7EAC9DADDA2567A8CC23382B2628850DEF27C2A6242065AC9DAA2E2C02ABB92C662A3A255026D22CE3AA68AAAC2145ACD6AA2F99EB2A90AB18A8F8AA762CBCACC297652CEE2C4CA3F9AB0CA5B42C60A2552C812C04294FAA25AB0EA9EDAC18AD352806ACA8A287253E2AA42CF4ACEBA826AB682434ADDF280D28F7A9972C29A75A2D6A2DEFAB552D1D2CD3AB9AAC38AA122D112DCE29F72C16AAF625DEA998A8D8263CAB8129C90D92AC8CA73AA7E6223629B5AAADAAB0A8052ABB2A88AD0E2985290729292DE1A4AC2BD9A36F2C032BA311852964AB3F2A70AA25AA2FA8312CE3AB252CF329F82CC1A67A1C33AD312D591D3C2A762580AA4DAA19A35FA85A232DA1472829A093A51724A92C14ACB42876AC2D2C0128BEACCE2CD12AE12C36208BAC152528296628762BBFA727A7D9A2A6AD312D842D5420E51D6EAAB8AB7F2BCB291E17DB2672A2CB2980AD2FAD7CA8B91D952D0BAA82ABBFA9FF162610AFABD6A49EA28CAC31A88AAD5DAD0D2C042A282CAB1FA5AD192CDD2B12AD46A802A73AA52529D1A731A4B62A172935A74426312C4BA8889E99ADF92964299A2C5F2D072A912D072C5BACC4A52EAD7329802A87A89BA9302D221ACBABFC2467AD57AD90AADCACC1A99329C42AF1A7CFA99D27A9291C2ADCAC382A91AAA22CEEA07028EC9CFA2833A935A93D2CB2AA32281C2AEDA293A84FA6B42B27A95EAA60ACE0A82BAD31230F2A25A59F26ED24832A3C2D091FE3A908A622A322A8161CDBA9662981ACA22C44A380ACE02581ADEB2C6B292528A5ABCD28D8ACED15ED2A402072ACFFA20EAD31A0D1AC80272D2D87AB1AAC552B9D2A6DA4272B22A5162C56ABABA2E62892A5752D1C2CB4AB7D2BCBAB14255EAD1A247828442B87A576AB96A8222CC1A08D2C5F248FAD462C1AAA472B2BA4B4A8862B918E03AD4A2D7A2D5EAD7827F7A297A972AA6BAD3EAC142C88A7DD9A2323F72A17A977A3B0A7EE252F1A8F2D3E9937AC062A582AE71C5F941A2B641CC8956C2A322AC812DD2ABE19DBA8062C6D2B5329D39EC62458AC0F261E2594A862AC3392E92AC1AA822A8BA708A8092D9FAABE2CA62B2522A2A8F8A2122C0DAC512D022869ACA02AD82627A31FAC8A2D01ACD8AA9C1148A0FAAA282B10A6172404A561A60FADC52CCC27212D38AC4224D3A91DAC439D27294528DBAB08AC592D15292FA5422D2DAA149C9D2810AD612C962C89A88E17B69CA5266CA78FAC0520BB2532AA302C1BA29A2CA1A08BA8D99A202C2125CA2CB12B99AC352B28A9F926CBAB8628D4A2532D952DAB2363ACDFA3DF1B3AA6C02398AD9C2B38ABA3AAB226022B3E276EACA12D46299C2C54AC94AA9EAB842C1AACBD2C2B11B026C795E8ACC42C3CAD56A50E2D81A991A833A8052C09A81AA4F62BE5ACA9A29529D1A6A82C1B24B528749E222A88A1EDA1CFA9D224312C5F2C532D7525CF26A6217DACB7A5A42BCF26612C1B276625DA9E6EAB61267FA44FAA2BA8322C88A8C4A59D993BACAC2398A648A82EAC192B5B2D522DDD2C54A176A8DE9FFD2786A994AD5EA54F2D15280E2CC12C3416C6246FA84CA726A662AB2DA761A680A652AC2BA57C2CE297FCA5DA23892B122DFF2C55AA5F27E0A565A25DA08CA824AAEEA32BA85199BB27E8A5EB2BB3A21E2D23296025CB9B7FA29199FAA9162B1481ADA902A631A8FBACF1A91FA93B2D052D052A212D9EADC1AB7D29652BE6946D29E0AB232AAF26BEAAE8A8F228ADA8F5AC4DA94228092903248CAD5E2C7A2D60AB00A94E9804A52D2C94AC27A17F2C492D8B2B972D1EAB4B255A9ADEA85BACFBAA8AA58C2CA52D242C36274A9C9AAABAA9C6AA9CA2A5ADA6AC65A853ADF1297DA80C2CF7A9DC2B192AD02B5622C0AB98A4FE25C1AA7F2C5AA512AD9A2D35AD492DC82C4D1E0DA83F2C7D2D242D7FAD5028082D87AA10AABAAA7AAC76AC6CACE5A45FA8C62A1725AB990FAD83280829A12CC9AC7E2B012888A46626A4A8AD2AD329ACA5EBA49AADC52A7F2CF41FF4ACF02BC3AC892C422D40AD702D6DADDAA72EA61728082CE18AEB2CD22B7A2ADC22D8A624A68BAAC02C6EA56FA4F598342A6828D02A62AB12ADBC2841175A2A6E2C11A47AADA3ABCDACE4A8D32C27AC15A985AACFACE4AB3925082CDFA6F5285FAD4BA27FAC70AA5B2ABF9E53A03DA0BFAB132D73ADF8AA0E22F32B8D17642579A86DADBE2775205EA8082A6B29F921642913A88926632C4328901E112500A1FDAC1BAADA2CBAA08B2D9DA8E42C2A292A2C4D2D09A669A0F729B524E3A999AAD9A81CACD3ACA6A020A4DD29B5ABC8A9B3A2F12AE7A9F0AA472B40A697ADE4A43523392853ACDAA9F5992791A1A80F21C226DFACA8AD3E230421B12C9CAB881B54991E2483AA7E211D2884ADD41F96AD04AC67A4982CBA2CA62B4D260DAAE3AA4BAC7C2A2DA4CFA73D2AE5AAE2A84A25DB2992ADF427D2A6CB9A2525A6ACA720C2ACDC2365AC54AD8A28F1ACFF2B0B1A362D60A074280E20462D1AAA621F04AC5029792DD8AAF3ACD726A69E1A2440A2122933A4548F2EA8412842268B2CDA2A0E2419A0CE9FC3A96F2C9FAB582DDDA839AAAC16CBA50BAC29A5E1295618852D062618AB25AC75A922AB0B2622A60CAC5D2B03ADADA8C82962289C2AAF23FEACEA2505ADA2AD812D2B1F35AB8D2DBAA885AC3E29B82C59A9BC2B19A9D4A4B62A7028532C71A76E2AF72AA6A83EAD8D1F1528C4ACCCAC812C881AA4ABA32DE22C65A8E91C2DAAE3263F2A062C2B2DD2222AAC6AAD81242C29BCAA121EEEAC94277D2787AD03A6C6ACDAABDBAA832B2EA9739D4B2D0BADAB2965A0BF18002C54AD6928AB29E2A30122F92B9CABBF2CCFABE629922C4427D8AC9C2D13259DA6292BBB2B502776AC13244CA965AA3B2D4EAA04AC31A7952D94A76AAC22AA8FAA6428ED284D2A021A9EACA3AB8E2935AD4B2492AB35A15BA7712ACB212BAC6BAB419FD628CBA5B7A8D1AC3426CE2BC00C231C0DAC96AAC6AC109D80ACBEA98F257DAB1C2A652C5D28112A3BABE52870223EA317A136AA732045AD37AB9826DC24C19E74ADB4ABF5AC4D2D2CAC662CAD25FA2098260AAC76A8F8296AA69BAC4829D7A82AABDB28952A752A622C7A288CAB1E2925A9951C462B9FAA7FAC21AD58236328092C3D2DC1261A2DCAA3AB2A0DAC36AB2E28B92ACC2228268F2BA02AA1297D26C4AC90236C25832BE8241BA94F288BA89CA9352DE3AB5D2DEDA54CA7492D7823E12C652DAE23CFAC55ACB4A1FEA81921FD2C21A70DACCB2BD0ACFBAC0CAAE92C04A85F2D4F9CBC9C1E1AD5A595ABAEA06F260D288B91FF24962C5E26EEAB64999AA4841DAEABBDA4F5277C23A72D8C2A7AA29D247D2C94276E2D942DA7AAC4AB1C2DD0AC562C35AD44A018286CACE7291A2869ACDAAC472054ACA5A8BAA7DA29B6A9A4AA4927DAAC122BB69C982184274FA8A123CA28432C81945A298BAD3427A12A03AA9E2C792D2DADCF2BF82BF6AC8FA1CCAA13ADD3A971A9ADA71F2B3B2A7FA980ABDF1E44A91FA8392475AA9326EE2672AB41A41F2CA62B9A2D43248E18782D14ABA1AD1F2CDEAA1B1EAC2B0AA98C2311A7A626142BDC9FB0A8742BD2A406A4502DA029D12A92215EAC42A90024732DAEAC70AB2F9D09A895ADA4283B28BAA523AA082892A85B2B8D2DA1A988A854ACC1A8D09CB6AC212B7AADEB1F532AD924ABAB0927E2ABB9A9C22A269E68A3D82B622A5229ABAA842CAC2C14A6ED2CEE23A5AD3A215EAD1428DF2C40AC182A562DB4ACD9A7CD2C3228CF27F1A53D2CFE233CAA44AA51ADC4AB6D220F2747A678ADAAA5052B721A32A86E2C522C6029FBAA7DA52D2A122DC62A66AC75AD46266FA4FF9D852DF222FDACD6A00EAA72261DA2CD28D6AC09883429E22C0EAD63A8B7A429ADA5ACA0ACA30D01A040A8E0AA5BAD8FA254AC7E2CE5AA80AA0FACCEAC882D862734290E2397A26029F7AC12AA59A8B7A86126B1A7062CAA1C63ADA9A54A264125FEA96826FC26B72381AA93ABCCAC44AA232C832D94A4C2AB072554AD4D23722C7FAADBAC4FAC2AA8792ABCAC94228A2C12AD62ACD12C89A909A82B2CD5A4BE2438A6D72C942C1B24A02D802113AC26A93525A61D602C9C29F726AF29F5AAA8AABA8DEFAA942CE8204F2A4FA9AFA9782D2BACEB24232C622AF024092DB289702C252A6D97FDA2D41C722D6427D2A952AD02AC9CAC832A77A6592AC9219CACE1A7B728E8A42E2C312A7D2D8EAC442C8DAA842D0A93BE2CAFA84B9E61AA87AAC229462C322C542AB926E91EA3A8102D58AB1D9C23A41F9DF3AB9D19FE1CB4260D29FB2CBAA32629D2AC0EA99FAC6A22DC2C0AA5972B8CA7C8AC47AC4C2C712B7CAA4326061F09AB8FA83A2BFD29B5A95FA427AC86AB1CA524269A27B6A9072D472CBF1FB1AC2C2C35A239AB1F2BBEAC77A4C527E3A68FA88829FAAC3CA6C10DE12C6FA4C1ABE1AC452747A4622CDDA9BC2466282BA45A2926A8C21A1FA7702CAAAACF2A7621082552A4FDA9732D4927FC2CFD28202A0A9F96ACDF24ED24C2A9AB2CDC2476AABB29D22C4D962CA8DB995A29659F55A62317F2AB9EACB1AA5A2D42ABEA2C589CD22CE1A7BDAB9D28C12BA32C782D4FA70724962A6EA5B21A68293B2ADCACAEAC472C5E9FE71D0B2AF0240FA7292B042A5527702D6525432D562D69AC01AB77A9209E5E93E6AB062D782C9BAC712CED2812A7D2A8F42752AD8BAD312AB919B02AF3ABEEA797AB91258BA86629F0AB1C2CADA87EA7B729DC265D9CAB2C491D5AA4B426F3AC44AC43AC62AA01A64B2CAB2B19AD42ADC92C9499F5AC3CACF31D932D119F1928A82746AD3BA42BAD462DAC23E81E28A9592A85A8062DF42C39AD9CA60E2C512CB8AB6DAB2B2C9AAC1A24082A702B74268924C72B5CABE4ABE698C124CDAA00A84CA70828ABACD92C7DAD2F1DA3AD56298324CF26951C6C2D8A29352B952266AD96ABD3AB18A338A53A24B0A782272B2DBD23A2AC2428B52109A89EAC1A210AAA26ACEFAC5428B11ED92C3A9B37223F9650AA6EAACAA78C27DB2A812C5CA773ACDFAAF9AC9E2DC72B372B930C7F2C8123CB1D6C2986A59BA62EACB82CF825BAAAE6AC41264AA5F22CD62815A5142C54A771A63BAC302621A62FA11CA9622C182D64268594AF263BAB63A713ADB1142CAC6CA129289B2C48A20BA03B280DAC40AC542D8BA7B8AB252CCB284929C4279F2C6F2C28AA802D6C201D2A03A8F327332BDC276AA9462991AB6F2AA92345AD13A15CA958AC3928C629FDABB224EA2AD4A626A71427E3288AA1E5A9301A6BA773ACD4AB40AC97AAAAAA23AAC4AA452D892C352D2E2A1E9331A8879FE3ABEE1E0724EBAC3419F3AA34A52F281629A725ADA83029DEA4BD28F62B8A99D6A8DA2833A59CAB7C9FAD2B942B8CAD9CA5E5AA6E2BD1291B269E2C7E1F17AA19A496A81D299FACD0A16FA908A70E2DE12C17AC6E230B10562D152C209AC42C1224FD2B1C23DAA1872DB129EDAC5329A9A5422A12A939ACA2AD36A6E9266127C3A48D2DC024862C99A9452847AC51AAB8AC852768A8D92C8EAD26AA26254BA1642BE5185E2CBA9E252C3AAD0A2D10A72027682CEFAC06A7012669AADF2B1928F32AA72574AD0DAA609982AA20AC22ACC52987AC742D12283FAD80AD6BACC02948AC4F2B2AA9C6A46E9E9F2D47A9222C35A99C27642C822D50272CAC26AC8F2CCF9C47AA8BAB31AD87A257ACE72C072483A6FF28BFA4512D8AAB2629AD97462D5AA48AA107270C2458ADEA1F5528B0A8822583281320C02B77A2A828F62579216AAB4DAB6A2C88AC7026C1A653286CAC82AD6CAC6D28BE286428A2A817A89FA38AA125AA1E207CAD022B5B2BA49CF8A67025C7261D2D48AB14AB91A799AA67AAF0A7782D272502ACEEAA43A474AC55A89127B621302DC0AB6A201424FEA7A72C262A5425302A5C2CB0AC6DA5F0A8951D4AA4D1AC4D2820A455A8A12D5B29AA9C05A9E4A9919D282A372AEA254AAD64A8FA1CD82A05A67CAC38A8D0A4E6AC17175128F5A5652C162D219ABB9E0EA77D2AD32C1B2C942C9E2D672A89AD7123DD25FF2AAEA6CFAC1E2D662DC72C4DADECAADB2976AC8623C02796A47F2B5429D0AC6AA8BE2C41AD83A8A9A7AA9E9CA8FBAA6A2CCA26A82C02297EA7EB2857ADDF97AB2C32A4BBA2402C6B2D67AC4CAD76AD8D1F65A7F62913A9562C90AABA209CAC23A76F2D5B2948ADB6AAFD2B7695E623572ADDAC39ACEB28102CCEA96820A1AA0DA88F2C62A98316B72824A9C71D29A55C2B3F2529AC950B682C1828912AB227DC297F2C9DA32B263322072D4FAA58AC15273F2BE128C628FCAB0B29CD9E44AC98AA562959ABC1A52E2C2727452A96A69AADDA1E6D2B16AB9EAC6FA8ADA0E52C8125202B3B9CF1A99F2DB12493AC7A2A972708AA341F8FADCDACF8A1A62DD4A6A6254EADF22A3BA69828702D718C182208AC99AA6FAC51A97B18B29EE528B8ABE42C34ADAB281CA50D1EA3AC8B205CACCDACE1A6A3ABE7A7852C1E24BE2646283425BE28282CC820E52A172958A289A89D2D34AAB7275E26C5AC5DA9D62808AA94A9BD2AE1AB47AA692ABE2AE02707A9E4270F2060AD58A9BF2811A530A8FD9CDE27C225CAA853AD9AA7FDAC7EA9352C222951A6002701A30621302866ADD2299EA1D02CEBA966ABBBA99622882A072B27AA8C2C159DDD2AFAA0F0A879A8C7A7301619ABDB2CA6ACA9297CA61FAA521A7FA464ADE699572C292CE59B442C2225352B192B292A912AD7AC7E25DEA30A2699A99D2DAFA6FA28DA2CBEAC41A88AACF12CCAAA342C52A567AD3AAA69A2042D53ADF1A9FC2B22A8F6A86B27F3A971AA0F2D43A691A4EFACAB238CA41F2AD721C52B8F2C22ACA1A1F929AE2C122C722D71AD12A815A2602CDD2C85ADDAA409AAACABACABD1AC362CBE9AC52B2FAC362B359C322C2529CC9F912A70A725236C22881669A0A82CE62195AB762A8AAB9C2B3B2D19A88324EF28AD26A2AC022DA4AA69272DA615AC0D2710A74A291A2472A8C022E72C3125E1ACE9ABA62A23AC49261C28792C472CB6260A298E91E81B982B7AAB99A9952314AC7C2AEC2B96AADEA9B8AA0D2B8FA945A585ABE725C99D0A2752A2AA2812A3AA2C84A6942CAA99E320C9A895AB80AA46ACC02A7A29C39D76295928CD2CFC2C632DA5A8DE2C97AD2628BAAAC72B4225F0AC2125DAAAFC2CC4A69AAC33A92A2D2F250526482CD7A6C72B5329CF15EC2CF59DCDAA9DADC2AB1BABF327B528DEA5BC1FF82C009A612AD327472D302DE4AB66A936AAAFA847ACC8AC782B1B29452C02A48D2986AD23254BA14D253EA58C28D6A59FA76EA027A3DCAA612D0D2C502B1FA9EC2BF0AB1C2CEFA04AA3F7A99F17228B2F9B852ABCAC54AB24A9DFAC1EAA8C2BB0254BAB18AD6B2B93AD042BC42B77AC092698A7D0A61E2326AD19ACE12797A559AC5E99D1154E28B52A79AC3DA86E2DA0AC422DF2AC8E2B1F2185A87AA5D227A09CF228532D3CACEDA4BCAB7BA9D52427A2361A5FA719A073290625242997AA452675AB062453A754A87BA0C2289F2DF7A87BADC3A86F286A2B982BCBA11722CB2CA3AAE426C6A9B2A1CD9B3C23682BC7A89AA237A88BA2512C982D3D2559A77629E1AA1DAB2C2BAAA5A5AD5BAB08AA8E2D152470A8A525FE285623CE2177A62E2D0C2D46AB4A287F2CBEACB1A828ACDA2B982D56A530AC842AA81AA81C88A920A81A2C1728FFA40217612469A55B2C4C2A85AC6D294A2A57AC84106A255DA113220226ECAC39AC6328302A1BACD02BB6A3AA2B68A71C27492CDB2961AD73A5C8ACC4245C14B12814A834A2FC2C1329C2A180A375A8EF2C16A0501F59AC902C36A87F2B1AAD90AAD224F8AC8C2D0B2B442DD6244DAD6B2033AB652B8BAC5DA431AC25AA5225F4AA6B2CF6AC5AA643AD3C2D3D96752A53A6F0A7412A66271A1FE9AC2E9988A9BC2C45296B2367AD732D152189ACFCA1852B6C20A2AA43A9932DA3A4402219ADF722CB2BFF28FF2C5226872C28AAD79FBA9A5DAC84A697AB992289AA8920EBAA452CCF2A2A2C0B2A58AC8EAB152925ACA72BD12831ACF7265C29162BEDAC9BA522A033A8262146ACFB28D829C6204CA9A224219C16AC6A2D58AD202C4AA6122D5F2DBE25CFA4B52B2D2C3AACDFABF82C47A474ADE6AA01A648AD25A85E2785AB15A46E254D2D3BA96B2B0BA4CD29F62C78AC3E2D9EAA08ADBAA8DFA53522E9A79CAD602534ACFEA4A6299B2212A73AACA12D0AAC741F672B15A5CEA8862DD5AC6CA550AC39AC2A2DF3AB3A2C5EAB2F2DC0ACE6A5852C04AD7F953B281629D4A021AA61935129D8A88522B2AB2C2C6C24DAA99B2D0A2A53AC4A2729ABFB2C19AC202DAC29B1A3822D52A9419DF9258D2A5B2C47AD0C25002C8EA79F256905889ED89F3EAD36AB0C2C6F2D3AA29E2CA8AA912C392AE726E59C72A0522904A341AB152B3BAB55A9842D12272029332C64A8812D9BABBC1D14AC7CAC3E21F2114D2B48ACEB27E4A2C7243FA4FD24800CECAC02ADA7A59FAD2CA5CD292F2C40218A244D2AFAA0F70D649E752A1E2D9CA1112DA6295E2CD22554A05C2C4E26AF11692D6CA70028DA9F55A6B5ABD82C92ADF925782A83AD8D2D12AC88290029EF1866263129D32B849D5A21D01F54287927FB281DA606287BA47A2DA3AD54A32AA39A283C2DD7AA6F2BE29D64A9D30031244E9F58A95B2AAA285C287F9A8725EDA769ABA9AB722C2AA8F2AAB9AA912D7CA5BFAA70A9132D0D9A532AE829FF280E2CB3AC5C2A342CD729B4A91EA987AD11ADEA1E8726AF29DE1C09AA1B9A3021352D1E283D2248A188291E2C2D2244AC592DBAA30CAD3AACF7ACDF27692CD5ABC5A86318FC2C2FA777295B2B79A884AB85A8AF2C272B572BF91D692913A4442BD7AC952D0527732496A8EAAB6C9715AC0721B828ED2CBCAC2AAA0F2A482DE52869AAC6A7FBAA972AEFACBFACDF2CC6AC48A9D0A5BB2A782DBDAA3EAC47258126A72A792A21AB952400ABE12B3321792B17A7CBA728AC4AAD392B872B232CD0AC9529A4AD8528ED2CD6AB49AC4AACA615101EB828E9A2302914A936AB8F9C362D4F29E6ACF69FA016E9A42218C41F17A85227592DA82973AC06A216A86E9F7A2A49289E20BB25AA25D7ACF6A4632264AC01A5472A81ABE62CC4284FACA82D19A7EA2BC2289DAA01ABCE27D32C5DA51B2A382D73A6802DE2A74614292CCDA9CF2A2399F525EDABC9A388A8132D81AB372CE227002C5AAA11A814AD882C93A4352B6FA8E52C7B247A25B32C96A6782620AAD026FD249422369B7E29DAA74DAAD4A5EA28EAACF9A83AAC782B94AAA02CF7ABA6A760A85C283F2D2628281E392893ACD524ACABD4AAAEAA432DF025FFAA629D73AD5726B928042D5C28D7AC8DA4322DADA80A2CD8260E2B132B31AAAC28772431ACA22DE427FBACA7A9A321DBACE0AB132059AC2FA0762D90AAEB28B9ACB395F32C2CAC17AD96A2AC9879294118422D3B2BBDA807ABBA2B9F25C619F0A11A29FCA8742B3B2CA22D92299725E7A965A457AA35A8E529392CE0A97AAD152C58A921A77428C4254F209C2DA1AC58A8029EB2A4872D211E7F25FFA4EE23EDAA00271DA640AB512D9620DD2798A6571F85ACDC21B1A1B4A33F270DACB62A3B297B21372A0FACFA2CB3A583AA86125B1A0B25D1A1F225062576A272AB47ADE12C0FAA37A5BA29BBAA66AA7F215919602D99AD709AEEABB82C77A9172B86AC792D04AC39A4BBA5DD99A4297BAC4B26312AB729ACA8B31B56ADBFAC0AACF028A92CE4A8F72BEAA5CE9C14AD2DA80FA516A3462DA02B2D286E22190D60A4832A6AAC06AC9AAC27A861A952AD4F2C492CC2A9D7ACD8A30F2D7D2456AB8DA2B02C5F2D0CA5C3A858A52E9FEA2C2BAC95AC8E9C36AD962D41A67A1EF2AC5DAB3F2B71A8ACACE0AB2EAB1C2AE72A02215E2A0E2C1327AF18B7263D2DA9294DA56E2D3EA1B12691A8262CD52CDB2C61AA58ACDCACBF26652D7AA925A673A55AAD162BC314062BCAA8B2AA58AB85AD65AD1E2C5DA8732A7E2B49A7D5A90CABE2290A2DA326A6A8E52B392DF79290257B9840A46F20EF2CA72A71206FA691A94523D0ACC3A26E2D0CAC15A74DAA5EA14F9FC3A8DDAB312D4C25EDAB80A4AD24CAA02F24B82273AB1123812C182CD3ABE9A870A6EB2666A509A926A888232BA29B0EC3A8E92A9820A02DE9AAB2AA8DA99B2DE0A57AA80C2D752807281E2C06AB9C28BA1D94A45B1E37ACC9A9D6A6E82676A80DACEE285FAAAC29EB2CA2A41024C7A8752AB8A6D92C3A2DED259026C1A67F2A14AD84236D2CE22C91A9BAA810A94E2DDEAB692CBBAC83AB0C2C812470AA5AA591AD03247D23D1AAE52905A7272C9CAC7EA8AF2790AD6CAC8CAC3D2A0E2B",
      torch_tensor_128_torch.float16: "0x0200000056AE0EAC642AC330D12B772599A8C62CF9A5B0B02A23CE30EB2F9AA33BAF6FAC679E94AC17AD782E27B10DA56D30E32B7DA4393091AE962494316B1C3FB13EB0F7B0ECAD472B41AD25208EB165A8692CC22CC230372D3CB0DC2E08B085A7D72D98307626922C4C2E933138302EAC172B1CB1F7A9492B8E2E102F3625D8A6193046303EAC6A26BDA7702D62AFF0AE68A8AE309F28742B4C2C5E3176AD37A1902C0524A43002B188A85AAF3529D62C83AEEE30DF242DB173B15B2BC7292EAF0C2C5A2F3B3044A65AAB132C51AE24B166A96E25D52A6C3072A60FAF051A4C2A4231A12F26B178281B2E9CAB4D2DA2A2AEACDDAC782EB230FA305D27639DED2E7930",
      torch_tensor_128_32_torch.float16: "0x020000006EAC53A6A02CD8ABA3A8742F342117A7872C99279CB11CB11BB08DAF93A20D2EB02DC02E842C0AA588AC930B1A316AAEB8B0ACAB6D300E30CCADD82AD4A0212FA8A5F7AE2231B5AE7F2CEF28B2A845AD8430692F5CAD6E312B2E3BA89EA56FB167AFA82467B199B1D12D5CADA130D2AEDFB079ACAFA4E7B0433194B0C5A7002AC11E5BB03FA45BB1DA298EB078AB4FAD5A31562540AD02286BB15BA4C9AB8CA518AFFB2C919AAC2EBD2EC62DCFB096AE7BB1B71D972C132FBAAE4B230230DF2E102E82A523B11025A428B42CF5ACD4AEB8A92A2E3630E2B05FA5A32C782D1D31BB2EAFAC6530CE2527306CB09EA829B1E32DD829FE2F5EA54330B02F7131E5AD2529AD2A0B3065282DB1CF30072729ADE39EE0AEC32C73310130569978B156AFA2AFE8AFD8303AAEF22C93AA7AA096B1D72B1E2F6EB0B4A820A7602F662A09AD22300828C3AC7CAEC52D7E2FDC30212D442A19B14C24BBA8E79AE72A52A9E6916430B529D42E632FE4A6162062B059A1BEAE182D3BAC932F34B05628AF28962457B0B0AFF9309B298DAD6C2CB12FEE2A2AABBA2A0BB1112E56AE32B0B2A2EBAEE3AC6DAD6228D1A889309FAE79301423D5A3CD30FA2D13B0B82D8A2F000BE72EC62B2D30C4AF3FB15F94C21DFBB089B0113065B0312EF42F7FAA52AD02AB6130A22EF2B0ADB0F42C5EB0D0A9ACA8C43038B0E9A66E30F92F82B15BB0952D71AC06308E2A143006AD642622B0DBB0A6AB40312B300C304A3055B1E12F7330BEA9B8B034AA7930B0AD09AD94AEA3AD30AAD324722E441CDEB04330261A35AC5BB04027872BB3B066B0212E812B3AA838A558AC6129D226F3299F2A562A842A94AC8C31AE2C74A8601C5EB11AAC64ABF92CA8312CABD83056295AAE24AE3BA3221FA8AAA12D7631A32A1C3031251EAC49305031D0AE7AADA630EE2C3531752F60319FA14C21F3AF8027FE2EE1A71F26EFAE983025B189A51031FBA9D0AD8BA7AEAD3AAE5A309D2B412DECB0682BC4ACAEAEABAD783009B064ADF2B0AF2FB6306D2BAA30C12362A44531D230B13079308930322E2BACB9AD85213DAC97AFF92C7331FDB055B0B82E52B125B1FC2B8AB1752C28B0082755B18A3133A40F319BA0E02AFD2C76AE12AC2D95CC3025A398312331C12D48B106ABD2B059B15D9F7631F92F942852AF2CB02AAD9D2C729DC6AF7C2DD6B0712679AA8B313FB1C6303AA834B051AAEEA65CA0002BCE3033289A2F5EB097AD67B06D2A4831DAB0B1A873A492AE55B0062F11AB79AE2FA6BCB04931F32881A9B42BA22F09A5EB2C42B1AB30073008AC9A2C1F2B1DA9A631AB2A1DB0142871AA60B1303098287FB08B2D48AD6C30A3A464A54CB0B0AD1230A42D02AD9824D1A88AB0DC2BDBAC652FD6A3CD2A3DA8DE237030EDB07E317D2A27B025B1A321A1AD883195ADE030EB2EA8AFE6AA862F64AE1DAF64AE69A7F32D67A4B4283A2B9CA2422E2F3028AE592D50A8A99F9DB0D230D52E572DD4ADAF260D30422892B1392FAF30E428042FBE2F58B0EBA8812F28A984B197B1902EAC23B82DD7B09F068BB05A2D2AAF50AE5AAF29AFCDA4A429DC2F913163AA0C29D1AC68B1C7A95F30022CF594B0B0AAADFC29533194A094AE1C2DA9243D2D6AA58C2EF22D96AF00293428D530ACB022305D228926B12AB7B06AAF62B13330B530C6AD932C872F7BB14722032960B037AC3A2D992E819EDC2FF12D43AC35AEB92FA5155F2E4C28F8A8BE2C5FAFB326572CC9AE9A30CDA11AB0A22A8FAEF0AEDA10382D7031A720BC30043116AA63A17AB107AB372F47A397A5F8AAD62D8B3004AF762DFAAD162FEC9015AD162FD8B0B32D5FA0D8AE1EB062AE4B0CD72CF69DE4A9C6AA0429A82F291D2DAECCA650B0812C38AD232CCBA1973030AD99AFD021752B73B095AE3130CA30F72E2630FD2DB3303B2AC0AF21AEF62CAE9D1E3193314E3013AFD6AAC430D426DC30B72E64B1D22AAE2825A285300BB04B317830FF29D0303A28EDAC98AF4A31F9A7D528C4A8B12E6C21E7A594AD1F317D31002E47A0AB2FE030C0AA4AB024B1BEAC87AFC3ABD5A833B01A2FF330F4303F2D692CB2B08620C4300D29532D61315225BEAB55312FB1CB9B93283725AEB0F9AC08312FA2CC2A4B2C7D2C052FBE2B03A856A7AFAE842E94312A31A8AE932C90AE7EB1C3305A2DC4B0D22832313F9EF4271F2D912D1A253C2714ADD62CC2B0DF2CFBB09CA8F12DF2ADA1AA88AB33ADF0A655AE0CB04BA8DBAB3C2954262522DD22C024952D5625402C2B2A3128FA28513000A94C24ADA95C2E5D2CD726ECADCBAF42289F3033AE1A2D28A56E2D5028EE2B532EAA2CD3245A315BAF64230DB14BB074B1A69D682A96A19DAC8BAE851AB2AD6B9FAA30062F7B2A1FAC54B141AD77A631AE6AAC19AD243187A18A30EEAF782D1DB174AB9EAC45B137B09AAFE0A779AB38B15527E72CCA274C30DAA38130DAA1A1A23AA18BAC5BAC752931AED12B87B085A58CA611AD0A3095B0672D14B1B62E59314AA9A9A24D9D802E78218DA900315830FEA1C7AD7F2E05AD69AE06AFE721D2AC972FE72FD4AC7BAC1A30CFAD2A2F94A11430BD2D08B00CB0F82C82AD63235E2893B0EDA0D02F1B1F16AFEF30D0306C29DCAEDF2C662AB3AE1AB0B1AC5731E3244299372D5BAE28ABD427EF3053A20E29B5B04BB1BD282E9770302C2916314FA82FAAC1A33AADE621ABB021252EA2052B7C310C2C882764AFCCAB70ACC8B00D2E6031842F753037AEA9AC17AB19AD76B0A7B04EA0B5AE42B085314BB11AAB4E2FCAAD402D0CB0E196212C09AB08B0702890A7F030F2A65F30CDAC69AC2810582E38314C2D16AD3422842F83301030A22B93A5BE2F962BE4B08A31A0A26931B52EB5A1D5B06BB16DADB72CFB226F249CB03B2E9BA9F02D9BB0371ABB2DB52AA0B1C33036B036B1D8AF5CB1212C43308C30F42B12AAC728032B9CB17894A7299430CF2E63AA1CA0352F2331CCAD9C31BFA70DAD0D946F3076AE531E83AE889CE72F9AAD16AD472A542DEFA236A9BBA1E12A0931192D5827832BC82A45A09BAF5AADEE2BF22BC1AD3EAE602E18A8E42E052A652821A5ECACB92918AFFEAC14B0B58320AE2CAC51ABFC2C452EA62F05A56031AFADFB25002A2CB10E2FF52F3B30D32F652EDEAE133041AC402A25B130A532AD7CAD37B0F5A304AF13AF3EB1762F1B30E9A64B2E2329E7AEABA6E82C2014A7A0CDA6FA2F12B03F233AAF9E2E92A3ACAE7DAF2AA48822D72E8FA8E6AD7AB1939FB93041B18DA86B30F93073AFEEB09D316DAD332A9DB12F2D22954AA8A1ADEC2C86AC06AD27AF9F30F71C2EA77528A82FBEB0682F2F2D1A2EC8A5C0AEF2A17931B6AEB4B0A4A99C2C7FB07EA3582808AAC4B00DAC5AAA452CA5B1C92879A5B82FE6AD602EF09B172B5BB11FA615AF412E05B13730D7B04A2F04ACDBB0D121D3B03B2B4E3151A496AE3E30CE247F21BE2D65B16FAD5B2BC1206FAC23B00F30B9AA6AA2652EF99883B029B10D24E828A02FCB2D9731272D7B2DED30ABACAD2D5DAA3526132E41B1BC2E0E286FAA5DAC1AAC1E294FA575295EAB6A187B30A6B11BA5392EE32CE52AB52F70B167B060B1DE30772EAA2F4E31A5AA4E31AD231929D9A974AB77AE352AB32ED1AE5FADB3A74BB135A72E2949A37B22D82ED2AF64ABBAA8D22CAC2AE5B0A2A364B06DB05225A6AE8230FCAD87A8202D8B2A7427849D8CA841AD80314B308FADCA2E652B9DAF5BAD66929FAE15AF3B9BECB06DAF3327AFA46C2D0C303A2F10AD4A2584AB7C2930B19B306D2FD2A8DCACB5303C2E7D31AFAEF2AF16B1D3A664139C30DDAD12B19B1FFA273B2A78AC70B046B19F31E3A93FA8282E02AE2EB183B1DAA0242B572D17AD9F221020E52ECFAE2B301DA9DD2CADB009AC41AE79AD61B031298731433012AF85A409AAF1ACF4AC052AE5ACECAF0D2660310F9E77313CAFC0303E9C09301D26BE29C1B021A8579848A7612F3BAC8CAC1BB07A2BAA300228F2AE4B2C0C262D2F2F894731E53034AF4F30A5AB87B1483116AE3327333170AD1130642951155D2C2DADD4ACC9B0AB30C5AC6F30EA25CBA1F830A92D382E55A6BB2C6FB1579C0591B5B025A88B2BA32F01244CAC5CAD50AF38AC7CAD4EB06F2849AF1D9C123087AF192F94B0CAB072318CADD43013313F2AA4ADD929B628B628A3258F313D269E2D37AC6EABB130A1A3B52CFBAC5F2864B05326F926A5A3902C122E05302AB111A38A2E852F6FB03983A9A086A7D92CBC2C24B13E2718AED62D249CDD2752A68230B1B0EB2C813178ACD22996AD77AD2DAE982D4C2FFBA581A515B01C2E262D18A01CAFAD2D63AF5E2F80B0F12BA7AF51257831F42F3AB065A982278DAB2BA846303CB06FB0A5B0969ABEA7E12932AED8AD25AD5A2C7731E3B0392E782FFAAF9AAE653067AC152E24230BB1182EEF24E3AEEE2749AC6BAE08ABA0B042B1969B61AFB32BA72F30A5C8B02CB1F22DEF21EBB0F3AC122B5A23712D53310FACE8AA9AB12E31C7A38DAA1AA4E7ACB1243330E62B9B2931AD452EA131D4B068AE7F315F30E9292D317D9B5929652D48313FB0102D9B2CBBACD4AC512CBDAE1A2E6A2F8E2D36AE5331502C8DB175B1032C382DE8306130062FCFAA24A216AF091EC828292DAA281B28DE086FB0EEAC40A90C2A021F5DAE43AD97A9D3308C2FDDB022AE362CCCAB0EAB9CB0A0A4CE2B053124AA7AAC2F282D237D2540B16B304598C5A352AB37B17BAB31B1A82CEFAD22B1BBAD6D2C4CAE5FB073AC5131412E6A29D3A99EACA42811305DB0673072B11DB165B1532B6F1FA42926B0D5AEC52C0930BFB0072102A282A9D32B50B08F2D68ACA32F9CA9EE2F8FAF23B19031AFAB221624300D31C02847B103AF0B2F2D2B252E3FAC3FB141A7862CE62F83AF8DADB830A4307D310930102AD88E35B011AC8BB1632FFA2E1A2D05A8CAB0EF302229C928C3A916B0FF2420A71B31342C9D2B2730F4AD9B2F341433B1192F9EAFF02E6430A9A273ABA1273A30BE2D5130419D46B0072DA922672944312FA92531AEAE52AF662F4D304CAC272834253A2BD7A683B18E2B7EB1CDAF75B0742CEC2C97AE1131F1AF2130F32CF6A87A302A309F3098B03BAC01B085301229B9ADF2A5D12F4831F91521B12AADF12FE3268F2FA930C0AB912E3BA504ADD0AF6B28EF286C2F8D3170B048A7D9AACA2D842D2131CB2FAF2F4BB07EAF88B094AD92ADE82F7DADDA30C6300E2FA32E04306B2784AF3A301F30B32FE6AFB4A5562FBE9D66A20CAEAA2DFD2CF0A82D30A8AEE22D999F92AC0127F0B09E30C9A8D2AD7124832E35307B2F2AA823293131142EA331D6276FB1B62ABFA90C286A2C622E5DAD33B02E31B9296D2D292A0FA835B114315C31879BEBA9F92C4BB13D2AD430E5A902A19E2D18A46D9B352B02A387927AA15B2E3A310B24A72606B04D2E652E1FB0A32E342AF2AE75A709B12026AF2DCFAFCCA2733056303A2F55AE1C9C75AD0F310020F9AE46A60621A12BE4A6AA2754B1D9AA412EA52C88318530DF2D7EAD1B31C22F0EAC3DAD9FAD2FAF892CE2AD00311629161A1E2B5F2E83A760B086B143314B313EACFB307B2CEBB0F9A61CB1E92C072C632D499F8E26CBAEB0B0FBAB212C2FA8ABA82DAEA6ADECADABA84931CAA9FDA5F2ADE2AE8AB135AF85AA3CA9CAAF02A3C5305EB0102F5AB01A280B178EB0CBAD60AD4FB09A2280B04531272150B086ACF1306F9F322DC62FC7ADDB30FAADB7B0DC2E4DB0AFAF4FB0E32B96A0DF30F8AC5E20DA2D64A758A232AFB42E3E2CBFA7C8AC892FF6B0C02CE62F97AB7F2C112A3D26DDAC96A6BBA65C2C9BB17EA0242BD02A27AE0BACB82E4829A0310FAC462E32A62D270B9C5EB1962C3A2AEEB0399E3C288D30973103A8FFA711A92AB0882D8A31DD30EEB03AB15BAF10A8DBA951B1EFB07AB084AAE2196F3156B1ED2E9EAC9931BBB001B1AFA6AE2CA1B04AA971B0782E61AD79ADE2B0D92A3331C8296D2C6C301BA23793D63098AB2FB1D025D12C782B3430BA30CA0CA72EC6B0DC24A52EF02E4EB1F430171E9D2458217E19CCAEEE30162BF2AF56B0572E74301128F43076A371AC352D8C95842520234430492DF32D1725A6AAE1AFC5A504B161AE89A938309EB1A42EEBAE40B1A4AFA3AF7B31203060311CAE6DB169A97730D62D7FB075AA301D7A31C9AFAC2FA72E18AE37B0C4AE7B2F81B1AD2F31314FB1CAA6A72FB8A9D52CA7961FAD1830F426B4A6AD2B01AE53A8BDAE81AE86AE1AA224B027A539ABB7A84FADF7AE3931542CC43019A12B30B019441C3FB1D62B392E74A904B1E8AFD72F8EAABE2D3628DA30369E2429DEAF98AF383059AFA71C62B149ACE6A5D62EFF2ECB2B78A9DF2CD029402B8D26E8A14D31E52F44A291B17A29EE27562D51B15828C830FC2596AD5FADCB2AFC2C5EB00A31ECADDD28452F25B0EB2FA71321AB32AF8D308A2EDFA87C29242A8BB00331EAB0342CE62C8599CDADC2B07A2F26A1EAACEDABE824673014B1952504B1B6B0E3AE2B306AA872255F2C0F264D2CD7AD1A2A673081B12D2E4AA9782E50A9832956B029AA42AD5AB0FE29453136B0963121256FB16BAA652FCBB026A74F31F6AAAD2E77A823A671AE3A30FEB074AF0FB1FE25D2AE2531BD2C2F2FFD24933003AE8FABC630972C01AF0B9DBD2C84279E31B0AC87B15A2E642294B027A116B1B82E2231CE299031ABAE08A8AE271FA095306D30AAA92CB1BA28202F5A2514AC342A4BB1B43018268231D330742E1AACCBADE62150314CA62B30A2A4782C33AEA11DE0309DB08DAD09A846B1E0B0021B93A5682FD6A4EE2F6F2E6A30B0A88C25F1B0822EC22CA528D8A82431ADB0F02DF230F02BA330EDAE13312930C1ACD63022ADC8B04D31112B502E82298726892B352C89AF662F0D22EB2CEDB002AF12ADA1B06A30162724B0FCAE32A9C530ABAC1B31332E11B016B1752ABB2F81A8F6B0362C85AB5CADB2233B3016B1172956A0C4AFBE30D6A6693107B08321FFA9BF2874B1BB2A07AE562EDDAC0E9661B045AF622D0C31B730A7B077ABC52F752C522E213136AA9AAB472322B1E1A85B3177A326AC6BAC84A8F391FBB04E3076B18EADA4B095AEC12A05AF72ACF1AF16A00F31C82CE62E7DB0B9AB242D50A46530F9AF6DB161B0AAADF12FE4AB8DAD0F9F452EA0B135A92AAC45AFDCAA40A407B16E303A2B7D1E3092592739316128411E7F9CAFAF92B152A81EB1AB2C54AEBE25C52C46AED6A896B073A899307A2CBA2F35AE0AB12AADB0ACBB2ED6AD492F57B0652A0D26A62F732F5CB007318D297B31B12CD6B0B529A49F6E2D79AC2D9B84B08EA703AEB62A84B0A5177C25DE1C8031E2B0F42FA2B1B7AC11ADDAAD462BA9ACC1AA8430C32A8F2A3FAA702AE1AC8A29E1B0FAB0FB2D382E222F53ADF4A6F0AE72AE8B9560A8AA2E8A3089301BABB91A14AC32286BB169A840A41629D72D24A464AD1331FBA836A87DAE5A2D602E312E8726D9AF3A31AB2F072FE02C4E27F22DC1A98DB1739B35B08230F4B077AC292A012DA731A230B8277C30352015ADC7186026DD1AA39FB4AE582C452CB42D35ACC329592F40AD93AA662E73AE0D2861A9CCAB5CB1B52B791ED7B069A78023442893B03BA4383019B1FAAF1A2F9AAC7FAD1BAFE7294B242B1A2F2BC82ADFAEBF1F9AB182B0B52D8B2441AF42AE0330C7B0F8AE503083B083AE7D2E57B07F296F30AF25ECAD68AF32B10D2ECC9C5D9BF2AE60B04FA8C42A182F2C30F1A388B1E32F81AC4F245BA861AEB3ABA8A779B0DEAEE2A5DD2B9D314D2F8E2FE59FE828A5ABA0AF5830412DE230A82DCBAE20B1983118B07AAA1AAE462C9A2F71A6BE2671A05AAD7D315E2DF2A9A7AF74ADDDA91331CFAC5D25CB2EF814372D8DAD801A3D24AA2EA5306CAF2AA9E3AE1D31C7304B30D92B9AAA542BA4B00E9898AE65B0A6B1592C0530DDAA58B159AC952C1E31FC2D51AC3D31682E08219C2F1AAF93254D243798BD2F312E2229902AB0AF4130DA1155ADDA2978AC8E2432235426372F412F7D3031B07CA69EA9A6AB8CB18A2F029CB2305631D92BEEAA1231A12EA02E27A8C92893B0B330D230B9A5A9A036A05C2B921ECEB0F5A408ACEA2E9AAF6AB07B30A3B04A2DD7A756B13EB1281EACA3602CEB27ABADD63009A2742863AC44A949AECCAE21B0512D8C2EA02C97B1332252B185AC631D462E74AC982E122C761A9B3197A9EF28CAAC741D292B9FB1F92F4F2D7FAC2FAF35ADA02C92B141ADD4AF0231352E9AB1C2B089AD70302B30202E472A64B0B1A7EF30C4AE66AA892FCCA972AE59AF99AE39B11CA5C69C2B2FB1AD62AAF1AF9431B7176CB1302D362EAC2FA431B7A8F0284A30282859A5922684AB3F305C2CFE2EC22B862B4F2548AD4E9D702CE3AE9C316530E8AE0AB0862930B0B42C492FE42C4D22D9AD10B19A2A24306C9C67A08BACE82254AC92B0D3220FACF9ADCDB0E2AA842482B06827F7AAB42CCD2C8AA866B126A9ACB0E22358B185B0912EAFADC129B93072B020B15DB04D2D2431E12832B036AEB8AC70B17E2C3A30B13028B1382C52A85DB10A2F1D2E4CA1562145AFCC2E14ABC490B330B7AE6331B22DF4AE94AFCFB0F12E4B1E96A64E3077A8562C0D288CA323AE8DAF29B16B30233193317A2D22A9CDAE99B15EACC9AF3CAAF9AF0EB0739CEAAFF824ED9DB2303D2EDE2C90AFAE2866AEB92E363173B0E030FAAEB4AC69AE512BF5B0F3AE37278AAD88300EA4622CCD2C46AFB7305F2F162C2CB17B3180AFB4303A31A599F12C38B0AE2FCB22C1286EA6E82F81B09B27B22CD12E20AE1D24BB2AA7AD78AD762569ADA63188298FAB5E29DCACE2A21F2A802C7E27A982C0AC06B141305EA976B12B308E3063A99119B2AF332FB0B03B30B22BD030E4AD49A22895322CEE291F29A131AA29A9AE68AD722E47312CB19BB085B06230ECAE5D2E80ACC32E2A9F28AB00307D319AAC1A309DB04CB0491AC53030203A30C42E132FE62B77B153B0A9B04A291F27512653B1F829B8AE72B13B293EA040B0DE1BDF2C6CB1349E8E30E030A9AC3AACF3AD51B07EAD652FFC2F5FABB825CAAE13A73D2F0C2FD4A784B0569E90AD5D292B31621C55A85FA6E69D3E29549928B12D3196AE8831ECA14EA18F2DF9ACC8162FACE6AF1C2F2230202D8931BA2DC7303AA93F30B729BF89353066B0709E22AD95316FA5F62B0030E62D75AC641C0E2FC7AC802342B0F628D42F39222B27C430351E57AC523018B0562D562F51978EB1162D2A2FE4A49B2F712C03293C316DAD382742B0ED303C2B073180B0EC30142FED3003ADA3B0F4A77A308D3133A425251DA43AA3B2274C2D3CA95EB04B9D3F2E8EB04D310A2C562D7A2DCA2FF630FDACF029CD2E9AB18D2E6EB161AFA3AEB6AF11B0AD2EE2B07FAD4BB17AAC63919C2BD5AD0128802D953062A8AEAFF02E13AC6AB151AC06A7FD284D302D2FD8AC95302A2CD52921B0AEA70A2CA7AACB2C482DE4AF9530AD2406A2D8A2F9A220A593ABA8260AAA9530BFAB31B19C31AE2E07B07830EDB0A1ADDDAD8327242A9EACA3AB12AE5630822DFB23EC20A22134A920AD18316BACF8AE84A4F82AD6B02F2A50A042ADAE25832474B1522D502C81AE262BF7AD35300DAD0D2C4E2B35A136AE5F2DDD2941AD46A6AE2CC6B0A026D0288BB187266FB013B1F730D12D0D300A3118AED5AC62818B2CA82425A4A73185AD2B2DAD2C79AD702ECC2F79A8A7AFF42E4730402C9725852DF42AFBAA2BB0F1AC002C94AC512CE0AD42B0033027AFEC2ACB304B21122FFCA9E1B069ADF7AA94AECDAEF82C3F31372F9B2B7FB083A7292CFA3089ADB42E802EF0A830B1372DC92D7DB068305DA13FB0DB23592E921E61B015AEAA2ED62C3E2F2A2C542FF3A8442D522ADF270B316CAC4E306DAC8A3074A742306AAB6A23F430E5A370A3C3AC0E30F42DFEA809AA0C31DD2E9630F6AD46AC6AAF2DB0FEA4449FB3AD0DAB912371A85EB0A7308DABC6276A2D30B1DDA559B0EF302DADBB2FBD21D0AC8E2C84B01EAC85A57531EFB0322C9831E7A804AE6EAF98A896302CAF643176B0A930472165AA9CB09FAD23AFFAB095AB283005B17530F829502E25A562AD162D2330652A7A2DA8312928A2AD052E26AEC9304E27362DF426CF300F2EC12F61AD0128C52FF02F5AAB483026B1583086ACCCAFBE30E2986CACF62D0B3068250DB011AD39AE082C50B113AE74B123972131442BAC243A2D3CAF0DA96B30BDB087B173AB12B1C7A8832F2798E6292526C7AFAFAD4C25F23024B0712FECAEE6B044280A300827E72EC6224EA66D298929FBA93D298E211AB1273048B13F2B6BB061A8302D1E2C4D302FACF32A0E2D3CB18FAEDF2DF62776A7EBA97A2CF22F3230622E592A6CB0832EF0AC782EEBAF692B289D1830F124942D46B1D32A90B12DB19EB115B0B8ACD729FA25ABAA302C3CB11F310DAEBBAC381E55AC322C80A4812DC1A659AC1E26532C1A2E1E0E002FFEADE7A9A1B148B0D9B0BBAF7F2B9AAE82B146B1ACB05B2A1CAC051EA62C9930FBAE1230272DBF923EAC9B2A6F1C122CB8B090AC7FA580B106B06C2A2EB1742E35312D9C23A8ECA45FAB6D3156AE49B0B7AC2DA59CAEB6A901ABA630FCAC18244F9F9BA424B0302C4E2FD59B51A9012CAB1E96A5592AC02D4A2DFAADAC29C2AC7C2806AC599B1E2A0D9FBDB017B0FBAAE0AE58B15CB0C9AC26AF772DB32C79B1EAA132A41D18982D98AC9A313E2E84B1D727572D56A19D2A83A3C42DF2AF87255A31B32E60B1D22DCC25BDAA352F242F132E79AF1AB0AC26C830DEADB42F1019C6A865AEC52E232CF4B0EE2FA4AC0CB10E23713010313DAEDB293A2CDE2DE9AF01B1DCAEAAA50BAE862F53B1502F14AA433061B16DA4A0AF87B1AE2CF1301EACE5AB1AAD06B11230111A6BA3002DAA9CBDAA92B047AC192EA62C6E2D79AF73B104A800B14328412D2A2D63B01629FA2EAEA95331632EC6AF3029C63078ABCB2B05256C2CD5A54DB0E225D32D3FABFF2B6C1BDCAD50AFD7AD6D2F8F23D82CE928D6AD0119239C7D2B26B137AD172F04B10D28432EBA2C932CC22B62AD88267E2D06B0B230ACAD6B0E05A62D9BA4312E1288301DB015A778B165AE81306DAEA52EACADA53089A43CA9463160A710301328403096AB14A37EAC67AEE9B0D3A58D31A926222C20A940A5013000B1EC9D6CB048AE2230CB2D98AE9D2CE22E9EAE242DA6B036A82F27F0A20AADC5AF99A922AEA8AF502A072B83B0A1AC7AAEE0ACEC23C2AE8131C42A632C602A77AFD49BE6B01DAEDC2C64B0F530C32CB021271DCFABA327AE2C8EAC8BAD8CA9B7AC61B04BB09FAB842F872FD4AC5A31B1AD0F204A31DF289CAD0C29C2B05C2B60B03F30F1AACB9F41A832B1E130732E11301F3173312A31CD2CD12A45B1862AA71EEBA5AD2597AA4E31DFA44AB122292A31E3AE59A59DA445B19C2B7BAFE5A97DAB962E2BB1CD28022FFF2C94ADB028D62BD630372C3221DCAEAF2CE326B4301B313A2FF125F0AE593182B096A3C9AC3E2FB03099AFBA2B7B30BDAF3AADA5B0AEAB16ADE52F20254EAD2AB0362812280CAEB029C7AF75B1CAAE27B12F2F6931B730ECADB499",
      torch_tensor_32_torch.float16_4: "0x0200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_32_torch.float16_3: "0x02000000003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C",
      torch_tensor_32_torch.float16_2: "0x0200000044AF78AD84B1B0AD1DAF25AAE5A8AC2DB3ACFBABCB287E2900B0FDB0EE30A3A6192CC3B054AC80B02A2B402DE72DCA2A4EADC22D5A30C4AC58B022ABFF30982F",
      torch_tensor_32_32_torch.float16: "0x02000000DE1AA2318B2C6AB178B016B1B3AF8CA93EAC59B1BD2C4D2804A65E2C1FAA7423CFAC072E78303A289330852B5FAA313082289C28CB24983036AF30ACEFAE72AFD32D06ADEB26BF30E12DC0239B30F6AB9430353180B15F2CBE2C042BD9303631C3A9852748ABB9B0B6A0B92AF4AB202DFCB066AF8CAF8497422F202E7F302F318FB0042B66AE33B04531B3B0F8B077B0212F46B08E2C5DB0DB29D12C30B044A5C6AF053118A927B075A8382C36B036304927AAB08C2F2D2B012EEBA4DDADF3AD1E2C1330632BABAD9831A62619AF412E262E6AA88DABE4AEF12E8F31FDA94B2DB62ED12BF6B0662F73A853B1C4AC62A87C2F80B1DE297DB0F82FCFAF2AB0B9ABD5ABF6A9B7B009AEB0A8A52DDD283B30E1ACA5A8362EDBAB4FB136B163AF542812B1A2A8A3B138AB1CAC3FB1E330E62959AD7031B8308F231AA55A303924B824BAA40A2B1C2EF3307AAF371D3729552CE32EF42E79B1C22B49171F1DE9B04030BA2BDBB0B9306E3015B1BBAA80B13BA0C2A379B1FCAEADA29E31CD2E5A31EE21A3B0C12D00A901279031A2AE751B2CB190ABFEA7D8278A307831AA304E24633028AC43ACEBABBEAE21AAA5A7FDAD4E29562BC4AE5DB187A4AB9889284E2E46AEC8A994AECFA9B0B07F3199B1692CEA22181BDBACEB2E0B2739A8533157B173A75DB1902F84AEDB241FB12E2EECA8AD29A631CC2A2430BD2D05A115A4A9B086B0582D95293A24AE30A8B11330892D77B0DA28CC2AA5B0212DA1AB05AD28A2422CFC2D75B1DD1E44B1672953A8AFA5B2B03F2EF9AEDCA5FEB009307A283C2439308A25EB2F3CB000A512AE962B5FB169AAE421A13164ACDDAEDBAE22AD4DA63930BF9EBDADC8920FB117987CAFE130C23091AE992922AA98ABFE30FD304F3069B1E428F42D492DB8AFF72CA0ABD823AAA92A2595AD012DECAAECAA7A2C5A2C6F2D562B53AD6AA8B12D9BB1332E8E2F0D2A4F2F4D31B2A833AE43AF6B2CE9AEAB2372A606B0DE2900AEC0278C2DA1AA26AAF5A6F2A11B297C2F53B1FE30A63132AE162E9429CCAF1C208AA9A030CAAC6EA89B3039AE30B1B83085253D2C2028C1AC112ABB2C1C1D992D37B0EA29C630CFA24631EDA60BADE41F3C2F341ECBAFD92E332BE9AF97264A24B928B6A4603072B0E5A11D28FBAC92A274B12104A71FDAA786B1F92C9FAC5C315C31E33095306C3081161D2DA9AA139A07B09CA5422239A739B13D28C8A4A2AC9EACAEACCB2E5F293FA528AC411673AFA5310BB00A2DEAB00BB08DB1ECADDFB060AEDCA84A2BEFACB42E06B0C2B081B0ABB0292C19303C2CFF23BB30BFA5612E62AD942736A5B430B0ACF52E17A3BDAFD3AC28B1842F622C43B060AE732E1630282F1C2FD2AA30314FB18CABF72C242D8BA9A9AD152C102E052D3921952988B05DB1AEB0DA2FBDA53F2A502E0FAF8220B830392C8F305D2D16B0EAB0FEA6B5B0672C1330602F723197AC6A30E0B039ADDA20912F8AAF5DB117B16728322E2D3123308431993067B1A7B1BC2903B05A2ACA303927D9A834ACFBAD903012AB6D30632AEF9C1D3018AA412B7E284AB172AF113120A568AD1FB03C9148B0B0AB4B308531A930C0A90DB1C12DE6AA05B0A42904A84D31FD28A92C592A712B6FB125A3372B2AAFC130C9242D25B52B45ACD42E382D1B2D7BAE14A6542B9D9D73AC54A7142CBDADA731412C2F30FD26E42B40A838ACE3A7B6AF3EB1A7A4462F7F2C8831D2A5E5266427472EFC3044B0C5ABA6A451A8192F90B1BBAF61AFD52C42B03B25C8A5E528239A951F1D304D28492DFEAF1DA9B7ADF2AFAFAEC2A9482B3CAA5FB0BCAFE728D02028B19028D12A14315FA9DE2F0DADE130A1B074A9D0B04EADB92B202D432FC3302DAB13AF602871B04EAD45A95DB1AEA91226ECAA9CAD551FC7AD3BADF2AE4DAC4A22CEAD35AF23B056B1842746A86E2920ACB0290D30EF258430CC30CB1D113006A124B162A88E2CB32E652D132A70AD7A20C621B329162FC9A7CF2C79B10DB01DAB143043A986AE8E3020A8992B552C49316E2895A4AC2E3EA5263082314BA855AED4A90C310EB10E2A202BD32D7DB01D2F7D299DADEAB0B824C230F7300F2C0F318F2F53294CA90F2E9A3128B0F9A957A59CAF16305D2D151B9FAD8F31F4AD21B14EB183AF36B0D8301C2D35B1D0309DB1EE274AAD3F2FFDAD4CA56D2C00AC8AAA7C2A3928CFAF8AB02EACB02EA22EA33111AA39AD2CAFA1AA279E8FB0922D74AE442E7D2C8B2C6CA5DBAFB5301FAED130EFA5F12F14A77FB15831FEA5A72C09B00330C62C642C40B1E4AD1198D0AE8DAC26A0EB1D242FB0AD12B15C31C92D89296FA80FAE4DA20531BCB0D72E00B0422A6E2FBB1E8A98582B62AAC32795309D280EB09EB1BF2D6DB1B5305BB069B1C730E5AB49B08B30BEAEEF2A61AB0694422F1330A0AEDC28D32D552A32B104318F2AD7AFD02E74A1C8B0D827A9B0E1AE74AE98A9B0199AA3E128BD2C232FA1AC9F31BFAA34B11BAF3CA026166431BC2D092F1E27472959A80DB1302DE2B0CE25881A403126B117AC1331F2B0B32812B102ACD0A6ED1B98AE9130A22CE5AD2CAF24A8FF2D16B0BEAB7BB03BB1FA2F00AB7A2F4C2D252C86B070A5DE30F12587ACF130B827AEAF4B213AAD0229622BFD301626331C3A2DE5AE6831E72DB9AD51AC6327AC266AA832AD482F6D2E8A30C5B0ABA90FAC9CB048317A2F25B06DAC292F5D310C2EE4A868A41DA933B0A42FD325AFA96A2C272F7328C22126A4D32E92A6F7B0C7307722F099672C4230912A95AD3631882C06315227A6304F2996AC972EBA19332741319CAD8BADA131C9249E30A22C91ACB6A2D7A954304B2864A714AE1B2E06AB89250331CA2ACAA5AF30B73030A8D627C2B03831E6B0AD2FE6AE9431CEAA",
      torch_tensor_96_torch.float16: "0x02000000CE2B9AB14A3079315D23B5AF77B1732DB32BB33004AE662E97AC44B07D238FAA212DF8AD4B2F1AB0C529882FBEAA57B1432CF8B0F6AD1BADF6AD32313AB053305EAF8C3079AB7EA7F9AF38257FAC46B18E2D882B7AAF533174A45F2F04AC9BB16BAD60B021319F3047A892B1042F6C2B3F2F8228C82CBEA194312FA8472D7FB181A6CB249F301D2E7F31B8256DABCA200F9CC22A462816ADE62CE12404B0331D01B0899B322AA7B1EA2F21AD1CA82EA9653000AF97B134B1262DFEABBA267B2D",
      torch_tensor_96_32_torch.float16: "0x02000000C3AA4C2BC8B0632D4BB06E31C8AF2631A7A78D2EDAA29FADB2A7AE2C082E0C31A31D462C7C2FAAAC56AB2F2D99A96D2AE72CF0A663AA28316D2C7EB151B16DA7CCAE80302D305B2FA6304130AB307B1EE630882BC92DA1ADE92CBFB0901A4DAE3E249D24D5A4A0313EB190B1E32172AF82AFC6AE8F3033AFA7B00F3046AF12A5D2AEB22AE030D6AE1CB0BE2CDEAE582CFC2E4930D32532310CAA702E05AB1EAEC42A242E522D652F4893722C0930BBAF63A8022F20A8C630402DBFAC703069AC5A2F7030032F69304323CFB06C30592475ACF9A6A3AE122D71B13F2D5FB181ADB92FECA6E02F7E3018AB29194CB0E3AA5C2C8EAA9D30122E3C2F6D300422099F78A84431C72F50B0562A37AACA3086AE68B00429BFAFEE304331E7AFA4A7C4A540B148B044312A3005AC4E2CEFA80E2709A2F32B17AEE230DBA7933148AE0BA8123034B11D29332D26A054B084AF6D2D81B1B3AE892FCCA97FB1C1ACBE257BAC6DAD78AECA30B030BCAF702F673171AC642CA0B19930F9ADE7B0FEAE83B1083120B1CDB0DB2A752E45AD712DEFA4EDAF182DB72D34B1E8B03EA56DB04DB01227D222172CBAAE2CAD79B1252EEAB039283A30722C902EC2306E167FAC251787B01FAFDB2D9A2FED2CDDB0BDAFA330702121B06F284A2E4E2ECC2F10AD702E03B0C62D55B01E150E311D30262D23223F2EFA17A0304F2E95315FABF02D2E30802D61AE2A2C97ADF6B0E33055B1FA30F2A8D2AAC8AF10AC1629DAAD06315B2BB93095B00CAEE49A0AABD3AFCBAC01B10A315A2EBEB094AF0231A7302929BCACCE2CEB2A2EAC53297C309230BCB0282C83A1F62C76AD4DAC5530622FFF2ACF300AB00F3173B1832DF02D1A30BD2EC12F88302AB1003134ACE72AF4B05CB1043049B11E2B3830D12F5AAE8423F02F65B1B1A5BEB022B177ADCCACA631EA183CAC231A1D2D4631192458307623442F0FB17130D1ABC7AC99AFB02CF530C02DF52D73AD52B0BC1AFDAA662E4E2AE6A320B0632D6FACCB21BFA91E31142E09AE7E2873AC95A8FD2ED5A16721B230732A592D12AEEF30972D8CAE02B1CEA718B129271130B9AF29B1172F3CAFED2486AA012E8730263096B1E1AC5F31073037AEF0B06F2F16A9B82F7AAD1F31902D9CA96BAAA0317E2C9DAF222F09B0339943AC6AB1A1308C30992E70A849AC8DAB2F2FD230A230EDA8EA2B1CA7E82AF227BBB075304DAE30A4ABAEB1AB55302530D730EBB0AA3045AF8DA281301F26152C2429A9B005AD01AB189C62953CAF7B2F5F23802C512A69B1462653B1F02827313D28222DA92C03A89B1D732326304D2DE7303DAE86AE44AF6130D9AC8C2FAEA7B6B0D0A92C8F712C6FB1C6B0112E39A60BA830B0812E9D309BAA453138B19FAF6A2EB6AEB62CEDADBFB06E27082E7FAEA9A42A2993318E28862165AD0CA5F22CF9302BAC7C30ACAF032C5CB19831F52FEB2ED3AA342C65A72A2C7F2FBF30BE21282D20AF922C09947C9C2EB0EF2E61B100AE493134311D2EFAAE673181AA0FA8692F94A4E5A3FF285C312230D6AFB3213BA625290E264D2CC1AEA3A7DA250CB01D2908B133A739A9F32DD4AE40AC562FFB2D47314CA73B2257AE233041310130AA2C59AE7DAD28A84F2E7DA339A5C9293D2C4BA882AE14311BAE003121B15FB0B7AAE32ED72CAE24A725719B5BB0EFAA21293AAD6431B9A74DA92FAEC32D7631003122B1E6A3F0A8A9A919B1A7319530F6AF222FACAA29315A9DE82DA3A1BAAA3CB13FB0583140316F311B3019B13BAFF4283AB1FC9E602B11ABD02753225AAC6E25C528BCB037319E31A6B06CA9069D3896FDAB0422B42ACD2A602E4B28B42B10A6F1A9372D7530981763B04B2B72B0522B6531A7AF42A64D31922C683156AD16A5BFAF23AEDD2895300E3137ACCC3009B04CB1F9254531543021B0B8A80131EB2DB01B0DAD2A2FC7304E2FC12C1DAD7FB119314A29B5253E2C44AC1AB02D2E75A56AB141A8CDA621B07BB03BA9B3B0C02D77B123AD1EB006AC9DB157AA81AFF52EBAB04F315231F5291AA4B4AE07ADA8AFD9265D3192ABB2AC06294BB1B1ABDFAF12B0D5AA6530D02C4B2AB7309B2E45989B293FA6882D1329852C4BB122A6042E3C2CA4299AAC542FD8A824AE0AB05F1678B0142F0526CBA8E430539A5A256B2FA6272F132D3158B0982DBD2904A7662B6A2309AFA5AFAEAD1B316B30D7A4B62DDA2EC430FE29513010AAC328E5AEB9B0E8A88EB0842B6E2F8C286AB1CE2C0D3131271FB1A0A87E317AAE5DB02E305D3044184B31E1B0F82E56B1EBAA813090AD3AB0EC279F3129AC05B16B2EA13040AFBBAD742D16295AB06AA8242890242F301D2EBC24043058B1C327079D34AFFAA7ECAA70B1C722A3319EAF32A52BA952AE182D6BB18B31B5B0C0A400B060AF56305FA8072DE2ABF01BBBADC7308DB16EA0D63008B011A713287631B31A89B0EFAFA027D03070B135B095B0E1B048233D2EE4B005A7BF296D2ADB2C30A96EAAEFAE3CB13297FC2AF92498306B31542A62AD892DDA2C73A7B3B0FEB0A230F4AF2931B9B017ADE5A33131AE274CAF20301A297DAF9F31AD30E9A0A0A0742E7223A1A6882B7031B9A7772E92ACFEB09624601FE52B1CB14EB0A81F9A2A2EB149B064AF6EAD6230C92EEE3016313B2E5CAE53B11FB0FBB08C3021AE272F15A9C6AE6C2681AA009B1C2A82B169B13931B12A71A85E2E70A4B72A07B08EAEAF2B7924EFA699A6D62C8E30D72F2EAEA8ACECA8DAAB00A7B4A3AD2F69AF11315B304031B12FE12C6BB04D309EB110289431EC26942338AFD1B05F26312C57AEDB24E4228CAE7F28B3B0612EF3AE2830A530B12EEFAFE12F761972B17A303631052D8BB0E2A92BA41831D8B000B0D82D8C2BE2AABDB0CBA41B2F0A31A39CA5AE8C2A4230D2AE2729502E68A6A1B0EAAD84B1A39C1A30FEA2523088B069314EAAA9AF8430DBA882A43A2D54A562A0562D61310BADB21E69AA5421E82E133079A83EAE622DFAAF9AB1BBAC1CB0B6AFB52C2129CA2D0B29D3282C30462E03B03831E82B0C31B330C8ABE6A1A02A00B17EACF1B00229EF24EB2F3AB12C30E12D5DA8A0B1FDA0A3ABF9AD70AC01A97EAA0E9D0FB0042CF1AC0FB0BD9C82A4D3B0473177B0AB30072551B059B055AC68311B31A42D4531D22E8A2A1031B22E8127152C5422E0AC3A2D632DE02E03302031712A2CAB742B0A2E06B0C3AE58B028AE4C31E42D5CA216B0792A0D289F185FAF8D310F2656B07A2EE6A7CBAF14B02AA3FDAD98AF232D40A029AF252087B17C3028B18AAE93A861B1E3B05BB02AAFBD2A4D2EC7AF512D0EAD25308DA9022DF829ACABD724692D3A2FFE285E2DE62A8130C5AFE1AC258EFC2E8EB1072D6931502F00310DACD124E230E8AE91A805AD4730CC2812B12C30AA30CDA035311CB14C23B4258C29742DA72B4C3159AE4228C02C7AB058AC7AB02FAC08AE513087AD232AF9AC4C2F0999AFAF7EAB20AF6D2BF1304B2BD12971B076241A2D12208AB120AF6FB18427382BC52D042F93AFF02A7F31D2ACA6B169AADDAC39304E304831B92F8A21F3AD042844A803ADC5B0D23031B12FAA332AA4AEDBA9BBB025292931652BD6A50B309430C2301BACFB2B922912292630A8ACDFAFA62C1B299EAD382FC8A418318AB0D9AC302D3BAEC69CFAA8CF2F20B1F5AFA2B04B2621A00DAD2CB0EA2D8FAF4FAF8CA69AB13EAB77253D2E191A5D3128A85F2C3EAFB6A58C30982F83A4A9AD83AB91B08E2D4931ABA59CAE9E3150AC78A89EAF99308F27A0B15231E42E242C9831CA2878AD65ACD22D48AE662F52AEA13077A8493054AEA02A07304529DCA5DFAE48AD602CAD3057AE7EADF9AE3D22E3ACCE2B3EAC0AAA0D31B2ADE3B03E2646B020AB7DB00CB00E24242DD4A972B19FB0F1A1AA2D92A9D72CA228F530002D4627EAAD37A4B6302C2C7EAF8230142E3FAE6422BD2BAE2C8EA6929DC42EF3185CAD33301330AAAC1EB174AD16B046A7F5B037B0092B18A505A6EB26092B1330DDA50CA145B173B1ADAFFE2DAA2DE32B192ED2A6A1AF0E303FA9FAA713AFB32F503071ADDF30402F5C2A63AD98AF6A26002D69AF4330022F381AA7B16CB0FE2F56246DA744AF45ADBA30632D252351309BAEA4AB032C4EB00231542F8B2779B03C301BAC2EA7B730F5A85E31AEA4C6AE19A945B1E62E5E2D1C28F4B04B2B6D2EDC30C4AC8E2C4B2DB9A51324272F8423AEAA5B2C112295AB96A4952E9831F9A964307631A62E902DC6B03AADABAC82312E27CFB006B1DDB01BB0D5AE07AE3530A5AC34312DA992B026AC04ADC7AF47B14F1E64B083AAF3A988AEDB9E62B05BAB02313B314B23432906316F3155AD28277AA8C3AF05317D30CE1FAA300B2A782FCB2C5B2D0A2CAE2DF9306D2C38AF2A2CA631B130232F4AAC9731212816AECD9E1C3032B12FA938303DAA92AC1AAA6A2B5DB0BA25D129F929569B912D58A163307D2FD1AF6CA866308AA4ECAAABA133A9E5AB0229C4308F265D2E5E305DAF06B0ABA6BE2A7EA54DADC9AF491D3530CF1F63315BAD393141AF7F30F124A0316231BEAB9EA225AA092994AD42A9DCAEE42E7830FB24829D3EB027B15DB030B0A8B04E2D51B06C2D872FDA915C29102F21B1E330923166316BACF22E29AC0A27BB30BE28232C06AA5FAD9D301BB1EA2760A460AA87B1BAAE75AED2266A2C24B15AAC65B1BD2F33B10EA675A634AE1030D72CE72DFA2FA7AD792D933032A968A348248EB1D1A46AA51DB02330FAB088ACAA2E0527962CCC1F44B110B0A9AB9EAF0CAF53AB0B3162308C2842AFD2AE8A319B25202569AEC7AD902DC4A3BAA493AD31B04DAF92B12E31A52656263F30AF2D9CA6012FCF1984B19630AAAE46B03AA9862973309AB14BB18AAF9CAE90319D991B30612A9C2EDEADED2C1B2CCA2B3FB0CCABCE30F4A81CB0CAB098A83C2DADAA0930D22C87B0821728310A2F10AC33B0E0296E2DA8A8D4B07731782DA2B1F81F16A94031F92DFF29ACAA2CB0142B942CBF1BF9307E2EBAB0FDA00BAD2CA020248F25F02ECD2FCD2040ACA2ADDD2D192CCB30C5B052B0C5AEFE2C66304CA3BCB03427DEB03A2F3FB093260718B22DD6AF142D061D8725ADAF583115A898AE57AAB9AAA03124306412733131945225182825A448B0BB2A07A3782C422E19300A2A8B20DFAC4C3102B1EBADAA256E2D902E00B1DC2BB5B00230CFB005287327D3A8202DCD2FE12BBF288B315831CBAF1731F330C0108D2B92AC68AC75270AADE429C92C9F2E09B0BCADE6A7872C8FAC59AD56A9B82B6F1FAEA9BF293EB06DB1652E0F317A9EE82DF72FDA3000233BA46DB128A269AA639D6A315AAB96B026314A2056AFF41FCE997E2B3A3133AE96AEE3A1462EA23143AF65AD05A2ABB026A44A3020311A305BA795AD743099AA5B1E39312DA3373081AE52199E31260B5DAFCD2884AD302E203005A8D12EA430E22FB42E47B1A4B088303F2C6FB0DB300F221BB18BACC5B0EFAB46A4BCA355A686A49B30E52F31B14829CDAD47A870ACB8AD1CAE98B152AC62A834B1282BFDAD7EAA8C2C72316B2D32B0183097A4222CF6AE4B3139AF1B2FBE3069246230BF2ED3A6B8259B1B52A703B1652E68B1212C1EACBE21ABA876AE3FAC19B1BFAEDF2DAC3060B12AA90F244CAE3228FAA47A274AAEE0B0B9A4B52FEC307D30CA2044309FAC1D30042749B06CAB09312AAC97B176310D2B042901AD1F31A73094B0F62C2F314BB08A2AD0AC0530C42FD32DFFA9953068A9812F592DA8B024AF4FA3A5B0D6A9202E1D3129A36BA944B0DE2A7A26D42CC9B06B2000AD62AE9F2DA2B0C3AE2A3066AF9F2F21ACBCAFD8A1F6AEEF29073049B0A8AFDCA7F51DE63071301FAE622F8C2E55B0012F74314CA9E2305E31AF29D31BB230D22F623141AFB82BE82E5DAFB32725AE14B08F3196B02DB1B630B12E162917307B1D3AABB1A63C2868B122B111AC23257D2F55ADC5B014B1149A15AFF9A84DAF192D8DABE8AF262B079F102FE420AF2C8F2B54AE85301928B4A667261C312C30CA3070AE89A90A2928A642A8423012AE32AD80262FAD6DAE86B09F2FA3ADADA55B2F6DB1BA9839AD11B0A825F62A572FA531692B949AFCAD5CAA27B12EB155B0EB2FCF2C3031CD2FE12FAF28B92D0F2C7FB07CB08930182FD9A975AEF0AF58B03CAB9423451D2B2C8225D5293E301029E6A1932DD62BDC2C1CAAA4B1F6AB9530C0ABADADD6ACF12E393162B1D5AB7C300C29332F79B0C22EA6AD0CAF82AC22B0BB2A992F61AF0D2C33B0372ECDA3202279B0252C4D2CFEABE2AC6E300730C3AD062CD1AC55B1ED9FD0B058ADC7A23CAF942EB2AA6BB0A12792290CAA46B0092DA2ABA6AC94305FAE712EA217E6A810AF79316E24752682B0033051970B2DAC2F66299F2E43ADBD2CA02CB42D87AB552EF03088ADC2A456A4B12D69A5262951AC1E2BB12E82287E31073105B0D9AF84B0AAA8F22DB1AC8AA93FAD672AAD2899B0B1ADDBA637315AB141B1C92C442B00A47FB094ADD42F45313928A6317C3062A209AF2CAEA2AA9EB09D31731D6BB1B1AD54AB95B0DBA851AFCCA939B0649DC3AF862C622985A2D12E7A2D14A1FF1A7B2CDBB0642853236B9C11AA9BAD352BC4AF612CA8B00B2A29246DAD3DAD37AA41AD33AA32A98E30811EF93074A86BB027A91E2EABAF853019A46830C8A9FCB0C0AE2F2412B0F430BB3068A93130C52AD0A396B1CCB04FB07CA15030D8295BA7F42E082DC9AF092918229A2CAF24BDAA25AD65302D2B482F68309F2C84B06725CA2E68AA543055AD48B1A3314C2FA330F52ED0B0F42A38316BAEA227462A05B193242B2C6E9CB1B0C42DB1B0182B0C2037200AB05EACA5AA41AD4DAC4A256F31ADACE6B0352A123190B1F8301630E82AAC2E2BAF27B12431982D6CAFF0AF0F2A692FF430B2259F2E6B2C002CAAAD19B07E31B22816B12FAC7E2498273BB0F13037B18B2D00AD01B0012D6CA980ACBFA40BAC443154B1C2AB7EA54AAAF1AEFF254E1B302F6E2BBF2FFEAFB830BCAC9E982A2CADA801AA242D13305CAF842E7E2FB42C462B132E5C31AF2FC51DB9AF6D9C80AEFD30B8AA8622C92CDF2BA4B04EAFBC2728B0682CFF2968AC79B0EF2651AE6E314E2F3E2F4B2D692C3FB06331A0A88E2E32315A2819B04CA097AE9BB00B3046AC8B3094AEB02C18A20AA5892E1FB1BA30A4A81C2DB7AEE7AD339C6AA999AC1F2EF1A4A5AC2CA51131A3B088A714A7822DAA301BAF31A844B12FB03E2CEEA430304EA42AAD77ABCB243F2F6A232929F2AB4C2CA3AF072FCC9FC130C2AD8C31302F92B0B7AAF130AF2BB430BFA8D5AC812FCAAA21319B2EA2314430B8AAC53064B08931978F28AD9B2A122E3F2005306FA28FB14C2F8A16592E97AD642F402C93AE42B1089E3828D3AE02AAE0A8EFB0BEACF3AD45209D31DE2EBB2DE8303523A82849AE4D2EE12D9129F2AEC1299325C02E46A41331DBA7A92E812864B04B2C12B1D1B05230FCAE66AFE8A9A930953183AC48AED5AE56AD66B129AD2929C7AA74B1BFA52B31F8289A2B59B05DB07AAF9BAA3DA5DAACBD2B392FB0A935B199ACE4309BB00FACD32C3BA95531E2AA0B301B2E25B1723119AFE72E23AF2EAC9C2C0FA89CAFD22FA72A981AAC30662C28314D03D3B0972E82B0172C56993AA108ADABAEE6B03B295CA7C3AEFA30C32FE228112AE6A52C3076B1E0AE01300330AC9FB0AA3B2DEA2F33ACA92D752D0F25D1AEFB272AA73F2A1DB04B2CF93082AD2230F32C84A6CAAED02D3BB0782E94B0FEAD8C24C12D3BB1342A9E9A96AEF0A972300BB031AD27289EB00C25032A412B552CF8303624273131AD25252FAF86B1F225EDA100AE35AD4CB08028073020ADEB3078B098B09531632B24AEB9ADF79C87B0982E12AB24312230593025B1E62DF1AE66ADFC2EF8B066ABF02CA6AD0631A02FEEAF30287CB1982EA2A9BC2943AC4D3018262BB081B1CDAC0DA411AA83A7D6AD089C1C2D38ADC3A815A52430E9A025ABFB2E6328A42C59ADB5AC8D2D882E282BA22A551598B0D4264F29592E0C269C3127A5FC2E01B1CCA64DAFF80A0AB155AD7930A02C4B30B02CE62E1EAE1E2C59B123B04BB1B62E0A2B0EAFD322F13063AEC7AF5CB025A60B31862841A427A725AAE2AC4F3164AC04ACC2ABF330E5AE8E317717BCAC062FB6300FAB722EB0AEC8AC712F3631C6B055AF23B0D2A3EBA4322F99294DB075A2ACAE94242C2B2CB1A731042E9CB107ADFD30F82173B073AD1DB1DE2AB1AD5831612AEFAD163065A889AF98B02FADB92C2429EDAADBABB6A9A5AF3C3106B13EA534267B12E99F7DB0E9AC4AAE2731E7AA10B0E4AF1DB01CA8C5AC1BB0D1AB863008B10FA34B31362F6F29C42CEBAB62B0F4AE99AE2230211699B03AB03FA25E2E6B25142829A9A198AE2E5D2B8AABA731F52FC52B652D942FC0A6F92708AB1AAB121F97AF07318DAF42AF48A6632F99AD1DA2552EF3B04231192EA42BC508A62E62AABF2336304FAE112209300424C1AE2A28D1A8D9B0211BD11E572F45A014B0EC30CD2859AAD12E24300D306F3087AC3831F02EA2AF6F2D60AEFD2C7FAE8C2DA7ACFE288AA8FE2D2599442D56AC4E2D312E9022B6AAF1263CB107A3A930AB2D759DCEADC228F830AC2DE81AEA2A55237AA927B05FADD0AC9DAE7531D2B09F201321AEAD94A5212CF0AF832BEBA07FAD5AB067A44BAD",
      torch_tensor_32_torch.float16_1: "0x0200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_32_torch.float16: "0x02000000003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C003C"
    }
  }
#-}
