"""Every auction rule of docs/rules.md, and the misdeal options of euchre, on literal bids and hands."""

import pytest
from rules_hands import cards, hand

from euchre_mc.simulate.rules.auction import (
    AuctionState,
    ace_no_face,
    auction_result,
    contract_auction,
    farmers_hand_cards,
    farmers_swap,
    format_auction,
    legal_bids,
    misdeal_calls,
    parse_auction,
)
from euchre_mc.simulate.rules.cards import parse_card
from euchre_mc.simulate.rules.contracts import PASS, Contract, parse_bid
from euchre_mc.simulate.rules.variants import RulesError

DEALER_6 = 5  # seat 6, 0-based
DEALER_4 = 3
UPCARD = parse_card("9S")


def bids(text, variant="pigs-and-hogs", upcard=None):
    return [parse_bid(b, variant, upcard) for b in text.split(",")] if text else []


# --------------------------------------------------------------------------- level auctions


def test_bidding_starts_left_of_the_dealer():
    assert legal_bids("pigs-and-hogs", DEALER_6, []).seat_to_bid == 0
    assert legal_bids("pigs-and-hogs", 2, []).seat_to_bid == 3
    assert legal_bids("six-handed", 2, bids("pass, pass", "six-handed")).seat_to_bid == 5


def test_source_example_auction_goes_to_the_five_hearts_bidder():
    auction = parse_auction("3 Clubs, pass, 5 Hearts, pass, pass, pass", "pigs-and-hogs", DEALER_6)
    assert auction_result("pigs-and-hogs", DEALER_6, auction) == (2, Contract("level", 2, 5))


def test_a_bid_must_raise_the_level():
    with pytest.raises(
        RulesError, match=r"bid 2 '4 Hearts' by seat 2: bids must rise above the high bid 4 Spades"
    ):
        parse_auction("4 Spades, 4 Hearts", "pigs-and-hogs", DEALER_6)
    parse_auction("4 Spades, 5 Hearts", "pigs-and-hogs", DEALER_6)


@pytest.mark.parametrize(
    "first,second",
    [("4 Spades", "4 Hearts"), ("4 Clubs", "4 Spades"), ("4 Hearts", "4 High No Trump"), ("6 Low", "5 High")],
)
def test_denomination_never_breaks_a_tie(first, second):
    with pytest.raises(RulesError, match="must rise"):
        parse_auction(f"{first}, {second}", "pigs-and-hogs", DEALER_6)


def test_legal_bids_are_exactly_the_higher_levels_then_pig_and_hog():
    state = legal_bids("pigs-and-hogs", DEALER_6, bids("6 Hearts"))
    legal, may_pass = list(state.legal), state.may_pass
    assert may_pass
    assert {(c.kind, c.level) for c in legal} == {("level", 7), ("level", 8), ("pig", 8), ("hog", 8)}
    assert len(legal) == 4 * 6


def test_pig_ranks_above_eight_and_hog_above_pig():
    parse_auction("8 Spades, Pig Clubs, Hog Low", "pigs-and-hogs", DEALER_6)
    with pytest.raises(RulesError, match="must rise above the high bid Pig Clubs"):
        parse_auction("Pig Clubs, Pig Hearts", "pigs-and-hogs", DEALER_6)
    with pytest.raises(RulesError, match="must rise above the high bid Pig Clubs"):
        parse_auction("Pig Clubs, 8 Hearts", "pigs-and-hogs", DEALER_6)


def test_after_hog_only_pass_is_left():
    state = legal_bids("pigs-and-hogs", DEALER_6, bids("Hog Hearts"))
    seat, legal, may_pass = state.seat_to_bid, list(state.legal), state.may_pass
    assert (seat, legal, may_pass) == (1, [], True)
    with pytest.raises(RulesError, match="allowed is only pass"):
        parse_auction("Hog Hearts, Hog Spades", "pigs-and-hogs", DEALER_6)


def test_pigs_and_hogs_dealer_is_stuck_after_five_passes():
    state = legal_bids("pigs-and-hogs", DEALER_6, [PASS] * 5)
    seat, legal, may_pass = state.seat_to_bid, list(state.legal), state.may_pass
    assert seat == DEALER_6 and not may_pass
    assert Contract("level", 0, 1) in legal  # any level from 1
    with pytest.raises(RulesError, match=r"bid 6 'pass' by seat 6 \(dealer\): the dealer is stuck"):
        parse_auction("pass, pass, pass, pass, pass, pass", "pigs-and-hogs", DEALER_6)


