"""`coopmlir.sort_by_expert` as one small SIMT kernel (no coopmat): one
workgroup, work-item e for expert e, so E <= the target's workgroup size.
Each work-item walks the R ids twice (R is the tokens times top-k: 8192
ids for 4096 tokens of top-2, against a grouped product of GFLOPs):

    for r = t; r < R; r += threads:  rows[r] = 0          // unassigned rows
    barrier
    if e < E:
      before = #{r : 0 <= id(r) < e},  count = #{r : id(r) = e}
      offsets[e + 1] = before + count;  (e = 0: offsets[0] = 0)
      j = before
      for r in 0..R:  if id(r) = e:  rows[j] = r;  j += 1
    id(r) = ids[r] < 0 ? ids[r] + E : ids[r]             // torch's indexing

A stable counting sort without atomics: expert e's place is the number of
ids below it, which it counts itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, gpu, memref, scf
from xdsl.dialects.builtin import IndexType, MemRefType, ModuleOp
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects.grouped_matmul import SortByExpertOp
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.targets import Target


@dataclass(frozen=True)
class SortPlan:
    """The kernel of `op`: `rows` ids over `experts` experts, `threads`
    work-items (the experts, rounded up to whole subgroups)."""

    op: SortByExpertOp
    rows: int
    experts: int
    threads: int

    def describe(self) -> str:
        return (
            f"sort of {self.rows} rows by {self.experts} experts: one workgroup of "
            f"{self.threads}, a work-item per expert counting its place"
        )


def plan_sort(op: SortByExpertOp, target: Target) -> SortPlan:
    """The plan of `op`'s kernel, or a located error saying why it has none."""
    for v in (op.ids, *op.outputs):
        if not isinstance(v.type, MemRefType):
            raise error(op, f"'{op.name}' on tensors: bufferize first")
        if any(d < 0 for d in v.type.get_shape()):
            raise error(op, f"'{op.name}': static shapes are lowered, got {v.type}")
    rows = op.ids.type.get_shape()[0]  # pyright: ignore
    experts = op.outputs[1].type.get_shape()[0] - 1  # pyright: ignore
    size = target.subgroup_size
    threads = max(size, -(-experts // size) * size)
    if threads > target.max_workgroup_size:
        raise error(
            op,
            f"'{op.name}': {experts} experts are more than a workgroup of "
            f"{target.name} ({target.max_workgroup_size})",
        )
    return SortPlan(op, rows, experts, threads)


def plan_sorts(module: ModuleOp, target: Target) -> list[SortPlan]:
    ops = [o for o in module.walk() if isinstance(o, SortByExpertOp)]
    return [plan_sort(op, target) for op in ops]


def _element(mem: SSAValue) -> Attribute:
    t = mem.type
    assert isinstance(t, MemRefType)
    return t.element_type


def build_sort_kernel(name: str, plan: SortPlan) -> gpu.FuncOp:
    """The `gpu.func` of the module doc, taking (ids, rows, offsets)."""
    kernel = kernel_function(name, [v.type for v in plan.op.operands], plan.threads)
    b = KernelBuilder(kernel.body.block)
    ids, rows, offsets = kernel.body.block.args
    t = b.gpu_id(gpu.ThreadIdOp, "x")
    id_type = _element(ids)

    def emit(op) -> SSAValue:
        return b.emit(op).results[0]

    def stored(value: Index, mem: SSAValue) -> SSAValue:
        """An index as `mem`'s element type."""
        value = b.value(value)
        element = _element(mem)
        if isinstance(element, IndexType):
            return value
        return emit(arith.IndexCastOp(value, element))

    def expert_id(r: SSAValue) -> SSAValue:
        """id(r) (module doc), in the ids' type."""
        loaded = emit(memref.LoadOp.get(ids, [r]))
        zero = b.constant(0, id_type)
        wrapped = emit(arith.AddiOp(loaded, b.constant(plan.experts, id_type)))
        negative = emit(arith.CmpiOp(loaded, zero, "slt"))
        return emit(arith.SelectOp(negative, wrapped, loaded))

    def count(flag: SSAValue, total: SSAValue) -> SSAValue:
        one = emit(arith.SelectOp(flag, b.value(1), b.value(0)))
        return b.value(b.add(total, one))

    def zero_row(r: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
        b.emit(memref.StoreOp.get(stored(0, rows), rows, [r]))
        return []

    b.loop(t, plan.rows, plan.threads, [], zero_row)
    b.emit(gpu.BarrierOp())
    inside = Block()
    b.emit(scf.IfOp(b.below(t, plan.experts), [], Region(inside)))
    with b.inside(inside):
        e = t if isinstance(id_type, IndexType) else emit(arith.IndexCastOp(t, id_type))
        zero = b.constant(0, id_type)

        def tally(r: SSAValue, carried: list[SSAValue]) -> list[SSAValue]:
            before, mine = carried
            found = expert_id(r)
            above_zero = emit(arith.CmpiOp(found, zero, "sge"))
            below_e = emit(arith.CmpiOp(found, e, "slt"))
            lower = emit(arith.AndIOp(above_zero, below_e))
            same = emit(arith.CmpiOp(found, e, "eq"))
            return [count(lower, before), count(same, mine)]

        before, mine = b.loop(0, plan.rows, 1, [b.value(0), b.value(0)], tally)
        end = b.value(b.add(before, mine))
        b.emit(
            memref.StoreOp.get(stored(end, offsets), offsets, [b.value(b.add(t, 1))])
        )
        first = Block()
        b.emit(scf.IfOp(b.below(t, 1), [], Region(first)))
        with b.inside(first):
            b.emit(memref.StoreOp.get(stored(0, offsets), offsets, [b.value(0)]))
            b.emit(scf.YieldOp())

        def place(r: SSAValue, carried: list[SSAValue]) -> list[SSAValue]:
            (j,) = carried
            same = emit(arith.CmpiOp(expert_id(r), e, "eq"))
            write = Block()
            b.emit(scf.IfOp(same, [], Region(write)))
            with b.inside(write):
                b.emit(memref.StoreOp.get(stored(r, rows), rows, [j]))
                b.emit(scf.YieldOp())
            return [count(same, j)]

        b.loop(0, plan.rows, 1, [before], place)
        b.emit(scf.YieldOp())
    b.emit(gpu.ReturnOp([]))
    return kernel


def lower_sorts(
    module: ModuleOp, planned: list[SortPlan], target: Target, explain: bool
) -> None:
    """Each planned sort becomes a launch of its kernel."""
    lower_planned(LowerSort(module, target, explain, ((p.op, p) for p in planned)))


class LowerSort(LowerPlanned[SortPlan]):
    """A planned `coopmlir.sort_by_expert` (on memrefs) -> a one-workgroup
    `gpu.launch_func` of its kernel."""

    def lower(self, plan: SortPlan, rewriter: PatternRewriter) -> None:
        op = plan.op
        if self.explain:
            remark(op, plan.describe())
        kernels, name = new_kernel(rewriter, self.module, op, "_sort")
        (symbol,) = add_kernels(rewriter, kernels, [build_sort_kernel(name, plan)], op)
        replace_by_launch(
            rewriter, op, symbol, (1, 1, 1), plan.threads, list(op.operands)
        )
