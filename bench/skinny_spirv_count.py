"""SPIR-V instruction counts of the skinny and decoded kernels' K loops (a
proxy for their per-weight ALU cost, with no GPU): bench/quant_gemm.py's
programs compiled for the H100 target, every module through spirv-val,
each kernel's innermost loop's instructions counted per weight byte.

    PATH=$PWD/.venv/bin:$PATH .venv/bin/python -P bench/skinny_spirv_count.py \
        --m 1,4,16 --kinds int8,int4 [--options skinny=true]

The loop counted is the one holding the kernel's first weight load: its
instructions from header to merge (once per step), and how many bytes of
the stored weight one work-item reads per step."""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from quant_gemm import program  # noqa: E402

from coopmlir.dialects.registry import parse_module  # noqa: E402
from coopmlir.runtime.launch import compile_for_device  # noqa: E402
from coopmlir.spirv.tools import disassemble, validate  # noqa: E402
from coopmlir.targets import get_target  # noqa: E402


def loops(text: str) -> list[list[str]]:
    """Each loop's instructions (header label to merge label), innermost
    loops included on their own and in their parents."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    labels = {x.split()[0]: i for i, x in enumerate(lines) if x.endswith("OpLabel")}
    found = []
    for i, x in enumerate(lines):
        if "OpLoopMerge" in x:
            merge = x.split()[1]
            start = max(j for j in labels.values() if j < i)
            found.append(lines[start : labels[merge]])
    return found


#: Instructions that move or relabel bits (no ALU work on a GPU) or shape
#: the control flow: left out of the `alu` count.
FREE = {
    "OpCompositeExtract",
    "OpCompositeConstruct",
    "OpCompositeInsert",
    "OpBitcast",
    "OpLabel",
    "OpBranch",
    "OpBranchConditional",
    "OpPhi",
    "OpLoopMerge",
    "OpSelectionMerge",
    "OpAccessChain",
    "OpLoad",
}


def opcode(line: str) -> str:
    match = re.search(r"\bOp\w+", line)
    return match.group(0) if match else "?"


def count(kind: str, m: int, n: int, k: int, options: str = "") -> list[dict]:
    module = parse_module(program(kind, m, n, k), "<quant>")
    _, kernels = compile_for_device(module, get_target("h100-vulkan"), options)
    rows = []
    for name, kernel in kernels.items():
        validate(kernel.spirv)
        text = disassemble(kernel.spirv)
        for body in loops(text):
            ops = Counter(opcode(x) for x in body)
            if ops["OpLoopMerge"] != 1:
                continue  # an outer loop: its inner loops count on their own
            alu = sum(c for o, c in ops.items() if o not in FREE)
            rows.append(
                {
                    "kernel": name,
                    "total": len(body),
                    "alu": alu,
                    "loads": ops["OpLoad"],
                    "ops": ops,
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--m", default="1,4,16")
    parser.add_argument("--kinds", default="f16,int8,int4")
    parser.add_argument("--shape", default="4096x4096")
    parser.add_argument(
        "--options", default="", help='lower-to-coopmat\'s, e.g. "skinny=true"'
    )
    args = parser.parse_args()
    n, k = map(int, args.shape.split("x"))
    for kind in args.kinds.split(","):
        for m in map(int, args.m.split(",")):
            for row in count(kind, m, n, k, args.options):
                top = ", ".join(f"{o[2:]} {c}" for o, c in row["ops"].most_common(8))
                print(
                    f"{kind:5} M={m:3} {row['kernel']}: {row['total']} instructions, "
                    f"{row['alu']} ALU, {row['loads']} loads ({top})"
                )


if __name__ == "__main__":
    main()
