"""`linalg` with mixed-precision contractions: the one place coopmlir fixes
xDSL's linalg.

xDSL 0.74 builds the implicit body of `linalg.matmul` as `mulf`/`addf` on the
raw block arguments, so `f16 x f16 -> f32` fails verification. MLIR first
casts both inputs to the accumulator type (`extf`, or `extsi`/`extui` for
integers), then multiplies and adds. `MixedPrecisionMatmulOp` builds that
body; `LinalgMixedPrecision` is xDSL's linalg dialect with it swapped in.

Integer inputs are sign-extended unless the op carries MLIR's
`cast = #linalg.type_fn<cast_unsigned>`.

xDSL 0.74 also drops `indexing_maps` when it prints `linalg.matmul` and does
not parse MLIR's `linalg.matmul indexing_maps = [...] ins(...)`, and it has no
`linalg.batch_matmul`, `linalg.matmul_transpose_a` or
`linalg.matmul_transpose_b`. `ContractionOp` adds the syntax and the ops, all
with the same body.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Sequence
from types import NoneType
from typing import ClassVar

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    DenseIntElementsAttr,
    IntegerType,
    TensorType,
    UnregisteredOp,
    i64,
)
from xdsl.dialects.linalg import Linalg
from xdsl.dialects.linalg.abstract_ops import ConvOperation, NamedOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import MatmulOp, YieldOp
from xdsl.dialects.utils import StrEnum
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, BlockArgument, Dialect, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    OptionalDef,
    irdl_attr_definition,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.hints import isa

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.enum_syntax import InAngleBrackets
from coopmlir.dialects.linalg_casts import CASTS, cast_to, checked_element_types


class TypeFn(StrEnum):
    CAST_SIGNED = "cast_signed"
    CAST_UNSIGNED = "cast_unsigned"


@irdl_attr_definition
class TypeFnAttr(InAngleBrackets, EnumAttribute[TypeFn]):
    """`#linalg.type_fn<cast_signed|cast_unsigned>`, as MLIR spells it."""

    name = "linalg.type_fn"


#: The casts of a contraction's body that widen exactly; any other (MLIR's
#: truncf, trunci, sitofp, ...) computes in another type than the inputs'.
WIDENING_CASTS = (arith.ExtFOp, arith.ExtSIOp, arith.ExtUIOp)


def non_widening_cast(op: Operation) -> Operation | None:
    """The first cast in the body of a named contraction or convolution
    `op` that is not a widening (`WIDENING_CASTS`), or None."""
    for inner in op.regions[0].block.ops:
        if inner.name in _CAST_NAMES and not isinstance(inner, WIDENING_CASTS):
            return inner
    return None


_CAST_NAMES = frozenset(cast.name for cast in CASTS.values())


def quantized_body(arg_types: Sequence[Attribute], op_name: str) -> Region:
    """The body of MLIR's `*_q` ops (inputs a, b, their zero points, acc):
    `acc + (cast(a) - cast(a_zp)) * (cast(b) - cast(b_zp))`, every cast
    signed, as MLIR builds it."""
    if len(arg_types) != 5:
        raise VerifyException(
            f"{op_name}: expected 2 inputs, 2 zero points and 1 output"
        )
    acc_type = arg_types[-1]
    is_float = isinstance(acc_type, AnyFloat)
    sub, mul, add = (
        (arith.SubfOp, arith.MulfOp, arith.AddfOp)
        if is_float
        else (arith.SubiOp, arith.MuliOp, arith.AddiOp)
    )

    @Builder.implicit_region(tuple(arg_types))
    def body(args: tuple[BlockArgument, ...]) -> None:
        def shifted(value: SSAValue, zero_point: SSAValue) -> SSAValue:
            cast = cast_to(value, acc_type, False, op_name)
            return sub(cast, cast_to(zero_point, acc_type, False, op_name)).result

        YieldOp(add(args[4], mul(shifted(args[0], args[2]), shifted(args[1], args[3]))))

    return body


def matmul_body(
    arg_types: Sequence[Attribute],
    unsigned: bool = False,
    op_name: str = "linalg.matmul",
) -> Region:
    """The body MLIR builds: cast a and b to the output type, multiply, add."""
    if len(arg_types) != 3:
        raise VerifyException(f"{op_name}: expected 2 inputs and 1 output")
    acc_type = arg_types[-1]
    for t in arg_types[:2]:
        if not isinstance(t, IntegerType | AnyFloat):
            raise VerifyException(f"{op_name}: cannot accumulate {t} inputs")
    is_float = isinstance(acc_type, AnyFloat)
    mul, add = (
        (arith.MulfOp, arith.AddfOp) if is_float else (arith.MuliOp, arith.AddiOp)
    )

    @Builder.implicit_region(tuple(arg_types))
    def body(args: tuple[BlockArgument, ...]) -> None:
        lhs = cast_to(args[0], acc_type, unsigned, op_name)
        rhs = cast_to(args[1], acc_type, unsigned, op_name)
        YieldOp(add(args[2], mul(lhs, rhs)))

    return body


def _maps(*results: Callable[..., tuple]) -> ArrayAttr[AffineMapAttr]:
    return ArrayAttr([AffineMapAttr(AffineMap.from_callable(r)) for r in results])


class StructuredContraction(NamedOperation, ABC):
    """A named linalg contraction with MLIR's mixed-precision body.

    Shared by the matmul family (`ContractionOp`) and the other named
    contractions (linalg_named.py): typed constructor, the implicit body (cast, mul,
    add), `cast = #linalg.type_fn<cast_unsigned>`, and, for the ops that
    take one, MLIR's `indexing_maps = [...]` prefix, which xDSL's
    `NamedOperation` neither parses nor prints. Subclasses give the default
    maps and the iterator types.
    """

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]]

    # An inherent attribute, as in MLIR: `<{cast = ...}>` in the generic form,
    # `{cast = ...}` in the pretty one.
    cast = opt_prop_def(TypeFnAttr)
    ITERATORS: ClassVar[str]
    """One letter per loop: `p`arallel or `r`eduction."""

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue] = (),
        res: Sequence[Attribute] | None = None,
        attributes: dict[str, Attribute] | None = None,
        indexing_maps: ArrayAttr[AffineMapAttr] | None = None,
        cast: TypeFnAttr | None = None,
    ):
        if res is None:
            res = [o.type for o in outputs if isinstance(o.type, TensorType)]
        properties: dict[str, Attribute] = {}
        if cast is not None:
            properties["cast"] = cast
        if indexing_maps is not None:
            properties["indexing_maps"] = indexing_maps
        super().__init__(
            ins=inputs,
            outs=outputs,
            result_types=res,
            properties=properties,
            attributes=attributes,
            hidden_region=self.get_hidden_region(inputs, outputs),
        )
        self._use_unsigned_body_if_asked()

    @classmethod
    def takes_indexing_maps(cls) -> bool:
        return "indexing_maps" in cls.get_irdl_definition().properties

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        types = checked_element_types(cls.name, (*inputs, *outputs))
        return matmul_body(types, op_name=cls.name)

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        maps = self.properties.get("indexing_maps")
        return maps if isinstance(maps, ArrayAttr) else self.DEFAULT_MAPS

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.DEFAULT_MAPS.data)

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        kinds = {"p": IteratorTypeAttr.parallel, "r": IteratorTypeAttr.reduction}
        return ArrayAttr([kinds[c]() for c in self.ITERATORS])

    @property
    def unsigned(self) -> bool:
        """MLIR's `cast = #linalg.type_fn<cast_unsigned>`: zero-extend inputs."""
        cast = self.cast or self.attributes.get("cast")
        return isinstance(cast, TypeFnAttr) and cast.data == TypeFn.CAST_UNSIGNED

    @classmethod
    def parse(cls, parser: Parser) -> StructuredContraction:
        pos = parser.pos
        maps = None
        if cls.takes_indexing_maps() and parser.parse_optional_keyword("indexing_maps"):
            parser.parse_punctuation("=")
            maps_pos = parser.pos
            maps = parser.parse_attribute()
            if not isa(maps, ArrayAttr[AffineMapAttr]):
                parser.raise_error(
                    "expected indexing_maps to be an array of affine maps",
                    maps_pos,
                    parser.pos,
                )
        try:
            op = super().parse(parser)
        except VerifyException as err:
            parser.raise_error(str(err), pos, parser.pos)
        assert isinstance(op, StructuredContraction)
        if maps is not None:
            op.properties.pop("indexing_maps", None)
            op.properties = {"indexing_maps": maps, **op.properties}  # MLIR's order
        op._use_unsigned_body_if_asked()
        return op

    def print(self, printer: Printer) -> None:
        maps = self.properties.get("indexing_maps")
        if maps is not None and maps != self.DEFAULT_MAPS:
            printer.print_string(" indexing_maps = ")
            printer.print_attribute(maps)
        super().print(printer)

    def _use_unsigned_body_if_asked(self) -> None:
        """Swap in a zero-extending body for MLIR's `cast_unsigned`.

        The inherited constructor and parser build the body before they look
        at attributes, so the signed body is replaced afterwards.
        """
        if not self.unsigned:
            return
        types = self.body_arg_types((*self.inputs, *self.outputs))
        self.detach_region(self.body).erase()
        self.add_region(matmul_body(types, unsigned=True, op_name=self.name))


