"""lower-to-coopmat against the interpreter: the L0 input and the L1 kernel
run on the same random data must give the same C.

Inputs cover `linalg.matmul`, transposed operands (MLIR's `indexing_maps`
and `linalg.matmul_transpose_a|b`), `linalg.batch_matmul` and the tensor
form (bufferized first).

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
from support.error_model import (
    accumulator_eps,
    assert_close,
    matmul_magnitude,
    sum_tolerance,
)
from support.lowering import interpreted, parse
from support.matmul_programs import (
    TYPES,
    contraction_source,
    matmul_source,
    operand_shapes,
    random_operands_of,
)
from xdsl.context import Context

from coopmlir.interpreter import run_function
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

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


def random_operands(m, n, k, types, rng) -> list[np.ndarray]:
    return random_operands_of(((m, k), (k, n), (m, n)), types, rng)


def check_lowering(m, n, k, types, config, stages, fill, seed=0) -> None:
    """Lower, verify, interpret both levels and compare C."""
    shapes = operand_shapes(m, n, k)
    check_source(matmul_source(m, n, k, types, fill), shapes, types, config, stages)


def check_source(
    source: str,
    shapes: list[tuple[int, ...]],
    types: str,
    config,
    stages,
    transposed: str = "",
    tensor: str | None = None,
    seed: int = 0,
) -> None:
    """Lower `source` (function @matmul, operands of `shapes`), interpret both
    levels on the same data and compare C. `tensor`: None for the memref
    form, "empty" for a tensor function returning a fresh C (L1 gets it as a
    trailing argument), "arg" for one accumulating into its argument C."""
    target, tile, subgroups, mma = config
    lowered = parse(source)
    options = dict(target=target, tile=tile, subgroups=subgroups, mma=mma)
    LowerToCoopmat(**options, stages=stages).apply(Context(), lowered)
    lowered.verify()
    assert not any(op.name.startswith(("linalg.", "tensor.")) for op in lowered.walk())

    operands = random_operands_of(shapes, types, np.random.default_rng(seed))
    filled = "linalg.fill" in source
    if tensor == "empty":
        (want,) = run_function(
            parse(source), "matmul", [x.copy() for x in operands[:2]]
        )
        operands[2] = np.full_like(operands[2], 7)  # overwritten by the fill
    elif tensor == "arg":
        (want,) = run_function(parse(source), "matmul", [x.copy() for x in operands])
    else:
        want = interpreted(parse(source), "matmul", operands)[2]
    actual = interpreted(lowered, "matmul", operands)
    np.testing.assert_array_equal(actual[0], operands[0])  # inputs untouched
    np.testing.assert_array_equal(actual[1], operands[1])
    got = actual[2]
    if got.dtype.kind == "i":
        assert_close(got, want)
        return
    a, b, c0 = operands
    magnitude = matmul_magnitude(a, b, None if filled else c0, transposed)
    k = a.shape[-2] if "a" in transposed else a.shape[-1]
    eps = accumulator_eps(TYPES[types][0], want.dtype)
    assert_close(got, want, sum_tolerance(k + 2, eps, magnitude))


# --------------------------------------------------------------------------
# Transposed operands, batches and the tensor form
# --------------------------------------------------------------------------


def check_contraction(m, n, k, types, config, stages, seed=0, **form) -> None:
    source = contraction_source(m, n, k, types, **form)
    transposed = form.get("transposed", "")
    shapes = operand_shapes(m, n, k, transposed, form.get("batch"))
    check_source(
        source, shapes, types, config, stages, transposed, form.get("tensor"), seed
    )


TRANSPOSES = ["a", "b", "c", "ab", "abc"]


@pytest.mark.parametrize("stages", [0, 1, 2])
@pytest.mark.parametrize("transposed", TRANSPOSES)
@pytest.mark.parametrize("shape", [(33, 47, 19), (64, 32, 32), (1, 1, 1)])
def test_transposed_operands(shape, transposed, stages):
    config = ("generic", "32x32x16", "2x1", None)
    check_contraction(*shape, "f16-f32", config, stages, transposed=transposed)


@pytest.mark.parametrize("stages", [0, 1, 2])
@pytest.mark.parametrize("transposed", ["a", "b"])
def test_named_transposed_matmuls(transposed, stages):
    config = ("generic", "32x16x16", "1x1", None)
    check_contraction(
        31, 33, 17, "f16-f32", config, stages, transposed=transposed, named=True
    )


@pytest.mark.parametrize("types", list(TYPES))
@pytest.mark.parametrize("transposed", ["a", "b"])
def test_transposed_every_type(types, transposed):
    for stages in (0, 2):
        check_contraction(
            33, 47, 19, types, CONFIGS[types][0], stages, transposed=transposed
        )


@pytest.mark.parametrize("stages", [0, 1, 2])
@pytest.mark.parametrize("transposed", ["", "a", "b", "abc"])
@pytest.mark.parametrize("batch", [1, 3])
def test_batch_matmul(batch, transposed, stages):
    config = ("generic", "32x32x16", "2x1", None)
    check_contraction(
        33, 17, 21, "f16-f32", config, stages, transposed=transposed, batch=batch
    )


@pytest.mark.parametrize("types", list(TYPES))
def test_batch_matmul_every_type(types):
    check_contraction(
        17, 33, 40, types, CONFIGS[types][0], 1, batch=2, fill=True, seed=3
    )


@pytest.mark.parametrize("tensor", ["empty", "arg"])
@pytest.mark.parametrize(
    "form",
    [{}, {"transposed": "b"}, {"batch": 2}, {"transposed": "a", "named": True}],
    ids=["matmul", "transposed-b", "batch", "transpose-a"],
)
def test_tensor_form(form, tensor):
    config = ("generic", "32x32x16", "2x1", None)
    check_contraction(33, 47, 19, "f16-f32", config, 2, tensor=tensor, **form)


@settings(max_examples=25, derandomize=True, deadline=None)
@given(
    m=st.integers(1, 50),
    n=st.integers(1, 50),
    k=st.integers(1, 50),
    types=st.sampled_from(list(TYPES)),
    pick=st.integers(0, 5),
    stages=st.sampled_from([0, 1, 2, None]),
    transposed=st.sampled_from(["", *TRANSPOSES]),
    batch=st.sampled_from([None, 1, 2]),
    tensor=st.sampled_from([None, "empty", "arg"]),
    seed=st.integers(0, 2**16),
)
def test_random_contractions(
    m, n, k, types, pick, stages, transposed, batch, tensor, seed
):
    configs = CONFIGS[types]
    check_contraction(
        m,
        n,
        k,
        types,
        configs[pick % len(configs)],
        stages,
        seed,
        transposed=transposed,
        batch=batch,
        tensor=tensor,
    )


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


@pytest.mark.parametrize(
    "form",
    [
        {"transposed": "a"},
        {"transposed": "bc"},
        {"transposed": "a", "named": True},
        {"transposed": "b", "named": True},
        {"batch": 3, "transposed": "ab"},
    ],
    ids=["maps-a", "maps-bc", "named-a", "named-b", "batch-ab"],
)
def test_reference_semantics(form):
    """The L0 oracle itself: the interpreter's contraction of each new form is
    numpy's product of the untransposed matrices."""
    m, n, k = 5, 7, 3
    transposed = form.get("transposed", "")
    shapes = operand_shapes(m, n, k, transposed, form.get("batch"))
    a, b, c = random_operands_of(shapes, "s8-s32", np.random.default_rng(0))
    want = [x.astype(np.int64) for x in (a, b, c)]
    want = [
        np.swapaxes(x, -1, -2) if letter in transposed else x
        for x, letter in zip(want, "abc", strict=True)
    ]
    expected = want[0] @ want[1] + want[2]
    if "c" in transposed:
        expected = np.swapaxes(expected, -1, -2)
    source = contraction_source(m, n, k, "s8-s32", **form)
    run_function(parse(source), "matmul", [a, b, c])
    np.testing.assert_array_equal(c, expected)
