"""coopmat ops with matrix semantics on numpy.

A matrix value is an array of shape (subgroups, rows, cols): one matrix per
subgroup of the launch. Operands a subgroup passes (offsets, strides,
scalars) must be uniform across it, as SPV_KHR_cooperative_matrix requires.

Rounding model of `mul_add` (D = A*B + C): products are exact (f16/bf16
products are exact in f32), the K-sum and the addition of C are done in f32
(f64 for f64 matrices) in numpy's order, and the result is rounded once to
the accumulator type. Integer products and sums are exact in int64; the
result wraps to 32 bits, or clamps when `saturating`. Operands are read as
signed only when their `*_signed` flag is set (as in SPIR-V).

A workgroup-scope matrix is one matrix of the whole workgroup: each of its
subgroups holds the same copy, its loads and stores need workgroup-uniform
offsets and a wholly active workgroup, and a store writes the matrix once
(from the workgroup's first subgroup). Checked accesses of either scope
read zero outside the checked dimensions and do not write there.

The per-work-item ops (`length`, `extract`, `insert`, `from_vector`,
`to_vector`) see a matrix through `coopmlir.layout`, as `coopmat.resolve_layout`
chooses it: the type's `#coopmat.layout`, else the nearest enclosing one, else
tinytc with the launch's subgroup size (also for workgroup matrices). That is
exactly what `coopmat-to-simt` lowers them to.

`reduce` adds floats exactly (in f64) and rounds once to the element type;
SIMT code adds in the element type in its own order, so sums agree within
the accumulation-order tolerance. Integer sums wrap around; max and min are
exact (NaN propagates, as `arith.maximumf`). `apply` runs its body once on
arrays holding every element of every subgroup's matrix at once, with the
row and column indices as index arrays and each capture's subgroup value.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import IntegerType
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)

from coopmlir.dialects import coopmat
from coopmlir.dialects.coopmat import (
    CheckedMode,
    LayoutError,
    MatrixLayout,
    MatrixScope,
    MatrixType,
    SubgroupLayoutAttr,
    invocation_layout,
    resolve_layout,
)
from coopmlir.interpreter.spmd import WorkgroupMemory
from coopmlir.interpreter.values import (
    InterpretationFailure,
    int_range,
    numpy_dtype,
    round_to,
    signed_view,
)
from coopmlir.layout import SUBGROUP_SIZES, InvocationLayout, LaneMap


def _launch(interp, op):
    if interp.launch is None:
        raise InterpretationFailure(f"{op.name} outside a kernel or subgroup function")
    return interp.launch


# --------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------


def _addresses(interp, op, mem, indices, stride, matrix: MatrixType):
    """Linear element offsets (subgroups, rows, cols) of a matrix access, the
    in-bounds mask of a checked access, and the subgroups that take part."""
    launch = _launch(interp, op)
    active = launch.subgroup_mask(op.name)
    shape = mem.shape if isinstance(mem, WorkgroupMemory) else np.shape(mem)
    start = [
        launch.per_subgroup(i, f"{op.name} offset").astype(np.int64) for i in indices
    ]
    workgroup = matrix.scope.data == MatrixScope.WORKGROUP
    if workgroup:
        _require_workgroup_uniform(launch, op.name, [*start, active])
    strides = np.cumprod((1, *shape[:0:-1]))[::-1]  # row-major element strides
    base = sum(s * st for s, st in zip(start, strides, strict=True))
    if stride is None:
        lead = np.int64(strides[-2])
    else:
        lead = launch.per_subgroup(stride, f"{op.name} stride").astype(np.int64)
        if workgroup:
            _require_workgroup_uniform(launch, op.name, [lead])
    lead = np.broadcast_to(lead, base.shape)[:, None, None]
    rows, cols = matrix.shape
    r = np.arange(rows)[None, :, None]
    c = np.arange(cols)[None, None, :]
    row_major = op.layout.data == MatrixLayout.ROW_MAJOR
    offset = base[:, None, None] + (r * lead + c if row_major else c * lead + r)
    valid = np.ones(offset.shape, dtype=bool)
    if op.checked is not None:
        mode = op.checked.data
        # Matrix rows run along memref dim -2 (row-major) or -1 (col-major).
        row_dim, col_dim = (-2, -1) if row_major else (-1, -2)
        # Any start, negative included: outside elements read as zero
        # (tinytc's semantics), so a fragment may straddle zero padding.
        if mode in (CheckedMode.ROWS, CheckedMode.BOTH):
            place = start[row_dim][:, None, None] + r
            valid &= (place >= 0) & (place < shape[row_dim])
        if mode in (CheckedMode.COLS, CheckedMode.BOTH):
            place = start[col_dim][:, None, None] + c
            valid &= (place >= 0) & (place < shape[col_dim])
    if active is not None:
        valid &= active[:, None, None]
    if workgroup and isinstance(op, coopmat.StoreOp):
        # One matrix per workgroup is written once.
        first = np.arange(launch.subgroups) % launch.subgroups_per_workgroup == 0
        valid &= first[:, None, None]
    size = int(np.prod(shape))
    outside = valid & ((offset < 0) | (offset >= size))
    if outside.any():
        where = np.argwhere(outside)[0]
        raise InterpretationFailure(
            f"{op.name}: element {tuple(where[1:])} of subgroup {where[0]}'s matrix "
            f"is outside the memref {shape}"
        )
    return np.where(valid, offset, 0), valid


def _require_workgroup_uniform(launch, what: str, values) -> None:
    """Each of `values` (per subgroup, or None) is the same in every subgroup
    of a workgroup: what a workgroup-scope matrix access needs."""
    for value in values:
        if value is None:
            continue
        grouped = np.asarray(value).reshape(
            launch.workgroups, launch.subgroups_per_workgroup
        )
        if (grouped != grouped[:, :1]).any():
            raise InterpretationFailure(
                f"{what} of a workgroup matrix: offsets, stride and activity must "
                "be uniform across the workgroup"
            )


def _workgroup_where(launch, mem: WorkgroupMemory, offset, valid):
    wg = launch.subgroup_workgroup[:, None, None]
    wg = np.broadcast_to(wg, offset.shape)[valid]
    return (wg, *np.unravel_index(offset[valid], mem.shape))


def _split(op, rest) -> tuple[list, object]:
    """The index operands and the optional stride of a load/store."""
    indices = rest[: len(op.indices)]
    return indices, (rest[len(op.indices)] if op.stride is not None else None)


def _workgroup_access(launch, mem: WorkgroupMemory, offset, valid):
    """Where a matrix access lands in workgroup memory, and which subgroup
    makes each element's access (for the race record)."""
    where = _workgroup_where(launch, mem, offset, valid)
    subgroups = np.arange(launch.subgroups)[:, None, None]
    return where, np.broadcast_to(subgroups, offset.shape)[valid]