def test_dealer_is_not_stuck_once_someone_bid():
    assert legal_bids("pigs-and-hogs", DEALER_6, bids("pass, 1 Low, pass, pass, pass")).may_pass


def test_six_handed_alone_ranks_above_eight():
    state = legal_bids("six-handed", DEALER_6, bids("8 Spades", "six-handed"))
    legal = list(state.legal)
    assert {c.kind for c in legal} == {"alone"} and len(legal) == 6
    assert legal_bids("six-handed", DEALER_6, bids("Alone High", "six-handed")).legal == ()


def test_six_handed_has_no_pig_or_hog_and_pigs_and_hogs_no_alone():
    with pytest.raises(RulesError, match="six-handed has no Pig"):
        parse_auction("Pig Hearts", "six-handed", DEALER_6)
    with pytest.raises(RulesError, match="six-handed has no Hog"):
        parse_auction("Hog Hearts", "six-handed", DEALER_6)
    with pytest.raises(RulesError, match="pigs-and-hogs has no Alone"):
        parse_auction("Alone Hearts", "pigs-and-hogs", DEALER_6)


def test_six_handed_all_pass_redeal_throws_the_cards_in():
    assert legal_bids("six-handed", DEALER_6, [PASS] * 5).may_pass
    assert auction_result("six-handed", DEALER_6, [PASS] * 6) is None


def test_six_handed_all_pass_stick_makes_the_dealer_bid():
    assert not legal_bids("six-handed(all_pass=stick)", DEALER_6, [PASS] * 5).may_pass
    with pytest.raises(RulesError, match="the dealer is stuck"):
        auction_result("six-handed(all_pass=stick)", DEALER_6, [PASS] * 6)
    result = auction_result(
        "six-handed(all_pass=stick)", DEALER_6, [PASS] * 5 + [parse_bid("1 Low", "six-handed")]
    )
    assert result == (DEALER_6, Contract("level", 5, 1))


def test_each_seat_bids_once():
    with pytest.raises(RulesError, match="bid 7 'pass': the auction was already over after bid 6"):
        parse_auction("1 Clubs, pass, pass, pass, pass, pass, pass", "pigs-and-hogs", DEALER_6)


def test_unfinished_auction_has_no_result():
    with pytest.raises(RulesError, match="the auction is not finished: seat 3 has still to bid"):
        auction_result("pigs-and-hogs", DEALER_6, bids("3 Clubs, pass"))


def test_dealer_out_of_range():
    with pytest.raises(
        RulesError, match=r"dealer index 6: seat indexes are 0 to 5 \(seat 1 of the rules is 0\)"
    ):
        legal_bids("pigs-and-hogs", 6, [])


# --------------------------------------------------------------------------- classic


def classic(text, variant="euchre"):
    return parse_auction(text, variant, DEALER_4, UPCARD)


def test_classic_needs_the_upcard():
    with pytest.raises(RulesError, match="needs the upcard"):
        legal_bids("euchre", DEALER_4, [])


def test_round_one_order_up_ends_the_auction():
    assert auction_result("euchre", DEALER_4, classic("pass, order up"), UPCARD) == (
        1,
        Contract("order up", 3),
    )
    with pytest.raises(RulesError, match="already over after bid 2"):
        classic("pass, order up, pass")


def test_dealer_accepting_the_upcard_is_ordering_up():
    auction = classic("pass, pass, pass, pick it up")
    assert auction_result("euchre", DEALER_4, auction, UPCARD) == (DEALER_4, Contract("order up", 3))


def test_round_one_offers_only_the_upcard_suit():
    state = legal_bids("euchre", DEALER_4, [], UPCARD)
    seat, legal, may_pass = state.seat_to_bid, list(state.legal), state.may_pass
    assert seat == 0 and may_pass
    assert legal == [Contract("order up", 3), Contract("order up", 3, alone=True)]
    with pytest.raises(RulesError, match="in round 1 seat 1 may order up Spades"):
        classic("call Hearts")


