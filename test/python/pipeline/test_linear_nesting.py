"""Deep nesting costs linear time (issue 30): coopmlir's walks visit what
xDSL's recursive ones visit, in the same order, and the cleanup passes
(`--cse`, `--dce`, `--canonicalize`) give xDSL's output while computing
each nested op's effects once."""

from __future__ import annotations

import itertools

import pytest
import xdsl.traits as traits
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region
from xdsl.transforms.canonicalize import CanonicalizePass
from xdsl.transforms.common_subexpression_elimination import (
    CommonSubexpressionElimination as XdslCse,
)
from xdsl.transforms.dead_code_elimination import DeadCodeElimination as XdslDce

from coopmlir.dialects.registry import parse_module
from coopmlir.nesting import XDSL_WALKS, linear_walks
from coopmlir.passes.cleanup import (
    CanonicalizePass as Canonicalize,
)
from coopmlir.passes.cleanup import (
    CommonSubexpressionElimination,
    DeadCodeElimination,
)


def nested_ifs(depth: int) -> str:
    """`depth` nested scf.if, each yielding its inner one's value, with
    duplicate and dead arithmetic at every level for the cleanups to find."""

    def level(i: int) -> list[str]:
        if i == depth:
            return ["%y = arith.addf %x, %x : f32", "scf.yield %y : f32"]
        return [
            f"%d{i} = arith.mulf %x, %x : f32",  # dead
            f"%a{i} = arith.addf %x, %x : f32",  # a duplicate of its siblings'
            f"%r{i} = scf.if %c -> (f32) {{",
            *level(i + 1),
            "} else {",
            f"scf.yield %a{i} : f32",
            "}",
            *([f"scf.yield %r{i} : f32"] if i else []),
        ]

    body = level(0)
    return "\n".join(
        ["func.func @f(%c: i1, %x: f32) -> f32 {", *body, "func.return %r0 : f32", "}"]
    )


def test_walks_match_xdsl_in_every_order():
    module = parse_module(nested_ifs(6))
    linear_walks()
    xdsl_op, xdsl_block, xdsl_region = XDSL_WALKS
    func = module.body.block.first_op
    for reverse, region_first in itertools.product((False, True), repeat=2):
        flags = {"reverse": reverse, "region_first": region_first}
        assert list(Operation.walk(module, **flags)) == list(xdsl_op(module, **flags))
        block = func.body.block
        assert list(Block.walk(block, **flags)) == list(xdsl_block(block, **flags))
        region = func.body
        assert list(Region.walk(region, **flags)) == list(xdsl_region(region, **flags))


def test_walk_survives_erasing_the_op_it_just_gave():
    linear_walks()
    module = parse_module(nested_ifs(4))
    seen = []
    for op in module.walk():
        seen.append(op.name)
        if op.name == "arith.mulf":
            op.detach()
            op.erase()
    assert seen.count("arith.mulf") == 4 and seen.count("scf.if") == 4


@pytest.mark.parametrize(
    "ours, theirs",
    [
        (CommonSubexpressionElimination, XdslCse),
        (DeadCodeElimination, XdslDce),
        (Canonicalize, CanonicalizePass),
    ],
    ids=["cse", "dce", "canonicalize"],
)
def test_cleanups_give_xdsls_output(ours, theirs):
    mine, reference = parse_module(nested_ifs(8)), parse_module(nested_ifs(8))
    ours().apply(Context(), mine)
    theirs().apply(Context(), reference)
    assert str(mine) == str(reference)
    assert str(mine) != str(parse_module(nested_ifs(8)))  # it did clean up


def effect_queries(depth: int, monkeypatch) -> int:
    """How many ops xDSL's get_effects visits in our CSE of `depth` levels."""
    calls = 0
    original = traits.get_effects

    def counted(op):
        nonlocal calls
        calls += 1
        return original(op)

    monkeypatch.setattr(traits, "get_effects", counted)
    module: ModuleOp = parse_module(nested_ifs(depth))
    CommonSubexpressionElimination().apply(Context(), module)
    monkeypatch.undo()
    return calls


def test_effects_cost_grows_linearly_with_depth(monkeypatch):
    small, large = effect_queries(20, monkeypatch), effect_queries(80, monkeypatch)
    # 4x the depth: about 4x the queries; xDSL alone makes each level visit
    # everything below it (about 16x)
    assert large < 6 * small, (small, large)
