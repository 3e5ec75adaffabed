"""convert-gpu-mma-to-coopmat: MLIR's WMMA-style kernels become coopmat (L1).

A kernel written for MLIR's GPU path holds `!gpu.mma_matrix` values and the
`gpu.subgroup_mma_*` ops (`dialects/gpu_mma.py`). Each becomes its coopmat
counterpart, so the kernel gets everything L1 gets (the interpreter,
coopmat-to-simt, every SPIR-V extension, the Vulkan runtime):

- `!gpu.mma_matrix<MxNxT, "AOp"|"BOp"|"COp">` -> `!coopmat.matrix<MxNxT,
  a|b|acc>` (`si8`/`ui8` -> `i8`: signedness goes to the ops);
- `subgroup_mma_load_matrix %m[..] {leadDimension = L, transpose?}` ->
  `coopmat.load %m[..] stride %L row_major` (`col_major` with `transpose`);
  `subgroup_mma_store_matrix` -> `coopmat.store`, the same addressing;
- `subgroup_mma_compute %a, %b, %c` -> `coopmat.mul_add` (`a_signed`/
  `b_signed` for `si8` operands, as MLIR's KHR lowering reads them);
- `subgroup_mma_constant_matrix %x` -> `coopmat.splat %x`;
- `subgroup_mma_elementwise`: addf/addi, subf/subi, mulf/muli, divf/divs,
  divu, negatef/negates, extf/truncf -> `coopmat.add`, `sub`, `mul`, `div`,
  `div {unsigned}`, `neg`, `convert` (mulf/muli by a constant matrix:
  `coopmat.scale`, as MLIR's OpMatrixTimesScalar); maxf/minf (no coopmat op) -> a loop
  over the work-item's components (`coopmat.length`, `coopmat.extract`,
  `arith.maximumf`/`minimumf`, `coopmat.insert`): both operands have one
  type, so component k of each is the same element;
- `subgroup_mma_extract_thread_local / insert_thread_local %m[%k]` ->
  `coopmat.extract / insert %m[%k]` (a work-item's own component k).

A kernel without `known_block_size` gets its workgroup size
from MLIR's `spirv.entry_point_abi<workgroup_size = [X, Y, Z]>`, or else
from the constant thread counts of the `gpu.launch_func`s that name it
(convert-to-spirv needs it as the LocalSize). Refused, at the op:
`a_transpose`/`b_transpose` (no coopmat counterpart; transpose at the
load instead) and elementwise ops on matrices of different types.

The lowering pipeline (`lower-to-spirv`, the Vulkan runtime, coopmlir-run's
interpreter) runs this pass first where such ops appear (`convert_gpu_mma`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, gpu, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    UnitAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    TypeConversionPattern,
    attr_type_rewrite_pattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects import coopmat
from coopmlir.dialects.gpu_mma import (
    MMAElementwiseOp,
    MMAMatrixType,
    SubgroupMmaComputeOp,
    SubgroupMmaConstantMatrixOp,
    SubgroupMmaElementwiseOp,
    SubgroupMmaExtractThreadLocalOp,
    SubgroupMmaInsertThreadLocalOp,
    SubgroupMmaLoadMatrixOp,
    SubgroupMmaStoreMatrixOp,
)
from coopmlir.dialects.spirv.attributes import EntryPointABIAttr

_USES = {
    "AOp": coopmat.MatrixUse.A,
    "BOp": coopmat.MatrixUse.B,
    "COp": coopmat.MatrixUse.ACC,
}


def matrix_type(t: MMAMatrixType) -> coopmat.MatrixType:
    """The coopmat type of an MLIR warp matrix (signedness goes to the ops)."""
    element = t.element_type
    if isinstance(element, IntegerType):
        element = IntegerType(element.width.data)
    return coopmat.MatrixType(t.rows.data, t.cols.data, element, _USES[t.operand.data])


def _is_signed(t: Attribute) -> bool:
    return (
        isinstance(t, MMAMatrixType)
        and isinstance(t.element_type, IntegerType)
        and t.element_type.signedness.data == Signedness.SIGNED
    )


def _retyped(op: Operation, result: Attribute) -> Operation:
    """`op` with result type `result`: an op built from operands that still
    have MLIR's type takes its result type from them."""
    new = type(op).create(
        operands=op.operands,
        result_types=[result],
        properties=op.properties,
        attributes=op.attributes,
        regions=[op.detach_region(r) for r in op.regions],
    )
    op.drop_all_references()
    return new


