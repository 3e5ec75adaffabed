"""A small SPMD evaluator for the SIMT code `coopmat-to-simt` emits, for its
tests only (one subgroup, straight-line code and `scf.if`).

Every SSA value is a numpy array with a leading axis of S lanes; memrefs are
shared numpy arrays. It knows exactly the ops the pass emits. The project's
interpreter (coopmlir.interpreter) is the real oracle; this one lets the
pass be checked against `coopmlir.layout` on its own.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith, func, math, memref, scf, vector
from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    VectorType,
)
from xdsl.ir import Attribute, Block, SSAValue

from coopmlir.dialects import gpu_subgroup

_INTS = {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
_UNSIGNED = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def dtype_of(t: Attribute) -> np.dtype:
    if isinstance(t, VectorType | MemRefType):
        t = t.get_element_type()
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, IntegerType):
        return np.dtype(_INTS[t.width.data])
    if isinstance(t, Float16Type):
        return np.dtype(np.float16)
    if isinstance(t, Float32Type | BFloat16Type):
        return np.dtype(np.float32)
    if isinstance(t, Float64Type):
        return np.dtype(np.float64)
    raise NotImplementedError(t)


def _unsigned(x: np.ndarray) -> np.ndarray:
    return x.view(_UNSIGNED[x.dtype.itemsize * 8]) if x.dtype != np.bool_ else x


_CMP = {
    "eq": np.equal,
    "ne": np.not_equal,
    "slt": np.less,
    "sle": np.less_equal,
    "sgt": np.greater,
    "sge": np.greater_equal,
}
_BINARY = {
    arith.AddiOp: np.add,
    arith.SubiOp: np.subtract,
    arith.MuliOp: np.multiply,
    arith.AddfOp: np.add,
    arith.SubfOp: np.subtract,
    arith.MulfOp: np.multiply,
    arith.DivfOp: np.divide,
    arith.AndIOp: np.bitwise_and,
    arith.MaxSIOp: np.maximum,
    arith.MinSIOp: np.minimum,
}


class Spmd:
    """Runs one function for the S lanes of one subgroup."""

    def __init__(self, subgroup_size: int):
        self.S = subgroup_size
        self.env: dict[SSAValue, np.ndarray] = {}

    def run(self, function: func.FuncOp, args: list[np.ndarray]) -> list:
        for arg, value in zip(function.body.block.args, args, strict=True):
            if isinstance(arg.type, MemRefType):
                self.env[arg] = value
            else:
                self.env[arg] = np.asarray(value, dtype=dtype_of(arg.type))
        return self.block(function.body.block, np.ones(self.S, dtype=bool))

    def block(self, block: Block, mask: np.ndarray) -> list:
        for op in block.ops:
            if isinstance(op, func.ReturnOp | scf.YieldOp):
                return [self.env[v] for v in op.operands]
            self.op(op, mask)
        return []

    def op(self, op, mask: np.ndarray) -> None:  # noqa: C901 - one case per op
        env, S = self.env, self.S
        get = [env[v] for v in op.operands] if op.operands else []
        if isinstance(op, arith.ConstantOp):
            value = op.value
            dtype = dtype_of(op.result.type)
            if isinstance(value, DenseIntOrFPElementsAttr):
                data = np.array(value.get_values(), dtype=dtype)
                result = np.tile(data, (S, 1))
            else:
                assert isinstance(value, IntegerAttr | FloatAttr)
                result = np.full(S, value.value.data, dtype=dtype)
        elif type(op) in _BINARY:
            with np.errstate(all="ignore"):
                result = _BINARY[type(op)](get[0], get[1]).astype(get[0].dtype)
        elif isinstance(op, arith.DivSIOp | arith.DivUIOp | arith.RemUIOp):
            x, y = get
            if isinstance(op, arith.DivSIOp):
                result = np.fix(x / np.where(y == 0, 1, y)).astype(x.dtype)
            else:
                ux, uy = _unsigned(x), _unsigned(y)
                uy = np.where(uy == 0, 1, uy).astype(uy.dtype)
                fn = np.remainder if isinstance(op, arith.RemUIOp) else np.floor_divide
                result = fn(ux, uy).astype(ux.dtype).view(x.dtype)
        elif isinstance(op, arith.ShRUIOp):
            result = (_unsigned(get[0]) >> _unsigned(get[1])).view(get[0].dtype)
        elif isinstance(op, arith.NegfOp):
            result = -get[0]
        elif isinstance(op, arith.CmpiOp):
            name = arith.CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]
            if name in _CMP:
                result = _CMP[name](*get)
            else:
                result = _CMP["s" + name[1:]](*map(_unsigned, get))
        elif isinstance(op, arith.SelectOp):
            cond = get[0]
            if cond.ndim < get[1].ndim:
                cond = cond.reshape(cond.shape + (1,) * (get[1].ndim - cond.ndim))
            result = np.where(cond, get[1], get[2])
        elif isinstance(op, arith.IndexCastOp | arith.ExtSIOp | arith.TruncIOp):
            result = get[0].astype(dtype_of(op.result.type))
        elif isinstance(op, arith.ExtUIOp):
            result = _unsigned(get[0]).astype(dtype_of(op.result.type))
        elif isinstance(op, arith.ExtFOp | arith.TruncFOp | arith.SIToFPOp):
            result = get[0].astype(dtype_of(op.result.type))
        elif isinstance(op, arith.UIToFPOp):
            result = _unsigned(get[0]).astype(dtype_of(op.result.type))
        elif isinstance(op, arith.FPToSIOp):
            result = np.trunc(get[0]).astype(dtype_of(op.result.type))
        elif isinstance(op, math.FmaOp):
            wide = get[0].astype(np.float64) * get[1] + get[2]
            result = wide.astype(get[2].dtype)
        elif isinstance(op, vector.ExtractOp):
            result = get[0][np.arange(S), self._position(op, get[1:])]
        elif isinstance(op, vector.InsertOp):
            result = get[1].copy()
            result[np.arange(S), self._position(op, get[2:])] = get[0]
        elif isinstance(op, vector.BroadcastOp):
            length = op.vector.type.get_shape()[0]
            result = np.repeat(get[0][:, None], length, axis=1)
        elif isinstance(op, vector.BitcastOp):
            result = get[0].view(dtype_of(op.result.type))
        elif isinstance(op, gpu_subgroup.LaneIdOp):
            result = np.arange(S, dtype=np.int64)
        elif isinstance(op, gpu_subgroup.ShuffleOp):
            assert op.mode.data == gpu_subgroup.ShuffleMode.IDX
            source = get[1].astype(np.int64)
            assert ((source >= 0) & (source < S))[mask].all(), source
            result = get[0][source.clip(0, S - 1)]
            env[op.valid] = np.ones(S, dtype=bool)
        elif isinstance(op, memref.DimOp):
            result = np.full(S, get[0].shape[int(get[1][0])], dtype=np.int64)
        elif isinstance(op, memref.LoadOp):
            mem, indices = get[0], get[1:]
            safe = [np.where(mask, i, 0) for i in indices]
            result = np.where(mask, mem[tuple(safe)], 0).astype(mem.dtype)
        elif isinstance(op, memref.StoreOp):
            value, mem, indices = get[0], get[1], get[2:]
            active = np.nonzero(mask)[0]
            mem[tuple(i[active] for i in indices)] = value[active]
            return
        elif isinstance(op, scf.IfOp):
            cond = get[0]
            then = self.block(op.true_region.block, mask & cond)
            other = (
                self.block(op.false_region.block, mask & ~cond)
                if op.false_region.blocks
                else []
            )
            for res, t, e in zip(op.results, then, other, strict=True):
                env[res] = np.where(cond, t, e).astype(t.dtype)
            return
        else:
            raise NotImplementedError(f"simt_spmd: {op.name}")
        env[op.results[0]] = result

    @staticmethod
    def _position(op, dynamic: list[np.ndarray]) -> np.ndarray | int:
        (static,) = op.static_position.get_values()
        return static if static >= 0 else dynamic[0].astype(np.int64)
