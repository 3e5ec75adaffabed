"""`KernelBuilder`: emits the ops of a kernel body, folding index arithmetic
on Python ints and hoisting constants (one cache per kernel)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Protocol

from xdsl.dialects import arith, gpu, memref, scf, vector
from xdsl.dialects.builtin import IndexType, VectorType, i32
from xdsl.ir import Attribute, Block, Operation, SSAValue

from coopmlir.constant_cache import ConstantCache, Number, arith_constant
from coopmlir.dialects.gpu_subgroup import ShuffleOp

# --------------------------------------------------------------------------
# Building the kernel
# --------------------------------------------------------------------------

Index = int | SSAValue
"""An index known at compile time (int) or an SSA value."""


class AddressMap(Protocol):
    """Where element (row, col) of a matrix that is not stored as a matrix
    lies in its memref (e.g. the implicit im2col matrix of a convolution).
    The staged tile copy asks it instead of indexing [row, col]."""

    @property
    def run(self) -> int:
        """Elements along a matrix row, from any multiple of `run`, that are
        consecutive in memory and share one guard (a vector access)."""
        ...

    #: place(b, source, row, col, checked): the in-bounds condition (None:
    #: always inside) and indices into the memref `source` that are safe to
    #: load even where the element is outside (the copy selects zero there);
    #: the copy puts the matrix's leading (batch) indices before them.
    #: `checked`: whether rows / cols may pass the matrix's end.
    place: Callable[
        [KernelBuilder, SSAValue, SSAValue, SSAValue, tuple[bool, bool]],
        tuple[SSAValue | None, list[SSAValue]],
    ]


class FoldingArithmetic:
    """Index arithmetic that folds what Python ints decide and builds `arith`
    ops for the rest: the kernel builder's and the host code's (launch.py).
    A subclass says how an int becomes a value (`value`) and how an op is
    built (`_arith`)."""

    def value(self, x: Index) -> SSAValue:
        raise NotImplementedError

    def _arith(self, op_type: type[Operation], x: SSAValue, y: Index) -> SSAValue:
        raise NotImplementedError

    def add(self, x: Index, y: Index) -> Index:
        if isinstance(x, int) and isinstance(y, int):
            return x + y
        if isinstance(x, int):
            x, y = y, x
        assert isinstance(x, SSAValue)
        return x if y == 0 else self._arith(arith.AddiOp, x, y)

    def sub(self, x: Index, y: Index) -> Index:
        if isinstance(x, int) and isinstance(y, int):
            return x - y
        if isinstance(y, int):
            return self.add(x, -y)
        return self._arith(arith.SubiOp, self.value(x), y)

    def ceil_div(self, x: Index, y: int) -> Index:
        """ceil(x / y) for x >= 0."""
        return self.div(self.add(x, y - 1), y)

    def mul(self, x: Index, y: Index) -> Index:
        if isinstance(x, int) and isinstance(y, int):
            return x * y
        if isinstance(x, int):
            x, y = y, x
        assert isinstance(x, SSAValue)
        if y in (0, 1):
            return x if y == 1 else 0
        return self._arith(arith.MuliOp, x, y)

    def div(self, x: Index, y: Index) -> Index:
        """x / y (unsigned); y may be a run-time size (> 0)."""
        if isinstance(x, int) and isinstance(y, int):
            return x // y
        if y == 1:
            return x
        return self._arith(arith.DivUIOp, self.value(x), y)

    def rem(self, x: Index, y: Index) -> Index:
        """x % y (unsigned); y may be a run-time size (> 0)."""
        if isinstance(x, int) and isinstance(y, int):
            return x % y
        if y == 1:
            return 0
        return self._arith(arith.RemUIOp, self.value(x), y)

    def xor(self, x: Index, y: Index) -> Index:
        """x ^ y (bitwise)."""
        if isinstance(x, int) and isinstance(y, int):
            return x ^ y
        if isinstance(x, int):
            x, y = y, x
        assert isinstance(x, SSAValue)
        return x if y == 0 else self._arith(arith.XOrIOp, x, y)


class KernelBuilder(FoldingArithmetic):
    """Appends ops to the current block; folds index arithmetic on ints and
    hoists constants to the top of the kernel."""

    def __init__(self, entry: Block):
        self.entry = entry
        self.block = entry
        self._constants = ConstantCache(arith_constant, self._hoist)
        self._last_constant: Operation | None = None
        self._arith_cache: dict[tuple, SSAValue] = {}
        self._in_prologue = False

    def emit(self, op: Operation) -> Operation:
        if self._in_prologue:
            self._hoist(op)
        else:
            self.block.add_op(op)
        return op

    @contextmanager
    def prologue(self) -> Iterator[None]:
        """Emit at the top of the kernel, after the constants and earlier
        prologue ops, so the values dominate every block (run-time sizes
        derived from `memref.dim`, built inside a loop body but needed once)."""
        outer, self.block = self.block, self.entry
        was, self._in_prologue = self._in_prologue, True
        try:
            yield
        finally:
            self.block, self._in_prologue = outer, was

    def dim(self, mem: SSAValue, axis: int) -> SSAValue:
        """`memref.dim` of a kernel argument, once, in the prologue."""
        with self.prologue():
            return self._reuse(
                (memref.DimOp, mem, axis),
                lambda: memref.DimOp(mem, self.value(axis)),
            )

    @contextmanager
    def inside(self, block: Block) -> Iterator[None]:
        outer, self.block = self.block, block
        try:
            yield
        finally:
            self.block = outer

    def constant(self, value: Number, t: Attribute) -> SSAValue:
        return self._constants.get(value, t)

    def _hoist(self, op: Operation) -> None:
        """Constants go first in the kernel, in the order they are asked for."""
        if self._last_constant is not None:
            self.entry.insert_op_after(op, self._last_constant)
        elif self.entry.first_op is not None:
            self.entry.insert_op_before(op, self.entry.first_op)
        else:
            self.entry.add_op(op)
        self._last_constant = op

    def value(self, x: Index) -> SSAValue:
        return self.constant(x, IndexType()) if isinstance(x, int) else x

    def _reuse(self, key: tuple, build: Callable[[], Operation]) -> SSAValue:
        """The result of an identical op already built in the current block or
        an enclosing one (it dominates what is built now), else of `build()`."""
        for block in self._enclosing_blocks():
            found = self._arith_cache.get((*key, block))
            if found is not None:
                return found
        result = self.emit(build()).results[0]
        self._arith_cache[(*key, self.block)] = result
        return result

    def _enclosing_blocks(self) -> Iterator[Block]:
        block: Block | None = self.block
        while block is not None:
            yield block
            parent = block.parent_op()
            block = parent.parent_block() if parent else None

    def _arith(self, op_type: type[Operation], x: SSAValue, y: Index) -> SSAValue:
        """`x op y`, built once per dominating block."""
        return self._reuse((op_type, x, y), lambda: op_type(x, self.value(y)))

    def below(self, x: SSAValue, bound: Index) -> SSAValue:
        """`x < bound` (unsigned)."""
        return self._reuse(
            ("ult", x, bound), lambda: arith.CmpiOp(x, self.value(bound), "ult")
        )

    def clamp(self, x: SSAValue, bound: Index) -> SSAValue:
        """min(x, bound - 1): an index that stays inside a dimension of `bound`
        (bound > 0)."""
        return self._arith(arith.MinUIOp, x, self.sub(bound, 1))

    def both(self, x: SSAValue, y: SSAValue) -> SSAValue:
        return self._arith(arith.AndIOp, x, y)

    def subgroup_reduce(
        self,
        value: SSAValue,
        size: int,
        combine: type[Operation],
        subgroup: int | None = None,
    ) -> SSAValue:
        """`value` combined (`combine`: arith.AddfOp, arith.MaximumfOp, ...)
        over the `size` lanes of the subgroup, on every lane: a butterfly of
        `gpu.shuffle xor` over the lane-id bits (the kernel asks for that
        subgroup size). `subgroup`: the subgroup size where `size` is less
        (each aligned cluster of `size` lanes combined apart)."""
        width = self.constant(subgroup or size, i32)
        mask = 1
        while mask < size:
            shuffle = ShuffleOp("xor", value, self.constant(mask, i32), width)
            partner = self.emit(shuffle).results[0]
            value = self.emit(combine(value, partner)).results[0]
            mask *= 2
        return value

    def components_sum(self, value: SSAValue) -> SSAValue:
        """The sum of a vector's components (a scalar: itself)."""
        t = value.type
        if not isinstance(t, VectorType):
            return value
        element = t.element_type
        parts = [
            self.emit(vector.ExtractOp(value, [i], element)).results[0]
            for i in range(t.get_shape()[0])
        ]
        total = parts[0]
        for part in parts[1:]:
            total = self.emit(arith.AddfOp(total, part)).results[0]
        return total

    def gpu_id(self, op_type: type[Operation], dim: str | None = None) -> SSAValue:
        op = op_type(gpu.DimensionAttr(gpu.DimensionEnum(dim))) if dim else op_type()
        return self.emit(op).results[0]

    def for_loop(
        self, lower: Index, upper: Index, step: Index, carried: Sequence[SSAValue]
    ) -> tuple[scf.ForOp, Block]:
        body = Block(arg_types=[IndexType(), *(v.type for v in carried)])
        loop = scf.ForOp(
            self.value(lower), self.value(upper), self.value(step), carried, body
        )
        self.emit(loop)
        return loop, body

    def loop(
        self,
        lower: Index,
        upper: Index,
        step: Index,
        carried: Sequence[SSAValue],
        body: Callable[[SSAValue, list[SSAValue]], Sequence[SSAValue]],
    ) -> list[SSAValue]:
        """An `scf.for` whose body is built by `body(index, carried values)`,
        which returns the values to yield; the loop's results."""
        loop, block = self.for_loop(lower, upper, step, carried)
        with self.inside(block):
            self.emit(scf.YieldOp(*body(block.args[0], list(block.args[1:]))))
        return list(loop.results)

    def subgroup_sum(self, value: SSAValue, size: int) -> SSAValue:
        """`value` (a float) summed over a subgroup of `size` lanes, on every
        lane (`subgroup_reduce`)."""
        return self.subgroup_reduce(value, size, arith.AddfOp)
