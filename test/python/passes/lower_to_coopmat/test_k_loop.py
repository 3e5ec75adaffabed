"""The K-loop schedules (passes/lower_to_coopmat/k_loop.py) on a recording
kernel: the loop structure, the barriers and the order of copies, fetches,
stores and math each schedule builds, and what is peeled out of the loop."""

from __future__ import annotations

from xdsl.dialects import gpu, scf
from xdsl.dialects import test as test_dialect
from xdsl.dialects.builtin import Float32Type, StringAttr
from xdsl.ir import Block, Operation, SSAValue

from coopmlir.passes.lower_to_coopmat.k_loop import (
    KTiles,
    multi_buffered_loop,
    prefetch_loop,
    register_prefetch_loop,
    staged_loop,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder

f32 = Float32Type()
TK = 32


class Recorder:
    """StagedTiles that emits one `test.op` per step, named after it, with
    the K index (and the buffer) as operands; two values fetched per tile."""

    def __init__(self, b: KernelBuilder):
        self.b = b

    def _op(self, name: str, operands: list[SSAValue], results: int = 0):
        op = test_dialect.TestOp(
            operands,
            [f32] * results,
            attributes={"step": StringAttr(name)},
        )
        return self.b.emit(op).results

    def _k(self, k: Index, buffer: Index | None = None) -> list[SSAValue]:
        values = [self.b.value(k)]
        return values if buffer is None else [*values, self.b.value(buffer)]

    def copy(self, k: Index, last_tile: bool) -> None:
        self._op("copy_last" if last_tile else "copy", self._k(k))

    def fetch(self, k: Index, last_tile: bool) -> list[SSAValue]:
        return list(self._op("fetch_last" if last_tile else "fetch", self._k(k), 2))

    def store(self, k: Index, fetched: list[SSAValue], buffer: Index | None = None):
        self._op("store", [*self._k(k, buffer), *fetched])

    def math(self, accs: list[SSAValue], buffer: Index | None = None):
        extra = [] if buffer is None else [self.b.value(buffer)]
        return list(self._op("math", [*accs, *extra], len(accs)))


def build(schedule) -> tuple[Block, list[SSAValue]]:
    entry = Block()
    b = KernelBuilder(entry)
    accs = [b.emit(test_dialect.TestOp([], [f32])).results[0]]
    result = schedule(b, Recorder(b), accs)
    return entry, result


def steps(block: Block) -> list[str]:
    """The block's schedule, one word per op: recorded steps, barriers and
    loops (with their bodies in brackets); index arithmetic left out."""
    words = []
    for op in block.ops:
        if isinstance(op, gpu.BarrierOp):
            words.append("|")
        elif isinstance(op, scf.ForOp):
            words.append("for[" + " ".join(steps(op.body.block)) + "]")
        elif isinstance(op, test_dialect.TestOp) and "step" in op.attributes:
            words.append(op.attributes["step"].data)  # type: ignore[union-attr]
    return words


def loop_of(block: Block) -> scf.ForOp:
    (loop,) = [o for o in block.ops if isinstance(o, scf.ForOp)]
    return loop


def constant(value: SSAValue) -> int:
    owner: Operation = value.owner  # type: ignore[assignment]
    return owner.value.value.data  # type: ignore[attr-defined]


def test_staged_loop_copies_between_barriers_and_peels_the_last_tile():
    entry, _ = build(lambda b, t, a: staged_loop(KTiles(b, TK), t, a, 4 * TK))
    # Unpeeled, every tile's copy is checked along K (any may be the last).
    assert steps(entry) == ["for[| copy_last | math]"]
    entry, _ = build(
        lambda b, t, a: staged_loop(KTiles(b, TK, peel_last=True), t, a, 4 * TK)
    )
    assert steps(entry) == ["for[| copy | math]", "|", "copy_last", "|", "math"]
    assert constant(loop_of(entry).ub) == 3 * TK  # the loop stops before the last


def test_prefetch_loop_fetches_one_tile_ahead():
    entry, accs = build(lambda b, t, a: prefetch_loop(KTiles(b, TK), t, a, 3 * TK))
    assert steps(entry) == [
        "fetch", "for[| store | fetch_last math]", "|", "store", "|", "math",
    ]  # fmt: skip
    loop = loop_of(entry)
    assert len(loop.iter_args) == 1 + 2  # the accumulator and one fetched tile
    assert constant(loop.ub) == 3 * TK
    assert accs[0].owner.attributes["step"].data == "math"  # type: ignore[union-attr]


def test_prefetch_loop_two_ahead_with_a_peeled_last_fetch():
    def schedule(b, t, a):
        kt = KTiles(b, TK, peel_last=True)
        return prefetch_loop(kt, t, a, 5 * TK, depth=2, count=6)

    entry, _ = build(schedule)
    assert steps(entry) == [
        "fetch",
        "fetch",
        "for[| store | fetch math]",
        "|", "store", "|", "fetch_last", "math",  # the peeled iteration
        "|", "store", "|", "math",
        "|", "store", "|", "math",
    ]  # fmt: skip
    loop = loop_of(entry)
    assert len(loop.iter_args) == 1 + 2 * 2  # two tiles held
    assert constant(loop.ub) == 3 * TK  # 6 tiles: 2 held, 1 peeled


def test_prefetch_loop_without_a_loop_when_every_tile_is_held():
    entry, _ = build(
        lambda b, t, a: prefetch_loop(KTiles(b, TK), t, a, TK, depth=2, count=2)
    )
    assert steps(entry) == [
        "fetch", "fetch_last", "|", "store", "|", "math", "|", "store", "|", "math",
    ]  # fmt: skip


def test_multi_buffered_loop_has_one_barrier_per_tile():
    entry, _ = build(lambda b, t, a: multi_buffered_loop(KTiles(b, TK), t, a, 4))
    assert steps(entry) == [
        "fetch", "store", "|", "for[fetch_last math store |]", "math",
    ]  # fmt: skip
    loop = loop_of(entry)
    assert constant(loop.ub) == 3 * TK  # offsets of tiles 0..2 from the start
    # The last tile's math reads buffer (4 - 1) % 2.
    last_math = list(entry.ops)[-1]
    assert constant(last_math.operands[-1]) == 1


def test_multi_buffered_loop_peels_the_fetch_of_the_last_tile():
    entry, _ = build(
        lambda b, t, a: multi_buffered_loop(KTiles(b, TK, peel_last=True), t, a, 4)
    )
    assert steps(entry) == [
        "fetch", "store", "|", "for[fetch math store |]",
        "fetch_last", "math", "store", "|", "math",
    ]  # fmt: skip


def test_register_prefetch_loads_the_next_tile_before_the_product():
    def schedule(end: int):
        def run(b: KernelBuilder, t: Recorder, accs: list[SSAValue]):
            def load(k: Index):
                return t.fetch(k, False)

            def product(x: SSAValue, y: SSAValue, acc: SSAValue) -> SSAValue:
                return t.math([acc, x, y])[0]

            return [register_prefetch_loop(b, end, TK, accs[0], load, product)]

        return run

    entry, _ = build(schedule(4 * TK))
    assert steps(entry) == ["fetch", "for[fetch math]", "math"]
    loop = loop_of(entry)
    assert (constant(loop.lb), constant(loop.ub)) == (TK, 4 * TK)
    entry, _ = build(schedule(TK))  # one K tile: no loop
    assert steps(entry) == ["fetch", "math"]
    assert all(not isinstance(o, scf.ForOp) for o in entry.ops)
