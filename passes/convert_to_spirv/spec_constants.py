"""`coopmat.spec_constant` -> `spirv.SpecConstant @name spec_id(N) = V : i32`
at module level and `spirv.mlir.referenceof @name` in the function; a
kernel whose workgroup size follows the values (`SPEC_WORKGROUP_ATTR`)
gets `@workgroup_size_x spec_id(0)`, `@workgroup_size_y`, `@workgroup_size_z`
and the composite `@workgroup_size`, decorated BuiltIn WorkgroupSize
(`coopmlir.builtin_workgroup_size` on the spirv.module, which the
serializer reads), so the driver's value, not LocalSize, sizes the
workgroup (docs/features/specialization-constants.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from xdsl.dialects import gpu
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DictionaryAttr,
    FlatSymbolRefAttr,
    StringAttr,
    VectorType,
    i32,
)
from xdsl.ir import Operation

from coopmlir.dialects import coopmat
from coopmlir.dialects.spirv import structure as ss
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.specialization import SPEC_IDS, SPEC_MATRIX_ATTR, SPEC_WORKGROUP_ATTR

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering

WORKGROUP_SIZE = "workgroup_size"


def declare(
    constants: dict[str, ss.SpecConstantOp],
    name: str,
    default: int,
    spec_id: int | None,
) -> ss.SpecConstantOp:
    """The module's `spirv.SpecConstant @name`, declared on first use; a
    second declaration must agree with the first."""
    new = ss.SpecConstantOp(name, default, spec_id)
    old = constants.setdefault(name, new)
    if old is not new and old.properties != new.properties:
        raise LoweringError(
            f"spec constant '{name}' is declared twice with different ids or "
            "defaults in one module"
        )
    return old


def _spec_constant(k: KernelLowering, op: coopmat.SpecConstantOp) -> None:
    constant = declare(
        k.spec_constants, op.param.data, op.default_value, op.spec_id.value.data
    )
    k.result(op, k.b.hoisted(ss.ReferenceOfOp(constant)))


def spec_workgroup_size(func: gpu.FuncOp) -> tuple[int, int, int] | None:
    """The default workgroup size of a kernel whose size follows the values."""
    attr = func.attributes.get(SPEC_WORKGROUP_ATTR)
    if not isinstance(attr, DenseArrayBase):
        return None
    values = tuple(attr.get_values())
    if len(values) != 3 or any(not isinstance(v, int) or v < 1 for v in values):
        raise LoweringError(f"{SPEC_WORKGROUP_ATTR} must be 3 positive sizes")
    return values  # type: ignore[return-value]


def declare_workgroup_size(
    constants: dict[str, ss.SpecConstantOp], default: tuple[int, int, int]
) -> ss.SpecConstantCompositeOp:
    """The constants of the WorkgroupSize built-in and their composite."""
    names = [f"{WORKGROUP_SIZE}_{axis}" for axis in "xyz"]
    for name, value in zip(names, default, strict=True):
        declare(constants, name, value, SPEC_IDS.get(name))
    return ss.SpecConstantCompositeOp(WORKGROUP_SIZE, names, VectorType(i32, [3]))


def spec_matrix_sizes(func: gpu.FuncOp) -> tuple[str, str, str] | None:
    """The m, n, k constants a kernel's matrix types follow, or None."""
    attr = func.attributes.get(SPEC_MATRIX_ATTR)
    if attr is None:
        return None
    names = (
        tuple(a.data for a in attr.data if isinstance(a, StringAttr))
        if isinstance(attr, ArrayAttr)
        else ()
    )
    if len(names) != 3:
        raise LoweringError(f"{SPEC_MATRIX_ATTR} must name the m, n, k constants")
    return names  # type: ignore[return-value]


def matrix_sizes_attr(names: tuple[str, str, str]) -> DictionaryAttr:
    """The spirv.module's `coopmlir.spec_matrix_sizes`: per matrix use, the
    spec constants of its rows and columns (A: m x k, B: k x n,
    accumulator: m x n), which the serializer puts in
    OpTypeCooperativeMatrixKHR (MLIR's !spirv.coopmatrix has static sizes)."""
    m, n, k = (FlatSymbolRefAttr(name) for name in names)
    return DictionaryAttr(
        {
            "MatrixA": ArrayAttr([m, k]),
            "MatrixB": ArrayAttr([k, n]),
            "MatrixAcc": ArrayAttr([m, n]),
        }
    )


HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    coopmat.SpecConstantOp: _spec_constant,
}
