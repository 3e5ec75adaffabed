"""coopmat-to-simt checked against coopmlir.layout: the SIMT code of each op,
run for one subgroup by the interpreter (per-lane arguments and results are
arrays with a leading axis of S lanes), gives the per-lane vectors that the
layout library predicts (`to_lanes` / `from_lanes` of the numpy result)."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import assert_close, elementwise_tolerance
from support.lowering import lowered_by, parse
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.gpu_subgroup import LaneIdOp
from coopmlir.interpreter import run_function
from coopmlir.layout import InvocationLayout, TinytcLayout
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.coopmat_to_simt.k_loop import plan_k_loop

RNG = np.random.default_rng(7)
NP = {"f16": np.float16, "f32": np.float32, "i8": np.int8, "i32": np.int32}


def lower(text: str, S: int) -> ModuleOp:
    return lowered_by(text, CoopmatToSimt(subgroup_size=S))


def run(module: ModuleOp, S: int, *args) -> list[np.ndarray]:
    """Run the module's function as one subgroup of S work-items."""
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    if not any(op.dialect_name() == "gpu" for op in function.walk()):
        # The interpreter runs a func.func as a subgroup only if it has gpu or
        # coopmat ops; SIMT code without lane ids (per-component casts) gets
        # an unused gpu.lane_id so that its arguments are read per lane.
        function.body.block.insert_op_before(LaneIdOp(), function.body.block.first_op)
    return list(run_function(module, function.sym_name.data, args, subgroup_size=S))


def mat(rows: int, cols: int, ty: str, use: str) -> str:
    return f"!coopmat.matrix<{rows}x{cols}x{ty}, {use}>"


def random(shape, ty: str) -> np.ndarray:
    if ty.startswith("i"):
        return RNG.integers(-100, 100, size=shape).astype(NP[ty])
    return RNG.uniform(-2, 2, size=shape).astype(NP[ty])


# --------------------------------------------------------------------------
# load / store
# --------------------------------------------------------------------------

SHAPES = [(8, 8), (16, 16), (4, 15), (1, 17), (32, 8), (16, 5), (2, 3)]


def expected_load(mem, i, j, rows, cols, major, checked):
    """Element (r, c) per the dialect's addressing; zero out of bounds."""
    out = np.zeros((rows, cols), dtype=mem.dtype)
    for r in range(rows):
        for c in range(cols):
            a, b = (i + r, j + c) if major == "row_major" else (i + c, j + r)
            if a < mem.shape[0] and b < mem.shape[1]:
                out[r, c] = mem[a, b]
            else:
                assert checked, "test asked for an unchecked out-of-bounds read"
    return out


@pytest.mark.parametrize("S", [8, 16, 32])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("use", ["a", "b", "acc"])
@pytest.mark.parametrize("major", ["row_major", "col_major"])
def test_load_gives_layout_lanes(S, shape, use, major):
    rows, cols = shape
    ty = "f16" if use != "acc" else "f32"
    mem = random((40, 40), ty)
    i, j = 30, 27  # ragged: part of the matrix lies outside
    t = mat(rows, cols, ty, use)
    module = lower(
        f"""
func.func @k(%mem: memref<40x40x{ty}>, %i: index, %j: index) -> {t} {{
  %m = coopmat.load %mem[%i, %j] {major} checked(both) : memref<40x40x{ty}> -> {t}
  func.return %m : {t}
}}""",
        S,
    )
    (lanes_out,) = run(module, S, mem, np.full(S, i), np.full(S, j))
    layout = TinytcLayout(rows, cols, S, use, ty)
    want = layout.to_lanes(expected_load(mem, i, j, rows, cols, major, True))
    np.testing.assert_array_equal(lanes_out, want)


@pytest.mark.parametrize("S", [8, 16])
@pytest.mark.parametrize("shape", [(16, 16), (4, 15), (8, 3)])
def test_load_with_stride_on_flat_memref(S, shape):
    rows, cols = shape
    mem = random((1000,), "f32")
    t = mat(rows, cols, "f32", "acc")
    module = lower(
        f"""
func.func @k(%mem: memref<1000xf32>, %i: index, %s: index) -> {t} {{
  %m = coopmat.load %mem[%i] stride %s row_major : memref<1000xf32> -> {t}
  func.return %m : {t}
}}""",
        S,
    )
    (out,) = run(module, S, mem, np.full(S, 5), np.full(S, 33))
    want = np.array([[mem[5 + r * 33 + c] for c in range(cols)] for r in range(rows)])
    np.testing.assert_array_equal(out, TinytcLayout(rows, cols, S).to_lanes(want))


