"""Money from token counts: a small TOML price table, per model, in a stated currency.

    currency = "USD"                   # optional, USD by default
    [models."gpt-4.1-mini"]            # the model name as the run records it
    input = 0.40                       # per million prompt tokens
    output = 1.60                      # per million completion tokens

The table comes from ``--prices FILE`` or ``$VMB_PRICES``. A model without a row has no price:
callers say "no price" rather than guess one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from vmb.bounds import number_problem
from vmb.errors import VmbError
from vmb.tomlfile import read_toml
from vmb.usage import Usage

ENV = "VMB_PRICES"


class PriceError(VmbError, ValueError):
    """The price table cannot be read; the message names the file and the entry."""


@dataclass(frozen=True)
class Price:
    input: float  # per million prompt tokens
    output: float  # per million completion tokens
    currency: str

    def cost(self, usage: Usage) -> float:
        return (usage.prompt_tokens * self.input + usage.completion_tokens * self.output) / 1_000_000


@dataclass(frozen=True)
class PriceTable:
    source: str
    prices: dict[str, Price]

    def price(self, model: str | None) -> Price | None:
        return None if model is None else self.prices.get(model)


# A price per million tokens above this is a typo (the dearest models cost hundreds), and bounding it
# keeps every cost finite.
MAX_PRICE = 1_000_000.0


def _number(path: Path, model: str, entry: dict[str, object], key: str) -> float:
    value = entry.get(key)
    name = f"models.{model!r}.{key}"
    problem = f"{name} is missing" if value is None else number_problem(name, value, 0, high=MAX_PRICE)
    if problem is not None:
        raise PriceError(f"{path}: {problem} (a price per million tokens)")
    return float(value)  # type: ignore[arg-type]


def load_prices(path: Path) -> PriceTable:
    doc = read_toml(path, "price table", PriceError)
    unknown = set(doc) - {"currency", "models"}
    if unknown:
        raise PriceError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; expected currency and [models.NAME]")
    currency = doc.get("currency", "USD")
    models = doc.get("models", {})
    if not isinstance(currency, str) or not isinstance(models, dict):
        raise PriceError(f"{path}: currency must be a string and models a table of [models.NAME] entries")
    prices: dict[str, Price] = {}
    for model, entry in models.items():
        if not isinstance(entry, dict):
            raise PriceError(f"{path}: models.{model!r} must be a table with input and output")
        extra = set(entry) - {"input", "output"}
        if extra:
            raise PriceError(f"{path}: models.{model!r} has unknown key(s) {', '.join(sorted(extra))}; "
                             "expected input and output (per million tokens)")
        prices[model] = Price(_number(path, model, entry, "input"), _number(path, model, entry, "output"), currency)
    return PriceTable(str(path), prices)


def price_table(option: str | None) -> PriceTable | None:
    """The table named by ``--prices`` (first) or ``$VMB_PRICES``; None when neither is given."""
    chosen = option or os.environ.get(ENV)
    return load_prices(Path(chosen)) if chosen else None


def _money(value: float) -> float:
    return round(value, 6)


def cost_figures(table: PriceTable | None, model: str | None, *, queries: Usage, build: Usage | None,
                 attempts: int, solved: int) -> dict[str, object]:
    """What a run cost: its queries, its memory construction, the total, per query and per solved query.

    ``queries`` and ``build`` are what the queries and the memory construction used; ``attempts`` the scored
    (query, trial) pairs and ``solved`` those that matched exactly. Without a price: ``price`` None
    and a ``note`` saying why, never a number.
    """
    if table is None:
        return {"price": None, "note": "no price: no price table given (--prices FILE or $VMB_PRICES)"}
    price = table.price(model)
    if price is None:
        if model is None:
            note = "no price: an offline agent makes no model requests"
        else:
            note = f"no price: {table.source} has no row for model {model!r}"
        return {"price": None, "note": note}
    spent = price.cost(queries)
    built = price.cost(build) if build is not None else 0.0
    total = spent + built
    return {
        "price": {"input": price.input, "output": price.output, "per": "million tokens", "source": table.source},
        "currency": price.currency,
        "queries": _money(spent),
        "memory_build": _money(built),
        "total": _money(total),
        "per_query": _money(spent / attempts) if attempts else None,
        "per_solved_query": _money(total / solved) if solved else None,
    }
