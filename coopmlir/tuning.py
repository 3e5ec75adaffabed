"""The autotuning cache: the measured best lower-to-coopmat options per
(device, types, problem), in a JSON file that later compilations read
(`--lower-to-coopmat="tune=cache.json"`) and the benchmark writes
(`bench/gemm_vulkan.py --tune cache.json`).

    {"version": 1,
     "entries": {"<device>|<a>*<b>->c|batch=1 MxNxK|NN": {
         "options": "tile=128x256x32 subgroups=2x4 mma=16x16x16 stages=3 split_k=2",
         "tflops": 312.0, "predicted": 0.87}}}

The cost model (`coopmlir.tiling`) stays the default: a problem without an
entry is planned by it. Keys name the device by its description (the
driver's device name for a queried target), so one file can hold several
devices. Pure Python: nothing here imports IR.

A module compiled with `spec-constants=true` is tuned without compiling
again: `sweep_spec` runs each value set of `spec_candidates` through a
`measure` callback (the runtime's, `coopmlir.runtime.spec_sweep`: one
binary, one pipeline per set) and ranks them.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from coopmlir.targets import Target
from coopmlir.tiling import Problem

VERSION = 1
#: The lower-to-coopmat options an entry may set, and how each is parsed.
TUNED_OPTIONS = {
    "tile": str,
    "subgroups": str,
    "mma": str,
    "stages": int,
    "raster": int,
    "accumulator_bytes": int,
    "split_k": int,
}


def tuning_key(target: Target, problem: Problem, types: tuple[str, ...]) -> str:
    """The entry of one problem on one device: device, types, batch, sizes,
    and which of A and B are stored transposed (T) or not (N)."""
    a, b, _, result = types
    layout = "".join(
        "T" if t else "N" for t in (problem.a_transposed, problem.b_transposed)
    )
    return (
        f"{target.description}|{a}*{b}->{result}|batch={problem.batch} "
        f"{problem.m}x{problem.n}x{problem.k}|{layout}"
    )


def parse_options(text: str) -> dict[str, object]:
    """`"tile=128x128x32 stages=3"` -> {"tile": "128x128x32", "stages": 3};
    ValueError for a name outside `TUNED_OPTIONS` or a bad number."""
    options: dict[str, object] = {}
    for item in text.split():
        name, _, value = item.partition("=")
        if name not in TUNED_OPTIONS or not value:
            known = ", ".join(TUNED_OPTIONS)
            raise ValueError(f"'{item}' is not a tuned option NAME=VALUE ({known})")
        try:
            options[name] = TUNED_OPTIONS[name](value)
        except ValueError:
            raise ValueError(f"'{item}': {name} must be an integer") from None
    return options


def read_cache(path: str) -> dict[str, dict]:
    """The entries of the cache at `path` ({} if there is no file yet);
    ValueError naming the file if it is not a version-1 cache."""
    if not os.path.exists(path):
        return {}
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as err:
        raise ValueError(f"tuning cache '{path}' cannot be read: {err}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError(f"tuning cache '{path}' is not a version {VERSION} cache")
    entries = data.get("entries", {})
    if not isinstance(entries, dict) or not all(
        isinstance(e, dict) and isinstance(e.get("options"), str)
        for e in entries.values()
    ):
        raise ValueError(
            f"tuning cache '{path}': every entry needs an 'options' string"
        )
    return entries


def lookup(path: str, key: str) -> dict[str, object] | None:
    """The cached options for `key`, parsed, or None; ValueError when there
    is no cache at `path` (a mistyped `tune=` would otherwise change nothing)."""
    if not os.path.exists(path):
        raise ValueError(
            f"tuning cache '{path}' does not exist "
            "(bench/gemm_vulkan.py --tune FILE records one)"
        )
    entry = read_cache(path).get(key)
    if entry is None:
        return None
    try:
        return parse_options(entry["options"])
    except ValueError as err:
        raise ValueError(f"tuning cache '{path}', entry '{key}': {err}") from None


def record(path: str, key: str, options: str, **measured: object) -> None:
    """Write (or replace) the entry for `key`; the file is replaced whole,
    so a reader never sees half of it."""
    parse_options(options)  # never write what lookup would refuse
    entries = read_cache(path)
    entries[key] = {"options": options, **measured}
    data = {"version": VERSION, "entries": dict(sorted(entries.items()))}
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False) as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(f.name, path)


@dataclass(frozen=True)
class SpecTrial:
    """One value set of a sweep: its median seconds, or why it was refused."""

    values: dict[str, int]
    seconds: float | None = None
    refusal: str | None = None


def spec_candidates(
    most_subgroups: int = 8, shapes: Iterable[tuple[int, int, int]] = ()
) -> list[dict[str, int]]:
    """The subgroup grids SMxSN (powers of two) of at most `most_subgroups`
    subgroups per workgroup, as value sets of `subgroups_m`, `subgroups_n`;
    with `shapes` (m, n, k: the device's), each grid with each shape
    (`coopmat_m`, `coopmat_n`, `coopmat_k`)."""
    sizes = [1 << i for i in range(most_subgroups.bit_length())]
    grids = [
        {"subgroups_m": m, "subgroups_n": n}
        for m in sizes
        for n in sizes
        if m * n <= most_subgroups
    ]
    shapes = sorted(set(shapes))
    if not shapes:
        return grids
    return [
        {**grid, "coopmat_m": m, "coopmat_n": n, "coopmat_k": k}
        for grid in grids
        for m, n, k in shapes
    ]


def sweep_spec(
    candidates: Iterable[dict[str, int]],
    measure: Callable[[dict[str, int]], float],
) -> list[SpecTrial]:
    """Each candidate measured (`measure` returns seconds or raises a
    ValueError saying why the set is refused, e.g. a tile that does not
    divide the problem); the measured ones fastest first, then the refused
    ones."""
    trials = []
    for values in candidates:
        try:
            trials.append(SpecTrial(dict(values), seconds=measure(values)))
        except ValueError as err:
            trials.append(SpecTrial(dict(values), refusal=str(err)))
    return sorted(
        trials,
        key=lambda t: (t.seconds is None, t.seconds or 0.0, sorted(t.values.items())),
    )
