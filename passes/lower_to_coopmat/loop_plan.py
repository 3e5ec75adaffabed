"""What the loop kernel of one op will be (`plan_loop`), decided before
anything changes: every structured linalg op on static memrefs that no
matrix-unit kernel takes (element-wise, broadcast, transpose, fill, copy,
reductions, pooling, bodies with `linalg.index`) and `memref.copy`.
`loop_kernel.py` builds a given plan: one work-item per point of the
parallel loops, an `scf.for` nest over the reduction loops.

Operands that are `memref.subview`s (of subviews) of a buffer are folded:
the kernel takes the buffer and adds the views' offsets and strides to its
indices (`View`). Anything else (an argument, an alloc, an expand/collapse
reshape) is passed as it is, and must have the identity layout.

Bad input (tensors, dynamic sizes, complex or f64 elements, a body op
kernels cannot compute, a scalar operand that is not a constant) is a
located error naming the op."""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import arith, gpu, memref
from xdsl.dialects import math as math_dialect
from xdsl.dialects.builtin import (
    AffineMapAttr,
    BFloat16Type,
    Float16Type,
    Float32Type,
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
from xdsl.ir.affine import AffineDimExpr, AffineMap

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.passes.lower_to_coopmat.body_values import reads_host_values
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.scalar_expansions import constant_exponent
from coopmlir.target_lowering import lowers_scalar_math

#: Work-items per workgroup of a loop kernel.
THREADS = 256

#: Element types a loop kernel reads and writes.
ELEMENTS = (Float16Type, Float32Type, BFloat16Type, IntegerType, IndexType)

#: Body ops that the kernel builder expands (GLSL has no instruction).
EXPANDED_MATH = (math_dialect.ErfOp, math_dialect.FPowIOp)

#: Scalar value (a constant) that an op reads with an empty map.
Constant = arith.ConstantOp


@dataclass(frozen=True)
class View:
    """A folded chain of subviews: index j of the root buffer is
    `offsets[j] + strides[j] * i[sources[j]]` for the view's indices i
    (`sources[j]` None: a dimension the view dropped)."""

    offsets: tuple[int, ...]
    strides: tuple[int, ...]
    sources: tuple[int | None, ...]

    def compose(self, inner: View) -> View:
        """This view of a buffer, seen through `inner`, a view of this view."""
        offsets, strides, sources = [], [], []
        for off, stride, src in zip(
            self.offsets, self.strides, self.sources, strict=True
        ):
            if src is None:
                offsets.append(off)
                strides.append(0)
                sources.append(None)
                continue
            offsets.append(off + stride * inner.offsets[src])
            strides.append(stride * inner.strides[src])
            sources.append(inner.sources[src])
        return View(tuple(offsets), tuple(strides), tuple(sources))


@dataclass(frozen=True)
class Access:
    """An operand in the kernel: argument `argument` of the kernel, read or
    written at `map` (loops -> operand indices), through `view` (None:
    the operand is the argument)."""

    argument: int
    map: AffineMap
    view: View | None


@dataclass(frozen=True)
class LoopPlan:
    """The loop kernel of `op`: loops of `sizes`, of which `parallel` run
    across work-items (in order, the last fastest) and `reductions` in an
    `scf.for` nest; `arguments` are the buffers the kernel takes; `inputs`
    one per block argument of `body` before the outputs (an `Access`, or a
    constant scalar); `outputs` the written operands; `body` None: the
    outputs take the inputs (a copy)."""

    op: Operation
    sizes: tuple[int, ...]
    parallel: tuple[int, ...]
    reductions: tuple[int, ...]
    arguments: tuple[SSAValue, ...]
    inputs: tuple[Access | Constant, ...]
    outputs: tuple[Access, ...]
    body: Block | None
    threads: int = THREADS

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
    elif isinstance(op, PoolingOperation):
        # xDSL 0.74 builds a pooling op's body from the input and the window
        # (max(in, w)), not from the input and the output as MLIR does.
        raise error(
            op,
            f"'{op.name}' has no loop kernel (xDSL builds its body wrong); "
            "write it as a linalg.generic",
        )
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
    accesses: list[Access | Constant] = []
    for value, amap in zip(operands, maps, strict=True):
        if not isinstance(value.type, MemRefType):
            accesses.append(_constant_scalar(op, value))
            continue
        root, view = _fold_views(op, value)
        if root not in arguments:
            arguments.append(root)
        accesses.append(Access(arguments.index(root), amap, view))
    outputs = accesses[n_inputs:]
    if not all(isinstance(a, Access) for a in outputs):
        raise error(op, f"'{op.name}': every output must be a memref")
    parallel = tuple(d for d, kind in enumerate(iterators) if kind == "parallel")
    reductions = tuple(d for d, kind in enumerate(iterators) if kind != "parallel")
    for out in outputs:
        assert isinstance(out, Access)
        used = {e.position for e in out.map.results if isinstance(e, AffineDimExpr)}
        if used & set(reductions) or not all(
            isinstance(e, AffineDimExpr) for e in out.map.results
        ):
            raise error(op, f"'{op.name}': an output is indexed by a reduction loop")
    return LoopPlan(
        op,
        tuple(sizes),
        parallel,
        reductions,
        tuple(arguments),
        tuple(accesses[:n_inputs]),
        tuple(a for a in outputs if isinstance(a, Access)),
        body,
    )


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
    if not isinstance(element, ELEMENTS):
        raise error(
            op, f"'{op.name}': {element} elements cannot be computed on the GPU ({t})"
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


def _fold_views(op: Operation, value: SSAValue) -> tuple[SSAValue, View | None]:
    """The buffer under `value`'s chain of static subviews, and the folded
    view (None: `value` is not a subview)."""
    view: View | None = None
    while isinstance(value.owner, memref.SubviewOp):
        sub = value.owner
        step = _subview(op, sub)
        view = step if view is None else step.compose(view)
        value = sub.source
    t = _memref(op, value)
    if not isinstance(t.layout, NoneAttr):
        strides = t.get_strides()
        if not (
            isinstance(t.layout, StridedLayoutAttr | AffineMapAttr)
            and strides == MemRefType.strides_for_shape(t.get_shape())
            and (not isinstance(t.layout, StridedLayoutAttr) or _zero_offset(t.layout))
        ):
            raise error(
                op,
                f"'{op.name}': an operand of layout {t.layout} that is not a "
                "subview of a buffer cannot be passed to a kernel",
            )
    return value, view


def _zero_offset(layout: StridedLayoutAttr) -> bool:
    offset = layout.get_offset()
    return offset == 0


def _subview(op: Operation, sub: memref.SubviewOp) -> View:
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
    drop = len(sizes) - sub.result.type.get_num_dims()
    sources: list[int | None] = []
    kept = 0
    for size in sizes:
        if drop and size == 1:
            sources.append(None)
            drop -= 1
            continue
        sources.append(kept)
        kept += 1
    return View(tuple(offsets), tuple(strides), tuple(sources))


def _check_body(op: LinalgStructuredOperation, body: Block) -> None:
    """Every body op is one a loop kernel computes; values from outside the
    body are constants."""
    for inner in body.ops:
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


def _check_scalar_type(op: Operation, t: Attribute) -> None:
    if not isinstance(t, ELEMENTS):
        raise error(op, f"'{op.name}': {t} values cannot be computed on the GPU")


#: A loop kernel's plan, or why the op has none: raised only if the op is
#: still there once the other kernels are built (a fused epilogue is gone).
Planned = tuple[Operation, "LoopPlan | CompileError"]


def plan_loops(module: ModuleOp, taken: set[Operation]) -> list[Planned]:
    """Every host op that no other kernel kind takes (`taken`, and the
    contractions, convolutions and softmaxes they plan) and that is a
    linalg op or a `memref.copy`, with its loop kernel's plan."""
    planned: list[Planned] = []
    for op in module.walk():
        if op in taken or isinstance(op, ContractionOp | ConvOperation | SoftmaxOp):
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
