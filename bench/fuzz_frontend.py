"""The frontend fuzzer of test/python/pipeline/test_frontend_fuzz.py, many times.

    python bench/fuzz_frontend.py --long 200 [--seed 1] [--lavapipe] [--time-limit S]
        [--dtype f32 --dtype f16 ...]

Draws `--long N` random PyTorch modules (test/python/support/frontend_fuzz.py:
Linear, Conv2d, batch norm, SDPA and attention by hand, LayerNorm/RMSNorm,
activations, residuals, transposes and reshapes; sizes from 1, ragged ones
included; f32, f16, bf16), exports each with torch-mlir, lowers it with
coopmlir and compares every result with PyTorch's own output, on the
interpreter (and with `--lavapipe` on lavapipe too). Prints the counts by
outcome (ok, refused with its reason, not exported, export differs from
PyTorch, crash, mismatch); then, for each kind of failure, the module
hypothesis shrank it to. `--time-limit S` stops drawing after S seconds and
reports what ran. Exit code 1 when a module crashed or mismatched.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "test" / "python"))

from hypothesis import HealthCheck, find, given, seed, settings  # noqa: E402
from support.frontend_fuzz import DTYPES, FrontendFailure, check_spec, specs  # noqa: E402

SETTINGS = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))


def outcome(spec, device: str) -> tuple[str, str]:
    """(kind, detail): kind "ok", "refused", "not exported", "export
    differs from PyTorch", "crash" or "mismatch"."""
    try:
        result = check_spec(spec, device=device)
    except FrontendFailure as failure:
        return failure.kind, str(failure)
    return result.split(":")[0], result


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--long", type=int, default=200, help="modules to draw")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--lavapipe", action="store_true", help="also run each module on lavapipe"
    )
    p.add_argument(
        "--time-limit", type=float, default=None, help="stop drawing after S seconds"
    )
    p.add_argument(
        "--dtype", action="append", choices=DTYPES, help="element types (default: all)"
    )
    p.add_argument(
        "--shrink", type=int, default=200, help="examples to search when shrinking"
    )
    args = p.parse_args(argv)
    dtypes = tuple(args.dtype or DTYPES)
    devices = ["interpreter"] + (["vulkan"] if args.lavapipe else [])
    deadline = time.time() + args.time_limit if args.time_limit else float("inf")
    counts: collections.Counter = collections.Counter()
    first: dict[str, str] = {}

    @seed(args.seed)
    @settings(max_examples=args.long, **SETTINGS)
    @given(specs(dtypes=dtypes))
    def search(spec):
        if time.time() > deadline:
            counts["not run (time limit)"] += 1
            return
        counts["modules"] += 1
        for device in devices:
            kind, detail = outcome(spec, device)
            counts[f"{device}: {kind}"] += 1
            if kind == "refused":
                counts[f"  {detail}"] += 1
            if kind in ("crash", "mismatch"):
                first.setdefault(f"{device}: {kind}", detail)
        if counts["modules"] % 20 == 0:
            print(f"{counts['modules']} modules", file=sys.stderr, flush=True)

    start = time.time()
    search()
    print(
        f"# seed {args.seed}, {time.time() - start:.0f} s, devices {', '.join(devices)}"
    )
    for key, count in sorted(counts.items()):
        print(f"{count:6d}  {key}")
    for name, detail in first.items():
        device, kind = name.split(": ")
        print(f"\n## {name}, first seen:\n{detail}")
        try:
            spec = find(
                specs(dtypes=dtypes),
                lambda s, d=device, k=kind: outcome(s, d)[0] == k,
                settings=settings(max_examples=args.shrink, **SETTINGS),
            )
            print(f"shrunk to: {spec}")
        except Exception as err:  # hypothesis.errors.NoSuchExample
            print(f"(not found again in {args.shrink} examples: {type(err).__name__})")
    return 1 if first else 0


if __name__ == "__main__":
    sys.exit(main())
