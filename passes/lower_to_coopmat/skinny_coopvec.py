"""The skinny product through cooperative vectors (`skinny-coopvec=true`;
docs/kernels.md, issue 28 part 4): work-item t of the launch takes
activation row m = t mod M and ROWS outputs n0 = ROWS * (t / M) of an
nn.Linear weight W [N, K], and computes them with `coopmat.matvec_value`
(OpCooperativeVectorMatrixMulNV). The M work-items of one slab are
neighbours, so a subgroup's work-items share W's rows, which is what lets
the driver run them on the matrix units. The weight stays row-major, so the
host converts nothing. Vulkan bounds a cooperative vector by the device's
maxCooperativeVectorComponents (RuntimeSpirv VUID 10094,
at least 128), so K is taken in chunks of C components: each chunk's
product is a vector<16 x R>, widened to f32 and summed over the chunks in
registers (an `scf.for` carrying a vector<16xf32>), then converted once to
the output's type and stored.

R, the chunk's result type, is what the device takes (`chunk_result`): f32
where it lists f16*f16->f32, else f16 where it lists only f16*f16->f16 (the
H200's driver), and the output's type where the list is unknown (built-in
targets: the product they took before). With R = f16 each chunk's dot
product of C components rounds to f16 once (a relative error up to 2^-11
of the chunk's sum) before the f32 sum; with R = f32 only the output
rounds."""

from __future__ import annotations

import math

from xdsl.dialects import arith, gpu, scf, vector
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    MemRefType,
    VectorType,
    f16,
    f32,
)
from xdsl.ir import Block, Region, SSAValue

from coopmlir.dialects.coopmat_matvec import MatvecValueOp
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.passes.lower_to_coopmat.skinny_plan import SkinnyPlan
from coopmlir.targets import Target

#: Outputs per work-item (the cooperative vector's length M).
ROWS = 16
#: Work-items per workgroup.
THREADS = 64


#: The cooperative-vector length every device takes (Vulkan's minimum of
#: maxCooperativeVectorComponents): the chunk where the limit is unknown.
GUARANTEED_COMPONENTS = 128


def coopvec_refusal(
    plan: SkinnyPlan, target: Target, chunk: int | None = None
) -> str | None:
    """Why `skinny-coopvec` cannot take `plan`'s product on `target` in
    chunks of `chunk` components of K (None: chosen, `coopvec_chunk`)."""
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
    why = _chunk_refusal(p.k, chunk, target)
    if why is not None:
        return why
    return _device_refusal(target)


#: Components of a chunk of K are a multiple of this: a chunk starts at
#: byte 2 * CHUNK_ALIGN * i of W's row, and MatrixOffset must be 64-byte
#: aligned (VUID-RuntimeSpirv-OpCooperativeVectorMatrixMulNV-10097).
CHUNK_ALIGN = 32


def _components(target: Target) -> int:
    """The longest cooperative vector `target` takes (the least Vulkan
    guarantees where it is not known)."""
    limit = target.cooperative_vector_components
    return GUARANTEED_COMPONENTS if limit is None else limit


def coopvec_chunk(k: int, target: Target) -> int | None:
    """The default chunk: K where it fits, else the largest multiple of 32
    that divides K and fits (None: none does)."""
    limit = _components(target)
    if k <= limit:
        return k
    fits = [c for c in range(CHUNK_ALIGN, limit + 1, CHUNK_ALIGN) if k % c == 0]
    return max(fits, default=None)


