// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=generic decode-at-store=true}' | filecheck %s
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=simt decode-at-store=true}' | filecheck %s --check-prefix=SIMT
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan},convert-to-spirv{coopmat=nv2}' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=lavapipe},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=generic split-k=2}' 2>&1 | filecheck %s --check-prefix=SPLIT
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=generic split-k=2 split-k-decode=false}' 2>&1 | filecheck %s --check-prefix=SPLIT-OFF

// A dequantize prologue of B (int8 per output channel) is decoded in the
// load: one launch reads the i8 weight and the scales. The prefetch (stages=2)
// loads a chunk's run of 16 i8 (16 bytes) at once and its channel's scale
// once and carries them through the K loop; the store to workgroup memory
// (after the math) takes the run as four 32-bit words, converts and scales
// each element in registers and stores the chunk's 16 f16 into the
// workgroup tile as two 16-byte stores (decode-at-store); no f16 weight
// buffer, no loop kernel.
// CHECK:      func.func @int8_per_channel(%x: memref<32x64xf16>, %w: memref<32x64xi8>, %s: memref<32xf16>, %{{.*}}: memref<32x32xf32>)
// CHECK-NOT:  memref.alloc
// CHECK:      gpu.launch_func @int8_per_channel_kernels::@int8_per_channel {{.*}} args(%x : memref<32x64xf16>, %w : memref<32x64xi8>, %{{.*}} : memref<32x32xf32>, %s : memref<32xf16>)
// CHECK-NEXT: func.return
// CHECK:      gpu.func @int8_per_channel(%{{.*}}: memref<32x64xf16>, %[[W:.*]]: memref<32x64xi8>, %{{.*}}: memref<32x32xf32>, %[[S:.*]]: memref<32xf16>)
// CHECK:      %[[Q:.*]] = vector.load %[[W]][%[[N:.*]], %{{.*}}] : memref<32x64xi8>, vector<16xi8>
// CHECK-NEXT: %[[SC:.*]] = memref.load %[[S]][%[[N]]] : memref<32xf16>
// CHECK-NEXT: scf.for {{.*}} iter_args({{.*}}, %[[HQ:.*]] = %[[Q]], %[[HS:.*]] = %[[SC]])
// CHECK:      %[[WORDS:.*]] = vector.bitcast %[[HQ]] : vector<16xi8> to vector<4xi32>
// CHECK-NEXT: %[[W0:.*]] = vector.extract %[[WORDS]][0] : i32 from vector<4xi32>
// (bytes 0 and 2 as one f16 pair: sign bits flipped, 1024 + each as f16
// bits, minus 1152, times the scale: decode_bits.py)
// CHECK-NEXT: arith.xori %[[W0]]
// CHECK-NEXT: arith.andi
// CHECK-NEXT: arith.ori
// CHECK-NEXT: vector.broadcast
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: %[[F:.*]] = arith.subf {{.*}} : vector<2xf16>
// CHECK-NEXT: %[[SC2:.*]] = vector.broadcast %[[HS]] : f16 to vector<2xf16>
// CHECK-NEXT: arith.mulf %[[F]], %[[SC2]] : vector<2xf16>
// CHECK-NOT:  memref.load %[[S]]
// CHECK:      vector.extract %[[WORDS]][3] : i32 from vector<4xi32>
// CHECK-NOT:  memref.load %[[S]]
// CHECK:      vector.insert %{{.*}}[7] : f16 into vector<8xf16>
// CHECK-NOT:  memref.load %[[S]]
// CHECK:      vector.insert %{{.*}}[7] : f16 into vector<8xf16>
// CHECK:      vector.store {{.*}} : memref<16x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK:      coopmat.mul_add
// CHECK-NOT:  gpu.func @int8_per_channel_loop

// The SIMT kernel decodes the same way into its staging tile.
// SIMT:       gpu.func @int8_per_channel(%{{.*}}: memref<32x64xf16>, %[[W:.*]]: memref<32x64xi8>, %{{.*}}: memref<32x32xf32>, %[[S:.*]]: memref<32xf16>)
// SIMT:       vector.load %[[W]]{{.*}} vector<16xi8>
// SIMT-NEXT:  memref.load %[[S]]
// SIMT-NEXT:  scf.for
// SIMT:       vector.bitcast
// SIMT-NEXT:  vector.extract
// SIMT-NEXT:  arith.xori
// SIMT:       arith.subf
// SIMT-NEXT:  vector.broadcast
// SIMT-NEXT:  arith.mulf
// SIMT-NOT:   gpu.func @int8_per_channel_loop

// split-K's partial kernel decodes in the load too: the only buffer is the
// f32 workspace, the partials read the i8 weight and the scales, a second
// kernel sums them.
// SPLIT:      func.func @int8_per_channel(%x: memref<32x64xf16>, %w: memref<32x64xi8>, %s: memref<32xf16>, %[[C:.*]]: memref<32x32xf32>)
// SPLIT-NEXT: %[[WS:.*]] = memref.alloc() : memref<2x32x32xf32>
// SPLIT-NOT:  memref.alloc
// SPLIT:      gpu.launch_func @int8_per_channel_kernels::@int8_per_channel {{.*}} args(%x : memref<32x64xf16>, %w : memref<32x64xi8>, %[[WS]] : memref<2x32x32xf32>, %s : memref<32xf16>)
// SPLIT:      gpu.launch_func @int8_per_channel_kernels::@int8_per_channel_reduce {{.*}} args(%[[WS]] : memref<2x32x32xf32>, %[[C]] : memref<32x32xf32>)
// SPLIT-NOT:  gpu.func @int8_per_channel_loop
// split-k-decode=false (the earlier path): the prologue stays its own loop
// kernel, said so.
// SPLIT-OFF:  remark: lower-to-coopmat: the dequantize prologue of B stays its own loop kernel (split-k-decode=false: split-k decodes no weights in the load)
// SPLIT-OFF:  gpu.func @int8_per_channel_loop(%{{.*}}: memref<32x64xi8>, %{{.*}}: memref<32xf16>, %{{.*}}: memref<32x64xf16>)
func.func @int8_per_channel(%x: tensor<32x64xf16>, %w: tensor<32x64xi8>, %s: tensor<32xf16>) -> tensor<32x32xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<32x64xf16>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w, %s : tensor<32x64xi8>, tensor<32xf16>) outs(%0 : tensor<32x64xf16>) attrs = {coopmlir.dequantize} {
  ^bb0(%a: i8, %b: f16, %o: f16):
    %2 = arith.sitofp %a : i8 to f16
    %3 = arith.mulf %2, %b : f16
    linalg.yield %3 : f16
  } -> tensor<32x64xf16>
  %4 = tensor.empty() : tensor<32x32xf32>
  %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<32x32xf32>) -> tensor<32x32xf32>
  %6 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %1 : tensor<32x64xf16>, tensor<32x64xf16>) outs(%5 : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %6 : tensor<32x32xf32>
}
