// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=lavapipe | filecheck %s

// Loop kernels: every linalg op (and memref.copy) that no matrix-unit
// kernel takes is one SIMT kernel, one work-item per point of its parallel
// loops (256 per workgroup), an scf.for per reduction loop.

// A row reduction: the work-item's output is loaded as the accumulator,
// carried through one scf.for over the reduction loop, stored once; the
// body is inlined once (no unrolling); 4 points < 256: a bounds check.
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<4x8xf32>, %[[S:[a-zA-Z0-9_]+]]: memref<4xf32>)
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[T:.*]] = arith.constant 256 : index
// CHECK-NEXT:    gpu.launch_func @reduce_kernels::@reduce_loop blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[T]], %[[ONE]], %[[ONE]]) args(%[[A]] : memref<4x8xf32>, %[[S]] : memref<4xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @reduce_loop(%[[KA:.*]]: memref<4x8xf32>, %[[KS:.*]]: memref<4xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK:         %[[P:.*]] = arith.addi
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi ult, %[[P]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[IN]] {
// CHECK-NEXT:      %[[INIT:.*]] = memref.load %[[KS]][%[[P]]] : memref<4xf32>
// CHECK-NEXT:      %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK-NEXT:        %[[X:.*]] = memref.load %[[KA]][%[[P]], %[[K]]] : memref<4x8xf32>
// CHECK-NEXT:        %[[M:.*]] = arith.maximumf %[[X]], %[[ACC]] : f32
// CHECK-NEXT:        scf.yield %[[M]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.store %[[R]], %[[KS]][%[[P]]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
func.func @reduce(%a: memref<4x8xf32>, %s: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : memref<4x8xf32>) outs(%s : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  }
  func.return
}

// -----

// Subviews (of subviews, rank-reducing, strided) are folded: the kernel
// takes the root buffers and adds the views' offsets and strides; the
// views are gone from the host. r[j] = a[1 + 2*1, 2 + 2*j], d[j] = out[2, 5 + j].
// CHECK-LABEL: func.func @views(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<8x10xf32>, %[[OUT:[a-zA-Z0-9_]+]]: memref<6x12xf32>)
// CHECK-NOT:     memref.subview
// CHECK:         gpu.launch_func @views_kernels::@views_loop {{.*}} args(%[[A]] : memref<8x10xf32>, %[[OUT]] : memref<6x12xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @views_loop(%[[KA:.*]]: memref<8x10xf32>, %[[KO:.*]]: memref<6x12xf32>)
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK:         scf.if
// CHECK-NEXT:      %[[J2:.*]] = arith.muli %[[J:.*]], %[[C2]] : index
// CHECK-NEXT:      %[[COL:.*]] = arith.addi %[[J2]], %[[C2]] : index
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[KA]][%[[C3]], %[[COL]]] : memref<8x10xf32>
// CHECK-NEXT:      %[[OCOL:.*]] = arith.addi %[[J]], %[[C5]] : index
// CHECK-NEXT:      memref.store %[[V]], %[[KO]][%[[C2]], %[[OCOL]]] : memref<6x12xf32>
func.func @views(%a: memref<8x10xf32>, %out: memref<6x12xf32>) {
  %s = memref.subview %a[1, 2] [3, 4] [2, 2] : memref<8x10xf32> to memref<3x4xf32, strided<[20, 2], offset: 12>>
  %d = memref.subview %out[2, 5] [1, 4] [1, 1] : memref<6x12xf32> to memref<4xf32, strided<[1], offset: 29>>
  %r = memref.subview %s[1, 0] [1, 4] [1, 1] : memref<3x4xf32, strided<[20, 2], offset: 12>> to memref<4xf32, strided<[2], offset: 32>>
  memref.copy %r, %d : memref<4xf32, strided<[2], offset: 32>> to memref<4xf32, strided<[1], offset: 29>>
  func.return
}

// -----

