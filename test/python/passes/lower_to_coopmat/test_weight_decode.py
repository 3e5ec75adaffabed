"""Weights decoded in the load (recognize_frontend/dequantize.py,
lower_to_coopmat/weight_decode.py): torch-mlir's int8 per-channel and int4
per-group (packed nibbles, zero point) forms and a llama.cpp-style Q4_1
block written as the documented generic. Each is checked

- exactly: with A = the identity the product is the dequantized weight,
  compared bit for bit with numpy's dequantization (f16 arithmetic);
- differentially: recognized (tensor form) against the program as written
  (the same values), lowered (fragments, SIMT) on the interpreter against
  the program, and on lavapipe;
- structurally: one launch reading the stored bytes, no f16 weight buffer.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import lowered_by, output_of, parse, returned
from support.quant_programs import FORMATS, ID, int4_program, product
from support.vulkan_device import require_vulkan

from coopmlir.diagnostics import CompileError
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate


def _case(name: str, m: int, n: int, k: int, seed: int = 0, x=None):
    program, data = FORMATS[name]
    rng = np.random.default_rng(seed)
    weights, deq = data(rng, n, k)
    if x is None:
        x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    return program(m, n, k), [x, *weights], deq


def _decoded_in_load(module) -> None:
    """One launch, no f16 weight buffer, the stored bytes read by the kernel."""
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 1
    assert not any(o.name == "memref.alloc" for o in module.walk())
    assert "xi8>" in str(launches[0])


@pytest.mark.parametrize("name", list(FORMATS))
def test_recognized_form_computes_the_same(name):
    source, args, _ = _case(name, 16, 32, 128)
    (want,) = returned(parse(source), "forward", args)
    recognized = lowered_by(source, RecognizeFrontend(bufferize=False))
    assert "coopmlir.dequantize" in str(recognized)
    assert "tensor.concat" not in str(recognized)
    (got,) = returned(recognized, "forward", args)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("target", ["generic", "simt"])
@pytest.mark.parametrize("name", list(FORMATS))
def test_decoded_weight_is_numpys_dequantization_exactly(name, target):
    """A = the identity: the product is the decoded weight, bit for bit."""
    k = n = 64
    source, args, deq = _case(name, k, n, k, x=np.eye(k, dtype=np.float16))
    module = lowered_by(source, LowerToCoopmat(target=target))
    _decoded_in_load(module)
    got = output_of(module, "forward", [*args, np.zeros((k, n), np.float32)])
    np.testing.assert_array_equal(got, deq.T.astype(np.float32))


@pytest.mark.parametrize(
    ("target", "shape"),
    [("generic", (32, 48, 128)), ("generic", (20, 40, 192)), ("simt", (16, 32, 64))],
)
@pytest.mark.parametrize("name", list(FORMATS))
def test_lowered_matches_the_program(name, target, shape):
    m, n, k = shape
    source, args, deq = _case(name, m, n, k, seed=sum(shape))
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target=target))
    _decoded_in_load(module)
    _check_interpreted(module, want, args, deq)


def _check_interpreted(module, want, args, deq) -> None:
    """`module` on the interpreter against the program's `want` and numpy."""
    got = output_of(module, "forward", [*args, np.zeros_like(want)])
    reference = args[0].astype(np.float32) @ deq.T.astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got, reference, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name", ["int8-per-channel", "int4-group64"])
def test_lavapipe_matches_numpy(name):
    require_vulkan()
    m, n, k = 16, 32, 128
    source, args, deq = _case(name, m, n, k, seed=3)
    module = lowered_by(
        source, LowerToCoopmat(target="lavapipe"), CoopmatToSimt(subgroup_size=8)
    )
    _decoded_in_load(module)
    _check_on_lavapipe(module, (m, n), args, deq)


