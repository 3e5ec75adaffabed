"""How MLIR values are held as numpy data in the interpreter.

- Scalars of a type are numpy scalars (host) or arrays of shape (lanes,)
  inside a kernel, of the dtype `numpy_dtype(type)`.
- `vector<V x T>` adds a trailing axis of length V.
- Memrefs are numpy arrays of their shape; tensors the same, immutable.
- Matrices (`!coopmat.matrix`) are arrays of shape (subgroups, rows, cols).
- `index` is int64, `i1` is bool, other types as `coopmlir.elements` holds
  their values: bf16 and f8 in float32 arrays, rounded to their format
  after every operation (`round_to`), so they always hold exactly
  representable numbers; i4 in int8 (sign-extended) and ui4 in uint8, wrapped
  to 4 bits.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import (
    IndexType,
    IntegerType,
    MemRefType,
    TensorType,
    VectorType,
)
from xdsl.ir import Attribute

from coopmlir.dialects.coopmat import MatrixType
from coopmlir.elements import (
    element_of,
    f8_format,
    is_bf16,
    is_f8,
    is_i4,
    round_bf16,
    round_f8,
    wrap_int4,
)


class InterpretationFailure(Exception):
    """The program did something a GPU would not define (or we do not model).
    `location`: the `file:line:col` of the innermost op that failed, set by
    the interpreter (`CoopInterpreter._run_op`); str() is the message only."""

    location: str | None = None


def numpy_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype that holds values of scalar or element type `t`."""
    if isinstance(t, MemRefType | TensorType | VectorType | MatrixType):
        t = t.element_type
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, IntegerType) and t.width.data == 1:
        return np.dtype(np.bool_)
    try:
        return element_of(t).value_dtype
    except ValueError:
        raise InterpretationFailure(f"no numpy representation for type {t}") from None


def rank_of(t: Attribute) -> int:
    """Axes a value of type `t` has besides the lane axis (vector: its rank)."""
    return t.get_num_dims() if isinstance(t, VectorType) else 0


def round_to(t: Attribute, x):
    """`x` converted to the representation of type `t` (rounding as the type
    does: RNE for floats, wrap-around for integers)."""
    dtype = numpy_dtype(t)
    if is_f8(t):  # one rounding from the exact value (no detour via float32)
        out = round_f8(x, f8_format(t))
    elif is_i4(t):
        out = wrap_int4(x, element_of(getattr(t, "element_type", t)).kind == "signed")
    else:
        with np.errstate(over="ignore", invalid="ignore"):
            # Integer to integer astype wraps around (two's complement).
            out = np.asarray(x).astype(dtype)
    if is_bf16(t):
        out = round_bf16(out)
    return out[()] if out.ndim == 0 else out


def int_range(bits: int, unsigned: bool) -> tuple[int, int]:
    """The smallest and largest integer of a `bits`-wide type."""
    if unsigned:
        return 0, 2**bits - 1
    return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1


def zeros(t: Attribute, shape: tuple[int, ...]) -> np.ndarray:
    return np.zeros(shape, dtype=numpy_dtype(t))


def uninitialized(t: Attribute, shape: tuple[int, ...]) -> np.ndarray:
    """Fresh memory: NaN for floats and a recognisable pattern for integers,
    so that a program reading memory it never wrote gives visibly wrong
    results instead of plausible zeros."""
    dtype = numpy_dtype(t)
    if np.issubdtype(dtype, np.floating):
        return np.full(shape, np.nan, dtype=dtype)
    if dtype == np.bool_:
        return np.ones(shape, dtype=dtype)
    return np.full(shape, 0x5A5A5A5A5A5A5A5A, dtype=np.uint64).astype(dtype)


def signed_view(x: np.ndarray, unsigned: bool) -> np.ndarray:
    """Integers read as unsigned (same bits) when `unsigned`, else as they are."""
    x = np.asarray(x)
    if not unsigned or not np.issubdtype(x.dtype, np.signedinteger):
        return x
    return x.view(np.dtype(f"u{x.dtype.itemsize}"))
