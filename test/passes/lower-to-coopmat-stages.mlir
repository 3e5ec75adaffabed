// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=0" | filecheck %s --check-prefix=S0
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=1" | filecheck %s --check-prefix=S1
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=2" | filecheck %s --check-prefix=S2
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=2" | coopmlir-opt | filecheck %s --check-prefix=S2

// The issue's ragged case, 33x47x19, on 32x32x16 tiles of 2x2 subgroups
// (grid 2x2, 128 work-items): M and N are ragged, K = 16 + 3.

// Interior workgroups (here only tile (0, 0): 32 <= 33 and 32 <= 47) take
// the first branch of an scf.if, free of M and N checks; the others take
// the checked one. K = 19 is ragged in both: only the last K tile is checked
// along K.

// stages=0: checked fragment accesses on the ragged dimensions only; whole K
// tiles unchecked in K, then a peeled tail checked in K as well.
// S0-LABEL: gpu.func @ragged(
// S0-SAME:      %[[A:[0-9]+]]: memref<33x19xf16>, %[[B:[0-9]+]]: memref<19x47xf16>, %[[C:[0-9]+]]: memref<33x47xf32>
// S0-SAME:      {known_block_size = array<i32: 128, 1, 1>
// S0-NOT:       memref.alloca
// S0-DAG:       %[[M:.*]] = arith.constant 33 : index
// S0-DAG:       %[[N:.*]] = arith.constant 47 : index
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
// S0-NEXT:      %[[ROWEND:.*]] = arith.addi %[[TROW]], %{{.*}} : index
// S0-NEXT:      %[[ROWIN:.*]] = arith.cmpi ule, %[[ROWEND]], %[[M]] : index
// S0-NEXT:      %[[COLEND:.*]] = arith.addi %[[TCOL]], %{{.*}} : index
// S0-NEXT:      %[[COLIN:.*]] = arith.cmpi ule, %[[COLEND]], %[[N]] : index
// S0-NEXT:      %[[INTERIOR:.*]] = arith.andi %[[ROWIN]], %[[COLIN]] : i1
// S0-NEXT:      scf.if %[[INTERIOR]] {
// C is added after the K loop (matmul_kernel.py): the accumulator starts at zero.
// S0-NEXT:        %[[F0:.*]] = coopmat.splat
// S0-NEXT:        %[[FACC:.*]] = scf.for %[[FK:[0-9]+]] = {{.*}} iter_args(%[[FX:[0-9]+]] = %[[F0]])
// S0-NEXT:          coopmat.load %[[A]][%[[ROW]], %[[FK]]] row_major :
// S0-NEXT:          coopmat.load %[[B]][%[[FK]], %[[COL]]] row_major :
// S0-NEXT:          coopmat.mul_add
// S0-NEXT:          scf.yield
// S0-NEXT:        }
// S0-NEXT:        coopmat.load %[[A]][%[[ROW]], %{{.*}}] row_major checked(cols)
// S0-NEXT:        coopmat.load %[[B]][%{{.*}}, %[[COL]]] row_major checked(rows)
// S0-NEXT:        coopmat.mul_add
// S0-NEXT:        coopmat.load %[[C]][%[[ROW]], %[[COL]]] row_major :
// S0-NEXT:        coopmat.add
// S0-NEXT:        coopmat.store %{{.*}}, %[[C]][%[[ROW]], %[[COL]]] row_major :
// S0-NEXT:      } else {
// S0-NEXT:        %[[C0:.*]] = coopmat.splat
// S0-NEXT:        %[[ACC:.*]] = scf.for %[[K:[0-9]+]] = {{.*}} iter_args(%[[X:[0-9]+]] = %[[C0]])
// S0-NEXT:          %[[FA:.*]] = coopmat.load %[[A]][%[[ROW]], %[[K]]] row_major checked(rows) : memref<33x19xf16> -> !coopmat.matrix<16x16xf16, a>
// S0-NEXT:          %[[FB:.*]] = coopmat.load %[[B]][%[[K]], %[[COL]]] row_major checked(cols) : memref<19x47xf16> -> !coopmat.matrix<16x16xf16, b>
// S0-NEXT:          %[[Y:.*]] = coopmat.mul_add %[[FA]], %[[FB]], %[[X]]
// S0-NEXT:          scf.yield %[[Y]]
// S0-NEXT:        }
// S0-NEXT:        %[[TA:.*]] = coopmat.load %[[A]][%[[ROW]], %[[K16:.*]]] row_major checked(both)
// S0-NEXT:        %[[TB:.*]] = coopmat.load %[[B]][%[[K16]], %[[COL]]] row_major checked(both)
// S0-NEXT:        %[[D:.*]] = coopmat.mul_add %[[TA]], %[[TB]], %[[ACC]]
// S0-NEXT:        %[[CM:.*]] = coopmat.load %[[C]][%[[ROW]], %[[COL]]] row_major checked(both)
// S0-NEXT:        %[[S:.*]] = coopmat.add %[[D]], %[[CM]]
// S0-NEXT:        coopmat.store %[[S]], %[[C]][%[[ROW]], %[[COL]]] row_major checked(both)
// S0-NEXT:      }
// S0-NEXT:      gpu.return

