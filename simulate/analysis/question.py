"""The question an analysis answers, checked once: :class:`Question` and :func:`make_question`.

Everything the player knows and asks (variant, hand, seat, dealer, the auction so far,
the upcard, the contracts to analyse, known cards and suit lengths, the table model,
inference, the score, the play model and its seed) is checked here, with errors that
name the bad value and what is allowed; below this, code takes a :class:`Question` and
checks nothing again.  The defaults a user does not give are written once, in
:mod:`..choices`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import numpy as np

from ..bidding.inference import check_inference
from ..bidding.table_model import (
    TableModel,
    table_model,
)
from ..choices import (
    DEFAULT_GIFT_POLICY,
    DEFAULT_INFERENCE,
    DEFAULT_PLAY,
    DEFAULT_SEED,
    DEFAULT_TABLE,
    PIMC_PLAY_EVIDENCE,
    PIMC_WORLDS,
    PLAY_EVIDENCE_MODES,
)
from ..dealing.constraints import DealConstraints, known_beside
from ..dealing.deal import check_seed, deal_unseen
from ..play.models import PlayModel, play_model
from ..play.playout import check_worlds
from ..rules.auction import format_auction, legal_bids, parse_auction
from ..rules.cards import (
    CardError,
    faces_to_mask,
    format_card,
    format_cards,
    mask_to_faces,
    parse_cards,
    parse_one_card,
)
from ..rules.contracts import (
    PASS,
    Contract,
    all_contracts,
    check_contract,
    example_bids,
    other_variants_hint,
    parse_contract,
)
from ..rules.exchange import (
    GIFT_POLICIES,
)
from ..rules.variants import ORDER_UP, RulesError, Variant, as_variant, seat_index, upcard_variants

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
    # pimc: how the cards each seat saw played weigh its worlds (choices.PLAY_EVIDENCE_MODES)
    play_evidence: str = PIMC_PLAY_EVIDENCE

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
    def model(self) -> PlayModel:
        """The play model's entry in the registry (:mod:`..play.models`)."""
        return play_model(self.play)

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
    *,
    seat=0,
    dealer=None,
    auction=None,
    contracts=None,
    play=DEFAULT_PLAY,
    seed=DEFAULT_SEED,
    upcard=None,
    round_=None,
    gift_policy=DEFAULT_GIFT_POLICY,
    known=None,
    constraints=None,
    table=DEFAULT_TABLE,
    inference=DEFAULT_INFERENCE,
    score=None,
    worlds=PIMC_WORLDS,
    play_evidence=PIMC_PLAY_EVIDENCE,
) -> Question:
    """Check every input once, with errors that name the bad value and what is allowed.

    ``known`` maps other seats (0-based) to cards known to be in their hands (card text,
    a card list or a face-space mask); ``constraints`` bounds their suit lengths (a
    :class:`~..dealing.constraints.DealConstraints` or a list of :class:`~..dealing.constraints.SuitLength`,
    counted in natural suits, of the hands as dealt).  The deals stay uniform over every
    deal that fits them.  ``table`` is the table model (a strategy name, a ``.toml`` file
    or ``"none"``: a pass counts as 0 and nobody overcalls); ``inference`` ``"exact"``
    keeps only deals on which every earlier bidder would have made its bid under that
    model, ``"none"`` deals uniformly; ``score`` is ``(your team, the other team)``;
    ``worlds`` the worlds per decision of the ``pimc`` play model and ``play_evidence``
    how the cards the other seats played weigh them (``exact``, ``soft`` or ``none``).
    """
    variant = as_variant(variant)
    n = variant.players
    seat = seat_index(seat, n, "seat")
    dealer = n - 1 if dealer is None else seat_index(dealer, n, "dealer")
    hand_mask = _hand_mask(variant, hand)
    upcard_face = _upcard(variant, upcard, hand_mask)
    if round_ is not None and (not variant.classic or round_ not in (1, 2)):
        allowed = (
            "1 or 2"
            if variant.classic
            else f"none: {variant.name} has one round of bidding; {upcard_variants()} have two"
        )
        raise RulesError(f"round {round_!r}: allowed is {allowed}")
    play_model(play)
    if gift_policy not in GIFT_POLICIES:
        raise RulesError(f"gift policy {gift_policy!r}: policies are {', '.join(GIFT_POLICIES)}")
    seed = check_seed(seed)
    bids, given = _auction(variant, dealer, seat, auction, upcard_face, round_)
    if round_ is None and variant.classic and given:
        round_ = 1 if len(bids) < n else 2
    chosen = checked_contracts(variant, contracts, upcard_face, round_)
    known_masks, constraints = _known(variant, seat, hand_mask, upcard_face, known, constraints)
    model = table_model(table, variant) if not isinstance(table, TableModel) and table is not None else table
    check_inference(inference)
    score = checked_score(variant, score)
    worlds = check_worlds(worlds)
    if play_evidence not in PLAY_EVIDENCE_MODES:
        raise RulesError(f"play evidence {play_evidence!r}: modes are {', '.join(PLAY_EVIDENCE_MODES)}")
    if play_evidence != "none" and not play_model(play).samples_worlds:
        raise RulesError(
            f"play evidence {play_evidence!r}: it weighs the worlds of --play pimc, and {play} samples none"
        )
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
        play_evidence=play_evidence,
    )


def checked_score(variant, score):
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
    # a double deck: the player may hold the other copy of a known card
    moved = known_beside({other: mask for other, mask in enumerate(masks) if mask}, hand_mask, variant.copies)
    masks = [moved.get(other, 0) for other in range(variant.players)]
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
            raise RulesError(
                f"upcard {upcard}: {variant.name} has no kitty and no upcard; {upcard_variants()} turn one up"
            )
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


def checked_contracts(variant, contracts, upcard, round_) -> list[Contract]:
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


def team_scores(question: Question, score) -> np.ndarray | None:
    """The score as team A, team B points (the table model's order), or None."""
    if score is None:
        return None
    ours, theirs = score
    return np.array([ours, theirs] if question.seat & 1 == 0 else [theirs, ours], np.int64)


QUESTION_FIELDS = tuple(inspect.signature(make_question).parameters)[2:]


def as_question(variant, hand=None, **asked) -> Question:
    """``variant`` itself when it is a checked :class:`Question` (nothing else may be
    given); otherwise the question :func:`make_question` builds from the variant, the
    hand and the keyword fields in ``asked``."""
    if isinstance(variant, Question):
        if hand is not None or asked:
            given = ", ".join(["hand"] * (hand is not None) + sorted(asked))
            raise RulesError(f"a checked Question was given with {given}: give one or the other")
        return variant
    return make_question(variant, hand, **asked)


def question_among(variant, hand, options: dict) -> Question:
    """:func:`as_question` of the question's fields among ``options``, which are taken out
    of it, so that what remains says how to run."""
    asked = {name: options.pop(name) for name in QUESTION_FIELDS if name in options}
    return as_question(variant, hand, **asked)
