"""The `coopmat` dialect: cooperative matrices spread over a subgroup.

A `!coopmat.matrix<RxCxT, use>` value is one R x C matrix held jointly by the
work-items of a subgroup (or workgroup); how its elements are spread over the
work-items is opaque at this level. The ops mirror SPV_KHR_cooperative_matrix
(load, store, mul-add, element-wise arithmetic, per-work-item access) and the
SPV_QCOM_cooperative_matrix_conversion proposal (from/to per-invocation
vectors, array bitcast, sub-array extraction).

A subgroup layout (`#coopmat.layout<tinytc, subgroup = 16>`, see
`coopmlir.layout`) makes the spreading explicit. It is written as a last
parameter of a matrix type, or as the discardable attribute `coopmat.layout`
on any op, where it is the default for the subgroup matrices of that op and of
the ops nested in it whose type has no layout. `resolve_layout` is the one
place that decides which layout applies to a matrix where it is used; the
verifier, coopmat-to-simt and the interpreter all call it.

Constraints that depend on the subgroup size S (e.g. "rows <= S" for
`from_vector`) are only checked when an op carries `subgroup_size`; the
target-aware passes check them otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import (
    I32,
    I64,
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    Signedness,
    StringAttr,
    UnitAttr,
    VectorType,
    i8,
    i32,
)
from xdsl.dialects.utils import StrEnum
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import (
    Attribute,
    Block,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SpacedOpaqueSyntaxAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AttrSetConstraint,
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsolatedFromAbove, IsTerminator, OpTrait, Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.coopmat_matvec import MatvecOp, MatvecValueOp
from coopmlir.dialects.mlir_form import parse_mlir_parameters
from coopmlir.elements import bit_width, is_float
from coopmlir.layout import (
    LAYOUT_KINDS,
    SUBGROUP_SIZES,
    InvocationLayout,
    TinytcLayout,
    make_layout,
)

# --------------------------------------------------------------------------
# Enums
# --------------------------------------------------------------------------


class MatrixUse(StrEnum):
    """Which operand of D = A*B + C a matrix can be."""

    A = "a"
    B = "b"
    ACC = "acc"


class MatrixScope(StrEnum):
    """The set of invocations that share one matrix."""

    SUBGROUP = "subgroup"
    WORKGROUP = "workgroup"


class MatrixLayout(StrEnum):
    """How a matrix is laid out in memory: rows or columns are contiguous."""

    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


class CheckedMode(StrEnum):
    """Which matrix dimensions a load/store bounds-checks against the memref."""

    ROWS = "rows"
    COLS = "cols"
    BOTH = "both"


@irdl_attr_definition
class MatrixUseAttr(EnumAttribute[MatrixUse], SpacedOpaqueSyntaxAttribute):
    name = "coopmat.use"


@irdl_attr_definition
class MatrixScopeAttr(EnumAttribute[MatrixScope], SpacedOpaqueSyntaxAttribute):
    name = "coopmat.scope"


@irdl_attr_definition
class MatrixLayoutAttr(EnumAttribute[MatrixLayout], SpacedOpaqueSyntaxAttribute):
    name = "coopmat.memory_layout"


@irdl_attr_definition
class CheckedModeAttr(EnumAttribute[CheckedMode], SpacedOpaqueSyntaxAttribute):
    name = "coopmat.checked"


# --------------------------------------------------------------------------
# Element types
# --------------------------------------------------------------------------


def is_int(t: Attribute, width: int | None = None) -> bool:
    """A signless integer (of the given width); signedness lives on the ops."""
    return (
        isinstance(t, IntegerType)
        and t.signedness.data == Signedness.SIGNLESS
        and (width is None or t.width.data == width)
    )


#: A matrix's element types: f8E4M3FN, f8E5M2 (SPV_EXT_float8's matrices;
#: `Target.float8_matrices` says which targets hold them: none shipped), f16,
#: bf16, f32, f64, i8 or i32 (signless).
MATRIX_ELEMENT_TYPES = AttrSetConstraint(
    frozenset(
        (
            Float8E4M3FNType(),
            Float8E5M2Type(),
            Float16Type(),
            BFloat16Type(),
            Float32Type(),
            Float64Type(),
            i8,
            i32,
        )
    )
)


def is_matrix_element_type(t: Attribute) -> bool:
    """One of MATRIX_ELEMENT_TYPES."""
    return t in MATRIX_ELEMENT_TYPES.values


# --------------------------------------------------------------------------
# Subgroup layouts
# --------------------------------------------------------------------------

#: The discardable attribute that gives an op, and the ops nested in it, a
#: default layout. Not `layout`: load/store already use it for row/col_major.
LAYOUT_ATTR_NAME = "coopmat.layout"


@irdl_attr_definition
class SubgroupLayoutAttr(ParametrizedAttribute):
    """`#coopmat.layout<kind, subgroup = S>`: which work-item of a subgroup of
    S holds which matrix element.

    `kind` names a layout of `coopmlir.layout`: `tinytc` (Intel tinytc's
    coopmatrix layout) or `row` (one row per invocation, one column for use b,
    as VK_QCOM_cooperative_matrix_conversion).
    """

    name = "coopmat.layout"

    kind: StringAttr
    subgroup_size: IntAttr

    def __init__(self, kind: str, subgroup_size: int):
        super().__init__(StringAttr(kind), IntAttr(subgroup_size))

    def verify(self) -> None:
        # The library's own wording; it only checks these with a matrix shape.
        if self.kind.data not in LAYOUT_KINDS:
            raise VerifyException(
                f"layout '{self.kind.data}' must be one of {', '.join(LAYOUT_KINDS)}"
            )
        if self.subgroup_size.data not in SUBGROUP_SIZES:
            raise VerifyException(
                f"subgroup size S={self.subgroup_size.data} must be a power of two "
                f"in {{{', '.join(map(str, SUBGROUP_SIZES))}}}"
            )

    def lane_map(self, matrix: MatrixType) -> TinytcLayout | InvocationLayout:
        """The `coopmlir.layout` value that spreads `matrix` this way.

        Raises the library's ValueError when the matrix does not fit (e.g.
        tinytc with M not a power of two, row with more than S rows).
        """
        rows, cols = matrix.shape
        return make_layout(
            self.kind.data,
            rows,
            cols,
            self.subgroup_size.data,
            matrix.use_kind.value,
            str(matrix.element_type),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if (params := parse_mlir_parameters(cls, parser)) is not None:
            return params  # MLIR's spelling of an IRDL attribute
        parser.parse_punctuation("<")
        kind = parser.parse_identifier(" (layout kind)")
        parser.parse_punctuation(",")
        parser.parse_keyword("subgroup")
        parser.parse_punctuation("=")
        size = parser.parse_integer(allow_boolean=False, allow_negative=False)
        parser.parse_punctuation(">")
        return (StringAttr(kind), IntAttr(size))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<{self.kind.data}, subgroup = {self.subgroup_size.data}>"
        )


def find_layout(op: Operation) -> SubgroupLayoutAttr | None:
    """The `coopmat.layout` attribute of `op` or of its nearest enclosing op
    that has one, or None."""
    current: Operation | None = op
    while current is not None:
        layout = current.attributes.get(LAYOUT_ATTR_NAME)
        if layout is not None:
            if not isinstance(layout, SubgroupLayoutAttr):
                raise VerifyException(
                    f"'{LAYOUT_ATTR_NAME}' must be a #coopmat.layout, got {layout}"
                )
            return layout
        current = current.parent_op()
    return None


@dataclass(frozen=True)
class SubgroupLayoutsFit(OpTrait):
    """The op's subgroup matrices fit their layouts and share a subgroup size.

    A matrix type without a layout of its own takes `find_layout(op)`.
    """

    def verify(self, op: Operation) -> None:
        # A malformed enclosing `coopmat.layout` is an error even where every
        # type has a layout of its own.
        find_layout(op)
        sizes: set[int] = set()
        for t in _matrix_types(op):
            try:
                lanes = resolve_layout(t, op, missing_ok=True)
            except LayoutError as err:
                raise VerifyException(str(err)) from err
            if lanes is not None:
                sizes.add(lanes.S)
        if len(sizes) > 1:
            raise VerifyException(
                "matrix layouts must share one subgroup size, got "
                + " and ".join(map(str, sorted(sizes)))
            )


def _matrix_types(op: Operation) -> list[MatrixType]:
    """The matrix types of the operands, results and properties of `op`."""
    types = (*op.operand_types, *op.result_types, *op.properties.values())
    return [t for t in types if isinstance(t, MatrixType)]


# --------------------------------------------------------------------------
# The matrix type
# --------------------------------------------------------------------------


@irdl_attr_definition
class MatrixType(ParametrizedAttribute, TypeAttribute):
    """`!coopmat.matrix<RxCxT, use>` or `!coopmat.matrix<RxCxT, use, workgroup>`.

    A subgroup matrix may end with a layout:
    `!coopmat.matrix<RxCxT, use, #coopmat.layout<tinytc, subgroup = 16>>`.
    """

    name = "coopmat.matrix"

    #: What `verify` checks with its own message, for the IRDL definition.
    IRDL_PARAMETERS: ClassVar = {"element_type": MATRIX_ELEMENT_TYPES}

    rows: IntAttr
    cols: IntAttr
    element_type: Attribute
    use: MatrixUseAttr
    scope: MatrixScopeAttr
    subgroup_layout: SubgroupLayoutAttr | NoneAttr

    def __init__(
        self,
        rows: int,
        cols: int,
        element_type: Attribute,
        use: MatrixUse | str,
        scope: MatrixScope | str = MatrixScope.SUBGROUP,
        subgroup_layout: SubgroupLayoutAttr | None = None,
    ):
        super().__init__(
            IntAttr(rows),
            IntAttr(cols),
            element_type,
            MatrixUseAttr(MatrixUse(use)),
            MatrixScopeAttr(MatrixScope(scope)),
            NoneAttr() if subgroup_layout is None else subgroup_layout,
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.data, self.cols.data)

    @property
    def use_kind(self) -> MatrixUse:
        return self.use.data

    @property
    def layout(self) -> SubgroupLayoutAttr | None:
        """The type's own subgroup layout, if it has one."""
        if isinstance(self.subgroup_layout, SubgroupLayoutAttr):
            return self.subgroup_layout
        return None

    def with_use(self, use: MatrixUse) -> MatrixType:
        return MatrixType(
            *self.shape, self.element_type, use, self.scope.data, self.layout
        )

    def with_element_type(self, element_type: Attribute) -> MatrixType:
        return MatrixType(
            *self.shape, element_type, self.use_kind, self.scope.data, self.layout
        )

    def with_layout(self, layout: SubgroupLayoutAttr | None) -> MatrixType:
        return MatrixType(
            *self.shape, self.element_type, self.use_kind, self.scope.data, layout
        )

    def lane_layout(
        self, default: SubgroupLayoutAttr | None = None
    ) -> TinytcLayout | InvocationLayout | None:
        """The `coopmlir.layout` value that spreads this matrix over a subgroup,
        wherever it is used: `resolve_layout` without an op.

        The type's own layout wins over `default`. None for a workgroup matrix
        and when there is no layout at all. Raises LayoutError (a ValueError)
        when `default` does not fit this type.
        """
        return resolve_layout(self, None, default, missing_ok=True)

    def verify(self) -> None:
        if self.rows.data < 1 or self.cols.data < 1:
            raise VerifyException(
                f"matrix shape {self.rows.data}x{self.cols.data} must be positive"
            )
        if not is_matrix_element_type(self.element_type):
            raise VerifyException(
                "matrix element type must be f8E4M3FN, f8E5M2, f16, bf16, f32, "
                f"f64, i8 or i32, "
                f"got {self.element_type}"
            )
        if self.layout is None:
            return
        if self.scope.data != MatrixScope.SUBGROUP:
            raise VerifyException(
                f"a {self.scope.data.value} matrix cannot have a subgroup layout"
            )
        try:
            self.layout.lane_map(self)
        except ValueError as err:
            raise VerifyException(f"matrix does not fit {self.layout}: {err}") from err

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if (params := parse_mlir_parameters(cls, parser)) is not None:
            return params  # MLIR's spelling of an IRDL type
        parser.parse_punctuation("<")
        pos = parser.pos
        dims, element_type = parser.parse_ranked_shape()
        if len(dims) != 2 or any(d < 0 for d in dims):
            parser.raise_error(
                "expected a static shape RxC before the element type", pos, parser.pos
            )
        parser.parse_punctuation(",")
        use = MatrixUseAttr(MatrixUseAttr.parse_parameter(parser))
        scope = MatrixScopeAttr(MatrixScope.SUBGROUP)
        layout: Attribute | None = None
        if parser.parse_optional_punctuation(","):
            # `, scope`, `, layout` or `, scope, layout`: a layout starts with `#`.
            layout = _parse_optional_layout(parser)
            if layout is None:
                scope = MatrixScopeAttr(MatrixScopeAttr.parse_parameter(parser))
                if parser.parse_optional_punctuation(","):
                    layout = _parse_layout(parser)
        parser.parse_punctuation(">")
        return (
            IntAttr(dims[0]),
            IntAttr(dims[1]),
            element_type,
            use,
            scope,
            NoneAttr() if layout is None else layout,
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.rows.data}x{self.cols.data}x")
        printer.print_attribute(self.element_type)
        printer.print_string(f", {self.use.data.value}")
        if self.scope.data != MatrixScope.SUBGROUP:
            printer.print_string(f", {self.scope.data.value}")
        if self.layout is not None:
            printer.print_string(", ")
            printer.print_attribute(self.layout)
        printer.print_string(">")


