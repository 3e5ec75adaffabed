"""Per-work-item coopmat ops agree with coopmlir.layout's gather/scatter, and
divergent control flow runs under masks."""

from __future__ import annotations

import numpy as np
import pytest
from support.kernel_modules import kernel_module

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.layout import InvocationLayout, TinytcLayout

RNG = np.random.default_rng(3)

# Every lane writes its V components: OUT[global lane, k] = extract(M, k).
EXTRACT_ALL = """
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %m = coopmat.load %IN[%c0, %c0] row_major : memref<{R}x{C}xf32> -> !coopmat.matrix<{R}x{C}xf32, {use}>
      %n = coopmat.length : !coopmat.matrix<{R}x{C}xf32, {use}>
      %lane = gpu.thread_id x
      scf.for %k = %c0 to %n step %c1 {{
        %v = coopmat.extract %m[%k] : !coopmat.matrix<{R}x{C}xf32, {use}> -> f32
        memref.store %v, %OUT[%lane, %k] : memref<{S}x{V}xf32>
        scf.yield
      }}"""


@pytest.mark.parametrize(
    "R, C, S, use",
    [(16, 16, 32, "acc"), (4, 15, 16, "acc"), (1, 17, 16, "a"), (32, 8, 8, "b")],
)
def test_extract_reads_the_tinytc_layout(R, C, S, use):
    layout = TinytcLayout(R, C, S, use, "f32")
    body = EXTRACT_ALL.format(R=R, C=C, S=S, V=layout.V, use=use)
    args = f"%IN: memref<{R}x{C}xf32>, %OUT: memref<{S}x{layout.V}xf32>"
    module = kernel_module(args, body, block=S)
    matrix = RNG.standard_normal((R, C)).astype(np.float32)
    out = np.full((S, layout.V), np.nan, np.float32)
    run_function(module, "k", [matrix, out], subgroup_size=S)
    np.testing.assert_array_equal(out, layout.to_lanes(matrix))


# Every lane overwrites component k with its lane id * 100 + k.
INSERT_ALL = """
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      %zero = arith.constant 0.0 : f32
      %z = coopmat.splat %zero : f32 -> !coopmat.matrix<{R}x{C}xf32, acc>
      %n = coopmat.length : !coopmat.matrix<{R}x{C}xf32, acc>
      %lane = gpu.lane_id
      %base = arith.muli %lane, %c100 : index
      %m = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (!coopmat.matrix<{R}x{C}xf32, acc>) {{
        %i = arith.addi %base, %k : index
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        %next = coopmat.insert %f, %acc[%k] : f32, !coopmat.matrix<{R}x{C}xf32, acc>
        scf.yield %next : !coopmat.matrix<{R}x{C}xf32, acc>
      }}
      coopmat.store %m, %OUT[%c0, %c0] row_major : !coopmat.matrix<{R}x{C}xf32, acc>, memref<{R}x{C}xf32>"""


@pytest.mark.parametrize("R, C, S", [(16, 16, 32), (4, 15, 16), (8, 8, 8)])
def test_insert_writes_the_tinytc_layout(R, C, S):
    layout = TinytcLayout(R, C, S, "acc", "f32")
    module = kernel_module(
        f"%OUT: memref<{R}x{C}xf32>", INSERT_ALL.format(R=R, C=C), block=S
    )
    out = np.zeros((R, C), np.float32)
    run_function(module, "k", [out], subgroup_size=S)
    lanes = np.arange(S)[:, None] * 100 + np.arange(layout.V)[None, :]
    np.testing.assert_array_equal(out, layout.from_lanes(lanes.astype(np.float32)))


VECTORS = """
      %c0 = arith.constant 0 : index
      %lane = gpu.lane_id
      %v = vector.load %IN[%lane, %c0] : memref<{S}x16xf16>, vector<16xf16>
      %m = coopmat.from_vector %v : vector<16xf16> -> !coopmat.matrix<{S}x16xf16, a>
      coopmat.store %m, %MAT[%c0, %c0] row_major : !coopmat.matrix<{S}x16xf16, a>, memref<{S}x16xf16>
      %packed = coopmat.to_vector %m : !coopmat.matrix<{S}x16xf16, a> -> vector<8xi32>
      %back = coopmat.bitcast_array %packed : vector<8xi32> -> vector<16xf16>
      %c8 = arith.constant 8 : index
      %hi = coopmat.extract_subarray %back[%c8] : vector<16xf16> -> vector<8xf16>
      vector.store %hi, %OUT[%lane, %c0] : memref<{S}x8xf16>, vector<8xf16>"""


