"""Workgroup-scope matrix loads and stores as tensor-addressed accesses
(SPV_NV_cooperative_matrix2 with SPV_NV_tensor_addressing, `coopmat=nv2`).

A `coopmat.load`/`store` of a `!coopmat.matrix<RxCxT, use, workgroup>` at
`mem[i, j]` (a 2-D row-major memref) becomes: a tensor layout with the
memref's two sizes (clamp mode Constant, clamp value 0), sliced to
(i, R, j, C), and OpCooperativeMatrixLoadTensorNV /
OpCooperativeMatrixStoreTensorNV on a pointer to the memref's first
element. Elements outside the memref read as zero and are not written, so
the access is always the `checked(both)` one: a `checked` mode costs
nothing and no staging is needed (the driver stages through shared memory
itself). The load's initial matrix is a zero splat.
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import tensor_addressing as ta
from coopmlir.dialects.spirv.composite import CompositeConstructOp
from coopmlir.dialects.spirv.types import TensorLayoutType
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.kernel import KernelLowering
from coopmlir.passes.convert_to_spirv.memory import Memory

#: A 2-D layout that reads zero (the clamp value) outside its dimensions.
LAYOUT = TensorLayoutType(2, "Constant")


def is_workgroup_access(op: cm.LoadOp | cm.StoreOp) -> bool:
    t = op.result.type if isinstance(op, cm.LoadOp) else op.value.type
    assert isinstance(t, cm.MatrixType)
    return t.scope.data == cm.MatrixScope.WORKGROUP


def _slice(k: KernelLowering, op: cm.LoadOp | cm.StoreOp, t: cm.MatrixType):
    """The memref's memory, and the layout sliced to the matrix at the
    op's indices; a LoweringError for accesses a tensor layout cannot make."""
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
    b = k.b
    rows, cols = (k.size(d) for d in mem.shape)
    layout = b.value(ta.CreateTensorLayoutOp(LAYOUT))
    layout = b.value(ta.TensorLayoutSetDimensionOp(layout, [rows, cols]))
    layout = b.value(ta.TensorLayoutSetClampValueOp(layout, [k.const(0)]))
    row, col = (k.get(i) for i in op.indices)
    height, width = (k.const(n) for n in t.shape)
    sliced = b.value(ta.TensorLayoutSliceOp(layout, [row, height, col, width]))
    return mem, sliced


def load_tensor(k: KernelLowering, op: cm.LoadOp, result_type) -> SSAValue:
    """The tensor-addressed load of a workgroup matrix (module doc)."""
    t = op.result.type
    assert isinstance(t, cm.MatrixType)
    mem, sliced = _slice(k, op, t)
    # The matrix's component type (bf16 is i16 only in memory).
    zero = k.const(0, result_type.element_type)
    initial = k.b.value(CompositeConstructOp([zero], result_type))
    pointer = k.element_pointer(mem, k.const(0))
    return k.b.value(ta.CooperativeMatrixLoadTensorOp(pointer, initial, sliced))


def store_tensor(k: KernelLowering, op: cm.StoreOp) -> None:
    """The tensor-addressed store of a workgroup matrix (module doc)."""
    t = op.value.type
    assert isinstance(t, cm.MatrixType)
    mem, sliced = _slice(k, op, t)
    pointer = k.element_pointer(mem, k.const(0))
    k.b.emit(ta.CooperativeMatrixStoreTensorOp(pointer, k.get(op.value), sliced))
