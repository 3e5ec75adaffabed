"""Run a host function of a module on a Vulkan device.

    kernels = compile_for_device(module, target)     # L0, L1 or L2 in
    with VulkanDevice(needs=..., extensions=...) as gpu:
        times = run_host_function(module_l1, "matmul", kernels, [A, B, C], gpu)

An L0 module (linalg, or what a front end writes) is lowered first by the
pipeline of `--lower-to-spirv` (`lower_to_kernels`): `recognize-frontend`
and `lower-to-coopmat` for the target, then `coopmat-to-simt` when the
target has no matrix units. The host
function may only launch kernels on its own memref arguments, on static
`memref.alloc`s (temporaries, e.g. split-K's workspace: a host array that
lives for the call), on `memref.get_global`s (a constant's data) and on
`memref.expand_shape`/`collapse_shape` of those (the same bytes: the view
aliases its root buffer) (docs/kernels.md). Its steps run in order on the
device, each launch a dispatch and each `memref.copy` between whole buffers
a buffer copy, on buffers that stay there for the run (runtime/resident.py:
each uploaded once; only the arguments, updated in place, come back).
Host index arithmetic on the arguments' sizes (`memref.dim`, arith, the
`cf.assert`s of a dynamic-shape launch, and the `scf.if` that picks a kernel
with `dynamic-versions=2`) is evaluated first, for all launches, so
inconsistent inputs, and grids larger than the device launches, are refused
before any kernel runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from xdsl.dialects import cf, func, gpu, memref, scf
from xdsl.dialects.builtin import MemRefType, ModuleOp, NoneAttr, TensorType
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import ArgSpecParseError

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.coopmat import (
    MatrixScope,
    MatrixType,
    SpecConstantOp,
    spec_constant_names,
)
from coopmlir.dialects.gpu_mma import has_mma_ops
from coopmlir.dialects.registry import make_context
from coopmlir.interpreter import make_interpreter
from coopmlir.interpreter.values import InterpretationFailure, zeros
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_spirv import lower_to_kernels
from coopmlir.runtime.compile import CompiledKernel, compile_kernels
from coopmlir.runtime.resident import ResidentArrays
from coopmlir.runtime.vulkan_device import SUBGROUP_SCOPE
from coopmlir.specialization import (
    MATRIX_PARAMETERS,
    SpecializationError,
    check_known,
)
from coopmlir.targets import INDEX_LIMIT, Target


def is_l0(module: ModuleOp) -> bool:
    """True for a module that still has linalg (or coopmlir.attention/chain)
    ops or memref.copy (a loop kernel's) and no kernels."""
    ops = list(module.walk())
    return any(
        op.dialect_name() in ("linalg", "coopmlir") or isinstance(op, memref.CopyOp)
        for op in ops
    ) and not any(isinstance(op, gpu.ModuleOp) for op in ops)


def _needs_lowering(module: ModuleOp, target: Target) -> bool:
    """L0; MLIR's warp-matrix kernels; or L1 for a target without matrix
    units (coopmat-to-simt makes it SIMT)."""
    if is_l0(module) or has_mma_ops(module):
        return True
    return not target.has_matrix_units and any(
        op.dialect_name() == "coopmat" for op in module.walk()
    )


def lower(module: ModuleOp, target: Target, options: str = "") -> ModuleOp:
    """L0 -> L1 (matrix units) or L2 (SIMT) for `target`, a copy; `options`
    are lower-to-coopmat's, as `"tile=128x128x32 stages=2"`."""
    # lower-to-coopmat's own parser and types (options.py), names spelled
    # as on the command line (size-hint) or as fields (size_hint).
    try:
        spec = parse_spec(f"{LowerToCoopmat.name}{{{options}}}")
        chosen = LowerToCoopmat.from_pass_spec(spec).kernel_options()
    except (ValueError, ArgSpecParseError) as err:
        raise CompileError(
            f"error: lower-to-coopmat options '{options}': {err}"
        ) from None
    lowered = module.clone()
    lower_to_kernels(make_context(), lowered, target, **chosen)
    return lowered


def compile_for_device(
    module: ModuleOp, target: Target, options: str = "", coopmat: str | None = None
) -> tuple[ModuleOp, dict[str, CompiledKernel]]:
    """The kernel-level module and its kernels as SPIR-V, by kernel name;
    `coopmat` (convert-to-spirv's) defaults to nv2 on a target with
    VK_NV_cooperative_matrix2 (the lowering planned for its in-register
    reductions, e.g. attention's fragment lines) or for a module with
    workgroup-scope matrices (`scope=workgroup`), which only nv2 has; else
    khr. An explicit khr on an NV2 target plans as for a KHR-only device."""
    if coopmat == "khr" and target.cooperative_matrix2:
        target = replace(target, cooperative_matrix2=False)
    kernel_level = (
        lower(module, target, options) if _needs_lowering(module, target) else module
    )
    if coopmat is None:
        nv2 = target.cooperative_matrix2 or _has_workgroup_matrices(kernel_level)
        coopmat = "nv2" if nv2 else "khr"
    kernels = compile_kernels(kernel_level, coopmat=coopmat, target=target)
    return kernel_level, {k.name: k for k in kernels}


def _has_workgroup_matrices(module: ModuleOp) -> bool:
    return any(
        isinstance(v.type, MatrixType) and v.type.scope.data == MatrixScope.WORKGROUP
        for op in module.walk()
        for v in op.results
    )


@dataclass(frozen=True)
class LaunchTiming:
    kernel: str
    grid: tuple[int, int, int]
    seconds: list[float]


@dataclass(frozen=True)
class _Launch:
    """One `gpu.launch_func` with its grid and operands evaluated."""

    op: gpu.LaunchFuncOp
    kernel: str
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    operands: list
    #: Each operand's root buffer (`_root_buffer`) and its array.
    roots: list[tuple[SSAValue, np.ndarray]]


@dataclass(frozen=True)
class _Copy:
    """One `memref.copy` between whole buffers (root and array each), done
    on the device in order."""

    op: memref.CopyOp
    source: tuple[SSAValue, np.ndarray]
    target: tuple[SSAValue, np.ndarray]


#: Host ops that make a view of a whole buffer: the same bytes.
_RESHAPES = memref.CollapseShapeOp | memref.ExpandShapeOp


def _is_host_arithmetic(op: Operation) -> bool:
    """Ops on sizes only (never on buffer contents): safe to evaluate before
    any kernel runs."""
    return op.dialect_name() == "arith" or isinstance(
        op, memref.DimOp | cf.AssertOp | SpecConstantOp
    )


def _evaluate_host(
    module: ModuleOp,
    host: func.FuncOp,
    arrays: list,
    spec_values: dict[str, int] | None = None,
) -> list[_Launch | _Copy]:
    """The launches and host copies of `host` in order, the launches with
    their grids, after running its host arithmetic and checks on the arrays
    (located errors); `spec_values`: the specialization constants' values."""
    if any(isinstance(t, TensorType) for t in host.function_type.inputs.data):
        raise CompileError.at(
            location_of(host),
            f"@{host.sym_name.data} is on tensors after lowering (it has no op "
            "lower-to-coopmat lowers, so nothing bufferized it): the device "
            "runs host functions on memrefs",
        )
    interp = make_interpreter(module, spec_values=spec_values)
    values: dict[SSAValue, object] = dict(
        zip(host.body.block.args, arrays, strict=True)
    )
    steps: list[_Launch | _Copy] = []
    _evaluate_block(interp, host, host.body.block, values, steps)
    return steps


def _launches(steps: list[_Launch | _Copy]) -> list[_Launch]:
    return [step for step in steps if isinstance(step, _Launch)]


def _root_buffer(value: SSAValue) -> SSAValue:
    """The buffer a reshape chain views."""
    while isinstance(value.owner, _RESHAPES):
        value = value.owner.src
    return value


def _evaluate_buffer_op(interp, op: Operation, values: dict, steps: list) -> bool:
    """Evaluate a host op on whole buffers (allocations, globals, reshapes,
    copies); False when `op` is none of those."""
    if isinstance(op, memref.AllocOp) and not op.operands:
        values[op.memref] = zeros(op.memref.type, op.memref.type.get_shape())
    elif isinstance(op, memref.DeallocOp):
        pass
    elif isinstance(op, memref.GetGlobalOp | _RESHAPES):
        # A global's data (its bytes, uploaded at its first use), or a view
        # of a whole buffer, reshaped as the interpreter does, so its
        # run-time sizes are the view's.
        try:
            (result,) = interp.run_op(op, tuple(values[v] for v in op.operands))
        except InterpretationFailure as err:
            raise CompileError.at(location_of(op), str(err)) from None
        if isinstance(op, memref.GetGlobalOp):
            result = np.array(result)
        values[op.results[0]] = result
    elif isinstance(op, memref.CopyOp):
        source, target = values[op.source], values[op.destination]
        whole = all(
            isinstance(v.type, MemRefType) and isinstance(v.type.layout, NoneAttr)
            for v in (op.source, op.destination)
        )
        if not whole or np.shape(source) != np.shape(target):
            raise CompileError.at(
                location_of(op),
                "'memref.copy': the host copies whole buffers of the same "
                "shape only (a strided copy is a kernel's job)",
            )
        roots = [_root_buffer(v) for v in (op.source, op.destination)]
        source, target = ((r, values[r]) for r in roots)
        steps.append(_Copy(op, source, target))
    else:
        return False
    return True


def _evaluate_block(
    interp, host: func.FuncOp, block: Block, values: dict, steps: list
) -> None:
    """`_evaluate_host` for the ops of `block`: an `scf.if` on a host value
    (dynamic-versions=2 picks a kernel so) goes on in the branch it takes."""
    for op in block.ops:
        if isinstance(op, func.ReturnOp | scf.YieldOp):
            continue
        if isinstance(op, scf.IfOp) and not op.results:
            taken = op.true_region if bool(values[op.cond]) else op.false_region
            if taken.blocks:
                _evaluate_block(interp, host, taken.block, values, steps)
            continue
        if _is_host_arithmetic(op):
            try:
                results = interp.run_op(op, tuple(values[v] for v in op.operands))
            except InterpretationFailure as err:
                if err.location is None:
                    raise CompileError(f"error: {err}") from None
                raise CompileError.at(err.location, str(err)) from None
            values.update(zip(op.results, results, strict=True))
            continue
        if _evaluate_buffer_op(interp, op, values, steps):
            continue
        if not isinstance(op, gpu.LaunchFuncOp):
            raise CompileError.at(
                location_of(op),
                f"'{op.name}': host code other than kernel launches and index "
                "arithmetic cannot run on the device",
            )
        for value in op.kernelOperands:
            value = _root_buffer(value)
            made = isinstance(value.owner, memref.AllocOp | memref.GetGlobalOp)
            if value.owner is not host.body.block and not made:
                raise CompileError.at(
                    location_of(op),
                    "kernel operands must be host arguments, memref.allocs or "
                    "memref.get_globals (or reshapes of those)",
                )
        grid = tuple(int(values[v]) for v in (op.gridSizeX, op.gridSizeY, op.gridSizeZ))  # type: ignore[call-overload]
        block = tuple(
            int(values[v]) for v in (op.blockSizeX, op.blockSizeY, op.blockSizeZ)
        )  # type: ignore[call-overload]
        name = op.kernel.nested_references.data[-1].data
        operands = [values[v] for v in op.kernelOperands]
        roots = [(r, values[r]) for r in map(_root_buffer, op.kernelOperands)]
        steps.append(_Launch(op, name, grid, block, operands, roots))  # type: ignore[arg-type]


def _push_constants(launch: _Launch, kernel: CompiledKernel) -> bytes:
    """The kernel's dynamic sizes, read off the arrays, as its push constants
    (refused where an array is too large for 32-bit indexing)."""
    for array, t in zip(launch.operands, kernel.arg_types, strict=True):
        if any(d < 0 for d in t.get_shape()) and np.size(array) > INDEX_LIMIT:
            raise CompileError.at(
                location_of(launch.op),
                f"an argument of shape {np.shape(array)} has more than "
                f"{INDEX_LIMIT} elements: kernels use 32-bit indices",
            )
    sizes = [np.shape(launch.operands[i])[d] for i, d in kernel.push_constant_sizes]
    return np.asarray(sizes, dtype=np.int32).tobytes()


def _host_function(module: ModuleOp, entry: str) -> func.FuncOp:
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
    return host


def _check_grids(launches: list[_Launch], limit: tuple[int, int, int]) -> None:
    """A located error when a launch needs more workgroups than the device
    dispatches (maxComputeWorkGroupCount): dynamic sizes make grids at run time."""
    for launch in launches:
        if any(g > most for g, most in zip(launch.grid, limit, strict=True)):
            raise CompileError.at(
                location_of(launch.op),
                f"kernel @{launch.kernel} needs a grid of {launch.grid} workgroups "
                f"for these sizes; the device launches at most {tuple(limit)} "
                "(maxComputeWorkGroupCount)",
            )


def _check_blocks(launches: list[_Launch], limit: int) -> None:
    """A located error when the values make a workgroup larger than the
    device runs (maxComputeWorkGroupInvocations)."""
    for launch in launches:
        if math.prod(launch.block) > limit:
            raise CompileError.at(
                location_of(launch.op),
                f"kernel @{launch.kernel} needs workgroups of {launch.block} "
                f"work-items for these values; the device runs at most {limit}",
            )


def _check_matrix_shapes(
    module: ModuleOp, steps: list, kernels: dict, values: dict, report
) -> None:
    """A located error when the values give matrices of a shape the device
    does not list (VkCooperativeMatrixPropertiesKHR, subgroup scope)."""
    defaults = {
        op.param.data: op.default_value
        for op in module.walk()
        if isinstance(op, SpecConstantOp)
    }
    listed = {
        (s.m, s.n, s.k)
        for s in report.cooperative_matrix_shapes
        if s.scope == SUBGROUP_SCOPE
    }
    for launch in _launches(steps):
        if MATRIX_PARAMETERS[0] not in dict(kernels[launch.kernel].spec_ids):
            continue
        shape = tuple(values.get(p, defaults[p]) for p in MATRIX_PARAMETERS)
        if shape not in listed:
            have = ", ".join("x".join(map(str, s)) for s in sorted(listed)) or "none"
            raise CompileError.at(
                location_of(launch.op),
                f"kernel @{launch.kernel}: device '{report.name}' lists no "
                f"{'x'.join(map(str, shape))} (m x n x k) cooperative matrices "
                f"(coopmat_m/n/k; it lists: {have})",
            )


def check_launch_grids(
    module: ModuleOp,
    entry: str,
    arrays: list,
    limit: tuple[int, int, int],
    spec_values: dict[str, int] | None = None,
) -> None:
    """Evaluate host function `entry`'s size arithmetic and checks on
    `arrays` (only their shapes are read) and refuse grids beyond `limit`."""
    steps = _evaluate_host(module, _host_function(module, entry), arrays, spec_values)
    _check_grids(_launches(steps), limit)


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
    warm_seconds: float = 0.0,
    spec_values: dict[str, int] | None = None,
) -> list[LaunchTiming]:
    """Run host function `entry` of the kernel-level `module` on `device`
    (a `VulkanDevice`), each `gpu.launch_func` as one dispatch (timed as
    `batch` back-to-back dispatches after `warmup` untimed runs, or more
    until `warm_seconds` have passed: `VulkanDevice.dispatch`). Every grid is
    checked against the device's maxComputeWorkGroupCount before any
    dispatch. The arrays stay on the device for the whole run
    (`ResidentArrays`): host copies run there between the dispatches, in
    order, and only the arguments are read back at the end.
    `spec_values`: the specialization constants' values by name (the host
    code and each pipeline take the same ones; the rest keep their
    defaults), refused before any dispatch where the module lacks one or a
    workgroup grows beyond the device's limit."""
    timings = []
    host = _host_function(module, entry)
    try:
        check_known(spec_values or {}, spec_constant_names(module))
    except SpecializationError as err:
        raise CompileError(f"error: {err}") from None
    steps = _evaluate_host(module, host, arrays, spec_values)
    report = getattr(device, "report", None)
    if report is not None:
        _check_grids(_launches(steps), report.max_workgroup_count)
        _check_blocks(_launches(steps), report.max_workgroup_invocations)
        _check_matrix_shapes(module, steps, kernels, spec_values or {}, report)
    resident = ResidentArrays(device)
    for launch in steps:
        if isinstance(launch, _Copy):
            resident.copy(launch.source, launch.target)
            continue
        kernel = kernels[launch.kernel]
        seconds = _timed_dispatch(
            device,
            kernel.binary(spec_values, launch.block),
            [resident.buffer(*root) for root in launch.roots],
            launch.grid,
            push_constants=_push_constants(launch, kernel),
            warmup=warmup,
            repeat=repeat,
            batch=batch,
            warm_seconds=warm_seconds,
        )
        timings.append(LaunchTiming(launch.kernel, launch.grid, seconds))
    resident.finish()
    return timings


