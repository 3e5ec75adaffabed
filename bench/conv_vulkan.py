"""Convolutions through coopmlir on a Vulkan GPU, against cuDNN (torch) in the same run.

    python bench/conv_vulkan.py [--batch 32] [--layers resnet] [--repeat 20]
                                [--options "stages=2"] [--out results.md] [--no-cudnn]

ResNet-50 layer shapes (NHWC f16 input, HWCF f16 weights, f32 output, zero
padding written as MLIR bufferizes tensor.pad): each is lowered for the
queried device (`target=vulkan`) by lower-to-coopmat (implicit im2col GEMM),
compiled to SPIR-V and run on fresh random inputs; every output element is
checked against an f64 reference (torch on the GPU, numpy without it) within
the error bound of a K-term sum, 2 (K + 2) u (|X| * |W| + |Y|) with
K = KH*KW*C. The dispatch is timed with Vulkan timestamps (median of
`--repeat` runs after 3 warm-up runs); cuDNN is timed with CUDA events on the
same inputs: torch.nn.functional.conv2d in f16, channels_last. One markdown
row per layer goes to stdout and `--out`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.device_target import query_target
from coopmlir.runtime.launch import compile_for_device, device_needs, run_host_function
from coopmlir.runtime.timing import timed_host_function
from coopmlir.runtime.vulkan import VulkanDevice

sys.path.insert(0, str(Path(__file__).resolve().parent))
from torch_cuda import cuda_median_ms  # noqa: E402

# name: (H = W, C, F, kernel, stride, padding)
LAYERS = {
    "resnet": [
        ("conv2_3x3", 56, 64, 64, 3, 1, 1),
        ("conv3_3x3", 28, 128, 128, 3, 1, 1),
        ("conv3_3x3_s2", 56, 128, 128, 3, 2, 1),
        ("conv4_3x3", 14, 256, 256, 3, 1, 1),
        ("conv5_3x3", 7, 512, 512, 3, 1, 1),
        ("conv3_1x1", 28, 128, 512, 1, 1, 0),
    ],
    # Seconds on lavapipe: a smoke test of the whole script.
    "tiny": [
        ("tiny_3x3", 6, 16, 16, 3, 1, 1),
        ("tiny_3x3_s2", 7, 16, 16, 3, 2, 1),
        ("tiny_1x1", 4, 16, 32, 1, 1, 0),
    ],
}


def source(n, h, c, f, k, s, p) -> str:
    """L0 @conv(%x, %w, %y): conv_2d_nhwc_hwcf f16 -> f32, zero padding as a
    filled buffer with the image copied in (bufferized tensor.pad)."""
    o = (h + 2 * p - k) // s + 1
    x_t, w_t = f"memref<{n}x{h}x{h}x{c}xf16>", f"memref<{k}x{k}x{c}x{f}xf16>"
    y_t = f"memref<{n}x{o}x{o}x{f}xf32>"
    conv_in, padded = "%x", x_t
    pad = ""
    if p:
        hp = h + 2 * p
        padded = f"memref<{n}x{hp}x{hp}x{c}xf16>"
        strides = f"[{hp * hp * c}, {hp * c}, {c}, 1]"
        view = f"memref<{n}x{h}x{h}x{c}xf16, strided<{strides}, offset: {(hp + 1) * p * c}>>"
        pad = f"""
  %zero = arith.constant 0.0 : f16
  %p = memref.alloc() : {padded}
  linalg.fill ins(%zero : f16) outs(%p : {padded})
  %v = memref.subview %p[0, {p}, {p}, 0] [{n}, {h}, {h}, {c}] [1, 1, 1, 1] : {padded} to {view}
  "memref.copy"(%x, %v) : ({x_t}, {view}) -> ()"""
        conv_in = "%p"
    return f"""
