// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe skinny=true" | filecheck %s

// nn.Linear's form, y = x W^T with W [N, K] (skinny_kernel.py, `nk`): one
// launch, 6 outputs at 4 per workgroup (2 workgroups of 4 subgroups of 8
// lanes on lavapipe), the fill applied by the kernel.
// CHECK-LABEL: func.func @linear(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: memref<2x64xf16>, %[[W:[a-zA-Z0-9_]+]]: memref<6x64xf16>, %[[Y:[a-zA-Z0-9_]+]]: memref<2x6xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch_func @linear_kernels::@linear_skinny blocks in (%[[TWO:.*]], %[[ONE:.*]], %[[ONE]]) threads in (%[[WG:.*]], %[[ONE]], %[[ONE]]) args(%[[X]] : memref<2x64xf16>, %[[W]] : memref<6x64xf16>, %[[Y]] : memref<2x6xf32>)
// CHECK-NEXT:    func.return

// Partials of M x 4 outputs per subgroup in workgroup memory; rows past
// N = 6 read row 5 (clamped) and are not stored.
// CHECK:       gpu.func @linear_skinny({{.*}}) kernel attributes {known_block_size = array<i32: 32, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}
// CHECK:         %[[P:.*]] = memref.alloca() : memref<4x8xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK-NEXT:    %[[SG:.*]] = gpu.subgroup_id : index
// CHECK-NEXT:    %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT:    %[[B:.*]] = gpu.block_id x
// CHECK-NEXT:    %[[N0:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK-NEXT:    %[[R0:.*]] = arith.minui %[[N0]], %{{.*}} : index

// Lanes split K in 8 x f16 (16-byte) loads from 8 * thread, step 32 * 8;
// each weight chunk loaded once per step (all 4 rows first), then each A
// chunk once, used for every row; 2 x 4 f32 sums carried.
// CHECK:         %[[K0:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK-NEXT:    {{.*}} = scf.for %[[K:.*]] = %[[K0]] to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT:      %[[W0:.*]] = vector.load %{{.*}}[%[[R0]], %[[K]]] : memref<6x64xf16>, vector<8xf16>
// CHECK-NEXT:      %[[W0F:.*]] = arith.extf %[[W0]] : vector<8xf16> to vector<8xf32>
// CHECK-COUNT-3:   vector.load %{{.*}} : memref<6x64xf16>, vector<8xf16>
// CHECK:           %[[A0:.*]] = vector.load %[[XA:.*]][%{{.*}}, %[[K]]] : memref<2x64xf16>, vector<8xf16>
// CHECK-NEXT:      %[[A0F:.*]] = arith.extf %[[A0]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT:      arith.mulf %[[W0F]], %[[A0F]] : vector<8xf32>
// CHECK-NOT:       memref<6x64xf16>
// CHECK:           vector.load %[[XA]][%{{.*}}, %[[K]]] : memref<2x64xf16>, vector<8xf16>
// CHECK-NOT:       memref<6x64xf16>
// CHECK:           scf.yield
// CHECK-NEXT:    }

// 8 butterflies of 3 shuffles; lane 0 of each subgroup writes 8 partials.
// CHECK-COUNT-24: gpu.shuffle xor
// CHECK:         %[[FIRST:.*]] = arith.cmpi ult, %[[LANE]], %{{.*}} : index
// CHECK-NEXT:    scf.if %[[FIRST]] {
// CHECK-COUNT-8:   memref.store %{{.*}}, %[[P]][%[[SG]], %{{.*}}] : memref<4x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier

