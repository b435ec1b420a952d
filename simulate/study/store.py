"""The study folder on disk: its identity, its chunks, its lock, and checks for damage.

A study folder holds ``study.json`` (the :class:`StudyParams` that decide every row),
``schema.md`` and ``rows/part-NNNNNN.parquet``, one file per chunk.  This module owns
reading and writing them, so that a study is never silently trusted when it is damaged:

* **Atomic chunks.**  A chunk is written to a temporary name and moved into place with
  ``os.replace``: a file present under its final name was complete when written.
* **Chunks carry their identity.**  Each chunk's Parquet footer holds the study's
  parameters and the chunk's index (key ``euchre_mc.study``), so a chunk copied in
  from another study, or from another chunk, is recognised.
* **Resume verifies every chunk it keeps** from its footer (cheap for any study size):
  readable, this study's identity, the right chunk, the expected number of rows.  A
  damaged chunk (truncated, empty, unreadable, wrong row count) is removed and
  computed again; a chunk of another study, a chunk beyond the study's last, or a stray
  file in ``rows/`` is refused, since it is not this program's to delete.
* **Reading rows checks them too**: ``chart`` and :func:`read_rows` name the first damaged
  chunk in a one-line :class:`StudyError`.
* **One writer at a time.**  A study holds an exclusive lock on ``DIR/.lock`` (POSIX
  ``flock``) while it runs; a second study on the same folder is refused at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..rules.variants import as_variant

if TYPE_CHECKING:
    import pandas as pd

# pandas and pyarrow load inside the functions that read and write rows: the command
# line imports StudyError from here and must answer --help without them.

# 2: classic tables are dealt as the playout and the games deal them; 3: the top-run
# features (run, trump_aces; runs, long_run in no trump)
SCHEMA_VERSION = 3
ALL_CONTRACTS = "all"
LONE_CONTRACTS = "lone"
STUDY_CONTRACTS = (ALL_CONTRACTS, LONE_CONTRACTS)
"""What a six-seat study plays: every contract, or only the sweep contracts (Pig, Hog, Alone)."""
STUDY_FILE = "study.json"
SCHEMA_FILE = "schema.md"
ROWS_DIR = "rows"
LOCK_FILE = ".lock"
IDENTITY_KEY = b"euchre_mc.study"
_PART = re.compile(r"part-(\d{6})\.parquet")
_TEMPORARY = re.compile(r"\.part-\d{6}\.parquet\.\d+\.tmp")


class StudyError(ValueError):
    """A study that cannot run as asked; the message names the bad value and what is allowed."""


@dataclass(frozen=True)
class StudyParams:
    """Everything that decides a study's rows; two studies with equal params have equal rows."""

    variant: str
    hands: int
    seed: int
    play: str
    chunk_size: int
    schema: int = SCHEMA_VERSION
    worlds: int | None = None  # worlds per decision, for the pimc play model only
    contracts: str = ALL_CONTRACTS  # or LONE_CONTRACTS: the sweep contracts only (six seats)
    trumps: int | None = None  # a strong-hand study: seat 1 dealt this many Hearts or more (.strong_hands)

    def to_dict(self) -> dict:
        """The params as stored; ``worlds`` only under pimc, ``contracts`` only when not
        every contract is played and ``trumps`` only in a strong-hand study (other studies
        read as before)."""
        out = asdict(self)
        if self.worlds is None:
            del out["worlds"]
        if self.contracts == ALL_CONTRACTS:
            del out["contracts"]
        if self.trumps is None:
            del out["trumps"]
        return out

    @property
    def conditioned(self) -> bool:
        """Whether the study deals strong hands on purpose: one row a deal, seat 1 the
        bidder, Hearts trump only (:mod:`..dealing.strong_hands`)."""
        return self.trumps is not None

    @property
    def levels(self) -> bool:
        """Whether the rows hold the level contracts' tricks (``tricks_<d>``)."""
        return self.contracts == ALL_CONTRACTS

    @property
    def chunks(self) -> int:
        return -(-self.hands // self.chunk_size)

    def chunk_deals(self, chunk: int) -> range:
        """Global deal indexes of ``chunk``."""
        first = chunk * self.chunk_size
        return range(first, min(first + self.chunk_size, self.hands))

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n"

    @staticmethod
    def from_json(text: str, where: str = STUDY_FILE) -> StudyParams:
        try:
            return StudyParams(**json.loads(text))
        except (TypeError, ValueError):
            raise StudyError(
                f"{where} is damaged or not a study of this euchre-mc version (schema {SCHEMA_VERSION}): "
                "start a new study in another --out"
            ) from None


def part_path(out, chunk: int) -> Path:
    return Path(out) / ROWS_DIR / f"part-{chunk:06d}.parquet"


def finished_chunks(out) -> set[int]:
    """Chunks whose Parquet file is in place (files are only ever moved in complete)."""
    rows = Path(out) / ROWS_DIR
    if not rows.is_dir():
        return set()
    return {int(match.group(1)) for p in rows.iterdir() if (match := _PART.fullmatch(p.name))}


def chunk_parquet(frame: pd.DataFrame, params: StudyParams, chunk: int) -> bytes:
    """A chunk's rows as the bytes of a Parquet file whose footer names the study and chunk."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(frame, preserve_index=False)
    identity = json.dumps({"params": params.to_dict(), "chunk": chunk}, sort_keys=True).encode()
    table = table.replace_schema_metadata({**(table.schema.metadata or {}), IDENTITY_KEY: identity})
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    return buffer.getvalue()


def write_chunk(out, chunk: int, parquet: bytes) -> Path:
    """Write a chunk's file atomically: a temporary file in the same folder, then ``os.replace``."""
    final = part_path(out, chunk)
    temporary = final.with_name(f".{final.name}.{os.getpid()}.tmp")
    with open(temporary, "wb") as handle:
        handle.write(parquet)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, final)
    return final


