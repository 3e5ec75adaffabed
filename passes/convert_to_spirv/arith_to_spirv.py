"""arith and math ops (scalars, SPIR-V vectors, and arrays element by
element) in convert-to-spirv.

- Integer, float and bitwise ops map one to one (`_INT_BINARY`, ...); on
  i1, the bitwise ops are the logical ones. NaN handling of max/min follows
  GLSL.std.450 FMax/FMin.
- Casts: `convert`; `arith.extf` from bf16 is a shift into the high half of
  an f32, `arith.truncf` to bf16 rounds to nearest even (`bf16_from_float`).
  f8 values are bytes: `arith.extf` from f8 and `arith.truncf` from f16/f32
  to f8 were rewritten into integer ops before (passes/float8_decode.py), a
  bitcast between f8 and i8 is the byte itself, and any other op on f8
  (arithmetic, `arith.truncf` from f64) is refused: no target has 8-bit
  float arithmetic (VK_EXT_shader_float8).
- An index constant outside i32 is refused (`targets.INDEX_LIMIT`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float32Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
    i1,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
)
from coopmlir.dialects.spirv.types import ArrayType
from coopmlir.elements import bf16_bits, is_f8
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.targets import INDEX_LIMIT

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering

_INT_BINARY: dict[type[Operation], type[Operation]] = {
    arith.AddiOp: sa.IAddOp,
    arith.SubiOp: sa.ISubOp,
    arith.MuliOp: sa.IMulOp,
    arith.DivUIOp: sa.UDivOp,
    arith.DivSIOp: sa.SDivOp,
    arith.RemUIOp: sa.UModOp,
    arith.RemSIOp: sa.SRemOp,
    arith.MinUIOp: sa.GLUMinOp,
    arith.MaxUIOp: sa.GLUMaxOp,
    arith.MinSIOp: sa.GLSMinOp,
    arith.MaxSIOp: sa.GLSMaxOp,
    arith.ShLIOp: sa.ShiftLeftLogicalOp,
    arith.ShRUIOp: sa.ShiftRightLogicalOp,
    arith.ShRSIOp: sa.ShiftRightArithmeticOp,
}

_BITWISE: dict[type[Operation], tuple[type[Operation], type[Operation]]] = {
    arith.AndIOp: (sa.BitwiseAndOp, sa.LogicalAndOp),
    arith.OrIOp: (sa.BitwiseOrOp, sa.LogicalOrOp),
    arith.XOrIOp: (sa.BitwiseXorOp, sa.LogicalNotEqualOp),
}

_FLOAT_BINARY: dict[type[Operation], type[Operation]] = {
    arith.AddfOp: sa.FAddOp,
    arith.SubfOp: sa.FSubOp,
    arith.MulfOp: sa.FMulOp,
    arith.DivfOp: sa.FDivOp,
    # NaN handling follows GLSL.std.450 FMax/FMin (documented difference).
    arith.MaximumfOp: sa.GLFMaxOp,
    arith.MinimumfOp: sa.GLFMinOp,
    arith.MaxnumfOp: sa.GLFMaxOp,
    arith.MinnumfOp: sa.GLFMinOp,
    math.PowFOp: sa.GLPowOp,
}

_FLOAT_UNARY: dict[type[Operation], type[Operation]] = {
    arith.NegfOp: sa.FNegateOp,
    math.AbsFOp: sa.GLFAbsOp,
    math.FloorOp: sa.GLFloorOp,
    math.CeilOp: sa.GLCeilOp,
    math.ExpOp: sa.GLExpOp,
    math.Exp2Op: sa.GLExp2Op,
    math.LogOp: sa.GLLogOp,
    math.Log2Op: sa.GLLog2Op,
    math.SqrtOp: sa.GLSqrtOp,
    math.RsqrtOp: sa.GLInverseSqrtOp,
    math.TanhOp: sa.GLTanhOp,
    math.SinOp: sa.GLSinOp,
    math.CosOp: sa.GLCosOp,
}

# arith.cmpi predicate -> op (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge)
_CMPI = (
    sa.IEqualOp,
    sa.INotEqualOp,
    sa.SLessThanOp,
    sa.SLessThanEqualOp,
    sa.SGreaterThanOp,
    sa.SGreaterThanEqualOp,
    sa.ULessThanOp,
    sa.ULessThanEqualOp,
    sa.UGreaterThanOp,
    sa.UGreaterThanEqualOp,
)

# arith.cmpf predicate -> op; None: constant false/true or ordered-ness tests
_CMPF: tuple[type[Operation] | None, ...] = (
    None,
    sa.FOrdEqualOp,
    sa.FOrdGreaterThanOp,
    sa.FOrdGreaterThanEqualOp,
    sa.FOrdLessThanOp,
    sa.FOrdLessThanEqualOp,
    sa.FOrdNotEqualOp,
    None,
    sa.FUnordEqualOp,
    sa.FUnordGreaterThanOp,
    sa.FUnordGreaterThanEqualOp,
    sa.FUnordLessThanOp,
    sa.FUnordLessThanEqualOp,
    sa.FUnordNotEqualOp,
    None,
    None,
)

#: Ops that take bf16 operands (carried as i16 bits).
_BF16_OK = (arith.ExtFOp, arith.SelectOp, arith.BitcastOp)
#: Ops that take f8 operands (carried as i8 bits; extf is decoded before).
_F8_OK = (arith.SelectOp, arith.BitcastOp)


def elementwise(
    k: KernelLowering, op: Operation, scalar: Callable[..., SSAValue | Operation]
):
    """Apply `scalar` to the mapped operands; where they are arrays (vectors
    longer than 4), per element. Scalar operands (a select's i1) are shared."""
    for v in op.operands:
        element = v.type
        if isinstance(element, VectorType):
            element = element.get_element_type()
        if isinstance(element, BFloat16Type) and type(op) not in _BF16_OK:
            raise LoweringError("bf16 arithmetic is not supported; use arith.extf")
        if is_f8(element) and type(op) not in _F8_OK:
            raise LoweringError(
                f"'{op.name}' on {element} needs a target with 8-bit floats "
                "(VK_EXT_shader_float8); widen with arith.extf first"
            )
    operands = [k.get(v) for v in op.operands]
    result_type = k.types.value_type(op.results[0].type)

    def one(parts: Sequence[SSAValue]) -> SSAValue:
        made = scalar(*parts)
        return made if isinstance(made, SSAValue) else k.b.value(made)

    if not isinstance(result_type, ArrayType) and not any(
        isinstance(v.type, ArrayType) for v in operands
    ):
        k.result(op, one(operands))
        return
    length = next(
        t.length.data
        for t in (result_type, *(v.type for v in operands))
        if isinstance(t, ArrayType)
    )
    elements = []
    for j in range(length):
        parts = [
            k.b.value(CompositeExtractOp(v, [j]))
            if isinstance(v.type, ArrayType)
            else v
            for v in operands
        ]
        elements.append(one(parts))
    k.result(op, CompositeConstructOp(elements, result_type))


def _int_binary(k: KernelLowering, op: Operation) -> None:
    elementwise(k, op, _INT_BINARY[type(op)])


def _bitwise(k: KernelLowering, op: Operation) -> None:
    integer, logical = _BITWISE[type(op)]
    element = op.operands[0].type
    if isinstance(element, VectorType):
        element = element.get_element_type()
    elementwise(k, op, logical if element == i1 else integer)


def _float_binary(k: KernelLowering, op: Operation) -> None:
    elementwise(k, op, _FLOAT_BINARY[type(op)])


def _float_unary(k: KernelLowering, op: Operation) -> None:
    elementwise(k, op, _FLOAT_UNARY[type(op)])


def fma(k: KernelLowering, op: Operation) -> None:
    elementwise(k, op, sa.GLFmaOp)


def _constant(k: KernelLowering, op: arith.ConstantOp) -> None:
    value, t = op.value, op.result.type
    if isinstance(value, IntegerAttr):
        n = value.value.data
        if isinstance(t, IndexType) and not -(2**31) <= n <= INDEX_LIMIT:
            raise LoweringError(f"index constant {n} does not fit in i32")
        target = k.types.scalar_type(t)
        k.result(op, k.const(n, target))
        return
    if isinstance(value, FloatAttr):
        if isinstance(t, BFloat16Type):
            bits = int(bf16_bits(value.value.data))
            k.result(op, k.const(bits, k.types.scalar_type(t)))
            return
        k.result(op, k.const(value.value.data, t))
        return
    if isinstance(value, DenseIntOrFPElementsAttr) and isinstance(t, VectorType):
        element = t.get_element_type()
        values = list(value.get_values())
        if len(values) == 1:
            values *= t.get_shape()[0]
        target = k.types.scalar_type(element)
        if isinstance(element, BFloat16Type):
            values = [int(b) for b in bf16_bits(values)]
        parts = [k.const(v, target) for v in values]
        k.result(op, CompositeConstructOp(parts, k.types.value_type(t)))
        return
    raise LoweringError(f"constant {value} is not supported")


def _cmpi(k: KernelLowering, op: arith.CmpiOp) -> None:
    predicate = op.predicate.value.data
    cls = _CMPI[predicate]
    element = op.lhs.type
    if isinstance(element, VectorType):
        element = element.get_element_type()
    if element == i1 and predicate in (0, 1):
        cls = sa.LogicalEqualOp if predicate == 0 else sa.LogicalNotEqualOp
    elementwise(k, op, cls)


def _cmpf(k: KernelLowering, op: arith.CmpfOp) -> None:
    predicate = op.predicate.value.data
    cls = _CMPF[predicate]
    if cls is not None:
        elementwise(k, op, cls)
    elif predicate in (_ORD, _UNO):
        elementwise(k, op, lambda a, b: _ordered(k, a, b, predicate == _ORD))
    elif isinstance(op.lhs.type, VectorType):
        raise LoweringError("cmpf false/true on vectors is not supported")
    else:  # false, true
        k.result(op, k.const(int(predicate == _TRUE), i1))


# The arith.cmpf predicates that test ordered-ness, and constant true.
_ORD, _UNO, _TRUE = 7, 14, 15


def _ordered(k: KernelLowering, a: SSAValue, b: SSAValue, ordered: bool) -> SSAValue:
    """ord: neither operand is NaN (each equals itself); uno: either is."""
    if ordered:
        tests = [k.b.value(sa.FOrdEqualOp(x, x)) for x in (a, b)]
        return k.b.value(sa.LogicalAndOp(*tests))
    tests = [k.b.value(sa.FUnordNotEqualOp(x, x)) for x in (a, b)]
    return k.b.value(sa.LogicalOrOp(*tests))


def _select(k: KernelLowering, op: arith.SelectOp) -> None:
    cond = k.get(op.cond)
    if op.lhs in k.packed or op.rhs in k.packed:
        if isinstance(op.cond.type, IntegerType):
            # One condition for both 128-bit values: select the words.
            a, b = k.get_packed(op.lhs), k.get_packed(op.rhs)
            k.set_packed(op.result, k.b.value(sa.SelectOp(cond, a, b)))
            return
    if isinstance(cond.type, IntegerType) and isinstance(
        k.types.value_type(op.result.type), ArrayType
    ):
        # One condition for whole arrays: a selection picks the array.
        a, b = k.get(op.lhs), k.get(op.rhs)
        picked = k.b.selection(cond, [a.type], lambda: [a], lambda: [b])
        k.result(op, picked[0])
        return
    elementwise(k, op, sa.SelectOp)


def _cast(k: KernelLowering, op: Operation) -> None:
    (source,) = op.operands
    src_t, dst_t = source.type, op.results[0].type
    if isinstance(src_t, VectorType):
        src_t = src_t.get_element_type()
    if isinstance(dst_t, VectorType):
        dst_t = dst_t.get_element_type()
    if isinstance(k.types.value_type(op.results[0].type), VectorType):
        # Conversions on SPIR-V vectors work as on scalars.
        src_t, dst_t = source.type, op.results[0].type
    kind = type(op)
    result_type = k.types.value_type(op.results[0].type)
    if isinstance(result_type, VectorType) and any(
        isinstance(t, VectorType) and isinstance(t.element_type, BFloat16Type)
        for t in (source.type, op.results[0].type)
    ):
        # bf16 travels as i16 bits: convert a short vector per component.
        vec, src_e = k.get(source), source.type.get_element_type()
        dst_e = op.results[0].type.get_element_type()
        parts = [
            convert(k, k.b.value(CompositeExtractOp(vec, [i])), src_e, dst_e, kind)
            for i in range(result_type.get_shape()[0])
        ]
        k.result(op, CompositeConstructOp(parts, result_type))
        return
    elementwise(k, op, lambda v: convert(k, v, src_t, dst_t, kind))


def convert(
    k: KernelLowering, value: SSAValue, src_t: Attribute, dst_t: Attribute, kind: type
) -> SSAValue:
    """`value` (of builtin type `src_t`) as `dst_t`, for arith cast `kind`."""
    target = k.types.value_type(dst_t)
    if isinstance(src_t, BFloat16Type) and kind is arith.ExtFOp:
        wide = k.b.value(sc.UConvertOp(value, i32))
        shifted = k.b.value(sa.ShiftLeftLogicalOp(wide, k.const(16)))
        as_f32 = k.b.value(sc.BitcastOp(shifted, Float32Type()))
        if target == Float32Type():
            return as_f32
        return k.b.value(sc.FConvertOp(as_f32, target))
    if isinstance(dst_t, BFloat16Type) and kind is arith.TruncFOp:
        return bf16_from_float(k, value)
    if is_f8(dst_t) and kind is not arith.BitcastOp:
        raise LoweringError(
            f"'{kind.name}' to {dst_t} needs a target with 8-bit floats "
            "(VK_EXT_shader_float8)"
        )
    if value.type == target:
        return value
    if kind in (arith.ExtFOp, arith.TruncFOp):
        return k.b.value(sc.FConvertOp(value, target))
    if kind is arith.ExtSIOp or kind is arith.IndexCastOp:
        if value.type == i1:
            return _from_bool(k, value, target, signed=True)
        return k.b.value(sc.SConvertOp(value, target))
    if kind in (arith.ExtUIOp, arith.TruncIOp):
        if value.type == i1:
            return _from_bool(k, value, target, signed=False)
        if target == i1:
            one = k.b.value(sa.BitwiseAndOp(value, k.const(1, value.type)))
            return k.b.value(sa.INotEqualOp(one, k.const(0, value.type)))
        return k.b.value(sc.UConvertOp(value, target))
    if kind is arith.SIToFPOp:
        return k.b.value(sc.ConvertSToFOp(value, target))
    if kind is arith.UIToFPOp:
        return k.b.value(sc.ConvertUToFOp(value, target))
    if kind is arith.FPToSIOp:
        return k.b.value(sc.ConvertFToSOp(value, target))
    if kind is arith.FPToUIOp:
        return k.b.value(sc.ConvertFToUOp(value, target))
    if kind is arith.BitcastOp:
        return k.b.value(sc.BitcastOp(value, target))
    raise LoweringError(f"cannot convert {src_t} to {dst_t}")


def _from_bool(
    k: KernelLowering, value: SSAValue, target: Attribute, signed: bool
) -> SSAValue:
    one = k.const(-1 if signed else 1, target)
    return k.b.value(sa.SelectOp(value, one, k.const(0, target)))


def bf16_from_float(k: KernelLowering, value: SSAValue) -> SSAValue:
    """Round an f32 to bf16 bits (nearest even; NaN stays NaN)."""
    if value.type != Float32Type():
        value = k.b.value(sc.FConvertOp(value, Float32Type()))
    bits = k.b.value(sc.BitcastOp(value, i32))
    lsb = k.b.value(
        sa.BitwiseAndOp(
            k.b.value(sa.ShiftRightLogicalOp(bits, k.const(16))),
            k.const(1),
        )
    )
    bias = k.b.value(sa.IAddOp(lsb, k.const(0x7FFF)))
    rounded = k.b.value(sa.IAddOp(bits, bias))
    nan = k.b.value(sa.FUnordNotEqualOp(value, value))
    quiet = k.b.value(sa.BitwiseOrOp(bits, k.const(0x400000)))
    chosen = k.b.value(sa.SelectOp(nan, quiet, rounded))
    high = k.b.value(sa.ShiftRightLogicalOp(chosen, k.const(16)))
    return k.b.value(sc.UConvertOp(high, k.types.scalar_type(BFloat16Type())))


HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    **dict.fromkeys(_INT_BINARY, _int_binary),
    **dict.fromkeys(_BITWISE, _bitwise),
    **dict.fromkeys(_FLOAT_BINARY, _float_binary),
    **dict.fromkeys(_FLOAT_UNARY, _float_unary),
    arith.ConstantOp: _constant,
    arith.CmpiOp: _cmpi,
    arith.CmpfOp: _cmpf,
    arith.SelectOp: _select,
    arith.ExtFOp: _cast,
    arith.TruncFOp: _cast,
    arith.ExtSIOp: _cast,
    arith.ExtUIOp: _cast,
    arith.TruncIOp: _cast,
    arith.IndexCastOp: _cast,
    arith.SIToFPOp: _cast,
    arith.UIToFPOp: _cast,
    arith.FPToSIOp: _cast,
    arith.FPToUIOp: _cast,
    arith.BitcastOp: _cast,
    math.FmaOp: fma,
}
