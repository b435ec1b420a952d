"""The cells of a strategy chart: what a strategy bids with each class of hand, and what it is worth.

A strategy chart asks, for each seat (and, in the classic games, each round) and each
class of hand a player recognises, two things, and this module answers both from the
strategy and the analyser only (no threshold of any strategy is written here):

* **What the strategy does.**  Hands of the class are sampled at the seat's turn and the
  whole auction is run by the table model (:func:`~..bidding.table_model.decide_bids`
  and :func:`~..bidding.table_model.run_auction`, the rule the games use): the seat's
  bid at its turn is the strategy's decision.  A cell reports the decision most hands
  make and its share.
* **What that is worth.**  Each sampled hand is valued on its deal by the analyser's own
  option values (:func:`~..analysis.option_values.option_values`): the decision and
  passing, each followed by the later seats bidding by the table model and the final
  contract played by the play model, in P(win) at the score through the match-equity
  tables.  Passing is valued against the table, never counted as 0.  A cell's *margin*
  is the mean, over its hands that make the majority decision, of the decision's P(win)
  minus the alternative's: passing for a bid; for a pass, the best of the candidate
  bids (the mean over the same hands, each candidate taken as "bid it if the auction
  allows it").  One deal per hand: the margin averages over hands and deals at once.

The situations: in the classic games (``euchre``, ``piq``) the seat's turn comes after
every earlier seat passed, so the deals are only those on which the table model passes
at each earlier seat (:func:`~..bidding.table_model.matched_bids` counts its passes);
round 1 classes count the upcard's suit (the dealer counts the upcard), round 2 classes
the best suit to call (most trumps, then the strength count).  In bid euchre
(``pigs-and-hogs``, ``six-handed``) the earlier seats bid as the table model bids on
each deal, and the classes count the hand's longest suit (dealt as Hearts on purpose,
see below).

Sampling: the classes of long trump suits are rare in random deals, so the analysed
seat is dealt exactly ``k`` trumps on purpose (the constrained dealer of
:mod:`..dealing.constraints`; Hearts trump, the other hands uniform given it) for each
``k`` on the chart, the classic upcard cycling over the six Hearts faces (one trump
leaves the deck whichever it is, so each is equally likely given the hand).  Within a
cell the hands are then a uniform sample of the class; cells are sampled apart, so
only cell-by-cell figures are meant (no cell says how often its hands occur).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

import numpy as np

from ..analysis.estimates import DealCounter
from ..analysis.layouts import PARTNER_GIFTS, layout_of
from ..analysis.option_values import option_values
from ..analysis.question import checked_score, make_question
from ..analysis.runner import chunk_tricks, contract_layouts
from ..bidding.features import hand_features
from ..bidding.table_model import TableModel, decide_bids, matched_bids, run_auction
from ..dealing.constraints import DealConstraints, SuitLength
from ..dealing.deal import deal_unseen
from ..games.equity import equity_for
from ..kernels import exchange as policies
from ..rules.auction import legal_bids
from ..rules.cards import face_of, mask_to_faces
from ..rules.contracts import PASS
from ..rules.variants import ALONE, CALL, HOG, ORDER_UP, PIG, RulesError, as_variant
from ..stats import mean_half_width

HEARTS = 2  # the suit every class is dealt in: the four suits are alike up to colour
CLASSIC_TRUMPS = (1, 2, 3, 4, 5)  # trumps held, the chart's columns
BID_TRUMPS = (3, 4, 5, 6, 7, 8)  # trumps in the longest suit (fewer: the hand bids no trump or little)
MIN_HANDS = 8  # fewer hands in a cell: grey, no figure
# Deals dealt per hand wanted in a cell, before the classes and the earlier passes sort
# them: per trump count and upcard in round 1 and per trump count in bid euchre, per
# upcard in round 2 (unstratified, and the balanced table passes seven times before the
# dealer's second turn only about once in 200 deals).
POOL_PER_HAND = 12
BID_POOL_PER_HAND = 60
ROUND_TWO_POOL_PER_HAND = 1000
CLASSIC_SCORES = ((0, 0), (6, 8), (8, 6), (9, 9))  # the player's team first
NO_TRUMP_SHORT = {4: "NT", 5: "Low"}


@dataclass(frozen=True)
class Cell:
    """One class of hand at one seat and round (``x``, ``y``: indexes of the panel's columns and rows)."""

    x: int
    y: int
    hands: int
    decision: str = ""
    share: float = 0.0
    margin: float | None = None  # P(win) of the decision minus the alternative's
    margin_ci: float | None = None  # its 95% half-width
    against: str = ""  # the alternative: "pass", or the best candidate bid of a pass


@dataclass(frozen=True)
class Panel:
    """One seat's (and round's) grid of cells at one score."""

    position: int  # the seat's place from the dealer's left, 1 .. players (the dealer)
    round_: int
    score: tuple[int, int]
    title: str
    columns: tuple[str, ...]
    rows: tuple[str, ...]
    x_label: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class StrategyMap:
    """Every panel of a variant's strategy chart, and how it was computed."""

    variant: str
    table: str
    table_description: str
    play: str
    seed: int
    deals: int  # hands wanted per cell
    equity: str
    panels: tuple[Panel, ...]
    seconds: float = 0.0
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict:
        return asdict(self)


# --------------------------------------------------------------------------- hand classes


def _hand_class_rows(classic: bool) -> tuple[str, ...]:
    if classic:
        return tuple(
            f"{bowers}, {aces}"
            for bowers in ("no bower", "1 bower", "both bowers")
            for aces in ("no side ace", "side ace")
        )
    return tuple(
        f"run {run}, {losers} side losers" for run in ("0-1", "2-3", "4+") for losers in ("0-2", "3+")
    )


def _classic_rows(features: dict, code: str) -> np.ndarray:
    bowers = features[f"right_{code}"].astype(np.int64) + features[f"left_{code}"]
    return np.minimum(bowers, 2) * 2 + (features[f"aces_{code}"] > 0)


def _bid_rows(features: dict, code: str, hand_size: int) -> np.ndarray:
    """Rows by top-trump run (0-1, 2-3, 4+) and side losers: side cards that are not a
    suit's top card (0-2: a Pig or Alone bidder discards two of them)."""
    run = np.minimum(features[f"run_{code}"].astype(np.int64) // 2, 2)
    losers = hand_size - features[f"trumps_{code}"].astype(np.int64) - features[f"aces_{code}"]
    return run * 2 + (losers > 2)


def _best_call_suit(hands: np.ndarray, upcard_suit: int, copies: int) -> tuple[np.ndarray, dict]:
    """Round 2: the suit each hand would call (most trumps, then the strength count,
    then suit order) and that suit's features."""
    suits = [s for s in range(4) if s != upcard_suit]
    features = hand_features(hands, suits, copies)
    codes = ("c", "d", "h", "s")
    key = np.stack(
        [
            features[f"trumps_{codes[s]}"].astype(np.int64) * 100 + features[f"points_{codes[s]}"]
            for s in suits
        ],
        axis=1,
    )
    best = np.asarray(suits)[np.argmax(key, axis=1)]
    chosen = {}
    for name in ("trumps", "right", "left", "aces", "points"):
        stacked = np.stack([features[f"{name}_{codes[s]}"] for s in suits], axis=1)
        chosen[f"{name}_x"] = stacked[np.arange(len(best)), np.argmax(key, axis=1)]
    return best, chosen


# --------------------------------------------------------------------------- labels


def decision_label(bid, class_suit: int | None = None) -> str:
    """A decision as a chart cell names it: pass, order up, call, alone, a level, Pig, Hog."""
    if bid == PASS:
        return "pass"
    if bid.kind in (ORDER_UP, CALL):
        return "alone" if bid.alone else bid.kind
    if bid.kind in (PIG, HOG, ALONE):
        return bid.kind.capitalize() if bid.denom == class_suit else f"{bid.kind.capitalize()} other"
    if bid.denom == class_suit:
        return str(bid.level)
    return f"{bid.level} {NO_TRUMP_SHORT.get(bid.denom, 'other')}"


# --------------------------------------------------------------------------- sampling


@dataclass
class _Hands:
    """The sampled deals of one panel: hands, upcards, row and column of each deal's class."""

    deals: np.ndarray
    upcards: np.ndarray
    x: np.ndarray
    y: np.ndarray
    suit: np.ndarray  # the class's suit per deal (Hearts, or round 2's best suit)


def _take_per_cell(x, y, order, wanted: int) -> np.ndarray:
    """The first ``wanted`` deals (by ``order``) of every (x, y) cell."""
    keep = []
    for cell in sorted(set(zip(x.tolist(), y.tolist()))):
        rows = np.flatnonzero((x == cell[0]) & (y == cell[1]))
        keep.append(rows[np.argsort(order[rows], kind="stable")][:wanted])
    return np.sort(np.concatenate(keep)) if keep else np.zeros(0, np.int64)


def _classic_pool(variant, position, round_, wanted, seed) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """The deals a classic seat and round draws from, per upcard: ``{upcard: (deals,
    order)}``, ``order`` interleaving the upcards so that the first deals of a class are
    a fair sample of them.  Round 1 deals the seat exactly k trumps for each column k;
    round 2 deals uniformly, one pool for every seat (``position`` 0)."""
    n = variant.players
    seat = position - 1
    pool = {}
    for u in range(6):
        upcard = face_of(HEARTS, u)
        parts = []
        for c, trumps in enumerate(CLASSIC_TRUMPS if round_ == 1 else (None,)):
            held = trumps - 1 if (trumps is not None and seat == n - 1) else trumps
            if held is not None and held < 0:
                continue
            lengths = () if held is None else (SuitLength(seat, HEARTS, held, held),)
            parts.append(
                deal_unseen(
                    variant,
                    {},
                    out_of_play=1 << (2 * upcard),
                    seed=seed,
                    first_index=(((position * 2 + round_) * 6 + u) * 8 + c) * 10_000_000,
                    count=wanted * (POOL_PER_HAND if held is not None else ROUND_TWO_POOL_PER_HAND),
                    constraints=DealConstraints(lengths, denom=HEARTS) if lengths else None,
                )
            )
        deals = np.concatenate(parts)
        pool[upcard] = (deals, np.arange(deals.shape[0]) * 6 + u)
    return pool


def _classic_hands(variant, pool, passed, position, round_, wanted) -> _Hands:
    """A classic seat's deals at its turn: every earlier seat passed under the table
    (``passed(upcard, deals, passes)``: the deals on which the first ``passes`` bids are
    the table's passes)."""
    n = variant.players
    dealer, seat = n - 1, position - 1
    earlier = seat + (n if round_ == 2 else 0)
    parts = []
    for upcard, (deals, order) in pool.items():
        if earlier:
            kept = passed(upcard, deals, earlier)
            deals, order = deals[kept], order[kept]
        parts.append((deals, np.full(deals.shape[0], upcard), order))
    deals = np.concatenate([p[0] for p in parts])
    upcards = np.concatenate([p[1] for p in parts])
    order = np.concatenate([p[2] for p in parts])
    hands = deals[:, seat]
    if round_ == 1:
        upcard_masks = np.uint64(1) << (2 * upcards).astype(np.uint64)
        held = hands | (upcard_masks if seat == dealer else np.uint64(0))
        features = hand_features(held, [HEARTS], variant.copies)
        x = np.minimum(features["trumps_h"].astype(np.int64), CLASSIC_TRUMPS[-1])
        y = _classic_rows(features, "h")
        suit = np.full(len(x), HEARTS)
    else:
        suit, features = _best_call_suit(hands, HEARTS, variant.copies)
        x = np.minimum(features["trumps_x"].astype(np.int64), CLASSIC_TRUMPS[-1])
        y = _classic_rows(features, "x")
    x = x - CLASSIC_TRUMPS[0]
    ok = x >= 0
    keep = np.flatnonzero(ok)[_take_per_cell(x[ok], y[ok], order[ok], wanted)]
    return _Hands(deals[keep], upcards[keep], x[keep], y[keep], suit[keep])


def _bid_hands(variant, position, wanted, seed) -> _Hands:
    """Deals for one bid-euchre seat: exactly k Hearts for each column k, Hearts the longest suit."""
    seat = position - 1
    parts = []
    for c, trumps in enumerate(BID_TRUMPS):
        constraints = DealConstraints((SuitLength(seat, HEARTS, trumps, trumps),), denom=HEARTS)
        deals = deal_unseen(
            variant,
            {},
            seed=seed,
            first_index=(position * 16 + c) * 10_000_000,
            count=wanted * BID_POOL_PER_HAND,
            constraints=constraints,
        )
        features = hand_features(deals[:, seat], range(4), variant.copies)
        longest = np.max([features[f"trumps_{code}"] for code in ("c", "d", "s")], axis=0)
        deals = deals[features["trumps_h"] >= longest]
        parts.append((deals, np.arange(deals.shape[0])))
    deals = np.concatenate([p[0] for p in parts])
    order = np.concatenate([p[1] for p in parts])
    features = hand_features(deals[:, seat], [HEARTS], variant.copies)
    x = features["trumps_h"].astype(np.int64) - BID_TRUMPS[0]
    y = _bid_rows(features, "h", variant.hand_size)
    keep = _take_per_cell(x, y, order, wanted)
    count = keep.size
    return _Hands(deals[keep], np.full(count, -1), x[keep], y[keep], np.full(count, HEARTS))


def _team_scores(seat: int, score) -> np.ndarray:
    """The player's (us, them) score as team A, team B points."""
    ours, theirs = score
    return np.array([ours, theirs] if seat % 2 == 0 else [theirs, ours], np.int64)


# --------------------------------------------------------------------------- values


def _candidates(variant, state, suit: int) -> list:
    """The bids a pass is weighed against: the contracts in the class's suit (classic:
    the call or order up and alone; bid euchre: every level, Pig, Hog or Alone)."""
    return [bid for bid in state.legal if bid.denom == suit]


def _value_group(variant, model, seat, dealer, bids, deals, upcard, score, equity, play, seed, wanted_bids):
    """P(win) per option and deal for one group of deals with the same earlier auction:
    ``{option: array}`` with PASS when the seat may pass."""
    state = legal_bids(variant, dealer, list(bids), upcard)
    contracts = list(dict.fromkeys([b for b in wanted_bids if b != PASS and b in state.legal]))
    if not contracts:
        return {}
    hand = mask_to_faces(int(deals[0, seat]))
    question = make_question(
        variant,
        hand,
        seat=seat,
        dealer=dealer,
        auction=list(bids),
        upcard=upcard,
        contracts=contracts,
        play=play,
        seed=seed,
        table=model,
        inference="none",
        score=score,
    )
    chosen = {}
    for layout in contract_layouts(question):
        if layout.exchange == PARTNER_GIFTS:  # the rules' void-first discards, as in a study
            chosen[layout] = policies.void_first_discards_many(
                np.ascontiguousarray(deals[:, seat]), np.int64(layout.denom), np.int64(2)
            )
    tricks, _ = chunk_tricks(question, chosen, deals, 0, DealCounter(None, 0))
    deal_tricks = {contract: tricks[layout_of(question, contract)] for contract in question.contracts}
    _, _, wins = option_values(
        question, deals, deal_tricks, {}, list(state.legal), state.can_pass(), score, equity
    )
    return wins


def _panel_cells(variant, model, hands: _Hands, position, round_, score, equity, play, seed, progress):
    """The cells of one panel from its sampled deals."""
    n = variant.players
    dealer, seat = n - 1, position - 1
    turn = seat + (n if round_ == 2 else 0)
    count = hands.deals.shape[0]
    if not count:
        return ()
    scores = np.ascontiguousarray(np.broadcast_to(_team_scores(seat, score), (count, 2)))
    wish_for, estimate_of = decide_bids(
        variant, model.teams, hands.deals, hands.upcards, np.full(count, dealer), scores
    )
    auctions = [
        run_auction(
            variant,
            dealer,
            None if hands.upcards[i] < 0 else int(hands.upcards[i]),
            wish_for(i),
            estimate_of(i),
        )[0]
        for i in range(count)
    ]
    decisions = [a[turn] if len(a) > turn else PASS for a in auctions]
    groups: dict = {}
    for i, auction in enumerate(auctions):
        if len(auction) <= turn:
            continue  # the auction ended before the seat's turn (not in a classic panel)
        key = (tuple(auction[:turn]), int(hands.upcards[i]), int(hands.suit[i]))
        groups.setdefault(key, []).append(i)
    wins_of: list[dict] = [{} for _ in range(count)]
    legal_of: list[set] = [set() for _ in range(count)]
    for (bids, upcard, suit), rows in groups.items():
        rows = np.asarray(rows)
        up = None if upcard < 0 else upcard
        state = legal_bids(variant, dealer, list(bids), up)
        wanted = _candidates(variant, state, suit) + [decisions[i] for i in rows]
        wins = _value_group(
            variant, model, seat, dealer, bids, hands.deals[rows], up, score, equity, play, seed, wanted
        )
        for j, i in enumerate(rows):
            wins_of[i] = {bid: values[j] for bid, values in wins.items()}
            legal_of[i] = {_kind(bid, suit) for bid in _candidates(variant, state, suit)}
        if progress is not None:
            progress(rows.size)
    cells = []
    for cx, cy in sorted(set(zip(hands.x.tolist(), hands.y.tolist()))):
        rows = np.flatnonzero((hands.x == cx) & (hands.y == cy))
        cells.append(_cell(cx, cy, rows, decisions, hands.suit, wins_of, legal_of))
    return tuple(cells)


def _kind(bid, suit) -> str:
    return decision_label(bid, suit)


def _cell(cx, cy, rows, decisions, suits, wins_of, legal_of) -> Cell:
    """A cell from its hands: the majority decision, its share and its margin."""
    labels = [decision_label(decisions[i], int(suits[i])) for i in rows]
    if rows.size < MIN_HANDS:
        return Cell(cx, cy, int(rows.size))
    values, counts = np.unique(labels, return_counts=True)
    decision = str(values[np.argmax(counts)])
    share = float(counts.max() / rows.size)
    # hands with nothing they could bid (the high bid is the top one) weigh no alternative
    mine = [i for i, label in zip(rows, labels) if label == decision and wins_of[i]]
    if not mine:
        return Cell(cx, cy, int(rows.size), decision, share, against="nothing to bid")
    mine = [i for i in mine if PASS in wins_of[i]]
    if not mine:
        return Cell(cx, cy, int(rows.size), decision, share, against="no pass (the dealer must bid)")
    if decision != "pass":
        diffs = np.array([wins_of[i][decisions[i]] - wins_of[i][PASS] for i in mine])
        return Cell(cx, cy, int(rows.size), decision, share, *_mean_ci(diffs), against="pass")
    kinds = sorted(set().union(*(legal_of[i] for i in mine)))
    if not kinds:
        return Cell(cx, cy, int(rows.size), decision, share, against="nothing to bid")
    by_kind = {}
    for kind in kinds:
        by_kind[kind] = np.array([_kind_gain(wins_of[i], kind, suits[i]) for i in mine])
    best = max(kinds, key=lambda kind: float(np.mean(by_kind[kind])))
    return Cell(cx, cy, int(rows.size), decision, share, *_mean_ci(-by_kind[best]), against=best)


def _kind_gain(wins: dict, kind: str, suit) -> float:
    """P(win) of bidding ``kind`` (when the auction allows it) minus passing, on one deal."""
    for bid, value in wins.items():
        if bid != PASS and decision_label(bid, int(suit)) == kind:
            return float(value - wins[PASS])
    return 0.0  # not allowed here: the seat passes


def _mean_ci(values: np.ndarray) -> tuple[float, float]:
    return float(np.mean(values)), float(mean_half_width(values))


# --------------------------------------------------------------------------- the map


def chart_scores(variant) -> tuple[tuple[int, int], ...]:
    """The scores a classic chart shows: 0-0 and a few near the end of the game."""
    target = as_variant(variant).target
    return tuple(score for score in CLASSIC_SCORES if max(score) < target) or ((0, 0),)


def check_scores(variant, scores) -> tuple[tuple[int, int], ...]:
    """``scores`` as (player's team, other team) pairs, each checked as the analyser
    checks a score, without repeats; the first is the page's main score."""
    variant = as_variant(variant)
    out = tuple(dict.fromkeys(checked_score(variant, score) for score in scores))
    if not out:
        raise RulesError("scores: give at least one, e.g. 0-0")
    return out


def strategy_map(
    variant,
    model: TableModel,
    *,
    deals: int = 24,
    seed: int = 1,
    play: str = "heuristic",
    scores=None,
    positions=None,
    progress=None,
) -> StrategyMap:
    """Every panel of ``variant``'s strategy chart for ``model``'s strategy (both teams
    bid by it): ``deals`` hands wanted per cell, each valued on one deal under ``play``,
    at each of ``scores`` (the player's team first; default: 0-0, and for the classic
    games also 6-8, 8-6 and 9-9), for the seats at ``positions`` from the dealer's left
    (default all; the dealer is the last).

    ``progress(done, total)``, if given, hears of the hands valued."""
    variant = as_variant(variant)
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise RulesError(f"deals {deals!r}: allowed is a whole number of at least 1")
    if scores is None:
        scores = chart_scores(variant) if variant.classic else ((0, 0),)
    scores = check_scores(variant, scores)
    started = time.perf_counter()
    equity, equity_text = equity_for(variant, model)
    rounds = (1, 2) if variant.classic else (1,)
    jobs = [
        (position, round_, score)
        for score in scores
        for round_ in rounds
        for position in range(1, variant.players + 1)
        if positions is None or position in positions
    ]
    sampled, pools, matched = [], {}, {}
    for position, round_, score in jobs:
        if variant.classic:
            key = (position if round_ == 1 else 0, round_)  # dealt once, filtered at each score
            if key not in pools:
                pools[key] = _classic_pool(variant, *key, deals, seed)

            def passed(upcard, dealt, passes, key=key, score=score, seat=position - 1):
                """Deals on which the table passes the first ``passes`` times (cached per pool,
                upcard and score: every seat of round 2 shares the longest run of passes)."""
                team_scores = _team_scores(seat, score)
                cached = (key, upcard, tuple(team_scores.tolist()))
                if cached not in matched:
                    most = 2 * variant.players - 1 if key[1] == 2 else passes
                    bids = [PASS] * most
                    matched[cached] = matched_bids(
                        model, variant, variant.players - 1, bids, dealt, upcard, team_scores
                    )
                return matched[cached] >= passes

            sampled.append(_classic_hands(variant, pools[key], passed, position, round_, deals))
        else:
            if position not in pools:  # the hands do not depend on the score
                pools[position] = _bid_hands(variant, position, deals, seed)
            sampled.append(pools[position])
    total = sum(h.deals.shape[0] for h in sampled)
    done = [0]

    def step(count):
        done[0] += count
        if progress is not None:
            progress(done[0], total)

    panels = []
    for (position, round_, score), hands in zip(jobs, sampled):
        cells = _panel_cells(variant, model, hands, position, round_, score, equity, play, seed, step)
        panels.append(_panel(variant, position, round_, score, cells))
    return StrategyMap(
        variant=str(variant),
        table=model.name,
        table_description=model.description,
        play=play,
        seed=seed,
        deals=deals,
        equity=equity_text,
        panels=tuple(panels),
        seconds=time.perf_counter() - started,
    )


def _panel(variant, position, round_, score, cells) -> Panel:
    n = variant.players
    seat = "dealer" if position == n else f"{_ordinal(position)} to bid"
    if variant.classic:
        title = f"Round {round_}, {seat}"
        columns = tuple(str(k) for k in CLASSIC_TRUMPS[:-1]) + (f"{CLASSIC_TRUMPS[-1]}+",)
        x_label = (
            "trumps held in the upcard's suit" + (" (with the upcard)" if position == n else "")
            if round_ == 1
            else "trumps held in the best suit to call"
        )
    else:
        title = f"Seat {position} ({seat})"
        columns = tuple(str(k) for k in BID_TRUMPS)
        x_label = "trumps held in the longest suit"
    return Panel(
        position, round_, tuple(score), title, columns, _hand_class_rows(variant.classic), x_label, cells
    )


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


__all__ = [
    "CLASSIC_SCORES",
    "MIN_HANDS",
    "Cell",
    "Panel",
    "StrategyMap",
    "chart_scores",
    "check_scores",
    "decision_label",
    "strategy_map",
]
