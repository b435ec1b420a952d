"""Exact double-dummy solving: validate positions, then search them in bulk with numba.

The search itself (null-window alpha-beta on a trick target, a transposition table
with rank abstraction, equivalent cards generated once, move ordering and quick-trick
bounds) lives in the package :mod:`simulate.kernels.dd`; this
module owns the Python edge: checking deals (card text is parsed by
:func:`simulate.dealing.deal.parse_deal`), broadcasting per-deal settings, sharing deals among
threads and shaping the results.

Public: :func:`solve_many` and :func:`solve_position` (the agreed interface),
:func:`solve_batch` (the same with node counts and the value of each first lead),
:func:`solve_many_unchecked` (the fast path for deals checked already; the
sweep-then-count solve of :mod:`.sweep_solve` runs on it) and :func:`active_mask`.
Every answer is exact; there is no node budget.

Every result counts the tricks of the DECLARER'S TEAM (``declarer & 1``): with six
seats the declarer and the two seats of the same parity.  Seats are 0-based here.
"""

from __future__ import annotations

import itertools
import os
import threading
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass

import numba
import numpy as np

from ..kernels.dd.search import dd_buffers, dd_solve_position, dd_solve_range
from ..kernels.rankings import FACE_AT, NUM_DENOMS, POSITION, SUIT_AT
from ..kernels.seats import first_active, next_active
from ..rules.cards import CardError, card_counts, format_card
from ..rules.variants import RulesError

SEAT_COUNTS = (4, 6)


def table_bits(n_tricks: int) -> int:
    """log2 of the transposition-table size for positions of ``n_tricks`` tricks.

    Five-trick hands need few trick-boundary positions.  For eight tricks 2**17
    entries (10 MB) are enough since the table's entries generalise well: a larger
    table searches hardly fewer nodes and a smaller one hardly more, and neither is
    faster.  Batch calls keep each
    thread's tables from call to call (see _thread_buffers); :func:`solve_position`
    allocates and clears its own.  The size never depends on the thread count, so node
    counts are the same for any number of threads.
    """
    return 12 if n_tricks <= 5 else 17


@dataclass(frozen=True)
class SolveResult:
    """One solved position: the declarer team's tricks, each lead's value, nodes searched.

    ``leads`` maps each distinct legal card (a face) of the player on move to the
    declarer team's tricks after playing it; identical copies appear once.
    """

    tricks: int
    leads: dict[int, int] | None
    nodes: int


@dataclass(frozen=True)
class BatchResult:
    """Many solved deals: ``tricks[d]`` (or 1/0 answers to a target), nodes searched,
    and with leads ``leads[d, face]`` (-1 where the face is not a legal first lead)."""

    tricks: np.ndarray
    nodes: np.ndarray
    leads: np.ndarray | None


def _per_deal(value, count: int, name: str) -> np.ndarray:
    """Broadcast an int or a sequence of ``count`` ints to an int64 array."""
    array = np.asarray(value)
    if array.ndim == 0:
        array = np.full(count, int(array), np.int64)
    if array.shape != (count,) or not np.issubdtype(array.dtype, np.integer):
        raise RulesError(f"{name} {value!r}: give one whole number or one per deal ({count})")
    return array.astype(np.int64)


def _check_settings(n_seats, count, denom, declarer, leader, active):
    denoms = _per_deal(denom, count, "denomination")
    declarers = _per_deal(declarer, count, "declarer")
    leaders = _per_deal(leader, count, "leader")
    actives = _per_deal(active, count, "active seats mask")
    for name, values, low, high in (
        ("denomination", denoms, 0, NUM_DENOMS - 1),
        ("declarer", declarers, 0, n_seats - 1),
        ("leader", leaders, 0, n_seats - 1),
        ("active seats mask", actives, 1, (1 << n_seats) - 1),
    ):
        bad = (values < low) | (values > high)
        if bad.any():
            raise RulesError(f"{name} {values[bad][0]}: allowed is {low} to {high}")
    sits_out = ((actives >> declarers) & 1) == 0
    if sits_out.any():
        d = int(np.flatnonzero(sits_out)[0])
        raise RulesError(
            f"declarer seat {declarers[d]} sits out (active mask {actives[d]:#b}): the declarer must play"
        )
    return denoms, declarers, leaders, actives


