"""The hand analyser: contract estimates, expected points and bid advice for one hand.

:func:`analyse_hand` answers "what is this hand worth?" for one seat.  It deals the
unseen cards many times consistently with what the player knows (their own hand; in
``euchre``/``piq`` also the upcard: in the dealer's hand after a pick-up, out of play
once turned down), plays every contract on those deals under a play model, and scores
the bidder side's tricks with the variant's table.  The result is one row per contract
with P(make) and its 95% Wilson interval, the trick distribution and expected points,
plus the advice: the legal bid with the best net expectation.

Method, and the decisions the rules leave to the analyser:

* **Common random numbers.**  Every contract is played on the same main deals (deal
  ``i`` is a pure function of the seed and ``i``), so differences between contracts are
  differences between the contracts, not sampling noise.  Paired per-deal differences
  give the advice margin its interval.
* **Who plays.**  The bidder's partners and opponents hold the unseen cards.  Level
  contracts are played by every seat with the bidder leading (``pigs-and-hogs``,
  ``six-handed``); Pig, Hog and Alone with the partners sitting out; classic contracts
  with the player left of the dealer leading (the next active seat if that one sits out).
* **Layouts.**  Contracts that lie and play alike share one trick count per deal: all
  levels of a denomination are solved once and scored per level.
* **Sweep contracts** (Pig, Hog, six-handed Alone) under ``dd`` first ask the solver's
  cheap target question "can the bidder take all the tricks?" on every deal; the exact
  trick count (which decides the defenders' points when the sweep fails) is solved only
  on the deals where the answer is no.
* **Discards chosen before the cards are seen** (Pig and six-handed Alone: two cards
  before the gifts; a classic dealer who is the analysed player: one of its six after
  picking up) are searched on a separate set of *search deals* (the same seed, deal
  indexes from ``SEARCH_FIRST_INDEX``), every option on the same search deals.  Pig and
  Alone keep the pair that sweeps most often (ties: the pair whose better card is the
  weaker); a dealer keeps the discard with the best net expectation.  The chosen discard
  is then played on the main deals, so the reported figure is not inflated by the choice.
  Partners' gifts follow ``gift_policy`` (default ``highest``, RULES.md); another
  dealer discards by :func:`simulate.exchange.dealer_pickup`'s documented policy.
* **Advice.**  Passing, where the auction allows it, counts as 0 net points (the
  analyser does not model what the others would bid).  Bids with the same score on
  every deal (in ``pigs-and-hogs`` a made level scores the tricks taken, so 2 and 3
  Hearts tie when 3 are always made) are equivalent; the highest is advised (raising
  costs nothing on these deals and is harder to overcall) and the margin is taken over
  the best bid that is not equivalent.
* **Auction.**  Without ``auction`` everyone before the player is taken to have passed
  (in round ``round_`` for classic variants).
* ``precision``: deal in batches until every P(make) interval's half-width is below it,
  or ``max_deals`` is reached (``settings["precision_met"]`` says which).
* **Interrupted runs** (Ctrl-C) keep the main deals finished so far, in steps of
  ``CHUNK`` deals, and report on them with ``settings["interrupted"]`` set; an
  interruption before the first step is finished stops the run.
* Not modelled: what the others' bids or passes say about their hands, and the classic
  misdeal options (farmer's hand, ace-no-face) in the unseen hands.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .auction import format_auction, legal_bids, parse_auction
from .cards import CardError, faces_to_mask, format_card, format_cards, mask_to_faces, parse_card, parse_cards
from .deal import deal_unseen
from .exchange import GIFT_POLICIES, apply_exchange, dealer_pickup, discard_pairs, sitting_out_mask
from .kernels.tables import POSITION, SUIT_AT, TRUMP
from .play import PLAY_MODELS, play_deals
from .rules import (
    DENOM_NAMES,
    LEVEL,
    ORDER_UP,
    PASS,
    Contract,
    RulesError,
    Variant,
    all_contracts,
    as_variant,
    check_contract,
    parse_contract,
    score_table,
)
from .stats import deals_for_half_width, mean_half_width, next_total, wilson_half_width, wilson_interval

DEFAULT_SEED = 20240601
DEFAULT_DEALS = 2000
PRECISION_FIRST_BATCH = 500
PRECISION_MIN_BATCH = 500  # a predicted need can fall a few deals short: never add fewer
DEFAULT_MAX_DEALS = 50_000
SEARCH_FIRST_INDEX = 1 << 40  # far beyond any main deal index, so search deals are always fresh
# Deals per step of the main loop: big enough to keep both cores busy (each step ends
# with one thread waiting for the other's last deal) and the per-call cost small; an
# interrupted run keeps every finished step.  A full Pigs-and-Hogs dd step of 250 deals
# takes about two seconds on 2 cores (the 1,000-deal analysis took 9.1 s in steps of
# 100, 8.8 s in steps of 250).
CHUNK = {"dd": 250, "heuristic": 20_000, "random": 20_000}
TOP_PAIRS = 3  # discard pairs reported per Pig / Alone contract


# --------------------------------------------------------------------------- the question


@dataclass(frozen=True)
class Question:
    """Everything an analysis depends on, checked: what the player knows and asks."""

    variant: Variant
    hand: int  # face-space mask of the player's cards
    seat: int  # 0-based
    dealer: int  # 0-based
    upcard: int | None  # face, classic variants only
    round_: int | None
    bids: tuple  # the auction so far (Contract or PASS), from the dealer's left
    auction_given: bool
    contracts: tuple[Contract, ...]
    play: str
    seed: int
    gift_policy: str

    @property
    def players(self) -> int:
        return self.variant.players

    @property
    def hand_size(self) -> int:
        return self.variant.hand_size

    @property
    def leader(self) -> int:
        """Bid euchre: the bidder leads.  Classic: the player left of the dealer."""
        return (self.dealer + 1) % self.players if self.variant.classic else self.seat

    @property
    def upcard_mask(self) -> int:
        return 0 if self.upcard is None else 1 << (2 * self.upcard)


def make_question(
    variant,
    hand,
    seat=0,
    dealer=None,
    auction=None,
    contracts=None,
    play="dd",
    seed=DEFAULT_SEED,
    upcard=None,
    round_=None,
    gift_policy="highest",
) -> Question:
    """Check every input once, with errors that name the bad value and what is allowed."""
    variant = as_variant(variant)
    n = variant.players
    seat = _seat_index(seat, n, "seat")
    dealer = n - 1 if dealer is None else _seat_index(dealer, n, "dealer")
    hand_mask = _hand_mask(variant, hand)
    upcard_face = _upcard(variant, upcard, hand_mask)
    if round_ is not None and (not variant.classic or round_ not in (1, 2)):
        allowed = "1 or 2" if variant.classic else f"none: {variant.name} has one round of bidding"
        raise RulesError(f"round {round_!r}: allowed is {allowed}")
    if play not in PLAY_MODELS:
        raise RulesError(f"play model {play!r}: models are {', '.join(PLAY_MODELS)}")
    if gift_policy not in GIFT_POLICIES:
        raise RulesError(f"gift policy {gift_policy!r}: policies are {', '.join(GIFT_POLICIES)}")
    if not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise RulesError(f"seed {seed!r}: allowed is a whole number from 0 to 2**64 - 1")
    bids, given = _auction(variant, dealer, seat, auction, upcard_face, round_)
    if round_ is None and variant.classic and given:
        round_ = 1 if len(bids) < n else 2
    chosen = _contracts(variant, contracts, upcard_face, round_)
    return Question(
        variant,
        hand_mask,
        seat,
        dealer,
        upcard_face,
        round_,
        tuple(bids),
        given,
        tuple(chosen),
        play,
        int(seed),
        gift_policy,
    )


def _seat_index(seat, n: int, what: str) -> int:
    if not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise RulesError(f"{what} index {seat!r}: seat indexes are 0 to {n - 1} (seat 1 of the rules is 0)")
    return int(seat)


def _card_text(card) -> str:
    """A card given as text, or as a face 0..23, as text."""
    if isinstance(card, str):
        return card
    if not isinstance(card, (int, np.integer)) or not 0 <= card < 24:
        raise CardError(f"unknown card {card!r}: give card text such as JH, or a face 0 to 23")
    return format_card(int(card))


def _hand_mask(variant: Variant, hand) -> int:
    """The hand (card text, or a list of cards) as a face-space mask, checked."""
    text = hand if isinstance(hand, str) else " ".join(_card_text(card) for card in hand)
    return faces_to_mask(parse_cards(text, copies=variant.copies, size=variant.hand_size))


def _upcard(variant: Variant, upcard, hand: int) -> int | None:
    if not variant.classic:
        if upcard is not None:
            raise RulesError(f"upcard {upcard}: {variant.name} has no kitty and no upcard")
        return None
    if upcard is None:
        raise RulesError(f"{variant.name} analysis needs the upcard: give --upcard, e.g. 9S")
    face = parse_card(_card_text(upcard))
    if hand & (1 << (2 * face)):
        raise CardError(
            f"upcard {format_card(face)} is also in the hand {format_cards(mask_to_faces(hand))}: "
            f"the deck has one {format_card(face)}"
        )
    return face


def _auction(variant, dealer, seat, auction, upcard, round_) -> tuple[list, bool]:
    """The bids so far; without an auction, passes up to the player's turn."""
    n = variant.players
    if auction is None or (isinstance(auction, str) and not auction.strip()):
        passes = (seat - dealer - 1) % n + (n if round_ == 2 else 0)
        bids, given = [PASS] * passes, False
    elif isinstance(auction, str):
        bids, given = parse_auction(auction, variant, dealer, upcard), True
    else:
        bids, given = list(auction), True
    to_bid, _, _ = legal_bids(variant, dealer, bids, upcard)
    if to_bid is None:
        raise RulesError(f"auction '{format_auction(bids)}' is already over: nobody is left to bid")
    if to_bid != seat:
        raise RulesError(
            f"auction '{format_auction(bids)}' leaves seat {to_bid + 1} to bid, not seat {seat + 1}: "
            f"bids go round from the dealer's left (dealer is seat {dealer + 1})"
        )
    if round_ is not None and variant.classic and given and (1 if len(bids) < n else 2) != round_:
        raise RulesError(f"round {round_}: the auction '{format_auction(bids)}' is in round {3 - round_}")
    return bids, given


