"""Candidate cards ranked by points with honest ties: the side's net points come from the
scoring table (a march, a euchre), cards that cannot be told apart from the best are
shown as equal to it (the lower of cards alike in every world is advised), and
best-card's sample grows only while the best is unsettled."""

import numpy as np
import pytest

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.ranking import rank_candidates, side_points, unsettled
from euchre_mc.simulate.rules.cards import parse_card
from euchre_mc.simulate.rules.contracts import parse_contract
from euchre_mc.simulate.rules.variants import as_variant

EUCHRE = as_variant("euchre")
ORDER_UP = parse_contract("order up", EUCHRE, parse_card("9H"))  # Hearts trump


def faces(text: str) -> list[int]:
    return [parse_card(card) for card in text.split()]


def test_points_follow_the_scoring_table():
    tricks = np.array([0, 2, 3, 4, 5])
    # the makers: euchred (the defenders' 2), made (1), marched (2)
    assert side_points(EUCHRE, ORDER_UP, tricks, ours=True).tolist() == [-2, -2, 1, 1, 2]
    # the defenders' side tricks: 5 - the makers'
    assert side_points(EUCHRE, ORDER_UP, 5 - tricks, ours=False).tolist() == [2, 2, -1, -1, -2]


def test_a_defender_ranks_the_euchre_above_more_tricks():
    # 9C keeps two tricks in every world (the makers make: -1); AC takes three in half
    # the worlds (a euchre, +2) and none in the others (a march, -2): fewer tricks on
    # average, more points
    steady, gamble = np.full(100, 2), np.repeat([3, 0], 50)
    rows = rank_candidates(EUCHRE, ORDER_UP, faces("9C AC"), [steady, gamble], ours=False)
    assert [row.card for row in rows] == ["AC", "9C"]
    assert rows[0].mean_points == 0.0 and rows[0].mean_tricks == 1.5
    assert rows[1].mean_points == -1.0 and rows[1].mean_tricks == 2.0
    assert not rows[1].equal_to_best and rows[1].behind == 1.0


def test_cards_that_score_alike_in_every_world_are_equal_and_the_lower_is_advised():
    same = np.repeat([3, 5], 50)
    rows = rank_candidates(EUCHRE, ORDER_UP, faces("JH AH QC"), [same, same, np.full(100, 3)], ours=True)
    # the right bower and the ace of trump make the same points in every world: the ace
    # is played, the bower kept
    assert [row.card for row in rows] == ["AH", "JH", "QC"]
    assert rows[1].equal_to_best and rows[1].behind == 0.0 and rows[1].behind_half_width == 0.0
    assert not rows[2].equal_to_best
    assert not unsettled(rows)


def test_a_difference_inside_its_interval_is_a_tie_that_more_worlds_may_settle():
    rng = np.random.default_rng(1)
    best = rng.choice([3, 5], 40)
    close = best.copy()
    close[:2] = 3  # two worlds where the other card only makes: not a difference 40 worlds can show
    rows = rank_candidates(EUCHRE, ORDER_UP, faces("KS 9S"), [best, close], ours=True)
    assert all(row.equal_to_best for row in rows)
    assert rows[0].card == "KS"  # the better average is still the advice
    assert unsettled(rows)


def test_best_card_grows_its_sample_only_while_unsettled_and_stays_a_function_of_the_seed():
    position = dict(
        variant="euchre",
        contract="order up",
        bidder=1,
        upcard="9H",
        dealer=4,
        seat=1,
        hand="JD AH KS 9C",
        tricks="1: JH QH TH 9H",
        first=1,
    )
    one = best_card(**position, worlds=40, max_worlds=160)
    assert one.worlds in (40, 80, 160) and one.max_worlds == 160
    assert one == best_card(**position, worlds=40, max_worlds=160)
    fixed = best_card(**position, worlds=40, max_worlds=40)
    assert fixed.worlds == 40
    # the left bower and the ace of trump are worth the same in every world: equal, the
    # ace advised
    by_card = {row.card: row for row in fixed.cards}
    assert by_card["JD"].equal_to_best and fixed.best == "AH"


