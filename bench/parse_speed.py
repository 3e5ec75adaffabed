"""Parse + print throughput of coopmlir-opt against xdsl-opt and mlir-opt-22
on the same file, and coopmlir's own share of it.

    python bench/parse_speed.py [MEGABYTES ...]     (default: 1 2 4 8 16)
    python bench/parse_speed.py --export FILE.mlir  (a torch-mlir export:
                                                     parse+print and --lower-to-coopmat)

Each input is N MB of small functions (memref loads, arith, stores: what a
frontend emits). Both tools parse, verify and print it to /dev/null; the
time is the child's CPU time (user + system), which a busy machine disturbs
less than wall time. Prints a Markdown table and writes
bench/results/parse_speed.png (CPU seconds against size, both tools).
"""

from __future__ import annotations

import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
BIN = Path(sys.executable).parent

FUNCTION = """func.func @f{i}(%a: memref<16x16xf32>, %b: memref<16x16xf32>) {{
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0, %c0] : memref<16x16xf32>
  %y = arith.addf %x, %x : f32
  memref.store %y, %b[%c0, %c0] : memref<16x16xf32>
  func.return
}}
"""


def write_input(path: Path, megabytes: float) -> int:
    """N MB of functions; returns the size in bytes."""
    per = len(FUNCTION.format(i=100000))
    count = int(megabytes * 1e6 / per)
    path.write_text("".join(FUNCTION.format(i=i) for i in range(count)))
    return path.stat().st_size


def cpu_seconds(command: list[str]) -> float:
    """CPU time (user + system) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def own_share(path: Path) -> float:
    """The share of coopmlir-opt's parse + verify + print time spent in
    coopmlir's own code (not xDSL's), from cProfile's time per function."""
    import cProfile
    import pstats

    from coopmlir.tools.coopmlir_opt import main as opt_main

    profile = cProfile.Profile()
    profile.runcall(opt_main, [str(path), "-o", os.devnull])
    stats = pstats.Stats(profile)
    root = str(Path(__file__).resolve().parents[1])
    own = sum(
        row[2]
        for (file, _, _), row in stats.stats.items()
        if file.startswith(root) and "site-packages" not in file
    )
    return own / stats.total_tt


def mlir_opt() -> str | None:
    return shutil.which("mlir-opt-22")


def main(sizes: list[float]) -> None:
    cpu = platform.processor() or platform.machine()
    print(f"# {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(
        "| input | coopmlir-opt CPU s | xdsl-opt CPU s | ratio | mlir-opt-22 CPU s "
        "| coopmlir MB/s | coopmlir's own code |"
    )
    print("|---|---|---|---|---|---|---|")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.mlir"
        for megabytes in sizes:
            size = write_input(path, megabytes)
            ours = cpu_seconds([str(BIN / "coopmlir-opt"), str(path), "-o", os.devnull])
            theirs = cpu_seconds([str(BIN / "xdsl-opt"), str(path), "-o", os.devnull])
            mlir = mlir_opt()
            mlir_s = cpu_seconds([mlir, str(path), "-o", os.devnull]) if mlir else None
            share = own_share(path)
            rows.append((size / 1e6, ours, theirs))
            mlir_text = f"{mlir_s:.2f}" if mlir_s is not None else "-"
            print(
                f"| {size / 1e6:.1f} MB | {ours:.1f} | {theirs:.1f} | "
                f"{ours / theirs:.2f} | {mlir_text} | {size / 1e6 / ours:.2f} | "
                f"{share:.1%} |",
                flush=True,
            )
    plot(rows, HERE / "results" / "parse_speed.png")


def export(path: Path) -> None:
    """A frontend export with its weights: parse + print, and the lowering."""
    size = path.stat().st_size / 1e6
    parse = cpu_seconds([str(BIN / "coopmlir-opt"), str(path), "-o", os.devnull])
    lower = cpu_seconds(
        [str(BIN / "coopmlir-opt"), str(path), "--lower-to-coopmat", "-o", os.devnull]
    )
    mlir = mlir_opt()
    mlir_s = cpu_seconds([mlir, str(path), "-o", os.devnull]) if mlir else float("nan")
    print(f"| {path.name} | {size:.1f} MB | {parse:.1f} | {lower:.1f} | {mlir_s:.2f} |")


def plot(rows: list[tuple[float, float, float]], out: Path) -> None:
    try:
        import matplotlib
    except ImportError:
        print("(no matplotlib: no plot)")
        return

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r[0] for r in rows]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(sizes, [r[1] for r in rows], "o-", label="coopmlir-opt")
    ax.plot(sizes, [r[2] for r in rows], "s--", label="xdsl-opt")
    ax.set_xlabel("input size (MB)")
    ax.set_ylabel("parse + verify + print, CPU seconds")
    ax.set_title("Parse + print time against input size")
    ax.grid(True, alpha=0.3)
    ax.legend()
    out.parent.mkdir(exist_ok=True)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"plot: {out}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--export"]:
        print(
            "| export | size | coopmlir-opt parse+print CPU s | --lower-to-coopmat CPU s | mlir-opt-22 CPU s |"
        )
        print("|---|---|---|---|---|")
        for name in sys.argv[2:]:
            export(Path(name))
    else:
        main([float(a) for a in sys.argv[1:]] or [1, 2, 4, 8, 16])
