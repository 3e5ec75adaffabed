"""Control flow: branches and structured constructs.

Structured control flow is written as MLIR writes it, with region ops
(`spirv.mlir.loop`, `spirv.mlir.selection`) rather than blocks annotated with
merge information. The region fixes the roles of the blocks, so the
serializer derives OpLoopMerge/OpSelectionMerge and their merge and continue
targets from the structure, and a malformed construct is a verifier error
here rather than a spirv-val error later:

    spirv.mlir.loop {              // first block: only `spirv.Branch ^header`
      spirv.Branch ^header(%init : i32)
    ^header(%i : i32):             // second block: the loop header (phis)
      ...
      spirv.BranchConditional %c, ^body, ^merge
    ^body:
      ...
      spirv.Branch ^continue
    ^continue:                     // second-to-last block: the continue target
      spirv.Branch ^header(%next : i32)
    ^merge:                        // last block: only `spirv.mlir.merge`
      spirv.mlir.merge
    }

A selection's first block is its header (it ends with the conditional
branch) and its last block is the merge block. Values leave a construct
through `spirv.mlir.merge %v : T`, which become the op's results; a merge
block may take block arguments (phis) for values that come from the arms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    region_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import LoopControlAttr, SelectionControlAttr


def _check_successor_args(what: str, block: Block, args: Sequence[SSAValue]) -> None:
    types = [a.type for a in args]
    if types != list(block.arg_types):
        raise VerifyException(
            f"{what} passes ({', '.join(map(str, types))}) to a block that takes "
            f"({', '.join(map(str, block.arg_types))})"
        )


@irdl_op_definition
class BranchOp(IRDLOperation):
    """`spirv.Branch ^bb(%a : i32)`."""

    name = "spirv.Branch"

    target_operands = var_operand_def()
    target = successor_def()

    traits = traits_def(IsTerminator())
    assembly_format = (
        "$target (`(` $target_operands^ `:` type($target_operands) `)`)? attr-dict"
    )

    def __init__(self, target: Block, args: Sequence[SSAValue | Operation] = ()):
        super().__init__(operands=[args], successors=[target])

    def verify_(self) -> None:
        _check_successor_args("branch", self.target, self.target_operands)


@irdl_op_definition
class BranchConditionalOp(IRDLOperation):
    """`spirv.BranchConditional %c, ^t(%a : i32), ^f`."""

    name = "spirv.BranchConditional"

    condition = operand_def(IntegerType(1))
    true_target_operands = var_operand_def()
    false_target_operands = var_operand_def()
    true_target = successor_def()
    false_target = successor_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(IsTerminator())
    assembly_format = (
        "$condition `,` $true_target"
        " (`(` $true_target_operands^ `:` type($true_target_operands) `)`)? `,`"
        " $false_target"
        " (`(` $false_target_operands^ `:` type($false_target_operands) `)`)?"
        " attr-dict"
    )

    def __init__(
        self,
        condition: SSAValue | Operation,
        true_target: Block,
        false_target: Block,
        true_args: Sequence[SSAValue | Operation] = (),
        false_args: Sequence[SSAValue | Operation] = (),
    ):
        super().__init__(
            operands=[condition, true_args, false_args],
            successors=[true_target, false_target],
        )

    def verify_(self) -> None:
        _check_successor_args(
            "true branch", self.true_target, self.true_target_operands
        )
        _check_successor_args(
            "false branch", self.false_target, self.false_target_operands
        )


@irdl_op_definition
class MergeOp(IRDLOperation):
    """`spirv.mlir.merge` or `spirv.mlir.merge %v : T`: the end of a structured
    construct; its operands are the construct's results."""

    name = "spirv.mlir.merge"

    values = var_operand_def()

    traits = traits_def(IsTerminator())
    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def __init__(self, values: Sequence[SSAValue | Operation] = ()):
        super().__init__(operands=[values])

    def verify_(self) -> None:
        parent = self.parent_op()
        if not isinstance(parent, LoopOp | SelectionOp):
            raise VerifyException(
                "spirv.mlir.merge must be in a spirv.mlir.loop or spirv.mlir.selection"
            )
        block = self.parent_block()
        if block is not parent.body.blocks[-1] or block.first_op is not self:
            raise VerifyException(
                "spirv.mlir.merge must be the only op of the construct's last block"
            )
        types = [v.type for v in self.values]
        if types != list(parent.result_types):
            raise VerifyException(
                f"merge values ({', '.join(map(str, types))}) differ from the "
                f"construct's results ({', '.join(map(str, parent.result_types))})"
            )


