"""LocatedParser: every op gets the file:line:col xDSL's own span arithmetic
gives, from an index of line starts built once (xDSL recounts the newlines
for each location, quadratic in the file size)."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.run_tools import run_opt
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input, Span

from coopmlir.diagnostics import LocatedParser, location_of
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


# What `mlir-opt-22 --mlir-print-debuginfo` prints for a bad matmul written in
# src.mlir: location aliases used before they are defined, after the module.
DEBUGINFO = """#loc2 = loc("src.mlir":1:19)
#loc3 = loc("src.mlir":1:42)
#loc4 = loc("src.mlir":1:66)
module {
  func.func @matmul(%arg0: memref<64x32xf16> loc("src.mlir":1:19), %arg1: memref<32x48xbf16> loc("src.mlir":1:42), %arg2: memref<64x48xf32> loc("src.mlir":1:66)) {
    linalg.matmul ins(%arg0, %arg1 : memref<64x32xf16>, memref<32x48xbf16>) outs(%arg2 : memref<64x48xf32>) loc(#loc5)
    return loc(#loc6)
  } loc(#loc1)
} loc(#loc)
#loc = loc("src.mlir":0:0)
#loc1 = loc("src.mlir":1:1)
#loc5 = loc("src.mlir":2:3)
#loc6 = loc("src.mlir":3:3)
"""


def test_debuginfo_aliases_defined_after_the_module_resolve():
    module = LocatedParser(make_context(), DEBUGINFO, "dbg.mlir").parse_module()
    where = {
        op.name: (op.location.filename.data, op.location.line.data)
        for op in module.walk()
        if op.name in ("func.func", "linalg.matmul", "func.return")
    }
    assert where["linalg.matmul"] == ("src.mlir", 2)
    assert where["func.return"] == ("src.mlir", 3)
    assert where["func.func"] == ("src.mlir", 1)


def test_nested_location_aliases_in_any_order_locate_diagnostics():
    text = """func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32 loc(#loc2)
  func.return %b : f32 loc(#loc3)
}
#loc2 = loc(fused[#loc4, #loc1])
#loc3 = loc("ret"(#loc1))
#loc4 = loc(callsite(#loc1 at #loc5))
#loc1 = loc("x.mlir":7:5)
#loc5 = loc("y.mlir":1:1)
"""
    module = LocatedParser(make_context(), text, "in.mlir").parse_module()
    add, ret = (op for op in module.walk() if op.name in ("arith.addf", "func.return"))
    # A fused location reports its first part; a call site its callee.
    assert location_of(add) == "x.mlir:7:5"
    assert location_of(ret) == "x.mlir:7:5"


def test_a_pass_reports_the_debuginfo_location(tmp_path):
    source = tmp_path / "dbg.mlir"
    source.write_text(DEBUGINFO)
    result = run_opt(str(source), "--lower-to-coopmat")
    assert result.returncode == 1
    assert result.stderr.startswith(
        "src.mlir:2:3: error: lower-to-coopmat: A and B element types differ"
    ), result.stderr


def test_an_undefined_location_alias_is_still_an_error():
    text = "func.func @f() {\n  func.return loc(#nowhere)\n}\n"
    with pytest.raises(ParseError, match="undefined symbol alias '#nowhere'"):
        LocatedParser(make_context(), text, "in.mlir").parse_module()
