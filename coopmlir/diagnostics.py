"""Errors with source locations: every op remembers where it was parsed, and
verification failures are reported as `file:line:col: error: message`."""

from __future__ import annotations

import dataclasses

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind


class LocatedParser(Parser):
    """An MLIR parser that gives each op without `loc(...)` its file:line:col."""

    def __init__(self, ctx, text: str | bytes, name: str, line_offset: int = 0):
        super().__init__(ctx, text, name)
        self.line_offset = line_offset

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        # MLIR reads an input without operations as an empty module.
        if allow_implicit_module and self._current_token.kind == MLIRTokenKind.EOF:
            module = ModuleOp([])
        else:
            module = super().parse_module(allow_implicit_module)
        if not isinstance(module.location, FileLineColLoc):
            # An implicit module is the whole file: errors about it name line 1.
            name = StringAttr(self.lexer.input.name)
            line = IntAttr(1 + self.line_offset)
            module.location = FileLineColLoc(name, line, IntAttr(1))
        return module

    def parse_optional_type(self):
        return self._locate_verify_errors(super().parse_optional_type)

    def parse_optional_attribute(self):
        return self._locate_verify_errors(super().parse_optional_attribute)

    def _locate_verify_errors(self, parse):
        """Attributes verify while they are built; point such errors at the text."""
        start = self.pos
        try:
            return parse()
        except VerifyException as err:
            self.raise_error(str(err), start, self.pos)

    def parse_operation(self) -> Operation:
        span = self._current_token.span
        try:
            op = super().parse_operation()
        except VerifyException as err:
            # Declarative formats check type constraints while parsing.
            self.raise_error(str(err), span.start, span.end)
        if not isinstance(op.location, FileLineColLoc):
            where = dataclasses.replace(span, line_offset=self.line_offset)
            file, line, col = where.get_location()
            op.location = FileLineColLoc(StringAttr(file), IntAttr(line), IntAttr(col))
        return op


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


def location_of(op: Operation) -> str:
    """`file:line:col` of the op, or of its nearest located ancestor."""
    current: Operation | None = op
    while current is not None:
        loc = current.location
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        current = current.parent_op()
    return "<unknown>"


_XDSL_PREFIX = "Operation does not verify: "


def verify_with_locations(module: ModuleOp) -> None:
    """Verify every op, raising `CompileError` at the first op that fails."""
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as err:
            message = str(err).removeprefix(_XDSL_PREFIX)
            raise CompileError.at(
                location_of(op), f"'{op.name}' op {message}"
            ) from None


def parse_failure(err: ParseError, line_offset: int = 0) -> CompileError:
    """`file:line:col: error: message` followed by the source line and carets."""
    span = dataclasses.replace(err.span, line_offset=err.span.line_offset + line_offset)
    context = span.print_with_context().split("\n", 1)[1].rstrip()
    message = err.msg
    if message.startswith(" in block definition"):
        # xDSL's text when a block ends without `}`: only its suffix.
        message = "expected an operation, a block label (^name) or '}'" + message
    return CompileError.at(str(span.get_location()), message, context)
