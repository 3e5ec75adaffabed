"""coopmlir-opt's `--cse`, `--dce` and `--canonicalize`: xDSL's passes, with
the memory effects of nested ops computed once per op (coopmlir.effects),
so that deeply nested regions cost linear, not quadratic, time."""

from __future__ import annotations

import xdsl.transforms.canonicalize as xdsl_canonicalize
import xdsl.transforms.common_subexpression_elimination as xdsl_cse
import xdsl.transforms.dead_code_elimination as xdsl_dce
from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriterListener,
    PatternRewriteWalker,
)
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern

from coopmlir.effects import forget_effects, memoized_effects


class CommonSubexpressionElimination(xdsl_cse.CommonSubexpressionElimination):
    """xDSL's common subexpression elimination (linear in nesting depth)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        with memoized_effects(xdsl_cse, xdsl_dce):  # CSE erases, never inserts
            super().apply(ctx, op)


class DeadCodeElimination(xdsl_dce.DeadCodeElimination):
    """xDSL's dead code elimination (linear in nesting depth)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        with memoized_effects(xdsl_dce):  # DCE erases, never inserts
            super().apply(ctx, op)


# The class names are xDSL's: --mlir-print-ir-* name passes by their class.
class CanonicalizePass(xdsl_canonicalize.CanonicalizePass):
    """xDSL's canonicalization patterns and folding (linear in nesting depth)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        # xDSL's CanonicalizePass.apply, with a listener: patterns insert,
        # replace and change ops, so any notification forgets the effects
        listener = PatternRewriterListener(
            operation_insertion_handler=[forget_effects],
            operation_removal_handler=[forget_effects],
            operation_modification_handler=[forget_effects],
            operation_replacement_handler=[forget_effects],
            block_creation_handler=[forget_effects],
        )
        pattern = GreedyRewritePatternApplier(
            [CanonicalizationRewritePattern()], ctx=ctx, folding_enabled=True
        )
        walker = PatternRewriteWalker(
            pattern, post_walk_func=xdsl_dce.region_dce, listener=listener
        )
        with memoized_effects(xdsl_dce):
            walker.rewrite_module(op)
