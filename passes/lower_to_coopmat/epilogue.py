"""Fused epilogues: the element-wise linalg ops after a matmul that
lower-to-coopmat applies to the accumulators before the single store
(`match_epilogue`), and the host-side clean-up once they are fused.

In (memref form; the tensor form is bufferized first), right after a
`linalg.matmul` writing C (M x N, floats), a chain of element-wise ops each
reading the previous one's output with the identity map:

    linalg.matmul ins(%A, %B) outs(%T : memref<MxNxf32>)
    linalg.broadcast ins(%bias : memref<Nxf32>) outs(%Bb : memref<MxNxf32>)
                     dimensions = [0]
    linalg.add ins(%T, %Bb) outs(%T)
    linalg.generic {... parallel, parallel} ins(%T) outs(%D : memref<MxNxf16>) {
      ^bb0(%x: f32, %o: f16): ... math.tanh ... arith.truncf ... linalg.yield
    }

Each chain op is a `linalg.generic` with parallel loops only or a named
element-wise op (`linalg.add`, `sub`, `mul`, `max`, `min`, `exp`, `log`,
`sqrt`, `select`, `copy`). Its other operands are M x N matrices (identity
map), vectors broadcast along rows (map `(d0, d1) -> (d1)`, an N-vector) or
columns (`(d0, d1) -> (d0)`, an M-vector), the output of a
`linalg.broadcast` of such a vector, or `arith.constant` scalars. Its body
holds float arith ops and the math ops a target's SPIR-V lowers
(`target_lowering.SCALAR_MATH_OPS`, plus `math.erf` and `math.fpowi` of a
constant, expanded in the kernel). The kernel then reads A, B, the extra
operands and writes the last op's output once; the matmul's C and the other
temporaries (`memref.alloc`s that nothing else reads) disappear.

- Any M and N: a vector that is not a whole number of fragments is read
  through a 1 x length view (`Input.ragged`), with checked loads.
- `linalg.batch_matmul`: the chain runs over (batch, m, n); matrices are
  batch x M x N, vectors `(d0, d1, d2) -> (d2)` (rows) or `-> (d1)`.
- Whole-buffer reshapes (`memref.collapse_shape`/`expand_shape`) may stand
  between the ops, and an operand or the output may be one; they move
  before the launch. An output that is only reshaped and copied whole into
  a function argument is written there directly (`Epilogue.copy`).
A convolution's epilogue is the same chain on its output buffer, whose
dimensions `OutputLayout` groups into the GEMM's rows and columns (NCHW:
rows f, columns (oh, ow); NHWC: rows (n, oh, ow), columns f): identity-map
operands are matrices, per-channel vectors rows or columns.

What cannot be fused stays: the matmul is lowered alone and a `remark:`
at the first op left says why (the pass's warning names it too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import arith, math, memref
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    MemRefType,
)
from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
)
from xdsl.dialects.linalg.ops import BroadcastOp, GenericOp, YieldOp
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.passes.lower_to_coopmat.body_values import reads_host_values
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import remark
from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.passes.lower_to_coopmat.scalar_expansions import (
    EXPANDED_MATH,
    FLOAT_ARITH_OPS,
    constant_exponent,
)
from coopmlir.target_lowering import lowers_scalar_math
from coopmlir.tiling import TileConfig

#: Scalar ops an epilogue body may hold besides the math ops SPIR-V lowers
#: (`target_lowering.SCALAR_MATH_OPS`); math.erf and math.fpowi (a constant
#: exponent: GELU-tanh's x ** 3) are expanded (scalar_expansions.py).
BODY_OPS: tuple[type[Operation], ...] = (
    arith.ConstantOp,
    *FLOAT_ARITH_OPS,
    arith.ExtFOp,
    arith.TruncFOp,
    *EXPANDED_MATH,
)

#: Type changes: the element-wise matrix conversions between two runs of
#: per-element code.
CASTS = (arith.ExtFOp, arith.TruncFOp)

#: Views of a whole buffer that may stand between the ops of an epilogue
#: (a front end's reshapes); `Epilogue.hoist` moves them before the launch.
RESHAPES = memref.CollapseShapeOp | memref.ExpandShapeOp

#: Element types of the matrices an epilogue reads and writes. bf16 is
#: computed in f32 (read widened, rounded where the body truncates, and
#: converted per element at the store): no device has bf16 arithmetic.
MATRIX_FLOATS = (Float16Type, BFloat16Type, Float32Type)

#: Accumulator types an epilogue starts from (a bf16 product accumulates
#: in f32).
ACCUMULATOR_FLOATS = (Float16Type, Float32Type)


@dataclass(frozen=True)
class OutputLayout:
    """The buffer a product writes and how its dimensions make the M x N
    result: `rows` collapse to M, `cols` to N (any other dimension has size
    1, or is the batch). A matmul's C: rows (0,), cols (1,)."""

    buffer: SSAValue
    shape: tuple[int, ...]
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    #: The product is batched over the first dimension (grid z): matrix
    #: operands are read at the batch index, vectors are shared.
    batched: bool = False

    @staticmethod
    def of(matmul: Matmul) -> OutputLayout:
        if matmul.batch is None:
            return OutputLayout(matmul.operands[2], (matmul.m, matmul.n), (0,), (1,))
        shape = (matmul.batch, matmul.m, matmul.n)
        return OutputLayout(matmul.operands[2], shape, (1,), (2,), batched=True)