@pytest.mark.parametrize("S", [8, 16, 32])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("major", ["row_major", "col_major"])
def test_store_writes_only_matrix_elements_in_bounds(S, shape, major):
    rows, cols = shape
    t = mat(rows, cols, "i32", "acc")
    layout = TinytcLayout(rows, cols, S, "acc", "i32")
    matrix = random((rows, cols), "i32")
    mem = np.full((24, 24), -1, dtype=np.int32)
    i, j = 20, 18
    module = lower(
        f"""
func.func @k(%m: {t}, %mem: memref<24x24xi32>, %i: index, %j: index) {{
  coopmat.store %m, %mem[%i, %j] {major} checked(both) : {t}, memref<24x24xi32>
  func.return
}}""",
        S,
    )
    lanes = layout.to_lanes(matrix)
    lanes[layout.padding_mask()] = 12345  # padding must never be written
    run(module, S, lanes, mem, np.full(S, i), np.full(S, j))
    want = np.full((24, 24), -1, dtype=np.int32)
    for r in range(rows):
        for c in range(cols):
            a, b = (i + r, j + c) if major == "row_major" else (i + c, j + r)
            if a < 24 and b < 24:
                want[a, b] = matrix[r, c]
    np.testing.assert_array_equal(mem, want)


# Vector accesses: (shape, type, use, layout, major, checked) -> how many
# `vector.load`s of which lengths, and how many scalar loads remain. A run is
# the components a lane holds consecutively in memory, cut into 16 bytes.
ROW8 = "#coopmat.layout<row, subgroup = 8>"
VECTOR_CASES = [
    # tinytc, I = S: each lane holds rows p (+8): two runs of 16 -> 4 x 4 f32
    ((16, 16), "f32", "acc", "", "row_major", None, {4: 8}, 0),
    ((16, 16), "f32", "acc", "", "row_major", "rows", {4: 8}, 0),
    # along the run: checked per component
    ((16, 16), "f32", "acc", "", "row_major", "cols", {}, 32),
    ((16, 16), "f32", "acc", "", "row_major", "both", {}, 32),
    # col-major: a lane's columns are a memory row apart
    ((16, 16), "f32", "acc", "", "col_major", None, {}, 32),
    # B with K1 = 2 (16-bit, M > S): interleaved components, rows of 16 f16
    ((16, 16), "f16", "b", "", "row_major", None, {8: 4}, 0),
    ((32, 8), "f16", "a", "", "row_major", "rows", {8: 4}, 0),
    # runs of 5 -> 4 + a scalar; I < S: a lane's columns are S/I apart
    ((8, 5), "f32", "acc", "", "row_major", None, {4: 1}, 1),
    ((4, 16), "f32", "acc", "", "row_major", None, {}, 8),
    # i8: 16 per vector
    ((8, 32), "i8", "a", "", "row_major", None, {16: 2}, 0),
    # row layout: lane p holds row p (acc) or column p (b, col-major)
    ((8, 8), "f32", "acc", ROW8, "row_major", None, {4: 2}, 0),
    ((8, 8), "f16", "b", ROW8, "col_major", "cols", {8: 1}, 0),
    ((4, 8), "f32", "acc", ROW8, "row_major", None, {}, 8),  # padding lanes
]


def _loads(module: ModuleOp) -> tuple[dict[int, int], int]:
    lengths: dict[int, int] = {}
    scalars = 0
    for op in module.walk():
        if op.name in ("vector.load", "vector.store"):
            (n,) = (
                op.operands[0].type.get_shape()
                if op.name == "vector.store"
                else (op.results[0].type.get_shape())
            )
            lengths[n] = lengths.get(n, 0) + 1
        scalars += op.name in ("memref.load", "memref.store")
    return lengths, scalars


def _vector_case(case):
    (rows, cols), ty, use, layout, major, checked, _, _ = case
    t = f"!coopmat.matrix<{rows}x{cols}x{ty}, {use}{', ' + layout if layout else ''}>"
    check = f" checked({checked})" if checked else ""
    return rows, cols, ty, use, layout, major, check, t


