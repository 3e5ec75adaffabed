// RUN: coopmlir-opt %s --lower-to-coopmat="target=simt kernel=simt-tiled tile=32x32x8 micro-tile=4x4" | filecheck %s
// coopmat-to-simt leaves the kernel as it is (it holds no matrix).
// RUN: coopmlir-opt %s --lower-to-coopmat="target=simt kernel=simt-tiled tile=32x32x8 micro-tile=4x4" --coopmat-to-simt | filecheck %s
// smem-layout=xor: the same kernel with unpadded, swizzled workgroup tiles.
// RUN: coopmlir-opt %s --lower-to-coopmat="target=simt kernel=simt-tiled tile=32x32x8 micro-tile=4x4 smem-layout=xor" | filecheck %s --check-prefix=XOR

// kernel=simt-tiled: 32x32 C tiles of 8x8 = 64 work-items, each holding a
// 4x4 micro-tile as four vector<4xf32> accumulators; K tiles of 8.

// Aligned sizes: nothing is checked. A is row-major, so its chunks along M
// are assembled from four loads (consecutive work-items read consecutive K);
// B's and C's are one vector.load each.
// CHECK-LABEL: gpu.func @aligned(
// CHECK-SAME:      %[[A:[0-9]+]]: memref<64x32xf32>, %[[B:[0-9]+]]: memref<32x64xf32>, %[[C:[0-9]+]]: memref<64x64xf32>)
// CHECK-SAME:      known_block_size = array<i32: 64, 1, 1>
// CHECK-NOT:   coopmat.
// A^T and B tiles in workgroup memory: 8 K rows of 32 elements + 16 bytes.
// CHECK:       %[[AT:.*]] = memref.alloca() : memref<8x36xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:  %[[BT:.*]] = memref.alloca() : memref<8x36xf32, #gpu.address_space<workgroup>>
// CHECK:       %[[T:.*]] = gpu.thread_id x
// Work-item t owns rows 4 (t / 8) + i and columns 4 (t % 8) + j of the tile.
// CHECK:       %[[TR:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK-NEXT:  %[[ROW0:.*]] = arith.muli %[[TR]]
// CHECK-NEXT:  %[[TC:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK-NEXT:  %[[COL0:.*]] = arith.muli %[[TC]]
// C's four rows start the accumulators, a vector at a time.
// CHECK-COUNT-4: vector.load %[[C]]{{.*}} : memref<64x64xf32>, vector<4xf32>
// The first K tile is fetched into registers.
// CHECK:       memref.load %[[A]][%{{.*}}, %[[TC]]] : memref<64x32xf32>
// CHECK-NEXT:  vector.insert %{{.*}} [0] : f32 into vector<4xf32>
// CHECK-COUNT-3: memref.load %[[A]]
// CHECK:       %[[B0:.*]] = vector.load %[[B]][%[[TR]], %{{.*}}] : memref<32x64xf32>, vector<4xf32>
// Three K tiles in the loop (the last one after it): barrier, store the
// fetched tiles, barrier, fetch the next, 8 k steps of outer products.
// CHECK:       scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    vector.store %{{.*}}, %[[AT]][%[[TC]], %[[ROW0]]] : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:    vector.store %{{.*}}, %[[BT]][%[[TR]], %[[COL0]]] : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:    gpu.barrier
// CHECK:         vector.load %[[B]]
// A column of A and a row of B per k; row i of the outer product is a
// broadcast A element times the B vector.
// CHECK-NEXT:    %[[AV:.*]] = vector.load %[[AT]][%{{.*}}, %[[ROW0]]] : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:    %[[BV:.*]] = vector.load %[[BT]][%{{.*}}, %[[COL0]]] : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:    %[[A0:.*]] = vector.extract %[[AV]][0] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[S0:.*]] = vector.broadcast %[[A0]] : f32 to vector<4xf32>
// CHECK-NEXT:    vector.fma %[[S0]], %[[BV]], %{{.*}} : vector<4xf32>
// CHECK-COUNT-31: vector.fma
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-32: vector.fma
// CHECK-NEXT:  vector.store %{{.*}}, %[[C]][%{{.*}}] : memref<64x64xf32>, vector<4xf32>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[C]]
// CHECK-NEXT:  gpu.return
// smem-layout=xor: rows of 32 elements (8 chunks of 16 bytes), no padding.
// Element x of row k is kept at x ^ 4 (k % 8): each store's column is
// swizzled once before the loop (A: k = t % 8, B: k = t / 8), and the
// loads of k step j XOR the work-item's column with the constant 4 j.
// XOR-LABEL: gpu.func @aligned(
// XOR-DAG:     %[[C4:.*]] = arith.constant 4 : index
// XOR-DAG:     %[[C8:.*]] = arith.constant 8 : index
// XOR-DAG:     %[[C28:.*]] = arith.constant 28 : index
// XOR:         %[[AT:.*]] = memref.alloca() : memref<8x32xf32, #gpu.address_space<workgroup>>
// XOR-NEXT:    %[[BT:.*]] = memref.alloca() : memref<8x32xf32, #gpu.address_space<workgroup>>
// XOR:         %[[T:.*]] = gpu.thread_id x
// XOR:         %[[TR:.*]] = arith.divui %[[T]], %[[C8]] : index
// XOR-NEXT:    %[[ROW0:.*]] = arith.muli %[[TR]], %[[C4]] : index
// XOR-NEXT:    %[[TC:.*]] = arith.remui %[[T]], %[[C8]] : index
// XOR-NEXT:    %[[COL0:.*]] = arith.muli %[[TC]], %[[C4]] : index
// XOR:         %[[AK:.*]] = arith.remui %[[TC]], %[[C8]] : index
// XOR-NEXT:    %[[AMASK:.*]] = arith.muli %[[AK]], %[[C4]] : index
// XOR-NEXT:    %[[ACOL:.*]] = arith.xori %[[ROW0]], %[[AMASK]] : index
// XOR-NEXT:    %[[BK:.*]] = arith.remui %[[TR]], %[[C8]] : index
// XOR-NEXT:    %[[BMASK:.*]] = arith.muli %[[BK]], %[[C4]] : index
// XOR-NEXT:    %[[BCOL:.*]] = arith.xori %[[COL0]], %[[BMASK]] : index
// XOR:         scf.for
// XOR-NEXT:      gpu.barrier
// XOR-NEXT:      vector.store %{{.*}}, %[[AT]][%[[TC]], %[[ACOL]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// XOR-NEXT:      vector.store %{{.*}}, %[[BT]][%[[TR]], %[[BCOL]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// XOR-NEXT:      gpu.barrier
// Row 0 is not swizzled; row 7 is, by 28 elements (chunk ^ 7).
// XOR:           vector.load %[[AT]][%{{.*}}, %[[ROW0]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// XOR-NEXT:      vector.load %[[BT]][%{{.*}}, %[[COL0]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// XOR:           %[[A7:.*]] = arith.xori %[[ROW0]], %[[C28]] : index
// XOR-NEXT:      vector.load %[[AT]][%{{.*}}, %[[A7]]]
// XOR-NEXT:      %[[B7:.*]] = arith.xori %[[COL0]], %[[C28]] : index
// XOR-NEXT:      vector.load %[[BT]][%{{.*}}, %[[B7]]]
// XOR:           scf.yield
func.func @aligned(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x64xf32>) outs(%C : memref<64x64xf32>)
  func.return
}

