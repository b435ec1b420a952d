"""The table model: how the other seats bid, the auction after a bid, and what bids say.

This module owns "how a seat bids" for the games and the analyser alike: a seat asks
the evaluator (:mod:`simulate.bidding.evaluator`) for its chances from *its own hand* (and its
position, the upcard and the score), wants the contract its team's
:class:`~simulate.bidding.strategy.Strategy` names, bids it if the auction allows it and passes
otherwise; a dealer who may not pass bids the allowed contract, not played alone, with
the best estimate.  A seat's thresholds depend on its auction position, the score and,
in bid euchre, on whether a partner or an opponent holds the high bid and in which
denomination (the strategy's bid-context and suit shifts): its wish is decided for
each such context, and the auction asks for the wish of the context it is in.

* :class:`TableModel` names the strategy of each team with a paragraph for the output;
  :func:`table_model` builds one from a built-in name, a TOML file or ``"none"``.
* :func:`seat_bids` decides every seat of every deal at once (numpy); the games replay
  each hand's auction through :class:`~simulate.rules.auction.AuctionState` with
  :func:`run_auction` (:func:`decide_bids` gives its per-game questions).
* :func:`continue_auction` finishes the auction after each option of an analysed seat
  on many deals at once: the final ``(bidder, contract)`` of every option and deal.
* :func:`consistent` is exact inference's test: a deal counts only if every earlier
  seat, holding that deal's cards, would have bid as it did (but for a pass the model
  never makes there: :func:`unheard_passes`).  :func:`soft_weights` is the soft mode
  (every threshold test a logistic of stated width).  :mod:`.inference` deals by them.

Bids are handled as integer *codes* in the arrays (``NO_BID`` = -1 for a pass or no
wish): bid euchre ``rank * 6 + denomination`` (the auction ranks of kernels.rankings:
1..8 the levels, then Pig or Alone, then Hog); classic ``denomination * 2 + alone`` for
an order-up and ``CALL_BASE + denomination * 2 + alone`` for a call.  :func:`bid_code`
and :func:`code_contract` convert.

Not modelled: the classic misdeal options (farmer's hand, ace-no-face) before the
auction; the continuation and the inference take the hands as they stand at the bidding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..kernels.bidding import SOFT_SCALE, AuctionCheck, allowed_bids_many, auction_ranks_many
from ..kernels.rankings import (
    CALL_BASE,
    NO_BID,  # a pass, no wish, or (in final results) a throw-in
    SPECIAL_RANKS,
)
from ..rules.auction import AuctionState, format_auction, legal_bids
from ..rules.contracts import PASS, Contract
from ..rules.variants import CALL, HOG, LEVEL, ORDER_UP, RulesError, Variant, as_variant, seat_index
from .evaluator import (
    BidEstimates,
    ClassicEstimates,
    bid_estimates,
    bid_grid,
    classic_estimates,
    round1_grid,
    round2_grid,
)
from .strategy import (
    BUILT_INS,
    CONTEXTS,
    FITTED,
    NOBODY_BID,
    Strategy,
    bid_context,
    bid_contexts,
    bid_euchre_chances,
    bid_euchre_wishes,
    classic_chances,
    classic_wishes,
    context_holder,
    format_params,
    load_strategy,
    seat_thresholds,
    suit_shifted,
    threshold_columns,
)

NO_TABLE = "none"
NO_TABLE_DESCRIPTION = (
    "no table model: a pass counts as 0 points, as if the cards were thrown in; the other "
    "seats' bids are not modelled"
)
PILOT_FIRST_INDEX = 1 << 50  # a pilot's deals: far from any deal kept
PASS_PILOT_DEALS = 4096  # the hands unheard_passes asks whether the table ever passes


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class TableModel:
    """The strategy each team bids by (team A: seats 1, 3, 5; team B: seats 2, 4, 6)."""

    teams: tuple[Strategy, Strategy]
    name: str

    @property
    def description(self) -> str:
        """One paragraph for the output: what the other seats are assumed to do."""
        teams = (
            f"every seat bids by the '{self.teams[0].name}' strategy"
            if self.teams[0] == self.teams[1]
            else f"team A bids by '{self.teams[0].name}', team B by '{self.teams[1].name}'"
        )
        params = "; ".join(f"{team.name}: {format_params(team)}" for team in dict.fromkeys(self.teams))
        return (
            f"Table model {self.name}: {teams}. Each seat estimates its chance of making each "
            "contract from its own hand only (the evaluator's tables, by position, upcard and "
            "score) and wants the highest contract whose estimate clears its threshold (one per "
            "auction position where the strategy gives several, moved by the score terms and, in "
            "bid euchre, by the shift for a partner's or an opponent's high bid); it bids that "
            "contract when the auction allows it and passes otherwise. A dealer who may not pass "
            "bids the allowed contract, not alone, with the best estimate. Misdeal calls are not "
            f"modelled. Thresholds ({params})."
        )

    def __str__(self) -> str:
        return self.name


def table_model(spec, variant=None) -> TableModel | None:
    """The table model of ``spec``: a built-in strategy name, ``fitted`` (the strategy
    fitted for ``variant``), a ``.toml`` strategy file
    (:func:`~simulate.bidding.strategy.load_strategy`), a :class:`Strategy`, or ``"none"`` (None:
    no model, a pass counts as 0).  Both teams bid by the one strategy."""
    if isinstance(spec, Strategy):
        strategy = spec
    elif isinstance(spec, str) and spec.strip().lower() == NO_TABLE:
        return None
    elif isinstance(spec, str):
        strategy = load_strategy(spec, variant)
    else:
        raise RulesError(
            f"table model {spec!r}: give a built-in strategy ({', '.join(BUILT_INS)}), "
            f"{FITTED}, a .toml file or {NO_TABLE}"
        )
    return TableModel((strategy, strategy), strategy.name)


# --------------------------------------------------------------------------- bid codes


@lru_cache(maxsize=4096)
def contract_of(kind: str, denom: int, level: int = 0, alone: bool = False) -> Contract:
    """The one Contract value of these fields (cached: games name the same few often)."""
    return Contract(kind, denom, level, alone)


def bid_euchre_wish(variant: Variant, rank: int, denom: int) -> Contract | None:
    """The contract a bid-euchre wish of (rank, denomination) names."""
    if rank == 0:
        return None
    if rank in SPECIAL_RANKS:
        return contract_of(variant.spec.special_kinds[SPECIAL_RANKS.index(rank)], denom, variant.hand_size)
    return contract_of(LEVEL, denom, rank)


def bid_code(variant: Variant, bid) -> int:
    """The array code of a bid (``NO_BID`` for a pass); see the module docstring."""
    if bid == PASS:
        return NO_BID
    if variant.classic:
        base = 0 if bid.kind == ORDER_UP else CALL_BASE
        return base + bid.denom * 2 + int(bid.alone)
    return variant.rank(bid) * 6 + bid.denom


@lru_cache(maxsize=4096)
def code_contract(variant: Variant, code: int) -> Contract | None:
    """The contract of an array code, None for ``NO_BID``."""
    if code == NO_BID:
        return None
    if variant.classic:
        kind = ORDER_UP if code < CALL_BASE else CALL
        denom, alone = divmod(code if kind == ORDER_UP else code - CALL_BASE, 2)
        return contract_of(kind, denom, alone=bool(alone))
    return bid_euchre_wish(variant, code // 6, code % 6)


def _auction_rank(variant: Variant, codes: np.ndarray) -> np.ndarray:
    """Auction rank of coded bids (classic contracts all rank 0, as in the auction)."""
    return auction_ranks_many(np.ascontiguousarray(codes, np.int64), variant.classic)


# --------------------------------------------------------------------------- every seat's bids


@dataclass(frozen=True)
class SeatBids:
    """What the seats of every deal want under the model, as codes (contexts, deals,
    seats): ``first`` in round 1 (the one round of bid euchre), ``second`` in classic
    round 2.  Bid euchre has a wish per bid context (strategy.bid_context: who holds the
    high bid when the seat speaks, and in which denomination); the classic games one.
    Only the seats in ``columns`` are decided (the others hold ``NO_BID``)."""

    variant: Variant
    first: np.ndarray
    second: np.ndarray | None
    estimates: object  # BidEstimates or ClassicEstimates of the seats in ``columns``
    columns: tuple[int, ...]

    def wishes(self, round_one: bool, context: int = NOBODY_BID) -> np.ndarray:
        """The (deals, seats) codes of a turn in ``context``: bid euchre has one round, so
        always ``first``; the classic games have one context."""
        codes = self.first if round_one or self.second is None else self.second
        return codes[min(context, codes.shape[0] - 1)]

    def seat_wishes(self, round_one: bool, seat: int, contexts) -> np.ndarray:
        """Per deal, ``seat``'s code in that deal's context (``contexts``: one per deal)."""
        codes = self.first if round_one or self.second is None else self.second
        contexts = np.minimum(np.asarray(contexts, np.int64), codes.shape[0] - 1)
        return codes[contexts, np.arange(codes.shape[1]), seat]

    def estimate(self, rows, seat: int, contract: Contract):
        """The estimate a stuck dealer compares: P(make) of ``contract`` on ``rows``."""
        column = self.columns.index(seat)
        if self.variant.classic:
            return self.estimates.call[rows, column, contract.denom, 0]
        return self.estimates.level[rows, column, contract.denom, contract.level - 1]


def seat_bids(variant, teams, dealt, upcards, dealers, scores, seats=None, contexts=None) -> SeatBids:
    """The seats' wishes on every deal: ``dealt`` (G, N) face-space hands, ``upcards``
    (G,) faces (classic), ``dealers`` (G,) and ``scores`` (G, 2) team A and B points.

    ``seats`` (default all) limits the bid-euchre work to the seats asked about: the
    evaluator's features are the cost.  ``contexts`` (default all) limits bid euchre's
    wishes to those bid contexts (the others hold ``NO_BID``): a turn of the auction
    as it stands has one.  Classic deals decide every seat (positions need the whole
    table, and they are cheap).
    """
    variant = as_variant(variant)
    dealt = np.asarray(dealt, np.uint64)
    n = variant.players
    if not variant.classic:
        columns = tuple(range(n)) if seats is None else tuple(sorted(set(seats)))
        est = bid_estimates(dealt[:, list(columns)])
        first = np.full((CONTEXTS,) + dealt.shape, NO_BID, np.int64)
        decided = {}  # a context whose denomination moves nothing shares its holder's wishes
        for context in range(CONTEXTS) if contexts is None else sorted(set(contexts)):
            key = context if suit_shifted(teams, context) else context_holder(context)
            if key not in decided:
                thresholds = seat_thresholds(teams, scores, variant, dealers, context)
                asked = {name: value[:, list(columns)] for name, value in thresholds.items()}
                decided[key] = bid_euchre_wishes(est, asked, HOG in variant.spec.special_kinds)[2]
            first[context][:, list(columns)] = decided[key]
        return SeatBids(variant, first, None, est, columns)
    thresholds = seat_thresholds(teams, scores, variant, dealers)
    upcards = np.asarray(upcards, np.int64)
    est = classic_estimates(dealt, dealers, upcards)
    upcard_suit = upcards // 6
    wishes = classic_wishes(est, thresholds, upcard_suit, bool(dict(variant.rule_options).get("no_trump")))
    return SeatBids(variant, wishes["first"][None], wishes["second"][None], est, tuple(range(n)))


def stuck_choice(seat: int, allowed, estimate_of) -> tuple[tuple[Contract, ...], object]:
    """The rule for a dealer who may not pass: the allowed contract, not played alone,
    with the best estimate (ties to the earlier, lower contract).

    Returns the candidates and the pick: an index, or an array of indexes when
    ``estimate_of(seat, contract)`` gives an estimate per deal.
    """
    candidates = tuple(contract for contract in allowed if not contract.plays_alone)
    values = np.stack([np.asarray(estimate_of(seat, c), np.float64) for c in candidates], axis=-1)
    return candidates, np.argmax(values, axis=-1)  # the first of equal maxima


def forced_bid(seat: int, allowed, estimate_of) -> Contract:
    """:func:`stuck_choice` for one deal: the contract itself."""
    candidates, pick = stuck_choice(seat, allowed, estimate_of)
    return candidates[int(pick)]


def decide_bids(variant: Variant, teams, dealt, upcards, dealers, scores):
    """Per game, ``wish_for`` and ``estimate_of`` closures for :func:`run_auction`."""
    bids = seat_bids(variant, teams, dealt, upcards, dealers, scores)

    def wish_for(i):
        def wish(seat, round_one, context=NOBODY_BID):
            return code_contract(variant, int(bids.wishes(round_one, context)[i, seat]))

        return wish

    def estimate_of(i):
        return lambda seat, contract: bids.estimate(i, seat, contract)

    return wish_for, estimate_of


def run_auction(variant: Variant, dealer: int, upcard, wish_for, estimate_of) -> tuple[tuple, tuple | None]:
    """Ask each seat in turn what it bids; returns (bids, auction result).

    ``wish_for(seat, round_one, context)`` is the contract the seat wants (or None) in
    the bid context of its turn (strategy.bid_context: who holds the high bid, in which
    denomination) and
    ``estimate_of(seat, contract)`` its estimate, for a dealer who may not pass.
    """
    bids = ()
    state = AuctionState.start(variant, dealer, upcard)
    while not state.over:
        seat = state.seat_to_bid
        context = _context(seat, state)
        wish = wish_for(seat, bool(state.legal) and state.legal[0].kind == ORDER_UP, context)
        if wish is not None and state.can_bid(wish):
            bid = wish
        elif state.can_pass():
            bid = PASS
        else:
            bid = forced_bid(state.seat_to_bid, state.legal, estimate_of)
        state = state.bid(bid)
        bids += (bid,)
    return bids, state.winner  # the high bid, or None when the cards are thrown in


# --------------------------------------------------------------------------- vectorised turns


def _context(seat: int, state: AuctionState) -> int:
    """The bid context of ``seat``'s turn at ``state`` (strategy.bid_context)."""
    if state.winner is None:
        return NOBODY_BID
    return bid_context(seat, state.winner[0], state.winner[1].denom)


