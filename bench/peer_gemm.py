"""coopmlir's GEMM beside a public Vulkan cooperative-matrix benchmark and
cuBLAS, in one run on one GPU (issue 32, part 1).

    python bench/peer_gemm.py --peer CHECKOUT --vulkan-headers INCLUDE_DIR
                              [--dim 8192] [--check-dim 256] [--types f16f16 f16f32 bf16f32 i8i32]
                              [--peer-seconds 180] [--coopmlir-seconds 200]
                              [--out table.md] [--json rows.jsonl] [--logs DIR]

The peer is vk_cooperative_matrix_perf (github.com/jeffbolznv/
vk_cooperative_matrix_perf): a C++ program and its prebuilt SPIR-V
shaders. Nothing of it is in this repository: give its checkout with
`--peer` and a Vulkan-Headers `include/` recent enough for
VK_NV_cooperative_matrix2 and VK_KHR_shader_bfloat16 (1.4.31x or newer;
Debian bookworm's 1.3.239 is too old) with `--vulkan-headers`. The script
compiles it with the system C++ compiler against the machine's
libvulkan.so.1, runs it with `--dim=N` (every kernel: the KHR
shared-memory ones, "shmem", and the NV2 workgroup-scope ones,
"workgroup"), then, with `--check-dim`, once more with `--correctness` at
a small size (its CPU reference is too slow at 8192) so each peer row says
whether its kernel computed the right product. Then bench/gemm_vulkan.py
times coopmlir (the cost model's choice, and `scope=workgroup` on NV2
devices) and cuBLAS on the same square product, every element checked.

The table has one line per type: the fastest peer kernel of each family
(with its tile, fragment and workgroup size), coopmlir's best row, cuBLAS,
and the ratios the issue's targets are stated in.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

# peer shader name (types part) -> gemm_vulkan.py type name
PEER_TYPES = {
    "fp16_fp16": "f16f16",
    "fp16_fp32": "f16f32",
    "bf16_fp32": "bf16f32",
    "s8_s32": "i8i32",
    "u8_u32": "u8u32",
}


@dataclass
class PeerRow:
    family: str  # "shmem" (KHR, subgroup scope, staged in shared memory) or "workgroup" (NV2)
    types: str
    fragment: str  # MxNxK of the cooperative-matrix shape it used
    scope: str
    tile: str  # TILE_M x TILE_N x TILE_K
    b_col_major: int
    workgroup_size: int
    tflops: float
    correct: str  # "pass", "fail" or "unchecked"


def build_peer(checkout: Path, headers: Path, work: Path) -> Path:
    binary = work / "vk_cooperative_matrix_perf"
    source = checkout / "src" / "vk_cooperative_matrix_perf.cpp"
    loader = _vulkan_loader()
    cmd = [
        "c++",
        "-O2",
        "-std=c++17",
        f"-I{headers}",
        str(source),
        "-o",
        str(binary),
        loader,
    ]
    subprocess.run(cmd, check=True)
    return binary


def _vulkan_loader() -> str:
    out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "libvulkan.so.1" in line and "=>" in line:
            return line.split("=>")[1].strip()
    raise SystemExit("error: no libvulkan.so.1 on this machine (ldconfig -p)")


_SHADER = re.compile(r"^shader: .*?(shmem|workgroup)(\w+?)\.spv")
_PROPS = re.compile(r"cooperativeMatrixProps = (\d+)x(\d+)x(\d+).*scope = (\w+)")
# "TILE_M=.. workgroupSize=N   12.3 TFlops" when timing; "... workgroupSize=N pass"
# (or error lines, then "fail") with --correctness
_CASE = re.compile(
    r"TILE_M=(\d+) TILE_N=(\d+), TILE_K=(\d+) BColMajor=(\d) workgroupSize=(\d+)\s*(?:([\d.]+) TFlops)?"
)


def parse_peer(text: str) -> list[PeerRow]:
    """Rows of the peer's output; a case's timing line and, in a
    --correctness run, its "pass"/"fail" line follow the shader and the
    cooperative-matrix shape they belong to."""
    rows: list[PeerRow] = []
    family = types = fragment = scope = ""
    for line in text.splitlines():
        line = line.strip()
        if m := _SHADER.match(line):
            family, types = m.group(1), PEER_TYPES.get(m.group(2), m.group(2))
        elif m := _PROPS.search(line):
            fragment, scope = "x".join(m.group(1, 2, 3)), m.group(4)
        elif m := _CASE.match(line):
            tile = "x".join(m.group(1, 2, 3))
            tflops = float(m.group(6)) if m.group(6) else float("nan")
            rows.append(
                PeerRow(
                    family,
                    types,
                    fragment,
                    scope,
                    tile,
                    int(m.group(4)),
                    int(m.group(5)),
                    tflops,
                    "unchecked",
                )
            )
        if rows and line.split()[-1:] in (["pass"], ["fail"]):
            rows[-1].correct = line.split()[-1]
    return rows


def correctness_by_case(text: str) -> dict[tuple, str]:
    """(family, types, fragment, tile, BColMajor, workgroup size) -> pass/fail
    of a --correctness run."""
    verdicts: dict[tuple, str] = {}
    for row in parse_peer(text):
        verdicts[_case(row)] = row.correct
    return verdicts


def _case(row: PeerRow) -> tuple:
    return (
        row.family,
        row.types,
        row.fragment,
        row.tile,
        row.b_col_major,
        row.workgroup_size,
    )


def run_bounded(cmd: list[str], seconds: float, log_path: Path, cwd=None) -> str:
    """Run cmd with its output streamed to log_path; stop it after `seconds`
    (the peer times every kernel of every advertised shape, which at 8192
    takes longer than a device call lasts) and return what it printed."""
    if shutil.which("stdbuf"):  # C stdio holds a file's output in 4 KB blocks
        cmd = ["stdbuf", "-oL", *cmd]
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, text=True
        )
        try:
            proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            log.write(f"\n[stopped after {seconds:.0f} s]\n")
    return log_path.read_text()


def run_peer(binary: Path, checkout: Path, args, logs: Path) -> list[PeerRow]:
    # the peer reads shaders/*.spv relative to its working directory; it runs
    # the NV2 workgroup-scope kernels first, then the KHR shared-memory ones
    # (--shmem: those alone), so each family gets its own bounded run
    rows = []
    for family, flags in (("shmem", ["--shmem"]), ("workgroup", [])):
        if family not in args.families:
            continue
        text = run_bounded(
            [str(binary), *flags, f"--dim={args.dim}"],
            args.peer_seconds,
            logs / f"peer-{family}.log",
            checkout,
        )
        rows += [
            r for r in parse_peer(text) if r.family == family and r.tflops == r.tflops
        ]
    if args.check_dim:
        text = run_bounded(
            [str(binary), "--correctness", f"--dim={args.check_dim}"],
            args.peer_seconds / 2,
            logs / "peer-check.log",
            checkout,
        )
        verdicts = correctness_by_case(text)
        for row in rows:
            row.correct = verdicts.get(_case(row), "unchecked")
    return rows


def run_coopmlir(args, logs: Path) -> list[dict]:
    """gemm_vulkan.py's rows (coopmlir and cuBLAS, every element checked)."""
    rows_file = logs / "coopmlir.jsonl"
    base = [
        sys.executable,
        "-P",
        str(HERE / "gemm_vulkan.py"),
        "--sizes",
        str(args.dim),
        "--repeat",
        str(args.repeat),
    ]
    base += ["--json", str(rows_file)]
    run_bounded(
        base + ["--types", *args.types], args.coopmlir_seconds, logs / "coopmlir.log"
    )
    f16 = [t for t in args.types if t in ("f16f16", "f16f32")]
    if f16 and not args.no_workgroup_scope:
        cmd = base + ["--types", *f16, "--scope", "workgroup"]
        run_bounded(cmd, args.coopmlir_seconds / 2, logs / "coopmlir-workgroup.log")
    if not rows_file.exists():
        return []
    return [
        json.loads(line) for line in rows_file.read_text().splitlines() if line.strip()
    ]