@dataclass(frozen=True)
class Input:
    """An operand the kernel reads besides A and B. `kind`: "matrix" (M x N,
    element (row, col)), "row" (an N-vector, the same for every row: element
    col), "col" (an M-vector, the same for every column: element row)."""

    value: SSAValue
    kind: str
    #: A vector that is not a whole number of fragments: the kernel reads it
    #: through a 1 x length host view, with checked fragment loads.
    ragged: bool = False


@dataclass(frozen=True)
class Step:
    """One fused op and what each argument of its body stands for:
    ("chain",) the previous value, ("input", i) an element of input i,
    ("constant", attr) a scalar constant, ("unused",)."""

    op: LinalgStructuredOperation
    sources: tuple[tuple, ...]


@dataclass
class Epilogue:
    steps: list[Step]
    inputs: list[Input]
    output: SSAValue
    #: Buffers whose contents no longer matter (temporaries, broadcasts).
    dead: list[SSAValue] = field(default_factory=list)
    broadcasts: list[BroadcastOp] = field(default_factory=list)
    #: The 1 x length host views of ragged vectors, and the view of the
    #: copy's target that replaces the output (`hoist` makes them).
    views: dict[SSAValue, SSAValue] = field(default_factory=dict)
    #: A whole-buffer `memref.copy` of a reshape of the output into a
    #: function argument that nothing else touches before it: the kernel
    #: writes that argument (through a view) instead, and the copy goes.
    copy: memref.CopyOp | None = None
    #: The view of the copy's target, the first `hoist` made.
    copied_to: SSAValue | None = None

    def _buffers(self) -> list[SSAValue]:
        """The output, then what each input reads (a view where one was made)."""
        values = [self.output, *(i.value for i in self.inputs)]
        return [self.views.get(v, v) for v in values]

    def kernel_operands(self, matmul: Matmul) -> list[SSAValue]:
        """A, B, the output, then the other buffers the inputs read: the
        kernel's arguments (each buffer once: the runtime binds each
        argument to a buffer of its own)."""
        a, b, _ = matmul.operands
        return [a, b, *dict.fromkeys(self._buffers())]

    def argument(self, index: int) -> int:
        """The kernel argument that input `index` reads."""
        read = self._buffers()[1 + index]
        return 2 + list(dict.fromkeys(self._buffers())).index(read)

    def describe(self) -> str:
        return ", ".join(s.op.name for s in self.steps)

    def hoist(
        self, rewriter: PatternRewriter, matmul: Matmul, views: bool = True
    ) -> None:
        """Move the allocs of the kernel's buffers before the matmul, where
        the launch goes (a frontend allocates an output right before its op);
        with `views`, insert there the 1 x length views of ragged vectors."""
        op = matmul.op
        for value in (self.output, *(i.value for i in self.inputs)):
            _hoist(rewriter, value, op)
        if self.copy is not None and self.copied_to is None:
            self.copied_to = _copy_target_view(rewriter, self.copy, op)
            self.views[self.output] = self.copied_to
        for entry in self.inputs:
            if views and entry.ragged and entry.value not in self.views:
                self.views[entry.value] = _row_view(rewriter, entry.value, op)

    def remove_fused(self, rewriter: PatternRewriter) -> None:
        """Erase the fused ops, the broadcasts only they read and the
        temporaries left without users (after the launch replaced the matmul);
        allocs the kernel reads move before the launch."""
        captured = {
            v.owner
            for step in self.steps
            for inner in step.op.walk()
            for v in inner.operands
            if isinstance(v.owner, arith.ConstantOp)
        }
        for step in reversed(self.steps):
            rewriter.erase(step.op)
        for constant in captured:
            if constant.parent is not None and not constant.result.uses:
                rewriter.erase(constant)
        for bcast in self.broadcasts:
            if _only_used_by(bcast.init, {bcast}):
                rewriter.erase(bcast)
        if self.copy is not None:
            reshape = self.copy.source.owner
            rewriter.erase(self.copy)
            assert isinstance(reshape, RESHAPES)
            rewriter.erase(reshape)
            self.dead.append(self.output)
        for buffer in self.dead:
            if isinstance(buffer.owner, memref.AllocOp):
                for use in list(buffer.uses):
                    if isinstance(use.operation, memref.DeallocOp):
                        rewriter.erase(use.operation)
                if not buffer.uses:
                    rewriter.erase(buffer.owner)


