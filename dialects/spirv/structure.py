"""Module-level spirv ops: the module, functions, global variables, entry
points and execution modes, calls and returns."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    I32,
    ArrayAttr,
    DictionaryAttr,
    FlatSymbolRefAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    NoTerminator,
    OptionalSymbolOpInterface,
    SymbolOpInterface,
    SymbolTable,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import (
    AddressingModelAttr,
    ExecutionModeAttr,
    ExecutionModelAttr,
    FunctionControlAttr,
    MemoryModelAttr,
    VerCapExtAttr,
)
from coopmlir.dialects.spirv.types import PointerType, is_spirv_type


def _parse_bare_enum(parser: Parser, cls):
    """An enumerant written bare (`Logical`) or quoted (`"GLCompute"`)."""
    pos = parser.pos
    text = parser.parse_optional_str_literal()
    if text is None:
        return cls(cls.parse_enumerant(parser))
    attr = cls(text)
    try:
        attr.verify()
    except VerifyException as err:
        parser.raise_error(str(err), pos, parser.pos)
    return attr


@irdl_op_definition
class ModuleOp(IRDLOperation):
    """`spirv.module @name? Logical Vulkan requires #spirv.vce<...> { ... }`:
    one SPIR-V module; its ops are the module-level declarations."""

    name = "spirv.module"

    sym_name = opt_prop_def(SymbolNameConstraint())
    addressing_model = prop_def(AddressingModelAttr)
    memory_model = prop_def(MemoryModelAttr)
    vce_triple = opt_prop_def(VerCapExtAttr)
    body = region_def("single_block")

    traits = traits_def(
        IsolatedFromAbove(), NoTerminator(), SymbolTable(), OptionalSymbolOpInterface()
    )

    def __init__(
        self,
        ops: Sequence[Operation] = (),
        vce: VerCapExtAttr | None = None,
        addressing_model: str = "Logical",
        memory_model: str = "Vulkan",
        sym_name: str | None = None,
    ):
        props: dict[str, Attribute | None] = {
            "addressing_model": AddressingModelAttr(addressing_model),
            "memory_model": MemoryModelAttr(memory_model),
            "vce_triple": vce,
            "sym_name": None if sym_name is None else StringAttr(sym_name),
        }
        super().__init__(properties=props, regions=[Region(Block(ops))])

    @classmethod
    def parse(cls, parser: Parser) -> ModuleOp:
        sym_name = parser.parse_optional_symbol_name()
        addressing = _parse_bare_enum(parser, AddressingModelAttr)
        memory = _parse_bare_enum(parser, MemoryModelAttr)
        vce = None
        if parser.parse_optional_keyword("requires"):
            pos = parser.pos
            vce = parser.parse_attribute()
            if not isinstance(vce, VerCapExtAttr):
                parser.raise_error("expected #spirv.vce<...>", pos, parser.pos)
        attrs = parser.parse_optional_attr_dict_with_keyword()
        region = parser.parse_region()
        if not region.blocks:
            region.add_block(Block())
        op = cls.create(
            properties={
                "addressing_model": addressing,
                "memory_model": memory,
                **({"vce_triple": vce} if vce else {}),
                **({"sym_name": sym_name} if sym_name else {}),
            },
            attributes=attrs.data if attrs else {},
            regions=[region],
        )
        return op

    def print(self, printer: Printer) -> None:
        if self.sym_name is not None:
            printer.print_string(" ")
            printer.print_symbol_name(self.sym_name.data)
        printer.print_string(
            f" {self.addressing_model.value.data} {self.memory_model.value.data}"
        )
        if self.vce_triple is not None:
            printer.print_string(" requires ")
            printer.print_attribute(self.vce_triple)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_empty_block=False)


@irdl_op_definition
class FuncOp(IRDLOperation):
    """`spirv.func @name(%a: i32) -> f32 "None" { ... }`."""

    name = "spirv.func"

    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    function_control = prop_def(FunctionControlAttr)
    # MLIR's per-argument attributes (`{spirv.interface_var_abi = ...}`).
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    body = region_def()

    # MLIR's own tests write spirv.func at the top level too, so no HasParent.
    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface())

    def __init__(
        self,
        name: str,
        inputs: Sequence[Attribute],
        outputs: Sequence[Attribute] = (),
        body: Region | None = None,
        control: str = "None",
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "function_type": FunctionType.from_lists(inputs, outputs),
                "function_control": FunctionControlAttr(control),
            },
            regions=[body or Region(Block(arg_types=inputs))],
        )

    def verify_(self) -> None:
        ftype = self.function_type
        if len(ftype.outputs) > 1:
            raise VerifyException("a spirv.func returns at most one value")
        for t in (*ftype.inputs, *ftype.outputs):
            if not is_spirv_type(t):
                raise VerifyException(f"function type {ftype} has a non-SPIR-V type")
        if not self.body.blocks:
            raise VerifyException("a spirv.func needs a body")
        if self.body.blocks[0].arg_types != ftype.inputs.data:
            raise VerifyException(
                f"entry block arguments {list(map(str, self.body.blocks[0].arg_types))}"
                f" do not match the function type {ftype}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        name = parser.parse_symbol_name()
        arg_attrs: list[DictionaryAttr] = []

        def argument():
            arg = parser.parse_argument(expect_type=True)
            attrs = parser.parse_optional_attr_dict()
            arg_attrs.append(DictionaryAttr(attrs))
            return arg

        args = parser.parse_comma_separated_list(parser.Delimiter.PAREN, argument)
        outputs: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            outputs = [parser.parse_type()]
        control = _parse_bare_enum(parser, FunctionControlAttr)
        attrs = parser.parse_optional_attr_dict_with_keyword()
        inputs = [a.type for a in args]
        body = parser.parse_region(args)
        properties = {
            "sym_name": name,
            "function_type": FunctionType.from_lists(inputs, outputs),
            "function_control": control,
        }
        if any(d.data for d in arg_attrs):
            properties["arg_attrs"] = ArrayAttr(arg_attrs)
        return cls.create(
            properties=properties,
            attributes=attrs.data if attrs else {},
            regions=[body],
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string("(")
        arg_attrs = list(self.arg_attrs or [])

        def argument(i_arg) -> None:
            i, arg = i_arg
            printer.print_block_argument(arg)
            if i < len(arg_attrs) and arg_attrs[i].data:
                printer.print_string(" ")
                printer.print_attr_dict(arg_attrs[i].data)

        printer.print_list(enumerate(self.body.blocks[0].args), argument)
        printer.print_string(")")
        if self.function_type.outputs.data:
            printer.print_string(" -> ")
            printer.print_attribute(self.function_type.outputs.data[0])
        printer.print_string(" ")
        printer.print_string_literal(self.function_control.value.data)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


def _i32(value: int) -> IntegerAttr:
    return IntegerAttr(value, IntegerType(32))


@irdl_op_definition
class GlobalVariableOp(IRDLOperation):
    """`spirv.GlobalVariable @name bind(set, binding) : !spirv.ptr<T, SC>` or
    `... built_in("LocalInvocationId") : ...`: a module-scope variable."""

    name = "spirv.GlobalVariable"

    sym_name = prop_def(SymbolNameConstraint())
    type = prop_def(PointerType)
    initializer = opt_prop_def(FlatSymbolRefAttr)
    descriptor_set = opt_prop_def(IntegerAttr[I32])
    binding = opt_prop_def(IntegerAttr[I32])
    built_in = opt_prop_def(StringAttr)

    traits = traits_def(HasParent(ModuleOp), SymbolOpInterface())
    assembly_format = (
        "$sym_name (`initializer` `(` $initializer^ `)`)?"
        " (`bind` `(` $descriptor_set^ `,` $binding `)`)?"
        " (`built_in` `(` $built_in^ `)`)? attr-dict `:` qualified($type)"
    )

    def __init__(
        self,
        name: str,
        type: PointerType,
        *,
        bind: tuple[int, int] | None = None,
        built_in: str | None = None,
    ):
        props: dict[str, Attribute | None] = {
            "sym_name": StringAttr(name),
            "type": type,
            "built_in": None if built_in is None else StringAttr(built_in),
        }
        if bind is not None:
            props["descriptor_set"], props["binding"] = map(_i32, bind)
        super().__init__(properties=props)

    def verify_(self) -> None:
        if (self.descriptor_set is None) != (self.binding is None):
            raise VerifyException("bind(set, binding) needs both numbers")
        if self.type.storage == "Function":
            raise VerifyException("a global variable cannot be in Function storage")
        if self.built_in is not None:
            from coopmlir.dialects.spirv.attributes import check_enumerant

            check_enumerant("BuiltIn", self.built_in.data)


def _lookup(op: Operation, symbol: SymbolRefAttr, kind: type[Operation], what: str):
    found = SymbolTable.lookup_symbol(op, symbol)
    if not isinstance(found, kind):
        raise VerifyException(f"'{symbol.string_value()}' does not name a {what}")
    return found


def lookup_function(op: Operation, symbol: SymbolRefAttr) -> FuncOp:
    """The spirv.func that `symbol` names from `op`, else VerifyException."""
    return _lookup(op, symbol, FuncOp, "spirv.func")


@irdl_op_definition
class AddressOfOp(IRDLOperation):
    """`spirv.mlir.addressof @var : !spirv.ptr<...>`: the pointer of a global
    variable (no instruction of its own: uses are the variable's id)."""

    name = "spirv.mlir.addressof"

    variable = prop_def(FlatSymbolRefAttr)
    pointer = result_def(PointerType)

    assembly_format = "$variable attr-dict `:` type($pointer)"

    def __init__(self, variable: GlobalVariableOp):
        super().__init__(
            properties={"variable": FlatSymbolRefAttr(variable.sym_name)},
            result_types=[variable.type],
        )

    def verify_(self) -> None:
        var = _lookup(self, self.variable, GlobalVariableOp, "spirv.GlobalVariable")
        if var.type != self.pointer.type:
            raise VerifyException(
                f"result type {self.pointer.type} differs from the variable's "
                f"{var.type}"
            )


@irdl_op_definition
class SpecConstantOp(IRDLOperation):
    """`spirv.SpecConstant @name spec_id(0) = 64 : i32`: a scalar constant
    whose value the pipeline may replace (OpSpecConstant, SpecId); MLIR's
    spelling."""

    name = "spirv.SpecConstant"

    sym_name = prop_def(SymbolNameConstraint())
    default_value = prop_def(IntegerAttr)
    spec_id = opt_prop_def(IntegerAttr[I32])

    traits = traits_def(HasParent(ModuleOp), SymbolOpInterface())
    assembly_format = (
        "$sym_name (`spec_id` `(` $spec_id^ `)`)? `=` $default_value attr-dict"
    )

    def __init__(self, name: str, value: int, spec_id: int | None = None):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "default_value": _i32(value),
                "spec_id": None if spec_id is None else _i32(spec_id),
            }
        )


