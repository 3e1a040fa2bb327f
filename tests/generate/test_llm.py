"""The LLM path end to end against the scripted server on 127.0.0.1: the plan writer of
``vmb.maker.writer`` answering every stage, with faults where told (not JSON, cut off at
max_tokens, off-plan lines, an extra call): each is re-asked once, then recorded as a failure."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from vmb.cli import main
from vmb.data.metadata import read_metadata
from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.maker.generate.export.vetting import check_benchmark
from vmb.maker.writer import PlanWriter, stage_of

SIZE = ["--groups", "3", "--seed", "5", "--history-lines", "120", "--background-chains", "2", "--vehicle-chains", "5"]


class FaultyWriter(PlanWriter):
    """The plan writer, wrong where a model goes wrong: each fault on a first ask only, except group 3's
    dialogue (its events left out every time: the group fails)."""

    def __call__(self, body: dict[str, Any]) -> Scripted:
        stage, payload = stage_of(body), json.loads(body["messages"][1]["content"])
        first = "refused" not in payload
        if stage == "personas" and payload["group"] == 1 and first:
            return Scripted(message={"role": "assistant", "content": "Here are the profiles you asked for!"})
        if stage == "chains" and payload["group"] == 2 and first and payload["kind"] == "vehicle":
            return Scripted(message={"role": "assistant", "content": '{"events": [{"id"'}, finish_reason="length")
        if stage == "chains" and payload["group"] == 1 and first and payload["kind"] == "vehicle":
            answer = self.chains(payload)
            answer["events"][0]["lines"][0] += f" Or maybe {self.other_value(payload)}."  # two values: off-plan
            return Scripted(message={"role": "assistant", "content": "```json\n" + json.dumps(answer) + "\n```"})
        if stage == "dialogue" and payload["group"] == 3:  # the talk, and none of the events
            day = {**self.dialogue(payload), "events": []}
            return Scripted(message={"role": "assistant", "content": json.dumps(day)})
        if stage == "qa" and payload["group"] == 2 and first:
            answer = self.qa(payload)
            answer["new_answer"] = [*answer["new_answer"], "carcontrol_light_set_fog_light(enabled=true)"]
            return Scripted(message={"role": "assistant", "content": json.dumps(answer)})
        return super().__call__(body)

    @staticmethod
    def other_value(payload: dict[str, Any]) -> str:
        device, said = payload["device"], payload["events"][0]["lines"][0].get("value")
        values = list(range(device["range"][0], device["range"][1] + 1)) if "range" in device else device["values"]
        if values == "free text":  # another value of the chain: one the check knows as a value
            planned = [line.get("value") for event in payload["events"] for line in event["lines"]]
            return str(next((v for v in planned if v not in (None, said)), "Harbor Bakery"))
        if all(isinstance(v, bool) for v in values):  # a switch: the opposite words
            return "off" if said else "turn it on"
        return str(next(v for v in values if v != said and not isinstance(v, bool)
                        and str(v) not in str(said))).replace("_", " ")  # not a word of the value said


@pytest.fixture()
def server() -> Any:
    with ScriptedServer(FaultyWriter()) as running:
        yield running


def test_llm_path_end_to_end(server: ScriptedServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "llm"
    argv = ["generate", "--backend", "llm", "--base-url", server.url, "--model", "writer", *SIZE, "--out", str(out)]
    assert main(argv) == 1  # group 3 failed
    printed = capsys.readouterr().out
    assert "planned requests" in printed and "group 3 at dialogue" in printed
    failures = [json.loads(x) for x in (out / "stages" / "failures.jsonl").read_text().splitlines()]
    assert [(f["group"], f["stage"]) for f in failures] == [(3, "dialogue")]
    assert "invalid answer twice" in failures[0]["reason"] and "events must be" in failures[0]["reason"]
    assert sorted(p.name for p in (out / "history").iterdir()) == ["history_1.txt", "history_2.txt"]
    metadata = read_metadata(out)
    assert metadata is not None and check_benchmark(out, metadata) == []
    assert metadata.made.options["llm"]["temperatures"] == {"personas": 0.7, "chains": 0.8, "dialogue": 0.7, "qa": 0.0}
    assert set(metadata.made.options["llm"]["prompts"]) == {"personas", "chains", "dialogue", "qa"}
    chain = metadata.groups[0].chains[0]
    description = chain.events[0].description or ""
    assert description.endswith("was in the car with " + description.split(" with ")[1])
    usage = json.loads((out / "stages" / "usage.json").read_text())
    # personas: not JSON; chains: 5 cut off (group 2), 5 off-plan (group 1); qa: 5 with an extra call.
    assert (usage["personas"]["invalid"], usage["chains"]["invalid"], usage["qa"]["invalid"]) == (1, 10, 5)
    assert usage["dialogue"]["failures"] == 1 and usage["personas"]["requests"] == 4
    temperatures: dict[str, set[float]] = {}
    asked_again = []
    writer = PlanWriter()
    for request in server.received:
        stage = stage_of(request.body)
        temperatures.setdefault(stage, set()).add(request.body["temperature"])
        # each request carries its answer's schema, and the plan writer's answer fits it
        schema = request.body["response_format"]["json_schema"]["schema"]
        assert jsonschema.Draft202012Validator(schema).is_valid(json.loads(writer(request.body).message["content"]))
        # a re-ask is the request with the reason in it, never the conversation with the refused answer
        assert [m["role"] for m in request.body["messages"]] == ["system", "user"]
        refused = json.loads(request.body["messages"][1]["content"]).get("refused")
        if refused:
            asked_again.append(refused)
    assert temperatures == {"personas": {0.7}, "chains": {0.8}, "dialogue": {0.7}, "qa": {0.0}}
    assert any("cut off at max_tokens (8192)" in said for said in asked_again)
    rejected = [json.loads(x) for x in (out / "stages" / "rejected.jsonl").read_text().splitlines()]
    assert len(rejected) == sum(u["invalid"] for u in usage.values())
    assert {"stage": "personas", "what": "personas of group 1", "answer": "Here are the profiles you asked for!"} \
        .items() <= rejected[0].items()
    assert any("does not follow" in said for said in asked_again)
    asked = len(server.received)
    assert main(argv) == 1  # resumed: every stage done but group 3's dialogue, which is retried (and fails again)
    # Only group 3's dialogue is asked again: its refused answers were not kept in the request cache.
    again = [(stage_of(r.body), json.loads(r.body["messages"][1]["content"])["group"])
             for r in server.received[asked:]]
    assert set(again) == {("dialogue", 3)}
    assert main(["verify", "--data", str(out)]) == 0


def test_the_model_is_given_the_plan_never_a_drafted_sentence(server: ScriptedServer, tmp_path: Path) -> None:
    from vmb.maker.generate.plan.options import GenerateOptions
    from vmb.maker.generate.procedural.backend import ProceduralBackend

    out = tmp_path / "llm"
    main(["generate", "--backend", "llm", "--base-url", server.url, "--model", "writer", *SIZE, "--out", str(out)])
    options = GenerateOptions(groups=3, seed=5, history_lines=120, background_chains=2, vehicle_chains=5)
    draft = ProceduralBackend()
    drafted = [u.text for g in (1, 2, 3) for c in draft.chains(options, draft.personas(options, g)).chains
               for e in c.events for u in e.lines]
    sent = [r.body["messages"][1]["content"] for r in server.received if stage_of(r.body) == "chains"]
    assert sent and drafted
    assert not [line for line in drafted if any(json.dumps(line)[1:-1] in body for body in sent)]
    # A day's talk is asked with its events' descriptions only: their lines (the values) are not there to
    # retell, and the talk may set none.
    days = [json.loads(r.body["messages"][1]["content"]) for r in server.received if stage_of(r.body) == "dialogue"]
    assert days and all(set(e) == {"id", "description"} for day in days for e in day["events"])


def test_dry_run_prints_the_plan_and_asks_nothing(server: ScriptedServer, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "dry"
    argv = ["generate", "--backend", "llm", "--base-url", server.url, "--model", "writer", *SIZE, "--out", str(out),
            "--stage-model", "qa=other", "--stage-temperature", "dialogue=0.3", "--dry-run"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in printed.splitlines()[2:]}
    assert rows["qa"][1:4] == ["other", "0", "15"] and rows["dialogue"][2] == "0.3"
    assert rows["personas"][3] == "3" and rows["chains"][3] == "21"
    assert not out.exists() and server.received == []


def test_llm_options_are_checked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["generate", "--backend", "llm", "--out", str(tmp_path / "x")]) == 2
    assert "--base-url and --model" in capsys.readouterr().err
    assert main(["generate", "--backend", "llm", "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
                 "--stage-temperature", "enrich=0.1", "--out", str(tmp_path / "x")]) == 2
    assert "unknown stage(s) enrich" in capsys.readouterr().err
