"""coopmlir-run from the command line: inputs, outputs, checks, bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.run_tools import run_run as run_tool
from support.tensor_programs import TENSOR_DYNAMIC

MATMUL = """\
func.func @matmul(%A: memref<16x8xf16>, %B: memref<8x4xf16>, %C: memref<16x4xf32>) {
  linalg.matmul ins(%A, %B : memref<16x8xf16>, memref<8x4xf16>) outs(%C : memref<16x4xf32>)
  func.return
}
"""

# Same signature, but computes C = A*B + C + 1: a wrong "lowering".
WRONG = MATMUL.replace(
    "  func.return",
    """  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %x = memref.load %C[%c0, %c0] : memref<16x4xf32>
  %y = arith.addf %x, %one : f32
  memref.store %y, %C[%c0, %c0] : memref<16x4xf32>
  func.return""",
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_runs_on_given_inputs_and_saves_outputs(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    rng = np.random.default_rng(5)
    given = {
        "A": rng.standard_normal((16, 8)).astype(np.float16),
        "B": rng.standard_normal((8, 4)).astype(np.float16),
        "C": rng.standard_normal((16, 4)).astype(np.float32),
    }
    flags = []
    for name, value in given.items():
        np.save(tmp_path / f"{name}.npy", value)
        flags += ["--input", f"{name}={tmp_path / name}.npy"]
    out = tmp_path / "out"
    result = run_tool(path, "--entry", "matmul", *flags, "--output-dir", str(out))
    assert result.returncode == 0, result.stderr
    assert "%C: float32[16, 4]" in result.stdout
    A, B = given["A"].astype(np.float64), given["B"].astype(np.float64)
    expected = (A @ B + given["C"]).astype(np.float32)
    np.testing.assert_array_equal(np.load(out / "C.npy"), expected)
    np.testing.assert_array_equal(np.load(out / "A.npy"), given["A"])


def test_random_inputs_follow_the_seed(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    for seed, folder in (("3", "x"), ("3", "y"), ("4", "z")):
        args = [
            "--entry",
            "matmul",
            "--seed",
            seed,
            "--output-dir",
            str(tmp_path / folder),
        ]
        assert run_tool(path, *args).returncode == 0
    x, y, z = (np.load(tmp_path / f / "A.npy") for f in "xyz")
    assert np.array_equal(x, y) and not np.array_equal(x, z)
    assert np.abs(x).max() > 0


def test_check_against_passes_for_the_same_semantics(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(path, "--entry", "matmul", "--check-against", path)
    assert result.returncode == 0, result.stderr
    assert "ok   %C" in result.stdout


def test_check_against_fails_for_a_wrong_module(tmp_path):
    wrong = write(tmp_path, "wrong.mlir", WRONG)
    ref = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(wrong, "--entry", "matmul", "--check-against", ref)
    assert result.returncode == 1
    assert "FAIL %C: max abs error 1" in result.stdout


def test_bad_inputs_are_named(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    np.save(tmp_path / "bad.npy", np.ones((3, 3), np.float16))
    np.save(tmp_path / "f32.npy", np.ones((16, 8), np.float32))
    cases = [
        (["--entry", "nope"], "no function @nope in the module (@matmul)"),
        (
            ["--entry", "matmul", "--input", f"Q={tmp_path / 'bad.npy'}"],
            "no argument %Q",
        ),
        (
            ["--entry", "matmul", "--input", f"A={tmp_path / 'bad.npy'}"],
            "input has shape (3, 3), expected (16, 8)",
        ),
        (
            ["--entry", "matmul", "--input", f"A={tmp_path / 'f32.npy'}"],
            "input has dtype float32, expected float16",
        ),
        (["--entry", "matmul", "--input", "A=/nonexistent.npy"], "cannot load"),
    ]
    for args, message in cases:
        result = run_tool(path, *args)
        assert result.returncode == 1, (args, result)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr


def test_malformed_module_and_unsupported_op(tmp_path):
    bad = write(tmp_path, "bad.mlir", "func.func @f( {\n")
    result = run_tool(bad, "--entry", "f")
    assert result.returncode == 1 and f"{bad}:1:" in result.stderr
    unsupported = write(
        tmp_path,
        "u.mlir",
        """\
