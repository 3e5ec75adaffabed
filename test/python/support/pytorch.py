"""PyTorch and torch-mlir for the frontend suite: the `frontend` extra
(torch==2.13.0, the CPU build) and torch-mlir installed with --no-deps, both
by the Makefile. With COOPMLIR_REQUIRE_TORCH=1 (set by .ci/run) a missing
one fails the tests instead of skipping them."""

from __future__ import annotations

import os

import pytest


def require_torch():
    """The torch module; skip (in CI: fail) when torch or torch-mlir is
    missing."""
    try:
        import torch
        import torch_mlir.fx  # noqa: F401
    except ImportError as err:
        message = f"no PyTorch front end ({err}): make installs the frontend extra"
        if os.environ.get("COOPMLIR_REQUIRE_TORCH"):
            pytest.fail(f"COOPMLIR_REQUIRE_TORCH is set but {message}")
        pytest.skip(message)
    return torch


def torch_models():
    """support.torch_models (which needs torch), after `require_torch`."""
    require_torch()
    from support import torch_models

    return torch_models
