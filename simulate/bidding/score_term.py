"""How a strategy's thresholds follow the score: the break-even P(make) by match equity.

A team deciding whether to bid a contract weighs three futures: the contract made, the
contract set, and the hand going by without it.  With the match-equity table of the
variant (:mod:`simulate.games.shipped_equity`: P(win) from every score and dealer),
the bid pays when

    p * E(make) + (1 - p) * E(set) >= E(pass),   so   p* = (E(pass) - E(set)) / (E(make) - E(set))

is the break-even chance of making it.  At 0-0 that is one number; near the end of a
game it moves (a team one point from winning needs little to bid; a team whose
opponents need one point risks less by being set).  :func:`break_even_shifts` gives,
for each threshold and each game, p* at the game's score minus p* at 0-0 with the same
dealer; a strategy adds ``equity_weight`` times it to its thresholds.

Stated simplifications: the pass is valued as the table's P(win) at this score as the
hand starts (an average hand from here, whoever bids it), since what the other seats
would bid after a pass is the table model's own question; each kind of contract is
represented by one contract -- a classic order-up or call (make 1 point, set gives the
opponents 2), a bid-euchre level bid of half the tricks made exactly or set by one, a
Pig, Hog or Alone made or set by one trick.  The classic ``alone_threshold`` (going
alone risks a march, not the make) does not move.
The table is the shipped one (both teams ``balanced``); a variant with other rule
options than the defaults, which ships none, gets no score term.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..games.shipped_equity import EquityTable, load_equity
from ..rules.contracts import Contract
from ..rules.scoring import score
from ..rules.variants import LEVEL, ORDER_UP, Variant, as_variant


def _kind_contracts(variant: Variant) -> dict[str, tuple[Contract, int, int]]:
    """Per threshold, its representative contract and the tricks of a make and of a set."""
    n = variant.hand_size
    if variant.classic:
        order_up = Contract(ORDER_UP, 0, 0, False)
        return {"order_up_threshold": (order_up, 3, 2), "call_threshold": (order_up, 3, 2)}
    out = {"level_threshold": (Contract(LEVEL, 0, n // 2, False), n // 2, n // 2 - 1)}
    names = {"pig": "pig_threshold", "hog": "hog_threshold", "alone": "alone_threshold"}
    for kind in variant.spec.special_kinds:
        out[names[kind.lower()]] = (Contract(kind, 0, n, False), n, n - 1)
    return out


def _equity(table: EquityTable, ours, theirs, we_deal_next) -> np.ndarray:
    """P(our team wins) at scores ``ours``-``theirs`` (arrays) as a hand starts, with us
    dealing it when ``we_deal_next``; a score at the target or beyond has won (ours
    first: the bidding team's rule when both reach it), below the floor counts as the floor."""
    target = table.target
    won, lost = ours >= target, (theirs >= target) & (ours < target)
    i = np.clip(ours, table.floor, target - 1) - table.floor
    j = np.clip(theirs, table.floor, target - 1) - table.floor
    playing = table.win[np.where(we_deal_next, 0, 1), i, j]
    return np.where(won, 1.0, np.where(lost, 0.0, playing))


def _break_even(variant: Variant, table: EquityTable, contract, tricks, ours, theirs, we_deal) -> np.ndarray:
    """p* of bidding ``contract`` (made on ``tricks[0]``, set on ``tricks[1]``) per game."""
    deal_next = ~we_deal  # the deal moves left: the other team deals the next hand
    values = []
    for taken in tricks:
        us, them = score(variant, contract, taken)
        values.append(_equity(table, ours + us, theirs + them, deal_next))
    make, set_ = values
    pass_ = _equity(table, ours, theirs, we_deal)
    spread = make - set_
    safe = np.where(spread > 1e-9, spread, 1.0)
    return np.where(spread > 1e-9, np.clip((pass_ - set_) / safe, 0.0, 1.0), 0.5)


@lru_cache(maxsize=16)
def _table(variant: Variant) -> EquityTable | None:
    return load_equity(variant)


def break_even_shifts(variant, ours, theirs, we_deal) -> dict[str, np.ndarray]:
    """Per threshold name, p* at each game's score (``ours``, ``theirs``: our team's and
    the opponents' points; ``we_deal``: our team deals this hand) minus p* at 0-0 with
    the same dealer.  Empty when no table ships for ``variant``."""
    variant = as_variant(variant)
    table = _table(variant)
    if table is None:
        return {}
    ours = np.asarray(ours, np.int64)
    theirs = np.asarray(theirs, np.int64)
    we_deal = np.asarray(we_deal, bool)
    zero = np.zeros_like(ours)
    out = {}
    for name, (contract, made, set_) in _kind_contracts(variant).items():
        here = _break_even(variant, table, contract, (made, set_), ours, theirs, we_deal)
        start = _break_even(variant, table, contract, (made, set_), zero, zero, we_deal)
        out[name] = here - start
    return out


__all__ = ["break_even_shifts"]
