"""K-loop schedules (issue 31's kernel layer), written once: how a kernel
walks its K tiles, staging each through workgroup memory. A kernel says what
a K tile is (`StagedTiles`: copy, fetch, store, math); a schedule says in
which order those happen and where the barriers go.

- `staged_loop` (stages=1): per K tile, barrier, copy, barrier, math.
- `prefetch_loop` (stages=2, 4; the SIMT-tiled kernel): each K tile is
  fetched into registers `depth` tiles before its math, the fetched values
  loop-carried; per tile, barrier, store, barrier, fetch ahead, math.
- `multi_buffered_loop` (stages=3): two workgroup buffers, one barrier per
  tile (below).
- `register_prefetch_loop` (workgroup-scope matrices, stages=2): no
  workgroup memory; the next tile's operands are loaded before the current
  product.

With `KTiles.peel_last` the iteration that reaches the last K tile is peeled
out of the loop, so only that tile's copies are checked along K.

stages=3: K tile i is multiplied from buffer i % 2 while tile i + 1,
fetched into registers first, is then written to buffer (i + 1) % 2:

    fetch tile 0; store it in buffer 0; barrier
    for i in 0 .. tiles - 2:
        fetch tile i + 1 into registers   (global loads in flight...)
        math from buffer i % 2            (...while the matrix units work)
        store the fetched tile in buffer (i + 1) % 2
        barrier
    math from buffer (tiles - 1) % 2

The one barrier is enough: buffer (i + 1) % 2 was last read by the math of
tile i - 1, which every work-item finished before the barrier ending
iteration i - 1; and buffer i % 2 was written before that same barrier.
stages=2 needs two barriers per tile (before overwriting the one buffer and
after filling it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from xdsl.dialects import arith, gpu
from xdsl.ir import SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder


class FetchedTiles(Protocol):
    """What a kernel that stages K tiles through workgroup memory tells the
    schedules: `last_tile`, the tile may pass K's end (checked copies);
    `buffer`, which of two workgroup buffers (stages=3), else the one."""

    def fetch(self, k: Index, last_tile: bool) -> list[SSAValue]:
        """Load this work-item's part of the K tile at `k` into registers."""
        ...

    def store(
        self, k: Index, fetched: list[SSAValue], buffer: Index | None = None
    ) -> None:
        """Write `fetch`'s values of the K tile at `k` into workgroup memory."""
        ...

    def math(self, accs: list[SSAValue], buffer: Index | None = None) -> list[SSAValue]:
        """Multiply the K tile in workgroup memory into the accumulators."""
        ...


class StagedTiles(FetchedTiles, Protocol):
    """`FetchedTiles` that can also be copied in one go (stages=1)."""

    def copy(self, k: Index, last_tile: bool) -> None:
        """Copy the K tile at `k` into workgroup memory (no barriers)."""
        ...


@dataclass(frozen=True)
class KTiles:
    """The K tiles a workgroup walks: `tile_k` wide, from `start` (a split-K
    slice's first); `peel_last`: the last one runs outside the loop."""

    b: KernelBuilder
    tile_k: int
    start: Index = 0
    peel_last: bool = False


def staged_loop(
    kt: KTiles, tiles: StagedTiles, accs: list[SSAValue], end: Index
) -> list[SSAValue]:
    """stages=1: the K tiles from `kt.start` to `end`, each copied between
    two barriers, then multiplied."""
    b, tk = kt.b, kt.tile_k
    last = b.sub(end, tk) if kt.peel_last else end  # peeled: the last K tile

    def tile(k: Index, accs: list[SSAValue], last_tile: bool) -> list[SSAValue]:
        b.emit(gpu.BarrierOp())
        tiles.copy(k, last_tile)
        b.emit(gpu.BarrierOp())
        return tiles.math(accs)

    accs = b.loop(kt.start, last, tk, accs, lambda k, a: tile(k, a, not kt.peel_last))
    return tile(last, accs, True) if kt.peel_last else accs


def prefetch_loop(
    kt: KTiles,
    tiles: FetchedTiles,
    accs: list[SSAValue],
    last: Index,
    depth: int = 1,
    count: int | None = None,
    math_once: bool = False,
) -> list[SSAValue]:
    """The K tiles from `kt.start` to `last` (where the last one begins),
    each fetched into registers `depth` tiles before its math (stages=2: 1,
    stages=4: 2), the fetched values loop-carried; `count`: how many tiles
    there are where K is static (depth > 1 needs it). `math_once` (depth 1,
    no peeling): the last tile's math is the loop's too, its fetch ahead
    clamped to the last tile (fetched twice) instead of a drained copy of
    the math after the loop: where the math is long code (no matrix
    units), half of it."""
    b, tk, start = kt.b, kt.tile_k, kt.start
    peel = kt.peel_last
    if last is start or (isinstance(last, int) and last == 0):
        count = 1
    if math_once and depth == 1 and not peel and count != 1:
        return _math_once_loop(kt, tiles, accs, last)
    # Fetched before the loop: the first `depth` tiles, or all of them.
    ahead = depth if count is None else min(depth, count)
    held = [
        tiles.fetch(b.add(start, i * tk), last_tile=count == i + 1)
        for i in range(ahead)
    ]
    if count is not None and count <= depth:  # no loop
        ks = [b.add(start, i * tk) for i in range(ahead)]
        return _drain(b, tiles, accs, ks, held)
    # The loop's tiles end where the last `depth` (and the peeled one) begin.
    end = b.sub(last, (depth - 1 + peel) * tk)
    if count is not None:
        looped = count > depth + peel
    else:
        looped = end is not start and (not isinstance(end, int) or end > 0)
    n_acc, n_held = len(accs), len(held[0])

    def step(k: Index, carried: list[SSAValue], last_tile: bool) -> list[SSAValue]:
        """Store the K tile at `k` (fetched earlier: the first of the held
        tiles), fetch the tile len(held) ahead, multiply; returns the
        accumulators, then the held values of the tiles after `k`."""
        accs, held = carried[:n_acc], _per_tile(carried[n_acc:], n_held)
        _store(b, tiles, k, held[0])
        fetched = tiles.fetch(b.add(k, len(held) * tk), last_tile)
        kept = [v for values in held[1:] for v in values]
        return [*tiles.math(accs), *kept, *fetched]

    carried = [*accs, *(v for values in held for v in values)]
    if looped:
        carried = b.loop(start, end, tk, carried, lambda k, c: step(k, c, not peel))
    if peel:
        carried = step(end, carried, True)
    ks = [b.sub(last, (depth - 1 - i) * tk) for i in range(depth)]
    return _drain(b, tiles, carried[:n_acc], ks, _per_tile(carried[n_acc:], n_held))