func.func @f(%x: f32) -> f32 {
  %y = math.atan %x : f32
  func.return %y : f32
}
""",
    )
    result = run_tool(unsupported, "--entry", "f")
    assert result.returncode == 1
    assert "math.atan" in result.stderr and "Traceback" not in result.stderr


def test_device_run_matches_the_interpreter(tmp_path):
    """coopmlir-run --device vulkan: lowered for the queried device (lavapipe
    in CI), run there, compared with the interpreter."""
    from support.vulkan_device import require_vulkan

    require_vulkan()
    path = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(path, "--entry", "matmul", "--device", "vulkan", "--check")
    assert result.returncode == 0, result.stderr
    assert "kernel @matmul grid" in result.stdout
    assert "ok   %C" in result.stdout


# The result is written into %C's buffer (no out-param after bufferizing).
TENSOR_IN_ARGUMENT = """\
func.func @matmul(%A: tensor<16x8xf16>, %B: tensor<8x4xf16>, %C: tensor<16x4xf32>) -> tensor<16x4xf32> {
  %D = linalg.matmul ins(%A, %B : tensor<16x8xf16>, tensor<8x4xf16>) outs(%C : tensor<16x4xf32>) -> tensor<16x4xf32>
  func.return %D : tensor<16x4xf32>
}
"""


# The result is a new buffer (an out-param after bufferizing).
TENSOR_FILLED = """\
func.func @matmul(%A: tensor<16x8xf16>, %B: tensor<8x4xf16>) -> tensor<16x4xf32> {
  %e = tensor.empty() : tensor<16x4xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x4xf32>) -> tensor<16x4xf32>
  %D = linalg.matmul ins(%A, %B : tensor<16x8xf16>, tensor<8x4xf16>) outs(%f : tensor<16x4xf32>) -> tensor<16x4xf32>
  func.return %D : tensor<16x4xf32>
}
"""

KERNEL = """\
builtin.module attributes {gpu.container_module} {
  gpu.module @k {
  gpu.func @kern(%m: memref<4xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    gpu.return
  }
  }
}
"""


@pytest.mark.parametrize(
    "source", [TENSOR_IN_ARGUMENT, TENSOR_FILLED], ids=["in-argument", "out-param"]
)
def test_device_runs_the_tensor_form(tmp_path, source):
    """A function on tensors runs bufferized on the device; its result is
    read from the buffer it was written into (was: IndexError, or KeyError
    'result0' after the kernel ran)."""
    from support.vulkan_device import require_vulkan

    require_vulkan()
    path = write(tmp_path, "t.mlir", source)
    out = tmp_path / "out"
    result = run_tool(
        path,
        "--entry",
        "matmul",
        "--device",
        "vulkan",
        "--check",
        *("--options", "tile=16x16x16 subgroups=1x1"),  # small SIMT code
        "--output-dir",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    assert "ok   %result0" in result.stdout
    interpreted = run_tool(
        path, "--entry", "matmul", "--output-dir", str(tmp_path / "i")
    )
    assert interpreted.returncode == 0, interpreted.stderr
    np.testing.assert_allclose(
        np.load(out / "result0.npy"), np.load(tmp_path / "i" / "result0.npy"), rtol=1e-5
    )


def _dynamic_inputs(tmp_path) -> list[str]:
    """--input flags for A (13 x 7) and B (7 x 5)."""
    rng = np.random.default_rng(0)
    flags = []
    for name, shape in (("A", (13, 7)), ("B", (7, 5))):
        np.save(tmp_path / f"{name}.npy", rng.uniform(-1, 1, shape).astype(np.float16))
        flags += ["--input", f"{name}={tmp_path / name}.npy"]
    return flags


def test_dynamic_shapes_come_from_the_inputs(tmp_path):
    """A dynamic argument takes the shape of its --input; without one it is
    refused by name."""
    path = write(tmp_path, "d.mlir", TENSOR_DYNAMIC)
    out = tmp_path / "out"
    flags = _dynamic_inputs(tmp_path)
    result = run_tool(path, "--entry", "matmul", *flags, "--output-dir", str(out))
    assert result.returncode == 0, result.stderr
    a, b = np.load(tmp_path / "A.npy"), np.load(tmp_path / "B.npy")
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(np.load(out / "result0.npy"), want, atol=1e-5)
    refused = run_tool(path, "--entry", "matmul", *flags[:2])
    assert_refused(
        refused, "%B : tensor<?x?xf16> has a dynamic shape: give its sizes with --shape"
    )


def test_device_runs_the_dynamic_tensor_form(tmp_path):
    """The bufferized form on the device, its out-param allocated from the
    sizes the function reads off A and B (13 x 5)."""
    from support.vulkan_device import require_vulkan

    require_vulkan()
    path = write(tmp_path, "d.mlir", TENSOR_DYNAMIC)
    out = tmp_path / "out"
    result = run_tool(
        path,
        "--entry",
        "matmul",
        *_dynamic_inputs(tmp_path),
        "--device",
        "vulkan",
        "--check",
        *("--options", "tile=16x16x16 subgroups=1x1"),  # small SIMT code
        "--output-dir",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    assert "ok   %result0" in result.stdout
    assert np.load(out / "result0.npy").shape == (13, 5)


def test_device_refuses_a_kernel_entry(tmp_path):
    path = write(tmp_path, "k.mlir", KERNEL)
    result = run_tool(path, "--entry", "kern", "--device", "vulkan")
    assert_refused(
        result, f"{path}:3:3: error: @kern is a kernel: --device runs a host function"
    )


def test_arguments_larger_than_memory_are_refused_before_allocating(tmp_path):
    big = "memref<1048576x1048576xf16>"  # 2^40 elements
    path = write(
        tmp_path,
        "big.mlir",
        f"func.func @f(%A: {big}) {{\n  func.return\n}}\n",
    )
    result = run_tool(path, "--entry", "f")
    assert_refused(
        result,
        f"{path}:1:1: error: @f's arguments need 10995116277760 bytes of host memory",
    )
    assert result.stdout == ""


EXAMPLE = Path(__file__).parents[3] / "examples" / "coopmat_ops.mlir"

# MATMUL as mlir-opt-22 prints it: the arguments are renamed %arg0, %arg1, ...
MATMUL_FROM_MLIR = (
    MATMUL.replace("%A", "%arg0").replace("%B", "%arg1").replace("%C", "%arg2")
)

TENSOR_MATMUL = """\
func.func @matmul(%A: tensor<16x8xf16>, %B: tensor<8x4xf16>) -> tensor<16x4xf32> {
  %e = tensor.empty() : tensor<16x4xf32>
  %D = linalg.matmul ins(%A, %B : tensor<16x8xf16>, tensor<8x4xf16>) outs(%e : tensor<16x4xf32>) -> tensor<16x4xf32>
  func.return %D : tensor<16x4xf32>
}
"""


def assert_refused(result, *fragments: str) -> None:
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr, result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr


def test_check_against_matches_arguments_by_position(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    ref = write(tmp_path, "ref.mlir", MATMUL_FROM_MLIR)
    result = run_tool(path, "--entry", "matmul", "--check-against", ref)
    assert result.returncode == 0, result.stderr
    assert "ok   %C" in result.stdout and "ok   %A" in result.stdout
    assert (
        "note: the reference names its arguments differently; matched by "
        "position: %arg0 as %A, %arg1 as %B, %arg2 as %C"
    ) in result.stderr
    # A wrong reference is still caught when only the names differ.
    wrong_ref = write(tmp_path, "wrong.mlir", WRONG.replace("%C", "%arg2"))
    failed = run_tool(path, "--entry", "matmul", "--check-against", wrong_ref)
    assert failed.returncode == 1 and "FAIL %C" in failed.stdout


def test_check_against_other_arguments_says_what_differs(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    ref = write(tmp_path, "tensor.mlir", TENSOR_MATMUL.replace("16x4xf32", "16x4xf16"))
    result = run_tool(path, "--entry", "matmul", "--check-against", ref)
    # Compared bufferized (test_coopmlir_run_check_against.py): %C's type differs.
    assert_refused(
        result,
        f"{ref}:1:1: error: @matmul differs from @matmul of {path}: argument 2 "
        f"(%C) is memref<16x4xf16> in {ref}, memref<16x4xf32> in {path}",
        f"{path}:1:1: note: @matmul of {path} is here",
    )
    assert result.stdout == ""  # refused before anything ran
    f16 = write(tmp_path, "f16.mlir", MATMUL.replace("16x4xf32", "16x4xf16"))
    assert_refused(
        run_tool(path, "--entry", "matmul", "--check-against", f16),
        f"{f16}:1:1: error: @matmul differs from @matmul of {path}: argument 2 "
        f"(%C) is memref<16x4xf16> in {f16}, memref<16x4xf32> in {path}",
        "check against a function with the same argument and result types",
    )


@pytest.mark.parametrize(
    "entry, line, why",
    [
        (
            "relu",
            41,
            "argument %m : !coopmat.matrix<16x16xf32, acc> is a cooperative matrix",
        ),
        (
            "two_layers",
            58,
            "argument %features : vector<16xf16> is a per-work-item vector",
        ),
        (
            "dequant_slice",
            76,
            "argument %block : vector<32xf16> is a per-work-item vector",
        ),
        (
            "int8",
            84,
            "result 0 : !coopmat.matrix<16x16xf16, acc> is a cooperative matrix",
        ),
    ],
)
def test_functions_of_a_subgroup_are_refused_at_the_function(entry, line, why):
    result = run_tool(str(EXAMPLE), "--entry", entry)
    assert_refused(
        result,
        f"{EXAMPLE}:{line}:1: error: @{entry} cannot be run directly: {why}",
        "run a kernel, or a function whose arguments and results are memrefs",
    )


def test_host_vectors_are_vectors(tmp_path):
    path = write(
        tmp_path,
        "v.mlir",
        """\
