"""Matmul chains (the MLP case): a `coopmlir.chain` (recognize-frontend
makes one of `matmul -> element-wise -> matmul -> ...`) lowered to one
kernel (`plan_chains`, `lower_chains`).

The kernel: each subgroup owns m rows of X. Its X fragments (A) are loaded
once; per product it multiplies them by the weight's fragments (read from
global memory, shared by every subgroup through the cache), applies the
function with `coopmat.apply`, and converts the accumulators to the next
product's A operand in registers (so n == k). Only the last product is
stored. Widths must be multiples of the fragment and fit the registers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import gpu
from xdsl.dialects.builtin import (
    Float32Type,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.dialects.chain import ChainOp
from coopmlir.dialects.chain import YieldOp as ChainYieldOp
from coopmlir.elements import element_of
from coopmlir.passes.lower_to_coopmat.fragment_tile import (
    FragmentTile,
    FragmentTypes,
    Operand,
    accumulator_as_a,
    convert,
    splat,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import (
    replace_by_launch,
)
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.targets import MatrixShape, Target
from coopmlir.tiling import ROW_BAND_SUBGROUPS, accumulator_bytes_per_item

F32 = Float32Type()


@dataclass(frozen=True)
class Chain:
    op: ChainOp
    rows: int
    widths: tuple[int, ...]  # K_0, then each product's width
    elem: Attribute
    out_elem: Attribute


@dataclass(frozen=True)
class ChainConfig:
    mma: MatrixShape
    subgroups: int

    def threads(self, target: Target) -> int:
        return self.subgroups * target.subgroup_size

    def grid(self, chain: Chain) -> tuple[int, int, int]:
        return (math.ceil(chain.rows / (self.subgroups * self.mma.m)), 1, 1)


def match_chain(op: ChainOp) -> Chain:
    types = [v.type for v in (*op.inputs, op.output)]
    for t in types:
        if not isinstance(t, MemRefType | TensorType) or any(
            d < 0 for d in t.get_shape()
        ):
            raise error(op, f"a chain needs static shapes, got {t}")
    x = types[0]
    widths = (x.get_shape()[1], *(t.get_shape()[1] for t in types[1:-1]))  # type: ignore[union-attr]
    elems = {t.element_type for t in types[:-1]}  # type: ignore[union-attr]
    if len(elems) != 1:
        raise error(op, "the input and the weights must share one element type")
    return Chain(op, x.get_shape()[0], widths, x.element_type, types[-1].element_type)  # type: ignore[union-attr]


def plan_chain(chain: Chain, target: Target) -> ChainConfig:
    name = element_of(chain.elem).name
    out = element_of(chain.out_elem).name
    shapes = [
        s
        for s in target.shapes_for((name, name, "f32", "f32"))
        if s.n == s.k
        and (
            out == "f32"
            or s in target.shapes_for((name, name, out, out))
            or not target.has_matrix_units
        )
    ]
    for shape in shapes:
        if any(w % shape.k for w in chain.widths):
            continue
        widest = max(chain.widths[1:])
        registers = accumulator_bytes_per_item(
            widest // shape.n, (shape.m, shape.n), target.subgroup_size
        )
        if registers > target.accumulator_bytes:
            continue
        for subgroups in ROW_BAND_SUBGROUPS:
            if subgroups == 1 or subgroups * shape.m <= chain.rows:
                return ChainConfig(shape, subgroups)
    raise error(
        chain.op,
        f"matmul chain of widths {'x'.join(map(str, chain.widths))} ({name}): "
        f"{target.name} has no m x n x n {name} -> f32 shape that divides every "
        f"width and holds the widest ({max(chain.widths[1:])}) in "
        f"{target.accumulator_bytes} bytes of accumulators per work-item",
    )


def _chain_kernel(name: str, chain: Chain, config: ChainConfig, target: Target):
    types = [v.type for v in (*chain.op.inputs, chain.op.output)]
    kernel = kernel_function(name, types, config.threads(target), target.subgroup_size)
    b = KernelBuilder(kernel.body.block)
    s = config.mma
    x, *weights, out = (Operand(a, (), False) for a in kernel.body.block.args)
    types = FragmentTypes.of((s.m, s.n, s.k), chain.elem)
    checked = (
        coopmat.CheckedMode.ROWS if chain.rows % (config.subgroups * s.m) else None
    )
    block_x = b.gpu_id(gpu.BlockIdOp, "x")
    subgroup = b.gpu_id(gpu.SubgroupIdOp) if config.subgroups > 1 else 0
    row = b.add(b.mul(block_x, config.subgroups * s.m), b.mul(subgroup, s.m))
    a = [
        x.load(b, row, i * s.k, types.a, checked) for i in range(chain.widths[0] // s.k)
    ]
    zero = splat(b, 0.0, types.acc)
    functions = list(chain.op.functions)
    for layer, w in enumerate(weights):
        # The layer's output: one row of fragments, each a dot over `a`.
        tile = FragmentTile(types, 1, chain.widths[layer + 1] // s.n)
        accs = [zero] * tile.frags_n
        for i, frag in enumerate(a):

            def weight_fragment(j: int, w: Operand = w, i: int = i) -> SSAValue:
                return w.load(b, i * s.k, j * s.n, types.b, None)

            accs = tile.multiply_add(b, accs, [frag], weight_fragment)
        if layer == len(weights) - 1:
            narrow = types.acc.with_element_type(chain.out_elem)
            for j, acc in enumerate(accs):
                out.store(b, convert(b, acc, narrow), row, j * s.n, checked)
            break
        a = [
            accumulator_as_a(b, _apply(b, acc, functions[layer]), chain.elem, types.a)
            for acc in accs
        ]
    b.emit(gpu.ReturnOp([]))
    return kernel


def _apply(b: KernelBuilder, acc: SSAValue, function: Region) -> SSAValue:
    """coopmat.apply with a copy of the chain's function as its body."""
    t = acc.type
    assert isinstance(t, coopmat.MatrixType)
    block = Block(arg_types=coopmat.ApplyOp.block_types(t, []))
    source = function.block
    mapping: dict[SSAValue, SSAValue] = {source.args[0]: block.args[2]}
    for op in source.ops:
        if isinstance(op, ChainYieldOp):
            block.add_op(coopmat.YieldOp(mapping.get(op.values[0], op.values[0])))
            break
        copy = op.clone(value_mapper=mapping)
        block.add_op(copy)
        mapping.update(zip(op.results, copy.results, strict=True))
    return b.emit(coopmat.ApplyOp(acc, block)).results[0]


