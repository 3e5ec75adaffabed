"""MLIR's SPIR-V target environment, as far as coopmlir writes it:
`#spirv.target_env<#spirv.vce<...>, #spirv.resource_limits<subgroup_size = S>>`.

MLIR's `convert-gpu-to-spirv` reads it from the module's `spirv.target_env`
attribute: the vce triple says what the device offers (ops needing more are
not converted), and the subgroup size is the only `gpu.shuffle` width it
lowers. MLIR's other entries (client API, vendor, the other resource limits)
keep their defaults when left out, so coopmlir writes none of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr, NoneAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from coopmlir.dialects.spirv.attributes import VerCapExtAttr

#: MLIR's discardable attribute on the module that holds the target.
TARGET_ENV_NAME = "spirv.target_env"


@irdl_attr_definition
class ResourceLimitsAttr(ParametrizedAttribute):
    """`#spirv.resource_limits<>` or `#spirv.resource_limits<subgroup_size = S>`."""

    name = "spirv.resource_limits"

    subgroup_size: IntAttr | NoneAttr

    def __init__(self, subgroup_size: int | None = None):
        super().__init__(
            NoneAttr() if subgroup_size is None else IntAttr(subgroup_size)
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            key = parser.parse_optional_identifier()
            if key is None:
                return (NoneAttr(),)
            if key != "subgroup_size":
                parser.raise_error(
                    f"resource limit '{key}' is not read by coopmlir "
                    "(only subgroup_size)",
                    pos,
                    parser.pos,
                )
            parser.parse_punctuation("=")
            size = parser.parse_integer(allow_boolean=False)
        return (IntAttr(size),)

    def print_parameters(self, printer: Printer) -> None:
        size = self.subgroup_size
        printer.print_string(
            f"<subgroup_size = {size.data}>" if isinstance(size, IntAttr) else "<>"
        )


@irdl_attr_definition
class TargetEnvAttr(ParametrizedAttribute):
    """`#spirv.target_env<#spirv.vce<...>, #spirv.resource_limits<...>>`."""

    name = "spirv.target_env"

    vce: VerCapExtAttr
    limits: ResourceLimitsAttr

    def __init__(self, vce: VerCapExtAttr, limits: ResourceLimitsAttr):
        super().__init__(vce, limits)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            vce = parser.parse_attribute()
            parser.parse_punctuation(",")
            limits = parser.parse_attribute()
            if not isinstance(vce, VerCapExtAttr) or not isinstance(
                limits, ResourceLimitsAttr
            ):
                parser.raise_error(
                    "expected #spirv.vce<...>, #spirv.resource_limits<...> "
                    "(coopmlir reads no other target_env entries)",
                    pos,
                    parser.pos,
                )
        return (vce, limits)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.vce)
        printer.print_string(", ")
        printer.print_attribute(self.limits)
        printer.print_string(">")