def test_round_two_names_another_suit_never_the_turned_down_one():
    state = legal_bids("euchre", DEALER_4, [PASS] * 4, UPCARD)
    seat, legal, may_pass = state.seat_to_bid, list(state.legal), state.may_pass
    assert seat == 0 and may_pass
    assert sorted({c.denom for c in legal}) == [0, 1, 2]
    assert all(c.kind == "call" for c in legal)
    with pytest.raises(RulesError, match="turned-down upcard's suit"):
        classic("pass, pass, pass, pass, call Spades")
    with pytest.raises(RulesError, match="in round 2 seat 1 may call Clubs, Diamonds, Hearts"):
        classic("pass, pass, pass, pass, order up")


def test_round_two_call_wins():
    auction = classic("pass, pass, pass, pass, pass, call Hearts alone")
    assert auction_result("euchre", DEALER_4, auction, UPCARD) == (1, Contract("call", 2, alone=True))


@pytest.mark.parametrize(
    ("contract", "bidder", "variant", "auction"),
    [
        ("order up", 0, "euchre", "order up"),
        ("order up alone", 2, "euchre", "pass, pass, order up alone"),
        ("order up", DEALER_4, "piq", "pass, pass, pass, order up"),
        ("call Hearts", 1, "euchre", "pass, pass, pass, pass, pass, call Hearts"),
        ("call Clubs alone", 0, "euchre", "pass, pass, pass, pass, call Clubs alone"),
        (
            "call Hearts",
            DEALER_4,
            "euchre(stick_the_dealer=true)",
            "pass, pass, pass, pass, pass, pass, pass, call Hearts",
        ),
        ("call High No Trump", 2, "euchre(no_trump=true)", "pass, pass, pass, pass, pass, pass, call High"),
    ],
)
def test_a_classic_contract_implies_its_one_auction(contract, bidder, variant, auction):
    bid = parse_bid(contract, variant, UPCARD)
    implied = contract_auction(variant, DEALER_4, bidder, bid, UPCARD)
    assert implied == classic(auction, variant)
    assert auction_result(variant, DEALER_4, implied, UPCARD) == (bidder, bid)


def test_a_contract_no_classic_auction_gives_is_refused():
    # Spades was turned down: no seat may call it, so the stuck dealer is left to bid
    for variant in ("euchre", "euchre(stick_the_dealer=true)"):
        with pytest.raises(RulesError, match="no euchre auction ends in call Spades by seat 2"):
            contract_auction(variant, DEALER_4, 1, Contract("call", 3), UPCARD)


def test_a_bid_euchre_contract_implies_passes_around_its_bid():
    # the passes before the bid stand for bids not known (the card advice hears none of them)
    bid = parse_bid("5 Hearts", "pigs-and-hogs")
    implied = contract_auction("pigs-and-hogs", DEALER_6, 2, bid)
    assert format_auction(implied) == "pass, pass, 5 Hearts, pass, pass, pass"
    assert auction_result("pigs-and-hogs", DEALER_6, implied) == (2, bid)
    hog = parse_bid("Hog Spades", "pigs-and-hogs")
    assert (
        format_auction(contract_auction("pigs-and-hogs", 2, 2, hog))
        == "pass, pass, pass, pass, pass, Hog Spades"
    )


def test_all_pass_twice_throws_the_cards_in():
    assert auction_result("euchre", DEALER_4, classic(", ".join(["pass"] * 8)), UPCARD) is None
    assert auction_result("piq", DEALER_4, classic(", ".join(["pass"] * 8), "piq"), UPCARD) is None


@pytest.mark.parametrize("variant", ["euchre(stick_the_dealer=true)", "piq(stick_the_dealer=true)"])
def test_stick_the_dealer_must_name_a_suit_in_round_two(variant):
    state = legal_bids(variant, DEALER_4, [PASS] * 7, UPCARD)
    seat, legal, may_pass = state.seat_to_bid, list(state.legal), state.may_pass
    assert seat == DEALER_4 and not may_pass
    assert sorted({c.denom for c in legal}) == [0, 1, 2]
    with pytest.raises(RulesError, match=r"bid 8 'pass' by seat 4 \(dealer\): the dealer is stuck"):
        parse_auction(", ".join(["pass"] * 8), variant, DEALER_4, UPCARD)


def test_stick_the_dealer_does_not_bind_round_one():
    assert legal_bids("euchre(stick_the_dealer=true)", DEALER_4, [PASS] * 3, UPCARD).may_pass


