"""Dealing the unseen cards: exact probabilities, reproducibility and input checks.

Frequencies are compared with exact combinatorial probabilities by a z-test at five
standard errors (or a chi-square test at p = 1e-6), with fixed seeds.
"""

import math

import numba
import numpy as np
import pytest

from euchre_mc.simulate.bidding.strategy import BUILT_INS
from euchre_mc.simulate.dealing.deal import deal_unseen, deck_mask
from euchre_mc.simulate.games.game import trace_game
from euchre_mc.simulate.play.trace import play_traced
from euchre_mc.simulate.rules.cards import (
    CardError,
    faces_to_mask,
    format_card,
    format_cards,
    mask_to_faces,
    parse_card,
    parse_cards,
)
from euchre_mc.simulate.rules.variants import RulesError, Variant
from euchre_mc.simulate.study.run import make_params, study_chunk

SIGMAS = 5


def hand(text: str, taken: int = 0) -> int:
    return faces_to_mask(parse_cards(text), taken)


def copies_held(hands: np.ndarray, seat: int, card: str) -> np.ndarray:
    """How many copies of ``card`` seat ``seat`` holds in each deal (0, 1 or 2)."""
    pair = (hands[:, seat] >> np.uint64(2 * parse_card(card))) & np.uint64(3)
    return (pair & np.uint64(1)) + (pair >> np.uint64(1))


def card_counts(masks: np.ndarray) -> np.ndarray:
    return np.unpackbits(masks.astype(np.uint64).view(np.uint8)).reshape(-1, 64).sum(axis=1)


def assert_frequency(hits: int, n: int, p: float) -> None:
    error = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= SIGMAS * error, f"observed {hits}/{n} = {hits / n:.4f}, exact {p:.4f}"


# --------------------------------------------------------------------------- exact probabilities

PIG_HAND = "JH AH KH QH 9S AC TC 9D"  # one copy of JH; eight of the 48 cards


def test_partner_holds_other_copy_of_my_jack(samples):
    n = samples(40000)
    hands = deal_unseen("pigs-and-hogs", {0: hand(PIG_HAND)}, seed=11, count=n)
    # 40 unseen cards, 8 of them to seat 3 (index 2): P = 8/40.
    assert_frequency(int((copies_held(hands, 2, "JH") == 1).sum()), n, 8 / 40)


def test_some_partner_holds_other_copy_of_my_jack(samples):
    n = samples(40000)
    hands = deal_unseen("pigs-and-hogs", {0: hand(PIG_HAND)}, seed=12, count=n)
    partners = copies_held(hands, 2, "JH") + copies_held(hands, 4, "JH")
    assert_frequency(int((partners == 1).sum()), n, 16 / 40)


def test_seat_holds_both_copies_of_a_card_i_lack(samples):
    n = samples(40000)
    hands = deal_unseen("pigs-and-hogs", {0: hand(PIG_HAND)}, seed=13, count=n)
    exact = math.comb(38, 6) / math.comb(40, 8)
    assert_frequency(int((copies_held(hands, 1, "AS") == 2).sum()), n, exact)


def test_euchre_partner_holds_right_bower_given_hand_and_turned_down_upcard(samples):
    n = samples(40000)
    mine = hand("9H TH AS KS QC")
    upcard = hand("QD")
    hands = deal_unseen("euchre", {0: mine}, out_of_play=upcard, seed=14, count=n)
    # 24 - 5 mine - 1 upcard = 18 unseen; partner gets 5, the kitty keeps 3.
    assert_frequency(int(copies_held(hands, 2, "JH").sum()), n, 5 / 18)
    nobody = sum(copies_held(hands, seat, "JH") for seat in range(4)) == 0
    assert_frequency(int(nobody.sum()), n, 3 / 18)


def test_euchre_dealer_holding_the_upcard_gets_five_more(samples):
    n = samples(40000)
    mine = hand("9H TH AS KS QC")
    upcard = hand("JD")
    hands = deal_unseen("euchre", {0: mine, 3: upcard}, hand_sizes=[5, 5, 5, 6], seed=15, count=n)
    assert (copies_held(hands, 3, "JD") == 1).all()
    assert_frequency(int(copies_held(hands, 2, "JH").sum()), n, 5 / 18)
    assert_frequency(int(copies_held(hands, 3, "JH").sum()), n, 5 / 18)


def hypergeometric(population: int, successes: int, draws: int) -> list[float]:
    total = math.comb(population, draws)
    return [
        math.comb(successes, k) * math.comb(population - successes, draws - k) / total
        for k in range(draws + 1)
    ]


