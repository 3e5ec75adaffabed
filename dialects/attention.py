"""`coopmlir.attention`: scaled dot-product attention named directly, for
programs that do not spell out the `Q @ K^T`, softmax, `@ V` chain (which
lower-to-coopmat recognizes and rewrites to this op).

    %o = coopmlir.attention {scale = 0.125 : f32, causal}
           ins(%q, %k, %v : tensor<4x64x32xf16>, tensor<4x80x32xf16>,
                            tensor<4x80x32xf16>)
           outs(%init : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>

O = softmax(scale * Q K^T + mask) V over the last (key) dimension, the
softmax in f32. Shapes: Q [..., S, D], K [..., L, D], V [..., L, Dv],
O [..., S, Dv] with the same leading (batch, head) dimensions; an optional
fourth input is an additive mask [S, L] or [..., S, L]. `causal` drops key j
for query i when j > i (torch's `is_causal`, top-left aligned). A row whose
every score is -inf (fully masked by the mask) has no defined softmax: its
output is NaN (0 / 0), not PyTorch's 0; recognize-frontend fuses PyTorch's
guard of such rows only where none can occur. Destination
style as linalg: on tensors it returns the result, on memrefs it writes
`outs`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Dialect, SSAValue
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

from coopmlir.dialects.destination_style import verify_one_kind

#: The input element types (Q, K, V) the op takes.
INPUT_TYPES = (Float16Type, BFloat16Type, Float32Type)


@irdl_op_definition
class AttentionOp(IRDLOperation):
    """softmax(scale * Q K^T (+ mask) (causal)) V; see the module doc."""

    name = "coopmlir.attention"

    inputs = var_operand_def()
    output = operand_def()
    res = var_result_def()
    scale = prop_def(FloatAttr)
    causal = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "attr-dict `ins` `(` $inputs `:` type($inputs) `)` "
        "`outs` `(` $output `:` type($output) `)` (`->` type($res)^)?"
    )

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        output: SSAValue,
        scale: float,
        causal: bool = False,
    ):
        props: dict[str, Attribute] = {"scale": FloatAttr(scale, Float32Type())}
        if causal:
            props["causal"] = UnitAttr()
        results = [output.type] if isinstance(output.type, TensorType) else []
        super().__init__(
            operands=[inputs, output], result_types=[results], properties=props
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
        if k[:-2] != lead or v[:-2] != lead or dk != d or lv != keys or o != expected_o:
            raise VerifyException(
                f"shapes do not agree: query {types[0]}, key {types[1]}, value "
                f"{types[2]} and output {types[-1]} must be [..., S, D], "
                "[..., L, D], [..., L, Dv] and [..., S, Dv]"
            )
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
        expected = [types[-1]] if isinstance(types[-1], TensorType) else []
        if list(self.res.types) != expected:
            raise VerifyException(
                "the result is the output's tensor type (none on memrefs)"
            )


def _dialect() -> Dialect:
    from coopmlir.dialects.chain import ChainOp, YieldOp
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
            GroupedMatmulOp,
            SortByExpertOp,
        ],
        [],
    )


#: coopmlir's own ops: attention, matmul chains, row norms, grouped products.
Attention = _dialect()
