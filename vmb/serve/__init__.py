"""``vmb serve`` (the ``serve`` extra, on the official ``mcp`` SDK): the benchmark as MCP episodes for an agent
that brings its own loop and memory. ``vmb.serve.pool`` fills an ordinary run directory one episode at a time
through the harness's ``Episode`` (the object vmb's own loop drives, so the two cannot drift);
``vmb.serve.server`` puts it on MCP (streamable HTTP on 127.0.0.1, or stdio); ``vmb.serve.agents`` holds agents
written against MCP alone (the oracle, a chat loop around any OpenAI-compatible endpoint); ``vmb.serve.command``
is the command. docs/serve.md says how an outside agent connects."""