def _position(major: str, check: str) -> tuple[int, int]:
    """(i, j): past the memref's end (48) along the checked axes only."""
    rows_out = "rows" in check or "both" in check
    cols_out = "cols" in check or "both" in check
    if major == "col_major":
        rows_out, cols_out = cols_out, rows_out
    return (44 if rows_out else 3), (44 if cols_out else 5)


def _lanes(rows, cols, ty, use, layout):
    if layout:
        return InvocationLayout(rows, cols, 8, use, ty)
    return TinytcLayout(rows, cols, 8, use, ty)


@pytest.mark.parametrize("case", VECTOR_CASES, ids=str)
def test_contiguous_components_load_as_vectors(case):
    rows, cols, ty, use, layout, major, check, t = _vector_case(case)
    module = lower(
        f"""
func.func @k(%mem: memref<48x48x{ty}>, %i: index, %j: index) -> {t} {{
  %m = coopmat.load %mem[%i, %j] {major}{check} : memref<48x48x{ty}> -> {t}
  func.return %m : {t}
}}""",
        8,
    )
    assert _loads(module) == case[6:]
    mem = random((48, 48), ty)
    i, j = _position(major, check)
    (out,) = run(module, 8, mem, np.full(8, i), np.full(8, j))
    want = expected_load(mem, i, j, rows, cols, major, bool(check))
    np.testing.assert_array_equal(
        out, _lanes(rows, cols, ty, use, layout).to_lanes(want)
    )


@pytest.mark.parametrize("case", VECTOR_CASES, ids=str)
def test_contiguous_components_store_as_vectors(case):
    rows, cols, ty, use, layout, major, check, t = _vector_case(case)
    module = lower(
        f"""
func.func @k(%m: {t}, %mem: memref<48x48x{ty}>, %i: index, %j: index) {{
  coopmat.store %m, %mem[%i, %j] {major}{check} : {t}, memref<48x48x{ty}>
  func.return
}}""",
        8,
    )
    assert _loads(module) == case[6:]
    lanes = _lanes(rows, cols, ty, use, layout)
    matrix = random((rows, cols), ty)
    i, j = _position(major, check)
    mem = np.full((48, 48), -1, dtype=NP[ty])
    run(module, 8, lanes.to_lanes(matrix), mem, np.full(8, i), np.full(8, j))
    want = np.full((48, 48), -1, dtype=NP[ty])
    for r in range(rows):
        for c in range(cols):
            a, b = (i + r, j + c) if major == "row_major" else (i + c, j + r)
            if a < 48 and b < 48:
                want[a, b] = matrix[r, c]
    np.testing.assert_array_equal(mem, want)


# --------------------------------------------------------------------------
# mul_add
# --------------------------------------------------------------------------

MNK = [(8, 8, 8), (16, 16, 16), (4, 8, 16), (16, 8, 4), (2, 5, 4), (32, 4, 8)]


@pytest.mark.parametrize("S", [8, 16, 32])
@pytest.mark.parametrize("mnk", MNK)
@pytest.mark.parametrize("types", [("f16", "f32"), ("f32", "f32"), ("f16", "f16")])
def test_mul_add_float(S, mnk, types):
    (m, n, k), (ab, acc) = mnk, types
    a, b, c = random((m, k), ab), random((k, n), ab), random((m, n), acc)
    la, lb = TinytcLayout(m, k, S, "a", ab), TinytcLayout(k, n, S, "b", ab)
    lc = TinytcLayout(m, n, S, "acc", acc)
    out = _mul_add(
        S, (m, n, k), ab, acc, "", la.to_lanes(a), lb.to_lanes(b), lc.to_lanes(c)
    )
    want = a.astype(np.float64) @ b + c
    # This test's own bound, as before (it predates the error model).
    tol = 2e-2 if "f16" in (ab, acc) else 1e-5
    assert_close(lc.from_lanes(out), want, elementwise_tolerance(want, tol, tol * k))
    assert (out[lc.padding_mask()] == 0).all()


