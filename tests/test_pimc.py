"""The PIMC play model and best-card: a seat that sees every card plays double dummy,
sampled worlds hold only what the seat may not have seen (and are uniform), obvious
cards are found, and results are pure functions of the seed."""

import itertools

import numba
import numpy as np
import pytest

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.kernels.bidding import no_auction
from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.dealing import deal_many
from euchre_mc.simulate.kernels.pimc import MAX_REDEALS, SeatView, no_lengths, sample_world, void_cards
from euchre_mc.simulate.kernels.rankings import SUIT_MASK
from euchre_mc.simulate.play.playout import Knowledge, play_deals
from euchre_mc.simulate.play.solve import solve_many
from euchre_mc.simulate.rules.cards import CardError
from euchre_mc.simulate.rules.variants import RulesError

HEARTS = 2
CLUBS, DIAMONDS, SPADES = 0, 1, 3
NO_AUCTION, NO_LENGTHS = no_auction(), no_lengths()  # the worlds below explain no bids


def random_deals(seats: int, count: int, seed: int = 1, active: int | None = None) -> np.ndarray:
    """Seeded whole deals (four seats: 5 cards of the 24; six: 8 of the 48), sitting-out seats emptied."""
    pool = np.arange(0, 48, 2 if seats == 4 else 1, dtype=np.int64)
    need = np.full(seats, 5 if seats == 4 else 8, np.int64)
    deals = deal_many(np.uint64(seed), 0, count, np.zeros(seats, np.uint64), need, pool)
    for seat in range(seats):
        if active is not None and not active >> seat & 1:
            deals[:, seat] = 0
    return deals


def everything_known(deals: np.ndarray) -> Knowledge:
    """Every seat knows every hand: the one world it can sample is the true deal."""
    count, seats = deals.shape
    held = np.broadcast_to(deals[:, None, :], (count, seats, seats)).copy()
    return Knowledge(held, np.zeros((count, seats), np.uint64))


@pytest.mark.parametrize(
    ("seats", "active", "count"),
    [(4, 0b1111, 12), (4, 0b0111, 6), (6, 0b101011, 2)],
    ids=["classic", "classic alone", "six-seat Hog"],
)
def test_one_world_with_every_card_seen_plays_double_dummy(seats, active, count):
    deals = random_deals(seats, count, active=active)
    exact = solve_many(deals, HEARTS, 0, 1, active)
    pimc = play_deals(
        deals, HEARTS, 0, 1, active, "pimc", seed=5, worlds=1, knowledge=everything_known(deals)
    )
    assert pimc.tolist() == exact.tolist()


def contract_cards(text: str, denom: int = HEARTS) -> np.uint64:
    from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards

    return np.uint64(to_contract(np.uint64(faces_to_mask(parse_cards(text))), np.int64(denom)))


def draw(count, viewer, own, counts, fixed, pool, voids, n_seats=4, denom=HEARTS, seed=3, counted=False):
    """``count`` worlds from sample_world; ``counted``: every one from the counting plan."""
    world = np.zeros(n_seats, np.uint64)
    stats = np.zeros(5, np.int64)
    state = np.uint64(seed)
    worlds = np.zeros((count, n_seats), np.uint64)
    view = SeatView(
        np.int64(viewer),
        np.uint64(own),
        counts,
        fixed,
        np.uint64(pool),
        voids,
        np.zeros(n_seats, np.uint64),
        NO_AUCTION,
        NO_LENGTHS,
    )
    for k in range(count):
        state, _ = sample_world(
            state,
            view,
            np.int64(n_seats),
            np.int64(denom),
            world,
            stats,
            np.int64(0 if counted else MAX_REDEALS),
        )
        state = np.uint64(state)  # numba returns it as a Python int
        worlds[k] = world
    assert stats[1] == count if counted else stats[1] <= count
    return worlds


