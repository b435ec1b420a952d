"""Hand features per denomination, for batch studies and fast hand evaluation.

A *feature* is a number read off one hand for one denomination, without looking at any
other hand.  Every feature comes from the kernels' contract ranking tables
(``kernels.tables.POSITION``, ``SUIT_AT``, ``TRUMP``), so bowers, the suit that loses its
jack and the Low No Trump order are the rules' own, never re-derived here.

For denomination ``d`` (0..3 = trump Clubs, Diamonds, Hearts, Spades; 4 = High No
Trump; 5 = Low No Trump) and a hand:

``trumps``
    cards of the trump suit, left bower included (0 in no trump).
``right``, ``left``
    copies of the right bower (jack of trump) and of the left bower (the other jack of
    the trump's colour) held: 0, 1 or 2 in a double deck (0 in no trump).
``aces``
    *top side cards*: cards of the highest rank of a suit other than trump, i.e. side
    aces with a trump suit and in High No Trump, nines in Low No Trump (where 9 is the
    top).  The ace of trump is a trump, not counted here.
``voids``
    suits other than trump in which the hand holds no card (the left bower's suit
    counts as void when only its jack was there).  Four suits in no trump.
``points``
    a simple strength count in the contract's ranking.  Each trump scores by its place
    from the top of the trump suit: right bower 5, left bower 4, ace 3, king 2, any
    lower trump 1.  Each side card scores by its place from the top of its own suit:
    top card 3, second 2, third 1, lower 0 (A K Q with a trump suit or in High No Trump,
    9 10 J in Low No Trump).  Both copies of a card score.  A hand of all eight top
    trumps of a double deck scores 28.
"""

from __future__ import annotations

import numpy as np

from .kernels.tables import JACK, NUM_DENOMS, PLACE, POSITION, SUIT_AT, TRUMP

DENOM_CODES = ("c", "d", "h", "s", "high", "low")
"""Column suffix of each denomination: ``trumps_h`` is the hand's count of Hearts as trump."""

SUIT_FEATURES = ("trumps", "right", "left")
"""Features that exist only with a trump suit."""
COUNTED = SUIT_FEATURES + ("aces", "points")
"""Features that are sums over the cards held (``voids`` is not)."""
TRUMP_POINTS = (5, 4, 3, 2)  # right, left, ace, king; every lower trump scores 1
SIDE_POINTS = (3, 2, 1)  # top three ranks of a side suit


# each face's effective suit per denomination (its place in that suit is tables.PLACE)
FACE_SUIT = np.array([SUIT_AT[denom, POSITION[denom]] for denom in range(NUM_DENOMS)], np.int64)


def _weights():
    """``WEIGHTS[denom, face, k]``: what one copy of ``face`` adds to feature ``COUNTED[k]``."""
    weights = np.zeros((NUM_DENOMS, 24, len(COUNTED)), np.int64)
    for denom in range(NUM_DENOMS):
        trump = TRUMP[denom]
        for face in range(24):
            place = PLACE[denom, face]
            if trump >= 0 and FACE_SUIT[denom, face] == trump:
                weights[denom, face, 0] = 1
                weights[denom, face, 4] = TRUMP_POINTS[place] if place < len(TRUMP_POINTS) else 1
            else:
                weights[denom, face, 3] = place == 0
                weights[denom, face, 4] = SIDE_POINTS[place] if place < len(SIDE_POINTS) else 0
        if trump >= 0:
            weights[denom, trump * 6 + JACK, 1] = 1
            weights[denom, (3 - trump) * 6 + JACK, 2] = 1
    return weights


WEIGHTS = _weights()


def face_counts(hands) -> np.ndarray:
    """``(R, 24)`` copies of each face held, for face-space hand masks of shape ``(R,)``."""
    masks = np.asarray(hands, np.uint64).reshape(-1, 1)
    bits = (masks >> np.arange(48, dtype=np.uint64)) & np.uint64(1)
    return bits.reshape(-1, 24, 2).sum(axis=2).astype(np.int64)


def hand_features(hands, denoms=range(NUM_DENOMS)) -> dict[str, np.ndarray]:
    """Feature columns for face-space hand masks ``hands`` (shape ``(R,)``).

    Returns ``{"trumps_h": int8 array, ...}``: ``trumps``, ``right`` and ``left`` for
    each suit denomination among ``denoms``, ``aces``, ``voids`` and ``points`` for
    every denomination in ``denoms``.  See the module docstring for definitions.
    """
    counts = face_counts(hands)
    columns: dict[str, np.ndarray] = {}
    for denom in denoms:
        code = DENOM_CODES[denom]
        trump = TRUMP[denom]
        values = counts @ WEIGHTS[denom]
        for name in COUNTED if trump >= 0 else COUNTED[len(SUIT_FEATURES) :]:
            columns[f"{name}_{code}"] = values[:, COUNTED.index(name)].astype(np.int8)
        per_suit = np.stack([counts[:, FACE_SUIT[denom] == suit].sum(axis=1) for suit in range(4)], axis=1)
        side_suits = [suit for suit in range(4) if suit != trump]
        columns[f"voids_{code}"] = (per_suit[:, side_suits] == 0).sum(axis=1).astype(np.int8)
    return columns
