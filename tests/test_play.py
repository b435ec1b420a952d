"""Play models: the heuristic's rules of thumb on literal hands, playout invariants,
the declarer-team conversion, reproducibility and input checks.

The ``dd`` model calls ``simulate.play.solve.solve_many`` from the solver work; its tests
live with the solver.
"""

import math

import numba
import numpy as np
import pytest

from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.kernels.bits import lowest_bit
from euchre_mc.simulate.kernels.contract import beats, table_deck, to_contract
from euchre_mc.simulate.kernels.play import (
    heuristic_card,
    play_from,
    play_heuristic_deal,
    play_heuristic_many,
)
from euchre_mc.simulate.kernels.rankings import FACE_AT, SUIT_AT, SUIT_MASK
from euchre_mc.simulate.kernels.seats import first_active, next_active
from euchre_mc.simulate.play.models import PLAY_MODELS
from euchre_mc.simulate.play.playout import play_deals
from euchre_mc.simulate.rules.cards import CardError, faces_to_mask, format_card, parse_cards
from euchre_mc.simulate.rules.variants import RulesError

CLUBS, DIAMONDS, HEARTS, SPADES, HIGH, LOW = range(6)
EVERY_SEAT_OF_FOUR = 0b1111
EVERY_SEAT_OF_SIX = 0b111111
HOG_BIDDER_0 = 0b101011  # seat indexes 2 and 4, the bidder's partners, sit out


def cards(text: str, taken: int = 0) -> int:
    return faces_to_mask(parse_cards(text), taken)


def contract(mask: int, denom: int) -> np.uint64:
    return np.uint64(to_contract(np.uint64(mask), np.int64(denom)))


def name(card: int, denom: int) -> str:
    return format_card(int(FACE_AT[denom, card >> 1]))


def choose(
    hand: str,
    denom: int,
    seat: int = 0,
    *,
    n_seats: int = 4,
    active: int | None = None,
    declarer: int = 0,
    played: str = "",
    trick=(),
    voids=None,
) -> str:
    """The card the rules of thumb pick for ``seat`` holding ``hand``.

    ``played`` lists the cards of earlier tricks, ``trick`` the (seat, card) pairs of the
    trick in progress in playing order, ``voids`` maps seats to the suits ("CDHS"
    letters) they have shown out of.
    """
    active = (1 << n_seats) - 1 if active is None else active
    held = cards(hand)
    gone = cards(played, held)
    trick_leader = trick[0][0] if trick else seat
    led_suit = winner_card = winner_seat = -1
    for who, text in trick:
        face_mask = cards(text, held | gone)
        gone |= face_mask
        card = int(lowest_bit(contract(face_mask, denom)))
        if led_suit < 0:
            led_suit, winner_card, winner_seat = int(SUIT_AT[denom, card >> 1]), card, who
        elif beats(np.int64(card), np.int64(winner_card), np.int64(denom)):
            winner_card, winner_seat = card, who
    deck = np.uint64(table_deck(np.int64(n_seats)))
    unseen = deck & ~contract(held, denom) & ~contract(gone, denom)
    shown_out = np.zeros(n_seats, np.int64)
    for who, suits in (voids or {}).items():
        for letter in suits:
            shown_out[who] |= 1 << "CDHS".index(letter)
    card = heuristic_card(
        contract(held, denom),
        np.uint64(unseen),
        shown_out,
        np.int64(seat),
        np.int64(n_seats),
        np.int64(active),
        np.int64(denom),
        np.int64(declarer),
        np.int64(trick_leader),
        np.int64(led_suit),
        np.int64(winner_card),
        np.int64(winner_seat),
    )
    return name(card, denom)


ALL_OTHER_TRUMPS = "JH JD KH QH TH 9H"  # with AH in hand: every Hearts trump is accounted for


# --------------------------------------------------------------------------- leading


def test_rule_1_maker_with_the_master_trump_leads_it():
    assert choose("JH 9H AS KC 9D", HEARTS, declarer=0) == "JH"


