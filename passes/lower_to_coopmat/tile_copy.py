"""`TileCopy`: a workgroup's copy of a tile of a global matrix into
workgroup memory (the staged K loop of lower-to-coopmat)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import arith, memref, scf, vector
from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
    VectorType,
)
from xdsl.ir import Attribute, SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import (
    AddressMap,
    Index,
    KernelBuilder,
)
from coopmlir.passes.lower_to_coopmat.matching import byte_size
from coopmlir.tiling import ACCESS_BYTES

if TYPE_CHECKING:
    from coopmlir.passes.lower_to_coopmat.weight_decode import DecodedLoad


@dataclass
class TileCopy:
    """A workgroup's copy of a rows x cols tile of a global matrix at `origin`
    into workgroup memory, zero outside the matrix (`bounds`). Coordinates
    are the memref's last two dimensions; `prefix` indexes the ones before.
    The origin's column is a multiple of the tile's cols (tiles sit on a grid).

    Work-item t copies chunks of `vector` consecutive elements (16 bytes when
    the tile splits that way): chunk c starts at linear element
    (c * threads + t) * vector of the tile. A chunk moves as one
    `vector.load`/`vector.store` of `vector<V x T>` when `vectorized`, else
    element by element (`memref.load`/`memref.store`), or, when `packed`,
    loaded element by element and stored as one vector.
    """

    b: KernelBuilder
    src: SSAValue
    prefix: tuple[SSAValue, ...]
    dst: SSAValue
    origin: tuple[Index, Index]
    shape: tuple[int, int]
    bounds: tuple[Index, Index]  # an SSA value: a run-time size, always checked
    checked: tuple[bool, bool]
    thread: SSAValue
    threads: int
    address: AddressMap | None = None
    """Where (row, col) lies when the source is not a plain matrix."""
    #: Leading indices of `dst` (stages=3: which of the two buffers).
    dst_prefix: tuple[SSAValue, ...] = ()
    #: A run-time row length proven a multiple of `vector` by the kernel's
    #: run-time branch (interior_branch.py): vector loads, marked `alignment`.
    aligned: bool = False
    #: Chunks always reach workgroup memory as one vector store, so the
    #: workgroup tile keeps only 16-byte accesses whichever branch runs.
    packed: bool = False
    #: Elements decoded from quantized buffers (weight_decode.py): `src` is
    #: the first of them, read element by element.
    decode: DecodedLoad | None = None

    @property
    def vector(self) -> int:
        plain = chunk_width(self.shape, self.element_type, self.threads)
        if not self._decodable or self.decode is None:
            return plain
        # A decoded chunk: 16 bytes of the stored weight (16 i8, 32 nibbles)
        # where the tile and the row length allow, stored in 16-byte pieces.
        most = self.decode.run_elements(ACCESS_BYTES)
        wide = chunk_width(self.shape, self.element_type, self.threads, most)
        assert isinstance(self.run, int)
        return wide if wide > plain and self.run % wide == 0 else plain

    @property
    def piece(self) -> int:
        """Elements per store to workgroup memory (16 bytes at most)."""
        return min(self.vector, ACCESS_BYTES // byte_size(self.element_type))

    @property
    def _decodable(self) -> bool:
        return (
            self.decode is not None
            and self.address is None
            and isinstance(self.run, int)
        )

    @property
    def run(self) -> Index:
        """Elements along a row of the source that are consecutive in memory."""
        return self.bounds[1] if self.address is None else self.address.run

    @property
    def vectorized(self) -> bool:
        """Whether every chunk is one aligned vector access: the global rows
        are a whole number of chunks long, so a chunk (which starts at a
        multiple of `vector` in the tile and the tile at a multiple of cols)
        starts aligned in A/B and lies either wholly inside the matrix or
        wholly outside; the padded tile rows (cols + 16 bytes) stay aligned."""
        if self.vector == 1 or self.decode is not None:
            return False
        if isinstance(self.run, int):
            return self.run % self.vector == 0
        return self.aligned

    @property
    def decoded_chunks(self) -> bool:
        """Whether a decoded chunk reads its run of stored elements at once
        (`DecodedLoad.elements`: one vector load of the stored bytes, the
        scale once): it lies wholly inside or outside the matrix, as for
        `vectorized`, with a plain source of static row length."""
        return (
            self._decodable and self.vector > 1 and self.run % self.vector == 0  # pyright: ignore
        )

    @property
    def per_chunk(self) -> bool:
        """Whether a chunk is one value (a vector) from load to store."""
        return (
            self.vectorized or self.decoded_chunks or (self.packed and self.vector > 1)
        )

    @property
    def element_type(self) -> Attribute:
        if self.decode is not None:
            return self.decode.element_type
        t = self.src.type
        assert isinstance(t, MemRefType)
        return t.element_type

    @property
    def vector_type(self) -> VectorType:
        return VectorType(self.element_type, [self.vector])

    @property
    def piece_type(self) -> VectorType:
        return VectorType(self.element_type, [self.piece])

    @property
    def decodes_at_store(self) -> bool:
        """Whether `fetch` holds each decoded chunk's loads (the stored
        run, the scale) and `store` decodes them: the decode runs after the
        math the prefetch overlaps, not right after the loads it needs."""
        return self.decoded_chunks and self.decode.decode.at_store  # pyright: ignore

    @property
    def values_per_thread(self) -> int:
        """How many SSA values `fetch` returns: chunks or elements (a
        decoded chunk at store: its loads)."""
        if self.decodes_at_store:
            assert self.decode is not None
            return self._chunks() * sum(self.decode.loads_runs(self.vector))
        elements = self.shape[0] * self.shape[1] // self.threads
        return elements // self.piece if self.per_chunk else elements

    def _elements(self, start: Index) -> Iterator[tuple[Index, Index]]:
        """(row, col) in the tile of each element of the chunk that starts at
        linear tile index `start` (one place for each 16-byte piece of a
        chunk held as vectors)."""
        b, cols = self.b, self.shape[1]
        row = b.div(start, cols)
        col0 = b.rem(start, cols)
        if self.per_chunk:
            for j in range(self.vector // self.piece):
                yield row, b.add(col0, j * self.piece)
            return
        for u in range(self.vector):
            yield row, b.add(col0, u)

    def _start(self, chunk: Index) -> SSAValue:
        b, v = self.b, self.vector
        return b.value(b.add(b.mul(self.thread, v), b.mul(chunk, v * self.threads)))

    def _chunks(self) -> int:
        return self.shape[0] * self.shape[1] // (self.threads * self.vector)

    def _places(self) -> list[tuple[Index, Index]]:
        """stages=2: where each fetched value goes, chunk by chunk."""
        return [
            rc for c in range(self._chunks()) for rc in self._elements(self._start(c))
        ]

    def _load_chunk(self, start: Index) -> list[SSAValue]:
        """The values of the chunk at linear tile index `start`, one per
        place of `_elements`."""
        places = list(self._elements(start))
        if self.decoded_chunks:
            return self._load_decoded_chunk(*places[0])
        return [self._load(row, col) for row, col in places]

    def _global_indices(
        self, row: Index, col: Index
    ) -> tuple[SSAValue | None, list[SSAValue]]:
        """The in-bounds condition (None: unchecked) and the clamped memref
        indices of tile place (row, col). A vectorized chunk clamps its column
        to the last whole chunk, so its vector stays inside the row."""
        b = self.b
        if self.address is not None:
            at = [
                b.value(b.add(o, x))
                for o, x in zip(self.origin, (row, col), strict=True)
            ]
            guard, indices = self.address.place(b, self.src, at[0], at[1], self.checked)
            return guard, [*self.prefix, *indices]
        guard: SSAValue | None = None
        safe = []
        whole = self.vectorized or self.decoded_chunks
        widths = (1, self.vector if whole else 1)
        for origin, offset, bound, checked, width in zip(
            self.origin, (row, col), self.bounds, self.checked, widths, strict=True
        ):
            value = b.value(b.add(origin, offset))
            if checked:
                inside = b.below(value, bound)
                guard = inside if guard is None else b.both(guard, inside)
                value = b.clamp(value, b.add(bound, 1 - width))
            safe.append(value)
        return guard, [*self.prefix, *safe]

    def _load(self, row: Index, col: Index) -> SSAValue:
        """Load the element (vectorized or packed: the chunk) at (row, col) of
        the tile from the global matrix, or zero where a checked index is
        outside."""
        b = self.b
        if self.per_chunk and not self.vectorized:
            chunk = b.constant(0, self.vector_type)
            for u in range(self.vector):
                element = self._load_element(row, b.add(col, u))
                chunk = b.emit(vector.InsertOp(element, chunk, [u])).results[0]
            return chunk
        return self._load_element(row, col)

    def _load_decoded_chunk(self, row: Index, col: Index) -> list[SSAValue]:
        """The decoded chunk at (row, col): the stored run read at once
        (one vector load), decoded in registers into its 16-byte pieces,
        zero where outside."""
        assert self.decode is not None
        guard, indices = self._global_indices(row, col)
        at = indices[len(self.prefix) :]
        return self._pieces(self.decode.elements(self.b, at, self.vector), guard)

    def _fetch_decoded_chunks(self) -> list[SSAValue]:
        """`fetch` with `decodes_at_store`: each chunk's loads."""
        assert self.decode is not None
        fetched = []
        for c in range(self._chunks()):
            row, col = next(self._elements(self._start(c)))
            _, indices = self._global_indices(row, col)
            at = indices[len(self.prefix) :]
            loads = self.decode.load_runs(self.b, at, self.vector)
            fetched += [v for v in loads if v is not None]
        return fetched

    def _store_decoded_chunks(self, fetched: list[SSAValue]) -> None:
        """`store` with `decodes_at_store`: each chunk decoded from its
        loads, zero where outside, stored in 16-byte pieces."""
        assert self.decode is not None
        loaded = self.decode.loads_runs(self.vector)
        held = iter(fetched)
        for c in range(self._chunks()):
            places = list(self._elements(self._start(c)))
            guard, indices = self._global_indices(*places[0])
            at = indices[len(self.prefix) :]
            loads = [next(held) if has else None for has in loaded]
            run = self.decode.run_from(self.b, at, self.vector, loads)
            elements = [run.element(u) for u in range(self.vector)]
            for piece, (row, col) in zip(
                self._pieces(elements, guard), places, strict=True
            ):
                self._store(piece, row, col)

    def _pieces(self, elements: list[SSAValue], guard: SSAValue | None):
        """A decoded chunk's elements as its 16-byte pieces, zero where
        `guard` says the chunk is outside the matrix."""
        b = self.b
        pieces = []
        for j in range(0, self.vector, self.piece):
            piece = b.constant(0, self.piece_type)
            for u in range(self.piece):
                element = elements[j + u]
                piece = b.emit(vector.InsertOp(element, piece, [u])).results[0]
            if guard is not None:
                zero = b.constant(0, self.piece_type)
                piece = b.emit(arith.SelectOp(guard, piece, zero)).results[0]
            pieces.append(piece)
        return pieces

    def _load_element(self, row: Index, col: Index) -> SSAValue:
        b = self.b
        guard, indices = self._global_indices(row, col)
        if self.decode is not None:
            loaded = self.decode.element(b, indices[len(self.prefix) :])
            if guard is None:
                return loaded
            zero_value = b.constant(0, self.element_type)
            return b.emit(arith.SelectOp(guard, loaded, zero_value)).results[0]
        if self.vectorized:
            load = vector.LoadOp(self.src, indices, self.vector_type)
            if not isinstance(self.run, int):  # the branch's proof, for SPIR-V
                alignment = self.vector * byte_size(self.element_type)
                load.attributes["alignment"] = IntegerAttr(alignment, 64)
            zero_type: Attribute = self.vector_type
        else:
            load = memref.LoadOp.get(self.src, indices)
            zero_type = self.element_type
        loaded = b.emit(load).results[0]
        if guard is None:
            return loaded
        zero_value = b.constant(0, zero_type)
        return b.emit(arith.SelectOp(guard, loaded, zero_value)).results[0]

    def _store(self, value: SSAValue, row: Index, col: Index) -> None:
        b = self.b
        indices = [*self.dst_prefix, b.value(row), b.value(col)]
        if self.per_chunk:
            b.emit(vector.StoreOp(value, self.dst, indices))
        else:
            b.emit(memref.StoreOp.get(value, self.dst, indices))

    def emit_loop(self) -> None:
        """stages=1: an scf.for over this work-item's chunks, load then store."""
        b, v = self.b, self.vector
        total = self.shape[0] * self.shape[1]
        _, body = b.for_loop(b.mul(self.thread, v), total, v * self.threads, [])
        with b.inside(body):
            start = body.args[0]
            values = self._load_chunk(start)
            for value, (row, col) in zip(values, self._elements(start), strict=True):
                self._store(value, row, col)
            b.emit(scf.YieldOp())

    def fetch(self) -> list[SSAValue]:
        """stages=2: load this work-item's chunks (or elements) into registers."""
        if self.decodes_at_store:
            return self._fetch_decoded_chunks()
        return [
            v for c in range(self._chunks()) for v in self._load_chunk(self._start(c))
        ]

    def store(self, values: list[SSAValue]) -> None:
        """stages=2: write what `fetch` loaded to workgroup memory."""
        if self.decodes_at_store:
            self._store_decoded_chunks(values)
            return
        for value, (row, col) in zip(values, self._places(), strict=True):
            self._store(value, row, col)


def chunk_width(
    shape: tuple[int, int],
    element_type: Attribute,
    threads: int,
    most: int | None = None,
) -> int:
    """Elements per chunk of a rows x cols tile copied by `threads` work-items:
    16 bytes (or `most` elements), halved until the chunks split the rows and
    the work-items evenly (at least 1: a tile smaller than the work-items, or
    of an odd size, is copied element by element, `emit_loop` guarding nothing more)."""
    rows, cols = shape
    width = ACCESS_BYTES // byte_size(element_type) if most is None else most
    while width > 1 and (cols % width or (rows * cols) % (width * threads)):
        width //= 2
    return width
