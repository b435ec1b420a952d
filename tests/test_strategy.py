"""Strategies as data (built-ins, TOML files), their decisions, and the fast evaluator."""

import csv
import itertools
from collections import Counter

import numpy as np
import pytest

from euchre_mc.simulate.bidding.evaluator import (
    BID_DIMS,
    BID_KEYS,
    BID_OUTCOMES,
    BidEstimates,
    ClassicEstimates,
    _shrunk,
    bid_estimates,
    bid_features,
    classic_estimates,
    classic_features,
    grid_from_rows,
    grid_rows,
    top_run,
    write_rows,
)
from euchre_mc.simulate.bidding.evaluator_fit import (
    CLASSIC_DEALER,
    LONG_SUIT_LENGTHS,
    TOP_RUNS,
    _classic_drawn_deal,
    fit_bid,
    fit_classic,
)
from euchre_mc.simulate.bidding.strategy import (
    BUILT_INS,
    DENOM_SHIFT,
    EXCHANGE_RANK,
    HOG_RANK,
    THRESHOLD_PARAMS,
    Strategy,
    bid_euchre_chances,
    bid_euchre_wishes,
    classic_chances,
    classic_wishes,
    format_params,
    load_strategy,
    seat_thresholds,
    unused_params,
)
from euchre_mc.simulate.kernels.rankings import JACK, NO_BID, TRUMP_CARDS
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.rules.variants import RulesError, Variant


def hand(text: str, copies: int = 2) -> int:
    """A hand mask; with two copies of a face written, both copies."""
    return faces_to_mask(parse_cards(text, copies=copies))


# --------------------------------------------------------------------------- data


def test_cautious_and_aggressive_are_built_in_and_ordered():
    cautious, aggressive = load_strategy("cautious"), load_strategy("aggressive")
    for param in THRESHOLD_PARAMS:
        assert getattr(cautious, param) > getattr(aggressive, param), param


def test_toml_file_starts_from_its_base_and_overrides(tmp_path):
    path = tmp_path / "bold-hog.toml"
    path.write_text('base = "cautious"\nhog_threshold = 0.6\nlevel_threshold = 1\n')
    strategy = load_strategy(str(path))
    assert strategy.name == "bold-hog"
    assert strategy.hog_threshold == 0.6 and strategy.level_threshold == 1.0
    assert strategy.pig_threshold == BUILT_INS["cautious"].pig_threshold


