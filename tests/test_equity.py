"""Match-equity tables against exact answers: closed forms, recursion and a linear solve."""

from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from euchre_mc.simulate.bidding.strategy import BUILT_INS
from euchre_mc.simulate.games.equity import HandOutcomes, build_equity, equity_table
from euchre_mc.simulate.games.game import play_games, sample_hands
from euchre_mc.simulate.games.shipped_equity import EquityTable


def outcomes(per_team):
    """HandOutcomes from ``[(points_a, points_b, bidder, count), ...]`` for each team to deal."""
    return HandOutcomes(
        tuple(np.array([o[:2] for o in rows]) for rows in per_team),
        tuple(np.array([o[2] for o in rows]) for rows in per_team),
        tuple(np.array([o[3] for o in rows]) for rows in per_team),
    )


def test_a_race_to_three_matches_the_negative_binomial():
    # each hand team A scores a point with probability 0.6, else team B does
    race = [(1, 0, 0, 6), (0, 1, 1, 4)]
    table = equity_table(outcomes([race, race]), target=3, floor=0)
    exact = 0.6**3 * (1 + 3 * 0.4 + 6 * 0.4**2)
    assert table.p_win(0, 0, 0) == pytest.approx(exact, abs=1e-10)
    assert table.p_win(2, 2, 1) == pytest.approx(0.6, abs=1e-10)


def test_who_deals_matters_and_recursion_agrees():
    # the dealing team is stronger: it scores 2 with weight 5, the other side 1 with weight 3;
    # a thrown-in hand (0, 0) with weight 2 passes the deal on
    deal_a = [(2, 0, 0, 5), (0, 1, 1, 3), (0, 0, -1, 2)]
    deal_b = [(0, 2, 1, 5), (1, 0, 0, 3), (0, 0, -1, 2)]
    table = equity_table(outcomes([deal_a, deal_b]), target=7, floor=0)

    @cache
    def p(a, b, team):
        if a >= 7:
            return 1.0
        if b >= 7:
            return 0.0
        rows = deal_a if team == 0 else deal_b
        total = sum(r[3] for r in rows)
        moving = [(r, r[3] / total) for r in rows if r[:2] != (0, 0)]
        stay = sum(r[3] for r in rows if r[:2] == (0, 0)) / total
        # a thrown-in hand hands the deal over: solve the two-state loop exactly
        other = 1 - team
        other_rows = deal_a if other == 0 else deal_b
        other_total = sum(r[3] for r in other_rows)
        other_stay = sum(r[3] for r in other_rows if r[:2] == (0, 0)) / other_total
        move_here = sum(w * p(a + r[0], b + r[1], other) for r, w in moving)
        move_there = sum(
            r[3] / other_total * p(a + r[0], b + r[1], team) for r in other_rows if r[:2] != (0, 0)
        )
        return (move_here + stay * move_there) / (1 - stay * other_stay)

    for a in range(7):
        for b in range(7):
            for team in (0, 1):
                assert table.p_win(a, b, team) == pytest.approx(p(a, b, team), abs=1e-9)


def test_scores_that_go_down_agree_with_a_linear_solve():
    # bids can fail: a set bidder loses 2, the defenders take 1; six-handed style both-reach
    # outcomes let the bidding team win
    hands = [(1, 0, 0, 4), (-2, 1, 0, 2), (0, 1, 1, 3), (1, -2, 1, 1), (2, 2, 0, 1)]
    target, floor = 4, -6
    table = equity_table(outcomes([hands, hands]), target=target, floor=floor)
    size = target - floor
    index = {
        (a, b, t): (t * size + (a - floor)) * size + (b - floor)
        for a in range(floor, target)
        for b in range(floor, target)
        for t in (0, 1)
    }
    matrix = np.eye(len(index))
    rhs = np.zeros(len(index))
    total = sum(h[3] for h in hands)
    for (a, b, t), row in index.items():
        for gain_a, gain_b, bidder, count in hands:
            p = count / total
            na, nb = a + gain_a, b + gain_b
            if na >= target and (nb < target or bidder == 0):
                rhs[row] += p
            elif nb >= target:
                pass
            else:
                matrix[row, index[(max(na, floor), max(nb, floor), 1 - t)]] -= p
    exact = np.linalg.solve(matrix, rhs)
    for (a, b, t), row in index.items():
        assert table.p_win(a, b, t) == pytest.approx(exact[row], abs=1e-9)


def test_equity_rises_with_our_score_and_falls_with_theirs():
    hands = [(1, 0, 0, 5), (-2, 1, 0, 2), (0, 1, 1, 4), (0, -2, 1, 2)]
    table = equity_table(outcomes([hands, hands]), target=10, floor=-10)
    assert (np.diff(table.win, axis=1) >= -1e-12).all()
    assert (np.diff(table.win, axis=2) <= 1e-12).all()
    assert table.residual <= 1e-12


