"""tanh in kernels (scalar_expansions.tanh, sigmoid_form.py): NVIDIA's
GLSL Tanh made a fused GELU cost 36% over its GEMM.

- An f32 `math.tanh` is computed from exp and arithmetic, checked on every
  value class (tiny, subnormal, around the branch point, large, inf, NaN,
  signed zeros) against numpy's tanh in float64: within 2 ulp on the
  interpreter (L1) and 3 on lavapipe (after spirv-val). f16 keeps the
  instruction.
- `1 + tanh(u)` (the tanh form of GELU) becomes `2 / (1 + exp(-2u))` in
  every body (in f32 an exp2 with the argument's constants folded in:
  constant_folding.py): f32, f16 and bf16 GELU epilogues of a matmul and a
  GELU loop kernel match the float64 GELU; a tanh with another use is left
  to the expansion.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.activation_kernels import (
    elementwise_program,
    fused_epilogue,
    lowered,
    run_on_lavapipe,
    unary_program,
)
from support.lowering import output_of


def special_values(dtype) -> np.ndarray:
    """Values of every class, both signs; 1,024 of them."""
    info = np.finfo(dtype)
    magnitudes = np.concatenate(
        [
            [0.0, info.smallest_subnormal, info.tiny, 1e-30, 1e-8, 1e-4],
            np.linspace(0.5, 0.6, 200),  # around the branch point, 0.55
            np.geomspace(1e-3, 12.0, 280),
            [20.0, 44.0, 89.0, 1e4, info.max, np.inf],
        ]
    ).astype(dtype)
    values = np.concatenate([magnitudes, -magnitudes, [np.nan]]).astype(dtype)
    return np.resize(values, 1024)


def lowered_tanh(dtype: str):
    return lowered(unary_program("math.tanh", dtype))


def assert_tanh(got: np.ndarray, x: np.ndarray, ulps: float) -> None:
    want = np.tanh(x.astype(np.float64))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(x))
    finite = ~np.isnan(x)
    spacing = np.spacing(np.abs(want[finite]).astype(got.dtype)).astype(np.float64)
    error = np.abs(got[finite].astype(np.float64) - want[finite]) / spacing
    worst = int(np.argmax(error))
    assert error[worst] <= ulps, f"tanh({x[finite][worst]!r}): {error[worst]} ulp"
    # Signed zeros keep their sign.
    zeros = x == 0
    np.testing.assert_array_equal(np.signbit(got[zeros]), np.signbit(x[zeros]))


def test_the_kernel_computes_f32_tanh_without_the_instruction():
    module = lowered_tanh("f32")
    names = [op.name for op in module.walk()]
    assert "math.tanh" not in names and "math.exp" in names
    x = special_values(np.float32)
    assert_tanh(output_of(module, "f", [x, np.zeros_like(x)]), x, 2.0)


def test_f16_keeps_the_instruction():
    """Measured faster than the expansion in f32 (scalar_expansions.py)."""
    module = lowered_tanh("f16")
    assert "math.tanh" in [op.name for op in module.walk()]


def test_on_lavapipe():
    """The driver's exp and division within Vulkan's precision: 3 ulp
    allowed (lavapipe's are about 1 ulp off)."""
    x = special_values(np.float32)
    assert_tanh(run_on_lavapipe(lowered_tanh("f32"), x), x, 3.0)


# The tanh GELU as torch-mlir exports it.
GELU_CONSTANTS = [
    "%c0 = arith.constant 0.7978845608028654 : {t}",
    "%c1 = arith.constant 0.044715 : {t}",
    "%half = arith.constant 0.5 : {t}",
    "%three = arith.constant 3 : i64",
    "%one = arith.constant 1.0 : {t}",
]
GELU_BODY = [
    "%x3 = math.fpowi %a, %three : {t}, i64",
    "%p = arith.mulf %x3, %c1 : {t}",
    "%s = arith.addf %a, %p : {t}",
    "%u = arith.mulf %s, %c0 : {t}",
    "%t = math.tanh %u : {t}",
    "%t1 = arith.addf %t, %one : {t}",
    "%h = arith.mulf %a, %half : {t}",
    "%g = arith.mulf %h, %t1 : {t}",
]


def gelu_program(
    t: str, n: int = 1024, tanh_used_twice: bool = False, used_again: str = ""
) -> str:
    """The tanh GELU element-wise, optionally with the tanh used again or
    another of its values (`used_again`, e.g. "%s") added to the result."""
    if tanh_used_twice:  # y = gelu(x) + tanh(u): the tanh has two uses
        used_again = "%t"
    if used_again:
        body = [*GELU_BODY, f"%r = arith.addf %g, {used_again} : {{t}}"]
    else:  # the GELU is the result
        body = [*GELU_BODY[:-1], GELU_BODY[-1].replace("%g =", "%r =")]
    return elementwise_program(t, body, GELU_CONSTANTS, n)


def gelu64(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    return 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x**3)))


