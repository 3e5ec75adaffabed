"""The register tile of fragments (passes/lower_to_coopmat/fragment_tile.py):
which ops a k step builds, in which order, and which accumulator each
product goes to; the small typed helpers around it."""

from __future__ import annotations

from xdsl.dialects import gpu
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType, MemRefType

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat import fragment_tile as ft
from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.kernel_skeleton import kernel_function

f16, f32, i8 = Float16Type(), Float32Type(), IntegerType(8)
TYPES = ft.FragmentTypes.of((16, 16, 16), f16)


def kernel(*shapes: tuple[int, int]) -> tuple[gpu.FuncOp, KernelBuilder]:
    """An empty kernel with f16 memref arguments of `shapes`."""
    types = [MemRefType(f16, list(s)) for s in shapes]
    k = kernel_function("k", types, 32, 32)
    return k, KernelBuilder(k.body.block)


def ops_of(k: gpu.FuncOp, kind: type) -> list:
    return [o for o in k.body.block.ops if isinstance(o, kind)]


def test_fragment_types_of_one_product():
    t = ft.FragmentTypes.of((16, 8, 32), i8, IntegerType(32))
    assert (t.a.shape, t.b.shape, t.acc.shape) == ((16, 32), (32, 8), (16, 8))
    assert (t.a.use_kind, t.b.use_kind, t.acc.use_kind) == (
        coopmat.MatrixUse.A,
        coopmat.MatrixUse.B,
        coopmat.MatrixUse.ACC,
    )
    assert t.acc.element_type == IntegerType(32) and t.a.element_type == i8
    wide = ft.FragmentTypes.of((64, 64, 32), f16, scope=coopmat.MatrixScope.WORKGROUP)
    assert wide.b.scope.data == coopmat.MatrixScope.WORKGROUP


def test_checked_mode_and_signedness():
    assert ft.checked_mode(False, False) is None
    assert ft.checked_mode(True, False) == coopmat.CheckedMode.ROWS
    assert ft.checked_mode(False, True) == coopmat.CheckedMode.COLS
    assert ft.checked_mode(True, True) == coopmat.CheckedMode.BOTH
    assert ft.signed_operands(i8, True) == ("a", "b", "c", "result")
    assert ft.signed_operands(i8, False) == ()
    assert ft.signed_operands(f16, True) == ()


def test_k_steps_load_each_b_fragment_once_and_fill_every_accumulator():
    """A 2 x 3 tile, 2 k steps: per step 2 A loads, then per column one B
    load and 2 products; accumulator i * 3 + j gets a_i @ b_j."""
    k, b = kernel((64, 64), (64, 64))
    A, B = (ft.Operand(arg) for arg in k.body.block.args)
    tile = ft.FragmentTile(TYPES, 2, 3)
    accs = tile.fill(b, b.constant(0.0, f32))
    assert len(accs) == 6 and len(set(accs)) == 1
    new = tile.k_steps(b, accs, A, B, (0, 0, 0), 2, (None, None))
    body = [
        o for o in k.body.block.ops if isinstance(o, coopmat.LoadOp | coopmat.MulAddOp)
    ]
    kinds = [
        "a"
        if o.result.type == TYPES.a
        else "b"
        if isinstance(o, coopmat.LoadOp)
        else "*"
        for o in body
    ]
    assert "".join(kinds) == ("aa" + "b**" * 3) * 2
    for index, acc in enumerate(new):
        i, j = divmod(index, 3)
        product = acc.owner
        assert isinstance(product, coopmat.MulAddOp)
        a_load, b_load = product.operands[0].owner, product.operands[1].owner
        # The second step's fragments: A rows 16 * i, B columns 16 * j at k = 16.
        assert [c.owner.value.value.data for c in a_load.indices] == [16 * i, 16]
        assert [c.owner.value.value.data for c in b_load.indices] == [16, 16 * j]
    b.emit(gpu.ReturnOp([]))
    k.verify()


def test_transposed_operand_is_read_col_major_at_swapped_indices():
    k, b = kernel((32, 64))
    A = ft.Operand(k.body.block.args[0], transposed=True)
    x = A.load(b, 16, 48, TYPES.a, coopmat.CheckedMode.ROWS)
    load = x.owner
    assert isinstance(load, coopmat.LoadOp)
    assert [c.owner.value.value.data for c in load.indices] == [48, 16]
    assert A.stored((1, 2)) == (2, 1)
    assert "col_major" in str(load)


def test_multiply_add_rows_and_conversions():
    k, b = kernel((64, 64))
    V = ft.Operand(k.body.block.args[0])
    zero = ft.splat(b, 0.0, TYPES.acc)
    p = ft.accumulator_as_a(b, zero, f16, TYPES.a)  # f32 -> f16 acc -> A
    converts = ops_of(k, coopmat.ConvertOp)
    assert [c.result.type for c in converts] == [
        TYPES.acc.with_element_type(f16),
        TYPES.a,
    ]
    row = ft.FragmentTile(TYPES, 1, 4)

    def load(j: int):
        return V.load(b, 0, 16 * j, TYPES.b, None)

    outs = row.multiply_add(b, [zero] * 4, [p], load)
    assert all(o.owner.operands[0] is p for o in outs)
    # Two rows of A fragments (attention's fragment lines): each B fragment
    # is loaded once and used by both rows.
    rows = ft.FragmentTile(TYPES, 2, 4).multiply_add(b, [zero] * 8, [p, p], load)
    b_used = [o.owner.operands[1] for o in rows]
    assert b_used[:4] == b_used[4:] and len(set(b_used)) == 4
    assert ft.convert(b, zero, TYPES.acc) is zero  # same type: no op
    assert len(ops_of(k, coopmat.ConvertOp)) == 2
    b.emit(gpu.ReturnOp([]))
    k.verify()
