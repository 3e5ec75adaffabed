"""coopmlir-opt as a user meets it: exit codes, located errors, pass flags."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from support.run_tools import run_opt

from coopmlir.tools.coopmlir_opt import gather_pass_flags, split_flag_values
from coopmlir.tools.pass_pipeline import PipelineSyntaxError, parse_pass_pipeline

EXAMPLE = Path(__file__).parents[3] / "examples" / "coopmat_ops.mlir"

GOOD = """\
func.func @f(%x: !coopmat.matrix<16x16xf32, acc>) -> !coopmat.matrix<16x16xf32, acc> {
  %y = coopmat.add %x, %x : !coopmat.matrix<16x16xf32, acc>
  func.return %y : !coopmat.matrix<16x16xf32, acc>
}
"""


def write(tmp_path: Path, text: str, name: str = "in.mlir") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def assert_bad_input(result: subprocess.CompletedProcess, *fragments: str) -> None:
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


def test_example_parses_and_round_trips(tmp_path):
    first = run_opt(str(EXAMPLE))
    assert first.returncode == 0, first.stderr
    assert "coopmat.mul_add" in first.stdout
    again = run_opt(stdin=first.stdout)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout


def test_malformed_ir_points_at_the_token(tmp_path):
    path = write(tmp_path, "func.func @f() {\n  %x = arith.constant 1 :\n}\n")
    assert_bad_input(run_opt(path), f"{path}:3:1: error: type expected")


def test_verifier_error_has_the_op_location(tmp_path):
    text = GOOD.replace("coopmat.add %x, %x", "coopmat.scale %x, %x").replace(
        ": !coopmat.matrix<16x16xf32, acc>\n  func",
        ": !coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, acc>\n  func",
    )
    path = write(tmp_path, text)
    assert_bad_input(run_opt(path), f"{path}:2:3: error: 'coopmat.scale' op scalar")


def test_invalid_type_points_at_the_type(tmp_path):
    path = write(tmp_path, GOOD.replace("16x16xf32, acc>)", "16x16xi16, acc>)"))
    assert_bad_input(run_opt(path), f"{path}:1:18: error: matrix element type")


def test_split_input_file_offsets_lines(tmp_path):
    path = write(tmp_path, GOOD + "// -----\n" + GOOD.replace("add", "bogus_op"))
    assert_bad_input(run_opt(path, "--split-input-file"), f"{path}:7:")


ZERO_ROWS = GOOD.replace("16x16xf32, acc>)", "0x16xf32, acc>)")


def test_verify_diagnostics_passes_when_expectations_are_met(tmp_path):
    text = "// expected-error@+1 {{matrix shape 0x16 must be positive}}\n" + ZERO_ROWS
    result = run_opt(write(tmp_path, text), "--verify-diagnostics")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_verify_diagnostics_fails_on_a_wrong_expectation(tmp_path):
    path = write(tmp_path, "// expected-error@+1 {{shape 1x16}}\n" + ZERO_ROWS)
    assert_bad_input(
        run_opt(path, "--verify-diagnostics"),
        f"{path}:2:18: error: unexpected error: matrix shape 0x16 must be positive",
        f'{path}:1:4: error: expected error "shape 1x16" was not produced',
    )
    # A valid input with an expectation fails too; one without passes.
    missing = write(tmp_path, "// expected-error@below {{x}}\n" + GOOD, "m.mlir")
    assert_bad_input(run_opt(missing, "--verify-diagnostics"), 'error "x" was not')
    assert (
        run_opt(write(tmp_path, GOOD, "g.mlir"), "--verify-diagnostics").returncode == 0
    )


def test_verify_diagnostics_in_chunks_uses_the_file_lines(tmp_path):
    text = GOOD + "// -----\n// expected-error@+1 {{shape}}\n" + ZERO_ROWS
    path = write(tmp_path, text)
    ok = run_opt(path, "--split-input-file", "--verify-diagnostics")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.count("coopmat.add") == 1  # the valid chunk is printed
    wrong = write(tmp_path, text.replace("@+1", "@+2"), "w.mlir")
    assert_bad_input(
        run_opt(wrong, "--split-input-file", "--verify-diagnostics"),
        f"{wrong}:7:18: error: unexpected error: matrix shape 0x16",
        f"{wrong}:6:4: error: expected error",
    )


def test_verify_diagnostics_checks_pass_remarks(tmp_path):
    matmul = (Path(__file__).parents[3] / "examples" / "matmul.mlir").read_text()
    flag = "--lower-to-coopmat=explain=true"
    line = "  linalg.matmul"
    expected = "// expected-remark@+1 {{lower-to-coopmat: 64x48x32 f16*f16->f32}}\n"
    ok = write(tmp_path, matmul.replace(line, expected + line))
    result = run_opt(ok, flag, "--verify-diagnostics")
    assert result.returncode == 0, result.stderr
    assert "remark" not in result.stderr
    unexpected = write(tmp_path, matmul, "u.mlir")
    assert_bad_input(
        run_opt(unexpected, flag, "--verify-diagnostics"),
        f"{unexpected}:5:3: error: unexpected remark: lower-to-coopmat: 64x48x32",
    )
    # only-expected: the same unexpected remark is allowed.
    allowed = run_opt(unexpected, flag, "--verify-diagnostics=only-expected")
    assert allowed.returncode == 0, allowed.stderr


@pytest.mark.parametrize(
    "flags, message",
    [
        (["--no-such-pass"], "unrecognized arguments: --no-such-pass"),
        (["-p", "no-such-pass"], "Unrecognized passes: ['no-such-pass']"),
        (["--lower-to-coopmat=stages=abc"], "invalid pass pipeline"),
        (["--lower-to-coopmat=bogus=1"], 'Provided arguments ["bogus"] not found'),
        (["-p", "lower-to-coopmat{"], "invalid pass pipeline"),
    ],
)
def test_bad_pass_flags(tmp_path, flags, message):
    assert_bad_input(run_opt(write(tmp_path, GOOD), *flags), message)


def test_missing_input_file(tmp_path):
    assert_bad_input(run_opt(str(tmp_path / "nope.mlir")), "No such file")


def test_output_file_written_only_on_success(tmp_path):
    out = tmp_path / "out.mlir"
    ok = run_opt(write(tmp_path, GOOD), "-o", str(out))
    assert ok.returncode == 0 and "coopmat.add" in out.read_text()
    out.unlink()
    bad = run_opt(write(tmp_path, "func.func @f(", "bad.mlir"), "-o", str(out))
    assert bad.returncode == 1 and not out.exists()


def test_empty_input_is_an_empty_module(tmp_path):
    result = run_opt(write(tmp_path, "// nothing here\n"))
    assert result.returncode == 0
    assert result.stdout.split() == ["builtin.module", "{", "}"]


def test_passes_run_in_command_line_order(tmp_path):
    # cse then canonicalize, both mlir-opt style: the duplicate add disappears.
    text = GOOD.replace(
        "  func.return %y",
        "  %z = coopmat.add %x, %x : !coopmat.matrix<16x16xf32, acc>\n"
        '  "test.op"(%z) : (!coopmat.matrix<16x16xf32, acc>) -> ()\n'
        "  func.return %y",
    )
    result = run_opt(write(tmp_path, text), "--cse", "--canonicalize")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("coopmat.add") == 1


def test_gather_pass_flags_keeps_order_and_options():
    names = ["a-pass", "b-pass", "c-pass"]
    argv = ["in.mlir", "--b-pass=x=1 y=2", "-p", "c-pass", "--a-pass", "-o", "o"]
    assert gather_pass_flags(argv, names) == [
        "in.mlir",
        "-o",
        "o",
        "-p",
        "b-pass{x=1 y=2},c-pass,a-pass",
    ]


def test_gather_pass_flags_flattens_pass_pipelines():
    pipeline = "builtin.module(func.func(cse, a-pass{x=1 y='a, b'}), b-pass)"
    argv = ["in.mlir", f"--pass-pipeline={pipeline}", "--c-pass"]
    assert gather_pass_flags(argv, ["a-pass", "b-pass", "c-pass"]) == [
        "in.mlir",
        "-p",
        "cse,a-pass{x=1 y='a, b'},b-pass,c-pass",
    ]
    assert gather_pass_flags(["--pass-pipeline", "any()"], []) == []


@pytest.mark.parametrize(
    "pipeline, message",
    [
        ("cse", "anchored on builtin.module(...), not 'cse' at column 1"),
        ("builtin.module(cse", "expected ')', found the end at column 19"),
        ("builtin.module(cse))", "unexpected text after the pipeline at column 20"),
        ("builtin.module(a{x=1)", "unbalanced '{' at column 17"),
        ("builtin.module(,)", "expected a pass or an op name at column 16"),
        ("builtin.module(tensor.empty(cse))", "'tensor.empty(...)' is not supported"),
    ],
)
def test_bad_pass_pipelines_say_where(pipeline, message):
    with pytest.raises(PipelineSyntaxError, match="invalid pass pipeline") as err:
        parse_pass_pipeline(pipeline)
    assert message in str(err.value)


def test_flag_values_need_an_equals_sign():
    argv = ["--split-input-file", "in.mlir", "--verify-diagnostics=only-expected"]
    assert split_flag_values(argv) == [
        "--split-input-file",
        "in.mlir",
        "--verify-diagnostics",
        "--verify-diagnostics-mode=only-expected",
    ]
    assert split_flag_values(["--split-input-file=// X"]) == [
        "--split-input-file",
        "--split-input-marker=// X",
    ]


def test_gather_pass_flags_leaves_other_flags():
    argv = ["--split-input-file", "--print-op-generic", "x.mlir"]
    assert gather_pass_flags(argv, ["a-pass"]) == argv


def test_type_constraint_failing_while_parsing_is_located(tmp_path):
    path = write(
        tmp_path,
        "func.func @f(%a: f32) {\n  %x = arith.addi %a, %a : f32\n  func.return\n}\n",
    )
    assert_bad_input(run_opt(path), f"{path}:2:3: error: Unexpected attribute f32")


def test_parsing_diagnostics_is_xdsl_opts(tmp_path):
    # xdsl-opt's --parsing-diagnostics: the parse error on stdout, exit 0.
    path = write(tmp_path, "func.func @f( {\n")
    result = run_opt(path, "--parsing-diagnostics")
    assert result.returncode == 0, result.stderr
    assert f"{path}:1:15: error: Expected argument or type" in result.stdout
    assert_bad_input(run_opt(path), f"{path}:1:15: error: Expected argument")


def test_mlir_opt_style_pass_options_are_checked_and_quoted():
    example = str(Path(__file__).parents[3] / "examples" / "matmul.mlir")
    # A value with ':' reaches the pass (here: an unknown device index).
    result = run_opt(example, "--lower-to-coopmat=target=vulkan:99")
    assert result.returncode == 1
    assert "target 'vulkan:99'" in result.stderr, result.stderr
    for options, message in (
        ("tile", "option 'tile' needs a value (tile=...)"),
        ("stages=1 stages=2", "option 'stages' is given twice"),
    ):
        result = run_opt(example, f"--lower-to-coopmat={options}")
        assert result.returncode == 1
        assert f"error: --lower-to-coopmat: {message}" in result.stderr
    # A bool option alone means true, as in mlir-opt.
    result = run_opt(example, "--lower-to-coopmat=explain")
    assert result.returncode == 0
    assert "remark: lower-to-coopmat:" in result.stderr
