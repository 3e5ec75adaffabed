"""Checking a function on tensors and deciding where each tensor lives,
before anything is rewritten (bufferize-matmul's first half)."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, ModuleOp, SymbolRefAttr, TensorType
from xdsl.ir import BlockArgument, Operation, SSAValue

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.passes.bufferize_matmul.constants import is_tensor_constant
from coopmlir.passes.bufferize_matmul.destinations import destinations
from coopmlir.passes.bufferize_matmul.placement import Placement

#: Ops whose result is a new buffer: an out-param if returned, else an alloc.
Fresh = tensor.EmptyOp | tensor.PadOp

#: Reshapes and slices: views of their source's buffer.
Views = tensor.ExpandShapeOp | tensor.CollapseShapeOp | tensor.ExtractSliceOp


def error(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), f"bufferize-matmul: {message}")


def uses_tensors(op: Operation) -> bool:
    types = [*op.operand_types, *op.result_types]
    if isinstance(op, func.FuncOp):
        types += [*op.function_type.inputs.data, *op.function_type.outputs.data]
    return any(isinstance(t, TensorType) for t in types)


@dataclass
class Returned:
    """Where a returned tensor ends: `argument` (it lives in that whole
    argument, which the caller reads; the result is dropped), `fresh` (its
    root becomes the out-param `buffer` names) or `copy` (copied into a new
    out-param at the return: a view, a constant, an unwritten argument)."""

    kind: str
    #: The argument, the fresh root, or the returned value itself.
    buffer: SSAValue


@dataclass
class FunctionPlan:
    """What bufferizing one function does: checked first, applied later."""

    function: func.FuncOp
    placement: Placement
    #: What each returned value becomes, in return order.
    returns: list[Returned] = field(default_factory=list)

    @property
    def root(self) -> dict[SSAValue, SSAValue]:
        """The root each tensor value lives in (placement.py)."""
        return self.placement.root

    @property
    def returned_fresh(self) -> list[SSAValue]:
        """The tensors that become out-params, in order: a fresh root, or
        a returned value copied there."""
        return [r.buffer for r in self.returns if r.kind != "argument"]


def plan_function(function: func.FuncOp, module: ModuleOp) -> FunctionPlan | None:
    """Check that `function` is in the supported tensor form; None when it
    uses no tensors. Raises a located `CompileError` otherwise."""
    if not any(uses_tensors(op) for op in function.walk()):
        return None
    if function.is_declaration:
        raise error(function, "a declaration on tensors cannot be bufferized")
    for op in module.walk():
        if isinstance(op, func.CallOp) and op.callee == SymbolRefAttr(
            function.sym_name
        ):
            raise error(
                op,
                f"@{function.sym_name.data} is called here; its signature would "
                "change (bufferize the callee alone)",
            )
    plan = FunctionPlan(function, Placement(function.body.block))
    place = plan.placement
    for arg in function.args:
        if isinstance(arg.type, TensorType):
            place.add_root(arg)
    for op in function.body.walk():
        if op is function:
            continue
        if isinstance(op, Fresh):
            if isinstance(op, tensor.PadOp):
                check_pad(plan, op)
            place.add_root(op.results[0])
        elif is_tensor_constant(op):
            place.add_root(op.results[0], read_only=True)
        elif isinstance(op, tensor.DimOp):
            _require_known(plan, op, [op.source])
        elif isinstance(op, tensor.ExtractOp):
            _require_known(plan, op, [op.tensor])
        elif isinstance(op, Views):
            source = op.operands[0]
            _require_known(plan, op, [source])
            if isinstance(op, tensor.ExtractSliceOp):
                _require_static_slice(op)
            place.add_view(op.result, source)
        elif isinstance(op, tensor.InsertSliceOp):
            _require_known(plan, op, [op.source, op.dest])
            _require_static_slice(op)
            place.place(op, op.dest, op.result, 0)
        elif (dest := destinations(op)) is not None:
            tensors = [v for v in dest.inputs if isinstance(v.type, TensorType)]
            _require_known(plan, op, tensors, "an input tensor")
            _require_known(plan, op, dest.outputs, "the output tensor")
            for i, (output, result) in enumerate(
                zip(dest.outputs, dest.results, strict=True)
            ):
                place.place(op, output, result, i)
        elif isinstance(op, func.ReturnOp) and op.parent_op() is function:
            _plan_return(plan, op)
        elif uses_tensors(op):
            raise error(op, f"'{op.name}' on tensors is not supported")
    return plan


def _require_known(
    plan: FunctionPlan, op: Operation, values: list[SSAValue], what: str = "the tensor"
) -> None:
    for value in values:
        if value not in plan.root:
            raise error(op, f"{what} does not come from this function")


def _require_static_slice(op: tensor.ExtractSliceOp | tensor.InsertSliceOp) -> None:
    """Slices with static offsets, sizes and strides, of the full rank."""
    statics = (op.static_offsets, op.static_sizes, op.static_strides)
    if any(DYNAMIC_INDEX in s.get_values() for s in statics):
        raise error(op, f"'{op.name}' with run-time offsets, sizes or strides")
    small = op.result if isinstance(op, tensor.ExtractSliceOp) else op.source
    rank = len(op.static_sizes.get_values())
    if small.type.get_num_dims() != rank:  # type: ignore[union-attr]
        raise error(op, f"a rank-reducing '{op.name}' is not supported")


def check_pad(plan: FunctionPlan, op: tensor.PadOp) -> None:
    """A located error unless `op` bufferizes as a fill and a copy."""
    if op.source not in plan.root:
        raise error(op, "the padded tensor does not come from this function")
    if op.low or op.high:
        raise error(
            op,
            "tensor.pad with dynamic padding amounts is not supported (the "
            "padded buffer and the view of its interior need static amounts)",
        )
    padding_value(op)


def padding_value(op: tensor.PadOp) -> SSAValue:
    """The value `op` pads with: the yielded value, which must be the same at
    every position (defined outside the body, or a constant in it)."""
    block = op.region.block
    yielded = block.last_op
    assert isinstance(yielded, tensor.YieldOp)  # the op's verifier says so
    (value,) = yielded.operands
    inside = value.owner
    if inside is block or (
        isinstance(inside, Operation)
        and inside.parent_block() is block
        and not isinstance(inside, arith.ConstantOp)
    ):
        raise error(
            op,
            "the padding value depends on the position; only a value that is "
            "the same everywhere (tensor.yield of a constant) bufferizes",
        )
    return value


def _plan_return(plan: FunctionPlan, op: func.ReturnOp) -> None:
    place = plan.placement
    seen: set[SSAValue] = set()
    for value in op.arguments:
        if not isinstance(value.type, TensorType):
            raise error(op, "a function on tensors may only return tensors")
        root = place.root.get(value)
        if root is None:
            raise error(op, "a returned tensor does not come from this function")
        whole = place.same[value] is root
        if isinstance(root, BlockArgument) and value is not root and whole:
            kind = "argument"
        elif isinstance(root, BlockArgument) or root in place.read_only:
            kind = "copy"
        elif whole:
            kind = "fresh"
        else:
            kind = "copy"
        if kind != "copy":
            if root in seen:
                raise error(op, "the same buffer is returned twice")
            seen.add(root)
        if kind == "copy" and any(n < 0 for n in value.type.get_shape()):
            raise error(op, "a returned view with run-time sizes is not supported")
        plan.returns.append(Returned(kind, value if kind == "copy" else root))


def result_arguments(plan: FunctionPlan) -> list[int]:
    """For each result of the planned (not yet bufferized) function, the
    index of the argument that holds it afterwards: the argument whose buffer
    it was written into, or its new out-param. Callers that ran the tensor
    form (coopmlir-run --device) read results from there."""
    function = plan.function
    returns = [
        op
        for op in function.body.walk()
        if isinstance(op, func.ReturnOp) and op.parent_op() is function
    ]
    if len(returns) != 1:
        raise error(function, f"expected one func.return, found {len(returns)}")
    count = len(function.args)
    indices = []
    fresh = 0
    for returned in plan.returns:
        if returned.kind == "argument":
            assert isinstance(returned.buffer, BlockArgument)
            indices.append(returned.buffer.index)
        else:
            indices.append(count + fresh)
            fresh += 1
    return indices