def _contracts(variant, contracts, upcard, round_) -> list[Contract]:
    if contracts is None:
        return list(all_contracts(variant, upcard, round_))
    if isinstance(contracts, str):
        contracts = [part for part in contracts.split(",") if part.strip()]
    out = []
    for item in contracts:
        contract = item if isinstance(item, Contract) else parse_contract(item, variant, upcard)
        check_contract(variant, contract)
        if contract not in out:
            out.append(contract)
    if not out:
        raise RulesError("contracts '': name at least one contract, e.g. 'Hog Hearts, 6 Low'")
    return out


# --------------------------------------------------------------------------- layouts

NO_EXCHANGE, PARTNER_GIFTS, PICKUP = "none", "gifts", "pickup"


@dataclass(frozen=True)
class Layout:
    """How the cards lie and who plays once a contract is bid, up to the first lead.

    Contracts with the same layout share one trick count per deal.
    """

    exchange: str  # NO_EXCHANGE, PARTNER_GIFTS (Pig / Alone) or PICKUP (classic order up)
    denom: int
    active: int  # seats that play
    sweep: bool  # made only by taking every trick: ask the cheap target question first

    def searches_discard(self, question: Question) -> bool:
        analysed_dealer = self.exchange == PICKUP and question.seat == question.dealer
        return self.exchange == PARTNER_GIFTS or analysed_dealer


