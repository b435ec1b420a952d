"""Exchanges: Pig / Alone discards and gifts, the classic pick-up, sitting out; literal hands
through the exchange kernels."""

import numpy as np
import pytest
from rules_hands import CLUBS, DIAMONDS, HEARTS, HIGH, LOW, SPADES, cards, hand

from euchre_mc.simulate.kernels.exchange import GIFT_HIGHEST, gift_card
from euchre_mc.simulate.rules.cards import CardError, hand_masks, parse_card
from euchre_mc.simulate.rules.contracts import parse_contract
from euchre_mc.simulate.rules.exchange import (
    apply_exchange,
    dealer_pickup,
    discard_pairs,
    gift_cards,
    partners,
    sitting_out_mask,
    void_first_discards,
)
from euchre_mc.simulate.rules.variants import RulesError


def table(*rows):
    """Deals as (deals, seats) masks; a card repeated across seats takes the other copy."""
    return np.array(
        [hand_masks(" / ".join(row), 2, [len(h.split()) for h in row]) for row in rows], np.uint64
    )


# Seat 1 (index 0) bids; partners are seats 3 and 5 (indexes 2 and 4).
PIG_DEAL = (
    "JH AH KH QH 9S 9C TD AS",
    "QS KD 9H TH 9D QC JC AC",
    "JD QD KS 9S 9C TC TS AD",
    "KH QH 9D TD KC TC QC JD",
    "AC KC 9H TH QD KS QS JS",
    "JH AH AD AS TS JS JC KD",
)


def test_partners_alternate_round_the_table():
    assert partners(6, 0) == [2, 4]
    assert partners(6, 3) == [1, 5]
    assert partners(4, 1) == [3]


# --------------------------------------------------------------------------- gifts


def test_gift_is_the_partners_best_trump():
    assert cards(gift_cards(table(PIG_DEAL), HEARTS, 0)[0]) == ["JD", "TH"]


@pytest.mark.parametrize(
    "partner_hand,denom,gift",
    [
        ("JD QD KS 9S 9C TC TS AD", HEARTS, "JD"),  # the left bower is this partner's only trump
        ("JD QD KS 9S 9C TC TS AD", DIAMONDS, "JD"),  # right bower
        ("JD QD KS 9S 9C TC TS AD", CLUBS, "TC"),  # any trump is above every other card
        ("JD QD KS 9S 9D QH TS AD", CLUBS, "AD"),  # no trump: the best rank
        ("JD QD KS 9S 9D QH TS QC", SPADES, "KS"),
        ("JD QD KS 9S 9D QH TH QC", HIGH, "KS"),  # best rank wins, whatever the suit
        ("JD QD 9S QH TH QC", HIGH, "QH"),  # Q in three suits: ties go to the later suit (H over D and C)
        ("JD QD KS 9S 9C TC TS AD", LOW, "9S"),  # Low: 9 is the best rank; 9C and 9S tie, Spades wins
        ("QC KD AH AS", HEARTS, "AH"),
    ],
)
def test_highest_gift_policy(partner_hand, denom, gift):
    bit = gift_card(np.uint64(hand(partner_hand)), np.int64(denom), np.int64(GIFT_HIGHEST))
    assert cards(1 << int(bit)) == [gift]


def test_lowest_gift_policy_gives_the_weakest_card():
    assert cards(gift_cards(table(PIG_DEAL), HEARTS, 0, policy="lowest")[0]) == ["9C", "JS"]


def test_unknown_gift_policy_is_named():
    with pytest.raises(RulesError, match="gift policy 'best': policies are highest, lowest"):
        gift_cards(table(PIG_DEAL), HEARTS, 0, policy="best")


# --------------------------------------------------------------------------- Pig / Alone exchange


