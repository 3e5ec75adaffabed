"""Reference semantics of linalg.matmul and linalg.fill, computed with numpy.

`linalg.matmul` is evaluated as one contraction from its indexing maps
(so transposed forms work), not element by element: inputs are cast to the
output type as MLIR's body does (sign- or zero-extension for integers), the
products are summed exactly (float64 for floats; int64, or float64 when that
is exact, for integers), added to the output, and rounded once to the output
type. A 512^3 product takes milliseconds.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import IntegerType, TensorType
from xdsl.dialects.linalg.ops import FillOp, YieldOp
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir.affine import AffineDimExpr

from coopmlir.dialects.linalg_mixed_precision import (
    BatchMatmulOp,
    MatmulTransposeAOp,
    MatmulTransposeBOp,
    MixedPrecisionMatmulOp,
)
from coopmlir.interpreter.values import InterpretationFailure, round_to, signed_view

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _einsum_spec(op) -> str:
    """'ik,kj->ij' from the op's indexing maps (permutations only)."""
    terms = []
    for attr in op.get_indexing_maps().data:
        letters = ""
        for expr in attr.data.results:
            if not isinstance(expr, AffineDimExpr):
                raise InterpretationFailure(f"{op.name}: non-projection indexing map")
            letters += _LETTERS[expr.position]
        terms.append(letters)
    *inputs, output = terms
    return ",".join(inputs) + "->" + output


def _contract(op, a, b, c):
    out_type = op.outputs[0].type
    spec = _einsum_spec(op)
    if not isinstance(out_type.element_type, IntegerType):
        acc = np.einsum(spec, a.astype(np.float64), b.astype(np.float64), optimize=True)
        return round_to(out_type, acc + c.astype(np.float64))
    a, b = signed_view(a, op.unsigned), signed_view(b, op.unsigned)
    a_letters, output = spec.split(",")[0], spec.split("->")[1]
    # The summed length: A's dimensions that the output does not index.
    k = int(
        np.prod([n for n, d in zip(a.shape, a_letters, strict=True) if d not in output])
    )
    bits = a.dtype.itemsize * 8 + b.dtype.itemsize * 8 + int(k).bit_length()
    wide = np.float64 if bits < 53 else np.int64  # float64 sums are exact then
    acc = np.einsum(spec, a.astype(wide), b.astype(wide), optimize=True)
    total = acc.astype(np.int64) + c.astype(np.int64)
    return round_to(out_type, total)


@register_impls
class LinalgFunctions(InterpreterFunctions):
    @impl(MixedPrecisionMatmulOp)
    def run_matmul(self, interp, op, args):
        if interp.launch is not None:
            raise InterpretationFailure("linalg.matmul inside a kernel")
        a, b, c = args
        result = _contract(op, np.asarray(a), np.asarray(b), np.asarray(c))
        if isinstance(op.outputs[0].type, TensorType):
            return (result,)
        c[...] = result
        return ()

    # The other contractions differ from linalg.matmul only in their maps.
    @impl(MatmulTransposeAOp)
    def run_matmul_transpose_a(self, interp, op, args):
        return self.run_matmul(interp, op, args).values

    @impl(MatmulTransposeBOp)
    def run_matmul_transpose_b(self, interp, op, args):
        return self.run_matmul(interp, op, args).values

    @impl(BatchMatmulOp)
    def run_batch_matmul(self, interp, op, args):
        return self.run_matmul(interp, op, args).values

    @impl(FillOp)
    def run_fill(self, interp, op, args):
        value, target = args
        filled = round_to(op.outputs[0].type, np.full(np.shape(target), value))
        if isinstance(op.outputs[0].type, TensorType):
            return (filled,)
        target[...] = filled
        return ()

    @impl_terminator(YieldOp)
    def run_yield(self, interp, op, args):
        return ReturnedValues(args), ()
