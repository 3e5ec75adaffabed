"""Split-K's sum in the partial kernel (`split-k-sum=last-workgroup`): the
last of a tile's S slices to store its partial product adds all S onto C,
so no second kernel is launched (last_workgroup.py says how it knows).

In C's stored coordinates, the tile's R x Q elements from (r0, q0), in
runs of V elements along a row (V = 4 where rows hold whole runs, else 1),
work-item t taking runs t, t + T, ...:

    r, q = r0 + e / (Q / V), q0 + (e % (Q / V)) * V
    if r < rows and q < cols:                     (edge tiles only)
      sum = C[r, q:q+V] (as acc) | fill
      sum += W[s, r, q:q+V] for s < S             (all S loads issued first)
      C[r, q:q+V] = sum (as C's type)

The same sum as split_k.py's reduction kernel, in the same order (C or the
fill first, then the slices in order), so both round alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf, vector
from xdsl.dialects.builtin import AnyFloat, Float32Type, MemRefType, VectorType
from xdsl.ir import Attribute, Block, SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.last_workgroup import if_last_to_arrive

#: Runs a work-item sums in straight-line code; more go in a loop.
UNROLLED_RUNS = 8


@dataclass(frozen=True)
class SliceSum:
    """What the sum needs, in C's stored coordinates (module doc)."""

    workspace: SSAValue  # S x [batch x] rows x cols, the accumulators' type
    out: SSAValue  # C
    counts: SSAValue  # arrivals per tile (last_workgroup.arrival_counts)
    at: list[SSAValue]  # this tile's count
    origin: tuple[Index, Index]  # (r0, q0)
    shape: tuple[int, int]  # (R, Q)
    bounds: tuple[int, int]  # (rows, cols)
    prefix: tuple[SSAValue, ...]  # C's leading (batch) index
    fill: Attribute | None  # the fill value (a FloatAttr / IntegerAttr) or None


def sum_if_last(b: KernelBuilder, thread: SSAValue, threads: int, s: SliceSum):
    """Emits the arrival and, in the tile's last workgroup, the sum."""
    slices = s.workspace.type.get_shape()[0]  # type: ignore[attr-defined]
    with if_last_to_arrive(b, thread, s.counts, s.at, slices):
        _Sum(b, s, slices).emit(thread, threads)


class _Sum:
    def __init__(self, b: KernelBuilder, s: SliceSum, slices: int):
        self.b, self.s, self.slices = b, s, slices
        w_type = s.workspace.type
        assert isinstance(w_type, MemRefType)
        self.acc = w_type.element_type
        out_type = s.out.type
        assert isinstance(out_type, MemRefType)
        self.out_elem = out_type.element_type
        rows, cols = s.shape
        self.width = 4 if cols % 4 == 0 and s.bounds[1] % 4 == 0 else 1
        self.per_row = cols // self.width
        self.runs = rows * self.per_row
        # Edge tiles only: a tile inside the matrix needs no check.
        self.checked = any(b_ % n for b_, n in zip(s.bounds, s.shape, strict=True))

    def emit(self, thread: SSAValue, threads: int) -> None:
        b = self.b
        rounds = -(-self.runs // threads)
        if rounds <= UNROLLED_RUNS:
            for i in range(rounds):
                self._run(b.add(thread, i * threads), (i + 1) * threads > self.runs)
            return

        def body(e: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            self._run(e, False)
            return []

        b.loop(thread, self.runs, threads, [], body)

    def _run(self, e: Index, past_end: bool) -> None:
        """Run e of the tile: its check, loads, sum and store."""
        b, s = self.b, self.s
        r = b.add(s.origin[0], b.div(e, self.per_row))
        q = b.add(s.origin[1], b.mul(b.rem(e, self.per_row), self.width))
        conditions = []
        if past_end:
            conditions.append(b.below(b.value(e), self.runs))
        if self.checked:
            conditions += [
                b.below(b.value(r), s.bounds[0]),
                b.below(b.value(q), s.bounds[1]),
            ]
        if not conditions:
            self._sum(r, q)
            return
        inside = conditions[0]
        for c in conditions[1:]:
            inside = b.both(inside, c)
        then = Block()
        b.emit(scf.IfOp(inside, [], [then]))
        with b.inside(then):
            self._sum(r, q)
            b.emit(scf.YieldOp())

    def _sum(self, r: Index, q: Index) -> None:
        b, s = self.b, self.s
        at = [*s.prefix, b.value(r), b.value(q)]
        parts = [self._load(s.workspace, [b.value(i), *at]) for i in range(self.slices)]
        if s.fill is not None:
            total = b.constant(s.fill.value.data, self._typed(self.acc))  # type: ignore[attr-defined]
        else:
            total = self._convert(self._load(s.out, at), self._typed(self.acc))
        add = arith.AddfOp if isinstance(self.acc, AnyFloat) else arith.AddiOp
        for part in parts:
            total = b.emit(add(total, part)).results[0]
        result = self._convert(total, self._typed(self.out_elem))
        if self.width == 1:
            b.emit(memref.StoreOp.get(result, s.out, at))
        else:
            b.emit(vector.StoreOp(result, s.out, at))

    def _typed(self, element: Attribute) -> Attribute:
        return element if self.width == 1 else VectorType(element, [self.width])

    def _load(self, mem: SSAValue, at: list[SSAValue]) -> SSAValue:
        element = mem.type.element_type  # type: ignore[attr-defined]
        if self.width == 1:
            return self.b.emit(memref.LoadOp.get(mem, at)).results[0]
        return self.b.emit(vector.LoadOp(mem, at, self._typed(element))).results[0]

    def _convert(self, value: SSAValue, to: Attribute) -> SSAValue:
        """f16 / bf16 <-> f32 (or unchanged: integers keep their type)."""
        if value.type == to:
            return value
        element = to.element_type if isinstance(to, VectorType) else to
        if isinstance(element, Float32Type):
            return self.b.emit(arith.ExtFOp(value, to)).results[0]
        return self.b.emit(arith.TruncFOp(value, to)).results[0]
