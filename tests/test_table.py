"""The table model: the auction after the analysed seat's options, and inference.

Literal deals are worked out by hand from the model's wishes (asserted first, so a
change of the evaluator's tables shows up as a changed wish, not a mystery); the
vectorised continuation and the inference are pinned against the games' per-deal
auction (:func:`run_auction` through AuctionState) on thousands of random deals.
"""

import numpy as np
import pytest

from euchre_mc.simulate.bidding.inference import (
    effective_sample_size,
    sample_consistent,
)
from euchre_mc.simulate.bidding.strategy import BUILT_INS, THRESHOLD_PARAMS, Strategy
from euchre_mc.simulate.bidding.table_model import (
    TableModel,
    code_contract,
    consistent,
    continue_auction,
    decide_bids,
    run_auction,
    seat_bids,
    soft_weights,
    table_model,
    unheard_passes,
)
from euchre_mc.simulate.dealing.deal import deal_tables, deal_unseen
from euchre_mc.simulate.rules.auction import legal_bids
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.contracts import PASS, Contract, parse_bid
from euchre_mc.simulate.rules.variants import RulesError, Variant

BALANCED = table_model("balanced")
NEVER = TableModel((Strategy("never", **dict.fromkeys(THRESHOLD_PARAMS, 1.0)),) * 2, "never")


def table(variant: Variant, text: str) -> np.ndarray:
    """One deal from ``"seat-1 cards / seat-2 cards / ..."``."""
    taken, hands = 0, []
    for seat in text.split("/"):
        hand = faces_to_mask(parse_cards(seat, copies=variant.copies), taken)
        taken |= hand
        hands.append(hand)
    return np.array([hands], np.uint64)


def wishes(model, variant, deals, dealer, upcard=None, round_one=True) -> list[str]:
    count = deals.shape[0]
    upcards = np.full(count, -1 if upcard is None else upcard)
    bids = seat_bids(
        variant, model.teams, deals, upcards, np.full(count, dealer), np.zeros((count, 2), np.int64)
    )
    return [str(code_contract(variant, int(c))) for c in bids.wishes(round_one)[0]]


def final(cont, option_text, variant, upcard=None):
    option = PASS if option_text == PASS else parse_bid(option_text, variant, upcard)
    found = cont.final(cont.options.index(option), 0)
    return None if found is None else (found[0], str(found[1]))


# --------------------------------------------------------------------------- the model


def test_table_model_from_a_name_a_file_or_none(tmp_path):
    assert BALANCED.teams == (BUILT_INS["balanced"],) * 2 and BALANCED.name == "balanced"
    assert (
        "from its own hand only" in BALANCED.description and "order_up_threshold 0.6" in BALANCED.description
    )
    assert table_model("none") is None
    path = tmp_path / "bold.toml"
    path.write_text('base = "aggressive"\nhog_threshold = 0.5\n', encoding="utf-8")
    bold = table_model(str(path))
    assert bold.name == "bold" and bold.teams[0].hog_threshold == 0.5
    with pytest.raises(RulesError, match="unknown strategy 'reckless'"):
        table_model("reckless")


# --------------------------------------------------------------------------- literal deals

PIGS = Variant.parse("pigs-and-hogs")
PIGS_DEAL = (
    "TC 9D 9D KD TH KH KH 9S / JC QC TD JH QH 9S TS KS / 9C AC QD AD QH AH AS AS / "
    "9C QC AC JD 9H 9H JS KS / KC KC QD KD AD JH TS QS / TC JC TD JD TH AH JS QS"
)


