"""vmb.data: the loader on the real release, the call parser, malformed files, data-dir resolution."""

from __future__ import annotations

import gc
import json
import threading
from collections import Counter
from datetime import date, datetime
from pathlib import Path

import pytest

import vmb.data.locate as locate
from vmb.data import DataError, load_benchmark, parse_call, repeated_queries, resolve_data_dir
from vmb.data.loader import history_speakers
from vmb.usercache import CACHE_ENV


@pytest.fixture(scope="module")
def bench(release_dir: Path):
    return load_benchmark(release_dir)


# --- the real release --------------------------------------------------------------------------


def test_release_counts_and_ids(bench) -> None:
    assert [g.number for g in bench.groups] == list(range(1, 51))
    assert len(bench.queries) == 500
    assert all(len(g.queries) == 10 for g in bench.groups)
    assert bench.queries[0].id == "qa_1#0" and bench.queries[-1].id == "qa_50#9"
    assert [q.id for q in bench.group(3).queries] == [f"qa_3#{i}" for i in range(10)]
    query = bench.query("qa_3#7")
    assert (query.group, query.index) == (3, 7)
    assert query is bench.group(3).queries[7]
    with pytest.raises(KeyError):
        bench.query("qa_51#0")


def test_release_reasoning_types(bench) -> None:
    assert Counter(q.reasoning_type for q in bench.queries) == {
        "preference_conflict": 149,
        "conditional_constraint": 102,
        "coreference_resolution": 97,
        "state_shift": 90,
        "error_correction": 62,
    }


