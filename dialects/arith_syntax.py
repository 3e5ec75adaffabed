"""MLIR 22's generic spelling of the arith ops that xDSL 0.74 spells otherwise.

MLIR 22 gives `arith.trunci` overflow flags, and its generic form writes
`"arith.trunci"(%x) <{overflowFlags = #arith.overflow<none>}>`; xDSL's op has
no such property and refuses it. `install_arith_syntax()` lets xDSL's class
read it: `none`, the default, is dropped; any other flag stays and fails
verification (coopmlir cannot keep it). coopmlir never writes the property
(MLIR reads a trunci without it), so printing needs nothing.
"""

from __future__ import annotations

from xdsl.dialects import arith

_OVERFLOW_FLAGS = "overflowFlags"
_create_trunci = arith.TruncIOp.create


def _create_trunci_from_mlir(cls, *, properties=None, **rest):
    """xDSL's generic parser builds ops through `create`."""
    properties = dict(properties or {})
    if properties.get(_OVERFLOW_FLAGS) == arith.IntegerOverflowAttr("none"):
        del properties[_OVERFLOW_FLAGS]
    return _create_trunci.__func__(cls, properties=properties, **rest)


_installed = False


def install_arith_syntax() -> None:
    """Let xDSL's arith classes read MLIR 22's generic spelling (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    arith.TruncIOp.create = classmethod(_create_trunci_from_mlir)
