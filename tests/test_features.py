"""Hand features per denomination (simulate.bidding.features), pinned on literal hands."""

import numpy as np
import pytest

from euchre_mc.simulate.bidding.features import DENOM_CODES, face_counts, hand_features
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards


def features(text: str, copies: int = 2) -> dict[str, int]:
    mask = faces_to_mask(parse_cards(text, copies))
    return {name: int(values[0]) for name, values in hand_features(np.array([mask], np.uint64)).items()}


def test_both_copies_of_a_face_are_counted():
    counts = face_counts(np.array([faces_to_mask(parse_cards("JH JH 9C"))], np.uint64))
    assert counts[0].sum() == 3 and counts[0].max() == 2


def test_left_bower_counts_as_trump_and_bower():
    hearts = features("JH JH JD AH KH QH 9S AC")
    assert (hearts["trumps_h"], hearts["right_h"], hearts["left_h"]) == (6, 2, 1)


def test_left_bower_belongs_to_the_other_red_suit_for_diamonds():
    diamonds = features("JH JH JD AH KH QH 9S AC")
    assert (diamonds["trumps_d"], diamonds["right_d"], diamonds["left_d"]) == (3, 1, 2)


def test_suit_that_lost_its_jack_is_void_when_only_the_jack_was_there():
    # With Hearts trump the JD is the left bower: Diamonds holds nothing else.
    assert features("JH JH JD AH KH QH 9S AC")["voids_h"] == 1
    # With Clubs trump the JD is an ordinary diamond again: no side suit is empty.
    assert features("JH JH JD AH KH QH 9S AC")["voids_c"] == 0


def test_ace_of_trump_is_a_trump_not_a_side_ace():
    hand = features("AH AS AC AD 9H TH QH KH")
    assert hand["aces_h"] == 3 and hand["aces_high"] == 4


def test_low_no_trump_top_cards_are_nines():
    hand = features("9C 9D TH AS AS KS QS JS")
    assert hand["aces_low"] == 2 and hand["aces_high"] == 2


def test_point_count_of_a_hearts_hand():
    # trumps JH JH JD AH KH QH = 5 + 5 + 4 + 3 + 2 + 1; side AC = 3, 9S = 0
    assert features("JH JH JD AH KH QH 9S AC")["points_h"] == 23


def test_point_count_of_eight_top_trumps_is_28():
    assert features("JS JS JC JC AS AS KS KS")["points_s"] == 28


def test_point_count_in_low_no_trump_follows_the_low_order():
    # Low: 9 = 3, 10 = 2, J = 1 in each suit; the JH pair scores 1 each
    assert features("9S JH JH JD QH AH KH AC")["points_low"] == 3 + 1 + 1 + 1


def test_no_trump_has_no_trump_features():
    hand = features("9S JH JH JD QH AH KH AC")
    assert "trumps_high" not in hand and "right_low" not in hand
    assert hand["voids_high"] == 0


def test_single_deck_classic_hand():
    hand = features("JS JC AS 9H TD", copies=1)
    assert (hand["trumps_s"], hand["right_s"], hand["left_s"], hand["voids_s"]) == (3, 1, 1, 1)
    assert (hand["trumps_c"], hand["right_c"], hand["left_c"]) == (2, 1, 1)


@pytest.mark.parametrize("denom", range(4))
def test_every_suit_is_the_same_up_to_relabelling(denom):
    # the same shape of hand in each suit: two bowers, ace, a side ace elsewhere
    suit, other, side = "CDHS"[denom], "SHDC"[denom], "DCSH"[denom]
    hand = features(f"J{suit} J{other} A{suit} A{side} 9{side}")
    code = DENOM_CODES[denom]
    assert (hand[f"trumps_{code}"], hand[f"right_{code}"], hand[f"left_{code}"], hand[f"aces_{code}"]) == (
        3,
        1,
        1,
        1,
    )
    assert hand[f"points_{code}"] == 5 + 4 + 3 + 3


# --------------------------------------------------------------------------- runs of top cards


