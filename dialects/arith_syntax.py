"""MLIR 22's generic spelling of the arith ops that xDSL 0.74 spells otherwise.

MLIR 22 gives `arith.trunci` overflow flags, and its generic form writes
`"arith.trunci"(%x) <{overflowFlags = #arith.overflow<none>}>`; xDSL's op has
no such property and refuses it. `install_arith_syntax()` lets xDSL's class
read it: `none`, the default, is dropped; any other flag stays and fails
verification (coopmlir cannot keep it). coopmlir never writes the property
(MLIR reads a trunci without it), so printing needs nothing.

MLIR writes a float that has no short decimal form (-inf, NaN) as its bits
in hex, in tensor literals too: torch-mlir's causal mask is
`dense<0xFF800000> : tensor<f32>`. xDSL 0.74 reads the bits of a scalar but
takes a tensor literal's `0xFF800000` for the number 4286578688.0;
the install makes tensor literals read the bits as well.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat
from xdsl.parser.attribute_parser import AttrParser

_OVERFLOW_FLAGS = "overflowFlags"
_create_trunci = arith.TruncIOp.create


def _create_trunci_from_mlir(cls, *, properties=None, **rest):
    """xDSL's generic parser builds ops through `create`."""
    properties = dict(properties or {})
    if properties.get(_OVERFLOW_FLAGS) == arith.IntegerOverflowAttr("none"):
        del properties[_OVERFLOW_FLAGS]
    return _create_trunci.__func__(cls, properties=properties, **rest)


_Element = AttrParser._TensorLiteralElement  # noqa: SLF001
_element_to_type = _Element.to_type


def _element_to_type_with_hex_floats(self, parser, type):
    """A float element written in hex is its bits (MLIR's reading)."""
    if isinstance(type, AnyFloat) and self.span.text[:2] in ("0x", "0X"):
        raw = int(self.value).to_bytes(type.compile_time_size, "little")
        return next(type.iter_unpack(raw))
    return _element_to_type(self, parser, type)


_installed = False


def install_arith_syntax() -> None:
    """Let xDSL's arith classes read MLIR 22's generic spelling (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    arith.TruncIOp.create = classmethod(_create_trunci_from_mlir)
    _Element.to_type = _element_to_type_with_hex_floats
