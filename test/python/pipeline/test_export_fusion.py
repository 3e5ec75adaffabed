"""Issue 26 part 3 on the real exports (test/frontend/Inputs): lowered for
h100-vulkan, every matrix product's epilogue (bias, residual add, GELU,
SiLU, SwiGLU's product of two projections, casts) is in the product's
kernel, at any M and N (linear-relu-odd: 20 x 24 -> 40) and in f32 (the
SIMT-tiled kernel) as in f16 (fragments): no remark says an op is not
fused, and the kernels are counted. test_torch_models.py checks the
results against PyTorch."""

from __future__ import annotations

import pytest
from support.frontend_exports import INPUTS

from coopmlir.dialects.registry import read_module
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.targets import get_target

#: Export -> the kernels of its matrix products (with their epilogues), and
#: all its kernels where nothing but products is in it.
PRODUCTS = {
    "linear-relu": (1, 1),
    "linear-relu-odd": (1, 1),
    "linear-gelu": (1, 1),
    "linear-gelu-tanh": (1, 1),
    "mlp": (2, 2),
    # gate (+cast), up (+SiLU(gate) * up), down (+residual, into the result);
    # the RMSNorm before them is one norm kernel: four kernels in all.
    "swiglu-mlp": (3, 4),
    # QKV, out-projection (+bias, residual), fc1 (+bias, GELU), fc2 (+bias,
    # residual, into the result), and the attention's products.
    "gpt2-block": (None, None),
}


def lowered(name: str, capsys):
    module = read_module(str(INPUTS / f"{name}.mlir"))
    LowerToCoopmat().lower(module, get_target("h100-vulkan"))
    return module, capsys.readouterr().err


@pytest.mark.parametrize("suffix", ["", "-f16"])
@pytest.mark.parametrize("name", list(PRODUCTS))
def test_every_epilogue_is_fused(name, suffix, capsys):
    module, err = lowered(name + suffix, capsys)
    assert "is not fused" not in err, err
    kernels = [op for op in module.walk() if op.name == "gpu.func"]
    products = [
        k
        for k in kernels
        if not k.sym_name.data.endswith(("_loop", "_norm"))
        and "_loop_" not in k.sym_name.data
        and "_norm_" not in k.sym_name.data
    ]
    want_products, want_all = PRODUCTS[name]
    if want_products is not None:
        assert len(products) == want_products
    if want_all is not None:
        assert len(kernels) == want_all
    assert not any(op.name.startswith("linalg.") for op in module.walk())


@pytest.mark.parametrize("suffix", ["", "-f16"])
def test_gpt2_linear_layers_take_their_epilogues(suffix, capsys):
    """The four linear layers are four kernels; the out-projection and fc2
    read the residual, fc2 writes the block's result (no copy)."""
    module, _ = lowered("gpt2-block" + suffix, capsys)
    host = next(op for op in module.walk() if op.name == "func.func")
    launches = [op for op in host.walk() if op.name == "gpu.launch_func"]
    linear = [
        op
        for op in launches
        if not any(
            kind in str(op.properties["kernel"])
            for kind in ("_loop", "_attention", "_norm")
        )
        and len(op.kernelOperands) >= 4
        and op.kernelOperands[2].type.get_shape()[0] == 16  # tokens x features
    ]
    assert len(linear) == 4
    out_projection, fc2 = linear[1], linear[3]
    assert (
        len(out_projection.kernelOperands) == len(fc2.kernelOperands) == 5
    )  # + residual, bias
    assert not any(op.name == "memref.copy" for op in host.walk())
