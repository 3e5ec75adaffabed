"""What the kernels of one `coopmlir.decode_attention` will be (`plan_decode`),
decided before anything changes; decode_kernel.py builds a given plan.

Split-K flash decoding: the key axis [0, Lmax) is cut into `chunks` chunks
of `chunk` keys; workgroup (c, h * row_blocks + rb, b) takes chunk c of K/V
head h of batch b for `row_block` of the `rows` = (Hq / Hkv) * S query rows
that share that head (K/V are read once per row block). Its work-items
form teams of `team` lanes; a team takes `unroll` keys at a time (8 where a
key is one 16-byte load of K and one of V per lane: `default_unroll`), each lane
reading its D / team (Dv / team) consecutive elements of every K (V) row
with 16-byte loads straight into registers, Q and the output in registers
too; the teams' partial softmaxes merge once, in workgroup memory, at the
end. A second kernel combines the chunks'.

A `coopmlir.attention` that is a decoding step (`routes_to_decode`: a few
queries against many keys, which its fused kernel would give one
workgroup per head) takes the same kernels, with its key count as a
length known at compile time; K and V that are `k_cache[:, :, :n]` (a
subview of the first n positions of both caches, as a fixed-length SDPA
over a cache exports) are read from the caches themselves.

The chunk count fills the device: at most `WAVES` workgroups per compute
unit over B * Hkv * row blocks * chunks (rounded down: a grid just past a
whole number of workgroups per unit leaves a nearly empty last round), no
chunk shorter than `MIN_CHUNK` keys (a chunk pays for a partial result and
its combine), unless `decode-chunks` says.

The chunks' partial results are combined by a second kernel, or by the last
workgroup of each row block to store its own (`fused_combine`,
`decode-fused-combine=true`: it counts the workgroups that are done with an
atomic add; slower on the H200 at batch 1, bench/RESULTS.md "Thirteenth
session"). With one chunk the merge writes O itself: no partials, no
combine."""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects import memref
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import Attribute, SSAValue

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.decode_attention import (
    MAX_QUERIES,
    DecodeAttentionOp,
    is_quantized,
)
from coopmlir.elements import element_of
from coopmlir.passes.lower_to_coopmat.matching import byte_size, error
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES

#: Work-items per workgroup (at most the target's).
THREADS = 128
#: Workgroups per compute unit the default chunk count aims for, at most.
#: Measured on the H200 (132 units, 8 K/V heads; bench/RESULTS.md "Twelfth
#: session"): 2 per unit (batch 1: 33 chunks, 8: 4, 32: 1) ran at 0.70-0.83
#: of the K/V roof at 8k-32k keys, the best of 1-264 chunks but for
#: batch 1 at 8k (0.37 at 16 chunks, 0.39 at 33); 4 per unit rounded up
#: (batch 8: 9 chunks, 576 workgroups for 528 slots) ran at 0.58-0.67.
WAVES = 2
#: The fewest keys per chunk the default chunk count makes.
MIN_CHUNK = 64
#: K/V loads (16 bytes each where D allows) a lane has in flight per step
#: by default: keys a team takes at once = LOADS_IN_FLIGHT / the loads of
#: one key's K and V rows, at most MAX_UNROLL. Measured on the H200 (D 128
#: f16, one load of K and one of V per lane and key; bench/RESULTS.md
#: "Thirteenth session"): 8 keys ran at 0.54-0.93 of the K/V roof, 4 keys at
#: 0.53-0.85, 2 at 0.51-0.71, and 16 spilled (0.19-0.21).
LOADS_IN_FLIGHT = 16
MAX_UNROLL = 8
#: Chunks the combine takes at once (their loads all in flight).
COMBINE_UNROLL = 8
#: The most query rows of one workgroup (their Q and O live in registers).
MAX_ROW_BLOCK = 4
#: The most elements of a K or V row one lane takes (registers per row).
MAX_SLICE = 8
#: The most f32 registers of Q and O slices one lane keeps.
MAX_REGISTERS = 128
#: The fewest keys with which a `coopmlir.attention` of at most MAX_QUERIES
#: queries is a decoding step.
ROUTED_KEYS = 1024


