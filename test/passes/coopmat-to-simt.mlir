// RUN: coopmlir-opt %s --coopmat-to-simt | filecheck %s

// The SIMT code of each coopmat op (subgroup of 8, tinytc layout). Small
// shapes keep V small: 1x8 f32 has V = 1, 8x8 has V = 8.

// load: the tinytc layout's address from the lane id; `checked(cols)` guards the
// read with scf.if and reads zero outside (per component: I < S, so a lane's
// components are not consecutive in memory).
// CHECK-LABEL: func.func @load
// CHECK:      %[[P:.*]] = gpu.lane_id
// CHECK-NEXT: %[[I:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[I0:.*]] = arith.remui %[[P]], %[[I]] : index
// CHECK-NEXT: %[[J0:.*]] = arith.divui %[[P]], %[[I]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %i, %[[I0]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.addi %j, %[[J0]] : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[COL]], %[[N]] : index
// CHECK-NEXT: %[[X:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK-NEXT:   %[[L:.*]] = memref.load %mem[%[[ROW]], %[[COL]]] : memref<4x16xf32>
// CHECK-NEXT:   scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   scf.yield %[[Z]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[ZV:.*]] = arith.constant dense<0.000000e+00> : vector<1xf32>
// CHECK-NEXT: %[[M:.*]] = vector.insert %[[X]], %[[ZV]] [0] : f32 into vector<1xf32>
// CHECK-NEXT: "test.op"(%[[M]]) : (vector<1xf32>) -> ()
func.func @load(%mem: memref<4x16xf32>, %i: index, %j: index) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %m = coopmat.load %mem[%i, %j] row_major checked(cols) : memref<4x16xf32> -> !coopmat.matrix<1x8xf32, acc>
  "test.op"(%m) : (!coopmat.matrix<1x8xf32, acc>) -> ()
  func.return
}

// store: the same addresses; each component written under its guard.
// CHECK-LABEL: func.func @store(%m: vector<1xf32>
// CHECK:      %[[V:.*]] = vector.extract %m[0] : f32 from vector<1xf32>
// CHECK:      %[[OK:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT:   memref.store %[[V]], %mem[%{{.*}}, %{{.*}}] : memref<4x16xf32>
// CHECK-NEXT: }
func.func @store(%m: !coopmat.matrix<1x8xf32, acc>, %mem: memref<4x16xf32>, %i: index) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  coopmat.store %m, %mem[%i, %i] col_major checked(rows) : !coopmat.matrix<1x8xf32, acc>, memref<4x16xf32>
  func.return
}

// load, vectorized: with I = S (8 rows over 8 lanes) lane p holds row p,
// columns 0..7 in order (p % I is p, p / I is 0); unchecked, they are two
// 16-byte vector.loads.
// CHECK-LABEL: func.func @load_vector
// CHECK:      %[[P:.*]] = gpu.lane_id
// CHECK-NEXT: %{{.*}} = arith.constant 0 : index
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %i, %[[P]] : index
// CHECK-NEXT: %[[LO:.*]] = vector.load %mem[%[[ROW]], %j] : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT: %[[X0:.*]] = vector.extract %[[LO]][0] : f32 from vector<4xf32>
// CHECK-NEXT: %{{.*}} = vector.extract %[[LO]][1] : f32 from vector<4xf32>
// CHECK-NEXT: %{{.*}} = vector.extract %[[LO]][2] : f32 from vector<4xf32>
// CHECK-NEXT: %{{.*}} = vector.extract %[[LO]][3] : f32 from vector<4xf32>
// CHECK-NEXT: %[[COL4:.*]] = arith.addi %j, %[[FOUR]] : index
// CHECK-NEXT: %[[HI:.*]] = vector.load %mem[%[[ROW]], %[[COL4]]] : memref<8x16xf32>, vector<4xf32>
// CHECK:      %[[ZV:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK-NEXT: %{{.*}} = vector.insert %[[X0]], %[[ZV]] [0] : f32 into vector<8xf32>
// CHECK-NOT:  memref.load
// CHECK:      "test.op"
func.func @load_vector(%mem: memref<8x16xf32>, %i: index, %j: index) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %m = coopmat.load %mem[%i, %j] row_major : memref<8x16xf32> -> !coopmat.matrix<8x8xf32, acc>
  "test.op"(%m) : (!coopmat.matrix<8x8xf32, acc>) -> ()
  func.return
}

