"""The capabilities and extensions a spirv.module uses, found from its types,
ops and built-ins; and the Vulkan device features they need.

`convert-to-spirv` writes the result into `#spirv.vce<v1.6, caps, exts>`;
`coopmlir.spirv.compile` turns capabilities into the runtime's feature names
(`coopmlir.runtime.vulkan_device.FEATURES`). Every module uses the Vulkan
memory model (spirv-val rejects CooperativeMatrixKHR under GLSL450).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    Float16Type,
    Float64Type,
    FunctionType,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation

from coopmlir.dialects.spirv import coopmatrix, group
from coopmlir.dialects.spirv.attributes import VerCapExtAttr
from coopmlir.dialects.spirv.structure import GlobalVariableOp, ModuleOp
from coopmlir.dialects.spirv.types import (
    ArrayType,
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    PointerType,
    RuntimeArrayType,
    StructType,
)

#: The order capabilities are written in (the module's text is deterministic).
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
    "GroupNonUniform",
    "GroupNonUniformShuffle",
    "GroupNonUniformShuffleRelative",
    "GroupNonUniformBallot",
    "GroupNonUniformArithmetic",
    "CooperativeMatrixKHR",
    "CooperativeMatrixConversionQCOM",
    "CooperativeMatrixNV",
)

_EXTENSIONS = {
    "CooperativeMatrixKHR": "SPV_KHR_cooperative_matrix",
    "CooperativeMatrixNV": "SPV_NV_cooperative_matrix",
    "CooperativeMatrixConversionQCOM": "SPV_QCOM_cooperative_matrix_conversion",
}

#: Ops whose instruction needs a capability of its own (beyond their types').
_MATRIX_OP_CAPABILITIES: dict[type[Operation], str] = {
    coopmatrix.QCOMCompositeConstructCoopMatOp: "CooperativeMatrixConversionQCOM",
    coopmatrix.QCOMCompositeExtractCoopMatOp: "CooperativeMatrixConversionQCOM",
    coopmatrix.QCOMBitCastArrayOp: "CooperativeMatrixConversionQCOM",
    coopmatrix.QCOMExtractSubArrayOp: "CooperativeMatrixConversionQCOM",
}

_OP_CAPABILITIES: dict[type[Operation], str] = {
    group.GroupNonUniformShuffleOp: "GroupNonUniformShuffle",
    group.GroupNonUniformShuffleXorOp: "GroupNonUniformShuffle",
    group.GroupNonUniformShuffleUpOp: "GroupNonUniformShuffleRelative",
    group.GroupNonUniformShuffleDownOp: "GroupNonUniformShuffleRelative",
    group.GroupNonUniformBroadcastOp: "GroupNonUniformBallot",
    group.GroupNonUniformBroadcastFirstOp: "GroupNonUniformBallot",
    group.GroupNonUniformElectOp: "GroupNonUniform",
    group.GroupNonUniformFAddOp: "GroupNonUniformArithmetic",
    group.GroupNonUniformFMaxOp: "GroupNonUniformArithmetic",
    group.GroupNonUniformFMinOp: "GroupNonUniformArithmetic",
    group.GroupNonUniformIAddOp: "GroupNonUniformArithmetic",
}

_SUBGROUP_BUILTINS = frozenset(
    {"SubgroupId", "NumSubgroups", "SubgroupSize", "SubgroupLocalInvocationId"}
)

#: Capability -> runtime feature name (coopmlir.runtime.vulkan_device.FEATURES).
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
    "CooperativeMatrixKHR": "cooperativeMatrix",
}

#: Capability -> Vulkan device extension.
DEVICE_EXTENSIONS = {
    "CooperativeMatrixKHR": "VK_KHR_cooperative_matrix",
    "CooperativeMatrixNV": "VK_NV_cooperative_matrix",
    "CooperativeMatrixConversionQCOM": "VK_QCOM_cooperative_matrix_conversion",
}


def _type_capabilities(t: Attribute, storage: str | None, found: set[str]) -> None:
    """Capabilities for type `t`, seen through a pointer of class `storage`."""
    if isinstance(t, PointerType):
        _type_capabilities(t.pointee, t.storage, found)
    elif isinstance(t, StructType):
        for member in t.member_types:
            _type_capabilities(member, storage, found)
    elif isinstance(t, ArrayType | RuntimeArrayType):
        _type_capabilities(t.element_type, storage, found)
    elif isinstance(t, VectorType):
        _type_capabilities(t.get_element_type(), storage, found)
    elif isinstance(t, CooperativeMatrixType):
        found.add("CooperativeMatrixKHR")
        _type_capabilities(t.element_type, None, found)
    elif isinstance(t, NVCooperativeMatrixType):
        found.add("CooperativeMatrixNV")
        _type_capabilities(t.element_type, None, found)
    elif isinstance(t, FunctionType):
        for inner in (*t.inputs.data, *t.outputs.data):
            _type_capabilities(inner, None, found)
    elif isinstance(t, IntegerType):
        width = t.width.data
        if width in (8, 16, 64):
            found.add(f"Int{width}")
        if storage == "StorageBuffer" and width in (8, 16):
            found.add(f"StorageBuffer{width}BitAccess")
    elif isinstance(t, Float16Type):
        found.add("Float16")
        if storage == "StorageBuffer":
            found.add("StorageBuffer16BitAccess")
    elif isinstance(t, Float64Type):
        found.add("Float64")


def module_capabilities(module: ModuleOp) -> list[str]:
    """The capabilities `module` uses, in `CAPABILITY_ORDER`."""
    found = {"Shader", "VulkanMemoryModel"}
    for op in module.walk():
        if isinstance(op, GlobalVariableOp):
            _type_capabilities(op.type, None, found)
            if op.built_in is not None and op.built_in.data in _SUBGROUP_BUILTINS:
                found.add("GroupNonUniform")
        for value in (*op.results, *op.operands):
            _type_capabilities(value.type, None, found)
        for prop in op.properties.values():
            if isinstance(prop, CooperativeMatrixType | NVCooperativeMatrixType):
                _type_capabilities(prop, None, found)
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    _type_capabilities(arg.type, None, found)
        needed = _OP_CAPABILITIES.get(type(op))
        if needed is not None:
            found.update({needed, "GroupNonUniform"})
        needed = _MATRIX_OP_CAPABILITIES.get(type(op))
        if needed is not None:
            # The QCOM capability implicitly declares CooperativeMatrixKHR.
            found.update({needed, "CooperativeMatrixKHR"})
    return [c for c in CAPABILITY_ORDER if c in found]


def module_vce(module: ModuleOp) -> VerCapExtAttr:
    caps = module_capabilities(module)
    exts = [_EXTENSIONS[c] for c in caps if c in _EXTENSIONS]
    return VerCapExtAttr((1, 6), caps, exts)


def runtime_features(
    capabilities: list[str] | tuple[str, ...], required_subgroup_size: int | None
) -> frozenset[str]:
    """The Vulkan features a module with `capabilities` needs."""
    features = {FEATURES[c] for c in capabilities if c in FEATURES}
    if required_subgroup_size is not None:
        features |= {"subgroupSizeControl", "computeFullSubgroups"}
    return frozenset(features)


def device_extensions(capabilities: list[str] | tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        DEVICE_EXTENSIONS[c] for c in capabilities if c in DEVICE_EXTENSIONS
    )