def test_pigs_and_hogs_overcall_exactly_where_a_later_wish_outranks_the_high_bid():
    deals = table(PIGS, PIGS_DEAL)
    dealer = 5  # seat 1 (index 0) bids first
    later = wishes(BALANCED, PIGS, deals, dealer)[1:]
    assert later == ["4 Spades", "6 High No Trump", "4 Low No Trump", "4 Diamonds", "4 Clubs"]
    cont = continue_auction(BALANCED, PIGS, dealer, 0, [], deals)
    assert len(cont.options) == 1 + 60 and cont.options[0] == PASS
    # a pass or any bid below 6: seat 3's 6 High No Trump overcalls, and nothing after it
    for option in (PASS, "1 Clubs", "3 Hearts", "4 Spades", "5 Low No Trump", "5 Clubs"):
        assert final(cont, option, PIGS) == (2, "6 High No Trump"), option
    # 6 or more: no later wish outranks it, the analysed seat plays its own bid
    for option in ("6 Clubs", "6 High No Trump", "7 Hearts", "8 Spades", "Pig Diamonds", "Hog Low No Trump"):
        assert final(cont, option, PIGS) == (0, option), option
    # after '3 Clubs' by seat 1 (dealer seat 6), seat 2's 4 Spades overcalls seat 1, seat 3 overcalls seat 2
    cont = continue_auction(BALANCED, PIGS, dealer, 1, [parse_bid("3 Clubs", PIGS)], deals)
    assert final(cont, PASS, PIGS) == (2, "6 High No Trump")
    assert final(cont, "7 Clubs", PIGS) == (1, "7 Clubs")


def test_pigs_and_hogs_stuck_dealer_after_the_analysed_pass():
    deals = table(PIGS, PIGS_DEAL)
    assert set(wishes(NEVER, PIGS, deals, 5)) == {"None"}
    bids = seat_bids(PIGS, NEVER.teams, deals, [-1], [5], np.zeros((1, 2), np.int64))
    best = bids.estimates.level[0, 5, :, 0]  # the dealer's P(team takes 1 or more), per denomination
    denom = int(np.argmax(best))
    cont = continue_auction(NEVER, PIGS, 5, 0, [], deals, options=[PASS, parse_bid("2 Hearts", PIGS)])
    assert cont.final(0, 0) == (5, Contract("level", denom, 1))
    assert cont.final(1, 0) == (0, parse_bid("2 Hearts", PIGS))
    redeal = continue_auction(NEVER, "six-handed", 5, 0, [], deals, options=[PASS])
    assert redeal.final(0, 0) is None and redeal.bidder[0, 0] == -1 and redeal.contract[0, 0] == -1


EUCHRE = Variant.parse("euchre")


def test_classic_round_one_pass_where_seat_three_orders_up():
    deals = table(EUCHRE, "TC QD AD QH QS / KC 9H TH JS AS / AC JD JH AH 9S / JC TD KH TS KS")
    upcard, dealer = parse_card("KD"), 3
    # P(make) ordering up: seat 2 0.49, seat 3 0.76 against the threshold 0.6
    assert wishes(BALANCED, EUCHRE, deals, dealer, upcard) == ["None", "None", "order up", "None"]
    cont = continue_auction(BALANCED, EUCHRE, dealer, 0, [], deals, upcard)
    assert cont.options == (PASS, Contract("order up", 1), Contract("order up", 1, alone=True))
    assert final(cont, PASS, EUCHRE, upcard) == (2, "order up")
    assert final(cont, "order up", EUCHRE, upcard) == (0, "order up")
    assert final(cont, "order up alone", EUCHRE, upcard) == (0, "order up alone")


ALL_PASS_DEAL = "9C JC TD JD QH / TC AC 9H KH AH / KC QD 9S QS KS / QC 9D AD TH JH"


def test_classic_all_pass_round_one_and_the_dealers_partner_calls_in_round_two():
    deals = table(EUCHRE, ALL_PASS_DEAL)
    upcard, dealer = parse_card("AS"), 3
    assert wishes(BALANCED, EUCHRE, deals, dealer, upcard) == ["None"] * 4
    # round 2: the analysed seat's own best call is 0.45 (pass); seat 2 calls Hearts at 0.78
    assert wishes(BALANCED, EUCHRE, deals, dealer, upcard, round_one=False)[:2] == ["None", "call Hearts"]
    cont = continue_auction(BALANCED, EUCHRE, dealer, 0, [], deals, upcard)
    assert final(cont, PASS, EUCHRE, upcard) == (1, "call Hearts")
    # the same from round 2, the analysed seat to bid after four passes
    cont = continue_auction(BALANCED, EUCHRE, dealer, 0, [PASS] * 4, deals, upcard)
    assert final(cont, PASS, EUCHRE, upcard) == (1, "call Hearts")
    assert final(cont, "call Clubs alone", EUCHRE, upcard) == (0, "call Clubs alone")
    assert Contract("call", 3) not in cont.options  # the turned-down suit


