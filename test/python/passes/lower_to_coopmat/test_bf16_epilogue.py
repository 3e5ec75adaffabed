"""bf16 epilogues (issue 26 part 3, as torch-mlir writes a bf16 model's
linear layers): a bf16 x bf16 -> f32 matmul whose consumer adds an f32
bias, truncates to bf16 and goes on in bf16 (residual add, ReLU, SiLU,
GELU-tanh with math.fpowi, a bf16 bias extended in the body). Fused into
the matmul's kernel, the body computes in f32, rounds where it truncates,
and the store converts to bf16. Differential: the interpreter on the input
(bf16 rounded after every op) against the lowered module for h100-vulkan
(matrix units) and lavapipe (SIMT), on random data, at any M and N; the
KHR and NV2 SPIR-V validates."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import assert_close, elementwise_tolerance
from support.lowering import lowered_by, output_of, parse, run_simt_on_lavapipe
from support.vulkan_device import require_vulkan

from coopmlir.elements import round_bf16
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

#: bf16 body ops after the rounded sum %t (bf16), yielding %y; what
#: torch-mlir exports for each (GELU-tanh: GPT-2's).
ACTIVATIONS = {
    "none": "",  # the truncf is the body's last op (source names it %y)
    "residual": "%y = arith.addf %r, %t : bf16",
    "relu": """%z = arith.constant 0.0 : bf16
    %y = arith.maximumf %t, %z : bf16""",
    "silu": """%one = arith.constant 1.0 : bf16
    %n = arith.negf %t : bf16
    %e = math.exp %n : bf16
    %d = arith.addf %e, %one : bf16
    %sg = arith.divf %one, %d : bf16
    %y = arith.mulf %t, %sg : bf16""",
    "gelu-tanh": """%c3 = arith.constant 3 : i64
    %k0 = arith.constant 4.467770e-02 : bf16
    %k1 = arith.constant 7.968750e-01 : bf16
    %half = arith.constant 5.000000e-01 : bf16
    %one = arith.constant 1.0 : bf16
    %p = math.fpowi %t, %c3 : bf16, i64
    %q = arith.mulf %p, %k0 : bf16
    %u = arith.addf %t, %q : bf16
    %v = arith.mulf %u, %k1 : bf16
    %w = math.tanh %v : bf16
    %x1 = arith.addf %w, %one : bf16
    %x2 = arith.mulf %x1, %half : bf16
    %y = arith.mulf %t, %x2 : bf16""",
}


def source(m: int, n: int, k: int, activation: str, bias: str = "f32") -> str:
    """f(%A, %B, %bias, %R, %D): D = act(truncf(A B^T + bias)), bf16; R (the
    residual) is read by "residual" only."""
    extend = "%be = arith.extf %b : bf16 to f32" if bias == "bf16" else ""
    b = "%be" if bias == "bf16" else "%b"
    m2 = "affine_map<(d0, d1) -> (d0, d1)>"
    row = "affine_map<(d0, d1) -> (d1)>"
    return f"""
