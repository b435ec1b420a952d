"""Batch studies (simulate.study.run): dealing statistics, rows, resume, workers and backends."""

import json
import math

import numba
import numpy as np
import pandas as pd
import pytest

from euchre_mc.simulate.bidding.features import hand_features
from euchre_mc.simulate.dealing.deal import deal_tables
from euchre_mc.simulate.play.playout import play_deals
from euchre_mc.simulate.rules.cards import faces_to_mask, format_card, parse_cards
from euchre_mc.simulate.rules.variants import RulesError
from euchre_mc.simulate.study.run import (
    StudyError,
    hand_text,
    lone_discards,
    make_params,
    run_study,
    schema_columns,
    study_chunk,
)
from euchre_mc.simulate.study.store import finished_chunks, read_params, read_rows

JIT_DISABLED = bool(numba.config.DISABLE_JIT)
PH_DEALS = 40 if JIT_DISABLED else 120
EU_DEALS = 60 if JIT_DISABLED else 200


def deal_cards(variant, seed: int, deals: range):
    """The hands and upcards of the study's deals (``deal_tables`` without the kitty)."""
    hands, _, upcards = deal_tables(variant, seed, deals.start, len(deals))
    return hands, upcards


def within(observed: float, expected: float, n: int, sigmas: float = 4.5) -> bool:
    """Is a proportion from ``n`` trials within ``sigmas`` standard errors of ``expected``?"""
    return abs(observed - expected) <= sigmas * math.sqrt(expected * (1 - expected) / n)


# --------------------------------------------------------------------------- dealing statistics


def test_both_right_bowers_of_a_suit_in_one_pigs_and_hogs_hand(samples):
    deals = samples(20_000)
    hands, _ = deal_cards("pigs-and-hogs", 7, range(0, deals))
    features = hand_features(hands.ravel(), range(4))
    both = np.concatenate([features[f"right_{code}"] == 2 for code in "cdhs"])
    expected = math.comb(46, 6) / math.comb(48, 8)  # both copies of the jack among the 8 cards
    assert within(both.mean(), expected, both.size)


def test_a_euchre_seat_holds_a_given_right_bower_five_times_in_24(samples):
    deals = samples(20_000)
    hands, upcards = deal_cards("euchre", 11, range(0, deals))
    features = hand_features(hands.ravel(), range(4))
    held = np.concatenate([features[f"right_{code}"] == 1 for code in "cdhs"])
    assert within(held.mean(), 5 / 24, held.size)
    # the upcard is a uniform card: it is a jack one time in six
    assert within(np.mean(upcards % 6 == 2), 1 / 6, upcards.size)


def test_partner_holds_the_other_copy_of_a_card_i_hold(samples):
    # Pigs and hogs: given seat 1 holds exactly one AS, the other copy is among the 40
    # cards of the other five seats; seat 3 (a partner) holds 8 of them.
    hands, _ = deal_cards("pigs-and-hogs", 3, range(0, samples(20_000)))
    ace = faces_to_mask(parse_cards("AS"))
    both = ace | ace << 1
    one_copy = np.array([bin(int(h) & both).count("1") == 1 for h in hands[:, 0]])
    partner_has = (hands[one_copy, 2] & np.uint64(both)) != 0
    assert within(partner_has.mean(), 8 / 40, partner_has.size)


def test_deal_of_a_chunk_is_the_same_deal_wherever_it_is_dealt():
    whole, _ = deal_cards("pigs-and-hogs", 5, range(0, 30))
    part, _ = deal_cards("pigs-and-hogs", 5, range(10, 30))
    assert np.array_equal(whole[10:], part)


def test_classic_deal_uses_every_card_once():
    hands, upcards = deal_cards("euchre", 2, range(0, 50))
    for deal, upcard in zip(hands, upcards):
        held = [int(h) for h in deal]
        assert sum(h.bit_count() for h in held) == 20
        assert int(np.bitwise_or.reduce(deal)).bit_count() == 20
        assert not int(np.bitwise_or.reduce(deal)) >> (2 * int(upcard)) & 1


# --------------------------------------------------------------------------- rows


