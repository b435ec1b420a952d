"""Hand features per denomination, for batch studies and fast hand evaluation.

A *feature* is a number read off one hand for one denomination, without looking at any
other hand.  Every feature comes from the kernels' contract ranking tables
(``kernels.rankings.POSITION``, ``SUIT_AT``, ``TRUMP``), so bowers, the suit that loses its
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
``run``
    the *top-trump run*: how many of the top trumps the hand holds in unbroken order from
    the top, every copy counted (0 in no trump).  In a double deck both right bowers, both
    left bowers and both trump aces are a run of 6 ("the top 6 trumps held"); one right
    bower and both left bowers is a run of 1, since the other right bower is out.  In a
    single deck the right and left bowers and the ace are a run of 3.
``trump_aces``
    copies of the ace of trump held (0 in no trump).
``runs`` (no trump only)
    the suits' top runs added up: in each suit, the cards held in unbroken order from the
    suit's top card (both copies of a face needed to go on in a double deck), summed over
    the four suits -- the cards that cash from the top.  ``long_run``: the longest of the
    four.  The count of top cards is ``aces``.
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

from ..kernels.rankings import ACE, JACK, NUM_DENOMS, PLACE, POSITION, SUIT_AT, TRUMP

DENOM_CODES = ("c", "d", "h", "s", "high", "low")
"""Column suffix of each denomination: ``trumps_h`` is the hand's count of Hearts as trump."""

SUIT_FEATURES = ("trumps", "right", "left")
"""Features that exist only with a trump suit (summed over the cards held)."""
RUN_FEATURES = ("run", "trump_aces")
"""Features of the top of the trump suit (a trump suit only)."""
NO_TRUMP_RUN_FEATURES = ("runs", "long_run")
"""Features of the top of every suit (no trump only)."""
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


# each effective suit's faces per denomination, best first (its place 0, 1, ...)
SUIT_ORDER = [
    [
        sorted(np.flatnonzero(FACE_SUIT[denom] == suit), key=lambda face: PLACE[denom, face])
        for suit in range(4)
    ]
    for denom in range(NUM_DENOMS)
]


def top_run(counts: np.ndarray, faces, copies: int) -> np.ndarray:
    """Cards held of ``faces`` (best first) in unbroken order from the first, every copy
    counted: the run goes on past a face only when all ``copies`` of it are held."""
    run = np.zeros(len(counts), np.int64)
    unbroken = np.ones(len(counts), bool)
    for face in faces:
        run += np.where(unbroken, counts[:, face], 0)
        unbroken &= counts[:, face] == copies
    return run


def hand_features(hands, denoms=range(NUM_DENOMS), copies: int = 2) -> dict[str, np.ndarray]:
    """Feature columns for face-space hand masks ``hands`` (shape ``(R,)``).

    Returns ``{"trumps_h": int8 array, ...}``: ``trumps``, ``right``, ``left``, ``run``
    and ``trump_aces`` for each suit denomination among ``denoms``, ``runs`` and
    ``long_run`` for each no trump, ``aces``, ``voids`` and ``points`` for every
    denomination in ``denoms``.  ``copies`` is the deck's copies of each face (2 in the
    double-deck games, 1 in classic euchre); only the runs depend on it.  See the
    module docstring for definitions.
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
        if trump >= 0:
            trump_order = SUIT_ORDER[denom][trump]
            columns[f"run_{code}"] = top_run(counts, trump_order, copies).astype(np.int8)
            columns[f"trump_aces_{code}"] = counts[:, trump * 6 + ACE].astype(np.int8)
        else:
            runs = np.stack([top_run(counts, SUIT_ORDER[denom][suit], copies) for suit in range(4)], axis=1)
            columns[f"runs_{code}"] = runs.sum(axis=1).astype(np.int8)
            columns[f"long_run_{code}"] = runs.max(axis=1).astype(np.int8)
    return columns
