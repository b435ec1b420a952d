"""The self-play fit's state directory: every finished set of games, kept for a resume.

A fit (:mod:`simulate.games.fit`) is a deterministic walk whose only costly steps are
*game sets*: one strategy (team A) against another (team B) over games ``0 .. n - 1`` of
one seed.  The walk's every decision is a function of the sets' results, so a fit that
stores each finished set and, when run again, replays the walk reading the sets it
already has, arrives at the same strategy as a run that was never interrupted.

The directory holds ``fit.json`` (what the fit is: variant, games per set, seed, play
model; a second fit with other settings is refused, not mixed in) and ``sets/KEY.json``,
one file per finished set.  The ideas are the study folder's
(:mod:`simulate.study.store`):

* **Atomic sets.**  A set is written to a temporary name and moved into place with
  ``os.replace``: a file under its final name was complete when written.
* **Sets carry their identity.**  Each file holds what decided it (both strategies'
  parameters, the seed, the games), and its name is a hash of that; a file whose
  content does not match its name, or that cannot be read, is removed and played again.
* **One writer at a time.**  A fit holds an exclusive lock on ``DIR/.lock`` while it
  runs; a second fit on the same directory is refused at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..rules.variants import RulesError

FIT_FILE = "fit.json"
SETS_DIR = "sets"
LOCK_FILE = ".lock"
STATE_VERSION = 1


@dataclass(frozen=True)
class GameSet:
    """What one set of games left for the fit: team A's win of each game, the hands
    dealt, and the contracts by auction position (``GameTotals.positions``)."""

    wins: np.ndarray  # bool, one per game: team A won it
    hands: int
    positions: np.ndarray

    @property
    def games(self) -> int:
        return int(self.wins.shape[0])

    def to_dict(self) -> dict:
        return {
            "games": self.games,
            "wins": np.packbits(self.wins.astype(np.uint8)).tobytes().hex(),
            "hands": int(self.hands),
            "positions": self.positions.tolist(),
        }

    @staticmethod
    def from_dict(data: dict) -> GameSet:
        games = int(data["games"])
        packed = np.frombuffer(bytes.fromhex(data["wins"]), np.uint8)
        wins = np.unpackbits(packed)[:games].astype(bool)
        if wins.shape[0] != games:
            raise ValueError("fewer wins than games")
        return GameSet(wins, int(data["hands"]), np.array(data["positions"], np.int64))


def set_key(identity: dict) -> str:
    """The file name of the set ``identity`` decides: a hash of its canonical JSON."""
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


class FitState:
    """A state directory opened for one fit (``settings``: what decides its sets), or
    none (``path`` None): every set is then played and forgotten."""

    def __init__(self, path: str | None, settings: dict):
        self.path = None if path is None else Path(path)
        self.settings = {"version": STATE_VERSION, **settings}
        self.lock = None
        self.read = 0  # sets found on disk by this run

    def __enter__(self) -> FitState:
        if self.path is None:
            return self
        try:
            (self.path / SETS_DIR).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RulesError(
                f"--state {str(self.path)!r}: cannot create the directory ({error.strerror})"
            ) from None
        self.lock = open(self.path / LOCK_FILE, "w")
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.lock.close()
            self.lock = None
            raise RulesError(
                f"--state {str(self.path)!r}: another fit is running on this directory; "
                "wait for it or give another --state"
            ) from None
        self._check_settings()
        return self

    def __exit__(self, *_) -> None:
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def _check_settings(self) -> None:
        """Write ``fit.json`` on a fresh directory; refuse one that holds another fit."""
        fit_file = self.path / FIT_FILE
        if not fit_file.exists():
            _write_atomic(fit_file, json.dumps(self.settings, indent=1, sort_keys=True) + "\n")
            return
        try:
            stored = json.loads(fit_file.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            stored = None
        if stored != self.settings:
            differ = (
                "it is damaged"
                if not isinstance(stored, dict)
                else "its "
                + ", ".join(
                    f"{key} is {stored.get(key)!r}, not {value!r}"
                    for key, value in self.settings.items()
                    if stored.get(key) != value
                )
            )
            raise RulesError(
                f"--state {str(self.path)!r} holds another fit ({differ}): give another --state, "
                "or the same settings to continue it"
            )

    def load(self, identity: dict) -> GameSet | None:
        """The stored set ``identity`` decides, or None (a damaged file is removed)."""
        if self.path is None:
            return None
        path = self.path / SETS_DIR / f"{set_key(identity)}.json"
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("identity") != identity:
                raise ValueError("another set's file")
            found = GameSet.from_dict(data["result"])
        except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
            with contextlib.suppress(OSError):
                path.unlink()
            return None
        self.read += 1
        return found

    def save(self, identity: dict, result: GameSet) -> None:
        if self.path is None:
            return
        path = self.path / SETS_DIR / f"{set_key(identity)}.json"
        _write_atomic(path, json.dumps({"identity": identity, "result": result.to_dict()}) + "\n")


def _write_atomic(path: Path, text: str) -> None:
    """Write ``text`` under a temporary name, then move it into place."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


__all__ = ["FIT_FILE", "FitState", "GameSet", "set_key"]
