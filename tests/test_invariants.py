"""One seeded invariant harness over every variant and option combination.

Each case deals a seeded deal, runs a seeded random legal auction (or a given contract),
applies the exchanges and plays at random with a full trace; then checks the trace
against slow, obvious reference rules written here: every card played exactly once,
suit followed when able, each trick won by the right card, as many tricks as cards in a
hand, sitting-out seats never play, exchanges and pick-ups as the rules say, and the
score as the tables of RULES.md say.
"""

import itertools
import random

import pytest
from rules_hands import points_from_rules_tables

from euchre_mc.reports.traces import trace_dict
from euchre_mc.simulate.auction import ace_no_face, farmers_hand_cards, format_auction, legal_bids
from euchre_mc.simulate.cards import mask_to_faces
from euchre_mc.simulate.exchange import partners
from euchre_mc.simulate.rules import PASS, SPECS, Variant, all_contracts
from euchre_mc.simulate.trace import deal_cards, play_traced

JACK, LOW = 2, 5
SEEDS_PER_COMBINATION = 12


def every_variant_and_option_combination():
    """Every variant with every value of every option except the target (which only ends games)."""
    for name, spec in SPECS.items():
        choices = [
            (option.name, option.choices or (False, True))
            for option in spec.options
            if option.name != "target"
        ]
        for values in itertools.product(*(values for _, values in choices)):
            yield Variant.of(name, **{key: value for (key, _), value in zip(choices, values)})


VARIANTS = list(every_variant_and_option_combination())


# --------------------------------------------------------------------------- reference rules


def effective_suit(face: int, denom: int) -> int:
    suit, rank = divmod(face, 6)
    if denom < 4 and rank == JACK and suit == 3 - denom:  # the jack of the same colour
        return denom
    return suit


def power(face: int, denom: int) -> int:
    suit, rank = divmod(face, 6)
    if denom < 4 and effective_suit(face, denom) == denom:
        if rank == JACK:
            return 101 if suit == denom else 100
        return 50 + rank
    return 5 - rank if denom == LOW else rank


def reference_winner(plays, denom: int) -> int:
    best_seat, best_face = plays[0]
    for seat, face in plays[1:]:
        same_suit = effective_suit(face, denom) == effective_suit(best_face, denom)
        trumps_in = denom < 4 and effective_suit(face, denom) == denom != effective_suit(best_face, denom)
        if trumps_in or (same_suit and power(face, denom) > power(best_face, denom)):
            best_seat, best_face = seat, face
    return best_seat


def random_auction(variant, dealer: int, upcard, rng: random.Random):
    bids = []
    while True:
        seat, legal, may_pass = legal_bids(variant, dealer, bids, upcard)
        if seat is None:
            return bids
        bids.append(rng.choice(legal) if legal and (not may_pass or rng.random() < 0.3) else PASS)


# --------------------------------------------------------------------------- the checks


def check_deal(trace):
    variant = trace.variant
    dealt = [f for h in trace.dealt for f in mask_to_faces(h)]
    if variant.classic:
        dealt += mask_to_faces(trace.hidden_kitty) + [trace.upcard]
        if trace.farmer is not None:
            assert trace.farmer_shown == farmers_hand_cards(trace.dealt[trace.farmer], trace.upcard)
    assert sorted(dealt) == sorted(f for f in range(24) for _ in range(variant.copies))
    assert all(len(mask_to_faces(h)) == variant.hand_size for h in trace.dealt)


def check_thrown_in(trace):
    options = dict(trace.variant.options)
    if trace.thrown_in.startswith("misdeal"):
        eligible_ace = [s for s, h in enumerate(trace.dealt) if ace_no_face(h)]
        eligible_farmer = [s for s, h in enumerate(trace.dealt) if farmers_hand_cards(h, trace.upcard)]
        assert (options.get("ace_no_face") and eligible_ace) or (
            options.get("farmers_hand") and len(eligible_farmer) >= 2
        )
    else:
        assert all(b == PASS for b in trace.auction)
        assert len(trace.auction) == (2 * trace.players if trace.variant.classic else trace.players)
        assert not options.get("stick_the_dealer") and options.get("all_pass", "redeal") == "redeal"


def check_exchange(trace):
    contract, bidder, n = trace.contract, trace.bidder, trace.players
    start = list(trace.dealt)
    if trace.farmer is not None:  # the farmer's shown cards went to the kitty for its face-down cards
        start[trace.farmer] = (start[trace.farmer] & ~trace.farmer_shown) | trace.hidden_kitty
    if contract.exchange:
        gifts = 0
        for seat, face in trace.gifts:
            assert seat in partners(n, bidder)
            gift_bit = start[seat] & ~trace.playing[seat]
            assert mask_to_faces(gift_bit) == [face]
            gifts |= gift_bit
        assert trace.discards & ~start[bidder] == 0 and len(mask_to_faces(trace.discards)) == 2
        assert trace.playing[bidder] == (start[bidder] & ~trace.discards) | gifts
    elif contract.kind == "order up":
        six = start[trace.dealer] | 1 << (2 * trace.upcard)
        assert len(mask_to_faces(trace.discards)) == 1 and trace.discards & ~six == 0
        assert trace.playing[trace.dealer] == six & ~trace.discards
    else:
        assert tuple(trace.playing) == tuple(start)
        if trace.upcard is not None:  # turned down: out of play
            assert all(not h >> (2 * trace.upcard) & 1 for h in trace.playing)
    lone = contract.plays_alone
    for seat in range(n):
        sits_out = lone and seat in partners(n, bidder)
        assert bool(trace.active >> seat & 1) != sits_out


