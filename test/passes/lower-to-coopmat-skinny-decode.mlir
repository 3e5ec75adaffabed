// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe skinny=true" | filecheck %s

// A small-M product whose weight a dequantize prologue computes (int8 per
// output channel): one skinny kernel reads the stored i8 bytes and the
// scales and decodes in registers (weight_decode.py's element decode): one
// 16-byte load of 16 weights and one scale load per row and step; no f16
// weight buffer is left on the host.

// CHECK-LABEL: func.func @q8(
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.generic
// CHECK:         gpu.launch_func @q8_kernels::@q8_skinny blocks in ({{.*}}) threads in ({{.*}}) args(%x : memref<2x64xf16>, %w : memref<24x64xi8>, %y : memref<2x24xf32>, %s : memref<24xf16>)
// CHECK-NOT:     memref.alloc
// CHECK:         func.return
// CHECK:       gpu.func @q8_skinny(%{{.*}}: memref<2x64xf16>, %[[W:.*]]: memref<24x64xi8>, %{{.*}}: memref<2x24xf32>, %[[S:.*]]: memref<24xf16>) kernel
// CHECK:         scf.for
// CHECK:           vector.load %{{.*}} : memref<2x64xf16>, vector<16xf16>
// CHECK:           %[[Q:.*]] = vector.load %[[W]][%{{.*}}, %{{.*}}] : memref<24x64xi8>, vector<16xi8>
// CHECK-NEXT:      %[[SC:.*]] = memref.load %[[S]][%{{.*}}] : memref<24xf16>
// CHECK-NEXT:      %[[Q0:.*]] = vector.extract %[[Q]][0] : i8 from vector<16xi8>
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[Q0]] : i8 to f16
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[F]], %[[SC]] : f16
// CHECK-NOT:       memref.load %[[W]]
// CHECK:           %[[Q15:.*]] = vector.extract %[[Q]][15] : i8 from vector<16xi8>
// CHECK-NEXT:      %[[F15:.*]] = arith.sitofp %[[Q15]] : i8 to f16
// CHECK-NEXT:      arith.mulf %[[F15]], %[[SC]] : f16
// CHECK:           vector.insert
// CHECK-NOT:     memref<24x64xf16>
// CHECK:         gpu.return
func.func @q8(%x: memref<2x64xf16>, %w: memref<24x64xi8>, %s: memref<24xf16>, %y: memref<2x24xf32>) {
  %buf = memref.alloc() : memref<24x64xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w, %s : memref<24x64xi8>, memref<24xf16>) outs(%buf : memref<24x64xf16>) attrs = {coopmlir.dequantize} {
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i8 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<2x24xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %buf : memref<2x64xf16>, memref<24x64xf16>) outs(%y : memref<2x24xf32>)
  memref.dealloc %buf : memref<24x64xf16>
  return
}
