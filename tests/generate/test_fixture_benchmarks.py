"""The committed fixture benchmarks (tests/data) are what the maker makes of their options today: a change to the
maker's output fails here until ``python tests/fixtures/benchmarks.py`` writes them anew (and the change is seen)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fixtures.benchmarks import FIXTURES, FixtureBenchmark, files, make

pytestmark = pytest.mark.make


def _output(root: Path) -> dict[str, bytes]:
    """What the maker made, less its version (a digest of its source, which moves with any edit of it)."""
    found = files(root)
    metadata = json.loads(found["metadata.json"])
    metadata.pop("generator_version", None)
    found["metadata.json"] = json.dumps(metadata, sort_keys=True).encode()
    return found


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda fixture: fixture.name)
def test_the_committed_fixture_is_what_the_maker_makes(fixture: FixtureBenchmark, tmp_path: Path) -> None:
    made, committed = _output(make(fixture, tmp_path / fixture.name)), _output(fixture.path)
    assert sorted(made) == sorted(committed)
    changed = [name for name in made if made[name] != committed[name]]
    assert not changed, (f"the maker now makes {', '.join(changed)} of {fixture.name} otherwise: if that is meant, "
                         "run python tests/fixtures/benchmarks.py and commit tests/data")
