"""Fuse adjacent element-wise ops on tensors into one (`FuseElementwise`),
so that each chain of them becomes one loop kernel (or one matmul
epilogue) rather than one kernel and one temporary per op: the idea of
MLIR's `linalg-fuse-elementwise-ops`.

    %t = linalg.generic {maps = [P_in..., P_out], all parallel}
           ins(%x...) outs(%e) { producer body }
    %r = linalg.generic {maps = [..., C_t, ..., C_out], all parallel}
           ins(..., %t, ...) outs(%f) { consumer body }

becomes one generic over the consumer's loops, reading the producer's
inputs at `P_in o P_out^-1 o C_t` in place of `%t`, with the producer's
body inlined where the consumer read `%t`. It applies when `%t` is the
producer's only result and has no other use, both are all-parallel
generics on tensors, `P_out` is a permutation and the producer's body reads
neither its output nor `linalg.index` (whose loops would change). The op
that computed the producer's result is marked `ROUNDED`: its value is a
front end op's result, rounded to its type."""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import AffineMapAttr, BFloat16Type, Float16Type, UnitAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, YieldOp
from xdsl.ir import Block, OpResult, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

#: On the op whose f16 or bf16 result a fused producer yielded: the result
#: of a front end's op, rounded to its type where the consumer reads it (PyTorch
#: rounds each op's f16 result; activation_precision.py keeps the
#: rounding when it computes the fused body in f32).
ROUNDED = "coopmlir.rounded"


class FuseElementwise(RewritePattern):
    """A consumer generic and the element-wise producer of one of its
    inputs (module doc) -> one generic; the producer is erased."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        if not _all_parallel_on_tensors(op):
            return
        for position, value in enumerate(op.inputs):
            producer = value.owner
            if isinstance(producer, GenericOp) and _fusable(producer, value, op):
                fused = _fuse(producer, op, position)
                rewriter.replace(op, fused)
                inits = [v.owner for v in producer.outputs]
                rewriter.erase(producer)
                for init in inits:  # the producer's tensor.empty
                    if isinstance(init, tensor.EmptyOp) and not init.tensor.uses:
                        rewriter.erase(init)
                return


def _all_parallel_on_tensors(op: GenericOp) -> bool:
    return bool(op.res) and all(
        str(t.data) == "parallel" for t in op.get_iterator_types()
    )


def _fusable(producer: GenericOp, value: SSAValue, consumer: GenericOp) -> bool:
    if not _all_parallel_on_tensors(producer) or len(producer.res) != 1:
        return False
    if value.uses.get_length() != 1 or value in consumer.outputs:
        return False
    out_map = producer.get_indexing_maps().data[-1].data
    if (
        out_map.inverse_permutation() is None
        or len(out_map.results) != out_map.num_dims
    ):
        return False
    body = producer.body.block
    if body.args[-1].uses:  # reads the output's initial value
        return False
    return not any(isinstance(o, IndexOp) for o in body.ops)


def _rounds(value: SSAValue, block: Block) -> bool:
    """Whether `value` is an f16 or bf16 result of an op in `block`: one
    the fused body must round (f32 needs no mark: it is not widened)."""
    narrow = isinstance(value.type, (Float16Type, BFloat16Type))
    return narrow and isinstance(value, OpResult) and value.owner.parent is block


def _fuse(producer: GenericOp, consumer: GenericOp, position: int) -> GenericOp:
    """The fused generic (module doc); `position`: the consumer input that is
    the producer's result."""
    p_maps = [m.data for m in producer.get_indexing_maps()]
    c_maps = [m.data for m in consumer.get_indexing_maps()]
    inverse = p_maps[-1].inverse_permutation()
    assert inverse is not None  # _fusable checked it
    to_producer_loops: AffineMap = inverse.compose(c_maps[position])
    n_in = len(consumer.inputs)
    inputs = [
        *consumer.inputs[:position],
        *producer.inputs,
        *consumer.inputs[position + 1 :],
    ]
    maps = [
        *c_maps[:position],
        *(m.compose(to_producer_loops) for m in p_maps[: len(producer.inputs)]),
        *c_maps[position + 1 : n_in],
        *c_maps[n_in:],
    ]
    p_body, c_body = producer.body.block, consumer.body.block
    p_args = p_body.args[: len(producer.inputs)]
    c_args = list(c_body.args)
    fused_arg_types = [
        *(a.type for a in c_args[:position]),
        *(a.type for a in p_args),
        *(a.type for a in c_args[position + 1 :]),
    ]
    block = Block(arg_types=fused_arg_types)
    new_args = list(block.args)
    mapping: dict[SSAValue, SSAValue] = {}
    mapping.update(zip(c_args[:position], new_args[:position], strict=True))
    mapping.update(
        zip(p_args, new_args[position : position + len(p_args)], strict=True)
    )
    mapping.update(
        zip(c_args[position + 1 :], new_args[position + len(p_args) :], strict=True)
    )
    for inner in p_body.ops:
        if isinstance(inner, YieldOp):
            result = mapping.get(inner.operands[0], inner.operands[0])
            mapping[c_args[position]] = result
            if _rounds(result, block):
                result.owner.attributes[ROUNDED] = UnitAttr()
            continue
        block.add_op(inner.clone(value_mapper=mapping))
    for inner in c_body.ops:
        block.add_op(inner.clone(value_mapper=mapping))
    return GenericOp(
        inputs,
        consumer.outputs,
        Region(block),
        [AffineMapAttr(m) for m in maps],
        consumer.get_iterator_types(),
        [r.type for r in consumer.res],
    )
