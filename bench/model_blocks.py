"""Whole model blocks from their torch-mlir exports against PyTorch eager
(issue 26 part 4): a GPT-2 decoder block (d_model 768, 12 heads, sequence
1024, batch 8) and a ResNet-50 bottleneck block (batch 32, 56x56, 256
channels, 64 inside), f16; and the GPT-2 block again in bf16
(`gpt2-block-bf16`: bf16 products accumulate in f32, epilogues are computed
in f32 and stored as bf16), against PyTorch eager bf16. And GPT-2's fc1
(8192 tokens, 768 -> 3072) alone, plain (`fc1`) and with each activation
(`fc1-gelu`, `fc1-gelu-tanh`, `fc1-silu`; `-bf16` each): a fused epilogue
as torch-mlir exports it, against the plain export and PyTorch's addmm +
activation.

Two steps, since torch-mlir runs here (CPython 3.11) but not on the device:

    python bench/model_blocks.py export            # writes bench/blocks/*.mlir
    bash bench/h100.sh python3 -P bench/model_blocks.py run --out $OUT

`export` exports each block with torch-mlir (linalg on tensors, unedited),
its matrix weights lifted to function arguments so that the file stays
small: `forward(x, w0, w1, ...)`. Every other parameter and buffer (biases,
norms' scales, batch-norm statistics) stays a constant of the export, as in
any export. All values come from numpy's seeded generator (`seeded`), so
the device rebuilds the identical module without the export's blobs.

`run` (on a machine with a Vulkan device; PyTorch with CUDA for the other
side) compiles each export with coopmlir for the device, runs it, times
every kernel (`--timing launch`, the default: each launch timed in place,
the median of `--repeat` runs of `--batch` back-to-back dispatches, right
after `--warm-seconds` of such runs so that the GPU's clocks are up:
coopmlir.runtime.timing; `--timing program`:
the whole program run 1 + `--repeat` times, each launch once per run, the
median of each launch over the warm runs), and runs the same
`nn.Module` in PyTorch eager f16 on CUDA (cuBLAS, cuDNN, flash SDPA):
timed with CUDA events, its kernels counted by torch.profiler. Both outputs
are compared with PyTorch in f32 on the same inputs. `--size small` runs
the small shapes (exports `*-small.mlir`), e.g. on lavapipe without CUDA.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BLOCKS = ROOT / "bench" / "blocks"
sys.path.insert(0, str(ROOT / "test" / "python"))
sys.path.insert(0, str(ROOT / "bench"))
from torch_cuda import cuda_timed  # noqa: E402

#: GPT-2's fc1 alone, as torch-mlir exports it, plain and with each
#: activation (its epilogue on real exports: bench/RESULTS.md "Sixteenth
#: session"): name -> (module class name, constructor arguments).
LINEAR_LAYERS = {
    "fc1": ("Linear", {}),
    "fc1-gelu": ("LinearGelu", {"approximate": "none"}),
    "fc1-gelu-tanh": ("LinearGelu", {"approximate": "tanh"}),
    "fc1-silu": ("LinearSilu", {}),
}
FC1 = (8, 1024, 768)

#: name -> (module class name, constructor arguments, input shape), per size.
SIZES = {
    "full": {
        "gpt2-block": ("GptBlock", {"d": 768, "heads": 12}, (8, 1024, 768)),
        "bottleneck": ("Bottleneck", {"c": 256, "mid": 64}, (32, 256, 56, 56)),
        "gpt2-block-bf16": ("GptBlock", {"d": 768, "heads": 12}, (8, 1024, 768)),
        **{
            name + suffix: (cls, {**kwargs, "inputs": 768, "outputs": 3072}, FC1)
            for name, (cls, kwargs) in LINEAR_LAYERS.items()
            for suffix in ("", "-bf16")
        },
    },
    "small": {
        "gpt2-block": ("GptBlock", {"d": 64, "heads": 2}, (2, 32, 64)),
        "bottleneck": ("Bottleneck", {"c": 32, "mid": 16}, (2, 32, 8, 8)),
        "gpt2-block-bf16": ("GptBlock", {"d": 64, "heads": 2}, (2, 32, 64)),
        **{
            name + suffix: (cls, {**kwargs, "inputs": 64, "outputs": 256}, (2, 32, 64))
            for name, (cls, kwargs) in LINEAR_LAYERS.items()
            for suffix in ("", "-bf16")
        },
    },
}
#: The blocks `run` measures unless --blocks names others (issue 26 part 4).
DEFAULT_BLOCKS = ["gpt2-block", "bottleneck"]


def dtype_of(name: str) -> str:
    """The block's element type: bf16 where its name says so, else f16."""
    return "bf16" if name.endswith("-bf16") else "f16"


