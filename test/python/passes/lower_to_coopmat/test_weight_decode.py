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
from coopmlir.spirv.tools import disassemble, validate


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
    for kernel in kernels.values():
        validate(kernel.spirv)
    features = {f for kernel in kernels.values() for f in kernel.features}
    extensions = {e for kernel in kernels.values() for e in kernel.extensions}
    out = np.zeros(shape, np.float32)
    with VulkanDevice(needs=features, extensions=extensions) as device:
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


# -- split-K: the partial kernel decodes in the load ----------------------------


def _split_decoded(module) -> None:
    """Two launches (partials, their sum), the partial kernel reading the
    stored bytes; the only buffer is the f32 workspace, no f16 weight."""
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 2
    assert "xi8>" in str(launches[0])
    (alloc,) = [o for o in module.walk() if o.name == "memref.alloc"]
    assert "xf32>" in str(alloc.results[0].type)


@pytest.mark.parametrize("name", list(FORMATS))
def test_split_k_partial_kernel_decodes_in_the_load(name):
    """Slices of K start at their own group of scales (int4 groups of 64,
    K slices of 128): interpreter against the program and numpy."""
    m, n, k = 16, 32, 512
    source, args, deq = _case(name, m, n, k, seed=5)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target="generic", split_k=4))
    _split_decoded(module)
    _check_interpreted(module, want, args, deq)


def test_split_k_partial_kernel_decodes_f8_weights():
    m, n, k, fmt = 16, 32, 256, "f8E4M3FN"
    rng = np.random.default_rng(11)
    codes, s, deq = f8_data(rng, fmt, n, k)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    args = [x, codes, s, np.zeros((m, n), np.float32)]
    module = lowered_by(
        f8_linear(fmt, m, n, k), LowerToCoopmat(target="generic", split_k=4)
    )
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 2 and fmt in str(launches[0])
    assert "xf16>" not in str([o for o in module.walk() if o.name == "memref.alloc"])
    got = output_of(module, "forward", args)
    reference = x.astype(np.float32) @ deq.astype(np.float32).T
    np.testing.assert_allclose(got, reference, rtol=1e-4, atol=1e-4)


def test_split_k_decode_false_keeps_the_prologue_kernel():
    source, _, _ = _case("int8-per-channel", 16, 32, 512)
    module = lowered_by(
        source, LowerToCoopmat(target="generic", split_k=4, split_k_decode=False)
    )
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 3  # the decode, the partials, their sum


def test_split_k_decoded_on_lavapipe_and_spirv_validates():
    require_vulkan()
    m, n, k = 16, 32, 512
    source, args, deq = _case("int4-group64", m, n, k, seed=7)
    module = lowered_by(
        source,
        LowerToCoopmat(target="lavapipe", split_k=4),
        CoopmatToSimt(subgroup_size=8),
    )
    _split_decoded(module)
    _check_on_lavapipe(module, (m, n), args, deq)
    h100 = lowered_by(source, LowerToCoopmat(target="h100-vulkan", split_k=4))
    _split_decoded(h100)
    for coopmat in ("khr", "nv2"):
        for kernel in compile_kernels(h100, coopmat=coopmat):
            validate(kernel.spirv)


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


def test_planner_takes_the_skinny_kernel_for_quantized_m_4():
    """Left out, `skinny` takes quantized weights up to M = 4 (the H200's
    crossover; f16 weights up to M = 8: test_skinny_kernel.py)."""
    source, _, _ = _case("int8-per-channel", 4, 256, 256)
    _skinny_decoded(lowered_by(source, LowerToCoopmat(target="lavapipe")))
    source, _, _ = _case("int8-per-channel", 5, 256, 256)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe"))
    assert "_skinny" not in str(module)


