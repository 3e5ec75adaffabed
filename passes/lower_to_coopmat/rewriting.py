"""How lower-to-coopmat changes the IR: every op is planned first (a
refusal leaves the module as it was), then each planned op is replaced by
its launch through a rewrite pattern, one pattern per kind of planned op,
walked once over the module in op order (the order the ops were planned
in, so kernels are named and placed as they were planned). Every change
goes through the walker's `PatternRewriter`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Generic, TypeVar

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from coopmlir.diagnostics import CompileError
from coopmlir.targets import Target

PlanT = TypeVar("PlanT")


class LowerPlanned(RewritePattern, ABC, Generic[PlanT]):
    """A planned op of `module` -> what `lower` puts in its place (for
    `target`; `explain`: with remarks); other ops are left alone. The plans
    are taken as (op, plan) pairs."""

    def __init__(
        self,
        module: ModuleOp,
        target: Target,
        explain: bool,
        planned: Iterable[tuple[Operation, PlanT]],
    ):
        self.module, self.target, self.explain = module, target, explain
        self.planned = dict(planned)
        self.error: CompileError | None = None

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if self.error is not None or op not in self.planned:
            return
        try:
            self.lower(self.planned.pop(op), rewriter)
        except CompileError as err:  # raised after the walk, as it is
            self.error = err

    @abstractmethod
    def lower(self, plan: PlanT, rewriter: PatternRewriter) -> None:
        """Replace the planned op by its lowering, through `rewriter`."""


def lower_planned(pattern: LowerPlanned) -> None:
    """Walk the pattern's module once with it, each op in order; new ops are not
    walked again. A `CompileError` of a lowering stops the walk and is
    raised as it is (the walker would add a dump of the module to it)."""
    if not pattern.planned:
        return
    PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(
        pattern.module
    )
    if pattern.error is not None:
        raise pattern.error
    assert not pattern.planned, "a planned op was not reached by the walk"
