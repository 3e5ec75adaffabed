"""Driver statistics of bench/quant_gemm.py's kernels (registers, local
memory, shared memory per work-item, as VK_KHR_pipeline_executable_properties
reports them; pipeline_stats.py's capture): which skinny or small-M plans
spill or cap the workgroups a compute unit holds. Each case's program is
compiled, run once on its inputs (every pipeline created), and each of its
pipelines' statistics printed. From the repo root on the GPU machine:

    bash bench/h100.sh python3 -P bench/quant_stats.py --kinds int4,int8 \\
        --m 1,16 --options "" --options skinny-rows=1

`--options` as in quant_gemm.py (repeatable: every case with each set).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
# ROOT last: its coopmlir/ folder is not the installed package (no dialects)
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "test" / "python"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shape", default="4096x4096")
    parser.add_argument("--m", default="1,16")
    parser.add_argument("--kinds", default="f16,int8,int4,f8")
    parser.add_argument("--options", action="append")
    args = parser.parse_args()
    import pipeline_stats

    pipeline_stats.capture_statistics()
    from gemm_vulkan import open_device
    from quant_gemm import program, weights

    from coopmlir.dialects.registry import parse_module
    from coopmlir.interpreter import find_function
    from coopmlir.runtime.launch import compile_for_device, run_host_function
    from coopmlir.tools.coopmlir_run import bufferized_arguments

    n, k = map(int, args.shape.split("x"))
    gpu, target = open_device()
    try:
        for kind in args.kinds.split(","):
            stored, _ = weights(kind, n, k, np.random.default_rng(0))
            for m in map(int, args.m.split(",")):
                x = np.random.default_rng(m).standard_normal((m, k)).astype(np.float16)
                for options in args.options or [""]:
                    program_ir = parse_module(program(kind, m, n, k), "<quant>")
                    kernel_level, kernels = compile_for_device(
                        program_ir, target, options
                    )
                    arrays, _ = bufferized_arguments(
                        program_ir, find_function(program_ir, "forward"), [x, *stored]
                    )
                    pipeline_stats.made.clear()
                    with gpu.scope() as opened:
                        run_host_function(
                            kernel_level, "forward", kernels, arrays, opened
                        )
                        label = f"{kind} M={m} {n}x{k} [{options}]"
                        for pipeline in pipeline_stats.made:
                            pipeline_stats.stats(opened.device, pipeline, label)
    finally:
        gpu.close()


if __name__ == "__main__":
    main()