func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) {{{pad}
  linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<{s}> : tensor<2xi64>}} ins({conv_in}, %w : {padded}, {w_t}) outs(%y : {y_t})
  func.return
}}
"""


def reference(torch, x, w, y, s, p):
    """(conv + y, |x| conv |w| + |y|) in f64 (NHWC)."""
    if torch is None:
        return _numpy_conv(x, w, y, s, p), _numpy_conv(
            np.abs(x), np.abs(w), np.abs(y), s, p
        )
    F = torch.nn.functional

    def conv(a, b, c):
        a = torch.from_numpy(a.astype(np.float64)).cuda().permute(0, 3, 1, 2)
        b = torch.from_numpy(b.astype(np.float64)).cuda().permute(3, 2, 0, 1)
        out = F.conv2d(a, b, stride=s, padding=p).permute(0, 2, 3, 1)
        return (out + torch.from_numpy(c.astype(np.float64)).cuda()).cpu().numpy()

    return conv(x, w, y), conv(np.abs(x), np.abs(w), np.abs(y))


def _numpy_conv(x, w, y, s, p):
    x = np.pad(x.astype(np.float64), ((0, 0), (p, p), (p, p), (0, 0)))
    out = y.astype(np.float64).copy()
    _, oh, ow, _ = y.shape
    for i in range(w.shape[0]):
        for j in range(w.shape[1]):
            patch = x[:, i : i + (oh - 1) * s + 1 : s, j : j + (ow - 1) * s + 1 : s]
            out += np.einsum("nhwc,cf->nhwf", patch, w[i, j].astype(np.float64))
    return out


def cudnn_seconds(torch, x, w, s, p, repeat) -> float:
    """Median seconds of F.conv2d, f16, channels_last (CUDA events)."""
    F = torch.nn.functional
    a = torch.from_numpy(x).cuda().permute(0, 3, 1, 2)  # NCHW view of NHWC
    a = a.contiguous(memory_format=torch.channels_last)
    b = torch.from_numpy(w).cuda().permute(3, 2, 0, 1)
    b = b.contiguous(memory_format=torch.channels_last)
    torch.backends.cudnn.benchmark = True
    return cuda_median_ms(lambda: F.conv2d(a, b, stride=s, padding=p), repeat) / 1e3


def bench_layer(target, layer, n, options, repeat, torch, rng) -> str:
    name, h, c, f, k, s, p = layer
    o = (h + 2 * p - k) // s + 1
    module = parse_module(source(n, h, c, f, k, s, p))
    remark = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stderr(remark):
        kernel_level, kernels = compile_for_device(
            module, target, (options + " explain=true").strip()
        )
    compile_seconds = time.perf_counter() - start
    config = remark.getvalue().split("lower-to-coopmat: ", 1)[-1].split(" on ")[0]
    x = rng.uniform(-1, 1, (n, h, h, c)).astype(np.float16)
    w = rng.uniform(-1, 1, (k, k, c, f)).astype(np.float16)
    y = rng.uniform(-1, 1, (n, o, o, f)).astype(np.float32)
    exact, magnitude = reference(torch, x, w, y, s, p)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        result = y.copy()
        run_host_function(kernel_level, "conv", kernels, [x, w, result], gpu)
        (timing,) = timed_host_function(
            kernel_level, "conv", kernels, [x, w, y.copy()], gpu, repeat=repeat
        )
    seconds = float(np.median(timing.seconds))
    bound = 2 * (k * k * c + 2) * 2.0**-24 * magnitude + 1e-30
    worst = float(np.max(np.abs(result.astype(np.float64) - exact) / bound))
    flops = 2.0 * n * o * o * f * k * k * c
    ours = flops / seconds / 1e12
    theirs = flops / cudnn_seconds(torch, x, w, s, p, repeat) / 1e12 if torch else None
    ratio = f"{ours / theirs:.3f}" if theirs else ""
    return (
        f"| {name} | {n}x{h}x{h}x{c} -> {f} {k}x{k} s{s} p{p} | {ours:.3g} | "
        f"{f'{theirs:.3g}' if theirs else ''} | {ratio} | {config} | {worst:.2e} | "
        f"{'yes' if worst <= 1 else 'NO'} | {compile_seconds:.1f} |"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--layers", choices=list(LAYERS), default="resnet")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--options", default="", help="lower-to-coopmat options")
    ap.add_argument("--out", help="append the markdown rows to this file")
    ap.add_argument("--no-cudnn", action="store_true", help="numpy reference, no torch")
    args = ap.parse_args(argv)
    torch = None
    if not args.no_cudnn:
        import torch  # only on the GPU machine

        torch.backends.cudnn.allow_tf32 = False
    target = query_target()
    lines = [
        f"# {target.description}, {date.today()}, Python {platform.python_version()},"
        f" torch {torch.__version__ if torch else 'not used'}",
        "",
        "| layer | N x H x W x C -> F | coopmlir TFLOP/s | cuDNN TFLOP/s | ratio |"
        " configuration | error / bound | correct | compile s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    rng = np.random.default_rng(2026)
    for layer in LAYERS[args.layers]:
        try:
            line = bench_layer(
                target, layer, args.batch, args.options, args.repeat, torch, rng
            )
        except Exception as err:  # report and go on: one row per layer
            line = f"| {layer[0]} | | failed: {err} | | | | | no | |"
        print(line, flush=True)
        lines.append(line)
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