def kn_int8_program(m: int, n: int, k: int) -> str:
    """`x @ W` (memrefs) with W [K, N] i8 and an f16 scale per column."""
    maps = f"[{ID}, affine_map<(d0, d1) -> (d1)>, {ID}]"
    return f"""func.func @forward(%x: memref<{m}x{k}xf16>, %w: memref<{k}x{n}xi8>, %s: memref<{n}xf16>, %y: memref<{m}x{n}xf32>) {{
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


@pytest.mark.parametrize("n", [40, 256])  # one weight per load; 16 i8 per load
def test_skinny_kernel_decodes_a_k_by_n_weight_with_k_split(n):
    """`x @ W` with W [K, N] i8 and a scale per column (the `kn` schedule,
    K split in slices summed by a second kernel): the interpreter before and
    after lowering, and numpy."""
    m, k = 3, 64
    source = kn_int8_program(m, n, k)
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


# -- the skinny kernel: f8 weights, matvec and vecmat fed by a dequantize -----


def _memref_decode(stored: str, scale: str, maps: str, body: str, out: str) -> str:
    """`%buf` = the dequantize generic of `%w` (`stored`) and `%s` (`scale`)
    into f16 memref `out`, its block `body` (`%q`, `%sc` -> `%r`)."""
    return f"""  %buf = memref.alloc() : {out}
  linalg.generic {{indexing_maps = {maps}, iterator_types = ["parallel", "parallel"]}} ins(%w, %s : {stored}, {scale}) outs(%buf : {out}) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: {stored.split("x")[-1][:-1]}, %sc: f16, %o: f16):
{body}
    linalg.yield %r : f16
  }}
