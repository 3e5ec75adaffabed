"""LocatedParser: every op gets the file:line:col xDSL's own span arithmetic
gives, from an index of line starts built once (xDSL recounts the newlines
for each location, quadratic in the file size)."""

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.utils.lexer import Input, Span

from coopmlir.diagnostics import LocatedParser
from coopmlir.dialects.registry import make_context

SOURCE = """func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32

      %c = arith.mulf %b, %b : f32
  func.return %c : f32
}
"""


def test_ops_are_located_at_their_first_token_as_mlir_does():
    module = LocatedParser(make_context(), SOURCE, "in.mlir", 10).parse_module()
    where = {
        op.name: (op.location.line.data, op.location.column.data)
        for op in module.walk()
        if op.name != "builtin.module"
    }
    assert where == {
        "func.func": (11, 1),
        "arith.addf": (12, 3),
        "arith.mulf": (14, 7),
        "func.return": (15, 3),
    }


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet="ab\n", max_size=60),
    data=st.data(),
    offset=st.integers(0, 5),
)
def test_line_and_column_agree_with_xdsl(text, data, offset):
    position = data.draw(st.integers(0, len(text)))
    parser = LocatedParser(make_context(), text, "t.mlir", offset)
    span = dataclasses.replace(
        Span(position, position, Input(text, "t.mlir")), line_offset=offset
    )
    _, line, column = span.get_location()
    assert parser._line_and_column(position) == (line, column)
