"""Helpers for the rules tests: literal hands in card notation, driven through the real kernels.

``trick(...)`` plays one trick of one-card hands through ``kernels.play.play_random_deal`` (with
one card each the random choice is forced), so trick-winner tests exercise the engine's
own play loop, not a copy of it.
"""

from __future__ import annotations

import numpy as np

from euchre_mc.simulate.kernels.bits import SALT_PLAY, stream_state
from euchre_mc.simulate.kernels.contract import legal_cards, to_contract
from euchre_mc.simulate.kernels.play import play_random_deal
from euchre_mc.simulate.kernels.rankings import FACE_AT, POSITION, SUIT_AT
from euchre_mc.simulate.rules.cards import faces_to_mask, mask_to_faces, parse_card, parse_cards
from euchre_mc.simulate.rules.contracts import parse_denom

CLUBS, DIAMONDS, HEARTS, SPADES, HIGH, LOW = range(6)


def hand(text: str) -> int:
    """Face-space mask of a hand written in card notation (repeats take the second copy)."""
    return faces_to_mask(parse_cards(text))


def cards(mask: int) -> list[str]:
    from euchre_mc.simulate.rules.cards import format_card

    return [format_card(f) for f in mask_to_faces(int(mask))]


def contract_hand(text: str, denom: int) -> np.uint64:
    return np.uint64(to_contract(np.uint64(hand(text)), np.int64(denom)))


def contract_bit(card: str, denom: int, copy: int = 0) -> int:
    """Contract-space bit index of one physical card."""
    return 2 * int(POSITION[denom, parse_card(card)]) + copy


def led_suit(card: str, denom: int) -> int:
    """The effective suit a card leads (the left bower leads trump)."""
    return int(SUIT_AT[denom, POSITION[denom, parse_card(card)]])


def legal(hand_text: str, denom: int, led_card: str | None) -> list[str]:
    """Cards of the hand that may be played to a trick led by ``led_card`` (None: leading)."""
    led = -1 if led_card is None else led_suit(led_card, denom)
    allowed = legal_cards(contract_hand(hand_text, denom), np.int64(denom), np.int64(led))
    from euchre_mc.simulate.rules.cards import format_card

    # contract-space bits back to faces: FACE_AT is the contract order's inverse
    return sorted(format_card(int(FACE_AT[denom, bit >> 1])) for bit in range(48) if int(allowed) >> bit & 1)


def denom_of(text: str) -> int:
    return parse_denom(text)


def trick(plays: list[str | None], denom: int, leader: int = 0) -> int:
    """Winner seat of one trick where seat s holds just ``plays[s]`` (None: sits out).

    Repeated cards are the two physical copies, in seat order.
    """
    n = len(plays)
    faces_to_bits: dict[int, int] = {}
    local = np.zeros(n, np.uint64)
    active = 0
    for seat, card in enumerate(plays):
        if card is None:
            continue
        face = parse_card(card)
        copy = faces_to_bits.get(face, 0)
        faces_to_bits[face] = copy + 1
        local[seat] = np.uint64(1 << contract_bit(card, denom, copy))
        active |= 1 << seat
    record = np.empty((1, n + 1), np.int64)
    state = np.uint64(stream_state(np.uint64(0), np.int64(SALT_PLAY), np.int64(0)))
    play_random_deal(local, np.int64(n), np.int64(active), np.int64(denom), np.int64(leader), state, record)
    return int(record[0, n])


def _pigs_and_hogs_table(kind: str, level: int, alone: bool, tricks: int) -> tuple[int, int]:
    if kind == "level":
        return (tricks, 0) if tricks >= level else (-level, 8 - tricks)
    value = {"pig": 12, "hog": 24}[kind]
    return (value, 0) if tricks == 8 else (-value, 8 - tricks)


def _six_handed_table(kind: str, level: int, alone: bool, tricks: int) -> tuple[int, int]:
    if kind == "level":
        return (tricks, 8 - tricks) if tricks >= level else (-level, 8 - tricks)
    return (20, 0) if tricks == 8 else (-8, 8 - tricks)


def _classic_table(kind: str, level: int, alone: bool, tricks: int) -> tuple[int, int]:
    if tricks < 3:
        return (0, 2)
    if tricks == 5:
        return (4, 0) if alone else (2, 0)
    return (1, 0)


# Each variant's table in docs/rules.md, written out row by row (not read from the library).
RULES_TABLES = {
    "pigs-and-hogs": _pigs_and_hogs_table,
    "six-handed": _six_handed_table,
    "euchre": _classic_table,
    "piq": _classic_table,
}


def points_from_rules_tables(
    variant_name: str, kind: str, level: int, alone: bool, tricks: int
) -> tuple[int, int]:
    """The scoring tables of docs/rules.md written out row by row: the test oracle."""
    return RULES_TABLES[variant_name](kind, level, alone, tricks)
