"""coopmat ops as SPV_KHR_cooperative_matrix (`coopmat=khr`) or
SPV_NV_cooperative_matrix (`coopmat=nv`) instructions.

- load/store of a workgroup-scope matrix (`coopmat=nv2`): a tensor-addressed
  access (`tensor_access.py`), checked or not.
- load/store: a pointer to the first element (an AccessChain to the linear
  offset of the indices), the stride (explicit, or the memref's leading
  stride) and RowMajor/ColumnMajor.
- checked load/store: neither extension checks bounds, so the access is a
  subgroup-uniform branch. When the whole fragment is inside the checked
  memref dimensions the plain instruction runs. Otherwise the subgroup goes
  through its slot of a per-kernel workgroup-memory scratch array (one slot
  of R*C elements per subgroup, at SubgroupId * slot size): for a load, each
  lane copies elements `lane, lane + S, ...` of the fragment (zero where out
  of bounds) into the slot in row-major order, a subgroup barrier, and a
  cooperative load from the slot; for a store, the reverse. A barrier before
  each use keeps consecutive uses of the slot apart.
- mul_add: KHR MulAdd with `<ASigned|BSigned|CSigned|ResultSigned|AccSat>`
  (MLIR's names of the grammar's Matrix*SignedComponents and
  SaturatingAccumulation) from the op's flags; NV MulAdd (float only: NV
  integer signedness lives in the type, which this lowering does not pick).
- element-wise ops, scale (MatrixTimesScalar), neg, splat (CompositeConstruct),
  length, extract/insert: CompositeExtract/Insert with a constant index, an
  AccessChain into a Function variable holding the matrix otherwise. The
  element order is the driver's, not `coopmat.layout`'s: each one gets a
  remark on stderr.
- convert: element conversion on the matrix (FConvert, SConvert, ...); a use
  change (acc -> a/b) under KHR goes through the scratch slot (store as
  accumulator, subgroup barrier, load with the new use); NV matrices have no
  use, so only the element conversion remains.
- from_vector / to_vector (one row per invocation for A and acc, one column
  for B): through the subgroup's scratch slot. from_vector: invocations
  below the row (column) count store their line into the row-major slot
  (i32-packed vectors unpacked first), a subgroup barrier, a cooperative
  load; to_vector: a cooperative store, a subgroup barrier, each invocation
  reads its line (zeros beyond the row/column count).
- bitcast_array, extract_subarray: per-invocation arrays, lowered on the
  elements (Bitcast per 32-bit word; CompositeExtract, or a Function
  variable for a dynamic start of an array).
- With `qcom=True` (`convert-to-spirv="qcom-conversion=true"`, KHR only) the
  four conversion ops are the SPV_QCOM_cooperative_matrix_conversion
  instructions instead: OpCompositeConstructCoopMatQCOM /
  OpCompositeExtractCoopMatQCOM on the invocation's array (or 2-4 element
  vector), OpBitCastArrayQCOM, OpExtractSubArrayQCOM; no workgroup memory.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, gpu
from xdsl.dialects.builtin import IntegerAttr, MemRefType, VectorType, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from coopmlir.diagnostics import remark
from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.kernel_abi import subgroup_size_of
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv import coopmatrix as sm
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
    CompositeInsertOp,
    VectorExtractDynamicOp,
)
from coopmlir.dialects.spirv.group import ControlBarrierOp
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp, StoreOp
from coopmlir.dialects.spirv.structure import GlobalVariableOp
from coopmlir.dialects.spirv.types import (
    ArrayType,
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    PointerType,
)
from coopmlir.elements import is_float
from coopmlir.passes.convert_to_spirv import matrix_ops
from coopmlir.passes.convert_to_spirv.builder import WORKGROUP_SEMANTICS
from coopmlir.passes.convert_to_spirv.errors import LoweringError, fail
from coopmlir.passes.convert_to_spirv.kernel import KernelLowering
from coopmlir.passes.convert_to_spirv.memory import Memory, mark_non_private
from coopmlir.passes.convert_to_spirv.tensor_access import (
    TensorLayouts,
    is_workgroup_access,
    load_tensor,
    store_tensor,
)
from coopmlir.target_lowering import staging_bytes

_SIGNED_OPERANDS = (
    ("a_signed", "ASigned"),
    ("b_signed", "BSigned"),
    ("c_signed", "CSigned"),
    ("result_signed", "ResultSigned"),
)


def _needs_scratch(
    op: Operation, qcom: bool = False, nv2: bool = False
) -> tuple[cm.MatrixType, int] | None:
    """(matrix type, slot elements) an op stages through workgroup memory,
    or None."""
    if isinstance(op, cm.ReduceOp | cm.ApplyOp | cm.TransposeOp):
        return None if nv2 else matrix_ops.scratch_elements(op)
    t = _staged_matrix(op, qcom)
    return None if t is None else (t, t.shape[0] * t.shape[1])


def _staged_matrix(op: Operation, qcom: bool) -> cm.MatrixType | None:
    """The matrix a conversion or checked access stages, or None."""
    if qcom and isinstance(op, cm.FromVectorOp | cm.ToVectorOp):
        return None
    if isinstance(op, cm.FromVectorOp):
        assert isinstance(op.result.type, cm.MatrixType)
        return op.result.type
    if isinstance(op, cm.ToVectorOp):
        assert isinstance(op.matrix.type, cm.MatrixType)
        return op.matrix.type
    if (
        isinstance(op, cm.LoadOp | cm.StoreOp)
        and op.checked is not None
        and not is_workgroup_access(op)
    ):
        t = op.result.type if isinstance(op, cm.LoadOp) else op.value.type
        assert isinstance(t, cm.MatrixType)
        return t
    if isinstance(op, cm.ConvertOp):
        src, dst = op.operand.type, op.result.type
        assert isinstance(src, cm.MatrixType) and isinstance(dst, cm.MatrixType)
        if src.use_kind != dst.use_kind:
            return dst
    return None


class MatrixLowering:
    """Lowers the coopmat ops of one kernel (`func`, of `threads` work-items)
    into `kernel`'s values, for the flavor of the kernel's type converter."""

    def __init__(
        self,
        kernel: KernelLowering,
        func: gpu.FuncOp,
        threads: int,
        qcom: bool = False,
        add_function: Callable[[Operation], None] = lambda f: None,
    ):
        self.k = kernel
        self.b = kernel.b
        self.types = kernel.types
        # SPV_QCOM_cooperative_matrix_conversion for the conversion ops.
        self.qcom = qcom
        # convert-to-spirv has refused an ambiguous size already.
        self.subgroup_size = subgroup_size_of(func)
        # Scratch slot size (elements) per SPIR-V element type: the memory
        # representation (bf16 matrices go through workgroup memory as i16).
        self.slot_sizes: dict[Attribute, int] = {}
        nv2 = self.types.flavor == "nv2"
        for op in func.walk():
            staged = _needs_scratch(op, qcom, nv2)
            if staged is not None:
                t, elements = staged
                try:
                    self.types.matrix_element_type(t)  # a located refusal
                except LoweringError as err:
                    raise fail(op, str(err)) from None
                element = self.types.scalar_type(t.element_type)
                self.slot_sizes[element] = max(
                    self.slot_sizes.get(element, 0), elements
                )
        self.slots = 0
        if self.slot_sizes:
            if self.subgroup_size is None:
                first = next(op for op in func.walk() if _needs_scratch(op, qcom, nv2))
                raise fail(
                    first,
                    "needs the kernel's subgroup size (a coopmat.layout or "
                    "spirv.entry_point_abi attribute) "
                    "to size its workgroup-memory staging",
                )
            self.slots = max(1, threads // self.subgroup_size)
        self._scratch: dict[Attribute, Memory] = {}
        self.tensor_layouts = TensorLayouts(kernel)
        # Outlined functions (reduce combines, apply bodies) go to the module.
        self.add_function = add_function
        self.combines: dict[tuple, str] = {}
        self._functions = 0

    def function_name(self, stem: str) -> str:
        """A new module-unique function name for this kernel."""
        self._functions += 1
        return f"{self.k.name}_{stem}{self._functions}"

    def scratch_bytes(self) -> int:
        """The workgroup memory of this kernel's scratch slots."""
        sizes = self.slot_sizes.items()
        slots = [(self.types.byte_size(element), n) for element, n in sizes]
        return staging_bytes(self.slots, slots)

    # -- dispatch ---------------------------------------------------------------

    def lower(self, op: Operation) -> None:
        handler = _HANDLERS.get(type(op))
        if handler is None:
            raise LoweringError(
                "has no SPIR-V lowering: it needs the matrix layout's element "
                "order, which a KHR/NV matrix does not expose (lower it with "
                "coopmat-to-simt instead)"
            )
        handler(self, op)

    def set(self, op: Operation, value: SSAValue | Operation) -> None:
        if isinstance(value, Operation):
            value = self.b.value(value)
        self.k.values[op.results[0]] = value

    # -- memory -----------------------------------------------------------------

    def _stride(self, op: cm.LoadOp | cm.StoreOp, mem: Memory) -> SSAValue:
        if op.stride is not None:
            stride = self.k.get(op.stride)
            return stride if mem.unit == 1 else self.k.in_units(mem, stride)
        # A uvec4 array (wide_access) counts the stride in its entries; a
        # run-time stride (dynamic sizes) only exists on element arrays.
        stride = mem.strides[-2]
        if not isinstance(stride, int):
            # unit > 1 only for uvec4 workgroup arrays (static strides) and
            # uvec4 views, which vector loads read, never coopmat.load
            assert mem.unit == 1
            return stride
        return self.k.const(stride // mem.unit)

    def fast_load(
        self, mem: Memory, start: SSAValue, stride: SSAValue, col_major: bool, t
    ) -> SSAValue:
        pointer = self.k.element_pointer(mem, start)
        if self.types.flavor == "nv":
            flag = self.k.const(col_major, i1)
            return self.b.value(sm.NVCooperativeMatrixLoadOp(pointer, stride, flag, t))
        layout = "ColumnMajor" if col_major else "RowMajor"
        load = sm.KHRCooperativeMatrixLoadOp(pointer, stride, layout, t)
        mark_non_private(load, mem)
        return self.b.value(load)

    def fast_store(
        self,
        mem: Memory,
        start: SSAValue,
        value: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ) -> None:
        pointer = self.k.element_pointer(mem, start)
        if self.types.flavor == "nv":
            flag = self.k.const(col_major, i1)
            self.b.emit(sm.NVCooperativeMatrixStoreOp(pointer, value, stride, flag))
            return
        layout = "ColumnMajor" if col_major else "RowMajor"
        store = sm.KHRCooperativeMatrixStoreOp(pointer, value, stride, layout)
        mark_non_private(store, mem)
        self.b.emit(store)

    def _access(
        self, op: cm.LoadOp | cm.StoreOp
    ) -> tuple[Memory, list[SSAValue], SSAValue, SSAValue, bool]:
        """Where a load or store goes: its memory, indices, first element
        (linear offset), stride and whether it is column-major."""
        mem = self.k.memory(op.memref)
        indices = [self.k.get(i) for i in op.indices]
        start = self.k.linear_index(mem, indices)
        stride = self._stride(op, mem)
        col_major = op.layout.data == cm.MatrixLayout.COL_MAJOR
        return mem, indices, start, stride, col_major

    def _load(self, op: cm.LoadOp) -> None:
        t = self.types.matrix_type(op.result.type)
        if is_workgroup_access(op):
            self.set(op, load_tensor(self.tensor_layouts, op, t))
            return
        mem, indices, start, stride, col_major = self._access(op)
        if op.checked is None:
            self.set(op, self.fast_load(mem, start, stride, col_major, t))
            return
        access = _CheckedAccess(self, op, mem, indices, start, stride, col_major)

        def fast() -> list[SSAValue]:
            return [self.fast_load(mem, start, stride, col_major, t)]

        def staged() -> list[SSAValue]:
            scratch, slot = self.slot(op.result.type)
            self.subgroup_barrier()
            zero = self.k.const(0, mem.element_type)

            def copy(e: SSAValue) -> None:
                address, inside = access.element(e)
                (value,) = self.b.selection(
                    inside,
                    [mem.element_type],
                    lambda: [self.k.load(mem, address)],
                    lambda: [zero],
                )
                self.k.store(scratch, self.b.value(sa.IAddOp(slot, e)), value)

            self.for_each_element(access.rows * access.cols, copy)
            self.subgroup_barrier()
            width = self.k.const(access.cols)
            return [self.fast_load(scratch, slot, width, False, t)]

        self.set(op, self.b.selection(access.in_bounds(), [t], fast, staged)[0])

    def _store(self, op: cm.StoreOp) -> None:
        if is_workgroup_access(op):
            store_tensor(self.tensor_layouts, op)
            return
        mem, indices, start, stride, col_major = self._access(op)
        value = self.k.get(op.value)
        if op.checked is None:
            self.fast_store(mem, start, value, stride, col_major)
            return
        access = _CheckedAccess(self, op, mem, indices, start, stride, col_major)

        def fast() -> list[SSAValue]:
            self.fast_store(mem, start, value, stride, col_major)
            return []

        def staged() -> list[SSAValue]:
            scratch, slot = self.slot(op.value.type)
            self.subgroup_barrier()
            self.fast_store(scratch, slot, value, self.k.const(access.cols), False)
            self.subgroup_barrier()

            def copy(e: SSAValue) -> None:
                address, inside = access.element(e)

                def write() -> list[SSAValue]:
                    element = self.k.load(scratch, self.b.value(sa.IAddOp(slot, e)))
                    self.k.store(mem, address, element)
                    return []

                self.b.selection(inside, [], write)

            self.for_each_element(access.rows * access.cols, copy)
            return []

        self.b.selection(access.in_bounds(), [], fast, staged)

    def slot(self, t: Attribute) -> tuple[Memory, SSAValue]:
        """The scratch array for `t`'s element type and this subgroup's slot."""
        assert isinstance(t, cm.MatrixType)
        element = self.types.scalar_type(t.element_type)
        size = self.slot_sizes[element]
        if element not in self._scratch:
            array = ArrayType(size * self.slots, element)
            name = f"{self.k.name}_matrix_scratch_{element}"
            var = self.b.global_variable(
                GlobalVariableOp(name, PointerType(array, "Workgroup"))
            )
            self._scratch[element] = Memory(
                self.b.address_of(var),
                element,
                MemRefType(t.element_type, [size * self.slots]),
                (1,),
                0,
                False,
            )
        subgroup = self.b.builtin("SubgroupId")
        slot = self.b.value(sa.IMulOp(subgroup, self.k.const(size)))
        return self._scratch[element], slot

    def subgroup_barrier(self) -> None:
        self.b.emit(ControlBarrierOp("Subgroup", "Subgroup", WORKGROUP_SEMANTICS))

    def for_each_element(self, count: int, body: Callable[[SSAValue], None]) -> None:
        """`for (e = lane; e < count; e += SubgroupSize) body(e)`."""
        lane = self.b.builtin("SubgroupLocalInvocationId")
        step = self.b.builtin("SubgroupSize")

        def iteration(e: SSAValue, carried: Sequence[SSAValue]) -> list[SSAValue]:
            body(e)
            return []

        self.b.loop(lane, self.k.const(count), step, [], iteration)

    # -- arithmetic -------------------------------------------------------------

    def _mul_add(self, op: cm.MulAddOp) -> None:
        a, b, c = (self.k.get(v) for v in (op.a, op.b, op.c))
        if self.types.flavor == "nv":
            self.set(op, sm.NVCooperativeMatrixMulAddOp(a, b, c))
            return
        assert isinstance(op.a.type, cm.MatrixType)
        flags: list[str] = []
        if not is_float(op.a.type.element_type):
            flags = [name for prop, name in _SIGNED_OPERANDS if op.properties.get(prop)]
            if op.saturating is not None:
                flags.append("AccSat")
        self.set(op, sm.KHRCooperativeMatrixMulAddOp(a, b, c, "|".join(flags) or None))

    def _binary(self, op: Operation) -> None:
        if isinstance(op, cm.MulOp) and self.types.flavor == "nv":
            raise LoweringError(
                "has no SPIR-V lowering with coopmat=nv: SPV_NV_cooperative_matrix "
                "has no component-wise multiply of two matrices (OpFMul/OpIMul on "
                "matrices are SPV_KHR_cooperative_matrix's); use coopmat=khr, "
                "coopmat.scale for a scalar, or coopmat-to-simt"
            )
        lhs, rhs = (self.k.get(v) for v in op.operands)
        t = op.results[0].type
        assert isinstance(t, cm.MatrixType)
        floats = is_float(t.element_type)
        if isinstance(op, cm.DivOp) and not floats:
            cls = sa.UDivOp if op.unsigned is not None else sa.SDivOp
        else:
            cls = _BINARY[type(op)][0 if floats else 1]
        self.set(op, cls(lhs, rhs))

    def _neg(self, op: cm.NegOp) -> None:
        t = op.result.type
        assert isinstance(t, cm.MatrixType)
        cls = sa.FNegateOp if is_float(t.element_type) else sa.SNegateOp
        self.set(op, cls(self.k.get(op.operand)))

    def _scale(self, op: cm.ScaleOp) -> None:
        matrix, scalar = self.k.get(op.matrix), self.k.get(op.scalar)
        self.set(op, sa.MatrixTimesScalarOp(matrix, scalar))

    def _splat(self, op: cm.SplatOp) -> None:
        t = self.types.matrix_type(op.result.type)
        self.set(op, CompositeConstructOp([self.k.get(op.value)], t))

    def _length(self, op: cm.LengthOp) -> None:
        t = self.types.matrix_type(op.matrix_type)
        if isinstance(t, NVCooperativeMatrixType):
            self.set(op, sm.NVCooperativeMatrixLengthOp(t))
        else:
            assert isinstance(t, CooperativeMatrixType)
            self.set(op, sm.KHRCooperativeMatrixLengthOp(t))

    def _order_remark(self, op: Operation) -> None:
        """extract/insert index the driver's element order: say so."""
        remark(
            op,
            "convert-to-spirv",
            f"'{op.name}' becomes "
            f"OpComposite{'Extract' if isinstance(op, cm.ExtractOp) else 'Insert'}"
            " (an OpAccessChain for a dynamic index): the element order of a "
            "KHR/NV matrix is the driver's, not coopmat.layout's, so the program "
            "must not depend on which element an index names",
        )

    def _element_pointer(
        self, matrix: SSAValue, index: SSAValue
    ) -> tuple[SSAValue, SSAValue]:
        """A Function variable holding `matrix` and a pointer to its element
        `index` (cooperative matrices take a dynamic index only through an
        AccessChain)."""
        assert isinstance(matrix.type, CooperativeMatrixType | NVCooperativeMatrixType)
        variable = self.k.spill(matrix)
        return variable, self.b.value(AccessChainOp(variable, [index]))

    def _extract(self, op: cm.ExtractOp) -> None:
        self._order_remark(op)
        matrix = self.k.get(op.matrix)
        index = _constant_index(op.index)
        if index is not None:
            self.set(op, CompositeExtractOp(matrix, [index]))
            return
        _, pointer = self._element_pointer(matrix, self.k.get(op.index))
        self.set(op, LoadOp(pointer))

    def _insert(self, op: cm.InsertOp) -> None:
        self._order_remark(op)
        value, matrix = self.k.get(op.value), self.k.get(op.matrix)
        index = _constant_index(op.index)
        if index is not None:
            self.set(op, CompositeInsertOp(value, matrix, [index]))
            return
        variable, pointer = self._element_pointer(matrix, self.k.get(op.index))
        self.b.emit(StoreOp(pointer, value))
        self.set(op, LoadOp(variable))

    # -- per-invocation vectors ---------------------------------------------------

    def _qcom_op(self, op: Operation) -> SSAValue:
        """Emit a QCOM conversion instruction; what spirv-val would reject
        (the shapes and types of the SPV_QCOM_cooperative_matrix_conversion
        specification) is a located error here."""
        try:
            op.verify_()
        except VerifyException as err:
            raise LoweringError(f"qcom-conversion: {err}") from None
        return self.b.value(op)

    def _as_array(self, value: SSAValue) -> SSAValue:
        """The QCOM instructions take OpTypeArray: a 2-4 element SPIR-V vector
        is rebuilt as an array."""
        t = value.type
        if isinstance(t, ArrayType):
            return value
        assert isinstance(t, VectorType)
        parts = self._parts(value, t.get_shape()[0])
        return self.b.value(CompositeConstructOp(parts, self.types.array_type(t)))

    def _from_array(self, value: SSAValue, t: Attribute) -> SSAValue:
        """`value`, an array, as the lowering's type `t` (a vector for 2-4)."""
        if value.type == t:
            return value
        assert isinstance(t, VectorType)
        parts = self._parts(value, t.get_shape()[0])
        return self.b.value(CompositeConstructOp(parts, t))

    def _parts(self, value: SSAValue, count: int) -> list[SSAValue]:
        return [self.b.value(CompositeExtractOp(value, [i])) for i in range(count)]

    def _bitcast(self, value: SSAValue, t: Attribute) -> SSAValue:
        return self.b.value(sc.BitcastOp(value, t))

    def _line_index(
        self, slot: SSAValue, lane: SSAValue, j: int, t: cm.MatrixType
    ) -> SSAValue:
        """Offset in the row-major slot of element j of `lane`'s line."""
        cols = t.shape[1]
        if t.use_kind == cm.MatrixUse.B:  # column `lane`, row j
            offset = self.b.value(sa.IAddOp(lane, self.k.const(j * cols)))
        else:  # row `lane`, column j
            row = self.b.value(sa.IMulOp(lane, self.k.const(cols)))
            offset = self.b.value(sa.IAddOp(row, self.k.const(j)))
        return self.b.value(sa.IAddOp(slot, offset))

    @staticmethod
    def _lines(t: cm.MatrixType) -> tuple[int, int]:
        """(how many invocations hold a line, elements per line)."""
        rows, cols = t.shape
        return (cols, rows) if t.use_kind == cm.MatrixUse.B else (rows, cols)

    def _from_vector(self, op: cm.FromVectorOp) -> None:
        t, source = op.result.type, op.vector.type
        assert isinstance(t, cm.MatrixType) and isinstance(source, VectorType)
        if self.qcom:
            target = self.types.matrix_type(t)
            line = self._as_array(self.k.get(op.vector))
            self.set(
                op, self._qcom_op(sm.QCOMCompositeConstructCoopMatOp(line, target))
            )
            return
        lines, line = self._lines(t)
        element = self.types.scalar_type(t.element_type)
        value = self.k.get(op.vector)
        target = self.types.matrix_type(t)
        parts = self._parts(value, source.get_shape()[0])
        parts = self.k.recast(
            parts, self.types.scalar_type(source.get_element_type()), element
        )
        scratch, slot = self.slot(t)
        lane = self.b.builtin("SubgroupLocalInvocationId")
        self.subgroup_barrier()

        def write() -> list[SSAValue]:
            for j, part in enumerate(parts[:line]):
                self.k.store(scratch, self._line_index(slot, lane, j, t), part)
            return []

        holds = self.b.value(sa.ULessThanOp(lane, self.k.const(lines)))
        self.b.selection(holds, [], write)
        self.subgroup_barrier()
        width = self.k.const(t.shape[1])
        self.set(op, self.fast_load(scratch, slot, width, False, target))

    def _to_vector(self, op: cm.ToVectorOp) -> None:
        t, result = op.matrix.type, op.result.type
        assert isinstance(t, cm.MatrixType) and isinstance(result, VectorType)
        if self.qcom:
            matrix = self.k.get(op.matrix)
            array = self.types.array_type(result)
            line = self._qcom_op(sm.QCOMCompositeExtractCoopMatOp(matrix, array))
            self.set(op, self._from_array(line, self.types.value_type(result)))
            return
        lines, line = self._lines(t)
        element = self.types.scalar_type(t.element_type)
        matrix = self.k.get(op.matrix)
        scratch, slot = self.slot(t)
        width = self.k.const(t.shape[1])
        self.subgroup_barrier()
        self.fast_store(scratch, slot, matrix, width, False)
        self.subgroup_barrier()
        lane = self.b.builtin("SubgroupLocalInvocationId")
        holds = self.b.value(sa.ULessThanOp(lane, self.k.const(lines)))
        # Invocations without a line read line 0 and return zeros.
        safe = self.b.value(sa.SelectOp(holds, lane, self.k.const(0)))
        zero = self.k.const(0, element)
        parts = []
        for j in range(line):
            loaded = self.k.load(scratch, self._line_index(slot, safe, j, t))
            parts.append(self.b.value(sa.SelectOp(holds, loaded, zero)))
        parts = self.k.recast(
            parts, element, self.types.scalar_type(result.get_element_type())
        )
        self.set(op, CompositeConstructOp(parts, self.types.value_type(result)))

    def _bitcast_array(self, op: cm.BitcastArrayOp) -> None:
        src, dst = op.source.type, op.result.type
        assert isinstance(src, VectorType) and isinstance(dst, VectorType)
        value = self.k.get(op.source)
        target = self.types.value_type(dst)
        if self.qcom:
            cast = sm.QCOMBitCastArrayOp(
                self._as_array(value), self.types.array_type(target)
            )
            self.set(op, self._from_array(self._qcom_op(cast), target))
            return
        parts = self._parts(value, src.get_shape()[0])
        parts = self.k.recast(
            parts,
            self.types.scalar_type(src.get_element_type()),
            self.types.scalar_type(dst.get_element_type()),
        )
        self.set(op, CompositeConstructOp(parts, target))

    def _extract_subarray(self, op: cm.ExtractSubarrayOp) -> None:
        src, dst = op.source.type, op.result.type
        assert isinstance(src, VectorType) and isinstance(dst, VectorType)
        value = self.k.get(op.source)
        target = self.types.value_type(dst)
        if self.qcom:
            start = self.k.get(op.start)
            sub = sm.QCOMExtractSubArrayOp(
                self._as_array(value), start, self.types.array_type(target)
            )
            self.set(op, self._from_array(self._qcom_op(sub), target))
            return
        count = dst.get_shape()[0]
        start = _constant_index(op.start)
        if start is not None:
            parts = [
                self.b.value(CompositeExtractOp(value, [start + j]))
                for j in range(count)
            ]
            self.set(op, CompositeConstructOp(parts, target))
            return
        first = self.k.get(op.start)
        indices = [first] + [
            self.b.value(sa.IAddOp(first, self.k.const(j))) for j in range(1, count)
        ]
        if isinstance(value.type, VectorType):
            parts = [self.b.value(VectorExtractDynamicOp(value, i)) for i in indices]
        else:
            # Arrays take a dynamic index only through a pointer.
            variable = self.k.spill(value)
            parts = [
                self.b.value(LoadOp(self.b.value(AccessChainOp(variable, [i]))))
                for i in indices
            ]
        self.set(op, CompositeConstructOp(parts, target))

    def _convert(self, op: cm.ConvertOp) -> None:
        src, dst = op.operand.type, op.result.type
        assert isinstance(src, cm.MatrixType) and isinstance(dst, cm.MatrixType)
        value = self.k.get(op.operand)
        converted_type = self.types.matrix_type(
            cm.MatrixType(*src.shape, dst.element_type, src.use_kind)
        )
        if src.element_type != dst.element_type:
            cls = _conversion(src.element_type, dst.element_type, op.unsigned)
            value = self.b.value(cls(value, converted_type))
        target = self.types.matrix_type(dst)
        if value.type != target:
            # KHR: a new use needs memory: store the accumulator, load as a/b.
            scratch, slot = self.slot(dst)
            width = self.k.const(dst.shape[1])
            self.subgroup_barrier()
            self.fast_store(scratch, slot, value, width, False)
            self.subgroup_barrier()
            value = self.fast_load(scratch, slot, width, False, target)
        self.set(op, value)


def _constant_index(value: SSAValue) -> int | None:
    """The value of an `arith.constant` index, or None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _conversion(src: Attribute, dst: Attribute, unsigned) -> type[Operation]:
    if is_float(src) and is_float(dst):
        return sc.FConvertOp
    if is_float(src):
        return sc.ConvertFToUOp if unsigned is not None else sc.ConvertFToSOp
    if is_float(dst):
        return sc.ConvertUToFOp if unsigned is not None else sc.ConvertSToFOp
    return sc.UConvertOp if unsigned is not None else sc.SConvertOp


class _CheckedAccess:
    """Bounds of a checked coopmat.load/store: the uniform "whole fragment
    inside" test and, per fragment element e (row-major), its memory offset
    and whether it is inside."""

    def __init__(
        self,
        lowering: MatrixLowering,
        op: cm.LoadOp | cm.StoreOp,
        mem: Memory,
        indices: Sequence[SSAValue],
        start: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ):
        self.k, self.b = lowering.k, lowering.b
        t = op.result.type if isinstance(op, cm.LoadOp) else op.value.type
        assert isinstance(t, cm.MatrixType) and op.checked is not None
        self.rows, self.cols = t.shape
        self.mem, self.start, self.stride = mem, start, stride
        self.col_major = col_major
        shape = mem.shape
        mode = op.checked.data
        lead, last = indices[-2], indices[-1]
        # (is the axis the matrix rows, memref index, memref dimension size)
        self.axes: list[tuple[bool, SSAValue, int | SSAValue]] = []
        if mode in (cm.CheckedMode.ROWS, cm.CheckedMode.BOTH):
            self.axes.append(
                (True, last, shape[-1]) if col_major else (True, lead, shape[-2])
            )
        if mode in (cm.CheckedMode.COLS, cm.CheckedMode.BOTH):
            self.axes.append(
                (False, lead, shape[-2]) if col_major else (False, last, shape[-1])
            )

    def _all(self, conditions: list[SSAValue]) -> SSAValue:
        result = conditions[0]
        for c in conditions[1:]:
            result = self.b.value(sa.LogicalAndOp(result, c))
        return result

    def in_bounds(self) -> SSAValue:
        """Subgroup-uniform: base <= size - extent (unsigned) on every
        checked axis. Unsigned, a negative base is huge, so a fragment that
        starts before the memref takes the per-element path (base + extent
        would wrap around and pass)."""
        conditions = []
        for is_rows, base, size in self.axes:
            extent = self.rows if is_rows else self.cols
            if isinstance(size, int):
                # size < extent: never whole; `base < 0` (unsigned) is false.
                test, bound = (
                    (sa.ULessThanEqualOp, size - extent)
                    if size >= extent
                    else (sa.ULessThanOp, 0)
                )
                conditions.append(self.b.value(test(base, self.k.const(bound))))
                continue
            # A run-time size: extent <= size, then base <= size - extent
            # (unsigned, so that a negative base is outside).
            whole = self.b.value(sa.ULessThanEqualOp(self.k.const(extent), size))
            room = self.b.value(sa.ISubOp(size, self.k.const(extent)))
            conditions.append(whole)
            conditions.append(self.b.value(sa.ULessThanEqualOp(base, room)))
        return self._all(conditions)

    def element(self, e: SSAValue) -> tuple[SSAValue, SSAValue]:
        """Memory offset of fragment element e (row r = e / C, column e % C)
        and whether it is inside the checked dimensions."""
        cols = self.k.const(self.cols)
        r = self.b.value(sa.UDivOp(e, cols))
        c = self.b.value(sa.UModOp(e, cols))
        slow, fast = (c, r) if self.col_major else (r, c)
        scaled = self.b.value(sa.IMulOp(slow, self.stride))
        address = self.b.value(
            sa.IAddOp(self.b.value(sa.IAddOp(self.start, scaled)), fast)
        )
        conditions = []
        for is_rows, base, size in self.axes:
            position = self.b.value(sa.IAddOp(base, r if is_rows else c))
            conditions.append(self.b.value(sa.ULessThanOp(position, self.k.size(size))))
        return address, self._all(conditions)


_BINARY: dict[type[Operation], tuple[type[Operation], type[Operation]]] = {
    cm.AddOp: (sa.FAddOp, sa.IAddOp),
    cm.SubOp: (sa.FSubOp, sa.ISubOp),
    cm.MulOp: (sa.FMulOp, sa.IMulOp),
    cm.DivOp: (sa.FDivOp, sa.SDivOp),
}

_HANDLERS: dict[type[Operation], Callable[[MatrixLowering, Operation], None]] = {
    cm.LoadOp: MatrixLowering._load,
    cm.StoreOp: MatrixLowering._store,
    cm.MulAddOp: MatrixLowering._mul_add,
    cm.AddOp: MatrixLowering._binary,
    cm.SubOp: MatrixLowering._binary,
    cm.MulOp: MatrixLowering._binary,
    cm.DivOp: MatrixLowering._binary,
    cm.NegOp: MatrixLowering._neg,
    cm.ScaleOp: MatrixLowering._scale,
    cm.SplatOp: MatrixLowering._splat,
    cm.LengthOp: MatrixLowering._length,
    cm.ExtractOp: MatrixLowering._extract,
    cm.InsertOp: MatrixLowering._insert,
    cm.ConvertOp: MatrixLowering._convert,
    cm.FromVectorOp: MatrixLowering._from_vector,
    cm.ToVectorOp: MatrixLowering._to_vector,
    cm.BitcastArrayOp: MatrixLowering._bitcast_array,
    cm.ExtractSubarrayOp: MatrixLowering._extract_subarray,
    cm.ReduceOp: matrix_ops.lower_reduce,
    cm.ApplyOp: matrix_ops.lower_apply,
    cm.TransposeOp: matrix_ops.lower_transpose,
}
