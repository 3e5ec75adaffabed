"""What the skinny-product kernel of one small-M product will be
(`plan_skinny`), decided before anything changes; `skinny_kernel.py` builds
a given plan.

At token-generation batch sizes (M = 1..16) a product reads each weight
byte once and does M multiply-adds with it: the weight's bytes set the
time, and a 16-row cooperative matrix would spend most of its rows on
zeros. The kernel reads the weight with 16-byte loads, accumulates in f32,
and reduces across lanes and subgroups (module doc of skinny_kernel.py).

Two schedules, by the weight's layout:

- `nk`: W [N, K], K contiguous (nn.Linear's `x @ W^T`, linalg.matvec):
  workgroup x owns `rows` outputs n for all M rows; its work-items split K
  in `width`-element chunks, every lane's partial sums reduced by a
  butterfly over the subgroup, then over the subgroups in workgroup memory.
- `kn`: W [K, N], N contiguous (`x @ W`, linalg.vecmat): workgroup x owns
  `subgroup * width` columns; lane l reads `width` columns, subgroup g the
  K rows g, g + SUBGROUPS, ...; the subgroups' partials are summed in
  workgroup memory.

Where the workgroups of N alone leave compute units idle, grid y runs over
`slices` ranges of K, each writing its partial product into an f32
workspace [S, M, N] that split_k.py's reduction kernel sums onto the output
(two passes: the partial kernel, then the combine kernel)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    MemRefType,
)
from xdsl.dialects.linalg.ops import FillOp, GenericOp
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects.linalg_named import MatvecOp, VecmatOp
from coopmlir.passes.lower_to_coopmat.matching import (
    Matmul,
    _preceding_fill,
    byte_size,
    error,
)
from coopmlir.passes.lower_to_coopmat.weight_decode import WeightDecode, find_decode
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES

#: Products with at most this many rows take the skinny kernel by default:
#: on an H200 (bench/RESULTS.md "LLM inference kernels", f16 weights) it is
#: 2.2x faster than the fragment kernel at M = 1 and 2x slower at M = 16.
SKINNY_MAX_M = 8
#: ... and with weights decoded in the load: on the H200 (bench/RESULTS.md
#: "LLM inference kernels, second GPU run", 4096 x 4096) the skinny kernel
#: took 0.013 / 0.026 / 0.075 / 0.278 ms at M = 1 / 4 / 8 / 16 for int8 and
#: 0.019 / 0.053 / 0.163 / 0.546 for int4, against about 0.09 for the
#: fragment kernel at M = 16: it wins up to M = 4 for both.
SKINNY_MAX_M_DECODED = 4
#: ... when their weight has at least this many elements: below, the whole
#: product is a few microseconds of launch and either kernel is as fast
#: (and small test matmuls keep the fragment kernel they were written for).
SKINNY_MIN_WEIGHT = 256 * 256
#: Subgroups per workgroup.
SUBGROUPS = 4
#: f32 accumulators per work-item: `nk` keeps rows * M scalars (4 rows up to
#: M = 16: the activations no longer sit in registers for a whole step), `kn`
#: M vectors of `width`.
ACCUMULATORS = 64
#: Workgroups per compute unit that the grid should reach before K is split.
FILL = 2
#: `nk`: at most this many outputs n per workgroup (each A chunk is reused
#: across them).
MAX_ROWS = 4

FLOATS = (Float16Type, BFloat16Type, Float32Type)


@dataclass(frozen=True)
class SkinnyProduct:
    """out[m, n] (+)= sum_k act[m, k] * W(n, k): `act` of rank 2 (or 1:
    M = 1, a matvec's x), `out` of rank 2 (or 1), `weight` stored [N, K]
    (`k_contiguous`) or [K, N]. `fill`: the `linalg.fill` of `out` the kernel
    applies (its value `fill_value`); without it the product adds to `out`."""

    op: Operation
    act: SSAValue
    weight: SSAValue
    out: SSAValue
    m: int
    n: int
    k: int
    k_contiguous: bool
    fill: FillOp | None
    fill_value: Attribute | None
    #: The matmul it is (None: a matvec or vecmat), whose epilogue the
    #: kernel may fuse (skinny_kernel.py).
    matmul: Matmul | None = None
    #: The dequantize prologue computing `weight` (weight_decode.py): the
    #: kernel reads its stored inputs and decodes in registers.
    decode: WeightDecode | None = None

    @property
    def element(self) -> Attribute:
        return self.weight.type.element_type  # pyright: ignore

    @property
    def stored_element(self) -> Attribute:
        """The element type the kernel reads the weight in (the prologue's
        stored bytes with a decode)."""
        if self.decode is None:
            return self.element
        return self.decode.inputs[0].type.element_type  # pyright: ignore

    @property
    def packing(self) -> int:
        """Weights per stored element along the contiguous dimension (2 for
        nibbles packed in u8; 1 without a decode)."""
        if self.decode is None:
            return 1
        stored = self.decode.inputs[0].type.get_shape()[-1]  # pyright: ignore
        logical = self.weight.type.get_shape()[-1]  # pyright: ignore
        return max(1, logical // stored)

    @property
    def out_element(self) -> Attribute:
        return self.out.type.element_type  # pyright: ignore

    def describe(self) -> str:
        layout = "[N, K]" if self.k_contiguous else "[K, N]"
        decoded = "" if self.decode is None else f" decoded from {self.stored_element}"
        return (
            f"{self.m}x{self.n}x{self.k} {self.element}*{self.element}->"
            f"{self.out_element}, weight {layout}{decoded}"
        )


@dataclass(frozen=True)
class SkinnyPlan:
    """The kernel of `product`: `subgroups` subgroups of `subgroup` lanes,
    `width` weight elements per load; `nk`: `rows` outputs per workgroup;
    `slices` ranges of `slice_k` K each (grid y)."""

    product: SkinnyProduct
    subgroup: int
    width: int
    rows: int
    slices: int
    slice_k: int
    subgroups: int = SUBGROUPS
    #: `skinny-coopvec=true`: the kernel is skinny_coopvec.py's instead.
    cooperative_vector: bool = False
    #: ... taking K in chunks of this many components (0: not chosen yet).
    vector_chunk: int = 0
    #: ... each chunk's product in this type ("f16", "f32"), summed in f32.
    vector_result: str = "f32"

    @property
    def threads(self) -> int:
        return self.subgroups * self.subgroup

    @property
    def columns(self) -> int:
        """Outputs n per workgroup."""
        if self.product.k_contiguous:
            return self.rows
        return self.subgroup * self.width

    @property
    def slots(self) -> int:
        """Partial sums per workgroup (M x its outputs), each in workgroup
        memory once per subgroup."""
        return self.product.m * self.columns

    def grid(self) -> tuple[int, int, int]:
        return (math.ceil(self.product.n / self.columns), self.slices, 1)

    def describe(self) -> str:
        p = self.product
        if p.k_contiguous:
            how = (
                f"{self.rows} output(s) per workgroup, its {self.threads} "
                f"work-items splitting K in {self.width}-element loads, "
                "butterflies over each subgroup, then over subgroups"
            )
        else:
            how = (
                f"{self.columns} columns per workgroup, {self.width} per lane, "
                f"{self.subgroups} subgroups splitting K, summed in workgroup memory"
            )
        split = (
            f"; K split in {self.slices} slices of {self.slice_k}, summed by a "
            "second kernel"
            if self.slices > 1
            else ""
        )
        return (
            f"{p.describe()}: skinny kernel, {how}; {self.grid()[0]} x "
            f"{self.slices} workgroups{split}"
        )


# --------------------------------------------------------------------------
# What the skinny kernel takes
# --------------------------------------------------------------------------


def skinny_refusal(matmul: Matmul) -> str | None:
    """Why the skinny kernel does not compute `matmul` (None: it does)."""
    a, b, c = matmul.operands
    if matmul.dynamic:
        return "its sizes are known at run time"
    if matmul.batch is not None:
        return "it is batched"
    if matmul.a_address is not None or matmul.b_address is not None:
        return "an operand is not stored as a matrix"
    if matmul.transposed[0] or matmul.transposed[2]:
        return "A or C is stored transposed"
    return _type_refusal(a, b, c)


def _type_refusal(*values: SSAValue) -> str | None:
    types = [v.type for v in values]
    if not all(isinstance(t, MemRefType) for t in types):
        return "an operand is not a memref"
    elements = [t.element_type for t in types]  # pyright: ignore
    if not all(isinstance(e, FLOATS) for e in elements):
        return f"it multiplies {elements[0]}, not f16, bf16 or f32"
    if elements[0] != elements[1]:
        return "the activations and the weight differ in type"
    return None


def skinny_product(matmul: Matmul, f8_pairs: bool = True) -> SkinnyProduct:
    """`matmul` (which `skinny_refusal` accepts) as a skinny product, its
    weight decoded in the load where a dequantize prologue computes it
    (`f8_pairs`: weight_decode.py's `WeightDecode.f8_pairs`)."""
    a, b, c = matmul.operands
    decode = _decode(matmul.op, 1, f8_pairs, a, c)
    return SkinnyProduct(
        matmul.op,
        a,
        b,
        c,
        matmul.m,
        matmul.n,
        matmul.k,
        matmul.transposed[1],
        matmul.fill,
        matmul.fill_value,
        matmul,
        decode,
    )


def vector_product(
    op: MatvecOp | VecmatOp, f8_pairs: bool = True
) -> SkinnyProduct | str:
    """A `linalg.matvec` (y[n] += A[n, k] x[k]) or `linalg.vecmat`
    (y[n] += x[k] A[k, n]) on static memrefs with its default maps as a
    skinny product of M = 1, or why it is not one."""
    if op.attributes.get("indexing_maps") not in (None, op.DEFAULT_MAPS):
        return "its indexing maps are not the default ones"
    matrix, vector = (
        op.inputs if isinstance(op, MatvecOp) else tuple(reversed(op.inputs))
    )
    (out,) = op.outputs
    why = _type_refusal(vector, matrix, out)
    if why is not None:
        return why
    if any(d < 0 for v in (matrix, out) for d in v.type.get_shape()):  # pyright: ignore
        return "its sizes are known at run time"
    rows, cols = matrix.type.get_shape()  # pyright: ignore
    k_contiguous = isinstance(op, MatvecOp)
    n, k = (rows, cols) if k_contiguous else (cols, rows)
    fill, value = _preceding_fill(op, out, out.type.element_type)  # pyright: ignore
    decode = _decode(op, 0 if k_contiguous else 1, f8_pairs, vector, out)
    return SkinnyProduct(
        op, vector, matrix, out, 1, n, k, k_contiguous, fill, value, None, decode
    )


def _decode(
    op: Operation, operand: int, f8_pairs: bool, *others: SSAValue
) -> WeightDecode | None:
    """The dequantize prologue computing `op`'s weight (its `operand`), to
    decode in the load; None without one or for a prologue that reads the
    activations or the output (`others`)."""
    decode = find_decode(op, operand, f8_pairs)
    if decode is not None and any(v in others for v in decode.inputs):
        return None
    return decode


def default_skinny(product: SkinnyProduct) -> bool:
    """Whether the planner takes the skinny kernel when `skinny` is left out."""
    most = SKINNY_MAX_M if product.decode is None else SKINNY_MAX_M_DECODED
    return product.m <= most and product.n * product.k >= SKINNY_MIN_WEIGHT


def fuses_epilogue(plan: SkinnyPlan) -> bool:
    """Whether the kernel may take an epilogue: a matmul with a fill (C is
    not read) and one slice of K (split_k.py's reduction applies none)."""
    p = plan.product
    return p.matmul is not None and p.fill is not None and plan.slices == 1


def feeds_epilogue(matmul: Matmul) -> bool:
    """Whether a `linalg.generic` after `matmul` reads its output (an
    epilogue the fragment kernels fuse)."""
    c = matmul.operands[2]
    op = matmul.op.next_op
    while op is not None:
        if isinstance(op, GenericOp) and c in op.inputs:
            return True
        op = op.next_op
    return False


# --------------------------------------------------------------------------
# The plan
# --------------------------------------------------------------------------


def plan_skinny(
    product: SkinnyProduct,
    target: Target,
    rows: int | None = None,
    subgroups: int | None = None,
) -> SkinnyPlan:
    """The plan of `product`'s kernel on `target`, or a located error;
    `rows`: outputs per workgroup of a W [N, K] (the `skinny-rows` option;
    default min(MAX_ROWS, ACCUMULATORS / M)); `subgroups` per workgroup
    (`skinny-subgroups`; default SUBGROUPS)."""
    s, p = target.subgroup_size, product
    g = SUBGROUPS if subgroups is None else subgroups
    if g * s > target.max_workgroup_size:
        raise error(p.op, f"the skinny kernel needs {g * s} work-items")
    # Weights per step: a 16-byte load's worth of the stored element (32
    # nibbles of 16 packed bytes).
    width = ACCESS_BYTES // byte_size(p.stored_element) * p.packing
    if p.k_contiguous:
        # Whole 16-byte chunks in every row (else one element per load).
        width = width if p.k % width == 0 else 1
        # rows * M f32 sums; a step holds one 16-byte piece of activations
        # and rows pieces of decoded weights besides (skinny_kernel.py).
        if rows is None:
            rows = max(1, min(MAX_ROWS, ACCUMULATORS // p.m))
        chunk = g * s * width  # K per step of the workgroup
    else:
        width = width if p.n % width == 0 else 1
        while width > 1 and (
            p.m * width > ACCUMULATORS
            or g * p.m * s * width * 4 > target.shared_memory_bytes // 2
        ):
            width //= 2
        rows = 1
        chunk = g  # K rows per step of the workgroup
    plan = SkinnyPlan(p, s, width, rows, 1, p.k, g)
    workgroups = plan.grid()[0]
    # Split K where N alone leaves compute units idle, keeping at least four
    # steps of the workgroup per slice.
    wanted = math.ceil(FILL * target.compute_units / workgroups)
    most = max(1, p.k // (4 * chunk))
    slices = max(1, min(wanted, most))
    if slices > 1:
        slice_k = math.ceil(math.ceil(p.k / slices) / chunk) * chunk
        slices = math.ceil(p.k / slice_k)
        plan = SkinnyPlan(p, s, width, rows, slices, slice_k, g)
    if workgroups > target.max_workgroup_count[0]:
        raise error(p.op, f"the skinny kernel needs {workgroups} workgroups")
    if g * plan.slots * 4 > target.shared_memory_bytes:
        raise error(p.op, "the skinny kernel's partial sums exceed workgroup memory")
    return plan
