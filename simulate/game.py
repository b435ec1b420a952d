"""Whole games to the target score: two bidding strategies, many games at once.

This module owns the game flow; every rule in it comes from the modules that own the
rules: the deal (``kernels.dealing.deal_many``), the misdeal calls and the auction
(:mod:`simulate.auction`), the exchanges and who sits out (:mod:`simulate.exchange`),
the play (:func:`simulate.play.play_deals`), the score and the end of the game
(:func:`simulate.rules.score`, :func:`simulate.rules.game_winner`).

A game
------
* Team A is the odd seats 1, 3, 5 (library team 0), team B the even seats.
* Game ``g`` is first dealt by seat ``g mod N + 1``, so over any ``N`` consecutive games
  every seat deals first once and neither team gains from who starts; the deal then
  moves one seat left every hand, thrown-in hands included.
* Each hand: deal; classic ``euchre`` misdeal options (every eligible player calls
  them, the policy of :func:`simulate.auction.misdeal_calls`); the auction, each seat
  bidding as its team's strategy says (:mod:`simulate.strategy`); cards thrown in when
  the auction says so (six-handed all pass, classic eight passes) and the deal moves
  left; exchanges by the stated policies (Pig and Alone: void-first discards, then the
  partners' ``highest`` gifts; classic pick-up: the dealer's void-first discard); play
  under the chosen model with the leader the rules name; the score; the game ends when
  :func:`~simulate.rules.game_winner` names a winner (six-handed: both teams at the
  target on one hand, the bidding team wins).

Speed and reproducibility
-------------------------
Games advance together hand by hand.  All live games of a batch are dealt in one
kernel call, their bids are decided with numpy from the evaluator's tables, and their
hands are played in one ``play_deals`` call per (denomination, declarer, leader,
sitting out) group.  The auction itself asks :func:`simulate.auction.replay` about
every bid, memoised (see :class:`_AuctionMemo`).  Hand ``h`` of game ``g`` is deal
``h * GAME_STRIDE + g`` of the seed's stream and the play models used here are
deterministic, so a game is the same whatever batch or worker plays it: results do
not depend on ``workers`` or ``batch``.  Worker processes each take a contiguous range
of games and run the kernels on one thread.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from multiprocessing import get_context

import numba
import numpy as np

from .auction import misdeal_calls, replay
from .evaluator import bid_estimates, classic_estimates, popcount
from .exchange import apply_exchange, dealer_pickup, partners, sitting_out_mask, void_first_discards
from .kernels.contract import to_contract
from .kernels.dealing import deal_many
from .kernels.play import play_heuristic_deal
from .kernels.seats import first_active, next_active
from .kernels.tables import FACE_AT
from .play import play_deals
from .rules import (
    ALONE,
    CALL,
    HOG,
    LEVEL,
    ORDER_UP,
    PASS,
    PIG,
    Contract,
    RulesError,
    Variant,
    as_variant,
    game_winner,
    made,
    score,
)
from .strategy import EXCHANGE_RANK, HOG_RANK, Strategy, bid_euchre_wishes, classic_wishes, seat_thresholds
from .trace import Trace, Trick

GAME_STRIDE = 1 << 32
GAME_PLAY_MODELS = ("heuristic", "dd")
MAX_GAMES = GAME_STRIDE
DEFAULT_BATCH = 1024
OUTCOMES = ("bid", "made", "set")


def contract_kinds(variant: Variant) -> tuple[str, ...]:
    """The kinds of contract a variant's games report on."""
    if variant.classic:
        return ("order up", "order up alone", "call", "call alone")
    return ("level", "pig", "hog") if variant.name == "pigs-and-hogs" else ("level", "alone")


def kind_of(contract: Contract) -> str:
    if contract.kind in (ORDER_UP, CALL):
        return contract.kind + (" alone" if contract.alone else "")
    return contract.kind