// Ragged M, N and K, A stored transposed, C filled with zero. A^T rows are
// whole vectors (M = 36): one vector.load, its indices clamped, zero selected
// outside; B rows are not (N = 46): element loads, each guarded. C starts
// as the fill (not read) and is stored element by element under scf.if.
// CHECK-LABEL: gpu.func @ragged(
// CHECK-SAME:      %[[A:[0-9]+]]: memref<19x36xf32>, %[[B:[0-9]+]]: memref<19x46xf32>, %[[C:[0-9]+]]: memref<36x46xf32>)
// CHECK-DAG:   %[[ZERO4:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG:   %[[K:.*]] = arith.constant 19 : index
// CHECK-DAG:   %[[KLAST:.*]] = arith.constant 18 : index
// CHECK-DAG:   %[[M:.*]] = arith.constant 36 : index
// CHECK-DAG:   %[[MVEC:.*]] = arith.constant 32 : index
// CHECK-DAG:   %[[N:.*]] = arith.constant 46 : index
// CHECK-DAG:   %[[NLAST:.*]] = arith.constant 45 : index
// CHECK-NOT:   vector.load %[[C]]
// CHECK:       %[[KIN:.*]] = arith.cmpi ult, %[[KROW:.*]], %[[K]] : index
// CHECK-NEXT:  %[[KSAFE:.*]] = arith.minui %[[KROW]], %[[KLAST]] : index
// CHECK-NEXT:  %[[MIN:.*]] = arith.cmpi ult, %[[MAT:.*]], %[[M]] : index
// CHECK-NEXT:  %[[IN:.*]] = arith.andi %[[KIN]], %[[MIN]] : i1
// CHECK-NEXT:  %[[MSAFE:.*]] = arith.minui %[[MAT]], %[[MVEC]] : index
// CHECK-NEXT:  %[[AV:.*]] = vector.load %[[A]][%[[KSAFE]], %[[MSAFE]]] : memref<19x36xf32>, vector<4xf32>
// CHECK-NEXT:  arith.select %[[IN]], %[[AV]], %[[ZERO4]] : vector<4xf32>
// CHECK:       arith.cmpi ult, %{{.*}}, %[[N]] : index
// CHECK:       arith.minui %{{.*}}, %[[NLAST]] : index
// CHECK-NEXT:  memref.load %[[B]][%[[KSAFE]], %{{.*}}] : memref<19x46xf32>
// CHECK-NEXT:  arith.select
// CHECK-NEXT:  vector.insert %{{.*}} [0] : f32 into vector<4xf32>
// CHECK:       scf.for
// CHECK:       }
// CHECK-NEXT:  gpu.barrier
// CHECK-COUNT-32: vector.fma
// CHECK:       %[[E:.*]] = vector.extract %{{.*}}[0] : f32 from vector<4xf32>
// CHECK-NEXT:  %[[ROWIN:.*]] = arith.cmpi ult, %{{.*}}, %[[M]] : index
// CHECK-NEXT:  %[[STOREIN:.*]] = arith.andi %[[ROWIN]], %{{.*}} : i1
// CHECK-NEXT:  scf.if %[[STOREIN]] {
// CHECK-NEXT:    memref.store %[[E]], %[[C]][%{{.*}}, %{{.*}}] : memref<36x46xf32>
// CHECK-NEXT:  }
func.func @ragged(%A: memref<19x36xf32>, %B: memref<19x46xf32>, %C: memref<36x46xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<36x46xf32>)
  linalg.matmul_transpose_a ins(%A, %B : memref<19x36xf32>, memref<19x46xf32>) outs(%C : memref<36x46xf32>)
  func.return
}