def test_rule_1_defender_with_the_master_trump_leads_it():
    assert choose("JH 9H AS KC 9D", HEARTS, declarer=1) == "JH"


def test_rule_1_left_bower_is_master_once_the_right_is_gone():
    assert choose("JD 9H AS KC 9D", HEARTS, played="JH 9S TS QS") == "JD"


def test_rule_2_trumps_drawn_cash_winner_from_longest_suit():
    assert choose("AH AS KS AC 9D", HEARTS, played=ALL_OTHER_TRUMPS) == "AS"


def test_rule_2_opponents_shown_out_of_trumps_count_as_drawn():
    assert choose("AH AS KS AC 9D", HEARTS, voids={1: "H", 3: "H"}) == "AS"


def test_rule_2_with_no_side_winner_every_trump_wins():
    assert choose("AH 9C 9D", HEARTS, played=ALL_OTHER_TRUMPS) == "AH"


def test_rule_2_high_no_trump_cashes_aces_from_longest_suit():
    assert choose("AC KC 9C AS 9D", HIGH) == "AC"


def test_rule_2_low_no_trump_cashes_nines():
    assert choose("9C TC AC 9S KD", LOW) == "9C"


def test_rule_3_maker_without_the_top_trump_leads_low_trump():
    assert choose("AH 9H AS KC 9D", HEARTS, declarer=0) == "9H"


def test_rule_4_defender_cashes_side_master_from_shortest_suit():
    assert choose("AC KC 9C AS 9D", HEARTS, declarer=1) == "AS"


def test_rule_5_lead_low_from_shortest_side_suit():
    assert choose("9C TC QC 9S KS", HEARTS, declarer=1) == "9S"


# --------------------------------------------------------------------------- following


def test_rule_6_defender_does_not_overtake_partner():
    # Seat index 3, still to play, could beat the queen: the ace would be "sure", yet
    # partner already has the trick.
    assert choose("AS TS TC 9D JH", HEARTS, seat=2, declarer=1, trick=[(0, "QS"), (1, "9S")]) == "TS"


def test_rule_6_void_player_does_not_trump_partners_trick():
    hand = "9H TC AC 9D KD"
    assert choose(hand, HEARTS, seat=2, declarer=1, trick=[(0, "AS"), (1, "9S")]) == "TC"


def test_rule_7_last_player_wins_as_cheaply_as_possible():
    assert choose("AS KS 9C", HEARTS, seat=3, trick=[(0, "QS"), (1, "9S"), (2, "TS")]) == "KS"


def test_rule_7_second_hand_takes_trick_with_sure_winner():
    assert choose("AS TS 9C", HEARTS, seat=1, trick=[(0, "QS")]) == "AS"


def test_rule_7_no_sure_winner_when_later_opponent_may_ruff():
    hand = "AS TS 9C"
    assert choose(hand, HEARTS, seat=1, trick=[(0, "QS")], voids={2: "S"}) == "TS"


def test_rule_7_third_hand_wins_cheaply_when_not_sure():
    assert choose("KS 9S 9C", HEARTS, seat=3, trick=[(1, "TS"), (2, "QS")]) == "KS"


def test_rule_8_second_hand_low():
    assert choose("KS 9S 9C", HEARTS, seat=1, trick=[(0, "TS")]) == "9S"


def test_rule_8_low_when_the_trick_cannot_be_won():
    assert choose("KS 9S 9C", HEARTS, seat=3, trick=[(0, "AS"), (1, "TS"), (2, "QS")]) == "9S"


def test_rule_9_ruff_with_the_lowest_trump():
    assert choose("AH 9H 9C TD", HEARTS, seat=1, trick=[(0, "AS")]) == "9H"


def test_rule_9_overruff_with_the_cheapest_winning_trump():
    hand = "9H KH AH 9C TD"
    assert choose(hand, HEARTS, seat=3, trick=[(0, "AS"), (1, "9S"), (2, "QH")]) == "KH"


