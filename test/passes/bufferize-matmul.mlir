// RUN: coopmlir-opt %s --split-input-file --bufferize-matmul | filecheck %s

// The tensor form a frontend produces, in the memref form that
// one-shot-bufferize + drop-equivalent-buffer-results +
// buffer-results-to-out-params{hoist-static-allocs} give: a returned
// tensor.empty becomes a trailing memref argument, fill and matmul write it
// in place, the function returns nothing.

// CHECK-LABEL: func.func @frontend(
// CHECK-SAME:    %[[A:[^:]+]]: memref<64x32xf16>, %[[B:[^:]+]]: memref<32x48xf16>, %[[C:[^:]+]]: memref<64x48xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<64x48xf32>)
// CHECK-NEXT:    linalg.matmul ins(%[[A]], %[[B]] : memref<64x32xf16>, memref<32x48xf16>) outs(%[[C]] : memref<64x48xf32>)
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @frontend(%A: tensor<64x32xf16>, %B: tensor<32x48xf16>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<64x48xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = linalg.matmul ins(%A, %B : tensor<64x32xf16>, tensor<32x48xf16>) outs(%1 : tensor<64x48xf32>) -> tensor<64x48xf32>
  func.return %2 : tensor<64x48xf32>
}

// -----

// Accumulating into an argument: the result is that argument's buffer, so it
// is dropped from the results (the caller reads %C); indexing_maps, cast and
// the op kind are kept.
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME:    %[[A:[^:]+]]: memref<32x64xi8>, %[[B:[^:]+]]: memref<48x32xi8>, %[[C:[^:]+]]: memref<64x48xi32>) {
// CHECK-NEXT:    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%[[A]], %[[B]] : memref<32x64xi8>, memref<48x32xi8>) outs(%[[C]] : memref<64x48xi32>)
// CHECK-NEXT:    func.return
func.func @accumulate(%A: tensor<32x64xi8>, %B: tensor<48x32xi8>, %C: tensor<64x48xi32>) -> tensor<64x48xi32> {
  %D = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : tensor<32x64xi8>, tensor<48x32xi8>) outs(%C : tensor<64x48xi32>) -> tensor<64x48xi32>
  func.return %D : tensor<64x48xi32>
}

// -----