def to_dtype(module_or_tensor, dtype: str):
    """`module_or_tensor` in the block's element type."""
    return module_or_tensor.bfloat16() if dtype == "bf16" else module_or_tensor.half()


def block(name: str, size: str):
    """The block's `nn.Module` in its element type (eval), its seeded values,
    and its input (the same values in f16 and bf16: f16's, rounded)."""
    import torch
    from support import torch_models

    cls, kwargs, shape = SIZES[size][name]
    module = getattr(torch_models, cls)(**kwargs).eval()
    seeded(module)
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float16)
    dtype = dtype_of(name)
    return to_dtype(module, dtype), to_dtype(torch.from_numpy(x), dtype)


def seeded(module) -> None:
    """Every parameter and float buffer of `module` from numpy's seeded
    generator, in named order: matrices scaled by 1/sqrt(fan-in), scales and
    variances in [0.5, 1.5], other vectors in [-0.2, 0.2]."""
    import torch

    rng = np.random.default_rng(0)
    tensors = list(module.named_parameters()) + list(module.named_buffers())
    with torch.no_grad():
        for name, t in tensors:
            if not t.is_floating_point():
                continue
            if t.dim() >= 2:
                fan_in = t[0].numel()
                value = rng.standard_normal(t.shape) / np.sqrt(fan_in)
            elif name.endswith(("weight", "running_var")):
                value = rng.uniform(0.5, 1.5, t.shape)
            else:
                value = rng.uniform(-0.2, 0.2, t.shape)
            t.copy_(torch.from_numpy(value.astype(np.float32)))


def lifted_weights(module) -> list[tuple[str, object]]:
    """The parameters that become arguments of the export: the matrices."""
    return [(n, p) for n, p in module.named_parameters() if p.dim() >= 2]


