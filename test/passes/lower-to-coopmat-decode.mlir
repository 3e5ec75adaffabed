// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe decode-chunks=2" | filecheck %s

// coopmlir.decode_attention (decode_kernel.py): GQA 2:1 (4 query heads, 2
// K/V heads), S=2 causal, i8 K/V with per-position K and per-head V scales,
// Lmax=40 in 2 chunks of 32 keys (blocks of 16). The host allocates the
// partials, launches the partial kernel on (chunks, K/V heads, batch) and
// the combine kernel on (K/V heads, batch), and frees the partials.
// CHECK-LABEL: func.func @step(
// CHECK-SAME:      %[[Q:[a-z0-9]+]]: memref<1x4x2x16xf16>, %[[K:[a-z0-9]+]]: memref<1x2x40x16xi8>, %[[V:[a-z0-9]+]]: memref<1x2x40x16xi8>, %[[N:[a-z0-9]+]]: memref<1xi32>, %[[KS:[a-z0-9]+]]: memref<1x2x40xf32>, %[[VS:[a-z0-9]+]]: memref<1x2xf16>, %[[O:[a-z0-9]+]]: memref<1x4x2x16xf16>)
// CHECK-NEXT:    %[[PARTS:.*]] = memref.alloc() : memref<1x2x2x4x16xf32>
// CHECK-NEXT:    %[[STATS:.*]] = memref.alloc() : memref<1x2x2x2x4xf32>
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[WG:.*]] = arith.constant 128 : index
// CHECK-NEXT:    gpu.launch_func @step_kernels::@step_decode blocks in (%[[TWO]], %[[TWO]], %[[ONE]]) threads in (%[[WG]], %[[ONE]], %[[ONE]]) args(%[[Q]] : {{.*}}, %[[K]] : {{.*}}, %[[V]] : {{.*}}, %[[N]] : memref<1xi32>, %[[KS]] : {{.*}}, %[[VS]] : {{.*}}, %[[PARTS]] : {{.*}}, %[[STATS]] : {{.*}})
// CHECK-NEXT:    gpu.launch_func @step_kernels::@step_decode_combine blocks in (%[[TWO]], %[[ONE]], %[[ONE]]) threads in (%[[WG]], %[[ONE]], %[[ONE]]) args(%[[PARTS]] : {{.*}}, %[[STATS]] : {{.*}}, %[[O]] : memref<1x4x2x16xf16>)
// CHECK-NEXT:    memref.dealloc %[[PARTS]]
// CHECK-NEXT:    memref.dealloc %[[STATS]]
// CHECK-NEXT:    func.return

// The partial kernel: K, V blocks (i8, rows padded by 16 bytes), Q, the
// scores, O (f32, 4 rows = 2 heads x 2 queries) and the row statistics in
// workgroup memory; n = clamp(length, 0, 40); the chunk's keys run from
// chunk * 32 to min(chunk * 32 + 32, n).
// The kernel asks for lavapipe's subgroup size (8), which the row
// butterflies assume.
// CHECK:       gpu.func @step_decode({{.*}}) kernel attributes {known_block_size = array<i32: 128, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}
// CHECK:         %[[KT:.*]] = memref.alloca() : memref<16x32xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VT:.*]] = memref.alloca() : memref<16x32xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[QT:.*]] = memref.alloca() : memref<4x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[SC:.*]] = memref.alloca() : memref<4x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[OT:.*]] = memref.alloca() : memref<4x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[ST:.*]] = memref.alloca() : memref<3x4xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[CHUNK:.*]] = gpu.block_id x
// CHECK-NEXT:    %[[HEAD:.*]] = gpu.block_id y
// CHECK-NEXT:    %[[BATCH:.*]] = gpu.block_id z
// CHECK-NEXT:    %[[SG:.*]] = gpu.subgroup_id : index
// CHECK-NEXT:    %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT:    %[[LEN:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<1xi32>
// CHECK-NEXT:    %[[LEN0:.*]] = arith.maxsi %[[LEN]], %{{.*}} : i32
// CHECK-NEXT:    %[[LEN1:.*]] = arith.minsi %[[LEN0]], %{{.*}} : i32
// CHECK-NEXT:    %[[NN:.*]] = arith.index_cast %[[LEN1]] : i32 to index
// CHECK-NEXT:    %[[READS:.*]] = arith.maxui %[[NN]], %{{.*}} : index
// CHECK-NEXT:    %[[START:.*]] = arith.muli %[[CHUNK]], %{{.*}} : index
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK-NEXT:    %[[END:.*]] = arith.minui %[[NEXT]], %[[NN]] : index

