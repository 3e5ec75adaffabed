"""Errors with source locations: every op remembers where it was parsed, and
verification failures are reported as `file:line:col: error: message`."""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import re
import sys
import weakref

from xdsl.dialects.builtin import (
    AnyFloat,
    CallSiteLoc,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    FusedLoc,
    IndexType,
    IntAttr,
    IntegerType,
    ModuleOp,
    NameLoc,
    StringAttr,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, Region
from xdsl.irdl.dominance import DominanceInfo
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind

from coopmlir.nesting import MAX_NESTING, RECURSION_LIMIT, too_deep

#: A location alias definition on a line of its own, as MLIR prints them.
_LOCATION_ALIAS = re.compile(r"^#[A-Za-z_][\w$.-]*[ \t]*=[ \t]*loc\(.*$", re.MULTILINE)


#: Each parsed block argument's name as the text spells it (`%cst_1`): xDSL
#: keeps a name hint without its `_N` suffix, so `%cst` and `%cst_1` would
#: both be `cst` (coopmlir-run names its inputs and outputs by these).
_SPELLED_NAMES: weakref.WeakKeyDictionary[BlockArgument, str] = (
    weakref.WeakKeyDictionary()
)


def spelled_name(argument: BlockArgument) -> str | None:
    """The name `argument` had in the text it was parsed from (without `%`),
    or None for an argument that was built, not parsed."""
    return _SPELLED_NAMES.get(argument)


class LocatedParser(Parser):
    """An MLIR parser that gives each op without `loc(...)` its file:line:col."""

    def __init__(self, ctx, text: str | bytes, name: str, line_offset: int = 0):
        if isinstance(text, bytes):
            text = decode_source(text, name, line_offset)
        check_nesting(text, name, line_offset)
        super().__init__(ctx, text, name)
        self.line_offset = line_offset
        self._line_starts: list[int] | None = None
        self._resource_handles: dict[tuple[str, str], str] = {}
        self._deferred_aliases = self._read_location_aliases(ctx, text, name)

    def _read_location_aliases(self, ctx, text: str | bytes, name: str) -> set[str]:
        """MLIR's `--mlir-print-debuginfo` prints location aliases after the
        module that uses them (`#loc3 = loc("f.mlir":4:2)`), and xDSL knows an
        alias only after its definition: so every `#name = loc(...)` line is
        read first (repeatedly, as one may name another). A malformed one is
        left for the main parse to report."""
        source = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        pending = [m.group(0) for m in _LOCATION_ALIAS.finditer(source)]
        read: set[str] = set()
        while pending:
            left = []
            for line in pending:
                parser = Parser(ctx, line, name)
                parser.attribute_aliases = self.attribute_aliases
                try:
                    parser._parse_alias_def()
                except ParseError:
                    left.append(line)
                    continue
                read.add(line.split("=", 1)[0].strip())
            if len(left) == len(pending):
                break
            pending = left
        return read

    def _parse_dialect_resource_handle(self, dialect_name, interface) -> str:
        """The handle a resource key of this file was declared as. xDSL keeps
        resources in one store per process and renames a key that an earlier
        parse declared (`key_0`), but then looks the file's key up again when
        the `{-# dialect_resources #-}` section gives its blob, so the blob
        went to yet another name. Each key of this file maps to one handle."""
        key = self.parse_identifier(" for resource handle")
        handles = self._resource_handles
        if (dialect_name, key) not in handles:
            handles[dialect_name, key] = interface.declare_resource(key)
        return handles[dialect_name, key]

    def _parse_alias_def(self):
        """Definitions read ahead (`_read_location_aliases`) are skipped."""
        token = self._current_token
        if token.text in self._deferred_aliases:
            self._consume_token()
            self.parse_punctuation("=")
            self.parse_attribute()
            return
        super()._parse_alias_def()

    def _line_and_column(self, position: int) -> tuple[int, int]:
        """1-based line (after `line_offset`) and column of a text position.
        xDSL's Span.get_location counts the newlines before it on every call,
        which makes locating every op quadratic in the file size; the line
        starts are found once here instead."""
        if self._line_starts is None:
            content = self.lexer.input.content
            newline = "\n" if isinstance(content, str) else b"\n"
            self._line_starts = [0]
            found = content.find(newline)
            while found >= 0:
                self._line_starts.append(found + 1)
                found = content.find(newline, found + 1)
        line = bisect.bisect_right(self._line_starts, position)
        column = position - self._line_starts[line - 1] + 1
        return line + self.line_offset, column

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        # MLIR reads an input without operations as an empty module.
        if allow_implicit_module and self._current_token.kind == MLIRTokenKind.EOF:
            module = ModuleOp([])
        else:
            module = super().parse_module(allow_implicit_module)
        if file_location(module.location) is None:
            # An implicit module is the whole file: errors about it name line 1.
            name = StringAttr(self.lexer.input.name)
            line = IntAttr(1 + self.line_offset)
            module.location = FileLineColLoc(name, line, IntAttr(1))
        return module

    def parse_optional_type(self):
        return self._locate_verify_errors(super().parse_optional_type)

    def parse_optional_attribute(self):
        return self._locate_verify_errors(super().parse_optional_attribute)

    def parse_optional_builtin_int_or_float_attr(self):
        return self._locate_verify_errors(
            super().parse_optional_builtin_int_or_float_attr
        )

    def parse_dense_int_or_fp_elements_attr(self, *args, **kwargs):
        start = self.pos
        try:
            return self._locate_verify_errors(
                lambda: self._parse_dense(*args, **kwargs)
            )
        except ValueError as err:  # xDSL's range check of integer elements
            self.raise_error(str(err), start, self.pos)

    def _parse_dense(self, *args, **kwargs) -> DenseIntOrFPElementsAttr:
        splat = self._parse_scalar_splat(*args, **kwargs)
        if splat is not None:  # (an empty one is falsy)
            return splat
        return super().parse_dense_int_or_fp_elements_attr(*args, **kwargs)

    def _parse_scalar_splat(self, type=None) -> DenseIntOrFPElementsAttr | None:
        """`dense<SCALAR>` (an integer, float or boolean): its value converted
        once and its bytes repeated. xDSL 0.74 converts and packs the
        splat's value once per element: 10 s for torch-mlir's `dense<0.0> :
        tensor<8x12x1024x1024xf32>` (bench/RESULTS.md, "Eleventh session").
        None, with nothing consumed, for any other dense literal."""
        start = self._current_token.span.start
        self.parse_punctuation("<", " in dense attribute")
        scalar = self._parse_optional_bool_int_or_float()
        if scalar is None or self.parse_optional_punctuation(">") is None:
            self._resume_from(start)
            return None
        if type is None:
            self.parse_punctuation(":", " in dense attribute")
            type = self._parse_dense_literal_type()
        if not isinstance(type.element_type, IntegerType | IndexType | AnyFloat):
            self._resume_from(start)  # a complex splat: xDSL's own path
            return None
        value, span = scalar
        element = self._TensorLiteralElement(value < 0, value, span)
        one = element.to_type(self, type.element_type)
        return DenseIntOrFPElementsAttr.from_list(type, [one])

    def _locate_verify_errors(self, parse):
        """Attributes verify while they are built; point such errors at the text."""
        start = self.pos
        try:
            return parse()
        except VerifyException as err:
            self.raise_error(str(err), start, self.pos)
        except OverflowError:
            # xDSL 0.74 cannot pack a float beyond its type's range (MLIR
            # rounds `1.0e+30 : f16` to infinity): refuse it where it is.
            self.raise_error(
                "float literal out of the range of its type (write infinity in "
                "hexadecimal as MLIR prints it, e.g. 0x7C00 : f16)",
                start,
                self.pos,
            )

    def _register_ssa_definition(self, name, values, span) -> None:
        super()._register_ssa_definition(name, values, span)
        for value in values:
            if isinstance(value, BlockArgument):
                _SPELLED_NAMES[value] = name

    def _parse_block(self):
        # xDSL 0.74 keeps no span for a block that was referenced before its
        # label, so a second label of that name fails with a KeyError.
        label = self._current_token
        try:
            return super()._parse_block()
        except KeyError:
            self.raise_error(
                f"re-declaration of block '{label.text[1:]}'",
                label.span.start,
                label.span.end,
            )

    def parse_operation(self) -> Operation:
        span = self._current_token.span
        try:
            op = super().parse_operation()
        except VerifyException as err:
            # Declarative formats check type constraints while parsing.
            self.raise_error(str(err), span.start, span.end)
        if file_location(op.location) is None:
            line, col = self._line_and_column(span.start)
            file = StringAttr(self.lexer.input.name)
            op.location = FileLineColLoc(file, IntAttr(line), IntAttr(col))
        return op


def decode_source(data: bytes, name: str, line_offset: int = 0) -> str:
    """MLIR text from bytes; a located error where they are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1 + line_offset
        column = err.start - (before.rfind(b"\n") + 1) + 1
        raise CompileError.at(
            f"{name}:{line}:{column}",
            f"invalid UTF-8 (byte 0x{data[err.start]:02x}): MLIR text is UTF-8",
        ) from None


def check_nesting(text: str, name: str, line_offset: int = 0) -> None:
    """A located error where `text` nests deeper than coopmlir's limit
    (coopmlir.nesting), before xDSL's recursive parser runs out of frames."""
    position = too_deep(text)
    if position is None:
        return
    line = text.count("\n", 0, position) + 1 + line_offset
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    raise CompileError.at(
        f"{name}:{line}:{column}",
        f"nesting too deep: more than {MAX_NESTING} brackets ({{, ( or [) open "
        "here, coopmlir's limit",
    )


@contextlib.contextmanager
def nesting_guard(location: str):
    """A RecursionError that escapes `check_nesting` (IR deep in another way
    than brackets) becomes a located error at `location` (the input)."""
    try:
        yield
    except RecursionError:
        raise CompileError.at(
            location,
            f"nesting too deep: the IR exceeds Python's {RECURSION_LIMIT} frames "
            "(coopmlir.nesting)",
        ) from None


class CompileError(DiagnosticException):
    """An error the user can act on; str() is the full `file:line:col: error:
    message` text. Errors made by `at` also keep their parts (`location`,
    `message`), so tools can match them without reading the text back."""

    location: str | None = None
    message: str | None = None

    @classmethod
    def at(cls, location: str, message: str, context: str = "") -> CompileError:
        """An error at `location` (`file:line:col`, or a file); `context` (the
        source line and carets) is printed after it but is not the message."""
        text = f"{location}: error: {message}"
        err = cls(f"{text}\n{context}" if context else text)
        err.location, err.message = location, message
        return err


def file_location(loc: Attribute) -> FileLineColLoc | None:
    """The file:line:col inside a location: a named location's, a call site's
    callee (as MLIR reports it), a fused location's first; None if none."""
    if isinstance(loc, FileLineColLoc):
        return loc
    if isinstance(loc, NameLoc):
        return file_location(loc.location)
    if isinstance(loc, CallSiteLoc):
        return file_location(loc.callee) or file_location(loc.caller)
    if isinstance(loc, FusedLoc):
        found = (file_location(part) for part in loc.locations.data)
        return next((f for f in found if f is not None), None)
    return None


def location_of(op: Operation) -> str:
    """`file:line:col` of the op, or of its nearest located ancestor."""
    current: Operation | None = op
    while current is not None:
        loc = file_location(current.location)
        if loc is not None:
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        current = current.parent_op()
    return "<unknown>"


def remark(op: Operation, pass_name: str, message: str) -> None:
    """`file:line:col: remark: pass: message` at `op` on stderr: MLIR's
    remark line, which --verify-diagnostics' `expected-remark` matches."""
    print(f"{location_of(op)}: remark: {pass_name}: {message}", file=sys.stderr)


_XDSL_PREFIX = "Operation does not verify: "


def verify_with_locations(module: ModuleOp) -> None:
    """Verify every op, raising `CompileError` at the first op that fails."""
    dominance = _Dominance()
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
            dominance.check(op)
        except (VerifyException, DiagnosticException) as err:
            message = str(err).removeprefix(_XDSL_PREFIX)
            raise CompileError.at(
                location_of(op), f"'{op.name}' op {message}"
            ) from None
        except ValueError as err:  # an xDSL verifier reading a malformed attribute
            raise CompileError.at(
                location_of(op), f"'{op.name}' op is malformed ({err})"
            ) from None


def _is_graph_region(op: Operation | None) -> bool:
    """builtin.module or gpu.module (by name: importing xDSL's gpu dialect
    here would cost every tool's start-up)."""
    return op is not None and op.name in ("builtin.module", "gpu.module")


class _Dominance:
    """MLIR's rule that a value is defined before its uses (xDSL 0.74 does
    not check it, and its interpreter then fails with a KeyError): in the
    same block an earlier op, else a block that dominates the use's. The
    bodies of builtin.module and gpu.module are graph regions, as in MLIR."""

    def __init__(self):
        self._order: dict[Block, dict[Operation, int]] = {}
        self._blocks: dict[Region, DominanceInfo] = {}

    def check(self, op: Operation) -> None:
        for index, operand in enumerate(op.operands):
            if isinstance(operand, OpResult) and not self._dominates(operand.op, op):
                raise VerifyException(f"operand #{index} does not dominate this use")

    def _dominates(self, definer: Operation, user: Operation) -> bool:
        block = definer.parent_block()
        if block is None or _is_graph_region(block.parent_op()):
            return True
        region = block.parent
        ancestor: Operation | None = user
        while ancestor is not None and ancestor.parent_region() is not region:
            ancestor = ancestor.parent_op()
        if ancestor is None:
            return False  # defined inside a region that does not hold the use
        if ancestor.parent_block() is not block:
            if region not in self._blocks:
                self._blocks[region] = DominanceInfo(region)
            return self._blocks[region].dominates(block, ancestor.parent_block())
        if block not in self._order:
            self._order[block] = {o: i for i, o in enumerate(block.ops)}
        order = self._order[block]
        return order[definer] < order[ancestor]


def parse_failure(err: ParseError, line_offset: int = 0) -> CompileError:
    """`file:line:col: error: message` followed by the source line and carets."""
    span = dataclasses.replace(err.span, line_offset=err.span.line_offset + line_offset)
    context = span.print_with_context().split("\n", 1)[1].rstrip()
    message = err.msg
    if message.startswith(" in block definition"):
        # xDSL's text when a block ends without `}`: only its suffix.
        message = "expected an operation, a block label (^name) or '}'" + message
    if message.startswith("Operation gpu.launch does not have a custom format"):
        message += f" {GPU_LAUNCH_HINT}"
    return CompileError.at(str(span.get_location()), message, context)


#: A `gpu.launch` region (MLIR's CUDA TensorCore tests write them) is taken
#: as MLIR outlines it: a gpu.module kernel and a launch_func.
GPU_LAUNCH_HINT = (
    "coopmlir takes kernels as gpu.func in a gpu.module: outline gpu.launch "
    "regions with `mlir-opt-22 --gpu-launch-sink-index-computations "
    "--gpu-kernel-outlining` first (README, With MLIR's tools)"
)