def test_release_calls_parse(bench) -> None:
    assert sum(len(q.calls) for q in bench.queries) == 572
    assert all(len(q.calls) == len(q.answer) for q in bench.queries)
    first = bench.query("qa_1#1")
    assert first.answer == ['carcontrol_seat_set_headrest_height(seat="driver", value=44)']
    assert first.calls == [{"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 44}}]
    # Lowercase booleans of the release become real booleans.
    bools = [v for q in bench.queries for c in q.calls for v in c["args"].values() if isinstance(v, bool)]
    assert True in bools and False in bools


def test_release_history(bench) -> None:
    group = bench.group(1)
    assert group.speakers == ["Gary Allen", "Justin Martinez", "Patricia Garcia"]
    first = group.lines[0]
    assert first.timestamp == datetime(2025, 3, 3, 8, 30)
    assert first.speaker == "Gary Allen"
    assert first.raw.startswith("[2025-03-03 08:30] Gary Allen: I finally received")
    assert first.text.startswith("I finally received")
    assert group.history_text.rstrip("\n").count("\n") + 1 == len(group.lines)
    assert round(sum(len(g.lines) for g in bench.groups) / 50, 2) == 2690.36
    for g in bench.groups:
        assert [d.date for d in g.days] == sorted({line.timestamp.date() for line in g.lines})
        assert sum(len(d.lines) for d in g.days) == len(g.lines)
        assert all(line.timestamp.date() == d.date for d in g.days for line in d.lines)
    assert Counter(len(g.speakers) for g in bench.groups) == {3: 45, 4: 5}


def test_speakers_of_an_unparsed_history_are_the_parsed_ones(bench, release_dir: Path) -> None:
    # A gold run reads each group's speakers without parsing its history (vmb.data.loader.history_speakers).
    lazy = load_benchmark(release_dir, parse_histories=False)
    assert [g.speakers for g in lazy.groups] == [g.speakers for g in bench.groups]
    assert all(g._history is None for g in lazy.groups)
    text = ("[2025-01-01 08:00] Ann Lee: hi [Bob Stone: not a line head]\n[2025-01-01 08:01] [2025-01-01 08:01] "
            "Bob Stone: twice\n" + "[2025-01-01 08:02] Ann Lee: again\n" * 50 + "[2025-01-02 09:00] Cy O'Neil: late\n")
    assert history_speakers(text) == ["Ann Lee", "Bob Stone", "Cy O'Neil"]


def test_release_repeated_timestamp_line(bench) -> None:
    # history_18 writes one timestamp twice; the loader accepts an identical repeated prefix.
    [line] = [line for line in bench.group(18).lines if line.raw.startswith("[2025-04-12 14:05] [2025-04-12 14:05]")]
    assert line.speaker == "Kathleen Ramirez"
    assert line.text.startswith("Wait, screen brightness 80 is blinding!")


# --- the call parser ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('f(a=1, b="s", c=true)', {"a": 1, "b": "s", "c": True}),
        ("f(a=false, b=null)", {"a": False, "b": None}),
        ("f(a=True, b=False, c=None)", {"a": True, "b": False, "c": None}),
        ("f(x=-5, y=-2.5, z=+3)", {"x": -5, "y": -2.5, "z": 3}),
        ("f(t=22.5)", {"t": 22.5}),
        (r'f(s="say \"hi\"\n", u="caf\u00e9")', {"s": 'say "hi"\n', "u": "café"}),
        ("f(s='single', t='it\\'s')", {"s": "single", "t": "it's"}),
        ('f(s="true")', {"s": "true"}),  # a string stays a string
        ("  f()  ", {}),
    ],
)
def test_parse_call_accepts(text: str, expected: dict) -> None:
    assert parse_call(text) == {"name": "f", "args": expected}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('f("driver", 44)', "positional arguments"),
        ("f(1, a=2)", "positional arguments"),
        ("f(**opts)", "unpacking"),
        ("f(a=g(1))", "not a literal"),
        ("f(a=[1, 2])", "not a literal"),
        ("f(a={'k': 1})", "not a literal"),
        ("f(a=1+2)", "not a literal"),
        ("f(a=--1)", "not a literal"),
        ("f(a=-true)", "not a literal"),
        ("f(a=other)", "not a literal"),
        ("f(a=b'x')", "not a literal"),
        ("f(a=1, a=2)", "given twice"),
        ("obj.f(a=1)", "plain API name"),
        ("f(a=1); g(b=2)", "not a call expression"),
        ("f", "not a call expression"),
        ("f(a=1", "not a call expression"),
        ("__import__('os').system('x')", "plain API name"),
        ("f(a=\x00)", "not a call expression"),
    ],
)
def test_parse_call_refuses(text: str, reason: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_call(text, "qa_9.json", "query 2 (qa_9#2), new_answer[0]")
    message = str(caught.value)
    assert reason in message
    assert message.startswith("qa_9.json, query 2 (qa_9#2), new_answer[0]: ")
    assert repr(text) in message


def test_parse_call_while_another_thread_parses_mid_construction() -> None:
    # The collector runs a finalizer inside this thread's parse; the finalizer has a second thread parse a
    # call meanwhile. CPython 3.11's AST constructor shares its recursion count between threads, so without
    # parse_call's lock this raises SystemError (recursion depth mismatch) every time.
    text = "f(" + ", ".join(f"a{i}={i}" for i in range(200)) + ")"
    others: list[threading.Thread] = []
    parsed: list[dict] = []

    class Handoff:
        me: object = None  # set to itself: a cycle, which only the collector frees

        def __del__(self) -> None:
            if threading.current_thread() is threading.main_thread() and len(others) < 3:
                other = threading.Thread(target=lambda: parsed.append(parse_call(text)))
                others.append(other)
                other.start()
                other.join(0.2)  # with the lock it waits for this parse to finish: the join times out
                again = Handoff()
                again.me = again

    thresholds = gc.get_threshold()
    gc.collect()
    gc.set_threshold(1)  # a collection at the parse's first allocation, so the finalizer runs mid-construction
    try:
        first = Handoff()
        first.me = first
        del first
        result = parse_call(text)
    finally:
        gc.set_threshold(*thresholds)
    for other in others:
        other.join()
    assert others, "the finalizer never ran inside the parse"
    assert result["args"] == parsed[0]["args"] == {f"a{i}": i for i in range(200)}
    assert len(parsed) == len(others)


# --- malformed files ---------------------------------------------------------------------------

GOOD_LINE = "[2025-03-03 08:30] Ann Lee: Hello there."
GOOD_QUERY = {
    "gold_memory": "[March 3, 2025] Ann likes 22 degrees.",
    "reasoning_type": "state_shift",
    "query": "Ann gets in.",
    "new_answer": ['carcontrol_airConditioner_set_temperature(temperature=22, zone="driver")'],
}


def write_release(root: Path, history: str | None = None, qa: object = None, qa_text: str | None = None) -> Path:
    """A one-group release under ``root``; each part can be replaced by a malformed one."""
    (root / "history").mkdir(parents=True)
    (root / "qa_data").mkdir()
    (root / "history" / "history_1.txt").write_text(
        history if history is not None else GOOD_LINE + "\n[2025-03-04 09:00] Bo Chen: Hi.\n", encoding="utf-8"
    )
    if qa_text is None:
        qa_text = json.dumps(qa if qa is not None else {"related_to_vehicle_preference": [GOOD_QUERY]})
    (root / "qa_data" / "qa_1.json").write_text(qa_text, encoding="utf-8")
    return root


def load_error(root: Path) -> str:
    with pytest.raises(DataError) as caught:
        load_benchmark(root)
    return str(caught.value)


def test_small_release_loads(tmp_path: Path) -> None:
    bench = load_benchmark(write_release(tmp_path))
    group = bench.group(1)
    assert group.speakers == ["Ann Lee", "Bo Chen"]
    assert [d.date for d in group.days] == [date(2025, 3, 3), date(2025, 3, 4)]
    assert bench.query("qa_1#0").calls[0]["args"] == {"temperature": 22, "zone": "driver"}


def test_days_in_date_order_even_when_lines_are_not(tmp_path: Path) -> None:
    history = (
        "[2025-03-05 10:00] Ann Lee: Later.\n"
        "[2025-03-01 09:00] Bo Chen: Earlier.\n"
        "[2025-03-05 11:00] Ann Lee: Again.\n"
    )
    group = load_benchmark(write_release(tmp_path, history=history)).group(1)
    assert [d.date for d in group.days] == [date(2025, 3, 1), date(2025, 3, 5)]
    assert [line.text for line in group.days[1].lines] == ["Later.", "Again."]


def test_crlf_and_bom_are_accepted(tmp_path: Path) -> None:
    history = "\ufeff" + GOOD_LINE + "\r\n[2025-03-04 09:00] Bo Chen: Hi.\r\n"
    group = load_benchmark(write_release(tmp_path, history=history)).group(1)
    assert [line.raw for line in group.lines] == [GOOD_LINE, "[2025-03-04 09:00] Bo Chen: Hi."]


@pytest.mark.parametrize(
    ("history", "item", "what"),
    [
        (GOOD_LINE + "\nno timestamp here\n", "line 2", "does not match"),
        (GOOD_LINE + "\n\n", "line 2", "does not match"),
        ("[2025-03-03 8:30] Ann Lee: Hi.\n", "line 1", "does not match"),
        ("[2025-03-03 08:30] Ann Lee said hi\n", "line 1", "does not match"),
        ("[2025-03-03 08:30] [2025-03-03 08:31] Ann Lee: Hi.\n", "line 1", "does not match"),
        (GOOD_LINE + "\n[2025-13-03 08:30] Ann Lee: Hi.\n", "line 2", "invalid date or time"),
        ("", None, "the history is empty"),
    ],
)
def test_bad_history_line(tmp_path: Path, history: str, item: str | None, what: str) -> None:
    message = load_error(write_release(tmp_path, history=history))
    assert str(tmp_path / "history" / "history_1.txt") in message
    assert what in message
    if item:
        assert f"history_1.txt, {item}: " in message


def test_history_not_utf8(tmp_path: Path) -> None:
    root = write_release(tmp_path)
    (root / "history" / "history_1.txt").write_bytes(b"[2025-03-03 08:30] Ann: caf\xe9\n")
    message = load_error(root)
    assert "history_1.txt, byte 27: not valid UTF-8" in message


@pytest.mark.parametrize(
    ("qa", "item", "what"),
    [
        ([], None, "expected a JSON object at the top, found a list"),
        ({"other": []}, None, "missing key 'related_to_vehicle_preference'"),
        (
            {"related_to_vehicle_preference": {}},
            "related_to_vehicle_preference",
            "expected a list of queries, found an object",
        ),
        (
            {"related_to_vehicle_preference": [GOOD_QUERY, "x"]},
            "query 1 (qa_1#1)",
            "expected an object, found a string",
        ),
        (
            {"related_to_vehicle_preference": [{k: v for k, v in GOOD_QUERY.items() if k != "query"}]},
            "query 0 (qa_1#0)",
            "missing key 'query'",
        ),
        (
            {"related_to_vehicle_preference": [GOOD_QUERY, dict(GOOD_QUERY, new_answer="f(a=1)")]},
            "query 1 (qa_1#1)",
            "'new_answer' should be a list, found a string",
        ),
        (
            {"related_to_vehicle_preference": [dict(GOOD_QUERY, reasoning_type=3)]},
            "query 0 (qa_1#0)",
            "'reasoning_type' should be a string, found a number",
        ),
        (
            {"related_to_vehicle_preference": [dict(GOOD_QUERY, new_answer=["f(a=1)", None])]},
            "query 0 (qa_1#0), new_answer[1]",
            "expected a string, found null",
        ),
        (
            {"related_to_vehicle_preference": [dict(GOOD_QUERY, new_answer=['f("driver", 44)'])]},
            "query 0 (qa_1#0), new_answer[0]",
            "cannot parse call 'f(\"driver\", 44)': positional arguments are not accepted; "
            "write every argument as name=value",
        ),
    ],
)
def test_bad_qa_file(tmp_path: Path, qa: object, item: str | None, what: str) -> None:
    message = load_error(write_release(tmp_path, qa=qa))
    where = ", ".join(part for part in (str(tmp_path / "qa_data" / "qa_1.json"), item) if part)
    assert message == f"{where}: {what}"


def test_bad_json(tmp_path: Path) -> None:
    message = load_error(write_release(tmp_path, qa_text='{\n  "related_to_vehicle_preference": [\n  {,\n'))
    assert message.startswith(str(tmp_path / "qa_data" / "qa_1.json") + ", line 3 column 4: invalid JSON: ")


def test_missing_files(tmp_path: Path) -> None:
    root = write_release(tmp_path)
    (root / "qa_data" / "qa_1.json").unlink()
    assert load_error(root) == f"{root / 'qa_data' / 'qa_1.json'}: file not found (history_1.txt has no QA file)"
    (root / "history" / "history_1.txt").unlink()
    assert "no history_N.txt / qa_N.json files found" in load_error(root)
    (root / "qa_data" / "qa_2.json").write_text("{}", encoding="utf-8")
    assert load_error(root) == f"{root / 'history' / 'history_2.txt'}: file not found (qa_2.json has no history)"
    assert load_error(tmp_path / "absent") == f"{tmp_path / 'absent'}: benchmark directory not found"
    (root / "history").rmdir()
    assert "history: directory not found" in load_error(root)


@pytest.mark.parametrize(
    ("names", "bad", "what"),
    [
        (("history_02.txt", "qa_02.json"), "history/history_02.txt", "leading zero: rename it history_2.txt"),
        (("qa_02.json",), "qa_data/qa_02.json", "leading zero: rename it qa_2.json"),
        (("qa_0.json",), "qa_data/qa_0.json", "group numbers start at 1"),
    ],
)
def test_zero_padded_group_files_are_refused_not_skipped(
    tmp_path: Path, names: tuple[str, ...], bad: str, what: str
) -> None:
    root = write_release(tmp_path)
    for name in names:
        folder = "history" if name.startswith("history") else "qa_data"
        source = root / folder / ("history_1.txt" if folder == "history" else "qa_1.json")
        (root / folder / name).write_bytes(source.read_bytes())
    message = load_error(root)
    assert message.startswith(f"{root / bad}: ") and what in message


def test_unrelated_files_are_ignored(tmp_path: Path) -> None:
    root = write_release(tmp_path)
    for name in ("notes.txt", "history_1.txt.bak", "history_.txt", "history_x.txt"):
        (root / "history" / name).write_text("x", encoding="utf-8")
    assert [g.number for g in load_benchmark(root).groups] == [1]


def test_unknown_reasoning_type_is_refused(tmp_path: Path) -> None:
    qa = {"related_to_vehicle_preference": [GOOD_QUERY, dict(GOOD_QUERY, reasoning_type="state_shfit")]}
    message = load_error(write_release(tmp_path, qa=qa))
    assert message == (
        f"{tmp_path / 'qa_data' / 'qa_1.json'}, query 1 (qa_1#1): unknown reasoning_type 'state_shfit'; "
        "expected one of preference_conflict, conditional_constraint, coreference_resolution, "
        "state_shift, error_correction"
    )


def test_duplicated_item_is_loaded_and_reported(tmp_path: Path) -> None:
    other = dict(GOOD_QUERY, query="Bo gets in.")
    qa = {"related_to_vehicle_preference": [GOOD_QUERY, other, GOOD_QUERY, dict(other, gold_memory="x")]}
    bench = load_benchmark(write_release(tmp_path, qa=qa))
    # Accepted as published: each position is its own query with its own id.
    assert [q.id for q in bench.queries] == ["qa_1#0", "qa_1#1", "qa_1#2", "qa_1#3"]
    assert [r.describe() for r in repeated_queries(bench)] == [
        "qa_data/qa_1.json, query 2: the same item as query 0 (qa_1#0)",
        "qa_data/qa_1.json, query 3: the same question as query 1 (qa_1#1), different gold_memory",
    ]


def test_release_repeats_three_questions(bench) -> None:
    assert [(r.query.id, r.first.id, r.differing) for r in repeated_queries(bench)] == [
        ("qa_37#4", "qa_37#3", ()),
        ("qa_38#3", "qa_38#2", ("new_answer",)),
        ("qa_44#5", "qa_44#4", ("gold_memory", "new_answer")),
    ]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("f(a=" + "-" * 199_990 + "1)", "199,996 characters is too long for a call (at most 10,000)"),
        ("f(a=" + "-" * 9_000 + "1)", "nested too deeply to be a call"),
    ],
)
def test_huge_or_deep_call_is_refused_with_a_short_message(tmp_path: Path, text: str, reason: str) -> None:
    qa = {"related_to_vehicle_preference": [dict(GOOD_QUERY, new_answer=[text])]}
    message = load_error(write_release(tmp_path, qa=qa))
    assert message.startswith(f"{tmp_path / 'qa_data' / 'qa_1.json'}, query 0 (qa_1#0), new_answer[0]: ")
    assert message.endswith(reason)
    assert len(message) < 600


