"""coopmlir-opt's input: a file of any name (lit's `%t` has no extension),
`-` or nothing for stdin, optionally split into chunks at a marker
(`--split-input-file[=MARKER]`, default `// -----`) that are processed
one by one; line numbers stay those of the whole input."""

from __future__ import annotations

from dataclasses import dataclass

from coopmlir.diagnostics import CompileError
from coopmlir.tools.process import stdin_bytes

DEFAULT_SPLIT_MARKER = "// -----"
STDIN_NAME = "stdin"


@dataclass(frozen=True)
class Chunk:
    """One piece of the input; its first line is line `line_offset + 1` of
    the input."""

    data: bytes
    line_offset: int


def input_name(path: str | None) -> str:
    return STDIN_NAME if path in (None, "-") else path


def read_input(path: str | None) -> bytes:
    """The bytes of `path`, or of stdin for None or `-`."""
    if path in (None, "-"):
        return stdin_bytes()
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as err:
        raise CompileError.at(path, f"cannot read the input: {err.strerror}") from None


def split_input(data: bytes, marker: str | None) -> list[Chunk]:
    """The chunks between markers (the whole input when `marker` is None)."""
    if marker is None:
        return [Chunk(data, 0)]
    chunks = []
    offset = 0
    for piece in data.split(marker.encode()):
        chunks.append(Chunk(piece, offset))
        offset += piece.count(b"\n")
    return chunks
