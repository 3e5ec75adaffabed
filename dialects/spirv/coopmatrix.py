"""Cooperative matrix ops: SPV_KHR_cooperative_matrix (`spirv.KHR.*`, type
`!spirv.coopmatrix`), SPV_NV_cooperative_matrix (`spirv.NV.*`, type
`!spirv.NV.coopmatrix`), SPV_NV_cooperative_matrix2 on KHR matrices
(`spirv.NV.CooperativeMatrixReduce`, `...PerElementOp`, `...Transpose`;
MLIR has none of them, so they are spelled like its other NV ops) and
SPV_QCOM_cooperative_matrix_conversion
(`spirv.QCOM.*`: per-invocation arrays to and from KHR matrices, array
bitcasts and sub-arrays).

Element-wise arithmetic on matrices uses the ordinary ops (`spirv.FAdd`,
`spirv.FNegate`, `spirv.MatrixTimesScalar`, conversions, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    I32,
    FlatSymbolRefAttr,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import (
    CooperativeMatrixLayoutAttr,
    CooperativeMatrixOperandsAttr,
    CooperativeMatrixReduceAttr,
    MemoryAccessAttr,
)
from coopmlir.dialects.spirv.constraints import INTEGER
from coopmlir.dialects.spirv.structure import lookup_function
from coopmlir.dialects.spirv.types import (
    ArrayType,
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    PointerType,
    is_scalar,
)

_MATRIX_STORAGE = ("StorageBuffer", "Workgroup", "PhysicalStorageBuffer")
# KHR loads and stores take any storage class, Function included, as in MLIR
# (`storages=()`); spirv-val judges a module that uses one.


def _check_pointer(pointer: Attribute, storages=_MATRIX_STORAGE) -> None:
    assert isinstance(pointer, PointerType)
    pointee = pointer.pointee
    if isinstance(pointee, VectorType):
        pointee = pointee.get_element_type()
    if not is_scalar(pointee):
        raise VerifyException(
            f"matrix memory must point to a scalar or vector, got {pointer}"
        )
    if storages and pointer.storage not in storages:
        raise VerifyException(
            f"matrix memory must be in {', '.join(storages)} storage, got {pointer}"
        )


def _check_access(access: MemoryAccessAttr | None, forbidden: str) -> None:
    """A load makes nothing available, a store nothing visible (MLIR's rule)."""
    if access is not None and forbidden in access.names:
        raise VerifyException(f"not compatible with memory operand '{forbidden}'")


def _check_alignment(
    access: MemoryAccessAttr | None, alignment: IntegerAttr | None
) -> None:
    """MLIR 22: `<Aligned>, 16`: the Aligned operand takes its value."""
    aligned = access is not None and "Aligned" in access.names
    if aligned and alignment is None:
        raise VerifyException("missing value for the 'Aligned' memory operand")
    if alignment is not None and not aligned:
        raise VerifyException("an alignment goes with the Aligned memory operand")


# --------------------------------------------------------------------------
# KHR
# --------------------------------------------------------------------------


@irdl_op_definition
class KHRCooperativeMatrixLoadOp(IRDLOperation):
    """`%m = spirv.KHR.CooperativeMatrixLoad %ptr, %stride, <RowMajor> :
    !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<...>`."""

    name = "spirv.KHR.CooperativeMatrixLoad"

    pointer = operand_def(PointerType)
    stride = operand_def(INTEGER)
    matrix_layout = prop_def(CooperativeMatrixLayoutAttr)
    memory_operand = opt_prop_def(MemoryAccessAttr)
    alignment = opt_prop_def(IntegerAttr[I32])
    result = result_def(CooperativeMatrixType)

    assembly_format = (
        "$pointer `,` $stride `,` $matrix_layout (`,` $memory_operand^ (`,` "
        "$alignment^)?)? attr-dict `:` type($pointer) `,` type($stride) `->` "
        "type($result)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        stride: SSAValue | Operation,
        layout: str,
        result_type: CooperativeMatrixType,
    ):
        super().__init__(
            operands=[pointer, stride],
            properties={"matrix_layout": CooperativeMatrixLayoutAttr(layout)},
            result_types=[result_type],
        )

    def verify_(self) -> None:
        _check_pointer(self.pointer.type, storages=())
        _check_access(self.memory_operand, "MakePointerAvailable")
        _check_alignment(self.memory_operand, self.alignment)


@irdl_op_definition
class KHRCooperativeMatrixStoreOp(IRDLOperation):
    """`spirv.KHR.CooperativeMatrixStore %ptr, %m, %stride, <RowMajor> :
    !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<...>, i32`."""

    name = "spirv.KHR.CooperativeMatrixStore"

    pointer = operand_def(PointerType)
    object = operand_def(CooperativeMatrixType)
    stride = operand_def(INTEGER)
    matrix_layout = prop_def(CooperativeMatrixLayoutAttr)
    memory_operand = opt_prop_def(MemoryAccessAttr)
    alignment = opt_prop_def(IntegerAttr[I32])

    assembly_format = (
        "$pointer `,` $object `,` $stride `,` $matrix_layout (`,` $memory_operand^ "
        "(`,` $alignment^)?)? attr-dict `:` type($pointer) `,` type($object) `,` "
        "type($stride)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        object: SSAValue | Operation,
        stride: SSAValue | Operation,
        layout: str,
    ):
        super().__init__(
            operands=[pointer, object, stride],
            properties={"matrix_layout": CooperativeMatrixLayoutAttr(layout)},
        )

    def verify_(self) -> None:
        _check_pointer(self.pointer.type, storages=())
        _check_access(self.memory_operand, "MakePointerVisible")
        _check_alignment(self.memory_operand, self.alignment)


@irdl_op_definition
class KHRCooperativeMatrixMulAddOp(IRDLOperation):
    """`%d = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c (, <operands>)? :
    !spirv.coopmatrix<MxK..>, !spirv.coopmatrix<KxN..> -> !spirv.coopmatrix<MxN..>`."""

    name = "spirv.KHR.CooperativeMatrixMulAdd"

    C: ClassVar = VarConstraint("C", base(CooperativeMatrixType))
    a = operand_def(CooperativeMatrixType)
    b = operand_def(CooperativeMatrixType)
    c = operand_def(C)
    matrix_operands = opt_prop_def(CooperativeMatrixOperandsAttr)
    result = result_def(C)

    traits = traits_def(Pure())
    assembly_format = (
        "$a `,` $b `,` $c (`,` $matrix_operands^)? attr-dict `:` type($a) `,` type($b)"
        " `->` type($c)"
    )

    def __init__(
        self,
        a: SSAValue | Operation,
        b: SSAValue | Operation,
        c: SSAValue | Operation,
        operands: str | None = None,
    ):
        super().__init__(
            operands=[a, b, c],
            properties={"matrix_operands": CooperativeMatrixOperandsAttr(operands)}
            if operands
            else {},
            result_types=[SSAValue.get(c).type],
        )

    def verify_(self) -> None:
        a, b, c = self.a.type, self.b.type, self.c.type
        assert isinstance(a, CooperativeMatrixType)
        assert isinstance(b, CooperativeMatrixType)
        assert isinstance(c, CooperativeMatrixType)
        if self.result.type != c:
            raise VerifyException("the result has the accumulator's type")
        uses = (a.use.data, b.use.data, c.use.data)
        if uses != ("MatrixA", "MatrixB", "MatrixAcc"):
            raise VerifyException(
                f"operands must be MatrixA, MatrixB, MatrixAcc, got {uses}"
            )
        (m, k), (k2, n), (m2, n2) = a.shape, b.shape, c.shape
        if k != k2 or m != m2 or n != n2:
            raise VerifyException(
                f"shapes do not multiply: {m}x{k} * {k2}x{n} + {m2}x{n2}"
            )
        if not a.scope == b.scope == c.scope:
            raise VerifyException("all matrices share one scope")
        floats = [t for t in (a, b, c) if not isinstance(t.element_type, IntegerType)]
        if self.matrix_operands is not None and floats:
            raise VerifyException(
                "Matrix Operands require all matrix element types to be Integer "
                f"Types, got {floats[0].element_type}"
            )


@irdl_op_definition
class KHRCooperativeMatrixLengthOp(IRDLOperation):
    """`%n = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<...>`: how
    many components each invocation holds."""

    name = "spirv.KHR.CooperativeMatrixLength"

    cooperative_matrix_type = prop_def(CooperativeMatrixType)
    result = result_def(IntegerType(32))

    traits = traits_def(Pure())
    assembly_format = "attr-dict `:` qualified($cooperative_matrix_type)"

    def __init__(self, matrix_type: CooperativeMatrixType):
        super().__init__(
            properties={"cooperative_matrix_type": matrix_type},
            result_types=[IntegerType(32)],
        )


# --------------------------------------------------------------------------
# NV
# --------------------------------------------------------------------------


@irdl_op_definition
class NVCooperativeMatrixLoadOp(IRDLOperation):
    """`%m = spirv.NV.CooperativeMatrixLoad %ptr, %stride, %column_major :
    !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>`."""

    name = "spirv.NV.CooperativeMatrixLoad"

    pointer = operand_def(PointerType)
    stride = operand_def(IntegerType(32))
    column_major = operand_def(IntegerType(1))
    result = result_def(NVCooperativeMatrixType)

    assembly_format = (
        "$pointer `,` $stride `,` $column_major attr-dict `:` type($pointer) `as`"
        " type($result)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        stride: SSAValue | Operation,
        column_major: SSAValue | Operation,
        result_type: NVCooperativeMatrixType,
    ):
        super().__init__(
            operands=[pointer, stride, column_major], result_types=[result_type]
        )

    def verify_(self) -> None:
        _check_pointer(self.pointer.type)


@irdl_op_definition
class NVCooperativeMatrixStoreOp(IRDLOperation):
    """`spirv.NV.CooperativeMatrixStore %ptr, %m, %stride, %column_major :
    !spirv.ptr<f32, StorageBuffer>, !spirv.NV.coopmatrix<...>`."""

    name = "spirv.NV.CooperativeMatrixStore"

    pointer = operand_def(PointerType)
    object = operand_def(NVCooperativeMatrixType)
    stride = operand_def(IntegerType(32))
    column_major = operand_def(IntegerType(1))

    assembly_format = (
        "$pointer `,` $object `,` $stride `,` $column_major attr-dict `:`"
        " type($pointer) `,` type($object)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        object: SSAValue | Operation,
        stride: SSAValue | Operation,
        column_major: SSAValue | Operation,
    ):
        super().__init__(operands=[pointer, object, stride, column_major])

    def verify_(self) -> None:
        _check_pointer(self.pointer.type)


@irdl_op_definition
class NVCooperativeMatrixMulAddOp(IRDLOperation):
    """`%d = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : !spirv.NV.coopmatrix<..>,
    !spirv.NV.coopmatrix<..> -> !spirv.NV.coopmatrix<..>`."""

    name = "spirv.NV.CooperativeMatrixMulAdd"

    C: ClassVar = VarConstraint("C", base(NVCooperativeMatrixType))
    a = operand_def(NVCooperativeMatrixType)
    b = operand_def(NVCooperativeMatrixType)
    c = operand_def(C)
    result = result_def(C)

    traits = traits_def(Pure())
    assembly_format = (
        "$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($c)"
    )

    def __init__(
        self,
        a: SSAValue | Operation,
        b: SSAValue | Operation,
        c: SSAValue | Operation,
    ):
        super().__init__(operands=[a, b, c], result_types=[SSAValue.get(c).type])

    def verify_(self) -> None:
        a, b, c = self.a.type, self.b.type, self.c.type
        assert isinstance(a, NVCooperativeMatrixType)
        assert isinstance(b, NVCooperativeMatrixType)
        assert isinstance(c, NVCooperativeMatrixType)
        (m, k), (k2, n), (m2, n2) = a.shape, b.shape, c.shape
        if k != k2 or m != m2 or n != n2:
            raise VerifyException(
                f"shapes do not multiply: {m}x{k} * {k2}x{n} + {m2}x{n2}"
            )


@irdl_op_definition
class NVCooperativeMatrixLengthOp(IRDLOperation):
    """`%n = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<...>`."""

    name = "spirv.NV.CooperativeMatrixLength"

    cooperative_matrix_type = prop_def(NVCooperativeMatrixType)
    result = result_def(IntegerType(32))

    traits = traits_def(Pure())
    assembly_format = "attr-dict `:` qualified($cooperative_matrix_type)"

    def __init__(self, matrix_type: NVCooperativeMatrixType):
        super().__init__(
            properties={"cooperative_matrix_type": matrix_type},
            result_types=[IntegerType(32)],
        )


# --------------------------------------------------------------------------
# NV2 (SPV_NV_cooperative_matrix2 on KHR matrices)
# --------------------------------------------------------------------------


def _check_function(
    op: Operation, callee: FlatSymbolRefAttr, inputs: Sequence[Attribute], output
) -> None:
    """`callee` names a spirv.func of type (inputs) -> output."""
    fn = lookup_function(op, callee)
    ftype = fn.function_type
    if tuple(ftype.inputs.data) != tuple(inputs) or tuple(ftype.outputs.data) != (
        output,
    ):
        expected = f"({', '.join(map(str, inputs))}) -> {output}"
        raise VerifyException(
            f"'{callee.root_reference.data}' has type {ftype}, expected {expected}"
        )


def _accumulator(what: str, t: Attribute) -> CooperativeMatrixType:
    assert isinstance(t, CooperativeMatrixType)
    if t.use.data != "MatrixAcc":
        raise VerifyException(f"{what} must be a MatrixAcc matrix, got {t}")
    return t


@irdl_op_definition
class NVCooperativeMatrixReduceOp(IRDLOperation):
    """`%r = spirv.NV.CooperativeMatrixReduce %m, <Row|Column>, @combine :
    !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x1xf32,
    Subgroup, MatrixAcc>` (OpCooperativeMatrixReduceNV): each row, column, both,
    or (`<CooperativeMatrixReduce2x2>`) each 2x2 block combined with the
    spirv.func `@combine` (T, T) -> T. The result rows are the matrix's for
    Row, the columns for Column, both halved for 2x2 (the extension's rules,
    as spirv-val checks them)."""

    name = "spirv.NV.CooperativeMatrixReduce"

    matrix = operand_def(CooperativeMatrixType)
    reduce = prop_def(CooperativeMatrixReduceAttr)
    combine_func = prop_def(FlatSymbolRefAttr)
    result = result_def(CooperativeMatrixType)

    assembly_format = (
        "$matrix `,` $reduce `,` $combine_func attr-dict `:` type($matrix) `->`"
        " type($result)"
    )

    def __init__(
        self,
        matrix: SSAValue | Operation,
        reduce: str,
        combine_func: str,
        result_type: CooperativeMatrixType,
    ):
        super().__init__(
            operands=[matrix],
            properties={
                "reduce": CooperativeMatrixReduceAttr(reduce),
                "combine_func": FlatSymbolRefAttr(combine_func),
            },
            result_types=[result_type],
        )

    def verify_(self) -> None:
        src = _accumulator("the reduced matrix", self.matrix.type)
        dst = _accumulator("the result", self.result.type)
        if src.element_type != dst.element_type or src.scope != dst.scope:
            raise VerifyException(f"{src} and {dst} differ in element type or scope")
        modes = set(self.reduce.grammar_names)
        (m, n), (rm, rn) = src.shape, dst.shape
        if "2x2" in modes:
            if modes != {"2x2"}:
                raise VerifyException("2x2 is not combined with Row or Column")
            if (m, n) != (2 * rm, 2 * rn):
                raise VerifyException(
                    f"a 2x2 reduction of {m}x{n} is {m // 2}x{n // 2}, got {rm}x{rn}"
                )
        if "Row" in modes and rm != m:
            raise VerifyException(f"a Row reduction of {m}x{n} has {m} rows")
        if "Column" in modes and rn != n:
            raise VerifyException(f"a Column reduction of {m}x{n} has {n} columns")
        t = src.element_type
        _check_function(self, self.combine_func, (t, t), t)


@irdl_op_definition
class NVCooperativeMatrixPerElementOp(IRDLOperation):
    """`%r = spirv.NV.CooperativeMatrixPerElementOp %m, @f (, %x : f32)? :
    !spirv.coopmatrix<...>` (OpCooperativeMatrixPerElementOpNV): element (row,
    col) of the result is `@f(row, col, element, operands...)`, with `@f` a
    spirv.func (i32, i32, T, operand types...) -> T."""

    name = "spirv.NV.CooperativeMatrixPerElementOp"

    T: ClassVar = VarConstraint("T", base(CooperativeMatrixType))
    matrix = operand_def(T)
    func = prop_def(FlatSymbolRefAttr)
    extra = var_operand_def()
    result = result_def(T)

    assembly_format = (
        "$matrix `,` $func (`,` $extra^ `:` type($extra))? attr-dict `:` type($matrix)"
    )

    def __init__(
        self,
        matrix: SSAValue | Operation,
        func: str,
        extra: Sequence[SSAValue | Operation] = (),
    ):
        super().__init__(
            operands=[matrix, extra],
            properties={"func": FlatSymbolRefAttr(func)},
            result_types=[SSAValue.get(matrix).type],
        )

    def verify_(self) -> None:
        t = self.matrix.type
        assert isinstance(t, CooperativeMatrixType)
        element = t.element_type
        index = IntegerType(32)
        inputs = (index, index, element, *(v.type for v in self.extra))
        _check_function(self, self.func, inputs, element)


@irdl_op_definition
class NVCooperativeMatrixTransposeOp(IRDLOperation):
    """`%t = spirv.NV.CooperativeMatrixTranspose %m : !spirv.coopmatrix<16x8xf16,
    Subgroup, MatrixAcc> -> !spirv.coopmatrix<8x16xf16, Subgroup, MatrixB>`
    (OpCooperativeMatrixTransposeNV)."""

    name = "spirv.NV.CooperativeMatrixTranspose"

    matrix = operand_def(CooperativeMatrixType)
    result = result_def(CooperativeMatrixType)

    traits = traits_def(Pure())
    assembly_format = "$matrix attr-dict `:` type($matrix) `->` type($result)"

    def __init__(
        self, matrix: SSAValue | Operation, result_type: CooperativeMatrixType
    ):
        super().__init__(operands=[matrix], result_types=[result_type])

    def verify_(self) -> None:
        src = _accumulator("the transposed matrix", self.matrix.type)
        dst = self.result.type
        assert isinstance(dst, CooperativeMatrixType)
        if dst.use.data != "MatrixB":
            raise VerifyException(f"the result must be a MatrixB matrix, got {dst}")
        (m, n), (rm, rn) = src.shape, dst.shape
        if (rm, rn) != (n, m) or src.element_type != dst.element_type:
            raise VerifyException(f"{dst} is not the transpose of {src}")
        if src.scope != dst.scope:
            raise VerifyException(f"{src} and {dst} differ in scope")


# --------------------------------------------------------------------------
# QCOM (SPV_QCOM_cooperative_matrix_conversion)
# --------------------------------------------------------------------------


def _invocation_array(what: str, t: Attribute) -> tuple[Attribute, int]:
    """(element type, length) of a per-invocation `!spirv.array<N x T>` of
    scalars (the QCOM instructions take OpTypeArray, not vectors)."""
    if isinstance(t, ArrayType) and is_scalar(t.element_type):
        return t.element_type, t.length.data
    raise VerifyException(f"{what} must be a !spirv.array of scalars, got {t}")


def _bits(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    if isinstance(t, Float16Type):
        return 16
    if isinstance(t, Float32Type):
        return 32
    return 64


def _array_element(what: str, t: Attribute) -> None:
    """SPV_QCOM_cooperative_matrix_conversion: bit-cast and sub-array elements
    are i32, f32 or f16."""
    if not (t == IntegerType(32) or isinstance(t, Float32Type | Float16Type)):
        raise VerifyException(f"{what} element type must be i32, f32 or f16, got {t}")


def _check_line(array: Attribute, matrix: Attribute) -> None:
    """The per-invocation array holds one row (A, accumulator) or column (B)
    of `matrix` (SPV_QCOM_cooperative_matrix_conversion, as spirv-val checks
    it): the matrix's element type and line length, or the same bytes as i32
    words (the packed form). A/B lines are 256 bits of i8, f16 or f32;
    accumulators hold i32, f16 or f32."""
    assert isinstance(matrix, CooperativeMatrixType)
    if matrix.scope.data != "Subgroup":
        raise VerifyException(f"{matrix} must have Subgroup scope")
    element, length = _invocation_array("the per-invocation array", array)
    rows, cols = matrix.shape
    use = matrix.use.data
    line = rows if use == "MatrixB" else cols
    m_element = matrix.element_type
    is_f = isinstance(m_element, Float16Type | Float32Type)
    if use == "MatrixAcc":
        if not (is_f or m_element == IntegerType(32)):
            raise VerifyException(
                f"{matrix}: accumulator elements must be i32, f16 or f32"
            )
    else:
        if not (is_f or m_element == IntegerType(8)):
            raise VerifyException(f"{matrix}: A/B elements must be i8, f16 or f32")
        if line * _bits(m_element) != 256:
            raise VerifyException(
                f"{matrix}: each {'column' if use == 'MatrixB' else 'row'} must "
                f"be 256 bits, got {line} x {m_element}"
            )
    if element == m_element and length == line:
        return
    if element == IntegerType(32) and length * 32 == line * _bits(m_element):
        return
    raise VerifyException(
        f"{array} is not a line of {matrix}: expected {line} x {m_element} or "
        "the same bytes as i32 words"
    )


@irdl_op_definition
class QCOMCompositeConstructCoopMatOp(IRDLOperation):
    """`%m = spirv.QCOM.CompositeConstructCoopMat %v : !spirv.array<8 x i32> ->
    !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>`: invocation i's array is
    row i (A, accumulator) or column i (B) of the matrix
    (OpCompositeConstructCoopMatQCOM)."""

    name = "spirv.QCOM.CompositeConstructCoopMat"

    source = operand_def()
    result = result_def(CooperativeMatrixType)

    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        _check_line(self.source.type, self.result.type)


@irdl_op_definition
class QCOMCompositeExtractCoopMatOp(IRDLOperation):
    """`%v = spirv.QCOM.CompositeExtractCoopMat %m : !spirv.coopmatrix<...> ->
    !spirv.array<16 x f16>`: the inverse of CompositeConstructCoopMat
    (OpCompositeExtractCoopMatQCOM)."""

    name = "spirv.QCOM.CompositeExtractCoopMat"

    matrix = operand_def(CooperativeMatrixType)
    result = result_def()

    traits = traits_def(Pure())
    assembly_format = "$matrix attr-dict `:` type($matrix) `->` type($result)"

    def __init__(self, matrix: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[matrix], result_types=[result_type])

    def verify_(self) -> None:
        _check_line(self.result.type, self.matrix.type)


@irdl_op_definition
class QCOMBitCastArrayOp(IRDLOperation):
    """`%r = spirv.QCOM.BitCastArray %a : !spirv.array<8 x i32> ->
    !spirv.array<16 x f16>`: the same bytes as another array
    (OpBitCastArrayQCOM)."""

    name = "spirv.QCOM.BitCastArray"

    source = operand_def()
    result = result_def()

    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        src, n = _invocation_array("the source", self.source.type)
        dst, m = _invocation_array("the result", self.result.type)
        _array_element("the source", src)
        _array_element("the result", dst)
        if n * _bits(src) != m * _bits(dst):
            raise VerifyException(
                f"bitcast changes the size: {self.source.type} is "
                f"{n * _bits(src) // 8} bytes, {self.result.type} is "
                f"{m * _bits(dst) // 8} bytes"
            )


@irdl_op_definition
class QCOMExtractSubArrayOp(IRDLOperation):
    """`%r = spirv.QCOM.ExtractSubArray %a[%start] : !spirv.array<16 x f16>, i32
    -> !spirv.array<8 x f16>`: elements start .. start + len(result) - 1
    (OpExtractSubArrayQCOM)."""

    name = "spirv.QCOM.ExtractSubArray"

    source = operand_def()
    start = operand_def(IntegerType)
    result = result_def()

    traits = traits_def(Pure())
    assembly_format = (
        "$source `[` $start `]` attr-dict `:` type($source) `,` type($start) `->`"
        " type($result)"
    )

    def __init__(
        self,
        source: SSAValue | Operation,
        start: SSAValue | Operation,
        result_type: Attribute,
    ):
        super().__init__(operands=[source, start], result_types=[result_type])

    def verify_(self) -> None:
        src, n = _invocation_array("the source", self.source.type)
        dst, m = _invocation_array("the result", self.result.type)
        _array_element("the source", src)
        if src != dst:
            raise VerifyException(
                f"element types differ: {self.source.type} and {self.result.type}"
            )
        if m > n:
            raise VerifyException(
                f"{self.result.type} is longer than the source {self.source.type}"
            )


COOPERATIVE_MATRIX_OPS: list[type[IRDLOperation]] = [
    KHRCooperativeMatrixLoadOp,
    KHRCooperativeMatrixStoreOp,
    KHRCooperativeMatrixMulAddOp,
    KHRCooperativeMatrixLengthOp,
    NVCooperativeMatrixLoadOp,
    NVCooperativeMatrixStoreOp,
    NVCooperativeMatrixMulAddOp,
    NVCooperativeMatrixLengthOp,
    NVCooperativeMatrixReduceOp,
    NVCooperativeMatrixPerElementOp,
    NVCooperativeMatrixTransposeOp,
    QCOMCompositeConstructCoopMatOp,
    QCOMCompositeExtractCoopMatOp,
    QCOMBitCastArrayOp,
    QCOMExtractSubArrayOp,
]
