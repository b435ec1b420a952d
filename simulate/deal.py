"""Dealing the cards a player cannot see, consistently with what they know.

This module owns the Python edge of dealing: it checks what is known (the player's own
hand, a picked-up upcard, cards out of play such as a turned-down upcard or a known
kitty) and hands the rest to the ``deal_many`` kernel, which deals the unseen cards
uniformly at random.  Deal ``i`` of a run depends only on ``(seed, first_index + i)``,
so a run split into chunks, or run on any number of threads, gives the same deals.

Seats are 0-based here (seat 1 of the rules is 0).  Seats that will sit out are dealt
like any other seat: they hold cards, they just do not play them.  Unseen cards that no
seat needs (the kitty of a classic deal) stay undealt.
"""

from __future__ import annotations

import numpy as np

from .cards import CardError, format_cards, mask_to_faces
from .kernels.dealing import deal_many
from .kernels.tables import DOUBLE_DECK, SINGLE_DECK
from .rules import RulesError, as_variant

_MAX_SEED = 2**64 - 1


def deck_mask(variant) -> int:
    """Face-space mask of every card in the variant's deck (both copies in a double deck)."""
    return int(DOUBLE_DECK if as_variant(variant).copies == 2 else SINGLE_DECK)


def deal_unseen(
    variant,
    known: dict[int, int],
    out_of_play: int = 0,
    hand_sizes=None,
    seed: int = 0,
    first_index: int = 0,
    count: int = 1,
) -> np.ndarray:
    """Deals ``first_index .. first_index + count - 1`` as a (count, seats) uint64 array.

    ``known[seat]`` is a face-space mask of cards known to be in that seat; ``out_of_play``
    the cards no seat holds; ``hand_sizes`` the cards each seat ends with (default the
    variant's hand size).  The unseen cards (the deck minus known minus out of play) are
    dealt uniformly at random to fill every hand.

    >>> from simulate.cards import faces_to_mask, parse_cards
    >>> mine = faces_to_mask(parse_cards("JH AH KH QH TH", copies=1))
    >>> hands = deal_unseen("euchre", {0: mine}, seed=7, count=2)
    >>> hands.shape, int(hands[0, 0]) == mine
    ((2, 4), True)
    >>> deal_unseen("euchre", {0: mine, 2: mine})
    Traceback (most recent call last):
    ...
    euchre_mc.simulate.cards.CardError: card TH is in two places: seat 1 and seat 3 (seat indexes 0 and 2)
    """
    variant = as_variant(variant)
    seats = variant.players
    deck = deck_mask(variant)
    sizes = _hand_sizes(variant, hand_sizes)
    fixed = _known_hands(variant, known, deck)
    out_of_play = _check_cards(variant, "out of play", out_of_play, deck)
    _check_disjoint(fixed, out_of_play)
    for seat in range(seats):
        held = fixed[seat].bit_count()
        if held > sizes[seat]:
            raise CardError(
                f"seat {seat + 1} (index {seat}) has {held} known cards "
                f"({format_cards(mask_to_faces(fixed[seat]))}): its hand holds {sizes[seat]}"
            )
    unseen = deck & ~out_of_play
    for hand in fixed:
        unseen &= ~hand
    need = [sizes[seat] - fixed[seat].bit_count() for seat in range(seats)]
    if sum(need) > unseen.bit_count():
        raise RulesError(
            f"hand sizes {list(sizes)} need {sum(need)} more cards but only "
            f"{unseen.bit_count()} are unseen: the {variant.name} deck has {deck.bit_count()} cards"
        )
    seed, first_index, count = _check_run(seed, first_index, count)
    pool = np.array([bit for bit in range(48) if unseen >> bit & 1], np.int64)
    return deal_many(
        np.uint64(seed),
        np.int64(first_index),
        np.int64(count),
        np.array(fixed, np.uint64),
        np.array(need, np.int64),
        pool,
    )


def _hand_sizes(variant, hand_sizes) -> list[int]:
    seats = variant.players
    if hand_sizes is None:
        return [variant.hand_size] * seats
    sizes = list(hand_sizes)
    if len(sizes) != seats:
        raise RulesError(f"hand sizes {sizes}: {variant.name} needs one size for each of its {seats} seats")
    # A classic dealer holds six cards between picking up the upcard and discarding.
    largest = variant.hand_size + (1 if variant.classic else 0)
    for size in sizes:
        if not isinstance(size, (int, np.integer)) or not 0 <= size <= largest:
            raise RulesError(
                f"hand size {size!r} in {sizes}: a {variant.name} hand holds 0 to {largest} cards"
            )
    return [int(size) for size in sizes]


def _known_hands(variant, known: dict[int, int], deck: int) -> list[int]:
    seats = variant.players
    fixed = [0] * seats
    for seat, mask in known.items():
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < seats:
            raise RulesError(
                f"known cards for seat index {seat!r}: {variant.name} has seat indexes 0 to {seats - 1}"
            )
        fixed[int(seat)] = _check_cards(variant, f"seat {seat + 1} (index {seat})", mask, deck)
    return fixed


def _check_cards(variant, where: str, mask, deck: int) -> int:
    try:
        mask = int(mask)
    except (TypeError, ValueError):
        raise CardError(f"cards of {where}: {mask!r} is not a card mask") from None
    if not 0 <= mask < 1 << 48:
        raise CardError(f"cards of {where}: {mask:#x} is not a card mask (one bit per card, 48 bits)")
    stray = mask & ~deck
    if stray:
        copies = "once" if variant.copies == 1 else "twice"
        raise CardError(
            f"cards of {where} include {format_cards(mask_to_faces(stray))}, not in the "
            f"{variant.name} deck: it has each card {copies}"
        )
    return mask


def _check_disjoint(fixed: list[int], out_of_play: int) -> None:
    places = [(f"seat {seat + 1}", seat, hand) for seat, hand in enumerate(fixed)]
    places.append(("out of play", None, out_of_play))
    for i, (name_a, seat_a, mask_a) in enumerate(places):
        for name_b, seat_b, mask_b in places[i + 1 :]:
            shared = mask_a & mask_b
            if shared:
                card = format_cards(mask_to_faces(shared & -shared))
                indexes = (
                    f" (seat indexes {seat_a} and {seat_b})"
                    if seat_b is not None
                    else f" (seat index {seat_a})"
                )
                raise CardError(f"card {card} is in two places: {name_a} and {name_b}{indexes}")


def _check_run(seed, first_index, count) -> tuple[int, int, int]:
    for name, value, high in (
        ("seed", seed, _MAX_SEED),
        ("first_index", first_index, 2**62),
        ("count", count, 2**40),
    ):
        if not isinstance(value, (int, np.integer)) or not 0 <= value <= high:
            raise RulesError(f"{name} {value!r}: allowed is a whole number from 0 to {high}")
    return int(seed), int(first_index), int(count)


__all__ = ["deal_unseen", "deck_mask"]
