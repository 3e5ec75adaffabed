"""The loop kernel of a planned op (`loop_plan.py`): SIMT code, no coopmat.

    %p = block_id.x * THREADS + thread_id.x      // one point of the parallel loops
    scf.if %p < points {                         // left out when THREADS divides it
      (parallel indices from %p: div/rem by the loop sizes, the last fastest)
      %init = loads of the outputs               // what the body reads of them
      %acc = scf.for over each reduction loop iter_args(%init) {
        loads of the inputs through their indexing maps (and folded views)
        the op's body, inlined (linalg.index: the loop's index; math.erf and
        math.fpowi expanded, scalar_expansions.py; a memref.load from a
        buffer outside the body: a load from its kernel argument)
        scf.yield the body's values
      }
      stores of %acc into the outputs
    }

The body is emitted once (no unrolling), so the kernel stays small whatever
the sizes. A launch on `plan.grid()` workgroups replaces the op.

bf16 has no arithmetic on the devices (SPV_KHR_bfloat16 converts only): a
bf16 value is extended to f32 as it is loaded, the body computes in f32
(a `truncf` to bf16 rounds, then extends back) and a store to bf16
truncates (`widened_bf16`)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, gpu, memref, scf
from xdsl.dialects.builtin import BFloat16Type, Float32Type, ModuleOp
from xdsl.dialects.linalg.ops import IndexOp, YieldOp
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
)
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.loop_plan import (
    VIEWS,
    Access,
    Constant,
    LoopPlan,
    Padded,
    Planned,
)
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.scalar_expansions import (
    computed_type,
    scalar_op,
)
from coopmlir.targets import Target


def build_loop_kernel(name: str, plan: LoopPlan) -> gpu.FuncOp:
    """The `gpu.func` of the module doc, taking `plan.arguments`."""
    kernel = kernel_function(name, [a.type for a in plan.arguments], plan.threads)
    LoopKernel(KernelBuilder(kernel.body.block), plan, kernel.body.block.args).build()
    return kernel


class LoopKernel:
    """Emits one loop kernel's body (module doc) with `b`."""

    def __init__(self, b: KernelBuilder, plan: LoopPlan, args: Sequence[SSAValue]):
        self.b, self.plan, self.args = b, plan, args
        self.index: list[Index] = [0] * len(plan.sizes)
        self.gathers = dict(plan.gathers)

    def build(self) -> None:
        b, plan = self.b, self.plan
        point = b.add(
            b.mul(b.gpu_id(gpu.BlockIdOp, "x"), plan.threads),
            b.gpu_id(gpu.ThreadIdOp, "x"),
        )
        if plan.points % plan.threads:
            assert isinstance(point, SSAValue)
            inside = Block()
            b.emit(scf.IfOp(b.below(point, plan.points), [], Region(inside)))
            with b.inside(inside):
                self._point(point)
                b.emit(scf.YieldOp())
        else:
            self._point(point)
        b.emit(gpu.ReturnOp([]))

    def _point(self, point: Index) -> None:
        """The work of the work-item at parallel point `point`."""
        b, plan = self.b, self.plan
        rest = point
        for position, d in enumerate(reversed(plan.parallel)):
            if position == len(plan.parallel) - 1:  # below its size: point < points
                self.index[d] = rest
                break
            self.index[d] = b.rem(rest, plan.sizes[d])
            rest = b.div(rest, plan.sizes[d])
        outputs = self._initial_outputs()
        results = self._reduce(0, outputs)
        for access, value in zip(plan.outputs, results, strict=True):
            memory, indices = self._place(access)
            if _is_bf16(memory.type.element_type):  # pyright: ignore
                value = b.emit(arith.TruncFOp(value, BFloat16Type())).results[0]
            b.emit(memref.StoreOp.get(value, memory, indices))

    def _initial_outputs(self) -> list[SSAValue | None]:
        """The outputs' values before the body: loaded where the body reads
        them or a reduction carries them, or the constant of an initial
        fill (None: not read)."""
        plan, body = self.plan, self.plan.body
        values: list[SSAValue | None] = []
        for i, access in enumerate(plan.outputs):
            fill = plan.initial[i] if plan.initial else None
            read = body is not None and body.args[len(plan.inputs) + i].uses
            if fill is not None:
                values.append(self._input(fill))
            else:
                values.append(self._load(access) if read or plan.reductions else None)
        return values

    def _reduce(self, level: int, carried: list[SSAValue | None]) -> list[SSAValue]:
        """The reduction loops from `level` on, carrying the outputs."""
        plan = self.plan
        if level == len(plan.reductions):
            return self._body(carried)
        d = plan.reductions[level]

        def step(iv: SSAValue, values: list[SSAValue]) -> list[SSAValue]:
            self.index[d] = iv
            return self._reduce(level + 1, values)

        loaded = [v for v in carried if v is not None]  # all: a reduction loads them
        return self.b.loop(0, plan.sizes[d], 1, loaded, step)

    def _body(self, outputs: Sequence[SSAValue | None]) -> list[SSAValue]:
        """The op's body on the inputs at the current point and `outputs`."""
        b, plan = self.b, self.plan
        body = plan.body
        # An input the body never reads (a pooling op's window, which only
        # sizes the taps) is not loaded.
        inputs = [
            self._input(a) if body is None or body.args[i].uses else None
            for i, a in enumerate(plan.inputs)
        ]
        if body is None:
            return inputs  # pyright: ignore[reportReturnType] (all loaded)
        env: dict[SSAValue, SSAValue] = {
            arg: value
            for arg, value in zip(plan.body.args, [*inputs, *outputs], strict=True)
            if value is not None
        }
        for op in plan.body.ops:
            if isinstance(op, YieldOp):
                return [self._get(env, v) for v in op.operands]
            if isinstance(op, IndexOp):
                value = b.value(self.index[op.dim.value.data])
            elif isinstance(op, memref.LoadOp):
                at = [self._get(env, v) for v in op.indices]
                value = self._gather(op.memref, at)
            else:
                operands = [self._get(env, v) for v in op.operands]
                value = scalar_op(b, op, operands, widen_bf16=True)
            env[op.results[0]] = value
        raise AssertionError("a linalg body ends with linalg.yield")

    def _input(self, a: Access | Constant | Padded) -> SSAValue:
        if isinstance(a, Access):
            return self._load(a)
        if isinstance(a, Padded):
            return self._padded(a)
        return self.b.constant(a.value.value.data, computed_type(a.value.type))  # pyright: ignore

    def _padded(self, a: Padded) -> SSAValue:
        """The image at this point where it covers it, the pad value
        elsewhere: each padded index less the low pad, unsigned, is inside
        the image's size exactly where the image is (below zero wraps
        around); the load reads a clamped index either way."""
        b = self.b
        inside: SSAValue | None = None
        clamped: list[Index] = []
        axes = zip(a.map.results, a.low, a.shape, a.padded, strict=True)
        for expr, low, size, padded in axes:
            at = b.sub(self._affine(expr, self.index), low)
            if isinstance(at, int):
                if not 0 <= at < size:  # a whole border row or column
                    return self._input(a.value)
                clamped.append(at)
                continue
            if padded:
                check = b.below(at, size)
                inside = check if inside is None else b.both(inside, check)
                at = b.clamp(at, size)
            clamped.append(at)
        at_root = [b.value(self._affine(e, clamped)) for e in a.view.results]
        value = self._loaded(self.args[a.argument], at_root)
        if inside is None:
            return value
        pad = self._input(a.value)
        return b.emit(arith.SelectOp(inside, value, pad)).results[0]

    def _get(self, env: dict[SSAValue, SSAValue], v: SSAValue) -> SSAValue:
        """A body value, or a constant from outside the body (loop_plan
        checked that it is one)."""
        if v in env:
            return env[v]
        owner = v.owner
        assert isinstance(owner, arith.ConstantOp)
        return self.b.constant(owner.value.value.data, computed_type(owner.value.type))  # pyright: ignore

    def _load(self, access: Access) -> SSAValue:
        return self._loaded(*self._place(access))

    def _gather(self, buffer: SSAValue, at: Sequence[SSAValue]) -> SSAValue:
        """A body's load from `buffer` (outside it) at indices `at`: from its
        kernel argument, through the folded views."""
        gather = self.gathers[buffer]
        indices = [self.b.value(self._affine(e, at)) for e in gather.view.results]
        return self._loaded(self.args[gather.argument], indices)

    def _loaded(self, memory: SSAValue, indices: list[SSAValue]) -> SSAValue:
        value = self.b.emit(memref.LoadOp.get(memory, indices)).results[0]
        if _is_bf16(value.type):
            value = self.b.emit(arith.ExtFOp(value, Float32Type())).results[0]
        return value

    def _place(self, access: Access) -> tuple[SSAValue, list[SSAValue]]:
        """The kernel argument and the indices of `access` at this point."""
        b = self.b
        indices = [self._affine(e, self.index) for e in access.map.results]
        return self.args[access.argument], [b.value(i) for i in indices]

    def _affine(self, expr: AffineExpr, dims: Sequence[Index]) -> Index:
        """`expr` of `dims` (the loop indices, or a load's; all non-negative:
        unsigned div/rem)."""
        b = self.b
        if isinstance(expr, AffineDimExpr):
            return dims[expr.position]
        if isinstance(expr, AffineConstantExpr):
            return expr.value
        assert isinstance(expr, AffineBinaryOpExpr)
        x, y = self._affine(expr.lhs, dims), self._affine(expr.rhs, dims)
        kind = expr.kind
        if kind == AffineBinaryOpKind.Add:
            return b.add(x, y)
        if kind == AffineBinaryOpKind.Mul:
            return b.mul(x, y)
        if kind == AffineBinaryOpKind.FloorDiv:
            return b.div(x, y)
        if kind == AffineBinaryOpKind.CeilDiv:
            assert isinstance(y, int)
            return b.ceil_div(x, y)
        return b.rem(x, y)


