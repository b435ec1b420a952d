"""What the play says: PIMC's worlds weighed by the cards the other seats played.

On a small late-trick position every world consistent with what the viewer saw is
enumerated and the rules of thumb replayed in each by the test itself: the sampler's
exact worlds are uniform among those the rules explain, its acceptance is their share,
and its soft weights average as the enumeration's.  A pinned best-card position where
the play decides, seeded runs alike for any thread count, and the PIMC playout with and
without the evidence."""

import itertools
import json
from collections import Counter

import numba
import numpy as np
import pytest

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.kernels.bidding import no_auction
from euchre_mc.simulate.kernels.contract import beats, legal_cards, table_deck, to_contract
from euchre_mc.simulate.kernels.dealing import deal_many
from euchre_mc.simulate.kernels.evidence import EXACT, NO_PLAY, PLAY_EPS, SOFT, play_evidence
from euchre_mc.simulate.kernels.heuristic import heuristic_card
from euchre_mc.simulate.kernels.pimc import MAX_REDEALS, SeatView, no_lengths, sample_world
from euchre_mc.simulate.kernels.play import play_heuristic_deal
from euchre_mc.simulate.kernels.rankings import SUIT_AT
from euchre_mc.simulate.play.playout import Knowledge, play_deals
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.rules.variants import RulesError

HEARTS = 2
ALL = 0b1111
REDEALS = np.int64(MAX_REDEALS)


def late_position(seed: int, tricks: int):
    """A classic deal played by the rules of thumb for ``tricks`` tricks, seen by seat 0:
    (hands now, the plays in order as (seat, card) rows, the voids shown), contract space."""
    pool = np.arange(0, 48, 2, dtype=np.int64)
    deal = deal_many(np.uint64(seed), 0, 1, np.zeros(4, np.uint64), np.full(4, 5, np.int64), pool)[0]
    hands = np.array([to_contract(np.uint64(h), np.int64(HEARTS)) for h in deal], np.uint64)
    record = np.empty((8, 5), np.int64)
    play_heuristic_deal(hands.copy(), 4, ALL, HEARTS, 0, 1, ALL, np.uint64(seed), record)
    plays, voids, leader = [], np.zeros(4, np.int64), 1
    for trick in range(tricks):
        seat, led = leader, -1
        for _ in range(4):
            card = int(record[trick, seat])
            plays.append((seat, card))
            hands[seat] &= ~np.uint64(1 << card)
            suit = int(SUIT_AT[HEARTS, card >> 1])
            if led < 0:
                led = suit
            elif suit != led:
                voids[seat] |= 1 << led
            seat = (seat + 1) % 4
        leader = int(record[trick, 4])
    return hands, np.array(plays, np.int64), voids


def replayed(world, plays, viewer=0, eps=PLAY_EPS):
    """(does the rule choose every other seat's card?, soft weight) by a replay of its own."""
    hands = [int(h) for h in world]
    for seat, card in plays:
        hands[seat] |= 1 << int(card)
    played, voids, weight, matched = 0, np.zeros(4, np.int64), 1.0, True
    for i, (seat, card) in enumerate(plays):
        seat, card = int(seat), int(card)
        if i % 4 == 0:
            leader, led, top, top_seat = seat, -1, -1, -1
        if seat != viewer:
            hand = np.uint64(hands[seat])
            unseen = np.uint64(int(table_deck(4)) & ~hands[seat] & ~played)
            choice = heuristic_card(hand, unseen, voids, seat, 4, ALL, HEARTS, 0, leader, led, top, top_seat)
            if choice >> 1 != card >> 1:
                matched = False
                faces = len({c >> 1 for c in range(48) if int(legal_cards(hand, HEARTS, led)) >> c & 1})
                weight *= eps / ((faces - 1) * (1 - eps))
        hands[seat] &= ~(1 << card)
        played |= 1 << card
        suit = int(SUIT_AT[HEARTS, card >> 1])
        if led < 0:
            led, top, top_seat = suit, card, seat
        else:
            if suit != led:
                voids[seat] |= 1 << led
            if beats(card, top, HEARTS):
                top, top_seat = card, seat
    return matched, weight


