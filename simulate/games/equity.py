"""Match equity: the chance of winning the game from each score, and who deals next.

A match-equity table answers "we lead 44-30 and the opponents deal: how likely are we to
win?".  It follows from what one hand does to the score: for each team to deal, the
distribution of (points to team A, points to team B, bidding team) over hands played
by stated strategies, counted from the game simulator (:class:`HandOutcomes`).  The
table is then a fixed point over score pairs (:func:`equity_table`):

    V(a, b, t) = sum over outcomes o of p_t(o) * W(a + o.a, b + o.b, o.bidder, 1 - t)

where ``t`` is the team to deal (the deal moves left, so the other team deals next),
``W`` is 1 when team A has won (it reached the target and team B did not, or both did
and A bid: the six-handed rule), 0 when B has won, and ``V`` again while the game goes
on.  A thrown-in hand is the outcome (0, 0).  Scores can fall below zero in
``pigs-and-hogs`` (a set Hog costs 24), so the game is not a race upwards and the fixed
point is found by iteration, to a stated tolerance.  Scores below ``floor`` are
counted as ``floor``: the chance of a game ever going there is tiny (reported by the
table's ``clamped`` mass), and a team that far behind has lost in all but name.

The table holds, for every score pair that the game can be at when a hand starts, the
probability that team A wins with A or B to deal.  When both teams follow the same
strategy the table is symmetric: A's chance at (a, b) with A to deal is one minus B's
chance at (b, a) with B to deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..rules.variants import as_variant
from .shipped_equity import SHIPPED_SEED, SHIPPED_STRATEGY, EquityTable, load_equity, shipped_command

TOLERANCE = 1e-12
MAX_ITERATIONS = 100_000


@dataclass(frozen=True)
class HandOutcomes:
    """What one hand does to the score, for each team to deal.

    ``points[t]`` is an (outcomes, 2) int array of (team A, team B) points,
    ``bidder[t]`` the bidding team of each outcome (-1 for a thrown-in hand), and
    ``counts[t]`` how many sampled hands ended that way (the probabilities are counts
    over their sum).
    """

    points: tuple[np.ndarray, np.ndarray]
    bidder: tuple[np.ndarray, np.ndarray]
    counts: tuple[np.ndarray, np.ndarray]

    def probabilities(self, team_to_deal: int) -> np.ndarray:
        counts = np.asarray(self.counts[team_to_deal], np.float64)
        return counts / counts.sum()

    @staticmethod
    def from_hands(points, bidder, dealer_team, same_strategy: bool = False) -> HandOutcomes:
        """Count distinct (points, bidder) outcomes of sampled hands, per team to deal.

        With ``same_strategy`` (both teams bid and play alike) a hand dealt by team B is
        team A's hand seen from the other side: every sample counts for both, mirrored,
        which halves the sampling error and makes the table exactly symmetric.
        """
        points = np.asarray(points, np.int64)
        bidder = np.asarray(bidder, np.int64)
        dealer_team = np.asarray(dealer_team, np.int64)
        if same_strategy:
            mirrored_bidder = np.where(bidder < 0, bidder, 1 - bidder)
            points = np.concatenate([points, points[:, ::-1]])
            bidder = np.concatenate([bidder, mirrored_bidder])
            dealer_team = np.concatenate([dealer_team, 1 - dealer_team])
        out_points, out_bidder, out_counts = [], [], []
        for team in (0, 1):
            rows = np.column_stack([points[dealer_team == team], bidder[dealer_team == team]])
            if not len(rows):
                raise ValueError(f"no sampled hand has team {team} to deal")
            unique, counts = np.unique(rows, axis=0, return_counts=True)
            out_points.append(unique[:, :2])
            out_bidder.append(unique[:, 2])
            out_counts.append(counts)
        return HandOutcomes(tuple(out_points), tuple(out_bidder), tuple(out_counts))


def equity_table(outcomes: HandOutcomes, target: int, floor: int) -> EquityTable:
    """Solve the fixed point of the module docstring by iteration (Gauss-Jacobi in numpy).

    Every hand that is not thrown in moves the score, and every game ends with
    probability one, so the iteration converges; it stops when no entry moves by
    more than ``TOLERANCE``.
    """
    if floor >= target:
        raise ValueError(f"floor {floor}: it must lie below the target {target}")
    size = target - floor
    # value[t] padded: index k stands for score floor + k, k in 0..size-1 live scores;
    # k = size is "reached the target" (a won/lost flag handled by the terminal terms).
    value = np.full((2, size, size), 0.5)
    scores = np.arange(size) + floor
    terms = []
    for team in (0, 1):
        probability = outcomes.probabilities(team)
        rows = []
        for (gain_a, gain_b), bidder, p in zip(outcomes.points[team], outcomes.bidder[team], probability):
            new_a = scores + gain_a  # (size,)
            new_b = scores + gain_b
            a_done = new_a >= target
            b_done = new_b >= target
            # terminal: A wins where A reached it and B did not, or both reached it and A bid
            a_wins = a_done[:, None] & (~b_done[None, :] | (bidder == 0))
            ended = a_done[:, None] | b_done[None, :]
            index_a = np.clip(new_a, floor, target - 1) - floor
            index_b = np.clip(new_b, floor, target - 1) - floor
            rows.append((float(p), a_wins.astype(np.float64), ended, index_a, index_b))
        terms.append(rows)
    residual = np.inf
    iterations = 0
    while residual > TOLERANCE and iterations < MAX_ITERATIONS:
        new = np.zeros_like(value)
        for team in (0, 1):
            following = value[1 - team]
            for p, a_wins, ended, index_a, index_b in terms[team]:
                going_on = following[np.ix_(index_a, index_b)]
                new[team] += p * np.where(ended, a_wins, going_on)
        residual = float(np.abs(new - value).max())
        value = new
        iterations += 1
    return EquityTable(target=target, floor=floor, win=value, iterations=iterations, residual=residual)


def default_floor(variant) -> int:
    """The lowest score a table keeps: 0 where scores never fall (classic), else minus the
    target (a team that far behind has lost in all but name)."""

    chosen = as_variant(variant)
    return 0 if chosen.has_upcard else -chosen.target


@dataclass(frozen=True)
class MatchEquity:
    """A match-equity table with what made it: the variant, both teams' strategies, the
    sampled hands, the seed and the play model."""

    table: EquityTable
    variant: str
    team_a: str
    team_b: str
    hands: int
    seed: int
    play: str
    interrupted: bool = False  # Ctrl-C: the table is built from the hands sampled by then

    def to_frame(self):
        return self.table.to_frame()

    def to_dict(self) -> dict:
        frame = self.to_frame()
        return {
            "variant": self.variant,
            "team_a": self.team_a,
            "team_b": self.team_b,
            "hands": self.hands,
            "seed": self.seed,
            "play": self.play,
            "target": self.table.target,
            "floor": self.table.floor,
            "iterations": self.table.iterations,
            "residual": self.table.residual,
            "p_win_a": {
                deal: {
                    f"{a}-{b}": p
                    for a, b, p in frame[frame.team_to_deal == deal][
                        ["score_a", "score_b", "p_win_a"]
                    ].itertuples(index=False)
                }
                for deal in ("A", "B")
            },
        }

    def to_json(self, indent: int | None = 1) -> str:
        import json

        return json.dumps(self.to_dict(), indent=indent)

    def describe(self) -> str:
        """The line a shipped CSV starts with (behind ``#``), and the report's heading."""
        return (
            f"match equity of {self.variant}: team A {self.team_a} against team B {self.team_b}, "
            f"{self.hands:,} sampled hands, seed {self.seed}, {self.play} play; scores below "
            f"{self.table.floor} count as {self.table.floor}"
        )


def match_equity(
    variant, team_a, team_b, hands: int, seed: int = 0, play: str = "heuristic", progress=None
) -> MatchEquity:
    """:func:`build_equity` with its settings kept, for reports (a Ctrl-C while sampling
    after the first step: the table of the hands sampled by then, ``interrupted`` set)."""

    chosen = as_variant(variant)
    sample = sample_for_equity(chosen, team_a, team_b, hands, seed, play, progress)
    table = equity_of_sample(chosen, team_a, team_b, sample)
    return MatchEquity(
        table, str(chosen), team_a.name, team_b.name, sample.hands, seed, play, sample.interrupted
    )


def build_equity(
    variant, team_a, team_b, hands: int, seed: int = 0, play: str = "heuristic", progress=None
) -> EquityTable:
    """The match-equity table of ``variant`` for two strategies, bid as at 0-0,
    from ``hands`` sampled hands (:func:`~.game.sample_hands`; ``progress(done, total)``
    hears of them)."""
    chosen = as_variant(variant)
    sample = sample_for_equity(chosen, team_a, team_b, hands, seed, play, progress)
    return equity_of_sample(chosen, team_a, team_b, sample)


def sample_for_equity(variant, team_a, team_b, hands: int, seed: int, play: str, progress):
    """The sampled hands of a match-equity table (:func:`~.game.sample_hands`).  Every
    hand is bid as at 0-0, so a strategy's score terms (``endgame_shift``,
    ``equity_weight``) do not act: the table takes one hand's outcomes to be the same
    at every score, an approximation for a strategy that follows the score."""
    from .game import sample_hands  # the game kernels load only when a table is built

    return sample_hands(variant, team_a, team_b, hands, seed=seed, play=play, progress=progress)


def equity_of_sample(variant, team_a, team_b, sample) -> EquityTable:
    """The match-equity table of sampled hands (a :class:`~.game.HandSample`)."""
    outcomes = HandOutcomes.from_hands(
        sample.points, sample.bidder_team, sample.dealer & 1, same_strategy=team_a == team_b
    )
    return equity_table(outcomes, variant.target, default_floor(variant))


BUILT_HANDS = 60_000  # hands sampled for a table no file ships (about 10 s for six seats)


@lru_cache(maxsize=16)
def _built(variant_text: str, strategy) -> EquityTable:
    return build_equity(variant_text, strategy, strategy, BUILT_HANDS, seed=SHIPPED_SEED)


def equity_for(variant, model=None) -> tuple[EquityTable, str]:
    """The match-equity table an analysis uses, and a line saying which: the shipped one
    for the variant and the table model's strategy when one ships (the strategy the
    table was built with, compared by value: a strategy file of another name or content
    gets its own), else one built now from ``BUILT_HANDS`` hands (kept for the process).
    Without a model: the shipped strategy."""
    from ..bidding.strategy import load_strategy  # reading a shipped table loads no kernels

    chosen = as_variant(variant)
    shipped_strategy = load_strategy(SHIPPED_STRATEGY, chosen)
    strategy = shipped_strategy if model is None else model.teams[0]
    shipped = load_equity(chosen) if strategy == shipped_strategy else None
    if shipped is not None:
        return shipped, f"shipped table: {shipped_command(chosen)}"
    return _built(str(chosen), strategy), (
        f"built now from {BUILT_HANDS:,} hands ({strategy.name} against {strategy.name}, "
        f"seed {SHIPPED_SEED}); "
        "no shipped table for these options or this strategy"
    )


__all__ = [
    "HandOutcomes",
    "MatchEquity",
    "build_equity",
    "default_floor",
    "equity_for",
    "equity_table",
    "match_equity",
]
