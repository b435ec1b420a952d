"""Soft inference (``--inference soft``): the weights are the stated
logistic likelihood, the effective sample size is Kish's, each deal is kept with
probability its weight and every interval comes from the deals kept, and a very steep
logistic keeps exactly the deals exact inference keeps."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.bidding.inference import (
    SOFT_PILOT_DEALS,
    deal_uniforms,
    effective_sample_size,
    sample_consistent,
    soft_reference,
)
from euchre_mc.simulate.bidding.strategy import seat_thresholds
from euchre_mc.simulate.bidding.table_model import (
    PILOT_FIRST_INDEX,
    SOFT_SCALE,
    seat_bids,
    soft_weights,
    table_model,
)
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.contracts import PASS, parse_bid
from euchre_mc.simulate.rules.variants import RulesError, Variant
from euchre_mc.simulate.stats import wilson_interval

BALANCED = table_model("balanced")
EUCHRE = Variant.parse("euchre")
MINE = "JH JD AH 9C TS"  # seat 3 (index 2); the dealer is seat 4 (index 3), the 9H turned


def _deal(first, count):
    upcard = parse_card("9H")
    known = {2: faces_to_mask(parse_cards(MINE))}
    return deal_unseen(EUCHRE, known, 1 << (2 * upcard), seed=11, first_index=first, count=count)


def test_the_weights_are_the_stated_logistic_on_fixed_deals():
    upcard = parse_card("9H")
    deals = _deal(0, 500)
    weights = soft_weights(BALANCED, EUCHRE, 3, [PASS, PASS], deals, upcard, analysed=2)
    # two passes in round 1: each of seats 1 and 2 does not order up, 1 - sigma((p - t) / s)
    estimates = seat_bids(
        EUCHRE, BALANCED.teams, deals, np.full(500, upcard), np.full(500, 3), np.zeros((500, 2))
    ).estimates
    threshold = seat_thresholds(BALANCED.teams, np.zeros((500, 2)), EUCHRE, 3)["order_up_threshold"]
    expected = np.ones(500)
    for seat in (0, 1):
        clears = 1.0 / (1.0 + np.exp(-(estimates.order[:, seat, 0] - threshold[:, seat]) / SOFT_SCALE))
        expected *= 1.0 - clears
    assert np.allclose(weights, expected, rtol=1e-12, atol=1e-15)
    assert weights.min() > 0 and weights.max() < 1


def test_the_effective_sample_size_is_kish_and_each_deal_is_kept_with_its_weight():
    upcard = parse_card("9H")
    inferred = sample_consistent(
        BALANCED, EUCHRE, 3, [PASS, PASS], _deal, 300, upcard=upcard, analysed=2, soft_scale=SOFT_SCALE
    )
    dealt = _deal(0, inferred.dealt)
    weights = soft_weights(BALANCED, EUCHRE, 3, [PASS, PASS], dealt, upcard, analysed=2)
    assert inferred.weights_ess == effective_sample_size(weights)
    assert inferred.weights_ess == weights.sum() ** 2 / (weights**2).sum()
    # some hand surely passes, so the reference is 1: kept with the weight itself
    assert inferred.soft_reference == 1.0
    kept = np.flatnonzero(deal_uniforms(dealt) < weights)
    assert (inferred.indexes == kept).all() and inferred.deals.shape[0] == 300
    assert (inferred.deals == dealt[kept]).all()
    # the kept share is about the mean weight
    assert abs(inferred.acceptance - weights.mean()) < 4 * np.sqrt(weights.mean() / inferred.dealt)


def test_the_uniforms_are_uniform_and_a_function_of_the_deal():
    deals = _deal(0, 20_000)
    u = deal_uniforms(deals)
    assert ((u >= 0) & (u < 1)).all() and abs(u.mean() - 0.5) < 0.01
    assert (np.histogram(u, bins=10, range=(0, 1))[0] > 1800).all()
    assert (deal_uniforms(_deal(5000, 10)) == u[5000:5010]).all()


def test_a_very_steep_logistic_keeps_exactly_the_deals_exact_inference_keeps():
    upcard = parse_card("9H")
    exact = sample_consistent(BALANCED, EUCHRE, 3, [PASS, PASS], _deal, 200, upcard=upcard, analysed=2)
    steep = sample_consistent(
        BALANCED, EUCHRE, 3, [PASS, PASS], _deal, 200, upcard=upcard, analysed=2, soft_scale=1e-12
    )
    assert (steep.indexes == exact.indexes).all() and steep.dealt == exact.dealt


def test_every_interval_of_a_soft_analysis_comes_from_the_deals_kept():
    result = analyse_hand(
        "euchre", MINE, upcard="9H", seat=2, dealer=3, auction="pass, pass", inference="soft", deals=300
    )
    table = result.table
    assert table.inference == "soft" and table.soft_scale == SOFT_SCALE and table.weights_ess > 0
    kept = result.settings.deals
    assert kept == 300 and table.acceptance == kept / table.dealt
    for estimate in result.estimates:
        made = round(estimate.p_make * kept)
        low, high = wilson_interval(made, kept)
        assert estimate.deals == kept and (estimate.ci_low, estimate.ci_high) == (float(low), float(high))
    exact = analyse_hand(
        "euchre", MINE, upcard="9H", seat=2, dealer=3, auction="pass, pass", inference="exact", deals=300
    )
    assert exact.table.weights_ess is None and exact.table.soft_scale is None


def test_the_cli_takes_inference_soft_and_reports_the_effective_sample():
    arguments = ["analyse", "--variant", "euchre", "--hand", MINE, "--upcard", "9H", "--seat", "3"]
    arguments += [
        "--auction",
        "pass, pass",
        "--inference",
        "soft",
        "--deals",
        "200",
        "--contracts",
        "order up",
    ]
    text = CliRunner().invoke(main, arguments)
    assert text.exit_code == 0, text.output
    words = " ".join(text.stdout.split())  # long lines wrap
    assert "soft inference (logistic width 0.05)" in words and "Kish ESS" in words
    data = json.loads(CliRunner().invoke(main, [*arguments, "--json"]).stdout)
    assert data["table"]["inference"] == "soft" and data["table"]["weights_ess"] > 0
    bad = CliRunner().invoke(main, [*arguments[:-4], "--inference", "fuzzy"])
    assert bad.exit_code == 2 and "fuzzy" in bad.output


def test_the_deals_kept_follow_the_weighted_distribution():
    # seats 1 and 2 passed: the weights move seat 1's heart count (seat 2 passing with few
    # hearts leaves more of them to seat 1); the kept deals' mean count must match the
    # weighted mean over the deals dealt
    upcard = parse_card("9H")
    inferred = sample_consistent(
        BALANCED, EUCHRE, 3, [PASS, PASS], _deal, 3000, upcard=upcard, analysed=2, soft_scale=SOFT_SCALE
    )
    dealt = _deal(0, inferred.dealt)
    weights = soft_weights(BALANCED, EUCHRE, 3, [PASS, PASS], dealt, upcard, analysed=2)
    hearts_mask = sum(1 << (2 * f) | 1 << (2 * f + 1) for f in range(24) if f // 6 == upcard // 6)

    def hearts(hands):
        return np.array([bin(int(h) & hearts_mask).count("1") for h in hands], float)

    every = hearts(dealt[:, 0])
    weighted = float(np.sum(weights * every) / np.sum(weights))
    kept = hearts(inferred.deals[:, 0])
    assert abs(kept.mean() - weighted) < 4 * kept.std() / np.sqrt(kept.size)
    assert abs(weighted - every.mean()) > 0.03  # the passes say something


def test_an_auction_unlikely_from_every_hand_keeps_its_likeliest_deals():
    # every hand clears 0.65 for some level, so the fitted table never passes first in
    # Pigs and Hogs: exact inference keeps nothing, and the soft likelihood of seat 1's
    # pass is below 1e-4 on every deal.  Kept against a reference that no deal dealt
    # passes (not against 1), the deals still follow the weighted distribution.
    variant = Variant.parse("pigs-and-hogs")
    fitted = table_model("fitted", variant)
    mine = faces_to_mask(parse_cards("JH JH JD AH KH QH 9S AC"))

    def deal(first, count):
        return deal_unseen(variant, {1: mine}, seed=3, first_index=first, count=count)

    with pytest.raises(RulesError, match=r"never bids 'pass' from seat 1 .* use soft inference"):
        sample_consistent(fitted, variant, 5, [PASS], deal, 10, cap=20_000, analysed=1)
    inferred = sample_consistent(
        fitted, variant, 5, [PASS], deal, 100, cap=400_000, analysed=1, soft_scale=SOFT_SCALE
    )
    pilot = soft_weights(fitted, variant, 5, [PASS], deal(PILOT_FIRST_INDEX, SOFT_PILOT_DEALS), analysed=1)
    first = soft_reference(fitted, variant, 5, [PASS], deal, analysed=1)
    assert first == 2 * pilot.max() < 1e-3
    assert inferred.deals.shape[0] == 100
    dealt = deal(0, inferred.dealt)
    weights = soft_weights(fitted, variant, 5, [PASS], dealt, analysed=1)
    reference = inferred.soft_reference
    # the pilot's reference, or twice a deal's dealt that passed it; no deal dealt passes it
    assert reference == first or reference in 2 * weights
    assert weights.max() <= reference < 1e-3
    kept = np.flatnonzero(deal_uniforms(dealt) * reference < weights)
    assert (inferred.indexes == kept).all()
    again = sample_consistent(
        fitted, variant, 5, [PASS], deal, 100, cap=400_000, analysed=1, soft_scale=SOFT_SCALE, batch=1000
    )
    assert (again.indexes == inferred.indexes).all() and again.soft_reference == reference  # whatever batch
    # seat 1 passed: it holds few of the cards that take tricks (its hand's top cards)
    aces_and_bowers = sum(
        1 << (2 * f) | 1 << (2 * f + 1) for f in range(24) if f % 6 in (2, 5)
    )  # the jacks and aces of every suit

    def strength(hands):
        return np.array([bin(int(h) & aces_and_bowers).count("1") for h in hands], float)

    every = strength(dealt[:, 0])
    weighted = float(np.sum(weights * every) / np.sum(weights))
    kept_strength = strength(inferred.deals[:, 0])
    assert abs(kept_strength.mean() - weighted) < 4 * kept_strength.std() / np.sqrt(kept_strength.size)
    assert weighted < every.mean() - 0.5  # the pass says the hand is weak


def test_an_unheard_seat_weighs_1_as_the_analysed_one_does():
    # a bid not known (the passes before a bid-euchre bidder's, with no auction given)
    variant = Variant.parse("pigs-and-hogs")
    fitted = table_model("fitted", variant)
    deals = deal_unseen(variant, {}, seed=5, count=500)
    bids = [PASS, parse_bid("5 Hearts", variant), PASS, PASS, PASS, PASS]
    unheard = soft_weights(fitted, variant, 5, bids, deals, unheard=(0,))
    assert (unheard == soft_weights(fitted, variant, 5, bids, deals, analysed=0)).all()
    assert (unheard != soft_weights(fitted, variant, 5, bids, deals)).any()
    reference = soft_reference(fitted, variant, 5, bids, lambda first, count: deals[:count], unheard=(0,))
    assert reference == min(1.0, 2 * unheard.max())


def test_the_report_says_what_the_likelihood_was_divided_by():
    arguments = ["analyse", "--variant", "pigs-and-hogs", "--hand", "JH JH JD AH KH QH 9S AC", "--seat", "2"]
    arguments += ["--dealer", "6", "--auction", "pass", "--contracts", "Pig Hearts", "--deals", "20"]
    exact = CliRunner().invoke(main, arguments)  # exact inference does not hear the pass
    assert exact.exit_code == 0 and "the pass of seat 1 is not heard" in " ".join(exact.stdout.split())
    data = json.loads(CliRunner().invoke(main, [*arguments, "--json"]).stdout)
    assert data["table"]["unheard_passes"] == [1]
    text = CliRunner().invoke(main, [*arguments, "--inference", "soft"])
    assert text.exit_code == 0, text.output
    words = " ".join(text.stdout.split())
    assert "likelihood over 7e-05 (no deal dealt has more: only the ratios matter)" in words
    data = json.loads(CliRunner().invoke(main, [*arguments, "--inference", "soft", "--json"]).stdout)
    assert 0 < data["table"]["soft_reference"] < 1e-4