def test_worlds_hold_no_seen_card_and_respect_every_void():
    # Seat 1 sees its hand and 8 played cards; seat 2 showed out of Clubs and Spades,
    # seat 4 of trumps; seat 3 is known to hold the 9H (the picked-up upcard).
    own = contract_cards("JH AH KC QS")
    played = contract_cards("JD KH QH TC 9C AD KD QD")
    fixed = np.zeros(4, np.uint64)
    fixed[2] = contract_cards("9H")
    deck = np.uint64(0x555555555555)
    pool = deck & ~own & ~played & ~fixed[2]
    voids = np.array([0, 1 << CLUBS | 1 << SPADES, 0, 1 << HEARTS], np.int64)
    counts = np.array([4, 3, 3, 3], np.int64)
    worlds = draw(4000, 0, own, counts, fixed, pool, voids)
    for world in worlds:
        assert world[0] == own
        assert [bin(int(h)).count("1") for h in world] == [4, 3, 3, 3]
        union = world[1] | world[2] | world[3]
        assert union & (own | played) == 0
        assert world[2] & fixed[2] == fixed[2]
        assert world[1] & void_cards(voids[1], HEARTS) == 0
        assert world[3] & SUIT_MASK[HEARTS, HEARTS] == 0


def test_six_seat_worlds_respect_voids():
    own = contract_cards("JH JH AH AH KH 9C 9C TC")
    fixed = np.zeros(6, np.uint64)
    deck = np.uint64(0xFFFFFFFFFFFF)
    pool = deck & ~own
    voids = np.array([0, 1 << HEARTS, 0, 1 << HEARTS | 1 << CLUBS, 0, 1 << SPADES], np.int64)
    counts = np.full(6, 8, np.int64)
    # so many voids starve rejection: these worlds all come from the counting plan
    worlds = draw(300, 0, own, counts, fixed, pool, voids, n_seats=6, counted=True)
    for world in worlds:
        assert sum(bin(int(h)).count("1") for h in world) == 48
        for seat in range(1, 6):
            assert world[seat] & void_cards(voids[seat], HEARTS) == 0
            assert world[seat] & own == 0


def test_world_frequencies_match_exact_counts():
    # Four unseen cards (AC, KC, AD, KD in a Hearts contract): seats 2, 3, 4 hold one
    # each, one is out of play, and seat 2 showed out of Clubs.
    own = contract_cards("JH")
    pool = contract_cards("AC KC AD KD")
    cards = [contract_cards(c) for c in ("AC", "KC", "AD", "KD")]
    voids = np.array([0, 1 << CLUBS, 0, 0], np.int64)
    counts = np.array([1, 1, 1, 1], np.int64)
    exact = {}
    valid = 0
    for order in itertools.permutations(range(4)):  # order[i]: the card of place i (seat 2, 3, 4, out)
        if order[0] in (0, 1):
            continue  # seat 2 cannot hold a club
        valid += 1
        for place in range(3):
            exact[(place + 1, order[place])] = exact.get((place + 1, order[place]), 0) + 1
    n = 20000
    worlds = draw(n, 0, own, counts, np.zeros(4, np.uint64), pool, voids, seed=11)
    for (seat, card), ways in exact.items():
        p = ways / valid
        seen = np.count_nonzero(worlds[:, seat] == cards[card]) / n
        assert abs(seen - p) < 4 * np.sqrt(p * (1 - p) / n), (seat, card, seen, p)


def test_worlds_are_exactly_uniform_where_rejection_starves():
    # Six seats, ten unseen cards, two to each of seats 2-6: two Clubs, two Diamonds, two
    # Hearts (trumps) and four Spades.  Seats 2-4 each showed out of two suits and seat 5
    # of three, so about one random deal in 2,000 fits: rejection starves and the worlds
    # come from the counting plan.  Every consistent deal must be equally likely.
    suits = (CLUBS, DIAMONDS, HEARTS, SPADES)
    cards = []
    for suit, many in zip(suits, (2, 2, 2, 4)):
        mask = int(SUIT_MASK[HEARTS, suit])
        for _ in range(many):
            cards.append(mask & -mask)
            mask &= mask - 1
    allowed = {1: {CLUBS, DIAMONDS}, 2: {DIAMONDS, HEARTS}, 3: {CLUBS, HEARTS}, 4: {SPADES}, 5: set(suits)}
    voids = np.array([0] + [sum(1 << s for s in suits if s not in allowed[o]) for o in range(1, 6)], np.int64)
    suit_of = {card: suit for suit in suits for card in cards if card & int(SUIT_MASK[HEARTS, suit])}

    def deals(left, seat):
        if seat == 6:
            yield ()
            return
        for pair in itertools.combinations(left, 2):
            rest = [c for c in left if c not in pair]
            for later in deals(rest, seat + 1):
                yield (pair[0] | pair[1], *later)

    every = list(deals(cards, 1))
    fits = [
        d for d in every if all(suit_of[c] in allowed[o + 1] for o, h in enumerate(d) for c in cards if c & h)
    ]
    assert len(every) == 113400 and 0 < len(fits) * 1000 < len(every)
    own = contract_cards("JH")
    counts = np.array([1, 2, 2, 2, 2, 2], np.int64)
    pool = np.uint64(sum(cards))
    n = 12000
    worlds = draw(n, 0, own, counts, np.zeros(6, np.uint64), pool, voids, n_seats=6, seed=5, counted=True)
    seen = {}
    for world in worlds:
        key = tuple(int(h) for h in world[1:])
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) <= set(fits)  # never a deal that breaks a void
    p = 1 / len(fits)
    for deal in fits:
        assert abs(seen.get(deal, 0) / n - p) < 4.5 * np.sqrt(p * (1 - p) / n), (deal, seen.get(deal), n * p)
    # the full sampler, rejection first, starves here (most of the time) and says so
    stats = np.zeros(5, np.int64)
    state, starved = np.uint64(1), 0
    view = SeatView(
        0, own, counts, np.zeros(6, np.uint64), pool, voids, np.zeros(6, np.uint64), NO_AUCTION, NO_LENGTHS
    )
    for _ in range(40):
        state, hungry = sample_world(state, view, 6, HEARTS, np.zeros(6, np.uint64), stats, MAX_REDEALS)
        state, starved = np.uint64(state), starved + hungry
    assert starved >= 20 and stats[1] == starved


