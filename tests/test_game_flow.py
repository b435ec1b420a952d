"""The flow of whole games: dealer rotation, stuck dealers, redeals, misdeal options,
exchanges, scoring to the target and reproducibility."""

import numpy as np
import pytest

from euchre_mc.simulate.bidding.strategy import BUILT_INS, Strategy
from euchre_mc.simulate.bidding.table_model import run_auction
from euchre_mc.simulate.games.game import (
    GameSetup,
    _bid_and_exchange,
    _Hand,
    _knowledge,
    _score_hand,
    play_games,
    trace_game,
)
from euchre_mc.simulate.games.results import summarise_games
from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.world_auction import auction_matches, exchange_chance
from euchre_mc.simulate.play.playout import WorldsFit
from euchre_mc.simulate.rules.auction import AuctionState, legal_bids
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.contracts import PASS, Contract, all_contracts
from euchre_mc.simulate.rules.exchange import void_first_discards
from euchre_mc.simulate.rules.variants import CALL, LEVEL, ORDER_UP, PIG, Variant

NEVER = Strategy(
    "never",
    **dict.fromkeys(
        (
            "level_threshold",
            "pig_threshold",
            "hog_threshold",
            "alone_threshold",
            "order_up_threshold",
            "call_threshold",
        ),
        1.0,
    ),
)
BALANCED = BUILT_INS["balanced"]
ONLY_ALONE = Strategy("only-alone", level_threshold=1.0, alone_threshold=0.5)  # six-handed: mostly passes


def cards(text: str, copies: int = 2) -> int:
    return faces_to_mask(parse_cards(text, copies=copies))


def deal(seats: list[str]) -> np.ndarray:
    """One double-deck deal; a face held twice at the table takes both copies in turn."""
    taken, hands = 0, []
    for text in seats:
        hand = faces_to_mask(parse_cards(text), taken)
        taken |= hand
        hands.append(hand)
    return np.array([hands], np.uint64)


def no_wish(_seat, _round_one, _context=0):
    return None


# --------------------------------------------------------------------------- dealing and rotation


def test_dealer_rotates_left_every_hand_thrown_in_hands_included():
    game = 4  # game g is first dealt by seat g mod 6 + 1
    traced = trace_game("six-handed(target=20)", NEVER, ONLY_ALONE, game, seed=3)
    dealers = [hand.trace.dealer for hand in traced.traces]
    assert dealers == [(game + k) % 6 for k in range(len(dealers))]
    assert any(hand.trace.thrown_in for hand in traced.traces), "some hands must be thrown in"


def test_six_handed_all_pass_throws_the_cards_in_and_the_deal_moves_left():
    traced = trace_game("six-handed(target=20)", NEVER, ONLY_ALONE, 0, seed=3)
    before = [(0, 0)] + [hand.scores for hand in traced.traces]
    thrown_in = 0
    for hand, scores_before, following in zip(traced.traces, before, traced.traces[1:]):
        if hand.trace.thrown_in:
            thrown_in += 1
            assert hand.trace.auction == (PASS,) * 6
            assert "thrown in" in hand.trace.thrown_in and hand.trace.contract is None
            assert following.trace.dealer == (hand.trace.dealer + 1) % 6
            assert hand.scores == scores_before
    assert thrown_in > 0


@pytest.mark.parametrize("variant", ["pigs-and-hogs", "six-handed(all_pass=stick)"])
def test_stuck_dealer_bids_level_one_in_the_best_denomination(variant):
    chosen = Variant.parse(variant)
    estimates = {0: 0.2, 1: 0.9, 2: 0.95, 3: 0.4, 4: 0.1, 5: 0.95}

    def estimate_of(seat, contract):
        assert seat == 3, "only the stuck dealer is asked"
        return estimates[contract.denom] / contract.level

    bids, result = run_auction(chosen, 3, None, no_wish, estimate_of)
    assert bids == (PASS,) * 5 + (Contract(LEVEL, 2, 1),)  # Hearts: the first of the best
    assert result == (3, Contract(LEVEL, 2, 1))


