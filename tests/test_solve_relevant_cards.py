"""Which cards' ranks the solver's answers depend on ("relevant cards", DDS's winning ranks).

A table entry stands for every position that agrees with the one it was proved for on
the relevant cards (in each suit those from some rank up) and on every seat's suit
lengths, so each source of relevant cards must keep every card whose rank could change
the answer, and should keep no more (a wider set makes each entry cover fewer
positions).  Each test pins exactly the cards one source keeps, with a near miss.
"""

import numpy as np
from test_solve import hands_of, reference

from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.dd.bounds import dd_last_trick, dd_settled_relevant
from euchre_mc.simulate.kernels.dd.order import dd_order_moves, dd_refuted_with
from euchre_mc.simulate.kernels.dd.position import (
    F_CARD,
    F_MOVES,
    F_NEXT,
    F_REFUTED,
    F_SLOT,
    SEATS,
    dd_face_and_above,
    dd_turn_order,
)
from euchre_mc.simulate.kernels.dd.search import dd_buffers, dd_search, dd_skip_refuted, dd_start
from euchre_mc.simulate.kernels.dd.transposition import dd_tt_bounds
from euchre_mc.simulate.kernels.rankings import SUIT_AT, SUIT_MASK, TRUMP
from euchre_mc.simulate.play.solve import solve_position
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards

CLUBS, HIGH = 0, 4
FOUR_SEATS = 0b1111


def contract(text, denom):
    """Contract-space mask of the cards ``text`` (first copies)."""
    return to_contract(np.uint64(faces_to_mask(parse_cards(text))), denom)


def card(text, denom):
    """The contract-space bit index of the single card ``text``."""
    return np.int64(int(contract(text, denom)).bit_length() - 1)


def from_card(text, denom):
    """The range of a suit from the card ``text`` up, both copies."""
    return int(dd_face_and_above(card(text, denom) >> 1, denom))


def table(denom, *texts):
    """``hands[level, seat]`` with one level: each seat's cards in contract space (the
    search's six seats: a four-seat table's seats 4 and 5 hold nothing)."""
    hands = [contract(text, denom) if text else 0 for text in texts]
    return np.array([hands + [0] * (SEATS - len(hands))], np.uint64)


def last_trick(denom, *texts):
    """(winner, relevant cards) of the last trick, seat 0 leading, each seat one card."""
    winner, relevant = dd_last_trick(
        table(denom, *texts), np.int64(0), dd_turn_order(FOUR_SEATS), np.int64(denom), np.int64(0)
    )
    return int(winner), int(relevant)


def test_last_trick_won_in_a_suit_only_the_winners_side_played_keeps_no_rank():
    # Seat 0's KS beats its partner's QS; the other side discards hearts: any spades of
    # those lengths give the trick to seats 0 and 2.
    assert last_trick(HIGH, "KS", "9H", "QS", "TH") == (0, 0)


def test_last_trick_won_over_the_other_side_keeps_the_winner_and_above():
    # Seat 1 follows with 9S: the king's rank decides against it.
    assert last_trick(HIGH, "KS", "9S", "QS", "TH") == (0, from_card("KS", HIGH))


def test_last_trick_ruffed_alone_keeps_no_rank_but_overruffed_keeps_the_ruff():
    # Clubs trump: seat 1 ruffs the spade lead alone (its partner seat 3 under it), then
    # against seat 2's lower trump.
    assert last_trick(CLUBS, "KS", "TC", "QS", "9C") == (1, 0)
    assert last_trick(CLUBS, "KS", "TC", "9C", "TH") == (1, from_card("TC", CLUBS))


def settled(denom, seat, played_text, winner_text, winner_seat, led_text, *texts):
    """Relevant cards of a settled trick in progress, seat 0 leading, ``seat`` on move."""
    led_suit = np.int64(SUIT_AT[denom, card(led_text, denom) >> 1])
    return int(
        dd_settled_relevant(
            table(denom, *texts),
            np.int64(0),
            np.int64(seat),
            np.int64(0),
            dd_turn_order(FOUR_SEATS),
            np.int64(denom),
            led_suit,
            card(winner_text, denom),
            np.int64(winner_seat),
            np.uint64(contract(played_text, denom)),
        )
    )


def test_settled_trick_alone_in_its_suit_with_no_later_opponent_in_it_keeps_no_rank():
    # Seat 0 led QS; seats 1 and 3 hold no spade and no trump: whatever the spades' ranks,
    # seat 0's side takes the trick (partner seat 2 may overtake).
    assert settled(HIGH, 1, "QS", "QS", 0, "QS", "", "9H", "AS", "TH") == 0


