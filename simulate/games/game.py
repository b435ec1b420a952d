"""Whole games to the target score: two bidding strategies, many games at once.

This module owns the game flow; every rule in it comes from the modules that own the
rules: the deal (:func:`simulate.dealing.deal.deal_tables`), the misdeal calls and the auction
(:mod:`simulate.rules.auction`), the exchanges and who sits out (:mod:`simulate.rules.exchange`),
the play (:func:`simulate.play.playout.play_deals`), the score and the end of the game
(:func:`simulate.rules.score`, :func:`simulate.rules.game_winner`).

A game
------
* Team A is the odd seats 1, 3, 5 (library team 0), team B the even seats.
* Game ``g`` is first dealt by seat ``g mod N + 1``, so over any ``N`` consecutive games
  every seat deals first once and neither team gains from who starts; the deal then
  moves one seat left every hand, thrown-in hands included.
* Each hand: deal; classic ``euchre`` misdeal options (every eligible player calls
  them, the policy of :func:`simulate.rules.auction.misdeal_calls`); the auction, each seat
  bidding as its team's strategy says (:mod:`simulate.bidding.strategy`), by the table model's
  one implementation of bidding (:mod:`simulate.bidding.table_model`); cards thrown in when
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
sitting out) group.  The auction itself asks a :class:`simulate.rules.auction.AuctionState`
about every bid and takes the next state from it.  Hand ``h`` of game ``g`` is deal
``h * GAME_STRIDE + g`` of the seed's stream and the play models used here are
deterministic, so a game is the same whatever batch or worker plays it: results do
not depend on ``workers`` or ``batch``.  Worker processes each take a contiguous range
of games and run the kernels on one thread.
"""

from __future__ import annotations

import os
import time
from contextlib import closing
from dataclasses import dataclass, field

import numpy as np

from ...interrupt import raise_if_held
from ..bidding.strategy import Strategy
from ..bidding.table_model import auction_check, decide_bids, run_auction
from ..choices import PIMC_WORLDS
from ..dealing.deal import check_seed, deal_tables
from ..dealing.knowledge import table_knowledge
from ..kernels.contract import to_contract
from ..kernels.play import play_heuristic_deal
from ..play.models import GAMES, play_model
from ..play.playout import check_worlds, contract_goal, new_worlds_tally, play_deals
from ..play.trace import Trace, tricks_from_record
from ..rules.auction import misdeal_calls
from ..rules.contracts import Contract
from ..rules.exchange import apply_exchange, dealer_pickup, partners, sitting_out_mask, void_first_discards
from ..rules.scoring import game_winner, made, score
from ..rules.variants import CALL, LEVEL, ORDER_UP, RulesError, Variant, as_variant
from ..runtime.chunks import ChunkRunner
from ..runtime.cluster import check_backend, on_one_thread

GAME_STRIDE = 1 << 32
MAX_GAMES = GAME_STRIDE
DEFAULT_BATCH = 1024
OUTCOMES = ("bid", "made", "set")


def contract_kinds(variant: Variant) -> tuple[str, ...]:
    """The kinds of contract a variant's games report on."""
    if variant.classic:
        return ("order up", "order up alone", "call", "call alone")
    return variant.spec.contract_kinds


def kind_of(contract: Contract) -> str:
    if contract.kind in (ORDER_UP, CALL):
        return contract.kind + (" alone" if contract.alone else "")
    return contract.kind


def position_labels(variant: Variant) -> tuple[str, ...]:
    """The bids counted by auction position: the classic kinds, or each level by number
    and then the special contracts."""
    if variant.classic:
        return contract_kinds(variant)
    levels = tuple(f"{LEVEL} {level}" for level in range(1, variant.hand_size + 1))
    return levels + variant.spec.special_kinds


def position_label(contract: Contract) -> str:
    """``contract``'s entry in :func:`position_labels`."""
    return f"{LEVEL} {contract.level}" if contract.kind == LEVEL else kind_of(contract)