// store, vectorized: the whole 4-vector is one row; `checked(rows)` guards
// the run once (its elements share the row).
// CHECK-LABEL: func.func @store_vector(%m: vector<4xf32>
// CHECK:      %[[ROW:.*]] = arith.addi %i, %{{.*}} : index
// CHECK-NEXT: %[[M:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[OK:.*]] = arith.cmpi ult, %[[ROW]], %[[M]] : index
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK-NEXT:   vector.store %m, %mem[%[[ROW]], %j] : memref<8x16xf32>, vector<4xf32>
// CHECK-NEXT: }
func.func @store_vector(%m: !coopmat.matrix<8x4xf32, acc>, %mem: memref<8x16xf32>, %i: index, %j: index) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  coopmat.store %m, %mem[%i, %j] row_major checked(rows) : !coopmat.matrix<8x4xf32, acc>, memref<8x16xf32>
  func.return
}

// mul_add: A and B widened to f32 once; A[0, 0] lives in lane 0 (a
// broadcast: shuffle idx of the whole vector from a constant lane), B[0, col]
// is this lane's own; one fma on the vectors.
// CHECK-LABEL: func.func @mul_add(%a: vector<1xf16>, %b: vector<1xf16>, %c: vector<1xf32>) -> vector<1xf32>
// CHECK-NEXT: %[[AW:.*]] = arith.extf %a : vector<1xf16> to vector<1xf32>
// CHECK-NEXT: %[[BW:.*]] = arith.extf %b : vector<1xf16> to vector<1xf32>
// CHECK-NEXT: %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[LANE0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[AS:.*]], %{{.*}} = gpu.shuffle idx %[[AW]], %[[LANE0]], %[[W]] : vector<1xf32>
// CHECK-NEXT: %[[D:.*]] = math.fma %[[AS]], %[[BW]], %c : vector<1xf32>
// CHECK-NEXT: func.return %[[D]] : vector<1xf32>
func.func @mul_add(%a: !coopmat.matrix<1x1xf16, a>, %b: !coopmat.matrix<1x8xf16, b>, %c: !coopmat.matrix<1x8xf32, acc>) -> !coopmat.matrix<1x8xf32, acc> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<1x1xf16, a>, !coopmat.matrix<1x8xf16, b> -> !coopmat.matrix<1x8xf32, acc>
  func.return %d : !coopmat.matrix<1x8xf32, acc>
}

// mul_add whose k steps are one code (k_loop.py): 16x16x16 over 8 lanes, lane
// l holds rows l and l + 8 of A and C (components 16 * block + column), row k
// of B is in lane k % 8 at components 16 * (k / 8) + column. A and B go to
// private arrays once; one scf.for over k carries the 32 sums, each step
// reads A at k (row block 0) and 16 + k, B at 16 * (k >> 3) + column (k < 16:
// no mask on k's top bit), takes B from lane k & 7 and does one fma per
// component.
// CHECK-LABEL: func.func @mul_add_k_loop(%a: vector<32xf32>, %b: vector<32xf32>, %c: vector<32xf32>)
// CHECK: %[[AP:.*]] = memref.alloca() : memref<32xf32, #gpu.address_space<private>>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: vector.store %a, %[[AP]][%[[ZERO]]]
// CHECK-NEXT: %[[BP:.*]] = memref.alloca() : memref<32xf32, #gpu.address_space<private>>
// CHECK-NEXT: vector.store %b, %[[BP]][%[[ZERO]]]
// CHECK-NEXT: %[[K:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %{{.*}} = scf.for %[[k:.*]] = %[[ZERO]] to %[[K]] step %[[ONE]] iter_args(%[[T0:[^ ]*]] = %{{[^,]*}}, %[[T1:[^ ]*]] = {{.*}}) -> (f32, f32,
// CHECK-NEXT: %[[SEVEN:.*]] = arith.constant 7 : index
// CHECK-NEXT: %[[SRC:.*]] = arith.andi %[[k]], %[[SEVEN]] : index
// CHECK-NEXT: %[[SRC32:.*]] = arith.index_cast %[[SRC]] : index to i32
// CHECK-NEXT: %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[THREE:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[HI:.*]] = arith.shrui %[[k]], %[[THREE]] : index
// CHECK-NEXT: %[[SIXTEEN:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[BOFF:.*]] = arith.muli %[[HI]], %[[SIXTEEN]] : index
// CHECK-NEXT: %[[A0:.*]] = memref.load %[[AP]][%[[k]]]
// CHECK-NEXT: %[[B0:.*]] = memref.load %[[BP]][%[[BOFF]]]
// CHECK-NEXT: %[[Y0:.*]], %{{.*}} = gpu.shuffle idx %[[B0]], %[[SRC32]], %[[W]] : f32
// CHECK-NEXT: %{{.*}} = math.fma %[[A0]], %[[Y0]], %[[T0]] : f32
// CHECK-NEXT: %[[ONE2:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[B1AT:.*]] = arith.addi %[[ONE2]], %[[BOFF]] : index
// CHECK-NEXT: %[[B1:.*]] = memref.load %[[BP]][%[[B1AT]]]
// CHECK-NEXT: %[[Y1:.*]], %{{.*}} = gpu.shuffle idx %[[B1]], %[[SRC32]], %[[W]] : f32
// CHECK-NEXT: %{{.*}} = math.fma %[[A0]], %[[Y1]], %[[T1]] : f32
// CHECK: %[[A1AT:.*]] = arith.addi %[[SIXTEEN]], %[[k]] : index
// CHECK-NEXT: %[[A1:.*]] = memref.load %[[AP]][%[[A1AT]]]
// CHECK-NEXT: %{{.*}} = math.fma %[[A1]], %[[Y0]], %{{.*}} : f32
// CHECK-NEXT: %{{.*}} = math.fma %[[A1]], %[[Y1]], %{{.*}} : f32
// CHECK: scf.yield
// CHECK-NOT: math.fma
// CHECK: func.return
func.func @mul_add_k_loop(%a: !coopmat.matrix<16x16xf32, a>, %b: !coopmat.matrix<16x16xf32, b>, %c: !coopmat.matrix<16x16xf32, acc>) -> !coopmat.matrix<16x16xf32, acc> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf32, a>, !coopmat.matrix<16x16xf32, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return %d : !coopmat.matrix<16x16xf32, acc>
}

