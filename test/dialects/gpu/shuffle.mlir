// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// gpu.shuffle (dialects/gpu_subgroup.py) in every mode and for scalar and
// vector values; xDSL's own gpu ops stay available next to it.

// CHECK-LABEL: func.func @modes
// CHECK:      %[[R:.*]], %[[OK:.*]] = gpu.shuffle idx %[[X:.*]], %[[L:.*]], %[[W:.*]] : f32
// CHECK-NEXT: %{{.*}}, %{{.*}} = gpu.shuffle xor %[[X]], %[[L]], %[[W]] : f32
// CHECK-NEXT: %{{.*}}, %{{.*}} = gpu.shuffle up %[[X]], %[[L]], %[[W]] : f32
// CHECK-NEXT: %{{.*}}, %{{.*}} = gpu.shuffle down %[[X]], %[[L]], %[[W]] : f32
// CHECK-NEXT: "test.op"(%[[R]], %[[OK]])
// GENERIC-LABEL: "func.func"() <{sym_name = "modes"
// GENERIC: "gpu.shuffle"(%{{.*}}, %{{.*}}, %{{.*}}) <{mode = #gpu<shuffle_mode idx>}> : (f32, i32, i32) -> (f32, i1)
// GENERIC: <{mode = #gpu<shuffle_mode xor>}>
// GENERIC: <{mode = #gpu<shuffle_mode up>}>
// GENERIC: <{mode = #gpu<shuffle_mode down>}>
func.func @modes(%x: f32, %l: i32, %w: i32) {
  %r, %ok = gpu.shuffle idx %x, %l, %w : f32
  %r1, %ok1 = gpu.shuffle xor %x, %l, %w : f32
  %r2, %ok2 = gpu.shuffle up %x, %l, %w : f32
  %r3, %ok3 = gpu.shuffle down %x, %l, %w : f32
  "test.op"(%r, %ok) : (f32, i1) -> ()
  func.return
}

// CHECK-LABEL: func.func @types
// CHECK:      gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : i8
// CHECK-NEXT: gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : f16
// CHECK-NEXT: gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : bf16
// CHECK-NEXT: gpu.shuffle idx %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK-NEXT: %[[ID:.*]] = gpu.lane_id
func.func @types(%i: i32, %b: i8, %h: f16, %bf: bf16, %v: vector<4xf16>, %l: i32, %w: i32) {
  %0, %1 = gpu.shuffle idx %i, %l, %w : i32
  %2, %3 = gpu.shuffle idx %b, %l, %w : i8
  %4, %5 = gpu.shuffle idx %h, %l, %w : f16
  %6, %7 = gpu.shuffle idx %bf, %l, %w : bf16
  %8, %9 = gpu.shuffle idx %v, %l, %w : vector<4xf16>
  %id = gpu.lane_id
  "test.op"(%0, %2, %4, %6, %8, %id) : (i32, i8, f16, bf16, vector<4xf16>, index) -> ()
  func.return
}