def _hoist(rewriter: PatternRewriter, value: SSAValue, op: Operation) -> None:
    """Move the alloc, or the reshape and what it views, that defines
    `value` after `op` to before it (`_available` allowed it)."""
    owner = value.owner
    if not isinstance(owner, memref.AllocOp | RESHAPES):
        return
    if not op.is_before_in_block(owner):
        return
    if isinstance(owner, RESHAPES):
        _hoist(rewriter, owner.operands[0], op)
    # A move keeps the op's value, which the plan holds; the rewriter has no
    # move, so detach and insert it again.
    owner.detach()
    rewriter.insert(owner, InsertPoint.before(op))


def _copy_target_view(
    rewriter: PatternRewriter, copy: memref.CopyOp, op: Operation
) -> SSAValue:
    """The copy's target reshaped back to the output's shape (the inverse
    of the reshape the copy reads), inserted before `op`."""
    reshape = copy.source.owner
    assert isinstance(reshape, RESHAPES)
    inverse = (
        memref.CollapseShapeOp
        if isinstance(reshape, memref.ExpandShapeOp)
        else memref.ExpandShapeOp
    )
    source_type = reshape.operands[0].type
    assert isinstance(source_type, MemRefType)
    properties: dict[str, Attribute] = {"reassociation": reshape.reassociation}
    operands: list = [copy.destination]
    if inverse is memref.ExpandShapeOp:
        shape = source_type.get_shape()
        properties["static_output_shape"] = DenseArrayBase.from_list(
            IntegerType(64), shape
        )
        operands.append([])
    view = inverse(operands=operands, result_types=[source_type], properties=properties)
    rewriter.insert(view, InsertPoint.before(op))
    return view.results[0]


def _copied_out(output: SSAValue, users: set[Operation], op: Operation):
    """The `memref.copy` of a reshape of `output` (a static alloc only
    `users` and that reshape read) into a function argument that no op
    between `op` and the copy touches; None where there is none."""
    if not isinstance(output.owner, memref.AllocOp):
        return None
    reshapes = [u.operation for u in output.uses if u.operation not in users]
    if len(reshapes) != 1 or not isinstance(reshapes[0], RESHAPES):
        return None
    (reshape,) = reshapes
    copies = [u.operation for u in reshape.results[0].uses]
    if len(copies) != 1 or not isinstance(copies[0], memref.CopyOp):
        return None
    (copy,) = copies
    target = copy.destination
    if copy.source is not reshape.results[0] or not isinstance(target, BlockArgument):
        return None
    if target.type != reshape.results[0].type or copy.parent_block() is not (
        op.parent_block()
    ):
        return None
    between = op.next_op
    while between is not None and between is not copy:
        if any(target in inner.operands for inner in between.walk()):
            return None
        between = between.next_op
    return copy if between is copy else None