"""


def f8_linear(fmt: str, m: int, n: int, k: int) -> str:
    """x [M, K] times W^T, W [N, K] stored as `fmt` bytes with a scale per
    output channel (w = f16(q) * s[n])."""
    w, s = f"memref<{n}x{k}x{fmt}>", f"memref<{n}xf16>"
    maps = f"[{ID}, affine_map<(d0, d1) -> (d0)>, {ID}]"
    body = f"    %f = arith.extf %q : {fmt} to f16\n    %r = arith.mulf %f, %sc : f16"
    prologue = _memref_decode(w, s, maps, body, f"memref<{n}x{k}xf16>")
    return f"""func.func @forward(%x: memref<{m}x{k}xf16>, %w: {w}, %s: {s}, %y: memref<{m}x{n}xf32>) {{
{prologue}  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<{m}x{n}xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %buf : memref<{m}x{k}xf16>, memref<{n}x{k}xf16>) outs(%y : memref<{m}x{n}xf32>)
  memref.dealloc %buf : memref<{n}x{k}xf16>
  return
}}"""


def f8_data(rng, fmt: str, n: int, k: int):
    """Stored codes (float32 values of `fmt`, finite) and scales; the
    dequantized weight in f16 arithmetic."""
    from coopmlir.elements import F8_FORMATS, f8_bits, f8_from_bits

    codes = f8_from_bits(
        f8_bits(rng.uniform(-4, 4, (n, k)), F8_FORMATS[fmt]), F8_FORMATS[fmt]
    )
    s = rng.uniform(0.5, 2, n).astype(np.float16)
    return codes, s, codes.astype(np.float16) * s[:, None]


def vector_decoded(name: str, n: int, k: int) -> str:
    """y [N] += A x by `linalg.matvec` (A [N, K]: int4 nibbles packed two per
    byte along K, minus 8, an f16 scale per group of 32) or `linalg.vecmat`
    (A [K, N] i8, a scale per column)."""
    if name == "matvec":
        w, s = f"memref<{n}x{k // 2}xi8>", f"memref<{n}x{k // 32}xf16>"
        shape = f"{n}x{k}"
        maps = f"[affine_map<(d0, d1) -> (d0, d1 floordiv 2)>, affine_map<(d0, d1) -> (d0, d1 floordiv 32)>, {ID}]"
        body = """    %kk = linalg.index 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %kk, %c2 : index
    %sh = arith.muli %odd, %c4 : index
    %sh8 = arith.index_cast %sh : index to i8
    %b = arith.shrui %q, %sh8 : i8
    %c15 = arith.constant 15 : i8
    %nib = arith.andi %b, %c15 : i8
    %f = arith.uitofp %nib : i8 to f16
    %eight = arith.constant 8.0 : f16
    %c = arith.subf %f, %eight : f16
    %r = arith.mulf %c, %sc : f16"""
        ins = f"%buf, %x : memref<{shape}xf16>, memref<{k}xf16>"
    else:
        w, s = f"memref<{k}x{n}xi8>", f"memref<{n}xf16>"
        shape = f"{k}x{n}"
        maps = f"[{ID}, affine_map<(d0, d1) -> (d1)>, {ID}]"
        body = "    %f = arith.sitofp %q : i8 to f16\n    %r = arith.mulf %f, %sc : f16"
        ins = f"%x, %buf : memref<{k}xf16>, memref<{shape}xf16>"
    prologue = _memref_decode(w, s, maps, body, f"memref<{shape}xf16>")
    return f"""func.func @forward(%x: memref<{k}xf16>, %w: {w}, %s: {s}, %y: memref<{n}xf32>) {{
{prologue}  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<{n}xf32>)
  linalg.{name} ins({ins}) outs(%y : memref<{n}xf32>)
  memref.dealloc %buf : memref<{shape}xf16>
  return
}}"""


def vector_data(rng, name: str, n: int, k: int):
    """The stored weight, scales and the dequantized A ([N, K] or [K, N])."""
    if name == "matvec":
        packed = rng.integers(0, 256, (n, k // 2), dtype=np.uint8)
        s = rng.uniform(0.001, 0.02, (n, k // 32)).astype(np.float16)
        q = np.stack([packed & 15, packed >> 4], axis=-1).reshape(n, k)
        deq = (q.astype(np.int32) - 8).astype(np.float16) * np.repeat(s, 32, axis=1)
        return packed.view(np.int8), s, deq
    q = rng.integers(-128, 128, (k, n), dtype=np.int8)
    s = rng.uniform(0.001, 0.02, n).astype(np.float16)
    return q, s, q.astype(np.float16) * s


def _skinny_checked(source, args, reference, lavapipe: bool) -> None:
    """One skinny launch reading the stored weight (no f16 buffer): the
    interpreter before and after lowering against `reference` (numpy);
    with `lavapipe`, its SPIR-V validated and run there too."""
    want = output_of(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 1 and "_skinny" in str(launches[0])
    assert not any(o.name in ("memref.alloc", "linalg.generic") for o in module.walk())
    got = output_of(module, "forward", args)
    np.testing.assert_allclose(want, reference, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    if not lavapipe:
        return
    require_vulkan()
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    (kernel,) = kernels.values()
    validate(kernel.spirv)
    out = np.zeros_like(args[-1])
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "forward", kernels, [*args[:-1], out], device)
    np.testing.assert_allclose(out, reference, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize(
    ("fmt", "m", "n", "k", "lavapipe"),
    [
        ("f8E4M3FN", 1, 13, 64, True),  # 16 codes per load, N past the rows
        ("f8E5M2", 3, 7, 40, False),  # K not a whole number of 16-byte loads
        ("f8E5M2", 16, 8, 32, True),
    ],
)
def test_skinny_kernel_decodes_f8_weights(fmt, m, n, k, lavapipe):
    rng = np.random.default_rng(m + n + k)
    codes, s, deq = f8_data(rng, fmt, n, k)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    reference = x.astype(np.float32) @ deq.astype(np.float32).T
    args = [x, codes, s, np.zeros((m, n), np.float32)]
    _skinny_checked(f8_linear(fmt, m, n, k), args, reference, lavapipe)


@pytest.mark.parametrize("fmt", ["f8E4M3FN", "f8E5M2"])
def test_f8_weights_at_large_m_load_16_codes_at_once_on_lavapipe(fmt):
    """The fragment kernel's staged copy of an f8 weight: one 16-byte load
    of 16 codes (the weight's binding gets a uvec4 view), decoded exactly."""
    require_vulkan()
    m, n, k = 32, 64, 128
    module = lowered_by(
        f8_linear(fmt, m, n, k),
        LowerToCoopmat(target="lavapipe"),
        CoopmatToSimt(subgroup_size=8),
    )
    assert "_skinny" not in str(module)
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    (kernel,) = kernels.values()
    validate(kernel.spirv)
    # The weight (binding 1) has its second, uvec4 view.
    assert disassemble(kernel.spirv).count("Binding 1\n") == 2
    rng = np.random.default_rng(5)
    codes, s, deq = f8_data(rng, fmt, n, k)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    out = np.zeros((m, n), np.float32)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "forward", kernels, [x, codes, s, out], device)
    reference = x.astype(np.float32) @ deq.T.astype(np.float32)
    np.testing.assert_allclose(out, reference, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize(("name", "n", "k"), [("matvec", 13, 96), ("vecmat", 40, 24)])
def test_matvec_and_vecmat_decode_in_the_skinny_kernel(name, n, k):
    rng = np.random.default_rng(n * k)
    stored, s, deq = vector_data(rng, name, n, k)
    x = rng.uniform(-1, 1, k).astype(np.float16)
    a = deq.astype(np.float32)
    reference = a @ x.astype(np.float32) if name == "matvec" else x @ a
    args = [x, stored, s, np.zeros(n, np.float32)]
    _skinny_checked(vector_decoded(name, n, k), args, reference, lavapipe=True)


@pytest.mark.parametrize("name", ["int8-per-channel", "int4-group64"])
def test_staged_copy_reads_16_bytes_of_the_stored_weight(name):
    """M = 17 (past the skinny kernel), N = 24 (a partial tile): each chunk
    of the staged copy reads 16 bytes of the stored weight at once (16 i8,
    32 nibbles) and decodes them in registers; on lavapipe against numpy
    (the interpreter runs this path in test_lowered_matches_the_program)."""
    require_vulkan()
    m, n, k = 17, 24, 128
    source, args, deq = _case(name, m, n, k, seed=17)
    module = lowered_by(
        source,
        LowerToCoopmat(target="lavapipe", skinny=False),
        CoopmatToSimt(subgroup_size=8),
    )
    _decoded_in_load(module)
    stored = args[1].shape
    assert f"memref<{stored[0]}x{stored[1]}xi8>, vector<16xi8>" in str(module)
    _check_on_lavapipe(module, (m, n), args, deq)


def test_simt_tiled_kernel_reads_runs_of_a_k_by_n_weight():
    """kernel=simt-tiled, W [K, N] i8 (N contiguous): the staging reads a
    run of the stored weight per vector (and the column's scale with it),
    decodes in registers; interpreter and lavapipe against numpy."""
    m, n, k = 17, 40, 64
    source = kn_int8_program(m, n, k)
    rng = np.random.default_rng(2)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.integers(-128, 128, (k, n), dtype=np.int8)
    s = rng.uniform(0.001, 0.02, n).astype(np.float16)
    module = lowered_by(
        source, LowerToCoopmat(target="lavapipe", kernel="simt-tiled", skinny=False)
    )
    assert f"memref<{k}x{n}xi8>, vector<4xi8>" in str(module)
    deq = (w.astype(np.float16) * s).T
    args = [x, w, s]
    want = output_of(parse(source), "forward", [*args, np.zeros((m, n), np.float32)])
    _check_interpreted(module, want, args, deq)
    require_vulkan()
    _check_on_lavapipe(module, (m, n), args, deq)


# -- small M: 16 x 64 x 64 fragment tiles, K split (small_m_plan.py) -----------


SMALL_M_TILES = {"tile": "16x64x64", "subgroups": "1x4", "stages": 4, "split_k": 2}


@pytest.mark.parametrize("name", ["int8-per-channel", "int4-group64"])
def test_small_m_tiles_decode_in_the_load(name):
    """The small-M planner's tiles (forced here: its default takes weights
    of 2^20 elements) at 16x64x512, two K slices: interpreter against the
    program and numpy; SPIR-V for the H100 (KHR, NV2) validates."""
    m, n, k = 16, 64, 512
    source, args, deq = _case(name, m, n, k, seed=13)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target="generic", **SMALL_M_TILES))
    _split_decoded(module)
    _check_interpreted(module, want, args, deq)
    h100 = lowered_by(source, LowerToCoopmat(target="h100-vulkan", **SMALL_M_TILES))
    for coopmat in ("khr", "nv2"):
        for kernel in compile_kernels(h100, coopmat=coopmat):
            validate(kernel.spirv)


