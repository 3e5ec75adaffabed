"""dense_resource blobs: MLIR's hex format (a 4-byte alignment, then the
elements little-endian) decoded straight into arrays, and a file's keys
kept apart from what earlier parses declared."""

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IndexType,
    i1,
    i8,
    i64,
)

from coopmlir.dialects.registry import parse_module
from coopmlir.elements import bf16_bits
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.resources import decode_blob


def blob(alignment: int, data: np.ndarray) -> str:
    prefix = np.uint32(alignment).astype("<u4").tobytes()
    return "0x" + (prefix + data.tobytes()).hex().upper()


@pytest.mark.parametrize(
    "element, dtype, alignment",
    [
        (Float32Type(), np.float32, 4),
        (Float16Type(), np.float16, 2),
        (i64, np.int64, 8),
        (i8, np.int8, 1),
        (IndexType(), np.int64, 8),
    ],
)
def test_blob_decodes_to_its_elements(element, dtype, alignment):
    values = (np.arange(6) * 3 - 7).astype(dtype).reshape(2, 3)
    decoded = decode_blob(
        blob(alignment, values.astype(values.dtype.newbyteorder("<"))), element, (2, 3)
    )
    assert decoded.dtype == dtype
    np.testing.assert_array_equal(decoded, values)


def test_known_bytes_of_torch_mlir():
    # f32 1.0 and 2.0, as torch-mlir writes them (alignment 4).
    decoded = decode_blob("0x040000000000803F00000040", Float32Type(), (2,))
    np.testing.assert_array_equal(decoded, [1.0, 2.0])
    # f16 1.0 and 2.0 (alignment 2).
    decoded = decode_blob("0x02000000003C0040", Float16Type(), (2,))
    np.testing.assert_array_equal(decoded, np.array([1.0, 2.0], np.float16))


def test_bf16_and_i1():
    values = np.array([1.5, -2.0, 3.0], np.float32)
    decoded = decode_blob(blob(2, bf16_bits(values)), BFloat16Type(), (3,))
    assert decoded.dtype == np.float32
    np.testing.assert_array_equal(decoded, values)
    flags = decode_blob("0x01000000010001", i1, (3,))
    np.testing.assert_array_equal(flags, [True, False, True])


@pytest.mark.parametrize(
    "text, message",
    [
        ("0x0400000000000000", "holds 8 bytes; 2 elements of f32 need 12"),
        ("04000000", "hex string starting with 0x"),
    ],
)
def test_bad_blobs_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        decode_blob(text, Float32Type(), (2,))


WEIGHTS = """
func.func @w() -> tensor<2xf32> {
  %w = arith.constant dense_resource<shared_key> : tensor<2xf32>
  return %w : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      shared_key: "0x04000000BLOB"
    }
  }
#-}
"""


def test_each_file_reads_its_own_blob_under_a_shared_key():
    """xDSL keeps one resource store per process and renames a key an
    earlier parse declared; the blob must follow the renamed handle."""
    first = parse_module(WEIGHTS.replace("BLOB", "0000803F00000040"))
    second = parse_module(WEIGHTS.replace("BLOB", "0000404000008040"))
    np.testing.assert_array_equal(run_function(first, "w", [])[0], [1.0, 2.0])
    np.testing.assert_array_equal(run_function(second, "w", [])[0], [3.0, 4.0])


def test_a_resource_without_its_blob_is_located():
    module = parse_module(
        "func.func @w() -> tensor<2xf32> {\n"
        "  %w = arith.constant dense_resource<no_blob> : tensor<2xf32>\n"
        "  return %w : tensor<2xf32>\n}",
        "w.mlir",
    )
    with pytest.raises(
        InterpretationFailure, match="no blob for dense_resource<no_blob>"
    ) as err:
        run_function(module, "w", [])
    assert err.value.location == "w.mlir:2:3"