def _timed_dispatch(device, binary, buffers, grid, *, push_constants, **timing):
    """Dispatch once, or time `warmup + repeat` runs (of `batch` dispatches)
    and leave the buffers as one dispatch leaves them: a kernel that updates
    a buffer in place (C += A B, an in-place epilogue) must not compound over
    the timed runs. The buffers are saved on the device before the timed
    runs, restored after them, and the launch dispatched once more."""
    once = timing["warmup"] + timing["repeat"] * timing[
        "batch"
    ] <= 1 and not timing.get("warm_seconds")
    if once:
        return device.dispatch(
            binary, buffers, grid, push_constants=push_constants, **timing
        )
    distinct = list({id(b): b for b in buffers}.values())
    saved = [device.buffer(b.size) for b in distinct]
    for buffer, copy in zip(distinct, saved, strict=True):
        device.copy(buffer, copy)
    seconds = device.dispatch(
        binary, buffers, grid, push_constants=push_constants, **timing
    )
    for buffer, copy in zip(distinct, saved, strict=True):
        device.copy(copy, buffer)
        device.free(copy)
    device.dispatch(binary, buffers, grid, push_constants=push_constants)
    return seconds


def device_needs(kernels: dict[str, CompiledKernel]) -> tuple[set[str], set[str]]:
    """The union of the kernels' device features and extensions."""
    features: set[str] = set()
    extensions: set[str] = set()
    for kernel in kernels.values():
        features |= kernel.features
        extensions |= kernel.extensions
    return features, extensions
