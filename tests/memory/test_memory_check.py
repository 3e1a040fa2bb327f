"""``vmb memory check``: every shipped memory system that needs no key passes it, the reference HTTP server of
docs/memory-http.md passes it, and each adapter broken the way adapters break fails the property it breaks."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import vmb.memory
from vmb.cli import main
from vmb.doubles.scripted import ScriptedServer
from vmb.memory import SHIPPED, find
from vmb.memory.check import PROPERTIES
from vmb.memory.plugins import MemorySystem

from .helpers import extraction_reply

HERE = Path(__file__).resolve().parent
# The shipped systems that need no key, no service and no package beyond the systems extra, with the options
# that let them build without a model; every other shipped system says here what it needs instead.
KEYLESS = {"memorybank": ["summaries=false"], "mem0": ["infer=false"]}
NEEDS = {"memos": "MEMOS_API_KEY", "memobase": "MEMOBASE_API_KEY", "supermemory": "SUPERMEMORY_API_KEY",
         "lightmem": "the lightmem package and an LLMLingua-2 model", "http": "a service (the reference server below)"}
# Each broken adapter of broken_adapters.py, and the properties it must fail (every other one passes).
BROKEN = {
    "empty-store": {"store non-empty after ingest", "dates and speakers survive", "ingest ready before search"},
    "stock-answer": {"store non-empty after ingest", "dates and speakers survive", "ingest ready before search"},
    "leaky-store": {"groups isolated"},
    "ignores-top-k": {"top_k honoured", "returned text bounded"},
    "drops-who-and-when": {"dates and speakers survive"},
    "late-ingest": {"ingest ready before search"},
    "rewrites-on-search": {"search changes nothing"},
    "crashes-on-search": set(PROPERTIES),
    "crashes-on-ingest": set(PROPERTIES),
}


def checked(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, str]]:
    """The check's exit status and each property's verdict (PASS or FAIL)."""
    status = main(["memory", "check", *argv])
    out = capsys.readouterr().out
    return status, {name: verdict for verdict, name in re.findall(r"^(PASS|FAIL)  ([^:]+):", out, re.MULTILINE)}


def test_every_shipped_system_is_checked_or_says_what_it_needs() -> None:
    systems = {name for name in SHIPPED if issubclass(find(name) or object, MemorySystem)}
    assert systems == set(KEYLESS) | set(NEEDS)


@pytest.mark.systems
@pytest.mark.parametrize("name", sorted(KEYLESS))
def test_a_keyless_system_passes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    options = [arg for option in KEYLESS[name] for arg in ("--memory-option", option)]
    status, verdicts = checked(capsys, name, *options)
    assert verdicts == dict.fromkeys(PROPERTIES, "PASS") and status == 0


@pytest.mark.systems
def test_memorybank_with_its_summaries_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """MemoryBank as shipped: its build asks a model (here the scripted one) for each day's summary and each
    person's portrait, which the check gets from --base-url and --model as vmb run would."""
    with ScriptedServer(extraction_reply) as server:
        status, verdicts = checked(capsys, "memorybank", "--base-url", server.url, "--model", "scripted")
    assert verdicts == dict.fromkeys(PROPERTIES, "PASS") and status == 0


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """broken_adapters importable as a plugin, registered afresh, gone from the registry afterwards."""
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.delitem(sys.modules, "broken_adapters", raising=False)
    monkeypatch.setattr(vmb.memory, "REGISTERED", {})
    yield


def test_an_adapter_that_raises_fails_in_lines_not_a_traceback(broken: None,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "check", "crashes-on-ingest", "--plugin", "broken_adapters"]) == 1
    out = capsys.readouterr().out
    assert out.count("ingesting group 1 failed: KeyError: 'namespace'") == len(PROPERTIES)
    assert main(["memory", "check", "crashes-on-search", "--plugin", "broken_adapters"]) == 1
    assert "TypeError: list indices must be integers" in capsys.readouterr().out


def test_a_sound_adapter_passes(broken: None, capsys: pytest.CaptureFixture[str]) -> None:
    status, verdicts = checked(capsys, "sound-lines", "--plugin", "broken_adapters")
    assert verdicts == dict.fromkeys(PROPERTIES, "PASS") and status == 0


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_adapter_is_caught(name: str, broken: None, capsys: pytest.CaptureFixture[str]) -> None:
    status, verdicts = checked(capsys, name, "--plugin", "broken_adapters")
    assert {prop for prop, verdict in verdicts.items() if verdict == "FAIL"} == BROKEN[name]
    assert set(verdicts) == set(PROPERTIES) and status == 1


def test_the_reference_server_passes(served: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, verdicts = checked(capsys, served)
    assert verdicts == dict.fromkeys(PROPERTIES, "PASS") and status == 0


def test_a_setting_that_is_no_system_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "check", "gold"]) == 2
    assert "not a memory system" in capsys.readouterr().err


def test_a_dead_service_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "check", "http://127.0.0.1:9/", "--memory-option", "retries=0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot reach http://127.0.0.1:9/health" in err[0]
