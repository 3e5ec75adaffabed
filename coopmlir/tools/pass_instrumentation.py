"""What coopmlir-opt does around each pass: verify the module, print it
before or after (`--mlir-print-ir-before-all`/`-after-all`, on stderr with
mlir-opt's banner; xdsl-opt's `--print-between-passes` on stdout) and time
it (`--mlir-timing`, mlir-opt's report on stderr; xdsl-opt's `--time-passes`
on stdout)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.printer import Printer

from coopmlir.diagnostics import verify_with_locations


def display_name(pass_: ModulePass) -> str:
    """`ClassName (pass-name)`, as mlir-opt's IR dumps name a pass."""
    return f"{type(pass_).__name__} ({pass_.name})"


@dataclass
class Timing:
    """Wall-clock times by name, in first-seen order (a pass that runs twice,
    or once per input chunk, is one line); one report at exit."""

    start: float = field(default_factory=time.perf_counter)
    seconds: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    def report(self) -> str:
        """mlir-opt's `--mlir-timing` execution time report."""
        total = time.perf_counter() - self.start
        rows = [*self.seconds.items()]
        rows.append(("Rest", max(total - sum(self.seconds.values()), 0.0)))
        rows.append(("Total", total))
        rule = "===" + "-" * 73 + "==="
        lines = [
            rule,
            " " * 25 + "... Execution time report ...",
            rule,
            f"  Total Execution Time: {total:.4f} seconds",
            "",
            "  ----Wall Time----  ----Name----",
        ]
        for name, seconds in rows:
            share = 100.0 * seconds / total if total > 0 else 0.0
            lines.append(f"  {seconds:8.4f} ({share:5.1f}%)  {name}")
        return "\n".join(lines) + "\n"


@dataclass
class PassInstrumentation:
    """The pipeline callback: called before the first pass (previous None),
    between passes, and after the last (next None)."""

    print_op: Callable[[ModuleOp, Printer], None]
    verify: bool = True
    print_before_all: bool = False
    print_after_all: bool = False
    print_between_passes: bool = False
    time_passes: bool = False
    timing: Timing | None = None
    _started: float = 0.0

    def _dump(self, when: str, pass_: ModulePass, module: ModuleOp) -> None:
        banner = f"// -----// IR Dump {when} {display_name(pass_)} //----- //"
        sys.stderr.write(f"{banner}\n")
        self.print_op(module, Printer(stream=sys.stderr))
        sys.stderr.write("\n\n\n")

    def __call__(
        self,
        previous: ModulePass | None,
        module: ModuleOp,
        next_pass: ModulePass | None,
    ) -> None:
        if previous is not None:
            seconds = time.perf_counter() - self._started
            if self.time_passes:
                print(f"Pass {previous.name} took {seconds} seconds")
            if self.timing is not None:
                self.timing.add(display_name(previous), seconds)
            if self.verify:
                verify_with_locations(module)
            if self.print_after_all:
                self._dump("After", previous, module)
            if next_pass is not None and self.print_between_passes:
                print(f"IR after {previous.name}:")
                self.print_op(module, Printer(stream=sys.stdout))
                print("\n\n\n")
        if next_pass is not None:
            if self.print_before_all:
                self._dump("Before", next_pass, module)
            self._started = time.perf_counter()
