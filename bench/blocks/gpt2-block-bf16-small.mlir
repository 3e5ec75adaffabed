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
  func.func @forward(%arg0: tensor<2x32x64xbf16>, %arg1: tensor<192x64xbf16>, %arg2: tensor<64x64xbf16>, %arg3: tensor<256x64xbf16>, %arg4: tensor<64x256xbf16>) -> tensor<2x32x64xbf16> {
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
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<2x2x32x32xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<32x32xi1>
    %cst_10 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16_5> : tensor<64xbf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_256_torch.bfloat16> : tensor<256xbf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16_4> : tensor<64xbf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16_3> : tensor<64xbf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16_2> : tensor<64xbf16>
    %cst_15 = arith.constant 0xFFF0000000000000 : f64
    %cst_16 = arith.constant 0.42044820762685725 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_192_torch.bfloat16> : tensor<192xbf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16_1> : tensor<64xbf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_64_torch.bfloat16> : tensor<64xbf16>
    %cst_20 = arith.constant 1.000000e-05 : f64
    %cst_21 = arith.constant 6.400000e+01 : f64
    %cst_22 = arith.constant 6.400000e+01 : f32
    %0 = tensor.empty() : tensor<2x32x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x32x64xbf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x32x64xf32>
    %2 = tensor.empty() : tensor<2x32x64xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x32x64xf32>) outs(%2 : tensor<2x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %125 = arith.extf %in : f32 to f64
      linalg.yield %125 : f64
    } -> tensor<2x32x64xf64>
    %4 = tensor.empty() : tensor<2x32x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<2x32x1xf64>) -> tensor<2x32x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<2x32x64xf64>) outs(%5 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.addf %in, %out : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x32x1xf64>) outs(%4 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.divf %in, %cst_21 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<2x32x64xf64>, tensor<2x32x1xf64>) outs(%2 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %125 = arith.subf %in, %in_50 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x64xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<2x32x64xf64>, tensor<2x32x64xf64>) outs(%2 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %125 = arith.mulf %in, %in_50 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x64xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<2x32x64xf64>) outs(%5 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.addf %in, %out : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<2x32x1xf64>) outs(%4 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.divf %in, %cst_21 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %12 = tensor.empty() : tensor<2x32x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x32x1xf64>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %125 = arith.truncf %in : f64 to f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<2x32x1xf32>) -> tensor<2x32x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x32x64xf32>) outs(%14 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.addf %in, %out : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x32x1xf32>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.divf %in, %cst_22 : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<2x32x1xf32>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.truncf %cst_20 : f64 to f32
      %126 = arith.addf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<2x32x1xf32>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = math.rsqrt %in : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.subf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.mulf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_19 : tensor<2x32x64xf32>, tensor<64xbf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %125 = arith.extf %in_50 : bf16 to f32
      %126 = arith.mulf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_18 : tensor<2x32x64xf32>, tensor<64xbf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %125 = arith.extf %in_50 : bf16 to f32
      %126 = arith.addf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %23 = tensor.empty() : tensor<2x32x64xbf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x32x64xf32>) outs(%23 : tensor<2x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<2x32x64xbf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<2x32x64xbf16> into tensor<64x64xbf16>
    %25 = tensor.empty() : tensor<64x192xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<192x64xbf16>) outs(%25 : tensor<64x192xbf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<192xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_17 : tensor<192xbf16>) outs(%26 : tensor<192xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<192xf32>
    %28 = tensor.empty() : tensor<64x64xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<64x64xbf16>) outs(%28 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x64xf32>
    %30 = tensor.empty() : tensor<64x192xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x192xbf16>) outs(%30 : tensor<64x192xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x192xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<64x192xf32>) -> tensor<64x192xf32>
    %33 = linalg.matmul ins(%29, %31 : tensor<64x64xf32>, tensor<64x192xf32>) outs(%32 : tensor<64x192xf32>) -> tensor<64x192xf32>
    %34 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%33, %27 : tensor<64x192xf32>, tensor<192xf32>) outs(%30 : tensor<64x192xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<64x192xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%34 : tensor<64x192xf32>) outs(%25 : tensor<64x192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<64x192xbf16>
    %expanded = tensor.expand_shape %35 [[0, 1], [2]] output_shape [2, 32, 192] : tensor<64x192xbf16> into tensor<2x32x192xbf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 32, 64] [1, 1, 1] : tensor<2x32x192xbf16> to tensor<2x32x64xbf16>
    %extracted_slice_23 = tensor.extract_slice %expanded[0, 0, 64] [2, 32, 64] [1, 1, 1] : tensor<2x32x192xbf16> to tensor<2x32x64xbf16>
    %extracted_slice_24 = tensor.extract_slice %expanded[0, 0, 128] [2, 32, 64] [1, 1, 1] : tensor<2x32x192xbf16> to tensor<2x32x64xbf16>
    %expanded_25 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 32, 2, 32] : tensor<2x32x64xbf16> into tensor<2x32x2x32xbf16>
    %36 = tensor.empty() : tensor<2x2x32x32xbf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<2x32x2x32xbf16>) outs(%36 : tensor<2x2x32x32xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_27 = tensor.expand_shape %extracted_slice_23 [[0], [1], [2, 3]] output_shape [2, 32, 2, 32] : tensor<2x32x64xbf16> into tensor<2x32x2x32xbf16>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<2x32x2x32xbf16>) outs(%36 : tensor<2x2x32x32xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_29 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [2, 32, 2, 32] : tensor<2x32x64xbf16> into tensor<2x32x2x32xbf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<2x32x2x32xbf16>) outs(%36 : tensor<2x2x32x32xbf16>) permutation = [0, 2, 1, 3] 
    %37 = tensor.empty() : tensor<2x2x32x32xf32>
    %38 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_26 : tensor<2x2x32x32xbf16>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %39 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_28 : tensor<2x2x32x32xbf16>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<2x2x32x32xbf16>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38 : tensor<2x2x32x32xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.truncf %cst_16 : f64 to f32
      %126 = arith.mulf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x2x32x32xf32>
    %42 = tensor.empty() : tensor<32xi64>
    %43 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%42 : tensor<32xi64>) {
    ^bb0(%out: i64):
      %125 = linalg.index 0 : index
      %126 = arith.index_cast %125 : index to i64
      linalg.yield %126 : i64
    } -> tensor<32xi64>
    %expanded_31 = tensor.expand_shape %43 [[0, 1]] output_shape [1, 32] : tensor<32xi64> into tensor<1x32xi64>
    %expanded_32 = tensor.expand_shape %43 [[0, 1]] output_shape [32, 1] : tensor<32xi64> into tensor<32x1xi64>
    %44 = tensor.empty() : tensor<32x32xi64>
    %45 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_31, %expanded_32 : tensor<1x32xi64>, tensor<32x1xi64>) outs(%44 : tensor<32x32xi64>) {
    ^bb0(%in: i64, %in_50: i64, %out: i64):
      %125 = arith.subi %in, %in_50 : i64
      linalg.yield %125 : i64
    } -> tensor<32x32xi64>
    %46 = tensor.empty() : tensor<32x32xi1>
    %47 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<32x32xi64>) outs(%46 : tensor<32x32xi1>) {
    ^bb0(%in: i64, %out: i1):
      %125 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %125 : i1
    } -> tensor<32x32xi1>
    %48 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%47, %cst_9 : tensor<32x32xi1>, tensor<32x32xi1>) outs(%46 : tensor<32x32xi1>) {
    ^bb0(%in: i1, %in_50: i1, %out: i1):
      %125 = arith.andi %in, %in_50 : i1
      linalg.yield %125 : i1
    } -> tensor<32x32xi1>
    %49 = tensor.empty() : tensor<32x32xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map9, #map9, #map4], iterator_types = ["parallel", "parallel"]} ins(%48, %cst_7, %cst_8 : tensor<32x32xi1>, tensor<f32>, tensor<f32>) outs(%49 : tensor<32x32xf32>) {
    ^bb0(%in: i1, %in_50: f32, %in_51: f32, %out: f32):
      %125 = arith.select %in, %in_50, %in_51 : f32
      linalg.yield %125 : f32
    } -> tensor<32x32xf32>
    %transposed_33 = linalg.transpose ins(%39 : tensor<2x2x32x32xf32>) outs(%37 : tensor<2x2x32x32xf32>) permutation = [0, 1, 3, 2] 
    %51 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_33 : tensor<2x2x32x32xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.truncf %cst_16 : f64 to f32
      %126 = arith.mulf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x2x32x32xf32>
    %collapsed_34 = tensor.collapse_shape %41 [[0, 1], [2], [3]] : tensor<2x2x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_35 = tensor.collapse_shape %51 [[0, 1], [2], [3]] : tensor<2x2x32x32xf32> into tensor<4x32x32xf32>
    %52 = tensor.empty() : tensor<4x32x32xf32>
    %53 = linalg.fill ins(%cst_0 : f32) outs(%52 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %54 = linalg.batch_matmul ins(%collapsed_34, %collapsed_35 : tensor<4x32x32xf32>, tensor<4x32x32xf32>) outs(%53 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_36 = tensor.expand_shape %54 [[0, 1], [2], [3]] output_shape [2, 2, 32, 32] : tensor<4x32x32xf32> into tensor<2x2x32x32xf32>
    %55 = linalg.generic {indexing_maps = [#map6, #map10, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_36, %50 : tensor<2x2x32x32xf32>, tensor<32x32xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %56 = tensor.empty() : tensor<2x2x32xi64>
    %57 = linalg.fill ins(%c0_i64 : i64) outs(%56 : tensor<2x2x32xi64>) -> tensor<2x2x32xi64>
    %58 = tensor.empty() : tensor<2x2x32xf32>
    %59 = linalg.fill ins(%cst_1 : f32) outs(%58 : tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
    %60:2 = linalg.generic {indexing_maps = [#map6, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%55 : tensor<2x2x32x32xf32>) outs(%59, %57 : tensor<2x2x32xf32>, tensor<2x2x32xi64>) {
    ^bb0(%in: f32, %out: f32, %out_50: i64):
      %125 = linalg.index 3 : index
      %126 = arith.index_cast %125 : index to i64
      %127 = arith.maximumf %in, %out : f32
      %128 = arith.cmpf ogt, %in, %out : f32
      %129 = arith.select %128, %126, %out_50 : i64
      linalg.yield %127, %129 : f32, i64
    } -> (tensor<2x2x32xf32>, tensor<2x2x32xi64>)
    %expanded_37 = tensor.expand_shape %60#0 [[0], [1], [2, 3]] output_shape [2, 2, 32, 1] : tensor<2x2x32xf32> into tensor<2x2x32x1xf32>
    %61 = linalg.generic {indexing_maps = [#map6, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %expanded_37 : tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.subf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %62 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61 : tensor<2x2x32x32xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = math.exp %in : f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %63 = tensor.empty() : tensor<2x2x32x1xf32>
    %64 = linalg.fill ins(%cst_0 : f32) outs(%63 : tensor<2x2x32x1xf32>) -> tensor<2x2x32x1xf32>
    %65 = linalg.generic {indexing_maps = [#map6, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%62 : tensor<2x2x32x32xf32>) outs(%64 : tensor<2x2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.addf %in, %out : f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x1xf32>
    %66 = linalg.generic {indexing_maps = [#map6, #map12, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %65 : tensor<2x2x32x32xf32>, tensor<2x2x32x1xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.divf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %67 = tensor.empty() : tensor<2x2x32x32xi1>
    %68 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55 : tensor<2x2x32x32xf32>) outs(%67 : tensor<2x2x32x32xi1>) {
    ^bb0(%in: f32, %out: i1):
      %125 = arith.extf %in : f32 to f64
      %126 = arith.cmpf oeq, %125, %cst_15 : f64
      linalg.yield %126 : i1
    } -> tensor<2x2x32x32xi1>
    %69 = tensor.empty() : tensor<2x2x32x1xi1>
    %70 = linalg.fill ins(%true : i1) outs(%69 : tensor<2x2x32x1xi1>) -> tensor<2x2x32x1xi1>
    %71 = linalg.generic {indexing_maps = [#map6, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%68 : tensor<2x2x32x32xi1>) outs(%70 : tensor<2x2x32x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %125 = arith.andi %in, %out : i1
      linalg.yield %125 : i1
    } -> tensor<2x2x32x1xi1>
    %72 = linalg.generic {indexing_maps = [#map12, #map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %cst_6, %66 : tensor<2x2x32x1xi1>, tensor<2x2x32x32xf32>, tensor<2x2x32x32xf32>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: i1, %in_50: f32, %in_51: f32, %out: f32):
      %125 = arith.select %in, %in_50, %in_51 : f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %collapsed_38 = tensor.collapse_shape %72 [[0, 1], [2], [3]] : tensor<2x2x32x32xf32> into tensor<4x32x32xf32>
    %collapsed_39 = tensor.collapse_shape %40 [[0, 1], [2], [3]] : tensor<2x2x32x32xf32> into tensor<4x32x32xf32>
    %73 = linalg.batch_matmul ins(%collapsed_38, %collapsed_39 : tensor<4x32x32xf32>, tensor<4x32x32xf32>) outs(%53 : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
    %expanded_40 = tensor.expand_shape %73 [[0, 1], [2], [3]] output_shape [2, 2, 32, 32] : tensor<4x32x32xf32> into tensor<2x2x32x32xf32>
    %74 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<2x2x32x32xf32>) outs(%36 : tensor<2x2x32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<2x2x32x32xbf16>
    %75 = tensor.empty() : tensor<2x32x2x32xbf16>
    %transposed_41 = linalg.transpose ins(%74 : tensor<2x2x32x32xbf16>) outs(%75 : tensor<2x32x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_42 = tensor.collapse_shape %transposed_41 [[0], [1], [2, 3]] : tensor<2x32x2x32xbf16> into tensor<2x32x64xbf16>
    %76 = tensor.empty() : tensor<64x64xbf16>
    %transposed_43 = linalg.transpose ins(%arg2 : tensor<64x64xbf16>) outs(%76 : tensor<64x64xbf16>) permutation = [1, 0] 
    %77 = tensor.empty() : tensor<2x64x64xbf16>
    %78 = linalg.generic {indexing_maps = [#map13, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_43 : tensor<64x64xbf16>) outs(%77 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x64xbf16>
    %79 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
    %80 = linalg.batch_matmul ins(%collapsed_42, %78 : tensor<2x32x64xbf16>, tensor<2x64x64xbf16>) outs(%79 : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<2x32x64xf32>) outs(%23 : tensor<2x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<2x32x64xbf16>
    %82 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %cst_14 : tensor<2x32x64xbf16>, tensor<64xbf16>) outs(%23 : tensor<2x32x64xbf16>) {
    ^bb0(%in: bf16, %in_50: bf16, %out: bf16):
      %125 = arith.addf %in, %in_50 : bf16
      linalg.yield %125 : bf16
    } -> tensor<2x32x64xbf16>
    %83 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %82 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>) outs(%23 : tensor<2x32x64xbf16>) {
    ^bb0(%in: bf16, %in_50: bf16, %out: bf16):
      %125 = arith.addf %in, %in_50 : bf16
      linalg.yield %125 : bf16
    } -> tensor<2x32x64xbf16>
    %84 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x32x64xbf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x32x64xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x32x64xf32>) outs(%2 : tensor<2x32x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %125 = arith.extf %in : f32 to f64
      linalg.yield %125 : f64
    } -> tensor<2x32x64xf64>
    %86 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%85 : tensor<2x32x64xf64>) outs(%5 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.addf %in, %out : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x32x1xf64>) outs(%4 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.divf %in, %cst_21 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %88 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85, %87 : tensor<2x32x64xf64>, tensor<2x32x1xf64>) outs(%2 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %125 = arith.subf %in, %in_50 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x64xf64>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %88 : tensor<2x32x64xf64>, tensor<2x32x64xf64>) outs(%2 : tensor<2x32x64xf64>) {
    ^bb0(%in: f64, %in_50: f64, %out: f64):
      %125 = arith.mulf %in, %in_50 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x64xf64>
    %90 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%89 : tensor<2x32x64xf64>) outs(%5 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.addf %in, %out : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<2x32x1xf64>) outs(%4 : tensor<2x32x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %125 = arith.divf %in, %cst_21 : f64
      linalg.yield %125 : f64
    } -> tensor<2x32x1xf64>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x32x1xf64>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %125 = arith.truncf %in : f64 to f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<2x32x64xf32>) outs(%14 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.addf %in, %out : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x32x1xf32>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.divf %in, %cst_22 : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<2x32x1xf32>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = arith.truncf %cst_20 : f64 to f32
      %126 = arith.addf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x1xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x32x1xf32>) outs(%12 : tensor<2x32x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %125 = math.rsqrt %in : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x1xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %94 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.subf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x64xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %96 : tensor<2x32x64xf32>, tensor<2x32x1xf32>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.mulf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<2x32x64xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %cst_13 : tensor<2x32x64xf32>, tensor<64xbf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %125 = arith.extf %in_50 : bf16 to f32
      %126 = arith.mulf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %cst_12 : tensor<2x32x64xf32>, tensor<64xbf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: bf16, %out: f32):
      %125 = arith.extf %in_50 : bf16 to f32
      %126 = arith.addf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<2x32x64xf32>) outs(%23 : tensor<2x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<2x32x64xbf16>
    %collapsed_44 = tensor.collapse_shape %101 [[0, 1], [2]] : tensor<2x32x64xbf16> into tensor<64x64xbf16>
    %102 = tensor.empty() : tensor<64x256xbf16>
    %transposed_45 = linalg.transpose ins(%arg3 : tensor<256x64xbf16>) outs(%102 : tensor<64x256xbf16>) permutation = [1, 0] 
    %103 = tensor.empty() : tensor<256xf32>
    %104 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_11 : tensor<256xbf16>) outs(%103 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<256xf32>
    %105 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_44 : tensor<64x64xbf16>) outs(%28 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x64xf32>
    %106 = tensor.empty() : tensor<64x256xf32>
    %107 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_45 : tensor<64x256xbf16>) outs(%106 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x256xf32>
    %108 = linalg.fill ins(%cst_0 : f32) outs(%106 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %109 = linalg.matmul ins(%105, %107 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%108 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %110 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%109, %104 : tensor<64x256xf32>, tensor<256xf32>) outs(%106 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<64x256xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<64x256xf32>) outs(%102 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<64x256xbf16>
    %expanded_46 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [2, 32, 256] : tensor<64x256xbf16> into tensor<2x32x256xbf16>
    %112 = tensor.empty() : tensor<2x32x256xbf16>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x32x256xbf16>) outs(%112 : tensor<2x32x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %125 = math.fpowi %in, %c3_i64 : bf16, i64
      %126 = arith.mulf %125, %cst_2 : bf16
      %127 = arith.addf %in, %126 : bf16
      %128 = arith.mulf %127, %cst_3 : bf16
      %129 = math.tanh %128 : bf16
      %130 = arith.addf %129, %cst_4 : bf16
      %131 = arith.mulf %130, %cst_5 : bf16
      %132 = arith.mulf %in, %131 : bf16
      linalg.yield %132 : bf16
    } -> tensor<2x32x256xbf16>
    %collapsed_47 = tensor.collapse_shape %113 [[0, 1], [2]] : tensor<2x32x256xbf16> into tensor<64x256xbf16>
    %114 = tensor.empty() : tensor<256x64xbf16>
    %transposed_48 = linalg.transpose ins(%arg4 : tensor<64x256xbf16>) outs(%114 : tensor<256x64xbf16>) permutation = [1, 0] 
    %115 = tensor.empty() : tensor<64xf32>
    %116 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_10 : tensor<64xbf16>) outs(%115 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<64xf32>
    %117 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_47 : tensor<64x256xbf16>) outs(%106 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x256xf32>
    %118 = tensor.empty() : tensor<256x64xf32>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_48 : tensor<256x64xbf16>) outs(%118 : tensor<256x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %125 = arith.extf %in : bf16 to f32
      linalg.yield %125 : f32
    } -> tensor<256x64xf32>
    %120 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %121 = linalg.matmul ins(%117, %119 : tensor<64x256xf32>, tensor<256x64xf32>) outs(%120 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %122 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%121, %116 : tensor<64x64xf32>, tensor<64xf32>) outs(%28 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<64x64xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%122 : tensor<64x64xf32>) outs(%76 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %125 = arith.truncf %in : f32 to bf16
      linalg.yield %125 : bf16
    } -> tensor<64x64xbf16>
    %expanded_49 = tensor.expand_shape %123 [[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xbf16> into tensor<2x32x64xbf16>
    %124 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_49 : tensor<2x32x64xbf16>, tensor<2x32x64xbf16>) outs(%23 : tensor<2x32x64xbf16>) {
    ^bb0(%in: bf16, %in_50: bf16, %out: bf16):
      %125 = arith.addf %in, %in_50 : bf16
      linalg.yield %125 : bf16
    } -> tensor<2x32x64xbf16>
    return %124 : tensor<2x32x64xbf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_64_torch.bfloat16_5: "0x0200000097BD03BEC2BDB8BDF0BA23BE46BE18BEEDBD0EBE31BE19BE33BE86BCDB3D5DBC78BDA1BD2BBEF6BC8DBD0B3E26BC4C3E4ABECBBCCC3CEF3B9ABDA23DB63DBFBC273EA4BD14BED1BB42BE073E39BE7ABD0C3EB53D123E88BC4B3E47BE24BE033D59BC16BE45BE51BD2B3E84BD24BE7A3D41BE3F3E4CBD3DBEE0BC233C45BDBC3D",
      torch_tensor_256_torch.bfloat16: "0x02000000A73D0CBE893D2CBE3ABD213DC33BF7BD15BEC13B993D3CBE2E3D2BBD993D443E25BEA0BD293D13BE3BBE003DC6BD3FBE8D3D1F3E42BE243CF13D8A3C093EDFBDEABDBCBC06BD36BE47BEA9BD88BDDD3DDBBDC1BD313EDFBCC83D0DBDDFBD923D0C3EA03D34BE37BEAB3D2DBD183EB23D973C413D2B3E2A3D083EC7BC20BE1CBEF33D3B3E1C3EC43DBEBD443E3CBE29BE4E3D29BE453E6DBA23BEE23DB9BDE83C353E21BE5A3C473E0A3DD5BD54BD02BD21BE033E043E773D0A3E1C3DE4BD7E3DF03D77BD113E2C3D82BCA13D90BD093E46BE343E03BDCB3D903D4E3D763DCC3D353E08BE45BDE43D2D3D173E003D46BE17BC13BE27BD353ECDBD213D0E3E013E9E3D01BE2F3EA6BCD4BD0D3D1E3D173EA8BC1DBB27BD89BD25BD46BEF0BDBF3D95BDFEBD443E603D1ABE14BDB7BDD43D453B52BD403D983D0A3E453E46BE363E2CBD07BE2EBEFBBD143E403E3BBE2A3E863D173E12BE0BBE3E3ED53D9C3D013E39BE9D3D0EBEB13D24BDBBBDCC3D243E48BE2F3D893D0D3E343E90BD47BED03DA73D9C3D373E92BDC6BD1FBEB63DAB3C203D7B3CE23D0EBB9B3C25BDB5BDF53C013CE03DE53DD9BBF6BD3F3D7C3D833D38BE033E263E40BD3D3E1C3E143E973ACDBD103EA73D3EBDAF3D48BE5FBD8D3D6FBC7ABC1ABC613D3ABD7C3D7DBBD23D3DBEEFBDFE3D193C6C3D163EB33DB7BD97BD743D053E39BED6BD223E5A3B0DBE",
      torch_tensor_64_torch.bfloat16_4: "0x020000001A3C28BE453EEA3C4ABEDF3D443E133D94BD00BE8D3DFABDFF3C283D3D3E2FBE36B7C83D04BE37BD33BEB93D29BE2CBD193E36BC293EDA3D2A3E19BE2FBE30BE173E5C3DB4BA0ABE8E3D95BDAD3D82BC443BED3D27BE013DF8BDFC3D92BB483E02BE3E3EF73DF6BB003E293D7E3D293E32BE093E42BD8FBD4A3EE63DBEBBFEBC",
      torch_tensor_64_torch.bfloat16_3: "0x02000000203F4A3F8B3F873FA83F883F4A3F6A3FA93F903FBB3F5F3F873F8C3FAD3F253F683FB43F0B3FA93F6A3FAA3F033F5D3F143F943F463F9A3FB93F203FAF3F0F3F613F6E3F7D3FBD3FA33F4F3F453FAE3FB13F813F583FBF3F513F2F3FB13FA83F953FBB3FB63FA03FAE3F3F3F243F963F9B3F2B3F653FB53F883F8A3F323F833F",
      torch_tensor_64_torch.bfloat16_2: "0x0200000083BD3BBD3EBE2ABE07BE083E1B3D063E3CBE0CBE1BBEA3BBBA3D32BED7BD203E04BEC13C0FBE3FBDDA3D35BEA83D083D483E1C3EBEBC06BE97BDA43D98BC7F3D84BD3FBEF93DEABDD03D0CBEF7BDAE3D5B3DFE3C213D8E3C90BDF63D26BEB8BD7DBD26BD3C3D713DB4BCFD3DA4BC363E0ABE5D3D85BD26BE853D243E813B81BD",
      torch_tensor_192_torch.bfloat16: "0x020000003A3E3D3EF03D8EBC143E88BB823DA8BD033EF7BC4C3E0FBEF4BD60BDAC3CCABDB4BD4BBE49BE8C3DC63DD8BDD73D44BE02BE6C3D093E7CBD533DF4BD90BDB6BDA93D043E2E3EDD3D17BEEDBB18BDC13D4CBE42BE3DBE01BE273E883C153EE0BD85BC3D3E7BBD0E3E363E89BD23BEE6BD04BE0F3E9BBD88BD243E983DECBDA8BCB4BCC3BB43BEE43D123C65BC3ABC37BE3EBEA2BC12BEE23D113D22BE273D8D3D9EBD223B803DD0BD833D04BE20BD453E073ED2BDE5BC6ABDD73D57BDF5BD213D96BD313EF6BC3DBE7D3D443E26BE0ABD463E3CBD2F3E1D3EB7BDB83C35BE9F3D4EBDC2BD393E073E4C3E65BD68BD18BE40BE59BD4B390DBE05BE33BD12BE163EBA3D8FBD903D133E49BD103E3D3E6FBD83BD593DFFBD2ABEE43D783DF8BDC7BD33BED73DD93DD1BC0CBE23BE473E16BC9A3D0F3EFCBDF1BBECBCBFBD2DBE893D4ABE42BD283EC1BC4A3E473E753D75BD36BE253E16BED23D2F3E323E9EBD28BEE8BD213EF73D4C3DB83D2CBE3B3DB33D4DBEDDBD013E85BCC3BC123DC7BC3B3E",
      torch_tensor_64_torch.bfloat16_1: "0x02000000A5BD8D3DF6BD353E5DBD22BE543D2F3EC3BC3A3E2FB8F5BC453D4B3E383E83BCD33D87BA403CEA3D0CBDC03DAD3D313E1EBEBC3D2F3E403E47BE153E453E3B3E10BE423E203E043E03BCDBBDF73D2D3EC0BD7F3CBCBC313E3CBEBE3D3B3D41BEB43D46BED33DA73B303E32BE0C3E31BE7FBDE4BC3F3ECC3CC6BDD4BD1F3EE1BD",
      torch_tensor_64_torch.bfloat16: "0x02000000923F453F0A3F043FA83FB53F8E3F9D3F863FB83FA83F013FAE3F093F9D3F2D3FAE3F853F4D3F6C3F073F203F963F933F8F3F623FC03FBE3F983F933F983F643F233F9C3F833F4F3F7C3FB23FB83F5C3F893F523F8C3F573F643FB23F3A3F903F163FAB3FA53F3D3FB03F0F3F563F263F733FA63F3B3F0D3F683F333F173F8A3F"
    }
  }
#-}
