"""The procedural wording reads as people write: whole sentences, no template seams, no phrase that
gives a query's reasoning type away, no setting's catalog phrase inside another's in a group."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.generate.conftest import generate
from vmb.audit.wording import catalog_phrases, classify_types, nested_phrase_groups
from vmb.data import Benchmark, load_benchmark
from vmb.generate.options import GenerateOptions
from vmb.generate.procedural import chains, personas
from vmb.generate.procedural.recipes import recipes

WORDING = GenerateOptions(groups=20, seed=3, history_lines=300, background_chains=4)
_QUOTED = re.compile(r": '(.+?)'(?= [A-Z]|$)")
_DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
# A preposition left hanging before punctuation ("... when I lock up on."); "on" and "off" end
# switch values ("turn it on."), so they count only after "up".
_DANGLING = re.compile(r"\b(?:(?<!want )to|at|with|for|of|from|by|into|the|a|an|my|and|up on)[.,?!;:]", re.IGNORECASE)
_SEAMS = re.compile(r"[{}\[\]]|\s[,.;:?!]|[,;:][.,;:?!]|\.\.(?!\.)|\s{2}|^\s|\s$")
_SENTENCE = re.compile(r"(?:^|[.?!]\s)([a-z])")


@pytest.fixture(scope="module")
def wording_bench(tmp_path_factory: pytest.TempPathFactory) -> Benchmark:
    return load_benchmark(generate(tmp_path_factory.mktemp("wording") / "bench", WORDING))


def _texts(bench: Benchmark) -> list[tuple[str, str]]:
    """(where, text) of every query, every quoted line of a gold memory and every history line."""
    found = []
    for query in bench.queries:
        found.append((query.id, query.query))
        for entry in query.gold_memory.splitlines():
            found.append((f"{query.id} gold", re.sub(r"^\[[^\]]+\] ", "", entry)))
            found += [(f"{query.id} gold quote", said) for said in _QUOTED.findall(entry)]
    for group in bench.groups:
        found += [(f"history {group.number}", line.text) for line in group.lines]
    return found


def test_every_sentence_is_whole(wording_bench: Benchmark) -> None:
    slips = []
    for where, text in _texts(wording_bench):
        for name, pattern in (("seam", _SEAMS), ("doubled word", _DOUBLED), ("dangling word", _DANGLING),
                              ("lower-case sentence", _SENTENCE)):
            match = pattern.search(text)
            if match:
                slips.append(f"{where}: {name} {match.group(0)!r} in {text!r}")
    assert not slips, "\n".join(slips[:20])


def test_quotes_in_queries_and_gold_memory_are_closed(wording_bench: Benchmark) -> None:
    for query in wording_bench.queries:
        assert _QUOTED.search(query.query) or re.search(r": '.+?' [A-Z]\w+ asked the car", query.query), query.query
        for entry in query.gold_memory.splitlines():
            assert re.match(r"\[\w+ \d{1,2}, \d{4}\] At \d{1,2}:\d{2} [AP]M, [A-Z]", entry), entry
            assert _QUOTED.search(entry), entry


def test_the_request_wording_does_not_give_the_reasoning_type_away(wording_bench: Benchmark) -> None:
    accuracy, majority = classify_types(wording_bench)
    assert accuracy < majority + 25, (accuracy, majority)


@cache
def _default_plans() -> list[list[set[str]]]:
    """Per group of the default 50-group benchmark: the catalog phrases of each query's calls."""
    options = GenerateOptions(groups=50, seed=1)
    phrases = catalog_phrases()
    plans = []
    for number in range(1, options.groups + 1):
        group = personas.build(options, number)
        plan = recipes(options, number, [p.name for p in group.people])
        plans.append([{phrases[c["name"]].lower() for c in chains.target_calls(r)} for r in plan])
    return plans


def test_no_setting_phrase_inside_another_in_a_group_of_the_default_benchmark() -> None:
    for number, plan in enumerate(_default_plans(), start=1):
        own = set().union(*plan)
        nested = sorted((a, b) for a in own for b in own if a != b and a in b)
        assert not nested, f"group {number}: {nested}"


def test_the_audit_counts_no_nested_phrases_in_generated_data(wording_bench: Benchmark, tmp_path: Path) -> None:
    assert nested_phrase_groups(wording_bench) == 0
