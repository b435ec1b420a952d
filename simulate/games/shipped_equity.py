"""The match-equity tables the package ships, and the table as a value.

:class:`EquityTable` holds P(team A wins) from every score pair; :func:`load_equity`
reads the shipped one of a variant.  Kept apart from :mod:`.equity` (which builds
tables by playing games) so that the bidding strategies, whose score term reads a
table (:mod:`simulate.bidding.score_term`), load no game code.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import data
from ..rules.variants import Variant, as_variant


@dataclass(frozen=True)
class EquityTable:
    """P(team A wins) from every score pair of a game to ``target``.

    ``win[t, i, j]``: team A at score ``floor + i``, team B at ``floor + j``, team ``t``
    to deal (0 = A).  Scores run from ``floor`` to ``target - 1``.
    """

    target: int
    floor: int
    win: np.ndarray
    iterations: int
    residual: float

    def to_frame(self):
        """One row per (team to deal, score A, score B): the shipped CSV's layout."""
        import pandas as pd

        size = self.target - self.floor
        team, i, j = np.meshgrid(np.arange(2), np.arange(size), np.arange(size), indexing="ij")
        return pd.DataFrame(
            {
                "team_to_deal": np.where(team.ravel() == 0, "A", "B"),
                "score_a": i.ravel() + self.floor,
                "score_b": j.ravel() + self.floor,
                "p_win_a": np.round(self.win.ravel(), 6),
            }
        )

    @staticmethod
    def from_frame(frame, target: int) -> EquityTable:
        floor = int(frame["score_a"].min())
        size = target - floor
        win = np.full((2, size, size), np.nan)
        team = np.where(frame["team_to_deal"].to_numpy() == "A", 0, 1)
        win[team, frame["score_a"].to_numpy() - floor, frame["score_b"].to_numpy() - floor] = frame["p_win_a"]
        if np.isnan(win).any():
            raise ValueError(f"an equity table to {target} from {floor} needs every score pair")
        return EquityTable(target=target, floor=floor, win=win, iterations=0, residual=0.0)

    def p_win(self, score_a: int, score_b: int, team_to_deal: int) -> float:
        """P(team A wins) at this score with ``team_to_deal`` (0 = A) to deal."""
        if score_a >= self.target or score_b >= self.target:
            raise ValueError(f"score {score_a}-{score_b}: the game ends at {self.target}")
        i = max(score_a, self.floor) - self.floor
        j = max(score_b, self.floor) - self.floor
        return float(self.win[team_to_deal, i, j])


SHIPPED_STRATEGY = "fitted"  # the table model by default (simulate.choices.DEFAULT_TABLE)
SHIPPED_HANDS = 400_000
SHIPPED_SEED = 1


def shipped_path(variant):
    """Where the shipped table of a variant (with default options) lives in the package."""

    return data.FOLDER / f"equity_{as_variant(variant).name}.csv"


def shipped_command(variant) -> str:
    """The command that regenerates a shipped table."""

    name = as_variant(variant).name
    return (
        f"euchre-mc match-equity --variant {name} --strategy {SHIPPED_STRATEGY} --hands {SHIPPED_HANDS} "
        f"--seed {SHIPPED_SEED} --csv > simulate/data/equity_{name}.csv"
    )


def load_equity(variant, strategy_name: str = SHIPPED_STRATEGY) -> EquityTable | None:
    """The shipped table for ``variant`` and ``strategy_name``, or None when none ships
    (other options than the defaults, another strategy)."""
    import pandas as pd

    chosen = as_variant(variant)
    if strategy_name != SHIPPED_STRATEGY or chosen != Variant.of(chosen.name):
        return None
    path = shipped_path(chosen)
    if not path.is_file():
        return None
    with path.open() as handle:
        return EquityTable.from_frame(pd.read_csv(handle, comment="#"), chosen.target)


def p_win_after(table: EquityTable, variant, seat: int, dealer: int, bidder, us, them, score) -> np.ndarray:
    """P(``seat``'s team wins the game) after this hand, per deal: ``score`` is (us, them)
    as the hand starts, ``us``/``them`` each team's points from the hand and ``bidder``
    the bidding seat (-1: thrown in; the bidding team wins when both reach the target).
    The deal then moves left; ``table`` holds P(win) with the player's team as team A."""
    variant = as_variant(variant)
    target = variant.target
    after_us, after_them = score[0] + np.asarray(us), score[1] + np.asarray(them)
    ours = seat & 1
    bidder = np.asarray(bidder)
    we_bid = (bidder >= 0) & ((bidder & 1) == ours)
    we_won = (after_us >= target) & ((after_them < target) | we_bid)
    they_won = (after_them >= target) & ~we_won
    next_dealer = (dealer + 1) % variant.players
    team_to_deal = 0 if next_dealer & 1 == ours else 1  # in the table, the player's team is A
    i = np.clip(after_us, table.floor, target - 1) - table.floor
    j = np.clip(after_them, table.floor, target - 1) - table.floor
    going_on = table.win[team_to_deal, i, j]
    return np.where(we_won, 1.0, np.where(they_won, 0.0, going_on))


__all__ = [
    "SHIPPED_HANDS",
    "SHIPPED_SEED",
    "SHIPPED_STRATEGY",
    "EquityTable",
    "load_equity",
    "p_win_after",
    "shipped_command",
    "shipped_path",
]
