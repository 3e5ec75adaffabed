"""coopmlir-run: run a function of an .mlir file on the interpreter.

    coopmlir-run matmul.mlir --entry matmul                 # random inputs, seed 0
    coopmlir-run kernel.mlir --entry matmul --input A=a.npy --output-dir out/
    coopmlir-run lowered.mlir --entry matmul --check-against matmul.mlir
    coopmlir-run matmul.mlir --entry matmul --device vulkan --check
    coopmlir-run dyn.mlir --entry matmul --shape A=33x45 --shape B=45x17 --shape C=33x17

`--device vulkan[:INDEX|NAME]` compiles the module for the queried device
(an L0 module is lowered for it first) and runs it there; `--check` then
compares with the interpreter running the same module on the same inputs.

Arguments are allocated from the function's parameter types (random data
from `--seed`, or `--input NAME=FILE.npy`); an argument with dynamic sizes
(`memref<?x?xf16>`) takes its shape from `--shape NAME=DIMS` or its
`--input`. On `--device`, the grid the host code computes from those shapes
is checked against the device's maxComputeWorkGroupCount before any input is
drawn. A function on tensors runs bufferized there: its returned
`tensor.empty`s become out-params, allocated from the sizes the function
computes from its arguments (coopmlir.runtime.out_params). After the run, every memref
argument and every result is an output: summarised, or saved as NAME.npy
with `--output-dir`. `--check-against` runs the same function of another
module on the same inputs, its arguments matched by position (they must have
the same types; a reference on tensors checked against a function on memrefs
is bufferized first as the pipeline bufferizes it), and compares every
output (see coopmlir.tools.compare). Arguments are named as the file spells
them (`%cst_1`).
Functions that take or return matrices or per-work-item vectors cannot be
run directly (see coopmlir.tools.entry_point). Exit code 0 on success, 1
for bad input or a failed check, 70 for an internal error.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Sequence

import numpy as np
from xdsl.dialects import gpu
from xdsl.dialects.builtin import ShapedType

from coopmlir.diagnostics import CompileError, location_of, nesting_guard
from coopmlir.dialects.registry import read_module
from coopmlir.elements import is_bf16
from coopmlir.interpreter import InterpretationFailure, find_function, run_function
from coopmlir.interpreter.tensor import uninitialized_reads
from coopmlir.interpreter.values import numpy_dtype
from coopmlir.runtime.out_params import out_param_shapes
from coopmlir.tools.argument_shapes import parse_shapes, run_time_shapes
from coopmlir.tools.arguments import (
    ArgumentError,
    Parameter,
    check_input,
    is_buffer,
    parameters,
    random_value,
)
from coopmlir.tools.check_against import (
    bufferized_reference,
    check_same_signature,
    renamed_arguments,
)
from coopmlir.tools.compare import compare
from coopmlir.tools.entry_point import check_runnable
from coopmlir.tools.exit_codes import EXIT_BAD_INPUT, internal_error
from coopmlir.tools.process import prepare_process
from coopmlir.tools.run_flags import check_flags, check_spec_values


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="coopmlir-run", description=__doc__.split("\n")[0])
    p.add_argument("file", help="the .mlir module")
    p.add_argument("--entry", required=True, help="function to run (func or gpu.func)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random inputs")
    p.add_argument(
        "--input",
        action="append",
        default=[],
        metavar="NAME=FILE.npy",
        help="take argument %%NAME from a .npy file (repeatable)",
    )
    p.add_argument(
        "--shape",
        action="append",
        default=[],
        metavar="NAME=DIMS",
        help="run-time shape of argument %%NAME with dynamic sizes, as A=33x45 "
        "(random data; repeatable)",
    )
    p.add_argument("--output-dir", help="save every output as NAME.npy here")
    p.add_argument(
        "--check-against",
        metavar="REF.mlir",
        help="run the same function of REF.mlir on the same inputs and compare",
    )
    p.add_argument(
        "--tolerance", type=float, help="scaled error allowed (default per type)"
    )
    p.add_argument(
        "--subgroup-size", type=int, help="subgroup size for kernels without one"
    )
    p.add_argument("--print-values", action="store_true", help="print whole arrays")
    p.add_argument(
        "--device",
        metavar="vulkan[:DEVICE]",
        help="run on a Vulkan device (index or name) instead of the interpreter",
    )
    p.add_argument(
        "--options",
        default="",
        help="lower-to-coopmat options for an L0 module on --device, e.g. 'stages=2'",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="with --device: compare with the interpreter on the same inputs",
    )
    p.add_argument("--repeat", type=int, default=1, help="timed runs on --device")
    p.add_argument(
        "--spec",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="value of a specialization constant (spec-constants=true), e.g. "
        "subgroups_m=2; repeatable; the others keep their defaults",
    )
    p.add_argument(
        "--sweep-spec",
        action="store_true",
        help="with --device: run every subgroup grid (and matrix shape the "
        "device lists, where the sizes are constants) of the one binary "
        "(coopmlir.tuning.spec_candidates), check each against the "
        "interpreter and print them fastest first",
    )
    return p


def _named_inputs(specs: list[str], params: list[Parameter]) -> dict[str, np.ndarray]:
    known = {p.name for p in params}
    inputs = {}
    for spec in specs:
        name, eq, path = spec.partition("=")
        name = name.lstrip("%")
        if not eq:
            raise ArgumentError(f"--input {spec}: expected NAME=FILE.npy")
        if name in inputs:
            raise ArgumentError(f"--input {spec}: %{name} is given twice")
        if name not in known:
            raise ArgumentError(
                f"--input {spec}: no argument %{name} (arguments: "
                + ", ".join(f"%{n}" for n in sorted(known))
                + ")"
            )
        try:
            inputs[name] = np.load(path, allow_pickle=False)
        except (OSError, ValueError, EOFError) as err:  # EOFError: an empty file
            raise ArgumentError(f"--input {spec}: cannot load {path}: {err}") from None
    return inputs


def _physical_memory() -> int:
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def _check_memory(fn, params: list[Parameter], shapes: dict[str, tuple]) -> None:
    """A located error, before anything is allocated, when the arguments
    (of their run-time `shapes`) cannot fit in this machine's memory (random
    data is drawn in float64)."""
    needed = 0
    for param in params:
        elements = math.prod(shapes[param.name])
        needed += elements * (8 + np.dtype(numpy_dtype(param.type)).itemsize)
    memory = _physical_memory()
    if needed > memory:
        raise CompileError.at(
            location_of(fn),
            f"@{fn.sym_name.data}'s arguments need {needed} bytes of host memory "
            f"to run, more than this machine's {memory}",
        )


def _arguments(params, named, seed, shapes: dict[str, tuple]) -> list:
    rng = np.random.default_rng(seed)
    args = []
    for param in params:
        # Drawn always: inputs keep their seeds.
        value = random_value(param, rng, shapes[param.name])
        if param.name in named:
            value = check_input(param, named[param.name])
        args.append(value)
    return args


def run_on_interpreter(
    module, fn, args: list, subgroup_size=None, spec_values=None
) -> tuple[list, list]:
    """Run `fn` of `module` on copies of `args` (`spec_values`: the
    specialization constants' values by name): the arguments after the run
    (memrefs written in place) and the results as arrays; a located error
    where the interpreter cannot run it."""
    args = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    name = fn.sym_name.data
    try:
        results = run_function(
            module, name, args, subgroup_size=subgroup_size, spec_values=spec_values
        )
    except ValueError as err:  # a shape or layout the interpreter cannot run
        raise CompileError.at(
            location_of(fn), f"@{name} cannot run on the interpreter: {err}"
        ) from None
    except MemoryError:  # a memref.alloc or tensor larger than the host has
        raise CompileError.at(
            location_of(fn), f"@{name} ran out of host memory on the interpreter"
        ) from None
    return args, [np.asarray(value) for value in results]


def _run(
    module, fn, args: list, subgroup_size, params: list[Parameter], spec_values=None
) -> dict[str, np.ndarray]:
    """Run `fn` and collect outputs: memref arguments after the run (named
    as in `params`, matched by position), then results."""
    after, results = run_on_interpreter(module, fn, args, subgroup_size, spec_values)
    pairs = zip(params, after, strict=True)
    outputs = {p.name: a for p, a in pairs if is_buffer(p.type)}
    for i, value in enumerate(results):
        outputs[f"result{i}"] = value
    return outputs


def bufferized_arguments(module, fn, inputs: list) -> tuple[list, dict[str, int]]:
    """The host function's arguments for `inputs`, and where each result of
    `fn` is found among them (`{"result0": index}`): a function on tensors
    runs bufferized (bufferize-matmul), its results written into arguments
    or out-params (zero-filled arrays appended to `inputs`)."""
    if isinstance(fn, gpu.FuncOp):
        raise CompileError.at(
            location_of(fn),
            f"@{fn.sym_name.data} is a kernel: --device runs a host function "
            "(one that launches it with gpu.launch_func), or an L0 function",
        )
    # The passes are imported for --device only (the interpreter needs none).
    from coopmlir.passes.bufferize_matmul import plan_function, result_arguments
    from coopmlir.passes.recognize_frontend import name_front_end_forms

    # Plan on the forms lower-to-coopmat lowers (an attention pattern's
    # temporaries disappear in its fused op).
    recognized = module.clone()
    name_front_end_forms(recognized)
    plan = plan_function(find_function(recognized, fn.sym_name.data), recognized)
    if plan is None:
        if fn.function_type.outputs.data:
            results = ", ".join(map(str, fn.function_type.outputs.data))
            raise CompileError.at(
                location_of(fn),
                f"@{fn.sym_name.data} returns {results}: --device reads back "
                "memref arguments and the results of a function on tensors "
                "lower-to-coopmat bufferizes, not other results",
            )
        return list(inputs), {}
    where = result_arguments(plan)
    arrays = list(inputs)
    outputs = fn.function_type.outputs.data
    shapes = iter(out_param_shapes(plan, inputs))
    for index, t in sorted(zip(where, outputs, strict=True)):
        if index >= len(arrays):  # an out-param: the result's own buffer
            arrays.append(np.zeros(next(shapes), numpy_dtype(t)))
    return arrays, {f"result{i}": index for i, index in enumerate(where)}


def _compile_for_device(args, module, fn, params, shapes: dict[str, tuple]):
    """Compile for the queried device; refuse, before any input is drawn,
    results whose sizes cannot be computed and grids that the device cannot
    launch for these shapes."""
    from coopmlir.runtime.device_target import query_target
    from coopmlir.runtime.launch import check_launch_grids, compile_for_device

    kind, _, device = args.device.partition(":")
    if kind != "vulkan":
        raise ArgumentError(f"--device {args.device}: only vulkan[:DEVICE] is known")
    arrays = None
    if all(isinstance(p.type, ShapedType) for p in params):
        # Arrays of the right shapes that take no memory: the host code and
        # the out-params' sizes read only their shapes.
        placeholders = [
            np.broadcast_to(np.zeros((), numpy_dtype(p.type)), shapes[p.name])
            for p in params
        ]
        arrays, _ = bufferized_arguments(module, fn, placeholders)
    target = query_target(device or None)
    kernel_level, kernels = compile_for_device(module, target, args.options)
    if arrays is not None:
        check_launch_grids(
            kernel_level, args.entry, arrays, target.max_workgroup_count, args.spec
        )
    return kernel_level, kernels


def run_on_device(
    kernel_level,
    entry: str,
    kernels: dict,
    arrays: list,
    device: str = "",
    repeat=1,
    spec_values=None,
) -> tuple[str, list]:
    """Run host function `entry` of the compiled module on Vulkan `device`
    (index or name; "" the first), `arrays` written in place: the device's
    description and the kernels' timings. A device that lacks what a kernel
    needs is a located error at that kernel."""
    from coopmlir.runtime.launch import device_needs, run_host_function
    from coopmlir.runtime.timing import timed_host_function
    from coopmlir.runtime.vulkan import VulkanDevice, VulkanError

    features, extensions = device_needs(kernels)
    try:
        opened = VulkanDevice(device or None, needs=features, extensions=extensions)
    except VulkanError as err:
        raise _lacking(err, kernel_level, kernels) from None
    # `--repeat` > 1 times at the GPU's working clocks (runtime/timing.py).
    run = timed_host_function if repeat > 1 else run_host_function
    with opened as gpu:
        try:
            timings = run(
                kernel_level,
                entry,
                kernels,
                arrays,
                gpu,
                repeat=repeat,
                spec_values=spec_values,
            )
        except VulkanError as err:  # e.g. a subgroup size the device lacks
            raise _lacking(err, kernel_level, kernels) from None
        return gpu.report.lines()[0], timings


def _run_on_device(args, module, fn, params, inputs, compiled) -> dict[str, np.ndarray]:
    """Run the compiled module on the device, report the kernel times."""
    kernel_level, kernels = compiled
    arrays, results = bufferized_arguments(module, fn, inputs)
    arrays = [np.copy(a) if isinstance(a, np.ndarray) else a for a in arrays]
    device = args.device.partition(":")[2]
    description, timings = run_on_device(
        kernel_level, args.entry, kernels, arrays, device, args.repeat, args.spec
    )
    print(description)
    for t in timings:
        median = sorted(t.seconds)[len(t.seconds) // 2]
        print(f"kernel @{t.kernel} grid {t.grid}: {median * 1e3:.3f} ms (median)")
    outputs = {
        p.name: a for p, a in zip(params, arrays, strict=False) if is_buffer(p.type)
    }
    return outputs | {name: arrays[index] for name, index in results.items()}


def _sweep_spec(args, module, fn, params, inputs, compiled) -> int:
    """--sweep-spec: every candidate value set on the device, one binary."""
    from coopmlir.runtime.launch import device_needs
    from coopmlir.runtime.spec_sweep import measure_on_device
    from coopmlir.runtime.vulkan import VulkanDevice, VulkanError
    from coopmlir.runtime.vulkan_device import SUBGROUP_SCOPE
    from coopmlir.specialization import format_values
    from coopmlir.tuning import spec_candidates, sweep_spec

    kernel_level, kernels = compiled
    expected_outputs = _run(module, fn, inputs, args.subgroup_size, params)
    arrays, _ = bufferized_arguments(module, fn, inputs)
    expected = [
        expected_outputs.get(p.name, a) for p, a in zip(params, arrays, strict=False)
    ]
    features, extensions = device_needs(kernels)
    device = args.device.partition(":")[2]
    try:
        opened = VulkanDevice(device or None, needs=features, extensions=extensions)
    except VulkanError as err:
        raise _lacking(err, kernel_level, kernels) from None
    with opened as gpu:
        print(gpu.report.lines()[0])
        measure = measure_on_device(
            kernel_level, args.entry, kernels, arrays, gpu, expected, repeat=args.repeat
        )
        shapes = ()
        if any("coopmat_m" in dict(k.spec_ids) for k in kernels.values()):
            shapes = [
                (s.m, s.n, s.k)
                for s in gpu.report.cooperative_matrix_shapes
                if s.scope == SUBGROUP_SCOPE
            ]
        trials = sweep_spec(spec_candidates(shapes=shapes), measure)
    for trial in trials:
        shown = format_values(trial.values)
        if trial.seconds is None:
            print(f"refused {shown}: {trial.refusal}")
        else:
            print(f"ok      {shown}: {trial.seconds * 1e3:.3f} ms")
    best = next((t for t in trials if t.seconds is not None), None)
    if best is None:
        print("error: no value set ran", file=sys.stderr)
        return 1
    flags = " ".join(f"--spec {k}={v}" for k, v in sorted(best.values.items()))
    print(f"best: {flags}")
    return 0


def _lacking(err: Exception, module, kernels: dict) -> Exception:
    """The device cannot run a kernel (an extension or feature it lacks): a
    located error at the first kernel that needs it, else `err`."""
    for name, kernel in kernels.items():
        size = kernel.required_subgroup_size
        if size is not None and f"cannot run subgroups of {size} " in str(err):
            return CompileError.at(
                location_of(find_function(module, name)),
                f"kernel @{name}: {err} (its coopmat.layout's subgroup size; "
                "lower it for the device: --options or the device's own target)",
            )
        if any(need in str(err) for need in (*kernel.extensions, *kernel.features)):
            hint = ""
            if "cooperative_matrix" in str(err):
                hint = " (coopmat-to-simt lowers matrices to SIMT code for it)"
            return CompileError.at(
                location_of(find_function(module, name)), f"kernel @{name}: {err}{hint}"
            )
    return err


def _summary(name: str, value: np.ndarray, full: bool) -> str:
    head = f"%{name}: {value.dtype}{list(value.shape)}"
    if full:
        return head + "\n" + np.array2string(value, threshold=sys.maxsize)
    flat = value.reshape(-1)
    if flat.size == 0:
        return head + " (empty)"
    stats = (
        f" min {flat.min():.6g} max {flat.max():.6g} "
        f"sum {flat.astype(np.float64).sum():.9g}"
    )
    return head + stats + f" first {np.array2string(flat[:4], precision=6)}"


def _entry(module, name: str, path: str):
    try:
        return find_function(module, name)
    except InterpretationFailure as err:
        raise CompileError.at(path, str(err)) from None


def _reference(args, module, fn, params: list[Parameter]):
    """The module and function to compare with (None: no check), checked
    before anything runs: the same argument and result types."""
    if args.check_against:
        ref_path = args.check_against
        ref_module = read_module(ref_path)
    elif args.check and args.device:
        ref_path, ref_module = args.file, module  # the interpreter, same module
    else:
        return None
    ref_fn = _entry(ref_module, args.entry, ref_path)
    ref_module, ref_fn = bufferized_reference(fn, ref_module, ref_fn, ref_path)
    check_same_signature(fn, args.file, ref_fn, ref_path)
    check_runnable(ref_fn, args.subgroup_size)
    note = renamed_arguments(params, parameters(ref_fn.body.block))
    if note:
        print(note, file=sys.stderr)
    return ref_module, ref_fn


def run(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    check_flags(args)
    with nesting_guard(args.file):
        return _run_tool(args)


def _warn_about_uninitialized_reads(fn) -> None:
    """A warning at each linalg op of `fn` that reads a tensor.empty nothing
    wrote: the interpreter gives NaN there, a device what its buffer holds."""
    for op, empty in uninitialized_reads(fn):
        name = empty.tensor.name_hint
        print(
            f"{location_of(op)}: warning: '{op.name}' reads "
            f"{'%' + name if name else 'its init'}, a tensor.empty "
            f"({location_of(empty)}) that nothing wrote: its elements are "
            "undefined (NaN on the interpreter, whatever the buffer holds on a "
            "device); write it first, e.g. with linalg.fill",
            file=sys.stderr,
        )


def _save_outputs(folder: str, outputs: dict[str, np.ndarray]) -> None:
    try:
        os.makedirs(folder, exist_ok=True)
        for name, value in outputs.items():
            np.save(os.path.join(folder, f"{name}.npy"), value)
    except OSError as err:  # checked before the run; the disk can still fill up
        raise ArgumentError(
            f"--output-dir {folder}: cannot write: {err.strerror}"
        ) from None


def _coopmat_from_warp_matrices(module) -> None:
    """MLIR's WMMA-style kernels run as coopmat (convert-gpu-mma-to-coopmat)."""
    from coopmlir.dialects.gpu_mma import has_mma_ops

    if has_mma_ops(module):
        from coopmlir.passes.convert_gpu_mma_to_coopmat import convert_gpu_mma

        convert_gpu_mma(module)


def _run_tool(args: argparse.Namespace) -> int:
    module = read_module(args.file)
    _coopmat_from_warp_matrices(module)
    fn = _entry(module, args.entry, args.file)
    check_runnable(fn, args.subgroup_size)
    _warn_about_uninitialized_reads(fn)
    params = parameters(fn.body.block)
    named = _named_inputs(args.input, params)
    shapes = run_time_shapes(fn, params, parse_shapes(args.shape, params), named)
    _check_memory(fn, params, shapes)
    reference = _reference(args, module, fn, params)
    compiled = None
    if args.device:
        compiled = _compile_for_device(args, module, fn, params, shapes)
    inputs = _arguments(params, named, args.seed, shapes)
    if compiled is not None and args.sweep_spec:
        return _sweep_spec(args, module, fn, params, inputs, compiled)
    if compiled is not None:
        outputs = _run_on_device(args, module, fn, params, inputs, compiled)
    else:
        check_spec_values(args.spec, module)
        outputs = _run(module, fn, inputs, args.subgroup_size, params, args.spec)
    for name, value in outputs.items():
        print(_summary(name, value, args.print_values))
    if args.output_dir:
        _save_outputs(args.output_dir, outputs)
    if reference is None:
        return 0
    ref_module, ref_fn = reference
    expected = _run(ref_module, ref_fn, inputs, args.subgroup_size, params, args.spec)
    bf16 = {p.name for p in params if is_bf16(p.type)}
    verdicts = [
        compare(name, outputs[name], expected[name], args.tolerance, name in bf16)
        for name in expected
    ]
    for verdict in verdicts:
        print(verdict.report())
    return 0 if all(v.ok for v in verdicts) else 1


def main(argv: Sequence[str] | None = None) -> int:
    prepare_process()  # deep nesting allowed, collector tuned for IR
    try:
        with np.errstate(all="ignore"):
            return run(argv)
    except SystemExit as exit_:
        return 0 if exit_.code in (0, None) else EXIT_BAD_INPUT
    except CompileError as err:  # the whole `[location: ]error: ...` text
        print(err, file=sys.stderr)
        return EXIT_BAD_INPUT
    except ArgumentError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InterpretationFailure as err:
        where = f"{err.location}: " if err.location else ""
        print(f"{where}error: interpretation failed: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RuntimeError as err:  # VulkanError: no loader, device or feature
        print(f"error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as err:  # noqa: BLE001 - a bug: say so, without a traceback
        return internal_error("coopmlir-run", err)


if __name__ == "__main__":
    sys.exit(main())