// stages=1: A (32x16) and B (16x32) tiles go through workgroup memory whose
// rows are padded by 16 bytes (8 f16); the copy clamps its indices and
// writes zeros outside A and B, so fragment loads from it are unchecked.
// A's rows (19 f16) are not whole 4-element chunks: a chunk is loaded
// element by element and stored as one vector<4xf16>.
// S1-LABEL: gpu.func @ragged(
// S1-SAME:      %[[A:[0-9]+]]: memref<33x19xf16>, %[[B:[0-9]+]]: memref<19x47xf16>, %[[C:[0-9]+]]: memref<33x47xf32>
// S1-NEXT:      %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// S1-NEXT:      %[[BT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// S1-DAG:       %[[M:.*]] = arith.constant 33 : index
// S1-DAG:       %[[MLAST:.*]] = arith.constant 32 : index
// S1-DAG:       %[[KTILE:.*]] = arith.constant 16 : index
// S1-DAG:       %[[K:.*]] = arith.constant 19 : index
// S1-DAG:       %[[KLAST:.*]] = arith.constant 18 : index
// S1-DAG:       %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// S1:           %[[T:.*]] = gpu.thread_id x
// S1:           scf.if
// The interior branch: the first K tile (0) in a loop, copies unchecked...
// S1-NEXT:        coopmat.splat
// S1-NEXT:        scf.for %{{.*}} = %{{.*}} to %[[KTILE]] step %[[KTILE]]
// S1-NEXT:          gpu.barrier
// S1-NOT:           arith.select
// S1:               gpu.barrier
// S1-NEXT:          coopmat.load %[[AT]]
// S1-NEXT:        coopmat.load %[[BT]]
// S1-NEXT:        coopmat.mul_add
// S1-NEXT:        scf.yield
// S1-NEXT:      }
// ...then the last K tile (16) peeled, its copies checked along K only.
// S1-NEXT:      gpu.barrier
// S1-NEXT:      %[[START0:.*]] = arith.muli %[[T]], %{{.*}} : index
// S1-NEXT:      scf.for %[[E0:[0-9]+]] = %[[START0]] to %{{.*}} step %{{.*}} {
// S1-NEXT:        %[[R0:.*]] = arith.divui %[[E0]]
// S1-NEXT:        %[[CC0:.*]] = arith.remui %[[E0]]
// S1-NEXT:        %[[GR0:.*]] = arith.addi %{{.*}}, %[[R0]] : index
// S1-NEXT:        %[[GC0:.*]] = arith.addi %[[CC0]], %[[KTILE]] : index
// S1-NEXT:        %[[CIN0:.*]] = arith.cmpi ult, %[[GC0]], %[[K]] : index
// S1-NEXT:        %[[CSAFE0:.*]] = arith.minui %[[GC0]], %[[KLAST]] : index
// S1-NEXT:        %[[V0:.*]] = memref.load %[[A]][%[[GR0]], %[[CSAFE0]]] : memref<33x19xf16>
// S1-NEXT:        arith.select %[[CIN0]], %[[V0]], %[[ZERO]] : f16
// S1:           } else {
// The checked branch: the loop's copies check M (rows of A) and N, not K.
// S1-NEXT:        %[[C0:.*]] = coopmat.splat
// S1-NEXT:        %[[ACC:.*]] = scf.for %[[KK:[0-9]+]] = %{{.*}} to %[[KTILE]] step %{{.*}} iter_args(%[[X:[0-9]+]] = %[[C0]])
// S1-NEXT:          gpu.barrier
// Work-item t copies 4 consecutive elements starting at element 4 t.
// S1-NEXT:          %[[START:.*]] = arith.muli %[[T]], %{{.*}} : index
// S1-NEXT:          scf.for %[[E:[0-9]+]] = %[[START]] to %{{.*}} step %{{.*}} {
// S1-NEXT:            %[[R:.*]] = arith.divui %[[E]]
// S1-NEXT:            %[[CC:.*]] = arith.remui %[[E]]
// S1-NEXT:            %[[GR:.*]] = arith.addi %{{.*}}, %[[R]] : index
// S1-NEXT:            %[[RIN:.*]] = arith.cmpi ult, %[[GR]], %[[M]] : index
// S1-NEXT:            %[[RSAFE:.*]] = arith.minui %[[GR]], %[[MLAST]] : index
// S1-NEXT:            %[[GC:.*]] = arith.addi %[[KK]], %[[CC]] : index
// S1-NEXT:            %[[V:.*]] = memref.load %[[A]][%[[RSAFE]], %[[GC]]] : memref<33x19xf16>
// S1-NEXT:            %[[W:.*]] = arith.select %[[RIN]], %[[V]], %[[ZERO]] : f16
// S1-NEXT:            %[[P:.*]] = vector.insert %[[W]], %{{.*}} [0] : f16 into vector<4xf16>
// S1-COUNT-3:         vector.insert
// S1-NEXT:            vector.store %{{.*}}, %[[AT]][%[[R]], %[[CC]]] : memref<32x24xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// S1-NEXT:          }
// S1-NEXT:          scf.for
// S1:                 vector.store %{{.*}}, %[[BT]]
// S1-NEXT:          }
// S1-NEXT:          gpu.barrier
// S1-NEXT:          %[[FA:.*]] = coopmat.load %[[AT]][%{{.*}}] row_major : memref<32x24xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, a>
// S1-NEXT:          %[[FB:.*]] = coopmat.load %[[BT]][%{{.*}}] row_major : memref<16x40xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, b>
// S1-NEXT:          %[[Y:.*]] = coopmat.mul_add %[[FA]], %[[FB]], %[[X]]
// S1-NEXT:          scf.yield %[[Y]]
// S1-NEXT:        }
// S1-NEXT:        gpu.barrier
// S1:             coopmat.mul_add
// S1-NEXT:        coopmat.load %[[C]][%{{.*}}] row_major checked(both)
// S1-NEXT:        coopmat.add
// S1-NEXT:        coopmat.store %{{.*}}, %[[C]][%{{.*}}] row_major checked(both)
// S1-NEXT:      }
// S1-NEXT:      gpu.return

