"""coopmlir's L2 (SIMT) through MLIR's own GPU-to-SPIR-V lowering (issue
27, part 3): `prepare-gpu-to-spirv`, then mlir-opt-22's
convert-gpu-to-spirv pipeline and mlir-translate-22; the binary passes
spirv-val and runs on lavapipe through coopmlir's Vulkan runtime
(`kernels_from_binaries`), equal to the interpreter on the L2 (and, for
the epilogue, to coopmlir's own SPIR-V) on the same random inputs."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from support.lowering import interpreted, lowered, lowered_by
from support.mlir_tools import MLIR_OPT, MLIR_TRANSLATE, run_mlir
from support.tiers import HEAVY
from support.vulkan_device import require_vulkan
from xdsl.dialects import func

from coopmlir.passes.prepare_gpu_to_spirv import PrepareGpuToSpirv
from coopmlir.runtime.compile import compile_kernels, kernels_from_binaries
from coopmlir.runtime.launch import device_needs, run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv import tools

ROOT = Path(__file__).parents[3]

#: The pipeline the README gives: math first (convert-gpu-to-spirv has no
#: math patterns), then the ABI (entry point, LocalSize, bindings) and the
#: minimal vce triple in each spirv.module.
MLIR_PIPELINE = (
    "builtin.module(convert-math-to-spirv,convert-gpu-to-spirv,"
    "spirv.module(spirv-lower-abi-attrs,spirv-update-vce))"
)

#: An unsigned int8 product (integer widening and accumulation).
UNSIGNED = """func.func @u8(%a: memref<32x64xi8>, %b: memref<64x32xi8>, %c: memref<32x32xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<32x64xi8>, memref<64x32xi8>) outs(%c : memref<32x32xi32>)
  return
}
"""

#: example (or "u8") -> (host function, lower-to-coopmat options): a matmul,
#: a fused epilogue, a convolution, attention and an int8 product, as SIMT
#: kernels for lavapipe.
CASES = {
    "matmul": ("matmul", "target=lavapipe stages=1"),
    "u8": ("u8", "target=lavapipe stages=2"),
    "matmul_epilogue": ("bias_relu", "target=lavapipe"),
    "conv": ("conv", "target=lavapipe"),
    "attention": ("attention", "target=lavapipe"),
}
DTYPES = {"f16": np.float16, "f32": np.float32, "i8": np.int8, "i32": np.int32}


def test_the_readme_gives_this_pipeline():
    assert MLIR_PIPELINE in (ROOT / "README.md").read_text()


@cache
def l2(case: str):
    _, options = CASES[case]
    if case == "u8":
        source = UNSIGNED
    else:
        source = (ROOT / "examples" / f"{case}.mlir").read_text()
    return lowered(source, f"lower-to-coopmat{{{options}}},coopmat-to-simt")


@cache
def prepared(case: str):
    return lowered_by(l2(case), PrepareGpuToSpirv())


def mlir_binaries(case: str, tmp_path: Path) -> dict[str, bytes]:
    """gpu.module name -> MLIR's SPIR-V binary of it, checked by spirv-val."""
    converted = run_mlir(
        MLIR_OPT, f"--pass-pipeline={MLIR_PIPELINE}", stdin=str(prepared(case))
    )
    assert converted.returncode == 0, converted.stderr
    binaries = {}
    # MLIR prints each spirv.module at the top level, closed by "  }".
    for found in re.finditer(
        r"^  (spirv\.module @__spv__(\w+) .*?^  \})$",
        converted.stdout,
        re.MULTILINE | re.DOTALL,
    ):
        path = tmp_path / f"{found.group(2)}.spv"
        serialized = run_mlir(
            MLIR_TRANSLATE,
            "--no-implicit-module",
            "--serialize-spirv",
            "-o",
            str(path),
            stdin=found.group(1),
        )
        assert serialized.returncode == 0, serialized.stderr
        tools.validate(path.read_bytes())
        binaries[found.group(2)] = path.read_bytes()
    return binaries


def random_arguments(module, entry: str) -> list[np.ndarray]:
    host = next(
        op
        for op in module.walk()
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry
    )
    rng = np.random.default_rng(27)
    arrays = []
    for t in host.function_type.inputs:
        dtype = np.dtype(DTYPES[str(t.get_element_type())])
        if dtype.kind == "i":
            arrays.append(rng.integers(-128, 128, t.get_shape()).astype(dtype))
        else:
            arrays.append(rng.uniform(-1, 1, t.get_shape()).astype(dtype))
    return arrays


def on_lavapipe(module, entry, kernels, arrays) -> list[np.ndarray]:
    arrays = [np.copy(a) for a in arrays]
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as device:
        run_host_function(module, entry, kernels, arrays, device)
    return arrays


#: The lavapipe runs below interpret these too; bit-exactness of the
#: prepared form is checked by default on the two smaller ones.
INTERPRETED = [
    pytest.param(case, marks=HEAVY if case in ("conv", "attention", "u8") else ())
    for case in sorted(CASES)
]


@pytest.mark.parametrize("case", INTERPRETED)
def test_prepared_l2_interprets_as_l2(case):
    entry, _ = CASES[case]
    arrays = random_arguments(l2(case), entry)
    want = interpreted(l2(case), entry, arrays)[-1]
    got = interpreted(prepared(case), entry, arrays)[-1]
    # The same operations per component, in the same order: bit-exact.
    np.testing.assert_array_equal(got, want)


def tolerance(array: np.ndarray) -> dict:
    """Exact for integers; f16 results to f16's precision."""
    if array.dtype.kind == "i":
        return {"rtol": 0, "atol": 0}
    close = 2e-2 if array.dtype == np.float16 else 1e-4
    return {"rtol": close, "atol": close}


@pytest.mark.parametrize("case", sorted(CASES))
def test_mlir_binary_runs_on_lavapipe_as_interpreted(case, tmp_path):
    require_vulkan()
    entry, _ = CASES[case]
    kernels = kernels_from_binaries(prepared(case), mlir_binaries(case, tmp_path))
    arrays = random_arguments(l2(case), entry)
    got = on_lavapipe(prepared(case), entry, kernels, arrays)[-1]
    want = interpreted(l2(case), entry, arrays)[-1]
    assert np.any(want != 0)
    np.testing.assert_allclose(got, want, **tolerance(want))


def test_mlir_binary_runs_as_coopmlir_spirv(tmp_path):
    require_vulkan()
    case = "matmul_epilogue"  # the smallest kernel
    entry, _ = CASES[case]
    theirs = kernels_from_binaries(prepared(case), mlir_binaries(case, tmp_path))
    ours = {k.name: k for k in compile_kernels(l2(case))}
    assert theirs.keys() == ours.keys()
    assert all(theirs[n].spirv != ours[n].spirv for n in ours)
    arrays = random_arguments(l2(case), entry)
    got = on_lavapipe(prepared(case), entry, theirs, arrays)[-1]
    want = on_lavapipe(l2(case), entry, ours, arrays)[-1]
    np.testing.assert_allclose(got, want, **tolerance(want))
    # coopmlir's own convert-to-spirv takes the prepared form too.
    again = {k.name: k for k in compile_kernels(prepared(case))}
    also = on_lavapipe(prepared(case), entry, again, arrays)[-1]
    np.testing.assert_allclose(also, want, **tolerance(want))
