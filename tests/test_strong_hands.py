"""Strong-hand studies (simulate.dealing.strong_hands, study --trumps): exact, uniform, seeded."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.reports.study_charts import build_study_reports
from euchre_mc.reports.study_summary import bid_contracts, bid_long, given_words, run_words, write_summaries
from euchre_mc.simulate.bidding.features import hand_features
from euchre_mc.simulate.dealing.constraints import suit_group
from euchre_mc.simulate.dealing.strong_hands import (
    BIDDER,
    TRUMP_SUIT,
    condition_probability,
    deal_strong,
    once_in,
    trump_cards,
)
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.rules.variants import as_variant
from euchre_mc.simulate.study.run import make_params, run_study, study_chunk
from euchre_mc.simulate.study.store import StudyError, read_params, read_rows

HEARTS = TRUMP_SUIT


def test_the_condition_probability_is_the_count_of_every_euchre_hand():
    """Every 5-card hand of the 24-card deck, counted: Hearts trumps (the jack of Diamonds a Heart)."""
    lengths = Counter(
        sum(suit_group(face, HEARTS) == HEARTS for face in hand)
        for hand in itertools.combinations(range(24), 5)
    )
    total = math.comb(24, 5)
    assert sum(lengths.values()) == total and trump_cards("euchre") == 7
    for least in range(6):
        count = sum(n for length, n in lengths.items() if length >= least)
        assert condition_probability("euchre", least) == Fraction(count, total)


def test_the_pigs_and_hogs_condition_counts_both_left_bowers():
    # 12 Hearts and two jacks of Diamonds: 14 trumps of the 48 cards
    assert trump_cards("pigs-and-hogs") == 14
    eight = Fraction(math.comb(14, 8), math.comb(48, 8))
    assert condition_probability("pigs-and-hogs", 8) == eight
    assert condition_probability("pigs-and-hogs", 7) == eight + Fraction(
        math.comb(14, 7) * 34, math.comb(48, 8)
    )
    assert condition_probability("six-handed", 0) == 1
    assert once_in(condition_probability("pigs-and-hogs", 8)) == "once in 125,657 hands"
    assert once_in(Fraction(1)) == "every hand"


@pytest.fixture(scope="module")
def strong_deals():
    return deal_strong("pigs-and-hogs", 7, seed=5, first_index=0, count=6000)


def test_every_dealt_bidder_hand_meets_the_condition_and_every_card_is_dealt_once(strong_deals):
    trumps = hand_features(strong_deals[:, BIDDER], denoms=[HEARTS])["trumps_h"]
    assert trumps.min() >= 7
    every = np.bitwise_or.reduce(strong_deals, axis=1)
    assert (every == np.uint64((1 << 48) - 1)).all()
    sizes = np.array([[int(h).bit_count() for h in deal] for deal in strong_deals[:50]])
    assert (sizes == 8).all()


def test_the_bidder_holds_8_trumps_as_often_as_the_truncated_hypergeometric_says(strong_deals):
    trumps = hand_features(strong_deals[:, BIDDER], denoms=[HEARTS])["trumps_h"]
    p = condition_probability("pigs-and-hogs", 8) / condition_probability("pigs-and-hogs", 7)
    n = len(trumps)
    expected, sd = n * float(p), math.sqrt(n * float(p) * (1 - float(p)))
    assert abs((trumps == 8).sum() - expected) < 4 * sd


def test_the_other_seats_share_the_remaining_trumps_evenly(strong_deals):
    """Given the bidder's hand the other 40 cards are dealt uniformly: each seat holds 8/40
    of the trumps the bidder does not."""
    features = [hand_features(strong_deals[:, seat], denoms=[HEARTS])["trumps_h"] for seat in range(6)]
    left = 14 - features[BIDDER].astype(float)
    for seat in range(1, 6):
        diff = features[seat] - left * 8 / 40
        assert abs(diff.mean()) < 4 * diff.std() / math.sqrt(len(diff))


def test_euchre_hands_of_4_or_more_hearts_are_dealt_uniformly():
    """The 616 five-card hands with 4+ Hearts trumps of the 24-card deck, each dealt about
    equally often: a chi-square test at a 1e-4 level."""
    deals = deal_strong("euchre", 4, seed=3, first_index=0, count=616 * 40)
    counts = Counter(int(hand) for hand in deals[:, BIDDER])
    cells = math.comb(7, 4) * 17 + math.comb(7, 5)
    assert len(counts) == cells == 616
    expected = len(deals) / cells
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    df = cells - 1
    # Wilson-Hilferty: the chi-square quantile at z = 3.72 (upper tail 1e-4)
    bound = df * (1 - 2 / (9 * df) + 3.72 * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < bound


def test_a_strong_hand_chunk_is_one_row_a_deal_for_seat_one_with_hearts_only():
    params = make_params("pigs-and-hogs", 20, 4, contracts="lone", trumps=8, chunk_size=10)
    rows = study_chunk(params, 1)
    assert list(rows["deal"]) == list(range(10, 20)) and set(rows["seat"]) == {1}
    assert (rows["trumps_h"] == 8).all()
    assert {"pig_h", "pig_discard_h", "hog_h"} <= set(rows.columns)
    assert not {"hog_s", "pig_c", "hog_high", "tricks_h"} & set(rows.columns)
    assert rows["hog_h"].between(0, 8).all() and rows["pig_h"].between(0, 8).all()


def test_same_seed_same_rows_for_any_chunk_size_and_worker_count(tmp_path):
    runs = {}
    for name, chunk, workers in (("one", 12, 1), ("small", 5, 1), ("two", 4, 2)):
        out = tmp_path / name
        run_study("six-handed", 12, 9, out, contracts="lone", trumps=6, chunk_size=chunk, workers=workers)
        runs[name] = read_rows(out)
    pd.testing.assert_frame_equal(runs["one"], runs["small"])
    pd.testing.assert_frame_equal(runs["one"], runs["two"])
    assert len(runs["one"]) == 12 and "alone_h" in runs["one"].columns


def test_the_study_identity_holds_the_condition(tmp_path):
    out = tmp_path / "study"
    run_study("pigs-and-hogs", 4, 1, out, contracts="lone", trumps=7)
    assert read_params(out).trumps == 7
    with pytest.raises(StudyError, match="trumps 6 \\(stored 7\\)"):
        run_study("pigs-and-hogs", 4, 1, out, contracts="lone", trumps=6, resume=True)
    random_deals = make_params("pigs-and-hogs", 4, 1, contracts="lone")
    assert "trumps" not in random_deals.to_dict()  # random-deal studies are stored as before


def test_a_small_strong_hand_study_fills_the_hog_threshold(tmp_path):
    out = tmp_path / "hog"
    run_study("pigs-and-hogs", 300, 1, out, contracts="lone", trumps=8)
    page = build_study_reports(out).read_text()  # every summary and chart, and the page
    tables = write_summaries(out, read_rows(out), read_params(out))
    thresholds = tables["thresholds"]
    hog = thresholds[(thresholds["contract"] == "Hog") & (thresholds["given"] == "trumps=8")].iloc[0]
    assert hog["feature"] == "run" and not np.isnan(hog["profitable_from"])
    assert hog["note"].startswith("--trumps 8 study (once in 125,657 hands): run=")
    words = run_words(int(hog["profitable_from"]))
    assert hog["answer"].startswith("Hog pays from 8 trumps with at least the top ")
    assert hog["answer"].endswith(f"({words})")
    assert "lone_no_trump_by_runs_aces" not in tables  # no trump is not played
    assert set(thresholds["denomination"]) == {"trump suit"}
    summary = (out / "summary" / "summary.md").read_text()
    assert "strong-hand study" in summary and hog["answer"] in summary
    condition = (
        "8+ trumps dealt to seat 1 (Hearts, left bower included; a hand holds that once in 125,657 hands)"
    )
    assert condition in summary and condition in page
    exact = "exact probability: 91/11,434,818 = 7.96e-06 per hand."  # the page escapes the apostrophe
    assert exact in summary and exact in page and "91/11,434,818" in (out / "schema.md").read_text()
    assert "study of strong hands (8+ trumps)" in page and "<th>in words</th>" in page
    assert hog["answer"] in page and (out / "charts" / "strategy.png").is_file()
    # eight trumps leave no side card: the "every side card an ace" row is the same hands
    no_losers = thresholds[(thresholds["contract"] == "Hog") & (thresholds["given"] == "losers=0")].iloc[0]
    assert no_losers["profitable_from"] == hog["profitable_from"]
    assert no_losers["answer"].startswith(
        "Hog with every side card an ace (or none) pays with at least the top "
    )
    assert "every side card an ace (or none): Hog with every side card" in summary


def test_side_losers_are_the_side_cards_that_are_not_aces():
    # 7 top trumps and a side ace sweep a Hog; the same with a side king need not
    hands = [
        "JH JH JD JD AH AH KH AS",  # 7 trumps, a side ace: no loser
        "JH JH JD JD AH AH KH KS",  # 7 trumps, a side king: one loser
        "JH JH JD AH KH AS AC 9S",  # 5 trumps, two side aces and a nine: one loser
        "JH JD AH 9C TC QC 9S TS",  # 3 trumps, no ace: five losers
    ]
    masks = np.array([faces_to_mask(parse_cards(hand)) for hand in hands], np.uint64)
    rows = pd.DataFrame(hand_features(masks))
    variant = as_variant("pigs-and-hogs")
    hog = next(column for column in bid_contracts(variant, levels=False) if column.label == "Hog")
    rows[f"{hog.prefix}_h"] = np.int8(8)  # the sweep taken: only the features matter here
    long = bid_long(rows, variant, hog, denoms=[2])
    assert long["losers"].tolist() == [0, 1, 1, 5]
    assert [given_words(f"losers={n}") for n in (0, 1, 2)] == [
        "every side card an ace (or none)",
        "one side card that is not an ace",
        "two side cards that are not aces",
    ]
    assert given_words("trumps=7") == "7 trumps"


def test_a_random_deal_studys_blank_hog_row_points_to_strong_hand_studies(tmp_path):
    out = tmp_path / "random"
    run_study("pigs-and-hogs", 20, 2, out, contracts="lone")
    thresholds = write_summaries(out, read_rows(out), read_params(out))["thresholds"]
    blank = thresholds[(thresholds["feature"] == "run") & thresholds["profitable_from"].isna()]
    assert len(blank) and blank["note"].str.contains("study --trumps N").any()


@pytest.mark.parametrize(
    "run, copies, words",
    [
        (4, 2, "both right bowers and both left bowers"),
        (5, 2, "both right bowers, both left bowers and one ace"),
        (1, 2, "one right bower"),
        (3, 1, "the right bower, the left bower and the ace"),
        (0, 2, "no right bower"),
    ],
)
def test_runs_read_as_a_player_says_them(run, copies, words):
    assert run_words(run, copies) == words


@pytest.mark.parametrize(
    "args, message",
    [
        (["--trumps", "9"], "Error: --trumps 9: a pigs-and-hogs hand holds 0 to 8 trumps"),
        (["--trumps", "-1"], "Error: --trumps -1: allowed is a whole number of at least 0"),
        (["--trumps", "3", "--variant", "euchre"], "Error: --trumps 3: strong-hand studies are for"),
    ],
)
def test_bad_trump_counts_are_one_line_and_status_2(tmp_path, args, message):
    result = CliRunner().invoke(main, ["study", "--hands", "2", "--out", str(tmp_path / "s"), *args])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.output


def test_a_strong_hand_study_of_every_contract_plays_the_levels_in_hearts(tmp_path):
    out = tmp_path / "all"
    run_study("pigs-and-hogs", 200, 1, out, trumps=6, play="heuristic")
    rows = read_rows(out)
    assert {"tricks_h", "pig_h", "hog_h"} <= set(rows.columns) and "tricks_s" not in rows.columns
    tables = write_summaries(out, rows, read_params(out))
    levels = tables["bids_by_strength"]
    assert set(levels["denomination"]) == {"trump suit"} and {"1", "8", "Hog"} <= set(levels["contract"])
    fewest = tables["thresholds"].query("feature == 'trumps' and profitable_from == 6")
    assert (
        len(fewest) and fewest["answer"].str.endswith("pays with 6 trumps, the fewest this study deals").all()
    )
