"""What runs of games return: each team's results and the contract counts, with intervals.

:func:`summarise_games` turns the per-game results of :func:`simulate.games.game.play_games`
into a :class:`GamesSummary` (what ``games --json`` prints, with no timings, so the same
seed gives the same bytes); :func:`tune_parameter` plays the same seeded games for each
value of one strategy parameter and returns a :class:`Tuning` of :class:`TuneRow`.
Every rate comes with its sample size and a 95% interval: win and make rates a Wilson
interval, means a normal half-width over games (points per hand as a ratio of per-game
totals, by the delta method).  Floats are rounded to ``DIGITS`` places: stable text, no
false precision.  Each type has ``to_dict()`` / ``to_json()`` and, for its table,
``to_frame()``; :mod:`reports.game_report` formats them.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass

import numpy as np

from ..play.models import play_model
from ..play.playout import WorldsFit
from ..rules.variants import team_seats
from ..stats import Z95, mean_half_width, wilson_interval
from .game import contract_kinds, game_runner, play_games

TEAM_NAMES = ("A", "B")
DIGITS = 6


def _round(value: float) -> float:
    return round(float(value), DIGITS)


def _rate(successes: int, trials: int) -> tuple[float | None, float | None, float | None]:
    """(rate, ci_low, ci_high), all None without trials."""
    if trials == 0:
        return None, None, None
    low, high = wilson_interval(successes, trials)
    return _round(successes / trials), _round(low), _round(high)


def _ratio_half_width(totals: np.ndarray, counts: np.ndarray) -> float:
    """95% half-width of sum(totals) / sum(counts) over games (delta method)."""
    n = totals.shape[0]
    if n < 2:
        return 0.0
    ratio = totals.sum() / counts.sum()
    residuals = totals - ratio * counts
    return Z95 * math.sqrt((residuals**2).sum() / (n * (n - 1))) / counts.mean()


def _frame(rows: list[dict]):
    import pandas as pd

    return pd.DataFrame(rows)


@dataclass(frozen=True)
class TeamResult:
    """One team's wins (with the win rate's 95% interval) and points per hand (± 95%)."""

    team: str
    seats: tuple[int, ...]  # 1-based
    strategy: str
    params: dict
    wins: int
    win_rate: float | None
    ci_low: float | None
    ci_high: float | None
    points_per_hand: float
    points_per_hand_half_width: float

    def to_dict(self) -> dict:
        return {**asdict(self), "seats": list(self.seats)}


@dataclass(frozen=True)
class ContractRecord:
    """How often one team bid one kind of contract, made it and was set, with the make
    rate's 95% interval (None when it never bid it)."""

    team: str
    kind: str
    bid: int
    made: int
    set: int
    bid_per_hand: float
    make_rate: float | None
    ci_low: float | None
    ci_high: float | None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class GamesSummary:
    """A run of games: its settings, each team's results, hands per game, contract counts."""

    variant: str
    games: int
    seed: int
    play: str
    teams: tuple[TeamResult, ...]
    hands_per_game: float
    hands_per_game_half_width: float
    thrown_in_per_game: float
    contracts: tuple[ContractRecord, ...]
    worlds_fit: WorldsFit | None = None  # pimc: how the worlds met the hands' auctions

    def to_dict(self) -> dict:
        out = {
            "variant": self.variant,
            "games": self.games,
            "seed": self.seed,
            "play": self.play,
            "teams": [team.to_dict() for team in self.teams],
            "hands_per_game": self.hands_per_game,
            "hands_per_game_half_width": self.hands_per_game_half_width,
            "thrown_in_per_game": self.thrown_in_per_game,
            "contracts": [record.to_dict() for record in self.contracts],
        }
        if self.worlds_fit is not None:
            out["worlds_fit"] = self.worlds_fit.to_dict()
        return out

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def to_frame(self):
        """One row per team (its strategy's parameters left out)."""
        return _frame([{k: v for k, v in team.to_dict().items() if k != "params"} for team in self.teams])


def summarise_games(totals, variant, teams, seed: int, play: str) -> GamesSummary:
    """The summary of a run of games (:class:`simulate.games.game.GameTotals`) between ``teams``."""
    games = int(totals.winner.shape[0])
    hands = totals.hands.astype(np.float64)
    results = []
    for team, strategy in enumerate(teams):
        wins = int((totals.winner == team).sum())
        points = totals.scores[:, team].astype(np.float64)
        results.append(
            TeamResult(
                TEAM_NAMES[team],
                tuple(seat + 1 for seat in team_seats(variant.players, team)),
                strategy.name,
                strategy.params(),
                wins,
                *_rate(wins, games),
                _round(points.sum() / hands.sum()),
                _round(_ratio_half_width(points, hands)),
            )
        )
    total_hands = int(totals.hands.sum())
    records = []
    for team in range(2):
        for index, kind in enumerate(contract_kinds(variant)):
            bid, made, set_ = (int(v) for v in totals.contracts[team, index])
            records.append(
                ContractRecord(
                    TEAM_NAMES[team], kind, bid, made, set_, _round(bid / total_hands), *_rate(made, bid)
                )
            )
    return GamesSummary(
        str(variant),
        games,
        int(seed),
        play,
        tuple(results),
        _round(hands.mean()),
        _round(mean_half_width(hands)),
        _round(totals.thrown_in.mean()),
        tuple(records),
        WorldsFit.from_tally(totals.worlds_tally) if play_model(play).samples_worlds else None,
    )


