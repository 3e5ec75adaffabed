"""Rewriting a checked function to its memref form (bufferize-matmul's
second half; the module doc of the package says what comes out)."""

from __future__ import annotations

from xdsl.dialects import func, memref, tensor
from xdsl.dialects.builtin import MemRefType, ModuleOp, TensorType
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.chain import ChainOp
from coopmlir.dialects.decode_attention import DecodeAttentionOp
from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.dialects.norm import RowNormOp
from coopmlir.passes.bufferize_matmul.constants import (
    ModuleConstants,
    is_tensor_constant,
)
from coopmlir.passes.bufferize_matmul.destinations import destinations
from coopmlir.passes.bufferize_matmul.padding import HostSizes, erase_unused_sizes, pad
from coopmlir.passes.bufferize_matmul.plan import Fresh, FunctionPlan
from coopmlir.passes.bufferize_matmul.views import (
    collapsed_type,
    expanded_type,
    memref_of,
)

#: Ops rebuilt through their constructors (the others through `create`).
InPlace = (
    FillOp
    | ContractionOp
    | ConvOperation
    | AttentionOp
    | ChainOp
    | SoftmaxOp
    | RowNormOp
    | DecodeAttentionOp
    | GroupedMatmulOp
    | SortByExpertOp
)


def apply_plan(plan: FunctionPlan) -> None:
    """Rewrite a checked function to its memref form (package doc)."""
    function = plan.function
    block = function.body.block
    module = function.parent_op()
    constants = ModuleConstants(module) if isinstance(module, ModuleOp) else None
    for arg in list(function.args):
        if isinstance(arg.type, TensorType):
            Rewriter.replace_value_with_new_type(arg, memref_of(arg.type))
    out_params: dict[SSAValue, SSAValue] = {}
    for fresh in plan.returned_fresh:
        assert isinstance(fresh.type, TensorType)
        out = block.insert_arg(memref_of(fresh.type), len(block.args))
        out.name_hint = "C"
        out_params[fresh] = out
    sizes: list[memref.DimOp] = []
    allocs: list[memref.AllocOp] = []
    for op in list(function.body.walk()):
        if isinstance(op, tensor.PadOp):
            op.result.replace_all_uses_with(pad(op, out_params.get(op.result)))
        elif isinstance(op, tensor.EmptyOp):
            buffer = out_params.get(op.tensor)
            if buffer is None:
                alloc = _allocate(op)
                allocs.append(alloc)
                buffer = alloc.memref
            op.tensor.replace_all_uses_with(buffer)
        elif is_tensor_constant(op):
            assert constants is not None  # a function lives in a module
            constants.replace(op)  # type: ignore[arg-type]
        elif isinstance(op, tensor.DimOp):
            size = memref.DimOp(op.source, op.index)
            size.location = op.location
            Rewriter.replace_op(op, size)
            sizes.append(size)
        elif isinstance(op, tensor.ExtractOp):
            load = memref.LoadOp.get(op.tensor, list(op.indices))
            load.location = op.location
            Rewriter.replace_op(op, load)
        elif isinstance(op, tensor.ExpandShapeOp | tensor.CollapseShapeOp):
            _reshape(op)
        elif isinstance(op, tensor.ExtractSliceOp):
            view = _subview(op, op.source, op)
            op.result.replace_all_uses_with(view)
            Rewriter.erase_op(op)
        elif isinstance(op, tensor.InsertSliceOp):
            _insert_slice(plan, op, out_params)
        elif destinations(op) is not None:
            _write(plan, op, out_params)
        elif isinstance(op, func.ReturnOp) and op.parent_op() is function:
            _return(plan, op, out_params)
    for op in reversed(list(function.body.walk())):
        if isinstance(op, Fresh):
            Rewriter.erase_op(op)
    for alloc in allocs:
        if not alloc.memref.uses:
            Rewriter.erase_op(alloc)
    erase_unused_sizes(sizes)
    function.update_function_type()


def _insert(new: Operation, before: Operation) -> Operation:
    new.location = before.location
    Rewriter.insert_op(new, InsertPoint.before(before))
    return new


