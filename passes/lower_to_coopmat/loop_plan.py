"""What the loop kernel of one op will be (`plan_loop`), decided before
anything changes: every structured linalg op on static memrefs that no
matrix-unit kernel takes (element-wise, broadcast, transpose, fill, copy,
reductions, pooling, bodies with `linalg.index`) and `memref.copy`.
`loop_kernel.py` builds a given plan: one work-item per point of the
parallel loops, an `scf.for` nest over the reduction loops.

Operands that are views (`memref.subview`, `expand_shape`,
`collapse_shape`, chained) of a buffer are folded: the kernel takes the
buffer and reads it through the views' index maps composed with the
operand's indexing map. Anything else (an argument, an alloc) is passed as
it is, and must be row-major.

A body may load (`memref.load`) from a buffer defined outside it at indices
it computes: torch-mlir gathers per-channel values so (`tensor.extract`,
bufferized). That buffer (under its views, folded the same way) is one more
argument, only read; the op must not write it, since other work-items would
read elements being written.

Bad input (tensors, dynamic sizes, complex elements, a body op kernels
cannot compute, math on f64 other than GLSL's, a scalar operand that is
not a constant) is a located error naming the op."""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import arith, gpu, memref
from xdsl.dialects import math as math_dialect
from xdsl.dialects.builtin import (
    AffineMapAttr,
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StridedLayoutAttr,
)
from xdsl.dialects.linalg.abstract_ops import (
    ConvOperation,
    LinalgStructuredOperation,
    PoolingOperation,
)
from xdsl.dialects.linalg.ops import BroadcastOp, IndexOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineExpr, AffineMap

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.passes.lower_to_coopmat.body_values import (
    is_host_value,
    reads_host_values,
)
from coopmlir.passes.lower_to_coopmat.loop_fusion import (
    VIEWS,
    initial_fill,
    padded_input,
)
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.scalar_expansions import (
    EXPANDED_MATH,
    constant_exponent,
)
from coopmlir.target_lowering import lowers_scalar_math

#: Work-items per workgroup of a loop kernel.
THREADS = 256

#: Element types a loop kernel reads and writes (f64: torch-mlir computes
#: LayerNorm's variance in it; Vulkan's shaderFloat64; f8 as bytes, widened
#: by integer ops in convert-to-spirv).
ELEMENTS = (
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    Float64Type,
    BFloat16Type,
    IntegerType,
    IndexType,
)

#: Why a 4-bit integer is refused, and what to write instead.
_I4_HINT = (
    "; store 4-bit integers packed two per byte in ui8 and unpack them with "
    "shifts and masks"
)

#: Integer widths a kernel can hold (i1 travels as a byte).
INTEGER_WIDTHS = (1, 8, 16, 32, 64)

#: The math ops GLSL.std.450 also has on 64-bit floats.
F64_MATH = (
    math_dialect.SqrtOp,
    math_dialect.RsqrtOp,
    math_dialect.AbsFOp,
    math_dialect.FloorOp,
    math_dialect.CeilOp,
    math_dialect.FmaOp,
)


#: Scalar value (a constant) that an op reads with an empty map.
Constant = arith.ConstantOp


@dataclass(frozen=True)
class Access:
    """An operand in the kernel: argument `argument` of the kernel, read or
    written at `map` (loops -> the argument's indices, through the folded
    views)."""

    argument: int
    map: AffineMap


@dataclass(frozen=True)
class Padded:
    """An input read through a padded buffer that the kernel does not take
    (loop_fusion.py): at `map` (loops -> the padded buffer's indices), the
    image where those less `low` fall inside `shape`, argument `argument`
    read at `view` (the image's indices -> the argument's), and `value`
    elsewhere; `padded` the axes with a border (the others need no check)."""

    argument: int
    map: AffineMap
    view: AffineMap
    low: tuple[int, ...]
    shape: tuple[int, ...]
    value: arith.ConstantOp
    padded: tuple[bool, ...]


@dataclass(frozen=True)
class Gather:
    """A buffer the body loads from at indices it computes: argument
    `argument` of the kernel, read at `view` (the load's indices -> the
    argument's indices, through the folded views)."""

    argument: int
    view: AffineMap


