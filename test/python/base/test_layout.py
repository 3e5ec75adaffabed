"""Tests of coopmlir.layout against the tinytc coopmatrix layout documentation
and the row/column-per-invocation layouts of the
VK_QCOM_cooperative_matrix_conversion proposal."""

from __future__ import annotations

import dataclasses
from operator import attrgetter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.layout_strategies import any_layouts, invocation_layouts, tinytc_layouts

from coopmlir.layout import (
    ELEMENT_BYTES,
    SUBGROUP_SIZES,
    InvocationLayout,
    TinytcLayout,
    make_layout,
    pack_channels,
    unpack_channels,
)

# The tables of the tinytc coopmatrix layout documentation, typed from it: one
# string per component, the cells of lanes p = 0..15 ("-,-" is its padding).
DOC_4X15_S16 = {
    ".x": "0,0 1,0 2,0 3,0 0,1 1,1 2,1 3,1 0,2 1,2 2,2 3,2 0,3 1,3 2,3 3,3",
    ".y": "0,4 1,4 2,4 3,4 0,5 1,5 2,5 3,5 0,6 1,6 2,6 3,6 0,7 1,7 2,7 3,7",
    ".z": "0,8 1,8 2,8 3,8 0,9 1,9 2,9 3,9 0,10 1,10 2,10 3,10 0,11 1,11 2,11 3,11",
    ".w": "0,12 1,12 2,12 3,12 0,13 1,13 2,13 3,13 0,14 1,14 2,14 3,14 -,- -,- -,- -,-",
}
DOC_1X17_S16 = {
    ".x": "0,0 0,1 0,2 0,3 0,4 0,5 0,6 0,7 0,8 0,9 0,10 0,11 0,12 0,13 0,14 0,15",
    ".y": "0,16 -,- -,- -,- -,- -,- -,- -,- -,- -,- -,- -,- -,- -,- -,- -,-",
}


def cells_of(layout) -> dict[str, str]:
    """The layout's table in the same form as the DOC_* dictionaries."""
    names = [".x", ".y", ".z", ".w"]
    table = {}
    for v in range(layout.V):
        cells = []
        for p in range(layout.S):
            element = layout.element_of(p, v)
            cells.append("-,-" if element is None else f"{element[0]},{element[1]}")
        table[names[v]] = " ".join(cells)
    return table


@pytest.mark.parametrize(
    "shape, expected, params",
    [
        ((4, 15), DOC_4X15_S16, dict(I=4, J=16, K=1, K1=1, K2=1, V=4)),
        ((1, 17), DOC_1X17_S16, dict(I=1, J=32, K=1, K1=1, K2=1, V=2)),
    ],
)
def test_document_tables(shape, expected, params):
    layout = TinytcLayout(*shape, subgroup_size=16)
    assert cells_of(layout) == expected
    assert {name: getattr(layout, name) for name in params} == params


# --------------------------------------------------------------------------
# Properties over many shapes, uses and types
# --------------------------------------------------------------------------


@given(any_layouts)
def test_elements_and_slots_are_in_bijection(layout):
    rows, cols = layout.element_map()
    assert rows.shape == cols.shape == (layout.S, layout.V)
    held = rows >= 0
    assert np.array_equal(held, cols >= 0)
    # Every element appears exactly once among the non-padding slots.
    counts = np.zeros((layout.M, layout.N), dtype=int)
    np.add.at(counts, (rows[held], cols[held]), 1)
    assert (counts == 1).all()
    # owner_map is the inverse of element_map.
    lanes, comps = layout.owner_map()
    assert lanes.shape == comps.shape == (layout.M, layout.N)
    assert np.array_equal(rows[lanes, comps], np.arange(layout.M)[:, None] + 0 * lanes)
    assert np.array_equal(cols[lanes, comps], np.arange(layout.N)[None, :] + 0 * lanes)


@given(any_layouts)
def test_padding_count(layout):
    rows, _ = layout.element_map()
    expected = layout.S * layout.V - layout.M * layout.N
    assert (rows < 0).sum() == expected == layout.padding_count
    assert layout.padding_mask().sum() == expected


@given(any_layouts, st.data())
def test_scalar_queries_agree_with_maps(layout, data):
    rows, cols = layout.element_map()
    lane = data.draw(st.integers(0, layout.S - 1))
    comp = data.draw(st.integers(0, layout.V - 1))
    element = layout.element_of(lane, comp)
    if rows[lane, comp] < 0:
        assert element is None
    else:
        assert element == (rows[lane, comp], cols[lane, comp])
        assert layout.owner_of(*element) == (lane, comp)
    row = data.draw(st.integers(0, layout.M - 1))
    col = data.draw(st.integers(0, layout.N - 1))
    lane, comp = layout.owner_of(row, col)
    assert layout.element_of(lane, comp) == (row, col)


