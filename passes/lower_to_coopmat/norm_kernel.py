"""`coopmlir.layer_norm` / `coopmlir.rms_norm` as one row kernel (SIMT, no
coopmat): subgroup s of workgroup w normalizes row r = w * SUBGROUPS + s
(guarded where the rows run out), its lanes striding over the row, W
elements per access (`NormPlan.width`: a 16-byte vector where S * W divides
the row, else 1; sums kept per component, added up before the butterfly):

    k = x[r, 0]                         // layer norm: a shift for the sums
    for j = lane * W; j < n; j += S * W:  // the first read of the row
      d = f32(x[r, j:j+W]) - k;  s1 += d;  s2 += d * d
    s1, s2 = butterfly sums (gpu.shuffle xor over the S lanes)
    layer: mean = k + s1 / n,  var = max(s2 / n - (s1 / n)^2, 0)
    rms:   mean = 0,           var = s2 / n        (no k, no s1)
    rstd = rsqrt(var + eps)
    for j = lane * W; j < n; j += S * W:  // the second read, and the only write
      out[r, j:j+W] = T((f32(x[r, j:j+W]) - mean) * rstd * gamma[j:j+W] + beta[j:j+W])

Sums over x - k (k a sample of the row) keep the one-pass variance as
accurate as the two-pass one where the mean is large against the spread,
and the row is read twice (statistics, output), not three times.
"""

from __future__ import annotations

from xdsl.dialects import arith, gpu, math, memref, scf, vector
from xdsl.dialects.builtin import Float32Type, MemRefType, ModuleOp, VectorType
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects.gpu_subgroup import LaneIdOp
from coopmlir.dialects.kernel_abi import set_subgroup_size
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    kernel_function,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.launch import replace_by_launch
from coopmlir.passes.lower_to_coopmat.norm_plan import SUBGROUPS, NormPlan
from coopmlir.passes.lower_to_coopmat.rewriting import LowerPlanned, lower_planned
from coopmlir.targets import Target

F32 = Float32Type()


def build_norm_kernel(name: str, plan: NormPlan) -> gpu.FuncOp:
    """The `gpu.func` of the module doc, taking the op's operands."""
    kernel = kernel_function(name, [v.type for v in plan.op.operands], plan.threads)
    # The butterflies assume the target's subgroup size: the kernel asks for it.
    set_subgroup_size(kernel, plan.subgroup)
    b = KernelBuilder(kernel.body.block)
    row = b.add(
        b.mul(b.gpu_id(gpu.BlockIdOp, "x"), SUBGROUPS), b.gpu_id(gpu.SubgroupIdOp)
    )
    assert isinstance(row, SSAValue)
    if plan.rows_checked:
        inside = Block()
        b.emit(scf.IfOp(b.below(row, plan.rows), [], Region(inside)))
        with b.inside(inside):
            _RowKernel(b, plan, kernel.body.block.args, row).build()
            b.emit(scf.YieldOp())
    else:
        _RowKernel(b, plan, kernel.body.block.args, row).build()
    b.emit(gpu.ReturnOp([]))
    return kernel


