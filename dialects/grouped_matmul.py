"""`coopmlir.grouped_matmul`: the product of a mixture-of-experts layer, each
token row multiplied by the weights of the experts its router chose, every
expert in one op (llama.cpp's `mul_mat_id`, torch's `_grouped_mm`).

    %y = coopmlir.grouped_matmul
           ins(%x, %w, %rows, %offsets : tensor<6x64xf16>, tensor<4x32x64xf16>,
                                         tensor<12xi32>, tensor<5xi32>)
           outs(%init : tensor<12x32xf16>) -> tensor<12x32xf16>
    %h = coopmlir.grouped_matmul
           ins(%x, %wg, %wu, %rows, %offsets : ...)          // gated (SwiGLU)
           outs(%init : tensor<12x32xf16>) -> tensor<12x32xf16>

X [T, K] holds the tokens, W [E, N, K] the experts' weights (nn.Linear's
layout; [E, K, N] with `weights_kn`). The assignment is a sorted
permutation: output row r (of R, usually T * top_k) is token `rows[r]`, and
expert e owns rows offsets[e] <= r < offsets[e + 1] (offsets [E + 1],
non-decreasing, run-time values; an expert may own none):

    y[r] = X[rows[r]] @ W[e]^T                                   (plain)
    y[r] = silu(X[rows[r]] @ Wg[e]^T) * (X[rows[r]] @ Wu[e]^T)    (gated)

in f32 or better, rounded once to the output type; silu(g) = g / (1 + e^-g).
`f16_sums` (f16 tokens and weights only) lets the kernel keep the sums in
f16 (half the accumulator registers, so larger tiles: the f16 -> f16
GEMM's), an opt-in loss of precision over long K; the silu and the
product of the gated form are still computed in f32.
Rows outside offsets[0] .. offsets[E] keep the output's contents. With
`scatter`, row r is also written to output row rows[r] (the permutation sorts
rows that keep their own order: y[rows[r]] = X[rows[r]] @ W[e]^T), so the
output is in the order of X's rows. Destination style as linalg: on tensors
it returns the result, on memrefs it writes `outs`.

`coopmlir.sort_by_expert` makes such an assignment from per-row expert ids
(a router's top-k choices, flattened):

    %rows, %offsets = coopmlir.sort_by_expert
           ins(%ids : tensor<12xi64>) outs(%r, %o : tensor<12xi32>, tensor<5xi32>)
           -> tensor<12xi32>, tensor<5xi32>

rows lists the row indices r with ids[r] = 0, then those with ids[r] = 1, ...
(each group in increasing r, a stable sort), offsets[e] = #{r : 0 <= ids[r]
< e}; a negative id counts from the end (ids[r] + E, as torch indexes); rows
whose id is outside [-E, E) are in no expert's range (rows past offsets[E]
are 0).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    var_operand_def,
    var_result_def,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.destination_style import (
    DestinationStyleOp,
    tensor_results,
    verify_one_kind,
    verify_results,
)

#: The element types of X and the weights the op takes.
INPUT_TYPES = (Float16Type, BFloat16Type, Float32Type)


def _agree(a: int, b: int) -> bool:
    """Two sizes agree where either is dynamic (-1)."""
    return a == b or a < 0 or b < 0


@irdl_op_definition
class GroupedMatmulOp(DestinationStyleOp):
    """Each permuted token row times its expert's weights; see the module doc."""

    name = "coopmlir.grouped_matmul"

    weights_kn = opt_prop_def(UnitAttr)
    scatter = opt_prop_def(UnitAttr)
    f16_sums = opt_prop_def(UnitAttr)

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        output: SSAValue,
        weights_kn: bool = False,
        scatter: bool = False,
        f16_sums: bool = False,
    ):
        flags = {"weights_kn": weights_kn, "scatter": scatter, "f16_sums": f16_sums}
        super().__init__(
            operands=[inputs, output],
            result_types=[tensor_results(output.type)],
            properties={name: UnitAttr() for name, on in flags.items() if on},
        )

    @property
    def x(self) -> SSAValue:
        return self.inputs[0]

    @property
    def weights(self) -> tuple[SSAValue, ...]:
        """(W,) or, gated, (Wg, Wu)."""
        return tuple(self.inputs[1:-2])

    @property
    def rows(self) -> SSAValue:
        return self.inputs[-2]

    @property
    def offsets(self) -> SSAValue:
        return self.inputs[-1]

    @property
    def gated(self) -> bool:
        return len(self.weights) == 2

    def verify_(self) -> None:
        if len(self.inputs) not in (4, 5):
            raise VerifyException(
                "expected inputs (x, w, rows, offsets) or (x, w_gate, w_up, rows, "
                f"offsets), got {len(self.inputs)}"
            )
        types = [v.type for v in (*self.inputs, self.output)]
        verify_one_kind(types)
        shapes = [tuple(t.get_shape()) for t in types]  # type: ignore[union-attr]
        x, *weights, rows, offsets, out = shapes
        x_t, w_t, out_t = types[0], types[1], types[-1]
        if len(x) != 2:
            raise VerifyException(f"the tokens {x_t} must be [T, K]")
        if any(len(w) != 3 for w in weights):
            raise VerifyException(f"the weights {w_t} must be [E, N, K] or [E, K, N]")
        if len(weights) == 2 and types[1] != types[2]:
            raise VerifyException(
                f"the gate's weights {types[1]} and the up weights {types[2]} "
                "must have one type"
            )
        e, n, k = weights[0]
        if self.weights_kn is not None:
            k, n = n, k
        if not _agree(x[1], k):
            layout = "[E, K, N]" if self.weights_kn else "[E, N, K]"
            raise VerifyException(
                f"the tokens {x_t} and the weights {w_t} ({layout}) must share K"
            )
        if (
            len(rows) != 1
            or len(out) != 2
            or (self.scatter is None and not _agree(rows[0], out[0]))
        ):
            raise VerifyException(
                f"the rows {types[-3]} must be [R] and the output {out_t} [R, N]"
            )
        if not _agree(out[1], n):
            raise VerifyException(
                f"the output {out_t} and the weights {w_t} differ in N"
            )
        if len(offsets) != 1 or not _agree(offsets[0], e + 1 if e >= 0 else -1):
            raise VerifyException(
                f"the offsets {types[-2]} must be [E + 1] = [{e + 1}] for {e} "
                f"experts ({w_t})"
            )
        for name, t in (("rows", types[-3]), ("offsets", types[-2])):
            element = t.element_type  # type: ignore[union-attr]
            if not isinstance(element, IntegerType | IndexType):
                raise VerifyException(f"the {name} {t} must be integers or index")
        elements: list[Attribute] = [t.element_type for t in types[:-3]]  # type: ignore[union-attr]
        if not isinstance(elements[0], INPUT_TYPES) or len(set(elements)) != 1:
            raise VerifyException(
                "the tokens and weights must share one element type of f16, bf16 "
                f"or f32, got {', '.join(map(str, elements))}"
            )
        if self.f16_sums is not None and not isinstance(elements[0], Float16Type):
            raise VerifyException(
                f"f16_sums needs f16 tokens and weights, got {elements[0]}"
            )
        if not isinstance(out_t.element_type, AnyFloat):  # type: ignore[union-attr]
            raise VerifyException(f"the output {out_t} must be floats")
        verify_results(self.res.types, out_t)