class ContractionOp(StructuredContraction, ABC):
    """The matmul family: `linalg.matmul`, `linalg.matmul_transpose_a|b` and
    `linalg.batch_matmul`, which the matrix kernels and the front-end
    rewrites take."""


_MATMUL_MAPS = _maps(
    lambda i, _, k: (i, k), lambda _, j, k: (k, j), lambda i, j, _: (i, j)
)


@irdl_op_definition
class MixedPrecisionMatmulOp(ContractionOp):
    """`linalg.matmul` whose inputs may be narrower than its output.

    It replaces xDSL's `MatmulOp` (same name, syntax and defaults) with the
    implicit body MLIR builds, and prints and parses non-default
    `indexing_maps` (transposed A or B) as MLIR does.
    """

    name = "linalg.matmul"

    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _MATMUL_MAPS
    ITERATORS: ClassVar[str] = "ppr"

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr], default_value=_MATMUL_MAPS)


@irdl_op_definition
class MatmulTransposeAOp(ContractionOp):
    """`linalg.matmul_transpose_a`: C (m x n) += A^T * B with A stored k x m."""

    name = "linalg.matmul_transpose_a"

    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda i, _, k: (k, i), lambda _, j, k: (k, j), lambda i, j, _: (i, j)
    )
    ITERATORS: ClassVar[str] = "ppr"