@dataclass(frozen=True)
class GameSetup:
    """Everything that decides a run of games except which games."""

    variant: Variant
    teams: tuple[Strategy, Strategy]  # team A (seats 1, 3, 5), team B
    seed: int
    play: str = "heuristic"
    start_scores: tuple[int, int] = (0, 0)  # teams A and B when each game starts
    worlds: int = PIMC_WORLDS  # worlds per decision under the pimc play model

    def __post_init__(self):
        play_model(self.play, GAMES)
        check_seed(self.seed)
        check_worlds(self.worlds)


@dataclass(frozen=True)
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
    # Ctrl-C cut the run short: these are the games of the batches that had finished
    interrupted: bool = False
    # positions[p, label, (bid, made)]: contracts won in the auction by the seat at position
    # p (0 first to speak, N - 1 the dealer), labels from position_labels; both teams
    positions: np.ndarray | None = None
    # how the PIMC seats' worlds were dealt (play.playout.new_worlds_tally); zero unless pimc
    worlds_tally: np.ndarray = field(default_factory=new_worlds_tally)

    @property
    def games(self) -> int:
        return int(self.winner.shape[0])

    @staticmethod
    def join(parts: list[GameTotals], interrupted: bool = False) -> GameTotals:
        parts = sorted(parts, key=lambda p: p.first)
        return GameTotals(
            parts[0].first,
            np.concatenate([p.winner for p in parts]),
            np.concatenate([p.hands for p in parts]),
            np.concatenate([p.thrown_in for p in parts]),
            np.concatenate([p.scores for p in parts]),
            sum(p.contracts for p in parts),
            [t for p in parts for t in p.traces],
            interrupted,
            None if any(p.positions is None for p in parts) else sum(p.positions for p in parts),
            sum(p.worlds_tally for p in parts),
        )


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
    scores: tuple[int, int] = (0, 0)  # teams A and B as the hand was bid


def _bid_and_exchange(
    variant: Variant, setup: GameSetup, dealt, hidden, upcards, dealers, scores
) -> list[_Hand]:
    """Misdeal calls, auction and exchange for one hand of every game in the batch."""
    n = variant.players
    out = [
        _Hand(int(dealers[i]), dealt[i], scores=(int(scores[i][0]), int(scores[i][1])))
        for i in range(dealt.shape[0])
    ]
    if variant.classic:
        dealt = dealt.copy()
        for i, hand in enumerate(out):
            hand.upcard = int(upcards[i])
            calls = misdeal_calls(variant, dealt[i], int(hidden[i]), hand.upcard, hand.dealer)
            dealt[i] = calls.hands
            hand.hidden_kitty, hand.farmer, hand.farmer_shown = int(hidden[i]), calls.farmer, calls.shown
            if calls.misdeal:
                hand.thrown_in = f"misdeal: {calls.misdeal}; the deal moves left"
    wish_for, estimate_of = decide_bids(variant, setup.teams, dealt, upcards, dealers, scores)
    for i, hand in enumerate(out):
        if hand.thrown_in:
            continue
        hand.auction, result = run_auction(variant, hand.dealer, hand.upcard, wish_for(i), estimate_of(i))
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
        hand.leader = variant.leader(hand.dealer, hand.bidder)
    return out


def _play_all(hands: list[_Hand], setup: GameSetup, indexes, worlds_tally: np.ndarray | None = None) -> None:
    """Play every contracted hand, one ``play_deals`` call per table shape of play.

    Under pimc each hand is one call: its worlds come from the stream of its deal index
    ``indexes[i]`` (so a game is the same in any batch), its seats know what the table
    showed before play (:func:`_knowledge`), and ``worlds_tally``, if given, adds up
    how their worlds were dealt.
    """
    model = setup.play
    if play_model(model).samples_worlds:
        for hand, index in zip(hands, indexes):
            if hand.contract is None:
                continue
            tricks = play_deals(
                hand.playing[None, :],
                hand.contract.denom,
                hand.bidder,
                hand.leader,
                hand.active,
                model=model,
                seed=setup.seed,
                first_index=int(index),
                worlds=setup.worlds,
                knowledge=_knowledge(hand, setup),
                worlds_tally=worlds_tally,
            )
            hand.tricks_taken = int(tricks[0])
        return
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


