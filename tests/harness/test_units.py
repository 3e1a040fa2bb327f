"""Retry timing, the request cache, run settings, prompts."""

from __future__ import annotations

import random
import time
from email.utils import formatdate
from pathlib import Path

import pytest

from vmb.harness.config import RunConfig, parse_groups, resolve_family
from vmb.llm.cache import RequestCache, request_key
from vmb.llm.retry import RetryPolicy, parse_retry_after
from vmb.memory import get_memory_setting
from vmb.memory.options import every_option
from vmb.prompts import load_prompt, prompt_versions


def test_retry_after_headers() -> None:
    assert parse_retry_after({"retry-after-ms": "250"}) == 0.25
    assert parse_retry_after({"retry-after": "3"}) == 3.0
    date = parse_retry_after({"retry-after": formatdate(time.time() + 30, usegmt=True)})
    assert date is not None and 25 <= date <= 31
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({}) is None


def test_backoff_doubles_with_jitter_and_honours_retry_after() -> None:
    policy = RetryPolicy(retries=3, base=1.0, cap=60.0, max_retry_after=10.0)
    rng = random.Random(1)
    for attempt in range(5):
        ceiling = min(60.0, 2.0**attempt)
        delays = [policy.delay(attempt, None, rng) for _ in range(50)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays) and len(set(delays)) > 1
    assert policy.delay(0, 7.0, rng) == 7.0
    assert policy.delay(0, 900.0, rng) == 10.0


def test_cache_key_is_the_request_and_replies_persist(tmp_path: Path) -> None:
    body = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "temperature": 0}
    key = request_key("http://x/v1", body)
    assert key == request_key("http://x/v1", dict(reversed(list(body.items()))))
    assert key != request_key("http://y/v1", body)
    assert key != request_key("http://x/v1", {**body, "temperature": 1})
    cache = RequestCache(tmp_path / "c.sqlite")
    assert cache.get(key) is None
    cache.put(key, "m", {"message": {"role": "assistant", "content": "ok"}})
    cache.close()
    again = RequestCache(tmp_path / "c.sqlite")
    assert again.get(key) == {"message": {"role": "assistant", "content": "ok"}} and len(again) == 1


def test_groups() -> None:
    assert parse_groups("1-3,7,9-10") == [1, 2, 3, 7, 9, 10]
    with pytest.raises(ValueError):
        parse_groups("5-2")


def test_thinking_is_sent_the_way_each_server_family_expects() -> None:
    def params(server: str, base_url: str = "http://127.0.0.1:8000/v1", thinking: str | None = "on") -> dict:
        return RunConfig(out="x", model="m", base_url=base_url, server=server, thinking=thinking).request_params()

    assert params("vllm")["chat_template_kwargs"] == {"enable_thinking": True}
    assert params("sglang", thinking="off")["chat_template_kwargs"] == {"enable_thinking": False}
    assert params("dashscope")["enable_thinking"] is True
    assert params("auto", "https://dashscope.aliyuncs.com/compatible-mode/v1")["enable_thinking"] is True
    for server in ("generic", "ollama", "llamacpp", "openai"):
        sent = params(server)
        assert "enable_thinking" not in sent and "chat_template_kwargs" not in sent
    assert "max_completion_tokens" in params("auto", "https://api.openai.com/v1")
    assert params("generic", thinking=None) == {"temperature": 0.0, "max_tokens": 8192, "tool_choice": "auto"}
    assert resolve_family("auto", "http://my-qwen-box:8000/v1").name == "generic"


def test_only_result_determining_settings_are_hashed() -> None:
    def hashed(config: RunConfig) -> str:  # as prepare_run records it, without prompts or data
        options = every_option(get_memory_setting(config.memory, config.memory_options).options)
        return config.determining({}, "d", options).hash

    a = RunConfig(out="a", model="m", base_url="http://h/v1")
    b = RunConfig(out="b", model="m", base_url="http://h/v1", concurrency=64, retries=9, timeout=5, groups=[1])
    assert hashed(a) == hashed(b)
    c = RunConfig(out="a", model="m", base_url="http://h/v1", temperature=0.7)
    assert hashed(a) != hashed(c)


def test_prompts_are_versioned_files() -> None:
    versions = prompt_versions(["agent", "memory", "summary_build", "summary_day", "kv_build", "kv_day"])
    assert all(v["version"] >= 1 and len(str(v["sha256"])) == 64 for v in versions.values())
    assert "$" not in load_prompt("agent").render(modules="- seat: seats", memory="M")
    for section in ("none", "gold", "summary", "history", "kv", "plugin"):
        assert load_prompt("memory").section(section).body.strip()