def summary(peer: list[PeerRow], ours: list[dict], types: list[str], dim: int) -> str:
    def best(rows, key):
        return max(rows, key=key) if rows else None

    lines = [
        f"| type ({dim}^3) | peer KHR shmem | peer NV2 workgroup | coopmlir | cuBLAS | coopmlir / best peer | coopmlir / cuBLAS |",
        "|---|---|---|---|---|---|---|",
    ]
    for t in types:
        shmem = best(
            [
                r
                for r in peer
                if r.types == t and r.family == "shmem" and r.correct != "fail"
            ],
            lambda r: r.tflops,
        )
        wg = best(
            [
                r
                for r in peer
                if r.types == t and r.family == "workgroup" and r.correct != "fail"
            ],
            lambda r: r.tflops,
        )
        rows = [r for r in ours if r["types"].replace("->", "") == t]  # "f16->f16"
        mine = best([r for r in rows if r["correct"]], lambda r: r["coopmlir_tflops"])
        cublas = max(
            (r["cublas_tflops"] for r in rows if r["cublas_tflops"]), default=None
        )

        def peer_cell(r):
            if r is None:
                return "-"
            return f"{r.tflops:.0f} ({r.tile}, {r.fragment} {r.scope}, {r.workgroup_size} inv., {r.correct})"

        peer_best = max((r.tflops for r in (shmem, wg) if r), default=None)
        mine_cell = f"{mine['coopmlir_tflops']:.0f} ({mine['config']})" if mine else "-"
        vs_peer = (
            f"{mine['coopmlir_tflops'] / peer_best:.2f}x" if mine and peer_best else "-"
        )
        vs_cublas = (
            f"{mine['coopmlir_tflops'] / cublas:.2f}x" if mine and cublas else "-"
        )
        cublas_cell = f"{cublas:.0f}" if cublas else "-"
        lines.append(
            f"| {t} | {peer_cell(shmem)} | {peer_cell(wg)} | {mine_cell} | {cublas_cell} | {vs_peer} | {vs_cublas} |"
        )
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--peer", type=Path, help="vk_cooperative_matrix_perf checkout")
    p.add_argument(
        "--vulkan-headers", type=Path, help="Vulkan-Headers include/ directory"
    )
    p.add_argument(
        "--summarize",
        type=Path,
        help="only rebuild the table from an earlier run's --logs folder",
    )
    p.add_argument("--dim", type=int, default=8192)
    p.add_argument(
        "--check-dim",
        type=int,
        default=256,
        help="size of the peer's --correctness run (0: none)",
    )
    p.add_argument(
        "--families",
        nargs="+",
        default=["shmem", "workgroup"],
        help="peer kernel families to run",
    )
    p.add_argument(
        "--peer-seconds", type=float, default=180, help="time limit of each peer run"
    )
    p.add_argument(
        "--coopmlir-seconds",
        type=float,
        default=200,
        help="time limit of coopmlir's GEMM run",
    )
    p.add_argument(
        "--repeat", type=int, default=5, help="timed runs per coopmlir/cuBLAS row"
    )
    p.add_argument(
        "--types", nargs="+", default=["f16f16", "f16f32", "bf16f32", "i8i32"]
    )
    p.add_argument(
        "--no-workgroup-scope",
        action="store_true",
        help="skip coopmlir's scope=workgroup rows",
    )
    p.add_argument("--out", help="write the summary table (markdown) here")
    p.add_argument("--json", help="write every peer row as JSON lines here")
    p.add_argument(
        "--logs",
        type=Path,
        help="folder for the peer's and gemm_vulkan.py's own output",
    )
    args = p.parse_args(argv)
    if args.summarize:
        peer, ours = read_logs(args.summarize)
        return report(peer, ours, args)
    if not (args.peer and args.vulkan_headers):
        p.error("--peer and --vulkan-headers are needed to run (or --summarize LOGS)")

    with tempfile.TemporaryDirectory() as tmp:
        logs = args.logs or Path(tmp)
        logs.mkdir(parents=True, exist_ok=True)
        binary = build_peer(
            args.peer.resolve(), args.vulkan_headers.resolve(), Path(tmp)
        )
        peer = run_peer(binary, args.peer.resolve(), args, logs)
        if not peer:
            raise SystemExit(f"error: the peer printed no timed kernel (see {logs})")
        ours = run_coopmlir(args, logs)
    return report(peer, ours, args)


