"""Dense splats without one Python value per element: LocatedParser's
`dense<SCALAR>` gives the attribute xDSL's own parser gives, and
`splat_value` the value `get_values()` would show all elements holding."""

import numpy as np
import pytest
from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, f32
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from coopmlir.dense_splat import splat_value
from coopmlir.diagnostics import LocatedParser
from coopmlir.dialects.registry import make_context

LITERALS = [
    "dense<0.000000e+00> : tensor<2x3xf32>",
    "dense<-1.5> : tensor<4xf16>",
    "dense<2.5> : tensor<3xbf16>",
    "dense<-3> : tensor<2x2xi8>",
    "dense<200> : tensor<3xui8>",
    "dense<7> : tensor<5xindex>",
    "dense<true> : tensor<3x3xi1>",
    "dense<false> : tensor<2xi1>",
    "dense<1.0> : tensor<f64>",
    "dense<4> : tensor<0xi32>",
    "dense<3.0> : vector<8xf32>",
    # Not scalar splats: xDSL's own path.
    "dense<[1, 2, 3]> : tensor<3xi32>",
    'dense<"0x0000803F"> : tensor<2xf32>',
    "dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>",
]


def constant(parser_class, literal: str):
    text = f"%c = arith.constant {literal}"
    (op,) = parser_class(make_context(), text, "in.mlir").parse_module().ops
    assert isinstance(op, ConstantOp)
    return op.value


@pytest.mark.parametrize("literal", LITERALS)
def test_splats_parse_as_xdsl_parses_them(literal):
    assert constant(LocatedParser, literal) == constant(Parser, literal)


def test_a_splat_of_a_hundred_million_elements_parses_at_once():
    # torch-mlir's zeros of a masked attention (the GPT-2 block's export):
    # 10 s through xDSL 0.74's parser, one bytes repeat here.
    attr = constant(LocatedParser, "dense<0.0> : tensor<8x12x1024x1024xf32>")
    assert len(attr.data.data) == 8 * 12 * 1024 * 1024 * 4
    assert splat_value(attr) == 0.0


@pytest.mark.parametrize(
    "literal, error",
    [
        ("dense<300> : tensor<2xi8>", "300"),
        ("dense<-1> : tensor<2xui8>", "non-negative"),
        ("dense<1.0e+30> : tensor<2xf16>", "float literal out of the range"),
    ],
)
def test_bad_splats_are_located_errors(literal, error):
    with pytest.raises(ParseError, match=error) as raised:
        constant(LocatedParser, literal)
    assert "in.mlir:1:" in str(raised.value)


@pytest.mark.parametrize(
    "values, expected",
    [([0.0] * 6, 0.0), ([2.5] * 3, 2.5), ([1.0, 1.0, 2.0], None), ([], None)],
)
def test_splat_value_reads_the_bytes(values, expected):
    attr = DenseIntOrFPElementsAttr.from_list(TensorType(f32, [len(values)]), values)
    assert splat_value(attr) == expected
    if expected is not None:
        assert set(attr.get_values()) == {expected}


def test_splat_value_of_integers_and_booleans():
    for literal, expected in [
        ("dense<-3> : tensor<4xi8>", -3),
        ("dense<[1, 1, 2]> : tensor<3xi32>", None),
        ("dense<true> : tensor<2x2xi1>", -1),
    ]:
        attr = constant(LocatedParser, literal)
        assert splat_value(attr) == expected
        if expected is not None:
            assert set(attr.get_values()) == {expected}


@pytest.mark.parametrize(
    "literal, expected",
    [
        ("dense<1.5> : tensor<4x3xf16>", np.full((4, 3), 1.5, np.float16)),
        ("dense<[1.0, 2.0]> : tensor<2xf32>", np.array([1.0, 2.0], np.float32)),
        ("dense<[3, 3]> : tensor<2xi8>", np.array([3, 3], np.int8)),
        ("dense<true> : tensor<2x2xi1>", np.full((2, 2), True)),
    ],
)
def test_the_interpreter_reads_splats_and_lists_alike(literal, expected):
    from coopmlir.interpreter.arith import elements_array

    got = elements_array(constant(LocatedParser, literal))
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
