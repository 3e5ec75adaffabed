"""Decoding attention on the device against PyTorch's SDPA and the K/V
bandwidth roof (issue 29 part 6): 32 query heads, 8 K/V heads, head
dimension 128, one new query, batch 1/8/32, K/V length 1k/8k/32k, f16.

    bash bench/h100.sh python3 -P bench/decode_attention.py --out $OUT
    python bench/decode_attention.py --size small     # lavapipe, no CUDA

Each case is a `coopmlir.decode_attention` on memrefs (the cache full, its
length in a one-element i32 buffer), compiled for the first Vulkan device
(`vulkan` target; the default chunk count and lanes per key, or each point
of `--chunks` x `--lanes` x `--prefetch` x `--fused-combine` x `--unroll`) and run there: the arrays go to the device once,
timed at the GPU's working clocks (`coopmlir.runtime.timing`: the H200
idles at 345 MHz and clocks up only under sustained work): `--repeat` timed
runs of `--dispatches` back-to-back dispatches after untimed ones (1: one
dispatch at a time, the timing before 2026-11-29, at idle clocks), the medians of the partial kernel and the
combine summed. K/V smaller than the L2 (50 MB: B1 at 1k and 8k) is read
from L2 by the dispatches after the first, in both coopmlir's and SDPA's
timing. `--compile-only` compiles each
case for h100-vulkan and prints the time (no device). PyTorch runs
`scaled_dot_product_attention(q, k, v, enable_gqa=True)` in f16 on CUDA,
timed with CUDA events. The roof is the time to read K and V once at the
copy bandwidth measured in the same run (`torch` device-to-device copy of
1 GiB: 2 x bytes / time). Every output (coopmlir's and PyTorch's) is
checked against SDPA in f32 on the same inputs (scaled error:
max|got - want| / max(1, max|want|), failing above `--tolerance`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "test" / "python"))
sys.path.insert(0, str(ROOT / "bench"))
from torch_cuda import copy_bandwidth, cuda_batched_ms  # noqa: E402

from coopmlir.runtime.timing import BATCH  # noqa: E402

#: (query heads, K/V heads, head dimension, batches, K/V lengths) per size.
SIZES = {
    "full": (32, 8, 128, (1, 8, 32), (1024, 8192, 32768)),
    "small": (8, 2, 64, (1, 2), (1024, 3000)),
}


def program(batch: int, hq: int, hkv: int, d: int, length: int) -> str:
    """`@step(q, k, v, n, o)`: f16 Q, K, V, O, the length buffer."""
    q = f"memref<{batch}x{hq}x1x{d}xf16>"
    kv = f"memref<{batch}x{hkv}x{length}x{d}xf16>"
    scale = 1.0 / np.sqrt(d)
    return (
        f"func.func @step(%q: {q}, %k: {kv}, %v: {kv}, %n: memref<1xi32>, "
        f"%o: {q}) {{\n"
        f"  coopmlir.decode_attention {{scale = {scale} : f32}} ins(%q, %k, %v : "
        f"{q}, {kv}, {kv}) length(%n : memref<1xi32>) outs(%o : {q})\n"
        "  func.return\n}\n"
    )


def inputs(batch: int, hq: int, hkv: int, d: int, length: int) -> list[np.ndarray]:
    rng = np.random.default_rng(length + batch)
    # f32 draws: half the time and memory of f64 ones at 32 x 32k keys.
    q = rng.standard_normal((batch, hq, 1, d), np.float32).astype(np.float16)
    k, v = (
        rng.standard_normal((batch, hkv, length, d), np.float32).astype(np.float16)
        for _ in range(2)
    )
    n = np.array([length], np.int32)
    return [q, k, v, n, np.zeros_like(q)]


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def run_coopmlir(
    text: str,
    arrays: list[np.ndarray],
    repeat: int,
    target,
    options,
    dispatches: int = BATCH,
):
    """Output, summed launch medians (ms), per-launch medians, compile s,
    the device's name. The arrays go to the device once; each launch is
    timed there at the GPU's working clocks (`timed_host_function`)."""
    from coopmlir.dialects.registry import parse_module
    from coopmlir.runtime.launch import compile_for_device, device_needs
    from coopmlir.runtime.timing import timed_host_function
    from coopmlir.runtime.vulkan import VulkanDevice

    started = time.perf_counter()
    kernel_level, kernels = compile_for_device(parse_module(text), target, options)
    compile_s = time.perf_counter() - started
    features, extensions = device_needs(kernels)
    with VulkanDevice(None, needs=features, extensions=extensions) as gpu:
        timings = timed_host_function(
            kernel_level, "step", kernels, arrays, gpu, repeat=repeat, batch=dispatches
        )
        device = gpu.report.lines()[0]
    per_kernel = [
        (t.kernel, list(t.grid), _median(list(t.seconds)) * 1e3) for t in timings
    ]
    total = sum(ms for *_, ms in per_kernel)
    return arrays[-1], total, per_kernel, compile_s, device


