"""The skinny product through cooperative vectors (`skinny-coopvec=true`;
docs/kernels.md, issue 28 part 4): work-item t of the launch takes
activation row m = t mod M and ROWS outputs n0 = ROWS * (t / M) of an
nn.Linear weight W [N, K], and computes them with one `coopmat.matvec`
(OpCooperativeVectorMatrixMulNV). The M work-items of one slab are
neighbours, so a subgroup's work-items share W's rows, which is what lets
the driver run them on the matrix units. K is taken whole; the weight stays
row-major, so the host converts nothing."""

from __future__ import annotations

import math

from xdsl.dialects import gpu, scf
from xdsl.dialects.builtin import Float16Type, Float32Type, MemRefType
from xdsl.ir import Block, Region, SSAValue

from coopmlir.dialects.coopmat_matvec import MatvecOp
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.skinny_plan import SkinnyPlan
from coopmlir.targets import Target

#: Outputs per work-item (the cooperative vector's length M).
ROWS = 16
#: Work-items per workgroup.
THREADS = 64


def coopvec_refusal(plan: SkinnyPlan, target: Target) -> str | None:
    """Why `skinny-coopvec` cannot take `plan`'s product on `target`."""
    p = plan.product
    if not target.cooperative_vector:
        return (
            f"skinny-coopvec=true needs VK_NV_cooperative_vector, which target "
            f"'{target.name}' does not have"
        )
    elements = [v.type.get_element_type() for v in (p.act, p.weight, p.out)]  # type: ignore[attr-defined]
    if (
        not p.k_contiguous
        or p.decode is not None
        or not all(isinstance(t, Float16Type) for t in elements[:2])
        or not isinstance(elements[2], Float16Type | Float32Type)
    ):
        return (
            "skinny-coopvec=true takes f16 activations times an f16 weight "
            "[N, K] (row-major, not decoded) into f16 or f32"
        )
    if p.fill is None or not _is_zero(p.fill_value):
        return (
            "skinny-coopvec=true writes the product over the output: it takes "
            "products into a zero fill, not ones that add to the output"
        )
    if p.n % ROWS:
        return f"skinny-coopvec=true needs N a multiple of {ROWS}, got {p.n}"
    if p.k % 8:
        # Vulkan: the row stride (2K bytes) of a row-major matrix is 16-byte
        # aligned (VUID-RuntimeSpirv-OpCooperativeVectorMatrixMulNV-10096).
        return f"skinny-coopvec=true needs K a multiple of 8, got {p.k}"
    return _device_refusal(p.k, _name(elements[2]), target)


def _device_refusal(k: int, result: str, target: Target) -> str | None:
    """Why the device's reported limits refuse the product (None where the
    target does not know them: the built-in targets)."""
    device = f"target '{target.name}', {target.description},"
    limit = target.cooperative_vector_components
    if limit is not None and max(k, ROWS) > limit:
        return (
            f"skinny-coopvec=true takes K = {k} whole as one cooperative "
            f"vector; {device} takes at most {limit} components "
            "(maxCooperativeVectorComponents)"
        )
    listed = target.cooperative_vector_products
    wanted = ("f16", "f16", "f16", result)
    if listed is not None and wanted not in listed:
        offered = ", ".join(f"{x} as {i}*{w}->{r}" for x, i, w, r in listed)
        return (
            f"skinny-coopvec=true needs cooperative-vector products f16 as "
            f"f16*f16->{result}, which {device} does not list (it lists: "
            f"{offered or 'none'})"
        )
    return None


def _name(element) -> str:
    return "f16" if isinstance(element, Float16Type) else "f32"


def _is_zero(value) -> bool:
    data = getattr(getattr(value, "value", None), "data", None)
    return data == 0


def coopvec_grid(plan: SkinnyPlan) -> tuple[int, int, int]:
    p = plan.product
    return (math.ceil(p.m * p.n // ROWS / THREADS), 1, 1)


def build_coopvec_kernel(
    name: str, plan: SkinnyPlan, operands: list[SSAValue]
) -> gpu.FuncOp:
    """The `gpu.func` of the module doc, taking (act, weight, out)."""
    p = plan.product
    kernel = kernel_function(name, [v.type for v in operands], THREADS)
    b = KernelBuilder(kernel.body.block)
    act, weight, out = kernel.body.block.args
    block = b.gpu_id(gpu.BlockIdOp, "x")
    t = b.value(b.add(b.mul(block, THREADS), b.gpu_id(gpu.ThreadIdOp, "x")))
    busy = Block()
    b.emit(scf.IfOp(b.below(t, p.m * p.n // ROWS), [], Region(busy)))
    with b.inside(busy):
        m, n0 = b.value(b.rem(t, p.m)), b.value(b.mul(b.div(t, p.m), ROWS))
        zero = b.value(0)
        act_type, out_type = act.type, out.type
        assert isinstance(act_type, MemRefType) and isinstance(out_type, MemRefType)
        x_at = [m, zero] if act_type.get_num_dims() == 2 else [zero]
        y_at = [m, n0] if out_type.get_num_dims() == 2 else [n0]
        b.emit(MatvecOp(weight, (n0, zero), act, x_at, out, y_at, ROWS, p.k))
        b.emit(scf.YieldOp())
    b.emit(gpu.ReturnOp([]))
    return kernel


def check_coopvec(plan: SkinnyPlan, target: Target) -> None:
    """A located error where `skinny-coopvec=true` cannot take the plan."""
    why = coopvec_refusal(plan, target)
    if why is not None:
        raise error(plan.product.op, why)
