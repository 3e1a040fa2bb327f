"""Field by field, as tests/test_fuzz_run_files.py does for run files: every field of a bundle's manifest.json
given every JSON type it does not hold, through ``vmb validate``.

The field lists are read off the manifest's declared types (``Manifest``, ``Benchmark``, ``RunEntry``,
``FileEntry``) and the packed manifest itself (each key of a benchmark's generator and of its recorded options,
each coverage count), so a new field is fuzzed without a line here. Each is exit status 2 with one line naming
manifest.json and the field, or a verdict per run (exit 1, or 0 where the value is one the field
takes: no model claimed); never a traceback (an exception out of
``vmb.cli.main`` fails the test) and nothing written outside validate's scratch.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.errors import Exit
from vmb.publish.manifest import Benchmark, FileEntry, Manifest, RunEntry
from vmb.publish.pack import pack_runs

WRONG = {"str": "x", "int": 7, "float": 1.5, "bool": True, "null": None, "list": [1], "object": {"a": 1}}
TOP = ("format", "version", *(f.name for f in fields(Manifest)))


@pytest.fixture(scope="module")
def packed(bundle_runs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    bundle = pack_runs([bundle_runs["oracle"]], tmp_path_factory.mktemp("fuzz-manifest") / "bundle").directory
    return json.loads((bundle / "manifest.json").read_text(encoding="utf-8")) | {"": str(bundle)}


def field_paths(manifest: dict[str, Any]) -> Iterator[tuple[str, ...]]:
    """Every field of the manifest by its path: the declared ones, and the keys of what they hold."""
    (sha,) = manifest["benchmarks"]
    benchmark = manifest["benchmarks"][sha]
    first_file = next(iter(manifest["files"]))
    yield from ((name,) for name in TOP)
    yield from (("benchmarks", sha, f.name) for f in fields(Benchmark))
    yield from (("benchmarks", sha, "generator", key) for key in benchmark["generator"])
    yield from (("benchmarks", sha, "generator", "options", key) for key in benchmark["generator"]["options"])
    yield from (("runs", 0, f.name) for f in fields(RunEntry))
    yield from (("runs", 0, "coverage", key) for key in manifest["runs"][0]["coverage"])
    yield from (("files", first_file, f.name) for f in fields(FileEntry))


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key] if isinstance(document, list) or key in document else None
        if document is None:
            return None
    return document


def test_every_manifest_field_of_every_wrong_type_is_one_line_or_a_verdict(
        packed: dict[str, Any], tmp_path: Path, small_benchmark: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    bundle = tmp_path / "bundle"
    shutil.copytree(packed[""], bundle)  # the files as packed; only the manifest differs from case to case
    original = {k: v for k, v in packed.items() if k}
    tried = 0
    for path in field_paths(original):
        current = _get(original, path)
        for kind, value in WRONG.items():
            if type(value) is type(current):
                continue
            document = json.loads(json.dumps(original))
            _get(document, path[:-1])[path[-1]] = value
            (bundle / "manifest.json").write_text(json.dumps(document), encoding="utf-8")
            rebuilds = path[-2:-1] == ("options",) or path[-1] in ("generator", "seed")
            args = ["validate", str(bundle), *([] if rebuilds else ["--data", str(small_benchmark)])]
            status = main(args)
            captured = capsys.readouterr()
            where = ".".join(map(str, path))
            assert "Traceback" not in captured.err, where
            if status == Exit.ERROR:
                (line,) = captured.err.splitlines()
                assert line.startswith("vmb validate: ") and "manifest.json" in line, (where, kind, line)
            else:
                assert status in (Exit.OK, Exit.FAILURES), (where, kind, captured.out)
                verdict = "runs/oracle: valid" if status == Exit.OK else "runs/oracle: INVALID"
                assert captured.out.splitlines()[0].startswith(verdict), (where, kind, captured.out)
            assert list(temp.iterdir()) == [], where
            tried += 1
    assert tried > 150
