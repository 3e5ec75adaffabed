"""Operands copied transposed before their product (`pretranspose=`).

    %t = memref.alloc() : memref<[batch x] N x K x i8>      // B was K x N
    gpu.launch_func @k::@f_transpose_b (B, %t)             // transpose_kernel.py
    gpu.launch_func @k::@f (A, %t, C)                      // reads B as N x K
    memref.dealloc %t                                      // at the block's end

The product's kernel then reads the copy, stored the other way (`transposed`
flipped), and is planned for that layout.

Left out, the rules are the target's (`Target.pretranspose_rules`:
NVIDIA's driver), for products of at least `WORK` multiply-adds, so that
the copy's launch is small beside them:

- NVIDIA loads an 8-bit fragment at full speed only from K-contiguous
  rows, so an 8-bit operand stored with K not contiguous (A as K x M, B as
  K x N) is copied where the other side (N for A, M for B) is at least
  `REUSE` long: the copy's bytes are read back that many times. On an
  H200 i8 8192^3 ran at 367 TFLOP/s with B stored K x N and read so, at
  572 with B copied first (the copy 0.05 of its 1.92 ms), and at 588 with
  B stored N x K.
- A 16-bit float A (f16, bf16) is staged faster from rows of M elements
  than from rows of K, so such an A stored M x K is copied to K x M where
  N is at least `F16_REUSE` and B is stored K x N: f16 -> f32 8192^3 283
  -> 308 TFLOP/s, 4096^3 281 -> 299, 2048x11008x4096 277 -> 294, f16 ->
  f16 8192^3 385 -> 403; bf16 -> f32 8192^3 293 -> 319, 4096^3 288 -> 305,
  2048x11008x4096 282 -> 297 (copy included); at N = 3072 it gained 3%,
  at N = 768 it lost 26% (the copy of an 8192 x 3072 A against a product
  of 0.14 ms). With B as N x K (nn.Linear's form) the copy gains 0-2% at
  8192^3 and 4096^3 and loses 3% at 2048x11008x4096 (f16 and bf16), so
  such products read A as stored.

(bench/RESULTS.md, "Twenty-first session" and "Twenty-second session".)

`pretranspose=a|b|ab` copies those operands whatever their type and
layout (for measurements), `none` none. An operand that cannot be copied
(a run-time size, decoded in the load, a convolution's implicit im2col, a
kernel other than the fragment kernel) stays as it is, with a remark where
the option asked for it.
"""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects import memref
from xdsl.dialects.builtin import BFloat16Type, Float16Type, MemRefType, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.passes.lower_to_coopmat.kernel_skeleton import (
    add_kernels,
    new_kernel,
    remark,
)
from coopmlir.passes.lower_to_coopmat.matching import Matmul, byte_size
from coopmlir.passes.lower_to_coopmat.transpose_kernel import (
    build_transpose_kernel,
    launch_transpose,
)
from coopmlir.targets import Target
from coopmlir.tiling import TileConfig

#: pretranspose= values: which of (A, B) to copy transposed.
CHOICES = {"none": (False, False), "a": (True, False), "b": (False, True)}
CHOICES["ab"] = (True, True)
#: The least length of the other side (N for A, M for B) that repays a copy.
#: The copy of 8192 x 8192 bytes takes about 0.05 ms on an H200 and the
#: product then saves about 1e-15 s per FLOP, so a copy pays from about
#: 430 rows: 512x8192x8192 ran 0.182 ms with it, 0.193 without
#: ("Twenty-first session").
REUSE = 512
#: The least N that repays copying a 16-bit float A (the product gains
#: 5-9%, less than an 8-bit one's 50%).
F16_REUSE = 4096
#: The least multiply-adds (M N K) that repay a copy's launch.
WORK = 2**32


