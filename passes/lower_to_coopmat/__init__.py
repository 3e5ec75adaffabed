"""lower-to-coopmat: linalg.matmul to tiled cooperative-matrix GPU kernels.

In: a `func.func` with `linalg.matmul` on static memrefs (L0), optionally
right after a `linalg.fill` of its output with a constant. Element types
f16 x f16 -> f16 | f32, bf16 x bf16 -> f32, i8 x i8 -> i32 (signed, or
unsigned with `cast = #linalg.type_fn<cast_unsigned>`), and f32 x f32 -> f32
on targets without matrix units. On a target with matrix units, a
contraction or convolution SIMT code computes (f32, f16/bf16 -> f32) whose
types those units do not multiply is a loop kernel, with a remark
(`off_matrix_units`), unless the target's SIMT-tiled kernel takes it or
fragment-kernel options are given (an error then). Also:

- transposed operands: `linalg.matmul` with MLIR's `indexing_maps` (any of
  A, B, C stored transposed) and `linalg.matmul_transpose_a|b`. Fragments of
  a transposed matrix are loaded/stored `col_major` in place (no transpose
  pass over memory); staged tiles keep the stored orientation.
- `linalg.batch_matmul` (with `indexing_maps` too, batch dimension first):
  grid z runs over the batch and every load and store gets `gpu.block_id z`
  as its leading index.
- what front ends write: the pass runs recognize-frontend first, the
  pipeline's first step (a no-op on a module without front-end forms), so
  contraction-shaped generics, attention and matmul chains, and the tensor
  form (`tensor.empty` + `linalg.fill` + matmul or convolution returning a
  tensor, dynamic sizes and `tensor.pad` included; a returned fresh tensor
  becomes a trailing memref argument) reach it as L0 on memrefs.

Out (L1, docs/kernels.md): the module gets `gpu.container_module`; the
`(fill, matmul)` pair becomes a `gpu.launch_func` in the same function, and
the kernel a `gpu.func` in `gpu.module @<func>_kernels`, with scf.for,
arith, memref, gpu id ops and coopmat ops only:

- grid: x over N tiles, y over M tiles, z over the batch; workgroup: SM*SN
  subgroups;
  subgroup (i, j) owns a C_ROWS x C_COLS register tile of m x n accumulator
  fragments, carried through the K loop as `scf.for` iter_args. Per k step,
  each A fragment is loaded once and reused across its row of B fragments
  (the Vulkan cooperative-matrix talk's tiled cooperative multiply).
- stages=0: fragments come straight from global memory.
  stages=1: per K tile, the workgroup copies the TM x TK tile of A and the
  TK x TN tile of B into workgroup memory (rows padded by 16 bytes against
  bank conflicts) between two barriers; fragments come from there. Each
  work-item copies chunks of up to 16 bytes, as one `vector.load` +
  `vector.store` when the global rows are whole chunks (else per element).
  convert-to-spirv makes a 16-byte chunk one uvec4 access.
  stages=2: as 1, but the next K tile is fetched into registers while the
  current one is multiplied (the Vulkan cooperative-matrix talk's pseudo-code).
  stages=3: as 2, with two workgroup buffers per operand (a leading
  dimension of 2) and one barrier per K tile (k_loop.py).
  stages=4: as 2, but fetched two K tiles ahead (two tiles' values
  loop-carried in registers; static sizes only, like stages=3).
- Edge tiles. Everything is static, so checks are decided per dimension:
  a dimension that the tile divides is never checked. stages=0: checked
  loads/stores (`checked(rows|cols|both)`) on the ragged dimensions only; the
  K loop runs over whole tiles unchecked and a peeled tail does the last
  ceil(K % TK / k) steps, checked only if K % k != 0. stages=1-4: the copy
  into workgroup memory clamps its indices and writes zeros outside A and B
  (padding), so fragment loads from workgroup memory are never checked;
  C is loaded/stored with checks on ragged M/N.

- Split-K (`split_k=S`, or the cost model's fill heuristic when the output
  tiles leave compute units idle): grid z also runs over S slices of the K
  tiles, which write partial products into a host `memref.alloc` workspace;
  a second kernel sums them onto C (split_k.py).

- Dynamic sizes (`memref<?x?xT>`, any of batch, M, N, K): the kernel reads
  them with `memref.dim` of its arguments and checks that dimension at run
  time (`checked` fragments, clamped staging copies, a K loop to
  K - K % TK then a checked tail loop of k steps); the host computes the
  grid from `memref.dim` (ceil-div) and first `cf.assert`s that the operands
  agree on every shared size and that K > 0. A uniform `scf.if` per
  workgroup runs the unchecked code with 16-byte copies where the tile is
  interior, K % TK == 0 and the copies' run-time rows are whole chunks
  (interior_branch.py). `dynamic-versions=2` also emits that unchecked
  code as a kernel of its own (`@<f>_aligned`), launched from a host
  `scf.if` when M % TM, N % TN and K % TK are 0 for every run-time size,
  the one-kernel form otherwise. The configuration is chosen for
  `size-hint=MxNxK` (`matching.DEFAULT_HINT` otherwise).

- Ragged static sizes: a static M or N that the tile does not divide, but
  that holds a whole tile, takes the same `scf.if` (interior tiles run
  without M and N checks); on targets with matrix units a ragged static K
  is checked only in the copies of the last K tile, whose fetch every staged
  loop peels.

- `kernel=simt-tiled` (simt_kernel.py): f32 (and, on a target without
  matrix units, f16/bf16 -> f32) matmuls become a register-tiled
  per-work-item kernel with no coopmat op (micro-tiles of accumulators,
  outer products from workgroup memory; a fused epilogue runs per element
  before the store); other types and dynamic sizes keep the fragment
  kernel, with a remark. Without
  `kernel=`, the target's `simt_kernel` picks the kernel of such matmuls
  (GPU targets: simt-tiled; lavapipe, simt: the fragment kernel), unless
  options of the fragment kernel are given.

- Loop kernels (loop_plan.py, loop_kernel.py): every other linalg op on
  static memrefs (element-wise, broadcast, transpose, fill, copy,
  reductions such as max-with-index, bodies with `linalg.index`) and each
  `memref.copy` becomes a SIMT kernel `@<func>_loop`: one work-item per
  point of its parallel loops, an `scf.for` per reduction loop carrying
  the outputs, the body inlined once; subviews are folded into its index
  arithmetic. No linalg op is left on the host: an op no kernel takes (on
  tensors, dynamic shapes, complex or f64 elements, a body op kernels
  cannot compute) is a located error.

- `scope=workgroup` (targets with VK_NV_cooperative_matrix2): one
  workgroup-scope matrix per TM x TN tile of C, A and B tiles loaded
  straight from global memory each K tile, no staging code (the driver
  stages); stages=2 loads the next K tile's matrices before the current
  one's product (loop-carried); `workgroup_kernel.py`.

Bad input (an unsupported type for the target, a configuration that does not
divide or fit, indexing maps that are not a matmul of whole
matrices, a tensor program bufferize-matmul cannot handle) is a located
error. Options are checked before anything changes; every op is matched
and planned once, before any is lowered, so a refusal leaves the module as
recognize-frontend made it (unchanged if it had no front-end forms). Then
one rewrite pattern per kind of planned op replaces each by its launch
(rewriting.py), all changes through the rewriter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects import gpu
from xdsl.dialects.builtin import (
    ModuleOp,
    UnitAttr,
)
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.linalg_mixed_precision import ContractionOp, non_widening_cast
from coopmlir.dialects.linalg_named import MatvecOp, VecmatOp
from coopmlir.passes.lower_to_coopmat import spec_grid
from coopmlir.passes.lower_to_coopmat.activation_precision import widen_activations
from coopmlir.passes.lower_to_coopmat.attention import PREFETCHES, Q_SOURCES
from coopmlir.passes.lower_to_coopmat.attention_kernel import (
    folded_transposes,
    lower_attentions,
    plan_attentions,
)
from coopmlir.passes.lower_to_coopmat.chain import lower_chains, plan_chains
from coopmlir.passes.lower_to_coopmat.constant_folding import fold_quotients
from coopmlir.passes.lower_to_coopmat.convolution import (
    SUPPORTED,
    Convolution,
    match_conv_epilogue,
    match_convolution,
    plan_convolution,
    unsupported,
    with_views,
)
from coopmlir.passes.lower_to_coopmat.decode_kernel import lower_decodes
from coopmlir.passes.lower_to_coopmat.decode_plan import plan_decodes
from coopmlir.passes.lower_to_coopmat.epilogue import (
    Epilogue,
    match_epilogue,
)
from coopmlir.passes.lower_to_coopmat.erfc_form import erfc_forms
from coopmlir.passes.lower_to_coopmat.expert_sort_kernel import lower_sorts, plan_sorts
from coopmlir.passes.lower_to_coopmat.grouped_kernel import lower_grouped_matmuls
from coopmlir.passes.lower_to_coopmat.grouped_plan import (
    grouped_choices,
    plan_grouped_matmuls,
)
from coopmlir.passes.lower_to_coopmat.interior_branch import whole_problem_multiples
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import launch
from coopmlir.passes.lower_to_coopmat.loop_kernel import lower_loops
from coopmlir.passes.lower_to_coopmat.loop_plan import plan_loops
from coopmlir.passes.lower_to_coopmat.matching import (
    Matmul,
    error,
    match_matmul,
    plan,
)
from coopmlir.passes.lower_to_coopmat.matmul_kernel import build_kernel
from coopmlir.passes.lower_to_coopmat.matmul_plan import plan_matmul_kernel
from coopmlir.passes.lower_to_coopmat.norm_kernel import lower_norms
from coopmlir.passes.lower_to_coopmat.norm_plan import plan_norms
from coopmlir.passes.lower_to_coopmat.options import KernelOptions
from coopmlir.passes.lower_to_coopmat.pretranspose import (
    CHOICES as PRETRANSPOSE_CHOICES,
)
from coopmlir.passes.lower_to_coopmat.pretranspose import (
    pretransposed,
    stage_pretransposes,
)
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.sigmoid_form import sigmoid_forms
from coopmlir.passes.lower_to_coopmat.simt_kernel import (
    KERNELS,
    SimtPlan,
    build_simt_kernel,
    default_kernel,
    off_matrix_units,
    plan_simt,
    runs_as_simt_code,
)
from coopmlir.passes.lower_to_coopmat.skinny_coopvec import check_coopvec
from coopmlir.passes.lower_to_coopmat.skinny_kernel import lower_skinny
from coopmlir.passes.lower_to_coopmat.skinny_plan import (
    SkinnyPlan,
    default_skinny,
    feeds_epilogue,
    fuses_epilogue,
    plan_skinny,
    skinny_product,
    skinny_refusal,
    vector_product,
)
from coopmlir.passes.lower_to_coopmat.small_m_plan import small_m_options
from coopmlir.passes.lower_to_coopmat.softmax_kernel import lower_softmaxes
from coopmlir.passes.lower_to_coopmat.softmax_plan import plan_softmaxes
from coopmlir.passes.lower_to_coopmat.split_k import (
    lower_split,
    remark_clamped,
)
from coopmlir.passes.lower_to_coopmat.weight_decode import (
    WeightDecode,
    find_a_prologue,
    find_decode,
    kernel_operands,
)
from coopmlir.passes.lower_to_coopmat.workgroup_kernel import (
    build_workgroup_kernel,
    launch_workgroup_kernel,
)
from coopmlir.passes.lower_to_coopmat.workgroup_plan import (
    WorkgroupTile,
    plan_workgroup,
)
from coopmlir.passes.recognize_frontend import recognize_frontend
from coopmlir.simt_tiling import SMEM_LAYOUTS, SimtTile, describe_simt
from coopmlir.targets import Target, resolve_target
from coopmlir.tiling import (
    STAGES,
    TileConfig,
    check,
    default_raster,
    describe,
    parse_dims,
)
from coopmlir.tuning import TUNED_OPTIONS, lookup, tuning_key


@dataclass(frozen=True)
class LowerToCoopmat(KernelOptions, ModulePass):
    """`--lower-to-coopmat="target=h100-vulkan tile=128x128x32 subgroups=2x2
    mma=16x16x16 stages=2 explain=true"`; options left out are chosen by the
    tiling model (`coopmlir.tiling`) for the target (`coopmlir.targets`). The
    options are declared in options.py."""

    name = "lower-to-coopmat"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            target = resolve_target(self.target, ctx)
        except ValueError as err:
            raise CompileError(f"error: lower-to-coopmat: {err}") from None
        self.lower(op, target)

    def lower(self, op: ModuleOp, target: Target) -> None:
        """The pass for a `Target` object (the runtime's queried devices);
        the `target` option is not read. In order: the options are checked,
        recognize-frontend normalizes what front ends wrote (the pipeline's
        first step), every op is matched and planned once, then lowered."""
        # Options are checked before anything changes; convolutions take them
        # as given (the tuning cache knows matmuls only).
        tile, subgroups, mma, stages, *_ = _checked_options(self._explicit())
        self._check_kernel_options(target)
        if self.dynamic_versions not in (None, *DYNAMIC_VERSIONS):
            raise CompileError(
                f"error: lower-to-coopmat: dynamic-versions={self.dynamic_versions} "
                "must be 1 (one kernel) or 2 (also an aligned-only kernel)"
            )
        if self.skinny_rows is not None and not 1 <= self.skinny_rows <= 16:
            raise CompileError(
                f"error: lower-to-coopmat: skinny-rows={self.skinny_rows} must be "
                "1 to 16"
            )
        if self.coopvec_chunk is not None and not self.skinny_coopvec:
            raise CompileError(
                "error: lower-to-coopmat: coopvec-chunk= sizes the chunks of "
                "skinny-coopvec=true, which is not given"
            )
        if self.pretranspose not in (None, *PRETRANSPOSE_CHOICES):
            raise CompileError(
                f"error: lower-to-coopmat: pretranspose={self.pretranspose} must "
                "be none, a, b or ab"
            )
        if self.skinny_subgroups not in (None, 1, 2, 4, 8):
            raise CompileError(
                "error: lower-to-coopmat: skinny-subgroups="
                f"{self.skinny_subgroups} must be 1, 2, 4 or 8"
            )
        if self.tile_overhead is not None and self.tile_overhead < 0:
            raise CompileError(
                f"error: lower-to-coopmat: tile-overhead={self.tile_overhead} must "
                "be 0 (none) or more K tiles"
            )
        if self.tile_overhead is not None:  # every planner's cost model sees it
            target = replace(target, tile_overhead_k_tiles=self.tile_overhead)
        workgroup = _checked_scope(
            self.scope, self._explicit(), self.tune, self.workgroup_invocations
        )
        try:
            hint = (
                dict(
                    zip("mnk", parse_dims(self.size_hint, 3, "size-hint"), strict=True)
                )
                if self.size_hint
                else None
            )
        except ValueError as err:
            raise CompileError(f"error: lower-to-coopmat: {err}") from None
        recognize_frontend(op, self.name, target, self.explain)
        # Everything is matched and planned once, before anything is lowered:
        # a refusal leaves the module as recognize-frontend made it.
        matmuls = []
        skinnies = self._skinny_vectors(op, target)
        off_units: list[Operation] = []  # contractions computed by loop kernels
        for matmul_op in _contractions(op):
            if matmul_op.res:  # in a function recognize-frontend does not bufferize
                raise error(matmul_op, "the tensor form needs a top-level func.func")
            if _rounds_inputs(matmul_op):
                off_units.append(matmul_op)
                continue
            matmul = match_matmul(matmul_op, hint)
            skinny = self._skinny(matmul, target, workgroup)
            if skinny is not None:
                skinnies.append(skinny)
                continue
            if self._off_matrix_units(matmul, target, workgroup, convolution=False):
                off_units.append(matmul_op)
                continue
            config = self._configure(matmul, target, workgroup, tile, stages)
            matmul, config = self._decode_in_load(matmul, config, target)
            copied = pretransposed(
                matmul,
                config[0],
                target,
                self.pretranspose,
                self.explain,
                self.spec_constants,
            )
            if copied is not None:  # planned for the copies' layout
                matmul = copied
                config = self._configure(matmul, target, workgroup, tile, stages)
            matmuls.append((matmul, config))
        if workgroup and _convolutions(op):
            raise error(_convolutions(op)[0], "scope=workgroup lowers matmuls only")
        convolutions = []
        for conv_op in _convolutions(op):
            if _rounds_inputs(conv_op):
                off_units.append(conv_op)
                continue
            if not isinstance(conv_op, SUPPORTED):
                # A layout without an implicit GEMM (grouped, ...): a loop kernel.
                remark(conv_op, f"{unsupported(conv_op)}: a loop kernel computes it")
                off_units.append(conv_op)
                continue
            conv = match_convolution(conv_op, hint)
            if self._off_matrix_units(conv.matmul, target, workgroup, convolution=True):
                off_units.append(conv_op)
                continue
            config = plan_convolution(conv, target, tile, subgroups, mma, stages)
            convolutions.append((conv, config))
        budget = self.accumulator_bytes  # the fused attention's registers too
        attention = plan_attentions(
            op,
            target if budget is None else replace(target, accumulator_bytes=budget),
            self.attention_prefetch,
            self.attention_q,
        )
        chains = plan_chains(op, target)
        softmaxes = plan_softmaxes(op, target)
        norms = plan_norms(op, target)
        decodes = plan_decodes(
            op,
            target,
            self.decode_chunks,
            self.decode_lanes,
            self.decode_prefetch,
            self.decode_fused_combine,
            self.decode_unroll,
        )
        grouped = plan_grouped_matmuls(
            op,
            target,
            grouped_choices(
                self.grouped_tile,
                self.grouped_tails,
                self.grouped_row_registers,
                self.grouped_stages,
                self.grouped_split_k,
                self.grouped_subgroups,
            ),
        )
        sorts = plan_sorts(op, target)
        taken = _taken_ops(matmuls, convolutions) | folded_transposes(attention)
        taken |= {
            d.generic
            for m, _ in matmuls
            for d in (m.a_decode, m.b_decode)
            if d is not None
        }
        taken |= {o for s in skinnies for o in (s.product.op, s.product.fill) if o}
        taken |= {s.product.decode.generic for s in skinnies if s.product.decode}
        loops = plan_loops(op, taken, off_units)
        # Everything is planned: bodies may change now.
        widen_activations(op, f16=not self.exact_f16_math)
        sigmoid_forms(op)
        erfc_forms(op)
        fold_quotients(op)
        lower_attentions(op, attention, target, self.explain)
        lower_chains(op, chains, target, self.explain)
        lower_softmaxes(op, softmaxes, target, self.explain)
        lower_norms(op, norms, target, self.explain)
        lower_skinny(op, skinnies, target, self.explain)
        lower_decodes(op, decodes, target, self.explain)
        lower_sorts(op, sorts, target, self.explain)
        lower_grouped_matmuls(op, grouped, target, self.explain)
        lower_planned(LowerMatmul(self, op, target, matmuls))
        lower_planned(LowerConvolution(self, op, target, convolutions))
        lower_loops(op, loops, target, self.explain)
        if (
            matmuls
            or skinnies
            or convolutions
            or attention
            or chains
            or softmaxes
            or norms
            or decodes
            or grouped
            or sorts
            or loops
        ):
            op.attributes["gpu.container_module"] = UnitAttr()

    def _decode_in_load(
        self, matmul: Matmul, plan: MatmulPlan, target: Target
    ) -> tuple[Matmul, MatmulPlan]:
        """`matmul` reading B through its dequantize prologue's buffers, and A
        through its cast, scale or dequantize (weight_decode.py), where its
        kernel stages them (stages=0 becomes 1); else as it is, the producer
        its own loop kernel, with a remark saying why."""
        a_decode, why_not = find_a_prologue(
            matmul.op, f8_pairs=self.f8_pairs, at_store=self.decode_at_store
        )
        if why_not is not None:
            remark(
                matmul.op,
                f"the element-wise producer of A stays its own loop kernel: {why_not}",
            )
        if a_decode is not None:
            matmul, plan = self._read_through(matmul, plan, target, a_decode)
        decode = find_decode(
            matmul.op, f8_pairs=self.f8_pairs, at_store=self.decode_at_store
        )
        if decode is not None:
            matmul, plan = self._read_through(matmul, plan, target, decode)
        return matmul, plan

    def _plain(self, matmul: Matmul) -> bool:
        """Whether `matmul` reads neither operand through a producer decoded
        in its load: the products deeper K tiles were measured on."""
        at_store, f8 = self.decode_at_store, self.f8_pairs
        a_decode, _ = find_a_prologue(matmul.op, f8_pairs=f8, at_store=at_store)
        b_decode = find_decode(matmul.op, f8_pairs=f8, at_store=at_store)
        return a_decode is None and b_decode is None

    def _read_through(
        self, matmul: Matmul, plan: MatmulPlan, target: Target, decode: WeightDecode
    ) -> tuple[Matmul, MatmulPlan]:
        """`matmul` with `decode` of its operand, or as it is with a remark."""
        config, split = plan
        on_a = decode.operand == 0
        why = None
        if matmul.dynamic or matmul.batch is not None or matmul.b_address:
            why = "a batched or run-time-sized product"
        elif on_a and matmul.a_address is not None:
            why = "a convolution's A"
        elif isinstance(config, WorkgroupTile):
            why = "scope=workgroup"
        elif self.spec_constants:
            why = "spec-constants=true"
        elif on_a and not isinstance(config, TileConfig):
            why = "the SIMT-tiled kernel"
        elif isinstance(config, TileConfig):
            if config.split_k > 1 and on_a:
                why = "split-k"  # its partial kernel decodes B only
            elif config.split_k > 1 and not self.split_k_decode:
                why = "split-k-decode=false: split-k"
            elif config.stages == 0:
                staged = replace(config, stages=1)
                why = check(staged, matmul.problem(), target)
                config = staged if why is None else config
        if why is not None:
            if on_a:
                text = (
                    f"the element-wise producer of A stays its own loop kernel ({why} "
                )
                text += "reads no A through its producer)"
            else:
                text = f"the dequantize prologue of B stays its own loop kernel ({why} "
                text += "decodes no weights in the load)"
            remark(matmul.op, text)
            return matmul, plan
        if self.explain:
            stored = ", ".join(str(v.type) for v in decode.inputs)
            remark(
                matmul.op, f"{'AB'[decode.operand]} decoded in the load from {stored}"
            )
        if on_a:
            return replace(matmul, a_decode=decode), (config, split)
        return replace(matmul, b_decode=decode), (config, split)

    def _configure(
        self,
        matmul: Matmul,
        target: Target,
        workgroup: bool,
        tile: tuple[int, int, int] | None,
        stages: int | None,
    ) -> tuple[TileConfig | SimtPlan | WorkgroupTile, int | None]:
        """The plan of `matmul` for its kernel (workgroup scope, SIMT or
        fragments), and the split_k asked for (fragment kernels only)."""
        if workgroup:
            invocations = self.workgroup_invocations
            return plan_workgroup(matmul, target, tile, invocations, stages), None
        simt = self._plan_simt(matmul, target)
        return (simt, None) if simt else self._plan(matmul, target)

    def _skinny(
        self, matmul: Matmul, target: Target, workgroup: bool
    ) -> SkinnyPlan | None:
        """The skinny kernel's plan for `matmul` (skinny_plan.py), where
        `skinny=true` asks for it or, left out, the planner chooses it."""
        if self.skinny is False:
            return None
        why = skinny_refusal(matmul)
        if self.skinny or self.skinny_coopvec:
            if why is not None:
                raise error(
                    matmul.op,
                    f"skinny=true: the skinny kernel does not compute "
                    f"{matmul.describe()}: {why}",
                )
            product = skinny_product(matmul, self.f8_pairs)
            return self._plan_skinny(product, target)
        other_kernel = (
            workgroup
            or self.kernel is not None
            or self.tile is not None
            or self.spec_constants
            or self._fragment_options()
        )
        if why is not None or other_kernel:
            return None
        product = skinny_product(matmul, self.f8_pairs)
        if not default_skinny(product):
            return None
        skinny = self._plan_skinny(product, target)
        if feeds_epilogue(matmul) and not fuses_epilogue(skinny):
            return None  # the fragment kernel fuses it
        return skinny

    def _plan_skinny(self, product, target: Target) -> SkinnyPlan:
        """plan_skinny's plan, through cooperative vectors where
        `skinny-coopvec=true` asks (a located error where it cannot)."""
        plan = plan_skinny(product, target, *self._skinny_shape())
        if not self.skinny_coopvec:
            return plan
        chunk, result = check_coopvec(plan, target, self.coopvec_chunk)
        return replace(
            plan,
            cooperative_vector=True,
            slices=1,
            vector_chunk=chunk,
            vector_result=result,
        )

    def _skinny_shape(self) -> tuple[int | None, int | None]:
        """The skinny kernel's rows and subgroups per workgroup as given."""
        return self.skinny_rows, self.skinny_subgroups

    def _skinny_vectors(self, module: ModuleOp, target: Target) -> list[SkinnyPlan]:
        """The skinny kernels' plans of `linalg.matvec` and `vecmat` (M = 1)
        on memrefs: with `skinny=true` every one it computes, left out those
        of a weight of at least 256 x 256; the others stay loop kernels."""
        if self.skinny is False:
            return []
        plans = []
        for o in module.walk():
            if not isinstance(o, MatvecOp | VecmatOp) or o.res:
                continue
            product = vector_product(o, self.f8_pairs)
            if isinstance(product, str):
                if self.skinny:
                    remark(o, f"'{o.name}' is a loop kernel: {product}")
                continue
            if self.skinny or self.skinny_coopvec or default_skinny(product):
                plans.append(self._plan_skinny(product, target))
        return plans

    def _off_matrix_units(
        self, matmul: Matmul, target: Target, workgroup: bool, convolution: bool
    ) -> bool:
        """Whether `matmul` (a convolution's implicit GEMM where
        `convolution`) becomes a loop kernel, with a remark saying why: its
        types are not on `target`'s matrix units (`off_matrix_units`), and
        the kernel is not chosen by options (those of the fragment kernel or
        scope=workgroup are then an error) nor the target's SIMT-tiled
        kernel, which computes such matmuls itself."""
        why = off_matrix_units(matmul, target)
        if why is None or workgroup or self._fragment_options():
            return False
        if not convolution and (
            self.kernel is not None or default_kernel(matmul, target) != "fragments"
        ):
            return False
        remark(matmul.op, why)
        return True

    def _explain(
        self, matmul: Matmul, config: TileConfig | SimtPlan, target: Target
    ) -> None:
        if self.explain:
            simt = isinstance(config, SimtPlan)
            text = (
                describe_simt(matmul.problem(), config.tile, target)
                if isinstance(config, SimtPlan)
                else describe(matmul.problem(), config, target)
            )
            note = self._kernel_note(
                matmul, "simt-tiled" if simt else "fragments", target
            )
            remark(matmul.op, f"{matmul.describe()}: {text}{note}")

    def _kernel_note(self, matmul: Matmul, used: str, target: Target) -> str:
        """For `explain=true`: which kernel computes a matmul that runs as
        SIMT code, and why, where `kernel=` is left out."""
        if self.kernel is not None or not runs_as_simt_code(matmul, target):
            return ""
        if used == target.simt_kernel:
            why = f"{target.name}'s choice (kernel= overrides)"
        elif self._fragment_options():
            why = "options of the fragment kernel are given"
        else:
            why = "kernel=simt-tiled does not take this matmul"
        return f"; kernel={used}: {why}"

    def _check_kernel_options(self, target: Target) -> None:
        """`kernel=` is known, and each option given applies to that kernel."""
        if self.kernel is not None and self.kernel not in KERNELS:
            raise CompileError(
                f"error: lower-to-coopmat: kernel={self.kernel} must be one of "
                f"{', '.join(KERNELS)}"
            )
        if self.kernel == "simt-tiled":
            others = self._fragment_options()
            if others:
                raise CompileError(
                    "error: lower-to-coopmat: kernel=simt-tiled takes tile=, "
                    f"micro-tile= and smem-layout=; {', '.join(others)} apply to "
                    "the fragment kernel"
                )
        if self.attention_prefetch not in (None, *PREFETCHES):
            raise CompileError(
                "error: lower-to-coopmat: attention-prefetch="
                f"{self.attention_prefetch} must be one of {', '.join(PREFETCHES)}"
            )
        if self.attention_q not in Q_SOURCES:
            raise CompileError(
                f"error: lower-to-coopmat: attention-q={self.attention_q} must be "
                f"one of {', '.join(Q_SOURCES)}"
            )
        if self.smem_layout is not None and self.smem_layout not in SMEM_LAYOUTS:
            raise CompileError(
                f"error: lower-to-coopmat: smem-layout={self.smem_layout} must be "
                f"one of {', '.join(SMEM_LAYOUTS)}"
            )
        simt_options = [
            name
            for name, value in (
                ("micro-tile", self.micro_tile),
                ("smem-layout", self.smem_layout),
            )
            if value is not None
        ]
        if simt_options and (
            self.kernel == "fragments"
            or (self.kernel is None and target.simt_kernel != "simt-tiled")
        ):
            raise CompileError(
                f"error: lower-to-coopmat: {simt_options[0]}= needs kernel=simt-tiled"
            )
        if simt_options and self.kernel is None and self._fragment_options():
            simt = "=, ".join(simt_options)
            fragment = "=, ".join(self._fragment_options())
            raise CompileError(
                f"error: lower-to-coopmat: {simt}= (SIMT kernel) and {fragment}= "
                "(fragment kernel) do not go together; choose with kernel="
            )

    def _fragment_options(self) -> list[str]:
        """The options given that only the fragment kernel takes."""
        return [
            name.replace("_", "-")
            for name, value in self._explicit().items()
            if name != "tile"
        ] + (["tune"] if self.tune else [])

    def _kernel_for(self, matmul: Matmul, target: Target) -> str:
        """`kernel=` if given; else the fragment kernel where its own options
        are given, and the target's choice (`default_kernel`) otherwise."""
        if self.kernel is not None:
            return self.kernel
        if self._fragment_options() or self.spec_constants:
            return "fragments"
        return default_kernel(matmul, target)

    def _plan_simt(
        self, matmul: Matmul, target: Target
    ) -> SimtPlan | TileConfig | None:
        """With the SIMT kernel: `plan_simt`'s plan (None: another kernel)."""
        if self._kernel_for(matmul, target) != "simt-tiled":
            return None
        try:
            micro = (
                parse_dims(self.micro_tile, 2, "micro-tile")
                if self.micro_tile
                else None
            )
            tile = parse_dims(self.tile, 3, "tile") if self.tile else None
        except ValueError as err:
            raise CompileError(f"error: lower-to-coopmat: {err}") from None
        layout = self.smem_layout or SMEM_LAYOUTS[0]
        return plan_simt(
            matmul, target, tile, micro, layout, requested=self.kernel is not None
        )

    def _explicit(self) -> dict[str, object]:
        """The tunable options given to the pass."""
        given = {name: getattr(self, name) for name in TUNED_OPTIONS}
        return {name: value for name, value in given.items() if value is not None}

    def _plan(self, matmul: Matmul, target: Target) -> tuple[TileConfig, int | None]:
        """The configuration of `matmul`: the options given, then the tuning
        cache's entry for it, then the cost model; and the split_k asked for."""
        options = self._explicit()
        measured = False  # a tuning cache entry: its raster (or none) stands
        if self.tune is not None:
            key = tuning_key(target, matmul.problem(), matmul.component_types)
            try:
                cached = lookup(self.tune, key)
            except ValueError as err:
                raise error(matmul.op, str(err)) from None
            options = {**(cached or {}), **options}
            measured = cached is not None
        if self.spec_constants:  # what spec_grid.py can leave open
            options = {"stages": 0, "raster": 1, "split_k": 1, **options}
        elif not options and self.small_m_tiles:
            options = small_m_options(matmul, target) or {}
        tile, subgroups, mma, stages, raster, budget, split = _checked_options(options)
        if budget is not None:
            target = replace(target, accumulator_bytes=budget)
        if matmul.dynamic and split not in (None, 1):
            raise error(
                matmul.op,
                f"split_k={split} needs static sizes (this matmul's "
                f"{', '.join(sorted(matmul.dynamic))} are known at run time)",
            )
        plain = self._plain(matmul)
        config = plan(
            matmul, target, tile, subgroups, mma, stages, split, plain, not plain
        )
        if "raster" not in options and not measured:
            raster = default_raster(config, matmul.problem(), target)
        if matmul.dynamic and (config.stages in (3, 4) or raster > 1):
            raise error(
                matmul.op,
                "stages=3|4 and raster need static sizes (this matmul's "
                f"{', '.join(sorted(matmul.dynamic))} are known at run time)",
            )
        if split is not None and config.split_k != split:
            remark_clamped(matmul, config, split)
        return replace(config, raster=raster), split

    def _lower_workgroup(
        self,
        rewriter: PatternRewriter,
        module: ModuleOp,
        matmul: Matmul,
        tile: WorkgroupTile,
    ) -> None:
        if self.explain:
            remark(matmul.op, f"{matmul.describe()}: scope=workgroup {tile}")
        kernels, name = new_kernel(rewriter, module, matmul.op)
        kernel = build_workgroup_kernel(name, matmul, tile)
        (symbol,) = add_kernels(rewriter, kernels, [kernel], matmul.op)
        launch_workgroup_kernel(rewriter, matmul, tile, symbol)

    def _lower(
        self,
        rewriter: PatternRewriter,
        module: ModuleOp,
        matmul: Matmul,
        config: TileConfig | SimtPlan,
        target: Target,
        epilogue: Epilogue | None = None,
    ) -> None:
        kernels, name = new_kernel(rewriter, module, matmul.op)
        if isinstance(config, SimtPlan):
            # The SIMT kernel applies an epilogue per element (no views).
            epilogue = match_epilogue(matmul, config.fallback)
            self._explain(matmul, config, target)
            if epilogue is not None:
                epilogue.hoist(rewriter, matmul, views=False)
            kernel = build_simt_kernel(name, matmul, config.tile, epilogue)
            operands = None if epilogue is None else epilogue.kernel_operands(matmul)
            operands = _with_decode_operands(matmul, operands)
            self._add_kernel(
                rewriter, kernels, kernel, matmul, config.tile, target, operands
            )
            if epilogue is not None:
                epilogue.remove_fused(rewriter)
            _remove_decodes(matmul, rewriter)
            return
        if epilogue is None:
            epilogue = match_epilogue(matmul, config)
        if epilogue is not None:
            epilogue.hoist(rewriter, matmul)
        kernel_plan = plan_matmul_kernel(matmul, config, target, epilogue)
        if self.spec_constants:
            why = spec_grid.refusal(matmul, config)
            if why is not None:
                raise error(matmul.op, f"spec-constants=true {why}")
            matrix = target.has_matrix_units
            if matrix and epilogue is not None:
                matrix = False  # per-element code of the static matrix type
                remark(
                    matmul.op,
                    "spec-constants=true: the matrix sizes stay static (the fused "
                    "epilogue walks the elements of the static matrix type); the "
                    "subgroup grid stays open",
                )
            kernel_plan = replace(kernel_plan, spec_grid=True, spec_matrix=matrix)
        kernel = build_kernel(name, kernel_plan, target)
        operands = None if epilogue is None else epilogue.kernel_operands(matmul)
        operands = _with_decode_operands(matmul, operands)
        aligned = None
        if self.dynamic_versions == 2 and matmul.dynamic & {"m", "n", "k"}:
            _, aligned_name = new_kernel(rewriter, module, matmul.op, "_aligned")
            aligned_plan = plan_matmul_kernel(
                matmul, config, target, epilogue, aligned_only=True
            )
            aligned = build_kernel(aligned_name, aligned_plan, target)
        if kernel_plan.spec_grid:
            (symbol,) = add_kernels(rewriter, kernels, [kernel], matmul.op)
            spec_grid.launch_specialized(
                rewriter, kernel_plan, target.subgroup_size, symbol, operands
            )
        else:
            self._add_kernel(
                rewriter, kernels, kernel, matmul, config, target, operands, aligned
            )
        if epilogue is not None:
            epilogue.remove_fused(rewriter)
        _remove_decodes(matmul, rewriter)

    @staticmethod
    def _add_kernel(
        rewriter: PatternRewriter,
        kernels: gpu.ModuleOp,
        kernel: gpu.FuncOp,
        matmul: Matmul,
        config: TileConfig | SimtTile,
        target: Target,
        operands: list[SSAValue] | None = None,
        aligned: gpu.FuncOp | None = None,
    ) -> None:
        """Put `kernel` into `kernels` and launch it in place of `matmul`;
        with an `aligned` kernel (dynamic-versions=2), launch that one where
        the run-time sizes allow it."""
        new = [kernel] if aligned is None else [kernel, aligned]
        symbols = add_kernels(rewriter, kernels, new, matmul.op)
        choice = None
        if aligned is not None:
            assert isinstance(config, TileConfig)  # only fragment kernels branch
            multiples = whole_problem_multiples(matmul, config, target.subgroup_size)
            choice = (symbols[1], multiples)
        launch(rewriter, matmul, config, target, symbols[0], operands, choice)


#: A matmul's plan: its kernel's, and the split_k asked for.
MatmulPlan = tuple[TileConfig | SimtPlan | WorkgroupTile, int | None]


class LowerMatmul(LowerPlanned[tuple[Matmul, MatmulPlan]]):
    """A planned contraction on memrefs (and the fill before it) -> the
    launch of its kernel: workgroup-scope, SIMT-tiled or fragments (a
    fused epilogue's ops erased, dynamic-versions=2's `scf.if` of two
    launches), or split-K's workspace and two launches."""

    def __init__(
        self,
        lowering: LowerToCoopmat,
        module: ModuleOp,
        target: Target,
        planned: list[tuple[Matmul, MatmulPlan]],
    ):
        pairs = ((matmul.op, (matmul, plan)) for matmul, plan in planned)
        super().__init__(module, target, lowering.explain, pairs)
        self.lowering = lowering

    def lower(self, plan: tuple[Matmul, MatmulPlan], rewriter: PatternRewriter) -> None:
        matmul, (config, _) = plan
        lowering, module, target = self.lowering, self.module, self.target
        matmul = stage_pretransposes(rewriter, module, matmul)
        if lowering.spec_constants and (
            not isinstance(config, TileConfig) or config.split_k > 1
        ):  # the kernels whose grid stays fixed (fragments: _lower checks)
            raise error(
                matmul.op,
                "spec-constants=true takes the fragment kernel (kernel=fragments, "
                "scope=subgroup) with split-k=1",
            )
        if isinstance(config, WorkgroupTile):
            lowering._lower_workgroup(rewriter, module, matmul, config)
            return
        if isinstance(config, SimtPlan):  # explained once it is final
            lowering._lower(rewriter, module, matmul, config, target)
            return
        epilogue = None
        if config.split_k > 1:
            # The reduction applies a fused epilogue (split_k.py).
            epilogue = match_epilogue(matmul, config)
        lowering._explain(matmul, config, target)
        if config.split_k > 1:
            lower_split(rewriter, module, matmul, config, target, epilogue)
        else:
            lowering._lower(rewriter, module, matmul, config, target, epilogue)


class LowerConvolution(LowerPlanned[tuple[Convolution, TileConfig]]):
    """A planned convolution on memrefs (and the element-wise ops after it)
    -> host views of its buffers as matrices and the launch of its implicit
    GEMM's kernel, with those ops as its fused epilogue where they fuse
    (`match_conv_epilogue`); a zero-padded input buffer (padding.py) is
    dropped, the kernel reads the image."""

    def __init__(
        self,
        lowering: LowerToCoopmat,
        module: ModuleOp,
        target: Target,
        planned: list[tuple[Convolution, TileConfig]],
    ):
        pairs = ((conv.matmul.op, (conv, config)) for conv, config in planned)
        super().__init__(module, target, lowering.explain, pairs)
        self.lowering = lowering

    def lower(
        self, plan: tuple[Convolution, TileConfig], rewriter: PatternRewriter
    ) -> None:
        conv, config = plan
        lowering, target = self.lowering, self.target
        lowering._explain(conv.matmul, config, target)
        epilogue = match_conv_epilogue(conv, config)
        if epilogue is not None:
            epilogue.hoist(rewriter, conv.matmul)
        gemm = with_views(rewriter, conv, epilogue)
        lowering._lower(rewriter, self.module, gemm, config, target, epilogue)
        if conv.padding is not None:
            conv.padding.erase(rewriter)


def _checked_options(options: dict) -> tuple:
    """(tile, subgroups, mma, stages, raster, accumulator_bytes, split_k)
    parsed from `options` (TUNED_OPTIONS names), or an error naming the bad
    one."""
    try:
        tile = parse_dims(options["tile"], 3, "tile") if "tile" in options else None
        subgroups = options.get("subgroups")
        subgroups = parse_dims(subgroups, 2, "subgroups") if subgroups else None
        mma = parse_dims(options["mma"], 3, "mma") if "mma" in options else None
    except ValueError as err:
        raise CompileError(f"error: lower-to-coopmat: {err}") from None
    stages = options.get("stages")
    if stages is not None and stages not in STAGES:
        raise CompileError(
            f"error: lower-to-coopmat: stages={stages} must be 0, 1, 2, 3 or 4"
        )
    raster, budget = options.get("raster", 1), options.get("accumulator_bytes")
    if raster < 1 or (budget is not None and budget < 1):
        raise CompileError(
            "error: lower-to-coopmat: raster and accumulator_bytes must be "
            f"positive, got raster={raster} accumulator_bytes={budget}"
        )
    split = options.get("split_k")
    if split is not None and split < 1:
        raise CompileError(
            f"error: lower-to-coopmat: split_k={split} must be a positive number "
            "of K slices (1: no split)"
        )
    return tile, subgroups, mma, stages, raster, budget, split


#: The values of the `dynamic-versions` option.
DYNAMIC_VERSIONS = (1, 2)

#: The values of the `scope` option.
SCOPES = ("subgroup", "workgroup")


def _checked_scope(
    scope: str, options: dict, tune: str | None, invocations: int | None
) -> bool:
    """Whether `scope` is workgroup; an error for an unknown scope and for
    options that belong to the other scope."""
    if scope not in SCOPES:
        raise CompileError(
            f"error: lower-to-coopmat: scope={scope} must be subgroup or workgroup"
        )
    if scope == "subgroup":
        if invocations is not None:
            raise CompileError(
                "error: lower-to-coopmat: workgroup-invocations needs scope=workgroup"
            )
        return False
    extra = sorted(set(options) - {"tile", "stages"}) + (["tune"] if tune else [])
    if extra:
        raise CompileError(
            "error: lower-to-coopmat: scope=workgroup takes tile, stages and "
            f"workgroup-invocations only, not {', '.join(extra)}"
        )
    return True


def _with_decode_operands(
    matmul: Matmul, operands: list[SSAValue] | None
) -> list[SSAValue] | None:
    """A kernel's arguments with A's and B's decodes (weight_decode.py)."""
    if matmul.a_decode is None and matmul.b_decode is None:
        return operands
    return kernel_operands(matmul, matmul.operands if operands is None else operands)


def _remove_decodes(matmul: Matmul, rewriter: PatternRewriter) -> None:
    """Erase the producers the kernel reads through (weight_decode.py)."""
    for decode in (matmul.a_decode, matmul.b_decode):
        if decode is not None:
            decode.remove(rewriter)


def _taken_ops(
    matmuls: list[tuple[Matmul, MatmulPlan]],
    convolutions: list[tuple[Convolution, TileConfig]],
) -> set[Operation]:
    """The fills and padding copies that matmul and convolution kernels
    apply themselves (no loop kernel of their own)."""
    taken: set[Operation] = set()
    for matmul, _ in matmuls:
        if matmul.fill is not None:
            taken.add(matmul.fill)
    for conv, _ in convolutions:
        if conv.matmul.fill is not None:
            taken.add(conv.matmul.fill)
        if conv.padding is not None:
            taken.update((conv.padding.fill, conv.padding.copy))
    return taken


def _rounds_inputs(op: ContractionOp | ConvOperation) -> bool:
    """Whether `op`'s body casts its inputs other than by widening them
    (MLIR's truncf, sitofp, ...: products of the rounded values), which the
    matrix kernels do not compute: a loop kernel runs the body as written,
    with a remark saying why."""
    cast = non_widening_cast(op)
    if cast is None:
        return False
    source, target = cast.operands[0].type, cast.results[0].type
    remark(
        op,
        f"'{op.name}': its body casts {source} inputs to {target} with "
        f"'{cast.name}' (not a "
        "widening), which matrix-unit kernels do not compute: a loop kernel "
        "runs the body as written",
    )
    return True


def _convolutions(module: ModuleOp) -> list[ConvOperation]:
    return [o for o in module.walk() if isinstance(o, ConvOperation)]


def _contractions(module: ModuleOp) -> list[ContractionOp]:
    return [o for o in module.walk() if isinstance(o, ContractionOp)]
