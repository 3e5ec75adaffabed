"""Convolutions as the tiled GEMM of lower-to-coopmat, with an implicit
im2col matrix (the VK_QCOM_cooperative_matrix_conversion proposal's
"convolution without an im2col buffer").

`linalg.conv_2d_nhwc_hwcf` / `conv_2d_nhwc_fhwc` on memrefs, any strides
and dilations, optionally zero-padded (`padding.py`), is the product
C[M, F] = A[M, K] * B[K, F] with M = N*OH*OW, K = KH*KW*C:

- B is the weights as they are: HWCF is a contiguous K x F matrix, FHWC a
  contiguous F x K one (B stored transposed, read col_major);
- C is the NHWC output, a contiguous M x F matrix;
- A[m, k], m = (n, oh, ow), k = (kh, kw, c), is input element
  X[n, oh*sh + kh*dh - pad_top, ow*sw + kw*dw - pad_left, c], zero outside
  the image: `Im2col` says so to the staged tile copy, which reads the input
  in place (never a copy of the image, padded or unfolded).

B and C reach the kernel as 2-D `memref.collapse_shape` views of the host's
buffers (the same memory). A 1x1 convolution with stride 1 and no padding is
a plain GEMM: A is then a collapsed view too, and every stage works.
Otherwise the kernel stages A (stages=1|2|3): an im2col fragment is not a
strided window of the input (its rows wrap around output rows).

`linalg.conv_2d_nchw_fchw` (what `nn.Conv2d` exports; static shapes) is
read in place too, as the product with the output channels as rows
(`NchwIm2col`): per image n (grid z where N > 1),
Y[n] (F x OH*OW) = W (F x K) * X'[n] (K x OH*OW), K = C*KH*KW, k = (c, kh, kw):

- A is the FCHW filter as it is, a contiguous F x K matrix;
- C is image n of the NCHW output, a contiguous F x OH*OW matrix;
- B[k, p], p = (oh, ow), is X[n, c, oh*sh + kh*dh - pad_top,
  ow*sw + kw*dw - pad_left], zero outside the image, read in place by the
  staged copy (a 1x1 convolution with stride 1 and no padding: image n as
  a C x H*W matrix).

The batch and the image sizes of an NHWC convolution (N, H, W and the
output's OH, OW) may be dynamic; channel counts and the filter are static
(they make K and N). M is then a run-time size (the collapsed output's
first dimension), the im2col addressing divides by the run-time OH, OW
(derived from H, W in the kernel: `convolution_sizes.py`), and the host
asserts that the sizes agree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.dialects import memref
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, MemRefType, i64
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import (
    Conv2DNchwFchwOp,
    Conv2DNhwc_FhwcOp,
    Conv2DNhwc_HwcfOp,
)
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.passes.lower_to_coopmat.convolution_sizes import (
    DYNAMIC,
    assert_sizes_agree,
    output_size,
    shape_of,
)
from coopmlir.passes.lower_to_coopmat.epilogue import (
    Epilogue,
    Input,
    OutputLayout,
    match_epilogue,
)
from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import remark
from coopmlir.passes.lower_to_coopmat.matching import (
    DEFAULT_HINT,
    Matmul,
    _matrix,
    _preceding_fill,
    error,
    plan,
)
from coopmlir.passes.lower_to_coopmat.padding import Padding, zero_padding
from coopmlir.targets import Target
from coopmlir.tiling import TileConfig


@dataclass(frozen=True)
class Im2col:
    """The implicit im2col matrix of an NHWC input (an `AddressMap`); the
    batch and the image and output sizes may be `DYNAMIC`."""

    batch: int
    height: int
    width: int
    channels: int
    out: tuple[int, int]
    kernel: tuple[int, int]
    strides: tuple[int, int]
    dilations: tuple[int, int]
    pad: tuple[int, int, int, int]  # top, left, bottom, right

    @property
    def run(self) -> int:
        # k = (kh, kw, c): C consecutive k are consecutive channels of a pixel.
        return self.channels

    @property
    def dynamic(self) -> bool:
        sizes = (self.batch, self.height, self.width, *self.out)
        return DYNAMIC in sizes

    def extent(self, axis: int) -> int:
        """Input rows (axis 0) or columns (1) one output element reads over."""
        return self.dilations[axis] * (self.kernel[axis] - 1) + 1

    def _may_leave(self, axis: int, ragged_k: bool) -> bool:
        """Whether input row (axis 0) or column (1) can fall outside."""
        size = (self.height, self.width)[axis]
        if DYNAMIC in (size, self.out[axis]):
            return True
        last = (
            (self.out[axis] - 1) * self.strides[axis]
            + self.extent(axis)
            - 1
            - self.pad[axis]
        )
        return ragged_k or self.pad[axis] > 0 or last >= size

    def _sizes(self, b: KernelBuilder, image: SSAValue) -> tuple[Index, ...]:
        """(N, H, W, OH, OW, OH*OW, M): constants, or computed once at the top
        of the kernel from the image's `memref.dim`s (OH, OW by the formula
        the host asserts)."""
        static = (self.batch, self.height, self.width)
        batch, height, width = (
            size if size != DYNAMIC else b.dim(image, axis)
            for axis, size in enumerate(static)
        )
        with b.prologue():
            out = [
                size
                if size != DYNAMIC
                else output_size(
                    b,
                    (height, width)[axis],
                    self.pad[axis] + self.pad[axis + 2],
                    self.extent(axis),
                    self.strides[axis],
                )
                for axis, size in enumerate(self.out)
            ]
            pixels = b.mul(out[0], out[1])
            rows = b.mul(batch, pixels)
        return batch, height, width, out[0], out[1], pixels, rows

    def place(
        self,
        b: KernelBuilder,
        source: SSAValue,
        row: SSAValue,
        col: SSAValue,
        checked: tuple[bool, bool],
    ) -> tuple[SSAValue | None, list[SSAValue]]:
        batch, height, width, _, out_w, oh_ow, rows = self._sizes(b, source)
        n = b.div(row, oh_ow)
        pixel = b.rem(row, oh_ow)
        out_rc = (b.div(pixel, out_w), b.rem(pixel, out_w))
        tap = b.div(col, self.channels)
        channel = b.rem(col, self.channels)
        tap_rc = (b.div(tap, self.kernel[1]), b.rem(tap, self.kernel[1]))
        conditions = []
        if checked[0]:
            conditions.append(b.below(row, rows))
            n = b.clamp(b.value(n), batch)
        if checked[1]:
            k = self.kernel[0] * self.kernel[1] * self.channels
            conditions.append(b.below(col, k))
        spatial = self._window(
            b, out_rc, tap_rc, (height, width), checked[1], conditions
        )
        return _all(b, conditions), [b.value(n), *spatial, b.value(channel)]

    def _window(
        self,
        b: KernelBuilder,
        out_rc: tuple[Index, Index],
        tap_rc: tuple[Index, Index],
        sizes: tuple[Index, Index],
        ragged_k: bool,
        conditions: list[SSAValue],
    ) -> list[SSAValue]:
        """The input row and column that output pixel `out_rc` reads at tap
        `tap_rc`, clamped inside the image where they may leave it (their
        in-bounds conditions appended to `conditions`)."""
        spatial = []
        for axis, size in enumerate(sizes):
            at = b.add(
                b.add(
                    b.mul(out_rc[axis], self.strides[axis]),
                    b.mul(tap_rc[axis], self.dilations[axis]),
                ),
                -self.pad[axis],
            )
            at = b.value(at)
            if self._may_leave(axis, ragged_k):
                # Unsigned: a negative position (top/left padding) is huge.
                conditions.append(b.below(at, size))
                at = b.clamp(at, size)
            spatial.append(at)
        return spatial


def _all(b: KernelBuilder, conditions: list[SSAValue]) -> SSAValue | None:
    """The conjunction of `conditions` (None: none, always inside)."""
    guard = None
    for c in conditions:
        guard = c if guard is None else b.both(guard, c)
    return guard


@dataclass(frozen=True)
class NchwIm2col(Im2col):
    """The implicit K x OH*OW matrix B of an NCHW convolution (module doc):
    row k = (c, kh, kw), column p = (oh, ow) of image n, which is the copy's
    leading (batch) index where N > 1 and 0 otherwise. Static sizes."""

    batched: bool = False

    @property
    def run(self) -> int:
        # Neighbouring columns are neighbouring pixels, but a row's windows
        # wrap and pad: every element has its own guard.
        return 1

    def place(
        self,
        b: KernelBuilder,
        source: SSAValue,
        row: SSAValue,
        col: SSAValue,
        checked: tuple[bool, bool],
    ) -> tuple[SSAValue | None, list[SSAValue]]:
        taps = self.kernel[0] * self.kernel[1]
        channel = b.div(row, taps)
        tap = b.rem(row, taps)
        tap_rc = (b.div(tap, self.kernel[1]), b.rem(tap, self.kernel[1]))
        out_h = b.div(col, self.out[1])
        conditions = []
        if checked[0]:
            conditions.append(b.below(row, taps * self.channels))
            channel = b.clamp(b.value(channel), self.channels)
        if checked[1]:
            conditions.append(b.below(col, self.out[0] * self.out[1]))
            out_h = b.clamp(b.value(out_h), self.out[0])
        out_rc = (out_h, b.rem(col, self.out[1]))
        # A ragged K ends inside the channels (clamped above), never the taps.
        sizes = (self.height, self.width)
        spatial = self._window(b, out_rc, tap_rc, sizes, False, conditions)
        batch = [] if self.batched else [b.value(0)]
        return _all(b, conditions), [*batch, b.value(channel), *spatial]


@dataclass(frozen=True)
class ConvLayout:
    """Where a convolution's operands keep each dimension: the axes of the
    input's (N, H, W, C), the filter's (KH, KW, C, F) and the output's
    (N, OH, OW, F)."""

    input: tuple[int, int, int, int]
    filter: tuple[int, int, int, int]
    output: tuple[int, int, int, int]

    @property
    def nchw(self) -> bool:
        return self.input[3] == 1


#: The convolutions lowered to implicit GEMMs, and their layouts.
LAYOUTS: dict[type, ConvLayout] = {
    Conv2DNhwc_HwcfOp: ConvLayout((0, 1, 2, 3), (0, 1, 2, 3), (0, 1, 2, 3)),
    Conv2DNhwc_FhwcOp: ConvLayout((0, 1, 2, 3), (1, 2, 3, 0), (0, 1, 2, 3)),
    Conv2DNchwFchwOp: ConvLayout((0, 2, 3, 1), (2, 3, 1, 0), (0, 2, 3, 1)),
}
SUPPORTED = tuple(LAYOUTS)


@dataclass(frozen=True)
class Convolution:
    """A convolution to lower: its GEMM (`matmul`, whose op is the conv),
    the buffers the GEMM's A, B and C are views of, and its geometry."""

    matmul: Matmul
    image: SSAValue  # the input (before padding)
    padding: Padding | None
    plain: bool  # 1x1, stride 1, no padding: the image is a matrix (A or B)
    geometry: Im2col  # the implicit operand's addressing (unless plain)
    layout: ConvLayout = LAYOUTS[Conv2DNhwc_HwcfOp]

    @property
    def output_groups(self) -> list[list[int]]:
        """How the output's dimensions collapse to C: NHWC rows (n, oh, ow)
        and columns f; NCHW [batch,] rows f and columns (oh, ow)."""
        if not self.layout.nchw:
            return [[0, 1, 2], [3]]
        return [[0], [1], [2, 3]] if self.matmul.batch else [[0, 1], [2, 3]]

    @property
    def output_layout(self) -> OutputLayout:
        """The output's dimensions as the GEMM's rows and columns (and its
        batch, an NCHW convolution's N > 1), for the epilogue."""
        (y,) = self.matmul.op.outputs
        rows, cols = ((1,), (2, 3)) if self.layout.nchw else ((0, 1, 2), (3,))
        batched = self.matmul.batch is not None
        return OutputLayout(y, shape_of(y), rows, cols, batched)

    def output_view(self, rewriter: PatternRewriter, output: SSAValue) -> SSAValue:
        """`output` (of the output's shape) as C, inserted before the op."""
        return _collapse(rewriter, self.matmul.op, output, self.output_groups)

    def fused_views(self, rewriter: PatternRewriter, epilogue: Epilogue) -> SSAValue:
        """Point `epilogue`'s output and matrix inputs at views of them as
        matrices (one per buffer); the output's view, C."""
        views: dict[SSAValue, SSAValue] = {}

        def view(value: SSAValue) -> SSAValue:
            if value not in views:
                views[value] = self.output_view(rewriter, value)
            return views[value]

        output = epilogue.output
        if epilogue.copied_to is not None:
            # The output is copied out through a reshape (`hoist`): the
            # kernel writes the copy's target, viewed as C.
            epilogue.dead.append(output)
            views[output] = self.output_view(rewriter, epilogue.copied_to)
        epilogue.output = view(output)
        epilogue.inputs = [
            Input(view(x.value), x.kind) if x.kind == "matrix" else x
            for x in epilogue.inputs
        ]
        return epilogue.output

    def views(
        self, rewriter: PatternRewriter, c: SSAValue | None = None
    ) -> tuple[SSAValue, SSAValue, SSAValue]:
        """Insert the host's checks of dynamic sizes, then its views of A, B
        and C (default: the op's output viewed; `c`: a fused epilogue's
        output, `fused_views`) before the op; the image itself where the
        implicit operand is read in place."""
        op = self.matmul.op
        g = self.geometry
        if g.dynamic:
            assert_sizes_agree(
                rewriter,
                op,
                self.image,
                op.outputs[0],
                g.kernel,
                g.strides,
                g.dilations,
                g.pad,
            )
        _, weights = op.inputs
        if self.layout.nchw:
            a = _collapse(rewriter, op, weights, [[0], [1, 2, 3]])
            b = self.image
            if self.plain:
                b = _collapse(rewriter, op, self.image, self.output_groups)
        else:
            hwcf = isinstance(op, Conv2DNhwc_HwcfOp)
            b_groups = [[0, 1, 2], [3]] if hwcf else [[0], [1, 2, 3]]
            rows = [[0, 1, 2], [3]]
            a = self.image
            if self.plain:
                a = _collapse(rewriter, op, self.image, rows)
            b = _collapse(rewriter, op, weights, b_groups)
        if c is None:
            c = self.output_view(rewriter, op.outputs[0])
        return a, b, c