def test_exchange_discards_two_then_takes_one_card_from_each_partner():
    after = apply_exchange(table(PIG_DEAL), HEARTS, 0, hand("9C TD"))[0]
    assert sorted(cards(after[0])) == sorted(["JH", "AH", "KH", "QH", "9S", "AS", "JD", "TH"])
    assert sorted(cards(after[2])) == sorted(["QD", "KS", "9S", "9C", "TC", "TS", "AD"])
    assert sorted(cards(after[4])) == sorted(["AC", "KC", "9H", "QD", "KS", "QS", "JS"])
    for seat in (1, 3, 5):
        assert after[seat] == table(PIG_DEAL)[0, seat]


def test_gifts_do_not_depend_on_the_discards():
    deal = table(PIG_DEAL)
    gifts = gift_cards(deal, HEARTS, 0)[0]
    for pair in discard_pairs(int(deal[0, 0])):
        after = apply_exchange(deal, HEARTS, 0, pair)[0, 0]
        assert int(after) & int(gifts) == int(gifts)
        assert int(after) & pair == 0


def test_a_discarded_card_can_come_back_only_as_the_partners_other_copy():
    # Seat 1 discards its AC; partner seat 5 gives the other AC: the hand ends with one AC.
    deal = table(
        (
            "JH AH KH QH 9S AC TD AS",
            "9C JC QC KC 9D TD JD KD",
            "9D QD KS 9S 9C TC TS AD",
            "JC QC JD AD 9H TH JH KH",
            "AC KC 9H TH QD KD QH TC",
            "AH TS JS JS QS QS KS AS",
        )
    )
    after = apply_exchange(deal, SPADES, 0, hand("AC TD"))[0, 0]
    assert cards(after).count("AC") == 1
    assert int(after) & hand("AC") == 0  # the first copy was discarded; this is the partner's copy


def test_exchange_runs_per_deal_over_many_deals():
    second = (
        "9C TC JC QC KC AC 9D TD",
        "JD QD KD AD 9H TH JH QH",
        "KH AH 9S TS JS QS KS AS",
        "9C TC JC QC KC AC 9D TD",
        "JD QD KD AD 9H TH JH QH",
        "KH AH 9S TS JS QS KS AS",
    )
    deals = table(PIG_DEAL, second)
    discards = np.array([hand("9C TD"), hand("9C TC")], np.uint64)
    after = apply_exchange(deals, HEARTS, 0, discards)
    assert sorted(cards(after[1, 0])) == sorted(["JC", "QC", "KC", "AC", "9D", "TD", "JH", "AH"])


@pytest.mark.parametrize(
    "discards,message",
    [("9C", "exactly two cards"), ("9C TD AS", "exactly two"), ("9C KD", "of its own hand")],
)
def test_discards_must_be_two_cards_of_the_bidders_hand(discards, message):
    with pytest.raises(RulesError, match=message):
        apply_exchange(table(PIG_DEAL), HEARTS, 0, hand(discards))


def test_discard_pairs_are_the_28_choices():
    pairs = discard_pairs(hand("JH AH KH QH 9S 9C TD AS"))
    assert len(pairs) == 28 and len(set(pairs)) == 28
    assert all(bin(p).count("1") == 2 for p in pairs)


def test_discard_pairs_count_identical_copies_once():
    pairs = discard_pairs(hand("JH JH KH QH 9S 9C TD AS"))
    assert len(pairs) == 21 + 1  # seven distinct faces, plus both jacks together
    assert sum(1 for p in pairs if cards(p) == ["JH", "JH"]) == 1


# --------------------------------------------------------------------------- void-first discards