def _stride(op: Operation, rewriter: PatternRewriter) -> SSAValue:
    lead = op.properties["leadDimension"]
    assert isinstance(lead, IntegerAttr)
    const = arith.ConstantOp(IntegerAttr(lead.value.data, IndexType()))
    rewriter.insert(const, InsertPoint.before(op))
    return const.result


def _layout(op: Operation) -> coopmat.MatrixLayout:
    if "transpose" in op.properties:
        return coopmat.MatrixLayout.COL_MAJOR
    return coopmat.MatrixLayout.ROW_MAJOR


class LowerLoad(RewritePattern):
    """`gpu.subgroup_mma_load_matrix %m[%i, %j] {leadDimension = L}` ->
    `%L = arith.constant L : index; coopmat.load %m[%i, %j] stride %L row_major`
    (`col_major` with `transpose`)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: SubgroupMmaLoadMatrixOp, rewriter: PatternRewriter):
        assert isinstance(op.res.type, MMAMatrixType)
        stride = _stride(op, rewriter)
        rewriter.replace(
            op,
            coopmat.LoadOp(
                op.srcMemref,
                op.indices,
                matrix_type(op.res.type),
                _layout(op),
                stride,
            ),
        )


class LowerStore(RewritePattern):
    """`gpu.subgroup_mma_store_matrix %d, %m[..] {leadDimension = L}` ->
    `coopmat.store %d, %m[..] stride %L row_major` (`col_major` with `transpose`)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: SubgroupMmaStoreMatrixOp, rewriter: PatternRewriter
    ):
        stride = _stride(op, rewriter)
        rewriter.replace(
            op, coopmat.StoreOp(op.src, op.dstMemref, op.indices, _layout(op), stride)
        )


class LowerCompute(RewritePattern):
    """`gpu.subgroup_mma_compute %a, %b, %c` -> `coopmat.mul_add %a, %b, %c`,
    `a_signed`/`b_signed` where A/B hold `si8` (read before the types change)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: SubgroupMmaComputeOp, rewriter: PatternRewriter):
        signed = [
            name
            for name, value in (("a", op.opA), ("b", op.opB), ("c", op.opC))
            if _is_signed(value.type)
        ]
        if _is_signed(op.res.type):
            signed.append("result")
        mul_add = coopmat.MulAddOp(op.opA, op.opB, op.opC, signed=signed)
        assert isinstance(op.res.type, MMAMatrixType)
        rewriter.replace(op, _retyped(mul_add, matrix_type(op.res.type)))


class LowerConstant(RewritePattern):
    """`gpu.subgroup_mma_constant_matrix %x` -> `coopmat.splat %x`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: SubgroupMmaConstantMatrixOp, rewriter: PatternRewriter
    ):
        assert isinstance(op.res.type, MMAMatrixType)
        rewriter.replace(op, coopmat.SplatOp(op.value, matrix_type(op.res.type)))


_BINARY: dict[MMAElementwiseOp, type[coopmat.AddOp | coopmat.SubOp | coopmat.MulOp]] = {
    MMAElementwiseOp.ADDF: coopmat.AddOp,
    MMAElementwiseOp.ADDI: coopmat.AddOp,
    MMAElementwiseOp.SUBF: coopmat.SubOp,
    MMAElementwiseOp.SUBI: coopmat.SubOp,
    MMAElementwiseOp.MULF: coopmat.MulOp,
    MMAElementwiseOp.MULI: coopmat.MulOp,
}
_PER_ELEMENT = {
    MMAElementwiseOp.MAXF: arith.MaximumfOp,
    MMAElementwiseOp.MINF: arith.MinimumfOp,
}


def _per_element(
    kind: MMAElementwiseOp, lhs: SSAValue, rhs: SSAValue, t: coopmat.MatrixType
) -> list[Operation]:
    """`lhs kind rhs` component by component: both matrices have type `t`, so
    a work-item's component k of each is the same element."""
    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    one = arith.ConstantOp(IntegerAttr(1, IndexType()))
    length = coopmat.LengthOp(t)
    block = Block(arg_types=[IndexType(), t])
    k, acc = block.args
    x = coopmat.ExtractOp(acc, k)
    y = coopmat.ExtractOp(rhs, k)
    r = _PER_ELEMENT[kind](x, y)
    new = coopmat.InsertOp(r, acc, k)
    block.add_ops([x, y, r, new, scf.YieldOp(new)])
    loop = scf.ForOp(zero, length, one, [lhs], Region(block))
    return [zero, one, length, loop]