@irdl_op_definition
class MatmulTransposeBOp(ContractionOp):
    """`linalg.matmul_transpose_b`: C (m x n) += A * B^T with B stored n x k."""

    name = "linalg.matmul_transpose_b"

    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda i, _, k: (i, k), lambda _, j, k: (j, k), lambda i, j, _: (i, j)
    )
    ITERATORS: ClassVar[str] = "ppr"


_BATCH_MATMUL_MAPS = _maps(
    lambda b, i, _, k: (b, i, k),
    lambda b, _, j, k: (b, k, j),
    lambda b, i, j, _: (b, i, j),
)


@irdl_op_definition
class BatchMatmulOp(ContractionOp):
    """`linalg.batch_matmul`: C[b] (m x n) += A[b] (m x k) * B[b] (k x n), with
    MLIR's `indexing_maps` for transposed operands. Not in xDSL 0.74."""

    name = "linalg.batch_matmul"

    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _BATCH_MATMUL_MAPS
    ITERATORS: ClassVar[str] = "pppr"

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr], default_value=_BATCH_MATMUL_MAPS)


CONTRACTIONS: tuple[type[ContractionOp], ...] = (
    MixedPrecisionMatmulOp,
    MatmulTransposeAOp,
    MatmulTransposeBOp,
    BatchMatmulOp,
)