def _parse_optional_layout(parser: AttrParser) -> SubgroupLayoutAttr | None:
    """A `#coopmat.layout<...>` if the next token starts an attribute."""
    pos = parser.pos
    layout = parser.parse_optional_attribute()
    if layout is not None and not isinstance(layout, SubgroupLayoutAttr):
        parser.raise_error("expected a #coopmat.layout", pos, parser.pos)
    return layout


def _parse_layout(parser: AttrParser) -> SubgroupLayoutAttr:
    return parser.expect(
        lambda: _parse_optional_layout(parser), "expected a #coopmat.layout"
    )


def _require_use(what: str, t: MatrixType, use: MatrixUse) -> None:
    if t.use_kind != use:
        raise VerifyException(f"{what} must have use '{use.value}', got {t}")


# --------------------------------------------------------------------------
# Which layout applies to a matrix where it is used
# --------------------------------------------------------------------------


class LayoutError(ValueError):
    """A matrix type has no lane map where it is used; the message says why."""


def resolve_layout(
    matrix: MatrixType,
    op: Operation | None,
    default: SubgroupLayoutAttr | None = None,
    *,
    missing_ok: bool = False,
    workgroup_default: bool = False,
) -> TinytcLayout | InvocationLayout | None:
    """The lane map (`coopmlir.layout`) of `matrix` where `op` uses it.

    The layout is the type's own, else the nearest `coopmat.layout` of `op`
    or an op enclosing it (`find_layout`; none when `op` is None), else
    `default`. Raises LayoutError when `matrix` is a workgroup matrix, when
    no layout applies, or when the matrix does not fit the layout.

    `missing_ok`: None instead of an error for a workgroup matrix and where
    no layout applies (what an op verifier may accept: a pass option can
    give the layout later). `workgroup_default`: a workgroup matrix takes
    `default` (the interpreter's per-lane view of one).
    """
    if matrix.scope.data != MatrixScope.SUBGROUP:
        if workgroup_default and default is not None:
            layout = default
        elif missing_ok:
            return None
        else:
            raise LayoutError(
                f"{matrix}: workgroup matrices have no SIMT lowering (they need "
                "VK_NV_cooperative_matrix2: convert-to-spirv coopmat=nv2)"
            )
    else:
        layout = matrix.layout
        if layout is None and op is not None:
            layout = find_layout(op)
        if layout is None:
            layout = default
    if layout is None:
        if missing_ok:
            return None
        raise LayoutError(
            f"unknown subgroup size for {matrix}: give it a layout, put a "
            "coopmat.layout on an enclosing op or pass subgroup-size"
        )
    try:
        return layout.lane_map(matrix)
    except ValueError as err:
        raise LayoutError(f"{matrix} does not fit {layout}: {err}") from None


