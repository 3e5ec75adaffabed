// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=lavapipe | filecheck %s

// coopmlir.layer_norm (norm_kernel.py): one launch of one row kernel, a
// subgroup (8 work-items on lavapipe) per row, 4 rows per workgroup: 6 rows
// are 2 workgroups of 32, the last two subgroups guarded off. The kernel
// asks for the subgroup size its butterflies assume.
// CHECK-LABEL: func.func @ln(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: memref<6x40xf16>, %[[G:[a-zA-Z0-9_]+]]: memref<40xf16>, %[[B:[a-zA-Z0-9_]+]]: memref<40xf16>, %[[Y:[a-zA-Z0-9_]+]]: memref<6x40xf16>)
// CHECK:         gpu.launch_func @ln_kernels::@ln_norm blocks in (%[[TWO:.*]], %[[ONE:.*]], %[[ONE]]) threads in (%[[WG:.*]], %[[ONE]], %[[ONE]]) args(%[[X]] : memref<6x40xf16>, %[[G]] : memref<40xf16>, %[[B]] : memref<40xf16>, %[[Y]] : memref<6x40xf16>)
// CHECK-NEXT:    func.return

// Row r = block * 4 + subgroup; k = x[r, 0] shifts the sums. The first
// read of the row: each lane from its lane id in steps of 8, summing d and
// d * d (d = x - k) in f32.
// CHECK:       gpu.func @ln_norm({{.*}}) kernel attributes {known_block_size = array<i32: 32, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}
// CHECK:         %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[IN]] {
// CHECK-NEXT:      %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT:      %[[K16:.*]] = memref.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<6x40xf16>
// CHECK-NEXT:      %[[K:.*]] = arith.extf %[[K16]] : f16 to f32
// CHECK-NEXT:      %[[S1:.*]], %[[S2:.*]] = scf.for %[[J:.*]] = %[[LANE]] to %{{.*}} step %{{.*}} iter_args(%[[A1:.*]] = %{{.*}}, %[[A2:.*]] = %{{.*}}) -> (f32, f32) {
// CHECK-NEXT:        memref.load %{{.*}}[%[[ROW]], %[[J]]] : memref<6x40xf16>
// CHECK-NEXT:        arith.extf
// CHECK-NEXT:        %[[D:.*]] = arith.subf %{{.*}}, %[[K]] : f32
// CHECK-NEXT:        %[[DD:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT:        %[[N2:.*]] = arith.addf %[[A2]], %[[DD]] : f32
// CHECK-NEXT:        %[[N1:.*]] = arith.addf %[[A1]], %[[D]] : f32
// CHECK-NEXT:        scf.yield %[[N1]], %[[N2]] : f32, f32
// CHECK-NEXT:      }

// Butterflies over lane bits 1, 2, 4, each partial on every lane.
// CHECK-NEXT:      %[[P:.*]], %{{.*}} = gpu.shuffle xor %[[S1]], %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      arith.addf %[[S1]], %[[P]] : f32
// CHECK-COUNT-5:   gpu.shuffle xor
// CHECK:           math.rsqrt

// The second read: normalize, scale, shift, narrow, store.
// CHECK:           scf.for %[[J2:.*]] = %[[LANE]] to %{{.*}} step %{{.*}} {
// CHECK:             memref.load %{{.*}}[%[[J2]]] : memref<40xf16>
// CHECK:             memref.load %{{.*}}[%[[J2]]] : memref<40xf16>
// CHECK:             %[[O:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT:        memref.store %[[O]], %{{.*}}[%[[ROW]], %[[J2]]] : memref<6x40xf16>
func.func @ln(%x: memref<6x40xf16>, %g: memref<40xf16>, %b: memref<40xf16>, %y: memref<6x40xf16>) {
  coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x, %g, %b : memref<6x40xf16>, memref<40xf16>, memref<40xf16>) outs(%y : memref<6x40xf16>)
  func.return
}

// -----

// coopmlir.rms_norm over 3-D rows (2 x 4 rows: no guard), no weight: one
// sum (of x * x, no shift), one butterfly, x * rsqrt(sum / n + eps).
// CHECK-LABEL: gpu.func @rms_norm(
// CHECK-NOT:     scf.if
// CHECK:         %[[S:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[V:.*]] = memref.load
// CHECK-NEXT:      %[[VV:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:      %[[N:.*]] = arith.addf %[[A]], %[[VV]] : f32
// CHECK-NEXT:      scf.yield %[[N]] : f32
// CHECK-NEXT:    }
// CHECK-COUNT-3: gpu.shuffle xor
// CHECK:         math.rsqrt
// CHECK:         scf.for
// CHECK-NEXT:      %[[X:.*]] = memref.load
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[X]], %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[R]], %{{.*}} : memref<2x4x24xf32>
func.func @rms(%x: memref<2x4x24xf32>, %y: memref<2x4x24xf32>) {
  coopmlir.rms_norm {epsilon = 1.0e-06 : f32} ins(%x : memref<2x4x24xf32>) outs(%y : memref<2x4x24xf32>)
  func.return
}

// -----

// Rows that the subgroup's 16-byte stride divides (128 f16 = 2 x 8 lanes x 8):
// each access is a vector<8xf16>, summed in f32 vectors, the components of
// each lane added before the butterfly; the output stored as vectors.
// CHECK-LABEL: gpu.func @wide_norm(
// CHECK:         %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT:    %[[FIRST:.*]] = arith.muli %[[LANE]], %{{.*}} : index
// CHECK:         scf.for %{{.*}} = %[[FIRST]] to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<8xf32>) {
// CHECK-NEXT:      %[[V:.*]] = vector.load %{{.*}} : memref<4x128xf16>, vector<8xf16>
// CHECK-NEXT:      %[[W:.*]] = arith.extf %[[V]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT:      arith.mulf %[[W]], %[[W]] : vector<8xf32>
// CHECK-COUNT-8: vector.extract
// CHECK-COUNT-3: gpu.shuffle xor
// CHECK:         math.rsqrt
// CHECK:         scf.for
// CHECK:           %[[O:.*]] = arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK-NEXT:      vector.store %[[O]], %{{.*}} : memref<4x128xf16>, vector<8xf16>
func.func @wide(%x: memref<4x128xf16>, %y: memref<4x128xf16>) {
  coopmlir.rms_norm {epsilon = 1.0e-06 : f32} ins(%x : memref<4x128xf16>) outs(%y : memref<4x128xf16>)
  func.return
}