def _row_view(rewriter: PatternRewriter, vector: SSAValue, op: Operation) -> SSAValue:
    """`vector` (memref<L x T>) as memref<1 x L x T>, inserted before `op`: a
    2-D memref, whose last dimension bounds checked fragment loads."""
    t = vector.type
    assert isinstance(t, MemRefType)
    (length,) = t.get_shape()
    i64 = IntegerType(64)
    view = memref.ExpandShapeOp(
        operands=[vector, []],
        result_types=[MemRefType(t.element_type, [1, length])],
        properties={
            "reassociation": ArrayAttr(
                [ArrayAttr([IntegerAttr(0, i64), IntegerAttr(1, i64)])]
            ),
            "static_output_shape": DenseArrayBase.from_list(i64, [1, length]),
        },
    )
    rewriter.insert(view, InsertPoint.before(op))
    return view.result


def _only_used_by(value: SSAValue, users: set[Operation]) -> bool:
    return all(
        u.operation in users or isinstance(u.operation, memref.DeallocOp)
        for u in value.uses
    )


class NotFused(Exception):
    """Why an op after the matmul is not fused (the remark's text)."""


def match_epilogue(
    matmul: Matmul, config: TileConfig, layout: OutputLayout | None = None
) -> Epilogue | None:
    """The fusable chain after `matmul` (module doc), or None; a remark at
    the first consumer that is not fused says why. `layout`: the buffer
    the product writes, where it is not the matmul's C (a convolution's)."""
    chain = _ChainMatcher(matmul, config, layout or OutputLayout.of(matmul))
    try:
        chain.run()
    except NotFused as why:
        assert chain.stopped_at is not None  # set while NotFused can be raised
        remark(
            chain.stopped_at,
            f"'{chain.stopped_at.name}' is not fused into the matmul's kernel: {why}",
        )
    return chain.result()