def layout_of(question: Question, contract: Contract) -> Layout:
    if contract.exchange:
        exchange = PARTNER_GIFTS
    elif contract.kind == ORDER_UP:
        exchange = PICKUP
    else:
        exchange = NO_EXCHANGE
    sweep = not question.variant.classic and contract.plays_alone
    active = sitting_out_mask(question.variant, contract, question.seat)
    return Layout(exchange, contract.denom, active, sweep)


def lay_out(question: Question, layout: Layout, deals: np.ndarray, discard: int | None) -> np.ndarray:
    """The hands as play begins: after the exchange of the layout, if any, with the
    hands of seats that sit out set aside (empty, as the solver expects)."""
    if layout.exchange == PARTNER_GIFTS:
        hands = apply_exchange(deals, layout.denom, question.seat, discard, question.gift_policy)
    elif layout.exchange == PICKUP:
        hands = dealer_pickup(deals, question.dealer, question.upcard, layout.denom, discard)
    else:
        hands = deals.copy()
    sitting_out = [seat for seat in range(question.players) if not layout.active >> seat & 1]
    hands[:, sitting_out] = 0
    return hands


def play_out(question: Question, layout: Layout, hands: np.ndarray, first_index: int) -> np.ndarray:
    """Tricks taken by the bidder's side on each deal (int8), under the question's play model."""
    args = (hands, layout.denom, question.seat, question.leader, layout.active)
    if question.play == "dd" and layout.sweep:
        tricks = np.full(hands.shape[0], question.hand_size, np.int8)
        failed = np.flatnonzero(~sweeps(question, layout, hands, first_index))
        if failed.size:
            tricks[failed] = play_deals(hands[failed], *args[1:], model="dd")
        return tricks
    return play_deals(*args, model=question.play, seed=question.seed, first_index=first_index)


def sweeps(
    question: Question, layout: Layout, hands: np.ndarray, first_index: int, progress=None
) -> np.ndarray:
    """Per deal, does the lone bidder take every trick?  (The cheap question, for the search.)"""
    if question.play == "dd":
        from .solve import solve_many  # only double-dummy questions load the solver's module

        return solve_many(
            hands,
            layout.denom,
            question.seat,
            question.leader,
            layout.active,
            target=question.hand_size,
            progress=progress,
        ).astype(bool)
    swept = play_out(question, layout, hands, first_index) == question.hand_size
    if progress is not None:
        progress(hands.shape[0])
    return swept


