"""The interface of a cooperative-matrix extension in convert-to-spirv.

`MatrixLowering` (matrix.py) lowers every coopmat op the same way and asks
the module's one `MatrixExtension` (chosen once from `coopmat=` and
`qcom-conversion=`, `extensions/__init__.py`) for what differs between
extensions: the type of a matrix, its load, store, multiply-add, length and
component-wise limits, the conversions to and from per-invocation vectors,
reduce/apply/transpose, and which ops it stages through workgroup memory.
Each method raises `LoweringError` for what the extension cannot lower.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects import coopmat as cm

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
    from coopmlir.passes.convert_to_spirv.memory import Memory
    from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter
    from coopmlir.targets import Target


class MatrixExtension(ABC):
    """One way of lowering coopmat ops to SPIR-V (module docstring)."""

    #: Whether its matrices can hold 8-bit floats (SPV_EXT_float8's
    #: Float8CooperativeMatrixEXT extends KHR matrices only).
    float8_matrices = False

    # -- types ------------------------------------------------------------------

    @abstractmethod
    def matrix_element_type(
        self, t: cm.MatrixType, types: SpirvTypeConverter
    ) -> Attribute:
        """The SPIR-V component type of matrix type `t`."""

    @abstractmethod
    def matrix_type(self, t: cm.MatrixType, types: SpirvTypeConverter) -> Attribute:
        """The SPIR-V type of matrix type `t`."""

    # -- what the module needs ----------------------------------------------------

    @abstractmethod
    def staged(self, op: Operation) -> tuple[cm.MatrixType, int] | None:
        """(matrix type, slot elements) that `op` stages through the
        subgroup's workgroup-memory scratch slot, or None."""

    @abstractmethod
    def accesses_uvec4_arrays(self) -> bool:
        """Whether a matrix load/store may address a workgroup array declared
        `uvec4[]` (wide_access.py), offsets and strides in its entries."""

    @abstractmethod
    def target_refusal(self, op: Operation, target: Target) -> str | None:
        """Why `target` cannot run the lowering of `op`, or None."""

    # -- memory -------------------------------------------------------------------

    @abstractmethod
    def load(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        stride: SSAValue,
        col_major: bool,
        t: Attribute,
    ) -> SSAValue:
        """A matrix of SPIR-V type `t` loaded from `pointer` (into `mem`)."""

    @abstractmethod
    def store(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        value: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ) -> None:
        """Store matrix `value` at `pointer` (into `mem`)."""

    @abstractmethod
    def load_workgroup(
        self, m: MatrixLowering, op: cm.LoadOp, t: Attribute
    ) -> SSAValue:
        """The load of a workgroup-scope matrix (of SPIR-V type `t`)."""

    @abstractmethod
    def store_workgroup(self, m: MatrixLowering, op: cm.StoreOp) -> None:
        """The store of a workgroup-scope matrix."""

    # -- arithmetic ---------------------------------------------------------------

    @abstractmethod
    def mul_add(
        self, m: MatrixLowering, op: cm.MulAddOp, a: SSAValue, b: SSAValue, c: SSAValue
    ) -> Operation:
        """The multiply-add a * b + c of `op`."""

    @abstractmethod
    def check_componentwise(self, op: Operation) -> None:
        """Refuse a component-wise op (add, sub, mul, div) without an
        instruction on this extension's matrices."""

    @abstractmethod
    def length(self, t: Attribute) -> Operation:
        """The number of components an invocation holds of SPIR-V matrix `t`."""

    # -- reduce, apply, transpose -----------------------------------------------------

    @abstractmethod
    def reduce(self, m: MatrixLowering, op: cm.ReduceOp) -> None: ...

    @abstractmethod
    def apply(self, m: MatrixLowering, op: cm.ApplyOp) -> None: ...

    @abstractmethod
    def transpose(self, m: MatrixLowering, op: cm.TransposeOp) -> None: ...

    # -- per-invocation vectors -----------------------------------------------------

    @abstractmethod
    def from_vector(self, m: MatrixLowering, op: cm.FromVectorOp) -> None: ...

    @abstractmethod
    def to_vector(self, m: MatrixLowering, op: cm.ToVectorOp) -> None: ...

    @abstractmethod
    def bitcast_array(self, m: MatrixLowering, op: cm.BitcastArrayOp) -> None: ...

    @abstractmethod
    def extract_subarray(self, m: MatrixLowering, op: cm.ExtractSubarrayOp) -> None: ...
