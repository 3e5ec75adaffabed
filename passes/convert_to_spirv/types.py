"""The one mapping from builtin and coopmat types to SPIR-V types in
convert-to-spirv, modelled on MLIR's `SPIRVTypeConverter`:

- `index` is `i32` (the pass refuses kernels whose memrefs have more than
  `INDEX_LIMIT` elements, so no linearized offset can overflow);
- signless integers keep their width (ops carry signedness), f16/f32/f64
  stay, and bf16 scalars outside matrices are carried as their 16 bits
  (`i16`), f8 scalars as their byte (`i8`: no shipped target has
  VK_EXT_shader_float8; `arith.extf` from f8 and `arith.truncf` to f8 are
  integer ops first, passes/float8_decode.py);
- 1-D vectors of 2-4 elements are SPIR-V vectors; other lengths are arrays
  (Vulkan has no longer vectors);
- a memref kernel argument is a StorageBuffer block `{T[]}`; a
  `memref.alloca` is a Workgroup array (memory space 3) or a Function
  array (no memory space, or private); both are indexed with the memref's
  static strides and offset;
- `!coopmat.matrix<RxCxT, use>` is the module's cooperative-matrix
  extension's (extensions/): `!spirv.coopmatrix<RxCxT, Subgroup,
  MatrixA|MatrixB|MatrixAcc>` with `coopmat=khr` or `nv2` (bf16 components
  through SPV_KHR_bfloat16) and `!spirv.NV.coopmatrix<RxCxT, Subgroup>` with
  `coopmat=nv`; a workgroup-scope matrix is a Workgroup KHR matrix with
  `coopmat=nv2` (VK_NV_cooperative_matrix2) and refused otherwise, as are NV
  bf16 or integer matrices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    NoneAttr,
    VectorType,
    i32,
)
from xdsl.ir import Attribute

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.gpu_subgroup import is_private_memory, is_workgroup_memory
from coopmlir.dialects.spirv.types import (
    ArrayType,
    PointerType,
    RuntimeArrayType,
    StructType,
)
from coopmlir.elements import bit_width, is_f8
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.wide_access import PACKED

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.extensions.base import MatrixExtension


class SpirvTypeConverter:
    """Converts the types of one module; its cooperative-matrix `extension`
    gives the matrix types. Each method raises `LoweringError` for a type
    without a SPIR-V equivalent."""

    def __init__(self, extension: MatrixExtension):
        self.extension = extension

    # -- scalars and vectors ----------------------------------------------------

    def scalar_type(self, t: Attribute) -> Attribute:
        """The SPIR-V scalar that holds a value of builtin scalar type `t`."""
        if isinstance(t, IndexType):
            return i32
        if isinstance(t, IntegerType):
            return IntegerType(t.width.data)  # signless; ops carry signedness
        if isinstance(t, BFloat16Type):
            return IntegerType(16)
        if is_f8(t):
            return IntegerType(8)
        if isinstance(t, Float16Type | Float32Type | Float64Type):
            return t
        raise LoweringError(f"type {t} has no SPIR-V equivalent")

    def value_type(self, t: Attribute) -> Attribute:
        """The SPIR-V type of a (non-memref, non-matrix) value of type `t`."""
        if isinstance(t, VectorType):
            if t.get_num_dims() != 1 or t.get_scalable_dims() != (False,):
                raise LoweringError(f"only fixed 1-D vectors are supported, got {t}")
            (n,) = t.get_shape()
            element = self.scalar_type(t.get_element_type())
            return VectorType(element, [n]) if 2 <= n <= 4 else ArrayType(n, element)
        return self.scalar_type(t)

    def convert_type(self, t: Attribute) -> Attribute:
        """The SPIR-V type of a value of type `t`: a matrix or any other value."""
        if isinstance(t, cm.MatrixType):
            return self.matrix_type(t)
        return self.value_type(t)

    def array_type(self, t: Attribute) -> ArrayType:
        """The `!spirv.array` holding the elements of a 1-D vector type `t`
        (builtin, or already converted): the form that the
        SPV_QCOM_cooperative_matrix_conversion instructions take, also for
        2-4 elements."""
        if isinstance(t, ArrayType):
            return t
        converted = self.value_type(t)
        if isinstance(converted, ArrayType):
            return converted
        assert isinstance(converted, VectorType)
        return ArrayType(converted.get_shape()[0], converted.get_element_type())

    def byte_size(self, t: Attribute) -> int:
        """Bytes of a SPIR-V scalar or vector, or of a builtin vector of them."""
        if isinstance(t, VectorType):
            return t.get_shape()[0] * self.byte_size(t.get_element_type())
        try:
            return max(1, bit_width(t) // 8)
        except ValueError:
            raise LoweringError(f"type {t} has no byte size") from None

    # -- memrefs ----------------------------------------------------------------

    def memref_layout(self, t: MemRefType) -> tuple[tuple[int, ...], int]:
        """Static strides and offset of a memref (row-major for the identity
        layout)."""
        if any(d < 0 for d in t.get_shape()):
            raise LoweringError(f"dynamic shapes are not supported: {t}")
        if isinstance(t.layout, NoneAttr):
            strides, running = [], 1
            for d in reversed(t.get_shape()):
                strides.insert(0, running)
                running *= d
            return tuple(strides), 0
        strides = t.get_strides()
        offset = getattr(t.layout, "offset", None)
        offset_value = offset.data if hasattr(offset, "data") else offset
        if strides is None or None in strides or not isinstance(offset_value, int):
            raise LoweringError(f"only static strided layouts are supported: {t}")
        return tuple(strides), offset_value  # type: ignore[return-value]

    def element_count(self, t: MemRefType) -> int:
        """How many elements the memref spans (its last element + 1)."""
        strides, offset = self.memref_layout(t)
        if 0 in t.get_shape():
            return 0
        last = sum((d - 1) * s for d, s in zip(t.get_shape(), strides, strict=True))
        return offset + last + 1

    def storage_buffer_type(self, element: Attribute) -> PointerType:
        """A kernel argument's variable: a StorageBuffer block `{T[]}` of
        SPIR-V scalar or vector `element`."""
        rt = RuntimeArrayType(element, self.byte_size(element))
        return PointerType(StructType([rt], [0]), "StorageBuffer")

    def storage_class(self, t: MemRefType) -> str | None:
        """Where a `memref.alloca` of type `t` lives: Workgroup (memory space
        3 or #gpu.address_space<workgroup>), Function (no memory space or
        #gpu.address_space<private>), or None (no SPIR-V equivalent)."""
        space = t.memory_space
        if isinstance(space, NoneAttr) or is_private_memory(t):
            return "Function"
        if is_workgroup_memory(t):
            return "Workgroup"
        return None

    def local_array_type(self, t: MemRefType, unit: int = 1) -> PointerType:
        """A `memref.alloca`'s variable: an array of its elements in its
        storage class; with `unit` > 1, an array of uvec4 (`wide_access`),
        each entry holding `unit` elements."""
        element = self.scalar_type(t.get_element_type())
        count = max(1, self.element_count(t))
        storage = self.storage_class(t)
        if storage is None:
            raise LoweringError(f"memory space {t.memory_space} is not supported")
        if unit > 1:
            element, count = PACKED, -(-count // unit)
        return PointerType(ArrayType(count, element), storage)

    # -- cooperative matrices -----------------------------------------------------

    def matrix_element_type(self, t: cm.MatrixType) -> Attribute:
        """The SPIR-V element of a cooperative matrix (the extension's)."""
        return self.extension.matrix_element_type(t, self)

    def matrix_type(self, t: Attribute) -> Attribute:
        """`!coopmat.matrix` as the extension's cooperative matrix."""
        if not isinstance(t, cm.MatrixType):
            raise LoweringError(f"expected a matrix type, got {t}")
        if is_f8(t.element_type) and not self.extension.float8_matrices:
            raise LoweringError(
                f"{t}: 8-bit float matrices need coopmat=khr or nv2 "
                "(SPV_EXT_float8's Float8CooperativeMatrixEXT)"
            )
        return self.extension.matrix_type(t, self)
