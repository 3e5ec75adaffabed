"""MLIR's SPIR-V target and ABI attributes, as its GPU-to-SPIR-V path writes
them, so a module made for MLIR's pipeline parses here unedited:

    module attributes {spirv.target_env = #spirv.target_env<
        #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]>,
        api=Vulkan, NVIDIA:DiscreteGPU:8, #spirv.resource_limits<subgroup_size = 32>>}
    %arg: memref<..> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}

coopmlir chooses its own target (a pass option, `coopmlir.targets`), so these
are kept and printed back, not acted on; the resource limits' entries are
any attributes, kept in the order written.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from coopmlir.dialects.spirv.attributes import StorageClassAttr, VerCapExtAttr

#: MLIR's discardable attribute on a module that holds its target.
TARGET_ENV_NAME = "spirv.target_env"


@irdl_attr_definition
class ResourceLimitsAttr(ParametrizedAttribute):
    """`#spirv.resource_limits<key = value, ...>` (entries kept as written)."""

    name = "spirv.resource_limits"

    keys: ArrayAttr[StringAttr]
    values: ArrayAttr[Attribute]

    @staticmethod
    def of(subgroup_size: int | None = None) -> ResourceLimitsAttr:
        """`<subgroup_size = S>`, or `<>` (MLIR's defaults) for None."""
        if subgroup_size is None:
            return ResourceLimitsAttr(ArrayAttr([]), ArrayAttr([]))
        return ResourceLimitsAttr(
            ArrayAttr([StringAttr("subgroup_size")]),
            ArrayAttr([IntAttr(subgroup_size)]),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        keys: list[StringAttr] = []
        values: list[Attribute] = []
        with parser.in_angle_brackets():
            key = parser.parse_optional_identifier()
            while key is not None:
                keys.append(StringAttr(key))
                parser.parse_punctuation("=")
                values.append(_parse_limit(parser))
                if not parser.parse_optional_punctuation(","):
                    break
                key = parser.parse_identifier(" (resource limit)")
        return (ArrayAttr(keys), ArrayAttr(values))

    def print_parameters(self, printer: Printer) -> None:
        entries = (
            f"{k.data} = {_limit_text(v)}"
            for k, v in zip(self.keys, self.values, strict=True)
        )
        printer.print_string(f"<{', '.join(entries)}>")


def _parse_limit(parser: AttrParser) -> Attribute:
    """A limit's value: MLIR writes integers and lists of them bare."""
    number = parser.parse_optional_integer(allow_boolean=False)
    if number is not None:
        return IntAttr(number)
    if parser.parse_optional_punctuation("[") is not None:
        items: list[Attribute] = []
        if parser.parse_optional_punctuation("]") is None:
            items.append(_parse_limit(parser))
            while parser.parse_optional_punctuation(","):
                items.append(_parse_limit(parser))
            parser.parse_punctuation("]")
        return ArrayAttr(items)
    return parser.parse_attribute()


def _limit_text(value: Attribute) -> str:
    if isinstance(value, IntAttr):
        return str(value.data)
    if isinstance(value, ArrayAttr):
        return "[" + ", ".join(_limit_text(v) for v in value) + "]"
    return str(value)


@irdl_attr_definition
class TargetEnvAttr(ParametrizedAttribute):
    """`#spirv.target_env<#spirv.vce<...>, api=Vulkan?, Vendor:DeviceType(:id)?,
    #spirv.resource_limits<...>>`."""

    name = "spirv.target_env"

    triple: VerCapExtAttr
    client_api: StringAttr | NoneAttr
    device: StringAttr | NoneAttr
    limits: ResourceLimitsAttr

    @staticmethod
    def of(triple: VerCapExtAttr, limits: ResourceLimitsAttr) -> TargetEnvAttr:
        """A target of a vce triple and limits, MLIR's defaults elsewhere."""
        return TargetEnvAttr(triple, NoneAttr(), NoneAttr(), limits)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            triple = parser.parse_attribute()
            if not isinstance(triple, VerCapExtAttr):
                parser.raise_error(f"expected #spirv.vce<...>, got {triple}")
            parser.parse_punctuation(",")
            api: Attribute = NoneAttr()
            device: Attribute = NoneAttr()
            if parser.parse_optional_keyword("api"):
                parser.parse_punctuation("=")
                api = StringAttr(parser.parse_identifier(" (client API)"))
                parser.parse_punctuation(",")
            vendor = parser.parse_optional_identifier()
            if vendor is not None:
                parts = [vendor]
                while parser.parse_optional_punctuation(":"):
                    number = parser.parse_optional_integer(allow_boolean=False)
                    parts.append(
                        str(number)
                        if number is not None
                        else parser.parse_identifier(" (device type)")
                    )
                device = StringAttr(":".join(parts))
                parser.parse_punctuation(",")
            limits = parser.parse_attribute()
            if not isinstance(limits, ResourceLimitsAttr):
                parser.raise_error(
                    f"expected #spirv.resource_limits<...>, got {limits}"
                )
        return (triple, api, device, limits)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.triple)
            if isinstance(self.client_api, StringAttr):
                printer.print_string(f", api={self.client_api.data}")
            if isinstance(self.device, StringAttr):
                printer.print_string(f", {self.device.data}")
            printer.print_string(", ")
            printer.print_attribute(self.limits)


@irdl_attr_definition
class InterfaceVarABIAttr(ParametrizedAttribute):
    """`#spirv.interface_var_abi<(set, binding)>` or `<(set, binding), Class>`:
    where a kernel argument is bound."""

    name = "spirv.interface_var_abi"

    descriptor_set: IntAttr
    binding: IntAttr
    storage_class: StorageClassAttr | NoneAttr

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            parser.parse_punctuation("(")
            descriptor_set = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
            binding = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(")")
            storage: Attribute = NoneAttr()
            if parser.parse_optional_punctuation(","):
                storage = StorageClassAttr(StorageClassAttr.parse_enumerant(parser))
        return (IntAttr(descriptor_set), IntAttr(binding), storage)

    def print_parameters(self, printer: Printer) -> None:
        where = f"({self.descriptor_set.data}, {self.binding.data})"
        if isinstance(self.storage_class, StorageClassAttr):
            where += f", {self.storage_class.value.data}"
        printer.print_string(f"<{where}>")


TARGET_ENV_ATTRS = (ResourceLimitsAttr, TargetEnvAttr, InterfaceVarABIAttr)
