"""The --verify-diagnostics matcher (coopmlir.tools.verify_diagnostics) and
the diagnostics it matches (coopmlir.tools.diagnostic_capture), without the
tool: MLIR's expected-* semantics, case by case."""

from __future__ import annotations

import sys

import pytest

from coopmlir.diagnostics import CompileError
from coopmlir.tools.diagnostic_capture import (
    Diagnostic,
    DiagnosticCollector,
    diagnostic_of,
    parse_diagnostic,
)
from coopmlir.tools.verify_diagnostics import (
    Problem,
    compile_text,
    match,
    parse_expectations,
    render,
)

FILE = "in.mlir"


def error(line: int, message: str, severity: str = "error", col: int = 3):
    return Diagnostic(severity, message, FILE, line, col)


def check(text: str, *diagnostics: Diagnostic, first_line: int = 1, **kw):
    expectations, problems = parse_expectations(text, first_line)
    return problems + match(list(diagnostics), expectations, FILE, **kw)


def messages(problems: list[Problem]) -> list[str]:
    return [p.message for p in problems]


def test_line_designators():
    text = "\n".join(
        [
            "op0  // expected-error {{same line}}",  # 1
            "// expected-error@+2 {{plus two}}",  # 2
            "// expected-error@below {{below}}",  # 3
            "op4",  # 4: @+2 and @below both land here
            "// expected-error@-1 {{minus one}}",  # 5 -> 4
            "// expected-error@above {{above}}",  # 6 -> 4 (skips line 5)
            "// expected-error@unknown {{nowhere}}",  # 7
        ]
    )
    expectations, problems = parse_expectations(text)
    assert problems == []
    assert [(e.text, e.line) for e in expectations] == [
        ("same line", 1),
        ("plus two", 4),
        ("below", 4),
        ("minus one", 4),
        ("above", 4),
        ("nowhere", None),
    ]
    assert [e.written_col for e in expectations] == [9, 4, 4, 4, 4, 4]


def test_first_line_offsets_every_line():
    # A chunk of --split-input-file: line numbers are the whole file's.
    expectations, _ = parse_expectations("\n// expected-error@+1 {{x}}\nop", 10)
    assert [(e.line, e.written_line) for e in expectations] == [(12, 11)]


def test_text_must_close_the_line():
    # As MLIR's `{{(.*)}}$`: trailing text means no expectation at all, and
    # two on one line are one text.
    expectations, _ = parse_expectations(
        "op // expected-error {{a}} later\nop // expected-error {{a}} expected-error {{b}}"
    )
    assert [e.text for e in expectations] == ["a}} expected-error {{b"]


def test_matched_diagnostics_leave_no_problem():
    text = "op // expected-error {{shape 0x16}}\nop // expected-remark {{tile=}}"
    assert (
        check(
            text,
            error(1, "matrix shape 0x16 must be positive"),
            error(2, "lower-to-coopmat: tile=64x64x16", "remark"),
        )
        == []
    )


def test_unexpected_and_missing_are_reported_at_their_lines():
    problems = check("op\n// expected-error@-1 {{other text}}", error(1, "real text"))
    assert [(p.line, p.col, p.message) for p in problems] == [
        (1, 3, "unexpected error: real text"),
        (2, 4, 'expected error "other text" was not produced'),
    ]
    assert problems[1].width == len("other text")


def test_text_is_a_literal_substring():
    assert (
        check("op // expected-error {{0x16 must}}", error(1, "shape 0x16 must be"))
        == []
    )
    # Regex characters are literal without -re.
    problems = check("op // expected-error {{0x1.}}", error(1, "0x16"))
    assert messages(problems) == [
        "unexpected error: 0x16",
        'expected error "0x1." was not produced',
    ]


def test_regex_blocks_with_re():
    text = "op // expected-error-re {{needs {{[0-9]+}} indices, got {{.*}}}}"
    assert check(text, error(1, "memref needs 2 indices, got 1")) == []
    assert messages(check(text, error(1, "memref needs two indices, got 1"))) == [
        "unexpected error: memref needs two indices, got 1",
        'expected error "needs {{[0-9]+}} indices, got {{.*}}" was not produced',
    ]
    # `.` in a regex block crosses lines (multi-line messages), as in LLVM's.
    multi = "op // expected-error-re {{does not verify:{{.}}attribute}}"
    assert check(multi, error(1, "does not verify:\nattribute x")) == []