def _splat_operand(op: SubgroupMmaElementwiseOp) -> tuple[SSAValue, SSAValue] | None:
    """(the other matrix, the scalar) where one of two operands is a
    constant matrix: a product with it is a scale (MLIR's KHR lowering makes
    it OpMatrixTimesScalar too, which every extension has)."""
    if len(op.args) != 2:
        return None
    for this, other in ((op.args[1], op.args[0]), (op.args[0], op.args[1])):
        owner = this.owner
        if isinstance(owner, SubgroupMmaConstantMatrixOp | coopmat.SplatOp):
            return other, owner.operands[0]
    return None


class LowerElementwise(RewritePattern):
    """`gpu.subgroup_mma_elementwise <kind> %x(, %y)` -> the coopmat op of
    that kind, or a per-component loop for `maxf`/`minf` (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: SubgroupMmaElementwiseOp, rewriter: PatternRewriter
    ):
        kind = op.opType.data
        assert isinstance(op.res.type, MMAMatrixType)
        result = matrix_type(op.res.type)
        args = list(op.args)
        if kind in (MMAElementwiseOp.EXTF, MMAElementwiseOp.TRUNCF):
            rewriter.replace(op, coopmat.ConvertOp(args[0], result))
            return
        scalar = _splat_operand(op)
        if kind in (MMAElementwiseOp.MULF, MMAElementwiseOp.MULI) and scalar:
            matrix, value = scalar
            new: list[Operation] = [coopmat.ScaleOp(matrix, value)]
        elif kind in (MMAElementwiseOp.NEGATEF, MMAElementwiseOp.NEGATES):
            new = [coopmat.NegOp(args[0])]
        elif kind in _BINARY:
            new = [_BINARY[kind](*args)]
        elif kind in (MMAElementwiseOp.DIVF, MMAElementwiseOp.DIVS):
            new = [coopmat.DivOp(*args)]
        elif kind == MMAElementwiseOp.DIVU:
            new = [coopmat.DivOp(*args)]
            new[0].properties["unsigned"] = UnitAttr()
        else:
            new = _per_element(kind, args[0], args[1], result)
        new[-1] = _retyped(new[-1], result)
        rewriter.replace(op, new)


class LowerExtractThreadLocal(RewritePattern):
    """`gpu.subgroup_mma_extract_thread_local %m[%k]` -> `coopmat.extract %m[%k]`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: SubgroupMmaExtractThreadLocalOp, rewriter: PatternRewriter
    ):
        extract = coopmat.ExtractOp.create(
            operands=[op.matrix, op.indices[0]], result_types=[op.res.type]
        )
        rewriter.replace(op, extract)


