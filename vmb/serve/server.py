"""The episode pool (``vmb.serve.pool``) over the Model Context Protocol, with the official ``mcp`` SDK.

Tools: ``start_episode`` (the next pending query, or one named: the episode's id, the system prompt vmb's
agent gets, with the memory the setting gives, and the query), ``end_episode`` (the agent's answer; the
episode is scored), and the car's tools exactly as vmb's loop offers them: the discovery tool, the
memory setting's tools, every module's tools (a module's tools answer only once it is loaded, with the
loop's error before). A tool call names its episode in ``_meta`` ``"vmb/episode"`` (else the one its
connection started) and may label its turn with ``"vmb/turn"`` (calls of one label are one turn of
vmb's loop; unlabelled, each call is a turn). Arguments are never checked by the SDK: each goes through
``ToolBox.dispatch``, so an unknown name or a wrong argument gets the loop's own tool error.

Transports: streamable HTTP (``serve_http``, on 127.0.0.1 unless told otherwise; on any other address a
bearer token from the environment is required) and stdio (``serve_stdio``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import Callable
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server

from vmb.serve.pool import EpisodePool, Refused, Served
from vmb.sim.registry import API_BY_NAME, module_of

START = "start_episode"
END = "end_episode"
EPISODE_META = "vmb/episode"
TURN_META = "vmb/turn"
MODULE_META = "vmb/module"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
TOKEN_ENV = "VMB_SERVE_TOKEN"
MAX_LABEL = 64  # characters of an episode id or turn label

_START_SCHEMA = {
    "type": "object",
    "properties": {"query_id": {"type": "string", "description": "a query of the run (default: the next pending)"}},
}
_END_SCHEMA = {
    "type": "object",
    "properties": {
        "episode": {"type": "string", "description": "the episode's id (default: the one this connection started)"},
        "answer": {"type": "string", "description": "the agent's final answer to the user"},
    },
}


def episode_tools(pool: EpisodePool) -> list[types.Tool]:
    """The server's tool list: the episode's own two, then the car's as vmb's loop declares them."""
    tools = [
        types.Tool(name=START, description="Start an episode: one query of the benchmark in a default car. Returns "
                   "the episode id (pass it as _meta \"vmb/episode\" on every call), the system prompt with the "
                   "memory, and the user's request.", input_schema=_START_SCHEMA),
        types.Tool(name=END, description="End the episode with your final answer; the car's state is scored.",
                   input_schema=_END_SCHEMA),
    ]
    for schema in pool.tool_schemas():
        function = schema["function"]
        module = module_of(function["name"]) if function["name"] in API_BY_NAME else None
        # A module's tools say which module they are, so an agent can offer its model only the loaded ones, as
        # vmb's loop does.
        tools.append(types.Tool(name=function["name"], description=function.get("description"),
                                input_schema=function["parameters"], _meta=None if module is None else {MODULE_META: module}))
    return tools


def _text(content: str, *, error: bool, structured: dict[str, Any] | None = None) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=content)], structured_content=structured,
                                is_error=error)


def _label(value: Any, what: str) -> Any:
    """An episode id or turn label from the request's ``_meta``, within bounds."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, str) and len(value) <= MAX_LABEL:
        return value
    raise Refused(f"_meta \"{what}\" must be text of at most {MAX_LABEL} characters or a whole number")


def build_server(pool: EpisodePool) -> Server[Any]:
    """The MCP server of one episode pool: one list of tools, one call handler."""
    tools = episode_tools(pool)
    schemas = {tool.name: tool.input_schema for tool in tools}
    locks: dict[str, asyncio.Lock] = {}

    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
                         ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = params.arguments if isinstance(params.arguments, dict) else None
        meta = dict(ctx.meta or {})
        try:
            if params.name == START:
                return started(pool.start(_string(arguments, "query_id"), _connection(ctx)))
            if params.name == END:
                episode_id = _string(arguments, "episode") or _label(meta.get(EPISODE_META), EPISODE_META)
                served = pool.find(episode_id, _connection(ctx))
                async with locks.pop(served.id, asyncio.Lock()):
                    record = pool.end(served, _string(arguments, "answer"))
                return _text(json.dumps({"episode": served.id, "query_id": record.id, "status": record.status}),
                             error=False)
            served = pool.find(_label(meta.get(EPISODE_META), EPISODE_META), _connection(ctx))
            # One call of an episode at a time: its turns and car change in the order the calls arrive.
            async with locks.setdefault(served.id, asyncio.Lock()):
                content, ok = await pool.call(served, params.name, arguments, _label(meta.get(TURN_META), TURN_META))
            return _text(content, error=not ok)
        except Refused as refused:
            return _text(f"error: {refused}", error=True)

    return Server("vmb", version=_version(), instructions=(
        "VehicleMemBench as episodes: start_episode, call the car's tools (name the episode in _meta "
        "\"vmb/episode\"), end_episode with your answer. docs/serve.md of vmb."),
        # The 2026 protocol checks a call's Mcp-Param headers against its tool's schema: looked up here, where the SDK
        # would otherwise list (and serialise) every tool for each call.
        get_tool_input_schema=schemas.get, on_list_tools=list_tools, on_call_tool=call_tool)


