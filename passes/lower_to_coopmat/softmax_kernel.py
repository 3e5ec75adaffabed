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

from xdsl.dialects import gpu, scf
from xdsl.dialects.builtin import Float32Type, ModuleOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.fragment_tile import Operand, convert, splat
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.matrix_math import exp, maximum
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.softmax_plan import (
    FRAGMENT,
    SUBGROUPS,
    SoftmaxPlan,
)
from coopmlir.targets import Target

F32 = Float32Type()


def build_softmax_kernel(name: str, sm: SoftmaxPlan, target: Target) -> gpu.FuncOp:
    """The `gpu.func` (arguments input, output) of the module doc."""
    types = [sm.op.input.type, sm.op.output.type]
    kernel = kernel_function(name, types, sm.threads, target.subgroup_size)
    b = KernelBuilder(kernel.body.block)
    m, n = FRAGMENT
    prefix = (b.gpu_id(gpu.BlockIdOp, "y"),) if sm.batch is not None else ()
    src, dst = (Operand(a, prefix, False) for a in kernel.body.block.args)
    row = b.add(
        b.mul(b.gpu_id(gpu.BlockIdOp, "x"), SUBGROUPS * m),
        b.mul(b.gpu_id(gpu.SubgroupIdOp), m),
    )
    checked = coopmat.CheckedMode.ROWS if sm.rows_checked else None
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


def lower_softmaxes(
    module: ModuleOp, planned: list[SoftmaxPlan], target: Target, explain: bool
) -> None:
    """Each planned `linalg.softmax` becomes a launch of its kernel."""
    lower_planned(
        LowerSoftmax(module, target, explain, ((sm.op, sm) for sm in planned))
    )


class LowerSoftmax(LowerPlanned[SoftmaxPlan]):
    """A planned `linalg.softmax` (on memrefs) -> a `gpu.launch_func` of its
    kernel, which is added to the host's `gpu.module`."""

    def lower(self, sm: SoftmaxPlan, rewriter: PatternRewriter) -> None:
        op, target = sm.op, self.target
        if self.explain:
            remark(
                op,
                f"softmax of {sm.batch or 1}x{sm.rows} rows of {sm.cols}: "
                "its own kernel",
            )
        kernels, name = new_kernel(rewriter, self.module, op, "_softmax")
        kernel = build_softmax_kernel(name, sm, target)
        (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
        replace_by_launch(
            rewriter, op, symbol, sm.grid(), sm.threads, [op.input, op.output]
        )
