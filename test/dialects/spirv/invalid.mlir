// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// One case per verifier rule of the spirv dialect that input can break;
// every diagnostic names its line in this file.

// -----

// expected-error@+1 {{SPIR-V version v1.7 must be v1.0 to v1.6}}
spirv.module Logical Vulkan requires #spirv.vce<v1.7, [Shader], []> {
}

// CHECK: invalid.mlir:[[# @LINE - 3]]:38: error: SPIR-V version v1.7 must be v1.0 to v1.6

// -----

// expected-error@+1 {{'Sharder' is not a SPIR-V Capability}}
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Sharder], []> {
}

// CHECK: invalid.mlir:[[# @LINE - 3]]:38: error: 'Sharder' is not a SPIR-V Capability

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error@+1 {{'Galaxy' is not a SPIR-V StorageClass}}
  spirv.GlobalVariable @v : !spirv.ptr<f32, Galaxy>
}

// CHECK: invalid.mlir:[[# @LINE - 3]]:29: error: 'Galaxy' is not a SPIR-V StorageClass

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%a: i32, %b: f32) "None" {
    // expected-error@+1 {{operand is used with type i32, but has been previously used or defined with type f32}}
    %r = spirv.IAdd %a, %b : i32
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 5]]:25: error: operand is used with type i32, but has been previously used or defined with type f32

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%a: !spirv.coopmatrix<16x8xf16, Subgroup, MatrixA>, %b: !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>, %c: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>) "None" {
    // expected-error@+1 {{'spirv.KHR.CooperativeMatrixMulAdd' op shapes do not multiply: 16x8 * 16x16 + 16x16}}
    %d = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c : !spirv.coopmatrix<16x8xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 5]]:5: error: 'spirv.KHR.CooperativeMatrixMulAdd' op shapes do not multiply: 16x8 * 16x16 + 16x16

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%a: !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, %c: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>) "None" {
    // expected-error@+1 {{'spirv.KHR.CooperativeMatrixMulAdd' op operands must be MatrixA, MatrixB, MatrixAcc, got ('MatrixA', 'MatrixA', 'MatrixAcc')}}
    %d = spirv.KHR.CooperativeMatrixMulAdd %a, %a, %c : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 5]]:5: error: 'spirv.KHR.CooperativeMatrixMulAdd' op operands must be MatrixA, MatrixB, MatrixAcc, got ('MatrixA', 'MatrixA', 'MatrixAcc')

// -----

// expected-error@+1 {{matrix use must be one of MatrixA, MatrixB, MatrixAcc, got 'MatrixC'}}
func.func @bad_use(%m: !spirv.coopmatrix<16x16xf16, Subgroup, MatrixC>) {
  func.return
}

// CHECK: invalid.mlir:[[# @LINE - 4]]:24: error: matrix use must be one of MatrixA, MatrixB, MatrixAcc, got 'MatrixC'

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f() "None" {
    // expected-error@+1 {{'spirv.mlir.loop' op spirv.mlir.loop needs entry, header, continue and merge blocks, got 3 block(s)}}
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 11]]:5: error: 'spirv.mlir.loop' op spirv.mlir.loop needs entry, header, continue and merge blocks, got 3 block(s)

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%c: i1) "None" {
    // expected-error@+1 {{'spirv.mlir.selection' op the first block of spirv.mlir.selection must end with spirv.BranchConditional}}
    spirv.mlir.selection {
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 9]]:5: error: 'spirv.mlir.selection' op the first block of spirv.mlir.selection must end with spirv.BranchConditional

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%p: !spirv.ptr<!spirv.struct<(f32 [0], i32 [4])>, StorageBuffer>, %i: i32) "None" {
    // expected-error@+1 {{'spirv.AccessChain' op indexing !spirv.struct<(f32 [0], i32 [4])> needs a constant member index in range}}
    %q = spirv.AccessChain %p[%i] : !spirv.ptr<!spirv.struct<(f32 [0], i32 [4])>, StorageBuffer>, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 5]]:5: error: 'spirv.AccessChain' op indexing !spirv.struct<(f32 [0], i32 [4])> needs a constant member index in range

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%p: !spirv.ptr<f32, StorageBuffer>) "None" {
    // expected-error@+1 {{operand is used with type !spirv.ptr<f32, Workgroup>, but has been previously used or defined with type !spirv.ptr<f32, StorageBuffer>}}
    %v = spirv.Load "Workgroup" %p : f32
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 5]]:33: error: operand is used with type !spirv.ptr<f32, Workgroup>, but has been previously used or defined with type !spirv.ptr<f32, StorageBuffer>

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f() "None" {
    // expected-error@+1 {{'Galaxy' is not a SPIR-V Scope}}
    spirv.ControlBarrier <Workgroup>, <Galaxy>, <AcquireRelease>
    spirv.Return
  }
}

