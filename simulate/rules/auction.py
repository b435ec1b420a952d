"""Auctions and the misdeal calls that come before them.

Two shapes of auction, one set of functions:

* **Level auctions** (``pigs-and-hogs``, ``six-handed``): one round from the dealer's
  left, each seat bids once or passes.  A bid must be at a strictly higher level than
  the high bid (``1 < ... < 8 < Pig < Hog``; six-handed ``Alone`` above ``8``); the
  denomination never breaks ties.  The dealer is stuck after five passes in
  ``pigs-and-hogs`` and in ``six-handed(all_pass=stick)``; with ``all_pass=redeal``
  six passes throw the cards in (the result is None).
* **Classic** (``euchre``, ``piq``): round 1, each seat orders up the upcard's suit
  (alone or not; the dealer ordering up is the dealer accepting) or passes, and the
  first order-up ends the auction; round 2, each seat calls another suit (High No Trump
  too with ``no_trump=true``; never the turned-down suit), alone or not, or passes;
  with ``stick_the_dealer=true`` the dealer cannot pass in round 2, otherwise eight
  passes throw the cards in.  With ``no_trump`` and ``stick_the_dealer`` both on, the
  stuck dealer may call High No Trump like anyone else in round 2.

A bid list is a list of :class:`~simulate.rules.Contract` or ``PASS`` in bidding order
from the dealer's left; seats are 0-based.  An :class:`AuctionState` checks one bid at a
time (``verify_bid``, ``can_bid``, ``can_pass``) and gives the next state (``bid``);
every function here replays a list through it, so an illegal bid is always reported
the same way.

Misdeal options of ``euchre`` (the calls happen after the deal, before the auction):

* **ace-no-face**: a hand holding an ace and no K, Q or J (any jack counts as a face:
  trump is not known yet) may call a misdeal; the deal moves left.
* **farmer's hand**: a hand holding three 9s or three 10s may show three of them and
  swap them for the three face-down kitty cards (the upcard stays up).  A hand holding
  all four of the rank keeps the one of the upcard's suit (the one card of them that
  can become trump in round 1) and shows the other three.  If two players call it,
  the hand is a misdeal and the deal moves left, like every thrown-in hand here.
* docs/rules.md says a player *may* call either; :func:`misdeal_calls` takes the calling
  policy as arguments and defaults to "call whenever eligible" (a hand that qualifies
  is weak).  Ace-no-face is resolved first: a misdeal ends the deal before any swap.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ..kernels.rankings import ACE, JACK, KING, NINE, QUEEN, TEN
from .cards import format_cards, mask_to_faces, rank_of, suit_of
from .contracts import PASS, Contract, all_contracts, format_bid, parse_bid
from .variants import (
    DENOM_NAMES,
    LEVEL,
    UPCARD_ROUNDS,
    RulesError,
    Variant,
    as_variant,
    seat_index,
)

# --------------------------------------------------------------------------- bid lists


@dataclass(frozen=True)
class AuctionState:
    """Where an auction stands: who bids next, what they may bid, and the high bid.

    A state answers the rules' questions about the next bid (:meth:`verify_bid`,
    :meth:`can_bid`, :meth:`can_pass`) and gives the state after it (:meth:`bid`); it
    never changes.  Start one with :meth:`start`.
    """

    variant: Variant
    dealer: int
    upcard: int | None
    index: int  # bids made so far
    winner: tuple[int, Contract] | None  # the high bid so far (seat, contract)
    # The rest follows from the fields above, so equality and hashing leave it out.
    seat_to_bid: int | None = field(compare=False)  # None once the auction is over
    legal: tuple[Contract, ...] = field(compare=False)  # contracts the seat to bid may name
    may_pass: bool = field(compare=False)
    allowed: frozenset = field(compare=False, repr=False)  # ``legal`` as a set

    @staticmethod
    def start(variant, dealer: int, upcard: int | None = None) -> AuctionState:
        """The auction before the first bid; raises RulesError for a bad dealer or upcard."""
        variant = as_variant(variant)
        dealer = seat_index(dealer, variant.players, "dealer")
        if variant.has_upcard and upcard is None:
            raise RulesError(f"a {variant.name} auction needs the upcard: give --upcard")
        return _state(variant, dealer, upcard, 0, None)

    @property
    def over(self) -> bool:
        return self.seat_to_bid is None

    def can_pass(self) -> bool:
        """May the seat to bid pass?  (A stuck dealer may not; nobody may once it is over.)"""
        return self.may_pass

    def can_bid(self, bid) -> bool:
        """Is ``bid`` (a Contract or PASS) legal for the seat to bid?"""
        if isinstance(bid, Contract):
            return bid in self.allowed
        return bid == PASS and self.may_pass

    def verify_bid(self, bid) -> None:
        """Raise RulesError naming ``bid`` and what is allowed, unless it is legal."""
        if self.over:
            where = f"bid {self.index + 1} '{format_bid(bid)}'"
            raise RulesError(f"{where}: the auction was already over after bid {self.index}")
        if not self.can_bid(bid):
            raise _illegal(self, bid)

    def bid(self, bid) -> AuctionState:
        """The state after ``bid``, verified first."""
        self.verify_bid(bid)
        return _after(self, bid)


@functools.lru_cache(maxsize=1 << 16)
def _after(state: AuctionState, bid) -> AuctionState:
    # Cached by value: a game asks for the same few transitions at every hand.
    winner = (state.seat_to_bid, bid) if isinstance(bid, Contract) else state.winner
    return _state(state.variant, state.dealer, state.upcard, state.index + 1, winner)


def _seat_label(seat: int, dealer: int) -> str:
    return f"seat {seat + 1}" + (" (dealer)" if seat == dealer else "")


def _state(variant: Variant, dealer: int, upcard, index: int, winner) -> AuctionState:
    """The state after ``index`` legal bids with high bid ``winner``, by the auction's shape."""
    n = variant.players
    rounds = 2 if variant.spec.auction == UPCARD_ROUNDS else 1
    # the upcard auction ends at the first order-up or call; a level auction goes round once
    if index >= rounds * n or (rounds == 2 and winner is not None):
        return AuctionState(variant, dealer, upcard, index, winner, None, (), False, frozenset())
    seat = (dealer + 1 + index) % n
    last_turn = index == rounds * n - 1  # the dealer's turn in the last round
    if rounds == 2:
        legal, allowed = _offered(variant, upcard, 1 if index < n else 2, -1)  # no high bid to beat
    else:
        legal, allowed = _offered(variant, None, None, variant.rank(winner[1]) if winner else 0)
    stuck = last_turn and winner is None and variant.dealer_stuck
    return AuctionState(variant, dealer, upcard, index, winner, seat, legal, not stuck, allowed)


