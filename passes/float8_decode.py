"""8-bit floats decoded (and encoded) by integer operations, for targets
without 8-bit float types (every shipped device target: no
VK_EXT_shader_float8). An f8 value in memory is a byte; widening it is exact
with integer ops, so kernels read f8 weights in their stored width and
decode them in registers.

`decode_f8_to_f16(b, byte, fmt)` is the one decode: the lowering of
`arith.extf` from f8 here (`expand_f8_conversions`, run by convert-to-spirv)
and the quantized-weight kernels that decode in the load both call it. It
emits arith ops only, so each level that holds them runs on the interpreter.

- E5M2 is the top byte of an f16 (same exponent bias 15): `byte << 8`,
  infinities, NaNs and subnormals included.
- E4M3FN (bias 7): a normal number moves its 7 magnitude bits into place and
  rebiases the exponent (`(mag << 7) + (8 << 10)`); a subnormal (exponent
  0) is `mantissa * 2^-9`, computed as a float product (exact: f16 holds
  it); S.1111.111 is NaN (f16 0x7E00, sign kept).

`encode_f32_to_f8(b, value, fmt)` is the other way, as MLIR's APFloat
rounds (`coopmlir.elements.f8_bits`): nearest even on the f32 bits (a
rounding carry moves into the exponent), overflow to inf (E5M2) or NaN
(E4M3FN), subnormals by an integer shift with a sticky remainder, NaN to the
format's NaN with its sign.

Library code for passes (no pass of its own); imports only point down.
"""

from __future__ import annotations

from typing import Protocol

from xdsl.dialects import arith, vector
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.constant_cache import arith_constant
from coopmlir.elements import F8E4M3FN, Float8Format, f8_bits, f8_format, is_f8

i8, i16 = IntegerType(8), IntegerType(16)
f16 = Float16Type()


class Emitter(Protocol):
    """Where decode ops go: the kernel layer's `KernelBuilder` is one."""

    def emit(self, op: Operation) -> Operation: ...


class _I32:
    """Emits arith ops on i32 bit patterns through an `Emitter`; an int
    operand is an i32 constant."""

    def __init__(self, b: Emitter):
        self.b = b

    def value(self, op: Operation) -> SSAValue:
        return self.b.emit(op).results[0]

    def of(self, x: SSAValue | int) -> SSAValue:
        if isinstance(x, int):
            return self.value(arith.ConstantOp(IntegerAttr(x, i32)))
        return x

    def op(self, cls: type[Operation], x: SSAValue | int, y: SSAValue | int):
        return self.value(cls(self.of(x), self.of(y)))

    def cmp(self, x: SSAValue, predicate: str, y: SSAValue | int) -> SSAValue:
        return self.value(arith.CmpiOp(x, self.of(y), predicate))

    def select(self, c: SSAValue, x: SSAValue | int, y: SSAValue | int) -> SSAValue:
        return self.value(arith.SelectOp(c, self.of(x), self.of(y)))


def decode_f8_to_f16(b: Emitter, byte: SSAValue, fmt: Float8Format) -> SSAValue:
    """The f16 value (exact) of the f8 number of format `fmt` whose bits are
    the i8 `byte`: integer ops plus, for E4M3FN subnormals, one multiply."""
    e = _I32(b)

    def as_f16(bits: SSAValue) -> SSAValue:
        return e.value(arith.BitcastOp(e.value(arith.TruncIOp(bits, i16)), f16))

    u = e.value(arith.ExtUIOp(byte, i32))
    if fmt is not F8E4M3FN:  # E5M2: the high byte of an f16
        return as_f16(e.op(arith.ShLIOp, u, 8))
    sign = e.op(arith.ShLIOp, e.op(arith.AndIOp, u, 0x80), 8)
    mag = e.op(arith.AndIOp, u, 0x7F)
    normal = e.op(arith.AddiOp, e.op(arith.ShLIOp, mag, 7), 8 << 10)
    normal = e.select(e.cmp(mag, "eq", 0x7F), 0x7E00, normal)  # S.1111.111: NaN
    # Exponent 0: mantissa * 2^-9, an exact f16 product.
    mantissa = e.value(arith.UIToFPOp(e.op(arith.AndIOp, u, 7), f16))
    step = e.value(arith.ConstantOp(FloatAttr(2.0**-9, f16)))
    product = e.value(arith.MulfOp(mantissa, step))
    subnormal = e.value(arith.ExtUIOp(e.value(arith.BitcastOp(product, i16)), i32))
    magnitude = e.select(e.cmp(mag, "ult", 8), subnormal, normal)
    return as_f16(e.op(arith.OrIOp, magnitude, sign))


