"""A Vulkan device for compute: selection, a report of what it offers, and a
logical device with exactly the features a kernel needs.

Built on the `vulkan` package (cffi bindings over the system loader,
libvulkan1). Everything a caller can act on is a `VulkanError` naming the
device and the missing piece.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from functools import cache

from coopmlir.elements import vk_component_name as _component_name
from coopmlir.runtime.cooperative_vector import (
    CooperativeVectorLimits,
    cooperative_vector_limits,
)


class VulkanError(RuntimeError):
    """No loader, no device, a missing feature, or a driver refusal."""


def load_vulkan():
    """The `vulkan` module, or VulkanError saying what to install."""
    try:
        import vulkan
    except ImportError as err:
        raise VulkanError(
            "the Vulkan runtime needs the `vulkan` Python package "
            "(pip install vulkan) and the system loader (apt install libvulkan1): "
            f"{err}"
        ) from None
    except OSError as err:  # the package loads libvulkan.so.1 at import
        raise VulkanError(f"no Vulkan loader (apt install libvulkan1): {err}") from None
    return vulkan


@dataclass(frozen=True)
class CoopMatShape:
    """One VkCooperativeMatrixPropertiesKHR entry."""

    m: int
    n: int
    k: int
    a: str
    b: str
    c: str
    result: str
    saturating: bool
    scope: int

    def describe(self) -> str:
        sat = " sat" if self.saturating else ""
        return (
            f"{self.m}x{self.n}x{self.k} {self.a}*{self.b}+{self.c}->{self.result}{sat}"
        )


#: VkScopeKHR values the reports name.
SCOPES = {1: "device", 2: "workgroup", 3: "subgroup", 5: "queue family"}
WORKGROUP_SCOPE = 2  # VK_SCOPE_WORKGROUP_KHR
SUBGROUP_SCOPE = 3  # VK_SCOPE_SUBGROUP_KHR


@dataclass(frozen=True)
class FlexibleShape:
    """One VkCooperativeMatrixFlexibleDimensionsPropertiesNV entry: any
    M x N x K in multiples of the granularities, at `scope`; workgroup-scope
    matrices need exactly `workgroup_invocations` work-items per workgroup."""

    m_granularity: int
    n_granularity: int
    k_granularity: int
    a: str
    b: str
    c: str
    result: str
    saturating: bool
    scope: int
    workgroup_invocations: int

    def describe(self) -> str:
        sat = " sat" if self.saturating else ""
        scope = SCOPES.get(self.scope, str(self.scope))
        return (
            f"{self.m_granularity}x{self.n_granularity}x{self.k_granularity} "
            f"{self.a}*{self.b}+{self.c}->{self.result}{sat} {scope} scope, "
            f"{self.workgroup_invocations} invocations"
        )


@dataclass
class DeviceReport:
    """What a physical device offers for compute."""

    index: int
    name: str
    api_version: str
    driver_version: int
    subgroup_size: int
    min_subgroup_size: int
    max_subgroup_size: int
    shared_memory_bytes: int
    max_workgroup_invocations: int
    timestamp_period_ns: float
    max_workgroup_count: tuple[int, int, int]
    features: dict[str, bool]
    extensions: set[str] = field(repr=False)
    cooperative_matrix_shapes: list[CoopMatShape]
    #: VK_NV_cooperative_matrix2's flexible dimensions (empty without it).
    flexible_matrix_shapes: list[FlexibleShape] = field(default_factory=list)
    #: VK_PHYSICAL_DEVICE_TYPE_CPU (lavapipe, SwiftShader): no GPU at all.
    is_cpu: bool = False
    #: VK_NV_cooperative_vector's limits and products (None without it).
    cooperative_vector: CooperativeVectorLimits | None = None

    def workgroup_invocations(self) -> set[int]:
        """The workgroup sizes that workgroup-scope matrices may run in."""
        return {
            s.workgroup_invocations
            for s in self.flexible_matrix_shapes
            if s.scope == WORKGROUP_SCOPE
        }

    def lines(self) -> list[str]:
        shapes = [s.describe() for s in self.cooperative_matrix_shapes] or ["none"]
        on = sorted(name for name, value in self.features.items() if value)
        lines = [
            f"device {self.index}: {self.name} (Vulkan {self.api_version})",
            f"  subgroup size {self.subgroup_size} "
            f"(range {self.min_subgroup_size}..{self.max_subgroup_size})",
            f"  shared memory per workgroup {self.shared_memory_bytes} bytes, "
            f"max {self.max_workgroup_invocations} invocations",
            f"  features: {', '.join(on)}",
            "  cooperative matrices: " + "; ".join(shapes),
        ]
        if self.flexible_matrix_shapes:
            flexible = [s.describe() for s in self.flexible_matrix_shapes]
            lines.append("  flexible dimensions (NV2): " + "; ".join(flexible))
        if self.cooperative_vector is not None:
            lines.append("  cooperative vectors: " + self.cooperative_vector.describe())
        return lines


def _version(vk, v: int) -> str:
    return f"{vk.VK_VERSION_MAJOR(v)}.{vk.VK_VERSION_MINOR(v)}.{vk.VK_VERSION_PATCH(v)}"


# VkPhysicalDeviceCooperativeMatrix2FeaturesNV (VK_NV_cooperative_matrix2),
# which the Python vulkan binding does not declare: the Vulkan header's layout
# in an FFI of our own, chained by address.
@cache
def nv2_ffi():
    """The FFI that declares it (cffi comes with the vulkan binding, which is
    imported only where a device is used)."""
    from cffi import FFI

    ffi = FFI()
    ffi.cdef(
        """typedef struct {
        int sType; void* pNext;
        uint32_t cooperativeMatrixWorkgroupScope;
        uint32_t cooperativeMatrixFlexibleDimensions;
        uint32_t cooperativeMatrixReductions;
        uint32_t cooperativeMatrixConversions;
        uint32_t cooperativeMatrixPerElementOperations;
        uint32_t cooperativeMatrixTensorAddressing;
        uint32_t cooperativeMatrixBlockLoads;
    } CooperativeMatrix2FeaturesNV;
    typedef struct {
        int sType; void* pNext;
        uint32_t MGranularity; uint32_t NGranularity; uint32_t KGranularity;
        int AType; int BType; int CType; int ResultType;
        uint32_t saturatingAccumulation; int scope;
        uint32_t workgroupInvocations;
    } FlexibleDimensionsPropertiesNV;
    typedef int (*FlexibleDimensionsQuery)(
        void*, uint32_t*, FlexibleDimensionsPropertiesNV*);"""
    )
    return ffi


#: VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_FLEXIBLE_DIMENSIONS_PROPERTIES_NV
_FLEXIBLE_STYPE = 1000593001
_FLEXIBLE_QUERY = b"vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV"


def flexible_shapes(vk, instance, pd, extensions: set[str]) -> list[FlexibleShape]:
    """The device's VkCooperativeMatrixFlexibleDimensionsPropertiesNV list,
    through the raw function pointer (the binding does not know it)."""
    if "VK_NV_cooperative_matrix2" not in extensions:
        return []
    address = vk.lib.vkGetInstanceProcAddr(instance, _FLEXIBLE_QUERY)
    if address == vk.ffi.NULL:
        return []
    ffi = nv2_ffi()
    query = ffi.cast("FlexibleDimensionsQuery", int(vk.ffi.cast("uintptr_t", address)))
    device = ffi.cast("void *", int(vk.ffi.cast("uintptr_t", pd)))
    count = ffi.new("uint32_t *")
    if query(device, count, ffi.NULL) != 0:
        return []
    entries = ffi.new("FlexibleDimensionsPropertiesNV[]", count[0])
    for i in range(count[0]):
        entries[i].sType = _FLEXIBLE_STYPE
    if query(device, count, entries) != 0:
        return []
    return [
        FlexibleShape(
            e.MGranularity,
            e.NGranularity,
            e.KGranularity,
            _component_name(e.AType),
            _component_name(e.BType),
            _component_name(e.CType),
            _component_name(e.ResultType),
            bool(e.saturatingAccumulation),
            e.scope,
            e.workgroupInvocations,
        )
        for e in entries[0 : count[0]]
    ]


#: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_2_FEATURES_NV
_NV2_FEATURES_STYPE = 1000593000
# A chain's head keeps the NV2 struct, which no binding object owns, alive.
_KEEP_ALIVE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _feature_chain(vk, extensions: set[str]):
    """Structs whose fields are the features we may enable, chained."""
    f11 = vk.VkPhysicalDeviceVulkan11Features(
        sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES
    )
    f12 = vk.VkPhysicalDeviceVulkan12Features(
        sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, pNext=f11
    )
    f13 = vk.VkPhysicalDeviceVulkan13Features(
        sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES, pNext=f12
    )
    rest, coop = f13, None
    if "VK_KHR_cooperative_matrix" in extensions:
        coop = vk.VkPhysicalDeviceCooperativeMatrixFeaturesKHR(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR,
            pNext=f13,
        )
        rest = coop
    coop2 = None
    if "VK_NV_cooperative_matrix2" in extensions:
        ffi = nv2_ffi()
        coop2 = ffi.new("CooperativeMatrix2FeaturesNV *")
        coop2.sType = _NV2_FEATURES_STYPE
        after = vk.ffi.cast("uintptr_t", vk.ffi.addressof(rest))
        coop2.pNext = ffi.cast("void *", after)
        rest = vk.ffi.cast("void *", ffi.cast("uintptr_t", coop2))
    bf16 = None
    if "VK_KHR_shader_bfloat16" in extensions:
        bf16 = _bf16_features(vk, rest)
        rest = bf16.raw
    float8 = None
    if "VK_EXT_shader_float8" in extensions:
        float8 = _float8_features(vk, rest)
        rest = float8.raw
    coopvec = None
    if "VK_NV_cooperative_vector" in extensions:
        coopvec = _coopvec_features(vk, rest)
        rest = coopvec.raw
    # The head holds the Vulkan 1.0 features (e.g. shaderInt16) in `.features`.
    head = vk.VkPhysicalDeviceFeatures2(
        sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, pNext=rest
    )
    if coop2 is not None:
        _KEEP_ALIVE[head] = (coop2, f11, f12, f13, coop)
    structs = {"core": head.features, "v11": f11, "v12": f12, "v13": f13}
    return head, structs | {
        "coop": coop,
        "coop2": coop2,
        "bf16": bf16,
        "float8": float8,
        "coopvec": coopvec,
    }


#: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR.
_BF16_FEATURES_STYPE = 1000141000
#: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT8_FEATURES_EXT.
_FLOAT8_FEATURES_STYPE = 1000567000
#: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_FEATURES_NV
#: (extension 492: 1000000000 + 491 * 1000).
_COOPVEC_FEATURES_STYPE = 1000491000


class _BorrowedFeatures:
    """A feature struct that the `vulkan` package's bindings predate, held in
    an older struct of the same layout (sType, pNext, VkBool32s) and read and
    written through the newer struct's field names (`FIELDS`)."""

    FIELDS: dict[str, str] = {}

    def __init__(self, raw):
        object.__setattr__(self, "raw", raw)

    def __getattr__(self, name):
        return getattr(self.raw, self.FIELDS[name])

    def __setattr__(self, name, value):
        setattr(self.raw, self.FIELDS[name], value)


