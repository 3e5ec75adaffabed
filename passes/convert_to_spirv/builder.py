"""Building spirv function bodies: an insertion point, hoisted constants and
built-in loads, and structured `spirv.mlir.selection` / `spirv.mlir.loop`
constructs built from Python callbacks.

The kernel lowering (`kernel.py`) and the cooperative-matrix lowering
(`matrix.py`) emit through one `SpirvFunctionBuilder` per kernel. A
construct is one op in the current block, so code after it goes on in the
same block, exactly as after an `scf.if`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    IntegerType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from coopmlir.constant_cache import ConstantCache
from coopmlir.dialects.spirv.arithmetic import IAddOp, SLessThanOp
from coopmlir.dialects.spirv.composite import CompositeExtractOp, ConstantOp
from coopmlir.dialects.spirv.control_flow import (
    BranchConditionalOp,
    BranchOp,
    LoopOp,
    MergeOp,
    SelectionOp,
)
from coopmlir.dialects.spirv.memory import LoadOp, VariableOp
from coopmlir.dialects.spirv.structure import AddressOfOp, GlobalVariableOp
from coopmlir.dialects.spirv.types import PointerType

#: Built-ins and their types: vectors of three i32 or one i32.
BUILTIN_TYPES: dict[str, Attribute] = {
    "LocalInvocationId": VectorType(i32, [3]),
    "WorkgroupId": VectorType(i32, [3]),
    "NumWorkgroups": VectorType(i32, [3]),
    "GlobalInvocationId": VectorType(i32, [3]),
    "LocalInvocationIndex": i32,
    "SubgroupId": i32,
    "NumSubgroups": i32,
    "SubgroupSize": i32,
    "SubgroupLocalInvocationId": i32,
}

#: Workgroup-memory barrier semantics. The Vulkan memory model makes
#: workgroup-memory writes available/visible only through MakeAvailable /
#: MakeVisible on the barrier and NonPrivatePointer on the accesses.
WORKGROUP_SEMANTICS = "AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible"

#: Storage-buffer (UniformMemory) semantics of device-scope atomics, and of
#: the barriers of a kernel that has them (with workgroup memory too): what
#: other work-items of the workgroup stored before the barrier is available
#: at Device scope to the atomic that follows, and what the atomic acquired
#: is visible to them after the next barrier. (MLIR's atomics say only
#: AcquireRelease, which Vulkan refuses: VUID-StandaloneSpirv-MemorySemantics-10870.)
ATOMIC_SEMANTICS = "AcquireRelease|UniformMemory|MakeAvailable|MakeVisible"
DEVICE_BARRIER_SEMANTICS = (
    "AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible"
)


class SpirvFunctionBuilder:
    """Emits into `block`; constants and built-in loads go to the top of the
    function's entry block (they dominate everything), globals to the module."""

    def __init__(self, entry: Block, add_global: Callable[[GlobalVariableOp], None]):
        self.entry = entry
        self.block = entry
        self._add_global = add_global
        self._prologue: list[Operation] = []
        self._constants = ConstantCache(
            lambda value, t: ConstantOp(_attr(value, t)), self._prologue.append
        )
        self._builtins: dict[str, SSAValue] = {}
        self._components: dict[tuple[str, int], SSAValue] = {}
        self.globals: dict[str, GlobalVariableOp] = {}

    # -- emission -----------------------------------------------------------

    def emit(self, op: Operation) -> Operation:
        self.block.add_op(op)
        return op

    def value(self, op: Operation) -> SSAValue:
        """Emit a one-result op and return its result."""
        self.emit(op)
        (result,) = op.results
        return result

    @contextmanager
    def at(self, block: Block) -> Iterator[None]:
        saved, self.block = self.block, block
        try:
            yield
        finally:
            self.block = saved

    def finish(self) -> None:
        """Put the hoisted constants and built-in loads first in the entry."""
        first = self.entry.first_op
        for op in self._prologue:
            if first is None:
                self.entry.add_op(op)
            else:
                self.entry.insert_op_before(op, first)

    # -- constants, globals, built-ins -------------------------------------------

    def constant(self, value: int | float | bool, t: Attribute = i32) -> SSAValue:
        """One `spirv.Constant` per value and type, hoisted to the prologue."""
        return self._constants.get(value, t)

    def hoisted(self, op: Operation) -> SSAValue:
        """Put a one-result op whose operands are all prologue values
        (constants, built-ins, addresses) into the prologue, after them."""
        self._prologue.append(op)
        (result,) = op.results
        return result

    def global_variable(self, var: GlobalVariableOp) -> GlobalVariableOp:
        """Declare `var` once (by name) in the module."""
        name = var.sym_name.data
        if name not in self.globals:
            self.globals[name] = var
            self._add_global(var)
        return self.globals[name]

    def function_variable(self, t: Attribute) -> SSAValue:
        """A pointer to a new Function-storage variable of type `t`, declared
        at the top of the entry block (SPIR-V wants Function variables first)."""
        var = VariableOp(PointerType(t, "Function"))
        first = self.entry.first_op
        if first is None:
            self.entry.add_op(var)
        else:
            self.entry.insert_op_before(var, first)
        return var.pointer

    def address_of(self, var: GlobalVariableOp) -> SSAValue:
        """The variable's pointer, taken once at the top of the function."""
        key = ("&" + var.sym_name.data, 0)
        if key not in self._components:
            op = AddressOfOp(var)
            self._prologue.append(op)
            self._components[key] = op.pointer
        return self._components[key]

    def builtin(self, name: str, component: int | None = None) -> SSAValue:
        """The value of a BuiltIn input (component `x`=0, `y`=1, `z`=2)."""
        if name not in self._builtins:
            t = BUILTIN_TYPES[name]
            var = self.global_variable(
                GlobalVariableOp(
                    f"__builtin_{name}", PointerType(t, "Input"), built_in=name
                )
            )
            load = LoadOp(self.address_of(var))
            self._prologue.append(load)
            self._builtins[name] = load.value
        value = self._builtins[name]
        if component is None:
            return value
        key = (name, component)
        if key not in self._components:
            op = CompositeExtractOp(value, [component])
            self._prologue.append(op)
            self._components[key] = op.component
        return self._components[key]

    # -- structured control flow ---------------------------------------------------

    def selection(
        self,
        condition: SSAValue,
        result_types: Sequence[Attribute],
        then_body: Callable[[], Sequence[SSAValue]],
        else_body: Callable[[], Sequence[SSAValue]] | None = None,
    ) -> Sequence[SSAValue]:
        """`if condition { then_body } else { else_body }`; each body returns
        the construct's results (an empty list without results)."""
        header, then_block, merge = Block(), Block(), Block(arg_types=result_types)
        blocks = [header, then_block]
        else_block = merge
        if else_body is not None:
            else_block = Block()
            blocks.append(else_block)
        elif result_types:
            raise ValueError("a selection with results needs an else body")
        header.add_op(BranchConditionalOp(condition, then_block, else_block))
        for block, body in ((then_block, then_body), (else_block, else_body)):
            if body is None:
                continue
            with self.at(block):
                values = body()
                self.emit(BranchOp(merge, values))
        merge.add_op(MergeOp(merge.args))
        op = SelectionOp(Region([*blocks, merge]), result_types)
        self.emit(op)
        return op.results

    def loop(
        self,
        lower: SSAValue,
        upper: SSAValue,
        step: SSAValue,
        inits: Sequence[SSAValue],
        body: Callable[[SSAValue, Sequence[SSAValue]], Sequence[SSAValue]],
    ) -> Sequence[SSAValue]:
        """`for (iv = lower; iv < upper; iv += step)` (signed compare) carrying
        `inits`; `body(iv, carried)` returns the next carried values."""
        types = [v.type for v in inits]
        entry = Block()
        header = Block(arg_types=[lower.type, *types])
        body_block, latch = Block(), Block(arg_types=types)
        merge = Block()
        entry.add_op(BranchOp(header, [lower, *inits]))
        iv, *carried = header.args
        more = SLessThanOp(iv, upper)
        header.add_ops([more, BranchConditionalOp(more.result, body_block, merge)])
        with self.at(body_block):
            values = body(iv, carried)
            self.emit(BranchOp(latch, values))
        next_iv = IAddOp(iv, step)
        latch.add_ops([next_iv, BranchOp(header, [next_iv.result, *latch.args])])
        merge.add_op(MergeOp(carried))
        op = LoopOp(Region([entry, header, body_block, latch, merge]), types)
        self.emit(op)
        return op.results


def _attr(value: int | float | bool, t: Attribute) -> Attribute:
    if isinstance(t, IntegerType):
        if t.width.data == 1:
            return IntegerAttr(int(bool(value)), t)
        return IntegerAttr(int(value), t)
    return FloatAttr(float(value), t)
