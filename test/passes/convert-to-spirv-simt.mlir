// RUN: coopmlir-opt %s --convert-to-spirv | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv=coopmat=simt | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-bin | spirv-val --target-env vulkan1.3 -

// An L2 (SIMT) kernel: no matrices, so no cooperative-matrix capability
// (coopmat=simt, no extension, gives the same module).
// Lane ids are the SubgroupLocalInvocationId built-in, an f16 shuffle moves
// 32 bits (no shaderSubgroupExtendedTypes needed), `valid` compares the
// source lane with the width, vectors longer than 4 are arrays handled per
// element (a dynamic index goes through a Function variable), scf.if with a
// result is a selection whose merge block has a phi, and bf16 is carried as
// i16 bits.

// CHECK:      spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, Int16, StorageBuffer16BitAccess, VulkanMemoryModel, GroupNonUniform, GroupNonUniformShuffle], []> {
// CHECK:        spirv.GlobalVariable @k_arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>
// CHECK:        spirv.func @k() "None" attributes {coopmlir.kernel_args = [memref<8xf16>, memref<8xbf16>, memref<8x8xf32>]} {
// CHECK:          %[[LANE:.*]] = spirv.Load "Input" %{{.*}} : i32
// Function variables for the dynamic extract/insert below, at the top.
// CHECK:          %[[XVAR:.*]] = spirv.Variable : !spirv.ptr<!spirv.array<8 x f16>, Function>
// CHECK-NEXT:     %[[IVAR:.*]] = spirv.Variable : !spirv.ptr<!spirv.array<8 x f16>, Function>
// CHECK:          %[[X16:.*]] = spirv.Load "StorageBuffer" %{{.*}} : f16

// gpu.shuffle xor of an f16: widened to f32 and back; valid = (lane ^ 1) < 8.
// CHECK:          %[[WIDE:.*]] = spirv.FConvert %{{.*}} : f16 to f32
// CHECK-NEXT:     %[[MOVED:.*]] = spirv.GroupNonUniformShuffleXor <Subgroup> %[[WIDE]], %{{.*}} : f32, i32
// CHECK-NEXT:     %[[X:.*]] = spirv.FConvert %[[MOVED]] : f32 to f16
// CHECK-NEXT:     %[[SRC:.*]] = spirv.BitwiseXor %[[LANE]], %{{.*}} : i32
// CHECK-NEXT:     %[[VALID:.*]] = spirv.ULessThan %[[SRC]], %{{.*}} : i32

// scf.if -> (f32): a selection, the value through the merge block's phi.
// CHECK:          %[[PICK:.*]] = spirv.mlir.selection -> f32 {
// CHECK-NEXT:       spirv.BranchConditional %[[VALID]], ^[[THEN:.*]], ^[[ELSE:.*]]
// CHECK-NEXT:     ^[[THEN]]:
// CHECK-NEXT:       %[[EXT:.*]] = spirv.FConvert %[[X]] : f16 to f32
// CHECK-NEXT:       spirv.Branch ^[[MERGE:.*]](%[[EXT]] : f32)
// CHECK-NEXT:     ^[[ELSE]]:
// CHECK-NEXT:       spirv.Branch ^[[MERGE]](%{{.*}} : f32)
// CHECK-NEXT:     ^[[MERGE]](%[[PHI:.*]]: f32):
// CHECK-NEXT:       spirv.mlir.merge %[[PHI]] : f32
// CHECK-NEXT:     }

// arith.extf from bf16: the 16 bits moved to the high half of an f32.
// CHECK:          %[[BITS:.*]] = spirv.UConvert %{{.*}} : i16 to i32
// CHECK-NEXT:     %[[HIGH:.*]] = spirv.ShiftLeftLogical %[[BITS]], %{{.*}} : i32, i32
// CHECK-NEXT:     %[[BF:.*]] = spirv.Bitcast %[[HIGH]] : i32 to f32

