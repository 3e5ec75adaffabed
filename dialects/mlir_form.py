"""coopmlir's own dialects (coopmat, coopmlir) as MLIR reads them.

MLIR loads them from IRDL (`mlir-opt-22 --irdl-file=dialects/coopmlir.irdl.mlir`,
the file `coopmlir.dialects.irdl_export` writes). A dialect defined in IRDL
has no custom assembly and its ops no properties, so MLIR reads its ops in
the generic form with inherent attributes in the attribute dictionary, and
its types and attributes as `!dialect.name<p0, p1, ...>`, one attribute per
parameter:

    !coopmat.matrix<16x16xf16, a>
        !coopmat.matrix<16 : i64, 16 : i64, f16, "a", "subgroup", none>
    #coopmat.layout<tinytc, subgroup = 32>
        #coopmat.layout<"tinytc", 32 : i64>
    coopmat.load %m[%i, %j] row_major : ...
        "coopmat.load"(%m, %i, %j) {layout = "row_major",
                                    operandSegmentSizes = array<i32: 1, 2, 0>} : ...

A variadic operand or result group whose elements may have several types
(captures, the inputs of the fused ops) is written as `TYPE_RUNS` groups,
one per run of equal types, with `operandSegmentSizes` (`resultSegmentSizes`)
saying where each starts: MLIR
22's IRDL binds one constraint variable to every element of a group, so a
group of an `f32` and an `index` would fail its verifier, while each run
verifies on its own (`split_groups`, `mlir_segments`).

A parameter is spelled as MLIR prints it back: an `IntAttr` as an i64
integer, an enum as its value's string, no layout as `none`, anything else
as itself. `MlirFormPrinter` writes this form (`coopmlir-opt
--mlir-compatible`), every other op in its usual form (MLIR's spelling);
coopmlir reads it back: the types' and attributes' parsers accept it
(`parse_mlir_parameters`) and `install_mlir_form` converts the inherent
attributes of a generic op (xDSL's generic parser takes them as properties).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntAttr,
    IntegerAttr,
    NoneAttr,
    NoneType,
    StringAttr,
    i32,
    i64,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import (
    Attribute,
    Block,
    Dialect,
    Operation,
    ParametrizedAttribute,
    TypeAttribute,
)
from xdsl.irdl import (
    AnyAttr,
    AnyOf,
    AttrConstraint,
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    IRDLOperation,
    OptionalDef,
    RangeOf,
    VariadicDef,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import ParseError

#: The dialects coopmlir defines itself (the others are MLIR's own).
OWN_DIALECTS = ("coopmat", "coopmlir")


def is_own(name: str) -> bool:
    """Whether the op, type or attribute named `name` is coopmlir's own."""
    return name.split(".", 1)[0] in OWN_DIALECTS


def mlir_parameter(value: Attribute) -> Attribute:
    """A parameter of an own type or attribute as MLIR spells it."""
    if isinstance(value, IntAttr):
        return IntegerAttr(value.data, i64)
    if isinstance(value, EnumAttribute):
        return StringAttr(value.data.value)
    return value


def from_mlir(constraint: AttrConstraint, value: Attribute) -> Attribute:
    """`value`, in MLIR's spelling, as the attribute `constraint` takes; as
    it is when it is not a spelling of one (the verifier then says why)."""
    bases = constraint.get_bases() or set()
    if isinstance(value, IntegerAttr) and IntAttr in bases:
        return IntAttr(value.value.data)
    if isinstance(value, NoneType) and NoneAttr in bases:
        return NoneAttr()  # `none` reads as the type in attribute position
    if isinstance(value, StringAttr):
        for base in bases:
            if issubclass(base, EnumAttribute) and value.data in set(base.enum_type):
                return base(base.enum_type(value.data))
    return value


def parse_mlir_parameters(
    cls: type[ParametrizedAttribute], parser: AttrParser
) -> list[Attribute] | None:
    """`<p0, p1, ...>` in MLIR's spelling, as `cls`'s parameters; None (and
    nothing read) where the parameters are written some other way."""
    start = parser.pos
    try:
        parser.parse_punctuation("<")
        values = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_attribute
        )
        parser.parse_punctuation(">")
    except ParseError:
        parser._resume_from(start)  # xDSL's own backtracking
        return None
    params = cls.get_irdl_definition().parameters
    if len(values) != len(params):
        parser.raise_error(
            f"{cls.name} has {len(params)} parameters, got {len(values)}",
            start,
            parser.pos,
        )
    return [from_mlir(p.constr, v) for (_, p), v in zip(params, values, strict=True)]