def test_results_do_not_depend_on_threads_or_chunks():
    deals = random_deals(4, 8, seed=9)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = play_deals(deals, HEARTS, 0, 1, 15, "pimc", seed=4, worlds=6)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = play_deals(deals, HEARTS, 0, 1, 15, "pimc", seed=4, worlds=6)
    finally:
        numba.set_num_threads(before)
    halves = np.concatenate(
        [
            play_deals(deals[:3], HEARTS, 0, 1, 15, "pimc", seed=4, worlds=6),
            play_deals(deals[3:], HEARTS, 0, 1, 15, "pimc", seed=4, worlds=6, first_index=3),
        ]
    )
    assert one.tolist() == two.tolist() == halves.tolist()


def test_worlds_checked():
    with pytest.raises(RulesError, match="worlds 0: allowed are whole numbers 1 to 1000"):
        play_deals(random_deals(4, 1), HEARTS, 0, 1, 15, "pimc", worlds=0)


# --------------------------------------------------------------------------- best-card

# Trumps (Hearts) are all out after three tricks that seat 1, the maker, won.
NO_TRUMPS_LEFT = "1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC KC"
CLASSIC = dict(variant="euchre", contract="order up", bidder=1, upcard="9H", dealer=4, first=1, worlds=60)


def test_best_card_cashes_the_last_winner():
    advice = best_card(**CLASSIC, seat=1, hand="AS 9C", tricks=NO_TRUMPS_LEFT)
    assert advice.best == "AS"
    assert advice.won == 3
    assert advice.cards[0].mean_tricks > advice.cards[1].mean_tricks


def test_best_card_ruffs_the_ace():
    # QH is the last trump; seat 2 cannot follow to the AS and ruffs rather than throw JC.
    tricks = "1: JH KH TH 9H; 1: JD AH 9D QD; 1: AC TC QC KC"
    advice = best_card(**CLASSIC, seat=2, hand="QH JC", tricks=tricks, current="1: AS")
    assert advice.best == "QH"
    assert advice.cards[0].mean_tricks == 2.0


def test_best_card_keeps_the_guard_of_a_king_against_a_known_ace():
    # Spades trump; the dealer, seat 4, picked up the AS and has not played it, and both
    # bowers are gone.  Seat 1, void in Clubs on its partner's winning AC, keeps KS 9S:
    # throwing the 9S would leave the king alone under the ace.
    advice = best_card(
        "euchre",
        "order up",
        bidder=2,
        seat=1,
        hand="KS 9S QD",
        tricks="1: AH JS 9H JC; 2: KD AD 9D TD",
        current="3: AC QC",
        upcard="AS",
        dealer=4,
        first=1,
        worlds=60,
    )
    assert advice.best == "QD"
    by_card = {row.card: row for row in advice.cards}
    assert by_card["QD"].mean_tricks > by_card["9S"].mean_tricks + 0.3


