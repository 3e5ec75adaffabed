"""One home for lower-to-coopmat's options (passes/lower_to_coopmat/
options.py): the passes that take them, --help, the runtime's option text and
the tuning cache's names all agree with that declaration (the docs' option
tables: test_docs_option_tables.py)."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from support.run_tools import run_opt
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.options import KernelOptions
from coopmlir.passes.lower_to_spirv import LowerToSpirv
from coopmlir.targets import resolve_target
from coopmlir.tools.opt_help import option_docs
from coopmlir.tuning import TUNED_OPTIONS

DECLARED = {f.name: f for f in dataclasses.fields(KernelOptions)}
TYPES = typing.get_type_hints(KernelOptions)


def _signature(pass_class) -> dict[str, tuple]:
    hints = typing.get_type_hints(pass_class)
    return {f.name: (hints[f.name], f.default) for f in dataclasses.fields(pass_class)}


def test_both_passes_take_exactly_the_declared_options():
    declared = _signature(KernelOptions)
    assert _signature(LowerToCoopmat) == declared
    assert _signature(LowerToSpirv) == {
        **declared,
        "coopmat": (str, "khr"),
        "drop_gpu_module": (bool, False),
    }


def test_every_option_has_one_docstring_that_both_passes_show():
    docs = option_docs(KernelOptions)
    assert set(docs) == set(DECLARED)
    assert option_docs(LowerToCoopmat) == docs
    assert option_docs(LowerToSpirv) == {
        **docs,
        "coopmat": option_docs(LowerToSpirv)["coopmat"],
        "drop_gpu_module": option_docs(LowerToSpirv)["drop_gpu_module"],
    }


def test_help_shows_the_declaration_for_both_passes():
    text = " ".join(run_opt("--help").stdout.split())
    for name, doc in option_docs(KernelOptions).items():
        assert text.count(" ".join(doc.split())[:60]) >= 2, name
    assert "4: as 2, prefetched two K tiles ahead" in text


def test_tuned_options_are_declared_with_the_same_type():
    for name, kind in TUNED_OPTIONS.items():
        assert name in DECLARED, name
        assert TYPES[name] == kind | None, name


def test_the_runtime_reads_option_text_with_the_declared_types():
    from coopmlir.runtime.launch import lower

    source = (
        "func.func @mm(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {\n"
        "  linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) "
        "outs(%c : memref<?x?xf32>)\n  func.return\n}\n"
    )
    target = resolve_target("generic", Context())
    module = parse_module(source)
    small = lower(module, target, "tile=16x16x16 subgroups=1x1 size_hint=64x16x16")
    other = lower(
        module, target, "tile=16x16x16 subgroups=1x1 stages=1 dynamic-versions=2"
    )
    assert "@mm_aligned" in str(other) and "@mm_aligned" not in str(small)
    with pytest.raises(CompileError, match="options 'stages=two'"):
        lower(module, target, "stages=two")
