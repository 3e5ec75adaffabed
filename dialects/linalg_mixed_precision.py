"""`linalg` with mixed-precision `linalg.matmul`: the one place coopmlir fixes
xDSL's linalg.

xDSL 0.74 builds the implicit body of `linalg.matmul` as `mulf`/`addf` on the
raw block arguments, so `f16 x f16 -> f32` fails verification. MLIR first
casts both inputs to the accumulator type (`extf`, or `extsi`/`extui` for
integers), then multiplies and adds. `MixedPrecisionMatmulOp` builds that
body; `LinalgMixedPrecision` is xDSL's linalg dialect with it swapped in.

Integer inputs are sign-extended unless the op carries MLIR's
`cast = #linalg.type_fn<cast_unsigned>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    ArrayAttr,
    IntegerType,
    TensorType,
)
from xdsl.dialects.linalg import Linalg
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import MatmulOp, YieldOp
from xdsl.dialects.utils import StrEnum
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, BlockArgument, Dialect, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import irdl_attr_definition, irdl_op_definition, prop_def
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException


class TypeFn(StrEnum):
    CAST_SIGNED = "cast_signed"
    CAST_UNSIGNED = "cast_unsigned"


@irdl_attr_definition
class TypeFnAttr(EnumAttribute[TypeFn]):
    """`#linalg.type_fn<cast_signed|cast_unsigned>`, as MLIR spells it."""

    name = "linalg.type_fn"

    @classmethod
    def parse_parameter(cls, parser) -> TypeFn:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)

    def print_parameter(self, printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)


def _cast_to(value: SSAValue, target: Attribute, unsigned: bool) -> SSAValue:
    """Insert the MLIR cast of a body argument to the accumulator type."""
    source = value.type
    if source == target:
        return value
    if isinstance(source, AnyFloat) and isinstance(target, AnyFloat):
        return arith.ExtFOp(value, target).result
    if isinstance(source, IntegerType) and isinstance(target, IntegerType):
        ext = arith.ExtUIOp if unsigned else arith.ExtSIOp
        return ext(value, target).result
    raise VerifyException(
        f"linalg.matmul: cannot accumulate {source} inputs into {target}"
    )


def matmul_body(arg_types: Sequence[Attribute], unsigned: bool = False) -> Region:
    """The body MLIR builds: cast a and b to the output type, multiply, add."""
    acc_type = arg_types[-1]
    for t in arg_types[:2]:
        wider = isinstance(t, IntegerType | AnyFloat) and (
            type(t) is type(acc_type) or isinstance(acc_type, AnyFloat)
        )
        if not wider or t.bitwidth > acc_type.bitwidth:
            raise VerifyException(
                f"linalg.matmul: cannot accumulate {t} inputs into {acc_type}"
            )
    is_float = isinstance(acc_type, AnyFloat)
    mul, add = (
        (arith.MulfOp, arith.AddfOp) if is_float else (arith.MuliOp, arith.AddiOp)
    )

    @Builder.implicit_region(tuple(arg_types))
    def body(args: tuple[BlockArgument, ...]) -> None:
        lhs = _cast_to(args[0], acc_type, unsigned)
        rhs = _cast_to(args[1], acc_type, unsigned)
        YieldOp(add(args[2], mul(lhs, rhs)))

    return body


@irdl_op_definition
class MixedPrecisionMatmulOp(NamedOperation):
    """`linalg.matmul` whose inputs may be narrower than its output.

    It replaces xDSL's `MatmulOp` (same name, syntax and defaults); only the
    implicit body differs.
    """

    name = "linalg.matmul"

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True

    indexing_maps = prop_def(
        ArrayAttr[AffineMapAttr],
        default_value=MatmulOp.get_irdl_definition()
        .properties["indexing_maps"]
        .default_value,
    )

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue] = (),
        res: Sequence[Attribute] | None = None,
        attributes: dict[str, Attribute] | None = None,
    ):
        if res is None:
            res = [o.type for o in outputs if isinstance(o.type, TensorType)]
        super().__init__(
            ins=inputs,
            outs=outputs,
            result_types=res,
            attributes=attributes,
            hidden_region=self.get_hidden_region(inputs, outputs),
        )
        self._use_unsigned_body_if_asked()

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        return matmul_body(cls.body_arg_types((*inputs, *outputs)))

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return self.indexing_maps

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.indexing_maps.data)

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        parallel, reduction = IteratorTypeAttr.parallel(), IteratorTypeAttr.reduction()
        return ArrayAttr([parallel, parallel, reduction])

    @classmethod
    def parse(cls, parser: Parser) -> MixedPrecisionMatmulOp:
        pos = parser.pos
        try:
            op = super().parse(parser)
        except VerifyException as err:
            parser.raise_error(str(err), pos, parser.pos)
        op._use_unsigned_body_if_asked()
        return op

    def _use_unsigned_body_if_asked(self) -> None:
        """Swap in a zero-extending body for MLIR's `cast_unsigned`.

        The inherited constructor and parser build the body before they look
        at attributes, so the signed body is replaced afterwards.
        """
        cast = self.attributes.get("cast")
        if not (isinstance(cast, TypeFnAttr) and cast.data == TypeFn.CAST_UNSIGNED):
            return
        types = self.body_arg_types((*self.inputs, *self.outputs))
        self.detach_region(self.body).erase()
        self.add_region(matmul_body(types, unsigned=True))


def _with_mixed_precision_matmul() -> Dialect:
    ops = [MixedPrecisionMatmulOp if op is MatmulOp else op for op in Linalg.operations]
    return Dialect("linalg", ops, [*Linalg.attributes, TypeFnAttr])


LinalgMixedPrecision = _with_mixed_precision_matmul()
