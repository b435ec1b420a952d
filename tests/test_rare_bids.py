"""Worlds that explain a rare bid (a loner, a Hog, a Pig): the bidder's trumps dealt on
purpose and each world weighted back to the uniform deal.  The proposal's law is the
exact hypergeometric one where nothing else is known, its draws follow it, and the
weighted draws follow the uniform deal; a loner heard holds the right bower, a Pig
bidder both (the balanced table's rule), and a heard loner leaves no world unmatched."""

import math

import numpy as np
import pytest

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.hearing import consistent_deals, hear_auction
from euchre_mc.simulate.dealing.constraints import suit_group
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.dealing.trump_proposal import TrumpProposal
from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.dd.search import dd_buffers
from euchre_mc.simulate.kernels.pimc import SeatView, best_mean_card, no_lengths
from euchre_mc.simulate.kernels.pimc_choice import BEST_ONLY, DEFAULT_LEVERS, SAME_EVERYWHERE
from euchre_mc.simulate.kernels.pimc_seat import pimc_choose
from euchre_mc.simulate.kernels.proposal import (
    deal_proposed_worlds,
    least_trumps,
    proposal_values,
    trump_strata,
)
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.contracts import parse_contract
from euchre_mc.simulate.rules.variants import as_variant

HEARTS = 2
EUCHRE = as_variant("euchre")
MINE = faces_to_mask(parse_cards("AS KS QC 9D TD"))
UPCARD = parse_card("9H")


def _loner_view(auction):
    """Seat 1 on lead against seat 2, who ordered the 9H up alone (the dealer, seat 4,
    sits out): what best-card's worlds know (0-based seats); ``auction`` None: not heard."""
    bid = parse_contract("order up alone", EUCHRE, UPCARD)
    inference = "none" if auction is None else "exact"
    heard = hear_auction(EUCHRE, bid, 1, 0, 3, UPCARD, auction, "balanced", 0b0111, 1, inference)
    deck = sum(1 << (2 * face) for face in range(24))
    pool = deck & ~MINE & ~(1 << (2 * UPCARD))
    view = SeatView(
        np.int64(0),
        to_contract(np.uint64(MINE), np.int64(HEARTS)),
        np.array([5, 5, 5, 0], np.int64),
        np.zeros(4, np.uint64),
        to_contract(np.uint64(pool), np.int64(HEARTS)),
        np.zeros(4, np.int64),
        np.zeros(4, np.uint64),
        heard.check,
        no_lengths(),
    )
    return view


def _draws(view, worlds, least=-1):
    out, weights, stats = np.zeros((worlds, 4), np.uint64), np.zeros(worlds), np.zeros(5, np.int64)
    table = (np.int64(4), np.int64(HEARTS), np.int64(worlds), stats, out, np.int64(1), np.int64(least))
    deal_proposed_worlds(np.uint64(7), view, *table, weights)
    return out[:, 1], weights, stats


def test_the_proposal_law_is_the_hypergeometric_one_and_its_weights_give_it_back():
    view = _loner_view(None)
    strata = trump_strata(view, np.int64(4), np.int64(HEARTS), np.int64(1), np.zeros(4, np.uint64))
    chance, cumulative = strata[7], strata[8]
    # 18 cards unseen, 6 of them trumps (7 with the left bower, less the 9H upcard): seat 2 draws 5
    hypergeometric = [math.comb(6, k) * math.comb(12, 5 - k) / math.comb(18, 5) for k in range(6)]
    assert chance == pytest.approx(hypergeometric, abs=1e-12)
    proposal = np.diff(cumulative, prepend=0.0)
    assert proposal == pytest.approx(0.5 * np.array(hypergeometric) + 0.5 / 6, abs=1e-12)
    hands, weights, _ = _draws(view, 20_000)
    trumps = to_contract(
        np.uint64(sum(1 << (2 * f) for f in range(24) if suit_group(f, HEARTS) == HEARTS)), 2
    )
    drawn = np.array([int(hand & trumps).bit_count() for hand in hands])
    raw = np.bincount(drawn, minlength=6) / drawn.size
    weighted = np.bincount(drawn, weights=weights, minlength=6) / weights.sum()
    sigma = np.sqrt(proposal * (1 - proposal) / drawn.size)
    assert np.all(np.abs(raw - proposal) < 4 * sigma + 1e-9)
    assert weighted == pytest.approx(hypergeometric, abs=0.01)


def test_a_loner_heard_holds_the_right_bower():
    right = to_contract(np.uint64(1 << (2 * parse_card("JH"))), np.int64(HEARTS))
    blind = deal_unseen(EUCHRE, {0: MINE}, 1 << (2 * UPCARD), seed=3, count=4000)
    # uniform: seat 2 holds 5 of the 18 unseen cards, so the JH a little over a quarter of the time
    assert np.mean((blind[:, 1] & (1 << (2 * parse_card("JH")))) > 0) == pytest.approx(5 / 18, abs=0.03)
    view = _loner_view("pass, order up alone")
    least = least_trumps(np.uint64(11), view, np.int64(4), np.int64(HEARTS), np.int64(1))
    hands, weights, stats = _draws(view, 2000, least)
    held = (hands & right) > 0
    assert float(weights @ held / weights.sum()) > 0.9
    assert stats[2] == 0  # every world explains the bid
    assert len(set(weights.round(12))) <= 2  # above the pilot's least count, one weight


