"""The fused epilogue inside the kernel (`EpilogueEmitter`): each
accumulator fragment goes through the epilogue's bodies before its store.

Values of a body are either uniform (constants: scalar ops) or per element
(matrices of the accumulator's shape). Per-element ops become:

- `arith.addf/subf/mulf/divf/negf` on matrices: `coopmat.add/sub/mul/div/neg`
  (a constant operand is a `coopmat.splat`, or `coopmat.scale` for a
  product); `arith.extf/truncf`: `coopmat.convert`. These are KHR
  cooperative-matrix instructions, so the common epilogues (bias, alpha/beta
  scaling, the cast to f16) need nothing else.
- any other op (max for ReLU, math functions, compare and select) starts a
  component loop: `scf.for %k = 0 to coopmat.length` extracting element k of
  each matrix input, running the scalar ops, inserting the results, so that
  everything up to the next type change runs as scalar code on the
  work-item's own elements. Matrices of one type share their element order
  (SPV_KHR_cooperative_matrix), so every target lowers it.

Extra operands are loaded as accumulator fragments at the fragment's origin:
an M x N matrix like C (checked on ragged dimensions; a batch_matmul's
batch x M x N at C's batch index), a row vector (bias[n])
`row_major` with stride 0, a column vector (bias[m]) `col_major` with
stride 0. A vector that is not a whole number of fragments is read through
its 1 x length host view (`Epilogue.hoist`), checked along its length on
ragged tiles, so its last fragment reads zeros past the end.

bf16 has no arithmetic on the devices: a bf16 operand is converted to f32
as it is loaded, bf16 body values are f32 ones (a `truncf` to bf16 rounds:
`coopmat.convert` to bf16 and back), and a bf16 output is converted from
f32 before its store (the matmul of bf16 accumulates in f32 anyway).

`math.erf` has no GLSL instruction: it becomes 2 to the power of a
polynomial fitted to log2 erfc (scalar_expansions.erf, within 7e-8 in f32),
and GELU's `1 + erf(u)` becomes erfc(-u) (erfc_form.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import BFloat16Type, Float32Type
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import Rewriter

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.epilogue import CASTS, Epilogue
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.scalar_expansions import (
    computed_type,
    scalar_op,
)

_MATRIX_BINARY = {
    arith.AddfOp: coopmat.AddOp,
    arith.SubfOp: coopmat.SubOp,
    arith.MulfOp: coopmat.MulOp,
    arith.DivfOp: coopmat.DivOp,
}


@dataclass(frozen=True)
class Val:
    """A body value in the kernel: a matrix (per element) or a scalar."""

    ssa: SSAValue
    matrix: bool


class EpilogueEmitter:
    """Applies `epilogue` to accumulator fragments (module doc)."""

    def __init__(
        self,
        b: KernelBuilder,
        epilogue: Epilogue,
        args: tuple[SSAValue, ...],
        acc_type: coopmat.MatrixType,
        sizes: tuple[int, int],
        checked: coopmat.CheckedMode | None,
        prefix: tuple[SSAValue, ...] = (),
    ):
        self.b = b
        self.prefix = prefix  # a matrix operand's leading (batch) indices
        self.epilogue = epilogue
        self.args = args
        self.rows, self.cols = acc_type.shape
        self.sizes = sizes
        self.checked = checked
        # Fragments of a row (column) of the tile share their vector slice.
        self._vectors: dict[tuple, SSAValue] = {}

    def matrix_type(self, element: Attribute) -> coopmat.MatrixType:
        return coopmat.MatrixType(self.rows, self.cols, element, coopmat.MatrixUse.ACC)

    def apply(self, acc: SSAValue, row: Index, col: Index) -> SSAValue:
        """The epilogue of the fragment `acc` at (row, col): a matrix of the
        output's element type."""
        loaded: dict[int, SSAValue] = {}

        def source(src: tuple) -> Val | None:
            if src[0] == "chain":
                return value
            if src[0] == "constant":
                attr = src[1]
                t = computed_type(attr.type)
                return Val(self.b.constant(attr.value.data, t), False)
            if src[0] == "input":
                if src[1] not in loaded:
                    loaded[src[1]] = self._load(src[1], row, col)
                return Val(loaded[src[1]], True)
            return None

        value = Val(acc, True)
        for step in self.epilogue.steps:
            block = step.op.body.block
            env: dict[SSAValue, Val] = {}
            for arg, src in zip(block.args, step.sources, strict=True):
                found = source(src)
                if found is not None:
                    env[arg] = found
            value = _BodyEmitter(self, env).run(block)
        out = self.epilogue.output.type.element_type
        result = value.ssa
        if not value.matrix:
            t = self.matrix_type(computed_type(out))
            result = self.b.emit(coopmat.SplatOp(result, t)).results[0]
        if out != computed_type(out):
            result = self._narrowed(result, self.matrix_type(out))
        return result

    def _narrowed(self, wide: SSAValue, t: Attribute) -> SSAValue:
        """`wide` (f32) converted to `t` (bf16) for the store. Where `wide`
        is a bf16 matrix widened (a body's last truncf: rounded, then f32
        again), that matrix itself: bf16 -> f32 -> bf16 is exact, so both
        conversions go (each costs an instruction per element)."""
        owner = wide.owner
        if isinstance(owner, coopmat.ConvertOp) and owner.operands[0].type == t:
            narrow = owner.operands[0]
            if not wide.uses:
                Rewriter.erase_op(owner)
            return narrow
        return self.b.emit(coopmat.ConvertOp(wide, t)).results[0]

    def _load(self, index: int, row: Index, col: Index) -> SSAValue:
        entry = self.epilogue.inputs[index]
        memory = self.args[self.epilogue.argument(index)]
        element = memory.type.element_type
        b = self.b
        t = self.matrix_type(element)
        if entry.kind == "matrix":
            indices = [*self.prefix, b.value(row), b.value(col)]
            op = coopmat.LoadOp(memory, indices, t, checked=self.checked)
            return self._widened(b.emit(op).results[0])
        else:
            # Stride 0: every row (column) of the fragment is the same slice.
            # Fragments wholly outside a ragged dimension (their stores are
            # dropped) read the last slice instead of past the vector's end.
            is_row = entry.kind == "row"
            start, size, extent = (
                (col, self.sizes[1], self.cols)
                if is_row
                else (row, self.sizes[0], self.rows)
            )
            along = coopmat.CheckedMode.COLS if is_row else coopmat.CheckedMode.ROWS
            ragged = self.checked in (coopmat.CheckedMode.BOTH, along)
            layout = coopmat.MatrixLayout.ROW_MAJOR
            if not is_row:
                layout = coopmat.MatrixLayout.COL_MAJOR
            indices: list[Index] = [start]
            checked = None
            if entry.ragged:
                # A 1 x length view (Epilogue.hoist): checked along the
                # vector, zeros past its end (whose stores are dropped).
                indices, checked = [0, start], along if ragged else None
            elif ragged and not isinstance(start, int):
                indices = [b.clamp(start, size - extent + 1)]
            elif ragged:
                indices = [min(start, size - extent)]
            key = (index, *indices)
            if key not in self._vectors:
                op = coopmat.LoadOp(
                    memory,
                    [b.value(i) for i in indices],
                    t,
                    layout=layout,
                    stride=b.value(0),
                    checked=checked,
                )
                self._vectors[key] = self._widened(b.emit(op).results[0])
            return self._vectors[key]

    def _widened(self, matrix: SSAValue) -> SSAValue:
        """`matrix` in the type the epilogue computes it in (bf16: f32)."""
        t = matrix.type
        assert isinstance(t, coopmat.MatrixType)
        if not isinstance(t.element_type, BFloat16Type):
            return matrix
        wide = self.matrix_type(Float32Type())
        return self.b.emit(coopmat.ConvertOp(matrix, wide)).results[0]


