"""From an L1 (coopmat) or L2 (SIMT) module to SPIR-V kernels the Vulkan
runtime can run:

    kernels = compile_kernels(module, coopmat="khr")
    for k in kernels:
        with VulkanDevice(needs=k.features, extensions=k.extensions) as gpu:
            gpu.run(k.binary(), arrays, grid=k.grid)

`module` is left unchanged: a copy goes through `convert-to-spirv`, and each
spirv.module is serialized once per kernel (one entry point per binary, so
each binary is exactly what its pipeline needs).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from xdsl.dialects import arith, gpu
from xdsl.dialects.builtin import (
    ArrayAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    SymbolRefAttr,
)
from xdsl.ir import Block, SSAValue

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.kernel_abi import subgroup_size_of
from coopmlir.dialects.registry import make_context
from coopmlir.dialects.spirv.structure import (
    EntryPointOp,
    ExecutionModeOp,
    FuncOp,
    GlobalVariableOp,
    SpecConstantOp,
)
from coopmlir.dialects.spirv.structure import ModuleOp as SpirvModuleOp
from coopmlir.passes.convert_to_spirv import (
    KERNEL_ARGS,
    PUSH_CONSTANT_SIZES,
    REQUIRED_SUBGROUP_SIZE,
    ConvertToSpirv,
    kernel_module_name,
)
from coopmlir.runtime.vulkan import KernelBinary
from coopmlir.spirv.binary import capabilities_of
from coopmlir.spirv.capabilities import (
    device_extensions,
    has_workgroup_matrices,
    runtime_features,
)
from coopmlir.spirv.serializer import serialize_to_binary, vce_of
from coopmlir.targets import Target


@dataclass(frozen=True)
class CompiledKernel:
    """One kernel: its SPIR-V and what the runtime needs to launch it."""

    name: str
    spirv: bytes
    entry_point: str
    workgroup_size: tuple[int, int, int]
    required_subgroup_size: int | None
    capabilities: tuple[str, ...]
    features: frozenset[str]  # coopmlir.runtime.vulkan_device.FEATURES names
    extensions: frozenset[str]  # Vulkan device extensions
    arg_types: tuple[MemRefType, ...]  # argument i: set 0, binding i
    grid: tuple[int, int, int] | None  # from the host's gpu.launch_func
    #: (argument, dimension) of each i32 in the push-constant block: the
    #: dynamic sizes of the arguments (convert-to-spirv's `bind_sizes`).
    push_constant_sizes: tuple[tuple[int, int], ...] = ()
    #: (name, SpecId) of each specialization constant of the binary.
    spec_ids: tuple[tuple[str, int], ...] = ()

    def binary(
        self,
        spec_values: Mapping[str, int] | None = None,
        block: tuple[int, int, int] | None = None,
    ) -> KernelBinary:
        """The runtime's `KernelBinary` of this kernel, its pipeline
        specialized for `spec_values` (by name; the binary's other constants
        keep their defaults) and, where the workgroup size follows the
        values, for the launch's `block`."""
        values = dict(spec_values or {})
        ids = dict(self.spec_ids)
        size = self.workgroup_size
        if block is not None and "workgroup_size_x" in ids:
            values["workgroup_size_x"] = block[0]
            size = block
        return KernelBinary(
            spirv=self.spirv,
            entry_point=self.entry_point,
            workgroup_size=size,
            required_subgroup_size=self.required_subgroup_size,
            features=self.features,
            extensions=self.extensions,
            specialization=tuple(
                sorted((ids[name], v) for name, v in values.items() if name in ids)
            ),
        )


