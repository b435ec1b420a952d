"""The sweep-then-count solve: exact tricks for many contracts' deals in two solver calls.

Pig, Hog and six-handed Alone are made only by a sweep.  For them the solver is first
asked the cheap yes/no question "does the lone bidder take every trick?" (a null-window
search on the target ``n_tricks``); only the deals where the answer is no are then
counted exactly, since that count decides the defenders' points.  The level contracts
are counted exactly in the same second call.  The answers are exact counts either way:
a sweep is ``n_tricks``.

All contracts go into each call together, so the solver's threads share every one of
them: a call per contract left a thread idle behind each hard deal, and each call
costs set-up.  The analyser (its dd layouts) and the studies (their dd chunks) both
solve this way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .solve import solve_many_unchecked


@dataclass(frozen=True, eq=False)
class ContractDeals:
    """One contract's deals for the solver: ``hands`` (D, N) face-space masks as play
    begins (seats that sit out emptied), the contract's denomination, declarer, leader and
    seats in play (``active`` mask), and ``sweep``: is it made only by taking every trick
    (Pig, Hog, six-handed Alone)?  The deals and settings are checked already."""

    hands: np.ndarray
    denom: int
    declarer: int
    leader: int
    active: int
    sweep: bool


def takes_every_trick(hands, denom, declarer, leader, active, n_tricks: int) -> np.ndarray:
    """Per deal, does the declarer's side take all ``n_tricks`` tricks?  (The cheap question
    alone, bool per deal; the settings are ints or one per deal, checked already.)"""
    swept = solve_many_unchecked(hands, denom, declarer, leader, active, n_tricks, target=n_tricks)
    return swept.astype(bool)


def sweep_then_count(
    contracts: Sequence[ContractDeals],
    n_tricks: int,
    progress: Callable[[int], Callable[[int], None]] | None = None,
) -> list[np.ndarray]:
    """The declarer side's exact tricks on every deal of each contract, (D,) int8 in the
    order of ``contracts``; ``n_tricks`` is the cards in each playing hand.

    ``progress(deals)``, when given, returns the ``update(count)`` the solver calls as
    deals finish.  The bar advances with the level contracts' exact counts, the slow part,
    or with the sweep questions when there are no level contracts: ``deals`` is that
    total.  The exact counts of failed sweeps, solved last in the same call as the level
    contracts, report counts beyond it (quick ones: pacing on them made half of a step's
    bar jump in a fifth of a second), which ``update`` is to ignore.
    """
    level_deals = sum(len(contract.hands) for contract in contracts if not contract.sweep)
    sweep_deals = sum(len(contract.hands) for contract in contracts if contract.sweep)
    update = None if progress is None else progress(level_deals or sweep_deals)
    every_row = [np.arange(len(contract.hands)) for contract in contracts]
    sweeps = [i for i, contract in enumerate(contracts) if contract.sweep]
    tricks: list = [np.zeros(0, np.int8) for _ in contracts]
    exact_rows = {i: every_row[i] for i, contract in enumerate(contracts) if not contract.sweep}
    if sweeps:
        swept = _solve_together(
            contracts, sweeps, every_row, n_tricks, target=n_tricks, progress=None if level_deals else update
        )
        for i, answers in zip(sweeps, swept):
            tricks[i] = np.full(len(contracts[i].hands), n_tricks, np.int8)
            exact_rows[i] = np.flatnonzero(answers == 0)
    # the level contracts first, the quick counts of failed sweeps last: those fill the
    # end of the call, so neither thread waits long for the other to finish
    counted = sorted((i for i, rows in exact_rows.items() if rows.size), key=lambda i: contracts[i].sweep)
    if counted:
        on_progress = update if level_deals else None
        exact = _solve_together(contracts, counted, exact_rows, n_tricks, progress=on_progress)
        for i, values in zip(counted, exact):
            if contracts[i].sweep:
                tricks[i][exact_rows[i]] = values
            else:
                tricks[i] = values
    return tricks


def _solve_together(contracts, chosen, rows, n_tricks, target=None, progress=None) -> list[np.ndarray]:
    """One solver call over ``rows[i]`` of each chosen contract ``i``; the answers split
    back per contract."""
    sizes = [rows[i].size for i in chosen]

    def per_deal(setting: str) -> np.ndarray:
        return np.repeat([getattr(contracts[i], setting) for i in chosen], sizes)

    solved = solve_many_unchecked(
        np.concatenate([contracts[i].hands[rows[i]] for i in chosen]),
        per_deal("denom"),
        per_deal("declarer"),
        per_deal("leader"),
        per_deal("active"),
        n_tricks,
        target=target,
        progress=progress,
    )
    return np.split(solved, np.cumsum(sizes)[:-1])


__all__ = ["ContractDeals", "sweep_then_count", "takes_every_trick"]
