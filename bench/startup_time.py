"""CPU time of coopmlir's command-line tools on tiny inputs (start-up cost).

    python bench/startup_time.py [RUNS]     (default: 7)
    python bench/startup_time.py --no-bytecode [RUNS]

Each command runs once to warm up, then RUNS times; the number is the median
CPU time (user + system) of the whole child process, which a busy machine
disturbs less than wall time. The inputs are so small that nearly all of it
is start-up: imports, dialect registration, argument parsing. Prints a
Markdown table.

By default the children may write Python's bytecode caches (__pycache__), as
an installed package has them. `--no-bytecode` first removes coopmlir's own
caches (coopmlir/, dialects/, passes/) and sets PYTHONDONTWRITEBYTECODE, so
coopmlir's modules are compiled from source in every run (xDSL's and numpy's
keep the caches pip wrote): an editable install in an environment that sets
that variable.
"""

from __future__ import annotations

import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
MATMUL = str(ROOT / "examples" / "matmul.mlir")

COMMANDS = {
    "python -c 'import coopmlir'": [sys.executable, "-c", "import coopmlir"],
    "coopmlir-opt --help": [BIN / "coopmlir-opt", "--help"],
    "coopmlir-opt --version": [BIN / "coopmlir-opt", "--version"],
    "coopmlir-opt matmul.mlir (parse + print)": [BIN / "coopmlir-opt", MATMUL],
    "coopmlir-opt matmul.mlir --lower-to-coopmat": [
        BIN / "coopmlir-opt",
        MATMUL,
        "--lower-to-coopmat",
    ],
    "coopmlir-run --help": [BIN / "coopmlir-run", "--help"],
    "coopmlir-run matmul.mlir --entry matmul (interpreter)": [
        BIN / "coopmlir-run",
        MATMUL,
        "--entry",
        "matmul",
    ],
    "coopmlir-layout --help": [BIN / "coopmlir-layout", "--help"],
    # The floor: xDSL's own driver parsing and printing the same file.
    "xdsl-opt matmul.mlir (parse + print)": [BIN / "xdsl-opt", MATMUL],
}


def cpu_seconds(command: list, env: dict[str, str]) -> float:
    """CPU time (user + system) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(runs: int, bytecode: bool) -> None:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        for folder in ("coopmlir", "dialects", "passes"):
            for cache in (ROOT / folder).rglob("__pycache__"):
                shutil.rmtree(cache)
    cpu = platform.processor() or platform.machine()
    print(f"# {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# bytecode caches: {'used' if bytecode else 'none'}")
    print(f"| command | median CPU s ({runs} runs) | min | max |")
    print("|---|---|---|---|")
    for name, command in COMMANDS.items():
        cpu_seconds(command, env)  # warm-up (writes the bytecode caches)
        times = [cpu_seconds(command, env) for _ in range(runs)]
        median = statistics.median(times)
        print(f"| `{name}` | {median:.2f} | {min(times):.2f} | {max(times):.2f} |")


if __name__ == "__main__":
    args = sys.argv[1:]
    bytecode = "--no-bytecode" not in args
    numbers = [a for a in args if a != "--no-bytecode"]
    main(int(numbers[0]) if numbers else 7, bytecode)
