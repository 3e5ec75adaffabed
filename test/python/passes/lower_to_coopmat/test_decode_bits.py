"""decode_bits.py: a dequantize body on the bit fields of packed words.

- the range analysis: which fields become floats by the `0x6400 | v` trick
  (no integer-to-float conversion) and which keep the conversion;
- exactness: the skinny kernel with one-hot activations returns single
  decoded weights; every byte value at every byte (and nibble) position of
  a word, signed int8 and int4 with a constant and a stored zero point,
  bit for bit against numpy's dequantization, on the interpreter and on
  lavapipe (each module through spirv-val).
"""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import lowered_by, output_of
from support.quant_programs import int4_parity_generic, int4_program
from support.vulkan_device import require_vulkan
from xdsl.dialects import arith, test
from xdsl.dialects.builtin import Float8E4M3FNType, Float8E5M2Type, f16, f32, i8, i32
from xdsl.ir import Block

from coopmlir.elements import F8_FORMATS, f8_from_bits
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.decode_bits import BitsEmitter, Field
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

# -- the range analysis --------------------------------------------------------


def _converted(field_of, t, unsigned=False) -> list[str]:
    """The op names `sitofp`/`uitofp` of a field becomes."""
    block = Block()
    b = KernelBuilder(block)
    word = b.emit(test.TestOp(result_types=[i32])).results[0]
    result = BitsEmitter(b)._to_float(field_of(word), t, unsigned)
    if result is None:
        return ["conversion"]
    return [op.name for op in block.ops if op.name != "arith.constant"]


def test_field_bounds():
    word = Block(arg_types=[i32]).args[0]
    assert Field(word, 4, 15, i32, -8).bounds() == (-8, 7)
    assert Field(word, 0, 0xFF, i8).bounds() == (0, 255)


@pytest.mark.parametrize(
    ("mask", "offset", "t", "unsigned", "trick"),
    [
        (15, -8, f16, False, True),  # an int4 minus 8
        (15, 0, f16, True, True),  # a Q4_1 nibble
        (0xFF, -128, f16, False, True),  # a signed byte, sign bit flipped
        (1023, 0, f16, True, True),  # 10 bits: the widest under 0x6400
        (2047, 0, f16, True, False),  # 11 bits: not all of them under 0x6400
        (15, -8, f16, True, False),  # unsigned but maybe negative
        (1023, 1500, f16, False, False),  # up to 2523: not all exact in f16
        (0xFFFF, 0, f32, True, True),  # f32 holds 23 bits
    ],
)
def test_range_analysis_decides_the_trick(mask, offset, t, unsigned, trick):
    names = _converted(lambda w: Field(w, 4, mask, i32, offset), t, unsigned)
    assert (names != ["conversion"]) == trick
    if trick:
        assert "arith.sitofp" not in names and "arith.uitofp" not in names
        # f16: both halves of the word at once (an f16x2 pair); f32: one.
        assert names[-2:] in (
            ["vector.bitcast", "arith.subf"],
            ["arith.bitcast", "arith.subf"],
        )


def test_a_field_minus_a_zero_point_is_bounded_by_the_zero_points_width():
    block = Block()
    b = KernelBuilder(block)
    word, byte = (b.emit(test.TestOp(result_types=[t])).results[0] for t in (i32, i8))
    zero_point = b.emit(arith.ExtUIOp(byte, i32)).results[0]
    nibble = Field(word, 4, 15, i32, 0, zero_point, 255)
    assert nibble.bounds() == (-255, 15)
    emitter = BitsEmitter(b)
    assert emitter._to_float(nibble, f16, unsigned=False) is not None
    assert emitter._to_float(nibble, f16, unsigned=True) is None  # may be < 0
    wide = Field(word, 4, 15, i32, 0, zero_point, 4095)  # 12 bits: not under 0x6400
    assert emitter._to_float(wide, f16, unsigned=False) is None