class _ChainMatcher:
    def __init__(self, matmul: Matmul, config: TileConfig, layout: OutputLayout):
        self.mm = matmul
        self.config = config
        self.layout = layout
        self.current = layout.buffer
        self.shape = layout.shape
        self.identity = list(range(len(layout.shape)))
        self.steps: list[Step] = []
        self.inputs: list[Input] = []
        self.written: list[SSAValue] = [self.current]
        self.broadcasts: dict[SSAValue, BroadcastOp] = {}
        self.stopped_at: Operation | None = None

    def run(self) -> None:
        op = self.mm.op.next_op
        while op is not None:
            if isinstance(op, BroadcastOp) and op.init not in self.written:
                self.broadcasts[op.init] = op
            elif isinstance(op, LinalgStructuredOperation) and self._reads_chain(op):
                self.stopped_at = op
                self._precondition()
                self._add(op)
                self.stopped_at = None
            elif not isinstance(op, memref.AllocOp | arith.ConstantOp | RESHAPES):
                return
            op = op.next_op

    def _reads_chain(self, op: LinalgStructuredOperation) -> bool:
        return self.current in op.operands

    def _precondition(self) -> None:
        mm = self.mm
        if mm.batch is not None and not self.layout.batched:
            raise NotFused("epilogues of batch_matmul are not fused")
        if "batch" in mm.dynamic:
            raise NotFused("the batch is known at run time only")
        if mm.transposed[2]:
            raise NotFused("the matmul's C is stored transposed")
        if not isinstance(mm.c_elem, ACCUMULATOR_FLOATS):
            raise NotFused(f"{mm.c_elem} accumulators: only f16/f32 epilogues fuse")

    def _add(self, op: LinalgStructuredOperation) -> None:
        if not isinstance(op, GenericOp | ElementwiseOperation):
            raise NotFused("only linalg.generic and element-wise named ops fuse")
        kinds = [str(t.data) for t in op.get_iterator_types().data]
        if kinds != ["parallel"] * len(self.shape):
            count = {2: "two", 3: "three", 4: "four"}.get(
                len(self.shape), len(self.shape)
            )
            raise NotFused(f"its loops are {kinds}, not {count} parallel loops")
        if len(op.outputs) != 1:
            raise NotFused("it has more than one output")
        maps = [m.data for m in op.get_indexing_maps().data]
        out = op.outputs[0]
        sources = [
            self._input_source(v, m) for v, m in zip(op.inputs, maps, strict=False)
        ]
        out_type = out.type
        if not (
            _dims(maps[-1]) == self.identity
            and isinstance(out_type, MemRefType)
            and tuple(out_type.get_shape()) == self.shape
            and isinstance(out_type.element_type, MATRIX_FLOATS)
        ):
            raise NotFused(
                f"its output {out_type} is not the matmul's {self._shape_text()} "
                "of f16/bf16/f32 with the identity map"
            )
        out_arg = op.body.block.args[-1]
        if not out_arg.uses:
            sources.append(("unused",))
        elif out == self.current:
            sources.append(("chain",))
        else:
            sources.append(self._new_input(out, "matrix"))
        _check_body(op)
        self.steps.append(Step(op, tuple(sources)))
        self.current = out
        self.written.append(out)

    def _input_source(self, value: SSAValue, amap) -> tuple:
        if value == self.current:
            if _dims(amap) != self.identity:
                raise NotFused("it reads the matmul's result through another map")
            return ("chain",)
        t = value.type
        if not isinstance(t, MemRefType):
            owner = value.owner
            if isinstance(owner, arith.ConstantOp) and isinstance(t, AnyFloat):
                return ("constant", owner.value)
            raise NotFused(
                f"scalar operand {t} is not a float arith.constant (kernels take "
                "no scalar arguments)"
            )
        if value in self.written:
            raise NotFused("it reads a buffer the matmul or the epilogue writes")
        shape, dims = tuple(t.get_shape()), _dims(amap)
        if not isinstance(t.element_type, MATRIX_FLOATS):
            raise NotFused(f"operand {t}: only f16/bf16/f32 operands fuse")
        bcast = self.broadcasts.get(value)
        layout = self.layout
        if bcast is not None and dims == self.identity and shape == self.shape:
            added = tuple(bcast.dimensions.get_values())
            kept = tuple(d for d in self.identity if d not in added)
            kind = {layout.cols: "row", layout.rows: "col"}.get(kept)
            if kind is None or bcast.input.type.element_type != t.element_type:
                raise NotFused("it reads a broadcast that is not of a row or column")
            return self._new_input(bcast.input, kind)
        m = tuple(self.shape[d] for d in layout.rows)
        n = tuple(self.shape[d] for d in layout.cols)
        kinds = {(self.shape, tuple(self.identity)): "matrix"}
        # A vector along a group of several dimensions is no fragment row.
        if len(n) == 1:
            kinds[(n, layout.cols)] = "row"
        if len(m) == 1:
            kinds[(m, layout.rows)] = "col"
        kind = kinds.get((shape, tuple(dims) if dims else ()))
        if kind is None:
            raise NotFused(
                f"operand {t} with map {amap} is neither the matmul's "
                f"{self._shape_text()} nor a row or column broadcast of it"
            )
        return self._new_input(value, kind)

    def _new_input(self, value: SSAValue, kind: str) -> tuple:
        if not _available(value, self.mm.op):
            raise NotFused("an operand is defined after the matmul")
        size = self.mm.n if kind == "row" else self.mm.m
        mma = self.config.mma_n if kind == "row" else self.config.mma_m
        # A 1-D memref bounds no checked fragment load: a vector whose last
        # fragment passes its end is read through a 2-D view.
        entry = Input(value, kind, kind != "matrix" and size % mma != 0)
        if entry not in self.inputs:
            self.inputs.append(entry)
        return ("input", self.inputs.index(entry))

    def _shape_text(self) -> str:
        return "x".join(map(str, self.shape))

    def result(self) -> Epilogue | None:
        """The longest prefix of the chain whose temporaries are dead."""
        while self.steps:
            epilogue = self._epilogue(self.steps)
            if epilogue is not None:
                return epilogue
            dropped = self.steps.pop()
            remark(
                dropped.op,
                f"'{dropped.op.name}' is not fused into the matmul's kernel: a "
                "buffer it would leave unwritten is read elsewhere (or is not a "
                "memref.alloc), or its output is the matmul's A or B",
            )
        return None

    def _epilogue(self, steps: list[Step]) -> Epilogue | None:
        output = steps[-1].op.outputs[0]
        fused: set[Operation] = {self.mm.op, *(s.op for s in steps)}
        if self.mm.fill is not None:
            fused.add(self.mm.fill)
        buffers = [self.layout.buffer, *(s.op.outputs[0] for s in steps)]
        dead = []
        for buffer in dict.fromkeys(buffers):
            if buffer == output:
                continue
            if not isinstance(buffer.owner, memref.AllocOp):
                return None
            if not _only_used_by(buffer, fused | set(self.broadcasts.values())):
                return None
            dead.append(buffer)
        if self.mm.fill is None and self.layout.buffer != output:
            return None
        used = {s[1] for step in steps for s in step.sources if s[0] == "input"}
        inputs = [x for i, x in enumerate(self.inputs) if i in used]
        if len(inputs) != len(self.inputs):
            renumber = {self.inputs.index(x): j for j, x in enumerate(inputs)}
            steps = [
                Step(
                    s.op,
                    tuple(
                        ("input", renumber[src[1]]) if src[0] == "input" else src
                        for src in s.sources
                    ),
                )
                for s in steps
            ]
        read = {v for s in steps for v in s.op.operands}
        bcasts = [b for b in self.broadcasts.values() if b.init in read]
        for bcast in bcasts:
            # The broadcast goes: its buffer must be a temporary only it writes.
            users = fused | {bcast}
            if not (
                isinstance(bcast.init.owner, memref.AllocOp)
                and _only_used_by(bcast.init, users)
            ):
                return None
            dead.append(bcast.init)
        if any(x.value in dead for x in inputs) or not _available(output, self.mm.op):
            return None
        if _viewed(output) in {_viewed(v) for v in self.mm.op.inputs}:
            # The fused kernel would overwrite A or B while other workgroups
            # still read it (a bufferized export may reuse a buffer so).
            return None
        copy = _copied_out(output, {s.op for s in steps}, self.mm.op)
        return Epilogue(list(steps), inputs, output, dead, bcasts, copy=copy)


