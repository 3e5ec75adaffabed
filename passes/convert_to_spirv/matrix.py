"""coopmat ops on opaque (KHR/NV) cooperative matrices: `MatrixLowering`
lowers what every extension lowers the same way and asks the module's
`MatrixExtension` (extensions/) for the rest: the matrix types, the load,
store and multiply-add instructions, conversions to and from per-invocation
vectors, reduce/apply/transpose.

- load/store: a pointer to the first element (an AccessChain to the linear
  offset of the indices), the stride (explicit, or the memref's leading
  stride) and RowMajor/ColumnMajor; checked ones: `checked_access.py`; a
  workgroup-scope matrix: the extension's (tensor addressing, NV2).
- element-wise ops, scale (MatrixTimesScalar), neg, splat (CompositeConstruct),
  length, extract/insert: CompositeExtract/Insert with a constant index, an
  AccessChain into a Function variable holding the matrix otherwise. The
  element order is the driver's, not `coopmat.layout`'s: each one gets a
  remark on stderr.
- convert: element conversion on the matrix (FConvert, SConvert, ...); a use
  change (acc -> a/b) under KHR goes through the scratch slot (store as
  accumulator, subgroup barrier, load with the new use); NV matrices have no
  use, so only the element conversion remains.
- The scratch slots: per SPIR-V element type, one slot per subgroup (at
  SubgroupId * slot size) of a per-kernel Workgroup array, as large as the
  largest fragment the extension stages (`MatrixExtension.staged`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith, gpu
from xdsl.dialects.builtin import IntegerAttr, MemRefType
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.diagnostics import remark
from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.kernel_abi import subgroup_size_of
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
    CompositeInsertOp,
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
from coopmlir.passes.convert_to_spirv.builder import WORKGROUP_SEMANTICS
from coopmlir.passes.convert_to_spirv.checked_access import load_checked, store_checked
from coopmlir.passes.convert_to_spirv.errors import LoweringError, fail
from coopmlir.passes.convert_to_spirv.matvec import lower_matvec, lower_matvec_value
from coopmlir.passes.convert_to_spirv.memory import Memory
from coopmlir.passes.convert_to_spirv.tensor_access import (
    TensorLayouts,
    is_workgroup_access,
)
from coopmlir.target_lowering import staging_bytes

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering


class MatrixLowering:
    """Lowers the coopmat ops of one kernel (`func`, of `threads` work-items)
    into `kernel`'s values, with the extension of the kernel's type converter."""

    def __init__(
        self,
        kernel: KernelLowering,
        func: gpu.FuncOp,
        threads: int,
        add_function: Callable[[Operation], None] = lambda f: None,
    ):
        self.k = kernel
        self.b = kernel.b
        self.types = kernel.types
        # The module's cooperative-matrix extension (extensions/).
        self.ext = kernel.types.extension
        # convert-to-spirv has refused an ambiguous size already.
        self.subgroup_size = subgroup_size_of(func)
        # Scratch slot size (elements) per SPIR-V element type: the memory
        # representation (bf16 matrices go through workgroup memory as i16).
        self.slot_sizes: dict[Attribute, int] = {}
        for op in func.walk():
            staged = self.ext.staged(op)
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
                first = next(op for op in func.walk() if self.ext.staged(op))
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

    # -- dispatch -----------------------------------------------------------------

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

    def parts(self, value: SSAValue, count: int) -> list[SSAValue]:
        """The first `count` components of a vector, array or matrix value."""
        return [self.b.value(CompositeExtractOp(value, [i])) for i in range(count)]

    # -- memory -------------------------------------------------------------------

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
        return self.ext.load(self, mem, pointer, stride, col_major, t)

    def fast_store(
        self,
        mem: Memory,
        start: SSAValue,
        value: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ) -> None:
        pointer = self.k.element_pointer(mem, start)
        self.ext.store(self, mem, pointer, value, stride, col_major)

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
            self.set(op, self.ext.load_workgroup(self, op, t))
            return
        mem, indices, start, stride, col_major = self._access(op)
        if op.checked is None:
            self.set(op, self.fast_load(mem, start, stride, col_major, t))
            return
        access = (mem, indices, start, stride, col_major)
        self.set(op, load_checked(self, op, *access, t))

    def _store(self, op: cm.StoreOp) -> None:
        if is_workgroup_access(op):
            self.ext.store_workgroup(self, op)
            return
        mem, indices, start, stride, col_major = self._access(op)
        value = self.k.get(op.value)
        if op.checked is None:
            self.fast_store(mem, start, value, stride, col_major)
            return
        store_checked(self, op, mem, indices, start, stride, col_major, value)

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

    # -- arithmetic ---------------------------------------------------------------

    def _mul_add(self, op: cm.MulAddOp) -> None:
        a, b, c = (self.k.get(v) for v in (op.a, op.b, op.c))
        self.set(op, self.ext.mul_add(self, op, a, b, c))

    def _binary(self, op: Operation) -> None:
        self.ext.check_componentwise(op)
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
        self.set(op, self.ext.length(self.types.matrix_type(op.matrix_type)))

    # -- elements -----------------------------------------------------------------

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
        index = constant_index(op.index)
        if index is not None:
            self.set(op, CompositeExtractOp(matrix, [index]))
            return
        _, pointer = self._element_pointer(matrix, self.k.get(op.index))
        self.set(op, LoadOp(pointer))

    def _insert(self, op: cm.InsertOp) -> None:
        self._order_remark(op)
        value, matrix = self.k.get(op.value), self.k.get(op.matrix)
        index = constant_index(op.index)
        if index is not None:
            self.set(op, CompositeInsertOp(value, matrix, [index]))
            return
        variable, pointer = self._element_pointer(matrix, self.k.get(op.index))
        self.b.emit(StoreOp(pointer, value))
        self.set(op, LoadOp(variable))

    # -- conversions --------------------------------------------------------------

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


def constant_index(value: SSAValue) -> int | None:
    """The value of an `arith.constant` index, or None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _conversion(src: Attribute, dst: Attribute, unsigned) -> type[Operation]:
    if is_float(src) and is_float(dst):
        # To f8 undecorated (no SaturatedToLargestFloat8NormalConversionEXT):
        # out of range gives NaN for E4M3 and infinity for E5M2 (SPV_EXT_float8,
        # "Conversion Instructions"), as arith.truncf and the interpreter's
        # elements.f8_bits do.
        return sc.FConvertOp
    if is_float(src):
        return sc.ConvertFToUOp if unsigned is not None else sc.ConvertFToSOp
    if is_float(dst):
        return sc.ConvertUToFOp if unsigned is not None else sc.ConvertSToFOp
    return sc.UConvertOp if unsigned is not None else sc.SConvertOp


_BINARY: dict[type[Operation], tuple[type[Operation], type[Operation]]] = {
    cm.AddOp: (sa.FAddOp, sa.IAddOp),
    cm.SubOp: (sa.FSubOp, sa.ISubOp),
    cm.MulOp: (sa.FMulOp, sa.IMulOp),
    cm.DivOp: (sa.FDivOp, sa.SDivOp),
}

_HANDLERS: dict[type[Operation], Callable[[MatrixLowering, Any], None]] = {
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
    # What differs between extensions: the module's MatrixExtension.
    cm.FromVectorOp: lambda m, op: m.ext.from_vector(m, op),
    cm.ToVectorOp: lambda m, op: m.ext.to_vector(m, op),
    cm.BitcastArrayOp: lambda m, op: m.ext.bitcast_array(m, op),
    cm.ExtractSubarrayOp: lambda m, op: m.ext.extract_subarray(m, op),
    cm.ReduceOp: lambda m, op: m.ext.reduce(m, op),
    cm.ApplyOp: lambda m, op: m.ext.apply(m, op),
    cm.TransposeOp: lambda m, op: m.ext.transpose(m, op),
    cm.MatvecOp: lower_matvec,
    cm.MatvecValueOp: lower_matvec_value,
}
