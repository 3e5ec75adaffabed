"""Function arguments as numpy data: random inputs from MLIR types, named
inputs from .npy files, and their checks. Shared by coopmlir-run, the
differential tests and the Vulkan runtime."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from xdsl.dialects.builtin import (
    IndexType,
    MemRefType,
    ShapedType,
    TensorType,
    VectorType,
)
from xdsl.ir import Attribute, Block

from coopmlir.diagnostics import spelled_name
from coopmlir.elements import f8_format, f8_from_bits, is_bf16, is_f8, is_i4
from coopmlir.interpreter.values import numpy_dtype, round_to


@dataclass(frozen=True)
class Parameter:
    """One argument of an entry point: its name (the IR's `%name`, else
    `argN`) and MLIR type."""

    name: str
    type: Attribute

    @property
    def shape(self) -> tuple[int, ...]:
        if isinstance(self.type, ShapedType):
            return tuple(self.type.get_shape())
        return ()

    def describe(self) -> str:
        return f"%{self.name} : {self.type}"


def parameters(entry_block: Block) -> list[Parameter]:
    """The block's arguments, named as the text spells them (`%cst_1`, not
    xDSL's name hint `cst`), else by their hint or position."""
    return [
        Parameter(spelled_name(arg) or arg.name_hint or f"arg{i}", arg.type)
        for i, arg in enumerate(entry_block.args)
    ]


class ArgumentError(ValueError):
    """An input that does not match the parameter it is given for."""


def random_value(
    param: Parameter, rng: np.random.Generator, shape: tuple[int, ...] | None = None
):
    """Random data of the parameter's type (of run-time `shape` where it has
    dynamic sizes): normal floats (rounded to the type), small integers (so
    sums stay exact), never all zeros."""
    t = param.type
    if isinstance(t, MemRefType | TensorType | VectorType):
        shape = param.shape if shape is None else shape
        if any(d < 0 for d in shape):
            raise ArgumentError(f"{param.describe()}: dynamic shapes need sizes")
    else:
        shape = ()
    dtype = numpy_dtype(t)
    if np.issubdtype(dtype, np.floating):
        data = rng.standard_normal(shape)
    elif dtype == np.bool_:
        data = rng.integers(0, 2, shape)
    elif isinstance(t, IndexType):
        data = rng.integers(0, 16, shape)
    else:
        info = np.iinfo(dtype)
        data = rng.integers(max(info.min, -100), min(info.max, 100) + 1, shape)
    value = round_to(t, data)
    return np.ascontiguousarray(value) if shape else value


def check_input(param: Parameter, value: np.ndarray) -> np.ndarray:
    """`value` as the parameter's representation, or ArgumentError saying why not."""
    value = np.asarray(value)
    expected = numpy_dtype(param.type)
    if len(value.shape) != len(param.shape) or any(
        want >= 0 and want != got
        for want, got in zip(param.shape, value.shape, strict=True)
    ):
        expected_shape = tuple("?" if d < 0 else d for d in param.shape)
        raise ArgumentError(
            f"{param.describe()}: input has shape {value.shape}, "
            f"expected {expected_shape}".replace("'", "")
        )
    if is_f8(param.type) and value.dtype == np.uint8:  # the encodings
        return np.ascontiguousarray(f8_from_bits(value, f8_format(param.type)))
    if (is_f8(param.type) and np.issubdtype(value.dtype, np.floating)) or (
        is_i4(param.type) and np.issubdtype(value.dtype, np.integer)
    ):
        held = round_to(param.type, value)
        if not np.array_equal(held, value, equal_nan=True):
            element = getattr(param.type, "element_type", param.type)
            raise ArgumentError(
                f"{param.describe()}: input holds values that {element} "
                "cannot represent"
            )
        return np.ascontiguousarray(held) if value.ndim else held[()]
    if value.dtype != expected:
        if is_bf16(param.type) and value.dtype == np.float32:
            return np.ascontiguousarray(round_to(param.type, value))
        raise ArgumentError(
            f"{param.describe()}: input has dtype {value.dtype}, expected {expected}"
        )
    # a scalar stays a 0-d value (np.ascontiguousarray would make it 1-d)
    return np.ascontiguousarray(value) if value.ndim else value[()]


def is_buffer(t: Attribute) -> bool:
    return isinstance(t, MemRefType)
