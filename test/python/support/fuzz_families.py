"""The case families of the pipeline fuzzer (test_pipeline_fuzz.py,
bench/fuzz_pipeline.py): each front end draws its own programs and judges
them with the same outcome kinds (pipeline_cases: `Outcome`, `Crash`,
`InvalidModule`, `Mismatch`, `UndocumentedRefusal`).

- `matmul`: L0 contractions through every level (pipeline_cases.py), with
  every option of lower-to-coopmat: split_k (1..8, and deep K for the fill
  heuristic), raster, stages 0-3, `kernel=simt-tiled` with `micro-tile` on
  SIMT targets, `scope=workgroup` on h100-vulkan (NV2 SPIR-V; its SIMT
  route's refusal counted).
- `matmul-printed`: the same programs as mlir-opt prints them (generic
  form, `--mlir-print-debuginfo` location aliases), read back by coopmlir.
- `matrix-ops`: kernels drawn at L1 around coopmat.reduce, apply and
  transpose (matrix_ops_family.py): L1 against numpy, L2 against L1,
  SPIR-V validated, lavapipe against L1.
- `epilogue`, `conv`, `dynamic`, `attention` (feature_families.py): random
  fused epilogue chains (epilogue_cases), convolutions (strides, dilations,
  padding, channel counts off multiples of 8; conv_source; a dynamic batch
  and image on memrefs and tensors), dynamic-shape matmuls at random
  run-time sizes (1, primes; on memrefs and on tensors sized by
  tensor.dim) and attention programs (attention_programs) drawn with their
  own tests' generators: L0, L1 and L2 against the test's numpy reference, KHR and NV
  L1 of matrix targets and SIMT L2 through spirv-val, lavapipe on SIMT
  targets; a refused lowering leaves the module as parsed.
- `features-printed`: those four programs as mlir-opt-22 prints them
  (printed_forms.py).
- `quant`, `decode`, `gqa`, `grouped` (quant_family.py, decode_family.py,
  gqa_family.py, grouped_family.py; issue 30 part 4): products of weights
  dequantized in a `coopmlir.dequantize` generic (int8, int4, Q4_1 and
  Q8_0-style blocks, f8), coopmlir.decode_attention at run-time lengths,
  coopmlir.attention with grouped K/V heads and its variants, and
  sort_by_expert + grouped_matmul; each through feature_families' property
  (L1 kernels of h100-vulkan also as NV2 SPIR-V).
- `spec-constants` (spec_family.py): a matmul lowered once with
  `spec-constants=true`, run for a random value set of its subgroup grid
  and matrix shape against numpy (or refused by its host assertion), its
  one KHR module through spirv-val.

Adding a family is a few lines: a frozen dataclass case whose repr reproduces it, a
hypothesis strategy `cases(largest=..., lavapipe=False)` drawing it, and
`check(case, device=None) -> Outcome` raising a `CaseFailure` (use
`pipeline_cases._Stage` around each step so that documented refusals are
counted and anything else is a crash); then one `Family(...)` line in
`FAMILIES` below. The test and the long run pick it up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

import support.feature_families as feat
import support.pipeline_cases as pc
from support import (
    decode_family,
    gqa_family,
    grouped_family,
    matrix_ops_family,
    quant_family,
    spec_family,
)
from support.printed_forms import PRINTED_FORMS, MlirOptFailed, mlir_printed


@dataclass(frozen=True)
class PrintedCase(pc.Case):
    """A matmul case whose source is what mlir-opt prints of it (coopmlir's
    own printer with the same flags where mlir-opt-22 is not installed)."""

    form: str = "generic"

    def source(self) -> str:
        try:
            return mlir_printed(super().source(), self.form)
        except MlirOptFailed as failed:
            raise pc.Crash(self, "mlir-opt-22", str(failed)) from None


@st.composite
def printed_cases(draw, largest: int = 300, lavapipe: bool = False) -> PrintedCase:
    targets = ("lavapipe",) if lavapipe else pc.TARGET_NAMES
    case = draw(pc.cases(largest=largest, targets=targets))
    form = draw(st.sampled_from(sorted(PRINTED_FORMS)))
    fields = dict(case.__dict__, named=False)
    if case.batch is not None:
        # mlir-opt-22 drops linalg.matmul_transpose_a|b and refuses a
        # batch_matmul with a transposed C (coopmlir reads both).
        fields["transposed"] = case.transposed.replace("c", "")
    return PrintedCase(**fields, form=form)


def _matmul_cases(largest: int = 300, lavapipe: bool = False):
    targets = ("lavapipe",) if lavapipe else pc.TARGET_NAMES
    return pc.cases(largest=largest, targets=targets)


@dataclass(frozen=True)
class Family:
    """A front end of the fuzzer: `cases(largest=, lavapipe=)` draws its
    cases (lavapipe: only ones the device runs), `check(case, device=)`
    judges one; `device` is a VulkanDevice factory (device_runs) or None:
    a check runs kernels on it only for cases of its target."""

    name: str
    case_type: type
    cases: Callable[..., st.SearchStrategy]
    check: Callable[..., pc.Outcome]


FAMILIES = {
    f.name: f
    for f in (
        Family("matmul", pc.Case, _matmul_cases, pc.check_case),
        Family("matmul-printed", PrintedCase, printed_cases, pc.check_case),
        Family(
            "matrix-ops",
            matrix_ops_family.MatrixOpCase,
            matrix_ops_family.cases,
            matrix_ops_family.check,
        ),
        Family(
            "epilogue", feat.EpilogueFuzzCase, feat.epilogue_cases, feat.check_epilogue
        ),
        Family("conv", feat.ConvCase, feat.conv_cases, feat.check_conv),
        Family("dynamic", feat.DynamicCase, feat.dynamic_cases, feat.check_dynamic),
        Family(
            "attention", feat.AttentionCase, feat.attention_cases, feat.check_attention
        ),
        Family(
            "spec-constants", spec_family.SpecCase, spec_family.cases, spec_family.check
        ),
        Family("quant", quant_family.QuantCase, quant_family.cases, quant_family.check),
        Family(
            "decode",
            decode_family.DecodeFuzzCase,
            decode_family.cases,
            decode_family.check,
        ),
        Family("gqa", gqa_family.GqaCase, gqa_family.cases, gqa_family.check),
        Family(
            "grouped",
            grouped_family.GroupedCase,
            grouped_family.cases,
            grouped_family.check,
        ),
        Family(
            "features-printed",
            feat.PrintedFeatureCase,
            feat.printed_feature_cases,
            feat.check_printed_feature,
        ),
    )
}


def family_of(case) -> Family:
    """The family that drew `case` (the most derived case type wins)."""
    return next(f for f in reversed(FAMILIES.values()) if type(case) is f.case_type)


def any_case(names=tuple(FAMILIES), **kwargs) -> st.SearchStrategy:
    """A case of any of the named families, drawn with `kwargs`."""
    return st.sampled_from(list(names)).flatmap(
        lambda name: FAMILIES[name].cases(**kwargs)
    )
