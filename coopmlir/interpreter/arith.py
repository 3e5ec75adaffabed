"""arith and math on numpy values (host scalars or per-lane arrays alike).

Every result is rounded to its MLIR type: integers wrap around, floats round
to nearest-even in their own precision (f16 through numpy's float16, bf16 by
`round_bf16`). Division by zero and shifts past the width are undefined in
MLIR; they stop the interpreter instead of inventing a value.
"""

from __future__ import annotations

from math import erf

import numpy as np
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    FloatAttr,
    IntegerAttr,
)
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls
from xdsl.ir import Attribute, Operation

from coopmlir.dense_splat import splat_value
from coopmlir.elements import (
    bit_width,
    f8_bits,
    f8_format,
    f8_from_bits,
    is_f8,
    is_i4,
)
from coopmlir.interpreter.values import (
    InterpretationFailure,
    int_range,
    numpy_dtype,
    rank_of,
    round_to,
    signed_view,
)
from coopmlir.resources import decode_blob, resource_blob


def _result(op: Operation, value) -> tuple:
    return (round_to(op.results[0].type, value),)


def _unsigned(x, t: Attribute | None = None):
    """Integers `x` read as unsigned; `t` (their type) masks a 4-bit value held
    sign-extended in an int8 to its own bits."""
    x = signed_view(np.asarray(x), True)
    if t is not None and is_i4(t):
        return x & np.uint8(0xF)
    return x


def _nonzero(op: Operation, divisor) -> None:
    if np.any(np.asarray(divisor) == 0):
        raise InterpretationFailure(f"{op.name}: division by zero")


def _trunc_div(a, b):
    """Integer division rounding toward zero (C semantics)."""
    a, b = np.asarray(a), np.asarray(b)
    q = a // b
    return q + ((a % b != 0) & ((a < 0) != (b < 0)))


_CMPI = {
    0: lambda a, b: a == b,
    1: lambda a, b: a != b,
    2: lambda a, b: a < b,
    3: lambda a, b: a <= b,
    4: lambda a, b: a > b,
    5: lambda a, b: a >= b,
    6: lambda a, b: a < b,
    7: lambda a, b: a <= b,
    8: lambda a, b: a > b,
    9: lambda a, b: a >= b,
}


def _ordered(a, b):
    return ~(np.isnan(a) | np.isnan(b))


# Predicates of arith.cmpf in MLIR's order: o* are false on NaN, u* true.
_CMPF = {
    0: lambda a, b: np.zeros(np.broadcast(a, b).shape, bool),
    1: lambda a, b: a == b,
    2: lambda a, b: a > b,
    3: lambda a, b: a >= b,
    4: lambda a, b: a < b,
    5: lambda a, b: a <= b,
    6: lambda a, b: _ordered(a, b) & (a != b),
    7: _ordered,
    8: lambda a, b: ~_ordered(a, b) | (a == b),
    9: lambda a, b: ~_ordered(a, b) | (a > b),
    10: lambda a, b: ~_ordered(a, b) | (a >= b),
    11: lambda a, b: ~_ordered(a, b) | (a < b),
    12: lambda a, b: ~_ordered(a, b) | (a <= b),
    13: lambda a, b: a != b,
    14: lambda a, b: ~_ordered(a, b),
    15: lambda a, b: np.ones(np.broadcast(a, b).shape, bool),
}


def _resource(value: DenseResourceAttr):
    """The array of a `dense_resource` constant, read-only (tensors are
    immutable; a weight is decoded from its blob, not copied again)."""
    handle = value.resource_handle.data
    blob = resource_blob(handle)
    if blob is None:
        raise InterpretationFailure(
            f"arith.constant: no blob for dense_resource<{handle}> in the "
            "file's {-# dialect_resources #-} section"
        )
    t = value.type
    try:
        array = decode_blob(blob, t.element_type, tuple(t.get_shape()))
    except ValueError as err:
        raise InterpretationFailure(f"dense_resource<{handle}>: {err}") from None
    array.flags.writeable = False
    return array


