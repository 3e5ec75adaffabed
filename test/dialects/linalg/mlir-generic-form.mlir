// RUN: coopmlir-opt %s | filecheck %s
// RUN: coopmlir-opt %s | coopmlir-opt --print-op-generic | filecheck %s --check-prefix=GENERIC

// What `mlir-opt-22 --mlir-print-op-generic` prints for an unsigned i8 matmul:
// `cast` is an inherent attribute (a property), and the body zero-extends.

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<16x32xi8>, memref<32x16xi8>, memref<16x16xi32>) -> (), sym_name = "mm"}> ({
  ^bb0(%arg0: memref<16x32xi8>, %arg1: memref<32x16xi8>, %arg2: memref<16x16xi32>):
    "linalg.matmul"(%arg0, %arg1, %arg2) <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg3: i8, %arg4: i8, %arg5: i32):
      %0 = "arith.extui"(%arg3) : (i8) -> i32
      %1 = "arith.extui"(%arg4) : (i8) -> i32
      %2 = "arith.muli"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %3 = "arith.addi"(%arg5, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "linalg.yield"(%3) : (i32) -> ()
    }) : (memref<16x32xi8>, memref<32x16xi8>, memref<16x16xi32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// CHECK:      linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : memref<16x32xi8>, memref<32x16xi8>) outs(%{{.*}} : memref<16x16xi32>)

// GENERIC:      "linalg.matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{cast = #linalg.type_fn<cast_unsigned>
// GENERIC:        "arith.extui"
// GENERIC-NEXT:   "arith.extui"
