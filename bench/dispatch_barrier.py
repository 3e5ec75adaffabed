"""What the barrier between two dispatches costs, and which one to use:
short kernels (the launch floor, skinny and quantized products at M = 1
and 16, decoding attention at batch 1) timed as every benchmark times them
(`timed_host_function`: batches of back-to-back dispatches of one launch),
once per setting of `VulkanDevice.between_dispatches` ("all": all commands,
all memory; "compute": compute-shader writes before compute-shader reads
and writes; "none": no barrier, the dispatches may overlap, so only a
bound) and `VulkanDevice.queue_family` ("first", "compute-only").

    bash bench/h100.sh python3 -P bench/dispatch_barrier.py --out $OUT

Every output is checked (quantized products against the exact
dequantization, decoding against SDPA in f32); a wrong one is printed as
such, not timed. Without CUDA (lavapipe) it runs small shapes and skips
the decoding case's torch reference: `--small`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import decode_attention  # noqa: E402
import quant_gemm  # noqa: E402

from coopmlir.runtime.vulkan import VulkanDevice  # noqa: E402

#: (kind, M, N, K) of the products timed under each setting.
PRODUCTS = [
    ("f16", 1, 256, 256),  # the launch floor
    ("f16", 1, 4096, 4096),
    ("int4", 1, 4096, 4096),
    ("int4", 1, 11008, 4096),
    ("int8", 16, 4096, 4096),
    ("f16", 16, 11008, 4096),
]
SMALL_PRODUCTS = [("f16", 1, 256, 256), ("int8", 16, 256, 256)]
#: (batch, length) of the decoding cases (32 / 8 heads, D 128).
DECODES = [(1, 8192), (1, 32768), (8, 8192)]
SETTINGS = [
    ("first", "all"),
    ("first", "compute"),
    ("compute-only", "compute"),
    ("first", "none"),
]


def product_ms(kind, m, n, k, repeat, gpu) -> tuple[float | None, list]:
    rng = np.random.default_rng(n + k)
    stored, deq = quant_gemm.weights(kind, n, k, rng)
    x = np.random.default_rng(m).standard_normal((m, k)).astype(np.float16)
    want = x.astype(np.float32) @ deq.astype(np.float32).T
    ran = quant_gemm.run_coopmlir(
        quant_gemm.program(kind, m, n, k), [x, *stored], repeat, gpu
    )
    error = np.abs(ran["output"] - want).max() / max(1.0, np.abs(want).max())
    return (ran["ms"] if error < 1e-2 else None), ran["kernels"]


def decode_ms(batch, length, repeat, target, cuda) -> tuple[float | None, list]:
    arrays = decode_attention.inputs(batch, 32, 8, 128, length)
    want = decode_attention.reference(arrays, cuda)
    text = decode_attention.program(batch, 32, 8, 128, length)
    out, ms, per_kernel, *_ = decode_attention.run_coopmlir(
        text, [np.copy(a) for a in arrays], repeat, target, ""
    )
    ok = decode_attention.scaled_error(out, want) < 2e-3
    return (ms if ok else None), per_kernel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--small", action="store_true", help="lavapipe sizes")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    import torch
    from gemm_vulkan import open_device

    from coopmlir.runtime.device_target import query_for_passes
    from coopmlir.targets import get_target

    cuda = torch.cuda.is_available()
    products = SMALL_PRODUCTS if args.small else PRODUCTS
    decodes = [] if args.small else DECODES
    target = get_target("vulkan", query_for_passes)
    rows = []

    def record(setting: str, case: str, timed: tuple) -> None:
        rows.append(dict(setting=setting, case=case, ms=timed[0], kernels=timed[1]))
        print(_line(rows[-1]), flush=True)

    for family, barrier in SETTINGS:
        VulkanDevice.queue_family, VulkanDevice.between_dispatches = family, barrier
        setting = f"queue {family}, barrier {barrier}"
        gpu, _ = open_device()
        try:
            print(f"## {setting}: queue family {gpu.family}", flush=True)
            for kind, m, n, k in products:
                timed = product_ms(kind, m, n, k, args.repeat, gpu)
                record(setting, f"{kind} M={m} {n}x{k}", timed)
        finally:
            gpu.close()
        for batch, length in decodes:
            timed = decode_ms(batch, length, args.repeat, target, cuda)
            record(setting, f"decode B{batch} L{length}", timed)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "dispatch_barrier.json").write_text(json.dumps(rows, indent=1))


def _line(row: dict) -> str:
    ms = "WRONG OUTPUT" if row["ms"] is None else f"{row['ms']:.4f} ms"
    return f"{row['case']:24} {ms}  {row['kernels']}"


if __name__ == "__main__":
    main()
