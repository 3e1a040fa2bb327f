"""A scripted writer for ``vmb generate --backend llm``: answers every stage from its plan payload.

It is the generation path's stand-in for a model, as ``ReferenceScript`` is the run path's: it
writes each planned line with one fixed sentence per way of saying a value ("Take the seat
massage level two lower."), each query from the plan's clock, names and step, and answers the
reference calls it was given. It is no writer: its wording is a handful of frames, so a benchmark
made with it shows that the path works and what the checks keep, never what a model would write.
``python -m vmb.maker.writer`` serves it on 127.0.0.1 and prints its base URL (until stdin closes).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from vmb.data.spoken_words import DESCRIBED_VALUES, END_PHRASES
from vmb.doubles.scripted import Scripted, ScriptedServer


def stage_of(body: dict[str, Any]) -> str:
    """The generate stage a request belongs to, from its prompt file's first line."""
    return str(body["messages"][0]["content"].split("prompt: ", 1)[1].split(",", 1)[0])


def _spoken(value: Any) -> str:
    return str(value).replace("_", " ")


class PlanWriter:
    """Answers each stage the way a careful, unimaginative model would."""

    def __call__(self, body: dict[str, Any]) -> Scripted:
        stage = stage_of(body)
        payload = json.loads(body["messages"][1]["content"])
        answer = getattr(self, stage)(payload)
        return Scripted(message={"role": "assistant", "content": json.dumps(answer)}, usage=(100, 50))

    def personas(self, payload: dict[str, Any]) -> dict[str, Any]:
        people = [{"name": p["name"], "education": p["education"], "interests": p["interests"],
                   "lifestyle": p["lifestyle"] + ", and proud of it"} for p in payload["people"]]
        return {"people": people}

    def chains(self, payload: dict[str, Any]) -> dict[str, Any]:
        events = []
        for event in payload["events"]:
            who = event["person"].split()[0]
            company = " and ".join(n.split()[0] for n in event["with"])
            if payload["kind"] == "background":
                lines = [f"I have been busy with {payload['topic']} again." if i == 0 else "Good for you."
                         for i, _ in enumerate(event["lines"])]
            else:
                lines = [self.line(payload["device"]["name"], line, event.get("condition"))
                         + (f" That is the {line['name to quote']}." if "name to quote" in line else "")
                         for line in event["lines"]]
            events.append({"id": event["id"], "description": f"{who} was in the car with {company}.", "lines": lines})
        return {"events": events}

    @staticmethod
    def line(device: str, line: dict[str, Any], condition: str | None) -> str:
        form, value = line["form"], line.get("value")
        if form == "reply":
            return "Sure, noted."
        if form == "none":
            return f"About the {device}: that is over now, {condition or 'all settled'}."
        if form == "back":
            return f"No, put the {device} back the way it was."
        if form == "step":
            return f"That is not right. Take the {device} {line['step']}."
        if form == "from-to":
            return f"Let's move the {device} from {_spoken(line['before'])} to {_spoken(value)}."
        if form == "end":
            return f"Put the {device} {END_PHRASES[line['end']][0]}."
        if form == "described":
            return f"I want the {device} {DESCRIBED_VALUES[str(value)][0]}."
        if isinstance(value, bool):
            return f"Switch the {device} {'on' if value else 'off'}, please."
        return f"I want the {device} at {_spoken(value)}."

    def dialogue(self, payload: dict[str, Any]) -> dict[str, Any]:
        people = [p["name"] for p in payload["people"]]
        lines = [{"time": f"{8 + i // 60:02d}:{i % 60:02d}", "speaker": people[i % len(people)],
                  "text": f"How is the week going, part {i + 1}?"} for i in range(payload["talk lines"])]
        middle = lines[len(lines) // 2]["time"] if lines else "12:00"  # each event amid the talk
        return {"date": payload["date"], "lines": lines, "events": [{"id": e["id"], "time": middle}
                                                                    for e in payload["events"]]}

    def qa(self, payload: dict[str, Any]) -> dict[str, Any]:
        names = [n for n in payload["must name"] if n != payload["asker"].split()[0]]
        asker = payload["asker"].split()[0]
        request = "Set it the way it should be" + (f", {', '.join(names)}" if names else "")
        if payload["step"]:
            request += f", but {payload['step']}"
        query = f"At {payload['time']}, {asker} got into the driver's seat. {asker} said: '{request}, thanks.'"
        return {"query": query, "new_answer": payload["answer"]}


async def _serve_forever() -> None:
    server = ScriptedServer(PlanWriter())
    await server.start()
    print(server.url, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.stop()


if __name__ == "__main__":
    asyncio.run(_serve_forever())
