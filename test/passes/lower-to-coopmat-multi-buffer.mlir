// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=3" | filecheck %s --check-prefix=S3
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=32x32x16 subgroups=2x2 stages=3" | coopmlir-opt | filecheck %s --check-prefix=S3
// RUN: coopmlir-opt %s --lower-to-coopmat="tile=16x32x16 subgroups=1x1 raster=3" | filecheck %s --check-prefix=RASTER

// 64x64x48 f16 -> f32 on 32x32x16 tiles: three K tiles.

// stages=3: two buffers per operand (a leading dimension of 2). Tile 0 is
// fetched and stored into buffer 0 before the loop; each iteration fetches
// tile k+1 into registers, multiplies from buffer (k/16) % 2, stores the
// fetched tile into the other buffer and ends with the only barrier; the
// last tile (2) is multiplied from buffer 0 after the loop.
// S3-LABEL: gpu.func @double(
// S3-SAME:      %[[A:[0-9]+]]: memref<64x48xf16>, %[[B:[0-9]+]]: memref<48x64xf16>, %[[C:[0-9]+]]: memref<64x64xf32>
// S3-NEXT:      %[[AT:.*]] = memref.alloca() : memref<2x32x24xf16, #gpu.address_space<workgroup>>
// S3-NEXT:      %[[BT:.*]] = memref.alloca() : memref<2x16x40xf16, #gpu.address_space<workgroup>>
// S3-DAG:       %[[TWO:.*]] = arith.constant 2 : index
// S3-DAG:       %[[SIXTEEN:.*]] = arith.constant 16 : index
// S3-DAG:       %[[ZERO:.*]] = arith.constant 0 : index
// S3-DAG:       %[[ONE:.*]] = arith.constant 1 : index
// S3:           %[[FA0:.*]] = vector.load %[[A]]
// S3:           %[[FB0:.*]] = vector.load %[[B]]
// S3-NEXT:      vector.store %[[FA0]], %[[AT]][%[[ZERO]], %{{.*}}, %{{.*}}]
// S3-NEXT:      vector.store %[[FB0]], %[[BT]][%[[ZERO]], %{{.*}}, %{{.*}}]
// S3-NEXT:      gpu.barrier
// S3-NEXT:      %[[ACC:.*]] = scf.for %[[K:[0-9]+]] = %[[ZERO]] to %{{.*}} step %[[SIXTEEN]] iter_args(%[[X:[0-9]+]] = %{{.*}})
// S3-NEXT:        %[[TILE:.*]] = arith.divui %[[K]], %[[SIXTEEN]] : index
// S3-NEXT:        %[[CUR:.*]] = arith.remui %[[TILE]], %[[TWO]] : index
// S3-NEXT:        %[[TILE1:.*]] = arith.addi %[[TILE]], %[[ONE]] : index
// S3-NEXT:        %[[NEXT:.*]] = arith.remui %[[TILE1]], %[[TWO]] : index
// S3-NEXT:        %[[K1:.*]] = arith.addi %[[K]], %[[SIXTEEN]] : index
// S3-NEXT:        %[[ACOL:.*]] = arith.addi %[[K1]], %{{.*}} : index
// S3-NEXT:        %[[FA:.*]] = vector.load %[[A]][%{{.*}}, %[[ACOL]]]
// S3-NEXT:        %[[BROW:.*]] = arith.addi %[[K1]], %{{.*}} : index
// S3-NEXT:        %[[FB:.*]] = vector.load %[[B]][%[[BROW]], %{{.*}}]
// S3-NEXT:        %[[MA:.*]] = coopmat.load %[[AT]][%[[CUR]], %{{.*}}, %[[ZERO]]] row_major
// S3-NEXT:        %[[MB:.*]] = coopmat.load %[[BT]][%[[CUR]], %[[ZERO]], %{{.*}}] row_major
// S3-NEXT:        %[[Y:.*]] = coopmat.mul_add %[[MA]], %[[MB]], %[[X]]
// S3-NEXT:        vector.store %[[FA]], %[[AT]][%[[NEXT]], %{{.*}}, %{{.*}}]
// S3-NEXT:        vector.store %[[FB]], %[[BT]][%[[NEXT]], %{{.*}}, %{{.*}}]
// S3-NEXT:        gpu.barrier
// S3-NEXT:        scf.yield %[[Y]]
// S3-NEXT:      }
// S3-NEXT:      %[[LA:.*]] = coopmat.load %[[AT]][%[[ZERO]], %{{.*}}, %[[ZERO]]] row_major
// S3-NEXT:      %[[LB:.*]] = coopmat.load %[[BT]][%[[ZERO]], %[[ZERO]], %{{.*}}] row_major
// S3-NEXT:      %[[D:.*]] = coopmat.mul_add %[[LA]], %[[LB]], %[[ACC]]
// S3-NEXT:      %[[CM:.*]] = coopmat.load %[[C]]
// S3-NEXT:      %[[S:.*]] = coopmat.add %[[D]], %[[CM]]
// S3-NEXT:      coopmat.store %[[S]], %[[C]]
// S3-NEXT:      gpu.return

// raster=3 on a 2 (N) x 4 (M) tile grid: linear = y * 2 + x walks groups of
// 3 M rows (6 workgroups); the last group has 4 - 3 = 1 row, so the group's
// row count is min(4 - first, 3).
// RASTER-LABEL: gpu.func @double(
// RASTER-DAG:     %[[C2:.*]] = arith.constant 2 : index
// RASTER-DAG:     %[[C6:.*]] = arith.constant 6 : index
// RASTER-DAG:     %[[C3:.*]] = arith.constant 3 : index
// RASTER-DAG:     %[[C4:.*]] = arith.constant 4 : index
// RASTER:         %[[X:.*]] = gpu.block_id x
// RASTER-NEXT:    %[[Y:.*]] = gpu.block_id y
// RASTER-NEXT:    %[[YN:.*]] = arith.muli %[[Y]], %[[C2]] : index
// RASTER-NEXT:    %[[LIN:.*]] = arith.addi %[[YN]], %[[X]] : index
// RASTER-NEXT:    %[[GROUP:.*]] = arith.divui %[[LIN]], %[[C6]] : index
// RASTER-NEXT:    %[[FIRST:.*]] = arith.muli %[[GROUP]], %[[C3]] : index
// RASTER-NEXT:    %[[LOCAL:.*]] = arith.remui %[[LIN]], %[[C6]] : index
// RASTER-NEXT:    %[[LEFT:.*]] = arith.subi %[[C4]], %[[FIRST]] : index
// RASTER-NEXT:    %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[C3]] : index
// RASTER-NEXT:    %[[R:.*]] = arith.remui %[[LOCAL]], %[[ROWS]] : index
// RASTER-NEXT:    %[[TN:.*]] = arith.divui %[[LOCAL]], %[[ROWS]] : index
// RASTER-NEXT:    %[[TM:.*]] = arith.addi %[[FIRST]], %[[R]] : index
// RASTER-NEXT:    %[[ROW:.*]] = arith.muli %[[TM]], %{{.*}} : index
// RASTER-NEXT:    %[[COL:.*]] = arith.muli %[[TN]], %{{.*}} : index
// RASTER:         coopmat.load %{{.*}}[%[[ROW]], %[[COL]]]
func.func @double(%A: memref<64x48xf16>, %B: memref<48x64xf16>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x48xf16>, memref<48x64xf16>) outs(%C : memref<64x64xf32>)
  func.return
}
