"""prepare-gpu-to-spirv: SIMT kernels (L2) in the form MLIR 22's
`convert-gpu-to-spirv` legalizes, so MLIR can finish the lowering:

    coopmlir-opt --lower-to-coopmat=target=lavapipe --coopmat-to-simt \\
        --prepare-gpu-to-spirv x.mlir \\
      | mlir-opt-22 --pass-pipeline='builtin.module(convert-math-to-spirv,
          convert-gpu-to-spirv, spirv.module(spirv-lower-abi-attrs, spirv-update-vce))'

What MLIR 22 (22.1.8) needs, each checked with mlir-opt-22:

- workgroup memory as `memref.alloc` in memory space 3: MLIR's Vulkan
  storage-class map reads numeric spaces only (not `#gpu.address_space`),
  and it makes a Workgroup variable of `memref.alloc`, not of
  `memref.alloca` (a Function variable); `gpu.func` workgroup attributions
  fail in MLIR 22 (an `unrealized_conversion_cast` is left, also for MLIR's
  own `GPUToSPIRV/workgroup-memory.mlir`);
- a `spirv.target_env` on each `gpu.module`, whose resource limits give the
  subgroup size (the only `gpu.shuffle` width MLIR lowers) and whose vce
  triple lists what the device may use (`spirv-update-vce` keeps what the
  code needs);
- `workgroup_size` in each kernel's `spirv.entry_point_abi` (the LocalSize
  that `spirv-lower-abi-attrs` writes), from `known_block_size`;
- no vector longer than SPIR-V's 4 components and no `vector.load`/`store`
  (`scalarize.py`).

coopmlir's own convert-to-spirv and the interpreter run the prepared form
too, so it is checked against the L2 it came from.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, gpu, memref
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, i32, i64
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.gpu_subgroup import (
    LaneIdOp,
    ShuffleOp,
    is_private_memory,
    is_workgroup_memory,
)
from coopmlir.dialects.kernel_abi import (
    ENTRY_POINT_ABI_NAME,
    entry_point_abi,
    subgroup_size_of,
)
from coopmlir.passes.prepare_gpu_to_spirv.scalarize import Scalarizer

#: MLIR's number for workgroup memory (its Vulkan and OpenCL storage-class
#: maps, NVVM and ROCDL agree).
WORKGROUP_SPACE = IntegerAttr(3, i64)
#: MLIR's number for Function memory in its Vulkan storage-class map.
FUNCTION_SPACE = IntegerAttr(6, i64)

#: What a device running coopmlir's SIMT kernels offers (lavapipe and the
#: NVIDIA driver do): f16 and i8 data in storage buffers and subgroup
#: shuffles; spirv-update-vce keeps only what a module uses. SPIR-V 1.3
#: (Vulkan 1.1): from 1.4 on, spirv-lower-abi-attrs lists the storage buffers
#: in the entry point, while spirv-update-vce may declare 1.3, for which
#: spirv-val refuses that list.
VERSION = (1, 3)
CAPABILITIES = (
    "Shader",
    "GroupNonUniform",
    "GroupNonUniformShuffle",
    "Float16",
    "Int8",
    "Int16",
    "StorageBuffer16BitAccess",
    "StorageBuffer8BitAccess",
)
EXTENSIONS = (
    "SPV_KHR_storage_buffer_storage_class",
    "SPV_KHR_16bit_storage",
    "SPV_KHR_8bit_storage",
)


def _error(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), f"prepare-gpu-to-spirv: {message}")


def allocate_in_space_3(kernel: gpu.FuncOp) -> None:
    """Each workgroup `memref.alloca`/`alloc` of `kernel` becomes a
    `memref.alloc` of the same shape in memory space 3; each private
    `memref.alloca` one in space 6 (a Function variable)."""
    for op in list(kernel.walk()):
        if not isinstance(op, memref.AllocaOp | memref.AllocOp):
            continue
        t = op.memref.type
        if isinstance(op, memref.AllocaOp) and is_private_memory(t):
            new = memref.AllocaOp.get(
                t.get_element_type(),
                shape=t.get_shape(),
                layout=t.layout,
                memory_space=FUNCTION_SPACE,
            )
            Rewriter.replace_op(op, new)
            continue
        if not is_workgroup_memory(t):
            raise _error(op, f"a kernel allocation outside workgroup memory ({t})")
        if op.dynamic_sizes:
            raise _error(op, "workgroup memory of a dynamic size")
        new = memref.AllocOp.get(
            t.get_element_type(),
            shape=t.get_shape(),
            layout=t.layout,
            memory_space=WORKGROUP_SPACE,
        )
        op.parent_block().insert_op_before(new, op)
        op.memref.replace_all_uses_with(new.memref)
        op.detach()
        op.erase()


def set_workgroup_size(kernel: gpu.FuncOp) -> None:
    """Copy `known_block_size` into the kernel's `spirv.entry_point_abi`."""
    from coopmlir.dialects.spirv.attributes import EntryPointABIAttr

    block = kernel.attributes.get("gpu.known_block_size")
    if block is None:
        raise _error(kernel, "a kernel without known_block_size")
    abi = entry_point_abi(kernel) or EntryPointABIAttr()
    sizes = EntryPointABIAttr(workgroup_size=block.get_values()).workgroup_size
    kernel.attributes[ENTRY_POINT_ABI_NAME] = EntryPointABIAttr.new(
        (sizes, abi.subgroup_size, abi.target_width)
    )


