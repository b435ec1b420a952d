"""Study summaries (reports.study_summary) against small studies worked out by hand."""

import numpy as np
import pandas as pd
import pytest

from euchre_mc.reports.study_summary import (
    MIN_HANDS,
    bid_summaries,
    classic_summaries,
    markdown_table,
    profitable_from,
)
from euchre_mc.simulate.bidding.features import DENOM_CODES, hand_features
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.study.run import make_params


def bid_rows(
    hands: list[str], hog_hearts: list[int], pig_hearts: list[int], tricks_hearts: list[int]
) -> pd.DataFrame:
    """Pigs-and-hogs rows for literal hands; results outside Hearts are 0 tricks."""
    masks = np.array([faces_to_mask(parse_cards(text)) for text in hands], np.uint64)
    frame = pd.DataFrame(hand_features(masks))
    for code in DENOM_CODES:
        for kind in ("tricks", "hog", "pig"):
            frame[f"{kind}_{code}"] = np.zeros(len(hands), np.int8)
    frame["hog_h"], frame["pig_h"], frame["tricks_h"] = hog_hearts, pig_hearts, tricks_hearts
    return frame


EIGHT_HEARTS = "JH JH JD JD AH AH KH KH"  # Hearts: 8 trumps, 4 bowers
SIX_HEARTS = "JH JD AH KH QH 9H 9S AC"  # Hearts: 6 trumps, 2 bowers


def test_hog_p_make_and_net_by_trumps_and_bowers():
    rows = bid_rows(
        [EIGHT_HEARTS, EIGHT_HEARTS, SIX_HEARTS],
        hog_hearts=[8, 6, 3],
        pig_hearts=[8, 8, 8],
        tricks_hearts=[8, 8, 5],
    )
    tables = bid_summaries(rows, make_params("pigs-and-hogs", 1, 1))
    hog = tables["lone_by_trumps_bowers"].set_index(["contract", "trumps", "bowers"])
    eight = hog.loc[("Hog", 8, 4)]
    # one sweep (+24) and one failure with 6 tricks: -24 for the bidders, +2 for the defenders
    assert (eight["hands"], eight["made"]) == (2, 1)
    assert eight["p_make"] == 0.5 and eight["mean_net"] == pytest.approx((24 - 26) / 2)
    assert eight["ci_low"] < 0.5 < eight["ci_high"]
    six = hog.loc[("Hog", 6, 2)]
    assert (six["hands"], six["p_make"], six["mean_net"]) == (1, 0.0, -24 - 5)


def test_pig_rows_are_summarised_apart_from_hog():
    rows = bid_rows([EIGHT_HEARTS, SIX_HEARTS], hog_hearts=[0, 0], pig_hearts=[8, 8], tricks_hearts=[8, 8])
    lone = bid_summaries(rows, make_params("pigs-and-hogs", 1, 1))["lone_by_trumps_bowers"]
    pig = lone[(lone["contract"] == "Pig") & (lone["trumps"] >= 6)]
    assert list(pig["p_make"]) == [1.0, 1.0] and list(pig["mean_net"]) == [12.0, 12.0]


def test_level_bids_score_tricks_when_made_and_lose_the_bid_when_set():
    rows = bid_rows([EIGHT_HEARTS, SIX_HEARTS], hog_hearts=[0, 0], pig_hearts=[0, 0], tricks_hearts=[8, 5])
    levels = bid_summaries(rows, make_params("pigs-and-hogs", 1, 1))["bids_by_strength"]
    suits = levels[levels["denomination"] == "trump suit"].set_index(["strength", "contract"])
    # 21+ points: EIGHT_HEARTS with Hearts (28, 8 tricks: +8) and with Diamonds (JD JD JH JH
    # trumps, side AH AH KH KH: 28, 0 tricks: -6 for the bidders, +8 for the defenders)
    six = suits.loc[("21+", "6")]
    assert (six["hands"], six["p_make"], six["mean_net"]) == (2, 0.5, (8 - 14) / 2)
    # 18-20 points: SIX_HEARTS with Hearts (19, 5 tricks: -6 and +3) and Diamonds (18, 0 tricks)
    six = suits.loc[("18-20", "6")]
    assert (six["hands"], six["p_make"], six["mean_net"]) == (2, 0.0, (-9 - 14) / 2)
    five = suits.loc[("18-20", "5")]
    assert (five["hands"], five["p_make"], five["mean_net"]) == (2, 0.5, (5 - 13) / 2)


def classic_rows() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "position": [1, 1, 1, 1, 4],
            "trumps": [2, 2, 2, 2, 3],
            "tricks_order": [3, 4, 1, 5, 5],
            "ev_order": [1, 1, -2, 2, 2],
            "tricks_alone": [2, 3, 0, 5, 5],
            "ev_alone": [-2, 1, -2, 4, 4],
            "call_trumps": [2, 2, 3, 3, 3],
            "tricks_call": [3, 2, 5, 5, 1],
            "ev_call": [1, -2, 2, 2, -2],
            "tricks_call_alone": [3, 2, 5, 4, 1],
            "ev_call_alone": [1, -2, 4, 1, -2],
        }
    )


