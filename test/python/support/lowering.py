"""Lower a test program and run it: parse, run a pass pipeline as
coopmlir-opt would, interpret a function on copies of its operands, and
compare with the error model (support/error_model.py)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.interpreter import run_function
from coopmlir.tools.registry import PASSES


def parse(text: str) -> ModuleOp:
    return parse_module(text, "input.mlir")


def lowered(source: str, pipeline: str) -> ModuleOp:
    """`source` after the pass pipeline `pipeline` (coopmlir-opt's spelling,
    e.g. "lower-to-coopmat{target=lavapipe},coopmat-to-simt")."""
    module = parse_module(source)
    PassPipeline.parse_spec(PASSES, pipeline).apply(make_context(), module)
    return module


def interpreted(module: ModuleOp, entry: str, operands, **options) -> list:
    """The operands after the interpreter ran `entry` on copies of them (the
    given arrays stay as they are)."""
    arrays = [np.copy(x) for x in operands]
    run_function(module, entry, arrays, **options)
    return arrays