def _check_hands(hands: np.ndarray, actives: np.ndarray, cards_short: np.ndarray | None = None) -> int:
    """Raise unless every active seat holds the same number of cards (minus
    ``cards_short[seat]``), seats sitting out hold none and no card is in two hands.
    Returns the number of tricks left."""
    if (hands >> np.uint64(48)).any():
        raise CardError("hand mask with bits above 47: a hand is a face-space mask of 48 bits")
    sizes = card_counts(hands)
    n_seats = hands.shape[1]
    playing = ((actives[:, None] >> np.arange(n_seats)) & 1).astype(bool)
    if (sizes[~playing] > 0).any():
        d, seat = map(int, np.argwhere((sizes > 0) & ~playing)[0])
        raise RulesError(
            f"seat {seat} sits out but holds {sizes[d, seat]} cards (deal {d}): its hand must be empty"
        )
    if cards_short is not None:
        sizes = sizes + cards_short
    first = np.where(playing, sizes, -1).max(axis=1)
    unequal = playing & (sizes != first[:, None])
    if unequal.any():
        d, seat = map(int, np.argwhere(unequal)[0])
        raise RulesError(
            f"seat {seat} holds {sizes[d, seat] - (0 if cards_short is None else cards_short[seat])} "
            f"cards in deal {d}, another seat {first[d]}: every seat that plays needs the same number"
        )
    union = np.bitwise_or.reduce(hands, axis=1)
    shared = card_counts(union) != sizes.sum(axis=1) - (0 if cards_short is None else cards_short.sum())
    if shared.any():
        raise CardError(f"deal {int(np.flatnonzero(shared)[0])} has one physical card in two hands")
    if first.max(initial=0) > 31:
        raise RulesError(f"hands of {first.max()} cards: the solver handles at most 31 tricks")
    return int(first.max(initial=0))


def _as_deals(hands) -> np.ndarray:
    deals = np.asarray(hands, dtype=np.uint64)
    if deals.ndim != 2 or deals.shape[1] not in SEAT_COUNTS:
        raise RulesError(f"hands of shape {deals.shape}: give (deals, seats) with 4 or 6 seats")
    return np.ascontiguousarray(deals)


def solve_batch(
    hands, denom, declarer, leader, active, target=None, leads=False, progress=None
) -> BatchResult:
    """Solve many face-space deals (``hands[d, seat]``) from the first lead, in parallel.

    Deals are shared among ``numba.get_num_threads()`` threads (see :func:`_share_out`);
    results and node counts do not depend on the thread count.  ``progress``, if given,
    is called with the number of deals just finished, from the solving threads.

    ``denom``, ``declarer``, ``leader`` and ``active`` are ints or one per deal.  The
    leader leads the first trick (the next active seat to its left if it sits out).
    With ``target=k`` each result is 1/0: can the declarer's team take at least k?
    With ``leads=True`` also the value of each legal first lead (faces, -1 if illegal).
    """
    deals = _as_deals(hands)
    count, n_seats = deals.shape
    denoms, declarers, leaders, actives = _check_settings(n_seats, count, denom, declarer, leader, active)
    n_tricks = _check_hands(deals, actives)
    if target is not None and not 0 <= int(target) <= 31:
        raise RulesError(f"target {target}: allowed is 0 to the number of tricks")
    return _solve_batch(deals, denoms, declarers, leaders, actives, n_tricks, target, leads, progress)


def _solve_batch(
    deals, denoms, declarers, leaders, actives, n_tricks, target, leads, progress
) -> BatchResult:
    """:func:`solve_batch` without its checks, for callers whose deals are checked already.

    ``deals`` is a contiguous (deals, seats) uint64 array, the settings int64 arrays of
    one value per deal and ``n_tricks`` the most tricks any deal has.
    """
    count = deals.shape[0]
    # writable contiguous arrays always: numba types a read-only array (a broadcast
    # view, say) apart, and each such signature would compile the whole solver again
    deals = np.require(deals, np.uint64, ("C", "W"))
    denoms, declarers, leaders, actives = (
        np.require(values, np.int64, ("C", "W")) for values in (denoms, declarers, leaders, actives)
    )
    goal = -1 if target is None else int(target)
    tricks = np.zeros(count, np.int8)
    nodes = np.zeros(count, np.int64)
    by_position = np.full((count if leads else 0, 24), -1, np.int8)
    settings = (deals, denoms, declarers & 1, leaders, actives, np.int64(goal))
    generations = np.int64(_reserve_generations(count))
    sizes = (n_tricks, table_bits(n_tricks))
    _share_out(
        count,
        lambda first, stop, buffers: dd_solve_range(
            *settings, np.int64(first), np.int64(stop), generations, *buffers, tricks, nodes, by_position
        ),
        sizes,
        progress,
    )
    by_face = None
    if leads:
        by_face = np.full((count, 24), -1, np.int8)
        by_face[np.arange(count)[:, None], FACE_AT[denoms]] = by_position
    return BatchResult(tricks, nodes, by_face)


