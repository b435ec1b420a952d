"""The double-dummy solver against a slow, obvious exhaustive minimax, plus literal hands.

The reference below shares nothing with the solver but the core rules kernels
(``legal_cards``, ``beats``, ``next_active`` and the ``SUIT_AT`` table): it tries every
legal physical card at every turn, with no pruning, no table and no equivalence.
"""

import numba
import numpy as np
import pytest
from numba import config, njit

from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.kernels.contract import beats, legal_cards, to_contract
from euchre_mc.simulate.kernels.rankings import FACE_AT, SUIT_AT
from euchre_mc.simulate.kernels.seats import next_active
from euchre_mc.simulate.play.solve import solve_batch, solve_many, solve_position
from euchre_mc.simulate.rules.cards import CardError, faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.variants import RulesError

HEARTS, HIGH, LOW = 2, 4, 5
# Random positions per table shape; a few under NUMBA_DISABLE_JIT=1 (a coverage run).
ENDGAMES = 20 if config.DISABLE_JIT else 400
NONE = np.int64(-1)  # no winner / no led suit yet (one numba signature for the recursion)


# Not cached: numba's cache would not see edits to the kernels it calls (beats, ...).
@njit
def exhaustive(hands, n_seats, active, denom, team, seat, leader, winner_seat, winner_card, led_suit, only):
    """Tricks ``team`` takes from here (current trick included) under perfect play by all.

    ``only`` >= 0 restricts the player on move to that contract-space card.
    """
    if hands[seat] == 0:
        return 0
    legal = legal_cards(hands[seat], denom, led_suit)
    maximizing = (seat & 1) == team
    best = -1
    for card in range(48):
        bit = np.uint64(1) << np.uint64(card)
        if not legal & bit or (only >= 0 and card != only):
            continue
        if led_suit < 0:
            new_seat, new_card, suit = seat, card, SUIT_AT[denom, card >> 1]
        elif beats(card, winner_card, denom):
            new_seat, new_card, suit = seat, card, led_suit
        else:
            new_seat, new_card, suit = winner_seat, winner_card, led_suit
        hands[seat] ^= bit
        following = next_active(seat, n_seats, active)
        if following == leader:
            won = 1 if (new_seat & 1) == team else 0
            value = won + exhaustive(
                hands, n_seats, active, denom, team, new_seat, new_seat, NONE, NONE, NONE, NONE
            )
        else:
            value = exhaustive(
                hands, n_seats, active, denom, team, following, leader, new_seat, new_card, suit, NONE
            )
        hands[seat] ^= bit
        if best < 0 or (value > best if maximizing else value < best):
            best = value
    return best


def contract_bit(bit, denom):
    """The contract-space bit of the face-space card ``bit``."""
    return int(to_contract(np.uint64(1 << bit), denom)).bit_length() - 1


def reference(hands, denom, declarer, leader, active, trick=()):
    """(tricks, {face: tricks after the player on move plays it}) by exhaustive search."""
    n_seats = len(hands)
    contract = np.array([to_contract(np.uint64(h), denom) for h in hands], np.uint64)
    while not active >> leader & 1:
        leader = (leader + 1) % n_seats
    seat, winner_seat, winner_card, led_suit = leader, NONE, NONE, NONE
    for played_seat, face in trick:
        card = contract_bit(2 * face, denom)
        if led_suit < 0:
            winner_seat, winner_card, led_suit = played_seat, card, SUIT_AT[denom, card >> 1]
        elif beats(card, winner_card, denom):
            winner_seat, winner_card = played_seat, card
        seat = next_active(played_seat, n_seats, active)
    state = (contract, n_seats, active, denom, declarer & 1, seat, leader, winner_seat, winner_card, led_suit)
    tricks = exhaustive(*state, NONE)
    leads = {}
    for card in range(48):
        if legal_cards(contract[seat], denom, led_suit) >> np.uint64(card) & np.uint64(1):
            leads[int(FACE_AT[denom, card >> 1])] = exhaustive(*state, card)
    return tricks, dict(sorted(leads.items()))


# --------------------------------------------------------------------------- random endgames

SHAPES = {
    # name: (seats, copies, tricks range, lone declarer?)
    "four seats": (4, 1, (1, 4), False),
    "four seats, lone maker": (4, 1, (1, 5), True),
    "six seats": (6, 2, (1, 3), False),
    "six seats, lone bidder": (6, 2, (1, 4), True),
}


