"""A bidding strategy fitted by self-play: iterated best response on common random numbers.

The method
----------
The fit starts from a strategy (``balanced`` unless told otherwise), expanded for the
variant's seats, and calls it the *table*.  Each *round* asks, for every coordinate the
variant lets a fit move (the strategy's thresholds by auction position, its shifts for
earlier bids, its score weight), whether moving that one coordinate by ``± step``
(clamped to its bounds) wins more games against the table:

* the *candidate* plays team A against the table as team B, and the table also plays
  team A against itself, over the **same seeded games** (the same seed, the same game
  indexes: common random numbers, so both see the same deals hand by hand until their
  bidding makes the games differ);
* the *gain* is the mean of the paired per-game difference of team A's wins
  (candidate's minus the table's), with a normal 95% interval over games;
* a candidate *passes* when its interval's lower end is above 0.

A round tries many candidates, so one of them passes by luck more often than 1 time in
40.  Every candidate that passed (the best one per coordinate) is therefore played
again on **fresh seeds**, and only one that passes there too is kept: a candidate with
no true gain survives both about once in 1,600 tries.  When several coordinates are
kept, their combination is played on the fresh seeds too and replaces the table only
if it passes and gains at least as much as the best single change; otherwise the best
single change does.  The improved strategy becomes the table for the next round.

A round that keeps nothing halves the step; a round at the smallest step that keeps
nothing ends the fit (*converged*), as does the budget of rounds.  The *last step's
gain* is then the best candidate of the final round played once more on fresh seeds:
how much this search can still exploit the fitted table (it says nothing of changes the
search does not try: two coordinates at once, or a different strategy space).

Every set of games is seeded from the fit's seed and the purpose of the set (search,
confirm or final of round ``r``, records), so the same seed gives the same fit for any
number of workers and on Dask (the games are the same: :func:`.game.play_games`); with
workers, a round's sets are played side by side, one set a task.  Each
finished set is kept in the state directory (:mod:`.fit_state`); a fit run again
replays its walk reading them, so a fit interrupted by Ctrl-C and run again ends where
an uninterrupted one does.

The fit reports the fitted strategy's record (win rate with its 95% interval) against
``balanced``, ``cautious``, ``aggressive``, the start and the variant's shipped fit,
and how often each auction position bids each contract when the fitted strategy plays
itself.

The play model is the games' (``heuristic`` by default), not the analyser's double
dummy: a fit plays hundreds of thousands of games, and double-dummy games are slower, a
little in the classic games and far more with six seats and the double deck
(benchmarks/RESULTS.md, "The self-play fit").  What it changes: the thresholds are
fitted to heuristic outcomes, where defenders and declarers make fewer tricks than
perfect ones; RESULTS.md gives a fitted strategy's record under both play models.
``--play dd`` fits under double dummy.
"""

from __future__ import annotations

import hashlib
import json
import math
from contextlib import closing, nullcontext
from dataclasses import asdict, dataclass, replace

import numpy as np

from ..bidding.strategy import (
    BUILT_INS,
    FITTED,
    PARAMS,
    Strategy,
    fitted_path,
    load_strategy,
    strategy_bounds,
    strategy_to_toml,
    unused_params,
)
from ..choices import PIMC_WORLDS
from ..rules.variants import RulesError, as_variant
from ..stats import Z95, wilson_interval
from .fit_state import FitState, GameSet
from .game import play_games, position_labels

STEP = 0.1
MIN_STEP = 0.025
MAX_ROUNDS = 30
RECORD_OPPONENTS = ("balanced", "cautious", "aggressive")
DIGITS = 6


def _round(value: float) -> float:
    return round(float(value), DIGITS)


# --------------------------------------------------------------------------- the strategy space


def coordinates(strategy: Strategy, variant) -> tuple[str, ...]:
    """The parameters a fit may move in ``variant`` (``Strategy.coordinates``)."""
    return tuple(strategy.coordinates(variant))


def value_of(strategy: Strategy, name: str) -> float:
    return float(strategy.value(name))


def moved(strategy: Strategy, name: str, value: float) -> Strategy:
    """``strategy`` with coordinate ``name`` at ``value``, its name kept."""
    return replace(strategy.with_param(name, value), name=strategy.name)


def strategy_params(strategy: Strategy) -> dict:
    """The strategy's parameters as JSON would read them back (tuples as lists)."""
    return json.loads(json.dumps(strategy.params()))


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Gain:
    """Mean paired per-game difference of team A's wins, with its 95% interval."""

    games: int
    mean: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return self.low > 0


