"""One seeded invariant harness over every variant and option combination.

Everything is checked against slow, obvious reference rules written here: every card
played exactly once, suit followed when able, each trick won by the right card and
holding one card of every seat that plays, as many tricks as cards in a hand,
sitting-out seats never play, exchanges and pick-ups as the rules say, and the score as
the tables of docs/rules.md say.  The deals are played under all three models:

* **random**: seeded random auctions (or every contract), exchanges and random play
  with a full trace (``simulate.play.trace.play_traced``);
* **dd**: the same deals played card by card, every card asked of the solver
  (``simulate.play.solve.solve_position``): its legal cards are the reference's, a
  position's value is the best of its cards' values for the seat on move, and a card's
  value is that of the position it leads to; so a side that plays the solver's cards
  takes at least (declarers) or concedes at most (defenders) the double-dummy value
  whatever the other side plays, and the two sides' values add up to the tricks.
  Six seats that all play are cut to a five-card ending to keep it fast;
* **heuristic**: whole games (``simulate.games.game.trace_game``), whose hands are traced
  card by card (and whose scored tricks come from ``simulate.play.playout.play_deals``).

Whole games, heuristic and dd, keep the game flow: the scores add up hand by hand, the
deal moves left every hand, and the game ends on the first hand after which a team has
the target, the bidding team winning when both do (six-handed).
"""

import itertools
import random
from dataclasses import replace

import numpy as np
import pytest
from rules_hands import points_from_rules_tables

from euchre_mc.reports.traces import trace_dict
from euchre_mc.simulate.bidding.strategy import BUILT_INS, Strategy
from euchre_mc.simulate.dealing.deal import deal_tables
from euchre_mc.simulate.games.game import trace_game
from euchre_mc.simulate.play.playout import play_deals
from euchre_mc.simulate.play.solve import solve_position
from euchre_mc.simulate.play.trace import Trick, play_traced
from euchre_mc.simulate.rules.auction import ace_no_face, farmers_hand_cards, format_auction, legal_bids
from euchre_mc.simulate.rules.cards import mask_to_faces, suit_of
from euchre_mc.simulate.rules.contracts import PASS, all_contracts
from euchre_mc.simulate.rules.exchange import partners
from euchre_mc.simulate.rules.scoring import score
from euchre_mc.simulate.rules.variants import SPECS, Variant

JACK, LOW = 2, 5
SEEDS_PER_COMBINATION = 12