# --------------------------------------------------------------------------- tune


@dataclass(frozen=True)
class TuneSettings:
    """What a parameter sweep varied and against whom."""

    variant: str
    param: str
    base: str  # the tuned strategy (team A)
    against: str  # the fixed opponent (team B)
    games: int  # per value
    seed: int
    play: str
    against_value: float | None = None  # the opponent's own value of ``param``

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class TuneRow:
    """Team A's (the tuned strategy's) results for one value of the parameter."""

    value: float
    games: int
    wins: int
    win_rate: float | None
    ci_low: float | None
    ci_high: float | None
    points_per_hand: float
    points_per_hand_half_width: float

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Tuning:
    """A parameter sweep: its settings and one row per value."""

    settings: TuneSettings
    rows: tuple[TuneRow, ...]
    # Ctrl-C cut the sweep short: the rows of the values played by then, the last one on
    # the games it had finished (its row says how many); not part of the JSON or CSV
    interrupted: bool = False

    def to_dict(self) -> dict:
        return {"settings": self.settings.to_dict(), "rows": [row.to_dict() for row in self.rows]}

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def to_frame(self):
        return _frame([row.to_dict() for row in self.rows])


def tune_parameter(
    variant,
    param: str,
    texts,
    base,
    opponent,
    games: int,
    seed: int,
    play: str,
    workers: int,
    progress=None,
    report=None,
    backend: str = "local",
    scheduler: str | None = None,
) -> Tuning:
    """Team A plays ``base`` with ``param`` set to each of ``texts`` against ``opponent``,
    the same seeded games for every value, so differences are not dealing luck.
    ``progress(done, total)`` hears of the games played over all values; every value
    shares one pool of ``workers`` (started once, if the games repay it; ``report(line)``
    hears when they do not); with ``backend="dask"`` the pool is a Dask cluster's
    workers (at ``scheduler``, or a LocalCluster of ``workers``), the results the same."""
    strategies = [base.with_param(param, text) for text in texts]
    with game_runner(workers, report, backend, scheduler) as runner:
        return _tune(variant, param, strategies, base, opponent, games, seed, play, runner, progress)


def _tune(variant, param, strategies, base, opponent, games, seed, play, runner, progress) -> Tuning:
    total = games * len(strategies)
    rows = []
    for number, strategy in enumerate(strategies):
        told = (
            None
            if progress is None
            else (lambda done, _, before=number * games: progress(before + done, total))
        )
        try:
            played = play_games(variant, strategy, opponent, games, seed, play, progress=told, runner=runner)
        except KeyboardInterrupt:
            if not rows:
                raise
            played = None  # Ctrl-C before this value finished a batch: the values before it
        if played is not None:
            team = summarise_games(played, variant, (strategy, opponent), seed, play).teams[0]
            rows.append(_tune_row(strategy, param, played.games, team))
        if played is None or played.interrupted:
            break
    else:
        return Tuning(_tune_settings(variant, param, base, opponent, games, seed, play), tuple(rows))
    return Tuning(_tune_settings(variant, param, base, opponent, games, seed, play), tuple(rows), True)


def _tune_settings(variant, param, base, opponent, games, seed, play) -> TuneSettings:
    return TuneSettings(
        str(variant), param, base.name, opponent.name, games, seed, play, _param_value(opponent, param)
    )


def _param_value(strategy, param: str) -> float | None:
    """``param``'s value in ``strategy``; None for a threshold it gives per position
    when ``param`` names no position (the sweep then set every position to one value)."""
    value = getattr(strategy, param.partition("@")[0])
    return None if isinstance(value, tuple) and "@" not in param else _round(strategy.value(param))


def _tune_row(strategy, param: str, games: int, team) -> TuneRow:
    """Team A's row for one value, from its summary ``team`` over ``games`` games."""
    return TuneRow(
        _param_value(strategy, param),
        games,
        team.wins,
        team.win_rate,
        team.ci_low,
        team.ci_high,
        team.points_per_hand,
        team.points_per_hand_half_width,
    )


__all__ = [
    "ContractRecord",
    "GamesSummary",
    "TeamResult",
    "TuneRow",
    "TuneSettings",
    "Tuning",
    "summarise_games",
    "tune_parameter",
]
