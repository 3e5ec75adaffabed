"""gpu: kernel launches and the work-item id ops, on the SPMD model of
`coopmlir.interpreter.spmd` (see docs/kernels.md for the conventions)."""

from __future__ import annotations

import math

import numpy as np
from xdsl.dialects import func, gpu
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects import gpu_subgroup
from coopmlir.dialects.kernel_abi import subgroup_size_of
from coopmlir.interpreter.spmd import Launch
from coopmlir.interpreter.values import InterpretationFailure, rank_of

_DIMS = {"x": 0, "y": 1, "z": 2}


def kernel_subgroup_size(kernel: gpu.FuncOp | func.FuncOp, default: int) -> int:
    """The subgroup size `kernel` asks for (`subgroup_size_of`), else `default`."""
    try:
        size = subgroup_size_of(kernel)
    except VerifyException as err:
        raise InterpretationFailure(f"@{kernel.sym_name.data}: {err}") from None
    return default if size is None else size


def run_kernel(interp, kernel: gpu.FuncOp, grid, block, args) -> None:
    """Run `kernel` for a whole grid of workgroups of size `block`."""
    known = kernel.known_block_size
    if known is not None and tuple(known.get_values()) != tuple(block):
        raise InterpretationFailure(
            f"kernel @{kernel.sym_name.data} needs workgroups of "
            f"{tuple(known.get_values())}, launched with {tuple(block)}"
        )
    if interp.launch is not None:
        raise InterpretationFailure("gpu.launch_func inside a kernel")
    size = kernel_subgroup_size(kernel, interp.default_subgroup_size)
    workgroup = math.prod(block)
    if (
        workgroup % size
        and subgroup_size_of(kernel) is None
        and not _uses_subgroups(kernel)
    ):
        # Its results do not depend on the subgroup size, which the device
        # picks: the register-tiled SIMT kernel's workgroups are a multiple
        # of its target's (lavapipe: 8), not of the default.
        size = math.gcd(workgroup, size)
    interp.launch = Launch(tuple(grid), tuple(block), size)
    try:
        interp.run_ssacfg_region(kernel.body, tuple(args), kernel.sym_name.data)
    finally:
        interp.launch = None


#: Ops whose results depend on the subgroup size (besides coopmat's).
_SUBGROUP_OPS = (
    gpu_subgroup.LaneIdOp,
    gpu_subgroup.ShuffleOp,
    gpu.SubgroupIdOp,
    gpu.NumSubgroupsOp,
    gpu.SubgroupSizeOp,
)


def _uses_subgroups(kernel: gpu.FuncOp) -> bool:
    return any(
        isinstance(op, _SUBGROUP_OPS) or op.dialect_name() == "coopmat"
        for op in kernel.walk()
    )


def _dim(op) -> int:
    return _DIMS[op.dimension.data.value]


def _launch(interp, op):
    if interp.launch is None:
        raise InterpretationFailure(f"{op.name} outside a kernel")
    return interp.launch


@register_impls
class GpuFunctions(InterpreterFunctions):
    @impl(gpu.LaunchFuncOp)
    def run_launch_func(self, interp, op: gpu.LaunchFuncOp, args):
        sizes = interp.get_values(
            [op.gridSizeX, op.gridSizeY, op.gridSizeZ]
            + [op.blockSizeX, op.blockSizeY, op.blockSizeZ]
        )
        sizes = [int(s) for s in sizes]
        kernel = interp.get_op_for_symbol(op.kernel)
        if not isinstance(kernel, gpu.FuncOp):
            raise InterpretationFailure(f"{op.kernel} is not a gpu.func")
        operands = interp.get_values(op.kernelOperands)
        if 0 in sizes[:3]:  # no workgroup (a dynamic size of 0): nothing runs
            return ()
        run_kernel(interp, kernel, sizes[:3], sizes[3:], operands)
        return ()

    @impl_terminator(gpu.ReturnOp)
    def run_return(self, interp, op, args):
        return ReturnedValues(args), ()

    @impl(gpu.ThreadIdOp)
    def run_thread_id(self, interp, op, args):
        return (_launch(interp, op).thread_id(_dim(op)),)

    @impl(gpu.BlockIdOp)
    def run_block_id(self, interp, op, args):
        return (_launch(interp, op).block_id(_dim(op)),)

    @impl(gpu.BlockDimOp)
    def run_block_dim(self, interp, op, args):
        return (np.int64(_launch(interp, op).block[_dim(op)]),)

    @impl(gpu.GridDimOp)
    def run_grid_dim(self, interp, op, args):
        return (np.int64(_launch(interp, op).grid[_dim(op)]),)

    @impl(gpu.GlobalIdOp)
    def run_global_id(self, interp, op, args):
        launch, dim = _launch(interp, op), _dim(op)
        return (launch.block_id(dim) * launch.block[dim] + launch.thread_id(dim),)

    @impl(gpu_subgroup.LaneIdOp)
    def run_lane_id(self, interp, op, args):
        return (_launch(interp, op).lane_id,)

    @impl(gpu_subgroup.ShuffleOp)
    def run_shuffle(self, interp, op: gpu_subgroup.ShuffleOp, args):
        launch = _launch(interp, op)
        value = launch.per_lane(args[0], rank_of(op.value.type))
        offset, width = launch.per_lane(args[1]), launch.per_lane(args[2])
        lane = launch.lane_id
        offset, width = offset.astype(np.int64), width.astype(np.int64)
        source = {
            gpu_subgroup.ShuffleMode.IDX: offset,
            gpu_subgroup.ShuffleMode.XOR: lane ^ offset,
            gpu_subgroup.ShuffleMode.UP: lane - offset,
            gpu_subgroup.ShuffleMode.DOWN: lane + offset,
        }[op.mode.data]
        valid = (source >= 0) & (source < width) & (source < launch.subgroup_size)
        # The source's global index; an invalid lane keeps its own value
        # (MLIR leaves it undefined).
        start = launch.subgroup * launch.subgroup_size
        picked = np.where(valid, start + source, np.arange(launch.lanes))
        return (value[picked], valid)

    @impl(gpu.SubgroupIdOp)
    def run_subgroup_id(self, interp, op, args):
        return (_launch(interp, op).subgroup_id,)

    @impl(gpu.NumSubgroupsOp)
    def run_num_subgroups(self, interp, op, args):
        return (np.int64(_launch(interp, op).subgroups_per_workgroup),)

    @impl(gpu.SubgroupSizeOp)
    def run_subgroup_size(self, interp, op, args):
        return (np.int64(_launch(interp, op).subgroup_size),)

    @impl(gpu.BarrierOp)
    def run_barrier(self, interp, op, args):
        _launch(interp, op).barrier()
        return ()
