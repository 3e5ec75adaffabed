"""bench/attention_vulkan.py on lavapipe, small: its fused rows, plain and
soft-capped (`--softcap`), are checked against the f64 reference and say
so; a soft cap left out of the program or the reference would say `NO`."""

from __future__ import annotations

import sys
from pathlib import Path

from support.vulkan_device import require_vulkan

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))


def _rows(tmp_path, *extra: str) -> list[str]:
    import attention_vulkan

    out = tmp_path / "attention.md"
    argv = ["--batch", "1", "--heads", "2", "--seqs", "64", "--dims", "64"]
    argv += ["--mlp-rows", "0", "--gqa", "--no-torch", "--repeat", "1"]
    argv += ["--no-unfused", "--coopmat", "khr", "--out", str(out), *extra]
    assert attention_vulkan.main(argv) == 0
    return [line for line in out.read_text().splitlines() if line.startswith("| 1x")]


def test_soft_capped_rows_are_checked(tmp_path):
    require_vulkan()
    rows = _rows(tmp_path, "--softcap", "0.5")
    assert len(rows) == 2  # causal and not
    for row in rows:
        cells = [c.strip() for c in row.split("|")]
        assert cells[1] == "1x2x64x64, soft cap 0.5", row
        assert cells[4].endswith(" ok"), row
        assert "softcap=0.5" in cells[8], row
        assert cells[5] == "n/a (SDPA has no soft cap)", row
