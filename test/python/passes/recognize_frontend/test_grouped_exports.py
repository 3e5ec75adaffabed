"""Mixture-of-experts products as torch-mlir exports them
(support/moe_models.py: expert weights gathered by router ids, then
torch.bmm) become `coopmlir.sort_by_expert` + `coopmlir.grouped_matmul
{scatter}` (recognize_frontend/grouped.py) and match PyTorch: lowered on
the interpreter (f32 for lavapipe, f16 for the generic target) and on
lavapipe. A gated export's silu(gate) * up becomes one gated grouped op
(recognize_frontend/grouped_swiglu.py)."""

from __future__ import annotations

import pytest
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan

from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.passes.recognize_frontend import RecognizeFrontend


def _case(gated: bool, half: bool):
    require_torch()
    from support.moe_models import moe_case

    return moe_case(gated=gated, half=half)


@pytest.mark.parametrize("gated", [False, True], ids=["plain", "gated"])
def test_the_export_becomes_grouped_products(gated):
    from coopmlir.tools.torch_frontend import export

    module, inputs = _case(gated, half=True)
    program = parse_module(export(module, *inputs))
    RecognizeFrontend(bufferize=False).apply(make_context(), program)
    names = [op.name for op in program.walk()]
    assert "linalg.batch_matmul" not in names
    assert "tensor.extract" not in names  # the gathered weights are gone
    grouped = [op for op in program.walk() if isinstance(op, GroupedMatmulOp)]
    sorts = [op for op in program.walk() if isinstance(op, SortByExpertOp)]
    assert len(grouped) == 1 and len(sorts) == 1
    (op,) = grouped
    assert op.scatter is not None and op.gated == gated
    assert str(op.output.type) == "tensor<12x8xf16>"  # the truncf absorbed
    # Returned as it is: no element-wise kernel (silu * up) after it.
    (ret,) = [o for o in program.walk() if o.name == "func.return"]
    assert ret.operands[0] is op.res[0]


@pytest.mark.parametrize(
    "gated, half", [(False, False), (True, True)], ids=["plain-f32", "gated-f16"]
)
def test_matches_pytorch_on_the_interpreter(gated, half):
    from coopmlir.tools.torch_frontend import compile_and_check

    module, inputs = _case(gated, half)
    check = compile_and_check(module, *inputs, target=None if half else "lavapipe")
    assert check.ok, check.report()


def test_refused_where_the_target_has_no_shape():
    """f32 on the generic target: nothing else lowers the gather, so a
    located error says why (not a wrong result)."""
    from coopmlir.diagnostics import CompileError
    from coopmlir.tools.torch_frontend import compile_and_check

    module, inputs = _case(False, half=False)
    with pytest.raises(CompileError, match="generic has no f32 cooperative-matrix"):
        compile_and_check(module, *inputs)


@pytest.mark.heavy  # about 15 s on lavapipe; the kernel's own run is cheap
def test_matches_pytorch_on_lavapipe():
    require_vulkan()
    from coopmlir.tools.torch_frontend import compile_and_check

    module, inputs = _case(False, half=True)
    check = compile_and_check(module, *inputs, device="vulkan", target="lavapipe")
    assert check.ok, check.report()
