"""Run SPIR-V compute kernels on a Vulkan device and time them.

    with VulkanDevice(device="NVIDIA", needs=kernel.features) as gpu:
        print("\\n".join(gpu.report.lines()))
        times = gpu.run(kernel, [A, B, C], grid=(gx, gy, 1), repeat=20)

Buffers live in device-local memory and move through host-visible staging
buffers; every argument is a storage buffer at (set 0, binding i) in argument
order, and is copied back after the run (arrays are updated in place). A
caller that keeps buffers on the device across dispatches (a host function's
launches: runtime/resident.py) uses `buffer`, `upload`, `dispatch`, `copy`,
`zero` and `download` instead of `run`.
Timing uses timestamp queries around the dispatch: `run` returns the
seconds of each timed dispatch after `warmup` untimed ones.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

from coopmlir.runtime.vulkan_device import (
    DeviceReport,
    VulkanError,
    VulkanInstance,
    enable_features,
)

#: GPU seconds each warming submission of `VulkanDevice.dispatch` grows to.
WARM_SUBMIT_SECONDS = 0.01
#: The most dispatches a warming submission records.
MAX_WARM_DISPATCHES = 4096


@dataclass(frozen=True)
class KernelBinary:
    """A compute kernel as the runtime needs it."""

    spirv: bytes
    entry_point: str
    workgroup_size: tuple[int, int, int]
    required_subgroup_size: int | None = None
    features: frozenset[str] = field(default_factory=frozenset)
    extensions: frozenset[str] = field(default_factory=frozenset)
    #: (SpecId, value) of each specialization constant set at pipeline
    #: creation (32-bit unsigned); one binary, one pipeline per value set.
    specialization: tuple[tuple[int, int], ...] = ()


class _Buffer:
    def __init__(self, buffer, memory, size):
        self.buffer, self.memory, self.size = buffer, memory, size


class VulkanDevice:
    """A logical device with the features `needs` (names of
    `vulkan_device.FEATURES`) and the device `extensions` enabled."""

    #: The barrier between two dispatches of one batch (`dispatch`):
    #: "compute" makes compute-shader writes visible to the next dispatch's
    #: reads and writes, all a kernel after a kernel needs; "all" waits for
    #: every command and memory access (what every copy's barrier does);
    #: "none" lets the dispatches overlap, which only measures what the
    #: barrier costs (bench/dispatch_barrier.py).
    between_dispatches: str = "compute"
    #: Which queue family runs the work: "first" with compute (on NVIDIA the
    #: graphics family), or "compute-only", one without graphics if the
    #: device has one (else the first).
    queue_family: str = "first"

    def __init__(
        self,
        device: int | str | None = None,
        needs: frozenset[str] | set[str] = frozenset(),
        extensions: frozenset[str] | set[str] = frozenset(),
    ):
        self.instance = VulkanInstance()
        self.vk = self.instance.vk
        self.index = self.instance.select(device)
        self.report: DeviceReport = self.instance.report(self.index)
        self.physical = self.instance.physical_devices[self.index]
        self._objects: list[tuple] = []
        #: Constants' device buffers kept across runs (runtime/resident.py).
        self.constants: dict = {}
        #: Pipelines by kernel and binding count: a kernel dispatched again
        #: (each run of a program) reuses its pipeline.
        self._pipelines: dict[tuple, tuple] = {}
        try:
            self._create_device(set(needs), set(extensions))
        except BaseException:
            self.close()
            raise

    # --- setup ---------------------------------------------------------------

    def _create_device(self, needs: set[str], extensions: set[str]) -> None:
        vk = self.vk
        missing = sorted(extensions - self.report.extensions)
        if missing:
            raise VulkanError(
                f"device '{self.report.name}' lacks extension(s) {', '.join(missing)}"
            )
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(self.physical)
        compute = [
            i for i, f in enumerate(families) if f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT
        ]
        alone = [
            i for i in compute if not families[i].queueFlags & vk.VK_QUEUE_GRAPHICS_BIT
        ]
        if self.queue_family not in ("first", "compute-only"):
            raise VulkanError(
                f"queue_family={self.queue_family!r}: expected 'first' or "
                "'compute-only'"
            )
        if self.queue_family == "compute-only" and alone:
            compute = alone
        self.family = compute[0] if compute else None
        if self.family is None:
            raise VulkanError(f"device '{self.report.name}' has no compute queue")
        self.timestamp_bits = families[self.family].timestampValidBits
        queue_info = vk.VkDeviceQueueCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
            queueFamilyIndex=self.family,
            queueCount=1,
            pQueuePriorities=[1.0],
        )
        chain = enable_features(vk, self.report, needs)
        info = vk.VkDeviceCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
            pNext=chain,
            queueCreateInfoCount=1,
            pQueueCreateInfos=[queue_info],
            enabledExtensionCount=len(extensions),
            ppEnabledExtensionNames=sorted(extensions) or None,
        )
        try:
            self.device = vk.vkCreateDevice(self.physical, info, None)
        except vk.VkError as err:
            raise VulkanError(
                f"device '{self.report.name}' refused a logical device with "
                f"{sorted(needs)}: {err!r}"
            ) from None
        self.queue = vk.vkGetDeviceQueue(self.device, self.family, 0)
        self.command_pool = vk.vkCreateCommandPool(
            self.device,
            vk.VkCommandPoolCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                flags=vk.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                queueFamilyIndex=self.family,
            ),
            None,
        )
        self.memory_types = vk.vkGetPhysicalDeviceMemoryProperties(self.physical)

    def close(self) -> None:
        vk = self.vk
        device = getattr(self, "device", None)
        if device is not None:
            vk.vkDeviceWaitIdle(device)
            for destroy, handle in reversed(self._objects):
                destroy(device, handle, None)
            self._objects.clear()
            if getattr(self, "command_pool", None) is not None:
                vk.vkDestroyCommandPool(device, self.command_pool, None)
            vk.vkDestroyDevice(device, None)
            self.device = None
        self.instance.close()

    @contextmanager
    def scope(self) -> Iterator[VulkanDevice]:
        """Free the buffers, pipelines and query pools made inside the block
        when it ends, so one device serves many runs (a benchmark's cases)
        without a fresh Vulkan instance per run."""
        mark, constants = len(self._objects), dict(self.constants)
        try:
            yield self
        finally:
            self.constants = constants
            self.vk.vkDeviceWaitIdle(self.device)
            while len(self._objects) > mark:
                destroy, handle = self._objects.pop()
                destroy(self.device, handle, None)
            live = {handle for _, handle in self._objects}
            self._pipelines = {k: v for k, v in self._pipelines.items() if v[0] in live}

    def __enter__(self) -> VulkanDevice:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- memory ----------------------------------------------------------------

    def _memory_type(self, bits: int, wanted: int) -> int:
        props = self.memory_types
        for i in range(props.memoryTypeCount):
            flags = props.memoryTypes[i].propertyFlags
            if bits & (1 << i) and (flags & wanted) == wanted:
                return i
        raise VulkanError(f"device '{self.report.name}' has no memory type {wanted:#x}")

    def _buffer(self, size: int, usage: int, memory_flags: int) -> _Buffer:
        vk, device = self.vk, self.device
        buffer = vk.vkCreateBuffer(
            device,
            vk.VkBufferCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                size=size,
                usage=usage,
                sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE,
            ),
            None,
        )
        need = vk.vkGetBufferMemoryRequirements(device, buffer)
        memory = vk.vkAllocateMemory(
            device,
            vk.VkMemoryAllocateInfo(
                sType=vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                allocationSize=need.size,
                memoryTypeIndex=self._memory_type(need.memoryTypeBits, memory_flags),
            ),
            None,
        )
        vk.vkBindBufferMemory(device, buffer, memory, 0)
        self._objects.append((vk.vkFreeMemory, memory))
        self._objects.append((vk.vkDestroyBuffer, buffer))
        return _Buffer(buffer, memory, size)

    def _staging(self, size: int) -> _Buffer:
        """A host-visible buffer for one transfer (`_free` it after)."""
        vk = self.vk
        return self._buffer(
            size,
            vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT
            | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
        )

    def _free(self, buffer: _Buffer) -> None:
        """Destroy `buffer` (made by `_buffer`) now."""
        vk = self.vk
        for destroy, handle in (
            (vk.vkDestroyBuffer, buffer.buffer),
            (vk.vkFreeMemory, buffer.memory),
        ):
            self._objects.remove((destroy, handle))
            destroy(self.device, handle, None)

    def _write(self, staging: _Buffer, data: np.ndarray) -> None:
        vk = self.vk
        mapped = vk.vkMapMemory(self.device, staging.memory, 0, staging.size, 0)
        raw = np.ascontiguousarray(data).view(np.uint8).reshape(-1)
        mapped[: raw.size] = raw.tobytes()
        vk.vkUnmapMemory(self.device, staging.memory)

    def _read(self, staging: _Buffer, out: np.ndarray) -> None:
        vk = self.vk
        mapped = vk.vkMapMemory(self.device, staging.memory, 0, staging.size, 0)
        raw = np.frombuffer(mapped, dtype=np.uint8, count=out.nbytes)
        out[...] = raw.view(out.dtype).reshape(out.shape)
        vk.vkUnmapMemory(self.device, staging.memory)

    # --- commands ----------------------------------------------------------------

    def _submit(self, record) -> None:
        """Record commands with `record(cmd)`, submit, and wait."""
        cmd = self._record(record, once=True)
        try:
            self._run(cmd)
        finally:
            self._free_commands(cmd)

    def _record(self, record, once: bool = False):
        """A command buffer holding what `record(cmd)` records; without
        `once` it may be submitted again (timed runs reuse theirs: recording
        thousands of dispatches from Python takes longer than running them)."""
        vk = self.vk
        (cmd,) = vk.vkAllocateCommandBuffers(
            self.device,
            vk.VkCommandBufferAllocateInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                commandPool=self.command_pool,
                level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                commandBufferCount=1,
            ),
        )
        vk.vkBeginCommandBuffer(
            cmd,
            vk.VkCommandBufferBeginInfo(
                sType=vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                flags=vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT if once else 0,
            ),
        )
        record(cmd)
        vk.vkEndCommandBuffer(cmd)
        return cmd

    def _free_commands(self, cmd) -> None:
        self.vk.vkFreeCommandBuffers(self.device, self.command_pool, 1, [cmd])

    def _run(self, cmd) -> None:
        """Submit the recorded `cmd` and wait for it."""
        vk, device = self.vk, self.device
        fence = vk.vkCreateFence(
            device,
            vk.VkFenceCreateInfo(sType=vk.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO),
            None,
        )
        try:
            vk.vkQueueSubmit(
                self.queue,
                1,
                [
                    vk.VkSubmitInfo(
                        sType=vk.VK_STRUCTURE_TYPE_SUBMIT_INFO,
                        commandBufferCount=1,
                        pCommandBuffers=[cmd],
                    )
                ],
                fence,
            )
            vk.vkWaitForFences(device, 1, [fence], vk.VK_TRUE, 2**63 - 1)
        except vk.VkError as err:
            raise VulkanError(
                f"device '{self.report.name}' failed running the kernel: {err!r}"
            ) from None
        finally:
            vk.vkDestroyFence(device, fence, None)

    def _copy(self, cmd, source: _Buffer, target: _Buffer) -> None:
        vk = self.vk
        vk.vkCmdCopyBuffer(
            cmd, source.buffer, target.buffer, 1, [vk.VkBufferCopy(0, 0, source.size)]
        )

    def _memory_barrier(self, cmd) -> None:
        vk = self.vk
        barrier = vk.VkMemoryBarrier(
            sType=vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            srcAccessMask=vk.VK_ACCESS_MEMORY_WRITE_BIT,
            dstAccessMask=vk.VK_ACCESS_MEMORY_READ_BIT | vk.VK_ACCESS_MEMORY_WRITE_BIT,
        )
        vk.vkCmdPipelineBarrier(
            cmd,
            vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
            vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
            0,
            1,
            [barrier],
            0,
            None,
            0,
            None,
        )

    def _dispatch_barrier(self, cmd) -> None:
        """The barrier between two dispatches (`between_dispatches`)."""
        if self.between_dispatches == "all":
            return self._memory_barrier(cmd)
        if self.between_dispatches == "none":
            return None
        if self.between_dispatches != "compute":
            raise VulkanError(
                f"between_dispatches={self.between_dispatches!r}: "
                "expected 'compute', 'all' or 'none'"
            )
        vk = self.vk
        barrier = vk.VkMemoryBarrier(
            sType=vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER,
            srcAccessMask=vk.VK_ACCESS_SHADER_WRITE_BIT,
            dstAccessMask=vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT,
        )
        stage = vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT
        vk.vkCmdPipelineBarrier(cmd, stage, stage, 0, 1, [barrier], 0, None, 0, None)
        return None

    # --- pipeline ------------------------------------------------------------

    def _pipeline(self, kernel: KernelBinary, count: int, push_bytes: int = 0):
        """The (cached) pipeline, its layout and its descriptor set layout."""
        key = (
            kernel.spirv,
            kernel.entry_point,
            kernel.required_subgroup_size,
            "computeFullSubgroups" in kernel.features,
            count,
            push_bytes,
            kernel.specialization,
        )
        if key not in self._pipelines:
            self._pipelines[key] = self._new_pipeline(kernel, count, push_bytes)
        return self._pipelines[key]

    def _new_pipeline(self, kernel: KernelBinary, count: int, push_bytes: int):
        vk, device = self.vk, self.device
        bindings = [
            vk.VkDescriptorSetLayoutBinding(
                binding=i,
                descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                descriptorCount=1,
                stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
            )
            for i in range(count)
        ]
        set_layout = vk.vkCreateDescriptorSetLayout(
            device,
            vk.VkDescriptorSetLayoutCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                bindingCount=count,
                pBindings=bindings,
            ),
            None,
        )
        self._objects.append((vk.vkDestroyDescriptorSetLayout, set_layout))
        layout = vk.vkCreatePipelineLayout(
            device,
            vk.VkPipelineLayoutCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                setLayoutCount=1,
                pSetLayouts=[set_layout],
                pushConstantRangeCount=1 if push_bytes else 0,
                pPushConstantRanges=[
                    vk.VkPushConstantRange(
                        stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
                        offset=0,
                        size=push_bytes,
                    )
                ]
                if push_bytes
                else None,
            ),
            None,
        )
        self._objects.append((vk.vkDestroyPipelineLayout, layout))
        try:
            module = vk.vkCreateShaderModule(
                device,
                vk.VkShaderModuleCreateInfo(
                    sType=vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                    codeSize=len(kernel.spirv),
                    pCode=kernel.spirv,
                ),
                None,
            )
        except vk.VkError as err:
            raise VulkanError(
                f"device '{self.report.name}' rejected the SPIR-V module: {err!r}"
            ) from None
        self._objects.append((vk.vkDestroyShaderModule, module))
        stage_next, stage_flags = None, 0
        if kernel.required_subgroup_size is not None:
            stage_next = vk.VkPipelineShaderStageRequiredSubgroupSizeCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
                requiredSubgroupSize=kernel.required_subgroup_size,
            )
            if "computeFullSubgroups" in kernel.features:
                stage_flags = (
                    vk.VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT
                )
        stage = vk.VkPipelineShaderStageCreateInfo(
            sType=vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            pNext=stage_next,
            flags=stage_flags,
            stage=vk.VK_SHADER_STAGE_COMPUTE_BIT,
            module=module,
            pName=kernel.entry_point,
            pSpecializationInfo=self._specialization(kernel.specialization),
        )
        try:
            (pipeline,) = vk.vkCreateComputePipelines(
                device,
                None,
                1,
                [
                    vk.VkComputePipelineCreateInfo(
                        sType=vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                        stage=stage,
                        layout=layout,
                    )
                ],
                None,
            )
        except vk.VkError as err:
            raise VulkanError(
                f"device '{self.report.name}' could not build the pipeline: {err!r}"
            ) from None
        self._objects.append((vk.vkDestroyPipeline, pipeline))
        return pipeline, layout, set_layout

    def _specialization(self, values: tuple[tuple[int, int], ...]):
        """The `VkSpecializationInfo` of (SpecId, value) pairs: one 32-bit
        word each, in order (None without values)."""
        if not values:
            return None
        vk = self.vk
        data = vk.ffi.new("uint32_t[]", [value for _, value in values])
        entries = [
            vk.VkSpecializationMapEntry(constantID=spec_id, offset=4 * i, size=4)
            for i, (spec_id, _) in enumerate(values)
        ]
        return vk.VkSpecializationInfo(
            mapEntryCount=len(entries),
            pMapEntries=entries,
            dataSize=vk.ffi.sizeof(data),
            pData=data,
        )

    def _descriptor_set(self, set_layout, buffers: list[_Buffer]):
        vk, device = self.vk, self.device
        pool = vk.vkCreateDescriptorPool(
            device,
            vk.VkDescriptorPoolCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                maxSets=1,
                poolSizeCount=1,
                pPoolSizes=[
                    vk.VkDescriptorPoolSize(
                        type=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                        descriptorCount=len(buffers),
                    )
                ],
            ),
            None,
        )
        (descriptor_set,) = vk.vkAllocateDescriptorSets(
            device,
            vk.VkDescriptorSetAllocateInfo(
                sType=vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                descriptorPool=pool,
                descriptorSetCount=1,
                pSetLayouts=[set_layout],
            ),
        )
        writes = [
            vk.VkWriteDescriptorSet(
                sType=vk.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                dstSet=descriptor_set,
                dstBinding=i,
                descriptorCount=1,
                descriptorType=vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                pBufferInfo=[vk.VkDescriptorBufferInfo(b.buffer, 0, b.size)],
            )
            for i, b in enumerate(buffers)
        ]
        vk.vkUpdateDescriptorSets(device, len(writes), writes, 0, None)
        return pool, descriptor_set

    # --- running ------------------------------------------------------------

    def _check_workgroup_matrices(self, kernel: KernelBinary) -> None:
        """Workgroup-scope matrices run only in a workgroup size that the
        device's flexible-dimensions properties list (VK_NV_cooperative_matrix2)."""
        if "cooperativeMatrixWorkgroupScope" not in kernel.features:
            return
        allowed = self.report.workgroup_invocations()
        invocations = math.prod(kernel.workgroup_size)
        if allowed and invocations not in allowed:
            raise VulkanError(
                f"device '{self.report.name}' runs workgroup-scope matrices in "
                f"workgroups of {', '.join(map(str, sorted(allowed)))} invocations, "
                f"not {invocations} (lower-to-coopmat workgroup-invocations=)"
            )

    def run(
        self,
        kernel: KernelBinary,
        arrays: list[np.ndarray],
        grid: tuple[int, int, int],
        **options,
    ) -> list[float]:
        """Upload `arrays`, `dispatch` `kernel` on them (`options` are
        dispatch's: warmup, repeat, push_constants, batch) and copy every
        array back; return the seconds of the `repeat` timed runs."""
        buffers = [self.buffer(a.nbytes) for a in arrays]
        for buffer, array in zip(buffers, arrays, strict=True):
            self.upload(buffer, array)
        seconds = self.dispatch(kernel, buffers, grid, **options)
        for buffer, array in zip(buffers, arrays, strict=True):
            self.download(buffer, array)
        return seconds

    # --- resident buffers: a host function's arrays, moved only when asked ---

    def buffer(self, nbytes: int) -> _Buffer:
        """A device-local storage buffer of `nbytes` (contents undefined)."""
        vk = self.vk
        return self._buffer(
            max(4, nbytes + (-nbytes) % 4),
            vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT
            | vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT
            | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            vk.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
        )

    def upload(self, buffer: _Buffer, array: np.ndarray) -> None:
        """Copy `array` into `buffer` through a staging buffer."""
        staging = self._staging(buffer.size)
        self._write(staging, array)
        self._submit(
            lambda cmd: (self._memory_barrier(cmd), self._copy(cmd, staging, buffer))
        )
        self._free(staging)

    def download(self, buffer: _Buffer, array: np.ndarray) -> None:
        """Copy `buffer` into `array` (in place) through a staging buffer."""
        staging = self._staging(buffer.size)
        self._submit(
            lambda cmd: (self._memory_barrier(cmd), self._copy(cmd, buffer, staging))
        )
        self._read(staging, array)
        self._free(staging)

    def zero(self, buffer: _Buffer) -> None:
        """Fill `buffer` with zero bytes on the device."""
        self._submit(
            lambda cmd: (
                self._memory_barrier(cmd),
                self.vk.vkCmdFillBuffer(cmd, buffer.buffer, 0, buffer.size, 0),
            )
        )

    def free(self, buffer: _Buffer) -> None:
        """Destroy a buffer made by `buffer` now."""
        self._free(buffer)

    def copy(self, source: _Buffer, target: _Buffer) -> None:
        """Copy `source` into `target` (the same size) on the device."""
        self._submit(
            lambda cmd: (self._memory_barrier(cmd), self._copy(cmd, source, target))
        )

    def dispatch(
        self,
        kernel: KernelBinary,
        buffers: list[_Buffer],
        grid: tuple[int, int, int],
        *,
        warmup: int = 0,
        repeat: int = 1,
        push_constants: bytes = b"",
        batch: int = 1,
        warm_seconds: float = 0.0,
    ) -> list[float]:
        """Dispatch `kernel` on `grid` workgroups `warmup + repeat` times on
        device `buffers` (binding i is buffer i); return the seconds of the
        `repeat` timed runs. The untimed runs go on, back to back, until
        `warm_seconds` have passed (runtime/timing.py: the GPU's clocks).
        `push_constants` is the kernel's push-constant block (its dynamic
        sizes), if it has one. With `batch` > 1 each run is
        `batch` back-to-back dispatches in one command buffer (ordered by
        barriers, as launches on one CUDA stream are) and its seconds are the
        mean per dispatch."""
        vk, device = self.vk, self.device
        self._check_workgroup_matrices(kernel)
        if kernel.required_subgroup_size is not None:
            lo, hi = self.report.min_subgroup_size, self.report.max_subgroup_size
            if not lo <= kernel.required_subgroup_size <= hi:
                raise VulkanError(
                    f"device '{self.report.name}' cannot run subgroups of "
                    f"{kernel.required_subgroup_size} (range {lo}..{hi})"
                )
        pipeline, layout, set_layout = self._pipeline(
            kernel, len(buffers), len(push_constants)
        )
        # The descriptor set and the query pool live for this call only (its
        # submissions are waited for): a long run of dispatches on one device
        # does not pile them up.
        descriptors, descriptor_set = self._descriptor_set(set_layout, buffers)
        pool = vk.vkCreateQueryPool(
            device,
            vk.VkQueryPoolCreateInfo(
                sType=vk.VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                queryType=vk.VK_QUERY_TYPE_TIMESTAMP,
                queryCount=2,
            ),
            None,
        )

        def record(cmd, dispatches=batch):
            # What earlier submissions wrote (uploads, kernels) is visible.
            self._memory_barrier(cmd)
            vk.vkCmdResetQueryPool(cmd, pool, 0, 2)
            vk.vkCmdBindPipeline(cmd, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
            vk.vkCmdBindDescriptorSets(
                cmd,
                vk.VK_PIPELINE_BIND_POINT_COMPUTE,
                layout,
                0,
                1,
                [descriptor_set],
                0,
                None,
            )
            if push_constants:
                vk.vkCmdPushConstants(
                    cmd,
                    layout,
                    vk.VK_SHADER_STAGE_COMPUTE_BIT,
                    0,
                    len(push_constants),
                    vk.ffi.new("char[]", push_constants),
                )
            vk.vkCmdWriteTimestamp(cmd, vk.VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 0)
            for i in range(dispatches):
                if i:
                    self._dispatch_barrier(cmd)
                vk.vkCmdDispatch(cmd, *grid)
            vk.vkCmdWriteTimestamp(
                cmd, vk.VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 1
            )

        try:
            return self._timed_runs(
                record,
                pool,
                warmup=warmup,
                repeat=repeat,
                batch=batch,
                warm_seconds=warm_seconds,
            )
        finally:
            vk.vkDestroyQueryPool(device, pool, None)
            vk.vkDestroyDescriptorPool(device, descriptors, None)

    def _timed_runs(
        self, record, pool, *, warmup: int, repeat: int, batch: int, warm_seconds=0.0
    ):
        """Submit `record`'s commands `warmup` times (and more until
        `warm_seconds` have passed), then `repeat` times; the seconds of the
        timed ones (per dispatch of a batch), from `pool`'s timestamps.
        While warming, each submission grows to about `WARM_SUBMIT_SECONDS`
        of dispatches: submitting and waiting from Python leaves the GPU idle
        between short submissions, and a GPU half idle raises its clocks
        slowly (an H200 took 1.5 s to leave 465 MHz under 20 dispatches of a
        25 us LayerNorm per submission: bench/RESULTS.md, "Tenth session").
        The timed submissions keep that size, for the same reason: 20
        dispatches of a 20 us product left the H200 at 1200-1300 MHz while
        they were timed ("Eleventh session")."""
        recorded = {}

        def submit(dispatches: int) -> None:
            # Recorded once per size and resubmitted: between submissions
            # the GPU waits only for the fence, not for Python's recording
            # (which kept it idle two thirds of the time, at 345-555 MHz,
            # under 10 ms of 10 us products: "Eleventh session").
            if dispatches not in recorded:
                recorded[dispatches] = self._record(lambda cmd: record(cmd, dispatches))
            self._run(recorded[dispatches])

        try:
            return self._warm_and_time(
                submit, pool, warmup, repeat, batch, warm_seconds
            )
        finally:
            for cmd in recorded.values():
                self._free_commands(cmd)

    def _warm_and_time(self, submit, pool, warmup, repeat, batch, warm_seconds):
        started, runs, dispatches = time.perf_counter(), 0, batch
        while runs < warmup or time.perf_counter() - started < warm_seconds:
            submit(dispatches)
            runs += 1
            if warm_seconds and dispatches < MAX_WARM_DISPATCHES:
                per_dispatch = max(self._elapsed(pool) / dispatches, 1e-7)
                dispatches = min(
                    MAX_WARM_DISPATCHES,
                    max(dispatches, round(WARM_SUBMIT_SECONDS / per_dispatch)),
                )
        seconds = []
        for _ in range(repeat):
            submit(dispatches)
            seconds.append(self._elapsed(pool) / dispatches)
        return seconds

    def _elapsed(self, pool) -> float:
        vk = self.vk
        data = vk.ffi.new("uint64_t[2]")
        vk.vkGetQueryPoolResults(
            self.device,
            pool,
            0,
            2,
            vk.ffi.sizeof(data),
            data,
            8,
            vk.VK_QUERY_RESULT_64_BIT | vk.VK_QUERY_RESULT_WAIT_BIT,
        )
        mask = (1 << self.timestamp_bits) - 1 if self.timestamp_bits < 64 else ~0
        ticks = (data[1] - data[0]) & mask
        return ticks * self.report.timestamp_period_ns * 1e-9