def _check_on_lavapipe(module, shape, args, deq) -> None:
    """`module`'s one kernel validated and run on lavapipe against numpy."""
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    (kernel,) = kernels.values()
    validate(kernel.spirv)
    out = np.zeros(shape, np.float32)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "forward", kernels, [*args, out], device)
    reference = args[0].astype(np.float32) @ deq.T.astype(np.float32)
    np.testing.assert_allclose(out, reference, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_spirv_with_cooperative_matrices_validates(coopmat):
    source, _, _ = _case("int4-group64", 64, 64, 128)
    module = lowered_by(source, LowerToCoopmat(target="h100-vulkan"))
    _decoded_in_load(module)
    for kernel in compile_kernels(module, coopmat=coopmat):
        validate(kernel.spirv)


def test_a_partial_last_group_is_computed():
    """K = 192 with groups of 128: the last group has 64 weights (the
    scales' map is still d1 floordiv 128); decoded in the load, correct."""
    m, n, k, g = 16, 32, 192, 128
    source = int4_program(m, n, k, 64).replace("floordiv 64", "floordiv 128")
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.integers(0, 256, (n, k // 2), dtype=np.uint8).view(np.int8)
    zp = rng.integers(0, 16, (n, 2), dtype=np.uint8).view(np.int8)
    s = rng.uniform(0.001, 0.02, (n, 2)).astype(np.float16)
    # The export's reshape into groups needs K % G == 0: a hand-written
    # single generic reads the scales per group of 128 instead.
    text = _hand_written_groups(m, n, k, g)
    (want,) = returned(parse(text), "forward", [x, w, zp, s])
    module = lowered_by(text, LowerToCoopmat(target="generic"))
    _decoded_in_load(module)
    got = output_of(module, "forward", [x, w, zp, s, np.zeros_like(want)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    del source


def _hand_written_groups(m, n, k, g, scale_groups=None):
    """One generic dequantizing int8 values in groups of `g` along K with a
    u8 zero point and an f16 scale per group (`scale_groups` of them)."""
    gs = scale_groups or -(-k // g)
    return f"""func.func @forward(%x: tensor<{m}x{k}xf16>, %w: tensor<{n}x{k // 2}xi8>, %zp: tensor<{n}x{gs}xi8>, %s: tensor<{n}x{gs}xf16>) -> tensor<{m}x{n}xf32> {{
  %0 = tensor.empty() : tensor<{n}x{k}xf16>
  %wf = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1 floordiv 2)>, affine_map<(d0, d1) -> (d0, d1 floordiv {g})>, affine_map<(d0, d1) -> (d0, d1 floordiv {g})>, {ID}], iterator_types = ["parallel", "parallel"]}} ins(%w, %zp, %s : tensor<{n}x{k // 2}xi8>, tensor<{n}x{gs}xi8>, tensor<{n}x{gs}xf16>) outs(%0 : tensor<{n}x{k}xf16>) {{
  ^bb0(%q: i8, %z: i8, %sc: f16, %out: f16):
    %qi = arith.extui %q : i8 to i32
    %zi = arith.extui %z : i8 to i32
    %d = arith.subi %qi, %zi : i32
    %f = arith.sitofp %d : i32 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>{product(m, n, k, "%wf")}"""


def test_scales_of_the_wrong_shape_are_a_located_error():
    """Groups of 64 over K = 256 read 4 scales per row; 2 are given: an
    error at the product (which the verifier of coopmlir-opt, reading the
    file, reports earlier at the generic)."""
    text = _hand_written_groups(16, 32, 256, 64, scale_groups=2)
    with pytest.raises(CompileError, match=r"input\.mlir:17:3: .*wrong shape"):
        lowered_by(text, RecognizeFrontend(bufferize=False))


def test_a_zero_point_of_another_type_is_computed_as_written():
    """An f16 zero point subtracted after the i8 -> f16 conversion (not an
    integer one): the body says so, the kernel computes it as written."""
    m, n, k = 16, 32, 64
    text = _hand_written_groups(m, n, 2 * k, 64)
    text = text.replace("%zp: tensor<32x2xi8>", "%zp: tensor<32x2xf16>")
    text = text.replace(
        "tensor<32x2xi8>, tensor<32x2xf16>)", "tensor<32x2xf16>, tensor<32x2xf16>)"
    )
    text = text.replace(
        """    %qi = arith.extui %q : i8 to i32
    %zi = arith.extui %z : i8 to i32
    %d = arith.subi %qi, %zi : i32
    %f = arith.sitofp %d : i32 to f16
    %v = arith.mulf %f, %sc : f16""",
        """    %qf = arith.sitofp %q : i8 to f16
    %f = arith.subf %qf, %z : f16
    %v = arith.mulf %f, %sc : f16""",
    ).replace("^bb0(%q: i8, %z: i8,", "^bb0(%q: i8, %z: f16,")
    rng = np.random.default_rng(6)
    x = rng.uniform(-1, 1, (m, 2 * k)).astype(np.float16)
    w = rng.integers(-128, 128, (n, k), dtype=np.int8)
    zp = rng.uniform(-4, 4, (n, 2)).astype(np.float16)
    s = rng.uniform(0.001, 0.02, (n, 2)).astype(np.float16)
    (want,) = returned(parse(text), "forward", [x, w, zp, s])
    module = lowered_by(text, LowerToCoopmat(target="generic"))
    _decoded_in_load(module)
    got = output_of(module, "forward", [x, w, zp, s, np.zeros_like(want)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


# -- small M: the skinny kernel decoding in registers --------------------------


def _skinny_decoded(module) -> None:
    """One skinny launch reading the stored bytes, no f16 weight buffer."""
    _decoded_in_load(module)
    (launch,) = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert "_skinny" in str(launch.properties.get("kernel") or launch.attributes)


@pytest.mark.parametrize("m", [1, 3, 16])
@pytest.mark.parametrize("name", ["int8-per-channel", "int4-group64"])
def test_skinny_kernel_decodes_in_registers(name, m):
    """Interpreter: the program before and after lowering, and numpy."""
    n, k = 24, 128
    source, args, deq = _case(name, m, n, k, seed=m)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    _skinny_decoded(module)
    _check_interpreted(module, want, args, deq)


@pytest.mark.parametrize("name", ["int8-per-channel", "int4-group64"])
def test_skinny_kernel_decodes_on_lavapipe(name):
    require_vulkan()
    for m in (1, 3, 16):
        n, k = 24, 128
        source, args, deq = _case(name, m, n, k, seed=m)
        module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
        _skinny_decoded(module)
        _check_on_lavapipe(module, (m, n), args, deq)


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_skinny_decoded_spirv_validates(coopmat):
    source, _, _ = _case("int4-group64", 4, 64, 256)
    module = lowered_by(source, LowerToCoopmat(target="h100-vulkan", skinny=True))
    _skinny_decoded(module)
    for kernel in compile_kernels(module, coopmat=coopmat):
        validate(kernel.spirv)


def test_planner_takes_the_skinny_kernel_for_quantized_m_16():
    """Left out, `skinny` takes quantized weights up to M = 16 (f16 weights
    only up to M = 8: test_skinny_kernel.py)."""
    source, _, _ = _case("int8-per-channel", 16, 256, 256)
    _skinny_decoded(lowered_by(source, LowerToCoopmat(target="lavapipe")))
    source, _, _ = _case("int8-per-channel", 17, 256, 256)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe"))
    assert "_skinny" not in str(module)


@pytest.mark.parametrize("n", [40, 256])  # one weight per load; 16 i8 per load
def test_skinny_kernel_decodes_a_k_by_n_weight_with_k_split(n):
    """`x @ W` with W [K, N] i8 and a scale per column (the `kn` schedule,
    K split in slices summed by a second kernel): the interpreter before and
    after lowering, and numpy."""
    m, k = 3, 64
    maps = f"[{ID}, affine_map<(d0, d1) -> (d1)>, {ID}]"
    source = f"""func.func @forward(%x: memref<{m}x{k}xf16>, %w: memref<{k}x{n}xi8>, %s: memref<{n}xf16>, %y: memref<{m}x{n}xf32>) {{
  %buf = memref.alloc() : memref<{k}x{n}xf16>
  linalg.generic {{indexing_maps = {maps}, iterator_types = ["parallel", "parallel"]}} ins(%w, %s : memref<{k}x{n}xi8>, memref<{n}xf16>) outs(%buf : memref<{k}x{n}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i8 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }}
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<{m}x{n}xf32>)
  linalg.matmul ins(%x, %buf : memref<{m}x{k}xf16>, memref<{k}x{n}xf16>) outs(%y : memref<{m}x{n}xf32>)
  memref.dealloc %buf : memref<{k}x{n}xf16>
  return
}}"""
    rng = np.random.default_rng(n)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.integers(-128, 128, (k, n), dtype=np.int8)
    s = rng.uniform(0.001, 0.02, n).astype(np.float16)
    args = [x, w, s, np.zeros((m, n), np.float32)]
    want = output_of(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    text = str(module)
    assert "_skinny_reduce" in text and f"memref<{k}x{n}xf16>" not in text
    got = output_of(module, "forward", args)
    reference = x.astype(np.float32) @ (w.astype(np.float16) * s).astype(np.float32)
    np.testing.assert_allclose(want, reference, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
