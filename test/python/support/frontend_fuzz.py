"""Random PyTorch modules for the frontend fuzzer (issue 30 part 3): a
`Spec` names a composition of layers (Linear, Conv2d, batch norm, SDPA and
attention written by hand, LayerNorm/RMSNorm, activations, residuals,
transposes and reshapes) with random sizes, 1 and ragged ones included,
and an element type; `build` makes the `nn.Module` and its input (seeded:
the same spec always gives the same values); `check_spec` exports it with
torch-mlir, lowers it with coopmlir and compares with PyTorch's own output.

Hypothesis draws the specs (`specs()`), so a failure shrinks to a minimal
module: fewer layers, smaller sizes, f32 before f16. The test
(test/python/pipeline/test_frontend_fuzz.py) runs a few derandomized
examples; bench/fuzz_frontend.py runs thousands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hypothesis import strategies as st

from coopmlir.diagnostics import CompileError
from support.frontend_bundle import DTYPES

ACTIVATIONS = ("relu", "gelu", "gelu_tanh", "silu")

#: The interpreter target of each element type, as the frontend suite picks
#: it: f32 on the SIMT target, f16 on the generic target's matrix units, bf16
#: on h100-vulkan's (the generic target has f16 matrices only).
TARGET = {"f32": "simt", "f16": "generic", "bf16": "h100-vulkan"}


@dataclass(frozen=True)
class Spec:
    """`family` "sequence": input [batch, rows, width], layers from
    SEQUENCE_LAYERS; "image": input [batch, channels, size, size], conv
    layers, then a flatten and a Linear."""

    family: str
    dtype: str
    batch: int
    rows: int  # sequence length, or image size
    width: int  # features, or channels
    layers: tuple[tuple, ...]

    def describe(self) -> str:
        shape = (
            f"[{self.batch}, {self.rows}, {self.width}]"
            if self.family == "sequence"
            else f"[{self.batch}, {self.width}, {self.rows}, {self.rows}]"
        )
        layers = ", ".join(" ".join(str(p) for p in layer) for layer in self.layers)
        return f"{self.family} {self.dtype} input {shape}: {layers}"


def sizes(low: int = 1, high: int = 24):
    """Sizes biased to 1, primes and powers of two, and ragged ones."""
    return st.one_of(
        st.sampled_from([1, 2, 3, 7, 8, 13, 16]), st.integers(low, high)
    ).filter(lambda n: low <= n <= high)


def sequence_layer():
    return st.one_of(
        st.tuples(st.just("linear"), sizes(), st.booleans()),
        st.tuples(st.just("act"), st.sampled_from(ACTIVATIONS)),
        st.tuples(st.just("layernorm")),
        # eps=None (PyTorch's default, the type's epsilon) and a model's 1e-6
        st.tuples(st.just("rmsnorm"), st.sampled_from([None, 1e-6])),
        st.tuples(st.just("residual_linear"), st.booleans()),
        st.tuples(st.just("sdpa"), st.sampled_from([1, 2, 3, 4]), st.booleans()),
        st.tuples(st.just("attention_by_hand"), st.booleans()),
        st.tuples(st.just("swap")),  # transpose the last two dimensions
        st.tuples(st.just("fold")),  # reshape [B, R, W] -> [B * R, W] and back
    )


def image_layer():
    return st.one_of(
        st.tuples(
            st.just("conv"),
            sizes(1, 12),  # output channels
            st.sampled_from([1, 3]),  # kernel
            st.sampled_from([1, 2]),  # stride
            st.booleans(),  # bias
        ),
        st.tuples(st.just("batchnorm")),
        st.tuples(st.just("act"), st.sampled_from(ACTIVATIONS)),
    )


@st.composite
def specs(draw, dtypes=DTYPES, max_layers: int = 4):
    family = draw(st.sampled_from(["sequence", "sequence", "image"]))
    dtype = draw(st.sampled_from(dtypes))
    if family == "sequence":
        layers = draw(st.lists(sequence_layer(), min_size=1, max_size=max_layers))
        return Spec(
            family,
            dtype,
            draw(sizes(1, 3)),
            draw(sizes(1, 9)),
            draw(sizes()),
            tuple(layers),
        )
    layers = draw(st.lists(image_layer(), min_size=1, max_size=max_layers))
    return Spec(
        family,
        dtype,
        draw(sizes(1, 2)),
        draw(sizes(3, 8)),
        draw(sizes(1, 8)),
        tuple(layers),
    )


def build(spec: Spec):
    """(module, input): the spec's `nn.Module` in its element type, values
    from a fixed seed, eval mode (batch norms use their running statistics)."""
    import torch
    from torch import nn

    torch.manual_seed(0)

    def act(name):
        return {
            "relu": nn.ReLU(),
            "gelu": nn.GELU(),
            "gelu_tanh": nn.GELU(approximate="tanh"),
            "silu": nn.SiLU(),
        }[name]

    class Fuzzed(nn.Module):
        def __init__(self):
            super().__init__()
            self.steps = nn.ModuleList()
            self.kinds: list[tuple] = []
            if spec.family == "sequence":
                self._sequence()
            else:
                self._image()

        def _add(self, kind: tuple, module=None):
            self.kinds.append(kind)
            self.steps.append(module if module is not None else nn.Identity())

        def _sequence(self):
            rows, width = spec.rows, spec.width
            for layer in spec.layers:
                kind = layer[0]
                if kind == "linear":
                    self._add(layer, nn.Linear(width, layer[1], bias=layer[2]))
                    width = layer[1]
                elif kind == "act":
                    self._add(layer, act(layer[1]))
                elif kind == "layernorm":
                    self._add(layer, nn.LayerNorm(width))
                elif kind == "rmsnorm":
                    self._add(layer, nn.RMSNorm(width, eps=layer[1]))
                elif kind == "residual_linear":
                    self._add(layer, nn.Linear(width, width, bias=layer[1]))
                elif kind == "sdpa":
                    heads = math.gcd(layer[1], width)  # heads dividing the width
                    self._add(("sdpa", heads, layer[2]))
                elif kind == "swap":
                    self._add(layer)
                    rows, width = width, rows
                else:
                    self._add(layer)

        def _image(self):
            channels, size = spec.width, spec.rows
            for layer in spec.layers:
                kind = layer[0]
                if kind == "conv":
                    _, out, k, stride, bias = layer
                    self._add(
                        layer,
                        nn.Conv2d(channels, out, k, stride, padding=k // 2, bias=bias),
                    )
                    channels, size = out, (size + 2 * (k // 2) - k) // stride + 1
                elif kind == "batchnorm":
                    norm = nn.BatchNorm2d(channels)
                    norm.running_mean.uniform_(-0.5, 0.5)
                    norm.running_var.uniform_(0.5, 1.5)
                    self._add(layer, norm)
                else:
                    self._add(layer, act(layer[1]))
            self._add(("flatten",))
            self._add(("linear",), nn.Linear(channels * size * size, 5))

        def forward(self, x):
            for kind, step in zip(self.kinds, self.steps, strict=True):
                name = kind[0]
                if name == "residual_linear":
                    x = x + step(x)
                elif name == "sdpa":
                    b, r, w = x.shape
                    h = kind[1]
                    q = x.reshape(b, r, h, w // h).transpose(1, 2)
                    o = nn.functional.scaled_dot_product_attention(
                        q, q, q, is_causal=kind[2]
                    )
                    x = o.transpose(1, 2).reshape(b, r, w)
                elif name == "attention_by_hand":
                    scores = x @ x.transpose(-1, -2) / math.sqrt(x.shape[-1])
                    if kind[1]:
                        r = x.shape[-2]
                        mask = torch.ones(r, r, dtype=torch.bool).tril()
                        scores = scores.masked_fill(~mask, float("-inf"))
                    x = torch.softmax(scores, dim=-1) @ x
                elif name == "swap":
                    x = x.transpose(-1, -2)
                elif name == "fold":
                    b, r, w = x.shape
                    x = (x.reshape(b * r, w) * 2.0).reshape(b, r, w)
                elif name == "flatten":
                    x = x.flatten(1)
                else:
                    x = step(x)
            return x

    dtype = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
    module = Fuzzed().eval().to(dtype[spec.dtype])
    shape = (
        (spec.batch, spec.rows, spec.width)
        if spec.family == "sequence"
        else (spec.batch, spec.width, spec.rows, spec.rows)
    )
    x = torch.randn(*shape).to(dtype[spec.dtype])
    return module, x


#: Comparison tolerance per element type: a few units in the last place of
#: the type after a handful of layers (coopmlir.tools.compare's measure).
TOLERANCE = {"f32": 1e-4, "f16": 2e-2, "bf16": 6e-2}


def export_agrees(text: str, module, x, tolerance: float) -> bool:
    """The export as torch-mlir wrote it (tensors, no coopmlir pass), run
    on the interpreter, against PyTorch."""
    import numpy as np
    import torch

    from coopmlir.dialects.registry import parse_module
    from coopmlir.interpreter import run_function
    from coopmlir.tools.compare import compare
    from coopmlir.tools.torch_frontend import to_numpy

    with torch.no_grad():
        expected = to_numpy(module(x))
    (result,) = run_function(parse_module(text), "forward", [to_numpy(x)])
    bf16 = x.dtype == torch.bfloat16
    return compare("result0", np.asarray(result), expected, tolerance, bf16=bf16).ok


class FrontendFailure(Exception):
    """`kind`: "crash" (an exception that is no located refusal),
    "mismatch" (a result differs from PyTorch's)."""

    def __init__(self, kind: str, spec: Spec, detail: str):
        super().__init__(f"{kind}: {spec.describe()}\n{detail}")
        self.kind = kind


def check_spec(spec: Spec, device: str = "interpreter") -> str:
    """Export, lower and run `spec`'s module; "ok", "refused: <reason>"
    for a located refusal, or "not exported: <why>" when torch-mlir itself
    fails (not coopmlir's business); raise FrontendFailure otherwise."""
    from coopmlir.tools.torch_frontend import check_export, export

    module, x = build(spec)
    try:
        text = export(module, x)
    except Exception as err:  # noqa: BLE001 - torch-mlir's own failures
        return f"not exported: {type(err).__name__}"
    if not export_agrees(text, module, x, TOLERANCE[spec.dtype]):
        # torch-mlir wrote a program that differs from PyTorch (e.g. RMSNorm
        # with eps=None loses its eps): nothing coopmlir could do right
        return "export differs from PyTorch"
    target = TARGET[spec.dtype] if device == "interpreter" else None
    try:
        check = check_export(
            text,
            module,
            x,
            device=device,
            target=target,
            tolerance=TOLERANCE[spec.dtype],
        )
    except CompileError as err:
        first = str(err).split("\n")[0]
        if ": error: " not in first:
            raise FrontendFailure(
                "crash", spec, f"an unlocated error: {first}"
            ) from err
        return "refused: " + first.split(": error: ", 1)[1]
    except Exception as err:  # noqa: BLE001 - anything else is a crash
        raise FrontendFailure("crash", spec, f"{type(err).__name__}: {err}") from err
    if not check.ok:
        raise FrontendFailure("mismatch", spec, check.report())
    return "ok"
