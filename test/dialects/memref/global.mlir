// RUN: coopmlir-opt %s | filecheck %s
// RUN: coopmlir-opt %s | coopmlir-opt | filecheck %s

// memref.global as MLIR 22 writes it (one-shot-bufferize's constants): the
// initial value without its type, dense_resource kept with its blob.
// CHECK:      memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense_resource<blob> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<0.000000e+00> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" @state : memref<4xi32> = uninitialized
// CHECK-NEXT: memref.global @external : memref<3xf16>
// CHECK-NEXT: func.func @f() -> memref<2xf32> {
// CHECK-NEXT:   %[[W:.*]] = memref.get_global @__constant_2xf32 : memref<2xf32>
// CHECK-NEXT:   func.return %[[W]] : memref<2xf32>
// CHECK:      blob: "0x040000000000803F00000040"
memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense_resource<blob> {alignment = 64 : i64}
memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<0.000000e+00> {alignment = 64 : i64}
memref.global "private" @state : memref<4xi32> = uninitialized
memref.global @external : memref<3xf16>
func.func @f() -> memref<2xf32> {
  %w = memref.get_global @__constant_2xf32 : memref<2xf32>
  return %w : memref<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F00000040"
    }
  }
#-}
