"""The fast hand evaluator behind bidding strategies: estimated P(make) from a grid.

Whole-game simulation asks "what are my chances in each contract?" for every seat of
every hand of thousands of games, so the answer must cost microseconds.  It comes from
grids of Monte Carlo results by hand features (cells of capped features), fitted once by
:mod:`simulate.bidding.evaluator_fit` (heuristic play, uniform random deals and drawn strong
hands) and shipped as CSV files in ``simulate/data``.  Regenerate them with::

    python -m euchre_mc.simulate.bidding.evaluator_fit --deals 40000 --long-suit-deals 2000 --seed 1

Features of a hand for a denomination (all read in that denomination's card order):

* ``length``: with a trump suit, the number of trumps (left bower included); in no
  trump, the length of the longest suit;
* ``top`` (classic grids): with a trump suit, right and left bowers held; in no trump,
  the top card of each suit held (aces in High, nines in Low);
* ``run`` (bid-euchre grids, double deck): the sure winners at the top, cards held in
  an unbroken run from the best card down, where a face continues the run only if both
  its copies are held (a lone copy still wins when led first, but the other copy then
  beats the next card): with a trump suit the run of trumps (``JH JH JD JD AH`` with
  Hearts trump is 5, ``JH JD JD`` is 1); in no trump the runs of the four suits added;
* ``side``: with a trump suit, aces of the other suits; in no trump, the second card of
  each suit (kings in High, tens in Low).

Grids (features capped, see ``*_CAPS``):

* bid euchre (``pigs-and-hogs``, ``six-handed``), by (trump or no trump, length, run,
  side): P(the bidder's team takes at least n tricks) for n = 1..8 with the bidder
  leading and all six playing; P(all 8) for a lone bidder after discarding two and
  receiving the partners' gifts (Pig, six-handed Alone); P(all 8) alone without an
  exchange (Hog).  Both variants play these contracts the same way.
* classic round 1 (ordering up), by (the seat's position from the dealer, whether the
  upcard is a jack, length, top, side), the dealer's features counting the upcard:
  P(make), P(march), P(march alone) after the dealer's pick-up.
* classic round 2 (naming a suit or High No Trump, the upcard turned down), by (trump or
  no trump, position, length, top, side): the same three.

Sparse cells are shrunk towards coarser ones: each estimate is
``(made + M * parent) / (samples + M)`` with ``M = SHRINK``, where the parent pools the
cell over ``side``, its parent over ``top`` (``run``) too, and the root over ``length``
as well.

What the grids cannot know: the auction so far, the score, partners' hands beyond
chance.  They are estimates for a player who sees only their own hand.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from .. import data
from ..kernels import bidding

DATA_DIR = data.FOLDER
SHRINK = 10.0
BID_CAPS = dict(zip(("length", "run", "side"), bidding.BID_CAPS))
CLASSIC_CAPS = dict(zip(("length", "top", "side"), bidding.CLASSIC_CAPS))
HAND_SIZE_BID = bidding.LEVELS

BID_KEYS = ("no_trump", "length", "run", "side")
BID_OUTCOMES = tuple(f"tricks_{n}" for n in range(1, HAND_SIZE_BID + 1)) + ("exchange_alone", "hog")
CLASSIC_OUTCOMES = ("make", "march", "alone_march")
ROUND1_KEYS = ("position", "upcard_jack", "length", "top", "side")
ROUND2_KEYS = ("no_trump", "position", "length", "top", "side")


# --------------------------------------------------------------------------- features
# The features are counted by the kernels (kernels/bidding.py), which PIMC's worlds use
# too; these wrappers take numpy arrays of any shape.


def _per_hand(kernel, hands, denom) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    hands, denom = np.broadcast_arrays(np.asarray(hands, np.uint64), np.asarray(denom, np.int64))
    out = kernel(np.array(hands.ravel()), np.array(denom.ravel()))  # copies: broadcasts are read-only
    return tuple(out[:, k].reshape(hands.shape) for k in range(3))


def classic_features(hands: np.ndarray, denom) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(length, top, side) of face-space ``hands`` for ``denom`` (an int or an array that
    broadcasts with ``hands``), each capped as ``CLASSIC_CAPS`` says (the classic grids)."""
    return _per_hand(bidding.classic_features_many, hands, denom)


def top_run(hands: np.ndarray, denom: int) -> np.ndarray:
    """Double-deck sure winners at the top: the ``run`` feature (module docstring), uncapped."""
    return _per_hand(bidding.bid_features_many, hands, denom)[1]