def _connection(ctx: ServerRequestContext[Any]) -> object | None:
    """The client's connection (one per stdio process or legacy HTTP session; each request's own on the 2026
    protocol), for agents that do not name their episode. The SDK keeps it private on the session (no public way
    to tell one connection's requests since 2.0), so it is read by name and may be absent."""
    return getattr(ctx.session, "_connection", None)


def _string(arguments: dict[str, Any] | None, key: str) -> str | None:
    value = (arguments or {}).get(key)
    if value is None or isinstance(value, str):
        return value
    raise Refused(f"{key} must be text")


def started(served: Served) -> types.CallToolResult:
    messages = served.episode.talk.messages
    body = {"episode": served.id, "query_id": served.query.id, "trial": served.trial,
            "system": messages[0]["content"], "query": messages[1]["content"],
            "max_rounds": served.episode.max_rounds}
    return _text(json.dumps(body, ensure_ascii=False), error=False, structured=body)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("vmb")
    except metadata.PackageNotFoundError:
        return "0"


async def _watch(pool: EpisodePool, every: float = 1.0) -> None:
    """End the episodes whose time is up even when no request comes."""
    while True:
        await asyncio.sleep(every)
        pool.expire()


async def serve_stdio(pool: EpisodePool) -> None:
    """Serve over this process's stdin and stdout until the client closes them."""
    from mcp.server.stdio import stdio_server

    server = build_server(pool)
    watcher = asyncio.create_task(_watch(pool))
    try:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    finally:
        watcher.cancel()


def token_problem(host: str, token: str | None) -> str | None:
    """Why the server may not listen on ``host``: off loopback only with a token (of at least 16 characters)."""
    if host in LOOPBACK:
        return None
    if not token or len(token) < 16:
        return (f"--host {host} is reachable from other machines: set {TOKEN_ENV} to a secret of at least 16 "
                "characters (clients send it as Authorization: Bearer TOKEN)")
    return None


class _BearerToken:
    """ASGI middleware: every HTTP request carries ``Authorization: Bearer TOKEN`` or gets 401."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"text/plain")]})
                await send({"type": "http.response.body", "body": b"a bearer token is required\n"})
                return
        await self.app(scope, receive, send)


async def serve_http(pool: EpisodePool, host: str, port: int, token: str | None,
                     listening: Callable[[str], None], *, around: Callable[[Any], Any] | None = None) -> None:
    """Serve streamable HTTP at ``http://HOST:PORT/mcp`` until stopped; ``listening`` gets the URL once bound.
    ``around``: an ASGI middleware wrapped around the app (``bench serve`` times each request inside it)."""
    import uvicorn

    server = build_server(pool)
    # JSON responses: a tool call answers at once, so the request is handled in its own task, with no SSE stream.
    app: Any = server.streamable_http_app(host=host, json_response=True)
    if token is not None:
        app = _BearerToken(app, token)
    if around is not None:
        app = around(app)
    web = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on"))
    watcher = asyncio.create_task(_watch(pool))
    serving = asyncio.create_task(web.serve())
    try:
        while not web.started and not serving.done():
            await asyncio.sleep(0.02)
        if web.started:
            bound = web.servers[0].sockets[0].getsockname()[1]
            shown = f"[{host}]" if ":" in host else host
            listening(f"http://{shown}:{bound}/mcp")
        await serving
    finally:
        watcher.cancel()