def play_layouts(question: Question, laid: dict, first_index: int, progress) -> dict:
    """Tricks of the bidder's side per deal for each layout's hands (``laid[layout]``).

    Under ``dd`` the whole chunk is two solver calls, so its threads share every layout:
    first the sweep question for every sweep layout's deals, then the exact count of
    each deal that did not sweep together with every level contract's deals.  (One call
    per layout left a thread idle behind each hard deal, and calls cost set-up.)  On the
    progress bar a sweep layout's deal is one play, counted when its question is
    answered; the exact counts of failed sweeps, solved last, add none.
    """
    if question.play != "dd":
        tricks = {}
        for layout, hands in laid.items():
            tricks[layout] = play_out(question, layout, hands, first_index)
            progress.update(hands.shape[0])
        return tricks
    from .solve import solve_many  # only double-dummy questions load the solver's module

    def solve_together(layouts, rows, target=None, on_progress=None):
        hands = np.concatenate([laid[layout][rows[layout]] for layout in layouts])
        sizes = [rows[layout].size for layout in layouts]
        solved = solve_many(
            hands,
            np.repeat([layout.denom for layout in layouts], sizes),
            question.seat,
            question.leader,
            np.repeat([layout.active for layout in layouts], sizes),
            target=target,
            progress=on_progress,
        )
        return dict(zip(layouts, np.split(solved, np.cumsum(sizes)[:-1])))

    every_row = {layout: np.arange(hands.shape[0]) for layout, hands in laid.items()}
    tricks = {}
    exact_rows = {}
    sweep_layouts = [layout for layout in laid if layout.sweep]
    if sweep_layouts:
        swept = solve_together(
            sweep_layouts, every_row, target=question.hand_size, on_progress=progress.update
        )
        for layout in sweep_layouts:
            tricks[layout] = np.full(laid[layout].shape[0], question.hand_size, np.int8)
            exact_rows[layout] = np.flatnonzero(swept[layout] == 0)
    for layout in laid:
        if not layout.sweep:
            exact_rows[layout] = every_row[layout]
    # the six-seat level deals first, the cheap counts of failed sweeps last: those fill
    # the end of the call, so neither thread waits long for the other to finish
    exact = sorted(
        (layout for layout, rows in exact_rows.items() if rows.size), key=lambda layout: layout.sweep
    )
    if exact:
        level_deals = sum(exact_rows[layout].size for layout in exact if not layout.sweep)
        for layout, counted in solve_together(
            exact, exact_rows, on_progress=progress.capped(level_deals)
        ).items():
            if layout.sweep:
                tricks[layout][exact_rows[layout]] = counted
            else:
                tricks[layout] = counted
    return tricks


# --------------------------------------------------------------------------- discard search


def _card_strength(face: int, denom: int) -> tuple[bool, int]:
    """(is trump, place inside its suit) in the contract's ranking, for tie-breaks."""
    position = int(POSITION[denom, face])
    suit = SUIT_AT[denom, position]
    place = int(np.sum(SUIT_AT[denom, :position] == suit))
    return bool(suit == TRUMP[denom]), place


def _weakness_key(discard: int, denom: int) -> list:
    """Sort key that puts first the discard whose best card is weakest (then its next card)."""
    return sorted((_card_strength(face, denom) for face in mask_to_faces(discard)), reverse=True)


def _search_options(question: Question, layout: Layout) -> list[int]:
    if layout.exchange == PARTNER_GIFTS:
        return discard_pairs(question.hand)
    six = question.hand | question.upcard_mask
    return [1 << bit for bit in range(48) if six >> bit & 1]


@dataclass
class DiscardSearch:
    """The discard options of one layout, each scored on the same search deals."""

    layout: Layout
    options: list[int]
    successes: np.ndarray  # sweeps (Pig / Alone) per option
    net: np.ndarray  # mean net points per option (dealer pick-up); NaN for Pig / Alone
    deals: int

    def ranked(self) -> list[int]:
        """Option indexes, best first: most sweeps (Pig / Alone) or best net (pick-up);
        ties to the discard whose best card is weakest."""
        score = self.net if self.layout.exchange == PICKUP else self.successes
        return sorted(
            range(len(self.options)),
            key=lambda i: (-score[i], _weakness_key(self.options[i], self.layout.denom)),
        )

    @property
    def chosen(self) -> int:
        return self.options[self.ranked()[0]]

    def table(self, limit: int | None = None) -> pd.DataFrame:
        order = self.ranked()[:limit]
        low, high = wilson_interval(self.successes[order], self.deals)
        frame = pd.DataFrame(
            {
                "discards": [format_cards(mask_to_faces(self.options[i])) for i in order],
                "p_make": self.successes[order] / self.deals,
                "ci_low": low,
                "ci_high": high,
                "deals": self.deals,
            }
        )
        if self.layout.exchange == PICKUP:
            frame["ev_net"] = self.net[order]
        return frame


def search_discard(
    question: Question,
    layout: Layout,
    contracts: list[Contract],
    deals: np.ndarray,
    first_index: int,
    progress,
) -> DiscardSearch:
    """Try every discard on the same search deals and keep the best (see the module notes)."""
    options = _search_options(question, layout)
    count = deals.shape[0]
    successes = np.zeros(len(options), np.int64)
    net = np.full(len(options), np.nan)
    if layout.exchange == PARTNER_GIFTS and question.play == "dd":
        # Every pair at once: the deals repeated once per pair, each copy with its pair's
        # discards, so the search is one exchange and one solver call, not 28 of each.
        # (Random play keeps one call per pair: its streams follow the deal index.)
        discards = np.repeat(np.array(options, np.uint64), count)
        hands = lay_out(question, layout, np.tile(deals, (len(options), 1)), discards)
        swept = sweeps(question, layout, hands, first_index, progress.update).reshape(len(options), count)
        successes[:] = np.count_nonzero(swept, axis=1)
    else:
        table = score_table(question.variant, contracts[0])
        needed = contracts[0].tricks_needed(question.hand_size)
        for i, discard in enumerate(options):
            hands = lay_out(question, layout, deals, discard)
            if layout.exchange == PARTNER_GIFTS:
                successes[i] = int(np.count_nonzero(sweeps(question, layout, hands, first_index)))
            else:
                tricks = play_out(question, layout, hands, first_index)
                successes[i] = int(np.count_nonzero(tricks >= needed))
                net[i] = float(np.mean(table[tricks, 0] - table[tricks, 1]))
            progress.update(count)
    return DiscardSearch(layout, options, successes, net, count)


