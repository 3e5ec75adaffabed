"""Weights decoded in the load (`WeightDecode`): a product's operand that a
dequantize prologue computes (recognize-frontend's `coopmlir.dequantize`
generic, docs/passes/lower-to-coopmat.md) is read by the kernel from the
prologue's inputs in their stored width (i8, nibbles packed in u8, scales,
zero points), element by element, and decoded in registers on its way into
workgroup memory: the f16 operand is never written to global memory.

The same mechanism reads A through an element-wise producer that casts or
scales it (`find_a_prologue`: `x.to(torch.float16) @ W`, `(x * s) @ W`,
as torch-mlir exports them: one generic of `arith.extf/truncf/mulf/divf`
writing the f16 operand): the kernel loads x in its own type and converts
it on the way into workgroup memory.

The small API a kernel uses (the staged copies of tile_copy.py and the SIMT
kernel, and the skinny kernels):

    decode = find_decode(matmul_op)          # host: the prologue, or None
    operands, places = decode.arguments(base) # the kernel's memref arguments
    load = decode.bind([args[i] for i in places])
    value = load.element(b, (row, col))      # in the kernel: one decoded
                                             # element at the operand's
                                             # stored (memref) indices
    decode.remove(rewriter)                  # host: the prologue's ops

`element` emits the prologue's body on scalars (scalar_expansions.py's
`inline_body`, as loop kernels and epilogues do): each input is loaded at
its map (`d`, `d floordiv G`, constants: index arithmetic), `linalg.index`
is the element's index. An 8-bit float weight's `arith.extf` to f16 is
emitted as written; a target without 8-bit floats needs its integer decode
where every body op is emitted (`scalar_op`) or in convert-to-spirv.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from xdsl.dialects import arith, memref, vector
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float32Type,
    MemRefType,
    VectorType,
    i8,
    i32,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, YieldOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.elements import is_f8
from coopmlir.passes.lower_to_coopmat.decode_bits import (
    BitsEmitter,
    Field,
    Residue,
    Symbolic,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.matching import byte_size
from coopmlir.passes.lower_to_coopmat.scalar_expansions import inline_body
from coopmlir.tiling import ACCESS_BYTES

if TYPE_CHECKING:
    from coopmlir.passes.lower_to_coopmat.epilogue import Epilogue
    from coopmlir.passes.lower_to_coopmat.fragment_tile import Operand
    from coopmlir.passes.lower_to_coopmat.matching import Matmul

#: The attribute recognize-frontend puts on a dequantize prologue.
MARK = "coopmlir.dequantize"


@dataclass(frozen=True)
class WeightDecode:
    """The dequantize prologue `generic` writing `buffer` (a host
    allocation the product reads as its operand)."""

    generic: GenericOp
    buffer: SSAValue
    #: Decode an 8-bit float's bytes two at a time from a word's halves
    #: (false: each byte alone; the `f8-pairs` option).
    f8_pairs: bool = True
    #: A staged copy's prefetch holds the loaded runs and decodes at its
    #: store, after the math (false: at the fetch; `decode-at-store`).
    at_store: bool = False
    #: The kernel argument it stands in for: 1 (B, a weight), or 0 (A,
    #: read through a cast or scale: `find_a_prologue`).
    operand: int = 1

    @property
    def inputs(self) -> list[SSAValue]:
        return list(self.generic.inputs)

    @property
    def element_type(self) -> Attribute:
        t = self.buffer.type
        assert isinstance(t, MemRefType)
        return t.element_type

    def arguments(self, base: Sequence[SSAValue]) -> tuple[list[SSAValue], list[int]]:
        """The kernel's arguments: `base` (A, B, C, ...) with the operand's
        place taken by the first input, then the other inputs not already
        there (each buffer once); and the argument each input is."""
        operands = list(base)
        operands[self.operand] = self.inputs[0]
        places = []
        for value in self.inputs:
            if value not in operands:
                operands.append(value)
            places.append(operands.index(value))
        return operands, places

    def bind(self, sources: Sequence[SSAValue]) -> DecodedLoad:
        """The decode reading the kernel's memrefs `sources` (one per input)."""
        return DecodedLoad(self, tuple(sources))

    def remove(self, rewriter: PatternRewriter) -> None:
        """Erase the prologue, the buffer it wrote (and its dealloc) and
        the constants from outside that only its body read."""
        captured = {
            v.owner
            for inner in self.generic.walk()
            for v in inner.operands
            if isinstance(v.owner, arith.ConstantOp)
            and v.owner.parent is not self.generic.body.block
        }
        rewriter.erase(self.generic)
        for constant in captured:
            if not constant.result.uses:
                rewriter.erase(constant)
        alloc = self.buffer.owner
        assert isinstance(alloc, Operation)
        for use in list(self.buffer.uses):
            if isinstance(use.operation, memref.DeallocOp):
                rewriter.erase(use.operation)
        if not self.buffer.uses:
            rewriter.erase(alloc)


