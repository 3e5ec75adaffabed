"""MLIR's pretty syntax for xDSL's gpu ops.

xDSL 0.74 prints and parses every gpu op in the generic form only, so a
kernel reads `"gpu.func"() <{function_type = ...}> ({...})`. Compiler
researchers read MLIR's spelling:

    gpu.module @kernels {
      gpu.func @k(%A: memref<16x16xf16>) kernel
          attributes {known_block_size = array<i32: 64, 1, 1>} {   // one line
        %x = gpu.block_id x
        %s = gpu.subgroup_id : index
        gpu.barrier
        gpu.return
      }
    }
    gpu.launch_func @kernels::@k blocks in (%g0, %g1, %g2)
        threads in (%t0, %t1, %t2) args(%A : memref<16x16xf16>)   // one line

(`known_block_size` is xDSL's `gpu.known_block_size` attribute, as MLIR
names it; the prefixed name is read too.) `install_gpu_syntax()` installs
that syntax on xDSL's own op classes, rather than defining look-alike
classes, so that ops built by any code, upstream builders included, print the
same way and are the same types to patterns and interpreters. Importing
this module changes nothing: coopmlir's context
(`coopmlir.dialects.registry.make_context`) and its gpu dialect factory make
the call, so only a process that uses coopmlir's context (its tools, its
xDSL plugin) sees MLIR's spelling. `gpu.launch_func` with async tokens,
clusters or dynamic shared memory keeps the generic form.

The generic form differs too: MLIR 22 writes a kernel as
`"gpu.func"() <{function_type = ..., known_block_size = array<i32: ...>}>
({...}) {gpu.kernel, sym_name = "k", workgroup_attributions = 0 : i64}`,
where xDSL has the property `kernel` and the attribute
`gpu.known_block_size`. The installed syntax reads MLIR's generic spelling
(through `gpu.FuncOp.create`, which xDSL's generic parser calls), and
`mlir_generic_spelling` lends it to the IR while a generic printer writes it
(`coopmlir-opt --mlir-print-op-generic`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from xdsl.dialects import gpu
from xdsl.dialects.builtin import IndexType, IntegerAttr, UnitAttr, i64
from xdsl.ir import Attribute, Block, Operation
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser
from xdsl.printer import Printer


def install_format(cls: type, fmt: str) -> None:
    program = FormatProgram.from_str(fmt, cls.get_irdl_definition())
    cls.parse = classmethod(lambda c, parser: program.parse(parser, c))
    cls.print = lambda self, printer: program.print(printer, self)


# --- gpu.module -------------------------------------------------------------


def _parse_module(cls, parser: Parser) -> gpu.ModuleOp:
    name = parser.parse_symbol_name()
    attrs = parser.parse_optional_attr_dict_with_keyword()
    region = parser.parse_region()
    if not region.blocks:
        region.add_block(Block())
    op = gpu.ModuleOp(name, region)
    if attrs is not None:
        op.attributes |= attrs.data
    return op


def _print_module(self: gpu.ModuleOp, printer: Printer) -> None:
    printer.print_string(" ")
    printer.print_symbol_name(self.sym_name.data)
    printer.print_op_attributes(self.attributes, print_keyword=True)
    printer.print_string(" ")
    printer.print_region(self.body, print_entry_block_args=False)


# --- gpu.func ---------------------------------------------------------------

_FUNC_RESERVED = ("sym_name", "function_type", "kernel")
#: MLIR's names of gpu.func's inherent attributes, and xDSL's.
_MLIR_FUNC_ATTRS = {
    "known_block_size": "gpu.known_block_size",
    "known_grid_size": "gpu.known_grid_size",
}


def _parse_func(cls, parser: Parser) -> gpu.FuncOp:
    name = parser.parse_symbol_name().data
    args = parser.parse_comma_separated_list(
        Parser.Delimiter.PAREN, parser.parse_argument
    )
    outputs = []
    if parser.parse_optional_punctuation("->"):
        outputs = parser.parse_optional_comma_separated_list(
            Parser.Delimiter.PAREN, parser.parse_type
        ) or [parser.parse_type()]
    kernel = parser.parse_optional_keyword("kernel") is not None
    attrs = parser.parse_optional_attr_dict_with_keyword(_FUNC_RESERVED)
    region = parser.parse_region(args)
    inputs = [arg.type for arg in args]
    op = gpu.FuncOp(name, (inputs, outputs), region, kernel=kernel or None)
    if attrs is not None:
        op.attributes |= {
            _MLIR_FUNC_ATTRS.get(key, key): value for key, value in attrs.data.items()
        }
    return op


def _print_func(self: gpu.FuncOp, printer: Printer) -> None:
    printer.print_string(" ")
    printer.print_symbol_name(self.sym_name.data)
    printer.print_string("(")
    printer.print_list(self.body.block.args, printer.print_block_argument)
    printer.print_string(")")
    outputs = self.function_type.outputs.data
    if outputs:
        printer.print_string(" -> (")
        printer.print_list(outputs, printer.print_attribute)
        printer.print_string(")")
    if self.kernel is not None:
        printer.print_string(" kernel")
    xdsl_name = {xdsl: mlir for mlir, xdsl in _MLIR_FUNC_ATTRS.items()}
    printer.print_op_attributes(
        {xdsl_name.get(key, key): value for key, value in self.attributes.items()},
        reserved_attr_names=_FUNC_RESERVED,
        print_keyword=True,
    )
    printer.print_string(" ")
    printer.print_region(self.body, print_entry_block_args=False)


# --- gpu.launch_func -----------------------------------------------------


def _parse_sizes(parser: Parser, keyword: str):
    parser.parse_keyword(keyword)
    parser.parse_keyword("in")
    operands = parser.parse_comma_separated_list(
        Parser.Delimiter.PAREN, parser.parse_unresolved_operand
    )
    pos = parser.pos
    if len(operands) != 3:
        parser.raise_error(f"expected three {keyword} sizes", pos, pos)
    return [parser.resolve_operand(o, IndexType()) for o in operands]


def _parse_launch_func(cls, parser: Parser) -> gpu.LaunchFuncOp:
    kernel = parser.parse_attribute()
    grid = _parse_sizes(parser, "blocks")
    block = _parse_sizes(parser, "threads")
    operands = []
    if parser.parse_optional_keyword("args"):

        def parse_arg():
            unresolved = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            return parser.resolve_operand(unresolved, parser.parse_type())

        operands = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parse_arg)
    attrs = parser.parse_optional_attr_dict()
    op = gpu.LaunchFuncOp(kernel, grid, block, kernelOperands=operands)
    op.attributes |= attrs
    return op


def _has_pretty_form(op: gpu.LaunchFuncOp) -> bool:
    return not (
        op.asyncDependencies
        or op.asyncToken
        or op.asyncObject
        or op.clusterSizeX
        or op.dynamicSharedMemorySize
    ) and all(
        isinstance(v.type, IndexType)
        for v in (op.gridSizeX, op.gridSizeY, op.gridSizeZ)
        + (op.blockSizeX, op.blockSizeY, op.blockSizeZ)
    )


def _print_launch_func(self: gpu.LaunchFuncOp, printer: Printer) -> None:
    if not _has_pretty_form(self):
        printer.print_op_with_default_format(self)
        return
    printer.print_string(" ")
    printer.print_attribute(self.kernel)
    for keyword, sizes in (
        ("blocks", (self.gridSizeX, self.gridSizeY, self.gridSizeZ)),
        ("threads", (self.blockSizeX, self.blockSizeY, self.blockSizeZ)),
    ):
        printer.print_string(f" {keyword} in (")
        printer.print_list(sizes, printer.print_ssa_value)
        printer.print_string(")")
    if self.kernelOperands:
        printer.print_string(" args(")
        printer.print_list(
            self.kernelOperands,
            lambda v: (
                printer.print_ssa_value(v),
                printer.print_string(" : "),
                printer.print_attribute(v.type),
            ),
        )
        printer.print_string(")")
    printer.print_op_attributes(self.attributes)


# --- gpu.func in MLIR's generic form --------------------------------------
# xDSL 0.74 holds `kernel` as a property and `known_block_size` as the
# attribute `gpu.known_block_size`; MLIR 22 the other way round: the unit
# attribute `gpu.kernel`, the properties `known_block_size`/`known_grid_size`
# (and `workgroup_attributions = 0 : i64`, which coopmlir never needs).

_MLIR_KERNEL = "gpu.kernel"
_WORKGROUP_ATTRIBUTIONS = "workgroup_attributions"


def _to_mlir_generic(
    properties: dict[str, Attribute], attributes: dict[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """gpu.func's properties and attributes as MLIR's generic form has them."""
    properties, attributes = dict(properties), dict(attributes)
    if properties.pop("kernel", None) is not None:
        attributes[_MLIR_KERNEL] = UnitAttr()
    for mlir, xdsl in _MLIR_FUNC_ATTRS.items():
        if xdsl in attributes:
            properties[mlir] = attributes.pop(xdsl)
    return properties, attributes


def _from_mlir_generic(
    properties: Mapping[str, Attribute], attributes: Mapping[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """The inverse of `_to_mlir_generic`; xDSL's own spelling passes as it is."""
    properties, attributes = dict(properties), dict(attributes)
    if attributes.pop(_MLIR_KERNEL, None) is not None:
        properties["kernel"] = UnitAttr()
    for mlir, xdsl in _MLIR_FUNC_ATTRS.items():
        if mlir in properties:
            attributes[xdsl] = properties.pop(mlir)
    if attributes.get(_WORKGROUP_ATTRIBUTIONS) == IntegerAttr(0, i64):
        del attributes[_WORKGROUP_ATTRIBUTIONS]
    return properties, attributes


