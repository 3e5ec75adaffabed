"""Check the import-linter contracts of pyproject.toml (`make lint` runs this).

import-linter finds a package's modules by walking its folder, but
`dialects/` and `passes/` install inside `coopmlir` through setuptools'
`package-dir`, which an editable install resolves at import time only. So
the source is copied into a temporary folder laid out as installed (the
mapping is read from pyproject.toml) and `lint-imports` runs there; its exit
status and its report (which names each import that breaks a contract) are
this script's.
"""

from __future__ import annotations

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


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="coopmlir-layers-") as folder:
        lay_out_installed(Path(folder))
        return lint_imports(Path(folder)).returncode


if __name__ == "__main__":
    sys.exit(main())