def pretransposed(
    matmul: Matmul,
    config: object,
    target: Target,
    option: str | None,
    explain: bool = False,
    spec_constants: bool = False,
) -> Matmul | None:
    """`matmul` reading the operands `option` (or, left out, the target's
    rule) names from transposed copies; None if it reads none. `explain`:
    a remark says which and why."""
    asked = CHOICES[option] if option is not None else None
    wanted = asked if asked is not None else _by_rule(matmul, target)
    why = "spec-constants=true" if spec_constants else _refusal(matmul, config)
    if why is not None:
        if asked is not None and any(asked):
            remark(matmul.op, f"pretranspose={option} is not applied: {why}")
        return None
    if not any(wanted):
        return None
    if explain:
        names = " and ".join(n for n, w in zip("AB", wanted, strict=True) if w)
        why = f"pretranspose={option}" if asked is not None else _reason(matmul, target)
        remark(matmul.op, f"{names} copied transposed before the product ({why})")
    flipped = tuple(t != w for t, w in zip(matmul.transposed[:2], wanted, strict=True))
    transposed = (*flipped, matmul.transposed[2])
    return replace(matmul, transposed=transposed, pretransposed=wanted)  # type: ignore[arg-type]


def _by_rule(matmul: Matmul, target: Target) -> tuple[bool, bool]:
    """The target's rules of the module doc."""
    if not target.pretranspose_rules:
        return (False, False)
    if matmul.m * matmul.n * matmul.k * (matmul.batch or 1) < WORK:
        return (False, False)
    a_transposed, b_transposed = matmul.transposed[:2]
    if byte_size(matmul.a_elem) == 1:
        return (
            a_transposed and matmul.n >= REUSE,
            not b_transposed and matmul.m >= REUSE,
        )
    if isinstance(matmul.a_elem, Float16Type | BFloat16Type):
        wide = not b_transposed and matmul.n >= F16_REUSE
        return (not a_transposed and wide, False)
    return (False, False)


def _reason(matmul: Matmul, target: Target) -> str:
    """Why the target's rule copies `matmul`'s operands, for `explain`."""
    if byte_size(matmul.a_elem) == 1:
        return (
            "8-bit fragments load at full speed from K-contiguous rows only on "
            + target.name
        )
    return f"a 16-bit A stages faster from rows of M elements on {target.name}"


def _refusal(matmul: Matmul, config: object) -> str | None:
    """Why `matmul`'s operands cannot be read from copies, or None."""
    if not isinstance(config, TileConfig):
        return "only the fragment kernel reads a copy"
    if matmul.dynamic:
        return "a run-time size"
    if matmul.a_address is not None or matmul.b_address is not None:
        return "a convolution's implicit im2col"
    if matmul.a_decode is not None or matmul.b_decode is not None:
        return "an operand decoded in the load"
    return None


def stage_pretransposes(
    rewriter: PatternRewriter, module: ModuleOp, matmul: Matmul
) -> Matmul:
    """The copies `matmul.pretransposed` names, allocated and launched
    before it (and its fill); `matmul` reading them."""
    if not any(matmul.pretransposed):
        return matmul
    op = matmul.op
    first = matmul.fill or op
    end = op.parent_block().last_op  # type: ignore[union-attr]
    assert end is not None
    staged = list(matmul.operands[:2])
    for index, wanted in enumerate(matmul.pretransposed):
        if wanted:
            staged[index] = _copy(
                rewriter, module, op, staged[index], "ab"[index], first, end
            )
    return replace(matmul, staged=(staged[0], staged[1]))


def _copy(
    rewriter: PatternRewriter,
    module: ModuleOp,
    op: Operation,
    source: SSAValue,
    name: str,
    before: Operation,
    end: Operation,
) -> SSAValue:
    """A transposed copy of `source` made before `before`, freed before `end`."""
    src = source.type
    assert isinstance(src, MemRefType)
    *batch, rows, cols = src.get_shape()
    dst = MemRefType(src.element_type, [*batch, cols, rows])
    kernels, kernel_name = new_kernel(rewriter, module, op, f"_transpose_{name}")
    kernel = build_transpose_kernel(kernel_name, src, dst)
    (symbol,) = add_kernels(rewriter, kernels, [kernel], op)
    alloc = memref.AllocOp.get(dst.element_type, shape=dst.get_shape())
    alloc.location = op.location
    rewriter.insert(alloc, InsertPoint.before(before))
    launch_transpose(rewriter, before, symbol, source, alloc.memref)
    dealloc = memref.DeallocOp.get(alloc.memref)
    dealloc.location = op.location
    rewriter.insert(dealloc, InsertPoint.before(end))
    return alloc.memref
