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
  Partners' gifts follow ``gift_policy`` (default ``highest``, docs/rules.md); another
  dealer discards by :func:`simulate.exchange.dealer_pickup`'s documented policy.
* **Advice.**  With a table model (``table``, default ``balanced``) every option is
  valued after the other seats bid (:mod:`.options`) and the best option by net points
  (by P(win the game) with a ``score``) is advised.  With ``table="none"``, passing,
  where the auction allows it, counts as 0 net points.  Bids with the same score on
  every deal (in ``pigs-and-hogs`` a made level scores the tricks taken, so 2 and 3
  Hearts tie when 3 are always made) are equivalent; the highest is advised (raising
  costs nothing on these deals and is harder to overcall) and the margin is taken over
  the best bid that is not equivalent.
* **Auction.**  Without ``auction`` everyone before the player is taken to have passed
  (in round ``round_`` for classic variants); such assumed passes are not evidence
  for inference, only bids actually given are.
* ``precision``: deal in batches until every P(make) interval's half-width is below it,
  or ``max_deals`` is reached (``settings.precision_met`` says which).
* **Interrupted runs** (Ctrl-C) keep the main deals finished so far, in steps of
  ``CHUNK`` deals, and report on them with ``settings.interrupted`` set; an
  interruption before the first step is finished stops the run.
* **Soft inference** (``inference="soft"``): each deal dealt is kept with probability its
  likelihood of the earlier bids under the table model with every threshold test made a
  logistic of width ``SOFT_SCALE`` (:func:`~.table.soft_weights`); the deals kept are an
  unweighted sample of the weighted distribution, so every figure and interval is
  computed from them as with exact inference (their count is the effective sample); the
  settings add the Kish effective sample size of the weights of the deals dealt.
* **Inference** (``inference="exact"``, with a table model and an auction given): the
  deals are the first ones, in deal order, on which every earlier bidder holding that
  deal's cards would have bid as given under the model (:func:`~.table.sample_consistent`,
  at most ``INFERENCE_CAP`` dealt, or ``INFERENCE_PER_MAX_DEAL`` times ``max_deals`` if
  fewer); the share kept, and the bid that rejects the most deals, are in the table
  settings.
