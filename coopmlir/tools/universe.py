"""coopmlir as an xDSL plugin: `xdsl-opt -p lower-to-coopmat in.mlir`.

`pyproject.toml` names `COOPMLIR_UNIVERSE` under the `xdsl.universe` entry
point group, which xDSL's tools (`xdsl-opt`, `xdsl-run`, ...) read through
`Universe.get_multiverse()`. It is built from the one registry of each kind
(`coopmlir.dialects.registry.DIALECTS`, `coopmlir.tools.registry.PASSES` and
`OUTPUT_FORMATS`), never a copy: the names xDSL lacks (`coopmat`, `spirv`,
coopmlir's passes, `-t spirv-asm|spirv-bin`).

The multiverse refuses a name that two plugins define, so coopmlir's fixes of
xDSL dialects (`linalg` with mixed-precision contractions, `gpu` with
subgroup ops and MLIR's syntax, `arith` reading MLIR 22's generic trunci)
cannot be a second `linalg`, `gpu` or `arith`. The
workaround, in this one place: loading this plugin points the entries of
xDSL's own universe for exactly those names at coopmlir's factories. Only
`get_multiverse` reads that universe, and it loads this plugin whenever
coopmlir is installed, so the tools that read plugins see coopmlir's
`linalg`, `gpu` and `arith`, and nothing else in the process changes. Loading
coopmlir's gpu dialect or one of its passes installs MLIR's syntax on xDSL's
gpu ops (`install_gpu_syntax`), as coopmlir's context does, so xdsl-opt
prints what coopmlir builds the way coopmlir-opt does. coopmlir-opt
registers its dialects and passes itself (`make_context`, `PASSES`) and does
not read the multiverse's, so nothing is registered twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from xdsl.universe import XDSL_UNIVERSE, Universe

from coopmlir.dialects.gpu_syntax import install_gpu_syntax
from coopmlir.dialects.registry import DIALECTS, Upstream
from coopmlir.tools.registry import OUTPUT_FORMATS, PASSES

T = TypeVar("T")


def _with_gpu_syntax(factory: Callable[[], T]) -> Callable[[], T]:
    def load() -> T:
        install_gpu_syntax()
        return factory()

    return load


def _adopt_fixed_dialects(xdsl: Universe) -> None:
    """Point xDSL's entries for the dialects coopmlir fixes at coopmlir's."""
    for name, factory in DIALECTS.items():
        if name in xdsl.all_dialects and not isinstance(factory, Upstream):
            xdsl.all_dialects[name] = factory


_adopt_fixed_dialects(XDSL_UNIVERSE)

COOPMLIR_UNIVERSE = Universe(
    all_dialects={
        name: factory
        for name, factory in DIALECTS.items()
        if name not in XDSL_UNIVERSE.all_dialects
    },
    all_passes={
        name: _with_gpu_syntax(factory)
        for name, factory in PASSES.items()
        if name not in XDSL_UNIVERSE.all_passes
    },
    all_targets={
        name: factory
        for name, factory in OUTPUT_FORMATS.items()
        if name not in XDSL_UNIVERSE.all_targets
    },
)