def _load(interp, op: coopmat.LoadOp, args):
    mem, *rest = args
    indices, stride = _split(op, rest)
    offset, valid = _addresses(interp, op, mem, indices, stride, op.result.type)
    if isinstance(mem, WorkgroupMemory):
        where, subgroup = _workgroup_access(interp.launch, mem, offset, valid)
        mem.record_read(where, subgroup, op.name)
        values = np.zeros(offset.shape, dtype=mem.data.dtype)
        values[valid] = mem.data[where]
        return values
    flat = np.asarray(mem).reshape(-1)
    return np.where(valid, flat[offset], 0).astype(flat.dtype)


def _store(interp, op: coopmat.StoreOp, args):
    value, mem, *rest = args
    indices, stride = _split(op, rest)
    offset, valid = _addresses(interp, op, mem, indices, stride, op.value.type)
    if isinstance(mem, WorkgroupMemory):
        where, subgroup = _workgroup_access(interp.launch, mem, offset, valid)
        mem.record_write(where, subgroup, op.name)
        mem.data[where] = value[valid]
        return
    flat = mem.reshape(-1)
    if not np.shares_memory(flat, mem):
        raise InterpretationFailure(f"{op.name}: memref is not contiguous")
    flat[offset[valid]] = value[valid]


# --------------------------------------------------------------------------
# Arithmetic
# --------------------------------------------------------------------------


