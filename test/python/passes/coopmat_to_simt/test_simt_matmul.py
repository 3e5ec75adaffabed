"""The SIMT matmul path: L0 `linalg.matmul` through `--lower-to-coopmat` (a
target without matrix units, or generic) and `--coopmat-to-simt` gives L2
code that the interpreter runs to the same C as L0, on the same random data.

Integers compare exactly (i8 x i8 -> i32 wraps the same way at both levels).
Floats: L0 rounds to C's type after every multiply and every add, L2 once per
fused multiply-add (`math.fma`), in a different order. Each is within
K * eps(C) * (|A| @ |B| + |C0|) of the exact sum, so they agree within
TOLERANCE = 2 * (K + 1) * eps(C) * (|A| @ |B| + |C0|).

Subgroup sizes other than the target's come from a copy of the target with
that subgroup size (`with_subgroup_size`), as a device query would build it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.error_model import EPS, assert_close, matmul_magnitude, sum_tolerance
from support.lowering import lowered_by, output_of, parse
from support.run_tools import run_opt
from support.tiers import covering
from xdsl.dialects.builtin import ModuleOp

from coopmlir import targets
from coopmlir.elements import round_bf16
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

EXAMPLES = Path(__file__).parents[4] / "examples"

# (A and B element, C element, linalg.matmul attributes): every combination
# lower-to-coopmat accepts on a target without matrix units (SIMT_TYPES).
TYPES = {
    "f32": ("f32", "f32", ""),
    "f16-f32": ("f16", "f32", ""),
    "f16-f16": ("f16", "f16", ""),
    "bf16-f32": ("bf16", "f32", ""),
    "s8-s32": ("i8", "i32", ""),
    "u8-u32": ("i8", "i32", "{cast = #linalg.type_fn<cast_unsigned>} "),
}
SUBGROUP_SIZES = (8, 16, 32, 64)


def matmul_source(m: int, n: int, k: int, types: str) -> str:
    a, c, attrs = TYPES[types]
    ta, tb, tc = f"memref<{m}x{k}x{a}>", f"memref<{k}x{n}x{a}>", f"memref<{m}x{n}x{c}>"
    return (
        f"func.func @matmul(%A: {ta}, %B: {tb}, %C: {tc}) {{\n"
        f"  linalg.matmul {attrs}ins(%A, %B : {ta}, {tb}) outs(%C : {tc})\n"
        "  func.return\n}\n"
    )


def random_operands(m, n, k, types, rng) -> list[np.ndarray]:
    a, c, _ = TYPES[types]
    if a == "i8":
        ab = [rng.integers(-128, 128, size=s).astype(np.int8) for s in ((m, k), (k, n))]
        return [*ab, rng.integers(-(2**31), 2**31, size=(m, n)).astype(np.int32)]
    cast = {
        "f16": lambda x: x.astype(np.float16),
        "bf16": lambda x: round_bf16(x.astype(np.float32)),
        "f32": lambda x: x.astype(np.float32),
    }
    shapes = ((m, k), (k, n), (m, n))
    return [
        cast[t](rng.uniform(-1, 1, size=s))
        for t, s in zip((a, a, c), shapes, strict=True)
    ]


def with_subgroup_size(target: str, S: int | None) -> targets.Target:
    """The target called `target`, with subgroup size S if given."""
    found = targets.get_target(target)
    if S is None or found.subgroup_size == S:
        return found
    return dataclasses.replace(found, name=f"{target}-s{S}", subgroup_size=S)


def lower(source: str, target: str, S: int | None, **options) -> ModuleOp:
    """L0 -> L1 -> L2; the L2 module is verified and has no coopmat op left."""
    module = parse(source)
    LowerToCoopmat(**options).lower(module, with_subgroup_size(target, S))
    module = lowered_by(module, CoopmatToSimt())
    assert not any(op.name.startswith(("coopmat.", "linalg.")) for op in module.walk())
    return module


def check(m, n, k, types, target="simt", S=None, seed=0, **options) -> None:
    """Interpret L0 and its L2 lowering on the same data and compare C."""
    source = matmul_source(m, n, k, types)
    lowered = lower(source, target, S, **options)
    operands = random_operands(m, n, k, types, np.random.default_rng(seed))
    want = output_of(parse(source), "matmul", operands)
    got = output_of(lowered, "matmul", operands)
    if got.dtype.kind == "i":
        assert_close(got, want)
        return
    # Two roundings per step (L0 after each multiply and add, L2 per fma).
    magnitude = matmul_magnitude(*operands)
    tolerance = sum_tolerance(2 * (k + 1), EPS[TYPES[types][1]], magnitude)
    assert_close(got, want, tolerance)


# --------------------------------------------------------------------------
# Every type and stages value; subgroup sizes; edge shapes; targets
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("types", "stages"), covering(list(TYPES), [0, 1, 2], ids=[str, str])
)
def test_every_type_and_stages_on_lavapipe(types, stages):
    check(33, 47, 19, types, "lavapipe", stages=stages)


# A 32x32x16 workgroup tile of 2x1 subgroups; the shapes sit on and around it.
TILE = dict(tile="32x32x16", subgroups="2x1", mma="16x16x16")
EDGE_SHAPES = [(1, 1, 1), (32, 32, 16), (31, 33, 15), (33, 31, 17)]


@pytest.mark.parametrize("S", SUBGROUP_SIZES)
@pytest.mark.parametrize("shape", EDGE_SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_edge_shapes_for_each_subgroup_size(S, shape):
    types = "s8-s32" if sum(shape) % 2 else "f16-f32"
    stages = S.bit_length() % 3  # each S with another stages value
    check(*shape, types, "simt", S, stages=stages, **TILE)


@pytest.mark.parametrize("S", SUBGROUP_SIZES)
@pytest.mark.parametrize("types", list(TYPES))
def test_every_type_for_each_subgroup_size(S, types):
    check(33, 47, 19, types, "simt", S, stages=1, tile="16x16x8", subgroups="1x1")


@pytest.mark.parametrize("types", ["f16-f32", "f16-f16"])
def test_generic_target(types):
    check(33, 47, 19, types, "generic")


@settings(max_examples=12, derandomize=True, deadline=None)
@given(
    m=st.integers(1, 48),
    n=st.integers(1, 48),
    k=st.integers(1, 40),
    types=st.sampled_from(list(TYPES)),
    target=st.sampled_from(["simt", "lavapipe"]),
    S=st.sampled_from(SUBGROUP_SIZES),
    stages=st.sampled_from([0, 1, 2, None]),
    seed=st.integers(0, 2**16),
)
def test_random_problems(m, n, k, types, target, S, stages, seed):
    check(m, n, k, types, target, S, seed, stages=stages)


# --------------------------------------------------------------------------
# coopmlir-opt on the examples
# --------------------------------------------------------------------------


def test_readme_command_lowers_the_matmul_example_and_it_runs():
    path = EXAMPLES / "matmul.mlir"
    result = run_opt(
        str(path), "--lower-to-coopmat=target=lavapipe", "--coopmat-to-simt"
    )
    assert result.returncode == 0, result.stderr
    lowered = parse(result.stdout)
    # Its mul_adds read A and B from workgroup memory in their k loops: no
    # elements cross lanes, no fragment goes through a private array.
    assert "gpu.shuffle" not in result.stdout
    assert "address_space<private>" not in result.stdout
    assert "coopmat." not in result.stdout.replace("coopmat.layout", "")
    rng = np.random.default_rng(5)
    operands = random_operands(64, 48, 32, "f16-f32", rng)
    want = output_of(parse(path.read_text()), "matmul", operands)
    got = output_of(lowered, "matmul", operands)
    # The absolute bound this test has had, kept: the model's (`check`) is
    # wider at K = 32 on operands of magnitude 1.
    assert_close(got, want, 1e-4)


@pytest.mark.parametrize(
    "example, options",
    [
        ("matmul.mlir", []),
        ("coopmat_ops.mlir", ["--coopmat-to-simt=subgroup-size=64"]),
    ],
)
def test_every_example_lowers(example, options):
    flags = options or ["--coopmat-to-simt"]
    result = run_opt(str(EXAMPLES / example), "--lower-to-coopmat", *flags)
    assert result.returncode == 0, result.stderr
    assert "coopmat." not in result.stdout.replace("coopmat.layout", "")
    parse(result.stdout).verify()


def test_coopmat_ops_example_needs_a_subgroup_size():
    result = run_opt(
        str(EXAMPLES / "coopmat_ops.mlir"), "--lower-to-coopmat", "--coopmat-to-simt"
    )
    assert result.returncode == 1
    assert "coopmat_ops.mlir:16:3: error: unknown subgroup size" in result.stderr
    assert "Traceback" not in result.stderr
