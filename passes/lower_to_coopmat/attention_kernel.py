"""The fused attention kernel (`build_attention_kernel`): FlashAttention-2
on cooperative matrices, one kernel for softmax(scale * Q K^T + mask) V.

Workgroup (x, y, z) owns `rows` query rows of head y of batch z; subgroup
s owns `lines` fragment lines of m of them. Its Q fragments (m x k, use A)
are loaded once (or in each key block, from Q or from Q's rows staged in
workgroup memory: AttentionConfig.q_source). For each block of
`block` keys the workgroup has K and V in workgroup memory (KeyValueBlocks,
attention_kv_blocks.py: copied between barriers, or fetched a block ahead
into a second buffer) and each subgroup, in registers, for each of its
lines (every K and V fragment loaded once for all lines):

    S_j   = Q K_j^T                     (m x n accumulators, K read col_major)
    S_j   = apply(S_j): scale, causal / out-of-range keys -> -inf; + mask
    M'    = max(M, reduce max rows (max_j S_j))  (row-broadcast m x n matrices)
    P_j   = apply(S_j - M'): exp         alpha = apply(M - M'): exp
    L     = L * alpha + sum_j P_j     (un-reduced; reduce add rows at the end)
    O     = O * alpha + sum_j convert(P_j -> A) V_j

and after the last block stores O / L once. Causal kernels stop at the
block past their last row; sliding-window kernels also start at the block
of their first row's first key. The element-wise max is a loop over the
work-item's components (`matrix_math.maximum`).

Grouped heads (attention.py): subgroup s serves query head y * heads +
s // (subgroups / heads) and K/V head y * heads / G, so the K/V blocks in
workgroup memory serve every query head of the workgroup. Variants
(dialects/attention.py) live in the score `apply`: soft-cap (tanh), ALiBi
(the subgroup's slope times key - query), the window (-inf outside); a
sink joins L after the last block as exp(sink - M).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, gpu, math, memref, scf
from xdsl.dialects.builtin import (
    Float32Type,
    FloatAttr,
    IndexType,
    ModuleOp,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.dialects import coopmat
from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.passes.lower_to_coopmat.attention import (
    Attention,
    AttentionConfig,
    match_attention,
    plan_attention,
)
from coopmlir.passes.lower_to_coopmat.attention_in_place import (
    InPlace,
    erase_dead_views,
    flat_root,
    folded_copies,
    follows,
    in_place,
)
from coopmlir.passes.lower_to_coopmat.attention_kv_blocks import KeyValueBlocks
from coopmlir.passes.lower_to_coopmat.decode_plan import routes_to_decode
from coopmlir.passes.lower_to_coopmat.fragment_tile import (
    FragmentTile,
    FragmentTypes,
    Operand,
    accumulator_as_a,
    checked_mode,
    convert,
    mul_add,
    splat,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.matrix_math import exp, maximum
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.scalar_expansions import tanh_ops
from coopmlir.passes.lower_to_coopmat.tile_copy import TileCopy
from coopmlir.targets import Target

F32 = Float32Type()

#: Q, K, V, O: each read (written) in place of its transposed copy, or not.
Places = tuple[InPlace | None, InPlace | None, InPlace | None, InPlace | None]


class AttentionKernel:
    """Emits the body of the fused kernel (module doc)."""

    def __init__(
        self,
        att: Attention,
        config: AttentionConfig,
        target: Target,
        entry: Block,
        places: Places,
    ):
        self.att, self.cfg, self.target = att, config, target
        self.places = places
        self.b = KernelBuilder(entry)
        self.args = entry.args
        s = config.mma
        self.types = FragmentTypes.of((s.m, s.n, s.k), att.elem)
        self.a_type, self.b_type, self.acc = self.types.a, self.types.b, self.types.acc
        # O: the subgroup's accumulators, `lines` rows of dv / n fragments
        # (each V fragment loaded once for every line).
        self.out_tile = FragmentTile(self.types, config.lines, att.dv // s.n)
        # Ragged query rows are checked at Q, mask and O; ragged keys are
        # zero-padded by the copy and dropped by the score mask.
        ragged = config.rows_ragged(att)
        self.rows_checked = coopmat.CheckedMode.ROWS if ragged else None
        self.keys_ragged = att.keys % config.block != 0
        # A positive scale commutes with the row max: it moves into the exps
        # (exp(scale * (S - M))), so blocks without masking need no apply.
        # Soft-capping does not commute: it needs the scaled scores.
        commutes = att.scale > 0 and att.variants.softcap is None
        self.exp_scale = att.scale if commutes else 1.0
        self.pre_scale = 1.0 if commutes else att.scale
        v = att.variants
        # Blocks that every row sees whole need no apply unless a variant
        # changes every score.
        self.every_block = v.softcap is not None or v.alibi is not None

    def build(self) -> None:
        b, att, cfg, s = self.b, self.att, self.cfg, self.cfg.mma
        whole = -(-att.keys // cfg.block) * cfg.block
        self.kv = KeyValueBlocks.allocate(
            b,
            cfg.prefetch,
            cfg.block,
            whole - cfg.block,
            self._copy,
            att.elem,
            cfg.tile_shapes(att),
        )
        q_shape = cfg.q_tile_shape(att)
        self.q_tile: SSAValue | None = None
        #: The first row of each line's Q in Q's tile (`_stage_q`).
        self.q_tile_rows: list[Index] = []
        if q_shape is not None:
            tile = memref.AllocaOp.get(
                att.elem, shape=q_shape, memory_space=WORKGROUP_MEMORY_SPACE
            )
            self.q_tile = b.emit(tile).results[0]
        block_x = b.gpu_id(gpu.BlockIdOp, "x")
        if att.causal:
            # The last row blocks see the most keys: they start first, so the
            # workgroups that start last (dispatch runs x fastest) are short
            # and the grid's tail is too.
            block_x = b.sub(cfg.grid(att)[0] - 1, block_x)
            assert isinstance(block_x, SSAValue)
        subgroup = b.gpu_id(gpu.SubgroupIdOp) if cfg.subgroups > 1 else 0
        fragments = cfg.row_fragments
        self.q_head: Index = 0
        q_prefix: tuple[Index, ...] = ()
        kv_prefix: tuple[Index, ...] = ()
        if att.lead:
            batch = (b.gpu_id(gpu.BlockIdOp, "z"),) if len(att.lead) == 2 else ()
            pack = b.gpu_id(gpu.BlockIdOp, "y")
            first = b.mul(pack, cfg.heads)
            in_pack = b.div(subgroup, fragments) if cfg.heads > 1 else 0
            self.q_head = b.add(first, in_pack)
            q_prefix = (*batch, self.q_head)
            kv_prefix = (*batch, b.div(first, att.group))
        q_op, k_op, v_op, *rest = self.args
        self.prefix, self.kv_prefix = q_prefix, kv_prefix
        self.bases = [
            self._base(p, kv_prefix if i in (1, 2) else q_prefix)
            for i, p in enumerate(self.places)
        ]
        self.Q = self._operand(q_op, 0)
        self.mask = Operand(rest[0], q_prefix if att.mask_lead else (), False)
        self.O = self._operand(rest[-1], -1)
        self.K, self.V = k_op, v_op
        self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
        self.tile_row = b.mul(block_x, cfg.rows)
        fragment = b.rem(subgroup, fragments) if cfg.heads > 1 else subgroup
        first_row = b.add(self.tile_row, b.mul(fragment, cfg.subgroup_rows))
        #: The first query row of each of the subgroup's fragment lines.
        self.rows = [b.add(first_row, line * s.m) for line in range(cfg.lines)]
        alibi = att.variants.alibi
        self.slope = None if alibi is None else self._per_head(alibi)
        # Per line, the Q fragments along D, held across the key loop (or
        # loaded in each block: q_source).
        self.q = [
            [self._load_q(line, d) for d in range(att.d // s.k)]
            for line in range(cfg.lines * (not cfg.q_reloaded))
        ]
        if self.q_tile is not None:
            self._stage_q(subgroup)
        zero = splat(b, 0.0, self.acc)
        # A window or a mask may hide a whole block (or row) from a row: a
        # finite start keeps exp(M - M') from becoming exp(-inf + inf).
        hidden = att.variants.window is not None or att.mask_elem is not None
        low = splat(b, -1e30 if hidden else float("-inf"), self.acc)
        lines, out_frags = cfg.lines, att.dv // s.n
        # Carried: O (line-major), then each line's running max, then its
        # un-reduced row sums.
        carried = [*[zero] * (out_frags * lines), *[low] * lines, *[zero] * lines]
        segments = self._segments(block_x)
        self.kv.prime(segments[0][0])
        for start, end, masked in segments:
            loop, body = b.for_loop(start, end, cfg.block, carried)
            with b.inside(body):
                new = self._block(body.args[0], list(body.args[1:]), masked)
                b.emit(scf.YieldOp(*new))
            carried = list(loop.results)
        outs = carried[: out_frags * lines]
        maxes = carried[out_frags * lines : out_frags * lines + lines]
        partials = carried[out_frags * lines + lines :]
        for line, row in enumerate(self.rows):
            partial = partials[line]
            total = b.emit(coopmat.ReduceOp(partial, "add", "rows", self.acc))
            total = total.results[0]
            if att.variants.sinks is not None:
                sink = self._sink(maxes[line])
                total = b.emit(coopmat.AddOp(total, sink)).results[0]
            if hidden:
                total = self._nonzero(total)
            for j in range(out_frags):
                o = outs[line * out_frags + j]
                o = b.emit(coopmat.DivOp(o, total)).results[0]
                o = convert(b, o, self.acc.with_element_type(att.out_elem))
                o_row, o_col = self._at(-1, row, j * s.n)
                self.O.store(b, o, o_row, o_col, self.rows_checked)
        b.emit(gpu.ReturnOp([]))

    def _segments(self, block_x: SSAValue) -> list[tuple[Index, Index, bool]]:
        """(start, end, masked) of the key loops: first the blocks that need
        no masking (wholly inside L and, causal, wholly before the
        workgroup's first row), then the rest; with a window, every block
        from the one holding the first row's first key, masked."""
        b, att, cfg = self.b, self.att, self.cfg
        end = self._key_end(block_x)
        window = att.variants.window
        if window is not None:
            first_key = b.sub(self.tile_row, window - 1)  # may be negative
            zero = b.value(0)
            first_key = b.emit(arith.MaxSIOp(b.value(first_key), zero)).results[0]
            start = b.mul(b.div(first_key, cfg.block), cfg.block)
            return [(start, end, True)]
        inside: Index = att.keys // cfg.block * cfg.block
        if att.causal:
            before = b.mul(b.div(self.tile_row, cfg.block), cfg.block)
            inside = b.emit(arith.MinUIOp(b.value(before), b.value(inside))).results[0]
        elif not self.keys_ragged:
            return [(0, end, False)]
        return [(0, inside, False), (inside, end, True)]

    def _key_end(self, block_x: SSAValue) -> Index:
        """Where the key loop stops: every block, or (causal) the block after
        the workgroup's last row."""
        cfg, att, b = self.cfg, self.att, self.b
        whole = -(-att.keys // cfg.block) * cfg.block
        if not att.causal:
            return whole
        last = b.add(b.mul(block_x, cfg.rows), cfg.rows + cfg.block - 1)
        end = b.mul(b.div(last, cfg.block), cfg.block)
        return b.emit(arith.MinUIOp(b.value(end), b.value(whole))).results[0]

    def _base(
        self, place: InPlace | None, prefix: tuple[Index, ...]
    ) -> tuple[Index, Index] | None:
        """Where head `prefix` (batch, head) of an in-place operand starts in
        its [R, W] buffer (attention_in_place.py)."""
        if place is None:
            return None
        b, (batch, head) = self.b, prefix  # in place: two leading dims
        return tuple(  # type: ignore[return-value]
            b.add(b.add(b.mul(batch, per_b), b.mul(head, per_h)), first)
            for first, per_b, per_h in (place.row, place.col)
        )

    def _operand(self, value: SSAValue, index: int) -> Operand:
        """Q or O (`index` 0 or -1), at the subgroup's query head."""
        if self.bases[index] is None:
            return Operand(value, self.prefix, False)  # type: ignore[arg-type]
        return Operand(value, (), False)

    def _at(self, index: int, row: Index, col: Index) -> tuple[Index, Index]:
        """(row, col) of head (row, col) in operand `index`'s memref."""
        base = self.bases[index]
        if base is None:
            return row, col
        return self.b.add(base[0], row), self.b.add(base[1], col)

    def _copy(
        self, key: Index, index: int, dst: SSAValue, dst_prefix: tuple[SSAValue, ...]
    ) -> TileCopy:
        """The copy of K (`index` 1) or V (2) at `key` into `dst` at
        `dst_prefix` (KeyValueBlocks)."""
        att, cfg = self.att, self.cfg
        src = self.K if index == 1 else self.V
        cols = att.d if index == 1 else att.dv
        place, prefix = self.places[index], self.kv_prefix
        origin: tuple[Index, Index] = (key, 0)
        bounds: tuple[Index, Index] = (att.keys, cols)
        if place is not None:
            # The head's rows end at row0 + L (zero-padded past it); its
            # columns are whole (never checked), the row as wide as W.
            origin, prefix = self._at(index, key, 0), ()
            bounds = (self._at(index, att.keys, 0)[0], place.width)
        return TileCopy(
            self.b,
            src,
            prefix,
            dst,
            origin,
            (cfg.block, cols),
            bounds,
            (self.keys_ragged, False),
            self.thread,
            cfg.threads(self.target),
            dst_prefix=dst_prefix,
        )

    def _block(
        self, key: SSAValue, carried: list[SSAValue], masked: bool
    ) -> list[SSAValue]:
        """One key block: copy K and V, then the online softmax update of
        each of the subgroup's fragment lines (every K and V fragment loaded
        once for all of them)."""
        b, s, lines = self.b, self.cfg.mma, self.cfg.lines
        out_frags = self.att.dv // s.n
        outs = carried[: out_frags * lines]
        maxes = carried[out_frags * lines : out_frags * lines + lines]
        totals = carried[out_frags * lines + lines :]
        self.kv.begin(key)
        k_frags = self.kv.keys(key)

        def score(line: int, j: int, acc: SSAValue) -> SSAValue:
            return self._scores(acc, key, j * s.n, masked, self.rows[line])

        scores = self._products(k_frags, score)
        self.kv.after_scores(key)
        new_maxes, p_as = [], []
        for line in range(lines):
            running_max = maxes[line]
            # Row max of the block: element-wise over its fragments, then one
            # reduction (a reduction costs shuffles, the element-wise max none).
            row_max = b.emit(
                coopmat.ReduceOp(maximum(b, scores[line]), "max", "rows", self.acc)
            ).results[0]
            new_max = maximum(b, [running_max, row_max])
            probs = [
                exp(b, b.emit(coopmat.SubOp(x, new_max)).results[0], self.exp_scale)
                for x in scores[line]
            ]
            alpha = exp(
                b,
                b.emit(coopmat.SubOp(running_max, new_max)).results[0],
                self.exp_scale,
            )
            total = b.emit(coopmat.MulOp(totals[line], alpha)).results[0]
            at = line * out_frags
            for i in range(at, at + out_frags):
                outs[i] = b.emit(coopmat.MulOp(outs[i], alpha)).results[0]
            # L stays un-reduced (alpha is the same along a row): one row-sum
            # reduction after the last block instead of one per block.
            for p in probs:
                total = b.emit(coopmat.AddOp(total, p)).results[0]
            totals[line] = total
            new_maxes.append(new_max)
            p_as.append(
                [accumulator_as_a(b, p, self.att.elem, self.a_type) for p in probs]
            )
        v_frags = self.kv.values(key)
        for j in range(self.cfg.block // s.n):

            def value_fragment(i: int, j: int = j) -> SSAValue:
                return v_frags.load(b, j * s.k, i * s.n, self.b_type, None)

            line_as = [p_a[j] for p_a in p_as]
            outs = self.out_tile.multiply_add(b, outs, line_as, value_fragment)
        self.kv.end()
        return [*outs, *new_maxes, *totals]

    def _q_fragment(self, line: int, d: int) -> SSAValue:
        """Q's A fragment of line `line` at column d * k in a key block: from
        Q's tile (q_source workgroup) or from Q."""
        if self.q_tile is None:
            return self._load_q(line, d)
        tile = Operand(self.q_tile, (), False)
        row = self.q_tile_rows[line]
        return tile.load(self.b, row, d * self.cfg.mma.k, self.a_type, None)

    def _load_q(self, line: int, d: int) -> SSAValue:
        """Q's A fragment of fragment line `line` at column d * k, from Q."""
        b, s = self.b, self.cfg.mma
        q_row, q_col = self._at(0, self.rows[line], 0)
        col = b.add(q_col, d * s.k)
        return self.Q.load(b, q_row, col, self.a_type, self.rows_checked)

    def _stage_q(self, subgroup: Index) -> None:
        """Each subgroup copies its lines of Q into its rows of Q's tile
        (rows past S read as zeros), then a barrier; `_q_fragment` reads
        them."""
        b, s, cfg = self.b, self.cfg.mma, self.cfg
        tile = Operand(self.q_tile, (), False)  # type: ignore[arg-type]
        first = b.mul(subgroup, cfg.subgroup_rows)
        self.q_tile_rows = [b.add(first, line * s.m) for line in range(cfg.lines)]
        for line in range(cfg.lines):
            for d in range(self.att.d // s.k):
                fragment = self._load_q(line, d)
                tile.store(b, fragment, self.q_tile_rows[line], d * s.k, None)
        b.emit(gpu.BarrierOp())

    def _products(
        self, k_frags: Operand, score: Callable[[int, int, SSAValue], SSAValue]
    ) -> list[list[SSAValue]]:
        """S = Q K^T of the block: per line, its block / n accumulators, each
        passed through `score(line, j, acc)` once summed over D. Q held: key
        fragment by key fragment; Q reloaded (q_source): D step by D step,
        each Q fragment loaded once per block and dead after its step (its
        registers free for the rest of the block)."""
        b, s, cfg = self.b, self.cfg.mma, self.cfg
        keys, depth = range(cfg.block // s.n), range(self.att.d // s.k)
        if cfg.q_reloaded:
            steps = [(j, d) for d in depth for j in keys]
        else:
            steps = [(j, d) for j in keys for d in depth]
        accs: list[list[SSAValue]] = [[] for _ in self.rows]
        q_at_d: list[SSAValue] = []  # each line's Q fragment at step d
        for j, d in steps:
            if not cfg.q_reloaded:
                q_at_d = [q[d] for q in self.q]
            elif j == 0:
                q_at_d = [self._q_fragment(line, d) for line in range(cfg.lines)]
            if d == 0:
                for line_accs in accs:
                    line_accs.append(splat(b, 0.0, self.acc))
            k_frag = k_frags.load(b, d * s.k, j * s.n, self.b_type, None)
            for q, line_accs in zip(q_at_d, accs, strict=True):
                line_accs[j] = mul_add(b, q, k_frag, line_accs[j])
            if d == depth[-1]:
                for line, line_accs in enumerate(accs):
                    line_accs[j] = score(line, j, line_accs[j])
        return accs

    def _scores(
        self, acc: SSAValue, block_key: SSAValue, offset: int, masked: bool, row: Index
    ) -> SSAValue:
        """S (times a non-positive scale), with dropped keys (causal, past L)
        at -inf when `masked`, plus the mask (over the scale that the exps
        apply)."""
        b, att = self.b, self.att
        result = acc
        applied = masked or self.pre_scale != 1.0 or self.every_block
        if not (applied or att.mask_elem is not None):
            return result
        key = b.add(block_key, offset)
        if applied:
            result = self._drop_keys(acc, key, masked, row)
        if att.mask_elem is None:
            return result
        mask_type = self.acc.with_element_type(att.mask_elem)
        checked = checked_mode(self.rows_checked is not None, self.keys_ragged)
        mask = convert(b, self.mask.load(b, row, key, mask_type, checked), self.acc)
        if self.exp_scale != 1.0:
            over = b.constant(1.0 / self.exp_scale, F32)
            mask = b.emit(coopmat.ScaleOp(mask, over)).results[0]
        return b.emit(coopmat.AddOp(result, mask)).results[0]

    def _drop_keys(
        self, acc: SSAValue, key: Index, masked: bool, row: Index
    ) -> SSAValue:
        """apply: times `pre_scale`, soft-capped, plus the ALiBi bias; -inf at
        causal, out-of-window and past-L keys if `masked`."""
        b, att, v = self.b, self.att, self.att.variants
        captures = [b.constant(self.pre_scale, F32), b.value(row), b.value(key)]
        if self.slope is not None:
            captures.append(self.slope)
        block = Block(
            arg_types=coopmat.ApplyOp.block_types(
                self.acc, [F32, *[IndexType()] * 2, *[F32] * (len(captures) - 3)]
            )
        )
        row, col, value, scale, row0, col0, *slope = block.args
        ops: list = []
        scaled: SSAValue = value
        if self.pre_scale != 1.0:
            ops += [product := arith.MulfOp(value, scale)]
            scaled = product.result
        if v.softcap is not None:
            ops += [cap := arith.ConstantOp(FloatAttr(v.softcap, F32))]
            ops += [inner := arith.DivfOp(scaled, cap)]
            ops += tanh_ops(inner.result)  # not GLSL's Tanh: slow on NVIDIA
            ops += [capped := arith.MulfOp(ops[-1].results[0], cap)]
            scaled = capped.result
        keep: list[SSAValue] = []
        causal, ragged = masked and att.causal, masked and self.keys_ragged
        window = v.window if masked else None
        if causal or ragged or slope:
            ops += [key_at := arith.AddiOp(col, col0)]
        if causal or slope:
            ops += [query_at := arith.AddiOp(row, row0)]
        if slope:
            # slope * (j - i), over the scale that the exps apply.
            ops += [dist := arith.SubiOp(key_at, query_at)]
            ops += [as_int := arith.IndexCastOp(dist.result, i32)]
            ops += [as_float := arith.SIToFPOp(as_int.result, F32)]
            ops += [bias := arith.MulfOp(as_float.result, slope[0])]
            ops += [biased := arith.AddfOp(scaled, bias.result)]
            scaled = biased.result
        if causal:
            ops += [before := arith.CmpiOp(key_at, query_at, "ule")]
            keep.append(before.result)
        if window is not None:
            # j > i - W, as j + W > i (no negative index).
            ops += [w := arith.ConstantOp.from_int_and_width(window, IndexType())]
            ops += [shifted := arith.AddiOp(key_at, w)]
            ops += [inside_window := arith.CmpiOp(shifted, query_at, "ugt")]
            keep.append(inside_window.result)
        if ragged:
            ops += [bound := arith.ConstantOp.from_int_and_width(att.keys, IndexType())]
            ops += [inside := arith.CmpiOp(key_at, bound, "ult")]
            keep.append(inside.result)
        while len(keep) > 1:
            ops += [both := arith.AndIOp(keep[0], keep[1])]
            keep = [both.result, *keep[2:]]
        if keep:
            ops += [minus := arith.ConstantOp(FloatAttr(float("-inf"), F32))]
            ops += [sel := arith.SelectOp(keep[0], scaled, minus)]
            scaled = sel.result
        block.add_ops([*ops, coopmat.YieldOp(scaled)])
        return b.emit(coopmat.ApplyOp(acc, block, captures)).results[0]

    def _per_head(self, values: tuple[float, ...]) -> SSAValue:
        """The subgroup's query head's entry of `values` (over the scale that
        the exps apply): a select chain over the heads, once per kernel."""
        b = self.b
        result = b.constant(values[0] / self.exp_scale, F32)
        for h, x in enumerate(values[1:], 1):
            here = b.emit(arith.CmpiOp(b.value(self.q_head), b.value(h), "eq"))
            this = b.constant(x / self.exp_scale, F32)
            result = b.emit(arith.SelectOp(here.results[0], this, result)).results[0]
        return result

    def _nonzero(self, total: SSAValue) -> SSAValue:
        """The denominator with 1 for 0: a row whose keys are all hidden (by
        the mask or the window) has O = 0 / 1 = 0 (the op's semantic,
        PyTorch's guard), not 0 / 0."""
        block = Block(arg_types=coopmat.ApplyOp.block_types(self.acc, []))
        value = block.args[2]
        zero = arith.ConstantOp(FloatAttr(0.0, value.type))  # type: ignore[arg-type]
        one = arith.ConstantOp(FloatAttr(1.0, value.type))  # type: ignore[arg-type]
        empty = arith.CmpfOp(value, zero.result, "oeq")
        picked = arith.SelectOp(empty.result, one.result, value)
        block.add_ops([zero, one, empty, picked, coopmat.YieldOp(picked.result)])
        return self.b.emit(coopmat.ApplyOp(total, block, [])).results[0]

    def _sink(self, running_max: SSAValue) -> SSAValue:
        """exp(sink - M) of the subgroup's head for every row: the sink's
        share of the softmax denominator."""
        b = self.b
        sink = self._per_head(self.att.variants.sinks or ())
        block = Block(arg_types=coopmat.ApplyOp.block_types(self.acc, [F32]))
        _, _, m, logit = block.args
        ops: list = [diff := arith.SubfOp(logit, m)]
        value: SSAValue = diff.result
        if self.exp_scale != 1.0:
            ops += [factor := arith.ConstantOp(FloatAttr(self.exp_scale, F32))]
            ops += [scaled := arith.MulfOp(value, factor.result)]
            value = scaled.result
        ops += [e := math.ExpOp(value)]
        block.add_ops([*ops, coopmat.YieldOp(e.result)])
        return b.emit(coopmat.ApplyOp(running_max, block, [sink])).results[0]


def build_attention_kernel(
    name: str,
    att: Attention,
    config: AttentionConfig,
    target: Target,
    types: list[Attribute],
    places: Places,
) -> gpu.FuncOp:
    """The `gpu.func` computing `att` (arguments Q, K, V[, mask], O of
    `types`: an in-place operand's [R, W] buffer)."""
    threads = config.threads(target)
    kernel = kernel_function(name, types, threads, target.subgroup_size)
    AttentionKernel(att, config, target, kernel.body.block, places).build()
    return kernel


#: A planned attention: its problem, configuration and in-place operands.
Planned = tuple[Attention, AttentionConfig, Places]


def plan_attentions(
    module: ModuleOp,
    target: Target,
    prefetch: str | None = None,
    q_source: str = "registers",
) -> list[Planned]:
    """Each `coopmlir.attention` of `module`, in walk order, matched and
    configured (checked before anything changes: a located error otherwise),
    with the transposed copies of its operands that it folds; `prefetch`
    and `q_source`: the AttentionConfig fields."""
    matched = [match_attention(o) for o in _attentions(module)]
    planned = []
    for att in matched:
        config = plan_attention(att, target, prefetch, q_source)
        planned.append((att, config, _places(att, config)))
    return planned


def _places(att: Attention, config: AttentionConfig) -> Places:
    """Q, K, V, O in place of their transposed copies where they can be
    (attention_in_place.py); None where not."""
    if len(att.lead) != 2:
        return (None,) * 4
    ragged = config.rows_ragged(att)
    roles = [
        (att.op.query, "in", ragged),
        (att.op.key, "in", False),
        (att.op.value, "in", False),
        (att.op.output, "out", ragged),
    ]
    places: list[InPlace | None] = []
    for value, role, ragged_rows in roles:
        place = in_place(att.op, value, role, ragged_rows)
        places.append(place if isinstance(place, InPlace) else None)
    return tuple(places)  # type: ignore[return-value]


def folded_transposes(planned: list[Planned]) -> set[Operation]:
    """The copies the planned attentions fold (no loop kernels of their own)."""
    return {op for *_, places in planned for op in folded_copies(places)}


def lower_attentions(
    module: ModuleOp,
    planned: list[Planned],
    target: Target,
    explain: bool,
) -> None:
    """Lower each planned `coopmlir.attention` with its configuration."""
    pairs = ((plan[0].op, plan) for plan in planned)
    lower_planned(LowerAttention(module, target, explain, pairs))


def _attentions(module: ModuleOp) -> list[AttentionOp]:
    """The attentions of `module` but the decoding steps (decode_plan.py)."""
    return [
        o
        for o in module.walk()
        if isinstance(o, AttentionOp) and not routes_to_decode(o)
    ]


class LowerAttention(LowerPlanned[Planned]):
    """A planned `coopmlir.attention` (on memrefs) -> a `gpu.launch_func` of
    its fused kernel, which is added to the host's `gpu.module`; the
    transposed copies it folds are erased."""

    def lower(self, plan: Planned, rewriter: PatternRewriter) -> None:
        att, config, places = plan
        op, target = att.op, self.target
        if self.explain:
            remark(op, f"{att.describe()}: one fused kernel, {config} on {target.name}")
            self._explain_places(att, config)
        operands = list(att.operands)
        indices = [0, 1, 2, len(operands) - 1]
        for index, place in zip(indices, places, strict=True):
            if place is None:
                continue
            if isinstance(place.root, OpResult) and follows(place.root.owner, op):
                # O's [B, S, H, D] buffer was allocated after the attention.
                place.root.owner.detach()
                rewriter.insert(place.root.owner, InsertPoint.before(op))
            flat = flat_root(place)
            if flat is not None:
                rewriter.insert(flat, InsertPoint.before(op))
            operands[index] = place.root if flat is None else flat.results[0]
        kernels, name = new_kernel(rewriter, self.module, op, "_attention")
        types = [v.type for v in operands]
        kernel = build_attention_kernel(name, att, config, target, types, places)
        (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
        replace_by_launch(
            rewriter, op, symbol, config.grid(att), config.threads(target), operands
        )
        for place in places:
            if place is not None:
                view = place.copy.inputs[0]
                rewriter.erase(place.copy)
                rewriter.erase(place.temporary)
                erase_dead_views(view, rewriter.erase)

    def _explain_places(self, att: Attention, config: AttentionConfig) -> None:
        """Remarks on the transposed copies that stay, and why."""
        if len(att.lead) != 2:
            return
        ragged = config.rows_ragged(att)
        names = ("query", "key", "value", "output")
        values = (att.op.query, att.op.key, att.op.value, att.op.output)
        for i, (name, value) in enumerate(zip(names, values, strict=True)):
            role = "out" if i == 3 else "in"
            why = in_place(att.op, value, role, ragged and i in (0, 3))
            copy = value.owner if isinstance(value, OpResult) else None
            if isinstance(why, str) and isinstance(copy, memref.AllocOp):
                if "no [0, 2, 1, 3]" not in why:
                    remark(att.op, f"the {name} keeps its transposed copy: {why}")