def test_rule_10_discard_from_shortest_side_suit():
    assert choose("9C TC AC 9S 9H", HEARTS, seat=2, trick=[(0, "AD"), (1, "9D")]) == "9S"


def test_rule_10_discard_keeps_a_suit_of_winners():
    assert choose("AS 9C TC QC", HEARTS, seat=2, declarer=0, trick=[(0, "AD"), (1, "9D")]) == "9C"


# --------------------------------------------------------------------------- whole deals


def play_one(hands_text: list[str], denom: int, declarer: int, leader: int, active: int):
    """Play a literal deal with every seat on the heuristic; returns (team-0 tricks, record)."""
    taken = 0
    hands = []
    for text in hands_text:
        mask = cards(text, taken)
        taken |= mask
        hands.append(contract(mask, denom))
    n_seats = len(hands)
    record = np.empty((8, n_seats + 1), np.int64)
    team0, _ = play_heuristic_deal(
        np.array(hands, np.uint64),
        np.int64(n_seats),
        np.int64(active),
        np.int64(denom),
        np.int64(declarer),
        np.int64(leader),
        np.int64((1 << n_seats) - 1),
        np.uint64(0),
        record,
    )
    return team0, record


def test_lone_bidder_draws_trumps_from_the_top_then_cashes_winners():
    deal = [
        "JH JH JD JD AH AH AS AC",  # the Hog bidder
        "KH 9C 9C TC TC JC JC QC",
        "KH QH TH TH 9H 9H QS KS",  # partner, sitting out
        "QH 9S 9S TS TS JS JS QS",
        "KS AS QD QD KD KD AD AD",  # partner, sitting out
        "QC KC KC AC 9D 9D TD TD",
    ]
    team0, record = play_one(deal, HEARTS, 0, 0, HOG_BIDDER_0)
    leads = [name(int(record[t, 0]), HEARTS) for t in range(8)]
    # Two rounds of trumps until all three opponents show out, then the side aces
    # (clubs first on a tie of length), then the trumps that cannot lose.
    assert leads == ["JH", "JH", "AC", "AS", "JD", "JD", "AH", "AH"]
    assert team0 == 8
    assert (record[:, 2] == -1).all() and (record[:, 4] == -1).all()


def heuristic_tricks(hands, denom, declarer, leader, active, heuristic_seats, seed=0):
    return play_heuristic_many(
        hands,
        np.int64(active),
        np.int64(denom),
        np.int64(declarer),
        np.int64(leader),
        np.int64(heuristic_seats),
        np.uint64(seed),
        np.int64(0),
    ).astype(np.int64)


def assert_clearly_greater(better: np.ndarray, worse: np.ndarray) -> None:
    """Paired comparison on the same deals: mean difference above five standard errors."""
    difference = better - worse
    error = difference.std(ddof=1) / math.sqrt(len(difference))
    assert difference.mean() > 5 * error, (difference.mean(), error)


@pytest.mark.parametrize(
    "variant,active,denom",
    [
        ("euchre", EVERY_SEAT_OF_FOUR, HEARTS),
        ("pigs-and-hogs", EVERY_SEAT_OF_SIX, SPADES),
        ("pigs-and-hogs", EVERY_SEAT_OF_SIX, LOW),
    ],
)
def test_heuristic_side_beats_random_side(samples, variant, active, denom):
    hands = deal_unseen(variant, {}, seed=21, count=samples(4000))
    makers = 0b010101 & active
    defenders = 0b101010 & active
    random_play = heuristic_tricks(hands, denom, 0, 0, active, 0, seed=3)
    makers_think = heuristic_tricks(hands, denom, 0, 0, active, makers, seed=3)
    defenders_think = heuristic_tricks(hands, denom, 0, 0, active, defenders, seed=3)
    assert_clearly_greater(makers_think, random_play)
    assert_clearly_greater(random_play, defenders_think)


