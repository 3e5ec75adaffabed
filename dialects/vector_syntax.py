"""MLIR 22's generic spelling of the vector ops that xDSL 0.74 spells otherwise.

MLIR 22 gives `vector.load` and `vector.store` an optional `alignment`
property (bytes; lower-to-coopmat's run-time branch writes it on the copies
it proved 16-byte aligned), and its generic form writes
`"vector.load"(...) <{alignment = 16 : i64, nontemporal = false}>`. xDSL's
ops have no such property and refuse it. `install_vector_syntax()` lets
xDSL's classes read it as the attribute where xDSL keeps it (and prints it:
`{alignment = 16 : i64}`, which MLIR reads as its property).
"""

from __future__ import annotations

from xdsl.dialects import vector

_ALIGNMENT = "alignment"
_CREATE = {op: op.create for op in (vector.LoadOp, vector.StoreOp)}


def _create_from_mlir(cls, *, properties=None, attributes=None, **rest):
    """xDSL's generic parser builds ops through `create`."""
    properties = dict(properties or {})
    attributes = dict(attributes or {})
    if _ALIGNMENT in properties:
        attributes[_ALIGNMENT] = properties.pop(_ALIGNMENT)
    create = _CREATE[cls].__func__
    return create(cls, properties=properties, attributes=attributes, **rest)


_installed = False


def install_vector_syntax() -> None:
    """Let xDSL's vector classes read MLIR 22's generic spelling (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    for op in _CREATE:
        op.create = classmethod(_create_from_mlir)