@dataclass(frozen=True)
class LoopPlan:
    """The loop kernel of `op`: loops of `sizes`, of which `parallel` run
    across work-items (in order, the last fastest) and `reductions` in an
    `scf.for` nest; `arguments` are the buffers the kernel takes; `inputs`
    one per block argument of `body` before the outputs (an `Access`, or a
    constant scalar); `outputs` the written operands; `body` None: the
    outputs take the inputs (a copy); `gathers` the buffers the body loads
    from (module doc), by the value it loads from; `initial` per output,
    the constant it starts from instead of its stored value (an initial
    fill, loop_fusion.py); `fused` the host ops the kernel replaces besides
    `op` (the padded inputs' and initial fills')."""

    op: Operation
    sizes: tuple[int, ...]
    parallel: tuple[int, ...]
    reductions: tuple[int, ...]
    arguments: tuple[SSAValue, ...]
    inputs: tuple[Access | Constant | Padded, ...]
    outputs: tuple[Access, ...]
    body: Block | None
    threads: int = THREADS
    gathers: tuple[tuple[SSAValue, Gather], ...] = ()
    initial: tuple[Constant | None, ...] = ()
    fused: tuple[Operation, ...] = ()

    @property
    def points(self) -> int:
        """Points of the parallel iteration space (one work-item each)."""
        return math.prod(self.sizes[d] for d in self.parallel)

    def grid(self) -> tuple[int, int, int]:
        return (max(1, math.ceil(self.points / self.threads)), 1, 1)

    def describe(self) -> str:
        shape = "x".join(str(self.sizes[d]) for d in self.parallel) or "1"
        text = f"loop kernel over {shape} work-items"
        if self.reductions:
            reduced = "x".join(str(self.sizes[d]) for d in self.reductions)
            text += f", a {reduced} loop nest per work-item"
        if self.gathers:
            text += f", gathering from {len(self.gathers)} buffer(s)"
        padded = sum(isinstance(a, Padded) for a in self.inputs)
        if padded:
            text += f", {padded} padded input(s) read in place"
        if any(c is not None for c in self.initial):
            text += ", starting from the fill of its output"
        return text


def is_loop_candidate(op: Operation) -> bool:
    """Whether `op` is one a loop kernel computes when no other kernel does."""
    if isinstance(op, memref.CopyOp | BroadcastOp | LinalgStructuredOperation):
        parent = op.parent_op()
        return parent is None or parent.dialect_name() != "linalg"
    return False