def elements_array(value: DenseIntOrFPElementsAttr | DenseResourceAttr):
    """The array a tensor constant or a `memref.global`'s initial value holds."""
    if isinstance(value, DenseResourceAttr):
        return _resource(value)
    t = value.get_type()
    shape = tuple(t.get_shape())
    only = splat_value(value)  # (unpacking 100M equal elements took 10 s)
    if only is not None:
        data = np.array(only)
    else:
        values = value.get_values()
        data = np.array(values).reshape(shape if len(values) > 1 else ())
    return np.broadcast_to(round_to(t.element_type, data), shape).copy()


def _width(op: Operation) -> int:
    t = op.results[0].type
    t = getattr(t, "element_type", t)
    if is_i4(t):
        return bit_width(t)
    return numpy_dtype(t).itemsize * 8


@register_impls
class ArithFunctions(InterpreterFunctions):
    @impl(arith.ConstantOp)
    def run_constant(self, interp: Interpreter, op: arith.ConstantOp, args):
        value = op.value
        if isinstance(value, IntegerAttr | FloatAttr):
            return _result(op, value.value.data)
        if isinstance(value, DenseIntOrFPElementsAttr | DenseResourceAttr):
            return (elements_array(value),)
        raise InterpretationFailure(f"arith.constant: unsupported value {value}")

    # --- integer arithmetic ----------------------------------------------

    @impl(arith.AddiOp)
    def run_addi(self, interp, op, args):
        return _result(op, np.add(*args))

    @impl(arith.SubiOp)
    def run_subi(self, interp, op, args):
        return _result(op, np.subtract(*args))

    @impl(arith.MuliOp)
    def run_muli(self, interp, op, args):
        return _result(op, np.multiply(*args))

    @impl(arith.DivSIOp)
    def run_divsi(self, interp, op, args):
        _nonzero(op, args[1])
        return _result(op, _trunc_div(*args))

    @impl(arith.DivUIOp)
    def run_divui(self, interp, op, args):
        _nonzero(op, args[1])
        t = op.lhs.type
        return _result(op, _unsigned(args[0], t) // _unsigned(args[1], t))

    @impl(arith.RemSIOp)
    def run_remsi(self, interp, op, args):
        _nonzero(op, args[1])
        a, b = args
        return _result(op, np.asarray(a) - _trunc_div(a, b) * np.asarray(b))

    @impl(arith.RemUIOp)
    def run_remui(self, interp, op, args):
        _nonzero(op, args[1])
        t = op.lhs.type
        return _result(op, _unsigned(args[0], t) % _unsigned(args[1], t))

    @impl(arith.FloorDivSIOp)
    def run_floordivsi(self, interp, op, args):
        _nonzero(op, args[1])
        return _result(op, np.floor_divide(*args))

    @impl(arith.CeilDivSIOp)
    def run_ceildivsi(self, interp, op, args):
        _nonzero(op, args[1])
        return _result(op, -np.floor_divide(-np.asarray(args[0]), args[1]))

    @impl(arith.CeilDivUIOp)
    def run_ceildivui(self, interp, op, args):
        _nonzero(op, args[1])
        a, b = _unsigned(args[0], op.lhs.type), _unsigned(args[1], op.lhs.type)
        return _result(op, a // b + (a % b != 0))

    @impl(arith.MinSIOp)
    def run_minsi(self, interp, op, args):
        return _result(op, np.minimum(*args))

    @impl(arith.MaxSIOp)
    def run_maxsi(self, interp, op, args):
        return _result(op, np.maximum(*args))

    @impl(arith.MinUIOp)
    def run_minui(self, interp, op, args):
        t = op.lhs.type
        return _result(op, np.minimum(_unsigned(args[0], t), _unsigned(args[1], t)))

    @impl(arith.MaxUIOp)
    def run_maxui(self, interp, op, args):
        t = op.lhs.type
        return _result(op, np.maximum(_unsigned(args[0], t), _unsigned(args[1], t)))

    @impl(arith.AndIOp)
    def run_andi(self, interp, op, args):
        return _result(op, np.bitwise_and(*args))

    @impl(arith.OrIOp)
    def run_ori(self, interp, op, args):
        return _result(op, np.bitwise_or(*args))

    @impl(arith.XOrIOp)
    def run_xori(self, interp, op, args):
        return _result(op, np.bitwise_xor(*args))

    def _shift_amount(self, op: Operation, amount) -> np.ndarray:
        amount = np.asarray(amount).astype(np.int64)
        if np.any((amount < 0) | (amount >= _width(op))):
            raise InterpretationFailure(f"{op.name}: shift amount out of range")
        return amount

    @impl(arith.ShLIOp)
    def run_shli(self, interp, op, args):
        amount = self._shift_amount(op, args[1])
        return _result(op, np.left_shift(_unsigned(args[0]), amount.astype(np.uint8)))

    @impl(arith.ShRSIOp)
    def run_shrsi(self, interp, op, args):
        amount = self._shift_amount(op, args[1])
        return _result(op, np.right_shift(np.asarray(args[0]), amount))

    @impl(arith.ShRUIOp)
    def run_shrui(self, interp, op, args):
        amount = self._shift_amount(op, args[1])
        value = _unsigned(args[0], op.lhs.type)
        return _result(op, np.right_shift(value, amount.astype(np.uint8)))

    @impl(arith.CmpiOp)
    def run_cmpi(self, interp, op: arith.CmpiOp, args):
        predicate = op.predicate.value.data
        if predicate >= 6:  # unsigned comparisons
            args = [_unsigned(x, op.lhs.type) for x in args]
        return (_CMPI[predicate](*args),)

    @impl(arith.SelectOp)
    def run_select(self, interp, op, args):
        cond, a, b = (np.asarray(x) for x in args)
        rank = rank_of(op.result.type)
        if rank_of(op.cond.type) == 0 and cond.ndim == 1 and rank:
            # A per-lane i1 picks whole vectors, each side uniform (shape V)
            # or per lane (lanes x V): the lane axis leads.
            cond = cond.reshape(cond.shape + (1,) * rank)
        return _result(op, np.where(cond, a, b))

    # --- floating point ----------------------------------------------------

    @impl(arith.AddfOp)
    def run_addf(self, interp, op, args):
        return _result(op, np.add(*args))

    @impl(arith.SubfOp)
    def run_subf(self, interp, op, args):
        return _result(op, np.subtract(*args))

    @impl(arith.MulfOp)
    def run_mulf(self, interp, op, args):
        return _result(op, np.multiply(*args))

    @impl(arith.DivfOp)
    def run_divf(self, interp, op, args):
        return _result(op, np.divide(*args))

    @impl(arith.NegfOp)
    def run_negf(self, interp, op, args):
        return _result(op, np.negative(args[0]))

    @impl(arith.MaximumfOp)
    def run_maximumf(self, interp, op, args):
        return _result(op, np.maximum(*args))  # propagates NaN

    @impl(arith.MinimumfOp)
    def run_minimumf(self, interp, op, args):
        return _result(op, np.minimum(*args))

    @impl(arith.MaxnumfOp)
    def run_maxnumf(self, interp, op, args):
        return _result(op, np.fmax(*args))  # ignores NaN

    @impl(arith.MinnumfOp)
    def run_minnumf(self, interp, op, args):
        return _result(op, np.fmin(*args))

    @impl(arith.CmpfOp)
    def run_cmpf(self, interp, op: arith.CmpfOp, args):
        a, b = (np.asarray(x) for x in args)
        return (_CMPF[op.predicate.value.data](a, b),)

    # --- conversions -------------------------------------------------------

    @impl(arith.ExtFOp)
    def run_extf(self, interp, op, args):
        return _result(op, args[0])

    @impl(arith.TruncFOp)
    def run_truncf(self, interp, op, args):
        return _result(op, args[0])

    @impl(arith.ExtSIOp)
    def run_extsi(self, interp, op, args):
        return _result(op, np.asarray(args[0]).astype(np.int64))

    @impl(arith.ExtUIOp)
    def run_extui(self, interp, op, args):
        return _result(op, _unsigned(args[0], op.input.type).astype(np.uint64))

    @impl(arith.TruncIOp)
    def run_trunci(self, interp, op, args):
        return _result(op, args[0])

    @impl(arith.IndexCastOp)
    def run_index_cast(self, interp, op, args):
        return _result(op, np.asarray(args[0]).astype(np.int64))

    @impl(arith.SIToFPOp)
    def run_sitofp(self, interp, op, args):
        return _result(op, np.asarray(args[0]).astype(np.float64))

    @impl(arith.UIToFPOp)
    def run_uitofp(self, interp, op, args):
        return _result(op, _unsigned(args[0], op.input.type).astype(np.float64))

    def _float_to_int(self, op: Operation, x, unsigned: bool):
        x = np.trunc(np.asarray(x, dtype=np.float64))
        bits = _width(op)
        lo, hi = int_range(bits, unsigned)
        if np.any(np.isnan(x) | (x < lo) | (x > hi)):
            raise InterpretationFailure(f"{op.name}: value out of range of the result")
        return _result(op, x.astype(np.uint64 if unsigned else np.int64))

    @impl(arith.FPToSIOp)
    def run_fptosi(self, interp, op, args):
        return self._float_to_int(op, args[0], unsigned=False)

    @impl(arith.FPToUIOp)
    def run_fptoui(self, interp, op, args):
        return self._float_to_int(op, args[0], unsigned=True)

    @impl(arith.BitcastOp)
    def run_bitcast(self, interp, op, args):
        source, result = op.operands[0].type, op.results[0].type
        target = numpy_dtype(result)
        x = np.asarray(args[0])
        if is_f8(source):  # f8 values are held in float32: take their byte
            x = f8_bits(x, f8_format(source))
        if is_f8(result):
            return (f8_from_bits(x.view(np.uint8), f8_format(result)),)
        return (x.view(target),)


def _unary_math(fn):
    def run(self, interp, op, args):
        with np.errstate(all="ignore"):
            return _result(op, fn(np.asarray(args[0], dtype=np.float64)))

    return run


@register_impls
class MathFunctions(InterpreterFunctions):
    @impl(math.FmaOp)
    def run_fma(self, interp, op, args):
        a, b, c = (np.asarray(x, dtype=np.float64) for x in args)
        return _result(op, a * b + c)  # one rounding, as a fused multiply-add

    @impl(math.AbsIOp)
    def run_absi(self, interp, op, args):
        return _result(op, np.abs(args[0]))

    @impl(math.FPowIOp)
    def run_fpowi(self, interp, op, args):
        base, power = np.asarray(args[0], dtype=np.float64), np.asarray(args[1])
        with np.errstate(all="ignore"):
            return _result(op, np.power(base, power.astype(np.float64)))

    run_absf = impl(math.AbsFOp)(_unary_math(np.abs))
    run_exp = impl(math.ExpOp)(_unary_math(np.exp))
    run_exp2 = impl(math.Exp2Op)(_unary_math(np.exp2))
    run_log = impl(math.LogOp)(_unary_math(np.log))
    run_log2 = impl(math.Log2Op)(_unary_math(np.log2))
    run_log1p = impl(math.Log1pOp)(_unary_math(np.log1p))
    run_expm1 = impl(math.ExpM1Op)(_unary_math(np.expm1))
    run_sin = impl(math.SinOp)(_unary_math(np.sin))
    run_cos = impl(math.CosOp)(_unary_math(np.cos))

    @impl(math.PowFOp)
    def run_powf(self, interp, op, args):
        x, y = (np.asarray(v, dtype=np.float64) for v in args)
        with np.errstate(all="ignore"):
            return _result(op, np.power(x, y))

    run_sqrt = impl(math.SqrtOp)(_unary_math(np.sqrt))
    run_rsqrt = impl(math.RsqrtOp)(_unary_math(lambda x: 1 / np.sqrt(x)))
    run_tanh = impl(math.TanhOp)(_unary_math(np.tanh))
    run_erf = impl(math.ErfOp)(_unary_math(np.vectorize(erf, otypes=[np.float64])))
    run_floor = impl(math.FloorOp)(_unary_math(np.floor))
    run_ceil = impl(math.CeilOp)(_unary_math(np.ceil))
