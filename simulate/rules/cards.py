"""Cards at the Python edge: faces, parsing, formatting and hand masks.

A card *face* is an int 0..23, ``suit * 6 + rank`` with suits ``C D H S`` (0..3) and
ranks ``9 T J Q K A`` (0..5).  A *physical card* is a face plus a copy (0 or 1: the
double deck has two of each face).  A hand is a 64-bit mask with bit ``2 * face + copy``
set for each card it holds, so both copies of a face sit side by side.  Kernels work in
a per-denomination reordering of these bits (see ``kernels.rankings``); this module owns only
the face order that users see.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

SUITS = "CDHS"
RANKS = "9TJQKA"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
NUM_FACES = 24
# Phones follow a suit symbol with a variation selector (U+FE0F: draw it as an emoji;
# U+FE0E: as text); it says how to draw the card, not which card it is.
VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")


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
    (14, 19, 23)
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    euchre_mc.simulate.rules.cards.CardError: unknown card '1H': write rank 9 T J Q K A (or 10) then ...
    """
    raw = text.strip()
    token = raw.upper()
    for selector in VARIATION_SELECTORS:
        token = token.replace(selector, "")
    for symbol, letter in SUIT_SYMBOLS.items():
        token = token.replace(symbol, letter)
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
        raise CardError(f"unknown card {raw!r}: write rank 9 T J Q K A (or 10) then suit C D H S, e.g. JH")
    return face_of(SUITS.index(token[1]), RANKS.index(token[0]))


def parse_one_card(text: str, what: str = "upcard") -> int:
    """Parse text that must be exactly one card (the upcard), naming ``what`` in errors.

    >>> parse_one_card("9H TH")
    Traceback (most recent call last):
    ...
    euchre_mc.simulate.rules.cards.CardError: upcard '9H TH' is 2 cards: one card expected, e.g. 9H
    """
    tokens = split_cards(text)
    if len(tokens) != 1:
        raise CardError(f"{what} {text.strip()!r} is {len(tokens)} cards: one card expected, e.g. 9H")
    return parse_card(tokens[0])


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


_BITS_IN_BYTE = np.array([bin(i).count("1") for i in range(256)], np.int64)


def card_counts(masks) -> np.ndarray:
    """Cards in each uint64 hand mask, elementwise (int64, the shape of ``masks``).

    numpy 2's ``bitwise_count`` where there is one (the table model asks this of every
    seat of every deal); a byte table on older numpy.
    """
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(masks).astype(np.int64)
    return _BITS_IN_BYTE[masks.view(np.uint8)].reshape(masks.shape + (8,)).sum(axis=-1)


@lru_cache(maxsize=4096)
def _face(token: str) -> int:
    """``parse_card`` remembered per spelling: batch files repeat the same few tokens."""
    return parse_card(token)


@lru_cache(maxsize=65536)
def _hand_faces(text: str) -> tuple[int, ...]:
    """The faces of a hand text, remembered: batches of deals repeat hands often."""
    return tuple(_face(token) for token in split_cards(text))


@lru_cache(maxsize=65536)
def _hand_bits(text: str) -> tuple[int, int, int]:
    """(cards, faces held, faces held more than once) of a hand text; faces as bit
    ``2 * face``.  A third copy of a face counts as held more than once (caught later)."""
    faces = _hand_faces(text)
    held = repeated = 0
    for face in faces:
        bit = 1 << (2 * face)
        repeated |= held & bit
        held |= bit
    return len(faces), held, repeated


def hand_masks(hands, copies: int, sizes=None, deck: str = "") -> list[int]:
    """Masks of every seat's hand, from ``"seat-1 cards / seat-2 cards / ..."`` or a list
    of hand texts (seat 1 first).  The k-th copy of a face met, in seat order, becomes
    copy k.  This is the card-text half of :func:`simulate.dealing.deal.parse_deal`, the one deal
    parser, which checks the deal against a variant.

    ``sizes[s]``, when given, is the number of cards seat ``s`` must hold; ``deck`` names
    the deck in errors (``"euchre"``).  Raises CardError for an unknown card, a hand of
    the wrong size, or a face dealt more often than the deck has copies of it.

    >>> [hex(m) for m in hand_masks("JH 9C / JH", copies=2)]
    ['0x10000001', '0x20000000']
    """
    texts = hands.split("/") if isinstance(hands, str) else list(hands)
    if sizes is not None and len(texts) != len(sizes):
        raise CardError(f"deal {hands!r} has {len(texts)} hands: write {len(sizes)} hands separated by /")
    masks = []
    taken = 0  # cards dealt so far: copy 0 of a face first, then copy 1
    for seat, text in enumerate(texts):
        if not isinstance(text, str):
            raise CardError(f"hand of seat {seat + 1} is {text!r}: write it as text, e.g. 'JH AH 9S'")
        size, held, repeated = _hand_bits(text)
        if sizes is not None and size != sizes[seat]:
            raise CardError(
                f"seat {seat + 1}'s hand {text.strip()!r} has {size} cards: it must have {sizes[seat]}"
            )
        once = held & ~repeated
        mask = (once & ~taken) | ((once & taken) << 1) | repeated | (repeated << 1)
        if (
            (mask & taken)
            or (copies == 1 and mask >> 1 & held)
            or size != held.bit_count() + repeated.bit_count()
        ):
            _raise_too_many(texts[: seat + 1], copies, deck)
        taken |= mask
        masks.append(mask)
    return masks


def _raise_too_many(texts, copies: int, deck: str):
    """Name the first face dealt more often than the deck has it, with its seats."""
    seats_of: dict[int, list[int]] = {}
    for seat, text in enumerate(texts, 1):
        for face in _hand_faces(text):
            seats_of.setdefault(face, []).append(seat)
            if len(seats_of[face]) > copies:
                seats = ", ".join(map(str, seats_of[face]))
                allowed = "once" if copies == 1 else f"{copies} times"
                raise CardError(
                    f"{format_card(face)} is dealt {len(seats_of[face])} times (seats {seats}): "
                    f"the {deck + ' ' if deck else ''}deck has each card {allowed}"
                )
