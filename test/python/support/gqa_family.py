"""The pipeline fuzzer's `gqa` family (issue 30 part 4): `coopmlir.attention`
over Hq query heads and Hkv K/V heads (Hkv | Hq: grouped-query and
multi-query attention) with the variants of issue 29: causal, a sliding
window (with causal), a soft-cap, ALiBi slopes and sinks, each drawn on
its own; random batch, S and L (ragged, 1), D; f16, bf16 or f32
(attention_programs.variant_program). The property is
feature_families._levels': the op (L0), the fused kernel (L1) and its SIMT
form (L2) on the interpreter against attention_programs.numpy_variants,
KHR/NV/NV2 SPIR-V of h100-vulkan's kernel (where the target takes the type;
otherwise its documented refusal), SIMT L2 through spirv-val, lavapipe
where the case is its.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

import support.attention_programs as ap
import support.feature_families as feat
import support.pipeline_cases as pc
from support.error_model import attention_tolerance

TARGETS = ("lavapipe", "generic", "h100-vulkan")
#: What each target's fused kernel takes (mostly drawn; the rest are refused).
TYPES = {"lavapipe": ["f16", "bf16", "f32"], "generic": ["f16"]}
TYPES["h100-vulkan"] = ["f16", "bf16"]


@dataclass(frozen=True)
class GqaCase:
    batch: int
    hq: int
    hkv: int
    s: int
    keys: int
    d: int
    ty: str = "f16"
    causal: bool = False
    window: int | None = None
    cap: float | None = None
    alibi: tuple[float, ...] | None = None
    sinks: tuple[float, ...] | None = None
    target: str = "lavapipe"
    seed: int = 0

    def props(self) -> str:
        text = ", causal" if self.causal else ""
        if self.window is not None:
            text += f", window = {self.window}"
        if self.cap is not None:
            text += f", softcap = {self.cap} : f32"
        if self.alibi is not None:
            text += f", alibi = {ap.f32_array(self.alibi)}"
        if self.sinks is not None:
            text += f", sinks = {ap.f32_array(self.sinks)}"
        return text


@st.composite
def cases(draw, largest: int = 40, lavapipe: bool = False) -> GqaCase:
    target = "lavapipe" if lavapipe else draw(st.sampled_from(TARGETS))
    hkv = draw(st.integers(1, 3))
    hq = hkv * draw(st.sampled_from([1, 2, 4]))
    causal = draw(st.booleans())
    window = draw(st.integers(1, largest)) if causal and draw(st.booleans()) else None
    half = st.sampled_from([0.0, 0.5, -1.0, 2.0, 0.125])
    return GqaCase(
        draw(st.integers(1, 2)),
        hq,
        hkv,
        draw(st.integers(1, largest)),
        draw(st.integers(1, largest)),
        draw(st.sampled_from([16, 32] if target == "lavapipe" else [16, 32, 64])),
        ty=draw(
            st.sampled_from(TYPES[target])
            if draw(st.integers(0, 5))
            else st.sampled_from(["f16", "bf16", "f32"])
        ),
        causal=causal,
        window=window,
        cap=draw(st.sampled_from([None, None, 1.5, 3.0, 30.0])),
        alibi=tuple(2.0 ** (-8 * (h + 1) / hq) for h in range(hq))
        if draw(st.booleans())
        else None,
        sinks=tuple(draw(half) for _ in range(hq)) if draw(st.booleans()) else None,
        target=target,
        seed=draw(st.integers(0, 2**16)),
    )


def check(case: GqaCase, device=None, **_) -> pc.Outcome:
    c = case
    shape = (c.batch, c.hq, c.hkv, c.s, c.keys, c.d)
    arrays = ap.variant_inputs(*shape, ty=c.ty, seed=c.seed)
    want = ap.numpy_variants(
        *arrays,
        causal=c.causal,
        window=c.window,
        alibi=c.alibi,
        cap=c.cap,
        sinks=c.sinks,
    )
    tolerance = attention_tolerance(c.ty, "f32")

    def close(got, level):
        np.testing.assert_allclose(got, want, atol=tolerance, rtol=0, err_msg=level)

    out = np.zeros((c.batch, c.hq, c.s, c.d), np.float32)
    run = feat._Run(arrays, None, [*arrays, out], -1, close)
    text = ap.variant_program(*shape, c.props(), c.ty)
    return feat._levels(
        case, text, "attn", [run], c.target, {}, device, flavors=("nv", "nv2")
    )
