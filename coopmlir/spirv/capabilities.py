"""The capabilities and extensions a spirv.module needs, derived from the
SPIR-V grammar; and the Vulkan device features and extensions they need.

Every instruction, type and enumerant the module uses is looked up in the
generated grammar tables (`coopmlir.dialects.spirv.grammar`), as MLIR's
UpdateVCE pass asks each op's availability: an instruction or enumerant needs
one of its capabilities, and one of its extensions unless SPIR-V 1.6 has it in
core; a capability brings the capabilities it implicitly declares. What the
grammar does not say (scalar widths, 8/16-bit storage, the Vulkan
environment, Device scope under the Vulkan memory model) is written below,
marked as such.

`convert-to-spirv` writes the result into `#spirv.vce<v1.6, caps, exts>`;
`coopmlir.runtime.compile` turns capabilities into the runtime's feature names
(`coopmlir.runtime.vulkan_device.FEATURES`). Every module uses the Vulkan
memory model (spirv-val rejects CooperativeMatrixKHR under GLSL450).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float64Type,
    FunctionType,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation, TypeAttribute

from coopmlir.dialects.spirv import grammar
from coopmlir.dialects.spirv import types as st
from coopmlir.dialects.spirv.attributes import GrammarEnumAttr, VerCapExtAttr
from coopmlir.dialects.spirv.cooperative_vector import CooperativeVectorType
from coopmlir.dialects.spirv.structure import GlobalVariableOp, ModuleOp
from coopmlir.elements import is_f8
from coopmlir.spirv.op_emitters import instruction_name

#: The SPIR-V version coopmlir emits.
VERSION = (1, 6)

#: The order capabilities are written in (the grammar has none; tests pin
#: this one). A capability missing here follows, by enumerant value.
CAPABILITY_ORDER = (
    "Shader",
    "Float16",
    "Float64",
    "Int8",
    "Int16",
    "Int64",
    "StorageBuffer16BitAccess",
    "StorageBuffer8BitAccess",
    "VulkanMemoryModel",
    "VulkanMemoryModelDeviceScope",
    "GroupNonUniform",
    "GroupNonUniformShuffle",
    "GroupNonUniformShuffleRelative",
    "GroupNonUniformBallot",
    "GroupNonUniformArithmetic",
    "CooperativeMatrixKHR",
    "CooperativeMatrixConversionQCOM",
    "CooperativeMatrixNV",
)

# -- What the grammar does not say -------------------------------------------

#: OpTypeInt / OpTypeFloat need a capability by width (the specification's
#: capability table, e.g. Int8: "uses OpTypeInt to declare 8-bit integer types").
_SCALAR_CAPABILITIES = {
    (IntegerType, 8): "Int8",
    (IntegerType, 16): "Int16",
    (IntegerType, 64): "Int64",
    (Float16Type, 16): "Float16",
    (Float64Type, 64): "Float64",
}

#: 8- and 16-bit scalars in StorageBuffer memory need these (SPV_KHR_8bit_storage,
#: SPV_KHR_16bit_storage); the grammar ties them to no type or storage class.
_STORAGE_BUFFER_ACCESS = {8: "StorageBuffer8BitAccess", 16: "StorageBuffer16BitAccess"}

#: A Vulkan module is a shader module: Shader is declared even where no
#: instruction asks for it, and Kernel (OpenCL's), where the grammar offers it
#: as one alternative (e.g. BuiltIn SubgroupSize), is never the one taken.
_VULKAN = frozenset({"Shader"})
_NOT_IN_VULKAN = frozenset({"Kernel"})

#: Under the Vulkan memory model (every module uses it), a Device scope
#: operand needs VulkanMemoryModelDeviceScope: a validation rule of the SPIR-V
#: specification ("Universal Validation Rules"), not in the grammar.
_SCOPE_CAPABILITIES = {"Device": "VulkanMemoryModelDeviceScope"}

#: Implied by Shader and needing nothing of a Vulkan device: left implicit.
_LEFT_IMPLICIT = frozenset({"Matrix"})

#: Capability -> runtime feature name (coopmlir.runtime.vulkan_device.FEATURES):
#: Vulkan API facts, not in the SPIR-V grammar.
#: Int16 needs the core `shaderInt16` feature, which FEATURES does not list yet.
#: CooperativeMatrixConversionQCOM (VkPhysicalDeviceCooperativeMatrixConversion-
#: FeaturesQCOM::cooperativeMatrixConversion) is not a runtime feature either:
#: its device extension, VK_QCOM_cooperative_matrix_conversion, is required.
FEATURES = {
    "Float16": "shaderFloat16",
    "Int8": "shaderInt8",
    "Int16": "shaderInt16",
    "StorageBuffer16BitAccess": "storageBuffer16BitAccess",
    "StorageBuffer8BitAccess": "storageBuffer8BitAccess",
    "VulkanMemoryModel": "vulkanMemoryModel",
    "VulkanMemoryModelDeviceScope": "vulkanMemoryModelDeviceScope",
    "CooperativeMatrixKHR": "cooperativeMatrix",
    "CooperativeMatrixReductionsNV": "cooperativeMatrixReductions",
    "CooperativeMatrixConversionsNV": "cooperativeMatrixConversions",
    "CooperativeMatrixPerElementOperationsNV": "cooperativeMatrixPerElementOperations",
    "CooperativeMatrixTensorAddressingNV": "cooperativeMatrixTensorAddressing",
    "TensorAddressingNV": "cooperativeMatrixTensorAddressing",
    "BFloat16TypeKHR": "shaderBFloat16Type",
    "BFloat16CooperativeMatrixKHR": "shaderBFloat16CooperativeMatrix",
    "Float8EXT": "shaderFloat8",
    "Float8CooperativeMatrixEXT": "shaderFloat8CooperativeMatrix",
    "CooperativeVectorNV": "cooperativeVector",
}

#: Capability -> Vulkan device extension (a Vulkan API fact).
DEVICE_EXTENSIONS = {
    "CooperativeMatrixKHR": "VK_KHR_cooperative_matrix",
    "CooperativeMatrixNV": "VK_NV_cooperative_matrix",
    "CooperativeMatrixConversionQCOM": "VK_QCOM_cooperative_matrix_conversion",
    "CooperativeMatrixReductionsNV": "VK_NV_cooperative_matrix2",
    "CooperativeMatrixConversionsNV": "VK_NV_cooperative_matrix2",
    "CooperativeMatrixPerElementOperationsNV": "VK_NV_cooperative_matrix2",
    "CooperativeMatrixTensorAddressingNV": "VK_NV_cooperative_matrix2",
    "TensorAddressingNV": "VK_NV_cooperative_matrix2",
    "BFloat16TypeKHR": "VK_KHR_shader_bfloat16",
    "Float8EXT": "VK_EXT_shader_float8",
    "CooperativeVectorNV": "VK_NV_cooperative_vector",
}

#: Workgroup-scope matrices need no SPIR-V capability (Scope Workgroup is
#: core) but two VK_NV_cooperative_matrix2 features: the scope itself, and
#: flexible dimensions, since only the flexible-dimensions properties list
#: workgroup-scope sizes (Vulkan API facts).
WORKGROUP_MATRIX_FEATURES = frozenset(
    {"cooperativeMatrixWorkgroupScope", "cooperativeMatrixFlexibleDimensions"}
)

# -- What a module uses ------------------------------------------------------

#: What a module uses: grammar requirements, and capabilities the rules above add.
Use = grammar.Requirements | str


@cache
def _type_uses(t: Attribute, storage: str | None = None) -> frozenset[Use]:
    """The uses of the instructions that declare `t`, seen through a pointer
    of class `storage`."""
    return frozenset(_walk_type(t, storage))


def _walk_type(t: Attribute, storage: str | None) -> Iterator[Use]:
    if isinstance(t, st.PointerType):
        yield grammar.instruction_requirements("OpTypePointer")
        yield grammar.enum_requirements("StorageClass", t.storage)
        yield from _type_uses(t.pointee, t.storage)
    elif isinstance(t, st.StructType):
        for member in t.member_types:
            yield from _type_uses(member, storage)
    elif isinstance(t, st.ArrayType | st.RuntimeArrayType):
        yield from _type_uses(t.element_type, storage)
    elif isinstance(t, VectorType):
        yield from _type_uses(t.get_element_type(), storage)
    elif isinstance(t, st.CooperativeMatrixType):
        yield grammar.instruction_requirements("OpTypeCooperativeMatrixKHR")
        yield grammar.enum_requirements("Scope", t.scope.data)
        yield grammar.enum_requirements("CooperativeMatrixUse", t.grammar_use)
        if isinstance(t.element_type, BFloat16Type):
            # SPV_KHR_bfloat16: a bf16 component type needs this capability.
            yield "BFloat16CooperativeMatrixKHR"
        if is_f8(t.element_type):  # SPV_EXT_float8's, likewise
            yield "Float8CooperativeMatrixEXT"
        yield from _type_uses(t.element_type)
    elif isinstance(t, CooperativeVectorType):
        yield grammar.instruction_requirements("OpTypeCooperativeVectorNV")
        yield from _type_uses(t.element_type)
    elif isinstance(t, st.TensorLayoutType):
        yield grammar.instruction_requirements("OpTypeTensorLayoutNV")
        yield grammar.enum_requirements("TensorClampMode", t.clamp_mode.data)
    elif isinstance(t, st.NVCooperativeMatrixType):
        yield grammar.instruction_requirements("OpTypeCooperativeMatrixNV")
        yield grammar.enum_requirements("Scope", t.scope.data)
        yield from _type_uses(t.element_type)
    elif isinstance(t, FunctionType):
        for inner in (*t.inputs.data, *t.outputs.data):
            yield from _type_uses(inner)
    elif isinstance(t, BFloat16Type):
        # OpTypeFloat 16 BFloat16KHR (the FPEncoding operand's capability).
        yield grammar.enum_requirements("FPEncoding", "BFloat16KHR")
    elif is_f8(t):  # OpTypeFloat 8 Float8E4M3EXT / Float8E5M2EXT
        encoding = "Float8E4M3EXT" if str(t) == "f8E4M3FN" else "Float8E5M2EXT"
        yield grammar.enum_requirements("FPEncoding", encoding)
    elif isinstance(t, IntegerType | Float16Type | Float64Type):
        width = t.bitwidth
        if (type(t), width) in _SCALAR_CAPABILITIES:
            yield _SCALAR_CAPABILITIES[type(t), width]
        if storage == "StorageBuffer" and width in _STORAGE_BUFFER_ACCESS:
            yield _STORAGE_BUFFER_ACCESS[width]


def _op_uses(op: Operation) -> Iterator[Use]:
    """The requirements of `op`'s instruction, enumerants and types."""
    opname = instruction_name(op.name)
    if grammar.is_instruction(opname):
        yield grammar.instruction_requirements(opname)
    for attr in (*op.properties.values(), *op.attributes.values()):
        if isinstance(attr, GrammarEnumAttr):
            for name in attr.grammar_names:
                yield grammar.enum_requirements(attr.KIND, name)
                if attr.KIND == "Scope" and name in _SCOPE_CAPABILITIES:
                    yield _SCOPE_CAPABILITIES[name]
        elif isinstance(attr, TypeAttribute):
            yield from _type_uses(attr)
    if isinstance(op, GlobalVariableOp) and op.built_in is not None:
        yield grammar.enum_requirements("BuiltIn", op.built_in.data)
    for value in (*op.results, *op.operands):
        yield from _type_uses(value.type)
    for region in op.regions:
        for block in region.blocks:
            for arg in block.args:
                yield from _type_uses(arg.type)