// CHECK: invalid.mlir:[[# @LINE - 5]]:40: error: 'Galaxy' is not a SPIR-V Scope

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f() "None" {
    spirv.Return
  }
  // expected-error@+1 {{'spirv.EntryPoint' op 'g' does not name a spirv.func}}
  spirv.EntryPoint "GLCompute" @g
}

// CHECK: invalid.mlir:[[# @LINE - 3]]:3: error: 'spirv.EntryPoint' op 'g' does not name a spirv.func

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f(%c: i1) "None" {
    spirv.Branch ^next
  ^next:
    // expected-error@+1 {{'spirv.Variable' op spirv.Variable must be in the first block of a spirv.func}}
    %v = spirv.Variable : !spirv.ptr<f32, Function>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.Variable' op spirv.Variable must be in the first block of a spirv.func

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @f() "None" {
    %r = spirv.mlir.loop -> i32 {
      spirv.Branch ^header
    ^header:
      spirv.Branch ^continue
    ^continue:
      spirv.Branch ^header
    ^merge:
      // expected-error@+1 {{'spirv.mlir.merge' op merge values () differ from the construct's results (i32)}}
      spirv.mlir.merge
    }
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 5]]:7: error: 'spirv.mlir.merge' op merge values () differ from the construct's results (i32)

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16], []> {
  spirv.func @f() "None" {
    %w = spirv.Constant 0 : i32
    // expected-error@+1 {{'spirv.Bitcast' op spirv.Bitcast keeps the total width: i32 cannot become vector<4xf16>}}
    %h = spirv.Bitcast %w : i32 to vector<4xf16>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.Bitcast' op spirv.Bitcast keeps the total width: i32 cannot become vector<4xf16>

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, CooperativeMatrixKHR], []> {
  spirv.func @f() "None" {
    %w = spirv.Undef : !spirv.array<4 x i32>
    // expected-error@+1 {{'spirv.QCOM.BitCastArray' op bitcast changes the size: !spirv.array<4 x i32> is 16 bytes, !spirv.array<16 x f16> is 32 bytes}}
    %h = spirv.QCOM.BitCastArray %w : !spirv.array<4 x i32> -> !spirv.array<16 x f16>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.QCOM.BitCastArray' op bitcast changes the size: !spirv.array<4 x i32> is 16 bytes, !spirv.array<16 x f16> is 32 bytes

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, CooperativeMatrixKHR], []> {
  spirv.func @f() "None" {
    %w = spirv.Undef : vector<4xf16>
    %c0 = spirv.Constant 0 : i32
    // expected-error@+1 {{'spirv.QCOM.ExtractSubArray' op the source must be a !spirv.array of scalars, got vector<4xf16>}}
    %h = spirv.QCOM.ExtractSubArray %w[%c0] : vector<4xf16>, i32 -> !spirv.array<2 x f16>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.QCOM.ExtractSubArray' op the source must be a !spirv.array of scalars, got vector<4xf16>

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, CooperativeMatrixKHR], []> {
  spirv.func @f() "None" {
    %w = spirv.Undef : !spirv.array<8 x f16>
    // expected-error@+1 {{'spirv.QCOM.CompositeConstructCoopMat' op !spirv.coopmatrix<16x8xf16, Subgroup, MatrixA>: each row must be 256 bits, got 8 x f16}}
    %m = spirv.QCOM.CompositeConstructCoopMat %w : !spirv.array<8 x f16> -> !spirv.coopmatrix<16x8xf16, Subgroup, MatrixA>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.QCOM.CompositeConstructCoopMat' op !spirv.coopmatrix<16x8xf16, Subgroup, MatrixA>: each row must be 256 bits, got 8 x f16

// -----

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, CooperativeMatrixKHR], []> {
  spirv.func @f() "None" {
    %m = spirv.Undef : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    // expected-error@+1 {{'spirv.QCOM.CompositeExtractCoopMat' op !spirv.array<8 x f32> is not a line of !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>: expected 16 x f32 or the same bytes as i32 words}}
    %w = spirv.QCOM.CompositeExtractCoopMat %m : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.array<8 x f32>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.QCOM.CompositeExtractCoopMat' op !spirv.array<8 x f32> is not a line of !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>: expected 16 x f32 or the same bytes as i32 words

// -----

// NV2: 2x2 halves both dimensions.
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], []> {
  spirv.func @max(%a: f32, %b: f32) -> f32 "Pure" {
    spirv.ReturnValue %a : f32
  }
  spirv.func @f() "None" {
    %m = spirv.Undef : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    // expected-error@+1 {{'spirv.NV.CooperativeMatrixReduce' op a 2x2 reduction of 16x16 is 8x8, got 16x8}}
    %r = spirv.NV.CooperativeMatrixReduce %m, <CooperativeMatrixReduce2x2>, @max : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x8xf32, Subgroup, MatrixAcc>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.NV.CooperativeMatrixReduce' op a 2x2 reduction of 16x16 is 8x8, got 16x8

// -----

// NV2: the combine function takes and returns the element type.
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], []> {
  spirv.func @max(%a: i32, %b: i32) -> i32 "Pure" {
    spirv.ReturnValue %a : i32
  }
  spirv.func @f() "None" {
    %m = spirv.Undef : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    // expected-error@+1 {{'spirv.NV.CooperativeMatrixReduce' op 'max' has type (i32, i32) -> i32, expected (f32, f32) -> f32}}
    %r = spirv.NV.CooperativeMatrixReduce %m, <Row>, @max : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x1xf32, Subgroup, MatrixAcc>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.NV.CooperativeMatrixReduce' op 'max' has type (i32, i32) -> i32, expected (f32, f32) -> f32

// -----

// NV2: the per-element function takes (row, col, element, operands...).
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], []> {
  spirv.func @g(%r: i32, %c: i32, %v: f32) -> f32 "Pure" {
    spirv.ReturnValue %v : f32
  }
  spirv.func @f() "None" {
    %m = spirv.Undef : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %k = spirv.Constant 1.0 : f32
    // expected-error@+1 {{'spirv.NV.CooperativeMatrixPerElementOp' op 'g' has type (i32, i32, f32) -> f32, expected (i32, i32, f32, f32) -> f32}}
    %r = spirv.NV.CooperativeMatrixPerElementOp %m, @g, %k : f32 : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.NV.CooperativeMatrixPerElementOp' op 'g' has type (i32, i32, f32) -> f32, expected (i32, i32, f32, f32) -> f32

// -----

// NV2: a transpose gives MatrixB.
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], []> {
  spirv.func @f() "None" {
    %m = spirv.Undef : !spirv.coopmatrix<16x8xf16, Subgroup, MatrixAcc>
    // expected-error@+1 {{'spirv.NV.CooperativeMatrixTranspose' op the result must be a MatrixB matrix, got !spirv.coopmatrix<8x16xf16, Subgroup, MatrixAcc>}}
    %t = spirv.NV.CooperativeMatrixTranspose %m : !spirv.coopmatrix<16x8xf16, Subgroup, MatrixAcc> -> !spirv.coopmatrix<8x16xf16, Subgroup, MatrixAcc>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.NV.CooperativeMatrixTranspose' op the result must be a MatrixB matrix, got !spirv.coopmatrix<8x16xf16, Subgroup, MatrixAcc>

// -----

// A tensor-layout slice takes an (offset, span) pair per dimension.
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, TensorAddressingNV], []> {
  spirv.func @f() "None" {
    %c0 = spirv.Constant 0 : i32
    %l = spirv.NV.CreateTensorLayout : !spirv.NV.tensor_layout<2, Constant>
    // expected-error@+1 {{'spirv.NV.TensorLayoutSlice' op a 2-D layout takes 4 values, got 2}}
    %s = spirv.NV.TensorLayoutSlice %l, %c0, %c0 : !spirv.NV.tensor_layout<2, Constant>, i32, i32
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:5: error: 'spirv.NV.TensorLayoutSlice' op a 2-D layout takes 4 values, got 2

// -----

// A tensor layout's clamp mode is a TensorClampMode enumerant.
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, TensorAddressingNV], []> {
  spirv.func @f() "None" {
    // expected-error@+1 {{'Wrap' is not a SPIR-V TensorClampMode}}
    %l = spirv.NV.CreateTensorLayout : !spirv.NV.tensor_layout<2, Wrap>
    spirv.Return
  }
}
// CHECK: invalid.mlir:[[# @LINE - 4]]:40: error: 'Wrap' is not a SPIR-V TensorClampMode
