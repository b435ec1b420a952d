"""PIMC's worlds and the auction: with exact inference a world counts only if every
earlier bidder, holding its cards of that world as dealt, would have bid as it did.

The kernel's check (kernels.world_auction.auction_matches) must agree with the inference of
whole deals (table.consistent) on every deal, and the worlds it keeps must be exactly
uniform among those that explain the auction (checked against every world enumerated)."""

import itertools

import numba
import numpy as np
import pytest
from sampled_worlds import assert_exact_shares, held_shares

from euchre_mc.reports.analysis_text import format_analysis
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.analysis.layouts import _auction_check, layout_of
from euchre_mc.simulate.analysis.question import make_question
from euchre_mc.simulate.bidding.strategy import Strategy
from euchre_mc.simulate.bidding.table_model import (
    SOFT_SCALE,
    auction_check,
    consistent,
    soft_weights,
    table_model,
)
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.exchange import void_first_discards_many
from euchre_mc.simulate.kernels.pimc import SeatView
from euchre_mc.simulate.kernels.world_auction import auction_chance, auction_matches
from euchre_mc.simulate.rules.auction import parse_auction
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards, parse_one_card
from euchre_mc.simulate.rules.contracts import parse_contract
from euchre_mc.simulate.rules.variants import as_variant

HEARTS = 2
MODEL = table_model("balanced")


def mask(text: str, copies: int = 1) -> int:
    return faces_to_mask(parse_cards(text, copies=copies))


def work_rows():
    return np.empty((6, 10)), np.empty(3), np.empty((5, 3))


def kernel_matches(check, deals, viewer, denom=HEARTS):
    """auction_matches on each whole deal (nothing played yet), as one world each."""
    n = deals.shape[1]
    out = []
    for deal in deals:
        world = np.array([to_contract(np.uint64(h), np.int64(denom)) for h in deal], np.uint64)
        out.append(auction_matches(world, np.zeros(n, np.uint64), viewer, denom, check, *work_rows()))
    return np.array(out)


@pytest.mark.parametrize(
    ("variant", "hand", "seat", "dealer", "auction", "upcard", "score"),
    [
        ("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", 3, 5, "4 Spades, pass, pass", None, (0, 0)),
        ("six-handed", "JH JH JD AH KH QH 9S AC", 2, 5, "4 Diamonds, pass", None, (30, 8)),
        ("euchre", "JH JD AH KH 9S", 1, 3, "pass, pass, pass, pass, pass", "9H", (0, 0)),
        ("piq", "JS JC AS KS 9D", 2, 3, "pass, pass", "TS", (8, 2)),
    ],
    ids=["pigs-and-hogs", "six-handed", "euchre round 2", "piq"],
)
def test_the_world_check_agrees_with_inference_on_every_deal(
    variant, hand, seat, dealer, auction, upcard, score
):
    world_check_agrees(MODEL, variant, hand, seat, dealer, auction, upcard, score)


@pytest.mark.parametrize(
    ("variant", "hand", "seat", "dealer", "auction", "upcard", "score"),
    [
        ("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", 3, 5, "4 Spades, pass, pass", None, (0, 0)),
        ("six-handed", "AS KS QC 9D TD 9C TC TH", 2, 5, "pass, 5 Hearts", None, (0, 0)),
        ("euchre", "TH AS KS AD 9C", 0, 3, "pass, pass, order up alone", "9H", (0, 0)),
        ("piq", "JS JC AS KS 9D", 2, 3, "pass, pass", "TS", (8, 2)),
    ],
    ids=["pigs-and-hogs", "six-handed opening pass", "euchre loner right of the dealer", "piq"],
)
def test_a_worlds_soft_chance_is_soft_inferences_weight_and_at_width_zero_the_check(
    variant, hand, seat, dealer, auction, upcard, score
):
    """kernels.world_auction.auction_chance, the weight of a world no try explained, is the
    likelihood soft inference gives the same deal (table_model.soft_weights), deal for
    deal, and at width 0 it is auction_matches (1 or 0)."""
    chosen, face, bids, deals = dealt_around(variant, hand, seat, dealer, auction, upcard, 1000)
    expected = soft_weights(MODEL, chosen, dealer, bids, deals, face, score, analysed=seat)
    check = auction_check(MODEL.teams, chosen, dealer, bids, face, score, unchecked={seat})
    n = deals.shape[1]
    soft, hard = [], []
    for deal in deals:
        world = np.array([to_contract(np.uint64(h), np.int64(HEARTS)) for h in deal], np.uint64)
        played = np.zeros(n, np.uint64)
        soft.append(auction_chance(world, played, seat, HEARTS, check, SOFT_SCALE, *work_rows()))
        hard.append(auction_chance(world, played, seat, HEARTS, check, 0.0, *work_rows()))
    assert np.allclose(soft, expected, rtol=1e-12, atol=0)
    assert hard == [1.0 if m else 0.0 for m in kernel_matches(check, deals, seat)]
    assert 0 < np.max(soft) < 1 and len(set(soft)) > 10  # the weights say something


