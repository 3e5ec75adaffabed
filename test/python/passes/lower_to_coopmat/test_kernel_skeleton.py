"""The kernel skeleton (passes/lower_to_coopmat/kernel_skeleton.py): the
kernel function, the one way kernels are named, the source location their
ops take, and the pass's remarks."""

from __future__ import annotations

import pytest
from xdsl.dialects import func, gpu
from xdsl.dialects import test as test_dialect
from xdsl.dialects.builtin import (
    FileLineColLoc,
    IntAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnknownLoc,
)
from xdsl.dialects.builtin import Float16Type as F16
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)

LOC = FileLineColLoc(StringAttr("in.mlir"), IntAttr(7), IntAttr(3))


def host_with_op() -> tuple[ModuleOp, test_dialect.TestOp, PatternRewriter]:
    """@f holding one located op (what a kernel replaces), and a rewriter
    matched on it."""
    source = test_dialect.TestOp()
    source.location = LOC
    host = func.FuncOp("f", ([], []))
    host.body.block.add_ops([source, func.ReturnOp()])
    return ModuleOp([host]), source, PatternRewriter(source)


def empty_kernel(name: str) -> gpu.FuncOp:
    kernel = kernel_function(name, [MemRefType(F16(), [4])], 64)
    kernel.body.block.add_op(gpu.ReturnOp([]))
    return kernel


def test_kernel_function_sets_block_size_and_optional_layout():
    plain = kernel_function("k", [], 128)
    assert plain.kernel is not None
    assert list(plain.known_block_size.get_values()) == [128, 1, 1]  # type: ignore[union-attr]
    assert coopmat.LAYOUT_ATTR_NAME not in plain.attributes
    laid_out = kernel_function("k", [], 128, layout_subgroup=32)
    assert coopmat.LAYOUT_ATTR_NAME in laid_out.attributes


@pytest.mark.parametrize(
    "roles, names",
    [
        (["", ""], ["f", "f_1"]),
        (["_attention", "_attention", ""], ["f_attention", "f_attention_1", "f"]),
        (["", "_chain", "_softmax"], ["f", "f_chain", "f_softmax"]),
        (["_aligned", "", "_aligned"], ["f_aligned", "f", "f_aligned_2"]),
    ],
)
def test_kernels_are_named_after_their_function_and_role(roles, names):
    module, source, rewriter = host_with_op()
    got = []
    for role in roles:
        kernels, name = new_kernel(rewriter, module, source, role)
        add_kernels(rewriter, kernels, [empty_kernel(name)], source)
        got.append(name)
    assert got == names
    # One gpu.module per host function, right after it.
    (kernels,) = [o for o in module.ops if isinstance(o, gpu.ModuleOp)]
    assert kernels.sym_name.data == "f_kernels"


def test_new_ops_take_the_source_location():
    module, source, rewriter = host_with_op()
    kernels, name = new_kernel(rewriter, module, source)
    kernel = empty_kernel(name)
    assert isinstance(kernel.body.block.first_op.location, UnknownLoc)  # type: ignore[union-attr]
    (symbol,) = add_kernels(rewriter, kernels, [kernel], source)
    assert (symbol.root_reference.data, symbol.nested_references.data[0].data) == (
        "f_kernels",
        "f",
    )
    assert all(op.location == LOC for op in kernel.walk())
    assert kernels.location == LOC


def test_kernels_added_later_leave_the_module_location_alone():
    module, source, rewriter = host_with_op()
    kernels, name = new_kernel(rewriter, module, source)
    add_kernels(rewriter, kernels, [empty_kernel(name)], source, locate_module=False)
    assert isinstance(kernels.location, UnknownLoc)


def test_remark_is_mlir_s_remark_line(capsys):
    _, source, _ = host_with_op()
    remark(source, "one fused kernel")
    assert capsys.readouterr().err == (
        "in.mlir:7:3: remark: lower-to-coopmat: one fused kernel\n"
    )
