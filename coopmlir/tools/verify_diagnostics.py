"""`--verify-diagnostics` with MLIR's semantics (mlir-opt's
SourceMgrDiagnosticVerifierHandler): the input says which diagnostics it
expects, and every difference is an error.

    %s = coopmat.splat %v : f16 -> !coopmat.matrix<8x8xf32, acc> // expected-error {{f}}
    // expected-error@+1 {{matrix shape 0x16 must be positive}}
    // expected-remark@below {{lower-to-coopmat: 64x48x32}}
    // expected-warning@-2 {{...}}   @above: the line above; @unknown: no location
    // expected-error-re {{needs {{[0-9]+}} indices}}

An expectation is `expected-(error|warning|remark|note)(-re)?`, an optional
`@+N`, `@-N`, `@above`, `@below` or `@unknown`, and the text in `{{...}}` at
the end of the line. The text is found as a substring of the diagnostic's
message; with `-re`, each `{{regex}}` inside it is a regular expression
(Python's `re`; `.` also matches a newline, as in LLVM's) and the rest is
literal. `@above`/`@below` skip lines that hold expectations themselves.
A diagnostic matches the first expectation of its line with a matching text
and severity; every expectation must be matched by at least one diagnostic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from coopmlir.tools.diagnostic_capture import Diagnostic

_EXPECTATION = re.compile(
    r"expected-(?P<severity>error|note|remark|warning)(?P<re>-re)? *"
    r"(?:@(?P<where>[+-][0-9]+|above|below|unknown))? *\{\{(?P<text>.*)\}\}$"
)

# What starts an expectation (a location or the text's braces follow the
# severity): when _EXPECTATION does not match all of it, it is malformed,
# never a plain comment.
_EXPECTATION_START = re.compile(
    r"expected-(?:error|note|remark|warning)(?:-re)?(?:@| *\{\{)"
)


@dataclass
class Expectation:
    """One `expected-*` line: what it expects, and where it was written."""

    severity: str
    text: str
    pattern: re.Pattern[str]
    line: int | None  # the line the diagnostic must be on; None: @unknown
    written_line: int
    written_col: int  # of `expected-`
    matched: bool = False


@dataclass(frozen=True)
class Problem:
    """A mismatch, reported as an error at `line:col` of the input (or at
    `elsewhere`, a diagnostic's location in another file); `width`
    characters are underlined (0: a caret only)."""

    line: int | None
    col: int | None
    message: str
    width: int = 0
    elsewhere: str | None = None


def compile_text(text: str, regex: bool) -> re.Pattern[str]:
    """The pattern of an expectation's text: literal, or with `-re` literal
    outside `{{...}}` blocks. Raises ValueError with MLIR's wording."""
    if not regex:
        return re.compile(re.escape(text))
    parts = []
    rest = text
    while (start := rest.find("{{")) >= 0:
        parts.append(re.escape(rest[:start]))
        rest = rest[start + 2 :]
        end = rest.find("}}")
        if end < 0:
            raise ValueError("found start of regex with no end '}}'")
        block = rest[:end]
        try:
            re.compile(block)
        except re.error as err:
            raise ValueError(f"invalid regex: {err}") from None
        parts.append(f"({block})")
        rest = rest[end + 2 :]
    parts.append(re.escape(rest))
    return re.compile("".join(parts), re.DOTALL)


def parse_expectations(
    text: str, first_line: int = 1
) -> tuple[list[Expectation], list[Problem]]:
    """The expectations in `text`, whose first line is `first_line` of the
    input, and the problems with malformed ones."""
    expectations: list[Expectation] = []
    problems: list[Problem] = []
    below: list[Expectation] = []
    last_plain_line = first_line - 1
    for number, content in enumerate(text.split("\n"), start=first_line):
        found = _EXPECTATION.search(content.rstrip("\r"))
        started = _EXPECTATION_START.search(content)
        if found is None and started is not None:
            problems.append(
                Problem(
                    number,
                    started.start() + 1,
                    "malformed expectation: expected-<severity>, then @+N, @-N, "
                    "@above, @below or @unknown (or nothing), then {{text}}",
                    started.end() - started.start(),
                )
            )
            continue
        if found is None:
            for expectation in below:
                expectation.line = number
            below.clear()
            last_plain_line = number
            continue
        col = found.start() + 1
        try:
            pattern = compile_text(found["text"], found["re"] is not None)
        except ValueError as err:
            problems.append(Problem(number, col, str(err), len(found["text"])))
            continue
        expectation = Expectation(
            found["severity"], found["text"], pattern, number, number, col
        )
        where = found["where"]
        if where == "unknown":
            expectation.line = None
        elif where == "above":
            expectation.line = last_plain_line
        elif where == "below":
            below.append(expectation)
        elif where is not None:
            expectation.line = number + int(where)
        expectations.append(expectation)
    return expectations, problems


def match(
    diagnostics: Sequence[Diagnostic],
    expectations: Sequence[Expectation],
    file: str,
    only_expected: bool = False,
) -> list[Problem]:
    """Mark the expectations each diagnostic of `file` meets; the problems:
    unexpected diagnostics (unless `only_expected`), then expectations that
    were not produced, in the input's order."""
    problems: list[Problem] = []
    for diagnostic in diagnostics:
        in_file = diagnostic.file == file and diagnostic.line is not None
        line = diagnostic.line if in_file else None
        near_miss = None
        for expectation in expectations:
            if expectation.line != line or not expectation.pattern.search(
                diagnostic.message
            ):
                continue
            if expectation.severity == diagnostic.severity:
                expectation.matched = True
                break
            near_miss = expectation
        else:
            if only_expected:
                continue
            if near_miss is not None:
                problems.append(
                    Problem(
                        near_miss.written_line,
                        near_miss.written_col,
                        f"'{diagnostic.severity}' diagnostic emitted when "
                        f"expecting a '{near_miss.severity}'",
                    )
                )
            else:
                message = f"unexpected {diagnostic.severity}: {diagnostic.message}"
                if in_file:
                    problems.append(Problem(line, diagnostic.col, message))
                else:
                    problems.append(
                        Problem(None, None, message, elsewhere=diagnostic.location)
                    )
    for expectation in expectations:
        if not expectation.matched:
            problems.append(
                Problem(
                    expectation.written_line,
                    expectation.written_col,
                    f'expected {expectation.severity} "{expectation.text}" '
                    "was not produced",
                    len(expectation.text),
                )
            )
    return problems


def render(problem: Problem, file: str, lines: Sequence[str]) -> str:
    """`file:line:col: error: message`, then the source line and carets (as
    mlir-opt prints them)."""
    if problem.line is None:
        where = f"{problem.elsewhere}: " if problem.elsewhere else ""
        return f"{where}error: {problem.message}"
    head = f"{file}:{problem.line}:{problem.col}: error: {problem.message}"
    if not 1 <= problem.line <= len(lines):
        return head
    source = lines[problem.line - 1].rstrip("\r")
    marks = "^" + "~" * max(problem.width - 1, 0)
    return f"{head}\n{source}\n{' ' * ((problem.col or 1) - 1)}{marks}"
