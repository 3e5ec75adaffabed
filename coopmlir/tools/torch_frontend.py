"""A PyTorch module through coopmlir, checked against PyTorch itself.

    from coopmlir.tools.torch_frontend import check_export, compile_and_check, export
    check = compile_and_check(model, x, device="vulkan")
    print(check.report()); assert check.ok
    text = export(model, x)                      # torch-mlir's linalg on tensors
    check = check_export(text, model, x)         # the same on an export you hold

`export` is torch-mlir's `fx.export_and_import(..., output_type=
"linalg-on-tensors", func_name="forward")` as text. `compile_and_check`
exports, lowers with coopmlir's pipeline (recognize-frontend, lower-to-coopmat
for the target, coopmat-to-simt when it has no matrix units), runs the
lowered program on the interpreter or a Vulkan device with coopmlir-run's
functions, and compares each result with PyTorch's own output
(`module(*inputs)` under `torch.no_grad()`), measured as coopmlir-run
--check measures (coopmlir.tools.compare).

torch and torch-mlir are imported when these are called: coopmlir does not
need them otherwise (docs/tools/torch-frontend.md says how to install them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import ParseError

from coopmlir.diagnostics import parse_failure, verify_with_locations
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import find_function
from coopmlir.tools.compare import Comparison, compare
from coopmlir.tools.coopmlir_run import (
    bufferized_arguments,
    run_on_device,
    run_on_interpreter,
)

#: How to install the front end: the CPU build of torch (a plain `torch`
#: pulls a CUDA one), and torch-mlir without its requirements (the same).
INSTALL = (
    "pip install 'coopmlir[frontend]' (torch==2.13.0, the CPU build, and "
    "packaging), then pip install --no-deps torch-mlir"
)

#: The function name of every export.
ENTRY = "forward"

#: The target of an interpreter run when none is named: lower-to-coopmat's
#: default, whose matrix units take an f16 model's products (f32 ones become
#: loop kernels); "simt" checks the code for a device without matrix units.
INTERPRETER_TARGET = "generic"


def _torch():
    """torch and torch_mlir.fx, or an ImportError saying how to install them."""
    try:
        import torch
        from torch_mlir import fx
    except ImportError as err:
        raise ImportError(
            f"coopmlir's PyTorch front end needs torch and torch-mlir ({err}): "
            + INSTALL
        ) from None
    return torch, fx


def export(module, *inputs) -> str:
    """`module` (an `nn.Module`) on example `inputs`, exported by torch-mlir
    as linalg on tensors: the MLIR text of `func.func @forward`, weights as
    `dense_resource` constants."""
    torch, fx = _torch()
    with torch.no_grad():
        exported = fx.export_and_import(
            module, *inputs, output_type="linalg-on-tensors", func_name=ENTRY
        )
    return str(exported)


@dataclass(frozen=True)
class FrontendCheck:
    """What `compile_and_check` found: the export, the module that ran (the
    lowered module: L1 or L2 on the interpreter, the kernel level on a
    device), where it ran, and one comparison per result."""

    exported: str
    lowered: ModuleOp
    device: str
    comparisons: tuple[Comparison, ...]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.comparisons)

    def report(self) -> str:
        lines = [f"on {self.device}, against PyTorch:"]
        return "\n".join(lines + [c.report() for c in self.comparisons])


def to_numpy(tensor) -> np.ndarray:
    """A tensor as the interpreter holds it: bf16 and f8 values in float32
    (numpy has neither; every value is exact there), any other element type
    as it is."""
    tensor = tensor.detach().cpu()
    if (
        str(tensor.dtype) == "torch.bfloat16"
        or tensor.dtype.itemsize == 1
        and (tensor.dtype.is_floating_point)
    ):
        tensor = tensor.float()
    return tensor.numpy()


def _pytorch_outputs(torch, module, inputs) -> list[np.ndarray]:
    with torch.no_grad():
        expected = module(*inputs)
    if isinstance(expected, torch.Tensor):
        expected = (expected,)
    return [to_numpy(t) for t in expected]


def compile_and_check(module, *inputs, **check) -> FrontendCheck:
    """Export `module` on `inputs` and check the export: `check_export`,
    whose keywords (`device`, `target`, `tolerance`, `options`) `check` are."""
    return check_export(export(module, *inputs), module, *inputs, **check)


def check_export(
    exported: str,
    module,
    *inputs,
    device: str = "interpreter",
    target: str | None = None,
    tolerance: float | None = None,
    options: str = "",
) -> FrontendCheck:
    """Lower `exported` (`export(module, *inputs)`) with coopmlir's pipeline
    for `target` (a built-in target's name; default: `INTERPRETER_TARGET` on
    the interpreter, the device's own on Vulkan), run it on `device`
    ("interpreter", or "vulkan[:INDEX|NAME]") on `inputs` and compare with
    PyTorch's output of `module` within `tolerance` (default per element
    type). `options` are lower-to-coopmat's (`"stages=2"`). Bad input (an op
    or type coopmlir cannot compile) is a `CompileError` located in the
    export."""
    kind, _, device_name = device.partition(":")
    if device != "interpreter" and kind != "vulkan":
        raise ValueError(f"device '{device}': interpreter or vulkan[:DEVICE]")
    torch, _ = _torch()

    def on_device(lowered, kernels, arrays) -> str:
        return run_on_device(lowered, ENTRY, kernels, arrays, device_name)[0]

    return check_arrays(
        exported,
        [to_numpy(x) for x in inputs],
        _pytorch_outputs(torch, module, inputs),
        target=target if device == "interpreter" else (target or device),
        tolerance=tolerance,
        options=options,
        bf16=any(str(x.dtype) == "torch.bfloat16" for x in inputs),
        name=f"<torch-mlir export of {type(module).__name__}>",
        on_device=None if device == "interpreter" else on_device,
    )


def check_arrays(
    exported: str,
    arguments: list[np.ndarray],
    expected: list[np.ndarray],
    *,
    target: str | None = None,
    tolerance: float | None = None,
    options: str = "",
    bf16: bool = False,
    name: str = "<torch-mlir export>",
    on_device=None,
) -> FrontendCheck:
    """`check_export` without PyTorch: the export's `arguments` and
    PyTorch's `expected` results as arrays (`to_numpy`), e.g. saved where
    torch-mlir ran and checked where the device is. `on_device(kernel-level
    module, kernels, arrays)` runs on a device, writes `arrays` in place and
    returns where it ran; None runs on the interpreter. `target`: a target
    name, "vulkan[:DEVICE]" to query the device."""
    from coopmlir.runtime.device_target import query_for_passes
    from coopmlir.runtime.launch import compile_for_device, lower
    from coopmlir.targets import get_target

    try:
        program = parse_module(exported, name)
    except ParseError as err:
        raise parse_failure(err) from None
    verify_with_locations(program)
    fn = find_function(program, ENTRY)
    arrays, where = bufferized_arguments(program, fn, list(arguments))
    if on_device is None:
        lowered = lower(program, get_target(target or INTERPRETER_TARGET), options)
        arrays, _ = run_on_interpreter(lowered, find_function(lowered, ENTRY), arrays)
        ran_on = f"the interpreter (target {target or INTERPRETER_TARGET})"
    else:
        chosen = get_target(target or "vulkan", query_for_passes)
        lowered, kernels = compile_for_device(program, chosen, options)
        ran_on = on_device(lowered, kernels, arrays)
    results = [arrays[where[f"result{i}"]] for i in range(len(where))]
    if len(results) != len(expected):
        raise ValueError(
            f"the export returns {len(results)} result(s), PyTorch {len(expected)}"
        )
    comparisons = tuple(
        compare(f"result{i}", got, want, tolerance, bf16=bf16)
        for i, (got, want) in enumerate(zip(results, expected, strict=True))
    )
    return FrontendCheck(exported, lowered, ran_on, comparisons)