// stages=2: tile 0 is fetched into registers (4 values of A, 4 of B per
// work-item) before the loop; each iteration stores the held values, fetches
// the next tile, then multiplies; the iteration fetching the last tile is
// peeled (its fetch alone checks K), then the last tile's math. With two K
// tiles the loop has no trips left: each branch is straight-line code.
// S2-LABEL: gpu.func @ragged(
// S2:           %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// S2-NEXT:      %[[BT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// S2:           gpu.thread_id x
// S2:           scf.if
// S2-NOT:       scf.for
// S2-COUNT-8:   memref.load
// S2-NOT:       memref.load
// S2:           gpu.barrier
// S2-NEXT:      vector.store %{{.*}}, %[[AT]]
// S2-NEXT:      vector.store %{{.*}}, %[[BT]]
// S2-NEXT:      gpu.barrier
// The prefetch of the last K tile, 16, comes before the math.
// S2-COUNT-8:   memref.load
// S2:           coopmat.load %[[AT]]
// S2-NEXT:      coopmat.load %[[BT]]
// S2-NEXT:      coopmat.mul_add
// S2-NEXT:      gpu.barrier
// S2-NEXT:      vector.store %{{.*}}, %[[AT]]
// S2-NEXT:      vector.store %{{.*}}, %[[BT]]
// S2-NEXT:      gpu.barrier
// S2-NEXT:      coopmat.load %[[AT]]
// S2-NEXT:      coopmat.load %[[BT]]
// S2-NEXT:      coopmat.mul_add
// S2-NEXT:      coopmat.load
// S2-NEXT:      coopmat.add
// S2-NEXT:      coopmat.store
// S2-NEXT:    } else {
// S2-NOT:       scf.for
// S2:           coopmat.store {{.*}} checked(both)
// S2-NEXT:    }
// S2-NEXT:    gpu.return
func.func @ragged(%A: memref<33x19xf16>, %B: memref<19x47xf16>, %C: memref<33x47xf32>) {
  linalg.matmul ins(%A, %B : memref<33x19xf16>, memref<19x47xf16>) outs(%C : memref<33x47xf32>)
  func.return
}