// Two results, a chain (the first product feeds the second), a batch_matmul
// and a tensor.empty that is not returned (memref.alloc). Functions without
// tensors are left alone.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[A:[^:]+]]: memref<2x8x8xf16>, %[[B:[^:]+]]: memref<2x8x8xf16>, %[[C:[^:]+]]: memref<2x8x8xf16>, %[[D:[^:]+]]: memref<2x8x8xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f16) outs(%[[C]] : memref<2x8x8xf16>)
// CHECK-NEXT:    linalg.batch_matmul ins(%[[A]], %[[B]] : memref<2x8x8xf16>, memref<2x8x8xf16>) outs(%[[C]] : memref<2x8x8xf16>)
// CHECK-NEXT:    %[[TMP:.*]] = memref.alloc() : memref<2x8x8xf32>
// CHECK-NEXT:    linalg.batch_matmul ins(%[[C]], %[[B]] : memref<2x8x8xf16>, memref<2x8x8xf16>) outs(%[[TMP]] : memref<2x8x8xf32>)
// CHECK-NEXT:    linalg.batch_matmul ins(%[[C]], %[[B]] : memref<2x8x8xf16>, memref<2x8x8xf16>) outs(%[[D]] : memref<2x8x8xf32>)
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @untouched(
// CHECK-NEXT:    linalg.matmul ins
func.func @chain(%A: tensor<2x8x8xf16>, %B: tensor<2x8x8xf16>) -> (tensor<2x8x8xf16>, tensor<2x8x8xf32>) {
  %zero = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<2x8x8xf16>
  %f0 = linalg.fill ins(%zero : f16) outs(%e0 : tensor<2x8x8xf16>) -> tensor<2x8x8xf16>
  %ab = linalg.batch_matmul ins(%A, %B : tensor<2x8x8xf16>, tensor<2x8x8xf16>) outs(%f0 : tensor<2x8x8xf16>) -> tensor<2x8x8xf16>
  %tmp = tensor.empty() : tensor<2x8x8xf32>
  %unused = linalg.batch_matmul ins(%ab, %B : tensor<2x8x8xf16>, tensor<2x8x8xf16>) outs(%tmp : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %e1 = tensor.empty() : tensor<2x8x8xf32>
  %abb = linalg.batch_matmul ins(%ab, %B : tensor<2x8x8xf16>, tensor<2x8x8xf16>) outs(%e1 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  func.return %ab, %abb : tensor<2x8x8xf16>, tensor<2x8x8xf32>
}
func.func @untouched(%A: memref<8x8xf16>, %B: memref<8x8xf16>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf16>, memref<8x8xf16>) outs(%C : memref<8x8xf32>)
  func.return
}

// -----

// Dynamic sizes, as a frontend writes them: the result's sizes come from
// tensor.dim of the operands. The returned tensor.empty is the out-param (a
// memref<?x?xf32> whose sizes the caller chose), so the sizes and their
// index constants go away; lower-to-coopmat checks at run time that C
// agrees with A and B.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:    %[[A:[^:]+]]: memref<?x?xf16>, %[[B:[^:]+]]: memref<?x?xf16>, %[[C:[^:]+]]: memref<?x?xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NEXT:    linalg.matmul ins(%[[A]], %[[B]] : memref<?x?xf16>, memref<?x?xf16>) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @dynamic(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A dynamic temporary becomes a memref.alloc of the sizes, read with
// memref.dim from the buffers; a tensor.dim of the output tensor is no
// second reader of it (sizes do not change when it is written in place).
// CHECK-LABEL: func.func @dynamic_temporary(
// CHECK-SAME:    %[[A:[^:]+]]: memref<?x?x?xf16>, %[[B:[^:]+]]: memref<?x?x?xf16>, %[[D:[^:]+]]: memref<?x?x?xf16>) {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[BATCH:.*]] = memref.dim %[[A]], %[[C0]] : memref<?x?x?xf16>
// CHECK-NEXT:    %[[M:.*]] = memref.dim %[[A]], %[[C1]] : memref<?x?x?xf16>
// CHECK-NEXT:    %[[N:.*]] = memref.dim %[[D]], %[[C1]] : memref<?x?x?xf16>
// CHECK-NEXT:    %[[T:.*]] = memref.alloc(%[[BATCH]], %[[M]], %[[N]]) : memref<?x?x?xf16>
// CHECK-NEXT:    linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%[[A]], %[[B]] : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%[[T]] : memref<?x?x?xf16>)
// CHECK-NEXT:    linalg.batch_matmul ins(%[[T]], %[[A]] : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%[[D]] : memref<?x?x?xf16>)
// CHECK-NEXT:    func.return
func.func @dynamic_temporary(%A: tensor<?x?x?xf16>, %B: tensor<?x?x?xf16>, %D: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %batch = tensor.dim %A, %c0 : tensor<?x?x?xf16>
  %m = tensor.dim %A, %c1 : tensor<?x?x?xf16>
  %n = tensor.dim %D, %c1 : tensor<?x?x?xf16>
  %t = tensor.empty(%batch, %m, %n) : tensor<?x?x?xf16>
  %abt = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%A, %B : tensor<?x?x?xf16>, tensor<?x?x?xf16>) outs(%t : tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  %r = linalg.batch_matmul ins(%abt, %A : tensor<?x?x?xf16>, tensor<?x?x?xf16>) outs(%D : tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  func.return %r : tensor<?x?x?xf16>
}

// -----

// A convolution of a zero-padded input: tensor.pad becomes the padded
// buffer, filled with the padding value, the image copied into a subview of
// its interior (what lower-to-coopmat reads as zero padding); the conv and
// the fill of its output write the out-param in place.
// CHECK-LABEL: func.func @conv_padded(
// CHECK-SAME:    %[[X:[^:]+]]: memref<1x6x6x16xf16>, %[[W:[^:]+]]: memref<3x3x16x8xf16>, %[[C:[^:]+]]: memref<1x6x6x8xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    %[[P:.*]] = memref.alloc() : memref<1x8x8x16xf16>
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f16) outs(%[[P]] : memref<1x8x8x16xf16>)
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[P]][0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1] : memref<1x8x8x16xf16> to memref<1x6x6x16xf16, strided<[1024, 128, 16, 1], offset: 144>>
// CHECK-NEXT:    memref.copy %[[X]], %[[V]] : memref<1x6x6x16xf16> to memref<1x6x6x16xf16, strided<[1024, 128, 16, 1], offset: 144>>
// CHECK-NEXT:    %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[CST]] : f32) outs(%[[C]] : memref<1x6x6x8xf32>)
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[P]], %[[W]] : memref<1x8x8x16xf16>, memref<3x3x16x8xf16>) outs(%[[C]] : memref<1x6x6x8xf32>)
// CHECK-NEXT:    func.return
func.func @conv_padded(%x: tensor<1x6x6x16xf16>, %w: tensor<3x3x16x8xf16>) -> tensor<1x6x6x8xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x6x6x16xf16> to tensor<1x8x8x16xf16>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x8x8x16xf16>, tensor<3x3x16x8xf16>) outs(%f : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  func.return %y : tensor<1x6x6x8xf32>
}

