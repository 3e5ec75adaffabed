"""The sliced-K kernel of small-M products (`small-m-kernel=sliced`;
small_m_plan.plan_sliced, sliced_k_kernel.py): K split over the subgroups
of a workgroup and summed in it, one launch.

Each case runs the lowered module on the interpreter against the program
as written (f16, int8 per channel, int4 per group, a Q4_1 block format,
8-bit floats; M below and at 16, K a whole or a partial number of steps
per subgroup), validates its SPIR-V (KHR and NV2) and runs it on lavapipe.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import lowered_by, output_of, parse, returned
from support.quant_programs import FORMATS, f8_data, f8_program, product
from support.vulkan_device import require_vulkan

from coopmlir.diagnostics import CompileError
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

H100 = "h100-vulkan"
SLICED = dict(small_m_kernel="sliced")


def _f16_program(m: int, n: int, k: int) -> str:
    head = f"func.func @forward(%x: tensor<{m}x{k}xf16>, %w: tensor<{n}x{k}xf16>)"
    return f"{head} -> tensor<{m}x{n}xf32> {{" + product(m, n, k, "%w")


def _case(name: str, m: int, n: int, k: int, seed: int = 0):
    """(source, arguments, the dequantized weight) of format `name`."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    if name == "f16":
        w = (rng.standard_normal((n, k)) / np.sqrt(k)).astype(np.float16)
        return _f16_program(m, n, k), [x, w], w
    if name == "f8":
        weights, deq = f8_data(rng, n, k, "f8E4M3FN")
        return f8_program(m, n, k, "f8E4M3FN"), [x, *weights], deq
    program, data = FORMATS[name]
    weights, deq = data(rng, n, k)
    return program(m, n, k), [x, *weights], deq


def _launches(module) -> list[str]:
    return [str(o.kernel) for o in module.walk() if o.name == "gpu.launch_func"]


CASES = [
    # 512 = 4 chunks of 128 over 8 subgroups: half of them read zeros
    ("f16", 16, 32, 512, "16x8x128x1"),
    ("int8-per-channel", 16, 48, 384, "16x4x64x1"),
    # M < 16 (A's rows checked), two steps per subgroup, two fetched ahead
    ("int4-group64", 5, 32, 1024, "16x4x64x2"),
    ("q4_1", 16, 64, 256, "32x2x64x1"),
    ("f8", 3, 32, 256, "16x2x64x1"),
]


@pytest.mark.parametrize(("name", "m", "n", "k", "sizes"), CASES)
def test_sliced_kernel_matches_the_program(name, m, n, k, sizes):
    source, args, deq = _case(name, m, n, k, seed=m + n + k)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(
        source, LowerToCoopmat(target=H100, small_m_sliced=sizes, **SLICED)
    )
    assert len(_launches(module)) == 1  # no split-K sum
    assert not any(o.name == "memref.alloc" for o in module.walk())
    got = output_of(module, "forward", [*args, np.zeros_like(want)])
    reference = args[0].astype(np.float64) @ deq.T.astype(np.float64)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got, reference, rtol=1e-4, atol=1e-4)
    for coopmat in ("khr", "nv2"):
        for kernel in compile_kernels(module, coopmat=coopmat):
            validate(kernel.spirv)


def test_sliced_kernel_reads_c_and_rounds_to_f16():
    """C (f16) is read, the sum added in f32 and rounded once."""
    m, n, k = 16, 32, 256
    source = f"""func.func @mm(%A: memref<{m}x{k}xf16>, %W: memref<{n}x{k}xf16>, %C: memref<{m}x{n}xf16>) {{
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %W : memref<{m}x{k}xf16>, memref<{n}x{k}xf16>) outs(%C : memref<{m}x{n}xf16>)
  func.return
}}"""  # noqa: E501
    rng = np.random.default_rng(1)
    a = rng.integers(-2, 3, (m, k)).astype(np.float16)
    w = rng.integers(-2, 3, (n, k)).astype(np.float16)
    c = rng.integers(-8, 9, (m, n)).astype(np.float16)
    module = lowered_by(source, LowerToCoopmat(target=H100, **SLICED))
    got = output_of(module, "mm", [a, w, np.copy(c)])
    # Small integers: every sum is exact, in any order.
    assert np.array_equal(got, (a.astype(np.float64) @ w.T + c).astype(np.float16))


def test_where_it_does_not_apply_the_tiles_run(capsys):
    """More than 16 rows: the fragment kernel."""
    source, _, _ = _case("int8-per-channel", 32, 32, 256)
    lowered_by(source, LowerToCoopmat(target=H100, explain=True, **SLICED))
    assert "small-m-kernel=sliced" not in capsys.readouterr().err


def test_explain_names_the_kernel(capsys):
    source, _, _ = _case("int8-per-channel", 16, 64, 512)
    lowered_by(source, LowerToCoopmat(target=H100, explain=True, **SLICED))
    err = capsys.readouterr().err
    assert "small-m-kernel=sliced 16 outputs per workgroup, K split over 8" in err
    assert "4 workgroups, one launch" in err


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(small_m_kernel="slice"), "small-m-kernel=slice must be one of"),
        (dict(small_m_kernel="sliced", small_m_sliced="16x8"), "small-m-sliced"),
    ],
)
def test_bad_options_are_located_errors(options, message):
    source, _, _ = _case("f16", 16, 32, 256)
    with pytest.raises(CompileError, match=message):
        lowered_by(source, LowerToCoopmat(target=H100, **options))


@pytest.mark.parametrize("name", ["int8-per-channel", "int4-group64"])
def test_sliced_kernel_runs_on_lavapipe(name, capsys):
    require_vulkan()
    m, n, k = 16, 32, 256
    source, args, deq = _case(name, m, n, k, seed=7)
    options = dict(small_m_sliced="16x2x64x1", explain=True, **SLICED)
    module = lowered_by(
        source,
        LowerToCoopmat(target="lavapipe", **options),
        CoopmatToSimt(subgroup_size=8),
    )
    assert "small-m-kernel=sliced" in capsys.readouterr().err
    assert len(_launches(module)) == 1
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    features = {f for kernel in kernels.values() for f in kernel.features}
    extensions = {e for kernel in kernels.values() for e in kernel.extensions}
    out = np.zeros((m, n), np.float32)
    with VulkanDevice(needs=features, extensions=extensions) as device:
        run_host_function(module, "forward", kernels, [*args, out], device)
    reference = args[0].astype(np.float32) @ deq.T.astype(np.float32)
    np.testing.assert_allclose(out, reference, rtol=1e-3, atol=1e-3)