def _chunk_refusal(k: int, chunk: int | None, target: Target) -> str | None:
    """Why K cannot be taken in chunks of `chunk` (None: the default): a
    chunk shorter than K must divide it and be a multiple of 32, and a
    queried device bounds it (a built-in target does not know its limit:
    not checked)."""
    limit = target.cooperative_vector_components
    if chunk is None:
        if coopvec_chunk(k, target) is not None:
            return None
        return (
            f"skinny-coopvec=true takes K = {k} in chunks of at most "
            f"{_components(target)} components (target '{target.name}'), "
            f"each a multiple of {CHUNK_ALIGN} (64-byte matrix offsets), "
            "and none divides K"
        )
    if chunk != k and (chunk < CHUNK_ALIGN or chunk % CHUNK_ALIGN or k % chunk):
        return (
            f"skinny-coopvec=true: coopvec-chunk={chunk} must be K = {k} or "
            f"divide it and be a multiple of {CHUNK_ALIGN} (a chunk's matrix "
            "offset must be 64-byte aligned)"
        )
    if limit is not None and chunk > limit:
        return (
            f"skinny-coopvec=true: coopvec-chunk={chunk} is above the "
            f"{limit} components of target '{target.name}', "
            f"{target.description} (maxCooperativeVectorComponents)"
        )
    return None


def chunk_result(output: str, target: Target) -> str | None:
    """The type of each chunk's product (module doc): "f32" where the
    device lists f16*f16->f32, else "f16" where it lists f16*f16->f16,
    `output` where the list is unknown, None where it lists neither."""
    listed = target.cooperative_vector_products
    if listed is None:
        return output
    for result in ("f32", "f16"):
        if ("f16", "f16", "f16", result) in listed:
            return result
    return None


def _device_refusal(target: Target) -> str | None:
    """Why the device's reported products refuse the product (None where the
    target does not know them: the built-in targets)."""
    device = f"target '{target.name}', {target.description},"
    limit = target.cooperative_vector_components
    if limit is not None and ROWS > limit:
        return (
            f"skinny-coopvec=true stores {ROWS} outputs as one cooperative "
            f"vector; {device} takes at most {limit} components "
            "(maxCooperativeVectorComponents)"
        )
    listed = target.cooperative_vector_products
    if listed is not None and chunk_result("f32", target) is None:
        offered = ", ".join(f"{x} as {i}*{w}->{r}" for x, i, w, r in listed)
        return (
            "skinny-coopvec=true needs cooperative-vector products f16 as "
            f"f16*f16->f32 or f16 as f16*f16->f16, which {device} lists "
            f"neither of (it lists: {offered or 'none'})"
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
        y_at = [m, n0] if out_type.get_num_dims() == 2 else [n0]
        chunk = plan.vector_chunk or p.k
        result = VectorType(f16 if plan.vector_result == "f16" else f32, [ROWS])
        wide = VectorType(f32, [ROWS])

        def product(k0: SSAValue) -> SSAValue:
            """Chunk k0's product, in f32."""
            x_at = [m, k0] if act_type.get_num_dims() == 2 else [k0]
            op = b.emit(MatvecValueOp(weight, (n0, k0), act, x_at, result, chunk))
            if result == wide:
                return op.results[0]
            return b.emit(arith.ExtFOp(op.results[0], wide)).results[0]

        def add_chunk(k0: SSAValue, total: list[SSAValue]) -> list[SSAValue]:
            return [b.emit(arith.AddfOp(total[0], product(k0))).results[0]]

        total = product(zero)
        if chunk < p.k:
            (total,) = b.loop(chunk, p.k, chunk, [total], add_chunk)
        stored = VectorType(out_type.get_element_type(), [ROWS])
        if stored != wide:
            total = b.emit(arith.TruncFOp(total, stored)).results[0]
        b.emit(vector.StoreOp(total, out, y_at))
        b.emit(scf.YieldOp())
    b.emit(gpu.ReturnOp([]))
    return kernel


def check_coopvec(
    plan: SkinnyPlan, target: Target, chunk: int | None
) -> tuple[int, str]:
    """The chunk of K `skinny-coopvec=true` takes (`chunk` where given) and
    its product's type (`chunk_result`); a located error where it cannot
    take the plan."""
    why = coopvec_refusal(plan, target, chunk)
    if why is not None:
        raise error(plan.product.op, why)
    chosen = chunk or coopvec_chunk(plan.product.k, target)
    output = _name(plan.product.out.type.get_element_type())  # type: ignore[attr-defined]
    result = chunk_result(output, target)
    assert chosen is not None and result is not None  # refused otherwise
    return chosen, result