@pytest.mark.parametrize("S", [8, 16])
@pytest.mark.parametrize("mnk", MNK)
@pytest.mark.parametrize(
    "flags", ["", "a_signed", "a_signed, b_signed, c_signed, result_signed"]
)
def test_mul_add_int8(S, mnk, flags):
    m, n, k = mnk
    a, b = random((m, k), "i8"), random((k, n), "i8")
    c = random((m, n), "i32")
    la, lb = TinytcLayout(m, k, S, "a", "i8"), TinytcLayout(k, n, S, "b", "i8")
    lc = TinytcLayout(m, n, S, "acc", "i32")
    attrs = f"{{{flags}}}" if flags else ""
    out = _mul_add(
        S, mnk, "i8", "i32", attrs, la.to_lanes(a), lb.to_lanes(b), lc.to_lanes(c)
    )
    a64 = (
        a.astype(np.int64) if "a_signed" in flags else a.view(np.uint8).astype(np.int64)
    )
    b64 = (
        b.astype(np.int64) if "b_signed" in flags else b.view(np.uint8).astype(np.int64)
    )
    want = (a64 @ b64 + c).astype(np.int32)
    np.testing.assert_array_equal(lc.from_lanes(out), want)


@pytest.mark.parametrize("signed", [True, False])
def test_mul_add_saturating_clamps_the_exact_sum(signed):
    S, (m, n, k) = 8, (8, 8, 16)
    a = np.full((m, k), 127, dtype=np.int8)
    b = np.full((k, n), 127, dtype=np.int8)
    c = np.full((m, n), 2**31 - 100_000, dtype=np.int32)
    c[0, 0] = -(2**31) + 5
    la, lb = TinytcLayout(m, k, S, "a", "i8"), TinytcLayout(k, n, S, "b", "i8")
    lc = TinytcLayout(m, n, S, "acc", "i32")
    flags = (
        "a_signed, b_signed, c_signed, result_signed, saturating"
        if signed
        else "saturating"
    )
    out = _mul_add(
        S,
        (m, n, k),
        "i8",
        "i32",
        f"{{{flags}}}",
        la.to_lanes(a),
        lb.to_lanes(b),
        lc.to_lanes(c),
    )
    c64 = c.astype(np.int64) if signed else c.view(np.uint32).astype(np.int64)
    exact = a.astype(np.int64) @ b.astype(np.int64) + c64
    low, high = (-(2**31), 2**31 - 1) if signed else (0, 2**32 - 1)
    want = (
        exact.clip(low, high)
        .astype(np.int64)
        .astype(np.uint32 if not signed else np.int32)
    )
    np.testing.assert_array_equal(lc.from_lanes(out).view(want.dtype), want)


def _mul_add(S, mnk, ab, acc, attrs, a, b, c):
    m, n, k = mnk
    ta, tb, tc = mat(m, k, ab, "a"), mat(k, n, ab, "b"), mat(m, n, acc, "acc")
    module = lower(
        f"""
func.func @k(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %d = coopmat.mul_add %a, %b, %c {attrs} : {ta}, {tb} -> {tc}
  func.return %d : {tc}
}}""",
        S,
    )
    (out,) = run(module, S, a, b, c)
    return out


# --------------------------------------------------------------------------
# Data movement between layouts
# --------------------------------------------------------------------------


@pytest.mark.parametrize("S", [8, 16, 32])
@pytest.mark.parametrize("shape", [(16, 16), (8, 32), (4, 15), (32, 4), (2, 8)])
@pytest.mark.parametrize("use", ["a", "b"])
def test_convert_acc_to_a_or_b_moves_elements(S, shape, use):
    rows, cols = shape
    src, dst = mat(rows, cols, "f32", "acc"), mat(rows, cols, "f16", use)
    module = lower(
        f"""
func.func @k(%m: {src}) -> {dst} {{
  %r = coopmat.convert %m : {src} -> {dst}
  func.return %r : {dst}
}}""",
        S,
    )
    matrix = random((rows, cols), "f32")
    (out,) = run(module, S, TinytcLayout(rows, cols, S, "acc", "f32").to_lanes(matrix))
    want = TinytcLayout(rows, cols, S, use, "f16").to_lanes(matrix.astype(np.float16))
    np.testing.assert_array_equal(out, want)