@given(tinytc_layouts)
def test_shape_definitions(layout):
    I, S, N = layout.I, layout.S, layout.N  # noqa: E741
    assert I == min(layout.M, S)
    # J: the smallest n >= N with I*n a multiple of S (document's definition).
    assert layout.J == next(n for n in range(N, N + S + 1) if I * n % S == 0)
    assert layout.K1 * layout.K2 == layout.K == layout.M // I
    assert layout.V == I * layout.K * layout.J // S
    omega_b = max(1, 2 // ELEMENT_BYTES[layout.element_type])
    big_b = layout.use == "b" and layout.M > S
    assert layout.K1 == (omega_b if big_b else 1)
    # Padding exists iff J > N, and then the document's mask test fires.
    assert (layout.padding_count > 0) == (layout.J > N)
    if layout.padding_count:
        assert layout.needs_mask
    assert layout.needs_mask == (layout.J * S // I > N)


@settings(max_examples=60)
@given(tinytc_layouts)
def test_inverse_formulas_match_linearisation(layout):
    """Slot (p, v) holds A*[L^-1(p + v*S)], enumerated the slow way."""
    I, K1, J, M, N, S = attrgetter("I", "K1", "J", "M", "N", "S")(layout)  # noqa: E741
    rows, cols = layout.element_map()
    for p in range(S):
        for v in range(layout.V):
            L = p + v * S
            i, k1 = L % I, L // I % K1
            j, k2 = L // (I * K1) % J, L // (I * K1 * J)
            row = i + k1 * I + k2 * I * K1
            assert row < M
            expected = (row, j) if j < N else (-1, -1)
            assert (rows[p, v], cols[p, v]) == expected


@settings(max_examples=60)
@given(tinytc_layouts)
def test_load_pseudo_code(layout):
    """The tinytc documentation's SIMT load loop (unchecked, untransposed) gives
    to_lanes."""
    M, N, S, I, K = attrgetter("M", "N", "S", "I", "K")(layout)  # noqa: E741
    K1, K2, V = layout.K1, layout.K2, layout.V
    A = np.arange(1, M * N + 1).reshape(M, N)
    expected = np.full((S, V), -7)
    for p in range(S):
        i0, j0 = p % I, p // I
        for w1 in range(K1):
            for w2 in range(K2):
                row = i0 + (w1 + w2 * K1) * I
                for u in range(V // K):
                    j = j0 + u * (S // I)
                    mask_ok = not layout.needs_mask or j < N
                    expected[p, w1 + u * K1 + w2 * K1 * (V // K)] = (
                        A[row, j] if mask_ok else 0
                    )
    assert np.array_equal(layout.to_lanes(A), expected)


@given(any_layouts, st.integers(0, 2**32 - 1))
def test_gather_then_scatter_is_identity(layout, seed):
    rng = np.random.default_rng(seed)
    matrix = rng.standard_normal((layout.M, layout.N)).astype(np.float32)
    lanes = layout.to_lanes(matrix)
    assert lanes.shape == (layout.S, layout.V) and lanes.dtype == np.float32
    assert (lanes[layout.padding_mask()] == 0).all()
    assert np.array_equal(layout.from_lanes(lanes), matrix)
    # Scatter then gather keeps every non-padding slot.
    other = rng.standard_normal((layout.S, layout.V))
    back = layout.to_lanes(layout.from_lanes(other))
    assert np.array_equal(back, np.where(layout.padding_mask(), 0, other))


# --------------------------------------------------------------------------
# VNNI packing of A
# --------------------------------------------------------------------------


def test_vnni_f16_hand_example():
    # f16 bits: 1.0 = 0x3C00, 2.0 = 0x4000, -2.0 = 0xC000, 0.5 = 0x3800.
    layout = TinytcLayout(16, 4, 16, "a", "f16")
    assert layout.vnni and layout.omega == 2 and layout.V == 4
    matrix = np.tile(np.array([1.0, 2.0, -2.0, 0.5], np.float16), (16, 1))
    words = layout.pack_vnni(layout.to_lanes(matrix))
    assert words.dtype == np.uint32
    # Lane r holds row r; channel 0 (column 0, then 2) is in the low 16 bits.
    assert words.tolist() == [[0x40003C00, 0x3800C000]] * 16
    assert np.array_equal(layout.from_lanes(layout.unpack_vnni(words)), matrix)


def test_vnni_i8_and_bf16_hand_examples():
    i8 = TinytcLayout(16, 4, 16, "a", "i8")
    assert i8.omega == 4 and i8.vnni
    matrix = np.tile(np.array([1, -1, 2, -128], np.int8), (16, 1))
    assert i8.pack_vnni(i8.to_lanes(matrix)).tolist() == [[0x8002FF01]] * 16
    # bf16 travels as uint16 bit patterns: 1.0 = 0x3F80, 2.0 = 0x4000.
    bf16 = TinytcLayout(16, 2, 16, "a", "bf16")
    assert bf16.dtype == np.uint16
    matrix = np.tile(np.array([0x3F80, 0x4000], np.uint16), (16, 1))
    assert bf16.pack_vnni(bf16.to_lanes(matrix)).tolist() == [[0x40003F80]] * 16


vnni_layouts = st.builds(
    lambda e, S, n, ty: TinytcLayout(
        S * 2**e, n * max(1, 4 // ELEMENT_BYTES[ty]), S, "a", ty
    ),
    st.integers(0, 2),
    st.sampled_from(SUBGROUP_SIZES),
    st.integers(1, 12),
    st.sampled_from(["f16", "bf16", "i8", "i16", "ui8"]),
)


@given(vnni_layouts)
def test_vnni_words_follow_the_a_star_star_mapping(layout):
    """Channel c of word w holds A**[c, i, k1, j, k2] = A*[i, k1, c + j*omega, k2]."""
    assert layout.vnni and layout.I == layout.S and layout.K1 == 1
    omega, words_per_block = layout.omega, layout.J // layout.omega
    rows, cols = layout.element_map()
    for p in range(layout.S):
        for w in range(layout.V // omega):
            j, k2 = w % words_per_block, w // words_per_block
            for c in range(omega):
                assert rows[p, w * omega + c] == p + k2 * layout.I
                assert cols[p, w * omega + c] == c + j * omega


@given(vnni_layouts, st.integers(0, 2**32 - 1))
def test_vnni_pack_unpack_identity(layout, seed):
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 256, (layout.S, layout.V * layout.element_bytes))
    lanes = bits.astype(np.uint8).view(layout.dtype)
    words = layout.pack_vnni(lanes)
    assert words.shape == (layout.S, layout.V // layout.omega)
    assert np.array_equal(
        layout.unpack_vnni(words).view(np.uint8), lanes.view(np.uint8)
    )


@pytest.mark.parametrize(
    "args",
    [
        (16, 4, 16, "a", "f32"),  # omega = 1
        (16, 4, 16, "acc", "f16"),  # not A
        (16, 3, 16, "a", "f16"),  # N not a multiple of omega
        (8, 4, 16, "a", "f16"),  # M < S
    ],
)
def test_vnni_not_applied(args):
    layout = TinytcLayout(*args)
    assert not layout.vnni
    with pytest.raises(ValueError, match="VNNI"):
        layout.pack_vnni(np.zeros((layout.S, layout.V), layout.dtype))


def test_channel_helpers_reject_bad_widths():
    with pytest.raises(ValueError, match="32 bits"):
        pack_channels(np.zeros(4, np.float32), 2)
    with pytest.raises(ValueError, match="multiple of 2"):
        pack_channels(np.zeros(3, np.float16), 2)
    assert unpack_channels(
        np.array([0x3C000000], np.uint32), 2, np.float16
    ).tolist() == [
        0.0,
        1.0,
    ]


# --------------------------------------------------------------------------
# Row / column per invocation (the VK_QCOM_cooperative_matrix_conversion proposal)
# --------------------------------------------------------------------------


def test_row_per_invocation_for_a():
    layout = InvocationLayout(8, 4, 16, "a", "f32")
    assert layout.V == 4 and not layout.by_column
    assert layout.element_of(3, 2) == (3, 2)
    assert layout.element_of(8, 0) is None  # lanes beyond the rows are ignored
    assert layout.owner_of(7, 3) == (7, 3)
    assert layout.padding_count == 8 * 4


def test_column_per_invocation_for_b():
    # The QCOM proposal's 8x64 f32 B matrix: lane i holds column i (fvec[8]).
    layout = InvocationLayout(8, 64, 64, "b", "f32")
    assert layout.V == 8 and layout.by_column
    assert layout.element_of(5, 7) == (7, 5)
    assert layout.owner_of(7, 5) == (5, 7)
    assert layout.padding_count == 0


@pytest.mark.parametrize("cols", [64, 32, 16])
def test_document_accumulators(cols):
    # The QCOM proposal's 64x64, 64x32 and 64x16 accumulators, 64 invocations.
    layout = InvocationLayout(64, cols, 64, "acc", "f16")
    assert layout.V == cols
    assert layout.element_of(63, cols - 1) == (63, cols - 1)


@pytest.mark.parametrize(
    "args, message",
    [
        ((17, 4, 16, "a", "f32"), "rows M=17 must be <= subgroup size S=16"),
        ((4, 17, 16, "b", "f32"), "cols N=17 must be <= subgroup size S=16"),
        ((4, 12, 16, "acc", "f32"), "must be S, S/2 or S/4"),
        ((32, 16, 16, "acc", "f32"), "rows M=32 must be <="),
    ],
)
def test_invocation_constraints(args, message):
    with pytest.raises(ValueError, match=message.replace("*", r"\*")):
        InvocationLayout(*args)


@given(invocation_layouts(), st.integers(0, 2**32 - 1))
def test_vector_to_coopmat_round_trip(drawn, seed):
    """vectorToCoopmat = gather through the tinytc layout what the rows scatter."""
    # tinytc needs a power-of-two M: round the drawn rows down to one (an
    # assume() here rejected too many examples).
    rows = 1 << (drawn.M.bit_length() - 1)
    row_layout = InvocationLayout(rows, drawn.N, drawn.S, drawn.use, drawn.element_type)
    tinytc = TinytcLayout(row_layout.M, row_layout.N, row_layout.S, row_layout.use)
    rng = np.random.default_rng(seed)
    vectors = np.where(
        row_layout.padding_mask(),
        0,
        rng.integers(-99, 99, (row_layout.S, row_layout.V)),
    )
    fragment = tinytc.to_lanes(row_layout.from_lanes(vectors))
    assert np.array_equal(tinytc.from_lanes(fragment), row_layout.from_lanes(vectors))
    assert np.array_equal(row_layout.to_lanes(tinytc.from_lanes(fragment)), vectors)


# --------------------------------------------------------------------------
# Validation and value semantics
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        ((3, 4, 16, "acc", "f32"), "rows M=3 must be a power of two"),
        ((0, 4, 16, "acc", "f32"), "rows M=0 must be an integer >= 1"),
        ((4, 0, 16, "acc", "f32"), "cols N=0 must be an integer >= 1"),
        ((4, -2, 16, "acc", "f32"), "cols N=-2 must be an integer >= 1"),
        ((4, 4, 12, "acc", "f32"), "subgroup size S=12 must be a power of two"),
        ((4, 4, 128, "acc", "f32"), "subgroup size S=128"),
        ((4, 4, 16, "c", "f32"), "use 'c' must be one of a, b, acc"),
        ((4, 4, 16, "a", "f8"), "element type 'f8' must be one of"),
        ((4.0, 4, 16, "a", "f32"), "rows M=4.0 must be an integer"),
        ((True, 4, 16, "a", "f32"), "rows M=True must be an integer"),
    ],
)
def test_bad_input_names_the_constraint(args, message):
    with pytest.raises(ValueError, match=message):
        TinytcLayout(*args)


def test_make_layout():
    assert make_layout("tinytc", 4, 15, 16, "acc", "f32") == TinytcLayout(4, 15)
    assert isinstance(make_layout("row", 4, 15, 16, "a", "f32"), InvocationLayout)
    with pytest.raises(ValueError, match="layout 'col' must be one of tinytc, row"):
        make_layout("col", 4, 15, 16, "a", "f32")


def test_layouts_are_immutable_values():
    layout = TinytcLayout(4, 15)
    assert layout == TinytcLayout(4, 15, 16, "acc", "f32")
    assert hash(layout) == hash(TinytcLayout(4, 15))
    with pytest.raises(dataclasses.FrozenInstanceError):
        layout.rows = 8
    rows, _ = layout.element_map()
    with pytest.raises(ValueError):
        rows[0, 0] = 5
    with pytest.raises(IndexError):
        layout.element_of(16, 0)
    with pytest.raises(IndexError):
        layout.owner_of(0, 15)
    with pytest.raises(ValueError, match="shape"):
        layout.to_lanes(np.zeros((4, 16)))
