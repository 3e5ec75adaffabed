// A kernel written for MLIR's WMMA path (gpu.subgroup_mma_* on
// !gpu.mma_matrix, as in MLIR's GPUToSPIRV and CUDA TensorCore tests;
// docs/passes/convert-gpu-mma-to-coopmat.md): each
// workgroup, one subgroup, computes a 16x16 tile of C += A * B, loading A and
// B 16x16 at a time in a loop over K, then scales it by 0.5 and adds a
// splat, then clamps it below at 1 (maxf). The kernel asks for subgroups of 8
// (MLIR's spirv.entry_point_abi; lavapipe's), so one workgroup is one
// subgroup. coopmlir converts it to coopmat (convert-gpu-mma-to-coopmat), so
// it runs on the interpreter, lowers to SIMT or any matrix extension, and
// runs on Vulkan devices:
// run: coopmlir-run {file} --entry main
// run: coopmlir-opt {file} --lower-to-spirv=target=lavapipe -o {tmp}/wmma.spv

module attributes {gpu.container_module} {
  func.func @main(%A: memref<32x48xf16>, %B: memref<48x32xf16>, %C: memref<32x32xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@matmul blocks in (%c2, %c2, %c1) threads in (%c8, %c1, %c1)
        args(%A : memref<32x48xf16>, %B : memref<48x32xf16>, %C : memref<32x32xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @matmul(%A: memref<32x48xf16>, %B: memref<48x32xf16>, %C: memref<32x32xf32>) kernel
        attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1], subgroup_size = 8>} {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c48 = arith.constant 48 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row = arith.muli %by, %c16 : index
      %col = arith.muli %bx, %c16 : index
      %acc = gpu.subgroup_mma_load_matrix %C[%row, %col] {leadDimension = 32 : index} : memref<32x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
      %sum = scf.for %k = %c0 to %c48 step %c16 iter_args(%c = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
        %a = gpu.subgroup_mma_load_matrix %A[%row, %k] {leadDimension = 48 : index} : memref<32x48xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %b = gpu.subgroup_mma_load_matrix %B[%k, %col] {leadDimension = 32 : index} : memref<48x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
      }
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %halves = gpu.subgroup_mma_constant_matrix %half : !gpu.mma_matrix<16x16xf32, "COp">
      %ones = gpu.subgroup_mma_constant_matrix %one : !gpu.mma_matrix<16x16xf32, "COp">
      %scaled = gpu.subgroup_mma_elementwise mulf %sum, %halves : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      %biased = gpu.subgroup_mma_elementwise addf %scaled, %ones : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      %relu = gpu.subgroup_mma_elementwise maxf %biased, %ones : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %relu, %C[%row, %col] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
      gpu.return
    }
  }
}