_create_func = gpu.FuncOp.create


def _create_func_from_mlir_generic(cls, *, properties=None, attributes=None, **rest):
    """xDSL's generic parser (and `clone`) build ops through `create`: here
    MLIR's generic spelling of gpu.func becomes xDSL's."""
    properties, attributes = _from_mlir_generic(properties or {}, attributes or {})
    return _create_func.__func__(
        cls, properties=properties, attributes=attributes, **rest
    )


@contextmanager
def mlir_generic_spelling(root: Operation) -> Iterator[None]:
    """While inside, every gpu.func under `root` holds its attributes as
    MLIR's generic form does, so that a printer with `print_generic_format`
    writes what mlir-opt reads (`--mlir-print-op-generic`). Nothing else may
    look at the IR meanwhile: the gpu.funcs do not verify as xDSL's."""
    saved = [
        (op, op.properties, op.attributes)
        for op in root.walk()
        if isinstance(op, gpu.FuncOp)
    ]
    try:
        for op, properties, attributes in saved:
            op.properties, op.attributes = _to_mlir_generic(properties, attributes)
        yield
    finally:
        for op, properties, attributes in saved:
            op.properties, op.attributes = properties, attributes


_installed = False


def install_gpu_syntax() -> None:
    """Give xDSL's gpu op classes MLIR's pretty syntax, for every context of
    the process (idempotent). `make_context` calls it; call it yourself to
    print gpu ops built without coopmlir's context the way coopmlir-opt does."""
    global _installed
    if _installed:
        return
    _installed = True
    for op in (
        gpu.BlockIdOp,
        gpu.ThreadIdOp,
        gpu.BlockDimOp,
        gpu.GridDimOp,
        gpu.GlobalIdOp,
    ):
        install_format(op, "$dimension attr-dict")
    for op in (gpu.SubgroupIdOp, gpu.NumSubgroupsOp, gpu.SubgroupSizeOp):
        install_format(op, "attr-dict `:` type($result)")
    install_format(gpu.BarrierOp, "attr-dict")
    install_format(gpu.ReturnOp, "attr-dict ($args^ `:` type($args))?")
    # What MLIR prints, e.g. where coopmat.yield was (`mlir_form`).
    install_format(gpu.YieldOp, "attr-dict ($values^ `:` type($values))?")
    gpu.ModuleOp.parse = classmethod(_parse_module)
    gpu.ModuleOp.print = _print_module
    gpu.FuncOp.parse = classmethod(_parse_func)
    gpu.FuncOp.create = classmethod(_create_func_from_mlir_generic)
    gpu.FuncOp.print = _print_func
    gpu.LaunchFuncOp.parse = classmethod(_parse_launch_func)
    gpu.LaunchFuncOp.print = _print_launch_func
