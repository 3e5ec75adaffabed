"""Driver statistics (VK_KHR_pipeline_executable_properties: registers,
per-work-item local memory, shared memory) and the time of coopmlir's 8192^3
f16->f16 kernels, beside the peer's fastest KHR shared-memory kernel
(vk_cooperative_matrix_perf's shmemfp16_fp16.spv specialized for 256x256x32,
16x16x16 as its benchmark does). bench/RESULTS.md "Registers" has the run.
From the repo root on the GPU machine:

    bash bench/h100.sh python3 -P bench/pipeline_stats.py DIR PEER/shaders \
        - "tile=256x256x32 subgroups=2x4 stages=2" spv:variant.spv ...

DIR holds mm.mlir (an 8192^3 f16 linalg.matmul on memrefs); each further
argument is lower-to-coopmat options ("-": the cost model's choice) or
`spv:FILE`, a SPIR-V variant of the 256x256x32 kernel. The statistics need
the extension and a pipeline flag the runtime does not set, so this script
patches them into `coopmlir.runtime.vulkan` for its own process.
"""

import os
import pathlib
import struct
import sys

sys.path.append(os.getcwd())
import numpy as np
import vulkan as vk

import coopmlir.runtime.vulkan as rt
import coopmlir.runtime.vulkan_device as vd
from bench.gemm_vulkan import open_device
from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.launch import compile_for_device

CAPTURE = 0x40 | 0x80  # CAPTURE_STATISTICS | CAPTURE_INTERNAL_REPRESENTATIONS
#: The pipelines created since `capture_statistics`, in order.
made = []


def capture_statistics() -> None:
    """Patch `coopmlir.runtime.vulkan` (for this process) so that devices
    opened from now on enable the extension and every compute pipeline is
    created capturing its statistics and listed in `made`."""
    vd.FEATURES["bufferDeviceAddress"] = ("v12", "bufferDeviceAddress")
    orig_enable = rt.enable_features

    def enable(vkm, report, needed):
        head = orig_enable(vkm, report, set(needed) | {"bufferDeviceAddress"})
        return vkm.VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR(
            sType=vkm.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
            pNext=head,
            pipelineExecutableInfo=vkm.VK_TRUE,
        )

    rt.enable_features = enable
    orig_create = rt.VulkanDevice._create_device
    rt.VulkanDevice._create_device = lambda self, needs, ext: orig_create(
        self, needs, set(ext) | {"VK_KHR_pipeline_executable_properties"}
    )
    orig_info = vk.VkComputePipelineCreateInfo
    vk.VkComputePipelineCreateInfo = lambda **kw: orig_info(
        **{**kw, "flags": kw.get("flags", 0) | CAPTURE}
    )
    orig_cp = vk.vkCreateComputePipelines

    def create(*a, **k):
        out = orig_cp(*a, **k)
        made.extend(out)
        return out

    vk.vkCreateComputePipelines = create


def _s(x):
    return x if isinstance(x, str) else vk.ffi.string(x).decode()


def stats(device, pipeline, label):
    props_fn = vk.vkGetDeviceProcAddr(device, "vkGetPipelineExecutablePropertiesKHR")
    stats_fn = vk.vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR")
    info = vk.VkPipelineInfoKHR(
        sType=vk.VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, pipeline=pipeline
    )
    try:
        props = props_fn(device, info)
    except Exception as e:  # noqa
        print(label, "properties failed:", repr(e))
        return
    for i, p in enumerate(props):
        print(f"--- {label} executable {i}: {_s(p.name)} subgroup {p.subgroupSize}")
        ex = vk.VkPipelineExecutableInfoKHR(
            sType=vk.VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
            pipeline=pipeline,
            executableIndex=i,
        )
        try:
            for s in stats_fn(device, ex):
                f = s.format
                v = (
                    s.value.b32
                    if f == 0
                    else s.value.i64
                    if f == 1
                    else s.value.u64
                    if f == 2
                    else s.value.f64
                )
                print(
                    f"   {_s(s.name):40s} {v} (low32 {v & 0xFFFFFFFF if isinstance(v, int) else v})   ({_s(s.description)})"
                )
        except Exception as e:  # noqa
            print("   statistics failed:", repr(e))


