"""The ``games`` and ``tune`` commands: output, reproducible JSON, traces and bad input."""

import json

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_games_reports_win_rates_with_intervals_and_contract_counts():
    result = run(
        "games",
        "--variant",
        "piq",
        "--team-a",
        "cautious",
        "--team-b",
        "aggressive",
        "--games",
        "40",
        "--seed",
        "3",
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "piq(target=10,stick_the_dealer=false): 40 games, seed 3, heuristic play"
    assert lines[3].split()[:4] == ["A", "1", "3", "cautious"] and lines[4].split()[:4] == [
        "B",
        "2",
        "4",
        "aggressive",
    ]
    assert "hands per game" in result.stdout and "order up alone" in result.stdout


def test_games_json_is_byte_identical_for_the_same_seed_and_holds_no_timings():
    args = ("games", "--variant", "pigs-and-hogs(target=20)", "--games", "12", "--seed", "8", "--json")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    summary = json.loads(first.stdout)
    assert summary["games"] == 12 and summary["variant"] == "pigs-and-hogs(target=20)"
    teams = summary["teams"]
    assert teams[0]["wins"] + teams[1]["wins"] == 12
    assert all(t["ci_low"] <= t["win_rate"] <= t["ci_high"] for t in teams)
    assert {row["kind"] for row in summary["contracts"]} == {"level", "pig", "hog"}
    assert "time" not in first.stdout and "second" not in first.stdout


def test_different_seeds_give_different_games():
    outputs = [
        run("games", "--variant", "euchre", "--games", "30", "--seed", seed, "--json").stdout
        for seed in ("1", "2")
    ]
    assert outputs[0] != outputs[1]


def test_trace_prints_one_game_hand_by_hand():
    result = run("games", "--variant", "euchre(stick_the_dealer=true)", "--seed", "4", "--trace", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("=== hand ") >= 2
    assert "auction" in result.stdout and "trick 1" in result.stdout and "scores    A " in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("team ")


def test_trace_json_lists_the_hands_and_the_winner():
    result = run("games", "--variant", "six-handed", "--seed", "4", "--trace", "0", "--json")
    data = json.loads(result.stdout)
    assert data["winner"] in ("A", "B") and data["hands"][0]["hand"] == 1
    assert max(data["scores"].values()) >= 50


def test_tune_reports_each_value_and_draws_the_chart(tmp_path):
    chart = tmp_path / "hog.png"
    result = run(
        "tune",
        "--variant",
        "pigs-and-hogs(target=20)",
        "--param",
        "hog_threshold",
        "--values",
        "0.5,0.9",
        "--against",
        "cautious",
        "--games",
        "8",
        "--seed",
        "2",
        "--out",
        str(chart),
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [row["value"] for row in data["rows"]] == [0.5, 0.9]
    assert data["settings"]["param"] == "hog_threshold" and data["settings"]["against"] == "cautious"
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tune_text_table_has_one_line_per_value():
    result = run(
        "tune",
        "--variant",
        "euchre",
        "--param",
        "order_up_threshold",
        "--values",
        "0.4,0.6,0.8",
        "--games",
        "20",
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["order_up_threshold", "wins"])
    rows = [line.split()[0] for line in lines[header + 1 :]]
    assert rows == ["0.4", "0.6", "0.8"]
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize(
    "args,message",
    [
        (("games", "--team-a", "reckless"), "unknown strategy 'reckless'"),
        (("games", "--games", "0"), "--games 0: allowed is a whole number from 1"),
        (("games", "--workers", "0"), "--workers 0: allowed"),
        (("games", "--variant", "bridge"), "unknown variant 'bridge'"),
        (("games", "--trace", "-1"), "game index -1"),
        (("games", "--seed", "-5"), "seed -5"),
        (("tune", "--param", "hog", "--values", "0.5"), "unknown strategy parameter 'hog'"),
        (("tune", "--param", "hog_threshold", "--values", "high"), "hog_threshold='high'"),
        (("tune", "--param", "hog_threshold", "--values", "1.5"), "hog_threshold=1.5"),
        (("tune", "--param", "hog_threshold", "--values", ","), "--values ','"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_bad_play_model_is_refused():
    result = run("games", "--play", "random")
    assert result.exit_code == 2 and "'random' is not one of 'heuristic', 'dd'" in result.output


@pytest.mark.parametrize("command", ["games", "tune"])
def test_help_has_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "Example:" in result.output