def invocation_layout(matrix: MatrixType, subgroup_size: int) -> InvocationLayout:
    """The row (column for use b) per invocation layout of `matrix` over
    `subgroup_size` lanes: what `from_vector`/`to_vector` vectors hold.
    Raises LayoutError when the matrix does not fit it."""
    rows, cols = matrix.shape
    use, element_type = matrix.use_kind.value, str(matrix.element_type)
    try:
        return InvocationLayout(rows, cols, subgroup_size, use, element_type)
    except ValueError as err:
        raise LayoutError(f"per-invocation vectors of {matrix}: {err}") from None


def lane_vector_type(
    matrix: MatrixType, lanes: TinytcLayout | InvocationLayout
) -> VectorType:
    """`vector<V x T>`: what each work-item holds of `matrix` spread as `lanes`."""
    return VectorType(matrix.element_type, [lanes.V])


# --------------------------------------------------------------------------
# Memory access
# --------------------------------------------------------------------------


def _verify_memory_access(
    op_name: str,
    memref_type: MemRefType,
    num_indices: int,
    has_stride: bool,
    checked: CheckedModeAttr | None,
    matrix: MatrixType,
) -> None:
    """Rules shared by load and store (see `LoadOp` for the semantics)."""
    rank = memref_type.get_num_dims()
    if memref_type.get_element_type() != matrix.element_type:
        raise VerifyException(
            f"{op_name}: element type {memref_type.get_element_type()} of "
            f"{memref_type} does not match element type {matrix.element_type} "
            f"of {matrix}"
        )
    if num_indices != rank:
        raise VerifyException(
            f"{op_name}: {memref_type} needs {rank} indices, got {num_indices}"
        )
    strides = memref_type.get_strides()
    if strides is None or strides[-1] != 1:
        raise VerifyException(
            f"{op_name}: the innermost dimension of {memref_type} must be "
            "contiguous (stride 1)"
        )
    # An identity layout's leading stride is the row length, known at run
    # time where the last dimension is dynamic.
    identity = isinstance(memref_type.layout, NoneAttr)
    if not has_stride and (rank < 2 or (strides[-2] is None and not identity)):
        raise VerifyException(
            f"{op_name}: {memref_type} has no static leading dimension; "
            "give the stride explicitly"
        )
    if checked is not None and rank < 2:
        raise VerifyException(
            f"{op_name}: checked mode needs a memref of rank >= 2 to bound the "
            f"matrix, got {memref_type}"
        )


class _MemoryAccessOp(IRDLOperation):
    """Load/store common part: `%mem[%i, %j] (stride %s)? row_major|col_major`.

    The matrix starts at element `mem[indices]`. Element (r, c) is at linear
    offset `base + r*stride + c` (row_major) or `base + c*stride + r`
    (col_major), where `stride` is the explicit operand or, if absent, the
    memref's leading-dimension stride (for an identity layout, the length of
    the last dimension, which may be dynamic). With `checked`, the matrix rows/cols
    are bounded by the memref's last two dimensions: out-of-bounds elements
    read as zero and are not written. The start may be anywhere, negative
    included (tinytc's semantics): a fragment may straddle zero padding.
    """

    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    stride = opt_operand_def(IndexType)
    layout = prop_def(MatrixLayoutAttr)
    checked = opt_prop_def(CheckedModeAttr)

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    traits = traits_def(SubgroupLayoutsFit())

    def matrix_type(self) -> MatrixType:
        raise NotImplementedError

    def verify_(self) -> None:
        assert isinstance(self.memref.type, MemRefType)
        _verify_memory_access(
            self.name,
            self.memref.type,
            len(self.indices),
            self.stride is not None,
            self.checked,
            self.matrix_type(),
        )