# a raise in partner's suit needs less, a bid in an opponent's suit more
SUIT_SHIFTED = table_model(Strategy("suits", partner_suit_shift=-0.25, opponent_suit_shift=0.3))


@pytest.mark.parametrize(
    ("variant", "auction"), [("pigs-and-hogs", "4 Spades, pass, pass"), ("six-handed", "4 Diamonds, pass")]
)
def test_the_world_check_agrees_with_inference_when_the_high_bids_suit_moves_thresholds(variant, auction):
    # the passes after the Spades or Diamonds bid are read in that suit's context
    seat = len(auction.split(", ")) % 6
    kept = world_check_agrees(
        SUIT_SHIFTED, variant, "JH JH JD AH KH QH 9S AC", seat, 5, auction, None, (0, 0)
    )
    plain = world_check_agrees(MODEL, variant, "JH JH JD AH KH QH 9S AC", seat, 5, auction, None, (0, 0))
    assert (kept != plain).any()


def dealt_around(variant, hand, seat, dealer, auction, upcard, count):
    """(variant, upcard face, bids, deals): ``count`` deals around ``seat`` holding ``hand``."""
    chosen = as_variant(variant)
    face = None if upcard is None else parse_one_card(upcard)
    bids = parse_auction(auction, chosen, dealer, face)
    upcard_mask = 0 if face is None else 1 << (2 * face)
    deals = deal_unseen(chosen, {seat: mask(hand, chosen.copies)}, upcard_mask, seed=7, count=count)
    return chosen, face, bids, deals


def world_check_agrees(model, variant, hand, seat, dealer, auction, upcard, score):
    chosen, face, bids, deals = dealt_around(variant, hand, seat, dealer, auction, upcard, 3000)
    expected = consistent(model, chosen, dealer, bids, deals, face, score, analysed=seat)
    check = auction_check(model.teams, chosen, dealer, bids, face, score, unchecked={seat})
    others = [i for i in range(len(bids)) if (dealer + 1 + i) % chosen.players != seat]
    # every other bidder's row, named bids first (the check's order)
    assert sorted(check.bids[:, 0].tolist()) == sorted((dealer + 1 + i) % chosen.players for i in others)
    got = kernel_matches(check, deals, seat)
    assert 0.02 < expected.mean() < 0.98  # the auction says something
    assert got.tolist() == expected.tolist()
    return expected


def test_a_seat_never_checks_its_own_bids():
    chosen = as_variant("euchre")
    face = parse_one_card("9H")
    bids = parse_auction("pass, pass", chosen, 3, face)  # seats 1 and 2 passed round 1
    check = auction_check(MODEL.teams, chosen, 3, bids, face, unchecked={2})
    assert check.bids[:, 0].tolist() == [0, 1]
    # seat 1 holding the three top trumps would have ordered up: a world giving it them
    # is rejected for every viewer but seat 1 itself, which knows its own hand
    deal = np.array([[mask("JH JD AH KH QH"), mask("9C TC QC KC AC"), mask("9S TS QS KS AS"), 0]], np.uint64)
    assert kernel_matches(check, deal, viewer=2).tolist() == [False]
    assert kernel_matches(check, deal, viewer=0).tolist() == [True]


