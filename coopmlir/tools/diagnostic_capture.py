"""Diagnostics as data: what coopmlir-opt reported while it processed one
input, for `--verify-diagnostics` to match against the `expected-*` lines.

Errors arrive as exceptions (`CompileError` keeps its location and message;
other diagnostics are read from their `[file:line:col: ]severity: message`
text). Remarks and warnings are printed by passes on stderr as the same
`file:line:col: remark: message` lines; `DiagnosticCollector.capturing_stderr`
turns those lines into diagnostics and passes any other text through.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr
from dataclasses import dataclass, field

from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    VerifyException,
)

from coopmlir.diagnostics import CompileError, parse_failure

SEVERITIES = ("error", "warning", "remark", "note")

_LOCATION = re.compile(r"(?P<file>.*):(?P<line>\d+):(?P<col>\d+)")
_HEADER = re.compile(
    r"(?:(?P<location>.*?): )?(?P<severity>error|warning|remark|note): (?P<message>.*)",
    re.DOTALL,
)


# Exceptions that report bad input; any other exception is a bug.
_USER_ERRORS = (
    DiagnosticException,
    VerifyException,
    ArgSpecParseError,
    ValueError,
    OSError,
)


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic: severity, message and, where known, file:line:col
    (`file` alone for errors about a whole file; None for no location)."""

    severity: str
    message: str
    file: str | None = None
    line: int | None = None
    col: int | None = None

    @staticmethod
    def at(severity: str, message: str, location: str | None) -> Diagnostic:
        if location is None:
            return Diagnostic(severity, message)
        where = _LOCATION.fullmatch(location)
        if where is None:
            return Diagnostic(severity, message, location)
        line, col = int(where["line"]), int(where["col"])
        return Diagnostic(severity, message, where["file"], line, col)

    @property
    def location(self) -> str | None:
        if self.file is None:
            return None
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.col}"


def parse_diagnostic(text: str) -> Diagnostic | None:
    """The diagnostic that `text` prints (`[location: ]severity: message`),
    or None when it is not one."""
    header = _HEADER.fullmatch(text.rstrip("\n"))
    if header is None:
        return None
    return Diagnostic.at(header["severity"], header["message"], header["location"])


def diagnostic_of(err: BaseException) -> Diagnostic | None:
    """The error diagnostic that an exception reports to the user, or None
    for an exception that is a bug (an internal error)."""
    if isinstance(err, ParseError):
        err = parse_failure(err)
    if isinstance(err, CompileError) and err.message is not None:
        return Diagnostic.at("error", err.message, err.location)
    if not isinstance(err, _USER_ERRORS):
        return None
    text = str(err)
    found = parse_diagnostic(text)
    if found is not None and found.severity == "error":
        return found
    return Diagnostic("error", text)


@dataclass
class DiagnosticCollector:
    """The diagnostics of one run, in the order they were reported."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    @contextmanager
    def capturing_stderr(self) -> Iterator[None]:
        """Collect the diagnostic lines written to stderr inside the block;
        other lines still reach stderr."""
        real = sys.stderr
        captured = io.StringIO()
        try:
            with redirect_stderr(captured):
                yield
        finally:
            for line in captured.getvalue().splitlines(keepends=True):
                found = parse_diagnostic(line)
                if found is None:
                    real.write(line)
                else:
                    self.add(found)
