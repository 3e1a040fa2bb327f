"""``vmb serve`` timed from the inside, for the ``serve`` suite: the command's own server in this process, each
request's time inside it (from the request read, its headers parsed, to its response written) recorded by an ASGI
middleware and written as JSON lines to a file when the server stops.

    python -m bench.served TIMINGS -- VMB-SERVE-OPTIONS...
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any


class Timed:
    """ASGI middleware: each HTTP request's seconds from its call to its last body written, with its MCP method
    and name (the ``Mcp-Method`` and ``Mcp-Name`` headers the 2026 protocol's clients send)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.timings: list[tuple[str, str, float]] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        headers = dict(scope.get("headers") or [])
        method, name = headers.get(b"mcp-method", b"").decode(), headers.get(b"mcp-name", b"").decode()

        async def timed(message: dict[str, Any]) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                self.timings.append((method, name, time.perf_counter() - start))

        await self.app(scope, receive, timed)


def main(argv: list[str]) -> None:
    from vmb.harness.plan import prepare_run
    from vmb.results.rundir import RunDir
    from vmb.serve import command
    from vmb.serve.pool import EpisodePool
    from vmb.serve.server import serve_http

    timings_file, _, options = argv[0], argv[1], argv[2:]
    parser = argparse.ArgumentParser(prog="bench.served")
    command.add_arguments(parser)
    args = parser.parse_args(options)
    config, _ = command.config_from_args(args)
    rundir = RunDir(Path(config.out))
    rundir.lock()
    pool = EpisodePool(prepare_run(config), rundir, seconds=args.episode_seconds)
    timed: list[Timed] = []

    def around(app: Any) -> Any:
        timed.append(Timed(app))
        return timed[0]

    async def serve() -> None:
        await pool.prepare(force=False)
        try:
            await serve_http(pool, args.host, args.port, None,
                             lambda url: print(f"listening on {url}", file=sys.stderr, flush=True), around=around)
        finally:
            pool.close()
            # Here, before uvicorn raises again the signal that stopped it.
            Path(timings_file).write_text("".join(json.dumps(t) + "\n" for t in timed[0].timings) if timed else "")

    try:
        asyncio.run(serve())
    finally:
        rundir.unlock()


if __name__ == "__main__":
    main(sys.argv[1:])
