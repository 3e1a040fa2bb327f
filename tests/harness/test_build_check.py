"""Memory builds that tell you (issue 43 item 4), against the scripted server: before a build its days and
model calls, during it the day reached and the time left, after it the health check of what was built (a
summary copying dialogue lines, one that stops changing, one left empty; a key-value store or an external
system's store with nothing in it), in build.json, metric.json's warnings, ``vmb show`` and ``vmb memory
ingest``; a healthy build is not flagged."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.offline import assistant_calls
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer, tool_names
from vmb.harness.progress import duration
from vmb.harness.show import comparison
from vmb.memory import kv, register, summary
from vmb.memory.buildfile import BUILD_VERSION, BuildRecord, read_build
from vmb.memory.health import (
    COPIED,
    COPIED_SHARE,
    EMPTY,
    LOOP,
    LOOP_CALLS,
    QUOTE_WORDS,
    SENTENCE_WORDS,
    UNCHANGED,
    UNCHANGED_SHARE,
    copied_share,
)
from vmb.memory.options import NoOptions
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.prompts import load_prompt

from .conftest import RunFn

DAYS = 4  # --memory-days: the builds read the first four days of group 1
Script = Callable[[dict[str, Any]], Scripted]


def summariser(bench: Any, write: Callable[[str, str, int], str | None]) -> Script:
    """A summary build whose day ``n`` (from 0) writes ``write(memory so far, the day's lines, n)`` (None: no
    update that day); every other request is the reference's."""
    reference = ReferenceScript(bench)
    days: list[str] = []

    def script(body: dict[str, Any]) -> Scripted:
        if summary.UPDATE not in tool_names(body):
            return reference(body)
        fields = load_prompt(summary.DAY_PROMPT).fields(body["messages"][1]["content"])
        assert fields is not None
        if fields["date"] not in days:
            days.append(fields["date"])
        new = write(fields["memory"], fields["lines"], days.index(fields["date"]))
        if new is None:
            return Scripted({"role": "assistant", "content": "Nothing new today."})
        return Scripted({"role": "assistant", "content": None, "tool_calls": [
            {"id": "u", "type": "function", "function": {"name": summary.UPDATE,
                                                         "arguments": json.dumps({"new_memory": new})}}]})

    return script


def copying(memory: str, lines: str, day: int) -> str:
    """The issue's 0.5B model: the day's first two dialogue lines as the summary, word for word."""
    return "\n".join(lines.splitlines()[:2])


def stuck(memory: str, lines: str, day: int) -> str | None:
    """A note written on the first day and never changed again."""
    return "The driver keeps the cabin warm and likes quiet mornings." if day == 0 else None


def resending_a_quote(memory: str, lines: str, day: int) -> str:
    """What the real 0.5B model did (``local:qwen2.5-coder-0.5b``, 8 days of group 1 of the release, docs/memory.md):
    on the first day the first line's words without its time and speaker and the second line's last sentence, as
    one 209-character "summary"; on every later day a ``memory_update`` with that same text again, so each day
    "updated" and nothing changed. (Its closing sentence had 8 words; here, the next line's whose last sentence is
    a whole-sentence quote, ``SENTENCE_WORDS`` words or more, whatever the generated benchmark says.)"""
    if day:
        return memory
    first, *rest = (line.split(": ", 1)[1] for line in lines.splitlines())
    closing = next(last for said in rest if len((last := re.split(r"[.!?:]\s+", said)[-1]).split()) >= SENTENCE_WORDS)
    return f"{first} {closing}"


def storing_nothing(bench: Any) -> Script:
    """A key-value build that reads every day and stores nothing."""
    reference = ReferenceScript(bench)

    def script(body: dict[str, Any]) -> Scripted:
        if kv.ADD not in tool_names(body):
            return reference(body)
        return Scripted({"role": "assistant", "content": "Nothing worth keeping."})

    return script


def looping_on_one_key(bench: Any) -> Script:
    """What the real 0.5B model did on the first day of its key-value build (docs/memory.md): one ``memory_add``, then
    a reply cut off at the token limit adding the same key again and again, each time trying to remove and search
    it with an argument the tools do not take (refused); no call on the days after. One entry is left."""
    reference = ReferenceScript(bench)
    key, value = "nathaniel egleston", "early years"

    def script(body: dict[str, Any]) -> Scripted:
        if kv.ADD not in tool_names(body):
            return reference(body)
        fields = load_prompt(kv.DAY_PROMPT).fields(body["messages"][1]["content"])
        assert fields is not None
        rounds = sum(message["role"] == "tool" for message in body["messages"])
        if fields["keys"] != "(none)" or rounds > 1:
            return Scripted({"role": "assistant", "content": "Done."})
        if not rounds:
            return Scripted(assistant_calls([(kv.ADD, {"key": key, "value": value})], 0))
        churn = [(kv.ADD, {"key": key, "value": value}), (kv.REMOVE, {"key": key, "value": ""}),
                 (kv.SEARCH, {"key": key, "value": value})] * 6
        return Scripted(assistant_calls(churn, 0), finish_reason="length")

    return script


