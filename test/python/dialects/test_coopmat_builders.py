"""Every coopmat op can be built from Python with inferred result types, and
what the builders make verifies, prints and parses back to the same text."""

from __future__ import annotations

import pytest
from xdsl.builder import ImplicitBuilder
from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects import test as test_dialect
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    VectorType,
)
from xdsl.ir import Block
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects import coopmat, registry
from coopmlir.dialects.coopmat import MatrixType

f16, f32, i8, i32 = Float16Type(), Float32Type(), IntegerType(8), IntegerType(32)


def context() -> Context:
    ctx = Context()
    for name, factory in registry.DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx


def build_module() -> ModuleOp:
    a_t = MatrixType(16, 16, f16, "a")
    b_t = MatrixType(16, 16, f16, "b")
    c_t = MatrixType(16, 16, f32, "acc")
    args = [
        MemRefType(f16, [64, 32]),
        MemRefType(f32, [64, 48]),
        MemRefType(i8, [4096]),
        IndexType(),
        f32,
        VectorType(f16, [16]),
        MemRefType(f16, [32]),
        MemRefType(f32, [64]),
    ]
    fn = func.FuncOp("all_ops", (args, []))
    A, C, flat, stride, x, vec, row, out = fn.body.block.args
    with ImplicitBuilder(fn.body.block):
        c0 = arith.ConstantOp.from_int_and_width(0, IndexType())
        a = coopmat.LoadOp(A, [c0, c0], a_t)
        b = coopmat.LoadOp(A, [c0, c0], b_t, layout="col_major", checked="both")
        c = coopmat.LoadOp(C, [c0, c0], c_t)
        q = coopmat.LoadOp(flat, [c0], MatrixType(16, 32, i8, "a"), stride=stride)
        d = coopmat.MulAddOp(a, b, c)
        s = coopmat.AddOp(d, c)
        s = coopmat.SubOp(s, c)
        s = coopmat.MulOp(s, c)
        s = coopmat.DivOp(s, c)
        s = coopmat.NegOp(s)
        s = coopmat.ScaleOp(s, x)
        z = coopmat.SplatOp(x, c_t)
        n = coopmat.LengthOp(c_t)
        coopmat.SpecConstantOp("subgroups_m", 3, 2)
        e = coopmat.ExtractOp(s, c0)
        s = coopmat.InsertOp(e, s, c0)
        h = coopmat.ConvertOp(s, c_t.with_element_type(f16).with_use("a"))
        m = coopmat.FromVectorOp(vec, MatrixType(32, 16, f16, "a"), subgroup_size=32)
        v = coopmat.ToVectorOp(m, VectorType(i32, [8]))
        w = coopmat.BitcastArrayOp(v, VectorType(f16, [16]))
        sub = coopmat.ExtractSubarrayOp(w, c0, VectorType(f16, [8]))
        coopmat.StoreOp(s, C, [c0, c0], checked="rows")
        iq = coopmat.MulAddOp(
            q,
            coopmat.SplatOp(
                arith.ConstantOp.from_int_and_width(1, i8), MatrixType(32, 8, i8, "b")
            ),
            coopmat.SplatOp(
                arith.ConstantOp.from_int_and_width(0, i32),
                MatrixType(16, 8, i32, "acc"),
            ),
            signed=("a", "b", "c", "result"),
            saturating=True,
        )
        rows = coopmat.ReduceOp(d, "add", "rows")
        everything = coopmat.ReduceOp(d, "max", "both", c_t)
        body = Block(arg_types=coopmat.ApplyOp.block_types(c_t, [f32]))
        with ImplicitBuilder(body):
            coopmat.YieldOp(arith.MulfOp(body.args[2], body.args[3]))
        scaled = coopmat.ApplyOp(d, body, [x])
        t = coopmat.TransposeOp(scaled)
        coopmat.MatvecOp(A, (c0, c0), row, [c0], out, [c0], rows=16, columns=32)
        product = coopmat.MatvecValueOp(
            A, (c0, c0), row, [c0], VectorType(f16, [16]), 32
        )
        test_dialect.TestOp([z, n, h, sub, iq, rows, everything, t, product])
        func.ReturnOp()
    return ModuleOp([fn])


def test_builders_infer_result_types():
    module = build_module()
    module.verify()
    ops = {op.name: op for op in module.walk()}
    assert ops["coopmat.mul_add"].result.type == MatrixType(16, 8, i32, "acc")
    assert ops["coopmat.extract"].result.type == f32
    assert ops["coopmat.length"].result.type == IndexType()
    reduces = [op for op in module.walk() if isinstance(op, coopmat.ReduceOp)]
    assert [op.result.type.shape for op in reduces] == [(16, 1), (16, 16)]
    assert ops["coopmat.apply"].result.type == MatrixType(16, 16, f32, "acc")
    assert ops["coopmat.transpose"].result.type == MatrixType(16, 16, f32, "b")
    assert ops["coopmat.matvec_value"].shape == (16, 32)
    expected = {op.name for op in coopmat.Coopmat.operations}
    assert expected <= set(ops), f"not built: {expected - set(ops)}"


def test_built_module_round_trips():
    module = build_module()
    text = str(module)
    reparsed = Parser(context(), text).parse_module()
    reparsed.verify()
    assert str(reparsed) == text
    assert "{a_signed, b_signed, c_signed, result_signed, saturating}" in text


def test_builder_rejects_what_the_verifier_rejects():
    module = build_module()
    mul_add = next(op for op in module.walk() if isinstance(op, coopmat.MulAddOp))
    bad = coopmat.MulAddOp(mul_add.b, mul_add.a, mul_add.c)  # A and B swapped
    with pytest.raises(VerifyException, match="operand A must have use 'a'"):
        bad.verify_()
