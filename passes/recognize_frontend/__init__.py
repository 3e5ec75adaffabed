"""recognize-frontend: what front ends write, normalized to the L0 coopmlir lowers.

In: functions as front ends write them: torch-mlir's linalg on tensors
(`tensor.empty` + `linalg.fill` + products, decomposed softmax, `tensor.pad`
before a convolution), MLIR's generic form of the named ops. Out, step by
step (each of 1-3 a rewrite pattern, walked once over the module):

0. MLIR's generalized fill becomes `linalg.fill` (`SpecializeFill`,
   fills.py); a contraction generic whose body computes an operand (MLIR's
   elementwise fusion of a producer into it) is split into that
   element-wise generic and the plain contraction (`SplitPrologue`,
   prologues.py);
1. a contraction-shaped `linalg.generic` becomes the named `linalg.matmul`
   or `batch_matmul` (`SpecializeContraction`, as specialize-contractions);
   a batch_matmul by one matrix broadcast over the batch becomes a matmul
   over the collapsed rows (`SharedWeightProduct`, shared_weight.py); then
   the products read what a front end widened or laid out for them
   (a widening that MLIR's elementwise fusion merged into an epilogue or a
   transpose split off first, `SplitTrailingWidening`,
   `SplitPermutedWidening`, widenings.py):
   narrow inputs for `extf`/`extsi`/`extui` generics (`ReadNarrowInputs`,
   precision.py; `sitofp`/`uitofp` ones: an i32 product, then `sitofp`,
   where exact, `ReadIntegerInputs`), a `linalg.transpose`'s source through
   a permuted map (`ReadTransposedInputs`, transposes.py), and
   `conv_2d_nchw_fchw` becomes `conv_2d_nhwc_fhwc` between transposes
   (`NhwcConvolution`, nchw.py), `conv_1d_ncw_fcw` (nn.Conv1d) becomes
   `conv_2d_nchw_fchw` over a unit height (`Conv1dAsConv2d`, conv1d.py);
   a `linalg.generic` reads a transpose's
   source through a permuted map too (`GenericReadsTransposeSource`);
   the element-wise ops that dequantize a product's operand (a quantized
   weight, its scales and zero points, through reshapes and nibble
   interleaving) become one dequantize generic (`FuseDequantize`,
   dequantize.py), which constant folding leaves alone;
2. an attention chain (`Q K^T`, scale, mask, causal, softmax, `P V`)
   becomes one `coopmlir.attention` (`FuseAttention`, attention.py); a
   `tensor.concat` left becomes inserts into an empty tensor
   (`DecomposeConcat`, concat.py);
3. a matmul chain with element-wise functions between the products becomes
   one `coopmlir.chain` (`FuseChain`, chain.py); a LayerNorm or RMSNorm
   chain (reductions and element-wise generics over rows) becomes one
   `coopmlir.layer_norm` / `coopmlir.rms_norm` (`FuseNorm`, norm.py);
3a. a product (contraction or convolution) whose zero fill other ops also
   read gets its own
   (`OwnFill`, fills.py);
3b. a product's element-wise consumers over a (B, M, N) expand_shape of
   it merge B and M (`MergeLeadingDims`, `FoldCollapseOfExpand`,
   unit_dims.py), and adjacent element-wise generics on tensors become one
   (`FuseElementwise`, elementwise_fusion.py), walked until none is left;
4. every function holding a linalg op (or another op of `KERNEL_OPS`) on
   tensors, each of which lower-to-coopmat makes a kernel, is bufferized as
   bufferize-matmul bufferizes it: results become out-params, and a
   `tensor.pad` a zero-filled buffer that a convolution then reads as its
   padding. Other functions stay as they are.
   `bufferize=false` stops before this step (the tensor forms, for tests).

A module without these forms is left as it is; lower-to-coopmat runs this
pass first, so its input may be either.

Refused, with a located error (steps already done are kept, an equivalent
program): an attention chain that has no lowering (a linalg.softmax over
another dimension than the keys; near misses of the decomposed form stay
separate kernels, attention.py), a contraction that is
xDSL's own `linalg.matmul` rather than coopmlir's, an op of `KERNEL_OPS`
outside a `func.func`, and a function on tensors that bufferize-matmul
refuses (its errors name bufferize-matmul).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.chain import ChainOp
from coopmlir.dialects.decode_attention import DecodeAttentionOp
from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.dialects.linalg_mixed_precision import (
    ContractionOp,
    require_coopmlir_contractions,
)
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.dialects.norm import RowNormOp
from coopmlir.passes.bufferize_matmul import apply_plan, plan_function
from coopmlir.passes.recognize_frontend.attention import FuseAttention
from coopmlir.passes.recognize_frontend.chain import FuseChain
from coopmlir.passes.recognize_frontend.concat import CopyStridedSlice, DecomposeConcat
from coopmlir.passes.recognize_frontend.constant_folding import FoldConstantOps
from coopmlir.passes.recognize_frontend.conv1d import Conv1dAsConv2d
from coopmlir.passes.recognize_frontend.conv_init import (
    ConvBiasAfter,
    EpilogueOwnEmpty,
)
from coopmlir.passes.recognize_frontend.dequantize import FuseDequantize
from coopmlir.passes.recognize_frontend.elementwise_fusion import FuseElementwise
from coopmlir.passes.recognize_frontend.expand_source import GenericReadsExpandSource
from coopmlir.passes.recognize_frontend.fills import OwnFill, SpecializeFill
from coopmlir.passes.recognize_frontend.generic_convolution import (
    SpecializeConvolution,
)
from coopmlir.passes.recognize_frontend.grouped import FuseGroupedProduct
from coopmlir.passes.recognize_frontend.grouped_swiglu import FuseGroupedSwiglu
from coopmlir.passes.recognize_frontend.norm import FuseNorm
from coopmlir.passes.recognize_frontend.precision import (
    ReadIntegerInputs,
    ReadNarrowInputs,
)
from coopmlir.passes.recognize_frontend.prologues import SplitPrologue
from coopmlir.passes.recognize_frontend.shared_weight import SharedWeightProduct
from coopmlir.passes.recognize_frontend.transposes import (
    GenericReadsTransposeSource,
    ReadTransposedInputs,
)
from coopmlir.passes.recognize_frontend.unit_dims import (
    FoldCollapseOfExpand,
    MergeLeadingDims,
)
from coopmlir.passes.recognize_frontend.widenings import (
    SplitPermutedWidening,
    SplitTrailingWidening,
)
from coopmlir.passes.specialize_contractions import SpecializeContraction
from coopmlir.targets import Target

#: The ops lower-to-coopmat lowers to kernels, each launched from its function.
KERNEL_OPS = (
    ContractionOp
    | ConvOperation
    | AttentionOp
    | ChainOp
    | SoftmaxOp
    | RowNormOp
    | DecodeAttentionOp
    | GroupedMatmulOp
    | SortByExpertOp
)

NAME = "recognize-frontend"


@dataclass(frozen=True)
class RecognizeFrontend(ModulePass):
    """`--recognize-frontend` (see the module docstring)."""

    name = NAME

    bufferize: bool = True
    """false: stop before step 4 and keep the tensor forms (to inspect them)."""

    explain: bool = False
    """true: a remark where a chain almost is a norm or an attention, saying
    why it is not."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.bufferize:
            recognize_frontend(op, self.name, explain=self.explain)
        else:
            name_front_end_forms(op, self.name, explain=self.explain)


