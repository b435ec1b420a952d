"""The hand analyser against answers known exactly: sure sweeps, hopeless contracts,
probabilities worked out by combinatorics, the upcard's place, discard searches, scoring
from the distribution, reproducibility, --precision and the bid advice.
"""

import numba
import numpy as np
import pytest

from euchre_mc.simulate import analyse_hand
from euchre_mc.simulate.analysis.deal_sources import SEARCH_FIRST_INDEX
from euchre_mc.simulate.analysis.verdicts import bid_verdict, should_i_bid
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.play.solve import solve_many
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.contracts import parse_contract
from euchre_mc.simulate.rules.exchange import apply_exchange
from euchre_mc.simulate.rules.scoring import score
from euchre_mc.simulate.rules.variants import RulesError
from euchre_mc.simulate.stats import wilson_interval

HEARTS = 2
EIGHT_TOP_TRUMPS = "JH JH JD JD AH AH KH KH"
LOW_NINES_AND_TENS = "9S 9S TS TS 9D 9D TD TD"  # top of Spades and Diamonds in Low No Trump


def sized(n: int) -> int:
    """``n`` deals when compiled; a tenth (at least 20) under NUMBA_DISABLE_JIT=1, where the
    solver runs as plain Python.  Every assertion below holds for any number of deals."""
    return max(20, n // 10) if numba.config.DISABLE_JIT else n


def mask(text: str) -> int:
    return faces_to_mask(parse_cards(text))


def copies(hand_mask, card: str) -> int:
    """How many copies of ``card`` a face-space hand holds."""
    return (int(hand_mask) >> (2 * parse_card(card)) & 3).bit_count()


def holds(hand_mask, card: str) -> bool:
    return copies(hand_mask, card) > 0


def test_hog_with_the_eight_top_trumps_is_a_sure_sweep():
    n = sized(100)
    result = analyse_hand("pigs-and-hogs", EIGHT_TOP_TRUMPS, contracts="Hog Hearts, 8 Hearts", deals=n)
    hog, eight = result.estimate("Hog Hearts"), result.estimate("8 Hearts")
    assert hog.p_make == 1.0 and hog.tricks[8] == 1.0
    assert hog.ci_high == 1.0 and hog.ci_low == pytest.approx(float(wilson_interval(n, n)[0]))
    assert hog.ev == 24.0 and hog.ev_net == 24.0
    assert eight.p_make == 1.0 and eight.ev == 8.0 and eight.ev_net == 8.0


def test_hog_in_a_suit_you_cannot_lead_from_the_top_is_hopeless():
    # Leading any card, an opponent holds a higher card of its suit or a trump: the
    # two sitting-out partners hold only 16 of the 20+ cards that would have to be away.
    result = analyse_hand(
        "pigs-and-hogs",
        LOW_NINES_AND_TENS,
        contracts="Hog Clubs, Hog Hearts, Hog Low No Trump",
        deals=sized(60),
    )
    for contract in ("Hog Clubs", "Hog Hearts"):
        row = result.estimate(contract)
        assert row.p_make == 0.0 and row.ci_low == 0.0 and row.tricks[8] == 0.0
        # a failed Hog: -24 for the bidders, 8 - t for the defenders, who take at least one
        assert row.ev == -24.0 and row.ev_defenders >= 1.0
        assert row.ev_net == pytest.approx(-24.0 - row.ev_defenders)
    assert result.estimate("Hog Low No Trump").p_make == 1.0


def test_hog_sweeps_exactly_when_both_other_aces_of_spades_sit_out():
    # Seven top trumps draw every trump; the king of spades then loses only to an ace of
    # spades held by an opponent.  Partners hold 16 of the 40 unseen cards, so
    # P(sweep) = 16/40 * 15/39 = 2/13, and a failed Hog takes exactly 7 tricks.
    hand = "JH JH JD JD AH AH KH KS"
    n = sized(600)
    result = analyse_hand("pigs-and-hogs", hand, contracts="Hog Hearts", deals=n, seed=11)
    deals = deal_unseen("pigs-and-hogs", {0: mask(hand)}, seed=11, first_index=0, count=n)
    partners_hold_both = np.array([copies(d[2], "AS") + copies(d[4], "AS") == 2 for d in deals])
    tricks = result.deal_tricks[result.estimate("Hog Hearts").contract]
    assert np.array_equal(tricks == 8, partners_hold_both)
    assert set(np.unique(tricks)) <= {7, 8}
    row = result.estimate("Hog Hearts")
    assert abs(row.p_make - 2 / 13) < 4 * np.sqrt(2 / 13 * 11 / 13 / n)
    assert row.ev_net == pytest.approx(24 * row.p_make - 25 * (1 - row.p_make))


def test_classic_march_depends_only_on_where_the_ace_of_spades_lies():
    # Call Hearts alone holding the four top trumps and KS, upcard 9C turned down: the
    # trumps are drawn, then KS wins unless an opponent holds AS.  The opponents hold 10
    # of the 18 unseen cards: P(march) = 8/18 = 4/9, and the bidder always takes 4.
    n = sized(900)
    result = analyse_hand(
        "euchre",
        "JH JD AH KH KS",
        seat=0,
        dealer=3,
        upcard="9C",
        round_=2,
        contracts="call Hearts alone",
        deals=n,
        seed=5,
    )
    deals = deal_unseen("euchre", {0: mask("JH JD AH KH KS")}, out_of_play=mask("9C"), seed=5, count=n)
    opponents_hold_ace = np.array([holds(d[1], "AS") or holds(d[3], "AS") for d in deals])
    tricks = result.deal_tricks[result.estimate("call Hearts alone").contract]
    assert np.array_equal(tricks == 5, ~opponents_hold_ace)
    assert set(np.unique(tricks)) <= {4, 5}
    row = result.estimate("call Hearts alone")
    assert row.p_make == 1.0 and row.p_euchred == 0.0
    assert abs(row.p_march - 4 / 9) < 4 * np.sqrt(4 / 9 * 5 / 9 / n)
    assert row.ev == pytest.approx(4 * row.p_march + 1 * (1 - row.p_march))


def test_a_turned_down_upcard_is_out_of_play():
    # The same hand with AS turned down: nobody can hold it, so KS is the top spade.
    result = analyse_hand(
        "euchre",
        "JH JD AH KH KS",
        dealer=3,
        upcard="AS",
        round_=2,
        contracts="call Hearts alone",
        deals=sized(200),
    )
    assert result.estimate("call Hearts alone").p_march == 1.0


def test_a_picked_up_upcard_sits_in_the_dealers_hand():
    # Ordering up JH: with the partner dealing, the team holds the six top trumps and
    # marches every time; with an opponent dealing, the opponent's right bower always
    # takes a trick and the bidder's five trumps always take the other four.
    hand = "JD AH KH QH TH"
    options = dict(seat=0, upcard="JH", contracts="order up", deals=sized(150))
    partner_deals = analyse_hand("euchre", hand, dealer=2, **options)
    opponent_deals = analyse_hand("euchre", hand, dealer=3, **options)
    assert partner_deals.estimate("order up").p_march == 1.0
    assert partner_deals.estimate("order up").discards == "dealer's policy"
    row = opponent_deals.estimate("order up")
    assert row.p_march == 0.0 and row.p_make == 1.0 and row.tricks[4] == 1.0


def test_an_analysed_dealer_searches_its_discard_among_six():
    result = analyse_hand(
        "euchre",
        "AH KH QH TH 9C",
        seat=3,
        dealer=3,
        upcard="JH",
        contracts="order up, order up alone",
        deals=sized(150),
    )
    assert result.estimate("order up").discards == "9C"
    search = result.discard_search[result.estimate("order up").contract]
    assert len(search) == 6 and search[0].discards == "9C"
    assert search[0].ev_net == max(option.ev_net for option in search)


def test_pig_search_keeps_the_top_trumps_and_replays_the_choice_on_fresh_deals():
    hand = "JH JH JD JD AH AH 9C 9S"
    n = sized(150)
    result = analyse_hand("pigs-and-hogs", hand, contracts="Pig Hearts", deals=n, seed=3)
    search = result.discard_search[result.estimate("Pig Hearts").contract]
    assert len(search) == 3 and search[0].discards == "9C 9S"
    p_make = [option.p_make for option in search]
    assert p_make == sorted(p_make, reverse=True)
    assert result.settings.search_first_index == SEARCH_FIRST_INDEX
    row = result.estimate("Pig Hearts")
    assert row.discards == "9C 9S" and row.deals == n
    # the reported figure is the chosen pair replayed on the main deals 0..n-1
    deals = deal_unseen("pigs-and-hogs", {0: mask(hand)}, seed=3, first_index=0, count=n)
    exchanged = apply_exchange(deals, HEARTS, 0, mask("9C 9S"))
    exchanged[:, [2, 4]] = 0  # the partners sit out after giving
    swept = solve_many(exchanged, HEARTS, 0, 0, 0b101011, target=8)
    assert row.p_make == pytest.approx(float(np.mean(swept)))


def test_levels_share_one_distribution_and_each_level_scores_it_with_the_table():
    result = analyse_hand(
        "six-handed",
        "JH JD AH KH 9S AC KC QD",
        contracts="1 Hearts, 4 Hearts, 6 Hearts, 8 Hearts",
        deals=400,
        play="random",
    )
    arrays = [result.deal_tricks[c] for c in result.contracts]
    assert all(np.array_equal(arrays[0], other) for other in arrays[1:])
    for row in result.estimates:
        contract = row.contract
        assert contract == parse_contract(str(contract), "six-handed")
        points = np.array([score("six-handed", contract, t) for t in range(9)])
        distribution = np.array(row.tricks)
        assert distribution.sum() == pytest.approx(1.0)
        assert row.p_make == pytest.approx(distribution[contract.level :].sum())
        assert row.ev == pytest.approx(distribution @ points[:, 0])
        assert row.ev_net == pytest.approx(distribution @ (points[:, 0] - points[:, 1]))
        low, high = wilson_interval(round(row.p_make * row.deals), row.deals)
        assert (row.ci_low, row.ci_high) == pytest.approx((float(low), float(high)))


def test_the_same_seed_gives_the_same_numbers_and_another_seed_other_numbers():
    options = dict(contracts="3 Hearts, Alone Hearts", deals=300, play="random")
    first = analyse_hand("six-handed", "JH JD AH KH 9S AC KC QD", seed=7, **options)
    again = analyse_hand("six-handed", "JH JD AH KH 9S AC KC QD", seed=7, **options)
    other = analyse_hand("six-handed", "JH JD AH KH 9S AC KC QD", seed=8, **options)
    assert first == again and first.to_frame().equals(again.to_frame())
    assert not np.array_equal(
        first.deal_tricks[first.estimate("3 Hearts").contract],
        other.deal_tricks[other.estimate("3 Hearts").contract],
    )
    assert first.settings.seed == 7


def test_precision_deals_until_every_interval_is_narrow_enough():
    options = dict(contracts="3 Hearts, 5 Hearts", play="random", seed=2)
    result = analyse_hand("six-handed", "JH JD AH KH 9S AC KC QD", precision=0.03, deals=200, **options)
    frame = result.to_frame()
    half_widths = (frame["ci_high"] - frame["ci_low"]) / 2
    assert result.settings.deals > 200 and (frame["deals"] == result.settings.deals).all()
    assert (half_widths < 0.03).all() and result.settings.precision_met is True
    capped = analyse_hand(
        "six-handed", "JH JD AH KH 9S AC KC QD", precision=0.01, deals=200, max_deals=300, **options
    )
    assert capped.settings.deals == 300 and capped.settings.precision_met is False
    # the wider run's intervals are narrower than the first batch alone would give
    first_batch = analyse_hand("six-handed", "JH JD AH KH 9S AC KC QD", deals=200, **options).to_frame()
    assert ((frame["ci_high"] - frame["ci_low"]) < (first_batch["ci_high"] - first_batch["ci_low"])).all()


def test_advice_is_the_legal_bid_with_the_best_net_expectation():
    result = analyse_hand(
        "pigs-and-hogs",
        LOW_NINES_AND_TENS,
        contracts="Hog Low No Trump, 8 Low No Trump, Hog Clubs",
        deals=sized(60),
    )
    advice = result.advice
    assert str(advice.bid) == "Hog Low No Trump" and advice.ev_net == 24.0
    assert str(advice.runner_up) == "8 Low No Trump" and advice.margin == 16.0
    assert advice.margin_ci == 0.0  # the same on every deal: +24 against +8


def test_bids_that_score_alike_on_every_deal_are_equivalent_and_the_highest_is_advised():
    # a sure sweep in Low No Trump: every level makes all eight tricks and scores +8
    result = analyse_hand(
        "pigs-and-hogs",
        LOW_NINES_AND_TENS,
        contracts="1 Low No Trump, 8 Low No Trump, 5 Low No Trump",
        table="none",  # the rule for contracts that score alike (a table model may outbid 1 and 5)
        deals=sized(30),
    )
    advice = result.advice
    assert str(advice.bid) == "8 Low No Trump" and advice.ev_net == 8.0
    assert [str(bid) for bid in advice.equivalent] == ["1 Low No Trump", "5 Low No Trump"]
    assert advice.runner_up == "pass" and advice.margin == 8.0


def test_after_a_hog_bid_nothing_is_legal_but_passing():
    result = analyse_hand(
        "pigs-and-hogs",
        LOW_NINES_AND_TENS,
        seat=1,
        auction="Hog Clubs",
        contracts="Hog Low No Trump",
        deals=sized(40),
    )
    assert not result.estimate("Hog Low No Trump").legal
    assert result.advice.bid == "pass"
    assert result.settings.auction == "Hog Clubs" and result.settings.auction_assumed is False


def test_a_stuck_dealer_is_advised_a_bid_even_when_every_bid_loses():
    result = analyse_hand(
        "pigs-and-hogs",
        LOW_NINES_AND_TENS,
        seat=5,
        dealer=5,
        contracts="Hog Clubs, Hog Hearts",
        deals=sized(40),
    )
    assert result.settings.auction == "pass, pass, pass, pass, pass"
    assert result.advice.may_pass is False
    assert str(result.advice.bid) in ("Hog Clubs", "Hog Hearts") and result.advice.ev_net < 0


def test_classic_analysis_offers_both_rounds_but_only_round_one_is_legal_first():
    result = analyse_hand("euchre", "JH JD AH KH KS", upcard="9C", deals=100, play="random")
    legal = {str(row.contract): row.legal for row in result.estimates}
    assert legal["order up"] and legal["order up alone"]
    assert not legal["call Hearts"] and "call Clubs" not in legal
    frame = result.to_frame()
    assert {"p_march", "p_euchred"} <= set(frame.columns)
    assert np.allclose(frame["p_euchred"], 1 - frame["p_make"])


def test_should_i_bid_says_yes_to_the_best_bid_and_no_to_a_losing_one():
    verdict = should_i_bid("Hog Low No Trump", "pigs-and-hogs", LOW_NINES_AND_TENS, deals=40, play="random")
    assert verdict.verdict == "yes" and verdict.p_make == 1.0 and verdict.ev_net == 24.0
    assert verdict.best_alternative is not None and verdict.margin > 0
    result = analyse_hand(
        "pigs-and-hogs", LOW_NINES_AND_TENS, contracts="Hog Clubs, Hog Low No Trump", deals=sized(40)
    )
    no = bid_verdict(result, "Hog Clubs")
    assert no.verdict == "no" and str(no.best_alternative) == "Hog Low No Trump"
    assert "Hog Low No Trump" in no.reason


def test_should_i_bid_rejects_a_bid_the_auction_does_not_allow():
    with pytest.raises(RulesError, match="not legal"):
        should_i_bid("3 Hearts", "pigs-and-hogs", LOW_NINES_AND_TENS, seat=1, auction="5 Clubs", deals=10)


@pytest.mark.parametrize(
    "options,message",
    [
        (dict(hand="JH JH"), "has 2 cards"),
        (dict(contracts="9 Hearts"), "levels are 1 to 8"),
        (dict(contracts="Alone Hearts"), "no Alone"),
        (dict(seat=6), "seat index 6"),
        (dict(auction="5 Hearts, 3 Clubs", seat=2), "bids must rise"),
        (dict(auction="pass", seat=3), "leaves seat 2 to bid"),
        (dict(deals=0), "deals 0"),
        (dict(upcard="9S"), "no upcard"),
        (dict(progress=True), "progress True: give a function progress"),
    ],
)
def test_bad_questions_name_the_bad_value(options, message):
    arguments = dict(variant="pigs-and-hogs", hand=EIGHT_TOP_TRUMPS, deals=10)
    arguments.update(options)
    with pytest.raises(ValueError, match=message):
        analyse_hand(**arguments)


def test_an_upcard_in_the_hand_is_rejected():
    with pytest.raises(ValueError, match="upcard JH is also in the hand"):
        analyse_hand("euchre", "JH JD AH KH KS", upcard="JH", deals=10)


def test_progress_hears_of_every_play_and_the_library_prints_nothing(capsys):
    # the library only calls progress(done, total); the one bar is the command line's
    seen = []
    analyse_hand(
        "euchre",
        "JH JD AH KH KS",
        upcard="9C",
        contracts="order up",
        deals=20,
        table="none",
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (20, 20)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_progress_counts_deals_however_many_layouts_each_deal_is_played_under():
    # the bar's unit is the deal the user asked for, not one play of one layout
    seen = []
    analyse_hand(
        "pigs-and-hogs",
        "JH JH JD AH KH QH 9S AC",
        contracts="4 Hearts, Pig Hearts, Hog Hearts",
        deals=20,
        play="heuristic",
        table="none",
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (20, 20)
    assert {total for _, total in seen} == {20}
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.parametrize(
    "variant,hand,options,exact_layouts",
    [
        ("euchre", "JD AH KH 9C TS", dict(upcard="9H", contracts="order up, order up alone"), 2),
        ("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", dict(contracts="4 Hearts, Pig Hearts, Hog Hearts"), 1),
    ],
)
def test_the_bar_keeps_a_share_for_the_options_after_the_tables_bids(variant, hand, options, exact_layouts):
    # the options are valued after the main deals: the bar keeps their share (the valued
    # deals over the exact layouts a main deal plays), so it is not full while they run
    seen = []
    analyse_hand(
        variant,
        hand,
        deals=40,
        play="heuristic",
        progress=lambda done, total: seen.append((done, total)),
        **options,
    )
    reserve = -(-40 // exact_layouts)
    assert {total for _, total in seen} == {40 + reserve}
    assert (40, 40 + reserve) in seen  # the main deals, one a deal
    assert seen[-1] == (40 + reserve, 40 + reserve)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


# --------------------------------------------------------------------------- interruption


def test_interrupted_analysis_reports_on_the_finished_deals(interrupt_after_first_step):
    whole = analyse_hand("euchre", "JH JD AH 9C TS", upcard="9H", deals=100, play="heuristic")
    interrupt_after_first_step(100)
    cut = analyse_hand("euchre", "JH JD AH 9C TS", upcard="9H", deals=300, play="heuristic")
    assert cut.settings.interrupted and cut.settings.deals == 100
    assert not whole.settings.interrupted
    assert [row.p_make for row in cut.estimates] == [row.p_make for row in whole.estimates]


def test_interruption_before_any_finished_step_stops_the_run(monkeypatch):
    from euchre_mc.simulate.analysis import runner

    def stop(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "play_layouts", stop)
    with pytest.raises(KeyboardInterrupt):
        analyse_hand("euchre", "JH JD AH 9C TS", upcard="9H", deals=50, play="heuristic")


@pytest.mark.parametrize(
    "variant,hand,options",
    [
        ("pigs-and-hogs", "JH JH JD AH AH KH QS 9C", dict(contracts="Pig Hearts, 5 Hearts")),
        ("euchre", "JH JD AH 9S TC", dict(upcard="KH", seat=3)),
    ],
)
def test_the_checked_question_is_not_checked_again_at_every_step(monkeypatch, variant, hand, options):
    # One validation edge: make_question checks the inputs once; the per-chunk steps
    # (dealing, exchanges, play, the solver) take the unchecked paths, so the checks of
    # the public wrappers are never reached.
    import euchre_mc.simulate.dealing.deal as deal_module
    import euchre_mc.simulate.play.playout as play_module
    import euchre_mc.simulate.play.solve as solve_module
    import euchre_mc.simulate.rules.exchange as exchange_module

    def checked(*_args, **_kwargs):
        raise AssertionError("a checking wrapper was called inside the analysis")

    for module, name in (
        (deal_module, "_check_run"),
        (deal_module, "_known_hands"),
        (exchange_module, "_hands_array"),
        (play_module, "_check_table"),
        (play_module, "_check_hands"),
        (solve_module, "_check_settings"),
        (solve_module, "_check_hands"),
    ):
        monkeypatch.setattr(module, name, checked)
    analyse_hand(variant, hand, deals=60, **options)  # raises if a step checks again
