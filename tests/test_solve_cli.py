"""The ``solve`` command: one deal as text or JSON, JSON-lines batches, bad input."""

import json

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

EUCHRE_DEAL = "JH JD AH 9C 9S / TC JC QC KC AC / TS JS QS KS AS / 9D TD QD KD AD"
EUCHRE_LINE = {
    "variant": "euchre",
    "hands": [h.strip() for h in EUCHRE_DEAL.split("/")],
    "trump": "Hearts",
    "declarer": 1,
    "leader": 1,
}
# Pigs and Hogs, last two tricks: seat 1 plays alone (seats 3 and 5 sit out) with both
# top trumps.
HOG_ENDGAME = {
    "hands": ["JH AH", "9S TS", "", "QS KS", "", "9D TD"],
    "trump": "Hearts",
    "declarer": 1,
    "sitting_out": [3, 5],
}


def run(*args, stdin=None):
    return CliRunner().invoke(main, ["solve", *args], input=stdin)


def test_solve_prints_tricks_and_the_value_of_each_lead():
    result = run(
        "--variant", "euchre", "--deal", EUCHRE_DEAL, "--trump", "Hearts", "--declarer", "1", "--leader", "1"
    )
    assert result.exit_code == 0
    assert result.output == (
        # the variant wraps between its options, to fit 80 columns
        "euchre(target=10, stick_the_dealer=false, no_trump=false, farmers_hand=false,\n"
        "  ace_no_face=false)  Hearts  declarer seat 1, seat 1 leads\n"
        "declarer's side (seats 1, 3) takes 5 of 5 tricks\n"
        # Leading the 9C lets seat 2's AC win, and the clubs that follow cost nothing more.
        "leads of seat 1: 9C 4  JD 5  JH 5  AH 5  9S 5\n"
    )


def test_solve_json_counts_the_declarer_side_when_an_opponent_leads():
    result = run(
        "--variant",
        "euchre",
        "--deal",
        EUCHRE_DEAL,
        "--trump",
        "Hearts",
        "--declarer",
        "1",
        "--leader",
        "2",
        "--json",
    )
    assert result.exit_code == 0
    # Seat 2 leads clubs: AC wins one trick before the declarer's side ruffs.
    assert result.output == '{"tricks": 4, "leads": {"TC": 4, "JC": 4, "QC": 4, "KC": 4, "AC": 4}}\n'


def test_solve_no_leads_and_sitting_out_seats():
    deal = " / ".join(HOG_ENDGAME["hands"])
    result = run(
        "--deal", deal, "--trump", "Hearts", "--declarer", "1", "--sitting-out", "3,5", "--json", "--no-leads"
    )
    assert result.exit_code == 0
    assert result.output == '{"tricks": 2}\n'


def test_leader_sitting_out_passes_the_lead_left():
    deal = " / ".join(HOG_ENDGAME["hands"])
    result = run(
        "--deal", deal, "--trump", "Hearts", "--declarer", "1", "--leader", "3", "--sitting-out", "3,5"
    )
    assert result.exit_code == 0
    assert result.output.splitlines()[0].endswith("declarer seat 1, seat 4 leads")
    assert result.output.splitlines()[2] == "leads of seat 4: QS 2  KS 2"