def test_top_six_trumps_of_a_double_deck_are_a_run_of_six():
    hand = features("JH JH JD JD AH AH 9H AC")
    assert (hand["run_h"], hand["trump_aces_h"], hand["trumps_h"]) == (6, 2, 7)


def test_a_run_stops_at_the_first_copy_held_by_someone_else():
    # one right bower: the other copy is out, so the left bowers behind it do not count
    assert features("JH JD JD AH AH KH 9S AC")["run_h"] == 1
    # both rights and one left: the run is 3 (the second left bower is out)
    assert features("JH JH JD AH AH KH 9S AC")["run_h"] == 3
    # no right bower: no run, however many trumps
    assert features("JD JD AH AH KH KH QH QH")["run_h"] == 0


def test_the_left_bower_is_in_the_run_of_its_colours_other_suit():
    # JD is the left bower with Hearts trump, the right bower with Diamonds
    hand = features("JD JD JH JH AD AD AH 9C")
    assert (hand["run_d"], hand["trump_aces_d"]) == (6, 2)
    assert (hand["run_h"], hand["trump_aces_h"]) == (5, 1)  # JH JH JD JD AH, one AH
    assert hand["run_c"] == 0 and hand["run_s"] == 0


def test_single_deck_run_needs_each_face_once():
    hand = features("JS JC AS 9H TD", copies=1)
    single = {
        name: int(values[0])
        for name, values in hand_features(
            np.array([faces_to_mask(parse_cards("JS JC AS 9H TD", 1))], np.uint64), range(5), copies=1
        ).items()
    }
    assert (single["run_s"], single["trump_aces_s"]) == (3, 1)
    assert single["run_c"] == 2  # JC right, JS left; AC not held
    assert single["runs_high"] == 1 and single["long_run_high"] == 1  # AS alone; 9H, TD not tops
    # the same hand read as double-deck cards: one copy of the right bower is a run of 1
    assert hand["run_s"] == 1


def test_no_trump_runs_count_every_suits_top_in_high_and_low_order():
    # High: AC AC KC (run 3 in Clubs), AH (1), Spades and Diamonds none
    hand = features("AC AC KC AH KS QD 9D 9D")
    assert (hand["runs_high"], hand["long_run_high"], hand["aces_high"]) == (4, 3, 3)
    # Low: 9D 9D (run 2 in Diamonds, TD not held) and nothing else
    assert (hand["runs_low"], hand["long_run_low"], hand["aces_low"]) == (2, 2, 2)
    assert "run_high" not in hand and "trump_aces_low" not in hand


def test_low_no_trump_run_follows_nine_ten_jack():
    hand = features("9S 9S TS TS JS AH AH KH")
    assert (hand["runs_low"], hand["long_run_low"]) == (5, 5)
    assert (hand["runs_high"], hand["long_run_high"]) == (3, 3)  # AH AH KH


@pytest.mark.parametrize(
    "variant,text,expected",
    [
        # double deck: both copies of the right and left bowers, one ace: a run of 5
        ("pigs-and-hogs", "JS JS JC JC AS KS 9H AD", {"run_s": 5, "trump_aces_s": 1, "aces_s": 1}),
        ("six-handed", "JS JS JC JC AS KS 9H AD", {"run_s": 5, "trump_aces_s": 1, "voids_s": 1}),
        # single deck: right, left and ace is the whole top of the suit, a run of 3
        ("euchre", "JS JC AS 9H AD", {"run_s": 3, "trump_aces_s": 1, "aces_s": 1, "runs_high": 2}),
        ("piq", "JC JS KC AH TD", {"run_c": 2, "trump_aces_c": 0, "aces_c": 1, "long_run_high": 1}),
    ],
)
def test_runs_on_each_variants_deck(variant, text, expected):
    from euchre_mc.simulate.rules.variants import as_variant

    copies = as_variant(variant).copies
    mask = faces_to_mask(parse_cards(text, copies))
    hand = hand_features(np.array([mask], np.uint64), range(5), copies=copies)
    assert {name: int(hand[name][0]) for name in expected} == expected