def _math_once_loop(
    kt: KTiles, tiles: FetchedTiles, accs: list[SSAValue], last: Index
) -> list[SSAValue]:
    """stages=2 with one copy of the math: every K tile from `kt.start`
    through `last` in the loop; the fetch ahead of the last tile re-reads
    it (clamped), unused. The loop counts tiles, not K offsets: an offset
    loop would step to last + TK, which wraps 32-bit indices at K near 2^31
    (the clamp's `minui` reads it unsigned)."""
    b, tk = kt.b, kt.tile_k
    held = tiles.fetch(kt.start, last_tile=True)
    n_acc = len(accs)
    count = b.add(b.div(b.sub(last, kt.start), tk), 1)

    def step(i: SSAValue, carried: list[SSAValue]) -> list[SSAValue]:
        accs, fetched = carried[:n_acc], carried[n_acc:]
        k = b.add(kt.start, b.mul(i, tk))
        _store(b, tiles, k, fetched)
        ahead = b.value(b.add(k, tk))
        following = b.emit(arith.MinUIOp(ahead, b.value(last))).results[0]
        return [*tiles.math(accs), *tiles.fetch(following, True)]

    return b.loop(0, count, 1, [*accs, *held], step)[:n_acc]


def multi_buffered_loop(
    kt: KTiles, tiles: FetchedTiles, accs: list[SSAValue], count: int
) -> list[SSAValue]:
    """stages=3: the `count` K tiles from `kt.start` through two workgroup
    buffers (module doc); returns the accumulators after the last tile."""
    b, tk, start = kt.b, kt.tile_k, kt.start
    tiles.store(start, tiles.fetch(start, last_tile=count == 1), 0)
    b.emit(gpu.BarrierOp())

    def iteration(
        offset: Index, accs: list[SSAValue], last_tile: bool
    ) -> list[SSAValue]:
        """Fetch the tile after the one at `start + offset` (the last K tile
        if `last_tile`), multiply the current one, store the fetched one,
        barrier."""
        current = b.rem(b.div(offset, tk), 2)
        following = b.rem(b.add(b.div(offset, tk), 1), 2)
        next_k = b.add(b.add(start, offset), tk)
        fetched = tiles.fetch(next_k, last_tile or not kt.peel_last)
        new = tiles.math(accs, current)
        tiles.store(next_k, fetched, following)
        b.emit(gpu.BarrierOp())
        return new

    looped = count - 2 if kt.peel_last else count - 1
    if looped > 0:
        # The loop runs over offsets from `start`: tile i is in buffer i % 2.
        accs = b.loop(0, looped * tk, tk, accs, lambda o, a: iteration(o, a, False))
    if kt.peel_last and count > 1:
        accs = iteration((count - 2) * tk, accs, True)
    return tiles.math(accs, (count - 1) % 2)


def register_prefetch_loop(
    b: KernelBuilder,
    end: int,
    tile_k: int,
    acc: SSAValue,
    load: Callable[[Index], Sequence[SSAValue]],
    product: Callable[..., SSAValue],
) -> SSAValue:
    """The K tiles up to `end` without workgroup memory: the operands of
    each (`load(k)`) are loaded before the previous tile's `product(*operands,
    acc)`, loop-carried; no loop where K is one tile."""
    current = list(load(0))
    if end > tile_k:

        def step(k: Index, carried: list[SSAValue]) -> list[SSAValue]:
            acc, *held = carried
            following = load(k)
            return [product(*held, acc), *following]

        acc, *current = b.loop(tile_k, end, tile_k, [acc, *current], step)
    return product(*current, acc)


def _store(
    b: KernelBuilder, tiles: FetchedTiles, k: Index, fetched: list[SSAValue]
) -> None:
    """Barrier (the previous tile is read), store the fetched tile, barrier."""
    b.emit(gpu.BarrierOp())
    tiles.store(k, fetched)
    b.emit(gpu.BarrierOp())


def _drain(
    b: KernelBuilder,
    tiles: FetchedTiles,
    accs: list[SSAValue],
    ks: list[Index],
    held: list[list[SSAValue]],
) -> list[SSAValue]:
    """The last K tiles, at `ks`, already fetched (`held`): store, multiply."""
    for k, values in zip(ks, held, strict=True):
        _store(b, tiles, k, values)
        accs = tiles.math(accs)
    return accs


def _per_tile(values: Sequence[SSAValue], count: int) -> list[list[SSAValue]]:
    """Loop-carried fetched values split into the tiles they belong to."""
    return [list(values[i : i + count]) for i in range(0, len(values), count)]