def read_params(out) -> StudyParams:
    path = Path(out) / STUDY_FILE
    if not path.is_file():
        raise StudyError(
            f"{out} is not a study directory: it has no {STUDY_FILE} (run euchre-mc study --out {out})"
        )
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise StudyError(f"{path} cannot be read ({error.__class__.__name__}): it is damaged") from None
    return StudyParams.from_json(text, str(path))


def rows_per_deal(params: StudyParams) -> int:
    """Every seat of a deal is a row; a strong-hand study's row is the strong hand's seat."""
    return 1 if params.conditioned else as_variant(params.variant).players


def chunk_problem(out, params: StudyParams, chunk: int) -> tuple[str, str] | None:
    """What is wrong with chunk ``chunk``'s file, from its footer, or None if it is sound.

    Returns ``("damaged", why)`` for a file that should be computed again and
    ``("foreign", why)`` for one that is not this study's.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = part_path(out, chunk)
    try:
        footer = pq.read_metadata(path)
    except (OSError, pa.ArrowException) as error:
        return "damaged", f"{path.name} is not a readable Parquet file ({str(error).splitlines()[0]})"
    raw = (footer.metadata or {}).get(IDENTITY_KEY)
    try:
        identity = json.loads(raw) if raw else None
    except ValueError:
        identity = None
    if identity is None:
        return "foreign", f"{path.name} carries no euchre-mc study identity"
    if identity.get("params") != params.to_dict():
        return "foreign", f"{path.name} belongs to another study ({identity.get('params')})"
    if identity.get("chunk") != chunk:
        return "foreign", f"{path.name} holds chunk {identity.get('chunk')} of this study, not chunk {chunk}"
    expected = len(params.chunk_deals(chunk)) * rows_per_deal(params)
    if footer.num_rows != expected:
        return "damaged", f"{path.name} has {footer.num_rows} rows where chunk {chunk} has {expected}"
    return None


def stray_files(out, params: StudyParams) -> list[str]:
    """Files in ``rows/`` that are neither a chunk of this study nor a writer's leftover."""
    rows = Path(out) / ROWS_DIR
    stray = []
    for path in sorted(rows.iterdir()):
        match = _PART.fullmatch(path.name)
        if match and int(match.group(1)) < params.chunks and path.is_file():
            continue
        if _TEMPORARY.fullmatch(path.name):
            continue
        stray.append(path.name)
    return stray


def verified_chunks(out, params: StudyParams, report=None) -> set[int]:
    """The finished chunks of a study being resumed, each verified; damaged ones are removed.

    ``report(line)``, if given, is told of every chunk removed for computing again.
    Raises StudyError for a chunk of another study and for stray files in ``rows/``.
    """
    stray = stray_files(out, params)
    if stray:
        raise StudyError(
            f"--resume: {Path(out) / ROWS_DIR} holds {', '.join(stray)}, not chunks of this study "
            f"(it has chunks 0 to {params.chunks - 1}): move them away and resume"
        )
    kept = set()
    for chunk in sorted(finished_chunks(out)):
        problem = chunk_problem(out, params, chunk)
        if problem is None:
            kept.add(chunk)
            continue
        kind, why = problem
        if kind == "foreign":
            raise StudyError(f"--resume: {why}; move it away and resume")
        part_path(out, chunk).unlink()
        if report is not None:
            report(f"resume: computing chunk {chunk} again: {why}")
    return kept