def test_best_card_is_a_pure_function_of_the_seed():
    one = best_card(**CLASSIC, seat=1, hand="JD AH KS 9C", tricks="1: JH QH TH 9H")
    two = best_card(**CLASSIC, seat=1, hand="JD AH KS 9C", tricks="1: JH QH TH 9H")
    assert one == two
    assert {row.card for row in one.cards} == {"JD", "AH", "KS", "9C"}


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        (
            dict(hand="AS 9C", tricks="1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC TC QC AC"),
            CardError,
            "AC seen 2 times",
        ),
        (
            dict(hand="AS 9C", tricks="1: JH QH TH 9H; 1: JD KH 9D AH; 1: AC 9S QC KC; 1: AS 9C TC JC"),
            RulesError,
            "after showing out of Clubs",
        ),
        (
            dict(hand="AS 9C KS", tricks=NO_TRUMPS_LEFT),
            RulesError,
            "hand of 3 cards at trick 4: it must hold 2",
        ),
        (
            dict(hand="AS 9C", tricks="1: JH QH TH 9H; 2: JD KH 9D AH; 1: AC TC QC KC"),
            RulesError,
            "led by seat 2",
        ),
        (dict(hand="AS 9C", tricks=NO_TRUMPS_LEFT, current="2: KS"), RulesError, "led by seat 2"),
    ],
    ids=["card seen twice", "revoke", "hand size", "leader", "current trick leader"],
)
def test_best_card_position_errors(changes, error, message):
    with pytest.raises(error, match=message):
        best_card(**{**CLASSIC, "seat": 1, **changes})


# --------------------------------------------------------------------------- the commands


def test_analyse_under_pimc_says_strategy_fusion_and_compares_models():
    from click.testing import CliRunner

    from euchre_mc.cli import main

    common = ["analyse", "--variant", "euchre", "--hand", "JH JD AH KS 9C", "--upcard", "9H"]
    common += ["--seat", "1", "--dealer", "4", "--contracts", "order up", "--deals", "40", "--worlds", "5"]
    played = CliRunner().invoke(main, [*common, "--play", "pimc"])
    assert played.exit_code == 0, played.output
    assert "play pimc (5 worlds a decision)" in played.output
    assert "(strategy fusion)" in " ".join(played.output.split())
    compared = CliRunner().invoke(main, [*common, "--compare-play", "--json"])
    assert compared.exit_code == 0, compared.output
    import json

    table = json.loads(compared.output)
    assert table["deals"] == 40 and table["worlds"] == 5
    (row,) = table["contracts"]
    assert row["contract"] == "order up" and set(row) == {"contract", "dd", "pimc", "heuristic"}


def test_best_card_command_and_its_errors():
    from click.testing import CliRunner

    from euchre_mc.cli import main

    position = ["best-card", "--variant", "euchre", "--contract", "order up", "--upcard", "9H"]
    position += ["--dealer", "4", "--bidder", "1", "--seat", "1", "--worlds", "30"]
    ok = CliRunner().invoke(main, [*position, "--hand", "AS 9C", "--tricks", NO_TRUMPS_LEFT])
    assert ok.exit_code == 0, ok.output
    assert "Play AS" in ok.output and "(strategy fusion)" in " ".join(ok.output.split())
    bad = CliRunner().invoke(main, [*position, "--hand", "AS 9C AC", "--tricks", NO_TRUMPS_LEFT])
    assert bad.exit_code == 2
    assert bad.output.strip().splitlines()[-1].startswith("Error: ")


# --------------------------------------------------------------------------- discards and gifts


def worlds_for(knowledge, hands, deal, viewer, denom, count=300):
    """``count`` worlds seat ``viewer`` deals at the first card of ``deal``, from what it knows."""
    n = hands.shape[1]
    own = np.uint64(to_contract(np.uint64(hands[deal, viewer]), np.int64(denom)))
    held = knowledge.held[deal, viewer]
    fixed = np.array([to_contract(np.uint64(c), np.int64(denom)) for c in held], np.uint64)
    fixed[viewer] = 0
    gone = np.uint64(to_contract(np.uint64(knowledge.gone[deal, viewer]), np.int64(denom)))
    deck = np.uint64(0x555555555555 if n == 4 else 0xFFFFFFFFFFFF)
    pool = deck & ~own & ~gone
    for o in range(n):
        pool &= ~fixed[o]
    counts = np.array([bin(int(h)).count("1") for h in hands[deal]], np.int64)
    worlds = draw(count, viewer, own, counts, fixed, pool, np.zeros(n, np.int64), n_seats=n, denom=denom)
    return worlds, gone