def solve_many(hands, denom, declarer, leader, active, target=None, progress=None) -> np.ndarray:
    """Exact double-dummy tricks of the declarer's team for each deal, (D,) int8.

    With ``target=k``: 1/0 per deal, can the declarer's team take at least k tricks.
    """
    return solve_batch(hands, denom, declarer, leader, active, target, progress=progress).tricks


def solve_many_unchecked(
    hands, denom, declarer, leader, active, n_tricks: int, target=None, progress=None
) -> np.ndarray:
    """:func:`solve_many` without its checks, the unchecked fast path: for callers whose
    deals and settings are checked already (the sweep-then-count solve of the analyser
    and the studies, ``play_deals``' per-step path).  The settings are ints or one per
    deal; ``n_tricks`` is the most tricks any deal has.  Nothing here checks them:
    input from a user goes through :func:`solve_many`."""
    deals = np.ascontiguousarray(hands, dtype=np.uint64)
    count = deals.shape[0]
    settings = [np.broadcast_to(np.asarray(v, np.int64), (count,)) for v in (denom, declarer, leader, active)]
    return _solve_batch(deals, *settings, n_tricks, target, False, progress).tricks


# The old private name, for the analyser until it calls .sweep_solve (the lead wires
# that while splitting simulate/analysis): delete with its last import.


# Each thread keeps its search buffers (about 10 MB for eight tricks) from call to call,
# and the threads are kept too: allocating and clearing 40 MB of tables and starting
# the threads cost milliseconds a call, and an analysis makes hundreds of calls.  Table entries
# carry the generation of the deal that wrote them, and every deal of every call gets
# a generation of its own (_reserve_generations), so a kept table needs no clearing.
_GENERATION_LIMIT = (1 << 31) - 1  # generations live in the top 31 bits of an int64
_generations = {"used": 0, "epoch": 0}
_generations_lock = threading.Lock()
_thread_state = threading.local()
_pool: dict[int, ThreadPoolExecutor] = {}  # by process id: a forked child needs its own


def _reserve_generations(count: int) -> int:
    """The first of ``count`` table generations that no earlier call has used."""
    with _generations_lock:
        if _generations["used"] + count >= _GENERATION_LIMIT:
            # After two billion deals old entries could match again: every thread
            # drops its tables (a new epoch) and generations start afresh.
            _generations["used"] = 0
            _generations["epoch"] += 1
        first = _generations["used"]
        _generations["used"] += count
    return first


def _thread_buffers(sizes: tuple[int, int]) -> tuple:
    """This thread's search buffers for (tricks, table bits), made once per epoch."""
    if getattr(_thread_state, "epoch", None) != _generations["epoch"]:
        _thread_state.buffers = {}
        _thread_state.epoch = _generations["epoch"]
    kept = _thread_state.buffers
    if sizes not in kept:
        kept[sizes] = dd_buffers(*sizes)
    return kept[sizes]


def _executor() -> ThreadPoolExecutor:
    """The solving threads, kept for the life of the process."""
    pid = os.getpid()
    if pid not in _pool:
        _pool.clear()
        _pool[pid] = ThreadPoolExecutor(numba.config.NUMBA_NUM_THREADS, thread_name_prefix="euchre-mc-solve")
    return _pool[pid]