def test_no_trump_option_allows_high_no_trump_in_round_two_only():
    state = legal_bids("euchre(no_trump=true)", DEALER_4, [PASS] * 4, UPCARD)
    legal = list(state.legal)
    assert Contract("call", 4) in legal and Contract("call", 4, alone=True) in legal
    with pytest.raises(RulesError, match="euchre has no High No Trump"):
        classic("pass, pass, pass, pass, call High No Trump")
    with pytest.raises(RulesError, match="in round 1"):
        classic("call High", "euchre(no_trump=true)")


def test_stuck_dealer_may_call_high_no_trump_with_both_options():
    variant = "euchre(no_trump=true,stick_the_dealer=true)"
    auction = classic(", ".join(["pass"] * 7) + ", call High", variant)
    assert auction_result(variant, DEALER_4, auction, UPCARD) == (DEALER_4, Contract("call", 4))


@pytest.mark.parametrize("variant", ["euchre", "euchre(no_trump=true)", "piq"])
def test_low_no_trump_is_never_callable_in_classic(variant):
    with pytest.raises(RulesError, match="no Low No Trump"):
        classic("pass, pass, pass, pass, call Low", variant)


def test_piq_has_no_no_trump():
    with pytest.raises(RulesError, match="piq has no High No Trump"):
        classic("pass, pass, pass, pass, call High", "piq")


def test_going_alone_is_part_of_the_bid():
    order_alone = classic("order up alone")[0]
    assert order_alone.alone and order_alone.plays_alone
    assert not classic("order up")[0].plays_alone


# --------------------------------------------------------------------------- misdeal options


@pytest.mark.parametrize(
    "text,eligible",
    [
        ("AS 9C TC 9D TD", True),
        ("AS AC 9C 9D TD", True),
        ("AS JC 9C 9D TD", False),  # a jack is a face card, bower or not
        ("AS QC 9C 9D TD", False),
        ("AS KC 9C 9D TD", False),
        ("9S 9C TC 9D TD", False),  # no ace
    ],
)
def test_ace_no_face(text, eligible):
    assert ace_no_face(hand(text)) is eligible


@pytest.mark.parametrize(
    "text,shown",
    [
        ("9C 9D 9H AS KS", ["9C", "9D", "9H"]),
        ("TC TH TS AD 9D", ["TC", "TH", "TS"]),
        ("9C 9D TH TS AS", []),
        ("9C 9D 9H 9S AS", ["9C", "9D", "9H"]),  # all four 9s: the one of the upcard's suit (9S) is kept
    ],
)
def test_farmers_hand_cards(text, shown):
    assert cards(farmers_hand_cards(hand(text), UPCARD)) == shown


def test_farmers_hand_with_four_keeps_the_upcard_suit():
    assert cards(farmers_hand_cards(hand("9C 9D 9H 9S AS"), parse_card("KD"))) == ["9C", "9H", "9S"]


def test_farmers_swap_trades_the_three_for_the_face_down_kitty():
    new_hand, new_kitty = farmers_swap(hand("9C 9D 9H AS KS"), hand("JH QH KH"), hand("9C 9D 9H"))
    assert cards(new_hand) == ["JH", "QH", "KH", "KS", "AS"]
    assert cards(new_kitty) == ["9C", "9D", "9H"]


def test_farmers_swap_needs_three_cards_of_the_hand():
    with pytest.raises(RulesError, match="farmer's hand swap"):
        farmers_swap(hand("9C 9D 9H AS KS"), hand("JH QH KH"), hand("9C 9D TH"))


FARMER_DEAL = [hand("9C 9D 9H AS KS"), hand("QC KC AC QD KD"), hand("JC JD JH QH KH"), hand("AD AH JS QS TC")]
KITTY = hand("TD TH TS")


def test_misdeal_options_off_change_nothing():
    calls = misdeal_calls("euchre", FARMER_DEAL, KITTY, UPCARD, DEALER_4)
    assert calls.hands == tuple(FARMER_DEAL) and calls.misdeal is None and calls.farmer is None


def test_one_farmers_hand_swaps():
    calls = misdeal_calls("euchre(farmers_hand=true)", FARMER_DEAL, KITTY, UPCARD, DEALER_4)
    assert calls.farmer == 0 and calls.misdeal is None
    assert cards(calls.hands[0]) == ["TD", "TH", "TS", "KS", "AS"]
    assert cards(calls.hidden_kitty) == ["9C", "9D", "9H"]


