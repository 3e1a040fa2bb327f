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

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from vmb.bounds import did_you_mean, number_problem
from vmb.errors import OptionError
from vmb.harness.shard import Shard
from vmb.jsontypes import declared_types, fits
from vmb.llm.local import LocalModelError, endpoint_identity, local_model, local_name
from vmb.memory import named_setting
from vmb.results.header import Determining

# An agent outside vmb, served the benchmark by `vmb serve` (its own loop and model; `vmb run` cannot drive it).
EXTERNAL_AGENT = "external"


def agent_names() -> tuple[str, ...]:
    """Agents that need no endpoint: the reference replayed, nothing at all, the release's reference replayed
    on a twin (``vmb twin``), and each shortcut baseline when the maker's extra is there (``vmb.doubles.offline``
    declares them; the baselines are loaded only when an agent name is checked, not by `vmb --help`)."""
    from vmb.doubles.offline import CORE_AGENTS, shortcut_baselines

    return ("model", *CORE_AGENTS, *shortcut_baselines(required=False))


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
            raise ValueError(f"unknown server family {server!r}{did_you_mean(server, ['auto', *SERVER_FAMILIES])}; "
                             f"choose from auto, {', '.join(SERVER_FAMILIES)}")
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
        if not low.strip().isdigit() or not (high.strip().isdigit() or not high):
            raise OptionError(f"--groups: {part!r} is not a group number or a range such as 1-5")
        first, last = int(low), int(high or low)
        if first > last:
            raise OptionError(f"--groups: the range {part!r} is empty")
        out.update(range(first, last + 1))
    if not out:
        raise OptionError(f"--groups: {text!r} names no group")
    return sorted(out)


def check_groups(groups: list[int] | None, available: list[int]) -> None:
    """Refuse a selection naming groups the benchmark does not have (rather than running none or all)."""
    missing = sorted(set(groups or []) - set(available))
    if missing:
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        raise OptionError(f"--groups: the benchmark has no group {shown} (it has groups "
                          f"{min(available)}-{max(available)})")


def _check_baseline_memory(agent: str, memory: str) -> None:
    """Refuse a shortcut baseline under a memory setting it does not read: it reads what it declares
    (``Baseline.memory``) whatever --memory says, so its score would be recorded under the wrong setting."""
    from vmb.doubles.offline import CORE_AGENTS, shortcut_baselines

    baseline = None if agent in ("model", *CORE_AGENTS) else shortcut_baselines(required=False).get(agent)
    if baseline is not None and memory != baseline.memory:
        raise OptionError(f"--agent {agent} reads the {baseline.memory} memory setting whatever --memory says; "
                          f"run it with --memory {baseline.memory}, not --memory {memory}")


_SECRET_QUERY = ("key", "token", "secret", "password", "auth")


def check_base_url(url: str) -> None:
    """An http(s) URL with a host and a valid port, carrying no credentials (keys come from the environment)."""
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise OptionError(f"--base-url: {url!r} is not an http(s) URL such as http://127.0.0.1:8080/v1")
    try:
        _ = parsed.port  # reading it checks the port
    except ValueError:
        raise OptionError("--base-url: the port must be a number from 1 to 65535") from None
    if parsed.username is not None or parsed.password is not None:
        raise OptionError("--base-url: the URL carries credentials; remove them and put the API key in "
                          "VMB_API_KEY or OPENAI_API_KEY (it is never written to the run directory)")
    if any(word in parsed.query.lower() for word in _SECRET_QUERY):
        raise OptionError("--base-url: the URL's query looks like it carries a key; remove it and put the API key "
                          "in VMB_API_KEY or OPENAI_API_KEY (it is never written to the run directory)")


def _at_least(option: str, value: Any, low: float, *, above: bool = False, whole: bool = False) -> None:
    problem = number_problem(option, value, low, above=above, whole=whole)
    if problem is not None:
        raise OptionError(problem)


