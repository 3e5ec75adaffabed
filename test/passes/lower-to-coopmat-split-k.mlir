// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan tile=32x32x32 subgroups=2x2 split_k=3" 2>/dev/null | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan tile=32x32x32 subgroups=2x2 split_k=3" 2>/dev/null | coopmlir-opt | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan tile=32x32x32 subgroups=2x2 split_k=3" 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan tile=32x32x32 subgroups=2x2 split_k=1" | filecheck %s --check-prefix=ONE

// f16 x f16 -> f16, 48x40x200: K has 7 tiles of 32, split into 3 slices of 3
// (the last slice reads zeros past K). The host allocates the f32 workspace,
// launches the sliced product on grid z = 3 and the reduction on one
// workgroup row per row of C, then frees the workspace.
// CHECK-LABEL: func.func @split(
// CHECK-SAME:      %[[A:.*]]: memref<48x200xf16>, %[[B:.*]]: memref<200x40xf16>, %[[C:.*]]: memref<48x40xf16>)
// CHECK-NEXT:    %[[W:.*]] = memref.alloc() : memref<3x48x40xf32>
// CHECK:         gpu.launch_func @split_kernels::@split blocks in (%{{.*}}, %{{.*}}, %[[THREE:.*]]) threads in
// CHECK-SAME:        args(%[[A]] : memref<48x200xf16>, %[[B]] : memref<200x40xf16>, %[[W]] : memref<3x48x40xf32>)
// CHECK:         gpu.launch_func @split_kernels::@split_reduce
// CHECK-SAME:        args(%[[W]] : memref<3x48x40xf32>, %[[C]] : memref<48x40xf16>)
// CHECK-NEXT:    memref.dealloc %[[W]] : memref<3x48x40xf32>
// CHECK-NEXT:    func.return

// The sliced product: slice z starts at K index z * 96, its accumulators
// start at zero in f32, its loop runs over its 3 tiles, and it stores into
// W[z] (checked: M and N are ragged).
// CHECK-LABEL: gpu.func @split(
// CHECK-SAME:      %{{.*}}: memref<48x200xf16>, %{{.*}}: memref<200x40xf16>, %[[WS:.*]]: memref<3x48x40xf32>)
// CHECK-DAG:     %[[NINETY_SIX:.*]] = arith.constant 96 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[Z:.*]] = gpu.block_id z
// CHECK-NEXT:    %[[START:.*]] = arith.muli %[[Z]], %[[NINETY_SIX]] : index
// CHECK:         coopmat.splat %[[ZERO]] : f32 -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         %[[LAST:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK:         scf.for %{{.*}} = %[[START]] to %[[LAST]] step
// CHECK:         coopmat.store %{{.*}}, %[[WS]][%[[Z]], %{{.*}}, %{{.*}}] row_major checked(both) : !coopmat.matrix<16x16xf32, acc>, memref<3x48x40xf32>

// The reduction: C (extended to f32) plus the 3 partials, rounded to f16 once.
// CHECK-LABEL: gpu.func @split_reduce(
// CHECK-SAME:      %[[WR:.*]]: memref<3x48x40xf32>, %[[CR:.*]]: memref<48x40xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK:         %[[ROW:.*]] = gpu.block_id y
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi ult, %[[COL:.*]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[IN]] {
// CHECK-NEXT:      %[[OLD:.*]] = memref.load %[[CR]][%[[ROW]], %[[COL]]] : memref<48x40xf16>
// CHECK-NEXT:      %[[WIDE:.*]] = arith.extf %[[OLD]] : f16 to f32
// CHECK-NEXT:      %[[SUM:.*]] = scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[WIDE]]) -> (f32) {
// CHECK-NEXT:        %[[PART:.*]] = memref.load %[[WR]][%[[S]], %[[ROW]], %[[COL]]] : memref<3x48x40xf32>
// CHECK-NEXT:        %[[NEXT:.*]] = arith.addf %[[ACC]], %[[PART]] : f32
// CHECK-NEXT:        scf.yield %[[NEXT]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[OUT:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK-NEXT:      memref.store %[[OUT]], %[[CR]][%[[ROW]], %[[COL]]] : memref<48x40xf16>
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return

// split_k=1: today's single kernel.
// ONE-LABEL: func.func @split(
// ONE-NOT:     memref.alloc()
// ONE:         gpu.launch_func @split_kernels::@split
// ONE-NEXT:    func.return
func.func @split(%A: memref<48x200xf16>, %B: memref<200x40xf16>, %C: memref<48x40xf16>) {
  linalg.matmul ins(%A, %B : memref<48x200xf16>, memref<200x40xf16>) outs(%C : memref<48x40xf16>)
  func.return
}

// i8 -> i32 batch of 2 with A and C stored transposed, after a fill: K has
// 4 tiles, so split_k=3 runs as 2 slices of 2 (a remark says so). Grid z is
// slice * 2 + matrix; the workspace is stored as C is (n x m); the reduction
// starts from the fill value instead of C.
// CHECK-LABEL: func.func @batched(
// CHECK-NEXT:    %[[WB:.*]] = memref.alloc() : memref<2x2x40x24xi32>
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch_func @batched_kernels::@batched blocks in (%{{.*}}, %{{.*}}, %[[FOUR:.*]]) threads
// CHECK:         gpu.launch_func @batched_kernels::@batched_reduce blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads
// CHECK-SAME:        args(%[[WB]] : memref<2x2x40x24xi32>, %{{.*}} : memref<2x40x24xi32>)
// CHECK-LABEL: gpu.func @batched(
// CHECK:         %[[BZ:.*]] = gpu.block_id z
// CHECK-NEXT:    %[[SLICE:.*]] = arith.divui %[[BZ]], %[[TWO:.*]] : index
// CHECK-NEXT:    arith.muli %[[SLICE]], %{{.*}} : index
// CHECK-NEXT:    %[[MATRIX:.*]] = arith.remui %[[BZ]], %[[TWO]] : index
// CHECK:         coopmat.store %{{.*}}, %{{.*}}[%[[SLICE]], %[[MATRIX]], %{{.*}}, %{{.*}}] col_major checked(both) : !coopmat.matrix<16x16xi32, acc>, memref<2x2x40x24xi32>
// CHECK-LABEL: gpu.func @batched_reduce(
// CHECK-DAG:     %[[FILL:.*]] = arith.constant 0 : i32
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %[[FILL]]) -> (i32) {
// CHECK:           arith.addi %{{.*}} : i32
// REMARK: lower-to-coopmat-split-k.mlir:[[# @LINE + 4]]:3: remark: lower-to-coopmat: split_k=3 runs as 2 slice(s) of 2 K tile(s): K=100 has 4 tiles of 32
func.func @batched(%A: memref<2x100x24xi8>, %B: memref<2x100x40xi8>, %C: memref<2x40x24xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<2x40x24xi32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, n, m)>] ins(%A, %B : memref<2x100x24xi8>, memref<2x100x40xi8>) outs(%C : memref<2x40x24xi32>)
  func.return
}

