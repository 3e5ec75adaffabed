"""The last workgroup to arrive: a kernel whose workgroups each store a
partial result and whose last one combines them, without a second launch
(decoding attention's fused combine; a split-K sum done so measured slower
than its second kernel on the H200: bench/RESULTS.md, "Nineteenth
session").

    barrier (device scope)          the partial results available to all
    work-item 0: before = atomic add(counts[at], 1) -> workgroup memory
    barrier (device scope)          ... and visible to the last workgroup
    if before == arrivals - 1:      (the last workgroup of `at`)
      work-item 0: counts[at] = 0 (atomic: zero again for the next launch)
      the combine

`counts` is a mutable `memref.global` of i32 zeros (`arrival_counts`): a
host alloc would start uninitialized, as in MLIR, and the launch that
leaves it zero keeps it so for the next one.

Only the two barriers around the atomic are device-scope
(gpu_subgroup.device_barrier: `gpu.barrier {coopmlir.device_scope}`);
every other barrier of the kernel (a K loop's, say) stays a workgroup
barrier, as cheap as in a kernel without atomics.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    SymbolTable,
    TensorType,
    i32,
)
from xdsl.ir import Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE, device_barrier
from coopmlir.dialects.memref_global import GlobalOp
from coopmlir.dialects.memref_syntax import ATOMIC_RMW_KINDS
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder


def atomic(kind: str, value: SSAValue, mem: SSAValue, at: list[SSAValue]):
    """`memref.atomic_rmw <kind> value, mem[at]`: the old value."""
    return memref.AtomicRMWOp(
        operands=[value, mem, at],
        properties={"kind": IntegerAttr(ATOMIC_RMW_KINDS.index(kind), 64)},
        result_types=[value.type],
    )


@contextmanager
def first_work_item(b: KernelBuilder, thread: SSAValue) -> Iterator[None]:
    """Emits the body into `if thread == 0`."""
    body = Block()
    b.emit(scf.IfOp(b.below(thread, 1), [], [body]))
    with b.inside(body):
        yield
        b.emit(scf.YieldOp())


@contextmanager
def if_last_to_arrive(
    b: KernelBuilder,
    thread: SSAValue,
    counts: SSAValue,
    at: list[SSAValue],
    arrivals: int,
) -> Iterator[None]:
    """Emits the arrival of the module doc and the body under `if` this
    workgroup is the last of the `arrivals` that count at `counts[at]`.
    Every work-item of the workgroup must reach it (it holds barriers)."""
    seen = b.emit(
        memref.AllocaOp.get(i32, shape=(1,), memory_space=WORKGROUP_MEMORY_SPACE)
    ).results[0]
    zero = b.value(0)
    b.emit(device_barrier())
    with first_work_item(b, thread):
        before = b.emit(atomic("addi", b.constant(1, i32), counts, at)).results[0]
        b.emit(memref.StoreOp.get(before, seen, [zero]))
    b.emit(device_barrier())
    arrived = b.emit(memref.LoadOp.get(seen, [zero])).results[0]
    everyone = b.constant(arrivals - 1, i32)
    last = Block()
    b.emit(
        scf.IfOp(b.emit(arith.CmpiOp(arrived, everyone, "eq")).results[0], [], [last])
    )
    with b.inside(last):
        with first_work_item(b, thread):
            b.emit(atomic("assign", b.constant(0, i32), counts, at))
        yield
        b.emit(scf.YieldOp())


def arrival_counts(
    module: ModuleOp,
    rewriter: PatternRewriter,
    name: str,
    counts: MemRefType,
    before: Operation,
) -> SSAValue:
    """A mutable `memref.global` @name (made unique) of i32 zeros of type
    `counts` at the top of `module`, read with `memref.get_global` before
    `before` (at its location)."""
    block = module.body.block
    while SymbolTable.lookup_symbol(module, name) is not None:
        name += "_"
    zeros = DenseIntOrFPElementsAttr.from_list(
        TensorType(counts.element_type, counts.get_shape()), [0]
    )
    made = GlobalOp(name, counts, zeros, constant=False)
    made.location = before.location
    first = next(o for o in block.ops if not isinstance(o, GlobalOp))
    rewriter.insert(made, InsertPoint.before(first))
    get = memref.GetGlobalOp(name, counts)
    get.location = before.location
    rewriter.insert(get, InsertPoint.before(before))
    return get.memref
