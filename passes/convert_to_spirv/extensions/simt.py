"""`coopmat=simt`: no cooperative-matrix extension. A SIMT module (L2, the
output of coopmat-to-simt) holds per-work-item vectors only, so every
coopmat op is refused with a pointer to coopmat-to-simt, and the module
needs no cooperative-matrix capability. `coopmat=auto` picks it for a
target without matrix units."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.extensions.base import MatrixExtension
from coopmlir.passes.convert_to_spirv.memory import Memory

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
    from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter
    from coopmlir.targets import Target


def _refuse(*_: object) -> NoReturn:
    raise LoweringError(
        "has no SPIR-V lowering with coopmat=simt: SIMT code has no cooperative "
        "matrices (lower it with coopmat-to-simt first)"
    )


class SIMT(MatrixExtension):
    """No cooperative matrices (module docstring)."""

    def matrix_element_type(
        self, t: cm.MatrixType, types: SpirvTypeConverter
    ) -> Attribute:
        _refuse()

    def matrix_type(self, t: cm.MatrixType, types: SpirvTypeConverter) -> Attribute:
        _refuse()

    def staged(self, op: Operation) -> tuple[cm.MatrixType, int] | None:
        return None

    def accesses_uvec4_arrays(self) -> bool:
        return False

    def target_refusal(self, op: Operation, target: Target) -> str | None:
        return None

    def load(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        stride: SSAValue,
        col_major: bool,
        t: Attribute,
    ) -> SSAValue:
        _refuse()

    def store(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        value: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ) -> None:
        _refuse()

    def load_workgroup(
        self, m: MatrixLowering, op: cm.LoadOp, t: Attribute
    ) -> SSAValue:
        _refuse()

    def store_workgroup(self, m: MatrixLowering, op: cm.StoreOp) -> None:
        _refuse()

    def mul_add(
        self, m: MatrixLowering, op: cm.MulAddOp, a: SSAValue, b: SSAValue, c: SSAValue
    ) -> Operation:
        _refuse()

    def check_componentwise(self, op: Operation) -> None:
        _refuse()

    def length(self, t: Attribute) -> Operation:
        _refuse()

    def reduce(self, m: MatrixLowering, op: cm.ReduceOp) -> None:
        _refuse()

    def apply(self, m: MatrixLowering, op: cm.ApplyOp) -> None:
        _refuse()

    def transpose(self, m: MatrixLowering, op: cm.TransposeOp) -> None:
        _refuse()

    def from_vector(self, m: MatrixLowering, op: cm.FromVectorOp) -> None:
        _refuse()

    def to_vector(self, m: MatrixLowering, op: cm.ToVectorOp) -> None:
        _refuse()

    def bitcast_array(self, m: MatrixLowering, op: cm.BitcastArrayOp) -> None:
        _refuse()

    def extract_subarray(self, m: MatrixLowering, op: cm.ExtractSubarrayOp) -> None:
        _refuse()