class _Bfloat16Features(_BorrowedFeatures):
    """VkPhysicalDeviceShaderBfloat16FeaturesKHR (three VkBool32), laid out
    as VkPhysicalDeviceMultiviewFeatures."""

    FIELDS = {
        "shaderBFloat16Type": "multiview",
        "shaderBFloat16DotProduct": "multiviewGeometryShader",
        "shaderBFloat16CooperativeMatrix": "multiviewTessellationShader",
    }


class _Float8Features(_BorrowedFeatures):
    """VkPhysicalDeviceShaderFloat8FeaturesEXT (two VkBool32), laid out as
    VkPhysicalDeviceShaderAtomicInt64Features."""

    FIELDS = {
        "shaderFloat8": "shaderBufferInt64Atomics",
        "shaderFloat8CooperativeMatrix": "shaderSharedInt64Atomics",
    }


class _CooperativeVectorFeatures(_BorrowedFeatures):
    """VkPhysicalDeviceCooperativeVectorFeaturesNV (two VkBool32), laid out
    as VkPhysicalDeviceShaderAtomicInt64Features."""

    FIELDS = {
        "cooperativeVector": "shaderBufferInt64Atomics",
        "cooperativeVectorTraining": "shaderSharedInt64Atomics",
    }


def _bf16_features(vk, next_struct) -> _Bfloat16Features:
    raw = vk.VkPhysicalDeviceMultiviewFeatures(
        sType=_BF16_FEATURES_STYPE, pNext=next_struct
    )
    return _Bfloat16Features(raw)


