// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// MLIR's pretty syntax for xDSL's gpu ops (dialects/gpu_syntax.py).

builtin.module attributes {gpu.container_module} {
  func.func @host(%A: memref<16x16xf16>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%A : memref<16x16xf16>)
    func.return
  }
  gpu.module @kernels {
    gpu.func @k(%A: memref<16x16xf16>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %x = gpu.block_id x
      %t = gpu.thread_id y
      %s = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %z = gpu.subgroup_size : index
      %l = gpu.lane_id
      gpu.barrier
      "test.op"(%x, %t, %s, %n, %z, %l) : (index, index, index, index, index, index) -> ()
      gpu.return
    }
    gpu.func @helper(%a: f32) -> (f32) {
      gpu.return %a : f32
    }
  }
}

// CHECK:      builtin.module attributes {gpu.container_module} {
// CHECK-NEXT:   func.func @host(%[[A:.*]]: memref<16x16xf16>) {
// CHECK-NEXT:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:     gpu.launch_func @kernels::@k blocks in (%[[C1]], %[[C1]], %[[C1]]) threads in (%[[C32]], %[[C1]], %[[C1]]) args(%[[A]] : memref<16x16xf16>)
// CHECK:        gpu.module @kernels {
// CHECK-NEXT:     gpu.func @k(%{{.*}}: memref<16x16xf16>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK-NEXT:       %{{.*}} = gpu.block_id x
// CHECK-NEXT:       %{{.*}} = gpu.thread_id y
// CHECK-NEXT:       %{{.*}} = gpu.subgroup_id : index
// CHECK-NEXT:       %{{.*}} = gpu.num_subgroups : index
// CHECK-NEXT:       %{{.*}} = gpu.subgroup_size : index
// CHECK-NEXT:       %{{.*}} = gpu.lane_id
// CHECK-NEXT:       gpu.barrier
// CHECK-NEXT:       "test.op"
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @helper(%[[X:.*]]: f32) -> (f32) {
// CHECK-NEXT:       gpu.return %[[X]] : f32
