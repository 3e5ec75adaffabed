"""The body of one `gpu.func` kernel as a `spirv.func`: `KernelLowering`
walks the kernel once and lowers each op by its dialect's module
(`arith_to_spirv`, `vector_to_spirv`, `memref_to_spirv`, `scf_to_spirv`,
`gpu_to_spirv`; coopmat ops: `matrix.py`), emitting SPIR-V through a
`SpirvFunctionBuilder`. It holds what they share: the values (old -> new,
and the ones held packed as uvec4), each memref's `Memory`, the kernel's
arguments, and linearized memory accesses.

The translation is one walk rather than rewrite patterns: scf regions
become structured constructs and every type changes at once (index -> i32,
memrefs -> pointers), which is clearer than half-converted IR.

Types come from the module's one converter (`types.py`: index is i32,
vectors of 2-4 elements are SPIR-V vectors and other lengths arrays, bf16
scalars are their 16 bits, memrefs are pointers). On top of it
(docs/passes/convert-to-spirv.md):

- A kernel whose memrefs have more than 2^31-1 elements is refused
  (`check_index_range`), so no linearized offset can overflow.
- A memref kernel argument i is the StorageBuffer at set 0, binding i;
  indexing is linearized with the memref's strides (row-major for identity
  layouts). The dynamic sizes of all arguments (identity layouts only) are
  one push-constant block of i32, in argument then dimension order
  (`bind_sizes`); `memref.dim`, strides and checked bounds read them.
- A kernel with `memref.atomic_rmw` (`device_scope`) synchronizes its
  workgroups through storage buffers: its `gpu.barrier {coopmlir.device_scope}`
  make storage-buffer writes available and visible at Device scope, and
  every access of a buffer the kernel writes is NonPrivatePointer, so those
  barriers and the atomics (acquire-release, Device scope) order it.
  Other kernels are lowered as if atomics did not exist.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects.builtin import MemRefType, NoneAttr, VectorType, i1, i8, i32
from xdsl.ir import Attribute, Block, Operation, SSAValue

from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv.composite import CompositeConstructOp, CompositeExtractOp
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp, StoreOp
from coopmlir.dialects.spirv.structure import GlobalVariableOp, SpecConstantOp
from coopmlir.dialects.spirv.types import PointerType, StructType
from coopmlir.elements import bit_width
from coopmlir.passes.convert_to_spirv import (
    arith_to_spirv,
    gpu_to_spirv,
    memref_to_spirv,
    scf_to_spirv,
    spec_constants,
    vector_to_spirv,
)
from coopmlir.passes.convert_to_spirv import wide_access as wide
from coopmlir.passes.convert_to_spirv.builder import SpirvFunctionBuilder
from coopmlir.passes.convert_to_spirv.errors import LoweringError, fail
from coopmlir.passes.convert_to_spirv.memory import (
    Memory,
    mark_non_private,
    only_read,
)
from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter

#: The lowering of each op that is not a coopmat op, by its dialect's module.
HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    **arith_to_spirv.HANDLERS,
    **vector_to_spirv.HANDLERS,
    **memref_to_spirv.HANDLERS,
    **scf_to_spirv.HANDLERS,
    **gpu_to_spirv.HANDLERS,
    **spec_constants.HANDLERS,
}


class KernelLowering:
    """Translates the ops of one kernel; `values` maps old values to new ones
    and `memories` maps memref values to their `Memory`.

    `matrix_lowering` builds, from this lowering (whose values, memories and
    accesses it shares), the function that lowers the kernel's coopmat ops:
    in the pass, `lambda kernel: MatrixLowering(kernel, ...).lower`."""

    def __init__(
        self,
        builder: SpirvFunctionBuilder,
        types: SpirvTypeConverter,
        block_size: tuple[int, int, int],
        name: str,
        matrix_lowering: Callable[[KernelLowering], Callable[[Operation], None]],
    ):
        self.b = builder
        self.types = types
        self.block_size = block_size
        self.name = name
        self.values: dict[SSAValue, SSAValue] = {}
        self.memories: dict[SSAValue, Memory] = {}
        self.workgroup_count = 0
        # Values held packed as uvec4 (wide_access); their memrefs' uvec4 views.
        self.packed: set[SSAValue] = set()
        self.views: dict[SSAValue, Memory] = {}
        self.bindings: dict[SSAValue, tuple[int, str]] = {}
        self.multiples: dict[SSAValue, int] = {}
        #: The module's `spirv.SpecConstant`s by name (spec_constants.py).
        self.spec_constants: dict[str, SpecConstantOp] = {}
        #: Whether the kernel has memref.atomic_rmw (device-scope atomics): set
        #: once, before its arguments are bound. The buffers it writes are
        #: then accessed NonPrivatePointer (its device-scope barriers order
        #: them).
        self.device_scope = False
        # Last: the matrix lowering reads the state above.
        self._lower_matrix_op = matrix_lowering(self)

    # -- values ----------------------------------------------------------------

    def get(self, value: SSAValue) -> SSAValue:
        """The SPIR-V value of `value` (a vector held packed is unpacked)."""
        if value in self.packed:
            return self._unpack(self.values[value], value.type)
        return self.values[value]

    def get_packed(self, value: SSAValue) -> SSAValue:
        """The `vector<4xi32>` holding the 128 bits of a wide vector value."""
        if value in self.packed:
            return self.values[value]
        words = wide.packed_constant(value.owner)  # type: ignore[arg-type]
        if words is not None:
            parts = [self.const(w) for w in words]
            return self.b.value(CompositeConstructOp(parts, wide.PACKED))
        return self._pack(self.values[value], value.type)

    def set_packed(self, value: SSAValue, packed: SSAValue) -> None:
        self.values[value] = packed
        self.packed.add(value)

    def _pieces(self, t: Attribute) -> tuple[Attribute, int]:
        """The SPIR-V element of wide vector type `t` and how many share a word."""
        assert isinstance(t, VectorType)
        element = self.types.scalar_type(t.get_element_type())
        return element, 32 // (wide.element_bits(t.get_element_type()) or 32)

    def _bitcast_f32_wide(self, value: SSAValue, to: Attribute) -> SSAValue:
        """uvec4 <-> vec4 of f32 (`vector<4xf32>` is a SPIR-V vector): one
        bitcast, so aligned 16-byte f32 accesses also take wide_access's path."""
        return self.b.value(sc.BitcastOp(value, to))

    def _unpack(self, packed: SSAValue, t: Attribute) -> SSAValue:
        """uvec4 -> the array of t's elements: each word bitcast to a small vector."""
        element, per = self._pieces(t)
        if per == 1:
            return self._bitcast_f32_wide(packed, self.types.value_type(t))
        parts = []
        for w in range(4):
            word = self.b.value(CompositeExtractOp(packed, [w]))
            small = self.b.value(sc.BitcastOp(word, VectorType(element, [per])))
            parts += [self.b.value(CompositeExtractOp(small, [j])) for j in range(per)]
        return self.b.value(CompositeConstructOp(parts, self.types.value_type(t)))

    def _pack(self, array: SSAValue, t: Attribute) -> SSAValue:
        """The array of t's elements -> uvec4 (the inverse of `_unpack`)."""
        element, per = self._pieces(t)
        if per == 1:
            return self._bitcast_f32_wide(array, wide.PACKED)
        words = []
        for w in range(4):
            parts = [
                self.b.value(CompositeExtractOp(array, [w * per + j]))
                for j in range(per)
            ]
            small = self.b.value(
                CompositeConstructOp(parts, VectorType(element, [per]))
            )
            words.append(self.b.value(sc.BitcastOp(small, i32)))
        return self.b.value(CompositeConstructOp(words, wide.PACKED))

    def memory(self, value: SSAValue) -> Memory:
        return self.memories[value]

    def const(self, value: int | float, t: Attribute = i32) -> SSAValue:
        return self.b.constant(value, t)

    def spill(self, value: SSAValue) -> SSAValue:
        """A new Function variable holding `value` (SPIR-V arrays and
        cooperative matrices take a dynamic index only through an
        AccessChain); its pointer."""
        pointer = self.b.function_variable(value.type)
        self.b.emit(StoreOp(pointer, value))
        return pointer

    def recast(
        self, parts: list[SSAValue], src: Attribute, dst: Attribute
    ) -> list[SSAValue]:
        """Scalars of SPIR-V type `src` -> the same bytes as scalars of `dst`,
        through 32-bit words (component 0 in the low bits, as numpy's view)."""
        if src == dst:
            return parts
        words = []
        per = 32 // bit_width(src)
        for w in range(len(parts) // per):
            chunk = parts[w * per : (w + 1) * per]
            if per == 1:
                value = chunk[0]
            else:
                value = self.b.value(
                    CompositeConstructOp(chunk, VectorType(src, [per]))
                )
            words.append(
                value if value.type == i32 else self.b.value(sc.BitcastOp(value, i32))
            )
        per = 32 // bit_width(dst)
        out: list[SSAValue] = []
        for word in words:
            if per == 1:
                out.append(
                    word if dst == i32 else self.b.value(sc.BitcastOp(word, dst))
                )
                continue
            small = self.b.value(sc.BitcastOp(word, VectorType(dst, [per])))
            out += [self.b.value(CompositeExtractOp(small, [j])) for j in range(per)]
        return out

    # -- kernel arguments ------------------------------------------------------

    def size(self, x: int | SSAValue) -> SSAValue:
        """A memref size as an i32 value: a constant, or a run-time size."""
        return self.const(x) if isinstance(x, int) else x

    def bind_sizes(
        self, sizes: Sequence[tuple[int, int]], symbol: str
    ) -> dict[tuple[int, int], SSAValue]:
        """Declare the push-constant block of the dynamic sizes (argument,
        dimension) and load each one at the top of the kernel."""
        block = StructType([i32] * len(sizes), [4 * i for i in range(len(sizes))])
        var = self.b.global_variable(
            GlobalVariableOp(symbol, PointerType(block, "PushConstant"))
        )
        base = self.b.address_of(var)
        return {
            place: self.b.value(
                LoadOp(self.b.value(AccessChainOp(base, [self.const(i)])))
            )
            for i, place in enumerate(sizes)
        }

    def bind_argument(
        self,
        index: int,
        arg: SSAValue,
        symbol: str,
        sizes: dict[tuple[int, int], SSAValue] | None = None,
    ) -> GlobalVariableOp:
        """Argument `index` as a storage buffer; `sizes` holds its dynamic
        sizes (from `bind_sizes`)."""
        t = arg.type
        assert isinstance(t, MemRefType)
        element = self.types.scalar_type(t.get_element_type())
        if element == i1:  # a bool has no size in memory: held as a byte (MLIR's way)
            element = i8
        shape = tuple(
            n if n >= 0 else (sizes or {})[index, d]
            for d, n in enumerate(t.get_shape())
        )
        if all(isinstance(n, int) for n in shape):
            strides, offset = self.types.memref_layout(t)
            run_time = None
        else:
            strides, offset, run_time = self._dynamic_layout(t, shape), 0, shape
        pointer_type = self.types.storage_buffer_type(element)
        var = self.b.global_variable(
            GlobalVariableOp(symbol, pointer_type, bind=(0, index))
        )
        self.memories[arg] = Memory(
            self.b.address_of(var),
            element,
            t,
            strides,
            offset,
            True,
            sizes=run_time,
            non_private=self.device_scope and not only_read(arg),
        )
        self.bindings[arg] = (index, symbol)
        return var

    def _dynamic_layout(
        self, t: MemRefType, shape: tuple[int | SSAValue, ...]
    ) -> tuple[int | SSAValue, ...]:
        """Row-major strides over run-time sizes (identity layouts only)."""
        if not isinstance(t.layout, NoneAttr):
            raise LoweringError(f"dynamic sizes need the identity layout: {t}")
        strides: list[int | SSAValue] = []
        running: int | SSAValue = 1
        for n in reversed(shape):
            strides.insert(0, running)
            if isinstance(running, int) and isinstance(n, int):
                running *= n
            elif running == 1:
                running = n
            else:
                running = self.b.value(sa.IMulOp(self.size(running), self.size(n)))
        return tuple(strides)

    # -- ops -------------------------------------------------------------------

    def lower_block(self, block: Block) -> None:
        for op in block.ops:
            self.lower_op(op)

    def lower_op(self, op: Operation) -> None:
        try:
            handler = HANDLERS.get(type(op))
            if handler is None and op.name.startswith("coopmat."):
                self._lower_matrix_op(op)
                return
            if handler is None:
                raise fail(op, "has no SPIR-V lowering")
            handler(self, op)
        except LoweringError as err:
            raise fail(op, str(err)) from None

    def result(self, op: Operation, new: Operation | SSAValue) -> None:
        value = new if isinstance(new, SSAValue) else self.b.value(new)
        self.values[op.results[0]] = value

    # -- memory ----------------------------------------------------------------

    def linear_index(self, mem: Memory, indices: Sequence[SSAValue]) -> SSAValue:
        """offset + sum(index_k * stride_k), skipping zeros and ones."""
        total: SSAValue | None = None
        for index, stride in zip(indices, mem.strides, strict=True):
            term = index
            if stride != 1:
                term = self.b.value(sa.IMulOp(index, self.size(stride)))
            total = term if total is None else self.b.value(sa.IAddOp(total, term))
        if total is None:
            return self.const(mem.offset)
        if mem.offset:
            total = self.b.value(sa.IAddOp(total, self.const(mem.offset)))
        return total

    def element_pointer(self, mem: Memory, index: SSAValue) -> SSAValue:
        """A pointer to element `index` (for a uvec4 array: to the entry
        that starts there; callers have proven `index` a multiple of unit)."""
        if mem.unit > 1:
            index = self.in_units(mem, index)
        path = [self.const(0), index] if mem.in_block else [index]
        return self.b.value(AccessChainOp(mem.pointer, path))

    def in_units(self, mem: Memory, count: SSAValue) -> SSAValue:
        """An element count in entries of `mem`'s array (a shift: unit is 8 or 16)."""
        shift = self.const(mem.unit.bit_length() - 1)
        return self.b.value(sa.ShiftRightLogicalOp(count, shift))

    def load(self, mem: Memory, index: SSAValue) -> SSAValue:
        load = LoadOp(self.element_pointer(mem, index))
        mark_non_private(load, mem)
        value = self.b.value(load)
        if _bytes_of_bools(mem):
            return self.b.value(sa.INotEqualOp(value, self.const(0, i8)))
        return value

    def store(self, mem: Memory, index: SSAValue, value: SSAValue) -> None:
        if _bytes_of_bools(mem):
            value = self.b.value(
                sa.SelectOp(value, self.const(1, i8), self.const(0, i8))
            )
        store = StoreOp(self.element_pointer(mem, index), value)
        mark_non_private(store, mem)
        self.b.emit(store)


def _bytes_of_bools(mem: Memory) -> bool:
    """Whether `mem` holds i1 values as bytes (a storage buffer of them)."""
    return mem.memref_type.get_element_type() == i1 and mem.element_type == i8