def _float8_features(vk, next_struct) -> _Float8Features:
    raw = vk.VkPhysicalDeviceShaderAtomicInt64Features(
        sType=_FLOAT8_FEATURES_STYPE, pNext=next_struct
    )
    return _Float8Features(raw)


def _coopvec_features(vk, next_struct) -> _CooperativeVectorFeatures:
    raw = vk.VkPhysicalDeviceShaderAtomicInt64Features(
        sType=_COOPVEC_FEATURES_STYPE, pNext=next_struct
    )
    return _CooperativeVectorFeatures(raw)


# Feature name -> (struct key, field). Names are the SPIR-V-facing needs.
FEATURES = {
    "shaderInt16": ("core", "shaderInt16"),
    "shaderFloat16": ("v12", "shaderFloat16"),
    "shaderInt8": ("v12", "shaderInt8"),
    "storageBuffer16BitAccess": ("v11", "storageBuffer16BitAccess"),
    "storageBuffer8BitAccess": ("v12", "storageBuffer8BitAccess"),
    "vulkanMemoryModel": ("v12", "vulkanMemoryModel"),
    "vulkanMemoryModelDeviceScope": ("v12", "vulkanMemoryModelDeviceScope"),
    "subgroupSizeControl": ("v13", "subgroupSizeControl"),
    "computeFullSubgroups": ("v13", "computeFullSubgroups"),
    "cooperativeMatrix": ("coop", "cooperativeMatrix"),
    "cooperativeMatrixReductions": ("coop2", "cooperativeMatrixReductions"),
    "cooperativeMatrixConversions": ("coop2", "cooperativeMatrixConversions"),
    "cooperativeMatrixPerElementOperations": (
        "coop2",
        "cooperativeMatrixPerElementOperations",
    ),
    "cooperativeMatrixWorkgroupScope": ("coop2", "cooperativeMatrixWorkgroupScope"),
    "cooperativeMatrixFlexibleDimensions": (
        "coop2",
        "cooperativeMatrixFlexibleDimensions",
    ),
    "cooperativeMatrixTensorAddressing": (
        "coop2",
        "cooperativeMatrixTensorAddressing",
    ),
    "shaderBFloat16Type": ("bf16", "shaderBFloat16Type"),
    "shaderBFloat16CooperativeMatrix": ("bf16", "shaderBFloat16CooperativeMatrix"),
    "shaderFloat8": ("float8", "shaderFloat8"),
    "shaderFloat8CooperativeMatrix": ("float8", "shaderFloat8CooperativeMatrix"),
    "cooperativeVector": ("coopvec", "cooperativeVector"),
}


