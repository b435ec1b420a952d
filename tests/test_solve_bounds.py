"""The solver's cheap bounds and cut-offs, each on literal positions where it fires.

The positions are one table, CASES, checked by one test.  Every position is also
solved by the exhaustive minimax of ``test_solve``, so a bound that claimed one trick
too many (or too few) would fail here.  Node counts of 1 show that the bound answered
at the first node, without search.
"""

from typing import NamedTuple

import numpy as np
import pytest
from test_solve import ENDGAMES, SHAPES, hands_of, random_endgame, reference

from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.rankings import SUIT_MASK, TRUMP
from euchre_mc.simulate.play.solve import solve_batch, solve_position

HEARTS, HIGH = 2, 4
SIX = 0b111111


def first_node_answer(hands, denom, declarer, leader, target):
    """(answer to "at least ``target``?", nodes searched) for the declarer's team."""
    result = solve_batch(np.array([hands], np.uint64), denom, declarer, leader, SIX, target=target)
    return int(result.tricks[0]), int(result.nodes[0])


def holds_trump(hands, denom, side):
    trumps = int(SUIT_MASK[denom, TRUMP[denom]])
    return any(int(to_contract(np.uint64(h), denom)) & trumps for s, h in enumerate(hands) if s % 2 == side)


class Case(NamedTuple):
    """One literal position where a bound fires (seats 1 to 6 in order, all six playing)."""

    name: str
    hands: tuple[str, ...]
    denom: int
    leader: int  # 0-based
    tricks: int  # the side of seats 1, 3, 5 (team 0), by exhaustive search
    # (team, target, answer, nodes): the solver's answer to "does team take at least
    # target?" and the nodes it searched (None: not pinned)
    probes: tuple[tuple[int, int, int, int | None], ...]
    solved: bool  # solve_position's exact count must be ``tricks`` too


