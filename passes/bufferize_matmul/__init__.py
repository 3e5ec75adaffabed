"""bufferize-matmul: the tensor form of a matmul function to its memref form.

In: a `func.func` that a frontend writes on tensors, e.g.

    func.func @mm(%A: tensor<64x32xf16>, %B: tensor<32x48xf16>) -> tensor<64x48xf32> {
      %zero = arith.constant 0.0 : f32
      %0 = tensor.empty() : tensor<64x48xf32>
      %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<...>) -> tensor<...>
      %2 = linalg.matmul ins(%A, %B : ...) outs(%1 : tensor<...>) -> tensor<...>
      func.return %2 : tensor<64x48xf32>
    }

Out: what MLIR's `one-shot-bufferize{bufferize-function-boundaries
function-boundary-type-conversion=identity-layout-map}`, then
`drop-equivalent-buffer-results` and
`buffer-results-to-out-params{hoist-static-allocs}` give:

    func.func @mm(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
      linalg.matmul ins(%A, %B : ...) outs(%C : memref<64x48xf32>)
      func.return
    }

- Tensor arguments become memrefs of the same shape (identity layout),
  dynamic sizes included (`tensor<?x?xf16>` -> `memref<?x?xf16>`).
- `linalg.fill`, the contractions (`linalg.matmul`, `_transpose_a|b`,
  `batch_matmul`), the 2-D convolutions (`linalg.conv_2d_*`),
  `linalg.softmax`, `coopmlir.attention` and `coopmlir.chain` write their
  `outs` buffer in place; so do the ops of an epilogue
  (`linalg.generic` with parallel loops only, the named element-wise ops such
  as `linalg.add`, and `linalg.broadcast`), which lower-to-coopmat then fuses
  into the matmul's kernel.
- A returned tensor that is a `tensor.empty` becomes a new trailing memref
  argument (the caller passes the result buffer; no copy). A returned tensor
  that lives in an argument's buffer (`outs(%C)` with `%C` an argument) is
  dropped from the results: the caller finds it in that argument, as after
  `drop-equivalent-buffer-results`. Note that this writes the argument in
  place (one-shot-bufferize's default for writable function arguments).
- A `tensor.empty` that is not returned becomes `memref.alloc` (with its
  dynamic sizes). `tensor.dim` becomes `memref.dim` of the buffer, or goes
  away when only the sizes of a `tensor.empty` used it (a returned dynamic
  `tensor.empty(%d0, %d1)` is the out-param, whose sizes the caller chose).
- `tensor.pad` with static amounts and a padding value that does not depend
  on the position (`tensor.yield %zero`), of a static or dynamic shape,
  becomes what one-shot-bufferize makes of it, with `linalg.fill` where
  MLIR writes the value with an equivalent `linalg.map`, and what
  lower-to-coopmat reads as a convolution's zero padding
  (`lower_to_coopmat/padding.py`): a buffer of the padded shape (a
  `memref.alloc`, or the out-param if returned), filled with the value, and
  `memref.copy` of the source into a `memref.subview` of its interior.
  Run-time sizes are the source's `memref.dim`s, the buffer's those plus
  both pads (`arith.addi` where MLIR writes `affine.apply`).

Bad input (another op on tensors, a tensor read after it is overwritten, a
`tensor.pad` with dynamic amounts or a position-dependent value, a function
that is called, since callers would need the new signature) is a located
error and the module is left unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, tensor
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    SymbolRefAttr,
    TensorType,
)
from xdsl.dialects.linalg.abstract_ops import ConvOperation, ElementwiseOperation
from xdsl.dialects.linalg.ops import BroadcastOp, FillOp, GenericOp
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.chain import ChainOp
from coopmlir.dialects.linalg_mixed_precision import (
    ContractionOp,
    require_coopmlir_contractions,
)
from coopmlir.dialects.linalg_softmax import SoftmaxOp

#: Destination-style ops that write their `outs` buffer in place.
InPlace = FillOp | ContractionOp | ConvOperation | AttentionOp | ChainOp | SoftmaxOp

#: Ops whose result is a new buffer: an out-param if returned, else an alloc.
Fresh = tensor.EmptyOp | tensor.PadOp


def _error(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), f"bufferize-matmul: {message}")


def _uses_tensors(op: Operation) -> bool:
    types = [*op.operand_types, *op.result_types]
    if isinstance(op, func.FuncOp):
        types += [*op.function_type.inputs.data, *op.function_type.outputs.data]
    return any(isinstance(t, TensorType) for t in types)


def _memref_of(t: TensorType) -> MemRefType:
    """The identity-layout memref of a tensor type, dynamic sizes kept."""
    return MemRefType(t.element_type, t.get_shape())


@dataclass
class FunctionPlan:
    """What bufferizing one function does: checked first, applied later."""

    function: func.FuncOp
    #: The buffer each tensor value lives in: a function argument, a
    #: tensor.empty or a tensor.pad.
    root: dict[SSAValue, SSAValue] = field(default_factory=dict)
    #: tensor.empty / tensor.pad results that are returned, in return order
    #: (out-params).
    returned_fresh: list[SSAValue] = field(default_factory=list)


def plan_function(function: func.FuncOp, module: ModuleOp) -> FunctionPlan | None:
    """Check that `function` is in the supported tensor form; None when it
    uses no tensors. Raises a located `CompileError` otherwise."""
    if not any(_uses_tensors(op) for op in function.walk()):
        return None
    if function.is_declaration:
        raise _error(function, "a declaration on tensors cannot be bufferized")
    for op in module.walk():
        if isinstance(op, func.CallOp) and op.callee == SymbolRefAttr(
            function.sym_name
        ):
            raise _error(
                op,
                f"@{function.sym_name.data} is called here; its signature would "
                "change (bufferize the callee alone)",
            )
    plan = FunctionPlan(function)
    for arg in function.args:
        if isinstance(arg.type, TensorType):
            plan.root[arg] = arg
    for op in function.body.walk():
        if op is function:
            continue
        if isinstance(op, tensor.EmptyOp):
            plan.root[op.tensor] = op.tensor
        elif isinstance(op, tensor.PadOp):
            _check_pad(plan, op)
            plan.root[op.result] = op.result
        elif isinstance(op, tensor.DimOp):
            # A size does not change when the buffer is written in place.
            if op.source not in plan.root:
                raise _error(op, "the tensor does not come from this function")
        elif isinstance(op, InPlace) and op.res:
            _plan_in_place(plan, op)
        elif _is_epilogue_op(op):
            _plan_in_place(plan, op)
        elif isinstance(op, func.ReturnOp) and op.parent_op() is function:
            _plan_return(plan, op)
        elif isinstance(op, GenericOp) and _uses_tensors(op):
            raise _error(
                op,
                "'linalg.generic' on tensors is not supported unless it is "
                "element-wise (parallel loops, one output): an epilogue",
            )
        elif _uses_tensors(op):
            raise _error(op, f"'{op.name}' on tensors is not supported")
    return plan


def _check_pad(plan: FunctionPlan, op: tensor.PadOp) -> None:
    """A located error unless `op` bufferizes as a fill and a copy."""
    if op.source not in plan.root:
        raise _error(op, "the padded tensor does not come from this function")
    if op.low or op.high:
        raise _error(
            op,
            "tensor.pad with dynamic padding amounts is not supported (the "
            "padded buffer and the view of its interior need static amounts)",
        )
    _padding_value(op)


def _padding_value(op: tensor.PadOp) -> SSAValue:
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
        raise _error(
            op,
            "the padding value depends on the position; only a value that is "
            "the same everywhere (tensor.yield of a constant) bufferizes",
        )
    return value


def _is_epilogue_op(op: Operation) -> bool:
    """An element-wise op (or broadcast) on tensors, written in place."""
    if isinstance(op, BroadcastOp):
        return bool(op.result)
    if isinstance(op, GenericOp):
        kinds = {str(t.data) for t in op.iterator_types.data}
        return bool(op.res) and kinds == {"parallel"} and len(op.outputs) == 1
    return isinstance(op, ElementwiseOperation) and bool(op.res)


def _reads_in_place(op: Operation, out: SSAValue) -> bool:
    """Every read of `out` by the element-wise `op` is at the element it writes."""
    if isinstance(op, BroadcastOp):
        return op.input != out
    assert isinstance(op, GenericOp | ElementwiseOperation)
    maps = op.get_indexing_maps().data
    return all(value != out or maps[i] == maps[-1] for i, value in enumerate(op.inputs))


def _ins_outs(op: Operation) -> tuple[list[SSAValue], list[SSAValue], list[SSAValue]]:
    if isinstance(op, BroadcastOp):
        return [op.input], [op.init], list(op.result)
    if isinstance(op, AttentionOp | ChainOp | SoftmaxOp):
        return list(op.inputs), [op.output], list(op.res)
    assert isinstance(
        op, FillOp | ContractionOp | ConvOperation | GenericOp | ElementwiseOperation
    )
    return list(op.inputs), list(op.outputs), list(op.res)


def _plan_in_place(plan: FunctionPlan, op: Operation) -> None:
    inputs, outputs, results = _ins_outs(op)
    for value in inputs:
        if isinstance(value.type, TensorType) and value not in plan.root:
            raise _error(op, "an input tensor does not come from this function")
    (out,) = outputs
    if out not in plan.root:
        raise _error(op, "the output tensor does not come from this function")
    # An element-wise op may also read its output tensor (at the same
    # element, the identity map): writing in place is safe then.
    same_op = (
        _is_epilogue_op(op)
        and all(u.operation is op for u in out.uses)
        and _reads_in_place(op, out)
    )
    # Sizes (tensor.dim) are the same before and after the write.
    readers = [u for u in out.uses if not isinstance(u.operation, tensor.DimOp)]
    if len(readers) != 1 and not same_op:
        # Writing in place would change what the other users read.
        raise _error(
            op,
            "the output tensor is also used elsewhere; writing it in place would "
            "need a copy, which is not supported",
        )
    plan.root[results[0]] = plan.root[out]


def _plan_return(plan: FunctionPlan, op: func.ReturnOp) -> None:
    seen: set[SSAValue] = set()
    for value in op.arguments:
        if not isinstance(value.type, TensorType):
            raise _error(op, "a function on tensors may only return tensors")
        root = plan.root.get(value)
        if root is None:
            raise _error(op, "a returned tensor does not come from this function")
        if root in seen:
            raise _error(op, "the same buffer is returned twice")
        seen.add(root)
        if not isinstance(root, BlockArgument):
            plan.returned_fresh.append(root)


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
        raise _error(function, f"expected one func.return, found {len(returns)}")
    ret = returns[0]
    count = len(function.args)
    indices = []
    for value in ret.arguments:
        root = plan.root[value]
        if isinstance(root, BlockArgument):
            indices.append(root.index)
        else:
            indices.append(count + plan.returned_fresh.index(root))
    return indices


def apply_plan(plan: FunctionPlan) -> None:
    """Rewrite a checked function to its memref form (module doc)."""
    function = plan.function
    block = function.body.block
    for arg in list(function.args):
        if isinstance(arg.type, TensorType):
            Rewriter.replace_value_with_new_type(arg, _memref_of(arg.type))
    out_params: dict[SSAValue, SSAValue] = {}
    for fresh in plan.returned_fresh:
        assert isinstance(fresh.type, TensorType)
        out = block.insert_arg(_memref_of(fresh.type), len(block.args))
        out.name_hint = "C"
        out_params[fresh] = out
    sizes: list[memref.DimOp] = []
    for op in list(function.body.walk()):
        if isinstance(op, tensor.PadOp):
            op.result.replace_all_uses_with(_pad(op, out_params.get(op.result)))
        elif isinstance(op, tensor.EmptyOp):
            buffer = out_params.get(op.tensor) or _allocate(op)
            op.tensor.replace_all_uses_with(buffer)
        elif isinstance(op, tensor.DimOp):
            size = memref.DimOp(op.source, op.index)
            size.location = op.location
            Rewriter.replace_op(op, size)
            sizes.append(size)
        elif isinstance(op, InPlace) and op.res:
            _write_in_place(op)
        elif _is_epilogue_op(op):
            _write_epilogue_in_place(op)
        elif isinstance(op, func.ReturnOp) and op.parent_op() is function:
            ret = func.ReturnOp()
            ret.location = op.location
            Rewriter.replace_op(op, ret)
    for op in reversed(list(function.body.walk())):
        if isinstance(op, Fresh):
            Rewriter.erase_op(op)
    _erase_unused_sizes(sizes)
    function.update_function_type()


def _allocate(op: tensor.EmptyOp) -> SSAValue:
    """A `memref.alloc` for the result of `op` (its run-time sizes), before it."""
    t = op.tensor.type
    assert isinstance(t, TensorType)
    alloc = memref.AllocOp(list(op.dynamic_sizes), [], _memref_of(t))
    alloc.location = op.location
    Rewriter.insert_op(alloc, InsertPoint.before(op))
    return alloc.memref


class _HostSizes:
    """Index constants, `memref.dim`s and sums inserted before `op`, each
    constant once."""

    def __init__(self, op: Operation):
        self.op = op
        self.constants: dict[int, SSAValue] = {}

    def insert(self, new: Operation) -> None:
        new.location = self.op.location
        Rewriter.insert_op(new, InsertPoint.before(self.op))

    def value(self, new: Operation) -> SSAValue:
        """Insert `new` and return its result."""
        self.insert(new)
        return new.results[0]

    def index(self, n: int) -> SSAValue:
        if n not in self.constants:
            self.constants[n] = self.value(
                arith.ConstantOp(IntegerAttr(n, IndexType()))
            )
        return self.constants[n]

    def dim(self, buffer: SSAValue, axis: int) -> int | SSAValue:
        """Static size of `buffer` along `axis`, or its `memref.dim`."""
        size = buffer.type.get_shape()[axis]  # type: ignore[union-attr]
        if size >= 0:
            return size
        return self.value(memref.DimOp(buffer, self.index(axis)))

    def add(self, size: int | SSAValue, n: int) -> SSAValue:
        if isinstance(size, int):
            return self.index(size + n)
        if n == 0:
            return size
        return self.value(arith.AddiOp(size, self.index(n)))


def _pad(op: tensor.PadOp, out_param: SSAValue | None) -> SSAValue:
    """The padded buffer (`out_param`, else a new `memref.alloc` whose
    run-time sizes are the source's plus both pads), the padding value
    everywhere (`linalg.fill`), and the source copied into a view of its
    interior (the source's sizes, run-time ones from `memref.dim`)."""
    host = _HostSizes(op)
    low, high = op.static_low.get_values(), op.static_high.get_values()
    sizes = [host.dim(op.source, axis) for axis in range(len(low))]
    buffer = out_param
    if buffer is None:
        t = op.result.type
        assert isinstance(t, TensorType)
        run_time = [
            host.add(sizes[axis], low[axis] + high[axis])
            for axis, size in enumerate(t.get_shape())
            if size < 0
        ]
        buffer = host.value(memref.AllocOp(run_time, [], _memref_of(t)))
    value = _padding_value(op)
    if value.owner.parent_block() is op.region.block:  # type: ignore[union-attr]
        value = host.value(value.owner.clone())  # type: ignore[union-attr]
    buffer_type = buffer.type
    assert isinstance(buffer_type, MemRefType)
    ones = [1] * len(low)
    view_type = memref.SubviewOp.infer_result_type(buffer_type, low, sizes, ones)
    host.insert(FillOp([value], [buffer], res=[]))
    view = host.value(memref.SubviewOp.get(buffer, low, sizes, ones, view_type))
    host.insert(memref.CopyOp(op.source, view))
    return buffer


def _erase_unused_sizes(sizes: list[memref.DimOp]) -> None:
    """Drop the sizes only erased `tensor.empty`s read, and their index
    constants if nothing else reads them."""
    indices = []
    for size in sizes:
        if not size.result.uses:
            indices.append(size.index.owner)
            Rewriter.erase_op(size)
    for index in dict.fromkeys(indices):
        if isinstance(index, arith.ConstantOp) and not index.result.uses:
            Rewriter.erase_op(index)


def _outputs(
    op: InPlace,
) -> list[SSAValue]:
    if isinstance(op, AttentionOp | ChainOp | SoftmaxOp):
        return [op.output]
    return list(op.outputs)


def _write_in_place(
    op: InPlace,
) -> None:
    """The same op on the buffers its operands now are (earlier rewrites
    replaced them), writing its output in place; its result is that buffer."""
    inputs = list(op.inputs)
    (target,) = _outputs(op)
    if isinstance(op, AttentionOp):
        new: Operation = AttentionOp(
            inputs, target, op.scale.value.data, op.causal is not None
        )
    elif isinstance(op, SoftmaxOp):
        new = SoftmaxOp(inputs[0], target, op.dimension.value.data)
    elif isinstance(op, ChainOp):
        functions = [op.detach_region(r) for r in list(op.functions)]
        new = ChainOp(inputs, target, functions)
    elif isinstance(op, FillOp):
        new = FillOp(inputs, [target], res=[], attributes=op.attributes)
    elif isinstance(op, ConvOperation):
        new = type(op)(
            inputs,
            [target],
            res=[],
            attributes=dict(op.attributes),
            strides=op.strides,
            dilations=op.dilations,
        )
    else:
        maps = op.properties.get("indexing_maps")
        new = type(op)(
            inputs,
            [target],
            res=[],
            attributes=dict(op.attributes),
            indexing_maps=maps,  # type: ignore[arg-type]
            cast=op.cast,
        )
    new.location = op.location
    Rewriter.insert_op(new, InsertPoint.before(op))
    # Users of the result are rewritten later, onto the buffer.
    op.res[0].replace_all_uses_with(target)
    Rewriter.erase_op(op)


def _write_epilogue_in_place(op: Operation) -> None:
    """The same op on buffers, with no results (its body is moved over)."""
    inputs, outputs, results = _ins_outs(op)
    new = type(op).create(
        operands=list(op.operands),
        result_types=[],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=[op.detach_region(r) for r in list(op.regions)],
    )
    new.location = op.location
    Rewriter.insert_op(new, InsertPoint.before(op))
    results[0].replace_all_uses_with(outputs[0])
    Rewriter.erase_op(op)


def plan_module(module: ModuleOp) -> list[FunctionPlan]:
    """Check every function; raise at the first unsupported one."""
    plans = []
    for op in module.body.block.ops:
        if isinstance(op, func.FuncOp):
            plan = plan_function(op, module)
            if plan is not None:
                plans.append(plan)
    return plans


def bufferize_module(module: ModuleOp) -> None:
    """Check every function, then bufferize those on tensors."""
    for plan in plan_module(module):
        apply_plan(plan)


@dataclass(frozen=True)
class BufferizeMatmul(ModulePass):
    """`--bufferize-matmul`: functions of `tensor.empty`, `tensor.pad`,
    `linalg.fill`, matmuls and convolutions on tensors to memrefs, results
    as out-params (module doc).
    recognize-frontend runs it (as lower-to-coopmat's first step) on the
    functions whose ops lower-to-coopmat lowers."""

    name = "bufferize-matmul"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        require_coopmlir_contractions(op, self.name)
        bufferize_module(op)


__all__ = [
    "BufferizeMatmul",
    "apply_plan",
    "bufferize_module",
    "plan_function",
    "plan_module",
    "result_arguments",
]