def paired_gain(candidate: GameSet, base: GameSet) -> Gain:
    """The candidate's gain over the base on the same games: the mean of
    ``won(candidate) - won(base)`` per game, with a normal 95% interval."""
    difference = candidate.wins.astype(np.float64) - base.wins.astype(np.float64)
    games = difference.shape[0]
    mean = float(difference.mean())
    half = Z95 * math.sqrt(difference.var(ddof=1) / games) if games > 1 else 0.0
    return Gain(games, _round(mean), _round(mean - half), _round(mean + half))


@dataclass(frozen=True)
class Trial:
    """One candidate of a round: a coordinate moved from ``before`` to ``after``, its gain
    on the round's games and, when it passed there, on fresh seeds."""

    coordinate: str
    before: float
    after: float
    gain: Gain
    confirmed: Gain | None = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class FitRound:
    """A round: its step, every candidate tried, and the coordinates kept (with the gain
    of the change made, on the fresh seeds)."""

    number: int
    step: float
    trials: tuple[Trial, ...]
    kept: tuple[str, ...]
    kept_gain: Gain | None

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "step": self.step,
            "kept": list(self.kept),
            "kept_gain": None if self.kept_gain is None else asdict(self.kept_gain),
            "trials": [trial.to_dict() for trial in self.trials],
        }


@dataclass(frozen=True)
class Record:
    """The fitted strategy (team A) against one opponent (team B)."""

    opponent: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float


@dataclass(frozen=True)
class Frequency:
    """How often the seat at one auction position (1 first to speak, the last the
    dealer) won the auction with one contract, per hand dealt, and its make rate."""

    position: int
    contract: str
    bid: int
    per_hand: float
    made: int
    make_rate: float | None
    ci_low: float | None
    ci_high: float | None


@dataclass(frozen=True)
class FitSettings:
    """What decides a fit (the budget of rounds aside, which a rerun may raise)."""

    variant: str
    start: str
    games: int  # per set of games: each candidate, each base
    seed: int
    play: str = "heuristic"
    worlds: int = PIMC_WORLDS
    step: float = STEP
    min_step: float = MIN_STEP
    record_games: int = 2000
    only: tuple[str, ...] | None = None  # the coordinates to move; None: all of the variant's

    def to_dict(self) -> dict:
        out = asdict(self)
        if self.only is None:
            del out["only"]
        else:
            out["only"] = list(self.only)
        return out


