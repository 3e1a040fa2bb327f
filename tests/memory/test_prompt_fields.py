"""A build's day prompt reads back into the values it was rendered from (what the scripted server reads)."""

from __future__ import annotations

from vmb.memory import kv, summary
from vmb.prompts import load_prompt


def test_day_prompts_read_back_what_they_were_rendered_from() -> None:
    lines = "[2026-01-02 08:00] Anna: warmer, please\n[2026-01-02 08:01] Ben: not for me"
    for prompt, extra in ((summary.DAY_PROMPT, {"memory": "2026-01-01: 3 lines.\nAnna likes 22 degrees."}),
                          (kv.DAY_PROMPT, {"keys": "Anna, Ben"})):
        values = {"date": "2026-01-02", "lines": lines, **extra}
        day = load_prompt(prompt)
        assert day.fields(day.render(**values)) == values


def test_text_of_another_prompt_does_not_read() -> None:
    rendered = load_prompt(kv.DAY_PROMPT).render(keys="", date="2026-01-02", lines="x")
    assert load_prompt(summary.DAY_PROMPT).fields(rendered) is None
