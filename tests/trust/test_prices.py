"""The price table: reading it, refusing bad entries clearly, and costs from token counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb.prices import ENV, Price, PriceError, load_prices, price_table
from vmb.usage import Usage


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "prices.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_prices_turn_tokens_into_money(tmp_path: Path) -> None:
    table = load_prices(write(tmp_path, '[models."gpt-x"]\ninput = 0.4\noutput = 1.6\n'))
    price = table.price("gpt-x")
    assert price == Price(0.4, 1.6, "USD")
    assert price.cost(Usage(1_000_000, 500_000)) == pytest.approx(0.4 + 0.8)
    assert table.price("other") is None and table.price(None) is None


@pytest.mark.parametrize("text, message", [
    ('[models."m"]\ninput = 1\n', "models.'m'.output is missing"),
    ('[models."m"]\ninput = -1\noutput = 1\n', "models.'m'.input must be a finite number at least 0"),
    ('[models."m"]\ninput = nan\noutput = 1\n', "models.'m'.input must be a finite number at least 0 and at most"),
    ('[models."m"]\ninput = 1\noutput = inf\n', "models.'m'.output must be a finite number"),
    ('[models."m"]\ninput = 1e308\noutput = 1\n', "at most 1,000,000, got 1e\\+308"),
    ('[models."m"]\ninput = "cheap"\noutput = 1\n', "models.'m'.input must be a finite number, got 'cheap'"),
    ('[models."m"]\ninput = 1\noutput = 1\ncache = 2\n', "unknown key\\(s\\) cache"),
    ('model = 3\n', "unknown key\\(s\\) model"),
    ('[models\n', "not valid TOML"),
])
def test_bad_tables_are_refused_naming_the_file_and_entry(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PriceError, match=message) as caught:
        load_prices(path)
    assert str(path) in str(caught.value)


def test_option_first_then_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert price_table(None) is None
    env_file = write(tmp_path, 'currency = "EUR"\n[models.a]\ninput = 1\noutput = 2\n')
    monkeypatch.setenv(ENV, str(env_file))
    assert price_table(None).price("a") == Price(1.0, 2.0, "EUR")
    with pytest.raises(PriceError, match="cannot read"):
        price_table(str(tmp_path / "missing.toml"))


def test_cost_figures_with_and_without_a_price(tmp_path: Path) -> None:
    from vmb.prices import cost_figures

    table = load_prices(write(tmp_path, '[models."gpt-x"]\ninput = 2.0\noutput = 8.0\n'))
    cost = cost_figures(table, "gpt-x", queries=Usage(1_000_000, 100_000), build=Usage(500_000, 50_000),
                        attempts=40, solved=10)
    # Queries: 2.00 + 0.80 = 2.80; build: 1.00 + 0.40 = 1.40; total 4.20.
    assert (cost["queries"], cost["memory_build"], cost["total"]) == (2.8, 1.4, 4.2)
    assert (cost["per_query"], cost["per_solved_query"]) == (0.07, 0.42)
    assert cost["currency"] == "USD"
    missing = cost_figures(table, "other", queries=Usage(1, 1), build=None, attempts=1, solved=1)
    assert missing == {"price": None, "note": f"no price: {table.source} has no row for model 'other'"}
    assert "no price table" in cost_figures(None, "gpt-x", queries=Usage(1, 1), build=None,
                                            attempts=1, solved=0)["note"]


def test_a_table_that_is_not_utf8_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "prices.toml"
    path.write_bytes(b'currency = "\xff"\n')
    with pytest.raises(PriceError, match="not UTF-8") as caught:
        load_prices(path)
    assert str(path) in str(caught.value)