// linalg.index is the work-item's coordinate; 512 points = 2 whole
// workgroups: no bounds check; an output the body does not read is not loaded.
// CHECK-LABEL: func.func @index(
// CHECK:         gpu.launch_func @index_kernels::@index_loop blocks in (%[[TWO:.*]], %[[ONE:.*]], %[[ONE]]) threads in
// CHECK:       gpu.func @index_loop(%[[KO:.*]]: memref<512xi32>)
// CHECK:         %[[P:.*]] = arith.addi
// CHECK-NEXT:    %[[I:.*]] = arith.index_cast %[[P]] : index to i32
// CHECK-NEXT:    memref.store %[[I]], %[[KO]][%[[P]]] : memref<512xi32>
// CHECK-NEXT:    gpu.return
func.func @index(%out: memref<512xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%out : memref<512xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  }
  func.return
}

// -----

// bf16 has no arithmetic on the devices: each bf16 load is extended to f32,
// the body (its bf16 constant too) computes in f32, the store truncates.
// CHECK-LABEL: gpu.func @bf16_add_loop(
// CHECK-SAME:      %[[KA:.*]]: memref<4x8xbf16>, %[[KB:.*]]: memref<8xbf16>, %[[KO:.*]]: memref<4x8xbf16>)
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[A:.*]] = memref.load %[[KA]]
// CHECK-NEXT:    %[[WA:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK-NEXT:    %[[B:.*]] = memref.load %[[KB]]
// CHECK-NEXT:    %[[WB:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[WA]], %[[WB]] : f32
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[S]], %[[TWO]] : f32
// CHECK-NEXT:    %[[T:.*]] = arith.truncf %[[M]] : f32 to bf16
// CHECK-NEXT:    memref.store %[[T]], %[[KO]]
func.func @bf16_add(%a: memref<4x8xbf16>, %b: memref<8xbf16>, %o: memref<4x8xbf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<4x8xbf16>, memref<8xbf16>) outs(%o : memref<4x8xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %out: bf16):
    %s = arith.addf %x, %y : bf16
    %c = arith.constant 2.0 : bf16
    %m = arith.mulf %s, %c : bf16
    linalg.yield %m : bf16
  }
  func.return
}

// -----

// A gather: the body loads from %table (a view of %flat, defined outside the
// body) at indices it computes. The kernel takes %flat as one more argument,
// after the operands, and loads from it at the view's folded index
// (row * 4 + col); the host's view goes with the generic.
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    %[[IDS:[^:]+]]: memref<2x6xi64>, %[[FLAT:[^:]+]]: memref<8xf32>, %[[OUT:[^:]+]]: memref<2x6xf32>) {
// CHECK-NOT:     memref.expand_shape
// CHECK:         gpu.launch_func @gather_kernels::@gather_loop {{.*}} args(%[[IDS]] : memref<2x6xi64>, %[[OUT]] : memref<2x6xf32>, %[[FLAT]] : memref<8xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @gather_loop(%[[KI:.*]]: memref<2x6xi64>, %[[KO:.*]]: memref<2x6xf32>, %[[KF:.*]]: memref<8xf32>)
// CHECK:         %[[ID:.*]] = memref.load %[[KI]][%[[ROW:.*]], %[[J:.*]]] : memref<2x6xi64>
// CHECK-NEXT:    %[[COL:.*]] = arith.index_cast %[[ID]] : i64 to index
// CHECK-NEXT:    %[[BASE:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK-NEXT:    %[[AT:.*]] = arith.addi %[[BASE]], %[[COL]] : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[KF]][%[[AT]]] : memref<8xf32>
// CHECK-NEXT:    memref.store %[[V]], %[[KO]][%[[ROW]], %[[J]]] : memref<2x6xf32>
func.func @gather(%ids: memref<2x6xi64>, %flat: memref<8xf32>, %out: memref<2x6xf32>) {
  %table = memref.expand_shape %flat [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<2x6xi64>) outs(%out : memref<2x6xf32>) {
  ^bb0(%id: i64, %o: f32):
    %row = linalg.index 0 : index
    %col = arith.index_cast %id : i64 to index
    %v = memref.load %table[%row, %col] : memref<2x4xf32>
    linalg.yield %v : f32
  }
  func.return
}
