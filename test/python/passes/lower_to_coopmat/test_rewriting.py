"""lower-to-coopmat's rewrites (passes/lower_to_coopmat/rewriting.py): every
op the lowering erases is gone with all its uses, and a refusal found while
planning leaves a module on memrefs exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.lowering import lowered, parse
from support.matmul_programs import matmul_source
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation
from xdsl.rewriter import Rewriter

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

ROOT = Path(__file__).parents[4]
PADDED = ROOT / "test" / "passes" / "lower-to-coopmat-convolution-dynamic-padding.mlir"


def first_case(path: Path) -> str:
    """The first `// -----` case of a lit input, its comments dropped."""
    text = path.read_text().split("// -----")[0]
    return "\n".join(line for line in text.splitlines() if not line.startswith("//"))


def dangling_operands(module: ModuleOp) -> list[str]:
    """Each operand whose defining op (or block) is no longer in `module`."""
    attached = {id(op) for op in module.walk()}
    found = []
    for op in module.walk():
        for operand in op.operands:
            owner = operand.owner
            defining = owner.parent_op() if isinstance(owner, Block) else owner
            if not isinstance(defining, Operation) or id(defining) not in attached:
                found.append(f"{op.name} reads {operand} of a removed op")
    return found


@pytest.mark.parametrize(
    "source, options",
    [
        # A fused epilogue: the generic, its temporary and the fill go.
        ((ROOT / "examples" / "matmul_epilogue.mlir").read_text(), ""),
        # A zero-padded input: the buffer, its fill, view, copy and sizes go.
        (first_case(PADDED), "target=lavapipe tile=16x16x32 subgroups=1x1 stages=1"),
        # Two launches in an scf.if, the matmul erased after both.
        (
            (ROOT / "examples" / "matmul_dynamic.mlir").read_text(),
            "tile=32x32x32 subgroups=1x1 stages=1 dynamic-versions=2",
        ),
        # Split-K: a workspace, two launches and the fill's constant erased.
        (
            matmul_source(64, 64, 256, "f16-f32", fill=True),
            "target=h100-vulkan tile=32x32x32 subgroups=2x2 split_k=3",
        ),
        ((ROOT / "examples" / "attention.mlir").read_text(), ""),
        ((ROOT / "examples" / "chain.mlir").read_text(), ""),
    ],
    ids=["epilogue", "padding", "dynamic-versions", "split-k", "attention", "chain"],
)
def test_no_op_reads_an_erased_op(source, options):
    module = lowered(source, f"lower-to-coopmat{{{options}}}")
    assert "gpu.launch_func" in str(module)
    assert dangling_operands(module) == []
    module.verify()


def test_dangling_operands_sees_an_op_erased_under_its_users():
    module = parse(matmul_source(16, 16, 16, "f16-f32", fill=True))
    (fill,) = [o for o in module.walk() if o.name == "linalg.fill"]
    constant = fill.operands[0].owner
    assert isinstance(constant, Operation)
    Rewriter.erase_op(constant, safe_erase=False)
    assert dangling_operands(module) != []


def test_a_refusal_after_other_ops_are_planned_changes_nothing():
    # A fused epilogue, a padded convolution and a fine matmul are planned
    # before the last matmul (s8 on the generic target) is refused.
    good = matmul_source(32, 32, 32, "f16-f32", fill=True)
    bad = matmul_source(16, 16, 16, "s8-s32", fill=False).replace("@matmul", "@g")
    epilogue = (ROOT / "examples" / "matmul_epilogue.mlir").read_text()
    module = parse(epilogue + first_case(PADDED) + good + bad)
    before = str(module)
    with pytest.raises(CompileError, match="s8 x s8 -> s32 is not supported"):
        LowerToCoopmat().apply(Context(), module)
    assert str(module) == before