@irdl_op_definition
class SpecConstantCompositeOp(IRDLOperation):
    """`spirv.SpecConstantComposite @name (@x, @y, @z) : vector<3xi32>`: a
    composite of specialization constants (OpSpecConstantComposite); the
    workgroup size when the spirv.module's `coopmlir.builtin_workgroup_size`
    names it (MLIR's syntax has no decoration here)."""

    name = "spirv.SpecConstantComposite"

    sym_name = prop_def(SymbolNameConstraint())
    type = prop_def(Attribute)
    constituents = prop_def(ArrayAttr[FlatSymbolRefAttr])

    traits = traits_def(HasParent(ModuleOp), SymbolOpInterface())

    def __init__(self, name: str, parts: Sequence[str], type: Attribute):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "type": type,
                "constituents": ArrayAttr(FlatSymbolRefAttr(p) for p in parts),
            }
        )

    @classmethod
    def parse(cls, parser: Parser) -> SpecConstantCompositeOp:
        name = parser.parse_symbol_name().data
        parts = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, lambda: parser.parse_symbol_name().data
        )
        parser.parse_punctuation(":")
        return cls(name, parts, parser.parse_type())

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" (")
        printer.print_list(
            self.constituents, lambda p: printer.print_symbol_name(p.string_value())
        )
        printer.print_string(") : ")
        printer.print_attribute(self.type)