def recognize_frontend(
    module: ModuleOp,
    pass_name: str = NAME,
    target: Target | None = None,
    explain: bool = False,
) -> None:
    """The pass on `module`, in place; errors name `pass_name` (the pass
    that runs this one as its first step), which knows the `target` (what
    its kernels can compute) and whether to `explain` near misses."""
    name_front_end_forms(module, pass_name, target, explain)
    require_coopmlir_contractions(module, pass_name)
    _require_host_functions(module, pass_name)
    # Every function is checked before any is bufferized.
    plans = [plan_function(f, module) for f in _functions_on_tensors(module)]
    for plan in plans:
        if plan is not None:
            apply_plan(plan)


def name_front_end_forms(
    module: ModuleOp,
    pass_name: str = NAME,
    target: Target | None = None,
    explain: bool = False,
) -> None:
    """Steps 1-3 (module doc): the forms a front end writes become the ops
    coopmlir lowers, in place; tensors stay tensors."""
    for pattern in (
        FuseGroupedProduct(pass_name, target),
        SpecializeFill(),
        SplitPrologue(),
        SpecializeContraction(),
        SpecializeConvolution(),
        Conv1dAsConv2d(),
        SharedWeightProduct(),
        SplitTrailingWidening(),
        SplitPermutedWidening(),
        ReadNarrowInputs(),
        ReadIntegerInputs(),
        ReadTransposedInputs(),
        FuseDequantize(pass_name, explain),
        FoldConstantOps(pass_name),
        ConvBiasAfter(),
        GenericReadsTransposeSource(),
        GenericReadsExpandSource(),
        FuseAttention(pass_name, target, explain),
        DecomposeConcat(),
        CopyStridedSlice(),
        FuseChain(),
        OwnFill(),
    ):
        PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(module)
    norms = FuseNorm(explain)
    PatternRewriteWalker(
        norms, apply_recursively=False, walk_reverse=True
    ).rewrite_module(module)
    norms.remark_misses()
    epilogues = [MergeLeadingDims(), FoldCollapseOfExpand(), FuseElementwise()]
    PatternRewriteWalker(GreedyRewritePatternApplier(epilogues)).rewrite_module(module)
    # On the merged element-wise generic: silu(gate) * up of grouped products.
    PatternRewriteWalker(FuseGroupedSwiglu(), apply_recursively=False).rewrite_module(
        module
    )
    PatternRewriteWalker(EpilogueOwnEmpty(), apply_recursively=False).rewrite_module(
        module
    )