CASES = [
    # ---------------------------------------------- cashing a suit
    Case(
        "leader_runs_a_suit_while_its_partner_follows_under_each_card",
        # High No Trump: seat 3 plays AH under seat 1's AH (the first copy wins), then TH
        # and 9H under KH and QH, so seat 1 keeps the lead and takes all three tricks.
        ("AH KH QH", "9S TS JS", "AH TH 9H", "9C TC JC", "9D TD JD", "QS KS AS"),
        HIGH,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "partner_forced_to_overtake_takes_the_lead",
        # High No Trump: no opponent holds a heart, but seat 3's lone KH must overtake
        # whichever heart seat 1 leads, and seat 3 then leads a club to seat 2's AC.
        ("QH JH TH", "AC KC QC", "KH 9C TC", "AS KS QS", "9D TD JD", "AD KD QD"),
        HIGH,
        0,
        1,
        (),
        True,
    ),
    Case(
        "leader_stops_cashing_under_an_opponents_higher_card",
        # High No Trump: seat 2 holds KH KH 9H, so only seat 1's AH is sure to hold; with
        # the low JH led first seat 1's side takes two of the three tricks, not all.
        ("AH QH JH", "KH KH 9H", "9C TC JC", "9S TS JS", "9D TD QD", "QS KS AS"),
        HIGH,
        0,
        2,
        (),
        True,
    ),
    Case(
        "leader_crosses_to_a_partners_winner_and_the_partner_cashes",
        # High No Trump: seat 1 holds only nines; it leads 9S to seat 3's AS, the top
        # spade, and seat 3 cashes AC and AH.
        ("9S 9C 9D", "KS KC KH", "AS AC AH", "QS QC QH", "TD JD QD", "JS JC JH"),
        HIGH,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "leader_crosses_to_a_partners_ace_level_with_a_later_opponents_copy",
        # High No Trump: seat 1 leads 9S; seat 3's AS is played before seat 4's copy, so it
        # wins, and seat 3 cashes AC and AH.
        ("9S TS 9D", "KS KC AD", "AS AC AH", "AS QC QH", "JS TC TH", "QS JC KD"),
        HIGH,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "no_crossing_to_a_card_that_an_earlier_opponent_holds_level",
        # As above, but seat 2 holds the other AS and plays it first, and seat 4's AD stops
        # the diamond: seat 1 cannot reach seat 3's aces before losing a trick.
        ("9S TS 9D", "AS KC KH", "AS AC AH", "QS QC AD", "TD JD QD", "JS JC JH"),
        HIGH,
        0,
        2,
        (),
        True,
    ),
    Case(
        "leader_cashes_then_leads_to_a_partners_ace_level_with_a_later_defenders",
        # High No Trump: seat 1 cashes AC and AH, then leads 9S; seat 3's AS is played
        # before seat 4's copy of it, and the first copy wins.
        ("AC AH 9S", "KC KH TS", "AS QC QH", "AS JC JH", "TC TH JS", "9C 9H KS"),
        HIGH,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "no_crossing_to_a_level_ace_when_a_defender_plays_its_copy_first",
        # As above, but seat 2 holds the other AS: it plays it before seat 3, and wins.
        ("AC AH 9S", "KC KH AS", "AS QC QH", "TS JC JH", "TC TH JS", "9C 9H KS"),
        HIGH,
        0,
        2,
        (),
        True,
    ),
    Case(
        "leader_cashes_a_trump_then_leads_to_a_partners_ace_nobody_can_ruff",
        # Hearts: seat 1 cashes JH, though seat 2 keeps a trump, then leads 9C to seat 3's
        # AC: every seat of the other side still holds a club, so none can ruff it.
        ("JH 9C 9S", "AH KH TC", "AC QS KS", "KC 9D TD", "QD KD AD", "JC AS JS"),
        HEARTS,
        0,
        2,
        ((0, 2, 1, 1),),
        False,
    ),
    Case(
        "no_crossing_while_a_defender_void_in_the_suit_keeps_a_trump",
        # As above, but seat 2 holds no club: after JH it still holds a trump and ruffs 9C.
        ("JH 9C 9S", "AH KH AS", "AC QS KS", "KC TC TD", "QD KD AD", "JC JS 9D"),
        HEARTS,
        0,
        1,
        (),
        True,
    ),
    Case(
        "leader_cashes_a_plain_suit_that_a_defender_with_trumps_must_follow",
        # Hearts: seat 1 cashes JH, though seat 2 keeps a trump, then AC and KC: seat 2
        # holds two clubs, so it follows both rather than ruff.
        ("JH AC KC 9S", "AH KH QC JC", "TC TS JS QS", "9C KS AS 9S", "9D TD KD QD", "AD AD 9D KS"),
        HEARTS,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "a_defender_short_in_the_plain_suit_ruffs_it_while_it_keeps_a_trump",
        # As above, but seat 2 holds one club and three trumps: it ruffs KC.
        ("JH AC KC 9S", "AH KH QH QC", "TC TS JS QS", "9C KS AS JC", "9D TD KD QD", "AD AD 9D KS"),
        HEARTS,
        0,
        2,
        (),
        True,
    ),
    # ------------------------------------------- the trick led now
    Case(
        "side_needing_every_trick_loses_the_lead_when_the_other_side_tops_each_suit",
        # High No Trump: seat 2 holds AC AD AS above all of seat 1's side's clubs, diamonds
        # and spades, so whatever seat 1 leads seat 2 wins it: not all three tricks.
        # the same trick seen from the side not on lead: it takes at least one
        ("KC KD 9S", "AC AD AS", "9H TH JH", "QH KH AH", "TC TD TS", "JC JD JS"),
        HIGH,
        0,
        0,
        ((0, 3, 0, 1), (1, 1, 1, 1)),
        False,
    ),
    Case(
        "an_other_sides_level_copy_played_first_wins_the_lead",
        # High No Trump: seat 2 plays its aces before seat 3's copies: the first copy wins.
        ("9C 9D 9S", "AC AD AS", "AC AD AS", "QH KH AH", "TC TD TS", "JC JD JS"),
        HIGH,
        0,
        0,
        ((0, 3, 0, 1),),
        False,
    ),
    Case(
        "a_partners_level_copy_played_first_keeps_the_lead",
        # As above, but the other aces are seat 6's, who plays after seat 3: seat 3 wins
        # the 9 led and cashes, so seat 1's side takes every trick.
        ("9C 9D 9S", "QH KH AH", "AC AD AS", "9H TH JH", "TC TD TS", "AC AD AS"),
        HIGH,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "a_void_defenders_ruff_wins_the_lead_when_no_partner_can_overruff",
        # Hearts: seat 1 holds only clubs; seat 2, void in clubs, ruffs with 9H, and seat
        # 3's AH must follow to the club: not all three tricks for seat 1's side.
        ("AC KC QC", "9H 9S TS", "AH 9C TC", "9D TD QD", "9C TC JC", "QD KD AD"),
        HEARTS,
        0,
        2,
        ((0, 3, 0, 1),),
        False,
    ),
    Case(
        "a_void_partner_overruffs_and_keeps_the_lead",
        # As above, but seat 5 holds no club: it overruffs with TH and cashes two aces of
        # spades, so seat 1's side takes every trick.
        ("AC KC QC", "9H 9S TS", "AH 9C TC", "9D TD QD", "TH AS AS", "QD KD AD"),
        HEARTS,
        0,
        3,
        (),
        True,
    ),
    Case(
        "leader_whose_partners_never_win_must_lead_its_losing_suit",
        # Hearts: seats 3 and 5 hold only spades below seats 4 and 6's aces and kings, and
        # no trump: seat 1 wins every trick it leads and must lead its 9S at last.
        ("JH JD 9S", "KC QC AD", "QS JS 9S", "QC AS KS", "QS JS TS", "JC AS KS"),
        HEARTS,
        0,
        2,
        ((0, 3, 0, 1),),
        False,
    ),
    Case(
        "partners_card_level_with_the_leaders_lowest_never_takes_the_lead",
        # High No Trump: seat 3's QC is level with seat 1's and played after it, so seat 1
        # wins the club and must lead its 9S to seat 2's AS.
        ("QC 9S", "AS TC", "QC AD", "KS JC", "9D TD", "QS 9C"),
        HIGH,
        0,
        1,
        ((0, 2, 0, 1),),
        False,
    ),
    Case(
        "partner_overtaking_only_in_suits_the_other_side_tops_never_takes_the_lead",
        # High No Trump: seat 3's KC and QS beat seat 1's 9C and 9S, but seat 2's aces beat
        # them: seat 1 wins its KD and then must lead a club or a spade.
        ("KD 9C 9S", "AC AS TD", "KC QS AH", "KS JC JD", "TC 9D 9H", "QC TS 9D"),
        HIGH,
        0,
        1,
        ((0, 3, 0, 1),),
        False,
    ),
    Case(
        "partner_overtaking_the_leaders_lowest_card_lets_the_leader_discard_its_loser",
        # As above, but seat 3 holds KC: it overtakes QC and leads AD, on which seat 1
        # discards its 9S.
        ("QC 9S", "AS TC", "KC AD", "KS JC", "9D TD", "QS 9C"),
        HIGH,
        0,
        2,
        ((0, 2, 1, 1),),
        False,
    ),
    Case(
        "partner_overtaking_the_leaders_low_card_under_its_ace_takes_the_lead",
        # High No Trump: seat 3's KC is below seat 1's AC but above its 9C: seat 1 leads
        # the 9C, seat 3 overtakes and leads AD and AH, and seat 1 discards its 9S.
        ("AC 9C 9S", "AS TC TD", "KC AD AH", "KS JC JD", "TS 9D 9H", "QS QC QD"),
        HIGH,
        0,
        3,
        ((0, 3, 1, None),),
        False,
    ),
    Case(
        "partner_with_a_trump_ruffs_the_leaders_losing_suit",
        # Hearts: seat 3, void in spades, ruffs seat 1's 9S with TH and leads AH.
        ("JH 9S", "AS KH", "TH AH", "KS QC", "TS 9C", "QS JC"),
        HEARTS,
        0,
        2,
        ((0, 2, 1, None),),
        True,
    ),
    # ------------------------------------------------ trump length
    Case(
        "each_opponent_trump_stops_one_trump_at_most",
        # Hearts: seat 2's three trumps face seat 1's JH alone, which beats one of them, so
        # seat 2's side takes two tricks and seat 1's side at most one.
        ("JH AC AS", "KH QH TH", "9C TC JC", "9S TS JS", "9D TD QD", "KD AD KS"),
        HEARTS,
        0,
        1,
        ((0, 2, 0, 1),),
        False,
    ),
    Case(
        "a_level_trump_copy_led_first_stops_a_trump",
        # As above, but seat 2 holds the other JH: seat 1 leads its copy first and wins
        # with it, so seat 2's JH is not a sure trick.
        ("JH AC AS", "JH QH TH", "9C TC JC", "9S TS JS", "9D TD QD", "KD AD KS"),
        HEARTS,
        0,
        1,
        ((0, 2, 0, 1),),
        True,
    ),
    # ---------------------------------------- a side with no trump
    Case(
        "seat_holding_only_trumps_sweeps_when_the_other_side_has_none",
        # Hearts: seat 5 (seat 1's side) holds only trumps and seats 2, 4, 6 none, so seat
        # 5 plays a trump to every trick, whatever seat 2 leads.
        # the same position counted for the other side: no trick at all
        ("AC 9S 9C", "AS KS KC", "TC QC TS", "AD QS JC", "9H TH KH", "KD TD JS"),
        HEARTS,
        1,
        3,
        ((0, 3, 1, 1), (1, 1, 0, 1)),
        False,
    ),
    Case(
        "lone_loser_ruffed_by_a_void_partner_sweeps",
        # Hearts: seat 1 cashes AC, then leads 9S, which seat 3 (no spade, a trump) ruffs;
        # seat 1 holds only trumps after that.  Seats 2, 4, 6 hold no trump.
        ("AC 9S QH", "KS QS KC", "9H 9C TC", "AS TS QC", "9D TD QD", "KD AD JS"),
        HEARTS,
        0,
        3,
        ((0, 3, 1, 1),),
        True,
    ),
    Case(
        "lone_loser_is_lost_when_the_partner_must_follow_suit",
        # As above, but seat 3 holds TS instead of 9C: it must follow to the spade, which
        # seat 4's AS wins, so the bidder's side cannot take all three tricks.
        ("AC 9S QH", "KS QS KC", "9H TS TC", "AS 9C QC", "9D TD QD", "KD AD JS"),
        HEARTS,
        0,
        2,
        (),
        True,
    ),
    Case(
        "lone_loser_under_a_partners_top_card_sweeps",
        # Hearts: seat 1 leads its only plain card, 9S, to seat 3's AS (above every spade
        # of seats 2, 4 and 6) and then holds only trumps.
        ("9S QH KH", "KS QS KC", "AS AH 9C", "TS JS QC", "AD KD JC", "9D TD QD"),
        HEARTS,
        0,
        3,
        ((0, 3, 1, 1),),
        False,
    ),
    Case(
        "lone_loser_is_lost_when_a_defender_holds_the_level_card",
        # As above, but seat 2 holds the other AS and plays it first: the first copy wins
        # (and seat 3 holds no trump with which to take the lead and cash its AS).
        ("9S QH KH", "AS QS KC", "AS 9C TC", "TS JS QC", "AD KD JC", "9D TD QD"),
        HEARTS,
        0,
        2,
        (),
        True,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bound_fires_and_agrees_with_exhaustive_search(case):
    hands = hands_of(*case.hands)
    assert reference(hands, case.denom, 0, case.leader, SIX)[0] == case.tricks
    for team, target, answer, nodes in case.probes:
        found = first_node_answer(hands, case.denom, team, case.leader, target)
        assert found == (answer, found[1] if nodes is None else nodes)
    if case.solved:
        assert solve_position(hands, case.denom, 0, case.leader, SIX).tricks == case.tricks


@pytest.mark.parametrize("shape", list(SHAPES))
def test_solver_matches_exhaustive_search_when_one_side_holds_no_trump(shape):
    rng = np.random.default_rng(list(SHAPES).index(shape) + 4242)
    checked = 0
    while checked < ENDGAMES // 2:
        hands, denom, declarer, leader, active, trick = random_endgame(rng, shape)
        if TRUMP[denom] < 0 or holds_trump(hands, denom, 0) == holds_trump(hands, denom, 1):
            continue
        solved = solve_position(hands, denom, declarer, leader, active, trick)
        expected_tricks, expected_leads = reference(hands, denom, declarer, leader, active, trick)
        context = (shape, [hex(h) for h in hands], denom, declarer, leader, active, trick)
        assert solved.tricks == expected_tricks, context
        assert solved.leads == expected_leads, context
        checked += 1
