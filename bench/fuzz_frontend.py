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

In two steps, for a device machine without torch-mlir
(test/python/support/frontend_bundle.py):

    python bench/fuzz_frontend.py --export-bundle DIR --long N [--seed S]
    bash bench/h100.sh python3 -P bench/fuzz_frontend.py --replay DIR \
        --device-target h100-vulkan [--workers W] [--time-limit S]

`--export-bundle` draws N modules as above, exports each and saves the
export, its input and PyTorch's output (no coopmlir pass runs). `--replay`
(no torch, torch-mlir nor hypothesis needed) compiles each saved export,
runs it on the interpreter and, with `--device-target NAME`, on the first
Vulkan device compiled for target NAME, and prints the counts and each
failure with its module. `--spec JSON` checks one module (as a failure
prints it) here on the interpreter (and lavapipe with `--lavapipe`).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "test" / "python"))

from support.frontend_bundle import DTYPES  # noqa: E402

#: Draws per seeded search (the time limit is checked between searches).
ROUND = 100


def settings_kw() -> dict:
    from hypothesis import HealthCheck

    return dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))


def outcome(spec, device: str) -> tuple[str, str]:
    """(kind, detail): kind "ok", "refused", "not exported", "export
    differs from PyTorch", "crash" or "mismatch"."""
    from support.frontend_fuzz import FrontendFailure, check_spec

    try:
        result = check_spec(spec, device=device)
    except FrontendFailure as failure:
        return failure.kind, str(failure)
    return result.split(":")[0], result


def parse(argv):
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
    p.add_argument("--export-bundle", metavar="DIR", help="export, save, no pass")
    p.add_argument("--replay", metavar="DIR", help="check a saved bundle")
    p.add_argument(
        "--device-target", metavar="NAME", help="--replay: also on the device"
    )
    p.add_argument("--workers", type=int, default=1, help="--replay processes")
    p.add_argument("--spec", metavar="JSON", help="check one module (as printed)")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse(argv)
    if args.replay:
        return replay(args)
    if args.spec:
        return check_one(args)
    from hypothesis import find, given, seed, settings
    from support.frontend_fuzz import specs

    SETTINGS = settings_kw()
    dtypes = tuple(args.dtype or DTYPES)
    devices = ["interpreter"] + (["vulkan"] if args.lavapipe else [])
    deadline = time.time() + args.time_limit if args.time_limit else float("inf")
    counts: collections.Counter = collections.Counter()
    first: dict[str, str] = {}
    if args.export_bundle:
        return export(args, dtypes, deadline)

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
    # Rounds of at most ROUND draws, each its own seeded search, until
    # `--long` or the time limit: past the limit a single search of --long
    # draws would still draw them all (each returning at once), for minutes.
    done = 0
    while done < args.long and time.time() <= deadline:
        size = min(ROUND, args.long - done)
        run = seed(args.seed + done)(
            settings(max_examples=size, **SETTINGS)(given(specs(dtypes=dtypes))(search))
        )
        run()
        done += size
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


def export(args, dtypes, deadline: float) -> int:
    """--export-bundle: N modules drawn as the long run draws them, saved."""
    from hypothesis import given, seed, settings
    from support.frontend_bundle import export_module, write_manifest
    from support.frontend_fuzz import specs

    directory = Path(args.export_bundle)
    directory.mkdir(parents=True, exist_ok=True)
    entries: list[dict] = []

    @seed(args.seed)
    @settings(max_examples=args.long, **settings_kw())
    @given(specs(dtypes=dtypes))
    def draw(spec):
        if time.time() > deadline:
            return
        entries.append(export_module(spec, directory, f"m{len(entries):04d}"))
        if len(entries) % 20 == 0:
            print(f"{len(entries)} modules", file=sys.stderr, flush=True)

    start = time.time()
    draw()
    write_manifest(directory, args.seed, entries)
    counts = collections.Counter(e["export"] for e in entries)
    print(f"# seed {args.seed}, {time.time() - start:.0f} s, bundle {directory}")
    for key, count in sorted(counts.items()):
        print(f"{count:6d}  {key}")
    return 0


def _replay_slice(job) -> list:
    directory, entries, device_target, deadline = job
    from support.frontend_bundle import replay_modules

    return replay_modules(Path(directory), entries, device_target, deadline)


def replay(args) -> int:
    """--replay: every exported module of the bundle, on the interpreter and
    (--device-target) the device; counts, then each failure."""
    import json
    import multiprocessing

    from support.frontend_bundle import read_manifest

    directory = Path(args.replay)
    manifest = read_manifest(directory)
    entries = manifest["modules"]
    exported = [e for e in entries if e["export"] == "ok"]
    deadline = time.time() + args.time_limit if args.time_limit else float("inf")
    workers = max(1, min(args.workers, len(exported)))
    jobs = [
        (str(directory), exported[i::workers], args.device_target, deadline)
        for i in range(workers)
    ]
    start = time.time()
    if workers == 1:
        results = _replay_slice(jobs[0])
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = [r for part in pool.map(_replay_slice, jobs) for r in part]
    counts = collections.Counter(e["export"] for e in entries if e["export"] != "ok")
    counts["modules"] = len(entries)
    failures = []
    for name, where, kind, detail in results:
        if kind == "not run (time limit)":
            counts[kind] += 1
            continue
        counts[f"{where}: {kind}"] += 1
        if kind in ("refused", "device skipped"):
            counts[f"{where}: {kind}: {detail.splitlines()[0][:100]}"] += 1
        if kind in ("crash", "mismatch"):
            failures.append((name, where, kind, detail))
    ran = sum(1 for r in results if r[1] != "-")
    print(
        f"# replay of {directory} (seed {manifest['seed']}), {time.time() - start:.0f} s"
        f", {ran} runs, device target {args.device_target or '-'}"
        f", {workers} worker(s)"
    )
    for key, count in sorted(counts.items()):
        print(f"{count:6d}  {key}")
    by_name = {e["name"]: e for e in entries}
    for name, where, kind, detail in failures:
        entry = by_name[name]
        print(f"\n## {where}: {kind}: {name}: {entry['describe']}\n{detail}")
        print(f"--spec '{json.dumps(entry['spec'])}'")
    return 1 if failures else 0


def check_one(args) -> int:
    """--spec: one module, as a failure printed it, here."""
    import json

    from support.frontend_bundle import spec_from_json

    spec = spec_from_json(json.loads(args.spec))
    print(spec.describe())
    failed = False
    for device in ["interpreter"] + (["vulkan"] if args.lavapipe else []):
        kind, detail = outcome(spec, device)
        print(f"{device}: {kind}\n{detail}" if kind != "ok" else f"{device}: ok")
        failed |= kind in ("crash", "mismatch")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
