"""The element-type vocabulary: each spelling maps to one `Element`, bf16's
two representations agree, and device reports use the targets' names."""

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    IndexType,
    IntegerType,
    Signedness,
    i1,
)

from coopmlir import elements
from coopmlir.elements import (
    BY_MLIR,
    BY_NAME,
    BY_VK_COMPONENT_TYPE,
    bf16_bits,
    bf16_from_bits,
    element_of,
    round_bf16,
)
from coopmlir.runtime.device_target import target_from_report
from coopmlir.runtime.vulkan_device import CoopMatShape, DeviceReport, _component_name
from coopmlir.targets import TARGETS


def test_spellings_are_one_element_each():
    assert len(BY_NAME) == len(BY_MLIR) == len(elements.ELEMENTS) == 16
    # 4-bit integers have no VkComponentTypeKHR; every other element has one.
    assert len(BY_VK_COMPONENT_TYPE) == 14
    assert BY_VK_COMPONENT_TYPE[1000491002] is BY_MLIR["f8E4M3FN"]
    assert BY_MLIR["ui8"] is BY_NAME["u8"]
    assert BY_MLIR["i32"] is BY_NAME["s32"]
    assert BY_VK_COMPONENT_TYPE[1000141000] is BY_NAME["bf16"]


def test_mlir_types_map_to_elements():
    assert element_of(Float16Type()).name == "f16"
    assert element_of(BFloat16Type()).name == "bf16"
    # Signless integers take the op's signedness; explicit ones keep theirs.
    assert element_of(IntegerType(8)).name == "s8"
    assert element_of(IntegerType(8), signed=False).name == "u8"
    assert element_of(IntegerType(32, Signedness.UNSIGNED)).name == "u32"
    assert element_of(IntegerType(32, Signedness.SIGNED), signed=False).name == "s32"
    assert element_of(IntegerType(4)).name == "s4"
    assert element_of(IntegerType(4, Signedness.UNSIGNED)).name == "u4"
    for bad in (IndexType(), i1, IntegerType(3)):
        with pytest.raises(ValueError, match="not an element type"):
            element_of(bad)


def test_every_target_names_known_elements():
    for target in TARGETS.values():
        for combination in target.type_combinations():
            for name in combination:
                assert name in BY_NAME, (target.name, name)


def test_bf16_representations_agree():
    x = np.array([1.0, 1.00390625, 1.01171875, -3.3e38, 1e-40, np.inf], np.float32)
    bits = bf16_bits(x)
    assert bits.dtype == np.uint16
    # 1 + 2^-8 ties to even (down), 1 + 3*2^-8 ties to even (up).
    assert list(bits[:3]) == [0x3F80, 0x3F80, 0x3F82]
    assert np.array_equal(bf16_from_bits(bits), round_bf16(x))
    assert np.isnan(round_bf16(np.float32(np.nan)))
    assert bf16_bits(np.float32(np.nan)) == 0x7FC0
    assert BY_NAME["bf16"].value_dtype == np.float32
    assert BY_NAME["bf16"].bits_dtype == np.uint16


def test_device_report_names_match_target_names():
    # VkComponentTypeKHR values as the driver reports them.
    assert [_component_name(v) for v in (0, 3, 9, 1000141000, 99)] == [
        "f16",
        "s8",
        "u32",
        "bf16",
        "99",
    ]
    shapes = [
        CoopMatShape(16, 16, 32, "s8", "s8", "s32", "s32", False, 3),
        CoopMatShape(16, 16, 16, "f16", "f16", "f32", "f32", False, 3),
    ]
    report = DeviceReport(
        0,
        "NVIDIA H100",
        "1.4.0",
        0,
        32,
        32,
        32,
        49152,
        1024,
        1.0,
        (2**31 - 1, 65535, 65535),
        {},
        set(),
        shapes,
    )
    target = target_from_report(report)
    assert target.shapes_for(("s8", "s8", "s32", "s32"))
    assert target.compute_units == 132
    assert target.max_workgroup_count == (2**31 - 1, 65535, 65535)