@dataclass(frozen=True)
class GameSetup:
    """Everything that decides a run of games except which games."""

    variant: Variant
    teams: tuple[Strategy, Strategy]  # team A (seats 1, 3, 5), team B
    seed: int
    play: str = "heuristic"

    def __post_init__(self):
        if self.play not in GAME_PLAY_MODELS:
            raise RulesError(f"play model {self.play!r} for games: allowed are {', '.join(GAME_PLAY_MODELS)}")
        if not 0 <= self.seed < 2**64:
            raise RulesError(f"seed {self.seed}: seeds are whole numbers from 0 to {2**64 - 1}")


@dataclass
class GameTotals:
    """Results of games ``first .. first + len(winner) - 1``, one entry per game, plus
    contract counts summed over them: ``contracts[team, kind, outcome]`` with outcomes
    bid, made, set (kinds from :func:`contract_kinds`)."""

    first: int
    winner: np.ndarray  # team 0 (A) or 1 (B)
    hands: np.ndarray  # hands dealt, thrown-in ones included
    thrown_in: np.ndarray
    scores: np.ndarray  # (games, 2) final score of teams A and B
    contracts: np.ndarray
    traces: list = field(default_factory=list)  # per hand, when tracing one game

    @staticmethod
    def join(parts: list[GameTotals]) -> GameTotals:
        parts = sorted(parts, key=lambda p: p.first)
        return GameTotals(
            parts[0].first,
            np.concatenate([p.winner for p in parts]),
            np.concatenate([p.hands for p in parts]),
            np.concatenate([p.thrown_in for p in parts]),
            np.concatenate([p.scores for p in parts]),
            sum(p.contracts for p in parts),
            [t for p in parts for t in p.traces],
        )


# --------------------------------------------------------------------------- dealing


def deal_hands(variant: Variant, seed: int, first_index: int, count: int):
    """Full deals ``first_index .. first_index + count - 1`` of the seed's stream.

    Returns (hands (count, N) face-space, face-down kitty masks, upcard faces); the last
    two are zeros and -1 for variants without a kitty.  The layout follows
    ``simulate.trace.deal_cards``: seats, then the kitty's face-down cards, then the upcard.
    """
    n = variant.players
    pool = np.array([2 * face + copy for face in range(24) for copy in range(variant.copies)], np.int64)
    need = [variant.hand_size] * n + ([variant.spec.kitty - 1, 1] if variant.classic else [])
    out = deal_many(
        np.uint64(seed),
        np.int64(first_index),
        np.int64(count),
        np.zeros(len(need), np.uint64),
        np.array(need, np.int64),
        pool,
    )
    if not variant.classic:
        return out, np.zeros(count, np.uint64), np.full(count, -1, np.int64)
    upcard = popcount(out[:, n + 1] - np.uint64(1)) // 2  # index of the one set bit, as a face
    return np.ascontiguousarray(out[:, :n]), out[:, n], upcard


# --------------------------------------------------------------------------- auction


class _AuctionMemo:
    """Auction states from :func:`simulate.auction.replay`, memoised by (state, bid).

    ``replay`` checks a whole bid list from the start; an auction asks it once per seat.
    A replay depends on the bids so far only through the state they reach (the seat to
    bid, its legal contracts, whether it may pass, the high bid), so the state after one
    more bid is memoised by (variant, dealer, upcard, state, bid): the first time a
    transition is met it is computed by replaying the actual bids, after that it is a
    lookup.  ``tests/test_game_flow.py`` checks the memo against direct replays.  States
    are interned so that a key hashes the state's identity, not its contracts.
    """

    def __init__(self):
        self.clear()

    def clear(self) -> None:
        self._interned = {}  # state -> the one object kept for it
        self._legal = {}  # id(state) -> frozenset of its legal contracts
        self._next = {}  # (variant, dealer, upcard, id(state), bid) -> state

    def _intern(self, state):
        kept = self._interned.setdefault(state, state)
        if id(kept) not in self._legal:
            self._legal[id(kept)] = frozenset(kept.legal)
        return kept

    def start(self, variant: Variant, dealer: int, upcard):
        key = (variant, dealer, upcard, None, None)
        if key not in self._next:
            self._next[key] = self._intern(replay(variant, dealer, [], upcard))
        return self._next[key]

    def after(self, variant: Variant, dealer: int, upcard, state, bids: tuple, bid):
        """The state after ``bids + (bid,)``, where ``state`` is the state after ``bids``."""
        key = (variant, dealer, upcard, id(state), bid)
        following = self._next.get(key)
        if following is None:
            following = self._next[key] = self._intern(replay(variant, dealer, list(bids) + [bid], upcard))
        return following

    def legal(self, state) -> frozenset:
        return self._legal[id(state)]


