"""Dealing: whole tables from a seed, and the cards a player cannot see.

This module owns the Python edge of dealing.  :func:`deal_tables` deals whole tables
(every seat, and in the classic games the kitty and its upcard) for the playout, the
games and the studies, so one seed and deal index give one table everywhere.
:func:`deal_unseen` checks what is known (the player's own
hand, a picked-up upcard, cards out of play such as a turned-down upcard or a known
kitty) and hands the rest to the ``deal_many`` kernel, which deals the unseen cards
uniformly at random.  Deal ``i`` of a run depends only on ``(seed, first_index + i)``,
so a run split into chunks, or run on any number of threads, gives the same deals.

Seats are 0-based here (seat 1 of the rules is 0).  Seats that will sit out are dealt
like any other seat: they hold cards, they just do not play them.  Unseen cards that no
seat needs (the kitty of a classic deal) stay undealt.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..choices import MAX_SEED
from ..kernels.dealing import deal_constrained_many, deal_many
from ..kernels.rankings import DOUBLE_DECK, SINGLE_DECK
from ..rules.cards import CardError, format_cards, hand_masks, mask_to_faces
from ..rules.variants import RulesError, as_variant, seat_index
from .constraints import DealConstraints, check, plan, seat_bounds, suit_group

_SINGLE_DECK = sum(1 << (2 * face) for face in range(24))
_DOUBLE_DECK = (1 << 48) - 1


def check_seed(seed) -> int:
    """The one seed check: a whole number from 0 to MAX_SEED, or RulesError naming it."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= MAX_SEED:
        raise RulesError(f"seed {seed!r}: seeds are whole numbers from 0 to {MAX_SEED}")
    return int(seed)


def deck_mask(variant) -> int:
    """Face-space mask of every card in the variant's deck (both copies in a double deck)."""
    return int(DOUBLE_DECK if as_variant(variant).copies == 2 else SINGLE_DECK)


def parse_deal(variant, hands, sitting_out=(), dealt: bool = False) -> list[int]:
    """The one deal parser: face-space masks of every seat's hand, checked against the variant.

    ``hands`` is ``"seat-1 cards / seat-2 cards / ..."`` or a list of hand texts, seat 1
    first; ``sitting_out`` the 0-based seats that sit out, whose hands must be empty.  A
    ``dealt`` deal is a table as dealt: every hand holds the variant's hand size.
    Otherwise it is a position: every seat that plays holds the same number of cards, 1
    to the hand size.  The k-th copy of a face met (in seat order) becomes copy k.
    Raises CardError or RulesError naming the bad value.

    >>> [hex(m) for m in parse_deal("pigs-and-hogs", "JH 9C / JH 9C / / / / ", sitting_out=[2, 3, 4, 5])]
    ['0x10000001', '0x20000002', '0x0', '0x0', '0x0', '0x0']
    """
    variant = as_variant(variant)
    n = variant.players
    texts = hands.split("/") if isinstance(hands, str) else list(hands)
    if len(texts) != n:
        if isinstance(hands, str):
            raise CardError(f"deal {hands!r} has {len(texts)} hands: write {n} hands separated by /")
        raise RulesError(f"{len(texts)} hands given: {variant.name} has {n} seats, give one hand per seat")
    out = {seat_index(seat, n, "sitting-out seat") for seat in sitting_out}
    masks = hand_masks(texts, variant.copies, [variant.hand_size] * n if dealt else None, deck=variant.name)
    sizes = [mask.bit_count() for mask in masks]
    for seat, size in enumerate(sizes):
        if seat in out and size:
            raise RulesError(f"seat {seat + 1} sits out but holds {size} cards: its hand must be empty")
    playing = [(seat + 1, size) for seat, size in enumerate(sizes) if seat not in out]
    if not playing:
        raise RulesError("every seat sits out: at least the declarer must play")
    first_seat, first_size = playing[0]
    for seat, size in playing:
        if size != first_size:
            raise RulesError(
                f"seat {seat} holds {size} cards, seat {first_seat} {first_size}: "
                f"every seat that plays needs the same number"
            )
    if not 1 <= first_size <= variant.hand_size:
        raise RulesError(f"hands of {first_size} cards: a {variant.name} hand has 1 to {variant.hand_size}")
    return masks


def deal_tables(variant, seed: int, first_index: int, count: int):
    """Whole tables ``first_index .. first_index + count - 1`` of the seed's stream.

    Returns ``(hands, hidden_kitty, upcard)``: the hands ``(count, players)`` as
    face-space masks, then per table the kitty's face-down cards (a mask) and the upcard
    (a face); without a kitty those are 0 and -1.  One kernel call deals the seats in
    order, then the kitty's face-down cards, then the upcard on top, so the upcard is a
    uniform card of the deck outside the hands.  Table ``i`` is a pure function of
    ``(seed, i)``.  Unchecked: the callers' public entry points check the seed.
    """
    variant = as_variant(variant)
    n = variant.players
    need = [variant.hand_size] * n + ([variant.spec.kitty - 1, 1] if variant.has_upcard else [])
    deck = deck_mask(variant)
    pool = np.array([bit for bit in range(48) if deck >> bit & 1], np.int64)
    dealt = deal_many(
        np.uint64(seed),
        np.int64(first_index),
        np.int64(count),
        np.zeros(len(need), np.uint64),
        np.array(need, np.int64),
        pool,
    )
    if len(need) == n:
        return dealt, np.zeros(count, np.uint64), np.full(count, -1, np.int64)
    # the upcard pile holds one card: the index of its one set bit, as a face
    upcard = np.log2(dealt[:, n + 1].astype(np.float64)).astype(np.int64) >> 1  # exact: a power of two
    return np.ascontiguousarray(dealt[:, :n]), dealt[:, n].copy(), upcard