def _checked_deals(variant: Variant, deals, scores) -> tuple[np.ndarray, np.ndarray]:
    """The deals as a (D, N) uint64 array and the scores as (D, 2), or a RulesError."""
    deals = np.asarray(deals, np.uint64)
    if deals.ndim != 2 or deals.shape[1] != variant.players:
        raise RulesError(f"deals of shape {deals.shape}: give (deals, {variant.players}) face-space hands")
    scores = np.asarray((0, 0) if scores is None else scores, np.int64)
    if scores.shape not in ((2,), (deals.shape[0], 2)):
        raise RulesError(
            f"scores of shape {scores.shape}: give team A and B points, (2,) or ({deals.shape[0]}, 2)"
        )
    return deals, np.broadcast_to(scores, (deals.shape[0], 2))


def _table_bids(
    model: TableModel, variant: Variant, dealer: int, deals, upcard, scores, seats, contexts=None
) -> SeatBids:
    """:func:`seat_bids` of checked deals around one dealer and upcard."""
    count = deals.shape[0]
    upcards = np.full(count, -1 if upcard is None else upcard, np.int64)
    dealers = np.full(count, dealer, np.int64)
    return seat_bids(variant, model.teams, deals, upcards, dealers, scores, seats, contexts)


def _model_bid(
    bids: SeatBids, seat: int, round_: int, floor, high_seat, high_denom, stuck=None, stuck_turn=None
) -> np.ndarray:
    """The code each deal's ``seat`` bids: its wish in the context of the deal's
    ``high_seat`` (who holds the high bid, -1 nobody; one or one per deal) and
    ``high_denom`` (the high bid's denomination, likewise) where the
    auction allows it (auction rank above ``floor``), else a pass, or where ``stuck`` (a
    bool array) the contract of the dealer who may not pass at the AuctionState
    ``stuck_turn``."""
    variant = bids.variant
    contexts = np.broadcast_to(bid_contexts(seat, high_seat, high_denom), (bids.first.shape[1],))
    wish = bids.seat_wishes(round_ == 1, seat, contexts)
    floors = np.array(np.broadcast_to(np.asarray(floor, np.int64), wish.shape))  # a copy: writeable
    out = allowed_bids_many(np.ascontiguousarray(wish), floors, variant.classic)
    allowed = out != NO_BID
    if stuck is not None and (stuck & ~allowed).any():
        rows = np.arange(wish.shape[0])
        candidates, pick = stuck_choice(seat, stuck_turn.legal, lambda s, c: bids.estimate(rows, s, c))
        codes = np.array([bid_code(variant, c) for c in candidates], np.int64)
        out = np.where(stuck & ~allowed, codes[pick], out)
    return out