# --------------------------------------------------------------------------- the result


class AnalysisResult(pd.DataFrame):
    """One row per contract, plus ``advice``, ``settings``, ``discard_search``, the checked
    ``question`` and the per-deal trick counts behind the rows (``deal_tricks``: contract
    text -> int8 array on the main deals).
    """

    _metadata = ["advice", "settings", "discard_search", "deal_tricks", "question"]  # noqa: RUF012 (pandas metadata protocol)

    @property
    def _constructor(self):
        return AnalysisResult

    def row(self, contract) -> pd.Series:
        text = str(contract)
        match = self[self["contract"] == text]
        if match.empty:
            analysed = ", ".join(self["contract"])
            raise RulesError(f"contract {text!r} was not analysed: analysed are {analysed}")
        return match.iloc[0]


def contract_row(
    question: Question, contract: Contract, tricks: np.ndarray, legal: bool, discards: str
) -> dict:
    """Estimates for one contract from its bidder-side trick counts on the main deals."""
    n = tricks.shape[0]
    size = question.hand_size
    made = int(np.count_nonzero(tricks >= contract.tricks_needed(size)))
    low, high = wilson_interval(made, n)
    table = score_table(question.variant, contract)
    bidders, defenders = table[tricks, 0], table[tricks, 1]
    row = {
        "contract": str(contract),
        "kind": contract.kind,
        "denomination": DENOM_NAMES[contract.denom],
        "level": contract.level if contract.kind == LEVEL else 0,
        "legal": legal,
        "p_make": made / n,
        "ci_low": float(low),
        "ci_high": float(high),
        "deals": n,
        "mean_tricks": float(np.mean(tricks)),
        "tricks": (np.bincount(tricks, minlength=size + 1) / n).tolist(),
        "ev": float(np.mean(bidders)),
        "ev_defenders": float(np.mean(defenders)),
        "ev_net": float(np.mean(bidders - defenders)),
        "ev_net_ci": mean_half_width(bidders - defenders),
    }
    if question.variant.classic:
        row["p_march"] = float(np.mean(tricks == size))
        row["p_euchred"] = float(np.mean(tricks < contract.tricks_needed(size)))
    row["discards"] = discards
    return row


def net_points(question: Question, contract: Contract, tricks: np.ndarray) -> np.ndarray:
    table = score_table(question.variant, contract)
    return table[tricks, 0] - table[tricks, 1]


def advise(
    question: Question, deal_tricks: dict[str, np.ndarray], legal: list[Contract], may_pass: bool
) -> dict:
    """The legal bid with the best net expectation, and its margin over the runner-up.

    Among bids with the same best expectation the highest bid is advised (bids that
    score alike on every deal cost nothing to raise, and a higher bid is harder to
    overcall); bids that score the same on every deal are listed as equivalent, and the
    margin is taken over the best bid that is not.
    """
    candidates = []  # (order, text, per-deal net points); passing ranks below every bid
    for contract in question.contracts:
        if contract in legal:
            values = net_points(question, contract, deal_tricks[str(contract)])
            candidates.append(((contract.rank, contract.alone), str(contract), values))
    if may_pass:
        n = next(iter(deal_tricks.values())).shape[0]
        candidates.append(((-1, False), PASS, np.zeros(n, np.int64)))
    if not candidates:
        return {
            "bid": None,
            "may_pass": may_pass,
            "reason": "no analysed contract is a legal bid here and passing is not allowed",
        }
    means = [float(np.mean(values)) for _, _, values in candidates]
    best = max(range(len(candidates)), key=lambda i: (means[i], candidates[i][0]))
    best_values = candidates[best][2]
    equivalent = [
        i for i in range(len(candidates)) if i != best and np.array_equal(candidates[i][2], best_values)
    ]
    others = [i for i in range(len(candidates)) if i != best and i not in equivalent]
    advice = {
        "bid": candidates[best][1],
        "ev_net": means[best],
        "equivalent": [candidates[i][1] for i in equivalent],
        "may_pass": may_pass,
        "runner_up": None,
        "runner_up_ev_net": None,
        "margin": None,
        "margin_ci": None,
    }
    if others:
        runner = max(others, key=lambda i: (means[i], candidates[i][0]))
        advice.update(
            runner_up=candidates[runner][1],
            runner_up_ev_net=means[runner],
            margin=means[best] - means[runner],
            margin_ci=mean_half_width(best_values - candidates[runner][2]),
        )
    return advice


