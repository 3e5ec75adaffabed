"""The layering contract (pyproject.toml's import-linter section) holds for
the tree, and an upward import makes it fail with a message naming it; no
test module imports another, and one that does is named."""

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
    assert "Contracts: 5 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    "module, imported, contract",
    [
        ("dialects/_probe.py", "coopmlir.passes.lower_to_spirv", "they import no pass"),
        ("interpreter/_probe.py", "coopmlir.runtime.launch", "nothing from SPIR-V"),
        ("layout.py", "coopmlir.dialects.coopmat", "Layers:"),
        ("passes/_probe.py", "coopmlir.tools.coopmlir_opt", "Layers:"),
        (
            "passes/lower_to_coopmat/_probe.py",
            "coopmlir.passes.convert_to_spirv",
            "Planners ask the target layer",
        ),
        (
            "passes/lower_to_coopmat/_probe.py",
            "coopmlir.passes.coopmat_to_simt",
            "Planners ask the target layer",
        ),
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


def test_no_test_module_imports_another():
    assert check_layers.tests_importing_tests(_SCRIPT.parent / "python") == []


def test_a_test_module_importing_another_is_named(tmp_path: Path):
    (tmp_path / "support").mkdir()
    (tmp_path / "support" / "programs.py").write_text("SOURCE = ''\n")
    (tmp_path / "test_a.py").write_text("from support.programs import SOURCE\n")
    (tmp_path / "test_b.py").write_text("import os\n\nfrom test_a import SOURCE\n")
    (tmp_path / "support" / "cases.py").write_text("import test_a as a\n")
    assert check_layers.tests_importing_tests(tmp_path) == [
        "support/cases.py:1: imports test_a",
        "test_b.py:3: imports test_a",
    ]