# What each kind of RunConfig field holds, in an option's words; whether a value is of its declared type is
# vmb.jsontypes' to say (the numbers are checked with their bounds in validate, the shard below).
_FIELD_WORDS: dict[str, str] = {
    "str": "text", "str | None": "text", "bool": "true or false", "dict[str, Any]": "a table of settings",
    "list[str]": "a list of names", "list[int] | None": "a list of group numbers",
}


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


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
    memory_days: int | None = None  # build memory from each group's first N days only (smoke tests)
    groups: list[int] | None = None
    limit: int | None = None
    data: str | None = None
    concurrency: int = 8
    retries: int = 3
    timeout_retries: int = 1  # retries of a timed-out request at temperature 0 (it would most likely loop again)
    timeout: float = 600.0
    progress_every: float = 60.0  # seconds between progress lines when no bar is shown (0: none)
    slow_after: float = 60.0  # a request running longer is named in the progress output
    backoff: float = 1.0
    cache_dir: str | None = None
    use_cache: bool = True
    plugins: list[str] = field(default_factory=list)
    trials: int = 1  # runs of every query (selection: more trials add records, they change none)
    shard: Shard | None = None  # this machine's slice of the groups
    prices: str | None = None  # price table for metric.json's cost (else $VMB_PRICES)

    def __post_init__(self) -> None:
        # --memory http://HOST:PORT/ is the http memory system at that URL: one setting, recorded and keyed so
        # (a value of another type is left for validate to name).
        if isinstance(self.memory, str) and isinstance(self.memory_options, dict):
            self.memory, self.memory_options = named_setting(self.memory, self.memory_options)
        # A whole number for a float setting is the float (a grid's `temperature = 0` is the run
        # `--temperature 0` makes), so that both spellings hash as one run.
        for spec in fields(self):
            value = getattr(self, spec.name)
            if str(spec.type) == "float" and type(value) is int:
                setattr(self, spec.name, float(value))

    def validate(self) -> None:
        """Refuse, with one line naming the option, anything that would fail later or run the wrong set."""
        for spec in fields(self):
            words = _FIELD_WORDS.get(str(spec.type))
            value = getattr(self, spec.name)
            if words is not None and not fits(value, declared_types(RunConfig)[spec.name]):
                raise OptionError(f"{_option(spec.name)} must be {words}, got {value!r}")
        if self.shard is not None and not isinstance(self.shard, Shard):  # a parsed option, not JSON
            raise OptionError(f"--shard must be I/N, got {self.shard!r}")
        if self.agent not in agent_names() and self.agent != EXTERNAL_AGENT:
            from vmb import extras
            from vmb.doubles.offline import AGENT_FAMILIES

            absent = [f"the {family} need the {extra} extra: {extras.install_hint(extra)}"
                      for family, (_, extra) in AGENT_FAMILIES.items() if extras.missing(extra)]
            raise OptionError(f"unknown agent {self.agent!r}{did_you_mean(self.agent, agent_names())}; choose from "
                              f"{', '.join(agent_names())}"
                              + "".join(f" ({line})" for line in absent))
        _check_baseline_memory(self.agent, self.memory)
        local = local_name(self.model)
        if local is not None:
            try:
                local_model(local)  # its server's URL is set once it runs (vmb.local.server.serve)
            except LocalModelError as error:
                raise OptionError(f"--model: {error}") from None
        elif self.agent == "model" and not (self.model and self.base_url):
            raise OptionError("--agent model needs --model and --base-url (or --model local:NAME, see vmb local list)")
        if self.base_url is not None:
            check_base_url(self.base_url)
        if self.thinking not in (None, "on", "off"):
            raise OptionError("--thinking takes on or off")
        for option, value, low in (("--concurrency", self.concurrency, 1), ("--max-rounds", self.max_rounds, 1),
                                   ("--max-tokens", self.max_tokens, 1), ("--limit", self.limit, 1),
                                   ("--retries", self.retries, 0), ("--timeout-retries", self.timeout_retries, 0),
                                   ("--memory-days", self.memory_days, 1), ("--trials", self.trials, 1)):
            _at_least(option, value, low, whole=True)
        _at_least("--backoff", self.backoff, 0)
        _at_least("--temperature", self.temperature, 0)
        _at_least("--timeout", self.timeout, 0, above=True)
        _at_least("--progress-every", self.progress_every, 0)
        _at_least("--slow-after", self.slow_after, 0)
        if self.groups is not None and (not self.groups or min(self.groups) < 1):
            raise OptionError("--groups: group numbers start at 1")
        try:
            resolve_family(self.server, self.base_url)
        except ValueError as error:
            raise OptionError(f"--server: {error}") from None

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

    def determining(self, prompts: dict[str, Any], data_sha256: str,
                    memory_options: Mapping[str, Any]) -> Determining:
        """Everything that can change a query's result; its hash guards resuming.

        ``memory_options`` are the setting's parsed options with every default filled in
        (``vmb.memory.options.every_option``), so a run that spells out a default is the run that
        leaves it out.
        """
        offline = self.agent != "model"
        return Determining(
            agent=self.agent,
            model=None if offline and self.agent != EXTERNAL_AGENT else self.model,  # an outside agent's name
            base_url=None if offline or self.model is None else endpoint_identity(self.model, self.base_url),
            server_family=None if offline else self.family.name,
            thinking=self.thinking,
            thinking_sent=None if offline else (self.thinking is not None and self.family.thinking is not None),
            request_params=None if offline else self.request_params(),
            max_rounds=self.max_rounds,
            text_calls=self.text_calls,
            memory=self.memory,
            memory_options=dict(memory_options),
            memory_days=self.memory_days,
            prompts=prompts,
            data_sha256=data_sha256,
        )

    def operational(self) -> dict[str, Any]:
        """Settings recorded for the reader that do not change results."""
        return {
            "concurrency": self.concurrency,
            "retries": self.retries,
            "timeout_retries": self.timeout_retries,
            "timeout": self.timeout,
            "progress_every": self.progress_every,
            "slow_after": self.slow_after,
            "backoff": self.backoff,
            "use_cache": self.use_cache,
            "cache_dir": str(self.cache_root()),
            "plugins": self.plugins,
            "prices": self.prices,
        }


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
