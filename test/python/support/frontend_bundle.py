"""The frontend fuzzer in two steps (issue 30 part 3): export where
torch-mlir is (`export_bundle`), replay where the device is
(`replay_bundle`), e.g. an H200 machine without torch-mlir.

A bundle is a directory: `manifest.json` (the seed, and per drawn module its
spec, enough to rebuild it with `frontend_fuzz.build`, its element type,
tolerance and interpreter target, and what the export step found), and per
exported module `NAME.mlir.gz` (torch-mlir's export) and `NAME.npz` (its
inputs `input0...` and PyTorch's results `expected0...`, as `to_numpy`
holds them: bf16 values in float32).

The replay imports neither torch, torch-mlir nor hypothesis: it compiles
each export with coopmlir's pipeline, runs it on the interpreter and on the
first Vulkan device (one per process: device_runs.SharedDevice) and compares
with PyTorch's saved results within the fuzzer's tolerance.
"""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

import numpy as np

from coopmlir.diagnostics import CompileError

MANIFEST = "manifest.json"
DTYPES = ("f32", "f16", "bf16")


def spec_to_json(spec) -> dict:
    return {
        "family": spec.family,
        "dtype": spec.dtype,
        "batch": spec.batch,
        "rows": spec.rows,
        "width": spec.width,
        "layers": [list(layer) for layer in spec.layers],
    }


def spec_from_json(data: dict):
    from support.frontend_fuzz import Spec

    layers = tuple(tuple(layer) for layer in data["layers"])
    return Spec(**{**data, "layers": layers})


def export_module(spec, directory: Path, name: str) -> dict:
    """Export `spec`'s module into `directory` as `name`; its manifest
    entry, whose "export" is "ok", "not exported: <why>" or "export differs
    from PyTorch" (frontend_fuzz.check_spec's kinds)."""
    import torch

    from coopmlir.tools.torch_frontend import export, to_numpy
    from support.frontend_fuzz import TARGET, TOLERANCE, build, export_agrees

    entry = {
        "name": name,
        "spec": spec_to_json(spec),
        "describe": spec.describe(),
        "tolerance": TOLERANCE[spec.dtype],
        "interpreter_target": TARGET[spec.dtype],
        "bf16": spec.dtype == "bf16",
    }
    module, x = build(spec)
    try:
        text = export(module, x)
    except Exception as err:  # noqa: BLE001 - torch-mlir's own failures
        return entry | {"export": f"not exported: {type(err).__name__}"}
    if not export_agrees(text, module, x, TOLERANCE[spec.dtype]):
        return entry | {"export": "export differs from PyTorch"}
    with torch.no_grad():
        expected = to_numpy(module(x))
    (directory / f"{name}.mlir.gz").write_bytes(gzip.compress(text.encode(), 9))
    np.savez_compressed(
        directory / f"{name}.npz", input0=to_numpy(x), expected0=expected
    )
    return entry | {"export": "ok"}


def write_manifest(directory: Path, seed: int, entries: list[dict]) -> None:
    (directory / MANIFEST).write_text(
        json.dumps({"seed": seed, "modules": entries}, indent=1) + "\n"
    )


def read_manifest(directory: Path) -> dict:
    return json.loads((Path(directory) / MANIFEST).read_text())


def _arrays(npz, prefix: str) -> list[np.ndarray]:
    count = sum(1 for key in npz.files if key.startswith(prefix))
    return [npz[f"{prefix}{i}"] for i in range(count)]


def outcome(check, *args, **kwargs) -> tuple[str, str]:
    """(kind, detail) of `check(*args, **kwargs)` (a FrontendCheck): "ok", "refused" (a
    located refusal, detail its reason), "device skipped" (the device lacks
    what a kernel needs), "mismatch" or "crash"."""
    from support.device_runs import DeviceSkip

    try:
        result = check(*args, **kwargs)
    except CompileError as err:
        first = str(err).split("\n")[0]
        if ": error: " not in first:
            return "crash", f"an unlocated error: {first}"
        return "refused", first.split(": error: ", 1)[1]
    except DeviceSkip as skip:
        return "device skipped", skip.reason
    except Exception as err:  # noqa: BLE001 - anything else is a crash
        return "crash", f"{type(err).__name__}: {err}"
    if not result.ok:
        return "mismatch", result.report()
    return "ok", ""


def device_runner(shared):
    """`check_arrays`'s `on_device` on `shared` (a SharedDevice)."""
    from coopmlir.runtime.launch import device_needs, run_host_function
    from coopmlir.runtime.vulkan import VulkanError
    from coopmlir.tools.torch_frontend import ENTRY
    from support.device_runs import DeviceSkip, matrix_uses

    def on_device(lowered, kernels, arrays) -> str:
        features, extensions = device_needs(kernels)
        with shared(features, extensions, matrix_uses(lowered)) as gpu:
            try:
                run_host_function(lowered, ENTRY, kernels, arrays, gpu)
            except VulkanError as err:  # e.g. a subgroup size the device lacks
                raise DeviceSkip(f"VulkanError: {err}") from None
            return gpu.report.lines()[0]

    return on_device


def replay_modules(
    directory: Path, entries: list[dict], device_target: str | None, deadline: float
) -> list[tuple[str, str, str, str]]:
    """(module name, where, kind, detail) of every run of `entries` (exported
    ones) on the interpreter and, with `device_target`, on the device;
    "not run (time limit)" once `deadline` (time.time()) has passed."""
    from coopmlir.tools.torch_frontend import check_arrays
    from support.device_runs import SharedDevice

    shared = SharedDevice(device_target) if device_target else None
    results = []
    try:
        for entry in entries:
            name = entry["name"]
            if time.time() > deadline:
                results.append((name, "-", "not run (time limit)", ""))
                continue
            text = gzip.decompress((directory / f"{name}.mlir.gz").read_bytes())
            with np.load(directory / f"{name}.npz") as npz:
                inputs, expected = _arrays(npz, "input"), _arrays(npz, "expected")
            common = dict(tolerance=entry["tolerance"], bf16=entry["bf16"], name=name)
            runs = [("interpreter", entry["interpreter_target"], None)]
            if shared is not None:
                runs.append((device_target, device_target, device_runner(shared)))
            for where, target, on_device in runs:
                kind, detail = outcome(
                    check_arrays,
                    text.decode(),
                    [a.copy() for a in inputs],
                    expected,
                    target=target,
                    on_device=on_device,
                    **common,
                )
                results.append((name, where, kind, detail))
    finally:
        if shared is not None:
            shared.close()
    return results