@irdl_op_definition
class ReferenceOfOp(IRDLOperation):
    """`%v = spirv.mlir.referenceof @name : i32`: the value of a
    specialization constant (no instruction of its own)."""

    name = "spirv.mlir.referenceof"

    spec_const = prop_def(FlatSymbolRefAttr)
    reference = result_def()

    assembly_format = "$spec_const attr-dict `:` type($reference)"

    def __init__(self, constant: SpecConstantOp):
        super().__init__(
            properties={"spec_const": FlatSymbolRefAttr(constant.sym_name)},
            result_types=[constant.default_value.type],
        )

    def verify_(self) -> None:
        kinds = SpecConstantOp | SpecConstantCompositeOp
        found = _lookup(self, self.spec_const, kinds, "spec constant")
        if isinstance(found, SpecConstantOp) and (
            found.default_value.type != self.reference.type
        ):
            raise VerifyException(
                f"result type {self.reference.type} differs from the constant's "
                f"{found.default_value.type}"
            )


@irdl_op_definition
class EntryPointOp(IRDLOperation):
    """`spirv.EntryPoint "GLCompute" @main, @var, ...`: a shader entry point
    and the global variables it uses (its interface)."""

    name = "spirv.EntryPoint"

    execution_model = prop_def(ExecutionModelAttr)
    fn = prop_def(FlatSymbolRefAttr)
    interface = prop_def(ArrayAttr[FlatSymbolRefAttr])

    traits = traits_def(HasParent(ModuleOp))

    def __init__(self, model: str, fn: str, interface: Sequence[str] = ()):
        super().__init__(
            properties={
                "execution_model": ExecutionModelAttr(model),
                "fn": FlatSymbolRefAttr(fn),
                "interface": ArrayAttr(FlatSymbolRefAttr(v) for v in interface),
            }
        )

    def verify_(self) -> None:
        _lookup(self, self.fn, FuncOp, "spirv.func")
        for var in self.interface:
            _lookup(self, var, GlobalVariableOp, "spirv.GlobalVariable")

    @classmethod
    def parse(cls, parser: Parser) -> EntryPointOp:
        model = _parse_bare_enum(parser, ExecutionModelAttr)
        fn = parser.parse_symbol_name()
        interface: list[FlatSymbolRefAttr] = []
        while parser.parse_optional_punctuation(","):
            interface.append(FlatSymbolRefAttr(parser.parse_symbol_name()))
        attrs = parser.parse_optional_attr_dict()
        return cls.create(
            properties={
                "execution_model": model,
                "fn": FlatSymbolRefAttr(fn),
                "interface": ArrayAttr(interface),
            },
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.execution_model.value.data)
        printer.print_string(" ")
        printer.print_attribute(self.fn)
        for var in self.interface:
            printer.print_string(", ")
            printer.print_attribute(var)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class ExecutionModeOp(IRDLOperation):
    """`spirv.ExecutionMode @main "LocalSize", 64, 1, 1`."""

    name = "spirv.ExecutionMode"

    fn = prop_def(FlatSymbolRefAttr)
    execution_mode = prop_def(ExecutionModeAttr)
    values = prop_def(ArrayAttr[IntegerAttr])

    traits = traits_def(HasParent(ModuleOp))

    def __init__(self, fn: str, mode: str, values: Sequence[int] = ()):
        super().__init__(
            properties={
                "fn": FlatSymbolRefAttr(fn),
                "execution_mode": ExecutionModeAttr(mode),
                "values": ArrayAttr(_i32(v) for v in values),
            }
        )

    def verify_(self) -> None:
        _lookup(self, self.fn, FuncOp, "spirv.func")

    @classmethod
    def parse(cls, parser: Parser) -> ExecutionModeOp:
        fn = parser.parse_symbol_name()
        mode = _parse_bare_enum(parser, ExecutionModeAttr)
        values: list[IntegerAttr] = []
        while parser.parse_optional_punctuation(","):
            values.append(_i32(parser.parse_integer(allow_boolean=False)))
        attrs = parser.parse_optional_attr_dict()
        return cls.create(
            properties={
                "fn": FlatSymbolRefAttr(fn),
                "execution_mode": mode,
                "values": ArrayAttr(values),
            },
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.fn)
        printer.print_string(" ")
        printer.print_string_literal(self.execution_mode.value.data)
        for v in self.values:
            printer.print_string(f", {v.value.data}")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class FunctionCallOp(IRDLOperation):
    """`spirv.FunctionCall @f(%a, %b) : (i32, i32) -> i32`."""

    name = "spirv.FunctionCall"

    callee = prop_def(FlatSymbolRefAttr)
    arguments = var_operand_def()
    return_value = opt_result_def()

    assembly_format = (
        "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, results)"
    )

    def __init__(
        self,
        callee: str,
        arguments: Sequence[SSAValue | Operation],
        result_type: Attribute | None = None,
    ):
        super().__init__(
            operands=[arguments],
            properties={"callee": FlatSymbolRefAttr(callee)},
            result_types=[[result_type] if result_type else []],
        )

    def verify_(self) -> None:
        fn = _lookup(self, self.callee, FuncOp, "spirv.func")
        ftype = fn.function_type
        if (
            tuple(a.type for a in self.arguments) != ftype.inputs.data
            or tuple(self.result_types) != ftype.outputs.data
        ):
            raise VerifyException(f"call does not match the callee's type {ftype}")


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`spirv.Return`."""

    name = "spirv.Return"
    traits = traits_def(IsTerminator())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__()


@irdl_op_definition
class ReturnValueOp(IRDLOperation):
    """`spirv.ReturnValue %v : T`."""

    name = "spirv.ReturnValue"

    value = operand_def()
    traits = traits_def(IsTerminator())
    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue | Operation):
        super().__init__(operands=[value])


@irdl_op_definition
class UnreachableOp(IRDLOperation):
    """`spirv.Unreachable`."""

    name = "spirv.Unreachable"
    traits = traits_def(IsTerminator())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__()