// mul_add of two plain loads (memory_k_loop.py): the k loop reads A and B
// where the loads would have, no fragment vector, no shuffle. Lane p's
// accumulator rows are p and p + 8, its columns 0..15 (4 runs of 4): per 4
// k steps one 16-byte load of each A row; per k step one of each run of
// B's row k and one vector fma per row and run (8 accumulator vectors).
// CHECK-LABEL: func.func @mul_add_from_memory(
// CHECK-NOT:    gpu.shuffle
// CHECK:        %[[P:.*]] = gpu.lane_id
// CHECK:        %[[R0:.*]] = arith.addi %z, %[[P]] : index
// CHECK:        scf.for %[[KC:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT:     %[[AC:.*]] = arith.addi %z, %[[KC]] : index
// CHECK-NEXT:     %[[A0:.*]] = vector.load %wa[%[[R0]], %[[AC]]] : memref<16x20xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:     %[[A1:.*]] = vector.load %wa[%{{.*}}, %[[AC]]] : memref<16x20xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:          scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S0:[^ ]*]] = {{.*}}) -> (vector<4xf32>
// CHECK-NEXT:       %[[K:.*]] = arith.addi %[[KC]], %[[T]] : index
// CHECK-NEXT:       %[[BR:.*]] = arith.addi %z, %[[K]] : index
// CHECK-NEXT:       %[[B0:.*]] = vector.load %wb[%[[BR]], %{{.*}}] : memref<16x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-3:    vector.load %wb[%[[BR]], %{{.*}}] : memref<16x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:       %[[X:.*]] = vector.extract %[[A0]][%[[T]]] : f32 from vector<4xf32>
// CHECK-NEXT:       %[[XS:.*]] = vector.broadcast %[[X]] : f32 to vector<4xf32>
// CHECK-NEXT:       math.fma %[[XS]], %[[B0]], %[[S0]] : vector<4xf32>
// CHECK-COUNT-7:    math.fma
// CHECK-NEXT:       scf.yield
// CHECK-NOT:    gpu.shuffle
// CHECK:        return
func.func @mul_add_from_memory(%wa: memref<16x20xf32, #gpu.address_space<workgroup>>, %wb: memref<16x36xf32, #gpu.address_space<workgroup>>, %c: !coopmat.matrix<16x16xf32, acc>) -> !coopmat.matrix<16x16xf32, acc> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %z = arith.constant 0 : index
  %a = coopmat.load %wa[%z, %z] row_major : memref<16x20xf32, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf32, a>
  %b = coopmat.load %wb[%z, %z] row_major : memref<16x36xf32, #gpu.address_space<workgroup>> -> !coopmat.matrix<16x16xf32, b>
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf32, a>, !coopmat.matrix<16x16xf32, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return %d : !coopmat.matrix<16x16xf32, acc>
}