_AUCTIONS = _AuctionMemo()


@lru_cache(maxsize=4096)
def _contract(kind: str, denom: int, level: int = 0, alone: bool = False) -> Contract:
    return Contract(kind, denom, level, alone)


def _bid_euchre_wish(variant: Variant, rank: int, denom: int) -> Contract | None:
    """The contract a bid-euchre wish of (rank, denomination) names."""
    if rank == 0:
        return None
    if rank == HOG_RANK:
        return _contract(HOG, denom, variant.hand_size)
    if rank == EXCHANGE_RANK:
        return _contract(PIG if variant.name == "pigs-and-hogs" else ALONE, denom, variant.hand_size)
    return _contract(LEVEL, denom, rank)


def _run_auction(variant: Variant, dealer: int, upcard, wish_for, estimate_of) -> tuple[tuple, tuple | None]:
    """Ask each seat in turn what it bids; returns (bids, auction result).

    ``wish_for(seat, round_one)`` is the contract the seat wants (or None) and
    ``estimate_of(seat, contract)`` its estimate, for a dealer who may not pass.
    """
    bids = ()
    state = _AUCTIONS.start(variant, dealer, upcard)
    while state.seat_to_bid is not None:
        wish = wish_for(state.seat_to_bid, bool(state.legal) and state.legal[0].kind == ORDER_UP)
        if wish is not None and wish in _AUCTIONS.legal(state):
            bid = wish
        elif state.may_pass:
            bid = PASS
        else:
            bid = _forced_bid(state.seat_to_bid, state.legal, estimate_of)
        state = _AUCTIONS.after(variant, dealer, upcard, state, bids, bid)
        bids += (bid,)
    return bids, state.winner  # the high bid, or None when the cards are thrown in


def _forced_bid(seat: int, allowed: list, estimate_of) -> Contract:
    """A dealer who may not pass bids the allowed contract, not played alone, with the
    best estimate (ties to the earlier, lower contract)."""
    best, best_value = None, -1.0
    for contract in allowed:
        if contract.plays_alone:
            continue
        value = estimate_of(seat, contract)
        if value > best_value:
            best, best_value = contract, value
    return best


# --------------------------------------------------------------------------- one hand of many games


@dataclass
class _Hand:
    """What happened to one game's hand; seats 0-based, cards as face-space masks."""

    dealer: int
    dealt: np.ndarray
    hidden_kitty: int = 0  # the kitty's face-down cards as dealt
    upcard: int | None = None
    farmer: int | None = None
    farmer_shown: int = 0
    auction: tuple = ()
    thrown_in: str | None = None
    bidder: int | None = None
    contract: Contract | None = None
    discards: int = 0
    gifts: tuple = ()  # (partner seat, face given) of a Pig or Alone exchange
    playing: np.ndarray | None = None
    active: int = 0
    leader: int = 0
    tricks_taken: int = 0  # by the bidding team


def _decide_bids(variant: Variant, setup: GameSetup, dealt, upcards, dealers, scores):
    """Per game, ``wish_for`` and ``estimate_of`` closures over the batch's decisions."""
    thresholds = seat_thresholds(setup.teams, scores, variant.target, variant.players)
    if not variant.classic:
        est = bid_estimates(dealt)
        rank, denom = bid_euchre_wishes(est, thresholds, variant.name == "pigs-and-hogs")

        def wish_for(i):
            return lambda seat, _round_one: _bid_euchre_wish(variant, int(rank[i, seat]), int(denom[i, seat]))

        def estimate_of(i):
            return lambda seat, contract: est.level[i, seat, contract.denom, contract.level - 1]

        return wish_for, estimate_of
    est = classic_estimates(dealt, dealers, upcards)
    upcard_suit = upcards // 6
    wishes = classic_wishes(est, thresholds, upcard_suit, bool(dict(variant.options).get("no_trump")))

    def classic_wish_for(i):
        def wish(seat, round_one):
            if round_one:
                if not wishes["order"][i, seat]:
                    return None
                return _contract(ORDER_UP, int(upcard_suit[i]), alone=bool(wishes["order_alone"][i, seat]))
            call = int(wishes["call"][i, seat])
            return None if call < 0 else _contract(CALL, call, alone=bool(wishes["call_alone"][i, seat]))

        return wish

    def classic_estimate_of(i):
        return lambda seat, contract: est.call[i, seat, contract.denom, 0]

    return classic_wish_for, classic_estimate_of


