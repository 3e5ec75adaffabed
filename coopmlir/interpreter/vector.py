"""vector ops on 1-D vectors (the per-work-item vectors of SIMT code).

A vector value has its components on the last axis (after the lane axis
inside kernels)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import vector
from xdsl.dialects.builtin import IntegerAttr
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.elements import f8_bits, f8_format, is_f8
from coopmlir.interpreter import memory
from coopmlir.interpreter.values import InterpretationFailure, round_to

_DYNAMIC = -(2**63)


def _position(op, args) -> np.ndarray:
    """The (possibly per-lane) index of a 1-D vector.extract/insert."""
    (static,) = op.static_position.get_values() or (None,)
    if static is None:
        raise InterpretationFailure(f"{op.name}: only 1-D vectors are supported")
    if static != _DYNAMIC:
        return np.int64(static)
    return np.asarray(args[0]).astype(np.int64)


def _component(vec: np.ndarray, index):
    """Fancy index of component `index` (scalar or per lane) of a uniform
    (V,) or per-lane (lanes, V) vector."""
    if vec.ndim == 1:
        return (index,)
    return (np.arange(vec.shape[0]), np.broadcast_to(index, vec.shape[:1]))


@register_impls
class VectorFunctions(InterpreterFunctions):
    @impl(vector.ExtractOp)
    def run_extract(self, interp, op: vector.ExtractOp, args):
        vec, *dynamic = args
        vec = np.asarray(vec)
        index = _position(op, dynamic)
        if np.any((index < 0) | (index >= vec.shape[-1])):
            raise InterpretationFailure("vector.extract: position out of range")
        return (vec[_component(vec, index)],)

    @impl(vector.InsertOp)
    def run_insert(self, interp, op: vector.InsertOp, args):
        value, vec, *dynamic = args
        index = _position(op, dynamic)
        if interp.launch is not None and np.ndim(value) + np.ndim(index) > 0:
            vec = interp.launch.per_lane(vec, rank=1)  # lanes insert different things
        vec = np.array(vec)  # a copy: SSA values are immutable
        if np.any((index < 0) | (index >= vec.shape[-1])):
            raise InterpretationFailure("vector.insert: position out of range")
        vec[_component(vec, index)] = value
        return (vec,)

    @impl(vector.BroadcastOp)
    def run_broadcast(self, interp, op: vector.BroadcastOp, args):
        (length,) = op.vector.type.get_shape()
        value = np.asarray(args[0])
        if op.source.type == op.vector.type:
            return (value,)
        return (round_to(op.vector.type, np.repeat(value[..., None], length, axis=-1)),)

    @impl(vector.FMAOp)
    def run_fma(self, interp, op, args):
        a, b, c = (np.asarray(x, dtype=np.float64) for x in args)
        return (round_to(op.res.type, a * b + c),)

    @impl(vector.LoadOp)
    def run_load(self, interp, op: vector.LoadOp, args):
        mem, *indices = args
        (length,) = op.result.type.get_shape()
        alignment = op.attributes.get("alignment")
        if isinstance(alignment, IntegerAttr):
            memory.check_alignment(interp, mem, indices, alignment.value.data, op.name)
        parts = [
            memory.load(interp, mem, [*indices[:-1], indices[-1] + k], op.name)
            for k in range(length)
        ]
        return (np.stack(np.broadcast_arrays(*parts), axis=-1),)

    @impl(vector.StoreOp)
    def run_store(self, interp, op: vector.StoreOp, args):
        value, mem, *indices = args
        value = np.asarray(value)
        for k in range(value.shape[-1]):
            where = [*indices[:-1], indices[-1] + k]
            memory.store(interp, mem, where, value[..., k], op.name)
        return ()

    @impl(vector.ShuffleOp)
    def run_shuffle(self, interp, op: vector.ShuffleOp, args):
        """1-D shuffle: the mask indexes the concatenation of both vectors."""
        v1, v2 = (np.asarray(x) for x in args)
        if interp.launch is not None and max(v1.ndim, v2.ndim) > 1:
            v1, v2 = interp.launch.per_lane(v1, 1), interp.launch.per_lane(v2, 1)
        both = np.concatenate((v1, v2), axis=-1)
        return (both[..., list(op.mask.get_values())],)

    @impl(vector.BitcastOp)
    def run_bitcast(self, interp, op, args):
        from coopmlir.interpreter.values import numpy_dtype

        x = np.ascontiguousarray(args[0])
        source = op.source.type
        if is_f8(source):  # f8 values are held in float32: take their bytes
            x = np.ascontiguousarray(f8_bits(x, f8_format(source)))
        return (x.view(numpy_dtype(op.result.type)),)
