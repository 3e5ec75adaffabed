// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe skinny=true" | filecheck %s

// A small-M product whose weight a dequantize prologue computes (int8 per
// output channel): one skinny kernel reads the stored i8 bytes and the
// scales and decodes in registers (weight_decode.py's element decode): one
// 16-byte load of 16 weights, taken as four 32-bit words, and one scale
// load per row and step; no f16 weight buffer is left on the host.

// CHECK-LABEL: func.func @q8(
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.generic
// CHECK:         gpu.launch_func @q8_kernels::@q8_skinny blocks in ({{.*}}) threads in ({{.*}}) args(%x : memref<2x64xf16>, %w : memref<24x64xi8>, %y : memref<2x24xf32>, %s : memref<24xf16>)
// CHECK-NOT:     memref.alloc
// CHECK:         func.return
// CHECK:       gpu.func @q8_skinny(%{{.*}}: memref<2x64xf16>, %[[W:.*]]: memref<24x64xi8>, %{{.*}}: memref<2x24xf32>, %[[S:.*]]: memref<24xf16>) kernel
// The sign bits of a word's 4 bytes flipped at once; bytes 0 and 2 (1 and 3)
// as the halves of one word, 1024 as f16 bits in each, and 1024 + 128 taken
// off both at once (decode_bits.py: no integer-to-float conversion, f16x2).
// CHECK-DAG:     %[[SIGNS:.*]] = arith.constant -2139062144 : i32
// CHECK-DAG:     %[[BYTES:.*]] = arith.constant 16711935 : i32
// CHECK-DAG:     %[[MAGIC:.*]] = arith.constant 1677747200 : i32
// CHECK-DAG:     %[[BIAS:.*]] = arith.constant dense<1.152000e+03> : vector<2xf16>
// CHECK:         scf.for
// The run's loads first (its 16 bytes, the row's scale), then its words.
// CHECK:           %[[Q:.*]] = vector.load %[[W]][%{{.*}}, %{{.*}}] : memref<24x64xi8>, vector<16xi8>
// CHECK:           %[[SC:.*]] = memref.load %[[S]][%{{.*}}] : memref<24xf16>
// CHECK-NEXT:      %[[WORDS:.*]] = vector.bitcast %[[Q]] : vector<16xi8> to vector<4xi32>
// CHECK-NOT:       memref.load %[[W]]
// CHECK:           %[[W0:.*]] = vector.extract %[[WORDS]][0] : i32 from vector<4xi32>
// CHECK-NEXT:      %[[X:.*]] = arith.xori %[[W0]], %[[SIGNS]] : i32
// CHECK-NEXT:      %[[B:.*]] = arith.andi %[[X]], %[[BYTES]] : i32
// CHECK-NEXT:      %[[BITS:.*]] = arith.ori %[[B]], %[[MAGIC]] : i32
// CHECK-NEXT:      %[[ONE:.*]] = vector.broadcast %[[BITS]] : i32 to vector<1xi32>
// CHECK-NEXT:      %[[F:.*]] = vector.bitcast %[[ONE]] : vector<1xi32> to vector<2xf16>
// CHECK-NEXT:      %[[V:.*]] = arith.subf %[[F]], %[[BIAS]] : vector<2xf16>
// CHECK-NEXT:      %[[SC2:.*]] = vector.broadcast %[[SC]] : f16 to vector<2xf16>
// CHECK-NEXT:      %[[D:.*]] = arith.mulf %[[V]], %[[SC2]] : vector<2xf16>
// CHECK-NEXT:      vector.extract %[[D]][0] : f16 from vector<2xf16>
// CHECK-NEXT:      arith.extf
// Bytes 1 and 3: the same xored word, shifted by 8.
// CHECK-NEXT:      arith.shrui %[[X]], %{{.*}} : i32
// CHECK-NOT:       arith.sitofp
// CHECK:           vector.load %{{.*}} : memref<2x64xf16>, vector<8xf16>
// CHECK-NOT:       arith.sitofp
// CHECK:           scf.yield
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
