"""Every row of every scoring table of docs/rules.md, and the end of the game."""

import numpy as np
import pytest
from rules_hands import points_from_rules_tables

from euchre_mc.simulate.rules.contracts import Contract, all_contracts, parse_contract
from euchre_mc.simulate.rules.scoring import game_winner, made, score, score_table
from euchre_mc.simulate.rules.variants import RulesError

UPCARD_9S = 3 * 6 + 0


@pytest.mark.parametrize(
    "variant,contract,tricks,points",
    [
        # pigs-and-hogs, the examples of the source and each row's boundary
        ("pigs-and-hogs", "5 Hearts", 6, (6, 0)),
        ("pigs-and-hogs", "5 Hearts", 5, (5, 0)),
        ("pigs-and-hogs", "5 Hearts", 4, (-5, 4)),
        ("pigs-and-hogs", "1 Low", 0, (-1, 8)),
        ("pigs-and-hogs", "8 Spades", 8, (8, 0)),
        ("pigs-and-hogs", "Pig Clubs", 8, (12, 0)),
        ("pigs-and-hogs", "Pig Clubs", 7, (-12, 1)),
        ("pigs-and-hogs", "Pig Low", 0, (-12, 8)),
        ("pigs-and-hogs", "Hog High No Trump", 8, (24, 0)),
        ("pigs-and-hogs", "Hog High No Trump", 6, (-24, 2)),
        # six-handed: both teams score tricks unless the bidder fails
        ("six-handed", "5 Spades", 6, (6, 2)),
        ("six-handed", "5 Spades", 5, (5, 3)),
        ("six-handed", "5 Spades", 4, (-5, 4)),
        ("six-handed", "2 Low", 8, (8, 0)),
        ("six-handed", "Alone Hearts", 8, (20, 0)),
        ("six-handed", "Alone Hearts", 7, (-8, 1)),
        ("six-handed", "Alone High", 0, (-8, 8)),
        # classic
        ("euchre", "order up", 3, (1, 0)),
        ("euchre", "order up", 4, (1, 0)),
        ("euchre", "order up", 5, (2, 0)),
        ("euchre", "order up", 2, (0, 2)),
        ("euchre", "order up", 0, (0, 2)),
        ("euchre", "order up alone", 5, (4, 0)),
        ("euchre", "order up alone", 4, (1, 0)),
        ("euchre", "order up alone", 3, (1, 0)),
        ("euchre", "order up alone", 2, (0, 2)),
        ("euchre", "call Hearts", 5, (2, 0)),
        ("euchre", "call Hearts alone", 5, (4, 0)),
        ("piq", "order up", 3, (1, 0)),
        ("piq", "order up", 5, (2, 0)),
        ("piq", "call Clubs alone", 5, (4, 0)),
        ("piq", "call Clubs alone", 1, (0, 2)),
    ],
)
def test_scoring_table_row(variant, contract, tricks, points):
    assert score(variant, parse_contract(contract, variant, UPCARD_9S), tricks) == points


@pytest.mark.parametrize("variant", ["pigs-and-hogs", "six-handed", "euchre", "piq"])
def test_every_contract_and_trick_count_matches_the_tables(variant):
    hand_size = 8 if variant in ("pigs-and-hogs", "six-handed") else 5
    for contract in all_contracts(variant, UPCARD_9S):
        table = score_table(variant, contract)
        assert table.shape == (hand_size + 1, 2) and table.dtype == np.int64
        for tricks in range(hand_size + 1):
            expected = points_from_rules_tables(
                variant, contract.kind, contract.level, contract.alone, tricks
            )
            assert tuple(table[tricks]) == expected, (contract, tricks)


def test_pig_score_table_literal():
    table = score_table("pigs-and-hogs", parse_contract("Pig Hearts", "pigs-and-hogs"))
    assert table.tolist() == [
        [-12, 8],
        [-12, 7],
        [-12, 6],
        [-12, 5],
        [-12, 4],
        [-12, 3],
        [-12, 2],
        [-12, 1],
        [12, 0],
    ]


def test_only_one_team_gains_in_pigs_and_hogs():
    for contract in all_contracts("pigs-and-hogs"):
        for tricks in range(9):
            bidders, defenders = score("pigs-and-hogs", contract, tricks)
            assert bidders <= 0 or defenders == 0


def test_made_means_the_level_or_every_trick_or_three():
    assert made("pigs-and-hogs", Contract("level", 2, 5), 5)
    assert not made("pigs-and-hogs", Contract("level", 2, 5), 4)
    assert not made("pigs-and-hogs", Contract("pig", 2, 8), 7)
    assert made("euchre", Contract("order up", 2), 3)
    assert not made("euchre", Contract("order up", 2, alone=True), 2)


def test_trick_count_out_of_range_is_rejected():
    with pytest.raises(RulesError, match="tricks 9: a hand has 0 to 8 tricks"):
        score("pigs-and-hogs", Contract("level", 2, 5), 9)


# --------------------------------------------------------------------------- end of the game


def test_game_goes_on_below_the_target():
    assert game_winner("pigs-and-hogs", (49, -10), bidding_team=0) is None


def test_game_ends_when_a_team_reaches_the_target():
    assert game_winner("pigs-and-hogs", (50, 12), bidding_team=1) == 0
    assert game_winner("euchre", (3, 11), bidding_team=0) == 1


def test_target_option_moves_the_end():
    assert game_winner("pigs-and-hogs(target=30)", (31, 0), bidding_team=0) == 0
    assert game_winner("pigs-and-hogs(target=60)", (59, 0), bidding_team=0) is None


def test_six_handed_tie_at_the_target_goes_to_the_bidding_team():
    assert game_winner("six-handed", (52, 50), bidding_team=1) == 1
    assert game_winner("six-handed", (52, 50), bidding_team=0) == 0
