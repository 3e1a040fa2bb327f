"""What a run is: its settings, which of them determine results, and how requests are shaped.

``RunConfig`` holds every setting of a run. ``determining()`` is the part that can change a query's
result (model, endpoint, memory, sampling, prompts, data); its hash guards resuming into a run
directory. Everything else (concurrency, retries, timeouts, where the cache lives) only changes how
fast or how robustly the same results arrive, and is recorded without being hashed.

Thinking mode and the output-token field differ between server families. They are chosen from
``SERVER_FAMILIES`` by ``--server`` (or from the endpoint's host for the hosted APIs listed in
``HOST_FAMILIES``), never guessed from the model name.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlparse

AGENTS = ("model", "oracle", "noop")


@dataclass(frozen=True)
class ServerFamily:
    name: str
    # Builds the request fields that switch thinking on or off; None: the family has no such switch.
    thinking: Callable[[bool], dict[str, Any]] | None
    max_tokens_field: str


def _template_kwargs(on: bool) -> dict[str, Any]:
    return {"chat_template_kwargs": {"enable_thinking": on}}


SERVER_FAMILIES: dict[str, ServerFamily] = {
    # Hosted OpenAI rejects max_tokens for its reasoning models; max_completion_tokens works for all.
    "openai": ServerFamily("openai", None, "max_completion_tokens"),
    "dashscope": ServerFamily("dashscope", lambda on: {"enable_thinking": on}, "max_tokens"),
    "vllm": ServerFamily("vllm", _template_kwargs, "max_tokens"),
    "sglang": ServerFamily("sglang", _template_kwargs, "max_tokens"),
    "llamacpp": ServerFamily("llamacpp", None, "max_tokens"),
    "ollama": ServerFamily("ollama", None, "max_tokens"),
    "generic": ServerFamily("generic", None, "max_tokens"),
}

HOST_FAMILIES = {
    "api.openai.com": "openai",
    "dashscope.aliyuncs.com": "dashscope",
    "dashscope-intl.aliyuncs.com": "dashscope",
}


def resolve_family(server: str, base_url: str | None) -> ServerFamily:
    if server != "auto":
        if server not in SERVER_FAMILIES:
            raise ValueError(f"unknown server family {server!r}; choose from auto, {', '.join(SERVER_FAMILIES)}")
        return SERVER_FAMILIES[server]
    host = urlparse(base_url or "").hostname or ""
    return SERVER_FAMILIES[HOST_FAMILIES.get(host, "generic")]


def parse_groups(text: str) -> list[int]:
    """``"1-5,8,10-12"`` → ``[1, 2, 3, 4, 5, 8, 10, 11, 12]``."""
    out: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if first > last:
            raise ValueError(f"empty group range {part!r}")
        out.update(range(first, last + 1))
    return sorted(out)


@dataclass
class RunConfig:
    out: str
    memory: str = "gold"
    agent: str = "model"
    model: str | None = None
    base_url: str | None = None
    server: str = "auto"
    thinking: str | None = None  # "on", "off" or None (nothing sent)
    temperature: float = 0.0
    max_tokens: int = 8192
    max_rounds: int = 10
    tool_choice: str = "auto"
    text_calls: bool = True
    memory_options: dict[str, Any] = field(default_factory=dict)
    groups: list[int] | None = None
    limit: int | None = None
    data: str | None = None
    concurrency: int = 8
    retries: int = 3
    timeout: float = 600.0
    backoff: float = 1.0
    cache_dir: str | None = None
    use_cache: bool = True
    plugins: list[str] = field(default_factory=list)

    def validate(self) -> None:
        if self.agent not in AGENTS:
            raise ValueError(f"unknown agent {self.agent!r}; choose from {', '.join(AGENTS)}")
        if self.agent == "model" and not (self.model and self.base_url):
            raise ValueError("--agent model needs --model and --base-url")
        if self.thinking not in (None, "on", "off"):
            raise ValueError("--thinking takes on or off")
        if self.concurrency < 1 or self.max_rounds < 1 or self.retries < 0:
            raise ValueError("--concurrency and --max-rounds must be at least 1, --retries at least 0")
        resolve_family(self.server, self.base_url)

    @property
    def family(self) -> ServerFamily:
        return resolve_family(self.server, self.base_url)

    def request_params(self) -> dict[str, Any]:
        """Fields sent with every chat request besides messages and tools."""
        params: dict[str, Any] = {
            "temperature": self.temperature,
            self.family.max_tokens_field: self.max_tokens,
            "tool_choice": self.tool_choice,
        }
        if self.thinking is not None and self.family.thinking is not None:
            params.update(self.family.thinking(self.thinking == "on"))
        return params

    def cache_path(self) -> Path:
        return self.cache_root() / "requests.sqlite"

    def cache_root(self) -> Path:
        """``--cache-dir``, else ``$VMB_CACHE_DIR``, else ``.cache`` beside the run directory."""
        chosen = self.cache_dir or os.environ.get("VMB_CACHE_DIR")
        return Path(chosen) if chosen else Path(self.out).resolve().parent / ".cache"

    def determining(self, prompts: dict[str, Any], data_sha256: str) -> dict[str, Any]:
        """Everything that can change a query's result; its hash guards resuming."""
        offline = self.agent != "model"
        return {
            "agent": self.agent,
            "model": None if offline else self.model,
            "base_url": None if offline else self.base_url,
            "server_family": None if offline else self.family.name,
            "thinking": self.thinking,
            "thinking_sent": None if offline else (self.thinking is not None and self.family.thinking is not None),
            "request_params": None if offline else self.request_params(),
            "max_rounds": self.max_rounds,
            "text_calls": self.text_calls,
            "memory": self.memory,
            "memory_options": self.memory_options,
            "prompts": prompts,
            "data_sha256": data_sha256,
        }

    def operational(self) -> dict[str, Any]:
        """Settings recorded for the reader that do not change results."""
        return {
            "concurrency": self.concurrency,
            "retries": self.retries,
            "timeout": self.timeout,
            "backoff": self.backoff,
            "use_cache": self.use_cache,
            "cache_dir": str(self.cache_root()),
            "plugins": self.plugins,
        }


def config_hash(determining: dict[str, Any]) -> str:
    canonical = json.dumps(determining, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def data_checksum(root: Path) -> str:
    """SHA-256 over the release's history and QA files (names and contents), in a fixed order."""
    digest = hashlib.sha256()
    for path in sorted([*root.glob("history/*.txt"), *root.glob("qa_data/*.json")]):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def package_versions() -> dict[str, str]:
    import platform
    from importlib import metadata

    versions = {"python": platform.python_version()}
    for name in ("vmb", "openai", "httpx2", "tqdm", "bpe-openai"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions
