// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=lavapipe | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat=target=h100-vulkan | filecheck %s --check-prefix=H100

// coopmlir.grouped_matmul, gated (grouped_kernel.py): one launch over
// (N tiles, row tiles), as a matmul's (N tiles, M tiles). 12 rows over 3 experts in 16-row tiles: at most
// (12 + 3 * 15) / 16 = 3 row tiles; N = 24 in 16-column tiles: 2.
// CHECK-LABEL: func.func @moe(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: memref<6x32xf16>, %[[WG:[a-zA-Z0-9_]+]]: memref<3x24x32xf16>, %[[WU:[a-zA-Z0-9_]+]]: memref<3x24x32xf16>, %[[ROWS:[a-zA-Z0-9_]+]]: memref<12xi32>, %[[OFF:[a-zA-Z0-9_]+]]: memref<4xi32>, %[[Y:[a-zA-Z0-9_]+]]: memref<12x24xf16>)
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[THREE:.*]] = arith.constant 3 : index
// CHECK:         gpu.launch_func @moe_kernels::@moe_grouped blocks in (%[[TWO]], %[[THREE]], %{{.*}}) threads in (%{{.*}}) args(%[[X]] : memref<6x32xf16>, %[[WG]] : memref<3x24x32xf16>, %[[WU]] : memref<3x24x32xf16>, %[[ROWS]] : memref<12xi32>, %[[OFF]] : memref<4xi32>, %[[Y]] : memref<12x24xf16>)
// CHECK-NEXT:    func.return

// Workgroup memory: the X tile, the gate and up tiles (n x k), one output
// fragment slot per subgroup (one subgroup here), the tile's 16 token ids.
// CHECK:       gpu.func @moe_grouped(%[[KX:.*]]: memref<6x32xf16>, %[[KG:.*]]: memref<3x24x32xf16>, %[[KU:.*]]: memref<3x24x32xf16>, %[[KR:.*]]: memref<12xi32>, %[[KO:.*]]: memref<4xi32>, %[[KY:.*]]: memref<12x24xf16>) kernel
// CHECK-NEXT:    %[[XT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[GT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[UT:.*]] = memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[OT:.*]] = memref.alloca() : memref<16x24xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[TT:.*]] = memref.alloca() : memref<16xi32, #gpu.address_space<workgroup>>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C31:.*]] = arith.constant 31 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index

// The N column from block x (raster=1 here: the block ids are the tile's);
// the scan of the offsets (one load per expert, its start carried): expert
// e's row tiles, whether block y is among them.
// CHECK:         %[[COL_ID:.*]] = gpu.block_id x
// CHECK-NEXT:    %[[Y_ID:.*]] = gpu.block_id y
// CHECK-NEXT:    %[[COL:.*]] = arith.muli %[[COL_ID]], %{{.*}} : index
// CHECK-NEXT:    %[[O0:.*]] = memref.load %[[KO]][%{{.*}}] : memref<4xi32>
// CHECK-NEXT:    %[[START0:.*]] = arith.index_cast %[[O0]] : i32 to index
// CHECK-NEXT:    %{{.*}}, %[[FIRST:.*]], %[[END:.*]], %[[E:.*]], %{{.*}} = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SEEN:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[START:.*]] = %[[START0]]) -> (index, index, index, index, index) {
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:      memref.load %[[KO]][%[[NEXT]]] : memref<4xi32>
// CHECK-NEXT:      %[[STOP:.*]] = arith.index_cast
// CHECK-NEXT:      %[[COUNT:.*]] = arith.subi %[[STOP]], %[[START]] : index
// CHECK:           %[[TILES:.*]] = arith.divui
// CHECK-NEXT:      %[[LOCAL:.*]] = arith.subi %[[Y_ID]], %[[SEEN]] : index
// CHECK-NEXT:      %[[HERE:.*]] = arith.cmpi ult, %[[LOCAL]], %[[TILES]] : index
// CHECK:           arith.select %[[HERE]]
// CHECK-NEXT:      arith.select %[[HERE]], %[[STOP]]
// CHECK-NEXT:      arith.select %[[HERE]], %[[I]]
// CHECK-NEXT:      scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[STOP]] :
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SOME:.*]] = arith.cmpi ult, %[[FIRST]], %[[END]] : index
// CHECK-NEXT:    scf.if %[[SOME]] {