def _functions_on_tensors(module: ModuleOp) -> list[func.FuncOp]:
    """The top-level functions with a linalg op (or one of `KERNEL_OPS`) on
    tensors: each becomes a kernel, so each function is bufferized. So is a
    function that returns tensors without computing anything (an export of
    `x.transpose(0, 1).transpose(0, 1)` is `return %arg0`): its results
    become out-params that copies fill, as the tools expect of a function
    returning tensors. Others on tensors are left alone."""
    return [
        function
        for function in module.body.block.ops
        if isinstance(function, func.FuncOp)
        and not function.is_declaration
        and (
            any(_kernel_op_on_tensors(o) for o in function.walk())
            or any(isinstance(t, TensorType) for t in function.function_type.outputs)
        )
    ]


def _kernel_op_on_tensors(op: Operation) -> bool:
    linalg_op = isinstance(op, KERNEL_OPS) or op.name.startswith("linalg.")
    return linalg_op and any(isinstance(r.type, TensorType) for r in op.results)


def _require_host_functions(module: ModuleOp, pass_name: str) -> None:
    """Each op of `KERNEL_OPS` becomes a launch from its func.func: one
    outside a function (at the top of the module) is refused where it is."""
    hosted = {o for f in module.walk() if isinstance(f, func.FuncOp) for o in f.walk()}
    for op in module.walk():
        if isinstance(op, KERNEL_OPS) and op not in hosted:
            raise CompileError.at(
                location_of(op),
                f"{pass_name}: '{op.name}' outside a func.func: kernels are "
                "launched from a host function",
            )
