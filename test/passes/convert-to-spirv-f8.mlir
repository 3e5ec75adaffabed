// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' | filecheck %s
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan},convert-to-spirv{coopmat=nv2}' -t spirv-bin | spirv-val --target-env vulkan1.3 -

// f8 weights on a target without 8-bit floats (no VK_EXT_shader_float8): the
// buffer holds bytes (i8) and arith.extf is decoded by integer operations
// (passes/float8_decode.py).

// E4M3FN: the magnitude moved and rebiased, the NaN code and the
// subnormals (mantissa * 2^-9) selected, the sign or-ed back; then an exact
// f16 -> f32 conversion.
// CHECK-LABEL: spirv.module @__spv__e4m3_kernels
// CHECK:        %[[B:.*]] = spirv.Load "StorageBuffer" %{{.*}} : i8
// CHECK-NEXT:   %[[U:.*]] = spirv.UConvert %[[B]] : i8 to i32
// CHECK:        spirv.IEqual
// CHECK:        spirv.ConvertUToF %{{.*}} : i32 to f16
// CHECK-NEXT:   spirv.FMul
// CHECK:        spirv.ULessThan
// CHECK:        %[[H:.*]] = spirv.Bitcast %{{.*}} : i16 to f16
// CHECK-NEXT:   %[[F:.*]] = spirv.FConvert %[[H]] : f16 to f32
// CHECK:        spirv.Store "StorageBuffer" %{{.*}}, %[[F]] : f32
func.func @e4m3(%w: memref<64xf8E4M3FN>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%w : memref<64xf8E4M3FN>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f8E4M3FN, %o: f32):
    %y = arith.extf %x : f8E4M3FN to f32
    linalg.yield %y : f32
  }
  return
}