def test_settled_trick_with_a_later_opponent_following_keeps_the_winner_and_above():
    # Seat 3 must follow with 9S: it loses only because the queen is higher.
    assert settled(HIGH, 1, "QS", "QS", 0, "QS", "", "9H", "AS", "9S") == from_card("QS", HIGH)


def test_settled_trick_after_another_card_of_its_suit_keeps_the_winner_and_above():
    # Seat 1 already played 9S under the queen (seat 2 on move).
    assert settled(HIGH, 2, "QS 9S", "QS", 0, "QS", "", "", "AS", "TH") == from_card("QS", HIGH)


def test_settled_ruff_keeps_no_rank_when_later_opponents_must_follow_or_hold_no_trump():
    # Clubs trump: seat 1 ruffed seat 0's spade lead with TC; seat 2 must follow spades
    # (holding a trump does not matter), seat 0 already played.
    assert settled(CLUBS, 2, "KS TC", "TC", 1, "KS", "", "", "AS 9C", "") == 0


def test_settled_ruff_keeps_the_ruff_and_above_when_a_later_opponent_could_overruff():
    # Seat 2 is void in spades with the lower 9C: it may trump, and loses on rank.
    assert settled(CLUBS, 2, "KS TC", "TC", 1, "KS", "", "", "9C 9H", "") == from_card("TC", CLUBS)


def assert_matches_exhaustive_search(hands):
    """The solver's tricks and lead values equal exhaustive search's for four seats in
    Clubs and High No Trump, for either side asked about and every leader."""
    for denom in (CLUBS, HIGH):
        for declarer in (0, 1):
            for leader in range(4):
                solved = solve_position(hands, denom, declarer, leader, FOUR_SEATS)
                tricks, leads = reference(hands, denom, declarer, leader, FOUR_SEATS)
                assert (solved.tricks, solved.leads) == (tricks, leads)


def test_solver_at_settled_and_last_tricks_matches_exhaustive_search():
    # Four seats, High No Trump and Clubs, three tricks: tricks end with one side alone
    # in the winning suit, and the no-slack cut-off answers settled tricks.
    hands = hands_of("KS QH 9D", "9H TH JD", "QS AS TD", "JH AH KD")
    assert_matches_exhaustive_search(hands)


def started(texts, denom, team, leader):
    """(search, buffers) of a four-seat search of the seats' cards ``texts`` (dd_start),
    buffers sized for their tricks."""
    hands_face = hands_of(*texts)
    tricks = max(bin(h).count("1") for h in hands_face)
    buffers = dd_buffers(tricks, 12)
    deal = np.array(hands_face, np.uint64)
    search, _ = dd_start(deal, denom, team, leader, FOUR_SEATS, buffers, 1, np.zeros(2, np.int64))
    return search, buffers


def root_entry(texts, denom, team, leader, need):
    """Search "can ``team`` take ``need`` tricks?" from a trick boundary; returns
    (answer, lower bound, upper bound, relevant cards) of the root's table entry."""
    search, buffers = started(texts, denom, team, leader)
    none = np.int64(-1)
    answer = dd_search(
        search,
        np.int64(0),
        np.int64(leader),
        np.int64(leader),
        none,
        none,
        none,
        np.uint64(0),
        need,
        np.int64(0),
    )
    lower, upper, _, exact = dd_tt_bounds(buffers.tt_keys, buffers.tt_info, buffers.frames[0, F_SLOT])
    return bool(answer), int(lower), int(upper), int(exact)


def test_entry_proved_at_least_keeps_only_the_searchs_cards_not_the_quick_lower_bounds():
    # Clubs trump, seat 0 leads: the quick bounds count two sure trumps for seats 0 and 2
    # (ranks from QC up); the search proves all three tricks, which needs only the ranks
    # from KC up (bowers, AC, KC: the left bower JS falls under them).
    texts = ("QC KC AC", "9S TS QS", "9C TC JC", "JS KS AS")
    assert root_entry(texts, CLUBS, 0, 0, 3) == (True, 3, 3, from_card("KC", CLUBS))


