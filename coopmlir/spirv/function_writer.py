"""Serialize one `spirv.func`: its blocks, the structured constructs and the
phis that block arguments become.

A construct's blocks are written in region order. The first block of a
selection (and the branch into a loop) continue the SPIR-V block the
construct starts in; the op after the construct continues in its merge
block. OpLoopMerge/OpSelectionMerge go right before the header's branch.
Block arguments become OpPhi at the top of their block, with one
(value, predecessor label) pair per incoming branch; they are filled in once
the whole function has been written, because back edges come later.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import NoneType
from xdsl.ir import Block, Operation, SSAValue

from coopmlir.dialects.spirv import control_flow as flow
from coopmlir.dialects.spirv import structure as ss
from coopmlir.dialects.spirv.composite import ConstantOp
from coopmlir.dialects.spirv.memory import VariableOp
from coopmlir.spirv.instructions import Id, Instruction, Operand
from coopmlir.spirv.module_builder import ModuleBuilder, SerializationError, enum
from coopmlir.spirv.op_emitters import emit_op


class FunctionWriter:
    """Writes functions into the builder's `functions` section."""

    def __init__(
        self,
        builder: ModuleBuilder,
        symbols: dict[str, Id],
        located: Callable[[Operation, SerializationError], Exception],
    ):
        self.builder = builder
        self.symbols = symbols
        self.located = located
        self.values: dict[SSAValue, Id] = {}
        self.labels: dict[Block, Id] = {}
        self.current_label: Id | None = None
        # Merge instruction to place before the terminator of a header block.
        self.merges: dict[Block, Instruction] = {}
        self.phis: dict[Block, list[Instruction]] = {}
        self.incoming: dict[Block, list[tuple[list[Id], Id]]] = {}

    # -- output ---------------------------------------------------------------

    def emit(self, opname: str, *operands: Operand, result: Id | None = None) -> None:
        self.builder.emit("functions", opname, *operands, result=result)

    def value(self, value: SSAValue) -> Id:
        try:
            return self.values[value]
        except KeyError:
            name = value.name_hint or value
            raise SerializationError(f"value {name} is not defined") from None

    def label(self, block: Block) -> Id:
        if block not in self.labels:
            self.labels[block] = self.builder.new_id()
        return self.labels[block]

    # -- functions --------------------------------------------------------------

    def write(self, func: ss.FuncOp) -> None:
        builder = self.builder
        ftype = func.function_type
        outputs = ftype.outputs.data
        return_type = builder.type_id(outputs[0] if outputs else NoneType())
        self.emit(
            "OpFunction",
            return_type,
            enum("FunctionControl", *func.function_control.names),
            builder.type_id(ftype),
            result=self.symbols[func.sym_name.data],
        )
        entry = func.body.blocks[0]
        for arg in entry.args:
            self.values[arg] = builder.new_id()
            self.emit(
                "OpFunctionParameter",
                builder.type_id(arg.type),
                result=self.values[arg],
            )
        self.current_label = self.label(entry)
        self.emit("OpLabel", result=self.current_label)
        for op in entry.ops:
            if isinstance(op, VariableOp):
                self._variable(op)
        self.write_ops(entry)
        for block in list(func.body.blocks)[1:]:
            self.start_block(block)
            self.write_ops(block)
        self.emit("OpFunctionEnd")
        self._fill_phis()

    def _variable(self, op: VariableOp) -> None:
        result = self.builder.new_id()
        self.values[op.pointer] = result
        init = [] if op.initializer is None else [self.value(op.initializer)]
        self.emit(
            "OpVariable",
            self.builder.type_id(op.pointer.type),
            enum("StorageClass", "Function"),
            *init,
            result=result,
        )

    # -- blocks -----------------------------------------------------------------

    def start_block(self, block: Block) -> None:
        """OpLabel and one OpPhi per block argument."""
        self.current_label = self.label(block)
        self.emit("OpLabel", result=self.current_label)
        for arg in block.args:
            result = self.builder.new_id()
            self.values[arg] = result
            phi = Instruction("OpPhi", [self.builder.type_id(arg.type)], result)
            self.builder.module.sections["functions"].append(phi)
            self.phis.setdefault(block, []).append(phi)

    def write_ops(self, block: Block) -> None:
        for op in block.ops:
            self.write_op(op)

    def write_op(self, op: Operation) -> None:
        """Write one op; a SerializationError becomes an error at the op."""
        try:
            self._write_op(op)
        except SerializationError as err:
            raise self.located(op, err) from None

    def _write_op(self, op: Operation) -> None:
        if isinstance(op, VariableOp):
            return  # written at the top of the entry block
        if isinstance(op, ConstantOp):
            self.values[op.constant] = self.builder.constant(op.value)
        elif isinstance(op, ss.AddressOfOp):
            self.values[op.pointer] = self.symbols[op.variable.root_reference.data]
        elif isinstance(op, ss.ReferenceOfOp):
            self.values[op.reference] = self.symbols[op.spec_const.root_reference.data]
        elif isinstance(op, flow.LoopOp):
            self._loop(op)
        elif isinstance(op, flow.SelectionOp):
            self._selection(op)
        elif isinstance(op, flow.BranchOp):
            self._before_terminator(op)
            self._record_incoming(op.target, op.target_operands)
            self.emit("OpBranch", self.label(op.target))
        elif isinstance(op, flow.BranchConditionalOp):
            self._before_terminator(op)
            self._record_incoming(op.true_target, op.true_target_operands)
            self._record_incoming(op.false_target, op.false_target_operands)
            self.emit(
                "OpBranchConditional",
                self.value(op.condition),
                self.label(op.true_target),
                self.label(op.false_target),
            )
        elif isinstance(op, ss.ReturnOp):
            self.emit("OpReturn")
        elif isinstance(op, ss.ReturnValueOp):
            self.emit("OpReturnValue", self.value(op.value))
        elif isinstance(op, ss.UnreachableOp):
            self.emit("OpUnreachable")
        elif isinstance(op, flow.MergeOp):
            raise SerializationError(
                "spirv.mlir.merge outside a construct's merge block"
            )
        else:
            emit_op(self, op)

    def _before_terminator(self, op: Operation) -> None:
        merge = self.merges.pop(op.parent_block(), None)
        if merge is not None:
            self.builder.module.sections["functions"].append(merge)

    def _record_incoming(self, target: Block, args) -> None:
        if target.args:
            assert self.current_label is not None  # set at the function entry
            ids = [self.value(a) for a in args]
            self.incoming.setdefault(target, []).append((ids, self.current_label))

    def _fill_phis(self) -> None:
        for block, phis in self.phis.items():
            for i, phi in enumerate(phis):
                for ids, predecessor in self.incoming.get(block, []):
                    phi.operands += [ids[i], predecessor]

    # -- structured control flow ---------------------------------------------------

    def _loop(self, op: flow.LoopOp) -> None:
        control = op.control.names if op.control else ("None",)
        self.merges[op.header] = Instruction(
            "OpLoopMerge",
            [
                self.label(op.merge_block),
                self.label(op.continue_block),
                enum("LoopControl", *control),
            ],
        )
        entry_branch = op.body.blocks[0].last_op
        assert isinstance(entry_branch, flow.BranchOp)
        self._record_incoming(op.header, entry_branch.target_operands)
        self.emit("OpBranch", self.label(op.header))
        for block in list(op.body.blocks)[1:-1]:
            self.start_block(block)
            self.write_ops(block)
        self._enter_merge_block(op, op.merge_block)

    def _selection(self, op: flow.SelectionOp) -> None:
        control = op.control.names if op.control else ("None",)
        self.merges[op.header] = Instruction(
            "OpSelectionMerge",
            [self.label(op.merge_block), enum("SelectionControl", *control)],
        )
        self.write_ops(op.header)
        for block in list(op.body.blocks)[1:-1]:
            self.start_block(block)
            self.write_ops(block)
        self._enter_merge_block(op, op.merge_block)

    def _enter_merge_block(
        self, op: flow.LoopOp | flow.SelectionOp, merge: Block
    ) -> None:
        """Continue in the merge block; the construct's results are the values
        that `spirv.mlir.merge` names."""
        self.start_block(merge)
        merge_op = merge.last_op
        assert isinstance(merge_op, flow.MergeOp)
        for result, value in zip(op.results, merge_op.values, strict=True):
            self.values[result] = self.value(value)