def test_small_m_tiles_on_lavapipe():
    require_vulkan()
    m, n, k = 16, 64, 512
    source, args, deq = _case("int4-group64", m, n, k, seed=17)
    module = lowered_by(
        source,
        LowerToCoopmat(target="lavapipe", **SMALL_M_TILES),
        CoopmatToSimt(subgroup_size=8),
    )
    _split_decoded(module)
    _check_on_lavapipe(module, (m, n), args, deq)


@pytest.mark.parametrize(
    ("options", "plan"),
    [
        ({}, "tile=16x64x64 subgroups=1x4 mma=16x16x16 stages=4 split_k=8"),
        ({"small_m_tiles": False}, "tile=16x128x32 subgroups=1x2"),
    ],
)
def test_planner_takes_small_m_tiles_for_a_large_weight(options, plan, capsys):
    source, _, _ = _case("int8-per-channel", 16, 4096, 4096)
    lowered_by(source, LowerToCoopmat(target="h100-vulkan", explain=True, **options))
    assert plan in capsys.readouterr().err


@pytest.mark.parametrize(
    ("m", "n", "k", "split"),
    [
        # About 10 workgroups per unit, at most 8 slices (small_m_plan.
        # MAX_SPLIT: 16 ran 0-7% slower on the H200, bench/RESULTS.md
        # "Twenty-second session"), each of 8 K tiles at least.
        (16, 11008, 4096, "split_k=8"),  # 172 tiles: 8 for 10 per unit
        (16, 4096, 11008, "split_k=8"),  # 172 K tiles: capped at 8
        (8, 4096, 4096, "split_k=8"),  # M 5..8 with decoded weights too
        (16, 16384, 1024, "split_k=2"),  # 16 K tiles: 2 slices of 8
        (16, 32768, 4096, "split_k=3"),  # 512 tiles: 3 for 10 per unit
    ],
)
def test_small_m_split_fills_the_device(m, n, k, split, capsys):
    source, _, _ = _case("int8-per-channel", m, n, k)
    lowered_by(source, LowerToCoopmat(target="h100-vulkan", explain=True))
    assert f"tile=16x64x64 subgroups=1x4 mma=16x16x16 stages=4 {split}" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(("m", "n", "k"), [(17, 4096, 4096), (16, 512, 1024)])
