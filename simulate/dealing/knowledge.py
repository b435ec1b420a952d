"""What each seat knows as play begins, beyond its own hand: the input of the play models
that sample worlds (PIMC; play/models.py says what each model's seats know).

docs/pimc.md lists it per variant.  Everyone sees every card played and who played it,
and the voids that shows (the kernel tracks those during play); before play:

* classic, ordered up: everyone sees the dealer pick up the upcard (it is in the
  dealer's hand until played), and the dealer knows its own discard is out of play;
* classic, turned down: everyone saw the upcard, which stays out of play;
* Pig and six-handed Alone: each partner knows the card it gave (its partners sit out,
  so only the bidder plays with that knowledge), and the bidder holds both gifts and
  knows its own two discards are out of play;
* the auction, which the worlds must explain (docs/pimc.md, "The auction"): the earlier
  bids of an analysis with exact inference, a game's whole auction;
* what an analysis was told (``--known``, ``--void``, ``--length``): the analysed
  player's own worlds hold it;
* the contract, and so what each side plays for: its net points under the scoring
  table (``goal``).

A :class:`~..play.playout.Knowledge` holds it as masks per deal: ``held[d, v, o]`` the cards
seat ``v`` knows seat ``o`` holds, ``gone[d, v]`` those ``v`` knows are out of play,
and ``auction`` the bids (table.auction_check; None for none).
"""

from __future__ import annotations

import numpy as np

from ..play.playout import Knowledge


def table_knowledge(
    count: int,
    n_seats: int,
    shown=(),
    seen_out=0,
    private_out=(),
    auction=None,
    private_shown=(),
    lengths=(),
    goal=(),
) -> Knowledge:
    """Knowledge of ``count`` deals at a table of ``n_seats``.

    ``shown`` is (seat, cards) pairs every other seat knows ``seat`` holds; ``seen_out``
    cards every seat knows are out of play (such as the upcard turned down);
    ``private_out`` (seat, cards) pairs only ``seat`` knows are out of play (its own
    discards); ``auction`` the bids the worlds must explain (table.auction_check);
    ``private_shown`` (viewer, seat, cards) cards only ``viewer`` knows ``seat`` was
    dealt (an analysis's ``--known``), ``lengths`` the suit lengths as dealt a seat
    knows and ``goal`` what every seat plays for (:class:`~..play.playout.Knowledge`).
    Cards are face-space masks, one int for every deal or one per deal.
    """
    known = Knowledge(
        np.zeros((count, n_seats, n_seats), np.uint64),
        np.zeros((count, n_seats), np.uint64),
        auction,
        tuple(lengths),
        tuple(goal),
    )
    for seat, cards in shown:
        for viewer in range(n_seats):
            if viewer != seat:
                known.held[:, viewer, seat] |= np.asarray(cards, np.uint64)
    for viewer, seat, cards in private_shown:
        known.held[:, viewer, seat] |= np.asarray(cards, np.uint64)
    known.gone[:] |= np.asarray(seen_out, np.uint64)[..., None]
    for seat, cards in private_out:
        known.gone[:, seat] |= np.asarray(cards, np.uint64)
    return known


__all__ = ["table_knowledge"]