def _mul_add(op: coopmat.MulAddOp, a, b, c):
    result_type = op.result.type
    if not isinstance(result_type.element_type, IntegerType):
        wide = np.float64 if numpy_dtype(result_type) == np.float64 else np.float32
        d = np.matmul(a.astype(wide), b.astype(wide)) + c.astype(wide)
        return round_to(result_type, d)

    def as_int(x, flag):
        return signed_view(x, unsigned=flag not in op.properties).astype(np.int64)

    d = np.matmul(as_int(a, "a_signed"), as_int(b, "b_signed"))
    d = d + as_int(c, "c_signed")
    signed = "result_signed" in op.properties
    if op.saturating is not None:
        lo, hi = int_range(32, unsigned=not signed)
        d = np.clip(d, lo, hi)
    return d.astype(np.int32)  # wrap-around to 32 bits


def _int_div(a, b, unsigned: bool):
    if np.any(b == 0):
        raise InterpretationFailure("coopmat.div: division by zero")
    if unsigned:
        return signed_view(a, True) // signed_view(b, True)
    q = a.astype(np.int64) // b
    return q + ((a % b != 0) & ((a < 0) != (b < 0)))


def _elementwise(op, fn, *xs):
    t = op.result.type
    with np.errstate(all="ignore"):
        return round_to(t, fn(*xs))


def _elementwise_impl(fn):
    """An interpreter function: `fn` on the operands, rounded to the result."""

    def run(self, interp, op, args):
        return (_elementwise(op, fn, *args),)

    return run


# --------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------


def lane_layout(interp, op, matrix: MatrixType) -> LaneMap:
    """The layout that spreads `matrix` over the lanes of the launch at `op`:
    `resolve_layout` with tinytc at the launch's subgroup size as the default,
    for workgroup matrices too. Raises InterpretationFailure where there is
    none or its subgroup size is not the launch's."""
    launch = _launch(interp, op)
    size = launch.subgroup_size
    default = SubgroupLayoutAttr("tinytc", size) if size in SUBGROUP_SIZES else None
    try:
        layout = resolve_layout(matrix, op, default, workgroup_default=True)
    except LayoutError as err:
        raise InterpretationFailure(f"{op.name}: {err}") from None
    assert layout is not None  # resolve_layout raises unless missing_ok
    if layout.S != launch.subgroup_size:
        raise InterpretationFailure(
            f"{op.name}: layout subgroup size {layout.S} but the kernel runs "
            f"with subgroups of {launch.subgroup_size}"
        )
    return layout


def matrix_to_lanes(layout, matrices: np.ndarray) -> np.ndarray:
    """(subgroups, M, N) matrices -> (subgroups*S, V) per-lane vectors."""
    rows, cols = layout.element_map()
    pad = rows < 0
    lanes = matrices[:, np.where(pad, 0, rows), np.where(pad, 0, cols)]
    lanes[:, pad] = 0
    return lanes.reshape(-1, layout.V)


def lanes_to_matrix(layout, lanes: np.ndarray, dtype) -> np.ndarray:
    """(subgroups*S, V) per-lane vectors -> (subgroups, M, N) matrices."""
    grouped = lanes.reshape(-1, layout.S, layout.V)
    rows, cols = layout.element_map()
    keep = rows >= 0
    out = np.zeros((grouped.shape[0], layout.M, layout.N), dtype=dtype)
    out[:, rows[keep], cols[keep]] = grouped[:, keep]
    return out


def _row_layout(interp, op, matrix: MatrixType) -> InvocationLayout:
    """The row (column for B) per invocation layout of from/to_vector."""
    try:
        return invocation_layout(matrix, interp.launch.subgroup_size)
    except LayoutError as err:
        raise InterpretationFailure(f"{op.name}: {err}") from None


def _component_access(interp, op, matrix: np.ndarray, index):
    """For extract/insert of component `index` of `matrix`: its layout, its
    (lanes, V) per-lane vectors and the (lane, component) index of each
    lane's component. Raises InterpretationFailure for an index outside."""
    launch = _launch(interp, op)
    layout = lane_layout(interp, op, op.matrix.type)
    lanes = matrix_to_lanes(layout, matrix)
    index = launch.per_lane(index).astype(np.int64)
    if np.any((index < 0) | (index >= layout.V)):
        raise InterpretationFailure(f"{op.name}: index outside [0, {layout.V})")
    return layout, lanes, (np.arange(launch.lanes), index)


