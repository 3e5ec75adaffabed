// RUN: coopmlir-opt %s --coopmat-to-simt | filecheck %s

// The SIMT code of coopmat.reduce, coopmat.apply and coopmat.transpose
// (subgroup of 8, tinytc layout).

// Row reduction of 4x2 (I = 4: lane p holds row p % 4, column p / 4, V = 1):
// nothing to combine in-lane; the lanes that share a row differ in lane-id
// bit 2, so one xor butterfly with 4 (derived from the layout).
// CHECK-LABEL: func.func @reduce_rows
// CHECK-NEXT: %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[P:.*]], %{{.*}} = gpu.shuffle xor %m, %[[FOUR]], %[[W]] : vector<1xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %m, %[[P]] : vector<1xf32>
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[S]][0] : f32 from vector<1xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<1xf32>
// CHECK-NEXT: %[[R:.*]] = vector.insert %[[E]], %[[Z]] [0] : f32 into vector<1xf32>
// CHECK-NEXT: "test.op"(%[[R]])
func.func @reduce_rows(%m: !coopmat.matrix<4x2xf32, acc>) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %r = coopmat.reduce add rows %m : !coopmat.matrix<4x2xf32, acc> -> !coopmat.matrix<4x2xf32, acc>
  "test.op"(%r) : (!coopmat.matrix<4x2xf32, acc>) -> ()
  func.return
}

// 2x3 i32 (I = 2, J = 4): lanes 6 and 7 hold column 3, padding. They enter
// the max as the identity INT_MIN; butterflies over bits 1 and 2; the
// result's padding is zero again.
// CHECK-LABEL: func.func @reduce_padding
// CHECK-NEXT: %[[X:.*]] = vector.extract %m[0] : i32 from vector<1xi32>
// CHECK-NEXT: %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT: %[[SIX:.*]] = arith.constant 6 : index
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[LANE]], %[[SIX]] : index
// CHECK-NEXT: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[V:.*]] = arith.select %[[IN]], %[[X]], %[[MIN]] : i32
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<1xi32>
// CHECK-NEXT: %[[P0:.*]] = vector.insert %[[V]], %[[Z]] [0] : i32 into vector<1xi32>
// CHECK-NEXT: %[[W:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[Q0:.*]], %{{.*}} = gpu.shuffle xor %[[P0]], %[[TWO]], %[[W]] : vector<1xi32>
// CHECK-NEXT: %[[P1:.*]] = arith.maxsi %[[P0]], %[[Q0]] : vector<1xi32>
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[Q1:.*]], %{{.*}} = gpu.shuffle xor %[[P1]], %[[FOUR]], %[[W]] : vector<1xi32>
// CHECK-NEXT: %[[P2:.*]] = arith.maxsi %[[P1]], %[[Q1]] : vector<1xi32>
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[P2]][0] : i32 from vector<1xi32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[K:.*]] = arith.select %[[IN]], %[[E]], %[[ZERO]] : i32
// CHECK-NEXT: %[[R:.*]] = vector.insert %[[K]], %[[Z]] [0] : i32 into vector<1xi32>
// CHECK-NEXT: "test.op"(%[[R]])
func.func @reduce_padding(%m: !coopmat.matrix<2x3xi32, acc>) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %r = coopmat.reduce max rows %m : !coopmat.matrix<2x3xi32, acc> -> !coopmat.matrix<2x3xi32, acc>
  "test.op"(%r) : (!coopmat.matrix<2x3xi32, acc>) -> ()
  func.return
}

// apply on 1x8 (lane p holds column p): the body inlined on the component,
// its column the layout's p / I, the capture used as it is.
// CHECK-LABEL: func.func @apply
// CHECK-NEXT: %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT: %[[I:.*]] = arith.constant 1 : index
// CHECK-NEXT: %{{.*}} = arith.remui %[[LANE]], %[[I]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.divui %[[LANE]], %[[I]] : index
// CHECK-NEXT: %[[V:.*]] = vector.extract %m[0] : f32 from vector<1xf32>
// CHECK-NEXT: %[[JT:.*]] = arith.index_cast %[[COL]] : index to i32
// CHECK-NEXT: %[[JF:.*]] = arith.sitofp %[[JT]] : i32 to f32
// CHECK-NEXT: %[[X:.*]] = arith.mulf %[[V]], %[[JF]] : f32
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %s : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<1xf32>
// CHECK-NEXT: %[[R:.*]] = vector.insert %[[Y]], %[[Z]] [0] : f32 into vector<1xf32>
// CHECK-NEXT: "test.op"(%[[R]])
func.func @apply(%m: !coopmat.matrix<1x8xf32, acc>, %s: f32) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %r = coopmat.apply %m captures(%s : f32) : !coopmat.matrix<1x8xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32, %t: f32):
    %jt = arith.index_cast %j : index to i32
    %jf = arith.sitofp %jt : i32 to f32
    %x = arith.mulf %v, %jf : f32
    %y = arith.addf %x, %t : f32
    coopmat.yield %y : f32
  }
  "test.op"(%r) : (!coopmat.matrix<1x8xf32, acc>) -> ()
  func.return
}

// 8x1 accumulator -> 1x8 B: lane p holds element (p, 0) before and (0, p)
// after, so the transpose moves nothing between lanes.
// CHECK-LABEL: func.func @transpose
// CHECK-NEXT: %[[E:.*]] = vector.extract %m[0] : f32 from vector<1xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<1xf32>
// CHECK-NEXT: %[[T:.*]] = vector.insert %[[E]], %[[Z]] [0] : f32 into vector<1xf32>
// CHECK-NEXT: "test.op"(%[[T]])
func.func @transpose(%m: !coopmat.matrix<8x1xf32, acc>) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %t = coopmat.transpose %m : !coopmat.matrix<8x1xf32, acc> -> !coopmat.matrix<1x8xf32, b>
  "test.op"(%t) : (!coopmat.matrix<1x8xf32, b>) -> ()
  func.return
}