def with_lifted_weights(module):
    """`module` taking its matrices as arguments after the input."""
    import torch

    names = [n for n, _ in lifted_weights(module)]

    class Lifted(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = module

        def forward(self, x, *weights):
            params = dict(zip(names, weights, strict=True))
            return torch.func.functional_call(self.inner, params, (x,))

    return Lifted().eval()


def export_blocks(size: str, names: list[str]) -> None:
    from coopmlir.tools.torch_frontend import export

    BLOCKS.mkdir(exist_ok=True)
    for name in names:
        module, x = block(name, size)
        weights = [p.detach() for _, p in lifted_weights(module)]
        text = export(with_lifted_weights(module), x, *weights)
        path = block_path(name, size)
        path.write_text(text)
        print(f"{path.relative_to(ROOT)}: {len(text) / 1e3:.0f} kB")


def block_path(name: str, size: str) -> Path:
    """Where `export` writes a block's torch-mlir export."""
    return BLOCKS / (name + ("" if size == "full" else "-small") + ".mlir")


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def run_pytorch(module, x, weights, repeat: int) -> dict:
    """PyTorch eager on CUDA: output, median time, kernels launched."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    module, x = module.cuda(), x.cuda()
    with torch.no_grad():
        # Warmed like coopmlir's launches: eager's GPU work is short
        # kernels, which an idle GPU runs at low clocks.
        from coopmlir.runtime.timing import WARM_SECONDS

        warm = TIMING.get("warm_seconds", WARM_SECONDS)
        out, ms = cuda_timed(lambda: module(x), repeat, warm_seconds=warm)
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            module(x)
            torch.cuda.synchronize()
        kernels = [
            e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA
        ]
        dtype = x.dtype
        f32 = module.float()(x.float())
        module.to(dtype)
    return {
        "output": out.float().cpu().numpy(),
        "reference": f32.cpu().numpy(),
        "ms": ms,
        "kernels": len(kernels),
        "kernel_ms": sum(e.device_time for e in kernels) / 1e3,
    }


def run_coopmlir(
    path: Path,
    x,
    weights,
    repeat: int,
    timing: str,
    device=None,
    options: str = "",
    target=None,
) -> dict:
    """The export compiled for the first Vulkan device (`target`, when
    given: that device's, queried once) and run there (on `device`, an open
    `VulkanDevice`, inside its `scope`, when given: one Vulkan instance for
    a whole benchmark; NVIDIA's driver refuses new instances after a few
    dozen per process)."""
    from coopmlir.runtime.device_target import query_for_passes
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import get_target

    target = target or get_target("vulkan", query_for_passes)
    compiled = compile_coopmlir(path, target, options)
    if device is None:
        opened = VulkanDevice(
            None, needs=compiled["features"], extensions=compiled["extensions"]
        )
    else:
        opened = device.scope()
    with opened as gpu:
        return run_compiled(compiled, x, weights, repeat, timing, gpu)


def compile_coopmlir(path: Path, target, options: str = "") -> dict:
    """The program at `path` compiled for `target`: what `run_compiled`
    takes, with the device features and extensions its kernels need."""
    from coopmlir.dialects.registry import parse_module
    from coopmlir.runtime.launch import compile_for_device, device_needs

    started = time.perf_counter()
    program = parse_module(path.read_text(), str(path))
    kernel_level, kernels = compile_for_device(program, target, options)
    features, extensions = device_needs(kernels)
    return {
        "program": program,
        "kernel_level": kernel_level,
        "kernels": kernels,
        "features": features,
        "extensions": extensions,
        "compile_s": time.perf_counter() - started,
    }


def run_compiled(compiled: dict, x, weights, repeat: int, timing: str, gpu) -> dict:
    """A `compile_coopmlir` program run on the open VulkanDevice `gpu`."""
    from coopmlir.interpreter import find_function
    from coopmlir.runtime.launch import run_host_function
    from coopmlir.runtime.timing import timed_host_function
    from coopmlir.tools.coopmlir_run import bufferized_arguments

    program, kernel_level = compiled["program"], compiled["kernel_level"]
    kernels = compiled["kernels"]
    from coopmlir.tools.torch_frontend import to_numpy

    inputs = [to_numpy(x)] + [to_numpy(w) for w in weights]
    arrays, where = bufferized_arguments(
        program, find_function(program, "forward"), inputs
    )
    if timing == "launch":
        # Each launch timed in place at the GPU's working clocks.
        timings = timed_host_function(
            kernel_level,
            "forward",
            kernels,
            arrays,
            gpu,
            repeat=repeat,
            **TIMING,
        )
        seconds = [t.seconds for t in timings]
    else:
        # The whole program run 1 + `repeat` times, each launch once per
        # run; the first (cold) run is dropped.
        runs = []
        for _ in range(1 + repeat):
            fresh = [np.copy(a) if isinstance(a, np.ndarray) else a for a in arrays]
            runs.append(run_host_function(kernel_level, "forward", kernels, fresh, gpu))
        arrays, timings = fresh, runs[0]
        seconds = [[run[i].seconds[0] for run in runs[1:]] for i in range(len(timings))]
    per_kernel = [
        (t.kernel, t.grid, _median(s) * 1e3)
        for t, s in zip(timings, seconds, strict=True)
    ]
    return {
        "output": np.asarray(arrays[where["result0"]], dtype=np.float32),
        "ms": sum(ms for _, _, ms in per_kernel),
        "kernels": per_kernel,
        "compile_s": compiled["compile_s"],
        "device": gpu.report.lines()[0],
    }


#: `--batch` and `--warm-seconds` where given (else coopmlir.runtime.timing's
#: defaults), as `timed_host_function`'s keywords.
TIMING: dict = {}


def scaled_error(got, want) -> float:
    """coopmlir-run's measure: max|got - want| / max(1, max|want|)."""
    want = want.astype(np.float64)
    return float(np.abs(got - want).max() / max(1.0, np.abs(want).max()))


def run_blocks(args) -> None:
    import torch
    from gemm_vulkan import open_device

    cuda = torch.cuda.is_available()
    gpu, target = open_device(nv2=True)  # one device for every block and option
    try:
        rows = _run_blocks(args, cuda, gpu, target)
    finally:
        gpu.close()
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / f"model_blocks-{args.size}.json").write_text(
            json.dumps(rows, indent=1)
        )


def _run_blocks(args, cuda: bool, gpu, target) -> list[dict]:
    """Each block with each option string on the open device `gpu`."""
    import torch

    rows = []
    for name in args.blocks:
        module, x = block(name, args.size)
        weights = [p.detach() for _, p in lifted_weights(module)]
        eager = reference = None
        for options in args.options or [""]:
            try:
                ours = run_coopmlir(
                    block_path(name, args.size),
                    x,
                    weights,
                    args.repeat,
                    args.timing,
                    gpu,
                    options,
                    target,
                )
            except Exception as err:  # noqa: BLE001 -- one block's failure, reported
                print(
                    f"## {name} [{options}]: coopmlir failed: {type(err).__name__}: {err}"
                )
                continue
            if reference is None:
                if cuda:
                    eager = run_pytorch(module, x, weights, args.repeat)
                    reference = eager["reference"]
                else:  # e.g. lavapipe: check against PyTorch f32 on the CPU only
                    with torch.no_grad():
                        reference = module.float()(x.float()).numpy()
            row = {
                "block": name,
                "size": args.size,
                "options": options,
                "shape": list(x.shape),
                "device": ours["device"],
                "coopmlir_ms": ours["ms"],
                "coopmlir_kernels": len(ours["kernels"]),
                "coopmlir_error": scaled_error(ours["output"], reference),
                "compile_s": ours["compile_s"],
                "per_kernel": ours["kernels"],
            }
            if eager:
                row |= {
                    "pytorch_ms": eager["ms"],
                    "pytorch_kernels": eager["kernels"],
                    "pytorch_kernel_ms": eager["kernel_ms"],
                    "pytorch_error": scaled_error(eager["output"], reference),
                    "ratio": eager["ms"] / ours["ms"],
                }
            rows.append(row)
            print(report(row), flush=True)
    return rows


