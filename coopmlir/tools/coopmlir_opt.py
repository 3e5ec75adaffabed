"""coopmlir-opt: the mlir-opt of coopmlir.

Passes are chosen mlir-opt style (`--lower-to-coopmat`,
`--lower-to-coopmat="stages=1 target=h100-vulkan"`,
`--pass-pipeline='builtin.module(...)'`) or xdsl-opt style (`-p a,b{x=1}`),
and run in command-line order. Bad input is reported as
`file:line:col: error: ...` with exit code 1, never as a traceback.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from io import StringIO

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.printer import Printer
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import ArgSpecParseError, ParseError
from xdsl.xdsl_opt_main import xDSLOptMain

from coopmlir import __version__
from coopmlir.diagnostics import (
    CompileError,
    LocatedParser,
    nesting_guard,
    parse_failure,
    verify_with_locations,
)
from coopmlir.dialects.registry import install_mlir_syntax, make_context
from coopmlir.targets import Target
from coopmlir.tools import registry
from coopmlir.tools.diagnostic_capture import DiagnosticCollector, diagnostic_of
from coopmlir.tools.exit_codes import EXIT_BAD_INPUT, internal_error
from coopmlir.tools.opt_help import HelpWithPassOptions
from coopmlir.tools.opt_input import (
    DEFAULT_SPLIT_MARKER,
    Chunk,
    input_name,
    read_input,
    split_input,
)
from coopmlir.tools.pass_instrumentation import PassInstrumentation, Timing
from coopmlir.tools.pass_pipeline import (
    dump_pass_pipeline,
    parse_pass_pipeline,
    pass_options,
)
from coopmlir.tools.process import prepare_process, quiet_broken_pipe, stdout_or_error
from coopmlir.tools.verify_diagnostics import match, parse_expectations, render


def gather_pass_flags(argv: Sequence[str], pass_names: Sequence[str]) -> list[str]:
    """Turn mlir-opt pass flags into one xdsl `-p` pipeline, keeping their order.

    `--name` becomes `name`, `--name=opts` becomes `name{opts}`, the passes
    of `--pass-pipeline=...` are flattened (see `pass_pipeline`), and
    `-p`/`--passes` lists are spliced in where they appear.
    """
    rest: list[str] = []
    pipeline: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg in ("-p", "--passes", "--pass-pipeline") and i < len(args):
            arg, i = f"{arg}={args[i]}", i + 1
        if arg.startswith(("--passes=", "-p=")):
            pipeline.extend(p for p in [arg.split("=", 1)[1]] if p)
            continue
        if arg.startswith("--pass-pipeline="):
            pipeline.extend(parse_pass_pipeline(arg.split("=", 1)[1]))
            continue
        name, eq, options = arg.removeprefix("--").partition("=")
        if arg.startswith("--") and name in pass_names:
            spec = pass_options(name, options) if eq and options else ""
            pipeline.append(f"{name}{{{spec}}}" if spec else name)
            continue
        rest.append(arg)
    if pipeline:
        rest += ["-p", ",".join(pipeline)]
    return rest


#: mlir-opt flags with an optional `=VALUE`, and the option that takes it.
_FLAG_VALUES = {
    "--split-input-file": "--split-input-marker",
    "--verify-diagnostics": "--verify-diagnostics-mode",
}


_SINGLE_DASH_LONG = re.compile(r"-[A-Za-z][\w-]+(=.*)?", re.S)


def double_dash(argv: Sequence[str]) -> list[str]:
    """mlir-opt's single-dash spellings of long flags (`-split-input-file`,
    `-verify-diagnostics`, `-lower-to-coopmat=...`, as MLIR's own RUN lines
    write them) as `--...`; one-letter flags (`-o`, `-p`, `-t`) stay."""
    return ["-" + arg if _SINGLE_DASH_LONG.fullmatch(arg) else arg for arg in argv]


def split_flag_values(argv: Sequence[str]) -> list[str]:
    """`--split-input-file=MARKER` becomes `--split-input-file
    --split-input-marker=MARKER` (likewise `--verify-diagnostics=MODE`): as
    in mlir-opt, the value needs `=`, so `--split-input-file in.mlir` still
    names the input."""
    result = []
    for arg in argv:
        flag, eq, value = arg.partition("=")
        if eq and flag in _FLAG_VALUES:
            result += [flag, f"{_FLAG_VALUES[flag]}={value}"]
        else:
            result.append(arg)
    return result


def _mlir_opt_arguments(parser: argparse.ArgumentParser) -> None:
    """mlir-opt's spellings (and the xdsl-opt ones they replace)."""
    # Redefine xDSL's flags of the same names (xDSLOptMain builds the parser;
    # argparse keeps the handler per group, so the optionals' group too).
    parser.conflict_handler = "resolve"
    parser._optionals.conflict_handler = "resolve"
    parser.add_argument(
        "--split-input-file",
        action="store_true",
        help=f"process each chunk between '{DEFAULT_SPLIT_MARKER}' lines alone "
        "(--split-input-file=MARKER: between MARKERs)",
    )
    parser.add_argument(
        "--verify-diagnostics",
        action="store_true",
        help="check the diagnostics against the input's expected-* lines "
        "(--verify-diagnostics=only-expected: ignore unexpected ones)",
    )
    # The values of `--flag=VALUE` spellings (see `split_flag_values`).
    parser.add_argument("--split-input-marker", help=argparse.SUPPRESS)
    parser.add_argument(
        "--verify-diagnostics-mode",
        choices=("all", "only-expected"),
        default="all",
        help=argparse.SUPPRESS,
    )
    parser.add_argument(
        "--print-op-generic",
        "--mlir-print-op-generic",
        action="store_true",
        help="print operations in the generic form",
    )
    parser.add_argument(
        "--mlir-compatible",
        action="store_true",
        help="print coopmlir's own ops (coopmat, coopmlir) generic and their "
        "types and attributes as IRDL parameters, so that mlir-opt "
        "--irdl-file=dialects/coopmlir.irdl.mlir reads the output",
    )
    parser.add_argument(
        "--emit-irdl",
        action="store_true",
        help="print coopmlir's own dialects in IRDL (for mlir-opt --irdl-file) "
        "and exit",
    )
    parser.add_argument(
        "--print-debuginfo",
        "--mlir-print-debuginfo",
        action="store_true",
        help="print the location of every operation",
    )
    parser.add_argument(
        "--mlir-print-local-scope",
        action="store_true",
        help="accepted for mlir-opt: coopmlir always prints attributes, types "
        "and locations in place (no aliases)",
    )
    for when in ("before", "after"):
        parser.add_argument(
            f"--mlir-print-ir-{when}-all",
            action="store_true",
            help=f"print the IR on stderr {when} each pass",
        )
    parser.add_argument(
        "--mlir-timing", action="store_true", help="print a timing report on stderr"
    )
    parser.add_argument(
        "--dump-pass-pipeline",
        action="store_true",
        help="print the pass pipeline on stderr before running it",
    )
    parser.add_argument(
        "--show-dialects",
        action="store_true",
        help="list the registered dialects and exit",
    )


