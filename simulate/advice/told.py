"""What the player was told of the other hands (``--known``, ``--void``, ``--length``),
as the card advice's worlds hold it.

The options and their parser are ``analyse``'s (simulate.dealing.constraints:
parse_known, parse_lengths): cards known to be in a seat's hand and its suit lengths as
dealt, counted in natural suits.  :func:`told` checks them once into a :class:`Told`.

* best-discard and best-gift deal whole hands as dealt, so the cards and lengths go
  straight to the dealer (simulate.dealing.deal.deal_unseen): exactly uniform among the
  deals that hold them.
* best-card's worlds are the hands as they stand now (kernels.pimc).  A known card a
  seat has not played yet is in its hand in every world (``fixed``); a suit length as
  dealt is tested on the world's hand plus the cards the seat played (a row of
  kernels.pimc.lengths_match: rejection, so uniform again), and a natural void is a void
  now too, which the dealer of worlds uses at once.  Of the dealer who picked the
  upcard up and of a Pig or Alone bidder the worlds show the hand after the exchange,
  not as dealt: cards known to be there mean cards it holds or played, and lengths as
  dealt cannot be tested, so they are refused (one line).

Contradictions are one line: a known card the player holds or sees elsewhere, a seat
with more known cards than it holds, lengths no deal can meet (checked by dealing one
deal as dealt with every fact, as ``analyse`` checks its question).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dealing.constraints import DealConstraints, SuitLength, check, known_beside, suit_group
from ..dealing.deal import deal_unseen
from ..rules.cards import faces_to_mask, format_cards, mask_to_faces, parse_cards
from ..rules.variants import RulesError, seat_index


@dataclass(frozen=True)
class Told:
    """Known cards per seat (0-based, face-space masks; the player's own seat never) and
    the suit lengths as dealt, natural suits (None: none given)."""

    known: dict
    constraints: DealConstraints | None

    def __bool__(self) -> bool:
        return bool(self.known) or self.constraints is not None

    def describe(self, first: int = 1) -> str:
        """One sentence, or "" when nothing was told."""
        if not self:
            return ""
        parts = [
            f"seat {seat + first} holds {format_cards(mask_to_faces(mask))}"
            for seat, mask in sorted(self.known.items())
        ]
        if self.constraints is not None:
            parts += [length.describe() for length in self.constraints.lengths]
        return f"The worlds hold what you were told: {'; '.join(parts)}."

    def seats(self) -> set[int]:
        """The seats something was told of."""
        lengths = self.constraints.lengths if self.constraints is not None else ()
        return {*self.known, *(length.seat for length in lengths)}

    def lengths_of(self, seat: int) -> list[SuitLength]:
        if self.constraints is None:
            return []
        return [length for length in self.constraints.lengths if length.seat == seat]


def told(variant, seat: int, known=None, constraints=None) -> Told:
    """The checked :class:`Told` of the player ``seat`` (0-based): ``known`` maps other
    seats (0-based) to cards (text, a card list or a face-space mask), ``constraints``
    is a :class:`DealConstraints` in natural suits or a list of :class:`SuitLength`."""
    masks = {}
    for other, cards in (known or {}).items():
        other = seat_index(other, variant.players, "known cards' seat")
        if other == seat:
            raise RulesError(f"known cards for seat {seat + 1}: that is your own seat; give them with --hand")
        if isinstance(cards, (int, np.integer)):
            mask = int(cards)
        else:
            text = cards if isinstance(cards, str) else " ".join(cards)
            mask = int(faces_to_mask(parse_cards(text, copies=variant.copies, what="known cards")))
        if mask:
            masks[other] = masks.get(other, 0) | mask
    if constraints is not None and not isinstance(constraints, DealConstraints):
        constraints = DealConstraints(tuple(constraints))
    if constraints is not None and constraints.denom is not None:
        raise RulesError("suit lengths as told count natural suits: give them without a denomination")
    if constraints is not None and not constraints.lengths:
        constraints = None
    if constraints is not None:
        check(constraints, variant.players, variant.hand_size)
    return Told(masks, constraints)


def heard_with(told_: Told, line: str, first: int = 1, missed: int = 0) -> str:
    """The one line of what conditioned the worlds: what the player was told, then the
    auction's ``line`` (what it heard, or why nothing); ``missed`` worlds kept without
    meeting a suit length (the sampler's cap)."""
    if not told_:
        return line
    short = f" {missed:,} worlds were kept without meeting it." if missed else ""
    return f"{told_.describe(first)}{short} {line}"


def check_as_dealt(variant, told_: Told, held: dict, out_of_play: int, sizes) -> None:
    """Raise RulesError or CardError (one line) unless one deal can hold every fact:
    ``held[seat]`` the face-space cards known to be in that seat's hand as dealt
    (the player's own, the cards each seat played), ``out_of_play`` the cards no hand
    holds as dealt, ``sizes`` the hand sizes as dealt (0 for a seat whose hand as dealt
    the worlds do not show)."""
    given = {seat: int(held.get(seat, 0)) | told_.known.get(seat, 0) for seat in range(variant.players)}
    deal_unseen(variant, given, out_of_play, sizes, seed=0, count=1, constraints=told_.constraints)


def known_around(variant, told_: Told, taken: int) -> dict:
    """The known cards per seat on copies not in ``taken`` (dealing.constraints.known_beside)."""
    return known_beside(told_.known, taken, variant.copies, "your hand or the upcard")


def natural_suit_cards(suit: int) -> int:
    """Face-space mask of both copies of every card of natural ``suit``."""
    return sum(3 << (2 * face) for face in range(24) if suit_group(face, None) == suit)


def void_now(suit: int, denom: int) -> int:
    """The effective-suit void bits that a natural void in ``suit`` implies under
    ``denom``: the suit itself, unless it is trump (whose left bower is of another
    natural suit); under High and Low the suits are the natural ones."""
    return 0 if denom < 4 and suit == denom else 1 << suit


def length_rows(told_: Told, viewer: int, seats) -> np.ndarray:
    """The rows (viewer, seat, face-space suit cards, low, high) of kernels.pimc.lengths_match
    for the lengths of ``seats``."""
    rows = [
        (viewer, length.seat, natural_suit_cards(length.suit), length.low, length.high)
        for seat in seats
        for length in told_.lengths_of(seat)
    ]
    return np.array(rows, np.int64).reshape(-1, 5)


def refuse_unseen_as_dealt(told_: Told, seat: int, why: str) -> None:
    """Suit lengths as dealt of a seat whose hand as dealt the worlds do not show (seats
    in the message count from 1, as in every suit length's text): one line."""
    lengths = told_.lengths_of(seat)
    if lengths:
        raise RulesError(
            f"{lengths[0].describe()}: {why}, so the worlds do not show its hand as "
            "dealt; give the cards it holds with --known"
        )


__all__ = [
    "Told",
    "check_as_dealt",
    "heard_with",
    "known_around",
    "length_rows",
    "natural_suit_cards",
    "refuse_unseen_as_dealt",
    "told",
    "void_now",
]
