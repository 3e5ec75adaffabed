"""Attention variants as exports write them (FuseAttention asks these).

- Logit soft-capping, as Gemma-2's code writes it after the scaled scores
  (`s = s / cap; s = torch.tanh(s); s = s * cap`): element-wise generics
  (one to three) whose bodies, in order, are `divf` by c (or `mulf` by
  1/c), `math.tanh`, `mulf` by c (`soft_cap`).
- A sliding window with the causal mask, as a boolean mask built from
  arange, `(j <= i) & (j > i - W)` (`sliding_window`), and ALiBi's bias
  `slopes[:, None, None] * (j - i)` (`alibi_bias`): attention_export.py,
  beside the causal mask they extend.

- gpt-oss's attention sinks as its eager code (and Hugging Face's) writes
  them: `torch.cat([s, sinks.reshape(1, H, 1, 1).expand(B, H, S, 1)], -1)`,
  the softmax, then `[..., :-1]`: a `tensor.concat` of a column that
  broadcasts a constant [H] (`sink_column`), and an `extract_slice`
  dropping that column after the softmax (`dropped_last_column`).
"""

from __future__ import annotations

import math

from xdsl.dialects import arith, tensor
from xdsl.dialects import math as math_dialect
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap

from coopmlir.passes.recognize_frontend.attention_export import (
    constant_vector,
    float_constant,
)

#: One step of a soft-cap body: ("mul", c), ("div", c) or ("tanh", 0).
Step = tuple[str, float]


def soft_cap(x: SSAValue) -> tuple[SSAValue, float, list[GenericOp]] | None:
    """(s, c, generics) when `x` is c * tanh(s / c) as one to three
    element-wise generics (module doc), else None."""
    steps: list[Step] = []
    generics: list[GenericOp] = []
    while len(steps) < 3:
        op = x.owner
        found = _unary_steps(op) if isinstance(op, GenericOp) else None
        if found is None:
            return None
        assert isinstance(op, GenericOp)
        steps[:0] = found
        generics.append(op)
        x = op.inputs[0]
    if len(steps) != 3:
        return None
    (down, d), (tanh, _), (up, c) = steps
    inverse = 1.0 / d if down == "mul" else d
    if (tanh, up) != ("tanh", "mul") or down not in ("mul", "div"):
        return None
    if not c > 0 or not math.isclose(inverse, c, rel_tol=1e-6):
        return None
    return x, c, generics


def _unary_steps(op: GenericOp) -> list[Step] | None:
    """The steps of an all-parallel, identity-mapped, one-input generic
    whose body is a chain of `mulf`/`divf` by constants and `math.tanh`."""
    if len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    rank = len(op.iterator_types.data)
    if any(str(t.data) != "parallel" for t in op.iterator_types.data):
        return None
    if any(m.data != AffineMap.identity(rank) for m in op.indexing_maps.data):
        return None
    value: SSAValue = op.body.block.args[0]
    steps: list[Step] = []
    for inner in op.body.block.ops:
        if isinstance(inner, arith.ConstantOp):
            continue
        if isinstance(inner, YieldOp):
            return steps if list(inner.operands) == [value] and steps else None
        step = _step(inner, value)
        if step is None:
            return None
        steps.append(step)
        value = inner.results[0]
    return None


def _step(op: Operation, x: SSAValue) -> Step | None:
    if isinstance(op, math_dialect.TanhOp) and op.operands[0] is x:
        return ("tanh", 0.0)
    if isinstance(op, arith.MulfOp) and x in op.operands:
        other = op.operands[1] if op.operands[0] is x else op.operands[0]
        c = float_constant(other)
        return None if c is None else ("mul", c)
    if isinstance(op, arith.DivfOp) and op.operands[0] is x:
        c = float_constant(op.operands[1])
        return None if c is None else ("div", c)
    return None


def dropped_last_column(p: SSAValue) -> tuple[SSAValue, Operation] | None:
    """(x, the slice) when `p` is x[..., :-1]: a static `extract_slice` at
    offset 0 with unit strides that keeps all of x but its last column."""
    op = p.owner
    if not isinstance(op, tensor.ExtractSliceOp) or op.offsets or op.sizes:
        return None
    shape = op.source.type.get_shape()  # type: ignore[union-attr]
    kept = [*shape[:-1], shape[-1] - 1]
    offsets, sizes, strides = (
        tuple(a.get_values())
        for a in (op.static_offsets, op.static_sizes, op.static_strides)
    )
    if op.strides or set(offsets) != {0} or set(strides) != {1} or list(sizes) != kept:
        return None
    return op.source, op


def sink_column(
    x: SSAValue,
) -> tuple[SSAValue, tuple[float, ...], list[Operation]] | None:
    """(scores, sinks, ops) when `x` [..., H, S, L + 1] is the scores [..., H,
    S, L] with one column appended along the keys that holds a constant per
    head (module doc); else None."""
    concat = x.owner
    if not isinstance(concat, tensor.ConcatOp) or len(concat.inputs) != 2:
        return None
    scores, column = concat.inputs
    shape = x.type.get_shape()  # type: ignore[union-attr]
    rank = len(shape)
    if rank < 3 or concat.dim.value.data != rank - 1:
        return None
    if column.type.get_shape()[-1] != 1:  # type: ignore[union-attr]
        return None
    broadcast = column.owner
    if not isinstance(broadcast, GenericOp) or len(broadcast.inputs) != 1:
        return None
    (*body, last) = broadcast.body.block.ops
    if body or list(last.operands) != [broadcast.body.block.args[0]]:
        return None
    in_map, out_map = (m.data for m in broadcast.indexing_maps.data)
    if out_map != AffineMap.identity(rank):
        return None
    heads = rank - 3
    source_shape = broadcast.inputs[0].type.get_shape()  # type: ignore[union-attr]
    read = [
        (e.position, extent)
        for e, extent in zip(in_map.results, source_shape, strict=True)
        if isinstance(e, AffineDimExpr)
    ]
    if (heads, shape[heads]) not in read or any(
        extent != 1 for dim, extent in read if dim != heads
    ):
        return None
    values, ops = constant_vector(broadcast.inputs[0])
    if values is None or len(values) != shape[heads]:
        return None
    return scores, tuple(values), [concat, broadcast, *ops]