def _invocation_cases():
    """Shapes the row-per-invocation layout holds: 32-byte f16 lines for A/B,
    at most S lines; accumulator rows of S, S/2 or S/4."""
    for S in (8, 16, 32):
        for shape, use in [((8, 16), "a"), ((16, 16), "a"), ((16, 8), "b")]:
            if (shape[1] if use == "b" else shape[0]) <= S:
                yield S, shape, use
        for rows, cols in [(8, S), (4, S // 2), (S, S // 4)]:
            yield S, (rows, cols), "acc"


@pytest.mark.parametrize("S, shape, use", list(_invocation_cases()))
def test_from_and_to_vector_are_row_per_invocation(S, shape, use):
    rows, cols = shape
    ty = "f16"
    t = mat(rows, cols, ty, use)
    line = rows if use == "b" else cols
    module = lower(
        f"""
func.func @k(%v: vector<{line}x{ty}>) -> ({t}, vector<{line}x{ty}>) {{
  %m = coopmat.from_vector %v : vector<{line}x{ty}> -> {t}
  %w = coopmat.to_vector %m : {t} -> vector<{line}x{ty}>
  func.return %m, %w : {t}, vector<{line}x{ty}>
}}""",
        S,
    )
    row_layout = InvocationLayout(rows, cols, S, use, ty)
    matrix = random((rows, cols), ty)
    vectors = row_layout.to_lanes(matrix)
    m_lanes, back = run(module, S, vectors)
    np.testing.assert_array_equal(
        m_lanes, TinytcLayout(rows, cols, S, use, ty).to_lanes(matrix)
    )
    np.testing.assert_array_equal(back, vectors)


# --------------------------------------------------------------------------
# Element-wise ops and per-work-item access
# --------------------------------------------------------------------------


@pytest.mark.parametrize("S", [8, 16])
@pytest.mark.parametrize("shape", [(8, 8), (4, 15), (16, 3)])
@pytest.mark.parametrize("ty", ["f32", "i32"])
def test_elementwise_ops_and_splat(S, shape, ty):
    rows, cols = shape
    t = mat(rows, cols, ty, "acc")
    results = ", ".join([t] * 7 + ["index"])
    module = lower(
        f"""
func.func @k(%x: {t}, %y: {t}, %s: {ty}) -> ({results}) {{
  %add = coopmat.add %x, %y : {t}
  %sub = coopmat.sub %x, %y : {t}
  %mul = coopmat.mul %x, %y : {t}
  %div = coopmat.div %x, %y : {t}
  %neg = coopmat.neg %x : {t}
  %scale = coopmat.scale %x, %s : {t}, {ty}
  %splat = coopmat.splat %s : {ty} -> {t}
  %len = coopmat.length : {t}
  func.return %add, %sub, %mul, %div, %neg, %scale, %splat, %len : {results}
}}""",
        S,
    )
    layout = TinytcLayout(rows, cols, S, "acc", ty)
    x, y = random(shape, ty), random(shape, ty)
    y[y == 0] = 3
    s = NP[ty](3)
    outs = run(module, S, layout.to_lanes(x), layout.to_lanes(y), np.full(S, s))
    if ty == "f32":
        div = x / y
    else:
        div = np.fix(x / y).astype(np.int32)
    wants = [x + y, x - y, x * y, div, -x, x * s, np.full(shape, s, dtype=NP[ty])]
    for got, want in zip(outs[:-1], wants, strict=True):
        want = layout.to_lanes(want.astype(NP[ty]))  # one rounding: as before
        assert_close(got, want, elementwise_tolerance(want, rtol=1e-6, atol=0))
    assert (outs[-1] == layout.V).all()


@pytest.mark.parametrize("S", [8, 16])
def test_extract_and_insert_are_own_components(S):
    t = mat(4, 15, "f32", "acc")
    module = lower(
        f"""
func.func @k(%m: {t}, %k: index, %x: f32) -> (f32, {t}) {{
  %e = coopmat.extract %m[%k] : {t} -> f32
  %n = coopmat.insert %x, %m[%k] : f32, {t}
  func.return %e, %n : f32, {t}
}}""",
        S,
    )
    layout = TinytcLayout(4, 15, S)
    lanes = layout.to_lanes(random((4, 15), "f32"))
    k = RNG.integers(0, layout.V, size=S)
    e, n = run(module, S, lanes, k, np.full(S, 9.5, dtype=np.float32))
    np.testing.assert_array_equal(e, lanes[np.arange(S), k])
    want = lanes.copy()
    want[np.arange(S), k] = 9.5
    np.testing.assert_array_equal(n, want)


def test_loop_carried_matrix_and_signature_become_vectors():
    t = mat(8, 8, "f32", "acc")
    module = lower(
        f"""
func.func @k(%m: {t}, %n: index) -> {t} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> ({t}) {{
    %d = coopmat.add %acc, %acc : {t}
    scf.yield %d : {t}
  }}
  func.return %r : {t}
}}""",
        8,
    )
    text = str(module)
    assert "coopmat" not in text.replace("coopmat.layout", "")
    assert "-> (vector<8xf32>)" in text
    assert "func.func @k(%m: vector<8xf32>, %n: index) -> vector<8xf32>" in text


# --------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, message",
    [
        (
            "%m = coopmat.splat %x : f32 -> !coopmat.matrix<6x8xf32, acc>",
            "input.mlir:3:3: error: !coopmat.matrix<6x8xf32, acc> does not fit "
            "#coopmat.layout<tinytc, subgroup = 16>: rows M=6 must be a power of two",
        ),
        (
            "%m = coopmat.splat %x : f32 -> !coopmat.matrix<8x8xf32, acc, workgroup>",
            "input.mlir:3:3: error: !coopmat.matrix<8x8xf32, acc, workgroup>: "
            "workgroup matrices have no SIMT lowering (they need "
            "VK_NV_cooperative_matrix2: convert-to-spirv coopmat=nv2)",
        ),
    ],
)
def test_bad_input_is_located_and_leaves_module_unchanged(body, message):
    text = f"""
func.func @k(%x: f32) {{
  {body}
  func.return
}}"""
    module = parse(text)
    before = str(module)
    with pytest.raises(CompileError) as err:
        CoopmatToSimt(subgroup_size=16).apply(Context(), module)
    assert str(err.value) == message
    assert str(module) == before


def test_unknown_subgroup_size_is_an_error():
    module = parse(
        """
func.func @k(%x: f32) {
  %m = coopmat.splat %x : f32 -> !coopmat.matrix<8x8xf32, acc>
  func.return
}"""
    )
    with pytest.raises(
        CompileError, match="input.mlir:3:3: error: unknown subgroup size"
    ):
        CoopmatToSimt().apply(Context(), module)


@pytest.mark.parametrize(
    "src, dst, unsigned",
    [
        ("i32", "f16", False),
        ("i8", "i32", False),
        ("i8", "i32", True),
        ("f32", "i32", False),
        ("i32", "i8", False),
    ],
)
def test_convert_element_types(src, dst, unsigned):
    S, shape = 8, (4, 15)
    ts, td = mat(*shape, src, "acc"), mat(*shape, dst, "acc")
    attrs = " {unsigned}" if unsigned else ""
    module = lower(
        f"""
func.func @k(%m: {ts}) -> {td} {{
  %r = coopmat.convert %m{attrs} : {ts} -> {td}
  func.return %r : {td}
}}""",
        S,
    )
    matrix = random(shape, src)
    (out,) = run(module, S, TinytcLayout(*shape, S, "acc", src).to_lanes(matrix))
    source = matrix.view(np.uint8) if unsigned else matrix
    want = np.trunc(source).astype(NP[dst]) if src == "f32" else source.astype(NP[dst])
    np.testing.assert_array_equal(
        out, TinytcLayout(*shape, S, "acc", dst).to_lanes(want)
    )


# The k loop of mul_add (k_loop.py): taken where every k step is one code, so
# that the differential GEMM tests above (S = 8, 16x16x16) run through it.
@pytest.mark.parametrize(
    "S, mnk, looped",
    [(8, (16, 16, 16), True), (8, (16, 16, 32), True), (32, (16, 16, 16), False)],
)
def test_mul_add_k_loop_where_steps_agree(S, mnk, looped):
    m, n, k = mnk
    plan = plan_k_loop(
        TinytcLayout(m, k, S, "a", "f16"),
        TinytcLayout(k, n, S, "b", "f16"),
        TinytcLayout(m, n, S, "acc", "f32"),
    )
    assert (plan is not None) == looped
    if plan is not None:
        assert plan.K == k and len(plan.live) == m * n // S
