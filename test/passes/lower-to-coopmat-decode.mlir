// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe decode-chunks=2 decode-unroll=4" | filecheck %s --check-prefixes=CHECK,SPLIT
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe decode-chunks=2 decode-unroll=4 decode-fused-combine=true" | filecheck %s --check-prefixes=CHECK,FUSED
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe decode-chunks=1 decode-unroll=4" | filecheck %s --check-prefix=SINGLE

// coopmlir.decode_attention (decode_kernel.py): GQA 2:1 (4 query heads, 2
// K/V heads), S=2 causal, i8 K/V with per-position K and per-head V scales,
// Lmax=40 in 2 chunks of 20 keys, 4 keys per team step (decode-unroll=4
// keeps the checks short; by default a team takes 8 keys here, one 16-byte
// load of K and one of V each). The host allocates the partials, launches
// the partial kernel on (chunks, K/V heads, batch) and the combine kernel on
// (K/V heads, batch, query rows of a group), and frees the partials. With
// decode-fused-combine=true there is no combine kernel: the row blocks'
// arrival counts are a mutable global of zeros, which each launch leaves
// zero.
// FUSED:       memref.global "private" @step_decode_arrivals : memref<1x2xi32> = dense<0>
// CHECK-LABEL: func.func @step(
// CHECK-SAME:      %[[Q:[a-z0-9]+]]: memref<1x4x2x16xf16>, %[[K:[a-z0-9]+]]: memref<1x2x40x16xi8>, %[[V:[a-z0-9]+]]: memref<1x2x40x16xi8>, %[[N:[a-z0-9]+]]: memref<1xi32>, %[[KS:[a-z0-9]+]]: memref<1x2x40xf32>, %[[VS:[a-z0-9]+]]: memref<1x2xf16>, %[[O:[a-z0-9]+]]: memref<1x4x2x16xf16>)
// CHECK-NEXT:    %[[PARTS:.*]] = memref.alloc() : memref<1x2x2x4x16xf32>
// CHECK-NEXT:    %[[STATS:.*]] = memref.alloc() : memref<1x2x2x2x4xf32>
// FUSED-NEXT:    %[[COUNT:.*]] = memref.get_global @step_decode_arrivals : memref<1x2xi32>
// FUSED:         gpu.launch_func @step_kernels::@step_decode blocks in (%[[TWO:.*]], %[[TWO]], %[[ONE:.*]]) threads in (%[[WG:.*]], %[[ONE]], %[[ONE]]) args(%[[Q]] : {{.*}}, %[[K]] : {{.*}}, %[[V]] : {{.*}}, %[[N]] : memref<1xi32>, %[[KS]] : {{.*}}, %[[VS]] : {{.*}}, %[[PARTS]] : {{.*}}, %[[STATS]] : {{.*}}, %[[COUNT]] : memref<1x2xi32>, %[[O]] : memref<1x4x2x16xf16>)
// FUSED-NEXT:    memref.dealloc %[[PARTS]]
// FUSED-NEXT:    memref.dealloc %[[STATS]]
// SPLIT:         gpu.launch_func @step_kernels::@step_decode blocks in (%[[TWO:.*]], %[[TWO]], %[[ONE:.*]]) threads in (%[[WG:.*]], %[[ONE]], %[[ONE]]) args(%[[Q]] : {{.*}}, %[[K]] : {{.*}}, %[[V]] : {{.*}}, %[[N]] : memref<1xi32>, %[[KS]] : {{.*}}, %[[VS]] : {{.*}}, %[[PARTS]] : {{.*}}, %[[STATS]] : {{.*}})
// SPLIT:         gpu.launch_func @step_kernels::@step_decode_combine blocks in (%[[TWO]], %[[ONE]], %[[FOUR:.*]]) threads in (%[[WG]], %[[ONE]], %[[ONE]]) args(%[[PARTS]] : {{.*}}, %[[STATS]] : {{.*}}, %[[O]] : memref<1x4x2x16xf16>)
// SPLIT-NEXT:    memref.dealloc %[[PARTS]]
// SPLIT-NEXT:    memref.dealloc %[[STATS]]
// CHECK-NEXT:    func.return