def test_the_analysis_checks_only_bids_of_seats_whose_hands_the_world_deals():
    # Pig for seat 3 after seats 1 and 2 bid: the partners (seats 1 and 5) sit out, so
    # seat 1's bid is not checked; seat 2 plays and is checked; seat 3 is the player.
    question = make_question(
        "pigs-and-hogs", "JH JH JD AH KH QH 9S AC", seat=2, dealer=5, auction="4 Spades, 5 Clubs", play="pimc"
    )
    pig = layout_of(question, parse_contract("Pig Hearts", question.variant))
    assert _auction_check(question, pig).bids[:, 0].tolist() == [1]
    level = layout_of(question, parse_contract("6 Hearts", question.variant))
    assert _auction_check(question, level).bids[:, 0].tolist() == [0, 1]
    # no inference, or soft inference: the worlds ignore the auction
    for inference in ("none", "soft"):
        other = make_question(
            "pigs-and-hogs",
            "JH JH JD AH KH QH 9S AC",
            seat=2,
            dealer=5,
            auction="4 Spades, 5 Clubs",
            play="pimc",
            inference=inference,
        )
        assert _auction_check(other, level) is None


@pytest.mark.parametrize("told", ["auction", "lengths", "both", "soft"])
def test_worlds_explaining_the_auction_and_the_lengths_told_are_exactly_uniform(told):
    # Euchre, Hearts turned down (dealer seat 4), everyone passed round 1 and seat 1
    # round 2; seat 2 called Spades.  Two tricks played; seat 2 looks at the 12 cards
    # it cannot see (three in each other hand, three in the kitty).  Passing rejects the
    # worlds that give seat 1, 3 or 4 a hand the model would have bid; being told that
    # seat 4 was dealt at least two clubs rejects others.  Under soft inference a world
    # passes with the passes' soft likelihood: the worlds are then distributed as the
    # enumerated worlds weighed by soft inference's weight of each.
    chosen = as_variant("euchre")
    spades = 3
    face = parse_one_card("9H")
    bids = parse_auction("pass, pass, pass, pass, pass", chosen, 3, face)
    scale = SOFT_SCALE if told == "soft" else 0.0
    check = auction_check(
        MODEL.teams, chosen, 3, bids if told != "lengths" else [], face, unchecked={1}, soft_scale=scale
    )
    clubs = mask("9C TC JC QC KC AC")
    lengths = np.array([(1, 3, clubs, 2, 5)] if told in ("lengths", "both") else [], np.int64).reshape(-1, 5)
    played = {0: "JC 9D", 1: "JS AD", 2: "AS QD", 3: "9S KD"}  # seat 1 led Spades, seat 2 Diamonds
    own = mask("KS TH QC")
    gone = mask("9H")
    played_mask = sum(mask(cards) for cards in played.values())
    unseen = [c for c in range(0, 48, 2) if not (1 << c) & (own | gone | played_mask)]
    assert len(unseen) == 12

    def contract(m):
        return np.uint64(to_contract(np.uint64(m), np.int64(spades)))

    exact = {}
    total = 0
    hands = []
    for a in itertools.combinations(unseen, 3):
        rest = [c for c in unseen if c not in a]
        for b in itertools.combinations(rest, 3):
            for c in itertools.combinations([x for x in rest if x not in b], 3):
                hands.append([sum(1 << x for x in h) for h in (a, b, c)])
    hands = np.array(hands, np.uint64)
    dealt = np.zeros((hands.shape[0], 4), np.uint64)
    for i, seat in enumerate((0, 2, 3)):
        dealt[:, seat] = hands[:, i] | np.uint64(mask(played[seat]))
    dealt[:, 1] = own | mask(played[1])
    fits = np.ones(dealt.shape[0])
    if told == "soft":
        fits *= soft_weights(MODEL, chosen, 3, bids, dealt, face, None, 1, SOFT_SCALE)
    elif told != "lengths":
        fits *= consistent(MODEL, chosen, 3, bids, dealt, face, analysed=1)
    if told in ("lengths", "both"):
        held = np.array([int(h & np.uint64(clubs)).bit_count() for h in dealt[:, 3]])
        fits *= held >= 2
    total = fits.sum()
    assert 0.05 < total / fits.size < 0.95
    for i, seat in enumerate((0, 2, 3)):
        for card in unseen:
            exact[(seat, card)] = fits[(hands[:, i] >> np.uint64(card)) & np.uint64(1) == 1].sum()
    played_by = np.array([contract(mask(played[s])) for s in range(4)], np.uint64)
    pool = np.uint64(sum(int(contract(1 << c)) for c in unseen))
    counts = np.array([3, 3, 3, 3], np.int64)
    view = SeatView(
        1,
        contract(own),
        counts,
        np.zeros(4, np.uint64),
        pool,
        np.zeros(4, np.int64),
        played_by,
        check,
        lengths,
    )
    n = 12000
    seen, stats = held_shares(view, 4, spades, (0, 2, 3), unseen, n, seed=17)
    assert stats[2] == 0  # every world explained what the seat was told
    assert_exact_shares(seen, {key: ways / total for key, ways in exact.items()}, n)