def _share_out(count: int, solve_range, sizes, progress) -> None:
    """Run ``solve_range(first, stop, buffers)`` over ``0 .. count - 1`` on every thread.

    Threads take small ranges in turn from a shared counter rather than a fixed share
    each: a six-seat deal can cost a thousand times the median, and with fixed shares
    the other thread sat idle while one worked through such a deal.  ``buffers`` are
    the thread's own (:func:`_thread_buffers` of ``sizes``).  Ranges hold about a 64th
    of a thread's share, at most 256 deals, so the calls' overhead stays small against
    the solving.  When the caller is interrupted (Ctrl-C), the threads finish their
    range and take no more.
    """
    workers = max(1, min(numba.get_num_threads(), count))
    step = max(1, min(256, count // (workers * 64)))
    starts = itertools.count(0, step)  # next() on it is atomic under the GIL
    stopping = threading.Event()

    def work() -> None:
        owned = _thread_buffers(sizes)
        for first in starts:
            if first >= count or stopping.is_set():
                return
            stop = min(first + step, count)
            solve_range(first, stop, owned)
            if progress is not None:
                progress(stop - first)

    if workers == 1:
        work()
        return
    shares = [_executor().submit(work) for _ in range(workers)]
    try:
        wait(shares, return_when=FIRST_EXCEPTION)
    finally:
        stopping.set()  # after an error or Ctrl-C here; a no-op once all are done
        wait(shares)  # the threads finish their range: nothing writes after the return
    for share in shares:
        share.result()


def solve_position(hands, denom, declarer, leader, active, trick=(), leads=True) -> SolveResult:
    """Solve one position, possibly in the middle of a trick.

    ``hands`` is (N,) face-space masks of the cards still held; ``trick`` the (seat,
    face) pairs already played to the current trick, in order, starting with
    ``leader``.  Tricks count from here to the end, the current trick included.
    """
    deal = _as_deals(np.asarray(hands, dtype=np.uint64).reshape(1, -1))
    n_seats = deal.shape[1]
    denoms, declarers, leaders, actives = _check_settings(n_seats, 1, denom, declarer, leader, active)
    denom, team, active = int(denoms[0]), int(declarers[0]) & 1, int(actives[0])
    first = int(first_active(np.int64(leaders[0]), np.int64(n_seats), np.int64(active)))
    played = _check_trick(deal[0], denom, first, active, trick)
    short = np.zeros(n_seats, np.int64)
    for seat, _ in trick:
        short[seat] = 1
    n_tricks = _check_hands(deal, actives, short)
    values = np.full(24 if leads else 0, -1, np.int64)
    tricks, nodes = dd_solve_position(
        deal[0],
        np.int64(denom),
        np.int64(team),
        np.int64(first),
        np.int64(active),
        np.array(played, np.int64),
        np.int64(table_bits(n_tricks)),
        values,
    )
    by_face = None
    if leads:
        by_face = {int(FACE_AT[denom, p]): int(v) for p, v in enumerate(values) if v >= 0}
        by_face = dict(sorted(by_face.items()))
    return SolveResult(int(tricks), by_face, int(nodes))


def _check_trick(deal: np.ndarray, denom: int, leader: int, active: int, trick) -> list[int]:
    """Check the trick in progress (seats in turn, legal cards, copies left); its faces."""
    n_seats = deal.shape[0]
    faces = []
    seat = leader
    led_suit = -1
    n_active = bin(active).count("1")
    if len(trick) >= n_active:
        raise RulesError(
            f"trick of {len(trick)} cards: a trick in progress has fewer than the {n_active} seats that play"
        )
    for played_seat, face in trick:
        if played_seat != seat:
            raise RulesError(f"seat {played_seat} played to the trick out of turn: seat {seat} was on move")
        if not 0 <= face < 24:
            raise CardError(f"face {face}: faces are 0 to 23")
        suit = int(SUIT_AT[denom, POSITION[denom, face]])
        if led_suit < 0:
            led_suit = suit
        elif suit != led_suit and _holds_suit(int(deal[seat]), denom, led_suit):
            raise RulesError(
                f"seat {seat} played {format_card(face)} but still holds the led suit: it must follow"
            )
        held = sum((int(deal[s]) >> (2 * face + c)) & 1 for s in range(n_seats) for c in (0, 1))
        if held + faces.count(face) + 1 > 2:
            raise CardError(f"{format_card(face)} played to the trick: no copy of it is left")
        faces.append(face)
        seat = int(next_active(np.int64(seat), np.int64(n_seats), np.int64(active)))
    return faces


def _holds_suit(hand: int, denom: int, suit: int) -> bool:
    return any(int(SUIT_AT[denom, POSITION[denom, bit >> 1]]) == suit for bit in range(48) if hand >> bit & 1)


# --------------------------------------------------------------------------- deals as text


def active_mask(n_seats: int, sitting_out=()) -> int:
    """Bit mask of the seats that play, from the (0-based) seats that sit out."""
    mask = (1 << n_seats) - 1
    for seat in sitting_out:
        mask &= ~(1 << seat)
    return mask
