"""coopmlir-run's flag values, checked before anything runs: each bad value
is an `ArgumentError` that names the flag and what it accepts."""

from __future__ import annotations

import argparse
import dataclasses
import os

from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import ArgSpecParseError

from coopmlir.dialects.coopmat import spec_constant_names
from coopmlir.specialization import SpecializationError, check_known, parse_values
from coopmlir.tools import registry
from coopmlir.tools.arguments import ArgumentError

LOWERING_PASS = "lower-to-coopmat"
_VALUES = {"int": "an integer", "bool": "true or false"}


def lowering_options(text: str) -> str:
    """`--options` read as lower-to-coopmat's options (its own parser and
    types), as `key=value` items of the options that differ from the
    defaults (so `explain=false` is no option at all). `target` is refused:
    `--device` chooses it."""
    if not text:
        return ""  # no options: the pass need not be imported
    pass_class = registry.PASSES[LOWERING_PASS]()
    # Spelled as on the command line: size-hint, not size_hint.
    fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(pass_class)}
    known = [name for name in fields if name != "target"]
    seen: set[str] = set()
    for item in text.split():
        key, eq, value = item.partition("=")
        key = key.replace("_", "-")
        if key == "target":
            raise ArgumentError(
                f"--options: target is the queried device's (--device); got '{item}'"
            )
        if key not in known:
            raise ArgumentError(
                f"--options: unknown option '{key}' ({LOWERING_PASS} takes "
                + ", ".join(known)
                + ")"
            )
        if not eq or not value:
            raise ArgumentError(f"--options: '{key}' needs a value ({key}=...)")
        if key in seen:
            raise ArgumentError(f"--options: '{key}' is given twice")
        seen.add(key)
        try:
            pass_class.from_pass_spec(parse_spec(f"{LOWERING_PASS}{{{item}}}"))
        except (ValueError, ArgSpecParseError):
            kind = str(fields[key].type).replace(" | None", "")
            wanted = _VALUES.get(kind, kind)
            raise ArgumentError(f"--options: {item}: {key} must be {wanted}") from None
    chosen = pass_class.from_pass_spec(parse_spec(f"{LOWERING_PASS}{{{text}}}"))
    items = []
    for field in dataclasses.fields(chosen):
        value = getattr(chosen, field.name)
        if value != field.default:
            shown = str(value).lower() if isinstance(value, bool) else value
            items.append(f"{field.name.replace('_', '-')}={shown}")
    return " ".join(items)


def check_flags(args: argparse.Namespace) -> None:
    """Refuse flag values that cannot work, before reading the module."""
    if args.repeat < 1:
        raise ArgumentError(f"--repeat {args.repeat}: must be at least 1")
    if args.tolerance is not None and not args.tolerance >= 0:  # nan too
        raise ArgumentError(f"--tolerance {args.tolerance}: must be a number >= 0")
    if args.subgroup_size is not None and args.subgroup_size < 1:
        raise ArgumentError(f"--subgroup-size {args.subgroup_size}: must be positive")
    if args.seed < 0:
        raise ArgumentError(f"--seed {args.seed}: must be an integer >= 0")
    if args.output_dir:
        _check_output_dir(args.output_dir)
    if args.check and not args.device:
        raise ArgumentError(
            "--check compares a --device run with the interpreter: give --device "
            "(or compare two modules with --check-against REF.mlir)"
        )
    if args.tolerance is not None and not (args.check or args.check_against):
        raise ArgumentError(
            "--tolerance bounds a comparison: give --check-against REF.mlir, "
            "or --check with --device"
        )
    if args.repeat != 1 and not args.device:
        raise ArgumentError(
            f"--repeat {args.repeat}: times runs on --device; give --device"
        )
    if args.options and not args.device:
        raise ArgumentError(
            "--options are lower-to-coopmat's for an L0 module on --device; "
            "give --device too"
        )
    args.options = lowering_options(args.options)
    if args.sweep_spec and (not args.device or args.spec):
        raise ArgumentError("--sweep-spec runs on --device and sets --spec itself")
    try:
        args.spec = parse_values(args.spec)
    except SpecializationError as err:
        raise ArgumentError(f"--spec {err}") from None


def check_spec_values(values: dict[str, int], module) -> None:
    """Refuse `--spec` values for constants the module does not have."""
    try:
        check_known(values, spec_constant_names(module))
    except SpecializationError as err:
        raise ArgumentError(f"--spec: {err}") from None


def _check_output_dir(path: str) -> None:
    """Refuse an --output-dir that cannot be made, before the run (it is
    created, and written, only when the run succeeds)."""
    if os.path.exists(path):
        if not os.path.isdir(path):
            raise ArgumentError(f"--output-dir {path}: exists and is not a directory")
        if not os.access(path, os.W_OK | os.X_OK):
            raise ArgumentError(f"--output-dir {path}: not writable")
        return
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise ArgumentError(
            f"--output-dir {path}: cannot be made, {parent} is not a directory"
        )
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ArgumentError(
            f"--output-dir {path}: cannot be made in {parent} (not writable)"
        )
