"""`linalg.map` as MLIR 22 writes it, read as the `linalg.generic` it means.

MLIR's one-shot-bufferize writes a `tensor.pad`'s padding value as

    linalg.map outs(%alloc : memref<1x4x10x10xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }

xDSL 0.74 has no `linalg.map`. `MapOp.parse` reads MLIR's long form
(`ins(...)? outs(...) (block arguments) {body}`) and returns the
equivalent `linalg.generic`: every operand through the identity map, every
loop parallel, the same body; so the interpreter, the bufferizer and the
passes see one op kind. The short form (`linalg.map { arith.addf } ...`) is
refused where it is.
"""

from __future__ import annotations

from xdsl.dialects.builtin import AffineMapAttr, ShapedType, TensorType
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Region
from xdsl.ir.affine import AffineMap
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser

from coopmlir.dialects.linalg_syntax import _operands


@irdl_op_definition
class MapOp(IRDLOperation):
    """Only parsed: `parse` returns a `linalg.generic` (module doc)."""

    name = "linalg.map"

    @classmethod
    def parse(cls, parser: Parser) -> GenericOp:  # type: ignore[override]
        start = parser.pos
        if parser.parse_optional_punctuation("{") is not None:
            parser.raise_error(
                "linalg.map's short form ({ op }) is not supported; write the body out",
                start,
                parser.pos,
            )
        ins, outs = _operands(parser, "ins"), _operands(parser, "outs")
        if len(outs) != 1:
            parser.raise_error("linalg.map has one init (outs)", start, parser.pos)
        args = parser.parse_comma_separated_list(
            Parser.Delimiter.PAREN, parser.parse_argument
        )
        body: Region = parser.parse_region(args)
        attrs = parser.parse_optional_attr_dict()
        t = outs[0].type
        assert isinstance(t, ShapedType)
        rank = len(t.get_shape())
        identity = AffineMapAttr(AffineMap.identity(rank))
        parallel = IteratorTypeAttr(IteratorType.PARALLEL)
        results = [t] if isinstance(t, TensorType) else []
        op = GenericOp(
            ins, outs, body, [identity] * (len(ins) + 1), [parallel] * rank, results
        )
        op.attributes |= attrs
        return op