@pytest.mark.parametrize(
    "text,message",
    [
        ("hog_treshold = 0.6\n", "unknown key 'hog_treshold'"),
        ("hog_threshold = 1.5\n", "hog_threshold=1.5; allowed is a number from 0 to 1"),
        ('hog_threshold = "high"\n', "hog_threshold='high'"),
        ('base = "reckless"\n', "base='reckless'; built-in strategies are"),
        ("hog_threshold = \n", "is not valid TOML"),
    ],
)
def test_bad_toml_names_the_bad_value(tmp_path, text, message):
    path = tmp_path / "s.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match=message.replace("[", r"\[").replace("(", r"\(")):
        load_strategy(str(path))


def test_unknown_strategy_lists_the_built_ins():
    with pytest.raises(RulesError, match="unknown strategy 'bold': built-ins are balanced, cautious"):
        load_strategy("bold")


def test_with_param_changes_one_value_and_names_it():
    tuned = BUILT_INS["cautious"].with_param("hog_threshold", "0.55")
    assert tuned.hog_threshold == 0.55 and tuned.pig_threshold == BUILT_INS["cautious"].pig_threshold
    assert tuned.name == "cautious[hog_threshold=0.55]"
    with pytest.raises(RulesError, match="unknown strategy parameter 'hog'"):
        BUILT_INS["cautious"].with_param("hog", 0.5)
    with pytest.raises(RulesError, match="allowed is a number from 0 to 1"):
        BUILT_INS["cautious"].with_param("hog_threshold", "2")


# --------------------------------------------------------------------------- decisions


def test_thresholds_follow_the_seat_team_and_drop_only_when_the_opponents_are_near_and_ahead():
    bold_late = Strategy("late", level_threshold=0.7, endgame_fraction=0.2, endgame_shift=0.3)
    scores = np.array([[0, 0], [30, 41], [41, 30], [0, 39]])  # target 50: "near" means 40 or more
    levels = seat_thresholds((bold_late, BUILT_INS["cautious"]), scores, "pigs-and-hogs", 0)[
        "level_threshold"
    ]
    team_a_seats, team_b_seats = [0, 2, 4], [1, 3, 5]
    assert np.allclose(levels[:, team_a_seats].T, [[0.7, 0.4, 0.7, 0.7]] * 3)
    assert np.allclose(levels[:, team_b_seats], BUILT_INS["cautious"].level_threshold)


def _estimates(level=0.0, exchange=0.0, hog=0.0):
    shape = (1, 1, 6)
    return BidEstimates(
        np.full(shape + (8,), level, float), np.full(shape, exchange, float), np.full(shape, hog, float)
    )


def _thresholds(value=0.7):
    return {name: np.full((1, 1), value) for name in THRESHOLD_PARAMS}


def test_bidder_wants_the_highest_level_that_clears_the_threshold_in_the_best_denomination():
    est = _estimates()
    est.level[0, 0, 2, :5] = [0.99, 0.95, 0.9, 0.8, 0.6]  # Hearts: 4 clears 0.7, 5 does not
    est.level[0, 0, 3, :4] = [0.99, 0.95, 0.9, 0.75]  # Spades: 4 also clears, with less
    rank, denom, _ = bid_euchre_wishes(est, _thresholds(0.7), has_hog=True)
    assert (int(rank[0, 0]), int(denom[0, 0])) == (4, 2)


def test_hog_outranks_pig_outranks_levels_and_nothing_clearing_means_pass():
    rank, _, _ = bid_euchre_wishes(_estimates(level=0.9, exchange=0.9, hog=0.9), _thresholds(0.7), True)
    assert rank[0, 0] == HOG_RANK
    rank, _, _ = bid_euchre_wishes(_estimates(level=0.9, exchange=0.9, hog=0.5), _thresholds(0.7), True)
    assert rank[0, 0] == EXCHANGE_RANK
    rank, _, _ = bid_euchre_wishes(_estimates(level=0.9, exchange=0.9, hog=0.9), _thresholds(0.7), False)
    assert rank[0, 0] == EXCHANGE_RANK  # six-handed has no Hog: Alone is the top
    rank, _, _ = bid_euchre_wishes(_estimates(level=0.6), _thresholds(0.7), True)
    assert rank[0, 0] == 0


def test_classic_calls_never_name_the_upcard_suit_and_no_trump_only_when_enabled():
    order = np.zeros((1, 1, 3))
    call = np.zeros((1, 1, 5, 3))
    call[0, 0, :, 0] = [0.9, 0.2, 0.3, 0.4, 0.95]  # Clubs is the upcard's suit; High No Trump best
    call[0, 0, :, 2] = [0.9, 0.0, 0.0, 0.0, 0.9]
    est = ClassicEstimates(order, call)
    wishes = classic_wishes(est, _thresholds(0.35), np.array([0]), no_trump=False)
    assert wishes["call"][0, 0] == 3 and not wishes["call_alone"][0, 0]
    wishes = classic_wishes(est, _thresholds(0.35), np.array([0]), no_trump=True)
    assert wishes["call"][0, 0] == 4 and wishes["call_alone"][0, 0]


def test_ordering_alone_needs_both_the_order_and_the_alone_thresholds():
    est = ClassicEstimates(
        np.array([[[0.9, 0.5, 0.8], [0.5, 0.2, 0.9], [0.9, 0.5, 0.3]]]), np.zeros((1, 3, 5, 3))
    )
    wishes = classic_wishes(est, {k: np.full((1, 3), 0.7) for k in THRESHOLD_PARAMS}, np.array([0]), False)
    assert wishes["order"].tolist() == [[True, False, True]]
    assert wishes["order_alone"].tolist() == [[True, False, False]]


def test_the_soft_rule_at_width_zero_is_the_rule_itself():
    # the soft likelihood runs the rule's own threshold tests: at width 0 the chance of a
    # bid is 1.0 exactly where the rule makes it and 0.0 elsewhere, ties and estimates
    # level with a threshold included
    rng = np.random.default_rng(7)
    values = np.array([0.3, 0.6, 0.65, 0.75, 0.8, 0.9])
    rows = 3000
    thresholds = {name: rng.choice(values, (rows, 1)) for name in THRESHOLD_PARAMS}
    # a suit shift on one denomination of most rows (the high bid's), none on the rest
    shifts = np.zeros((rows, 1, 6))
    shifts[np.arange(rows), 0, rng.integers(6, size=rows)] = rng.choice([-0.25, -0.05, 0.0, 0.1, 0.3], rows)
    thresholds[DENOM_SHIFT] = shifts
    one_seat = {name: value[:, 0] for name, value in thresholds.items()}
    for has_hog in (True, False):
        level = rng.choice(values, (rows, 1, 6, 8))
        est = BidEstimates(level, rng.choice(values, (rows, 1, 6)), rng.choice(values, (rows, 1, 6)))
        rank, _, code = bid_euchre_wishes(est, thresholds, has_hog)
        seat = BidEstimates(est.level[:, 0], est.exchange_alone[:, 0], est.hog[:, 0])
        for floor in range((HOG_RANK if has_hog else EXCHANGE_RANK) + 1):
            made = np.where(rank[:, 0] > floor, code[:, 0], NO_BID)
            for asked in {NO_BID, *made.tolist()}:
                chance = bid_euchre_chances(seat, one_seat, has_hog, floor, asked, 0.0)
                assert (chance == np.where(made == asked, 1.0, 0.0)).all(), (has_hog, floor, asked)
    order, call = rng.choice(values, (rows, 1, 3)), rng.choice(values, (rows, 1, 5, 3))
    seat = ClassicEstimates(order[:, 0], call[:, 0])
    for suit in range(4):
        for no_trump in (True, False):
            wishes = classic_wishes(ClassicEstimates(order, call), thresholds, np.full(rows, suit), no_trump)
            for round_one, made in ((True, wishes["first"][:, 0]), (False, wishes["second"][:, 0])):
                for asked in {NO_BID, *made.tolist()}:
                    chance = classic_chances(seat, one_seat, suit, no_trump, round_one, asked, 0.0)
                    assert (chance == np.where(made == asked, 1.0, 0.0)).all(), (suit, round_one, asked)


# --------------------------------------------------------------------------- evaluator


def test_features_count_the_left_bower_as_trump_and_aces_outside_trump():
    cards = np.array([hand("JH JH JD AH KH QH 9S AC", copies=2)], np.uint64)
    # Hearts: six trumps (JD is the left bower); run JH JH JD then no second JD; ace of clubs
    assert [int(f[0]) for f in bid_features(cards, 2)] == [6, 3, 1]
    # Diamonds: JH JH are left bowers, JD the right bower (one copy: the run stops there)
    assert [int(f[0]) for f in bid_features(cards, 1)] == [3, 1, 2]
    # High No Trump: longest suit 5 hearts, runs AH (1) + AC (1), kings; Low: the nines
    assert [int(f[0]) for f in bid_features(cards, 4)] == [5, 2, 1]
    assert [int(f[0]) for f in bid_features(cards, 5)] == [5, 1, 0]
    # the classic tables count bowers held instead of the run
    single = np.array([hand("JH JD AH KH AS", copies=1)], np.uint64)
    assert [int(f[0]) for f in classic_features(single, 2)] == [4, 2, 1]


def test_run_counts_faces_held_twice_and_stops_after_a_lone_copy():
    for text, denom, run in [
        ("JH JH JD JD AH AH AS AC", 2, 6),
        ("JH JD JD AH AH KH KH QH", 2, 1),
        ("JD JD AH AH KH KH QH QH", 2, 0),
        ("AH AH KH QS AS AS KS KS", 4, 8),
        ("9H 9H TH 9S 9S TS TS JS", 5, 8),
    ]:
        assert int(top_run(np.array([hand(text)], np.uint64), denom)[0]) == run, text


def test_empty_cells_take_the_estimate_of_the_pooled_cell():
    samples = np.zeros((1, 2, 2, 2), np.int64)
    made = np.zeros((1, 2, 2, 2, 1), np.int64)
    samples[0, 1, 1, 0], made[0, 1, 1, 0, 0] = 100, 80
    estimate = _shrunk(samples, made)
    assert estimate[0, 1, 1, 1, 0] == pytest.approx(0.8)  # pooled over side: 80/100
    assert estimate[0, 1, 1, 0, 0] == pytest.approx(0.8)
    assert estimate[0, 0, 0, 0, 0] == pytest.approx(0.8)  # nothing below the root: its rate


def test_shipped_table_rates_a_sure_hog_sure_and_a_weak_hand_hopeless():
    sure = hand("JH JH JD JD AH AH KH KH")
    weak = hand("9C TC 9D TD QD 9S TS QS")
    est = bid_estimates(np.array([sure, weak], np.uint64))
    assert est.hog[0, 2] > 0.95 and est.exchange_alone[0, 2] > 0.9
    assert est.hog[1].max() < 0.02 and est.level[1, :, 5].max() < est.level[0, 2, 5]
    assert np.all(np.diff(est.level, axis=-1) <= 1e-12)  # taking n+1 is never likelier than n


def test_shipped_classic_table_likes_bowers_for_the_dealer():
    upcard = parse_cards("9H", copies=1)[0]
    seats = ["9C TC 9D TS QS", "TD QD KC QC KS", "AC AD JC JS TH", "JH JD AH KH AS"]
    hands = np.array([[hand(text, copies=1) for text in seats]], np.uint64)
    est = classic_estimates(hands, np.array([3]), np.array([upcard]))  # seat 4 deals
    assert est.order[0, 3, 0] > 0.9 > 0.2 > est.order[0, 0, 0]


def test_fitting_counts_every_seat_and_denomination_and_round_trips_through_csv(tmp_path):
    samples, made = fit_bid(deals=3, seed=5, long_suit_deals=1)
    # seats x denominations, plus the drawn hands: long suits (every denomination), runs with
    # each count of side aces (trump suits), runs (no trump)
    runs_and_aces = sum(min(4, 8 - run) + 1 for run in TOP_RUNS)
    assert samples.sum() == 3 * 6 * 6 + 6 * len(LONG_SUIT_LENGTHS) + 4 * runs_and_aces + 2 * len(TOP_RUNS)
    assert np.all(made <= samples[..., None]) and np.all(np.diff(made[..., :8], axis=-1) <= 0)
    assert samples[0, 8].sum() >= 8  # long suits and runs of 8 reach eight trumps in every trump suit
    assert samples[0, :, 8].sum() >= 4  # the top-run deals reach a run of 8
    path = tmp_path / "bid.csv"
    write_rows(path, grid_rows(samples, made, BID_KEYS, BID_OUTCOMES), BID_KEYS, BID_OUTCOMES)
    with open(path) as src:
        table = grid_from_rows(list(csv.DictReader(src)), BID_KEYS, BID_OUTCOMES, BID_DIMS)
    assert np.array_equal(table.samples, samples) and np.array_equal(table.made, made)


def test_the_fitted_table_goes_alone_with_the_five_top_trumps():
    """``JH JD AH KH QH`` with the 9H turned up marches alone whatever is played: the fitted
    table orders up alone with it from the dealer and the first two seats to speak.  (The
    seat right of the dealer shares its cell, five trumps with both bowers, with hands
    whose low ruff the dealer overruffs with the upcard under the rules of thumb: the
    cell's estimate there is about 0.66, under the 0.75 that going alone takes.)"""
    from euchre_mc.simulate.bidding.evaluator import classic_estimates
    from euchre_mc.simulate.bidding.strategy import seat_thresholds

    lay_down = hand("JH JD AH KH QH", copies=1)
    upcard = parse_cards("9H", copies=1)[0]
    dealer = 3
    hands = np.zeros((4, 4), np.uint64)
    for seat in range(4):
        hands[seat, seat] = lay_down  # table ``seat``: the lay-down in that seat
    estimates = classic_estimates(hands, np.full(4, dealer), np.full(4, upcard))
    fitted = load_strategy("fitted", "euchre")
    thresholds = seat_thresholds((fitted, fitted), np.zeros((4, 2)), "euchre", np.full(4, dealer))
    wishes = classic_wishes(estimates, thresholds, np.full(4, upcard // 6), no_trump=False)
    for seat in (3, 0, 1):  # the dealer, then the first two to speak
        assert estimates.order[seat, seat, 2] > 0.95
        assert wishes["order"][seat, seat] and wishes["order_alone"][seat, seat]


def _classic_cells(helds, jacks, denom) -> Counter:
    """How often each (top, side, upcard a jack) occurs among the seats' cards."""
    _, top, side = classic_features(np.array(helds, np.uint64), denom)
    return Counter(zip(top.tolist(), side.tolist(), jacks))


def _exact_classic_cells(size, length, denom, upcards) -> Counter:
    """Every set of ``size`` classic cards with ``length`` trumps of ``denom``, with every
    upcard ``upcards(faces)`` allows (the set, less the upcard, is the hand): the cells of
    uniform deals given that length, counted exactly."""
    trumps = int(TRUMP_CARDS[denom])
    helds, jacks = [], []
    for faces in itertools.combinations(range(24), size):
        cards = sum(1 << (2 * f) for f in faces)
        if bin(cards & trumps).count("1") == length:
            for upcard, held in upcards(faces, cards):
                helds.append(held)
                jacks.append(int(upcard % 6 == JACK and upcard // 6 == denom))
    return _classic_cells(helds, jacks, denom)


@pytest.mark.parametrize(
    "position, length, named",
    [(1, 4, False), (0, 5, False), (2, 4, True)],
    ids=["round 1, left of the dealer", "round 1, the dealer with the upcard", "round 2"],
)
def test_classic_drawn_deals_are_uniform_given_the_trump_length(position, length, named):
    """The classic fit's drawn deals give the seat each hand with that many trumps, and each
    upcard, as often as uniform deals do: the cells of 1,500 draws against exact counts."""
    variant = Variant.of("euchre", no_trump=True)
    denom = 2
    seat = (CLASSIC_DEALER + position) % 4
    dealer = position == 0 and not named

    def upcards(faces, cards):
        if named:  # round 2: a card of another suit, outside the hand
            return [(u, cards) for u in range(24) if u // 6 != denom and u not in faces]
        if dealer:  # the dealer's six hold the upcard, a card of the suit
            return [(u, cards) for u in faces if u // 6 == denom]
        return [(u, cards) for u in range(24) if u // 6 == denom and u not in faces]

    exact = _exact_classic_cells(6 if dealer else 5, length, denom, upcards)
    rng = np.random.default_rng(11)
    draws = 1500
    helds, jacks = [], []
    for index in range(draws):
        dealt, upcard = _classic_drawn_deal(rng, variant, 5, index, seat, denom, length, named)
        hand = int(dealt[0, seat])
        assert not hand >> (2 * upcard) & 1 and int(np.bitwise_or.reduce(dealt[0])).bit_count() == 20
        helds.append(hand | (1 << (2 * upcard)) if dealer else hand)
        jacks.append(int(upcard % 6 == JACK and not named))
    drawn = _classic_cells(helds, jacks, denom)
    total = sum(exact.values())
    assert set(drawn) <= set(exact)
    chi = sum((drawn[k] - draws * exact[k] / total) ** 2 / (draws * exact[k] / total) for k in exact)
    df = len(exact) - 1
    assert chi < df + 5 * np.sqrt(2 * df)  # far beyond the 99.9th percentile of chi-square


def test_the_classic_fit_adds_drawn_hands_for_the_strong_cells():
    """Drawn deals fill the strong cells that uniform deals seldom reach: with five trumps
    and both bowers, every seat's lone march is counted there in both rounds."""
    (samples1, made1), (samples2, made2) = fit_classic(deals=0, seed=3, drawn_deals=40)
    assert samples1.sum() == 4 * 3 * 40 + 40  # the dealer draws six trumps too
    assert samples2.sum() == 4 * 3 * 40
    for position in range(4):
        assert samples1[position, :, 5, 2].sum() >= 5 and samples2[0, position, 5, 2].sum() >= 5
    assert np.all(made1 <= samples1[..., None]) and np.all(made2 <= samples2[..., None])


# --------------------------------------------------------------------------- the strategy space


def test_a_strategy_with_every_kind_of_value_round_trips_through_toml(tmp_path):
    from euchre_mc.simulate.bidding.strategy import strategy_to_toml

    strategy = Strategy(
        'fit "7"',
        order_up_threshold=(0.62, 0.6, 0.58, 0.5512345678901234),
        call_threshold=0.55,
        partner_bid_shift=-0.125,
        opponent_bid_shift=0.2,
        partner_suit_shift=-0.3,
        opponent_suit_shift=0.4375,
        equity_weight=0.75,
    )
    path = tmp_path / "fit.toml"
    path.write_text(strategy_to_toml(strategy))
    assert load_strategy(str(path)) == strategy


def test_thresholds_by_position_count_from_the_dealers_left():
    strategy = Strategy("seats", order_up_threshold=(0.1, 0.2, 0.3, 0.4))
    scores = np.zeros((2, 2), np.int64)
    dealers = np.array([3, 0])
    got = seat_thresholds((strategy, strategy), scores, "euchre", dealers)["order_up_threshold"]
    # dealer 3: seat 0 speaks first (0.1) and seat 3 last (0.4); dealer 0: seat 1 first
    assert np.allclose(got, [[0.1, 0.2, 0.3, 0.4], [0.4, 0.1, 0.2, 0.3]])
    with pytest.raises(RulesError, match="has 4 values, one per position, but this game has 6 seats"):
        seat_thresholds((strategy, strategy), scores, "pigs-and-hogs", dealers)


def test_coordinates_name_each_position_and_with_param_moves_one():
    balanced = BUILT_INS["balanced"]
    names = balanced.coordinates("euchre")
    assert names[:4] == tuple(f"alone_threshold@{k}" for k in range(1, 5))
    assert "order_up_threshold@4" in names and "level_threshold@1" not in names
    assert "partner_bid_shift" not in names and names[-1] == "equity_weight"
    assert "partner_bid_shift" in balanced.coordinates("pigs-and-hogs")
    expanded = balanced.for_variant("euchre")
    moved = expanded.with_param("order_up_threshold@4", 0.45)
    assert moved.order_up_threshold == (0.6, 0.6, 0.6, 0.45) and moved.value("order_up_threshold@4") == 0.45
    with pytest.raises(RulesError, match="one value for every position"):
        balanced.with_param("order_up_threshold@4", 0.45)
    with pytest.raises(RulesError, match="positions are 1 to 4"):
        expanded.with_param("order_up_threshold@5", 0.45)
    with pytest.raises(RulesError, match=r"partner_bid_shift=0.9; allowed is a number from -0.5 to 0.5"):
        Strategy("x", partner_bid_shift=0.9)
    # the suit shifts: bid euchre's coordinates, tuned like any parameter, bounded alike
    assert {"partner_suit_shift", "opponent_suit_shift"} <= set(balanced.coordinates("six-handed"))
    assert balanced.with_param("opponent_suit_shift", "0.2").opponent_suit_shift == 0.2
    with pytest.raises(RulesError, match=r"opponent_suit_shift=-0.6; allowed is a number from -0.5 to 0.5"):
        Strategy("x", opponent_suit_shift=-0.6)
    assert unused_params("euchre", ["partner_suit_shift"]) == ["partner_suit_shift"]


def test_a_partners_high_bid_moves_the_bid_euchre_thresholds_by_the_strategys_shift():
    from euchre_mc.simulate.bidding.strategy import OPPONENT_HIGH, PARTNER_HIGH, bid_context

    strategy = Strategy("shifts", level_threshold=0.6, partner_bid_shift=0.3, opponent_bid_shift=-0.1)
    scores = np.zeros((1, 2), np.int64)
    for context, expected in ((0, 0.6), (PARTNER_HIGH, 0.9), (OPPONENT_HIGH, 0.5)):
        got = seat_thresholds((strategy, strategy), scores, "pigs-and-hogs", 0, context)["level_threshold"]
        assert np.allclose(got, expected)
    classic = seat_thresholds((strategy, strategy), scores, "euchre", 0, PARTNER_HIGH)["order_up_threshold"]
    assert np.allclose(classic, 0.6)  # the first classic bid ends the auction: no shift there
    assert (
        bid_context(3, None) == 0 and bid_context(3, 1) == PARTNER_HIGH and bid_context(3, 2) == OPPONENT_HIGH
    )


def test_the_high_bids_suit_moves_only_the_thresholds_of_bids_in_that_suit():
    from euchre_mc.simulate.bidding.strategy import OPPONENT_HIGH, PARTNER_HIGH, bid_context

    strategy = Strategy("suits", partner_bid_shift=0.1, partner_suit_shift=-0.3, opponent_suit_shift=0.2)
    scores = np.zeros((1, 2), np.int64)
    hearts = 2
    for holder, expected in ((PARTNER_HIGH, -0.3), (OPPONENT_HIGH, 0.2)):
        got = seat_thresholds((strategy, strategy), scores, "six-handed", 0, holder + 2 * hearts)
        assert np.allclose(got["level_threshold"], 0.75 if holder == PARTNER_HIGH else 0.65)
        assert np.allclose(got[DENOM_SHIFT][..., hearts], expected)
        assert not np.delete(got[DENOM_SHIFT], hearts, axis=-1).any()
    assert not seat_thresholds((strategy, strategy), scores, "six-handed", 0)[DENOM_SHIFT].any()
    assert not seat_thresholds((strategy, strategy), scores, "euchre", 0, 5)[DENOM_SHIFT].any()
    # seat 3 when seat 1 (a partner) holds a Hearts bid; seat 2 (an opponent) a No Trump one
    assert bid_context(3, 1, hearts) == PARTNER_HIGH + 4 and bid_context(3, 2, 5) == OPPONENT_HIGH + 10
    assert "suit_shift" not in format_params(BUILT_INS["balanced"])
    assert not {"partner_suit_shift", "opponent_suit_shift"} & set(BUILT_INS["balanced"].params())
    assert strategy.params()["opponent_suit_shift"] == 0.2
    assert "partner_suit_shift -0.3, opponent_suit_shift 0.2" in format_params(strategy)


def test_partners_suit_shift_turns_a_raise_into_partners_suit():
    # seat 3 of Pigs and Hogs holds five Spades and three Hearts; partner (seat 1) holds
    # the high bid in Hearts.  By itself it wants 5 Spades; a strategy that counts on
    # partner's Hearts for a raise (partner_suit_shift -0.45) bids 6 Hearts, and one
    # wary of an opponent's suit (opponent_suit_shift 0.35) answers an opponent's
    # Spades with 4 High No Trump
    from euchre_mc.simulate.bidding.strategy import PARTNER_HIGH, bid_context
    from euchre_mc.simulate.bidding.table_model import code_contract, seat_bids

    hand = faces_to_mask(parse_cards("JS AS KS QS TS JH AH KH", copies=2))
    deals = np.zeros((1, 6), np.uint64)
    deals[0, 2] = hand
    hearts = 2
    context = bid_context(2, 0, hearts)
    assert context == PARTNER_HIGH + 2 * hearts

    def wish(strategy, context):
        bids = seat_bids("pigs-and-hogs", (strategy, strategy), deals, [-1], [5], [[0, 0]], seats=[2])
        return str(code_contract(bids.variant, int(bids.wishes(True, context)[0, 2])))

    plain, raising = BUILT_INS["balanced"], Strategy("raise", partner_suit_shift=-0.45)
    assert wish(plain, context) == wish(raising, 0) == wish(plain, 0) == "5 Spades"
    assert wish(raising, context) == "6 Hearts"
    assert wish(raising, bid_context(2, 1, hearts)) == "5 Spades"  # an opponent's Hearts: no raise
    wary = Strategy("wary", opponent_suit_shift=0.35)
    assert wish(wary, bid_context(2, 1, 3)) == "4 High No Trump"
    assert wish(wary, bid_context(2, 0, 3)) == "5 Spades"  # partner's Spades: no worry


def test_the_score_term_follows_the_break_even_chance_of_the_shipped_match_equity_table():
    from euchre_mc.simulate.bidding.score_term import break_even_shifts
    from euchre_mc.simulate.games.shipped_equity import load_equity

    table = load_equity("euchre")
    ours, theirs = np.array([0, 9]), np.array([0, 0])
    shifts = break_even_shifts("euchre", ours, theirs, np.array([True, True]))["order_up_threshold"]

    def p_star(a, b):  # make: +1 (the other team deals next); set: the opponents +2
        after = 1 - 0  # we dealt, so team B deals next: index 1 with us as team A
        make = 1.0 if a + 1 >= 10 else table.win[after, a + 1, b]
        set_ = table.win[after, a, b + 2] if b + 2 < 10 else 0.0
        return (table.win[0, a, b] - set_) / (make - set_)

    assert shifts[0] == 0.0
    assert shifts[1] == pytest.approx(p_star(9, 0) - p_star(0, 0))
    assert shifts[1] < 0  # one point from the game: a make wins it, so bid on less
    weighted = Strategy("equity", equity_weight=0.5)
    got = seat_thresholds((weighted, weighted), np.array([[9, 0]]), "euchre", 2)["order_up_threshold"]
    assert np.allclose(got[0, [0, 2]], 0.6 + 0.5 * shifts[1])  # team A (seats 1, 3) deals: seat 3
    behind = break_even_shifts("euchre", np.array([0]), np.array([9]), np.array([False]))[
        "order_up_threshold"
    ]
    assert np.allclose(got[0, [1, 3]], 0.6 + 0.5 * behind[0])  # team B: 0-9, not dealing
