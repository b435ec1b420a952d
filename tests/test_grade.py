"""grade: a played hand is read and checked (text and JSON alike), every decision of the
graded seats is valued as best-card would value it then, a card thrown away that the
hand needed costs points, forced cards cost nothing, and the command's errors are one
line with exit status 2."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.advice.grade import grade_hand, read_played_hand
from euchre_mc.simulate.rules.variants import RulesError

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "played-euchre.txt"
PIGS = EXAMPLE.with_name("played-pigs.txt")


def test_the_text_and_json_forms_read_alike():
    text = EXAMPLE.read_text()
    as_json = json.dumps(
        {
            "variant": "euchre",
            "dealer": 4,
            "upcard": "9H",
            "auction": "order up",
            "hands": {
                "1": "JH JD AH KS 9C",
                "2": "QS TS 9S KC QC",
                "3": "AS JS AC TC JC",
                "4": "9H TH QH KD AD",
            },
            "discards": {"4": "9D"},
            "tricks": [
                "1: JH 9S TC 9H",
                "1: JD TS AC TH",
                "1: AH QS JC QH",
                "1: KS KC AS KD",
                "3: JS AD 9C QC",
            ],
        }
    )
    played = read_played_hand(text)
    assert played == read_played_hand(as_json)
    assert played.bidder == 0 and played.dealer == 3 and str(played.contract).startswith("order up")


def test_a_classic_contract_and_bidder_imply_the_auction():
    text = EXAMPLE.read_text().replace("auction: order up", "contract: order up\nbidder: 1")
    played = read_played_hand(text)
    assert played == read_played_hand(EXAMPLE.read_text())
    assert played.auction == "order up"
    third = EXAMPLE.read_text().replace("auction: order up", "contract: order up\nbidder: 3")
    assert read_played_hand(third).auction == "pass, pass, order up"


def test_a_bid_euchre_contract_and_bidder_are_heard_without_the_auction():
    text = PIGS.read_text().replace(
        "auction: 5 Clubs, pass, pass, pass, pass, pass", "contract: 5 Clubs\nbidder: 1"
    )
    played = read_played_hand(text)
    assert played.auction == ""  # the bids before the bidder's would not be known
    implied = grade_hand(played, seats=[4], worlds=20, first=1)
    assert "explain the contract's bid and the passes after it under the fitted table" in implied.conditioning
    # seat 1 bid first: the contract says every bid, and the grades are those of the auction
    given = grade_hand(read_played_hand(PIGS.read_text()), seats=[4], worlds=20, first=1)
    assert implied.decisions == given.decisions


def test_a_thrown_away_winner_costs_points_and_forced_cards_cost_nothing():
    grade = grade_hand(read_played_hand(EXAMPLE.read_text()), seats=[3], worlds=60, first=1)
    by_trick = {decision.trick: decision for decision in grade.decisions}
    # trick 2: partner's left bower leads, seat 3 has no trump and throws its ace of
    # clubs, a sure winner later, instead of the jack of clubs
    thrown = by_trick[2]
    assert (thrown.played, thrown.advice) == ("AC", "JC")
    assert not thrown.equal_to_best and thrown.cost > thrown.cost_half_width > 0
    assert by_trick[5].forced and by_trick[5].cost == 0
    assert grade.total_cost == pytest.approx(thrown.cost)
    assert grade == grade_hand(read_played_hand(EXAMPLE.read_text()), seats=[3], worlds=60, first=1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("hand 2: QS TS 9S KC QC", "hand 2: QS TS 9S KC AC"), "AC in hand 2 and hand 3: this deck has 1"),
        (("trick: 1: JD TS AC TH", "trick: 1: JD TS QD TH"), "seat 3 plays QD, which its hand"),
        (("auction: order up", "auction: order up\nbidder: 2"), "makes seat 1 the bidder"),
        (("dealer: 4", "dealer: 4\ntrump: Hearts"), "unknown key 'trump'"),
        (("trick: 3: JS AD 9C QC", "trick: 4: AD 9C QC JS"), "seat 3 won trick 4"),
        (("dealer: 4", "dealer: 3"), "trick 1 led by seat 1: seat 4 leads the first trick"),
        (("auction: order up", "auction: pass, pass, pass, pass, pass, pass, pass, pass"), "thrown in"),
    ],
)
def test_a_bad_record_is_one_clear_error(change, message):
    text = EXAMPLE.read_text().replace(*change)
    with pytest.raises((RulesError, ValueError), match=message):
        grade_hand(read_played_hand(text), worlds=10)


def test_the_worlds_hear_the_auction_exactly_softly_or_not_at_all():
    played = read_played_hand(EXAMPLE.read_text())
    exact = grade_hand(played, seats=[3], worlds=30, first=1)
    soft = grade_hand(played, seats=[3], worlds=30, first=1, inference="soft")
    unheard = grade_hand(played, seats=[3], worlds=30, first=1, inference="none")
    assert "explain the auction under the fitted table: 1 world kept in" in exact.conditioning
    assert (
        "explain the auction under the fitted table (soft inference: a world passes with the "
        "bids' likelihood): 1 world kept in"
    ) in soft.conditioning
    assert unheard.conditioning.endswith("; the auction is not heard (--inference none).")
    assert all(d.auction_dealt == 0 for d in unheard.decisions)
    assert soft.to_dict()["inference"] == "soft"
    with pytest.raises(RulesError, match="inference 'fuzzy': modes are exact, soft, none"):
        grade_hand(played, seats=[3], inference="fuzzy")


def test_the_command_prints_80_columns_json_and_one_line_errors(tmp_path):
    common = [str(EXAMPLE), "--seat", "3", "--worlds", "30"]
    text = CliRunner().invoke(main, ["grade", *common])
    assert text.exit_code == 0, text.output
    assert "costs" in text.output and "seat 3: 4 decisions, 1 below the best" in text.output
    assert max(len(line) for line in text.output.splitlines()) <= 80
    out = json.loads(CliRunner().invoke(main, ["grade", *common, "--json"]).output)
    assert [d["played"] for d in out["decisions"]] == ["TC", "AC", "JC", "AS", "JS"]
    bad = tmp_path / "bad.txt"
    bad.write_text(EXAMPLE.read_text().replace("variant: euchre", "variant: eucher"))
    failed = CliRunner().invoke(main, ["grade", str(bad)])
    assert failed.exit_code == 2 and len(failed.output.strip().splitlines()) == 1
    unknown_seat = CliRunner().invoke(main, ["grade", str(EXAMPLE), "--seat", "7"])
    assert unknown_seat.exit_code == 2 and "seats are 1 to 4" in unknown_seat.output
