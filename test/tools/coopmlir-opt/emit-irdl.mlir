// RUN: coopmlir-opt --emit-irdl | filecheck %s
// RUN: coopmlir-opt --emit-irdl | diff - %S/../../../dialects/coopmlir.irdl.mlir

// coopmlir's own dialects in IRDL, made from their xDSL definitions; the
// shipped dialects/coopmlir.irdl.mlir is this output. The matrix type's
// parameters, an op's operands with their variadicity, a required enum
// property as an attribute, a constraint variable shared by operands and
// result (equal types), a single-block region.

// CHECK:      irdl.dialect @coopmat {
// CHECK-NEXT:   irdl.type @matrix {
// CHECK:          %[[F16:.*]] = irdl.is f16
// CHECK:          irdl.parameters(rows: %{{.*}}, cols: %{{.*}}, element_type: %{{.*}}, use: %{{.*}}, scope: %{{.*}}, subgroup_layout: %{{.*}})
// CHECK:        irdl.attribute @layout {
// CHECK-NEXT:     %[[KIND:.*]] = irdl.base "#builtin.string"
// CHECK-NEXT:     %[[SIZE:.*]] = irdl.base "#builtin.integer"
// CHECK-NEXT:     irdl.parameters(kind: %[[KIND]], subgroup_size: %[[SIZE]])
// CHECK:        irdl.operation @load {
// CHECK:          irdl.operands(memref: %{{.*}}, indices: variadic %{{.*}}, stride: optional %{{.*}})
// CHECK:          irdl.attributes {
// CHECK-NEXT:       "layout" = %{{.*}}
// CHECK:        irdl.operation @add {
// CHECK-NEXT:     %[[T:.*]] = irdl.base @coopmat::@matrix
// CHECK-NEXT:     irdl.operands(lhs: %[[T]], rhs: %[[T]])
// CHECK-NEXT:     irdl.results(result: %[[T]])
// CHECK:        irdl.operation @apply {
// CHECK:          %{{.*}} = irdl.region with size 1
// CHECK:      irdl.dialect @coopmlir {
// CHECK-NEXT:   irdl.operation @attention {