def reference(arrays: list[np.ndarray], cuda: bool) -> np.ndarray:
    """SDPA in f32 (enable_gqa) on the same inputs, one batch element at a
    time (f32 K/V repeated over the query heads of 32 x 32k keys would
    take 64 GiB at once)."""
    import torch

    device = "cuda" if cuda else "cpu"
    sdpa = torch.nn.functional.scaled_dot_product_attention
    out = []
    for b in range(arrays[0].shape[0]):
        q, k, v = (
            torch.from_numpy(a[b : b + 1]).float().to(device) for a in arrays[:3]
        )
        out.append(sdpa(q, k, v, enable_gqa=True).cpu().numpy())
        del q, k, v
    if cuda:
        torch.cuda.empty_cache()  # the device memory back for Vulkan
    return np.concatenate(out)


def run_pytorch(arrays: list[np.ndarray], repeat: int) -> tuple[np.ndarray, float]:
    """SDPA in f16 (enable_gqa) on CUDA: output and median ms."""
    import torch

    q, k, v = (torch.from_numpy(a).cuda() for a in arrays[:3])
    sdpa = torch.nn.functional.scaled_dot_product_attention
    with torch.no_grad():
        call = lambda: sdpa(q, k, v, enable_gqa=True)  # noqa: E731
        out, ms = call(), cuda_batched_ms(call, repeat)
    return out.float().cpu().numpy(), ms


