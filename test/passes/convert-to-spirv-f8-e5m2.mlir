// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' | filecheck %s
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan},convert-to-spirv{coopmat=nv2}' -t spirv-bin | spirv-val --target-env vulkan1.3 -

// f8 weights on a target without 8-bit floats (no VK_EXT_shader_float8): the
// buffer holds bytes (i8) and arith.extf is decoded by integer operations
// (passes/float8_decode.py).

// E5M2 is the high byte of an f16: widen, shift by 8, reinterpret.
// CHECK-LABEL: spirv.module @__spv__e5m2_kernels
// CHECK:        spirv.GlobalVariable @e5m2_loop_arg0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i8, stride=1> [0])>, StorageBuffer>
// CHECK:        %[[BYTE:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i8
// CHECK-NEXT:   %[[WIDE:.*]] = spirv.UConvert %[[BYTE]] : i8 to i32
// CHECK-NEXT:   %[[HIGH:.*]] = spirv.ShiftLeftLogical %[[WIDE]], %{{.*}} : i32, i32
// CHECK-NEXT:   %[[HALF:.*]] = spirv.UConvert %[[HIGH]] : i32 to i16
// CHECK-NEXT:   %[[F16:.*]] = spirv.Bitcast %[[HALF]] : i16 to f16
// CHECK:        spirv.Store "StorageBuffer" %{{.*}}, %[[F16]] : f16
func.func @e5m2(%w: memref<64xf8E5M2>, %out: memref<64xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%w : memref<64xf8E5M2>) outs(%out : memref<64xf16>) {
  ^bb0(%x: f8E5M2, %o: f16):
    %y = arith.extf %x : f8E5M2 to f16
    linalg.yield %y : f16
  }
  return
}
