"""A `Target` (coopmlir.targets) built from a queried Vulkan device, so
lower-to-coopmat sees the real cooperative-matrix shape list, subgroup size
and shared memory (`--lower-to-coopmat="target=vulkan"` or `vulkan:NAME`)."""

from __future__ import annotations

from coopmlir.runtime.cooperative_vector import CooperativeVectorLimits
from coopmlir.runtime.vulkan_device import DeviceReport, VulkanError, VulkanInstance
from coopmlir.targets import (
    NVIDIA_REGISTERS_PER_ITEM,
    NVIDIA_REGISTERS_PER_UNIT,
    MatrixShape,
    Target,
)

_SUBGROUP_SCOPE = 3  # VK_SCOPE_SUBGROUP_KHR

# Vulkan does not report the number of compute units; known devices by name.
_COMPUTE_UNITS = {"H100": 132, "H200": 132, "A100": 108, "llvmpipe": 8}
# Subgroups per compute unit that run side by side (4 sub-partitions per SM).
_SUBGROUPS_PER_UNIT = {"H100": 4, "H200": 4, "A100": 4}


def target_from_report(report: DeviceReport) -> Target:
    vectors = report.cooperative_vector
    shapes = tuple(
        MatrixShape(s.m, s.n, s.k, s.a, s.b, s.c, s.result)
        for s in report.cooperative_matrix_shapes
        if s.scope == _SUBGROUP_SCOPE and not s.saturating
    )
    units = next((n for key, n in _COMPUTE_UNITS.items() if key in report.name), 16)
    return Target(
        name=f"vulkan:{report.index}",
        description=f"{report.name} (queried through Vulkan)",
        subgroup_size=report.subgroup_size,
        shared_memory_bytes=report.shared_memory_bytes,
        compute_units=units,
        subgroups_per_unit=next(
            (n for key, n in _SUBGROUPS_PER_UNIT.items() if key in report.name), 1
        ),
        registers_per_item=(
            NVIDIA_REGISTERS_PER_ITEM if "NVIDIA" in report.name else None
        ),
        registers_per_unit=(
            NVIDIA_REGISTERS_PER_UNIT if "NVIDIA" in report.name else None
        ),
        pretranspose_rules="NVIDIA" in report.name,
        max_workgroup_size=min(report.max_workgroup_invocations, 1024),
        max_workgroup_count=report.max_workgroup_count,
        matrix_shapes=shapes,
        cooperative_matrix2="VK_NV_cooperative_matrix2" in report.extensions,
        cooperative_vector=report.features.get("cooperativeVector", False),
        cooperative_vector_components=(
            None if vectors is None else vectors.max_components
        ),
        cooperative_vector_products=(
            None if vectors is None else _vector_products(vectors)
        ),
        workgroup_matrix_invocations=tuple(sorted(report.workgroup_invocations())),
        # Matrix units need far more reuse per byte than SIMT code does.
        flops_per_byte=128.0 if shapes else 8.0,
        # The register-tiled SIMT kernel is the faster one on GPUs only.
        simt_kernel="fragments" if report.is_cpu else "simt-tiled",
    )


def _vector_products(vectors: CooperativeVectorLimits) -> tuple:
    """The products a kernel without a bias or a transpose may use: every
    entry serves one (the bias type matters only with a bias)."""
    return tuple(
        dict.fromkeys(
            (p.input, p.input_interpretation, p.matrix, p.result)
            for p in vectors.products
        )
    )


def query_target(device: int | str | None = None) -> Target:
    instance = VulkanInstance()
    try:
        return target_from_report(instance.report(instance.select(device)))
    finally:
        instance.close()


def query_for_passes(device: str | None) -> Target:
    """`query_target` as a `coopmlir.targets.DeviceQuery`: a device that cannot
    be queried is a ValueError naming the target, as a bad pass option is."""
    try:
        return query_target(device)
    except VulkanError as err:
        name = "vulkan" if device is None else f"vulkan:{device}"
        raise ValueError(f"target '{name}': {err}") from None
