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
  func.func @forward(%arg0: tensor<2x32x64xf16>, %arg1: tensor<192x64xf16>, %arg2: tensor<64x64xf16>, %arg3: tensor<256x64xf16>, %arg4: tensor<64x256xf16>) -> tensor<2x32x64xf16> {
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
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<2x2x32x32xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<32x32xi1>
    %cst_10 = arith.constant dense_resource<torch_tensor_64_torch.float16_5> : tensor<64xf16>
    %cst_11 = arith.constant dense_resource<torch_tensor_256_torch.float16> : tensor<256xf16>
    %cst_12 = arith.constant dense_resource<torch_tensor_64_torch.float16_4> : tensor<64xf16>
    %cst_13 = arith.constant dense_resource<torch_tensor_64_torch.float16_3> : tensor<64xf16>
    %cst_14 = arith.constant dense_resource<torch_tensor_64_torch.float16_2> : tensor<64xf16>
    %cst_15 = arith.constant 0xFFF0000000000000 : f64
    %cst_16 = arith.constant 0.42044820762685725 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_192_torch.float16> : tensor<192xf16>
    %cst_18 = arith.constant dense_resource<torch_tensor_64_torch.float16_1> : tensor<64xf16>
    %cst_19 = arith.constant dense_resource<torch_tensor_64_torch.float16> : tensor<64xf16>
    %cst_20 = arith.constant 1.000000e-05 : f64
    %cst_21 = arith.constant 6.400000e+01 : f64
    %cst_22 = arith.constant 6.400000e+01 : f32
    %0 = tensor.empty() : tensor<2x32x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x32x64xf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
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
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_19 : tensor<2x32x64xf32>, tensor<64xf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %125 = arith.extf %in_50 : f16 to f32
      %126 = arith.mulf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %cst_18 : tensor<2x32x64xf32>, tensor<64xf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %125 = arith.extf %in_50 : f16 to f32
      %126 = arith.addf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %23 = tensor.empty() : tensor<2x32x64xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x32x64xf32>) outs(%23 : tensor<2x32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<2x32x64xf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<2x32x64xf16> into tensor<64x64xf16>
    %25 = tensor.empty() : tensor<64x192xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<192x64xf16>) outs(%25 : tensor<64x192xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<192xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_17 : tensor<192xf16>) outs(%26 : tensor<192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<192xf32>
    %28 = tensor.empty() : tensor<64x64xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<64x64xf16>) outs(%28 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x64xf32>
    %30 = tensor.empty() : tensor<64x192xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x192xf16>) outs(%30 : tensor<64x192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x192xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<64x192xf32>) -> tensor<64x192xf32>
    %33 = linalg.matmul ins(%29, %31 : tensor<64x64xf32>, tensor<64x192xf32>) outs(%32 : tensor<64x192xf32>) -> tensor<64x192xf32>
    %34 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%33, %27 : tensor<64x192xf32>, tensor<192xf32>) outs(%30 : tensor<64x192xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<64x192xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%34 : tensor<64x192xf32>) outs(%25 : tensor<64x192xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<64x192xf16>
    %expanded = tensor.expand_shape %35 [[0, 1], [2]] output_shape [2, 32, 192] : tensor<64x192xf16> into tensor<2x32x192xf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 32, 64] [1, 1, 1] : tensor<2x32x192xf16> to tensor<2x32x64xf16>
    %extracted_slice_23 = tensor.extract_slice %expanded[0, 0, 64] [2, 32, 64] [1, 1, 1] : tensor<2x32x192xf16> to tensor<2x32x64xf16>
    %extracted_slice_24 = tensor.extract_slice %expanded[0, 0, 128] [2, 32, 64] [1, 1, 1] : tensor<2x32x192xf16> to tensor<2x32x64xf16>
    %expanded_25 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 32, 2, 32] : tensor<2x32x64xf16> into tensor<2x32x2x32xf16>
    %36 = tensor.empty() : tensor<2x2x32x32xf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<2x32x2x32xf16>) outs(%36 : tensor<2x2x32x32xf16>) permutation = [0, 2, 1, 3] 
    %expanded_27 = tensor.expand_shape %extracted_slice_23 [[0], [1], [2, 3]] output_shape [2, 32, 2, 32] : tensor<2x32x64xf16> into tensor<2x32x2x32xf16>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<2x32x2x32xf16>) outs(%36 : tensor<2x2x32x32xf16>) permutation = [0, 2, 1, 3] 
    %expanded_29 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [2, 32, 2, 32] : tensor<2x32x64xf16> into tensor<2x32x2x32xf16>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<2x32x2x32xf16>) outs(%36 : tensor<2x2x32x32xf16>) permutation = [0, 2, 1, 3] 
    %37 = tensor.empty() : tensor<2x2x32x32xf32>
    %38 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_26 : tensor<2x2x32x32xf16>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %39 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_28 : tensor<2x2x32x32xf16>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<2x2x32x32xf32>
    %40 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30 : tensor<2x2x32x32xf16>) outs(%37 : tensor<2x2x32x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
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
    %74 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<2x2x32x32xf32>) outs(%36 : tensor<2x2x32x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<2x2x32x32xf16>
    %75 = tensor.empty() : tensor<2x32x2x32xf16>
    %transposed_41 = linalg.transpose ins(%74 : tensor<2x2x32x32xf16>) outs(%75 : tensor<2x32x2x32xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_42 = tensor.collapse_shape %transposed_41 [[0], [1], [2, 3]] : tensor<2x32x2x32xf16> into tensor<2x32x64xf16>
    %76 = tensor.empty() : tensor<64x64xf16>
    %transposed_43 = linalg.transpose ins(%arg2 : tensor<64x64xf16>) outs(%76 : tensor<64x64xf16>) permutation = [1, 0] 
    %77 = tensor.empty() : tensor<2x64x64xf16>
    %78 = linalg.generic {indexing_maps = [#map13, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_43 : tensor<64x64xf16>) outs(%77 : tensor<2x64x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<2x64x64xf16>
    %79 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
    %80 = linalg.batch_matmul ins(%collapsed_42, %78 : tensor<2x32x64xf16>, tensor<2x64x64xf16>) outs(%79 : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<2x32x64xf32>) outs(%23 : tensor<2x32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<2x32x64xf16>
    %82 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %cst_14 : tensor<2x32x64xf16>, tensor<64xf16>) outs(%23 : tensor<2x32x64xf16>) {
    ^bb0(%in: f16, %in_50: f16, %out: f16):
      %125 = arith.addf %in, %in_50 : f16
      linalg.yield %125 : f16
    } -> tensor<2x32x64xf16>
    %83 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %82 : tensor<2x32x64xf16>, tensor<2x32x64xf16>) outs(%23 : tensor<2x32x64xf16>) {
    ^bb0(%in: f16, %in_50: f16, %out: f16):
      %125 = arith.addf %in, %in_50 : f16
      linalg.yield %125 : f16
    } -> tensor<2x32x64xf16>
    %84 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x32x64xf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
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
    %99 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %cst_13 : tensor<2x32x64xf32>, tensor<64xf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %125 = arith.extf %in_50 : f16 to f32
      %126 = arith.mulf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %cst_12 : tensor<2x32x64xf32>, tensor<64xf16>) outs(%0 : tensor<2x32x64xf32>) {
    ^bb0(%in: f32, %in_50: f16, %out: f32):
      %125 = arith.extf %in_50 : f16 to f32
      %126 = arith.addf %in, %125 : f32
      linalg.yield %126 : f32
    } -> tensor<2x32x64xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<2x32x64xf32>) outs(%23 : tensor<2x32x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<2x32x64xf16>
    %collapsed_44 = tensor.collapse_shape %101 [[0, 1], [2]] : tensor<2x32x64xf16> into tensor<64x64xf16>
    %102 = tensor.empty() : tensor<64x256xf16>
    %transposed_45 = linalg.transpose ins(%arg3 : tensor<256x64xf16>) outs(%102 : tensor<64x256xf16>) permutation = [1, 0] 
    %103 = tensor.empty() : tensor<256xf32>
    %104 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_11 : tensor<256xf16>) outs(%103 : tensor<256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<256xf32>
    %105 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_44 : tensor<64x64xf16>) outs(%28 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x64xf32>
    %106 = tensor.empty() : tensor<64x256xf32>
    %107 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_45 : tensor<64x256xf16>) outs(%106 : tensor<64x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x256xf32>
    %108 = linalg.fill ins(%cst_0 : f32) outs(%106 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %109 = linalg.matmul ins(%105, %107 : tensor<64x64xf32>, tensor<64x256xf32>) outs(%108 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %110 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%109, %104 : tensor<64x256xf32>, tensor<256xf32>) outs(%106 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<64x256xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<64x256xf32>) outs(%102 : tensor<64x256xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<64x256xf16>
    %expanded_46 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [2, 32, 256] : tensor<64x256xf16> into tensor<2x32x256xf16>
    %112 = tensor.empty() : tensor<2x32x256xf16>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x32x256xf16>) outs(%112 : tensor<2x32x256xf16>) {
    ^bb0(%in: f16, %out: f16):
      %125 = math.fpowi %in, %c3_i64 : f16, i64
      %126 = arith.mulf %125, %cst_2 : f16
      %127 = arith.addf %in, %126 : f16
      %128 = arith.mulf %127, %cst_3 : f16
      %129 = math.tanh %128 : f16
      %130 = arith.addf %129, %cst_4 : f16
      %131 = arith.mulf %130, %cst_5 : f16
      %132 = arith.mulf %in, %131 : f16
      linalg.yield %132 : f16
    } -> tensor<2x32x256xf16>
    %collapsed_47 = tensor.collapse_shape %113 [[0, 1], [2]] : tensor<2x32x256xf16> into tensor<64x256xf16>
    %114 = tensor.empty() : tensor<256x64xf16>
    %transposed_48 = linalg.transpose ins(%arg4 : tensor<64x256xf16>) outs(%114 : tensor<256x64xf16>) permutation = [1, 0] 
    %115 = tensor.empty() : tensor<64xf32>
    %116 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%cst_10 : tensor<64xf16>) outs(%115 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<64xf32>
    %117 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_47 : tensor<64x256xf16>) outs(%106 : tensor<64x256xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<64x256xf32>
    %118 = tensor.empty() : tensor<256x64xf32>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_48 : tensor<256x64xf16>) outs(%118 : tensor<256x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %125 = arith.extf %in : f16 to f32
      linalg.yield %125 : f32
    } -> tensor<256x64xf32>
    %120 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %121 = linalg.matmul ins(%117, %119 : tensor<64x256xf32>, tensor<256x64xf32>) outs(%120 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %122 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%121, %116 : tensor<64x64xf32>, tensor<64xf32>) outs(%28 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %125 = arith.addf %in, %in_50 : f32
      linalg.yield %125 : f32
    } -> tensor<64x64xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%122 : tensor<64x64xf32>) outs(%76 : tensor<64x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %125 = arith.truncf %in : f32 to f16
      linalg.yield %125 : f16
    } -> tensor<64x64xf16>
    %expanded_49 = tensor.expand_shape %123 [[0, 1], [2]] output_shape [2, 32, 64] : tensor<64x64xf16> into tensor<2x32x64xf16>
    %124 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_49 : tensor<2x32x64xf16>, tensor<2x32x64xf16>) outs(%23 : tensor<2x32x64xf16>) {
    ^bb0(%in: f16, %in_50: f16, %out: f16):
      %125 = arith.addf %in, %in_50 : f16
      linalg.yield %125 : f16
    } -> tensor<2x32x64xf16>
    return %124 : tensor<2x32x64xf16>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_64_torch.float16_5: "0x02000000B6AC1AB010AEC0AD7D9718B12DB2C2B066AF6EB08AB1CBB096B131A4D62EE5A2BEAB0CAD56B1AEA768AC55302EA1643250B258A66226751FCCAC0E2DB02DF9A53B3122AD9EB0869E0EB23A30C9B1CCAB5E30AA2D933043A4593236B21EB11B28C6A2ADB02CB28BAA5C3120AC22B1D22B0AB2F6315DAAEBB1FDA61C2127AAE12D",
      torch_tensor_256_torch.float16: "0x02000000352D61B0482C60B1D0A90729141EB9AFA5B00B1EC42CDCB16E2955A9CA2C20322AB1FFAC492999B0DAB1FE2730AEFAB1692CFC3012B21D21872F51244730F4AE52AFE1A530A8B3B136B247AD3EACE82ED5AE07AE8531F7A6402E65A8FAAE8E2C6230032D9FB1BCB1552D65A9C4308C2DB724092A5C315229433037A6FDB0E3B0962FD831E030202EECAD1F32DFB147B16D2A4AB12732659319B1132FC8AD4327A63108B1CC2237325328A4AEA2AA0EA80AB117302130BB2B5330E1281DAFEF2B832FBBAB8A305F2913A40A2D7FAC4C302DB2A33117A85A2E822C6C2AB32B612EA93144B026AA1E2F6629B730012831B2B8A09AB036A9AB3168AE0B2973300B30EC2C08B075312DA59EAE6928F128B83041A5EB9835A944AC28A930B27FAFFA2DABACF0AF1F32012BD3B09EA8B9AD9D2E2B1A93AA002ABF2C503028322CB2B0315FA93AB06DB1D6AF9E300332D8B150312D2CBC3091B05BB0EF31A72EDD2C0530CBB1EB2C6FB08C2D1EA9D7AD5D2E213141B277294A2C64309C317DAC38B27C2E352DDD2CB83190AC30AEF4B0B12D58250029D523132F6F98D92427A9A7ADAC270920FD2E262FC99EADAFF729DE2B1A2CBFB114302F31FEA9EB31DE309D30B91464AE7F303A2DEDA97B2D40B2FAAA692C76A3D2A3CCA0072BD1A9DE2BE69B8E2EE5B177AFF22FC720612BAE30952DB6ADBCAC9E2B2530C7B1B3AE1131CF1A66B0",
      torch_tensor_64_torch.float16_4: "0x02000000CD2043B12B32502751B2FB2E1F329A289EAC00B06B2CCEAFF5273C29EB317AB1B680402E22B0BBA998B1C82D47B15FA9C830ACA14831CF2E5131C5B075B180B1B930DD2A9E954FB0732CA9AC662D0FA41F1A6A2F36B10828C0AFE32F929C41320FB0ED31B42FAD9F03304429F12B4C3191B14A300DAA77AC5332332FED9DECA7",
      torch_tensor_64_torch.float16_3: "0x02000000FF384F3A583C373C3D3D3E3C4F3A4E3B463D823CD63DF53A363C603C653D2A39413BA43D58384A3D533B523D1438EC3AA1389C3C313AD03CC63D0439763D7A380C3B703BE93BE83D1A3D793A293A743D863D0B3CC13AFB3D873A7639853D403DAC3CD53DB43DFE3C713DFA392139AE3CDC3C56392A3BA43D3F3C503C8E391B3C",
      torch_tensor_64_torch.float16_2: "0x020000001AACDCA9F1B14DB139B04330D5282C30E4B161B0D7B01A9DCF2D93B1B6AE033123B0082678B0F8A9D22EAAB13D2D3D283E32E230F3A530B0B6AC212DBCA4F92B20ACFBB1C82F50AF802E5FB0B6AF6C2DD72AEE2704296F2481ACB22F2CB1C0ADE8AB30A9E2298B2BA3A5E92F1CA5B3314EB0EA2A28AC2EB12A2C2131051C05AC",
      torch_tensor_192_torch.float16: "0x02000000D431E931802F71A4A3303E9C0E2C41AD1530B5A75F327BB09FAF00AB602553AE9DAD5BB246B2632C322EBEAEB82E21B20EB05C2B4830DCAB9C2A9CAF80ACADAD482D20307131E62EBAB0679FC3A8072E62B20FB2E5B108B03B313E24AA3003AF28A4E531DAAB6F30AE3147AC1BB12DAF24B07C30D7AC40AC2231C12C62AF3EA5A0A5179E16B21F2F8D202BA3D3A1B9B1F0B113A590B0132F8B2814B13829672CF3AC0D19032C7CAE192C21B001A9253237308FAE26A752ABBA2EBBAAAAAF0829B0AC8531B2A7EBB1EB2B1C3234B14FA83032E0A97531EB30B6ADBD25A9B1FA2C6DAA0DAEC83137305F3226AB42ABBDB002B2CBAA550A6BB027B09AA991B0B130D12D7BAC832C9B304AAA8430EA317BAB17ACC72AF4AF4EB11D2FBD2BC2AF39AE96B1B72EC62E89A663B017B13732AEA0D22C7730E1AF859F62A7F9AD6BB1452C50B211AA3D310BA651323932A82BA8ABB2B12631B4B0912E75318F31EFAC41B13DAF0931BA2F632AC12D5CB1D529982D65B2EAAE06302CA418A68D283CA6DB31",
      torch_tensor_64_torch.float16_1: "0x0200000027AD672CB1AFA931E8AA0DB19C2A78311BA6D231BB82A8A7282A5632BF3117A4992E39940122512F5FA8012E682D8831EEB0DD2D7931FD3136B2A8302932DA317FB00D32FE30203019A0DAAEBA2F6C31FDADF923DDA58431E2B1F02DDB2909B29D2D32B29B2E3A1D7E318EB15E308CB1F9AB23A7F7315F262CAE9DAEF83005AF",
      torch_tensor_64_torch.float16: "0x020000008C3C293A54382238413DA73D6D3CEB3C2D3CBE3D433D06386E3D4538EB3C6839743D2A3C663A623B3A38FF38AF3C973C763C123BFD3DEC3DBE3C9A3CC13C1D3B1539E33C1A3C7B3AE33B8F3DBC3DDD3A493C933A613CB43A223B903DD1397E3CAC38553D263DEA39823D7838B03A34399A3B2F3DD8396B383D3B9739BA38523C"
    }
  }
#-}