class _RowKernel:
    """Emits the work of the subgroup that owns `row` (module doc)."""

    def __init__(self, b: KernelBuilder, plan: NormPlan, args, row: SSAValue):
        self.b, self.plan, self.row = b, plan, row
        op = plan.op
        self.x, *vectors, self.out = args
        self.scale = vectors[0] if op.scale is not None else None
        self.shift = vectors[1] if op.shift is not None else None
        self.lead = self._lead_indices(row)

    def build(self) -> None:
        b, plan = self.b, self.plan
        w = plan.width
        first = b.mul(b.gpu_id(LaneIdOp), w)
        zero = b.constant(0.0, F32)
        inv_n = b.constant(1.0 / plan.cols, F32)
        shift = self._scalar(self.x, 0) if plan.op.CENTERED else None
        shift_w = self._splat(shift) if shift is not None else None

        def statistics(col: SSAValue, sums: list[SSAValue]) -> list[SSAValue]:
            d = self._load(self.x, col)
            if shift_w is not None:
                d = self._f(arith.SubfOp(d, shift_w))
            squares = self._f(arith.AddfOp(sums[-1], self._f(arith.MulfOp(d, d))))
            if shift is None:
                return [squares]
            return [self._f(arith.AddfOp(sums[0], d)), squares]

        carried = [self._splat(zero)] * (2 if shift is not None else 1)
        step = plan.subgroup * w
        sums = b.loop(first, plan.cols, step, carried, statistics)
        sums = [b.subgroup_sum(self._components_sum(s), plan.subgroup) for s in sums]
        variance = self._f(arith.MulfOp(sums[-1], inv_n))
        mean: SSAValue | None = None
        if shift is not None:
            m1 = self._f(arith.MulfOp(sums[0], inv_n))
            mean = self._splat(self._f(arith.AddfOp(shift, m1)))
            variance = self._f(arith.SubfOp(variance, self._f(arith.MulfOp(m1, m1))))
            variance = self._f(arith.MaximumfOp(variance, zero))
        epsilon = b.constant(plan.op.epsilon.value.data, F32)
        rstd = math.RsqrtOp(self._f(arith.AddfOp(variance, epsilon)))
        rstd = self._splat(self._f(rstd))

        def normalize(col: SSAValue, _: list[SSAValue]) -> list[SSAValue]:
            y = self._load(self.x, col)
            if mean is not None:
                y = self._f(arith.SubfOp(y, mean))
            y = self._f(arith.MulfOp(y, rstd))
            if self.scale is not None:
                y = self._f(
                    arith.MulfOp(y, self._load(self.scale, col, row_vector=True))
                )
            if self.shift is not None:
                y = self._f(
                    arith.AddfOp(y, self._load(self.shift, col, row_vector=True))
                )
            self._store(y, col)
            return []

        b.loop(first, plan.cols, step, [], normalize)

    def _f(self, op) -> SSAValue:
        return self.b.emit(op).results[0]

    def _lead_indices(self, row: SSAValue) -> list[Index]:
        """The indices of `row` in the leading dimensions (the last fastest)."""
        b, lead = self.b, self.plan.shape[:-1]
        indices: list[Index] = []
        rest: Index = row
        for position, size in enumerate(reversed(lead)):
            if position == len(lead) - 1:
                indices.append(rest)
            else:
                indices.append(b.rem(rest, size))
                rest = b.div(rest, size)
        return list(reversed(indices))

    def _typed(self, element: Attribute) -> Attribute:
        """`element`, or a vector of `plan.width` of them."""
        w = self.plan.width
        return element if w == 1 else VectorType(element, [w])

    def _splat(self, value: SSAValue) -> SSAValue:
        """A scalar f32 as the compute type (broadcast to a vector)."""
        if self.plan.width == 1:
            return value
        return self._f(vector.BroadcastOp(value, self._typed(F32)))

    def _components_sum(self, value: SSAValue) -> SSAValue:
        """The sum of a lane's components (the value itself for width 1)."""
        return self.b.components_sum(value)

    def _scalar(self, mem: SSAValue, col: Index) -> SSAValue:
        """Element `col` of the row, widened to f32."""
        indices = [self.b.value(i) for i in (*self.lead, col)]
        loaded = self._f(memref.LoadOp.get(mem, indices))
        if isinstance(loaded.type, Float32Type):
            return loaded
        return self._f(arith.ExtFOp(loaded, F32))

    def _load(self, mem: SSAValue, col: Index, row_vector: bool = False) -> SSAValue:
        """`plan.width` elements of the row (or of a row vector) from `col`,
        widened to f32."""
        place = [col] if row_vector else [*self.lead, col]
        indices = [self.b.value(i) for i in place]
        element = mem.type.element_type  # pyright: ignore
        if self.plan.width == 1:
            loaded = self._f(memref.LoadOp.get(mem, indices))
        else:
            loaded = self._f(vector.LoadOp(mem, indices, self._typed(element)))
        if isinstance(element, Float32Type):
            return loaded
        return self._f(arith.ExtFOp(loaded, self._typed(F32)))

    def _store(self, y: SSAValue, col: Index) -> None:
        t = self.out.type
        assert isinstance(t, MemRefType)
        if not isinstance(t.element_type, Float32Type):
            y = self._f(arith.TruncFOp(y, self._typed(t.element_type)))
        indices = [self.b.value(i) for i in (*self.lead, col)]
        if self.plan.width == 1:
            self.b.emit(memref.StoreOp.get(y, self.out, indices))
        else:
            self.b.emit(vector.StoreOp(y, self.out, indices))


def lower_norms(
    module: ModuleOp, planned: list[NormPlan], target: Target, explain: bool
) -> None:
    """Each planned row norm becomes a launch of its kernel."""
    lower_planned(LowerNorm(module, target, explain, ((p.op, p) for p in planned)))


class LowerNorm(LowerPlanned[NormPlan]):
    """A planned `coopmlir.layer_norm` / `rms_norm` (on memrefs) -> a
    `gpu.launch_func` of its row kernel, added to the host's `gpu.module`."""

    def lower(self, plan: NormPlan, rewriter: PatternRewriter) -> None:
        op = plan.op
        if self.explain:
            remark(op, plan.describe())
        kernels, name = new_kernel(rewriter, self.module, op, "_norm")
        (symbol,) = add_kernels(rewriter, kernels, [build_norm_kernel(name, plan)], op)
        replace_by_launch(
            rewriter, op, symbol, plan.grid(), plan.threads, list(op.operands)
        )
