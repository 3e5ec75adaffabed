"""What the fused attention kernel computes (`match_attention`, from a
`coopmlir.attention` on memrefs) and how it is tiled (`plan_attention`).

The tiling is FlashAttention-2's: a workgroup owns `rows` query rows
(`subgroups` subgroups of `lines` m-row fragment lines each) and streams
the keys and values in blocks of `block` rows through workgroup memory.

Grouped-query attention (Hq query heads over Hkv K/V heads, group G =
Hq / Hkv) packs `heads` = gcd(G, subgroups) query heads of one group into a
workgroup: its subgroups are `heads` x (subgroups / heads) (head, row
fragment) pairs, so each K/V block copied into workgroup memory serves all
of them, and the grid's y runs over Hq / heads head packs, each reading its
K/V head (y * heads / G) in place: no repeated K/V exists anywhere.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from xdsl.dialects.builtin import Float32Type, MemRefType, TensorType
from xdsl.ir import Attribute, SSAValue

from coopmlir.dialects.attention import AttentionOp, Variants
from coopmlir.elements import element_of
from coopmlir.passes.lower_to_coopmat.matching import byte_size, error
from coopmlir.target_lowering import matrix_scratch, reduction_scratch, staging_bytes
from coopmlir.targets import MatrixShape, Target
from coopmlir.tiling import (
    ACCESS_BYTES,
    ROW_BAND_SUBGROUPS,
    accumulator_bytes_per_item,
)

#: Keys per block, largest first: the first that fits workgroup memory wins.
BLOCKS = (64, 32, 16)
#: Fragment lines per subgroup, most first (AttentionConfig.lines); None:
#: the target's choice (`_line_choices`). The benchmarks set it to compare.
LINES: tuple[int, ...] | None = None
#: Subgroups per workgroup, most first; None: the target's choice
#: (`_subgroup_choices`). The benchmarks set it to compare.
SUBGROUPS: tuple[int, ...] | None = None
#: How K/V blocks reach workgroup memory (AttentionConfig.prefetch, the
#: `attention-prefetch` option, attention_kv_blocks.py). none: each block
#: copied between two barriers before its math, a loop of chunks (each
#: loaded, then stored). unrolled: as none, every chunk's load issued before
#: the first store (one memory round trip per block, not one per chunk).
#: block: the next block's K and V loaded into registers before the current
#: block's math, stored after it into the other of two buffers (one barrier
#: per block). staggered: as block, but V's loads issued after S = Q K^T
#: (half the registers held at a time).
PREFETCHES = ("none", "unrolled", "block", "staggered")
#: The modes that fetch the next block into a second buffer.
DOUBLE_BUFFERED = ("block", "staggered")
#: Where each key block reads Q's fragments from (AttentionConfig.q_source,
#: the `attention-q` option). registers: loaded once, held across the key
#: loop. global: loaded from Q (cached) in every block, each dead after its
#: step of S = Q K^T. workgroup: Q staged once in workgroup memory, its
#: fragments loaded from there in every block (FlashAttention-2's Q in
#: shared memory). Both reloads spilled less and ran slower on an H200
#: (bench/RESULTS.md, "Twentieth session").
Q_SOURCES = ("registers", "global", "workgroup")


@dataclass(frozen=True)
class Attention:
    """O [..., S, Dv] = softmax(scale * Q K^T + mask) V with Q [..., S, D],
    K [..., L, D], V [..., L, Dv]; `lead` are Q's leading (batch, head)
    dimensions, K and V have `kv_heads` heads; the mask is [S, L] or
    [..., S, L] (`mask_lead`)."""

    op: AttentionOp
    lead: tuple[int, ...]
    s: int
    keys: int
    d: int
    dv: int
    elem: Attribute
    out_elem: Attribute
    mask_elem: Attribute | None
    mask_lead: bool
    scale: float
    causal: bool
    kv_heads: int = 1
    variants: Variants = field(default_factory=Variants)

    @property
    def heads(self) -> int:
        """Query heads (1 without leading dimensions)."""
        return self.lead[-1] if self.lead else 1

    @property
    def group(self) -> int:
        """Query heads per K/V head."""
        return self.heads // self.kv_heads

    @property
    def operands(self) -> list[SSAValue]:
        return [*self.op.inputs, self.op.output]

    def describe(self) -> str:
        lead = "x".join(map(str, self.lead)) or "1"
        extras = (" causal" if self.causal else "") + (
            " masked" if self.mask_elem else ""
        )
        if self.group > 1:
            extras += f" grouped {self.heads}/{self.kv_heads} heads"
        extras += self.variants.describe()
        return (
            f"attention {lead} heads of S={self.s} L={self.keys} D={self.d} "
            f"Dv={self.dv} "
            f"{element_of(self.elem).name}->{element_of(self.out_elem).name}{extras}"
        )


@dataclass(frozen=True)
class AttentionConfig:
    mma: MatrixShape
    subgroups: int
    block: int
    heads: int = 1
    """Query heads of one K/V group per workgroup (module doc)."""
    lines: int = 1
    """m-row fragment lines per subgroup: each K and V fragment read from
    workgroup memory serves `lines * m` query rows."""
    prefetch: str = "none"
    """How K/V blocks reach workgroup memory (PREFETCHES)."""
    q_source: str = "registers"
    """Where each key block reads Q's fragments from (Q_SOURCES)."""

    @property
    def slots(self) -> int:
        """K/V buffers in workgroup memory: two where the next block is
        stored while the current one is read."""
        return 2 if self.prefetch in DOUBLE_BUFFERED else 1

    @property
    def q_reloaded(self) -> bool:
        """Whether each key block loads Q's fragments again (not held)."""
        return self.q_source != "registers"

    @property
    def row_fragments(self) -> int:
        """Subgroups (bands of `lines` fragment lines) per query head."""
        return self.subgroups // self.heads

    @property
    def subgroup_rows(self) -> int:
        """Query rows one subgroup owns."""
        return self.lines * self.mma.m

    @property
    def rows(self) -> int:
        """Query rows per workgroup (of each of its heads)."""
        return self.row_fragments * self.subgroup_rows

    def rows_ragged(self, att: Attention) -> bool:
        """Whether the last workgroup's rows run past S: a fragment line
        may then lie partly or wholly past it (its Q, mask and O checked),
        even where S is a multiple of m."""
        return att.s % self.rows != 0

    def threads(self, target: Target) -> int:
        return self.subgroups * target.subgroup_size

    def grid(self, att: Attention) -> tuple[int, int, int]:
        """x over query row blocks, y over the last leading dimension (heads,
        `heads` per workgroup), z over the ones before (batch)."""
        packs = att.heads // self.heads
        return (-(-att.s // self.rows), packs, math.prod(att.lead[:-1]))

    def tile_shapes(self, att: Attention) -> tuple[tuple[int, int], tuple[int, int]]:
        """The K and V blocks in workgroup memory, rows padded."""
        pad = ACCESS_BYTES // byte_size(att.elem)
        return (self.block, att.d + pad), (self.block, att.dv + pad)

    def q_tile_shape(self, att: Attention) -> tuple[int, int] | None:
        """Q's rows of every subgroup in workgroup memory (q_source
        workgroup), rows padded as K's; None where Q is not staged."""
        if self.q_source != "workgroup":
            return None
        pad = ACCESS_BYTES // byte_size(att.elem)
        return self.subgroups * self.subgroup_rows, att.d + pad

    def shared_bytes(self, att: Attention, target: Target) -> int:
        (kr, kc), (vr, vc) = self.tile_shapes(att)
        scratch = staging_bytes(self.subgroups, self._scratch_slots(att), target)
        kv = (kr * kc + vr * vc) * self.slots * byte_size(att.elem)
        q_rows, q_cols = self.q_tile_shape(att) or (0, 0)
        return kv + q_rows * q_cols * byte_size(att.elem) + scratch

    def _scratch_slots(self, att: Attention) -> list[tuple[int, int]]:
        """(element bytes, elements) of each subgroup's scratch slots for
        opaque (KHR) matrices: the f32 row reductions of m x n matrices
        (the result m x n too), P's change of use (accumulator -> A) to
        Q's type, and a mask of a third type its checked loads."""
        tile = (self.mma.m, self.mma.n)
        elements = {Float32Type(): reduction_scratch(tile, tile)}
        for t in (att.elem, att.mask_elem):
            if t is not None:
                elements[t] = max(elements.get(t, 0), matrix_scratch(tile))
        return [(byte_size(t), n) for t, n in elements.items()]

    def register_bytes(self, att: Attention, target: Target) -> int:
        """f32 accumulators per work-item: O, one key block of S, max, sum."""
        m, n = self.mma.m, self.mma.n
        frags = (att.dv // n + self.block // n + 2) * self.lines
        return accumulator_bytes_per_item(frags, (m, n), target.subgroup_size)

    def __str__(self) -> str:
        s = self.mma
        heads = f" heads={self.heads}" if self.heads > 1 else ""
        lines = f" lines={self.lines}" if self.lines > 1 else ""
        ahead = f" prefetch={self.prefetch}" if self.prefetch != "none" else ""
        ahead += f" q={self.q_source}" if self.q_reloaded else ""
        return (
            f"rows={self.rows}{heads}{lines} block={self.block}{ahead} "
            f"mma={s.m}x{s.n}x{s.k}"
        )


def match_attention(op: AttentionOp) -> Attention:
    """The problem of a verified `coopmlir.attention` on static memrefs (or
    tensors: checked before bufferization)."""
    types = [v.type for v in (*op.inputs, op.output)]
    for t in types:
        if not isinstance(t, MemRefType | TensorType) or any(
            d < 0 for d in t.get_shape()
        ):
            raise error(op, f"attention needs static shapes, got {t}")
    q, k, v, *mask = types[:-1]
    out = types[-1]
    *lead, s, d = q.get_shape()  # type: ignore[union-attr]
    kv_heads = k.get_shape()[-3] if lead else 1  # type: ignore[union-attr]
    lk, dv = v.get_shape()[-2:]  # type: ignore[union-attr]
    if len(lead) > 2:
        raise error(op, f"attention takes at most two leading dimensions, got {q}")
    if 0 in (*lead, s, lk, d, dv):
        raise error(op, "an empty attention has no kernel to launch")
    return Attention(
        op,
        tuple(lead),
        s,
        lk,
        d,
        dv,
        q.element_type,  # type: ignore[union-attr]
        out.element_type,  # type: ignore[union-attr]
        mask[0].element_type if mask else None,  # type: ignore[union-attr]
        bool(mask) and len(mask[0].get_shape()) > 2,  # type: ignore[union-attr]
        op.scale.value.data,
        op.causal is not None,
        kv_heads,
        op.variants,
    )


def plan_attention(
    att: Attention,
    target: Target,
    prefetch: str | None = None,
    q_source: str = "registers",
) -> AttentionConfig:
    """The first configuration that fits, or a located error saying why none
    does. P (m x n accumulator) becomes the A operand (m x k) of `@ V` in
    registers, so the cooperative-matrix shape needs n == k. `prefetch`
    (PREFETCHES; None: the target's choice, `_prefetch_choices`) doubles
    the K/V buffers: larger blocks may not fit; `q_source`:
    AttentionConfig.q_source (workgroup: Q's tile may not fit either)."""
    name = element_of(att.elem).name
    shapes = target.attention_shapes(name)
    if not shapes:
        raise error(
            att.op,
            f"attention on {name} needs {name} x {name} -> f32 with an "
            f"m x n x n shape on {target.name}",
        )
    reasons: dict[MatrixShape, list[str]] = {s: [] for s in shapes}
    for shape in shapes:
        if att.d % shape.k or att.dv % shape.n:
            reasons[shape].append(
                f"the head dimensions (D={att.d}, Dv={att.dv}) must be multiples "
                f"of {shape.k} and {shape.n} ({shape} on {target.name})"
            )
            continue
        for ahead, (lines, blocks), subgroups in itertools.product(
            [prefetch] if prefetch else _prefetch_choices(att, target),
            _line_choices(att, target),
            _subgroup_choices(att, target),
        ):
            heads = math.gcd(att.group, subgroups)
            rows = subgroups // heads * lines * shape.m
            if rows > shape.m and rows > att.s:
                continue  # fewer rows than the workgroup would own
            for block in blocks:
                if block > max(att.keys, shape.n) and block != blocks[-1]:
                    continue
                config = AttentionConfig(
                    shape, subgroups, block, heads, lines, ahead, q_source
                )
                reason = _check(config, att, target)
                if reason is None:
                    return config
                reasons[shape].append(reason)
    # Why the smallest configuration of the target's largest shape fails.
    raise error(att.op, reasons[shapes[0]][-1])


def _prefetch_choices(att: Attention, target: Target) -> tuple[str, ...]:
    """K/V copy modes in the order tried. Measured on an H200 (B4 H16
    S4096, bench/RESULTS.md "Twentieth session"): copying a block as a loop
    of chunks, each loaded then stored, waited on memory once per chunk;
    `unrolled` (every load in flight before the first store) ran NV2 D 128
    123 -> 163 TFLOP/s (causal 107 -> 145-147, grouped heads 121 -> 166),
    D 64 175 -> 207 (causal 126 -> 148), and on KHR instructions alone D
    128 120 -> 139 where `block` (register prefetch into a second buffer)
    ran 120 (64-key blocks: one buffer leaves room). On KHR alone `block`
    stays ahead with a causal mask (132 against 127) and at D 64 (112
    against 83). Targets without matrix units (their kernels become SIMT
    loops) keep the copy loop until measured. The register estimate does
    not count the copied chunks (`block * (D + Dv)` elements per workgroup,
    held between the barriers; with `block`, across the math)."""
    if not target.has_matrix_units:
        return ("none",)
    if target.cooperative_matrix2 or (not att.causal and att.d >= 128):
        return ("unrolled",)
    return ("block", "unrolled")


def _subgroup_choices(att: Attention, target: Target) -> tuple[int, ...]:
    """Subgroups per workgroup in the order tried. With
    VK_NV_cooperative_matrix2 at D >= 128 without a causal mask, 8 subgroups
    (256 query rows at two lines) share each K/V block: on an H200 175-177
    TFLOP/s against 163 for 4, grouped heads 176 against 166; slower with a
    causal mask (137 against 145-147) and at D 64 (183 against 207)
    (bench/RESULTS.md, "Twentieth session"). Elsewhere the row bands of the
    matmul kernels."""
    if SUBGROUPS is not None:
        return SUBGROUPS
    if target.cooperative_matrix2 and att.d >= 128 and not att.causal:
        return (8, *ROW_BAND_SUBGROUPS)
    return ROW_BAND_SUBGROUPS


def _line_choices(att: Attention, target: Target) -> list[tuple[int, tuple[int, ...]]]:
    """(lines, key blocks) in the order tried. Two lines halve the K and V
    reads from workgroup memory per query row but double the row
    reductions and P conversions per key: they paid off on an H200 only
    where those stay in registers (VK_NV_cooperative_matrix2), with 32-key
    blocks at D >= 128 and 64-key blocks at D 64 without a causal mask
    (bench/RESULTS.md, "Two fragment lines"); KHR alone lost 10-35%."""
    if LINES is not None:
        return [(lines, BLOCKS) for lines in LINES]
    one = [(1, BLOCKS)]
    if not target.cooperative_matrix2 or att.s < 1024:
        return one
    if att.d >= 128:
        return [(2, (32,)), *one]
    return one if att.causal else [(2, (64,)), *one]


def _register_budget(config: AttentionConfig, target: Target) -> int:
    """Accumulator bytes per work-item the configuration may use: the
    target's, or for two lines (NV2 only, `_line_choices`) every 32-bit
    register the compiler holds (what the H200 ran without a slowdown)."""
    if config.lines > 1 and target.registers_per_item is not None:
        return max(target.accumulator_bytes, 4 * target.registers_per_item)
    return target.accumulator_bytes


def _check(config: AttentionConfig, att: Attention, target: Target) -> str | None:
    threads = config.threads(target)
    if threads > target.max_workgroup_size:
        return f"{config} needs {threads} work-items, more than {target.name} has"
    registers = config.register_bytes(att, target)
    if registers > _register_budget(config, target):
        return (
            f"head dimension Dv={att.dv} needs {registers} bytes of accumulators per "
            f"work-item with {config}; {target.name} holds "
            f"{_register_budget(config, target)}"
        )
    shared = config.shared_bytes(att, target)
    if shared > target.shared_memory_bytes:
        return (
            f"head dimensions D={att.d}, Dv={att.dv} need {shared} bytes of "
            f"workgroup memory with {config}; {target.name} has "
            f"{target.shared_memory_bytes}"
        )
    if (config.block * att.d) % threads or (config.block * att.dv) % threads:
        return f"the K and V blocks of {config} do not split over {threads} work-items"
    grid = config.grid(att)
    if any(g > most for g, most in zip(grid, target.max_workgroup_count, strict=True)):
        return f"{config} needs a grid of {grid}, more than {target.name} launches"
    return None