@pytest.mark.parametrize(
    "text, message",
    [
        ("{{[0-9}}", "invalid regex: "),
        ("a {{[0-9]", "found start of regex with no end '}}'"),
    ],
)
def test_malformed_regex_is_reported_at_the_expectation(text, message):
    with pytest.raises(ValueError, match="regex"):
        compile_text(text, regex=True)
    problems = check(f"op // expected-error-re {{{{{text}}}}}")
    assert len(problems) == 1 and problems[0].message.startswith(message)
    assert (problems[0].line, problems[0].col) == (1, 7)


def test_severity_must_agree():
    problems = check("op // expected-warning {{careful}}", error(1, "careful"))
    assert messages(problems) == [
        "'error' diagnostic emitted when expecting a 'warning'",
        'expected warning "careful" was not produced',
    ]
    assert (problems[0].line, problems[0].col) == (1, 7)


def test_one_diagnostic_meets_one_expectation():
    # The first matching expectation of the line takes it; the second waits.
    text = "// expected-error@+1 {{operands}}\nop // expected-error {{found 0}}"
    problems = check(text, error(2, "expected 2 operands, but found 0"))
    assert messages(problems) == ['expected error "found 0" was not produced']
    # ... but one expectation may take several diagnostics.
    assert check("op // expected-error {{x}}", error(1, "x"), error(1, "x")) == []


def test_unknown_locations_and_other_files():
    text = "// expected-error@unknown {{no location}}"
    assert check(text, Diagnostic("error", "no location")) == []
    elsewhere = Diagnostic("error", "here", "other.mlir", 1, 3)
    problems = check("op // expected-error {{here}}", elsewhere)
    assert [(p.elsewhere, p.message) for p in problems[:1]] == [
        ("other.mlir:1:3", "unexpected error: here")
    ]
    assert (
        render(problems[0], FILE, []) == "other.mlir:1:3: error: unexpected error: here"
    )


def test_only_expected_ignores_unexpected_diagnostics():
    text = "op // expected-error {{wanted}}"
    found = [error(1, "wanted"), error(1, "other"), error(3, "more")]
    assert check(text, *found, only_expected=True) == []
    assert messages(check(text, only_expected=True)) == [
        'expected error "wanted" was not produced'
    ]


def test_render_shows_the_line_and_marks_the_text():
    lines = ["op", "// expected-error@-1 {{other}}"]
    missing = Problem(2, 4, 'expected error "other" was not produced', 5)
    assert render(missing, FILE, lines) == (
        'in.mlir:2:4: error: expected error "other" was not produced\n'
        "// expected-error@-1 {{other}}\n"
        "   ^~~~~"
    )
    assert render(Problem(1, 2, "unexpected error: x"), FILE, lines) == (
        "in.mlir:1:2: error: unexpected error: x\nop\n ^"
    )


def test_diagnostics_from_errors_and_text():
    located = CompileError.at("f.mlir:3:5", "bad op", "  context\n  ^")
    assert diagnostic_of(located) == Diagnostic("error", "bad op", "f.mlir", 3, 5)
    assert diagnostic_of(CompileError("error: lower-to-coopmat: no")) == Diagnostic(
        "error", "lower-to-coopmat: no"
    )
    assert diagnostic_of(ValueError("plain")) == Diagnostic("error", "plain")
    assert diagnostic_of(AssertionError()) is None  # a bug, not a diagnostic
    assert parse_diagnostic("f.mlir:2:3: remark: chose x\n") == Diagnostic(
        "remark", "chose x", "f.mlir", 2, 3
    )
    assert parse_diagnostic("f.mlir: error: cannot read") == Diagnostic(
        "error", "cannot read", "f.mlir"
    )
    assert parse_diagnostic("Pass cse took 0.1 seconds") is None


def test_collector_takes_diagnostic_lines_from_stderr(capsys):
    collector = DiagnosticCollector()
    with collector.capturing_stderr():
        print("f.mlir:2:3: remark: lower-to-coopmat: tile=1", file=sys.stderr)
        print("some other text", file=sys.stderr)
        print("f.mlir:4:1: warning: left alone", file=sys.stderr)
    assert collector.diagnostics == [
        Diagnostic("remark", "lower-to-coopmat: tile=1", "f.mlir", 2, 3),
        Diagnostic("warning", "left alone", "f.mlir", 4, 1),
    ]
    assert capsys.readouterr().err == "some other text\n"