def _bid_and_exchange(
    variant: Variant, setup: GameSetup, dealt, hidden, upcards, dealers, scores
) -> list[_Hand]:
    """Misdeal calls, auction and exchange for one hand of every game in the batch."""
    n = variant.players
    out = [_Hand(int(dealers[i]), dealt[i]) for i in range(dealt.shape[0])]
    if variant.classic:
        dealt = dealt.copy()
        for i, hand in enumerate(out):
            hand.upcard = int(upcards[i])
            calls = misdeal_calls(variant, dealt[i], int(hidden[i]), hand.upcard, hand.dealer)
            dealt[i] = calls.hands
            hand.hidden_kitty, hand.farmer, hand.farmer_shown = int(hidden[i]), calls.farmer, calls.shown
            if calls.misdeal:
                hand.thrown_in = f"misdeal: {calls.misdeal}; the deal moves left"
    wish_for, estimate_of = _decide_bids(variant, setup, dealt, upcards, dealers, scores)
    for i, hand in enumerate(out):
        if hand.thrown_in:
            continue
        hand.auction, result = _run_auction(variant, hand.dealer, hand.upcard, wish_for(i), estimate_of(i))
        if result is None:
            hand.thrown_in = "everyone passed: the cards are thrown in and the deal moves left"
            continue
        hand.bidder, hand.contract = result
        denom = hand.contract.denom
        table = dealt[i : i + 1]
        if hand.contract.exchange:
            hand.discards = void_first_discards(int(table[0, hand.bidder]), denom, 2)
            table = apply_exchange(table, denom, hand.bidder, hand.discards)
            hand.gifts = tuple(
                (partner, (int(dealt[i, partner]) & ~int(table[0, partner])).bit_length() - 1 >> 1)
                for partner in partners(n, hand.bidder)
            )
        elif hand.contract.kind == ORDER_UP:
            table = dealer_pickup(table, hand.dealer, hand.upcard, denom)
            six = int(dealt[i, hand.dealer]) | 1 << (2 * hand.upcard)
            hand.discards = six & ~int(table[0, hand.dealer])  # possibly the upcard itself
        hand.active = sitting_out_mask(variant, hand.contract, hand.bidder)
        # seats sitting out hold no cards in play (the solver insists; the heuristic never looks)
        hand.playing = np.array([h if hand.active >> s & 1 else 0 for s, h in enumerate(table[0])], np.uint64)
        # the bid-euchre bidder leads; in the classic games the seat left of the dealer
        hand.leader = (hand.dealer + 1) % n if variant.classic else hand.bidder
    return out


def _play_all(hands: list[_Hand], model: str) -> None:
    """Play every contracted hand, one ``play_deals`` call per table shape of play."""
    groups = {}
    for hand in hands:
        if hand.contract is not None:
            key = (hand.contract.denom, hand.bidder, hand.leader, hand.active)
            groups.setdefault(key, []).append(hand)
    for (denom, declarer, leader, active), group in groups.items():
        table = np.array([hand.playing for hand in group], np.uint64)
        tricks = play_deals(table, denom, declarer, leader, active, model=model)
        for hand, taken in zip(group, tricks):
            hand.tricks_taken = int(taken)


# --------------------------------------------------------------------------- games


