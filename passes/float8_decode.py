"""8-bit floats decoded by integer operations, for targets without 8-bit
float types (every shipped device target: no VK_EXT_shader_float8). An f8
value in memory is a byte; widening it is exact with integer ops, so kernels
read f8 weights in their stored width and decode them in registers.

`decode_f8_to_f16(b, byte, fmt)` is the one decode: the lowering of
`arith.extf` from f8 here (`expand_f8_extensions`, run by convert-to-spirv)
and the quantized-weight kernels that decode in the load both call it. It
emits arith ops only, so each level that holds them runs on the interpreter.

- E5M2 is the top byte of an f16 (same exponent bias 15): `byte << 8`,
  infinities, NaNs and subnormals included.
- E4M3FN (bias 7): a normal number moves its 7 magnitude bits into place and
  rebiases the exponent (`(mag << 7) + (8 << 10)`); a subnormal (exponent
  0) is `mantissa * 2^-9`, computed as a float product (exact: f16 holds
  it); S.1111.111 is NaN (f16 0x7E00, sign kept).

Library code for passes (no pass of its own); imports only point down.
"""

from __future__ import annotations

from typing import Protocol

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    Float16Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.elements import F8E4M3FN, Float8Format, f8_format, is_f8

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


class _Before:
    """An `Emitter` that inserts each op before `anchor`."""

    def __init__(self, anchor: Operation):
        self.point = InsertPoint.before(anchor)

    def emit(self, op: Operation) -> Operation:
        Rewriter.insert_op(op, self.point)
        return op


def _scalar(t: Attribute) -> bool:
    return not isinstance(t, VectorType)


def expand_f8_extensions(root: Operation) -> None:
    """Rewrite each scalar `arith.extf` from f8 under `root` into a bitcast
    to its i8 bits and `decode_f8_to_f16` (then an exact `extf` to a wider
    result): `%w = arith.extf %x : f8E4M3FN to f32` becomes
    `%b = arith.bitcast %x : f8E4M3FN to i8`, the decode, `arith.extf %h :
    f16 to f32`."""
    for op in list(root.walk()):
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
