"""What a device's VK_NV_cooperative_vector offers: its properties
(VkPhysicalDeviceCooperativeVectorPropertiesNV) and the type combinations of
vkGetPhysicalDeviceCooperativeVectorPropertiesNV, neither of which the
`vulkan` binding (1.3.275) declares."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from coopmlir.elements import vk_component_name


@dataclass(frozen=True)
class VectorProduct:
    """One VkCooperativeVectorPropertiesNV entry: a matrix-vector product
    OpCooperativeVectorMatrixMul[Add]NV may compute. The input vector holds
    `input` components read as `input_interpretation`; the matrix is read as
    `matrix`, the bias as `bias`."""

    input: str
    input_interpretation: str
    matrix: str
    bias: str
    result: str
    transpose: bool

    def describe(self) -> str:
        x = self.input
        if self.input_interpretation != self.input:
            x = f"{x} as {self.input_interpretation}"
        transposed = " transposable" if self.transpose else ""
        return f"{x}*{self.matrix}+{self.bias}->{self.result}{transposed}"


@dataclass(frozen=True)
class CooperativeVectorLimits:
    """VkPhysicalDeviceCooperativeVectorPropertiesNV and the product list."""

    max_components: int
    supported_stages: int  # VkShaderStageFlags
    training_f16_accumulation: bool
    training_f32_accumulation: bool
    products: tuple[VectorProduct, ...]

    def describe(self) -> str:
        products = [p.describe() for p in self.products] or ["no products"]
        return f"up to {self.max_components} components; " + ", ".join(products)


#: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_VECTOR_PROPERTIES_NV
PROPERTIES_STYPE = 1000491001
#: VK_STRUCTURE_TYPE_COOPERATIVE_VECTOR_PROPERTIES_NV
PRODUCT_STYPE = 1000491002
_PRODUCT_QUERY = b"vkGetPhysicalDeviceCooperativeVectorPropertiesNV"


@cache
def coopvec_ffi():
    """The FFI declaring the product list's struct and query (the Vulkan
    header's layout; cffi comes with the vulkan binding)."""
    from cffi import FFI

    ffi = FFI()
    ffi.cdef(
        """typedef struct {
        int sType; void* pNext;
        int inputType; int inputInterpretation; int matrixInterpretation;
        int biasInterpretation; int resultType; uint32_t transpose;
    } CooperativeVectorPropertiesNV;
    typedef int (*CooperativeVectorQuery)(
        void*, uint32_t*, CooperativeVectorPropertiesNV*);"""
    )
    return ffi


def _properties(vk, pd):
    """VkPhysicalDeviceCooperativeVectorPropertiesNV, held in
    VkPhysicalDeviceSubgroupProperties (sType, pNext, four 32-bit fields:
    the same layout), as (max components, stages, f16 acc, f32 acc)."""
    borrowed = vk.VkPhysicalDeviceSubgroupProperties(sType=PROPERTIES_STYPE)
    props2 = vk.VkPhysicalDeviceProperties2(
        sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, pNext=borrowed
    )
    vk.vkGetPhysicalDeviceProperties2(pd, props2)
    return (
        borrowed.quadOperationsInAllStages,  # maxCooperativeVectorComponents
        borrowed.subgroupSize,  # cooperativeVectorSupportedStages
        bool(borrowed.supportedStages),  # ...TrainingFloat16Accumulation
        bool(borrowed.supportedOperations),  # ...TrainingFloat32Accumulation
    )


def _products(vk, instance, pd) -> tuple[VectorProduct, ...] | None:
    """The device's product list through the raw function pointer; None
    where the driver does not give it."""
    address = vk.lib.vkGetInstanceProcAddr(instance, _PRODUCT_QUERY)
    if address == vk.ffi.NULL:
        return None
    ffi = coopvec_ffi()
    query = ffi.cast("CooperativeVectorQuery", int(vk.ffi.cast("uintptr_t", address)))
    device = ffi.cast("void *", int(vk.ffi.cast("uintptr_t", pd)))
    count = ffi.new("uint32_t *")
    if query(device, count, ffi.NULL) != 0:
        return None
    entries = ffi.new("CooperativeVectorPropertiesNV[]", count[0])
    for i in range(count[0]):
        entries[i].sType = PRODUCT_STYPE
    if query(device, count, entries) != 0:
        return None
    return tuple(product_of(e) for e in entries[0 : count[0]])


def product_of(entry) -> VectorProduct:
    """A VkCooperativeVectorPropertiesNV entry (anything with its fields)."""
    return VectorProduct(
        vk_component_name(entry.inputType),
        vk_component_name(entry.inputInterpretation),
        vk_component_name(entry.matrixInterpretation),
        vk_component_name(entry.biasInterpretation),
        vk_component_name(entry.resultType),
        bool(entry.transpose),
    )


def cooperative_vector_limits(
    vk, instance, pd, extensions: set[str]
) -> CooperativeVectorLimits | None:
    """The device's limits, or None without VK_NV_cooperative_vector (or
    where its product list cannot be read)."""
    if "VK_NV_cooperative_vector" not in extensions:
        return None
    products = _products(vk, instance, pd)
    if products is None:
        return None
    components, stages, f16_acc, f32_acc = _properties(vk, pd)
    return CooperativeVectorLimits(components, stages, f16_acc, f32_acc, products)