def _score_hand(variant: Variant, scores: np.ndarray, hand: _Hand) -> tuple[tuple[int, int], int | None]:
    """Add a played hand's points to ``scores`` (teams A and B, changed in place).

    Returns (bidding team's and defenders' points, the winning team or None).
    """
    if hand.contract is None:
        return (0, 0), None
    team = hand.bidder & 1
    points = score(variant, hand.contract, hand.tricks_taken)
    scores[team] += points[0]
    scores[1 - team] += points[1]
    return points, game_winner(variant, (int(scores[0]), int(scores[1])), team)


def _play_range(setup: GameSetup, first: int, count: int, tracing: bool = False, progress=None) -> GameTotals:
    """Games ``first .. first + count - 1`` played together to the end; ``progress(k)`` is
    told each time ``k`` more games have ended."""
    variant = setup.variant
    n = variant.players
    kinds = {kind: index for index, kind in enumerate(contract_kinds(variant))}
    dealer = (first + np.arange(count)) % n
    scores = np.zeros((count, 2), np.int64)
    winner = np.full(count, -1, np.int8)
    hands_dealt = np.zeros(count, np.int64)
    thrown_in = np.zeros(count, np.int64)
    contracts = np.zeros((2, len(kinds), len(OUTCOMES)), np.int64)
    traces = []
    live = np.arange(count)
    hand_number = 0
    while live.size:
        low = int(live[0])
        dealt, hidden, upcards = deal_hands(
            variant, setup.seed, hand_number * GAME_STRIDE + first + low, int(live[-1]) - low + 1
        )
        rows = live - low
        hands = _bid_and_exchange(
            variant, setup, dealt[rows], hidden[rows], upcards[rows], dealer[live], scores[live]
        )
        _play_all(hands, setup.play)
        for game, hand in zip(live, hands):
            hands_dealt[game] += 1
            points, won = _score_hand(variant, scores[game], hand)
            if hand.contract is None:
                thrown_in[game] += 1
            else:
                counts = contracts[hand.bidder & 1, kinds[kind_of(hand.contract)]]
                counts[0] += 1
                counts[1 if made(variant, hand.contract, hand.tricks_taken) else 2] += 1
                if won is not None:
                    winner[game] = won
            if tracing:
                traces.append(_hand_trace(setup, hand_number, hand, points, scores[game].copy()))
        dealer[live] = (dealer[live] + 1) % n
        still_playing = live[winner[live] < 0]
        if progress is not None and still_playing.size < live.size:
            progress(live.size - still_playing.size)
        live = still_playing
        hand_number += 1
    return GameTotals(first, winner, hands_dealt, thrown_in, scores, contracts, traces)


@contextmanager
def _one_thread():
    """Run the kernels on one thread.  A game step makes small kernel calls (one per
    group of hands), and waking a second thread for each cost ten times the work on a
    busy machine; worker processes are the parallelism instead."""
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(threads)


def _play_chunk(setup: GameSetup, first: int, count: int, batch: int, progress=None) -> GameTotals:
    """Games ``first .. first + count - 1``, ``batch`` at a time."""
    with _one_thread():
        return GameTotals.join(
            [
                _play_range(setup, start, min(batch, first + count - start), progress=progress)
                for start in range(first, first + count, batch)
            ]
        )


