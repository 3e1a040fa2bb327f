"""Grid specs with settings of the wrong kind: one line naming the file, the cell and the setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.harness.grid import GridError, load_grid

BASE = '''
root = "g"
memory = ["gold"]
trials = 2
[run]
groups = "1"
{extra}
[[models]]
agent = "oracle"
'''


def write(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "grid.toml"
    path.write_text(BASE.format(extra=extra), encoding="utf-8")
    return path


@pytest.mark.parametrize("extra, message", [
    ("trials = 2", "cannot set trials or shard"),
    ('shard = "1/2"', "cannot set trials or shard"),
    ("groups = 3", "--groups must be a list of group numbers, got 3"),
    ('concurrency = "many"', "--concurrency must be a whole number, got 'many'"),
    ("cache_dir = 5", "--cache-dir must be text, got 5"),
    ("timeout = nan", "--timeout must be a finite number greater than 0, got nan"),
    ("text_calls = 1", "--text-calls must be true or false"),
    ('limit = 2.5', "--limit must be a whole number"),
    ('plugins = [1]', "--plugins must be a list of names"),
])
def test_wrong_kinds_of_run_setting_refuse_the_spec(tmp_path: Path, extra: str, message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, extra)
    if extra.startswith("groups"):  # in place of the spec's own groups
        path.write_text(path.read_text(encoding="utf-8").replace('groups = "1"\n', ""), encoding="utf-8")
    with pytest.raises(GridError, match=message) as caught:
        load_grid(path)
    assert str(path) in str(caught.value)
    assert main(["grid", str(path)]) == 2
    assert message.split(",")[0].replace("\\", "") in capsys.readouterr().err


def test_a_model_entry_of_the_wrong_kind_names_its_cell(tmp_path: Path) -> None:
    path = tmp_path / "grid.toml"
    path.write_text('root = "g"\nmemory = ["none"]\n[[models]]\nname = "m"\nbase_url = "http://127.0.0.1:9/v1"\n'
                    'temperature = "hot"\n', encoding="utf-8")
    with pytest.raises(GridError, match="cell m-none: --temperature must be a finite number"):
        load_grid(path)


def test_plugins_as_one_name_is_one_module(tmp_path: Path) -> None:
    spec = load_grid(write(tmp_path, 'plugins = "json"'))
    assert spec.cells[0].config().plugins == ["json"]


def test_the_specs_price_table_is_used(tmp_path: Path, small_benchmark: Path) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_text('[models."m"]\ninput = 1\noutput = 2\n', encoding="utf-8")
    path = write(tmp_path, f'prices = "{prices}"\ndata = "{small_benchmark}"')
    assert load_grid(path).prices == str(prices)
    assert main(["grid", str(path)]) == 0
    cost = json.loads((tmp_path / "g/oracle-gold/metric.json").read_text())["cost"]
    assert cost["note"] == "no price: an offline agent makes no model requests"  # a table was read
    assert json.loads((tmp_path / "g/oracle-gold/config.json").read_text())["operational"]["prices"] == str(prices)
