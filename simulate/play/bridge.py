"""Four-seat euchre deals written as bridge positions, for bridge double-dummy solvers.

A euchre hand under a trump suit ranks like a bridge suit once the bowers are renamed:
the right bower becomes the trump ace, the left bower the trump king, and the trump
A K Q T 9 become Q J T 9 8; the suit that lost its jack keeps A K Q T 9 (bridge ranks
only order the cards, so the gap is harmless).  High No Trump is bridge no trump as it
stands; Low No Trump is bridge no trump with each suit's order reversed (9 becomes the
ace).  Seats 1-4 become North, East, South, West (clockwise, partners opposite), so a
solver's answers for North-South are those of seats 1 and 3.

The benchmarks use this to time euchre-mc against the DDS solver on the same positions,
and the tests to check every trick count and every lead's value against it.
"""

from __future__ import annotations

from ..kernels.rankings import HIGH_NO_TRUMP, LOW_NO_TRUMP
from ..rules.cards import mask_to_faces, rank_of, suit_of

_SAME_COLOUR = {0: 3, 1: 2, 2: 1, 3: 0}  # Clubs-Spades, Diamonds-Hearts
_PLAIN = "9TJQKA"  # euchre ranks 9 T J Q K A, low to high
_TRUMP_BELOW_BOWERS = {0: "8", 1: "9", 3: "T", 4: "J", 5: "Q"}  # 9 T Q K A of trump
_PBN_SUITS = (3, 2, 1, 0)  # a PBN hand lists Spades, Hearts, Diamonds, Clubs
_BRIDGE_ORDER = "23456789TJQKA"
SEAT_LETTERS = "NESW"


def bridge_card(face: int, denom: int) -> tuple[int, str]:
    """The bridge (suit, rank letter) of a euchre face under ``denom``; suits stay 0..3 = C D H S.

    >>> from euchre_mc.simulate.rules.cards import parse_card
    >>> [bridge_card(parse_card(c), 2) for c in ("JH", "JD", "AH", "9H", "AD")]
    [(2, 'A'), (2, 'K'), (2, 'Q'), (2, '8'), (1, 'A')]
    >>> bridge_card(parse_card("9S"), 5)
    (3, 'A')
    """
    suit, rank = suit_of(face), rank_of(face)
    if denom == LOW_NO_TRUMP:
        return suit, _PLAIN[::-1][rank]
    if denom == HIGH_NO_TRUMP:
        return suit, _PLAIN[rank]
    if rank == 2 and suit == denom:
        return denom, "A"
    if rank == 2 and suit == _SAME_COLOUR[denom]:
        return denom, "K"
    if suit == denom:
        return suit, _TRUMP_BELOW_BOWERS[rank]
    return suit, _PLAIN[rank]


def bridge_hand(hand: int, denom: int) -> str:
    """A face-space hand as a PBN hand (``S.H.D.C``, each suit high to low)."""
    by_suit: dict[int, list[str]] = {suit: [] for suit in range(4)}
    for face in mask_to_faces(hand):
        suit, letter = bridge_card(face, denom)
        by_suit[suit].append(letter)
    return ".".join(
        "".join(sorted(by_suit[suit], key=_BRIDGE_ORDER.index, reverse=True)) for suit in _PBN_SUITS
    )


def bridge_deal(hands, denom: int) -> str:
    """A four-seat deal (face-space masks, seat 1 first) as a PBN deal string from North.

    >>> from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
    >>> hands = [faces_to_mask(parse_cards(h, copies=1)) for h in
    ...          ("JH JD AH KS 9C", "TH QH KH AS QS", "9H TD QD KD AD", "9S TS JS JC QC")]
    >>> bridge_deal(hands, 2)
    'N:K.AKQ..9 AQ.JT9.. .8.AKQT. JT9...QJ'
    """
    if len(hands) != 4:
        raise ValueError(f"{len(hands)} hands: a bridge deal has four")
    return "N:" + " ".join(bridge_hand(int(hand), denom) for hand in hands)


def euchre_face(bridge_suit: int, letter: str, denom: int, hand: int) -> int:
    """The face of ``hand`` that :func:`bridge_card` writes as (``bridge_suit``, ``letter``)."""
    for face in mask_to_faces(hand):
        if bridge_card(face, denom) == (bridge_suit, letter):
            return face
    raise ValueError(
        f"no card of the hand is {letter} of bridge suit {bridge_suit} under denomination {denom}"
    )


__all__ = ["SEAT_LETTERS", "bridge_card", "bridge_deal", "bridge_hand", "euchre_face"]
