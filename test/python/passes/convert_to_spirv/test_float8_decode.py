"""f8 on targets without 8-bit floats (every shipped target): a byte in
memory, `arith.extf` decoded and `arith.truncf` encoded by integer ops
(passes/float8_decode.py). The decode is checked over all 256 codes of each
format, the encode over every f16 value and the f32 ties, on the interpreter
(before vs after the expansion, and against `coopmlir.elements`) and on
lavapipe; each module passes spirv-val for the SIMT, KHR and NV2 targets;
what cannot run (f8 arithmetic, truncf from f64, i4 memrefs) is a located
error."""

import numpy as np
import pytest
from support.lowering import interpreted, parse
from support.vulkan_device import require_vulkan
from xdsl.dialects import arith

from coopmlir.diagnostics import CompileError
from coopmlir.elements import F8_FORMATS, f8_bits, f8_from_bits, is_f8
from coopmlir.passes.float8_decode import expand_f8_conversions
from coopmlir.runtime.launch import compile_for_device, lower
from coopmlir.spirv.tools import validate
from coopmlir.targets import TARGETS

WIDEN = """
func.func @widen(%w: memref<256xFMT>, %out: memref<256xWIDE>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%w : memref<256xFMT>) outs(%out : memref<256xWIDE>) {
  ^bb0(%x: FMT, %o: WIDE):
    %y = arith.extf %x : FMT to WIDE
    linalg.yield %y : WIDE
  }
  return
}
"""

CASES = [(fmt, wide) for fmt in F8_FORMATS for wide in ("f16", "f32")]


def program(fmt: str, wide: str) -> str:
    return WIDEN.replace("FMT", fmt).replace("WIDE", wide)


def every_code(fmt: str) -> np.ndarray:
    return f8_from_bits(np.arange(256), F8_FORMATS[fmt])


def same_bits(got: np.ndarray, want: np.ndarray) -> None:
    """Equal values, equal signs of zero, NaN where NaN."""
    nan = np.isnan(want)
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got[~nan], want[~nan])
    np.testing.assert_array_equal(np.signbit(got[~nan]), np.signbit(want[~nan]))


@pytest.mark.parametrize(("fmt", "wide"), CASES)
def test_expansion_is_exact_on_every_code(fmt, wide):
    l1 = lower(parse(program(fmt, wide)), TARGETS["lavapipe"])
    codes = every_code(fmt)
    out = np.zeros(256, np.float16 if wide == "f16" else np.float32)
    *_, before = interpreted(l1, "widen", [codes, out])
    expand_f8_conversions(l1)
    l1.verify()
    ops = list(l1.walk())
    assert not any(isinstance(o, arith.ExtFOp) and is_f8(o.input.type) for o in ops)
    assert any(isinstance(o, arith.BitcastOp) and is_f8(o.input.type) for o in ops)
    *_, after = interpreted(l1, "widen", [codes, out])
    same_bits(before, codes.astype(out.dtype))
    same_bits(after, codes.astype(out.dtype))


@pytest.mark.parametrize(("fmt", "wide"), CASES)
def test_every_target_validates(fmt, wide):
    for name in ("lavapipe", "h100-vulkan"):
        _, kernels = compile_for_device(parse(program(fmt, wide)), TARGETS[name])
        for coopmat in ("khr", "nv2") if name != "lavapipe" else ("khr",):
            _, kernels = compile_for_device(
                parse(program(fmt, wide)), TARGETS[name], coopmat=coopmat
            )
            for kernel in kernels.values():
                validate(kernel.spirv)


@pytest.mark.parametrize("fmt", list(F8_FORMATS))
def test_every_code_decodes_on_lavapipe(fmt):
    require_vulkan()
    from coopmlir.runtime.device_target import query_target
    from coopmlir.tools.coopmlir_run import run_on_device

    kernel_level, kernels = compile_for_device(
        parse(program(fmt, "f32")), query_target(None)
    )
    codes = every_code(fmt)
    arrays = [codes.copy(), np.zeros(256, np.float32)]
    run_on_device(kernel_level, "widen", kernels, arrays)
    same_bits(arrays[1], codes)


