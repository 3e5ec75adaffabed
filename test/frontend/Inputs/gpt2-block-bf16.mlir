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
  func.func @forward(%arg0: tensor<1x16x32xbf16>) -> tensor<1x16x32xbf16> {
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
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<1x2x16x16xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_10 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_5> : tensor<32xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_32_128_torch.bfloat16> : tensor<32x128xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_128_torch.bfloat16> : tensor<128xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_128_32_torch.bfloat16> : tensor<128x32xbf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_4> : tensor<32xbf16>
    %cst_15 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_3> : tensor<32xbf16>
    %cst_16 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_2> : tensor<32xbf16>
    %cst_17 = arith.constant dense_resource<torch_tensor_32_32_torch.bfloat16> : tensor<32x32xbf16>
    %cst_18 = arith.constant 0xFFF0000000000000 : f64
    %cst_19 = arith.constant dense_resource<torch_tensor_96_torch.bfloat16> : tensor<96xbf16>
    %cst_20 = arith.constant dense_resource<torch_tensor_96_32_torch.bfloat16> : tensor<96x32xbf16>
    %cst_21 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16_1> : tensor<32xbf16>
    %cst_22 = arith.constant dense_resource<torch_tensor_32_torch.bfloat16> : tensor<32xbf16>
    %cst_23 = arith.constant 1.000000e-05 : f64
    %cst_24 = arith.constant 3.200000e+01 : f64
    %cst_25 = arith.constant 3.200000e+01 : f32
    %cst_26 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<1x16x32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16x32xbf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
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
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_22 : tensor<1x16x32xf32>, tensor<32xbf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: bf16, %out: f32):
      %131 = arith.extf %in_55 : bf16 to f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_21 : tensor<1x16x32xf32>, tensor<32xbf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: bf16, %out: f32):
      %131 = arith.extf %in_55 : bf16 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %23 = tensor.empty() : tensor<1x16x32xbf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x16x32xf32>) outs(%23 : tensor<1x16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<1x16x32xbf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<1x16x32xbf16> into tensor<16x32xbf16>
    %25 = tensor.empty() : tensor<32x96xbf16>
    %transposed = linalg.transpose ins(%cst_20 : tensor<96x32xbf16>) outs(%25 : tensor<32x96xbf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<96xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_19 : tensor<96xbf16>) outs(%26 : tensor<96xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<96xf32>
    %28 = tensor.empty() : tensor<16x32xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<16x32xbf16>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %30 = tensor.empty() : tensor<32x96xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<32x96xbf16>) outs(%30 : tensor<32x96xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
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
    %36 = tensor.empty() : tensor<16x96xbf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<16x96xf32>) outs(%36 : tensor<16x96xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<16x96xbf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [1, 16, 96] : tensor<16x96xbf16> into tensor<1x16x96xbf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xbf16> to tensor<1x16x32xbf16>
    %extracted_slice_27 = tensor.extract_slice %expanded[0, 0, 32] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xbf16> to tensor<1x16x32xbf16>
    %extracted_slice_28 = tensor.extract_slice %expanded[0, 0, 64] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xbf16> to tensor<1x16x32xbf16>
    %expanded_29 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xbf16> into tensor<1x16x2x16xbf16>
    %38 = tensor.empty() : tensor<1x2x16x16xbf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<1x16x2x16xbf16>) outs(%38 : tensor<1x2x16x16xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_31 = tensor.expand_shape %extracted_slice_27 [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xbf16> into tensor<1x16x2x16xbf16>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<1x16x2x16xbf16>) outs(%38 : tensor<1x2x16x16xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_33 = tensor.expand_shape %extracted_slice_28 [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xbf16> into tensor<1x16x2x16xbf16>
    %transposed_34 = linalg.transpose ins(%expanded_33 : tensor<1x16x2x16xbf16>) outs(%38 : tensor<1x2x16x16xbf16>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<1x2x16x16xf32>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<1x2x16x16xbf16>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_32 : tensor<1x2x16x16xbf16>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x2x16x16xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_34 : tensor<1x2x16x16xbf16>) outs(%39 : tensor<1x2x16x16xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
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
    %76 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<1x2x16x16xf32>) outs(%38 : tensor<1x2x16x16xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<1x2x16x16xbf16>
    %77 = tensor.empty() : tensor<1x16x2x16xbf16>
    %transposed_45 = linalg.transpose ins(%76 : tensor<1x2x16x16xbf16>) outs(%77 : tensor<1x16x2x16xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_46 = tensor.collapse_shape %transposed_45 [[0, 1], [2, 3]] : tensor<1x16x2x16xbf16> into tensor<16x32xbf16>
    %78 = tensor.empty() : tensor<32x32xbf16>
    %transposed_47 = linalg.transpose ins(%cst_17 : tensor<32x32xbf16>) outs(%78 : tensor<32x32xbf16>) permutation = [1, 0] 
    %79 = tensor.empty() : tensor<32xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_16 : tensor<32xbf16>) outs(%79 : tensor<32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_46 : tensor<16x32xbf16>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %82 = tensor.empty() : tensor<32x32xf32>
    %83 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_47 : tensor<32x32xbf16>) outs(%82 : tensor<32x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<32x32xf32>
    %84 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %85 = linalg.matmul ins(%81, %83 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%84 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %80 : tensor<16x32xf32>, tensor<32xf32>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %87 = tensor.empty() : tensor<16x32xbf16>
    %88 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%86 : tensor<16x32xf32>) outs(%87 : tensor<16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<16x32xbf16>
    %expanded_48 = tensor.expand_shape %88 [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xbf16> into tensor<1x16x32xbf16>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_48 : tensor<1x16x32xbf16>, tensor<1x16x32xbf16>) outs(%23 : tensor<1x16x32xbf16>) {
    ^bb0(%in: bf16, %in_55: bf16, %out: bf16):
      %131 = arith.addf %in, %in_55 : bf16
      linalg.yield %131 : bf16
    } -> tensor<1x16x32xbf16>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x16x32xbf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
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
    %105 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %cst_15 : tensor<1x16x32xf32>, tensor<32xbf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: bf16, %out: f32):
      %131 = arith.extf %in_55 : bf16 to f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %cst_14 : tensor<1x16x32xf32>, tensor<32xbf16>) outs(%0 : tensor<1x16x32xf32>) {
    ^bb0(%in: f32, %in_55: bf16, %out: f32):
      %131 = arith.extf %in_55 : bf16 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x16x32xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<1x16x32xf32>) outs(%23 : tensor<1x16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<1x16x32xbf16>
    %collapsed_49 = tensor.collapse_shape %107 [[0, 1], [2]] : tensor<1x16x32xbf16> into tensor<16x32xbf16>
    %108 = tensor.empty() : tensor<32x128xbf16>
    %transposed_50 = linalg.transpose ins(%cst_13 : tensor<128x32xbf16>) outs(%108 : tensor<32x128xbf16>) permutation = [1, 0] 
    %109 = tensor.empty() : tensor<128xf32>
    %110 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_12 : tensor<128xbf16>) outs(%109 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<128xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_49 : tensor<16x32xbf16>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %112 = tensor.empty() : tensor<32x128xf32>
    %113 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_50 : tensor<32x128xbf16>) outs(%112 : tensor<32x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
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
    %118 = tensor.empty() : tensor<16x128xbf16>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%117 : tensor<16x128xf32>) outs(%118 : tensor<16x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<16x128xbf16>
    %expanded_51 = tensor.expand_shape %119 [[0, 1], [2]] output_shape [1, 16, 128] : tensor<16x128xbf16> into tensor<1x16x128xbf16>
    %120 = tensor.empty() : tensor<1x16x128xbf16>
    %121 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_51 : tensor<1x16x128xbf16>) outs(%120 : tensor<1x16x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %131 = math.fpowi %in, %c3_i64 : bf16, i64
      %132 = arith.mulf %131, %cst_2 : bf16
      %133 = arith.addf %in, %132 : bf16
      %134 = arith.mulf %133, %cst_3 : bf16
      %135 = math.tanh %134 : bf16
      %136 = arith.addf %135, %cst_4 : bf16
      %137 = arith.mulf %136, %cst_5 : bf16
      %138 = arith.mulf %in, %137 : bf16
      linalg.yield %138 : bf16
    } -> tensor<1x16x128xbf16>
    %collapsed_52 = tensor.collapse_shape %121 [[0, 1], [2]] : tensor<1x16x128xbf16> into tensor<16x128xbf16>
    %122 = tensor.empty() : tensor<128x32xbf16>
    %transposed_53 = linalg.transpose ins(%cst_11 : tensor<32x128xbf16>) outs(%122 : tensor<128x32xbf16>) permutation = [1, 0] 
    %123 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_10 : tensor<32xbf16>) outs(%79 : tensor<32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<32xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_52 : tensor<16x128xbf16>) outs(%114 : tensor<16x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<16x128xf32>
    %125 = tensor.empty() : tensor<128x32xf32>
    %126 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_53 : tensor<128x32xbf16>) outs(%125 : tensor<128x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %131 = arith.extf %in : bf16 to f32
      linalg.yield %131 : f32
    } -> tensor<128x32xf32>
    %127 = linalg.matmul ins(%124, %126 : tensor<16x128xf32>, tensor<128x32xf32>) outs(%84 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %128 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%127, %123 : tensor<16x32xf32>, tensor<32xf32>) outs(%28 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %131 = arith.addf %in, %in_55 : f32
      linalg.yield %131 : f32
    } -> tensor<16x32xf32>
    %129 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%128 : tensor<16x32xf32>) outs(%87 : tensor<16x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %131 = arith.truncf %in : f32 to bf16
      linalg.yield %131 : bf16
    } -> tensor<16x32xbf16>
    %expanded_54 = tensor.expand_shape %129 [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xbf16> into tensor<1x16x32xbf16>
    %130 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %expanded_54 : tensor<1x16x32xbf16>, tensor<1x16x32xbf16>) outs(%23 : tensor<1x16x32xbf16>) {
    ^bb0(%in: bf16, %in_55: bf16, %out: bf16):
      %131 = arith.addf %in, %in_55 : bf16
      linalg.yield %131 : bf16
    } -> tensor<1x16x32xbf16>
    return %130 : tensor<1x16x32xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_32_torch.bfloat16_5: "0x02000000BD3C343DA43C2A3D1C3D90BD49BD633D50BD86BDA13D6F3DFE3CB33BB53C44BD2E3DCB3CFEBBA8BC6CB9E1BB62BD8D3D5BBC55BDA33D8E3D383DDF3C68BDFF3C",
      torch_tensor_32_128_torch.bfloat16: "0x02000000D2BBD1BC62BD1E3D9DBDFF3C99BDAA3DABBD58BD4DBCBBBC6CBC45BD6DBC72BDAEBDAEBD903DB03CA43D323CF0BC51BCACBDA53D6B3D1CBDBC3C683D28BD5CBD70BDB1BDB13DCA3A41BC013C87BD893DAFBD8D3D65BD1D3D4BB9AEBD963D563DBD3C273DA8BDB83C0D3D6F3DB2BDA3BA8C3D86BD67BDA53D993C96BC48BD6C3C4B3C943D97BC183D3A3DF13C6DBD053D60BC75BD03BDC4BC88BCE1BB903D273DEE3C2D3D9D3D7BBD8CBC86BD35BD173D963DFB3CA7BC28BD72BDAE3C92BD913D8ABB153C39BD17BDEF3C893C353D6C3D72BDA43DAC3B96BD4E3D4CBD8B3D2EBD1CBD163DAD3D84BD193D8FBD953D3BBB4D3D5CBDDA3C923D473D7A3D7D3DA6BC96BD2B3C8CBDB1BD173D833D9F3C9CBDD93B863D3F3C8FBD93BC7ABDB33B2EBDACBDBF3CC3BCA6BDA03DC6BC9CBDFE3C963D32BD9ABD27BCB03DB33D103DA9BC5B3DB93B313C913C2ABD1ABD42BDE7BC843C953B993C9E3DF43B4B3D58BC84BD2D3DAF3D583DBC3B85BC9FBD8B3D823D963CF3BB243D60BD663D92BDB23D37BD39BD133CD2BCBF3C5FBDE5BC4A3BE6BCC4BC30BA9F3C403D523D4F3D2CBD6CBD03BDA0BD90BD343D5ABD60BB4D3D8F3DDF3C91BCC8BC813D14BD4B3D3A3D22BD7C39033D8EBD3E3D333D9EBDA23DA63D543D243D703D9F3BDF3BEFB99DBD81BC563D36BBB3BDE83CDA3C083D0B3D243D3E3DF23C48BD26BD813D173D1BBC783DC1BC02BDE1BC913D71BD003D0BBBD0BC99BD5F3D063D573D8F3D8EBD513D863CC8BC98BD833D223C633DBFBCB0BA8B3DFABCEABCB2BC7DBD6E3D933B533C563D95BD99BD9BBDD43CCBBC823D6F3D64BD303C75BD0A3D0E3C833C5D3C123A9ABDCEBB223D47BDB03DD83BC9BC99BB2ABDA93B9BBC56BCA43D613D23BB8FBDA1BD97BD84BCAFBD5C3DA1BD483C973D803D0E3D3E3C123D983DA9BD863C5CBD9D3D383D71BD1CBD913CADBC9CBD27BD3A3DECBBFE3BACBD58BD2C3DFA3C83BD38BD39BD9A3DA0BDB73C3A3C6B3D0E3D9EBDA3BD373DB2BD78BD5DBDA2BD243D953D6EBD05BC0FBD32BB443C753CA1BDD53C3EBCF43C91BD9DBD5DBD973BAD3DB03DFFBC88BC85BD1FBDB23C4BBD68BDAD3D5ABDB4BD9A3D9F3D083D45BC51BD433C0F3B32BDA23D2ABDACBD853C11BB8A3D543D983AD3BC263CE4BC933D023DB53C8CBDB13D27BD7E3D9CBBAC3DA2BC993A31BDCD3C97BD8B3DA63D31BD993D853DA13DB2BD90BDB4BDBB3C0DBD7A3C673D053DB139FE3CD8BC043C8DBD54BD863D60BD973D4D3DA73CCA3C9A3D5CBD4DBD353C89BD5BBD26BB5D3D72BD03BD5FBD8F3D97BDF8BA8D3D9E3D69BC7FBDA1BC963D4CBC8B3D903D213D4ABD65BD22BD9EBDA3BD073D81BD55BCB13C483D943D9FBD1DBD65BD8D3CA7BD1C3D023D3FBD933DE5BCAB3DAD3D7EBDAB3D843D7ABD93BD47BDA23DA23D3A3D9F3D43BDBF3C3CBD13BDDB3C68BD303DB93992BDF1BCE7BC5D3C273D57BD56BD16BD413D573DB1BD223D313D213DA53D9CBC753D7BBC8E3D603D343A313D6CBD483D4EBD45BD06BD863D7CBD853D3E3D9F3DD8BC8F3BA6BDA63DAB3B473DAF3C50BD4ABD63BC0CBD6B3C26BC093D05BCB2BC833C953D83BD163D8FBD863D003D98BD9A3D5A3D9C3D073C91BDA33C253D0D3D6F3DF8BCE5BC5BBCB5BDA63DB03D0A3CBD3B4EBD77BD703D393DE43ADB3C4EBC393DB0BDA6BD10BDB73BB33D41BD70BD38BDE03A053A76BD9BBC54BC92BD06BDB1BDACBD823D403D853DF53BB5BD833D7C3DA2BD09BDE0BCA7BC253DFABC86BC573D233DE7BCC93C863D09BDD1BBB3BD3F3D2C3D933DAC3D413DB23D813D8BBDB8BCA6BD2E3D503D11BD33BDA63D443B79BD9F3CADBDABBD52BD9CBD38BD323D583DFEBC3ABDF43C353D443D9CBD473D52BD943D1EBC0E3D9EBB1F3D26BD27BD883D56BD063D443D5EBC12BDCABC763D25BD4CBD8CBD1CBDA5BD663C423DA5BCD43C9E3C503DA73DE13B3CBDC1BC64BC04BD833B3BBD2D3D90BD943D69BC90BDBC3CB0BD9D3D2D3D053D75BD1A3D9BBDBE3A5E3D083C8EBD60BCA2BD06BC9ABDF03CA63D71BD83BD6B3D543D8EBC653DA4BC833D6BBD55BC1D3DB2BCAF3D843D76BD703D79BDA33CACBD833C0F3D693DB1BC6FBD13BD843D18BC923D8C3CB2BD893D43BD693D85BC17BD713DD2B9A0BDA93DAF3DACBDEF3C5FBC33BD4EBDADBD88BD833DF1BC5CBB643C5F3D23BD6FBCF6BCBE3C463BB23D28BB87BD413D4B3D9D3B8CBA633D8D3BB9BA4D3D463D593A5C3D383B1BBD813D6E3D2A3DDABB993C8BBDC23CA43C13BD8CBD46BA5D3D58BD503DF1BC01BDA13D54BD983D753D453C14BD5FBC823D82BDAA3D003D8DBD543DDB3C65BC84BDB13D80BD5BBD343A09BC5FBD653DC2BC833CA1BCCCBCA2BD993DFA3CA43D87BD883C3ABD84BDA8BB253D093D7BBD81BDAB3D233DA6BCA83D46BD82BB143DA2BD8C3D933D11BDF23A97BBD53CEDBC92BD013CB73C46BD863D43BC933D14BC11BD5BBB843DA43C993D763D93BD673D25BDDF3C79BD113D5ABCAA3DB33D753C8CBD7CBC7C3BC7BC783CB3BD743D67BD54BDD63C603DE83C8EBDB43D293D943D8ABD53BD74BD903D83BD983D253AD63CB9BA9DBD993DA7BDABBCA23D30BD12BD06BD813D01BD83BC7F3D9DBD55BC333DDABC953D833C173DCEBB443D31BC3EBC3ABD9A3C863D8C3DAA3DAF3CDA3C353C90BDB7BC743DDA3C8C3DE33CAD3CDBBB6EBDCC3C90BC4ABD05BD863D11BDB9BC34BB87BD763CD3BC09BD86BD633DAB3DAA3D9C3D2ABC0FBDFCBB003D31BDB2BDACBCAA3D033D823D983DC63A993C0EBDE9BCC5BC6CBDE6BCCCBCD0BC8ABDA5BC8F3DFCBAC0BC7B3C713DA23DA03D4BBDEC3CBCBC4DBC0CBC11BD44BD7EBC05BD2ABBF73CBDBC7D3D56BCA43D243DAC3C79BB50BC32BB3FBD633D8AB736BDC0BC06BD9FBD3EBD24BDA73DA13D413DA43DB4BD78BD303D6D3D9DBA2E3D7CBD443DD63C58BD1DBD1E3D16BD9FBD2ABD083D213D803CB2BD8C3DAF3D6CBD20BD0ABBA0BC863D92BD25BC903DA93D713DB33D64BDA93C4BBB1CBD8BBD5FBDB1BC923DB53D843DE73C89BB53BD37BD59BD53BCB5BD95BD0DBDAABD3E3D10BD823D3FBD7C3D433D7A3D4B3C78BD93BCC03C58BD903DABBCA2BDB33DA7BDA93D993DCA3B02BD883DB03DA43DB0BD0A3DA13D51BD42BD57BD8FBD8FBD8EBD9DBC0CBD593DA33C35BBA2BD103D213D943D99BD703D003D91BCCD3C15BD563D3A3DB6BC9DBCB3BD593D903DFE3B9FBD7E3D98BD913DA83DA8BDAE3DAEBDFBBCC6BC033D813D5CB99D3D7A3D4F3D5B3CDBBCC4BC51BD983DAEBC8EBC1FBB473D0D3D5A3D6CBDA2BD173DE83A4B3D8E3D82BCAFBD74BD9ABD1CBD9A3D85BD23BD51BD9ABD7CBDA73C813DDCBC1F3DACBD49BC90BD4EBD4B3DD8BB0ABC08BC78BDA23DAEBD5FBD423C7E3DF23AAD3C0FBDAEBDF83C0F3C0CBD413D2D3D3F3C2C3D02BDD13C8C3D083DD23BA23C20BCA0BD43BD9B3D17BCB13D14BD9D3D253D853DAA3DC1BC0DBC3F3D973C3CBD53BD1BBD83BD9ABD15BC84BC3C3D77BD39BD56BC5E3D3DBD5EBD693DC8BCB3BD9CBC673C073D8ABD3BBD3FBB25BA14BD223CD83C9CBDB5BD683C203C963D73BD713B2BBB843C50BD303C043DB1BDFB3BB3BD80BD8DBC933D973D753DCA3C42BD5CBD89BD4F3D86BCFABC483D5DBD1CBDA93C3B3DB2BDFF3CDABC59BBA53C95BD153C98BD7C3C8DBDAABD113D9EBD803D413BA73D0CBC0E3D023CA93D43BDEC3B81BD2A3DAF3D5BBD9EBDDB3CD5BB833C48BC223D86BCEAB906BD083DC83C913D5B3D823C03BCFABB38BD8E3D74BDAB3D1CBD47BDD53AB9BC81BDA5BC3C3D0B3BB13DC13C63BD85BD2FBD64BDC13CC4BC81BD6C3DA0BD16BD393D0C3D533D763CA0BDBD3CA1BDB4BDB03DE53B67BDB23D17BD91BD283D973D2BBD773D23BD9ABC573D0E3D8A3DEEBC4E3D5F3D15BDA8BDF23B033D98BD99BD903D513B74BDB43D9C3D0DBD9D3B46BDDC3C483D813DA53D5A3C85BDADBD903C263D57BDC23B9EBDF23CF03CB1BDC0BC99BD7BBD5BBD703D26BDAEBBA93DA1BD353D0DBC183B803DAABD0D3D353D7CBC403C7F3D73BD983D7ABD3D3D923DE93C9BBDB43DA23CD4BC653D773DEA3C8FBD823C29BD4DBDA73D4ABD80BDE6BCB33DF2BC8DBD44BD52BD0D3D1E3D4A3D403B94BD74BD323DA7BD893C72BD27BCEBBC4E3D393C85BD6DBDE8BB1B3DB9BC17BD9ABDC73C7A3D9839843B82BD53BD99BDA2BB90BD38BDB23C70BD443D8D3D0C3D423D67BD1D3D4E3C68BC23BC47BD0E3CA9BD67BDD33C9C3CD8BBAEBD77BD9FBDAA3D85BD8D3DB63C1F3CD33C81BD0FBD3F3DCDBC93BD293D1BBD65BD1B3D533D4F3D8C3D0F3D72BD243D25BD933B693D54BD90BDA4BD6B3C0C3D813DA83DD83CA33D79BC553D82BD67BD063D573D5A3CC53C723D543D343DD03C98BD723CAD3C703D9D3C23BD0A3D11BD33BDA73D7CBDAC3DBEBCE9BCA93D6F3C9C3DAD3D763C9ABD8BBD37BC20BD233CA03DE4BC82BD793D9ABD9FBD41BD9D3D00BDAC3D8ABB98BB443BBBBC73BD16BCCE3C023D31BAA03C933DCC3C7EBD2CBB93BCB13B76BD98BCFF3C6F3CB53D523D4FBC943C903DF23CAE3DB23D55BD79BDA43D9ABD8B3DA7BD08BC033D8DBD3D3D033D8DBD9BBD093C8BBD15BDF7BC3B3D37BD54BDE93C9BBD623D97BB333CF13C0ABD743C193D883D90BA2B3DB1BDE73C543D40BD943DAF3DA6BD7A3D7F3D9FBD32BC5ABDA2BD3ABD2EBDF6BC643D473D30BD70BDDC3B28BD04BD873C4FBDD23CDE3C6EBD88BC843D753DB33D883C123BAF3D62BDB4BD843D5CBDC33B763D21BD713CE2BCD53C633DFBBB16BD6E3D9ABC81BCAA3D343D5A3D323C8CBD28BD803CAE3D96BD6EBDA6BB01BDB3BD153D073DB7BC44BD013D12BD6B3DB23D34BD11BD8ABD18BD9ABB97BD643DAFBDFD3B4A3D9B3C75BDE13C7CBD37BD583DC5BB6DBC7B3D4C3D2A3D55BD903D953DC3BC9E3D7E3CB5BD273CACBD023D9C3D88BD433DAB3D97BDFBBC9A3D063DFA3CBEBC883D803C48BD48BDAABD78BD4E3CE23CC9BCAFBDB5BC613D4E3B06BD8E3D8A3D2C3D5FBDB0BC463DA23D593D8DBDAFBDC93C8EBCC0BBB13D5E3CA0BD1BBC42BDCE3C44BC1A3D9BBD01B9263D9C3DA2BD0CBD97BCA5BD95BD94BDB43900BC08BD5CBDABBD52BC8ABD903D5DBD50BD82BD9ABDB13DF13C263D623C53BC2C3D9FBD42BD0BBD17BDCC3CF6BC813D953BACBDB5BCC93CA83C40BDCD3CE03C773C50BD72BD9ABD49BD843DB03D92BC78BDA13CABBD6A3C8E3D50BD9BBD8ABD05BD4F3D97BD533C913DA2BD8CBD9A3D31BD01BD853D9BBC983CC7BC9B3D923D833CB43D303C82BD25BDA73CB53B8C3D343DDF3C363D5FBD55BDB7B95EBD933D1D3C4A3D2ABD36BDAF3D85BD9D3C843D4C3D9E3CA13D36B98E3D453DEEBA60BC9B3BAE3DEC3C3ABDAABD80BD94BD503DCFBC4B3D393C93BDFCBC173D9DBC863D463DB03D92BD883D52BDB03D61BA983D16BDC9BB4CBD51BD383D893D863D4A3DD73CDD3B14BDA23D6BBD84BB84BCA4BB7EBD343BA03BD63C223D9F3D77BC253D9ABD22BD94BD4D3C9C3DA1BC733DF1BC99BD89BD893D6E3D50BDC83CE13B61BD12BD673D403D37BD8CBC85BD71BDA3BCC53CF33C37BDA13D893DF83B96BD863D47BC67BD643D98BD8FBCF93CDCBC12BD313D9FBDC8BCB8399C3D8EBC78BD9CBDE93C89BC8C3D3CBD973C0D3D85BC2B3D05BD583BE4BC8E3D55BD5A3D2F3CA13C8ABC40BDAE3DE93CA03D203D443DE1BB93BD9C3C9E3C38BD953D9C3C4FBD373D9A3DCABA05BD3BBB2B3DEDBBCBBCE43A7EBD94BD56BDAB3D68BD9D3D8BBB9A3DFCBC78BD143D783D943DAF3DEABC813C533DAEBC563B2D3D473D9CBD96BD893DECBBBD3B413D9E3CE2BC653D413DEB3CAE3DAD3CA83DAB3D8DBD60BD2FBDC4BB6CBA7DBDA13D8F3D93BD8E3D1E3DE2BC1ABDFF3CAABDB1BD463D373B563D7EBDFEBC73BDB23C11BD2D3D7EBD833D16BDF0BC373DDB3C8CBB953DA93B8BBCD73C9EBD88BD88BD4CBDC0BC893D753DA3BDA8BD993D32BB9FBD87BDBE3BB23DE2BB033DF53CA9BD87BCA5BDA93D763CDD3B25BD4B3D11BDA13D9E3DA7BDD4BC823D8A3D77BD6EBD853D93BD833C413D6E3DCF3C913C793D6CBD7DBD1DBB983C5ABD00BDE9BC013D95BD9B3DB0BDA63BB4BD2B3D903CDA3C933BAE3D313D673D533CADBD73BD7ABD63BCA7BC873CF6BCF03CA53D783C94BD053D373C01BD94BD233C41BD85BD9EBD0A3DD63B9B3D67BB473CC8BA4ABD4EBDF9BCF23C5B3D903DECBC8EBD5CBD9FBDB43D793D673D9239903D703CB93B2D3DB1BCD3BC86BD973DBF3C57BD9DBDC83CA9BC9E3D1B3DA3BC823DEBBCCEBC87BDC63CC4BC26BC23BD8C3DA33DCC3C91BAD63C67BDECBCA2BD963A85BD2EBC053D933D49BC01BC073D82BD88BDAA3DF1BC77BD853D193D293DF93C943D8E3D45BDB03D0E3C443D00BDFE3C663DFC3C2DBD293D72BD4E3D753CA9BD22BC2CBD8BBD073D393D80BD963C5D3DDBBCE5BCE23C1C3D31BC3DBD463BEDBC8EBD7BBD88BD53BD55BD44BD58BDA93D913DA73D463D64BA06BDF1BB7CBDDE3B813C9DBD273B5EBDA7BC063D233DB53C16BD263D9CBC183D7F3D31BB1BBD1B3DA6BC73BDEFBB763D723DB1BDB4BC5DBD6E3D3A3DC33C943DF03B43BD83BC13BD243D94BD3ABC2EBDE1BCA23D9C3D83BD6E3C013AAB3D833D44BB983D823C803D643C3BBCB13D363D9EBD2A3DB5BC483D22BD87BDB4BDC7BCDD3CEC3C98BCB23D983C913D33BD093D89BD4ABD97BDF13C0DBD9B3DB2BD45BDA53C29BC6D3D1D3B8C3DD7BB853DA7BDA13DE2BCE43C8D3D9EBDE1BCC03C4DBD7C3D033D5E3DB53CAFBD42BD2CBB50BD84BD84BD393D91BDAE3D023DA8BDB0BD8DBD383D89BD6A3D25BD99BCCEBBB43D29BD843D27BDF43C8D3DB03DEA3C85BD85BD923D9ABB49BD71BDA6BD51BC8BBD9D3D813CD0BC203D98BCAA3D71BD253DF6BAA93D8BBC31BCE13C823CABBDFD3B0B3D16BDB03C103D023C783D4FBC153DBF3C2F3C6DBD6ABD8D3D91BDCE3CD8BC0A3D8EBDB0BD8EBD0E3D183D0C3D14BD03BD74BC31BC45BD043CB0BD603D6B3D95BBDFBCAE3CD93CA43D69BD62BDF2BC53BD4DBDFEBCAF3DA53C80BD5EBD88BC8FBD0BBDF23C373CA63D78BD0D3C833C00BD953D453DAA3C463D8C3D96BDAEBC1EBDB33B89BC9ABD0A3D84BC0BBDB43D2B3D95BB21BD3CBDB2BB453D473DBD3CA9BD0DBD9F3B5B3DC1BC90BD07BD9ABC9DBDE33A0A3DBFBC8D3DA33D44BBD7BBE2BC503D9A3D833D933DB43D4D3DB1BD6E3CBC3C603DD6BC9ABDA43DAD3D993DAABD5EBD3B3D8FBD713CF83C93BC703D2A3D9ABD0DBD983DA8BD10BDF5BCD5BB13BD5FBD8D3DD93C953D203DF0BC1D3DABBDFCBA953D86BC57BC883DAD3D8DBDA9BDAFBDF23BEDBC3F3D22BD8B3D52BD173C94BDE4BCAE3D2B3DA9BD57BD803DAFBA7D3C4B3D9CBD87BD1D3D823D3ABD0D3C54BD02BD923D2CBDD03A173D25BDB93BA5BC6C3DA83C85BD73398D3D033D523DF63C3B3D903D74BCC53C463CA13D4ABD8BBDE33C683D1C3D193D80BD213DDABB89BD53BD2B3D6BBDB8BC863DE53C493DD3BCB3BDDB3B6E3D63BD94BD0EBD16BC9D3DB03C643D87BB3EBDB43D963C92BD4F3DF33C41BDE73BB2BD9ABD3FBCB53DDABCB53CAABD5E3DC7BC133DAE3D8EB9433C81BD53BD8EBD2ABD0F3BD6BB1D3D77BD9C3DA6BD153DA3BCC23B94BD113C8BBD9ABDDCBC74BDFDBC913D843CD83C093DA63C183D853D193C5D3D233D4BBC11BDB43D47BDF73CCC3C99BD2CBD1B3D41BD32BD583D7CBD49BD4D3D583DFC3C21BDFD3C023CACBD2BBD183DA2BC06BDA0BBFC3CB83C19BDAABDF3BCA0BD30BD873D243DCABCE03C60BC213C063DADBD3A3D34BC9A3D3DBD6DBD37BD533C513D613D45BD923DA3BB5C3D1FBC1EBD0FBDF9BCC63A63BD9B3D95BD353DCFBC44BD4A3B90BCADBD3DBB8B3D853D7DBB893DA43C673D633D453D523D9BBDB03C7CBCC13C33BDB43DD6BC1F3D9B3D98BD08BD91BD9E3D59BD863DAABCADBD47BD4DBCA13DAABD3EBD7F3D04BD1FBDED3C3EBD4EBDA23DC8BC92BC9EBD753C92BC443D3B3C793D923D84BD34BC3F3D963D823DAE3DAEBD02BD43BC8C3D9C3DB1BD9BBC41BD76BD75BD9ABD873D58BB793D86BD673D87BB863D253DF9BB523DEEBC653C4E3CD13A0DBC953D3D3C73BD4F3D71BD743DA73D03BD903C1E3DD63C94BDA03D54BDED3CC6BC83BDE23CE2BC293D833C0EBD583C9D3DA63C9CBD7DBD553D84BDC93C033D8F3D893DD73C213D32BA7D3B733D6FBD33BD733C83BD503D7E3D53BD3CBD57BD623D32BDA9BC71BDBD3CB9BBE13C4ABC153D62BC953DD1BC933D35BB1C3C19BD73BD50BD89BD583D2F3DB8BB2F3D0B3D9A3DA03DAC3D15BD9C3DB3BD053D57BD793DA83C9EBDA43C5BBD9F3DD9BC93BD26BDA53DA63CC13C893DDBBC793D2A3DBA3A9D3DBFBB5ABDB4BD78BD63BDFE3C173DBCBCF73B9F3D40BB4C3DFA3CA93DA63D7DBD2DBD47BD16BD89BD99BD6F3D233D893D80BC323DB1BDA43C29BCAA3CA8BC113DBBBCF4BC0EBC65BC5BBDAC3D823D6A3D24BD7D3D7EBD833D1EBC69BC3FBDF43A64B966BB513D98BD6BBD24BD9CBD44BD723DB63C69BDA3BD6D3DB2BD613D793D8FBDC13CF3BCDABC643CA5BD83BDFC3CB3BC8BBD2CBBBA3A0A3D573D8FBD08BDAE3D94BDA83D9EBD723D243C11BDAFBCFA3C94BB1E3DAA3D88BD9EBC78BD2FBD9B3C45BC473BECBC03BC2E3DA13C243D53BDC93C6FBD813CEABC0BBD0FBC183DB43D1FBDAFBD18BD0E3D6D3D733D39BC433C993D54BDDC3C39BD36BC7ABB683C6D3D19BD53BC07BD51BC8A3DB33DA83CEBBC2F3D5CBD64BD653DB5BCB5BD6BBD41BDB23D833C0EBDB53C203D6B3C3A3CCFBCA63DA23D69BD093D903D98BD16BD85BD7B3DB33DABBC86BD503D553B953B31BD04BD833D033DA0BCE03A8C3CADBC8B3D493D91BD2E3D493D8BBD103AAD3C2CBC423CC03C9DBD87BD0C3D463D83BD7A3D77BC753DEDBCE33C893D3B3DACBDAEBC99BD993C8B3A163D03BD47BCA03D223D38BC70BC0FBD9E3D03BCEA3B8BBD923D07BD703DA3BD52BD9A3C9FBDB23D613DA83D9B3CAABD0D3C66BD6D3D91BD8CBC86BD45BDAA3C5FBD8D3D9FBDCBBCA8BDA83DC8BA4F3DCABCFEBC483DED3CE33B9DBD26BB31BD983D293D6D3CADBDAE3D233C91BD3FBC713D0E3C54BD28BDB23D94BC483CA3BD5F3C793D203DA03DCA3C913D45BDFBBB57BB8CBDD0BC73BD533C51BD113C5DBD893D5A3D853D413D8BBD72BD233D85BD753D1A3D86BDDF3C2C3D633D9EBDB3BC04BC06BD253C89BD1F3D3B3D193C2ABD943C84BB83BDAD3DABBD843DC9BCA23DAC3DB83C9ABC773D863D87BD7CBD9F3D89BCAFBD5DBDC0BCA9BD05BDEC3C71BD83BCAE3CAA3D27BD6D3D81BC3A3D9F3D8FBDA83D54BDA1BD17BDBCBC473CFDBCB4BDAC3C86BDA0BC353D533CE2BC87BDB43D81BDEF3B6D3DA3BC1ABDB13D9BBDADBC8ABD87BDA53D7EBD873D6CBDA63D98BDBDBC913DA1BDB0BA073D233D1ABC44BD6CBA2A3D1BBD513C76BD853D8E3C3BBDB33D413D8ABDE93C65BD9F3D83BDA43D353D76BCB03D2ABDA8BBBF3C523D8B3DA9BDA23C803DF2BCB43CAD38D1BBFBBBA8BD67BD813DAE3D47BC943D55BD923D473DDD3C9DBB0EBC2A3D60BC68BD633D67BD2BBDB03DE23C243D863D0CBDB03D73BDB83B83BD90BD283C3E3A6A3D89BDFD3C5CBC993C88BCA03C90399EBDA0BDB5BCB4BDA5BC3A3D863D283C913C4A3D1FBCBF39CCBB4F3DA43D34BCA23D353D8C3DBA3C0BBC8B3DCA3C363AAD3DEDBC003DFBBBCBBC77BD9B3DB2BDBF3C4F3DB0BDB23D82BD313D203D1E3BCD3C263D7A3DB0BB2B3CFA3B0B3DEF3C1F3DC4BC013D8FBCAF3DB4BD6BBC65BC133DA83D5BBD6E3DBCBB2CBD5337863CEABB2BBD4B3D153D0C3D50BBB13CFEBC6DBD75BD8E3D05BD5EBD57BDB23DAFBC58BD2EBDA23D42BB4A3D3D3D203D823D96BD4C3D863D3B3D36BD24BDB1BDA2BDDD3BD13C363D9C3B41BD43BB263CA73D043D483C29BC313D843D463C88BDAB3D77BCA2BD87BD9FBDFC3C8D3D7BBD19BD0C3B9F3DE6BC2F3D6B3D0FBD70BD11BD963D653D6B3DBF3B2D3D82BC693D9BBDB33DE13C8E3C13BD7DBDEDBA83BD213C173D9E3D98BD45BD423DA93D1D3D4DBDF9BC5FBD533D9EBD98BD9C3D99BD29BDBABC573DAF3D58BD88BDA93CD03C553D4F3D64BD933C60BD7C3D263C6F3DE3BCF9BC85BDA9BD673D713D843D9ABD333DB4BD113D9E3D7BBD89BD89BDB53AC23B173D5DBC263D22BD67BD92BBA73D2A3D9DBDFFBBD43A9DBC043BF83B03BDEA3CAB3D353D8EBD41BC03BDEEBB4F3D093D143CB73CB53C9BBD9FBC4C3C8DBDA0BC493D70BD9D3D183D8ABDB53DE3BC7D3D183D54BD60BDFA3C9A3DACBC433DA73DCEBCB03DFCBC893A853D3ABD5A3D24BBBF3C7EBD79BC11BDA23D70BD873DFC3C803D4BBD02BDA2BD913D92BC673D0EBD9D3D8F3CAF3C963DD3BCCF3C44BDDA3CA03C533C67BB303DFBBC4ABDBBBC1D3D9DBD1FBD87BD6F3D53BD943D7FBDF5BC0CBD0C3DA83D053DC53B073D92BD9B3C76BD5ABD56BDA83DBE3C60BDACBBAEBDCB3C173DA13D0B3D9BBD92BCA63D16BD813DDB3C623D623D46BD153D8F3C86BDB43DFD3C9FBD35BD343C9BBD7CBD023C8BBD06BCAF3D52BD1D3D97BDB6BA9E3D86BDA3BD53BC16BB2F3D083BA83D673D18BD61BD773DB43C393B3EBC233D20BD6E3D873DB43D323DB33C3DBD8DBC4BBD07BD3D3D873D3CBDAFBD833D2BBDE4BC0F3DB83C0A3CB43D94BD0BBDC0BB96BCB13DC43BB03CA0BC7E3C5EBDE03CC4BC68BDAA3D133CFC3CD3BCEB3B91BD3B3C36BC77BCE83C82BD573D273D2F3C473D82BD9F3DB6BC50BD513A4B3BA13C3ABCBE3CA13C4FBC6EBDA9BD9C3D42BDA7BC373D57BD4DBD303C2B3BAC3DB3BD4EBB7EBD973D2FBD633D91BDAF3D81BD87BCB7BC3CBB343D8FBDC93C463D373D16BD763BABBD98BD81BD1E3D953D1DBD7F3DBDBC9ABBA2BD06BDA2BC63BCA93D743D063D4E3CA3398CBC503D8DBD81BD93BD05BD2CBDAABD8A3D893D38BD9BBD7BBCA23D903C6BBD52BC963DAC3DA2BC18BDABBCE6BB9D3D85BD93BD92BBA7BDB33DC8BCCF3B9EBD6CBD683D0EBD96BD7CBD66BD433D5D3D203C4C3D823DE23C163BD73CA83D353DAABCAE3D28BCD63C12BD853D9B3D9B3D4CBD8BBD9CBDD83CAD3D2FBDC5BCAEBCABBD633D983A613D19BD56BD6BBDB1BDADBD843D0CBD4E3D703DE9BC3BBD62BD3C3DA13DD43C15BD7D3DA73D5FBAB23C0FBB88BC0E3C9E3D553D0E3CCEBC32BD693C9ABD58BCAE3D81BDE3BC4ABD2CBCEABB18BD7CBDA63DAA3C7EBD90BC963C19BC863C573C6EBD623C903D833D7ABD1DBDCEBCDD3CADBC21BD05BD713C45BCD33918BD5D3D133CB43D5DBD56BD32BDB33DBCBC0FBDA13D0F3D013D843D61BD143DB73B93BCCB3B87BD39BDDBBCDD3C0FBD82BD1E3D4CBD353D9D3D94BC823C19BD4F3DD7BC9B3DA73DBE3CD23CD8BC503DA3BD703C8E3D9C3D32BD17BD22BDAA3D7CBD8D3D97BD70BD823D903C4EBDABBCB2BD803C703C5ABD3D3DE1BC853D93BD10BDF63CB2BD8EBD92BD483D623D",
      torch_tensor_128_torch.bfloat16: "0x02000000CBBD82BD4D3D183E7A3DAF3C13BD993DBFBC16BE653C1A3EFD3D73BCE7BD8EBDCDBB93BDA3BDCF3D25BEA2BC0E3E7C3D90BC073ED2BD933C323E8D3B28BE08BE1FBEBEBD693DA8BD053C32BE0DBD8D3D983D183EA73D07BEDB3D01BEF1BCBB3D133ECF3C923DC93D323E073E86BD633D24BE3FBD693DD23DE23DA73CDBBC033E093E88BDCD3CF8BCAE3DECBDDEBD0DBD163E143D6E3D8A3D2C3EAFBD27BC923D813C143E20BE11BDEBBD273D9B3DD0BD1E3E9C3C26BE2EBE6B3D393DE6BD813DEB3D073EC8BC6BBD823DCABD24BE2DBDAE3C5B3D0D3ECEBCE2BD413B4A3D283EF43D25BE0F3DC33D73BDAA3D54BC96BD9CBDCF3D163E1F3EEC3CACBBDE3D0F3E",
      torch_tensor_128_32_torch.bfloat16: "0x020000008EBDCABC943D7BBD14BDEE3D273CE3BC913DF33C34BE24BE03BEF2BD52BCC23DB63DD83D913DA1BC91BD7239233ECDBD17BE75BD0E3E023EBABD5B3D1BBCE43DB5BCDFBD243ED7BD903D1E3D16BDA9BD103EED3DACBD2E3EC53D07BDB4BC2EBEEDBD953C2DBE33BEBA3DACBD143EDABD1CBE8FBD96BC1DBE283E12BEF9BC403DD83B0BBE88BC2BBE3B3D12BE6FBDAABD2B3EAB3CA8BD003D2DBE8BBC79BDB1BCE3BD9F3D52BBD53DD83DB93D1ABED3BD2FBEB73B933DE23DD7BD693C003EDC3DC23DB0BC24BEA23C143D973D9FBDDABD37BDC53D073E1CBEACBC943DAF3D243ED73D96BD0D3EBA3C053E0DBE14BD25BEBC3D3B3D003EACBC083EF63D2E3EBDBD253D563D013E0D3D26BE1A3EE13CA5BDDCBBDCBD983D2E3E003E2BBB2FBEEBBDF4BDFDBD1B3EC7BD9E3D52BD0FBC33BE7B3DE43D0EBE17BDE4BCEC3D4D3DA1BD043E013D98BDD0BDB93DF03D1B3EA43D483D23BE893C17BD5DBB5D3D2ABD3DBA0D3E373DDB3DEC3DDCBC033C0CBE2BBCD8BDA33D87BDF23D07BE0B3D163D933C0BBEF6BD1F3E333DB2BD8E3DF63D5E3D65BD573D21BEC23DCBBD06BE56BCDDBD9CBDAEBD0C3D1ABD113ED4BD0F3E623C7BBC1A3EBF3D02BEB73DF13D6039DD3D793D063EF9BD28BE8CBAB83B1FBE11BE023E0DBEC63DFE3D50BDAABD60BD0C3ED43D1EBE16BE9F3D0CBE3ABD16BD193E07BEDDBC0E3EFF3D30BE0BBEB33D8EBD013E523D023EA1BDCC3C04BE1BBE75BD283E053E013E093E2BBEFC3D0E3E38BD17BE47BD0F3EB6BDA1BDD3BDB4BD46BD9A3CCE3D893B1CBE083E453B87BD0BBEE83C713D16BE0DBEC43D703D07BDA7BC8BBD2C3DDA3C3E3D543D4B3D503D92BD323E963D0EBD8C3B2CBE83BD6DBD9F3D353E65BD1B3E2B3DCBBDC5BD67BCE43B55BDB43D2F3E543D033EA63C84BD093E2A3EDABDAFBD153E9E3D273EEF3D2C3E34BC2A3CFEBDF03CE03DFCBCC43CDEBD133E25BEB1BC223E3FBDBABDF1BCB6BDC7BD0B3E743DA83D1EBE6D3D98BDD6BDB5BD0F3E01BEACBD1EBEF63D173E6E3D153E783C8CBC293E1A3E163E0F3E113EC63D85BDB7BD313C88BDF3BD9F3D2E3E20BE0BBED73D2ABE25BE803D31BE8F3D05BEE13C2BBE313E86BC223E13BC5C3DA03DCFBD82BDA6BA1A3E65BC333E243EB83D29BE61BD1ABE2BBEECBB2F3EFF3D123DEABD05BEA5BD943DAEBBF9BDAF3D1BBECE3C4FBD313E28BE193E07BD06BE4ABDDEBC0BBC603D1A3E063DF33D0CBEB3BD0DBE4E3D293E1BBE16BD8EBCD2BD0BBEE13D62BDCFBDC6BC17BE293E1E3D30BD773DF43DA1BC9D3D28BE153E013E81BD933D643D24BD353E553D04BE033D4EBD2CBE063E133D10BEB13DA9BD0E3E94BCACBC09BEB6BD023EB43DA0BD933C1ABD11BE7B3D9BBDED3D7BBC5A3D08BD7C3C0E3E1EBE303E503D05BE25BE343CB4BD313EB3BD1C3EDD3DF5BD5DBDF13DCCBDE4BDCDBDEDBCBE3D8DBC173D673D53BCC83D063EC5BDAB3D0ABDF5BB14BE1A3EDB3DAB3DBABDD63C023E083D32BEE73D163E1C3DE13DF83D0BBE1DBDF03D25BD31BE33BED23D753CB73D1BBED43811BEAB3DE5BDCABDEBBDE5BD9ABC343DFB3D323E4CBD223D9ABD2DBE39BD0C3E803D9FBA16BEB5BD3F3D2A3E13BCD2BDA33D953CA83DADBCD23DBE3DF3BD203D073D1B3E16BE043E4C3CD13C563D17BEEDBD2CBE063E173EB9BD923DF13D2FBE493C203D0CBE87BDA73DD33DD0BBFC3DBE3D88BDC7BDF73DB53ACC3D0A3D1FBD983DECBDD63C8B3DD9BD133E3ABC03BE543DD2BDDEBD1B3AA73D2E3E153C173E203E43BD2CBC2FBE61BDE73D69BCB3BC5FBDBB3D113EE0BDAF3DBFBDE33D1EBAA3BDE33D1BBEB63D0CBCDBBD04BECCBD89399B3DBFBB3CBD59BD213DF53DA53BC6BDDABC0ABE903DA7BD843D39BC133EA6BDF3BD3A3C6F3D0EBED3BD063E193EDF3D053EC03D163E473DF8BDC4BD9F3DB6BB243E323E0A3EE2BD5BBD193EDB3C1B3ED73D2DBE5A3D163D45BC113E01BE293E0F3E403D1A3E073D9EBDF3BD293EFFBC1B3D18BDD63D2D3CBDBCB2BD243E303EC03D09BCF53D1C3E58BD09BE25BE98BDF1BD78BD1BBD06BEE33D1E3E1E3EA83D8D3D16BE113C193E223DAA3D2C3EAA3C78BD2B3E26BE79BB123DA73C16BE9FBD213E46BC593D893D903DE13D783D00BDEBBCD6BDD13D323E253ED5BD923DD2BD30BE183EAB3D18BE1A3D263EC8BBFF3CA43DB23DA33CE73CA2BD9B3D18BE9C3D1FBE13BDBE3DBEBD54BD71BDA6BDDEBCCBBD02BE09BD7BBD283DCB3C453C5C3C983CB33DAB3C883D453D063D1F3D0A3E20BD8A3C36BDCC3D8C3DDB3CBEBDF9BD083D143EC6BDA33DA5BCAE3D0A3D7E3DCA3D953D9A3C2B3EEBBD6D3C22BE09BE2FBEB5BB4D3D33BC94BDD1BD513BB6BDEDBB153EE13D4F3D84BD2ABEA8BDCFBCC6BD8DBDA3BD243E31BC113EFEBDAF3D24BE6FBD94BD29BE07BEF3BDFCBC6FBD27BEEB3C9D3DF93C0A3E7BBC103E3BBC54BC27BC91BD8BBD2F3DC6BD7A3D11BEB1BCD1BCA2BD013E13BEAD3D23BED73D2B3E29BD55BCAABBD03D2F3C32BD203E0B3E40BCB9BDD03DA1BDCDBDE1BD3D3C9ABDF33DFD3D9BBD8FBD033EBABDE53D33BC033EB83D01BE02BE9F3DB0BD6C3C0C3D12BE1EBCFA3DE33BE3BD1E3E1A3E2E3DDCBD9C3D4D3DD6BD03BE96BD2B3E9C3C28BBA73DCBBD65BDFB3C1E3E4ABC223D17BE29BE183DE6BA0E3E253D233E0ABD46BD78BCA7BD3D3C15BEA43C46BC613D303E813DF13CECBD7ABD8EBD19BEC23D2C3EF03D0F3EC7BD95BD63BDA3BD0FBE15BE0ABCD7BD08BE313E29BE63BDEA3DB9BDA83D02BEDCBA843D61BD01BE0E3DF2BC1E3EDEBC0C3E9ABD8DBD053ACB3D273EAA3DA3BD463CF03D103E023E743DB2BCF83D733D1CBE313E54BC2D3ED73D37BC1BBE2DBEAEBD973D5F3C8E3C14BEC73D33BDBE3D13BE473BB73D573D34BE183E07BE27BEFBBD2CBE843D083E123E7E3D42BD193D603D33BE8FBA353D133EDA3D4CBD04BCE73D243EB9BD333EF8BCA2BD82BA0E3ECFBDCA3BD0BD91BBFD3DB3BDA3BD493DAA3D5EBC27BD37BC5C3D213EA33DEB3C703D593D09BCF3BDABBD7E3D7E3DB8BDC8BDCC3D03BDDD3D413D0D3DA4BC9EBD373DE3BDA0BD02BE6DB8C4BD86BD6ABD9F3DC93DF53DA1BC2C3EB6BDBF3C403D25BEE23DFF3D073EFA3DCD3DDCBD023E88BD483D25BEA6BCA6BDAFBD07BE7FBCE0BDE2BD28BEEF3D033EDDBCC93D243DDDBDD5BC9D3D843A15BCDABCFF3D02BE683CE7BDD43D72BCD6BDF0BD85BC513CDB3D12BDBDBD2FBEF2BB173E28BE12BD0D3E1F3EEEBD1EBE343EAEBD463D34BEA63DA4BA09BDB4BD9D3D91BDA1BDE5BD143E9F3BE6BC0F3DF53D18BEED3DA63DC33DB9BCD8BD3EBC2F3ED7BD16BE35BD943D10BE70BC0B3D41BD18BE82BD4BBD893D35BE193DAFBCF73DBDBDCC3D7EBB633D2BBEC4BCE3BDC83D21BE073E1BBEE93D80BD1BBE3A3C1ABE673D2A3E8ABCD3BD083E9A3C303CB83D2DBEAEBD6B3D183C8EBD04BE023E57BD4DBCCD3D1FBB10BE25BE823C1D3DF43DB93D333EA53DAF3D1E3E95BDB63D4CBDC73CC23D28BED73D023D4EBD8CBD83BD243DAABC2F3D6CBD0D3B0F3E35BEA3BCC73D9C3D5D3DF73D2EBE0DBE2CBE1C3ECF3DF53D2A3E55BD2A3E763C233D3BBD6FBDCFBD473DD63DDABDACBDF6BC29BEE7BC263D69BC4F3CDB3DFABD6DBD17BD9A3D563D1DBE74BC0CBE0EBEAA3CD5BD103EBFBD11BDA43D513DEF3CB0BB11BDA8BD303E093EB2BDD93D6D3DF4BDABBD4DBAD4BDE3BD67BB1DBEEEBDE63C96BCAE3D013EE73DA2BDA93C71BD303D26BE133EEE3D1ABD9CBD173EC83D303ED6BDFEBD23BEDABC6C3A143EBCBD22BEF33BFF3C473D8FBD0EBE29BE343E3CBD08BDC53DC0BD26BE30BE1BBC643DAB3DA3BD543C023CDD3DDABD053E24BD9C3D16BE81BDC8BDAFBD0CBE263D313E083EE2BD91BC41BD9EBD9FBD413D9DBDFEBDC23C2C3EC2BB2F3EE7BD183E88BB013EC43C383D18BE04BD0BBBE9BCEC3D87BD92BD03BE6F3D153E003DDEBD893DC23CE63D26B9293E1D3EE7BD0A3E75BD31BE293EC3BDE63C263EAEBD023E2C3DAA3A8C3DA6BD9BBD19BE153E99BD0E3EBD3C39BC1F3EB53DC73DCBBC973D2EBE8BBB21BA17BE05BD713DF43D803C8ABDABBDEABD87BDAFBD0ABE0E3DE9BD84BB023EF1BDE33D13BE19BE2E3EB2BD1B3E223E483DB5BD3B3D173D173DB43C323EC83CB43D87BD6EBD163E74BC973D9FBD0C3D0DBECA3CDF3C75BC923DC23D013E25BE62BCD13DF13D0EBE4EB815BCF1BC9B3D983D25BEE83CC3BDBB3D85BBFC3CCABC103E16BE9D3D303E8FBD3A3DB3BDAFBDC6BDB33DEA3DBFBCB0BC03BEC33DA53D03BCE3BDB63DECBDEC3D10BE7E3DF5BDAA3C2F3EFF3D07BE2DBDF03C72BD05BD093E07BE0EBE15BE53BBF8BC3C3DC6BDBBBDA5BD8B3D2F3E1CBEC73DEF3DFFBDD3BD0D3E8DBDC33D653C21BEC33D9E3CDCBDFE3C89BDCDBD61BD14BE28BE73BBECBD763DF53DA6BC19BE26BEBE3D3E3C1DBE9EBD623D6B3CAE3D2A3E82BD5DBD33BE263E79BC52BD83BC9DBD963C063E7D3D333DA6BDC93D343E1BBECDBD303E0C3E3D3D263E70BB2B3DAD3D293E08BEA23D933D97BD9ABD8A3DD8BDC33DED3DB23DC7BD2A3E8A3D32BE2FBE803DA73D1D3E0C3EE13D5ABD45BCE3BDC13B193DA53D153D033D1C390EBE9EBD28BD423DE03BCCBDA8BD33BD1A3EF23D1CBEC4BD873D79BD62BD13BE94BC7A3D213E44BD8FBD063D663CB03C28BE0D3E09BB79BC6ABD27BE6FBD26BE953DBEBD24BEB7BD8E3DC9BD0CBE8EBD2A3EC83D2D3D3ABD94BD143D023E0CBE0D3E2EBE24BE2DBE6A3DEE3B353D05BEDBBD993D013E18BE213C40BC30BD7A3D0ABEB23D8DBDF43D34BDFE3DF2BD24BE323E76BDC43A053E223E183D29BEE0BDE13D663DC53D88BD28BEE8BC913DFD3DF0BDB2BD173E153E303E013E423DDBB907BE82BD31BEEC3DDF3DA33D01BD19BE1E3E243D193D38BD03BEA03CE4BC233E863D743D053EBEBDF33D863A26BEE33DF4BDDE3D0C3E55BC6EBDF43C073EB83D0A3EA8BB09BEA13D553C2D3D293E26BD253ED6BDEABDED3D0A3E8ABD053DA63C673DDBBC30BE723D30BEFABD0FBE8E3D9E3DD3BD223EFEBD043E9E3D1FBD0F3E053E143E13BE87BD00BE113E223DB7BDBEBCFA3D293EBF3A24BEA5BDFE3DDC3CF23D153E78BDD23DA7BCA1BDFABD0D3D1E3DEE3D323E0EBEE9BC5BBDB93DB13D243EF93DF63D09BEF0BD11BEB2BDB2BDFD3DB0BD1B3E193EE23DD43D013EED3CF1BD073E043EF63DFDBDB7BCEB3DB8BB4DBCC1BDB53DA03D1EBD063ED5BDBC3DF3BB92BDE03C1EBE143E19BDBABD8E3CD03D073EEF3D05BD243D263EC23D343EFB3C2EBE573D38BD013D8D3DCC3DACBD06BE263E373DAE3D453D02BD27BE223E2C3E71BB3DBD9F3D29BE483D1A3E3DBD20BCB43D83BC6EBB673D60BC51BA2FBCCB3D273E813CD53C01BECA3DCD3D04BED43D463DDEBDEFBC21BEC43CB63DFABD5ABC0E3E0B3EE73DCBBD84BBAFBD223E003CDFBDC9BC213C743DDCBCF53C2BBE5BBDC83D953D313E113EBC3DB0BD233EF83D82BDA8BDB4BDE6BD913DBCBD203E233D433B643DCC3DF0BC0CBE31BE283E293E88BD1F3E8F3D1DBEDFBC23BE9D3D813DAC3DE9BBD23CD9BD16BE7FBD843D06BD15BDC6BDB5BDBEBD15BD293E39BDC0BCBEBDDCBD31BEE7BD51BD28BDF9BD60BC193E0CBEE23D0BBE033DE13A12BEB9BDACBD0ABE533C10BE293E253C0ABE91BD1E3EEEBBA63DF93DB9BD1B3EBFBD17BEDB3D0ABEF6BD0ABE7C3D13BC1C3E9FBD0C3CBB3DECBC4BBCE6BDD63D883DF8BC99BDF13D1FBE983DFD3D73BD903D423DC83C9CBDD3BCD7BC8B3D33BE10BC643D5A3DC5BD81BDD73D293D343E82BDC93DC6BCE63C81BB2CBE933D473D1EBEC7BB073D123E333E00BD00BD22BD05BEB13D313E1C3E1EBE27BEEBBD02BD3BBD2ABE1EBE0FBE51BD3C3B2E3E2BBEDE3D94BD333E17BE20BED6BC963D14BE29BD0EBECF3DACBDAFBD1CBE5B3D263E393D8E3D0E3E43BC67BA1B3E73BD26BEBA3C9A3D6F3D073E173E9939D53D19BE9B3CD53DDE3D2ABE1F3EC33B943C2B3C303BDABD1E3E633DFEBD0BBECB3D0F3E023D1E3E6FBC8EBDA73DB1BAB13C643C083EA93DBE3DA33C55BDFCBDB9BC20BECCBD31BD073E34BED43DDDBD28BEF5BDF4BD2F3E043E2C3EC3BD2EBE2DBD0F3EBB3D10BE4FBDA63B2F3EF9BDF53DD53DC3BD07BED9BDEF3D30BEF63D263E2ABED9BCF53D37BD9B3DD5BAA4BD033EDF3CD6BC763DC0BD0ABDD8BDD0BDD1BD43BC05BEA5BC67BD17BDAABDDFBD273E8B3D193E23BC053E363B883B28BE7B3DC73D2FBD20BEFDBDFB3D52BDB83D073D1B3EC7BB253DFCBDF3BD073EEBBD953B2CBE89BDBDBCDB3DE03D793D2FBD9C3D3A3D683DD23C3DBC2A3EFD3D49BC32BE2F3DFE3CAB3D2ABE0B3D193EC03CB3BDACBD593D9F3D0CBE213EBDBD1C3DE93D05BEFD3D753A64BDE6BD123ED13D1CBD2F3D453D11BE203E1DBE873D9D3D31BBBABD18BEEF3D25BC9DBD7EBD9D3C0D3E23BEB33C20BE17BEDCBD053E0DBDAE3C8C3DC23C8A3DBBBD433D0D3E30BEC63D29BDCF3D2ABD303D0BBE45BDA8BD0BBE403D293E07BE333EA43C2EBE4DBDED3D19BEE5BC2A3E5FBDD63D0FBDC4BCCEBD073E20BEEEBD22BEC03CDABD253E983DE63DA03C123EC0BD72BD193E933DE0BDA1BB983DF13C343E96BD31BECB3D4C3C12BE25BC23BED73D243E3A3D323ED5BD01BDF63C04BC133E0E3E35BD26BE173DE43DAB3C83BD473D29BE163EC33C303E1A3ECE3D83BDB9BD3D3C2A3EC9BC053E94BC8F3DC6BDB43B1C3E14BEB2BD01BD29BE1CBE603BB2BCED3D9BBCFE3DCE3D0D3E16BDB23C1EBED03D983D153D1BBD243E16BEBE3D1E3E7E3D143EDEBD223E053E98BD1B3EA4BD19BE2A3E623DCA3D303DD13C713D873DF1BDED3D423C9D3D1EBEE0BDA2BD14BE0D3EE33C04BEE0BD26BD193E95BD233EC63D02BE23BE4F3DF73D10BD1FBE873D71BDACBD763C073E23BE233D0BBCF8BD183EDBBC2D3E01BE303C40BD183D2FBE573DC1BDCB3D9CBDC2BA0CBEE9BDAC3D223E173E15BE6FBDF93D8F3DCA3D243E47BD73BD693C24BE1CBD2B3E6FBC85BD8DBD10BD3EBA1FBE0A3E2FBEB2BD14BED3BD583DE1BD8EBDFEBD03BC223E993DDD3D10BE77BDA53D8ABC0D3EFFBD2EBE0CBEB5BDFE3D7CBDB2BDE2BBC93D34BE27BD85BDE9BD5CBD88BC21BE0E3E673DD03B46BAEB3C273E0C3DC83B90BBF6BD32BE0ABD24BE953DCABDB83C993DC9BD1BBD13BE0EBD133E8F3DF73DC7BD21BEA5BD96BDD73DBBBDE93D0BBE4D3DC23CF53DEE3D0CBE213E323D2F3E963D1BBE373DF4BBAE3D8FBD66BB11BEF2BCC0BD573D11BEF53AAF3C9C3B303E1CBEFE3D34BE97BDA2BDBBBD693D95BD58BD103E583D523D48BD4E3D9CBD313D1CBE1FBEBF3DC73DE43DAABDDEBCDEBDCEBDB1BA0CBDD53D113E113E63BD573B83BD063D2DBE0DBD88BC233DBB3D85BCACBD223E1FBD07BDD0BDAB3DCC3DC63DD13CFBBD273EF53DE13D9C3DEA3CBE3D38BD32BE6EBB07BE103E1FBE8FBD453DA03D353E143EF73C103E073CA3BD193BCC3C5C3BF4BBD7BD8B3D893DB73D87BD383DEB3DA8BD52BDCD3DCEBD023D2CBD7ABD2BBE773DCF3B1BBEEDBC703C093D12BE87BC073E23BEFFBDE33D93BDB0BDE3BD3D3D893C453B663D593DDCBDF83B33BE10BEB73D913CE8BDC8BD003E19BEDFBD0A3E10BED0BDD03D0BBE303D0E3EB63CBEBDEDBD26BEC23D9ABB6CBBDEBD0CBE0ABD593DE33D053E7EBC31BEFC3D90BD8A3C0BBDCCBD76BDF5BC0FBEDCBDBCBC7C3D343EEA3DF23DFDBB1D3D75BDF4BD0B3EA83D1C3EB53DD9BD24BE333E03BE4FBDC3BD893DF33DCEBCD83C0EBCABBD303EAC3D3EBDF5BDAEBD3CBD223E9ABDAC3CD93D9F3AA73DB2BD503B883CD53D153EEEBD25BDDCBD243E193E093E7B3D53BD6B3D15BE02BBD3BD0DBE35BE8B3D013E5CBD2BBE8BBD933D243EBF3D8ABD283ECD3D213CF43DE3BDB23C8A3C07BBF83DC63D243D523DF6BD083E3B3AABBD3B3D8FBD923C663CCA3CE73DE83D103E06BECFBC34BD75BD31BEF13D80BB163E2B3E7B3D5EBD223ED43DD43D05BD193D12BE163E1A3EB7BC15BC07BC6B3DD23B1ABE9FBC81BDDD3DF3BD0DBE0F3E14BEA93DFBBC2BBE28BEC53B76BC8C3DFD3CB5BD1B3E41BC0E3D8CBD29BDC9BDD9BD04BEAA3DD23D943D33BE463C2ABE91BDAC3BC93D8FBDD33D823D4F3B333E33BD1E3D99BDAF3B653D34BEFF3DAA3D90BDE6BDA7BD943D32BEA8BDFABD203EC73D33BE18BEB1BD0E3E053EC43D493D0DBEF6BC1E3ED9BD4DBDF13D39BDCEBDEBBDD3BD27BEA3BC99BBE53DB6BD4CBDFEBD323EF73A2EBEA63DC73DF53D353E17BD1E3D093E053DABBCD23C71BD083E8B3DE03D783D713DAA3CA9BDAABB8E3DDCBD343E0D3EDDBD01BE313D06BE973DE93D9C3D4A3CBBBD22BE533D053E8DBB0DBC91BD5D3C8BBD12BE5A3C82BDBFBD1ABE5CBD913C10BEED3C5FBD963D9A3D11BD2DBE25BD15BE7C3C2BBE11BED23DB6BD383D173E0EBE24BE0CBEAA3D253E1C3D06BEC7BD97BD2EBE903D073E163E25BE873D0ABD2CBEE13DC43D2ABC2B3CE9BDD93D62BD19BA163ED7BD2C3EB63DDEBDF3BD1ABEDE3DC93BD3BC0A3E0FBD8B3D023D72BCC4BDF2BD25BE0D3E243E323EAF3D24BDDABD33BE8CBDF9BD47BDFFBD02BE8EBBFDBD9F3CBEBB163EC83D9C3DF2BD163DCDBDD73D273E0EBE1C3EDFBD97BDCDBD6A3D1FBEDEBDE73CB1BD113E82BC8C3D9A3DE9BD173EEC3D833D26BE2F3EF0BD163E273E35BB9E3D07BEF63D593C183DCEBCFD3D10BEF33C963DDA3DC4BD843C573DB5BDAFBDAF3CADBD353E313D72BD2C3D9CBD5CBC443D903DF03C2AB898BD21BE083E2CBD2FBE053E123E2CBD323BF6BDE63D16BE073E763D1A3EBDBD49BCA5BA863D3E3D243D343E353DD5BDADBDCE3D293E26BE13BE11BE0C3EDDBDCC3D90BDD83DE5BB65BD003E303E93BD033E14BE0ABE493B193E063C073ED83DE23D7D3D2FBE0ABE15BE293DE43CCA3C2ABE3F3DD7BD2EBE273D08BC08BE7C3B9C3D2EBEC7BB123E1C3E95BD87BDBEBD0ABEB0BDED3DFF3D6CBDB73CD9BDE2BCE83DE23DFBBC10BECBBBB2BD2C3D253E8C3B0BBDCCBCBDBB283D2ABB25BE263ED3BD313E3DBC2ABCB23D9FBDD93A86BDFDBDE43D043EA43D313EB73D193E27BD083E373D38B9073E0DBECEBBA4BD333EAEBC7F3D003EBD3D8FBD8C3BE23D99BD703C08BE1F3DFA3D473CE53C193EC73B8BBD0A3E03BEAB3DEB3DEABA32BEA33DE53D9DBCF33D8E3D203D283EAEBDE73C08BE1E3E673D213E10BE1E3EE23D1E3EA0BD14BEFEBC0F3E323E86BCA53C84BC67BCF63CA93D27BD0CBEA9BBC83D12BE2A3E813DAB3DAF3DF93D1F3EA0BD3E3DDA3D33BED23D2EBEECBDD4BDF7BD02BED63D1CBEB0BD29BE8FBD2CBA743DBBBD003DB03D133E0CBDF6BDDE3D82BD2DBE8ABDE1BC203D0A3EE63D9BBD133E853D3B3D04BEF6BC813D55BD993DA93DFDBD133E963C41BC5BBC5FBCA4BC72BDD53C41BD133E78BD26BE333ED63D01BE0F3E1EBEB4BDBCBDF03C453D94BD74BDC2BD0B3EB03D7F3C1D3C343C26BDA4BD233E8DBDDFBD90BC5F3D1BBE463D0ABCA8BDB63C903C2FBEAA3D8A3DD0BD653DBFBD073EA2BD823D6A3D27BCC7BDAC3D3C3DA8BDC9BC963D19BED43C1A3D31BED13C0EBE22BE1F3EBA3D023E213EC3BD9BBDB1B7913D953C85BC353EB1BDA53D963DAFBDCE3DF93D0FBDF5BDDE3D093E883DB33CB13D5F3D5FBD05BE9EBD803D93BD8A3DBCBD08BE003EE5BD5E3D193E293CE23D3FBD1CBEADBD5FBDD2BDDABD9F3D283EE73D733D10BEF0BC853D1F3EB1BDD73DD03D1EBD26BEA73DB93D10BE0D3E2CBC08BE7B3CCB3DD23B0CBEC3BDD53D9B3DE83D853DEA3D1EBDA93D4A3DFC3C213E8EBD0A3E8EBD113EEFBC083E6DBD6D3C1F3E7DBC6EBC98BD023EBE3D20BD41BD223EDC3D133EBFBD89BDEDBD06BEA0BCE8BBB6BD62BD723C0EBD0CBE153E72BDF93CAD3D26BEBCBC0BBE1E3EA6BDF73D383C9ABD923D10BE84BDB1BC2F3E1EBE863D333E1DBDC0BDEEBD13BD133EE6BD2D3E0FBE153E293C4DBD13BEB4BDE4BD1FBE73BD053E21BE0F3E3F3DCA3DA5BCACBDA33D043E4D3DAF3D353E053DB4BDC13DC5BD193EEA3CA73DDE3C1A3EC23DF83DACBD003DF93DFE3D6BBD093E25BE0B3E91BDFABD183E1CBB8EBDBF3D013EAD3C02BEA2BDC7BD813D2ABEC2BD2FBEE4BA243E693D953CA73DE8BD22BD0D3E18BE31BE6EBD22BE19BDF03D05BB3D3DC53CF9BDB6BDA93C1E3E05BEEE3DDDBD1DBE093D013EE13CDD3D593CCABC2E3D313D3FBD283D323C23BE053E29BE683D0DBE0CBDA63D843D0A3E86BD5E3DA23D27BED2BDBC3DFF3CEFBC3DBD8F3DFE3D063ECC3D4B3D0DBED03D9EBDCF3DFDBD6D3DA5BB033E9E3CB33D29BE5A3D32BE26BE34BE03BE97BD3B3DBF3C55BD863D28BE243EC2BD97BDC73B8BBD863D90BCB03DD8BC8BBDC43C8A3DC33DC439E03DC0BD3DBD34BE09BE1BBEF7BD703DD3BD30BE29BE15BE4B3D84BDC13B953D133EDFBD023EA53D58BA88BD533D8E3B823D17BE92BDB0BC30BE01BE4E3D26BECE3D273E86BB04BD9EBC6CBD2E3ECBBD09BE97BDA6BCD3BD37BD60BD153E9FBD833CEABB93BC05BE863DEA3D7BBB2ABD803DD53BB3BC4B3DB83DA93DBFBD353D98BD0F3D81BD6BBB443DE2BB18BE03BE5FBDDCBD2BBE0BBE99BDE5BDAF3D963D2FBE3DBC86BC043BB33D93BD333EC83D30BEFB3CAB3D2BBC543D70BCB83DFEBDB13C2B3ED63D2CBEBA3DBA3C58BDE73DE53DC23DEFBD03BED63C193EBCBDF73D223B19BDCDBDD93D843D1FBEFE3D95BD22BE623C0E3E223EC8BD3B3D873DBC3DFDBD20BEDBBDB5BCC1BDF13D2ABEEA3D42BD083E2CBE8EBCF4BD31BE963D1E3E84BD7DBDA3BD21BE023E423B6DBCA03D95BB58BD12BE89BDC33D953DAE3DEFBD2EBE01BD20BE083DA83DA53D0CBE233DDF3D36BD2A3ECC3DF9BD263D193E6FBD793DA13C8E3DBBBC0ABEBC3CBA3D68BD803D6E3BBCBDEABDBBBDEE3D723C9B3D1D3DBBBD203B84BB703D25BEA7BDE33D21BE023DC83D973D923D783DACBDD13CB03D01BE163EB5BDCD39C1BC66BB343E463A113E04BEE3BC2FBECDBD103ECEBDD53DB6BD153E91BC28BD293EECBC023E023D083E73BD62BC90BDCDBD1DBEBABC323ED53C843D24BDA8BC003E20BEBDBB0DBEC9BD043EB93DD3BD943DDC3DD4BDA43D15BE07BDE63C5EBCA1BDF9BD33BDC4BDF5BD4A3D613D10BE94BDCFBD9CBD7E3CD8BD303E593D8C3D4C3DEFBD7BBB1DBEC4BD9B3D0CBE1F3E983D363CA53B7ABDF43C963D92BDB1BD32BD97BD0CBE09BE74BDF03DF13D9BBD2B3EB6BD023C293E1C3DB3BD223D18BE6B3D0CBE083E5EBDF9BB08BD26BE1C3ECE3D023E243E2E3E253E9A3D5A3D29BE513DD53BBDBCB63C53BD2A3E9CBC29BE243D253EDCBDABBC94BC29BE743DEFBD3DBD70BDD33D25BE1A3DE03DA03DB2BD163D7B3D1B3E873D263CDCBD963DDC3C173E233EE73DBE3CDEBD2B3E10BE73BC99BDE83D163EF3BD773D0F3EF8BDA7BD15BE76BDA3BDFD3DA43CAABD05BE073D023DC2BD363DF9BD2FBED9BD25BEE63D2D3E173EBDBD37BB",
      torch_tensor_32_torch.bfloat16_4: "0x0200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_32_torch.bfloat16_3: "0x02000000803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F",
      torch_tensor_32_torch.bfloat16_2: "0x02000000E9BDAFBD30BEB6BDE4BD45BD1DBDB53D96BD7FBD193D303D00BE20BE1E3ED4BC833D18BE8ABD10BE653DA83DBD3D593DAABDB83D0B3E98BD0BBE64BD203EF33D",
      torch_tensor_32_32_torch.bfloat16: "0x020000005C3B343E913D2DBE0FBE23BEF6BD31BD88BD2BBE983D0A3DC0BC8C3D44BD6F3C9ABDC13D0F3E073D123E713D4CBD063E103D143D993C133EE7BD86BDDEBDEEBDBA3DA1BDDD3C183EBC3D783C133E7FBD133E273E30BE8C3D983D613D1B3E273E38BDF13C69BD17BE17BC573D7EBDA43D20BEEDBDF1BDF1BAE83DC43D103E263E12BE613DCDBD06BE293E16BE1FBE0FBEE43D09BE923D0CBE3B3D9A3D06BEA9BCF9BD213E23BD05BE0FBD873D07BE073EE93C15BEF13D663DC03D9DBCBCBDBEBD843D023E6C3DB5BD333ED53CE3BDC83DC53D0DBD72BDDDBDDE3D323E40BDA93DD73D7A3D1FBEED3D0EBD2ABE99BD0CBDEF3D30BE3C3D10BEFF3DFABD05BE77BD7BBD3FBD17BEC1BD16BDB53D1C3D073E9CBD15BDC73D7BBD2ABE27BEECBD0A3D22BE14BD34BE67BD83BD28BE1C3E3D3DABBD2E3E173E723CA3BC0B3E873C973C97BC613DC43D1E3EEFBDA73B273D8B3DDC3DDE3D2FBE783DE93AA43B1DBE083E773D1BBE173E0E3E23BE57BD30BE07BC78BC2FBEDFBD56BC343EDA3D2B3E3E3C14BEB83D20BDE03C323ED4BD6F3B25BE72BD00BDFB3C113E2F3E153E8A3C0C3E85BD88BD7DBDD8BD44BDF5BCC0BD2A3D6B3DD8BD2CBE91BC15BB113DCA3DC9BD39BDD2BD3ABD16BE303E33BE8D3D5D3C633B9BBDDD3DE13C07BD2A3E2BBEEEBC2CBEF23DD1BD9B3C24BEC63D1EBD363D353E5A3D043EB83D21BC83BC15BE11BEAB3D333D873C163E35BE023EB13D0FBE1B3D593D15BEA43D74BDA1BD45BC883DC03D2FBEDC3B29BE2D3D0ABDB6BC16BEC83DDFBDBBBC20BE013E0F3D873C073EB13CFD3D08BEA0BCC2BD733D2CBE4DBD3C3C343E8CBDDCBDDBBDA4BDCABC073ED8BBB8BD59BA22BE03BBF0BD1C3E183ED2BD333D44BD73BD203E203E0A3E2DBE1C3DBE3DA93DF7BD9F3D74BD7B3C35BDA53CB3BDA03D5DBD5EBD8F3D8B3DAE3D6B3DAABD0DBDB63D33BEC63DF23D423DEA3D2A3E16BDC6BDE8BD8D3DDDBD753CCEBC01BE3C3DC0BDF83CB23D54BD45BDDFBC3EBC233DEF3D2ABE203E353EC6BDC33D323DFABD033C31BD143E99BD0EBD133EC7BD26BE173EB13C883D043D98BD423D973DA43BB33D07BE3D3D193E5ABC293EDEBCA1BDFD3BE73DC73BF9BDDB3D663DFDBDD33C893C173D97BC0C3E0EBE3DBC043D9FBD52BC2FBE8438F53BFBBC31BE9F3D94BD2B3E2C3E1C3E133E0D3ED03AA43D55BD42BB01BEB3BC483CE7BC27BE083D99BC94BD94BD96BDD93D2C3DA8BC85BDC83AEEBD353E01BEA13D1DBE01BE32BEBEBD1CBECCBD1CBD693D9EBDD73D01BE18BE10BE15BE853D033E883D803C173EB8BCCC3DACBDF33CA7BC163E96BDDF3D63BCF8BD9ABD25BEF03D8C3D08BECCBDCE3D033EE53DE33D5ABD263E2ABE72BD9F3DA43D31BDB5BD833DC23DA13D273C333D11BE2CBE16BEFB3DB8BC483DCA3DE2BD103C173E873D123EAC3D03BE1DBEE0BC17BE8D3D023EEC3D2E3E93BD0D3E1CBEA7BD1B3CF23DF1BD2CBE23BE0D3DC63D263E043E303E133E2DBE35BE373D00BE4B3D193EE73C1BBD87BDBFBD123E62BD0E3E4C3D9EBB043E43BD683D103D29BEEEBD223EA4BCADBD04BE28BA09BE76BD093E313E153E38BD22BEB83D5DBD01BE353D00BD2A3E203D953D4B3D6E3D2EBE65BC673DE5BD183E993CA63C773D89BDDA3DA73DA33DCFBDC3BC6B3DB4BB8EBDEBBC823DB8BD353E883D063EE03C7C3D08BD87BDFCBCF7BD28BE95BCE93D903D313EBABCDD3CEC3CC93D1F3E08BE79BD95BC0ABDE33D32BEF7BDECBD9B3D08BEA73CB9BC1D3D44BBF33B043E0A3DA93D00BE24BDB7BDFEBDD6BD38BD693D47BD0CBEF7BD1D3D1A3C25BE123D5A3D233E2CBDFC3DA2BD1C3E14BE2FBD1ABEAABD773DA43DE83D183E66BDE2BD0C3D0EBEAABD29BD2CBE36BDC23C5DBDB4BDEB3BB9BDA7BDDEBD8ABD493CBABDE7BD04BE2BBEF13C09BD2E3D84BD363D023EBE3C113E193EB93B023E21BC25BE0CBD923DD63DAD3D423DAEBD0F3C393C363DE33DF9BC9A3D2FBE02BE64BD023E28BDD1BD123E04BD733D8B3D293E0E3D93BCD63DA8BC053E303E09BDCBBD3ABD213E22BE423D643DBA3D10BEE43D303DB4BD1DBE973C183E1F3E823D223EF23D2A3D29BDC23D333E05BE3FBDABBCF3BD033EAC3D633BB4BD323EBFBD24BE2ABEF0BD07BE1B3EA33D27BE1A3E34BEFE3CA9BDE83DC0BDAABC8E3D80BD51BD503D073DFABD11BE86BDD63DD43D343E42BDA7BDE6BD54BDC5BB12BEB23DCEBDC93D903D913DADBCFBBD173EC4BD1A3EBEBCFE3DE3BC30BE2B3EC0BC953D01BE003E993D8C3D28BEBCBD02BBDABD92BD05BCBD3BE53DB6BD22BE2B3EB93D313D0EBDC2BD4ABC213E17BEDB3D00BE483DEE3DD73B11BB6B3D4CBDF83C133E143D02BE34BEB83D2EBE173E0BBE2DBE193E7DBD09BE113ED8BD5E3D6CBD81BAE83D023ED4BD1B3DBA3D4B3D26BE213E523DFBBDDA3D2EBC19BEFB3C15BEDCBDCFBD33BD363B73BC1C3D983DE43D94BD343E58BD26BEE3BD07BCC53A2D3EB83DE13DE43C293D0BBD22BEA63D1CBEBA3C513B283E25BE83BD223E1EBE163D22BE80BDDABC7E3BD3BD123E943DBDBDE6BD04BDC03D03BE78BD0FBE27BEFF3D60BDEF3DA93D853D11BEAEBC1C3EBE3C91BD1E3EF73CF6BD293CA7BD203D6C3D203EC33C863BA73DDDBD2D3EBD3DB7BD8ABDEC3CD63C0DBDA6BDE93DCE3D113E19BE35BD82BD13BE293EEF3D05BE8EBDE53D2C3EC13D1DBD8DBC24BD06BEF43DBA3C36BD8D3DE53D0E3D383C85BCDA3DD2BC1FBE193E4F3C3EBB8D3D083E523DB3BD273E913D213EEA3C153E2A3D93BDD33D373BE63C283EB3BDB1BD343E993C143E943D92BD57BC3BBD0B3E093DECBCC2BDC33D61BDB13C203E593DB9BC163E173E06BDFB3C18BE273E1DBEF63DDDBD333E5ABD",
      torch_tensor_96_torch.bfloat16: "0x020000007A3D33BE093E2F3E6C3CF7BD2FBEAE3D763D163EC1BDCD3D93BD09BE703C52BDA43DBFBDE93D03BE393DF13D58BD2BBE883D1FBEBFBDA3BDBFBD263E07BE0A3EECBD123E6FBDF0BCFFBDA73C90BD29BEB23D713DEFBD2A3E8FBCEC3D81BD33BEADBD0CBE243E143E09BD32BEE13D6E3DE83D103D993D38BC333E06BDA93D30BED0BC993C143EC43D303EB73C6EBD193C82BB583D093DA3BD9D3D9C3C00BEA63B00BE71BB463D35BEFD3DA4BD03BD26BD0D3EE0BD33BE26BEA53D80BDD73CAF3D",
      torch_tensor_96_32_torch.bfloat16: "0x0200000058BD693D19BEAC3D09BE2E3EF9BD253EF5BCD23D5BBCB4BDF6BC963DC13D223EB43B893DEF3D95BD6BBDA63D33BD4E3D9D3DDEBC4CBD253E8E3D30BE2ABEEEBCD9BD103E063EEB3D153E083E153ECF3B1D3E713DB93DB4BD9D3D18BE523BCABD883C943C9BBC343E28BE32BE3C3CEEBDF0BDD9BD123EE6BD15BE023EE9BDA2BCDABD563D1C3EDBBD04BE983DDCBD8B3DE03D093EBA3C263E41BDCE3D61BDC4BD593DC53DAA3DED3D69BA8E3D013EF7BD0CBDE03D04BD193EA83D98BD0E3E8DBDEB3D0E3EE03D0D3E683C1ABE0D3E8B3C8FBDDFBCD4BDA23D2EBEA83D2CBEB0BDF73DDDBCFC3D103E63BD253B09BE5CBD8B3D52BD143EC23DE73D0E3E413CE1BB0FBD293EF93D0ABE4B3D47BD193ED1BD0DBE213DF8BD1E3E283EFDBDF5BCB8BC28BE09BE293E053E81BD8A3D1EBDE23C41BC7E3DC3BD1C3EFBBC323EC9BD01BD023E26BE243DA63D05BC0ABEF0BDAE3D30BED6BDF13D39BD30BE98BDB83C8FBDAEBDCFBD193E163EF7BDEE3D2D3E8EBD8C3D34BE133EBFBD1DBEE0BD30BE213E24BE1ABE5B3DCF3DA9BDAE3D9EBCFEBDA33DB73D26BE1DBEA8BC0EBE0ABEE23C5A3C833DD7BDA6BD2FBEC53D1DBE073D073E8E3DD23D183ECE3A90BDE53A11BEE4BDBB3DF33D9E3D1CBEF8BD143E2E3C04BE0E3DC93DCA3DFA3DA2BDCE3D00BEB93D0BBEA43A223E043EA53D443CC83DFF3A143ECA3D333E6CBDBE3D063EB03DCCBD853DB3BD1FBE1C3E2BBE1F3E1EBD5ABDF9BD82BD233DBBBD213E6B3D173E13BEC1BD5DBB61BDFABD99BD20BE213ECB3D18BEF2BD203E153E253D98BD9A3D5D3D86BD2A3D0F3E123E17BE853D30BC9F3DAFBD8ABD0B3EEC3D603D1A3E01BE223E2EBEB03DBE3D033ED83DF83D113E25BE203E86BD5D3D1EBE2BBE013E29BE643D073EFA3DCBBD713CFE3D2DBEB6BC18BE24BEAFBD9ABD353E1D3B87BD443BA43D293E833C0B3E6F3CE93D22BE0E3E7ABD99BDF3BD963D1F3EB83DBF3DAEBD0ABE583B60BDCD3D4A3D7DBC04BEAC3D8EBD393C38BD243EC33DC1BD103D8EBD13BDE03D3BBC2D3C163E4E3DAB3DC2BD1E3EB33DD1BD20BEFABC23BEE53C023EF7BD25BEE33DE7BD9E3C51BDC03D113E053E33BE9CBD2C3E013EC7BD1EBEEE3D23BDF73DAFBD243EB23D33BD4DBD343E903DF4BDE43D01BE26BB88BD2DBE143E123ED33D0EBD89BD72BDE63D1A3E143E1EBD7D3DE4BC5D3DFE3C17BE0F3ECABD86BCD5BD76BD0B3E053E1B3E1DBE153EE9BD52BC103EC43C833D243D15BEA1BD60BD83BBACBAE8BDEF3D6C3C903D4A3D2DBEC93C2ABE1E3D253E083DA43D953D00BDB33B6E3C053EAA3D1D3EC8BDD1BDE9BD0C3E9BBDF23DF6BC17BE3ABDE5B98E3D2EBE19BEC23DC7BC01BD06BED03D143E53BD293E27BEF4BDCD3DD7BD973DBEBD18BEEE3CC13DD0BD95BC253D323E123D313CADBDA2BC9E3D1F3E85BD0F3EF6BD803D2BBE333EFF3DDD3D5ABD863DEDBC853DF03D183E383CA53DE4BD923D81BA90BB06BEDE3D2CBEC0BD293E263EC43DDFBD2D3E50BD02BDED3D93BC7DBC203D2C3E043EFBBD363CC7BC253DC23C8A3DD8BDF4BCBB3C01BE243D21BEE6BC27BDBE3DDBBD88BDEB3DBF3D293EEABC473CCBBD043E283E003E953DCBBDB0BD05BDCA3D70BCA7BC393D883D09BDD0BD233EC3BD203E24BE0CBE57BDDC3D9B3D963CB53C6EBB0BBE5EBD243DA7BD2C3EF7BC2ABDC6BDB83D2F3E203E24BE7DBC1EBD35BD23BE353E133EFFBDE43D55BD253EABBBBD3D34BC57BD27BE08BE2B3E283E2E3E033E23BEE7BD1E3D27BEDFBB6C3D62BDFA3C4A3C8BBDAE3C193D17BE273E343E15BE2DBDA1BBC7BA80BD403C573D5A3DCC3D093D763DC2BC3EBDA73D0F3EF33A0CBE693D0EBE6A3D2D3EF5BDC8BC2A3E923D2D3EABBDA3BCF8BDC4BD1C3D133E223E87BD1A3E01BE2ABEBF3C293E0A3E04BE17BD203EBD3D763BA2BDE53D193EEA3D983DA4BD30BE233E293DB73C883D89BD03BEC63DAFBC2DBE08BDDABC04BE0FBE27BD16BEB83D2FBEA4BD04BE81BD34BE4BBDF0BDDF3D17BE2A3E2A3E3F3D83BCD6BDA1BDF5BDDB3C2C3E72BD96BD213D29BE76BDFCBD02BE5BBD0D3E9A3D493D173ED33D09BB333DC8BCB13D223D913D29BEC4BCC03D883D343D93BDEA3D1BBDC4BD01BECC3A0FBEE23DC13C19BD1C3E4ABBAB3CED3DF53C663A263E0BBEB33D383DE1BC6D3D6D3CE1BDF5BDB6BD233E0D3E9BBCB73DDB3D193E403D0A3E42BD183DDDBD17BE1DBD12BE703DEE3D123D2DBE9A3D223EE63C24BE14BD303ECFBD0CBE063E0C3E083B293E1CBEDF3D2BBE5DBD103EB2BD07BEFD3C343E85BD21BECD3D143EE8BDB7BDAE3D233D0BBE0DBD043D923C063EC43D973C003E2BBEF83CA1BBE6BDFFBC5DBD2EBE593C343EF4BDA6BC25BDCABDA33D2DBE313E17BE98BC00BEECBD0B3E0CBDA13D7CBD7E3BB7BD193E32BE0EBC1B3E01BEE2BC023D2F3E563B11BEFEBDF43C1A3E2EBE07BE13BE1CBE693CC83D1CBEE1BC383D4E3D9B3D26BD4EBDDEBD27BEE6BA5F3D9F3C133E2D3E4B3DACBDB13D9B3DEEBC16BE20BE143EFFBD253E17BEA3BD7DBC263EF63CE9BD043E233DF0BD343E163E1DBC14BCCE3D6E3CD4BC713D2E3EF7BCCF3D92BD20BE933CEC3B7D3D23BE0ABEF53B533D26BE09BEEDBDAEBD0C3ED93D1E3E233EC73DCBBD2ABE04BE1FBE123EC4BDE53D23BDD9BDCD3C50BD60BB433D30BE2DBE273E563D0EBDCC3D8EBC573D01BED2BD763D8F3CDEBCD3BC9B3D123EFB3DC6BD95BD1DBD7BBDE0BC77BCF63DEDBD223E0B3E283EF63D9C3D0DBE0A3E34BE023D323EDE3C733CE7BD1ABECC3C863DCBBD9B3C5C3CD2BD103D16BECC3DDEBD053E153ED63DFEBDFC3D2F3B2EBE0F3E273EA13D11BE3CBD85BC233E1BBE00BEBB3D723D5CBD18BE99BCE33D213E94BBD5BD513D083EDABD253DCA3DCDBC14BEBDBD30BE94BB033E60BC0A3E11BE2D3E4ABDF5BD113E1BBD90BCA73DABBC0CBCAB3D2C3EA1BDD63B4DBD2A3CDD3D023E0FBDC8BDAC3DFFBD33BE97BD03BEF7BD973D243DB93D213D1A3D063EC93D00BE273E7D3D223E163E79BD3DBC543D20BE90BD1EBE203D9E3CFD3D27BE053EBC3D0CBD34BE20BC74BDBFBD8EBD20BD50BDA2BB02BE813D9EBD02BE98BB90BC1ABE293E0FBE153EA13C0ABE0BBE8BBD2D3E233EB53D293EDA3D513D223ED63DF03C833D4B3C9CBDA73DAC3DDC3D003E243E4E3D65BD6E3DC13D01BED8BD0BBEC5BD293EBD3D4BBC03BE4F3D023D143BECBD323EC23C0BBECF3DFDBCF9BD03BE65BCC0BDF3BDA43D08BCE5BD053C31BE103E25BED1BD12BD2CBE1CBE0BBEE5BD583DCA3DF9BDAA3DA2BD053E32BDA03D3F3D76BD9B3CAD3DE73D203DAC3D5D3D103EF9BD9CBDC5B9DF3D32BEA13D2D3EEA3D203E82BD9A3C1C3EDDBD12BDA1BD093E193D22BE063E153E1ABC273E24BE693CB73C323DAF3D753D2A3ECBBD083D983D0FBE8BBD0FBE86BDC1BD0A3EB1BD443D9FBDEA3D21BBF6BD70BDE4BD6E3D1E3E693D3A3D0EBE8F3CA33D023C31BEE4BD2EBEF03C673DB93DE03DF2BD5E3D303E9ABD35BE4DBD9CBD073E0A3E293EF73D313CBEBD013D09BDA0BD19BE1A3E26BE46BD463DD5BD3BBD17BE253D253E6D3DBBBC013E123E183E83BD7F3D323D223D053E95BDFCBD953D233DB4BDE73D99BC233E11BE9BBDA63DC7BD99BB1FBDFA3D24BEFFBD14BEC93C04BCA2BD05BEBD3DF2BDEABDD2BC33BE68BDAF3CC83D433B2C3E05BD8C3DE8BDB7BC113EF33D90BCB5BD70BD12BEB23D293EB5BCD4BD343E8ABD0FBDF4BD133EF23C34BE2A3EDC3D853D333E193DAFBD8DBDBA3DC9BDED3DCABD143E0FBD093ECABD543D013E293DBCBCDCBDA9BD8C3D163ECBBDB0BDDFBD483C9CBD7A3D88BD41BD223EB6BD1CBEC83C09BE64BD10BE02BE823CA43D3BBD2EBE14BE3EBCB53D32BD9B3D143D1F3EA03DE93CBDBD87BC173E853DF0BD103EC33DC8BD4C3C783D963DD2BCB2BBD93D1E3BACBD063E023E95BD24BEAFBD03BEE9BC1FBE07BE613DA3BCC1BCDD3C613D023EBCBC21BC29BE2EBEF6BDC03DB53D7C3DC33DDABCF4BD023E28BDFFBCE2BDF63D0A3EAEBD1C3EE83D4B3DACBDF3BDCD3CA03DEDBD083EE03D473B35BE0DBE003E8B3CEEBCE8BDA9BD173EAC3D653C0A3ED3BD74BD803D0ABE203EEA3DF13C0FBE083E83BDE6BC173E1FBD2C3E96BCD9BD23BD29BEDD3DAC3D043D1FBE693DCE3D1B3E99BD923DA93DB7BC823CE53D703C56BD8B3D423C73BD93BCD33D333E3FBD0C3E2F3ED53DB23D19BEA7BD95BD303EE63C1ABE21BE1CBE03BEDBBDC1BD073E95BD263E26BD12BE85BDA1BDF9BD29BECA3B0DBE50BD3EBDD1BDDBBB0CBE6BBD203E273E693C283D213E2E3EABBDE53C0FBDF8BD213E103EFA3B153E413DEF3D993DAB3D813DB63D1F3E8E3DE7BD853D353E163EE43D89BD333E043DC3BDDABB043E26BE26BD073E48BD92BD43BD6D3D0CBEB73C3A3D3F3D6BBBB23D2BBC0C3EF03DFABD0DBD0D3E91BC5DBD35BC26BD7DBD203D193ED23CCC3D0C3EECBD01BED5BC583DB0BCAABDF9BDA93B073EFA3B2C3EABBD273EE8BD103E9E3C343E2C3E78BD54BC45BD213DB2BD28BDDBBDDC3D0F3E9F3CB0BB08BE25BE0CBE06BE15BEAA3D0ABEAD3DF13D3BBA2C3DE23D24BE1C3E323E2D3E8DBDDE3D85BDE13C173E183D843D41BDACBD143E23BEFD3C8CBC4CBD31BED7BDCFBDDA3C8D3D25BE8BBD2DBEF83D26BEC2BCCFBCC7BD023E9B3DBD3DFF3DB5BDAF3D123E26BD6DBC893C32BE9ABCADBC04BE043E1FBE91BDD53DE13C933DF93B28BE02BE75BDF4BDE2BD6ABD213E0C3E123DE8BDDABD313EB33CA43CCDBDB9BDB23D78BC97BCB2BD06BEEABD32BE263ED53CCB3C083EB63DD4BCE03D3A3B30BE133ED5BD09BE27BD313D0E3E33BE29BEF1BDD3BD323E34BB033E4C3DD43DBCBD9E3D833D793D08BE79BD1A3E1EBD04BE19BE13BDA83D56BD013E9A3D11BEF03A253EE13D82BD06BE3C3DAE3D15BD1ABE2F3EAF3D34BEFF3B23BD283EBF3D403D55BD05BE623D923D783B1F3ED03D17BE20BCA1BD06BC843CB23CDE3DFA3D1A3C88BDB4BDBC3D833D193E19BE0ABED9BDA03D0D3E69BC18BEE63C1CBEE73D08BED23C013BB63DFBBDA23DA13BB13CF6BD2B3E03BDD3BD4BBD57BD343E053E4D3A2E3E86BAAA3C033D85BC09BE573D61BC8F3DC83D033E413D113C9CBD2A3E20BEBDBDB53CAE3DD23D20BE7C3D17BE003E1ABE013DEE3C1ABDA43DFA3D7C3D183D313E2B3EF9BD233E1E3E183A723D92BD8DBDEF3CA1BD3D3D993DD43D01BEB7BDFDBC913D92BDABBD2BBD773DEE3B36BD383D08BE2EBECD3D223ECFBBBD3DFF3D1B3E603C87BC2EBE45BC4DBDACBB2D3E6BBD13BE253E093CEBBDFF3B3ABB703D273EC6BDD3BD3CBCC93D343EE8BDADBD41BC15BE85BC093E243E033EEBBCB3BD0F3E53BDCB3B273E66BC073ED0BD2A3B343E6539ECBD1A3DB1BDC63D043E01BDDA3D153EFC3DD63D29BE14BE113E883D0EBE1B3E423C23BE91BD19BE7EBD89BC77BCCBBC91BC133EFD3D26BE293DBABD09BD8EBDB7BDC3BD33BE8ABD0CBD26BE653DC0BD50BD923D2E3EAD3D06BE033E93BC843DDFBD293EE7BDE33D183E8D3C0C3ED83DDABCB73C733BEABC20BECD3D2DBE843D84BD383C15BDCFBD88BD23BED8BDBC3D153E2CBE25BD823CC9BD063D9FBCEF3CC9BD1CBE97BCF73D1D3E103E193C083E94BD043EE13C09BE6DBD213E85BD33BE2F3E623D213DA0BD243E153E13BE9F3D263E09BE513D9ABD013EF83DBA3D40BD133E2DBDF03DAB3D15BEE4BD6ABC15BE3BBDC43D243E65BC2DBD09BE5C3DCF3C9B3D19BE0D3CA0BDCCBDB43D14BED8BD053EEDBDF43D84BDF8BD3BBCDFBD3E3D013E09BEF5BDFCBCBF3B1D3E0E3EC4BDEC3DD23D0BBEE03D2E3E29BD1C3E2C3E363D7A3B163EFA3D2C3EE8BD773DDD3DECBDF63CC5BD02BE323E13BE26BE173ED63D233D033EAF3B67BDD6BC083D2DBE24BE82BDA43CF03DABBD19BE23BE43BBE3BD1FBDEABDA33D72BDFDBD653DE1BBE23D1C3C963D723DCBBD113E033DD6BCCD3C233E063E193ECEBD31BD213DC5BC08BD083EC2BDA6BDD03CA6BDCEBD11BEF43DB4BDB6BCEB3D2EBE17BBA7BD02BEB53C5F3DEB3D353E6D3D53BBBFBD4BBD25BE26BE0BBEFD3D9A3D263EFA3DFC3D163DB73D823D10BE0FBE113EE33D3BBDCFBDFEBD0BBE68BD723CA93B853DB03C3B3D083E223D3DBCB23D7B3D9C3D43BD34BE7FBD133E78BDB6BD9BBDDE3D273E2CBE7BBD103E213DE63D0FBED83DB5BDE2BD90BD04BE573DF33DECBD823D06BEC73D7ABC443C0FBE853D8A3D80BD9CBD0E3E013EB8BD813D9ABD2BBEFEBB1ABEABBD59BCE8BDD33D56BD0DBEF43C323D42BD09BEA13D74BD95BD123ECCBDCE3DF43A1DBDE2BD2F3E8E3CCF3C10BE003EEABAA13DF63D2D3DD43DA8BD983D943DB63D71BDCB3D1E3EB1BD98BC8BBCB63DADBC253D8ABD643DD63D103D303E213E01BEFBBD11BE15BDBE3D96BD31BDA8BD4D3D163D13BEB6BDDBBC273E2BBE28BE993D683D80BC10BEB3BDFA3D293E073D353E103E4CBCE1BDC6BD54BD14BE343EAE3B2DBEB6BD6BBD13BE1BBDEABD3ABD07BEACBBF8BD913D2C3D51BCDA3DAF3D22BC603B8F3D1BBE0C3D6A3C8DBB42BDB3BD673DF8BD8C3D15BE413D853CAEBDA8BD47BDA8BD46BD26BD123ED03B1F3E0EBD0DBE25BDC43DF5BD113E83BC0D3E39BD1FBED8BD863C02BE1F3E173E2DBD063E593D7ABC33BE1ABE0ABE2FBC0A3E3B3DEBBCDE3DA13DF9BD213D433C933D963C58BDA5BD0D3E663DE93D0D3E943D10BEAD3CD93D4DBD0B3EABBD29BE343EEA3D143EDF3D1ABE5F3D273ECDBDF43C493D21BE923C853D8EBB16BEB83D16BE633D023C073C01BE8CBD55BDA8BD8ABDA93C2E3E96BD1DBE473D223E32BE1F3E033E5D3DD63DE5BD25BE243EB33DEEBDFEBD423DED3D1E3EB63CD43D8D3D803DB5BD03BE303E163D23BE86BD903CF33C07BE1E3E27BEB13DA0BD00BEA03D2EBD90BD98BC81BD293E2ABE78BDB0BC49BDDEBDC03C6A3BE63D6E3DF83D00BE173E97BD14BB853D16BD40BDA53D023EEBBDD13DF03D963D693DC23D2B3EF63DB93BF7BD8EBBD0BD203E57BD513C993D7C3D14BEEABDF73C05BE8D3D403D8DBD0FBEDE3CCABD2E3EEA3DE83DA93D8D3D08BE2C3E14BDD23D263E0B3D03BE09BCD3BD13BE013E89BD113ED2BD963D43BCA1BCD13D24BE173E14BDA43DD7BDBDBD86BB2DBD93BDC43D9EBC95BDA5BC223E14BEF1BCE3BCB03D153EE3BD06BD28BE06BE883D9EBC063E8ABCA5BD6FBD993CE83D6D3C253D7EBD8A3DF4BDE13DF9BB183EB8BD313EE63D12BE57BD1E3E763D173E18BD9BBDF03D59BD243ED33D343E093E57BD193E0CBE313EF3B9A5BD533DC23D083C013E4EBC32BEE93DD13ACB3DB3BDED3D883DD2BD28BEC1BB073DDABD40BD1CBD1EBE98BDBEBD093C343EDC3DB73D1D3E673C153DC9BDCA3DBC3D323DDEBD383DB23CD83D89BC223EFBBCD53D103D0DBE893D22BE1ABE0A3EDFBDEDBD3DBD153E333E90BDC9BDDBBDABBD2DBEA5BD253D59BD2EBEB8BC253E1F3D733D0BBE0CBEEFBD53BDA8BC9BBD783DE73D36BD27BE93BD1C3E13BE82BD9A3D27BD2B3E5CBD013EC33D25BE2E3EE3BDDD3DE4BD86BD943D02BDF4BDFA3D553D533B163E8D3D253E53381ABED33D10BE833D2BBB27BCA1BDD5BD1DBE273DEBBCD8BD1F3EF83D1C3D423DBDBC063E2FBEDCBD003E003EF5BB56BDA73DFD3D86BDB53DAF3DA23CDABDFF3CE5BC483D04BE893D1F3EB0BD043E9E3DD0BCD9BDBA3D07BECF3D13BEC0BD923CB83D27BE463D54BBD3BD3EBD0E3E01BEA6BD053D14BEA23C403D683D8B3D1F3E873C253EA6BDA53CE6BD31BEBE3C3EBCC0BDA7BD0ABE103D013EA4BD1D3E0FBE13BE333E6C3DC4BDB7BD9FBB11BED33D62BD253E043E0B3E25BEBD3DDEBDADBDDF3D1FBE6DBD9E3DB5BD213EF43DFEBD063D2FBED33D34BD383D88BD0A3EC33C05BE30BE9ABD82BC42BDF0BCBBBD81BBA43DA7BD18BDA3BC053E1DBC65BDDF3D0C3D943DABBD97BDB23DD13D653D543DAB3A13BEDA3C2A3DCB3DC23C333EA5BCE03D20BEDABCEABD5F3921BEABBD0F3E943D093E963DDD3DC4BD843D2BBE04BE29BED73D613DE2BD5A3C1E3ECCBDF9BD0BBEC5BC213E113D88BCE5BC45BD9CBD2A3E8CBD81BD78BD1E3EDDBD323EEF3A97BDE13D173E62BDCE3DD6BD99BDEE3D273E19BEEBBD04BE7ABC9DBCE63D333D0ABE4FBCD6BD933C663D25BE353EC03D34BEA1BD203E3F3C0EBEAEBD24BE5C3DB6BD2B3E4C3DBEBD033E0DBDF1BD13BEA6BD973D253D5EBD7BBD37BDF5BD273E21BEA8BCC73C4F3AFDBB10BE9DBDC9BD253E5DBD02BEFDBD04BE04BD99BD03BE7ABD113E21BE62BC293EE73D2E3D983D7DBD0CBEDFBDD3BD043EC43A13BE07BE48BCCC3DAD3C023D25BD14BBD63D6C3D71BD353EFF3D793DAD3DF33DD8BCFF3C61BD63BDE23BF3BD213EF2BDE8BDC9BCEC3DB3BD44BCCB3D1EBE283EC33D753D1939D53D4CBD783C073ECABD423C013E813CD8BD053D1ABD1BBE643BDA3BEB3D09BC03BE1E3E1A3D4BBDDA3D053E023E0E3E91BD273EDE3DF4BDAE3DCCBDA03DD0BDB13D95BD203D11BDC03D25BBA83D8BBDAA3DC63D523C57BDDE3C28BE61BC153EB53DAFBBBABD183D1F3EB53D5D3B5D3D6B3C2FBD05BEACBD9ABDD4BD2F3E1ABE143C223CB6BDB3BC843DFEBD703D1DBCB0BD0BBE8DBCA9BD",
      torch_tensor_32_torch.bfloat16_1: "0x0200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_32_torch.bfloat16: "0x02000000803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F803F"
    }
  }
#-}