func.func @f(%A: memref<{m}x{k}xbf16>, %B: memref<{n}x{k}xbf16>,
             %bias: memref<{n}x{bias}>, %R: memref<{m}x{n}xbf16>,
             %D: memref<{m}x{n}xbf16>) {{
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<{m}x{n}xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<{m}x{n}xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
      affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%A, %B : memref<{m}x{k}xbf16>, memref<{n}x{k}xbf16>)
    outs(%T : memref<{m}x{n}xf32>)
  linalg.generic {{indexing_maps = [{m2}, {m2}, {row}, {m2}],
      iterator_types = ["parallel", "parallel"]}}
    ins(%R, %T, %bias : memref<{m}x{n}xbf16>, memref<{m}x{n}xf32>, memref<{n}x{bias}>)
    outs(%D : memref<{m}x{n}xbf16>) {{
  ^bb0(%r: bf16, %x: f32, %b: {bias}, %o: bf16):
    {extend}
    %s = arith.addf %x, {b} : f32
    {"%y" if activation == "none" else "%t"} = arith.truncf %s : f32 to bf16
    {ACTIVATIONS[activation]}
    linalg.yield %y : bf16
  }}
  func.return
}}
"""


def arguments(m: int, n: int, k: int, seed: int = 0) -> list[np.ndarray]:
    """bf16 values (held in float32), the output zero."""
    rng = np.random.default_rng(seed)

    def bf16(*shape: int, scale: float = 1.0) -> np.ndarray:
        return round_bf16(rng.standard_normal(shape).astype(np.float32) * scale)

    a, b = bf16(m, k), bf16(n, k, scale=k**-0.5)
    return [a, b, bf16(n, scale=0.2), bf16(m, n), np.zeros((m, n), np.float32)]


def tolerance(want: np.ndarray) -> np.ndarray:
    """The differential bound: the input rounds every bf16 op, the kernel
    only where the body truncates and at the store: two bf16 ulps (2**-7
    relative), and the products (about 1) summed in another order."""
    return elementwise_tolerance(want, rtol=2**-6, atol=2**-6)


SHAPES = [(32, 48, 32), (20, 40, 24), (33, 17, 19)]


@pytest.mark.parametrize("activation", list(ACTIVATIONS))
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_fused_bf16_epilogue_matches_the_input(shape, activation, capsys):
    text = source(*shape, activation)
    args = arguments(*shape)
    want = output_of(parse(text), "f", args)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert "is not fused" not in capsys.readouterr().err
    assert [op.name for op in module.walk() if op.name.startswith("linalg.")] == []
    assert sum(op.name == "gpu.launch_func" for op in module.walk()) == 1
    got = output_of(module, "f", args)
    np.testing.assert_array_equal(got, round_bf16(got), "the store rounds to bf16")
    assert_close(got, want, tolerance(want), "h100-vulkan kernel")


def test_a_last_truncf_is_the_stores_conversion():
    """D = truncf(A B^T + bias): the f32 sum is converted to bf16 once for
    the store (bf16 -> f32 -> bf16 is exact), not rounded, widened and
    converted again."""
    module = lowered_by(
        source(32, 48, 32, "none"), LowerToCoopmat(target="h100-vulkan")
    )
    converts = [op for op in module.walk() if op.name == "coopmat.convert"]
    narrowing = [op for op in converts if "bf16" in str(op.results[0].type)]
    stores = [op for op in module.walk() if op.name == "coopmat.store"]
    assert narrowing and len(narrowing) == len(stores)
    for op in narrowing:  # the f32 sum, straight into a store
        assert op.operands[0].owner.name == "coopmat.add"
        assert [u.operation.name for u in op.results[0].uses] == ["coopmat.store"]


def test_bf16_bias_is_extended_in_the_body():
    shape = (32, 48, 32)
    text = source(*shape, "relu", bias="bf16")
    args = arguments(*shape)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert sum(op.name == "gpu.launch_func" for op in module.walk()) == 1
    want = output_of(parse(text), "f", args)
    assert_close(output_of(module, "f", args), want, tolerance(want))


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
@pytest.mark.parametrize("activation", ["residual", "gelu-tanh"])
def test_bf16_epilogue_spirv_validates(activation, coopmat):
    text = source(20, 40, 24, activation)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)


@pytest.mark.parametrize("activation", ["none", "residual", "silu", "gelu-tanh"])
def test_bf16_epilogue_on_lavapipe(activation):
    require_vulkan()
    shape = (20, 40, 24)
    text = source(*shape, activation)
    args = arguments(*shape, seed=1)
    want = output_of(parse(text), "f", args)
    arrays = [x.copy() for x in args]
    run_simt_on_lavapipe(text, "f", arrays)
    assert_close(arrays[-1], want, tolerance(want), "lavapipe")


@pytest.mark.parametrize("activation", ["none", "residual", "gelu-tanh"])
def test_bf16_epilogue_in_the_skinny_kernel(activation):
    """Token-generation sizes (M = 4): the skinny kernel applies the bf16
    epilogue per element (epilogue_elements.py), in f32 as well."""
    shape = (4, 256, 256)
    text = source(*shape, activation)
    args = arguments(*shape)
    want = output_of(parse(text), "f", args)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    names = [op.sym_name.data for op in module.walk() if op.name == "gpu.func"]
    assert names == ["f_skinny"]
    # Each result is rounded to bf16 once: no truncf of a value extended
    # from bf16 (a body's last truncf is the store's).
    for op in module.walk():
        if op.name == "arith.truncf":
            assert op.operands[0].owner.name != "arith.extf"
    assert_close(output_of(module, "f", args), want, tolerance(want))
    for kernel in compile_kernels(module, coopmat="khr"):
        validate(kernel.spirv)