#: How many groups a variadic group of several types becomes in MLIR's form
#: (module doc): the most runs of equal types it can hold.
TYPE_RUNS = 8
#: The sizes property of each kind of group (operands, results).
SEGMENTS = {"operands": "operandSegmentSizes", "results": "resultSegmentSizes"}


def split_groups(cls: type[IRDLOperation], kind: str = "operands") -> tuple[str, ...]:
    """The variadic operand (`kind` "results": result) groups of `cls` whose
    elements may differ in type (any type), which MLIR's form writes as
    `TYPE_RUNS` groups."""
    if cls.has_trait(IsTerminator):  # printed as MLIR_TERMINATOR
        return ()
    return tuple(
        name
        for name, definition in getattr(cls.get_irdl_definition(), kind)
        if isinstance(definition, VariadicDef)
        and not isinstance(definition, OptionalDef)
        and isinstance(definition.constr, RangeOf)
        and isinstance(definition.constr.constr, AnyAttr | AnyOf)
    )


def _has_segments(cls: type[IRDLOperation], kind: str) -> bool:
    options = cls.get_irdl_definition().options
    own = AttrSizedOperandSegments if kind == "operands" else AttrSizedResultSegments
    return any(isinstance(o, own) for o in options)


def _runs(op: Operation, name: str, values) -> list[int]:
    runs: list[int] = []
    previous = None
    for value in values:
        if runs and value.type == previous:
            runs[-1] += 1
        else:
            runs.append(1)
        previous = value.type
    if len(runs) > TYPE_RUNS:
        raise ValueError(
            f"'{op.name}': its {name} are {len(runs)} runs of equal types; "
            f"MLIR's form of coopmlir's ops holds at most {TYPE_RUNS}"
        )
    return runs + [0] * (TYPE_RUNS - len(runs))


def mlir_segments(op: IRDLOperation) -> dict[str, list[int]]:
    """The segment sizes properties of `op` in MLIR's form (module doc), for
    each kind of group it has to split; ValueError (naming the op) for a
    group of more than `TYPE_RUNS` runs of equal types."""
    segments = {}
    for kind, prop in SEGMENTS.items():
        groups = split_groups(type(op), kind)
        if not groups:
            continue
        sizes: list[int] = []
        for name, _ in getattr(type(op).get_irdl_definition(), kind):
            values = getattr(op, name)
            if name in groups:
                sizes += _runs(op, name, values)
            else:
                sizes.append(len(values) if isinstance(values, tuple | list) else 1)
        segments[prop] = sizes
    return segments


