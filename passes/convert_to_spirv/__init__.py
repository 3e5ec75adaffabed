"""convert-to-spirv: L1 (coopmat) and L2 (SIMT) kernels to the spirv dialect.

In: a module in the shape of docs/kernels.md: host `func.func`s that
`gpu.launch_func` kernels of `gpu.module`s. Out: before each `gpu.module @m`,
`spirv.module @__spv__m Logical Vulkan requires #spirv.vce<v1.6, caps, exts>`
with, per kernel,

- a `spirv.func @k() "None"` with the kernel body, carrying the runtime's
  data: `coopmlir.required_subgroup_size` (`kernel_abi.subgroup_size_of`:
  from `spirv.entry_point_abi` or `coopmat.layout`, when the kernel has
  one) and `coopmlir.kernel_args` (argument i, a memref, is the
  StorageBuffer at descriptor set 0, binding i);
- a StorageBuffer `spirv.GlobalVariable @k_arg<i> bind(0, i)` per argument,
  Workgroup variables for workgroup memory, Input built-ins for gpu ids;
- `spirv.EntryPoint "GLCompute" @k, <its variables>` and
  `spirv.ExecutionMode @k "LocalSize", X, Y, Z` (`known_block_size`).

The `gpu.module` stays as it was, as in MLIR's convert-gpu-to-spirv (for
Vulkan shaders it puts `spirv.module @__spv__m` right before the gpu.module
it cloned): the host functions' `gpu.launch_func @m::@k` still refer to a
gpu.func with the launch's argument types, so the module verifies in
mlir-opt. `-t spirv-asm`/`-t spirv-bin` write the spirv.module, and
`coopmlir.runtime.compile` gives each kernel's binary with its launch grid.
`coopmat=khr|nv|nv2|simt|auto` picks the cooperative-matrix extension
(`extensions/`): nv2 is KHR matrices plus the SPV_NV_cooperative_matrix2
instructions for reduce/apply/transpose, simt none (SIMT modules have no
matrices), auto the target's choice (`target=`: nv2 where the device has
VK_NV_cooperative_matrix2, simt where it has no matrix units, else khr).
`target=NAME` also bounds each kernel's workgroup memory (its allocas and
the matrix ops' scratch) by the target's shared memory.
`qcom-conversion=true` (KHR only) lowers
from_vector/to_vector/bitcast_array/extract_subarray to the
SPV_QCOM_cooperative_matrix_conversion instructions instead of the
workgroup-memory round trip. The capabilities are the ones the module
uses (`coopmlir.spirv.capabilities`).

Bad input (an op or type without a lowering, memrefs over 2^31-1 elements,
a kernel without `known_block_size`) is a located error and the module
is unchanged.

The package, one job per module:

- `__init__.py`: the pass, and the conversion of each gpu.module (its
  globals, entry points and execution modes, the runtime's attributes);
- `types.py`: `SpirvTypeConverter`, the one mapping from builtin and
  coopmat types to SPIR-V types (index is i32, vectors, memrefs, KHR/NV
  cooperative matrices);
- `kernel.py`: `KernelLowering`, the walk over one kernel body and what
  its ops share (values, memories, arguments);
- `arith_to_spirv.py`, `vector_to_spirv.py`, `memref_to_spirv.py`,
  `scf_to_spirv.py`, `gpu_to_spirv.py`: the ops of each source dialect;
- `matrix.py`: `MatrixLowering`, the coopmat ops of a kernel, asking the
  module's extension for what differs between extensions;
- `extensions/`: one `MatrixExtension` per cooperative-matrix extension
  (KHR, NV, NV2, QCOM, SIMT), chosen once from the options;
- `checked_access.py`: checked loads and stores (through workgroup memory
  where a fragment crosses the bounds);
- `matrix_vectors.py`: from_vector/to_vector/bitcast_array/extract_subarray
  without QCOM instructions;
- `matrix_ops.py`: reduce, apply and transpose (their outlined functions,
  and their lowering through workgroup memory);
- `tensor_access.py`: workgroup-scope matrix accesses (tensor addressing);
- `wide_access.py`: 128-bit accesses of 8/16-bit vectors as one uvec4;
- `builder.py`: `SpirvFunctionBuilder`, which emits a function body with
  hoisted constants and structured selections and loops;
- `memory.py`: `Memory`, a memref as a pointer and its indexing;
- `errors.py`: `LoweringError` and `fail`, the located errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import gpu, memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    FlatSymbolRefAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import VerifyException

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.kernel_abi import subgroup_size_of
from coopmlir.dialects.spirv import structure as ss
from coopmlir.dialects.spirv.types import ArrayType, PointerType
from coopmlir.passes.convert_to_spirv import memref_to_spirv
from coopmlir.passes.convert_to_spirv.builder import SpirvFunctionBuilder
from coopmlir.passes.convert_to_spirv.errors import LoweringError, fail
from coopmlir.passes.convert_to_spirv.extensions import choose_extension
from coopmlir.passes.convert_to_spirv.extensions.khr import KHR
from coopmlir.passes.convert_to_spirv.kernel import KernelLowering
from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
from coopmlir.passes.convert_to_spirv.spec_constants import (
    declare_workgroup_size,
    matrix_sizes_attr,
    spec_matrix_sizes,
    spec_workgroup_size,
)
from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter
from coopmlir.passes.float8_decode import expand_f8_conversions
from coopmlir.spirv.capabilities import module_vce
from coopmlir.spirv.serializer import BUILTIN_WORKGROUP_SIZE, SPEC_MATRIX_SIZES
from coopmlir.targets import INDEX_LIMIT, Target, resolve_target

REQUIRED_SUBGROUP_SIZE = "coopmlir.required_subgroup_size"
#: MLIR's prefix for the spirv.module made from a gpu.module (GPUToSPIRV).
SPIRV_MODULE_PREFIX = "__spv__"
KERNEL_ARGS = "coopmlir.kernel_args"
#: [[argument, dimension], ...]: the dynamic sizes in the push-constant block.
PUSH_CONSTANT_SIZES = "coopmlir.push_constant_sizes"


def check_index_range(func: gpu.FuncOp, types: SpirvTypeConverter) -> None:
    """index is i32: refuse memrefs whose linear offsets could overflow it."""
    values = list(func.body.blocks[0].args)
    values += [op.memref for op in func.walk() if isinstance(op, memref.AllocaOp)]
    for value in values:
        t = value.type
        # Dynamic sizes are checked when the runtime launches the kernel.
        if not isinstance(t, MemRefType) or any(d < 0 for d in t.get_shape()):
            continue
        try:
            count = types.element_count(t)
        except LoweringError as err:
            raise fail(
                value.owner if isinstance(value.owner, Operation) else func, str(err)
            ) from None
        if count > INDEX_LIMIT:
            where = value.owner if isinstance(value.owner, Operation) else func
            raise CompileError.at(
                location_of(where),
                f"{t} has {count} elements: convert-to-spirv uses 32-bit indices "
                f"and handles at most {INDEX_LIMIT} elements per memref",
            )


def kernel_subgroup_size(func: gpu.FuncOp) -> int | None:
    """`subgroup_size_of` the kernel, a located error where it is ambiguous."""
    try:
        return subgroup_size_of(func)
    except VerifyException as err:
        raise CompileError.at(location_of(func), str(err)) from None


def block_size_of(func: gpu.FuncOp) -> tuple[int, int, int]:
    size = func.known_block_size
    if size is None:
        raise CompileError.at(
            location_of(func),
            f"kernel '{func.sym_name.data}' needs known_block_size (its LocalSize)",
        )
    values = tuple(size.get_values())
    if len(values) != 3 or any(v < 1 for v in values):
        raise CompileError.at(
            location_of(func),
            f"known_block_size must be 3 positive sizes: {values}",
        )
    return values  # type: ignore[return-value]


def workgroup_bytes(
    variables: Iterable[ss.GlobalVariableOp], types: SpirvTypeConverter
) -> int:
    """The bytes of the Workgroup variables among `variables`."""

    def size(t: Attribute) -> int:
        if isinstance(t, ArrayType):
            return t.length.data * size(t.element_type)
        return types.byte_size(t)

    total = 0
    for var in variables:
        pointer = var.type
        if isinstance(pointer, PointerType) and pointer.storage == "Workgroup":
            total += size(pointer.pointee)
    return total


class _ModuleConversion:
    """Builds the spirv.module of one gpu.module."""

    def __init__(
        self,
        gpu_module: gpu.ModuleOp,
        types: SpirvTypeConverter,
        target: Target | None = None,
    ):
        self.source = gpu_module
        self.types = types
        self.target = target
        self.globals: dict[str, ss.GlobalVariableOp] = {}
        self.funcs: list[Operation] = []
        self.entries: list[Operation] = []
        self.spec_constants: dict[str, ss.SpecConstantOp] = {}
        self.workgroup_size: ss.SpecConstantCompositeOp | None = None
        self.matrix_sizes: tuple[str, str, str] | None = None

    def _add_global(self, var: ss.GlobalVariableOp) -> None:
        self.globals.setdefault(var.sym_name.data, var)

    def run(self) -> ss.ModuleOp:
        for op in self.source.body.block.ops:
            if not isinstance(op, gpu.FuncOp) or op.kernel is None:
                raise CompileError.at(
                    location_of(op),
                    f"'{op.name}' op: convert-to-spirv handles kernels only "
                    "(gpu.func ... kernel)",
                )
            self._kernel(op)
        specs: list[Operation] = list(self.spec_constants.values())
        if self.workgroup_size is not None:
            specs.append(self.workgroup_size)
        module = ss.ModuleOp(
            [*specs, *self.globals.values(), *self.funcs, *self.entries],
            sym_name=SPIRV_MODULE_PREFIX + self.source.sym_name.data,
        )
        if self.workgroup_size is not None:
            module.attributes[BUILTIN_WORKGROUP_SIZE] = FlatSymbolRefAttr(
                self.workgroup_size.sym_name
            )
        if self.matrix_sizes is not None:
            module.attributes[SPEC_MATRIX_SIZES] = matrix_sizes_attr(self.matrix_sizes)
        module.properties["vce_triple"] = module_vce(module)
        return module

    def _kernel(self, func: gpu.FuncOp) -> None:
        name = func.sym_name.data
        try:
            spec_size = spec_workgroup_size(func)
            spec_matrix = spec_matrix_sizes(func)
        except LoweringError as err:
            raise fail(func, str(err)) from None
        if spec_matrix is not None:
            self._spec_matrix(func, spec_matrix)
        block_size = block_size_of(func) if spec_size is None else spec_size
        subgroup_size = kernel_subgroup_size(func)
        check_index_range(func, self.types)
        self._check_target(func)
        expand_f8_conversions(func)  # no target has 8-bit float types
        if len(func.body.blocks) != 1:
            raise CompileError.at(
                location_of(func), "a kernel body must be a single block"
            )
        entry = Block()
        builder = SpirvFunctionBuilder(entry, self._add_global)
        threads = block_size[0] * block_size[1] * block_size[2]

        matrices: list[MatrixLowering] = []

        def matrix_lowering(kernel: KernelLowering) -> Callable[[Operation], None]:
            lowering = MatrixLowering(kernel, func, threads, self.funcs.append)
            matrices.append(lowering)
            return lowering.lower

        try:
            lowering = KernelLowering(
                builder, self.types, block_size, name, matrix_lowering
            )
        except LoweringError as err:
            raise fail(func, str(err)) from None
        lowering.spec_constants = self.spec_constants
        lowering.device_scope = memref_to_spirv.uses_atomics(func)
        if spec_size is not None:
            self._spec_workgroup(func, spec_size)
        body = func.body.block
        for index, arg in enumerate(body.args):
            if not isinstance(arg.type, MemRefType):
                raise CompileError.at(
                    location_of(func),
                    f"kernel argument {index} has type {arg.type}: only memref "
                    "arguments (storage buffers) are supported",
                )
        dynamic = [
            (index, d)
            for index, arg in enumerate(body.args)
            for d, n in enumerate(arg.type.get_shape())  # type: ignore[union-attr]
            if n < 0
        ]
        sizes = lowering.bind_sizes(dynamic, f"{name}_sizes") if dynamic else None
        for index, arg in enumerate(body.args):
            try:
                lowering.bind_argument(index, arg, f"{name}_arg{index}", sizes)
            except LoweringError as err:
                raise fail(func, f"argument {index}: {err}") from None
        lowering.lower_block(body)
        builder.finish()
        self._check_workgroup_memory(func, builder.globals.values(), matrices)
        if spec_size is not None and any(m.scratch_bytes() for m in matrices):
            raise CompileError.at(
                location_of(func),
                f"kernel '{name}': its coopmat ops need per-subgroup scratch, "
                "sized by a workgroup size that the spec constants leave open",
            )
        spirv_func = ss.FuncOp(name, [], [], Region([entry]))
        if subgroup_size is not None:
            spirv_func.attributes[REQUIRED_SUBGROUP_SIZE] = IntegerAttr(
                subgroup_size, i32
            )
        spirv_func.attributes[KERNEL_ARGS] = ArrayAttr(a.type for a in body.args)
        if dynamic:
            spirv_func.attributes[PUSH_CONSTANT_SIZES] = ArrayAttr(
                ArrayAttr([IntegerAttr(i, i32), IntegerAttr(d, i32)])
                for i, d in dynamic
            )
        self.funcs.append(spirv_func)
        self.entries.append(ss.EntryPointOp("GLCompute", name, list(builder.globals)))
        self.entries.append(ss.ExecutionModeOp(name, "LocalSize", block_size))

    def _spec_matrix(self, func: gpu.FuncOp, names: tuple[str, str, str]) -> None:
        """Matrix types whose sizes follow spec constants: KHR types only
        (NV's carry no use to tell A's k from B's), one set per module."""
        if not isinstance(self.types.extension, KHR):
            raise CompileError.at(
                location_of(func),
                f"kernel '{func.sym_name.data}': matrix sizes as spec constants "
                "need KHR cooperative matrices (coopmat=khr or nv2)",
            )
        if self.matrix_sizes not in (None, names):
            raise CompileError.at(
                location_of(func),
                "one spirv.module takes one set of matrix-size spec constants",
            )
        self.matrix_sizes = names

    def _spec_workgroup(self, func: gpu.FuncOp, default: tuple[int, int, int]) -> None:
        """Declare the WorkgroupSize built-in's spec constants (one per
        module: the built-in applies to every entry point)."""
        if self.workgroup_size is not None:
            raise CompileError.at(
                location_of(func),
                "one spirv.module takes one kernel whose workgroup size follows "
                "spec constants (WorkgroupSize is module-wide)",
            )
        try:
            self.workgroup_size = declare_workgroup_size(self.spec_constants, default)
        except LoweringError as err:
            raise fail(func, str(err)) from None

    def _check_target(self, func: gpu.FuncOp) -> None:
        """What the extension lowers but the target cannot run (the NV2
        instructions without VK_NV_cooperative_matrix2) is a located error."""
        if self.target is None:
            return
        for op in func.walk():
            refusal = self.types.extension.target_refusal(op, self.target)
            if refusal is not None:
                raise CompileError.at(location_of(op), refusal)

    def _check_workgroup_memory(
        self,
        func: gpu.FuncOp,
        variables: Iterable[ss.GlobalVariableOp],
        matrices: list[MatrixLowering],
    ) -> None:
        if self.target is None:
            return
        used = workgroup_bytes(variables, self.types)
        limit = self.target.shared_memory_bytes
        if used <= limit:
            return
        scratch = sum(m.scratch_bytes() for m in matrices)
        raise CompileError.at(
            location_of(func),
            f"kernel '{func.sym_name.data}' needs {used} bytes of workgroup "
            f"memory ({scratch} of them the coopmat ops' per-subgroup scratch), "
            f"more than {self.target.name}'s {limit}",
        )


@dataclass(frozen=True)
class ConvertToSpirv(ModulePass):
    """`--convert-to-spirv="coopmat=khr|nv|nv2|auto target=NAME
    qcom-conversion=true|false drop-gpu-module=true|false"`: a spirv.module
    before every gpu.module (see the module docstring)."""

    name = "convert-to-spirv"

    coopmat: str = "khr"
    """Cooperative-matrix extension: khr (SPV_KHR_cooperative_matrix), nv, nv2
    (KHR plus SPV_NV_cooperative_matrix2), simt (none: SIMT modules) or auto
    (the target's)."""

    target: str = ""
    """Target whose shared memory bounds each kernel's workgroup memory, and
    whose extension coopmat=auto picks."""

    drop_gpu_module: bool = False
    """Drop each converted gpu.module and the host functions that launch it,
    leaving the spirv.modules (what mlir-translate --serialize-spirv takes);
    MLIR's convert-gpu-to-spirv keeps them, and so does the default."""

    qcom_conversion: bool = False
    """Lower coopmat.from_vector/to_vector/bitcast_array/extract_subarray to
    SPV_QCOM_cooperative_matrix_conversion instructions (needs coopmat=khr and a
    device with VK_QCOM_cooperative_matrix_conversion) instead of the
    workgroup-memory round trip."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = None
        if self.target:
            try:
                target = resolve_target(self.target, ctx)
            except ValueError as err:
                raise CompileError(f"error: convert-to-spirv: {err}") from None
        try:
            extension = choose_extension(self.coopmat, self.qcom_conversion, target)
        except ValueError as err:
            raise CompileError(f"error: convert-to-spirv: {err}") from None
        # Convert every gpu.module before inserting any: errors leave the input.
        types = SpirvTypeConverter(extension)
        work = [
            (gm, _ModuleConversion(gm, types, target).run())
            for gm in op.walk()
            if isinstance(gm, gpu.ModuleOp)
        ]
        for gm, spirv_module in work:
            parent = gm.parent_block()
            assert parent is not None  # a gpu.module below the top module
            parent.insert_op_before(spirv_module, gm)
        if self.drop_gpu_module:
            drop_gpu_modules(op, [gm for gm, _ in work])


def drop_gpu_modules(module: ModuleOp, converted: list[gpu.ModuleOp]) -> None:
    """Erase `converted` and the functions that launch their kernels (a
    gpu.launch_func naming an erased gpu.module would not verify), and the
    `gpu.container_module` attribute once no gpu.module is left."""
    names = {gm.sym_name.data for gm in converted}
    dropped: set[Operation] = set(converted)
    for launch in module.walk():
        if (
            isinstance(launch, gpu.LaunchFuncOp)
            and launch.kernel.root_reference.data in names
        ):
            host: Operation = launch
            while host.parent_op() is not module:
                host = host.parent_op()  # type: ignore[assignment]
            dropped.add(host)
    for op in dropped:
        op.detach()
        op.erase()
    if not any(isinstance(o, gpu.ModuleOp) for o in module.walk()):
        module.attributes.pop("gpu.container_module", None)


def kernel_module_name(spirv_module: ss.ModuleOp) -> str | None:
    """The gpu.module that convert-to-spirv made `spirv_module` from (the
    one `gpu.launch_func` names), or None for another spirv.module."""
    name = spirv_module.sym_name.data if spirv_module.sym_name else ""
    if not name.startswith(SPIRV_MODULE_PREFIX):
        return None
    return name.removeprefix(SPIRV_MODULE_PREFIX)
