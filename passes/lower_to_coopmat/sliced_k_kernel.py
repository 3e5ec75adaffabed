"""The sliced-K kernel of small-M products (`small-m-kernel=sliced`,
small_m_plan.plan_sliced): one launch, the K loop split over the subgroups
of a workgroup instead of over workgroups, so no split-K workspace and no
second kernel sum the slices.

Workgroup w owns outputs n0 = w * TN .. n0 + TN of all M <= 16 rows; its G
subgroups walk K in chunks of TKs, subgroup g taking chunks g, g + G, ...
(every subgroup the same number of steps; chunks past K read as zeros):

    acc[j] = 0                                   (TN / 16 fragments of 16x16)
    for each of its chunks k (the next one fetched ahead into registers:
        the weight's stored bytes, and A's fragments from global memory):
      barrier; W[n0 .. n0 + TN, k .. k + TKs] -> Ws[g] (decoded); barrier
      acc[j] += A[0:16, k + 16 s] @ Ws[g][16 j, 16 s]^T     (s < TKs / 16)
    Red[g] = acc                                 (workgroup memory, f32)
    barrier
    C[m, n0 + j] = fill | C[m, n0 + j] + sum_g Red[g, m, j]   (in C's type)

The weight is N x K (nn.Linear's, B read transposed), f16 / bf16 or
decoded in the load (weight_decode.py: int8, int4, 8-bit floats), staged
through the subgroup's own slice Ws[g] of workgroup memory by the
subgroup's lanes (tile_copy.py), so each K step moves TN x TKs weights per
subgroup and G times that per workgroup, with no split-K partials in
global memory.
"""

from __future__ import annotations

from xdsl.dialects import arith, gpu, memref
from xdsl.dialects.builtin import AnyFloat, Float32Type, MemRefType
from xdsl.ir import Block, SSAValue

from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.passes.lower_to_coopmat.fragment_tile import (
    FragmentTile,
    FragmentTypes,
    Operand,
    checked_mode,
)
from coopmlir.passes.lower_to_coopmat.k_loop import KTiles, prefetch_loop
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.small_m_plan import SlicedPlan
from coopmlir.passes.lower_to_coopmat.tile_copy import TileCopy
from coopmlir.passes.lower_to_coopmat.weight_decode import (
    kernel_operands,
    with_decode,
)
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES

F32 = Float32Type()


