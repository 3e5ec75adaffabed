"""coopmlir-opt as a user meets it: exit codes, located errors, pass flags."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from run_tools import run_opt

from coopmlir.tools.coopmlir_opt import gather_pass_flags

EXAMPLE = Path(__file__).parents[2] / "examples" / "coopmat_ops.mlir"

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


def test_verify_diagnostics_reports_and_succeeds(tmp_path):
    path = write(tmp_path, GOOD.replace("16x16xf32, acc>)", "0x16xf32, acc>)"))
    result = run_opt(path, "--verify-diagnostics")
    assert result.returncode == 0
    assert f"{path}:1:18: error: matrix shape 0x16 must be positive" in result.stdout


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


def test_gather_pass_flags_leaves_other_flags():
    argv = ["--split-input-file", "--print-op-generic", "x.mlir"]
    assert gather_pass_flags(argv, ["a-pass"]) == argv


def test_type_constraint_failing_while_parsing_is_located(tmp_path):
    path = write(
        tmp_path,
        "func.func @f(%a: f32) {\n  %x = arith.addi %a, %a : f32\n  func.return\n}\n",
    )
    assert_bad_input(run_opt(path), f"{path}:2:3: error: Unexpected attribute f32")