class VulkanInstance:
    """The Vulkan instance and its physical devices."""

    def __init__(self):
        vk = self.vk = load_vulkan()
        app = vk.VkApplicationInfo(
            sType=vk.VK_STRUCTURE_TYPE_APPLICATION_INFO,
            pApplicationName="coopmlir",
            apiVersion=vk.VK_MAKE_VERSION(1, 3, 0),
        )
        try:
            self.instance = vk.vkCreateInstance(
                vk.VkInstanceCreateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                    pApplicationInfo=app,
                ),
                None,
            )
            self.physical_devices = list(vk.vkEnumeratePhysicalDevices(self.instance))
        except vk.VkError as err:
            raise VulkanError(f"cannot create a Vulkan instance: {err!r}") from None
        if not self.physical_devices:
            raise VulkanError("Vulkan found no physical device")

    def close(self) -> None:
        if self.instance is not None:
            self.vk.vkDestroyInstance(self.instance, None)
            self.instance = None

    def report(self, index: int) -> DeviceReport:
        vk, pd = self.vk, self.physical_devices[index]
        subgroup = vk.VkPhysicalDeviceSubgroupProperties(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES
        )
        control = vk.VkPhysicalDeviceSubgroupSizeControlProperties(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES,
            pNext=subgroup,
        )
        props2 = vk.VkPhysicalDeviceProperties2(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, pNext=control
        )
        vk.vkGetPhysicalDeviceProperties2(pd, props2)
        props = props2.properties
        extensions = {
            vk.ffi.string(e.extensionName).decode()
            if not isinstance(e.extensionName, str)
            else e.extensionName
            for e in vk.vkEnumerateDeviceExtensionProperties(pd, None)
        }
        head, structs = _feature_chain(vk, extensions)
        vk.vkGetPhysicalDeviceFeatures2(pd, head)
        features = {
            name: bool(structs[key] is not None and getattr(structs[key], attr))
            for name, (key, attr) in FEATURES.items()
        }
        name = props.deviceName
        if not isinstance(name, str):
            name = vk.ffi.string(name).decode()
        return DeviceReport(
            index=index,
            name=name,
            api_version=_version(vk, props.apiVersion),
            driver_version=props.driverVersion,
            subgroup_size=subgroup.subgroupSize,
            min_subgroup_size=control.minSubgroupSize,
            max_subgroup_size=control.maxSubgroupSize,
            shared_memory_bytes=props.limits.maxComputeSharedMemorySize,
            max_workgroup_invocations=props.limits.maxComputeWorkGroupInvocations,
            timestamp_period_ns=props.limits.timestampPeriod,
            max_workgroup_count=tuple(props.limits.maxComputeWorkGroupCount),
            features=features,
            extensions=extensions,
            cooperative_matrix_shapes=self._coopmat_shapes(pd, extensions),
            flexible_matrix_shapes=flexible_shapes(vk, self.instance, pd, extensions),
            is_cpu=props.deviceType == vk.VK_PHYSICAL_DEVICE_TYPE_CPU,
            cooperative_vector=cooperative_vector_limits(
                vk, self.instance, pd, extensions
            ),
        )

    def _coopmat_shapes(self, pd, extensions: set[str]) -> list[CoopMatShape]:
        vk = self.vk
        if "VK_KHR_cooperative_matrix" not in extensions:
            return []
        query = vk.vkGetInstanceProcAddr(
            self.instance, "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"
        )
        shapes = []
        for p in query(pd):
            shapes.append(
                CoopMatShape(
                    p.MSize,
                    p.NSize,
                    p.KSize,
                    _component_name(p.AType),
                    _component_name(p.BType),
                    _component_name(p.CType),
                    _component_name(p.ResultType),
                    bool(p.saturatingAccumulation),
                    p.scope,
                )
            )
        return shapes

    def select(self, device: int | str | None) -> int:
        """Index of the device given by index or by a substring of its name
        (default: the first discrete GPU, else device 0)."""
        reports = [self.report(i) for i in range(len(self.physical_devices))]
        if isinstance(device, int) or (isinstance(device, str) and device.isdigit()):
            index = int(device)
            if not 0 <= index < len(reports):
                raise VulkanError(
                    f"no Vulkan device {index}; devices: "
                    + "; ".join(f"{r.index}: {r.name}" for r in reports)
                )
            return index
        if isinstance(device, str):
            for r in reports:
                if device.lower() in r.name.lower():
                    return r.index
            raise VulkanError(
                f"no Vulkan device named like '{device}'; devices: "
                + "; ".join(f"{r.index}: {r.name}" for r in reports)
            )
        vk = self.vk
        for i, pd in enumerate(self.physical_devices):
            kind = vk.vkGetPhysicalDeviceProperties(pd).deviceType
            if kind == vk.VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
                return i
        return 0


def enable_features(vk, report: DeviceReport, needed: set[str]):
    """The pNext chain that enables `needed` (FEATURES names), or VulkanError
    naming the device and what it lacks."""
    missing = sorted(n for n in needed if not report.features.get(n, False))
    if missing:
        raise VulkanError(
            f"device '{report.name}' lacks {', '.join(missing)} needed by the kernel"
        )
    head, structs = _feature_chain(vk, report.extensions)
    for name in needed:
        key, attr = FEATURES[name]
        setattr(structs[key], attr, vk.VK_TRUE)
    return head
