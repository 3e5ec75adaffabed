"""Why the GPT-2 block's kernels timed slower inside the block than alone (issue 26).

    bash bench/h100.sh python3 -P bench/block_probe.py [--repeat 10] [--block-only]
        [--bench-inputs] [--torch-first]
    python bench/block_probe.py --small        # lavapipe smoke run

Times, on one VkDevice each, the launches of the exported GPT-2 block
(`bench/blocks/gpt2-block.mlir`, inputs from numpy; twice, on two devices),
then stand-alone programs with the block's product shapes and operand types:
A [M, K] f16 times the weight B [N, K] f16 transposed (as torch's Linear
stores it), f32 bias, then the block's epilogues (bias, residual add, tanh
GELU), f16 out; once with the block's [8, 1024, K] A collapsed to [M, K].
Each launch: 2 warm-ups, then the median of `--repeat` dispatches (Vulkan
timestamps). `--bench-inputs` uses model_blocks.py's input and weights and
also times the block through model_blocks.py's `run_coopmlir` and
`run_compiled` beside this script's own loop (they differed by the GPU's
idle clocks: bench/RESULTS.md, "The GPT-2 block's slow kernels").
`--torch-first` initializes CUDA in the process first.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.device_target import query_for_passes, query_target
from coopmlir.runtime.launch import compile_for_device, device_needs, run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.targets import get_target

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

LINEAR = """
func.func @forward(%x: memref<{A}xf16>, %w: memref<{N}x{K}xf16>, %bias: memref<{N}xf32>, %res: memref<{M}x{N}xf16>, %out: memref<{M}x{N}xf16>) {{
  {collapse}
  %acc = memref.alloc() : memref<{M}x{N}xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%acc : memref<{M}x{N}xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : memref<{M}x{K}xf16>, memref<{N}x{K}xf16>) outs(%acc : memref<{M}x{N}xf32>)
  linalg.generic {{indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}} ins(%acc, %bias, %res : memref<{M}x{N}xf32>, memref<{N}xf32>, memref<{M}x{N}xf16>) outs(%out : memref<{M}x{N}xf16>) {{
  ^bb0(%s: f32, %b: f32, %r: f16, %o: f16):
    %y = arith.addf %s, %b : f32
{epilogue}
    linalg.yield %h : f16
  }}
  func.return
}}
"""  # noqa: E501

#: The epilogue after the bias (%y: f32) to the f16 result %h: the block's
#: three kinds (fc1's tanh GELU as torch-mlir exports it, fc2's residual).
EPILOGUES = {
    "bias": "    %h = arith.truncf %y : f32 to f16",
    "residual": "    %t = arith.truncf %y : f32 to f16\n    %h = arith.addf %t, %r : f16",
    "gelu": "\n".join(
        "    " + line
        for line in (
            "%c0 = arith.constant 0.044715 : f32",
            "%c1 = arith.constant 0.7978845608 : f32",
            "%half = arith.constant 0.5 : f32",
            "%one = arith.constant 1.0 : f32",
            "%y2 = arith.mulf %y, %y : f32",
            "%y3 = arith.mulf %y2, %y : f32",
            "%t0 = arith.mulf %y3, %c0 : f32",
            "%t1 = arith.addf %y, %t0 : f32",
            "%t2 = arith.mulf %t1, %c1 : f32",
            "%t3 = math.tanh %t2 : f32",
            "%t4 = arith.addf %t3, %one : f32",
            "%t5 = arith.mulf %y, %half : f32",
            "%g = arith.mulf %t5, %t4 : f32",
            "%h = arith.truncf %g : f32 to f16",
        )
    ),
}


def linear(
    batch: int, rows: int, n: int, k: int, collapsed: bool, epilogue: str
) -> str:
    m = batch * rows
    if collapsed:
        a_shape = f"{batch}x{rows}x{k}"
        collapse = (
            f"%a = memref.collapse_shape %x [[0, 1], [2]] : "
            f"memref<{a_shape}xf16> into memref<{m}x{k}xf16>"
        )
    else:
        a_shape, collapse = f"{m}x{k}", ""
    text = LINEAR.format(
        A=a_shape, M=m, N=n, K=k, collapse=collapse, epilogue=EPILOGUES[epilogue]
    )
    return text if collapsed else text.replace("%a,", "%x,")


def timed(text: str, arrays: list, gpu_needs, target, repeat: int, path=None):
    """(kernel name, grid, median ms) of each launch of @forward."""
    with contextlib.redirect_stderr(io.StringIO()):
        kernel_level, kernels = compile_for_device(parse_module(text, path), target)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=set(features) | gpu_needs, extensions=extensions) as gpu:
        timings = run_host_function(
            kernel_level, "forward", kernels, arrays, gpu, warmup=2, repeat=repeat
        )
    return [(t.kernel, t.grid, float(np.median(t.seconds)) * 1e3) for t in timings]


def show(title: str, launches) -> None:
    """A table of (kernel, grid, ms) rows, or of LaunchTimings."""
    print(f"## {title}")
    for launch in launches:
        if not isinstance(launch, tuple):
            launch = (launch.kernel, launch.grid, np.median(launch.seconds) * 1e3)
        name, grid, ms = launch
        print(f"| {name} | {grid} | {ms:.3f} ms |")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--small", action="store_true", help="small shapes (lavapipe)")
    p.add_argument("--block-only", action="store_true", help="no stand-alone products")
    p.add_argument(
        "--bench-inputs",
        action="store_true",
        help="the block's input and weights as model_blocks.py makes them",
    )
    p.add_argument(
        "--torch-first",
        action="store_true",
        help="initialize CUDA in this process first (as model_blocks.py's run does)",
    )
    args = p.parse_args()
    if args.torch_first:
        import torch

        torch.ones(1, device="cuda").sum().item()
    target = query_target()
    rng = np.random.default_rng(0)
    batch, rows, d = (2, 64, 64) if args.small else (8, 1024, 768)
    print(f"# {target.description}; block batch {batch}, rows {rows}, d {d}")
    if not args.small:
        path = ROOT / "bench" / "blocks" / "gpt2-block.mlir"
        x = rng.standard_normal((batch, rows, d)).astype(np.float16)
        weights = [
            (rng.standard_normal(s) / np.sqrt(s[1])).astype(np.float16)
            for s in ((3 * d, d), (d, d), (4 * d, d), (d, 4 * d))
        ]
        if args.bench_inputs:
            import model_blocks

            module, tx = model_blocks.block("gpt2-block", "full")
            x = tx.numpy()
            weights = [
                p.detach().numpy() for _, p in model_blocks.lifted_weights(module)
            ]
            for w in weights:
                print(f"weight {w.shape} {w.dtype} contiguous {w.flags.c_contiguous}")
        out = np.zeros_like(x)
        if args.bench_inputs:
            import torch

            ours = model_blocks.run_coopmlir(
                path,
                torch.from_numpy(x),
                [torch.from_numpy(w) for w in weights],
                args.repeat,
                "launch",
            )
            show("model_blocks.run_coopmlir", ours["kernels"])
            compiled = model_blocks.compile_coopmlir(
                path, get_target("vulkan", query_for_passes)
            )
            features, extensions = compiled["features"], compiled["extensions"]
            with VulkanDevice(needs=features, extensions=extensions) as gpu:
                timings = run_host_function(
                    compiled["kernel_level"],
                    "forward",
                    compiled["kernels"],
                    [x, *weights, np.zeros_like(x)],
                    gpu,
                    warmup=2,
                    repeat=args.repeat,
                )
            show("model_blocks.compile_coopmlir, run here", timings)
            with VulkanDevice(needs=features, extensions=extensions) as gpu:
                ours = model_blocks.run_compiled(
                    compiled,
                    torch.from_numpy(x),
                    [torch.from_numpy(w) for w in weights],
                    args.repeat,
                    "launch",
                    gpu,
                )
            show("model_blocks.run_compiled on a device opened here", ours["kernels"])

            class Held:  # numpy arrays where run_compiled expects tensors
                def __init__(self, array):
                    self.array = array

                def numpy(self):
                    return self.array

            with VulkanDevice(needs=features, extensions=extensions) as gpu:
                ours = model_blocks.run_compiled(
                    compiled,
                    Held(x),
                    [Held(w) for w in weights],
                    args.repeat,
                    "launch",
                    gpu,
                )
            show("model_blocks.run_compiled, numpy arrays for tensors", ours["kernels"])
            from coopmlir.interpreter import find_function
            from coopmlir.tools.coopmlir_run import bufferized_arguments

            program = compiled["program"]
            arrays, _ = bufferized_arguments(
                program, find_function(program, "forward"), [x, *weights]
            )
            with VulkanDevice(needs=features, extensions=extensions) as gpu:
                timings = run_host_function(
                    compiled["kernel_level"],
                    "forward",
                    compiled["kernels"],
                    arrays,
                    gpu,
                    warmup=2,
                    repeat=args.repeat,
                )
            show("bufferized_arguments' arrays, run here", timings)
        for attempt in (1, 2):  # twice: does a second device see the same?
            arrays = [x, *weights, out]
            launches = timed(
                path.read_text(), arrays, set(), target, args.repeat, str(path)
            )
            show(f"the block's launches, device {attempt}", launches)
    if args.block_only:
        return
    print("## stand-alone products of the block's shapes (M x N x K, B as N x K)")
    m = batch * rows
    cases = [
        (3 * d, d, "bias", False),
        (3 * d, d, "bias", True),
        (d, d, "residual", False),
        (4 * d, d, "bias", False),
        (4 * d, d, "gelu", False),
        (d, 4 * d, "bias", False),
        (d, 4 * d, "residual", False),
        (d, 4 * d, "gelu-input", False),
    ]
    for n, k, epilogue, collapsed in cases:
        label = epilogue
        a = rng.standard_normal((m, k)).astype(np.float32)
        if epilogue == "gelu-input":  # A as fc1's GELU leaves it
            a = 0.5 * a * (1 + np.tanh(0.7978845608 * (a + 0.044715 * a**3)))
            epilogue = "residual"
        arrays = [
            a.astype(np.float16).reshape((batch, rows, k) if collapsed else (m, k)),
            (rng.standard_normal((n, k)) / np.sqrt(k)).astype(np.float16),
            rng.standard_normal(n).astype(np.float32),
            rng.standard_normal((m, n)).astype(np.float16),
            np.zeros((m, n), np.float16),
        ]
        y = a.astype(np.float16).astype(np.float32) @ arrays[1].astype(np.float32).T
        y += arrays[2]
        if epilogue == "residual":
            exact = y + arrays[3]
        elif epilogue == "gelu":
            exact = 0.5 * y * (1 + np.tanh(0.7978845608 * (y + 0.044715 * y**3)))
        else:
            exact = y
        text = linear(batch, rows, n, k, collapsed, epilogue)
        launches = timed(text, arrays, set(), target, args.repeat)
        error = float(np.abs(arrays[4] - exact).max() / max(1, np.abs(exact).max()))
        ms = sum(t for _, _, t in launches)
        tflops = 2 * m * n * k / ms / 1e9
        shape = f"{m}x{n}x{k} {label}" + (" (A collapsed)" if collapsed else "")
        kernels = ", ".join(f"{name} {grid} {t:.3f}" for name, grid, t in launches)
        print(
            f"| {shape} | {ms:.3f} ms | {tflops:.0f} TFLOP/s | {error:.1e} | {kernels} |"
        )


if __name__ == "__main__":
    main()
