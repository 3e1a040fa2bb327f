"""vmb.sim reproduces every recorded behaviour of the reference simulator."""

from __future__ import annotations

from pathlib import Path

from vmb.sim.conformance import check


def test_every_reference_case_and_probe_matches(conformance_dir: Path) -> None:
    checked, mismatches = check(conformance_dir)
    assert checked == 500 + 4944 + 9074
    report = "\n".join(m.describe() for m in mismatches[:10])
    assert not mismatches, f"{len(mismatches)} records disagree with the reference:\n{report}"
