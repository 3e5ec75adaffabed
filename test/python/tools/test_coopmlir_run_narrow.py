"""coopmlir-run with 8-bit float and 4-bit integer arguments: an f8 input is
given as float values (each must be representable) or as its encodings
(uint8), an i4 one as integers in range; outputs are saved as float32 /
int8. Values a type cannot hold are bad input: exit 1 with a message."""

import numpy as np
from support.run_tools import run_run

from coopmlir.elements import F8E4M3FN, f8_bits, round_f8

PROGRAM = """
func.func @f(%w: tensor<4xf8E4M3FN>, %q: tensor<4xi4>) -> (tensor<4xf32>, tensor<4xi32>) {
  %e = tensor.empty() : tensor<4xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%w : tensor<4xf8E4M3FN>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f8E4M3FN, %o: f32):
    %v = arith.extf %a : f8E4M3FN to f32
    linalg.yield %v : f32
  } -> tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi32>
  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%q : tensor<4xi4>) outs(%ei : tensor<4xi32>) {
  ^bb0(%a: i4, %o: i32):
    %v = arith.extsi %a : i4 to i32
    linalg.yield %v : i32
  } -> tensor<4xi32>
  return %x, %y : tensor<4xf32>, tensor<4xi32>
}
"""


def test_f8_and_i4_inputs(tmp_path):
    source = tmp_path / "f.mlir"
    source.write_text(PROGRAM)
    w = round_f8([0.5, -448.0, 2.0**-9, 3.25], F8E4M3FN)
    np.save(tmp_path / "w.npy", f8_bits(w, F8E4M3FN))  # the encodings
    np.save(tmp_path / "q.npy", np.array([-8, 7, -1, 0], np.int8))
    done = run_run(
        str(source), "--entry", "f", "--input", f"w={tmp_path / 'w.npy'}",
        "--input", f"q={tmp_path / 'q.npy'}", "--output-dir", str(tmp_path / "out"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    outputs = sorted((tmp_path / "out").glob("*.npy"))
    got = [np.load(p) for p in outputs]
    assert any(np.array_equal(g, w) for g in got), got
    assert any(np.array_equal(g, [-8, 7, -1, 0]) for g in got), got


def test_unrepresentable_inputs_are_bad_input(tmp_path):
    source = tmp_path / "f.mlir"
    source.write_text(PROGRAM)
    np.save(tmp_path / "w.npy", np.array([0.1, 1.0, 2.0, 3.0], np.float32))
    done = run_run(str(source), "--entry", "f", "--input", f"w={tmp_path / 'w.npy'}")
    assert done.returncode == 1
    assert "values that f8E4M3FN cannot represent" in done.stderr
    assert "Traceback" not in done.stderr
    np.save(tmp_path / "q.npy", np.array([8, 0, 0, 0], np.int8))
    done = run_run(str(source), "--entry", "f", "--input", f"q={tmp_path / 'q.npy'}")
    assert done.returncode == 1 and "i4 cannot represent" in done.stderr
