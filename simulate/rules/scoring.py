"""Scoring: the points of a played contract and the end of the game.

:func:`score` is the one implementation of every scoring table in docs/rules.md;
:func:`score_table` turns it into an array for the kernels.
"""

from __future__ import annotations

import numpy as np

from .contracts import Contract
from .variants import LEVEL, RulesError, as_variant

# --------------------------------------------------------------------------- scoring


def score(variant, contract: Contract, tricks: int) -> tuple[int, int]:
    """Points for (bidding team, defending team) when the bidding side takes ``tricks``.

    The one implementation of the scoring tables of docs/rules.md.
    """
    variant = as_variant(variant)
    n = variant.hand_size
    if not 0 <= tricks <= n:
        raise RulesError(f"tricks {tricks}: a hand has 0 to {n} tricks")
    defenders = n - tricks
    table = variant.spec.scoring
    if variant.classic:
        if tricks < contract.tricks_needed(n):
            return (0, table.euchred)
        if tricks == n:
            return (table.alone_march if contract.alone else table.march, 0)
        return (table.made, 0)
    if contract.kind == LEVEL:
        if tricks < contract.level:
            return (-contract.level, defenders)
        return (tricks, defenders if table.defenders_score_made else 0)
    made_points, set_points = next((m, f) for kind, m, f in table.lone if kind == contract.kind)
    return (made_points, 0) if tricks == n else (set_points, defenders)


def score_table(variant, contract: Contract) -> np.ndarray:
    """``table[t] = (bidding points, defending points)`` for t = 0..hand size tricks."""
    variant = as_variant(variant)
    return np.array([score(variant, contract, t) for t in range(variant.hand_size + 1)], np.int64)


def made(variant, contract: Contract, tricks: int) -> bool:
    return tricks >= contract.tricks_needed(as_variant(variant).hand_size)


def game_winner(variant, scores: tuple[int, int], bidding_team: int) -> int | None:
    """The team (0 or 1) that has won after a hand, or None if the game goes on.

    A team wins on reaching the target at the end of a hand.  If both reach it on the
    same hand (possible only in six-handed, where both teams score), the bidding team wins.
    """
    target = as_variant(variant).target
    reached = [team for team in (0, 1) if scores[team] >= target]
    if not reached:
        return None
    return reached[0] if len(reached) == 1 else bidding_team


def team_points(variant, contract: Contract, tricks) -> tuple[np.ndarray, np.ndarray]:
    """Per deal, the points of the bidding team and of the defenders when the bidding side
    takes ``tricks`` (an array of trick counts) in ``contract``."""
    table = score_table(variant, contract)
    tricks = np.asarray(tricks, np.int64)
    return table[tricks, 0], table[tricks, 1]


def net_points(variant, contract: Contract, tricks) -> np.ndarray:
    """Per deal, the bidding team's points minus the defenders'."""
    bidding, defending = team_points(variant, contract, tricks)
    return bidding - defending
