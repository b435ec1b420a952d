"""The solver's equivalent cards and the ranks they make relevant (dd_equivalents_relevant).

A node whose every move fails skips the cards equivalent to a lower card of their class
(dd_move_classes); its table entry then stands for every position that agrees with it
on the relevant cards (in each suit those from some rank up).  Only a class that
straddles a suit's relevant ranks makes more of the suit relevant.
"""

import numpy as np
from test_solve import hands_of, reference

from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.dd.order import dd_equivalents_relevant
from euchre_mc.simulate.kernels.dd.position import dd_face_and_above
from euchre_mc.simulate.play.solve import solve_position
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards

HIGH = 4
NO_LED_SUIT = np.int64(-1)


def contract(text):
    """The contract-space (High No Trump) mask of the cards ``text``, first copies."""
    return to_contract(np.uint64(faces_to_mask(parse_cards(text))), HIGH)


def from_card(text):
    """The relevant-cards range of a suit from the card ``text`` up, both copies."""
    return dd_face_and_above(np.int64(int(contract(text)).bit_length() - 1) >> 1, HIGH)


# The seat holds AS KS 9S; another seat holds QS, so 9S is a class of its own and KS AS
# one class, searched as KS with AS skipped.
HAND = contract("AS KS 9S")
SKIPPED = contract("AS")


def relevant_added(relevant):
    return int(dd_equivalents_relevant(HAND, NO_LED_SUIT, SKIPPED, np.uint64(relevant), HIGH))


def test_class_straddling_the_relevant_ranks_makes_its_suit_relevant_from_its_searched_card():
    # Only the ace mattered below: elsewhere a card between KS and AS could lie with
    # another seat, and AS would no longer play like KS.
    assert relevant_added(from_card("AS")) == int(from_card("KS"))


def test_class_inside_the_relevant_ranks_adds_nothing():
    # From QS up every card is as here: no other seat can hold a card between KS and AS.
    assert relevant_added(from_card("QS")) == 0
    assert relevant_added(from_card("9S")) == 0


def test_class_below_the_relevant_ranks_adds_nothing():
    # No spade mattered: every spade of the seat is an anonymous low card, and each plays
    # like its lowest one, 9S, which was searched.
    assert relevant_added(0) == 0
    assert relevant_added(int(from_card("AH"))) == 0


def test_solver_with_straddling_equivalent_cards_matches_exhaustive_search():
    # High No Trump, four seats, four tricks: seat 1's KS and AS are equivalent, its 9S
    # is not (the other spades lie between), so the table's entries are proved with a
    # skipped card above a searched low one.
    hands = hands_of("AS KS 9S JH", "QS TS 9H KH", "JS AH QH 9D", "TH TD JD QD")
    for declarer in (0, 1):
        for leader in range(4):
            solved = solve_position(hands, HIGH, declarer, leader, 0b1111)
            tricks, leads = reference(hands, HIGH, declarer, leader, 0b1111)
            assert (solved.tricks, solved.leads) == (tricks, leads)
