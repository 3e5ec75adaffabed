// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' | filecheck %s
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan},convert-to-spirv{coopmat=nv2}' -t spirv-bin | spirv-val --target-env vulkan1.3 -

// arith.truncf to f8 on a target without 8-bit floats: integer operations
// on the f32 bits (passes/float8_decode.py, encode_f32_to_f8) round to
// nearest even as APFloat does: the normal path adds the rounding bias and
// rebiases, the subnormal path shifts the significand with a sticky
// remainder, NaN and overflow are selected; the byte is stored.
// CHECK-LABEL: spirv.module @__spv__narrow_kernels
// CHECK:        spirv.GlobalVariable @narrow_loop_arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i8, stride=1> [0])>, StorageBuffer>
// CHECK:        %[[X:.*]] = spirv.Load "StorageBuffer" %{{.*}} : f32
// CHECK-NEXT:   %[[BITS:.*]] = spirv.Bitcast %[[X]] : f32 to i32
// CHECK:        spirv.ShiftRightLogical %{{.*}}, %{{.*}} : i32, i32
// CHECK:        spirv.UGreaterThan
// CHECK:        spirv.ULessThan
// CHECK:        %[[BYTE:.*]] = spirv.UConvert %{{.*}} : i32 to i8
// CHECK:        spirv.Store "StorageBuffer" %{{.*}}, %[[BYTE]] : i8
func.func @narrow(%x: memref<64xf32>, %out: memref<64xf8E5M2>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : memref<64xf32>) outs(%out : memref<64xf8E5M2>) {
  ^bb0(%a: f32, %o: f8E5M2):
    %y = arith.truncf %a : f32 to f8E5M2
    linalg.yield %y : f8E5M2
  }
  return
}
