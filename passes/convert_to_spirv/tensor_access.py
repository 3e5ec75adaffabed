"""Workgroup-scope matrix loads and stores as tensor-addressed accesses
(SPV_NV_cooperative_matrix2 with SPV_NV_tensor_addressing, `coopmat=nv2`).

A `coopmat.load`/`store` of a `!coopmat.matrix<RxCxT, use, workgroup>` at
`mem[i, j]` (a 2-D row-major memref) becomes: a tensor layout with the
memref's two sizes (clamp mode Constant, clamp value 0; one per memref,
in the kernel's prologue where its sizes are static), sliced to
(i, R, j, C), and OpCooperativeMatrixLoadTensorNV /
OpCooperativeMatrixStoreTensorNV on a pointer to the memref's first
element. Elements outside the memref read as zero and are not written, so
the access is always the `checked(both)` one: a `checked` mode costs
nothing and no staging is needed (the driver stages through shared memory
itself). The load's initial matrix is a zero splat.
"""

from __future__ import annotations

from xdsl.ir import Attribute, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import tensor_addressing as ta
from coopmlir.dialects.spirv.composite import CompositeConstructOp
from coopmlir.dialects.spirv.memory import AccessChainOp
from coopmlir.dialects.spirv.types import TensorLayoutType
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.kernel import KernelLowering
from coopmlir.passes.convert_to_spirv.memory import Memory, refuse_non_private

#: A 2-D layout that reads zero (the clamp value) outside its dimensions.
LAYOUT = TensorLayoutType(2, "Constant")


def is_workgroup_access(op: cm.LoadOp | cm.StoreOp) -> bool:
    t = op.result.type if isinstance(op, cm.LoadOp) else op.value.type
    assert isinstance(t, cm.MatrixType)
    return t.scope.data == cm.MatrixScope.WORKGROUP


class TensorLayouts:
    """The tensor layout (and base pointer) of each memref of one kernel:
    built once in the kernel's prologue where the sizes are static."""

    def __init__(self, k: KernelLowering):
        self.k = k
        self._made: dict[SSAValue, tuple[SSAValue, SSAValue]] = {}
        self._zeros: dict[Attribute, SSAValue] = {}

    def zero(self, matrix_type: Attribute) -> SSAValue:
        """A zero matrix of `matrix_type` (a load's initial value), in the
        prologue."""
        if matrix_type not in self._zeros:
            # The matrix's component type (bf16 is i16 only in memory).
            zero = self.k.const(0, matrix_type.element_type)
            construct = CompositeConstructOp([zero], matrix_type)
            self._zeros[matrix_type] = self.k.b.hoisted(construct)
        return self._zeros[matrix_type]

    def of(self, memref: SSAValue) -> tuple[SSAValue, SSAValue]:
        """(the layout with the memref's sizes and clamp value 0, a pointer
        to the memref's first element)."""
        if memref in self._made:
            return self._made[memref]
        k, mem = self.k, self.k.memory(memref)
        static = all(isinstance(d, int) for d in mem.shape)
        place = k.b.hoisted if static else k.b.value
        rows, cols = (k.size(d) for d in mem.shape)
        zero = k.const(0)
        layout = place(ta.CreateTensorLayoutOp(LAYOUT))
        layout = place(ta.TensorLayoutSetDimensionOp(layout, [rows, cols]))
        layout = place(ta.TensorLayoutSetClampValueOp(layout, [zero]))
        path = [zero, zero] if mem.in_block else [zero]
        pointer = place(AccessChainOp(mem.pointer, path))
        if static:
            self._made[memref] = (layout, pointer)
        return layout, pointer


def _slice(
    layouts: TensorLayouts, op: cm.LoadOp | cm.StoreOp, t: cm.MatrixType
) -> tuple[Memory, SSAValue, SSAValue]:
    """The memref's memory, the layout sliced to the matrix at the op's
    indices and the memref's base pointer; a LoweringError for accesses a
    tensor layout cannot make."""
    k = layouts.k
    mem: Memory = k.memory(op.memref)
    shape = mem.memref_type.get_shape()
    if len(shape) != 2 or op.stride is not None or mem.offset != 0:
        raise LoweringError(
            "a workgroup matrix is accessed by a tensor layout of a whole 2-D "
            f"memref without an explicit stride, got {mem.memref_type}"
        )
    if op.layout.data != cm.MatrixLayout.ROW_MAJOR or mem.unit != 1:
        raise LoweringError("a workgroup matrix access must be row_major")
    if mem.strides[-1] != 1 or mem.strides[0] != shape[1]:
        raise LoweringError(
            f"a workgroup matrix needs a packed row-major memref, got {mem.memref_type}"
        )
    layout, pointer = layouts.of(op.memref)
    row, col = (k.get(i) for i in op.indices)
    height, width = (k.const(n) for n in t.shape)
    sliced = k.b.value(ta.TensorLayoutSliceOp(layout, [row, height, col, width]))
    return mem, sliced, pointer


def load_tensor(layouts: TensorLayouts, op: cm.LoadOp, result_type) -> SSAValue:
    """The tensor-addressed load of a workgroup matrix (module doc)."""
    t = op.result.type
    assert isinstance(t, cm.MatrixType)
    mem, sliced, pointer = _slice(layouts, op, t)
    refuse_non_private(mem, "a tensor-addressed cooperative-matrix load")
    initial = layouts.zero(result_type)
    return layouts.k.b.value(ta.CooperativeMatrixLoadTensorOp(pointer, initial, sliced))


def store_tensor(layouts: TensorLayouts, op: cm.StoreOp) -> None:
    """The tensor-addressed store of a workgroup matrix (module doc)."""
    t = op.value.type
    assert isinstance(t, cm.MatrixType)
    mem, sliced, pointer = _slice(layouts, op, t)
    refuse_non_private(mem, "a tensor-addressed cooperative-matrix store")
    value = layouts.k.get(op.value)
    layouts.k.b.emit(ta.CooperativeMatrixStoreTensorOp(pointer, value, sliced))