def test_fields_16_bits_apart_share_one_f16_pair():
    block = Block()
    b = KernelBuilder(block)
    word = b.emit(test.TestOp(result_types=[i32])).results[0]
    emitter = BitsEmitter(b)
    low = emitter._to_float(Field(word, 4, 15, i32, -8), f16, False)
    high = emitter._to_float(Field(word, 20, 15, i32, -8), f16, False)
    assert (low.lane, high.lane) == (0, 1) and low.pair is high.pair
    names = [op.name for op in block.ops if op.name != "arith.constant"]
    assert names.count("arith.subf") == 1 and names.count("arith.andi") == 1


def test_a_whole_signed_byte_flips_its_sign_bit_once_per_word():
    block = Block()
    b = KernelBuilder(block)
    word = b.emit(test.TestOp(result_types=[i32])).results[0]
    emitter = BitsEmitter(b)
    for shift in (0, 8, 16, 24):
        assert emitter._to_float(Field(word, shift, 0xFF, i8), f16, False)
    assert [op.name for op in block.ops].count("arith.xori") == 1


# -- exactness through the skinny kernel ------------------------------------------

_ID = "affine_map<(d0, d1) -> (d0, d1)>"
_LINEAR_MAPS = (
    "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, "
    "affine_map<(d0, d1, d2) -> (d0, d1)>]"
)


def _linear(m, n, k, args, dequantize) -> str:
    return f"""func.func @forward(%x: tensor<{m}x{k}xf16>, {args}) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %we = tensor.empty() : tensor<{n}x{k}xf16>
  {dequantize}
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %y = linalg.matmul indexing_maps = {_LINEAR_MAPS} ins(%x, %wf : tensor<{m}x{k}xf16>, tensor<{n}x{k}xf16>) outs(%acc : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %y : tensor<{m}x{n}xf32>
}}"""


def signed_int8(m, n, k) -> str:
    """int8 per channel: `sitofp` of the whole byte (sign flipped in the word)."""
    return _linear(
        m,
        n,
        k,
        f"%w: tensor<{n}x{k}xi8>, %s: tensor<{n}xf16>",
        f"""%wf = linalg.generic {{indexing_maps = [{_ID}, affine_map<(d0, d1) -> (d0)>, {_ID}], iterator_types = ["parallel", "parallel"]}} ins(%w, %s : tensor<{n}x{k}xi8>, tensor<{n}xf16>) outs(%we : tensor<{n}x{k}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i8 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>""",
    )


def int4_minus_8(m, n, k) -> str:
    """int4 per group of 32 minus 8, the nibble picked by the position's
    parity (bench/quant_gemm.py's form): the shift is a constant per element."""
    return _linear(
        m,
        n,
        k,
        f"%w: tensor<{n}x{k // 2}xi8>, %s: tensor<{n}x{k // 32}xf16>",
        int4_parity_generic(n, k, 32),
    )


def _every_byte(n: int, columns: int) -> np.ndarray:
    """[n, columns] bytes; with n = 256 each column holds every value."""
    rows = np.arange(n)[:, None]
    return ((rows * 1 + 37 * np.arange(columns)[None, :]) % 256).astype(np.uint8)