@pytest.mark.parametrize(
    "bidder_hand,denom,count,discarded",
    [
        ("JH AH KH QH 9S 9C TD AS", HEARTS, 2, ["9C", "TD"]),  # two singletons: two voids
        ("JH AH KH QH 9S TS TD AS", HEARTS, 2, ["TD", "9S"]),  # one void, then the weakest
        (
            "JH AH KH QH TH 9H JD AS",
            HEARTS,
            2,
            ["9H", "AS"],
        ),  # only one side card: it goes, then the lowest trump
        ("JH AH KD QS 9S", HEARTS, 1, ["KD"]),  # a void beats a lower card
        ("JH AH AD QS 9S", HEARTS, 1, ["9S"]),  # never a side ace for a void
        ("JH KC 9C 9D TD", HEARTS, 1, ["9C"]),  # equal ranks: Clubs first
        ("AS KS 9H AH 9C TC", LOW, 2, ["AS", "KS"]),  # Low: A is weakest; the 9s are top cards
        ("JD JH AH", HEARTS, 1, ["AH"]),  # all trump: the lowest trump
    ],
)
def test_void_first_discard_policy(bidder_hand, denom, count, discarded):
    assert sorted(cards(void_first_discards(hand(bidder_hand), denom, count))) == sorted(discarded)


# --------------------------------------------------------------------------- classic pick-up

UPCARD_TD = parse_card("TD")
UPCARD_KH = parse_card("KH")


def test_dealer_picks_up_the_upcard_and_discards_a_given_card():
    deal = table(("AC KC 9D AH KS", "9C JD KD 9S TS", "QC 9H TH JH AS", "JC AD QH QS TC"))
    after = dealer_pickup(deal, 3, UPCARD_KH, HEARTS, discard=hand("QS"))
    assert sorted(cards(after[0, 3])) == sorted(["JC", "AD", "QH", "KH", "TC"])


def test_dealer_discards_by_void_first_policy_without_a_choice():
    deal = table(("AC KC 9D AH KS", "9C JD KD 9S TS", "QC 9H TH JH AS", "JC AD QH QS KH"))
    after = dealer_pickup(deal, 3, UPCARD_TD, DIAMONDS)
    # Diamonds trump: JC and QH are singletons (two voids possible); JC is the weaker.
    assert sorted(cards(after[0, 3])) == sorted(["TD", "AD", "QH", "QS", "KH"])
    for seat in range(3):
        assert after[0, seat] == deal[0, seat]


def test_dealer_may_discard_the_upcard_itself():
    deal = table(("AC KC 9D AH KS", "9C JD KD 9S TS", "QC 9H TH JH AS", "JC AD QH QS KH"))
    after = dealer_pickup(deal, 3, UPCARD_TD, DIAMONDS, discard=hand("TD"))
    assert after[0, 3] == deal[0, 3]


def test_dealer_discard_must_be_one_of_the_six():
    deal = table(("AC KC 9D AH KS", "9C JD KD 9S TS", "QC 9H TH JH AS", "JC AD QH QS KH"))
    with pytest.raises(RulesError, match="one card of the dealer's six"):
        dealer_pickup(deal, 3, UPCARD_TD, DIAMONDS, discard=hand("AS"))


def test_upcard_cannot_be_in_a_hand():
    deal = table(("AC KC 9D AH KS", "9C JD KD 9S TS", "QC 9H TH JH AS", "JC AD QH QS TD"))
    with pytest.raises(CardError, match="upcard TD is also in a hand"):
        dealer_pickup(deal, 3, UPCARD_TD, DIAMONDS)


# --------------------------------------------------------------------------- sitting out


@pytest.mark.parametrize(
    "variant,contract,bidder,active",
    [
        ("pigs-and-hogs", "5 Hearts", 0, 0b111111),
        ("pigs-and-hogs", "Pig Hearts", 0, 0b101011),
        ("pigs-and-hogs", "Hog Low", 3, 0b011101),
        ("six-handed", "Alone High", 1, 0b010111),
        ("six-handed", "8 Clubs", 5, 0b111111),
        ("euchre", "order up", 3, 0b1111),
        ("euchre", "order up alone", 1, 0b0111),
        ("euchre", "call Hearts alone", 2, 0b1110),
    ],
)
def test_sitting_out_mask(variant, contract, bidder, active):
    assert sitting_out_mask(variant, parse_contract(contract, variant, parse_card("9S")), bidder) == active
