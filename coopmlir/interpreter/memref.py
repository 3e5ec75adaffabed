"""memref ops: element loads and stores, atomic updates of global memory
(`memref.atomic_rmw` addi and assign: `memory.update`), allocation
(workgroup memory inside kernels), dims and copies; the host's views
(`collapse_shape`, `expand_shape`, `subview`: numpy views sharing the
buffer, as in MLIR) and globals (`memref.get_global`: the
`memref.global`'s data, decoded once per run; a constant global's array is
read-only)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    MemRefType,
)
from xdsl.interpreter import InterpreterFunctions, impl, register_impls
from xdsl.traits import SymbolTable

from coopmlir.dialects.gpu_subgroup import (
    WORKGROUP_MEMORY_SPACE,
    is_private_memory,
    is_workgroup_memory,
)
from coopmlir.dialects.memref_syntax import atomic_rmw_kind
from coopmlir.interpreter import memory
from coopmlir.interpreter.arith import elements_array
from coopmlir.interpreter.spmd import PrivateMemory, WorkgroupMemory
from coopmlir.interpreter.tensor import slice_window
from coopmlir.interpreter.values import InterpretationFailure, round_to, uninitialized

#: How each supported memref.atomic_rmw kind combines the old element and
#: the operand (integers wrap: `round_to` the element type).
_ATOMIC_UPDATES = {
    "addi": lambda old, value: old + value,
    "assign": lambda old, value: value,
}


def _static_shape(op, t: MemRefType) -> tuple[int, ...]:
    shape = tuple(t.get_shape())
    if any(d < 0 for d in shape):
        raise InterpretationFailure(f"{op.name}: dynamic shapes are not supported")
    return shape


@register_impls
class MemRefFunctions(InterpreterFunctions):
    @impl(memref.LoadOp)
    def run_load(self, interp, op: memref.LoadOp, args):
        mem, *indices = args
        return (memory.load(interp, mem, indices, op.name),)

    @impl(memref.StoreOp)
    def run_store(self, interp, op: memref.StoreOp, args):
        value, mem, *indices = args
        memory.store(interp, mem, indices, value, op.name)
        return ()

    @impl(memref.AtomicRMWOp)
    def run_atomic_rmw(self, interp, op: memref.AtomicRMWOp, args):
        value, mem, *indices = args
        kind = atomic_rmw_kind(op)
        if kind not in _ATOMIC_UPDATES:
            raise InterpretationFailure(
                f"{op.name}: kind '{kind}' is not supported "
                f"(only {', '.join(_ATOMIC_UPDATES)})"
            )
        t = op.result.type
        combine = _ATOMIC_UPDATES[kind]
        old = memory.update(
            interp,
            mem,
            indices,
            value,
            lambda old, v: round_to(t, combine(old, v)),
            op.name,
        )
        return (old,)

    def _allocate(self, interp, op, sizes):
        t = op.memref.type
        launch = interp.launch
        if launch is None:  # host memory: dynamic sizes are the operands
            given = iter(int(n) for n in sizes)
            shape = tuple(next(given) if d < 0 else d for d in t.get_shape())
            if any(d < 0 for d in shape):
                raise InterpretationFailure(f"{op.name}: a negative size in {shape}")
            return (uninitialized(t, shape),)
        shape = _static_shape(op, t)
        if is_private_memory(t):
            return (PrivateMemory(uninitialized(t, (launch.lanes, *shape))),)
        if not is_workgroup_memory(t):
            raise InterpretationFailure(
                f"{op.name} in a kernel must allocate workgroup memory "
                f"(memory space {WORKGROUP_MEMORY_SPACE}), got {t}"
            )
        data = uninitialized(t, (launch.workgroups, *shape))
        return (WorkgroupMemory(data, launch),)

    @impl(memref.AllocOp)
    def run_alloc(self, interp, op, args):
        return self._allocate(interp, op, args)

    @impl(memref.AllocaOp)
    def run_alloca(self, interp, op, args):
        return self._allocate(interp, op, args)

    @impl(memref.DeallocOp)
    def run_dealloc(self, interp, op, args):
        return ()

    @impl(memref.DimOp)
    def run_dim(self, interp, op, args):
        mem, dim = args
        shape = (
            mem.shape
            if isinstance(mem, WorkgroupMemory | PrivateMemory)
            else np.shape(mem)
        )
        return (np.int64(shape[int(dim)]),)

    @impl(memref.CastOp)
    def run_cast(self, interp, op, args):
        return (args[0],)

    @impl(memref.CollapseShapeOp)
    def run_collapse_shape(self, interp, op, args):
        # The same buffer with fewer dimensions (a view, as in MLIR).
        (source,) = args
        if interp.launch is not None:
            raise InterpretationFailure("memref.collapse_shape inside a kernel")
        source = np.asarray(source)
        groups = [[d.value.data for d in g.data] for g in op.reassociation.data]
        # A dynamic size of the result is its group's product at run time.
        shape = [int(np.prod([source.shape[d] for d in g])) for g in groups]
        return (_reshaped_view(op, source, shape),)

    @impl(memref.ExpandShapeOp)
    def run_expand_shape(self, interp, op: memref.ExpandShapeOp, args):
        # The same buffer with more dimensions (a view, as in MLIR).
        source, *sizes = args
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        given = iter(int(n) for n in sizes)
        shape = [
            next(given) if n == DYNAMIC_INDEX else n
            for n in op.static_output_shape.get_values()
        ]
        source = np.asarray(source)
        if int(np.prod(shape)) != source.size:
            raise InterpretationFailure(
                f"{op.name}: {source.shape} does not expand to {shape}"
            )
        return (_reshaped_view(op, source, shape),)

    @impl(memref.GetGlobalOp)
    def run_get_global(self, interp, op: memref.GetGlobalOp, args):
        name = op.name_.string_value()
        if not hasattr(self, "_globals"):
            self._globals = {}
        if name not in self._globals:
            self._globals[name] = _global_array(op, name)
        return (self._globals[name],)

    @impl(memref.SubviewOp)
    def run_subview(self, interp, op: memref.SubviewOp, args):
        # A strided window of the host buffer (a numpy view, as in MLIR);
        # run-time offsets, sizes and strides come in that order.
        source, *dynamic = args
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        source = np.asarray(source)
        return (source[slice_window(op, source.shape, dynamic)],)

    @impl(memref.CopyOp)
    def run_copy(self, interp, op, args):
        source, target = args
        if interp.launch is not None:
            raise InterpretationFailure("memref.copy inside a kernel")
        if np.shape(source) != np.shape(target):
            raise InterpretationFailure(
                f"{op.name}: the source's shape {np.shape(source)} is not the "
                f"target's {np.shape(target)}"
            )
        if not np.asarray(target).flags.writeable:
            raise InterpretationFailure(f"{op.name}: the target is a constant")
        target[...] = source
        return ()


def _reshaped_view(op, source: np.ndarray, shape) -> np.ndarray:
    """`source` as `shape`, sharing its memory (MLIR's reshapes are views;
    a group that is not contiguous cannot be one)."""
    view = source.reshape(shape)
    if view.size and not np.shares_memory(view, source):
        raise InterpretationFailure(f"{op.name}: memref is not contiguous")
    return view


def _global_array(op: memref.GetGlobalOp, name: str) -> np.ndarray:
    """The data of the `memref.global` that `op` names: its initial value
    (uninitialized: NaN for floats), read-only when the global is constant."""
    found = SymbolTable.lookup_symbol(op, name)
    if found is None or found.name != "memref.global":
        raise InterpretationFailure(f"{op.name}: no memref.global @{name}")
    t = op.memref.type
    value = found.initial_value
    if not isinstance(value, DenseIntOrFPElementsAttr | DenseResourceAttr):
        return uninitialized(t, _static_shape(op, t))
    array = elements_array(value)
    if found.constant is None:
        return np.array(array)
    array.flags.writeable = False
    return array
