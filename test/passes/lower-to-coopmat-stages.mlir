// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=0" | filecheck %s --check-prefix=S0
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=1" | filecheck %s --check-prefix=S1
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=2" | filecheck %s --check-prefix=S2
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=2" | coopmlir-opt | filecheck %s --check-prefix=S2

// The issue's ragged case, 33x47x19, on 32x32x16 tiles of 2x2 subgroups
// (grid 2x2, 128 work-items): M and N are ragged, K = 16 + 3.

// stages=0: checked fragment accesses on the ragged dimensions only; whole K
// tiles unchecked in K, then a peeled tail checked in K as well.
// S0-LABEL: gpu.func @ragged(
// S0-SAME:      %[[A:[0-9]+]]: memref<33x19xf16>, %[[B:[0-9]+]]: memref<19x47xf16>, %[[C:[0-9]+]]: memref<33x47xf32>
// S0-SAME:      {known_block_size = array<i32: 128, 1, 1>
// S0-NOT:       memref.alloca
// S0:           %[[SG:.*]] = gpu.subgroup_id : index
// S0-NEXT:      %[[TROW:.*]] = arith.muli
// S0-NEXT:      %[[TCOL:.*]] = arith.muli
// Subgroup (i, j) = (id / 2, id % 2) owns rows 16 i and cols 16 j of the tile.
// S0-NEXT:      %[[I:.*]] = arith.divui %[[SG]], %{{.*}} : index
// S0-NEXT:      %[[IROW:.*]] = arith.muli %[[I]]
// S0-NEXT:      %[[J:.*]] = arith.remui %[[SG]], %{{.*}} : index
// S0-NEXT:      %[[JCOL:.*]] = arith.muli %[[J]]
// S0-NEXT:      %[[ROW:.*]] = arith.addi %[[TROW]], %[[IROW]] : index
// S0-NEXT:      %[[COL:.*]] = arith.addi %[[TCOL]], %[[JCOL]] : index
// S0-NEXT:      %[[C0:.*]] = coopmat.load %[[C]][%[[ROW]], %[[COL]]] row_major checked(both)
// S0-NEXT:      %[[ACC:.*]] = scf.for %[[K:[0-9]+]] = {{.*}} iter_args(%[[X:[0-9]+]] = %[[C0]])
// S0-NEXT:        %[[FA:.*]] = coopmat.load %[[A]][%[[ROW]], %[[K]]] row_major checked(rows) : memref<33x19xf16> -> !coopmat.matrix<16x16xf16, a>
// S0-NEXT:        %[[FB:.*]] = coopmat.load %[[B]][%[[K]], %[[COL]]] row_major checked(cols) : memref<19x47xf16> -> !coopmat.matrix<16x16xf16, b>
// S0-NEXT:        %[[Y:.*]] = coopmat.mul_add %[[FA]], %[[FB]], %[[X]]
// S0-NEXT:        scf.yield %[[Y]]
// S0-NEXT:      }
// S0-NEXT:      %[[TA:.*]] = coopmat.load %[[A]][%[[ROW]], %[[K16:.*]]] row_major checked(both)
// S0-NEXT:      %[[TB:.*]] = coopmat.load %[[B]][%[[K16]], %[[COL]]] row_major checked(both)
// S0-NEXT:      %[[D:.*]] = coopmat.mul_add %[[TA]], %[[TB]], %[[ACC]]
// S0-NEXT:      coopmat.store %[[D]], %[[C]][%[[ROW]], %[[COL]]] row_major checked(both)
// S0-NEXT:      gpu.return

// stages=1: A (32x16) and B (16x32) tiles go through workgroup memory whose
// rows are padded by 16 bytes (8 f16); the copy clamps its indices and
// writes zeros outside A and B, so fragment loads from it are unchecked.
// S1-LABEL: gpu.func @ragged(
// S1-SAME:      %[[A:[0-9]+]]: memref<33x19xf16>, %[[B:[0-9]+]]: memref<19x47xf16>, %[[C:[0-9]+]]: memref<33x47xf32>
// S1-NEXT:      %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// S1-NEXT:      %[[BT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// S1-DAG:       %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// S1-DAG:       %[[M:.*]] = arith.constant 33 : index
// S1-DAG:       %[[MLAST:.*]] = arith.constant 32 : index
// S1:           %[[C0:.*]] = coopmat.load %[[C]][%{{.*}}] row_major checked(both)
// S1-NEXT:      %[[T:.*]] = gpu.thread_id x
// Two K tiles (0, 16), each: barrier, copy A, copy B, barrier, math.
// S1-NEXT:      %[[ACC:.*]] = scf.for %[[K:[0-9]+]] = %{{.*}} to %[[MLAST]] step %{{.*}} iter_args(%[[X:[0-9]+]] = %[[C0]])
// S1-NEXT:        gpu.barrier
// Work-item t copies 4 consecutive elements starting at element 4 t.
// S1-NEXT:        %[[START:.*]] = arith.muli %[[T]], %{{.*}} : index
// S1-NEXT:        scf.for %[[E:[0-9]+]] = %[[START]] to %{{.*}} step %{{.*}} {
// S1-NEXT:          %[[R:.*]] = arith.divui %[[E]]
// S1-NEXT:          %[[CC:.*]] = arith.remui %[[E]]
// S1-NEXT:          %[[GR:.*]] = arith.addi %{{.*}}, %[[R]] : index
// S1-NEXT:          %[[RIN:.*]] = arith.cmpi ult, %[[GR]], %[[M]] : index
// S1-NEXT:          %[[RSAFE:.*]] = arith.minui %[[GR]], %[[MLAST]] : index
// S1-NEXT:          %[[GC:.*]] = arith.addi %[[K]], %[[CC]] : index
// S1-NEXT:          %[[CIN:.*]] = arith.cmpi ult, %[[GC]], %{{.*}} : index
// S1-NEXT:          %[[IN:.*]] = arith.andi %[[RIN]], %[[CIN]] : i1
// S1-NEXT:          %[[CSAFE:.*]] = arith.minui %[[GC]], %{{.*}} : index
// S1-NEXT:          %[[V:.*]] = memref.load %[[A]][%[[RSAFE]], %[[CSAFE]]] : memref<33x19xf16>
// S1-NEXT:          %[[W:.*]] = arith.select %[[IN]], %[[V]], %[[ZERO]] : f16
// S1-NEXT:          memref.store %[[W]], %[[AT]][%[[R]], %[[CC]]] : memref<32x24xf16, #gpu.address_space<workgroup>>
// S1-COUNT-3:       memref.store %{{.*}}, %[[AT]]
// S1-NEXT:        }
// S1-NEXT:        scf.for
// S1-COUNT-4:       memref.store %{{.*}}, %[[BT]]
// S1-NEXT:        }
// S1-NEXT:        gpu.barrier
// S1-NEXT:        %[[FA:.*]] = coopmat.load %[[AT]][%{{.*}}] row_major : memref<32x24xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, a>
// S1-NEXT:        %[[FB:.*]] = coopmat.load %[[BT]][%{{.*}}] row_major : memref<16x40xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, b>
// S1-NEXT:        %[[Y:.*]] = coopmat.mul_add %[[FA]], %[[FB]], %[[X]]
// S1-NEXT:        scf.yield %[[Y]]
// S1-NEXT:      }
// S1-NEXT:      coopmat.store %[[ACC]], %[[C]][%{{.*}}] row_major checked(both)
// S1-NEXT:      gpu.return