def _merged_segments(
    cls: type[IRDLOperation],
    properties: dict[str, Attribute],
    attributes: dict[str, Attribute],
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """`properties` and `attributes` with MLIR's split segment sizes (module
    doc; a property, or an attribute where `cls` declares none) summed back
    into `cls`'s own groups, or dropped where `cls` has no segments; as they
    are when they are not in that form."""
    for kind, prop in SEGMENTS.items():
        groups = split_groups(cls, kind)
        sizes = properties.get(prop, attributes.get(prop))
        if not groups or not isinstance(sizes, DenseArrayBase):
            continue
        values = sizes.get_values()
        names = [name for name, _ in getattr(cls.get_irdl_definition(), kind)]
        if len(values) != len(names) + (TYPE_RUNS - 1) * len(groups):
            continue
        merged, at = [], 0
        for name in names:
            width = TYPE_RUNS if name in groups else 1
            merged.append(sum(values[at : at + width]))
            at += width
        properties = {k: v for k, v in properties.items() if k != prop}
        attributes = {k: v for k, v in attributes.items() if k != prop}
        if _has_segments(cls, kind):
            properties[prop] = DenseArrayBase.from_list(i32, merged)
    return properties, attributes


#: What MLIR form ends an own op's region with: MLIR 22's IRDL cannot make
#: an op a terminator, and gpu.yield is MLIR's terminator of any region.
MLIR_TERMINATOR = "gpu.yield"


def _from_mlir_form(
    cls: type[IRDLOperation], terminator: type[IRDLOperation] | None
) -> classmethod:
    """`cls.create`, whose properties may be in MLIR's spelling (enums as
    strings) and whose blocks may end with MLIR_TERMINATOR."""
    create = cls.create.__func__  # type: ignore[attr-defined]
    declared = cls.get_irdl_definition().properties

    def create_from_mlir(
        klass, *, properties=None, attributes=None, regions=(), **kwargs
    ):
        properties, attributes = _merged_segments(
            cls, properties or {}, attributes or {}
        )
        properties = {
            name: from_mlir(declared[name].constr, value) if name in declared else value
            for name, value in (properties or {}).items()
        }
        if terminator is not None:
            for region in regions:
                for block in region.blocks:
                    _own_terminator(block, terminator)
        return create(
            klass,
            properties=properties,
            attributes=attributes,
            regions=regions,
            **kwargs,
        )

    return classmethod(create_from_mlir)


def _own_terminator(block: Block, terminator: type[IRDLOperation]) -> None:
    last = block.last_op
    if last is None or last.name != MLIR_TERMINATOR:
        return
    block.insert_op_before(terminator.create(operands=list(last.operands)), last)
    block.erase_op(last)


_INSTALLED: set[type[IRDLOperation]] = set()


def install_mlir_form(dialect: Dialect) -> None:
    """Let the generic parser read the ops of `dialect` as MLIR writes them
    (module doc; xDSL's generic parser already takes inherent attributes as
    properties). Idempotent."""
    terminator = next(
        (op for op in dialect.operations if op.has_trait(IsTerminator)), None
    )
    for op in dialect.operations:
        if issubclass(op, IRDLOperation) and op not in _INSTALLED:
            has_regions = bool(op.get_irdl_definition().regions)
            op.create = _from_mlir_form(op, terminator if has_regions else None)
            _INSTALLED.add(op)


@dataclass(eq=False, repr=False)
class MlirFormPrinter(Printer):
    """Prints coopmlir's own ops, types and attributes in MLIR's form for
    IRDL dialects (module doc), the other ops as `Printer` does: in their
    custom form, or generic with `generic_elsewhere`."""

    generic_elsewhere: bool = False

    def print_op(self, op: Operation) -> None:
        if is_own(op.name) and op.has_trait(IsTerminator):
            self._print_terminator(op)
            return
        outer = (self.print_generic_format, self.print_properties_as_attributes)
        own = is_own(op.name)
        self.print_generic_format = own or self.generic_elsewhere
        self.print_properties_as_attributes = own
        segments = mlir_segments(op) if own and isinstance(op, IRDLOperation) else {}
        saved = {prop: op.properties.get(prop) for prop in segments}
        for prop, sizes in segments.items():  # MLIR's split groups, this print only
            op.properties[prop] = DenseArrayBase.from_list(i32, sizes)
        try:
            super().print_op(op)
        finally:
            self.print_generic_format, self.print_properties_as_attributes = outer
            for prop, value in saved.items():
                if value is None:
                    del op.properties[prop]
                else:
                    op.properties[prop] = value

    def _print_terminator(self, op: Operation) -> None:
        """An own terminator as MLIR_TERMINATOR, in the form of the ops
        around it."""
        if self.generic_elsewhere:
            self.print_string(f'"{MLIR_TERMINATOR}"(')
            self.print_list(op.operands, self.print_ssa_value)
            self.print_string(") : (")
            self.print_list(op.operand_types, self.print_attribute)
            self.print_string(") -> ()")
            return
        self.print_string(MLIR_TERMINATOR)
        if op.operands:
            self.print_string(" ")
            self.print_list(op.operands, self.print_ssa_value)
            self.print_string(" : ")
            self.print_list(op.operand_types, self.print_attribute)

    def print_attribute(self, attribute: Attribute) -> None:
        if not is_own(attribute.name):
            super().print_attribute(attribute)
        elif isinstance(attribute, ParametrizedAttribute):
            self.print_string("!" if isinstance(attribute, TypeAttribute) else "#")
            self.print_string(f"{attribute.name}<")
            self.print_list(attribute.parameters, self._print_parameter)
            self.print_string(">")
        else:
            super().print_attribute(mlir_parameter(attribute))

    def _print_parameter(self, value: Attribute) -> None:
        self.print_attribute(mlir_parameter(value))