#: The pair of f16 values a 32-bit word's two halves hold.
F16_PAIR = VectorType(f16, [2])


def decode_f8_pair_to_f16(
    b: Emitter, word: SSAValue, low: int, fmt: Float8Format
) -> SSAValue:
    """The two f16 values (exact, a `vector<2xf16>`) of the f8 numbers in
    bytes `low // 8` and `low // 8 + 2` of the i32 `word` (`low` 0 or 8):
    both at once on the word's halves, no per-byte extraction.

    E5M2 is each byte moved to the top of its half. E4M3FN: each half's
    `mag << 7 | sign << 15` is the f16 whose value is 2^-8 times the f8
    value, subnormals included (bias 7 against 15; an f8 subnormal is an
    f16 subnormal 2^8 smaller), so one f16x2 multiply by 2^8 finishes
    both (exact); S.1111.111 (NaN) gets the f16 exponent's top bit, from
    `(mag + 1) & 0x80`, and is NaN after the multiply."""
    assert low in (0, 8)
    e = _I32(b)

    def as_pair(bits: SSAValue) -> SSAValue:
        one = e.value(vector.BroadcastOp(bits, VectorType(i32, [1])))
        return e.value(vector.BitcastOp(one, F16_PAIR))

    up = word if low == 8 else e.op(arith.ShLIOp, word, 8)  # bytes to bits 8, 24
    if fmt is not F8E4M3FN:
        return as_pair(e.op(arith.AndIOp, up, _signed(0xFF00FF00)))
    shifted = word if low == 0 else e.op(arith.ShRUIOp, word, low)
    mag = e.op(arith.AndIOp, shifted, 0x007F007F)
    sign = e.op(arith.AndIOp, up, _signed(0x80008000))
    nan = e.op(arith.AndIOp, e.op(arith.AddiOp, mag, 0x00010001), 0x00800080)
    bits = e.op(arith.OrIOp, e.op(arith.ShLIOp, mag, 7), sign)
    bits = e.op(arith.OrIOp, bits, e.op(arith.ShLIOp, nan, 7))
    scale = e.value(arith_constant(2.0**8, F16_PAIR))
    return e.value(arith.MulfOp(as_pair(bits), scale))


def _signed(bits: int) -> int:
    """A 32-bit pattern as the i32 constant holding it."""
    return bits - (1 << 32) if bits >= 1 << 31 else bits