def _contains_construct(block: Block) -> bool:
    return any(isinstance(op, LoopOp | SelectionOp) for op in block.ops)


class _StructuredOp(IRDLOperation):
    """A construct: a region whose block roles the serializer knows."""

    results_ = var_result_def()
    body = region_def()

    CONTROL: ClassVar[type[LoopControlAttr] | type[SelectionControlAttr]]

    def __init__(
        self,
        body: Region,
        result_types: Sequence[Attribute] = (),
        control: str | None = None,
    ):
        super().__init__(
            regions=[body],
            result_types=[result_types],
            properties={"control": self.CONTROL(control)} if control else {},
        )

    def _check_merge_block(self) -> None:
        merge = self.body.blocks[-1]
        if (
            not isinstance(merge.last_op, MergeOp)
            or merge.first_op is not merge.last_op
        ):
            raise VerifyException(
                f"the last block of {self.name} must hold only spirv.mlir.merge"
            )

    @classmethod
    def parse(cls, parser: Parser):
        control = None
        if parser.parse_optional_keyword("control"):
            with parser.in_parens():
                control = cls.CONTROL(cls.CONTROL.parse_enumerant(parser))
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            result_types = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_type
            )
        attrs = parser.parse_optional_attr_dict_with_keyword()
        body = parser.parse_region()
        return cls.create(
            result_types=result_types,
            properties={"control": control} if control else {},
            attributes=attrs.data if attrs else {},
            regions=[body],
        )

    def print(self, printer: Printer) -> None:
        control = self.properties.get("control")
        if control is not None:
            assert isinstance(control, LoopControlAttr | SelectionControlAttr)
            printer.print_string(f" control({' | '.join(control.names)})")
        if self.result_types:
            printer.print_string(" -> ")
            printer.print_list(self.result_types, printer.print_attribute)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body)


@irdl_op_definition
class LoopOp(_StructuredOp):
    """`spirv.mlir.loop control(Unroll)? -> T? { ... }`: a structured loop
    (entry, header, ..., continue, merge blocks; see the module docstring)."""

    name = "spirv.mlir.loop"

    control = opt_prop_def(LoopControlAttr)
    CONTROL: ClassVar = LoopControlAttr

    @property
    def header(self) -> Block:
        return self.body.blocks[1]

    @property
    def continue_block(self) -> Block:
        return self.body.blocks[-2]

    @property
    def merge_block(self) -> Block:
        return self.body.blocks[-1]

    def verify_(self) -> None:
        blocks = self.body.blocks
        if len(blocks) < 4:
            raise VerifyException(
                "spirv.mlir.loop needs entry, header, continue and merge blocks, "
                f"got {len(blocks)} block(s)"
            )
        entry = blocks[0]
        branch = entry.first_op
        if (
            not isinstance(branch, BranchOp)
            or branch is not entry.last_op
            or branch.target is not self.header
        ):
            raise VerifyException(
                "the first block of spirv.mlir.loop must hold only a spirv.Branch "
                "to the header (the second block)"
            )
        if _contains_construct(self.header):
            raise VerifyException(
                "the loop header block cannot hold a nested loop or selection "
                "(it must end with the loop's own merge instruction)"
            )
        if entry.args:
            raise VerifyException(
                "the entry block of spirv.mlir.loop takes no arguments"
            )
        self._check_merge_block()


@irdl_op_definition
class SelectionOp(_StructuredOp):
    """`spirv.mlir.selection control(Flatten)? -> T? { ... }`: an if/else (the
    first block is the header, the last the merge block)."""

    name = "spirv.mlir.selection"

    control = opt_prop_def(SelectionControlAttr)
    CONTROL: ClassVar = SelectionControlAttr

    @property
    def header(self) -> Block:
        return self.body.blocks[0]

    @property
    def merge_block(self) -> Block:
        return self.body.blocks[-1]

    def verify_(self) -> None:
        blocks = self.body.blocks
        if len(blocks) < 2:
            raise VerifyException(
                "spirv.mlir.selection needs a header and a merge block, "
                f"got {len(blocks)} block(s)"
            )
        if self.header.args:
            raise VerifyException("the selection header takes no arguments")
        if not isinstance(self.header.last_op, BranchConditionalOp):
            raise VerifyException(
                "the first block of spirv.mlir.selection must end with "
                "spirv.BranchConditional"
            )
        self._check_merge_block()
