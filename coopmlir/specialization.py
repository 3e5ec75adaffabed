"""Specialization constants: the kernel parameters that one SPIR-V binary
leaves open, set when a pipeline is created (`VkSpecializationInfo`), by
the interpreter (`--spec NAME=VALUE`) and by the tuner.

Each parameter has one SpecId, fixed here for every module coopmlir writes,
so a host program (or another tool) can set them without reading the
module. docs/features/specialization-constants.md says which parameters
can vary and why the others cannot. Pure Python: nothing here imports IR.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

#: name -> SpecId. `workgroup_size_x`, `_y`, `_z` are the WorkgroupSize
#: built-in: the runtime sets x from the launch (the host code computes it
#: from the other values), never the user; y and z stay 1.
SPEC_IDS = {
    "workgroup_size_x": 0,
    "workgroup_size_y": 1,
    "workgroup_size_z": 2,
    "subgroups_m": 3,
    "subgroups_n": 4,
    "coopmat_m": 5,
    "coopmat_n": 6,
    "coopmat_k": 7,
}

#: The m, n, k constants: the rows and columns of a kernel's cooperative
#: matrices (A: m x k, B: k x n, accumulator: m x n).
MATRIX_PARAMETERS = ("coopmat_m", "coopmat_n", "coopmat_k")

#: The kernel attribute that replaces `known_block_size` where the
#: workgroup size follows the values: the size the defaults give
#: (`array<i32: X, 1, 1>`); the x extent is `workgroup_size_x`.
SPEC_WORKGROUP_ATTR = "coopmlir.spec_workgroup_size"

#: The kernel attribute naming the m, n, k constants that its matrix types'
#: sizes follow (`MATRIX_PARAMETERS`); the types spell the defaults.
SPEC_MATRIX_ATTR = "coopmlir.spec_matrix_sizes"

#: What a user (or the tuner) may set.
USER_PARAMETERS = ("subgroups_m", "subgroups_n", *MATRIX_PARAMETERS)


class SpecializationError(ValueError):
    """A value set that the module cannot take (the message says why)."""


def parse_values(items: Iterable[str]) -> dict[str, int]:
    """`["subgroups_m=2", "subgroups_n=1"]` (or one item with several
    comma- or space-separated pairs) -> {"subgroups_m": 2, "subgroups_n": 1}."""
    values: dict[str, int] = {}
    for item in items:
        for pair in item.replace(",", " ").split():
            name, _, text = pair.partition("=")
            if name not in USER_PARAMETERS:
                known = ", ".join(USER_PARAMETERS)
                raise SpecializationError(
                    f"'{pair}': no specialization constant '{name}' ({known})"
                )
            try:
                value = int(text)
            except ValueError:
                raise SpecializationError(
                    f"'{pair}': {name} must be a positive integer"
                ) from None
            if value < 1:
                raise SpecializationError(
                    f"'{pair}': {name} must be a positive integer"
                )
            values[name] = value
    return values


def format_values(values: Mapping[str, int]) -> str:
    """The inverse of `parse_values`: `"subgroups_m=2 subgroups_n=1"`."""
    return " ".join(f"{name}={values[name]}" for name in sorted(values))


def check_known(values: Mapping[str, int], present: Iterable[str]) -> None:
    """Refuse a value for a constant that the module does not have."""
    unused = sorted(set(values) - set(present))
    if unused:
        have = ", ".join(sorted(present)) or "none"
        raise SpecializationError(
            f"the module has no specialization constant {', '.join(unused)} "
            f"(it has: {have})"
        )