@pytest.mark.parametrize(
    ("dtype", "exact"), [("f32", False), ("f16", False), ("f16", True)]
)
def test_the_gelu_loop_kernel_takes_the_sigmoid_form(dtype, exact):
    """The exp is an exp2 of x (B + A x^2), u's constants folded in (one
    fma, no fpowi left), and 0.5 x times 2 / (1 + e) is x / (1 + e): in f32,
    and in f16 computed in f32 (activation_precision.py). With
    exact-f16-math the f16 body keeps exp(-2u) and its f16 roundings."""
    module = lowered(gelu_program(dtype), exact_f16_math=exact)
    names = [op.name for op in module.walk()]
    assert "math.tanh" not in names and "math.fpowi" not in names
    if exact:
        assert names.count("math.exp") == 1 and "math.exp2" not in names
    else:
        assert names.count("math.exp2") == 1 and "math.exp" not in names
        assert names.count("math.fma") == 1 and names.count("arith.divf") == 1
        assert names.count("arith.mulf") == 2  # x x and the fma's times x
    numpy_type = np.float32 if dtype == "f32" else np.float16
    x = np.linspace(-12, 12, 1024).astype(numpy_type)
    got = output_of(module, "f", [x, np.zeros_like(x)]).astype(np.float64)
    want = gelu64(x)
    eps = np.finfo(numpy_type).eps
    # Measured at most 0.93 (f16 exact), 0.5 (f16 in f32) and 1.02 (f32)
    # of eps |x| on these values.
    bound = (2 * eps if exact or dtype == "f32" else 0.6 * eps) * (np.abs(x) + 1e-3)
    np.testing.assert_array_less(np.abs(got - want), bound)


@pytest.mark.parametrize(
    ("used_again", "fmas", "products"),
    # products: x x and the fma's times x (full fold), or x^3's two, c1 x^3
    # and s B (c0 folded) and u's too (nothing folded); 0.5 x and its
    # product with the sigmoid are x / (1 + e) in each
    # (constant_folding.fold_quotients).
    [("%s", 0, 4), ("%x3", 0, 4), ("%u", 0, 5), ("%a", 1, 2)],
)
def test_only_values_without_another_use_are_folded(used_again, fmas, products):
    """y = gelu(x) + v for a value v of the argument: where v is the cubic
    s (or x^3 in it), only c0 folds into the exp2's factor, and the cubic
    stays (its fpowi expanded); where v is u itself nothing folds; x's own
    other uses do not matter. Each matches the float64 reference."""
    module = lowered(gelu_program("f32", used_again=used_again))
    names = [op.name for op in module.walk()]
    assert "math.tanh" not in names and names.count("math.exp2") == 1
    assert names.count("math.fma") == fmas
    assert names.count("arith.mulf") == products
    x = np.linspace(-6, 6, 1024).astype(np.float32)
    x64 = x.astype(np.float64)
    s = x64 + 0.044715 * x64**3
    again = {"%s": s, "%x3": x64**3, "%u": 0.7978845608028654 * s, "%a": x64}
    want = gelu64(x) + again[used_again]
    got = output_of(module, "f", [x, np.zeros_like(x)])
    np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-6)


def test_a_tanh_with_another_use_stays_a_tanh():
    """The rewrite needs the sum as the tanh's only use; the f32 tanh is
    then expanded (no instruction), and the result is still right."""
    module = lowered(gelu_program("f32", tanh_used_twice=True))
    names = [op.name for op in module.walk()]
    assert "math.tanh" not in names and "arith.divf" in names
    x = np.linspace(-6, 6, 1024).astype(np.float32)
    u = 0.7978845608028654 * (
        x.astype(np.float64) + 0.044715 * x.astype(np.float64) ** 3
    )
    want = gelu64(x) + np.tanh(u)
    got = output_of(module, "f", [x, np.zeros_like(x)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    # Only one exp: the expansion's; the sigmoid form was not taken.
    assert names.count("math.exp") == 1 and names.count("arith.cmpf") == 2


@pytest.mark.parametrize("inputs", ["f16", "bf16"])
def test_the_gelu_epilogue_of_a_matmul(inputs):
    """The f32 tanh GELU fused into a matmul (f16 or bf16 operands and
    output): the component loop holds the sigmoid form (an exp, no tanh)
    and the result is within the epilogue's tolerance of the float64 GELU."""
    module, case = fused_epilogue("gelu-tanh", inputs)
    names = [op.name for op in module.walk()]
    assert "math.tanh" not in names and "math.exp2" in names
    args = case.arguments(np.random.default_rng(5))
    case.check(output_of(module, "epilogue", args), args, "L1")
