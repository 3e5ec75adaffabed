"""Benchmark output: each markdown line is printed as it comes and appended to
the results file at once, so a run cut short (the device tool's time limit)
keeps every row it measured."""

from __future__ import annotations


class Report:
    """`report(line, ...)`: print the lines, and append them to `path` if any."""

    def __init__(self, path: str | None):
        self.path = path

    def __call__(self, *lines: str) -> None:
        text = "\n".join(lines)
        print(text, flush=True)
        if self.path:
            with open(self.path, "a") as f:
                f.write(text + "\n")