@dataclass(frozen=True)
class Decode:
    """The problem of a `coopmlir.decode_attention` on static memrefs."""

    op: DecodeAttentionOp | AttentionOp
    batch: int
    hq: int
    hkv: int
    s: int
    lmax: int
    d: int
    dv: int
    q_elem: Attribute
    kv_elem: Attribute
    out_elem: Attribute
    #: Per K, V scale: whether it is per position ([B, Hkv, Lmax]); None:
    #: K/V are not quantized.
    per_position: tuple[bool, bool] | None
    scale: float
    causal: bool
    #: The key count of a routed `coopmlir.attention` (no length operand).
    length: int | None = None
    #: A routed attention's kernel operands (Q, K, V, O; K and V the caches
    #: they are prefixes of); None: the op's operands.
    routed_operands: tuple[SSAValue, ...] | None = None

    @property
    def operands(self) -> list[SSAValue]:
        """What the partial kernel reads (and the combine kernel's output)."""
        return list(self.routed_operands or self.op.operands)

    @property
    def group(self) -> int:
        return self.hq // self.hkv

    @property
    def keys(self) -> int:
        """The keys the chunks cover: all of the cache, or the known length
        of a routed attention."""
        return self.lmax if self.length is None else self.length

    @property
    def rows(self) -> int:
        """Query rows per K/V head: row g * S + s is query s of head g of
        the group."""
        return self.group * self.s

    def describe(self) -> str:
        kv = element_of(self.kv_elem).name
        quantized = " (scaled)" if self.per_position else ""
        routed = "attention as a decoding step" if self.length else "decoding attention"
        return (
            f"{routed} B={self.batch} Hq={self.hq} Hkv={self.hkv} "
            f"S={self.s} Lmax={self.lmax}"
            f"{f' n={self.length}' if self.length is not None else ''} "
            f"D={self.d} Dv={self.dv} "
            f"K/V {kv}{quantized}{' causal' if self.causal else ''}"
        )


@dataclass(frozen=True)
class DecodePlan:
    problem: Decode
    chunks: int
    chunk: int
    threads: int
    #: The target's subgroup size (the teams' butterflies stay inside one).
    subgroup: int
    #: Query rows per workgroup: a divisor of `rows`, at most MAX_ROW_BLOCK.
    row_block: int
    #: Lanes per key (a power of two dividing the subgroup).
    team: int
    #: Elements per load of K, V and Q (16 bytes of K/V where D allows).
    width: int
    unroll: int = MAX_UNROLL
    #: Whether a team's next keys load while the current ones are computed.
    prefetch: bool = True
    #: Whether the last workgroup of each row block's chunks combines them
    #: (an atomic count per row block), or a second kernel does.
    fused_combine: bool = False

    @property
    def writes_output(self) -> bool:
        """One chunk: the partial kernel's merge writes O (no partials, no
        combine)."""
        return self.chunks == 1

    @property
    def last_workgroup_combines(self) -> bool:
        return self.fused_combine and not self.writes_output

    @property
    def row_blocks(self) -> int:
        return self.problem.rows // self.row_block

    @property
    def teams(self) -> int:
        return self.threads // self.team

    @property
    def slices(self) -> tuple[int, int]:
        """Elements of a K row and of a V row per lane."""
        return self.problem.d // self.team, self.problem.dv // self.team

    def grid(self) -> tuple[int, int, int]:
        """The partial kernel's: x over chunks, y over K/V heads (times row
        blocks: head y / row_blocks, block y % row_blocks), z batch."""
        p = self.problem
        return (self.chunks, p.hkv * self.row_blocks, p.batch)

    def combine_grid(self) -> tuple[int, int, int]:
        """The combine kernel's: x over K/V heads, y over the batch, z over
        the query rows of the group."""
        p = self.problem
        return (p.hkv, p.batch, p.rows)

    def shared_bytes(self) -> int:
        """The teams' partial outputs [teams, rows, Dv] and statistics
        [teams, 2, rows], f32; with the combine fused, its weights and the
        arrival count too."""
        teams = 4 * self.teams * self.row_block * (self.problem.dv + 2)
        if not self.last_workgroup_combines:
            return teams
        return teams + self.row_block * self.combine_shared_bytes() + 4

    @property
    def padded_chunks(self) -> int:
        """The chunks rounded up to whole steps of the combine."""
        return math.ceil(self.chunks / COMBINE_UNROLL) * COMBINE_UNROLL

    def combine_shared_bytes(self) -> int:
        """The chunks' weights (padded) and the row's sum, f32 (per row)."""
        return 4 * (self.padded_chunks + 1)

    def describe(self, target: Target) -> str:
        rows = ""
        if self.row_blocks > 1:
            rows = f", {self.row_blocks} blocks of {self.row_block} query rows"
        d, dv = self.slices
        return (
            f"{self.problem.describe()}: split-K flash decoding, {self.chunks} "
            f"chunks of {self.chunk} keys{rows}, teams of {self.team} lanes "
            f"({d} + {dv} elements of each K, V row per lane, {self.unroll} keys "
            f"at a time{', the next ones prefetched' * self.prefetch}), grid "
            f"{self.grid()} of {self.threads} work-items on "
            f"{target.name}, "
            + (
                "the output written by the merge (one chunk)"
                if self.writes_output
                else "the last workgroup of each row block combining the chunks"
                if self.last_workgroup_combines
                else "then a combine kernel"
            )
        )