def chi_square_limit(df: int, z: float = 4.753) -> float:
    """Upper 1e-6 point of chi-square with ``df`` degrees (Wilson-Hilferty approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_trump_count_of_a_seat_is_hypergeometric(samples):
    n = samples(40000)
    mine = hand("JH AH KH 9S 9S AC TC 9D")  # 3 of the 14 hearts trumps (left bower JD included)
    hands = deal_unseen("pigs-and-hogs", {0: mine}, seed=16, count=n)
    hearts_trumps = hand("9H 9H TH TH JH JH QH QH KH KH AH AH JD JD")
    observed = np.bincount(card_counts(hands[:, 1] & np.uint64(hearts_trumps)), minlength=9)
    expected = n * np.array(hypergeometric(40, 11, 8))
    # Pool the sparse upper tail so every cell expects at least 5 deals.
    last = max(k for k in range(9) if expected[k:].sum() >= 5)
    obs = np.append(observed[:last], observed[last:].sum())
    exp = np.append(expected[:last], expected[last:].sum())
    statistic = float(((obs - exp) ** 2 / exp).sum())
    assert statistic < chi_square_limit(len(obs) - 1), (observed, expected.round(1))


# --------------------------------------------------------------------------- invariants


def test_known_cards_stay_put_and_every_card_has_one_place():
    mine = hand("JH JH JD AH KH QH 9S AC")
    out = hand("AS AS")
    hands = deal_unseen(
        "pigs-and-hogs", {0: mine}, out_of_play=out, hand_sizes=[8, 8, 8, 8, 7, 7], seed=3, count=500
    )
    assert (hands[:, 0] == np.uint64(mine)).all()
    assert (card_counts(hands.reshape(-1)).reshape(500, 6) == [8, 8, 8, 8, 7, 7]).all()
    union = np.bitwise_or.reduce(hands, axis=1)
    assert (card_counts(union) == 46).all()  # no card twice
    assert not (union & np.uint64(out)).any()
    assert (union | np.uint64(out) == np.uint64(deck_mask("pigs-and-hogs"))).all()


def test_deck_masks():
    assert deck_mask("euchre").bit_count() == 24
    assert deck_mask("pigs-and-hogs").bit_count() == 48
    second_jack_of_hearts = 1 << (2 * parse_card("JH") + 1)
    assert deck_mask("pigs-and-hogs") & second_jack_of_hearts
    assert not deck_mask("euchre") & second_jack_of_hearts


# --------------------------------------------------------------------------- reproducibility


def test_split_runs_give_the_same_deals():
    known = {0: hand(PIG_HAND)}
    whole = deal_unseen("pigs-and-hogs", known, seed=99, count=1000)
    first = deal_unseen("pigs-and-hogs", known, seed=99, first_index=0, count=500)
    second = deal_unseen("pigs-and-hogs", known, seed=99, first_index=500, count=500)
    assert np.array_equal(whole, np.concatenate([first, second]))


def test_thread_count_does_not_change_deals():
    known = {0: hand(PIG_HAND)}
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = deal_unseen("pigs-and-hogs", known, seed=5, count=2000)
        numba.set_num_threads(2)
        two = deal_unseen("pigs-and-hogs", known, seed=5, count=2000)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one, two)


def test_seeds_give_different_deals():
    a = deal_unseen("euchre", {}, seed=1, count=50)
    b = deal_unseen("euchre", {}, seed=2, count=50)
    assert not np.array_equal(a, b)
    assert len({tuple(row) for row in a}) == 50


# --------------------------------------------------------------------------- bad input


def test_card_in_two_seats_named():
    with pytest.raises(CardError, match="card JH is in two places: seat 1 and seat 2"):
        deal_unseen("euchre", {0: hand("JH AH"), 1: hand("JH")})


def test_card_known_and_out_of_play_named():
    with pytest.raises(CardError, match="card QD is in two places: seat 4 and out of play"):
        deal_unseen("euchre", {3: hand("QD")}, out_of_play=hand("QD"))


def test_third_copy_is_not_in_the_deck():
    with pytest.raises(CardError, match="JH, not in the euchre deck: it has each card once"):
        deal_unseen("euchre", {0: hand("JH JH")})


def test_too_many_known_cards_for_a_seat():
    with pytest.raises(CardError, match=r"seat 2 \(index 1\) has 6 known cards .*: its hand holds 5"):
        deal_unseen("euchre", {1: hand("9C TC JC QC KC AC")})


def test_hand_sizes_that_do_not_add_up():
    with pytest.raises(RulesError, match="need 48 more cards but only 46 are unseen"):
        deal_unseen("pigs-and-hogs", {}, out_of_play=hand("AS AS"))


def test_hand_sizes_need_one_per_seat():
    with pytest.raises(RulesError, match="one size for each of its 4 seats"):
        deal_unseen("euchre", {}, hand_sizes=[5, 5, 5])


def test_seat_out_of_range():
    with pytest.raises(RulesError, match="seat index 4: euchre has seat indexes 0 to 3"):
        deal_unseen("euchre", {4: hand("JH")})


@pytest.mark.parametrize("field", ["first_index", "count"])
def test_negative_run_numbers(field):
    with pytest.raises(RulesError, match=f"{field} -1: allowed is a whole number"):
        deal_unseen("euchre", {}, **{field: -1})


def test_negative_seed():
    with pytest.raises(RulesError, match="seed -1: seeds are whole numbers from 0 to 18446744073709551615"):
        deal_unseen("euchre", {}, seed=-1)


def test_mask_wider_than_the_deck_rejected():
    with pytest.raises(CardError, match="is not a card mask"):
        deal_unseen("pigs-and-hogs", {0: 1 << 48})


@pytest.mark.parametrize("name", ["pigs-and-hogs", "euchre", "piq"])
def test_study_games_and_playout_see_the_same_table_for_a_seed_and_deal_index(name):
    seed, players = 5, Variant.parse(name).players
    rows = study_chunk(make_params(name, 4, seed, play="heuristic", chunk_size=4), 0)
    team = BUILT_INS["balanced"]
    for deal in range(4):
        first_hand = trace_game(name, team, team, deal, seed=seed).traces[0].trace
        study_hands = list(rows[rows["deal"] == deal]["hand"])
        assert study_hands == [format_cards(mask_to_faces(h)) for h in first_hand.dealt]
        if first_hand.upcard is not None:
            assert set(rows[rows["deal"] == deal]["upcard"]) == {format_card(first_hand.upcard)}
        if deal == 0:  # the playout of a seed is deal 0 of the seed
            playout = play_traced(name, seed=seed)
            assert (playout.dealt, playout.upcard, playout.hidden_kitty) == (
                first_hand.dealt,
                first_hand.upcard,
                first_hand.hidden_kitty,
            )
    assert len(study_hands) == players
