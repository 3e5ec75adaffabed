"""The layering contract (pyproject.toml's import-linter section) holds for
the tree, and an upward import makes it fail with a message naming it."""

import importlib.util
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parents[2] / "check_layers.py"
_spec = importlib.util.spec_from_file_location("check_layers", _SCRIPT)
check_layers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_layers)


@pytest.fixture
def installed_layout(tmp_path: Path) -> Path:
    check_layers.lay_out_installed(tmp_path)
    return tmp_path


def test_the_tree_keeps_every_contract(installed_layout: Path):
    result = check_layers.lint_imports(installed_layout, capture=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    "module, imported, contract",
    [
        ("dialects/_probe.py", "coopmlir.passes.lower_to_spirv", "they import no pass"),
        ("interpreter/_probe.py", "coopmlir.runtime.launch", "nothing from SPIR-V"),
        ("layout.py", "coopmlir.dialects.coopmat", "Layers:"),
        ("passes/_probe.py", "coopmlir.tools.coopmlir_opt", "Layers:"),
    ],
)
def test_an_upward_import_is_named(installed_layout, module, imported, contract):
    with open(installed_layout / "coopmlir" / module, "a") as probe:
        probe.write(f"\nimport {imported}\n")
    result = check_layers.lint_imports(installed_layout, capture=True)
    assert result.returncode != 0
    importer = "coopmlir." + module.removesuffix(".py").replace("/", ".")
    importer = importer.removesuffix(".__init__")
    assert f"{importer} -> {imported}" in result.stdout
    assert contract in result.stdout
