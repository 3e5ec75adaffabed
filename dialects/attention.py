"""`coopmlir.attention`: scaled dot-product attention named directly, for
programs that do not spell out the `Q @ K^T`, softmax, `@ V` chain (which
lower-to-coopmat recognizes and rewrites to this op).

    %o = coopmlir.attention {scale = 0.125 : f32, causal}
           ins(%q, %k, %v : tensor<4x64x32xf16>, tensor<4x80x32xf16>,
                            tensor<4x80x32xf16>)
           outs(%init : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>

O = softmax(scale * Q K^T + mask) V over the last (key) dimension, the
softmax in f32. Shapes: Q [..., Hq, S, D], K [..., Hkv, L, D], V [..., Hkv, L, Dv],
O [..., Hq, S, Dv] with the same leading (batch) dimensions; Hq is a
multiple of Hkv and query head h reads K/V head h // (Hq / Hkv)
(grouped-query attention, torch's `enable_gqa` and `repeat_interleave`;
multi-query: Hkv = 1); an optional fourth input is an additive mask [S, L]
or [..., Hq, S, L]. `causal` drops key j for query i when j > i (torch's
`is_causal`, top-left aligned).

Variants, each a property (per-head arrays have one entry per query head,
one without leading dimensions):
- `window = W` (with `causal`): key j visible to query i when i - W < j <= i;
- `softcap = c`: the scaled score s becomes c * tanh(s / c) (Gemma-2's
  logit soft-capping), before the bias and the mask are added;
- `alibi = array<f32: ...>`: the per-head slope m_h adds m_h * (j - i) to
  the scores (ALiBi);
- `sinks = array<f32: ...>`: a per-head logit that joins each row's
  softmax denominator only (gpt-oss's attention sinks). A row whose
every score is -inf (fully masked by the mask or the window) gives 0, as
PyTorch's guard of such rows makes it (recognize-frontend absorbs the
guard). Destination
style as linalg: on tensors it returns the result, on memrefs it writes
`outs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    UnitAttr,
    i64,
)
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    opt_prop_def,
    prop_def,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.destination_style import (
    DestinationStyleOp,
    tensor_results,
    verify_one_kind,
    verify_results,
)

#: The input element types (Q, K, V) the op takes.
INPUT_TYPES = (Float16Type, BFloat16Type, Float32Type)


@irdl_op_definition
class AttentionOp(DestinationStyleOp):
    """softmax(scale * Q K^T (+ mask) (causal)) V; see the module doc."""

    name = "coopmlir.attention"

    scale = prop_def(FloatAttr)
    causal = opt_prop_def(UnitAttr)
    window = opt_prop_def(IntegerAttr)
    softcap = opt_prop_def(FloatAttr)
    alibi = opt_prop_def(DenseArrayBase)
    sinks = opt_prop_def(DenseArrayBase)

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        output: SSAValue,
        scale: float,
        causal: bool = False,
        variants: Variants | None = None,
    ):
        f32 = Float32Type()
        props: dict[str, Attribute] = {"scale": FloatAttr(scale, f32)}
        if causal:
            props["causal"] = UnitAttr()
        v = variants or Variants()
        if v.window is not None:
            props["window"] = IntegerAttr(v.window, i64)
        if v.softcap is not None:
            props["softcap"] = FloatAttr(v.softcap, f32)
        if v.alibi is not None:
            props["alibi"] = DenseArrayBase.from_list(f32, v.alibi)
        if v.sinks is not None:
            props["sinks"] = DenseArrayBase.from_list(f32, v.sinks)
        super().__init__(
            operands=[inputs, output],
            result_types=[tensor_results(output.type)],
            properties=props,
        )

    @property
    def query(self) -> SSAValue:
        return self.inputs[0]

    @property
    def key(self) -> SSAValue:
        return self.inputs[1]

    @property
    def value(self) -> SSAValue:
        return self.inputs[2]

    @property
    def mask(self) -> SSAValue | None:
        return self.inputs[3] if len(self.inputs) == 4 else None

    @property
    def variants(self) -> Variants:
        """The op's variant properties as plain values."""

        def floats(a: DenseArrayBase | None) -> tuple[float, ...] | None:
            return None if a is None else tuple(a.get_values())  # type: ignore[arg-type]

        return Variants(
            None if self.window is None else self.window.value.data,
            None if self.softcap is None else self.softcap.value.data,
            floats(self.alibi),
            floats(self.sinks),
        )

    def verify_(self) -> None:
        if len(self.inputs) not in (3, 4):
            raise VerifyException(
                f"expected inputs (query, key, value[, mask]), got {len(self.inputs)}"
            )
        types = [v.type for v in (*self.inputs, self.output)]
        verify_one_kind(types)
        q, k, v, *mask = (t.get_shape() for t in types[:-1])  # type: ignore[union-attr]
        o = types[-1].get_shape()  # type: ignore[union-attr]
        if len(q) < 2 or not len(q) == len(k) == len(v) == len(o):
            raise VerifyException(
                "query, key, value and output must have one rank >= 2, got "
                + ", ".join(map(str, types[:3] + types[-1:]))
            )
        lead, (s, d), (keys, dk), (lv, dv) = q[:-2], q[-2:], k[-2:], v[-2:]
        expected_o = (*lead, s, dv)
        kv_lead = k[:-2]
        if (
            kv_lead[:-1] != lead[:-1]
            or v[:-2] != kv_lead
            or dk != d
            or lv != keys
            or o != expected_o
        ):
            raise VerifyException(
                f"shapes do not agree: query {types[0]}, key {types[1]}, value "
                f"{types[2]} and output {types[-1]} must be [..., Hq, S, D], "
                "[..., Hkv, L, D], [..., Hkv, L, Dv] and [..., Hq, S, Dv]"
            )
        if lead and (kv_lead[-1] <= 0 or lead[-1] % kv_lead[-1]):
            raise VerifyException(
                f"the query heads (Hq = {lead[-1]}) must be a multiple of the "
                f"key/value heads (Hkv = {kv_lead[-1]})"
            )
        self._verify_variants(lead[-1] if lead else 1)
        if mask and mask[0] not in ((s, keys), (*lead, s, keys)):
            raise VerifyException(
                f"the mask {types[3]} must be [S, L] = [{s}, {keys}] or "
                f"[..., S, L] = [{', '.join(map(str, (*lead, s, keys)))}]"
            )
        elements = [t.element_type for t in types]  # type: ignore[union-attr]
        if not isinstance(elements[0], INPUT_TYPES) or len(set(elements[:3])) != 1:
            raise VerifyException(
                "query, key and value must share one element type of f16, bf16 "
                f"or f32, got {', '.join(map(str, elements[:3]))}"
            )
        if not all(isinstance(e, AnyFloat) for e in elements[3:]):
            raise VerifyException("mask and output must be floats")
        verify_results(self.res.types, types[-1])

    def _verify_variants(self, heads: int) -> None:
        v = self.variants
        if v.window is not None and (v.window < 1 or self.causal is None):
            raise VerifyException(
                f"a sliding window (window = {v.window}) needs `causal` and a size >= 1"
            )
        if v.softcap is not None and not v.softcap > 0:
            raise VerifyException(f"softcap must be > 0, got {v.softcap}")
        for name, values in (("alibi", v.alibi), ("sinks", v.sinks)):
            if values is not None and len(values) != heads:
                raise VerifyException(
                    f"{name} has {len(values)} values, expected one per query "
                    f"head ({heads})"
                )
        for name in ("alibi", "sinks"):
            array = getattr(self, name)
            if array is not None and not isinstance(array.elt_type, Float32Type):
                raise VerifyException(f"{name} must be an array<f32: ...>")


@dataclass(frozen=True)
class Variants:
    """The attention variants (module doc); None: not used."""

    window: int | None = None
    softcap: float | None = None
    alibi: tuple[float, ...] | None = None
    sinks: tuple[float, ...] | None = None

    def describe(self) -> str:
        """` window=W softcap=c alibi sinks` for the ones used."""
        parts = []
        if self.window is not None:
            parts.append(f"window={self.window}")
        if self.softcap is not None:
            parts.append(f"softcap={self.softcap:g}")
        parts += [n for n in ("alibi", "sinks") if getattr(self, n) is not None]
        return "".join(" " + p for p in parts)


def _dialect() -> Dialect:
    from coopmlir.dialects.chain import ChainOp, YieldOp
    from coopmlir.dialects.decode_attention import DecodeAttentionOp
    from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
    from coopmlir.dialects.norm import LayerNormOp, RmsNormOp

    return Dialect(
        "coopmlir",
        [
            AttentionOp,
            ChainOp,
            YieldOp,
            LayerNormOp,
            RmsNormOp,
            DecodeAttentionOp,
            GroupedMatmulOp,
            SortByExpertOp,
        ],
        [],
    )


#: coopmlir's own ops: attention, matmul chains, row norms, grouped products.
Attention = _dialect()