def routes_to_decode(op: AttentionOp) -> bool:
    """Whether a `coopmlir.attention` is a decoding step: static memrefs
    Q [B, Hq, S, D] with S <= MAX_QUERIES against K, V [B, Hkv, L, D(v)]
    with L >= ROUTED_KEYS, Hkv dividing Hq; no mask; not causal (its
    causal is top-left aligned: query i sees keys <= i, no decoding step)."""
    types = [v.type for v in (*op.inputs, op.output)]
    if op.mask is not None or op.causal is not None:
        return False
    if not all(isinstance(t, MemRefType) and t.has_static_shape() for t in types):
        return False
    q, k = (t.get_shape() for t in types[:2])  # type: ignore[union-attr]
    if len(q) != 4 or len(k) != 4 or not k[1] or q[1] % k[1]:
        return False
    return 1 <= q[2] <= MAX_QUERIES and k[2] >= ROUTED_KEYS


def match_decode(op: DecodeAttentionOp | AttentionOp) -> Decode:
    """The problem of a verified op on static memrefs (a located error
    otherwise); a routed attention's (`routes_to_decode`) is one with its
    key count as the length."""
    if isinstance(op, AttentionOp):
        return _routed(op)
    types = [v.type for v in op.operands]
    for t in types:
        if not isinstance(t, MemRefType):
            raise error(op, f"'{op.name}' on tensors: bufferize first")
        if any(d < 0 for d in t.get_shape()):
            raise error(op, f"'{op.name}' needs static shapes, got {t}")
    q, k, v = (t.get_shape() for t in types[:3])  # type: ignore[union-attr]
    b, hq, s, d = q
    _, hkv, lmax, _ = k
    dv = v[3]
    if 0 in (b, hq, s, d, lmax, dv):
        raise error(op, "an empty decoding attention has no kernel to launch")
    kv_elem = types[1].element_type  # type: ignore[union-attr]
    per_position = None
    if is_quantized(kv_elem):
        ranks = [len(t.get_shape()) for t in types[4:6]]  # type: ignore[union-attr]
        per_position = (ranks[0] == 3, ranks[1] == 3)
    return Decode(
        op,
        b,
        hq,
        hkv,
        s,
        lmax,
        d,
        dv,
        types[0].element_type,  # type: ignore[union-attr]
        kv_elem,
        types[-1].element_type,  # type: ignore[union-attr]
        per_position,
        op.scale.value.data,
        op.causal is not None,
    )