def report(row: dict) -> str:
    lines = [
        f"## {row['block']} {tuple(row['shape'])} {dtype_of(row['block'])} "
        f"on {row['device']}" + (f" [{row['options']}]" if row.get("options") else ""),
        f"coopmlir: {row['coopmlir_kernels']} kernels, {row['coopmlir_ms']:.3f} ms "
        f"(sum of kernel medians), scaled error vs PyTorch f32 "
        f"{row['coopmlir_error']:.2e}, compile {row['compile_s']:.1f} s",
    ]
    if "pytorch_ms" in row:
        lines.append(
            f"PyTorch eager: {row['pytorch_kernels']} kernels, "
            f"{row['pytorch_ms']:.3f} ms (CUDA events; kernels "
            f"{row['pytorch_kernel_ms']:.3f} ms), scaled error "
            f"{row['pytorch_error']:.2e}; ratio PyTorch/coopmlir "
            f"{row['ratio']:.2f}"
        )
    lines.append("| kernel | grid | ms | share |")
    lines.append("| --- | --- | --- | --- |")
    total = row["coopmlir_ms"]
    for kernel, grid, ms in sorted(row["per_kernel"], key=lambda k: -k[2]):
        lines.append(f"| {kernel} | {tuple(grid)} | {ms:.3f} | {ms / total:.0%} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "step",
        choices=["export", "run", "compile"],
        help="compile: parse and compile each block for h100-vulkan, no "
        "device, and print the seconds of each",
    )
    parser.add_argument("--size", choices=sorted(SIZES), default="full")
    parser.add_argument(
        "--blocks", nargs="+", choices=list(SIZES["full"]), default=DEFAULT_BLOCKS
    )
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument(
        "--timing",
        choices=["program", "launch"],
        default="launch",
        help="time each launch in place, repeat runs of --batch dispatches "
        "after 2 warm-ups (launch), or run the whole program 1+repeat times, "
        "each launch once per run (program: the GPU's clocks stay low)",
    )
    parser.add_argument(
        "--batch",
        type=int,
        help="--timing launch: dispatches per timed run, back to back "
        "(default: coopmlir.runtime.timing.BATCH)",
    )
    parser.add_argument(
        "--warm-seconds",
        type=float,
        help="--timing launch: seconds of untimed runs of each launch before "
        "its timed ones "
        "(default: coopmlir.runtime.timing.WARM_SECONDS)",
    )
    parser.add_argument(
        "--options",
        action="append",
        help="lower-to-coopmat options for every kernel of the block, e.g. "
        "'split-k=2'; repeat for one row each (default: the planner's "
        "choices)",
    )
    parser.add_argument("--out", help="folder for the JSON results")
    args = parser.parse_args()
    given = {"batch": args.batch, "warm_seconds": args.warm_seconds}
    TIMING.update({k: v for k, v in given.items() if v is not None})
    if args.step == "export":
        export_blocks(args.size, args.blocks)
    elif args.step == "compile":
        compile_blocks(args.size, args.blocks)
    else:
        run_blocks(args)


def compile_blocks(size: str, names: list[str]) -> None:
    """Each block's export parsed and compiled for h100-vulkan (no device),
    with the wall seconds of each step (bench/RESULTS-parse.md)."""
    from coopmlir.dialects.registry import parse_module
    from coopmlir.runtime.launch import compile_for_device
    from coopmlir.targets import get_target

    for name in names:
        path = block_path(name, size)
        started = time.perf_counter()
        program = parse_module(path.read_text(), str(path))
        parsed = time.perf_counter()
        _, kernels = compile_for_device(program, get_target("h100-vulkan"))
        done = time.perf_counter()
        print(
            f"{name} ({size}): parse {parsed - started:.2f} s, compile "
            f"{done - parsed:.2f} s, total {done - started:.2f} s, "
            f"{len(kernels)} kernels",
            flush=True,
        )


if __name__ == "__main__":
    main()