def random_endgame(rng, shape, partial=True):
    """A random position: hands, denom, declarer, leader, active mask, trick in progress.

    Cards come from a random set of one to four suits, so identical copies and close
    ranks often meet in one trick.
    """
    n_seats, copies, (low, high), lone = SHAPES[shape]
    declarer = int(rng.integers(n_seats))
    active = (1 << n_seats) - 1
    if lone:
        for seat in range(n_seats):
            if seat != declarer and seat % 2 == declarer % 2:
                active &= ~(1 << seat)
    playing = [s for s in range(n_seats) if active >> s & 1]
    tricks = int(rng.integers(low, high + 1))
    suits = rng.choice(4, size=int(rng.integers(1, 5)), replace=False)
    deck = [2 * (suit * 6 + rank) + copy for suit in suits for rank in range(6) for copy in range(copies)]
    while len(deck) < tricks * len(playing):  # too few suits for this many cards: add one
        suits = np.append(suits, next(s for s in range(4) if s not in suits))
        deck = [2 * (suit * 6 + rank) + copy for suit in suits for rank in range(6) for copy in range(copies)]
    cards = rng.choice(deck, size=tricks * len(playing), replace=False)
    hands = [0] * n_seats
    for i, seat in enumerate(playing):
        for bit in cards[i * tricks : (i + 1) * tricks]:
            hands[seat] |= 1 << int(bit)
    denom = int(rng.integers(6))
    leader = int(rng.integers(n_seats))
    trick = []
    if partial and rng.random() < 0.4:
        trick = _random_partial_trick(rng, hands, denom, leader, active)
    return hands, denom, declarer, leader, active, trick


def _random_partial_trick(rng, hands, denom, leader, active):
    n_seats = len(hands)
    seat = leader
    while not active >> seat & 1:
        seat = (seat + 1) % n_seats
    trick, led_suit = [], -1
    for _ in range(int(rng.integers(1, bin(active).count("1")))):
        legal = int(legal_cards(to_contract(np.uint64(hands[seat]), denom), denom, led_suit))
        options = [
            bit for bit in range(48) if hands[seat] >> bit & 1 and legal >> contract_bit(bit, denom) & 1
        ]
        bit = int(rng.choice(options))
        hands[seat] &= ~(1 << bit)
        card = contract_bit(bit, denom)
        if led_suit < 0:
            led_suit = int(SUIT_AT[denom, card >> 1])
        trick.append((seat, bit >> 1))
        seat = int(next_active(seat, n_seats, active))
    return trick


@pytest.mark.parametrize("shape", list(SHAPES))
def test_solver_matches_exhaustive_search_on_random_endgames(shape):
    rng = np.random.default_rng(list(SHAPES).index(shape) + 2024)
    for _ in range(ENDGAMES):
        hands, denom, declarer, leader, active, trick = random_endgame(rng, shape)
        solved = solve_position(hands, denom, declarer, leader, active, trick)
        expected_tricks, expected_leads = reference(hands, denom, declarer, leader, active, trick)
        context = (shape, [hex(h) for h in hands], denom, declarer, leader, active, trick)
        assert solved.tricks == expected_tricks, context
        assert solved.leads == expected_leads, context


