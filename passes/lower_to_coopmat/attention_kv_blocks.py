"""`KeyValueBlocks`: the K and V blocks of the fused attention kernel's key
loop in workgroup memory, and when they are copied there
(`AttentionConfig.prefetch`, attention.py).

none: one buffer each; per block

    barrier; copy K_j, V_j; barrier; S = Q K_j^T ...; O += P V_j

where the copy is a loop over each work-item's chunks, each loaded then
stored; unrolled: the same, but every chunk of K_j and V_j is loaded into
registers before the first is stored, so the loads are in flight together
(one memory round trip per block where the loop may wait once per chunk).

block, staggered: two buffers each, block j in buffer j % 2 (of its key
index); the first block is copied before the loops, then per block

    load K_j+1 (and V_j+1: block) into registers   (in flight...)
    S = Q K_j^T                                     (...while this runs)
    staggered: store K_j+1 in buffer (j + 1) % 2; load V_j+1
    softmax; O += P V_j
    store what is held in buffer (j + 1) % 2; barrier

One barrier is enough: buffer (j + 1) % 2 was last read by block j - 1's
math, which every work-item finished before the barrier ending block j - 1;
block j + 1 is read only after the barrier ending block j. The block after
the last one is clamped to the last (loaded again, never read), so no load
leaves K or V; the segments of the key loop (unmasked, masked) follow one
another, so the block fetched at the end of one is the next one's first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects import gpu, memref
from xdsl.ir import Attribute, SSAValue

from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.passes.lower_to_coopmat.attention import DOUBLE_BUFFERED
from coopmlir.passes.lower_to_coopmat.fragment_tile import Operand
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.tile_copy import TileCopy

#: K (1) or V (2) block at a key into a tile at leading indices (the buffer).
CopyFactory = Callable[[Index, int, SSAValue, tuple[SSAValue, ...]], TileCopy]

K, V = 1, 2


@dataclass
class KeyValueBlocks:
    """The K and V tiles and their copy schedule (module doc); the kernel
    calls `prime` before the key loops and, in each block, `begin`, `keys`,
    `after_scores`, `values`, `end` in that order."""

    b: KernelBuilder
    prefetch: str
    block: int
    #: Where the last block of keys starts: the block fetched ahead of the
    #: last one is clamped there.
    last: int
    copy: CopyFactory
    k_tile: SSAValue
    v_tile: SSAValue
    _held: dict[int, tuple[TileCopy, list[SSAValue]]] = field(default_factory=dict)

    @classmethod
    def allocate(
        cls,
        b: KernelBuilder,
        prefetch: str,
        block: int,
        last: int,
        copy: CopyFactory,
        elem: Attribute,
        shapes: tuple[tuple[int, int], tuple[int, int]],
    ) -> KeyValueBlocks:
        """The tiles at the top of the kernel (called first): [rows, cols],
        or [2, rows, cols] with a prefetch."""
        slots = (2,) if prefetch in DOUBLE_BUFFERED else ()
        tiles = [
            memref.AllocaOp.get(
                elem, shape=(*slots, *shape), memory_space=WORKGROUP_MEMORY_SPACE
            )
            for shape in shapes
        ]
        for tile in tiles:
            b.emit(tile)
        return cls(b, prefetch, block, last, copy, tiles[0].memref, tiles[1].memref)

    @property
    def _ahead(self) -> bool:
        return self.prefetch in DOUBLE_BUFFERED

    def _slot(self, key: Index) -> tuple[SSAValue, ...]:
        """The leading index of block `key`'s buffer: (key / block) % 2."""
        if not self._ahead:
            return ()
        return (self.b.value(self.b.rem(self.b.div(key, self.block), 2)),)

    def _tile(self, index: int) -> SSAValue:
        return self.k_tile if index == K else self.v_tile

    def _clamped(self, key: Index) -> Index:
        """min(key, last): a block that lies in K and V."""
        if isinstance(key, int):
            return min(key, self.last)
        return self.b.clamp(key, self.last + 1)

    def prime(self, first: Index) -> None:
        """Copy the first block (at `first`) into its buffer (prefetch)."""
        if not self._ahead:
            return
        key, slot = self._clamped(first), self._slot(first)
        for index in (K, V):
            self.copy(key, index, self._tile(index), slot).emit_loop()
        self.b.emit(gpu.BarrierOp())

    def begin(self, key: SSAValue) -> None:
        """Block `key`'s start: copy it (none) or fetch the next one's K
        (and V) into registers."""
        b = self.b
        if not self._ahead:
            b.emit(gpu.BarrierOp())
            copies = [self.copy(key, index, self._tile(index), ()) for index in (K, V)]
            if self.prefetch == "unrolled":
                held = [copy.fetch() for copy in copies]
                for copy, values in zip(copies, held, strict=True):
                    copy.store(values)
            else:
                for copy in copies:
                    copy.emit_loop()
            b.emit(gpu.BarrierOp())
            return
        following = b.add(key, self.block)
        self._fetch(K, following)
        if self.prefetch == "block":
            self._fetch(V, following)

    def keys(self, key: SSAValue) -> Operand:
        """Block `key`'s K, read transposed (K^T fragments, col_major)."""
        return Operand(self.k_tile, self._slot(key), True)

    def after_scores(self, key: SSAValue) -> None:
        """staggered: store the next K, fetch the next V."""
        if self.prefetch != "staggered":
            return
        self._store(K)
        self._fetch(V, self.b.add(key, self.block))

    def values(self, key: SSAValue) -> Operand:
        """Block `key`'s V."""
        return Operand(self.v_tile, self._slot(key), False)

    def end(self) -> None:
        """Store what is held into the other buffer, barrier."""
        if not self._ahead:
            return
        for index in sorted(self._held):
            self._store(index)
        self.b.emit(gpu.BarrierOp())

    def _fetch(self, index: int, key: Index) -> None:
        copy = self.copy(self._clamped(key), index, self._tile(index), self._slot(key))
        self._held[index] = (copy, copy.fetch())

    def _store(self, index: int) -> None:
        copy, values = self._held.pop(index)
        copy.store(values)