def plan_loop(op: Operation) -> LoopPlan:
    """The plan of `op`'s loop kernel, or a located error saying why it has
    none."""
    if isinstance(op, memref.CopyOp):
        operands, maps, body = [op.source, op.destination], None, None
        n_inputs = 1
    elif isinstance(op, BroadcastOp):
        operands, body, n_inputs = [op.input, op.init], None, 1
        rank = _memref(op, op.init).get_shape().__len__()
        kept = [d for d in range(rank) if d not in op.dimensions.get_values()]
        maps = [
            AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in kept)),
            AffineMap.identity(rank),
        ]
    else:
        assert isinstance(op, LinalgStructuredOperation)
        if op.res:
            raise error(
                op,
                f"'{op.name}' on tensors: loop kernels take memrefs (bufferize first)",
            )
        operands = [*op.inputs, *op.outputs]
        maps = [m.data for m in op.get_indexing_maps()]
        body, n_inputs = op.body.block, len(op.inputs)
        _check_body(op, body)
    if maps is None:
        rank = len(_memref(op, operands[1]).get_shape())
        maps = [AffineMap.identity(rank)] * 2
    sizes = _loop_sizes(op, operands, maps)
    iterators = _iterators(op, len(sizes))
    arguments: list[SSAValue] = []
    accesses: list[Access | Constant | Padded] = []
    fused: list[Operation] = []
    for position, (value, amap) in enumerate(zip(operands, maps, strict=True)):
        if not isinstance(value.type, MemRefType):
            accesses.append(_constant_scalar(op, value))
            continue
        padding = None
        if position < n_inputs and isinstance(op, PoolingOperation):
            padding = padded_input(op, value)
        if padding is not None:
            value = padding.image
        root, view = _fold_views(op, value)
        if root not in arguments:
            arguments.append(root)
        if padding is None:
            accesses.append(Access(arguments.index(root), view.compose(amap)))
            continue
        image_shape = tuple(_memref(op, padding.image).get_shape())
        buffer_shape = _memref(op, padding.buffer.results[0]).get_shape()
        accesses.append(
            Padded(
                arguments.index(root),
                amap,
                view,
                padding.low,
                image_shape,
                padding.value,
                tuple(s != i for s, i in zip(buffer_shape, image_shape, strict=True)),
            )
        )
        fused.extend(padding.ops())
    outputs = accesses[n_inputs:]
    if not all(isinstance(a, Access) for a in outputs):
        raise error(op, f"'{op.name}': every output must be a memref")
    written = {arguments[a.argument] for a in outputs if isinstance(a, Access)}
    gathers = _gathers(op, body, arguments, written)
    parallel = tuple(d for d, kind in enumerate(iterators) if kind == "parallel")
    reductions = tuple(d for d, kind in enumerate(iterators) if kind != "parallel")
    for out_map in maps[n_inputs:]:
        # Each work-item owns its outputs' elements: parallel loops or constants.
        if not all(
            isinstance(e, AffineConstantExpr)
            or (isinstance(e, AffineDimExpr) and e.position in parallel)
            for e in out_map.results
        ):
            raise error(
                op,
                f"'{op.name}': an output is indexed by a reduction loop or an "
                f"expression ({out_map})",
            )
    initial: list[Constant | None] = []
    for i, value in enumerate(operands[n_inputs:]):
        read = body is not None and body.args[n_inputs + i].uses
        structured = isinstance(op, LinalgStructuredOperation)
        whole = _writes_all(maps[n_inputs + i], sizes, _memref(op, value))
        fusable = structured and reductions and read and whole
        fill = initial_fill(op, value) if fusable else None
        initial.append(None if fill is None else fill.inputs[0].owner)  # pyright: ignore
        fused.extend([fill] if fill is not None else [])
    return LoopPlan(
        op,
        tuple(sizes),
        parallel,
        reductions,
        tuple(arguments),
        tuple(accesses[:n_inputs]),
        tuple(a for a in outputs if isinstance(a, Access)),
        body,
        gathers=gathers,
        initial=tuple(initial),
        fused=tuple(fused),
    )


def _writes_all(out_map: AffineMap, sizes: list[int], t: MemRefType) -> bool:
    """Whether an output read at `out_map` is written whole: each of its
    dimensions a distinct loop of its size (a fill it replaces must not
    leave any element to another value)."""
    loops = [e.position for e in out_map.results if isinstance(e, AffineDimExpr)]
    return (
        len(loops) == len(out_map.results)
        and len(set(loops)) == len(loops)
        and [sizes[d] for d in loops] == list(t.get_shape())
    )


def gathered_buffers(body: Block | None) -> list[SSAValue]:
    """The buffers from outside `body` that it loads from, in order."""
    found: list[SSAValue] = []
    for inner in body.ops if body is not None else ():
        if isinstance(inner, memref.LoadOp) and inner.memref not in found:
            found.append(inner.memref)
    return found


def _gathers(
    op: Operation,
    body: Block | None,
    arguments: list[SSAValue],
    written: set[SSAValue],
) -> tuple[tuple[SSAValue, Gather], ...]:
    """Each buffer the body loads from, as a kernel argument (added to
    `arguments` unless an operand already is that buffer)."""
    gathers = []
    for value in gathered_buffers(body):
        root, view = _fold_views(op, value)
        if root in written:
            raise error(
                op,
                f"'{op.name}': its body loads from a buffer the op writes "
                "(other work-items would read elements being written)",
            )
        if root not in arguments:
            arguments.append(root)
        gathers.append((value, Gather(arguments.index(root), view)))
    return tuple(gathers)


def _iterators(op: Operation, loops: int) -> list[str]:
    if isinstance(op, LinalgStructuredOperation):
        return [str(t.data) for t in op.get_iterator_types()]
    return ["parallel"] * loops


def _memref(op: Operation, value: SSAValue) -> MemRefType:
    t = value.type
    if not isinstance(t, MemRefType):
        raise error(op, f"'{op.name}': loop kernels take memrefs, got {t}")
    if any(d < 0 for d in t.get_shape()):
        raise error(op, f"'{op.name}': loop kernels need static shapes, got {t}")
    element = t.element_type
    if not isinstance(element, ELEMENTS) or (
        isinstance(element, IntegerType) and element.width.data not in INTEGER_WIDTHS
    ):
        hint = (
            _I4_HINT
            if isinstance(element, IntegerType) and element.width.data == 4
            else ""
        )
        raise error(
            op,
            f"'{op.name}': {element} elements cannot be computed on the GPU ({t})"
            + hint,
        )
    return t


