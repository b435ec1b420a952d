"""One deal of any variant played out with random legal cards, with a full trace.

This serves ``euchre-mc playout`` and the invariant tests (the text and JSON forms of a
trace are :mod:`reports.traces`): deal (seeded, or given
hands), the misdeal options, the contract, the exchanges, sitting out, the play through
``kernels.play.play_random_deal`` and the score from :func:`simulate.rules.score`.

Defaults when no contract is given (documented for ``playout``):

* level variants: the seat left of the dealer (or ``bidder``) bids 4 in its longest
  suit, counting the left bower as trump (ties to the earlier suit, Clubs first);
* classic variants: the seat left of the dealer (or ``bidder``) orders up.

Decisions nobody searches here follow the stated policies of :mod:`simulate.rules.exchange`:
Pig and Alone discards and the dealer's pick-up discard by the void-first policy,
gifts by the ``highest`` policy.  With ``farmers_hand`` or ``ace_no_face`` on, every
eligible player calls (see :mod:`simulate.rules.auction`); a misdeal ends the trace.

The deal of seed ``s`` is deal 0 of the ``SALT_DEAL`` stream and the play the first
``SALT_PLAY`` stream of ``s``, so the same seed always gives the same trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..dealing.deal import check_seed, deal_tables, parse_deal
from ..kernels.bits import SALT_PLAY, popcount, stream_state
from ..kernels.contract import to_contract
from ..kernels.play import play_random_deal
from ..kernels.rankings import FACE_AT, SUIT_MASK
from ..kernels.seats import first_active, next_active
from ..rules.auction import auction_result, misdeal_calls, parse_auction
from ..rules.cards import CardError, format_card, parse_one_card, suit_of
from ..rules.contracts import Contract, check_contract, parse_contract
from ..rules.exchange import apply_exchange, dealer_pickup, partners, sitting_out_mask, void_first_discards
from ..rules.scoring import score
from ..rules.variants import LEVEL, ORDER_UP, RulesError, Variant, as_variant, seat_index, upcard_variants


@dataclass(frozen=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, int], ...]  # (seat, face) in the order played
    winner: int


@dataclass(frozen=True)
class Trace:
    """Everything that happened to one deal; seats 0-based, cards as faces or face masks."""

    variant: Variant
    seed: int  # seeds the deal (unless the hands were given) and the play
    dealt_given: bool
    dealer: int
    dealt: tuple[int, ...]  # each seat's hand as dealt
    upcard: int | None = None
    hidden_kitty: int = 0  # the kitty's face-down cards as dealt (a farmer's swap puts the shown cards there)
    farmer: int | None = None
    farmer_shown: int = 0
    auction: tuple = ()
    thrown_in: str | None = None  # why no contract was played
    bidder: int | None = None
    contract: Contract | None = None
    discards: int = 0  # Pig / Alone discards, or the dealer's pick-up discard
    gifts: tuple[tuple[int, int], ...] = ()  # (partner seat, face given)
    playing: tuple[int, ...] = ()  # each seat's hand when play starts
    active: int = 0
    tricks: tuple[Trick, ...] = field(default=())
    tricks_taken: int = 0  # by the bidding team
    score: tuple[int, int] = (0, 0)  # (bidding team, defenders)

    @property
    def players(self) -> int:
        return self.variant.players


def given_deal(variant, text: str, upcard_text: str | None) -> tuple[list[int], int, int | None]:
    """Hands from ``"seat-1 cards / ... / seat-N cards"``; classic also needs the upcard."""
    variant = as_variant(variant)
    hands = parse_deal(variant, text, dealt=True)
    if not variant.has_upcard:
        if upcard_text is not None:
            raise RulesError(
                f"upcard {upcard_text!r}: {variant.name} has no kitty and no upcard; "
                f"{upcard_variants()} turn one up"
            )
        return hands, 0, None
    if upcard_text is None:
        raise RulesError(f"{variant.name} deals need the upcard: give --upcard")
    upcard = parse_one_card(upcard_text)
    for seat, hand in enumerate(hands):
        if hand >> (2 * upcard) & 1:
            raise CardError(
                f"upcard {format_card(upcard)} is also in seat {seat + 1}'s hand: a card is in one place"
            )
    deck = (1 << 48) - 1 if variant.copies == 2 else sum(1 << (2 * f) for f in range(24))
    hidden = deck & ~sum(hands) & ~(1 << (2 * upcard))
    return hands, hidden, upcard


def default_contract(variant, hands, dealer: int, upcard: int | None, bidder: int | None):
    """(bidder, contract) when none is given: see the module docstring."""
    variant = as_variant(variant)
    bidder = (dealer + 1) % variant.players if bidder is None else bidder
    if variant.classic:
        return bidder, Contract(ORDER_UP, suit_of(upcard))
    trumps = [
        popcount(to_contract(np.uint64(hands[bidder]), np.int64(suit)) & SUIT_MASK[suit, suit])
        for suit in range(4)
    ]
    return bidder, Contract(LEVEL, trumps.index(max(trumps)), 4)


def _contract_from(variant, contract_text, auction_text, bidder, dealer, hands, upcard):
    """(bidder, contract, auction bids) or (None, None, bids) when the cards are thrown in."""
    if auction_text is not None:
        if contract_text is not None or bidder is not None:
            raise RulesError(
                "give --auction or --contract/--bidder, not both: the auction decides the contract"
            )
        bids = parse_auction(auction_text, variant, dealer, upcard)
        result = auction_result(variant, dealer, bids, upcard)
        return (*result, tuple(bids)) if result else (None, None, tuple(bids))
    if contract_text is None:
        return (*default_contract(variant, hands, dealer, upcard, bidder), ())
    contract = parse_contract(contract_text, variant, upcard)
    check_contract(variant, contract)
    return ((dealer + 1) % variant.players if bidder is None else bidder), contract, ()


def play_traced(
    variant,
    seed: int = 1,
    contract: str | None = None,
    bidder: int | None = None,
    dealer: int | None = None,
    deal: str | None = None,
    upcard: str | None = None,
    auction: str | None = None,
) -> Trace:
    """Deal (or take ``deal``), bid, exchange and play one deal at random; return its trace.

    ``contract`` and ``auction`` are text in the bid grammar; seats are 0-based.
    """
    variant = as_variant(variant)
    n = variant.players
    dealer = n - 1 if dealer is None else seat_index(dealer, n, "dealer")
    bidder = None if bidder is None else seat_index(bidder, n, "bidder")
    seed = check_seed(seed)
    if deal is not None:
        hands, hidden, up = given_deal(variant, deal, upcard)
    elif upcard is not None:
        raise RulesError(f"upcard {upcard!r}: give --upcard only with --deal (a seeded deal turns its own)")
    else:
        dealt, kitty, upcards = deal_tables(variant, seed, 0, 1)
        hands, hidden = [int(h) for h in dealt[0]], int(kitty[0])
        up = int(upcards[0]) if variant.has_upcard else None
    base = dict(
        variant=variant,
        seed=seed,
        dealt_given=deal is not None,
        dealer=dealer,
        dealt=tuple(hands),
        upcard=up,
        hidden_kitty=hidden,
    )

    calls = misdeal_calls(variant, hands, hidden, up, dealer) if variant.has_upcard else None
    if calls is not None:
        base.update(farmer=calls.farmer, farmer_shown=calls.shown)
        if calls.misdeal:
            return Trace(**base, thrown_in=f"misdeal: {calls.misdeal}; the deal moves left")
        hands = list(calls.hands)

    bidder, chosen, bids = _contract_from(variant, contract, auction, bidder, dealer, hands, up)
    base["auction"] = bids
    if chosen is None:
        return Trace(**base, thrown_in="everyone passed: the cards are thrown in and the deal moves left")

    denom = chosen.denom
    table = np.array([hands], np.uint64)
    discards, gifts = 0, ()
    if chosen.exchange:
        discards = void_first_discards(hands[bidder], denom, 2)
        table = apply_exchange(table, denom, bidder, discards)
        gifts = tuple(
            (partner, (int(hands[partner] & ~int(table[0, partner])).bit_length() - 1) // 2)
            for partner in partners(n, bidder)
        )
    elif chosen.kind == ORDER_UP:
        table = dealer_pickup(table, dealer, up, denom)
        discards = int((int(table[0, dealer]) ^ hands[dealer]) & ~(1 << (2 * up)))
    active = sitting_out_mask(variant, chosen, bidder)
    leader = variant.leader(dealer, bidder)
    tricks, taken = _play(table[0], n, active, denom, leader, seed, variant.hand_size)
    bidder_team_tricks = taken if bidder % 2 == 0 else variant.hand_size - taken
    return Trace(
        **base,
        bidder=bidder,
        contract=chosen,
        discards=discards,
        gifts=gifts,
        playing=tuple(int(h) for h in table[0]),
        active=active,
        tricks=tricks,
        tricks_taken=bidder_team_tricks,
        score=score(variant, chosen, bidder_team_tricks),
    )


def _play(hands, n: int, active: int, denom: int, leader: int, seed: int, hand_size: int):
    """Random play through the kernel; returns the tricks and the tricks team 0 took."""
    local = np.array([to_contract(np.uint64(h), np.int64(denom)) for h in hands], np.uint64)
    record = np.empty((hand_size, n + 1), np.int64)
    state = np.uint64(stream_state(np.uint64(seed), np.int64(SALT_PLAY), np.int64(0)))
    team0, _ = play_random_deal(
        local, np.int64(n), np.int64(active), np.int64(denom), np.int64(leader), state, record
    )
    return tricks_from_record(record, denom, leader, active), int(team0)


def tricks_from_record(record: np.ndarray, denom: int, leader: int, active: int) -> tuple[Trick, ...]:
    """The tricks, card by card, from a play kernel's record of a deal.

    ``record[t, seat]`` is the contract-space card ``seat`` played to trick ``t`` and
    ``record[t, n]`` the trick's winner; ``leader`` leads the first trick (the next
    active seat to its left when it sits out).
    """
    n = record.shape[1] - 1
    tricks = []
    trick_leader = int(first_active(np.int64(leader), np.int64(n), np.int64(active)))
    for row in record:
        seat, plays = trick_leader, []
        for _ in range(bin(active).count("1")):
            plays.append((seat, int(FACE_AT[denom, row[seat] >> 1])))
            seat = int(next_active(np.int64(seat), np.int64(n), np.int64(active)))
        tricks.append(Trick(trick_leader, tuple(plays), int(row[n])))
        trick_leader = int(row[n])
    return tuple(tricks)


__all__ = [
    "Trace",
    "Trick",
    "default_contract",
    "given_deal",
    "play_traced",
    "tricks_from_record",
]
