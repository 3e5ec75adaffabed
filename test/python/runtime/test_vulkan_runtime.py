"""The Vulkan runtime on a real driver (lavapipe in CI)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from support.vulkan_device import require_vulkan

from coopmlir.runtime.vulkan import KernelBinary, VulkanDevice
from coopmlir.runtime.vulkan_device import VulkanError

INPUTS = Path(__file__).parent / "Inputs"


@pytest.fixture(scope="module")
def add_one(tmp_path_factory) -> KernelBinary:
    require_vulkan()
    out = tmp_path_factory.mktemp("spv") / "add_one.spv"
    subprocess.run(
        [
            "spirv-as",
            "--target-env",
            "vulkan1.3",
            str(INPUTS / "add_one.spvasm"),
            "-o",
            str(out),
        ],
        check=True,
    )
    return KernelBinary(out.read_bytes(), "main", (8, 1, 1))


def test_report_describes_the_device():
    require_vulkan()
    with VulkanDevice() as gpu:
        report = gpu.report
        assert report.name
        assert (
            report.min_subgroup_size <= report.subgroup_size <= report.max_subgroup_size
        )
        assert report.shared_memory_bytes >= 16384  # Vulkan's minimum
        assert report.lines()[0].startswith(f"device {report.index}: {report.name}")


def test_dispatch_updates_buffers_and_times_each_run(add_one):
    data = np.arange(64, dtype=np.float32)
    with VulkanDevice() as gpu:
        seconds = gpu.run(add_one, [data], grid=(8, 1, 1), warmup=2, repeat=3)
    np.testing.assert_array_equal(data, np.arange(64) + 5)  # five dispatches
    assert len(seconds) == 3 and all(s > 0 for s in seconds)


def test_batched_runs_dispatch_back_to_back_in_order(add_one):
    data = np.arange(64, dtype=np.float32)
    with VulkanDevice() as gpu:
        seconds = gpu.run(add_one, [data], grid=(8, 1, 1), warmup=1, repeat=2, batch=4)
    # (1 + 2) runs of 4 dispatches, each seeing the previous one's result.
    np.testing.assert_array_equal(data, np.arange(64) + 12)
    assert len(seconds) == 2 and all(s > 0 for s in seconds)


@pytest.mark.parametrize("barrier", ["compute", "all"])
def test_each_barrier_between_dispatches_orders_them(add_one, barrier, monkeypatch):
    """A batch of read-modify-writes under the compute-to-compute barrier
    (the default) and the all-commands one: each dispatch sees the one
    before. (lavapipe runs dispatches in order whatever the barrier; the
    H200 runs of bench/dispatch_barrier.py checked every output under each.)"""
    assert VulkanDevice.between_dispatches == "compute"
    monkeypatch.setattr(VulkanDevice, "between_dispatches", barrier)
    data = np.arange(64, dtype=np.float32)
    with VulkanDevice() as gpu:
        gpu.run(add_one, [data], grid=(8, 1, 1), warmup=1, repeat=1, batch=16)
    np.testing.assert_array_equal(data, np.arange(64) + 32)


def test_an_unknown_barrier_is_refused(add_one, monkeypatch):
    monkeypatch.setattr(VulkanDevice, "between_dispatches", "compute-only")
    data = np.zeros(64, dtype=np.float32)
    with VulkanDevice() as gpu, pytest.raises(VulkanError, match="expected"):
        gpu.run(add_one, [data], grid=(8, 1, 1), batch=2)


def test_an_unknown_queue_family_is_refused(monkeypatch):
    require_vulkan()
    monkeypatch.setattr(VulkanDevice, "queue_family", "transfer")
    with pytest.raises(VulkanError, match="expected 'first'"):
        VulkanDevice()


def test_a_compute_only_queue_family_where_there_is_one(add_one, monkeypatch):
    """queue_family="compute-only" takes a family without graphics if the
    device has one (NVIDIA's family 2), else the first with compute."""
    monkeypatch.setattr(VulkanDevice, "queue_family", "compute-only")
    data = np.zeros(64, dtype=np.float32)
    with VulkanDevice() as gpu:
        vk = gpu.vk
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(gpu.physical)
        flags = families[gpu.family].queueFlags
        assert flags & vk.VK_QUEUE_COMPUTE_BIT
        alone = [
            f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT
            and not f.queueFlags & vk.VK_QUEUE_GRAPHICS_BIT
            for f in families
        ]
        assert bool(flags & vk.VK_QUEUE_GRAPHICS_BIT) == (not any(alone))
        gpu.run(add_one, [data], grid=(8, 1, 1))
    np.testing.assert_array_equal(data, np.ones(64))


def test_a_scope_frees_what_its_runs_made(add_one):
    with VulkanDevice() as gpu:
        before = len(gpu._objects)
        for _ in range(3):
            with gpu.scope():
                data = np.zeros(64, dtype=np.float32)
                gpu.run(add_one, [data], grid=(8, 1, 1))
                assert len(gpu._objects) > before
            np.testing.assert_array_equal(data, np.ones(64))
            assert len(gpu._objects) == before


def test_dispatches_reuse_the_pipeline_and_keep_no_per_call_objects(add_one):
    """A program run many times on one device (bench/model_blocks.py) makes
    each pipeline once; descriptor sets and query pools go with their call."""
    with VulkanDevice() as gpu:
        buffer = gpu.buffer(64 * 4)
        gpu.zero(buffer)
        gpu.dispatch(add_one, [buffer], (8, 1, 1))
        made = len(gpu._objects)
        for _ in range(5):
            gpu.dispatch(add_one, [buffer], (8, 1, 1), warmup=1, repeat=2)
        assert len(gpu._objects) == made and len(gpu._pipelines) == 1
        data = np.empty(64, dtype=np.float32)
        gpu.download(buffer, data)
    np.testing.assert_array_equal(data, np.full(64, 16))  # 1 + 5 * 3 dispatches


def test_unknown_device_is_named():
    require_vulkan()
    with pytest.raises(VulkanError, match="no Vulkan device named like 'nonexistent'"):
        VulkanDevice(device="nonexistent")
    with pytest.raises(VulkanError, match="no Vulkan device 99"):
        VulkanDevice(device=99)


def test_missing_feature_or_extension_is_named():
    require_vulkan()
    with VulkanDevice() as gpu:
        name = gpu.report.name
        lacks_coopmat = not gpu.report.features["cooperativeMatrix"]
    if lacks_coopmat:
        expected = re.escape(f"'{name}' lacks cooperativeMatrix")
        with pytest.raises(VulkanError, match=expected):
            VulkanDevice(needs={"cooperativeMatrix"})
    with pytest.raises(VulkanError, match="lacks extension"):
        VulkanDevice(extensions={"VK_XYZ_not_an_extension"})


def test_bad_spirv_is_refused(add_one):
    garbage = KernelBinary(b"\x03\x02\x23\x07" + b"\0" * 60, "main", (8, 1, 1))
    with VulkanDevice() as gpu, pytest.raises(VulkanError):
        gpu.run(garbage, [np.zeros(8, np.float32)], grid=(1, 1, 1))


def test_cooperative_matrix2_features_are_chained():
    """The binding lacks VkPhysicalDeviceCooperativeMatrix2FeaturesNV: ours
    sits between the head and the rest of the chain, with its sType, and its
    fields are the runtime's features."""
    import vulkan as vk

    from coopmlir.runtime import vulkan_device as d

    head, structs = d._feature_chain(vk, {"VK_NV_cooperative_matrix2"})
    nv2 = structs["coop2"]
    address = int(d.nv2_ffi().cast("uintptr_t", nv2))
    assert int(vk.ffi.cast("uintptr_t", head.pNext)) == address
    rest = vk.ffi.cast("uintptr_t", vk.ffi.addressof(structs["v13"]))
    assert int(d.nv2_ffi().cast("uintptr_t", nv2.pNext)) == int(rest)
    assert nv2.sType == 1000593000
    for name in ("Reductions", "Conversions", "PerElementOperations"):
        key, field = d.FEATURES[f"cooperativeMatrix{name}"]
        assert (key, field) == ("coop2", f"cooperativeMatrix{name}")
    head, structs = d._feature_chain(vk, set())
    assert structs["coop2"] is None


def test_float8_features_are_chained():
    """VkPhysicalDeviceShaderFloat8FeaturesEXT postdates the binding: a struct
    of its layout (sType, pNext, two VkBool32) with its sType heads the rest of
    the chain, and the runtime's f8 features set its two fields."""
    import vulkan as vk

    from coopmlir.runtime import vulkan_device as d

    head, structs = d._feature_chain(vk, {"VK_EXT_shader_float8"})
    float8 = structs["float8"]
    assert float8.raw.sType == 1000567000
    assert vk.ffi.sizeof(float8.raw) == 24  # 4 + padding + 8 + 2 x 4
    assert vk.ffi.addressof(float8.raw) == head.pNext
    assert float8.raw.pNext == vk.ffi.addressof(structs["v13"])
    for name in ("shaderFloat8", "shaderFloat8CooperativeMatrix"):
        key, field = d.FEATURES[name]
        assert key == "float8"
        setattr(structs[key], field, vk.VK_TRUE)
    assert (
        float8.raw.shaderBufferInt64Atomics,
        float8.raw.shaderSharedInt64Atomics,
    ) == (1, 1)
    assert d._feature_chain(vk, set())[1]["float8"] is None


def test_cooperative_vector_features_are_chained():
    """VkPhysicalDeviceCooperativeVectorFeaturesNV postdates the binding: a
    struct of its layout (two VkBool32) with its sType (extension 492) heads
    the chain, and a kernel with CooperativeVectorNV enables its first field
    through VK_NV_cooperative_vector."""
    import vulkan as vk

    from coopmlir.runtime import vulkan_device as d
    from coopmlir.spirv.capabilities import DEVICE_EXTENSIONS
    from coopmlir.spirv.capabilities import FEATURES as CAPABILITY_FEATURES

    head, structs = d._feature_chain(vk, {"VK_NV_cooperative_vector"})
    coopvec = structs["coopvec"]
    assert coopvec.raw.sType == 1000491000
    assert vk.ffi.sizeof(coopvec.raw) == 24  # 4 + padding + 8 + 2 x 4
    assert vk.ffi.addressof(coopvec.raw) == head.pNext
    assert CAPABILITY_FEATURES["CooperativeVectorNV"] == "cooperativeVector"
    assert DEVICE_EXTENSIONS["CooperativeVectorNV"] == "VK_NV_cooperative_vector"
    key, field = d.FEATURES["cooperativeVector"]
    setattr(structs[key], field, vk.VK_TRUE)
    assert (
        coopvec.raw.shaderBufferInt64Atomics,
        coopvec.raw.shaderSharedInt64Atomics,
    ) == (1, 0)
    assert d._feature_chain(vk, set())[1]["coopvec"] is None
