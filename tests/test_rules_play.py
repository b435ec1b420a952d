"""Ranking, following suit, trick winners and turn order (docs/rules.md "Playing the tricks"),
pinned on literal cards through the real kernels (legal_cards, beats, play_random_deal)."""

import numpy as np
import pytest
from rules_hands import CLUBS, DIAMONDS, HEARTS, HIGH, LOW, SPADES, contract_bit, hand, led_suit, legal, trick

from euchre_mc.simulate.kernels.bits import SALT_PLAY, popcount, stream_state
from euchre_mc.simulate.kernels.contract import beats, to_contract
from euchre_mc.simulate.kernels.play import play_random_deal
from euchre_mc.simulate.kernels.rankings import SUIT_MASK, TRUMP
from euchre_mc.simulate.kernels.seats import first_active, next_active
from euchre_mc.simulate.play.trace import play_traced

# --------------------------------------------------------------------------- bowers


def test_right_bower_beats_left_bower():
    assert trick(["JD", "JH"], HEARTS) == 1
    assert trick(["JH", "JD"], HEARTS) == 0


def test_left_bower_beats_ace_of_trump():
    assert trick(["AH", "JD"], HEARTS) == 1


@pytest.mark.parametrize("trump,left", [(CLUBS, "JS"), (SPADES, "JC"), (DIAMONDS, "JH"), (HEARTS, "JD")])
def test_left_bower_is_the_jack_of_the_same_colour(trump, left):
    assert led_suit(left, trump) == trump


def test_trump_order_right_left_ace_king_queen_ten_nine():
    order = ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]  # strongest first
    for stronger, weaker in zip(order, order[1:]):
        assert trick([weaker, stronger], HEARTS) == 1, (weaker, stronger)
        assert trick([stronger, weaker], HEARTS) == 0, (stronger, weaker)


def test_left_bower_led_calls_for_trump():
    assert legal("9H AD KD", HEARTS, "JD") == ["9H"]


def test_holder_of_only_the_left_bower_of_the_printed_led_suit_need_not_follow():
    # Diamonds led with Hearts trump: JD is a heart, so this hand is void in diamonds.
    assert legal("JD 9S", HEARTS, "AD") == ["9S", "JD"]


def test_left_bower_must_follow_a_trump_lead():
    assert legal("JD AS", HEARTS, "9H") == ["JD"]


def test_left_bower_does_not_follow_its_printed_suit():
    assert legal("JD 9D", HEARTS, "AD") == ["9D"]


def test_suit_that_loses_its_jack_has_five_ranks():
    diamonds = SUIT_MASK[HEARTS, DIAMONDS]
    assert popcount(diamonds) == 2 * 5
    order = ["AD", "KD", "QD", "TD", "9D"]
    for stronger, weaker in zip(order, order[1:]):
        assert trick([weaker, stronger], HEARTS) == 1


def test_other_jacks_rank_between_queen_and_ten_in_a_trump_contract():
    assert trick(["TC", "JC"], HEARTS) == 1
    assert trick(["JC", "QC"], HEARTS) == 1


def test_lowest_trump_beats_ace_of_the_led_suit():
    assert trick(["AS", "9H"], HEARTS) == 1


def test_off_suit_card_never_wins():
    assert trick(["9S", "AC"], HEARTS) == 0
    assert trick(["9S", "AC", "AD"], HIGH) == 0


# --------------------------------------------------------------------------- no trump


def test_high_no_trump_order_ace_high():
    order = ["AS", "KS", "QS", "JS", "TS", "9S"]
    for stronger, weaker in zip(order, order[1:]):
        assert trick([weaker, stronger], HIGH) == 1


def test_low_no_trump_order_nine_high():
    order = ["9S", "TS", "JS", "QS", "KS", "AS"]
    for stronger, weaker in zip(order, order[1:]):
        assert trick([weaker, stronger], LOW) == 1


@pytest.mark.parametrize("denom", [HIGH, LOW])
def test_no_trump_jacks_are_plain_cards_of_their_suit(denom):
    assert legal("JD 9H", denom, "AH") == ["9H"]
    assert legal("JD 9H", denom, "AD") == ["JD"]
    assert trick(["AD", "JH"], denom) == 0


