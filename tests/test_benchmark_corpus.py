"""The solver-corpus tool of benchmarks/ (capture, replay, questions, kinds), on a small analysis.

RESULTS.md's node counts and per-question costs come from it, so its figures must be the
solver's own: a replay gives the recorded answers and nodes back, and each yes/no question
asked on its own says yes exactly on the deals whose exact count reaches its target, and
the known-value figure adds up the two questions that prove each deal's count.
"""

import pytest

from benchmarks import solver_corpus

HAND = "9C TC QD KS AS JH 9H TD"  # the analyser benchmark's slowest hand: its Hogs fail


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("corpus") / "small.npz"
    solver_corpus.capture(HAND, 6, str(path))
    return str(path)


def test_replay_gives_the_recorded_answers_and_nodes(corpus, capsys):
    solver_corpus.replay(corpus)
    out = capsys.readouterr().out
    assert "(1.0000 of the recording's" in out
    assert "answers differing 0;" in out


def test_each_question_says_yes_where_the_exact_count_reaches_it(corpus):
    costs = solver_corpus.question_costs(corpus)
    for seats in ("four", "six"):
        calls = solver_corpus._exact_rows(corpus, seats)
        assert calls
        for place, (call, rows) in enumerate(calls):
            tricks = call["tricks"][rows]
            asked = [row for row in costs if (row["seats"], row["call"]) == (seats, place) and row["target"]]
            assert len(asked) == int(call["n_tricks"])
            for row in asked:
                assert row["yes"] == int((tricks >= row["target"]).sum()), row
                assert row["nodes_yes_at_value"] <= row["nodes_yes"]
                assert row["nodes_no_above_value"] <= row["nodes_no"]
            key = (seats, place, 0)
            (counted,) = [row for row in costs if (row["seats"], row["call"], row["target"]) == key]
            proofs = sum(row["nodes_yes_at_value"] + row["nodes_no_above_value"] for row in asked)
            assert counted["nodes_known_value"] == proofs > 0


def test_kinds_split_the_whole_recording(corpus):
    rows = solver_corpus.kind_costs(corpus)
    calls = solver_corpus._calls(corpus)
    assert {(row["question"], row["seats"]) for row in rows} == {
        ("exact", "four"),
        ("exact", "six"),
        ("yes/no", "four"),
    }
    assert sum(row["solves"] for row in rows) == sum(call["deals"].shape[0] for call in calls)
    assert sum(row["nodes"] for row in rows) == sum(int(call["nodes"].sum()) for call in calls)
    (six,) = [row for row in rows if row["seats"] == "six"]
    assert six["solves"] == 6 * 6  # six denominations of level contracts on each of the 6 deals