def scaled_error(got, want) -> float:
    want = want.astype(np.float64)
    return float(np.abs(got - want).max() / max(1.0, np.abs(want).max()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=sorted(SIZES), default="full")
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--tolerance", type=float, default=2e-3)
    parser.add_argument("--out", help="folder for the JSON results")
    parser.add_argument(
        "--chunks",
        type=int,
        nargs="*",
        default=[0],
        help="decode-chunks values to run each case with (0: the default)",
    )
    parser.add_argument(
        "--lanes",
        type=int,
        nargs="*",
        default=[0],
        help="decode-lanes values (lanes per key; 0: the default)",
    )
    parser.add_argument(
        "--prefetch",
        type=int,
        nargs="*",
        choices=[0, 1],
        default=[1],
        help="decode-prefetch values (1: the default, on)",
    )
    parser.add_argument(
        "--fused-combine",
        type=int,
        nargs="*",
        choices=[0, 1],
        default=[0],
        help="decode-fused-combine values (0: the default, a combine kernel; "
        "1: the partial kernel's last workgroups combine)",
    )
    parser.add_argument(
        "--unroll",
        type=int,
        nargs="*",
        default=[0],
        help="decode-unroll values (keys per team step; 0: the default)",
    )
    parser.add_argument(
        "--dispatches",
        type=int,
        default=BATCH,
        help="back-to-back dispatches per timed run (1: one at a time, at idle clocks)",
    )
    parser.add_argument("--batch", type=int, nargs="*", help="only these batches")
    parser.add_argument("--length", type=int, nargs="*", help="only these lengths")
    parser.add_argument(
        "--compile-only",
        action="store_true",
        help="compile each case for h100-vulkan and print the time, run nothing",
    )
    args = parser.parse_args()

    import torch

    from coopmlir.runtime.device_target import query_for_passes
    from coopmlir.targets import get_target

    cuda = torch.cuda.is_available()
    hq, hkv, d, batches, lengths = SIZES[args.size]
    batches, lengths = args.batch or batches, args.length or lengths
    if args.compile_only:
        points = list(
            itertools.product(
                args.chunks,
                args.lanes,
                args.prefetch,
                args.fused_combine,
                args.unroll,
            )
        )
        return compile_times(hq, hkv, d, batches, lengths, points)
    bandwidth = copy_bandwidth(args.repeat) if cuda else None
    if bandwidth:
        print(f"copy bandwidth {bandwidth / 1e9:.0f} GB/s (torch, device to device)")
    target = get_target("vulkan", query_for_passes)
    rows, failed = [], []
    print(
        "| B | L | chunks | coopmlir ms (partial + combine) | SDPA ms | roof ms | "
        "of roof | SDPA/coopmlir | error |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for batch in batches:
        for length in lengths:
            arrays = inputs(batch, hq, hkv, d, length)
            text = program(batch, hq, hkv, d, length)
            want = reference(arrays, cuda)
            eager = None
            for point in itertools.product(
                args.chunks,
                args.lanes,
                args.prefetch,
                args.fused_combine,
                args.unroll,
            ):
                options = _options(*point)
                try:
                    out, ms, per_kernel, compile_s, device = run_coopmlir(
                        text,
                        [np.copy(a) for a in arrays],
                        args.repeat,
                        target,
                        options,
                        args.dispatches,
                    )
                except Exception as err:  # noqa: BLE001 -- one case's failure
                    print(f"| {batch} | {length} | {options} | failed: {err} |")
                    failed.append((batch, length, options))
                    continue
                row = {
                    "batch": batch,
                    "length": length,
                    "chunks": per_kernel[0][1][0],
                    "options": options,
                    "dispatches": args.dispatches,
                    "device": device,
                    "coopmlir_ms": ms,
                    "per_kernel": per_kernel,
                    "compile_s": compile_s,
                    "coopmlir_error": scaled_error(out, want),
                    "kv_bytes": 2 * arrays[1].nbytes,
                }
                errors = [row["coopmlir_error"]]
                if cuda:
                    if eager is None:
                        eager, eager_ms = run_pytorch(arrays, args.repeat)
                        torch.cuda.empty_cache()  # the memory back for Vulkan
                    roof_ms = row["kv_bytes"] / bandwidth * 1e3
                    row |= {
                        "sdpa_ms": eager_ms,
                        "sdpa_error": scaled_error(eager, want),
                        "roof_ms": roof_ms,
                        "of_roof": roof_ms / ms,
                    }
                    errors.append(row["sdpa_error"])
                rows.append(row)
                if max(errors) > args.tolerance:
                    failed.append((batch, length, options))
                print(_line(row), flush=True)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        (Path(args.out) / f"decode_attention-{args.size}.json").write_text(
            json.dumps({"copy_bandwidth": bandwidth, "rows": rows}, indent=1)
        )
    if failed:
        sys.exit(f"failed or over tolerance: {failed}")


def _options(
    chunks: int, lanes: int, prefetch: int = 1, fused: int = 0, unroll: int = 0
) -> str:
    """lower-to-coopmat options of a sweep point (0: the default)."""
    options = [
        f"decode-chunks={chunks}" * bool(chunks),
        f"decode-lanes={lanes}" * bool(lanes),
        "decode-prefetch=false" * (not prefetch),
        "decode-fused-combine=true" * bool(fused),
        f"decode-unroll={unroll}" * bool(unroll),
    ]
    return " ".join(o for o in options if o)


def compile_times(hq, hkv, d, batches, lengths, points) -> None:
    """Each case compiled for h100-vulkan (no device): seconds and grids."""
    from coopmlir.dialects.registry import parse_module
    from coopmlir.runtime.launch import compile_for_device
    from coopmlir.targets import get_target

    target = get_target("h100-vulkan")
    for batch in batches:
        for length in lengths:
            for point in points:
                options = _options(*point)
                started = time.perf_counter()
                module = parse_module(program(batch, hq, hkv, d, length))
                compile_for_device(module, target, options)
                seconds = time.perf_counter() - started
                print(f"B={batch} L={length} {options or 'default'}: {seconds:.1f} s")


def _line(row: dict) -> str:
    sdpa = f"{row['sdpa_ms']:.3f}" if "sdpa_ms" in row else "-"
    roof = f"{row['roof_ms']:.3f}" if "roof_ms" in row else "-"
    of_roof = f"{row['of_roof']:.2f}" if "of_roof" in row else "-"
    ratio = f"{row['sdpa_ms'] / row['coopmlir_ms']:.2f}" if "sdpa_ms" in row else "-"
    error = f"{row['coopmlir_error']:.1e}"
    split = " + ".join(f"{ms:.3f}" for *_, ms in row["per_kernel"])
    if "sdpa_error" in row:
        error += f" (SDPA {row['sdpa_error']:.1e})"
    return (
        f"| {row['batch']} | {row['length']} | {row['chunks']} {row['options']} | "
        f"{row['coopmlir_ms']:.3f} ({split}) | {sdpa} | "
        f"{roof} | {of_roof} | {ratio} | {error} |"
    )


if __name__ == "__main__":
    main()
