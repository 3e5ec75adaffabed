"""stages=3: the staged K loop with two workgroup buffers per operand and
register prefetch, one barrier per K tile.

K tile i is multiplied from buffer i % 2 while tile i + 1, fetched into
registers first, is then written to buffer (i + 1) % 2:

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

from typing import TYPE_CHECKING

from xdsl.dialects import gpu, scf
from xdsl.ir import SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import Index

if TYPE_CHECKING:
    from coopmlir.passes.lower_to_coopmat.matmul_kernel import MatmulKernel


def multi_buffered_loop(
    kernel: MatmulKernel, accs: list[SSAValue], tiles: int, start: Index = 0
) -> list[SSAValue]:
    """The K loop over `tiles` K tiles of `kernel` from K index `start`
    (module doc); returns the accumulators after the last tile. With
    `kernel.peel_k` the iteration fetching the last tile is peeled, so only
    that fetch is checked along K."""
    b, tk = kernel.b, kernel.cfg.tile_k
    _store(kernel, start, 0, kernel._fetch(start, last_tile=tiles == 1))
    b.emit(gpu.BarrierOp())
    looped = tiles - 2 if kernel.peel_k else tiles - 1
    if looped > 0:
        # The loop runs over offsets from `start`: tile i is in buffer i % 2.
        loop, body = b.for_loop(0, looped * tk, tk, accs)
        with b.inside(body):
            new = _iteration(kernel, list(body.args[1:]), body.args[0], start, False)
            b.emit(scf.YieldOp(*new))
        accs = list(loop.results)
    if kernel.peel_k and tiles > 1:
        accs = _iteration(kernel, accs, (tiles - 2) * tk, start, True)
    return kernel._math(accs, (tiles - 1) % 2)


def _iteration(
    kernel: MatmulKernel,
    accs: list[SSAValue],
    offset: Index,
    start: Index,
    last_tile: bool,
) -> list[SSAValue]:
    """Fetch the tile after the one at `start + offset` (the last K tile if
    `last_tile`), multiply the current one, store the fetched one, barrier."""
    b, tk = kernel.b, kernel.cfg.tile_k
    current = b.rem(b.div(offset, tk), 2)
    following = b.rem(b.add(b.div(offset, tk), 1), 2)
    next_k = b.add(b.add(start, offset), tk)
    fetched = kernel._fetch(next_k, last_tile or not kernel.peel_k)
    new = kernel._math(accs, current)
    _store(kernel, next_k, following, fetched)
    b.emit(gpu.BarrierOp())
    return new


def _store(kernel: MatmulKernel, k, buffer, fetched: list[SSAValue]) -> None:
    """Write the fetched A and B tiles of K tile `k` into `buffer`."""
    start = 0
    for copy in kernel._copies(k, buffer):
        count = copy.values_per_thread
        copy.store(fetched[start : start + count])
        start += count
