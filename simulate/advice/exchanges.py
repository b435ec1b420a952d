"""Which card should I throw away or give?  The decisions before play (``best-discard``,
``best-gift``).

* The classic dealer's discard after being ordered up: the dealer holds its five cards
  and the upcard and throws one away.  :func:`best_discard` values each of the six.
* The Pig / six-handed Alone partner's gift: each partner of the bidder gives it one
  card, then sits out.  :func:`best_gift` values each card of the partner's hand.

Each candidate is valued over the same ``worlds`` worlds: deals of the cards the player
cannot see, uniform over every deal consistent with its hand (and, for the dealer, the
upcard it holds) and, given the whole auction, with every other seat's bid under the
table model (exact or soft inference, as ``analyse --inference``: :mod:`.hearing`).
In each world the exchange is finished by the rules' policies for the cards the player
does not choose (the other partner gives by ``gift_policy``, the bidder discards two by
the void-first policy) and the hand is solved double dummy.  Candidates are ranked by
the player's side's expected net points for the hand, with its tricks and P(make), each
with a 95% interval; the same worlds for every candidate make the comparison paired,
and cards that cannot be told apart from the best are shown as equal to it
(:mod:`.ranking`).
Random numbers come from the seed alone.  The worlds are solved in steps; a Ctrl-C after
the first step ranks the candidates over the worlds solved by then (``worlds`` says how
many, ``interrupted`` is set).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

import numpy as np

from ...interrupt import raise_if_held
from ..analysis.question import checked_score
from ..choices import ADVICE_WORLDS, DEFAULT_TABLE
from ..dealing.deal import deal_unseen
from ..dealing.trump_proposal import TrumpProposal
from ..play.playout import check_worlds, play_deals
from ..rules.cards import CardError, faces_to_mask, format_card, parse_card, parse_cards
from ..rules.contracts import check_contract, parse_contract
from ..rules.exchange import GIFT_POLICIES, gift_cards, partners, sitting_out_mask, void_first_discards
from ..rules.variants import ORDER_UP, RulesError, as_variant, seat_index, upcard_variants
from .best_card import WORLDS_PER_STEP
from .hearing import consistent_deals
from .ranking import CardValue, rank_candidates, win_chances, without_unscored
from .told import heard_with, known_around, told

DD_NOTE = (
    "Each candidate is valued by double-dummy play of the hand after the exchange (every "
    "seat sees every card), over worlds dealt from what you hold."
)


@dataclass(frozen=True)
class ExchangeAdvice:
    """Every candidate card ranked, best first (see the module notes)."""

    decision: str  # "discard" or "gift"
    variant: str
    contract: str
    bidder: int  # 1-based
    seat: int  # 1-based
    hand: str
    worlds: int
    seed: int
    cards: tuple[CardValue, ...]
    heard: str = ""  # what conditioned the worlds beyond the cards held (one line)
    score: tuple[int, int] | None = None  # the game's score, your team first: cards ranked by P(win)
    note: str = DD_NOTE
    interrupted: bool = False  # Ctrl-C: ``worlds`` counts the worlds solved by then (not in the JSON)

    @property
    def best(self) -> str:
        return self.cards[0].card

    def to_json(self, indent=None) -> str:
        out = without_unscored(asdict(self))
        del out["interrupted"]
        return json.dumps({**out, "best": self.best}, indent=indent)


def best_discard(
    variant,
    hand,
    upcard,
    dealer: int,
    bidder: int,
    contract="order up",
    worlds: int = ADVICE_WORLDS,
    seed: int = 1,
    first: int = 0,
    auction=None,
    table: str = DEFAULT_TABLE,
    inference: str = "exact",
    progress=None,
    score=None,
    known=None,
    constraints=None,
) -> ExchangeAdvice:
    """The classic ``dealer``'s discard after ``bidder`` ordered the ``upcard`` up: each of
    the six cards it then holds, valued over ``worlds`` worlds.  Seats count from
    ``first`` (1 at the CLI).  With the whole ``auction`` the worlds explain it under the
    ``table`` model by ``inference`` (:func:`.hearing.consistent_deals`).  With the game's
    ``score`` (your team first) cards are ranked by the chance of winning the game."""
    variant = as_variant(variant)
    if not variant.has_upcard:
        raise RulesError(
            f"{variant.name} has no upcard: the dealer's discard is a decision of "
            f"{upcard_variants()} (--variant euchre)"
        )
    n = variant.players
    dealer = seat_index(dealer, n, "dealer", first)
    bidder = seat_index(bidder, n, "bidder", first)
    upcard_face = parse_card(upcard) if isinstance(upcard, str) else int(upcard)
    bid = parse_contract(contract, variant, upcard_face) if isinstance(contract, str) else contract
    check_contract(variant, bid)
    if bid.kind != ORDER_UP:
        raise RulesError(f"contract {bid}: the dealer discards only when the upcard is ordered up")
    active = sitting_out_mask(variant, bid, bidder)
    if not active >> dealer & 1:
        raise RulesError(f"the dealer, seat {dealer + first}, sits out this {bid}: it has no discard to make")
    own = _hand(hand, variant, variant.hand_size)
    if upcard_face in own:
        raise CardError(f"upcard {format_card(upcard_face)} is also in your hand: it is one card")
    held = own + [upcard_face]
    told_ = told(variant, dealer, known, constraints)
    given = {dealer: faces_to_mask(held), **known_around(variant, told_, faces_to_mask(held))}
    worlds = check_worlds(worlds)
    sizes = [variant.hand_size] * n
    sizes[dealer] += 1
    dealt, weights, heard = consistent_deals(
        variant,
        bid,
        bidder,
        dealer,
        dealer,
        upcard_face,
        auction,
        table,
        inference,
        lambda first_index, count: deal_unseen(
            variant,
            given,
            hand_sizes=sizes,
            seed=seed,
            first_index=first_index,
            count=count,
            constraints=told_.constraints,
        ),
        worlds,
        first or 1,
        _on_purpose(variant, bid, bidder, dealer, given, 1 << (2 * upcard_face), sizes, seed, told_),
    )
    candidates = _distinct(held)
    tables = []
    for face in candidates:
        table = dealt.copy()
        table[:, dealer] = _without(int(faces_to_mask(held)), face)
        tables.append(table)
    leader = variant.leader(dealer, bidder)
    heard = heard_with(told_, heard, first or 1)
    chosen = (candidates, tables, leader, active, seed, heard, progress, weights, (dealer, score))
    return _ranked("discard", variant, bid, bidder, dealer, held, *chosen)


def best_gift(
    variant,
    contract,
    hand,
    bidder: int,
    seat: int,
    dealer: int | None = None,
    gift_policy: str = "highest",
    worlds: int = ADVICE_WORLDS,
    seed: int = 1,
    first: int = 0,
    auction=None,
    table: str = DEFAULT_TABLE,
    inference: str = "exact",
    progress=None,
    score=None,
    known=None,
    constraints=None,
) -> ExchangeAdvice:
    """The card ``seat``, a partner of the Pig / six-handed Alone ``bidder``, gives it:
    each card of its hand valued over ``worlds`` worlds.  The other partner gives by
    ``gift_policy`` and the bidder discards two by the void-first policy.  ``dealer`` is
    needed only where the seat left of the dealer leads, and with the whole ``auction``,
    which the worlds then explain under the ``table`` model by ``inference``.  With the
    game's ``score`` (your team first; it needs the ``dealer``) cards are ranked by the
    chance of winning the game."""
    variant = as_variant(variant)
    n = variant.players
    bidder = seat_index(bidder, n, "bidder", first)
    seat = seat_index(seat, n, "seat", first)
    bid = parse_contract(contract, variant) if isinstance(contract, str) else contract
    check_contract(variant, bid)
    if not bid.exchange:
        raise RulesError(
            f"contract {bid}: only a Pig or six-handed Alone bidder gets a card from each partner"
        )
    if seat not in partners(n, bidder):
        raise RulesError(
            f"seat {seat + first} is not a partner of the bidder, seat {bidder + first}: "
            f"the givers are seats {', '.join(str(p + first) for p in partners(n, bidder))}"
        )
    if gift_policy not in GIFT_POLICIES:
        raise RulesError(f"gift policy {gift_policy!r}: policies are {', '.join(GIFT_POLICIES)}")
    dealer = None if dealer is None else seat_index(dealer, n, "dealer", first)
    if variant.spec.bidder_leads:
        leader = bidder
    elif dealer is None:
        raise RulesError(f"{variant.name}: give the dealer (--dealer): the seat on its left leads")
    else:
        leader = variant.leader(dealer, bidder)
    own = _hand(hand, variant, variant.hand_size)
    told_ = told(variant, seat, known, constraints)
    given = {seat: faces_to_mask(own), **known_around(variant, told_, faces_to_mask(own))}
    worlds = check_worlds(worlds)
    dealt, weights, heard = consistent_deals(
        variant,
        bid,
        bidder,
        seat,
        dealer,
        None,
        auction,
        table,
        inference,
        lambda first_index, count: deal_unseen(
            variant, given, seed=seed, first_index=first_index, count=count, constraints=told_.constraints
        ),
        worlds,
        first or 1,
        _on_purpose(variant, bid, bidder, seat, given, 0, [variant.hand_size] * n, seed, told_),
    )
    heard = heard_with(told_, heard, first or 1)
    other = next(p for p in partners(n, bidder) if p != seat)
    other_gift = gift_cards(dealt, bid.denom, bidder, gift_policy) & dealt[:, other]
    active = sitting_out_mask(variant, bid, bidder)
    candidates = _distinct(own)
    own_mask = int(faces_to_mask(own))
    tables = []
    for face in candidates:
        table = dealt.copy()
        given = own_mask & (3 << (2 * face))  # the physical card changes hands
        ten = table[:, bidder] | other_gift | np.uint64(given & -given)
        thrown = np.array([void_first_discards(int(h), bid.denom, 2) for h in ten], np.uint64)
        table[:, bidder] = ten & ~thrown
        for partner in partners(n, bidder):
            table[:, partner] = 0
        tables.append(table)
    chosen = (candidates, tables, leader, active, seed, heard, progress, weights, (dealer, score))
    return _ranked("gift", variant, bid, bidder, seat, own, *chosen)


def _on_purpose(variant, bid, bidder, player, given, out_of_play, sizes, seed, told_):
    """A TrumpProposal for a bidder who plays alone in a trump suit (a loner, Pig, Hog,
    Alone), whose rare bid uniform deals seldom explain; None otherwise (the player's
    own bid needs no explaining)."""
    if not bid.plays_alone or bidder == player or bid.denom >= 4:
        return None
    fixed = [int(given.get(seat, 0)) for seat in range(variant.players)]
    return TrumpProposal(variant, fixed, out_of_play, sizes, seed, told_.constraints, bidder, bid.denom)


def _hand(hand, variant, size: int) -> list[int]:
    own = parse_cards(hand, variant.copies, what="hand") if isinstance(hand, str) else list(hand)
    if len(own) != size:
        raise RulesError(f"hand of {len(own)} cards: {variant.name} deals {size}")
    return own


def _distinct(faces) -> list[int]:
    return sorted(set(faces), key=faces.index)


def _without(mask: int, face: int) -> np.uint64:
    """``mask`` without one copy of ``face`` (the second copy when it holds both)."""
    bit = 2 * face + 1 if mask >> (2 * face + 1) & 1 else 2 * face
    return np.uint64(mask & ~(1 << bit))


def _ranked(
    decision,
    variant,
    bid,
    bidder,
    seat,
    held,
    candidates,
    tables,
    leader,
    active,
    seed,
    heard,
    progress,
    weights,
    at,
):
    """The candidates ranked over the worlds; ``at`` is (dealer, score) for P(win), or None."""
    size = variant.hand_size
    ours = (bidder & 1) == (seat & 1)
    score = None if at is None else checked_score(variant, at[1])
    win = None if score is None else win_chances(variant, bid, seat, bidder, at[0], score, ours)
    worlds = tables[0].shape[0]
    bidder_side = _solved_worlds(tables, bid.denom, bidder, leader, active, progress)
    interrupted = bidder_side.shape[1] < worlds
    worlds = bidder_side.shape[1]
    weights = None if weights is None else weights[:worlds]
    sides = list(bidder_side if ours else size - bidder_side)
    rows = rank_candidates(variant, bid, candidates, sides, ours, weights, win)
    return ExchangeAdvice(
        decision=decision,
        variant=str(variant),
        contract=str(bid),
        bidder=bidder + 1,
        seat=seat + 1,
        hand=" ".join(format_card(f) for f in held),
        worlds=worlds,
        seed=int(seed),
        cards=tuple(rows),
        heard=heard,
        score=score,
        interrupted=interrupted,
    )


def _solved_worlds(tables, denom, bidder, leader, active, progress=None) -> np.ndarray:
    """The bidder's side's tricks ``[candidate, world]``, the worlds solved in steps (every
    candidate at once; ``progress(worlds done, worlds)`` after each); after a Ctrl-C, the
    worlds of the steps solved by then."""
    worlds = tables[0].shape[0]
    steps = []
    try:
        for first in range(0, worlds, WORLDS_PER_STEP):
            step = np.concatenate([table[first : first + WORLDS_PER_STEP] for table in tables])
            tricks = play_deals(step, denom, bidder, leader, active, "dd")
            steps.append(tricks.astype(np.int64).reshape(len(tables), -1))
            if progress is not None:
                progress(min(first + WORLDS_PER_STEP, worlds), worlds)
            raise_if_held()
    except KeyboardInterrupt:
        if not steps:
            raise
    return np.concatenate(steps, axis=1)


__all__ = ["DD_NOTE", "ExchangeAdvice", "best_discard", "best_gift"]