def _loop_sizes(
    op: Operation, operands: list[SSAValue], maps: list[AffineMap]
) -> list[int]:
    """Each loop's size, from an operand dimension it indexes alone."""
    loops = maps[0].num_dims
    sizes: list[int | None] = [None] * loops
    for value, amap in zip(operands, maps, strict=True):
        if amap.num_dims != loops or amap.num_symbols:
            raise error(op, f"'{op.name}': indexing maps with symbols are not lowered")
        if not isinstance(value.type, MemRefType):
            continue
        shape = _memref(op, value).get_shape()
        for expr, size in zip(amap.results, shape, strict=True):
            if isinstance(expr, AffineDimExpr) and sizes[expr.position] is None:
                sizes[expr.position] = size
    if any(s is None for s in sizes):
        raise error(op, f"'{op.name}': a loop's size is not an operand's dimension")
    return [s for s in sizes if s is not None]


def _constant_scalar(op: Operation, value: SSAValue) -> Constant:
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp):
        raise error(
            op,
            f"'{op.name}': a scalar operand must be an arith.constant in loop "
            "kernels (kernels take buffers)",
        )
    return owner


#: The view ops folded into a kernel's indices.


def _fold_views(op: Operation, value: SSAValue) -> tuple[SSAValue, AffineMap]:
    """The buffer under `value`'s chain of static views (`VIEWS`), and the
    map from `value`'s indices to the buffer's."""
    rank = len(_memref(op, value).get_shape())
    view = AffineMap.identity(rank)
    while isinstance(value.owner, VIEWS):
        step = _view_step(op, value.owner)
        view = step.compose(view)
        value = value.owner.operands[0]
    t = _memref(op, value)
    if not isinstance(t.layout, NoneAttr) and not _row_major(t):
        raise error(
            op,
            f"'{op.name}': an operand of layout {t.layout} that is not a "
            "view of a buffer cannot be passed to a kernel",
        )
    return value, view


def _row_major(t: MemRefType) -> bool:
    layout = t.layout
    if not isinstance(layout, StridedLayoutAttr | AffineMapAttr):
        return False
    if isinstance(layout, StridedLayoutAttr) and layout.get_offset() != 0:
        return False
    return t.get_strides() == MemRefType.strides_for_shape(t.get_shape())


def _view_step(op: Operation, view: Operation) -> AffineMap:
    """The map from `view`'s result indices to its source's."""
    if isinstance(view, memref.SubviewOp):
        return _subview(op, view)
    source = view.operands[0].type
    result = view.results[0].type
    assert isinstance(source, MemRefType) and isinstance(result, MemRefType)
    groups = [[a.value.data for a in g.data] for g in view.reassociation.data]  # pyright: ignore
    if isinstance(view, memref.ExpandShapeOp):
        shape = result.get_shape()
        exprs = []
        for group in groups:
            expr: AffineExpr = AffineConstantExpr(0)
            for k in group:
                expr = expr * shape[k] + AffineDimExpr(k)
            exprs.append(expr)
        return AffineMap(len(shape), 0, tuple(exprs))
    shape = source.get_shape()  # collapse: each source index from its group's
    exprs = []
    for g, group in enumerate(groups):
        inner = 1
        parts = []
        for k in reversed(group):
            part = AffineDimExpr(g) // inner if inner > 1 else AffineDimExpr(g)
            parts.append(part % shape[k] if k != group[0] else part)
            inner *= shape[k]
        exprs.extend(reversed(parts))
    return AffineMap(len(groups), 0, tuple(exprs))