// -----

// A constant yielded from inside the pad's body is moved before the fill;
// an FHWC convolution accumulating into an argument writes it in place
// (strides and dilations kept) and is dropped from the results.
// CHECK-LABEL: func.func @conv_accumulate(
// CHECK-SAME:    %[[X:[^:]+]]: memref<2x5x5x8xi8>, %[[W:[^:]+]]: memref<4x3x3x8xi8>, %[[Y:[^:]+]]: memref<2x3x3x4xi32>) {
// CHECK-NEXT:    %[[P:.*]] = memref.alloc() : memref<2x7x7x8xi8>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : i8) outs(%[[P]] : memref<2x7x7x8xi8>)
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[P]][0, 1, 1, 0] [2, 5, 5, 8] [1, 1, 1, 1]
// CHECK-NEXT:    memref.copy %[[X]], %[[V]] :
// CHECK-NEXT:    linalg.conv_2d_nhwc_fhwc {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[P]], %[[W]] : memref<2x7x7x8xi8>, memref<4x3x3x8xi8>) outs(%[[Y]] : memref<2x3x3x4xi32>)
// CHECK-NEXT:    func.return
func.func @conv_accumulate(%x: tensor<2x5x5x8xi8>, %w: tensor<4x3x3x8xi8>, %y: tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32> {
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    %zero = arith.constant 0 : i8
    tensor.yield %zero : i8
  } : tensor<2x5x5x8xi8> to tensor<2x7x7x8xi8>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<2x7x7x8xi8>, tensor<4x3x3x8xi8>) outs(%y : tensor<2x3x3x4xi32>) -> tensor<2x3x3x4xi32>
  func.return %r : tensor<2x3x3x4xi32>
}

// -----

// tensor.pad of a dynamic batch and image (static pads 1/2 on the rows,
// 1/1 on the columns): the buffer's run-time sizes are the source's batch
// and its height and width plus both pads (as MLIR's bufferization of
// tensor.pad computes them, with arith.addi for its affine.apply), the
// view of its interior has the source's run-time sizes.
// CHECK-LABEL: func.func @conv_dynamic_padded(
// CHECK-SAME:    %[[X:[^:]+]]: memref<?x?x?x16xf16>, %[[W:[^:]+]]: memref<3x3x16x8xf16>, %[[Y:[^:]+]]: memref<?x?x?x8xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim %[[X]], %[[C0]] : memref<?x?x?x16xf16>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[H:.*]] = memref.dim %[[X]], %[[C1]] : memref<?x?x?x16xf16>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[WD:.*]] = memref.dim %[[X]], %[[C2]] : memref<?x?x?x16xf16>
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[HP:.*]] = arith.addi %[[H]], %[[C3]] : index
// CHECK-NEXT:    %[[WP:.*]] = arith.addi %[[WD]], %[[C2]] : index
// CHECK-NEXT:    %[[P:.*]] = memref.alloc(%[[N]], %[[HP]], %[[WP]]) : memref<?x?x?x16xf16>
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f16) outs(%[[P]] : memref<?x?x?x16xf16>)
// CHECK-NEXT:    %[[V:.*]] = memref.subview %[[P]][0, 1, 1, 0] [%[[N]], %[[H]], %[[WD]], 16] [1, 1, 1, 1] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
// CHECK-NEXT:    memref.copy %[[X]], %[[V]] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[P]], %[[W]] : memref<?x?x?x16xf16>, memref<3x3x16x8xf16>) outs(%[[Y]] : memref<?x?x?x8xf32>)
// CHECK-NEXT:    func.return
func.func @conv_dynamic_padded(%x: tensor<?x?x?x16xf16>, %w: tensor<3x3x16x8xf16>, %y: tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 2, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<?x?x?x16xf16> to tensor<?x?x?x16xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<?x?x?x16xf16>, tensor<3x3x16x8xf16>) outs(%y : tensor<?x?x?x8xf32>) -> tensor<?x?x?x8xf32>
  func.return %r : tensor<?x?x?x8xf32>
}