class _Progress:
    """A tqdm bar on stderr (never stdout) that appears once a run has taken ``delay`` seconds.

    ``delay``: None or False for no bar, True for one second, or a number of seconds.
    """

    def __init__(self, delay, total: int):
        self.bar = None
        self.lock = threading.Lock()
        if delay is not None and delay is not False:
            from tqdm import tqdm

            seconds = 1.0 if delay is True else float(delay)
            self.bar = tqdm(
                total=total,
                file=sys.stderr,
                delay=seconds,
                unit="play",
                leave=False,
                desc="analysing",
                dynamic_ncols=True,
            )

    def update(self, count: int) -> None:
        """Add ``count`` finished plays; safe to call from the solver's threads."""
        if self.bar is not None:
            with self.lock:
                self.bar.update(count)

    def capped(self, limit: int):
        """An ``update`` for a solver call that passes on at most ``limit`` plays in all
        (the call's deals beyond them, solved last, are not plays of their own)."""
        left = [limit]

        def update(count: int) -> None:
            with self.lock:
                count = min(count, left[0])
                left[0] -= count
            self.update(count)

        return update

    def phase(self, name: str) -> None:
        """Name the part of the run under way: its plays can differ a thousandfold in cost
        (a Pig sweep question against an exact six-seat count), so the rate alone misleads."""
        if self.bar is not None:
            self.bar.set_description(f"analysing: {name}", refresh=False)

    def grow(self, extra: int) -> None:
        if self.bar is not None:
            self.bar.total += extra
            self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# --------------------------------------------------------------------------- the analysis


def analyse_hand(
    variant,
    hand,
    seat: int = 0,
    dealer: int | None = None,
    auction=None,
    contracts=None,
    deals: int | None = None,
    precision: float | None = None,
    play: str = "dd",
    seed: int = DEFAULT_SEED,
    upcard=None,
    round_: int | None = None,
    gift_policy: str = "highest",
    max_deals: int = DEFAULT_MAX_DEALS,
    progress: bool | float = False,
) -> AnalysisResult:
    """Estimate every contract (or ``contracts``) for ``hand`` held by ``seat``.

    Seats are 0-based (seat 1 of the rules is 0); ``dealer`` defaults to the last seat.
    ``hand`` is card text (``"JH JH JD AH KH QH 9S AC"``) or a list of cards;
    ``auction`` is bid text from the dealer's left (``"3 Clubs, pass"``) or a bid list;
    ``contracts`` is text (``"Hog Hearts, 6 Low"``) or a list; ``upcard`` (classic) a card.
    ``deals`` is the number of main deals (default 2000); with ``precision`` it is the
    first batch (default 500) and dealing goes on until every P(make) interval's
    half-width is below ``precision`` or ``max_deals`` is reached.  ``progress=True`` shows
    a bar on stderr once the run takes over a second (a number: after that many seconds).

    Returns an :class:`AnalysisResult`: a DataFrame with one row per contract (columns
    ``contract, kind, denomination, level, legal, p_make, ci_low, ci_high, deals,
    mean_tricks, tricks, ev, ev_defenders, ev_net, ev_net_ci``, classic also ``p_march,
    p_euchred``, and ``discards``) and attributes ``advice``, ``settings`` (seats
    numbered from 1 there, as users see them), ``discard_search`` and ``deal_tricks``.

    >>> result = analyse_hand("euchre", "JH JD AH KH QH", upcard="9H", contracts="order up", deals=50)
    >>> float(result.row("order up")["p_make"])
    1.0
    """
    question = make_question(
        variant, hand, seat, dealer, auction, contracts, play, seed, upcard, round_, gift_policy
    )
    first_batch, cap = _deal_counts(deals, precision, max_deals)
    _, legal, may_pass = legal_bids(question.variant, question.dealer, list(question.bids), question.upcard)
    layouts: dict[Layout, list[Contract]] = {}
    for contract in question.contracts:
        layouts.setdefault(layout_of(question, contract), []).append(contract)
    searched = [layout for layout in layouts if layout.searches_discard(question)]
    search_work = sum(len(_search_options(question, layout)) for layout in searched) * first_batch
    progress_bar = _Progress(progress, search_work + len(layouts) * first_batch)
    try:
        search_deals = _search_deals(question, first_batch) if searched else None
        progress_bar.phase("discard search")
        searches = {
            layout: search_discard(
                question, layout, layouts[layout], search_deals, SEARCH_FIRST_INDEX, progress_bar
            )
            for layout in searched
        }
        progress_bar.phase("main deals")
        tricks, interrupted = _play_main_deals(
            question, layouts, searches, first_batch, precision, cap, progress_bar
        )
    finally:
        progress_bar.close()

    deal_tricks = {str(contract): tricks[layout_of(question, contract)] for contract in question.contracts}
    result = AnalysisResult(
        [
            contract_row(
                question,
                contract,
                deal_tricks[str(contract)],
                contract in legal,
                _discard_text(question, layout_of(question, contract), searches),
            )
            for contract in question.contracts
        ]
    )
    result.question = question
    result.deal_tricks = deal_tricks
    result.advice = advise(question, deal_tricks, legal, may_pass)
    result.discard_search = {
        str(contract): searches[layout].table(TOP_PAIRS if layout.exchange == PARTNER_GIFTS else None)
        for contract in question.contracts
        for layout in [layout_of(question, contract)]
        if layout in searches
    }
    dealt = next(iter(deal_tricks.values())).shape[0]
    result.settings = _settings(
        question, dealt, precision, cap, result, first_batch if searches else 0, interrupted
    )
    return result