def target_env(module: gpu.ModuleOp, kernels: list[gpu.FuncOp]):
    """The `#spirv.target_env` of `module`: its kernels' one subgroup size
    (none where no kernel names one: such kernels shuffle nothing, and MLIR's
    default limits do)."""
    from coopmlir.dialects.spirv.attributes import VerCapExtAttr
    from coopmlir.dialects.spirv.target_env import ResourceLimitsAttr, TargetEnvAttr

    sizes = {subgroup_size_of(k) for k in kernels} - {None}
    if len(sizes) > 1:
        raise _error(
            module,
            f"kernels of subgroup sizes {sorted(sizes)} in one gpu.module (MLIR "
            "reads one per spirv.target_env)",
        )
    return TargetEnvAttr.of(
        VerCapExtAttr(VERSION, CAPABILITIES, EXTENSIONS),
        ResourceLimitsAttr.of(*sizes),
    )


def keep_group_non_uniform(kernel: gpu.FuncOp) -> None:
    """A kernel that reads `gpu.lane_id` but shuffles nothing gets the lane
    id through an identity `gpu.shuffle idx` (a lane reads its own value):
    MLIR 22's spirv-update-vce drops the GroupNonUniform capability that the
    SubgroupLocalInvocationId builtin needs, unless an instruction needs it
    too, and spirv-val then refuses the module."""
    lanes = [op for op in kernel.walk() if isinstance(op, LaneIdOp)]
    if not lanes or any(isinstance(op, ShuffleOp) for op in kernel.walk()):
        return
    size = subgroup_size_of(kernel)
    if size is None:
        return
    # One lane id at the kernel's start (it dominates every use).
    lane = LaneIdOp()
    as_i32 = arith.IndexCastOp(lane.result, i32)
    width = arith.ConstantOp(IntegerAttr(size, i32))
    own = ShuffleOp("idx", as_i32, as_i32, width)
    back = arith.IndexCastOp(own.result, IndexType())
    entry = kernel.body.blocks[0]
    Rewriter.insert_op([lane, as_i32, width, own, back], InsertPoint.at_start(entry))
    for old in lanes:
        Rewriter.replace_op(old, [], [back.result])


@dataclass(frozen=True)
class PrepareGpuToSpirv(ModulePass):
    """Give SIMT kernels the form MLIR 22's convert-gpu-to-spirv legalizes
    (see module doc)."""

    name = "prepare-gpu-to-spirv"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from coopmlir.dialects.spirv.target_env import TARGET_ENV_NAME

        for module in [m for m in op.walk() if isinstance(m, gpu.ModuleOp)]:
            kernels = [f for f in module.walk() if isinstance(f, gpu.FuncOp)]
            if not kernels:
                continue
            env = target_env(module, kernels)
            for kernel in kernels:
                allocate_in_space_3(kernel)
                keep_group_non_uniform(kernel)
                set_workgroup_size(kernel)
                scalarizer = Scalarizer()
                scalarizer.run(kernel.body)
                scalarizer.finish()
            module.attributes[TARGET_ENV_NAME] = env
