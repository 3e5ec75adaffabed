"""The options of `lower-to-coopmat`, declared once.

`LowerToCoopmat` and `LowerToSpirv` (which forwards them) inherit these
fields; `--help` reads their docstrings (`coopmlir.tools.opt_help`), and the
tuning cache's option names (`coopmlir.tuning.TUNED_OPTIONS`, a layer below)
are checked against them by test_options_home.py. A new option is a field
here, with its docstring; `lower-to-coopmat` validates its value.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class KernelOptions:
    """What the user may choose of the kernels `lower-to-coopmat` builds;
    every option left out is chosen for the target."""

    target: str = "generic"
    """Device: generic, h100-vulkan, lavapipe, simt, or vulkan[:DEVICE] (queried)."""

    tile: str | None = None
    """Workgroup tile TMxTNxTK, e.g. 128x128x32 (default: the cost model's)."""

    subgroups: str | None = None
    """Subgroup grid SMxSN inside the workgroup tile, e.g. 2x2."""

    mma: str | None = None
    """Cooperative-matrix shape mxnxk, one the target lists, e.g. 16x8x16."""

    stages: int | None = None
    """0: fragments from global memory, 1: staged through workgroup memory,
    2: staged with register prefetch of the next K tile, 3: as 2 with two
    workgroup buffers (one barrier per K tile), 4: as 2, prefetched two K
    tiles ahead (3 and 4: static sizes only). scope=workgroup: 1 (default)
    or 2, the next K tile's matrices loaded before the current product."""

    raster: int | None = None
    """Workgroup order: groups of this many M tile rows share L2 (1: row-major)."""

    accumulator_bytes: int | None = None
    """Accumulator registers per work-item the tiling (of matmuls and fused
    attention) may use (default: the target's; 1024 admits the talk's
    256x256 f16->f32 tile)."""

    tune: str | None = None
    """Autotuning cache (coopmlir.tuning): a measured entry for the device and
    problem supplies the options not given here; else the cost model plans."""

    explain: bool = False
    """Print the chosen configuration and its predicted efficiency as a remark."""

    size_hint: str | None = None
    """`size-hint=MxNxK`: the sizes a dynamic dimension is planned for
    (default: `matching.DEFAULT_HINT`); static dimensions ignore it."""

    kernel: str | None = None
    """fragments (cooperative-matrix fragments) or simt-tiled (register-tiled
    per-work-item kernel for f32, f16/bf16 -> f32 without matrix units);
    left out: the target's choice (`Target.simt_kernel`) for those matmuls."""

    micro_tile: str | None = None
    """kernel=simt-tiled: MMxMN accumulators per work-item (default 8x8)."""

    smem_layout: str | None = None
    """kernel=simt-tiled: workgroup-memory rows padded by 16 bytes (pad, the
    default) or unpadded with 16-byte chunks XOR-swizzled by the row (xor)."""

    split_k: int | None = None
    """Split-K (split_k.py): S slices of the K tiles, each its own
    workgroups, summed by a second kernel; 1: one kernel over all of K
    (default: the cost model's fill heuristic)."""

    tile_overhead: int | None = None
    """The cost model's fixed cost per tile in K tiles (prologue fill,
    epilogue store) where a compute unit holds one workgroup of the tile
    (coopmlir.tiling.overhead_efficiency); 0: none (the model before it).
    Default: the target's (9 where it counts registers: NVIDIA; fitted on
    GPT-2's K=768 products, never slower over 20 timed H200 products:
    bench/RESULTS.md "Eleventh session")."""

    attention_prefetch: str | None = None
    """Fused attention's K/V blocks: none (copied between two barriers per
    block, a loop of chunks each loaded then stored), unrolled (as none,
    every chunk loaded before the first is stored), block (the next
    block's K and V loaded into registers before the current block's math,
    stored after it into a second buffer: one barrier per block) or
    staggered (as block, V's loads issued after S = Q K^T) (default:
    unrolled with VK_NV_cooperative_matrix2, and without it at D >= 128
    without a causal mask; else block where it fits on matrix units; none
    without them)."""

    attention_q: str = "registers"
    """Fused attention: where each key block reads Q's fragments from:
    registers (loaded once, held across the key loop), global (loaded from
    Q, cached, in every block, each dead after its step of S = Q K^T) or
    workgroup (Q staged once in workgroup memory, loaded from there in every
    block; the tile may shrink the workgroup's rows to fit)."""
    split_k_decode: bool = True
    """Weights decoded in the load (weight_decode.py) also in split-K's
    partial kernel; false: a split product's dequantize prologue is its own
    loop kernel writing the f16 weight (the earlier path, for A/B runs)."""

    pretranspose: str | None = None
    """none, a, b or ab: copy those operands of each matmul transposed by a
    kernel of their own, and read the copies (pretranspose.py); left out:
    the target's rule (NVIDIA: an 8-bit operand not K-contiguous, in a
    product large enough to repay the copy)."""

    small_m_tiles: bool = True
    """Products of at most 16 rows and a weight of at least 2^20 elements
    (f16 or decoded in the load) take 16x64x64 fragment tiles, two K steps
    in flight, with K split in at most 8 slices (small_m_plan.py; false: the
    cost model's tiles, the earlier path, for A/B runs)."""

    decode_at_store: bool = True
    """Fragment kernels with weights decoded in the load and a register
    prefetch (stages 2 to 4): the prefetch holds the stored bytes and
    scales, decoded when stored to workgroup memory after the math (false:
    decoded when loaded, before the math; on an H200 at M = 2048 int4 ran
    1.5x slower that way, int8 and f8 within 3%: bench/RESULTS.md, "Tenth
    session")."""

    exact_f16_math: bool = False
    """f16 activations (element-wise bodies that apply tanh, erf, exp, ...)
    computed op by op in f16, each op rounded as the program writes it
    (default false: computed in f32 and rounded once, as PyTorch computes
    half-precision activations; activation_precision.py)."""

    f8_pairs: bool = True
    """8-bit float weights decoded in the load two at a time, from the
    halves of a 32-bit word (float8_decode.py's pair decode; false: each
    byte alone, the earlier path, for A/B runs)."""

    decode_chunks: int | None = None
    """coopmlir.decode_attention: chunks of the key axis, each its own
    workgroups, merged by a combine kernel (split-K flash decoding;
    default: at most two workgroups per compute unit, chunks of 64 keys at
    least; decode_plan.py)."""

    decode_lanes: int | None = None
    """coopmlir.decode_attention: lanes per key (a power of two dividing the
    subgroup, D and Dv; fewer lanes: more elements of each K/V row per lane;
    default: at most 8 elements per lane; decode_plan.py)."""

    decode_prefetch: bool = True
    """coopmlir.decode_attention: each team loads its next keys' K/V rows
    into registers before computing the current ones (false: after)."""

    decode_unroll: int | None = None
    """coopmlir.decode_attention: keys a team takes per step, their K/V rows
    loaded before any is used (default: 16 loads of K and V rows per lane,
    at most 8 keys; decode_plan.py)."""

    decode_fused_combine: bool = False
    """coopmlir.decode_attention: the last workgroup of each row block to
    finish combines the chunks (an atomic count per row block; on the H200
    slower than the default, a second kernel launch, at batch 1;
    decode_kernel.py)."""

    grouped_tile: str | None = None
    """coopmlir.grouped_matmul: tile TMxTNxTK, e.g. 128x256x32 (subgroups,
    matrices and stages the grouped planner's for it; any tile that fits,
    also one of twice the average rows per expert, which the planner's own
    list leaves out; default: the planner's tile; grouped_plan.py)."""

    grouped_subgroups: str | None = None
    """coopmlir.grouped_matmul: the workgroup's subgroup grid SMxSN, e.g.
    2x4 (default: the grouped planner's for the tile; grouped_plan.py)."""

    grouped_stages: int | None = None
    """coopmlir.grouped_matmul: 1 (copy, then math), 2 (the next K tile
    prefetched in registers) or 4 (the next two; more registers, more loads
    in flight for weights streamed from memory; it measured slower at 512
    Mixtral tokens on the H200); default: the planner's 1 or 2."""

    grouped_split_k: int | None = None
    """coopmlir.grouped_matmul (plain, not scatter): S slices of the K
    tiles, each its own workgroups, summed by a second kernel; 1: one
    kernel over all of K (default: where the experts' expected row tiles
    leave most of a last wave empty; grouped_split.py)."""

    grouped_tails: bool = True
    """coopmlir.grouped_matmul: the tile choice counts each expert's last,
    partly empty row tile as random routing spreads the counts, and takes a
    row tile fitted to the counts as a candidate (false: the experts rated
    as a batch of equal products that fill their tiles)."""

    grouped_row_registers: bool = True
    """coopmlir.grouped_matmul: each work-item reads the token ids of the X
    rows it copies into registers once, before the K loop (false: from
    workgroup memory at every K tile, rows past the expert zeroed)."""

    scope: str = "subgroup"
    """subgroup: matrices per subgroup (the tiling above). workgroup: one
    workgroup-scope matrix per C tile, loaded straight from global memory
    (VK_NV_cooperative_matrix2 targets; workgroup_kernel.py)."""

    workgroup_invocations: int | None = None
    """scope=workgroup: work-items per workgroup (default 256)."""

    dynamic_versions: int | None = None
    """Kernels per matmul with a run-time M, N or K (left out: 1). 1: one
    kernel whose workgroups branch between unchecked and checked code. 2: also a kernel
    of the unchecked code alone (`@<name>_aligned`), which the host launches
    when M, N, K are multiples of the tile and the staged rows of whole
    16-byte chunks (interior_branch.py)."""

    spec_constants: bool = False
    """Leave the subgroup grid SMxSN (subgroups_m, subgroups_n) and, on
    matrix units, the matrices' m, n, k (coopmat_m/n/k) open as SPIR-V
    specialization constants (defaults: the plan's) that the runtime, the
    interpreter and the tuner set: one binary, several tiles and matrix
    shapes (fragment kernels, static sizes, stages=0;
    docs/features/specialization-constants.md)."""

    skinny: bool | None = None
    """Small-M products (skinny_kernel.py: weight read once in 16-byte
    loads, f32 sums reduced over lanes and subgroups, K split over
    workgroups where N leaves the device idle). true: every matmul, matvec
    and vecmat the kernel computes (an error for a matmul it does not);
    false: never; left out: M <= 8 (M <= 4 for weights decoded in the
    load) with a weight of at least 256 x 256, unless options of another
    kernel are given (an epilogue is fused
    element-wise; where K is split or C is read, it is the fragment
    kernel's)."""

    skinny_coopvec: bool = False
    """Skinny products through VK_NV_cooperative_vector (skinny_coopvec.py:
    each work-item multiplies an activation row by 16 rows of an f16 W
    [N, K] with OpCooperativeVectorMatrixMulNV, K a multiple of 8, in
    chunks of coopvec-chunk components where K exceeds the device's
    maxCooperativeVectorComponents, the chunks summed in f32 registers
    and rounded once to the output, f16 or f32). Each chunk's product is
    f32 where the device lists f16*f16->f32, else f16 where it lists only
    f16*f16->f16 (the H200's driver): each chunk's dot product of C
    components then rounds to f16 once; built-in targets do not know the
    list and take the output's type. Implies skinny=true; an error on a
    target without the extension, and on a queried device
    (target=vulkan) that lists neither f16 product. Off by default: on
    the H200 it ran 9-120x slower than the SIMT skinny kernel (M = 16 /
    1; bench/RESULTS.md "Eleventh session")."""

    coopvec_chunk: int | None = None
    """skinny-coopvec=true: K components per cooperative vector, the
    products of the chunks summed in f32 (default: K where it
    fits the device's maxCooperativeVectorComponents, else the largest
    multiple of 32 dividing K within it; the limit is 128, the least Vulkan
    guarantees, on built-in targets, which do not know it). Must be K, or
    divide K and be a multiple of 32 (64-byte matrix offsets); on a queried
    device, at most its limit (a located error otherwise). For
    measurements."""

    skinny_rows: int | None = None
    """Skinny kernel with W [N, K]: outputs n per workgroup, 1 to 16
    (default: min(4, 64 / M); skinny_plan.py). For measurements."""

    skinny_subgroups: int | None = None
    """Skinny kernel: subgroups per workgroup, 1, 2, 4 or 8 (default 4;
    fewer: more K steps per workgroup, fewer partials to sum). For
    measurements."""

    def kernel_options(self) -> dict[str, object]:
        """Every option but `target` by field name, as `LowerToCoopmat(**...)`
        takes them (the device goes to `LowerToCoopmat.lower` as a `Target`)."""
        chosen = {f.name: getattr(self, f.name) for f in fields(KernelOptions)}
        del chosen["target"]
        return chosen
