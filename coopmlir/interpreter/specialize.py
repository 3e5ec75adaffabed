"""The interpreter's specialization of a module for given values of its
matrix-size constants (`coopmat_m`, `coopmat_n`, `coopmat_k`): what a
driver does at pipeline creation. A kernel marked `SPEC_MATRIX_ATTR` spells
its matrix types with the defaults; the copy this returns has them resized
(A: m x k, B: k x n, accumulator: m x n), so the interpreter runs the
matrices the values make. The other constants need no copy: the
interpreter reads their values where they are used."""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.dialects import gpu
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from coopmlir.dialects.coopmat import MatrixType, MatrixUse, SpecConstantOp
from coopmlir.specialization import MATRIX_PARAMETERS, SPEC_MATRIX_ATTR


def specialize_matrices(module: ModuleOp, values: Mapping[str, int]) -> ModuleOp:
    """`module`, or a copy with the matrix types the values give."""
    if not any(name in values for name in MATRIX_PARAMETERS):
        return module
    copy = module.clone()
    for kernel in copy.walk():
        if isinstance(kernel, gpu.FuncOp) and SPEC_MATRIX_ATTR in kernel.attributes:
            _resize(kernel, values)
    return copy


def _resize(kernel: gpu.FuncOp, values: Mapping[str, int]) -> None:
    defaults = {
        op.param.data: op.default_value
        for op in kernel.walk()
        if isinstance(op, SpecConstantOp)
    }
    m, n, k = (values.get(name, defaults[name]) for name in MATRIX_PARAMETERS)
    shapes = {MatrixUse.A: (m, k), MatrixUse.B: (k, n), MatrixUse.ACC: (m, n)}
    for op in kernel.walk():
        blocks = [block for region in op.regions for block in region.blocks]
        for value in (*op.results, *(arg for b in blocks for arg in b.args)):
            t = value.type
            if isinstance(t, MatrixType):
                rows, cols = shapes[t.use_kind]
                _retype(value, MatrixType(rows, cols, t.element_type, t.use_kind))


def _retype(value: SSAValue, new: MatrixType) -> None:
    # xDSL 0.74 has no public way to change a value's type in place (its
    # rewriter makes a new value); the copy is ours alone, so set it.
    value._type = new  # noqa: SLF001