def _access_props(
    layout: MatrixLayout | str, checked: CheckedMode | str | None
) -> dict[str, Attribute]:
    props: dict[str, Attribute] = {"layout": MatrixLayoutAttr(MatrixLayout(layout))}
    if checked is not None:
        props["checked"] = CheckedModeAttr(CheckedMode(checked))
    return props


@irdl_op_definition
class LoadOp(_MemoryAccessOp):
    """Load a matrix from memory (see `_MemoryAccessOp` for addressing)."""

    name = "coopmat.load"

    result = result_def(MatrixType)

    assembly_format = (
        "$memref `[` $indices `]` (`stride` $stride^)? $layout "
        "(`checked` `(` $checked^ `)`)? attr-dict `:` type($memref) `->` "
        "type($result)"
    )

    def __init__(
        self,
        memref: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
        result_type: MatrixType,
        layout: MatrixLayout | str = MatrixLayout.ROW_MAJOR,
        stride: SSAValue | Operation | None = None,
        checked: CheckedMode | str | None = None,
    ):
        super().__init__(
            operands=[memref, indices, [] if stride is None else [stride]],
            result_types=[result_type],
            properties=_access_props(layout, checked),
        )

    def matrix_type(self) -> MatrixType:
        assert isinstance(self.result.type, MatrixType)
        return self.result.type


@irdl_op_definition
class StoreOp(_MemoryAccessOp):
    """Store a matrix to memory (see `_MemoryAccessOp` for addressing)."""

    name = "coopmat.store"

    value = operand_def(MatrixType)

    assembly_format = (
        "$value `,` $memref `[` $indices `]` (`stride` $stride^)? $layout "
        "(`checked` `(` $checked^ `)`)? attr-dict `:` type($value) `,` "
        "type($memref)"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        memref: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
        layout: MatrixLayout | str = MatrixLayout.ROW_MAJOR,
        stride: SSAValue | Operation | None = None,
        checked: CheckedMode | str | None = None,
    ):
        super().__init__(
            operands=[value, memref, indices, [] if stride is None else [stride]],
            properties=_access_props(layout, checked),
        )

    def matrix_type(self) -> MatrixType:
        assert isinstance(self.value.type, MatrixType)
        return self.value.type


# --------------------------------------------------------------------------
# Multiply-add
# --------------------------------------------------------------------------


@irdl_op_definition
class MulAddOp(IRDLOperation):
    """D = A*B + C for an M x K matrix A, K x N matrix B, M x N accumulator C.

    For integer matrices the `*_signed` flags say which operands are read as
    signed (as SPV_KHR_cooperative_matrix's MatrixASigned... operands; absent
    means unsigned) and `saturating` clamps the accumulation.
    """

    name = "coopmat.mul_add"

    ACC: ClassVar = VarConstraint("ACC", base(MatrixType))

    a = operand_def(MatrixType)
    b = operand_def(MatrixType)
    c = operand_def(ACC)
    result = result_def(ACC)

    a_signed = opt_prop_def(UnitAttr)
    b_signed = opt_prop_def(UnitAttr)
    c_signed = opt_prop_def(UnitAttr)
    result_signed = opt_prop_def(UnitAttr)
    saturating = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure(), SubgroupLayoutsFit())

    assembly_format = (
        "$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($c)"
    )

    SIGNEDNESS_FLAGS: ClassVar = ("a_signed", "b_signed", "c_signed", "result_signed")

    def __init__(
        self,
        a: SSAValue | Operation,
        b: SSAValue | Operation,
        c: SSAValue | Operation,
        signed: Sequence[str] = (),
        saturating: bool = False,
    ):
        """`signed` names the signed operands among "a", "b", "c", "result"."""
        props: dict[str, Attribute] = {f"{name}_signed": UnitAttr() for name in signed}
        if saturating:
            props["saturating"] = UnitAttr()
        super().__init__(
            operands=[a, b, c],
            result_types=[SSAValue.get(c).type],
            properties=props,
        )

    def verify_(self) -> None:
        a, b, c = self.a.type, self.b.type, self.c.type
        assert isinstance(a, MatrixType)
        assert isinstance(b, MatrixType)
        assert isinstance(c, MatrixType)
        _require_use("operand A", a, MatrixUse.A)
        _require_use("operand B", b, MatrixUse.B)
        _require_use("accumulator C", c, MatrixUse.ACC)
        (m, k), (kb, n), (mc, nc) = a.shape, b.shape, c.shape
        if not (m == mc and k == kb and n == nc):
            raise VerifyException(
                "shapes do not form an M x N x K product: "
                f"A is {m}x{k}, B is {kb}x{n}, C is {mc}x{nc}"
            )
        if not (a.scope == b.scope == c.scope):
            raise VerifyException(f"operands have different scopes: {a}, {b}, {c}")
        self._verify_element_types(a.element_type, b.element_type, c.element_type)

    def _verify_element_types(self, ta: Attribute, tb: Attribute, tc: Attribute):
        if ta != tb:
            raise VerifyException(
                f"A and B must have the same element type, got {ta} and {tb}"
            )
        if is_float(ta) != is_float(tc):
            raise VerifyException(
                f"cannot accumulate {ta} products into {tc}: mixed integer and float"
            )
        if bit_width(tc) < bit_width(ta) or (
            is_float(tc) and bit_width(tc) == bit_width(ta) and tc != ta
        ):
            raise VerifyException(
                f"accumulator type {tc} is narrower than or incompatible with "
                f"input type {ta}"
            )
        flags = [f for f in self.SIGNEDNESS_FLAGS if f in self.properties]
        if is_float(ta) and flags:
            raise VerifyException(
                f"signedness flags {flags} only apply to integer matrices, got {ta}"
            )
        if self.saturating is not None and not is_int(tc):
            raise VerifyException(
                f"saturating accumulation needs an integer accumulator, got {tc}"
            )


# --------------------------------------------------------------------------
# Element-wise arithmetic
# --------------------------------------------------------------------------


class _BinaryOp(IRDLOperation):
    """Element-wise `lhs op rhs` on two matrices of the same type."""

    T: ClassVar = VarConstraint("T", base(MatrixType))

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs], result_types=[SSAValue.get(lhs).type])


@irdl_op_definition
class AddOp(_BinaryOp):
    name = "coopmat.add"


@irdl_op_definition
class SubOp(_BinaryOp):
    name = "coopmat.sub"


@irdl_op_definition
class MulOp(_BinaryOp):
    name = "coopmat.mul"


