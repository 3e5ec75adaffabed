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

ELEMENTWISE = """
func.func @NAME(%x: memref<COUNTxIN>, %out: memref<COUNTxOUT>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : memref<COUNTxIN>) outs(%out : memref<COUNTxOUT>) {
  ^bb0(%a: IN, %o: OUT):
    %y = BODY
    linalg.yield %y : OUT
  }
  return
}
"""


def elementwise(name: str, count: int, source: str, result: str, body: str) -> str:
    """One element-wise loop `%out[i] = body(%a = %x[i], %o = %out[i])`."""
    text = ELEMENTWISE.replace("NAME", name).replace("COUNT", str(count))
    return text.replace("BODY", body).replace("IN", source).replace("OUT", result)


CASES = [(fmt, wide) for fmt in F8_FORMATS for wide in ("f16", "f32")]


def program(fmt: str, wide: str) -> str:
    return elementwise("widen", 256, fmt, wide, f"arith.extf %a : {fmt} to {wide}")


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


def narrowing(fmt: str, wide: str, n: int) -> str:
    return elementwise("narrow", n, wide, fmt, f"arith.truncf %a : {wide} to {fmt}")


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


ARITHMETIC = elementwise("add", 8, "f8E5M2", "f8E5M2", "arith.addf %a, %o : f8E5M2")

INT4 = elementwise("int4", 8, "i4", "i32", "arith.extsi %a : i4 to i32")


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