def cache_of(value: SSAValue) -> SSAValue:
    """The buffer `value` is the first positions of: the source of a
    subview [0, 0, 0, 0] [B, H, n, D] [1, 1, 1, 1] of a [B, H, Lmax, D]
    memref; else `value` itself."""
    view = value.owner
    if not isinstance(view, memref.SubviewOp) or view.offsets or view.sizes:
        return value
    source, sizes = view.source.type, view.static_sizes.get_values()
    if not isinstance(source, MemRefType) or view.strides:
        return value
    whole = source.get_shape()
    if (
        len(whole) != 4
        or source.layout != MemRefType(source.element_type, whole).layout
    ):
        return value
    plain = all(x == 0 for x in view.static_offsets.get_values()) and all(
        x == 1 for x in view.static_strides.get_values()
    )
    if not plain or [*sizes[:2], *sizes[3:]] != [*whole[:2], *whole[3:]]:
        return value
    return view.source


def _routed(op: AttentionOp) -> Decode:
    q, k, v = (x.type.get_shape() for x in op.inputs)  # type: ignore[union-attr]
    elements = [x.type.element_type for x in (op.query, op.output)]  # type: ignore[union-attr]
    caches = [cache_of(op.key), cache_of(op.value)]
    lmax = [c.type.get_shape()[2] for c in caches]  # type: ignore[union-attr]
    if lmax[0] != lmax[1]:  # one Lmax for both: read the prefixes
        caches, lmax = [op.key, op.value], [k[2], k[2]]
    return Decode(
        op,
        q[0],
        q[1],
        k[1],
        q[2],
        lmax[0],
        q[3],
        v[3],
        elements[0],
        elements[0],
        elements[1],
        None,
        op.scale.value.data,
        False,
        k[2],
        (op.query, *caches, op.output),
    )


def plan_decode(
    p: Decode,
    target: Target,
    chunks: int | None = None,
    lanes: int | None = None,
    prefetch: bool = True,
    fused_combine: bool = False,
    unroll: int | None = None,
) -> DecodePlan:
    """The plan of `p` (module doc); `chunks`, `lanes` (per key), `prefetch`,
    `fused_combine` and `unroll` (keys per step of a team) as asked
    (`decode-chunks`, `decode-lanes`, `decode-prefetch`,
    `decode-fused-combine`, `decode-unroll`)."""
    threads = min(THREADS, target.max_workgroup_size)
    subgroup = target.subgroup_size
    team, width = lanes_per_key(p, subgroup, lanes)
    unroll = unroll or default_unroll(p, team, width)
    per_row = (p.d + p.dv) // team  # registers of Q and O per query row
    if per_row > MAX_REGISTERS:
        raise error(
            p.op,
            f"D={p.d}, Dv={p.dv} need {per_row} registers of Q and O per lane "
            f"and query row (teams of {team} lanes); the kernel keeps at most "
            f"{MAX_REGISTERS}",
        )
    row_block = max(
        r
        for r in range(1, MAX_ROW_BLOCK + 1)
        if p.rows % r == 0 and r * per_row <= MAX_REGISTERS
    )
    row_blocks = p.rows // row_block
    asked = chunks or default_chunks(p, target, row_blocks)
    # Whole steps of a team per chunk.
    chunk = math.ceil(math.ceil(p.keys / asked) / unroll) * unroll
    count = math.ceil(p.keys / chunk)
    fixed = (subgroup, row_block, team, width, unroll, prefetch, fused_combine)
    plan = DecodePlan(p, count, chunk, threads, *fixed)
    # Fewer teams where their partial results do not fit workgroup memory.
    while plan.shared_bytes() > target.shared_memory_bytes and threads > subgroup:
        threads //= 2
        plan = DecodePlan(p, count, chunk, threads, *fixed)
    for need, what in (
        (plan.shared_bytes(), "the teams' partial results"),
        (plan.combine_shared_bytes(), f"the weights of {plan.chunks} chunks"),
    ):
        if need > target.shared_memory_bytes:
            raise error(
                p.op,
                f"{what} need {need} bytes of workgroup memory; {target.name} "
                f"has {target.shared_memory_bytes}",
            )
    return _checked_grids(plan, target)


