"""What inference from the auction reports: the share kept, the
bid that rejects most deals when few are kept, and --max-deals bounding the dealing."""

from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.analysis.deal_sources import INFERENCE_PER_MAX_DEAL
from euchre_mc.simulate.bidding.inference import sample_consistent
from euchre_mc.simulate.bidding.table_model import matched_bids, table_model
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.rules.auction import parse_auction
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.rules.variants import as_variant

HAND = "JH JH JD AH KH QH 9S AC"
OPENING = "4 Clubs, pass, pass"


def test_the_rejections_are_counted_at_the_first_bid_the_model_does_not_make():
    variant = as_variant("pigs-and-hogs")
    model = table_model("balanced")
    parsed = parse_auction(OPENING, variant, 5)
    mine = faces_to_mask(parse_cards(HAND))

    def deal(first, count):
        return deal_unseen(variant, {3: mine}, seed=5, first_index=first, count=count)

    inferred = sample_consistent(model, variant, 5, parsed, deal, 50, analysed=3)
    matched = matched_bids(model, variant, 5, parsed, deal(0, inferred.dealt), analysed=3)
    assert inferred.rejected_at == tuple(int((matched == i).sum()) for i in range(len(parsed)))
    assert sum(inferred.rejected_at) + inferred.deals.shape[0] == inferred.dealt
    index, share = inferred.most_rejecting()
    assert index == 0 and share == inferred.rejected_at[0] / inferred.dealt


def test_a_low_acceptance_names_the_bid_that_rejects_most_deals():
    result = analyse_hand(
        "pigs-and-hogs", HAND, seat=3, auction=OPENING, contracts="Hog Hearts", deals=100, play="heuristic"
    )
    table = result.table
    assert table.acceptance < 0.10
    assert table.rejected_by == "seat 1's '4 Clubs'" and 0.5 < table.rejected_share < 1
    out = CliRunner().invoke(
        main,
        ["analyse", "--hand", HAND, "--seat", "4", "--auction", OPENING, "--contracts", "Hog Hearts"]
        + ["--deals", "100", "--play", "heuristic"],
    )
    assert out.exit_code == 0, out.output
    assert "low acceptance: seat 1's '4 Clubs' rejects" in out.stdout
    # a high acceptance says nothing of it
    classic = analyse_hand(
        "euchre", "JH JD AH 9C TS", upcard="9H", seat=3, auction="pass, pass, pass", deals=50
    )
    assert classic.table.acceptance > 0.10 and classic.table.rejected_by is None


def test_max_deals_bounds_the_deals_dealt_for_inference():
    result = analyse_hand(
        "pigs-and-hogs",
        "JS JS JC AS KS QS QS AD",
        seat=2,
        auction="5 Spades, pass",
        contracts="Hog Spades",
        deals=100,
        max_deals=200,
        play="heuristic",
    )
    assert result.table.dealt <= INFERENCE_PER_MAX_DEAL * 200
    assert result.settings.deals < 100  # fewer kept than asked: the analysis uses those


def test_a_first_seat_pass_is_not_heard_by_the_deals_or_pimc_s_worlds():
    # the fitted six-handed table bids from the first seat with any hand
    from euchre_mc.simulate.analysis.layouts import _auction_check, layout_of
    from euchre_mc.simulate.analysis.question import make_question
    from euchre_mc.simulate.rules.contracts import parse_bid

    asked = dict(seat=1, dealer=5, auction="pass", contracts=["5 Hearts"], play="pimc", worlds=4)
    result = analyse_hand("six-handed", HAND, deals=20, **asked)
    assert result.table.unheard == (0,) and result.table.acceptance == 1.0
    assert result.table.to_dict()["unheard_passes"] == [1]
    question = make_question("six-handed", HAND, **asked)
    layout = layout_of(question, parse_bid("5 Hearts", question.variant))
    assert _auction_check(question, layout).bids.shape[0] == 0  # the worlds test no bid either
    soft = analyse_hand("six-handed", HAND, deals=20, inference="soft", **{**asked, "play": "dd"})
    assert soft.table.unheard == () and soft.table.soft_reference < 1e-3  # soft hears it


def test_an_auction_no_deal_explains_exactly_is_heard_softly_and_the_report_says_why():
    # the fitted six-handed table nearly always raises a 3-level opening: after
    # '3 Hearts, pass, pass' no deal has seat 5 pass, so exact inference finds none
    asked = dict(
        seat=0,
        dealer=0,
        auction="3 Hearts, pass, pass, pass, pass",
        contracts="4 Spades",
        deals=20,
        max_deals=20_000,
        play="heuristic",
    )
    hand = "JH JD AH KH QC 9S AC TD"
    result = analyse_hand("six-handed", hand, **asked)
    reason = (
        "the table model (fitted) never bids 'pass' from seat 5 after '3 Hearts, pass, pass' in 160,000 deals"
    )
    assert result.table.inference == "soft" and result.table.unexplained == reason
    assert result.table.to_dict()["exact_unexplained"] == reason
    assert result.settings.deals >= 1
    soft = analyse_hand("six-handed", hand, inference="soft", **asked)
    assert soft.table.unexplained is None and soft.estimate("4 Spades") == result.estimate("4 Spades")
    out = CliRunner().invoke(
        main,
        ["analyse", "--variant", "six-handed", "--hand", hand, "--seat", "1", "--dealer", "1"]
        + ["--auction", asked["auction"], "--contracts", "4 Spades", "--deals", "20", "--max-deals", "20000"]
        + ["--play", "heuristic"],
    )
    assert out.exit_code == 0, out.output
    assert "no deal explains the auction exactly (the table model (fitted) never bids" in " ".join(
        out.output.split()
    )
    out = CliRunner().invoke(
        main,
        [
            "should-i-bid",
            "4 Spades",
            "--variant",
            "six-handed",
            "--hand",
            hand,
            "--seat",
            "1",
            "--dealer",
            "1",
        ]
        + ["--auction", asked["auction"], "--deals", "20", "--max-deals", "20000", "--play", "heuristic"],
    )
    assert out.exit_code == 0, out.output
    assert "soft inference (no deal explains the auction exactly: the table model" in " ".join(
        out.output.split()
    )