def test_the_discarder_knows_its_discards_and_its_worlds_never_hold_them():
    from euchre_mc.simulate.analysis.layouts import _knowledge, lay_out_with_discards, layout_of
    from euchre_mc.simulate.analysis.question import make_question
    from euchre_mc.simulate.rules.contracts import parse_contract

    # classic: seat 1 orders up the 9H to dealer seat 4, who throws one card away
    question = make_question("euchre", "JH JD AH KS 9C", seat=0, dealer=3, upcard="9H", play="pimc")
    contract = parse_contract("order up", question.variant, question.upcard)
    layout = layout_of(question, contract)
    deals = random_deals(4, 20, seed=3)
    deals = deals[[int(np.bitwise_or.reduce(d)) & question.upcard_mask == 0 for d in deals]]  # 9H undealt
    hands, discards = lay_out_with_discards(question, layout, deals, None)
    assert all(bin(int(d)).count("1") == 1 for d in discards)
    knowledge = _knowledge(question, layout, hands, discards)
    for deal in range(hands.shape[0]):
        assert knowledge.gone[deal, 3] == discards[deal]  # the dealer knows its discard
        assert knowledge.gone[deal, 0] == 0  # nobody else does
        worlds, gone = worlds_for(knowledge, hands, deal, 3, HEARTS)
        assert gone and not np.any(worlds[:, :3] & gone)
    # Pig: seat 1 bids Pig; both partners give it a card and it discards two
    question = make_question("pigs-and-hogs", "JH JD AH KH QH AC 9S TD", seat=0, play="pimc")
    contract = parse_contract("Pig Hearts", question.variant)
    layout = layout_of(question, contract)
    from euchre_mc.simulate.dealing.deal import deal_unseen
    from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards

    deals = deal_unseen("pigs-and-hogs", {0: question.hand}, seed=4, count=10)
    thrown = faces_to_mask(parse_cards("9S TD"))
    hands, discards = lay_out_with_discards(question, layout, deals, thrown)
    knowledge = _knowledge(question, layout, hands, discards)
    for deal in range(hands.shape[0]):
        assert discards[deal] == thrown
        assert discards[deal] & hands[deal, 0] == 0
        assert knowledge.gone[deal, 0] == discards[deal]
        worlds, gone = worlds_for(knowledge, hands, deal, 0, HEARTS)
        assert not np.any(worlds[:, 1:] & gone)


def test_study_tells_the_dealer_its_discard():
    from euchre_mc.simulate.study import run as study

    seen = []
    real = study.play_deals

    def spy(hands, *args, knowledge=None, **kwargs):
        seen.append((hands.copy(), knowledge))
        return real(hands, *args, knowledge=knowledge, **kwargs)

    study.play_deals = spy
    try:
        study.study_chunk(study.make_params("euchre", 8, 2, play="heuristic"), 0)
    finally:
        study.play_deals = real
    thrown = [k for _, k in seen if k is not None and k.gone[:, 3].any()]
    assert thrown, "the order-up playouts pass the dealer's discard"
    for knowledge in thrown:
        assert all(bin(int(g)).count("1") == 1 for g in knowledge.gone[:, 3])


# --------------------------------------------------------------------------- before play


def test_best_discard_throws_the_lone_nine():
    from euchre_mc.simulate.advice.exchanges import best_discard

    # ordered up with four trumps, the AS and a singleton 9C: the 9C goes, the dealer is void
    advice = best_discard("euchre", "JH JD AH AS 9C", "KH", dealer=4, bidder=2, worlds=40, first=1)
    assert advice.best == "9C"
    assert sorted(row.card for row in advice.cards) == sorted(["JH", "JD", "AH", "AS", "9C", "KH"])
    assert all(row.p_make_low <= row.p_make <= row.p_make_high for row in advice.cards)
    assert advice == best_discard("euchre", "JH JD AH AS 9C", "KH", dealer=4, bidder=2, worlds=40, first=1)


def test_best_gift_gives_the_right_bower():
    from euchre_mc.simulate.advice.exchanges import best_gift

    advice = best_gift(
        "pigs-and-hogs", "Pig Hearts", "JH AS KS QC 9C TD TD 9S", bidder=1, seat=3, worlds=40, first=1
    )
    assert advice.best == "JH"
    assert len(advice.cards) == 7  # the two TD are one choice