// Integer mul_add: extsi for signed operands, extui otherwise (per component:
// xDSL's integer casts take scalars), then muli and addi on the vectors.
// CHECK-LABEL: func.func @mul_add_i8
// CHECK:      arith.extsi %{{.*}} : i8 to i32
// CHECK:      arith.extui %{{.*}} : i8 to i32
// CHECK:      %[[AS:.*]], %{{.*}} = gpu.shuffle idx
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[AS]], %{{.*}} : vector<1xi32>
// CHECK-NEXT: %{{.*}} = arith.addi %c, %[[P]] : vector<1xi32>
func.func @mul_add_i8(%a: !coopmat.matrix<1x1xi8, a>, %b: !coopmat.matrix<1x8xi8, b>, %c: !coopmat.matrix<1x8xi32, acc>) -> !coopmat.matrix<1x8xi32, acc> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %d = coopmat.mul_add %a, %b, %c {a_signed} : !coopmat.matrix<1x1xi8, a>, !coopmat.matrix<1x8xi8, b> -> !coopmat.matrix<1x8xi32, acc>
  func.return %d : !coopmat.matrix<1x8xi32, acc>
}

// Per-work-item ops and element-wise arithmetic are plain vector code.
// CHECK-LABEL: func.func @per_item(%m: vector<8xi32>, %x: i32, %k: index)
// CHECK-NEXT: %n = arith.constant 8 : index
// CHECK-NEXT: %e = vector.extract %m[%k] : i32 from vector<8xi32>
// CHECK-NEXT: %i = vector.insert %x, %m [%k] : i32 into vector<8xi32>
// CHECK-NEXT: %[[S:.*]] = vector.broadcast %x : i32 to vector<8xi32>
// CHECK-NEXT: %s = arith.muli %i, %[[S]] : vector<8xi32>
// CHECK-NEXT: %a = arith.addi %s, %m : vector<8xi32>
// CHECK-NEXT: %sp = vector.broadcast %x : i32 to vector<8xi32>
func.func @per_item(%m: !coopmat.matrix<8x8xi32, acc>, %x: i32, %k: index) -> (index, i32, !coopmat.matrix<8x8xi32, acc>, !coopmat.matrix<8x8xi32, acc>, !coopmat.matrix<8x8xi32, acc>) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %n = coopmat.length : !coopmat.matrix<8x8xi32, acc>
  %e = coopmat.extract %m[%k] : !coopmat.matrix<8x8xi32, acc> -> i32
  %i = coopmat.insert %x, %m[%k] : i32, !coopmat.matrix<8x8xi32, acc>
  %s = coopmat.scale %i, %x : !coopmat.matrix<8x8xi32, acc>, i32
  %a = coopmat.add %s, %m : !coopmat.matrix<8x8xi32, acc>
  %sp = coopmat.splat %x : i32 -> !coopmat.matrix<8x8xi32, acc>
  func.return %n, %e, %s, %a, %sp : index, i32, !coopmat.matrix<8x8xi32, acc>, !coopmat.matrix<8x8xi32, acc>, !coopmat.matrix<8x8xi32, acc>
}

// to_vector: lane p < 2 gathers row p; column c of it lives in lane p%2 + 2c,
// component 0 (c < 4) or 1: each of those 2-vectors is shuffled once, whole.
// CHECK-LABEL: func.func @to_vector(%m: vector<2xf32>) -> vector<8xf32>
// CHECK:      %[[P:.*]] = gpu.lane_id
// CHECK:      %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[BIT:.*]] = arith.andi %[[P]], %[[ONE]] : index
// CHECK-NEXT: %[[SRC32:.*]] = arith.index_cast %[[BIT]] : index to i32
// CHECK-NEXT: %[[ROW0:.*]], %{{.*}} = gpu.shuffle idx %m, %[[SRC32]], %[[W]] : vector<2xf32>
// CHECK-NEXT: %{{.*}} = vector.extract %[[ROW0]][0] : f32 from vector<2xf32>
// CHECK:      %[[SRC1:.*]] = arith.addi %[[BIT]], %{{.*}} : index
// CHECK-NEXT: %[[SRC1_32:.*]] = arith.index_cast %[[SRC1]] : index to i32
// CHECK-NEXT: %{{.*}}, %{{.*}} = gpu.shuffle idx %m, %[[SRC1_32]], %[[W]] : vector<2xf32>
// CHECK:      %{{.*}} = vector.extract %[[ROW0]][1] : f32 from vector<2xf32>
func.func @to_vector(%m: !coopmat.matrix<2x8xf32, acc>) -> vector<8xf32> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %v = coopmat.to_vector %m : !coopmat.matrix<2x8xf32, acc> -> vector<8xf32>
  func.return %v : vector<8xf32>
}