def read_rows(out) -> pd.DataFrame:
    """Every finished row of a study, sorted by deal and seat; a damaged chunk is an error."""
    import pandas as pd
    import pyarrow as pa

    params = read_params(out)
    done = sorted(finished_chunks(out))
    if not done:
        raise StudyError(f"study {out} has no finished chunks yet: run or resume it first")
    frames = []
    for chunk in done:
        problem = chunk_problem(out, params, chunk)
        if problem is None:
            try:
                frame = pd.read_parquet(part_path(out, chunk))
            except (OSError, pa.ArrowException) as error:
                problem = ("damaged", f"{part_path(out, chunk).name} cannot be read ({error})")
            else:
                if list(frame["deal"].unique()) != list(params.chunk_deals(chunk)):
                    problem = (
                        "damaged",
                        f"{part_path(out, chunk).name} holds other deals than chunk {chunk}",
                    )
        if problem is not None:
            raise StudyError(f"study {out} is damaged: {problem[1]}; rerun it with --resume to repair it")
        frames.append(frame)
    frame = pd.concat(frames, ignore_index=True)
    return frame.sort_values(["deal", "seat"], kind="stable", ignore_index=True)


def refuse_non_empty(out) -> None:
    """A new study needs an empty or absent folder (a lock file aside)."""
    out = Path(out)
    if out.is_dir() and any(path.name != LOCK_FILE for path in out.iterdir()):
        raise StudyError(
            f"--out {out} is not empty: choose a new directory, or pass --resume to continue its study"
        )
    if out.exists() and not out.is_dir():
        raise StudyError(f"--out {out} is a file: choose a directory")


@contextlib.contextmanager
def study_lock(out):
    """Hold ``DIR/.lock`` exclusively for the duration; refuse at once if another study holds it."""
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        handle = open(out / LOCK_FILE, "a")  # noqa: SIM115 (held open for the whole run below)
    except OSError as error:
        raise StudyError(
            f"--out {out} cannot be written ({error.strerror}): choose another directory"
        ) from None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise StudyError(
                f"--out {out} is in use by another euchre-mc study (it holds {out / LOCK_FILE}); "
                "wait for it to finish or choose another directory"
            ) from None
        yield


def prepare_directory(out, params: StudyParams, resume: bool, schema_text: str, report=None) -> set[int]:
    """Create or check the study directory (its lock held); return the chunks already finished.

    A new study needs an empty or absent directory (the lock file aside).  ``resume``
    needs the same parameters as the stored ones and verifies every chunk it keeps;
    leftover temporary files of killed writers go.
    """
    out = Path(out)
    stored_path = out / STUDY_FILE
    if not os.access(out, os.W_OK):
        raise StudyError(f"--out {out} is not writable: choose another directory or fix its permissions")
    if resume:
        if not stored_path.is_file():
            raise StudyError(
                f"--resume: {out} holds no study to resume (no {STUDY_FILE}); drop --resume to start one"
            )
        stored = read_params(out)
        if stored != params:
            differ = ", ".join(
                f"{name} {getattr(params, name)!r} (stored {getattr(stored, name)!r})"
                for name in asdict(params)
                if getattr(params, name) != getattr(stored, name)
            )
            raise StudyError(f"--resume with different parameters: {differ}; resume with the stored ones")
        rows = out / ROWS_DIR
        rows.mkdir(exist_ok=True)
        if not os.access(rows, os.W_OK):
            raise StudyError(f"--resume: {rows} is not writable: fix its permissions and resume")
        for stale in rows.iterdir():
            if _TEMPORARY.fullmatch(stale.name):
                stale.unlink()
        return verified_chunks(out, params, report)
    refuse_non_empty(out)  # again under the lock: another study may have started meanwhile
    # the identity first, so that whatever happens next the directory can be resumed
    temporary = stored_path.with_name(f".{STUDY_FILE}.tmp")
    temporary.write_text(params.to_json())
    os.replace(temporary, stored_path)
    (out / SCHEMA_FILE).write_text(schema_text)
    (out / ROWS_DIR).mkdir()
    return set()
