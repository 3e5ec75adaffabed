"""recognize-frontend's compile-time evaluation of generics on constants
(constant_folding.py) on integers: the folded constant equals what the
interpreter computes from the unfolded program, wrapping included."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.lowering import lowered, parse, returned

from coopmlir.dialects.registry import parse_module

LIT = Path(__file__).parents[3] / "passes" / "recognize-frontend-fold-integers.mlir"


def _chunks() -> list[str]:
    text = LIT.read_text()
    return [c for c in text.split("// -----") if "func.func" in c]


@pytest.mark.parametrize("chunk", _chunks(), ids=["add_i32", "trunc_i8"])
def test_folded_integers_equal_the_interpreted_program(chunk):
    before = parse(chunk)
    after = lowered(chunk, "recognize-frontend{bufferize=false}")
    assert "linalg.generic" not in str(after)
    entry = next(op.sym_name.data for op in before.ops if hasattr(op, "sym_name"))
    (want,) = returned(before, entry, [])
    (got,) = returned(parse_module(str(after)), entry, [])
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
    assert np.asarray(got).dtype == np.asarray(want).dtype
