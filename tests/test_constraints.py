"""Deals under suit-length constraints: exactly uniform over every consistent deal.

The small cases deal 9 of 11 unseen cards (a classic deck with cards put out of play)
and compare the frequency of every whole deal with exact enumeration of all 92,400.
"""

import itertools
from collections import Counter

import numpy as np
import pytest
from conftest import JIT_DISABLED

from euchre_mc.simulate.dealing.constraints import DealConstraints, SuitLength, suit_group, void
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.variants import RulesError

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
MINE = faces_to_mask(parse_cards("JH AH KS 9C TD", copies=1))
OUT = faces_to_mask(parse_cards("QC KC AC QD KD AD 9S TS", copies=1))
SMALL_SIZES = [5, 3, 3, 3]


def unseen_bits() -> list[int]:
    taken = MINE | OUT
    return [bit for bit in range(0, 48, 2) if not taken >> bit & 1]


def length(hand: int, suit: int, denom) -> int:
    return sum(1 for bit in range(48) if hand >> bit & 1 and suit_group(bit >> 1, denom) == suit)


def every_deal():
    """Every way to deal the 11 unseen cards 3-3-3 to seats 2-4 (2 stay undealt)."""
    cards = unseen_bits()
    for a in itertools.combinations(cards, 3):
        rest = [c for c in cards if c not in a]
        for b in itertools.combinations(rest, 3):
            for c in itertools.combinations([x for x in rest if x not in b], 3):
                yield tuple(sum(1 << bit for bit in hand) for hand in (a, b, c))


def meets(hands, constraints: DealConstraints) -> bool:
    table = (MINE, *hands)
    return all(
        rule.low <= length(table[rule.seat], rule.suit, constraints.denom) <= rule.high
        for rule in constraints.lengths
    )


def test_the_left_bower_counts_in_trump_only_under_a_trump_denomination():
    jd = parse_card("JD")
    assert suit_group(jd, None) == DIAMONDS
    assert suit_group(jd, HEARTS) == HEARTS
    assert suit_group(jd, DIAMONDS) == DIAMONDS
    assert suit_group(jd, 4) == DIAMONDS


@pytest.mark.parametrize(
    "constraints",
    [
        DealConstraints((void(1, HEARTS), SuitLength(2, SPADES, 2, 3))),
        # Hearts trump: the JD is a heart, so seat 2 holding it is not void.
        DealConstraints((void(1, HEARTS), SuitLength(3, DIAMONDS, 1, 1)), denom=HEARTS),
    ],
)
def test_every_consistent_deal_is_equally_likely(constraints):
    consistent = [hands for hands in every_deal() if meets(hands, constraints)]
    samples = 20_000 if JIT_DISABLED else 400_000
    dealt = deal_unseen(
        "euchre",
        {0: MINE},
        out_of_play=OUT,
        hand_sizes=SMALL_SIZES,
        seed=3,
        count=samples,
        constraints=constraints,
    )
    counts = Counter(map(tuple, dealt[:, 1:].tolist()))
    assert set(counts) <= set(consistent)  # no deal breaks a constraint
    expected = samples / len(consistent)
    chi_square = sum((counts.get(hands, 0) - expected) ** 2 / expected for hands in consistent)
    dof = len(consistent) - 1
    assert abs(chi_square - dof) < 6 * (2 * dof) ** 0.5, (chi_square, dof)


def test_a_single_cards_frequency_matches_the_exact_count():
    constraints = DealConstraints((void(1, HEARTS), SuitLength(2, SPADES, 2, 3)))
    consistent = [hands for hands in every_deal() if meets(hands, constraints)]
    spade_jack = 1 << (2 * parse_card("JS"))
    exact = sum(1 for hands in consistent if hands[1] & spade_jack) / len(consistent)
    samples = 20_000 if JIT_DISABLED else 200_000
    dealt = deal_unseen(
        "euchre",
        {0: MINE},
        out_of_play=OUT,
        hand_sizes=SMALL_SIZES,
        seed=5,
        count=samples,
        constraints=constraints,
    )
    seen = ((dealt[:, 2] & np.uint64(spade_jack)) != 0).mean()
    assert abs(seen - exact) < 4.5 * (exact * (1 - exact) / samples) ** 0.5


def test_double_deck_voids_and_lengths_hold_on_every_deal():
    mine = faces_to_mask(parse_cards("JH JH JD AH KH QH 9S AC"))
    constraints = DealConstraints(
        (void(1, SPADES), SuitLength(2, CLUBS, 4, 8), SuitLength(4, HEARTS, 0, 1)), denom=HEARTS
    )
    dealt = deal_unseen("pigs-and-hogs", {0: mine}, seed=11, count=5000, constraints=constraints)
    for hands in dealt[:2000]:
        assert length(int(hands[1]), SPADES, HEARTS) == 0
        assert length(int(hands[2]), CLUBS, HEARTS) >= 4
        assert length(int(hands[4]), HEARTS, HEARTS) <= 1
    assert all(bin(int(h)).count("1") == 8 for h in dealt.ravel())
    assert not np.bitwise_or.reduce(dealt[:, 1:], axis=1).__and__(np.uint64(mine)).any()


def test_deal_i_depends_only_on_the_seed_and_i():
    constraints = DealConstraints((void(1, HEARTS),))
    whole = deal_unseen("euchre", {0: MINE}, seed=9, count=300, constraints=constraints)
    part = deal_unseen("euchre", {0: MINE}, seed=9, first_index=120, count=50, constraints=constraints)
    assert (whole[120:170] == part).all()


def test_constraints_no_deal_can_meet_are_one_line_errors():
    # Seats 2-4 cannot all be void in spades: five spades are unseen and the kitty holds four.
    impossible = DealConstraints(tuple(void(seat, SPADES) for seat in (1, 2, 3)))
    with pytest.raises(RulesError, match="no deal meets the constraints: seat 2 void in Spades; seat 3 void"):
        deal_unseen("euchre", {0: MINE}, constraints=impossible)
    with pytest.raises(RulesError, match="its known cards already hold 1"):
        deal_unseen("euchre", {0: MINE}, constraints=DealConstraints((void(0, SPADES),)))
    with pytest.raises(RulesError, match="seats are 1 to 4"):
        deal_unseen("euchre", {0: MINE}, constraints=DealConstraints((void(4, SPADES),)))
    with pytest.raises(RulesError, match="a hand holds at most 5 cards"):
        deal_unseen("euchre", {0: MINE}, constraints=DealConstraints((SuitLength(1, SPADES, 7, 8),)))