@irdl_op_definition
class DivOp(_BinaryOp):
    """Element-wise division; integer matrices divide as signed unless `unsigned`."""

    name = "coopmat.div"

    unsigned = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)

    def verify_(self) -> None:
        t = self.result.type
        assert isinstance(t, MatrixType)
        if self.unsigned is not None and not is_int(t.element_type):
            raise VerifyException(f"'unsigned' only applies to integer matrices: {t}")


@irdl_op_definition
class NegOp(IRDLOperation):
    """Element-wise negation."""

    name = "coopmat.neg"

    T: ClassVar = VarConstraint("T", base(MatrixType))
    operand = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = "$operand attr-dict `:` type($result)"

    def __init__(self, operand: SSAValue | Operation):
        super().__init__(operands=[operand], result_types=[SSAValue.get(operand).type])


def _require_element(what: str, scalar: Attribute, matrix: MatrixType) -> None:
    if scalar != matrix.element_type:
        raise VerifyException(
            f"{what} type {scalar} does not match the element type "
            f"{matrix.element_type} of {matrix}"
        )


@irdl_op_definition
class ScaleOp(IRDLOperation):
    """Matrix times scalar (OpMatrixTimesScalar)."""

    name = "coopmat.scale"

    T: ClassVar = VarConstraint("T", base(MatrixType))
    matrix = operand_def(T)
    scalar = operand_def()
    result = result_def(T)

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = (
        "$matrix `,` $scalar attr-dict `:` type($matrix) `,` type($scalar)"
    )

    def __init__(self, matrix: SSAValue | Operation, scalar: SSAValue | Operation):
        super().__init__(
            operands=[matrix, scalar], result_types=[SSAValue.get(matrix).type]
        )

    def verify_(self) -> None:
        assert isinstance(self.matrix.type, MatrixType)
        _require_element("scalar", self.scalar.type, self.matrix.type)


# --------------------------------------------------------------------------
# Construction and per-work-item access
# --------------------------------------------------------------------------


@irdl_op_definition
class SplatOp(IRDLOperation):
    """A matrix with every element equal to a scalar."""

    name = "coopmat.splat"

    value = operand_def()
    result = result_def(MatrixType)

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue | Operation, result_type: MatrixType):
        super().__init__(operands=[value], result_types=[result_type])

    def verify_(self) -> None:
        assert isinstance(self.result.type, MatrixType)
        _require_element("splat value", self.value.type, self.result.type)


@irdl_op_definition
class LengthOp(IRDLOperation):
    """The number of components each work-item holds of a matrix type."""

    name = "coopmat.length"

    matrix_type = prop_def(MatrixType)
    result = result_def(IndexType)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = "attr-dict `:` qualified($matrix_type)"

    def __init__(self, matrix_type: MatrixType):
        super().__init__(
            properties={"matrix_type": matrix_type}, result_types=[IndexType()]
        )


@irdl_op_definition
class ExtractOp(IRDLOperation):
    """Component `index` of this work-item's share of a matrix."""

    name = "coopmat.extract"

    matrix = operand_def(MatrixType)
    index = operand_def(IndexType)
    result = result_def()

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = (
        "$matrix `[` $index `]` attr-dict `:` type($matrix) `->` type($result)"
    )

    def __init__(self, matrix: SSAValue | Operation, index: SSAValue | Operation):
        matrix_type = SSAValue.get(matrix).type
        assert isinstance(matrix_type, MatrixType)
        super().__init__(
            operands=[matrix, index], result_types=[matrix_type.element_type]
        )

    def verify_(self) -> None:
        assert isinstance(self.matrix.type, MatrixType)
        _require_element("result", self.result.type, self.matrix.type)


@irdl_op_definition
class InsertOp(IRDLOperation):
    """Replace component `index` of this work-item's share of a matrix."""

    name = "coopmat.insert"

    T: ClassVar = VarConstraint("T", base(MatrixType))
    value = operand_def()
    matrix = operand_def(T)
    index = operand_def(IndexType)
    result = result_def(T)

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = (
        "$value `,` $matrix `[` $index `]` attr-dict `:` type($value) `,` type($matrix)"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        matrix: SSAValue | Operation,
        index: SSAValue | Operation,
    ):
        super().__init__(
            operands=[value, matrix, index], result_types=[SSAValue.get(matrix).type]
        )

    def verify_(self) -> None:
        assert isinstance(self.matrix.type, MatrixType)
        _require_element("inserted value", self.value.type, self.matrix.type)


# --------------------------------------------------------------------------
# Conversions
# --------------------------------------------------------------------------


@irdl_op_definition
class ConvertOp(IRDLOperation):
    """Change the element type and/or the use (accumulator -> a or b).

    The shape and scope stay. Integer values are read and written as signed
    unless `unsigned` is set.
    """

    name = "coopmat.convert"

    operand = operand_def(MatrixType)
    result = result_def(MatrixType)
    unsigned = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"

    def __init__(
        self,
        operand: SSAValue | Operation,
        result_type: MatrixType,
        unsigned: bool = False,
    ):
        super().__init__(
            operands=[operand],
            result_types=[result_type],
            properties={"unsigned": UnitAttr()} if unsigned else {},
        )

    def verify_(self) -> None:
        src, dst = self.operand.type, self.result.type
        assert isinstance(src, MatrixType)
        assert isinstance(dst, MatrixType)
        if src.shape != dst.shape or src.scope != dst.scope:
            raise VerifyException(
                f"convert keeps shape and scope: {src} cannot become {dst}"
            )
        if src.use_kind != dst.use_kind and src.use_kind != MatrixUse.ACC:
            raise VerifyException(
                f"only an accumulator can change use (to a or b): {src} -> {dst}"
            )
        if self.unsigned is not None and not (
            is_int(src.element_type) or is_int(dst.element_type)
        ):
            raise VerifyException(
                f"'unsigned' needs an integer source or result: {src} -> {dst}"
            )


# The VK_QCOM_cooperative_matrix_conversion proposal's
# "OpCompositeConstructCoopMatQCOM" rules, per use.
_ROW_VECTOR_TYPES = {
    MatrixUse.A: "f32, f16 or i8",
    MatrixUse.B: "f32, f16 or i8",
    MatrixUse.ACC: "f32, f16 or i32",
}


def _row_vector_element_ok(use: MatrixUse, t: Attribute) -> bool:
    if use == MatrixUse.ACC:
        return isinstance(t, Float32Type | Float16Type) or is_int(t, 32)
    return isinstance(t, Float32Type | Float16Type) or is_int(t, 8)