def consistent_worlds(hands, plays, voids):
    """Every world seat 0 cannot tell from the true one: seats 1-3 hold as many unseen
    cards as they do, none of a suit they showed out of; the rest is the kitty."""
    played = sum(1 << int(card) for _, card in plays)
    unseen = [c for c in range(0, 48, 2) if not (int(hands[0]) | played) >> c & 1]
    need = [bin(int(h)).count("1") for h in hands]
    out = []

    def shows_out(seat, c):
        return voids[seat] >> int(SUIT_AT[HEARTS, c >> 1]) & 1

    for first in itertools.combinations(unseen, need[1]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, need[2]):
            left = [c for c in rest if c not in second]
            for third in itertools.combinations(left, need[3]):
                world = [int(hands[0]), sum(1 << c for c in first), sum(1 << c for c in second)]
                world.append(sum(1 << c for c in third))
                shown = [c for s in (1, 2, 3) for c in range(48) if world[s] >> c & 1 and shows_out(s, c)]
                if not shown:
                    out.append(tuple(world))
    return out, unseen


def sampled(hands, plays, voids, unseen, mode, count, seed=7):
    """``count`` worlds of sample_world under the play evidence ``mode``, their weights and tally."""
    pool = np.uint64(sum(1 << c for c in unseen))
    counts = np.array([bin(int(h)).count("1") for h in hands], np.int64)
    played_by = np.zeros(4, np.uint64)
    for seat, card in plays:
        played_by[seat] |= np.uint64(1 << int(card))
    evidence = play_evidence(mode, plays, count, ALL)
    view = SeatView(
        np.int64(0), hands[0], counts, np.zeros(4, np.uint64), pool, voids, played_by,
        no_auction(), no_lengths(), evidence,
    )  # fmt: skip
    world = np.zeros(4, np.uint64)
    stats = np.zeros(5, np.int64)
    state = np.uint64(seed)
    worlds, weights = [], []
    for _ in range(count):
        state, _ = sample_world(
            state, view, np.int64(4), np.int64(HEARTS), world, stats, np.int64(MAX_REDEALS)
        )
        state = np.uint64(state)
        worlds.append(tuple(int(h) for h in world))
        weights.append(float(evidence.tally[0]))
    return worlds, np.array(weights), evidence.tally


@pytest.fixture(scope="module")
def position():
    hands, plays, voids = late_position(seed=19, tricks=4)
    worlds, unseen = consistent_worlds(hands, plays, voids)
    checks = {world: replayed(np.array(world, np.uint64), plays) for world in worlds}
    return hands, plays, voids, unseen, checks


def test_exact_worlds_are_uniform_among_those_the_rules_explain(position):
    hands, plays, voids, unseen, checks = position
    explained = [world for world, (matched, _) in checks.items() if matched]
    share = len(explained) / len(checks)
    assert 0.0 < share < 0.5  # the play says something, and the true world is among them
    count = 40 * len(explained)
    worlds, weights, tally = sampled(hands, plays, voids, unseen, EXACT, count)
    assert set(worlds) <= set(explained)
    assert np.all(weights == 1.0) and tally[1] == 0.0
    # uniform: each explained world's count within a loose band of the expected 40
    counts = Counter(worlds)
    assert len(counts) == len(explained)
    chi2 = sum((counts[w] - 40) ** 2 / 40 for w in explained)
    assert chi2 < len(explained) + 6 * np.sqrt(2 * len(explained))
    # the acceptance is the explained worlds' share of the consistent ones
    acceptance = tally[2] / tally[3]
    assert abs(acceptance - share) < 4 * np.sqrt(share * (1 - share) / tally[3])