@pytest.fixture(scope="module")
def ph_rows(tmp_path_factory):
    out = tmp_path_factory.mktemp("ph") / "study"
    run_study("pigs-and-hogs", PH_DEALS, 4, out, chunk_size=PH_DEALS // 3)
    return out, read_rows(out)


@pytest.fixture(scope="module")
def euchre_rows(tmp_path_factory):
    out = tmp_path_factory.mktemp("eu") / "study"
    run_study("euchre", EU_DEALS, 9, out, chunk_size=EU_DEALS // 4)
    return out, read_rows(out)


def test_rows_have_exactly_the_documented_columns(ph_rows, euchre_rows):
    for out, rows in (ph_rows, euchre_rows):
        params = read_params(out)
        assert list(rows.columns) == [name for name, _, _ in schema_columns(params.variant)]
        schema = (out / "schema.md").read_text()
        assert all(f"`{name}`" in schema for name in rows.columns)


def test_every_seat_of_every_deal_is_one_row(ph_rows, euchre_rows):
    for (out, rows), seats in ((ph_rows, 6), (euchre_rows, 4)):
        params = read_params(out)
        assert len(rows) == params.hands * seats
        assert rows.groupby("deal")["seat"].apply(list).map(lambda s: s == list(range(1, seats + 1))).all()  # noqa: B023 (called in this iteration)


def test_pigs_and_hogs_tricks_are_in_range_and_hog_never_beats_the_whole_team(ph_rows):
    _, rows = ph_rows
    for code in ("c", "d", "h", "s", "high", "low"):
        for kind in ("tricks", "hog", "pig"):
            assert rows[f"{kind}_{code}"].between(0, 8).all()
        discards = rows[f"pig_discard_{code}"].str.split()
        assert (discards.map(len) == 2).all()
        held = [set(d) <= set(h.split()) for d, h in zip(discards, rows["hand"])]
        assert all(held)


def test_lone_discards_keep_the_trumps_of_a_trump_rich_hand():
    # void-first: keep trumps and side aces, empty a side suit: the two spades go
    hand = faces_to_mask(parse_cards("JH JH JD AH KH QH 9S TS"))
    (discard,) = lone_discards(np.array([hand], np.uint64), 2)
    assert sorted(format_card(f) for f in range(24) if int(discard) >> (2 * f) & 3) == ["9S", "TS"]


def test_six_seat_studies_default_to_heuristic_play_and_classic_to_dd():
    assert make_params("pigs-and-hogs", 1, 1).play == "heuristic"
    assert make_params("six-handed", 1, 1).play == "heuristic"
    assert make_params("euchre", 1, 1).play == "dd"


def test_classic_trumps_count_the_upcard_for_the_dealer_only(euchre_rows):
    _, rows = euchre_rows
    suit_code = rows["upcard"].str[-1].str.lower()
    own = np.array([row[f"trumps_{code}"] for code, (_, row) in zip(suit_code, rows.iterrows())])
    assert np.array_equal(rows["trumps"], own + (rows["position"] == 4))


def test_classic_net_points_follow_the_scoring_table(euchre_rows):
    _, rows = euchre_rows
    order = np.where(rows["tricks_order"] < 3, -2, np.where(rows["tricks_order"] == 5, 2, 1))
    alone = np.where(rows["tricks_alone"] < 3, -2, np.where(rows["tricks_alone"] == 5, 4, 1))
    assert np.array_equal(rows["ev_order"], order) and np.array_equal(rows["ev_alone"], alone)


def test_one_dd_solve_serves_every_maker_of_a_side(euchre_rows):
    # the rows solve each denomination once and give the other side the rest of the
    # tricks; solving for each maker on its own gives the same counts
    out, rows = euchre_rows
    params = read_params(out)
    deals = params.chunk_deals(0)
    hands, _ = deal_cards(params.variant, params.seed, deals)
    first = rows[rows["deal"].isin(deals)]
    for maker in range(4):
        seat_rows = first[first["seat"] == maker + 1]
        for denom, code in enumerate("cdhs"):
            stored = seat_rows[f"tricks_call_{code}"].to_numpy()
            solved = play_deals(hands, denom, maker, 0, 0b1111, model="dd")
            callable_ = ~pd.isna(stored)
            assert np.array_equal(stored[callable_].astype(np.int8), solved[callable_])


def test_round_two_calls_exclude_the_upcard_suit(euchre_rows):
    _, rows = euchre_rows
    for code in "cdhs":
        own_suit = rows["upcard"].str[-1].str.lower() == code
        assert rows.loc[own_suit, f"tricks_call_{code}"].isna().all()
        assert rows.loc[~own_suit, f"tricks_call_{code}"].notna().all()
    assert (rows["best_call"].str[0].str.lower() != rows["upcard"].str[-1].str.lower()).all()


def test_classic_dealer_holds_a_mean_trump_count_of_one_plus_30_over_23(euchre_rows):
    # 7 trumps (left bower included), the upcard among them; 6 more among 23 unseen cards
    _, rows = euchre_rows
    dealer = rows[rows["position"] == 4]["trumps"]
    others = rows[rows["position"] != 4]["trumps"]
    sd = math.sqrt(5 * 6 / 23 * 17 / 23 * 18 / 22)
    assert abs(dealer.mean() - (1 + 30 / 23)) < 4.5 * sd / math.sqrt(len(dealer))
    assert abs(others.mean() - 30 / 23) < 4.5 * sd / math.sqrt(len(others))


# --------------------------------------------------------------------------- identity, resume, workers


def test_chunk_rows_do_not_depend_on_the_other_chunks(ph_rows):
    out, rows = ph_rows
    params = read_params(out)
    again = study_chunk(params, 1).reset_index(drop=True)
    expected = rows[rows["deal"].isin(params.chunk_deals(1))].reset_index(drop=True)
    pd.testing.assert_frame_equal(again, expected)


def test_resume_after_an_interruption_gives_identical_rows(ph_rows, tmp_path, monkeypatch):
    out, rows = ph_rows
    params = read_params(out)
    import euchre_mc.simulate.study.run as study

    written = []
    real_write = study.write_chunk

    def interrupted_write(where, chunk, parquet):
        if len(written) == 1:
            # a killed writer leaves its temporary file behind
            (where / "rows" / f".part-{chunk:06d}.parquet.999.tmp").write_bytes(b"partial")
            raise KeyboardInterrupt
        written.append(chunk)
        return real_write(where, chunk, parquet)

    monkeypatch.setattr(study, "write_chunk", interrupted_write)
    target = tmp_path / "again"
    with pytest.raises(KeyboardInterrupt):
        run_study(params.variant, params.hands, params.seed, target, chunk_size=params.chunk_size)
    assert finished_chunks(target) == set(written) and len(written) == 1
    monkeypatch.setattr(study, "write_chunk", real_write)
    run_study(params.variant, params.hands, params.seed, target, chunk_size=params.chunk_size, resume=True)
    pd.testing.assert_frame_equal(read_rows(target), rows)
    assert not list((target / "rows").glob(".*tmp"))


def test_resume_refuses_different_parameters(ph_rows):
    out, _ = ph_rows
    params = read_params(out)
    with pytest.raises(StudyError, match=r"--resume with different parameters: chunk_size 7 \(stored"):
        run_study(params.variant, params.hands, params.seed, out, chunk_size=7, resume=True)
    with pytest.raises(StudyError, match="seed 5"):
        run_study(params.variant, params.hands, 5, out, chunk_size=params.chunk_size, resume=True)


def test_a_new_study_refuses_a_used_directory(ph_rows):
    out, _ = ph_rows
    with pytest.raises(StudyError, match="not empty"):
        run_study("pigs-and-hogs", 3, 1, out)


def test_stored_parameters_are_the_study_identity(ph_rows):
    out, _ = ph_rows
    stored = json.loads((out / "study.json").read_text())
    assert stored == {
        "variant": "pigs-and-hogs(target=50)",
        "hands": PH_DEALS,
        "seed": 4,
        "play": "heuristic",
        "chunk_size": PH_DEALS // 3,
        "schema": 3,
    }


def test_two_workers_give_the_rows_of_one(euchre_rows, tmp_path):
    out, rows = euchre_rows
    params = read_params(out)
    run_study(
        params.variant, params.hands, params.seed, tmp_path / "two", chunk_size=params.chunk_size, workers=2
    )
    pd.testing.assert_frame_equal(read_rows(tmp_path / "two"), rows)


def test_dask_local_cluster_gives_the_rows_of_the_local_run(euchre_rows, tmp_path):
    out, rows = euchre_rows
    params = read_params(out)
    run_study(
        params.variant,
        params.hands,
        params.seed,
        tmp_path / "dask",
        chunk_size=params.chunk_size,
        workers=2,
        backend="dask",
    )
    pd.testing.assert_frame_equal(read_rows(tmp_path / "dask"), rows)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"hands": 0}, "--hands 0"),
        ({"chunk_size": 0}, "--chunk-size 0"),
        ({"play": "random"}, "play model 'random'"),
    ],
)
def test_bad_study_parameters_are_named(kwargs, message):
    settings = {"variant": "euchre", "hands": 10, "seed": 1} | kwargs
    with pytest.raises(StudyError, match=message):
        make_params(**settings)