@dataclass(frozen=True)
class ConvolutionGemm(Matmul):
    """The GEMM of a convolution, launched on 2-D views of its buffers."""

    views: tuple[SSAValue, ...] = ()

    @property
    def operands(self) -> tuple[SSAValue, SSAValue, SSAValue]:
        a, b, c = self.views
        return (a, b, c)


def _collapse(
    rewriter: PatternRewriter, op, value: SSAValue, groups: list[list[int]]
) -> SSAValue:
    t = value.type
    assert isinstance(t, MemRefType)
    shape = shape_of(value)
    sizes = [
        _product(shape[d] for d in g)
        if all(shape[d] != DYNAMIC for d in g)
        else DYNAMIC
        for g in groups
    ]
    view = memref.CollapseShapeOp(
        operands=[value],
        result_types=[MemRefType(t.element_type, sizes)],
        properties={
            "reassociation": ArrayAttr(
                [ArrayAttr([IntegerAttr(d, i64) for d in g]) for g in groups]
            )
        },
    )
    rewriter.insert(view, InsertPoint.before(op))
    return view.result


def _product(values) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def _pair(op: ConvOperation, name: str) -> tuple[int, int]:
    values = tuple(getattr(op, name).get_values())
    if len(values) != 2 or any(v < 1 for v in values):
        raise error(op, f"{name} must be two positive integers, got {list(values)}")
    return values  # type: ignore[return-value]