def test_cli_prints_data_error_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.cli import main

    root = write_release(tmp_path / "bad", history=GOOD_LINE + "\nbroken\n")
    assert main(["stats", "--data", str(root), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("vmb stats: ") and "history_1.txt, line 2: does not match" in err
    assert "Traceback" not in err and len(err.splitlines()) == 1


# --- data-dir resolution -----------------------------------------------------------------------


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A working directory and a project root, both inside tmp_path, with no data yet."""
    cwd = tmp_path / "work" / "cwd"
    root = tmp_path / "proj" / "root"
    cwd.mkdir(parents=True)
    root.mkdir(parents=True)
    monkeypatch.chdir(cwd)
    monkeypatch.setattr(locate, "PROJECT_ROOT", root)
    monkeypatch.delenv("VMB_DATA", raising=False)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))  # no copy remembered by an earlier `make test`
    return {"cwd": cwd, "root": root}


def make_dir(path: Path) -> Path:
    path.mkdir(parents=True)
    return path


def test_resolution_order(places: dict[str, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cwd, root = places["cwd"], places["root"]
    with pytest.raises(DataError) as caught:
        resolve_data_dir()
    assert "(`vmb data fetch`)" in str(caught.value) and "set $VMB_DATA" in str(caught.value)

    remembered = make_dir(tmp_path / "copy" / "release")
    locate.remember(remembered)  # what `vmb data fetch --if-missing` (make test, make report) keeps
    assert resolve_data_dir() == remembered.resolve()
    root_shared = make_dir(root.parent / "shared" / "vehiclemembench")
    assert resolve_data_dir() == root_shared
    root_data = make_dir(root / "data" / "vehiclemembench")
    assert resolve_data_dir() == root_data
    # The working folder is never a place: a kernel started in notebooks/ finds what a command finds.
    make_dir(cwd / "data" / "vehiclemembench")
    make_dir(cwd.parent / "shared" / "vehiclemembench")
    assert resolve_data_dir() == root_data

    env_dir = make_dir(tmp_path / "from_env")
    monkeypatch.setenv("VMB_DATA", str(env_dir))
    assert resolve_data_dir() == env_dir
    cli_dir = make_dir(tmp_path / "from_cli")
    assert resolve_data_dir(str(cli_dir)) == cli_dir
    assert resolve_data_dir(cli_dir) == cli_dir


def test_a_remembered_copy_gone_or_damaged_is_no_place(places: dict[str, Path], tmp_path: Path) -> None:
    gone = make_dir(tmp_path / "gone")
    locate.remember(gone)
    gone.rmdir()
    assert locate.remembered() is None
    note = tmp_path / "cache" / Path(*locate.REMEMBERED)
    for damaged in ("{", "[]", '{"data": 3}', ""):
        note.write_text(damaged, encoding="utf-8")
        assert locate.remembered() is None
    with pytest.raises(DataError, match="no benchmark data found"):
        resolve_data_dir()


def test_explicit_dirs_must_exist(places: dict[str, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    make_dir(places["cwd"] / "data" / "vehiclemembench")  # a fallback exists, but is not used
    with pytest.raises(DataError, match=r"nope: directory not found \(given with --data\)"):
        resolve_data_dir(str(tmp_path / "nope"))
    monkeypatch.setenv("VMB_DATA", str(tmp_path / "nope"))
    with pytest.raises(DataError, match=r"nope: directory not found \(given in \$VMB_DATA\)"):
        resolve_data_dir()