def test_a_bad_study_seed_gets_the_one_seed_check():
    with pytest.raises(RulesError, match="seed -1: seeds are whole numbers from 0 to"):
        make_params("euchre", 10, -1)


def test_unknown_variant_is_a_rules_error():
    with pytest.raises(RulesError, match="unknown variant"):
        make_params("bridge", 10, 1)


def test_hand_text_writes_hands_as_format_cards_does():
    texts = ["JH JH JD AH KH QH 9S AC", "9C 9C TD TD AS AS KS QS"]
    masks = np.array([faces_to_mask(parse_cards(text)) for text in texts], np.uint64)
    assert list(hand_text(masks)) == ["AC JD JH JH QH KH AH 9S", "9C 9C TD TD QS KS AS AS"]


@pytest.mark.parametrize(
    "variant,charts",
    [
        ("six-handed", ["lone_p_make.png", "lone_p_make_by_run.png", "net_by_level.png", "strategy.png"]),
        ("piq", ["order_up_value.png", "round2_call_value.png", "strategy.png"]),
        ("euchre(no_trump=true)", ["order_up_value.png", "round2_call_value.png", "strategy.png"]),
    ],
)
def test_every_variant_studies_and_charts(tmp_path, variant, charts):
    from euchre_mc.reports.study_charts import build_study_reports

    out = tmp_path / "study"
    run_study(variant, 8, 2, out, chunk_size=4)
    rows = read_rows(out)
    assert list(rows.columns) == [name for name, _, _ in schema_columns(variant)]
    index = build_study_reports(out)
    assert sorted(p.name for p in (out / "charts").iterdir()) == charts
    assert all(f"charts/{name}" in index.read_text() for name in charts)