@functools.cache
def _offered(variant: Variant, upcard, round_, floor: int) -> tuple[tuple[Contract, ...], frozenset]:
    """The contracts of a turn (ranked above ``floor``), as a tuple and as a set.

    Cached: games ask at every turn of every hand, and whether a wish is legal.
    """
    legal = tuple(c for c in all_contracts(variant, upcard, round_) if variant.rank(c) > floor)
    return legal, frozenset(legal)


def _illegal(state: AuctionState, bid) -> RulesError:
    variant, dealer, index = state.variant, state.dealer, state.index
    where = f"bid {index + 1} '{format_bid(bid)}' by {_seat_label(state.seat_to_bid, dealer)}"
    if bid == PASS:
        why = (
            "the dealer is stuck and must bid"
            if variant.classic
            else ("the dealer is stuck after five passes and must bid")
        )
        return RulesError(f"{where}: {why}")
    if variant.classic:
        round_ = 1 if index < variant.players else 2
        if round_ == 1:
            allowed = f"order up {DENOM_NAMES[suit_of(state.upcard)]} (alone or not) or pass"
        else:
            names = [DENOM_NAMES[c.denom] for c in state.legal if not c.alone]
            allowed = "call " + ", ".join(names) + " (alone or not)" + (" or pass" if state.may_pass else "")
        return RulesError(
            f"{where}: in round {round_} {_seat_label(state.seat_to_bid, dealer)} may {allowed}"
        )
    high = state.winner[1]
    above = [c for c in state.legal if c.kind == LEVEL]
    options = []
    if above:
        options.append(f"a level of {above[0].level} or more")
    options += [k.capitalize() for k in variant.spec.special_kinds if any(c.kind == k for c in state.legal)]
    allowed = ", ".join(options) + " or pass" if options else "only pass"
    return RulesError(f"{where}: bids must rise above the high bid {high}; allowed is {allowed}")


def legal_bids(variant, dealer: int, bids, upcard: int | None = None) -> AuctionState:
    """Check ``bids`` one by one and return the state after them; raise at the first illegal bid.

    The state says who bids next (``seat_to_bid``, None once the auction is over) and
    what they may do (``legal``, ``may_pass``: False for a stuck dealer).
    """
    state = AuctionState.start(variant, dealer, upcard)
    for bid in bids:
        state = state.bid(bid)
    return state


def auction_result(variant, dealer: int, bids, upcard: int | None = None) -> tuple[int, Contract] | None:
    """``(bidder seat, contract)`` of a finished auction, or None when the cards are thrown in."""
    state = legal_bids(variant, dealer, bids, upcard)
    if state.seat_to_bid is not None:
        raise RulesError(
            f"the auction is not finished: {_seat_label(state.seat_to_bid, dealer)} has still to bid"
        )
    return state.winner


def contract_auction(variant, dealer: int, bidder: int, contract, upcard: int | None = None) -> list:
    """The auction a contract implies: every seat before the bidder passes, the bidder
    bids ``contract`` and every seat after it passes.  In the classic variants that is the
    one auction that ends so: the first order-up or call ends the bidding (for a call,
    every seat in round 1 passed too).  In bid euchre it is one of many: a seat before
    the bidder may have bid lower, so those passes stand for bids not known (the card
    advice hears none of them: advice.hearing); the seats after it did pass over the
    contract.  Raises RulesError where no auction gives it."""
    variant = as_variant(variant)
    state = AuctionState.start(variant, dealer, upcard)
    bids = []
    while not state.over:
        bid = contract if state.seat_to_bid == bidder and state.can_bid(contract) else PASS
        if bid == PASS and not state.can_pass():
            break  # a stuck dealer who is not the bidder: no auction gives the contract
        bids.append(bid)
        state = state.bid(bid)
    if state.winner != (bidder, contract):
        raise RulesError(f"no {variant.name} auction ends in {format_bid(contract)} by seat {bidder + 1}")
    return bids