// The per-head V scale is read once. The first block's K and V rows are
// loaded before the key loop (rows past n zero, and none read past the
// cache: the bound is max(n, 1), n = 0 loops over no key); each iteration stores the
// loaded block to workgroup memory between barriers, then loads the next
// block (in flight while this one is computed) and yields it.
// CHECK:         %[[VS16:.*]] = memref.load %{{.*}}[%[[BATCH]], %[[HEAD]]] : memref<1x2xf16>
// CHECK-NEXT:    %[[VSCALE:.*]] = arith.extf %[[VS16]] : f16 to f32
// CHECK:         %[[ROW:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK-NEXT:    %[[INSIDE:.*]] = arith.cmpi ult, %[[ROW]], %[[READS]] : index
// CHECK:         %[[KV:.*]] = vector.load %{{.*}} : memref<1x2x40x16xi8>, vector<2xi8>
// CHECK-NEXT:    %[[K0:.*]] = arith.select %[[INSIDE]], %[[KV]], %{{.*}} : vector<2xi8>
// CHECK-NEXT:    %[[VV:.*]] = vector.load %{{.*}} : memref<1x2x40x16xi8>, vector<2xi8>
// CHECK-NEXT:    %[[V0:.*]] = arith.select %[[INSIDE]], %[[VV]], %{{.*}} : vector<2xi8>
// CHECK-NEXT:    %{{.*}}, %{{.*}} = scf.for %[[KEY0:.*]] = %[[START]] to %[[END]] step %{{.*}} iter_args(%[[KB:.*]] = %[[K0]], %[[VB:.*]] = %[[V0]]) -> (vector<2xi8>, vector<2xi8>) {
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.store %[[KB]], %[[KT]]
// CHECK-NEXT:      vector.store %[[VB]], %[[VT]]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[NEXT0:.*]] = arith.addi %[[KEY0]], %{{.*}} : index
// CHECK:           %[[KN:.*]] = vector.load %{{.*}} : memref<1x2x40x16xi8>, vector<2xi8>
// CHECK:           %[[VN:.*]] = vector.load %{{.*}} : memref<1x2x40x16xi8>, vector<2xi8>
// CHECK-NEXT:      %[[VNS:.*]] = arith.select %{{.*}}, %[[VN]], %{{.*}} : vector<2xi8>

// Scores: Q . K over D, 4 columns at a time (the i8 codes as f32), the
// 4 partial sums added; times scale and the position's K scale; -inf
// unless key + S < n + s + 1 (causal).
// CHECK:             %[[K4:.*]] = vector.load %[[KT]][%{{.*}}, %{{.*}}] : memref<16x32xi8, #gpu.address_space<workgroup>>, vector<4xi8>
// CHECK:             arith.sitofp %{{.*}} : i8 to f32
// CHECK:             %[[Q4:.*]] = vector.load %[[QT]][%{{.*}}, %{{.*}}] : memref<4x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:        %[[QK:.*]] = arith.mulf %[[Q4]], %{{.*}} : vector<4xf32>
// CHECK-NEXT:        %[[ACC:.*]] = arith.addf %{{.*}}, %[[QK]] : vector<4xf32>
// CHECK-NEXT:        scf.yield %[[ACC]] : vector<4xf32>
// CHECK:           %[[KEY:.*]] = arith.addi %[[KEY0]], %{{.*}} : index
// CHECK:           memref.load %{{.*}} : memref<1x2x40xf32>
// CHECK:           %[[VIS:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[VIS]], %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:      memref.store %[[S]], %[[SC]]
// CHECK:         gpu.barrier