// Loop-carried matrices and element type conversion.
// CHECK-LABEL: func.func @loop(%m: vector<1xf32>, %n: index) -> vector<1xf16>
// CHECK:      %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %n step %{{.*}} iter_args(%[[ACC:.*]] = %m) -> (vector<1xf32>) {
// CHECK-NEXT:   %[[D:.*]] = arith.addf %[[ACC]], %[[ACC]] : vector<1xf32>
// CHECK-NEXT:   scf.yield %[[D]] : vector<1xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[R]] : vector<1xf32> to vector<1xf16>
// CHECK-NEXT: func.return %[[H]] : vector<1xf16>
func.func @loop(%m: !coopmat.matrix<1x8xf32, acc>, %n: index) -> !coopmat.matrix<1x8xf16, acc> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> (!coopmat.matrix<1x8xf32, acc>) {
    %d = coopmat.add %acc, %acc : !coopmat.matrix<1x8xf32, acc>
    scf.yield %d : !coopmat.matrix<1x8xf32, acc>
  }
  %h = coopmat.convert %r : !coopmat.matrix<1x8xf32, acc> -> !coopmat.matrix<1x8xf16, acc>
  func.return %h : !coopmat.matrix<1x8xf16, acc>
}

// Integer div: padding lanes (p >= 8 of a 1x8 matrix over 16 lanes) divide by
// one, not by their zero, and the quotient's padding is zero again.
// CHECK-LABEL: func.func @div(%x: vector<1xi32>, %y: vector<1xi32>) -> vector<1xi32>
// CHECK:      %[[P:.*]] = gpu.lane_id
// CHECK-NEXT: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[P]], %[[EIGHT]] : index
// CHECK-NEXT: %[[Y0:.*]] = vector.extract %y[0] : i32 from vector<1xi32>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[SAFE:.*]] = arith.select %[[IN]], %[[Y0]], %[[ONE]] : i32
// CHECK-NEXT: %[[Y:.*]] = vector.insert %[[SAFE]], %y [0] : i32 into vector<1xi32>
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %x, %[[Y]] : vector<1xi32>
// CHECK-NEXT: %[[Q0:.*]] = vector.extract %[[Q]][0] : i32 from vector<1xi32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.select %[[IN]], %[[Q0]], %[[ZERO]] : i32
// CHECK-NEXT: %[[D:.*]] = vector.insert %[[R]], %[[Q]] [0] : i32 into vector<1xi32>
// CHECK-NEXT: func.return %[[D]] : vector<1xi32>
func.func @div(%x: !coopmat.matrix<1x8xi32, acc>, %y: !coopmat.matrix<1x8xi32, acc>) -> !coopmat.matrix<1x8xi32, acc> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 16>} {
  %d = coopmat.div %x, %y : !coopmat.matrix<1x8xi32, acc>
  func.return %d : !coopmat.matrix<1x8xi32, acc>
}

// Float div and unsigned div: one op on the vectors; divui for `unsigned`.
// CHECK-LABEL: func.func @divf(%x: vector<8xf32>, %y: vector<8xf32>, %u: vector<8xi8>)
// CHECK-NEXT: %[[Q:.*]] = arith.divf %x, %y : vector<8xf32>
// CHECK:      arith.divui %u, %u : vector<8xi8>
func.func @divf(%x: !coopmat.matrix<8x8xf32, acc>, %y: !coopmat.matrix<8x8xf32, acc>, %u: !coopmat.matrix<8x8xi8, acc>) -> (!coopmat.matrix<8x8xf32, acc>, !coopmat.matrix<8x8xi8, acc>) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %d = coopmat.div %x, %y : !coopmat.matrix<8x8xf32, acc>
  %e = coopmat.div %u, %u {unsigned} : !coopmat.matrix<8x8xi8, acc>
  func.return %d, %e : !coopmat.matrix<8x8xf32, acc>, !coopmat.matrix<8x8xi8, acc>
}

