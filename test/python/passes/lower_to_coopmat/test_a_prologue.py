"""A-side prologues (issue 26 part 3): a product's A computed element-wise
by a cast or a scale (`x.to(torch.float16) @ W`, `(x * s).to(f16) @ W`,
a bf16 activation cast to f16) is read through in the kernel's load: one
kernel reads x in its own type, converts it on the way into workgroup
memory, and the f16 A is never written. Differential: the interpreter on
the input against the lowered module (h100-vulkan's fragments, lavapipe's
SIMT code), on random data, at any M, N and K; spirv-val on every module.
A producer that does more than cast and scale stays its own loop kernel,
with a remark."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import assert_close, elementwise_tolerance
from support.lowering import (
    interpreted,
    lowered_by,
    output_of,
    parse,
    run_simt_on_lavapipe,
)
from support.vulkan_device import require_vulkan

from coopmlir.elements import round_bf16
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

#: x's element type -> the producer's body from %v (x's element) to %h
#: (f16), as torch-mlir exports it after recognize-frontend.
PROLOGUES = {
    "cast-f32": ("f32", "%h = arith.truncf %v : f32 to f16"),
    "scale-cast-f32": (
        "f32",
        """%s = arith.mulf %v, %half : f32
    %h = arith.truncf %s : f32 to f16""",
    ),
    "cast-bf16": (
        "bf16",
        """%w = arith.extf %v : bf16 to f32
    %h = arith.truncf %w : f32 to f16""",
    ),
    # bf16 has no arithmetic on the devices: the scale runs in f32.
    "scale-cast-bf16": (
        "bf16",
        """%s = arith.mulf %v, %halfb : bf16
    %w = arith.extf %s : bf16 to f32
    %h = arith.truncf %w : f32 to f16""",
    ),
    "scale-f16": ("f16", "%h = arith.divf %v, %two : f16"),
    # Not a cast or a scale: its own loop kernel, with a remark.
    "relu-f32": (
        "f32",
        """%r = arith.maximumf %v, %zero : f32
    %h = arith.truncf %r : f32 to f16""",
    ),
}


def source(m: int, n: int, k: int, prologue: str) -> str:
    """f(%X, %W, %D): D = producer(X) @ W^T, f16 (W: N x K, nn.Linear's)."""
    x_type, body = PROLOGUES[prologue]
    ident = "affine_map<(d0, d1) -> (d0, d1)>"
    return f"""
func.func @f(%X: memref<{m}x{k}x{x_type}>, %W: memref<{n}x{k}xf16>,
             %D: memref<{m}x{n}xf16>) {{
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %two = arith.constant 2.0 : f16
  %halfb = arith.constant 0.5 : bf16
  %A = memref.alloc() : memref<{m}x{k}xf16>
  linalg.generic {{indexing_maps = [{ident}, {ident}],
      iterator_types = ["parallel", "parallel"]}}
    ins(%X : memref<{m}x{k}x{x_type}>) outs(%A : memref<{m}x{k}xf16>) {{
  ^bb0(%v: {x_type}, %o: f16):
    {body}
    linalg.yield %h : f16
  }}
  %T = memref.alloc() : memref<{m}x{n}xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<{m}x{n}xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
      affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%A, %W : memref<{m}x{k}xf16>, memref<{n}x{k}xf16>)
    outs(%T : memref<{m}x{n}xf32>)
  linalg.generic {{indexing_maps = [{ident}, {ident}],
      iterator_types = ["parallel", "parallel"]}}
    ins(%T : memref<{m}x{n}xf32>) outs(%D : memref<{m}x{n}xf16>) {{
  ^bb0(%t: f32, %d: f16):
    %c = arith.truncf %t : f32 to f16
    linalg.yield %c : f16
  }}
  func.return
}}
"""


def arguments(m: int, n: int, k: int, prologue: str, seed: int = 0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((m, k)).astype(np.float32) * 2
    x_type = PROLOGUES[prologue][0]
    x = {"f32": x, "bf16": round_bf16(x), "f16": x.astype(np.float16)}[x_type]
    w = (rng.standard_normal((n, k)) / np.sqrt(k)).astype(np.float16)
    return [x, w, np.zeros((m, n), np.float16)]


def tolerance(want: np.ndarray) -> np.ndarray:
    """The input and the kernel convert x the same way (the same body, per
    element) and sum the same f16 products in f32, in another order: f16's
    rounding of the result, and a little more."""
    return elementwise_tolerance(want, rtol=2**-9, atol=2**-10)


def launches(module) -> list[str]:
    return [
        op.kernel.nested_references.data[-1].data
        for op in module.walk()
        if op.name == "gpu.launch_func"
    ]


SHAPES = [(64, 48, 32), (20, 40, 24), (33, 17, 19)]
FUSED = ["cast-f32", "scale-cast-f32", "cast-bf16", "scale-cast-bf16", "scale-f16"]


@pytest.mark.parametrize("prologue", FUSED)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_a_prologue_is_read_through_in_the_load(shape, prologue, capsys):
    text = source(*shape, prologue)
    args = arguments(*shape, prologue)
    want = output_of(parse(text), "f", args)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert "stays its own loop kernel" not in capsys.readouterr().err
    assert launches(module) == ["f"]
    assert not any(op.name.startswith("linalg.") for op in module.walk())
    # The kernel reads x itself: its first argument is x's type.
    (kernel,) = [op for op in module.walk() if op.name == "gpu.func"]
    assert kernel.body.block.args[0].type == args_type(text)
    assert_close(output_of(module, "f", args), want, tolerance(want))


def args_type(text: str):
    (func,) = [op for op in parse(text).walk() if op.name == "func.func"]
    return func.args[0].type


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
@pytest.mark.parametrize("prologue", ["scale-cast-f32", "cast-bf16", "scale-cast-bf16"])
def test_a_prologue_spirv_validates(prologue, coopmat):
    module = lowered_by(
        source(20, 40, 24, prologue), LowerToCoopmat(target="h100-vulkan")
    )
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)


@pytest.mark.parametrize("prologue", ["scale-cast-f32", "scale-cast-bf16"])
def test_a_prologue_on_lavapipe(prologue):
    require_vulkan()
    shape = (20, 40, 24)
    text = source(*shape, prologue)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    assert len(launches(module)) == 1
    args = arguments(*shape, prologue, seed=1)
    want = output_of(parse(text), "f", args)
    arrays = [x.copy() for x in args]
    run_simt_on_lavapipe(text, "f", arrays)
    assert_close(arrays[-1], want, tolerance(want), "lavapipe")


def test_other_producer_stays_a_loop_kernel_with_a_remark(capsys):
    shape = (20, 40, 24)
    text = source(*shape, "relu-f32")
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    err = capsys.readouterr().err
    assert (
        "the element-wise producer of A stays its own loop kernel: its body uses "
        "'arith.maximumf'" in err
    )
    assert launches(module) == ["f_loop", "f"]
    args = arguments(*shape, "relu-f32")
    want = output_of(parse(text), "f", args)
    assert_close(output_of(module, "f", args), want, tolerance(want))


def test_split_k_keeps_the_producer_with_a_remark(capsys):
    """Split-K's slices have no decoding copy: the cast stays its own
    kernel, said by a remark, and the result is right."""
    shape = (32, 32, 256)
    text = source(*shape, "cast-f32")
    module = lowered_by(
        text, LowerToCoopmat(target="h100-vulkan", tile="32x32x32", split_k=2)
    )
    err = capsys.readouterr().err
    assert "the element-wise producer of A stays its own loop kernel (split-k" in err
    assert launches(module)[0] == "f_loop"
    args = arguments(*shape, "cast-f32")
    want = output_of(parse(text), "f", args)
    assert_close(output_of(module, "f", args), want, tolerance(want))


@pytest.mark.parametrize("write", ["copy", "linalg"])
def test_producer_whose_input_changes_before_the_product_is_not_read_through(
    write,
):
    """x is overwritten (a copy into it, or a linalg op through a view of
    it) between its cast and the product: the product must use the cast of
    the old x, so the cast stays its own kernel; reading x in the load
    would see the new values (a silent wrong result before)."""
    shape = (20, 40, 24)
    m, n, k = shape
    text = source(*shape, "cast-f32")
    overwrite = {
        "copy": f"memref.copy %Y, %X : memref<{m}x{k}xf32> to memref<{m}x{k}xf32>",
        "linalg": f"""%view = memref.subview %X[0, 0] [{m}, {k}] [1, 1] :
      memref<{m}x{k}xf32> to memref<{m}x{k}xf32, strided<[{k}, 1]>>
  linalg.fill ins(%zero : f32) outs(%view : memref<{m}x{k}xf32, strided<[{k}, 1]>>)""",
    }[write]
    text = text.replace(
        f"%D: memref<{m}x{n}xf16>) {{",
        f"%D: memref<{m}x{n}xf16>, %Y: memref<{m}x{k}xf32>) {{",
    )
    text = text.replace(
        "  %T = memref.alloc()", f"  {overwrite}\n  %T = memref.alloc()"
    )
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert launches(module)[0] == "f_loop"
    args = arguments(*shape, "cast-f32") + [np.full((m, k), 3.0, np.float32)]
    # D (argument 2) from x as it was: the program overwrites x afterwards.
    want = interpreted(parse(text), "f", args)[2]
    assert not np.allclose(want, 0)
    assert_close(interpreted(module, "f", args)[2], want, tolerance(want))


#: torch-mlir's exports of `nn.Linear(32, 48).half()((x * 0.5).to(f16))`, x
#: f32 and bf16 (test/frontend/Inputs; support/torch_models.py's CastLinear).
EXPORTS = ["cast-linear-f16", "bf16-cast-linear-f16"]


@pytest.mark.parametrize("name", EXPORTS)
def test_export_is_one_kernel_reading_x(name, capsys):
    from support.frontend_exports import export_path

    module = lowered_by(
        export_path(name).read_text(), LowerToCoopmat(target="h100-vulkan")
    )
    assert "not fused" not in capsys.readouterr().err
    assert launches(module) == ["forward"]
    (kernel,) = [op for op in module.walk() if op.name == "gpu.func"]
    x_type = kernel.body.block.args[0].type
    assert str(x_type.element_type) == ("bf16" if name.startswith("bf16") else "f32")
    for binary in compile_kernels(module, coopmat="khr"):
        validate(binary.spirv)


@pytest.mark.parametrize("device", ["interpreter", "lavapipe"])
@pytest.mark.parametrize("name", EXPORTS)
def test_export_matches_pytorch(name, device):
    from support.frontend_exports import arguments as saved_arguments
    from support.frontend_exports import expected, export_path

    from coopmlir.tools.coopmlir_run import run_on_device
    from coopmlir.tools.torch_frontend import ENTRY, check_arrays

    def on_lavapipe(lowered, kernels, arrays) -> str:
        for kernel in kernels.values():
            validate(kernel.spirv)
        return run_on_device(lowered, ENTRY, kernels, arrays)[0]

    if device == "lavapipe":
        require_vulkan()
    check = check_arrays(
        export_path(name).read_text(),
        saved_arguments(name),
        [expected(name)],
        target="h100-vulkan" if device == "interpreter" else None,
        on_device=on_lavapipe if device == "lavapipe" else None,
    )
    assert check.ok, check.report()
    assert sum(op.name == "gpu.launch_func" for op in check.lowered.walk()) == 1