// The tile's token ids rows[min(first + i, end - 1)] are gathered once into
// workgroup memory; the X tile reads token tokens[r - first], zero past the
// expert's end; the weight tiles are read at the expert's index.
// CHECK-NEXT:      scf.for %[[TI0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[TR:.*]] = arith.addi %[[FIRST]], %[[TI0]] : index
// CHECK-NEXT:        %[[LASTROW:.*]] = arith.addi %[[END]], %{{.*}} : index
// CHECK-NEXT:        %[[TRC:.*]] = arith.minui %[[TR]], %[[LASTROW]] : index
// CHECK-NEXT:        %[[TV:.*]] = memref.load %[[KR]][%[[TRC]]] : memref<12xi32>
// CHECK-NEXT:        memref.store %[[TV]], %[[TT]][%[[TI0]]] : memref<16xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK:             %[[R:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK:             %[[IN:.*]] = arith.cmpi ult, %[[R]], %[[END]] : index
// CHECK-NEXT:        %[[LR:.*]] = arith.subi %[[R]], %[[FIRST]] : index
// CHECK-NEXT:        %[[TOK:.*]] = memref.load %[[TT]][%[[LR]]] : memref<16xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[TI:.*]] = arith.index_cast %[[TOK]] : i32 to index
// CHECK-NEXT:        %[[XV:.*]] = vector.load %[[KX]][%[[TI]], %{{.*}}] : memref<6x32xf16>, vector<8xf16>
// CHECK-NEXT:        arith.select %[[IN]], %[[XV]], %{{.*}} : vector<8xf16>
// CHECK:             vector.load %[[KG]][%[[E]], %{{.*}}, %{{.*}}] : memref<3x24x32xf16>, vector<8xf16>
// CHECK:             vector.load %[[KU]][%[[E]], %{{.*}}, %{{.*}}] : memref<3x24x32xf16>, vector<8xf16>

// One A fragment per k step feeds both products.
// CHECK:           %[[A:.*]] = coopmat.load %[[XT]]
// CHECK-NEXT:      %[[BG:.*]] = coopmat.load %[[GT]]{{.*}} col_major
// CHECK-NEXT:      coopmat.mul_add %[[A]], %[[BG]]
// CHECK-NEXT:      %[[BU:.*]] = coopmat.load %[[UT]]{{.*}} col_major
// CHECK-NEXT:      coopmat.mul_add %[[A]], %[[BU]]

// SwiGLU on the accumulators: g * u / (1 + exp(-g)), then f16: unrolled at
// constant component indices where coopmat.length is 16 * 16 / 8 = 32 (a
// work-item's share on lavapipe), else a loop. A whole
// tile (first + 16 <= end, and col + 16 <= N = 24) is stored in place from
// the fragments; any other goes through the subgroup's slot and is copied
// out masked by the expert's end and N.
// CHECK:         %[[LEN:.*]] = coopmat.length
// CHECK-NEXT:    %[[KNOWN:.*]] = arith.cmpi eq, %[[LEN]], %[[C32]] : index
// CHECK-NEXT:    scf.if %[[KNOWN]] -> (!coopmat.matrix<16x16xf32, acc>) {
// CHECK-NEXT:      coopmat.extract %{{.*}}[%[[C0]]]
// CHECK:           math.exp
// CHECK:           coopmat.insert %{{.*}}, %{{.*}}[%[[C31]]]
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.for
// CHECK:           math.exp
// CHECK:           coopmat.insert
// CHECK:         %[[YF:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[LAST:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK-NEXT:    %[[ROWS_IN:.*]] = arith.cmpi ult, %[[LAST]], %[[END]] : index
// CHECK-NEXT:    %[[COLS_IN:.*]] = arith.cmpi ult, %[[COL]], %{{.*}} : index
// CHECK-NEXT:    %[[WHOLE:.*]] = arith.andi %[[ROWS_IN]], %[[COLS_IN]] : i1
// CHECK-NEXT:    scf.if %[[WHOLE]] {
// CHECK-NEXT:      coopmat.store %[[YF]], %[[KY]][%[[FIRST]], %[[COL]]] row_major : !coopmat.matrix<16x16xf16, acc>, memref<12x24xf16>
// CHECK-NEXT:    } else {
// CHECK:           coopmat.store %[[YF]], %[[OT]]
// CHECK-NEXT:      gpu.barrier
// CHECK:             %[[OR:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK-NEXT:        %[[OC:.*]] = arith.addi %[[COL]], %{{.*}} : index
// CHECK-NEXT:        %[[ROK:.*]] = arith.cmpi ult, %[[OR]], %[[END]] : index
// CHECK:             scf.if
// CHECK-NEXT:          %[[V:.*]] = vector.load %[[OT]]
// CHECK-NEXT:          vector.store %[[V]], %[[KY]][%[[OR]], %[[OC]]] : memref<12x24xf16>, vector<8xf16>
// CHECK:           gpu.barrier
// h100-vulkan's accumulator fragments are 16x8: N = 24 is whole fragments
// but not whole 16-column tiles, so the masked copy checks each column
// against N (a fragment of the last tile lies wholly past it).
// H100-LABEL: gpu.func @moe_grouped
// H100:         %[[N:.*]] = arith.constant 24 : index
// H100:         coopmat.store %{{.*}} row_major : !coopmat.matrix<16x8xf16, acc>, memref<32x16xf16, #gpu.address_space<workgroup>>
// H100:           arith.addi
// H100-NEXT:      %[[OC:.*]] = arith.addi
// H100-NEXT:      arith.cmpi ult
// H100-NEXT:      %[[COK:.*]] = arith.cmpi ult, %[[OC]], %[[N]] : index
// H100-NEXT:      arith.andi %{{.*}}, %[[COK]] : i1
// H100:             vector.store %{{.*}} : memref<12x24xf16>, vector<8xf16>
func.func @moe(%x: memref<6x32xf16>, %wg: memref<3x24x32xf16>, %wu: memref<3x24x32xf16>, %rows: memref<12xi32>, %offsets: memref<4xi32>, %y: memref<12x24xf16>) {
  coopmlir.grouped_matmul ins(%x, %wg, %wu, %rows, %offsets : memref<6x32xf16>, memref<3x24x32xf16>, memref<3x24x32xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x24xf16>)
  func.return
}

