"""Where each tensor of a function lives: the in-place analysis.

Every tensor value lives in a buffer that has a root: a function argument,
a `tensor.empty`/`tensor.pad`, a constant's global, or a new buffer for an
op that could not write in place. Views (`expand_shape`, `collapse_shape`,
`extract_slice`) live in their source's root; an op that writes in place
puts its result in its output's root.

Writing output `o` of op `P` in place is safe (one-shot-bufferize's rule,
on one block in program order) when
- `o`'s root is not a constant, and is no argument unless `o` is the whole
  argument (bufferize-matmul writes `outs(%arg)` in place, as
  one-shot-bufferize does for writable arguments);
- no value living in the same root is read after `P` (`tensor.dim` reads
  no contents; `outs` of an op that does not read them neither);
- `P` itself reads that root only where it writes: the same buffer, through
  the output's map, in an element-wise op (a `tensor.extract` in its body
  may read any element, so never).
Otherwise the result gets a new buffer (with the output's contents first
when the op reads them: the fill that made them again, or a copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import tensor
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue, Use

from coopmlir.passes.bufferize_matmul.destinations import Destinations, destinations


@dataclass(frozen=True)
class NewBuffer:
    """A result that gets a new buffer, and what it holds first: nothing
    (the op writes every element), the value of the `linalg.fill` that made
    the output (filled again), or a copy of the output's contents."""

    fill: SSAValue | None = None
    copy: bool = False


@dataclass
class Placement:
    """The roots and buffers of one function's tensors (module doc)."""

    block: Block
    #: The root each tensor value lives in.
    root: dict[SSAValue, SSAValue] = field(default_factory=dict)
    #: The values living in each root, in program order.
    members: dict[SSAValue, list[SSAValue]] = field(default_factory=dict)
    #: The value whose buffer (the same view) each value is.
    same: dict[SSAValue, SSAValue] = field(default_factory=dict)
    #: Roots that must not be written (constants).
    read_only: set[SSAValue] = field(default_factory=set)
    #: Results that do not live in their output's buffer.
    new_buffers: dict[SSAValue, NewBuffer] = field(default_factory=dict)
    position: dict[Operation, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.position = {op: i for i, op in enumerate(self.block.ops)}

    def add_root(self, value: SSAValue, read_only: bool = False) -> None:
        self.root[value] = value
        self.members[value] = [value]
        self.same[value] = value
        if read_only:
            self.read_only.add(value)

    def add_view(self, view: SSAValue, source: SSAValue) -> None:
        """`view` lives in `source`'s root, a buffer of its own (a view)."""
        root = self.root[source]
        self.root[view] = root
        self.members[root].append(view)
        self.same[view] = view

    def add_in_place(self, result: SSAValue, output: SSAValue) -> None:
        root = self.root[output]
        self.root[result] = root
        self.members[root].append(result)
        self.same[result] = self.same[output]

    def _top(self, op: Operation) -> Operation:
        found = self.block.find_ancestor_op_in_block(op)
        assert found is not None
        return found

    def place(self, op: Operation, output: SSAValue, result: SSAValue, i: int) -> None:
        """Output `i` of destination-style (or insert_slice) `op`: in place
        if safe, else a new buffer."""
        dest = destinations(op)
        if self.writable(op, output, i, dest):
            self.add_in_place(result, output)
            return
        self.add_root(result)
        if isinstance(op, tensor.InsertSliceOp) or (dest and dest.reads_output(i)):
            fill = output.owner
            if isinstance(fill, FillOp) and fill.res:
                self.new_buffers[result] = NewBuffer(fill=fill.inputs[0])
            else:
                self.new_buffers[result] = NewBuffer(copy=True)
        else:
            self.new_buffers[result] = NewBuffer()

    def writable(
        self, op: Operation, output: SSAValue, i: int, dest: Destinations | None
    ) -> bool:
        root = self.root[output]
        if root in self.read_only:
            return False
        if isinstance(root, BlockArgument) and self.same[output] is not root:
            return False
        here = self.position[self._top(op)]
        for value in self.members[root]:
            for use in value.uses:
                user = self._top(use.operation)
                if user is op:
                    # A read in its body (a gather) may be of any element.
                    inside = use.operation is not op
                    if inside or not self._own_use_is_safe(use, output, i, dest):
                        return False
                elif self.position[user] > here and _reads(use):
                    return False
        return True

    def _own_use_is_safe(
        self, use: Use, output: SSAValue, i: int, dest: Destinations | None
    ) -> bool:
        """`op` uses a value of the root it writes: as that very output, or
        as an input read where it writes."""
        if dest is None:  # insert_slice: its dest, never its source
            return use.index == 1
        if use.index == dest.output_operand(i):
            return True
        if use.index >= dest.output_operand(0):
            return False  # another output in the same root
        value = use.operation.operands[use.index]
        same = self.same[value] is self.same[output]
        return same and dest.reads_at_written_element(value, i)


def _reads(use: Use) -> bool:
    """Whether `use` reads the contents of the value it uses."""
    op = use.operation
    if isinstance(op, tensor.DimOp):
        return False
    dest = destinations(op)
    if dest is not None and use.index >= dest.output_operand(0):
        return dest.reads_output(use.index - dest.output_operand(0))
    return True
