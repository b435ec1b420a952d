"""What is known about the unseen hands beyond single cards: suit lengths and voids.

A bridge dealer lets a user say "East is void in spades" or "West holds at least five
hearts"; this module does the same for the unseen seats of a euchre deal.  A
:class:`SuitLength` bounds how many cards of one suit a seat holds (a void is the bound
0 to 0); a :class:`DealConstraints` groups them with the suits they count in: the
natural suits (``denom`` None: what an auction can say, before trump is known), or the
effective suits of a contract (the left bower counts as trump: what a seat shows by
failing to follow in play).  Cards known to be in a seat are given to
:func:`~euchre_mc.simulate.dealing.deal.deal_unseen` as ``known``; they count towards its lengths.

Deals stay **exactly uniform** over every deal consistent with what is known.  A uniform
deal is a uniform table ``X[seat, suit]`` of how many unseen cards of each suit each seat
receives (a multivariate hypergeometric table), then a uniform choice of the cards
within each suit.  So :func:`plan` counts, seat by constrained seat, the ways to deal
each suit-count vector and everything after it (a small dynamic programme over the
suit counts still unseen; seats without constraints need no counting, since they share
whatever is left uniformly), and the dealing kernel draws a count vector for each
constrained seat in proportion to its number of deals, then the cards.  The tests
compare the frequencies with exact enumeration of every deal.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from ..kernels.rankings import JACK
from ..rules.cards import SUIT_NAMES, CardError, face_of, faces_to_mask, format_card, parse_cards
from ..rules.contracts import parse_denom
from ..rules.variants import RulesError, seat_index, whole_number


@dataclass(frozen=True)
class SuitLength:
    """Seat ``seat`` (0-based) holds ``low`` to ``high`` cards of ``suit`` (0..3 = C D H S)."""

    seat: int
    suit: int
    low: int = 0
    high: int = 8

    def describe(self) -> str:
        name = SUIT_NAMES[self.suit]
        if self.high == 0:
            return f"seat {self.seat + 1} void in {name}"
        if self.low == self.high:
            return f"seat {self.seat + 1} holds exactly {self.low} {name}"
        if self.low == 0:
            return f"seat {self.seat + 1} holds at most {self.high} {name}"
        return f"seat {self.seat + 1} holds {self.low} to {self.high} {name}"


def void(seat: int, suit: int) -> SuitLength:
    return SuitLength(seat, suit, 0, 0)


@dataclass(frozen=True)
class DealConstraints:
    """Suit-length bounds for the unseen seats, counted in natural suits (``denom`` None)
    or in the effective suits of denomination ``denom`` (0..3 trump, 4 High, 5 Low)."""

    lengths: tuple[SuitLength, ...] = field(default=())
    denom: int | None = None

    def describe(self) -> str:
        text = "; ".join(length.describe() for length in self.lengths) or "none"
        if self.lengths and self.denom is not None and self.denom < 4:
            text += f" (the left bower counted as a {SUIT_NAMES[self.denom][:-1].lower()})"
        return text


def suit_group(face: int, denom: int | None) -> int:
    """The suit ``face`` counts in: its own, except the left bower under a trump suit."""
    suit = face // 6
    if denom is not None and denom < 4 and face == face_of(3 - denom, JACK):
        return denom
    return suit


def check(constraints: DealConstraints, seats: int, largest_hand: int) -> DealConstraints:
    """Raise RulesError unless every bound names a seat, a suit and a length that exist."""
    if constraints.denom is not None and constraints.denom not in range(6):
        raise RulesError(f"denomination {constraints.denom!r}: allowed is 0 to 5, or None for natural suits")
    for length in constraints.lengths:
        if not 0 <= length.seat < seats:
            raise RulesError(f"suit length for seat {length.seat + 1}: seats are 1 to {seats}")
        if length.suit not in range(4):
            raise RulesError(f"suit length of suit {length.suit!r}: suits are 0 to 3 (Clubs to Spades)")
        if not 0 <= length.low <= length.high:
            raise RulesError(
                f"{length.describe()}: the least length must be from 0 to the most "
                f"({length.low}..{length.high})"
            )
        if length.low > largest_hand:
            raise RulesError(f"{length.describe()}: a hand holds at most {largest_hand} cards")
    return constraints


@dataclass(frozen=True)
class DealingPlan:
    """The flattened counting tables the constrained dealing kernel walks.

    ``seats[l]`` is the l-th constrained seat; a state is a vector of unseen counts per
    suit, state 0 the start.  State ``s`` has options ``first[s] .. first[s] + count[s]
    - 1``; option ``o`` gives the seat ``take[o, suit]`` cards of each suit, leads to
    state ``next_state[o]`` and ends the cumulative probability ``cumulative[o]``.
    ``deals`` is the number of consistent deals of the constrained seats (an exact int).
    """

    seats: np.ndarray
    first: np.ndarray
    count: np.ndarray
    take: np.ndarray
    next_state: np.ndarray
    cumulative: np.ndarray
    deals: int


def plan(pool: tuple[int, ...], seats: list[tuple[int, int, tuple, tuple]]) -> DealingPlan:
    """Count and flatten the ways to deal ``pool`` (unseen cards per suit) to ``seats``.

    Each seat is ``(seat, need, low, high)``: it draws ``need`` cards, between ``low[k]``
    and ``high[k]`` of suit k.  A plan with ``deals == 0`` means no deal can meet them.
    """
    levels = len(seats)

    def options(level: int, left: tuple[int, ...]):
        _, need, low, high = seats[level]
        bounds = [range(low[k], min(high[k], left[k]) + 1) for k in range(4)]
        for a in bounds[0]:
            for b in bounds[1]:
                for c in bounds[2]:
                    d = need - a - b - c
                    if d in bounds[3]:
                        yield (a, b, c, d)

    @cache
    def ways(level: int, left: tuple[int, ...]) -> int:
        if level == levels:
            return 1
        total = 0
        for take in options(level, left):
            after = tuple(left[k] - take[k] for k in range(4))
            rest = ways(level + 1, after)
            if rest:
                total += math.prod(math.comb(left[k], take[k]) for k in range(4)) * rest
        return total

    deals = ways(0, pool)
    ids = {(0, pool): 0}
    order = [(0, pool)]
    first, count, takes, nexts, cumulative = [], [], [], [], []
    position = 0
    while position < len(order):
        level, left = order[position]
        position += 1
        first.append(len(takes))
        if level == levels:
            count.append(0)
            continue
        total = ways(level, left)
        running = 0
        n_options = 0
        for take in options(level, left):
            after = tuple(left[k] - take[k] for k in range(4))
            rest = ways(level + 1, after)
            if not rest or not total:
                continue
            running += math.prod(math.comb(left[k], take[k]) for k in range(4)) * rest
            key = (level + 1, after)
            if key not in ids:
                ids[key] = len(order)
                order.append(key)
            takes.append(take)
            nexts.append(ids[key])
            cumulative.append(running / total)
            n_options += 1
        count.append(n_options)
    return DealingPlan(
        seats=np.array([seat for seat, *_ in seats], np.int64),
        first=np.array(first, np.int64),
        count=np.array(count, np.int64),
        take=np.array(takes, np.int64).reshape(-1, 4),
        next_state=np.array(nexts, np.int64),
        cumulative=np.array(cumulative, np.float64),
        deals=deals,
    )


def seat_bounds(
    constraints: DealConstraints, known: list[int], need: list[int]
) -> list[tuple[int, int, tuple, tuple]]:
    """Per constrained seat ``(seat, need, low, high)`` in draws, known cards taken off.

    Raises RulesError when a seat's known cards already break a bound.
    """
    by_seat: dict[int, list[SuitLength]] = {}
    for length in constraints.lengths:
        by_seat.setdefault(length.seat, []).append(length)
    out = []
    for seat in sorted(by_seat):
        held = [0, 0, 0, 0]
        for bit in range(48):
            if known[seat] >> bit & 1:
                held[suit_group(bit >> 1, constraints.denom)] += 1
        low, high = [0] * 4, [need[seat]] * 4
        for length in by_seat[seat]:
            k = length.suit
            if held[k] > length.high:
                raise RulesError(f"{length.describe()}: its known cards already hold {held[k]}")
            low[k] = max(low[k], length.low - held[k])
            high[k] = min(high[k], length.high - held[k])
        if any(low[k] > high[k] for k in range(4)):
            raise RulesError(f"the suit lengths given for seat {seat + 1} contradict each other")
        out.append((seat, need[seat], tuple(low), tuple(high)))
    return out


# --------------------------------------------------------------------------- text at the edge

_EXAMPLES = {"--known": "JH AS", "--void": "S", "--length": "H 4-8"}


def _seat_and_rest(text: str, players: int, what: str) -> tuple[int, str]:
    match = re.fullmatch(r"\s*(\d+)\s*:\s*(.*?)\s*", text)
    if not match:
        raise RulesError(f"{what} {text!r}: write SEAT: ..., e.g. '3: {_EXAMPLES[what]}'")
    return seat_index(whole_number(match.group(1)), players, f"{what} seat", first=1), match.group(2)


def _suit(text: str, what: str, whole: str) -> int:
    try:
        suit = parse_denom(text)
    except RulesError:
        suit = None
    if suit is None or suit > 3:
        raise RulesError(f"{what} {whole!r}: {text!r} is not a suit; write C, D, H or S (or Clubs ...)")
    return suit


def parse_known(texts, variant) -> dict[int, int]:
    """``["3: JH AS", ...]`` (seats from 1) as ``{seat index: face-space mask}``."""
    known: dict[int, int] = {}
    for text in texts:
        seat, cards = _seat_and_rest(text, variant.players, "--known")
        faces = parse_cards(cards, copies=variant.copies, what=f"--known cards of seat {seat + 1}")
        known[seat] = faces_to_mask(faces, taken=known.get(seat, 0)) | known.get(seat, 0)
    return known


def known_beside(known: dict, taken: int, copies: int, where: str = "your hand") -> dict[int, int]:
    """``known`` (seat: face-space mask) moved onto copies not in ``taken``: a parsed card is
    its first copy, and in a double deck the player may hold the other.  CardError names
    a card with no copy left (``where`` says what holds the others)."""
    out: dict[int, int] = {}
    for seat, mask in sorted(known.items()):
        for bit in range(48):
            if not mask >> bit & 1:
                continue
            face = bit >> 1
            free = [b for b in (2 * face, 2 * face + 1)[:copies] if not taken >> b & 1]
            if not free:
                raise CardError(
                    f"card {format_card(face)} is in two places: known in seat {seat + 1}'s hand and "
                    f"in {where}"
                )
            taken |= 1 << free[0]
            out[seat] = out.get(seat, 0) | 1 << free[0]
    return out


def parse_lengths(voids, lengths, variant) -> tuple[SuitLength, ...]:
    """``--void "3: S H"`` and ``--length "3: H 4-8"`` (also ``5+``, ``-2``, ``3``) as bounds."""
    out = []
    for text in voids:
        seat, suits = _seat_and_rest(text, variant.players, "--void")
        for word in suits.replace(",", " ").split() or [""]:
            out.append(void(seat, _suit(word, "--void", text)))
    for text in lengths:
        seat, rest = _seat_and_rest(text, variant.players, "--length")
        match = re.fullmatch(r"(\S+)\s+(\d*)\s*(-|\+)?\s*(\d*)", rest)
        if not match or not (match.group(2) or match.group(4)):
            raise RulesError(
                f"--length {text!r}: write SEAT: SUIT MIN-MAX, e.g. '3: H 4-8', '3: H 5+' or '3: H 2'"
            )
        suit = _suit(match.group(1), "--length", text)
        low_text, sign, high_text = match.group(2), match.group(3), match.group(4)
        low = whole_number(low_text) if low_text else 0
        if high_text:
            high = whole_number(high_text)
        else:
            high = variant.hand_size + 1 if sign == "+" else low
        out.append(SuitLength(seat, suit, low, high))
    return tuple(out)


__all__ = [
    "DealConstraints",
    "DealingPlan",
    "SuitLength",
    "check",
    "known_beside",
    "parse_known",
    "parse_lengths",
    "plan",
    "seat_bounds",
    "suit_group",
    "void",
]