// The 4 subgroups' partials summed per slot (m = slot % 2, n = n0 + slot / 2),
// stored once where n < 6, on top of the fill value (0).
// CHECK-NEXT:    scf.for %[[S:.*]] = %[[T]] to %{{.*}} step %{{.*}} {
// CHECK-COUNT-4:   memref.load %[[P]][%{{.*}}, %[[S]]]
// CHECK:           %[[M:.*]] = arith.remui %[[S]], %{{.*}} : index
// CHECK-NEXT:      %[[NR:.*]] = arith.divui %[[S]], %{{.*}} : index
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[N0]], %[[NR]] : index
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[N]], %{{.*}} : index
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[V:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:        memref.store %[[V]], %{{.*}}[%[[M]], %[[N]]] : memref<2x6xf32>
func.func @linear(%x: memref<2x64xf16>, %w: memref<6x64xf16>, %y: memref<2x6xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x6xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<2x64xf16>, memref<6x64xf16>) outs(%y : memref<2x6xf32>)
  func.return
}

// -----

// linalg.vecmat, W [K, N] (`kn`): lane l owns 4 consecutive columns (one
// 16-byte f32 load per K row), subgroup g the K rows g, g + 4, ...; y += x W.
// CHECK-LABEL: gpu.func @vecmat_skinny(
// CHECK:         %[[P:.*]] = memref.alloca() : memref<4x32xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:         %[[ACC:.*]] = scf.for %[[K:.*]] = %[[SG]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<4xf32>) {
// CHECK-NEXT:      %[[WV:.*]] = vector.load %{{.*}}[%[[K]], %{{.*}}] : memref<16x40xf32>, vector<4xf32>
// CHECK-NEXT:      %[[XK:.*]] = memref.load %{{.*}}[%[[K]]] : memref<16xf32>
// CHECK-NEXT:      %[[XB:.*]] = vector.broadcast %[[XK]] : f32 to vector<4xf32>
// CHECK-NEXT:      %[[PR:.*]] = arith.mulf %[[WV]], %[[XB]] : vector<4xf32>
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addf %{{.*}}, %[[PR]] : vector<4xf32>
// CHECK-NEXT:      scf.yield %[[NEXT]] : vector<4xf32>
// CHECK-NEXT:    }
// CHECK-NOT:     gpu.shuffle
// CHECK:         gpu.barrier
// CHECK:           %[[OLD:.*]] = memref.load %{{.*}}[%[[N:.*]]] : memref<40xf32>
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[SUM]], %{{.*}}[%[[N]]] : memref<40xf32>
func.func @vecmat(%x: memref<16xf32>, %a: memref<16x40xf32>, %y: memref<40xf32>) {
  linalg.vecmat ins(%x, %a : memref<16xf32>, memref<16x40xf32>) outs(%y : memref<40xf32>)
  func.return
}

// -----

// Few outputs and a long K: split over K (grid y, 4 slices) into an f32
// workspace, summed onto y by split_k.py's reduction kernel.
// CHECK-LABEL: func.func @split(
// CHECK:         %[[WS:.*]] = memref.alloc() : memref<4x2x5xf32>
// CHECK:         gpu.launch_func @split_kernels::@split_skinny blocks in (%{{.*}}, %[[S4:.*]], %{{.*}}) threads in ({{.*}}) args(%{{.*}} : memref<2x515xf32>, %{{.*}} : memref<5x515xf32>, %[[WS]] : memref<4x2x5xf32>)
// CHECK:         gpu.launch_func @split_kernels::@split_skinny_reduce {{.*}} args(%[[WS]] : memref<4x2x5xf32>, %{{.*}} : memref<2x5xf32>)
// CHECK-NEXT:    memref.dealloc %[[WS]] : memref<4x2x5xf32>
// CHECK:       gpu.func @split_skinny(
// CHECK:         %[[SL:.*]] = gpu.block_id y
// CHECK-NEXT:    %[[K0:.*]] = arith.muli %[[SL]], %{{.*}} : index
// CHECK:           memref.store %{{.*}}, %{{.*}}[%[[SL]], %{{.*}}, %{{.*}}] : memref<4x2x5xf32>
// CHECK:       gpu.func @split_skinny_reduce(
func.func @split(%x: memref<2x515xf32>, %w: memref<5x515xf32>, %y: memref<2x5xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<2x515xf32>, memref<5x515xf32>) outs(%y : memref<2x5xf32>)
  func.return
}