def test_soft_weights_average_as_the_enumeration(position):
    hands, plays, voids, unseen, checks = position
    exact_mean = np.mean([weight for _, weight in checks.values()])
    worlds, weights, tally = sampled(hands, plays, voids, unseen, SOFT, 4000)
    assert set(worlds) <= set(checks)
    for world, weight in zip(worlds[:200], weights[:200]):
        assert weight == pytest.approx(checks[world][1])
    spread = np.std(weights) / np.sqrt(weights.size)
    assert abs(weights.mean() - exact_mean) < 4 * spread
    assert tally[4] == 4000  # every world weighed softly


def test_no_evidence_keeps_every_world_at_weight_one(position):
    hands, plays, voids, unseen, checks = position
    worlds, weights, tally = sampled(hands, plays, voids, unseen, NO_PLAY, 300)
    assert set(worlds) <= set(checks) and np.all(weights == 1.0) and tally[3] == 0


def cards(text: str) -> int:
    """Contract-space (Hearts) mask of the cards in ``text``."""
    return int(to_contract(np.uint64(faces_to_mask(parse_cards(text))), np.int64(HEARTS)))


def card(text: str) -> int:
    return cards(text).bit_length() - 1


def left_bower_shares(mode: int, count: int = 400) -> float:
    """Hearts called by seat 1 (0-based; the 9S upcard turned down); seat 0, a defender,
    leads the 9H and seat 1 shows out with the TS; seat 2, the leader's partner, holds
    KS QS AC KD 9C.  The weighted share of seat 2's worlds where the leader holds the
    left bower (JD)."""
    own = cards("KS QS AC KD 9C")
    plays = np.array([(0, card("9H")), (1, card("TS"))], np.int64)
    played = cards("9H TS")
    pool = int(table_deck(4)) & ~own & ~played & ~cards("9S")
    counts = np.array([4, 4, 5, 5], np.int64)
    voids = np.array([0, 1 << HEARTS, 0, 0], np.int64)
    played_by = np.array([cards("9H"), cards("TS"), 0, 0], np.uint64)
    evidence = play_evidence(mode, plays, count, ALL, declarer=1)
    view = SeatView(
        np.int64(2), np.uint64(own), counts, np.zeros(4, np.uint64), np.uint64(pool), voids, played_by,
        no_auction(), no_lengths(), evidence,
    )  # fmt: skip
    world = np.zeros(4, np.uint64)
    stats = np.zeros(5, np.int64)
    state, total, left = np.uint64(9), 0.0, 0.0
    for _ in range(count):
        state, _ = sample_world(
            state, view, np.int64(4), np.int64(HEARTS), world, stats, np.int64(MAX_REDEALS)
        )
        state = np.uint64(state)
        total += evidence.tally[0]
        left += evidence.tally[0] * bool(int(world[0]) & cards("JD"))
    return left / total


def test_a_defenders_trump_lead_shows_the_left_bower():
    # The rules of thumb lead trump from a defender's hand only with the right bower on
    # top (led itself) or with no side card at all: the 9H shows four more trumps, the
    # left bower among them in four worlds of five.  Unheard, the leader holds it in
    # about one world of three.
    assert left_bower_shares(EXACT) > 0.7
    assert left_bower_shares(NO_PLAY) < 0.4


BOWER_LEAD = dict(
    variant="euchre",
    contract="call hearts",
    upcard="9S",
    dealer=4,
    bidder=2,
    seat=3,
    hand="KS QS AC KD 9C",
    current="1: 9H TS",
    worlds=60,
    max_worlds=60,
    seed=3,
    first=1,
    inference="none",
)


def test_best_card_hears_the_trump_lead():
    # With the play heard the leader holds five trumps: a sure euchre whatever seat 3
    # plays.  Unheard, the bidder makes it in about half the worlds.  The auction the
    # contract implies is not heard here: the fitted table would have called Hearts
    # with those five trumps, not passed, so no world explains both.
    heard = best_card(**BOWER_LEAD)
    assert heard.play_evidence == "exact" and "explain the play" in heard.played
    assert all(row.mean_points == 2.0 and row.p_make == 0.0 for row in heard.cards)
    deaf = best_card(**BOWER_LEAD, play_evidence="none")
    assert deaf.played == "" and all(0.3 < row.p_make < 0.9 for row in deaf.cards)