def test_best_discard_and_gift_commands_and_their_errors():
    import json

    from click.testing import CliRunner

    from euchre_mc.cli import main

    discard = ["best-discard", "--variant", "euchre", "--upcard", "KH", "--dealer", "4", "--bidder", "2"]
    ok = CliRunner().invoke(main, [*discard, "--hand", "JH JD AH AS 9C", "--worlds", "20", "--json"])
    assert ok.exit_code == 0, ok.output
    table = json.loads(ok.output)
    assert table["decision"] == "discard" and table["best"] == table["cards"][0]["card"]
    gift = ["best-gift", "--variant", "pigs-and-hogs", "--contract", "Pig Hearts", "--bidder", "1"]
    text = CliRunner().invoke(
        main, [*gift, "--seat", "3", "--hand", "JH AS KS QC 9C TD TD 9S", "--worlds", "10"]
    )
    assert text.exit_code == 0, text.output
    assert "Give " in text.output and "double-dummy" in text.output
    for bad, message in (
        ([*discard, "--hand", "JH JD AH AS KH"], "upcard KH is also in your hand"),
        ([*discard, "--hand", "JH JD AH AS"], "hand of 4 cards"),
        ([*gift, "--seat", "2", "--hand", "JH AS KS QC 9C TD TD 9S"], "not a partner of the bidder"),
    ):
        result = CliRunner().invoke(main, bad)
        assert result.exit_code == 2, result.output
        assert result.output.strip().splitlines()[-1].startswith("Error: ") and message in result.output


def test_a_seat_plays_for_its_sides_points_then_its_tricks():
    from euchre_mc.simulate.kernels.pimc import best_mean_card, side_points

    # a classic order-up, the makers (team 0) with 1 trick won: a euchre, a make, a march
    goal = np.array([-2.0, -2.0, -2.0, 1.0, 1.0, 2.0])
    makers = side_points(goal, 0, 0, 1, np.zeros(6))
    assert makers.tolist() == [-2.0, -2.0, 1.0, 1.0, 2.0]  # 0..4 more tricks
    defenders = side_points(goal, 0, 1, 2, np.zeros(6))  # two won: a third euchres
    assert defenders.tolist() == [-1.0, 2.0, 2.0, 2.0]
    # for the makers, card 0 (face 0) marches in half the worlds and is euchred in the
    # rest (10 tricks, 0 points); card 2 (face 1) makes in every world (8 tricks, 4 points)
    values = np.full((4, 24), -1, np.int64)
    values[:, 0] = [4, 4, 1, 1]
    values[:, 1] = [2, 2, 2, 2]
    legal = np.uint64(0b101)  # contract faces 0 and 1 (bits 0 and 2)
    assert best_mean_card(legal, values, 4, makers) == 2
    assert best_mean_card(legal, values, 4, np.zeros(0)) == 0  # playing for tricks
    values[:, 1] = [3, 3, 1, 1]  # the same points as card 0 (0), fewer tricks: card 0
    assert best_mean_card(legal, values, 4, makers) == 0


def test_pimc_seats_in_analyses_and_games_play_for_the_contracts_points():
    from euchre_mc.simulate.analysis.layouts import Layout, layout_goal
    from euchre_mc.simulate.analysis.question import make_question
    from euchre_mc.simulate.play.playout import contract_goal
    from euchre_mc.simulate.rules.contracts import parse_contract
    from euchre_mc.simulate.rules.variants import as_variant

    euchre = as_variant("euchre")
    question = make_question(euchre, "JH JD AH KH QS", seat=1, dealer=3, upcard="9H", play="pimc")
    together = layout_goal(question, Layout("pickup", HEARTS, 0b1111, False))
    assert together == (-2.0, -2.0, -2.0, 1.0, 1.0, 2.0)
    assert layout_goal(question, Layout("pickup", HEARTS, 0b0111, False))[-1] == 4.0  # a lone march
    pigs = as_variant("pigs-and-hogs")
    hog = contract_goal(pigs, parse_contract("Hog Hearts", pigs))
    question = make_question(pigs, "JH JH JD AH KH QH 9S AC", seat=0, dealer=5, play="pimc")
    assert layout_goal(question, Layout("none", HEARTS, 0b010101, True)) == hog
    assert layout_goal(question, Layout("none", HEARTS, 0b111111, False)) == ()  # levels: tricks