def test_two_farmers_hands_are_a_misdeal():
    deal = [hand("9C 9D 9H AS KS"), hand("TC TD TH QD KD"), hand("JC JD JH QH KH"), hand("AD AH JS QS KC")]
    calls = misdeal_calls("euchre(farmers_hand=true)", deal, hand("AC QC TS"), UPCARD, DEALER_4)
    assert calls.misdeal == "seat 1 and seat 2 both call farmer's hand"


def test_ace_no_face_is_a_misdeal_and_comes_before_a_farmers_swap():
    deal = [hand("9C 9D 9H AS TC"), hand("QC KC AC QD KD"), hand("JC JD JH QH KH"), hand("AD AH JS QS KS")]
    calls = misdeal_calls("euchre(farmers_hand=true,ace_no_face=true)", deal, KITTY, UPCARD, DEALER_4)
    assert calls.misdeal == "seat 1 calls ace-no-face" and calls.farmer is None


def test_players_may_decline_the_calls():
    calls = misdeal_calls(
        "euchre(farmers_hand=true)", FARMER_DEAL, KITTY, UPCARD, DEALER_4, call_farmers_hand=False
    )
    assert calls.hands == tuple(FARMER_DEAL)


# --------------------------------------------------------------------------- verify / can / bid


def test_a_stuck_dealer_may_not_pass_and_verify_says_why():
    state = AuctionState.start("pigs-and-hogs", DEALER_6)
    for _ in range(5):
        assert state.can_pass()
        state = state.bid(PASS)
    assert state.seat_to_bid == DEALER_6 and not state.can_pass()
    assert not state.can_bid(PASS) and state.can_bid(Contract("level", 0, 1))
    with pytest.raises(RulesError) as error:
        state.verify_bid(PASS)
    assert (
        str(error.value)
        == "bid 6 'pass' by seat 6 (dealer): the dealer is stuck after five passes and must bid"
    )
    done = state.bid(Contract("level", 0, 1))
    assert done.over and done.winner == (DEALER_6, Contract("level", 0, 1))


def test_an_over_call_is_legal_and_an_equal_level_is_not():
    state = AuctionState.start("pigs-and-hogs", DEALER_6).bid(Contract("level", 3, 4))
    over_call = Contract("level", 2, 5)
    assert state.can_bid(over_call) and not state.can_bid(Contract("level", 2, 4))
    state.verify_bid(over_call)  # does not raise
    after = state.bid(over_call)
    assert after.winner == (1, over_call) and after.seat_to_bid == 2
    assert after.can_bid(Contract("pig", 0, 8)) and not after.can_bid(Contract("level", 0, 5))
    with pytest.raises(RulesError) as error:
        state.bid(Contract("level", 2, 4))
    assert str(error.value) == (
        "bid 2 '4 Hearts' by seat 2: bids must rise above the high bid 4 Spades; "
        "allowed is a level of 5 or more, Pig, Hog or pass"
    )


def test_classic_round_two_refuses_the_turned_down_suit():
    state = legal_bids("euchre", DEALER_4, [PASS] * 4, UPCARD)  # the 9S was turned down
    assert state.seat_to_bid == 0 and state.can_pass()
    assert not state.can_bid(Contract("call", 3)) and not state.can_bid(Contract("order up", 3))
    assert state.can_bid(Contract("call", 2)) and state.can_bid(Contract("call", 0, alone=True))
    with pytest.raises(RulesError) as error:
        state.verify_bid(Contract("call", 3))
    assert str(error.value) == (
        "bid 5 'call Spades' by seat 1: in round 2 seat 1 may call Clubs, Diamonds, Hearts "
        "(alone or not) or pass"
    )
    assert state.bid(Contract("call", 2)).winner == (0, Contract("call", 2))


def test_a_finished_auction_takes_no_more_bids():
    state = AuctionState.start("euchre", DEALER_4, UPCARD).bid(Contract("order up", 3))
    assert state.over and not state.can_pass() and not state.can_bid(Contract("order up", 3))
    with pytest.raises(RulesError, match=r"^bid 2 'pass': the auction was already over after bid 1$"):
        state.verify_bid(PASS)


def test_states_are_frozen():
    state = AuctionState.start("six-handed", DEALER_6)
    with pytest.raises(AttributeError):
        state.index = 3
    assert state.bid(PASS) is not state and state.index == 0
