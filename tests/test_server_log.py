"""The local model server's log: one file per model, a second only while two of its servers run at once."""

from __future__ import annotations

from pathlib import Path

from vmb.local.server import claim_log


def test_servers_one_after_another_rewrite_one_log(tmp_path: Path) -> None:
    for run in range(5):
        path, log = claim_log(tmp_path, "tiny")
        with log:
            log.write(f"server {run}\n".encode())
    assert [p.name for p in tmp_path.iterdir()] == ["server-tiny.log"]
    assert path.read_text() == "server 4\n"


def test_servers_at_once_keep_their_own_logs_and_free_them(tmp_path: Path) -> None:
    first_path, first = claim_log(tmp_path, "tiny")
    second_path, second = claim_log(tmp_path, "tiny")
    assert (first_path.name, second_path.name) == ("server-tiny.log", "server-tiny-2.log")
    first.write(b"first is still running\n")
    first.flush()
    second.close()
    third_path, third = claim_log(tmp_path, "tiny")  # the second's log is free again; the first's is not
    first.close()
    third.close()
    assert third_path == second_path
    assert first_path.read_text() == "first is still running\n"
    assert len(list(tmp_path.iterdir())) == 2