def verify_invocation_vector(
    vector: VectorType, matrix: MatrixType, subgroup_size: int | None
) -> None:
    """Check a per-invocation vector against a matrix (the
    VK_QCOM_cooperative_matrix_conversion proposal).

    A: invocation i holds row i; B: invocation i holds column i; accumulator:
    invocation i holds row i, rows of S, S/2 or S/4 elements. A vector of
    i32 (uint32_t) may carry the row packed: 8 words for A/B (32-byte rows),
    cols/2 words for an f16 accumulator.
    """
    use = matrix.use_kind
    elem = matrix.element_type
    rows, cols = matrix.shape
    if matrix.scope.data != MatrixScope.SUBGROUP:
        raise VerifyException(
            f"per-invocation vectors need a subgroup matrix: {matrix}"
        )
    if not _row_vector_element_ok(use, elem):
        raise VerifyException(
            f"matrix use '{use.value}' needs element type {_ROW_VECTOR_TYPES[use]} "
            f"for per-invocation vectors, got {matrix}"
        )
    if vector.get_num_dims() != 1:
        raise VerifyException(f"expected a 1-D vector, got {vector}")
    v_elem, v_len = vector.get_element_type(), vector.get_shape()[0]
    # A row (A, acc) or a column (B) belongs to one invocation.
    line = rows if use == MatrixUse.B else cols
    lines = cols if use == MatrixUse.B else rows
    if use != MatrixUse.ACC and line * bit_width(elem) != 256:
        raise VerifyException(
            f"a {'column' if use == MatrixUse.B else 'row'} of {matrix} must be "
            f"32 bytes, it is {line * bit_width(elem) // 8}"
        )
    # uint32_t-packed forms: 8 words for an A/B line, cols/2 for an f16 acc row.
    has_packed_form = use != MatrixUse.ACC or isinstance(elem, Float16Type)
    packed_len = 8 if use != MatrixUse.ACC else line // 2
    packed_ok = has_packed_form and is_int(v_elem, 32) and v_len == packed_len
    if not (packed_ok or (v_elem == elem and v_len == line)):
        alternative = f" or vector<{packed_len}xi32>" if has_packed_form else ""
        raise VerifyException(
            f"{vector} does not hold one {'column' if use == MatrixUse.B else 'row'}"
            f" of {matrix}: expected vector<{line}x{elem}>{alternative}"
        )
    if subgroup_size is None:
        return
    if lines > subgroup_size:
        raise VerifyException(
            f"{matrix} has {lines} {'columns' if use == MatrixUse.B else 'rows'}, "
            f"more than the subgroup size {subgroup_size}"
        )
    if use == MatrixUse.ACC and cols not in (
        subgroup_size,
        subgroup_size // 2,
        subgroup_size // 4,
    ):
        raise VerifyException(
            f"accumulator rows must have S, S/2 or S/4 elements (S = {subgroup_size}),"
            f" got {matrix}"
        )


class _InvocationVectorOp(IRDLOperation):
    subgroup_size = opt_prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure(), SubgroupLayoutsFit())

    def _check(self, vector: Attribute, matrix: Attribute) -> None:
        assert isinstance(vector, VectorType)
        assert isinstance(matrix, MatrixType)
        size = None if self.subgroup_size is None else self.subgroup_size.value.data
        verify_invocation_vector(vector, matrix, size)


def _subgroup_props(subgroup_size: int | None) -> dict[str, Attribute]:
    if subgroup_size is None:
        return {}
    return {"subgroup_size": IntegerAttr(subgroup_size, 32)}


@irdl_op_definition
class FromVectorOp(_InvocationVectorOp):
    """vectorToCoopmatQCOM: each invocation contributes one row (A, acc) or
    column (B) of the matrix."""

    name = "coopmat.from_vector"

    vector = operand_def(VectorType)
    result = result_def(MatrixType)

    assembly_format = "$vector attr-dict `:` type($vector) `->` type($result)"

    def __init__(
        self,
        vector: SSAValue | Operation,
        result_type: MatrixType,
        subgroup_size: int | None = None,
    ):
        super().__init__(
            operands=[vector],
            result_types=[result_type],
            properties=_subgroup_props(subgroup_size),
        )

    def verify_(self) -> None:
        self._check(self.vector.type, self.result.type)


@irdl_op_definition
class ToVectorOp(_InvocationVectorOp):
    """coopmatToVectorQCOM: the inverse of `from_vector`."""

    name = "coopmat.to_vector"

    matrix = operand_def(MatrixType)
    result = result_def(VectorType)

    assembly_format = "$matrix attr-dict `:` type($matrix) `->` type($result)"

    def __init__(
        self,
        matrix: SSAValue | Operation,
        result_type: VectorType,
        subgroup_size: int | None = None,
    ):
        super().__init__(
            operands=[matrix],
            result_types=[result_type],
            properties=_subgroup_props(subgroup_size),
        )

    def verify_(self) -> None:
        self._check(self.result.type, self.matrix.type)


def _array_element_ok(t: Attribute) -> bool:
    """int32_t, uint32_t, float32_t, float16_t (the
    VK_QCOM_cooperative_matrix_conversion proposal)."""
    return is_int(t, 32) or isinstance(t, Float32Type | Float16Type)


def _require_array(what: str, t: Attribute) -> VectorType:
    if not isinstance(t, VectorType) or t.get_num_dims() != 1:
        raise VerifyException(f"{what} must be a 1-D vector, got {t}")
    if not _array_element_ok(t.get_element_type()):
        raise VerifyException(
            f"{what} element type must be i32, f32 or f16, got {t.get_element_type()}"
        )
    return t


@irdl_op_definition
class BitcastArrayOp(IRDLOperation):
    """Reinterpret a per-invocation array as another of the same byte size."""

    name = "coopmat.bitcast_array"

    source = operand_def(VectorType)
    result = result_def(VectorType)

    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue | Operation, result_type: VectorType):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        src = _require_array("source", self.source.type)
        dst = _require_array("result", self.result.type)
        src_bits = src.get_shape()[0] * bit_width(src.get_element_type())
        dst_bits = dst.get_shape()[0] * bit_width(dst.get_element_type())
        if src_bits != dst_bits:
            raise VerifyException(
                f"bitcast changes the size: {src} is {src_bits // 8} bytes, "
                f"{dst} is {dst_bits // 8} bytes"
            )


