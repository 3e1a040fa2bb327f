"""The committed fixture benchmarks (tests/data) are what the maker makes of their options today: a change to the
maker's output fails here until ``python tests/fixtures/benchmarks.py`` writes them anew (and the change is seen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fixtures.benchmarks import FIXTURES, FixtureBenchmark, files, make

pytestmark = pytest.mark.make


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda fixture: fixture.name)
def test_the_committed_fixture_is_what_the_maker_makes(fixture: FixtureBenchmark, tmp_path: Path) -> None:
    # The maker's version in metadata.json (a digest of its source) counts too: vmb validate rebuilds a made
    # benchmark and refuses one its maker's version did not make, so a fixture of another version is out of date.
    made, committed = files(make(fixture, tmp_path / fixture.name)), files(fixture.path)
    assert sorted(made) == sorted(committed)
    changed = [name for name in made if made[name] != committed[name]]
    assert not changed, (f"the maker now makes {', '.join(changed)} of {fixture.name} otherwise: if that is meant, "
                         "run python tests/fixtures/benchmarks.py and commit tests/data")
