"""A dequantize body emitted on packed words (weight_decode.py's runs).

A run of 16 stored bytes is loaded as four 32-bit words; its byte j is the
bit field `(word >> 8 (j % 4)) & 0xFF`. The body's integer ops on such a
field are folded into the field instead of emitted (`Field`):

- `extui`, `shrui`/`shrsi` and `andi` by constants move the shift and the
  mask (a nibble `(byte >> 4) & 15` of byte 1 is `(word >> 12) & 15`: one
  shift and one and from the word, no byte extraction);
- `extsi` of a whole byte is `(byte ^ 0x80) - 128`: the word is xored once;
- `addi`/`subi` of a constant move the field's offset; `subi` of a
  zero-extended narrower integer (a stored zero point) is kept as the
  field's `minus`, its range known from its width;
- `linalg.index` of the run's dimension is `base + u` with base a multiple
  of the run's width, so `remui`/`divui` of it by a divisor of the width,
  and everything computed from constants after that, are constants
  (`Residue`): the nibble a position selects is known when the body is
  emitted.

`sitofp`/`uitofp` of a field to f16 (or f32) skip the integer-to-float
conversion where the range analysis (`Field.bounds`) proves every value
exact: for a field of at most 10 bits, `0x6400 | v` is the f16 1024 + v, so
`bitcast(0x6400 | v) - (1024 - offset)` is v + offset exactly (23 bits and
0x4B000000 for f32); a field minus a zero point z of at most 10 bits is
`bitcast(0x6400 | v) - bitcast(0x6400 | z)`. Two f16 fields of one word 16
bits apart (nibbles 0 and 4 of a word, bytes 0 and 2) are converted
together, as the two halves of one word (`Lane`): one shift, and, or and an
f16x2 subtraction for both, and the body's float ops on them (the scale's
multiply) run once on the pair (f16x2 arithmetic) when the partner asks for
the same op. Anything else is emitted as written, from the materialized field.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, vector
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    VectorType,
    i8,
    i16,
    i32,
)
from xdsl.dialects.linalg.ops import IndexOp
from xdsl.ir import Attribute, Block, SSAValue

from coopmlir.elements import f8_format, is_f8
from coopmlir.passes.float8_decode import decode_f8_pair_to_f16
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.scalar_expansions import scalar_op

#: Per float type: its bits' integer type, the magic exponent pattern whose
#: low mantissa bits take the field, the number it stands for, and the widest
#: field whose every value it holds exactly.
_MAGIC = {
    Float16Type: (i16, 0x6400, 1024, 10),
    Float32Type: (i32, 0x4B000000, 1 << 23, 23),
}


@dataclass(frozen=True)
class Field:
    """`((word >> shift) & mask) + offset - minus` as an integer of `type`;
    `minus` (a zero point read from memory, zero-extended) is at most
    `minus_top`."""

    word: SSAValue
    shift: int
    mask: int
    type: Attribute
    offset: int = 0
    minus: SSAValue | None = None
    minus_top: int = 0

    def bounds(self) -> tuple[int, int]:
        """The smallest and largest value (the range analysis)."""
        return self.offset - self.minus_top, self.mask + self.offset

    @property
    def plain(self) -> bool:
        """Whether the value is the masked bits themselves."""
        return self.offset == 0 and self.minus is None


@dataclass(frozen=True)
class Residue:
    """`base + u` for a base that is a multiple of `width`."""

    value: SSAValue
    u: int
    width: int


@dataclass(frozen=True)
class Lane:
    """Lane `lane` (0: low half) of a `vector<2xf16>` pair."""

    pair: SSAValue
    lane: int


Symbolic = SSAValue | Field | Residue | Lane | int

#: Float ops run on a pair when both lanes apply them (f16x2 arithmetic).
_PAIRED = (arith.AddfOp, arith.SubfOp, arith.MulfOp, arith.DivfOp)
PAIR = VectorType(Float16Type(), [2])


def _bits(t: Attribute) -> int:
    if isinstance(t, IndexType):
        return 64
    assert isinstance(t, IntegerType)
    return t.width.data


def _fits(lo: int, hi: int, t: Attribute) -> bool:
    """Whether [lo, hi] holds without wrapping in `t` (signed or unsigned)."""
    bits = _bits(t)
    return -(1 << (bits - 1)) <= lo and hi < (1 << bits)


class BitsEmitter:
    """Emits bodies on symbolic values; one per run, so a word's xored copy
    and a field's materialized value are emitted once for the run."""

    def __init__(self, b: KernelBuilder):
        self.b = b
        self._xored: dict[tuple[SSAValue, int], SSAValue] = {}
        self._values: dict[Field, SSAValue] = {}
        self._pairs: dict[tuple, SSAValue] = {}
        self._lanes: dict[Lane, SSAValue] = {}

    def emit(self, body: Block, env: dict[SSAValue, Symbolic]) -> SSAValue:
        """The value `body` yields; `env` holds its arguments and the
        `linalg.index` results (Residue or SSA values)."""
        for op in body.ops:
            if op is body.last_op:
                return self.value(self._get(env, op.operands[0]))
            if op.results and op.results[0] in env:
                continue
            assert not isinstance(op, IndexOp)  # given in env
            operands = [self._get(env, v) for v in op.operands]
            env[op.results[0]] = self._fold(op, operands)
        raise AssertionError("a linalg body ends with linalg.yield")

    def _get(self, env: dict[SSAValue, Symbolic], v: SSAValue) -> Symbolic:
        if v in env:
            return env[v]
        owner = v.owner
        assert isinstance(owner, arith.ConstantOp)  # find_decode checked it
        if isinstance(owner.value, IntegerAttr):
            return owner.value.value.data
        return scalar_op(self.b, owner, [], widen_bf16=True)

    # -- folding -------------------------------------------------------------

    def _fold(self, op, operands: list[Symbolic]) -> Symbolic:
        folded = None
        if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
            folded = op.value.value.data
        elif isinstance(op, arith.SelectOp) and isinstance(operands[0], int):
            folded = operands[1] if operands[0] else operands[2]
        elif all(isinstance(x, int) for x in operands):
            folded = _constant_op(op, operands)  # pyright: ignore
        elif any(isinstance(x, Residue) for x in operands):
            folded = _residue_op(op, operands)
        elif any(isinstance(x, Field) for x in operands):
            folded = self._field_op(op, operands)
        elif any(isinstance(x, Lane) for x in operands):
            folded = self._lane_op(op, operands)
        if folded is not None:
            return folded
        values = [
            self.value(x, v.type) for x, v in zip(operands, op.operands, strict=True)
        ]
        return scalar_op(self.b, op, values, widen_bf16=True)

    def _field_op(self, op, operands: list[Symbolic]) -> Symbolic | None:
        x = operands[0]
        y = operands[1] if len(operands) > 1 else None
        t = op.results[0].type
        if isinstance(x, Field) and is_f8(x.type):
            return self._f8_op(op, x, t)
        if isinstance(op, arith.AndIOp) and isinstance(x, int):
            x, y = y, x
        if not isinstance(x, Field):
            return None
        plain = x.plain
        if isinstance(op, arith.ExtUIOp) and plain:
            return Field(x.word, x.shift, x.mask, t)
        if isinstance(op, arith.ExtSIOp) and plain:
            bits = _bits(x.type)
            if x.mask < 1 << (bits - 1):
                return Field(x.word, x.shift, x.mask, t)
            if x.mask == (1 << bits) - 1:  # a whole signed field: flip its sign bit
                sign = 1 << (bits - 1)
                xored = self._xor(x.word, sign << x.shift)
                return Field(xored, x.shift, x.mask, t, -sign)
            return None
        if isinstance(op, arith.ShRUIOp | arith.ShRSIOp) and plain:
            if isinstance(y, int) and 0 <= y < _bits(t):
                signed = isinstance(op, arith.ShRSIOp)
                if signed and x.mask >= 1 << (_bits(t) - 1):
                    return None  # the sign bit may be set: not a logical shift
                return Field(x.word, x.shift + y, x.mask >> y, t)
        if isinstance(op, arith.AndIOp) and plain and isinstance(y, int):
            return Field(x.word, x.shift, x.mask & (y % (1 << _bits(t))), t)
        if isinstance(op, arith.AddiOp | arith.SubiOp) and isinstance(y, int):
            offset = x.offset + (y if isinstance(op, arith.AddiOp) else -y)
            moved = Field(x.word, x.shift, x.mask, t, offset, x.minus, x.minus_top)
            return moved if _fits(*moved.bounds(), t) else None
        if isinstance(op, arith.SubiOp) and plain and isinstance(y, SSAValue):
            top = _zero_extended_top(y)
            moved = Field(x.word, x.shift, x.mask, t, 0, y, top or 0)
            return moved if top is not None and _fits(*moved.bounds(), t) else None
        if isinstance(op, arith.SIToFPOp | arith.UIToFPOp):
            return self._to_float(x, t, unsigned=isinstance(op, arith.UIToFPOp))
        return None

    def _f8_op(self, op, x: Field, t: Attribute) -> Symbolic | None:
        """An op on an 8-bit float byte of a word: `extf` decodes it with
        the byte 16 bits away (float8_decode.py's pair decode, a lane of
        the pair), a bitcast to i8 is the byte's field."""
        if isinstance(op, arith.BitcastOp) and t == i8:
            return Field(x.word, x.shift, x.mask, i8)
        if not isinstance(op, arith.ExtFOp) or x.mask != 0xFF or x.shift % 8:
            return None
        low = x.shift % 16
        key = ("f8", x.word, low, x.type)
        if key not in self._pairs:
            fmt = f8_format(x.type)
            self._pairs[key] = decode_f8_pair_to_f16(self.b, x.word, low, fmt)
        lane = Lane(self._pairs[key], x.shift // 16)
        if isinstance(t, Float16Type):
            return lane
        return self.b.emit(arith.ExtFOp(self.value(lane), t)).results[0]

    def _to_float(self, x: Field, t: Attribute, unsigned: bool) -> SSAValue | None:
        """`x` as float type `t` without a conversion where exact (module doc)."""
        magic = _MAGIC.get(type(t))
        lo, hi = x.bounds()
        bits = _bits(x.type)
        if magic is None:
            return None
        if unsigned and not (0 <= lo and hi < 1 << bits):
            return None
        if not unsigned and not (-(1 << (bits - 1)) <= lo and hi < 1 << (bits - 1)):
            if lo != 0 or x.mask != (1 << bits) - 1:
                return None
            # A whole field read signed: its sign bit flipped, minus 2^(bits-1).
            sign = 1 << (bits - 1)
            flipped = self._xor(x.word, sign << x.shift)
            x = Field(flipped, x.shift, x.mask, x.type, -sign)
            lo, hi = x.bounds()
        bits_t, pattern, number, most = magic
        if x.mask >= 1 << most or max(abs(lo), abs(hi), abs(number - x.offset)) > (
            1 << (most + 1)
        ):
            return None
        if x.minus is not None and (x.offset or x.minus_top >= 1 << most):
            return None
        if isinstance(t, Float16Type) and x.mask < 1 << 16:
            return self._paired_float(x, pattern, number)
        b = self.b
        field = self.value(Field(x.word, x.shift, x.mask, i32), i32)
        biased = self._biased(field, t, pattern, bits_t)
        return b.emit(arith.SubfOp(biased, self._bias(x, t, number))).results[0]

    def _biased(self, bits: SSAValue, t: Attribute, pattern: int, bits_t) -> SSAValue:
        """`pattern | bits` (an integer below the pattern's bits) as float `t`."""
        b = self.b
        if bits.type != i32:
            bits = b.emit(arith.ExtUIOp(bits, i32)).results[0]
        ored = b.emit(arith.OrIOp(bits, b.constant(pattern, i32))).results[0]
        if bits_t != i32:
            ored = b.emit(arith.TruncIOp(ored, bits_t)).results[0]
        return b.emit(arith.BitcastOp(ored, t)).results[0]

    def _bias(self, x: Field, t: Attribute, number: int) -> SSAValue:
        """What to take off the biased field: `number - offset`, or the
        zero point biased the same way (`number + minus`), once per run."""
        if x.minus is None:
            return self.b.constant(float(number - x.offset), t)
        key = ("bias", x.minus, t)
        if key not in self._pairs:
            bits_t, pattern, _, _ = _MAGIC[type(t)]
            self._pairs[key] = self._biased(x.minus, t, pattern, bits_t)
        return self._pairs[key]

    def _paired_float(self, x: Field, pattern: int, number: int) -> Lane:
        """`x` as f16, the lane of the pair with the field 16 bits away."""
        low = x.shift if x.shift < 16 else x.shift - 16
        key = ("float", x.word, low, x.mask, x.offset, x.minus)
        if key not in self._pairs:
            b = self.b
            both = self.value(Field(x.word, low, x.mask | x.mask << 16, i32), i32)
            halves = b.constant(pattern | pattern << 16, i32)
            bits = b.emit(arith.OrIOp(both, halves)).results[0]
            one = b.emit(vector.BroadcastOp(bits, VectorType(i32, [1]))).results[0]
            pair = b.emit(vector.BitcastOp(one, PAIR)).results[0]
            if x.minus is None:
                bias = b.constant(float(number - x.offset), PAIR)
            else:
                bias = self._splat(self._bias(x, Float16Type(), number))
            self._pairs[key] = b.emit(arith.SubfOp(pair, bias)).results[0]
        return Lane(self._pairs[key], 0 if x.shift < 16 else 1)

    def _lane_op(self, op, operands: list[Symbolic]) -> Symbolic | None:
        """A float op on a lane and a value the same for both lanes (or the
        same lane of another pair): once on the pair, for both lanes."""
        if not isinstance(op, _PAIRED) or op.results[0].type != Float16Type():
            return None
        lanes = {x.lane for x in operands if isinstance(x, Lane)}
        if len(lanes) != 1:
            return None
        (lane,) = lanes
        key = (op.name, *(x.pair if isinstance(x, Lane) else x for x in operands))
        if key not in self._pairs:
            b = self.b
            pairs = []
            for x in operands:
                if isinstance(x, Lane):
                    pairs.append(x.pair)
                    continue
                pairs.append(self._splat(self.value(x, Float16Type())))
            self._pairs[key] = b.emit(type(op)(*pairs, flags=op.fastmath)).results[0]
        return Lane(self._pairs[key], lane)

    def _splat(self, scalar: SSAValue) -> SSAValue:
        """An f16 scalar in both lanes of a pair, once per run."""
        if ("splat", scalar) not in self._pairs:
            splat = self.b.emit(vector.BroadcastOp(scalar, PAIR)).results[0]
            self._pairs["splat", scalar] = splat
        return self._pairs["splat", scalar]

    def _xor(self, word: SSAValue, bits: int) -> SSAValue:
        """`word ^ bits`, once per run; a byte's sign bit flips all four
        bytes' at once (the other bytes' fields read the word as loaded)."""
        if bits in (0x80 << s for s in range(0, 32, 8)):
            bits = 0x80808080
        if (word, bits) not in self._xored:
            signed = bits - (1 << 32) if bits >= 1 << 31 else bits
            constant = self.b.constant(signed, i32)
            xored = self.b.emit(arith.XOrIOp(word, constant)).results[0]
            self._xored[word, bits] = xored
        return self._xored[word, bits]

    # -- materializing ---------------------------------------------------------

    def value(self, x: Symbolic, t: Attribute | None = None) -> SSAValue:
        """`x` as an SSA value (of type `t` for a constant)."""
        b = self.b
        if isinstance(x, SSAValue):
            return x
        if isinstance(x, int):
            assert t is not None
            return b.constant(x, t)
        if isinstance(x, Residue):
            return b.value(b.add(x.value, x.u))
        if isinstance(x, Lane):
            if x not in self._lanes:
                extract = vector.ExtractOp(x.pair, [x.lane], Float16Type())
                self._lanes[x] = b.emit(extract).results[0]
            return self._lanes[x]
        if x not in self._values:
            self._values[x] = self._field(x)
        return self._values[x]

    def _field(self, x: Field) -> SSAValue:
        b = self.b
        value = x.word
        if x.shift:
            shift = b.constant(x.shift, i32)
            value = b.emit(arith.ShRUIOp(value, shift)).results[0]
        if x.mask != 0xFFFFFFFF >> x.shift:
            value = b.emit(arith.AndIOp(value, b.constant(x.mask, i32))).results[0]
        if is_f8(x.type):  # the byte, as the 8-bit float it holds
            byte = b.emit(arith.TruncIOp(value, i8)).results[0]
            return b.emit(arith.BitcastOp(byte, x.type)).results[0]
        if x.type != i32:
            assert isinstance(x.type, IntegerType) and _bits(x.type) < 32
            value = b.emit(arith.TruncIOp(value, x.type)).results[0]
        if x.offset:
            offset = b.constant(_wrap(x.offset, x.type), x.type)
            value = b.emit(arith.AddiOp(value, offset)).results[0]
        if x.minus is not None:
            value = b.emit(arith.SubiOp(value, x.minus)).results[0]
        return value


def _zero_extended_top(value: SSAValue) -> int | None:
    """The largest value of `value` where it is an `extui` of a narrower
    integer (a zero point read as u8), else None."""
    owner = value.owner
    if isinstance(owner, arith.ExtUIOp):
        return (1 << _bits(owner.input.type)) - 1
    return None


def _wrap(value: int, t: Attribute) -> int:
    """`value` as the signed integer of `t`'s width."""
    bits = _bits(t)
    value %= 1 << bits
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


def _constant_op(op, values: list[int]) -> int | None:
    """An integer op on constants, folded (None: not one folded here)."""
    t = op.results[0].type
    if not isinstance(t, IntegerType | IndexType):
        return None
    if isinstance(op, arith.IndexCastOp | arith.ExtSIOp | arith.TruncIOp):
        return _wrap(values[0], t)
    if isinstance(op, arith.ExtUIOp):
        return _wrap(values[0] % (1 << _bits(op.operands[0].type)), t)
    if isinstance(op, arith.CmpiOp):
        x, y = values
        predicate = op.predicate.value.data  # 0: eq, 1: ne
        return None if predicate > 1 else int((x == y) == (predicate == 0))
    if len(values) != 2:
        return None
    x, y = values
    folds = {
        arith.AddiOp: lambda: x + y,
        arith.SubiOp: lambda: x - y,
        arith.MuliOp: lambda: x * y,
        arith.AndIOp: lambda: x & y,
        arith.OrIOp: lambda: x | y,
        arith.ShLIOp: lambda: x << y,
    }
    for kind, fold in folds.items():
        if isinstance(op, kind):
            return _wrap(fold(), t)
    if x >= 0 and y > 0:
        if isinstance(op, arith.RemUIOp | arith.RemSIOp):
            return x % y
        if isinstance(op, arith.DivUIOp | arith.DivSIOp | arith.FloorDivSIOp):
            return x // y
    return None


def _residue_op(op, operands: list[Symbolic]) -> Symbolic | None:
    """`remui` of the run's index by a divisor of its width: a constant."""
    x, *rest = operands
    if (
        isinstance(op, arith.RemUIOp)
        and isinstance(x, Residue)
        and len(rest) == 1
        and isinstance(rest[0], int)
        and rest[0] > 0
        and x.width % rest[0] == 0
    ):
        return x.u % rest[0]
    return None