def test_classic_throw_in_and_stick_the_dealer():
    deals = table(EUCHRE, ALL_PASS_DEAL)
    upcard, dealer = parse_card("AS"), 3
    cont = continue_auction(NEVER, EUCHRE, dealer, 0, [], deals, upcard)
    assert final(cont, PASS, EUCHRE, upcard) is None  # eight passes
    stick = Variant.parse("euchre(stick_the_dealer=true)")
    # the stuck dealer's P(make): Clubs 0.34, Diamonds 0.80, Hearts 0.71 (Spades turned down)
    cont = continue_auction(NEVER, stick, dealer, 0, [], deals, upcard)
    assert final(cont, PASS, stick, upcard) == (3, "call Diamonds")
    # the analysed seat is the stuck dealer: it may not pass
    cont = continue_auction(NEVER, stick, dealer, 3, [PASS] * 7, deals, upcard)
    assert PASS not in cont.options and final(cont, "call Hearts", stick, upcard) == (3, "call Hearts")


def test_bad_continuation_questions_are_one_line_errors():
    deals = table(PIGS, PIGS_DEAL)
    with pytest.raises(RulesError, match="leaves seat 1 to bid, not seat 3"):
        continue_auction(BALANCED, PIGS, 5, 2, [], deals)
    with pytest.raises(RulesError, match="bids must rise above the high bid 4 Clubs"):
        continue_auction(
            BALANCED, PIGS, 5, 1, [parse_bid("4 Clubs", PIGS)], deals, options=[parse_bid("3 Hearts", PIGS)]
        )
    with pytest.raises(RulesError, match=r"deals of shape \(1, 4\)"):
        continue_auction(BALANCED, PIGS, 5, 0, [], deals[:, :4])


# ------------------------------------------------------------------ pinned against the games' auction

VARIANTS = [
    "pigs-and-hogs",
    "six-handed",
    "six-handed(all_pass=stick)",
    "euchre",
    "euchre(stick_the_dealer=true,no_trump=true)",
    "piq(stick_the_dealer=true)",
]
MIXED = TableModel((BUILT_INS["score-aware"], BUILT_INS["aggressive"]), "score-aware / aggressive")
# passes often, so that throw-ins and stuck dealers happen too
TIMID = TableModel(
    (Strategy("timid", 0.97, 0.99, 0.99, 0.99, order_up_threshold=0.8, call_threshold=0.8),) * 2, "timid"
)


def scripted(bids, wish):
    """A ``wish_for`` that makes ``bids`` first (in order), then asks the model."""
    made = []

    def wish_for(seat, round_one, context):
        made.append(seat)
        if len(made) <= len(bids):
            bid = bids[len(made) - 1]
            return None if bid == PASS else bid
        return wish(seat, round_one, context)

    return wish_for


def random_prefix(variant, dealer, seat_turns, rng, upcard):
    """A legal auction of ``seat_turns`` bids (passes mostly, so later seats can still bid)."""
    bids = []
    state = legal_bids(variant, dealer, [], upcard)
    while len(bids) < seat_turns:
        choices = list(state.legal) if rng.random() < 0.3 and not variant.classic else []
        bid = choices[int(rng.integers(len(choices)))] if choices else PASS
        if bid != PASS and state.legal and variant.rank(bid) >= 8:
            bid = PASS  # keep the auction open to overcalls
        bids.append(bid)
        state = state.bid(bid)
    return bids


