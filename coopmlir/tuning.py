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
"""

from __future__ import annotations

import json
import os
import tempfile

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