def _allocate(op: tensor.EmptyOp) -> memref.AllocOp:
    """A `memref.alloc` for the result of `op` (its run-time sizes), before it."""
    t = op.tensor.type
    assert isinstance(t, TensorType)
    alloc = memref.AllocOp(list(op.dynamic_sizes), [], memref_of(t))
    _insert(alloc, op)
    return alloc


def _new_buffer(
    op: Operation, like: SSAValue, t: TensorType, out_param: SSAValue | None
) -> SSAValue:
    """The out-param, or a `memref.alloc` of `t` before `op` whose run-time
    sizes are those of buffer `like`."""
    if out_param is not None:
        return out_param
    host = HostSizes(op)
    dynamic = [host.dim(like, axis) for axis, n in enumerate(t.get_shape()) if n < 0]
    alloc = memref.AllocOp(dynamic, [], memref_of(t))  # type: ignore[arg-type]
    return _insert(alloc, op).results[0]


def _initialize(
    plan: FunctionPlan,
    op: Operation,
    result: SSAValue,
    source: SSAValue,
    target: SSAValue,
) -> None:
    """What a new buffer holds before `op` writes it (placement.NewBuffer)."""
    init = plan.placement.new_buffers[result]
    if init.fill is not None:
        _insert(FillOp([init.fill], [target], res=[]), op)
    elif init.copy:
        _insert(memref.CopyOp(source, target), op)


def _write(plan: FunctionPlan, op: Operation, out_params: dict) -> None:
    """A destination-style op on the buffers its operands now are, each
    output written in place or into a new buffer; its results are those
    buffers."""
    dest = destinations(op)
    assert dest is not None
    targets = []
    for i, (output, result) in enumerate(zip(dest.outputs, dest.results, strict=True)):
        target = output
        if result in plan.placement.new_buffers:
            t = result.type
            assert isinstance(t, TensorType)
            target = _new_buffer(op, output, t, out_params.get(result))
            _initialize(plan, op, result, output, target)
            op.operands[dest.output_operand(i)] = target
        targets.append(target)
    if isinstance(op, InPlace):
        new = _rebuilt(op)
    else:
        new = type(op).create(
            operands=list(op.operands),
            result_types=[],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[op.detach_region(r) for r in list(op.regions)],
        )
    _insert(new, op)
    # Users of the results are rewritten later, onto the buffers.
    for result, target in zip(dest.results, targets, strict=True):
        result.replace_all_uses_with(target)
    Rewriter.erase_op(op)


def _rebuilt(op: InPlace) -> Operation:
    """The same op on the buffers its operands now are, with no results."""
    dest = destinations(op)
    assert dest is not None
    inputs = dest.inputs
    if isinstance(op, SortByExpertOp):  # two outputs
        return SortByExpertOp(inputs[0], *dest.outputs)
    (target,) = dest.outputs
    if isinstance(op, AttentionOp):
        return AttentionOp(
            inputs, target, op.scale.value.data, op.causal is not None, op.variants
        )
    if isinstance(op, SoftmaxOp):
        return SoftmaxOp(inputs[0], target, op.dimension.value.data)
    if isinstance(op, DecodeAttentionOp):
        q, k, v, length, *scales = inputs
        scale, causal = op.scale.value.data, op.causal is not None
        return DecodeAttentionOp(q, k, v, length, target, scale, causal, scales)
    if isinstance(op, RowNormOp):
        return type(op)(inputs, target, op.epsilon.value.data)
    if isinstance(op, GroupedMatmulOp):
        flags = (
            op.weights_kn is not None,
            op.scatter is not None,
            op.f16_sums is not None,
        )
        return GroupedMatmulOp(inputs, target, *flags)
    if isinstance(op, ChainOp):
        functions = [op.detach_region(r) for r in list(op.functions)]
        return ChainOp(inputs, target, functions)
    if isinstance(op, FillOp):
        return FillOp(inputs, [target], res=[], attributes=op.attributes)
    if isinstance(op, ConvOperation):
        return type(op)(
            inputs,
            [target],
            res=[],
            attributes=dict(op.attributes),
            strides=op.strides,
            dilations=op.dilations,
        )
    maps = op.properties.get("indexing_maps")
    return type(op)(
        inputs,
        [target],
        res=[],
        attributes=dict(op.attributes),
        indexing_maps=maps,  # type: ignore[arg-type]
        cast=op.cast,
    )