def check_play(trace):
    variant, denom, n = trace.variant, trace.contract.denom, trace.players
    assert len(trace.tricks) == variant.hand_size
    held = {s: sorted(mask_to_faces(trace.playing[s])) for s in range(n) if trace.active >> s & 1}
    active_seats = sorted(held)
    first_leader = trace.bidder if not variant.classic else (trace.dealer + 1) % n
    while first_leader not in held:  # the lead passes left
        first_leader = (first_leader + 1) % n
    assert trace.tricks[0].leader == first_leader
    team_tricks = 0
    for number, trick in enumerate(trace.tricks):
        if number:
            assert trick.leader == trace.tricks[number - 1].winner
        assert sorted(s for s, _ in trick.plays) == active_seats
        assert trick.plays[0][0] == trick.leader
        led = effective_suit(trick.plays[0][1], denom)
        for seat, face in trick.plays:
            assert face in held[seat], "a card played that the seat does not hold"
            could_follow = any(effective_suit(f, denom) == led for f in held[seat])
            assert not could_follow or effective_suit(face, denom) == led, "suit not followed"
            held[seat].remove(face)
        assert trick.winner == reference_winner(trick.plays, denom)
        team_tricks += trick.winner % 2 == trace.bidder % 2
    assert all(not cards for cards in held.values()), "every card is played exactly once"
    assert trace.tricks_taken == team_tricks
    contract = trace.contract
    assert trace.score == points_from_rules_tables(
        variant.name, contract.kind, contract.level, contract.alone, team_tricks
    )


def check_trace(trace):
    check_deal(trace)
    if trace.thrown_in:
        check_thrown_in(trace)
        return
    check_exchange(trace)
    check_play(trace)


# --------------------------------------------------------------------------- the harness


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_random_auctions_exchanges_and_playouts_keep_the_rules(variant):
    rng = random.Random(str(variant))
    for seed in range(SEEDS_PER_COMBINATION):
        dealer = seed % variant.players
        _, _, upcard = deal_cards(variant, seed)
        auction = random_auction(variant, dealer, upcard, rng)
        trace = play_traced(variant, seed=seed, dealer=dealer, auction=format_auction(auction))
        check_trace(trace)


@pytest.mark.parametrize("name", ["pigs-and-hogs", "six-handed"])
def test_every_contract_of_a_level_variant_plays_by_the_rules(name):
    for index, contract in enumerate(all_contracts(name)):
        trace = play_traced(name, seed=1000 + index, contract=str(contract), bidder=index % 6)
        check_trace(trace)


@pytest.mark.parametrize("name", ["euchre(no_trump=true)", "piq"])
def test_every_contract_of_a_classic_variant_plays_by_the_rules(name):
    for seed in range(6):
        _, _, upcard = deal_cards(name, seed)
        for index, contract in enumerate(all_contracts(name, upcard)):
            trace = play_traced(name, seed=seed, contract=str(contract), bidder=index % 4, dealer=seed % 4)
            check_trace(trace)


def test_harness_covers_every_option_combination():
    assert len(VARIANTS) == 1 + 2 + 16 + 2


@pytest.mark.parametrize("name", list(SPECS))
def test_same_seed_same_trace(name):
    assert trace_dict(play_traced(name, seed=99)) == trace_dict(play_traced(name, seed=99))
    assert trace_dict(play_traced(name, seed=99)) != trace_dict(play_traced(name, seed=100))


def test_harness_meets_farmers_hands_misdeals_and_throw_ins():
    variant = Variant.parse("euchre(farmers_hand=true,ace_no_face=true)")
    rng = random.Random(7)
    outcomes = {"farmer": 0, "misdeal": 0, "all passed": 0, "played": 0}
    for seed in range(300):
        _, _, upcard = deal_cards(variant, seed)
        auction = random_auction(variant, seed % 4, upcard, rng)
        trace = play_traced(variant, seed=seed, dealer=seed % 4, auction=format_auction(auction))
        check_trace(trace)
        outcomes["farmer"] += trace.farmer is not None
        outcomes["misdeal"] += bool(trace.thrown_in and trace.thrown_in.startswith("misdeal"))
        outcomes["all passed"] += bool(trace.thrown_in and trace.thrown_in.startswith("everyone"))
        outcomes["played"] += not trace.thrown_in
    assert all(count > 0 for count in outcomes.values()), outcomes
