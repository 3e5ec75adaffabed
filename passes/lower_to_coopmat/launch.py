"""Host side of lower-to-coopmat: the `gpu.launch_func` that replaces the
matmul (and its fill) and the `gpu.module` that holds the kernels."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, cf, func, gpu, memref, scf
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.passes.lower_to_coopmat.kernel_builder import FoldingArithmetic, Index
from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.targets import Target
from coopmlir.tiling import (
    TileConfig,
)

# --------------------------------------------------------------------------
# Host side: the launch and the gpu.module
# --------------------------------------------------------------------------


def launch(
    rewriter: PatternRewriter,
    matmul: Matmul,
    config: TileConfig,
    target: Target,
    kernel: SymbolRefAttr,
    operands: Sequence[SSAValue] | None = None,
    aligned: tuple[SymbolRefAttr, Sequence[tuple[str, int]]] | None = None,
) -> None:
    """Replace the fill and matmul by a launch of `kernel` on the full grid
    (computed from the operands' sizes where they are dynamic, after
    asserting that they agree), passing `operands` (default: A, B, C).
    `aligned` (dynamic-versions=2): a second kernel and the (dim, unit)
    multiples the run-time sizes must be for it; an `scf.if` launches it
    when they are, else `kernel`."""
    op = matmul.op
    host = HostCode(rewriter, op)
    static_grid = config.grid(matmul.problem())
    block = (config.workgroup_size(target.subgroup_size), 1, 1)
    for size in (*static_grid, *block):
        host.constant(size)
    host.assert_sizes_agree(matmul)
    grid = [
        host.ceil_div(host.size(matmul, dim), tile) if dim in matmul.dynamic else n
        for dim, tile, n in zip(
            ("n", "m", "batch"),
            (config.tile_n, config.tile_m, 1),
            static_grid,
            strict=True,
        )
    ]
    threads = block[0]
    arguments = list(operands or matmul.operands)
    if aligned is None:
        replace_by_launch(rewriter, op, kernel, grid, threads, arguments, host)
    else:
        symbol, multiples = aligned
        condition = host.all_multiples(matmul, multiples)
        launches = [
            _launch_op(op, k, grid, threads, arguments, host) for k in (symbol, kernel)
        ]
        blocks = [Block([call, scf.YieldOp()]) for call in launches]
        branch = scf.IfOp(condition, [], Region(blocks[0]), Region(blocks[1]))
        host.emit(branch)
        rewriter.erase(op)
    erase_fill(rewriter, matmul)


def erase_fill(rewriter: PatternRewriter, matmul: Matmul) -> None:
    """Erase the matmul's fill (the kernel applies it), and its constant if
    nothing else uses it."""
    erase_fill_op(rewriter, matmul.fill)


def erase_fill_op(rewriter: PatternRewriter, fill: FillOp | None) -> None:
    """Erase `fill` (a kernel applies it), and its constant if nothing else
    uses it."""
    if fill is not None:
        source = fill.inputs[0].owner
        rewriter.erase(fill)
        if isinstance(source, Operation) and not source.results[0].uses:
            rewriter.erase(source)


def replace_by_launch(
    rewriter: PatternRewriter,
    op: Operation,
    kernel: SymbolRefAttr,
    grid: Sequence[int | SSAValue],
    threads: int | SSAValue,
    operands: list[SSAValue],
    host: HostCode | None = None,
) -> None:
    """Replace `op` by a `gpu.launch_func` of `kernel` on `grid` workgroups
    (sizes, or index values computed on the host) of `threads` work-items."""
    insert_launch(rewriter, op, kernel, grid, threads, operands, host)
    rewriter.erase(op)


def insert_launch(
    rewriter: PatternRewriter,
    op: Operation,
    kernel: SymbolRefAttr,
    grid: Sequence[int | SSAValue],
    threads: int | SSAValue,
    operands: list[SSAValue],
    host: HostCode | None = None,
) -> None:
    """A `gpu.launch_func` of `kernel` inserted before `op` (kept): one of
    the several launches that replace it."""
    host = host or HostCode(rewriter, op)
    call = _launch_op(op, kernel, grid, threads, operands, host)
    rewriter.insert(call, InsertPoint.before(op))


def _launch_op(
    op: Operation,
    kernel: SymbolRefAttr,
    grid: Sequence[int | SSAValue],
    threads: int | SSAValue,
    operands: list[SSAValue],
    host: HostCode,
) -> gpu.LaunchFuncOp:
    """A `gpu.launch_func` of `kernel` in place of `op` (not inserted)."""
    call = gpu.LaunchFuncOp(
        kernel,
        [host.value(s) for s in grid],
        [host.value(s) for s in (threads, 1, 1)],
        kernelOperands=operands,
    )
    call.location = op.location  # the runtime's grid checks fail at the op
    return call


#: The operand names of a matmul, for run-time messages.
_OPERANDS = "ABC"


class HostCode(FoldingArithmetic):
    """Index arithmetic and checks inserted on the host before `op`, through
    `rewriter`."""

    def __init__(self, rewriter: PatternRewriter, op: Operation):
        self.rewriter = rewriter
        self.op = op
        self._constants: dict[int, SSAValue] = {}
        self._dims: dict[tuple[SSAValue, int], SSAValue] = {}

    def emit(self, new: Operation) -> SSAValue | None:
        new.location = self.op.location  # run-time checks fail at the matmul
        self.rewriter.insert(new, InsertPoint.before(self.op))
        return new.results[0] if new.results else None

    def constant(self, n: int) -> SSAValue:
        if n not in self._constants:
            c = self.emit(arith.ConstantOp(IntegerAttr(n, IndexType())))
            assert c is not None  # arith.constant has a result
            self._constants[n] = c
        return self._constants[n]

    def value(self, x: int | SSAValue) -> SSAValue:
        return self.constant(x) if isinstance(x, int) else x

    def dim(self, matmul: Matmul, operand: int, axis: int) -> SSAValue:
        """Memref dimension `axis` of operand `operand` (a constant if static)."""
        return self.dim_of(matmul.operands[operand], axis)

    def dim_of(self, value: SSAValue, axis: int) -> SSAValue:
        """Memref dimension `axis` of `value` (a constant if static)."""
        t = value.type
        assert isinstance(t, MemRefType)
        size = t.get_shape()[axis]
        if size >= 0:
            return self.constant(size)
        if (value, axis) not in self._dims:
            dim = self.emit(memref.DimOp(value, self.constant(axis)))
            assert dim is not None  # memref.dim has a result
            self._dims[value, axis] = dim
        return self._dims[value, axis]

    def _arith(self, op_type: type[Operation], x: SSAValue, y: Index) -> SSAValue:
        result = self.emit(op_type(x, self.value(y)))
        assert result is not None  # arith ops have a result
        return result

    def size(self, matmul: Matmul, dim: str) -> SSAValue:
        assert matmul.places is not None  # match_matmul always sets it
        return self.dim(matmul, *matmul.places[dim][0])

    def all_multiples(
        self, matmul: Matmul, multiples: Sequence[tuple[str, int]]
    ) -> SSAValue:
        """An i1: each size `dim` of `matmul` is a multiple of its `unit`."""
        condition = None
        for dim, unit in multiples:
            remainder = self.emit(
                arith.RemUIOp(self.size(matmul, dim), self.constant(unit))
            )
            assert remainder is not None
            exact = self.emit(arith.CmpiOp(remainder, self.constant(0), "eq"))
            assert exact is not None
            both = (
                exact
                if condition is None
                else self.emit(arith.AndIOp(condition, exact))
            )
            assert both is not None
            condition = both
        assert condition is not None  # a kernel with a branch has a requirement
        return condition

    def check(self, condition: Operation, message: str) -> None:
        holds = self.emit(condition)
        assert holds is not None  # callers pass an arith.cmpi
        self.emit(cf.AssertOp(holds, f"lower-to-coopmat: {message}"))

    def assert_sizes_agree(self, matmul: Matmul) -> None:
        """A `cf.assert` per dynamic operand dimension that must equal the
        size it shares with the other operands (a static size, else the first
        operand's), and K > 0 where K is dynamic (the kernel reads at least
        one K tile): a launch with inconsistent operands fails before any
        kernel runs."""
        if not matmul.dynamic:
            return
        assert matmul.places is not None  # match_matmul sets it with `dynamic`
        for dim, places in matmul.places.items():
            name = dim.upper() if dim != "batch" else dim
            static = dim not in matmul.dynamic
            reference = None
            for operand, axis in places:
                t = matmul.operands[operand].type
                assert isinstance(t, MemRefType)
                if t.get_shape()[axis] >= 0:
                    continue
                size = self.dim(matmul, operand, axis)
                if static:
                    reference = self.constant(getattr(matmul, dim))
                elif reference is None:
                    reference, first = size, f"{_OPERANDS[operand]} (dimension {axis})"
                    continue
                ref_text = str(getattr(matmul, dim)) if static else f"that of {first}"
                self.check(
                    arith.CmpiOp(reference, size, "eq"),
                    f"{name} of {_OPERANDS[operand]} (dimension {axis}) must "
                    f"equal {ref_text}",
                )
        if "k" in matmul.dynamic:
            self.check(
                arith.CmpiOp(self.size(matmul, "k"), self.constant(0), "ne"),
                "an empty product (K=0) has no kernel to launch",
            )


def function_of(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def kernel_module(
    rewriter: PatternRewriter, module: ModuleOp, host: func.FuncOp
) -> gpu.ModuleOp:
    """The `gpu.module @<host>_kernels` after `host`, created on first use."""
    name = f"{host.sym_name.data}_kernels"
    for op in module.body.block.ops:
        if isinstance(op, gpu.ModuleOp) and op.sym_name.data == name:
            return op
    kernels = gpu.ModuleOp(StringAttr(name), Region(Block()))
    rewriter.insert(kernels, InsertPoint.after(host))
    return kernels