def test_small_m_tiles_need_few_rows_and_a_large_weight(m, n, k, capsys):
    source, _, _ = _case("int8-per-channel", m, n, k)
    lowered_by(source, LowerToCoopmat(target="h100-vulkan", explain=True))
    assert "tile=16x64x64 subgroups=1x4" not in capsys.readouterr().err


@pytest.mark.parametrize(("m", "rows"), [(1, 1), (3, 3), (2, 16)])
def test_skinny_rows_sets_the_outputs_per_workgroup(m, rows):
    """skinny-rows (for measurements): N = 24 in workgroups of `rows`
    outputs (3: a ragged last one), interpreter against the program."""
    n, k = 24, 128
    source, args, deq = _case("int4-group64", m, n, k, seed=rows)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(
        source, LowerToCoopmat(target="lavapipe", skinny=True, skinny_rows=rows)
    )
    _skinny_decoded(module)
    grid = [o for o in module.walk() if o.name == "arith.constant"]
    assert any(f"{-(-n // rows)} : index" in str(c) for c in grid)
    _check_interpreted(module, want, args, deq)


@pytest.mark.parametrize("rows", [0, 17])
def test_skinny_rows_out_of_range_is_an_error(rows):
    source, _, _ = _case("int8-per-channel", 1, 24, 128)
    with pytest.raises(CompileError, match="skinny-rows"):
        lowered_by(source, LowerToCoopmat(target="lavapipe", skinny_rows=rows))


