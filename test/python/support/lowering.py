"""Parse a test program and run a pass pipeline on it, as coopmlir-opt would."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline

from coopmlir.dialects import registry
from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.tools.registry import PASSES


def lowered(source: str, pipeline: str):
    module = parse_module(source)
    PassPipeline.parse_spec(PASSES, pipeline).apply(make_context(), module)
    return module


def parse(text: str) -> ModuleOp:
    return registry.parse_module(text, "input.mlir")