def _chains(module: ModuleOp) -> list[ChainOp]:
    return [o for o in module.walk() if isinstance(o, ChainOp)]


def plan_chains(module: ModuleOp, target: Target) -> list[tuple[Chain, ChainConfig]]:
    """Each `coopmlir.chain`, matched and configured (a located error if one
    has no configuration)."""
    matched = [match_chain(o) for o in _chains(module)]
    return [(chain, plan_chain(chain, target)) for chain in matched]


def lower_chains(
    module: ModuleOp,
    planned: list[tuple[Chain, ChainConfig]],
    target: Target,
    explain: bool,
) -> None:
    """Each planned `coopmlir.chain` (now on memrefs) becomes a launch of its
    kernel."""
    pairs = ((chain.op, (chain, config)) for chain, config in planned)
    lower_planned(LowerChain(module, target, explain, pairs))


class LowerChain(LowerPlanned[tuple[Chain, ChainConfig]]):
    """A planned `coopmlir.chain` (on memrefs) -> a `gpu.launch_func` of its
    one fused kernel, which is added to the host's `gpu.module`."""

    def lower(self, plan: tuple[Chain, ChainConfig], rewriter: PatternRewriter) -> None:
        chain, config = plan
        op, target = chain.op, self.target
        if self.explain:
            s = config.mma
            remark(
                op,
                f"matmul chain {chain.rows} rows, widths "
                f"{'x'.join(map(str, chain.widths))}: one fused kernel, "
                f"{config.subgroups * s.m} rows per workgroup, "
                f"mma={s.m}x{s.n}x{s.k} on {target.name}",
            )
        kernels, name = new_kernel(rewriter, self.module, op, "_chain")
        kernel = _chain_kernel(name, chain, config, target)
        (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
        operands = [*op.inputs, op.output]
        replace_by_launch(
            rewriter, op, symbol, config.grid(chain), config.threads(target), operands
        )