def test_entry_proved_at_most_keeps_neither_the_quick_lower_bound_nor_its_cards():
    # Spades trump, seat 2 leads: seat 0's left bower JC, the only trump left, is a sure
    # trick (quick lower bound 1, which needs the trump block's top face); the search
    # proves that seats 0 and 2 cannot take all four without any trump rank.  The entry
    # keeps "at most 3" alone (keeping "at least 1" too would have to keep its card).
    texts = ("JC TD 9H QH", "TC QD TH KH", "9C QC JD KD", "KC AC 9D AD")
    answer, lower, upper, exact = root_entry(texts, 3, 0, 2, 4)
    top_trump = int(dd_face_and_above(np.int64(int(SUIT_MASK[3, TRUMP[3]]).bit_length() - 1) >> 1, 3))
    assert (answer, lower, upper) == (False, 0, 3)
    assert exact & top_trump == 0


def following_equivalents(led_text, second_text, winner_seat, *texts):
    """Cards seat 2 skips as equivalent in High No Trump after seat 0 led ``led_text``
    and seat 1 played ``second_text``, seat ``winner_seat`` winning (seats' cards ``texts``)."""
    hands = table(HIGH, *texts)
    led = card(led_text, HIGH)
    winner_card = led if winner_seat == 0 else card(second_text, HIGH)
    played = np.uint64(int(contract(led_text, HIGH)) | int(contract(second_text, HIGH)))
    cards = played
    for held in hands[0]:
        cards |= held
    moves = np.zeros((4, 32), np.int64)
    _, equivalents = dd_order_moves(
        hands,
        np.int64(0),
        np.int64(2),
        dd_turn_order(FOUR_SEATS),
        np.int64(HIGH),
        np.int64(0),
        np.int64(SUIT_AT[HIGH, led >> 1]),
        np.int64(winner_seat),
        winner_card,
        np.uint64(cards),
        played,
        np.int64(-1),
        np.int64(0),
        np.int64(0),
        moves,
        np.int64(0),
    )
    return int(equivalents)


def test_card_played_under_the_winner_does_not_split_a_class():
    # Seat 0's QS wins over seat 1's TS: seat 2's 9S and JS both lose to it, and TS is
    # gone after the trick, so JS is skipped as equivalent to 9S.
    assert following_equivalents("QS", "TS", 0, "", "", "9S JS", "AS KH") == int(contract("JS", HIGH))


def test_trick_winning_card_still_splits_a_class():
    # Seat 0's TS wins, seat 1 discarding 9H: 9S loses to it and JS beats it, so both
    # are searched.
    assert following_equivalents("TS", "9H", 0, "", "", "9S JS", "AS KH") == 0


def test_solver_with_classes_over_beaten_cards_matches_exhaustive_search():
    # Seat 2 follows with 9S or JS around seat 1's beaten TS, with three tricks to go.
    hands = hands_of("AH 9D", "QH TD", "9S JS KD", "AS KS JD")
    trick = ((0, parse_card("QS")), (1, parse_card("TS")))
    for declarer in (0, 1):
        for denom in (CLUBS, HIGH):
            solved = solve_position(hands, denom, declarer, 0, FOUR_SEATS, trick=trick)
            tricks, leads = reference(hands, denom, declarer, 0, FOUR_SEATS, trick=trick)
            assert (solved.tricks, solved.leads) == (tricks, leads)


def lead_order(killer, second_killer, best, *texts):
    """The cards seat 0 leads, in the order searched, in High No Trump (seats' cards
    ``texts``), with the ply's killers and the table's best lead given as card texts."""
    hands = table(HIGH, *texts)
    cards = np.uint64(0)
    for held in hands[0]:
        cards |= held
    moves = np.zeros((4, 32), np.int64)
    plus_one = [np.int64(card(text, HIGH) + 1 if text else 0) for text in (killer, second_killer)]
    n, _ = dd_order_moves(
        hands,
        np.int64(0),
        np.int64(0),
        dd_turn_order(FOUR_SEATS),
        np.int64(HIGH),
        np.int64(0),
        np.int64(-1),
        np.int64(-1),
        np.int64(-1),
        cards,
        np.uint64(0),
        np.int64(card(best, HIGH) if best else -1),
        *plus_one,
        moves,
        np.int64(0),
    )
    return [int(moves[0, i] & 63) for i in range(n)]


def test_killers_lead_first_then_the_tables_best_lead():
    texts = ("AS 9H TD QC", "KS JH 9D KC", "QS QH JD AC", "TS KH KD 9C")
    ruled = lead_order("", "", "", *texts)
    assert ruled[0] == card("AS", HIGH)  # a sure winner, by the rules alone
    ordered = lead_order("9H", "TD", "QC", *texts)
    assert ordered[:4] == [card(text, HIGH) for text in ("9H", "TD", "QC", "AS")]
    # a killer that is not a legal card of this position changes nothing
    assert lead_order("KS", "", "", *texts) == ruled