def classic_playouts(mode: str | None, count: int = 6) -> list[int]:
    """PIMC playouts of seeded classic deals, the worlds weighing the play by ``mode``
    (None: the Knowledge's default)."""
    pool = np.arange(0, 48, 2, dtype=np.int64)
    deals = deal_many(np.uint64(5), 0, count, np.zeros(4, np.uint64), np.full(4, 5, np.int64), pool)
    held, gone = np.zeros((count, 4, 4), np.uint64), np.zeros((count, 4), np.uint64)
    knowledge = Knowledge(held, gone) if mode is None else Knowledge(held, gone, play_evidence=mode)
    return play_deals(deals, HEARTS, 0, 1, ALL, "pimc", seed=2, worlds=8, knowledge=knowledge).tolist()


def test_seeded_runs_alike_for_any_thread_count():
    def everything():
        soft = best_card(**BOWER_LEAD, play_evidence="soft")
        return soft, classic_playouts("exact"), classic_playouts("soft")

    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = everything()
        numba.set_num_threads(max(threads, 2))
        many = everything()
    finally:
        numba.set_num_threads(threads)
    assert one == many


def test_play_evidence_names_are_checked():
    with pytest.raises(RulesError, match="play evidence 'sure'"):
        best_card(**BOWER_LEAD, play_evidence="sure")


def test_pimc_playouts_without_evidence_by_default():
    assert classic_playouts("none") == classic_playouts(None)


def test_weighted_worlds_rank_as_repeated_worlds():
    # A world weighing 2 counts as that world twice: the same means and P(make).
    from euchre_mc.simulate.advice.ranking import rank_candidates
    from euchre_mc.simulate.rules.cards import parse_card
    from euchre_mc.simulate.rules.contracts import parse_contract
    from euchre_mc.simulate.rules.variants import as_variant

    variant = as_variant("euchre")
    contract = parse_contract("call hearts", variant, parse_card("9S"))
    faces = [parse_card("9C"), parse_card("AC")]
    totals = [np.array([1, 3, 5, 2]), np.array([0, 3, 4, 2])]
    weighed = rank_candidates(variant, contract, faces, totals, False, np.array([2.0, 1.0, 1.0, 0.5]))
    twice = [np.array([1, 1, 3, 5, 1, 1, 3, 5, 2]), np.array([0, 0, 3, 4, 0, 0, 3, 4, 2])]
    repeated = rank_candidates(variant, contract, faces, twice, False)
    for one, other in zip(weighed, repeated):
        assert one.card == other.card
        assert one.mean_points == pytest.approx(other.mean_points)
        assert one.mean_tricks == pytest.approx(other.mean_tricks)
        assert one.p_make == pytest.approx(other.p_make)


def test_an_analysis_under_pimc_weighs_its_seats_worlds_by_the_play_when_asked():
    from click.testing import CliRunner

    from euchre_mc.cli import main
    from euchre_mc.simulate.analysis.question import make_question

    base = ["analyse", "--variant", "euchre", "--hand", "JH JD AH KS 9C", "--upcard", "9H"]
    base += ["--contracts", "order up", "--play", "pimc", "--worlds", "4", "--deals", "40", "--json"]
    runs = {}
    for mode in ("none", "soft", "exact"):
        result = CliRunner().invoke(main, [*base, "--play-evidence", mode])
        assert result.exit_code == 0, result.output
        runs[mode] = json.loads(result.stdout)
        assert runs[mode]["settings"]["play_evidence"] == mode
    default = json.loads(CliRunner().invoke(main, base).stdout)
    assert default["rows"] == runs["none"]["rows"]  # none is the default
    tricks = {mode: run["rows"][0]["tricks"] for mode, run in runs.items()}
    assert tricks["soft"] != tricks["none"] or tricks["exact"] != tricks["none"]  # the worlds moved the play
    with pytest.raises(RulesError, match="play evidence 'soft': it weighs the worlds of --play pimc"):
        make_question("euchre", "JH JD AH KS 9C", upcard="9H", play="dd", play_evidence="soft")