// One chunk: no partials; the kernel's merge divides by the row's sum and
// writes O.
// SINGLE-LABEL:   func.func @step(
// SINGLE-NOT:       memref.alloc
// SINGLE:           gpu.launch_func @step_kernels::@step_decode blocks in (%[[ONE1:.*]], %[[TWO1:.*]], %[[ONE1]]) threads in (%{{.*}}, %[[ONE1]], %[[ONE1]]) args({{.*}}, %{{.*}} : memref<1x4x2x16xf16>)
// SINGLE-NEXT:      func.return
// SINGLE:         gpu.func @step_decode({{.*}}: memref<1x2xf16>, %{{.*}}: memref<1x4x2x16xf16>) kernel
// SINGLE:           gpu.barrier
// SINGLE:           arith.divf
// SINGLE:           arith.truncf %{{.*}} : f32 to f16
// SINGLE:           memref.store %{{.*}}, %{{.*}} : memref<1x4x2x16xf16>
// SINGLE-NOT:       gpu.func

// The partial kernel: a K/V row of 16 i8 is one 16-byte load, so a team is
// one lane (no butterfly); 64 work-items (64 teams: 128 would not fit their
// partial results [teams, rows, Dv] in lavapipe's 32 KiB); the teams'
// outputs and statistics in workgroup memory.
// CHECK:       gpu.func @step_decode({{.*}}) kernel attributes {known_block_size = array<i32: 64, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}
// CHECK:         %[[TO:.*]] = memref.alloca() : memref<64x4x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[TS:.*]] = memref.alloca() : memref<64x2x4xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[END:.*]] = arith.minui %{{.*}}, %[[NN:.*]] : index
// The per-head V scale once; each query row's slice in registers (f32).
// CHECK:         memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<1x2xf16>
// CHECK:         vector.load %{{.*}} : memref<1x4x2x16xf16>, vector<16xf16>
// CHECK:         arith.extf %{{.*}} : f16 to f32
// The first step's rows (clamped to max(n, 1) - 1: a cache row even for
// n = 0) are loaded before the key loop: 4 keys of K, then of V.
// CHECK:         %[[NN1:.*]] = arith.maxui %[[NN]], %{{.*}} : index
// CHECK-NEXT:    %[[LAST:.*]] = arith.addi %[[NN1]], %{{.*}} : index
// CHECK-COUNT-4: arith.minui %{{.*}}, %[[LAST]] : index
// CHECK-COUNT-4: vector.load %[[K:.*]][{{.*}}] : memref<1x2x40x16xi8>, vector<16xi8>
// CHECK-COUNT-4: vector.load %[[V:.*]][{{.*}}] : memref<1x2x40x16xi8>, vector<16xi8>
// The key loop carries m, l of the 4 rows, their 4 x 16 outputs and the
// loaded rows; each step first loads the next step's 8 rows (in flight
// while this step is computed) and yields them.
// CHECK:         scf.for %[[KEY0:.*]] = %{{.*}} to %[[END]] step %[[STRIDE:.*]] iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, {{.*}}, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>) {
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[KEY0]], %[[STRIDE]] : index
// CHECK:           %[[N0:.*]] = arith.minui %[[NEXT]], %[[LAST]] : index
// CHECK-COUNT-3:   arith.minui %{{.*}}, %[[LAST]] : index
// CHECK-NEXT:      vector.load %[[K]][%{{.*}}, %{{.*}}, %[[N0]], %{{.*}}] : memref<1x2x40x16xi8>, vector<16xi8>
// CHECK-COUNT-3:   vector.load %[[K]][{{.*}}] : memref<1x2x40x16xi8>, vector<16xi8>
// CHECK-COUNT-4:   vector.load %[[V]][{{.*}}] : memref<1x2x40x16xi8>, vector<16xi8>
// CHECK:           %[[R0:.*]] = arith.minui %[[KEY0]], %[[LAST]] : index
// Scores: the codes as f32, times scale and the position's K scale; -inf
// past the chunk's end or (causal) the row's last visible key.
// CHECK:           arith.sitofp %{{.*}} : i8 to f32
// CHECK:           memref.load %{{.*}}[%{{.*}}, %{{.*}}, %[[R0]]] : memref<1x2x40xf32>
// CHECK:           arith.cmpi ult, %[[KEY0]], %[[END]] : index
// The online softmax per row over the 4 keys: one max, one rescale.
// CHECK:           arith.maximumf
// CHECK:           math.exp
// CHECK:           scf.yield {{.*}} : {{.*}}, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>, vector<16xi8>
// After the loop: each team's statistics and outputs to workgroup memory,
// one barrier, the merge into the chunk's partial result.
// CHECK:         memref.store %{{.*}}, %[[TS]]
// CHECK:         memref.store %{{.*}}, %[[TO]]
// CHECK:         gpu.barrier
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<1x2x2x4x16xf32>
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<1x2x2x2x4xf32>
// SPLIT:         gpu.return