def peer_pipeline(gpu, spv: bytes):
    d = gpu.device
    binding = vk.VkDescriptorSetLayoutBinding(
        binding=0,
        descriptorType=vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
        descriptorCount=1,
        stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
    )
    sl = vk.vkCreateDescriptorSetLayout(
        d,
        vk.VkDescriptorSetLayoutCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            bindingCount=1,
            pBindings=[binding],
        ),
        None,
    )
    pl = vk.vkCreatePipelineLayout(
        d,
        vk.VkPipelineLayoutCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            setLayoutCount=1,
            pSetLayouts=[sl],
        ),
        None,
    )
    mod = vk.vkCreateShaderModule(
        d,
        vk.VkShaderModuleCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
            codeSize=len(spv),
            pCode=spv,
        ),
        None,
    )

    def f2u(x):
        return struct.unpack("<I", struct.pack("<f", x))[0]

    n = 8192
    spec = [
        16,
        16,
        16,
        256,
        256,
        32,
        n,
        n,
        n,
        n,
        n,
        f2u(2.0),
        f2u(3.0),
        0,
        32,
        256,
        256,
        32,
        256,
        n,
        n,
        32,
    ]
    data = vk.ffi.new("uint32_t[]", spec)
    entries = [
        vk.VkSpecializationMapEntry(constantID=i, offset=4 * i, size=4)
        for i in range(len(spec))
    ]
    si = vk.VkSpecializationInfo(
        mapEntryCount=len(entries),
        pMapEntries=entries,
        dataSize=vk.ffi.sizeof(data),
        pData=data,
    )
    sub = vk.VkPipelineShaderStageRequiredSubgroupSizeCreateInfo(
        sType=vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
        requiredSubgroupSize=32,
    )
    stage = vk.VkPipelineShaderStageCreateInfo(
        sType=vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        pNext=sub,
        flags=2,
        stage=vk.VK_SHADER_STAGE_COMPUTE_BIT,
        module=mod,
        pName="main",
        pSpecializationInfo=si,
    )
    (p,) = vk.vkCreateComputePipelines(
        d,
        None,
        1,
        [
            vk.VkComputePipelineCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                stage=stage,
                layout=pl,
            )
        ],
        None,
    )
    return p


def main():
    capture_statistics()
    d = pathlib.Path(sys.argv[1])
    shaders = pathlib.Path(sys.argv[2])
    gpu, target = open_device()
    rng = np.random.default_rng(1)
    A, B, C0 = (
        rng.standard_normal((8192, 8192), dtype=np.float32).astype(np.float16)
        for _ in range(3)
    )
    import torch

    ref = (
        (
            torch.from_numpy(A).cuda().float() @ torch.from_numpy(B).cuda().float()
            + torch.from_numpy(C0).cuda().float()
        )
        .cpu()
        .numpy()
    )
    text = (d / "mm.mlir").read_text()
    for opts in sys.argv[3:] or [""]:
        opts = "" if opts == "-" else opts
        spv = None
        if opts.startswith("spv:"):
            spv = pathlib.Path(opts[4:]).read_bytes()
            _, kernels = compile_for_device(
                parse_module(text), target, "tile=256x256x32 subgroups=2x4 stages=2"
            )
        else:
            _, kernels = compile_for_device(parse_module(text), target, opts)
        (k,) = kernels.values()
        kb = (
            k.binary()
            if spv is None
            else __import__("dataclasses").replace(k.binary(), spirv=spv)
        )
        made.clear()
        with gpu.scope():
            C = C0.copy()
            gpu.run(kb, [A, B, C], k.grid)
            for p in made:
                stats(gpu.device, p, f"coopmlir [{opts or 'cost model'}]")
            t = gpu.run(kb, [A, B, C0.copy()], k.grid, warmup=2, repeat=10, batch=5)
        err = float(np.max(np.abs(C.astype(np.float32) - ref)))
        print(
            f"   time: {2.0 * 8192**3 / np.median(t) / 1e12:7.1f} TFLOP/s  max|diff vs f32 ref| {err:g}",
            flush=True,
        )
    for name in ["shmemfp16_fp16.spv"]:
        p = peer_pipeline(gpu, (shaders / name).read_bytes())
        stats(gpu.device, p, f"peer {name} 256x256x32")


if __name__ == "__main__":
    main()