@irdl_op_definition
class ExtractSubarrayOp(IRDLOperation):
    """Copy `len(result)` elements of `source` starting at `start`.

    A constant start is checked to be in bounds and a multiple of the result
    length (the VK_QCOM_cooperative_matrix_conversion proposal: start is a
    multiple of KSize = DstLen).
    """

    name = "coopmat.extract_subarray"

    source = operand_def(VectorType)
    start = operand_def(IndexType)
    result = result_def(VectorType)

    traits = traits_def(Pure())
    assembly_format = (
        "$source `[` $start `]` attr-dict `:` type($source) `->` type($result)"
    )

    def __init__(
        self,
        source: SSAValue | Operation,
        start: SSAValue | Operation,
        result_type: VectorType,
    ):
        super().__init__(operands=[source, start], result_types=[result_type])

    def verify_(self) -> None:
        src = _require_array("source", self.source.type)
        dst = _require_array("result", self.result.type)
        if src.get_element_type() != dst.get_element_type():
            raise VerifyException(f"element types differ: {src} and {dst}")
        src_len, dst_len = src.get_shape()[0], dst.get_shape()[0]
        if dst_len > src_len:
            raise VerifyException(f"{dst} is longer than the source {src}")
        start = _constant_index(self.start)
        if start is None:
            return
        if start < 0 or start + dst_len > src_len:
            raise VerifyException(
                f"sub-array [{start}, {start + dst_len}) is out of bounds of {src}"
            )
        if start % dst_len:
            raise VerifyException(
                f"start {start} must be a multiple of the result length {dst_len}"
            )


def _constant_index(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


# --------------------------------------------------------------------------
# Matrix-level operations: reduce, apply, transpose (SPV_NV_cooperative_matrix2)
# --------------------------------------------------------------------------


class ReduceKind(StrEnum):
    """How `coopmat.reduce` combines elements."""

    ADD = "add"
    MAX = "max"
    MIN = "min"


class ReduceMode(StrEnum):
    """Which elements `coopmat.reduce` combines: each row, each column, all,
    or each 2x2 block (SPV_NV_cooperative_matrix2's Row, Column, Row|Column
    and 2x2; `quads`, since an identifier cannot start with a digit)."""

    ROWS = "rows"
    COLS = "cols"
    BOTH = "both"
    QUADS = "quads"


@irdl_attr_definition
class ReduceKindAttr(EnumAttribute[ReduceKind], SpacedOpaqueSyntaxAttribute):
    name = "coopmat.reduce_kind"


@irdl_attr_definition
class ReduceModeAttr(EnumAttribute[ReduceMode], SpacedOpaqueSyntaxAttribute):
    name = "coopmat.reduce_mode"


@irdl_op_definition
class ReduceOp(IRDLOperation):
    """`coopmat.reduce add|max|min rows|cols|both|quads %m`:
    OpCooperativeMatrixReduceNV with the combine function named by `kind`.

    Element (i, j) of the result is the reduction of row i of `%m` (rows), of
    column j (cols), of every element (both), or of the 2x2 block at (2i, 2j)
    (quads). As SPV_NV_cooperative_matrix2 requires, both matrices are
    accumulators of one element type and scope; with rows the result has the
    rows of `%m` and any number of columns (M x 1 is the compact form, M x N
    the broadcast one), with cols the columns of `%m` and any number of rows,
    with both any shape, with quads half the rows and columns (both even).
    Integers compare as signed for max/min unless `unsigned`.
    """

    name = "coopmat.reduce"

    kind = prop_def(ReduceKindAttr)
    mode = prop_def(ReduceModeAttr)
    unsigned = opt_prop_def(UnitAttr)
    matrix = operand_def(MatrixType)
    result = result_def(MatrixType)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = (
        "$kind $mode $matrix attr-dict `:` type($matrix) `->` type($result)"
    )

    def __init__(
        self,
        matrix: SSAValue | Operation,
        kind: ReduceKind | str,
        mode: ReduceMode | str,
        result_type: MatrixType | None = None,
        unsigned: bool = False,
    ):
        """Without `result_type`: the compact form (M x 1 for rows, 1 x N for
        cols, 1 x 1 for both)."""
        source = SSAValue.get(matrix).type
        assert isinstance(source, MatrixType)
        mode = ReduceMode(mode)
        if result_type is None:
            rows, cols = source.shape
            shape = {
                ReduceMode.ROWS: (rows, 1),
                ReduceMode.COLS: (1, cols),
                ReduceMode.BOTH: (1, 1),
                ReduceMode.QUADS: (rows // 2, cols // 2),
            }[mode]
            result_type = MatrixType(
                *shape, source.element_type, source.use_kind, source.scope.data
            )
        props: dict[str, Attribute] = {
            "kind": ReduceKindAttr(ReduceKind(kind)),
            "mode": ReduceModeAttr(mode),
        }
        if unsigned:
            props["unsigned"] = UnitAttr()
        super().__init__(
            operands=[matrix], result_types=[result_type], properties=props
        )

    def verify_(self) -> None:
        src, dst = self.matrix.type, self.result.type
        assert isinstance(src, MatrixType)
        assert isinstance(dst, MatrixType)
        _require_use("reduced matrix", src, MatrixUse.ACC)
        _require_use("reduce result", dst, MatrixUse.ACC)
        if src.element_type != dst.element_type or src.scope != dst.scope:
            raise VerifyException(
                f"reduce keeps element type and scope: {src} cannot become {dst}"
            )
        mode = self.mode.data
        (m, n), (rm, rn) = src.shape, dst.shape
        if mode == ReduceMode.ROWS and rm != m:
            raise VerifyException(
                f"a row reduction of {m}x{n} has {m} rows, got {rm}x{rn}"
            )
        if mode == ReduceMode.COLS and rn != n:
            raise VerifyException(
                f"a column reduction of {m}x{n} has {n} columns, got {rm}x{rn}"
            )
        if mode == ReduceMode.QUADS and (m % 2, n % 2, 2 * rm, 2 * rn) != (0, 0, m, n):
            raise VerifyException(
                f"a 2x2 (quads) reduction of {m}x{n} needs even sizes and is "
                f"{m // 2}x{n // 2}, got {rm}x{rn}"
            )
        if self.unsigned is not None and (
            not is_int(src.element_type) or self.kind.data == ReduceKind.ADD
        ):
            raise VerifyException(
                f"'unsigned' only applies to max/min of integer matrices, got "
                f"{self.kind.data.value} of {src}"
            )


#: Dialects whose ops may appear in the body of `coopmat.apply`.
APPLY_BODY_DIALECTS = ("arith", "math")


@irdl_op_definition
class ApplyOp(IRDLOperation):
    """`coopmat.apply %m (captures(%x, ... : T, ...))? : type { body }`:
    OpCooperativeMatrixPerElementOpNV, SYCL's joint_matrix_apply.

    The body is one block with arguments (row: index, col: index, value:
    element type, then one per captured operand) and yields the element's new
    value with `coopmat.yield`. Only arith and math ops appear in it; it
    sees nothing from outside but its arguments (captured values are passed
    explicitly). Captured operands are scalars, uniform over the subgroup.
    """

    name = "coopmat.apply"

    T: ClassVar = VarConstraint("T", base(MatrixType))
    matrix = operand_def(T)
    captures = var_operand_def()
    result = result_def(T)
    body = region_def("single_block")

    traits = traits_def(IsolatedFromAbove(), SubgroupLayoutsFit())
    assembly_format = (
        "$matrix (`captures` `(` $captures^ `:` type($captures) `)`)? attr-dict "
        "`:` type($matrix) $body"
    )

    def __init__(
        self,
        matrix: SSAValue | Operation,
        body: Region | Block,
        captures: Sequence[SSAValue | Operation] = (),
    ):
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[matrix, captures],
            result_types=[SSAValue.get(matrix).type],
            regions=[body],
        )

    @staticmethod
    def block_types(
        matrix: MatrixType, capture_types: Sequence[Attribute]
    ) -> list[Attribute]:
        """The body's argument types: row, col, value, then the captures."""
        return [IndexType(), IndexType(), matrix.element_type, *capture_types]

    def verify_(self) -> None:
        t = self.matrix.type
        assert isinstance(t, MatrixType)
        for capture in self.captures:
            if isinstance(capture.type, MatrixType):
                raise VerifyException(
                    f"captured operands are scalars, got {capture.type}"
                )
        block = self.body.block
        expected = self.block_types(t, [c.type for c in self.captures])
        got = [arg.type for arg in block.args]
        if got != expected:
            raise VerifyException(
                "body arguments must be (row: index, col: index, value: "
                f"{t.element_type}) then the captures' types: expected "
                f"({', '.join(map(str, expected))}), got "
                f"({', '.join(map(str, got))})"
            )
        for op in block.ops:
            if op is block.last_op:
                break
            if op.dialect_name() not in APPLY_BODY_DIALECTS:
                raise VerifyException(
                    f"only arith and math ops may appear in the body, got {op.name}"
                )
        last = block.last_op
        if not isinstance(last, YieldOp):
            raise VerifyException("the body must end with coopmat.yield")
        yielded = [v.type for v in last.values]
        if yielded != [t.element_type]:
            raise VerifyException(
                f"the body must yield one {t.element_type}, got "
                f"({', '.join(map(str, yielded))})"
            )


@irdl_op_definition
class YieldOp(IRDLOperation):
    """`coopmat.yield %v : T`: the new element value of a `coopmat.apply`."""

    name = "coopmat.yield"

    values = var_operand_def()

    traits = traits_def(IsTerminator(), HasParent(ApplyOp), Pure())
    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, *values: SSAValue | Operation):
        super().__init__(operands=[values])