def shifting(players: int) -> TableModel:
    """A table whose thresholds differ by auction position, move with a partner's or an
    opponent's high bid and its suit and follow the score through match equity: every
    one of the wish's inputs matters."""
    first = Strategy(
        "shifting",
        level_threshold=(0.45, 0.5, 0.55, 0.6, 0.7, 0.8)[:players],
        order_up_threshold=(0.7, 0.45, 0.6, 0.5)[:players] if players == 4 else 0.6,
        call_threshold=(0.5, 0.65, 0.55, 0.4)[:players] if players == 4 else 0.6,
        partner_bid_shift=0.3,
        opponent_bid_shift=-0.15,
        partner_suit_shift=-0.2,
        opponent_suit_shift=0.25,
        equity_weight=1.0,
    )
    return TableModel((first, BUILT_INS["aggressive"]), "shifting / aggressive")


@pytest.mark.parametrize("model", [MIXED, TIMID, NEVER, "shifting"], ids=str)
@pytest.mark.parametrize("variant_text", VARIANTS)
def test_continuation_equals_the_per_deal_auction_on_random_deals(variant_text, model):
    variant = Variant.parse(variant_text)
    n = variant.players
    model = shifting(n) if model == "shifting" else model
    rng = np.random.default_rng(23)
    checked = 0
    for config in range(4):
        dealer = int(rng.integers(n))
        turns = (2 * n if variant.classic else n) - 1
        index = int(rng.integers(turns + 1)) if config else 0
        upcard = int(rng.integers(24)) if variant.classic else None
        bids = random_prefix(variant, dealer, index, rng, upcard)
        state = legal_bids(variant, dealer, bids, upcard)
        seat = state.seat_to_bid
        own, _, _ = deal_tables(variant, 100 + config, 0, 1)
        up = 0 if upcard is None else 1 << (2 * upcard)
        if own[0, seat] & up:
            own[0, seat] = 0  # the upcard is in the analysed hand: deal that hand too
        known = {seat: int(own[0, seat])} if own[0, seat] else {}
        count = 500
        deals = deal_unseen(variant, known, up, seed=config + 1, count=count)
        scores = rng.integers(0, variant.target, size=(count, 2))
        options = ((PASS,) if state.can_pass() else ()) + state.legal
        if len(options) > 8:  # bid euchre: a pass, two options of one rank and a few more
            picks = rng.choice(np.arange(1, len(options)), size=5, replace=False)
            options = (options[0], *(options[i] for i in sorted(picks)))
            same_rank = [c for c in state.legal if variant.rank(c) == variant.rank(options[1])]
            options += tuple(c for c in same_rank[:2] if c not in options)
        cont = continue_auction(model, variant, dealer, seat, bids, deals, upcard, scores, options)
        upcards = np.full(count, -1 if upcard is None else upcard)
        wish_for, estimate_of = decide_bids(
            variant, model.teams, deals, upcards, np.full(count, dealer), scores
        )
        for i in range(count):
            for o, option in enumerate(options):
                _, result = run_auction(
                    variant, dealer, upcard, scripted(bids + [option], wish_for(i)), estimate_of(i)
                )
                assert cont.final(o, i) == result, (variant_text, bids, option, i)
                checked += 1
    assert checked >= 4 * 500 * 2


# --------------------------------------------------------------------------- inference


@pytest.mark.parametrize("shifts", [False, True], ids=["mixed", "shifting"])
@pytest.mark.parametrize("variant_text", VARIANTS)
def test_inference_keeps_exactly_the_deals_a_brute_force_check_keeps(variant_text, shifts):
    variant = Variant.parse(variant_text)
    n = variant.players
    model = shifting(n) if shifts else MIXED
    count = 2000
    upcard = parse_card("9H") if variant.classic else None
    up = 0 if upcard is None else 1 << (2 * upcard)
    deals = deal_unseen(variant, {}, up, seed=4, count=count)
    dealer = 2
    scores = np.zeros((count, 2), np.int64)
    wish_for, estimate_of = decide_bids(
        variant, model.teams, deals, np.full(count, upcard or -1), np.full(count, dealer), scores
    )
    auctions = [run_auction(variant, dealer, upcard, wish_for(i), estimate_of(i))[0] for i in range(count)]
    # prefixes the model makes on some deals, the first one (often a pass) and a longer one
    prefixes = {auctions[0][:1], auctions[1][:3], auctions[2][: n - 1], auctions[3][:2], ()}
    for prefix in prefixes:
        kept = consistent(model, variant, dealer, list(prefix), deals, upcard, scores)
        brute = np.array([auction[: len(prefix)] == prefix for auction in auctions])
        assert (kept == brute).all(), prefix
        assert kept.any()