def below(text, denom):
    """Every card of the suit of ``text`` below it, both copies."""
    block = int(SUIT_MASK[denom, SUIT_AT[denom, card(text, denom) >> 1]])
    return block & ~from_card(text, denom)


def test_failed_low_card_refutes_its_suits_cards_below_the_relevant_ranks():
    refuted = int(dd_refuted_with(card("9S", HIGH), np.uint64(from_card("KS", HIGH)), np.int64(HIGH)))
    assert refuted == below("KS", HIGH)  # 9S to QS, both copies: the TS, JS and QS fail too
    # relevant ranks only in another suit: no spade's rank mattered, so every spade fails
    whole = int(dd_refuted_with(card("9S", HIGH), np.uint64(from_card("AH", HIGH)), np.int64(HIGH)))
    assert whole == int(SUIT_MASK[HIGH, SUIT_AT[HIGH, card("9S", HIGH) >> 1]])
    # near miss: a failed card at its refutation's relevant ranks refutes nothing else
    assert dd_refuted_with(card("QS", HIGH), np.uint64(from_card("QS", HIGH)), np.int64(HIGH)) == 0
    # Clubs trump: the left bower (JS) is a club, and the spades below the king stay spades
    in_clubs = int(dd_refuted_with(card("9S", CLUBS), np.uint64(from_card("KS", CLUBS)), np.int64(CLUBS)))
    assert in_clubs == below("KS", CLUBS) and not in_clubs & int(contract("JS", CLUBS))


def test_search_skips_the_moves_a_failed_sibling_refuted():
    search, buffers = started(("9S TS KS 9H", "QS AS TH JH", "JS QH KH AH", "9D TD JD QD"), HIGH, 0, 0)
    frames, moves = buffers.frames, buffers.moves
    for i, text in enumerate(("9S", "TS", "KS", "9H")):
        moves[0, i] = card(text, HIGH)
    frames[0, F_MOVES] = 4

    def after_failing(text, relevant):
        frames[0, F_NEXT], frames[0, F_CARD], frames[0, F_REFUTED] = 1, card(text, HIGH), 0
        left = dd_skip_refuted(search, np.int64(0), np.int64(relevant))
        return bool(left), int(frames[0, F_NEXT])

    # 9S failed with the ranks from KS up relevant: TS is skipped, KS is tried next
    assert after_failing("9S", from_card("KS", HIGH)) == (True, 2)
    # with the ranks from TS up relevant nothing is skipped
    assert after_failing("9S", from_card("TS", HIGH)) == (True, 1)
    # with no spade relevant every spade fails: 9H is next
    assert after_failing("9S", from_card("AH", HIGH)) == (True, 3)
    moves[0, 3] = card("QS", HIGH)
    assert after_failing("9S", from_card("AH", HIGH)) == (False, 4)  # nothing left: the node fails


def test_solver_skipping_refuted_low_cards_matches_exhaustive_search():
    # Seat 0 holds three spades that are not equivalent (seat 1 holds cards between
    # them); after the lowest lead fails the others are often settled with it.
    hands = hands_of("9S JS KS 9H", "TS QS AH TD", "9D KD JH QH", "AS TH KH QD")
    assert_matches_exhaustive_search(hands)


def test_search_skips_a_lead_refuted_by_a_failed_lower_lead():
    # High No Trump, two tricks, seats 0 and 2 need one: seat 0's 9S and JS are not
    # equivalent (seat 1's TS lies between them).  The 9S lead fails, seat 3's AS
    # winning over TS: only the spades from the ace up mattered, so the JS lead, below
    # them too, fails the same way and is never searched.
    texts = ("9S JS", "TS AH", "9H TH", "AS KH")
    search, buffers = started(texts, HIGH, 0, 0)
    none = np.int64(-1)
    zero, need = np.int64(0), np.int64(1)
    assert not dd_search(search, zero, zero, zero, none, none, none, np.uint64(0), need, zero)
    frames, moves = buffers.frames, buffers.moves
    leads = [int(moves[0, i] & 63) for i in range(frames[0, F_MOVES])]
    assert len(leads) == 2  # the two spades, the lower first
    assert int(frames[0, F_REFUTED]) >> leads[1] & 1  # the higher one refuted by the first
    assert reference(hands_of(*texts), HIGH, 0, 0, FOUR_SEATS)[0] == 0
