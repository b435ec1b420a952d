"""Cards at the Python edge: faces, parsing, formatting and hand masks.

A card *face* is an int 0..23, ``suit * 6 + rank`` with suits ``C D H S`` (0..3) and
ranks ``9 T J Q K A`` (0..5).  A *physical card* is a face plus a copy (0 or 1: the
double deck has two of each face).  A hand is a 64-bit mask with bit ``2 * face + copy``
set for each card it holds, so both copies of a face sit side by side.  Kernels work in
a per-denomination reordering of these bits (see ``_kernels``); this module owns only
the face order that users see.
"""

from __future__ import annotations

import re

SUITS = "CDHS"
RANKS = "9TJQKA"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
NUM_FACES = 24


class CardError(ValueError):
    """Bad card or hand text; the message names the bad value and what is allowed."""


def face_of(suit: int, rank: int) -> int:
    return suit * 6 + rank


def suit_of(face: int) -> int:
    return face // 6


def rank_of(face: int) -> int:
    return face % 6


def parse_card(text: str) -> int:
    """Parse one card such as ``JH``, ``10S``, ``t♠`` into its face.

    >>> parse_card("JH"), parse_card("10s"), parse_card("A♠")
    (14, 22, 23)
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    simulate.cards.CardError: unknown card '1H': write rank 9 T J Q K A (or 10) then suit C D H S, e.g. JH
    """
    raw = text.strip()
    token = raw.upper()
    for symbol, letter in SUIT_SYMBOLS.items():
        token = token.replace(symbol, letter)
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
        raise CardError(
            f"unknown card {raw!r}: write rank 9 T J Q K A (or 10) then suit C D H S, e.g. JH"
        )
    return face_of(SUITS.index(token[1]), RANKS.index(token[0]))


def format_card(face: int) -> str:
    return RANKS[rank_of(face)] + SUITS[suit_of(face)]


def split_cards(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def parse_cards(text: str, copies: int = 2, size: int | None = None, what: str = "hand") -> list[int]:
    """Parse cards separated by spaces or commas; at most ``copies`` of each face.

    ``size`` checks the number of cards.  Returns faces in the order written.
    """
    faces = [parse_card(t) for t in split_cards(text)]
    for face in set(faces):
        n = faces.count(face)
        if n > copies:
            allowed = "once" if copies == 1 else f"{copies} copies at most"
            raise CardError(
                f"{what} {text.strip()!r} holds {format_card(face)} {n} times: "
                f"this deck has each card {allowed}"
            )
    if size is not None and len(faces) != size:
        raise CardError(f"{what} {text.strip()!r} has {len(faces)} cards: it must have {size}")
    return faces


def format_cards(faces) -> str:
    """Cards sorted by suit then rank, e.g. ``9C AC JH``."""
    return " ".join(format_card(f) for f in sorted(faces))


def faces_to_mask(faces, taken: int = 0) -> int:
    """A hand mask for ``faces``, using for each face the first copy not in ``taken``.

    Raises CardError when a face has no copy left (a card in two places).
    """
    mask = 0
    for face in faces:
        for copy in (0, 1):
            bit = 1 << (2 * face + copy)
            if not (mask | taken) & bit:
                mask |= bit
                break
        else:
            raise CardError(f"card {format_card(face)} is already used up: the deck has no copy left")
    return mask


def mask_to_faces(mask: int) -> list[int]:
    """Faces of the cards in a hand mask, with repeats for two copies, ascending."""
    return [bit >> 1 for bit in range(48) if mask >> bit & 1]


def card_count(mask: int) -> int:
    return int(mask).bit_count()


def parse_deal(text: str, copies: int, sizes) -> list[int]:
    """Parse every seat's hand from ``"seat-1 cards / seat-2 cards / ..."`` into masks.

    ``sizes[s]`` is the number of cards seat ``s`` must hold.  Raises CardError for an
    unknown card, a hand of the wrong size, or a card in more places than the deck has
    copies of it.
    """
    parts = text.split("/")
    if len(parts) != len(sizes):
        raise CardError(
            f"deal {text.strip()!r} has {len(parts)} hands: write {len(sizes)} hands separated by /"
        )
    hands = [
        parse_cards(part, copies, size, what=f"seat {seat + 1}'s hand")
        for seat, (part, size) in enumerate(zip(parts, sizes))
    ]
    places: dict[int, list[int]] = {}
    for seat, faces in enumerate(hands):
        for face in faces:
            places.setdefault(face, []).append(seat)
    for face, seats in places.items():
        if len(seats) > copies:
            where = ", ".join(f"seat {s + 1}" for s in seats)
            deck = f"one {format_card(face)}" if copies == 1 else f"{copies} copies of {format_card(face)}"
            raise CardError(f"card {format_card(face)} is in {len(seats)} places ({where}): the deck has {deck}")
    masks = []
    taken = 0
    for faces in hands:
        mask = faces_to_mask(faces, taken)
        taken |= mask
        masks.append(mask)
    return masks
