"""Options valued after the rest of the table bids: the analyser's vectorised continuation
and plays against a slow, obvious replay of every deal (the games' own per-deal auction,
the stated exchanges, an exact solve, the scoring table)."""

import numpy as np
import pytest

from euchre_mc.simulate.analysis import deal_sources
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.bidding.table_model import decide_bids, run_auction
from euchre_mc.simulate.games.equity import equity_for
from euchre_mc.simulate.play.solve import solve_many
from euchre_mc.simulate.rules.contracts import PASS
from euchre_mc.simulate.rules.exchange import (
    apply_exchange,
    dealer_pickup,
    sitting_out_mask,
    void_first_discards,
)
from euchre_mc.simulate.rules.scoring import score
from euchre_mc.simulate.rules.variants import ORDER_UP


def replayed(result, option):
    """Per deal: (our team's points minus theirs, the final bidder) after ``option``."""
    question = result.question
    variant, seat, dealer = question.variant, question.seat, question.dealer
    deals = deal_sources.DealSource(question)(0, result.settings.deals)
    count = deals.shape[0]
    upcards = np.full(count, -1 if question.upcard is None else question.upcard)
    wish_for, estimate_of = decide_bids(
        variant, question.table.teams, deals, upcards, np.full(count, dealer), np.zeros((count, 2), np.int64)
    )
    nets, bidders = [], []
    for d in range(count):
        given = list(question.bids) + [option]
        turn = [0]

        def wish(bidding_seat, round_one, context, d=d, given=given, turn=turn):
            turn[0] += 1
            if turn[0] <= len(given):
                bid = given[turn[0] - 1]
                return None if bid == PASS else bid
            return wish_for(d)(bidding_seat, round_one, context)

        _, won = run_auction(variant, dealer, question.upcard, wish, estimate_of(d))
        if won is None:
            nets.append(0)
            bidders.append(-1)
            continue
        bidder, contract = won
        table = deals[d : d + 1]
        if contract.exchange:
            discards = void_first_discards(int(table[0, bidder]), contract.denom, 2)
            table = apply_exchange(table, contract.denom, bidder, discards)
        elif contract.kind == ORDER_UP:
            table = dealer_pickup(table, dealer, question.upcard, contract.denom)
        active = sitting_out_mask(variant, contract, bidder)
        table = np.array([[h if active >> s & 1 else 0 for s, h in enumerate(table[0])]], np.uint64)
        tricks = int(solve_many(table, contract.denom, bidder, variant.leader(dealer, bidder), active)[0])
        bidding, defending = score(variant, contract, tricks)
        ours = (bidder & 1) == (seat & 1)
        nets.append(bidding - defending if ours else defending - bidding)
        bidders.append(bidder)
    return np.array(nets), np.array(bidders)


@pytest.mark.parametrize(
    "question",
    [
        # a classic round-1 decision where passing is worth more than ordering up
        dict(variant="euchre", hand="JD AH KH 9C TS", upcard="9H", seat=0, dealer=3),
        # round 2 after everyone passed: the other seats' calls follow a pass
        dict(
            variant="euchre(stick_the_dealer=true)",
            hand="JS AS KC QC 9D",
            upcard="9H",
            seat=1,
            dealer=3,
            auction="pass, pass, pass, pass, pass",
        ),
        # Pigs and Hogs: later seats overcall a low bid
        dict(
            variant="pigs-and-hogs",
            hand="JH JH AH KH QH 9C AS AD",
            seat=0,
            dealer=5,
            contracts="3 Hearts, 5 Hearts, 7 Hearts",
        ),
    ],
    ids=["euchre-round-1", "euchre-round-2-stuck", "pigs-overcall"],
)
def test_every_option_equals_a_replay_of_every_deal(question):
    deals = 120 if question["variant"] == "pigs-and-hogs" else 400
    result = analyse_hand(**question, deals=deals, inference="none")
    assert result.options, "a table model values every option"
    for option in result.options:
        nets, bidders = replayed(result, option.bid)
        assert option.ev_net == pytest.approx(nets.mean(), abs=1e-12), option.bid
        ours = (bidders >= 0) & ((bidders & 1) == (question["seat"] & 1))
        assert option.p_we_play == pytest.approx(ours.mean(), abs=1e-12)
        if option.bid != PASS:
            assert option.p_overcalled == pytest.approx((bidders != question["seat"]).mean(), abs=1e-12)


def test_a_pass_is_what_the_others_make_of_it_and_none_keeps_it_at_zero():
    question = dict(variant="euchre", hand="JD AH KH 9C TS", upcard="9H", seat=0, dealer=3, deals=600)
    with_table = analyse_hand(**question)
    passing = next(option for option in with_table.options if option.bid == PASS)
    # the opponents mostly take the contract, and defending this hand is worth points
    assert passing.p_we_play < 0.5 and passing.ev_net > 0.2
    assert passing.outcomes[0][0].startswith(("seat 2:", "seat 4:"))
    plain = analyse_hand(**question, table="none")
    assert plain.options == () and plain.table is None
    assert str(plain.advice.bid) == "order up"


def test_a_low_bid_is_overcalled_and_the_highest_is_not():
    result = analyse_hand(
        "pigs-and-hogs", "JH JH AH KH QH 9C AS AD", dealer=5, contracts="1 Hearts, 8 Hearts", deals=80
    )
    low, high = (next(o for o in result.options if str(o.bid) == name) for name in ("1 Hearts", "8 Hearts"))
    assert low.p_overcalled > 0.5
    assert high.p_overcalled < low.p_overcalled


def test_with_a_score_the_advice_is_by_the_chance_of_winning_the_game():
    question = dict(variant="euchre", hand="JD AH KH 9C TS", upcard="9H", seat=0, dealer=3, deals=400)
    result = analyse_hand(**question, score=(9, 9))
    table, _ = equity_for("euchre", result.question.table)
    assert result.table.p_win_now == pytest.approx(table.p_win(9, 9, 1))  # the other team deals
    for option in result.options:
        assert 0 <= option.p_win <= 1
        assert option.delta_p_win == pytest.approx(option.p_win - result.table.p_win_now)
    best = max(result.options, key=lambda option: option.p_win)
    assert result.advice.bid == best.bid and result.advice.by == "p_win"
    with pytest.raises(ValueError, match="score 12-3: each team's points must lie"):
        analyse_hand(**question, score=(12, 3))


def test_inference_keeps_only_deals_the_earlier_bids_explain():
    result = analyse_hand(
        "euchre",
        "JD AH KH 9C TS",
        upcard="9H",
        seat=3,
        dealer=3,
        auction="pass, pass, pass",
        contracts="order up",
        deals=300,
    )
    assert result.table.inference == "exact"
    assert 0 < result.table.acceptance < 1
    assert result.settings.deals == 300
    assert result.table.dealt > 300