def test_a_strategy_that_never_bids_still_plays_every_pigs_and_hogs_hand_as_stuck_dealer():
    traced = trace_game("pigs-and-hogs(target=20)", NEVER, NEVER, 0, seed=5)
    for hand in traced.traces:
        assert hand.trace.auction[:5] == (PASS,) * 5
        assert hand.trace.bidder == hand.trace.dealer and hand.trace.contract.level == 1


def test_classic_eight_passes_throw_the_cards_in():
    chosen = Variant.of("euchre")
    bids, result = run_auction(chosen, 1, parse_card("9H"), no_wish, lambda s, c: 0.0)
    assert bids == (PASS,) * 8 and result is None


def test_stick_the_dealer_calls_the_best_other_suit_not_alone():
    chosen = Variant.of("euchre", stick_the_dealer=True)
    make = {0: 0.3, 1: 0.2, 2: 0.99, 3: 0.5}  # Hearts is the turned-down upcard's suit

    def estimate_of(seat, contract):
        return make[contract.denom] + (0.5 if contract.alone else 0.0)

    bids, result = run_auction(chosen, 1, parse_card("9H"), no_wish, estimate_of)
    assert bids == (PASS,) * 7 + (Contract(CALL, 3),)
    assert result == (1, Contract(CALL, 3))


@pytest.mark.parametrize(
    "variant",
    [
        "pigs-and-hogs",
        "six-handed",
        "six-handed(all_pass=stick)",
        "euchre(stick_the_dealer=true,no_trump=true)",
        "piq",
    ],
)
def test_game_auctions_agree_with_replaying_every_bid(variant):
    chosen = Variant.parse(variant)
    rng = np.random.default_rng(17)
    for auction in range(150):
        dealer = auction % chosen.players
        upcard = int(rng.integers(24)) if chosen.classic else None
        offered = all_contracts(chosen, upcard) if chosen.classic else all_contracts(chosen)

        def wish_for(_seat, _round_one, _context=0):  # often an illegal wish, which must turn into a pass
            return None if rng.random() < 0.5 else offered[int(rng.integers(len(offered)))]  # noqa: B023 (called in this iteration)

        bids, result = run_auction(chosen, dealer, upcard, wish_for, lambda s, c: float(c.denom))
        state = AuctionState.start(chosen, dealer, upcard)
        for end in range(len(bids)):
            assert state == legal_bids(chosen, dealer, list(bids[:end]), upcard)
            assert bids[end] == PASS or bids[end] in state.legal
            state = state.bid(bids[end])
        final = legal_bids(chosen, dealer, list(bids), upcard)
        assert state == final and final.over and result == final.winner


# --------------------------------------------------------------------------- misdeal options


def _classic_deal(seats: list[str], hidden: str, upcard: str):
    """One classic deal: the hands, the kitty's face-down cards and the upcard."""
    dealt = np.array([[cards(s, copies=1) for s in seats]], np.uint64)
    return dealt, np.array([cards(hidden, copies=1)], np.uint64), np.array([parse_card(upcard)])


def _one_hand(variant, dealt, hidden, upcards, dealer=3, teams=(BALANCED, BALANCED)):
    setup = GameSetup(Variant.parse(variant), teams, 1)
    return _bid_and_exchange(
        setup.variant, setup, dealt, hidden, upcards, np.array([dealer]), np.zeros((1, 2))
    )[0]


FARMER = ["9C 9D 9H AS KS", "TC JC QC KC AC", "TD JD QD KD AD", "TH JH QH KH AH"]
TWO_FARMERS = ["9C 9D 9H AS KS", "TC TD TH AC KC", "JD QD KD AD QC", "JH QH KH AH JC"]
ACE_NO_FACE = ["9C TC 9D AS TS", "JC QC KC AC 9H", "TD JD QD KD AD", "TH JH QH KH AH"]


