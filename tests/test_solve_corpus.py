"""The solver's answers on fixed seeded corpora, pinned so that a faster search answers the same.

Every change that makes the search faster must leave every answer as it was: the exact
trick counts of six-seat deals in all six denominations, of Hog deals (three seats
against one) and of four-seat deals, and every first lead's value.  The figures below
were recorded with the solver of commit d4d26e4 (whose answers the exhaustive-search
comparisons in test_solve.py and test_solve_bounds.py check), so a search that prunes
differently but wrongly shows here on deals far larger than exhaustive search reaches.
"""

import numpy as np
import pytest

from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.play.solve import solve_batch

ALL_SIX, HOG, ALL_FOUR = 0b111111, 0b101011, 0b1111
# tricks of seat 1's team (declarer 0, seat 0 leads) on deal_unseen("pigs-and-hogs", seed=1515,
# count=40), one string per denomination (Clubs, Diamonds, Hearts, Spades, High, Low No Trump)
SIX_SEAT = (
    "5743432343872832844476138721454577387326",
    "6342873754321056753573583533534562484532",
    "4776833853622233683672885584533387454532",
    "8527141126562731651555437361336785363542",
    "6787351567746622545858146685465877287858",
    "4358878467657057884672367666636845252572",
)
# the first 12 of those deals, denomination = deal index mod 6, declarer and leader seat 1:
# the tricks and each first lead's value by face (- where the face is not a legal lead)
LEAD_TRICKS = (5, 7, 2, 4, 5, 2, 7, 2, 6, 3, 8, 8)
LEADS = (
    "----445-5---44-------4-4",
    "---5--556--5--5---7---7-",
    "--1------1---1-1--22--2-",
    "-------11----44----1211-",
    "----55-5--55-----5--55--",
    "----22---1112-2-2-------",
    "-----7--77-7-7----7-7--7",
    "1--1-1------1----1--2-2-",
    "--3-3--636--4--4------5-",
    "-2-22---3-33-2-----3----",
    "-8-8--7-77-6-----80-----",
    "-33---8888---8-------8--",
)
# seed 1516, seats 3 and 5 sitting out, denomination = deal index mod 6, seat 0 declares and leads
HOG_TRICKS = "1331130402144122421201430122331312144223"
# four-seat euchre, seed 1517, denomination = deal index mod 6, seat 1 declares and leads
EUCHRE_TRICKS = "3400143222252143442435435401355231434443"


def digits(text: str) -> list[int]:
    return [int(c) for c in text]


@pytest.fixture(scope="module")
def six_seat_deals():
    return deal_unseen("pigs-and-hogs", {}, seed=1515, count=40)


@pytest.mark.parametrize("denom", range(6))
def test_six_seat_tricks_are_unchanged(six_seat_deals, denom):
    solved = solve_batch(six_seat_deals, denom, 0, 0, ALL_SIX)
    assert solved.tricks.tolist() == digits(SIX_SEAT[denom])


def test_six_seat_lead_values_are_unchanged(six_seat_deals):
    solved = solve_batch(six_seat_deals[:12], np.arange(12) % 6, 1, 1, ALL_SIX, leads=True)
    assert solved.tricks.tolist() == list(LEAD_TRICKS)
    shown = ["".join("-" if v < 0 else str(v) for v in row) for row in solved.leads.tolist()]
    assert shown == list(LEADS)


def test_hog_and_euchre_tricks_are_unchanged():
    hog = deal_unseen("pigs-and-hogs", {}, seed=1516, count=40)
    hog[:, 2] = 0
    hog[:, 4] = 0
    assert solve_batch(hog, np.arange(40) % 6, 0, 0, HOG).tricks.tolist() == digits(HOG_TRICKS)
    euchre = deal_unseen("euchre", {}, seed=1517, count=40)
    assert solve_batch(euchre, np.arange(40) % 6, 1, 1, ALL_FOUR).tricks.tolist() == digits(EUCHRE_TRICKS)