@pytest.mark.parametrize("S", [16, 32])
def test_row_per_invocation_conversions(S):
    module = kernel_module(
        f"%IN: memref<{S}x16xf16>, %MAT: memref<{S}x16xf16>, %OUT: memref<{S}x8xf16>",
        VECTORS.format(S=S),
        block=S,
    )
    rows = RNG.standard_normal((S, 16)).astype(np.float16)
    mat = np.zeros((S, 16), np.float16)
    out = np.zeros((S, 8), np.float16)
    run_function(module, "k", [rows, mat, out], subgroup_size=S)
    layout = InvocationLayout(S, 16, S, "a", "f16")
    np.testing.assert_array_equal(mat, layout.from_lanes(rows))  # lane i -> row i
    np.testing.assert_array_equal(out, rows[:, 8:])  # packed round trip + slice


DIVERGENT = """
      %lane = gpu.lane_id
      %c5 = arith.constant 5 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %small = arith.cmpi ult, %lane, %c5 : index
      %v = scf.if %small -> (index) {
        %t = arith.muli %lane, %c5 : index
        memref.store %t, %OUT[%lane] : memref<32xindex>
        scf.yield %t : index
      } else {
        scf.yield %c1 : index
      }
      // A loop whose trip count differs per lane: sum 0..lane-1.
      %s = scf.for %i = %c0 to %lane step %c1 iter_args(%acc = %v) -> (index) {
        %n = arith.addi %acc, %i : index
        scf.yield %n : index
      }
      memref.store %s, %SUM[%lane] : memref<32xindex>"""