def _query_device(device: str | None) -> Target:
    """`target=vulkan[:DEVICE]`'s query; the Vulkan runtime (and numpy) are
    imported only when a pass asks for it, not at every start-up."""
    from coopmlir.runtime.device_target import query_for_passes

    return query_for_passes(device)


class CoopmlirOptMain(xDSLOptMain):
    """xDSLOptMain with coopmlir's dialects and passes, mlir-opt's flags and
    located errors."""

    version_format = f"coopmlir-opt {__version__} (xDSL {{xdsl_version}})"

    def __init__(self, description: str, args: Sequence[str]):
        self.timing: Timing | None = None
        super().__init__(description=description, args=args)

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        _mlir_opt_arguments(arg_parser)
        arg_parser.formatter_class = HelpWithPassOptions

    def register_all_dialects(self) -> None:
        # Every coopmlir dialect, and the device query for target=vulkan;
        # MLIR's syntax is installed as dialects load and before passes run
        # (setup_pipeline), not for --help.
        self.ctx = make_context(_query_device, mlir_syntax=False)

    def register_all_passes(self) -> None:
        for name, factory in registry.PASSES.items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        # MLIR text and coopmlir's SPIR-V, not xDSL's other backends (llvm,
        # riscv-asm, wgsl, ...), which know no coopmlir op.
        self.available_targets.update(registry.OUTPUT_FORMATS)

    def setup_pipeline(self) -> None:
        if self.args.mlir_timing:
            self.timing = Timing()
        try:
            super().setup_pipeline()
        except (Exception, ArgSpecParseError) as err:
            raise CompileError(
                f"error: invalid pass pipeline '{self.args.passes}': {err}"
            ) from None
        if self.pipeline.passes:
            install_mlir_syntax()  # passes build ops of dialects not loaded yet
        self.pipeline = type(self.pipeline)(
            self.pipeline.passes,
            PassInstrumentation(
                print_op=self.print_op,
                verify=not self.args.disable_verify,
                print_before_all=self.args.mlir_print_ir_before_all,
                print_after_all=self.args.mlir_print_ir_after_all,
                print_between_passes=self.args.print_between_passes,
                time_passes=self.args.time_passes,
                timing=self.timing,
            ),
        )

    def get_input_name(self) -> str:
        return input_name(self.args.input_file)

    def print_op(self, module: ModuleOp, printer: Printer) -> None:
        """Print as the output does (generic form, locations, MLIR's form of
        coopmlir's dialects with --mlir-compatible): the IR dumps too."""
        if self.args.mlir_compatible:
            from coopmlir.dialects.mlir_form import MlirFormPrinter

            printer = MlirFormPrinter(
                stream=printer.stream,
                print_debuginfo=self.args.print_debuginfo,
                generic_elsewhere=self.args.print_op_generic,
            )
        printer.print_generic_format = self.args.print_op_generic
        printer.print_debuginfo = self.args.print_debuginfo
        with self._generic_spelling(module):
            printer.print_op(module)

    def _generic_spelling(self, module: ModuleOp):
        """MLIR's generic spelling of gpu ops where the generic form is printed."""
        if not self.args.print_op_generic:
            return nullcontext()
        from coopmlir.dialects.gpu_syntax import mlir_generic_spelling

        return mlir_generic_spelling(module)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        if parse_spec(self.args.target).name != "mlir":
            return super().output_resulting_program(prog)
        top = self._top_level_op(prog)
        with self._generic_spelling(prog):
            if top is prog and not self.args.mlir_compatible:
                return super().output_resulting_program(prog)
            return self._print_top_level(top)

    def _top_level_op(self, prog: ModuleOp) -> Operation:
        """What the output's top level is: with --no-implicit-module, as in
        mlir-opt, a module that only wraps one op (a spirv.module left by
        drop-gpu-module) is that op; else the module."""
        ops = list(prog.ops)
        if (
            self.args.no_implicit_module
            and len(ops) == 1
            and not prog.attributes
            and prog.sym_name is None
        ):
            return ops[0]
        return prog

    def _print_top_level(self, top: Operation) -> str:
        """`top` as MLIRTarget prints a module; coopmlir's own dialects in
        MLIR's form for IRDL dialects with --mlir-compatible."""
        from coopmlir.dialects.mlir_form import MlirFormPrinter

        out = StringIO()
        flags = {"stream": out, "print_debuginfo": self.args.print_debuginfo}
        if self.args.mlir_compatible:
            printer = MlirFormPrinter(
                **flags, generic_elsewhere=self.args.print_op_generic
            )
        else:
            printer = Printer(**flags, print_generic_format=self.args.print_op_generic)
        printer.print_op(top)
        printer.print_metadata(self.ctx.loaded_dialects)
        out.write("\n\n")
        return out.getvalue()

    def _timed(self, name: str, work):
        if self.timing is None:
            return work()
        start = time.perf_counter()
        try:
            return work()
        finally:
            self.timing.add(name, time.perf_counter() - start)

    def parse_chunk(self, chunk: Chunk) -> ModuleOp:
        parser = LocatedParser(
            self.ctx, chunk.data, self.get_input_name(), chunk.line_offset
        )
        try:
            # With --no-implicit-module the one top-level op may be any op
            # (mlir-opt's rule): the passes see it in a module all the same,
            # and the output prints it alone (`_top_level_op`).
            return parser.parse_module()
        except ParseError as err:
            raise parse_failure(err, chunk.line_offset) from None

    def process(self, chunk: Chunk) -> str:
        """Parse, verify, run the passes and print one chunk."""
        with nesting_guard(f"{self.get_input_name()}:{chunk.line_offset + 1}:1"):
            return self._process(chunk)

    def _process(self, chunk: Chunk) -> str:
        try:
            module = self._timed("Parser", lambda: self.parse_chunk(chunk))
        except CompileError as err:
            if not self.args.parsing_diagnostics:
                raise
            return f"{err}\n"  # xdsl-opt's --parsing-diagnostics: print, go on
        if not self.args.disable_verify:
            verify_with_locations(module)
        self.pipeline.apply(self.ctx, module)
        return self._timed("Output", lambda: self.output_resulting_program(module))

    def verify_chunk(
        self, chunk: Chunk, collector: DiagnosticCollector, lines: list[str]
    ) -> bool:
        """Match the chunk's diagnostics with its expected-* lines; print
        every mismatch on stderr; True when there was none."""
        text = chunk.data.decode("utf-8", errors="replace")
        expectations, problems = parse_expectations(text, chunk.line_offset + 1)
        only_expected = self.args.verify_diagnostics_mode == "only-expected"
        name = self.get_input_name()
        problems += match(collector.diagnostics, expectations, name, only_expected)
        for problem in problems:
            print(render(problem, name, lines), file=sys.stderr)
        return not problems

    def run(self) -> int:
        """Process each chunk; the exit code. Errors in one chunk are
        reported and the next chunk is processed (as mlir-opt does); with
        --verify-diagnostics they are matched with the expectations instead.
        The output file is only written when the exit code is 0."""
        if self.args.emit_irdl:
            from coopmlir.dialects.irdl_export import irdl_text

            sys.stdout.write(irdl_text())
            return 0
        if self.args.show_dialects:
            names = ",".join(sorted(self.ctx.registered_dialect_names))
            print(f"Available Dialects: {names}")
            return 0
        if self.args.dump_pass_pipeline:
            sys.stderr.write(dump_pass_pipeline(self.pipeline.passes))
        data = read_input(self.args.input_file)
        lines = data.decode("utf-8", errors="replace").split("\n")
        marker = self.args.split_input_marker or DEFAULT_SPLIT_MARKER
        chunks = split_input(data, marker if self.args.split_input_file else None)
        output_file = self.args.output_file
        if output_file == "-":  # mlir-opt's `-o -`: standard output
            output_file = None
        if self.args.target == "mlir" and str(output_file).endswith(".spv"):
            self.args.target = "spirv-bin"
        binary = self.args.target in registry.BINARY_OUTPUTS
        out = stdout_or_error() if output_file is None and not binary else StringIO()
        verify = self.args.verify_diagnostics
        ok = True
        for i, chunk in enumerate(chunks):
            if i > 0:
                out.write("// -----\n")
            collector = DiagnosticCollector()
            with collector.capturing_stderr() if verify else nullcontext():
                try:
                    out.write(self.process(chunk))
                except Exception as err:
                    diagnostic = diagnostic_of(err)
                    if diagnostic is None:
                        raise
                    if verify:
                        collector.add(diagnostic)
                    else:
                        out.flush()
                        print(describe_error(err), file=sys.stderr, flush=True)
                        ok = False
            if verify:
                ok = self.verify_chunk(chunk, collector, lines) and ok
        if self.timing is not None:
            sys.stderr.write(self.timing.report())
        if not ok:
            return EXIT_BAD_INPUT
        if binary:
            data = out.getvalue().encode("latin-1")  # one char per byte
            if output_file is None:
                stdout_or_error().buffer.write(data)
            else:
                with open(output_file, "wb") as f:
                    f.write(data)
        elif output_file is not None:
            with open(output_file, "w") as f:
                f.write(out.getvalue())
        return 0