def _search_deals(question: Question, count: int) -> np.ndarray:
    """The search deals: the same seed, deal indexes from SEARCH_FIRST_INDEX."""
    return deal_unseen(
        question.variant,
        {question.seat: question.hand},
        question.upcard_mask,
        seed=question.seed,
        first_index=SEARCH_FIRST_INDEX,
        count=count,
    )


def _play_main_deals(
    question: Question, layouts: dict, searches: dict, first_batch: int, precision, cap: int, progress_bar
) -> tuple[dict[Layout, np.ndarray], bool]:
    """Tricks per main deal for every layout: ``first_batch`` deals, then with a precision
    more batches until every P(make) interval is narrow enough or the cap is reached.

    Also returns whether the run was interrupted (Ctrl-C) after its first chunk: the
    tricks then cover the chunks finished before it."""
    tricks: dict[Layout, list[np.ndarray]] = {layout: [] for layout in layouts}
    chunk = CHUNK[question.play]
    dealt, total = 0, first_batch
    interrupted = False
    while total > dealt and not interrupted:
        for start in range(dealt, total, chunk):
            count = min(chunk, total - start)
            batch = deal_unseen(
                question.variant,
                {question.seat: question.hand},
                question.upcard_mask,
                seed=question.seed,
                first_index=start,
                count=count,
            )
            laid = {
                layout: lay_out(
                    question, layout, batch, searches[layout].chosen if layout in searches else None
                )
                for layout in layouts
            }
            try:
                played = play_layouts(question, laid, start, progress_bar)
            except KeyboardInterrupt:
                if start == 0:
                    raise
                interrupted = True  # keep the chunks already finished: every layout has them all
                break
            for layout in layouts:
                tricks[layout].append(played[layout])
        else:
            dealt = total
            if precision is not None:
                total = _next_precision_total(tricks, question, layouts, dealt, precision, cap)
                progress_bar.grow(len(layouts) * (total - dealt))
    return {layout: np.concatenate(parts) for layout, parts in tricks.items()}, interrupted


def _deal_counts(deals, precision, max_deals) -> tuple[int, int]:
    for name, value in (("deals", deals), ("max_deals", max_deals)):
        if value is not None and (not isinstance(value, (int, np.integer)) or value < 1):
            raise RulesError(f"{name} {value!r}: allowed is a whole number of at least 1")
    if precision is None:
        return int(deals or DEFAULT_DEALS), int(deals or DEFAULT_DEALS)
    if not isinstance(precision, (int, float)) or not 0 < precision < 0.5:
        raise RulesError(f"precision {precision!r}: allowed is a half-width between 0 and 0.5, e.g. 0.01")
    first = int(deals or min(PRECISION_FIRST_BATCH, max_deals))
    if max_deals < first:
        raise RulesError(f"max_deals {max_deals}: it must be at least the first batch of {first} deals")
    return first, int(max_deals)


def _next_precision_total(tricks, question, layouts, dealt, precision, cap) -> int:
    """The deal count that should bring every P(make) interval below ``precision``."""
    needed = dealt
    for layout, contracts in layouts.items():
        counts = np.concatenate(tricks[layout])
        for contract in contracts:
            made = int(np.count_nonzero(counts >= contract.tricks_needed(question.hand_size)))
            if float(wilson_half_width(made, dealt)) >= precision:
                needed = max(needed, deals_for_half_width(made / dealt, precision))
    return next_total(dealt, needed, cap, min_batch=PRECISION_MIN_BATCH)


def _discard_text(question: Question, layout: Layout, searches: dict) -> str:
    if layout in searches:
        return format_cards(mask_to_faces(searches[layout].chosen))
    if layout.exchange == PICKUP:
        return "dealer's policy"
    return ""


