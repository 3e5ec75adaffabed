"""`linalg.softmax` over the last dimension as its own kernel (the middle
one of attention's unfused lowering): each subgroup owns m rows and makes
three passes over their m x n fragments (f16 or f32, computed in f32):

    M = reduce max rows (element-wise max of the fragments)
    L = reduce add rows (sum of exp(x - M))
    y = exp(x - M) / L, stored in the output's type

Workgroups: x over blocks of rows, y over one leading (batch) dimension.
The row length must be a multiple of n (a ragged one would need -inf
padding); ragged rows are checked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import gpu, scf
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.passes.lower_to_coopmat.fragment_tile import Operand, convert, splat
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.matrix_math import exp, maximum
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.targets import Target

F32 = Float32Type()
#: The fragment shape of a row block (m x n) and subgroups per workgroup.
FRAGMENT = (16, 16)
SUBGROUPS = 4


@dataclass(frozen=True)
class Softmax:
    op: SoftmaxOp
    batch: int | None
    rows: int
    cols: int
    elem: Attribute

    def grid(self) -> tuple[int, int, int]:
        per_workgroup = SUBGROUPS * FRAGMENT[0]
        return (math.ceil(self.rows / per_workgroup), self.batch or 1, 1)


def match_softmax(op: SoftmaxOp, target: Target) -> Softmax:
    t = op.input.type
    assert isinstance(t, MemRefType | TensorType)
    shape = t.get_shape()
    if any(d < 0 for d in shape) or len(shape) not in (2, 3):
        raise error(
            op, f"linalg.softmax: a static 2-D or 3-D shape is lowered, got {t}"
        )
    if op.dimension.value.data != len(shape) - 1:
        raise error(
            op,
            f"linalg.softmax over dimension {op.dimension.value.data}: only the "
            f"last dimension ({len(shape) - 1}) is lowered",
        )
    if not isinstance(t.element_type, Float16Type | Float32Type):
        raise error(op, f"linalg.softmax: f16 or f32 is lowered, got {t}")
    if shape[-1] % FRAGMENT[1]:
        raise error(
            op,
            f"linalg.softmax: rows of {shape[-1]} are not a multiple of {FRAGMENT[1]}",
        )
    threads = SUBGROUPS * target.subgroup_size
    if threads > target.max_workgroup_size:
        raise error(op, f"linalg.softmax needs {threads} work-items per workgroup")
    batch = shape[0] if len(shape) == 3 else None
    return Softmax(op, batch, shape[-2], shape[-1], t.element_type)


def _kernel(name: str, sm: Softmax, target: Target) -> gpu.FuncOp:
    types = [sm.op.input.type, sm.op.output.type]
    threads = SUBGROUPS * target.subgroup_size
    kernel = kernel_function(name, types, threads, target.subgroup_size)
    b = KernelBuilder(kernel.body.block)
    m, n = FRAGMENT
    prefix = (b.gpu_id(gpu.BlockIdOp, "y"),) if sm.batch is not None else ()
    src, dst = (Operand(a, prefix, False) for a in kernel.body.block.args)
    row = b.add(
        b.mul(b.gpu_id(gpu.BlockIdOp, "x"), SUBGROUPS * m),
        b.mul(b.gpu_id(gpu.SubgroupIdOp), m),
    )
    checked = coopmat.CheckedMode.ROWS if sm.rows % (SUBGROUPS * m) else None
    acc = coopmat.MatrixType(m, n, F32, coopmat.MatrixUse.ACC)
    stored = acc.with_element_type(sm.elem)

    def load(col: SSAValue) -> SSAValue:
        return convert(b, src.load(b, row, col, stored, checked), acc)

    def columns(carried: list[SSAValue], step) -> list[SSAValue]:
        loop, body = b.for_loop(0, sm.cols, n, carried)
        with b.inside(body):
            b.emit(scf.YieldOp(*step(body.args[0], list(body.args[1:]))))
        return list(loop.results)

    low = splat(b, float("-inf"), acc)
    zero = splat(b, 0.0, acc)
    (top,) = columns([low], lambda c, m_: [maximum(b, [m_[0], load(c)])])
    row_max = b.emit(coopmat.ReduceOp(top, "max", "rows", acc)).results[0]

    def shifted(col: SSAValue) -> SSAValue:
        return exp(b, b.emit(coopmat.SubOp(load(col), row_max)).results[0])

    (total,) = columns(
        [zero], lambda c, s: [b.emit(coopmat.AddOp(s[0], shifted(c))).results[0]]
    )
    row_sum = b.emit(coopmat.ReduceOp(total, "add", "rows", acc)).results[0]

    def normalize(col: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
        y = b.emit(coopmat.DivOp(shifted(col), row_sum)).results[0]
        dst.store(b, convert(b, y, stored), row, col, checked)
        return []

    columns([], normalize)
    b.emit(gpu.ReturnOp([]))
    return kernel


def _softmaxes(module: ModuleOp) -> list[SoftmaxOp]:
    return [o for o in module.walk() if isinstance(o, SoftmaxOp)]


def plan_softmaxes(module: ModuleOp, target: Target) -> list[Softmax]:
    """Every `linalg.softmax`, matched before anything changes."""
    return [match_softmax(op, target) for op in _softmaxes(module)]


def lower_softmaxes(
    module: ModuleOp, planned: list[Softmax], target: Target, explain: bool
) -> None:
    """Each planned `linalg.softmax` becomes a launch of its kernel."""
    lower_planned(
        LowerSoftmax(module, target, explain, ((sm.op, sm) for sm in planned))
    )


class LowerSoftmax(LowerPlanned[Softmax]):
    """A planned `linalg.softmax` (on memrefs) -> a `gpu.launch_func` of its
    kernel, which is added to the host's `gpu.module`."""

    def lower(self, sm: Softmax, rewriter: PatternRewriter) -> None:
        op, target = sm.op, self.target
        if self.explain:
            remark(
                op,
                f"softmax of {sm.batch or 1}x{sm.rows} rows of {sm.cols}: "
                "its own kernel",
            )
        kernels, name = new_kernel(rewriter, self.module, op, "_softmax")
        (symbol,) = add_kernels(rewriter, kernels, [_kernel(name, sm, target)], op)
        threads = SUBGROUPS * target.subgroup_size
        replace_by_launch(
            rewriter, op, symbol, sm.grid(), threads, [op.input, op.output]
        )