def hearts(hands: np.ndarray) -> np.ndarray:
    """Hearts held (both copies count) in each face-space hand."""
    mask = sum(3 << (2 * face) for face in range(12, 18))
    return np.array([bin(int(h) & mask).count("1") for h in hands])


def test_partners_bid_changes_the_deals():
    variant = Variant.parse("pigs-and-hogs")
    mine = faces_to_mask(parse_cards("9C TC QC KD AD 9S TS QS"))
    bids = [parse_bid("5 Hearts", variant), PASS]  # seat 1 (the analysed seat 3's partner), then seat 2

    def deal(first, count):
        return deal_unseen(variant, {2: mine}, seed=9, first_index=first, count=count)

    uniform = deal(0, 2000)
    inferred = sample_consistent(BALANCED, variant, 5, bids, deal, 1000)
    assert inferred.deals.shape == (1000, 6) and (inferred.deals[:, 2] == mine).all()
    assert hearts(inferred.deals[:, 0]).mean() > hearts(uniform[:, 0]).mean() + 1.5
    assert 0.05 < inferred.acceptance < 0.5


def test_sampler_is_a_pure_function_of_the_seed_whatever_the_batch():
    variant = Variant.parse("pigs-and-hogs")
    mine = faces_to_mask(parse_cards("JH JH AH KH 9C TC QS AD"))
    bids = [parse_bid("4 Spades", variant), PASS]

    def deal(first, count, seed=3):
        return deal_unseen(variant, {2: mine}, seed=seed, first_index=first, count=count)

    one = sample_consistent(BALANCED, variant, 5, bids, deal, 300, batch=4096)
    two = sample_consistent(BALANCED, variant, 5, bids, deal, 300, batch=333)
    assert (one.deals == two.deals).all() and (one.indexes == two.indexes).all()
    assert one.dealt == two.dealt and one.next_index == one.dealt and one.acceptance == 300 / one.dealt
    assert consistent(BALANCED, variant, 5, bids, one.deals).all()
    other = sample_consistent(BALANCED, variant, 5, bids, lambda f, c: deal(f, c, seed=4), 300)
    assert not (other.indexes[:50] == one.indexes[:50]).all()
    more = sample_consistent(BALANCED, variant, 5, bids, deal, 100, first_index=one.next_index)
    assert more.indexes[0] > one.indexes[-1]
    capped = sample_consistent(BALANCED, variant, 5, bids, deal, 10**6, cap=1000)
    assert capped.dealt == 1000 and capped.deals.shape[0] == round(capped.acceptance * 1000) < 1000


def test_a_bid_the_model_never_makes_is_a_one_line_error():
    variant = Variant.parse("pigs-and-hogs")

    def deal(first, count):
        return deal_unseen(variant, {}, seed=1, first_index=first, count=count)

    # every hand clears 0.65 for some level, so seat 1 never passes under 'balanced'
    with pytest.raises(RulesError) as error:
        sample_consistent(BALANCED, variant, 5, [PASS], deal, 100)
    assert str(error.value) == (
        "the table model (balanced) never bids 'pass' from seat 1 as the first bid in 20,000 deals: "
        "no deal explains the auction; use soft inference (the deals likeliest to bid so), another "
        "table model or no inference"
    )
    bids = [parse_bid("4 Clubs", variant), parse_bid("Hog Clubs", variant)]
    never = (
        r"^the table model \(balanced\) never bids 'Hog Clubs' from seat 2 after '4 Clubs' in 5,000 deals: "
    )
    with pytest.raises(RulesError, match=never + r"[^\n]+$"):
        sample_consistent(BALANCED, variant, 5, bids, deal, 100, cap=5000)