def read_logs(logs: Path) -> tuple[list[PeerRow], list[dict]]:
    peer = []
    for family in ("shmem", "workgroup"):
        log = logs / f"peer-{family}.log"
        if log.exists():
            peer += [
                r
                for r in parse_peer(log.read_text())
                if r.family == family and r.tflops == r.tflops
            ]
    rows_file = logs / "coopmlir.jsonl"
    ours = (
        [
            json.loads(line)
            for line in rows_file.read_text().splitlines()
            if line.strip()
        ]
        if rows_file.exists()
        else []
    )
    return peer, ours


def report(peer: list[PeerRow], ours: list[dict], args) -> int:
    if args.json:
        with open(args.json, "w") as f:
            for row in peer:
                f.write(json.dumps(asdict(row)) + "\n")
    table = summary(peer, ours, args.types, args.dim)
    print(table)
    print("every peer kernel:")
    for row in sorted(peer, key=lambda r: (r.types, -r.tflops)):
        print(
            f"  {row.family:9} {row.types:8} frag {row.fragment:9} {row.scope:9} tile {row.tile:12} "
            f"wg {row.workgroup_size:4} Bcol {row.b_col_major} {row.tflops:7.1f} TFLOP/s {row.correct}"
        )
    if args.out:
        Path(args.out).write_text(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
