"""coopmlir-opt: the mlir-opt of coopmlir.

Passes are chosen mlir-opt style (`--lower-to-coopmat`,
`--lower-to-coopmat="stages=1 target=h100-vulkan"`) or xdsl-opt style
(`-p a,b{x=1}`), and run in command-line order. Bad input is reported as
`file:line:col: error: ...` with exit code 1, never as a traceback.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import os
import sys
import textwrap
import traceback
from collections.abc import Sequence
from io import StringIO
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    VerifyException,
)
from xdsl.xdsl_opt_main import xDSLOptMain

from coopmlir.diagnostics import (
    CompileError,
    LocatedParser,
    parse_failure,
    verify_with_locations,
)
from coopmlir.dialects.registry import make_context
from coopmlir.runtime.device_target import query_for_passes
from coopmlir.tools import registry

EXIT_BAD_INPUT = 1
EXIT_INTERNAL_ERROR = 70


def gather_pass_flags(argv: Sequence[str], pass_names: Sequence[str]) -> list[str]:
    """Turn mlir-opt pass flags into one xdsl `-p` pipeline, keeping their order.

    `--name` becomes `name`, `--name=opts` / `--name opts`-free forms become
    `name{opts}`; `-p`/`--passes` lists are spliced in where they appear.
    """
    rest: list[str] = []
    pipeline: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg in ("-p", "--passes") and i < len(args):
            pipeline.extend(p for p in [args[i]] if p)
            i += 1
            continue
        if arg.startswith("--passes="):
            pipeline.append(arg.removeprefix("--passes="))
            continue
        name, eq, options = arg.removeprefix("--").partition("=")
        if arg.startswith("--") and name in pass_names:
            pipeline.append(f"{name}{{{options}}}" if eq and options else name)
            continue
        rest.append(arg)
    if pipeline:
        rest += ["-p", ",".join(pipeline)]
    return rest


def option_docs(pass_class: type[ModulePass]) -> dict[str, str]:
    """Each option field's docstring (the string literal after the field in
    the class body), on one line; {} when the source is not available."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(pass_class)))
    except (OSError, TypeError, SyntaxError):
        return {}
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body else []
    for field, after in zip(body, body[1:], strict=False):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs


def pass_summary(name: str, pass_class: type[ModulePass]) -> str:
    """The first line of the pass's module docstring (`name: what it does`),
    else of its class docstring."""
    module_doc = sys.modules[pass_class.__module__].__doc__ or ""
    first = module_doc.strip().split("\n")[0]
    if first.startswith(f"{name}:"):
        return first.removeprefix(f"{name}:").strip()
    own = pass_class.__dict__.get("__doc__") or ""
    if own.strip() and not own.startswith(f"{pass_class.__name__}("):
        return own.strip().split("\n")[0]
    return f"xDSL's {pass_class.__name__}"


def pass_options_help() -> str:
    """The passes and their options, one line each, for `--help`."""
    lines = [
        'passes, in command-line order (--name, --name="option=value ...", '
        "or -p 'name{option=value}'):"
    ]
    for name, factory in registry.PASSES.items():
        pass_class = factory()
        lines.append(f"  --{name:<22} {pass_summary(name, pass_class)}")
        docs = option_docs(pass_class)
        for field in dataclasses.fields(pass_class):
            kind = str(field.type).replace(" | None", "")
            option = f"{field.name.replace('_', '-')}=<{kind}>"
            default = field.default
            shown = "" if default in (None, dataclasses.MISSING) else default
            if isinstance(shown, bool):
                shown = str(shown).lower()
            default_text = f"(default: {shown})" if shown != "" else ""
            text = " ".join(t for t in (docs.get(field.name, ""), default_text) if t)
            lines.append(f"      {option:<20} {text}".rstrip())
    return "\n".join(lines)


class _HelpWithPassOptions(argparse.HelpFormatter):
    """argparse's help, followed by every pass and its options. Built only
    for the full `--help` (not for usage lines), as it imports every pass."""

    _full = False

    def start_section(self, heading) -> None:
        self._full = True
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{pass_options_help()}\n" if self._full else text


