"""Type constraints shared by the spirv ops: "an integer scalar, vector or
cooperative matrix", "a bool or vector of bools", and so on."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from xdsl.dialects.builtin import (
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute
from xdsl.irdl import AttrConstraint, IntConstraint
from xdsl.irdl.constraints import VerificationContext
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.types import (
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    element_type_of,
)
from coopmlir.elements import is_bf16, is_f8, is_float


def is_bool(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data == 1


def is_integer(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data != 1


def is_spirv_float(t: Attribute) -> bool:
    """A SPIR-V float scalar: f16, f32 or f64. Not bf16 or f8
    (`coopmlir.elements` counts them floats): without SPV_KHR_bfloat16 /
    SPV_EXT_float8, coopmlir carries them as their bits (i16, i8) in SPIR-V."""
    return is_float(t) and not is_bf16(t) and not is_f8(t)


def is_matrix(t: Attribute) -> bool:
    """A cooperative matrix, or an NV cooperative vector (arithmetic takes
    both, SPV_NV_cooperative_vector: what adds a chunk's product)."""
    return isinstance(t, CooperativeMatrixType | NVCooperativeMatrixType) or (
        getattr(t, "name", None) == "spirv.NV.coopvector"
    )


@dataclass(frozen=True)
class ElementConstraint(AttrConstraint):
    """A scalar, a 1-D vector or (if `matrices`) a cooperative matrix whose
    element satisfies `element`; `description` names it in errors."""

    element: Callable[[Attribute], bool]
    description: str
    matrices: bool = False

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if isinstance(attr, VectorType) and attr.get_num_dims() != 1:
            raise VerifyException(f"expected {self.description}, got {attr}")
        if is_matrix(attr) and not self.matrices:
            raise VerifyException(f"expected {self.description}, got {attr}")
        if not self.element(element_type_of(attr)):
            raise VerifyException(f"expected {self.description}, got {attr}")

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> ElementConstraint:
        return self


INTEGER = ElementConstraint(is_integer, "an integer scalar or vector")
INTEGER_OR_MATRIX = ElementConstraint(
    is_integer, "an integer scalar, vector or cooperative matrix", matrices=True
)
FLOAT = ElementConstraint(is_spirv_float, "a float scalar or vector")
FLOAT_OR_MATRIX = ElementConstraint(
    is_spirv_float, "a float scalar, vector or cooperative matrix", matrices=True
)


@dataclass(frozen=True)
class ConvertibleFloat(AttrConstraint):
    """OpFConvert's operand or result: a SPIR-V float scalar, vector or
    cooperative matrix, or a cooperative matrix of bf16 or f8
    (SPV_KHR_bfloat16 and SPV_EXT_float8 convert such matrices; their
    scalars are carried as bits)."""

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if is_matrix(attr) and is_float(element_type_of(attr)):
            return
        FLOAT_OR_MATRIX.verify(attr, constraint_context)

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> ConvertibleFloat:
        return self


BOOL = ElementConstraint(is_bool, "a bool (i1) scalar or vector")
NUMERIC_OR_MATRIX = ElementConstraint(
    lambda t: is_integer(t) or is_spirv_float(t),
    "an integer or float scalar, vector or cooperative matrix",
    matrices=True,
)
SCALAR_OR_VECTOR = ElementConstraint(
    lambda t: is_bool(t) or is_integer(t) or is_spirv_float(t),
    "a scalar or vector",
)


def bool_type_like(t: Attribute) -> Attribute:
    """i1, or vector<N x i1> for a vector of N: the result of a comparison."""
    if isinstance(t, VectorType):
        return VectorType(IntegerType(1), t.get_shape())
    return IntegerType(1)
