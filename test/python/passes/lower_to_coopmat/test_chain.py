"""Fused matmul chains (the MLP case): `matmul -> element-wise -> matmul`
on tensors lowers to one kernel, which computes on the interpreter (L1, and
L2 after coopmat-to-simt) what the unfused L0 program computes, and runs on
lavapipe with spirv-val accepting its SPIR-V."""

from __future__ import annotations

import numpy as np
import pytest
from support.chain_programs import mlp_inputs, mlp_program
from support.error_model import assert_close
from support.lowering import lowered_by, output_of, parse, returned
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from coopmlir.targets import get_target


def _lowered(text: str, target: str):
    return lowered_by(text, LowerToCoopmat(target=target))


def _reference(arrays, activation: str) -> np.ndarray:
    """f64 numpy, rounding the intermediates to f16 as the program does."""
    h = arrays[0].astype(np.float64)
    for i, w in enumerate(arrays[1:]):
        h = h @ w.astype(np.float64)
        if i < len(arrays) - 2:
            if activation == "relu":
                h = np.maximum(h, 0)
            else:
                h = 0.5 * h * (1 + np.tanh(0.7978845608 * (h + 0.044715 * h**3)))
            h = h.astype(arrays[0].dtype).astype(np.float64)
    return h


def check(
    rows, widths, activation="relu", ty="f16", out="f32", target="lavapipe", simt=False
):
    text = mlp_program(rows, widths, ty, out, activation)
    arrays = mlp_inputs(np.random.default_rng(rows), rows, widths, ty)
    (unfused,) = returned(parse(text), "mlp", arrays)
    module = _lowered(text, target)
    assert len([o for o in module.walk() if isinstance(o, gpu.FuncOp)]) == 1
    assert not [o for o in module.walk() if o.dialect_name() == "linalg"]
    if simt:
        size = get_target(target).subgroup_size
        module = lowered_by(module, CoopmatToSimt(subgroup_size=size))
    fused = np.zeros((rows, widths[-1]), np.float32 if out == "f32" else np.float16)
    fused = output_of(module, "mlp", [*arrays, fused])
    # Intermediates round to f16/bf16: a one-ulp flip moves O by its weight.
    tolerance = 2e-2 if ty == "bf16" else 3e-3
    assert_close(unfused, fused, tolerance, "unfused")
    assert_close(fused, _reference(arrays, activation), tolerance, "fused")
    return module


@pytest.mark.parametrize("activation", ["relu", "gelu-tanh"])
def test_two_layers(activation):
    check(32, (32, 64, 16), activation)


def test_four_layers_ragged_rows_and_f16_output():
    check(40, (16, 32, 32, 32, 16), out="f16")


def test_bf16_on_a_matrix_unit_target():
    check(64, (32, 64, 32), ty="bf16", target="simt")
    check(48, (64, 128, 64), target="generic")


def test_l2_simt():
    check(24, (16, 32, 16), "gelu-tanh", simt=True)


def test_lavapipe():
    require_vulkan()
    rows, widths = 40, (32, 64, 64, 16)
    text = mlp_program(rows, widths)
    arrays = mlp_inputs(np.random.default_rng(1), rows, widths)
    module = lowered_by(_lowered(text, "lavapipe"), CoopmatToSimt(subgroup_size=8))
    kernels = {k.name: k for k in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    out = np.zeros((rows, widths[-1]), np.float32)
    (kernel,) = kernels.values()
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "mlp", kernels, [*arrays, out], device)
    assert_close(out, _reference(arrays, "relu"), 3e-3, "lavapipe")  # as in `check`


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_spirv_with_cooperative_matrices(coopmat):
    text = mlp_program(64, (64, 64, 64, 64, 64))
    for kernel in compile_kernels(_lowered(text, "h100-vulkan"), coopmat=coopmat):
        validate(kernel.spirv)