@pytest.mark.parametrize("subgroups", [1, 2, 8])
def test_skinny_subgroups_sets_the_workgroup(subgroups):
    """skinny-subgroups (for measurements): both schedules, `nk` (int4 per
    group, W [N, K]) and `kn` (int8, W [K, N], K split), with 1, 2 or 8
    subgroups a workgroup: interpreter against the program."""
    options = LowerToCoopmat(target="lavapipe", skinny=True, skinny_subgroups=subgroups)
    source, args, deq = _case("int4-group64", 2, 24, 256, seed=subgroups)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(source, options)
    _skinny_decoded(module)
    assert f"memref<{subgroups}x" in str(module)  # the partials, one row each
    _check_interpreted(module, want, args, deq)
    m, n, k = 3, 40, 64
    source = kn_int8_program(m, n, k)
    rng = np.random.default_rng(subgroups)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.integers(-128, 128, (k, n), dtype=np.int8)
    s = rng.uniform(0.001, 0.02, n).astype(np.float16)
    kn_args = [x, w, s, np.zeros((m, n), np.float32)]
    kn_want = output_of(parse(source), "forward", kn_args)
    got = output_of(lowered_by(source, options), "forward", kn_args)
    np.testing.assert_allclose(got, kn_want, rtol=1e-5, atol=1e-5)


def test_skinny_subgroups_run_on_lavapipe():
    require_vulkan()
    source, args, deq = _case("int8-per-channel", 1, 24, 512, seed=3)
    module = lowered_by(
        source, LowerToCoopmat(target="lavapipe", skinny=True, skinny_subgroups=1)
    )
    _skinny_decoded(module)
    _check_on_lavapipe(module, (1, 24), args, deq)


@pytest.mark.parametrize("subgroups", [0, 3, 16])
def test_skinny_subgroups_out_of_range_is_an_error(subgroups):
    source, _, _ = _case("int8-per-channel", 1, 24, 128)
    with pytest.raises(CompileError, match="skinny-subgroups"):
        lowered_by(
            source, LowerToCoopmat(target="lavapipe", skinny_subgroups=subgroups)
        )


@pytest.mark.parametrize("at_store", [True, False])
def test_prefetch_decodes_at_the_store_or_at_the_load(at_store):
    """stages=2: with decode-at-store the K loop carries the stored run
    (vector<16xi8>) and the scale, decoded when stored to workgroup memory;
    with false it carries the decoded f16 pieces. The same values either way."""
    m, n, k = 32, 48, 128
    source, args, deq = _case("int8-per-channel", m, n, k, seed=21)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(
        source, LowerToCoopmat(target="generic", stages=2, decode_at_store=at_store)
    )
    loops = [str(o).splitlines()[0] for o in module.walk() if o.name == "scf.for"]
    carried = " ".join(line for line in loops if "iter_args" in line)
    assert ("vector<16xi8>" in carried) == at_store
    _check_interpreted(module, want, args, deq)


@pytest.mark.parametrize("stages", [3, 4])
@pytest.mark.parametrize("name", list(FORMATS))
def test_deeper_prefetches_decode_at_the_store(name, stages):
    """stages=3 (two buffers) and 4 (two tiles ahead) hold the loads too."""
    m, n, k = 32, 48, 256
    source, args, deq = _case(name, m, n, k, seed=stages)
    (want,) = returned(parse(source), "forward", args)
    module = lowered_by(source, LowerToCoopmat(target="generic", stages=stages))
    _decoded_in_load(module)
    _check_interpreted(module, want, args, deq)