@irdl_op_definition
class SortByExpertOp(IRDLOperation):
    """Per-row expert ids -> (rows, offsets) of `GroupedMatmulOp`; see the
    module doc."""

    name = "coopmlir.sort_by_expert"

    ids = operand_def()
    outputs = var_operand_def()
    res = var_result_def()

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "attr-dict `ins` `(` $ids `:` type($ids) `)` "
        "`outs` `(` $outputs `:` type($outputs) `)` (`->` type($res)^)?"
    )

    def __init__(self, ids: SSAValue, rows: SSAValue, offsets: SSAValue):
        outputs = [rows, offsets]
        results = [v.type for v in outputs if isinstance(v.type, TensorType)]
        super().__init__(operands=[ids, outputs], result_types=[results])

    @property
    def inputs(self) -> tuple[SSAValue, ...]:
        return (self.ids,)

    def verify_(self) -> None:
        if len(self.outputs) != 2:
            raise VerifyException(
                f"expected outputs (rows, offsets), got {len(self.outputs)}"
            )
        types = [v.type for v in (self.ids, *self.outputs)]
        verify_one_kind(types)
        shapes = [tuple(t.get_shape()) for t in types]  # type: ignore[union-attr]
        if any(len(s) != 1 for s in shapes) or not _agree(shapes[0][0], shapes[1][0]):
            raise VerifyException(
                f"the ids {types[0]} and the rows {types[1]} must be [R], the "
                f"offsets {types[2]} [E + 1]"
            )
        for t in types:
            if not isinstance(t.element_type, IntegerType | IndexType):  # type: ignore[union-attr]
                raise VerifyException(f"{t} must be integers or index")
        expected = [t for t in types[1:] if isinstance(t, TensorType)]
        if list(self.res.types) != expected:
            raise VerifyException(
                "the results are the outputs' tensor types (none on memrefs)"
            )