def deal_unseen(
    variant,
    known: dict[int, int],
    out_of_play: int = 0,
    hand_sizes=None,
    seed: int = 0,
    first_index: int = 0,
    count: int = 1,
    constraints: DealConstraints | None = None,
) -> np.ndarray:
    """Deals ``first_index .. first_index + count - 1`` as a (count, seats) uint64 array.

    ``known[seat]`` is a face-space mask of cards known to be in that seat; ``out_of_play``
    the cards no seat holds; ``hand_sizes`` the cards each seat ends with (default the
    variant's hand size).  The unseen cards (the deck minus known minus out of play) are
    dealt uniformly at random to fill every hand.  ``constraints`` bounds the seats' suit
    lengths (voids, least and most cards of a suit; :mod:`.constraints`): the deals are
    then uniform over every deal that meets them.

    >>> from simulate.rules.cards import faces_to_mask, parse_cards
    >>> mine = faces_to_mask(parse_cards("JH AH KH QH TH", copies=1))
    >>> hands = deal_unseen("euchre", {0: mine}, seed=7, count=2)
    >>> hands.shape, int(hands[0, 0]) == mine
    ((2, 4), True)
    >>> deal_unseen("euchre", {0: mine, 2: mine})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    euchre_mc...CardError: card TH is in two places: seat 1 and seat 3 (seat indexes 0 and 2)
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
    if constraints is not None:
        check(constraints, seats, max(sizes))
    return deal_unseen_unchecked(variant, fixed, out_of_play, sizes, seed, first_index, count, constraints)


def deal_unseen_unchecked(
    variant, fixed: list[int], out_of_play: int, sizes: list[int], seed, first_index, count, constraints=None
):
    """:func:`deal_unseen` without its checks, for callers whose question is checked
    already (the analyser, at every step): ``fixed`` holds every seat's known cards."""
    unseen = deck_mask(variant) & ~out_of_play
    for hand in fixed:
        unseen &= ~hand
    need = [size - hand.bit_count() for size, hand in zip(sizes, fixed)]
    if constraints is not None and constraints.lengths:
        return _deal_constrained(constraints, fixed, need, unseen, seed, first_index, count)
    pool = np.array([bit for bit in range(48) if unseen >> bit & 1], np.int64)
    return deal_many(
        np.uint64(seed),
        np.int64(first_index),
        np.int64(count),
        np.array(fixed, np.uint64),
        np.array(need, np.int64),
        pool,
    )


def _deal_constrained(constraints, fixed, need, unseen, seed, first_index, count) -> np.ndarray:
    groups = [
        [bit for bit in range(48) if unseen >> bit & 1 and suit_group(bit >> 1, constraints.denom) == suit]
        for suit in range(4)
    ]
    bounds = seat_bounds(constraints, fixed, need)
    counting = _plan(tuple(len(cards) for cards in groups), tuple(bounds))
    if counting.deals == 0:
        raise RulesError(f"no deal meets the constraints: {constraints.describe()}")
    table = np.zeros((4, max(1, max(len(cards) for cards in groups))), np.int64)
    for suit, cards in enumerate(groups):
        table[suit, : len(cards)] = cards
    rest = list(need)
    for seat, *_ in bounds:
        rest[seat] = 0
    return deal_constrained_many(
        np.uint64(seed),
        np.int64(first_index),
        np.int64(count),
        np.array(fixed, np.uint64),
        np.array(rest, np.int64),
        table,
        np.array([len(cards) for cards in groups], np.int64),
        counting.seats,
        counting.first,
        counting.take,
        counting.next_state,
        counting.cumulative,
    )


@lru_cache(maxsize=64)
def _plan(pool, bounds):
    # An analysis deals in steps with the same constraints: count the ways once.
    return plan(pool, list(bounds))


def _hand_sizes(variant, hand_sizes) -> list[int]:
    seats = variant.players
    if hand_sizes is None:
        return [variant.hand_size] * seats
    sizes = list(hand_sizes)
    if len(sizes) != seats:
        raise RulesError(f"hand sizes {sizes}: {variant.name} needs one size for each of its {seats} seats")
    # A classic dealer holds six cards between picking up the upcard and discarding.
    largest = variant.hand_size + (1 if variant.has_upcard else 0)
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
    seed = check_seed(seed)
    for name, value, high in (
        ("first_index", first_index, 2**62),
        ("count", count, 2**40),
    ):
        if not isinstance(value, (int, np.integer)) or not 0 <= value <= high:
            raise RulesError(f"{name} {value!r}: allowed is a whole number from 0 to {high}")
    return seed, int(first_index), int(count)


__all__ = ["MAX_SEED", "check_seed", "deal_tables", "deal_unseen", "deck_mask", "parse_deal"]