def _floor(variant: Variant, state: AuctionState) -> int:
    """The auction rank a bid must beat: classic bids are never outranked (-1)."""
    if variant.classic:
        return -1
    return variant.rank(state.winner[1]) if state.winner else 0


def _turns(variant: Variant) -> int:
    return variant.players * (2 if variant.classic else 1)


# --------------------------------------------------------------------------- continuation


@dataclass(frozen=True)
class Continuation:
    """The auction's end after each option of the analysed seat, on every deal.

    ``bidder[o, d]`` is the seat that won the auction after option ``options[o]`` on deal
    ``d`` (-1 when the cards are thrown in) and ``contract[o, d]`` an index into
    ``contracts`` (-1 for a throw-in).
    """

    options: tuple
    contracts: tuple[Contract, ...]
    bidder: np.ndarray
    contract: np.ndarray

    def final(self, option: int, deal: int) -> tuple[int, Contract] | None:
        """``(bidder, contract)`` after option index ``option`` on deal ``deal``, or None."""
        seat = int(self.bidder[option, deal])
        return None if seat < 0 else (seat, self.contracts[int(self.contract[option, deal])])


def continue_auction(
    model: TableModel,
    variant,
    dealer: int,
    seat: int,
    bids,
    deals,
    upcard: int | None = None,
    scores=None,
    options=None,
) -> Continuation:
    """Finish the auction after each of ``options`` of the analysed ``seat``, on every deal.

    ``bids`` is the auction so far (from the dealer's left), ending where ``seat`` is to
    bid; ``deals`` the (D, N) face-space hands as dealt (the analysed hand the same in
    every deal); ``upcard`` the classic upcard (one face for all deals); ``scores`` team A
    and B points, (2,) or (D, 2), default 0-0; ``options`` the analysed seat's bids
    (default: every legal bid, pass first when allowed).

    The later seats bid by ``model`` on each deal's hands: in bid euchre each may
    overcall (a bid above the high bid), the stuck dealer and ``all_pass`` apply; in the
    classic games round 1 continues and round 2 follows (stick the dealer when on;
    eight passes throw the cards in).  The analysed seat's own later bid (its round-2
    turn after it passed round 1 and round 1 all passed) is the model applied to its own
    hand: the same on every deal, since it depends on nothing else it does not know.
    Bid-euchre options of equal auction rank are continued once (of equal rank and
    denomination when the strategies' suit shifts read the high bid's denomination).
    """
    variant = as_variant(variant)
    dealer = seat_index(dealer, variant.players, "dealer")
    seat = seat_index(seat, variant.players, "seat")
    bids = list(bids)
    state = legal_bids(variant, dealer, bids, upcard)
    if state.seat_to_bid != seat:
        who = "nobody" if state.over else f"seat {state.seat_to_bid + 1}"
        raise RulesError(
            f"auction '{format_auction(bids)}' leaves {who} to bid, not seat {seat + 1}: "
            f"bids go round from the dealer's left (dealer is seat {dealer + 1})"
        )
    if options is None:
        options = ((PASS,) if state.can_pass() else ()) + state.legal
    options = tuple(options)
    for option in options:
        state.verify_bid(option)
    deals, scores = _checked_deals(variant, deals, scores)
    later = [(dealer + 1 + index) % variant.players for index in range(len(bids) + 1, _turns(variant))]
    table = _table_bids(model, variant, dealer, deals, upcard, scores, later)
    count = table.first.shape[1]
    # the high bid's rank and denomination (None without one) -> the later seats' last bids after it
    ends = {}
    by_denom = any(suit_shifted(model.teams, context) for context in range(CONTEXTS))
    bidder = np.empty((len(options), count), np.int64)
    code = np.empty((len(options), count), np.int64)
    for o, option in enumerate(options):
        after = state.bid(option)
        winner = after.winner
        if after.over:
            top_seat, top_code = np.full(count, NO_BID), np.full(count, NO_BID)
        else:
            key = None
            if winner is not None:
                key = (_floor(variant, after), winner[1].denom if by_denom else None)
            if key not in ends:
                ends[key] = _continue(table, after, dealer, upcard)
            top_seat, top_code = ends[key]
        base_seat, base_code = (winner[0], bid_code(variant, winner[1])) if winner else (NO_BID, NO_BID)
        bidder[o] = np.where(top_seat >= 0, top_seat, base_seat)
        code[o] = np.where(top_seat >= 0, top_code, base_code)
    distinct = sorted(set(np.unique(code).tolist()) - {NO_BID})
    index = np.full(max(distinct, default=0) + 2, NO_BID, np.int64)
    index[distinct] = np.arange(len(distinct))
    contracts = tuple(code_contract(variant, c) for c in distinct)
    return Continuation(options, contracts, bidder.astype(np.int8), index[code].astype(np.int16))