def every_variant_and_option_combination():
    """Every variant with every value of every option except the target (which only ends games)."""
    for name, spec in SPECS.items():
        choices = [
            (option.name, option.choices or (False, True))
            for option in spec.rule_options
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
        state = legal_bids(variant, dealer, bids, upcard)
        if state.over:
            return bids
        legal = state.legal
        bids.append(rng.choice(legal) if legal and (not state.can_pass() or rng.random() < 0.3) else PASS)


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
    options = dict(trace.variant.rule_options)
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
        assert trace.discards & ~start[bidder] == 0 and len(mask_to_faces(trace.discards)) == 2
        kept = start[bidder] & ~trace.discards
        gifts = trace.playing[bidder] & ~kept
        assert trace.playing[bidder] & kept == kept
        assert sorted(mask_to_faces(gifts)) == sorted(face for _, face in trace.gifts)
        assert sorted(seat for seat, _ in trace.gifts) == partners(n, bidder)
        for seat, face in trace.gifts:
            gift_bit = gifts & start[seat]
            assert mask_to_faces(gift_bit) == [face], "each partner gives one card of its own"
            if trace.playing[seat]:  # a playout keeps the partner's other cards; a game empties the hand
                assert trace.playing[seat] == start[seat] & ~gift_bit
    elif contract.kind == "order up":
        six = start[trace.dealer] | 1 << (2 * trace.upcard)
        assert len(mask_to_faces(trace.discards)) == 1 and trace.discards & ~six == 0
        if trace.playing[trace.dealer]:  # a game empties the hand of a dealer who sits out
            assert trace.playing[trace.dealer] == six & ~trace.discards
    else:
        playing = [seat for seat in range(n) if trace.active >> seat & 1]
        assert [trace.playing[s] for s in playing] == [start[s] for s in playing]
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


def upcard_of(variant, seed: int) -> int | None:
    """The upcard of the playout of ``seed`` (deal 0 of the seed), or None without a kitty."""
    upcard = int(deal_tables(variant, seed, 0, 1)[2][0])
    return None if upcard < 0 else upcard


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_random_auctions_exchanges_and_playouts_keep_the_rules(variant):
    rng = random.Random(str(variant))
    for seed in range(SEEDS_PER_COMBINATION):
        dealer = seed % variant.players
        upcard = upcard_of(variant, seed)
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
        upcard = upcard_of(name, seed)
        for index, contract in enumerate(all_contracts(name, upcard)):
            trace = play_traced(name, seed=seed, contract=str(contract), bidder=index % 4, dealer=seed % 4)
            check_trace(trace)


@pytest.mark.parametrize("name", list(SPECS))
def test_same_seed_same_trace(name):
    assert trace_dict(play_traced(name, seed=99)) == trace_dict(play_traced(name, seed=99))
    assert trace_dict(play_traced(name, seed=99)) != trace_dict(play_traced(name, seed=100))


def test_harness_meets_farmers_hands_misdeals_and_throw_ins():
    variant = Variant.parse("euchre(farmers_hand=true,ace_no_face=true)")
    rng = random.Random(7)
    outcomes = {"farmer": 0, "misdeal": 0, "all passed": 0, "played": 0}
    for seed in range(300):
        upcard = upcard_of(variant, seed)
        auction = random_auction(variant, seed % 4, upcard, rng)
        trace = play_traced(variant, seed=seed, dealer=seed % 4, auction=format_auction(auction))
        check_trace(trace)
        outcomes["farmer"] += trace.farmer is not None
        outcomes["misdeal"] += bool(trace.thrown_in and trace.thrown_in.startswith("misdeal"))
        outcomes["all passed"] += bool(trace.thrown_in and trace.thrown_in.startswith("everyone"))
        outcomes["played"] += not trace.thrown_in
    assert all(count > 0 for count in outcomes.values()), outcomes


# --------------------------------------------------------------------------- dd play, card by card


def remove_card(hand: int, face: int) -> int:
    """``hand`` less one copy of ``face``."""
    bit = 2 * face + 1 if hand >> (2 * face + 1) & 1 else 2 * face
    assert hand >> bit & 1, "a card played that the seat does not hold"
    return hand & ~(1 << bit)


def reference_legal(hand: int, trick, denom: int) -> list[int]:
    """The distinct faces the seat may play: the led suit if it holds one, else anything."""
    faces = sorted(set(mask_to_faces(hand)))
    if not trick:
        return faces
    led = effective_suit(trick[0][1], denom)
    following = [face for face in faces if effective_suit(face, denom) == led]
    return following or faces


def dd_line(hands, denom: int, declarer: int, leader: int, active: int, perfect: set, rng):
    """Play a position out card by card and check the solver at every card.

    Seats of a team in ``perfect`` play a card the solver values best for their team; the
    other seats play a uniformly random legal card.  At every card: the solver's legal
    cards are the reference rules' legal cards, the position's value is the best of its
    cards' values for the seat on move, and a card's value is the value of the position
    it leads to.  Returns (tricks, declarer team's tricks, the value of the start).
    """
    n, team = len(hands), declarer % 2
    hands = list(hands)
    seats = [seat for seat in range(n) if active >> seat & 1]
    size = len(mask_to_faces(hands[seats[0]]))
    while leader not in seats:
        leader = (leader + 1) % n
    root = solve_position(hands, denom, declarer, leader, active, leads=False).tricks
    won, expected, tricks = 0, root, []
    for _ in range(size):
        plays, seat = [], leader
        for _ in seats:
            position = solve_position(hands, denom, declarer, leader, active, trick=tuple(plays))
            assert won + position.tricks == expected, "a card's value is the value of what follows"
            legal = reference_legal(hands[seat], plays, denom)
            assert sorted(position.leads) == legal
            best = max if seat % 2 == team else min
            assert position.tricks == best(position.leads.values())
            if seat % 2 in perfect:
                face = next(f for f in legal if position.leads[f] == position.tricks)
            else:
                face = rng.choice(legal)
            expected = won + position.leads[face]
            plays.append((seat, face))
            hands[seat] = remove_card(hands[seat], face)
            seat = seats[(seats.index(seat) + 1) % len(seats)]
        winner = reference_winner(plays, denom)
        tricks.append(Trick(leader, tuple(plays), winner))
        won += winner % 2 == team
        leader = winner
    assert won == expected and not any(hands), "every card is played once"
    return tuple(tricks), won, root


def in_play(trace, cards: int | None = None) -> list[int]:
    """The hands in play of a traced deal (sitting-out seats hold none), cut to ``cards`` each."""
    hands = []
    for seat, hand in enumerate(trace.playing):
        bits = [bit for bit in range(48) if hand >> bit & 1] if trace.active >> seat & 1 else []
        hands.append(sum(1 << bit for bit in bits[:cards]))
    return hands


def leader_of(trace) -> int:
    return (trace.dealer + 1) % trace.players if trace.variant.classic else trace.bidder


PERFECT = ({0, 1}, "declarer", "defenders")  # who plays perfectly, in turn over the seeds


def check_dd_line(trace, seed: int, cards: int | None = None) -> None:
    """dd play of a traced deal: the line keeps the rules, scores by the tables, and each
    side playing perfectly gets at least the double-dummy value whatever the other does."""
    contract, team = trace.contract, trace.bidder % 2
    who = PERFECT[seed % 3]
    perfect = who if isinstance(who, set) else {team} if who == "declarer" else {1 - team}
    hands = in_play(trace, cards)
    tricks, won, root = dd_line(
        hands, contract.denom, trace.bidder, leader_of(trace), trace.active, perfect, random.Random(seed)
    )
    if perfect == {0, 1}:
        assert won == root
    elif perfect == {team}:
        assert won >= root, "perfect declarers take at least the dd value against any defence"
    else:
        assert won <= root, "perfect defenders hold the declarers to the dd value"
    table = np.array([hands], np.uint64)
    args = (contract.denom, trace.bidder, leader_of(trace), trace.active)
    assert play_deals(table, *args, model="dd").tolist() == [root]
    defender = next(s for s in range(trace.players) if trace.active >> s & 1 and s % 2 != team)
    size = len(tricks)
    assert play_deals(table, contract.denom, defender, leader_of(trace), trace.active).tolist() == [
        size - root
    ]
    if cards is None:  # a whole deal: the rules' own checks, the score included
        check_play(replace(trace, tricks=tricks, tricks_taken=won, score=score(trace.variant, contract, won)))


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_dd_play_card_by_card_keeps_the_rules_and_the_solvers_values(variant):
    """Seeded random auctions; all six seats playing are cut to a five-card ending."""
    rng = random.Random("dd " + str(variant))
    played = 0
    for seed in range(40):
        dealer = seed % variant.players
        upcard = upcard_of(variant, seed)
        auction = random_auction(variant, dealer, upcard, rng)
        trace = play_traced(variant, seed=seed, dealer=dealer, auction=format_auction(auction))
        if trace.thrown_in:
            continue
        six_play = bin(trace.active).count("1") == 6
        check_dd_line(trace, seed, cards=5 if six_play else None)
        played += 1
        if played == 3:
            break
    assert played == 3


@pytest.mark.parametrize(
    "name,contracts",
    [
        ("pigs-and-hogs", ["Pig Hearts", "Hog Low No Trump", "Pig High No Trump"]),
        ("six-handed", ["Alone Spades", "Alone High No Trump", "Alone Low No Trump"]),
        ("euchre(no_trump=true)", ["order up alone", "call High No Trump", "call High No Trump alone"]),
        ("piq", ["order up", "order up alone"]),
    ],
)
def test_dd_play_of_whole_lone_and_classic_deals(name, contracts):
    for index, contract in enumerate(contracts):
        for seed in range(3):
            trace = play_traced(name, seed=50 + seed, contract=contract, bidder=index, dealer=seed % 4)
            if contract.startswith("call") and trace.contract.denom == suit_of(trace.upcard):
                continue
            check_dd_line(trace, seed)


# --------------------------------------------------------------------------- whole games


def check_game(totals, variant, game: int) -> None:
    """A traced game: every hand keeps the rules, scores add up hand by hand, the deal
    moves left every hand, and the game ends on the first hand after which a team has
    the target (both teams there: the bidding team wins)."""
    n, target = variant.players, variant.target
    scores, thrown_in = [0, 0], 0
    for number, hand in enumerate(totals.traces):
        trace = hand.trace
        assert hand.number == number and trace.variant == variant
        assert trace.dealer == (game + number) % n, "game g is first dealt by seat g mod N + 1, then left"
        check_deal(trace)
        if trace.thrown_in:
            check_thrown_in(trace)
            thrown_in += 1
        else:
            check_exchange(trace)
            if trace.tricks:  # heuristic play is traced card by card
                check_play(trace)
            else:  # dd play: the tricks are the solver's value of the hands in play
                table = np.array([trace.playing], np.uint64)
                args = (trace.contract.denom, trace.bidder, leader_of(trace), trace.active)
                assert play_deals(table, *args, model="dd").tolist() == [trace.tricks_taken]
                contract = trace.contract
                assert trace.score == points_from_rules_tables(
                    variant.name, contract.kind, contract.level, contract.alone, trace.tricks_taken
                )
            team = trace.bidder % 2
            scores[team] += trace.score[0]
            scores[1 - team] += trace.score[1]
        assert hand.scores == tuple(scores)
        reached = [t for t in (0, 1) if scores[t] >= target]
        if number < len(totals.traces) - 1:
            assert not reached, "the game goes on until a team reaches the target"
    assert reached, "the game ends when a team reaches the target"
    winner = reached[0] if len(reached) == 1 else totals.traces[-1].trace.bidder % 2
    assert int(totals.winner[0]) == winner
    assert totals.scores[0].tolist() == scores
    assert int(totals.hands[0]) == len(totals.traces) and int(totals.thrown_in[0]) == thrown_in


GAME_SEED = 17
# Team B bids Pig, Alone and classic alone on thin estimates, so games meet the exchanges
# and a dealer who picks up for a lone partner, then sits out.
BOLD = Strategy("bold", pig_threshold=0.3, hog_threshold=0.1, alone_threshold=0.1)


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_whole_games_with_heuristic_play_keep_their_invariants(variant):
    for game in range(2):
        totals = trace_game(variant, BUILT_INS["balanced"], BOLD, game, seed=GAME_SEED)
        check_game(totals, variant, game)


@pytest.mark.parametrize(
    "name",
    [
        "euchre(stick_the_dealer=true,no_trump=true)",
        "piq",
        "pigs-and-hogs(target=15)",
        "six-handed(target=15)",
    ],
)
def test_whole_games_with_dd_play_keep_their_invariants(name):
    variant = Variant.parse(name)
    totals = trace_game(variant, BUILT_INS["aggressive"], BUILT_INS["balanced"], 3, seed=GAME_SEED, play="dd")
    check_game(totals, variant, 3)


def test_six_handed_games_meet_both_teams_at_the_target_and_the_bidding_team_wins():
    variant = Variant.parse("six-handed(target=15)")
    both = 0
    for game in range(10):
        totals = trace_game(variant, BUILT_INS["balanced"], BUILT_INS["aggressive"], game, seed=1)
        check_game(totals, variant, game)
        both += min(totals.traces[-1].scores) >= 15
    assert both > 0
