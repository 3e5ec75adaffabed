"""The saved torch-mlir exports of test/frontend/Inputs (README there): each
NAME.mlir with its inputs NAME.arg<i>.npy and PyTorch's output
NAME.expected.npy. One home for reading them, for every test that does."""

from __future__ import annotations

from pathlib import Path

import numpy as np

INPUTS = Path(__file__).parents[2] / "frontend" / "Inputs"

#: Every saved export, f32 and f16.
EXPORTS = sorted(p.stem for p in INPUTS.glob("*.mlir"))

#: torch-mlir 20261001 writes GELU-tanh's sqrt(2/pi) as 7.977240e-01
#: (PyTorch: 0.7978845...), so f32 modules with a tanh GELU differ from
#: PyTorch by a few 1e-5 whatever runs the export. Others: compare()'s
#: default per dtype.
EXPORT_TOLERANCE = {"linear-gelu-tanh": 1e-4, "gpt2-block": 1e-4}


def export_path(name: str) -> Path:
    return INPUTS / f"{name}.mlir"


def arguments(name: str) -> list[np.ndarray]:
    """The export's inputs, in argument order."""
    count = len(list(INPUTS.glob(f"{name}.arg*.npy")))
    return [np.load(INPUTS / f"{name}.arg{i}.npy") for i in range(count)]


def expected(name: str) -> np.ndarray:
    """PyTorch's own output on `arguments(name)`."""
    return np.load(INPUTS / f"{name}.expected.npy")


def export_tolerance(name: str) -> float | None:
    """The tolerance against PyTorch for the export `name` (e.g. "mlp-f16")."""
    return EXPORT_TOLERANCE.get(name)