def constant_int(value: SSAValue) -> int | None:
    """The value of an integer `arith.constant`, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def launch_grids(module: ModuleOp) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(gpu.module, kernel) -> constant grid of the host's gpu.launch_func."""
    grids = {}
    for op in module.walk():
        if not isinstance(op, gpu.LaunchFuncOp):
            continue
        kernel = op.kernel
        refs = [kernel.root_reference.data, *(r.data for r in kernel.nested_references)]
        sizes = [constant_int(v) for v in (op.gridSizeX, op.gridSizeY, op.gridSizeZ)]
        if len(refs) == 2 and None not in sizes:
            grids[(refs[0], refs[1])] = tuple(sizes)  # type: ignore[assignment]
    return grids


def _symbols_used(op) -> set[str]:
    """The flat symbols every op inside `op` names (in its properties or
    attributes): the variables it takes the address of, the functions it calls."""
    names = set()
    for inner in op.walk():
        for attr in (*inner.properties.values(), *inner.attributes.values()):
            for ref in attr.data if isinstance(attr, ArrayAttr) else (attr,):
                if isinstance(ref, SymbolRefAttr):
                    names.add(ref.root_reference.data)
    return names


def _single_entry(module: SpirvModuleOp, name: str) -> SpirvModuleOp:
    """`module` with only what the entry point `name` uses: its entry point
    and modes, the functions it calls, the variables they (and its interface)
    name. Each binary then carries one kernel, not every kernel of its
    gpu.module (a whole-module clone costs as much as the serializing)."""
    ops = list(module.body.block.ops)
    functions = {op.sym_name.data: op for op in ops if isinstance(op, FuncOp)}
    kept, pending = set(), [name]
    while pending:  # the call tree of the entry point
        fn = pending.pop()
        if fn in kept or fn not in functions:
            continue
        kept.add(fn)
        pending.extend(_symbols_used(functions[fn]) & functions.keys())
    entries = [
        op
        for op in ops
        if isinstance(op, EntryPointOp | ExecutionModeOp)
        and op.fn.root_reference.data == name
    ]
    used = set().union(*(_symbols_used(functions[f]) for f in kept))
    used |= set().union(*(_symbols_used(op) for op in entries))
    dropped = [
        op
        for op in ops
        if (isinstance(op, FuncOp) and op.sym_name.data not in kept)
        or (isinstance(op, EntryPointOp | ExecutionModeOp) and op not in entries)
        or (isinstance(op, GlobalVariableOp) and op.sym_name.data not in used)
    ]
    if not dropped:
        return module
    # Only the kept ops are cloned (cloning all and erasing the rest cloned
    # every kernel once per kernel: 2.2 s of the GPT-2 block's 5 s compile).
    names = {id(op) for op in dropped}
    values: dict[SSAValue, SSAValue] = {}
    copy = module.clone_without_regions(values)
    block = Block()
    for op in ops:
        if id(op) not in names:
            block.add_op(op.clone(values))
    copy.body.add_block(block)
    return copy


