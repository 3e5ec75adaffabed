"""`dynamic-versions=2`: a matmul with run-time sizes gets a second kernel,
the run-time branch's fast code alone (`@matmul_aligned`), and the host
launches it when M, N and K are multiples of the tile (interior_branch.py,
launch.py), else the one-kernel form. Dynamic convolutions (the GEMM of
their implicit im2col) get the same pair.

L0, L1 and L2 agree with numpy at sizes that take each arm (multiples of
the tile; ragged M and N; K not a multiple; 1; primes) for matmul,
transposed operands and batch_matmul; each arm is shown to be the one that
runs by emptying the other kernel; both kernels pass spirv-val (h100-vulkan,
KHR and NV matrices, and lavapipe's SIMT); the SIMT kernels run on lavapipe,
where the runtime's evaluation of the host `scf.if` launches the expected
kernel."""

from __future__ import annotations

import numpy as np
import pytest
import support.dynamic_convolutions as conv
from support import convolution_programs, lowering
from support.dynamic_matmuls import check, lowered, operands, run_on_lavapipe, source
from support.tiers import sample
from xdsl.dialects import gpu

from coopmlir.dialects import registry
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

CONFIGS = [
    dict(tile="32x32x32", subgroups="2x1", stages=0),
    dict(tile="32x32x32", subgroups="1x1", stages=1),
    dict(tile="32x32x32", subgroups="2x1", stages=2),
]

# (M, N, K), and whether the host launches @matmul_aligned (tile 32x32x32).
SIZES = [
    ((64, 64, 64), True),
    ((32, 96, 32), True),
    ((80, 48, 64), False),  # edge tiles in M and N
    ((64, 64, 40), False),  # K % 32 != 0
    ((64, 36, 32), False),  # N % 32 != 0 (B's rows not whole chunks either)
    ((1, 1, 1), False),
    ((7, 13, 5), False),
    ((37, 41, 43), False),  # primes
]


def _versions(options: dict) -> dict:
    return dict(options, dynamic_versions=2)


def _kernel(module, name: str) -> gpu.FuncOp:
    (kernel,) = [
        op
        for op in module.walk()
        if isinstance(op, gpu.FuncOp) and op.sym_name.data == name
    ]
    return kernel


def _empty(kernel: gpu.FuncOp) -> None:
    """Leave only the `gpu.return` of a kernel: it then writes nothing."""
    block = kernel.body.block
    for op in reversed(list(block.ops)[:-1]):
        op.detach()
        op.erase(safe_erase=False)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"s{o['stages']}")
@pytest.mark.parametrize("form", ["matmul", "ab", "batch"])
def test_every_level_at_every_size(form, options):
    """L0, L1 and L2 against numpy at sizes that take either kernel."""
    levels = {
        "L0": registry.parse_module(source(form), "input.mlir"),
        "L1": lowered(form, "generic", _versions(options), simt=False),
        "L2": lowered(form, "generic", _versions(options), simt=True),
    }
    for (m, n, k), _ in SIZES:
        inputs, want = operands(form, m, n, k)
        for level, module in levels.items():
            args = [x.copy() for x in inputs]
            run_function(module, "matmul", args)
            check(args[2], want, k, f"{level} {form} at {m}x{n}x{k}")


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"s{o['stages']}")
@pytest.mark.parametrize("keep", ["matmul_aligned", "matmul"])
def test_the_host_launches_one_kernel_per_size(keep, options):
    """With the other kernel emptied, `keep` alone computes C exactly at
    the sizes it is launched for, and C keeps its input at the others."""
    module = lowered("matmul", "generic", _versions(options), simt=False)
    other = "matmul" if keep == "matmul_aligned" else "matmul_aligned"
    _empty(_kernel(module, other))
    for (m, n, k), aligned in SIZES:
        inputs, want = operands("matmul", m, n, k)
        before = inputs[2].copy()
        run_function(module, "matmul", inputs)
        if aligned == (keep == "matmul_aligned"):
            check(inputs[2], want, k, f"{keep} at {m}x{n}x{k}")
        else:
            assert np.array_equal(inputs[2], before), f"{keep} ran at {m}x{n}x{k}"


