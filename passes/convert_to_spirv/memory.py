"""A memref as the lowered kernel sees it (`Memory`: a pointer and how to
index it), and the memory operand that workgroup-memory accesses carry.

Under the Vulkan memory model only NonPrivatePointer accesses are ordered by
barriers and atomics: workgroup memory is always accessed so, and so is a
storage buffer that a kernel with device-scope atomics writes
(`Memory.non_private`: other workgroups read what it holds once an atomic
says they may)."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects.spirv import coopmatrix as sm
from coopmlir.dialects.spirv.attributes import MemoryAccessAttr
from coopmlir.dialects.spirv.types import PointerType
from coopmlir.passes.convert_to_spirv.errors import LoweringError


@dataclass
class Memory:
    """A memref as SPIR-V sees it: the variable's pointer and how to index it."""

    pointer: SSAValue
    element_type: Attribute  # SPIR-V scalar
    memref_type: MemRefType
    strides: tuple[int | SSAValue, ...]  # SSA (i32): from a run-time size
    offset: int
    in_block: bool  # a StorageBuffer block struct: index [0, i]
    unit: int = 1  # elements per array entry: > 1 for a uvec4 array (wide_access)
    sizes: tuple[int | SSAValue, ...] | None = None  # run-time sizes, if dynamic
    non_private: bool = False  # accessed NonPrivatePointer (besides workgroup memory)

    @property
    def storage(self) -> str:
        assert isinstance(self.pointer.type, PointerType)
        return self.pointer.type.storage

    @property
    def shape(self) -> tuple[int | SSAValue, ...]:
        """The sizes: ints, or i32 values read from the push constants."""
        if self.sizes is not None:
            return self.sizes
        return tuple(self.memref_type.get_shape())


#: The uses of a memref in a kernel that only read it.
_READS = ("memref.load", "vector.load", "coopmat.load", "memref.dim")


def only_read(memref_value: SSAValue) -> bool:
    """Whether the kernel only reads this memref (loads of any kind, sizes)."""
    return all(use.operation.name in _READS for use in memref_value.uses)


def mark_non_private(op: Operation, mem: Memory) -> None:
    """A load or store (plain or cooperative-matrix) of workgroup memory, or
    of a `non_private` storage buffer, is NonPrivatePointer: under the Vulkan
    memory model only such accesses are made available and visible by the
    barriers' and atomics' semantics."""
    if mem.storage != "Workgroup" and not mem.non_private:
        return
    matrix_access = sm.KHRCooperativeMatrixLoadOp | sm.KHRCooperativeMatrixStoreOp
    operand = "memory_operand" if isinstance(op, matrix_access) else "memory_access"
    op.properties[operand] = MemoryAccessAttr("NonPrivatePointer")


def refuse_non_private(mem: Memory, access: str) -> None:
    """A located error (through the caller's op) where `access`, an
    instruction without a NonPrivatePointer operand here, would touch a
    storage buffer that a kernel with atomics shares between workgroups:
    the barriers and atomics would not order it."""
    if mem.non_private:
        raise LoweringError(
            f"{access} cannot access a storage buffer that this kernel's "
            "atomics share between workgroups (no NonPrivatePointer access "
            "here); use coopmat=khr"
        )
