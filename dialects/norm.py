"""`coopmlir.layer_norm` and `coopmlir.rms_norm`: a normalization over the
last dimension named directly, for programs that do not spell out the chain
of reductions and element-wise ops (which recognize-frontend rewrites to
these ops).

    %y = coopmlir.layer_norm {epsilon = 1.0e-05 : f32}
           ins(%x, %gamma, %beta : tensor<8x768xf16>, tensor<768xf16>,
                                   tensor<768xf16>)
           outs(%init : tensor<8x768xf16>) -> tensor<8x768xf16>
    %y = coopmlir.rms_norm {epsilon = 1.0e-06 : f32}
           ins(%x, %w : tensor<8x768xf16>, tensor<768xf16>)
           outs(%init : tensor<8x768xf16>) -> tensor<8x768xf16>

Over each row x of the last dimension (n elements), in f32 or better:
layer_norm: y = (x - mean(x)) / sqrt(var(x) + epsilon) * gamma + beta, var
the biased variance (torch's `nn.LayerNorm`); rms_norm: y = x /
sqrt(mean(x^2) + epsilon) * w (torch's `nn.RMSNorm`). The scale (gamma, w)
and the shift (beta) are optional row vectors [n], in that order; y is
rounded once to the output type. Destination style as linalg: on tensors it
returns the result, on memrefs it writes `outs`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
)
from xdsl.ir import SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    prop_def,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.destination_style import (
    DestinationStyleOp,
    tensor_results,
    verify_one_kind,
    verify_results,
)

#: The element types a row norm's kernel reads and writes (it computes in
#: f32); recognize-frontend leaves chains on others (f64) to loop kernels.
KERNEL_ELEMENTS = (Float16Type, BFloat16Type, Float32Type)


class RowNormOp(DestinationStyleOp):
    """A normalization of each row of the last dimension (module doc); a
    subclass says whether it centers the row and how many vectors follow x."""

    #: layer_norm subtracts the mean; rms_norm does not.
    CENTERED: ClassVar[bool] = True
    #: The row vectors after x: (scale, shift) or (scale,).
    VECTORS: ClassVar[tuple[str, ...]] = ()

    epsilon = prop_def(FloatAttr)

    def __init__(self, inputs: Sequence[SSAValue], output: SSAValue, epsilon: float):
        super().__init__(
            operands=[inputs, output],
            result_types=[tensor_results(output.type)],
            properties={"epsilon": FloatAttr(epsilon, Float32Type())},
        )

    @property
    def input(self) -> SSAValue:
        return self.inputs[0]

    @property
    def scale(self) -> SSAValue | None:
        return self.inputs[1] if len(self.inputs) > 1 else None

    @property
    def shift(self) -> SSAValue | None:
        return self.inputs[2] if len(self.inputs) > 2 else None

    def verify_(self) -> None:
        if not 1 <= len(self.inputs) <= 1 + len(self.VECTORS):
            names = ", ".join(("x", *(f"[{v}" for v in self.VECTORS)))
            raise VerifyException(
                f"expected inputs ({names}{']' * len(self.VECTORS)}), "
                f"got {len(self.inputs)}"
            )
        types = [v.type for v in (*self.inputs, self.output)]
        verify_one_kind(types)
        x, out = types[0], types[-1]
        shape = x.get_shape()  # type: ignore[union-attr]
        if not shape or out.get_shape() != shape:  # type: ignore[union-attr]
            raise VerifyException(
                f"input {x} and output {out} must have one shape of rank >= 1"
            )
        for vector in types[1:-1]:
            if vector.get_shape() != shape[-1:]:  # type: ignore[union-attr]
                raise VerifyException(
                    f"{vector} must be a row vector [{shape[-1]}] (the last dimension)"
                )
        if not all(isinstance(t.element_type, AnyFloat) for t in types):  # type: ignore[union-attr]
            raise VerifyException("operands must be floats")
        if self.epsilon.value.data < 0:
            raise VerifyException(f"epsilon {self.epsilon.value.data} is negative")
        verify_results(self.res.types, out)


@irdl_op_definition
class LayerNormOp(RowNormOp):
    """(x - mean) / sqrt(var + epsilon) * gamma + beta; see the module doc."""

    name = "coopmlir.layer_norm"
    CENTERED: ClassVar[bool] = True
    VECTORS: ClassVar[tuple[str, ...]] = ("gamma", "beta")


@irdl_op_definition
class RmsNormOp(RowNormOp):
    """x / sqrt(mean(x^2) + epsilon) * w; see the module doc."""

    name = "coopmlir.rms_norm"
    CENTERED: ClassVar[bool] = False
    VECTORS: ClassVar[tuple[str, ...]] = ("w",)
