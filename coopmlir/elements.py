"""The element types of coopmlir, in each spelling they come in.

One `Element` per component type: its short name (the VkComponentTypeKHR
names that targets and device reports use: f16, bf16, f32, f64, s8..s64,
u8..u64, and f8e4m3, f8e5m2, s4, u4), its MLIR spelling, bit width, kind,
VkComponentTypeKHR value (None for 4-bit integers, which Vulkan has no
component type for) and numpy dtypes. MLIR integers are signless (the ops
carry signedness), so `i8` is s8 unless an op says unsigned; `ui8` is u8.

8-bit floats (f8E4M3FN, f8E5M2) are held like bf16: values in float32 arrays
(every f8 value is exact there), rounded to the format after every operation
(`round_f8`), and in memory as their byte (`f8_bits`, `f8_from_bits`). The
rounding is APFloat's, as MLIR's `arith.truncf` folds: nearest-even from the
exact value, overflow to inf (E5M2) or to NaN (E4M3FN, which has no
infinities; PyTorch's CPU `.to(torch.float8_e4m3fn)` saturates to +-448
instead), NaN keeps its sign (E4M3FN NaN is S.1111.111, E5M2's quiet NaN
S.11111.10).

4-bit integers are held one per int8 (i4, sign-extended) or uint8 (ui4)
value; in memory they are packed two per byte, the element of even index in
the low nibble (`pack_i4`, `unpack_i4`), as frontends pack int4 weights in
uint8. A `dense_resource` blob holds one byte per i4 element, as MLIR's
dense storage rounds element widths up to a byte.

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
    Float8E4M3FNType,
    Float8E5M2Type,
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
    vk_component_type: int | None  # VkComponentTypeKHR value (Vulkan specification)
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
        """Bytes of one element; 0 for 4-bit integers (two share a byte)."""
        return self.bits // 8

    @property
    def is_f8(self) -> bool:
        return self.is_float and self.bits == 8


def _float(name: str, bits: int, vk: int, value: str, stored: str) -> Element:
    return Element(name, name, bits, "float", vk, value, stored)


def _int(bits: int, signed: bool, vk: int | None) -> Element:
    kind: Kind = "signed" if signed else "unsigned"
    dtype = f"{'' if signed else 'u'}int{max(bits, 8)}"
    mlir = f"{'i' if signed else 'ui'}{bits}"
    name = f"{'s' if signed else 'u'}{bits}"
    return Element(name, mlir, bits, kind, vk, dtype, "uint8" if bits < 8 else dtype)


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
    # VK_EXT_shader_float8's VK_COMPONENT_TYPE_FLOAT8_E4M3_EXT / _E5M2_EXT.
    Element("f8e4m3", "f8E4M3FN", 8, "float", 1000491002, "float32", "uint8"),
    Element("f8e5m2", "f8E5M2", 8, "float", 1000491003, "float32", "uint8"),
    _int(4, True, None),
    _int(4, False, None),
)

BY_NAME = {e.name: e for e in ELEMENTS}
BY_MLIR = {e.mlir: e for e in ELEMENTS}
BY_VK_COMPONENT_TYPE = {
    e.vk_component_type: e for e in ELEMENTS if e.vk_component_type is not None
}


def vk_component_name(vk_component_type: int) -> str:
    """A VkComponentTypeKHR as coopmlir names it (s8, f16, ...), else its number."""
    element = BY_VK_COMPONENT_TYPE.get(vk_component_type)
    return str(vk_component_type) if element is None else element.name


_FLOAT_TYPES = {
    Float8E4M3FNType: "f8e4m3",
    Float8E5M2Type: "f8e5m2",
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
    raise ValueError(
        f"{t} is not an element type (f8E4M3FN, f8E5M2, f16, bf16, f32, f64, "
        "i4, i8..i64)"
    )


def is_float(t: Attribute) -> bool:
    """f8E4M3FN, f8E5M2, f16, bf16, f32 or f64."""
    return type(t) in _FLOAT_TYPES


def is_f8(t: Attribute) -> bool:
    """An 8-bit float scalar, or a shaped type of them."""
    return isinstance(getattr(t, "element_type", t), Float8E4M3FNType | Float8E5M2Type)


def is_i4(t: Attribute) -> bool:
    """A 4-bit integer scalar (i4, si4, ui4), or a shaped type of them."""
    t = getattr(t, "element_type", t)
    return isinstance(t, IntegerType) and t.width.data == 4


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


# --------------------------------------------------------------------------
# 8-bit floats (APFloat's conversion: nearest even from the exact value)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Float8Format:
    """The encoding of one 8-bit float: sign, exponent and mantissa fields."""

    mlir: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    has_infinity: bool  # E5M2 is IEEE-like; E4M3FN has NaN only (S.1111.111)

    @property
    def max_finite(self) -> float:
        top = 2**self.exponent_bits - 1 - self.bias  # E4M3FN uses the top binade
        if self.has_infinity:
            return (2 - 2.0**-self.mantissa_bits) * 2.0 ** (top - 1)
        return (2 - 2.0 ** (1 - self.mantissa_bits)) * 2.0**top

    @property
    def min_normal_exponent(self) -> int:
        return 1 - self.bias

    @property
    def nan_bits(self) -> int:
        """The positive NaN a conversion gives (quiet NaN for E5M2)."""
        if self.has_infinity:
            return 0x7F ^ ((1 << (self.mantissa_bits - 1)) - 1)
        return 0x7F

    @property
    def infinity_bits(self) -> int | None:
        return (0x7F ^ ((1 << self.mantissa_bits) - 1)) if self.has_infinity else None


F8E4M3FN = Float8Format("f8E4M3FN", 4, 3, 7, False)
F8E5M2 = Float8Format("f8E5M2", 5, 2, 15, True)
F8_FORMATS = {f.mlir: f for f in (F8E4M3FN, F8E5M2)}


def f8_format(t: Attribute) -> Float8Format:
    """The format of f8 type `t` (a scalar type or a shaped type of them)."""
    return F8_FORMATS[str(getattr(t, "element_type", t))]


def f8_bits(values, fmt: Float8Format) -> np.ndarray:
    """The uint8 encodings nearest to `values` (any float dtype; rounded once,
    from the exact value): ties to even, overflow to inf or NaN as `fmt` has
    them, NaN keeps its sign."""
    import numpy as np

    x = np.asarray(values, dtype=np.float64)
    sign = np.signbit(x).astype(np.uint8) << 7
    a = np.abs(x)
    with np.errstate(invalid="ignore", over="ignore"):
        _, e = np.frexp(a)  # a = f * 2**e, f in [0.5, 1): unbiased exponent e-1
        exponent = np.maximum(e - 1, fmt.min_normal_exponent)
        quantum = np.ldexp(1.0, exponent - fmt.mantissa_bits)
        rounded = np.rint(a / quantum) * quantum  # rint ties to even; exact scaling
        # Re-derive the fields: rounding may carry into the next binade.
        _, e2 = np.frexp(rounded)
        normal = rounded >= 2.0**fmt.min_normal_exponent
        field = np.where(normal, e2 - 1 + fmt.bias, 0)
        scale = np.ldexp(1.0, np.where(normal, e2 - 1, fmt.min_normal_exponent))
        mantissa = rounded / scale * 2**fmt.mantissa_bits
        mantissa = np.where(normal, mantissa - 2**fmt.mantissa_bits, mantissa)
        finite = np.isfinite(rounded) & (rounded <= fmt.max_finite)
        body = (field << fmt.mantissa_bits) + np.where(finite, mantissa, 0)
        body = np.where(finite, body, 0).astype(np.uint8)
    overflow = fmt.infinity_bits if fmt.has_infinity else fmt.nan_bits
    body = np.where(finite, body, np.uint8(overflow))
    body = np.where(np.isnan(x), np.uint8(fmt.nan_bits), body)
    return (body | sign).astype(np.uint8)


def f8_from_bits(bits, fmt: Float8Format) -> np.ndarray:
    """float32 values of f8 encodings `bits`."""
    import numpy as np

    return _f8_table(fmt)[np.asarray(bits).astype(np.uint8)]


def _f8_table(fmt: Float8Format) -> np.ndarray:
    """The 256 values of `fmt`, indexed by encoding (float32)."""
    import numpy as np

    cached = _F8_TABLES.get(fmt.mlir)
    if cached is not None:
        return cached
    b = np.arange(256)
    m = 2**fmt.mantissa_bits
    field, mantissa = (b >> fmt.mantissa_bits) & (2**fmt.exponent_bits - 1), b % m
    magnitude = np.where(
        field == 0,
        np.ldexp(mantissa / m, fmt.min_normal_exponent),
        np.ldexp(1 + mantissa / m, field - fmt.bias),
    )
    top = field == 2**fmt.exponent_bits - 1
    if fmt.has_infinity:
        magnitude = np.where(top, np.where(mantissa == 0, np.inf, np.nan), magnitude)
    else:
        magnitude = np.where(top & (mantissa == m - 1), np.nan, magnitude)
    table = np.where(b >= 128, -magnitude, magnitude).astype(np.float32)
    table.flags.writeable = False
    _F8_TABLES[fmt.mlir] = table
    return table


_F8_TABLES: dict[str, np.ndarray] = {}


def round_f8(values, fmt: Float8Format) -> np.ndarray:
    """`values` rounded to the nearest `fmt` value, as float32."""
    return f8_from_bits(f8_bits(values, fmt), fmt)


# --------------------------------------------------------------------------
# 4-bit integers (two per byte in memory, even index in the low nibble)
# --------------------------------------------------------------------------


def wrap_int4(values, signed: bool = True) -> np.ndarray:
    """`values` wrapped to 4 bits (two's complement): int8 in -8..7 when
    `signed`, else uint8 in 0..15."""
    import numpy as np

    low = np.asarray(values).astype(np.int64) & 0xF
    if signed:
        return np.where(low >= 8, low - 16, low).astype(np.int8)
    return low.astype(np.uint8)


def pack_i4(values) -> np.ndarray:
    """Bytes holding 4-bit `values` (flattened, C order) two per byte, the
    element of even index in the low nibble; an odd count leaves the last
    high nibble zero."""
    import numpy as np

    nibbles = wrap_int4(np.ravel(values), signed=False)
    if nibbles.size % 2:
        nibbles = np.append(nibbles, np.uint8(0))
    return (nibbles[0::2] | (nibbles[1::2] << 4)).astype(np.uint8)


def unpack_i4(data, count: int, signed: bool = True) -> np.ndarray:
    """The first `count` 4-bit values packed in bytes `data` (`pack_i4`)."""
    import numpy as np

    data = np.asarray(data, dtype=np.uint8).ravel()
    nibbles = np.stack([data & 0xF, data >> 4], axis=-1).ravel()[:count]
    return wrap_int4(nibbles, signed)