def warnings_of(run: Path) -> list[str]:
    record = read_build(run / "memory" / "group_1")
    assert record.version == BUILD_VERSION and record.health is not None
    return [w.kind for w in record.health.warnings]


@pytest.mark.parametrize(("memory", "make", "kind"), [
    ("summary", lambda bench: summariser(bench, copying), COPIED),
    ("summary", lambda bench: summariser(bench, stuck), UNCHANGED),
    ("summary", lambda bench: summariser(bench, lambda memory, lines, day: None), EMPTY),
    ("kv", storing_nothing, EMPTY),
])
def test_a_degenerate_build_is_flagged_everywhere(memory: str, make: Callable[[Any], Script], kind: str, bench: Any,
                                                  run: RunFn, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedServer(make(bench)) as server:
        result = run(server.url, memory=memory, groups=[1], limit=1, memory_days=DAYS)
    assert warnings_of(tmp_path / "run") == [kind]
    build = result.metric.memory_build
    assert build is not None
    (warning,) = build["warnings"]
    assert (warning["group"], warning["kind"]) == (1, kind)
    assert result.metric.errors == 0 and result.metric.scored == 1  # a warning, never a failed query
    said = capsys.readouterr().err
    assert f"warning: the memory built for group 1: {warning['text']}" in said
    shown = comparison([tmp_path / "run"])
    assert f"WARNING: the memory built for group 1 is degenerate: {warning['text']}" in shown


def test_the_measures_behind_the_warnings(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(summariser(bench, copying)) as server:
        run(server.url, "copying", memory="summary", groups=[1], limit=1, memory_days=DAYS)
    with ScriptedServer(summariser(bench, stuck)) as server:
        run(server.url, "stuck", memory="summary", groups=[1], limit=1, memory_days=DAYS)
    copied = read_build(tmp_path / "copying" / "memory" / "group_1").health
    held = read_build(tmp_path / "stuck" / "memory" / "group_1").health
    assert copied is not None and held is not None
    assert copied.copied == 1.0 and copied.unchanged == 0  # each day's copy replaced the last
    assert held.copied == 0.0 and held.unchanged == DAYS - 1 and held.empty is False


def test_the_real_small_models_summary_is_flagged_twice(bench: Any, run: RunFn, tmp_path: Path) -> None:
    """A quote re-sent as the summary every day is both a copy and unchanged, though each day made an update."""
    with ScriptedServer(summariser(bench, resending_a_quote)) as server:
        result = run(server.url, memory="summary", groups=[1], limit=1, memory_days=DAYS)
    assert warnings_of(tmp_path / "run") == [COPIED, UNCHANGED]
    health = read_build(tmp_path / "run" / "memory" / "group_1").health
    assert health is not None and health.copied == 1.0 and health.unchanged == DAYS - 1 and health.refused == 0
    build = result.metric.memory_build
    assert build is not None and [w["kind"] for w in build["warnings"]] == [COPIED, UNCHANGED]


def test_the_real_small_models_looping_kv_build_is_flagged(bench: Any, run: RunFn, tmp_path: Path) -> None:
    """A store left with one entry after a day of writing it over and over: not empty, flagged as a loop."""
    with ScriptedServer(looping_on_one_key(bench)) as server:
        result = run(server.url, memory="kv", groups=[1], limit=1, memory_days=DAYS, memory_options={"kv_rounds": 2})
    assert warnings_of(tmp_path / "run") == [LOOP]
    health = read_build(tmp_path / "run" / "memory" / "group_1").health
    first = bench.group(1).days[0].date.isoformat()
    assert health is not None and health.empty is False and health.refused == 6 and health.truncated == 1
    assert [(loop.date, loop.target, loop.calls) for loop in health.loops] == [(first, "key 'nathaniel egleston'", 13)]
    assert health.warnings[0].text == (f"the model wrote key 'nathaniel egleston' 13 times on {first}, over and over "
                                       f"(1 of {DAYS} days with a loop; flagged from {LOOP_CALLS} writes to one "
                                       "target in a day)")
    build = result.metric.memory_build
    assert build is not None and [w["kind"] for w in build["warnings"]] == [LOOP]
    assert f"WARNING: the memory built for group 1 is degenerate: {health.warnings[0].text}" in comparison(
        [tmp_path / "run"])


@pytest.mark.parametrize("memory", ["summary", "kv"])
def test_a_healthy_build_is_not_flagged(memory: str, bench: Any, run: RunFn, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        result = run(server.url, memory=memory, groups=[1], limit=1, memory_days=DAYS)
    assert warnings_of(tmp_path / "run") == []
    build = result.metric.memory_build
    assert build is not None and build["warnings"] == []
    assert "warning" not in capsys.readouterr().err.lower()
    assert "WARNING" not in comparison([tmp_path / "run"])


def test_before_during_and_after_a_build(bench: Any, run: RunFn, capsys: pytest.CaptureFixture[str]) -> None:
    reference = summariser(bench, copying)

    def slow(body: dict[str, Any]) -> Scripted:
        reply = reference(body)
        if summary.UPDATE in tool_names(body):
            reply.delay = 0.4  # a day long enough for progress lines
        return reply

    with ScriptedServer(slow) as server:
        run(server.url, memory="summary", groups=[1], limit=1, memory_days=DAYS, progress_every=0.1)
    lines = capsys.readouterr().err.splitlines()
    before = f"memory build: 1 group(s) to build from {DAYS} days of history, {DAYS} model calls (one a day)"
    first = next(n for n, line in enumerate(lines) if line.startswith("memory build: the first day of history took"))
    assert lines.index(next(line for line in lines if line.startswith(before))) < first
    assert f"the {DAYS - 1} day(s) left take about" in lines[first]
    during = [line for line in lines if line.startswith("progress:") and " left)" in line]
    assert any(f"(day {day}/{DAYS}, about" in line for line in during for day in range(1, DAYS))
    after = [n for n, line in enumerate(lines) if line.startswith("warning: the memory built for group 1")]
    assert after and after[0] > first


def test_a_kv_outline_gives_the_range_of_its_calls(bench: Any, run: RunFn,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, memory="kv", groups=[1], limit=1, memory_days=DAYS, memory_options={"kv_rounds": 3})
    assert (f"memory build: 1 group(s) to build from {DAYS} days of history, {DAYS} to {3 * DAYS} model calls "
            "(1 to 3 a day)") in capsys.readouterr().err


@register
class ForgetfulBank(MemorySystem[NoOptions]):
    """Reads every day and keeps nothing, and says so."""

    name = "toy-keeps-nothing"

    async def ingest(self, chunks: list[Chunk]) -> None:
        for _ in by_day(chunks, self.env.build):
            pass
        assert self.env.build is not None
        self.env.build.kept(0)

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return []


def test_an_external_store_empty_after_ingest_is_flagged(bench: Any, small_benchmark: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """With a model (an offline agent's builds are measured, not flagged: they keep nothing by design)."""
    with ScriptedServer(ReferenceScript(bench)) as server:
        args = ["memory", "ingest", "--memory", "toy-keeps-nothing", "--model", "scripted", "--base-url", server.url,
                "--groups", "1", "--memory-days", str(DAYS), "--data", str(small_benchmark), "--out",
                str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache"), "--no-progress"]
        assert main(args) == 0  # a warning, not a failure
    out, err = capsys.readouterr()
    assert f"memory build: 1 group(s) to build from {DAYS} days of history, the model calls the system makes" in err
    (line,) = [line for line in out.splitlines() if line.startswith("group  1:")]
    assert "WARNING: the memory is empty: the build kept nothing" in line


def test_copied_share_counts_quotes_whole_or_cut_and_not_a_paraphrase() -> None:
    line = ("[2025-03-03 08:30] Gary Allen: I finally received the initial edits for my new pamphlet on "
            "post-Civil War forestry.")
    words = line.split(": ", 1)[1]
    own = "Gary is writing a pamphlet about forestry and waits for his editor."  # 12 words, no 8 in a row
    lines = [line, "[2025-03-03 08:31] Justin Martinez: Yes, please."]
    assert copied_share(line, lines) == 1.0
    assert copied_share(words.upper(), lines) == 1.0  # case and punctuation aside, without time and speaker
    assert copied_share(f"{own} {words}", lines) == pytest.approx(15 / 27)  # the quote's 15 words of 27
    assert copied_share(" ".join(words.split()[:QUOTE_WORDS]) + " " + own, lines) == pytest.approx(8 / 20)  # cut
    assert copied_share(own, lines) == 0.0
    assert copied_share("Yes, please.", lines) == 0.0  # shorter than a quote: chance, not a copy
    asked = "[2025-03-03 08:32] Justin Martinez: Sounds good. Is the pamphlet due soon?"
    assert copied_share("Is the pamphlet due soon?", [asked]) == 1.0  # a whole sentence of 5 words
    assert copied_share(f"{own} Is the pamphlet due soon?", [asked]) == pytest.approx(5 / 17)
    assert copied_share("Sounds good, the pamphlet is due soon.", [asked]) == 0.0  # 2 words, then not a sentence of it
    assert SENTENCE_WORDS < QUOTE_WORDS
    assert 0 < COPIED_SHARE <= 1 and 0 < UNCHANGED_SHARE < 1


def test_a_build_json_of_before_the_check_still_reads(tmp_path: Path) -> None:
    """Version 1 (no version key, no check): its empty memory is its warning; one with no health has none."""
    health: dict[str, Any] = {"days": 4, "truncated": 0, "refused": 0, "loops": [], "empty": True}
    old = {"key": "k", "group": 3, "setting": "kv", "params": {"setting": "kv"}, "cost": {"model_calls": 4},
           "health": health}
    record = BuildRecord.from_json(old)
    assert record.version == 1 and record.cost.model_calls == 4
    assert record.health is not None and [w.kind for w in record.health.warnings] == [EMPTY]
    assert BuildRecord.from_json({"cost": {}}).health is None
    group = tmp_path / "memory" / "group_3"
    group.mkdir(parents=True)
    (group / "build.json").write_text(json.dumps({**old, "health": {**health, "days": "four"}}))
    with pytest.raises(ValueError, match=r"build.json is damaged \(health.days is text, not a whole number\)"):
        read_build(group)


def test_the_notebooks_line_names_a_degenerate_memory_and_passes_a_healthy_one(bench: Any, run: RunFn,
                                                                                tmp_path: Path) -> None:
    from vmb.analysis.builds import build_warning_line, build_warnings
    from vmb.analysis.runs import read_run

    with ScriptedServer(storing_nothing(bench)) as server:
        run(server.url, "forgetful", memory="kv", groups=[1], limit=1, memory_days=DAYS)
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, "healthy", memory="kv", groups=[1], limit=1, memory_days=DAYS)
        run(server.url, "gold", memory="gold", groups=[1], limit=1)
    forgetful, healthy, gold = (read_run(tmp_path / name) for name in ("forgetful", "healthy", "gold"))
    assert build_warnings([forgetful, healthy]).to_dict("records") == [
        {"run": "forgetful", "group": 1, "kind": EMPTY, "text": "the memory is empty: the build kept nothing"}]
    line = build_warning_line([forgetful, healthy, gold])
    assert line.startswith("**Degenerate memory** (1 warning(s)") and "forgetful, group 1: the memory is empty" in line
    assert build_warning_line([healthy, gold]).startswith("Every memory a model built (1 run) passed")
    assert build_warning_line([gold]) == ""  # no memory built: nothing to say
    # An offline agent's build (no model) is not checked, and the sentence says so rather than call it healthy.
    from vmb.harness import run_benchmark

    run_benchmark(out=str(tmp_path / "oracle-kv"), agent="oracle", memory="kv", data=str(bench.root), groups=[1],
                  limit=1, memory_days=DAYS, cache_dir=str(tmp_path / "cache"), progress=False)
    offline = read_run(tmp_path / "oracle-kv")
    assert build_warning_line([offline]) == ("1 run of offline agents built its memory with no model, which writes "
                                             "none by design: not checked.")
    assert build_warning_line([healthy, offline]).endswith("unchanged for most days. 1 run of offline agents built "
                                                           "its memory with no model, which writes none by design: "
                                                           "not checked.")


def test_a_build_on_an_endpoint_of_known_pace_says_its_time_before(bench: Any, run: RunFn, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The second build of a setting on one endpoint says its model time before its first day, at the pace the
    first one recorded in build.json; another endpoint, or another setting, has no pace yet."""
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, "first", memory="summary", groups=[1], limit=1, memory_days=DAYS)
        first = capsys.readouterr().err
        run(server.url, "second", memory="summary", groups=[2], limit=1, memory_days=DAYS)
        second = capsys.readouterr().err
        run(server.url, "kv", memory="kv", groups=[2], limit=1, memory_days=DAYS)
        other_setting = capsys.readouterr().err
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, "elsewhere", memory="summary", groups=[3], limit=1, memory_days=DAYS)
        other_endpoint = capsys.readouterr().err
    unknown = "the time it takes is said once the first day is read"
    assert unknown in first and unknown in other_setting and unknown in other_endpoint
    record = read_build(tmp_path / "first" / "memory" / "group_1")
    assert record.model and record.base_url  # the endpoint that built it, as config.json records it
    usage = record.cost.usage
    per_call = usage.seconds / usage.requests
    assert (f"{DAYS} model calls (one a day); about {duration(DAYS * per_call)} of model time at the pace 1 earlier "
            f"build(s) of summary measured on this endpoint ({per_call:.1f} s a model call, 1.0 a day)") in second