def test_study_rows_hold_both_right_bowers_as_often_as_combinatorics_says(ph_rows):
    _, rows = ph_rows
    both = np.concatenate([rows[f"right_{code}"].to_numpy() == 2 for code in "cdhs"])
    assert within(both.mean(), math.comb(46, 6) / math.comb(48, 8), both.size)


# --------------------------------------------------------------------------- sweep contracts under dd


@pytest.fixture(scope="module")
def lone_dd_rows(tmp_path_factory):
    out = tmp_path_factory.mktemp("lone") / "study"
    run_study("pigs-and-hogs", 6, 3, out, contracts="lone", chunk_size=3)
    return out, read_rows(out)


def test_a_sweep_contract_study_defaults_to_dd_and_plays_no_level_contract(lone_dd_rows):
    out, rows = lone_dd_rows
    params = read_params(out)
    assert (params.play, params.contracts, params.levels) == ("dd", "lone", False)
    assert make_params("six-handed", 1, 1, contracts="lone").chunk_size == 100
    assert list(rows.columns) == [name for name, _, _ in schema_columns(params.variant, levels=False)]
    assert not any(name.startswith("tricks_") for name in rows.columns)
    assert "hog_h" in rows.columns and "pig_discard_h" in rows.columns
    assert json.loads((out / "study.json").read_text())["contracts"] == "lone"
    assert "Sweep contracts only" in (out / "schema.md").read_text()


def test_sweep_first_dd_rows_are_the_exact_trick_counts(lone_dd_rows):
    # the target question first, exact counts of the failures: the same numbers as
    # counting every deal exactly
    from euchre_mc.simulate.rules.contracts import Contract
    from euchre_mc.simulate.rules.exchange import apply_exchange, sitting_out_mask
    from euchre_mc.simulate.rules.variants import HOG, PIG
    from euchre_mc.simulate.study.run import cards_in_play

    _, rows = lone_dd_rows
    hands, _ = deal_cards("pigs-and-hogs", 3, range(6))
    for denom, code in ((2, "h"), (4, "high"), (5, "low")):
        for bidder in range(6):
            active = sitting_out_mask("pigs-and-hogs", Contract(HOG, denom, 8), bidder)
            hog = play_deals(cards_in_play(hands, active), denom, bidder, bidder, active, model="dd")
            discards = lone_discards(hands[:, bidder], denom)
            exchanged = apply_exchange(hands, denom, bidder, discards)
            pig_active = sitting_out_mask("pigs-and-hogs", Contract(PIG, denom, 8), bidder)
            pig = play_deals(
                cards_in_play(exchanged, pig_active), denom, bidder, bidder, pig_active, model="dd"
            )
            seat_rows = rows[rows["seat"] == bidder + 1]
            assert list(seat_rows[f"hog_{code}"]) == list(hog)
            assert list(seat_rows[f"pig_{code}"]) == list(pig)


def test_a_sweep_contract_study_of_a_classic_game_is_refused():
    with pytest.raises(StudyError, match="--contracts lone: euchre has no sweep contracts"):
        make_params("euchre", 10, 1, contracts="lone")
    with pytest.raises(StudyError, match="--contracts 'some'"):
        make_params("pigs-and-hogs", 10, 1, contracts="some")


def test_resuming_a_sweep_contract_study_as_a_full_one_is_refused(lone_dd_rows):
    out, _ = lone_dd_rows
    params = read_params(out)
    with pytest.raises(StudyError, match=r"different parameters: .*contracts 'all' \(stored 'lone'\)"):
        run_study(params.variant, params.hands, params.seed, out, play="dd", chunk_size=3, resume=True)
