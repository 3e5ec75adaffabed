"""unit_dims.py (DropLeadingUnitDim, FoldCollapseOfExpand, OwnFill) against
the interpreter: a linear layer's 3-D bias and residual generics over an
expand_shape of the product, and their 2-D fused form, return the same
values on random inputs; lowered, the whole layer is two kernels (each
product with its epilogue) that match the program, the result written
into the out-param (no copy kernel)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from support.lowering import lowered_by, output_of, parse, returned
from xdsl.dialects.linalg.ops import GenericOp

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend

LIT = Path(__file__).parents[3] / "passes" / "recognize-frontend-unit-dims.mlir"


def _arguments(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [
        rng.uniform(-1, 1, (1, 16, 32)).astype(np.float32),
        rng.uniform(-1, 1, (32, 32)).astype(np.float32),
        rng.uniform(-1, 1, 32).astype(np.float32),
    ]


def test_two_dimensional_form_returns_the_same_values():
    source = LIT.read_text().split("// -----")[0]
    module = lowered_by(source, RecognizeFrontend(bufferize=False))
    generics = [o for o in module.walk() if isinstance(o, GenericOp)]
    assert (
        len(generics) == 1
        and generics[0].get_indexing_maps().data[0].data.num_dims == 2
    )
    args = _arguments(1)
    (want,) = returned(parse(source), "linear_residual", args)
    (got,) = returned(module, "linear_residual", args)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_the_layer_is_two_kernels_writing_the_result():
    source = LIT.read_text().split("// -----")[0]
    module = lowered_by(source, LowerToCoopmat(target="simt"))
    names = [o.name for o in module.walk()]
    assert names.count("gpu.launch_func") == 2 and "memref.copy" not in names
    args = _arguments(2)
    (want,) = returned(parse(source), "linear_residual", args)
    got = output_of(module, "linear_residual", [*args, np.zeros_like(want)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