# --------------------------------------------------------------------------- from the game simulator

BALANCED = BUILT_INS["balanced"]


@pytest.mark.parametrize(
    "variant, hands, start, games",
    [
        ("euchre", 20_000, (6, 8), 2000),
        ("euchre", 20_000, (9, 9), 2000),
        ("pigs-and-hogs", 20_000, (44, 30), 1200),
    ],
)
def test_the_table_agrees_with_games_played_from_that_score(variant, hands, start, games):
    table = build_equity(variant, BALANCED, BALANCED, hands, seed=3)
    played = play_games(variant, BALANCED, BALANCED, games, seed=8, start_scores=start)
    seats = 4 if variant == "euchre" else 6
    first_dealer_team = (np.arange(games) % seats) & 1  # game g is first dealt by seat g mod N
    for team in (0, 1):
        won = played.winner[first_dealer_team == team] == 0
        expected = table.p_win(*start, team)
        spread = np.sqrt(expected * (1 - expected) / won.size + 0.01**2)  # games, plus the table's own error
        assert abs(won.mean() - expected) < 4 * spread, (team, won.mean(), expected)


def test_sampled_hands_score_by_the_rules_and_rotate_the_deal():
    sample = sample_hands("pigs-and-hogs", BALANCED, BALANCED, 600, seed=2)
    assert (sample.dealer == np.arange(600) % 6).all()
    # only one team gains in a Pigs-and-Hogs hand: the other scores 0 or the bidder loses
    gains = sample.points.clip(min=0)
    assert ((gains[:, 0] == 0) | (gains[:, 1] == 0)).all()
    assert set(np.unique(sample.bidder_team)) <= {-1, 0, 1}


def test_the_team_at_the_target_has_won_and_score_terms_do_not_act_at_0_0():
    table = build_equity("euchre", BALANCED, BALANCED, 4000, seed=1)
    with pytest.raises(ValueError, match="the game ends at 10"):
        table.p_win(10, 3, 0)
    # every hand is bid as at 0-0, where a strategy's score terms change no threshold
    following = replace(BALANCED, name="following", endgame_shift=0.3, equity_weight=1.0)
    same = build_equity("euchre", following, following, 4000, seed=1)
    assert np.array_equal(same.win, table.win)


def test_a_table_survives_its_csv_layout():
    table = build_equity("euchre", BALANCED, BALANCED, 4000, seed=1)
    again = EquityTable.from_frame(table.to_frame(), table.target)
    assert np.allclose(again.win, table.win, atol=1e-6)
    assert again.p_win(9, 9, 1) == pytest.approx(table.p_win(9, 9, 1), abs=1e-6)


@pytest.mark.parametrize("variant", ["pigs-and-hogs", "six-handed", "euchre", "piq"])
def test_the_shipped_tables_cover_every_score_and_rise_with_our_score(variant):
    from euchre_mc.simulate.games.shipped_equity import load_equity, shipped_path
    from euchre_mc.simulate.rules.variants import as_variant

    table = load_equity(variant)
    assert table is not None and table.target == as_variant(variant).target
    first = shipped_path(variant).read_text().splitlines()[0]
    assert first.startswith(f"# match equity of {as_variant(variant)}: team A fitted against team B fitted")
    assert "400,000 sampled hands, seed 1, heuristic play" in first
    assert (np.diff(table.win, axis=1) >= -1e-6).all()  # more points for A: A wins no less often
    assert (np.diff(table.win, axis=2) <= 1e-6).all()
    # both teams play the same strategy: A's chance is one minus B's with the scores swapped
    assert np.allclose(table.win[0], 1 - table.win[1].T, atol=1e-6)
    assert load_equity(f"{as_variant(variant).name}(target=7)") is None  # other options ship no table


def test_an_analysis_reads_the_shipped_table_only_for_the_strategy_it_was_built_with(monkeypatch):
    from euchre_mc.simulate.bidding.strategy import load_strategy
    from euchre_mc.simulate.bidding.table_model import table_model
    from euchre_mc.simulate.games import equity

    monkeypatch.setattr(equity, "_built", lambda variant, strategy: f"built for {strategy.name}")
    shipped, line = equity.equity_for("euchre")  # no table model: the shipped (fitted) one
    assert isinstance(shipped, EquityTable) and line.startswith("shipped table: ")
    assert "--strategy fitted" in line
    assert equity.equity_for("euchre", table_model("fitted", "euchre"))[0] is not None
    assert equity.equity_for("euchre", table_model("fitted", "euchre"))[1].startswith("shipped")
    # a strategy of the same name but other thresholds (a user's own fit) gets its own table
    other = replace(load_strategy("fitted", "euchre").with_param("alone_threshold", 0.9), name="fitted")
    assert equity.equity_for("euchre", table_model(other, "euchre"))[0] == "built for fitted"
    assert equity.equity_for("euchre", table_model("balanced", "euchre"))[0] == "built for balanced"