def require_coopmlir_contractions(module: Operation, pass_name: str) -> None:
    """A `CompileError` at the first op named like one of CONTRACTIONS that
    is another class: xDSL's own `linalg.matmul` (a module parsed or built
    in a context without coopmlir's linalg, e.g. a plain `Context` with
    xDSL's dialects), or an unregistered op. Passes that lower contractions
    call it before changing anything, so such a module is an error, not a
    module left as it was."""
    names = {c.name for c in CONTRACTIONS}
    for op in module.walk():
        unregistered = isinstance(op, UnregisteredOp)
        name = op.op_name.data if unregistered else op.name
        if name not in names or isinstance(op, ContractionOp):
            continue
        cls = type(op)
        what = "unregistered" if unregistered else f"{cls.__module__}.{cls.__name__}"
        raise CompileError.at(
            location_of(op),
            f"{pass_name}: '{name}' is {what}, "
            "not coopmlir's linalg op: parse or build the module in coopmlir's "
            "context (coopmlir.dialects.registry.make_context()), whose linalg "
            "has coopmlir's mixed-precision contractions",
        )


def _mixed_precision_conv(base: type[ConvOperation]) -> type[ConvOperation]:
    """xDSL's convolution `base` with MLIR's body: xDSL 0.74 asserts (a
    traceback, not a diagnostic) on `f16 x f16 -> f32` convolutions, and
    adds in the other order."""

    # Only the hidden region changes: the IRDL definition is inherited as is
    # (re-deriving it from an already defined op is not possible in xDSL).
    class MixedPrecisionConv(base):
        @classmethod
        def get_hidden_region(
            cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
        ) -> Region:
            types = checked_element_types(cls.name, (*inputs, *outputs))
            return matmul_body(types, op_name=cls.name)

        @classmethod
        def parse(cls, parser: Parser) -> ConvOperation:
            """MLIR's default where `strides` or `dilations` is left out: 1
            per window axis (xDSL's convolutions require both)."""
            op = super().parse(parser)
            required = cls.get_irdl_definition().properties
            ones = DenseIntElementsAttr.from_list(TensorType(i64, [2]), [1, 1])
            for name in ("strides", "dilations"):
                if not isinstance(required.get(name), OptionalDef | NoneType):
                    op.properties.setdefault(name, ones)
            return op

    MixedPrecisionConv.__name__ = MixedPrecisionConv.__qualname__ = base.__name__
    return MixedPrecisionConv


def _convolutions() -> dict:
    from coopmlir.dialects.linalg_conv1d import CONV_1D
    from coopmlir.dialects.linalg_depthwise import DEPTHWISE

    return {
        base: _mixed_precision_conv(base)
        for base in (*Linalg.operations, *DEPTHWISE, *CONV_1D)
        if issubclass(base, ConvOperation)
    }


#: xDSL's convolutions, the depthwise ones (linalg_depthwise.py) and the
#: 1-D ones (linalg_conv1d.py), each with MLIR's mixed-precision body.
CONVOLUTIONS = _convolutions()


def _with_mixed_precision_matmul() -> Dialect:
    from coopmlir.dialects.linalg_conv1d import CONV_1D
    from coopmlir.dialects.linalg_depthwise import DEPTHWISE
    from coopmlir.dialects.linalg_map import MapOp
    from coopmlir.dialects.linalg_pooling import POOLING
    from coopmlir.dialects.linalg_softmax import SoftmaxOp

    replaced = {MatmulOp: MixedPrecisionMatmulOp, **CONVOLUTIONS}
    # xDSL's pooling_nchw_max maxes the input with the window operand.
    xdsl_pooling = {op.name for op in POOLING}
    ops = [
        replaced.get(op, op)
        for op in (*Linalg.operations, *DEPTHWISE, *CONV_1D)
        if op.name not in xdsl_pooling
    ]
    return Dialect(
        "linalg",
        [*ops, *POOLING, *CONTRACTIONS[1:], SoftmaxOp, MapOp],
        [*Linalg.attributes, TypeFnAttr],
    )


LinalgMixedPrecision = _with_mixed_precision_matmul()