@irdl_op_definition
class TransposeOp(IRDLOperation):
    """`coopmat.transpose %m`: OpCooperativeMatrixTransposeNV, an M x N
    accumulator to the N x M matrix B (same element type and scope)."""

    name = "coopmat.transpose"

    matrix = operand_def(MatrixType)
    result = result_def(MatrixType)

    traits = traits_def(Pure(), SubgroupLayoutsFit())
    assembly_format = "$matrix attr-dict `:` type($matrix) `->` type($result)"

    def __init__(self, matrix: SSAValue | Operation):
        t = SSAValue.get(matrix).type
        assert isinstance(t, MatrixType)
        rows, cols = t.shape
        result_type = MatrixType(cols, rows, t.element_type, MatrixUse.B, t.scope.data)
        super().__init__(operands=[matrix], result_types=[result_type])

    def verify_(self) -> None:
        src, dst = self.matrix.type, self.result.type
        assert isinstance(src, MatrixType)
        assert isinstance(dst, MatrixType)
        _require_use("transposed matrix", src, MatrixUse.ACC)
        _require_use("transpose result", dst, MatrixUse.B)
        (m, n), (rm, rn) = src.shape, dst.shape
        if (rm, rn) != (n, m):
            raise VerifyException(f"the transpose of {m}x{n} is {n}x{m}, got {rm}x{rn}")
        if src.element_type != dst.element_type or src.scope != dst.scope:
            raise VerifyException(
                f"transpose keeps element type and scope: {src} cannot become {dst}"
            )


@irdl_op_definition
class SpecConstantOp(IRDLOperation):
    """`%v = coopmat.spec_constant "subgroups_n" spec_id(2) = 2 : index`: a
    kernel (or host) parameter that stays open until the pipeline is created
    (a SPIR-V specialization constant, `coopmlir/specialization.py`); the
    same name means the same value in every function of the module, and
    `default` is the value when none is given."""

    name = "coopmat.spec_constant"

    param = prop_def(StringAttr)
    spec_id = prop_def(IntegerAttr[I32])
    default = prop_def(IntegerAttr[I64])
    result = result_def(IndexType)

    traits = traits_def(Pure())

    def __init__(self, param: str, spec_id: int, default: int):
        super().__init__(
            properties={
                "param": StringAttr(param),
                "spec_id": IntegerAttr(spec_id, 32),
                "default": IntegerAttr(default, 64),
            },
            result_types=[IndexType()],
        )

    @property
    def default_value(self) -> int:
        return self.default.value.data

    def verify_(self) -> None:
        if self.default_value < 1:
            raise VerifyException(
                f"'{self.param.data}': the default must be positive, "
                f"got {self.default_value}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> SpecConstantOp:
        param = parser.parse_str_literal("the constant's name")
        parser.parse_keyword("spec_id")
        parser.parse_punctuation("(")
        spec_id = parser.parse_integer()
        parser.parse_punctuation(")")
        parser.parse_punctuation("=")
        default = parser.parse_integer()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        parser.parse_type()
        op = cls(param, spec_id, default)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.param.data)
        printer.print_string(
            f" spec_id({self.spec_id.value.data}) = {self.default_value}"
        )
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : index")


def spec_constant_names(op: Operation) -> set[str]:
    """The names of the `coopmat.spec_constant`s inside `op`."""
    return {o.param.data for o in op.walk() if isinstance(o, SpecConstantOp)}


Coopmat = Dialect(
    "coopmat",
    [
        LoadOp,
        StoreOp,
        MulAddOp,
        AddOp,
        SubOp,
        MulOp,
        DivOp,
        NegOp,
        ScaleOp,
        SplatOp,
        LengthOp,
        ExtractOp,
        InsertOp,
        ConvertOp,
        FromVectorOp,
        ToVectorOp,
        BitcastArrayOp,
        ExtractSubarrayOp,
        ReduceOp,
        ApplyOp,
        YieldOp,
        TransposeOp,
        SpecConstantOp,
        MatvecOp,
        MatvecValueOp,
    ],
    [
        MatrixType,
        SubgroupLayoutAttr,
        MatrixUseAttr,
        MatrixScopeAttr,
        MatrixLayoutAttr,
        CheckedModeAttr,
        ReduceKindAttr,
        ReduceModeAttr,
    ],
)