@dataclass(frozen=True)
class FitResult:
    """A finished fit: the strategy, each round, the last step's gain, records, frequencies."""

    settings: FitSettings
    start: Strategy
    fitted: Strategy
    rounds: tuple[FitRound, ...]
    converged: bool
    last_gain: Trial | None  # the exploitability proxy (or the last kept step, not converged)
    records: tuple[Record, ...]
    frequencies: tuple[Frequency, ...]
    hands: int  # hands dealt in the frequencies' games
    sets_played: int
    sets_read: int

    def changes(self) -> list[tuple[str, float, float]]:
        """(coordinate, start value, fitted value) of every coordinate the fit moved."""
        out = []
        for name in coordinates(self.fitted, self.settings.variant):
            before, after = value_of(self.start, name), value_of(self.fitted, name)
            if before != after:
                out.append((name, before, after))
        return out

    def to_dict(self) -> dict:
        return {
            "settings": self.settings.to_dict(),
            "start": strategy_params(self.start),
            "fitted": strategy_params(self.fitted),
            "changes": [{"coordinate": c, "start": b, "fitted": a} for c, b, a in self.changes()],
            "converged": self.converged,
            "last_gain": None if self.last_gain is None else self.last_gain.to_dict(),
            "records": [asdict(record) for record in self.records],
            "frequencies": [asdict(row) for row in self.frequencies],
            "frequency_hands": self.hands,
            "rounds": [r.to_dict() for r in self.rounds],
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def fitted_toml(result: FitResult) -> str:
    """The fitted strategy as TOML: the parameters its variant uses, on the start's
    built-in base (so a file used in another variant draws no unused-parameter warning)."""
    variant = as_variant(result.settings.variant)
    unused = set(unused_params(variant, PARAMS))
    base = result.settings.start if result.settings.start in BUILT_INS else "balanced"
    lines = [f'base = "{base}"']
    for line in strategy_to_toml(result.fitted).splitlines():
        if line.split(" = ", 1)[0] not in unused:
            lines.append(line)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- seeds and sets


def derived_seed(seed: int, purpose: str, number: int = 0) -> int:
    """The seed of one set's games: a 64-bit hash of the fit's seed and the set's purpose,
    so that search, confirm and record games never share deals."""
    digest = hashlib.sha256(f"{seed}/{purpose}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


class _Sets:
    """Plays sets of games for the fit, or reads them from the state directory."""

    def __init__(self, settings: FitSettings, variant, state: FitState, runner, phase):
        self.settings, self.variant, self.state, self.runner = settings, variant, state, runner
        self.phase = phase
        self.played = 0

    def identity(self, team_a: Strategy, team_b: Strategy, seed: int, games: int) -> dict:
        return json.loads(
            json.dumps(
                {
                    "variant": self.settings.variant,
                    "play": self.settings.play,
                    "worlds": self.settings.worlds,
                    "seed": seed,
                    "games": games,
                    "team_a": strategy_params(team_a),
                    "team_b": strategy_params(team_b),
                }
            )
        )

    def play(self, team_a: Strategy, team_b: Strategy, seed: int, games: int, progress) -> GameSet:
        """The set's results; ``progress(games)`` hears of its games as they end (all at
        once for a stored set).  A Ctrl-C inside a set raises KeyboardInterrupt with every
        set before it stored."""
        identity = self.identity(team_a, team_b, seed, games)
        found = self.state.load(identity)
        if found is not None:
            progress(games)
            return found
        told = [0]

        def ended(done, _total):
            progress(done - told[0])
            told[0] = done

        totals = play_games(
            self.variant,
            team_a,
            team_b,
            games,
            seed,
            self.settings.play,
            progress=ended,
            runner=self.runner,
            worlds=self.settings.worlds,
        )
        if totals.interrupted:
            raise KeyboardInterrupt
        result = GameSet(totals.winner == 0, int(totals.hands.sum()), totals.positions)
        self.state.save(identity, result)
        self.played += 1
        return result

    def many(self, description: str, pairs, seed: int, games: int) -> list[GameSet]:
        """Sets for each (team A, team B) of ``pairs`` on the same seeded games, under one
        progress bar.  With workers (a pool or Dask) the sets not stored yet are played
        side by side, one set a task, each kept as it finishes."""
        total = games * len(pairs)
        done = [0]
        with self.phase(description) as bar:

            def progress(count):
                done[0] += count
                if bar is not None:
                    bar(done[0], total)

            if self.runner is None or self.runner.here:
                return [self.play(a, b, seed, games, progress) for a, b in pairs]
            results = [self.state.load(self.identity(a, b, seed, games)) for a, b in pairs]
            progress(games * sum(result is not None for result in results))
            missing = [place for place, result in enumerate(results) if result is None]
            settings = self.settings
            finished = self.runner.run(
                missing,
                lambda place: (
                    play_set,
                    (self.variant, *pairs[place], games, seed, settings.play, settings.worlds),
                ),
                ordered=False,
            )
            with closing(finished):
                for place, result in finished:
                    self.state.save(self.identity(*pairs[place], seed, games), result)
                    self.played += 1
                    results[place] = result
                    progress(games)
            return results


def play_set(
    variant, team_a: Strategy, team_b: Strategy, games: int, seed: int, play: str, worlds: int
) -> GameSet:
    """One set of games played in this process: what a worker of the fit runs."""
    totals = play_games(variant, team_a, team_b, games, seed, play, worlds=worlds)
    if totals.interrupted:
        raise KeyboardInterrupt
    return GameSet(totals.winner == 0, int(totals.hands.sum()), totals.positions)


# --------------------------------------------------------------------------- the fit


def fit_strategy(
    settings: FitSettings,
    start: Strategy,
    max_rounds: int = MAX_ROUNDS,
    state: str | None = None,
    runner=None,
    phase=None,
    report=None,
) -> FitResult:
    """Fit a strategy from ``start`` by the module's method.

    ``state``: the state directory (every finished set kept there; run again, the fit
    continues).  ``runner``: the workers that play (:func:`.game.game_runner`), in this
    process when None.  ``phase(description)`` gives a context manager yielding a
    ``progress(done, total)`` callback for each group of sets (a progress bar);
    ``report(line)`` hears each round's outcome."""
    variant = as_variant(settings.variant)
    settings = replace(settings, variant=str(variant))  # one spelling: "euchre" is its defaults written out
    _check(settings, max_rounds)
    start = replace(start.for_variant(variant), name=start.name)
    names = coordinates(start, variant)
    if settings.only is not None:
        unknown = [name for name in settings.only if name not in names]
        if unknown or not settings.only:
            bad = unknown[0] if unknown else "(none)"
            raise RulesError(f"parameter {bad!r} to fit: {variant.name}'s are {', '.join(names)}")
        names = tuple(settings.only)
    identity = {**settings.to_dict(), "start": strategy_params(start)}
    with FitState(state, identity) as stored:
        sets = _Sets(settings, variant, stored, runner, phase or (lambda _: nullcontext(None)))
        table, rounds, converged = _search(
            settings, start, names, max_rounds, sets, report or (lambda _: None)
        )
        last = _last_gain(settings, table, rounds, converged, sets)
        fitted = replace(table, name="fitted")
        records = _records(settings, variant, fitted, start, sets)
        frequencies, hands = _frequencies(settings, variant, fitted, sets)
        return FitResult(
            settings,
            start,
            fitted,
            tuple(rounds),
            converged,
            last,
            records,
            frequencies,
            hands,
            sets.played,
            stored.read,
        )


def _check(settings: FitSettings, max_rounds: int) -> None:
    if not 10 <= settings.games <= 10**7:
        raise RulesError(
            f"games {settings.games} per candidate: allowed is a whole number from 10 to 10000000"
        )
    if not 10 <= settings.record_games <= 10**7:
        raise RulesError(
            f"record games {settings.record_games}: allowed is a whole number from 10 to 10000000"
        )
    if not 0 < settings.min_step <= settings.step <= 0.5:
        raise RulesError(
            f"step {settings.step:g}, smallest step {settings.min_step:g}: allowed are "
            "0 < smallest step <= step <= 0.5"
        )
    if not 1 <= max_rounds <= 1000:
        raise RulesError(f"max rounds {max_rounds}: allowed is a whole number from 1 to 1000")


def _candidates(table: Strategy, names, step: float) -> list[tuple[str, float, float]]:
    """(coordinate, value now, value tried) for every coordinate and direction whose
    move, clamped to the coordinate's bounds, changes the value."""
    out = []
    for name in names:
        now = value_of(table, name)
        low, high = strategy_bounds(name)
        for direction in (1, -1):
            tried = _round(min(high, max(low, now + direction * step)))
            if tried != now and (name, now, tried) not in out:
                out.append((name, now, tried))
    return out


def _search(settings, start, names, max_rounds, sets, report):
    """The rounds of the fit: the table at the end, each round, and whether it converged."""
    table, step, rounds = start, settings.step, []
    for number in range(1, max_rounds + 1):
        tried = _candidates(table, names, step)
        seed = derived_seed(settings.seed, "search", number)
        pairs = [(table, table)] + [(moved(table, name, after), table) for name, _, after in tried]
        played = sets.many(
            f"round {number}: {len(tried)} candidates, step {step:g}", pairs, seed, settings.games
        )
        base = played[0]
        trials = [
            Trial(name, before, after, paired_gain(result, base))
            for (name, before, after), result in zip(tried, played[1:])
        ]
        table, trials, kept, kept_gain = _confirm(settings, number, table, trials, sets)
        rounds.append(FitRound(number, step, tuple(trials), kept, kept_gain))
        report(_round_line(rounds[-1], table))
        if not kept:
            if step <= settings.min_step + 1e-9:
                return table, rounds, True
            step = _round(max(settings.min_step, step / 2))
    return table, rounds, False


def _confirm(settings, number, table, trials, sets):
    """Play the round's passing candidates (the best per coordinate) again on fresh seeds;
    returns the new table, the trials with their confirmations, the coordinates kept and
    the gain of the change made."""
    best = {}
    for trial in trials:
        if trial.gain.significant and (
            trial.coordinate not in best or trial.gain.mean > best[trial.coordinate].gain.mean
        ):
            best[trial.coordinate] = trial
    if not best:
        return table, trials, (), None
    passing = sorted(best.values(), key=lambda t: (-t.gain.mean, t.coordinate))
    seed = derived_seed(settings.seed, "confirm", number)
    pairs = [(table, table)] + [(moved(table, t.coordinate, t.after), table) for t in passing]
    played = sets.many(f"round {number}: confirming {len(passing)}", pairs, seed, settings.games)
    confirmed = {
        (t.coordinate, t.after): paired_gain(result, played[0]) for t, result in zip(passing, played[1:])
    }
    trials = [replace(t, confirmed=confirmed.get((t.coordinate, t.after))) for t in trials]
    kept = sorted(
        (t for t in trials if t.confirmed is not None and t.confirmed.significant),
        key=lambda t: (-t.confirmed.mean, t.coordinate),
    )
    if not kept:
        return table, trials, (), None
    single = moved(table, kept[0].coordinate, kept[0].after)
    if len(kept) == 1:
        return single, trials, (kept[0].coordinate,), kept[0].confirmed
    combined = table
    for trial in kept:
        combined = moved(combined, trial.coordinate, trial.after)
    together = sets.many(
        f"round {number}: {len(kept)} changes together", [(combined, table)], seed, settings.games
    )
    gain = paired_gain(together[0], played[0])
    if gain.significant and gain.mean >= kept[0].confirmed.mean:
        return combined, trials, tuple(t.coordinate for t in kept), gain
    return single, trials, (kept[0].coordinate,), kept[0].confirmed


def _round_line(fit_round: FitRound, table: Strategy) -> str:
    best = max(fit_round.trials, key=lambda t: t.gain.mean, default=None)
    head = f"round {fit_round.number} (step {fit_round.step:g}, {len(fit_round.trials)} candidates): "
    if fit_round.kept:
        moves = ", ".join(f"{name} {value_of(table, name):g}" for name in fit_round.kept)
        gain = fit_round.kept_gain
        return head + f"kept {moves} ({_percent(gain.mean)} games, 95% CI {_interval(gain)})"
    if best is None:
        return head + "nothing to try"
    return head + (
        f"kept nothing; best {best.coordinate} {best.after:g} {_percent(best.gain.mean)} "
        f"({_interval(best.gain)})"
    )


def _percent(value: float) -> str:
    return f"{100 * value:+.1f}%"


def _interval(gain: Gain) -> str:
    return f"{_percent(gain.low)} to {_percent(gain.high)}"


def _last_gain(settings, table, rounds, converged, sets) -> Trial | None:
    """Converged: the final round's best candidate played again on fresh seeds (an
    unbiased estimate of the search's best remaining gain).  Stopped by the budget: the
    last kept change, as confirmed."""
    if not rounds:
        return None
    last = rounds[-1]
    if not converged:
        kept = [t for t in last.trials if t.coordinate in last.kept and t.confirmed is not None]
        return max(kept, key=lambda t: t.confirmed.mean, default=None)
    best = max(last.trials, key=lambda t: (t.gain.mean, t.coordinate), default=None)
    if best is None:
        return None
    seed = derived_seed(settings.seed, "final", last.number)
    pairs = [(table, table), (moved(table, best.coordinate, best.after), table)]
    base, candidate = sets.many("last step's gain", pairs, seed, settings.games)
    return replace(best, confirmed=paired_gain(candidate, base))


def _records(settings, variant, fitted, start, sets) -> tuple[Record, ...]:
    """The fitted strategy against the built-ins and the start, on one seeded set of games."""
    opponents = [(name, BUILT_INS[name].for_variant(variant)) for name in RECORD_OPPONENTS]
    if all(strategy_params(start) != strategy_params(o) for _, o in opponents):
        opponents.append((f"start ({start.name})", start))
    if fitted_path(variant).is_file():  # the fit shipped before this one
        shipped = load_strategy(FITTED, variant).for_variant(variant)
        if all(strategy_params(shipped) != strategy_params(o) for _, o in opponents + [("", fitted)]):
            opponents.append(("previous fit (shipped)", shipped))
    seed = derived_seed(settings.seed, "records")
    played = sets.many(
        "records", [(fitted, opponent) for _, opponent in opponents], seed, settings.record_games
    )
    out = []
    for (name, _), result in zip(opponents, played):
        wins = int(result.wins.sum())
        low, high = wilson_interval(wins, result.games)
        out.append(Record(name, result.games, wins, _round(wins / result.games), _round(low), _round(high)))
    return tuple(out)


def _frequencies(settings, variant, fitted, sets) -> tuple[tuple[Frequency, ...], int]:
    """How the fitted strategy bids when it plays itself, by auction position."""
    seed = derived_seed(settings.seed, "records")
    (played,) = sets.many("bidding frequencies", [(fitted, fitted)], seed, settings.record_games)
    out = []
    for position, by_label in enumerate(played.positions):
        for label, (bid, made) in zip(position_labels(variant), by_label):
            bid, made = int(bid), int(made)
            if bid:
                low, high = wilson_interval(made, bid)
                rate = (_round(made / bid), _round(low), _round(high))
            else:
                rate = (None, None, None)
            out.append(Frequency(position + 1, label, bid, _round(bid / played.hands), made, *rate))
    return tuple(out), played.hands


__all__ = [
    "FitResult",
    "FitRound",
    "FitSettings",
    "Frequency",
    "Gain",
    "Record",
    "Trial",
    "coordinates",
    "derived_seed",
    "fit_strategy",
    "fitted_toml",
    "paired_gain",
]