class _BodyEmitter:
    """One body's ops on matrices and scalars (module doc)."""

    def __init__(self, outer: EpilogueEmitter, env: dict[SSAValue, Val]):
        self.outer = outer
        self.b = outer.b
        self.env = env
        self.run_ops: list[Operation] = []

    def get(self, value: SSAValue) -> Val:
        found = self.env.get(value)
        if found is not None:
            return found
        owner = value.owner  # a constant from outside the body (checked)
        assert isinstance(owner, arith.ConstantOp)
        attr = owner.value
        return Val(self.b.constant(attr.value.data, computed_type(attr.type)), False)

    def run(self, block) -> Val:
        for op in block.ops:
            if op is block.last_op:
                break
            if self.run_ops and not isinstance(op, CASTS):
                self.run_ops.append(op)
                continue
            self._close_run()
            self._emit(op)
        self._close_run()
        (yielded,) = block.last_op.operands
        return self.get(yielded)

    def _emit(self, op: Operation) -> None:
        vals = [self.get(v) for v in op.operands]
        if isinstance(op, arith.ConstantOp) or not any(v.matrix for v in vals):
            self._scalar(op, {v: x.ssa for v, x in zip(op.operands, vals, strict=True)})
            return
        b = self.b
        result_type = op.results[0].type
        if isinstance(op, CASTS):
            (x,) = vals
            if isinstance(op, arith.ExtFOp) and x.ssa.type == self.outer.matrix_type(
                result_type
            ):
                self.env[op.results[0]] = x  # an extf of a widened bf16
                return
            new = b.emit(coopmat.ConvertOp(x.ssa, self.outer.matrix_type(result_type)))
            if result_type != computed_type(result_type):
                # A truncf to bf16 rounds; the value goes on in f32.
                wide = self.outer.matrix_type(computed_type(result_type))
                new = b.emit(coopmat.ConvertOp(new.results[0], wide))
        elif isinstance(op, arith.NegfOp):
            new = b.emit(coopmat.NegOp(vals[0].ssa))
        elif type(op) in _MATRIX_BINARY:
            x, y = vals
            if isinstance(op, arith.MulfOp) and not (x.matrix and y.matrix):
                matrix, scalar = (x, y) if x.matrix else (y, x)
                new = b.emit(coopmat.ScaleOp(matrix.ssa, scalar.ssa))
            else:
                new = b.emit(_MATRIX_BINARY[type(op)](self._matrix(x), self._matrix(y)))
        else:
            self.run_ops.append(op)
            return
        self.env[op.results[0]] = Val(new.results[0], True)

    def _matrix(self, x: Val) -> SSAValue:
        if x.matrix:
            return x.ssa
        t = self.outer.matrix_type(x.ssa.type)
        return self.b.emit(coopmat.SplatOp(x.ssa, t)).results[0]

    def _scalar(self, op: Operation, mapping: dict[SSAValue, SSAValue]) -> None:
        """`op` on scalars, with its operands looked up in `mapping`."""
        operands = [mapping[v] for v in op.operands]
        value = scalar_op(self.b, op, operands, widen_bf16=True)
        self.env[op.results[0]] = Val(value, False)

    def _close_run(self) -> None:
        """The pending per-element ops as one component loop."""
        ops, self.run_ops = self.run_ops, []
        if not ops:
            return
        inside = set(ops)
        inputs: list[SSAValue] = []
        for op in ops:
            for v in op.operands:
                val = self.env.get(v)
                if val is not None and val.matrix and v not in inputs:
                    inputs.append(v)
        outputs = [
            r
            for op in ops
            for r in op.results
            if any(u.operation not in inside for u in r.uses)
        ]
        b = self.b
        first = self.env[inputs[0]].ssa
        matrix = first.type
        assert isinstance(matrix, coopmat.MatrixType)
        length = b.emit(coopmat.LengthOp(matrix)).results[0]
        loop, body = b.for_loop(0, length, 1, [first] * len(outputs))
        outer_env = self.env
        with b.inside(body):
            k = body.args[0]
            self.env = dict(outer_env)
            for v in inputs:
                element = b.emit(coopmat.ExtractOp(outer_env[v].ssa, k)).results[0]
                self.env[v] = Val(element, False)
            for op in ops:
                mapping = {v: self.get(v).ssa for v in op.operands}
                self._scalar(op, mapping)
            new = [
                b.emit(coopmat.InsertOp(self.env[r].ssa, acc, k)).results[0]
                for r, acc in zip(outputs, body.args[1:], strict=True)
            ]
            b.emit(scf.YieldOp(*new))
        self.env = outer_env
        for r, result in zip(outputs, loop.results, strict=True):
            self.env[r] = Val(result, True)
