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

from xdsl.dialects import arith
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

from coopmlir.elements import F8E4M3FN, Float8Format, f8_bits, f8_format, is_f8

i8, i16 = IntegerType(8), IntegerType(16)
f16 = Float16Type()


class Emitter(Protocol):
    """Where decode ops go: the kernel layer's `KernelBuilder` is one."""

    def emit(self, op: Operation) -> Operation: ...


def decode_f8_to_f16(b: Emitter, byte: SSAValue, fmt: Float8Format) -> SSAValue:
    """The f16 value (exact) of the f8 number of format `fmt` whose bits are
    the i8 `byte`: integer ops plus, for E4M3FN subnormals, one multiply."""

    def value(op: Operation) -> SSAValue:
        return b.emit(op).results[0]

    def const(n: int) -> SSAValue:
        return value(arith.ConstantOp(IntegerAttr(n, i32)))

    def binary(cls: type[Operation], x: SSAValue, y: SSAValue | int) -> SSAValue:
        return value(cls(x, const(y) if isinstance(y, int) else y))

    def as_f16(bits: SSAValue) -> SSAValue:
        return value(arith.BitcastOp(value(arith.TruncIOp(bits, i16)), f16))

    u = value(arith.ExtUIOp(byte, i32))
    if fmt is not F8E4M3FN:  # E5M2: the high byte of an f16
        return as_f16(binary(arith.ShLIOp, u, 8))
    sign = binary(arith.ShLIOp, binary(arith.AndIOp, u, 0x80), 8)
    mag = binary(arith.AndIOp, u, 0x7F)
    normal = binary(arith.AddiOp, binary(arith.ShLIOp, mag, 7), 8 << 10)
    is_nan = value(arith.CmpiOp(mag, const(0x7F), "eq"))
    normal = value(arith.SelectOp(is_nan, const(0x7E00), normal))
    # Exponent 0: mantissa * 2^-9, an exact f16 product.
    mantissa = value(arith.UIToFPOp(binary(arith.AndIOp, u, 7), f16))
    step = value(arith.ConstantOp(FloatAttr(2.0**-9, f16)))
    product = value(arith.MulfOp(mantissa, step))
    subnormal = value(arith.ExtUIOp(value(arith.BitcastOp(product, i16)), i32))
    is_sub = value(arith.CmpiOp(mag, const(8), "ult"))
    magnitude = value(arith.SelectOp(is_sub, subnormal, normal))
    return as_f16(binary(arith.OrIOp, magnitude, sign))


def encode_f32_to_f8(b: Emitter, value: SSAValue, fmt: Float8Format) -> SSAValue:
    """The i8 bits of the `fmt` number nearest to the f32 `value` (ties to
    even, as `arith.truncf` rounds), by integer ops on its bits."""

    def v(op: Operation) -> SSAValue:
        return b.emit(op).results[0]

    def const(n: int) -> SSAValue:
        return v(arith.ConstantOp(IntegerAttr(n, i32)))

    def op2(cls: type[Operation], x: SSAValue, y: SSAValue | int) -> SSAValue:
        return v(cls(x, const(y) if isinstance(y, int) else y))

    def cmp(x: SSAValue, predicate: str, y: SSAValue | int) -> SSAValue:
        return v(arith.CmpiOp(x, const(y) if isinstance(y, int) else y, predicate))

    def select(c: SSAValue, x: SSAValue | int, y: SSAValue | int) -> SSAValue:
        x = const(x) if isinstance(x, int) else x
        return v(arith.SelectOp(c, x, const(y) if isinstance(y, int) else y))

    m, bias = fmt.mantissa_bits, fmt.bias
    bits = v(arith.BitcastOp(value, i32))
    sign = op2(arith.AndIOp, op2(arith.ShRUIOp, bits, 24), 0x80)
    a = op2(arith.AndIOp, bits, 0x7FFFFFFF)
    # Normal results: round the f32 bits to m mantissa bits, then rebias.
    drop = 23 - m
    lsb = op2(arith.AndIOp, op2(arith.ShRUIOp, a, drop), 1)
    bump = op2(arith.AddiOp, lsb, (1 << (drop - 1)) - 1)
    rounded = op2(arith.ShRUIOp, op2(arith.AddiOp, a, bump), drop)
    normal = op2(arith.SubiOp, rounded, (127 - bias) << m)
    top = fmt.infinity_bits if fmt.has_infinity else fmt.nan_bits
    largest = int(f8_bits(fmt.max_finite, fmt))
    normal = select(cmp(normal, "ugt", largest), top, normal)
    # Subnormal results: the significand shifted to units of the smallest
    # subnormal, 2^(1-bias-m), rounded to nearest even on the remainder.
    significand = op2(arith.OrIOp, op2(arith.AndIOp, a, 0x7FFFFF), 0x800000)
    shift = op2(arith.SubiOp, const(150 + 1 - bias - m), op2(arith.ShRUIOp, a, 23))
    # Kept in 1..31 (only normal results, whose subnormal path is unused,
    # fall outside): no shift past the width.
    shift = select(cmp(op2(arith.SubiOp, shift, 1), "ugt", 30), 31, shift)
    q = op2(arith.ShRUIOp, significand, shift)
    half = op2(arith.ShLIOp, const(1), op2(arith.SubiOp, shift, 1))
    rem = op2(
        arith.AndIOp, significand, op2(arith.SubiOp, op2(arith.ShLIOp, half, 1), 1)
    )
    odd = cmp(op2(arith.AndIOp, q, 1), "eq", 1)
    tie_up = v(arith.AndIOp(cmp(rem, "eq", half), odd))
    up = v(arith.OrIOp(cmp(rem, "ugt", half), tie_up))
    subnormal = op2(arith.AddiOp, q, v(arith.ExtUIOp(up, i32)))
    smallest_normal = (127 + 1 - bias) << 23
    magnitude = select(cmp(a, "ult", smallest_normal), subnormal, normal)
    magnitude = select(cmp(a, "ugt", 0x7F800000), fmt.nan_bits, magnitude)
    return v(arith.TruncIOp(op2(arith.OrIOp, magnitude, sign), i8))


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
