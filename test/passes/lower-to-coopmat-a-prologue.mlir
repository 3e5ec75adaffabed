// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=32x32x16 subgroups=2x2 stages=1" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=32x32x16 subgroups=2x2 stages=1" 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// `(x * 0.5).to(torch.float16) @ W.T` after recognize-frontend: A is an f16
// buffer that a scale-and-cast generic writes from the f32 x. One kernel
// reads x itself (its first argument): each chunk of A's tile is loaded as
// f32, scaled and truncated in registers and stored as f16 into workgroup
// memory; B's tile is copied as it is. The f16 A, the generic and the
// constant it captured are gone from the host.
// CHECK-LABEL: func.func @scale_cast(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: memref<32x16xf32>, %[[W:[a-zA-Z0-9_]+]]: memref<32x16xf16>, %[[D:[a-zA-Z0-9_]+]]: memref<32x32xf16>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     arith.constant 5.0
// CHECK:         gpu.launch_func @scale_cast_kernels::@scale_cast {{.*}} args(%[[X]] : memref<32x16xf32>, %[[W]] : memref<32x16xf16>, %[[D]] : memref<32x32xf16>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @scale_cast(%[[KX:[a-zA-Z0-9_]+]]: memref<32x16xf32>, %[[KW:[a-zA-Z0-9_]+]]: memref<32x16xf16>, %{{.*}}: memref<32x32xf16>)
// CHECK:         %[[ATILE:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:         scf.for
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             %[[XS:.*]] = vector.load %[[KX]][%{{.*}}, %{{.*}}] : memref<32x16xf32>, vector<4xf32>
// CHECK-NEXT:        %[[E0:.*]] = vector.extract %[[XS]][0] : f32 from vector<4xf32>
// CHECK-NEXT:        %[[S0:.*]] = arith.mulf %[[E0]], %[[HALF]] : f32
// CHECK-NEXT:        %[[H0:.*]] = arith.truncf %[[S0]] : f32 to f16
// CHECK:             %[[P0:.*]] = vector.insert %[[H0]], %{{.*}} [0] : f16 into vector<4xf16>
// CHECK:             vector.store %{{.*}}, %[[ATILE]][%{{.*}}, %{{.*}}] : memref<32x24xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// CHECK:           }
// CHECK:           scf.for
// CHECK:             %[[B:.*]] = vector.load %[[KW]][%{{.*}}, %{{.*}}] : memref<32x16xf16>, vector<4xf16>
// CHECK-NEXT:        vector.store %[[B]]
// CHECK:           coopmat.load %[[ATILE]]
// CHECK:           coopmat.mul_add

func.func @scale_cast(%X: memref<32x16xf32>, %W: memref<32x16xf16>,
             %D: memref<32x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f16
  %A = memref.alloc() : memref<32x16xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
    ins(%X : memref<32x16xf32>) outs(%A : memref<32x16xf16>) {
  ^bb0(%v: f32, %o: f16):
    %s = arith.mulf %v, %half : f32
    %h = arith.truncf %s : f32 to f16
    linalg.yield %h : f16
  }
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
      affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%A, %W : memref<32x16xf16>, memref<32x16xf16>)
    outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
    ins(%T : memref<32x32xf32>) outs(%D : memref<32x32xf16>) {
  ^bb0(%t: f32, %d: f16):
    %c = arith.truncf %t : f32 to f16
    linalg.yield %c : f16
  }
  func.return
}


// -----

// Bad input: a producer of A that does more than cast and scale (a ReLU)
// stays its own loop kernel, said by a remark; the product reads its f16
// buffer.
// REMARK: remark: lower-to-coopmat: the element-wise producer of A stays its own loop kernel: its body uses 'arith.maximumf' (casts and scales are read through in A's load)
// CHECK-LABEL: func.func @relu_cast(
// CHECK:         %[[A:.*]] = memref.alloc() : memref<32x16xf16>
// CHECK:         gpu.launch_func @relu_cast_kernels::@relu_cast_loop {{.*}} args(%{{.*}} : memref<32x16xf32>, %[[A]] : memref<32x16xf16>)
// CHECK:         gpu.launch_func @relu_cast_kernels::@relu_cast {{.*}} args(%[[A]] : memref<32x16xf16>,

func.func @relu_cast(%X: memref<32x16xf32>, %W: memref<32x16xf16>,
             %D: memref<32x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f16
  %A = memref.alloc() : memref<32x16xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
    ins(%X : memref<32x16xf32>) outs(%A : memref<32x16xf16>) {
  ^bb0(%v: f32, %o: f16):
    %r = arith.maximumf %v, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  %T = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<32x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
      affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%A, %W : memref<32x16xf16>, memref<32x16xf16>)
    outs(%T : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
    ins(%T : memref<32x32xf32>) outs(%D : memref<32x32xf16>) {
  ^bb0(%t: f32, %d: f16):
    %c = arith.truncf %t : f32 to f16
    linalg.yield %c : f16
  }
  func.return
}