def _knowledge(hand: _Hand, setup: GameSetup):
    """What each seat knows before play (simulate/dealing/knowledge.py): the upcard picked up
    (unless the dealer threw it straight back) or turned down, the discards, and the
    auction, every bid made by the teams' strategies (table.auction_check).  The bids of
    seats that sit out are not checked: a world does not show the hands they were dealt.
    The classic dealer who picked up and kept the upcard, and the Pig / Alone bidder, are
    checked on the hands they may have been dealt (kernels.world_auction: the dealer's
    discard one of the cards out of play; the bidder's gifts two of its cards and its
    discards two of the cards out of play); a dealer that threw the upcard straight back
    is not.  Every seat plays for the contract's points (its goal)."""
    n = hand.playing.shape[0]
    shown, seen_out, kept = [], 0, False
    if hand.upcard is not None:
        upcard = 1 << (2 * hand.upcard)
        kept = hand.contract.kind == ORDER_UP and bool(int(hand.playing[hand.dealer]) & upcard)
        if kept:
            shown.append((hand.dealer, upcard))
        elif hand.contract.kind != ORDER_UP:
            seen_out = upcard
    discarder = hand.dealer if hand.contract.kind == ORDER_UP else hand.bidder
    private = [(discarder, hand.discards)] if hand.discards else []
    exchanged = {discarder} if hand.contract.kind == ORDER_UP and not kept else set()
    sitting_out = {seat for seat in range(n) if not hand.active >> seat & 1}
    auction = auction_check(
        setup.teams,
        setup.variant,
        hand.dealer,
        hand.auction,
        hand.upcard,
        hand.scores,
        exchanged | sitting_out,
        picked_up=kept,
        exchanger=hand.bidder if hand.contract.exchange else -1,
    )
    goal = contract_goal(setup.variant, hand.contract)
    return table_knowledge(1, n, shown, seen_out, private, auction, goal=goal)


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
    scores = np.tile(np.array(setup.start_scores, np.int64), (count, 1))
    winner = np.full(count, -1, np.int8)
    hands_dealt = np.zeros(count, np.int64)
    thrown_in = np.zeros(count, np.int64)
    contracts = np.zeros((2, len(kinds), len(OUTCOMES)), np.int64)
    labels = {label: index for index, label in enumerate(position_labels(variant))}
    positions = np.zeros((n, len(labels), 2), np.int64)
    traces = []
    worlds_tally = new_worlds_tally()
    live = np.arange(count)
    hand_number = 0
    while live.size:
        low = int(live[0])
        dealt, hidden, upcards = deal_tables(
            variant, setup.seed, hand_number * GAME_STRIDE + first + low, int(live[-1]) - low + 1
        )
        rows = live - low
        hands = _bid_and_exchange(
            variant, setup, dealt[rows], hidden[rows], upcards[rows], dealer[live], scores[live]
        )
        _play_all(hands, setup, hand_number * GAME_STRIDE + first + live, worlds_tally)
        for game, hand in zip(live, hands):
            hands_dealt[game] += 1
            points, won = _score_hand(variant, scores[game], hand)
            if hand.contract is None:
                thrown_in[game] += 1
            else:
                counts = contracts[hand.bidder & 1, kinds[kind_of(hand.contract)]]
                made_it = made(variant, hand.contract, hand.tricks_taken)
                counts[0] += 1
                counts[1 if made_it else 2] += 1
                by_position = positions[
                    (hand.bidder - hand.dealer - 1) % n, labels[position_label(hand.contract)]
                ]
                by_position += (1, int(made_it))
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
    return GameTotals(
        first,
        winner,
        hands_dealt,
        thrown_in,
        scores,
        contracts,
        traces,
        positions=positions,
        worlds_tally=worlds_tally,
    )