def test_best_card_against_a_loner_leaves_no_world_unexplained():
    advice = best_card(
        "euchre",
        "order up alone",
        bidder=2,
        seat=1,
        hand="AS KS QC 9D TD",
        upcard="9H",
        dealer=4,
        auction="pass, order up alone",
        worlds=30,
        max_worlds=30,
        first=1,
    )
    assert advice.auction_unmatched == 0
    assert "the bidder's trumps dealt on purpose" in advice.heard
    assert "effective sample size" in advice.heard
    position = dict(bidder=2, seat=1, hand="AS KS QC 9D TD", upcard="9H", dealer=4, worlds=30, max_worlds=30)
    blind = best_card("euchre", "order up alone", **position, first=1, inference="none")
    assert advice.cards[0].p_make_low > blind.cards[0].p_make_high  # the loner heard is strong


def test_a_heard_hog_whose_lead_the_rules_do_not_explain_still_explains_the_auction():
    # the Hog bidder led the AH, which the rules of thumb never lead from a Hog hand: no
    # world explains the play, and the sampler once kept worlds explaining neither (a
    # random bidder: P(Hog makes) 0); it keeps the worlds that explain the auction, the
    # play weighed softly
    advice = best_card(
        "pigs-and-hogs",
        "Hog Hearts",
        bidder=1,
        seat=2,
        dealer=6,
        hand="AS KS QC 9D TD 9C TC 9H",
        current="1: AH",
        auction="Hog Hearts, pass, pass, pass, pass, pass",
        worlds=12,
        max_worlds=12,
        first=1,
    )
    assert advice.play_evidence == "exact"  # best-card's default
    assert advice.auction_unmatched == 0
    assert advice.cards[0].p_make > 0.3


PIG = "Pig Hearts, pass, pass, pass, pass, pass"


def test_a_whole_deal_proposal_is_hypergeometric_and_a_pig_bidder_heard_holds_both_right_bowers():
    variant = as_variant("pigs-and-hogs")
    own = faces_to_mask(parse_cards("AS KS QC 9C TD TD 9S 9D", copies=2))
    fixed = [0, 0, own, 0, 0, 0]
    proposal = TrumpProposal(variant, fixed, 0, [8] * 6, 5, None, 0, HEARTS)
    # 40 unseen cards, 14 trumps (the left bowers counted): the bidder draws 8
    exact = [math.comb(14, k) * math.comb(26, 8 - k) / math.comb(40, 8) for k in range(9)]
    assert proposal.chance == pytest.approx(exact, abs=1e-12)
    drawn = proposal.drawn(proposal.deal(0, 20_000))
    weights = proposal.weights(proposal.deal(0, 20_000))
    assert np.bincount(drawn, weights=weights, minlength=9) / weights.sum() == pytest.approx(exact, abs=0.01)
    bid = parse_contract("Pig Hearts", variant)
    deals, weights, line = consistent_deals(
        variant,
        bid,
        0,
        2,
        5,
        None,
        PIG,
        "balanced",
        "exact",
        lambda first, count: deal_unseen(variant, {2: own}, seed=5, first_index=first, count=count),
        30,
        first=1,
        on_purpose=TrumpProposal(variant, fixed, 0, [8] * 6, 5, None, 0, HEARTS),
    )
    right = 3 << (2 * parse_card("JH"))
    assert deals.shape[0] == 30
    assert all(int(hand & right).bit_count() == 2 for hand in deals[:, 0])
    assert weights == pytest.approx(np.full(30, weights[0]))  # all above the pilot's least count: one weight
    assert "the bidder's trumps dealt on purpose" in line and "effective sample size 30 of 30" in line


def test_a_playout_seat_weighs_the_proposals_worlds_as_best_card_does():
    # the seat on lead against the loner: with the bidder's trumps dealt on purpose, the
    # levers that ask only for the best card choose what every card's exact value over
    # the same weighted worlds chooses, and what best-card's own path chooses.  The
    # heard loner holds four trumps in every world (its worlds weigh alike); unheard,
    # the proposal's worlds hold from none to five and weigh unlike
    n, denom, bidder, worlds = np.int64(4), np.int64(HEARTS), np.int64(1), np.int64(12)
    tricks = np.arange(25, dtype=np.int64)
    unequal = 0
    for auction in ("pass, order up alone", None):
        view = _loner_view(auction)
        least = least_trumps(np.uint64(3), view, n, denom, bidder)
        for seed in range(8):
            state = np.uint64(1000 + seed)
            chosen = []
            for levers in (0, SAME_EVERYWHERE | BEST_ONLY, DEFAULT_LEVERS):
                buffers, stats = dd_buffers(np.int64(5), np.int64(12)), np.zeros(5, np.int64)
                _, card, _ = pimc_choose(
                    state, view, n, np.int64(0b0111), denom, np.int64(0), view.own, np.zeros(0, np.int64),
                    view.pool, worlds, buffers, np.int64(1), stats, np.int64(levers), tricks, 1.0, bidder,
                    least,
                )  # fmt: skip
                assert stats[2] == 0  # no world kept without explaining the loner
                chosen.append(card)
            values, weights = np.full((worlds, 24), -1, np.int64), np.ones(worlds)
            buffers, stats = dd_buffers(np.int64(5), np.int64(12)), np.zeros(5, np.int64)
            proposal_values(
                state, view, n, np.int64(0b0111), denom, np.int64(0), np.zeros(0, np.int64), worlds,
                buffers, np.int64(1), stats, values, bidder, least, weights,
            )  # fmt: skip
            unequal += len(set(weights.round(9))) > 1
            exact = best_mean_card(view.own, values, worlds, np.zeros(0), weights)
            assert chosen[0] == chosen[1] == exact, (auction, seed)
    assert unequal > 0  # some worlds weighed unlike: the weighting was exercised
