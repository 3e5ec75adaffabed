"""lit configuration for the FileCheck suites under test/ (not test/python)."""

# ruff: noqa: F821 - lit provides `config`

import os

import lit.formats

config.name = "coopmlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
# The suite is rooted here so `lit test/dialects/linalg` works; only test/
# holds lit tests (examples/ are inputs, not tests).
config.test_source_root = os.path.dirname(__file__)
config.excludes = [
    "examples",
    "bench",
    "python",
    "Inputs",
    "bad-input",  # driven by test/python/tools/test_bad_input.py
    "mlir-peer",  # MLIR's RUN lines: driven by test/python/pipeline/test_mlir_peer.py
    ".venv",
    "build",
    "dist",
]

# Tools come from the environment lit runs in (the project's virtualenv).
config.environment["PATH"] = os.environ["PATH"]
config.environment["PYTHONHASHSEED"] = "0"

# Print, re-parse and print again: pretty and generic forms must round-trip.
# (%roundtrip-generic first: lit substitutes in order and %roundtrip is a prefix.)
config.substitutions.append(
    ("%roundtrip-generic", "coopmlir-opt %s --print-op-generic | coopmlir-opt")
)
config.substitutions.append(("%roundtrip", "coopmlir-opt %s | coopmlir-opt"))