class SlicedKernel:
    """Emits the kernel of `plan` (module doc); the K steps as k_loop.py's
    prefetch schedule asks for them (`fetch`, `store`, `math`)."""

    def __init__(self, plan: SlicedPlan, target: Target, entry: Block):
        self.plan, self.mm = plan, plan.matmul
        self.subgroup = target.subgroup_size
        self.b = KernelBuilder(entry)
        self.args = entry.args
        self.types = FragmentTypes.of((16, 16, 16), self.mm.a_elem)
        self.tile = FragmentTile(self.types, 1, plan.columns // 16)

    def build(self) -> None:
        b, plan, mm = self.b, self.plan, self.mm
        a, w, c = self.args[:3]
        self.A = Operand(a, (), False)
        self.W = with_decode(Operand(w, (), True), mm, None, self.args)
        self.C = c
        thread = b.gpu_id(gpu.ThreadIdOp, "x")
        self.group = b.div(thread, self.subgroup)
        self.lane = b.rem(thread, self.subgroup)
        self.n0 = b.mul(b.gpu_id(gpu.BlockIdOp, "x"), plan.columns)
        self._allocate()
        zero = b.constant(0.0, F32)
        accs = self.tile.fill(b, zero)
        start = b.mul(self.group, plan.chunk)
        step = plan.groups * plan.chunk
        last = b.add(start, (plan.steps - 1) * step)
        kt = KTiles(b, step, start)
        accs = prefetch_loop(kt, self, accs, last, depth=plan.depth, count=plan.steps)
        self._reduce(accs, thread)
        b.emit(gpu.ReturnOp([]))

    def _allocate(self) -> None:
        """Ws [G, TN, TKs + pad] (each subgroup's weight slice, rows padded
        by 16 bytes) and Red [G, 16, TN] f32, at the top of the kernel."""
        plan, b = self.plan, self.b
        pad = ACCESS_BYTES // 2
        slices = memref.AllocaOp.get(
            self.mm.a_elem,
            shape=(plan.groups, plan.columns, plan.chunk + pad),
            memory_space=WORKGROUP_MEMORY_SPACE,
        )
        sums = memref.AllocaOp.get(
            F32,
            shape=(plan.groups, 16, plan.columns),
            memory_space=WORKGROUP_MEMORY_SPACE,
        )
        b.entry.insert_op_before(slices, b.entry.first_op)
        b.entry.insert_op_after(sums, slices)
        group = b.value(self.group)
        self.slice = Operand(slices.memref, (group,), True)
        self.sums = sums.memref

    # -- one K step, as prefetch_loop asks for it -----------------------------

    def _copy(self, k: Index) -> TileCopy:
        """The subgroup's copy of W[n0 .. n0 + TN, k .. k + TKs] into its
        slice (zeros past K: chunks past the end)."""
        plan, w = self.plan, self.W
        return TileCopy(
            self.b,
            w.memref,
            (),
            self.slice.memref,
            (self.n0, k),
            (plan.columns, plan.chunk),
            (self.mm.n, self.mm.k),
            (False, plan.past_k),
            self.lane,
            self.subgroup,
            dst_prefix=self.slice.prefix,
            decode=w.decode,
        )

    def fetch(self, k: Index, last_tile: bool) -> list[SSAValue]:
        """The chunk's weight values (stored form) and A's fragments."""
        b, plan = self.b, self.plan
        checked = checked_mode(self.mm.m % 16 != 0, plan.past_k)
        fragments = [
            self.A.load(b, 0, b.add(k, 16 * s), self.types.a, checked)
            for s in range(plan.chunk // 16)
        ]
        return [*self._copy(k).fetch(), *fragments]

    def store(
        self, k: Index, fetched: list[SSAValue], buffer: Index | None = None
    ) -> None:
        """The weights into the subgroup's slice; A's fragments kept for
        `math`, which the schedule runs next on the same chunk."""
        copy = self._copy(k)
        count = copy.values_per_thread
        copy.store(fetched[:count])
        self.a_fragments = fetched[count:]

    def math(self, accs: list[SSAValue], buffer: Index | None = None) -> list[SSAValue]:
        b = self.b
        for s, a in enumerate(self.a_fragments):

            def load_b(j: int, s: int = s) -> SSAValue:
                return self.slice.load(b, 16 * s, 16 * j, self.types.b, None)

            accs = self.tile.multiply_add(b, accs, [a], load_b)
        return accs

    # -- the sum over the subgroups -------------------------------------------

    def _reduce(self, accs: list[SSAValue], thread: SSAValue) -> None:
        """Each subgroup's accumulators into Red[g]; then each work-item
        sums its elements over the subgroups onto the fill or C."""
        b, plan, mm = self.b, self.plan, self.mm
        sums = Operand(self.sums, (b.value(self.group),), False)
        for j, acc in enumerate(accs):
            sums.store(b, acc, 0, 16 * j, None)
        b.emit(gpu.BarrierOp())
        out = self.C.type
        assert isinstance(out, MemRefType)
        threads = plan.groups * self.subgroup

        def element(e: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            row, col = b.div(e, plan.columns), b.rem(e, plan.columns)
            at = [b.value(row), b.value(b.add(self.n0, col))]
            if mm.fill_value is not None:
                total = b.constant(mm.fill_value.value.data, F32)  # type: ignore[attr-defined]
            else:
                total = _widened(b, b.emit(memref.LoadOp.get(self.C, at)).results[0])
            for g in range(plan.groups):
                index = [b.value(g), b.value(row), b.value(col)]
                part = b.emit(memref.LoadOp.get(self.sums, index)).results[0]
                total = b.emit(arith.AddfOp(total, part)).results[0]
            if out.element_type != F32:
                total = b.emit(arith.TruncFOp(total, out.element_type)).results[0]
            b.emit(memref.StoreOp.get(total, self.C, at))
            return []

        b.loop(thread, mm.m * plan.columns, threads, [], element)


def _widened(b: KernelBuilder, value: SSAValue) -> SSAValue:
    if value.type == F32:
        return value
    assert isinstance(value.type, AnyFloat)
    return b.emit(arith.ExtFOp(value, F32)).results[0]


def build_sliced_kernel(name: str, plan: SlicedPlan, target: Target) -> gpu.FuncOp:
    """The `gpu.func` of `plan` on (A, W, C) and the weight's decode inputs."""
    mm = plan.matmul
    types = [v.type for v in kernel_operands(mm, mm.operands)]
    kernel = kernel_function(name, types, plan.threads(target), target.subgroup_size)
    SlicedKernel(plan, target, kernel.body.block).build()
    return kernel
