"""The body of one `gpu.func` kernel as a `spirv.func`: arith, math, vector,
memref, scf and gpu ops (cooperative-matrix ops: `matrix.py`).

The translation walks the kernel once and emits SPIR-V through a
`SpirvFunctionBuilder`: scf regions become structured constructs and every
type changes at once (index -> i32, memrefs -> pointers), which is clearer
as one walk than as rewrite patterns over half-converted IR.

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
  Workgroup memory (`memref.alloca` in space 3) is a Workgroup array;
  other allocas are Function arrays.
- Arrays (vectors of other lengths than 2-4) are accessed with constant
  indices; a dynamic index goes through a Function variable. A 128-bit
  vector of 8/16-bit elements that is loaded or stored at a proven 16-byte
  alignment moves as one uvec4 and stays packed until an op needs its
  elements (`wide_access.py`).
- `arith.extf` from bf16 is a shift into the high half of an f32.
- Shuffles move 32-bit values: 8- and 16-bit values are widened around
  them, so no shaderSubgroupExtendedTypes feature is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, gpu, math, memref, scf, vector
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    VectorType,
    i1,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.dialects.gpu_subgroup import LaneIdOp, ShuffleMode, ShuffleOp
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv import group as sg
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
    CompositeInsertOp,
    VectorExtractDynamicOp,
    VectorInsertDynamicOp,
)
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp, StoreOp
from coopmlir.dialects.spirv.structure import GlobalVariableOp, ReturnOp
from coopmlir.dialects.spirv.types import ArrayType, PointerType, StructType
from coopmlir.elements import bf16_bits, bit_width
from coopmlir.passes.convert_to_spirv import wide_access as wide
from coopmlir.passes.convert_to_spirv.builder import (
    WORKGROUP_SEMANTICS,
    SpirvFunctionBuilder,
)
from coopmlir.passes.convert_to_spirv.errors import LoweringError, fail
from coopmlir.passes.convert_to_spirv.memory import Memory, mark_non_private
from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter
from coopmlir.targets import INDEX_LIMIT

_INT_BINARY: dict[type[Operation], type[Operation]] = {
    arith.AddiOp: sa.IAddOp,
    arith.SubiOp: sa.ISubOp,
    arith.MuliOp: sa.IMulOp,
    arith.DivUIOp: sa.UDivOp,
    arith.DivSIOp: sa.SDivOp,
    arith.RemUIOp: sa.UModOp,
    arith.RemSIOp: sa.SRemOp,
    arith.MinUIOp: sa.GLUMinOp,
    arith.MaxUIOp: sa.GLUMaxOp,
    arith.MinSIOp: sa.GLSMinOp,
    arith.MaxSIOp: sa.GLSMaxOp,
    arith.ShLIOp: sa.ShiftLeftLogicalOp,
    arith.ShRUIOp: sa.ShiftRightLogicalOp,
    arith.ShRSIOp: sa.ShiftRightArithmeticOp,
}
_BITWISE: dict[type[Operation], tuple[type[Operation], type[Operation]]] = {
    arith.AndIOp: (sa.BitwiseAndOp, sa.LogicalAndOp),
    arith.OrIOp: (sa.BitwiseOrOp, sa.LogicalOrOp),
    arith.XOrIOp: (sa.BitwiseXorOp, sa.LogicalNotEqualOp),
}
_FLOAT_BINARY: dict[type[Operation], type[Operation]] = {
    arith.AddfOp: sa.FAddOp,
    arith.SubfOp: sa.FSubOp,
    arith.MulfOp: sa.FMulOp,
    arith.DivfOp: sa.FDivOp,
    # NaN handling follows GLSL.std.450 FMax/FMin (documented difference).
    arith.MaximumfOp: sa.GLFMaxOp,
    arith.MinimumfOp: sa.GLFMinOp,
    arith.MaxnumfOp: sa.GLFMaxOp,
    arith.MinnumfOp: sa.GLFMinOp,
    math.PowFOp: sa.GLPowOp,
}
_FLOAT_UNARY: dict[type[Operation], type[Operation]] = {
    arith.NegfOp: sa.FNegateOp,
    math.AbsFOp: sa.GLFAbsOp,
    math.FloorOp: sa.GLFloorOp,
    math.CeilOp: sa.GLCeilOp,
    math.ExpOp: sa.GLExpOp,
    math.Exp2Op: sa.GLExp2Op,
    math.LogOp: sa.GLLogOp,
    math.Log2Op: sa.GLLog2Op,
    math.SqrtOp: sa.GLSqrtOp,
    math.RsqrtOp: sa.GLInverseSqrtOp,
    math.TanhOp: sa.GLTanhOp,
    math.SinOp: sa.GLSinOp,
    math.CosOp: sa.GLCosOp,
}
# arith.cmpi predicate -> op (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge)
_CMPI = (
    sa.IEqualOp,
    sa.INotEqualOp,
    sa.SLessThanOp,
    sa.SLessThanEqualOp,
    sa.SGreaterThanOp,
    sa.SGreaterThanEqualOp,
    sa.ULessThanOp,
    sa.ULessThanEqualOp,
    sa.UGreaterThanOp,
    sa.UGreaterThanEqualOp,
)
# arith.cmpf predicate -> op; None: constant false/true or ordered-ness tests
_CMPF: tuple[type[Operation] | None, ...] = (
    None,
    sa.FOrdEqualOp,
    sa.FOrdGreaterThanOp,
    sa.FOrdGreaterThanEqualOp,
    sa.FOrdLessThanOp,
    sa.FOrdLessThanEqualOp,
    sa.FOrdNotEqualOp,
    None,
    sa.FUnordEqualOp,
    sa.FUnordGreaterThanOp,
    sa.FUnordGreaterThanEqualOp,
    sa.FUnordLessThanOp,
    sa.FUnordLessThanEqualOp,
    sa.FUnordNotEqualOp,
    None,
    None,
)
_GPU_BUILTINS: dict[type[Operation], str] = {
    gpu.ThreadIdOp: "LocalInvocationId",
    gpu.BlockIdOp: "WorkgroupId",
    gpu.GridDimOp: "NumWorkgroups",
    gpu.GlobalIdOp: "GlobalInvocationId",
}
_GPU_SCALAR_BUILTINS: dict[type[Operation], str] = {
    gpu.SubgroupIdOp: "SubgroupId",
    gpu.NumSubgroupsOp: "NumSubgroups",
    gpu.SubgroupSizeOp: "SubgroupSize",
    LaneIdOp: "SubgroupLocalInvocationId",
    gpu.LaneIdOp: "SubgroupLocalInvocationId",
}
_SHUFFLES = {
    ShuffleMode.IDX: sg.GroupNonUniformShuffleOp,
    ShuffleMode.XOR: sg.GroupNonUniformShuffleXorOp,
    ShuffleMode.UP: sg.GroupNonUniformShuffleUpOp,
    ShuffleMode.DOWN: sg.GroupNonUniformShuffleDownOp,
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
        self._workgroup_count = 0
        # Values held packed as uvec4 (wide_access); their memrefs' uvec4 views.
        self.packed: set[SSAValue] = set()
        self._views: dict[SSAValue, Memory] = {}
        self._bindings: dict[SSAValue, tuple[int, str]] = {}
        self._multiples: dict[SSAValue, int] = {}
        # Last: the matrix lowering reads the state above.
        self._lower_matrix_op = matrix_lowering(self)

    # -- values -------------------------------------------------------------

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

    def _set_packed(self, value: SSAValue, packed: SSAValue) -> None:
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

    # -- kernel arguments and allocations ---------------------------------------

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
            self.b.address_of(var), element, t, strides, offset, True, sizes=run_time
        )
        self._bindings[arg] = (index, symbol)
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

    def _wide_memory(
        self, access: vector.LoadOp | vector.StoreOp, t: Attribute
    ) -> Memory | None:
        """Where a 128-bit `access` of vector type `t` can be one uvec4
        access (wide_access), or None: the access must be proven 16-byte
        aligned (on its indices, or by its `alignment` attribute, which a
        run-time branch of lower-to-coopmat has checked), into a uvec4
        workgroup array or a storage buffer the kernel only reads (through a
        uvec4 view at the same binding)."""
        if not wide.is_wide_vector(t):
            return None
        base, indices = access.base, access.indices
        mem = self.memory(base)
        assert isinstance(t, VectorType)
        unit = wide.elements_per_wide(t.get_element_type())
        if not wide.claims_alignment(access) and not wide.aligned_offset(
            mem.memref_type,
            mem.strides,
            mem.offset,
            list(indices),
            unit,
            self._multiples,
        ):
            return None
        if mem.unit == unit:
            return mem
        if base not in self._bindings or not _only_read(base):
            return None
        if base not in self._views:
            index, symbol = self._bindings[base]
            var = self.b.global_variable(
                GlobalVariableOp(
                    f"{symbol}_uvec4",
                    self.types.storage_buffer_type(wide.PACKED),
                    bind=(0, index),
                )
            )
            self._views[base] = Memory(
                self.b.address_of(var),
                wide.PACKED,
                mem.memref_type,
                mem.strides,
                mem.offset,
                True,
                unit,
            )
        return self._views[base]

    # -- ops ------------------------------------------------------------------

    def lower_block(self, block: Block) -> None:
        for op in block.ops:
            self.lower_op(op)

    def lower_op(self, op: Operation) -> None:
        try:
            handler = self._handler(op)
            if handler is None:
                raise fail(op, "has no SPIR-V lowering")
            handler(op)
        except LoweringError as err:
            raise fail(op, str(err)) from None

    def _handler(self, op: Operation) -> Callable[[Operation], None] | None:
        if op.name.startswith("coopmat."):
            return self._lower_matrix_op
        for table, method in (
            (_INT_BINARY, self._int_binary),
            (_BITWISE, self._bitwise),
            (_FLOAT_BINARY, self._float_binary),
            (_FLOAT_UNARY, self._float_unary),
            (_GPU_BUILTINS, self._gpu_id),
            (_GPU_SCALAR_BUILTINS, self._gpu_scalar_id),
        ):
            if type(op) in table:
                return method
        method = self._HANDLERS.get(type(op))
        return None if method is None else method.__get__(self)

    def _result(self, op: Operation, new: Operation | SSAValue) -> None:
        value = new if isinstance(new, SSAValue) else self.b.value(new)
        self.values[op.results[0]] = value

    def _elementwise(self, op: Operation, scalar: Callable[..., SSAValue | Operation]):
        """Apply `scalar` to the mapped operands; where they are arrays (vectors
        longer than 4), per element. Scalar operands (a select's i1) are shared."""
        for v in op.operands:
            element = v.type
            if isinstance(element, VectorType):
                element = element.get_element_type()
            if isinstance(element, BFloat16Type) and type(op) not in _BF16_OK:
                raise LoweringError("bf16 arithmetic is not supported; use arith.extf")
        operands = [self.get(v) for v in op.operands]
        result_type = self.types.value_type(op.results[0].type)

        def one(parts: Sequence[SSAValue]) -> SSAValue:
            made = scalar(*parts)
            return made if isinstance(made, SSAValue) else self.b.value(made)

        if not isinstance(result_type, ArrayType) and not any(
            isinstance(v.type, ArrayType) for v in operands
        ):
            self._result(op, one(operands))
            return
        length = next(
            t.length.data
            for t in (result_type, *(v.type for v in operands))
            if isinstance(t, ArrayType)
        )
        elements = []
        for k in range(length):
            parts = [
                self.b.value(CompositeExtractOp(v, [k]))
                if isinstance(v.type, ArrayType)
                else v
                for v in operands
            ]
            elements.append(one(parts))
        self._result(op, CompositeConstructOp(elements, result_type))

    def _int_binary(self, op: Operation) -> None:
        self._elementwise(op, _INT_BINARY[type(op)])

    def _bitwise(self, op: Operation) -> None:
        integer, logical = _BITWISE[type(op)]
        element = op.operands[0].type
        if isinstance(element, VectorType):
            element = element.get_element_type()
        self._elementwise(op, logical if element == i1 else integer)

    def _float_binary(self, op: Operation) -> None:
        self._elementwise(op, _FLOAT_BINARY[type(op)])

    def _float_unary(self, op: Operation) -> None:
        self._elementwise(op, _FLOAT_UNARY[type(op)])

    def _fma(self, op: Operation) -> None:
        self._elementwise(op, sa.GLFmaOp)

    def _constant(self, op: arith.ConstantOp) -> None:
        value, t = op.value, op.result.type
        if isinstance(value, IntegerAttr):
            n = value.value.data
            if isinstance(t, IndexType) and not -(2**31) <= n <= INDEX_LIMIT:
                raise LoweringError(f"index constant {n} does not fit in i32")
            target = self.types.scalar_type(t)
            self._result(op, self.const(n, target))
            return
        if isinstance(value, FloatAttr):
            if isinstance(t, BFloat16Type):
                bits = int(bf16_bits(value.value.data))
                self._result(op, self.const(bits, self.types.scalar_type(t)))
                return
            self._result(op, self.const(value.value.data, t))
            return
        if isinstance(value, DenseIntOrFPElementsAttr) and isinstance(t, VectorType):
            element = t.get_element_type()
            values = list(value.get_values())
            if len(values) == 1:
                values *= t.get_shape()[0]
            target = self.types.scalar_type(element)
            if isinstance(element, BFloat16Type):
                values = [int(b) for b in bf16_bits(values)]
            parts = [self.const(v, target) for v in values]
            self._result(op, CompositeConstructOp(parts, self.types.value_type(t)))
            return
        raise LoweringError(f"constant {value} is not supported")

    def _cmpi(self, op: arith.CmpiOp) -> None:
        predicate = op.predicate.value.data
        cls = _CMPI[predicate]
        element = op.lhs.type
        if isinstance(element, VectorType):
            element = element.get_element_type()
        if element == i1 and predicate in (0, 1):
            cls = sa.LogicalEqualOp if predicate == 0 else sa.LogicalNotEqualOp
        self._elementwise(op, cls)

    def _cmpf(self, op: arith.CmpfOp) -> None:
        cls = _CMPF[op.predicate.value.data]
        if cls is None:
            raise LoweringError("this cmpf predicate is not supported")
        self._elementwise(op, cls)

    def _select(self, op: arith.SelectOp) -> None:
        cond = self.get(op.cond)
        if op.lhs in self.packed or op.rhs in self.packed:
            if isinstance(op.cond.type, IntegerType):
                # One condition for both 128-bit values: select the words.
                a, b = self.get_packed(op.lhs), self.get_packed(op.rhs)
                self._set_packed(op.result, self.b.value(sa.SelectOp(cond, a, b)))
                return
        if isinstance(cond.type, IntegerType) and isinstance(
            self.types.value_type(op.result.type), ArrayType
        ):
            # One condition for whole arrays: a selection picks the array.
            a, b = self.get(op.lhs), self.get(op.rhs)
            picked = self.b.selection(cond, [a.type], lambda: [a], lambda: [b])
            self._result(op, picked[0])
            return
        self._elementwise(op, sa.SelectOp)

    def _cast(self, op: Operation) -> None:
        (source,) = op.operands
        src_t, dst_t = source.type, op.results[0].type
        if isinstance(src_t, VectorType):
            src_t = src_t.get_element_type()
        if isinstance(dst_t, VectorType):
            dst_t = dst_t.get_element_type()
        if isinstance(self.types.value_type(op.results[0].type), VectorType):
            # Conversions on SPIR-V vectors work as on scalars.
            src_t, dst_t = source.type, op.results[0].type
        kind = type(op)
        result_type = self.types.value_type(op.results[0].type)
        if isinstance(result_type, VectorType) and any(
            isinstance(t, VectorType) and isinstance(t.element_type, BFloat16Type)
            for t in (source.type, op.results[0].type)
        ):
            # bf16 travels as i16 bits: convert a short vector per component.
            vec, src_e = self.get(source), source.type.get_element_type()
            dst_e = op.results[0].type.get_element_type()
            parts = [
                self.convert(
                    self.b.value(CompositeExtractOp(vec, [i])), src_e, dst_e, kind
                )
                for i in range(result_type.get_shape()[0])
            ]
            self._result(op, CompositeConstructOp(parts, result_type))
            return
        self._elementwise(op, lambda v: self.convert(v, src_t, dst_t, kind))

    def convert(
        self, value: SSAValue, src_t: Attribute, dst_t: Attribute, kind: type
    ) -> SSAValue:
        """`value` (of builtin type `src_t`) as `dst_t`, for arith cast `kind`."""
        target = self.types.value_type(dst_t)
        if isinstance(src_t, BFloat16Type) and kind is arith.ExtFOp:
            wide = self.b.value(sc.UConvertOp(value, i32))
            shifted = self.b.value(sa.ShiftLeftLogicalOp(wide, self.const(16)))
            as_f32 = self.b.value(sc.BitcastOp(shifted, Float32Type()))
            if target == Float32Type():
                return as_f32
            return self.b.value(sc.FConvertOp(as_f32, target))
        if isinstance(dst_t, BFloat16Type) and kind is arith.TruncFOp:
            return self.bf16_from_float(value)
        if value.type == target:
            return value
        if kind in (arith.ExtFOp, arith.TruncFOp):
            return self.b.value(sc.FConvertOp(value, target))
        if kind is arith.ExtSIOp or kind is arith.IndexCastOp:
            if value.type == i1:
                return self._from_bool(value, target, signed=True)
            return self.b.value(sc.SConvertOp(value, target))
        if kind in (arith.ExtUIOp, arith.TruncIOp):
            if value.type == i1:
                return self._from_bool(value, target, signed=False)
            if target == i1:
                one = self.b.value(sa.BitwiseAndOp(value, self.const(1, value.type)))
                return self.b.value(sa.INotEqualOp(one, self.const(0, value.type)))
            return self.b.value(sc.UConvertOp(value, target))
        if kind is arith.SIToFPOp:
            return self.b.value(sc.ConvertSToFOp(value, target))
        if kind is arith.UIToFPOp:
            return self.b.value(sc.ConvertUToFOp(value, target))
        if kind is arith.FPToSIOp:
            return self.b.value(sc.ConvertFToSOp(value, target))
        if kind is arith.FPToUIOp:
            return self.b.value(sc.ConvertFToUOp(value, target))
        if kind is arith.BitcastOp:
            return self.b.value(sc.BitcastOp(value, target))
        raise LoweringError(f"cannot convert {src_t} to {dst_t}")

    def _from_bool(self, value: SSAValue, target: Attribute, signed: bool) -> SSAValue:
        one = self.const(-1 if signed else 1, target)
        return self.b.value(sa.SelectOp(value, one, self.const(0, target)))

    def bf16_from_float(self, value: SSAValue) -> SSAValue:
        """Round an f32 to bf16 bits (nearest even; NaN stays NaN)."""
        if value.type != Float32Type():
            value = self.b.value(sc.FConvertOp(value, Float32Type()))
        bits = self.b.value(sc.BitcastOp(value, i32))
        lsb = self.b.value(
            sa.BitwiseAndOp(
                self.b.value(sa.ShiftRightLogicalOp(bits, self.const(16))),
                self.const(1),
            )
        )
        bias = self.b.value(sa.IAddOp(lsb, self.const(0x7FFF)))
        rounded = self.b.value(sa.IAddOp(bits, bias))
        nan = self.b.value(sa.FUnordNotEqualOp(value, value))
        quiet = self.b.value(sa.BitwiseOrOp(bits, self.const(0x400000)))
        chosen = self.b.value(sa.SelectOp(nan, quiet, rounded))
        high = self.b.value(sa.ShiftRightLogicalOp(chosen, self.const(16)))
        return self.b.value(sc.UConvertOp(high, self.types.scalar_type(BFloat16Type())))

    # -- vectors ----------------------------------------------------------------

    def _vector_extract(self, op: vector.ExtractOp) -> None:
        source = self.get(op.vector)
        positions = op.static_position.get_values()
        if len(positions) != 1:
            raise LoweringError("only 1-D vectors are supported")
        (position,) = positions
        if position >= 0:
            self._result(op, CompositeExtractOp(source, [position]))
            return
        index = self.get(op.dynamic_position[0])
        if isinstance(source.type, VectorType):
            self._result(op, VectorExtractDynamicOp(source, index))
            return
        # Vectors longer than 4 are arrays, which take a dynamic index only
        # through a pointer: spill to a Function variable, load the element.
        pointer = self.spill(source)
        element = self.b.value(AccessChainOp(pointer, [index]))
        self._result(op, LoadOp(element))

    def _vector_insert(self, op: vector.InsertOp) -> None:
        source, dest = self.get(op.source), self.get(op.dest)
        positions = op.static_position.get_values()
        if len(positions) != 1:
            raise LoweringError("only 1-D vectors are supported")
        (position,) = positions
        if position >= 0:
            self._result(op, CompositeInsertOp(source, dest, [position]))
            return
        index = self.get(op.dynamic_position[0])
        if isinstance(dest.type, VectorType):
            self._result(op, VectorInsertDynamicOp(source, dest, index))
            return
        # An array: spill it, store the element through a pointer, reload all.
        pointer = self.spill(dest)
        self.b.emit(StoreOp(self.b.value(AccessChainOp(pointer, [index])), source))
        self._result(op, LoadOp(pointer))

    def spill(self, value: SSAValue) -> SSAValue:
        """A new Function variable holding `value` (SPIR-V arrays and
        cooperative matrices take a dynamic index only through an
        AccessChain); its pointer."""
        pointer = self.b.function_variable(value.type)
        self.b.emit(StoreOp(pointer, value))
        return pointer

    def _vector_broadcast(self, op: Operation) -> None:
        (source,) = op.operands
        t = op.results[0].type
        assert isinstance(t, VectorType)
        if isinstance(source.type, VectorType):
            raise LoweringError("only scalar broadcasts are supported")
        value = self.get(source)
        parts = [value] * t.get_shape()[0]
        self._result(op, CompositeConstructOp(parts, self.types.value_type(t)))

    def _vector_load(self, op: vector.LoadOp) -> None:
        t = op.result.type
        assert isinstance(t, VectorType)
        wide_mem = self._wide_memory(op, t)
        if wide_mem is not None:
            start = self.linear_index(wide_mem, [self.get(i) for i in op.indices])
            self._set_packed(op.result, self.load(wide_mem, start))
            return
        mem = self.memory(op.base)
        start = self.linear_index(mem, [self.get(i) for i in op.indices])
        parts = []
        for k in range(t.get_shape()[0]):
            index = start if k == 0 else self.b.value(sa.IAddOp(start, self.const(k)))
            parts.append(self.load(mem, index))
        self._result(op, CompositeConstructOp(parts, self.types.value_type(t)))

    def _vector_store(self, op: vector.StoreOp) -> None:
        t = op.vector.type
        assert isinstance(t, VectorType)
        wide_mem = self._wide_memory(op, t)
        if wide_mem is not None:
            start = self.linear_index(wide_mem, [self.get(i) for i in op.indices])
            self.store(wide_mem, start, self.get_packed(op.vector))
            return
        mem = self.memory(op.base)
        value = self.get(op.vector)
        start = self.linear_index(mem, [self.get(i) for i in op.indices])
        for k in range(t.get_shape()[0]):
            index = start if k == 0 else self.b.value(sa.IAddOp(start, self.const(k)))
            self.store(mem, index, self.b.value(CompositeExtractOp(value, [k])))

    def _vector_bitcast(self, op: Operation) -> None:
        (source,) = op.operands
        value = self.get(source)
        t = op.results[0].type
        target = self.types.value_type(t)
        if isinstance(value.type, ArrayType) or isinstance(target, ArrayType):
            # Arrays (other lengths than 2-4) are recast word by word.
            src, dst = source.type, t
            assert isinstance(src, VectorType) and isinstance(dst, VectorType)
            parts = [
                self.b.value(CompositeExtractOp(value, [i]))
                for i in range(src.get_shape()[0])
            ]
            src_e = self.types.scalar_type(src.get_element_type())
            dst_e = self.types.scalar_type(dst.get_element_type())
            if (
                32 % bit_width(src_e)
                or 32 % bit_width(dst_e)
                or self.types.byte_size(src) % 4
            ):
                raise LoweringError(
                    "vector.bitcast of arrays needs 8-, 16- or 32-bit elements "
                    "and whole 32-bit words"
                )
            parts = self.recast(parts, src_e, dst_e)
            self._result(op, CompositeConstructOp(parts, target))
            return
        self._result(op, sc.BitcastOp(value, target))

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

    # -- memory -------------------------------------------------------------------

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
        return self.b.value(load)

    def store(self, mem: Memory, index: SSAValue, value: SSAValue) -> None:
        store = StoreOp(self.element_pointer(mem, index), value)
        mark_non_private(store, mem)
        self.b.emit(store)

    def _memref_load(self, op: memref.LoadOp) -> None:
        mem = self.memory(op.memref)
        index = self.linear_index(mem, [self.get(i) for i in op.indices])
        self._result(op, self.load(mem, index))

    def _memref_store(self, op: memref.StoreOp) -> None:
        mem = self.memory(op.memref)
        index = self.linear_index(mem, [self.get(i) for i in op.indices])
        self.store(mem, index, self.get(op.value))

    def _alloca(self, op: memref.AllocaOp) -> None:
        t = op.memref.type
        assert isinstance(t, MemRefType)
        strides, offset = self.types.memref_layout(t)
        unit = 1
        if self.types.storage_class(t) == "Workgroup":
            unit = self._workgroup_unit(op.memref, strides, offset)
        pointer_type = self.types.local_array_type(t, unit)
        if pointer_type.storage == "Workgroup":
            self._workgroup_count += 1
            name = f"{self.name}_workgroup_{self._workgroup_count - 1}"
            var = self.b.global_variable(GlobalVariableOp(name, pointer_type))
            pointer = self.b.address_of(var)
        else:
            pointer = self.b.function_variable(pointer_type.pointee)
        assert isinstance(pointer_type.pointee, ArrayType)
        element = pointer_type.pointee.element_type
        self.memories[op.memref] = Memory(
            pointer, element, t, strides, offset, False, unit
        )

    def _workgroup_unit(
        self, memref_value: SSAValue, strides: tuple[int, ...], offset: int
    ) -> int:
        """Elements per uvec4 when workgroup array `memref_value` can be
        declared `uvec4[]` (wide_access): it is written by 128-bit vector
        stores, and every use is an aligned 128-bit vector access or an
        unchecked KHR cooperative-matrix access at an aligned offset and
        stride. Otherwise 1 (an array of its elements)."""
        t = memref_value.type
        assert isinstance(t, MemRefType)
        if wide.element_bits(t.get_element_type()) is None:
            return 1
        unit = wide.elements_per_wide(t.get_element_type())
        vector_stores = 0
        for use in memref_value.uses:
            user = use.operation
            if isinstance(user, vector.LoadOp | vector.StoreOp):
                value_t = (
                    user.result.type
                    if isinstance(user, vector.LoadOp)
                    else user.vector.type
                )
                if user.base is not memref_value or not wide.is_wide_vector(value_t):
                    return 1
                indices = list(user.indices)
                vector_stores += isinstance(user, vector.StoreOp)
            elif isinstance(
                user, coopmat.LoadOp | coopmat.StoreOp
            ) and self.types.flavor in ("khr", "nv2"):
                stride_multiple = (
                    strides[-2]
                    if user.stride is None
                    else wide.known_multiple(user.stride, self._multiples)
                )
                if (
                    user.checked is not None
                    or user.memref is not memref_value
                    or stride_multiple % unit
                ):
                    return 1
                indices = list(user.indices)
            else:
                return 1
            if not wide.aligned_offset(
                t, strides, offset, indices, unit, self._multiples
            ):
                return 1
        return unit if vector_stores else 1

    def _dim(self, op: memref.DimOp) -> None:
        index = op.index.owner
        if not isinstance(index, arith.ConstantOp):
            raise LoweringError("memref.dim needs a constant dimension")
        size = self.memory(op.source).shape[index.value.value.data]
        self._result(op, self.size(size))

    # -- structured control flow ---------------------------------------------------

    def _for(self, op: scf.ForOp) -> None:
        lower, upper, step = (self.get(v) for v in (op.lb, op.ub, op.step))
        if lower.type != i32:
            raise LoweringError("scf.for over integers other than index/i32")
        body = op.body.block
        # Values that come in packed stay packed around the loop.
        packed = [v in self.packed for v in op.iter_args]

        def lower_body(iv: SSAValue, carried: Sequence[SSAValue]) -> list[SSAValue]:
            self.values[body.args[0]] = iv
            for old, new, wide_value in zip(
                body.args[1:], carried, packed, strict=True
            ):
                self.values[old] = new
                if wide_value:
                    self.packed.add(old)
            return self._region_ops(body, packed)

        inits = [
            self.get_packed(v) if p else self.get(v)
            for v, p in zip(op.iter_args, packed, strict=True)
        ]
        results = self.b.loop(lower, upper, step, inits, lower_body)
        for old, new, wide_value in zip(op.res, results, packed, strict=True):
            self.values[old] = new
            if wide_value:
                self.packed.add(old)

    def _if(self, op: scf.IfOp) -> None:
        cond = self.get(op.cond)
        types = [self.types.convert_type(r.type) for r in op.output]
        else_body = None
        if op.false_region.blocks:
            false_block = op.false_region.block

            def else_body() -> list[SSAValue]:
                return self._region_ops(false_block)

        true_block = op.true_region.block
        results = self.b.selection(
            cond, types, lambda: self._region_ops(true_block), else_body
        )
        for old, new in zip(op.output, results, strict=True):
            self.values[old] = new

    def _region_ops(self, block: Block, packed: Sequence[bool] = ()) -> list[SSAValue]:
        """Lower a single-block region; its `scf.yield` operands come back
        (packed where `packed` says so)."""
        yielded: list[SSAValue] = []
        for op in block.ops:
            if isinstance(op, scf.YieldOp):
                yielded = [
                    self.get_packed(v) if i < len(packed) and packed[i] else self.get(v)
                    for i, v in enumerate(op.arguments)
                ]
            else:
                self.lower_op(op)
        return yielded

    # -- gpu ----------------------------------------------------------------------

    def _gpu_id(self, op: Operation) -> None:
        dim = "xyz".index(op.properties["dimension"].data.value)  # type: ignore[union-attr]
        self._result(op, self.b.builtin(_GPU_BUILTINS[type(op)], dim))

    def _gpu_scalar_id(self, op: Operation) -> None:
        self._result(op, self.b.builtin(_GPU_SCALAR_BUILTINS[type(op)]))

    def _block_dim(self, op: gpu.BlockDimOp) -> None:
        dim = "xyz".index(op.dimension.data.value)
        self._result(op, self.const(self.block_size[dim]))

    def _barrier(self, op: gpu.BarrierOp) -> None:
        self.b.emit(sg.ControlBarrierOp("Workgroup", "Workgroup", WORKGROUP_SEMANTICS))

    def _return(self, op: gpu.ReturnOp) -> None:
        if op.operands:
            raise LoweringError("a kernel returns nothing")
        self.b.emit(ReturnOp())

    def _shuffle(self, op: ShuffleOp) -> None:
        value, offset, width = (self.get(v) for v in op.operands)
        mode = op.mode.data
        if isinstance(value.type, ArrayType):
            # Shuffles take scalars and vectors: move an array element-wise.
            parts = [
                self._shuffle_value(
                    self.b.value(CompositeExtractOp(value, [k])), offset, mode
                )
                for k in range(value.type.length.data)
            ]
            result = self.b.value(CompositeConstructOp(parts, value.type))
        else:
            result = self._shuffle_value(value, offset, mode)
        self.values[op.result] = result
        if not op.valid.uses:
            return
        lane = self.b.builtin("SubgroupLocalInvocationId")
        if mode == ShuffleMode.IDX:
            source = offset
        elif mode == ShuffleMode.XOR:
            source = self.b.value(sa.BitwiseXorOp(lane, offset))
        elif mode == ShuffleMode.DOWN:
            source = self.b.value(sa.IAddOp(lane, offset))
        else:
            source = self.b.value(sa.ISubOp(lane, offset))
        # Unsigned: a negative source lane (up) is out of range too.
        self.values[op.valid] = self.b.value(sa.ULessThanOp(source, width))

    def _shuffle_value(
        self, value: SSAValue, offset: SSAValue, mode: ShuffleMode
    ) -> SSAValue:
        narrow = _narrow_type(value.type)
        moved = value
        if narrow is not None:
            moved = self.b.value(narrow[0](value, narrow[1]))
        result = self.b.value(_SHUFFLES[mode](moved, offset))
        if narrow is not None:
            result = self.b.value(narrow[0](result, value.type))
        return result

    _HANDLERS: dict[type[Operation], Callable] = {}


#: Ops that take bf16 operands (carried as i16 bits).
_BF16_OK = (arith.ExtFOp, arith.SelectOp, arith.BitcastOp)


def _narrow_type(t: Attribute) -> tuple[type[Operation], Attribute] | None:
    """How to widen an 8/16-bit shuffle value to 32 bits, or None."""
    if isinstance(t, Float16Type):
        return sc.FConvertOp, Float32Type()
    if isinstance(t, IntegerType) and t.width.data in (8, 16):
        return sc.UConvertOp, i32
    if isinstance(t, VectorType) and not isinstance(t.get_element_type(), Float32Type):
        element = t.get_element_type()
        if isinstance(element, Float16Type):
            return sc.FConvertOp, VectorType(Float32Type(), t.get_shape())
        if isinstance(element, IntegerType) and element.width.data in (8, 16):
            return sc.UConvertOp, VectorType(i32, t.get_shape())
    return None


def _only_read(memref_value: SSAValue) -> bool:
    """Whether the kernel only reads this memref (loads of any kind, sizes)."""
    reads = ("memref.load", "vector.load", "coopmat.load", "memref.dim")
    return all(use.operation.name in reads for use in memref_value.uses)


KernelLowering._HANDLERS = {
    arith.ConstantOp: KernelLowering._constant,
    arith.CmpiOp: KernelLowering._cmpi,
    arith.CmpfOp: KernelLowering._cmpf,
    arith.SelectOp: KernelLowering._select,
    arith.ExtFOp: KernelLowering._cast,
    arith.TruncFOp: KernelLowering._cast,
    arith.ExtSIOp: KernelLowering._cast,
    arith.ExtUIOp: KernelLowering._cast,
    arith.TruncIOp: KernelLowering._cast,
    arith.IndexCastOp: KernelLowering._cast,
    arith.SIToFPOp: KernelLowering._cast,
    arith.UIToFPOp: KernelLowering._cast,
    arith.FPToSIOp: KernelLowering._cast,
    arith.FPToUIOp: KernelLowering._cast,
    arith.BitcastOp: KernelLowering._cast,
    math.FmaOp: KernelLowering._fma,
    vector.FMAOp: KernelLowering._fma,
    vector.ExtractOp: KernelLowering._vector_extract,
    vector.InsertOp: KernelLowering._vector_insert,
    vector.BroadcastOp: KernelLowering._vector_broadcast,
    vector.LoadOp: KernelLowering._vector_load,
    vector.StoreOp: KernelLowering._vector_store,
    vector.BitcastOp: KernelLowering._vector_bitcast,
    memref.LoadOp: KernelLowering._memref_load,
    memref.StoreOp: KernelLowering._memref_store,
    memref.AllocaOp: KernelLowering._alloca,
    memref.DimOp: KernelLowering._dim,
    scf.ForOp: KernelLowering._for,
    scf.IfOp: KernelLowering._if,
    gpu.BlockDimOp: KernelLowering._block_dim,
    gpu.BarrierOp: KernelLowering._barrier,
    gpu.ReturnOp: KernelLowering._return,
    ShuffleOp: KernelLowering._shuffle,
}


def lowers_scalar(op_type: type[Operation]) -> bool:
    """Whether a scalar arith/math op of this type has a SPIR-V lowering here
    (lower-to-coopmat asks before fusing an epilogue that uses it)."""
    tables = (_INT_BINARY, _BITWISE, _FLOAT_BINARY, _FLOAT_UNARY)
    return any(op_type in t for t in tables) or op_type in KernelLowering._HANDLERS