def test_heuristic_hog_bidder_beats_random_hog_bidder(samples):
    bidder = cards("JH JH JD AH KH QH AS AC")
    hands = deal_unseen("pigs-and-hogs", {0: bidder}, seed=22, count=samples(4000))
    random_play = heuristic_tricks(hands, HEARTS, 0, 0, HOG_BIDDER_0, 0, seed=4)
    bidder_thinks = heuristic_tricks(hands, HEARTS, 0, 0, HOG_BIDDER_0, 1, seed=4)
    assert_clearly_greater(bidder_thinks, random_play)


@pytest.mark.parametrize(
    "variant,active",
    [
        ("euchre", EVERY_SEAT_OF_FOUR),
        ("euchre", 0b1011),
        ("pigs-and-hogs", EVERY_SEAT_OF_SIX),
        ("pigs-and-hogs", HOG_BIDDER_0),
    ],
)
@pytest.mark.parametrize("heuristic_seats", [0, 0b111111])
def test_playout_trace_is_a_legal_play_of_the_deal(variant, active, heuristic_seats):
    """Each card once, from its holder, suit followed when able, the right winner."""
    n_seats = 4 if variant == "euchre" else 6
    hands = deal_unseen(variant, {}, seed=31, count=60)
    for d, deal in enumerate(hands):
        denom = d % 6
        start = np.array([to_contract(h, np.int64(denom)) for h in deal], np.uint64)
        held = start.copy()
        record = np.empty((8, n_seats + 1), np.int64)
        leader = d % n_seats
        team0, _ = play_heuristic_deal(
            start.copy(),
            np.int64(n_seats),
            np.int64(active),
            np.int64(denom),
            np.int64(0),
            np.int64(leader),
            np.int64(heuristic_seats),
            np.uint64(d),
            record,
        )
        seat = first_active(np.int64(leader), np.int64(n_seats), np.int64(active))
        n_tricks = bin(int(start[seat])).count("1")
        won = 0
        for t in range(n_tricks):
            order = []
            for _ in range(bin(active).count("1")):
                order.append(seat)
                seat = next_active(np.int64(seat), np.int64(n_seats), np.int64(active))
            led = int(record[t, order[0]])
            led_suit = SUIT_AT[denom, led >> 1]
            winner, winner_seat = led, order[0]
            for who in order:
                card = int(record[t, who])
                bit = np.uint64(1) << np.uint64(card)
                assert held[who] & bit, "card not in the player's hand"
                follow = held[who] & SUIT_MASK[denom, led_suit]
                assert not follow or follow & bit, "did not follow suit"
                held[who] ^= bit
                if who != order[0] and beats(np.int64(card), np.int64(winner), np.int64(denom)):
                    winner, winner_seat = card, who
            assert all(record[t, s] == -1 for s in range(n_seats) if not active >> s & 1)
            assert record[t, n_seats] == winner_seat
            won += winner_seat % 2 == 0
            seat = winner_seat
        assert team0 == won
        assert all(held[s] == 0 for s in range(n_seats) if active >> s & 1)