def compile_kernels(
    module: ModuleOp, coopmat: str = "khr", target: Target | None = None
) -> list[CompiledKernel]:
    """Every kernel of `module` (an L1 or L2 module, see docs/kernels.md) as
    SPIR-V; raises CompileError (located) on input convert-to-spirv refuses.
    With the `target` the kernels are for, convert-to-spirv also refuses a
    kernel that needs more workgroup memory than it has (a driver may run
    one, with undefined results: an H200 lost the device) or an
    instruction it lacks."""
    grids = launch_grids(module)
    converted = module.clone()
    # convert-to-spirv names its target; this one is given, not looked up.
    ctx = make_context(None if target is None else lambda _device: target)
    name = "" if target is None else "vulkan"
    ConvertToSpirv(coopmat=coopmat, target=name).apply(ctx, converted)
    kernels = []
    for spirv_module in converted.walk():
        if not isinstance(spirv_module, SpirvModuleOp):
            continue
        caps = vce_of(spirv_module).capability_names
        workgroup_matrices = has_workgroup_matrices(spirv_module)
        module_name = kernel_module_name(spirv_module)
        spec_ids = tuple(
            (op.sym_name.data, op.spec_id.value.data)
            for op in spirv_module.body.block.ops
            if isinstance(op, SpecConstantOp) and op.spec_id is not None
        )
        modes = {
            op.fn.root_reference.data: tuple(v.value.data for v in op.values)
            for op in spirv_module.body.block.ops
            if isinstance(op, ExecutionModeOp)
        }
        for func in spirv_module.body.block.ops:
            # Functions without an entry point are called (outlined bodies).
            if not isinstance(func, FuncOp) or func.sym_name.data not in modes:
                continue
            name = func.sym_name.data
            size_attr = func.attributes.get(REQUIRED_SUBGROUP_SIZE)
            size = size_attr.value.data if isinstance(size_attr, IntegerAttr) else None
            args = func.attributes.get(KERNEL_ARGS)
            sizes = func.attributes.get(PUSH_CONSTANT_SIZES)
            binary = serialize_to_binary(_single_entry(spirv_module, name))
            kernels.append(
                CompiledKernel(
                    name=name,
                    spirv=binary,
                    entry_point=name,
                    workgroup_size=modes[name],  # type: ignore[arg-type]
                    required_subgroup_size=size,
                    capabilities=caps,
                    features=runtime_features(caps, size, workgroup_matrices),
                    extensions=device_extensions(caps),
                    arg_types=tuple(args.data) if args is not None else (),  # type: ignore[union-attr]
                    grid=grids.get((module_name, name)),
                    spec_ids=spec_ids,
                    push_constant_sizes=tuple(
                        (pair.data[0].value.data, pair.data[1].value.data)  # type: ignore[union-attr]
                        for pair in (sizes.data if sizes is not None else ())  # type: ignore[union-attr]
                    ),
                )
            )
    return kernels


def kernels_from_binaries(
    module: ModuleOp, binaries: dict[str, bytes]
) -> dict[str, CompiledKernel]:
    """The kernels of the L2 `module` as another compiler's SPIR-V runs them:
    `binaries` maps each gpu.module's name to that compiler's binary of it
    (e.g. MLIR's convert-gpu-to-spirv and mlir-translate), whose entry points
    are named after the kernels and take argument i at set 0, binding i, as
    MLIR's spirv-lower-abi-attrs places them. Workgroup size, subgroup size
    and grid come from `module`; the device features and extensions from
    each binary's capabilities. Static shapes only: a dynamic size would be a
    push constant of coopmlir's own ABI."""
    grids = launch_grids(module)
    kernels = {}
    for mod in module.walk():
        if not isinstance(mod, gpu.ModuleOp):
            continue
        name = mod.sym_name.data
        if name not in binaries:
            raise CompileError(f"error: no SPIR-V binary given for gpu.module @{name}")
        spirv = binaries[name]
        try:
            caps = capabilities_of(spirv)
        except ValueError as err:
            raise CompileError(
                f"error: the binary of gpu.module @{name}: {err}"
            ) from None
        for kernel in mod.walk():
            if not isinstance(kernel, gpu.FuncOp) or kernel.kernel is None:
                continue
            args = tuple(kernel.function_type.inputs)
            if any(
                not isinstance(t, MemRefType) or not t.has_static_shape() for t in args
            ):
                raise CompileError.at(
                    location_of(kernel),
                    "a kernel from an external binary takes static memrefs only",
                )
            block = kernel.known_block_size
            if block is None:
                raise CompileError.at(
                    location_of(kernel), "a kernel without known_block_size"
                )
            size = subgroup_size_of(kernel)
            kernels[kernel.sym_name.data] = CompiledKernel(
                name=kernel.sym_name.data,
                spirv=spirv,
                entry_point=kernel.sym_name.data,
                workgroup_size=tuple(block.get_values()),  # type: ignore[arg-type]
                required_subgroup_size=size,
                capabilities=caps,
                features=runtime_features(caps, size),
                extensions=device_extensions(caps),
                arg_types=args,  # type: ignore[arg-type]
                grid=grids.get((name, kernel.sym_name.data)),
            )
    return kernels
