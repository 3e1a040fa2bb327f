"""Grid specs: models × memory settings, shared settings, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb.harness.grid import GridError, load_grid

SPEC = '''
root = "runs/g"
memory = ["none", { setting = "summary", options = { summary_cap = 2000 }, label = "sum2k" }]
trials = 3
[run]
groups = "1-2,5"
concurrency = 4
[[models]]
name = "Qwen/Qwen3-8B"
base_url = "http://127.0.0.1:8000/v1"
server = "vllm"
[[models]]
agent = "oracle"
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "grid.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_model_meets_every_memory_setting(tmp_path: Path) -> None:
    spec = load_grid(write(tmp_path, SPEC))
    assert spec.trials == 3 and spec.root == tmp_path / "runs/g"
    assert [c.name for c in spec.cells] == ["Qwen_Qwen3-8B-none", "Qwen_Qwen3-8B-sum2k", "oracle-none", "oracle-sum2k"]
    qwen_summary = spec.cells[1].config()
    assert (qwen_summary.model, qwen_summary.server, qwen_summary.memory) == ("Qwen/Qwen3-8B", "vllm", "summary")
    assert qwen_summary.memory_options == {"summary_cap": 2000}
    assert qwen_summary.groups == [1, 2, 5] and qwen_summary.concurrency == 4
    assert qwen_summary.out == str(tmp_path / "runs/g/Qwen_Qwen3-8B-sum2k")
    assert qwen_summary.cache_dir == str(tmp_path / "runs/g/.cache")
    oracle = spec.cells[2].config()
    assert oracle.agent == "oracle" and oracle.model is None
    oracle.validate()


@pytest.mark.parametrize("change, message", [
    (("trials = 3", "trials = 0"), "trials must be a whole number"),
    (("concurrency = 4", "concurency = 4"), "unknown setting\\(s\\) concurency"),
    (('server = "vllm"', 'servr = "vllm"'), "models entry 1 has unknown key\\(s\\) servr"),
    (('name = "Qwen/Qwen3-8B"', ''), "models entry 1 needs name and base_url"),
    (('root = "runs/g"', ''), "root .* is required"),
    (('label = "sum2k"', 'label = "none"'), "two cells are both named"),
])
def test_bad_specs_are_refused_naming_the_entry(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    path = write(tmp_path, SPEC.replace(*change))
    with pytest.raises(GridError, match=message) as caught:
        load_grid(path)
    assert str(path) in str(caught.value)
