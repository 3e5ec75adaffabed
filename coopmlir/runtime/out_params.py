"""The out-params of a function on tensors that runs bufferized.

bufferize-matmul turns a returned `tensor.empty(%m, %n)` into a trailing
memref argument, so a caller that runs the bufferized form (coopmlir-run
--device, the Vulkan runtime) must allocate the result before the call. Its
dynamic sizes are evaluated here, on the host, from the actual arguments:
the backward slice of each size, made of integer `arith` ops,
`tensor.dim` and `memref.dim`, reaching the function's arguments (their
shapes and integer values), runs op by op on the interpreter, so every op
means what it means in a program run. A size that depends on anything else
(a tensor's contents, a loop) is a located error that names the op.

    shapes = out_param_shapes(plan_function(fn, module), [A, B])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from xdsl.dialects import memref, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    IntegerType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.interpreter import make_interpreter
from coopmlir.interpreter.values import InterpretationFailure

if TYPE_CHECKING:  # coopmlir-run imports this; the pass only for --device
    from coopmlir.passes.bufferize_matmul import FunctionPlan


def out_param_shapes(plan: FunctionPlan, arguments: Sequence) -> list[tuple[int, ...]]:
    """The shape of each out-param (in order) when the planned function is
    called with `arguments` (numpy arrays and scalars; of arrays only the
    shapes are read)."""
    sizes = _SizeEvaluator(plan, arguments)
    return [sizes.shape(fresh) for fresh in plan.returned_fresh]


def _is_integer(t: Attribute) -> bool:
    return isinstance(t, IntegerType | IndexType)


def _computes_a_size(op: Operation) -> bool:
    """Ops whose results follow from their operands' values (integers) or
    shapes alone: safe to evaluate before the call, on placeholder arrays."""
    if isinstance(op, tensor.DimOp | memref.DimOp):
        return True
    types = [*op.operand_types, *op.result_types]
    return op.dialect_name() == "arith" and all(_is_integer(t) for t in types)


class _SizeEvaluator:
    """Values of the plan's function that sizes are made of, evaluated on
    demand: integers, and tensors as placeholders of their shape."""

    def __init__(self, plan: FunctionPlan, arguments: Sequence):
        self.plan = plan
        self.arguments = arguments
        self.known: dict[SSAValue, object] = {}
        self.interp = make_interpreter(ModuleOp([]))

    def shape(self, value: SSAValue) -> tuple[int, ...]:
        """The run-time shape of a tensor of the function."""
        return tuple(np.shape(self.value(value)))

    def value(self, value: SSAValue):
        if value in self.known:
            return self.known[value]
        function = self.plan.function
        if isinstance(value, BlockArgument):
            if value.block is function.body.block:
                return self.arguments[value.index]
            raise self._refusal(value.block.parent_op() or function)
        if isinstance(value.type, TensorType):
            result = self._placeholder(value)
        else:
            op = value.owner
            assert isinstance(op, Operation)
            if not _computes_a_size(op):
                raise self._refusal(op)
            operands = tuple(self.value(v) for v in op.operands)
            try:
                results = self.interp.run_op(op, operands)
            except InterpretationFailure as err:
                raise CompileError.at(location_of(op), str(err)) from None
            self.known.update(zip(op.results, results, strict=True))
            result = self.known[value]
        self.known[value] = result
        return result

    def _placeholder(self, value: SSAValue) -> np.ndarray:
        """An array of the tensor's run-time shape that takes no memory: a
        tensor keeps the shape of the buffer it is written into."""
        static = value.type.get_shape()  # type: ignore[union-attr]
        if all(n >= 0 for n in static):  # a view's size is its type's
            return np.broadcast_to(np.zeros((), np.int8), static)
        root = self.plan.root.get(value)
        if root is None:
            raise self._refusal(value.owner)  # type: ignore[arg-type]
        if root is not value:
            return self.value(root)
        op = root.owner
        if isinstance(op, tensor.EmptyOp):
            sizes = iter(op.dynamic_sizes)
            shape = tuple(
                int(self.value(next(sizes))) if n < 0 else n
                for n in op.tensor.type.get_shape()
            )
        elif isinstance(op, tensor.PadOp):
            shape = self._padded_shape(op)
        else:
            raise self._refusal(op)  # type: ignore[arg-type]
        if any(n < 0 for n in shape):
            raise CompileError.at(
                location_of(op),
                f"'{op.name}' has the shape {shape} for these arguments: a "
                "negative size",
            )
        return np.broadcast_to(np.zeros((), np.int8), shape)

    def _padded_shape(self, op: tensor.PadOp) -> tuple[int, ...]:
        """The source's shape plus the low and high amounts."""
        shape = list(self.shape(op.source))
        for amounts, dynamic in (
            (op.static_low.get_values(), iter(op.low)),
            (op.static_high.get_values(), iter(op.high)),
        ):
            for axis, amount in enumerate(amounts):
                if amount == DYNAMIC_INDEX:
                    amount = int(self.value(next(dynamic)))
                shape[axis] += amount
        return tuple(shape)

    def _refusal(self, op: Operation) -> CompileError:
        return CompileError.at(
            location_of(op),
            f"a returned tensor's size depends on '{op.name}': the caller "
            "allocates the result before the call, so its dynamic sizes must "
            "follow from the arguments' shapes and integer values through "
            "integer arith ops, tensor.dim and memref.dim",
        )


__all__ = ["out_param_shapes"]
