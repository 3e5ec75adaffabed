"""Activations in kernels (test_tanh_expansion.py, test_erfc_expansion.py):
an element-wise kernel of one math op on a 1-D buffer and its run on
lavapipe, and a matmul with a fused bias + activation for the H100's
target."""

from __future__ import annotations

import numpy as np

from coopmlir import targets
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import device_needs, run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from support.epilogue_cases import EpilogueCase
from support.lowering import parse
from support.vulkan_device import require_vulkan


def elementwise_program(
    t: str, body: list[str], constants: list[str] = (), n: int = 1024
) -> str:
    """@f(x, y): y = a linalg.generic over n elements of type `t` whose
    body lines compute `%r` from `%a` (each line's type written as `{t}`),
    with the `constants` lines (arith.constant ops) before it."""
    lines = "".join(f"    {line.format(t=t)}\n" for line in body)
    prelude = "".join(f"  {line.format(t=t)}\n" for line in constants)
    memref = f"memref<{n}x{t}>"
    return (
        f"func.func @f(%x: {memref}, %y: {memref}) {{\n{prelude}"
        "  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, "
        'affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}\n'
        f"      ins(%x : {memref}) outs(%y : {memref}) {{\n"
        f"  ^bb0(%a: {t}, %o: {t}):\n{lines}"
        f"    linalg.yield %r : {t}\n  }}\n  func.return\n}}\n"
    )


def unary_program(op: str, t: str, n: int = 1024) -> str:
    """@f(x, y): y = op(x) element-wise, for the math op `op` (e.g.
    "math.tanh") on n elements of type `t`."""
    return elementwise_program(t, [f"%r = {op} %a : {{t}}"], n=n)


def lowered(text: str, **options):
    """`text` through lower-to-coopmat for lavapipe (with `options`)."""
    module = parse(text)
    LowerToCoopmat(**options).lower(module, targets.get_target("lavapipe"))
    return module


def run_on_lavapipe(module, x: np.ndarray) -> np.ndarray:
    """@f of the lowered `module` on `x`, its kernels validated by
    spirv-val first; the output."""
    require_vulkan()
    kernels = {k.name: k for k in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    arrays = [x, np.zeros_like(x)]
    needs, extensions = device_needs(kernels)
    with VulkanDevice(needs=needs, extensions=extensions) as gpu:
        run_host_function(module, "f", kernels, arrays, gpu)
    return arrays[1]


def fused_epilogue(activation: str, inputs: str) -> tuple[object, EpilogueCase]:
    """A 64x48x32 matmul of `inputs` (f16 or bf16) with a row bias of that
    type and `activation` (an epilogue_cases name) fused, output in that
    type, lowered for h100-vulkan (32x16x16 tiles of 2x1 subgroups): the
    module and its case (arguments, reference and check)."""
    case = EpilogueCase(
        64,
        48,
        32,
        bias="row",
        activation=activation,
        inputs=inputs,
        out=inputs,
        bias_type=inputs,
    )
    module = parse(case.source())
    LowerToCoopmat(tile="32x16x16", subgroups="2x1").lower(
        module, targets.get_target("h100-vulkan")
    )
    return module, case
