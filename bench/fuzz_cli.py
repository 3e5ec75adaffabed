"""Mutation fuzzer of the command-line tools (issue 18, item 4).

    python bench/fuzz_cli.py --cases 1000 --seed 1 [--workers 2] [--timeout 20]

Takes the inputs of the lit suites and the bad-input corpus (test/**/*.mlir,
each `// -----` chunk on its own) and examples/*.mlir, applies one to three
random mutations (an element type, a shape dimension, a literal, two SSA
uses swapped, a line deleted or duplicated) and runs one coopmlir-opt
pipeline or coopmlir-run on the result, in process (the tools' `main`).

Outcomes: `ok` (exit 0), `refused` (exit 1 with a message), `timeout`
(longer than --timeout seconds: counted, not a failure; big mutated shapes
on the interpreter), and failures: an exit code other than 0 or 1,
"internal error" or "Traceback" in the output, exit 1 with nothing on
stderr, or an output file (`-o`) left by a failed run. Refusals without a
`file:line:col` are counted apart. Each distinct failure (kind and last
line of stderr) is printed with its command and its input minimized by
deleting lines while it still fails the same way. Exit code 1 when
anything failed.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import multiprocessing
import os
import random
import re
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[1]
TYPES = ["f16", "f32", "bf16", "i8", "i32", "i16", "f64", "i1", "index"]
DIMS = ["0", "1", "2", "3", "7", "16", "17", "33", "64", "?", "2147483648"]
LITERALS = ["0", "1", "-1", "3", "0.0", "-0.5", "1.0e+30", "65536", "2147483647"]
OPT_PIPELINES = [
    [],
    ["--mlir-print-op-generic"],
    ["--lower-to-coopmat"],
    ["--lower-to-coopmat=target=lavapipe", "--coopmat-to-simt"],
    ["--lower-to-coopmat=target=h100-vulkan stages=2"],
    ["--lower-to-spirv", "-t", "spirv-asm"],
    ["--lower-to-spirv=target=lavapipe", "-t", "spirv-asm"],
    ["--coopmat-to-simt"],
    ["--convert-to-spirv"],
    ["--convert-to-spirv=coopmat=nv"],
    ["--coopmat-to-simt", "--convert-to-spirv", "-t", "spirv-asm"],
    ["--bufferize-matmul"],
    ["--specialize-contractions", "--lower-to-coopmat"],
    ["--canonicalize", "--cse"],
]
FUNCTION = re.compile(r"(?:func\.func|gpu\.func)\s+(?:\w+\s+)?@([\w$.]+)")
SSA_USE = re.compile(r"(?<=[(, ])%[\w$.#]+")
SHAPE_DIM = re.compile(r"(?<=[<x])(\d+|\?)(?=x)")
LITERAL = re.compile(r"(?<=[\s(\[,])-?\d+(\.\d+)?(e[+-]?\d+)?(?=[\s)\],:])")
TYPE = re.compile(r"\b(f16|f32|f64|bf16|i1|i8|i16|i32|i64|index)\b")


class Timeout(KeyboardInterrupt):
    """Raised by the alarm: a KeyboardInterrupt so that no tool catches it."""


def inputs() -> list[tuple[str, str]]:
    """(name, text) of every chunk of every .mlir input."""
    found = []
    for path in sorted([*ROOT.glob("test/**/*.mlir"), *ROOT.glob("examples/*.mlir")]):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for i, chunk in enumerate(re.split(r"(?m)^// -----\s*$", text)):
            if "expected-error" in chunk:
                continue  # already invalid: mutations only move the error
            if FUNCTION.search(chunk) or "linalg." in chunk or "spirv." in chunk:
                found.append((f"{path.relative_to(ROOT)}#{i}", chunk))
    return found


def _replace_one(rng, text: str, pattern: re.Pattern, choices: list[str]) -> str:
    spots = list(pattern.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[: m.start()] + rng.choice(choices) + text[m.end() :]


def _swap_uses(rng, text: str) -> str:
    spots = list(SSA_USE.finditer(text))
    if len(spots) < 2:
        return text
    a, b = sorted(rng.sample(spots, 2), key=lambda m: m.start())
    return (
        text[: a.start()]
        + b.group()
        + text[a.end() : b.start()]
        + a.group()
        + text[b.end() :]
    )


def _lines(rng, text: str, duplicate: bool) -> str:
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    i = rng.randrange(len(lines))
    lines[i : i + 1] = [lines[i]] * (2 if duplicate else 0)
    return "".join(lines)


MUTATIONS = {
    "type": lambda rng, t: _replace_one(rng, t, TYPE, TYPES),
    "shape": lambda rng, t: _replace_one(rng, t, SHAPE_DIM, DIMS),
    "literal": lambda rng, t: _replace_one(rng, t, LITERAL, LITERALS),
    "swap uses": _swap_uses,
    "delete line": lambda rng, t: _lines(rng, t, False),
    "duplicate line": lambda rng, t: _lines(rng, t, True),
}


def draw_case(rng, corpus) -> tuple[str, str, list[str], list[str]]:
    """(origin, mutated text, mutation names, tool argv without the file)."""
    origin, text = rng.choice(corpus)
    names = [rng.choice(list(MUTATIONS)) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    for name in names:
        text = MUTATIONS[name](rng, text)
    functions = FUNCTION.findall(text)
    if functions and rng.random() < 0.3:
        argv = ["coopmlir-run", "--entry", rng.choice(functions)]
        if rng.random() < 0.15:
            argv += ["--device", "vulkan", "--check"]
    else:
        argv = ["coopmlir-opt", *rng.choice(OPT_PIPELINES)]
    return origin, text, names, argv


def run_tool(argv: list[str], text: str, timeout: float) -> tuple[str, str]:
    """(kind, stderr) of one run in this process; kind is ok, refused,
    unlocated, timeout or a failure kind."""
    from coopmlir.tools import coopmlir_opt, coopmlir_run

    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "case.mlir")
        Path(source).write_text(text)
        output = os.path.join(folder, "out")
        tool, *flags = argv
        if tool == "coopmlir-opt":
            main, args = coopmlir_opt.main, [source, *flags, "-o", output]
        else:
            main, args = coopmlir_run.main, [source, *flags]
        out, err = io.StringIO(), io.StringIO()

        def expire(*_):
            raise Timeout

        signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(args)
        except Timeout:
            return "timeout", ""
        except BaseException as escaped:  # noqa: BLE001 - what the tool let out
            return "escaped exception", f"{type(escaped).__name__}: {escaped}"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        stderr = err.getvalue()
        if code == 130:  # coopmlir-opt reports the alarm's interrupt as 130
            return "timeout", ""
        if "Traceback" in stderr + out.getvalue():
            return "traceback", stderr
        if "internal error" in stderr:
            return "internal error", stderr
        if code not in (0, 1):
            return f"exit {code}", stderr
        if code == 0:
            return "ok", stderr
        if os.path.exists(output):
            return "partial output", stderr
        if not stderr.strip():
            return "silent failure", stderr
        located = re.search(r"^\S+:\d+:\d+: error: ", stderr, re.M)
        return ("refused" if located else "unlocated"), stderr


FAILURES = ("escaped exception", "traceback", "internal error", "partial output")
FAILURES += ("silent failure",)


def is_failure(kind: str) -> bool:
    return kind in FAILURES or kind.startswith("exit ")


def signature(kind: str, stderr: str) -> str:
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    if "internal error" in stderr:
        last = next(x for x in lines if "internal error" in x)
    return f"{kind}: {re.sub(r'[0-9]+', 'N', last)[:160]}"


def minimize(argv, text: str, wanted: str, timeout: float) -> str:
    """Delete lines (then single lines again) while the run still fails with
    the signature `wanted`."""
    lines = text.splitlines(keepends=True)
    chunk = max(1, len(lines) // 4)
    while chunk >= 1:
        i = 0
        while i < len(lines):
            trial = lines[:i] + lines[i + chunk :]
            kind, err = run_tool(argv, "".join(trial), timeout)
            if is_failure(kind) and signature(kind, err) == wanted:
                lines = trial
            else:
                i += chunk
        chunk //= 2
    return "".join(lines)


def worker(job: tuple[int, int, float]) -> dict:
    count, worker_seed, timeout = job
    os.environ.setdefault("COOPMLIR_REQUIRE_VULKAN", "0")
    rng = random.Random(worker_seed)
    corpus = inputs()
    counts: collections.Counter = collections.Counter()
    unlocated: dict[str, str] = {}
    failures: dict[str, tuple] = {}
    for _ in range(count):
        origin, text, names, argv = draw_case(rng, corpus)
        kind, stderr = run_tool(argv, text, timeout)
        counts["cases"] += 1
        counts[kind] += 1
        counts[f"tool {argv[0]}: {kind}"] += 1
        if kind == "unlocated":
            unlocated.setdefault(
                signature(kind, stderr),
                f"{' '.join(argv)} on {origin} after {', '.join(names) or 'nothing'}",
            )
        if is_failure(kind):
            counts["failures"] += 1
            key = signature(kind, stderr)
            if key not in failures:
                failures[key] = (origin, names, argv, text, stderr)
    return {"counts": counts, "failures": failures, "unlocated": unlocated}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20)
    args = parser.parse_args()
    start = time.time()
    share = [args.cases // args.workers] * args.workers
    share[0] += args.cases - sum(share)
    jobs = [(n, args.seed * 1000 + i, args.timeout) for i, n in enumerate(share)]
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        results = pool.map(worker, jobs)
    counts: collections.Counter = collections.Counter()
    failures: dict[str, tuple] = {}
    unlocated: dict[str, str] = {}
    for result in results:
        counts.update(result["counts"])
        for key, value in result["failures"].items():
            failures.setdefault(key, value)
        unlocated.update(result["unlocated"])
    print(
        f"fuzz_cli --cases {args.cases} --workers {args.workers} --seed {args.seed}"
        f" --timeout {args.timeout:g}: {time.time() - start:.0f} s"
    )
    for key in ["cases", "ok", "refused", "unlocated", "timeout", "failures"]:
        print(f"  {key:40} {counts.get(key, 0)}")
    for key in sorted(k for k in counts if k.startswith("tool ")):
        print(f"  {key:40} {counts[key]}")
    for key, command in sorted(unlocated.items()):
        print(f"  unlocated refusal: {key} ({command})")
    for key, (origin, names, argv, text, stderr) in failures.items():
        small = minimize(argv, text, key, args.timeout)
        print(f"\n== {key}\nfrom {origin} after {', '.join(names)}: {' '.join(argv)}")
        print(f"-- stderr:\n{stderr[-2000:]}\n-- minimized input:\n{small}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
