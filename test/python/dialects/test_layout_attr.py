"""The `#coopmat.layout` attribute: a matrix type accepts a layout exactly when
coopmlir.layout does, and `lane_layout` hands the library's value to passes."""

from __future__ import annotations

import itertools
import re

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType, VectorType
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.coopmat import (
    LAYOUT_ATTR_NAME,
    LayoutError,
    MatrixType,
    MatrixUse,
    NegOp,
    SubgroupLayoutAttr,
    find_layout,
    invocation_layout,
    lane_vector_type,
    resolve_layout,
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


def _neg_in_function(matrix: MatrixType) -> tuple[func.FuncOp, NegOp]:
    fn = func.FuncOp("f", ([matrix], []))
    neg = NegOp(fn.body.block.args[0])
    fn.body.block.add_ops([neg, func.ReturnOp()])
    return fn, neg


def test_resolve_layout_takes_type_then_enclosing_op_then_default():
    plain = MatrixType(16, 16, f32, "acc")
    fn, neg = _neg_in_function(plain)
    tinytc = TinytcLayout(16, 16, 16, "acc", "f32")
    assert resolve_layout(plain, neg, TINYTC16) == tinytc
    fn.attributes[LAYOUT_ATTR_NAME] = ROW16
    assert resolve_layout(plain, neg, TINYTC16) == InvocationLayout(16, 16, 16)
    typed = plain.with_layout(TINYTC16)
    assert resolve_layout(typed, neg) == tinytc
    assert resolve_layout(plain, None, TINYTC16) == tinytc


@pytest.mark.parametrize(
    ("matrix", "default", "message"),
    [
        (
            MatrixType(8, 8, f32, "acc"),
            None,
            "unknown subgroup size for !coopmat.matrix<8x8xf32, acc>: give it a "
            "layout, put a coopmat.layout on an enclosing op or pass subgroup-size",
        ),
        (
            MatrixType(8, 8, f32, "acc", "workgroup"),
            TINYTC16,
            "!coopmat.matrix<8x8xf32, acc, workgroup>: workgroup matrices have no "
            "SIMT lowering (they need VK_NV_cooperative_matrix2: convert-to-spirv "
            "coopmat=nv2)",
        ),
        (
            MatrixType(12, 8, f32, "acc"),
            TINYTC16,
            "!coopmat.matrix<12x8xf32, acc> does not fit #coopmat.layout<tinytc, "
            "subgroup = 16>: rows M=12 must be a power of two",
        ),
    ],
)
def test_resolve_layout_errors(matrix, default, message):
    _, neg = _neg_in_function(matrix)
    with pytest.raises(LayoutError, match=f"^{re.escape(message)}$"):
        resolve_layout(matrix, neg, default)


def test_resolve_layout_missing_ok_and_workgroup_default():
    workgroup = MatrixType(16, 16, f32, "acc", "workgroup")
    _, neg = _neg_in_function(workgroup)
    assert resolve_layout(workgroup, neg, TINYTC16, missing_ok=True) is None
    assert resolve_layout(MatrixType(16, 16, f32, "acc"), neg, missing_ok=True) is None
    lanes = resolve_layout(workgroup, neg, TINYTC16, workgroup_default=True)
    assert lanes == TinytcLayout(16, 16, 16, "acc", "f32")
    with pytest.raises(LayoutError, match="does not fit"):
        resolve_layout(MatrixType(12, 8, f32, "acc"), neg, TINYTC16, missing_ok=True)


def test_invocation_layout_and_lane_vector_type():
    b = MatrixType(16, 8, f16, "b")
    assert invocation_layout(b, 8) == InvocationLayout(16, 8, 8, "b", "f16")
    with pytest.raises(LayoutError, match=r"^per-invocation vectors of .*: rows M=16"):
        invocation_layout(b.with_use(MatrixUse.A), 8)
    lanes = resolve_layout(b, None, TINYTC16)
    assert lane_vector_type(b, lanes) == VectorType(f16, [lanes.V])