// scale: the scalar broadcast to the vector, then one multiply.
// CHECK-LABEL: func.func @scale(%m: vector<8xf16>, %s: f16) -> vector<8xf16>
// CHECK-NEXT: %[[S:.*]] = vector.broadcast %s : f16 to vector<8xf16>
// CHECK-NEXT: %[[R:.*]] = arith.mulf %m, %[[S]] : vector<8xf16>
// CHECK-NEXT: func.return %[[R]] : vector<8xf16>
func.func @scale(%m: !coopmat.matrix<8x8xf16, a>, %s: f16) -> !coopmat.matrix<8x8xf16, a> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %r = coopmat.scale %m, %s : !coopmat.matrix<8x8xf16, a>, f16
  func.return %r : !coopmat.matrix<8x8xf16, a>
}

// convert acc -> b of i8, 16 rows over 8 lanes: B interleaves the two row
// blocks (K1 = 2), so each lane permutes its own components; no shuffle.
// CHECK-LABEL: func.func @convert_to_b(%m: vector<16xi32>) -> vector<16xi8>
// CHECK-NOT:  gpu.shuffle
// CHECK:      %[[NARROW:.*]] = vector.insert %{{.*}}, %{{.*}} [15] : i8 into vector<16xi8>
// CHECK-NEXT: %[[R0:.*]] = vector.extract %[[NARROW]][0] : i8 from vector<16xi8>
// CHECK-NEXT: %[[R8:.*]] = vector.extract %[[NARROW]][8] : i8 from vector<16xi8>
// CHECK:      %[[B0:.*]] = vector.insert %[[R0]], %{{.*}} [0] : i8 into vector<16xi8>
// CHECK-NEXT: %{{.*}} = vector.insert %[[R8]], %[[B0]] [1] : i8 into vector<16xi8>
// CHECK-NOT:  gpu.shuffle
// CHECK:      func.return
func.func @convert_to_b(%m: !coopmat.matrix<16x8xi32, acc>) -> !coopmat.matrix<16x8xi8, b> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %r = coopmat.convert %m : !coopmat.matrix<16x8xi32, acc> -> !coopmat.matrix<16x8xi8, b>
  func.return %r : !coopmat.matrix<16x8xi8, b>
}

// convert to another layout (row per invocation) moves elements between
// lanes: element (p, c) of the 2x8 tinytc accumulator is in lane p%2 + 2*(c%4),
// component c/4; lanes 0 and 1 take their row, the others zero.
// CHECK-LABEL: func.func @convert_with_shuffles(%m: vector<2xf32>) -> vector<8xf16>
// CHECK-NEXT: %[[H:.*]] = arith.truncf %m : vector<2xf32> to vector<2xf16>
// CHECK-NEXT: %[[P:.*]] = gpu.lane_id
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.cmpi ult, %[[P]], %[[TWO]] : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[BIT:.*]] = arith.andi %[[P]], %[[ONE]] : index
// CHECK-NEXT: %[[SRC:.*]] = arith.index_cast %[[BIT]] : index to i32
// CHECK-NEXT: %[[FROM0:.*]], %{{.*}} = gpu.shuffle idx %[[H]], %[[SRC]], %[[W]] : vector<2xf16>
// CHECK-NEXT: %[[C0:.*]] = vector.extract %[[FROM0]][0] : f16 from vector<2xf16>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %{{.*}} = arith.select %[[ROW]], %[[C0]], %[[Z]] : f16
// CHECK-COUNT-3: gpu.shuffle idx %[[H]]
// CHECK-NOT:  gpu.shuffle
// CHECK:      %{{.*}} = vector.extract %[[FROM0]][1] : f16 from vector<2xf16>
// CHECK-NOT:  gpu.shuffle
// CHECK:      %{{.*}} = vector.insert %{{.*}}, %{{.*}} [7] : f16 into vector<8xf16>
func.func @convert_with_shuffles(%m: !coopmat.matrix<2x8xf32, acc>) -> !coopmat.matrix<2x8xf16, a, #coopmat.layout<row, subgroup = 8>> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %r = coopmat.convert %m : !coopmat.matrix<2x8xf32, acc> -> !coopmat.matrix<2x8xf16, a, #coopmat.layout<row, subgroup = 8>>
  func.return %r : !coopmat.matrix<2x8xf16, a, #coopmat.layout<row, subgroup = 8>>
}
