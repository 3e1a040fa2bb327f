"""The reproducibility card: every setting beside the paper's, each deviation flagged, the command that
reproduces the run (read back by vmb's own parser)."""

from __future__ import annotations

import html
import json
import re
import shlex
from pathlib import Path

import pytest

from vmb.cli import build_parser
from vmb.data import load_benchmark
from vmb.doubles.scripted import ReferenceScript, ScriptedServer
from vmb.harness import run_benchmark
from vmb.harness.config import RunConfig
from vmb.paper import paper_settings
from vmb.publish.pack import pack_runs

DEVIATIONS = {"temperature": "0.7", "max tokens per request": "512", "retries of a failed request": "1",
              "thinking": "on", "rounds per query": "6", "memory options": "kv_rounds=3",
              "--memory-days": "the first 2 day(s)", "--groups, --limit": "--groups 1-2 --limit 12", "trials": "2"}


def test_vmb_run_defaults_are_the_papers_settings() -> None:
    config = RunConfig(out="x")
    assert {key: str(getattr(config, key)) for key in paper_settings()} == paper_settings()


@pytest.fixture(scope="module")
def unusual(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> Path:
    root = tmp_path_factory.mktemp("card")
    prices = root / "prices.toml"
    prices.write_text('currency = "EUR"\n[models."tuned"]\ninput = 1.5\noutput = 6.0\n')
    with ScriptedServer(ReferenceScript(load_benchmark(small_benchmark))) as server:
        run_benchmark(out=str(root / "unusual"), model="tuned", base_url=server.url, server="vllm", thinking="on",
                      temperature=0.7, max_tokens=512, max_rounds=6, memory="kv", memory_options={"kv_rounds": 3},
                      memory_days=2, groups=[1, 2], limit=12, trials=2, text_calls=False, retries=1,
                      prices=str(prices), data=str(small_benchmark), cache_dir=str(root / ".cache"), progress=False)
    return pack_runs([root / "unusual"], root / "bundle", partial=True).directory


def _shown(markdown: str) -> str:
    """What a Markdown cell of vmb.escape.markdown reads as: its backslash escapes and entities undone."""
    return html.unescape(re.sub(r"\\(.)", r"\1", markdown))


def _rows(card: str) -> dict[str, list[str]]:
    rows = {}
    for line in card.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if line.startswith("| ") and len(cells) == 4:
            rows[cells[0]] = [_shown(c) if c != "**deviation**" else c for c in cells[1:]]
    return rows


def test_a_card_flags_every_deviation_from_the_paper(unusual: Path) -> None:
    card = (unusual / "runs" / "unusual" / "card.md").read_text()
    rows = _rows(card)
    for name, value in DEVIATIONS.items():
        assert rows[name][0] == value and rows[name][2] == "**deviation**", (name, rows[name])
    assert rows["memory options"][1] == "the setting's defaults (kv_rounds=20)"  # the reference's build rounds
    assert rows["tool choice"] == ["auto", "auto", ""]
    assert rows["calls written as text"] == ["not read", "calls from the tool-calls field", ""]
    assert "| model | tuned (agent model) |" in card
    assert re.search(r"\| endpoint \| vllm server family, this machine: http://127\.0\.0\.1:\d+/v1 \|", card)
    assert "Scored 24 / 80 (the benchmark's queries x trials), 0 in error, 56 not run; 2 trial(s)." in card


def test_the_cards_command_reproduces_the_run(unusual: Path) -> None:
    card = (unusual / "runs" / "unusual" / "card.md").read_text()
    generate, run = card.split("```")[1].strip().splitlines()
    assert generate == "vmb generate --groups 4 --seed 11 --history-lines 200 --background-chains 2 --out bench"
    args = build_parser().parse_args(shlex.split(run)[1:])
    assert (args.model, args.server, args.thinking, args.temperature, args.max_tokens, args.max_rounds,
            args.memory, args.memory_option, args.memory_days, args.groups, args.limit, args.trials,
            args.no_text_calls, args.retries, args.data) == (
        "tuned", "vllm", "on", 0.7, 512, 6, "kv", ["kv_rounds=3"], 2, "1-2", 12, 2, True, 1, "bench")


def test_a_priced_run_shows_its_cost_and_validates_with_the_price_it_recorded(unusual: Path) -> None:
    from vmb.publish.validate import validate_bundle

    metric = json.loads((unusual / "runs" / "unusual" / "metric.json").read_text())
    cost = metric["cost"]
    card = (unusual / "runs" / "unusual" / "card.md").read_text()
    assert cost["currency"] == "EUR" and cost["total"] > 0
    assert (f"Cost: {cost['total']} EUR in all ({cost['queries']} for the queries, {cost['memory_build']} for "
            "building memory;") in card and "at 1.5 per million prompt and 6.0 per million completion tokens" in card
    (verdict,) = validate_bundle(unusual)
    assert verdict.valid and not verdict.complete, verdict.lines()


# Names from outside (issue 46): a backtick that would close a code span, a pipe that would split the row, live
# markup, a terminal's ESC and BEL, a newline, a shell's command substitution.
HOSTILE = "`x` | <script>window.__pwned=1</script> $(touch pwned) \x1b[2J\x07\nsecond line ``` end"


def test_text_from_a_run_stays_text_of_its_cell(unusual: Path) -> None:
    """Every outside string of the card goes through vmb.escape.markdown; the commands stay one shell line each."""
    from dataclasses import replace

    import mistune

    from vmb.publish.card import render_card
    from vmb.publish.manifest import read_manifest
    from vmb.results.rundir import read_header
    from vmb.results.runsummary import RunSummary

    run = unusual / "runs" / "unusual"
    manifest = read_manifest(unusual)
    header = read_header(run)
    header = replace(header, determining=replace(
        header.determining, model=HOSTILE, memory=HOSTILE, base_url=f"http://127.0.0.1:1/{HOSTILE}", thinking=HOSTILE,
        memory_options={HOSTILE: HOSTILE}))
    metric = json.loads((run / "metric.json").read_text())
    metric["memory_build"]["warnings"] = [{"group": 1, "kind": "empty", "text": HOSTILE}]
    card = render_card(manifest.runs[0], header, RunSummary.from_json(metric), manifest)
    assert "\x1b" not in card and "\x07" not in card and "\\x1b[2J\\x07\\nsecond line" in card
    page = str(mistune.create_markdown(plugins=["table"])(card))
    assert "<script" not in page and "&lt;script&gt;" in page
    for table in page.split("<table>")[1:]:
        widths = {row.count("<td") + row.count("<th") for row in table.split("</table>")[0].split("<tr>")[1:]}
        assert len(widths) == 1, table  # no row split by the pipe
    rows = _rows(card)
    shown = HOSTILE.replace("\x1b", "\\x1b").replace("\x07", "\\x07").replace("\n", "\\n").replace(
        "\\nsecond", " second").replace("\\n", " ")
    assert rows["thinking"][0] == shown and f"| memory | {_shown('x')}" not in card
    assert "group 1: " in card and _shown(card.split("group 1: ")[1].split(".\n")[0]) == shown
    block = card.split("## To reproduce it")[1].strip().splitlines()
    fence, command, closing = block[0], block[2], block[3]
    assert fence == closing and set(fence) == {"`"} and fence not in command
    words = shlex.split(command)  # one shell line, each value one word, nothing substituted
    named = {words[i]: words[i + 1] for i in range(len(words) - 1) if words[i].startswith("--")}
    assert named["--model"] == named["--memory"] == named["--thinking"] == HOSTILE.replace("\x1b", "\\x1b").replace("\x07", "\\x07").replace(
        "\n", "\\n")


def test_the_key_value_builds_rounds_are_the_references_and_another_value_is_flagged(unusual: Path) -> None:
    from dataclasses import replace

    from vmb.memory.kv import REFERENCE_KV_ROUNDS, KeyValueOptions
    from vmb.publish.card import settings
    from vmb.results.rundir import read_header
    from vmb.results.runsummary import RunSummary

    assert KeyValueOptions().kv_rounds == REFERENCE_KV_ROUNDS == 20  # scripts/model_test.sh: --reflect_num 20
    header = read_header(unusual / "runs" / "unusual")
    for rounds, deviates in ((20, False), (10, True)):  # 10: the default before, the reference's for the rest
        options = {**header.determining.memory_options, "kv_rounds": rounds}
        row = {s.name: s for s in settings(replace(header, determining=replace(header.determining,
                                                                                 memory_options=options)),
                                     RunSummary.from_json(json.loads((unusual / "runs" / "unusual" / "metric.json").read_text())))}
        assert row["memory options"].deviates is deviates, rounds
        assert (row["memory options"].flag == "--memory-option kv_rounds=10") is deviates


def test_a_card_names_a_degenerate_memory_before_its_figures(unusual: Path, small_benchmark: Path,
                                                            tmp_path: Path) -> None:
    """Issue 43 item 4: the build's health check stands in the card, a degenerate memory before the figures."""
    from typing import Any

    from vmb.doubles.scripted import Scripted, tool_names
    from vmb.memory import kv

    healthy = (unusual / "runs" / "unusual" / "card.md").read_text()
    assert "Memory built for 2 group(s); the build's health check found nothing wrong" in healthy
    reference = ReferenceScript(load_benchmark(small_benchmark))

    def storing_nothing(body: dict[str, Any]) -> Scripted:
        if kv.ADD in tool_names(body):
            return Scripted({"role": "assistant", "content": "Nothing worth keeping."})
        return reference(body)

    with ScriptedServer(storing_nothing) as server:
        run_benchmark(out=str(tmp_path / "forgetful"), model="tuned", base_url=server.url, memory="kv", memory_days=2,
                      groups=[1], limit=1, data=str(small_benchmark), cache_dir=str(tmp_path / ".cache"),
                      progress=False)
    bundle = pack_runs([tmp_path / "forgetful"], tmp_path / "bundle", partial=True).directory
    card = (bundle / "runs" / "forgetful" / "card.md").read_text()
    line = "**Degenerate memory**: 1 warning(s) of the build's health check"
    assert line in card and "group 1: the memory is empty: the build kept nothing." in card
    assert card.index(line) < card.index("Cost:")
