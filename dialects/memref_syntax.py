"""MLIR's pretty syntax for the memref ops xDSL 0.74 only spells generically.

mlir-opt prints `memref.copy %a, %b : memref<4xf32> to memref<4xf32>` and
`memref.cast %a : memref<4xf32> to memref<?xf32>`; xDSL's classes have no
custom format and refuse that text ("does not have a custom format"), so a
convolution that mlir-opt printed (its padding copy) did not read back.
`install_memref_syntax()` installs MLIR's format on xDSL's own classes, as
gpu_syntax does for the gpu ops; coopmlir's context makes the call.
"""

from __future__ import annotations

from xdsl.dialects import memref

from coopmlir.dialects.gpu_syntax import install_format

#: MLIR 22's assembly formats (MemRefOps.td).
FORMATS = {
    memref.CopyOp: "$source `,` $destination attr-dict `:` type($source) `to` "
    "type($destination)",
    memref.CastOp: "$source attr-dict `:` type($source) `to` type($dest)",
}

_installed = False


def install_memref_syntax() -> None:
    """Let xDSL's memref.copy and memref.cast read and print MLIR's spelling
    (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    for cls, fmt in FORMATS.items():
        install_format(cls, fmt)