def describe_error(err: BaseException) -> str | None:
    """The user-facing text of an expected error (with the source line for
    parse errors), or None for a bug."""
    if isinstance(err, ParseError):
        err = parse_failure(err)
    if isinstance(err, CompileError):
        return str(err)
    diagnostic = diagnostic_of(err)
    if diagnostic is None:
        return None
    where = f"{diagnostic.location}: " if diagnostic.location else ""
    return f"{where}error: {diagnostic.message}"


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    prepare_process()  # deep nesting allowed, collector tuned for IR
    try:
        argv = double_dash(argv)
        argv = split_flag_values(gather_pass_flags(argv, list(registry.PASSES)))
        return CoopmlirOptMain(description=__doc__.split("\n")[0], args=argv).run()
    except SystemExit as exit_:
        # argparse exits with 2 on a bad flag; coopmlir reports bad input as 1.
        return EXIT_BAD_INPUT if exit_.code not in (0, None) else 0
    except BrokenPipeError:
        return quiet_broken_pipe()
    except BaseException as err:  # noqa: BLE001 - the last line of defence
        if isinstance(err, KeyboardInterrupt):
            return 130
        message = describe_error(err)
        if message is not None:
            print(message, file=sys.stderr)
            return EXIT_BAD_INPUT
        return internal_error("coopmlir-opt", err)


if __name__ == "__main__":
    sys.exit(main())
