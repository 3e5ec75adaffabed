"""Errors with source locations: every op remembers where it was parsed, and
verification failures are reported as `file:line:col: error: message`."""

from __future__ import annotations

import bisect
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
        self._line_starts: list[int] | None = None

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
            line, col = self._line_and_column(span.start)
            file = StringAttr(self.lexer.input.name)
            op.location = FileLineColLoc(file, IntAttr(line), IntAttr(col))
        return op


class CompileError(DiagnosticException):
    """An error the user can act on; str() is the full `file:line:col: error:
    message` text."""

    @classmethod
    def at(cls, location: str, message: str) -> CompileError:
        return cls(f"{location}: error: {message}")


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
    context = span.print_with_context().split("\n", 1)[1]
    return CompileError(f"{span.get_location()}: error: {err.msg}\n{context}".rstrip())