// -----

// A gather (torch-mlir's per-channel indexing): tensor.extract of a tensor
// defined outside the generic's body becomes memref.load of its buffer.
// That generic reads %scale's buffer after the negation, so the negation
// may not write it in place: it gets a new buffer. A tensor.extract in
// plain function code becomes a memref.load too (its value fills %D).
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    %[[X:[^:]+]]: memref<4xf32>, %[[IDS:[^:]+]]: memref<6xi64>, %[[C:[^:]+]]: memref<6xf32>, %[[D:[^:]+]]: memref<2xf32>) {
// CHECK-NEXT:    %[[SCALE:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[SCALE]] : memref<4xf32>) {
// CHECK:         %[[NEG:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[SCALE]] : memref<4xf32>) outs(%[[NEG]] : memref<4xf32>) {
// CHECK:         linalg.generic {{.*}} ins(%[[IDS]] : memref<6xi64>) outs(%[[C]] : memref<6xf32>) {
// CHECK-NEXT:    ^{{.*}}(%[[ID:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:      %[[I:.*]] = arith.index_cast %[[ID]] : i64 to index
// CHECK-NEXT:      %[[G:.*]] = memref.load %[[SCALE]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:      linalg.yield %[[G]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[FIRST:.*]] = memref.load %[[NEG]][%[[ZERO]]] : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%[[FIRST]] : f32) outs(%[[D]] : memref<2xf32>)
// CHECK-NEXT:    func.return
#id = affine_map<(d0) -> (d0)>
func.func @gather(%x: tensor<4xf32>, %ids: tensor<6xi64>) -> (tensor<6xf32>, tensor<2xf32>) {
  %e4 = tensor.empty() : tensor<4xf32>
  %scale = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%scale : tensor<4xf32>) outs(%scale : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  %e6 = tensor.empty() : tensor<6xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%ids : tensor<6xi64>) outs(%e6 : tensor<6xf32>) {
  ^bb0(%id: i64, %out: f32):
    %i = arith.index_cast %id : i64 to index
    %v = tensor.extract %scale[%i] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<6xf32>
  %c0 = arith.constant 0 : index
  %first = tensor.extract %neg[%c0] : tensor<4xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %d = linalg.fill ins(%first : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  func.return %g, %d : tensor<6xf32>, tensor<2xf32>
}

// -----

// A generic that gathers from its own output (a permutation of %t): it
// reads that buffer anywhere, so it cannot write it in place; the result
// goes into a new out-param and %t is left as it was.
// CHECK-LABEL: func.func @permute(
// CHECK-SAME:    %[[IDS:[^:]+]]: memref<4xi64>, %[[T:[^:]+]]: memref<4xf32>, %[[C:[^:]+]]: memref<4xf32>) {
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[IDS]] : memref<4xi64>) outs(%[[C]] : memref<4xf32>) {
// CHECK:           memref.load %[[T]][%{{.*}}] : memref<4xf32>
// CHECK:         func.return
func.func @permute(%ids: tensor<4xi64>, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ids : tensor<4xi64>) outs(%t : tensor<4xf32>) {
  ^bb0(%id: i64, %out: f32):
    %i = arith.index_cast %id : i64 to index
    %v = tensor.extract %t[%i] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