def lanes_per_key(
    p: Decode, subgroup: int, lanes: int | None = None
) -> tuple[int, int]:
    """(team, width): 16-byte loads of K/V (narrower where D or Dv do not
    allow), each lane taking at most MAX_SLICE elements of a row where the
    subgroup has lanes enough (or `lanes` lanes); a team a power of two
    dividing the subgroup."""
    if lanes is not None and (lanes < 1 or lanes & (lanes - 1) or subgroup % lanes):
        raise error(
            p.op,
            f"decode-lanes={lanes} must be a power of two dividing the "
            f"subgroup size {subgroup}",
        )
    if lanes is not None and (p.d % lanes or p.dv % lanes):
        raise error(p.op, f"decode-lanes={lanes} must divide D={p.d}, Dv={p.dv}")
    for width in (ACCESS_BYTES // byte_size(p.kv_elem), 4, 2, 1):
        if p.d % width or p.dv % width:
            continue
        if lanes is not None:
            if p.d % (lanes * width) == 0 and p.dv % (lanes * width) == 0:
                return lanes, width
            continue
        team = 1
        while (
            team * 2 <= subgroup
            and p.d % (team * 2 * width) == 0
            and p.dv % (team * 2 * width) == 0
            and max(p.d, p.dv) // team > MAX_SLICE
        ):
            team *= 2
        return team, width
    raise AssertionError("width 1 always divides")


def default_unroll(p: Decode, team: int, width: int) -> int:
    """Keys per team step: LOADS_IN_FLIGHT loads of K and V rows per lane,
    at most MAX_UNROLL keys, at least one."""
    loads = math.ceil(p.d // team / width) + math.ceil(p.dv // team / width)
    return max(1, min(MAX_UNROLL, LOADS_IN_FLIGHT // loads))


def _checked_grids(plan: DecodePlan, target: Target) -> DecodePlan:
    for grid in (plan.grid(), plan.combine_grid()):
        if any(
            g > most for g, most in zip(grid, target.max_workgroup_count, strict=True)
        ):
            raise error(
                plan.problem.op, f"a grid of {grid} is more than {target.name} launches"
            )
    return plan


def default_chunks(p: Decode, target: Target, row_blocks: int = 1) -> int:
    """At most WAVES workgroups per compute unit (at least one chunk),
    chunks of MIN_CHUNK keys at least."""
    wanted = WAVES * target.compute_units // (p.batch * p.hkv * row_blocks)
    most = math.ceil(p.keys / MIN_CHUNK)
    return max(1, min(wanted, most))


def plan_decodes(
    module: ModuleOp,
    target: Target,
    chunks: int | None = None,
    lanes: int | None = None,
    prefetch: bool = True,
    fused_combine: bool = False,
    unroll: int | None = None,
) -> list[DecodePlan]:
    """Every decoding attention of `module`, planned before anything changes."""
    for name, value in (("decode-chunks", chunks), ("decode-unroll", unroll)):
        if value is not None and value < 1:
            raise CompileError(
                f"error: lower-to-coopmat: {name}={value} must be at least 1"
            )
    ops = [
        o
        for o in module.walk()
        if isinstance(o, DecodeAttentionOp)
        or (isinstance(o, AttentionOp) and routes_to_decode(o))
    ]
    return [
        plan_decode(
            match_decode(op),
            target,
            chunks,
            lanes,
            prefetch,
            fused_combine,
            unroll,
        )
        for op in ops
    ]
