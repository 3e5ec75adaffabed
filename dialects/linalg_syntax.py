"""MLIR's spelling of a `linalg.generic` with several results.

MLIR (and xDSL's own printer) writes the result types of a generic with more
than one result in parentheses, as torch-mlir's max-with-index reduction
does:

    %r:2 = linalg.generic {...} ins(...) outs(%m, %i : tensor<8xf32>,
        tensor<8xi64>) {...} -> (tensor<8xf32>, tensor<8xi64>)

xDSL 0.74 reads each result type after `->` as an attribute, so `(A, B)`
reads as the start of a function type ("Expected '->'").
`install_linalg_syntax()` gives xDSL's class a parser for MLIR's format
(`{attrs} ins(...)? outs(...)? (attrs = {...})? region (-> types)?`);
coopmlir's context makes the call, as for the gpu syntax.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, StringAttr
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.parser import Parser


def _operands(parser: Parser, keyword: str) -> list:
    """`keyword(%a, %b : A, B)`, or nothing when the keyword is absent."""
    pos = parser.pos
    if not parser.parse_optional_characters(keyword):
        return []
    parser.parse_punctuation("(")
    names = parser.parse_comma_separated_list(
        Parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return parser.resolve_operands(names, types, pos)


def _required(parser: Parser, attrs: dict, name: str, start: int):
    if name not in attrs:
        parser.raise_error(f"expected {name} for linalg.generic", start, parser.pos)
    return attrs.pop(name)


def _iterator_types(parser: Parser, value, start: int) -> list[IteratorTypeAttr]:
    if not isinstance(value, ArrayAttr):
        parser.raise_error("iterator_types must be an array", start, parser.pos)
    kinds = []
    for kind in value:
        if isinstance(kind, StringAttr) and kind.data in set(IteratorType):
            kind = IteratorTypeAttr(IteratorType(kind.data))
        if not isinstance(kind, IteratorTypeAttr):
            parser.raise_error(f"unknown iterator type {kind}", start, parser.pos)
        kinds.append(kind)
    return kinds


def _result_types(parser: Parser) -> list:
    """`-> T` or `-> (T, U)`; none when there is no arrow."""
    if not parser.parse_optional_punctuation("->"):
        return []
    if parser.parse_optional_punctuation("(") is None:
        return [parser.parse_type()]
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return types


def _parse_generic(cls, parser: Parser) -> GenericOp:
    start = parser.pos
    attrs = dict(parser.parse_optional_attr_dict())
    maps = _required(parser, attrs, "indexing_maps", start)
    kinds = _iterator_types(
        parser, _required(parser, attrs, "iterator_types", start), start
    )
    doc, library_call = attrs.pop("doc", None), attrs.pop("library_call", None)
    ins, outs = _operands(parser, "ins"), _operands(parser, "outs")
    if parser.parse_optional_keyword("attrs"):
        parser.parse_punctuation("=")
        attrs |= parser.expect(parser.parse_optional_attr_dict, "expected attributes")
    body = parser.parse_region()
    op = cls(ins, outs, body, maps, kinds, _result_types(parser), doc, library_call)
    op.attributes |= attrs
    return op


_installed = False


def install_linalg_syntax() -> None:
    """Let xDSL's linalg.generic read MLIR's spelling (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    GenericOp.parse = classmethod(_parse_generic)