def match_convolution(
    op: ConvOperation, hint: dict[str, int] | None = None
) -> Convolution:
    """The GEMM of a supported convolution, or a located error that names
    the variant the lowering does not handle. A run-time M is planned for
    `hint["m"]` (default: `DEFAULT_HINT`)."""
    layout = next((v for k, v in LAYOUTS.items() if isinstance(op, k)), None)
    if layout is None:
        raise error(op, unsupported(op))
    if op.res:
        raise error(
            op,
            f"'{op.name}' on tensors is not lowered yet: bufferize it first "
            "(memrefs, padding as a zero-filled buffer: "
            "see docs/features/convolutions.md)",
        )
    x, w = op.inputs
    (y,) = op.outputs
    for value, what in ((x, "input"), (w, "filter"), (y, "output")):
        t = value.type
        if isinstance(t, MemRefType) and t.get_num_dims() == 4:
            dims = {"input": "C", "output": "F"}.get(what, "C/F")
            channels = {
                "input": (layout.input[3],),
                "output": (layout.output[3],),
                "filter": layout.filter[2:],
            }[what]
            if any(t.get_shape()[d] < 0 for d in channels):
                raise error(
                    op,
                    f"a dynamic channel count ({dims}) in the {what} "
                    f"{t} is not supported: the GEMM's K and N must be static",
                )
        _matrix(op, value, what, 4)
        if what == "filter" and DYNAMIC in shape_of(value):
            raise error(
                op,
                f"the filter {value.type} has dynamic sizes: the kernel's "
                "height and width must be static (they make the GEMM's K)",
            )
        if layout.nchw and DYNAMIC in shape_of(value):
            raise error(
                op,
                f"the {what} {value.type} has dynamic sizes: an NCHW "
                "convolution is lowered for static shapes only",
            )
    padding = zero_padding(op, x, layout.input)
    image = x if padding is None else padding.source
    n, h, wd, c = (shape_of(image)[d] for d in layout.input)
    kh, kw, wc, f = (shape_of(w)[d] for d in layout.filter)
    yn, oh, ow, yf = (shape_of(y)[d] for d in layout.output)
    strides, dilations = _pair(op, "strides"), _pair(op, "dilations")
    if (wc, yf) != (c, f) or DYNAMIC not in (n, yn) and n != yn:
        raise error(
            op,
            f"shapes disagree: input {x.type}, filter {w.type}, output {y.type}",
        )
    pad = (0, 0, 0, 0) if padding is None else padding.amounts
    for axis, (size, out, k) in enumerate(((h, oh, kh), (wd, ow, kw))):
        low, high = pad[axis], pad[axis + 2]
        reach = (out - 1) * strides[axis] + (k - 1) * dilations[axis] + 1
        if DYNAMIC not in (size, out) and reach > low + size + high:
            raise error(
                op,
                f"the output {y.type} needs {reach} input "
                f"{('rows', 'columns')[axis]}, the (padded) input has "
                f"{low + size + high}",
            )
        if dilations[axis] > 1 and max(low, high) > (k - 1) * dilations[axis]:
            raise error(
                op,
                f"a dilated convolution with padding {low}/{high} beyond the "
                f"kernel's extent {(k - 1) * dilations[axis]} (dilation "
                f"{dilations[axis]}, {k} taps) is not supported",
            )
    if 0 in (n, yn, oh, ow, f, c):
        raise error(op, "an empty convolution has no kernel to launch")
    if x.type.element_type != w.type.element_type:  # type: ignore[union-attr]
        raise error(
            op,
            f"input and filter element types differ: {x.type}, {w.type}",
        )
    plain = (kh, kw) == (1, 1) and strides == (1, 1) and padding is None
    # A dynamic OH, OW of a plain convolution is H, W (the host asserts it).
    plain = plain and all(
        DYNAMIC in (size, out) or size == out for size, out in ((h, oh), (wd, ow))
    )
    batch = n if n != DYNAMIC else yn
    fill, value = _preceding_fill(op, y, y.type.element_type)  # type: ignore[union-attr]
    elements = (x.type.element_type, y.type.element_type)  # type: ignore[union-attr]
    if layout.nchw:
        geometry = NchwIm2col(
            batch, h, wd, c, (oh, ow), (kh, kw), strides, dilations, pad, batch > 1
        )
        matmul = ConvolutionGemm(
            op,  # type: ignore[arg-type]
            fill,
            value,
            batch if batch > 1 else None,
            f,
            oh * ow,
            c * kh * kw,
            (False, False, False),
            *elements,
            True,
            b_address=None if plain else geometry,
            a_batched=False,
        )
        return Convolution(matmul, image, padding, plain, geometry, layout)
    hwcf = isinstance(op, Conv2DNhwc_HwcfOp)
    geometry = Im2col(batch, h, wd, c, (oh, ow), (kh, kw), strides, dilations, pad)
    m = batch * oh * ow
    dynamic = frozenset({"m"} if DYNAMIC in (batch, oh, ow) else ())
    if dynamic:
        m = {**DEFAULT_HINT, **(hint or {})}["m"]
    matmul = ConvolutionGemm(
        op,  # type: ignore[arg-type]
        fill,
        value,
        None,
        m,
        f,
        kh * kw * c,
        (False, not hwcf, False),
        *elements,
        True,
        None if plain else geometry,
        dynamic,
        # Where M lives: the collapsed output's rows (and the plain A's).
        {"m": ((0, 0), (2, 0)) if plain else ((2, 0),)},
    )
    return Convolution(matmul, image, padding, plain, geometry, layout)


