"""coopmlir.runtime.cooperative_vector: VK_NV_cooperative_vector's limits
and product list, read through structs the `vulkan` binding predates (a
fake driver here; lavapipe has no cooperative vectors)."""

from __future__ import annotations

from types import SimpleNamespace

from support.vulkan_device import require_vulkan

from coopmlir.runtime import cooperative_vector as cv

F16, F32, E4M3, S8_PACKED = 0, 1, 1000491002, 1000491000


def entry(inp, interp, matrix, bias, result, transpose=0):
    return SimpleNamespace(
        inputType=inp,
        inputInterpretation=interp,
        matrixInterpretation=matrix,
        biasInterpretation=bias,
        resultType=result,
        transpose=transpose,
    )


def test_products_name_component_types_and_numbers_they_do_not_know():
    products = [
        cv.product_of(entry(F16, F16, F16, F16, F16)),
        cv.product_of(entry(F16, E4M3, E4M3, F16, F16, 1)),
        cv.product_of(entry(9, S8_PACKED, 3, 5, 5)),
    ]
    assert [p.describe() for p in products] == [
        "f16*f16+f16->f16",
        "f16 as f8e4m3*f8e4m3+f16->f16 transposable",
        "u32 as 1000491000*s8+s32->s32",
    ]


def test_the_limits_read_as_one_report_line():
    limits = cv.CooperativeVectorLimits(
        128, 0x20, True, True, (cv.product_of(entry(F16, F16, F16, F16, F32)),)
    )
    assert limits.describe() == "up to 128 components; f16*f16+f16->f32"
    empty = cv.CooperativeVectorLimits(128, 0x20, False, False, ())
    assert empty.describe() == "up to 128 components; no products"


def test_structs_have_the_vulkan_headers_layout():
    """The borrowed properties struct is 4 + 4 (padding) + 8 + 4 x 4 bytes;
    a product entry 4 + 4 + 8 + 6 x 4."""
    import vulkan as vk

    borrowed = vk.VkPhysicalDeviceSubgroupProperties(sType=cv.PROPERTIES_STYPE)
    assert vk.ffi.sizeof(borrowed) == 32
    ffi = cv.coopvec_ffi()
    assert ffi.sizeof("CooperativeVectorPropertiesNV") == 40
    assert ffi.offsetof("CooperativeVectorPropertiesNV", "inputType") == 16
    assert ffi.offsetof("CooperativeVectorPropertiesNV", "transpose") == 36


class FakeDriver:
    """The two queries as a driver with `products` answers them: the list
    through a C function pointer, the properties into the pNext struct."""

    def __init__(self, products, max_components=4096):
        import vulkan as vk

        self.ffi = vk.ffi
        self.products, self.max_components = products, max_components
        ffi = cv.coopvec_ffi()
        self.query = ffi.callback("CooperativeVectorQuery", self._list)
        self.address = int(ffi.cast("uintptr_t", self.query))
        self.lib = SimpleNamespace(vkGetInstanceProcAddr=self._proc_addr)
        self.VkPhysicalDeviceSubgroupProperties = vk.VkPhysicalDeviceSubgroupProperties
        self.VkPhysicalDeviceProperties2 = vk.VkPhysicalDeviceProperties2
        self.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 = (
            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2
        )

    def _proc_addr(self, instance, name):
        assert name == b"vkGetPhysicalDeviceCooperativeVectorPropertiesNV"
        return self.ffi.cast("void *", self.address)

    def _list(self, device, count, entries):
        if entries == cv.coopvec_ffi().NULL:
            count[0] = len(self.products)
            return 0
        for i, values in enumerate(self.products[: count[0]]):
            assert entries[i].sType == cv.PRODUCT_STYPE
            for field, value in zip(
                ("inputType", "inputInterpretation", "matrixInterpretation"),
                values[:3],
                strict=True,
            ):
                setattr(entries[i], field, value)
            entries[i].biasInterpretation, entries[i].resultType = values[3:5]
            entries[i].transpose = values[5]
        return 0

    def vkGetPhysicalDeviceProperties2(self, pd, props2):
        wanted = self.ffi.cast("VkPhysicalDeviceSubgroupProperties *", props2.pNext)
        assert wanted.sType == cv.PROPERTIES_STYPE
        # VkPhysicalDeviceCooperativeVectorPropertiesNV's fields in order.
        wanted.subgroupSize = 0x20  # cooperativeVectorSupportedStages: compute
        wanted.supportedStages = 1  # ...TrainingFloat16Accumulation
        wanted.supportedOperations = 0  # ...TrainingFloat32Accumulation
        wanted.quadOperationsInAllStages = self.max_components


def test_limits_come_from_both_queries():
    driver = FakeDriver([(F16, F16, F16, F16, F16, 0), (F16, F16, F16, F16, F32, 1)])
    limits = cv.cooperative_vector_limits(
        driver, None, driver.ffi.NULL, {"VK_NV_cooperative_vector"}
    )
    assert limits == cv.CooperativeVectorLimits(
        max_components=4096,
        supported_stages=0x20,
        training_f16_accumulation=True,
        training_f32_accumulation=False,
        products=(
            cv.VectorProduct("f16", "f16", "f16", "f16", "f16", False),
            cv.VectorProduct("f16", "f16", "f16", "f16", "f32", True),
        ),
    )


def test_no_extension_no_limits():
    driver = FakeDriver([])
    assert cv.cooperative_vector_limits(driver, None, driver.ffi.NULL, set()) is None


def test_the_report_has_limits_exactly_where_the_extension_is():
    """lavapipe (CI) has no VK_NV_cooperative_vector: no limits, no report
    line, nothing in the target. A GPU with it (an H200) reports at least
    Vulkan's minimum of 128 components and a product list."""
    require_vulkan()
    from coopmlir.runtime.device_target import target_from_report
    from coopmlir.runtime.vulkan import VulkanDevice

    with VulkanDevice() as gpu:
        report = gpu.report
    target = target_from_report(report)
    limits = report.cooperative_vector
    if "VK_NV_cooperative_vector" not in report.extensions:
        assert limits is None
        assert not any("cooperative vectors" in x for x in report.lines())
        assert target.cooperative_vector_components is None
        assert target.cooperative_vector_products is None
        return
    assert limits is not None and limits.max_components >= 128
    assert limits.products and limits.supported_stages & 0x20  # compute
    assert report.lines()[-1] == "  cooperative vectors: " + limits.describe()
    assert target.cooperative_vector_components == limits.max_components