def _viewed(value: SSAValue) -> SSAValue:
    """The buffer a chain of reshapes views."""
    while isinstance(value.owner, RESHAPES):
        value = value.owner.operands[0]
    return value


def _dims(amap) -> list[int] | None:
    if isinstance(amap, AffineMapAttr):
        amap = amap.data
    if not all(isinstance(e, AffineDimExpr) for e in amap.results):
        return None
    return [e.position for e in amap.results]


def _available(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined where the launch replaces `op`, or is a
    static `memref.alloc` after it in its block, or a reshape of such a
    value (`Epilogue.hoist` moves them)."""
    if isinstance(value, BlockArgument):
        return value.block.parent_op() is op.parent_op()
    owner = value.owner
    assert isinstance(owner, Operation)
    if owner.parent_block() is not op.parent_block():
        return False
    if isinstance(owner, RESHAPES) and not owner.operands[1:]:
        return _available(owner.operands[0], op)
    return owner.is_before_in_block(op) or (
        isinstance(owner, memref.AllocOp) and not owner.operands
    )


def _exponent_only(value: SSAValue) -> bool:
    """Whether `value` is only ever the exponent of a math.fpowi."""
    return bool(value.uses) and all(
        isinstance(u.operation, math.FPowIOp) and u.index == 1 for u in value.uses
    )


def _check_body(op: LinalgStructuredOperation) -> None:
    """Every body op is one the kernel builder handles and convert-to-spirv
    lowers; scalars from outside are constants; no i1 crosses a cast."""
    block = op.body.block
    cast_seen: dict[Operation, int] = {}
    casts = 0
    for inner in block.ops:
        cast_seen[inner] = casts
        if isinstance(inner, YieldOp):
            continue
        if isinstance(inner, CASTS):
            casts += 1
        known = isinstance(inner, BODY_OPS) or (
            inner.dialect_name() == "math" and lowers_scalar_math(type(inner))
        )
        if not known:
            raise NotFused(f"its body uses '{inner.name}', which kernels cannot lower")
        if reads_host_values(inner, block):
            raise NotFused("its body uses a value from outside, not a constant")
        if isinstance(inner, math.FPowIOp) and constant_exponent(inner) is None:
            raise NotFused("its body raises to a run-time power (math.fpowi)")
        for value in inner.results:
            t: Attribute = value.type
            if isinstance(inner, arith.CmpfOp) or _exponent_only(value):
                continue
            if not isinstance(t, MATRIX_FLOATS):
                raise NotFused(f"its body computes {t} values (f16/bf16/f32 only)")
    for inner in block.ops:
        if isinstance(inner, arith.CmpfOp):
            for use in inner.result.uses:
                if cast_seen.get(use.operation) != cast_seen[inner]:
                    raise NotFused("a comparison result is used across a type change")