* Not modelled: the classic misdeal options (farmer's hand, ace-no-face) in the unseen
  hands.
"""

from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass, replace

import numpy as np

from .auction import format_auction, legal_bids, parse_auction
from .cards import (
    CardError,
    faces_to_mask,
    format_card,
    format_cards,
    mask_to_faces,
    parse_cards,
    parse_one_card,
)
from .choices import (
    ALTERNATIVE_DEALS,
    COMPARED_PLAY_MODELS,
    DEFAULT_MAX_DEALS,
    DEFAULT_SEED,
    MAX_DEALS,
    OPTION_DEALS,
    PIMC_WORLDS,
    PLAY_MODELS,
)
from .cluster import check_backend, dask_client, run_tasks
from .constraints import DealConstraints, suit_group
from .deal import _deal_unseen, check_seed, deal_unseen
from .exchange import (
    GIFT_POLICIES,
    _apply_exchange,
    _dealer_pickup,
    discard_pairs,
    partners,
    sitting_out_mask,
)
from .kernels.tables import POSITION, SUIT_AT, TRUMP
from .knowledge import table_knowledge
from .play import _play_deals, check_worlds
from .results import (
    Advice,
    Analysis,
    AnalysisSettings,
    ContractEstimate,
    DiscardOption,
    TableSettings,
    Verdict,
)
from .rules import (
    ORDER_UP,
    PASS,
    Contract,
    RulesError,
    Variant,
    all_contracts,
    as_variant,
    check_contract,
    example_bids,
    other_variants_hint,
    parse_contract,
    same_score_text,
    score_table,
    seat_index,
)
from .stats import deals_for_half_width, mean_half_width, next_total, wilson_half_width, wilson_interval
from .table import NO_TABLE_DESCRIPTION, SOFT_SCALE, TableModel, auction_check, sample_consistent, table_model
from .workers import worker_count

DEFAULT_DEALS = 2000
PRECISION_FIRST_BATCH = 500
PRECISION_MIN_BATCH = 500  # a predicted need can fall a few deals short: never add fewer
SEARCH_FIRST_INDEX = 1 << 40  # far beyond any main deal index, so search deals are always fresh
# Deals per step of the main loop: big enough to keep both cores busy (each step ends
# with one thread waiting for the other's last deal) and the per-call cost small; an
# interrupted run keeps every finished step.  A full Pigs-and-Hogs dd step of 250 deals
# is about a second of work on 2 cores; steps of 100 make the whole analysis slower.
CHUNK = {"dd": 250, "pimc": 20, "heuristic": 20_000, "random": 20_000}
TOP_PAIRS = 3  # discard pairs reported per Pig / Alone contract
INFERENCE_MODES = ("exact", "soft", "none")
NO_TABLE_PASS = "nobody else bids (no table model): 0 points"
NOTHING_TO_ADVISE = "no analysed contract is a legal bid here and passing is not allowed"
# With inference, deals are dealt until enough explain the auction, at most this many
# (about 2 s of the table model's checks for Pigs and Hogs), and at most
# INFERENCE_PER_MAX_DEAL times --max-deals (the default 50,000 gives the same 400,000), so
# a lower --max-deals bounds the dealing time too.
INFERENCE_CAP = 400_000
INFERENCE_PER_MAX_DEAL = 8
# Below this share kept, the report says which bid rejects most deals.
LOW_ACCEPTANCE = 0.10


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
    known: tuple[int, ...] = ()  # per seat, cards known to be there (the player's own seat: 0)
    constraints: DealConstraints | None = None  # suit lengths of the unseen hands
    table: TableModel | None = None  # how the other seats bid; None: a pass counts as 0
    inference: str = "none"  # "exact": deals must explain the earlier bids under the table;
    # "soft": each deal is kept with probability the auction's likelihood under the table
    score: tuple[int, int] | None = None  # the player's team's points, the other team's
    worlds: int = PIMC_WORLDS  # worlds per decision under the pimc play model
    player: int | None = None  # the analysed player, when ``seat`` is another bidder (options.py)

    @property
    def analysed(self) -> int:
        """The seat whose hand the analysis holds (``seat`` unless another seat bids)."""
        return self.seat if self.player is None else self.player

    @property
    def infers(self) -> bool:
        """Do the earlier bids condition the deals?  Only bids actually given, by a model."""
        others = any((self.dealer + 1 + i) % self.players != self.seat for i in range(len(self.bids)))
        return self.inference != "none" and self.table is not None and self.auction_given and others

    @property
    def players(self) -> int:
        return self.variant.players

    @property
    def hand_size(self) -> int:
        return self.variant.hand_size

    @property
    def leader(self) -> int:
        """Bid euchre: the bidder leads.  Classic: the player left of the dealer."""
        return self.variant.leader(self.dealer, self.seat)

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
    known=None,
    constraints=None,
    table="balanced",
    inference="exact",
    score=None,
    worlds=PIMC_WORLDS,
) -> Question:
    """Check every input once, with errors that name the bad value and what is allowed.

    ``known`` maps other seats (0-based) to cards known to be in their hands (card text,
    a card list or a face-space mask); ``constraints`` bounds their suit lengths (a
    :class:`~.constraints.DealConstraints` or a list of :class:`~.constraints.SuitLength`,
    counted in natural suits, of the hands as dealt).  The deals stay uniform over every
    deal that fits them.  ``table`` is the table model (a strategy name, a ``.toml`` file
    or ``"none"``: a pass counts as 0 and nobody overcalls); ``inference`` ``"exact"``
    keeps only deals on which every earlier bidder would have made its bid under that
    model, ``"none"`` deals uniformly; ``score`` is ``(your team, the other team)``;
    ``worlds`` the worlds per decision of the ``pimc`` play model.
    """
    variant = as_variant(variant)
    n = variant.players
    seat = seat_index(seat, n, "seat")
    dealer = n - 1 if dealer is None else seat_index(dealer, n, "dealer")
    hand_mask = _hand_mask(variant, hand)
    upcard_face = _upcard(variant, upcard, hand_mask)
    if round_ is not None and (not variant.classic or round_ not in (1, 2)):
        allowed = "1 or 2" if variant.classic else f"none: {variant.name} has one round of bidding"
        raise RulesError(f"round {round_!r}: allowed is {allowed}")
    if play not in PLAY_MODELS:
        raise RulesError(f"play model {play!r}: models are {', '.join(PLAY_MODELS)}")
    if gift_policy not in GIFT_POLICIES:
        raise RulesError(f"gift policy {gift_policy!r}: policies are {', '.join(GIFT_POLICIES)}")
    seed = check_seed(seed)
    bids, given = _auction(variant, dealer, seat, auction, upcard_face, round_)
    if round_ is None and variant.classic and given:
        round_ = 1 if len(bids) < n else 2
    chosen = _contracts(variant, contracts, upcard_face, round_)
    known_masks, constraints = _known(variant, seat, hand_mask, upcard_face, known, constraints)
    model = table_model(table) if not isinstance(table, TableModel) and table is not None else table
    if inference not in INFERENCE_MODES:
        raise RulesError(f"inference {inference!r}: modes are {', '.join(INFERENCE_MODES)}")
    score = _checked_score(variant, score)
    worlds = check_worlds(worlds)
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
        known_masks,
        constraints,
        model,
        inference,
        score,
        worlds,
    )


def _checked_score(variant, score):
    if score is None:
        return None
    try:
        ours, theirs = (int(part) for part in score)
    except (TypeError, ValueError):
        raise RulesError(
            f"score {score!r}: give your team's points and the other team's, e.g. 44-30"
        ) from None
    low = -10 * variant.target
    for points in (ours, theirs):
        if not low <= points < variant.target:
            raise RulesError(
                f"score {ours}-{theirs}: each team's points must lie from {low} to {variant.target - 1} "
                f"(the game ends at {variant.target})"
            )
    return ours, theirs


def _known(variant, seat, hand_mask, upcard_face, known, constraints):
    """Known cards per seat and the constraints, checked by dealing one deal with them."""
    masks = [0] * variant.players
    for other, cards in (known or {}).items():
        other = seat_index(other, variant.players, "known cards' seat")
        if other == seat:
            raise RulesError(f"known cards for seat {seat + 1}: that is your own seat; give them with --hand")
        masks[other] = cards if isinstance(cards, (int, np.integer)) else _hand_mask_of(variant, cards)
    if constraints is not None and not isinstance(constraints, DealConstraints):
        constraints = DealConstraints(tuple(constraints))
    if constraints is not None and not constraints.lengths:
        constraints = None
    if not any(masks) and constraints is None:
        return (), None
    given = dict(enumerate(masks))
    given[seat] = hand_mask
    out_of_play = 0 if upcard_face is None else 1 << (2 * upcard_face)
    deal_unseen(variant, given, out_of_play, seed=0, count=1, constraints=constraints)
    return tuple(int(mask) for mask in masks), constraints


def _hand_mask_of(variant, cards) -> int:
    text = cards if isinstance(cards, str) else " ".join(cards)
    return faces_to_mask(parse_cards(text, copies=variant.copies, what="known cards"))


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
    faces = parse_cards(text, copies=variant.copies)
    if len(faces) != variant.hand_size:
        raise CardError(
            f"hand {text.strip()!r} has {len(faces)} cards: a {variant.name} hand has {variant.hand_size}"
            + other_variants_hint(variant, len(faces))
        )
    return faces_to_mask(faces)


def _upcard(variant: Variant, upcard, hand: int) -> int | None:
    if not variant.has_upcard:
        if upcard is not None:
            raise RulesError(f"upcard {upcard}: {variant.name} has no kitty and no upcard")
        return None
    if upcard is None:
        raise RulesError(f"{variant.name} analysis needs the upcard: give --upcard, e.g. 9S")
    face = parse_one_card(_card_text(upcard))
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
    to_bid = legal_bids(variant, dealer, bids, upcard).seat_to_bid
    if to_bid is None:
        hint = ""
        if variant.classic and seat == dealer and bids and getattr(bids[-1], "kind", None) == ORDER_UP:
            hint = " (ordered up as the dealer? `euchre-mc best-discard` ranks your discards)"
        raise RulesError(f"auction '{format_auction(bids)}' is already over: nobody is left to bid{hint}")
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
        raise RulesError(
            f"contracts '': name at least one contract, e.g. '{', '.join(example_bids(variant))}'"
        )
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
    return lay_out_with_discards(question, layout, deals, discard)[0]


def lay_out_with_discards(question: Question, layout: Layout, deals: np.ndarray, discard: int | None):
    """(:func:`lay_out`'s hands, the discarder's own discards per deal or None): the
    classic dealer's one card after picking up, a Pig / Alone bidder's two.  What the
    bidder's group (the bidder and the partners who gave it a card) held before the
    exchange and no longer holds after it is what the bidder threw away."""
    discards = None
    if layout.exchange == PARTNER_GIFTS:
        hands = _apply_exchange(deals, layout.denom, question.seat, discard, question.gift_policy)
        group = [question.seat, *partners(question.players, question.seat)]
        before = np.bitwise_or.reduce(deals[:, group], axis=1)
        discards = before & ~np.bitwise_or.reduce(hands[:, group], axis=1)
    elif layout.exchange == PICKUP:
        hands = _dealer_pickup(deals, question.dealer, question.upcard, layout.denom, discard)
        dealer = question.dealer
        discards = (deals[:, dealer] | np.uint64(question.upcard_mask)) & ~hands[:, dealer]
    else:
        hands = deals.copy()
    sitting_out = [seat for seat in range(question.players) if not layout.active >> seat & 1]
    hands[:, sitting_out] = 0
    return hands, discards


def play_out(
    question: Question, layout: Layout, hands: np.ndarray, first_index: int, discards=None
) -> np.ndarray:
    """Tricks taken by the bidder's side on each deal (int8), under the question's play
    model; ``discards`` (pimc) the discarder's own discards per deal, which it knows."""
    # dd sweep layouts never come here: play_layouts and sweeps ask the solver the sweep
    # question instead (and search_discard asks it of Pig / Alone discards)
    return _play_deals(
        hands,
        layout.denom,
        question.seat,
        question.leader,
        layout.active,
        question.play,
        question.seed,
        first_index,
        question.hand_size,
        question.worlds,
        _knowledge(question, layout, hands, discards) if question.play == "pimc" else None,
    )


def _knowledge(question: Question, layout: Layout, hands: np.ndarray, discards=None):
    """What the seats know before play under pimc (simulate/knowledge.py): in the classic
    games the upcard, in the dealer's hand once picked up (unless it was thrown straight
    back), out of play once turned down; the discarder (the classic dealer, the Pig /
    Alone bidder, who also holds both gifts) its own ``discards``, out of play; with
    exact inference the earlier bids (:func:`_auction_check`); and what the player was
    told (:func:`_told`)."""
    count = hands.shape[0]
    discarder = question.dealer if layout.exchange == PICKUP else question.seat
    told = dict(
        private_out=[] if discards is None else [(discarder, discards)],
        auction=_auction_check(question, layout),
        **_told(question, layout),
    )
    if question.upcard is None:
        return table_knowledge(count, question.players, **told)
    upcard = np.uint64(question.upcard_mask)
    if layout.exchange == PICKUP:
        held = hands[:, question.dealer] & upcard
        return table_knowledge(count, question.players, [(question.dealer, held)], **told)
    return table_knowledge(count, question.players, seen_out=int(upcard), **told)


def _shown_as_dealt(question: Question, layout: Layout) -> list[int]:
    """The other seats whose dealt hands a world shows (the cards they hold plus those
    they played): every seat that plays, but the player, and the seats an exchange
    changed (the Pig / Alone bidder, the classic dealer who picked up)."""
    exchanged = {question.dealer} if layout.exchange == PICKUP else set()
    if layout.exchange == PARTNER_GIFTS:
        exchanged.add(question.seat)
    return [
        seat
        for seat in range(question.players)
        if layout.active >> seat & 1 and seat != question.analysed and seat not in exchanged
    ]


def _told(question: Question, layout: Layout) -> dict:
    """What the player was told of the other hands as dealt (``--known`` cards, and the
    suit lengths of ``--void`` and ``--length``), for its own worlds only (the other
    seats were not told): of the seats whose dealt hands a world shows."""
    player, seats = question.analysed, _shown_as_dealt(question, layout)
    known = [
        (player, seat, question.known[seat]) for seat in seats if question.known and question.known[seat]
    ]
    lengths = []
    if question.constraints is not None:
        denom = question.constraints.denom
        for length in question.constraints.lengths:
            if length.seat in seats:
                cards = sum(3 << (2 * face) for face in range(24) if suit_group(face, denom) == length.suit)
                lengths.append((player, length.seat, cards, length.low, length.high))
    return {"private_shown": known, "lengths": lengths}


def _worlds_hear_bids(question: Question) -> bool:
    """Do PIMC's worlds test the earlier bids?  With exact inference (:func:`_auction_check`)."""
    return question.infers and question.inference == "exact"


def _auction_check(question: Question, layout: Layout):
    """With exact inference, the earlier bids PIMC's worlds must explain, as the deals do
    (table.auction_check); None otherwise.  Only the bids of seats whose dealt hands a
    world shows are checked (:func:`_shown_as_dealt`): not the analysed player's own
    (its hand is known, as in inference), not those of seats that sit out (their cards
    are dealt to nobody in a world), and not those of a seat whose hand an exchange
    changed (the Pig / Alone bidder, the classic dealer who picked up: a world does not
    say which of its cards it was dealt)."""
    if not _worlds_hear_bids(question):
        return None
    shown = set(_shown_as_dealt(question, layout))
    return auction_check(
        question.table.teams,
        question.variant,
        question.dealer,
        question.bids,
        question.upcard,
        _table_scores(question),
        unchecked=set(range(question.players)) - shown,
    )


def sweeps(question: Question, layout: Layout, hands: np.ndarray, first_index: int) -> np.ndarray:
    """Per deal, does the lone bidder take every trick?  (The cheap question, for the search.)"""
    if question.play == "dd":
        from .solve import _solve_many  # only double-dummy questions load the solver's module

        return _solve_many(
            hands,
            layout.denom,
            question.seat,
            question.leader,
            layout.active,
            question.hand_size,
            target=question.hand_size,
        ).astype(bool)
    return play_out(question, layout, hands, first_index) == question.hand_size


def play_layouts(question: Question, laid: dict, first_index: int, progress, discards=None) -> dict:
    """Tricks of the bidder's side per deal for each layout's hands (``laid[layout]``);
    ``discards[layout]`` (pimc) the discarder's own discards, from lay_out_with_discards.

    Under ``dd`` the whole chunk is two solver calls, so its threads share every layout:
    first the sweep question for every sweep layout's deals, then the exact count of
    each deal that did not sweep together with every level contract's deals.  (One call
    per layout left a thread idle behind each hard deal, and calls cost set-up.)  On the
    progress bar (a :class:`_DealCounter`) the step's deals advance with the level
    contracts' exact counts, the slow part, or with the sweep questions when there are
    no level contracts; the exact counts of failed sweeps, solved last, add none.
    """
    step_deals = next(iter(laid.values())).shape[0]
    if question.play != "dd":
        tricks = {}
        update = progress.share(step_deals, sum(hands.shape[0] for hands in laid.values()))
        for layout, hands in laid.items():
            tricks[layout] = play_out(question, layout, hands, first_index, (discards or {}).get(layout))
            update(hands.shape[0])
        return tricks
    from .solve import _solve_many  # only double-dummy questions load the solver's module

    def solve_together(layouts, rows, target=None, on_progress=None):
        hands = np.concatenate([laid[layout][rows[layout]] for layout in layouts])
        sizes = [rows[layout].size for layout in layouts]
        solved = _solve_many(
            hands,
            np.repeat([layout.denom for layout in layouts], sizes),
            question.seat,
            question.leader,
            np.repeat([layout.active for layout in layouts], sizes),
            question.hand_size,
            target=target,
            progress=on_progress,
        )
        return dict(zip(layouts, np.split(solved, np.cumsum(sizes)[:-1])))

    every_row = {layout: np.arange(hands.shape[0]) for layout, hands in laid.items()}
    tricks = {}
    exact_rows = {}
    sweep_layouts = [layout for layout in laid if layout.sweep]
    level_deals = sum(hands.shape[0] for layout, hands in laid.items() if not layout.sweep)
    if sweep_layouts:
        sweep_deals = sum(laid[layout].shape[0] for layout in sweep_layouts)
        swept = solve_together(
            sweep_layouts,
            every_row,
            target=question.hand_size,
            on_progress=None if level_deals else progress.share(step_deals, sweep_deals),
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
        # the failed sweeps' counts, solved last, are quick (counting them made half of
        # each step's bar jump in a fifth of a second): they add no deals
        on_progress = progress.share(step_deals, level_deals) if level_deals else None
        for layout, counted in solve_together(exact, exact_rows, on_progress=on_progress).items():
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

    def options_ranked(self, limit: int | None = None) -> tuple[DiscardOption, ...]:
        """The options best first (the first ``limit`` of them), each with its figures."""
        order = self.ranked()[:limit]
        low, high = wilson_interval(self.successes[order], self.deals)
        pickup = self.layout.exchange == PICKUP
        return tuple(
            DiscardOption(
                self.options[i],
                float(self.successes[i] / self.deals),
                float(low[k]),
                float(high[k]),
                self.deals,
                float(self.net[i]) if pickup else None,
            )
            for k, i in enumerate(order)
        )


def search_discard(
    question: Question,
    layout: Layout,
    contracts: list[Contract],
    deals: np.ndarray,
    first_index: int,
) -> DiscardSearch:
    """Try every discard on the same search deals and keep the best (see the module notes)."""
    if question.play == "pimc":
        # PIMC is far too slow to try every discard on every search deal: the discard
        # is chosen by the double-dummy search, then the hand is played under PIMC.
        question = replace(question, play="dd")
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
        swept = sweeps(question, layout, hands, first_index).reshape(len(options), count)
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
    return DiscardSearch(layout, options, successes, net, count)


# --------------------------------------------------------------------------- the result


def estimate_contract(
    question: Question, contract: Contract, tricks: np.ndarray, legal: bool, discard: int | None
) -> ContractEstimate:
    """Estimates for one contract from its bidder-side trick counts on the main deals."""
    n = tricks.shape[0]
    size = question.hand_size
    made = int(np.count_nonzero(tricks >= contract.tricks_needed(size)))
    low, high = wilson_interval(made, n)
    table = score_table(question.variant, contract)
    bidders, defenders = table[tricks, 0], table[tricks, 1]
    classic = question.variant.classic
    return ContractEstimate(
        contract=contract,
        legal=legal,
        p_make=made / n,
        ci_low=float(low),
        ci_high=float(high),
        deals=n,
        mean_tricks=float(np.mean(tricks)),
        tricks=tuple((np.bincount(tricks, minlength=size + 1) / n).tolist()),
        ev=float(np.mean(bidders)),
        ev_defenders=float(np.mean(defenders)),
        ev_net=float(np.mean(bidders - defenders)),
        ev_net_ci=float(mean_half_width(bidders - defenders)),
        p_march=float(np.mean(tricks == size)) if classic else None,
        p_euchred=float(np.mean(tricks < contract.tricks_needed(size))) if classic else None,
        discard=discard,
    )


def net_points(question: Question, contract: Contract, tricks: np.ndarray) -> np.ndarray:
    table = score_table(question.variant, contract)
    return table[tricks, 0] - table[tricks, 1]


def advise(
    question: Question, deal_tricks: dict[Contract, np.ndarray], legal: list[Contract], may_pass: bool
) -> Advice:
    """The legal bid with the best net expectation, and its margin over the runner-up.

    Among bids with the same best expectation the highest bid is advised (bids that
    score alike on every deal cost nothing to raise, and a higher bid is harder to
    overcall); bids that score the same on every deal are listed as equivalent, and the
    margin is taken over the best bid that is not.
    """
    candidates = []  # (order, bid, per-deal net points); passing ranks below every bid
    for contract in question.contracts:
        if contract in legal:
            values = net_points(question, contract, deal_tricks[contract])
            candidates.append((bid_order(question.variant, contract), contract, values))
    if may_pass:
        n = next(iter(deal_tricks.values())).shape[0]
        candidates.append((bid_order(question.variant, PASS), PASS, np.zeros(n, np.int64)))
    if not candidates:
        return Advice(None, may_pass, reason=NOTHING_TO_ADVISE)
    means = [float(np.mean(values)) for _, _, values in candidates]
    best = max(range(len(candidates)), key=lambda i: (means[i], candidates[i][0]))
    best_values = candidates[best][2]
    equivalent = [
        i for i in range(len(candidates)) if i != best and np.array_equal(candidates[i][2], best_values)
    ]
    others = [i for i in range(len(candidates)) if i != best and i not in equivalent]
    advice = Advice(
        candidates[best][1],
        may_pass,
        ev_net=means[best],
        equivalent=tuple(candidates[i][1] for i in equivalent),
    )
    if not others:
        return advice
    runner = max(others, key=lambda i: (means[i], candidates[i][0]))
    return replace(
        advice,
        runner_up=candidates[runner][1],
        runner_up_ev_net=means[runner],
        margin=means[best] - means[runner],
        margin_ci=float(mean_half_width(best_values - candidates[runner][2])),
    )


class _DealCounter:
    """Counts finished main deals for a ``progress(done, total)`` callback: the unit the
    user asked for, at the pace of the slow part of each step, so that the ETA holds.

    A step's deals advance as its slowest questions are answered (:meth:`share`): under
    dd the exact counts of the level contracts (six-seat solves, nearly all the time),
    not the sweep questions answered in a burst before them, and not the discard
    search (thousands of cheap sweeps ahead of the main deals, which would take the bar
    to 90% at once).  Safe to update from the solver's threads (the
    callback is called under a lock, so counts arrive in order).

    ``reserve(main_deals)`` is the part of the bar kept for the stage after the main
    deals (the options valued after the table's bids), in main-deal equivalents, so
    that the bar and its ETA do not reach the end while that stage still runs."""

    def __init__(self, progress, total: int, reserve=lambda main_deals: 0):
        self.progress = progress
        self.main = total
        self.reserve = reserve
        self.total = total + reserve(total)
        self.done = 0
        self.lock = threading.Lock()

    def share(self, deals: int, plays: int):
        """An ``update(count)`` for ``plays`` plays that stand for ``deals`` deals: the
        deals advance by the plays' share, and plays beyond ``plays`` (solved last, not
        plays of their own) add nothing."""
        finished = [0]

        def update(count: int) -> None:
            if self.progress is None:
                return
            with self.lock:
                before = finished[0] * deals // max(plays, 1)
                finished[0] = min(plays, finished[0] + count)
                self.done += finished[0] * deals // max(plays, 1) - before
                self.progress(self.done, self.total)

        return update

    def grow(self, extra: int) -> None:
        """More deals to come: a precision run dealt another batch."""
        if self.progress is not None:
            with self.lock:
                self.main += extra
                self.total = self.main + self.reserve(self.main)
                self.progress(self.done, self.total)


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
    progress=None,
    known=None,
    constraints=None,
    table="balanced",
    inference="exact",
    score=None,
    worlds: int = PIMC_WORLDS,
    option_deals: int | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    workers: int | None = None,
) -> Analysis:
    """Estimate every contract (or ``contracts``) for ``hand`` held by ``seat``.

    Seats are 0-based (seat 1 of the rules is 0); ``dealer`` defaults to the last seat.
    ``hand`` is card text (``"JH JH JD AH KH QH 9S AC"``) or a list of cards;
    ``auction`` is bid text from the dealer's left (``"3 Clubs, pass"``) or a bid list;
    ``contracts`` is text (``"Hog Hearts, 6 Low"``) or a list; ``upcard`` (classic) a card.
    ``deals`` is the number of main deals (default 2000); with ``precision`` it is the
    first batch (default 500) and dealing goes on until every P(make) interval's
    half-width is below ``precision`` or ``max_deals`` is reached.  ``progress(done, total)``,
    if given, hears of the main deals finished, at the pace of each step's slowest
    questions (see :class:`_DealCounter`; the total grows when a precision run deals
    more).  ``known``, ``constraints``, ``table``, ``inference``, ``score`` and ``worlds``: see
    :func:`make_question`.  ``backend="dask"`` plays the main deals' chunks on a Dask
    cluster (at ``scheduler``, or a LocalCluster of ``workers`` processes, default one per
    core); the answers are the local run's (each chunk is a pure function of the question,
    the chosen discards and its first deal).  With a table model
    every option (pass included) is also valued after the rest of the table bids
    (:mod:`.options`), on the first ``option_deals`` main deals (default all of them; each
    option's ``deals`` says so when fewer), and the advice is the option with the best net
    points, or with a score the best chance of winning the game.

    Returns an :class:`~simulate.results.Analysis`: one
    :class:`~simulate.results.ContractEstimate` per contract (``estimate(contract)``),
    the ``advice``, the ``settings`` (seats numbered from 1 there, as users see them),
    the ``discard_search`` and the per-deal ``deal_tricks``; ``to_frame()`` gives one row
    per contract, ``to_json()`` the JSON report.

    >>> result = analyse_hand("euchre", "JH JD AH KH QH", upcard="9H", contracts="order up", deals=50)
    >>> result.estimate("order up").p_make
    1.0
    """
    question = make_question(
        variant,
        hand,
        seat,
        dealer,
        auction,
        contracts,
        play,
        seed,
        upcard,
        round_,
        gift_policy,
        known,
        constraints,
        table,
        inference,
        score,
        worlds,
    )
    first_batch, cap = _deal_counts(deals, precision, max_deals)
    if option_deals is not None and (
        isinstance(option_deals, bool) or not isinstance(option_deals, (int, np.integer)) or option_deals < 1
    ):
        raise RulesError(f"option_deals {option_deals!r}: allowed is a whole number of at least 1")
    if progress is not None and not callable(progress):
        raise RulesError(f"progress {progress!r}: give a function progress(done, total), or None")
    check_backend(backend, scheduler)
    if workers is not None and not (isinstance(workers, (int, np.integer)) and 1 <= workers <= 256):
        raise RulesError(f"workers {workers!r}: allowed is a whole number from 1 to 256")
    if workers is not None and backend != "dask":
        raise RulesError(f"--workers {workers}: an analysis uses worker processes only with --backend dask")
    source = _DealSource(question, min(INFERENCE_CAP, INFERENCE_PER_MAX_DEAL * max_deals))
    if question.infers:  # the consistent deals there are, up to what was asked for
        available = source.available(cap if precision is not None else first_batch)
        first_batch, cap = min(first_batch, available), min(cap, available)
    state = legal_bids(question.variant, question.dealer, question.bids, question.upcard)
    legal, may_pass = list(state.legal), state.can_pass()
    layouts = _layouts(question)
    searched = [layout for layout in layouts if layout.searches_discard(question)]
    table_stage = question.table is not None or question.score is not None

    def valued_deals(main_deals: int) -> int:
        """The deals the options after the table's bids are valued on."""
        if not table_stage:
            return 0
        return main_deals if option_deals is None else min(option_deals, main_deals)

    # On the bar the option stage stands for valued / exact_layouts main deals: it plays
    # out about one final contract a deal, where a main deal plays every exact (not
    # sweep-only) layout, nearly all of a main deal's time.  For the demo hand and a
    # classic order up this reserves about the share of the run the stage takes.
    exact_layouts = max(1, sum(not layout.sweep for layout in layouts))
    plays = _DealCounter(progress, first_batch, lambda main: -(-valued_deals(main) // exact_layouts))
    search_deals = _search_deals(source, first_batch) if searched else None
    searches = {
        layout: search_discard(question, layout, layouts[layout], search_deals, SEARCH_FIRST_INDEX)
        for layout in searched
    }
    chosen = {layout: search.chosen for layout, search in searches.items()}
    with contextlib.ExitStack() as stack:
        chunks = _LocalChunks(question, chosen, plays, source)
        if backend == "dask":
            cores = worker_count(workers or os.cpu_count() or 1, -(-first_batch // CHUNK[question.play]))
            client = stack.enter_context(dask_client(cores, scheduler))
            chunks = _ClusterChunks(client, question, chosen, plays, source)
        tricks, deals, interrupted = _play_main_deals(
            question, layouts, first_batch, precision, cap, plays, chunks
        )

    deal_tricks = {contract: tricks[layout_of(question, contract)] for contract in question.contracts}
    estimates = tuple(
        estimate_contract(
            question,
            contract,
            deal_tricks[contract],
            contract in legal,
            searches[layout].chosen if layout in searches else None,
        )
        for contract in question.contracts
        for layout in [layout_of(question, contract)]
    )
    discard_search = {
        contract: searches[layout].options_ranked(TOP_PAIRS if layout.exchange == PARTNER_GIFTS else None)
        for contract in question.contracts
        for layout in [layout_of(question, contract)]
        if layout in searches
    }
    dealt = next(iter(deal_tricks.values())).shape[0]
    options, table_settings, points, wins = (), None, {}, {}
    advice = None
    # an interrupted run reports at once on the deals it finished: valuing every option
    # after the table's bids would play those deals again (the report says it was skipped)
    if table_stage and not interrupted:
        valued = valued_deals(dealt)
        options, table_settings, advice, points, wins = _with_the_table(
            question,
            deals[:valued],
            {contract: tricks[:valued] for contract, tricks in deal_tricks.items()},
            searches,
            legal,
            may_pass,
            source,
            dealt,
            plays.share(plays.reserve(dealt), valued),
        )
        if valued < dealt:
            options = tuple(replace(option, deals=valued) for option in options)
    return Analysis(
        question=question,
        estimates=estimates,
        advice=advice if advice is not None else advise(question, deal_tricks, legal, may_pass),
        settings=_settings(
            question, dealt, precision, cap, estimates, first_batch if searches else 0, interrupted
        ),
        discard_search=discard_search,
        deal_tricks=deal_tricks,
        options=options,
        table=table_settings,
        option_points=points,
        option_wins=wins,
    )


def _with_the_table(question, deals, deal_tricks, searches, legal, may_pass, source, played, finished):
    """The options after the rest of the table bids (with a table model) on ``deals``,
    their P(win) (with a score), the table's settings (``played``: the main deals, for the
    share inference kept), the advice they give and the per-deal points and P(win).
    ``finished(count)`` hears of the work done, in deals of ``deals`` (the progress bar)."""
    from .equity import equity_for
    from .options import option_values

    equity, equity_text, p_win_now = None, None, None
    if question.score is not None:
        equity, equity_text = equity_for(question.variant, question.table)
        ours = question.seat & 1
        team_to_deal = 0 if question.dealer & 1 == ours else 1
        p_win_now = equity.p_win(*question.score, team_to_deal)
    if question.table is None:  # a score without a table model: a pass is 0 points, as before
        options, points, wins = _options_without_table(question, deal_tricks, legal, may_pass, equity)
    else:
        options, points, wins = option_values(
            question, deals, deal_tricks, searches, legal, may_pass, question.score, equity, finished
        )
    finished(len(deals))
    if p_win_now is not None:
        options = tuple(replace(option, delta_p_win=option.p_win - p_win_now) for option in options)
    settings = TableSettings(
        model=None if question.table is None else question.table.name,
        description=NO_TABLE_DESCRIPTION if question.table is None else question.table.description,
        inference=question.inference if question.infers else "none",
        soft_scale=SOFT_SCALE if question.infers and question.inference == "soft" else None,
        weights_ess=source.inferred[0].weights_ess if question.infers else None,
        dealt=source.dealt.get(0) if question.infers else None,
        acceptance=played / source.dealt[0] if question.infers and source.dealt.get(0) else None,
        **_rejection(source, played) if question.infers else {},
        score=question.score,
        p_win_now=p_win_now,
        equity=equity_text,
    )
    return (
        options,
        settings,
        _advice_from(question, options, wins if equity is not None else points, may_pass),
        points,
        wins if equity is not None else {},
    )


def _rejection(source, played) -> dict:
    """With a low acceptance: which earlier bid rejects the most deals, and its share."""
    found = source.rejection() if source.dealt.get(0) else None
    if found is None or played / source.dealt[0] >= LOW_ACCEPTANCE:
        return {}
    return {"rejected_by": found[0], "rejected_share": found[1]}


def _options_without_table(question, deal_tricks, legal, may_pass, equity):
    """Without a table model: a pass scores 0 and every bid is played as bid."""
    from .options import _p_win
    from .results import OptionValue

    n = next(iter(deal_tricks.values())).shape[0]
    rows = ([(PASS, np.zeros(n, np.int64), np.zeros(n, np.int64))] if may_pass else []) + [
        (c, *_team_points(question, c, deal_tricks[c])) for c in question.contracts if c in legal
    ]
    options, points, wins = [], {}, {}
    for bid, us, them in rows:
        bidder = np.full(n, -1 if bid == PASS else question.seat, np.int64)
        win = _p_win(question, bidder, us, them, question.score, equity)
        points[bid], wins[bid] = us - them, win
        options.append(
            OptionValue(
                bid=bid,
                legal=True,
                ev_net=float(np.mean(us - them)),
                ev_net_ci=float(mean_half_width(us - them)),
                p_we_play=0.0 if bid == PASS else 1.0,
                p_overcalled=None if bid == PASS else 0.0,
                outcomes=((NO_TABLE_PASS, 1.0),) if bid == PASS else (("you: " + str(bid), 1.0),),
                p_win=float(np.mean(win)),
                p_win_ci=float(mean_half_width(win)),
            )
        )
    return tuple(options), points, wins


def _team_points(question, contract, tricks):
    table = score_table(question.variant, contract)
    return table[tricks, 0], table[tricks, 1]


def _advice_from(question, options, values: dict, may_pass: bool) -> Advice:
    """The option with the best mean of ``values`` (net points, or P(win) with a score);
    ties to the higher bid; the margin is over the best option that is not the same on
    every deal, with the paired 95% half-width."""
    if not options:
        return Advice(None, may_pass, reason=NOTHING_TO_ADVISE)

    def order(bid):
        return bid_order(question.variant, bid)

    means = {option.bid: float(np.mean(values[option.bid])) for option in options}
    best = max(means, key=lambda bid: (means[bid], order(bid)))
    equivalent = tuple(b for b in means if b != best and np.array_equal(values[b], values[best]))
    ev = next(option.ev_net for option in options if option.bid == best)
    advice = Advice(best, may_pass, ev_net=ev, equivalent=equivalent, by="p_win" if question.score else "net")
    others = [b for b in means if b != best and b not in equivalent]
    if not others:
        return advice
    runner = max(others, key=lambda bid: (means[bid], order(bid)))
    return replace(
        advice,
        runner_up=runner,
        runner_up_ev_net=next(option.ev_net for option in options if option.bid == runner),
        margin=means[best] - means[runner],
        margin_ci=float(mean_half_width(values[best] - values[runner])),
    )


def _deals(question: Question, first_index: int, count: int) -> np.ndarray:
    """Deals ``first_index ..`` of the question's seed around the player's known cards."""
    known = [
        question.hand if seat == question.seat else (question.known[seat] if question.known else 0)
        for seat in range(question.players)
    ]
    sizes = [question.hand_size] * question.players
    return _deal_unseen(
        question.variant,
        known,
        question.upcard_mask,
        sizes,
        question.seed,
        first_index,
        count,
        question.constraints,
    )


class _DealSource:
    """The deals an analysis plays: deals ``first_index ..`` of the seed (uniform, or
    with inference the consistent ones in deal order, dealt once and kept)."""

    def __init__(self, question: Question, cap: int = INFERENCE_CAP):
        self.question = question
        self.cap = cap
        self.kept: dict[int, np.ndarray] = {}
        self.dealt: dict[int, int] = {}
        self.inferred: dict = {}  # base index -> InferredDeals

    def __call__(self, first_index: int, count: int) -> np.ndarray:
        question = self.question
        if not question.infers:
            return _deals(question, first_index, count)
        base = SEARCH_FIRST_INDEX if first_index >= SEARCH_FIRST_INDEX else 0
        offset = first_index - base
        if base not in self.kept or self.kept[base].shape[0] < offset + count:
            inferred = sample_consistent(
                question.table,
                question.variant,
                question.dealer,
                question.bids,
                lambda first, n: _deals(question, first, n),
                offset + count,
                cap=self.cap,
                upcard=question.upcard,
                scores=_table_scores(question),
                first_index=base,
                analysed=question.seat,
                soft_scale=SOFT_SCALE if question.inference == "soft" else None,
            )
            self.kept[base], self.dealt[base] = inferred.deals, inferred.dealt
            self.inferred[base] = inferred
        return self.kept[base][offset : offset + count]

    def rejection(self) -> tuple[str, float] | None:
        """The bid that rejects the most main deals, as text ("seat 1's 4 Clubs"), and the
        share of the deals dealt it rejects."""
        inferred = self.inferred.get(0)
        most = inferred.most_rejecting() if inferred is not None else None
        if most is None:
            return None
        index, share = most
        seat = (self.question.dealer + 1 + index) % self.question.players
        return f"seat {seat + 1}'s '{format_auction(self.question.bids[index : index + 1])}'", share

    def available(self, wanted: int) -> int:
        """How many main deals there are when ``wanted`` are asked for (inference may keep fewer)."""
        return self(0, wanted).shape[0] if self.question.infers else wanted


def _table_scores(question: Question):
    from .options import team_scores

    return team_scores(question, question.score)


def _search_deals(source, count: int) -> np.ndarray:
    """The search deals: the same seed, deal indexes from SEARCH_FIRST_INDEX."""
    return source(SEARCH_FIRST_INDEX, count)


def _layouts(question: Question) -> dict[Layout, list[Contract]]:
    """The question's contracts by layout (contracts of one layout share the trick counts)."""
    layouts: dict[Layout, list[Contract]] = {}
    for contract in question.contracts:
        layouts.setdefault(layout_of(question, contract), []).append(contract)
    return layouts


def chunk_tricks(question: Question, chosen: dict, batch: np.ndarray, start: int, plays) -> dict:
    """Tricks per layout on main deals ``batch`` (the deals from ``start``), each layout
    with its chosen discard (``chosen[layout]``, for the layouts that search one)."""
    both = {
        layout: lay_out_with_discards(question, layout, batch, chosen.get(layout))
        for layout in _layouts(question)
    }
    laid = {layout: hands for layout, (hands, _) in both.items()}
    thrown = {layout: discards for layout, (_, discards) in both.items()}
    return play_layouts(question, laid, start, plays, thrown)


def worker_chunk(question: Question, chosen: dict, start: int, count: int, inferred=None) -> tuple[int, dict]:
    """What a cluster's worker computes for main deals ``start .. start + count - 1``:
    ``(start, tricks per layout)``, from the question (its seed), the chosen discards and
    the chunk's first deal.  Uniform deals are dealt here from the seed; deals kept by
    inference come as ``inferred`` (the filter runs once, in deal order, in the parent:
    each worker running it again cost seconds per chunk, as much as solving it)."""
    batch = _DealSource(question)(start, count) if inferred is None else inferred
    return start, chunk_tricks(question, chosen, batch, start, _DealCounter(None, 0))


class _LocalChunks:
    """Main-deal chunks played in this process, one after the other."""

    def __init__(self, question: Question, chosen: dict, plays, source):
        self.question, self.chosen, self.plays, self.source = question, chosen, plays, source

    def __call__(self, chunks):
        """``(start, deals, tricks per layout)`` for every ``(start, count)``, in order."""
        for start, count in chunks:
            batch = self.source(start, count)
            yield start, batch, chunk_tricks(self.question, self.chosen, batch, start, self.plays)


class _ClusterChunks(_LocalChunks):
    """Main-deal chunks on a Dask cluster (:func:`worker_chunk`), handed on in deal
    order; the progress bar hears of each chunk's deals when it finishes."""

    def __init__(self, client, question: Question, chosen: dict, plays, source):
        super().__init__(question, chosen, plays, source)
        self.client = client

    def __call__(self, chunks):
        chunks = list(chunks)
        counts = dict(chunks)
        infers = self.question.infers
        tasks = (
            (
                worker_chunk,
                (self.question, self.chosen, start, count, self.source(start, count) if infers else None),
            )
            for start, count in chunks
        )
        finished: dict[int, dict] = {}
        waiting = iter(chunks)
        next_start, _ = next(waiting, (None, 0))
        for start, tricks in run_tasks(self.client, tasks):
            finished[start] = tricks
            self.plays.share(counts[start], 1)(1)
            while next_start in finished:
                yield next_start, self.source(next_start, counts[next_start]), finished.pop(next_start)
                next_start, _ = next(waiting, (None, 0))


def _play_main_deals(
    question: Question, layouts: dict, first_batch: int, precision, cap: int, plays, played_chunks
) -> tuple[dict[Layout, np.ndarray], np.ndarray, bool]:
    """Tricks per main deal for every layout: ``first_batch`` deals, then with a precision
    more batches until every P(make) interval is narrow enough or the cap is reached.
    The deals are played in chunks of ``CHUNK`` deals by ``played_chunks`` (here or on a
    cluster: the same tricks).

    Also returns whether the run was interrupted (Ctrl-C) after its first chunk: the
    tricks then cover the chunks finished before it."""
    tricks: dict[Layout, list[np.ndarray]] = {layout: [] for layout in layouts}
    dealt_parts: list[np.ndarray] = []
    chunk = CHUNK[question.play]
    dealt, total = 0, first_batch
    interrupted = False
    while total > dealt and not interrupted:
        results = played_chunks((start, min(chunk, total - start)) for start in range(dealt, total, chunk))
        while True:
            try:
                _, batch, played = next(results)
            except StopIteration:
                break
            except KeyboardInterrupt:
                if not dealt_parts:
                    raise
                interrupted = True  # keep the chunks already finished: every layout has them all
                break
            for layout in layouts:
                tricks[layout].append(played[layout])
            dealt_parts.append(batch)
        if interrupted:
            break
        dealt = total
        if precision is not None:
            total = _next_precision_total(tricks, question, layouts, dealt, precision, cap)
            plays.grow(total - dealt)
    deals = np.concatenate(dealt_parts) if dealt_parts else np.zeros((0, question.players), np.uint64)
    return {layout: np.concatenate(parts) for layout, parts in tricks.items()}, deals, interrupted


def _deal_counts(deals, precision, max_deals) -> tuple[int, int]:
    for name, value in (("deals", deals), ("max_deals", max_deals)):
        if value is not None and (not isinstance(value, (int, np.integer)) or not 1 <= value <= MAX_DEALS):
            raise RulesError(f"{name} {value!r}: allowed is a whole number from 1 to {MAX_DEALS:,}")
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


def _settings(
    question: Question, dealt: int, precision, cap, estimates, search_deals: int, interrupted: bool
) -> AnalysisSettings:
    widest = max(estimate.half_width for estimate in estimates)
    classic = question.variant.classic
    return AnalysisSettings(
        variant=str(question.variant),
        hand=format_cards(mask_to_faces(question.hand)),
        seat=question.seat + 1,
        dealer=question.dealer + 1,
        auction=format_auction(question.bids),
        auction_assumed=not question.auction_given,
        play=question.play,
        worlds=question.worlds if question.play == "pimc" else None,
        worlds_hear_bids=_worlds_hear_bids(question) if question.play == "pimc" else None,
        seed=question.seed,
        deals=dealt,
        interrupted=interrupted,
        precision=precision,
        max_deals=cap if precision is not None else None,
        precision_met=None if precision is None else widest < precision,
        widest_half_width=widest,
        search_deals=search_deals,
        search_first_index=SEARCH_FIRST_INDEX if search_deals else None,
        gift_policy=question.gift_policy,
        upcard=format_card(question.upcard) if classic else None,
        round=question.round_ if classic else None,
        classic=classic,
        known="; ".join(
            f"seat {seat + 1}: {format_cards(mask_to_faces(mask))}"
            for seat, mask in enumerate(question.known)
            if mask
        )
        or None,
        constraints=question.constraints.describe() if question.constraints else None,
    )


# --------------------------------------------------------------------------- should I bid?


def bid_order(variant: Variant, bid) -> tuple[int, bool]:
    """How bids that score alike are ranked: the higher bid first (raising costs nothing
    on those deals and is harder to overcall), passing below every bid."""
    return (-1, False) if bid == PASS else (variant.rank(bid), bid.alone)


def _same_score_note(question: Question, bid: Contract, equivalent: tuple) -> str:
    """The verdict's note on the bids that score as ``bid`` does on every deal compared
    (empty when none does); the advice names the highest of them."""
    if not equivalent:
        return ""
    highest = max((bid, *equivalent), key=lambda b: bid_order(question.variant, b))
    same = f" {same_score_text((bid, *equivalent))} score the same on these deals"
    return same + ("." if highest == bid else f" (the advice names the highest, {highest}).")


def _only_bid_verdict(headline: ContractEstimate, text: str, **comparison) -> Verdict:
    """The verdict "yes" for ``headline``'s bid, with its figures as played, before any
    alternative is weighed (it stands when the bid is the only legal one and the dealer may
    not pass); ``comparison`` fills the fields that say what it is compared with."""
    return Verdict(
        contract=headline.contract,
        yes=True,
        p_make=headline.p_make,
        ci_low=headline.ci_low,
        ci_high=headline.ci_high,
        deals=headline.deals,
        ev=headline.ev,
        ev_net=headline.ev_net,
        reason=f"{text} is the only legal bid analysed and the dealer may not pass.",
        **comparison,
    )


def bid_verdict(
    result: Analysis, contract, main: Analysis | None = None, compared: str | None = None
) -> Verdict:
    """Yes or no for one bid: its figures against the best alternative legal bid (or pass).

    ``result`` plays the bid and its alternatives on the same deals; ``main``, if given,
    the bid alone on more deals (its P(make) and net points are then reported from
    there, the comparison stays paired on ``result``'s deals).  Alternatives that score
    the same as the bid on every deal are equivalent; the best alternative is the best
    of the others, ties to the higher bid (:func:`bid_order`, the rule of the advice).
    ``compared`` says in words what was compared.
    """
    question = result.question
    estimate = result.estimate(contract)
    bid = estimate.contract
    text = str(bid)
    if not estimate.legal:
        raise RulesError(f"bid {text!r} is not legal after the auction '{result.settings.auction}'")
    nets = {
        e.contract: net_points(question, e.contract, result.deal_tricks[e.contract]) for e in result.estimates
    }
    own_net = nets[bid]
    alternatives = [(e.contract, nets[e.contract]) for e in result.estimates if e.legal and e.contract != bid]
    if result.advice.may_pass:
        alternatives.append((PASS, np.zeros_like(own_net)))
    headline = (main or result).estimate(bid)
    ev_net = float(np.mean(own_net))
    verdict = _only_bid_verdict(
        headline,
        text,
        compared=compared,
        compared_deals=estimate.deals if alternatives else None,
    )
    if not alternatives:
        return verdict
    on = (
        "" if main is None or estimate.deals == headline.deals else f" on the {estimate.deals} deals compared"
    )
    equivalent = tuple(alt for alt, values in alternatives if np.array_equal(values, own_net))
    others = [(alt, values) for alt, values in alternatives if alt not in equivalent]
    same = _same_score_note(question, bid, equivalent)
    verdict = replace(verdict, equivalent=equivalent)
    if not others:
        return replace(verdict, reason=f"{text} nets {ev_net:+.2f} points a hand{on}:{same}")
    best_alt, best_net = max(
        others, key=lambda item: (float(np.mean(item[1])), bid_order(question.variant, item[0]))
    )
    alt_ev = float(np.mean(best_net))
    margin = ev_net - alt_ev
    margin_ci = float(mean_half_width(own_net - best_net))
    alt_name = "passing" if best_alt == PASS else str(best_alt)
    significant = "" if abs(margin) > margin_ci else f" (not significant: within ±{margin_ci:.2f})"
    if margin >= 0:
        reason = (
            f"{text} nets {ev_net:+.2f} points a hand{on}, {margin:.2f} more than the best "
            f"alternative, {alt_name} ({alt_ev:+.2f}){significant}."
        )
    else:
        reason = (
            f"{alt_name} nets {alt_ev:+.2f} points a hand{on}, {-margin:.2f} more than {text} "
            f"({ev_net:+.2f}){significant}."
        )
    return replace(
        verdict,
        yes=margin >= 0,
        reason=reason + same,
        best_alternative=best_alt,
        best_alternative_ev_net=alt_ev,
        margin=margin,
        margin_ci=margin_ci,
    )


def option_verdict(main: Analysis, compared: Analysis, contract, what: str, estimated: str) -> Verdict:
    """Yes or no for one bid by the options' values after the rest of the table bids.

    ``main`` holds the bid (and passing, where the auction allows it) valued after the
    table's bids on all its deals; ``compared`` the bid beside its alternatives on the
    first of those deals.  Passing is compared with the bid on ``main``'s deals, every other
    alternative on ``compared``'s, each difference paired on the deals both were valued
    on.  The measure is net points (your team minus theirs), or with a score the chance
    of winning the game.  Alternatives that score the same as the bid on every deal are
    equivalent; the best alternative is the best of the others by its value on its own
    deals, ties to the higher bid (:func:`bid_order`).  ``what`` says in words what was
    compared, ``estimated`` how each option was estimated.
    """
    question = main.question
    bid = main.estimate(contract).contract
    text = str(bid)
    by_p_win = question.score is not None
    main_values = main.option_wins if by_p_win else main.option_points
    compared_values = compared.option_wins if by_p_win else compared.option_points

    def option(result, choice):
        found = next(o for o in result.options if o.bid == choice)
        return replace(found, deals=found.deals or result.settings.deals)

    own = option(main, bid)
    # per alternative: its value, the bid's and its per-deal values on the deals both were
    # valued on (points or P(win)), its per-deal points (for "scores the same"), and whose
    # deals those are
    rivals = []
    if PASS in main_values:
        rivals.append(
            (option(main, PASS), main_values[bid], main_values[PASS], main.option_points[PASS], main)
        )
    for choice in compared.options:
        if choice.bid not in (bid, PASS):
            rivals.append(
                (
                    option(compared, choice.bid),
                    compared_values[bid],
                    compared_values[choice.bid],
                    compared.option_points[choice.bid],
                    compared,
                )
            )
    headline = main.estimate(bid)
    verdict = _only_bid_verdict(
        headline,
        text,
        compared=what,
        compared_deals=compared.settings.deals if rivals else None,
        by="p_win" if by_p_win else "net",
        option=own,
        alternatives=tuple(rival[0] for rival in rivals),
        estimated=estimated,
        table=main.table,
    )
    if not rivals:
        return verdict
    equivalent = tuple(
        alt.bid for alt, _, _, points, result in rivals if np.array_equal(points, result.option_points[bid])
    )
    others = [rival for rival in rivals if rival[0].bid not in equivalent]
    same = _same_score_note(question, bid, equivalent)
    verdict = replace(verdict, equivalent=equivalent)

    def value(alt):
        return alt.p_win if by_p_win else alt.ev_net

    if not others:
        return replace(
            verdict, reason=f"{text} nets {own.ev_net:+.2f} points a hand after the table's bids:{same}"
        )
    best, own_values, best_values, _, result = max(
        others, key=lambda rival: (value(rival[0]), bid_order(question.variant, rival[0].bid))
    )
    margin = float(np.mean(own_values - best_values))
    margin_ci = float(mean_half_width(own_values - best_values))
    own_value, best_value = float(np.mean(own_values)), float(np.mean(best_values))
    on = "" if result is main else f" on the {result.settings.deals} deals compared"
    alt_name = "passing" if best.bid == PASS else str(best.bid)
    digits = 3 if by_p_win else 2
    significant = "" if abs(margin) > margin_ci else f" (not significant: within ±{margin_ci:.{digits}f})"
    if by_p_win:
        first, second = (text, alt_name) if margin >= 0 else (alt_name, text)
        high, low = (own_value, best_value) if margin >= 0 else (best_value, own_value)
        reason = (
            f"{first} wins the game {high:.3f} of the time after the table's bids{on}, {abs(margin):.3f} "
            f"more than {'the best alternative, ' if margin >= 0 else ''}{second} ({low:.3f}){significant}."
        )
    elif margin >= 0:
        reason = (
            f"{text} nets {own_value:+.2f} points a hand after the table's bids{on}, {margin:.2f} more "
            f"than the best alternative, {alt_name} ({best_value:+.2f}){significant}."
        )
    else:
        reason = (
            f"{alt_name} nets {best_value:+.2f} points a hand after the table's bids{on}, {-margin:.2f} "
            f"more than {text} ({own_value:+.2f}){significant}."
        )
    return replace(
        verdict,
        yes=margin >= 0,
        reason=reason + same,
        best_alternative=best.bid,
        best_alternative_ev_net=best.ev_net,
        margin=margin,
        margin_ci=margin_ci,
    )


def should_i_bid(
    contract,
    variant,
    hand,
    against=None,
    alternative_deals: int = ALTERNATIVE_DEALS,
    option_deals: int = OPTION_DEALS,
    **options,
) -> Verdict:
    """Yes or no for ``contract``, with the numbers behind it.

    With a table model (``table``, default ``balanced``) the verdict compares the options'
    values after the rest of the table bids (:func:`option_verdict`).  The bid is played
    on all its deals (``deals``, default 2000, or a ``precision`` run: its P(make) and net
    as played); it and passing are valued after the table's bids on the first
    ``option_deals`` of them (default 250: after a pass another seat's contract is played
    out), every other alternative beside the bid on the first ``alternative_deals``
    (default 50; wider intervals, stated), so a default run takes seconds.  With a ``score`` the measure is
    the chance of winning the game.  With ``table="none"`` the bids are compared as
    played and passing counts as 0 (:func:`bid_verdict`).  ``against`` limits the
    alternatives (text such as ``"Pig Hearts, 6 Hearts"`` or contracts; each must be
    legal here); default every legal bid.  ``progress(done, total)`` hears of both runs
    as one.
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
        options.get("known"),
        options.get("constraints"),
        options.get("table", "balanced"),
        options.get("inference", "exact"),
        options.get("score"),
    )
    by_table = question.table is not None
    if not by_table:
        options.pop("score", None)  # compared as played: the score would only value the options
    if (
        isinstance(alternative_deals, bool)
        or not isinstance(alternative_deals, (int, np.integer))
        or alternative_deals < 1
    ):
        raise RulesError(f"alternative_deals {alternative_deals!r}: allowed is a whole number of at least 1")
    if isinstance(option_deals, bool) or not isinstance(option_deals, (int, np.integer)) or option_deals < 1:
        raise RulesError(f"option_deals {option_deals!r}: allowed is a whole number of at least 1")
    bid = parse_contract(contract, variant, question.upcard) if isinstance(contract, str) else contract
    check_contract(variant, bid)
    state = legal_bids(variant, question.dealer, question.bids, question.upcard)
    legal = list(state.legal)
    if bid not in legal:
        allowed = ", ".join(str(c) for c in legal[:3]) + (" ..." if len(legal) > 3 else "")
        raise RulesError(
            f"bid '{bid}' is not legal after the auction '{format_auction(question.bids)}': "
            f"allowed are {allowed}"
        )
    passing = (
        (" and passing" if by_table else " and passing (as 0: --table none)") if state.can_pass() else ""
    )
    if against is not None:
        chosen = _contracts(variant, against, question.upcard, question.round_)
        illegal = [c for c in chosen if c not in legal]
        if illegal:
            raise RulesError(
                f"alternative '{illegal[0]}' is not legal after the auction '{format_auction(question.bids)}'"
            )
        rivals = [c for c in chosen if c != bid]
        compared = f"only {', '.join(str(c) for c in rivals) or 'no other bid'}{passing} (--against)"
    else:
        rivals = [c for c in legal if c != bid]
        compared = f"every legal bid{passing}"
    progress = options.pop("progress", None)
    told = _Progress(progress)
    main = analyse_hand(
        variant,
        hand,
        contracts=[bid],
        progress=told.part(),
        option_deals=option_deals if by_table else None,
        **options,
    )
    count = min(alternative_deals, main.settings.deals)
    options.update(deals=count, precision=None)
    options.pop("max_deals", None)
    result = analyse_hand(variant, hand, contracts=[bid, *rivals], progress=told.part(), **options)
    if not by_table or main.table is None or not main.options:
        # no table model (or an interrupted run, which values no options): bids as played
        if count < main.settings.deals:
            compared += f", on the first {count} of the {main.settings.deals} deals"
        verdict = bid_verdict(result, bid, main=main, compared=compared)
        return replace(verdict, settings=main.settings, by="as played")
    deals, valued = main.settings.deals, main.options[0].deals or main.settings.deals
    alone = f"{bid} and passing" if state.can_pass() else str(bid)
    estimated = f"{bid} played on {deals} deals; {alone} valued after the table's bids on "
    estimated += f"the first {valued}" if valued < deals else f"all {deals}"
    if rivals:
        estimated += f", the other bids on the first {count} (each compared with {bid} there)"
        if count < valued:
            compared += (
                f"; passing on {valued} deals, the other bids on the first {count}"
                if state.can_pass()
                else f", on the first {count} of the {valued} deals"
            )
    verdict = option_verdict(main, result, bid, compared, estimated)
    return replace(verdict, settings=main.settings)


class _Progress:
    """One ``progress(done, total)`` for several runs in a row: each run's count is added
    to what the runs before it finished."""

    def __init__(self, progress):
        self.progress = progress
        self.before = 0

    def part(self):
        if self.progress is None:
            return None
        base = [None]

        def update(done: int, total: int) -> None:
            if base[0] is None:
                base[0] = self.before
            self.before = base[0] + done
            self.progress(base[0] + done, base[0] + total)

        return update


def compare_play(variant, hand, models=COMPARED_PLAY_MODELS, progress=None, **options) -> dict:
    """The same analysis under each play model in ``models``: ``{model: Analysis}``.

    Every model plays the same deals (the seed decides them), so the differences are
    the play's, not sampling noise.  ``progress(done, total)`` hears of each model's
    plays in turn; ``options`` as for :func:`analyse_hand` (``play`` is ignored).
    """
    options.pop("play", None)
    return {model: analyse_hand(variant, hand, play=model, progress=progress, **options) for model in models}


__all__ = [
    "ALTERNATIVE_DEALS",
    "DEFAULT_SEED",
    "OPTION_DEALS",
    "Layout",
    "Question",
    "analyse_hand",
    "bid_order",
    "bid_verdict",
    "compare_play",
    "make_question",
    "option_verdict",
    "should_i_bid",
]