class LowerInsertThreadLocal(RewritePattern):
    """`gpu.subgroup_mma_insert_thread_local %x, %m[%k]` ->
    `coopmat.insert %x, %m[%k]`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: SubgroupMmaInsertThreadLocalOp, rewriter: PatternRewriter
    ):
        assert isinstance(op.res.type, MMAMatrixType)
        insert = coopmat.InsertOp.create(
            operands=[op.value, op.matrix, op.indices[0]],
            result_types=[matrix_type(op.res.type)],
        )
        rewriter.replace(op, insert)


class MatrixTypes(TypeConversionPattern):
    """`!gpu.mma_matrix` -> `!coopmat.matrix` wherever it is left: block
    arguments, loop results, kernel signatures."""

    @attr_type_rewrite_pattern
    def convert_type(self, typ: MMAMatrixType) -> Attribute:
        return matrix_type(typ)


def _refuse_unsupported(module: ModuleOp) -> None:
    """A located error at the first op that has no coopmat counterpart."""
    for op in module.walk():
        if isinstance(op, SubgroupMmaComputeOp) and (op.a_transpose or op.b_transpose):
            raise CompileError.at(
                location_of(op),
                "gpu.subgroup_mma_compute with a_transpose/b_transpose has no "
                "coopmat counterpart: load the operand with `transpose` instead",
            )
        if isinstance(op, SubgroupMmaLoadMatrixOp | SubgroupMmaStoreMatrixOp):
            _refuse_other_element_type(op)
        thread_local = SubgroupMmaExtractThreadLocalOp | SubgroupMmaInsertThreadLocalOp
        if isinstance(op, thread_local) and len(op.indices) != 1:
            raise CompileError.at(
                location_of(op),
                f"{op.name} with {len(op.indices)} indices: coopmat numbers a "
                "work-item's components with one",
            )
        if isinstance(op, SubgroupMmaElementwiseOp) and not _one_type(op):
            raise CompileError.at(
                location_of(op),
                f"gpu.subgroup_mma_elementwise {op.opType.data.value}: operands "
                "and result must have one type, got "
                f"{', '.join(map(str, op.operand_types))} -> {op.res.type}",
            )


def _refuse_other_element_type(
    op: SubgroupMmaLoadMatrixOp | SubgroupMmaStoreMatrixOp,
) -> None:
    """MLIR lets a load read a memref of another element type; coopmat
    loads what is stored."""
    if isinstance(op, SubgroupMmaLoadMatrixOp):
        memref, matrix = op.srcMemref.type, op.res.type
    else:
        memref, matrix = op.dstMemref.type, op.src.type
    assert isinstance(memref, MemRefType) and isinstance(matrix, MMAMatrixType)
    stored = memref.element_type
    if stored != matrix_type(matrix).element_type:
        raise CompileError.at(
            location_of(op),
            f"{op.name}: {memref} holds {stored}, the matrix "
            f"{matrix.element_type}: coopmat loads the stored type",
        )


def _one_type(op: SubgroupMmaElementwiseOp) -> bool:
    """extf/truncf change the element type; the others keep one type."""
    if op.opType.data in (MMAElementwiseOp.EXTF, MMAElementwiseOp.TRUNCF):
        return len(op.args) == 1
    return len({a.type for a in op.args} | {op.res.type}) == 1


def _launch_block_sizes(module: ModuleOp) -> dict[tuple[str, str], set[tuple]]:
    """The constant thread counts of each kernel's launches."""
    sizes: dict[tuple[str, str], set[tuple]] = {}
    for op in module.walk():
        if not isinstance(op, gpu.LaunchFuncOp):
            continue
        refs = op.kernel
        key = (refs.root_reference.data, refs.nested_references.data[0].data)
        counts = []
        for value in (op.blockSizeX, op.blockSizeY, op.blockSizeZ):
            owner = value.owner
            if not (
                isinstance(owner, arith.ConstantOp)
                and isinstance(owner.value, IntegerAttr)
            ):
                counts = None
                break
            counts.append(owner.value.value.data)
        sizes.setdefault(key, set()).add(None if counts is None else tuple(counts))
    return sizes


def give_block_sizes(module: ModuleOp) -> None:
    """`known_block_size` for kernels without one: MLIR's
    `spirv.entry_point_abi<workgroup_size = ...>`, else the one constant
    thread count all of their launches use."""
    launches = _launch_block_sizes(module)
    for gpu_module in module.walk():
        if not isinstance(gpu_module, gpu.ModuleOp):
            continue
        for kernel in gpu_module.body.walk():
            if not isinstance(kernel, gpu.FuncOp) or kernel.known_block_size:
                continue
            size = None
            abi = kernel.attributes.get("spirv.entry_point_abi")
            if isinstance(abi, EntryPointABIAttr) and isinstance(
                abi.workgroup_size, ArrayAttr
            ):
                size = tuple(v.data for v in abi.workgroup_size)
            else:
                found = launches.get((gpu_module.sym_name.data, kernel.sym_name.data))
                if found and len(found) == 1 and None not in found:
                    size = next(iter(found))
            if size is not None:
                kernel.known_block_size = DenseArrayBase.from_list(i32, size)


def convert_gpu_mma(module: ModuleOp) -> None:
    """The pass's work, in place; checks everything before changing anything."""
    _refuse_unsupported(module)
    # Compute first: its signedness is read from the MLIR types.
    PatternRewriteWalker(LowerCompute(), apply_recursively=False).rewrite_module(module)
    PatternRewriteWalker(
        GreedyRewritePatternApplier(
            [
                LowerLoad(),
                LowerStore(),
                LowerConstant(),
                LowerElementwise(),
                LowerExtractThreadLocal(),
                LowerInsertThreadLocal(),
                MatrixTypes(recursive=True),
            ],
            dce_enabled=False,
        )
    ).rewrite_module(module)
    give_block_sizes(module)


@dataclass(frozen=True)
class ConvertGpuMmaToCoopmat(ModulePass):
    """Turn MLIR's gpu.subgroup_mma_* ops and !gpu.mma_matrix into coopmat."""

    name = "convert-gpu-mma-to-coopmat"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_gpu_mma(op)