def _unpack_words(vector: np.ndarray, element_dtype) -> np.ndarray:
    """uint32-packed per-lane vectors -> element vectors (channel 0 low)."""
    return np.ascontiguousarray(vector).view(element_dtype)


# --------------------------------------------------------------------------
# Interpreter functions
# --------------------------------------------------------------------------


@register_impls
class CoopmatFunctions(InterpreterFunctions):
    @impl(coopmat.LoadOp)
    def run_load(self, interp, op, args):
        return (_load(interp, op, args),)

    @impl(coopmat.StoreOp)
    def run_store(self, interp, op, args):
        _store(interp, op, args)
        return ()

    @impl(coopmat.MulAddOp)
    def run_mul_add(self, interp, op, args):
        return (_mul_add(op, *args),)

    run_add = impl(coopmat.AddOp)(_elementwise_impl(np.add))
    run_sub = impl(coopmat.SubOp)(_elementwise_impl(np.subtract))
    run_mul = impl(coopmat.MulOp)(_elementwise_impl(np.multiply))
    run_neg = impl(coopmat.NegOp)(_elementwise_impl(np.negative))

    @impl(coopmat.DivOp)
    def run_div(self, interp, op, args):
        a, b = args
        if np.issubdtype(a.dtype, np.integer):
            return (_elementwise(op, _int_div, a, b, op.unsigned is not None),)
        return (_elementwise(op, np.divide, a, b),)

    @impl(coopmat.ScaleOp)
    def run_scale(self, interp, op, args):
        matrix, scalar = args
        scalar = _launch(interp, op).per_subgroup(scalar, "coopmat.scale scalar")
        return (_elementwise(op, np.multiply, matrix, scalar[:, None, None]),)

    @impl(coopmat.SplatOp)
    def run_splat(self, interp, op, args):
        launch = _launch(interp, op)
        value = launch.per_subgroup(args[0], "coopmat.splat value")
        rows, cols = op.result.type.shape
        shape = (launch.subgroups, rows, cols)
        return (round_to(op.result.type, np.broadcast_to(value[:, None, None], shape)),)

    @impl(coopmat.ConvertOp)
    def run_convert(self, interp, op, args):
        (matrix,) = args
        source, target = op.operand.type, op.result.type
        unsigned = op.unsigned is not None
        if np.issubdtype(matrix.dtype, np.integer):
            value = signed_view(matrix, unsigned).astype(np.float64)
            if isinstance(target.element_type, IntegerType):
                value = signed_view(matrix, unsigned).astype(np.int64)
            return (round_to(target, value),)
        if isinstance(target.element_type, IntegerType):
            bits = numpy_dtype(target).itemsize * 8
            lo, hi = int_range(bits, unsigned)
            value = np.trunc(matrix.astype(np.float64))
            if np.any(np.isnan(value) | (value < lo) | (value > hi)):
                raise InterpretationFailure(
                    f"coopmat.convert: {source} value out of range of {target}"
                )
            return (round_to(target, value.astype(np.int64)),)
        return (round_to(target, matrix),)

    @impl(coopmat.SpecConstantOp)
    def run_spec_constant(self, interp, op, args):
        value = interp.spec_values.get(op.param.data)
        return (np.int64(op.default_value if value is None else value),)

    @impl(coopmat.LengthOp)
    def run_length(self, interp, op, args):
        return (np.int64(lane_layout(interp, op, op.matrix_type).V),)

    @impl(coopmat.ExtractOp)
    def run_extract(self, interp, op, args):
        matrix, index = args
        _, lanes, where = _component_access(interp, op, matrix, index)
        return (lanes[where],)

    @impl(coopmat.InsertOp)
    def run_insert(self, interp, op, args):
        value, matrix, index = args
        layout, lanes, where = _component_access(interp, op, matrix, index)
        lanes[where] = _launch(interp, op).per_lane(value)
        return (lanes_to_matrix(layout, lanes, matrix.dtype),)

    @impl(coopmat.FromVectorOp)
    def run_from_vector(self, interp, op, args):
        launch = _launch(interp, op)
        matrix_type = op.result.type
        dtype = numpy_dtype(matrix_type)
        vector = launch.per_lane(args[0], rank=1)
        if vector.dtype != dtype:
            vector = _unpack_words(vector, dtype)
        layout = _row_layout(interp, op, matrix_type)
        return (lanes_to_matrix(layout, vector[:, : layout.V], dtype),)

    @impl(coopmat.ToVectorOp)
    def run_to_vector(self, interp, op, args):
        (matrix,) = args
        layout = _row_layout(interp, op, op.matrix.type)
        lanes = np.ascontiguousarray(matrix_to_lanes(layout, matrix))
        target = numpy_dtype(op.result.type)
        return (lanes if lanes.dtype == target else lanes.view(target),)

    @impl(coopmat.BitcastArrayOp)
    def run_bitcast_array(self, interp, op, args):
        target = numpy_dtype(op.result.type)
        return (np.ascontiguousarray(args[0]).view(target),)

    @impl(coopmat.ExtractSubarrayOp)
    def run_extract_subarray(self, interp, op, args):
        vector, start = args
        length = op.result.type.get_shape()[0]
        vector = np.asarray(vector)
        start = np.asarray(start).astype(np.int64)
        if np.any((start < 0) | (start + length > vector.shape[-1])):
            raise InterpretationFailure("coopmat.extract_subarray: slice out of bounds")
        offsets = start[..., None] + np.arange(length)
        return (
            np.take_along_axis(
                vector, np.broadcast_to(offsets, (*vector.shape[:-1], length)), -1
            ),
        )

    @impl(coopmat.ReduceOp)
    def run_reduce(self, interp, op: coopmat.ReduceOp, args):
        return (_reduce(op, args[0]),)

    @impl(coopmat.ApplyOp)
    def run_apply(self, interp, op: coopmat.ApplyOp, args):
        launch = _launch(interp, op)
        matrix, *captures = args
        subgroups, rows, cols = matrix.shape
        row = np.broadcast_to(np.arange(rows)[None, :, None], matrix.shape)
        col = np.broadcast_to(np.arange(cols)[None, None, :], matrix.shape)
        uniform = [
            launch.per_subgroup(x, f"{op.name} capture")[:, None, None]
            for x in captures
        ]
        (value,) = interp.run_ssacfg_region(
            op.body, (row, col, matrix, *uniform), op.name
        )
        value = np.broadcast_to(round_to(op.result.type, value), matrix.shape)
        return (np.array(value),)

    @impl_terminator(coopmat.YieldOp)
    def run_yield(self, interp, op, args):
        return ReturnedValues(args), ()

    @impl(coopmat.TransposeOp)
    def run_transpose(self, interp, op, args):
        return (np.ascontiguousarray(np.swapaxes(args[0], 1, 2)),)


