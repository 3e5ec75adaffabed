"""unit_dims.py (MergeLeadingDims, FoldCollapseOfExpand, OwnFill) against
the interpreter: a linear layer's 3-D bias and residual generics over an
expand_shape of the product, and their 2-D fused form, return the same
values on random inputs; lowered, the whole layer is two kernels (each
product with its epilogue) that match the program, the result written
into the out-param (no copy kernel)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.lowering import lowered_by, output_of, parse, returned
from xdsl.dialects.linalg.ops import GenericOp

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend

LIT = Path(__file__).parents[3] / "passes" / "recognize-frontend-unit-dims.mlir"


def _source(batch: int) -> str:
    """The lit file's linear layer on a (batch, 16, 32) activation: B = 1 as
    torch-mlir exports a single sequence, B > 1 a batch of them."""
    source = LIT.read_text().split("// -----")[0]
    source = source.replace("tensor<16x32xf32>", f"tensor<{16 * batch}x32xf32>")
    source = source.replace("1x16x32", f"{batch}x16x32")
    return source.replace("output_shape [1, 16, 32]", f"output_shape [{batch}, 16, 32]")


def _arguments(seed: int, batch: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [
        rng.uniform(-1, 1, (batch, 16, 32)).astype(np.float32),
        rng.uniform(-1, 1, (32, 32)).astype(np.float32),
        rng.uniform(-1, 1, 32).astype(np.float32),
    ]


@pytest.mark.parametrize("batch", [1, 3])
def test_two_dimensional_form_returns_the_same_values(batch):
    source = _source(batch)
    module = lowered_by(source, RecognizeFrontend(bufferize=False))
    generics = [o for o in module.walk() if isinstance(o, GenericOp)]
    assert (
        len(generics) == 1
        and generics[0].get_indexing_maps().data[0].data.num_dims == 2
    )
    args = _arguments(1, batch)
    (want,) = returned(parse(source), "linear_residual", args)
    (got,) = returned(module, "linear_residual", args)
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("batch", [1, 3])
def test_the_layer_is_two_kernels_writing_the_result(batch):
    source = _source(batch)
    module = lowered_by(source, LowerToCoopmat(target="simt"))
    names = [o.name for o in module.walk()]
    assert names.count("gpu.launch_func") == 2 and "memref.copy" not in names
    args = _arguments(2, batch)
    (want,) = returned(parse(source), "linear_residual", args)
    got = output_of(module, "linear_residual", [*args, np.zeros_like(want)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
