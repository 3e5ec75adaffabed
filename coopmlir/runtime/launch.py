"""Run a host function of a module on a Vulkan device.

    kernels = compile_for_device(module, target)     # L0, L1 or L2 in
    with VulkanDevice(needs=..., extensions=...) as gpu:
        times = run_host_function(module_l1, "matmul", kernels, [A, B, C], gpu)

An L0 module (linalg) is lowered first: `lower-to-coopmat` for the target,
then `coopmat-to-simt` when the target has no matrix units. The host
function may only launch kernels on its own memref arguments (docs/kernels.md);
each launch runs on the device in order, and every array is updated in place.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.dialects import arith, func, gpu
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.registry import make_context
from coopmlir.elements import bf16_bits, bf16_from_bits, is_bf16
from coopmlir.passes.lower_to_spirv import lower_to_kernels
from coopmlir.runtime.compile import CompiledKernel, compile_kernels, constant_int
from coopmlir.targets import Target


def is_l0(module: ModuleOp) -> bool:
    """True for a module that still has linalg ops and no kernels."""
    ops = list(module.walk())
    return any(op.dialect_name() == "linalg" for op in ops) and not any(
        isinstance(op, gpu.ModuleOp) for op in ops
    )


def lower(module: ModuleOp, target: Target, options: str = "") -> ModuleOp:
    """L0 -> L1 (matrix units) or L2 (SIMT) for `target`, a copy; `options`
    are lower-to-coopmat's, as `"tile=128x128x32 stages=2"`."""
    fields: dict[str, object] = dict(item.split("=", 1) for item in options.split())
    for name in ("stages", "raster", "accumulator_bytes"):
        if name in fields:
            fields[name] = int(fields[name])  # type: ignore[call-overload]
    lowered = module.clone()
    lower_to_kernels(make_context(), lowered, target, **fields)
    return lowered


def compile_for_device(
    module: ModuleOp, target: Target, options: str = "", coopmat: str = "khr"
) -> tuple[ModuleOp, dict[str, CompiledKernel]]:
    """The kernel-level module and its kernels as SPIR-V, by kernel name."""
    kernel_level = lower(module, target, options) if is_l0(module) else module
    kernels = compile_kernels(kernel_level, coopmat=coopmat)
    return kernel_level, {k.name: k for k in kernels}


@dataclass(frozen=True)
class LaunchTiming:
    kernel: str
    grid: tuple[int, int, int]
    seconds: list[float]


def _int(value) -> int:
    number = constant_int(value)
    if number is None:
        raise CompileError.at(
            location_of(value.owner), "launch sizes must be constants"
        )
    return number


def run_host_function(
    module: ModuleOp,
    entry: str,
    kernels: dict[str, CompiledKernel],
    arrays: list,
    device,
    *,
    warmup: int = 0,
    repeat: int = 1,
    batch: int = 1,
) -> list[LaunchTiming]:
    """Run host function `entry` of the kernel-level `module` on `device`
    (a `VulkanDevice`), each `gpu.launch_func` as one dispatch (timed as
    `batch` back-to-back dispatches: `VulkanDevice.run`)."""
    host = next(
        (
            op
            for op in module.walk()
            if isinstance(op, func.FuncOp) and op.sym_name.data == entry
        ),
        None,
    )
    if host is None:
        raise CompileError(f"error: no host function @{entry} in the module")
    timings = []
    for op in host.body.walk():
        if isinstance(op, arith.ConstantOp | func.ReturnOp):
            continue
        if not isinstance(op, gpu.LaunchFuncOp):
            raise CompileError.at(
                location_of(op),
                f"'{op.name}': host code other than kernel launches cannot run "
                "on the device",
            )
        name = op.kernel.nested_references.data[-1].data
        operands = []
        for value in op.kernelOperands:
            if (
                not isinstance(value, BlockArgument)
                or value.owner is not host.body.block
            ):
                raise CompileError.at(
                    location_of(op), "kernel operands must be host arguments"
                )
            operands.append(arrays[value.index])
        grid = tuple(_int(v) for v in (op.gridSizeX, op.gridSizeY, op.gridSizeZ))
        kernel = kernels[name]
        buffers = [
            _to_device(a, t) for a, t in zip(operands, kernel.arg_types, strict=True)
        ]
        seconds = device.run(
            kernel.binary(), buffers, grid, warmup=warmup, repeat=repeat, batch=batch
        )
        for array, buffer in zip(operands, buffers, strict=True):
            if buffer is not array:  # bf16 comes back as bits
                array[...] = bf16_from_bits(buffer)
        timings.append(LaunchTiming(name, grid, seconds))
    return timings


def _to_device(array, memref_type):
    """The bytes the kernel sees: bf16 values (held in float32 by the
    interpreter's convention) travel as their top 16 bits."""
    if is_bf16(memref_type) and array.dtype == np.float32:
        return bf16_bits(array)
    return array


def device_needs(kernels: dict[str, CompiledKernel]) -> tuple[set[str], set[str]]:
    """The union of the kernels' device features and extensions."""
    features: set[str] = set()
    extensions: set[str] = set()
    for kernel in kernels.values():
        features |= kernel.features
        extensions |= kernel.extensions
    return features, extensions
