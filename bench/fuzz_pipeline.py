"""The pipeline property of test/python/pipeline/test_pipeline_fuzz.py, many times.

    python bench/fuzz_pipeline.py --long 2000 --workers 2 [--seed 1] [--lavapipe]
        [--device-target NAME] [--family matmul --family matrix-ops ...]
        [--time-limit S]

Runs `--long N` random cases drawn from the case families of
test/python/support/fuzz_families.py (matmul, matmul-printed, matrix-ops,
epilogue, conv, dynamic, attention, features-printed, spec-constants,
quant, decode, gqa, grouped; default: all of them; the same strategies and
checks as the test, with the SIMT route and its SPIR-V for every target) split over `--workers` processes, each a hypothesis search with
its own seed that records every case instead of stopping at the first
failure. Without hypothesis (a bare device machine; or with
COOPMLIR_FUZZ_DRAWS=random) each worker draws its cases from a
random.Random of its seed instead (support/random_draws.py: uniform, not
shrunk, no minimized examples). Prints the counts: cases tried, levels compared, modules validated,
crashes, invalid modules, mismatches, undocumented refusals, refusals by
reason; then, for each kind of failure seen, a hypothesis-minimized example.

`--device-target NAME` (e.g. h100-vulkan) also runs, for every case whose
target is NAME, its compiled kernels on the first Vulkan device and compares
them with L0 as the interpreter levels are: the SIMT (L2) kernels, and the
L1 cooperative-matrix kernels (KHR SPIR-V; NV2 for scope=workgroup) where
the device lists their matrices. Each worker makes ONE device, with every
feature and extension it offers that a kernel may need, and reuses it for
all its cases (test/python/support/device_runs.py: NVIDIA's driver refuses new
Vulkan instances after a few dozen per process). A kernel that needs what
the device lacks is counted as "device skipped", by reason. `--lavapipe` is
`--device-target lavapipe` (matmul cases there only up to M*N*K = 64^3: a
CPU). `--time-limit S` stops drawing cases S seconds after the start and
reports the cases done so far (a run cut off from outside prints nothing).
Exit code 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "test" / "python"))

import support.random_draws as random_draws  # noqa: E402

#: hypothesis draws (and shrinks) the cases where it is installed; on a bare
#: device machine, or with COOPMLIR_FUZZ_DRAWS=random, plain random draws.
try:
    if os.environ.get("COOPMLIR_FUZZ_DRAWS") == "random":
        raise ImportError
    from hypothesis import HealthCheck, find, given, seed, settings

    DRAWS = "hypothesis"
except ImportError:
    random_draws.install()
    DRAWS = "random"

import support.fuzz_families as ff  # noqa: E402
import support.pipeline_cases as pc  # noqa: E402
from support.device_runs import SharedDevice  # noqa: E402

from coopmlir.targets import TARGETS  # noqa: E402

SETTINGS = (
    dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))
    if DRAWS == "hypothesis"
    else {}
)
SMALL = 64**3
#: Draws per seeded search of a worker (the deadline is checked between).
ROUND = 100


def device_for(case, device):
    """The worker's device for `case`, or None (lavapipe: small matmuls only);
    the checks run only the kernels of cases compiled for its target."""
    if device is None:
        return None
    if (
        isinstance(case, pc.Case)
        and device.target == "lavapipe"
        and case.m * case.n * case.k * (case.batch or 1) > SMALL
    ):
        return None
    return device


def run_one(case, device=None) -> tuple[str, pc.Outcome | None, str]:
    """(kind, outcome, detail): kind is "ok" or a CaseFailure kind."""
    check = ff.family_of(case).check
    try:
        return "ok", check(case, device=device_for(case, device)), ""
    except pc.CaseFailure as failure:
        return failure.kind, None, str(failure)


def worker(args: tuple[int, int, str | None, tuple[str, ...], float]) -> dict:
    examples, worker_seed, device_target, families, deadline = args
    counts: collections.Counter = collections.Counter()
    failures: dict[str, list[str]] = collections.defaultdict(list)
    # One device for all of this worker's cases, made on first use.
    device = SharedDevice(device_target) if device_target else None

    def record(case):
        if time.time() > deadline:  # the rest of the draws return at once
            counts["not run (time limit)"] += 1
            return
        kind, outcome, detail = run_one(case, device)
        counts["cases"] += 1
        counts[kind] += 1
        counts[f"family {ff.family_of(case).name}: {kind}"] += 1
        if counts["cases"] % 50 == 0:  # progress, per worker
            bad = counts["cases"] - counts["ok"]
            print(
                f"worker {worker_seed}: {counts['cases']} cases, {bad} failed",
                file=sys.stderr,
                flush=True,
            )
        if outcome is not None:
            counts.update(f"level {level}" for level in outcome.levels)
            counts["modules validated"] += outcome.modules
            counts["device runs"] += outcome.device_runs
            counts.update(f"refused: {r}" for r in outcome.refusals)
            counts.update(f"device skipped: {r}" for r in outcome.device_skips)
            if not outcome.levels:
                counts["cases refused by lower-to-coopmat"] += 1
        else:
            failures[kind].append(detail)

    try:
        if DRAWS == "hypothesis":
            # Rounds of at most ROUND draws, each its own seeded search, until
            # `examples` or the deadline: past it one search of `examples`
            # draws would still draw them all (each returning at once).
            done = 0
            while done < examples and time.time() <= deadline:
                size = min(ROUND, examples - done)
                search = seed(worker_seed + done)(
                    settings(max_examples=size, **SETTINGS)(
                        given(ff.any_case(families))(record)
                    )
                )
                search()
                done += size
        else:
            rng, strategy = random.Random(worker_seed), ff.any_case(families)
            for _ in range(examples):
                if time.time() > deadline:
                    break
                record(random_draws.example(strategy, rng))
    finally:
        if device is not None:
            device.close()
    return {"counts": counts, "failures": dict(failures)}


def minimize(kind: str, examples: int, families: tuple[str, ...]) -> str:
    """A hypothesis-shrunk case failing with `kind` (searching afresh)."""

    if DRAWS != "hypothesis":
        return "(not minimized: hypothesis is not installed)"

    def fails(case: pc.Case) -> bool:
        return run_one(case)[0] == kind

    try:
        case = find(
            ff.any_case(families),
            fails,
            settings=settings(max_examples=examples, **SETTINGS),
        )
    except Exception as err:  # hypothesis.errors.NoSuchExample
        return f"(not found again in {examples} examples: {type(err).__name__})"
    return run_one(case)[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", type=int, default=200, metavar="N")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lavapipe", action="store_true")
    parser.add_argument(
        "--device-target",
        choices=sorted(TARGETS),
        metavar="NAME",
        help="run the kernels of cases for target NAME on the first Vulkan device",
    )
    parser.add_argument("--minimize-examples", type=int, default=100)
    parser.add_argument(
        "--family", action="append", choices=sorted(ff.FAMILIES), default=[]
    )
    parser.add_argument("--time-limit", type=float, default=float("inf"), metavar="S")
    args = parser.parse_args()
    families = tuple(args.family or ff.FAMILIES)
    if args.lavapipe and args.device_target not in (None, "lavapipe"):
        parser.error("--lavapipe is --device-target lavapipe")
    device_target = "lavapipe" if args.lavapipe else args.device_target
    start = time.time()
    share = [args.long // args.workers] * args.workers
    share[0] += args.long - sum(share)
    deadline = start + args.time_limit
    jobs = [
        (n, args.seed * 1000 + i, device_target, families, deadline)
        for i, n in enumerate(share)
    ]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        results = pool.map(worker, jobs)
    counts: collections.Counter = collections.Counter()
    failures: dict[str, list[str]] = collections.defaultdict(list)
    for result in results:
        counts.update(result["counts"])
        for kind, details in result["failures"].items():
            failures[kind] += details
    elapsed = time.time() - start
    print(
        f"fuzz_pipeline --long {args.long} --workers {args.workers} "
        f"--seed {args.seed}"
        f"{f' --device-target {device_target}' if device_target else ''} "
        f"families {','.join(families)} ({DRAWS} draws): "
        f"{elapsed:.0f} s"
    )
    kinds = ["crash", "invalid module", "mismatch", "undocumented refusal"]
    for key in [
        "cases",
        "ok",
        *kinds,
        "cases refused by lower-to-coopmat",
        "level L1",
        "level L2",
        "modules validated",
        "device runs",
        "not run (time limit)",
    ]:
        print(f"  {key:40} {counts.get(key, 0)}")
    prefixes = ("family ", "refused: ", "device skipped: ")
    for key in sorted(k for k in counts if k.startswith(prefixes)):
        print(f"  {key:40} {counts[key]}")
    for kind, details in failures.items():
        print(f"\n== {kind}: {len(details)}; first:\n{details[0][:3000]}")
        print(
            f"-- minimized:\n{minimize(kind, args.minimize_examples, families)[:3000]}"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