def _is_bf16(t: Attribute) -> bool:
    return isinstance(t, BFloat16Type)


def lower_loops(
    module: ModuleOp, planned: list[Planned], target: Target, explain: bool
) -> None:
    """Each planned op still in the module (an epilogue fused into a matmul's
    kernel is gone) becomes a launch of its loop kernel; the first op left
    without a plan is a located error, before any loop kernel is built."""
    left = [(op, plan) for op, plan in planned if op.parent is not None]
    # The ops a kernel lowered here replaces (loop_fusion.py) get none of
    # their own; those of an op another kernel took (a norm's reduction) do.
    fused = {f for _, p in left if isinstance(p, LoopPlan) for f in p.fused}
    left = [(op, plan) for op, plan in left if op not in fused]
    for _, plan in left:
        if isinstance(plan, CompileError):
            raise plan
    left = [plan for _, plan in left if isinstance(plan, LoopPlan)]
    for plan in left:
        if plan.grid()[0] > target.max_workgroup_count[0]:
            raise error(
                plan.op,
                f"'{plan.op.name}': {plan.points} work-items need "
                f"{plan.grid()[0]} workgroups, more than {target.name}'s "
                f"{target.max_workgroup_count[0]}",
            )
    lower_planned(LowerLoop(module, target, explain, ((p.op, p) for p in left)))


class LowerLoop(LowerPlanned[LoopPlan]):
    """A planned op (structured linalg on memrefs, memref.copy) -> a
    `gpu.launch_func` of its loop kernel, added to the host's `gpu.module`;
    views that only it read are erased (the kernel folded them)."""

    def lower(self, plan: LoopPlan, rewriter: PatternRewriter) -> None:
        op = plan.op
        if self.explain:
            remark(op, f"'{op.name}': {plan.describe()}")
        kernels, name = new_kernel(rewriter, self.module, op, "_loop")
        kernel = build_loop_kernel(name, plan)
        (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
        read = [*op.operands, *(buffer for buffer, _ in plan.gathers)]
        views = [v.owner for v in read if isinstance(v.owner, VIEWS)]
        replace_by_launch(
            rewriter, op, symbol, plan.grid(), plan.threads, list(plan.arguments)
        )
        for fused in plan.fused:  # a padded input's buffer, an initial fill
            rewriter.erase(fused, safe_erase=False)
        while views:
            view = views.pop()
            if isinstance(view, VIEWS) and not view.results[0].uses:
                source = view.operands[0].owner
                rewriter.erase(view)
                views.append(source)
