"""convert-to-spirv's wide_access: the alignment proof and packed constants."""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    IndexType,
    IntegerAttr,
    VectorType,
    i8,
)
from xdsl.ir import Block

from coopmlir.passes.convert_to_spirv.wide_access import (
    is_wide_vector,
    known_multiple,
    packed_constant,
)


def const(n: int):
    return arith.ConstantOp(IntegerAttr(n, IndexType())).result


def test_known_multiple_follows_index_arithmetic():
    unknown = Block(arg_types=[IndexType()]).args[0]
    eight = arith.MuliOp(unknown, const(8)).result
    assert known_multiple(eight) == 8
    assert known_multiple(arith.AddiOp(eight, const(24)).result) == 8
    assert known_multiple(arith.AddiOp(eight, const(4)).result) == 4
    assert known_multiple(arith.MinUIOp(eight, const(32)).result) == 8
    assert known_multiple(arith.RemUIOp(eight, const(40)).result) == 8
    assert known_multiple(const(0)) == 0  # zero: a multiple of everything
    # 8u / 2 = 4u (a packed run's `k floordiv 2`); 3 and 16 do not divide 8.
    assert known_multiple(arith.DivUIOp(eight, const(2)).result) == 4
    assert known_multiple(arith.DivUIOp(eight, const(3)).result) == 1
    assert known_multiple(arith.DivUIOp(eight, const(16)).result) == 1
    assert known_multiple(arith.DivUIOp(eight, unknown).result) == 1
    # XOR keeps the low zero bits both sides share (smem-layout=xor).
    assert known_multiple(arith.XOrIOp(eight, const(12)).result) == 4
    assert known_multiple(arith.XOrIOp(eight, const(24)).result) == 8
    assert known_multiple(arith.XOrIOp(eight, const(0)).result) == 8
    assert (
        known_multiple(
            arith.XOrIOp(arith.MuliOp(eight, const(3)).result, const(48)).result
        )
        == 8
    )


def test_known_multiple_of_a_loop_induction_variable():
    body = Block(arg_types=[IndexType()])
    body.add_op(scf.YieldOp())
    lower = arith.MuliOp(Block(arg_types=[IndexType()]).args[0], const(16)).result
    scf.ForOp(lower, const(4096), const(48), [], body)
    assert known_multiple(body.args[0]) == 16


def test_wide_vectors_and_packed_constants():
    assert is_wide_vector(VectorType(Float16Type(), [8]))
    assert is_wide_vector(VectorType(i8, [16]))
    assert not is_wide_vector(VectorType(Float16Type(), [4]))
    ones = VectorType(Float16Type(), [8])
    op = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(ones, [1.0] * 8))
    assert packed_constant(op) == [0x3C003C00] * 4


def test_f8_codes_are_wide_bytes():
    """16 8-bit float codes move as one uvec4 (SPIR-V holds them as bytes)."""
    for fmt in (Float8E4M3FNType(), Float8E5M2Type()):
        assert is_wide_vector(VectorType(fmt, [16]))
        assert not is_wide_vector(VectorType(fmt, [8]))