func.func @twice(%x: vector<4xf32>) -> vector<4xf32> {
  %y = arith.addf %x, %x : vector<4xf32>
  func.return %y : vector<4xf32>
}
""",
    )
    result = run_tool(path, "--entry", "twice", "--output-dir", str(tmp_path / "o"))
    assert result.returncode == 0, result.stderr
    assert "%result0: float32[4]" in result.stdout
    assert np.load(tmp_path / "o" / "result0.npy").shape == (4,)


@pytest.mark.parametrize(
    "flags, message",
    [
        (["--repeat", "0"], "error: --repeat 0: must be at least 1"),
        (["--repeat", "-2"], "error: --repeat -2: must be at least 1"),
        (["--tolerance", "-1"], "error: --tolerance -1.0: must be a number >= 0"),
        (["--tolerance", "nan"], "error: --tolerance nan: must be a number >= 0"),
        (["--subgroup-size", "0"], "error: --subgroup-size 0: must be positive"),
        (["--options", "stages=1"], "give --device too"),
        (
            ["--device", "vulkan", "--options", "bogus=1"],
            "error: --options: unknown option 'bogus' (lower-to-coopmat takes "
            "tile, subgroups, mma, stages, raster, accumulator-bytes, tune, "
            "explain, size-hint,",
        ),
        (
            ["--device", "vulkan", "--options", "stages=x"],
            "error: --options: stages=x: stages must be an integer",
        ),
        (
            ["--device", "vulkan", "--options", "explain=maybe"],
            "error: --options: explain=maybe: explain must be true or false",
        ),
        (
            ["--device", "vulkan", "--options", "target=simt"],
            "error: --options: target is the queried device's (--device)",
        ),
        (["--device", "vulkan", "--options", "tile"], "'tile' needs a value"),
        (
            ["--device", "vulkan", "--options", "stages=1 stages=2"],
            "error: --options: 'stages' is given twice",
        ),
    ],
)
def test_bad_flag_values_are_refused_before_running(tmp_path, flags, message):
    path = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(path, "--entry", "matmul", *flags)
    assert_refused(result, message)
    assert result.stdout == ""


def test_output_dir_must_be_a_directory(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    taken = write(tmp_path, "taken", "")
    result = run_tool(path, "--entry", "matmul", "--output-dir", taken)
    assert_refused(
        result, f"error: --output-dir {taken}: exists and is not a directory"
    )


def test_each_diagnostic_is_printed_once(tmp_path):
    write(tmp_path, "f.mlir", "func.func @f(%a: memref<4xf32>) {\n  func.return\n")
    result = run_tool("f.mlir", "--entry", "f", cwd=tmp_path)
    assert_refused(result)
    assert result.stderr.splitlines()[0] == (
        "f.mlir:3:1: error: expected an operation, a block label (^name) or '}' "
        "in block definition"
    )
    assert result.stderr.count("error:") == 1
    missing = run_tool("nope.mlir", "--entry", "f", cwd=tmp_path)
    assert missing.stderr == "error: cannot read nope.mlir: No such file or directory\n"


def test_options_reach_the_lowering_with_their_types(tmp_path):
    """explain=false does not explain; explain=true does (on the device)."""
    from support.vulkan_device import require_vulkan

    require_vulkan()
    path = write(tmp_path, "mm.mlir", MATMUL)
    for value, remarks in (("false", 0), ("true", 1)):
        result = run_tool(
            path,
            "--entry",
            "matmul",
            "--device",
            "vulkan",
            "--options",
            f"explain={value}",
        )
        assert result.returncode == 0, result.stderr
        assert result.stderr.count("remark: lower-to-coopmat:") == remarks, (
            result.stderr
        )


def test_device_runs_the_attention_example():
    """The attention pattern on tensors runs on the device as its one fused
    kernel: the result buffers are planned on the recognized form (the
    unfused program's shared `tensor.empty` cannot be written in place)."""
    from support.vulkan_device import require_vulkan

    require_vulkan()
    example = Path(__file__).parents[3] / "examples" / "attention.mlir"
    result = run_tool(
        str(example),
        "--entry",
        "attention",
        "--device",
        "vulkan",
        "--check",
        "--tolerance",
        "2e-3",
    )
    assert result.returncode == 0, result.stderr
    assert "kernel @attention_attention" in result.stdout
    assert "ok   %result0" in result.stdout


DYNAMIC = MATMUL.replace("16x8", "?x?").replace("8x4", "?x?").replace("16x4", "?x?")


def test_shape_gives_dynamic_sizes_for_random_inputs(tmp_path):
    """`--shape NAME=DIMS`: random data of those sizes, the same run as on
    the static function of those sizes (same seed, same inputs and result)."""
    dynamic = write(tmp_path, "dyn.mlir", DYNAMIC)
    static = write(
        tmp_path,
        "static.mlir",
        MATMUL.replace("16x8", "33x45")
        .replace("8x4", "45x17")
        .replace("16x4", "33x17"),
    )
    sizes = ["--shape", "A=33x45", "--shape", "%B=45x17", "--shape", "C=33x17"]
    ran = run_tool(
        dynamic, "--entry", "matmul", *sizes, "--output-dir", str(tmp_path / "d")
    )
    assert ran.returncode == 0, ran.stderr
    assert "%C: float32[33, 17]" in ran.stdout
    assert (
        run_tool(
            static, "--entry", "matmul", "--output-dir", str(tmp_path / "s")
        ).returncode
        == 0
    )
    for name in "ABC":
        np.testing.assert_array_equal(
            np.load(tmp_path / "d" / f"{name}.npy"),
            np.load(tmp_path / "s" / f"{name}.npy"),
        )


def test_dynamic_inputs_from_files_need_no_shape(tmp_path):
    path = write(tmp_path, "dyn.mlir", DYNAMIC)
    flags = ["--shape", "C=5x3"]
    for name, shape in (("A", (5, 2)), ("B", (2, 3))):
        np.save(tmp_path / f"{name}.npy", np.ones(shape, np.float16))
        flags += ["--input", f"{name}={tmp_path / name}.npy"]
    result = run_tool(
        path, "--entry", "matmul", *flags, "--output-dir", str(tmp_path / "o")
    )
    assert result.returncode == 0, result.stderr
    assert np.load(tmp_path / "o" / "A.npy").shape == (5, 2)


@pytest.mark.parametrize(
    "flags, message",
    [
        (
            ["--shape", "A=4x5", "--shape", "B=5x3"],
            "dyn.mlir:1:1: error: %C : memref<?x?xf32> has a dynamic shape: give "
            "its sizes with --shape C=DIMS",
        ),
        (["--shape", "A4x5"], "error: --shape A4x5: expected NAME=DIMS"),
        (["--shape", "D=4x5"], "error: --shape D=4x5: no argument %D"),
        (["--shape", "A=4xq"], "sizes must be integers >= 0 joined by 'x'"),
        (["--shape", "A=4x-1"], "sizes must be integers >= 0 joined by 'x'"),
        (["--shape", "A=4"], "error: --shape A=4: does not fit %A : memref<?x?xf16>"),
        (["--shape", "A=4x5", "--shape", "A=4x5"], "%A is given twice"),
    ],
)
def test_bad_shapes_are_refused_before_running(tmp_path, flags, message):
    path = write(tmp_path, "dyn.mlir", DYNAMIC)
    result = run_tool(path, "--entry", "matmul", *flags)
    assert_refused(result, message)
    assert result.stdout == ""


def test_a_static_size_given_otherwise_is_refused(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL.replace("16x8", "?x8"))
    result = run_tool(path, "--entry", "matmul", "--shape", "A=16x9")
    assert_refused(result, "error: --shape A=16x9: does not fit %A : memref<?x8xf16>")


def test_device_refuses_a_grid_beyond_the_device_before_drawing_inputs(tmp_path):
    """M = 8 * 65537 rows need 65537 workgroups of 8 rows: refused at the
    matmul from the sizes alone (the arguments are never allocated)."""
    from support.vulkan_device import require_vulkan

    require_vulkan()
    path = write(tmp_path, "dyn.mlir", DYNAMIC)
    sizes = ["--shape", "A=524296x1", "--shape", "B=1x1", "--shape", "C=524296x1"]
    options = ["--options", "tile=8x8x8 mma=8x8x8"]
    result = run_tool(path, "--entry", "matmul", "--device", "vulkan", *options, *sizes)
    assert_refused(
        result,
        "dyn.mlir:2:3: error: kernel @matmul needs a grid of (1, 65537, 1) workgroups",
        "(maxComputeWorkGroupCount)",
    )


def test_reading_an_unwritten_tensor_empty_is_a_located_warning(tmp_path):
    """A matmul accumulating into a tensor.empty reads undefined values: NaN
    on the interpreter, what the buffer holds on a device (#18)."""
    path = write(tmp_path, "empty.mlir", TENSOR_MATMUL)
    result = run_tool(path, "--entry", "matmul")
    assert result.returncode == 0, result
    assert (
        f"{path}:3:3: warning: 'linalg.matmul' reads %e, a tensor.empty "
        f"({path}:2:3) that nothing wrote" in result.stderr
    )
    assert "min nan" in result.stdout
    filled = TENSOR_MATMUL.replace(
        "  %D = linalg.matmul ins(%A, %B : tensor<16x8xf16>, tensor<8x4xf16>) outs(%e",
        "  %z = arith.constant 0.0 : f32\n"
        "  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x4xf32>) "
        "-> tensor<16x4xf32>\n"
        "  %D = linalg.matmul ins(%A, %B : tensor<16x8xf16>, tensor<8x4xf16>) "
        "outs(%f",
    )
    path = write(tmp_path, "filled.mlir", filled)
    result = run_tool(path, "--entry", "matmul")
    assert result.returncode == 0 and "warning" not in result.stderr, result


def test_uninitialized_reads_know_which_ops_read_their_init():
    from coopmlir.dialects.registry import parse_module
    from coopmlir.interpreter.tensor import uninitialized_reads

    module = parse_module("""\
func.func @f(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %e = tensor.empty() : tensor<4x4xf32>
  %s = linalg.add ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %s : tensor<4x4xf32>, tensor<4x4xf32>) outs(%s : tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %g, %m : tensor<4x4xf32>, tensor<4x4xf32>
}
""")  # noqa: E501
    assert [op.name for op, _ in uninitialized_reads(module)] == ["linalg.generic"]