def _contiguous_copy(op: Operation, source: SSAValue) -> SSAValue:
    """A copy of buffer `source` in a new identity-layout buffer."""
    t = source.type
    assert isinstance(t, MemRefType)
    copy = _new_buffer(op, source, TensorType(t.element_type, t.get_shape()), None)
    _insert(memref.CopyOp(source, copy), op)
    return copy


def _reshape(op: tensor.ExpandShapeOp | tensor.CollapseShapeOp) -> None:
    """`memref.expand_shape`/`collapse_shape` of the source's buffer (of a
    contiguous copy when the view cannot be taken)."""
    source = op.src
    groups = [[d.value.data for d in g.data] for g in op.reassociation.data]
    result_type = op.result.type
    assert isinstance(result_type, TensorType)

    def view_type(src: SSAValue) -> MemRefType | None:
        t = src.type
        assert isinstance(t, MemRefType)
        if isinstance(op, tensor.ExpandShapeOp):
            return expanded_type(t, groups, result_type.get_shape())
        return collapsed_type(t, groups)

    t = view_type(source)
    if t is None:
        source = _contiguous_copy(op, source)
        t = view_type(source)
        assert t is not None  # an identity layout always reshapes
    if isinstance(op, tensor.ExpandShapeOp):
        new = memref.ExpandShapeOp(
            operands=[source, list(op.dynamic_output_shape)],
            result_types=[t],
            properties={
                "reassociation": op.reassociation,
                "static_output_shape": op.static_output_shape,
            },
        )
    else:
        new = memref.CollapseShapeOp(
            operands=[source],
            result_types=[t],
            properties={"reassociation": op.reassociation},
        )
    _insert(new, op)
    op.result.replace_all_uses_with(new.results[0])
    Rewriter.erase_op(op)


def _subview(
    op: tensor.ExtractSliceOp | tensor.InsertSliceOp,
    buffer: SSAValue,
    before: Operation,
) -> SSAValue:
    """`memref.subview` of `buffer` at the slice's static offsets, sizes
    and strides (plan.py checked them), MLIR's strided result type."""
    offsets = op.static_offsets.get_values()
    sizes = op.static_sizes.get_values()
    strides = op.static_strides.get_values()
    t = buffer.type
    assert isinstance(t, MemRefType)
    view_type = memref.SubviewOp.infer_result_type(t, offsets, sizes, strides)
    return _insert(
        memref.SubviewOp.get(buffer, offsets, sizes, strides, view_type), before
    ).results[0]


def _insert_slice(
    plan: FunctionPlan, op: tensor.InsertSliceOp, out_params: dict
) -> None:
    """The dest's buffer (or a copy of it), the source copied into a view of
    the slice; the result is that buffer."""
    target = op.dest
    if op.result in plan.placement.new_buffers:
        t = op.result.type
        assert isinstance(t, TensorType)
        target = _new_buffer(op, op.dest, t, out_params.get(op.result))
        _initialize(plan, op, op.result, op.dest, target)
    view = _subview(op, target, op)
    _insert(memref.CopyOp(op.source, view), op)
    op.result.replace_all_uses_with(target)
    Rewriter.erase_op(op)


def _return(plan: FunctionPlan, op: func.ReturnOp, out_params: dict) -> None:
    """Returned views, constants and arguments copied into their
    out-params; a `func.return` of nothing."""
    for returned, buffer in zip(plan.returns, list(op.arguments), strict=True):
        if returned.kind == "copy":
            _insert(memref.CopyOp(buffer, out_params[returned.buffer]), op)
    ret = func.ReturnOp()
    ret.location = op.location
    Rewriter.replace_op(op, ret)
