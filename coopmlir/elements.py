"""The element types of coopmlir, in each spelling they come in.

One `Element` per component type: its short name (the VkComponentTypeKHR
names that targets and device reports use: f16, bf16, f32, f64, s8..s64,
u8..u64), its MLIR spelling, bit width, kind, VkComponentTypeKHR value and
numpy dtypes. MLIR integers are signless (the ops carry signedness), so
`i8` is s8 unless an op says unsigned; `ui8` is u8.

bf16 has two representations, each for one job: its values are held in
float32 arrays, rounded to bf16 after every operation (`round_bf16`; the
interpreter and the runtime's arrays), and it crosses into memory, packed
layouts and SPIR-V constants as its 16-bit pattern (`bf16_bits`,
`bf16_from_bits`), as numpy has no bfloat16.

Pure Python + numpy and xDSL's builtin types; nothing here imports coopmlir.
numpy is imported where a dtype or an array is asked for, not with the module
(coopmlir-opt's start-up never needs it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute

if TYPE_CHECKING:
    import numpy as np

Kind = Literal["float", "signed", "unsigned"]


@dataclass(frozen=True)
class Element:
    """One component type."""

    name: str  # VkComponentTypeKHR short name: f16, s8, u32, ...
    mlir: str  # how MLIR spells the type: f16, i8, ui32, ...
    bits: int
    kind: Kind
    vk_component_type: int  # VkComponentTypeKHR value (Vulkan specification)
    value_type: str  # numpy type that holds values (bf16: float32)
    bits_type: str  # numpy type of the value's bits in memory

    @cached_property
    def value_dtype(self) -> np.dtype:
        import numpy as np

        return np.dtype(self.value_type)

    @cached_property
    def bits_dtype(self) -> np.dtype:
        import numpy as np

        return np.dtype(self.bits_type)

    @property
    def is_float(self) -> bool:
        return self.kind == "float"

    @property
    def bytes(self) -> int:
        return self.bits // 8


def _float(name: str, bits: int, vk: int, value: str, stored: str) -> Element:
    return Element(name, name, bits, "float", vk, value, stored)


def _int(bits: int, signed: bool, vk: int) -> Element:
    kind: Kind = "signed" if signed else "unsigned"
    dtype = f"{'' if signed else 'u'}int{bits}"
    mlir = f"{'i' if signed else 'ui'}{bits}"
    name = f"{'s' if signed else 'u'}{bits}"
    return Element(name, mlir, bits, kind, vk, dtype, dtype)


# Integers, then floats, narrow to wide: the order tools list them in.
ELEMENTS: tuple[Element, ...] = (
    _int(8, True, 3),
    _int(16, True, 4),
    _int(32, True, 5),
    _int(64, True, 6),
    _int(8, False, 7),
    _int(16, False, 8),
    _int(32, False, 9),
    _int(64, False, 10),
    _float("f16", 16, 0, "float16", "float16"),
    # VK_KHR_shader_bfloat16's VK_COMPONENT_TYPE_BFLOAT16_KHR.
    _float("bf16", 16, 1000141000, "float32", "uint16"),
    _float("f32", 32, 1, "float32", "float32"),
    _float("f64", 64, 2, "float64", "float64"),
)

BY_NAME = {e.name: e for e in ELEMENTS}
BY_MLIR = {e.mlir: e for e in ELEMENTS}
BY_VK_COMPONENT_TYPE = {e.vk_component_type: e for e in ELEMENTS}

_FLOAT_TYPES = {
    Float16Type: "f16",
    BFloat16Type: "bf16",
    Float32Type: "f32",
    Float64Type: "f64",
}


def element_of(t: Attribute, signed: bool = True) -> Element:
    """The element of MLIR scalar type `t`; a signless integer is signed unless
    `signed` is False. ValueError for any other type (index, i1, ...)."""
    if type(t) in _FLOAT_TYPES:
        return BY_NAME[_FLOAT_TYPES[type(t)]]
    if isinstance(t, IntegerType):
        unsigned = t.signedness.data == Signedness.UNSIGNED or (
            t.signedness.data == Signedness.SIGNLESS and not signed
        )
        found = BY_NAME.get(f"{'u' if unsigned else 's'}{t.width.data}")
        if found is not None:
            return found
    raise ValueError(f"{t} is not an element type (f16, bf16, f32, f64, i8..i64)")


def is_float(t: Attribute) -> bool:
    """f16, bf16, f32 or f64."""
    return type(t) in _FLOAT_TYPES


def is_bf16(t: Attribute) -> bool:
    """A bf16 scalar, or a shaped type (memref, tensor, vector, matrix) of them."""
    return isinstance(getattr(t, "element_type", t), BFloat16Type)


def bit_width(t: Attribute) -> int:
    """Bits of a float or integer type (i1 included)."""
    if isinstance(t, IntegerType):
        return t.width.data
    return element_of(t).bits


# --------------------------------------------------------------------------
# bf16 (round to nearest even, as the hardware converts)
# --------------------------------------------------------------------------


def bf16_bits(values) -> np.ndarray:
    """The bf16 bit patterns (uint16) nearest to float32 `values`; a NaN
    keeps its sign and top payload bits (rounding could make it inf)."""
    import numpy as np

    x = np.asarray(values, dtype=np.float32)
    bits = x.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    truncated = (bits >> 16).astype(np.uint16)
    return np.where(np.isnan(x), truncated, rounded)


def bf16_from_bits(bits) -> np.ndarray:
    """float32 values of bf16 bit patterns."""
    import numpy as np

    return (np.asarray(bits).astype(np.uint32) << 16).view(np.float32)


def round_bf16(values) -> np.ndarray:
    """float32 `values` rounded to the nearest bf16, as float32."""
    import numpy as np

    x = np.asarray(values, dtype=np.float32)
    return np.where(np.isnan(x), x, bf16_from_bits(bf16_bits(x)))
