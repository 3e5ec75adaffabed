"""The `spirv` dialect: SPIR-V in MLIR's spelling.

    spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
      spirv.GlobalVariable @buf bind(0, 0) : !spirv.ptr<!spirv.struct<...>, ...>
      spirv.func @main() "None" { ... spirv.Return }
      spirv.EntryPoint "GLCompute" @main, @buf
      spirv.ExecutionMode @main "LocalSize", 64, 1, 1
    }

One file per kind of op: `structure` (module, functions, globals, entry
points), `control_flow`, `memory`, `atomic` (read-modify-write on a
pointer), `arithmetic`, `conversion`, `composite`,
`group` (subgroup ops, barriers), `coopmatrix` (KHR and NV),
`tensor_addressing` (NV tensor layouts and tensor loads/stores); `types` and
`attributes` hold the types and enumerant attributes; `grammar` answers
opcode, enumerant and requirement questions from `grammar_tables`, generated
from the Khronos grammar. `coopmlir.spirv` serializes a module to a binary or
to assembly.
"""

from __future__ import annotations

from xdsl.ir import Dialect

from coopmlir.dialects.spirv.arithmetic import ARITHMETIC_OPS
from coopmlir.dialects.spirv.atomic import ATOMIC_OPS
from coopmlir.dialects.spirv.attributes import (
    ENUM_ATTRS,
    EntryPointABIAttr,
    VerCapExtAttr,
)
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
    CompositeInsertOp,
    ConstantOp,
    UndefOp,
    VectorExtractDynamicOp,
    VectorInsertDynamicOp,
    VectorShuffleOp,
)
from coopmlir.dialects.spirv.control_flow import (
    BranchConditionalOp,
    BranchOp,
    LoopOp,
    MergeOp,
    SelectionOp,
)
from coopmlir.dialects.spirv.conversion import CONVERSION_OPS
from coopmlir.dialects.spirv.cooperative_vector import (
    COOPERATIVE_VECTOR_OPS,
    CooperativeVectorType,
)
from coopmlir.dialects.spirv.coopmatrix import COOPERATIVE_MATRIX_OPS
from coopmlir.dialects.spirv.group import GROUP_OPS
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp, StoreOp, VariableOp
from coopmlir.dialects.spirv.structure import (
    AddressOfOp,
    EntryPointOp,
    ExecutionModeOp,
    FuncOp,
    FunctionCallOp,
    GlobalVariableOp,
    ModuleOp,
    ReferenceOfOp,
    ReturnOp,
    ReturnValueOp,
    SpecConstantCompositeOp,
    SpecConstantOp,
    UnreachableOp,
)
from coopmlir.dialects.spirv.target_env import TARGET_ENV_ATTRS
from coopmlir.dialects.spirv.tensor_addressing import TENSOR_ADDRESSING_OPS
from coopmlir.dialects.spirv.types import (
    ArrayType,
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    PointerType,
    RuntimeArrayType,
    StructType,
    TensorLayoutType,
)

SPIRV = Dialect(
    "spirv",
    [
        ModuleOp,
        FuncOp,
        GlobalVariableOp,
        AddressOfOp,
        EntryPointOp,
        ExecutionModeOp,
        FunctionCallOp,
        ReturnOp,
        ReturnValueOp,
        UnreachableOp,
        SpecConstantOp,
        SpecConstantCompositeOp,
        ReferenceOfOp,
        BranchOp,
        BranchConditionalOp,
        LoopOp,
        SelectionOp,
        MergeOp,
        VariableOp,
        AccessChainOp,
        LoadOp,
        StoreOp,
        *ATOMIC_OPS,
        ConstantOp,
        UndefOp,
        CompositeConstructOp,
        CompositeExtractOp,
        CompositeInsertOp,
        VectorShuffleOp,
        VectorExtractDynamicOp,
        VectorInsertDynamicOp,
        *ARITHMETIC_OPS,
        *CONVERSION_OPS,
        *GROUP_OPS,
        *COOPERATIVE_MATRIX_OPS,
        *TENSOR_ADDRESSING_OPS,
        *COOPERATIVE_VECTOR_OPS,
    ],
    [
        PointerType,
        ArrayType,
        RuntimeArrayType,
        StructType,
        CooperativeMatrixType,
        NVCooperativeMatrixType,
        TensorLayoutType,
        CooperativeVectorType,
        VerCapExtAttr,
        EntryPointABIAttr,
        *TARGET_ENV_ATTRS,
        *ENUM_ATTRS,
    ],
)
