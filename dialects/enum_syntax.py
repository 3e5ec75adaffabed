"""`#dialect.name<value>`: the spelling MLIR gives its enum attributes."""

from __future__ import annotations


class InAngleBrackets:
    """Mixin for an `EnumAttribute` (list it first among the bases) that
    parses and prints its value inside `<...>`, as MLIR spells
    `#linalg.type_fn<cast_unsigned>` or `#gpu.address_space<workgroup>`."""

    @classmethod
    def parse_parameter(cls, parser):
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)  # type: ignore[misc]

    def print_parameter(self, printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)  # type: ignore[misc]