// stages=2: tile 0 is fetched into registers (4 values of A, 4 of B per
// work-item) before the loop; each iteration stores the held values, fetches
// the next tile, then multiplies; the last tile is peeled.
// S2-LABEL: gpu.func @ragged(
// S2:           %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// S2-NEXT:      %[[BT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// S2:           gpu.thread_id x
// S2-COUNT-8:   memref.load
// S2-NOT:       memref.load
// S2:           scf.for %[[K:[0-9]+]] = %{{.*}} iter_args(%{{[0-9]+}} = %{{[0-9]+}}, %[[H0:[0-9]+]] = %{{[0-9]+}}, %{{.*}}) -> (!coopmat.matrix<16x16xf32, acc>, f16, f16, f16, f16, f16, f16, f16, f16) {
// S2-NEXT:        gpu.barrier
// S2-NEXT:        memref.store %[[H0]], %[[AT]]
// S2-COUNT-3:     memref.store %{{.*}}, %[[AT]]
// S2-COUNT-4:     memref.store %{{.*}}, %[[BT]]
// S2-NEXT:        gpu.barrier
// The prefetch of the next K tile, k + 16, comes before the math.
// S2-NEXT:        %[[NEXT:.*]] = arith.addi %[[K]], %{{.*}} : index
// S2-COUNT-8:     memref.load
// S2:             coopmat.load %[[AT]]
// S2-NEXT:        coopmat.load %[[BT]]
// S2-NEXT:        coopmat.mul_add
// S2-NEXT:        scf.yield
// S2-NEXT:      }
// S2-NEXT:      gpu.barrier
// S2-COUNT-8:   memref.store
// S2-NEXT:      gpu.barrier
// S2-NEXT:      coopmat.load %[[AT]]
// S2-NEXT:      coopmat.load %[[BT]]
// S2-NEXT:      coopmat.mul_add
// S2-NEXT:      coopmat.store
// S2-NEXT:      gpu.return
func.func @ragged(%A: memref<33x19xf16>, %B: memref<19x47xf16>, %C: memref<33x47xf32>) {
  linalg.matmul ins(%A, %B : memref<33x19xf16>, memref<19x47xf16>) outs(%C : memref<33x47xf32>)
  func.return
}

// Rows of A (K = 40) and B (N = 48) are whole chunks (4 f16: a 32x16 tile
// over 128 work-items): the copy moves each chunk as one vector<4xf16>. K is
// ragged for the 16-wide K tile, so a chunk is checked as a whole (all of it
// is inside or outside A) and its column is clamped to the last chunk, 36.
// S1-LABEL: gpu.func @aligned(
// S1-SAME:      %[[A:[0-9]+]]: memref<64x40xf16>, %[[B:[0-9]+]]: memref<40x48xf16>
// S1:           %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// S1-DAG:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf16>
// S1-DAG:       %[[LASTCHUNK:.*]] = arith.constant 36 : index
// S1:           scf.for
// S1:           scf.for
// S1:             %[[CIN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// S1-NEXT:        %[[CSAFE:.*]] = arith.minui %{{.*}}, %[[LASTCHUNK]] : index
// S1-NEXT:        %[[V:.*]] = vector.load %[[A]][%{{.*}}, %[[CSAFE]]] : memref<64x40xf16>, vector<4xf16>
// S1-NEXT:        %[[W:.*]] = arith.select %[[CIN]], %[[V]], %[[ZERO]] : vector<4xf16>
// S1-NEXT:        vector.store %[[W]], %[[AT]][%{{.*}}, %{{.*}}] : memref<32x24xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// S1-NEXT:      }
// S2-LABEL: gpu.func @aligned(
// S2:           scf.for {{.*}} -> (!coopmat.matrix<16x16xf32, acc>, {{.*}}vector<4xf16>, vector<4xf16>)
func.func @aligned(%A: memref<64x40xf16>, %B: memref<40x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x40xf16>, memref<40x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
