"""lit configuration: FileCheck suites under test/ (pytest modules are not lit tests)."""

import os

import lit.formats

config.name = "coopmlir"  # noqa: F821 - `config` is provided by lit
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.join(os.path.dirname(__file__), "test")
config.excludes = ["python", "Inputs"]

# Tools come from the environment lit runs in (the project's virtualenv).
config.environment["PATH"] = os.environ["PATH"]
config.environment["PYTHONHASHSEED"] = "0"
config.substitutions.append(("%opt", "coopmlir-opt"))
# Print, re-parse and print again: pretty and generic forms must both round-trip.
config.substitutions.append(("%roundtrip-generic", "coopmlir-opt %s --print-op-generic | coopmlir-opt"))
config.substitutions.append(("%roundtrip", "coopmlir-opt %s | coopmlir-opt"))