def parse_auction(text: str, variant, dealer: int, upcard: int | None = None) -> list:
    """Parse ``"3 Clubs, pass, 5 Hearts"`` (bids from the dealer's left, comma separated).

    Classic auctions list round 1 then round 2 bids in one list.  Raises RulesError
    naming the first illegal bid.
    """
    variant = as_variant(variant)
    parts = text.split(",") if text.strip() else []
    for number, part in enumerate(parts, 1):
        if not part.strip():
            raise RulesError(f"auction {text!r}: bid {number} is empty; separate bids by single commas")
    bids = [parse_bid(part, variant, upcard) for part in parts]
    legal_bids(variant, dealer, bids, upcard)
    return bids


def format_auction(bids) -> str:
    return ", ".join(format_bid(b) for b in bids)


# --------------------------------------------------------------------------- misdeal options


def ace_no_face(hand: int) -> bool:
    """May this hand call an ace-no-face misdeal (an ace and no K, Q or J)?"""
    ranks = {rank_of(face) for face in mask_to_faces(hand)}
    return ACE in ranks and not ranks & {JACK, QUEEN, KING}


def farmers_hand_cards(hand: int, upcard: int) -> int:
    """The three cards a farmer's hand shows (face-space mask), or 0 if the hand is not one.

    Three 9s or three 10s qualify (a five-card hand cannot hold both).  With all four
    of the rank the card of the upcard's suit is kept.
    """
    for rank in (NINE, TEN):
        cards = [face for face in mask_to_faces(hand) if rank_of(face) == rank]
        if len(cards) == 4:
            cards = [face for face in cards if suit_of(face) != suit_of(upcard)]
        if len(cards) == 3:
            return sum(1 << (2 * face) for face in cards)
    return 0


def farmers_swap(hand: int, hidden_kitty: int, shown: int) -> tuple[int, int]:
    """Swap the ``shown`` cards of ``hand`` for the three face-down kitty cards."""
    if shown & ~hand or bin(shown).count("1") != 3 or bin(hidden_kitty).count("1") != 3:
        raise RulesError(
            f"farmer's hand swap of {format_cards(mask_to_faces(shown))}: it needs three cards of the "
            f"hand and the three face-down kitty cards"
        )
    return (hand & ~shown) | hidden_kitty, shown


@dataclass(frozen=True)
class DealCalls:
    """What the misdeal options did to a classic deal before the auction."""

    hands: tuple[int, ...]
    hidden_kitty: int
    misdeal: str | None = None  # why the cards were thrown in, if they were
    farmer: int | None = None  # the seat that swapped a farmer's hand
    shown: int = 0  # the cards that seat showed and swapped


def misdeal_calls(
    variant,
    hands,
    hidden_kitty: int,
    upcard: int,
    dealer: int,
    call_ace_no_face: bool = True,
    call_farmers_hand: bool = True,
) -> DealCalls:
    """Apply the enabled misdeal options to a classic deal, seats asked from the dealer's left.

    ``call_*`` are the calling policy (default: every eligible player calls).
    """
    variant = as_variant(variant)
    hands = tuple(int(h) for h in hands)
    if not variant.classic:
        return DealCalls(hands, hidden_kitty)
    options = dict(variant.rule_options)
    order = [(dealer + 1 + i) % variant.players for i in range(variant.players)]
    if options.get("ace_no_face") and call_ace_no_face:
        for seat in order:
            if ace_no_face(hands[seat]):
                return DealCalls(hands, hidden_kitty, misdeal=f"seat {seat + 1} calls ace-no-face")
    if options.get("farmers_hand") and call_farmers_hand:
        callers = [seat for seat in order if farmers_hand_cards(hands[seat], upcard)]
        if len(callers) > 1:
            seats = " and ".join(f"seat {s + 1}" for s in callers)
            return DealCalls(hands, hidden_kitty, misdeal=f"{seats} both call farmer's hand")
        if callers:
            seat = callers[0]
            shown = farmers_hand_cards(hands[seat], upcard)
            new_hand, new_kitty = farmers_swap(hands[seat], hidden_kitty, shown)
            swapped = hands[:seat] + (new_hand,) + hands[seat + 1 :]
            return DealCalls(swapped, new_kitty, farmer=seat, shown=shown)
    return DealCalls(hands, hidden_kitty)


__all__ = [
    "AuctionState",
    "DealCalls",
    "ace_no_face",
    "auction_result",
    "contract_auction",
    "farmers_hand_cards",
    "farmers_swap",
    "format_auction",
    "legal_bids",
    "misdeal_calls",
    "parse_auction",
]