def _subview(op: Operation, sub: memref.SubviewOp) -> AffineMap:
    dynamic = -(2**63)
    offsets = sub.static_offsets.get_values()
    sizes = sub.static_sizes.get_values()
    strides = sub.static_strides.get_values()
    if dynamic in (*offsets, *sizes, *strides):
        raise error(
            op, f"'{op.name}': a subview with dynamic offsets, sizes or strides"
        )
    # Rank reduction drops unit dimensions; which ones does not matter (their
    # index is 0), so the leftmost go.
    rank = sub.result.type.get_num_dims()
    drop = len(sizes) - rank
    exprs: list[AffineExpr] = []
    kept = 0
    for offset, size, stride in zip(offsets, sizes, strides, strict=True):
        if drop and size == 1:
            exprs.append(AffineConstantExpr(offset))
            drop -= 1
            continue
        exprs.append(AffineDimExpr(kept) * stride + offset)
        kept += 1
    return AffineMap(rank, 0, tuple(exprs))


def _check_body(op: LinalgStructuredOperation, body: Block) -> None:
    """Every body op is one a loop kernel computes; values from outside the
    body are constants, or buffers it loads from (a gather)."""
    for inner in body.ops:
        if isinstance(inner, memref.LoadOp):
            _check_gather(op, inner, body)
            continue
        known = (
            isinstance(inner, (YieldOp, IndexOp, *EXPANDED_MATH))
            or inner.dialect_name() == "arith"
            or (inner.dialect_name() == "math" and lowers_scalar_math(type(inner)))
        )
        if not known:
            raise error(
                op,
                f"'{op.name}': its body uses '{inner.name}', which kernels cannot "
                "compute",
            )
        if (
            inner.dialect_name() == "math"
            and any(isinstance(v.type, Float64Type) for v in inner.operands)
            and not isinstance(inner, F64_MATH)
        ):
            raise error(op, f"'{op.name}': its body computes '{inner.name}' on f64")
        if isinstance(inner, math_dialect.FPowIOp) and constant_exponent(inner) is None:
            raise error(op, f"'{op.name}': math.fpowi of a run-time exponent")
        for value in inner.operands:
            _check_scalar_type(op, value.type)
        if reads_host_values(inner, body):
            raise error(
                op,
                f"'{op.name}': its body uses a value from outside that is not "
                "a constant",
            )


def _check_gather(op: Operation, load: memref.LoadOp, body: Block) -> None:
    """A load in the body reads a buffer from outside it, of a type kernels
    hold, at indices the body computes (or constants)."""
    if not is_host_value(load.memref, body):
        raise error(op, f"'{op.name}': its body loads from a buffer it defines")
    _memref(op, load.memref)
    if any(is_host_value(i, body) for i in load.indices):
        raise error(
            op,
            f"'{op.name}': its body loads at an index from outside that is not "
            "a constant",
        )


def _check_scalar_type(op: Operation, t: Attribute) -> None:
    if not isinstance(t, ELEMENTS) or (
        isinstance(t, IntegerType) and t.width.data not in INTEGER_WIDTHS
    ):
        hint = _I4_HINT if isinstance(t, IntegerType) and t.width.data == 4 else ""
        raise error(op, f"'{op.name}': {t} values cannot be computed on the GPU{hint}")


#: A loop kernel's plan, or why the op has none: raised only if the op is
#: still there once the other kernels are built (a fused epilogue is gone).
Planned = tuple[Operation, "LoopPlan | CompileError"]


def plan_loops(
    module: ModuleOp, taken: set[Operation], off_units: list[Operation]
) -> list[Planned]:
    """Every host op that no other kernel kind takes (`taken`, and the
    contractions, convolutions and softmaxes they plan, but for those in
    `off_units`, whose types the matrix units do not take) and that is a
    linalg op or a `memref.copy`, with its loop kernel's plan."""
    planned: list[Planned] = []
    for op in module.walk():
        if op in taken or (
            isinstance(op, ContractionOp | ConvOperation | SoftmaxOp)
            and op not in off_units
        ):
            continue
        if _in_kernel_module(op):
            continue
        if not is_loop_candidate(op):
            parent = op.parent_op()
            if op.dialect_name() == "linalg" and (
                parent is None or parent.dialect_name() != "linalg"
            ):
                planned.append(
                    (
                        op,
                        error(
                            op,
                            f"'{op.name}' has no GPU kernel (loop kernels "
                            "take structured linalg ops)",
                        ),
                    )
                )
            continue
        try:
            planned.append((op, plan_loop(op)))
        except CompileError as err:
            planned.append((op, err))
    return planned


def _in_kernel_module(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, gpu.ModuleOp):
            return True
        parent = parent.parent_op()
    return False