// Row update, a subgroup per row (16 subgroups of 8 for 4 rows): the lanes
// stride over the block's keys, butterflies (3 shuffles for 8 lanes) give
// the max (-inf kept out of the exps) and the sum; the probabilities
// replace the scores.
// CHECK:         scf.for %[[ROW:.*]] = %[[SG]] to %{{.*}} step %{{.*}} {
// CHECK:           scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %{{.*}} iter_args
// CHECK:             arith.maximumf
// CHECK:           gpu.shuffle xor
// CHECK-NEXT:      arith.maximumf
// CHECK-NEXT:      gpu.shuffle xor
// CHECK-NEXT:      arith.maximumf
// CHECK-NEXT:      gpu.shuffle xor
// CHECK-NEXT:      %[[MAX:.*]] = arith.maximumf
// CHECK-NEXT:      arith.cmpf oeq, %[[MAX]]
// CHECK:           math.exp
// CHECK:           scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %{{.*}} iter_args
// CHECK:             math.exp
// CHECK:           gpu.shuffle xor
// CHECK-NEXT:      arith.addf
// CHECK:         gpu.barrier

// O update, 4 columns per work-item: O * alpha + V scale * sum_j P V.
// CHECK:             vector.load %[[VT]][%{{.*}}, %{{.*}}] : memref<16x32xi8, #gpu.address_space<workgroup>>, vector<4xi8>
// CHECK:             arith.sitofp %{{.*}} : i8 to f32
// CHECK:           %[[VS4:.*]] = vector.broadcast %[[VSCALE]] : f32 to vector<4xf32>
// CHECK-NEXT:      arith.mulf %{{.*}}, %[[VS4]] : vector<4xf32>
// CHECK:           vector.store %{{.*}}, %[[OT]][%{{.*}}, %{{.*}}] : memref<4x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:         scf.yield %{{.*}}, %[[VNS]] : vector<2xi8>, vector<2xi8>

// The partials out: O rows (4 columns at a time), then (max, sum) per row.
// CHECK:         vector.store %{{.*}}, %{{.*}}[%[[BATCH]], %[[HEAD]], %[[CHUNK]], %{{.*}}, %{{.*}}] : memref<1x2x2x4x16xf32>, vector<4xf32>
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[BATCH]], %[[HEAD]], %[[CHUNK]], %{{.*}}, %{{.*}}] : memref<1x2x2x2x4xf32>

// Combine: per element, the max over chunks, then the weighted sums; O in
// f16 at query head = K/V head * 2 + row / 2, query row % 2.
// CHECK:       gpu.func @step_decode_combine(%{{.*}}: memref<1x2x2x4x16xf32>, %{{.*}}: memref<1x2x2x2x4xf32>, %[[OUT:.*]]: memref<1x4x2x16xf16>)
// CHECK:           arith.maximumf
// CHECK:           math.exp
// CHECK:         %[[RATIO:.*]] = arith.divf
// CHECK-NEXT:    %[[H:.*]] = arith.truncf %[[RATIO]] : f32 to f16
// CHECK:         memref.store %[[H]], %[[OUT]]
func.func @step(%q: memref<1x4x2x16xf16>, %k: memref<1x2x40x16xi8>, %v: memref<1x2x40x16xi8>, %n: memref<1xi32>, %ks: memref<1x2x40xf32>, %vs: memref<1x2xf16>, %o: memref<1x4x2x16xf16>) {
  coopmlir.decode_attention {scale = 0.25 : f32, causal} ins(%q, %k, %v : memref<1x4x2x16xf16>, memref<1x2x40x16xi8>, memref<1x2x40x16xi8>) length(%n : memref<1xi32>) scales(%ks, %vs : memref<1x2x40xf32>, memref<1x2xf16>) outs(%o : memref<1x4x2x16xf16>)
  func.return
}