def match_conv_epilogue(conv: Convolution, config: TileConfig) -> Epilogue | None:
    """The epilogue fused into the convolution's kernel (epilogue.py), or
    None; not where it would write a buffer the kernel reads neighbours of
    (the image or the filter: bufferizing may reuse the buffer of an input
    whose padded copy the lowering drops), with a remark."""
    epilogue = match_epilogue(conv.matmul, config, conv.output_layout)
    if epilogue is None:
        return None
    if epilogue.output in (conv.image, *conv.matmul.op.inputs):
        remark(
            epilogue.steps[-1].op,
            f"'{epilogue.steps[-1].op.name}' is not fused into the convolution's "
            "kernel: it writes the buffer the convolution reads",
        )
        return None
    return epilogue


def with_views(
    rewriter: PatternRewriter, conv: Convolution, epilogue: Epilogue | None = None
) -> Matmul:
    """The GEMM to launch, its operands the views now inserted (with a
    fused `epilogue`: C is its output, which like its matrix inputs is now
    a view)."""
    c = None if epilogue is None else conv.fused_views(rewriter, epilogue)
    return replace(conv.matmul, views=conv.views(rewriter, c))


def unsupported(op: ConvOperation) -> str:
    """Why `op` has no implicit-GEMM kernel."""
    layouts = op.name.removeprefix("linalg.").split("_")[2:]
    if op.name.endswith("_q"):
        variant = "a quantized convolution (zero points)"
    elif op.name.startswith("linalg.depthwise"):
        variant = "a depthwise convolution"
    elif any("g" in layout for layout in layouts):
        variant = "a grouped convolution"
    else:
        variant = "this convolution"
    return (
        f"'{op.name}' is {variant}: implicit-GEMM kernels take "
        "linalg.conv_2d_nhwc_hwcf, conv_2d_nhwc_fhwc and conv_2d_nchw_fchw"
    )


def plan_convolution(
    conv: Convolution,
    target: Target,
    tile: tuple[int, int, int] | None,
    subgroups: tuple[int, int] | None,
    mma: tuple[int, int, int] | None,
    stages: int | None,
) -> TileConfig:
    """`plan` for the convolution's GEMM; an implicit A needs staging."""
    if stages == 0 and not conv.plain:
        raise error(
            conv.matmul.op,
            "stages=0 loads fragments straight from memory, and an im2col "
            "fragment of a convolution other than 1x1 (stride 1, unpadded) is "
            "no strided window of the input: use stages=1 or 2",
        )
    return plan(conv.matmul, target, tile, subgroups, mma, stages)