def _settings(
    question: Question, dealt: int, precision, cap, result, search_deals: int, interrupted: bool
) -> dict:
    widest = float(((result["ci_high"] - result["ci_low"]) / 2).max())
    settings = {
        "variant": str(question.variant),
        "hand": format_cards(mask_to_faces(question.hand)),
        "seat": question.seat + 1,
        "dealer": question.dealer + 1,
        "auction": format_auction(question.bids),
        "auction_assumed": not question.auction_given,
        "play": question.play,
        "seed": question.seed,
        "deals": dealt,
        "interrupted": interrupted,
        "precision": precision,
        "max_deals": cap if precision is not None else None,
        "precision_met": None if precision is None else widest < precision,
        "widest_half_width": widest,
        "search_deals": search_deals,
        "search_first_index": SEARCH_FIRST_INDEX if search_deals else None,
        "gift_policy": question.gift_policy,
    }
    if question.variant.classic:
        settings["upcard"] = format_card(question.upcard)
        settings["round"] = question.round_
    return settings


# --------------------------------------------------------------------------- should I bid?


def bid_verdict(result: AnalysisResult, contract) -> dict:
    """Yes or no for one bid: its figures against the best alternative legal bid (or pass)."""
    question = result.question
    text = str(contract)
    row = result.row(text)
    if not row["legal"]:
        raise RulesError(f"bid {text!r} is not legal after the auction '{result.settings['auction']}'")
    nets = {str(c): net_points(question, c, result.deal_tricks[str(c)]) for c in question.contracts}
    own_net = nets[text]
    alternatives = [(other, nets[other]) for other in result["contract"][result["legal"]] if other != text]
    if result.advice.get("may_pass"):
        alternatives.append((PASS, np.zeros_like(own_net)))
    ev_net = float(np.mean(own_net))
    verdict = {
        "contract": text,
        "verdict": "yes",
        "p_make": float(row["p_make"]),
        "ci_low": float(row["ci_low"]),
        "ci_high": float(row["ci_high"]),
        "deals": int(row["deals"]),
        "ev": float(row["ev"]),
        "ev_net": ev_net,
        "best_alternative": None,
        "best_alternative_ev_net": None,
        "margin": None,
        "margin_ci": None,
    }
    if not alternatives:
        verdict["reason"] = f"{text} is the only legal bid analysed and the dealer may not pass."
        return verdict
    best_alt, best_net = max(alternatives, key=lambda item: float(np.mean(item[1])))
    alt_ev = float(np.mean(best_net))
    margin = ev_net - alt_ev
    verdict.update(
        best_alternative=best_alt,
        best_alternative_ev_net=alt_ev,
        margin=margin,
        margin_ci=mean_half_width(own_net - best_net),
    )
    alt_name = "passing" if best_alt == PASS else best_alt
    if np.array_equal(own_net, best_net):
        verdict["reason"] = (
            f"{text} nets {ev_net:+.2f} points a hand, as much as {alt_name}: "
            f"the two score the same on every deal."
        )
    elif margin >= 0:
        verdict["reason"] = (
            f"{text} nets {ev_net:+.2f} points a hand, {margin:.2f} more than the best "
            f"alternative, {alt_name} ({alt_ev:+.2f})."
        )
    else:
        verdict["verdict"] = "no"
        verdict["reason"] = (
            f"{alt_name} nets {alt_ev:+.2f} points a hand, {-margin:.2f} more than {text} ({ev_net:+.2f})."
        )
    return verdict


def should_i_bid(contract, variant, hand, against=None, **options) -> dict:
    """Analyse the legal bids and give the verdict on ``contract`` (see :func:`bid_verdict`).

    ``against`` limits the alternatives compared (text such as ``"Pig Hearts, 6 Hearts"``
    or contracts; each must be legal here); default every legal bid.  Six-seat level
    contracts are the slow ones to solve exactly, so a narrower comparison answers sooner.
    """
    variant = as_variant(variant)
    question = make_question(
        variant,
        hand,
        options.get("seat", 0),
        options.get("dealer"),
        options.get("auction"),
        None,
        options.get("play", "dd"),
        options.get("seed", DEFAULT_SEED),
        options.get("upcard"),
        options.get("round_"),
        options.get("gift_policy", "highest"),
    )
    bid = parse_contract(contract, variant, question.upcard) if isinstance(contract, str) else contract
    check_contract(variant, bid)
    _, legal, _ = legal_bids(variant, question.dealer, list(question.bids), question.upcard)
    if bid not in legal:
        allowed = ", ".join(str(c) for c in legal[:3]) + (" ..." if len(legal) > 3 else "")
        raise RulesError(
            f"bid '{bid}' is not legal after the auction '{format_auction(question.bids)}': "
            f"allowed are {allowed}"
        )
    if against is not None:
        chosen = _contracts(variant, against, question.upcard, question.round_)
        illegal = [c for c in chosen if c not in legal]
        if illegal:
            raise RulesError(
                f"alternative '{illegal[0]}' is not legal after the auction '{format_auction(question.bids)}'"
            )
        legal = [bid] + [c for c in chosen if c != bid]
    options["contracts"] = legal
    result = analyse_hand(variant, hand, **options)
    return {**bid_verdict(result, bid), "settings": result.settings}


__all__ = [
    "DEFAULT_SEED",
    "AnalysisResult",
    "Layout",
    "Question",
    "analyse_hand",
    "bid_verdict",
    "make_question",
    "should_i_bid",
]