def encode_f32_to_f8(b: Emitter, value: SSAValue, fmt: Float8Format) -> SSAValue:
    """The i8 bits of the `fmt` number nearest to the f32 `value` (ties to
    even, as `arith.truncf` rounds), by integer ops on its bits."""
    e = _I32(b)
    m, bias = fmt.mantissa_bits, fmt.bias
    bits = e.value(arith.BitcastOp(value, i32))
    sign = e.op(arith.AndIOp, e.op(arith.ShRUIOp, bits, 24), 0x80)
    a = e.op(arith.AndIOp, bits, 0x7FFFFFFF)
    # Normal results: round the f32 bits to m mantissa bits, then rebias.
    drop = 23 - m
    lsb = e.op(arith.AndIOp, e.op(arith.ShRUIOp, a, drop), 1)
    bump = e.op(arith.AddiOp, lsb, (1 << (drop - 1)) - 1)
    rounded = e.op(arith.ShRUIOp, e.op(arith.AddiOp, a, bump), drop)
    normal = e.op(arith.SubiOp, rounded, (127 - bias) << m)
    top = fmt.infinity_bits if fmt.has_infinity else fmt.nan_bits
    largest = int(f8_bits(fmt.max_finite, fmt))
    normal = e.select(e.cmp(normal, "ugt", largest), top, normal)
    # Subnormal results: the significand shifted to units of the smallest
    # subnormal, 2^(1-bias-m), rounded to nearest even on the remainder.
    significand = e.op(arith.OrIOp, e.op(arith.AndIOp, a, 0x7FFFFF), 0x800000)
    shift = e.op(arith.SubiOp, 150 + 1 - bias - m, e.op(arith.ShRUIOp, a, 23))
    # Kept in 1..31 (only normal results, whose subnormal path is unused,
    # fall outside): no shift past the width.
    shift = e.select(e.cmp(e.op(arith.SubiOp, shift, 1), "ugt", 30), 31, shift)
    q = e.op(arith.ShRUIOp, significand, shift)
    half = e.op(arith.ShLIOp, 1, e.op(arith.SubiOp, shift, 1))
    below = e.op(arith.SubiOp, e.op(arith.ShLIOp, half, 1), 1)
    rem = e.op(arith.AndIOp, significand, below)
    odd = e.cmp(e.op(arith.AndIOp, q, 1), "eq", 1)
    tie_up = e.value(arith.AndIOp(e.cmp(rem, "eq", half), odd))
    up = e.value(arith.OrIOp(e.cmp(rem, "ugt", half), tie_up))
    subnormal = e.op(arith.AddiOp, q, e.value(arith.ExtUIOp(up, i32)))
    smallest_normal = (127 + 1 - bias) << 23
    magnitude = e.select(e.cmp(a, "ult", smallest_normal), subnormal, normal)
    magnitude = e.select(e.cmp(a, "ugt", 0x7F800000), fmt.nan_bits, magnitude)
    return e.value(arith.TruncIOp(e.op(arith.OrIOp, magnitude, sign), i8))


class _Before:
    """An `Emitter` that inserts each op before `anchor`."""

    def __init__(self, anchor: Operation):
        self.point = InsertPoint.before(anchor)

    def emit(self, op: Operation) -> Operation:
        Rewriter.insert_op(op, self.point)
        return op


def _scalar(t: Attribute) -> bool:
    return not isinstance(t, VectorType)


def expand_f8_conversions(root: Operation) -> None:
    """Rewrite each scalar `arith.extf` from f8 under `root` into a bitcast
    to its i8 bits and `decode_f8_to_f16` (then an exact `extf` to a wider
    result): `%w = arith.extf %x : f8E4M3FN to f32` becomes
    `%b = arith.bitcast %x : f8E4M3FN to i8`, the decode, `arith.extf %h :
    f16 to f32`; and each scalar `arith.truncf` from f16 or f32 to f8 into
    `encode_f32_to_f8` and a bitcast of its bits to f8 (from f64 it stays:
    convert-to-spirv refuses it, as a detour through f32 would round twice)."""
    for op in list(root.walk()):
        if isinstance(op, arith.TruncFOp) and is_f8(op.result.type):
            _expand_truncation(op)
            continue
        if not isinstance(op, arith.ExtFOp) or not is_f8(op.input.type):
            continue
        if not _scalar(op.input.type):
            continue
        b = _Before(op)
        byte = b.emit(arith.BitcastOp(op.input, i8)).results[0]
        wide = decode_f8_to_f16(b, byte, f8_format(op.input.type))
        if op.result.type != f16:
            wide = b.emit(arith.ExtFOp(wide, op.result.type)).results[0]
        op.result.replace_all_uses_with(wide)
        Rewriter.erase_op(op)


def _expand_truncation(op: arith.TruncFOp) -> None:
    source = op.input.type
    if not isinstance(source, Float16Type | Float32Type):
        return
    b = _Before(op)
    value = op.input
    if isinstance(source, Float16Type):
        value = b.emit(arith.ExtFOp(value, Float32Type())).results[0]
    byte = encode_f32_to_f8(b, value, f8_format(op.result.type))
    narrow = b.emit(arith.BitcastOp(byte, op.result.type)).results[0]
    op.result.replace_all_uses_with(narrow)
    Rewriter.erase_op(op)
