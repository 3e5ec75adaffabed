"""A tiny RGB canvas with a 3x5 pixel font, saved as PNG with zlib + struct.

Enough to draw coloured grids with numbers in them (the layout pictures of
`coopmlir-layout --png`) without depending on an imaging library.
"""

from __future__ import annotations

import struct
import zlib

RGB = tuple[int, int, int]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# 3x5 glyphs, one string per pixel row, "#" = ink.
FONT_3X5 = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "-": ("...", "...", "###", "...", "..."),
    ",": ("...", "...", "...", ".#.", "#.."),
    ".": ("...", "...", "...", "...", ".#."),
    " ": ("...", "...", "...", "...", "..."),
}
GLYPH_WIDTH, GLYPH_HEIGHT = 3, 5


def text_width(text: str, scale: int = 1) -> int:
    """Width in pixels of `text` drawn with one pixel column between glyphs."""
    return max(0, (len(text) * (GLYPH_WIDTH + 1) - 1) * scale)


class Canvas:
    """A width x height RGB image, initially filled with `background`."""

    def __init__(self, width: int, height: int, background: RGB = (255, 255, 255)):
        if width < 1 or height < 1:
            raise ValueError(f"canvas size {width}x{height} must be at least 1x1")
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(background) * (width * height))

    def fill_rect(self, x: int, y: int, w: int, h: int, color: RGB) -> None:
        """Fill the rectangle [x, x+w) x [y, y+h), clipped to the canvas."""
        x0, x1 = max(0, x), min(self.width, x + w)
        y0, y1 = max(0, y), min(self.height, y + h)
        if x0 >= x1:
            return
        span = bytes(color) * (x1 - x0)
        for row in range(y0, y1):
            start = 3 * (row * self.width + x0)
            self.pixels[start : start + len(span)] = span

    def draw_text(
        self, x: int, y: int, text: str, color: RGB = (0, 0, 0), scale: int = 1
    ) -> None:
        """Draw `text` (digits, '-', ',', '.', ' ') with its top-left at (x, y)."""
        for index, char in enumerate(text):
            glyph = FONT_3X5.get(char)
            if glyph is None:
                raise ValueError(f"no glyph for {char!r} in the 3x5 font")
            gx = x + index * (GLYPH_WIDTH + 1) * scale
            for gy, line in enumerate(glyph):
                for dx, ink in enumerate(line):
                    if ink == "#":
                        self.fill_rect(
                            gx + dx * scale, y + gy * scale, scale, scale, color
                        )

    def to_png(self) -> bytes:
        """The image as PNG bytes: 8-bit RGB, no interlace, filter 0 on each row."""
        stride = 3 * self.width
        raw = b"".join(
            b"\x00" + bytes(self.pixels[r * stride : (r + 1) * stride])
            for r in range(self.height)
        )
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            PNG_SIGNATURE
            + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b"")
        )

    def save(self, path: str) -> None:
        with open(path, "wb") as file:
            file.write(self.to_png())


def _chunk(kind: bytes, data: bytes) -> bytes:
    # PNG chunk: length, type, data, CRC-32 over type + data.
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
