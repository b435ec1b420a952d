"""Batch studies: every seat of N random deals as a row of features and play results.

A study answers questions about a whole population of hands ("how strong must a hand
be to bid Hog?", "what is ordering up worth from each seat with k trumps?").  It deals
``hands`` random deals from a seed, turns every seat of every deal into one row, and
streams the rows to a Parquet dataset in chunks.  ``reports.study_summary`` and
``reports.study_charts`` read that dataset back.

Identity and reproducibility
----------------------------
Chunk ``k`` holds deals ``k * C .. k * C + C - 1`` of the seed (``C`` = chunk size; the
last chunk may be short).  Deal ``i`` is table ``i`` of the seed as
:func:`simulate.dealing.deal.deal_tables` deals it (the playout and the games deal the same
tables) and every play model draws from its own stream for deal ``i``, so a chunk's
rows are a pure function of the study parameters and ``k``: the same for any worker count, backend
or machine.  The parameters (:class:`StudyParams`: variant with options, hands, seed,
play model, chunk size, schema version) are stored in ``DIR/study.json``; ``--resume``
refuses to continue with different ones.

Files in the study directory
----------------------------
``study.json``
    the parameters, written once when the study starts.
``schema.md``
    every column of the rows with its type and meaning (:func:`schema_markdown`).
``rows/part-NNNNNN.parquet``
    the rows of chunk ``NNNNNN``.  Each file is written to a temporary name and moved
    into place with ``os.replace``, so a file that exists is complete: an interrupted
    study loses only the chunks in flight and ``--resume`` computes exactly those.
    :mod:`.store` owns the folder: chunks carry the study's identity in their
    footer, ``--resume`` verifies every chunk it keeps, and a lock keeps a second
    study out of a folder in use.

Bid-euchre rows (``pigs-and-hogs``, ``six-handed``)
-----------------------------------------------------
One row per seat of a deal; that seat is the bidder of every contract and leads the
first trick.  Features of the hand for each denomination come from
:mod:`simulate.bidding.features` (``trumps_h``, ``right_h``, ``left_h``, ``run_h``,
``trump_aces_h``, ``aces_h``, ``voids_h``, ``points_h``, ``runs_high``, ... with
suffixes ``c d h s high low``).  Results, each the tricks taken by the bidder's side
under the study's play model:

* ``tricks_<d>``: all six seats play, the bidder leads; one play per denomination serves
  every level ``1 .. 8`` (a level-``n`` bid makes when ``tricks >= n``).  Not in a study
  of the sweep contracts only (``contracts="lone"``).
* ``hog_<d>`` (``pigs-and-hogs``): the bidder alone with the original eight against
  three defenders, partners sitting out.
* ``pig_<d>`` (``pigs-and-hogs``) or ``alone_<d>`` (``six-handed``): the bidder discards
  two cards (``pig_discard_<d>`` / ``alone_discard_<d>``, chosen from the hand alone by
  the rules' void-first policy, :func:`lone_discards`), each partner gives a card by the
  rules' default gift policy (``highest``), then the bidder plays alone.

Strong-hand studies (``trumps``, ``study --trumps N``)
-----------------------------------------------------
Random deals hold too few hands worth Hog to say where it pays.  A strong-hand study
deals seat 1 at least ``N`` Hearts (the left bower counted as a Heart) on purpose,
uniformly among such hands, the other seats uniform given it (:mod:`..dealing.strong_hands`).
One row a deal: seat 1's hand with its features, seat 1 the bidder of every contract
with Hearts trump; no other seat, suit or no trump is played (their outcomes would be
biased by the condition).  Columns as above, with ``_h`` results only.

Classic rows (``euchre``, ``piq``)
----------------------------------
One row per seat of a deal with an upcard; the dealer is the last seat (seat 4) and the
player at its left (seat 1) leads.  ``position`` is the seat's place from the dealer's
left: 1 leads (left of dealer), 2 is the dealer's partner, 3 is right of the dealer, 4
is the dealer (the summaries name them so).  ``trumps`` counts the seat's cards of the
upcard's suit, left bower included, plus the upcard itself for the dealer.  For each contract the
seat could make, the tricks its side takes and ``ev_*`` = net points (its team's points
minus the other team's, from the scoring table):

* ``order``: the seat orders up (the dealer picks up the upcard and discards by the
  rules' stated policy) and plays with its partner; ``order_alone``: its partner sits
  out (the dealer's partner going alone still has the dealer pick up first).
* ``call_<d>`` / ``call_alone_<d>``: round 2, the upcard turned down (out of play), the
  seat names denomination ``d``; null for the upcard's own suit.
* ``best_call``: the round-2 call the seat would choose from its hand alone (most
  trumps, then most points, then suit order), with ``tricks_call``, ``ev_call``,
  ``tricks_call_alone`` and ``ev_call_alone``.

See :func:`schema_markdown` for the exact column list.

What a row costs, and the choices that follow
---------------------------------------------
Measured on the project's 2-core machine (``benchmarks/bench_study.py``):

* Six-seat studies of every contract default to ``heuristic`` play: thousands of rows/s
  per core for ``pigs-and-hogs``, so 100,000 deals (600,000 rows) take minutes.  Exact
  double-dummy play of the six-seat level contracts (every seat plays, one solve per
  denomination and bidder) runs at 4-20 rows/s: days for 100,000 deals.
* ``contracts="lone"`` studies only the sweep contracts (Pig, Hog, Alone), partners
  sitting out, and defaults to ``dd``: the solver's target question "does the bidder
  take every trick?" first (the analyser's question for them), exact counts of the failed
  sweeps only, all of a chunk in two solver calls.
* Pig and Alone discards follow the void-first policy instead of the analyser's search
  over all 28 pairs: the search needs its own Monte Carlo deals per hand (28 options x
  the search deals, per row and denomination): a tenth of a second or so for one Pig
  contract of one hand, so most of a second a row (six denominations) and days for a
  100,000-deal study.  Study P(make)
  for Pig and Alone is therefore a floor for a bidder who searches its discards.
* Classic studies default to ``dd``: with everyone playing, one solve per denomination
  gives both sides' tricks, so all four makers share it; lone contracts are solved per
  maker.  The dealer's pick-up discard follows the rules' policy.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, replace

import numpy as np
import pandas as pd

from ..bidding.features import DENOM_CODES, face_counts, hand_features
from ..choices import PIMC_WORLDS
from ..dealing.deal import check_seed, deal_tables
from ..dealing.knowledge import table_knowledge
from ..dealing.strong_hands import BIDDER, TRUMP_SUIT, check_trumps, deal_strong
from ..dealing.strong_hands import describe as describe_condition
from ..kernels.exchange import void_first_discards_many
from ..play.models import STUDY, play_model
from ..play.playout import check_worlds, contract_goal, play_deals
from ..rules.cards import format_card
from ..rules.contracts import Contract
from ..rules.exchange import apply_exchange, dealer_pickup, sitting_out_mask
from ..rules.scoring import net_points
from ..rules.variants import CALL, HOG, ORDER_UP, RulesError, as_variant
from ..runtime.chunks import ChunkRunner
from ..runtime.cluster import check_backend
from ..runtime.workers import worker_count
from .store import (
    ALL_CONTRACTS,
    LONE_CONTRACTS,
    STUDY_CONTRACTS,
    StudyError,
    StudyParams,
    chunk_parquet,
    prepare_directory,
    refuse_non_empty,
    rows_per_deal,
    study_lock,
    write_chunk,
)


@dataclass(frozen=True)
class StudyRun:
    """What :func:`run_study` did: the study's parameters, its directory, the chunks
    found finished (a resume) and computed now, and the rows the study holds."""

    params: StudyParams
    out: str  # the directory as given
    resumed_chunks: int
    computed_chunks: int
    rows: int

    def to_dict(self) -> dict:
        return {**asdict(self), "params": self.params.to_dict()}

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


# --------------------------------------------------------------------------- running chunks


def computed_chunk(params: StudyParams, chunk: int) -> tuple[int, int, bytes]:
    """``(chunk, rows, Parquet bytes)``: what a worker sends back for the writer."""
    frame = study_chunk(params, chunk)
    return chunk, len(frame), chunk_parquet(frame, params, chunk)


# --------------------------------------------------------------------------- the study


def default_play(variant, contracts: str = ALL_CONTRACTS) -> str:
    """dd where exact play is practical: the four-seat games, and six-seat studies of the
    sweep contracts only; heuristic for six-seat studies of every contract, where exact
    play of the level contracts (all six seats) costs seconds a deal."""
    if as_variant(variant).classic or contracts == LONE_CONTRACTS:
        return "dd"
    return "heuristic"


# One Parquet file per chunk, and the chunks to do are listed: a million chunks (two
# billion four-seat deals at the default size) is far past any study that could finish.
MAX_CHUNKS = 1_000_000
MAX_CHUNK_SIZE = 1_000_000  # deals of one chunk, computed and held in memory at once


def default_chunk_size(
    variant, play: str = "heuristic", contracts: str = ALL_CONTRACTS, conditioned: bool = False
) -> int:
    """Deals per chunk: small enough that a kill loses little (and the progress bar moves
    every few seconds), big enough to keep kernels busy.  Six-seat searched play costs
    far more per deal than heuristic play, the level contracts most of all.  A
    strong-hand study plays one seat and one suit of a deal (a 36th of a random deal's
    layouts), weaker hands slower.  Current rates: ``benchmarks/RESULTS.md``."""
    if as_variant(variant).classic:
        return 2000
    searches = play_model(play).searches
    if conditioned:
        return 100 if searches and contracts != LONE_CONTRACTS else 2000
    if not searches:
        return 500
    return 100 if contracts == LONE_CONTRACTS else 10


def make_params(
    variant,
    hands: int,
    seed: int,
    play: str | None = None,
    chunk_size: int | None = None,
    worlds: int | None = None,
    contracts: str = ALL_CONTRACTS,
    trumps: int | None = None,
) -> StudyParams:
    """Validated study parameters, defaults filled in (``worlds``: under pimc only;
    ``contracts``: every contract, or ``"lone"`` for the six-seat sweep contracts only;
    ``trumps``: a strong-hand study, seat 1 dealt that many Hearts or more, :mod:`..dealing.strong_hands`)."""
    variant = as_variant(variant)
    if trumps is not None:
        try:
            check_trumps(variant, trumps)
        except RulesError as error:
            raise StudyError(str(error)) from None
    if contracts not in STUDY_CONTRACTS:
        raise StudyError(f"--contracts {contracts!r}: a study plays {' or '.join(STUDY_CONTRACTS)}")
    if contracts == LONE_CONTRACTS and variant.classic:
        raise StudyError(
            f"--contracts lone: {variant.name} has no sweep contracts to study apart "
            "(the sweep-only study is for pigs-and-hogs and six-handed)"
        )
    play = default_play(variant, contracts) if play is None else play
    try:
        model = play_model(play, STUDY)
    except RulesError as error:
        raise StudyError(str(error)) from None
    if chunk_size is None:
        chunk_size = default_chunk_size(variant, play, contracts, trumps is not None)
    worlds = (PIMC_WORLDS if worlds is None else check_worlds(worlds)) if model.samples_worlds else None
    if not hands >= 1:
        raise StudyError(f"--hands {hands}: a study needs at least 1 deal")
    if not 1 <= chunk_size <= MAX_CHUNK_SIZE:
        raise StudyError(f"--chunk-size {chunk_size}: a chunk holds 1 to {MAX_CHUNK_SIZE:,} deals")
    chunks = -(-hands // chunk_size)
    if chunks > MAX_CHUNKS:
        raise StudyError(
            f"--hands {hands} in chunks of {chunk_size} is {chunks:,} chunks: a study has at most "
            f"{MAX_CHUNKS:,} (one file each); give fewer hands or a larger --chunk-size"
        )
    return StudyParams(
        str(variant),
        int(hands),
        check_seed(seed),
        play,
        int(chunk_size),
        worlds=worlds,
        contracts=contracts,
        trumps=trumps,
    )


def run_study(
    variant,
    hands: int,
    seed: int,
    out,
    play: str | None = None,
    workers: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    resume: bool = False,
    chunk_size: int | None = None,
    progress=None,
    report=None,
    worlds: int | None = None,
    contracts: str = ALL_CONTRACTS,
    trumps: int | None = None,
) -> StudyRun:
    """Run (or resume) a study into directory ``out``; return what was done (:class:`StudyRun`).

    ``workers`` processes compute chunks (``backend="local"``: a process pool, or this
    process when 1; ``"dask"``: a LocalCluster of that many processes, or the cluster at
    ``scheduler``).  Finished chunks are written as they arrive, in any order; the rows
    do not depend on ``workers`` or ``backend``.  ``progress(done, total)``, if given,
    hears of the rows written (chunks finished before a resume count as done);
    ``report(line)`` is told of damaged chunks that a resume computes again.  The
    folder is locked for the run (:func:`~.store.study_lock`).  ``trumps`` makes it a
    strong-hand study (:mod:`..dealing.strong_hands`): one row a deal, seat 1 dealt ``trumps``+
    Hearts and the bidder, Hearts trump only.
    """
    params = make_params(variant, hands, seed, play, chunk_size, worlds, contracts, trumps)
    check_backend(backend, scheduler)
    if workers < 1:
        raise StudyError(f"--workers {workers}: at least 1")
    if progress is not None and not callable(progress):
        raise StudyError(f"progress {progress!r}: give a function progress(done, total), or None")
    if not resume:
        refuse_non_empty(out)  # before the lock, so a refused folder is left as it was
    with study_lock(out):
        done = prepare_directory(out, params, resume, schema_markdown(params), report)
        todo = [k for k in range(params.chunks) if k not in done]
        if not scheduler:
            workers = worker_count(workers, len(todo))  # no idle processes, none beyond the cores
        players = rows_per_deal(params)
        total = params.hands * players
        done_rows = sum(len(params.chunk_deals(k)) for k in done) * players
        if progress is not None:
            progress(done_rows, total)
        # Workers only compute rows and send back Parquet bytes; this process writes every
        # file as it arrives, in any order, so a cluster's machines need euchre-mc but no
        # shared file system.
        with ChunkRunner(workers, backend, scheduler) as runner:
            results = runner.run(todo, lambda k: (computed_chunk, (params, k)), ordered=False)
            # closing: an exception here (Ctrl-C while a chunk is written) stops the workers
            # now, not when the generator is collected
            with contextlib.closing(results):
                for _, (chunk, rows, parquet) in results:
                    write_chunk(out, chunk, parquet)
                    done_rows += rows
                    if progress is not None:
                        progress(done_rows, total)
    return StudyRun(params, str(out), len(done), len(todo), total)


# --------------------------------------------------------------------------- rows


_CARD_BYTES = np.array([list((format_card(face) + " ").encode()) for face in range(24)], np.uint8)


def hand_text(masks) -> np.ndarray:
    """``format_cards`` of many hands that hold the same number of cards, at numpy speed.

    Cards in face order (suit, then rank), as ``format_cards`` writes them.
    """
    counts = face_counts(masks)
    size = int(counts[0].sum()) if len(counts) else 0
    if (counts.sum(axis=1) != size).any():
        raise ValueError("hand_text needs hands of one size")
    if size == 0:
        return np.full(len(counts), "", dtype=object)
    faces = np.repeat(np.tile(np.arange(24), len(counts)), counts.ravel()).reshape(len(counts), size)
    text = _CARD_BYTES[faces].reshape(len(counts), 3 * size)[:, :-1]
    return np.ascontiguousarray(text).view(f"S{3 * size - 1}").ravel().astype(str).astype(object)


def study_chunk(params: StudyParams, chunk: int) -> pd.DataFrame:
    """The rows of chunk ``chunk``: a pure function of the parameters and ``chunk``."""
    variant = as_variant(params.variant)
    deals = params.chunk_deals(chunk)
    if not len(deals):
        raise StudyError(f"chunk {chunk}: the study has chunks 0 to {params.chunks - 1}")
    if params.conditioned:
        return _strong_hand_rows(variant, params, deals)
    hands, _, upcards = deal_tables(variant, params.seed, deals.start, len(deals))
    players = variant.players
    columns = {
        "deal": np.repeat(np.arange(deals.start, deals.stop, dtype=np.int64), players),
        "seat": np.tile(np.arange(1, players + 1, dtype=np.int8), len(deals)),
        "hand": hand_text(hands.ravel()),
    }
    if variant.classic:
        columns.update(_classic_columns(variant, params, deals, hands, upcards))
    else:
        columns.update(hand_features(hands.ravel(), copies=variant.copies))
        columns.update(_bid_columns(variant, params, deals, hands))
    return pd.DataFrame(columns)[[name for name, _, _ in schema_columns(variant, params.levels)]]


def _strong_hand_rows(variant, params: StudyParams, deals: range) -> pd.DataFrame:
    """A strong-hand study's rows: one a deal, seat 1's hand (dealt ``trumps``+ Hearts)
    with its features, and its contracts as the bidder with Hearts trump."""
    hands = deal_strong(variant, params.trumps, params.seed, deals.start, len(deals))
    columns = {
        "deal": np.arange(deals.start, deals.stop, dtype=np.int64),
        "seat": np.full(len(deals), BIDDER + 1, np.int8),
        "hand": hand_text(hands[:, BIDDER]),
    }
    columns.update(hand_features(hands[:, BIDDER], copies=variant.copies))
    columns.update(_bid_columns(variant, params, deals, hands, denoms=(TRUMP_SUIT,), bidders=(BIDDER,)))
    names = schema_columns(variant, params.levels, study_denoms(params))
    return pd.DataFrame(columns)[[name for name, _, _ in names]]


def _bid_columns(
    variant, params: StudyParams, deals: range, hands: np.ndarray, denoms=range(6), bidders=None
) -> dict[str, np.ndarray]:
    """Tricks of every bid-euchre contract in ``denoms`` with each of ``bidders`` (default:
    every seat) as the bidder, leading; columns hold a row per deal and bidder.

    Every (contract kind, denomination, bidder) is one *layout*: the hands as play
    begins and the seats that play.  :func:`play_layouts` plays them all.
    """
    players = hands.shape[1]
    bidders = range(players) if bidders is None else bidders
    everyone = (1 << players) - 1
    lone = lone_kinds(variant)
    exchange_kind = lone[0]
    kinds = (("tricks",) if params.levels else ()) + lone
    layouts = []
    discarded = {}
    for denom in denoms:
        alone = Contract(exchange_kind, denom, variant.hand_size)
        for bidder in bidders:
            partners_out = sitting_out_mask(variant, alone, bidder)
            discarded[denom, bidder] = lone_discards(hands[:, bidder], denom)
            exchanged = apply_exchange(hands, denom, bidder, discarded[denom, bidder])
            # under pimc the bidder knows its own discards are out of play (and holds both
            # gifts); the seats of a sweep contract play for its points (levels: tricks)
            thrown = table_knowledge(
                len(hands),
                players,
                private_out=[(bidder, discarded[denom, bidder])],
                goal=contract_goal(variant, alone),
            )
            hog = None
            if HOG in lone:
                hog_goal = contract_goal(variant, Contract(HOG, denom, variant.hand_size))
                hog = table_knowledge(len(hands), players, goal=hog_goal)
            laid = {
                "tricks": (hands, everyone, None),
                "hog": (hands, partners_out, hog),
                exchange_kind: (exchanged, partners_out, thrown),
            }
            for kind in kinds:
                before, active, knowledge = laid[kind]
                layouts.append(
                    StudyLayout(
                        kind,
                        denom,
                        bidder,
                        active,
                        kind != "tricks",
                        cards_in_play(before, active),
                        knowledge,
                    )
                )
    played = play_layouts(params, deals, layouts, variant.hand_size)
    columns = {}
    for denom in denoms:
        code = DENOM_CODES[denom]
        for kind in kinds:
            tricks = np.stack([played[layout] for layout in layouts if layout.key(kind, denom)], axis=1)
            columns[f"{kind}_{code}"] = tricks.ravel()
        chosen = np.stack([discarded[denom, bidder] for bidder in bidders], axis=1)
        columns[f"{exchange_kind}_discard_{code}"] = hand_text(chosen.ravel())
    return columns


@dataclass(frozen=True, eq=False)
class StudyLayout:
    """One contract of a six-seat study's chunk: its kind (``tricks`` for the levels),
    denomination and bidder, the seats that play, whether it is made only by a sweep,
    the hands as play begins (seats that sit out emptied), and what the seats know beyond
    their hands (for pimc)."""

    kind: str
    denom: int
    bidder: int
    active: int
    sweep: bool
    hands: np.ndarray
    knowledge: object = None  # what the seats know beyond their hands, for pimc (knowledge.table_knowledge)

    def key(self, kind: str, denom: int) -> bool:
        return (self.kind, self.denom) == (kind, denom)


def play_layouts(params: StudyParams, deals: range, layouts: list[StudyLayout], hand_size: int) -> dict:
    """Tricks of the bidder's side on each deal of every layout, under the study's play model.

    Under ``dd`` the whole chunk is the sweep-then-count solve
    (:func:`simulate.play.sweep_solve.sweep_then_count`): the sweep contracts (Pig, Hog,
    Alone) first ask the solver "does the bidder take every trick?", the analyser's
    question for them, and only the deals that fail are counted exactly, together with
    the level contracts.  The answers are the exact counts either way.
    """
    if not play_model(params.play).exact:
        return {
            layout: play_deals(
                layout.hands,
                layout.denom,
                layout.bidder,
                layout.bidder,
                layout.active,
                model=params.play,
                seed=params.seed,
                first_index=deals.start,
                worlds=params.worlds or PIMC_WORLDS,
                knowledge=layout.knowledge,
            )
            for layout in layouts
        }
    from ..play.sweep_solve import ContractDeals, sweep_then_count  # only dd studies load the solver

    contracts = [
        ContractDeals(layout.hands, layout.denom, layout.bidder, layout.bidder, layout.active, layout.sweep)
        for layout in layouts
    ]
    return dict(zip(layouts, sweep_then_count(contracts, hand_size)))


def cards_in_play(hands: np.ndarray, active: int) -> np.ndarray:
    """The hands with the seats that sit out emptied (their cards take no part in the play)."""
    out = hands.copy()
    for seat in range(hands.shape[1]):
        if not active >> seat & 1:
            out[:, seat] = 0
    return out


def lone_discards(bidder_hands: np.ndarray, denom: int) -> np.ndarray:
    """The two cards each bidder discards for Pig or six-handed Alone, from its hand alone.

    The rules' void-first policy (``exchange.void_first_discards``): keep trumps and
    side aces, empty side suits, drop the weakest cards.
    """
    return void_first_discards_many(
        np.ascontiguousarray(bidder_hands, np.uint64), np.int64(denom), np.int64(2)
    )


def _classic_columns(
    variant, params: StudyParams, deals: range, hands: np.ndarray, upcards: np.ndarray
) -> dict[str, np.ndarray]:
    """Order up, alone and round-2 calls of every seat of classic deals (seat 4 deals)."""
    count, players = hands.shape
    dealer, leader = players - 1, 0
    everyone = (1 << players) - 1
    denoms = feature_denoms(variant)
    features = hand_features(hands.ravel(), denoms, variant.copies)
    upcard_suit = upcards // 6

    def play(deal_hands, denom, maker, active, knowledge=None):
        return play_deals(
            cards_in_play(deal_hands, active),
            denom,
            maker,
            leader,
            active,
            model=params.play,
            seed=params.seed,
            first_index=deals.start,
            worlds=params.worlds or PIMC_WORLDS,
            knowledge=knowledge,
        )

    def lone(maker):
        return sitting_out_mask(variant, Contract(CALL, 0, alone=True), maker)

    def sides(deal_hands, denom, knowledge):
        """Tricks of each seat's side when all four play.  Double dummy solves once: the
        side of seat 1 takes what the other side cannot (a zero-sum game's value)."""
        if not play_model(params.play).exact:
            return np.stack(
                [play(deal_hands, denom, maker, everyone, knowledge) for maker in range(players)], axis=1
            )
        first_side = play(deal_hands, denom, 0, everyone)
        other_side = (variant.hand_size - first_side).astype(np.int8)
        return np.stack([other_side if maker & 1 else first_side for maker in range(players)], axis=1)

    picked_up = hands.copy()
    for face in np.unique(upcards):
        group = upcards == face
        picked_up[group] = dealer_pickup(hands[group], dealer, int(face), int(face) // 6)
    # What the seats know under pimc: everyone saw the dealer pick the upcard up (it is in
    # its hand until played, unless thrown straight back) and the dealer knows its
    # discard; in round 2 everyone saw the upcard turned down.
    upcard_bits = np.left_shift(np.uint64(1), (2 * upcards).astype(np.uint64))
    held = picked_up[:, dealer] & upcard_bits
    discard = (hands[:, dealer] | upcard_bits) & ~picked_up[:, dealer]
    # and every seat plays for the contract's points (alone: the lone march's)
    with_partner = contract_goal(variant, Contract(ORDER_UP, 0))
    ordered_up = table_knowledge(
        count, players, [(dealer, held)], private_out=[(dealer, discard)], goal=with_partner
    )
    turned_down = table_knowledge(count, players, seen_out=upcard_bits, goal=with_partner)
    by_alone = contract_goal(variant, Contract(ORDER_UP, 0, alone=True))
    order = np.empty((count, players), np.int8)
    order_alone = np.empty((count, players), np.int8)
    calls = {(d, alone): np.full((count, players), -1, np.int8) for d in denoms for alone in (False, True)}
    for suit in range(4):
        group = upcard_suit == suit
        order[group] = sides(picked_up[group], suit, ordered_up.rows(group))
        for denom in denoms:
            if denom != suit:
                calls[denom, False][group] = sides(hands[group], denom, turned_down.rows(group))
        for maker in range(players):
            order_alone[group, maker] = play(
                picked_up[group], suit, maker, lone(maker), replace(ordered_up.rows(group), goal=by_alone)
            )
            for denom in denoms:
                if denom != suit:
                    calls[denom, True][group, maker] = play(
                        hands[group],
                        denom,
                        maker,
                        lone(maker),
                        replace(turned_down.rows(group), goal=by_alone),
                    )

    row_suit = np.repeat(upcard_suit, players)
    position = np.tile(np.arange(1, players + 1, dtype=np.int8), count)
    trumps_by_suit = np.stack([features[f"trumps_{DENOM_CODES[s]}"] for s in range(4)], axis=1)
    rows = np.arange(count * players)
    columns = {
        "upcard": [format_card(int(face)) for face in np.repeat(upcards, players)],
        "position": position,
        "trumps": (trumps_by_suit[rows, row_suit] + (position == players)).astype(np.int8),
    }
    columns.update(features)
    columns["tricks_order"] = order.ravel()
    columns["ev_order"] = net_points(variant, Contract(ORDER_UP, 0), order.ravel()).astype(np.int8)
    columns["tricks_alone"] = order_alone.ravel()
    columns["ev_alone"] = net_points(variant, Contract(ORDER_UP, 0, alone=True), order_alone.ravel()).astype(
        np.int8
    )
    for denom in denoms:
        for alone, name in ((False, "tricks_call_"), (True, "tricks_call_alone_")):
            values = pd.array(calls[denom, alone].ravel(), dtype="Int8")
            values[row_suit == denom] = pd.NA
            columns[name + DENOM_CODES[denom]] = values
    best = best_call(features, row_suit)
    columns["best_call"] = [DENOM_LABELS[d] for d in best]
    columns["call_trumps"] = trumps_by_suit[rows, best].astype(np.int8)
    for alone, name in ((False, "call"), (True, "call_alone")):
        tricks = np.stack([calls[suit, alone].ravel() for suit in range(4)], axis=1)[rows, best]
        columns[f"tricks_{name}"] = tricks
        columns[f"ev_{name}"] = net_points(variant, Contract(CALL, 0, alone=alone), tricks).astype(np.int8)
    return columns


def best_call(features: dict[str, np.ndarray], upcard_suit: np.ndarray) -> np.ndarray:
    """The round-2 suit a seat calls from its hand alone: most trumps, then most points, then suit order.

    The upcard's suit cannot be called.  No trump is never chosen (its rows still hold
    every ``tricks_call_high``).
    """
    keys = np.stack(
        [
            features[f"trumps_{DENOM_CODES[s]}"].astype(np.int64) * 100 + features[f"points_{DENOM_CODES[s]}"]
            for s in range(4)
        ],
        axis=1,
    )
    keys[np.arange(len(upcard_suit)), upcard_suit] = -1
    return np.argmax(keys, axis=1)


# --------------------------------------------------------------------------- schema

DENOM_LABELS = ("Clubs", "Diamonds", "Hearts", "Spades", "High No Trump", "Low No Trump")


def study_denoms(params: StudyParams) -> tuple[int, ...]:
    """The denominations whose contracts a six-seat study plays: all six, or Hearts alone in a
    strong-hand study (the condition is on Hearts)."""
    return (TRUMP_SUIT,) if params.conditioned else tuple(range(6))


def lone_kinds(variant) -> tuple[str, ...]:
    """Contracts the bidder plays alone, in auction order; the first has the exchange."""
    return as_variant(variant).spec.special_kinds


def feature_denoms(variant) -> list[int]:
    """Denominations with feature columns: every one in bid euchre; the callable ones in classic."""
    variant = as_variant(variant)
    if not variant.classic:
        return list(range(6))
    return [0, 1, 2, 3] + ([4] if dict(variant.rule_options).get("no_trump") else [])


def schema_columns(variant, levels: bool = True, denoms=range(6)) -> list[tuple[str, str, str]]:
    """``(column, type, meaning)`` for every column of a study's rows, in order
    (``levels=False``: a six-seat study of the sweep contracts only, no ``tricks_<d>``;
    ``denoms``: the denominations whose contracts a six-seat study plays, every one but in
    a strong-hand study)."""
    variant = as_variant(variant)
    n = variant.players
    out = [
        ("deal", "int64", "deal index i of the seed (chunk k holds i = k*C .. k*C+C-1)"),
        (
            "seat",
            "int8",
            f"seat 1..{n}" + ("" if variant.classic else "; the bidder of every contract in the row"),
        ),
        ("hand", "string", "the seat's cards, sorted, e.g. '9C AC JH'"),
    ]
    if variant.classic:
        out += [
            ("upcard", "string", "the turned-up card of the kitty"),
            (
                "position",
                "int8",
                "place from the dealer's left: 1 leads (left of dealer), 2 is the dealer's partner, "
                "3 is right of the dealer, 4 is the dealer (seat 4 deals)",
            ),
            (
                "trumps",
                "int8",
                "cards of the upcard's suit, left bower included, plus the upcard for the dealer",
            ),
        ]
    for denom in feature_denoms(variant):
        code, label = DENOM_CODES[denom], DENOM_LABELS[denom]
        if denom < 4:
            out += [
                (f"trumps_{code}", "int8", f"{label} trumps held, left bower included"),
                (f"right_{code}", "int8", f"copies of the right bower (J{label[0]}) held"),
                (f"left_{code}", "int8", f"copies of the left bower held with {label} trump"),
                (
                    f"run_{code}",
                    "int8",
                    f"top-trump run with {label}: the top trumps held in unbroken order, every copy "
                    "counted (6 = both right bowers, both left bowers and both aces)",
                ),
                (f"trump_aces_{code}", "int8", f"copies of the ace of {label} held"),
            ]
        else:
            out += [
                (
                    f"runs_{code}",
                    "int8",
                    f"{label}: each suit's top run (cards held in unbroken order from the suit's top "
                    "card) added up over the four suits",
                ),
                (f"long_run_{code}", "int8", f"{label}: the longest of the four suits' top runs"),
            ]
        out += [
            (
                f"aces_{code}",
                "int8",
                f"top side cards with {label}: side aces" + (" (nines in Low)" if denom == 5 else ""),
            ),
            (f"points_{code}", "int8", f"point count with {label} (simulate.bidding.features)"),
            (f"voids_{code}", "int8", f"side suits with no card with {label}"),
        ]
    if variant.classic:
        out += [
            (
                "tricks_order",
                "int8",
                "tricks of the seat's side when it orders up and plays with its partner",
            ),
            ("ev_order", "int8", "net points (seat's team minus the other) of that order up"),
            ("tricks_alone", "int8", "tricks when the seat orders up alone (partner sits out)"),
            ("ev_alone", "int8", "net points of ordering up alone"),
        ]
        for denom in feature_denoms(variant):
            code, label = DENOM_CODES[denom], DENOM_LABELS[denom]
            out += [
                (
                    f"tricks_call_{code}",
                    "Int8",
                    f"round 2, upcard turned down: tricks when the seat calls {label} "
                    "with its partner; null when it is the upcard's suit",
                ),
                (f"tricks_call_alone_{code}", "Int8", f"the same, calling {label} alone"),
            ]
        out += [
            (
                "best_call",
                "string",
                "the round-2 call chosen from the hand alone: most trumps, then points, then suit order",
            ),
            ("call_trumps", "int8", "trumps held in the best call's denomination"),
            ("tricks_call", "int8", "tricks of the seat's side when it makes the best call with its partner"),
            ("ev_call", "int8", "net points of the best call with the partner"),
            ("tricks_call_alone", "int8", "tricks when the seat makes the best call alone"),
            ("ev_call_alone", "int8", "net points of the best call alone"),
        ]
        return out
    lone = lone_kinds(variant)
    for denom in denoms:
        code, label = DENOM_CODES[denom], DENOM_LABELS[denom]
        if levels:
            out.append(
                (
                    f"tricks_{code}",
                    "int8",
                    f"tricks of the bidder's side, all {n} playing, {label}, bidder leads "
                    "(a level-n bid makes when tricks >= n)",
                )
            )
        exchange = lone[0]
        out += [
            (
                f"{exchange}_{code}",
                "int8",
                f"{exchange.capitalize()} {label}: tricks of the bidder alone after "
                "discarding two and receiving a gift from each partner",
            ),
            (
                f"{exchange}_discard_{code}",
                "string",
                f"the two cards discarded for {exchange.capitalize()} {label}",
            ),
        ]
        if "hog" in lone:
            out.append(
                (
                    f"hog_{code}",
                    "int8",
                    f"Hog {label}: tricks of the bidder alone, original hand, partners out",
                )
            )
    return out


def schema_markdown(params: StudyParams) -> str:
    """The ``schema.md`` written into a study directory."""
    lines = [
        f"# Study rows: {params.variant}",
        "",
        f"{params.hands} deals, seed {params.seed}, play model `{params.play}`, chunk size "
        f"{params.chunk_size}, schema version {params.schema}.",
        "Rows are in `rows/part-*.parquet` (load with `pandas.read_parquet(DIR + '/rows')`).",
        "Definitions of the features: `simulate/bidding/features.py`; of the rows: `simulate/study/run.py`.",
        "Every trick count is for the row seat's side under the play model above.",
        *(
            []
            if params.levels
            else ["Sweep contracts only (`--contracts lone`): the level contracts are not played."]
        ),
        *(
            [
                f"Strong hands dealt on purpose (`--trumps {params.trumps}`): "
                f"{describe_condition(params.variant, params.trumps)}.  One row a deal: seat 1's hand, "
                "the bidder of every contract, Hearts trump only (other suits and no trump would be "
                "biased by the condition and are not played).  See `simulate/dealing/strong_hands.py`."
            ]
            if params.conditioned
            else []
        ),
        "Pig and Alone discards: the rules' void-first policy, chosen from the hand alone; gifts: `highest`.",
        "",
        "| column | type | meaning |",
        "|---|---|---|",
    ]
    lines += [
        f"| `{name}` | {kind} | {meaning} |"
        for name, kind, meaning in schema_columns(params.variant, params.levels, study_denoms(params))
    ]
    return "\n".join(lines) + "\n"
