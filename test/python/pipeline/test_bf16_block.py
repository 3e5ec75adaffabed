"""Issue 26 parts 1 and 3 for bf16: the saved GPT-2 block export in bf16
(test/frontend/Inputs/gpt2-block-bf16.mlir) compiles to the kernels of the
f16 block (QKV, attention, out-projection + residual, two norms, fc1 +
GELU, fc2 + residual into the result: seven), every epilogue fused, with
the epilogues computed in f32 and converted to bf16 at the store; it
matches PyTorch's saved output on the interpreter (h100-vulkan's bf16
matrices) and on lavapipe, and every kernel's SPIR-V validates. No torch
is needed (test_torch_models.py exports it again where torch is)."""

from __future__ import annotations

import pytest
from support.frontend_exports import arguments, expected, export_path
from support.lowering import lowered_by
from support.vulkan_device import require_vulkan

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate
from coopmlir.tools.coopmlir_run import run_on_device
from coopmlir.tools.torch_frontend import ENTRY, check_arrays


def _kernel_names(name: str, capsys) -> list[str]:
    module = lowered_by(
        export_path(name).read_text(), LowerToCoopmat(target="h100-vulkan")
    )
    assert "is not fused" not in capsys.readouterr().err
    return [op.sym_name.data for op in module.walk() if op.name == "gpu.func"]


def test_bf16_block_has_the_f16_blocks_kernels(capsys):
    bf16 = _kernel_names("gpt2-block-bf16", capsys)
    f16 = _kernel_names("gpt2-block-f16", capsys)
    assert len(bf16) == 7
    assert bf16 == f16


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_bf16_block_spirv_validates_for_h100(coopmat):
    module = lowered_by(
        export_path("gpt2-block-bf16").read_text(),
        LowerToCoopmat(target="h100-vulkan"),
    )
    kernels = compile_kernels(module, coopmat=coopmat)
    assert len(kernels) == 7
    for kernel in kernels:
        validate(kernel.spirv)


def test_bf16_block_matches_pytorch_on_the_interpreter():
    name = "gpt2-block-bf16"
    check = check_arrays(
        export_path(name).read_text(),
        arguments(name),
        [expected(name)],
        target="h100-vulkan",
        bf16=True,
    )
    assert check.ok, check.report()


def test_bf16_block_matches_pytorch_on_lavapipe():
    require_vulkan()
    name = "gpt2-block-bf16"
    ran: list[int] = []

    def on_device(lowered, kernels, arrays) -> str:
        for kernel in kernels.values():
            validate(kernel.spirv)
        ran.append(len(kernels))
        return run_on_device(lowered, ENTRY, kernels, arrays)[0]

    check = check_arrays(
        export_path(name).read_text(),
        arguments(name),
        [expected(name)],
        bf16=True,
        on_device=on_device,
    )
    assert check.ok, check.report()
    assert ran == [7]