def test_only_the_players_own_worlds_hold_what_it_was_told():
    from euchre_mc.simulate.analysis.layouts import _knowledge
    from euchre_mc.simulate.dealing.constraints import SuitLength

    question = make_question(
        "euchre",
        "JH JD AH KS 9S",
        seat=1,
        dealer=3,
        upcard="9H",
        play="pimc",
        known={2: "AC"},
        constraints=[SuitLength(0, 3, 0, 0), SuitLength(3, 1, 2, 5)],
    )
    hands = np.zeros((2, 4), np.uint64)
    call = layout_of(question, parse_contract("call Clubs", question.variant))
    known = _knowledge(question, call, hands)
    assert known.held[0, 1, 2] == mask("AC") and known.held[0, 0, 2] == known.held[0, 3, 2] == 0
    spades = mask("9S TS JS QS KS AS")
    diamonds = mask("9D TD JD QD KD AD")
    assert known.lengths == ((1, 0, spades * 3, 0, 0), (1, 3, diamonds * 3, 2, 5))
    # ordered up, the dealer (seat 4) picked up and discarded: its dealt hand is not shown
    order = layout_of(question, parse_contract("order up", question.variant, question.upcard))
    assert [row[1] for row in _knowledge(question, order, hands).lengths] == [0]


def test_pimc_analysis_with_inference_is_the_same_on_any_thread_count():
    options = dict(
        seat=1,
        dealer=3,
        auction="pass",
        upcard="9H",
        contracts="order up",
        deals=12,
        play="pimc",
        worlds=4,
        seed=3,
    )
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = analyse_hand("euchre", "JH JD AH KS 9S", **options)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = analyse_hand("euchre", "JH JD AH KS 9S", **options)
    finally:
        numba.set_num_threads(before)
    assert one.deal_tricks.keys() == two.deal_tricks.keys()
    for contract, tricks in one.deal_tricks.items():
        assert tricks.tolist() == two.deal_tricks[contract].tolist()
    assert one.settings.worlds_fit == two.settings.worlds_fit


def test_the_analysis_reports_how_many_worlds_fit_the_bids():
    options = dict(
        seat=1, dealer=3, upcard="9H", contracts="order up", deals=12, play="pimc", worlds=4, seed=3
    )
    heard = analyse_hand("euchre", "JD AH KS 9C TC", auction="pass", **options)
    fit = heard.settings.worlds_fit
    # every world a seat dealt was tested: at least one deal each, the unmatched among them
    assert 0 < fit.worlds <= fit.dealt
    assert fit.unmatched == 0 and fit.fit_share == fit.worlds / fit.dealt
    # the first seat's pass rejects few deals: most worlds fit at the first deal
    assert fit.fit_share > 0.8
    assert heard.to_dict()["settings"]["worlds_fit"] == {
        "worlds": fit.worlds,
        "dealt": fit.dealt,
        "fit_share": fit.fit_share,
        "unmatched": 0,
    }
    text = " ".join(format_analysis(heard).split())  # the report wraps its lines
    assert f"{fit.worlds:,} worlds, {fit.fit_share:.1%} of the {fit.dealt:,} deals dealt for them" in text
    deaf = analyse_hand("euchre", "JD AH KS 9C TC", auction="pass", inference="none", **options)
    assert deaf.settings.worlds_fit is None and "worlds_fit" not in deaf.to_dict()["settings"]
    assert "PIMC worlds ignore the bids" in format_analysis(deaf)