def test_classic_order_up_value_by_position_and_trumps():
    tables = classic_summaries(classic_rows(), make_params("euchre", 1, 1))
    order = tables["order_by_position_trumps"].set_index(["position", "trumps"])
    two = order.loc[(1, 2)]
    assert (two["hands"], two["made"], two["mean_net"]) == (4, 3, 0.5)
    assert (two["marches"], two["p_march"]) == (1, 0.25)
    # alone from position 1 with two trumps: one march (+4), one 3-trick make (+1), two euchres
    assert (two["made_alone"], two["marches_alone"], two["mean_net_alone"]) == (2, 1, (-2 + 1 - 2 + 4) / 4)
    sd = np.std([1, 1, -2, 2], ddof=1)
    assert two["net_ci_high"] - two["net_ci_low"] == pytest.approx(2 * 1.959963984540054 * sd / 2)


def test_classic_best_call_value_by_position_and_call_trumps():
    call = classic_summaries(classic_rows(), make_params("euchre", 1, 1))["call_by_position_trumps"]
    three = call.set_index(["position", "call_trumps"]).loc[(1, 3)]
    assert (three["hands"], three["made"], three["mean_net"]) == (2, 2, 2.0)
    # alone: a march (+4) and a 4-trick make (+1)
    assert (three["made_alone"], three["marches_alone"], three["mean_net_alone"]) == (2, 1, 2.5)


def threshold_table(means, hands=None):
    return pd.DataFrame({"trumps": [3, 4, 5, 6], "mean_net": means, "hands": hands or [MIN_HANDS] * 4})


def test_profitable_from_needs_every_higher_bucket_above_zero():
    assert profitable_from(threshold_table([-1.0, 2.0, -0.5, 3.0]), "trumps") == 6
    assert profitable_from(threshold_table([-1.0, 2.0, 0.5, 3.0]), "trumps") == 4


def test_profitable_from_ignores_thin_buckets_and_says_never():
    assert (
        profitable_from(
            threshold_table([-1.0, 2.0, -0.5, 3.0], [MIN_HANDS, MIN_HANDS, 1, MIN_HANDS]), "trumps"
        )
        == 4
    )
    assert np.isnan(profitable_from(threshold_table([-1.0, -2.0, -0.5, -3.0]), "trumps"))


def test_markdown_table_rounds_and_blanks_missing():
    text = markdown_table(pd.DataFrame({"a": [1, 2], "p": [0.12345, np.nan]}))
    assert text.splitlines() == ["| a | p |", "|---|---|", "| 1 | 0.123 |", "| 2 |  |"]


def test_a_small_studys_thresholds_explain_every_blank(tmp_path):
    from euchre_mc.reports.study_summary import write_summaries
    from euchre_mc.simulate.study.run import run_study
    from euchre_mc.simulate.study.store import read_params, read_rows

    out = tmp_path / "study"
    run_study("pigs-and-hogs", 40, 2, out, play="heuristic", chunk_size=20)
    write_summaries(out, read_rows(out), read_params(out))
    thresholds = pd.read_csv(out / "summary" / "thresholds.csv")
    hog = thresholds[thresholds["contract"] == "Hog"]
    assert set(hog["feature"]) == {"trumps", "run", "points", "runs"}
    assert "any trumps" in set(hog["given"])
    blank = thresholds[thresholds["profitable_from"].isna()]
    assert len(blank) and blank["note"].str.contains(f"fewer than {MIN_HANDS} hands|does not pay").all()
    filled = thresholds[~thresholds["profitable_from"].isna()]
    assert filled["note"].str.contains("hands, P\\(make\\)").all()
    summary = (out / "summary" / "summary.md").read_text()
    assert "## How strong must a hand be?" in summary and "- **Hog** with a trump suit" in summary


def test_threshold_notes_give_the_sample_or_the_reason():
    from euchre_mc.reports.study_summary import threshold_row

    def table(means, hands):
        return threshold_table(means, hands).assign(p_make=0.5, net_ci_low=-1.0)

    paid = threshold_row(table([-1.0, 2.0, 1.0, 3.0], None), "trumps", contract="Hog")
    assert paid["profitable_from"] == 4 and paid["note"].startswith(f"trumps=4: {MIN_HANDS} hands")
    thin = threshold_row(table([1.0] * 4, [1, 2, 3, 4]), "trumps", contract="Hog")
    assert np.isnan(thin["profitable_from"]) and thin["note"] == (
        f"fewer than {MIN_HANDS} hands at every trumps value (most: 4)"
    )
    losing = threshold_row(table([-1.0, -2.0, 1.0, 3.0], [MIN_HANDS, MIN_HANDS, 5, 5]), "trumps")
    assert losing["note"].startswith(
        f"does not pay at the strongest trumps with {MIN_HANDS}+ hands (trumps=4"
    )
    assert losing["note"].endswith(f"higher trumps has fewer than {MIN_HANDS} hands")


def test_a_blank_classic_threshold_says_why():
    # the literal rows have 4 hands a bucket, fewer than MIN_HANDS: every threshold is
    # blank and the note says so, naming the column
    thresholds = classic_summaries(classic_rows(), make_params("euchre", 1, 1))["classic_thresholds"]
    first = thresholds.set_index("position").loc[1]
    assert np.isnan(first["order_profitable_from"])
    assert f"order_profitable_from blank: fewer than {MIN_HANDS} hands at every trump count" in first["note"]
    assert "alone_beats_order_from blank" in first["note"]
