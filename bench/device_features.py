"""The device facts the NV2 and bf16 work needs: coopmlir's device report, the
cooperative-matrix extensions, the NV2 / bf16 feature bits (read through raw
structs: the `vulkan` 1.3.275 bindings predate both extensions) and NV2's
flexible-dimensions properties (workgroup-scope matrix sizes and workgroup
sizes); the report's last line is VK_NV_cooperative_vector's limits and
products where the device has it."""

from coopmlir.runtime.vulkan_device import VulkanInstance

# sType values and feature-bit names from the Vulkan registry (vk.xml).
RAW_FEATURES = {
    "VK_KHR_cooperative_matrix": (
        1000506000,
        ["cooperativeMatrix", "robustBufferAccess"],
    ),
    "VK_NV_cooperative_matrix2": (
        1000593000,
        [
            "WorkgroupScope",
            "FlexibleDimensions",
            "Reductions",
            "Conversions",
            "PerElementOperations",
            "TensorAddressing",
            "BlockLoads",
        ],
    ),
    "VK_KHR_shader_bfloat16": (1000141000, ["Type", "DotProduct", "CooperativeMatrix"]),
    "VK_NV_cooperative_vector": (1000491000, ["cooperativeVector", "Training"]),
}

inst = VulkanInstance()
vk = inst.vk
index = inst.select(None)
report = inst.report(index)
print("\n".join(report.lines()))
# VK_NV_cooperative_matrix2's flexible dimensions (raw function pointer): the
# granularities and the workgroup size workgroup-scope matrices need.
for shape in report.flexible_matrix_shapes:
    print("flexible dimensions:", shape.describe())
print(
    "workgroup-scope matrices run in workgroups of",
    sorted(report.workgroup_invocations()) or "(none listed)",
    "invocations",
)
pd = inst.physical_devices[index]
names = sorted(
    e.extensionName for e in vk.vkEnumerateDeviceExtensionProperties(pd, None)
)
print([n for n in names if "cooperative" in n or "bfloat" in n or "float16" in n])
for ext, (stype, bits) in RAW_FEATURES.items():
    raw = vk.ffi.new("uint32_t[32]")
    raw[0] = stype  # sType; pNext (words 2-3) stays NULL; VkBool32s from word 4
    features = vk.VkPhysicalDeviceFeatures2(pNext=vk.ffi.cast("void *", raw))
    vk.vkGetPhysicalDeviceFeatures2(pd, features)
    print(ext, {b: raw[4 + i] for i, b in enumerate(bits)})
inst.close()