def test_batch_answers_every_line_in_order_and_reports_bad_lines():
    lines = [
        json.dumps(EUCHRE_LINE),
        '{"hands": [',
        "",
        json.dumps(HOG_ENDGAME),
        json.dumps(
            {**EUCHRE_LINE, "hands": ["JH JD AH 9C 9S", "JH JC QC KC AC", "TS JS QS KS AS", "9D TD QD KD AD"]}
        ),
    ]
    result = run("--batch", "-", "--json", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 2
    assert result.stdout == (
        '{"tricks": 5, "leads": {"9C": 4, "JD": 5, "JH": 5, "AH": 5, "9S": 5}}\n'
        '{"error": "line 2: not valid JSON (Expecting value at column 12)"}\n'
        '{"tricks": 2, "leads": {"JH": 2, "AH": 2}}\n'
        '{"error": "line 5: JH is dealt 2 times (seats 1, 2): the euchre deck has each card once"}\n'
    )
    assert result.stderr == (
        "line 2: not valid JSON (Expecting value at column 12)\n"
        "line 5: JH is dealt 2 times (seats 1, 2): the euchre deck has each card once\n"
    )


def test_nodes_flag_prints_positions_searched():
    result = run(
        "--variant", "euchre", "--deal", EUCHRE_DEAL, "--trump", "Hearts", "--declarer", "1", "--nodes"
    )
    assert result.exit_code == 0
    last = result.output.splitlines()[-1]
    assert last.startswith("positions searched: ") and int(last.split(": ")[1]) > 0
    result = run("--batch", "-", "--json", "--no-leads", "--nodes", stdin=json.dumps(EUCHRE_LINE) + "\n")
    line = json.loads(result.output)
    assert list(line) == ["tricks", "nodes"] and line["tricks"] == 5 and line["nodes"] > 0


def test_batch_no_leads_reads_a_file(tmp_path):
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(EUCHRE_LINE) + "\n" + json.dumps({**EUCHRE_LINE, "leader": 2}) + "\n")
    result = run("--batch", str(path), "--json", "--no-leads")
    assert result.exit_code == 0
    assert result.output == '{"tricks": 5}\n{"tricks": 4}\n'


@pytest.mark.parametrize(
    "change,message",
    [
        ({"hands": ["JH", "9S", "TS"]}, "3 hands given: euchre has 4 seats, give one hand per seat"),
        (
            {"hands": ["JH JH", "9S", "TS", "QS"]},
            "JH is dealt 2 times (seats 1, 1): the euchre deck has each card once",
        ),
        (
            {"hands": ["JH AH", "9S", "TS KS", "QS AS"]},
            "seat 2 holds 1 cards, seat 1 2: every seat that plays needs the same number",
        ),
        (
            {
                "hands": ["9C TC JC QC KC AC"]
                + ["9D TD JD QD KD AD"]
                + ["9H TH JH QH KH AH"]
                + ["9S TS JS QS KS AS"]
            },
            "hands of 6 cards: a euchre hand has 1 to 5",
        ),
        ({"sitting_out": [3]}, "seat 3 sits out but holds 5 cards: its hand must be empty"),
        ({"declarer": 5}, "declarer 5: seats are 1 to 4"),
        ({"trump": "Purple"}, "unknown denomination 'Purple'"),
        ({"variant": "rook"}, "unknown variant 'rook'"),
        ({"colour": "red"}, "unknown key 'colour'"),
    ],
)
def test_bad_batch_line_names_the_problem(change, message):
    result = run("--batch", "-", "--json", stdin=json.dumps({**EUCHRE_LINE, **change}) + "\n")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"line 1: {message}")
    assert len(result.stderr.splitlines()) == 1


def test_third_copy_in_a_double_deck_is_rejected():
    hands = ["JH JH", "JH 9S", "", "QS KS", "", "9D TD"]
    result = run("--deal", " / ".join(hands), "--trump", "Hearts", "--declarer", "1", "--sitting-out", "3,5")
    assert result.exit_code == 2
    assert result.output.strip().endswith(
        "JH is dealt 3 times (seats 1, 1, 2): the pigs-and-hogs deck has each card 2 times"
    )
    assert "Traceback" not in result.output


def test_third_copy_in_one_hand_is_rejected():
    hands = ["JH JH JH 9S", "9D TD QD KD", "", "QS KS AS TS", "", "9C TC QC KC"]
    result = run("--deal", " / ".join(hands), "--trump", "Hearts", "--declarer", "1", "--sitting-out", "3,5")
    assert result.exit_code == 2
    assert result.output.strip().endswith(
        "JH is dealt 3 times (seats 1, 1, 1): the pigs-and-hogs deck has each card 2 times"
    )


def test_deal_and_batch_together_is_a_usage_error():
    result = run("--batch", "-", "--deal", EUCHRE_DEAL, stdin="")
    assert result.exit_code == 2
    assert "give --deal or --batch, not both" in result.output


def test_solve_help_has_an_example():
    result = run("--help")
    assert result.exit_code == 0
    assert "Example:\n    euchre-mc solve --variant euchre" in result.output