def _choose(alternatives: tuple[str, ...], have: set[str]) -> str | None:
    """None if one of `alternatives` is in `have`, else the first one a
    Vulkan module can declare."""
    if have.intersection(alternatives):
        return None
    return next(a for a in alternatives if a not in _NOT_IN_VULKAN)


def _capability_key(cap: str) -> tuple[int, int]:
    if cap in CAPABILITY_ORDER:
        return (0, CAPABILITY_ORDER.index(cap))
    return (1, grammar.enum_value("Capability", cap))


def module_requirements(module: ModuleOp) -> tuple[list[str], list[str]]:
    """(capabilities, extensions) that `module` needs: capabilities in
    `CAPABILITY_ORDER`, extensions in the order of the capabilities that need
    them, then those of instructions and enumerants, by name."""
    uses = {use for op in module.walk() for use in _op_uses(op)}
    needs = [u for u in uses if isinstance(u, grammar.Requirements)]
    # Implied capabilities are declared too: the runtime enables a device
    # feature per declared capability (QCOM conversion needs cooperativeMatrix).
    capabilities = grammar.implied([*_VULKAN, *(u for u in uses if isinstance(u, str))])
    capabilities |= grammar.implied(
        need.capabilities[0] for need in needs if len(need.capabilities) == 1
    )
    # Then a choice only where no capability the module has already meets it.
    for alternatives in sorted({n.capabilities for n in needs if n.capabilities}):
        chosen = _choose(alternatives, capabilities)
        if chosen is not None:
            capabilities |= grammar.implied([chosen])
    declared = sorted(capabilities - _LEFT_IMPLICIT, key=_capability_key)

    extensions: list[str] = []
    by_capability = [grammar.enum_requirements("Capability", c) for c in declared]
    others = sorted({n.extensions_at(VERSION) for n in needs} - {()})
    for alternatives in [n.extensions_at(VERSION) for n in by_capability] + others:
        if alternatives and not set(extensions).intersection(alternatives):
            extensions.append(alternatives[0])
    return declared, extensions


def module_vce(module: ModuleOp) -> VerCapExtAttr:
    return VerCapExtAttr(VERSION, *module_requirements(module))


def has_workgroup_matrices(module: ModuleOp) -> bool:
    """Whether `module` uses a Workgroup-scope cooperative matrix."""
    return any(
        isinstance(v.type, st.CooperativeMatrixType)
        and v.type.scope.data == "Workgroup"
        for op in module.walk()
        for v in op.results
    )


def runtime_features(
    capabilities: list[str] | tuple[str, ...],
    required_subgroup_size: int | None,
    workgroup_matrices: bool = False,
) -> frozenset[str]:
    """The Vulkan features a module with `capabilities` (and, if
    `workgroup_matrices`, Workgroup-scope matrices) needs."""
    features = {FEATURES[c] for c in capabilities if c in FEATURES}
    if required_subgroup_size is not None:
        features |= {"subgroupSizeControl", "computeFullSubgroups"}
    if workgroup_matrices:
        features |= WORKGROUP_MATRIX_FEATURES
    return frozenset(features)


def device_extensions(capabilities: list[str] | tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        DEVICE_EXTENSIONS[c] for c in capabilities if c in DEVICE_EXTENSIONS
    )
