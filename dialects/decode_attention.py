"""`coopmlir.decode_attention`: the attention of a decoding step, 1..16 new
queries against a K/V cache whose current length is known at run time.

    %o = coopmlir.decode_attention {scale = 0.125 : f32, causal}
           ins(%q, %k, %v : tensor<1x32x1x128xf16>, tensor<1x8x8192x128xf16>,
                            tensor<1x8x8192x128xf16>)
           length(%n : tensor<1xi32>)
           outs(%init : tensor<1x32x1x128xf32>) -> tensor<1x32x1x128xf32>

Q [B, Hq, S, D] (S = 1..16 new tokens), the cache K [B, Hkv, Lmax, D] and
V [B, Hkv, Lmax, Dv], O [B, Hq, S, Dv]; Hq is a multiple of Hkv and query
head h reads K/V head h / (Hq / Hkv) (grouped-query attention; Hkv = 1 is
multi-query). `length` holds the cache's current length (a one-element
i32 buffer, so it can change between launches of one compiled program
without a host round trip); n is that value clamped to [0, Lmax]: keys at
positions >= n are ignored (whatever the cache holds there). With
`causal`, new query s sits at position n - S + s and sees keys at positions
<= that. A query that sees no key
(n = 0, or causal with n < S) has no defined softmax: its output is NaN.

K/V are stored in Q's element type, or quantized: `i8`, `f8E4M3FN` or
`f8E5M2` codes with two more operands, the K and V scales (f16 or f32),
per position [B, Hkv, Lmax] or per head [B, Hkv]; element (b, h, j, d)
of K is k_scale[b, h(, j)] * k[b, h, j, d] (likewise V). The softmax is
computed in f32 or better, O rounded once to its type. Destination style as linalg.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    UnitAttr,
    i8,
    i32,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    var_operand_def,
    var_result_def,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.destination_style import (
    OUTS_FORMAT,
    tensor_results,
    verify_one_kind,
    verify_results,
)

#: Q, O (and unquantized K/V) element types.
FLOAT_TYPES = (Float16Type, BFloat16Type, Float32Type)
#: The scale element types of quantized K/V.
SCALE_TYPES = (Float16Type, Float32Type)
#: The most new queries a decoding step takes (a 16-row fragment).
MAX_QUERIES = 16


def is_quantized(element: Attribute) -> bool:
    """Whether K/V of `element` are codes decoded with scales. The one place
    that names the quantized K/V types: i8, f8E4M3FN, f8E5M2 (each decoded
    in the load by the kernel's `_decode`)."""
    return element == i8 or isinstance(element, (Float8E4M3FNType, Float8E5M2Type))


@irdl_op_definition
class DecodeAttentionOp(IRDLOperation):
    """softmax(scale * Q K[:n]^T (causal)) V[:n] per query head; see the
    module doc."""

    name = "coopmlir.decode_attention"

    query = operand_def()
    key = operand_def()
    value = operand_def()
    length = operand_def()
    scales = var_operand_def()
    output = operand_def()
    res = var_result_def()
    scale = prop_def(FloatAttr)
    causal = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "attr-dict `ins` `(` $query `,` $key `,` $value `:` type($query) `,` "
        "type($key) `,` type($value) `)` `length` `(` $length `:` type($length) "
        "`)` (`scales` `(` $scales^ `:` type($scales) `)`)? " + OUTS_FORMAT
    )

    def __init__(
        self,
        query: SSAValue,
        key: SSAValue,
        value: SSAValue,
        length: SSAValue,
        output: SSAValue,
        scale: float,
        causal: bool = False,
        scales: Sequence[SSAValue] = (),
    ):
        props: dict[str, Attribute] = {"scale": FloatAttr(scale, Float32Type())}
        if causal:
            props["causal"] = UnitAttr()
        super().__init__(
            operands=[query, key, value, length, list(scales), output],
            result_types=[tensor_results(output.type)],
            properties=props,
        )

    @property
    def group(self) -> int:
        """Query heads per K/V head."""
        hq = self.query.type.get_shape()[1]  # type: ignore[union-attr]
        hkv = self.key.type.get_shape()[1]  # type: ignore[union-attr]
        return hq // hkv

    def verify_(self) -> None:
        operands = [self.query, self.key, self.value, self.length, *self.scales]
        types = [v.type for v in (*operands, self.output)]
        verify_one_kind(types)
        q, k, v, n, o = (
            t.get_shape()  # type: ignore[union-attr]
            for t in (*types[:4], types[-1])
        )
        if not len(q) == len(k) == len(v) == len(o) == 4:
            raise VerifyException(
                "query, key, value and output must be [B, Hq, S, D], "
                "[B, Hkv, Lmax, D], [B, Hkv, Lmax, Dv] and [B, Hq, S, Dv], got "
                + ", ".join(map(str, (*types[:3], types[-1])))
            )
        (b, hq, s, d), (_, hkv, lmax, _), dv = q, k, v[3]
        if k != (b, hkv, lmax, d) or v[:3] != (b, hkv, lmax) or o != (b, hq, s, dv):
            raise VerifyException(
                f"shapes do not agree: query {types[0]}, key {types[1]}, value "
                f"{types[2]} and output {types[-1]} must be [B, Hq, S, D], "
                "[B, Hkv, Lmax, D], [B, Hkv, Lmax, Dv] and [B, Hq, S, Dv]"
            )
        if hkv <= 0 or hq % hkv:
            raise VerifyException(
                f"the query heads ({hq}) must be a multiple of the key/value "
                f"heads ({hkv})"
            )
        if not 1 <= s <= MAX_QUERIES:
            raise VerifyException(
                f"decoding takes 1 to {MAX_QUERIES} new queries, got S={s} "
                "(coopmlir.attention computes longer ones)"
            )
        if n != (1,) or types[3].element_type != i32:  # type: ignore[union-attr]
            raise VerifyException(
                f"the length must be one i32 ([1] x i32), got {types[3]}"
            )
        self._verify_elements(types, (b, hkv, lmax))
        verify_results(self.res.types, types[-1])

    def _verify_elements(
        self, types: list[Attribute], heads: tuple[int, int, int]
    ) -> None:
        elements = [t.element_type for t in types]  # type: ignore[union-attr]
        q, k, v, o = elements[0], elements[1], elements[2], elements[-1]
        if not isinstance(q, FLOAT_TYPES) or not isinstance(o, FLOAT_TYPES):
            raise VerifyException(
                f"query and output must be f16, bf16 or f32, got {q} and {o}"
            )
        if k != v or not (k == q or is_quantized(k)):
            raise VerifyException(
                f"key and value must share the query's element type {q} or be "
                f"i8 or f8 codes with scales, got {k} and {v}"
            )
        if not is_quantized(k):
            if self.scales:
                raise VerifyException(f"{k} keys and values take no scales")
            return
        if len(self.scales) != 2:
            raise VerifyException(
                f"{k} keys and values need two scales (key, value), got "
                f"{len(self.scales)}"
            )
        b, hkv, lmax = heads
        for name, t in zip(("key", "value"), types[4:6], strict=True):
            shape = t.get_shape()  # type: ignore[union-attr]
            element = t.element_type  # type: ignore[union-attr]
            if shape not in ((b, hkv, lmax), (b, hkv)) or not isinstance(
                element, SCALE_TYPES
            ):
                raise VerifyException(
                    f"the {name} scales must be f16 or f32 per position "
                    f"[B, Hkv, Lmax] = [{b}, {hkv}, {lmax}] or per head "
                    f"[B, Hkv] = [{b}, {hkv}], got {t}"
                )
