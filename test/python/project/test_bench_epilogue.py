"""bench/gemm_epilogue.py on lavapipe, small: every row it times (f16 and
bf16, any activation of the test cases) is checked against the float64
reference and says so; a row that failed would say `failed` or `NO`."""

from __future__ import annotations

import sys
from pathlib import Path

from support.vulkan_device import require_vulkan

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))


def test_bf16_and_activation_rows_are_checked(tmp_path):
    require_vulkan()
    import gemm_epilogue

    out = tmp_path / "epilogue.md"
    argv = ["--sizes", "--shapes", "32x48x16", "--types", "f16", "bf16"]
    argv += ["--activations", "gelu", "silu", "--repeat", "1", "--no-torch"]
    assert gemm_epilogue.main([*argv, "--out", str(out)]) == 0
    rows = [line for line in out.read_text().splitlines() if "| coopmlir" in line]
    names = [row.split("|")[1].strip() for row in rows]
    assert names == 2 * [
        "coopmlir gemm",
        "coopmlir gemm+bias+gelu",
        "coopmlir gemm+bias+silu",
    ]
    assert [row.split("|")[2].strip() for row in rows] == 3 * ["32x48x16 f16"] + 3 * [
        "32x48x16 bf16"
    ]
    for row in rows:
        assert "| yes |" in row and "failed" not in row, row