def _play_chunk(setup: GameSetup, first: int, count: int, batch: int, progress=None, finished=None):
    """Games ``first .. first + count - 1``, ``batch`` at a time, the kernels on one
    thread: a game step makes small kernel calls (one per group of hands), and waking a
    second thread for each costs more than the work on a busy machine; worker processes
    are the parallelism instead.  ``finished``, if given, receives each batch's totals
    as it ends (what a Ctrl-C keeps)."""
    return on_one_thread(_play_batches, setup, first, count, batch, progress, finished)


def _play_batches(setup: GameSetup, first: int, count: int, batch: int, progress, finished) -> GameTotals:
    parts = []
    for start in range(first, first + count, batch):
        parts.append(_play_range(setup, start, min(batch, first + count - start), progress=progress))
        if finished is not None:
            finished.append(parts[-1])
        raise_if_held()  # a Ctrl-C that came inside one of the batch's kernels
    return GameTotals.join(parts)


def game_batch(play: str, batch: int = DEFAULT_BATCH) -> int:
    """Games played together: ``batch``, at most the play model's ``game_batch``, so that
    a batch ends every few seconds (a Ctrl-C keeps the finished batches; the games are
    the same for any batch)."""
    return min(batch, play_model(play).game_batch)


def _ended_counter(progress, total: int):
    """``ended(k)`` for the game loops: tells ``progress(done, total)`` the running count."""
    if progress is None:
        return None
    done = [0]

    def ended(count: int) -> None:
        done[0] += count
        progress(done[0], total)

    return ended


# A spawned worker imports numba and loads the cached kernels before it plays a game:
# the recorded "games, 2 workers start-up" row of benchmarks/results/games.json (two
# workers start side by side; tests/test_speed_claims.py keeps this figure to it).
# Workers are started only when the games left would take longer than twice that here.
WORKER_START_SECONDS = 1.0


def game_runner(
    workers: int, report=None, backend: str = "local", scheduler: str | None = None
) -> ChunkRunner:
    """The workers that play games (:class:`simulate.runtime.chunks.ChunkRunner`): shared by
    every :func:`play_games` call given it (``tune`` plays all its values with one), the
    pool started only when a run's games repay it.

    ``backend="dask"``: the workers are a Dask cluster's, the one at ``scheduler`` or a
    LocalCluster of ``workers`` processes, and every game is played there.
    ``report(line)``, if given, hears once why fewer workers than asked were used."""
    if not 1 <= workers <= 256:
        raise RulesError(f"workers {workers}: allowed is a whole number from 1 to 256")
    check_backend(backend, scheduler)
    if scheduler:  # the cluster's machines, not this one, decide how many play at once
        return ChunkRunner(workers, backend, scheduler, report)
    cores = os.cpu_count() or 1
    runner = ChunkRunner(min(workers, cores), backend, scheduler, report)
    if workers > cores:
        runner.tell(
            f"workers {workers}: this machine has {cores} cores, so {cores} worker"
            f"{'s' if cores > 1 else ''} at most can play at once; using {runner.workers}"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    if runner.workers > 1 and load >= cores:
        runner.tell(
            f"workers: the machine is busy (load {load:.1f} on {cores} cores), so more workers "
            "may not finish sooner than one"
        )
    return runner


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
    start_scores: tuple[int, int] = (0, 0),
    runner: ChunkRunner | None = None,
    report=None,
    worlds: int = PIMC_WORLDS,
    backend: str = "local",
    scheduler: str | None = None,
) -> GameTotals:
    """Play games ``0 .. games - 1``; the same seed gives the same games for any
    ``workers``, ``batch`` and backend (``"dask"``: every game on a Dask cluster, see
    :func:`game_runner`).  ``progress(done, total)``, if given, is told as games end.
    ``start_scores`` are the teams' scores when every game starts (A, B); they must lie
    below the target.

    With ``workers`` above 1 (or a shared ``runner``) the first batch is played here; the
    rest goes to worker processes only when it would take longer here than starting them
    (``WORKER_START_SECONDS``), and never to more workers than cores; ``report(line)``
    hears why when fewer workers than asked were used."""
    chosen = as_variant(variant)
    start_scores = (int(start_scores[0]), int(start_scores[1]))
    if max(start_scores) >= chosen.target:
        raise RulesError(
            f"start scores {start_scores[0]}-{start_scores[1]}: "
            f"both must lie below the target {chosen.target}"
        )
    setup = GameSetup(chosen, (team_a, team_b), int(seed), play, start_scores, worlds)
    if not 1 <= games <= MAX_GAMES:
        raise RulesError(f"games {games}: allowed is a whole number from 1 to {MAX_GAMES}")
    if not 1 <= workers <= 256:
        raise RulesError(f"workers {workers}: allowed is a whole number from 1 to 256")
    if not batch >= 1:
        raise RulesError(f"batch {batch}: allowed is a whole number of at least 1")
    ended = _ended_counter(progress, games)
    batch = game_batch(play, batch)
    finished: list[GameTotals] = []
    try:
        if runner is None:
            check_backend(backend, scheduler)
            if workers == 1 and backend == "local":
                return _play_chunk(setup, 0, games, batch, ended, finished)
            with game_runner(workers, report, backend, scheduler) as own:
                return _play_shared(setup, games, batch, ended, own, finished)
        return _play_shared(setup, games, batch, ended, runner, finished)
    except KeyboardInterrupt:
        if not finished:
            raise
        return GameTotals.join(finished, interrupted=True)  # Ctrl-C: the games finished so far