@pytest.mark.parametrize("denom", [HIGH, LOW])
def test_no_trump_has_no_trump_suit(denom):
    assert TRUMP[denom] == -1
    assert trick(["KS", "AH", "9H", "JC"], denom) == 0


# --------------------------------------------------------------------------- following


def test_must_follow_the_led_suit():
    assert legal("AS 9C KC", HEARTS, "QC") == ["9C", "KC"]


def test_void_may_play_any_card_and_trumping_is_not_required():
    assert legal("9H 9C", HEARTS, "AS") == ["9C", "9H"]


def test_leader_may_lead_anything():
    assert legal("9H 9C AS", HEARTS, None) == ["9C", "9H", "AS"]


# --------------------------------------------------------------------------- identical cards


def test_first_copy_wins_a_tie():
    assert trick(["AH", "AH"], HEARTS) == 0
    assert trick(["KS", "9S", "KS"], HIGH) == 0


def test_first_copy_wins_whichever_physical_copy_it_is():
    second_copy, first_copy = contract_bit("AS", HIGH, 1), contract_bit("AS", HIGH, 0)
    assert not beats(np.int64(first_copy), np.int64(second_copy), np.int64(HIGH))
    assert not beats(np.int64(second_copy), np.int64(first_copy), np.int64(HIGH))


def test_later_higher_card_still_wins_after_a_tie():
    assert trick(["KS", "KS", "AS"], HIGH) == 2
    assert trick(["AH", "AH", "JD", "JD", "JH"], HEARTS) == 4


def test_tie_among_trumps_goes_to_the_first_trump():
    assert trick(["AS", "9H", "9H"], HEARTS) == 1


# --------------------------------------------------------------------------- turn order


def test_next_active_skips_sitting_out_seats():
    active = 0b101011  # seats 3 and 5 (0-based 2, 4) sit out
    assert next_active(np.int64(1), np.int64(6), np.int64(active)) == 3
    assert next_active(np.int64(3), np.int64(6), np.int64(active)) == 5
    assert next_active(np.int64(5), np.int64(6), np.int64(active)) == 0


def test_lead_passes_left_when_the_leader_sits_out():
    active = 0b111011  # seat index 2 sits out
    assert first_active(np.int64(2), np.int64(6), np.int64(active)) == 3
    # One-card hands: seat index 3 leads 9S, so its suit stands against the higher hearts.
    assert trick(["AH", "KH", None, "9S", "TS", "AH"], HIGH, leader=2) == 4


def test_sitting_out_seats_play_no_card():
    denom = np.int64(SPADES)
    hands = np.array(
        [to_contract(np.uint64(hand(h)), denom) for h in ("AS KS", "9H TH", "QS JS", "9C TC")], np.uint64
    )
    record = np.empty((2, 5), np.int64)
    state = np.uint64(stream_state(np.uint64(3), np.int64(SALT_PLAY), np.int64(0)))
    play_random_deal(hands, np.int64(4), np.int64(0b1011), denom, np.int64(0), state, record)
    assert (record[:, 2] == -1).all()
    assert hands[2] != 0 and hands[0] == hands[1] == hands[3] == 0


def test_classic_lone_maker_partner_sits_out_and_lead_passes_left():
    # Dealer seat 4; seat 3 orders up alone, so seat 1 (who would lead) sits out and seat 2 leads.
    trace = play_traced(
        "euchre",
        seed=4,
        deal="9C TC JC QC KC / 9D TD JD QD KD / 9H TH JH QH KH / 9S TS JS QS KS",
        upcard="AS",
        dealer=3,
        bidder=2,
        contract="order up alone",
    )
    assert trace.active == 0b1110
    assert trace.tricks[0].leader == 1
    assert all(seat != 0 for t in trace.tricks for seat, _ in t.plays)


def test_winner_of_a_trick_leads_the_next():
    trace = play_traced("pigs-and-hogs", seed=11)
    for before, after in zip(trace.tricks, trace.tricks[1:]):
        assert after.leader == before.winner


def test_bid_euchre_bidder_leads_the_first_trick():
    trace = play_traced("six-handed", seed=2, contract="3 Spades", bidder=3)
    assert trace.tricks[0].leader == 3