def test_the_analysed_seats_own_earlier_bid_is_not_evidence():
    variant = Variant.parse("euchre")
    upcard = parse_card("9H")
    mine = faces_to_mask(parse_cards("JH JD AH KH QS", copies=1))  # the model would order up
    deals = deal_unseen(variant, {0: mine}, 1 << (2 * upcard), seed=2, count=1000)
    bids = [PASS] * 4  # dealer seat 4: seat 1 (index 0) passed round 1 anyway and is to bid in round 2
    assert not consistent(BALANCED, variant, 3, bids, deals, upcard).any()
    kept = consistent(BALANCED, variant, 3, bids, deals, upcard, analysed=0)
    first = seat_bids(
        variant, BALANCED.teams, deals, np.full(1000, upcard), np.full(1000, 3), np.zeros((1000, 2))
    ).wishes(round_one=True)
    assert (kept == (first[:, 1:] == -1).all(axis=1)).all() and 0 < kept.sum() < 1000


@pytest.mark.parametrize("model", [TIMID, "shifting"], ids=str)
@pytest.mark.parametrize("variant_text", VARIANTS)
def test_soft_weights_become_the_exact_inference_as_the_scale_goes_to_zero(variant_text, model):
    variant = Variant.parse(variant_text)
    n, count, dealer = variant.players, 2000, 1
    model = shifting(n) if model == "shifting" else model
    upcard = parse_card("JD") if variant.classic else None
    deals = deal_unseen(variant, {}, 0 if upcard is None else 1 << (2 * upcard), seed=6, count=count)
    scores = np.zeros((count, 2), np.int64)
    upcards = np.full(count, -1 if upcard is None else upcard)
    wish_for, estimate_of = decide_bids(variant, model.teams, deals, upcards, np.full(count, dealer), scores)
    auctions = [run_auction(variant, dealer, upcard, wish_for(i), estimate_of(i))[0] for i in range(count)]
    for prefix in {auctions[0][: n - 1], auctions[5][:2], auctions[7][: 2 * n - 1], auctions[9][:1]}:
        exact = consistent(model, variant, dealer, list(prefix), deals, upcard)
        soft = soft_weights(model, variant, dealer, list(prefix), deals, upcard, scale=1e-9)
        assert ((soft > 0.5) == exact).all(), prefix
        wide = soft_weights(model, variant, dealer, list(prefix), deals, upcard)
        assert (wide >= 0).all() and (wide <= 1).all()
        assert effective_sample_size(wide) >= exact.sum() * 0.5


def test_effective_sample_size():
    assert effective_sample_size([1, 1, 1, 1]) == 4.0
    assert effective_sample_size([1, 0, 0, 0]) == 1.0
    assert effective_sample_size([0.5, 0.5]) == 2.0 and effective_sample_size([0, 0]) == 0.0


def test_a_pass_the_model_never_makes_is_found_and_can_go_unheard():
    variant = Variant.parse("pigs-and-hogs")

    def deal(first, count):
        return deal_unseen(variant, {}, seed=1, first_index=first, count=count)

    # seats 1 and 2 never pass first under any built-in table; seat 4's pass after a bid,
    # and the analysed seat's own pass, are not asked about
    bids = [PASS, PASS, parse_bid("4 Clubs", variant), PASS]
    assert unheard_passes(BALANCED, variant, 5, bids, deal) == (0, 1)
    assert unheard_passes(BALANCED, variant, 5, bids, deal, analysed=1) == (0,)
    kept = sample_consistent(BALANCED, variant, 5, bids, deal, 50, unheard=(0, 1), cap=200_000)
    assert kept.deals.shape[0] == 50
    # the deals kept are exactly those the other seats explain, seats 1 and 2 untested
    dealt = deal(0, kept.dealt)
    fits = consistent(BALANCED, variant, 5, bids, dealt, unheard=(0, 1))
    assert (np.flatnonzero(fits) == kept.indexes).all()
    # in classic every seat may pass: nothing goes unheard
    euchre = Variant.parse("euchre")
    upcard = parse_card("9H")

    def classic(first, count):
        return deal_unseen(euchre, {}, 1 << (2 * upcard), seed=1, first_index=first, count=count)

    assert unheard_passes(BALANCED, euchre, 3, [PASS, PASS, PASS], classic, upcard) == ()
