"""The procedural backend: every step made from the plan with seeded templates and pools, no model."""

from __future__ import annotations

from typing import Any

from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.schemas import (
    Chain,
    ChainSet,
    Dialogue,
    PersonaGroup,
    QAItem,
    QASet,
    Said,
    StageFailure,
    Timeline,
    event_lines,
)


class ProceduralBackend:
    """No model: seeded templates and pools (``vmb.maker.generate.procedural``)."""

    name = "procedural"

    def personas(self, options: GenerateOptions, group: int, revision: int = 0) -> PersonaGroup:
        from vmb.maker.generate.plan import personas

        return personas.build(options, group, revision)

    def chains(self, options: GenerateOptions, personas: PersonaGroup, revision: int = 0) -> ChainSet:
        from vmb.maker.generate.procedural import chains

        try:
            return chains.build(options, personas, revision)
        except chains.PlanMismatch as mismatch:
            raise StageFailure(str(mismatch)) from None

    def dialogue(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet,
                 timeline: Timeline, revision: int = 0) -> Dialogue:
        from vmb.maker.generate.procedural import dialogue

        return dialogue.build(options, personas, chains, timeline, revision)

    def qa(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet, timeline: Timeline,
           dialogue: Dialogue, revision: int = 0) -> QASet:
        from vmb.maker.generate.procedural import qa

        return qa.build(options, personas, chains, timeline, dialogue, revision)

    def requery(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet, dialogue: Dialogue,
                item: QAItem, attempt: int, problems: list[str]) -> QAItem:
        from vmb.maker.generate.procedural import qa

        chain = next(c for c in chains.chains if c.id == item.chain)
        return qa.item(options, personas, chain, item.query_date, event_lines(dialogue), attempt)

    def gold_memory(self, options: GenerateOptions, group: int, chain: Chain, times: dict[str, tuple[str, list[Said]]],
                    revision: int = 0) -> str:
        """The chain's gold memory, narrated from the history's lines (``times``: ``event_lines``)."""
        from vmb.maker.generate.procedural import qa

        return qa.gold_memory(chain, times, qa.gold_rng(options, group, chain.id, revision))

    def report(self) -> dict[str, Any]:
        return {"name": self.name}