def test_the_aligned_kernel_has_no_checked_code():
    """No branch and no checked access: the code a static, aligned problem
    gets, with K (the loop bound) its only run-time size."""
    module = lowered("matmul", "generic", _versions(CONFIGS[2]), simt=False)
    kernel = _kernel(module, "matmul_aligned")
    names = [op.name for op in kernel.walk()]
    assert "scf.if" not in names and "memref.load" not in names
    assert names.count("memref.dim") == 1
    assert "checked" not in str(kernel)


@pytest.mark.parametrize("coopmat", ["khr", "nv"])
@pytest.mark.parametrize("form", ["matmul", "ab", "batch"])
def test_h100_kernels_validate(form, coopmat):
    """Both kernels of every configuration pass spirv-val."""
    for options in CONFIGS:
        module = lowered(form, "h100-vulkan", _versions(options), simt=False)
        kernels = {k.name: k for k in compile_kernels(module, coopmat=coopmat)}
        assert set(kernels) == {"matmul", "matmul_aligned"}
        for kernel in kernels.values():
            validate(kernel.spirv)
            assert kernel.push_constant_sizes  # sizes come at run time


# Default tier: stages 0 and 2, a plain and a batch product.
@pytest.mark.parametrize(
    ("form", "options"),
    sample(
        [("matmul", CONFIGS[0]), ("matmul", CONFIGS[2]), ("ab", CONFIGS[1])]
        + [("batch", CONFIGS[2])],
        keep=[0, 3],
        ids=lambda case: f"{case[0]}-s{case[1]['stages']}",
        unpack=True,
    ),
)
def test_simt_kernels_run_on_vulkan(form, options):
    """lavapipe: every size right, launched on the kernel SIZES names."""
    sizes = [size for size, _ in SIZES]
    kernels, timings = run_on_lavapipe(form, _versions(options), sizes)
    assert set(kernels) == {"matmul", "matmul_aligned"}
    for (size, aligned), (timing,) in zip(SIZES, timings, strict=True):
        expected = "matmul_aligned" if aligned else "matmul"
        assert timing.kernel == expected, f"{form} at {size}"


# Convolutions with a run-time batch and image (M = N * OH * OW): 3x3 and
# 1x1, sizes (N, H, W) whose M is a multiple of the 32-row tile (aligned)
# or not.
CONVOLUTIONS = [
    (0, [((2, 6, 6), True), ((1, 3, 3), False), ((2, 7, 5), False)]),
    (5, [((2, 4, 4), True), ((1, 1, 1), False), ((3, 7, 2), False)]),
]


@pytest.mark.parametrize("stages", [1, 2])
@pytest.mark.parametrize(("index", "sizes"), CONVOLUTIONS, ids=["3x3", "1x1"])
def test_convolutions_take_each_kernel(index, sizes, stages):
    """L1 and L2 against numpy at each size; the aligned kernel alone (the
    other emptied) computes the aligned sizes; h100-vulkan's KHR kernels
    pass spirv-val."""
    case = conv.CASES[index][0]
    source = conv.dynamic_source(case)
    options = f"stages={stages} tile=32x16x16 subgroups=1x1 dynamic-versions=2"
    spec = f"lower-to-coopmat{{target=lavapipe {options}}}"
    levels = {"L1": lowering.lowered(source, spec)}
    levels["L2"] = lowering.lowered(source, f"{spec},coopmat-to-simt")
    alone = lowering.lowered(source, spec)
    _empty(_kernel(alone, "conv"))
    for size, aligned in sizes:
        (x, w, y), want = conv.operands(case, size)
        for level, module in levels.items():
            out = [x, w, y.copy()]
            run_function(module, "conv", out)
            try:
                convolution_programs.check(conv.static_case(case, size), out[2], want)
            except AssertionError as err:
                raise AssertionError(f"{level} at {size}: {err}") from None
        out = [x, w, y.copy()]
        run_function(alone, "conv", out)
        if aligned:
            convolution_programs.check(conv.static_case(case, size), out[2], want)
        else:
            assert np.array_equal(out[2], y), f"@conv_aligned ran at {size}"
    h100 = lowering.lowered(source, f"lower-to-coopmat{{target=h100-vulkan {options}}}")
    kernels = compile_kernels(h100, coopmat="khr")
    assert {k.name for k in kernels} == {"conv", "conv_aligned"}
    for kernel in kernels:
        validate(kernel.spirv)