def test_best_lead_is_the_value_for_the_side_on_move():
    rng = np.random.default_rng(7)
    for shape in SHAPES:
        for _ in range(ENDGAMES // 8):
            hands, denom, declarer, leader, active, trick = random_endgame(rng, shape)
            solved = solve_position(hands, denom, declarer, leader, active, trick)
            best = max if seat_on_move(len(hands), leader, active, trick) & 1 == declarer & 1 else min
            assert best(solved.leads.values()) == solved.tricks


def seat_on_move(n_seats, leader, active, trick):
    if trick:
        return int(next_active(trick[-1][0], n_seats, active))
    while not active >> leader & 1:
        leader = (leader + 1) % n_seats
    return leader


@pytest.mark.parametrize("shape", list(SHAPES))
def test_batch_and_target_queries_agree_with_exhaustive_search(shape):
    rng = np.random.default_rng(list(SHAPES).index(shape) + 99)
    for denom in range(6):
        batch = []
        while len(batch) < ENDGAMES // 10:
            hands, _, declarer, leader, active, _ = random_endgame(rng, shape, partial=False)
            if bin(hands[declarer]).count("1") == 3:  # one batch needs one hand size
                batch.append((hands, declarer, leader, active))
        deals = np.array([b[0] for b in batch], np.uint64)
        declarers = [b[1] for b in batch]
        leaders = [b[2] for b in batch]
        actives = [b[3] for b in batch]
        exact = solve_many(deals, denom, declarers, leaders, actives)
        expected = [
            reference(list(map(int, d)), denom, dc, ld, ac)[0]
            for d, dc, ld, ac in zip(deals, declarers, leaders, actives)
        ]
        assert exact.tolist() == expected
        for target in range(5):
            answers = solve_many(deals, denom, declarers, leaders, actives, target=target)
            assert answers.tolist() == [int(e >= target) for e in expected]


# --------------------------------------------------------------------------- literal hands


def hands_of(*texts):
    taken, masks = 0, []
    for text in texts:
        mask = faces_to_mask(parse_cards(text), taken) if text else 0
        taken |= mask
        masks.append(mask)
    return masks


def test_all_top_trumps_sweep_whatever_is_led():
    hands = hands_of("JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD")
    solved = solve_position(hands, HEARTS, 0, 0, 0b1111)
    assert solved.tricks == 5
    assert set(solved.leads.values()) == {5}
    assert solve_many(np.array([hands], np.uint64), HEARTS, 0, 0, 0b1111, target=5).tolist() == [1]


def test_first_copy_of_an_identical_card_wins_the_trick():
    # Six seats, High No Trump, one trick: seat 1 leads AS, seat 2 holds the other AS.
    hands = hands_of("AS", "AS", "9S", "TS", "JS", "QS")
    assert solve_position(hands, HIGH, 0, 0, 0b111111).tricks == 1
    assert solve_position(hands, HIGH, 1, 0, 0b111111).tricks == 0
    # Led by seat 2 instead, the same card wins for the other side.
    assert solve_position(hands, HIGH, 1, 1, 0b111111).tricks == 1


def test_second_copy_cannot_overtake_mid_trick():
    # High No Trump, last trick: seat 1 led KS, seat 2 played AS; seat 3 (seat 1's side)
    # must follow with the other AS, which only ties, so seat 2's side takes the trick.
    hands = hands_of("", "", "AS", "9S", "TS", "JS")
    trick = [(0, parse_card("KS")), (1, parse_card("AS"))]
    solved = solve_position(hands, HIGH, 0, 0, 0b111111, trick)
    assert solved.tricks == 0
    assert solved.leads == {parse_card("AS"): 0}


def test_seat_sitting_out_passes_the_lead_to_its_left():
    # Clubs trump, lone maker seat 1 (seat 3 sits out).  If seat 1 leads 9H it wins the
    # trick; if the lead falls to seat 3's left neighbour (seat 4), its KS loses to AS.
    hands = hands_of("9H", "AS", "", "KS")
    assert solve_position(hands, 0, 0, 0, 0b1011).tricks == 1
    assert solve_position(hands, 0, 0, 2, 0b1011).tricks == 0


def test_low_no_trump_nine_takes_the_ace():
    hands = hands_of("9S", "AS", "TS", "KS")
    assert solve_position(hands, LOW, 0, 0, 0b1111).tricks == 1
    assert solve_position(hands, HIGH, 0, 0, 0b1111).tricks == 0


def test_left_bower_is_trump_and_beats_the_ace():
    hands = hands_of("AH", "JD", "KH", "QH")
    assert solve_position(hands, HEARTS, 0, 0, 0b1111).tricks == 0
    assert solve_position(hands, HIGH, 0, 0, 0b1111).tricks == 1


def test_card_in_two_hands_is_rejected():
    hands = [1, 1, 4, 8]
    with pytest.raises(CardError, match="two hands"):
        solve_many(np.array([hands], np.uint64), HEARTS, 0, 0, 0b1111)


def test_unequal_hand_sizes_are_rejected():
    hands = hands_of("AH 9C", "JD", "KH TC", "QH TS")
    with pytest.raises(RulesError, match="same number"):
        solve_position(hands, HEARTS, 0, 0, 0b1111)


def test_declarer_sitting_out_is_rejected():
    hands = hands_of("AH", "JD", "", "QH")
    with pytest.raises(RulesError, match="declarer seat 2 sits out"):
        solve_position(hands, HEARTS, 2, 0, 0b1011)


def test_sitting_out_seat_with_cards_is_rejected():
    hands = hands_of("AH", "JD", "KH", "QH")
    with pytest.raises(RulesError, match="sits out but holds"):
        solve_position(hands, HEARTS, 0, 0, 0b1011)


def test_trick_out_of_turn_is_rejected():
    hands = hands_of("AH", "", "KH", "QH")
    with pytest.raises(RulesError, match="out of turn"):
        solve_position(hands, HEARTS, 0, 0, 0b1111, [(1, parse_card("JD"))])


def test_trick_that_does_not_follow_suit_is_rejected():
    hands = hands_of("", "", "KS", "QS")
    hands[1] = faces_to_mask(parse_cards("AS"), hands[2] | hands[3])
    with pytest.raises(RulesError, match="must follow"):
        solve_position(hands, HEARTS, 0, 0, 0b1111, [(0, parse_card("9S")), (1, parse_card("9D"))])


def test_copy_played_to_the_trick_is_not_confused_with_the_copy_in_hand():
    # High No Trump, two tricks left: seat 1 led KC, seats 2-5 followed low; seat 6 holds
    # the other KC and AC.  The second KC only ties (seat 1 keeps the trick and its side
    # then takes the hearts trick); AC wins, and seat 6 then cashes KC.
    hands = hands_of("9H", "9D", "TH", "JD", "JH", "KC AC")
    trick = [
        (0, parse_card("KC")),
        (1, parse_card("9C")),
        (2, parse_card("TC")),
        (3, parse_card("QC")),
        (4, parse_card("JC")),
    ]
    solved = solve_position(hands, HIGH, 0, 0, 0b111111, trick)
    assert solved.leads == {parse_card("KC"): 2, parse_card("AC"): 0}
    assert solved.tricks == 0


def test_lone_loser_led_last_to_a_partners_winner_sweeps_without_search():
    # Hearts, six seats, seat 1 leads JH (drawing seat 2's QH), cashes AC, then leads 9S
    # to seat 3's AS, above every spade of seats 2, 4 and 6: the quick bound proves all
    # three tricks at the first node, and the exact search agrees.
    hands = hands_of("JH AC 9S", "QH KS QS", "AS 9C TC", "KC QC JS", "9D TD QD", "KD AD TS")
    swept = solve_batch(np.array([hands], np.uint64), HEARTS, 0, 0, 0b111111, target=3)
    assert swept.tricks.tolist() == [1]
    assert swept.nodes.tolist() == [1]
    assert (
        solve_position(hands, HEARTS, 0, 0, 0b111111).tricks
        == 3
        == reference(hands, HEARTS, 0, 0, 0b111111)[0]
    )


def test_lone_loser_does_not_sweep_when_a_defender_holds_the_level_card():
    # As above, but seat 2 holds the other AS and plays it before seat 3 can: the first
    # copy wins, so the last trick is lost.
    hands = hands_of("JH AC 9S", "QH AS QS", "AS 9C TC", "KC QC JS", "9D TD QD", "KD AD TS")
    expected = reference(hands, HEARTS, 0, 0, 0b111111)[0]
    assert expected == 2
    assert solve_position(hands, HEARTS, 0, 0, 0b111111).tricks == expected


def test_interrupted_batch_stops_taking_deals():
    """Ctrl-C during a batch (here raised by the progress callback after the first range)
    reaches the caller, and the threads take no further ranges of deals."""
    deals = deal_unseen("euchre", {}, seed=5, count=4000)
    finished = []

    def progress(count):
        finished.append(count)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve_batch(deals, HEARTS, 0, 0, 0b1111, progress=progress)
    assert 1 <= len(finished) <= numba.get_num_threads()
    assert sum(finished) < 4000


def test_node_counts_do_not_depend_on_calls_or_threads():
    # A thread's buffers serve every deal it takes, and the search keeps state there
    # beyond its table (the killers of each ply): every deal must start it afresh, so
    # one call of 2 threads, one of 1 and one call per deal visit the same nodes.
    from euchre_mc.simulate.rules.variants import as_variant

    deals = deal_unseen(as_variant("pigs-and-hogs"), {}, seed=7, count=24)
    denoms = np.arange(24) % 6
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(min(2, config.NUMBA_NUM_THREADS))
        both = solve_batch(deals, denoms, 0, 0, 63)
        numba.set_num_threads(1)
        one = solve_batch(deals, denoms, 0, 0, 63)
        alone = [solve_batch(deals[d : d + 1], int(denoms[d]), 0, 0, 63) for d in range(24)]
    finally:
        numba.set_num_threads(before)
    assert both.nodes.tolist() == one.nodes.tolist() == [int(r.nodes[0]) for r in alone]
    assert both.tricks.tolist() == one.tricks.tolist() == [int(r.tricks[0]) for r in alone]
