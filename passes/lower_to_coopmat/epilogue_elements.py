"""The fused epilogue on one accumulator element (`ElementEpilogue`), for
kernels that hold C as per-work-item values (the SIMT-tiled kernel): each
element (row, col) goes through the epilogue's bodies as scalar code
before its store.

An extra operand is read with `memref.load` at the element's place: an
M x N matrix at (row, col) (a batch_matmul's at the batch index too), a
row vector at col, a column vector at row.
Where the tile passes M or N, those indices are clamped into the operand
(the element's store is dropped there, so what it reads does not matter
but must be inside the buffer). bf16 is computed in f32: loads extend,
the result is truncated once (`scalar_expansions.widened_bf16`; a body's
last truncf is that truncation).
"""

from __future__ import annotations

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import BFloat16Type, Float32Type
from xdsl.ir import SSAValue
from xdsl.rewriter import Rewriter

from coopmlir.passes.lower_to_coopmat.epilogue import Epilogue
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.scalar_expansions import (
    computed_type,
    inline_body,
)


class ElementEpilogue:
    """Applies `epilogue` to single accumulator elements (module doc);
    `args`: the kernel's arguments (Epilogue.kernel_operands' order),
    `sizes`: (M, N), `ragged`: whether M / N may be passed."""

    def __init__(
        self,
        b: KernelBuilder,
        epilogue: Epilogue,
        args: tuple[SSAValue, ...],
        sizes: tuple[int, int],
        ragged: tuple[bool, bool],
        prefix: tuple[SSAValue, ...] = (),
    ):
        self.b = b
        self.prefix = prefix  # a batch_matmul's batch index, for matrices
        self.epilogue = epilogue
        self.args = args
        self.sizes = sizes
        self.ragged = ragged

    def apply(self, value: SSAValue, row: Index, col: Index) -> SSAValue:
        """The epilogue of the accumulator element `value` at (row, col): a
        scalar of the output's element type."""
        b = self.b
        at = [
            b.clamp(b.value(x), size) if ragged else x
            for x, size, ragged in zip((row, col), self.sizes, self.ragged, strict=True)
        ]
        loaded: dict[int, SSAValue] = {}
        for step in self.epilogue.steps:
            block = step.op.body.block
            env: dict[SSAValue, SSAValue] = {}
            for arg, src in zip(block.args, step.sources, strict=True):
                if src[0] == "chain":
                    env[arg] = value
                elif src[0] == "constant":
                    t = computed_type(src[1].type)
                    env[arg] = b.constant(src[1].value.data, t)
                elif src[0] == "input":
                    if src[1] not in loaded:
                        loaded[src[1]] = self._load(src[1], at[0], at[1])
                    env[arg] = loaded[src[1]]
            (value,) = inline_body(b, block, env, widen_bf16=True)
        out = self.epilogue.output.type.element_type  # pyright: ignore
        if isinstance(out, BFloat16Type) and value.type != out:
            owner = value.owner
            if isinstance(owner, arith.ExtFOp) and owner.input.type == out:
                # A body's last truncf, extended again: bf16 -> f32 -> bf16
                # is exact, so the rounded value itself.
                narrow = owner.input
                if not value.uses:
                    Rewriter.erase_op(owner)
                return narrow
            value = b.emit(arith.TruncFOp(value, out)).results[0]
        return value

    def _load(self, index: int, row: Index, col: Index) -> SSAValue:
        entry = self.epilogue.inputs[index]
        memory = self.args[self.epilogue.argument(index)]
        place = {"matrix": [*self.prefix, row, col], "row": [col], "col": [row]}[
            entry.kind
        ]
        indices = [self.b.value(i) for i in place]
        value = self.b.emit(memref.LoadOp.get(memory, indices)).results[0]
        if isinstance(value.type, BFloat16Type):
            value = self.b.emit(arith.ExtFOp(value, Float32Type())).results[0]
        return value
