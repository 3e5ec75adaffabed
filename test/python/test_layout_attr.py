"""The `#coopmat.layout` attribute: a matrix type accepts a layout exactly when
coopmlir.layout does, and `lane_layout` hands the library's value to passes."""

from __future__ import annotations

import itertools
import re

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.coopmat import (
    LAYOUT_ATTR_NAME,
    MatrixType,
    MatrixUse,
    NegOp,
    SubgroupLayoutAttr,
    find_layout,
)
from coopmlir.layout import InvocationLayout, TinytcLayout, make_layout

f16, f32, i8 = Float16Type(), Float32Type(), IntegerType(8)

TINYTC16 = SubgroupLayoutAttr("tinytc", 16)
ROW16 = SubgroupLayoutAttr("row", 16)
USES = ("a", "b", "acc")


@pytest.mark.parametrize(
    ("kind", "rows", "cols", "use", "size"),
    list(
        itertools.product(
            ("tinytc", "row"), (1, 4, 12, 16, 32), (2, 4, 15, 16, 32), USES, (8, 16)
        )
    ),
)
def test_type_accepts_layout_exactly_when_library_does(kind, rows, cols, use, size):
    layout = SubgroupLayoutAttr(kind, size)
    try:
        expected = make_layout(kind, rows, cols, size, use, "f16")
    except ValueError as err:
        message = f"matrix does not fit {layout}: {err}"
        with pytest.raises(VerifyException, match=f"^{re.escape(message)}$"):
            MatrixType(rows, cols, f16, use, subgroup_layout=layout)
        return
    matrix = MatrixType(rows, cols, f16, use, subgroup_layout=layout)
    assert matrix.lane_layout() == expected


@pytest.mark.parametrize(("kind", "size"), [("column", 16), ("row", 12), ("row", 128)])
def test_bad_layout_attribute(kind, size):
    with pytest.raises(VerifyException):
        SubgroupLayoutAttr(kind, size)


def test_workgroup_matrix_cannot_have_a_layout():
    with pytest.raises(VerifyException, match="workgroup matrix cannot have"):
        MatrixType(16, 16, f32, "acc", "workgroup", TINYTC16)


def test_lane_layout_prefers_the_type_and_falls_back_to_the_default():
    plain = MatrixType(16, 16, f32, "acc")
    typed = plain.with_layout(ROW16)
    assert plain.layout is None and typed.layout == ROW16
    assert plain.lane_layout() is None
    assert plain.lane_layout(TINYTC16) == TinytcLayout(16, 16, 16, "acc", "f32")
    assert typed.lane_layout(TINYTC16) == InvocationLayout(16, 16, 16, "acc", "f32")
    assert MatrixType(16, 16, f32, "acc", "workgroup").lane_layout(TINYTC16) is None
    with pytest.raises(ValueError, match="rows M=32 must be <= subgroup size S=16"):
        MatrixType(32, 16, f32, "acc").lane_layout(ROW16)


def test_with_use_and_element_type_keep_the_layout():
    acc = MatrixType(16, 32, f32, "acc", subgroup_layout=TINYTC16)
    assert acc.with_use(MatrixUse.A).layout == TINYTC16
    assert acc.with_element_type(i8).layout == TINYTC16
    assert acc.with_layout(None) == MatrixType(16, 32, f32, "acc")


def test_find_layout_looks_through_enclosing_ops():
    matrix = MatrixType(16, 16, f32, "acc")
    fn = func.FuncOp("f", ([matrix], []))
    neg = NegOp(fn.body.block.args[0])
    fn.body.block.add_ops([neg, func.ReturnOp()])
    assert find_layout(neg) is None
    fn.attributes[LAYOUT_ATTR_NAME] = TINYTC16
    assert find_layout(neg) == TINYTC16
    neg.attributes[LAYOUT_ATTR_NAME] = ROW16
    assert find_layout(neg) == ROW16
    fn.verify()


def test_op_verifier_checks_the_enclosing_default():
    matrix = MatrixType(12, 16, f32, "acc")
    fn = func.FuncOp("f", ([matrix], []))
    fn.body.block.add_ops([NegOp(fn.body.block.args[0]), func.ReturnOp()])
    fn.verify()
    fn.attributes[LAYOUT_ATTR_NAME] = TINYTC16
    with pytest.raises(VerifyException, match="rows M=12 must be a power of two"):
        fn.verify()
