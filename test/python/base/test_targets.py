"""coopmlir.targets: the shipped target descriptions."""

from __future__ import annotations

import pytest

from coopmlir.targets import SIMT_SHAPES, get_target


def test_h100_lists_what_the_vulkan_driver_reports():
    h100 = get_target("h100-vulkan")
    listed = {(s.m, s.n, s.k, *s.types) for s in h100.matrix_shapes}
    f16 = {
        (m, n, k, "f16", "f16", acc, acc)
        for m, n, k in ((16, 16, 16), (16, 8, 16), (16, 8, 8))
        for acc in ("f16", "f32")
    }
    int8 = {
        (m, n, k, t, t, acc, acc)
        for m, n, k in ((16, 16, 32), (16, 8, 32))
        for t, acc in (("s8", "s32"), ("u8", "u32"))
    }
    bf16 = {(16, 16, 16, "bf16", "bf16", "f32", "f32")}
    assert listed == f16 | int8 | bf16
    assert (h100.subgroup_size, h100.shared_memory_bytes) == (32, 48 * 1024)
    assert (h100.compute_units, h100.max_workgroup_size) == (132, 1024)


def test_generic_is_conservative():
    generic = get_target("generic")
    assert generic.subgroup_size == 32
    assert {(s.m, s.n, s.k) for s in generic.matrix_shapes} == {(16, 16, 16)}
    assert generic.shapes_for(("bf16", "bf16", "f32", "f32")) == ()
    assert generic.shared_memory_bytes <= get_target("h100-vulkan").shared_memory_bytes


@pytest.mark.parametrize("name, subgroup", [("simt", 32), ("lavapipe", 8)])
def test_targets_without_matrix_units_take_any_shape(name, subgroup):
    target = get_target(name)
    assert not target.has_matrix_units
    assert target.subgroup_size == subgroup
    shapes = target.shapes_for(("f32", "f32", "f32", "f32"))
    assert [(s.m, s.n, s.k) for s in shapes] == list(SIMT_SHAPES)
    assert target.shapes_for(("f16", "f16", "f32", "f32"))
    assert target.shapes_for(("f32", "f32", "f16", "f16")) == ()


def test_shapes_for_puts_the_largest_first():
    shapes = get_target("h100-vulkan").shapes_for(("f16", "f16", "f32", "f32"))
    assert [(s.m, s.n, s.k) for s in shapes] == [(16, 16, 16), (16, 8, 16), (16, 8, 8)]


def test_unknown_target_lists_the_known_ones():
    with pytest.raises(ValueError) as err:
        get_target("a100")
    assert str(err.value) == (
        "unknown target 'a100'; known targets: generic, h100-vulkan, lavapipe, simt, "
        "vulkan[:DEVICE]"
    )


def test_cooperative_vectors_from_the_preset_and_the_device_query():
    """The H100 preset has VK_NV_cooperative_vector; a queried device has it
    where the extension's cooperativeVector feature is reported."""
    from coopmlir.runtime.device_target import target_from_report
    from coopmlir.runtime.vulkan_device import DeviceReport

    assert get_target("h100-vulkan").cooperative_vector
    assert not get_target("lavapipe").cooperative_vector
    for reported in (True, False):
        report = DeviceReport(
            0, "some device", "1.3.0", 0, 32, 32, 32, 49152, 1024, 1.0,
            (65535, 65535, 65535), {"cooperativeVector": reported},
            {"VK_NV_cooperative_vector"}, [],
        )  # fmt: skip
        assert target_from_report(report).cooperative_vector == reported


def test_cooperative_vector_limits_from_the_device_query():
    """A queried device's maxCooperativeVectorComponents and products (one
    per (input, interpretation, matrix, result), whatever the bias and
    transpose) reach the target; the built-in targets leave both unknown."""
    from coopmlir.runtime.cooperative_vector import (
        CooperativeVectorLimits,
        VectorProduct,
    )
    from coopmlir.runtime.device_target import target_from_report
    from coopmlir.runtime.vulkan_device import DeviceReport

    products = (
        VectorProduct("f16", "f16", "f16", "f16", "f16", False),
        VectorProduct("f16", "f16", "f16", "f32", "f16", True),
        VectorProduct("f32", "f8e4m3", "f8e4m3", "f16", "f32", True),
    )
    report = DeviceReport(
        0, "some device", "1.3.0", 0, 32, 32, 32, 49152, 1024, 1.0,
        (65535, 65535, 65535), {"cooperativeVector": True},
        {"VK_NV_cooperative_vector"}, [],
        cooperative_vector=CooperativeVectorLimits(512, 0x20, True, True, products),
    )  # fmt: skip
    assert report.lines()[-1] == (
        "  cooperative vectors: up to 512 components; f16*f16+f16->f16, "
        "f16*f16+f32->f16 transposable, f32 as f8e4m3*f8e4m3+f16->f32 transposable"
    )
    target = target_from_report(report)
    assert target.cooperative_vector_components == 512
    assert target.cooperative_vector_products == (
        ("f16", "f16", "f16", "f16"),
        ("f32", "f8e4m3", "f8e4m3", "f32"),
    )
    for name in ("h100-vulkan", "lavapipe"):
        assert get_target(name).cooperative_vector_components is None
        assert get_target(name).cooperative_vector_products is None
