"""The frontend fuzzer in two steps (support/frontend_bundle.py): modules
exported and saved with PyTorch's output here, replayed by
bench/fuzz_frontend.py --replay without torch, torch-mlir or hypothesis
(as on a device machine), on the interpreter and lavapipe."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from support.frontend_bundle import (
    export_module,
    read_manifest,
    replay_modules,
    write_manifest,
)
from support.frontend_fuzz import Spec
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan

ROOT = Path(__file__).parents[3]

SPECS = [
    Spec("sequence", "f32", 1, 3, 5, (("linear", 4, True), ("act", "relu"))),
    Spec("image", "f32", 1, 3, 2, (("conv", 2, 3, 1, False),)),
    # torch-mlir drops RMSNorm's default eps: counted, not saved
    Spec("sequence", "f32", 1, 2, 1, (("layernorm",), ("rmsnorm", None))),
]

#: Runs bench/fuzz_frontend.py with torch, torch-mlir and hypothesis
#: unimportable, as on the device machine.
WITHOUT_TORCH = """
import runpy, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("torch", "torch_mlir", "hypothesis"):
            raise ImportError(name)
sys.meta_path.insert(0, Block())
sys.argv[0] = "bench/fuzz_frontend.py"
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    require_torch()
    directory = tmp_path_factory.mktemp("bundle")
    entries = [export_module(s, directory, f"m{i}") for i, s in enumerate(SPECS)]
    write_manifest(directory, 0, entries)
    return directory


def test_a_bundle_replays_without_torch(bundle):
    tmp_path = bundle
    entries = read_manifest(tmp_path)["modules"]
    assert [e["export"] for e in entries] == ["ok", "ok", "export differs from PyTorch"]
    assert read_manifest(tmp_path)["modules"][1]["describe"] == SPECS[1].describe()
    assert not (tmp_path / "m2.npz").exists()
    require_vulkan()
    replay = subprocess.run(
        [sys.executable, "-P", "-c", WITHOUT_TORCH, "--replay", str(tmp_path)]
        + ["--device-target", "lavapipe"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONWARNINGS": "ignore"},
    )
    assert replay.returncode == 0, replay.stdout + replay.stderr
    counts = {
        line.strip().split("  ", 1)[1]: int(line.split()[0])
        for line in replay.stdout.splitlines()[1:]
    }
    assert counts == {
        "interpreter: ok": 2,
        "lavapipe: ok": 2,
        "export differs from PyTorch": 1,
        "modules": 3,
    }


def test_a_replay_finds_a_wrong_result(bundle, tmp_path):
    entries = read_manifest(bundle)["modules"][:1]
    shutil.copy(bundle / "m0.mlir.gz", tmp_path)
    saved = tmp_path / "m0.npz"
    with np.load(bundle / "m0.npz") as npz:
        arrays = dict(npz)
    arrays["expected0"] = arrays["expected0"] + 0.01
    np.savez_compressed(saved, **arrays)
    ((name, where, kind, detail),) = replay_modules(tmp_path, entries, None, 1e18)
    assert (name, where, kind) == ("m0", "interpreter", "mismatch")
    assert "result0" in detail
    assert replay_modules(tmp_path, entries, None, time.time() - 1) == [
        ("m0", "-", "not run (time limit)", "")
    ]