def _play_ranges(setup: GameSetup, bounds: list[int], batch: int, ended, runner: ChunkRunner, finished):
    """The games of each range ``bounds[c] .. bounds[c + 1] - 1`` on the runner's workers;
    ``ended`` hears of each range's games as it ends, ``finished`` receives its totals."""
    ranges = [(lo, hi) for lo, hi in zip(bounds, bounds[1:]) if hi > lo]
    results = runner.run(
        ranges,
        lambda games: (_play_chunk, (setup, games[0], games[1] - games[0], batch)),
        ordered=False,
        progress=None if ended is None else lambda _, part: ended(part.winner.shape[0]),
    )
    parts = []
    with closing(results):
        for _, part in results:
            parts.append(part)
            finished.append(part)
    return parts


def _play_shared(setup: GameSetup, games: int, batch: int, ended, runner: ChunkRunner, finished):
    """The first batch here, timed; the rest here or on the runner's workers, whichever
    is sooner by that timing (the games are the same either way).  On a Dask cluster:
    every game there, in ranges of consecutive games, at least four per worker thread
    (one with short games picks up more) and none longer than a batch, so that progress
    and its ETA move in steps."""
    if runner.backend == "dask":
        chunks = min(games, max(4 * runner.slots(), -(-games // batch)))
        bounds = [games * c // chunks for c in range(chunks + 1)]
        return GameTotals.join(_play_ranges(setup, bounds, batch, ended, runner, finished))
    head = min(games, batch)
    started = time.perf_counter()
    parts = [_play_chunk(setup, 0, head, batch, ended, finished)]
    rest = games - head
    if rest == 0 or runner.workers == 1:
        if rest:
            parts.append(_play_chunk(setup, head, rest, batch, ended, finished))
        return GameTotals.join(parts)
    here = (time.perf_counter() - started) * rest / head
    if not runner.started and here < 2 * WORKER_START_SECONDS:
        runner.tell(
            f"workers: the games left take about {here:.1f} s here, too few to repay starting "
            f"worker processes (about {WORKER_START_SECONDS:.0f} s each): played in this process"
        )
        parts.append(_play_chunk(setup, head, rest, batch, ended, finished))
        return GameTotals.join(parts)
    # several chunks per worker so that a worker with short games picks up more
    chunks = min(rest, 4 * runner.workers)
    bounds = [head + rest * c // chunks for c in range(chunks + 1)]
    return GameTotals.join(parts + _play_ranges(setup, bounds, batch, ended, runner, finished))


# --------------------------------------------------------------------------- single hands

SAMPLE_FIRST_INDEX = 1 << 61  # deal indexes of sampled hands, far from any game's


@dataclass(frozen=True)
class HandSample:
    """Independent hands, each the first hand of a game at 0-0 with the dealer of ``dealer``.

    ``points[i]`` are the (team A, team B) points of hand ``i``, ``bidder_team[i]`` the
    bidding team (-1 when the cards were thrown in), ``dealer[i]`` the dealer seat.
    """

    points: np.ndarray
    bidder_team: np.ndarray
    dealer: np.ndarray
    interrupted: bool = False  # Ctrl-C: the hands of the steps that had finished

    @property
    def hands(self) -> int:
        return int(self.points.shape[0])


def sample_hands(
    variant,
    team_a: Strategy,
    team_b: Strategy,
    count: int,
    seed: int = 0,
    play: str = "heuristic",
    progress=None,
) -> HandSample:
    """Deal, bid, exchange, play and score ``count`` independent hands at 0-0, hand ``i``
    dealt by seat ``i mod N`` from deal ``SAMPLE_FIRST_INDEX + i`` of the seed.

    What a hand does to the score when the strategies ignore the score: the input of a
    match-equity table (:mod:`.equity`).  Hands are dealt in steps of a few seconds; a
    Ctrl-C after the first step returns the hands of the finished steps, ``interrupted``
    set (the hands are the same in any step: each is a function of its index).
    """
    setup = GameSetup(as_variant(variant), (team_a, team_b), int(seed), play)
    n = setup.variant.players
    points = np.zeros((count, 2), np.int64)
    bidder_team = np.full(count, -1, np.int64)
    dealer = np.arange(count) % n
    step = min(4096, 4 * play_model(play).game_batch)
    low = 0
    try:
        for low in range(0, count, step):
            _sample_step(setup, low, min(step, count - low), points, bidder_team, dealer)
            raise_if_held()
            if progress is not None:
                progress(low + min(step, count - low), count)
    except KeyboardInterrupt:
        if low == 0:
            raise
        return HandSample(points[:low], bidder_team[:low], dealer[:low], interrupted=True)
    return HandSample(points, bidder_team, dealer)


def _sample_step(setup: GameSetup, low: int, size: int, points, bidder_team, dealer) -> None:
    """Hands ``low .. low + size - 1`` of :func:`sample_hands`, into its arrays."""
    dealt, hidden, upcards = deal_tables(setup.variant, setup.seed, SAMPLE_FIRST_INDEX + low, size)
    hands = _bid_and_exchange(
        setup.variant,
        setup,
        dealt,
        hidden,
        upcards,
        dealer[low : low + size],
        np.zeros((size, 2), np.int64),
    )
    _play_all(hands, setup, SAMPLE_FIRST_INDEX + low + np.arange(size))
    for i, hand in enumerate(hands):
        scores = np.zeros(2, np.int64)
        _score_hand(setup.variant, scores, hand)
        points[low + i] = scores
        if hand.contract is not None:
            bidder_team[low + i] = hand.bidder & 1


# --------------------------------------------------------------------------- tracing one game


@dataclass(frozen=True)
class HandTrace:
    """One hand of a traced game: its number, the hand as :class:`simulate.play.trace.Trace`
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
        tricks = _heuristic_tricks(hand) if play_model(setup.play).traces_tricks else ()
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


def _heuristic_tricks(hand: _Hand) -> tuple:
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
    return tricks_from_record(record, denom, hand.leader, hand.active)


def trace_game(
    variant, team_a: Strategy, team_b: Strategy, game: int, seed: int = 0, play: str = "heuristic"
) -> GameTotals:
    """Game ``game`` of the run with this seed, alone, with every hand traced."""
    setup = GameSetup(as_variant(variant), (team_a, team_b), int(seed), play)
    if not 0 <= game < MAX_GAMES:
        raise RulesError(f"game index {game}: allowed is a whole number from 0 to {MAX_GAMES - 1}")
    return on_one_thread(_play_range, setup, game, 1, True)


__all__ = [
    "GAME_STRIDE",
    "GameSetup",
    "GameTotals",
    "HandTrace",
    "contract_kinds",
    "game_runner",
    "kind_of",
    "play_games",
    "position_label",
    "position_labels",
    "trace_game",
]