def _case(name: str, m: int, n: int, k: int):
    rng = np.random.default_rng(7)
    if name == "signed-int8":
        w = _every_byte(n, k).view(np.int8)
        s = rng.uniform(0.5, 2, n).astype(np.float16)
        return signed_int8(m, n, k), [w, s], w.astype(np.float16) * s[:, None]
    packed = _every_byte(n, k // 2)
    q = np.stack([packed >> 4, packed & 15], axis=-1).reshape(n, k).astype(np.int32)
    if name == "int4-minus-8":
        s = rng.uniform(0.5, 2, (n, k // 32)).astype(np.float16)
        deq = (q - 8).astype(np.float16) * np.repeat(s, 32, axis=1)
        return int4_minus_8(m, n, k), [packed.view(np.int8), s], deq
    # torch-mlir's int4 with a stored zero point (groups of 64)
    zp = rng.integers(0, 16, (n, k // 64), dtype=np.uint8)
    s = rng.uniform(0.5, 2, (n, k // 64)).astype(np.float16)
    z = np.repeat(zp.astype(np.int32), 64, axis=1)
    deq = (q - z).astype(np.float16) * np.repeat(s, 64, axis=1)
    args = [packed.view(np.int8), zp.view(np.int8), s]
    return int4_program(m, n, k, 64), args, deq


NAMES = ["signed-int8", "int4-minus-8", "int4-zero-point"]
#: One-hot rows at K positions 0..7: bytes 0..3 of a word and (int4) both
#: nibbles of each, every byte value in each (N = 256).
M, N, K = 8, 256, 256


def _one_hot() -> np.ndarray:
    x = np.zeros((M, K), np.float16)
    x[np.arange(M), np.arange(M)] = 1
    return x


@pytest.mark.parametrize("name", NAMES)
def test_skinny_kernel_decodes_every_byte_exactly(name):
    source, args, deq = _case(name, M, N, K)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    assert "_skinny" in str(module)
    got = output_of(
        module, "forward", [_one_hot(), *args, np.zeros((M, N), np.float32)]
    )
    np.testing.assert_array_equal(got, deq[:, :M].T.astype(np.float32))


@pytest.mark.parametrize("name", NAMES)
def test_skinny_kernel_decodes_every_byte_exactly_on_lavapipe(name):
    require_vulkan()
    source, args, deq = _case(name, M, N, K)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    out = np.zeros((M, N), np.float32)
    (kernel,) = kernels.values()
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "forward", kernels, [_one_hot(), *args, out], device)
    np.testing.assert_array_equal(out, deq[:, :M].T.astype(np.float32))


@pytest.mark.parametrize("name", NAMES)
def test_h100_skinny_kernels_validate_without_integer_conversions(name):
    """Every module through spirv-val; no integer-to-float conversion is
    left (the stored zero point is biased the same way as the nibble)."""
    source, _, _ = _case(name, 1, N, K)
    module = lowered_by(source, LowerToCoopmat(target="h100-vulkan", skinny=True))
    for coopmat in ("khr", "nv2"):
        for kernel in compile_kernels(module, coopmat=coopmat):
            validate(kernel.spirv)
    text = str(module)
    assert "arith.sitofp" not in text and "arith.uitofp" not in text


# -- 8-bit floats: both halves of a word decoded at once ---------------------------


def f8_widened(fmt: str, m: int, n: int, k: int) -> str:
    """`w.to(float16)` of an f8 weight, as bench/quant_gemm.py writes it."""
    return _linear(
        m,
        n,
        k,
        f"%w: tensor<{n}x{k}x{fmt}>",
        f"""%wf = linalg.generic {{indexing_maps = [{_ID}, {_ID}], iterator_types = ["parallel", "parallel"]}} ins(%w : tensor<{n}x{k}x{fmt}>) outs(%we : tensor<{n}x{k}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: {fmt}, %o: f16):
    %v = arith.extf %q : {fmt} to f16
    linalg.yield %v : f16
  }} -> tensor<{n}x{k}xf16>""",
    )


F8_TYPES = {"f8E4M3FN": Float8E4M3FNType(), "f8E5M2": Float8E5M2Type()}
#: One 16-byte load per row: every byte position of its four words, one-hot.
F8_M, F8_K = 16, 16


def _f8_case(fmt: str):
    """Every code at every byte position (N = 256 rows), NaN and inf
    included; the reference is each one-hot product summed exactly as f32
    (0 times NaN or inf is NaN: a row holding one is NaN but where x
    picks an infinity)."""
    codes = _every_byte(N, F8_K)
    deq = f8_from_bits(codes, F8_FORMATS[fmt]).astype(np.float32)
    x = np.eye(F8_M, F8_K, dtype=np.float16)
    with np.errstate(invalid="ignore"):
        want = (x[:, None, :].astype(np.float32) * deq[None, :, :]).sum(-1)
    weights = f8_from_bits(codes, F8_FORMATS[fmt])  # the interpreter's f8 values
    return f8_widened(fmt, F8_M, N, F8_K), x, weights, want


@pytest.mark.parametrize("fmt", ["f8E4M3FN", "f8E5M2"])
def test_skinny_kernel_decodes_every_f8_code_exactly(fmt):
    source, x, w, want = _f8_case(fmt)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    assert "_skinny" in str(module)
    got = output_of(module, "forward", [x, w, np.zeros_like(want)])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("fmt", ["f8E4M3FN", "f8E5M2"])
def test_skinny_kernel_decodes_every_f8_code_exactly_on_lavapipe(fmt):
    require_vulkan()
    source, x, w, want = _f8_case(fmt)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    (kernel,) = kernels.values()
    validate(kernel.spirv)
    out = np.zeros_like(want)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "forward", kernels, [x, w, out], device)
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize(("fmt", "multiplies"), [("f8E4M3FN", 1), ("f8E5M2", 0)])
def test_a_words_f8_bytes_decode_as_two_pairs(fmt, multiplies):
    """Bytes 0 and 2 share one f16 pair, bytes 1 and 3 another: E4M3FN
    takes one f16x2 multiply per pair (the 2^8 rebias), E5M2 none; no
    per-byte extraction, select or integer-to-float conversion."""
    block = Block()
    b = KernelBuilder(block)
    word = b.emit(test.TestOp(result_types=[i32])).results[0]
    emitter = BitsEmitter(b)
    t = F8_TYPES[fmt]
    extend = arith.ExtFOp(test.TestOp(result_types=[t]).results[0], f16)
    lanes = [
        emitter._f8_op(extend, Field(word, s, 0xFF, t), f16) for s in range(0, 32, 8)
    ]
    assert [lane.lane for lane in lanes] == [0, 0, 1, 1]
    assert lanes[0].pair is lanes[2].pair and lanes[1].pair is lanes[3].pair
    names = [op.name for op in block.ops if op.name != "arith.constant"]
    assert names.count("arith.mulf") == 2 * multiplies
    assert not {"arith.select", "arith.uitofp", "vector.extract"} & set(names)


def test_f8_pairs_false_decodes_each_byte_alone():
    """The earlier path (for A/B runs): each code extracted and widened by
    itself, the same values."""
    source, x, w, want = _f8_case("f8E4M3FN")
    paired = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    alone = lowered_by(
        source, LowerToCoopmat(target="lavapipe", skinny=True, f8_pairs=False)
    )
    assert "vector<2xf16>" in str(paired) and "vector<2xf16>" not in str(alone)
    assert "arith.extf" in str(alone)
    got = output_of(alone, "forward", [x, w, np.zeros_like(want)])
    np.testing.assert_array_equal(got, want)


def test_an_f8_widened_to_f32_decodes_through_its_f16_lane():
    """`extf` to f32 (then a scale in f32 and `truncf` to f16): the pair's
    lane widened once more, every code exact."""
    fmt = "f8E4M3FN"
    body = f"""%wf = linalg.generic {{indexing_maps = [{_ID}, {_ID}], iterator_types = ["parallel", "parallel"]}} ins(%w : tensor<{N}x{F8_K}x{fmt}>) outs(%we : tensor<{N}x{F8_K}xf16>) attrs = {{coopmlir.dequantize}} {{
  ^bb0(%q: {fmt}, %o: f16):
    %v = arith.extf %q : {fmt} to f32
    %two = arith.constant 2.0 : f32
    %d = arith.mulf %v, %two : f32
    %h = arith.truncf %d : f32 to f16
    linalg.yield %h : f16
  }} -> tensor<{N}x{F8_K}xf16>"""
    source = _linear(F8_M, N, F8_K, f"%w: tensor<{N}x{F8_K}x{fmt}>", body)
    _, x, w, want = _f8_case(fmt)
    module = lowered_by(source, LowerToCoopmat(target="lavapipe", skinny=True))
    assert "vector<2xf16>" in str(module)
    got = output_of(module, "forward", [x, w, np.zeros_like(want)])
    np.testing.assert_array_equal(got, 2 * want)