def test_farmers_hand_swaps_the_three_nines_for_the_face_down_kitty():
    dealt, hidden, upcards = _classic_deal(FARMER, "9S TS JS", "QS")
    hand = _one_hand("euchre(farmers_hand=true)", dealt, hidden, upcards)
    assert hand.farmer == 0 and hand.farmer_shown == cards("9C 9D 9H", copies=1)
    # seat 1 now holds five spades with the right bower: it orders up and plays them
    assert hand.contract is not None and hand.bidder == 0
    assert int(hand.playing[0]) == cards("9S TS JS AS KS", copies=1)


def test_farmers_hand_is_ignored_when_the_option_is_off():
    dealt, hidden, upcards = _classic_deal(FARMER, "9S TS JS", "QS")
    hand = _one_hand("euchre", dealt, hidden, upcards)
    assert hand.farmer is None and hand.thrown_in is None


def test_two_farmers_hands_are_a_misdeal():
    dealt, hidden, upcards = _classic_deal(TWO_FARMERS, "9S TS JS", "QS")
    hand = _one_hand("euchre(farmers_hand=true)", dealt, hidden, upcards)
    assert hand.thrown_in.startswith("misdeal") and hand.contract is None and hand.auction == ()


def test_ace_no_face_is_a_misdeal_only_with_the_option():
    dealt, hidden, upcards = _classic_deal(ACE_NO_FACE, "9S JS QS", "KS")
    hand = _one_hand("euchre(ace_no_face=true)", dealt, hidden, upcards)
    assert hand.thrown_in.startswith("misdeal") and "ace-no-face" in hand.thrown_in
    assert _one_hand("euchre", dealt, hidden, upcards).thrown_in is None


# --------------------------------------------------------------------------- exchange and play


def _pig_hand():
    """(the dealt cards, the setup, the hand) of a Pig by seat 1 (team B never bids)."""
    dealt = deal(
        [
            "JH JH JD JD AH KH QC 9S",
            "9C 9C TC TC JC JC QC KC",
            "AH KH QH QH TH TH 9H 9H",
            "AC AC KC 9D 9D TD TD QD",
            "AD AD KD KD QD JS JS QS",
            "AS AS KS KS QS TS TS 9S",
        ]
    )
    pig_only = Strategy("pig", pig_threshold=0.3, hog_threshold=1.0, level_threshold=1.0)
    setup = GameSetup(Variant.of("pigs-and-hogs"), (pig_only, NEVER), 1)
    hand = _bid_and_exchange(
        setup.variant, setup, dealt, np.zeros(1, np.uint64), np.full(1, -1), np.array([5]), np.zeros((1, 2))
    )[0]
    return dealt, setup, hand


def test_pig_bidder_discards_void_first_receives_two_gifts_and_partners_sit_out():
    dealt, _, hand = _pig_hand()
    assert hand.bidder == 0 and hand.contract == Contract(PIG, 2, 8)
    assert hand.discards == void_first_discards(int(dealt[0, 0]), 2, 2)
    assert bin(hand.discards).count("1") == 2 and hand.discards & int(dealt[0, 0]) == hand.discards
    # then seat 3 gives its best trump (AH) and seat 5, holding none, its ace (AD)
    kept = int(dealt[0, 0]) & ~hand.discards
    assert sorted(parse_cards("AH AD")) == sorted(
        f for f in range(24) for c in range(2) if (int(hand.playing[0]) & ~kept) >> (2 * f + c) & 1
    )
    assert hand.gifts == ((2, parse_card("AH")), (4, parse_card("AD")))
    assert hand.playing[2] == hand.playing[4] == 0  # partners sit out with no cards in play
    assert hand.active == 0b101011  # seats 3 and 5 (indexes 2 and 4) sit out
    assert hand.leader == 0


