"""The skinny-product kernel (M = 1..16; skinny_plan.py says when and how
big): every weight byte is read once, 16 bytes per load, and multiplied
with all M rows of the activations in f32. SIMT code only (no coopmat op):
it runs on every target. With V = width, T = G * S work-items (G subgroups,
`SkinnyPlan.subgroups`), the
`nk` schedule (W [N, K]):

    n0 = block_id x * ROWS;  k0, k1 = the K range of slice block_id y
    for k = k0 + thread * V; k < k1; k += T * V:
      run[r] = weight(n0 + r, k:k+V)            // the one weight load per row
      for each 16-byte piece p of the activations (P elements):
        w[r] = f32(run[r][p])                   // decoded once per row
        for m < M:  a = f32(act[m, p])          // one load per piece and m
          for r < ROWS:  acc[r, m] += sum(w[r] * a)
    acc = butterfly sums (gpu.shuffle xor over the S lanes)
    lane 0: partials[subgroup, r * M + m] = acc[r, m]     // workgroup memory

and the `kn` schedule (W [K, N]):

    c = block_id x * S * V + lane * V
    for k = k0 + subgroup; k < k1; k += G:
      w = weight(k, c:c+V)                      // the one weight load
      acc[m] += w * f32(act[m, k])              (V columns at once)
    partials[subgroup, m * S * V + lane * V + i] = acc[m][i]

then, after a barrier, both sum each slot's G partials:

    for slot = thread; slot < M * outputs; slot += T:
      out[m, n] = T(sum_g partials[g, slot] + (fill | out[m, n]))
      (with K slices: workspace[block_id y, m, n] = the sum, and
       split_k.py's reduction kernel adds the slices onto out)

Weights are read through `WeightFormat.run` / `load`, the one place that
knows how they are stored: dense f16 / bf16 / f32, or its `decode`, the
stored bytes of a dequantize prologue (int8 per channel, int4 per group
packed in u8, 8-bit floats) decoded in registers by weight_decode.py's
`DecodedRun` (from 32-bit words: decode_bits.py); the f16 weight is never
in memory."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, gpu, memref, scf, vector
from xdsl.dialects.builtin import (
    Float32Type,
    MemRefType,
    ModuleOp,
    VectorType,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE, LaneIdOp
from coopmlir.dialects.kernel_abi import set_subgroup_size
from coopmlir.passes.lower_to_coopmat.epilogue import Epilogue, match_epilogue
from coopmlir.passes.lower_to_coopmat.epilogue_elements import ElementEpilogue
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    free_name,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import erase_fill_op, replace_by_launch
from coopmlir.passes.lower_to_coopmat.matching import byte_size
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.passes.lower_to_coopmat.skinny_coopvec import THREADS as COOPVEC_THREADS
from coopmlir.passes.lower_to_coopmat.skinny_coopvec import (
    build_coopvec_kernel,
    coopvec_grid,
)
from coopmlir.passes.lower_to_coopmat.skinny_plan import (
    SkinnyPlan,
    fuses_epilogue,
)
from coopmlir.passes.lower_to_coopmat.split_k import launch_reduction, reduction_kernel
from coopmlir.passes.lower_to_coopmat.weight_decode import DecodedRun, WeightDecode
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES, TileConfig

F32 = Float32Type()

#: What the epilogue matcher is given: elements one at a time (a matrix
#: unit of 1 x 1, so no vector operand needs a 2-D view).
PER_ELEMENT = TileConfig(1, 1, 1, 1, 1, 1, 1, 1, 0)


def widened(b: KernelBuilder, value: SSAValue, width: int) -> SSAValue:
    """`value` (an element or a vector of `width`) as f32."""
    if isinstance(value.type, Float32Type) or value.type == VectorType(F32, [width]):
        return value
    t = F32 if width == 1 else VectorType(F32, [width])
    return b.emit(arith.ExtFOp(value, t)).results[0]


@dataclass(frozen=True)
class WeightFormat:
    """How the weight is stored, and how `width` consecutive weights along
    its contiguous dimension become f32 values in registers: dense f16 /
    bf16 / f32 elements, or (`decode`) the weight a dequantize prologue
    computes (weight_decode.py: int8 per channel, int4 per group packed in
    u8, f8, block formats), read from the prologue's inputs. A decoded
    weight's kernel takes the stored weight in the weight's place and the
    other inputs (scales, zero points) after its `base` arguments."""

    decode: WeightDecode | None = None
    base: tuple[SSAValue, ...] = ()

    def launched(self, operands: list[SSAValue]) -> list[SSAValue]:
        """The launch's operands: the kernel's `operands`, the stored weight
        in the weight's place, then the decode's other inputs."""
        if self.decode is None:
            return operands
        return self.decode.arguments(operands)[0]

    def load(
        self,
        b: KernelBuilder,
        weight: SSAValue,
        extra: list[SSAValue],
        indices: list[Index],
        width: int,
    ) -> SSAValue:
        """Weights [indices .. + width) along the last dimension, as f32
        (a vector of `width`, or a scalar for width 1)."""
        return self.run(b, weight, extra, indices, width).chunk(0, width)

    def run(
        self,
        b: KernelBuilder,
        weight: SSAValue,
        extra: list[SSAValue],
        indices: list[Index],
        width: int,
    ) -> WeightRun:
        """Weights [indices .. + width) along the last dimension, read now
        (the step's one 16-byte load: skinny_plan.py) and handed out as f32
        in pieces (`WeightRun.chunk`); decoded ones by `DecodedRun`, each
        element decoded once however many rows use it."""
        if self.decode is None:
            loaded = widened(b, _read(b, weight, indices, width), width)
            return WeightRun(b, width, dense=loaded)
        _, places = self.decode.arguments(self.base)
        n = len(self.base)
        # skinny_product keeps no decode reading the activations or output.
        sources = [weight if i == 1 else extra[i - n] for i in places]
        return WeightRun(
            b, width, decoded=self.decode.bind(sources).run(b, indices, width)
        )


@dataclass
class WeightRun:
    """One step's run of `width` weights of a row, as f32 pieces."""

    b: KernelBuilder
    width: int
    dense: SSAValue | None = None
    decoded: DecodedRun | None = None

    def chunk(self, first: int, size: int) -> SSAValue:
        """Weights [first, first + size) of the run as f32 (a vector of
        `size`, or a scalar for size 1)."""
        b = self.b
        if self.decoded is None:
            # A dense run is one 16-byte load: the activations' piece is all of it.
            assert self.dense is not None and (first, size) == (0, self.width)
            return self.dense
        values = [widened(b, self.decoded.element(first + u), 1) for u in range(size)]
        if size == 1:
            return values[0]
        chunk = b.constant(0.0, VectorType(F32, [size]))
        for u, value in enumerate(values):
            chunk = b.emit(vector.InsertOp(value, chunk, [u])).results[0]
        return chunk


def _read(b: KernelBuilder, mem: SSAValue, indices: list[Index], width: int):
    at = [b.value(i) for i in indices]
    if width == 1:
        return b.emit(memref.LoadOp.get(mem, at)).results[0]
    element = mem.type.element_type  # pyright: ignore
    return b.emit(vector.LoadOp(mem, at, VectorType(element, [width]))).results[0]


def build_skinny_kernel(
    name: str,
    plan: SkinnyPlan,
    operands: list[SSAValue],
    epilogue: Epilogue | None = None,
    weights: WeightFormat = WeightFormat(),
) -> gpu.FuncOp:
    """The `gpu.func` of the module doc, taking `operands` (act, weight,
    output, the epilogue's inputs; the output is the product's out, the
    epilogue's output, or the f32 workspace [slices, ...] where K is split),
    then the weight format's extra arguments. A fused `epilogue` runs on each
    output element before its store (epilogue_elements.py)."""
    types = [v.type for v in weights.launched(operands)]
    kernel = kernel_function(name, types, plan.threads)
    # The butterflies assume the target's subgroup size: the kernel asks for it.
    set_subgroup_size(kernel, plan.subgroup)
    b = KernelBuilder(kernel.body.block)
    args = list(kernel.body.block.args)
    inputs, extra_args = args[: len(operands)], args[len(operands) :]
    _SkinnyKernel(b, plan, inputs, extra_args, weights, epilogue).build()
    b.emit(gpu.ReturnOp([]))
    return kernel


class _SkinnyKernel:
    """Emits the module doc's code for one plan."""

    def __init__(
        self,
        b: KernelBuilder,
        plan: SkinnyPlan,
        args: list[SSAValue],
        extra: list[SSAValue],
        weights: WeightFormat,
        epilogue: Epilogue | None,
    ):
        self.b, self.plan, self.p, self.weights = b, plan, plan.product, weights
        self.act, self.weight, self.out = args[:3]
        self.args, self.extra, self.epilogue = args, extra, epilogue
        self.width = plan.width
        # Activations per 16-byte load (and weights decoded per piece).
        act_bytes = byte_size(self.p.act.type.element_type)  # pyright: ignore
        self.piece = min(self.width, ACCESS_BYTES // act_bytes)

    def build(self) -> None:
        b, plan, p = self.b, self.plan, self.p
        partials = memref.AllocaOp.get(
            F32, shape=[plan.subgroups, plan.slots], memory_space=WORKGROUP_MEMORY_SPACE
        )
        # Workgroup memory is allocated at the top of the kernel (kernels.md).
        b.entry.add_op(partials)
        self.partials = partials.memref
        self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
        self.subgroup = b.gpu_id(gpu.SubgroupIdOp)
        self.lane = b.gpu_id(LaneIdOp)
        self.block = b.gpu_id(gpu.BlockIdOp, "x")
        self.slice: Index = 0
        k0: Index = 0
        k1: Index = p.k
        if plan.slices > 1:
            self.slice = b.gpu_id(gpu.BlockIdOp, "y")
            k0 = b.mul(self.slice, plan.slice_k)
            k1 = b.clamp(b.value(b.add(k0, plan.slice_k)), p.k + 1)
        if p.k_contiguous:
            self._rows_schedule(k0, k1)
        else:
            self._columns_schedule(k0, k1)
        b.emit(gpu.BarrierOp())
        self._finish()

    # -- the two schedules ---------------------------------------------------

    def _rows_schedule(self, k0: Index, k1: Index) -> None:
        """`nk`: lanes split K; butterflies, then lane 0 writes the partials."""
        b, plan, p, v = self.b, self.plan, self.p, self.width
        first = b.mul(self.block, plan.rows)
        ragged = p.n % plan.rows != 0
        rows = []
        for r in range(plan.rows):
            row = b.add(first, r)
            # A row past N (the last workgroup) reads row N - 1; not stored.
            rows.append(b.clamp(b.value(row), p.n) if ragged else row)
        zero = b.constant(0.0, F32)

        def step(k: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            # Every row's stored weights loaded first; then, per 16-byte
            # piece of the activations, each row's weights decoded once and
            # used for all M rows (a decode per (row, m) made the time grow
            # faster than M).
            runs = [self._weight_run([row, k], v) for row in rows]
            new = list(acc)
            for first in range(0, v, self.piece):
                ws = [run.chunk(first, self.piece) for run in runs]
                at = b.add(k, first)
                for m in range(p.m):
                    a = self._activations(m, at, self.piece)
                    for r, w in enumerate(ws):
                        dot = self._sum(self._f(arith.MulfOp(w, a)), self.piece)
                        slot = r * p.m + m
                        new[slot] = self._f(arith.AddfOp(new[slot], dot))
            return new

        start = b.add(k0, b.mul(self.thread, v))
        sums = b.loop(start, k1, plan.threads * v, [zero] * plan.slots, step)
        sums = [b.subgroup_sum(s, plan.subgroup) for s in sums]
        first_lane = Block()
        b.emit(scf.IfOp(b.below(self.lane, 1), [], Region(first_lane)))
        with b.inside(first_lane):
            for slot, value in enumerate(sums):
                self._store_partial(value, slot)
            b.emit(scf.YieldOp())

    def _columns_schedule(self, k0: Index, k1: Index) -> None:
        """`kn`: lanes split N, subgroups split K; every lane writes its
        columns' partials."""
        b, plan, p, v = self.b, self.plan, self.p, self.width
        column = b.add(b.mul(self.block, plan.columns), b.mul(self.lane, v))
        ragged = p.n % plan.columns != 0
        # Columns past N (the last workgroup) read the last chunk; not stored.
        load_column = b.clamp(b.value(column), p.n - v + 1) if ragged else column
        t = F32 if v == 1 else VectorType(F32, [v])
        zero = b.constant(0.0, F32)
        if v > 1:
            zero = self._f(vector.BroadcastOp(zero, t))

        def step(k: SSAValue, acc: list[SSAValue]) -> list[SSAValue]:
            w = self._weights([k, load_column], v)
            new = []
            for m in range(p.m):
                a = self._activations(m, k, 1)
                if v > 1:
                    a = self._f(vector.BroadcastOp(a, t))
                product = self._f(arith.MulfOp(w, a))
                new.append(self._f(arith.AddfOp(acc[m], product)))
            return new

        start = b.add(k0, self.subgroup)
        sums = b.loop(start, k1, plan.subgroups, [zero] * p.m, step)
        for m, value in enumerate(sums):
            for i in range(v):
                part = value if v == 1 else self._f(vector.ExtractOp(value, [i], F32))
                slot = b.add(b.mul(self.lane, v), m * plan.columns + i)
                self._store_partial(part, slot)

    # -- the sum over subgroups, and the store ---------------------------------

    def _finish(self) -> None:
        """Each slot's partials summed over the subgroups, plus the fill or
        the output's value, stored once (module doc)."""
        b, plan, p = self.b, self.plan, self.p

        def per_slot(slot: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            total = self._partial(0, slot)
            for g in range(1, self.plan.subgroups):
                total = self._f(arith.AddfOp(total, self._partial(g, slot)))
            if p.k_contiguous:
                m = b.rem(slot, p.m)
                n = b.add(b.mul(self.block, plan.rows), b.div(slot, p.m))
            else:
                m = b.div(slot, plan.columns)
                n = b.add(b.mul(self.block, plan.columns), b.rem(slot, plan.columns))
            if p.n % plan.columns == 0:
                self._store(total, m, n)
                return []
            inside = Block()
            b.emit(scf.IfOp(b.below(b.value(n), p.n), [], Region(inside)))
            with b.inside(inside):
                self._store(total, m, n)
                b.emit(scf.YieldOp())
            return []

        b.loop(self.thread, plan.slots, plan.threads, [], per_slot)

    def _store(self, total: SSAValue, m: Index, n: Index) -> None:
        b, p = self.b, self.p
        at = self._out_indices(m, n)
        if self.plan.slices > 1:  # an f32 partial of this slice
            indices = [b.value(i) for i in (self.slice, *at)]
            b.emit(memref.StoreOp.get(total, self.out, indices))
            return
        indices = [b.value(i) for i in at]
        if p.fill_value is not None:
            fill = p.fill_value.value.data  # pyright: ignore
            start = b.constant(float(fill), F32)
        else:
            start = widened(b, self._f(memref.LoadOp.get(self.out, indices)), 1)
        result = self._f(arith.AddfOp(start, total))
        if not isinstance(p.out_element, Float32Type):
            result = self._f(arith.TruncFOp(result, p.out_element))
        if self.epilogue is not None:
            ragged = (False, p.n % self.plan.columns != 0)
            elements = ElementEpilogue(
                b, self.epilogue, tuple(self.args), (p.m, p.n), ragged
            )
            result = elements.apply(result, m, n)
        b.emit(memref.StoreOp.get(result, self.out, indices))

    def _out_indices(self, m: Index, n: Index) -> list[Index]:
        rank = self.p.out.type.get_num_dims()  # pyright: ignore
        return [m, n] if rank == 2 else [n]

    # -- loads, sums --------------------------------------------------------

    def _weight_run(self, indices: list[Index], width: int) -> WeightRun:
        return self.weights.run(self.b, self.weight, self.extra, indices, width)

    def _weights(self, indices: list[Index], width: int) -> SSAValue:
        """The one place the weight is read (`WeightFormat.load`)."""
        return self.weights.load(self.b, self.weight, self.extra, indices, width)

    def _activations(self, m: int, k: Index, width: int) -> SSAValue:
        rank = self.p.act.type.get_num_dims()  # pyright: ignore
        at = [m, k] if rank == 2 else [k]
        return widened(self.b, _read(self.b, self.act, at, width), width)

    def _partial(self, g: int, slot: SSAValue) -> SSAValue:
        at = [self.b.value(g), slot]
        return self._f(memref.LoadOp.get(self.partials, at))

    def _store_partial(self, value: SSAValue, slot: Index) -> None:
        at = [self.subgroup, self.b.value(slot)]
        self.b.emit(memref.StoreOp.get(value, self.partials, at))

    def _f(self, op: Operation) -> SSAValue:
        return self.b.emit(op).results[0]

    def _sum(self, value: SSAValue, width: int) -> SSAValue:
        """The sum of a vector's components (the value itself for width 1)."""
        if width == 1:
            return value
        total = self._f(vector.ExtractOp(value, [0], F32))
        for i in range(1, width):
            part = self._f(vector.ExtractOp(value, [i], F32))
            total = self._f(arith.AddfOp(total, part))
        return total


# --------------------------------------------------------------------------
# Host side
# --------------------------------------------------------------------------


def lower_skinny(
    module: ModuleOp, planned: list[SkinnyPlan], target: Target, explain: bool
) -> None:
    """Each planned skinny product becomes the launch(es) of its kernel(s)."""
    pairs = ((p.product.op, p) for p in planned)
    lower_planned(LowerSkinny(module, target, explain, pairs))


class LowerSkinny(LowerPlanned[SkinnyPlan]):
    """A planned small-M product (and its fill) on memrefs -> a
    `gpu.launch_func` of its skinny kernel; with K slices, an f32 workspace
    `memref.alloc`, the partial kernel's launch, split_k.py's reduction
    kernel's launch and the `memref.dealloc`."""

    def lower(self, plan: SkinnyPlan, rewriter: PatternRewriter) -> None:
        p = plan.product
        op = p.op
        if self.explain:
            remark(op, plan.describe())
        kernels, name = new_kernel(rewriter, self.module, op, "_skinny")
        if plan.cooperative_vector:
            operands = [p.act, p.weight, p.out]
            kernel = build_coopvec_kernel(name, plan, operands)
            (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
            grid = coopvec_grid(plan)
            replace_by_launch(rewriter, op, symbol, grid, COOPVEC_THREADS, operands)
            erase_fill_op(rewriter, p.fill)
            return
        out_type = p.out.type
        assert isinstance(out_type, MemRefType)
        if plan.slices == 1:
            epilogue = None
            if fuses_epilogue(plan):
                assert p.matmul is not None  # fuses_epilogue says so
                epilogue = match_epilogue(p.matmul, PER_ELEMENT)
            operands = [p.act, p.weight, p.out]
            if epilogue is not None:
                epilogue.hoist(rewriter, p.matmul, views=False)
                operands = epilogue.kernel_operands(p.matmul)
            weights = _weights(plan, operands)
            kernel = build_skinny_kernel(name, plan, operands, epilogue, weights)
            (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
            launched = weights.launched(operands)
            replace_by_launch(rewriter, op, symbol, plan.grid(), plan.threads, launched)
            erase_fill_op(rewriter, p.fill)
            if epilogue is not None:
                epilogue.remove_fused(rewriter)
            if p.decode is not None:
                p.decode.remove(rewriter)
            return
        workspace_type = MemRefType(F32, [plan.slices, *out_type.get_shape()])
        workspace = memref.AllocOp.get(F32, shape=workspace_type.get_shape())
        operands = [p.act, p.weight, workspace.memref]
        weights = _weights(plan, operands)
        kernel = build_skinny_kernel(name, plan, operands, weights=weights)
        reduction = reduction_kernel(
            free_name(kernels, f"{name}_reduce"), out_type, p.fill_value, workspace_type
        )
        symbol, reduce_symbol = add_kernels(rewriter, kernels, [kernel, reduction], op)
        after = op.next_op
        assert after is not None  # the function's terminator at the latest
        _insert(rewriter, workspace, before=op, at=op)
        launch_reduction(rewriter, op, p.out, reduce_symbol, workspace.memref, after)
        _insert(rewriter, memref.DeallocOp.get(workspace.memref), before=after, at=op)
        launched = weights.launched(operands)
        replace_by_launch(rewriter, op, symbol, plan.grid(), plan.threads, launched)
        erase_fill_op(rewriter, p.fill)
        if p.decode is not None:
            p.decode.remove(rewriter)


def _weights(plan: SkinnyPlan, operands: list[SSAValue]) -> WeightFormat:
    """How the kernel of `plan`, taking `operands`, reads its weight."""
    return WeightFormat(plan.product.decode, tuple(operands))


def _insert(
    rewriter: PatternRewriter, new: Operation, before: Operation, at: Operation
) -> None:
    new.location = at.location
    rewriter.insert(new, InsertPoint.before(before))