def play_games(
    variant,
    team_a: Strategy,
    team_b: Strategy,
    games: int,
    seed: int = 0,
    play: str = "heuristic",
    workers: int = 1,
    batch: int = DEFAULT_BATCH,
    progress=None,
) -> GameTotals:
    """Play games ``0 .. games - 1``; the same seed gives the same games for any
    ``workers`` and ``batch``.  ``progress(k)``, if given, is told as games end."""
    setup = GameSetup(as_variant(variant), (team_a, team_b), int(seed), play)
    if not 1 <= games <= MAX_GAMES:
        raise RulesError(f"games {games}: allowed is a whole number from 1 to {MAX_GAMES}")
    if not 1 <= workers <= 256:
        raise RulesError(f"workers {workers}: allowed is a whole number from 1 to 256")
    if not batch >= 1:
        raise RulesError(f"batch {batch}: allowed is a whole number of at least 1")
    if workers == 1:
        return _play_chunk(setup, 0, games, batch, progress)
    # several chunks per worker so that a worker with short games picks up more
    chunks = min(games, 4 * workers)
    bounds = [games * c // chunks for c in range(chunks + 1)]
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        jobs = [
            pool.submit(_play_chunk, setup, lo, hi - lo, batch)
            for lo, hi in zip(bounds, bounds[1:])
            if hi > lo
        ]
        parts = []
        for job in as_completed(jobs):
            parts.append(job.result())
            if progress is not None:
                progress(parts[-1].winner.shape[0])
        return GameTotals.join(parts)


# --------------------------------------------------------------------------- tracing one game


@dataclass(frozen=True)
class HandTrace:
    """One hand of a traced game: its number, the hand as :class:`simulate.trace.Trace`
    (auction, exchange, play, score), and both teams' scores after it."""

    number: int
    trace: Trace
    scores: tuple[int, int]


def _hand_trace(setup: GameSetup, number: int, hand: _Hand, points, scores) -> HandTrace:
    variant = setup.variant
    fields_ = dict(
        variant=variant,
        seed=setup.seed,
        dealt_given=False,
        dealer=hand.dealer,
        dealt=tuple(int(h) for h in hand.dealt),
        upcard=hand.upcard,
        hidden_kitty=hand.hidden_kitty,
        farmer=hand.farmer,
        farmer_shown=hand.farmer_shown,
        auction=hand.auction,
        thrown_in=hand.thrown_in,
    )
    if hand.contract is not None:
        tricks = _heuristic_tricks(hand) if setup.play == "heuristic" else ()
        fields_.update(
            bidder=hand.bidder,
            contract=hand.contract,
            discards=hand.discards,
            gifts=hand.gifts,
            playing=tuple(int(h) for h in hand.playing),
            active=hand.active,
            tricks=tricks,
            tricks_taken=hand.tricks_taken,
            score=tuple(points),
        )
    return HandTrace(number, Trace(**fields_), (int(scores[0]), int(scores[1])))


def _heuristic_tricks(hand: _Hand) -> tuple[Trick, ...]:
    """The tricks of a heuristic play-out, card by card, from the play kernel's record."""
    n = hand.playing.shape[0]
    denom = hand.contract.denom
    local = np.array([to_contract(np.uint64(h), np.int64(denom)) for h in hand.playing], np.uint64)
    size = int(local[hand.bidder]).bit_count()
    record = np.empty((size, n + 1), np.int64)
    play_heuristic_deal(
        local,
        np.int64(n),
        np.int64(hand.active),
        np.int64(denom),
        np.int64(hand.bidder),
        np.int64(hand.leader),
        np.int64((1 << n) - 1),
        np.uint64(0),
        record,
    )
    tricks = []
    leader = int(first_active(np.int64(hand.leader), np.int64(n), np.int64(hand.active)))
    for row in record:
        seat, plays = leader, []
        for _ in range(bin(hand.active).count("1")):
            plays.append((seat, int(FACE_AT[denom, row[seat] >> 1])))
            seat = int(next_active(np.int64(seat), np.int64(n), np.int64(hand.active)))
        tricks.append(Trick(leader, tuple(plays), int(row[n])))
        leader = int(row[n])
    return tuple(tricks)


def trace_game(
    variant, team_a: Strategy, team_b: Strategy, game: int, seed: int = 0, play: str = "heuristic"
) -> GameTotals:
    """Game ``game`` of the run with this seed, alone, with every hand traced."""
    setup = GameSetup(as_variant(variant), (team_a, team_b), int(seed), play)
    if not 0 <= game < MAX_GAMES:
        raise RulesError(f"game index {game}: allowed is a whole number from 0 to {MAX_GAMES - 1}")
    with _one_thread():
        return _play_range(setup, game, 1, tracing=True)


__all__ = [
    "GAME_PLAY_MODELS",
    "GAME_STRIDE",
    "GameSetup",
    "GameTotals",
    "HandTrace",
    "contract_kinds",
    "deal_hands",
    "kind_of",
    "play_games",
    "trace_game",
]