class CoopmlirOptMain(xDSLOptMain):
    """xDSLOptMain with coopmlir's dialects and passes and located errors."""

    version_format = "coopmlir-opt (xdsl {xdsl_version})"

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.formatter_class = _HelpWithPassOptions

    def register_all_dialects(self) -> None:
        # Every coopmlir dialect, and the device query for target=vulkan.
        self.ctx = make_context(query_for_passes)

    def register_all_passes(self) -> None:
        for name, factory in registry.PASSES.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        super().register_all_targets()
        self.available_targets.update(registry.OUTPUT_FORMATS)

    def setup_pipeline(self) -> None:
        try:
            super().setup_pipeline()
        except (Exception, ArgSpecParseError) as err:
            raise CompileError(
                f"error: invalid pass pipeline '{self.args.passes}': {err}"
            ) from None

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        if file_extension != "mlir":
            raise CompileError.at(self.get_input_name(), "expected an .mlir file")
        parser = LocatedParser(
            self.ctx, chunk.read(), self.get_input_name(), start_offset
        )
        try:
            return parser.parse_module(not self.args.no_implicit_module)
        except ParseError as err:
            raise parse_failure(err, start_offset) from None

    def apply_passes(self, prog: ModuleOp) -> None:
        if not self.args.disable_verify:
            verify_with_locations(prog)
        self.pipeline.apply(self.ctx, prog)

    def run(self) -> None:
        """Process each chunk; diagnostics are printed (with
        --verify-diagnostics) or raised. The output file is only written when
        every chunk succeeded."""
        chunks, extension = self.prepare_input()
        output_file = self.args.output_file
        if self.args.target == "mlir" and str(output_file).endswith(".spv"):
            self.args.target = "spirv-bin"
        binary = self.args.target in registry.BINARY_OUTPUTS
        out = sys.stdout if output_file is None and not binary else StringIO()
        for i, (chunk, offset) in enumerate(chunks):
            try:
                if i > 0:
                    out.write("// -----\n")
                module = self.parse_chunk(chunk, extension, offset)
                if module is not None:
                    self.apply_passes(module)
                    out.write(self.output_resulting_program(module))
            except Exception as err:
                message = describe_error(err)
                if message is None or not self.args.verify_diagnostics:
                    raise
                out.flush()
                print(message, flush=True)
            finally:
                chunk.close()
        if binary:
            data = out.getvalue().encode("latin-1")  # one char per byte
            if output_file is None:
                sys.stdout.buffer.write(data)
            else:
                with open(output_file, "wb") as f:
                    f.write(data)
        elif output_file is not None:
            with open(output_file, "w") as f:
                f.write(out.getvalue())


def describe_error(err: BaseException) -> str | None:
    """The user-facing message of an expected error, or None for a bug."""
    if isinstance(err, CompileError):
        return str(err)
    if isinstance(err, ParseError):
        return str(parse_failure(err))
    if isinstance(err, DiagnosticException | VerifyException):
        message = str(err)
        return message if ": error: " in message else f"error: {message}"
    if isinstance(err, ArgSpecParseError):
        return f"error: {err}"
    if isinstance(err, ValueError | OSError):
        return f"error: {err}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        argv = gather_pass_flags(argv, list(registry.PASSES))
        CoopmlirOptMain(description=__doc__.split("\n")[0], args=argv).run()
    except SystemExit as exit_:
        # argparse exits with 2 on a bad flag; coopmlir reports bad input as 1.
        return EXIT_BAD_INPUT if exit_.code not in (0, None) else 0
    except BaseException as err:  # noqa: BLE001 - the last line of defence
        if isinstance(err, KeyboardInterrupt):
            return 130
        message = describe_error(err)
        if message is not None:
            print(message, file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"coopmlir-opt: internal error: {err!r}", file=sys.stderr)
        if os.environ.get("COOPMLIR_TRACEBACK"):
            traceback.print_exc()
        else:
            print("(set COOPMLIR_TRACEBACK=1 for the traceback)", file=sys.stderr)
        return EXIT_INTERNAL_ERROR
    return 0


if __name__ == "__main__":
    sys.exit(main())
