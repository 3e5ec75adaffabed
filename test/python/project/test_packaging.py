"""The wheel holds exactly the coopmlir package, with dialects/ and passes/
mapped inside it, and nothing else at the top level of site-packages."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).parents[3]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def declared_packages() -> dict[str, Path]:
    """Every package in pyproject, with the folder it is built from."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    mapping = setuptools["package-dir"]
    folders = {}
    for package in setuptools["packages"]:
        parts = package.split(".")
        # The longest mapped prefix decides the folder, as in setuptools.
        for n in range(len(parts), 0, -1):
            prefix = ".".join(parts[:n])
            if prefix in mapping:
                folders[package] = ROOT / mapping[prefix] / Path(*parts[n:])
                break
        else:
            folders[package] = ROOT / Path(*parts)
    return folders


def test_every_package_folder_is_declared():
    declared = {folder.resolve() for folder in declared_packages().values()}
    on_disk = set()
    for top in ("coopmlir", "dialects", "passes"):
        on_disk |= {p.parent.resolve() for p in (ROOT / top).rglob("__init__.py")}
    missing = sorted(str(p.relative_to(ROOT)) for p in on_disk - declared)
    assert not missing, f"folders with __init__.py missing from pyproject: {missing}"
    for package, folder in declared_packages().items():
        assert (folder / "__init__.py").is_file(), f"{package}: no {folder}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["-q", "-w", str(out), str(ROOT)],
        check=True,
        timeout=HANG_GUARD_S,
    )
    (built,) = out.glob("coopmlir-*.whl")
    return built


def test_wheel_has_only_the_coopmlir_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {
        n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")
    }
    assert tops == {"coopmlir"}
    assert "coopmlir/dialects/coopmat.py" in names
    assert "coopmlir/passes/lower_to_coopmat/__init__.py" in names


def test_installed_wheel_imports_the_dialect(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q"]
        + ["--target", str(target), str(wheel)],
        check=True,
        timeout=HANG_GUARD_S,
    )
    code = (
        "import coopmlir.dialects.coopmat as m, coopmlir.tools.coopmlir_opt;"
        "print(m.__file__); print(m.Coopmat.name)"
    )
    # Run outside the checkout so only the installed copy can be found.
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    module_file, dialect_name = result.stdout.split()
    assert Path(module_file).is_relative_to(target)
    assert dialect_name == "coopmat"