// -----

// Weights [E, K, N] (weights_kn): the weight tile keeps that orientation
// (k x n, row_major fragments).
// CHECK-LABEL: gpu.func @kn_grouped
// CHECK:         memref.alloca() : memref<32x24xf16, #gpu.address_space<workgroup>>
// CHECK:         coopmat.load %{{.*}} row_major : memref<32x24xf16, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf16, b>
func.func @kn(%x: memref<6x32xf16>, %w: memref<3x32x16xf16>, %rows: memref<12xi32>, %offsets: memref<4xi32>, %y: memref<12x16xf32>) {
  coopmlir.grouped_matmul {weights_kn} ins(%x, %w, %rows, %offsets : memref<6x32xf16>, memref<3x32x16xf16>, memref<12xi32>, memref<4xi32>) outs(%y : memref<12x16xf32>)
  func.return
}

// -----

// An expert's last (partial) tile runs its own K loop (h100-vulkan: 64x32
// tiles, 2x2 subgroups of 2 fragment rows of 16): each subgroup counts the
// fragment rows that hold rows below the expert's end, clamp(ceil((end -
// first) / 16) - sub_row / 16, 0, 2), and per K tile multiplies 0, 1 or
// all of them (a branch uniform in the subgroup); whole tiles keep the
// branch-free loop.
// H100-LABEL: gpu.func @partial_grouped
// H100:         gpu.barrier
// H100:         %[[WHOLE:.*]] = arith.cmpi ult, %{{.*}}, %[[END:.*]] : index
// H100-NEXT:    scf.if %[[WHOLE]] -> (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>) {
// H100-NOT:       scf.if
// H100:         } else {
// H100:           %[[SOME:.*]] = arith.cmpi ult, %[[BEFORE:.*]], %[[TILE_ROWS:.*]] : index
// H100-NEXT:      %[[MOST:.*]] = arith.minui %{{.*}}, %{{.*}} : index
// H100-NEXT:      %[[HELD:.*]] = arith.select %[[SOME]], %[[MOST]], %{{.*}} : index
// H100:           scf.for
// H100:             %[[NONE:.*]] = arith.cmpi eq, %[[HELD]], %{{.*}} : index
// H100-NEXT:        scf.if %[[NONE]]
// H100-NEXT:          scf.yield
// H100-NEXT:        } else {
// H100-NEXT:          %[[ONE:.*]] = arith.cmpi eq, %[[HELD]], %{{.*}} : index
// H100-NEXT:          scf.if %[[ONE]]
// H100-COUNT-4:         coopmat.mul_add
// H100:               } else {
// H100-COUNT-8:         coopmat.mul_add
func.func @partial(%x: memref<600x256xf16>, %wg: memref<5x256x256xf16>, %wu: memref<5x256x256xf16>, %rows: memref<725xi32>, %offsets: memref<6xi32>, %y: memref<725x256xf16>) {
  coopmlir.grouped_matmul ins(%x, %wg, %wu, %rows, %offsets : memref<600x256xf16>, memref<5x256x256xf16>, memref<5x256x256xf16>, memref<725xi32>, memref<6xi32>) outs(%y : memref<725x256xf16>)
  func.return
}