def _continue(table: SeatBids, state: AuctionState, dealer: int, upcard):
    """The last bid of the later seats on every deal (seat and code, -1 for none).

    In bid euchre every later bid overcalls; in the classic games the first bid ends
    the auction.  ``state`` is the auction after the analysed seat's option.
    """
    variant = table.variant
    n, count = variant.players, table.first.shape[1]
    top_seat = np.full(count, NO_BID, np.int64)
    top_code = np.full(count, NO_BID, np.int64)
    floor = np.full(count, _floor(variant, state), np.int64)
    live = np.ones(count, bool)
    no_winner = state.winner is None
    last = _turns(variant) - 1
    stuck_turn = legal_bids(variant, dealer, [PASS] * last, upcard)  # the dealer's turn, nobody bid
    for index in range(state.index, last + 1):
        seat = (dealer + 1 + index) % n
        stuck = None
        if index == last and no_winner and variant.dealer_stuck:
            stuck = live & (top_seat < 0)  # nobody has bid: the dealer may not pass
        high_seat = np.where(top_seat >= 0, top_seat, state.winner[0] if state.winner else NO_BID)
        # a classic auction ends at its first bid: only bid euchre's codes name a denomination
        high_denom = np.where(top_seat >= 0, top_code % 6, state.winner[1].denom if state.winner else 0)
        bid = _model_bid(table, seat, 1 + index // n, floor, high_seat, high_denom, stuck, stuck_turn)
        made = live & (bid >= 0)
        top_seat = np.where(made, seat, top_seat)
        top_code = np.where(made, bid, top_code)
        if variant.classic:
            live &= ~made  # the first order-up or call ends the auction
        else:
            floor = np.where(made, _auction_rank(variant, bid), floor)
    return top_seat, top_code


# --------------------------------------------------------------------------- inference


def matched_bids(
    model: TableModel, variant, dealer: int, bids, deals, upcard=None, scores=None, analysed=None, unheard=()
) -> np.ndarray:
    """Per deal, how many of the leading ``bids`` the model makes from that deal's hands
    (``len(bids)`` when it makes them all).  Bids of the ``analysed`` seat count as made:
    its hand is known, so its own bids say nothing about the unseen cards; so do those of
    the seats in ``unheard`` (:func:`unheard_passes`)."""
    variant = as_variant(variant)
    dealer = seat_index(dealer, variant.players, "dealer")
    bids = list(bids)
    legal_bids(variant, dealer, bids, upcard)  # one error for an illegal auction
    deals, scores = _checked_deals(variant, deals, scores)
    matched = np.zeros(deals.shape[0], np.int64)
    alive = np.arange(deals.shape[0])  # the deals that made every bid so far
    state = AuctionState.start(variant, dealer, upcard)
    for index, bid in enumerate(bids):
        if not alive.size:
            break
        seat = state.seat_to_bid
        if seat == analysed or seat in unheard:
            matched[alive] += 1
            state = state.bid(bid)
            continue
        # only the deals still alive, and only the seat to bid: the evaluator is the cost
        made = _turn_bids(model, variant, dealer, deals[alive], upcard, scores[alive], index, state)
        alive = alive[made == bid_code(variant, bid)]
        matched[alive] += 1
        state = state.bid(bid)
    return matched


def _turn_bids(model, variant, dealer, deals, upcard, scores, index, state) -> np.ndarray:
    """The bid code the seat to bid at ``state`` (the auction's turn ``index``) makes from
    each deal's hand under the model."""
    seat = state.seat_to_bid
    context = [_context(seat, state)]  # the one context of this turn
    table = _table_bids(model, variant, dealer, deals, upcard, scores, [seat], context)
    stuck = None if state.can_pass() else np.ones(deals.shape[0], bool)
    high_seat, high_denom = (state.winner[0], state.winner[1].denom) if state.winner else (NO_BID, 0)
    round_ = 1 + index // variant.players
    return _model_bid(table, seat, round_, _floor(variant, state), high_seat, high_denom, stuck, state)


def unheard_passes(
    model: TableModel, variant, dealer: int, bids, deal, upcard=None, scores=None, analysed=None
) -> tuple[int, ...]:
    """The seats whose pass in ``bids`` the model makes from none of the hands of a
    pilot, ``deal(PILOT_FIRST_INDEX, PASS_PILOT_DEALS)``, at that point of the auction:
    in Pigs and Hogs and six-handed every built-in table bids from the first seats with
    any hand (some level always clears its threshold), so a pass there is a player's
    choice the model cannot explain.  Exact inference does not hear such a pass (the
    seat's hand is dealt as if unknown) rather than find no deal at all; soft inference
    hears it as the seat's weakest hands.  The ``analysed`` seat's bids are not asked."""
    variant = as_variant(variant)
    dealer = seat_index(dealer, variant.players, "dealer")
    bids = list(bids)
    legal_bids(variant, dealer, bids, upcard)
    pilot, scores = _checked_deals(variant, deal(PILOT_FIRST_INDEX, PASS_PILOT_DEALS), scores)
    unheard = []
    state = AuctionState.start(variant, dealer, upcard)
    for index, bid in enumerate(bids):
        seat = state.seat_to_bid
        if bid == PASS and seat != analysed and state.can_pass():
            if not (_turn_bids(model, variant, dealer, pilot, upcard, scores, index, state) == NO_BID).any():
                unheard.append(seat)
        state = state.bid(bid)
    return tuple(unheard)


def unheard_text(seats, first: int = 1) -> str:
    """What :func:`unheard_passes` found, as a clause (empty when nothing): whose passes
    are not heard, and why."""
    if not seats:
        return ""
    who = ", ".join(str(seat + first) for seat in seats)
    one = len(seats) == 1
    who = f"the pass of seat {who} is" if one else f"the passes of seats {who} are"
    return (
        f"{who} not heard: the table model never passes there (from none of {PASS_PILOT_DEALS:,} "
        f"hands), so {'that hand is' if one else 'those hands are'} dealt as if unknown "
        "(--inference soft hears a pass as the weakest hands)"
    )


def consistent(
    model: TableModel, variant, dealer: int, bids, deals, upcard=None, scores=None, analysed=None, unheard=()
) -> np.ndarray:
    """bool per deal: would every earlier seat, holding that deal's cards, have made
    exactly its bid in ``bids`` under ``model`` at that point of the auction?  The
    ``analysed`` seat's own bids (classic round 1 before its round-2 turn) are not
    checked: they are known facts about a known hand, not evidence; nor are the passes
    of the seats in ``unheard`` (:func:`unheard_passes`)."""
    bids = list(bids)
    return matched_bids(model, variant, dealer, bids, deals, upcard, scores, analysed, unheard) == len(bids)


def auction_check(
    teams,
    variant,
    dealer: int,
    bids,
    upcard=None,
    scores=None,
    unchecked=(),
    soft_scale: float = 0.0,
    picked_up: bool = False,
    exchanger: int = -1,
) -> AuctionCheck:
    """The ``bids`` as PIMC's worlds check them (kernels.bidding.AuctionCheck): a row
    (seat, round one?, floor, code, bid context) for each bid of a seat not in
    ``unchecked``, and the thresholds of each seat's strategy in ``teams`` (team A's,
    team B's) in each bid context after the score terms at ``scores`` (team A and B
    points), the evaluator's tables, the
    dealer and the upcard.  A world explains the auction when every such seat, holding
    its cards of the world as dealt, would have made its bid (:func:`consistent` asks
    the same of whole deals); with a ``soft_scale`` (soft inference) it passes with the
    auction's likelihood at that width (:func:`soft_weights` gives the same of whole deals).
    ``picked_up``: the classic dealer picked the upcard up, so a world tests its bids on
    the hands it may have been dealt (kernels.world_auction.picked_up_chance);
    ``exchanger``: the seat of the Pig or six-handed Alone bidder, tested likewise on the
    hands it may have been dealt before the exchange (world_auction.exchange_chance), or -1."""
    variant = as_variant(variant)
    n = variant.players
    bids = list(bids)
    legal_bids(variant, dealer, bids, upcard)  # one error for an illegal auction
    rows = []
    state = AuctionState.start(variant, dealer, upcard)
    for index, bid in enumerate(bids):
        seat = state.seat_to_bid
        # a dealer who may not pass bids by table.stuck_choice, not by its wish: its
        # forced bid is not checked (it is always the auction's last bid)
        if seat not in unchecked and state.can_pass():
            context = _context(seat, state)
            rows.append((seat, int(index < n), _floor(variant, state), bid_code(variant, bid), context))
        state = state.bid(bid)
    scores = np.asarray((0, 0) if scores is None else scores, np.int64).reshape(1, 2)
    thresholds = np.stack(
        [
            threshold_columns(seat_thresholds(teams, scores, variant, dealer, context), (1, n))[0]
            for context in range(CONTEXTS)
        ],
        axis=1,
    )  # (seats, contexts, THRESHOLD_COLUMNS)
    return AuctionCheck(
        variant.classic,
        HOG in variant.spec.special_kinds,
        bool(dict(variant.rule_options).get("no_trump")),
        int(dealer),
        -1 if upcard is None else int(upcard),
        np.ascontiguousarray(thresholds, np.float64),
        bid_grid().estimate,
        round1_grid().estimate,
        round2_grid().estimate,
        # bids before passes: a named bid fits far fewer hands, and the first row a world
        # fails ends its test
        np.array(sorted(rows, key=lambda row: row[3] == NO_BID), np.int64).reshape(-1, 5),
        float(soft_scale),
        bool(picked_up),
        int(exchanger),
    )


# --------------------------------------------------------------------------- soft inference
# Soft inference runs the table model's own rule with every threshold test "estimate >=
# threshold" turned into the logistic sigma((estimate - threshold) / scale)
# (kernels.bidding: the same tests the wishes are made of, at width 0 there).  A deal's
# weight is the product over the earlier bids of the chance that the seat makes that
# bid; a dealer who may not pass adds the chance it wants nothing when the bid is its
# forced bid.  As ``scale`` goes to 0 the weights become :func:`consistent` (0 or 1).
# The default width, ``SOFT_SCALE``, is kernels.bidding's, where PIMC's worlds use it too.


def _soft_bid(table: SeatBids, every_threshold: dict, state, bid, scale) -> np.ndarray:
    """P(the seat to bid at ``state`` makes ``bid``) on every deal, the soft model;
    ``every_threshold`` the seats' thresholds in the bid context of this turn."""
    variant, seat = table.variant, state.seat_to_bid
    column = table.columns.index(seat)
    thresholds = {name: value[:, seat] for name, value in every_threshold.items()}
    code = bid_code(variant, bid)
    if variant.classic:
        est = ClassicEstimates(table.estimates.order[:, column], table.estimates.call[:, column])
        no_trump = bool(dict(variant.rule_options).get("no_trump"))
        round_one = state.index < variant.players

        def chance(floor: int, code: int) -> np.ndarray:
            return classic_chances(est, thresholds, state.upcard // 6, no_trump, round_one, code, scale)

    else:
        every = table.estimates
        est = BidEstimates(every.level[:, column], every.exchange_alone[:, column], every.hog[:, column])
        has_hog = HOG in variant.spec.special_kinds

        def chance(floor: int, code: int) -> np.ndarray:
            return bid_euchre_chances(est, thresholds, has_hog, floor, code, scale)

    weight = chance(_floor(variant, state), code)
    if not state.can_pass():  # the stuck dealer: its forced bid when it wants nothing
        rows = np.arange(weight.shape[0])
        candidates, pick = stuck_choice(seat, state.legal, lambda s, c: table.estimate(rows, s, c))
        forced = np.array([bid_code(variant, c) for c in candidates])[pick]
        weight = weight + chance(0, NO_BID) * (forced == code)
    return weight


def soft_weights(
    model: TableModel,
    variant,
    dealer: int,
    bids,
    deals,
    upcard=None,
    scores=None,
    analysed=None,
    scale: float = SOFT_SCALE,
    unheard=(),
) -> np.ndarray:
    """Soft inference: per deal, the likelihood of ``bids`` under the table model with
    every threshold test smoothed by a logistic of width ``scale`` (the comment above);
    the ``analysed`` seat's own bids and those of the seats in ``unheard`` (bids not
    known) weigh 1 (inference.effective_sample_size sums them up)."""
    variant = as_variant(variant)
    dealer = seat_index(dealer, variant.players, "dealer")
    bids = list(bids)
    legal_bids(variant, dealer, bids, upcard)
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not scale > 0:
        raise RulesError(f"soft inference scale {scale!r}: allowed is a number above 0")
    deals, scores = _checked_deals(variant, deals, scores)
    n = variant.players
    bidders = [(dealer + 1 + index) % n for index in range(len(bids))]
    # the soft rule reads the estimates and the thresholds, never the wishes: decide none
    heard = set(bidders) - {analysed} - set(unheard)
    table = _table_bids(model, variant, dealer, deals, upcard, scores, heard, ())
    thresholds = {}  # by bid context, as the auction reaches it
    weights = np.ones(deals.shape[0])
    state = AuctionState.start(variant, dealer, upcard)
    for bid in bids:
        seat = state.seat_to_bid
        if seat in heard:
            context = _context(seat, state)
            if context not in thresholds:
                thresholds[context] = seat_thresholds(model.teams, scores, variant, dealer, context)
            weights *= _soft_bid(table, thresholds[context], state, bid, scale)
        state = state.bid(bid)
    return weights


__all__ = [
    "NO_BID",
    "NO_TABLE",
    "NO_TABLE_DESCRIPTION",
    "PASS_PILOT_DEALS",
    "PILOT_FIRST_INDEX",
    "SOFT_SCALE",
    "Continuation",
    "SeatBids",
    "TableModel",
    "auction_check",
    "bid_code",
    "bid_euchre_wish",
    "code_contract",
    "consistent",
    "continue_auction",
    "contract_of",
    "decide_bids",
    "forced_bid",
    "matched_bids",
    "run_auction",
    "seat_bids",
    "soft_weights",
    "stuck_choice",
    "table_model",
    "unheard_passes",
    "unheard_text",
]