def _reduce(op: coopmat.ReduceOp, matrix: np.ndarray) -> np.ndarray:
    """`coopmat.reduce` on (subgroups, M, N) matrices, broadcast to the
    result shape (see the module doc for the rounding)."""
    if op.mode.data == coopmat.ReduceMode.QUADS:
        # (subgroups, M/2, 2, N/2, 2): each 2x2 block on axes 2 and 4.
        groups, rows, cols = matrix.shape
        matrix = matrix.reshape(groups, rows // 2, 2, cols // 2, 2)
    axes = {
        coopmat.ReduceMode.ROWS: (2,),
        coopmat.ReduceMode.COLS: (1,),
        coopmat.ReduceMode.BOTH: (1, 2),
        coopmat.ReduceMode.QUADS: (2, 4),
    }[op.mode.data]
    kind = op.kind.data
    result_type = op.result.type
    if kind == coopmat.ReduceKind.ADD:
        wide = np.int64 if np.issubdtype(matrix.dtype, np.integer) else np.float64
        value = np.sum(matrix.astype(wide), axis=axes, keepdims=True)
    else:
        fn = np.max if kind == coopmat.ReduceKind.MAX else np.min
        value = fn(
            signed_view(matrix, op.unsigned is not None), axis=axes, keepdims=True
        )
    value = round_to(result_type, value)
    rows, cols = result_type.shape
    if op.mode.data == coopmat.ReduceMode.QUADS:
        value = value.reshape(matrix.shape[0], rows, cols)
    return np.ascontiguousarray(np.broadcast_to(value, (matrix.shape[0], rows, cols)))
