"""The pipeline fuzzer's device runs (bench/fuzz_pipeline.py `--lavapipe`,
`--device-target NAME`): one `VulkanDevice` per process, made on first use
with every feature and extension a coopmlir kernel may need that the device
offers, and reused by every case: NVIDIA's driver refuses new Vulkan
instances after a few dozen in one process. Each run frees its buffers and
pipelines when it ends (`VulkanDevice.scope`).

A `SharedDevice` is the checks' `device` factory, `(features, extensions,
matrices=()) -> context manager of the device`. It raises `DeviceSkip`
(counted, not a failure) where the kernel needs
what the device lacks: a feature, an extension, or a cooperative matrix its
driver does not list (a KHR kernel of an unlisted shape is not valid Vulkan).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp

from coopmlir.dialects import coopmat
from coopmlir.elements import element_of
from coopmlir.spirv.capabilities import DEVICE_EXTENSIONS


class DeviceSkip(Exception):
    """A device run not made: the device lacks what the kernel needs."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


#: VK_SCOPE_SUBGROUP_KHR, VK_SCOPE_WORKGROUP_KHR.
SUBGROUP_SCOPE, WORKGROUP_SCOPE = 3, 2


@dataclass(frozen=True)
class MatrixUse:
    """One `coopmat.mul_add` of a kernel: M x N x K, component types
    (a, b, c, result, as the device lists them), scope, and the work-items
    of its workgroup (workgroup scope only)."""

    m: int
    n: int
    k: int
    types: tuple[str, str, str, str]
    workgroup: bool
    invocations: int = 0


def matrix_uses(module: ModuleOp) -> frozenset[MatrixUse]:
    """The matrix products of every kernel of an L1 `module`."""
    uses = set()
    for op in module.walk():
        if not isinstance(op, coopmat.MulAddOp):
            continue
        a, b, c = (v.type for v in op.operands)
        flags = [getattr(op, f) is not None for f in op.SIGNEDNESS_FLAGS]
        types = tuple(
            element_of(t.element_type, signed).name
            for t, signed in zip((a, b, c, op.result.type), flags, strict=True)
        )
        workgroup = a.scope.data == coopmat.MatrixScope.WORKGROUP
        invocations = 0
        if workgroup:
            kernel = op.parent_op()
            while kernel is not None and kernel.name != "gpu.func":
                kernel = kernel.parent_op()
            size = getattr(kernel, "known_block_size", None)
            invocations = math.prod(size.get_values()) if size is not None else 0
        (rows, depth), (_, cols) = a.shape, b.shape
        uses.add(MatrixUse(rows, cols, depth, types, workgroup, invocations))  # type: ignore[arg-type]
    return frozenset(uses)


def _listed(report, use: MatrixUse) -> bool:
    """Whether the device's driver lists `use` (KHR shapes for subgroup
    scope; NV2 flexible dimensions, with the workgroup size, for workgroup)."""
    if not use.workgroup:
        return any(
            (s.m, s.n, s.k, (s.a, s.b, s.c, s.result))
            == (use.m, use.n, use.k, use.types)
            and s.scope == SUBGROUP_SCOPE
            and not s.saturating
            for s in report.cooperative_matrix_shapes
        )
    return any(
        (s.a, s.b, s.c, s.result) == use.types
        and s.scope == WORKGROUP_SCOPE
        and s.workgroup_invocations == use.invocations
        and use.m % s.m_granularity == use.n % s.n_granularity == 0
        and use.k % s.k_granularity == 0
        for s in report.flexible_matrix_shapes
    )


def device_target(device) -> str:
    """The target whose kernels `device` runs (a plain factory: lavapipe's)."""
    return getattr(device, "target", "lavapipe")


class SharedDevice:
    """One Vulkan device (the first: `VulkanDevice`'s default choice) for
    all the cases of a process (module doc) that were compiled for `target`."""

    def __init__(self, target: str = "lavapipe"):
        self.target = target
        self._gpu = None

    def gpu(self):
        if self._gpu is None:
            from coopmlir.runtime.vulkan import VulkanDevice
            from coopmlir.runtime.vulkan_device import VulkanInstance

            instance = VulkanInstance()
            try:
                report = instance.report(instance.select(None))
            finally:
                instance.close()
            features = {name for name, on in report.features.items() if on}
            extensions = set(DEVICE_EXTENSIONS.values()) & report.extensions
            self._gpu = VulkanDevice(needs=features, extensions=extensions)
        return self._gpu

    def __call__(self, features, extensions, matrices=frozenset()):
        gpu = self.gpu()
        enabled = {name for name, on in gpu.report.features.items() if on}
        missing = sorted(set(features) - enabled) + sorted(
            set(extensions) - gpu.report.extensions
        )
        if missing:
            raise DeviceSkip(f"device lacks {', '.join(missing)}")
        unlisted = [u for u in matrices if not _listed(gpu.report, u)]
        if unlisted:
            scope = "workgroup" if unlisted[0].workgroup else "subgroup"
            raise DeviceSkip(f"driver lists no such {scope}-scope matrix")
        return gpu.scope()

    def close(self) -> None:
        if self._gpu is not None:
            self._gpu.close()
            self._gpu = None


def lavapipe():
    from coopmlir.runtime.vulkan import VulkanDevice

    # A device per run, with exactly what the kernels need (the matrices
    # they multiply are for device_runs.SharedDevice: lavapipe has none).
    return lambda features, extensions, matrices=(): VulkanDevice(
        needs=features, extensions=extensions
    )
