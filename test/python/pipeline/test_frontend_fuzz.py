"""The frontend fuzzer in CI (issue 30 part 3): random PyTorch modules
(support/frontend_fuzz.py) exported by torch-mlir, lowered by coopmlir and
compared with PyTorch's own output, three derandomized examples on the
interpreter and one on lavapipe; bench/fuzz_frontend.py runs thousands.
A failure is shrunk by hypothesis to a minimal module."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from support.frontend_fuzz import Spec, check_spec, specs
from support.pytorch import require_torch
from support.tiers import HEAVY
from support.vulkan_device import require_vulkan

FUZZ = settings(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@settings(FUZZ, max_examples=3)
@given(spec=specs(max_layers=3))
def test_random_modules_match_pytorch(spec: Spec):
    require_torch()
    check_spec(spec)  # ok, a located refusal, or an export torch-mlir got wrong


@HEAVY
@settings(FUZZ, max_examples=60)
@given(spec=specs())
def test_random_modules_match_pytorch_long(spec: Spec):
    require_torch()
    check_spec(spec)


@settings(FUZZ, max_examples=1)
@given(spec=specs(dtypes=("f32",), max_layers=2))
def test_random_module_on_lavapipe(spec: Spec):
    require_torch()
    require_vulkan()
    check_spec(spec, device="vulkan")


def test_found_by_the_fuzzer_a_unary_op_before_softmax_is_no_scale():
    """bf16 attention written by hand: the scores pass through a cast
    (one operand) where recognize-frontend looked for `x * c` and crashed."""
    require_torch()
    spec = Spec("sequence", "bf16", 1, 5, 13, (("attention_by_hand", False),))
    assert check_spec(spec) == "ok"


def test_found_by_the_fuzzer_rmsnorm_without_eps_is_torch_mlirs_bug():
    """torch-mlir 20261001 exports RMSNorm(eps=None) without its eps (PyTorch
    uses the type's epsilon): a zero row gives NaN in the export itself.
    The fuzzer attributes it to the export, not to coopmlir."""
    require_torch()
    spec = Spec("sequence", "f32", 1, 2, 1, (("layernorm",), ("rmsnorm", None)))
    assert check_spec(spec) == "export differs from PyTorch"


def test_found_by_the_fuzzer_an_export_that_returns_its_argument():
    """`x.transpose(-1, -2).transpose(-1, -2)` exports as `return %arg0`:
    nothing was bufferized, so the result's out-param stayed zero. Now the
    function is bufferized like any other on tensors (a copy kernel)."""
    require_torch()
    spec = Spec("sequence", "f32", 1, 2, 1, (("swap",), ("swap",)))
    assert check_spec(spec) == "ok"


def test_found_by_the_fuzzer_an_epilogue_writing_its_products_operand():
    """Two Linear(23) with bias: bufferized, the second bias add writes the
    buffer that the second product reads as A. Fused, the kernel overwrote
    A while other work-items still read it (found by the device run of the
    frontend fuzzer); such an epilogue now stays its own kernel."""
    require_torch()
    spec = Spec(
        "sequence", "f32", 2, 1, 8, (("linear", 23, True), ("linear", 23, True))
    )
    assert check_spec(spec) == "ok"