NARROW = """
func.func @narrow(%x: memref<COUNTxWIDE>, %out: memref<COUNTxFMT>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : memref<COUNTxWIDE>) outs(%out : memref<COUNTxFMT>) {
  ^bb0(%a: WIDE, %o: FMT):
    %y = arith.truncf %a : WIDE to FMT
    linalg.yield %y : FMT
  }
  return
}
"""


def narrowing(fmt: str, wide: str, n: int) -> str:
    return NARROW.replace("FMT", fmt).replace("WIDE", wide).replace("COUNT", str(n))


def f32_ties(fmt: str) -> np.ndarray:
    """Every midpoint between neighbouring values, just below and above it,
    past the largest value, and NaN, infinity, both signs."""
    table = every_code(fmt)[:128].astype(np.float64)
    table = table[np.isfinite(table)]
    mids = (table[1:] + table[:-1]) / 2
    top = [table[-1] * 1.06, table[-1] * 1.2, np.inf, np.nan]
    x = np.concatenate([mids, np.nextafter(mids, 0), np.nextafter(mids, 1e9), top])
    return np.concatenate([x, -x]).astype(np.float32)


@pytest.mark.parametrize("fmt", list(F8_FORMATS))
def test_truncation_is_exact(fmt):
    every_f16 = np.arange(65536, dtype=np.uint16).view(np.float16)
    ties = f32_ties(fmt)
    for wide, x in (("f16", every_f16), ("f32", ties)):
        l1 = lower(parse(narrowing(fmt, wide, x.size)), TARGETS["lavapipe"])
        expand_f8_conversions(l1)
        l1.verify()
        assert not any(isinstance(o, arith.TruncFOp) for o in l1.walk())
        *_, got = interpreted(l1, "narrow", [x, np.zeros(x.size, np.float32)])
        want = f8_from_bits(f8_bits(x, F8_FORMATS[fmt]), F8_FORMATS[fmt])
        same_bits(got, want)


@pytest.mark.parametrize("fmt", list(F8_FORMATS))
def test_every_f16_encodes_on_lavapipe(fmt):
    require_vulkan()
    from coopmlir.runtime.device_target import query_target
    from coopmlir.tools.coopmlir_run import run_on_device

    x = np.arange(65536, dtype=np.uint16).view(np.float16)
    kernel_level, kernels = compile_for_device(
        parse(narrowing(fmt, "f16", x.size)), query_target(None)
    )
    for kernel in kernels.values():
        validate(kernel.spirv)
    arrays = [x.copy(), np.zeros(x.size, np.float32)]
    run_on_device(kernel_level, "narrow", kernels, arrays)
    want = f8_from_bits(f8_bits(x, F8_FORMATS[fmt]), F8_FORMATS[fmt])
    same_bits(arrays[1], want)


ARITHMETIC = """
func.func @add(%x: memref<8xf8E5M2>, %out: memref<8xf8E5M2>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : memref<8xf8E5M2>) outs(%out : memref<8xf8E5M2>) {
  ^bb0(%a: f8E5M2, %o: f8E5M2):
    %y = arith.addf %a, %o : f8E5M2
    linalg.yield %y : f8E5M2
  }
  return
}
"""

INT4 = """
func.func @int4(%x: memref<8xi4>, %out: memref<8xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : memref<8xi4>) outs(%out : memref<8xi32>) {
  ^bb0(%a: i4, %o: i32):
    %y = arith.extsi %a : i4 to i32
    linalg.yield %y : i32
  }
  return
}
"""


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (ARITHMETIC, "'arith.addf' on f8E5M2 needs a target with 8-bit floats"),
        (
            narrowing("f8E4M3FN", "f64", 8),
            "'arith.truncf' to f8E4M3FN needs a target with 8-bit floats",
        ),
        (INT4, "i4 values cannot be computed on the GPU; store 4-bit integers packed"),
    ],
)
def test_what_cannot_run_is_a_located_error(source, message):
    with pytest.raises(CompileError, match=message) as err:
        compile_for_device(parse(source), TARGETS["lavapipe"])
    assert "input.mlir:" in str(err.value)
