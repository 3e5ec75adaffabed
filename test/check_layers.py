"""Check the import-linter contracts of pyproject.toml (`make lint` runs this).

import-linter finds a package's modules by walking its folder, but
`dialects/` and `passes/` install inside `coopmlir` through setuptools'
`package-dir`, which an editable install resolves at import time only. So
the source is copied into a temporary folder laid out as installed (the
mapping is read from pyproject.toml) and `lint-imports` runs there; its exit
status and its report (which names each import that breaks a contract) are
this script's.

It also checks the tests' own layer: a test module (`test_*.py`) imports
shared code from test/python/support/, never from another test module.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def lay_out_installed(into: Path) -> None:
    """Copy each package-dir folder of pyproject.toml to its installed place."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    package_dirs = config["tool"]["setuptools"]["package-dir"]
    # Parents first, so that coopmlir.dialects lands inside the coopmlir copy.
    for package in sorted(package_dirs, key=lambda p: p.count(".")):
        shutil.copytree(
            ROOT / package_dirs[package],
            into / package.replace(".", "/"),
            ignore=shutil.ignore_patterns("__pycache__"),
            dirs_exist_ok=True,
        )


def lint_imports(folder: Path, capture: bool = False) -> subprocess.CompletedProcess:
    """Run lint-imports with pyproject.toml's contracts on the layout in `folder`."""
    return subprocess.run(
        [
            str(Path(sys.executable).parent / "lint-imports"),
            "--config",
            str(ROOT / "pyproject.toml"),
        ],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(folder)},
        capture_output=capture,
        text=True,
    )


def tests_importing_tests(tests: Path) -> list[str]:
    """`file:line: imports test_x` (file relative to `tests`) for each import
    of a test module by a Python file under `tests` (shared code belongs in
    support/)."""
    found = []
    for path in sorted(tests.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name.rsplit(".", 1)[-1].startswith("test_"):
                    where = path.relative_to(tests)
                    found.append(f"{where}:{node.lineno}: imports {name}")
    return found


def main() -> int:
    found = tests_importing_tests(ROOT / "test" / "python")
    for line in found:
        print(f"test/python/{line} (a test module; move what it shares to support/)")
    with tempfile.TemporaryDirectory(prefix="coopmlir-layers-") as folder:
        lay_out_installed(Path(folder))
        layers = lint_imports(Path(folder)).returncode
    return layers or int(bool(found))


if __name__ == "__main__":
    sys.exit(main())