@dataclass(frozen=True)
class DecodedLoad:
    """A `WeightDecode` bound to the kernel's memrefs."""

    decode: WeightDecode
    sources: tuple[SSAValue, ...]

    @property
    def element_type(self) -> Attribute:
        return self.decode.element_type

    @property
    def _maps(self) -> list[AffineMap]:
        return [m.data for m in self.decode.generic.get_indexing_maps()]

    def element(self, b: KernelBuilder, at: Sequence[Index]) -> SSAValue:
        """The decoded element at the operand's memref indices `at`
        (in bounds: the copy clamps them and selects zero outside)."""
        inputs = [
            _load(b, source, amap, at)
            for source, amap in zip(self.sources, self._maps, strict=False)
        ]
        return self._decoded(b, at, inputs)

    def elements(self, b: KernelBuilder, at: Sequence[Index], width: int):
        """The `width` decoded elements from `at` along the last dimension
        (`DecodedLoad.run`, every element decoded now)."""
        run = self.run(b, at, width)
        return [run.element(u) for u in range(width)]

    def run(self, b: KernelBuilder, at: Sequence[Index], width: int) -> DecodedRun:
        """The `width` elements from `at` along the last dimension (`at[-1]`
        a multiple of `width`), their stored bytes loaded now and each
        decoded when first asked for (`DecodedRun.element`): a kernel that
        reuses a decoded element for several rows of the activations asks
        once. An input indexed along the last dimension by `d` or
        `d floordiv c` (c dividing `width` or `width` dividing c) is read
        once for all of them: one vector load of its run of stored elements
        (16 i8, 8 packed u8 bytes for 16 nibbles), or one scalar (a scale of
        the row or group); other inputs element by element."""
        return self.run_from(b, at, width, self.load_runs(b, at, width))

    def load_runs(
        self, b: KernelBuilder, at: Sequence[Index], width: int
    ) -> list[SSAValue | None]:
        """The loads of `run` alone, one value per input (None: an input
        without a run, loaded element by element when decoded): a staged
        copy holds these across the math and decodes at its store
        (`run_from`), so the decode never waits on the loads it follows."""
        f8_words = self.decode.f8_pairs
        return [
            _load_run(b, source, amap, at, width, f8_words)
            for source, amap in zip(self.sources, self._maps, strict=False)
        ]

    def loads_runs(self, width: int) -> list[bool]:
        """Which inputs `load_runs` loads for a run of `width` (the others
        it leaves None)."""
        maps = self._maps[: len(self.sources)]
        return [_runs(amap, amap.num_dims - 1, width) for amap in maps]

    def run_from(
        self,
        b: KernelBuilder,
        at: Sequence[Index],
        width: int,
        loaded: Sequence[SSAValue | None],
    ) -> DecodedRun:
        """`run` on the values `load_runs` loaded at `at`."""
        f8_words = self.decode.f8_pairs
        runs = [
            None if value is None else _run_values(b, amap, at, width, value, f8_words)
            for value, amap in zip(loaded, self._maps, strict=False)
        ]
        return DecodedRun(self, b, tuple(at), width, runs, BitsEmitter(b))

    def run_elements(self, size: int) -> int:
        """How many decoded elements along the last dimension `size` bytes
        of the first input (the stored weight) hold when it is indexed
        there by `d` or `d floordiv c` (1 otherwise: no run)."""
        amap = self._maps[0]
        step = _step(amap, amap.num_dims - 1)
        if not step:
            return 1
        stored = self.sources[0].type.element_type  # pyright: ignore
        return max(1, size // byte_size(stored)) * step

    def _decoded(
        self, b: KernelBuilder, at: Sequence[Index], inputs: list[SSAValue]
    ) -> SSAValue:
        """The generic's body on the loaded `inputs` at indices `at`."""
        body = self.decode.generic.body.block
        inputs = [_widened(b, x) for x in inputs]
        env: dict[SSAValue, SSAValue] = dict(zip(body.args, inputs, strict=False))
        for op in body.ops:
            if isinstance(op, IndexOp):
                env[op.results[0]] = b.value(at[op.dim.value.data])
        (value,) = inline_body(b, body, env, widen_bf16=True)
        return _narrowed(b, value, self.element_type)


@dataclass
class DecodedRun:
    """A run of decoded elements along the last dimension (`DecodedLoad.run`):
    its stored runs loaded, each element decoded once, when first asked."""

    load: DecodedLoad
    b: KernelBuilder
    at: tuple[Index, ...]
    width: int
    runs: list
    bits: BitsEmitter
    decoded: dict[int, SSAValue] = field(default_factory=dict)

    def element(self, u: int) -> SSAValue:
        """The decoded element `u` places along the last dimension."""
        if u not in self.decoded:
            b, load = self.b, self.load
            *outer, last = self.at
            here = (*outer, b.add(last, u)) if None in self.runs else self.at
            inputs = [
                run(u) if run is not None else _load(b, source, amap, here)
                for run, source, amap in zip(
                    self.runs, load.sources, load._maps, strict=False
                )
            ]
            self.decoded[u] = self._decoded(u, inputs)
        return self.decoded[u]

    def _decoded(self, u: int, inputs: list) -> SSAValue:
        """The body on `inputs` (bit fields of the run's words, values),
        folded by decode_bits.py: the run's index is `base + u`."""
        body = self.load.decode.generic.body.block
        inputs = [_widened(self.b, x) for x in inputs]
        env: dict[SSAValue, Symbolic] = dict(zip(body.args, inputs, strict=False))
        last = len(self.at) - 1
        for op in body.ops:
            if isinstance(op, IndexOp):
                d = op.dim.value.data
                base = self.at[last]
                if d != last:
                    env[op.results[0]] = self.b.value(self.at[d])
                elif isinstance(base, SSAValue):
                    env[op.results[0]] = Residue(base, u, self.width)
                else:
                    env[op.results[0]] = self.b.value(base + u)
        value = self.bits.emit(body, env)
        return _narrowed(self.b, value, self.load.element_type)


def _widened(b: KernelBuilder, x):
    """A loaded bf16 value extended to f32 (bodies compute bf16 in f32:
    scalar_expansions.widened_bf16); anything else as it is."""
    if isinstance(x, SSAValue) and isinstance(x.type, BFloat16Type):
        return b.emit(arith.ExtFOp(x, Float32Type())).results[0]
    return x


def _narrowed(b: KernelBuilder, value: SSAValue, element: Attribute) -> SSAValue:
    """A body's widened result in the operand's element type (bf16)."""
    if value.type == element:
        return value
    return b.emit(arith.TruncFOp(value, element)).results[0]


def _load(
    b: KernelBuilder, source: SSAValue, amap: AffineMap, at: Sequence[Index]
) -> SSAValue:
    indices = [b.value(_index(b, e, at)) for e in amap.results]
    return b.emit(memref.LoadOp.get(source, indices)).results[0]


def _load_run(
    b: KernelBuilder,
    source: SSAValue,
    amap: AffineMap,
    at: Sequence[Index],
    width: int,
    f8_words: bool = True,
) -> SSAValue | None:
    """The one load of input `source`'s run of `width` elements from `at`
    along the last dimension: a scalar where its map is constant there (or
    steps past the run), a vector of its stored elements where its step
    divides the run (an 8-byte run of bytes read as words, in rows of whole
    16-byte blocks: the aligned 16-byte block holding it, one uvec4, no
    byte loads); None where the map allows no run
    (`DecodedLoad.elements`)."""
    if not _runs(amap, len(at) - 1, width):
        return None
    step = _step(amap, len(at) - 1)
    assert step is not None
    if step == 0 or step % width == 0:
        return _load(b, source, amap, at)
    indices = [b.value(_index(b, e, at)) for e in amap.results]
    element = source.type.element_type  # pyright: ignore
    length = width // step
    if _words(element, f8_words) and length == 8 and _rows_of_16_bytes(source):
        *outer, last = indices
        block = b.value(b.mul(b.div(last, ACCESS_BYTES), ACCESS_BYTES))
        t = VectorType(element, [ACCESS_BYTES])
        return b.emit(vector.LoadOp(source, [*outer, block], t)).results[0]
    run = b.emit(vector.LoadOp(source, indices, VectorType(element, [length])))
    return run.results[0]


def _run_values(
    b: KernelBuilder,
    amap: AffineMap,
    at: Sequence[Index],
    width: int,
    loaded: SSAValue,
    f8_words: bool = True,
):
    """`u -> input at (at[:-1], at[-1] + u)` for u < width from what
    `_load_run` loaded. A run of bytes in whole 32-bit words hands out its
    bytes as bit fields of the words (decode_bits.py), 8-bit floats too with
    `f8_words` (decoded two at a time there; else element by element)."""
    if not isinstance(loaded.type, VectorType):
        return lambda u: loaded
    step = _step(amap, len(at) - 1)
    assert step
    element = loaded.type.element_type
    length = loaded.type.get_shape()[0]
    if length != width // step:  # the 16-byte block holding an 8-byte run
        last = b.value(_index(b, amap.results[-1], at))
        half = b.rem(b.div(last, ACCESS_BYTES // 2), 2)
        return _byte_fields(b, loaded, step, first=b.mul(half, 2))
    if _words(element, f8_words) and length % 4 == 0:
        return _byte_fields(b, loaded, step)
    extracts: dict[int, SSAValue] = {}

    def at_u(u: int) -> SSAValue:
        i = u // step
        if i not in extracts:
            extract = vector.ExtractOp(loaded, [i], element)
            extracts[i] = b.emit(extract).results[0]
        return extracts[i]

    return at_u


def _runs(amap: AffineMap, d: int, width: int) -> bool:
    """Whether an input of map `amap` is read once for a run of `width`
    along dimension `d` (`_load_run`)."""
    step = _step(amap, d)
    return step is not None and (step == 0 or step % width == 0 or width % step == 0)


def _words(element: Attribute, f8_words: bool) -> bool:
    """Whether a run of `element` is handed out as bit fields of 32-bit
    words: bytes (i8; 8-bit floats with `f8_words`)."""
    return element == i8 or (is_f8(element) and f8_words)


def _byte_fields(b: KernelBuilder, loaded: SSAValue, step: int, first: Index = 0):
    """`u -> byte u // step of the run` as a field of its 32-bit word; the
    run's words start at word `first` of `loaded` (a vector of i8)."""
    t = VectorType(i32, [loaded.type.get_shape()[0] // 4])  # pyright: ignore
    element = loaded.type.get_element_type()  # pyright: ignore
    packed = b.emit(vector.BitcastOp(loaded, t)).results[0]
    word_values: dict[int, SSAValue] = {}

    def at_u(u: int) -> Field:
        i = u // step
        if i // 4 not in word_values:
            position = b.add(first, i // 4)
            word = vector.ExtractOp(packed, [position], i32)
            word_values[i // 4] = b.emit(word).results[0]
        return Field(word_values[i // 4], 8 * (i % 4), 0xFF, element)

    return at_u


def _rows_of_16_bytes(source: SSAValue) -> bool:
    t = source.type
    return isinstance(t, MemRefType) and t.get_shape()[-1] % ACCESS_BYTES == 0


def _step(amap: AffineMap, d: int) -> int | None:
    """Elements along dimension `d` per stored element of an input read at
    `amap`: 0 where its index does not involve d, 1 for `d` and c for
    `d floordiv c` in its last result; None otherwise (no run)."""
    *outer, last = amap.results
    if any(_involves(e, d) for e in outer):
        return None
    if not _involves(last, d):
        return 0
    if isinstance(last, AffineDimExpr):
        return 1
    if (
        isinstance(last, AffineBinaryOpExpr)
        and last.kind == AffineBinaryOpKind.FloorDiv
        and isinstance(last.lhs, AffineDimExpr)
        and isinstance(last.rhs, AffineConstantExpr)
    ):
        return last.rhs.value
    return None


def _involves(expr: AffineExpr, d: int) -> bool:
    if isinstance(expr, AffineDimExpr):
        return expr.position == d
    if isinstance(expr, AffineBinaryOpExpr):
        return _involves(expr.lhs, d) or _involves(expr.rhs, d)
    return False


def _index(b: KernelBuilder, expr: AffineExpr, at: Sequence[Index]) -> Index:
    """`expr` (d, constants, +, *, floordiv, mod) at indices `at`."""
    if isinstance(expr, AffineDimExpr):
        return at[expr.position]
    if isinstance(expr, AffineConstantExpr):
        return expr.value
    assert isinstance(expr, AffineBinaryOpExpr)
    lhs, rhs = _index(b, expr.lhs, at), _index(b, expr.rhs, at)
    return {
        AffineBinaryOpKind.Add: b.add,
        AffineBinaryOpKind.Mul: b.mul,
        AffineBinaryOpKind.FloorDiv: b.div,
        AffineBinaryOpKind.Mod: b.rem,
    }[expr.kind](lhs, rhs)


def find_decode(
    op: Operation, operand: int = 1, f8_pairs: bool = True, at_store: bool = False
) -> WeightDecode | None:
    """The dequantize prologue whose buffer product `op` reads as its
    `operand` (B; a matvec's matrix is operand 0) and nothing else reads: a
    marked all-parallel generic on memrefs of static shape, earlier in the
    same block, whose body reads only its inputs, `linalg.index` and
    constants; None otherwise."""
    generic = _sole_writer(op, operand)
    if generic is None or MARK not in generic.attributes:
        return None
    if _unfit(generic) is not None:
        return None
    # The kernels read a weight in B's argument place (a matvec's too).
    return WeightDecode(generic, op.operands[operand], f8_pairs, at_store)


#: What an element-wise producer of A may compute to be read through
#: (`find_a_prologue`): casts and scales.
A_PROLOGUE_OPS = (
    arith.ExtFOp,
    arith.TruncFOp,
    arith.MulfOp,
    arith.DivfOp,
    arith.ConstantOp,
    YieldOp,
)


def find_a_prologue(
    op: Operation, f8_pairs: bool = True, at_store: bool = False
) -> tuple[WeightDecode | None, str | None]:
    """The element-wise producer of product `op`'s A that its kernel reads
    through (module doc): a dequantize prologue (as for B), or an
    all-parallel generic on static memrefs, earlier in the block and the
    only writer of A's buffer, which nothing else reads, whose body casts
    and scales (`A_PROLOGUE_OPS`) its inputs. (None, None) where A has no
    such producer; (None, why) where one almost is (the remark's text)."""
    generic = _sole_writer(op, 0)
    if generic is None or any(_linalg_result(v) for v in generic.inputs):
        # A chain from another product is that product's epilogue.
        return None, None
    if MARK not in generic.attributes:
        for inner in generic.body.block.ops:
            if not isinstance(inner, A_PROLOGUE_OPS):
                return None, (
                    f"its body uses '{inner.name}' (casts and scales are read "
                    "through in A's load)"
                )
    why = _unfit(generic)
    if why is not None:
        return None, why
    return WeightDecode(generic, op.operands[0], f8_pairs, at_store, operand=0), None


def _sole_writer(op: Operation, operand: int) -> GenericOp | None:
    """The all-parallel generic, earlier in `op`'s block, that alone writes
    the static buffer `op` reads as `operand` and that nothing else reads."""
    buffer = op.operands[operand]
    alloc = buffer.owner
    if not isinstance(alloc, memref.AllocOp) or not _static(buffer):
        return None
    writers = [
        u.operation
        for u in buffer.uses
        if u.operation is not op and not isinstance(u.operation, memref.DeallocOp)
    ]
    if len(writers) != 1 or not isinstance(writers[0], GenericOp):
        return None
    generic = writers[0]
    if list(generic.outputs) != [buffer]:
        return None
    kinds = [str(t.data) for t in generic.get_iterator_types().data]
    if any(kind != "parallel" for kind in kinds):
        return None
    if (
        generic.parent_block() is not op.parent_block()
        or not generic.is_before_in_block(op)
    ):
        return None
    if _written_between(generic, op):
        return None
    return generic


#: Ops that make a view of a buffer (their first operand).
_VIEWS = (
    memref.SubviewOp,
    memref.CollapseShapeOp,
    memref.ExpandShapeOp,
    memref.ReinterpretCastOp,
    memref.CastOp,
)


def _root(value: SSAValue) -> SSAValue:
    """The buffer `value` is a view of (itself where it is none)."""
    while isinstance(value.owner, _VIEWS):
        value = value.owner.operands[0]
    return value


def _written_between(generic: GenericOp, op: Operation) -> bool:
    """Whether an op between `generic` and `op` may write a buffer that
    `generic` reads (a copy into it, a kernel launch or call taking it, a
    linalg op writing it through a view): the product, reading through
    `generic`, would see the new values."""
    roots = {_root(v) for v in generic.inputs}
    between = generic.next_op
    while between is not None and between is not op:
        reads_only = isinstance(between, (*_VIEWS, memref.LoadOp, memref.DimOp))
        for v in between.operands:
            if _root(v) not in roots or reads_only:
                continue
            if isinstance(between, LinalgStructuredOperation) and v in between.inputs:
                continue
            return True
        between = between.next_op
    return False


def _linalg_result(value: SSAValue) -> bool:
    """Whether a linalg op writes `value`'s buffer (or a view of it)."""
    base = value
    while isinstance(base.owner, memref.CollapseShapeOp | memref.ExpandShapeOp):
        base = base.owner.operands[0]
    work, seen = [base], set()
    while work:
        v = work.pop()
        if v in seen:
            continue
        seen.add(v)
        for use in v.uses:
            user = use.operation
            if isinstance(user, LinalgStructuredOperation) and v in user.outputs:
                return True
            if isinstance(user, memref.CollapseShapeOp | memref.ExpandShapeOp):
                work.append(user.results[0])
    return False


def _unfit(generic: GenericOp) -> str | None:
    """Why `generic` cannot be emitted element by element in a load (its
    inputs, maps or body), or None."""
    if not all(_static(v) for v in generic.inputs):
        return "an input of run-time shape"
    maps = [m.data for m in generic.get_indexing_maps()]
    if maps[-1] != AffineMap.identity(maps[-1].num_dims) or not all(
        _indexable(e) for m in maps for e in m.results
    ):
        return "an indexing map a load cannot follow"
    body = generic.body.block
    inside = set(body.ops)
    for inner in body.ops:
        for v in inner.operands:
            owner = v.owner
            outside = owner not in inside and owner is not body
            if outside and not isinstance(owner, arith.ConstantOp):
                return "its body reads a value from outside, not a constant"
            if v is body.args[-1]:
                return "its body reads its output"
    return None


def _static(value: SSAValue) -> bool:
    t = value.type
    return isinstance(t, MemRefType) and all(s >= 0 for s in t.get_shape())


def _indexable(expr: AffineExpr) -> bool:
    if isinstance(expr, AffineDimExpr | AffineConstantExpr):
        return True
    if not isinstance(expr, AffineBinaryOpExpr):
        return False
    if expr.kind in (AffineBinaryOpKind.FloorDiv, AffineBinaryOpKind.Mod):
        if not isinstance(expr.rhs, AffineConstantExpr) or expr.rhs.value <= 0:
            return False
    return (
        expr.kind != AffineBinaryOpKind.CeilDiv
        and _indexable(expr.lhs)
        and _indexable(expr.rhs)
    )


def kernel_operands(matmul: Matmul, base: Sequence[SSAValue]) -> list[SSAValue]:
    """The kernel's arguments: `base`, with A's then B's decode's own."""
    operands = list(base)
    for decode in (matmul.a_decode, matmul.b_decode):
        if decode is not None:
            operands = decode.arguments(operands)[0]
    return operands


def with_decode(
    operand: Operand,
    matmul: Matmul,
    epilogue: Epilogue | None,
    args: Sequence[SSAValue],
    which: int = 1,
) -> Operand:
    """Operand `which` (0: A, 1: B) as a kernel reads it: decoded from its
    buffers (kernel arguments `args`, laid out by `kernel_operands`) when
    `matmul` has a decode of it."""
    decode = matmul.a_decode if which == 0 else matmul.b_decode
    if decode is None:
        return operand
    base = matmul.operands if epilogue is None else epilogue.kernel_operands(matmul)
    if which == 1 and matmul.a_decode is not None:
        base = matmul.a_decode.arguments(base)[0]
    _, places = decode.arguments(base)
    return replace(operand, decode=decode.bind([args[i] for i in places]))
