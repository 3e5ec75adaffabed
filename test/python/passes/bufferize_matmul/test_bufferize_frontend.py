"""bufferize-matmul on what front ends write, against the interpreter: each
torch-mlir export (test/frontend/Inputs) and the lit inputs of
bufferize-matmul-frontend.mlir run in tensor form and bufferized on the same
inputs and give equal results (the same arithmetic, only where values live
changes). MLIR 22's own one-shot-bufferize output of the exports parses and
runs the same, and lower-to-coopmat takes it as it takes coopmlir's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.frontend_exports import EXPORTS, INPUTS, arguments
from support.mlir_tools import MLIR_OPT, run_mlir
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType

from coopmlir.diagnostics import CompileError, verify_with_locations
from coopmlir.dialects.registry import parse_module, read_module
from coopmlir.interpreter import run_function
from coopmlir.interpreter.values import numpy_dtype
from coopmlir.passes.bufferize_matmul import apply_plan, plan_module, result_arguments

TESTS = Path(__file__).parents[3]
LIT_CASES = TESTS / "passes" / "bufferize-matmul-frontend.mlir"

ONE_SHOT = (
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map"
)


def _function(module: ModuleOp, name: str) -> func.FuncOp:
    return next(
        op
        for op in module.body.block.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )


def _random_inputs(function: func.FuncOp, rng) -> list[np.ndarray]:
    inputs = []
    for arg in function.args:
        t = arg.type
        assert isinstance(t, TensorType)
        inputs.append(rng.standard_normal(t.get_shape()).astype(numpy_dtype(t)))
    return inputs


def _unwritten(t) -> np.ndarray:
    """An out-param whose unwritten elements show: NaN, or -7 for integers."""
    dtype = numpy_dtype(t)
    fill = np.nan if np.issubdtype(dtype, np.floating) else -7
    return np.full(t.get_shape(), fill, dtype)


def _bufferized_results(module: ModuleOp, name: str, inputs: list) -> list:
    """Run `name` bufferized: out-params start as NaN, so a result that is
    never written shows."""
    plans = plan_module(module)
    (plan,) = [p for p in plans if p.function.sym_name.data == name]
    where = result_arguments(plan)
    for p in plans:
        apply_plan(p)
    verify_with_locations(module)
    function = _function(module, name)
    arrays = list(inputs)
    arrays += [_unwritten(arg.type) for arg in function.args[len(inputs) :]]
    assert not run_function(module, name, arrays)
    return [arrays[i] for i in where]


def _assert_same(results, expected) -> None:
    assert len(results) == len(expected)
    for got, want in zip(results, expected, strict=True):
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got, want, equal_nan=True)


#: Exports that bufferize-matmul alone refuses, and why: a `tensor.concat`
#: is recognize-frontend's, which runs first in the pipeline: the int4
#: linear's nibble interleave is consumed by its dequantize fusion, a sink
#: column by its attention fusion, and any other concat becomes inserts
#: (concat.py) (test_frontend_exports.py and test_torch_models.py run these
#: exports whole).
CONCAT = "'tensor.concat' on tensors is not supported"
REFUSED = {
    name: CONCAT
    for name in (
        "int4-linear-f16",
        "attention-sinks",
        "attention-sinks-f16",
        "gqa-sinks",
        "cat-column-attention",
    )
}


def test_a_refused_export_gets_a_located_error():
    for name, message in REFUSED.items():
        with pytest.raises(CompileError, match=message) as error:
            plan_module(read_module(str(INPUTS / f"{name}.mlir")))
        assert f"{name}.mlir:" in str(error.value)


@pytest.mark.parametrize("name", [e for e in EXPORTS if e not in REFUSED])
def test_export_bufferized_computes_the_same(name):
    path = str(INPUTS / f"{name}.mlir")
    x = arguments(name)
    expected = run_function(read_module(path), "forward", x)
    module = read_module(path)
    _assert_same(_bufferized_results(module, "forward", x), expected)
    # Nothing on tensors is left; the weights are globals.
    ops = list(_function(module, "forward").walk())
    assert not any(
        isinstance(t, TensorType)
        for op in ops
        for t in [*op.operand_types, *op.result_types]
    )
    weights = "dense_resource" in Path(path).read_text()
    assert any(op.name == "memref.get_global" for op in ops) == weights


def _lit_cases() -> list[str]:
    return LIT_CASES.read_text().split("\n// -----\n")


@pytest.mark.parametrize("case", range(len(_lit_cases())))
def test_lit_case_bufferized_computes_the_same(case):
    text = _lit_cases()[case]
    functions = [
        op for op in parse_module(text).body.block.ops if isinstance(op, func.FuncOp)
    ]
    for function in functions:
        name = function.sym_name.data
        inputs = _random_inputs(function, np.random.default_rng(case))
        expected = run_function(parse_module(text), name, inputs)
        _assert_same(_bufferized_results(parse_module(text), name, inputs), expected)


def _one_shot(name: str, *extra: str) -> str:
    done = run_mlir(MLIR_OPT, ONE_SHOT, *extra, str(INPUTS / f"{name}.mlir"))
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "flags",
    [
        ["--buffer-results-to-out-params"],
        ["--drop-equivalent-buffer-results", "--buffer-results-to-out-params"],
    ],
    ids=["out-params", "drop-equivalent"],
)
@pytest.mark.parametrize("name", EXPORTS)
def test_mlir_one_shot_bufferize_output_runs_the_same(name, flags):
    """memref.global with dense_resource, get_global, aligned allocs,
    expand/collapse_shape, strided subviews and copies, linalg.map (a
    tensor.pad's fill), as MLIR 22 prints them, read and run."""
    x = arguments(name)
    expected = run_function(read_module(str(INPUTS / f"{name}.mlir")), "forward", x)
    module = parse_module(_one_shot(name, *flags))
    verify_with_locations(module)
    function = _function(module, "forward")
    outs = [_unwritten(a.type) for a in function.args[len(x) :]]
    returned = run_function(module, "forward", [*x, *outs])
    _assert_same(list(returned) or outs, expected)


def test_lower_to_coopmat_takes_mlir_one_shot_output_as_its_own():
    """MLIR 22's bufferization of the MLP lowers as coopmlir's own does:
    weights as globals, every linalg op a kernel. Its transposes are on
    buffers already, so recognize-frontend's tensor rewrites cannot fold
    them into the products: two more launches (the transposes' loop
    kernels) than from the export itself."""
    from coopmlir.dialects.registry import make_context
    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

    def host_ops(module: ModuleOp) -> list[str]:
        LowerToCoopmat(target="simt").apply(make_context(), module)
        return [op.name for op in _function(module, "forward").body.block.ops]

    theirs = host_ops(
        parse_module(_one_shot("mlp", "--drop-equivalent-buffer-results"))
    )
    ours = host_ops(read_module(str(INPUTS / "mlp.mlir")))
    # Ours: each layer one kernel, its bias (and ReLU) fused.
    assert ours.count("gpu.launch_func") == 2
    assert theirs.count("gpu.launch_func") == 2 + 2
    assert "memref.get_global" in set(theirs) & set(ours)
    assert not any(name.startswith("linalg.") for name in theirs + ours)
