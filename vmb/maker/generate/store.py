"""One output directory per run: the options file, one JSONL artifact per stage, done markers.

Layout under ``DIR/stages``: ``run.json`` (schema version, backend, options and their digest),
``<stage>.jsonl`` (one validated record per group, appended as each group finishes) and
``<stage>.done`` (written once every group of the stage is in). Resuming: a stage with its done
marker is not run again; a stage without one keeps the groups already written and does the rest.
A line cut short by a kill (no final line break) is dropped when the file is reopened.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from vmb.data.metadata import METADATA
from vmb.errors import VmbError, storage_message
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.schemas import SCHEMA_VERSION, STAGE_MODELS, Record
from vmb.maker.generate.version import generator_version, other_version

R = TypeVar("R", bound=Record)
STAGES_DIR = "stages"


class ArtifactError(VmbError):
    """An artifact that cannot be used: names the file, the line and what is wrong."""


@contextmanager
def writing(out: Path) -> Iterator[None]:
    """Writes into the generate directory ``out``: a write the file system refuses (a full disk, a path that
    cannot be made, ``--out`` a file) is one line naming the path and what to do, as in ``vmb run``."""
    try:
        yield
    except (ConnectionError, TimeoutError):
        raise  # a socket's (the endpoint, or stdout's reader gone), not the directory's
    except OSError as error:
        raise ArtifactError(storage_message(out, error, "finished stages and groups are kept")) from None


def _problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "record"
    return f"{where}: {first['msg']} ({error.error_count()} problem(s))"


def encode(stage: str, record: Record, digest: str) -> str:
    """The JSONL line of one record; the record is validated again from its own dump."""
    model = STAGE_MODELS[stage]
    if not isinstance(record, model):
        raise ArtifactError(f"{stage}: expected a {model.__name__}, got {type(record).__name__}")
    body = record.model_dump(mode="json")
    try:
        model.model_validate(body)
    except ValidationError as error:
        raise ArtifactError(f"{stage}: record for group {body.get('group')} fails its schema: {_problem(error)}") from None
    line = {"schema": f"{stage}/{SCHEMA_VERSION}", "options": digest, **body}
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def decode(stage: str, text: str, where: str, digest: str | None) -> Record:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ArtifactError(f"{where}: not JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise ArtifactError(f"{where}: expected a JSON object")
    schema = data.pop("schema", None)
    if schema != f"{stage}/{SCHEMA_VERSION}":
        raise ArtifactError(f"{where}: schema {schema!r}, expected {stage}/{SCHEMA_VERSION}")
    made_with = data.pop("options", None)
    if digest is not None and made_with != digest:
        raise ArtifactError(f"{where}: written with options {made_with}, this run has {digest}")
    try:
        return STAGE_MODELS[stage].model_validate(data)
    except ValidationError as error:
        raise ArtifactError(f"{where}: {_problem(error)}") from None


_START_OVER = "use a new --out directory, or delete the stages folder to generate again from the start"


def _made_here(out: Path) -> bool:
    """A benchmark a maker began or exported before it marked its directories."""
    from vmb.data.metadata import made_by_a_maker

    return (out / STAGES_DIR / "run.json").is_file() or made_by_a_maker(out)


def _other_version(out: Path, run_file: Path) -> str | None:
    """"made by vmb generate version X; this is version Y" for a directory another version began or exported."""
    from vmb.data.metadata import read_metadata

    if run_file.exists():
        return other_version(read_run_file(run_file).get("generator_version"))
    if (out / METADATA).exists():
        try:
            made = read_metadata(out)
        except VmbError:
            return None  # regenerated from scratch: nothing of it is resumed
        return other_version(made.made.generator_version) if made is not None else None
    return None


def read_run_file(path: Path) -> dict[str, Any]:
    """``stages/run.json``: the options a directory was made with, checked to be readable."""
    try:
        recorded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ArtifactError(f"{path} is damaged ({error}); {_START_OVER}") from None
    if not isinstance(recorded, dict) or not isinstance(recorded.get("options"), dict):
        raise ArtifactError(f"{path} is damaged (no options object); {_START_OVER}")
    return recorded


def _group_of(line: str) -> Any:
    """The group a stage line is about (None for a line that does not read: it is dropped with the rest)."""
    try:
        record = json.loads(line)
    except ValueError:
        return None
    return record.get("group") if isinstance(record, dict) else None


class Store:
    def __init__(self, out: Path, options: GenerateOptions) -> None:
        self.out = Path(out)
        self.dir = self.out / STAGES_DIR
        self.options = options
        self.digest = options.digest()

    def open(self, force: bool = False) -> None:
        """Create the directory, or check that it was made with the same options by this version.

        A new run writes only into an empty directory or one this generator made (whose files it then
        replaces or removes); anything else would be mixed into the benchmark. A directory another
        generator version made is refused (its stages would mix two makers' output) unless ``force``:
        then its stages are dropped and made again.
        """
        from vmb.outdir import claim_output_dir

        run_file = self.dir / "run.json"
        claim_output_dir(self.out, "vmb generate", made_before=_made_here)
        made_by = _other_version(self.out, run_file)
        if made_by is not None:
            if not force:
                raise ArtifactError(f"{self.out} was {made_by}; use a new --out directory, or --force to "
                                    "generate it again from the start with this version")
            self._start_over()
        if run_file.exists():
            recorded = read_run_file(run_file)
            if recorded.get("schema_version") != SCHEMA_VERSION:
                raise ArtifactError(f"{run_file}: schema version {recorded.get('schema_version')}, "
                                    f"this vmb writes {SCHEMA_VERSION}; use a new --out directory")
            if recorded.get("digest") != self.digest:
                changed = sorted(k for k, v in self.options.to_json().items() if recorded["options"].get(k) != v)
                raise ArtifactError(f"{self.out} was generated with other options (differs in: "
                                    f"{', '.join(changed)}); use a new --out directory or the same options")
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        body = {"schema_version": SCHEMA_VERSION, "generator_version": generator_version(), "digest": self.digest,
                "options": self.options.to_json()}
        run_file.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")

    def _start_over(self) -> None:
        """Drop every stage's records, done markers and failures (the request cache and review decisions stay)."""
        for stage in STAGE_MODELS:
            self.path(stage).unlink(missing_ok=True)
            (self.dir / f"{stage}.done").unlink(missing_ok=True)
        for name in ("failures.jsonl", "run.json"):
            (self.dir / name).unlink(missing_ok=True)

    def path(self, stage: str) -> Path:
        return self.dir / f"{stage}.jsonl"

    def done(self, stage: str) -> bool:
        return (self.dir / f"{stage}.done").exists()

    def mark_done(self, stage: str, info: dict[str, object]) -> None:
        (self.dir / f"{stage}.done").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")

    def _complete(self, stage: str) -> Path | None:
        """The stage's file with a torn last line (no final line break: a kill) cut off; None if absent."""
        path = self.path(stage)
        if not path.exists():
            return None
        with path.open("r+b") as handle:
            end = handle.seek(0, 2)
            keep = end
            while keep > 0:
                start = max(0, keep - 65536)
                handle.seek(start)
                block = handle.read(keep - start)
                if keep == end and block.endswith(b"\n"):
                    break
                cut = block.rfind(b"\n")
                if cut >= 0:
                    keep = start + cut + 1
                    break
                keep = start
            if keep != end:
                handle.truncate(keep)
        return path

    def _lines(self, stage: str) -> Iterator[tuple[int, int, bytes]]:
        """``(offset, line number, line)`` of every complete line, read one at a time."""
        path = self._complete(stage)
        if path is None:
            return
        with path.open("rb") as handle:
            offset = 0
            for number, raw in enumerate(handle, start=1):
                yield offset, number, raw
                offset += len(raw)

    def _decode(self, stage: str, number: int, raw: bytes) -> Record:
        where = f"{self.path(stage)}: line {number}"
        try:
            text = raw.decode("utf-8").rstrip("\n")
        except UnicodeDecodeError:
            raise ArtifactError(f"{where}: not UTF-8 text") from None
        return decode(stage, text, where, self.digest)

    def records(self, stage: str) -> Iterator[Record]:
        """Every complete record of a stage, validated; a torn last line is cut off the file."""
        for _, number, raw in self._lines(stage):
            yield self._decode(stage, number, raw)

    def index(self, stage: str) -> dict[int, tuple[int, int]]:
        """Group → where its record is (offset, line number), holding no record: a stage file of 1,000
        groups' dialogues is gigabytes. The last record of a group counts, as in ``by_group``."""
        found: dict[int, tuple[int, int]] = {}
        for offset, number, raw in self._lines(stage):
            group = _group_of(raw.decode("utf-8", errors="replace"))
            if not isinstance(group, int):
                self._decode(stage, number, raw)  # names what is wrong with the line
                raise ArtifactError(f"{self.path(stage)}: line {number}: no group number")
            found[group] = (offset, number)
        return found

    def record(self, stage: str, at: tuple[int, int]) -> Record:
        """The record at a place ``index`` gave, validated."""
        with self.path(stage).open("rb") as handle:
            handle.seek(at[0])
            return self._decode(stage, at[1], handle.readline())

    def by_group(self, stage: str, model: type[R]) -> dict[int, R]:
        found: dict[int, R] = {}
        for record in self.records(stage):
            assert isinstance(record, model)
            found[record.group] = record  # type: ignore[attr-defined]
        return found

    @classmethod
    def existing(cls, out: Path) -> Store:
        """The store of a directory made before, with the options it was made with."""
        run_file = Path(out) / STAGES_DIR / "run.json"
        if not run_file.exists():
            raise ArtifactError(f"{out}: not a vmb generate directory (no {STAGES_DIR}/run.json)")
        recorded = read_run_file(run_file)
        try:
            return cls(Path(out), GenerateOptions.from_json(recorded["options"]))
        except (TypeError, ValueError) as error:
            raise ArtifactError(f"{run_file}: its options do not read ({error}); {_START_OVER}") from None

    def drop_groups(self, stage: str, groups: set[int]) -> None:
        """Remove the records of ``groups`` from a stage and its done marker, so they are made again."""
        (self.dir / f"{stage}.done").unlink(missing_ok=True)
        path = self.path(stage)
        if not path.exists():
            return
        keep = [line for line in path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
                if line.endswith("\n") and _group_of(line) not in groups]
        staged = path.with_suffix(".tmp")
        staged.write_text("".join(keep), encoding="utf-8")
        staged.replace(path)

    def append(self, stage: str, record: Record) -> None:
        line = encode(stage, record, self.digest) + "\n"
        with self.path(stage).open("a", encoding="utf-8") as handle:
            handle.write(line)