// An nn.Linear with bias and ReLU in f16, as torch-mlir writes it (an f32
// matmul on a fill, then one generic to f16): split_k=3 keeps its slices and
// the reduction applies the epilogue to each sum (reading the bias at the
// element's column) and writes the generic's output; the f32 temporary and
// the generic are gone.
// CHECK-LABEL: func.func @linear(
// CHECK-SAME:      %[[LA:.*]]: memref<16x256xf16>, %[[LB:.*]]: memref<256x40xf16>, %[[BIAS:.*]]: memref<40xf16>, %[[Y:.*]]: memref<16x40xf16>)
// CHECK-NEXT:    %[[LW:.*]] = memref.alloc() : memref<3x16x40xf32>
// CHECK:         gpu.launch_func @linear_kernels::@linear blocks
// CHECK-SAME:        args(%[[LA]] : memref<16x256xf16>, %[[LB]] : memref<256x40xf16>, %[[LW]] : memref<3x16x40xf32>)
// CHECK:         gpu.launch_func @linear_kernels::@linear_reduce blocks
// CHECK-SAME:        args(%[[LW]] : memref<3x16x40xf32>, %[[Y]] : memref<16x40xf16>, %[[BIAS]] : memref<40xf16>)
// CHECK-NEXT:    memref.dealloc %[[LW]] : memref<3x16x40xf32>
// CHECK-NEXT:    func.return
// CHECK-LABEL: gpu.func @linear_reduce(
// CHECK-SAME:      %[[LWR:.*]]: memref<3x16x40xf32>, %[[YR:.*]]: memref<16x40xf16>, %[[BR:.*]]: memref<40xf16>)
// CHECK:         %[[LROW:.*]] = gpu.block_id y
// CHECK:         %[[TOTAL:.*]] = scf.for
// CHECK:           memref.load %[[LWR]]
// CHECK:         %[[BV:.*]] = memref.load %[[BR]][%[[LCOL:.*]]] : memref<40xf16>
// CHECK-NEXT:    %[[BW:.*]] = arith.extf %[[BV]] : f16 to f32
// CHECK-NEXT:    %[[BIASED:.*]] = arith.addf %[[TOTAL]], %[[BW]] : f32
// CHECK-NEXT:    %[[RELU:.*]] = arith.maximumf %[[BIASED]], %{{.*}} : f32
// CHECK-NEXT:    %[[HALF:.*]] = arith.truncf %[[RELU]] : f32 to f16
// CHECK-NEXT:    memref.store %[[HALF]], %[[YR]][%[[LROW]], %[[LCOL]]] : memref<16x40xf16>
// ONE-LABEL: func.func @linear(
// ONE:         gpu.launch_func @linear_kernels::@linear
// ONE-NEXT:    func.return
func.func @linear(%A: memref<16x256xf16>, %B: memref<256x40xf16>, %bias: memref<40xf16>, %Y: memref<16x40xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<16x40xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<16x40xf32>)
  linalg.matmul ins(%A, %B : memref<16x256xf16>, memref<256x40xf16>) outs(%t : memref<16x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t, %bias : memref<16x40xf32>, memref<40xf16>) outs(%Y : memref<16x40xf16>) {
  ^bb0(%x: f32, %b: f16, %o: f16):
    %bw = arith.extf %b : f16 to f32
    %s = arith.addf %x, %bw : f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %z : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  func.return
}