@pytest.mark.parametrize("soft", [False, True], ids=["exact", "soft"])
def test_worlds_hearing_the_dealer_who_picked_up_are_exactly_uniform(soft):
    # Euchre, 9H turned up, seats 1-3 passed and the dealer (seat 4) ordered it up.  Three
    # tricks played; seat 1 looks at the 9 cards it cannot see (two in seats 2 and 3, one
    # beside the upcard in the dealer's hand, four out of play: the kitty's three and the
    # dealer's discard).  A world counts once for each card out of play that could have
    # been the discard: one the void-first policy throws from the dealer's six, leaving a
    # dealt hand that orders up (and with seats 2 and 3 holding hands that pass).  Soft:
    # each such card weighs the auction's soft likelihood instead.
    chosen = as_variant("euchre")
    face = parse_one_card("9H")
    bids = parse_auction("pass, pass, pass, order up", chosen, 3, face)
    scale = SOFT_SCALE if soft else 0.0
    check = auction_check(MODEL.teams, chosen, 3, bids, face, unchecked={0}, soft_scale=scale, picked_up=True)
    played = {0: "AS TC TD", 1: "QS 9C QD", 2: "9S KC KD", 3: "JH AH KH"}
    own = mask("AD TH")
    upcard = mask("9H")
    played_mask = sum(mask(cards) for cards in played.values())
    unseen = [c for c in range(0, 48, 2) if not (1 << c) & (own | upcard | played_mask)]
    assert len(unseen) == 9

    def contract(m):
        return np.uint64(to_contract(np.uint64(m), np.int64(HEARTS)))

    worlds, deals, which = [], [], []
    for a in itertools.combinations(unseen, 2):
        rest = [c for c in unseen if c not in a]
        for b in itertools.combinations(rest, 2):
            left = [c for c in rest if c not in b]
            for x in left:
                out = [c for c in left if c != x]
                hands = [sum(1 << c for c in h) for h in (a, b, (x,))]
                for discard in out:
                    six = hands[2] | upcard | mask(played[3]) | (1 << discard)
                    thrown = int(void_first_discards_many(np.array([six], np.uint64), np.int64(HEARTS), 1)[0])
                    if thrown != 1 << discard:
                        continue
                    deal = [own | mask(played[0]), hands[0] | mask(played[1]), hands[1] | mask(played[2])]
                    deals.append([*deal, six & ~upcard])
                    which.append(len(worlds))
                worlds.append(hands)
    deals = np.array(deals, np.uint64)
    if soft:
        fits = soft_weights(MODEL, chosen, 3, bids, deals, face, None, 0, SOFT_SCALE)
    else:
        fits = consistent(MODEL, chosen, 3, bids, deals, face, analysed=0).astype(float)
    weight = np.bincount(np.array(which), weights=fits, minlength=len(worlds))
    assert 0.05 < (weight > 0).mean() < 0.95
    worlds = np.array(worlds, np.uint64)
    exact = {
        (seat, card): weight[(worlds[:, i] >> np.uint64(card)) & np.uint64(1) == 1].sum() / weight.sum()
        for i, seat in enumerate((1, 2, 3))
        for card in unseen
    }
    fixed = np.zeros(4, np.uint64)
    fixed[3] = contract(upcard)
    view = SeatView(
        0,
        contract(own),
        np.array([2, 2, 2, 2], np.int64),
        fixed,
        np.uint64(sum(int(contract(1 << c)) for c in unseen)),
        np.zeros(4, np.int64),
        np.array([contract(mask(played[s])) for s in range(4)], np.uint64),
        check,
        np.zeros((0, 5), np.int64),
    )
    n = 12000
    seen, stats = held_shares(view, 4, HEARTS, (1, 2, 3), unseen, n, seed=23)
    assert stats[2] == 0  # every world explained the auction
    assert_exact_shares(seen, exact, n)