@pytest.mark.parametrize(
    "variant,active", [("euchre", EVERY_SEAT_OF_FOUR), ("pigs-and-hogs", EVERY_SEAT_OF_SIX)]
)
@pytest.mark.parametrize("forced", [False, True])
def test_play_from_the_middle_of_a_hand_continues_the_same_play(variant, active, forced):
    """Every seat by the rules of thumb (no chance in them): stopped after a trick and two
    cards and restarted there, with that position's voids, the loop plays the same cards
    and counts the same tricks; so it does when the next card is asked for."""
    n_seats = 4 if variant == "euchre" else 6
    for d, deal in enumerate(deal_unseen(variant, {}, seed=47, count=80)):
        denom = d % 6
        start = np.array([to_contract(h, np.int64(denom)) for h in deal], np.uint64)
        record = np.empty((8, n_seats + 1), np.int64)
        team0, _ = play_heuristic_deal(
            start.copy(), n_seats, active, denom, 0, d % n_seats, active, np.uint64(d), record
        )
        # the position after the first trick and the next two cards
        hands, played, voids = start.copy(), np.uint64(0), np.zeros(n_seats, np.int64)
        seat = first_active(np.int64(d % n_seats), np.int64(n_seats), np.int64(active))
        order = []
        for _ in range(n_seats):
            order.append(seat)
            seat = next_active(np.int64(seat), np.int64(n_seats), np.int64(active))
        led_suit = SUIT_AT[denom, int(record[0, order[0]]) >> 1]
        for who in order:
            card = int(record[0, who])
            hands[who] ^= np.uint64(1) << np.uint64(card)
            played |= np.uint64(1) << np.uint64(card)
            if SUIT_AT[denom, card >> 1] != led_suit:
                voids[who] |= 1 << led_suit
        leader = int(record[0, n_seats])
        trick_plays = np.empty((2, 2), np.int64)
        seat = leader
        for p in range(2):
            card = int(record[1, seat])
            trick_plays[p] = seat, card
            hands[seat] ^= np.uint64(1) << np.uint64(card)
            played |= np.uint64(1) << np.uint64(card)
            if p == 1 and SUIT_AT[denom, card >> 1] != SUIT_AT[denom, int(trick_plays[0, 1]) >> 1]:
                voids[seat] |= 1 << SUIT_AT[denom, int(trick_plays[0, 1]) >> 1]
            seat = next_active(np.int64(seat), np.int64(n_seats), np.int64(active))
        again = np.full((8, n_seats + 1), -7, np.int64)
        rest, _ = play_from(
            hands, n_seats, active, denom, 0, active, np.uint64(d), again, None,
            played, voids, 1, leader, trick_plays, int(record[1, seat]) if forced else -1,
        )  # fmt: skip
        tricks = bin(int(start[0])).count("1")
        assert (again[1:tricks] == record[1:tricks]).all()
        assert rest == team0 - (record[0, n_seats] % 2 == 0)


# --------------------------------------------------------------------------- play_deals

SWEEP = ["9C TC 9D TD 9S", "JH JD AH KH QH", "JC QC KC AC QD", "KD AD TS JS QS"]


def literal_deals(texts: list[str]) -> np.ndarray:
    taken, row = 0, []
    for text in texts:
        mask = cards(text, taken)
        taken |= mask
        row.append(mask)
    return np.array([row], np.uint64)


@pytest.mark.parametrize("model", PLAY_MODELS)
def test_tricks_are_counted_for_the_declarers_team(model):
    deals = literal_deals(SWEEP)  # seat index 1 holds the five top Hearts trumps
    assert play_deals(deals, HEARTS, 1, 0, EVERY_SEAT_OF_FOUR, model).tolist() == [5]
    assert play_deals(deals, HEARTS, 3, 0, EVERY_SEAT_OF_FOUR, model).tolist() == [5]
    assert play_deals(deals, HEARTS, 0, 0, EVERY_SEAT_OF_FOUR, model).tolist() == [0]


def test_random_tricks_of_both_teams_add_up_to_the_hand():
    hands = deal_unseen("pigs-and-hogs", {}, seed=8, count=300)
    team0 = play_deals(hands, CLUBS, 0, 0, EVERY_SEAT_OF_SIX, "random", seed=1)
    team1 = play_deals(hands, CLUBS, 1, 0, EVERY_SEAT_OF_SIX, "random", seed=1)
    assert team0.dtype == np.int8 and team1.dtype == np.int8
    assert (team0.astype(int) + team1 == 8).all()
    assert team0.min() < team0.max()  # the deals differ, so the counts do


