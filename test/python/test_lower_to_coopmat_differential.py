"""lower-to-coopmat against the interpreter: the L0 input and the L1 kernel
run on the same random data must give the same C.

Integers compare exactly. Floats compare within the accumulation-order bound
|L1 - L0| <= (K + 2) * eps(C) * (|A| @ |B| + |C0|): the input rounds to C's
type after every product-add, the kernel once per coopmat.mul_add (k terms
summed in f32, see coopmlir.interpreter.coopmat).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from coopmlir import registry
from coopmlir.diagnostics import LocatedParser
from coopmlir.interpreter import run_function
from coopmlir.interpreter.values import round_bf16
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

# (A element, C element, linalg.matmul attributes) per type combination.
TYPES = {
    "f16-f32": ("f16", "f32", ""),
    "f16-f16": ("f16", "f16", ""),
    "bf16-f32": ("bf16", "f32", ""),
    "s8-s32": ("i8", "i32", ""),
    "u8-u32": ("i8", "i32", "{cast = #linalg.type_fn<cast_unsigned>} "),
    "f32-f32": ("f32", "f32", ""),
}

# Explicit configurations the target supports for the type (target, tile,
# subgroups, mma); None fields are left to the heuristic.
CONFIGS = {
    "f16-f32": [
        ("generic", "16x16x16", "1x1", None),
        ("generic", "32x32x16", "2x1", None),
        ("generic", "64x32x32", "2x2", None),
        ("h100-vulkan", "32x16x16", "1x1", "16x8x8"),
        ("h100-vulkan", "32x32x32", "1x2", "16x8x16"),
        ("h100-vulkan", None, None, None),
    ],
    "f16-f16": [
        ("generic", "32x16x16", "1x1", None),
        ("h100-vulkan", "32x32x16", "2x2", "16x8x8"),
    ],
    "bf16-f32": [("h100-vulkan", "32x32x16", "2x1", None)],
    "s8-s32": [
        ("h100-vulkan", "32x16x32", "2x1", "16x8x32"),
        ("h100-vulkan", "16x32x64", "1x1", "16x16x32"),
    ],
    "u8-u32": [("h100-vulkan", "32x32x32", "2x2", "16x8x32")],
    "f32-f32": [
        ("simt", "32x16x16", "2x1", "16x16x16"),
        ("lavapipe", "16x16x8", "1x2", "16x8x8"),
    ],
}


def matmul_source(m: int, n: int, k: int, types: str, fill: bool) -> str:
    a, c, attrs = TYPES[types]
    zero = "0.0" if c.startswith("f") else "0"
    fill_ops = (
        f"  %zero = arith.constant {zero} : {c}\n"
        f"  linalg.fill ins(%zero : {c}) outs(%C : memref<{m}x{n}x{c}>)\n"
        if fill
        else ""
    )
    return (
        f"func.func @matmul(%A: memref<{m}x{k}x{a}>, %B: memref<{k}x{n}x{a}>, "
        f"%C: memref<{m}x{n}x{c}>) {{\n{fill_ops}"
        f"  linalg.matmul {attrs}ins(%A, %B : memref<{m}x{k}x{a}>, "
        f"memref<{k}x{n}x{a}>) outs(%C : memref<{m}x{n}x{c}>)\n"
        "  func.return\n}\n"
    )


def parse(text: str) -> ModuleOp:
    ctx = Context()
    for name, factory in registry.DIALECTS.items():
        ctx.register_dialect(name, factory)
    return LocatedParser(ctx, text, "input.mlir").parse_module()


def random_operands(m, n, k, types, rng) -> list[np.ndarray]:
    a, c, _ = TYPES[types]
    shapes = ((m, k), (k, n), (m, n))
    if a == "i8":
        ops = [rng.integers(-128, 128, size=s).astype(np.int8) for s in shapes[:2]]
        return [*ops, rng.integers(-1000, 1000, size=shapes[2]).astype(np.int32)]
    cast = {
        "f16": lambda x: x.astype(np.float16),
        "bf16": lambda x: round_bf16(x.astype(np.float32)),
        "f32": lambda x: x.astype(np.float32),
    }
    return [
        cast[t](rng.uniform(-1, 1, size=s))
        for t, s in zip((a, a, c), shapes, strict=True)
    ]


def check_lowering(m, n, k, types, config, stages, fill, seed=0) -> None:
    """Lower, verify, interpret both levels and compare C."""
    target, tile, subgroups, mma = config
    source = matmul_source(m, n, k, types, fill)
    lowered = parse(source)
    options = dict(target=target, tile=tile, subgroups=subgroups, mma=mma)
    LowerToCoopmat(**options, stages=stages).apply(Context(), lowered)
    lowered.verify()
    assert not any(op.name.startswith("linalg.") for op in lowered.walk())

    operands = random_operands(m, n, k, types, np.random.default_rng(seed))
    expected = [x.copy() for x in operands]
    actual = [x.copy() for x in operands]
    run_function(parse(source), "matmul", expected)
    run_function(lowered, "matmul", actual)
    np.testing.assert_array_equal(actual[0], operands[0])  # inputs untouched
    np.testing.assert_array_equal(actual[1], operands[1])
    got, want = actual[2], expected[2]
    if got.dtype.kind == "i":
        np.testing.assert_array_equal(got, want)
        return
    a, b, c0 = (x.astype(np.float64) for x in operands)
    scale = np.abs(a) @ np.abs(b) + (0 if fill else np.abs(c0))
    tolerance = (k + 2) * np.finfo(want.dtype).eps * scale + 1e-30
    if TYPES[types][0] == "bf16":
        tolerance = (k + 2) * 2.0**-24 * scale + 1e-30  # accumulates in f32
    error = np.abs(got.astype(np.float64) - want.astype(np.float64))
    assert np.all(error <= tolerance), f"max error {error.max()} at {error.argmax()}"


# The ragged sizes and the tile boundaries of a 32x32x16 tile.
EDGE_SHAPES = [(1, 1, 1), (33, 47, 19), (31, 33, 15), (33, 31, 17), (32, 32, 32)]


@pytest.mark.parametrize("stages", [0, 1, 2])
@pytest.mark.parametrize("shape", EDGE_SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_edge_shapes_f16_f32(shape, stages):
    config = ("generic", "32x32x16", "2x1", None)
    check_lowering(*shape, "f16-f32", config, stages, fill=False)


@pytest.mark.parametrize("types", list(TYPES))
@pytest.mark.parametrize("stages", [0, 1, 2])
def test_every_type_ragged(types, stages):
    for config in CONFIGS[types][:1]:
        check_lowering(33, 47, 19, types, config, stages, fill=True)


def test_heuristic_configuration_on_h100():
    check_lowering(
        70, 45, 40, "f16-f32", ("h100-vulkan", None, None, None), None, False
    )


def test_fill_with_nonzero_constant():
    source = matmul_source(17, 9, 5, "f16-f32", fill=True).replace("0.0", "2.5")
    lowered = parse(source)
    LowerToCoopmat(tile="16x16x16", stages=1).apply(Context(), lowered)
    a, b, c = random_operands(17, 9, 5, "f16-f32", np.random.default_rng(1))
    want = a.astype(np.float64) @ b.astype(np.float64) + 2.5
    run_function(lowered, "matmul", [a, b, c])
    np.testing.assert_allclose(c, want, atol=1e-3)


@settings(max_examples=30, derandomize=True, deadline=None)
@given(
    m=st.integers(1, 70),
    n=st.integers(1, 70),
    k=st.integers(1, 70),
    types=st.sampled_from(list(TYPES)),
    pick=st.integers(0, 5),
    stages=st.sampled_from([0, 1, 2, None]),
    fill=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_random_problems(m, n, k, types, pick, stages, fill, seed):
    configs = CONFIGS[types]
    check_lowering(m, n, k, types, configs[pick % len(configs)], stages, fill, seed)
