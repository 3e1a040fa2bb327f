"""The JSON schema each answer is asked in: the answer's model in :mod:`vmb.maker.generate.llm.checks`,
pinned to the request's plan.

The shape is declared once, as the pydantic model the check validates with; this module derives
the JSON schema from it (``model_json_schema``) and pins what the plan already fixes: the people's
names in order, each event's id and number of lines, the day's date, speakers and events, a
query's calls. A server that decodes under a schema (llama.cpp, vLLM, OpenAI's structured outputs)
can then only produce an answer of that shape; the checks still read every answer, so a server that
ignores the schema loses nothing but the re-asks it would have saved.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from vmb.maker.generate.llm.checks import QAAnswer, WrittenChain, WrittenDay, WrittenPersonas
from vmb.maker.generate.schemas import ONE_LINE

# OneLine's pattern is left to the check: llama.cpp matches a string's pattern on its raw characters,
# so "[^\n\r]*" would let an unescaped quote through and break the JSON around it.


def model_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema with its definitions inlined (so pins can reach into them), without
    titles and descriptions (words for us, not the model), and no property beyond those declared."""
    schema = model.model_json_schema()
    definitions = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, list):
            return [inline(n) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return inline(definitions[node["$ref"].rsplit("/", 1)[1]])
        done = {k: inline(v) for k, v in node.items()
                if k not in ("title", "description", "properties") and not (k == "pattern" and v == ONE_LINE)}
        if "properties" in node:  # field names, one of them "description", not schema keywords
            done["properties"] = {name: inline(v) for name, v in node["properties"].items()}
        if done.get("type") == "object":
            done["additionalProperties"] = False
        return done

    return inline(schema)


def fixed_items(array: dict[str, Any], pins: list[dict[str, Any]]) -> dict[str, Any]:
    """An array schema of exactly ``len(pins)`` items, item i being the array's item schema with the
    properties of ``pins[i]`` replaced (a ``{"const": ...}``, or a schema of its own)."""
    item = array["items"]
    tuple_items = [{**item, "properties": {**item["properties"], **pin}} for pin in pins]
    return {"type": "array", "prefixItems": tuple_items, "minItems": len(pins), "maxItems": len(pins)}


def sized(array: dict[str, Any], size: int) -> dict[str, Any]:
    return {**array, "minItems": size, "maxItems": size}


def personas_schema(names: list[str]) -> dict[str, Any]:
    schema = model_schema(WrittenPersonas)
    schema["properties"]["people"] = fixed_items(schema["properties"]["people"],
                                                 [{"name": {"const": n}} for n in names])
    return schema


def chain_schema(lines_per_event: dict[str, int]) -> dict[str, Any]:
    """The chains answer: the events in the plan's order, each with as many lines as the plan."""
    schema = model_schema(WrittenChain)
    events = schema["properties"]["events"]
    lines = events["items"]["properties"]["lines"]
    schema["properties"]["events"] = fixed_items(events, [{"id": {"const": i}, "lines": sized(lines, n)}
                                                          for i, n in lines_per_event.items()])
    return schema


def day_schema(date: str, names: list[str], event_ids: list[str], talk_lines: int) -> dict[str, Any]:
    """The dialogue answer: the date, ``talk_lines`` lines by the occupants, every event of the day."""
    schema = model_schema(WrittenDay)
    properties = schema["properties"]
    properties["date"] = {"const": date}
    talk = properties["lines"]
    talk["items"]["properties"]["speaker"] = {"enum": names}
    properties["lines"] = sized(talk, talk_lines)
    properties["events"] = fixed_items(properties["events"], [{"id": {"const": i}} for i in event_ids])
    return schema


def qa_schema(calls: list[str]) -> dict[str, Any]:
    """The qa answer: the query to write; its calls are the plan's reference calls, as written."""
    schema = model_schema(QAAnswer)
    schema["properties"]["new_answer"] = {"const": calls}
    return schema


def response_format(stage: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The request field asking for an answer under ``schema`` (OpenAI's form, which llama.cpp's and
    vLLM's servers read)."""
    return {"type": "json_schema", "json_schema": {"name": f"{stage}_answer", "schema": schema}}