def test_with_a_score_the_chance_of_winning_the_game_ranks_the_cards():
    from euchre_mc.simulate.advice.ranking import win_chances
    from euchre_mc.simulate.games.shipped_equity import load_equity

    # defenders at 0-9: the makers need one point. AC euchres in 40 worlds of 100 and is
    # marched in the rest (-0.4 points); 9C euchres in 35 and lets them make 1 in the
    # rest (+0.05 points). Any make wins the game for them, so only the euchre counts:
    # by the chance of winning AC is the card, by points 9C.
    euchre_or_march = np.repeat([3, 0], [40, 60])
    euchre_or_make = np.repeat([3, 2], [35, 65])
    cards, totals = faces("9C AC"), [euchre_or_make, euchre_or_march]
    by_points = rank_candidates(EUCHRE, ORDER_UP, cards, totals, ours=False)
    assert [row.card for row in by_points] == ["9C", "AC"] and by_points[0].p_win is None
    win = win_chances(EUCHRE, ORDER_UP, seat=0, bidder=1, dealer=3, score=(0, 9), ours=False)
    by_game = rank_candidates(EUCHRE, ORDER_UP, cards, totals, ours=False, win=win)
    assert [row.card for row in by_game] == ["AC", "9C"]
    # the next deal is seat 1's, our team's: team A to deal with us as team A
    after_euchre = load_equity(EUCHRE).win[0, 2, 9]
    assert by_game[0].p_win == pytest.approx(0.4 * after_euchre)
    assert by_game[1].p_win == pytest.approx(0.35 * after_euchre)
    assert by_game[0].mean_points == pytest.approx(-0.4) and by_game[1].mean_points == pytest.approx(0.05)


def test_a_score_needs_the_dealer_and_a_shipped_table():
    from euchre_mc.simulate.advice.ranking import win_chances
    from euchre_mc.simulate.rules.variants import RulesError

    with pytest.raises(RulesError, match="--score needs --dealer"):
        win_chances(EUCHRE, ORDER_UP, 0, 1, None, (0, 9), False)
    other = as_variant("euchre(target=11)")
    with pytest.raises(RulesError, match="no match-equity table ships"):
        win_chances(other, ORDER_UP, 0, 1, 3, (0, 9), False)
    assert win_chances(EUCHRE, ORDER_UP, 0, 1, 3, None, False) is None


def test_the_card_commands_take_a_score_and_rank_by_the_chance_of_winning():
    import json

    from click.testing import CliRunner

    from euchre_mc.cli import main

    position = ["best-card", "--variant", "euchre", "--contract", "order up", "--upcard", "9H"]
    position += ["--bidder", "2", "--seat", "1", "--hand", "AS KS QC 9D TD", "--worlds", "20"]
    scored = CliRunner().invoke(main, [*position, "--dealer", "4", "--score", "0-9", "--json"])
    assert scored.exit_code == 0, scored.output
    advice = json.loads(scored.output)
    assert advice["score"] == [0, 9] and all(0 <= card["p_win"] < 0.05 for card in advice["cards"])
    wins = [card["p_win"] for card in advice["cards"] if not card["equal_to_best"]]
    assert advice["cards"][0]["p_win"] >= max(wins, default=0.0)
    plain = json.loads(CliRunner().invoke(main, [*position, "--dealer", "4", "--json"]).output)
    assert "score" not in plain and "p_win" not in plain["cards"][0]  # unchanged without a score
    bad = CliRunner().invoke(main, [*position, "--dealer", "4", "--score", "nine-nil"])
    assert bad.exit_code == 2 and "--score 'nine-nil': write your team's points" in bad.output
    pigs = ["best-card", "--variant", "pigs-and-hogs", "--contract", "6 Hearts", "--bidder", "1"]
    pigs += ["--seat", "1", "--hand", "JH JH JD AH KH QH 9S AC", "--score", "10-20"]
    no_dealer = CliRunner().invoke(main, pigs)
    assert no_dealer.exit_code == 2 and "--score needs --dealer" in no_dealer.output
