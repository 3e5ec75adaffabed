"""convert-to-spirv's cooperative-matrix strategies (passes/convert_to_spirv/
extensions/): each `coopmat=` value (and qcom-conversion) picks the right
one, every strategy implements the whole `MatrixExtension` interface, and
`coopmat=simt` refuses matrices with a located error while SIMT modules
convert exactly as under the other extensions."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.convert_to_spirv.extensions import (
    EXTENSIONS,
    choose_extension,
)
from coopmlir.passes.convert_to_spirv.extensions.base import MatrixExtension
from coopmlir.passes.convert_to_spirv.extensions.khr import KHR
from coopmlir.passes.convert_to_spirv.extensions.nv import NV
from coopmlir.passes.convert_to_spirv.extensions.nv2 import NV2
from coopmlir.passes.convert_to_spirv.extensions.qcom import QCOM
from coopmlir.passes.convert_to_spirv.extensions.simt import SIMT
from coopmlir.targets import get_target

PASSES = Path(__file__).resolve().parents[3] / "passes"
STRATEGIES = [KHR, NV, NV2, QCOM, SIMT]


@pytest.mark.parametrize(
    "coopmat, qcom, target, strategy",
    [
        ("khr", False, None, KHR),
        ("nv", False, None, NV),
        ("nv2", False, None, NV2),
        ("simt", False, None, SIMT),
        ("khr", True, None, QCOM),
        ("auto", False, "h100-vulkan", NV2),
        ("auto", False, "generic", KHR),
        ("auto", False, "lavapipe", SIMT),
        ("auto", True, "generic", QCOM),
    ],
)
def test_each_option_picks_its_strategy(coopmat, qcom, target, strategy):
    chosen = choose_extension(coopmat, qcom, target and get_target(target))
    assert type(chosen) is strategy


@pytest.mark.parametrize(
    "coopmat, qcom, message",
    [
        ("amd", False, "coopmat=amd must be one of khr, nv, nv2, simt, auto"),
        ("auto", False, "coopmat=auto needs target=NAME"),
        ("nv2", True, "qcom-conversion=true needs coopmat=khr"),
        ("simt", True, "qcom-conversion=true needs coopmat=khr"),
    ],
)
def test_a_bad_choice_is_named(coopmat, qcom, message):
    with pytest.raises(ValueError, match=message):
        choose_extension(coopmat, qcom)


def test_the_strategies_are_the_options():
    assert set(EXTENSIONS.values()) | {QCOM} == set(STRATEGIES)


@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda s: s.__name__)
def test_a_strategy_implements_the_whole_interface(strategy):
    interface = MatrixExtension.__abstractmethods__
    assert len(interface) >= 17  # types, staging, memory, arithmetic, ops, vectors
    missing = [
        name
        for name in interface
        if getattr(getattr(strategy, name), "__isabstractmethod__", False)
    ]
    assert not missing, f"{strategy.__name__} lacks {missing}"
    assert not inspect.isabstract(strategy)
    strategy()  # an abstract method left would raise TypeError here


_MATRIX_KERNEL = """
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf16>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %m = coopmat.load %a[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, a>
      gpu.return
    }
  }
}
"""


def test_simt_refuses_a_matrix_with_a_located_error():
    module = parse_module(_MATRIX_KERNEL)
    with pytest.raises(CompileError) as refused:
        ConvertToSpirv(coopmat="simt").apply(Context(), module)
    message = str(refused.value)
    assert ":6:" in message
    assert "'coopmat.load' op has no SPIR-V lowering with coopmat=simt" in message
    assert "coopmat-to-simt" in message


@pytest.mark.parametrize("coopmat", ["khr", "nv", "nv2"])
def test_a_simt_module_converts_as_under_any_extension(coopmat):
    source = (PASSES / "convert-to-spirv-simt.mlir").read_text()
    with_matrices, simt = parse_module(source), parse_module(source)
    ConvertToSpirv(coopmat=coopmat).apply(Context(), with_matrices)
    ConvertToSpirv(coopmat="simt").apply(Context(), simt)
    assert str(simt) == str(with_matrices)