def test_six_handed_tie_at_the_target_goes_to_the_bidding_team():
    variant = Variant.of("six-handed")
    scores = np.array([48, 46])
    hand = _Hand(dealer=0, dealt=None, bidder=1, contract=Contract(LEVEL, 2, 4), tricks_taken=4)
    points, winner = _score_hand(variant, scores, hand)
    assert points == (4, 4) and scores.tolist() == [52, 50]
    assert winner == 1  # team B bid, so B wins although A has more


def test_game_ends_on_the_hand_a_team_reaches_the_target():
    traced = trace_game("pigs-and-hogs(target=20)", BALANCED, BALANCED, 2, seed=9)
    final = traced.traces[-1].scores
    assert max(final) >= 20
    assert all(max(hand.scores) < 20 for hand in traced.traces[:-1])
    assert traced.scores[0].tolist() == list(final)
    assert final[int(traced.winner[0])] >= 20


def test_traced_play_matches_the_scored_tricks_and_the_leader_rules():
    for variant in ("pigs-and-hogs", "euchre"):
        traced = trace_game(variant, BALANCED, BUILT_INS["aggressive"], 1, seed=2)
        for hand in traced.traces:
            trace = hand.trace
            if trace.contract is None:
                continue
            bidding_team = sum(1 for trick in trace.tricks if trick.winner % 2 == trace.bidder % 2)
            assert bidding_team == trace.tricks_taken
            expected = trace.bidder if variant == "pigs-and-hogs" else (trace.dealer + 1) % 4
            while not trace.active >> expected & 1:
                expected = (expected + 1) % trace.players
            assert trace.tricks[0].leader == expected


# --------------------------------------------------------------------------- results


@pytest.mark.parametrize("variant,games", [("euchre", 400), ("pigs-and-hogs(target=30)", 240)])
def test_a_strategy_playing_itself_wins_about_half_its_games(variant, games):
    totals = play_games(variant, BALANCED, BALANCED, games, seed=11)
    wins = int((totals.winner == 0).sum())
    assert abs(wins - games / 2) <= 3.3 * np.sqrt(games / 4)  # a 99.9% binomial band
    assert set(np.unique(totals.winner)) == {0, 1}


def test_results_do_not_depend_on_the_batch_size():
    whole = play_games("piq", BALANCED, BUILT_INS["aggressive"], 60, seed=4)
    pieces = play_games("piq", BALANCED, BUILT_INS["aggressive"], 60, seed=4, batch=7)
    for name in ("winner", "hands", "thrown_in", "scores", "contracts"):
        assert np.array_equal(getattr(whole, name), getattr(pieces, name)), name