def bid_features(hands: np.ndarray, denom: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(length, run, side) of face-space double-deck ``hands`` for ``denom``, capped as
    ``BID_CAPS`` says (the bid-euchre grid)."""
    features = _per_hand(bidding.bid_features_many, hands, denom)
    return tuple(np.minimum(f, cap) for f, cap in zip(features, bidding.BID_CAPS))


# --------------------------------------------------------------------------- grids


@dataclass(frozen=True)
class Grid:
    """Counts by feature cell and their shrunk estimates; shape ``dims + (outcomes,)``."""

    keys: tuple[str, ...]
    outcomes: tuple[str, ...]
    samples: np.ndarray
    made: np.ndarray
    estimate: np.ndarray


def _shrunk(samples: np.ndarray, made: np.ndarray) -> np.ndarray:
    """Estimates shrunk towards the cell pooled over side, then top, then length."""
    key_axes = samples.ndim
    estimate = None
    for pooled in (3, 2, 1, 0):
        axes = tuple(range(key_axes - pooled, key_axes))
        n = samples.sum(axis=axes, keepdims=True)[..., None]
        k = made.sum(axis=axes, keepdims=True)
        estimate = k / np.maximum(n, 1) if estimate is None else (k + SHRINK * estimate) / (n + SHRINK)
    return np.broadcast_to(estimate, made.shape).copy()


def grid_from_rows(rows: list[dict], keys: tuple, outcomes: tuple, dims: tuple) -> Grid:
    samples = np.zeros(dims, np.int64)
    made = np.zeros(dims + (len(outcomes),), np.int64)
    for row in rows:
        cell = tuple(int(row[k]) for k in keys)
        samples[cell] += int(row["samples"])
        made[cell] += [int(row[o]) for o in outcomes]
    return Grid(keys, outcomes, samples, made, _shrunk(samples, made))


def grid_rows(samples: np.ndarray, made: np.ndarray, keys: tuple, outcomes: tuple) -> list[dict]:
    """The non-empty cells as CSV rows (the inverse of :func:`grid_from_rows`)."""
    rows = []
    for cell in zip(*np.nonzero(samples)):
        row = dict(zip(keys, (int(c) for c in cell)))
        row["samples"] = int(samples[cell])
        row.update(zip(outcomes, (int(v) for v in made[cell])))
        rows.append(row)
    return rows


def write_rows(path: Path, rows: list[dict], keys: tuple, outcomes: tuple) -> None:
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(
            out, fieldnames=list(keys) + ["samples"] + list(outcomes), lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(rows)


def _read_rows(name: str) -> list[dict]:
    with open(DATA_DIR / name, newline="", encoding="utf-8") as src:
        return list(csv.DictReader(src))


BID_DIMS = (2, BID_CAPS["length"] + 1, BID_CAPS["run"] + 1, BID_CAPS["side"] + 1)
ROUND1_DIMS = (4, 2, CLASSIC_CAPS["length"] + 1, CLASSIC_CAPS["top"] + 1, CLASSIC_CAPS["side"] + 1)
ROUND2_DIMS = (2, 4, CLASSIC_CAPS["length"] + 1, CLASSIC_CAPS["top"] + 1, CLASSIC_CAPS["side"] + 1)


@cache
def bid_grid() -> Grid:
    return grid_from_rows(_read_rows("evaluator_bid.csv"), BID_KEYS, BID_OUTCOMES, BID_DIMS)


@cache
def round1_grid() -> Grid:
    return grid_from_rows(
        _read_rows("evaluator_classic_round1.csv"), ROUND1_KEYS, CLASSIC_OUTCOMES, ROUND1_DIMS
    )


@cache
def round2_grid() -> Grid:
    return grid_from_rows(
        _read_rows("evaluator_classic_round2.csv"), ROUND2_KEYS, CLASSIC_OUTCOMES, ROUND2_DIMS
    )


# --------------------------------------------------------------------------- lookups


@dataclass(frozen=True)
class BidEstimates:
    """Per hand (any leading shape) and denomination 0..5: ``level[..., d, n-1]`` =
    P(team takes >= n), ``exchange_alone[..., d]`` (Pig / Alone), ``hog[..., d]``."""

    level: np.ndarray
    exchange_alone: np.ndarray
    hog: np.ndarray


def bid_estimates(hands: np.ndarray) -> BidEstimates:
    """Estimates for bid-euchre hands (face-space uint64 array of any shape)."""
    hands = np.asarray(hands, np.uint64)
    values = bidding.bid_estimates_many(np.ascontiguousarray(hands.ravel()), bid_grid().estimate)
    values = values.reshape(hands.shape + values.shape[1:])  # (..., 6, outcomes)
    return BidEstimates(
        values[..., :HAND_SIZE_BID], values[..., HAND_SIZE_BID], values[..., HAND_SIZE_BID + 1]
    )


@dataclass(frozen=True)
class ClassicEstimates:
    """``order[g, seat, o]`` for ordering up; ``call[g, seat, denom, o]`` for naming
    ``denom`` in round 2 (0..4; the upcard's suit is not callable), with outcomes
    o = 0 make, 1 march, 2 march alone."""

    order: np.ndarray
    call: np.ndarray


def classic_estimates(hands: np.ndarray, dealer: np.ndarray, upcard: np.ndarray) -> ClassicEstimates:
    """Estimates for classic deals: ``hands`` (G, 4) face space, ``dealer`` and ``upcard``
    (a face) per deal."""
    order, call = bidding.classic_estimates_many(
        np.ascontiguousarray(hands, np.uint64),
        np.ascontiguousarray(dealer, np.int64),
        np.ascontiguousarray(upcard, np.int64),
        round1_grid().estimate,
        round2_grid().estimate,
    )
    return ClassicEstimates(order, call)


__all__ = [
    "BidEstimates",
    "ClassicEstimates",
    "Grid",
    "bid_estimates",
    "bid_features",
    "bid_grid",
    "classic_estimates",
    "classic_features",
    "round1_grid",
    "round2_grid",
    "top_run",
]
