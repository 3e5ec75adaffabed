"""Lower a test program and run it: parse, run passes (a pipeline as
coopmlir-opt spells it, or pass objects), interpret a function on copies of
its operands. Results are compared with support/error_model.py."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.interpreter import run_function
from coopmlir.tools.registry import PASSES


def parse(text: str) -> ModuleOp:
    return parse_module(text, "input.mlir")


def lowered(source: str, pipeline: str) -> ModuleOp:
    """`source` after the pass pipeline `pipeline` (coopmlir-opt's spelling,
    e.g. "lower-to-coopmat{target=lavapipe},coopmat-to-simt")."""
    module = parse_module(source)
    PassPipeline.parse_spec(PASSES, pipeline).apply(make_context(), module)
    return module


def lowered_by(source: str | ModuleOp, *passes: ModulePass) -> ModuleOp:
    """`source` (text, or a module, which stays as it is) after `passes` in
    order in coopmlir-opt's context, verified after each, e.g. `lowered_by(text, LowerToCoopmat(
    target="simt", tile="32x32x8"), CoopmatToSimt())`."""
    module = parse(source) if isinstance(source, str) else source.clone()
    for one_pass in passes:
        one_pass.apply(make_context(), module)
        module.verify()
    return module


def interpreted(module: ModuleOp, entry: str, operands, **options) -> list:
    """The operands after the interpreter ran `entry` on copies of them (the
    given arrays stay as they are)."""
    arrays = [np.copy(x) for x in operands]
    run_function(module, entry, arrays, **options)
    return arrays


def returned(module: ModuleOp, entry: str, operands, **options) -> list:
    """What `entry` returns when the interpreter runs it on copies of
    `operands` (a function of tensors)."""
    return list(run_function(module, entry, [np.copy(x) for x in operands], **options))


def output_of(module: ModuleOp, entry: str, operands, **options) -> np.ndarray:
    """The last operand (the output) after the interpreter ran `entry` on
    copies of `operands`; the others (inputs) must come back unchanged."""
    arrays = interpreted(module, entry, operands, **options)
    for got, given in zip(arrays[:-1], operands[:-1], strict=True):
        np.testing.assert_array_equal(got, given, "an input was written")
    return arrays[-1]


def run_simt_on_lavapipe(source: str, entry: str, operands, subgroup_size=8) -> None:
    """`source` lowered for lavapipe (SIMT kernels, every one passing
    spirv-val), `entry` run on it with `operands` (outputs written in place).
    The caller asks `require_vulkan()` first."""
    from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
    from coopmlir.runtime.compile import compile_kernels
    from coopmlir.runtime.launch import device_needs, run_host_function
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.spirv.tools import validate

    module = lowered_by(
        lowered_by(source, LowerToCoopmat(target="lavapipe")),
        CoopmatToSimt(subgroup_size=subgroup_size),
    )
    kernels = {k.name: k for k in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as device:
        run_host_function(module, entry, kernels, operands, device)