def test_results_do_not_depend_on_the_worker_count():
    one = play_games("six-handed", BALANCED, BUILT_INS["cautious"], 24, seed=6)
    two = play_games("six-handed", BALANCED, BUILT_INS["cautious"], 24, seed=6, workers=2)
    for name in ("winner", "hands", "scores", "contracts"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name


def test_trace_replays_the_same_game_as_the_run():
    run = play_games("euchre(stick_the_dealer=true)", BALANCED, BUILT_INS["aggressive"], 8, seed=21)
    traced = trace_game("euchre(stick_the_dealer=true)", BALANCED, BUILT_INS["aggressive"], 5, seed=21)
    assert traced.scores[0].tolist() == run.scores[5].tolist()
    assert traced.hands[0] == run.hands[5] == len(traced.traces)


def test_pimc_worlds_hear_the_auction_of_a_game_but_not_the_sitting_out_seats():
    # the Pig above: seats 2, 4, 6 (indexes 1, 3, 5) never bid (NEVER) and play; seat 1
    # bid Pig and exchanged, its partners sit out: the defenders' passes are checked, and
    # the Pig on the hands seat 1 may have been dealt before the exchange
    _, setup, hand = _pig_hand()
    check = _knowledge(hand, setup).auction
    rows = check.bids
    assert rows[:, 0].tolist() == [0, 1, 3, 5] and rows[1:, 3].tolist() == [-1, -1, -1]  # the passes
    assert check.exchanger == 0 and not check.picked_up
    # the deal as played explains the Pig: some way it was dealt bids it
    world = np.array(
        [
            to_contract(h, np.int64(hand.contract.denom)) if hand.active >> s & 1 else 0
            for s, h in enumerate(hand.playing)
        ],
        np.uint64,
    )  # the partners sit out: their cards and the discards are out of play
    work = np.empty((6, 10)), np.empty(3), np.empty((5, 3))
    played = np.zeros(6, np.uint64)
    assert exchange_chance(world, played, hand.contract.denom, check, 0, 0.0, *work) > 0.0
    assert auction_matches(world, played, 1, hand.contract.denom, check, *work)
    # a classic order-up by the dealer's left: that seat is checked (the dealer never bid;
    # one that keeps the upcard is checked on the hands it may have been dealt)
    dealt, hidden, upcards = _classic_deal(FARMER, "9S TS JS", "QS")
    classic = GameSetup(Variant.parse("euchre(farmers_hand=true)"), (BALANCED, BALANCED), 1)
    hand = _bid_and_exchange(
        classic.variant, classic, dealt, hidden, upcards, np.array([3]), np.zeros((1, 2))
    )[0]
    assert hand.bidder == 0 and hand.contract.kind == ORDER_UP
    knowledge = _knowledge(hand, classic)
    assert knowledge.auction.bids[:, 0].tolist() == [0]
    assert knowledge.auction.picked_up == bool(int(hand.playing[hand.dealer]) & 1 << (2 * hand.upcard))


def test_pimc_games_report_how_many_worlds_fit_the_auctions():
    # every world a PIMC seat deals is tested against the hand's auction: the run counts
    # them, the same in any batch, and the summary reports them (text and --json)
    one = play_games("euchre", BALANCED, BALANCED, 3, seed=4, play="pimc", worlds=3)
    two = play_games("euchre", BALANCED, BALANCED, 3, seed=4, play="pimc", worlds=3, batch=1)
    assert one.worlds_tally.tolist() == two.worlds_tally.tolist()
    variant = Variant.parse("euchre")
    summary = summarise_games(one, variant, (BALANCED, BALANCED), 4, "pimc")
    fit = summary.worlds_fit
    assert 0 < fit.worlds <= fit.dealt and fit.unmatched <= fit.worlds
    assert summary.to_dict()["worlds_fit"] == fit.to_dict()
    assert fit.describe().startswith(f"{fit.worlds:,} worlds, {fit.fit_share:.1%} of the {fit.dealt:,} deals")
    heuristic = play_games("euchre", BALANCED, BALANCED, 3, seed=4)
    assert not heuristic.worlds_tally.any()
    plain = summarise_games(heuristic, variant, (BALANCED, BALANCED), 4, "heuristic")
    assert plain.worlds_fit is None and "worlds_fit" not in plain.to_dict()


def test_pimc_seats_in_a_game_deal_a_rare_bids_trumps_on_purpose():
    # Pigs and Hogs: every bid is tested, and a level bid's strength is rare in uniform
    # worlds.  Dealt by rejection alone, this game's worlds had 19 of 1,206 kept without
    # explaining the bids and 1.5% of the deals fitting; with the bidder's trumps dealt
    # on purpose none is, the game's Pig (tested on the hands its bidder may have been
    # dealt before the exchange) included
    totals = play_games("pigs-and-hogs", BALANCED, BALANCED, 1, seed=1, play="pimc", worlds=3)
    fit = WorldsFit.from_tally(totals.worlds_tally)
    assert fit.worlds > 1000 and fit.unmatched == 0 and fit.fit_share > 0.03