// vector<8xf32>: an array; splat, per-element fma, constant-index access.
// CHECK:          %[[V:.*]] = spirv.CompositeConstruct %[[PICK]], %[[PICK]], %[[PICK]], %[[PICK]], %[[PICK]], %[[PICK]], %[[PICK]], %[[PICK]] : (f32, f32, f32, f32, f32, f32, f32, f32) -> !spirv.array<8 x f32>
// CHECK:          %[[E0:.*]] = spirv.CompositeExtract %[[V]][0 : i32] : !spirv.array<8 x f32>
// CHECK-NEXT:     %[[F0:.*]] = spirv.CompositeExtract %[[V]][0 : i32] : !spirv.array<8 x f32>
// CHECK-NEXT:     %[[G0:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32] : !spirv.array<8 x f32>
// CHECK-NEXT:     %{{.*}} = spirv.GL.Fma %[[E0]], %[[F0]], %[[G0]] : f32
// CHECK:          %[[W:.*]] = spirv.CompositeInsert %[[BF]], %{{.*}}[3 : i32] : f32 into !spirv.array<8 x f32>
// CHECK:          %{{.*}} = spirv.CompositeExtract %[[W]][5 : i32] : !spirv.array<8 x f32>
// CHECK:          spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} : f32

// Dynamic insert/extract on vector<8xf16> (an array): through the Function
// variables; insert stores the element and reloads the whole array.
// CHECK:          %[[HV:.*]] = spirv.CompositeConstruct %{{.*}} : (f16, f16, f16, f16, f16, f16, f16, f16) -> !spirv.array<8 x f16>
// CHECK-NEXT:     spirv.Store "Function" %[[IVAR]], %[[HV]] : !spirv.array<8 x f16>
// CHECK-NEXT:     %[[IP:.*]] = spirv.AccessChain %[[IVAR]][%[[LANE]]] : !spirv.ptr<!spirv.array<8 x f16>, Function>, i32 -> !spirv.ptr<f16, Function>
// CHECK-NEXT:     spirv.Store "Function" %[[IP]], %[[X16]] : f16
// CHECK-NEXT:     %[[HI:.*]] = spirv.Load "Function" %[[IVAR]] : !spirv.array<8 x f16>
// CHECK-NEXT:     %[[J:.*]] = spirv.BitwiseXor %[[LANE]], %{{.*}} : i32
// CHECK-NEXT:     spirv.Store "Function" %[[XVAR]], %[[HI]] : !spirv.array<8 x f16>
// CHECK-NEXT:     %[[EP:.*]] = spirv.AccessChain %[[XVAR]][%[[J]]] : !spirv.ptr<!spirv.array<8 x f16>, Function>, i32 -> !spirv.ptr<f16, Function>
// CHECK-NEXT:     %[[HE:.*]] = spirv.Load "Function" %[[EP]] : f16
// CHECK:          spirv.Store "StorageBuffer" %{{.*}}, %[[HE]] : f16
// CHECK:        spirv.EntryPoint "GLCompute" @k, @k_arg0, @k_arg1, @k_arg2, @__builtin_SubgroupLocalInvocationId
// CHECK-NEXT:   spirv.ExecutionMode @k "LocalSize", 8, 1, 1

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%h: memref<8xf16>, %b: memref<8xbf16>, %out: memref<8x8xf32>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %lane = gpu.lane_id
      %one = arith.constant 1 : i32
      %eight = arith.constant 8 : i32
      %zero = arith.constant 0.0 : f32
      %x = memref.load %h[%lane] : memref<8xf16>
      %y, %valid = gpu.shuffle xor %x, %one, %eight : f16
      %pick = scf.if %valid -> (f32) {
        %e = arith.extf %y : f16 to f32
        scf.yield %e : f32
      } else {
        scf.yield %zero : f32
      }
      %raw = memref.load %b[%lane] : memref<8xbf16>
      %bf = arith.extf %raw : bf16 to f32
      %v = vector.broadcast %pick : f32 to vector<8xf32>
      %acc = arith.constant dense<1.0> : vector<8xf32>
      %f = math.fma %v, %v, %acc : vector<8xf32>
      %w = vector.insert %bf, %f [3] : f32 into vector<8xf32>
      %r = vector.extract %w[5] : f32 from vector<8xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %r, %out[%lane, %c0] : memref<8x8xf32>
      %hv = vector.load %h[%c0] : memref<8xf16>, vector<8xf16>
      %hi = vector.insert %x, %hv [%lane] : f16 into vector<8xf16>
      %j = arith.xori %lane, %c1 : index
      %he = vector.extract %hi[%j] : f16 from vector<8xf16>
      memref.store %he, %h[%lane] : memref<8xf16>
      gpu.return
    }
  }
}