def test_divergent_if_and_for():
    module = kernel_module(
        "%OUT: memref<32xindex>, %SUM: memref<32xindex>", DIVERGENT, block=32
    )
    out, total = np.full(32, -1, np.int64), np.zeros(32, np.int64)
    run_function(module, "k", [out, total])
    lane = np.arange(32)
    np.testing.assert_array_equal(out, np.where(lane < 5, lane * 5, -1))
    start = np.where(lane < 5, lane * 5, 1)
    np.testing.assert_array_equal(total, start + lane * (lane - 1) // 2)


def test_matrix_op_in_lane_divergent_control_flow_is_refused():
    body = """
      %lane = gpu.lane_id
      %c5 = arith.constant 5 : index
      %c0 = arith.constant 0 : index
      %small = arith.cmpi ult, %lane, %c5 : index
      scf.if %small {
        %m = coopmat.load %IN[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
        coopmat.store %m, %IN[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
        scf.yield
      }"""
    module = kernel_module("%IN: memref<16x16xf32>", body, block=32)
    with pytest.raises(InterpretationFailure, match="diverges inside a subgroup"):
        run_function(module, "k", [np.zeros((16, 16), np.float32)])


MUL_ADD_INT = """
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] row_major : memref<16x32xi8> -> !coopmat.matrix<16x32xi8, a>
      %b = coopmat.load %B[%c0, %c0] row_major : memref<32x16xi8> -> !coopmat.matrix<32x16xi8, b>
      %c = coopmat.load %C[%c0, %c0] row_major : memref<16x16xi32> -> !coopmat.matrix<16x16xi32, acc>
      %d = coopmat.mul_add %a, %b, %c {flags} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x16xi8, b> -> !coopmat.matrix<16x16xi32, acc>
      coopmat.store %d, %C[%c0, %c0] row_major : !coopmat.matrix<16x16xi32, acc>, memref<16x16xi32>"""


@pytest.mark.parametrize(
    "flags, signed",
    [("{a_signed, b_signed, c_signed, result_signed}", True), ("", False)],
)
def test_integer_mul_add_signedness(flags, signed):
    module = kernel_module(
        "%A: memref<16x32xi8>, %B: memref<32x16xi8>, %C: memref<16x16xi32>",
        MUL_ADD_INT.format(flags=flags),
        block=32,
    )
    A = RNG.integers(-128, 128, (16, 32)).astype(np.int8)
    B = RNG.integers(-128, 128, (32, 16)).astype(np.int8)
    C = RNG.integers(-1000, 1000, (16, 16)).astype(np.int32)
    view = (
        (lambda x: x.astype(np.int64))
        if signed
        else (lambda x: x.view(np.uint8).astype(np.int64))
    )
    expected = (view(A) @ view(B) + C.astype(np.int64)).astype(np.int32)
    run_function(module, "k", [A, B, C])
    np.testing.assert_array_equal(C, expected)


def test_saturating_mul_add_clamps():
    flags = "{a_signed, b_signed, c_signed, result_signed, saturating}"
    module = kernel_module(
        "%A: memref<16x32xi8>, %B: memref<32x16xi8>, %C: memref<16x16xi32>",
        MUL_ADD_INT.format(flags=flags),
        block=32,
    )
    A = np.full((16, 32), 127, np.int8)
    B = np.full((32, 16), 127, np.int8)
    C = np.full((16, 16), 2**31 - 10, np.int32)
    run_function(module, "k", [A, B, C])
    assert (C == 2**31 - 1).all()


ELEMENTWISE = """
      %c0 = arith.constant 0 : index
      %s = arith.constant 0.5 : f16
      %x = coopmat.load %X[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, acc>
      %y = coopmat.load %Y[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, acc>
      %add = coopmat.add %x, %y : !coopmat.matrix<16x16xf16, acc>
      %sub = coopmat.sub %add, %y : !coopmat.matrix<16x16xf16, acc>
      %mul = coopmat.mul %sub, %y : !coopmat.matrix<16x16xf16, acc>
      %div = coopmat.div %mul, %x : !coopmat.matrix<16x16xf16, acc>
      %neg = coopmat.neg %div : !coopmat.matrix<16x16xf16, acc>
      %scaled = coopmat.scale %neg, %s : !coopmat.matrix<16x16xf16, acc>, f16
      %wide = coopmat.convert %scaled : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf32, acc>
      %asint = coopmat.convert %wide : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xi32, acc>
      coopmat.store %wide, %F[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
      coopmat.store %asint, %I[%c0, %c0] row_major : !coopmat.matrix<16x16xi32, acc>, memref<16x16xi32>"""


def test_elementwise_scale_and_convert_round_like_the_types():
    module = kernel_module(
        "%X: memref<16x16xf16>, %Y: memref<16x16xf16>, %F: memref<16x16xf32>, %I: memref<16x16xi32>",
        ELEMENTWISE,
        block=32,
    )
    X = (RNG.standard_normal((16, 16)) * 8).astype(np.float16)
    X[X == 0] = 1
    Y = (RNG.standard_normal((16, 16)) * 8).astype(np.float16)
    F, ints = np.zeros((16, 16), np.float32), np.zeros((16, 16), np.int32)
    run_function(module, "k", [X, Y, F, ints])
    # numpy's float16 arithmetic rounds each operation to f16, as the op does.
    expected = -(((X + Y) - Y) * Y / X) * np.float16(0.5)
    np.testing.assert_array_equal(F, expected.astype(np.float32))
    np.testing.assert_array_equal(
        ints, np.trunc(expected.astype(np.float64)).astype(np.int32)
    )


def test_vector_shuffle_and_explicit_subgroup_mode():
    module = parse_module("""
func.func @f(%a: vector<4xf32>, %b: vector<2xf32>) -> vector<3xf32> {
  %r = vector.shuffle %a, %b [5, 0, 3] : vector<4xf32>, vector<2xf32>
  func.return %r : vector<3xf32>
}""")
    a, b = np.arange(4, dtype=np.float32), np.array([10, 11], np.float32)
    (r,) = run_function(module, "f", [a, b])
    np.testing.assert_array_equal(r, [11, 0, 3])
    # With subgroup_size, a func.func runs as one subgroup: per-lane vectors.
    lanes = np.arange(32, dtype=np.float32).reshape(8, 4)
    (r,) = run_function(module, "f", [lanes, b], subgroup_size=8)
    np.testing.assert_array_equal(
        r, np.stack([np.full(8, 11), lanes[:, 0], lanes[:, 3]], 1)
    )


SELECT_UNIFORM_OR_LANE = """
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %lane = gpu.thread_id x
      %uniform = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
      %i = arith.index_cast %lane : index to i32
      %x = arith.sitofp %i : i32 to f32
      %mine = vector.broadcast %x : f32 to vector<4xf32>
      %low = arith.cmpi ult, %lane, %c4 : index
      %v = arith.select %low, %uniform, %mine : vector<4xf32>
      vector.store %v, %OUT[%lane, %c0] : memref<4x4xf32>, vector<4xf32>"""


@pytest.mark.parametrize("lanes", [4, 8])
def test_per_lane_select_between_uniform_and_per_lane_vectors(lanes):
    """A per-lane i1 picks a whole vector: the uniform one or the lane's own
    (4 lanes is the case where the lane count equals the vector length)."""
    body = SELECT_UNIFORM_OR_LANE.replace("memref<4x4xf32>", f"memref<{lanes}x4xf32>")
    module = kernel_module(f"%OUT: memref<{lanes}x4xf32>", body, block=lanes)
    out = np.zeros((lanes, 4), np.float32)
    run_function(module, "k", [out], subgroup_size=lanes)
    lane = np.arange(lanes)[:, None]
    want = np.where(lane < 4, np.array([1.0, 2, 3, 4]), lane * np.ones(4))
    # Lanes 0..3 take the uniform vector; the rest their own value.
    np.testing.assert_array_equal(out, want)
