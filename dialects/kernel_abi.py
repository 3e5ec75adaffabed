"""The subgroup size a kernel runs with, wherever the IR keeps it.

An L1 kernel names its subgroup layout, `coopmat.layout = #coopmat.layout<
tinytc, subgroup = S>` (on itself or an enclosing op), and S comes with it.
Once coopmat-to-simt has applied the layout only S matters, and an L2 kernel
carries it the way MLIR's SPIR-V conversions read it and mlir-opt verifies
it: `spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = S>`.
`subgroup_size_of` answers from either; passes and the interpreter ask it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.coopmat import find_layout

# The spirv dialect is imported where an ABI attribute is read or made: the
# interpreter asks every kernel, and most carry none (importing it is slow).
if TYPE_CHECKING:
    from coopmlir.dialects.spirv.attributes import EntryPointABIAttr

#: MLIR's discardable attribute for a kernel's launch ABI (SPIR-V dialect).
ENTRY_POINT_ABI_NAME = "spirv.entry_point_abi"


def entry_point_abi(op: Operation) -> EntryPointABIAttr | None:
    """`op`'s own `spirv.entry_point_abi`, or None."""
    abi = op.attributes.get(ENTRY_POINT_ABI_NAME)
    if abi is None:
        return None
    from coopmlir.dialects.spirv.attributes import EntryPointABIAttr

    if not isinstance(abi, EntryPointABIAttr):
        raise VerifyException(
            f"'{ENTRY_POINT_ABI_NAME}' must be a #spirv.entry_point_abi, got {abi}"
        )
    return abi


def subgroup_size_of(op: Operation) -> int | None:
    """The subgroup size of kernel (or function) `op`: its
    `spirv.entry_point_abi`'s, else its layout's (`find_layout`), else None.
    Raises VerifyException when the two disagree."""
    abi = entry_point_abi(op)
    from_abi = None if abi is None else abi.subgroup_size_value
    layout = find_layout(op)
    from_layout = None if layout is None else layout.subgroup_size.data
    if None not in (from_abi, from_layout) and from_abi != from_layout:
        raise VerifyException(
            f"subgroup size {from_abi} of {ENTRY_POINT_ABI_NAME} disagrees with "
            f"{layout}"
        )
    return from_layout if from_abi is None else from_abi


def set_subgroup_size(op: Operation, size: int) -> None:
    """Record `size` in `op`'s `spirv.entry_point_abi` (other entries kept)."""
    from coopmlir.dialects.spirv.attributes import EntryPointABIAttr

    abi = entry_point_abi(op) or EntryPointABIAttr()
    op.attributes[ENTRY_POINT_ABI_NAME] = abi.with_subgroup_size(size)