// Fused: the partial result stored, a device-scope barrier (the merge's
// barrier above orders workgroup memory only); work-item 0 counts the
// workgroup in (an atomic add) and passes the old count on through
// workgroup memory; after a device-scope barrier, the workgroup that counted last (2
// chunks: the count was 1) resets the count and combines the row block's 4
// rows: subgroup j weighs row j (its chunks' weights padded to 8, then the
// sum: [4 rows, 9]), a barrier, then every work-item its element of the 4 x
// 16 outputs, 8 loads of partials at a time, divided, stored as f16.
// FUSED:         %[[W:.*]] = memref.alloca() : memref<4x9xf32, #gpu.address_space<workgroup>>
// FUSED-NEXT:    %[[ARRIVAL:.*]] = memref.alloca() : memref<1xi32, #gpu.address_space<workgroup>>
// FUSED-NEXT:    gpu.barrier {coopmlir.device_scope}
// FUSED-NEXT:    %[[FIRST:.*]] = arith.cmpi ult, %[[T:.*]], %{{.*}} : index
// FUSED-NEXT:    scf.if %[[FIRST]] {
// FUSED-NEXT:      %[[BEFORE:.*]] = memref.atomic_rmw addi %[[I1:.*]], %[[CNT:.*]][%{{.*}}, %{{.*}}] : (i32, memref<1x2xi32>) -> i32
// FUSED-NEXT:      memref.store %[[BEFORE]], %[[ARRIVAL]][%{{.*}}] : memref<1xi32, #gpu.address_space<workgroup>>
// FUSED-NEXT:    }
// FUSED-NEXT:    gpu.barrier {coopmlir.device_scope}
// FUSED-NEXT:    %[[ARRIVED:.*]] = memref.load %[[ARRIVAL]][%{{.*}}] : memref<1xi32, #gpu.address_space<workgroup>>
// FUSED-NEXT:    %[[LAST:.*]] = arith.cmpi eq, %[[ARRIVED]], %[[I1]] : i32
// FUSED-NEXT:    scf.if %[[LAST]] {
// FUSED-NEXT:      scf.if %[[FIRST]] {
// FUSED-NEXT:        memref.atomic_rmw assign %{{.*}}, %[[CNT]][%{{.*}}, %{{.*}}] : (i32, memref<1x2xi32>) -> i32
// FUSED-NEXT:      }
// FUSED:           scf.for
// FUSED:             gpu.shuffle xor
// FUSED:             memref.store %{{.*}}, %[[W]][%{{.*}}, %{{.*}}] : memref<4x9xf32, #gpu.address_space<workgroup>>
// FUSED:           gpu.barrier
// FUSED:           scf.for
// FUSED-COUNT-8:     memref.load %{{.*}} : memref<1x2x2x4x16xf32>
// FUSED:           arith.divf
// FUSED:           arith.truncf %{{.*}} : f32 to f16
// FUSED:           memref.store %{{.*}}, %{{.*}} : memref<1x4x2x16xf16>
// FUSED:         }
// FUSED-NEXT:    gpu.return

// The combine kernel, workgroup (head, batch, row): the chunks' weights
// (padded with zeros to 8) and sum in workgroup memory (a butterfly over
// the subgroup), a barrier, then each d the weighted sum over the chunks,
// 8 loads of partials at a time, divided, stored as f16.
// SPLIT:       gpu.func @step_decode_combine(
// SPLIT:         memref.alloca() : memref<1x9xf32, #gpu.address_space<workgroup>>
// SPLIT:         gpu.shuffle xor
// SPLIT:         gpu.barrier
// SPLIT:         scf.for
// SPLIT-COUNT-8:   memref.load %{{.*}} : memref<1x2x2x4x16xf32>
// SPLIT:         arith.divf
// SPLIT:         arith.truncf %{{.*}} : f32 to f16

func.func @step(%q: memref<1x4x2x16xf16>, %k: memref<1x2x40x16xi8>, %v: memref<1x2x40x16xi8>, %n: memref<1xi32>, %ks: memref<1x2x40xf32>, %vs: memref<1x2xf16>, %o: memref<1x4x2x16xf16>) {
  coopmlir.decode_attention {scale = 0.25 : f32, causal} ins(%q, %k, %v : memref<1x4x2x16xf16>, memref<1x2x40x16xi8>, memref<1x2x40x16xi8>) length(%n : memref<1xi32>) scales(%ks, %vs : memref<1x2x40xf32>, memref<1x2xf16>) outs(%o : memref<1x4x2x16xf16>)
  func.return
}
