"""The one-page strategy charts (reports.strategy_charts) and the seat names of study charts."""

import numpy as np
import pytest
from matplotlib.text import Text

from euchre_mc.reports.strategy_charts import strategy_chart
from euchre_mc.reports.study_charts import classic_values
from euchre_mc.reports.study_summary import position_name, study_summaries
from euchre_mc.simulate.study.run import run_study
from euchre_mc.simulate.study.store import read_params, read_rows


def texts(figure) -> set[str]:
    return {text.get_text() for text in figure.findobj(Text) if text.get_text()}


def words(figure) -> str:
    return " ".join(sorted(texts(figure)))


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    out = {}
    for variant, deals in (("euchre", 120), ("pigs-and-hogs", 40), ("six-handed", 20)):
        folder = tmp_path_factory.mktemp("strategy") / variant
        run_study(variant, deals, 5, folder, play="heuristic", chunk_size=deals)
        params, rows = read_params(folder), read_rows(folder)
        out[variant] = (study_summaries(rows, params), params, len(rows))
    return out


def test_seats_are_named_as_a_player_says_them():
    assert [position_name(p) for p in (1, 2, 3, 4)] == [
        "leads (left of dealer)",
        "dealer's partner",
        "right of dealer",
        "dealer",
    ]


def test_classic_strategy_chart_names_every_decision_and_seat(studies):
    tables, params, rows = studies["euchre"]
    figure = strategy_chart(tables, params, rows)
    text = words(figure)
    assert (
        "Round 1: order up, alone, or pass" in text
        and "Round 2 (upcard turned down): call, alone, or pass" in text
    )
    assert "pass" in texts(figure)
    assert any(t.startswith(("order up\n", "call\n", "alone\n")) for t in texts(figure))
    for seat in ("leads (left of dealer)", "dealer's partner", "right of dealer", "dealer"):
        assert seat in texts(figure)
    assert "position" not in text


def test_bid_euchre_strategy_chart_shows_every_bid_and_the_lone_bids(studies):
    for variant, lone in (("pigs-and-hogs", "Pig / Hog"), ("six-handed", "Alone")):
        tables, params, rows = studies[variant]
        labels = texts(strategy_chart(tables, params, rows))
        assert {"1", "8", "Bids, trump suit", "Bids, Low No Trump", f"{lone}, trump suit"} <= labels
        assert all(kind in labels for kind in lone.split(" / "))  # the bid axis names the lone bids


def test_classic_tables_and_charts_name_seats(studies):
    tables, _, _ = studies["euchre"]
    order = tables["order_by_position_trumps"]
    assert list(order.columns[:3]) == ["position", "seat", "trumps"]
    assert set(order["seat"]) <= {"leads (left of dealer)", "dealer's partner", "right of dealer", "dealer"}
    assert "seat" in tables["classic_thresholds"].columns
    figure = classic_values(tables["call_by_position_trumps"], "call_trumps", "title", "best round-2 call")
    legend = {
        t.get_text() for axis in figure.axes if axis.get_legend() for t in axis.get_legend().get_texts()
    }
    assert "pass (0 net points)" in legend
    assert not any(label.startswith("position") for label in legend)


def test_charting_reports_its_progress(tmp_path):
    from euchre_mc.reports.study_charts import build_study_reports

    out = tmp_path / "study"
    run_study("euchre", 8, 1, out, chunk_size=8)
    heard = []
    build_study_reports(out, progress=lambda done, total: heard.append((done, total)))
    assert heard[0] == (0, heard[0][1]) and heard[-1] == (heard[0][1], heard[0][1])
    assert [done for done, _ in heard] == sorted(done for done, _ in heard) and len(heard) >= 5
    assert np.all(np.diff([done for done, _ in heard]) > 0)