def test_random_playouts_split_and_thread_count_give_same_results():
    hands = deal_unseen("pigs-and-hogs", {}, seed=9, count=1000)
    whole = play_deals(hands, LOW, 0, 0, EVERY_SEAT_OF_SIX, "random", seed=4)
    halves = np.concatenate(
        [
            play_deals(hands[:500], LOW, 0, 0, EVERY_SEAT_OF_SIX, "random", seed=4, first_index=0),
            play_deals(hands[500:], LOW, 0, 0, EVERY_SEAT_OF_SIX, "random", seed=4, first_index=500),
        ]
    )
    assert np.array_equal(whole, halves)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = play_deals(hands, LOW, 0, 0, EVERY_SEAT_OF_SIX, "random", seed=4)
        one_heuristic = play_deals(hands, LOW, 0, 0, EVERY_SEAT_OF_SIX, "heuristic")
        numba.set_num_threads(2)
        two = play_deals(hands, LOW, 0, 0, EVERY_SEAT_OF_SIX, "random", seed=4)
        two_heuristic = play_deals(hands, LOW, 0, 0, EVERY_SEAT_OF_SIX, "heuristic")
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one, whole) and np.array_equal(two, whole)
    assert np.array_equal(one_heuristic, two_heuristic)


def test_heuristic_model_ignores_the_seed():
    hands = deal_unseen("euchre", {}, seed=10, count=200)
    first = play_deals(hands, SPADES, 0, 1, EVERY_SEAT_OF_FOUR, "heuristic", seed=1)
    second = play_deals(hands, SPADES, 0, 1, EVERY_SEAT_OF_FOUR, "heuristic", seed=2)
    assert np.array_equal(first, second)


def test_unknown_play_model_named():
    with pytest.raises(RulesError, match="play model 'smart': models are dd, pimc, heuristic, random"):
        play_deals(literal_deals(SWEEP), HEARTS, 1, 0, EVERY_SEAT_OF_FOUR, "smart")


def test_card_in_two_hands_rejected():
    deals = literal_deals(SWEEP)
    deals[0, 0] |= np.uint64(cards("JD"))
    with pytest.raises(CardError, match="deal 0: card JD is in two hands"):
        play_deals(deals, HEARTS, 1, 0, EVERY_SEAT_OF_FOUR, "random")


def test_hands_of_different_sizes_rejected():
    deals = literal_deals(["9C TC 9D TD", "JH JD AH KH QH", "JC QC KC AC QD", "KD AD TS JS QS"])
    with pytest.raises(RulesError, match=r"deal 0: playing seats hold \[4, 5, 5, 5\] cards"):
        play_deals(deals, HEARTS, 1, 0, EVERY_SEAT_OF_FOUR, "random")


def test_sitting_out_hand_may_differ_in_size():
    deals = literal_deals(["9C TC 9D TD", "JH JD AH KH QH", "JC QC KC AC QD", "KD AD TS JS QS"])
    assert play_deals(deals, HEARTS, 1, 1, 0b1110, "heuristic").tolist() == [5]


def test_second_copy_rejected_at_a_four_seat_table():
    deals = literal_deals(SWEEP)
    deals[0, 0] |= np.uint64(1 << 1)  # the second 9C
    with pytest.raises(CardError, match="4-seat table plays the 24-card deck"):
        play_deals(deals, HEARTS, 1, 0, EVERY_SEAT_OF_FOUR, "random")


def test_declarer_sitting_out_rejected():
    with pytest.raises(RulesError, match="declarer seat index 1 sits out"):
        play_deals(literal_deals(SWEEP), HEARTS, 1, 0, 0b0101, "random")


def test_five_seat_table_rejected():
    with pytest.raises(RulesError, match="4 or 6 seats"):
        play_deals(np.zeros((3, 5), np.uint64), HEARTS, 1, 0, 0b11111, "random")


def test_denomination_out_of_range_rejected():
    with pytest.raises(RulesError, match="denomination 6: allowed are whole numbers 0 to 5"):
        play_deals(literal_deals(SWEEP), 6, 1, 0, EVERY_SEAT_OF_FOUR, "random")


def test_a_table_without_defenders_rejected():
    with pytest.raises(RulesError, match="the defenders need at least one seat that plays"):
        play_deals(literal_deals(SWEEP), HEARTS, 1, 1, 0b1010, "random")