// Rows of A (K = 40) and B (N = 48) are whole chunks (4 f16: a 32x16 tile
// over 128 work-items): the copy moves each chunk as one vector<4xf16>. K is
// ragged for the 16-wide K tile, so a chunk of the last K tile is checked as
// a whole (all of it is inside or outside A) and its column is clamped to
// the last chunk, 36. The loop's copies (whole K tiles) have no checks.
// S1-LABEL: gpu.func @aligned(
// S1-SAME:      %[[A:[0-9]+]]: memref<64x40xf16>, %[[B:[0-9]+]]: memref<40x48xf16>
// S1:           %[[AT:.*]] = memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// S1-DAG:       %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf16>
// S1-DAG:       %[[LASTCHUNK:.*]] = arith.constant 36 : index
// S1:           scf.if
// S1:           scf.for
// S1-NOT:         arith.select
// S1:           }
// S1:           scf.for
// S1:             %[[CIN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// S1-NEXT:        %[[CSAFE:.*]] = arith.minui %{{.*}}, %[[LASTCHUNK]] : index
// S1-NEXT:        %[[V:.*]] = vector.load %[[A]][%{{.*}}, %[[CSAFE]]] : memref<64x40xf16>, vector<4xf16>
// S1-NEXT:        %[[W:.*]] = arith.select %[[CIN]], %[[V]], %[[ZERO]] : vector<4xf16>
// S1-NEXT:        vector.store %[[W]], %[[AT]][%{{.*}}, %{{.*}}] : memref<32x24xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// S1-NEXT:      }
// S2-LABEL: gpu.func @aligned(
// S2:           scf.if
// S2:           scf.for {{.*}} -> (!coopmat.matrix<16x16xf32, acc>, {{.*}}vector<4xf16>, vector<4xf16>)
// S2-NOT:         arith.select
// S2:             scf.yield
func.func @aligned(%A: memref<64x40xf16>, %B: memref<40x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x40xf16>, memref<40x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
